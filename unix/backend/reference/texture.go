package reference

import (
	"fmt"
	"sync"

	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/reference/texel"
)

// Texture stores each mip level as one tightly packed byte slice holding
// every slice (and depth plane) of that level in turn; a multisampled
// texture keeps a pixel's samples next to each other. Sampling reads a
// float copy that is decoded when the texture was written since.
type Texture struct {
	desc    backend.TextureDesc
	slices  int      // array length, times 6 for cubes
	levels  [][]byte // shared with views
	swizzle pixfmt.Swizzles
	shared  *texShared
	mu      sync.Mutex
	cache   *decoded
}

// texShared is what a texture and its views have in common besides the
// bytes: the count of writes, which tells sampling copies they are stale.
type texShared struct {
	mu      sync.Mutex
	version uint64
}

var _ backend.Texture = (*Texture)(nil)

// decoded is a texture as linear float RGBA, for sampling.
type decoded struct {
	version uint64
	levels  []decodedLevel
}

type decodedLevel struct {
	w, h, d int
	texels  [][4]float32 // (slice*d + z)*h*w + y*w + x
}

func (d *Device) NewTexture(desc backend.TextureDesc) (backend.Texture, error) {
	if desc.Depth < 1 {
		desc.Depth = 1
	}
	if desc.MipLevels < 1 {
		desc.MipLevels = 1
	}
	if desc.ArrayLength < 1 {
		desc.ArrayLength = 1
	}
	if desc.SampleCount < 1 {
		desc.SampleCount = 1
	}
	in := desc.Format.Info()
	if desc.Format == pixfmt.Invalid || in.BytesPerBlock == 0 {
		return nil, fmt.Errorf("reference: bad texture %+v", desc)
	}
	if err := backend.CheckTexture(desc); err != nil {
		return nil, err
	}
	switch desc.Type {
	case backend.TextureType1D:
		desc.Height = 1
	case backend.TextureType2DMultisample:
		desc.MipLevels = 1
	}
	if desc.SampleCount > 1 && (desc.MipLevels > 1 || in.Compressed) {
		return nil, fmt.Errorf("reference: multisampled texture %+v: %w", desc, backend.ErrUnsupported)
	}
	t := &Texture{desc: desc, slices: desc.ArrayLength, shared: &texShared{}}
	if desc.Type == backend.TextureTypeCube {
		t.slices *= 6
	}
	if desc.Type != backend.TextureType3D {
		t.desc.Depth = 1
	}
	t.levels = make([][]byte, desc.MipLevels)
	for l := range t.levels {
		t.levels[l] = make([]byte, t.imageSize(l)*t.slices*t.levelDepth(l))
	}
	return t, nil
}

func (t *Texture) Desc() backend.TextureDesc   { return t.desc }
func (t *Texture) Type() backend.TextureType   { return t.desc.Type }
func (t *Texture) Format() pixfmt.Format       { return t.desc.Format }
func (t *Texture) Width() int                  { return t.desc.Width }
func (t *Texture) Height() int                 { return t.desc.Height }
func (t *Texture) Depth() int                  { return t.desc.Depth }
func (t *Texture) MipLevels() int              { return t.desc.MipLevels }
func (t *Texture) ArrayLength() int            { return t.desc.ArrayLength }
func (t *Texture) SampleCount() int            { return t.desc.SampleCount }
func (t *Texture) Usage() backend.TextureUsage { return t.desc.Usage }
func (t *Texture) Release()                    {}
func (t *Texture) levelWidth(l int) int        { return backend.MipSize(t.desc.Width, l) }
func (t *Texture) levelHeight(l int) int       { return backend.MipSize(t.desc.Height, l) }
func (t *Texture) levelDepth(l int) int        { return backend.MipSize(t.desc.Depth, l) }
func (t *Texture) rowPitch(l int) int {
	return t.desc.Format.BytesPerRow(t.levelWidth(l)) * t.desc.SampleCount
}
func (t *Texture) imageSize(l int) int {
	return t.desc.Format.BytesPerImage(t.levelWidth(l), t.levelHeight(l)) * t.desc.SampleCount
}

// image returns the bytes of one 2D image: level l, slice s, depth plane z.
func (t *Texture) image(l, s, z int) []byte {
	n := t.imageSize(l)
	i := (s*t.levelDepth(l) + z) * n
	return t.levels[l][i : i+n]
}

// touch marks the texture written, so the sampling copy is rebuilt.
func (t *Texture) touch() {
	t.shared.mu.Lock()
	t.shared.version++
	t.shared.mu.Unlock()
}

func (t *Texture) version() uint64 {
	t.shared.mu.Lock()
	defer t.shared.mu.Unlock()
	return t.shared.version
}

// NewView shares the texture's storage under another format of the same
// texel size, with a swizzle applied when sampling.
func (t *Texture) NewView(f pixfmt.Format, sw pixfmt.Swizzles) (backend.Texture, error) {
	if f.Info().BytesPerBlock != t.desc.Format.Info().BytesPerBlock || f.IsCompressed() != t.desc.Format.IsCompressed() {
		return nil, fmt.Errorf("reference: view of %v as %v: %w", t.desc.Format, f, backend.ErrUnsupported)
	}
	v := &Texture{desc: t.desc, slices: t.slices, levels: t.levels, swizzle: sw, shared: t.shared}
	v.desc.Format = f
	return v, nil
}

// Replace copies rows of blocks into a region. Region z selects depth
// planes of a 3D texture; slice selects the array slice or cube face.
func (t *Texture) Replace(r backend.Region, level, slice int, data []byte, bytesPerRow, bytesPerImage int) {
	t.copyRegion(r, level, slice, data, bytesPerRow, bytesPerImage, true)
	t.touch()
}

// GetBytes copies a region out, laid out like Replace's input.
func (t *Texture) GetBytes(dst []byte, bytesPerRow, bytesPerImage int, r backend.Region, level, slice int) {
	t.copyRegion(r, level, slice, dst, bytesPerRow, bytesPerImage, false)
}

func (t *Texture) copyRegion(r backend.Region, level, slice int, buf []byte, bytesPerRow, bytesPerImage int, in bool) {
	f := t.desc.Format
	fi := f.Info()
	if r.Depth < 1 {
		r.Depth = 1
	}
	bx, by := r.X/fi.BlockWidth, r.Y/fi.BlockHeight
	rowBytes := f.BytesPerRow(r.Width) * t.desc.SampleCount
	rows := (r.Height + fi.BlockHeight - 1) / fi.BlockHeight
	pitch := t.rowPitch(level)
	for z := 0; z < r.Depth; z++ {
		img := t.image(level, slice, r.Z+z)
		for y := 0; y < rows; y++ {
			off := (by+y)*pitch + bx*fi.BytesPerBlock*t.desc.SampleCount
			b := buf[z*bytesPerImage+y*bytesPerRow:]
			if in {
				copy(img[off:off+rowBytes], b[:rowBytes])
			} else {
				copy(b[:rowBytes], img[off:off+rowBytes])
			}
		}
	}
}

// sampled returns the float copy of the texture, decoding it if the
// texture changed. Multisampled textures decode sample 0. A stale copy is
// replaced, not refilled, since a pass on another queue may still read it.
func (t *Texture) sampled() *decoded {
	t.mu.Lock()
	defer t.mu.Unlock()
	ver := t.version()
	if t.cache != nil && t.cache.version == ver {
		return t.cache
	}
	c := &decoded{levels: make([]decodedLevel, len(t.levels)), version: ver}
	f := t.desc.Format
	for l := range t.levels {
		w, h, d := t.levelWidth(l), t.levelHeight(l), t.levelDepth(l)
		dl := &c.levels[l]
		dl.w, dl.h, dl.d = w, h, d
		n := w * h
		dl.texels = make([][4]float32, n*d*t.slices)
		for i := 0; i < d*t.slices; i++ {
			src := t.levels[l][i*t.imageSize(l):]
			if t.desc.SampleCount > 1 {
				src = t.sample0(src, w*h)
			}
			texel.DecodeImage(f, src, w, h, dl.texels[i*n:(i+1)*n])
		}
		if t.swizzle != (pixfmt.Swizzles{}) {
			for i, c := range dl.texels {
				dl.texels[i] = t.swizzle.Apply(c)
			}
		}
	}
	t.cache = c
	return c
}

func (t *Texture) sample0(src []byte, n int) []byte {
	bpp := t.desc.Format.Info().BytesPerBlock
	out := make([]byte, n*bpp)
	for i := 0; i < n; i++ {
		copy(out[i*bpp:(i+1)*bpp], src[i*bpp*t.desc.SampleCount:])
	}
	return out
}
