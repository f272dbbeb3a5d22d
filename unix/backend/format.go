package backend

// PixelFormat is the backend's MTLPixelFormat. Names follow Metal's; the
// values are ours (the Metal backend maps them through a table).
type PixelFormat uint8

const (
	FormatInvalid PixelFormat = iota
	FormatRGBA8Unorm
	FormatRGBA8Unorm_sRGB
	FormatBGRA8Unorm
	FormatBGRA8Unorm_sRGB
	FormatB5G6R5Unorm
	FormatA1BGR5Unorm
	FormatABGR4Unorm
	FormatBGR5A1Unorm
	FormatR8Unorm
	FormatRG8Unorm
	FormatA8Unorm
	FormatR16Unorm
	FormatRG16Unorm
	FormatRGBA16Unorm
	FormatR16Float
	FormatRG16Float
	FormatRGBA16Float
	FormatR32Float
	FormatRG32Float
	FormatRGBA32Float
	FormatRGB10A2Unorm
	FormatBC1_RGBA
	FormatBC1_RGBA_sRGB
	FormatBC2_RGBA
	FormatBC2_RGBA_sRGB
	FormatBC3_RGBA
	FormatBC3_RGBA_sRGB
	FormatBC4_RUnorm
	FormatBC5_RGUnorm
	FormatDepth16Unorm
	FormatDepth32Float
	FormatDepth24Unorm_Stencil8
	FormatDepth32Float_Stencil8
	FormatStencil8
	FormatX32_Stencil8
	formatCount
)

// FormatInfo describes how a format is stored. Packed 16-bit formats are
// little-endian words whose bit layout follows Metal's name read from the
// most significant bit down, except where Metal documents otherwise (see
// the texel package).
type FormatInfo struct {
	Name          string
	BytesPerBlock int // bytes of one texel, or of one block when compressed
	BlockWidth    int // 4 for BC formats, else 1
	BlockHeight   int
	Components    int // colour channels stored (0 for depth/stencil)
	Depth         bool
	Stencil       bool
	Compressed    bool
	SRGB          bool
	Normalized    bool // unorm: values clamp to 0..1 on write
}

var formatInfo = [formatCount]FormatInfo{
	FormatInvalid:               {Name: "Invalid"},
	FormatRGBA8Unorm:            {Name: "RGBA8Unorm", BytesPerBlock: 4, Components: 4, Normalized: true},
	FormatRGBA8Unorm_sRGB:       {Name: "RGBA8Unorm_sRGB", BytesPerBlock: 4, Components: 4, Normalized: true, SRGB: true},
	FormatBGRA8Unorm:            {Name: "BGRA8Unorm", BytesPerBlock: 4, Components: 4, Normalized: true},
	FormatBGRA8Unorm_sRGB:       {Name: "BGRA8Unorm_sRGB", BytesPerBlock: 4, Components: 4, Normalized: true, SRGB: true},
	FormatB5G6R5Unorm:           {Name: "B5G6R5Unorm", BytesPerBlock: 2, Components: 3, Normalized: true},
	FormatA1BGR5Unorm:           {Name: "A1BGR5Unorm", BytesPerBlock: 2, Components: 4, Normalized: true},
	FormatABGR4Unorm:            {Name: "ABGR4Unorm", BytesPerBlock: 2, Components: 4, Normalized: true},
	FormatBGR5A1Unorm:           {Name: "BGR5A1Unorm", BytesPerBlock: 2, Components: 4, Normalized: true},
	FormatR8Unorm:               {Name: "R8Unorm", BytesPerBlock: 1, Components: 1, Normalized: true},
	FormatRG8Unorm:              {Name: "RG8Unorm", BytesPerBlock: 2, Components: 2, Normalized: true},
	FormatA8Unorm:               {Name: "A8Unorm", BytesPerBlock: 1, Components: 1, Normalized: true},
	FormatR16Unorm:              {Name: "R16Unorm", BytesPerBlock: 2, Components: 1, Normalized: true},
	FormatRG16Unorm:             {Name: "RG16Unorm", BytesPerBlock: 4, Components: 2, Normalized: true},
	FormatRGBA16Unorm:           {Name: "RGBA16Unorm", BytesPerBlock: 8, Components: 4, Normalized: true},
	FormatR16Float:              {Name: "R16Float", BytesPerBlock: 2, Components: 1},
	FormatRG16Float:             {Name: "RG16Float", BytesPerBlock: 4, Components: 2},
	FormatRGBA16Float:           {Name: "RGBA16Float", BytesPerBlock: 8, Components: 4},
	FormatR32Float:              {Name: "R32Float", BytesPerBlock: 4, Components: 1},
	FormatRG32Float:             {Name: "RG32Float", BytesPerBlock: 8, Components: 2},
	FormatRGBA32Float:           {Name: "RGBA32Float", BytesPerBlock: 16, Components: 4},
	FormatRGB10A2Unorm:          {Name: "RGB10A2Unorm", BytesPerBlock: 4, Components: 4, Normalized: true},
	FormatBC1_RGBA:              {Name: "BC1_RGBA", BytesPerBlock: 8, BlockWidth: 4, BlockHeight: 4, Components: 4, Compressed: true, Normalized: true},
	FormatBC1_RGBA_sRGB:         {Name: "BC1_RGBA_sRGB", BytesPerBlock: 8, BlockWidth: 4, BlockHeight: 4, Components: 4, Compressed: true, Normalized: true, SRGB: true},
	FormatBC2_RGBA:              {Name: "BC2_RGBA", BytesPerBlock: 16, BlockWidth: 4, BlockHeight: 4, Components: 4, Compressed: true, Normalized: true},
	FormatBC2_RGBA_sRGB:         {Name: "BC2_RGBA_sRGB", BytesPerBlock: 16, BlockWidth: 4, BlockHeight: 4, Components: 4, Compressed: true, Normalized: true, SRGB: true},
	FormatBC3_RGBA:              {Name: "BC3_RGBA", BytesPerBlock: 16, BlockWidth: 4, BlockHeight: 4, Components: 4, Compressed: true, Normalized: true},
	FormatBC3_RGBA_sRGB:         {Name: "BC3_RGBA_sRGB", BytesPerBlock: 16, BlockWidth: 4, BlockHeight: 4, Components: 4, Compressed: true, Normalized: true, SRGB: true},
	FormatBC4_RUnorm:            {Name: "BC4_RUnorm", BytesPerBlock: 8, BlockWidth: 4, BlockHeight: 4, Components: 1, Compressed: true, Normalized: true},
	FormatBC5_RGUnorm:           {Name: "BC5_RGUnorm", BytesPerBlock: 16, BlockWidth: 4, BlockHeight: 4, Components: 2, Compressed: true, Normalized: true},
	FormatDepth16Unorm:          {Name: "Depth16Unorm", BytesPerBlock: 2, Depth: true, Normalized: true},
	FormatDepth32Float:          {Name: "Depth32Float", BytesPerBlock: 4, Depth: true},
	FormatDepth24Unorm_Stencil8: {Name: "Depth24Unorm_Stencil8", BytesPerBlock: 4, Depth: true, Stencil: true, Normalized: true},
	FormatDepth32Float_Stencil8: {Name: "Depth32Float_Stencil8", BytesPerBlock: 8, Depth: true, Stencil: true},
	FormatStencil8:              {Name: "Stencil8", BytesPerBlock: 1, Stencil: true},
	FormatX32_Stencil8:          {Name: "X32_Stencil8", BytesPerBlock: 8, Stencil: true},
}

func init() {
	for i := range formatInfo {
		if formatInfo[i].BlockWidth == 0 {
			formatInfo[i].BlockWidth, formatInfo[i].BlockHeight = 1, 1
		}
	}
}

// Info returns the format's storage description.
func (f PixelFormat) Info() FormatInfo {
	if int(f) >= len(formatInfo) {
		return formatInfo[FormatInvalid]
	}
	return formatInfo[f]
}

func (f PixelFormat) String() string { return f.Info().Name }

// IsDepth reports whether the format has a depth plane.
func (f PixelFormat) IsDepth() bool { return f.Info().Depth }

// IsStencil reports whether the format has a stencil plane.
func (f PixelFormat) IsStencil() bool { return f.Info().Stencil }

// IsCompressed reports whether the format is block compressed.
func (f PixelFormat) IsCompressed() bool { return f.Info().Compressed }

// SRGB returns the sRGB twin of a linear format, or f if it has none.
func (f PixelFormat) SRGB() PixelFormat {
	switch f {
	case FormatRGBA8Unorm, FormatBGRA8Unorm, FormatBC1_RGBA, FormatBC2_RGBA, FormatBC3_RGBA:
		return f + 1
	}
	return f
}

// Linear returns the linear twin of an sRGB format, or f if it is linear.
func (f PixelFormat) Linear() PixelFormat {
	if f.Info().SRGB {
		return f - 1
	}
	return f
}

// BytesPerRow returns the tightly packed row pitch (of block rows) for a
// width in texels.
func (f PixelFormat) BytesPerRow(width int) int {
	in := f.Info()
	return (width + in.BlockWidth - 1) / in.BlockWidth * in.BytesPerBlock
}

// BytesPerImage returns the tightly packed size of one width x height image.
func (f PixelFormat) BytesPerImage(width, height int) int {
	in := f.Info()
	return f.BytesPerRow(width) * ((height + in.BlockHeight - 1) / in.BlockHeight)
}

// MipSize returns the size of level l of a dimension of size n.
func MipSize(n, l int) int {
	n >>= uint(l)
	if n < 1 {
		return 1
	}
	return n
}
