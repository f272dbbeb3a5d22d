// Package format is mtld3d's one table of D3D9 surface formats: how each is
// laid out in the memory a game locks (blocks, pitch, level sizes), what it
// is (colour, depth, compressed, ...), and how the unix side stores it in a
// Metal texture: the backend pixel format, its sRGB twin, the swizzle that
// makes a sample read as D3D9 defines it, and the conversion a row of texels
// needs on the way up (and, for render targets, on the way back) when Metal
// has no format with D3D9's bit layout.
//
// Memory rules (D3D9, as LockRect and LockBox report them):
//   - A format is stored in blocks of BlockWidth x BlockHeight texels of
//     BlockBytes bytes: 1x1 for ordinary formats, 4x4 for DXTn/ATIn, 2x1 for
//     the packed YUV and RGBG formats, 8x1 (one byte) for A1.
//   - The pitch is the size of one row of blocks: for DXT1 at width 8 that
//     is 2 blocks x 8 bytes = 16, covering four rows of texels.
//   - A level's size rounds each dimension up to whole blocks, so a 1x1 or
//     2x2 level of a DXT texture still takes one whole block.
//   - Levels halve each dimension, rounding down, never below 1, until every
//     dimension is 1.
//
// Pitch is the tight pitch; LockPitch is the 4-byte aligned pitch a lock
// reports (an R8G8B8 row 3 texels wide locks with pitch 12).
//
// ATI1 and ATI2 (FlagTexelLock) lock as AMD's drivers lock them: as if a
// texel were one byte. The pitch is the level's width, a level takes
// width x height bytes (LockPitch x LockRows), levels follow each other
// at those sizes and a rectangle starts top x pitch + left bytes in. The
// texels themselves are still 4x4 blocks, packed row after row of blocks
// (Pitch, Rows) from the start of the level: where the width and height
// are whole blocks that is exactly the level's bytes (ATI2) or its first
// half (ATI1); elsewhere a level's blocks run into the next level, as on
// AMD's drivers and Wine's.
package format

import (
	"fmt"

	"mtld3d/core/pixfmt"
	"mtld3d/types"
)

// Class says what a format holds.
type Class uint8

const (
	ClassUnknown    Class = iota // not a format D3D9 can create a resource in
	ClassColor                   // uncompressed colour, luminance, alpha or bump (signed) data
	ClassCompressed              // block-compressed colour (DXTn, ATI1/2)
	ClassVideo                   // packed YUV / RGBG pairs (2x1 blocks): offscreen surfaces only
	ClassDepth                   // depth, possibly with stencil (DepthBits > 0)
	ClassStencil                 // stencil only (S8_LOCKABLE)
	ClassIndex                   // INDEX16, INDEX32
	ClassVertexData              // VERTEXDATA
	ClassHack                    // vendor FourCC flags (NULL, RESZ, ATOC, INST, ...): no texel storage
)

var classNames = [...]string{"unknown", "color", "compressed", "video", "depth", "stencil", "index", "vertexdata", "hack"}

func (c Class) String() string {
	if int(c) < len(classNames) {
		return classNames[c]
	}
	return fmt.Sprintf("Class(%d)", uint8(c))
}

// Numeric is how the channels' bits are read.
type Numeric uint8

const (
	NumNone  Numeric = iota
	NumUnorm         // unsigned normalised
	NumSnorm         // signed normalised (V8U8, Q8W8V8U8, V16U16, Q16W16V16U16, CxV8U8)
	NumMixed         // signed U/V/W with unsigned L or A (L6V5U5, X8L8V8U8, A2W10V10U10)
	NumFloat         // IEEE half or single floats (and D32F/D24FS8 depth)
	NumUint          // integers: indices, stencil, palette indices
)

// Flags are the yes/no properties of a format.
type Flags uint32

const (
	FlagAlpha     Flags = 1 << iota // has an alpha channel the game controls
	FlagSRGB                        // has an sRGB twin: D3DSAMP_SRGBTEXTURE works
	FlagFourCC                      // the value is a FourCC code
	FlagLockable                    // a depth/stencil format D3D9 lets the game lock
	FlagPalette                     // texels are palette indices (P8, A8P8)
	FlagSigned                      // has signed (bump map) channels
	FlagLuminance                   // luminance formats (L8, A8L8, A4L4, L16)
	// FlagWholeBlocks: a resource's width and height must be whole blocks
	// (DXT1-5); Create refuses others, as Windows does. ATIn and YUV
	// formats have blocks too but are not checked.
	FlagWholeBlocks
	// FlagTexelLock: locks lay a level out as one byte a texel (ATI1,
	// ATI2, as AMD's drivers do); see the package comment.
	FlagTexelLock
)

// Row is one row of the format table.
type Row struct {
	Format      types.Format
	Class       Class
	BlockWidth  int // texels per block across
	BlockHeight int // texels per block down
	BlockBytes  int // bytes per block; 0 for formats with no storage (NULL)
	// Layout names the channels from the most significant bit of the
	// little-endian texel word down, with their widths, as D3D9 names them
	// ("A8R8G8B8" is B at byte 0, A at byte 3). Block, video and FourCC
	// formats give their block encoding instead ("BC1", "Y0U0Y1V0").
	Layout      string
	Numeric     Numeric
	Flags       Flags
	DepthBits   int // bits of depth (24 for D24S8), 0 if none
	StencilBits int // bits of stencil, 0 if none

	base Mapping // the mapping on every target unless adjusted in Map
}

// Name is the SDK's name of the format.
func (in Row) Name() string { return in.Format.String() }

// HasAlpha reports whether the format carries alpha.
func (in Row) HasAlpha() bool { return in.Flags&FlagAlpha != 0 }

// SRGB reports whether the format has an sRGB twin.
func (in Row) SRGB() bool { return in.Flags&FlagSRGB != 0 }

// IsDepth reports whether the format has depth bits.
func (in Row) IsDepth() bool { return in.DepthBits > 0 }

// IsStencil reports whether the format has stencil bits.
func (in Row) IsStencil() bool { return in.StencilBits > 0 }

// Shadow reports whether sampling a texture of the format compares the
// coordinate's z with the depth (hardware shadow maps: D16, D24S8,
// D24X8), as NVIDIA's and AMD's drivers do; the FourCC depth formats
// (INTZ, DF16, DF24) read the depth itself.
func (in Row) Shadow() bool { return in.IsDepth() && in.Flags&FlagFourCC == 0 }

// Fetch4 is the channel (0 red, 3 alpha, as D3D9 samples the format)
// that AMD's FETCH4 gathers from a texture of the format, and false for
// formats it leaves alone: it gathers single-channel formats only. ATI1
// is not among them on AMD's drivers either (a sample reads one texel).
func (in Row) Fetch4() (int, bool) {
	switch in.Format {
	case types.D3DFMT_L8, types.D3DFMT_L16, types.D3DFMT_R16F, types.D3DFMT_R32F,
		types.D3DFMT_INTZ, types.D3DFMT_DF16, types.D3DFMT_DF24:
		return 0, true
	case types.D3DFMT_A8:
		return 3, true
	}
	return 0, false
}

// IsBlock reports whether a block holds more than one texel.
func (in Row) IsBlock() bool { return in.BlockWidth > 1 || in.BlockHeight > 1 }

// shorthand constructors for the table
func col(f types.Format, bytes int, layout string, n Numeric, fl Flags, m Mapping) Row {
	return Row{Format: f, Class: ClassColor, BlockWidth: 1, BlockHeight: 1, BlockBytes: bytes, Layout: layout, Numeric: n, Flags: fl, base: m}
}

func bc(f types.Format, bytes int, layout string, fl Flags, m Mapping) Row {
	return Row{Format: f, Class: ClassCompressed, BlockWidth: 4, BlockHeight: 4, BlockBytes: bytes, Layout: layout, Numeric: NumUnorm, Flags: fl | FlagFourCC, base: m}
}

func dep(f types.Format, bytes int, layout string, n Numeric, d, s int, fl Flags, m Mapping) Row {
	c := ClassDepth
	if d == 0 {
		c = ClassStencil
	}
	return Row{Format: f, Class: c, BlockWidth: 1, BlockHeight: 1, BlockBytes: bytes, Layout: layout, Numeric: n, DepthBits: d, StencilBits: s, Flags: fl, base: m}
}

func other(f types.Format, c Class, bw, bh, bytes int, layout string, n Numeric, fl Flags, m Mapping) Row {
	return Row{Format: f, Class: c, BlockWidth: bw, BlockHeight: bh, BlockBytes: bytes, Layout: layout, Numeric: n, Flags: fl, base: m}
}

// m builds a Mapping; sw defaults to identity.
func m(pf, srgb pixfmt.Format, sw Swizzle, up, down Conv) Mapping {
	return Mapping{Format: pf, SRGBFormat: srgb, Swizzle: sw, Upload: up, Readback: down}
}

func direct(pf pixfmt.Format, sw Swizzle) Mapping { return m(pf, 0, sw, ConvNone, ConvNone) }

const (
	alpha = FlagAlpha
	srgb  = FlagSRGB
	lum   = FlagLuminance
	sgn   = FlagSigned
	lock  = FlagLockable
	four  = FlagFourCC
	whole = FlagWholeBlocks
	texel = FlagTexelLock
)

var none Mapping

// table lists every D3DFMT_* of d3d9types.h plus the vendor FourCC formats
// games probe for. Its order is the order of the generated C table.
var table = []Row{
	col(types.D3DFMT_R8G8B8, 3, "R8G8B8", NumUnorm, 0, m(pixfmt.BGRA8Unorm, 0, SwizzleRGB1, ConvR8G8B8ToBGRA8, ConvBGRA8ToR8G8B8)),
	col(types.D3DFMT_A8R8G8B8, 4, "A8R8G8B8", NumUnorm, alpha|srgb, m(pixfmt.BGRA8Unorm, pixfmt.BGRA8Unorm_sRGB, SwizzleRGBA, ConvNone, ConvNone)),
	col(types.D3DFMT_X8R8G8B8, 4, "X8R8G8B8", NumUnorm, srgb, m(pixfmt.BGRA8Unorm, pixfmt.BGRA8Unorm_sRGB, SwizzleRGB1, ConvNone, ConvNone)),
	// The 16-bit packed formats: Apple GPUs have them natively (Map), Intel
	// and AMD Macs (Mac2 family) do not, so the base mapping widens them.
	col(types.D3DFMT_R5G6B5, 2, "R5G6B5", NumUnorm, 0, m(pixfmt.BGRA8Unorm, 0, SwizzleRGB1, ConvR5G6B5ToBGRA8, ConvBGRA8ToR5G6B5)),
	col(types.D3DFMT_X1R5G5B5, 2, "X1R5G5B5", NumUnorm, 0, m(pixfmt.BGRA8Unorm, 0, SwizzleRGB1, ConvX1R5G5B5ToBGRA8, ConvBGRA8ToX1R5G5B5)),
	col(types.D3DFMT_A1R5G5B5, 2, "A1R5G5B5", NumUnorm, alpha, m(pixfmt.BGRA8Unorm, 0, SwizzleRGBA, ConvA1R5G5B5ToBGRA8, ConvBGRA8ToA1R5G5B5)),
	col(types.D3DFMT_A4R4G4B4, 2, "A4R4G4B4", NumUnorm, alpha, m(pixfmt.BGRA8Unorm, 0, SwizzleRGBA, ConvA4R4G4B4ToBGRA8, ConvBGRA8ToA4R4G4B4)),
	col(types.D3DFMT_R3G3B2, 1, "R3G3B2", NumUnorm, 0, m(pixfmt.BGRA8Unorm, 0, SwizzleRGB1, ConvR3G3B2ToBGRA8, ConvNone)),
	col(types.D3DFMT_A8, 1, "A8", NumUnorm, alpha, direct(pixfmt.A8Unorm, SwizzleRGBA)),
	col(types.D3DFMT_A8R3G3B2, 2, "A8R3G3B2", NumUnorm, alpha, m(pixfmt.BGRA8Unorm, 0, SwizzleRGBA, ConvA8R3G3B2ToBGRA8, ConvNone)),
	col(types.D3DFMT_X4R4G4B4, 2, "X4R4G4B4", NumUnorm, 0, m(pixfmt.BGRA8Unorm, 0, SwizzleRGB1, ConvX4R4G4B4ToBGRA8, ConvNone)),
	col(types.D3DFMT_A2B10G10R10, 4, "A2B10G10R10", NumUnorm, alpha, direct(pixfmt.RGB10A2Unorm, SwizzleRGBA)),
	col(types.D3DFMT_A8B8G8R8, 4, "A8B8G8R8", NumUnorm, alpha|srgb, m(pixfmt.RGBA8Unorm, pixfmt.RGBA8Unorm_sRGB, SwizzleRGBA, ConvNone, ConvNone)),
	col(types.D3DFMT_X8B8G8R8, 4, "X8B8G8R8", NumUnorm, srgb, m(pixfmt.RGBA8Unorm, pixfmt.RGBA8Unorm_sRGB, SwizzleRGB1, ConvNone, ConvNone)),
	col(types.D3DFMT_G16R16, 4, "G16R16", NumUnorm, 0, direct(pixfmt.RG16Unorm, SwizzleRG11)),
	// Metal's BGR10A2Unorm is not in the backend: swap red and blue.
	col(types.D3DFMT_A2R10G10B10, 4, "A2R10G10B10", NumUnorm, alpha, m(pixfmt.RGB10A2Unorm, 0, SwizzleRGBA, ConvSwapRB10, ConvSwapRB10)),
	col(types.D3DFMT_A16B16G16R16, 8, "A16B16G16R16", NumUnorm, alpha, direct(pixfmt.RGBA16Unorm, SwizzleRGBA)),
	col(types.D3DFMT_A8P8, 2, "A8P8", NumUint, alpha|FlagPalette, m(pixfmt.RGBA8Unorm, 0, SwizzleRGBA, ConvA8P8ToRGBA8, ConvNone)),
	col(types.D3DFMT_P8, 1, "P8", NumUint, FlagPalette, m(pixfmt.RGBA8Unorm, 0, SwizzleRGBA, ConvP8ToRGBA8, ConvNone)),
	col(types.D3DFMT_L8, 1, "L8", NumUnorm, lum, direct(pixfmt.R8Unorm, SwizzleRRR1)),
	col(types.D3DFMT_A8L8, 2, "A8L8", NumUnorm, alpha|lum, direct(pixfmt.RG8Unorm, SwizzleRRRG)),
	col(types.D3DFMT_A4L4, 1, "A4L4", NumUnorm, alpha|lum, m(pixfmt.RG8Unorm, 0, SwizzleRRRG, ConvA4L4ToRG8, ConvNone)),
	// Signed formats: the backend has no snorm formats, so they widen to
	// floats (exact for 8 bits in half floats, 16 bits in single floats).
	col(types.D3DFMT_V8U8, 2, "V8U8", NumSnorm, sgn, m(pixfmt.RG16Float, 0, SwizzleRG11, ConvV8U8ToRG16F, ConvNone)),
	col(types.D3DFMT_L6V5U5, 2, "L6V5U5", NumMixed, sgn|lum, m(pixfmt.RGBA16Float, 0, SwizzleRGB1, ConvL6V5U5ToRGBA16F, ConvNone)),
	col(types.D3DFMT_X8L8V8U8, 4, "X8L8V8U8", NumMixed, sgn|lum, m(pixfmt.RGBA16Float, 0, SwizzleRGB1, ConvX8L8V8U8ToRGBA16F, ConvNone)),
	col(types.D3DFMT_Q8W8V8U8, 4, "Q8W8V8U8", NumSnorm, sgn, m(pixfmt.RGBA16Float, 0, SwizzleRGBA, ConvQ8W8V8U8ToRGBA16F, ConvNone)),
	col(types.D3DFMT_V16U16, 4, "V16U16", NumSnorm, sgn, m(pixfmt.RG32Float, 0, SwizzleRG11, ConvV16U16ToRG32F, ConvNone)),
	col(types.D3DFMT_A2W10V10U10, 4, "A2W10V10U10", NumMixed, alpha|sgn, m(pixfmt.RGBA16Float, 0, SwizzleRGBA, ConvA2W10V10U10ToRGBA16F, ConvNone)),
	other(types.D3DFMT_UYVY, ClassVideo, 2, 1, 4, "U0Y0V0Y1", NumUnorm, four, m(pixfmt.BGRA8Unorm, 0, SwizzleRGB1, ConvUYVYToBGRA8, ConvBGRA8ToUYVY)),
	other(types.D3DFMT_YUY2, ClassVideo, 2, 1, 4, "Y0U0Y1V0", NumUnorm, four, m(pixfmt.BGRA8Unorm, 0, SwizzleRGB1, ConvYUY2ToBGRA8, ConvBGRA8ToYUY2)),
	bc(types.D3DFMT_DXT1, 8, "BC1", alpha|srgb|whole, m(pixfmt.BC1_RGBA, pixfmt.BC1_RGBA_sRGB, SwizzleRGBA, ConvNone, ConvNone)),
	// DXT2 and DXT4 hold premultiplied colour; D3D9 samples them as stored.
	bc(types.D3DFMT_DXT2, 16, "BC2", alpha|srgb|whole, m(pixfmt.BC2_RGBA, pixfmt.BC2_RGBA_sRGB, SwizzleRGBA, ConvNone, ConvNone)),
	bc(types.D3DFMT_DXT3, 16, "BC2", alpha|srgb|whole, m(pixfmt.BC2_RGBA, pixfmt.BC2_RGBA_sRGB, SwizzleRGBA, ConvNone, ConvNone)),
	bc(types.D3DFMT_DXT4, 16, "BC3", alpha|srgb|whole, m(pixfmt.BC3_RGBA, pixfmt.BC3_RGBA_sRGB, SwizzleRGBA, ConvNone, ConvNone)),
	bc(types.D3DFMT_DXT5, 16, "BC3", alpha|srgb|whole, m(pixfmt.BC3_RGBA, pixfmt.BC3_RGBA_sRGB, SwizzleRGBA, ConvNone, ConvNone)),
	other(types.D3DFMT_MULTI2_ARGB8, ClassUnknown, 1, 1, 0, "MET1", NumNone, four, none),
	other(types.D3DFMT_G8R8_G8B8, ClassVideo, 2, 1, 4, "G0R0G1B0", NumUnorm, four, none),
	other(types.D3DFMT_R8G8_B8G8, ClassVideo, 2, 1, 4, "R0G0B0G1", NumUnorm, four, none),
	dep(types.D3DFMT_D16_LOCKABLE, 2, "D16", NumUnorm, 16, 0, lock, direct(pixfmt.Depth16Unorm, SwizzleRRRR)),
	dep(types.D3DFMT_D32, 4, "D32", NumUnorm, 32, 0, 0, m(pixfmt.Depth32Float, 0, SwizzleRRRR, ConvD32ToD32F, ConvD32FToD32)),
	dep(types.D3DFMT_D15S1, 2, "D15S1", NumUnorm, 15, 1, 0, m(pixfmt.Depth32Float_Stencil8, 0, SwizzleRRRR, ConvD15S1ToD32FS8, ConvNone)),
	// Depth words follow D3D9's names from the top bit down, as wined3d
	// stores them: D24S8 keeps depth in bits 8-31 and stencil in 0-7,
	// D15S1 depth in 1-15 and stencil in bit 0.
	// D24S8 and its kin: Depth32Float_Stencil8 everywhere, except where the
	// device has Depth24Unorm_Stencil8 (some Intel/AMD Macs; never Apple
	// silicon), see Map.
	dep(types.D3DFMT_D24S8, 4, "D24S8", NumUnorm, 24, 8, 0, m(pixfmt.Depth32Float_Stencil8, 0, SwizzleRRRR, ConvD24S8ToD32FS8, ConvNone)),
	dep(types.D3DFMT_D24X8, 4, "D24X8", NumUnorm, 24, 0, 0, m(pixfmt.Depth32Float, 0, SwizzleRRRR, ConvD24X8ToD32F, ConvNone)),
	dep(types.D3DFMT_D24X4S4, 4, "D24X4S4", NumUnorm, 24, 4, 0, m(pixfmt.Depth32Float_Stencil8, 0, SwizzleRRRR, ConvD24X4S4ToD32FS8, ConvNone)),
	dep(types.D3DFMT_D16, 2, "D16", NumUnorm, 16, 0, 0, direct(pixfmt.Depth16Unorm, SwizzleRRRR)),
	col(types.D3DFMT_L16, 2, "L16", NumUnorm, lum, direct(pixfmt.R16Unorm, SwizzleRRR1)),
	dep(types.D3DFMT_D32F_LOCKABLE, 4, "D32F", NumFloat, 32, 0, lock, direct(pixfmt.Depth32Float, SwizzleRRRR)),
	dep(types.D3DFMT_D24FS8, 4, "D24FS8", NumFloat, 24, 8, 0, m(pixfmt.Depth32Float_Stencil8, 0, SwizzleRRRR, ConvD24FS8ToD32FS8, ConvNone)),
	dep(types.D3DFMT_D32_LOCKABLE, 4, "D32", NumUnorm, 32, 0, lock, m(pixfmt.Depth32Float, 0, SwizzleRRRR, ConvD32ToD32F, ConvD32FToD32)),
	dep(types.D3DFMT_S8_LOCKABLE, 1, "S8", NumUint, 0, 8, lock, direct(pixfmt.Stencil8, SwizzleRRRR)),
	other(types.D3DFMT_VERTEXDATA, ClassVertexData, 1, 1, 1, "", NumNone, 0, none),
	other(types.D3DFMT_INDEX16, ClassIndex, 1, 1, 2, "I16", NumUint, 0, none),
	other(types.D3DFMT_INDEX32, ClassIndex, 1, 1, 4, "I32", NumUint, 0, none),
	col(types.D3DFMT_Q16W16V16U16, 8, "Q16W16V16U16", NumSnorm, sgn, m(pixfmt.RGBA32Float, 0, SwizzleRGBA, ConvQ16W16V16U16ToRGBA32F, ConvNone)),
	col(types.D3DFMT_R16F, 2, "R16F", NumFloat, 0, direct(pixfmt.R16Float, SwizzleR111)),
	col(types.D3DFMT_G16R16F, 4, "G16R16F", NumFloat, 0, direct(pixfmt.RG16Float, SwizzleRG11)),
	col(types.D3DFMT_A16B16G16R16F, 8, "A16B16G16R16F", NumFloat, alpha, direct(pixfmt.RGBA16Float, SwizzleRGBA)),
	col(types.D3DFMT_R32F, 4, "R32F", NumFloat, 0, direct(pixfmt.R32Float, SwizzleR111)),
	col(types.D3DFMT_G32R32F, 8, "G32R32F", NumFloat, 0, direct(pixfmt.RG32Float, SwizzleRG11)),
	col(types.D3DFMT_A32B32G32R32F, 16, "A32B32G32R32F", NumFloat, alpha, direct(pixfmt.RGBA32Float, SwizzleRGBA)),
	col(types.D3DFMT_CxV8U8, 2, "V8U8", NumSnorm, sgn, m(pixfmt.RGBA16Float, 0, SwizzleRGB1, ConvCxV8U8ToRGBA16F, ConvNone)),
	// A1 is one bit per texel, rows padded to whole bytes: an 8x1 block.
	other(types.D3DFMT_A1, ClassColor, 8, 1, 1, "A1", NumUnorm, alpha, none),
	col(types.D3DFMT_A2B10G10R10_XR_BIAS, 4, "A2B10G10R10", NumUnorm, alpha, none),
	other(types.D3DFMT_BINARYBUFFER, ClassUnknown, 1, 1, 1, "", NumNone, 0, none),

	// Vendor FourCC formats.
	// INTZ (NVIDIA, AMD): D24S8 depth readable as a texture; sampling
	// returns the depth in every channel, with no comparison.
	dep(types.D3DFMT_INTZ, 4, "D24S8", NumUnorm, 24, 8, four, m(pixfmt.Depth32Float_Stencil8, 0, SwizzleRRRR, ConvD24S8ToD32FS8, ConvNone)),
	// DF16, DF24 (AMD): depth read as a texture, in red only, with no
	// comparison (Wine's test_fetch4 shows AMD's results).
	dep(types.D3DFMT_DF16, 2, "D16", NumUnorm, 16, 0, four, direct(pixfmt.Depth16Unorm, SwizzleR001)),
	dep(types.D3DFMT_DF24, 4, "D24X8", NumUnorm, 24, 0, four, m(pixfmt.Depth32Float, 0, SwizzleR001, ConvD24X8ToD32F, ConvNone)),
	// RAWZ (NVIDIA GeForce 6/7): depth sampled as raw bytes; no modern
	// driver exposes it.
	dep(types.D3DFMT_RAWZ, 4, "D24S8", NumUnorm, 24, 8, four, none),
	other(types.D3DFMT_NULL, ClassHack, 1, 1, 0, "", NumNone, four, none),
	bc(types.D3DFMT_ATI1, 8, "BC4", texel, direct(pixfmt.BC4_RUnorm, SwizzleR001)),
	bc(types.D3DFMT_ATI2, 16, "BC5", texel, direct(pixfmt.BC5_RGUnorm, SwizzleGR11)),
	other(types.D3DFMT_RESZ, ClassHack, 1, 1, 0, "", NumNone, four, none),
	other(types.D3DFMT_ATOC, ClassHack, 1, 1, 0, "", NumNone, four, none),
	other(types.D3DFMT_INST, ClassHack, 1, 1, 0, "", NumNone, four, none),
	other(types.D3DFMT_NVDB, ClassHack, 1, 1, 0, "", NumNone, four, none),
	other(types.D3DFMT_A2M0, ClassHack, 1, 1, 0, "", NumNone, four, none),
	other(types.D3DFMT_A2M1, ClassHack, 1, 1, 0, "", NumNone, four, none),
	other(types.D3DFMT_SSAA, ClassHack, 1, 1, 0, "", NumNone, four, none),
	other(types.D3DFMT_NVHS, ClassHack, 1, 1, 0, "", NumNone, four, none),
	other(types.D3DFMT_NVHU, ClassHack, 1, 1, 0, "", NumNone, four, none),
}

var index = func() map[types.Format]int {
	ix := make(map[types.Format]int, len(table))
	for i, in := range table {
		if _, dup := ix[in.Format]; dup {
			panic("format: duplicate row " + in.Format.String())
		}
		ix[in.Format] = i
	}
	return ix
}()

// Table returns every row, in the table's order.
func Table() []Row {
	out := make([]Row, len(table))
	copy(out, table)
	return out
}

// Lookup returns the row of f; for a format not in the table (including
// D3DFMT_UNKNOWN) it returns a ClassUnknown row with 1x1 blocks of 0 bytes.
func Lookup(f types.Format) (Row, bool) {
	if i, ok := index[f]; ok {
		return table[i], true
	}
	return Row{Format: f, Class: ClassUnknown, BlockWidth: 1, BlockHeight: 1}, false
}

// Info returns the row of f (see Lookup for formats not in the table).
func Info(f types.Format) Row {
	in, _ := Lookup(f)
	return in
}

// Pitch returns the bytes of one row of blocks of a level width texels wide
// (for DXTn, one row of 4x4 blocks: four rows of texels).
func Pitch(f types.Format, width int) int {
	in := Info(f)
	return blocks(width, in.BlockWidth) * in.BlockBytes
}

// LockAlign is the alignment of the pitch LockRect and LockBox report:
// D3D9 drivers, and wined3d, keep every row 4-byte aligned.
const LockAlign = 4

// LockPitch returns the pitch a lock reports: Pitch rounded up to
// LockAlign (DXTn rows of blocks are already multiples of 8), or for
// FlagTexelLock formats the width in texels, unaligned.
func LockPitch(f types.Format, width int) int {
	if Info(f).Flags&FlagTexelLock != 0 {
		return max(width, 1)
	}
	return (Pitch(f, width) + LockAlign - 1) / LockAlign * LockAlign
}

// LockRows returns how many rows of LockPitch bytes a locked level height
// texels high spans: its rows of blocks, or for FlagTexelLock formats its
// rows of texels.
func LockRows(f types.Format, height int) int {
	if Info(f).Flags&FlagTexelLock != 0 {
		return max(height, 1)
	}
	return Rows(f, height)
}

// LockLevelSize returns the bytes a w x h x d level takes in a locked
// resource's memory: LockPitch x LockRows x depth. Levels and faces follow
// each other at these sizes.
func LockLevelSize(f types.Format, w, h, d int) int {
	return LockPitch(f, w) * LockRows(f, h) * max(d, 1)
}

// LockOffset returns how far into a level locked with pitch bytes a row
// the texel (x, y) lies: the block holding it, or for FlagTexelLock
// formats y x pitch + x.
func LockOffset(f types.Format, pitch, x, y int) int {
	in := Info(f)
	if in.Flags&FlagTexelLock != 0 {
		return y*pitch + x
	}
	return y/max(in.BlockHeight, 1)*pitch + x/max(in.BlockWidth, 1)*in.BlockBytes
}

// Rows returns the number of block rows of a level height texels high.
func Rows(f types.Format, height int) int {
	return blocks(height, Info(f).BlockHeight)
}

// LevelSize returns the tight size in bytes of a w x h x d level (d is 1
// for 2D levels): Pitch x block rows x depth.
func LevelSize(f types.Format, w, h, d int) int {
	if d < 1 {
		d = 1
	}
	return Pitch(f, w) * Rows(f, h) * d
}

// LevelDims returns the dimensions of mip level l of a w x h x d resource:
// each halves, rounding down, and stops at 1.
func LevelDims(w, h, d, l int) (int, int, int) {
	return shrink(w, l), shrink(h, l), shrink(d, l)
}

// MaxLevels returns the length of a full mip chain for w x h x d: 1 plus
// the number of halvings until the largest dimension is 1 (what D3D9
// creates for Levels = 0).
func MaxLevels(w, h, d int) int {
	n := max(w, h, d, 1)
	levels := 1
	for n > 1 {
		n >>= 1
		levels++
	}
	return levels
}

func blocks(n, per int) int {
	if n < 1 {
		n = 1
	}
	if per < 1 {
		per = 1
	}
	return (n + per - 1) / per
}

func shrink(n, l int) int {
	if l >= 31 {
		return 1
	}
	n >>= uint(l)
	if n < 1 {
		return 1
	}
	return n
}
