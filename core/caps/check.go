package caps

import (
	"slices"
	"sync"

	"mtld3d/core/format"
	"mtld3d/types"
)

// Usage bits CheckDeviceFormat judges. Any other bit (WRITEONLY,
// SOFTWAREPROCESSING, DONOTCLIP, POINTS, ...) is accepted and ignored, as
// drivers do.
const CheckedUsage = types.D3DUSAGE_RENDERTARGET | types.D3DUSAGE_DEPTHSTENCIL | types.D3DUSAGE_DYNAMIC |
	types.D3DUSAGE_AUTOGENMIPMAP | types.D3DUSAGE_DMAP | types.D3DUSAGE_QUERY_LEGACYBUMPMAP |
	types.D3DUSAGE_QUERY_SRGBREAD | types.D3DUSAGE_QUERY_FILTER | types.D3DUSAGE_QUERY_SRGBWRITE |
	types.D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING | types.D3DUSAGE_QUERY_VERTEXTEXTURE |
	types.D3DUSAGE_QUERY_WRAPANDMIP

// exposure is which resources mtld3d offers a format for. It is policy:
// what the format rows and backend mappings allow is checked against it in
// the tests, and answers to the QUERY_* usages are derived from the
// backend's capabilities on every target.
type exposure struct {
	plain  bool // offscreen plain surface (SURFACE, no RT/DS usage)
	tex    bool // TEXTURE and CUBETEXTURE
	vol    bool // VOLUMETEXTURE and VOLUME
	rt     bool // RENDERTARGET: SURFACE, TEXTURE, CUBETEXTURE
	ds     bool // DEPTHSTENCIL on SURFACE
	dsTex  bool // DEPTHSTENCIL on TEXTURE and CUBETEXTURE (shadow maps, INTZ)
	rtOnly bool // hack formats usable only as render targets (NULL, RESZ)
	flag   bool // vendor flag formats answered D3D_OK for SURFACE with no usage (ATOC, INST)
}

var (
	colorAll = exposure{plain: true, tex: true, vol: true}
	colorRT  = exposure{plain: true, tex: true, vol: true, rt: true}
	// DXTn/ATIn: no volume textures. Metal's feature tables do not promise
	// BC in 3D textures on Apple GPUs, so mtld3d does not offer it.
	compressed = exposure{plain: true, tex: true}
	// ATIn are texture formats only: Windows refuses them as plain
	// surfaces outside SCRATCH (Wine's d3d9ex resource-access test).
	atiN     = exposure{tex: true}
	depth    = exposure{ds: true}
	depthTex = exposure{ds: true, dsTex: true}
)

// exposed lists every format a resource can be created in. Formats left
// out answer D3DERR_NOTAVAILABLE everywhere:
//   - A8P8: palettised with alpha, dropped by NVIDIA and AMD long ago (P8
//     is offered for textures: the unix side converts it with the current
//     palette, again whenever the palette changes),
//   - R3G3B2, A8R3G3B2, A1, MULTI2_ARGB8, G8R8_G8B8, R8G8_B8G8,
//     A2B10G10R10_XR_BIAS, BINARYBUFFER: not offered by modern drivers,
//   - S8_LOCKABLE, RAWZ: not offered by modern drivers,
//   - D32: not offered by AMD's or NVIDIA's drivers (Windows answers
//     CheckDepthStencilMatch with D32 NOTAVAILABLE in Wine's
//     test_check_device_format); games fall back to D24X8 or D24S8,
//   - NVDB (depth bounds), SSAA, NVHS, NVHU: features Metal lacks or
//     mtld3d does not emulate,
//   - A2M0/A2M1: AMD's alpha to coverage codes for D3DRS_POINTSIZE, which
//     the draw path honours (unix/device) but which are no formats.
var exposed = map[types.Format]exposure{
	types.D3DFMT_A8R8G8B8:      colorRT,
	types.D3DFMT_X8R8G8B8:      colorRT,
	types.D3DFMT_R5G6B5:        colorRT,
	types.D3DFMT_X1R5G5B5:      colorRT,
	types.D3DFMT_A1R5G5B5:      colorRT,
	types.D3DFMT_A2R10G10B10:   colorRT,
	types.D3DFMT_A2B10G10R10:   colorRT,
	types.D3DFMT_A8B8G8R8:      colorRT,
	types.D3DFMT_X8B8G8R8:      colorRT,
	types.D3DFMT_G16R16:        colorRT,
	types.D3DFMT_A16B16G16R16:  colorRT,
	types.D3DFMT_R16F:          colorRT,
	types.D3DFMT_G16R16F:       colorRT,
	types.D3DFMT_A16B16G16R16F: colorRT,
	types.D3DFMT_R32F:          colorRT,
	types.D3DFMT_G32R32F:       colorRT,
	types.D3DFMT_A32B32G32R32F: colorRT,
	types.D3DFMT_R8G8B8:        colorAll, // converted to BGRA8 on upload
	types.D3DFMT_A4R4G4B4:      colorAll,
	types.D3DFMT_X4R4G4B4:      colorAll,
	types.D3DFMT_A8:            colorAll,
	types.D3DFMT_L8:            colorAll,
	types.D3DFMT_A8L8:          colorAll,
	types.D3DFMT_A4L4:          colorAll,
	types.D3DFMT_P8:            {tex: true}, // textures only: no volumes, plain surfaces or targets
	types.D3DFMT_L16:           colorAll,
	types.D3DFMT_V8U8:          colorAll,
	types.D3DFMT_L6V5U5:        colorAll,
	types.D3DFMT_X8L8V8U8:      colorAll,
	types.D3DFMT_Q8W8V8U8:      colorAll,
	types.D3DFMT_V16U16:        colorAll,
	types.D3DFMT_A2W10V10U10:   colorAll,
	types.D3DFMT_Q16W16V16U16:  colorAll,
	types.D3DFMT_CxV8U8:        colorAll,
	types.D3DFMT_DXT1:          compressed,
	types.D3DFMT_DXT2:          compressed,
	types.D3DFMT_DXT3:          compressed,
	types.D3DFMT_DXT4:          compressed,
	types.D3DFMT_DXT5:          compressed,
	types.D3DFMT_ATI1:          atiN,
	types.D3DFMT_ATI2:          atiN,
	types.D3DFMT_YUY2:          {plain: true}, // video surfaces, StretchRect to RGB
	types.D3DFMT_UYVY:          {plain: true},
	types.D3DFMT_D16_LOCKABLE:  depth,
	types.D3DFMT_D15S1:         depth,
	types.D3DFMT_D24X4S4:       depth,
	types.D3DFMT_D32F_LOCKABLE: depth,
	types.D3DFMT_D24FS8:        depth,
	types.D3DFMT_D32_LOCKABLE:  depth,
	types.D3DFMT_D16:           depthTex, // NVIDIA-style hardware shadow maps
	types.D3DFMT_D24S8:         depthTex,
	types.D3DFMT_D24X8:         depthTex,
	types.D3DFMT_INTZ:          depthTex,
	types.D3DFMT_DF16:          depthTex, // AMD-style shadow maps
	types.D3DFMT_DF24:          depthTex,
	types.D3DFMT_NULL:          {rtOnly: true}, // dummy render target without memory
	types.D3DFMT_RESZ:          {rtOnly: true}, // RESZ resolve hack: SURFACE only, see formatRow
	types.D3DFMT_ATOC:          {flag: true},   // NVIDIA alpha to coverage via D3DRS_ADAPTIVETESS_Y
	types.D3DFMT_INST:          {flag: true},   // ATI geometry instancing on SM2 parts: a no-op on SM3
	types.D3DFMT_VERTEXDATA:    {},
	types.D3DFMT_INDEX16:       {},
	types.D3DFMT_INDEX32:       {},
}

// Row flags.
const (
	RowAutoGen     uint32 = 1 << iota // AUTOGENMIPMAP really generates mips (else D3DOK_NOAUTOGEN)
	RowSRGBWriteRT                    // QUERY_SRGBWRITE is asked of render-target use: only with RENDERTARGET
)

// FormatRow is one accepted (format, resource type) pair: CheckDeviceFormat
// answers for a usage u
//
//	D3DERR_NOTAVAILABLE  if u & CheckedUsage & ~UsageOK != 0
//	                     or u & UsageRequired != UsageRequired
//	                     or Flags & RowSRGBWriteRT, u & QUERY_SRGBWRITE
//	                        and not u & RENDERTARGET
//	D3DOK_NOAUTOGEN      else if u & AUTOGENMIPMAP and Flags & RowAutoGen == 0
//	D3D_OK               otherwise;
//
// and with no row for the pair, D3DERR_NOTAVAILABLE.
type FormatRow struct {
	Format        types.Format
	RType         types.ResourceType
	UsageOK       uint32
	UsageRequired uint32
	Flags         uint32
}

// rtypes are the resource types CheckDeviceFormat answers for. Buffers
// are not among them: Windows answers D3DERR_INVALIDCALL for
// VERTEXBUFFER and INDEXBUFFER whatever the format (Wine's
// test_check_device_format records it), as for any other value.
var rtypes = []types.ResourceType{
	types.D3DRTYPE_SURFACE, types.D3DRTYPE_VOLUME, types.D3DRTYPE_TEXTURE, types.D3DRTYPE_VOLUMETEXTURE,
	types.D3DRTYPE_CUBETEXTURE,
}

// allTargets reports whether ok holds for f's mapping on every target.
func allTargets(f types.Format, ok func(format.Mapping, format.PixelCaps) bool) bool {
	for _, t := range format.Targets {
		mp := format.Map(f, t)
		if !mp.Valid() || !ok(mp, t.Caps(mp.Format)) {
			return false
		}
	}
	return true
}

func pixHas(bits format.PixelCaps) func(format.Mapping, format.PixelCaps) bool {
	return func(_ format.Mapping, c format.PixelCaps) bool { return c.Has(bits) }
}

// formatRow builds the row of (f, rt), or reports there is none.
func formatRow(f types.Format, rt types.ResourceType) (FormatRow, bool) {
	e, ok := exposed[f]
	if !ok {
		return FormatRow{}, false
	}
	row := FormatRow{Format: f, RType: rt}
	in := format.Info(f)
	surface := rt == types.D3DRTYPE_SURFACE
	texture := rt == types.D3DRTYPE_TEXTURE || rt == types.D3DRTYPE_CUBETEXTURE
	volume := rt == types.D3DRTYPE_VOLUMETEXTURE || rt == types.D3DRTYPE_VOLUME
	switch {
	case e.flag:
		return row, surface
	case e.rtOnly:
		// NULL works for render-target surfaces and textures; RESZ only as
		// the render-target surface of the resolve hack.
		if !surface && !(texture && f == types.D3DFMT_NULL) {
			return row, false
		}
		row.UsageOK = types.D3DUSAGE_RENDERTARGET
		row.UsageRequired = types.D3DUSAGE_RENDERTARGET
		return row, true
	case e.ds || e.dsTex:
		if !(surface && e.ds) && !(texture && e.dsTex) {
			return row, false
		}
		row.UsageOK = types.D3DUSAGE_DEPTHSTENCIL
		row.UsageRequired = types.D3DUSAGE_DEPTHSTENCIL
		if texture {
			// A depth texture is offered with or without DEPTHSTENCIL:
			// Windows answers both alike and creates both (Wine's
			// test_resource_access compares creation with DEPTHSTENCIL
			// against the answer for usage 0).
			row.UsageRequired = 0
			// Depth textures sample like any texture; AUTOGENMIPMAP is
			// answered NOAUTOGEN; DYNAMIC (without DEPTHSTENCIL, as
			// CreateTexture insists) makes a lockable one (Windows
			// creates it: test_resource_access).
			row.UsageOK |= types.D3DUSAGE_DYNAMIC | types.D3DUSAGE_AUTOGENMIPMAP | types.D3DUSAGE_QUERY_WRAPANDMIP
			if allTargets(f, pixHas(format.PixFilter)) {
				row.UsageOK |= types.D3DUSAGE_QUERY_FILTER
			}
		}
		return row, true
	}
	switch {
	case surface && !(e.plain || e.rt):
		return row, false
	case texture && !e.tex:
		return row, false
	case volume && !e.vol:
		return row, false
	}
	// Colour: what the backend can do on every target.
	if e.rt && !volume {
		row.UsageOK |= types.D3DUSAGE_RENDERTARGET
		if allTargets(f, pixHas(format.PixBlend)) {
			row.UsageOK |= types.D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING
		}
		if in.SRGB() {
			row.UsageOK |= types.D3DUSAGE_QUERY_SRGBWRITE
			// A surface is a render target only when made as one, so
			// Windows answers SRGBWRITE for it only with RENDERTARGET
			// (Wine's test_check_device_format); a texture may always
			// become one.
			if surface {
				row.Flags |= RowSRGBWriteRT
			}
		}
	}
	if !e.plain && surface {
		row.UsageRequired = types.D3DUSAGE_RENDERTARGET
	}
	if allTargets(f, pixHas(format.PixFilter)) {
		row.UsageOK |= types.D3DUSAGE_QUERY_FILTER
	}
	if in.SRGB() {
		row.UsageOK |= types.D3DUSAGE_QUERY_SRGBREAD
	}
	if in.Flags&format.FlagSigned != 0 {
		row.UsageOK |= types.D3DUSAGE_QUERY_LEGACYBUMPMAP
	}
	if texture || volume {
		row.UsageOK |= types.D3DUSAGE_DYNAMIC | types.D3DUSAGE_QUERY_VERTEXTEXTURE | types.D3DUSAGE_QUERY_WRAPANDMIP
	}
	if texture {
		row.UsageOK |= types.D3DUSAGE_AUTOGENMIPMAP
		// Mips are generated in the stored format, which must be
		// filterable and colour-renderable (Metal's generateMipmaps rule).
		// Palettised textures keep only their indices, so they never do.
		// Windows generates only for formats it offers as render targets
		// (D3D_OK with AUTOGENMIPMAP only if RENDERTARGET is: Wine's
		// test_mipmap_gen), whatever Metal could do.
		if e.rt && in.Class == format.ClassColor && in.Flags&format.FlagPalette == 0 &&
			allTargets(f, pixHas(format.PixFilter|format.PixColor)) {
			row.Flags |= RowAutoGen
		}
	}
	return row, true
}

// FormatRows returns every accepted (format, resource type) pair, in
// format-table order then resource-type order.
func FormatRows() []FormatRow {
	var rows []FormatRow
	for _, in := range format.Table() {
		for _, rt := range rtypes {
			if r, ok := formatRow(in.Format, rt); ok {
				rows = append(rows, r)
			}
		}
	}
	return rows
}

// validDevType answers the device-type argument every Check* takes: only
// the HAL device exists. REF, SW and NULLREF are D3D9 device types with no
// implementation behind them (as on a Windows machine without the SDK's
// reference rasteriser): D3DERR_NOTAVAILABLE. A value that is no device
// type at all is D3DERR_INVALIDCALL (Microsoft: "a device that does not
// exist").
func validDevType(dt types.DevType) types.HRESULT {
	switch dt {
	case types.D3DDEVTYPE_HAL:
		return types.D3D_OK
	case types.D3DDEVTYPE_REF, types.D3DDEVTYPE_SW, types.D3DDEVTYPE_NULLREF:
		return types.D3DERR_NOTAVAILABLE
	}
	return types.D3DERR_INVALIDCALL
}

// AdapterFormats are the display formats an adapter can be in: the
// adapter-format argument of CheckDeviceFormat and CheckDepthStencilMatch
// must be one of them.
var AdapterFormats = []types.Format{types.D3DFMT_X8R8G8B8, types.D3DFMT_R5G6B5, types.D3DFMT_X1R5G5B5, types.D3DFMT_A2R10G10B10}

func checkAdapterFormat(f types.Format) types.HRESULT {
	if f == types.D3DFMT_UNKNOWN {
		return types.D3DERR_INVALIDCALL // as Wine's d3d9 answers
	}
	if !slices.Contains(AdapterFormats, f) {
		return types.D3DERR_NOTAVAILABLE
	}
	return types.D3D_OK
}

// CheckDeviceFormat is IDirect3D9::CheckDeviceFormat. D3DFMT_UNKNOWN as the
// checked format is D3DERR_NOTAVAILABLE (no resource has that format; it is
// what wined3d answers), as an adapter format it is D3DERR_INVALIDCALL
// before the device type is looked at (Windows answers so for REF and SW
// too: Wine's test_check_device_format); an unknown resource type is
// D3DERR_INVALIDCALL.
func CheckDeviceFormat(dt types.DevType, adapterFormat types.Format, usage uint32, rt types.ResourceType, f types.Format) types.HRESULT {
	if adapterFormat == types.D3DFMT_UNKNOWN {
		return types.D3DERR_INVALIDCALL
	}
	if hr := validDevType(dt); hr != types.D3D_OK {
		return hr
	}
	if hr := checkAdapterFormat(adapterFormat); hr != types.D3D_OK {
		return hr
	}
	if !slices.Contains(rtypes, rt) {
		return types.D3DERR_INVALIDCALL
	}
	row, ok := formatRow(f, rt)
	if !ok {
		return types.D3DERR_NOTAVAILABLE
	}
	return row.Answer(usage)
}

// Answer is the row's answer for usage, by the rule in FormatRow's comment.
func (r FormatRow) Answer(usage uint32) types.HRESULT {
	if usage&CheckedUsage&^r.UsageOK != 0 || usage&r.UsageRequired != r.UsageRequired {
		return types.D3DERR_NOTAVAILABLE
	}
	if r.Flags&RowSRGBWriteRT != 0 && usage&types.D3DUSAGE_QUERY_SRGBWRITE != 0 && usage&types.D3DUSAGE_RENDERTARGET == 0 {
		return types.D3DERR_NOTAVAILABLE
	}
	if usage&types.D3DUSAGE_AUTOGENMIPMAP != 0 && r.Flags&RowAutoGen == 0 {
		return types.D3DOK_NOAUTOGEN
	}
	return types.D3D_OK
}

// accepts reports whether (f, rt) with usage is D3D_OK or NOAUTOGEN.
func accepts(f types.Format, rt types.ResourceType, usage uint32) bool {
	row, ok := formatRow(f, rt)
	return ok && row.Answer(usage).Succeeded()
}

// IsRenderTarget reports whether f can be a render-target surface.
func IsRenderTarget(f types.Format) bool {
	return f != types.D3DFMT_NULL && f != types.D3DFMT_RESZ && accepts(f, types.D3DRTYPE_SURFACE, types.D3DUSAGE_RENDERTARGET)
}

// blendTargets holds the render-target formats CheckDeviceFormat answers
// D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING for, built once.
var blendTargets = sync.OnceValue(func() map[types.Format]bool {
	m := map[types.Format]bool{}
	for f := range exposed {
		m[f] = accepts(f, types.D3DRTYPE_SURFACE, types.D3DUSAGE_RENDERTARGET|types.D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING)
	}
	return m
})

// Blends reports whether draws into a render target of format f blend:
// only where CheckDeviceFormat answers D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING
// (a driver that does not blend a format says so there; Windows' drivers
// then write the colour unblended, one of the results Wine's
// pixelshader_blending_test accepts). Safe for concurrent use.
func Blends(f types.Format) bool { return blendTargets()[f] }

// IsDepthStencil reports whether f can be a depth-stencil surface.
func IsDepthStencil(f types.Format) bool {
	return accepts(f, types.D3DRTYPE_SURFACE, types.D3DUSAGE_DEPTHSTENCIL)
}

// DisplayMode is one pairing CheckDeviceType accepts.
type DisplayMode struct {
	Display    types.Format
	BackBuffer types.Format // D3DFMT_UNKNOWN: windowed "same as the display"
	Windowed   bool         // accepted windowed
	Fullscreen bool         // accepted full-screen
}

// backBuffers are the formats a windowed swap chain may have whatever the
// desktop's format (the presenter converts).
var backBuffers = []types.Format{
	types.D3DFMT_A8R8G8B8, types.D3DFMT_X8R8G8B8, types.D3DFMT_R5G6B5,
	types.D3DFMT_X1R5G5B5, types.D3DFMT_A1R5G5B5, types.D3DFMT_A2R10G10B10,
}

// DisplayModes lists every (display, back buffer) pairing CheckDeviceType
// accepts. Full screen follows Microsoft's table for CheckDeviceType
// (X8R8G8B8 with X8R8G8B8 or A8R8G8B8, R5G6B5 with R5G6B5) limited to the
// display formats the adapter enumerates modes in (X8R8G8B8, R5G6B5: what
// Windows 10 drivers and Wine offer); windowed, the desktop may be
// X8R8G8B8, R5G6B5 or X1R5G5B5 and the back buffer any of backBuffers or
// D3DFMT_UNKNOWN. A8R8G8B8 is never a display format.
func DisplayModes() []DisplayMode {
	var out []DisplayMode
	for _, d := range []types.Format{types.D3DFMT_X8R8G8B8, types.D3DFMT_R5G6B5, types.D3DFMT_X1R5G5B5} {
		for _, b := range append([]types.Format{types.D3DFMT_UNKNOWN}, backBuffers...) {
			m := DisplayMode{Display: d, BackBuffer: b, Windowed: true}
			switch {
			case d == types.D3DFMT_X8R8G8B8 && (b == types.D3DFMT_X8R8G8B8 || b == types.D3DFMT_A8R8G8B8):
				m.Fullscreen = true
			case d == types.D3DFMT_R5G6B5 && b == types.D3DFMT_R5G6B5:
				m.Fullscreen = true
			}
			out = append(out, m)
		}
	}
	return out
}

// CheckDeviceType is IDirect3D9::CheckDeviceType.
func CheckDeviceType(dt types.DevType, display, backBuffer types.Format, windowed bool) types.HRESULT {
	if hr := validDevType(dt); hr != types.D3D_OK {
		return hr
	}
	for _, m := range DisplayModes() {
		if m.Display == display && m.BackBuffer == backBuffer && (windowed && m.Windowed || !windowed && m.Fullscreen) {
			return types.D3D_OK
		}
	}
	return types.D3DERR_NOTAVAILABLE
}

// NonmaskableLevels is the quality-level count of D3DMULTISAMPLE_NONMASKABLE:
// level q runs 2<<q samples (2, 4, 8).
const NonmaskableLevels = 3

// MultisampleRow lists the D3DMULTISAMPLE_TYPEs a format can be created
// with: bit t of Types is D3DMULTISAMPLE_TYPE t.
type MultisampleRow struct {
	Format types.Format
	Types  uint32
}

const msTypes = 1<<types.D3DMULTISAMPLE_NONE | 1<<types.D3DMULTISAMPLE_NONMASKABLE |
	1<<types.D3DMULTISAMPLE_2_SAMPLES | 1<<types.D3DMULTISAMPLE_4_SAMPLES | 1<<types.D3DMULTISAMPLE_8_SAMPLES

// MultisampleRows lists the formats that can be multisampled: colour render
// targets whose stored format Metal multisamples and resolves on every
// target, and the non-lockable depth formats (a D3D9 rule: lockable depth
// formats cannot be multisampled) other than the FourCC depth textures.
func MultisampleRows() []MultisampleRow {
	var rows []MultisampleRow
	for _, in := range format.Table() {
		f := in.Format
		switch {
		case IsRenderTarget(f) && allTargets(f, pixHas(format.PixColor|format.PixMSAA|format.PixResolve)):
		case IsDepthStencil(f) && in.Flags&(format.FlagLockable|format.FlagFourCC) == 0 &&
			allTargets(f, pixHas(format.PixDepth|format.PixMSAA)):
		default:
			continue
		}
		rows = append(rows, MultisampleRow{Format: f, Types: msTypes})
	}
	return rows
}

// SampleCount returns the Metal sample count that serves D3D9 multisample
// type ms at quality level q on a device that supports the counts in has
// (has[n] for n samples; 4 is supported by every Metal device). D3D9 cannot
// observe the count, so a count the device lacks is replaced by the nearest
// one it has, preferring more samples.
func SampleCount(ms types.MultisampleType, q uint32, has func(n int) bool) int {
	n := int(ms)
	switch ms {
	case types.D3DMULTISAMPLE_NONE:
		return 1
	case types.D3DMULTISAMPLE_NONMASKABLE:
		n = 2 << min(q, NonmaskableLevels-1)
	}
	for _, c := range []int{n, n * 2, n / 2, 4} {
		if c >= 2 && c <= 8 && has(c) {
			return c
		}
	}
	return 4
}

// CheckDeviceMultiSampleType is IDirect3D9::CheckDeviceMultiSampleType; it
// returns the answer and the quality-level count (1 on failure, as Wine's
// d3d9 sets it). D3DFMT_UNKNOWN is an invalid call, and
// D3DMULTISAMPLE_NONE is available for every other format value, known
// or not (Windows, as Wine's test_checkdevicemultisampletype records).
func CheckDeviceMultiSampleType(dt types.DevType, f types.Format, windowed bool, ms types.MultisampleType) (types.HRESULT, uint32) {
	if ms > types.D3DMULTISAMPLE_16_SAMPLES || f == types.D3DFMT_UNKNOWN {
		return types.D3DERR_INVALIDCALL, 1
	}
	if hr := validDevType(dt); hr != types.D3D_OK {
		return hr, 1
	}
	if ms == types.D3DMULTISAMPLE_NONE {
		return types.D3D_OK, 1
	}
	for _, r := range MultisampleRows() {
		if r.Format == f && r.Types&(1<<ms) != 0 {
			if ms == types.D3DMULTISAMPLE_NONMASKABLE {
				return types.D3D_OK, NonmaskableLevels
			}
			return types.D3D_OK, 1
		}
	}
	return types.D3DERR_NOTAVAILABLE, 1
}

// CheckDepthStencilMatch is IDirect3D9::CheckDepthStencilMatch: any render
// target works with any depth-stencil format (Metal, like D3D10 hardware,
// needs no matching bit depths).
func CheckDepthStencilMatch(dt types.DevType, adapterFormat, rtFormat, dsFormat types.Format) types.HRESULT {
	if hr := validDevType(dt); hr != types.D3D_OK {
		return hr
	}
	if hr := checkAdapterFormat(adapterFormat); hr != types.D3D_OK {
		return hr
	}
	if !MatchesDepthStencil(rtFormat) || !IsDepthStencil(dsFormat) {
		return types.D3DERR_NOTAVAILABLE
	}
	return types.D3D_OK
}

// MatchesDepthStencil reports whether CheckDepthStencilMatch takes f as
// the render target: every colour target, and D3DFMT_NULL, the dummy
// target of depth-only passes (Windows answers D3D_OK for it).
func MatchesDepthStencil(f types.Format) bool {
	return f == types.D3DFMT_NULL || IsRenderTarget(f)
}

// IsStretchSource reports whether StretchRect can read f into another
// format: any colour render-target format, and the YUV video formats.
func IsStretchSource(f types.Format) bool {
	return IsRenderTarget(f) || f == types.D3DFMT_YUY2 || f == types.D3DFMT_UYVY
}

// IsStretchDest reports whether StretchRect can convert into f: colour
// render-target formats.
func IsStretchDest(f types.Format) bool { return IsRenderTarget(f) }

// CheckDeviceFormatConversion is IDirect3D9::CheckDeviceFormatConversion:
// the StretchRect conversions, between colour render-target formats and
// from YUY2/UYVY to them.
func CheckDeviceFormatConversion(dt types.DevType, src, dst types.Format) types.HRESULT {
	if hr := validDevType(dt); hr != types.D3D_OK {
		return hr
	}
	if !IsStretchSource(src) || !IsStretchDest(dst) {
		return types.D3DERR_NOTAVAILABLE
	}
	return types.D3D_OK
}
