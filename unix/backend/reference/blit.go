package reference

import (
	"fmt"

	"mtld3d/unix/backend"
	"mtld3d/unix/backend/reference/texel"
)

type blitEncoder struct{ cb *commandBuffer }

func (e *blitEncoder) add(f func() error) { e.cb.cmds = append(e.cb.cmds, f) }

func (e *blitEncoder) CopyBufferToBuffer(src backend.Buffer, srcOffset int, dst backend.Buffer, dstOffset, size int) {
	s, d := src.(*Buffer), dst.(*Buffer)
	e.add(func() error {
		if srcOffset+size > len(s.data) || dstOffset+size > len(d.data) {
			return fmt.Errorf("reference: buffer copy out of range")
		}
		copy(d.data[dstOffset:dstOffset+size], s.data[srcOffset:srcOffset+size])
		return nil
	})
}

func (e *blitEncoder) CopyBufferToTexture(src backend.Buffer, srcOffset, bytesPerRow, bytesPerImage int, size backend.Size, dst backend.Texture, slice, level int, origin backend.Origin) {
	s, d := src.(*Buffer), dst.(*Texture)
	e.add(func() error {
		r := backend.Region{X: origin.X, Y: origin.Y, Z: origin.Z, Width: size.Width, Height: size.Height, Depth: size.Depth}
		d.Replace(r, level, slice, s.data[srcOffset:], bytesPerRow, bytesPerImage)
		return nil
	})
}

func (e *blitEncoder) CopyTextureToBuffer(src backend.Texture, slice, level int, origin backend.Origin, size backend.Size, dst backend.Buffer, dstOffset, bytesPerRow, bytesPerImage int) {
	s, d := src.(*Texture), dst.(*Buffer)
	e.add(func() error {
		r := backend.Region{X: origin.X, Y: origin.Y, Z: origin.Z, Width: size.Width, Height: size.Height, Depth: size.Depth}
		s.GetBytes(d.data[dstOffset:], bytesPerRow, bytesPerImage, r, level, slice)
		return nil
	})
}

func (e *blitEncoder) CopyTextureToTexture(src backend.Texture, srcSlice, srcLevel int, srcOrigin backend.Origin, size backend.Size, dst backend.Texture, dstSlice, dstLevel int, dstOrigin backend.Origin) {
	s, d := src.(*Texture), dst.(*Texture)
	e.add(func() error {
		if s.desc.Format.Info().BytesPerBlock != d.desc.Format.Info().BytesPerBlock || s.desc.SampleCount != d.desc.SampleCount {
			return fmt.Errorf("reference: copy between %v and %v", s.desc.Format, d.desc.Format)
		}
		if size.Depth < 1 {
			size.Depth = 1
		}
		f := s.desc.Format
		pitch := f.BytesPerRow(size.Width) * s.desc.SampleCount
		img := f.BytesPerImage(size.Width, size.Height) * s.desc.SampleCount
		tmp := make([]byte, img*size.Depth)
		s.GetBytes(tmp, pitch, img, backend.Region{X: srcOrigin.X, Y: srcOrigin.Y, Z: srcOrigin.Z,
			Width: size.Width, Height: size.Height, Depth: size.Depth}, srcLevel, srcSlice)
		d.Replace(backend.Region{X: dstOrigin.X, Y: dstOrigin.Y, Z: dstOrigin.Z,
			Width: size.Width, Height: size.Height, Depth: size.Depth}, dstLevel, dstSlice, tmp, pitch, img)
		return nil
	})
}

// GenerateMipmaps fills levels 1.. from level 0 with a 2x2(x2) box filter
// in linear space (sRGB formats are decoded first, as Metal does).
func (e *blitEncoder) GenerateMipmaps(t backend.Texture) {
	tx := t.(*Texture)
	e.add(func() error {
		f := tx.desc.Format
		if f.IsCompressed() || f.IsDepth() || f.IsStencil() {
			return fmt.Errorf("reference: cannot generate mipmaps for %v", f)
		}
		bpp := f.Info().BytesPerBlock
		for l := 1; l < len(tx.levels); l++ {
			sw, sh, sd := tx.levelWidth(l-1), tx.levelHeight(l-1), tx.levelDepth(l-1)
			w, h, d := tx.levelWidth(l), tx.levelHeight(l), tx.levelDepth(l)
			src := make([][4]float32, sw*sh*sd)
			for s := 0; s < tx.slices; s++ {
				for z := 0; z < sd; z++ {
					texel.DecodeImage(f, tx.image(l-1, s, z), sw, sh, src[z*sw*sh:])
				}
				for z := 0; z < d; z++ {
					out := tx.image(l, s, z)
					for y := 0; y < h; y++ {
						for x := 0; x < w; x++ {
							var sum [4]float32
							n := float32(0)
							for dz := 0; dz < 2 && (sd > 1 || dz == 0); dz++ {
								for dy := 0; dy < 2 && (sh > 1 || dy == 0); dy++ {
									for dx := 0; dx < 2 && (sw > 1 || dx == 0); dx++ {
										c := src[(min(2*z+dz, sd-1)*sh+min(2*y+dy, sh-1))*sw+min(2*x+dx, sw-1)]
										for i := range sum {
											sum[i] += c[i]
										}
										n++
									}
								}
							}
							for i := range sum {
								sum[i] /= n
							}
							texel.Encode(f, out[(y*w+x)*bpp:], sum)
						}
					}
				}
			}
		}
		tx.touch()
		return nil
	})
}

func (e *blitEncoder) FillBuffer(b backend.Buffer, offset, length int, value byte) {
	bb := b.(*Buffer)
	e.add(func() error {
		p := bb.data[offset : offset+length]
		for i := range p {
			p[i] = value
		}
		return nil
	})
}

func (e *blitEncoder) EndEncoding() {}
