package reference

import (
	"fmt"

	"mtld3d/core/pixfmt"
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
		dr := backend.Region{X: dstOrigin.X, Y: dstOrigin.Y, Z: dstOrigin.Z, Width: size.Width, Height: size.Height, Depth: size.Depth}
		if s.shared != d.shared {
			// Straight from the source's storage, laid out as Replace
			// reads it: no copy of the region in between.
			fi := f.Info()
			start := (srcSlice*s.levelDepth(srcLevel)+srcOrigin.Z)*s.imageSize(srcLevel) +
				srcOrigin.Y/fi.BlockHeight*s.rowPitch(srcLevel) + srcOrigin.X/fi.BlockWidth*fi.BytesPerBlock*s.desc.SampleCount
			d.Replace(dr, dstLevel, dstSlice, s.levels[srcLevel][start:], s.rowPitch(srcLevel), s.imageSize(srcLevel))
			return nil
		}
		// One storage: through a copy, as the regions may overlap.
		pitch := f.BytesPerRow(size.Width) * s.desc.SampleCount
		img := f.BytesPerImage(size.Width, size.Height) * s.desc.SampleCount
		tmp := make([]byte, img*size.Depth)
		s.GetBytes(tmp, pitch, img, backend.Region{X: srcOrigin.X, Y: srcOrigin.Y, Z: srcOrigin.Z,
			Width: size.Width, Height: size.Height, Depth: size.Depth}, srcLevel, srcSlice)
		d.Replace(dr, dstLevel, dstSlice, tmp, pitch, img)
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

// Plane is one plane of a combined depth-stencil texel, as Metal's
// MTLBlitOptionDepthFromDepthStencil and StencilFromDepthStencil copy it:
// depth as 32 bits a texel (Depth32Float's float, Depth24Unorm's value in
// the low 24 bits), stencil as one byte.
type Plane uint8

const (
	PlaneDepth Plane = iota + 1
	PlaneStencil
)

// planeTexel is where plane p sits in a texel of f, and its size in the
// buffer.
func planeTexel(f pixfmt.Format, p Plane) (off, size, bufSize int) {
	switch {
	case p == PlaneDepth && f == pixfmt.Depth24Unorm_Stencil8:
		return 0, 3, 4
	case p == PlaneDepth:
		return 0, 4, 4
	case f == pixfmt.Depth24Unorm_Stencil8:
		return 3, 1, 1
	}
	return 4, 1, 1
}

// CopyBufferToTexturePlane is copyFromBuffer:...options: with a
// depth-stencil blit option: the buffer holds one plane, the texel's other
// plane stays.
func (e *blitEncoder) CopyBufferToTexturePlane(src backend.Buffer, srcOffset, bytesPerRow, bytesPerImage int, size backend.Size, dst backend.Texture, slice, level int, origin backend.Origin, p Plane) {
	s, d := src.(*Buffer), dst.(*Texture)
	e.add(func() error {
		return d.planeCopy(s.data[srcOffset:], bytesPerRow, bytesPerImage, size, slice, level, origin, p, true)
	})
}

// CopyTextureToBufferPlane is copyFromTexture:...options: with a
// depth-stencil blit option.
func (e *blitEncoder) CopyTextureToBufferPlane(src backend.Texture, slice, level int, origin backend.Origin, size backend.Size, dst backend.Buffer, dstOffset, bytesPerRow, bytesPerImage int, p Plane) {
	s, d := src.(*Texture), dst.(*Buffer)
	e.add(func() error {
		return s.planeCopy(d.data[dstOffset:], bytesPerRow, bytesPerImage, size, slice, level, origin, p, false)
	})
}

func (t *Texture) planeCopy(buf []byte, bytesPerRow, bytesPerImage int, size backend.Size, slice, level int, origin backend.Origin, p Plane, in bool) error {
	f := t.desc.Format
	if !f.Info().Depth || !f.Info().Stencil {
		return fmt.Errorf("reference: depth-stencil plane copy of %v", f)
	}
	size.Depth = max(size.Depth, 1)
	texel := f.Info().BytesPerBlock
	off, n, bn := planeTexel(f, p)
	pitch, img := size.Width*texel, size.Width*texel*size.Height
	tmp := make([]byte, img*size.Depth)
	r := backend.Region{X: origin.X, Y: origin.Y, Z: origin.Z, Width: size.Width, Height: size.Height, Depth: size.Depth}
	t.GetBytes(tmp, pitch, img, r, level, slice)
	for z := 0; z < size.Depth; z++ {
		for y := 0; y < size.Height; y++ {
			row := z*bytesPerImage + y*bytesPerRow
			if row+size.Width*bn > len(buf) {
				return fmt.Errorf("reference: depth-stencil plane copy past its buffer")
			}
			for x := 0; x < size.Width; x++ {
				px := tmp[z*img+y*pitch+x*texel+off:]
				b := buf[row+x*bn:]
				if in {
					copy(px[:n], b[:n])
				} else {
					clear(b[:bn])
					copy(b[:n], px[:n])
				}
			}
		}
	}
	if in {
		t.Replace(r, level, slice, tmp, pitch, img)
	}
	return nil
}
