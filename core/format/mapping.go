package format

import (
	"fmt"

	"mtld3d/core/pixfmt"
	"mtld3d/types"
)

// Component is one source of a swizzled channel.
type Component uint8

const (
	CompR Component = iota // the stored texture's red
	CompG
	CompB
	CompA
	CompZero
	CompOne
)

// Swizzle gives, for D3D9's r, g, b and a in that order, which component of
// the backend texture's sample supplies it (MTLTextureSwizzleChannels, or
// the shader when the Metal backend applies it there).
type Swizzle [4]Component

var (
	SwizzleRGBA = Swizzle{CompR, CompG, CompB, CompA}
	SwizzleRGB1 = Swizzle{CompR, CompG, CompB, CompOne}       // X formats: alpha reads 1
	SwizzleRRR1 = Swizzle{CompR, CompR, CompR, CompOne}       // L8, L16 stored as R
	SwizzleRRRG = Swizzle{CompR, CompR, CompR, CompG}         // A8L8, A4L4 stored as RG
	SwizzleR111 = Swizzle{CompR, CompOne, CompOne, CompOne}   // R16F, R32F, ATI1: missing channels read 1
	SwizzleRG11 = Swizzle{CompR, CompG, CompOne, CompOne}     // G16R16, V8U8, ...
	SwizzleRRRR = Swizzle{CompR, CompR, CompR, CompR}         // depth read as a texture (INTZ, D24S8, D16)
	SwizzleR001 = Swizzle{CompR, CompZero, CompZero, CompOne} // DF16, DF24, ATI1 (as DXVK found native drivers read them)
	SwizzleGR11 = Swizzle{CompG, CompR, CompOne, CompOne}     // ATI2: 3Dc stores Y in the first half, X in the second
)

func (s Swizzle) String() string {
	const names = "rgba01"
	b := make([]byte, 4)
	for i, c := range s {
		b[i] = names[c]
	}
	return string(b)
}

// Mapping is how one D3D9 format lives in a backend texture on one target.
type Mapping struct {
	Format     pixfmt.Format // FormatInvalid: no backend storage
	SRGBFormat pixfmt.Format // the sRGB twin used for SRGBTEXTURE/SRGBWRITEENABLE, or FormatInvalid
	Swizzle    Swizzle       // applied to samples
	Upload     Conv          // D3D9 rows -> backend rows (ConvNone: copy)
	Readback   Conv          // backend rows -> D3D9 rows for GPU-written data (ConvNone: copy if Upload is ConvNone, else unavailable)
}

// Valid reports whether the format has backend storage.
func (m Mapping) Valid() bool { return m.Format != pixfmt.Invalid }

// CanReadBack reports whether GPU-written texels can be returned in the
// D3D9 layout.
func (m Mapping) CanReadBack() bool { return m.Upload == ConvNone || m.Readback != ConvNone }

// Target is the Metal device class the unix side runs on. The D3D9 answers
// (core/caps) are the same on every target; only the storage differs.
//
// What differs, from Apple's Metal feature set tables:
//   - Apple GPUs (Apple silicon Macs, Apple7 family and later, macOS 11+)
//     have the packed 16-bit formats B5G6R5Unorm, A1BGR5Unorm, ABGR4Unorm
//     and BGR5A1Unorm; Intel and AMD Macs (Mac2 family) do not, so there
//     those D3D9 formats widen to BGRA8Unorm.
//   - Depth24Unorm_Stencil8 exists only where
//     MTLDevice.isDepth24Stencil8PixelFormatSupported says so (some Intel
//     and AMD Macs, never Apple GPUs); elsewhere D24S8 is
//     Depth32Float_Stencil8 and D24X8 is Depth32Float.
//   - BC1-BC5 (supportsBCTextureCompression) exist on every Mac2 device and
//     on Apple silicon from macOS 11; mtld3d requires them.
//   - Apple GPUs cannot resolve 32-bit float colour or linearly filter
//     Depth32Float; Mac2 devices can.
type Target struct {
	AppleGPU        bool
	Depth24Stencil8 bool
}

func (t Target) String() string {
	switch {
	case t.AppleGPU:
		return "apple-gpu"
	case t.Depth24Stencil8:
		return "mac2-d24s8"
	}
	return "mac2"
}

// Targets lists every target the answers must hold on.
var Targets = []Target{
	{AppleGPU: true},
	{Depth24Stencil8: true},
	{},
}

// TargetFor picks the target from what the backend device reports: an
// Apple GPU, and whether it has Depth24Unorm_Stencil8
// (backend.CapDepth24Stencil8).
func TargetFor(appleGPU, depth24Stencil8 bool) Target {
	return Target{AppleGPU: appleGPU, Depth24Stencil8: !appleGPU && depth24Stencil8}
}

// Map returns how f is stored on target t; the zero Mapping if the format
// has no storage.
func Map(f types.Format, t Target) Mapping {
	mp := Info(f).base
	if t.AppleGPU {
		switch f {
		case types.D3DFMT_R5G6B5:
			return direct(pixfmt.B5G6R5Unorm, SwizzleRGB1)
		case types.D3DFMT_X1R5G5B5:
			// The X bit is stored as given; the swizzle makes alpha read 1.
			return direct(pixfmt.BGR5A1Unorm, SwizzleRGB1)
		case types.D3DFMT_A1R5G5B5:
			return direct(pixfmt.BGR5A1Unorm, SwizzleRGBA)
		case types.D3DFMT_A4R4G4B4:
			return m(pixfmt.ABGR4Unorm, 0, SwizzleRGBA, ConvA4R4G4B4ToABGR4, ConvABGR4ToA4R4G4B4)
		case types.D3DFMT_X4R4G4B4:
			return m(pixfmt.ABGR4Unorm, 0, SwizzleRGB1, ConvX4R4G4B4ToABGR4, ConvNone)
		}
	}
	if t.Depth24Stencil8 && !t.AppleGPU {
		switch f {
		case types.D3DFMT_D24S8, types.D3DFMT_D24X8, types.D3DFMT_INTZ:
			return m(pixfmt.Depth24Unorm_Stencil8, 0, SwizzleRRRR, ConvD24S8ToS8D24, ConvNone)
		case types.D3DFMT_DF24:
			return m(pixfmt.Depth24Unorm_Stencil8, 0, SwizzleR001, ConvD24S8ToS8D24, ConvNone)
		case types.D3DFMT_D24X4S4:
			return m(pixfmt.Depth24Unorm_Stencil8, 0, SwizzleRRRR, ConvD24X4S4ToS8D24, ConvNone)
		}
	}
	return mp
}

// PixelCaps is what a Metal pixel format can do on a target.
type PixelCaps uint8

const (
	PixFilter  PixelCaps = 1 << iota // linear filtering
	PixColor                         // colour attachment
	PixBlend                         // blending on a colour attachment
	PixMSAA                          // multisample textures
	PixResolve                       // multisample resolve
	PixDepth                         // depth or stencil attachment
)

const pixAll = PixFilter | PixColor | PixBlend | PixMSAA | PixResolve

func (c PixelCaps) Has(bits PixelCaps) bool { return c&bits == bits }

// Caps returns the capabilities of a backend format on t, from Apple's
// Metal feature set tables; 0 if the format does not exist there.
func (t Target) Caps(pf pixfmt.Format) PixelCaps {
	switch pf {
	case pixfmt.RGBA8Unorm, pixfmt.RGBA8Unorm_sRGB,
		pixfmt.BGRA8Unorm, pixfmt.BGRA8Unorm_sRGB,
		pixfmt.R8Unorm, pixfmt.RG8Unorm,
		pixfmt.R16Float, pixfmt.RG16Float, pixfmt.RGBA16Float,
		pixfmt.RGB10A2Unorm:
		return pixAll
	case pixfmt.R16Unorm, pixfmt.RG16Unorm, pixfmt.RGBA16Unorm:
		if t.AppleGPU {
			return PixFilter | PixColor | PixBlend | PixMSAA
		}
		return pixAll
	case pixfmt.R32Float, pixfmt.RG32Float, pixfmt.RGBA32Float:
		// Apple7+: filtering through supports32BitFloatFiltering (M1 on),
		// no resolve; blending left out on both to answer one way.
		if t.AppleGPU {
			return PixFilter | PixColor | PixMSAA
		}
		return PixFilter | PixColor | PixMSAA | PixResolve
	case pixfmt.A8Unorm:
		return PixFilter
	case pixfmt.B5G6R5Unorm, pixfmt.A1BGR5Unorm, pixfmt.ABGR4Unorm, pixfmt.BGR5A1Unorm:
		if t.AppleGPU {
			return pixAll
		}
		return 0
	case pixfmt.BC1_RGBA, pixfmt.BC1_RGBA_sRGB, pixfmt.BC2_RGBA, pixfmt.BC2_RGBA_sRGB,
		pixfmt.BC3_RGBA, pixfmt.BC3_RGBA_sRGB, pixfmt.BC4_RUnorm, pixfmt.BC5_RGUnorm:
		return PixFilter
	case pixfmt.Depth16Unorm:
		return PixDepth | PixFilter | PixMSAA
	case pixfmt.Depth32Float, pixfmt.Depth32Float_Stencil8:
		if t.AppleGPU {
			return PixDepth | PixMSAA
		}
		return PixDepth | PixFilter | PixMSAA
	case pixfmt.Depth24Unorm_Stencil8:
		if t.Depth24Stencil8 && !t.AppleGPU {
			return PixDepth | PixFilter | PixMSAA
		}
		return 0
	case pixfmt.Stencil8:
		return PixDepth | PixMSAA
	}
	return 0
}

// Conv names a row conversion between a D3D9 layout and a backend layout.
type Conv uint8

const (
	ConvNone Conv = iota

	// Upload: D3D9 layout -> backend layout.
	ConvR8G8B8ToBGRA8         // 24-bit B,G,R bytes -> BGRA8, alpha 255
	ConvR5G6B5ToBGRA8         // Mac2: no B5G6R5Unorm
	ConvX1R5G5B5ToBGRA8       // alpha 255
	ConvA1R5G5B5ToBGRA8       //
	ConvA4R4G4B4ToABGR4       // Apple GPU: ABGR4Unorm keeps R in bits 12-15 and A in 0-3
	ConvX4R4G4B4ToABGR4       // the same with alpha forced to 15
	ConvA4R4G4B4ToBGRA8       // Mac2
	ConvX4R4G4B4ToBGRA8       // Mac2, alpha 255
	ConvR3G3B2ToBGRA8         // alpha 255
	ConvA8R3G3B2ToBGRA8       //
	ConvSwapRB10              // A2R10G10B10 <-> RGB10A2Unorm (A2B10G10R10): swaps the 10-bit R and B; its own inverse
	ConvP8ToRGBA8             // palette lookup: PALETTEENTRY red, green, blue, and peFlags as alpha
	ConvA8P8ToRGBA8           // palette lookup, alpha from the texel
	ConvA4L4ToRG8             // -> R = L, G = A (read rrrg)
	ConvV8U8ToRG16F           // signed bytes -> half floats
	ConvQ8W8V8U8ToRGBA16F     // U, V, W, Q signed bytes -> half floats in r, g, b, a
	ConvX8L8V8U8ToRGBA16F     // U, V signed, L unsigned -> (u, v, l, 1)
	ConvL6V5U5ToRGBA16F       // U, V signed 5-bit, L unsigned 6-bit -> (u, v, l, 1)
	ConvA2W10V10U10ToRGBA16F  // U, V, W signed 10-bit, A unsigned 2-bit -> (u, v, w, a)
	ConvV16U16ToRG32F         // signed 16-bit -> floats
	ConvQ16W16V16U16ToRGBA32F // signed 16-bit -> floats
	ConvCxV8U8ToRGBA16F       // U, V signed; C = sqrt(1 - u*u - v*v) -> (u, v, c, 1)
	ConvYUY2ToBGRA8           // BT.601 studio range YUV 4:2:2 -> RGB, alpha 255
	ConvUYVYToBGRA8           //
	ConvD32ToD32F             // 32-bit unorm depth -> float
	ConvD24S8ToD32FS8         // -> Depth32Float_Stencil8 texel: float32 depth, stencil byte, 3 bytes zero
	ConvD24X8ToD32F           // 24-bit unorm depth -> float
	ConvD24X4S4ToD32FS8       //
	ConvD24S8ToS8D24          // D3D9's depth-high word -> Metal's Depth24Unorm_Stencil8 word (depth in bits 0-23, stencil 24-31)
	ConvD24X4S4ToS8D24        // the same, keeping 4 stencil bits
	ConvD15S1ToD32FS8         //
	ConvD24FS8ToD32FS8        // D3D9's 24-bit float depth (sign, 4-bit exponent biased 7, 19-bit mantissa) -> float32

	// Readback: backend layout -> D3D9 layout.
	ConvBGRA8ToR8G8B8
	ConvBGRA8ToR5G6B5
	ConvBGRA8ToX1R5G5B5 // X bit written as 1
	ConvBGRA8ToA1R5G5B5 // alpha >= 128 sets the bit
	ConvABGR4ToA4R4G4B4
	ConvBGRA8ToA4R4G4B4
	ConvD32FToD32
	ConvBGRA8ToYUY2 // RGB -> BT.601 studio range YUV 4:2:2, each pair's chroma averaged
	ConvBGRA8ToUYVY //

	convCount
)

var convNames = [...]string{
	"none",
	"R8G8B8ToBGRA8", "R5G6B5ToBGRA8", "X1R5G5B5ToBGRA8", "A1R5G5B5ToBGRA8",
	"A4R4G4B4ToABGR4", "X4R4G4B4ToABGR4", "A4R4G4B4ToBGRA8", "X4R4G4B4ToBGRA8", "R3G3B2ToBGRA8",
	"A8R3G3B2ToBGRA8", "SwapRB10", "P8ToRGBA8", "A8P8ToRGBA8", "A4L4ToRG8", "V8U8ToRG16F",
	"Q8W8V8U8ToRGBA16F", "X8L8V8U8ToRGBA16F", "L6V5U5ToRGBA16F", "A2W10V10U10ToRGBA16F",
	"V16U16ToRG32F", "Q16W16V16U16ToRGBA32F", "CxV8U8ToRGBA16F", "YUY2ToBGRA8", "UYVYToBGRA8",
	"D32ToD32F", "D24S8ToD32FS8", "D24X8ToD32F", "D24X4S4ToD32FS8", "D24S8ToS8D24", "D24X4S4ToS8D24",
	"D15S1ToD32FS8", "D24FS8ToD32FS8",
	"BGRA8ToR8G8B8", "BGRA8ToR5G6B5", "BGRA8ToX1R5G5B5", "BGRA8ToA1R5G5B5", "ABGR4ToA4R4G4B4",
	"BGRA8ToA4R4G4B4", "D32FToD32", "BGRA8ToYUY2", "BGRA8ToUYVY",
}

func (c Conv) String() string {
	if int(c) < len(convNames) {
		return convNames[c]
	}
	return fmt.Sprintf("Conv(%d)", uint8(c))
}

// convSizes gives bytes per source and destination unit of a conversion;
// a unit is one texel except for YUY2/UYVY (two texels in 4 bytes).
var convSizes = [convCount][2]int{
	ConvR8G8B8ToBGRA8:         {3, 4},
	ConvR5G6B5ToBGRA8:         {2, 4},
	ConvX1R5G5B5ToBGRA8:       {2, 4},
	ConvA1R5G5B5ToBGRA8:       {2, 4},
	ConvA4R4G4B4ToABGR4:       {2, 2},
	ConvX4R4G4B4ToABGR4:       {2, 2},
	ConvA4R4G4B4ToBGRA8:       {2, 4},
	ConvX4R4G4B4ToBGRA8:       {2, 4},
	ConvR3G3B2ToBGRA8:         {1, 4},
	ConvA8R3G3B2ToBGRA8:       {2, 4},
	ConvSwapRB10:              {4, 4},
	ConvP8ToRGBA8:             {1, 4},
	ConvA8P8ToRGBA8:           {2, 4},
	ConvA4L4ToRG8:             {1, 2},
	ConvV8U8ToRG16F:           {2, 4},
	ConvQ8W8V8U8ToRGBA16F:     {4, 8},
	ConvX8L8V8U8ToRGBA16F:     {4, 8},
	ConvL6V5U5ToRGBA16F:       {2, 8},
	ConvA2W10V10U10ToRGBA16F:  {4, 8},
	ConvV16U16ToRG32F:         {4, 8},
	ConvQ16W16V16U16ToRGBA32F: {8, 16},
	ConvCxV8U8ToRGBA16F:       {2, 8},
	ConvYUY2ToBGRA8:           {4, 8},
	ConvUYVYToBGRA8:           {4, 8},
	ConvD32ToD32F:             {4, 4},
	ConvD24S8ToD32FS8:         {4, 8},
	ConvD24X8ToD32F:           {4, 4},
	ConvD24X4S4ToD32FS8:       {4, 8},
	ConvD24S8ToS8D24:          {4, 4},
	ConvD24X4S4ToS8D24:        {4, 4},
	ConvD15S1ToD32FS8:         {2, 8},
	ConvD24FS8ToD32FS8:        {4, 8},
	ConvBGRA8ToR8G8B8:         {4, 3},
	ConvBGRA8ToR5G6B5:         {4, 2},
	ConvBGRA8ToX1R5G5B5:       {4, 2},
	ConvBGRA8ToA1R5G5B5:       {4, 2},
	ConvABGR4ToA4R4G4B4:       {2, 2},
	ConvBGRA8ToA4R4G4B4:       {4, 2},
	ConvD32FToD32:             {4, 4},
	ConvBGRA8ToYUY2:           {8, 4},
	ConvBGRA8ToUYVY:           {8, 4},
}

// RowBytes returns the bytes ConvertRow reads and writes for a row of
// width texels.
func (c Conv) RowBytes(width int) (src, dst int) {
	if c >= convCount || c == ConvNone {
		return 0, 0
	}
	s := convSizes[c]
	switch c {
	case ConvYUY2ToBGRA8, ConvUYVYToBGRA8:
		return (width + 1) / 2 * 4, width * 4
	case ConvBGRA8ToYUY2, ConvBGRA8ToUYVY:
		return width * 4, (width + 1) / 2 * 4
	}
	return width * s[0], width * s[1]
}

// Backend returns the swizzle as the backend's MTLTextureSwizzleChannels,
// for Texture.NewView.
func (s Swizzle) Backend() pixfmt.Swizzles {
	var out pixfmt.Swizzles
	for i, c := range s {
		switch c {
		case CompZero:
			out[i] = pixfmt.SwizzleZero
		case CompOne:
			out[i] = pixfmt.SwizzleOne
		default:
			out[i] = pixfmt.SwizzleRed + pixfmt.Swizzle(c)
		}
	}
	return out
}
