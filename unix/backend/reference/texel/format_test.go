package texel_test

// core/format's upload conversions and swizzles checked through this
// package's decoders: what the reference backend samples from a texture
// core/format filled is what D3D9 samples.

import (
	"encoding/binary"
	"math"
	"testing"

	"mtld3d/core/format"
	"mtld3d/core/pixfmt"
	"mtld3d/types"
	"mtld3d/unix/backend/reference/texel"
)

func u16(v ...uint16) []byte {
	b := make([]byte, 2*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint16(b[2*i:], x)
	}
	return b
}

func u32(v ...uint32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], x)
	}
	return b
}

func f32(v ...float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

func convert(t *testing.T, c format.Conv, src []byte, width int, pal []types.PaletteEntry) []byte {
	t.Helper()
	_, nd := c.RowBytes(width)
	dst := make([]byte, nd)
	if err := format.ConvertRow(c, dst, src, width, pal); err != nil {
		t.Fatalf("%v: %v", c, err)
	}
	return dst
}

// Every half reads the same here as in core/format.
func TestHalfMatchesFormat(t *testing.T) {
	for h := range 0x10000 {
		f := pixfmt.HalfToFloat(uint16(h))
		if f != f {
			continue
		}
		if ref := pixfmt.HalfToFloat(uint16(h)); ref != f {
			t.Fatalf("half %#04x: %g in core/format, %g in texel", h, f, ref)
		}
	}
}

// sample is one D3D9 texel and the colour D3D9 samples from it.
type sample struct {
	f    types.Format
	src  []byte
	want [4]float32
}

// D3D9's sampling rules: missing colour channels read 1 (0 for A8's
// colour), missing alpha reads 1, luminance replicates into r, g and b,
// bump formats read (u, v, l or w, 1 or q).
var samples = []sample{
	{types.D3DFMT_R8G8B8, []byte{0x00, 0x80, 0xff}, [4]float32{1, 128.0 / 255, 0, 1}},
	{types.D3DFMT_A8R8G8B8, []byte{0x00, 0x80, 0xff, 0x40}, [4]float32{1, 128.0 / 255, 0, 64.0 / 255}},
	{types.D3DFMT_X8R8G8B8, []byte{0x00, 0x80, 0xff, 0x00}, [4]float32{1, 128.0 / 255, 0, 1}},
	{types.D3DFMT_A8B8G8R8, []byte{0xff, 0x80, 0x00, 0x40}, [4]float32{1, 128.0 / 255, 0, 64.0 / 255}},
	{types.D3DFMT_X8B8G8R8, []byte{0xff, 0x80, 0x00, 0x00}, [4]float32{1, 128.0 / 255, 0, 1}},
	{types.D3DFMT_R5G6B5, u16(0xf800 | 0x20<<5), [4]float32{1, 32.0 / 63, 0, 1}},
	{types.D3DFMT_X1R5G5B5, u16(0x001f), [4]float32{0, 0, 1, 1}},
	{types.D3DFMT_A1R5G5B5, u16(0x7c00), [4]float32{1, 0, 0, 0}},
	{types.D3DFMT_A4R4G4B4, u16(0x8421), [4]float32{4.0 / 15, 2.0 / 15, 1.0 / 15, 8.0 / 15}},
	{types.D3DFMT_X4R4G4B4, u16(0x0421), [4]float32{4.0 / 15, 2.0 / 15, 1.0 / 15, 1}},
	{types.D3DFMT_R3G3B2, []byte{0xe3}, [4]float32{1, 0, 1, 1}},
	{types.D3DFMT_A8, []byte{0x80}, [4]float32{0, 0, 0, 128.0 / 255}},
	{types.D3DFMT_A8R3G3B2, u16(0x401c), [4]float32{0, 1, 0, 64.0 / 255}},
	{types.D3DFMT_A2B10G10R10, u32(1<<30 | 1023), [4]float32{1, 0, 0, 1.0 / 3}},
	{types.D3DFMT_A2R10G10B10, u32(1<<30 | 1023), [4]float32{0, 0, 1, 1.0 / 3}},
	{types.D3DFMT_G16R16, u32(0xffff<<16 | 0x8000), [4]float32{32768.0 / 65535, 1, 1, 1}},
	{types.D3DFMT_A16B16G16R16, u16(0xffff, 0, 0, 0x8000), [4]float32{1, 0, 0, 32768.0 / 65535}},
	{types.D3DFMT_P8, []byte{5}, [4]float32{1.0 / 255, 2.0 / 255, 3.0 / 255, 4.0 / 255}},
	{types.D3DFMT_A8P8, []byte{5, 0xff}, [4]float32{1.0 / 255, 2.0 / 255, 3.0 / 255, 1}},
	{types.D3DFMT_L8, []byte{0x80}, [4]float32{128.0 / 255, 128.0 / 255, 128.0 / 255, 1}},
	{types.D3DFMT_A8L8, []byte{0x80, 0x40}, [4]float32{128.0 / 255, 128.0 / 255, 128.0 / 255, 64.0 / 255}},
	{types.D3DFMT_A4L4, []byte{0x4f}, [4]float32{1, 1, 1, 4.0 / 15}},
	{types.D3DFMT_L16, u16(0x8000), [4]float32{32768.0 / 65535, 32768.0 / 65535, 32768.0 / 65535, 1}},
	{types.D3DFMT_V8U8, []byte{0x7f, 0x81}, [4]float32{1, -1, 1, 1}},
	{types.D3DFMT_L6V5U5, u16(0xfe0f), [4]float32{1, -1, 1, 1}},
	{types.D3DFMT_X8L8V8U8, []byte{0x81, 0x7f, 0x00, 0x55}, [4]float32{-1, 1, 0, 1}},
	{types.D3DFMT_Q8W8V8U8, []byte{0x7f, 0x81, 0x00, 0x7f}, [4]float32{1, -1, 0, 1}},
	{types.D3DFMT_V16U16, u32(0x8001<<16 | 0x7fff), [4]float32{1, -1, 1, 1}},
	{types.D3DFMT_A2W10V10U10, u32(0xc00801ff), [4]float32{1, -1, 0, 1}},
	{types.D3DFMT_Q16W16V16U16, u16(0x7fff, 0x8001, 0, 0x7fff), [4]float32{1, -1, 0, 1}},
	{types.D3DFMT_CxV8U8, []byte{0, 0}, [4]float32{0, 0, 1, 1}},
	{types.D3DFMT_YUY2, []byte{235, 128, 235, 128}, [4]float32{1, 1, 1, 1}},
	{types.D3DFMT_UYVY, []byte{128, 16, 128, 16}, [4]float32{0, 0, 0, 1}},
	{types.D3DFMT_R16F, u16(0x3800), [4]float32{0.5, 1, 1, 1}},
	{types.D3DFMT_G16R16F, u16(0x3800, 0xbc00), [4]float32{0.5, -1, 1, 1}},
	{types.D3DFMT_A16B16G16R16F, u16(0x3800, 0xbc00, 0, 0x3c00), [4]float32{0.5, -1, 0, 1}},
	{types.D3DFMT_R32F, f32(0.25), [4]float32{0.25, 1, 1, 1}},
	{types.D3DFMT_G32R32F, f32(0.25, 2), [4]float32{0.25, 2, 1, 1}},
	{types.D3DFMT_A32B32G32R32F, f32(0.25, 2, -3, 4), [4]float32{0.25, 2, -3, 4}},
}

func swizzled(c [4]float32, s format.Swizzle) [4]float32 {
	var out [4]float32
	for i, k := range s {
		switch k {
		case format.CompZero:
			out[i] = 0
		case format.CompOne:
			out[i] = 1
		default:
			out[i] = c[k]
		}
	}
	return out
}

// TestSamplesThroughBackend stores each sample as the Metal mapping says
// on every target (conversion, then the reference backend's decoder for
// the pixel format, then the swizzle) and checks D3D9's colour comes out.
func TestSamplesThroughBackend(t *testing.T) {
	pal := make([]types.PaletteEntry, 256)
	pal[5] = types.PaletteEntry{Red: 1, Green: 2, Blue: 3, Flags: 4}
	covered := map[types.Format]bool{}
	for _, s := range samples {
		covered[s.f] = true
		in := format.Info(s.f)
		for _, tg := range format.Targets {
			mp := format.Map(s.f, tg)
			if !mp.Valid() {
				t.Errorf("%v on %v: no mapping", s.f, tg)
				continue
			}
			if tg.Caps(mp.Format) == 0 {
				t.Errorf("%v on %v: %v does not exist there", s.f, tg, mp.Format)
			}
			width := in.BlockWidth
			data := s.src
			if mp.Upload != format.ConvNone {
				data = convert(t, mp.Upload, s.src, width, pal)
			}
			cd := texel.For(mp.Format)
			if cd == nil {
				t.Fatalf("%v: no texel codec for %v", s.f, mp.Format)
			}
			got := swizzled(cd.Decode(data), mp.Swizzle)
			if viaBackend := mp.Swizzle.Backend().Apply(cd.Decode(data)); viaBackend != got {
				t.Errorf("%v: backend swizzle %v gives %v, want %v", s.f, mp.Swizzle.Backend(), viaBackend, got)
			}
			for i := range 4 {
				if math.Abs(float64(got[i]-s.want[i])) > 1.0/512 {
					t.Errorf("%v on %v (%v %v %v): sampled %v, want %v", s.f, tg, mp.Format, mp.Upload, mp.Swizzle, got, s.want)
					break
				}
			}
		}
	}
	// Every colour format with storage must have a sample.
	for _, in := range format.Table() {
		if (in.Class == format.ClassColor || in.Class == format.ClassVideo) && format.Map(in.Format, format.Targets[0]).Valid() && !covered[in.Format] {
			t.Errorf("%v: no sample", in.Format)
		}
	}
}

// Depth values come out of the reference backend's depth reader.
func TestDepthThroughBackend(t *testing.T) {
	cases := []struct {
		f       types.Format
		src     []byte
		depth   float32
		stencil uint8
	}{
		{types.D3DFMT_D16_LOCKABLE, u16(0xffff), 1, 0},
		{types.D3DFMT_D16, u16(0), 0, 0},
		{types.D3DFMT_DF16, u16(0xffff), 1, 0},
		{types.D3DFMT_D32, u32(0xffffffff), 1, 0},
		{types.D3DFMT_D32_LOCKABLE, u32(0), 0, 0},
		{types.D3DFMT_D32F_LOCKABLE, f32(0.75), 0.75, 0},
		{types.D3DFMT_D15S1, u16(0xffff), 1, 1},
		{types.D3DFMT_D24S8, u32(0xffffff42), 1, 0x42},
		{types.D3DFMT_INTZ, u32(0x00000042), 0, 0x42},
		{types.D3DFMT_D24X8, u32(0xffffff00), 1, 0},
		{types.D3DFMT_DF24, u32(0xffffff00), 1, 0},
		{types.D3DFMT_D24X4S4, u32(0xffffff07), 1, 7},
		{types.D3DFMT_D24FS8, u32(0x38000009), 1, 9},
		{types.D3DFMT_S8_LOCKABLE, []byte{0x42}, 0, 0x42},
	}
	for _, c := range cases {
		for _, tg := range format.Targets {
			mp := format.Map(c.f, tg)
			if !tg.Caps(mp.Format).Has(format.PixDepth) {
				t.Errorf("%v on %v: %v is no depth format there", c.f, tg, mp.Format)
				continue
			}
			data := c.src
			if mp.Upload != format.ConvNone {
				data = convert(t, mp.Upload, c.src, 1, nil)
			}
			if n := mp.Format.Info().BytesPerBlock; len(data) != n {
				t.Errorf("%v on %v: %d bytes for %v of %d", c.f, tg, len(data), mp.Format, n)
				continue
			}
			pf := mp.Format
			in := pf.Info()
			if in.Depth {
				if d := texel.LoadDepth(pf, data); math.Abs(float64(d-c.depth)) > 1e-6 {
					t.Errorf("%v on %v: depth %g, want %g", c.f, tg, d, c.depth)
				}
			}
			if in.Stencil {
				if s := texel.LoadStencil(pf, data); s != c.stencil {
					t.Errorf("%v on %v: stencil %#x, want %#x", c.f, tg, s, c.stencil)
				}
			}
		}
	}
}
