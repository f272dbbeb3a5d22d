package caps

import (
	"math/bits"
	"reflect"
	"testing"

	"mtld3d/core/format"
	"mtld3d/core/pixfmt"
	"mtld3d/types"
)

const (
	hal  = types.D3DDEVTYPE_HAL
	ok   = types.D3D_OK
	na   = types.D3DERR_NOTAVAILABLE
	bad  = types.D3DERR_INVALIDCALL
	xrgb = types.D3DFMT_X8R8G8B8
)

// Every answer CheckDeviceFormat accepts is creatable: the format has a
// backend mapping on every target with each capability the usage asks for.
func TestAnswersAreCreatable(t *testing.T) {
	rows := FormatRows()
	if len(rows) < 100 {
		t.Fatalf("only %d rows", len(rows))
	}
	for _, r := range rows {
		in := format.Info(r.Format)
		for _, tg := range format.Targets {
			mp := format.Map(r.Format, tg)
			pc := tg.Caps(mp.Format)
			name := r.Format.String() + "/" + r.RType.String() + " on " + tg.String()
			switch in.Class {
			case format.ClassHack, format.ClassIndex, format.ClassVertexData:
				// no texture storage: NULL and RESZ draw with no colour
				// attachment, buffers are MTLBuffers, flags are flags.
				if r.UsageOK&^(types.D3DUSAGE_RENDERTARGET|types.D3DUSAGE_DYNAMIC) != 0 {
					t.Errorf("%s: storage-less format accepts %#x", name, r.UsageOK)
				}
				continue
			}
			if !mp.Valid() || pc == 0 {
				t.Errorf("%s: accepted without a backend format (%v)", name, mp.Format)
				continue
			}
			need := func(usage uint32, what string, cond bool) {
				if r.UsageOK&usage != 0 && !cond {
					t.Errorf("%s: accepts %s but %v cannot", name, what, mp.Format)
				}
			}
			need(types.D3DUSAGE_RENDERTARGET, "RENDERTARGET", pc.Has(format.PixColor) && mp.CanReadBack())
			need(types.D3DUSAGE_DEPTHSTENCIL, "DEPTHSTENCIL", pc.Has(format.PixDepth))
			need(types.D3DUSAGE_QUERY_FILTER, "QUERY_FILTER", pc.Has(format.PixFilter))
			need(types.D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING, "blending", pc.Has(format.PixBlend))
			need(types.D3DUSAGE_QUERY_SRGBREAD, "SRGBREAD", mp.SRGBFormat != pixfmt.Invalid && tg.Caps(mp.SRGBFormat) != 0)
			need(types.D3DUSAGE_QUERY_SRGBWRITE, "SRGBWRITE", mp.SRGBFormat != pixfmt.Invalid && tg.Caps(mp.SRGBFormat).Has(format.PixColor))
			need(types.D3DUSAGE_QUERY_LEGACYBUMPMAP, "LEGACYBUMPMAP", in.Flags&format.FlagSigned != 0)
			need(types.D3DUSAGE_DMAP, "DMAP", false)
			if r.Flags&RowAutoGen != 0 && !pc.Has(format.PixFilter|format.PixColor) {
				t.Errorf("%s: generates mips in %v, which is not filterable and renderable", name, mp.Format)
			}
			if (r.RType == types.D3DRTYPE_VOLUMETEXTURE || r.RType == types.D3DRTYPE_VOLUME) &&
				(in.Class != format.ClassColor || r.UsageOK&(types.D3DUSAGE_RENDERTARGET|types.D3DUSAGE_DEPTHSTENCIL|types.D3DUSAGE_AUTOGENMIPMAP) != 0) {
				t.Errorf("%s: volume row %#x", name, r.UsageOK)
			}
		}
	}
	for _, r := range MultisampleRows() {
		for _, tg := range format.Targets {
			mp := format.Map(r.Format, tg)
			want := format.PixMSAA | format.PixResolve
			if format.Info(r.Format).IsDepth() {
				want = format.PixMSAA | format.PixDepth
			}
			if !tg.Caps(mp.Format).Has(want) {
				t.Errorf("%v on %v: multisampled but %v cannot", r.Format, tg, mp.Format)
			}
		}
	}
	for _, in := range format.Table() {
		if IsStretchSource(in.Format) {
			for _, tg := range format.Targets {
				if !format.Map(in.Format, tg).Valid() {
					t.Errorf("%v: stretch source without storage on %v", in.Format, tg)
				}
			}
		}
	}
}

// The rows are the whole truth: CheckDeviceFormat equals the documented
// table walk the guest C does, for every format, type and usage bit.
func TestRowsMatchCheckDeviceFormat(t *testing.T) {
	rows := FormatRows()
	walk := func(f types.Format, rt types.ResourceType, usage uint32) types.HRESULT {
		for _, r := range rows {
			if r.Format == f && r.RType == rt {
				if usage&CheckedUsage&^r.UsageOK != 0 || usage&r.UsageRequired != r.UsageRequired {
					return na
				}
				if r.Flags&RowSRGBWriteRT != 0 && usage&types.D3DUSAGE_QUERY_SRGBWRITE != 0 &&
					usage&types.D3DUSAGE_RENDERTARGET == 0 {
					return na
				}
				if usage&types.D3DUSAGE_AUTOGENMIPMAP != 0 && r.Flags&RowAutoGen == 0 {
					return types.D3DOK_NOAUTOGEN
				}
				return ok
			}
		}
		return na
	}
	formats := []types.Format{types.D3DFMT_UNKNOWN, 0x12345678}
	for _, in := range format.Table() {
		formats = append(formats, in.Format)
	}
	var usages []uint32
	for u := uint32(1); u != 0; u <<= 1 {
		usages = append(usages, u)
	}
	usages = append(usages, 0, types.D3DUSAGE_RENDERTARGET|types.D3DUSAGE_AUTOGENMIPMAP,
		types.D3DUSAGE_DEPTHSTENCIL|types.D3DUSAGE_QUERY_FILTER, types.D3DUSAGE_RENDERTARGET|types.D3DUSAGE_DEPTHSTENCIL,
		types.D3DUSAGE_RENDERTARGET|types.D3DUSAGE_QUERY_SRGBWRITE)
	for _, f := range formats {
		for _, rt := range rtypes {
			for _, u := range usages {
				got := CheckDeviceFormat(hal, xrgb, u, rt, f)
				if want := walk(f, rt, u); got != want {
					t.Errorf("%v %v usage %#x: %v, table walk %v", f, rt, u, got, want)
				}
			}
		}
	}
}

func TestCheckDeviceType(t *testing.T) {
	for _, c := range []struct {
		dt       types.DevType
		display  types.Format
		back     types.Format
		windowed bool
		want     types.HRESULT
	}{
		// Microsoft's CheckDeviceType documentation.
		{hal, xrgb, types.D3DFMT_A8R8G8B8, true, ok},
		{hal, xrgb, types.D3DFMT_A8R8G8B8, false, ok},
		{hal, xrgb, xrgb, false, ok},
		{hal, types.D3DFMT_A8R8G8B8, types.D3DFMT_A8R8G8B8, false, na}, // not a display format
		{hal, types.D3DFMT_A8R8G8B8, types.D3DFMT_A8R8G8B8, true, na},
		{hal, types.D3DFMT_R5G6B5, types.D3DFMT_R5G6B5, false, ok},
		{hal, xrgb, types.D3DFMT_R5G6B5, false, na}, // full screen needs a match
		{hal, xrgb, types.D3DFMT_R5G6B5, true, ok},  // windowed converts
		{hal, xrgb, types.D3DFMT_UNKNOWN, true, ok},
		{hal, xrgb, types.D3DFMT_UNKNOWN, false, na},
		{hal, types.D3DFMT_X1R5G5B5, types.D3DFMT_A1R5G5B5, false, na}, // no X1R5G5B5 modes
		{hal, types.D3DFMT_X1R5G5B5, types.D3DFMT_A1R5G5B5, true, ok},
		{hal, types.D3DFMT_A2R10G10B10, types.D3DFMT_A2R10G10B10, true, na},
		{hal, xrgb, types.D3DFMT_DXT1, true, na},
		{types.D3DDEVTYPE_REF, xrgb, xrgb, true, na},
		{0, xrgb, xrgb, true, bad},
	} {
		if got := CheckDeviceType(c.dt, c.display, c.back, c.windowed); got != c.want {
			t.Errorf("CheckDeviceType(%v, %v, %v, windowed=%v) = %v, want %v", c.dt, c.display, c.back, c.windowed, got, c.want)
		}
	}
}

func TestCheckDeviceFormat(t *testing.T) {
	const (
		rt   = types.D3DUSAGE_RENDERTARGET
		ds   = types.D3DUSAGE_DEPTHSTENCIL
		auto = types.D3DUSAGE_AUTOGENMIPMAP
		surf = types.D3DRTYPE_SURFACE
		tex  = types.D3DRTYPE_TEXTURE
		cube = types.D3DRTYPE_CUBETEXTURE
		vol  = types.D3DRTYPE_VOLUMETEXTURE
	)
	for _, c := range []struct {
		adapter types.Format
		usage   uint32
		rt      types.ResourceType
		f       types.Format
		want    types.HRESULT
	}{
		{xrgb, 0, tex, types.D3DFMT_A8R8G8B8, ok},
		{xrgb, rt, tex, types.D3DFMT_A8R8G8B8, ok},
		{xrgb, rt, cube, types.D3DFMT_A16B16G16R16F, ok},
		{xrgb, rt, vol, types.D3DFMT_A8R8G8B8, na}, // no volume render targets
		{xrgb, 0, vol, types.D3DFMT_A8R8G8B8, ok},
		{xrgb, auto, tex, types.D3DFMT_A8R8G8B8, ok},
		{xrgb, auto, tex, types.D3DFMT_DXT1, types.D3DOK_NOAUTOGEN},
		{xrgb, auto, tex, types.D3DFMT_A8, types.D3DOK_NOAUTOGEN}, // A8Unorm is not renderable
		{xrgb, auto, vol, types.D3DFMT_A8R8G8B8, na},
		{xrgb, auto, surf, types.D3DFMT_A8R8G8B8, na},
		{xrgb, types.D3DUSAGE_DYNAMIC, tex, types.D3DFMT_DXT5, ok},
		{xrgb, rt, tex, types.D3DFMT_DXT1, na},
		{xrgb, 0, vol, types.D3DFMT_DXT1, na},
		{xrgb, 0, surf, types.D3DFMT_DXT3, ok},
		{xrgb, 0, tex, types.D3DFMT_ATI2, ok},
		{xrgb, ds, surf, types.D3DFMT_D24S8, ok},
		{xrgb, ds, tex, types.D3DFMT_D24S8, ok},
		{xrgb, ds, vol, types.D3DFMT_D24S8, na},
		{xrgb, 0, surf, types.D3DFMT_D24S8, na},
		{xrgb, rt, surf, types.D3DFMT_D24S8, na},
		{xrgb, ds, surf, types.D3DFMT_A8R8G8B8, na},
		{xrgb, ds, tex, types.D3DFMT_INTZ, ok},
		{xrgb, ds, tex, types.D3DFMT_DF24, ok},
		{xrgb, ds, tex, types.D3DFMT_DF16, ok},
		{xrgb, ds, tex, types.D3DFMT_D32F_LOCKABLE, na},
		{xrgb, ds, surf, types.D3DFMT_D32F_LOCKABLE, ok},
		{xrgb, ds, surf, types.D3DFMT_S8_LOCKABLE, na},
		{xrgb, ds, tex, types.D3DFMT_RAWZ, na},
		{xrgb, rt, surf, types.D3DFMT_NULL, ok},
		{xrgb, rt, tex, types.D3DFMT_NULL, ok},
		{xrgb, 0, surf, types.D3DFMT_NULL, na},
		{xrgb, rt, surf, types.D3DFMT_RESZ, ok},
		{xrgb, rt, tex, types.D3DFMT_RESZ, na},
		{xrgb, 0, surf, types.D3DFMT_ATOC, ok},
		{xrgb, 0, surf, types.D3DFMT_INST, ok},
		{xrgb, 0, surf, types.D3DFMT_A2M1, na},
		{xrgb, 0, surf, types.D3DFMT_NVDB, na},
		{xrgb, 0, tex, types.D3DFMT_P8, ok},
		{xrgb, rt, tex, types.D3DFMT_P8, na},
		{xrgb, 0, surf, types.D3DFMT_P8, na},
		{xrgb, 0, types.D3DRTYPE_VOLUMETEXTURE, types.D3DFMT_P8, na},
		{xrgb, 0, tex, types.D3DFMT_A8P8, na},
		{xrgb, 0, surf, types.D3DFMT_YUY2, ok},
		{xrgb, 0, tex, types.D3DFMT_YUY2, na},
		{xrgb, 0, tex, types.D3DFMT_R8G8B8, ok},
		{xrgb, rt, surf, types.D3DFMT_R8G8B8, na},
		// Buffers are no resource type CheckDeviceFormat answers for
		// (Windows, as Wine's test_check_device_format records).
		{xrgb, 0, types.D3DRTYPE_VERTEXBUFFER, types.D3DFMT_VERTEXDATA, bad},
		{xrgb, types.D3DUSAGE_SOFTWAREPROCESSING, types.D3DRTYPE_VERTEXBUFFER, types.D3DFMT_VERTEXDATA, bad},
		{xrgb, 0, types.D3DRTYPE_INDEXBUFFER, types.D3DFMT_VERTEXDATA, bad},
		{xrgb, 0, types.D3DRTYPE_INDEXBUFFER, types.D3DFMT_INDEX16, bad},
		{xrgb, 0, types.D3DRTYPE_INDEXBUFFER, types.D3DFMT_INDEX32, bad},
		{xrgb, 0, types.D3DRTYPE_VERTEXBUFFER, types.D3DFMT_INDEX16, bad},
		// SRGBWRITE asks about render-target use: a surface answers it
		// only with RENDERTARGET, a texture alone too.
		{xrgb, types.D3DUSAGE_QUERY_SRGBWRITE, surf, types.D3DFMT_A8R8G8B8, na},
		{xrgb, rt | types.D3DUSAGE_QUERY_SRGBWRITE, surf, types.D3DFMT_A8R8G8B8, ok},
		{xrgb, types.D3DUSAGE_QUERY_SRGBWRITE, tex, types.D3DFMT_A8R8G8B8, ok},
		{xrgb, 0, tex, types.D3DFMT_VERTEXDATA, na},
		{xrgb, types.D3DUSAGE_DMAP, tex, types.D3DFMT_A8R8G8B8, na},
		{xrgb, types.D3DUSAGE_QUERY_SRGBREAD, tex, types.D3DFMT_A8R8G8B8, ok},
		{xrgb, types.D3DUSAGE_QUERY_SRGBREAD, tex, types.D3DFMT_DXT1, ok},
		{xrgb, types.D3DUSAGE_QUERY_SRGBREAD, tex, types.D3DFMT_R5G6B5, na},
		{xrgb, rt | types.D3DUSAGE_QUERY_SRGBWRITE, tex, xrgb, ok},
		{xrgb, types.D3DUSAGE_QUERY_SRGBWRITE, tex, types.D3DFMT_A16B16G16R16F, na},
		{xrgb, types.D3DUSAGE_QUERY_LEGACYBUMPMAP, tex, types.D3DFMT_V8U8, ok},
		{xrgb, types.D3DUSAGE_QUERY_LEGACYBUMPMAP, tex, types.D3DFMT_A8R8G8B8, na},
		{xrgb, types.D3DUSAGE_QUERY_FILTER, tex, types.D3DFMT_R32F, ok},
		{xrgb, types.D3DUSAGE_QUERY_FILTER, tex, types.D3DFMT_A16B16G16R16F, ok},
		{xrgb, types.D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING, tex, types.D3DFMT_A16B16G16R16F, ok},
		{xrgb, types.D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING, tex, types.D3DFMT_R32F, na},
		{xrgb, types.D3DUSAGE_QUERY_VERTEXTEXTURE, tex, types.D3DFMT_R32F, ok},
		{xrgb, types.D3DUSAGE_QUERY_WRAPANDMIP, vol, types.D3DFMT_L8, ok},
		{xrgb, 0, surf, types.D3DFMT_UNKNOWN, na},
		{types.D3DFMT_UNKNOWN, 0, surf, types.D3DFMT_A8R8G8B8, bad}, // Wine's d3d9
		{types.D3DFMT_A8R8G8B8, 0, surf, types.D3DFMT_A8R8G8B8, na}, // not an adapter format
		{types.D3DFMT_R5G6B5, 0, tex, types.D3DFMT_A8R8G8B8, ok},
		{xrgb, 0, 0, types.D3DFMT_A8R8G8B8, bad},
		{xrgb, 0, 8, types.D3DFMT_A8R8G8B8, bad},
	} {
		if got := CheckDeviceFormat(hal, c.adapter, c.usage, c.rt, c.f); got != c.want {
			t.Errorf("CheckDeviceFormat(%v, %#x, %v, %v) = %v, want %v", c.adapter, c.usage, c.rt, c.f, got, c.want)
		}
	}
	// An UNKNOWN adapter format is refused before the device type.
	for _, dt := range []types.DevType{types.D3DDEVTYPE_REF, types.D3DDEVTYPE_SW} {
		if got := CheckDeviceFormat(dt, types.D3DFMT_UNKNOWN, 0, types.D3DRTYPE_SURFACE, types.D3DFMT_A8R8G8B8); got != bad {
			t.Errorf("%v device, UNKNOWN adapter format: %v, want %v", dt, got, bad)
		}
	}
	if got := CheckDeviceFormat(types.D3DDEVTYPE_REF, xrgb, 0, types.D3DRTYPE_TEXTURE, types.D3DFMT_A8R8G8B8); got != na {
		t.Errorf("REF device: %v", got)
	}
}

func TestCheckDeviceMultiSampleType(t *testing.T) {
	for _, c := range []struct {
		f      types.Format
		ms     types.MultisampleType
		want   types.HRESULT
		levels uint32
	}{
		{types.D3DFMT_A8R8G8B8, types.D3DMULTISAMPLE_4_SAMPLES, ok, 1},
		{xrgb, types.D3DMULTISAMPLE_2_SAMPLES, ok, 1},
		{xrgb, types.D3DMULTISAMPLE_8_SAMPLES, ok, 1},
		{xrgb, types.D3DMULTISAMPLE_NONMASKABLE, ok, NonmaskableLevels},
		{xrgb, types.D3DMULTISAMPLE_NONE, ok, 1},
		{xrgb, types.D3DMULTISAMPLE_3_SAMPLES, na, 1},
		{xrgb, types.D3DMULTISAMPLE_16_SAMPLES, na, 1},
		{xrgb, 17, bad, 1},
		{types.D3DFMT_R5G6B5, types.D3DMULTISAMPLE_4_SAMPLES, ok, 1},
		{types.D3DFMT_A16B16G16R16F, types.D3DMULTISAMPLE_4_SAMPLES, ok, 1},
		{types.D3DFMT_A32B32G32R32F, types.D3DMULTISAMPLE_4_SAMPLES, na, 1}, // Apple GPUs cannot resolve it
		{types.D3DFMT_D24S8, types.D3DMULTISAMPLE_8_SAMPLES, ok, 1},
		{types.D3DFMT_D16, types.D3DMULTISAMPLE_2_SAMPLES, ok, 1},
		{types.D3DFMT_D16_LOCKABLE, types.D3DMULTISAMPLE_2_SAMPLES, na, 1},
		{types.D3DFMT_D32F_LOCKABLE, types.D3DMULTISAMPLE_2_SAMPLES, na, 1},
		{types.D3DFMT_DXT1, types.D3DMULTISAMPLE_4_SAMPLES, na, 1},
		{types.D3DFMT_UNKNOWN, types.D3DMULTISAMPLE_4_SAMPLES, bad, 1},
		// NONE: any format value but UNKNOWN (Windows, in Wine's
		// test_checkdevicemultisampletype).
		{types.D3DFMT_UNKNOWN, types.D3DMULTISAMPLE_NONE, bad, 1},
		{65536, types.D3DMULTISAMPLE_NONE, ok, 1},
		{types.D3DFMT_DXT1, types.D3DMULTISAMPLE_NONE, ok, 1},
	} {
		got, levels := CheckDeviceMultiSampleType(hal, c.f, true, c.ms)
		if got != c.want || levels != c.levels {
			t.Errorf("CheckDeviceMultiSampleType(%v, %v) = %v, %d; want %v, %d", c.f, c.ms, got, levels, c.want, c.levels)
		}
	}
	only4 := func(n int) bool { return n == 4 }
	all := func(n int) bool { return n == 2 || n == 4 || n == 8 }
	for _, c := range []struct {
		ms   types.MultisampleType
		q    uint32
		has  func(int) bool
		want int
	}{
		{types.D3DMULTISAMPLE_NONE, 0, all, 1},
		{types.D3DMULTISAMPLE_2_SAMPLES, 0, all, 2},
		{types.D3DMULTISAMPLE_2_SAMPLES, 0, only4, 4},
		{types.D3DMULTISAMPLE_8_SAMPLES, 0, only4, 4},
		{types.D3DMULTISAMPLE_8_SAMPLES, 0, all, 8},
		{types.D3DMULTISAMPLE_NONMASKABLE, 0, all, 2},
		{types.D3DMULTISAMPLE_NONMASKABLE, 2, all, 8},
		{types.D3DMULTISAMPLE_NONMASKABLE, 9, all, 8},
	} {
		if got := SampleCount(c.ms, c.q, c.has); got != c.want {
			t.Errorf("SampleCount(%v, %d) = %d, want %d", c.ms, c.q, got, c.want)
		}
	}
}

func TestCheckDepthStencilMatchAndConversion(t *testing.T) {
	for _, c := range []struct {
		rt, ds types.Format
		want   types.HRESULT
	}{
		{types.D3DFMT_A8R8G8B8, types.D3DFMT_D24S8, ok},
		{types.D3DFMT_R5G6B5, types.D3DFMT_D24S8, ok}, // mixed depths are fine
		{types.D3DFMT_A16B16G16R16F, types.D3DFMT_D16, ok},
		{types.D3DFMT_DXT1, types.D3DFMT_D24S8, na},
		{types.D3DFMT_A8R8G8B8, types.D3DFMT_A8R8G8B8, na},
		{types.D3DFMT_NULL, types.D3DFMT_D24S8, ok}, // the depth-only pass target
	} {
		if got := CheckDepthStencilMatch(hal, xrgb, c.rt, c.ds); got != c.want {
			t.Errorf("CheckDepthStencilMatch(%v, %v) = %v, want %v", c.rt, c.ds, got, c.want)
		}
	}
	if got := CheckDepthStencilMatch(hal, types.D3DFMT_UNKNOWN, xrgb, types.D3DFMT_D24S8); got != bad {
		t.Errorf("unknown adapter format: %v", got)
	}
	for _, c := range []struct {
		src, dst types.Format
		want     types.HRESULT
	}{
		{types.D3DFMT_YUY2, xrgb, ok},
		{types.D3DFMT_UYVY, types.D3DFMT_A8R8G8B8, ok},
		{xrgb, types.D3DFMT_A8R8G8B8, ok},
		{types.D3DFMT_A16B16G16R16F, types.D3DFMT_A8R8G8B8, ok},
		{types.D3DFMT_R5G6B5, xrgb, ok},
		{xrgb, xrgb, ok},
		{types.D3DFMT_DXT1, xrgb, na},
		{xrgb, types.D3DFMT_YUY2, na},
		{xrgb, types.D3DFMT_D24S8, na},
		{types.D3DFMT_UNKNOWN, xrgb, na},
	} {
		if got := CheckDeviceFormatConversion(hal, c.src, c.dst); got != c.want {
			t.Errorf("CheckDeviceFormatConversion(%v, %v) = %v, want %v", c.src, c.dst, got, c.want)
		}
	}
}

// The caps match the native D3D9 driver values DXVK copied (its
// GetDeviceCaps "based off what I get from native D3D"), except where
// mtld3d deliberately reports less; each difference is listed.
func TestCapsAgainstNative(t *testing.T) {
	c := Caps9(0)
	native := map[string]uint32{
		"Caps": 131072, "Caps3": 928, "PresentationIntervals": 2147483663, "CursorCaps": 1,
		"DevCaps": 1818352, "PrimitiveMiscCaps": 4181234, "ZCmpCaps": 255,
		// 0x4000 is D3D8's ZBIAS, undefined in d3d9caps.h: native still sets it.
		"RasterCaps":   259219857 &^ 0x4000,
		"SrcBlendCaps": 16383, "DestBlendCaps": 16383, "AlphaCmpCaps": 255, "ShadeCaps": 541192,
		"TextureFilterCaps": 117638912, "CubeTextureFilterCaps": 50529024,
		"VolumeTextureFilterCaps": 117638912, "TextureAddressCaps": 63, "VolumeTextureAddressCaps": 63,
		"LineCaps": 31, "StencilCaps": 511, "FVFCaps": 1048584, "TextureOpCaps": 67108863,
		"VertexProcessingCaps": 379, "MaxPrimitiveCount": 5592405, "MaxVertexIndex": 16777215,
		"MaxStreamStride": 508, "StretchRectFilterCaps": 50332416, "VertexTextureFilterCaps": 50332416,
		"MaxAnisotropy": 16, "MaxTextureRepeat": 8192, "MaxActiveLights": 8, "MaxVertexBlendMatrices": 4,
		"MaxVertexBlendMatrixIndex": 0, "MaxSimultaneousTextures": 8, "MaxTextureBlendStages": 8,
		// deliberate differences:
		"Caps2":       0xE0020000 &^ (types.D3DCAPS2_CANSHARERESOURCE), // no shared resources
		"DevCaps2":    113 &^ types.D3DDEVCAPS2_PRESAMPLEDDMAPNPATCH,   // no displacement maps
		"DeclTypes":   1023,
		"TextureCaps": 126021 | types.D3DPTEXTURECAPS_ALPHAPALETTE, // P8 textures with palette alpha
	}
	v := reflect.ValueOf(c)
	for name, want := range native {
		got := v.FieldByName(name).Uint()
		if uint32(got) != want {
			t.Errorf("%s = %#x, native %#x (differs in %#x)", name, got, want, uint32(got)^want)
		}
	}
	if c.VertexShaderVersion != 0xFFFE0300 || c.PixelShaderVersion != 0xFFFF0300 {
		t.Errorf("shader versions %#x %#x", c.VertexShaderVersion, c.PixelShaderVersion)
	}
	if c.MaxVertexShaderConst != 256 || c.NumSimultaneousRTs != 4 || c.MaxStreams != 16 || c.MaxUserClipPlanes != 8 {
		t.Error("shader and stream limits")
	}
	if c.MaxTextureWidth != 16384 || c.MaxVolumeExtent != 2048 {
		t.Error("texture limits")
	}
	if c.PS20Caps.NumInstructionSlots != 512 || c.VS20Caps.NumTemps != 32 || c.MaxPixelShader30InstructionSlots != 32768 {
		t.Error("shader 2.0/3.0 caps")
	}
	// Consistency with the format answers.
	if p8 := CheckDeviceFormat(types.D3DDEVTYPE_HAL, types.D3DFMT_X8R8G8B8, 0, types.D3DRTYPE_TEXTURE, types.D3DFMT_P8) == types.D3D_OK; p8 != (c.TextureCaps&types.D3DPTEXTURECAPS_ALPHAPALETTE != 0) {
		t.Error("ALPHAPALETTE and P8 textures go together")
	}
	if c.Caps2&types.D3DCAPS2_CANAUTOGENMIPMAP == 0 || c.Caps2&types.D3DCAPS2_DYNAMICTEXTURES == 0 {
		t.Error("autogen and dynamic textures are answered by CheckDeviceFormat")
	}
	if n := bits.OnesCount32(c.FVFCaps & types.D3DFVFCAPS_TEXCOORDCOUNTMASK); c.FVFCaps&types.D3DFVFCAPS_TEXCOORDCOUNTMASK != 8 || n == 0 {
		t.Error("FVF texcoord count")
	}
}

// Blends answers as CheckDeviceFormat's POSTPIXELSHADER_BLENDING does for
// every render-target format: the draw path blends exactly where the caps
// say it does.
func TestBlendsMatchesCheckDeviceFormat(t *testing.T) {
	for _, in := range format.Table() {
		f := in.Format
		want := CheckDeviceFormat(types.D3DDEVTYPE_HAL, types.D3DFMT_X8R8G8B8,
			types.D3DUSAGE_RENDERTARGET|types.D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING, types.D3DRTYPE_SURFACE, f) == types.D3D_OK
		if got := Blends(f); got != want {
			t.Errorf("Blends(%v) = %v, CheckDeviceFormat says %v", f, got, want)
		}
	}
	for f, want := range map[types.Format]bool{
		types.D3DFMT_A8R8G8B8: true, types.D3DFMT_X8R8G8B8: true, types.D3DFMT_A16B16G16R16F: true,
		types.D3DFMT_R32F: false, types.D3DFMT_G32R32F: false, types.D3DFMT_A32B32G32R32F: false,
	} {
		if got := Blends(f); got != want {
			t.Errorf("Blends(%v) = %v, want %v", f, got, want)
		}
	}
}
