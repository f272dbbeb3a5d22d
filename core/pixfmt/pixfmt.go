// Package pixfmt is the backend's pixel formats and channel swizzles:
// Metal's MTLPixelFormat as a small enum with how each stores its texels,
// and MTLTextureSwizzleChannels. core/format maps D3D9 formats onto them;
// unix/backend's textures, views and attachments are made in them.
package pixfmt

// Format is the backend's MTLPixelFormat. Names follow Metal's (less the
// MTLPixelFormat prefix); the values are ours (the Metal backend maps
// them through a table).
type Format uint8

const (
	Invalid Format = iota
	RGBA8Unorm
	RGBA8Unorm_sRGB
	BGRA8Unorm
	BGRA8Unorm_sRGB
	B5G6R5Unorm
	A1BGR5Unorm
	ABGR4Unorm
	BGR5A1Unorm
	R8Unorm
	RG8Unorm
	A8Unorm
	R16Unorm
	RG16Unorm
	RGBA16Unorm
	R16Float
	RG16Float
	RGBA16Float
	R32Float
	RG32Float
	RGBA32Float
	RGB10A2Unorm
	BC1_RGBA
	BC1_RGBA_sRGB
	BC2_RGBA
	BC2_RGBA_sRGB
	BC3_RGBA
	BC3_RGBA_sRGB
	BC4_RUnorm
	BC5_RGUnorm
	Depth16Unorm
	Depth32Float
	Depth24Unorm_Stencil8
	Depth32Float_Stencil8
	Stencil8
	X32_Stencil8
	count
)

// Info describes how a format is stored. Packed 16-bit formats are
// little-endian words whose bit layout follows Metal's name read from the
// most significant bit down, except where Metal documents otherwise (see
// the texel package).
type Info struct {
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

var infos = [count]Info{
	Invalid:               {Name: "Invalid"},
	RGBA8Unorm:            {Name: "RGBA8Unorm", BytesPerBlock: 4, Components: 4, Normalized: true},
	RGBA8Unorm_sRGB:       {Name: "RGBA8Unorm_sRGB", BytesPerBlock: 4, Components: 4, Normalized: true, SRGB: true},
	BGRA8Unorm:            {Name: "BGRA8Unorm", BytesPerBlock: 4, Components: 4, Normalized: true},
	BGRA8Unorm_sRGB:       {Name: "BGRA8Unorm_sRGB", BytesPerBlock: 4, Components: 4, Normalized: true, SRGB: true},
	B5G6R5Unorm:           {Name: "B5G6R5Unorm", BytesPerBlock: 2, Components: 3, Normalized: true},
	A1BGR5Unorm:           {Name: "A1BGR5Unorm", BytesPerBlock: 2, Components: 4, Normalized: true},
	ABGR4Unorm:            {Name: "ABGR4Unorm", BytesPerBlock: 2, Components: 4, Normalized: true},
	BGR5A1Unorm:           {Name: "BGR5A1Unorm", BytesPerBlock: 2, Components: 4, Normalized: true},
	R8Unorm:               {Name: "R8Unorm", BytesPerBlock: 1, Components: 1, Normalized: true},
	RG8Unorm:              {Name: "RG8Unorm", BytesPerBlock: 2, Components: 2, Normalized: true},
	A8Unorm:               {Name: "A8Unorm", BytesPerBlock: 1, Components: 1, Normalized: true},
	R16Unorm:              {Name: "R16Unorm", BytesPerBlock: 2, Components: 1, Normalized: true},
	RG16Unorm:             {Name: "RG16Unorm", BytesPerBlock: 4, Components: 2, Normalized: true},
	RGBA16Unorm:           {Name: "RGBA16Unorm", BytesPerBlock: 8, Components: 4, Normalized: true},
	R16Float:              {Name: "R16Float", BytesPerBlock: 2, Components: 1},
	RG16Float:             {Name: "RG16Float", BytesPerBlock: 4, Components: 2},
	RGBA16Float:           {Name: "RGBA16Float", BytesPerBlock: 8, Components: 4},
	R32Float:              {Name: "R32Float", BytesPerBlock: 4, Components: 1},
	RG32Float:             {Name: "RG32Float", BytesPerBlock: 8, Components: 2},
	RGBA32Float:           {Name: "RGBA32Float", BytesPerBlock: 16, Components: 4},
	RGB10A2Unorm:          {Name: "RGB10A2Unorm", BytesPerBlock: 4, Components: 4, Normalized: true},
	BC1_RGBA:              {Name: "BC1_RGBA", BytesPerBlock: 8, BlockWidth: 4, BlockHeight: 4, Components: 4, Compressed: true, Normalized: true},
	BC1_RGBA_sRGB:         {Name: "BC1_RGBA_sRGB", BytesPerBlock: 8, BlockWidth: 4, BlockHeight: 4, Components: 4, Compressed: true, Normalized: true, SRGB: true},
	BC2_RGBA:              {Name: "BC2_RGBA", BytesPerBlock: 16, BlockWidth: 4, BlockHeight: 4, Components: 4, Compressed: true, Normalized: true},
	BC2_RGBA_sRGB:         {Name: "BC2_RGBA_sRGB", BytesPerBlock: 16, BlockWidth: 4, BlockHeight: 4, Components: 4, Compressed: true, Normalized: true, SRGB: true},
	BC3_RGBA:              {Name: "BC3_RGBA", BytesPerBlock: 16, BlockWidth: 4, BlockHeight: 4, Components: 4, Compressed: true, Normalized: true},
	BC3_RGBA_sRGB:         {Name: "BC3_RGBA_sRGB", BytesPerBlock: 16, BlockWidth: 4, BlockHeight: 4, Components: 4, Compressed: true, Normalized: true, SRGB: true},
	BC4_RUnorm:            {Name: "BC4_RUnorm", BytesPerBlock: 8, BlockWidth: 4, BlockHeight: 4, Components: 1, Compressed: true, Normalized: true},
	BC5_RGUnorm:           {Name: "BC5_RGUnorm", BytesPerBlock: 16, BlockWidth: 4, BlockHeight: 4, Components: 2, Compressed: true, Normalized: true},
	Depth16Unorm:          {Name: "Depth16Unorm", BytesPerBlock: 2, Depth: true, Normalized: true},
	Depth32Float:          {Name: "Depth32Float", BytesPerBlock: 4, Depth: true},
	Depth24Unorm_Stencil8: {Name: "Depth24Unorm_Stencil8", BytesPerBlock: 4, Depth: true, Stencil: true, Normalized: true},
	Depth32Float_Stencil8: {Name: "Depth32Float_Stencil8", BytesPerBlock: 8, Depth: true, Stencil: true},
	Stencil8:              {Name: "Stencil8", BytesPerBlock: 1, Stencil: true},
	X32_Stencil8:          {Name: "X32_Stencil8", BytesPerBlock: 8, Stencil: true},
}

func init() {
	for i := range infos {
		if infos[i].BlockWidth == 0 {
			infos[i].BlockWidth, infos[i].BlockHeight = 1, 1
		}
	}
}

// Info returns the format's storage description.
func (f Format) Info() Info {
	if int(f) >= len(infos) {
		return infos[Invalid]
	}
	return infos[f]
}

func (f Format) String() string { return f.Info().Name }

// IsDepth reports whether the format has a depth plane.
func (f Format) IsDepth() bool { return f.Info().Depth }

// IsStencil reports whether the format has a stencil plane.
func (f Format) IsStencil() bool { return f.Info().Stencil }

// IsCompressed reports whether the format is block compressed.
func (f Format) IsCompressed() bool { return f.Info().Compressed }

// SRGB returns the sRGB twin of a linear format, or f if it has none.
func (f Format) SRGB() Format {
	switch f {
	case RGBA8Unorm, BGRA8Unorm, BC1_RGBA, BC2_RGBA, BC3_RGBA:
		return f + 1
	}
	return f
}

// Linear returns the linear twin of an sRGB format, or f if it is linear.
func (f Format) Linear() Format {
	if f.Info().SRGB {
		return f - 1
	}
	return f
}

// BytesPerRow returns the tightly packed row pitch (of block rows) for a
// width in texels.
func (f Format) BytesPerRow(width int) int {
	in := f.Info()
	return (width + in.BlockWidth - 1) / in.BlockWidth * in.BytesPerBlock
}

// BytesPerImage returns the tightly packed size of one width x height image.
func (f Format) BytesPerImage(width, height int) int {
	in := f.Info()
	return f.BytesPerRow(width) * ((height + in.BlockHeight - 1) / in.BlockHeight)
}
