//go:build amd64 || arm64

package metal

import (
	"fmt"
	"sync"
	"unsafe"

	"go.uber.org/zap"

	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/metal/mtl"
	"mtld3d/unix/backend/metal/ns"
	"mtld3d/unix/logs"
)

// buffer is a backend.Buffer over an MTLBuffer.
type buffer struct {
	dev      *Device
	b        mtl.Buffer
	length   int
	contents []byte
	managed  bool

	mu     sync.Mutex
	lo, hi int // dirty range of a managed buffer, lo >= hi when clean
}

func newBuffer(d *Device, b mtl.Buffer, length int, managed bool) *buffer {
	buf := &buffer{dev: d, b: b, length: length, managed: managed}
	if length > 0 {
		buf.contents = unsafe.Slice((*byte)(b.Contents()), length)
	}
	return buf
}

// Contents is the buffer's memory. On a managed buffer every call marks
// the whole buffer written: the next commit pushes it to the GPU.
func (b *buffer) Contents() []byte {
	if b.managed {
		b.touch(0, b.length)
	}
	return b.contents
}

func (b *buffer) Upload(offset int, data []byte) {
	n := copy(b.contents[offset:], data)
	if b.managed {
		b.touch(offset, offset+n)
	}
}

func (b *buffer) Length() int { return b.length }

func (b *buffer) Release() {
	b.contents = nil
	b.b.Release()
}

func (b *buffer) touch(lo, hi int) {
	if lo >= hi {
		return
	}
	b.mu.Lock()
	if b.lo >= b.hi {
		b.lo, b.hi = lo, hi
	} else {
		b.lo, b.hi = min(b.lo, lo), max(b.hi, hi)
	}
	b.mu.Unlock()
	b.dev.markDirty(b)
}

// flush is didModifyRange: over what the CPU wrote since the last flush.
func (b *buffer) flush() {
	b.mu.Lock()
	lo, hi := b.lo, b.hi
	b.lo, b.hi = 0, 0
	b.mu.Unlock()
	if lo < hi && b.contents != nil {
		b.b.DidModifyRange(lo, hi-lo)
	}
}

// texture is a backend.Texture over an MTLTexture.
type texture struct {
	dev     *Device
	t       mtl.Texture
	desc    backend.TextureDesc
	storage mtl.StorageMode
	owned   bool // false for a drawable's texture
}

func (d *Device) NewTexture(desc backend.TextureDesc) (backend.Texture, error) {
	if d.closed.Load() {
		return nil, errClosed
	}
	if err := backend.CheckTexture(desc); err != nil {
		return nil, err
	}
	td, err := TextureDescriptor(desc, d.unified)
	if err != nil {
		return nil, err
	}
	if desc.Format == pixfmt.Depth24Unorm_Stencil8 && !d.caps.Has(backend.CapDepth24Stencil8) {
		return nil, unsupported("pixel format on this device", desc.Format)
	}
	if desc.Format.IsCompressed() && !d.caps.Has(backend.CapBCTextures) {
		return nil, unsupported("pixel format on this device", desc.Format)
	}
	t, err := d.dev.NewTexture(td)
	if err != nil {
		return nil, err
	}
	t.SetLabel(textureLabel(d.nextID.Add(1)))
	return &texture{dev: d, t: t, desc: normalizeTextureDesc(desc), storage: td.StorageMode, owned: true}, nil
}

// MTLTexture is the underlying texture.
func (t *texture) MTLTexture() mtl.Texture { return t.t }

func (t *texture) Desc() backend.TextureDesc   { return t.desc }
func (t *texture) Type() backend.TextureType   { return t.desc.Type }
func (t *texture) Format() pixfmt.Format       { return t.desc.Format }
func (t *texture) Width() int                  { return t.desc.Width }
func (t *texture) Height() int                 { return t.desc.Height }
func (t *texture) Depth() int                  { return t.desc.Depth }
func (t *texture) MipLevels() int              { return t.desc.MipLevels }
func (t *texture) ArrayLength() int            { return t.desc.ArrayLength }
func (t *texture) SampleCount() int            { return t.desc.SampleCount }
func (t *texture) Usage() backend.TextureUsage { return t.desc.Usage }
func (t *texture) Release() {
	if t.owned {
		t.t.Release()
	}
}

func mtlRegion(r backend.Region) mtl.Region {
	return mtl.Region{
		Origin: mtl.Origin{X: uint(r.X), Y: uint(r.Y), Z: uint(r.Z)},
		Size:   mtl.Size{Width: uint(max(r.Width, 1)), Height: uint(max(r.Height, 1)), Depth: uint(max(r.Depth, 1))},
	}
}

func (t *texture) Replace(r backend.Region, level, slice int, data []byte, bytesPerRow, bytesPerImage int) {
	if r.Width <= 0 || r.Height <= 0 || len(data) == 0 {
		return
	}
	if t.storage != mtl.StorageModePrivate {
		t.t.Replace(mtlRegion(r), level, slice, unsafe.Pointer(&data[0]), bytesPerRow, imagePitch(t.desc.Type, bytesPerImage))
		return
	}
	if err := t.replacePrivate(r, level, slice, data, bytesPerRow, bytesPerImage); err != nil {
		logs.L().Error("metal: texture upload", zap.Error(err), zap.Stringer("format", t.desc.Format))
	}
}

// replacePrivate uploads through a staging buffer and a blit on the
// frame queue, without waiting (Device.upload).
func (t *texture) replacePrivate(r backend.Region, level, slice int, data []byte, bytesPerRow, bytesPerImage int) error {
	reg := mtlRegion(r)
	depth := max(r.Depth, 1)
	if combinedDepthStencil(t.desc.Format) {
		dPlane, sPlane := splitDepthStencil(t.desc.Format, data, bytesPerRow, bytesPerImage, r.Width, r.Height, depth)
		sb, err := t.dev.stagingBuffer(len(dPlane) + len(sPlane))
		if err != nil {
			return err
		}
		mem := unsafe.Slice((*byte)(sb.Contents()), len(dPlane)+len(sPlane))
		copy(mem, dPlane)
		copy(mem[len(dPlane):], sPlane)
		return t.dev.upload(sb, func(e mtl.BlitCommandEncoder) {
			e.CopyBufferToTextureOptions(sb, 0, r.Width*4, r.Width*4*r.Height, reg.Size, t.t, slice, level, reg.Origin, mtl.BlitOptionDepthFromDepthStencil)
			e.CopyBufferToTextureOptions(sb, len(dPlane), r.Width, r.Width*r.Height, reg.Size, t.t, slice, level, reg.Origin, mtl.BlitOptionStencilFromDepthStencil)
		})
	}
	// The blit reads the whole region: a staging buffer of its size, data
	// (short only if the caller's is) at its start.
	n := regionBytes(t.desc.Format, r, bytesPerRow, bytesPerImage)
	sb, err := t.dev.stagingBuffer(n)
	if err != nil {
		return err
	}
	copy(unsafe.Slice((*byte)(sb.Contents()), n), data)
	bpi := bytesPerImage
	if depth == 1 || bpi == 0 {
		bpi = regionBytes(t.desc.Format, backend.Region{Width: r.Width, Height: r.Height, Depth: 1}, bytesPerRow, 0)
	}
	return t.dev.upload(sb, func(e mtl.BlitCommandEncoder) {
		e.CopyBufferToTexture(sb, 0, bytesPerRow, bpi, reg.Size, t.t, slice, level, reg.Origin)
	})
}

func (t *texture) GetBytes(dst []byte, bytesPerRow, bytesPerImage int, r backend.Region, level, slice int) {
	if r.Width <= 0 || r.Height <= 0 || len(dst) == 0 {
		return
	}
	var err error
	switch t.storage {
	case mtl.StorageModePrivate:
		err = t.getPrivate(dst, bytesPerRow, bytesPerImage, r, level, slice)
	case mtl.StorageModeManaged:
		// Pull the GPU's writes into the CPU copy first.
		err = t.dev.staging(func(e mtl.BlitCommandEncoder) { e.SynchronizeResource(t.t.ID()) })
		fallthrough
	default:
		t.t.GetBytes(unsafe.Pointer(&dst[0]), bytesPerRow, imagePitch(t.desc.Type, bytesPerImage), mtlRegion(r), level, slice)
	}
	if err != nil {
		logs.L().Error("metal: texture read-back", zap.Error(err), zap.Stringer("format", t.desc.Format))
	}
}

// getPrivate reads back through a blit into a staging buffer.
func (t *texture) getPrivate(dst []byte, bytesPerRow, bytesPerImage int, r backend.Region, level, slice int) error {
	if t.desc.SampleCount > 1 {
		return fmt.Errorf("metal: multisample textures cannot be read back; resolve first")
	}
	reg := mtlRegion(r)
	depth := max(r.Depth, 1)
	if combinedDepthStencil(t.desc.Format) {
		dn, sn := r.Width*r.Height*depth*4, r.Width*r.Height*depth
		sb, err := t.dev.stagingBuffer(dn + sn)
		if err != nil {
			return err
		}
		defer sb.Release()
		err = t.dev.staging(func(e mtl.BlitCommandEncoder) {
			e.CopyTextureToBufferOptions(t.t, slice, level, reg.Origin, reg.Size, sb, 0, r.Width*4, r.Width*4*r.Height, mtl.BlitOptionDepthFromDepthStencil)
			e.CopyTextureToBufferOptions(t.t, slice, level, reg.Origin, reg.Size, sb, dn, r.Width, r.Width*r.Height, mtl.BlitOptionStencilFromDepthStencil)
		})
		if err != nil {
			return err
		}
		mem := unsafe.Slice((*byte)(sb.Contents()), dn+sn)
		mergeDepthStencil(t.desc.Format, dst, bytesPerRow, bytesPerImage, r.Width, r.Height, depth, mem[:dn], mem[dn:])
		return nil
	}
	rowBytes := t.desc.Format.BytesPerRow(r.Width)
	imgBytes := t.desc.Format.BytesPerImage(r.Width, r.Height)
	n := imgBytes * depth
	sb, err := t.dev.stagingBuffer(n)
	if err != nil {
		return err
	}
	defer sb.Release()
	err = t.dev.staging(func(e mtl.BlitCommandEncoder) {
		e.CopyTextureToBuffer(t.t, slice, level, reg.Origin, reg.Size, sb, 0, rowBytes, imgBytes)
	})
	if err != nil {
		return err
	}
	mem := unsafe.Slice((*byte)(sb.Contents()), n)
	rows := imgBytes / max(rowBytes, 1)
	for z := 0; z < depth; z++ {
		for y := 0; y < rows; y++ {
			off := z*bytesPerImage + y*bytesPerRow
			if off >= len(dst) {
				return nil
			}
			copy(dst[off:], mem[z*imgBytes+y*rowBytes:z*imgBytes+(y+1)*rowBytes])
		}
	}
	return nil
}

func (t *texture) NewView(f pixfmt.Format, sw pixfmt.Swizzles) (backend.Texture, error) {
	pf, err := PixelFormat(f)
	if err != nil {
		return nil, err
	}
	tt, err := TextureType(t.desc.Type, t.desc.ArrayLength)
	if err != nil {
		return nil, err
	}
	ch, err := Swizzles(sw)
	if err != nil {
		return nil, err
	}
	var v mtl.Texture
	ns.WithPool(func() {
		v, err = t.t.NewView(pf, tt,
			mtl.Range{Location: 0, Length: uint(t.desc.MipLevels)},
			mtl.Range{Location: 0, Length: uint(SliceCount(t.desc))}, ch)
	})
	if err != nil {
		return nil, err
	}
	v.SetLabel(textureLabel(t.dev.nextID.Add(1)))
	desc := t.desc
	desc.Format = f
	return &texture{dev: t.dev, t: v, desc: desc, storage: t.storage, owned: true}, nil
}

// sampler is a backend.Sampler.
type sampler struct {
	desc backend.SamplerDesc
	s    mtl.SamplerState
}

func (s *sampler) Desc() backend.SamplerDesc { return s.desc }
func (s *sampler) Release()                  { s.s.Release() }

// depthStencil is a backend.DepthStencilState.
type depthStencil struct {
	desc backend.DepthStencilDesc
	s    mtl.DepthStencilState
}

func (s *depthStencil) Desc() backend.DepthStencilDesc { return s.desc }
func (s *depthStencil) Release()                       { s.s.Release() }

// function is a backend.Function.
type function struct {
	stage backend.ShaderStage
	name  string
	key   string
	f     mtl.Function
}

func (f *function) Stage() backend.ShaderStage { return f.stage }
func (f *function) Name() string               { return f.name }
func (f *function) Release()                   { f.f.Release() }

// pipeline is a backend.RenderPipelineState.
type pipeline struct {
	desc  backend.RenderPipelineDesc
	p     mtl.RenderPipelineState
	label string
}

func (p *pipeline) Desc() backend.RenderPipelineDesc { return p.desc }
func (p *pipeline) Release()                         { p.p.Release() }

// Resolvers from interface values to Metal handles; nil gives a nil
// handle, which unbinds.
func mtlBuffer(b backend.Buffer) mtl.Buffer {
	if bb, ok := b.(*buffer); ok && bb != nil {
		return bb.b
	}
	return mtl.Buffer{}
}

func mtlTexture(t backend.Texture) mtl.Texture {
	if tt, ok := t.(*texture); ok && tt != nil {
		return tt.t
	}
	return mtl.Texture{}
}
