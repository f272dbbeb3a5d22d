//go:build amd64 || arm64

package metal

import (
	"encoding/binary"

	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
)

// Combined depth-stencil textures are private, and a blit moves their
// depth and stencil planes separately (MTLBlitOptionDepthFromDepthStencil,
// MTLBlitOptionStencilFromDepthStencil). The backend's texel layouts
// (shared with the reference backend) are:
//
//	Depth24Unorm_Stencil8: a little-endian word, depth in bits 0-23,
//	                       stencil in byte 3
//	Depth32Float_Stencil8: float32 depth in bytes 0-3, stencil in byte 4,
//	                       bytes 5-7 zero
//
// A blit's depth plane has 4 bytes a texel (Depth24's 24 bits in the low
// bits of a word) and its stencil plane 1.

// combinedDepthStencil reports whether f needs the two-plane path.
func combinedDepthStencil(f pixfmt.Format) bool {
	return f == pixfmt.Depth24Unorm_Stencil8 || f == pixfmt.Depth32Float_Stencil8
}

// splitDepthStencil copies w x h x d texels of f, laid out with the given
// row and image pitches, into tightly packed depth and stencil planes.
func splitDepthStencil(f pixfmt.Format, src []byte, bpr, bpi, w, h, d int) (depth, stencil []byte) {
	texel := f.Info().BytesPerBlock
	depth = make([]byte, w*h*d*4)
	stencil = make([]byte, w*h*d)
	le := binary.LittleEndian
	i := 0
	for z := 0; z < d; z++ {
		for y := 0; y < h; y++ {
			row := src[z*bpi+y*bpr:]
			for x := 0; x < w; x++ {
				p := row[x*texel:]
				word := le.Uint32(p)
				if f == pixfmt.Depth24Unorm_Stencil8 {
					le.PutUint32(depth[i*4:], word&0xffffff)
					stencil[i] = p[3]
				} else {
					le.PutUint32(depth[i*4:], word)
					stencil[i] = p[4]
				}
				i++
			}
		}
	}
	return depth, stencil
}

// mergeDepthStencil is the inverse of splitDepthStencil.
func mergeDepthStencil(f pixfmt.Format, dst []byte, bpr, bpi, w, h, d int, depth, stencil []byte) {
	texel := f.Info().BytesPerBlock
	le := binary.LittleEndian
	i := 0
	for z := 0; z < d; z++ {
		for y := 0; y < h; y++ {
			row := dst[z*bpi+y*bpr:]
			for x := 0; x < w; x++ {
				p := row[x*texel:]
				word := le.Uint32(depth[i*4:])
				if f == pixfmt.Depth24Unorm_Stencil8 {
					le.PutUint32(p, word&0xffffff|uint32(stencil[i])<<24)
				} else {
					le.PutUint32(p, word)
					p[4], p[5], p[6], p[7] = stencil[i], 0, 0, 0
				}
				i++
			}
		}
	}
}

// imagePitch is the bytesPerImage to give Metal: the caller's for 3D
// textures, 0 (meaning "one image") for everything else, as
// replaceRegion: and getBytes: ask.
func imagePitch(t backend.TextureType, bytesPerImage int) int {
	if t == backend.TextureType3D {
		return bytesPerImage
	}
	return 0
}

// regionBytes is how many bytes a region of f occupies at the given
// pitches (rows of blocks for compressed formats).
func regionBytes(f pixfmt.Format, r backend.Region, bytesPerRow, bytesPerImage int) int {
	in := f.Info()
	rows := (r.Height + in.BlockHeight - 1) / in.BlockHeight
	depth := max(r.Depth, 1)
	if depth > 1 {
		return bytesPerImage*(depth-1) + bytesPerRow*rows
	}
	return bytesPerRow * rows
}
