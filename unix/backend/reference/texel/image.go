package texel

import (
	"encoding/binary"
	"math"
	"mtld3d/core/pixfmt"
)

// BCKind returns 1..5 for BC1..BC5 formats and 0 otherwise.
func BCKind(f pixfmt.Format) int {
	switch f {
	case pixfmt.BC1_RGBA, pixfmt.BC1_RGBA_sRGB:
		return 1
	case pixfmt.BC2_RGBA, pixfmt.BC2_RGBA_sRGB:
		return 2
	case pixfmt.BC3_RGBA, pixfmt.BC3_RGBA_sRGB:
		return 3
	case pixfmt.BC4_RUnorm:
		return 4
	case pixfmt.BC5_RGUnorm:
		return 5
	}
	return 0
}

// DecodeImage decodes a tightly packed w x h image of format f into dst
// (w*h texels, row-major) as linear float RGBA. Depth formats decode to
// (depth, 0, 0, 1); stencil-only formats to (stencil, 0, 0, 1).
func DecodeImage(f pixfmt.Format, src []byte, w, h int, dst [][4]float32) {
	in := f.Info()
	if kind := BCKind(f); kind != 0 {
		var blk [16][4]float32
		bw := (w + 3) / 4
		for by := 0; by < (h+3)/4; by++ {
			for bx := 0; bx < bw; bx++ {
				DecodeBlock(kind, src[(by*bw+bx)*in.BytesPerBlock:], &blk)
				for y := 0; y < 4 && by*4+y < h; y++ {
					for x := 0; x < 4 && bx*4+x < w; x++ {
						c := blk[y*4+x]
						if in.SRGB {
							c[0], c[1], c[2] = SRGBToLinear(c[0]), SRGBToLinear(c[1]), SRGBToLinear(c[2])
						}
						dst[(by*4+y)*w+bx*4+x] = c
					}
				}
			}
		}
		return
	}
	bpp := in.BytesPerBlock
	if c := For(f); c != nil {
		for i := 0; i < w*h; i++ {
			dst[i] = c.Decode(src[i*bpp:])
		}
		return
	}
	for i := 0; i < w*h; i++ {
		p := src[i*bpp:]
		if in.Depth {
			dst[i] = [4]float32{LoadDepth(f, p), 0, 0, 1}
		} else {
			dst[i] = [4]float32{float32(LoadStencil(f, p)), 0, 0, 1}
		}
	}
}

// LoadDepth reads the depth of one texel of a depth format.
func LoadDepth(f pixfmt.Format, p []byte) float32 {
	le := binary.LittleEndian
	switch f {
	case pixfmt.Depth16Unorm:
		return float32(le.Uint16(p)) / 65535
	case pixfmt.Depth24Unorm_Stencil8:
		return float32(float64(le.Uint32(p)&0xffffff) / 0xffffff)
	case pixfmt.Depth32Float, pixfmt.Depth32Float_Stencil8:
		return math.Float32frombits(le.Uint32(p))
	}
	return 0
}

// QuantizeDepth rounds d to what format f can store, so that depth tests
// compare stored precision with stored precision as GPUs do.
func QuantizeDepth(f pixfmt.Format, d float32) float32 {
	switch f {
	case pixfmt.Depth16Unorm:
		return float32(unorm(d, 65535)) / 65535
	case pixfmt.Depth24Unorm_Stencil8:
		return float32(float64(unorm24(d)) / 0xffffff)
	}
	return d
}

func unorm24(d float32) uint32 {
	if !(d > 0) {
		return 0
	}
	if d >= 1 {
		return 0xffffff
	}
	return uint32(float64(d)*0xffffff + 0.5)
}

// StoreDepth writes the depth of one texel, keeping its stencil.
func StoreDepth(f pixfmt.Format, p []byte, d float32) {
	le := binary.LittleEndian
	switch f {
	case pixfmt.Depth16Unorm:
		le.PutUint16(p, uint16(unorm(d, 65535)))
	case pixfmt.Depth24Unorm_Stencil8:
		le.PutUint32(p, le.Uint32(p)&0xff000000|unorm24(d))
	case pixfmt.Depth32Float, pixfmt.Depth32Float_Stencil8:
		le.PutUint32(p, math.Float32bits(d))
	}
}

// LoadStencil reads the stencil of one texel; 0 if f has none.
func LoadStencil(f pixfmt.Format, p []byte) uint8 {
	switch f {
	case pixfmt.Stencil8:
		return p[0]
	case pixfmt.Depth24Unorm_Stencil8:
		return p[3]
	case pixfmt.Depth32Float_Stencil8, pixfmt.X32_Stencil8:
		return p[4]
	}
	return 0
}

// StoreStencil writes the stencil of one texel, keeping its depth.
func StoreStencil(f pixfmt.Format, p []byte, s uint8) {
	switch f {
	case pixfmt.Stencil8:
		p[0] = s
	case pixfmt.Depth24Unorm_Stencil8:
		p[3] = s
	case pixfmt.Depth32Float_Stencil8, pixfmt.X32_Stencil8:
		p[4] = s
	}
}

// Encode writes one texel of any uncompressed format from linear float
// RGBA; depth formats take red as depth, stencil formats red as stencil.
func Encode(f pixfmt.Format, p []byte, c [4]float32) {
	if cd := For(f); cd != nil {
		cd.Encode(p, c)
		return
	}
	in := f.Info()
	if in.Depth {
		StoreDepth(f, p, c[0])
	}
	if in.Stencil && !in.Depth {
		StoreStencil(f, p, uint8(c[0]))
	}
}
