//go:build amd64 || arm64

package metal

import (
	"runtime"
	"sync"
	"sync/atomic"

	"go.uber.org/zap"

	"mtld3d/unix/backend"
	"mtld3d/unix/backend/metal/mtl"
	"mtld3d/unix/backend/metal/ns"
	"mtld3d/unix/logs"
)

// queue is a backend.CommandQueue.
type queue struct {
	dev *Device
	q   mtl.CommandQueue
}

func (q *queue) Release() { q.q.Release() }

func (q *queue) CommandBuffer() backend.CommandBuffer {
	seq := q.dev.frameSeq.Add(1)
	cb := &commandBuffer{dev: q.dev, seq: seq, done: make(chan struct{}), ref: &cbRef{}}
	ns.WithPool(func() {
		cb.cb = q.q.CommandBuffer() // retained
		cb.cb.SetLabel(frameLabel(seq))
	})
	cb.ref.cb = cb.cb
	// A buffer dropped without Commit is released when the Go value is
	// collected; a committed one by its completion handler.
	runtime.AddCleanup(cb, func(r *cbRef) { r.release() }, cb.ref)
	return cb
}

// cbRef owns the retain on a Metal command buffer and drops it once.
type cbRef struct {
	cb       mtl.CommandBuffer
	released atomic.Bool
}

func (r *cbRef) release() {
	if !r.released.Swap(true) {
		r.cb.Release()
	}
}

// commandBuffer is a backend.CommandBuffer. Its Metal command buffer is
// retained from creation until the completion handler runs, or, if it
// is never committed, until the Go value is collected.
type commandBuffer struct {
	dev    *Device
	cb     mtl.CommandBuffer
	ref    *cbRef
	seq    uint64
	passes int

	handlers     []func(backend.CommandBuffer)
	syncAtCommit []*buffer // managed buffers the GPU writes in render passes
	drawables    []*drawable

	mu        sync.Mutex
	status    backend.CommandStatus
	err       error
	committed atomic.Bool
	done      chan struct{}
}

func (c *commandBuffer) RenderCommandEncoder(desc *backend.RenderPassDesc) backend.RenderCommandEncoder {
	c.passes++
	pd, err := RenderPassDescriptor(desc)
	if err != nil {
		logs.L().Error("metal: render pass", zap.Error(err))
	}
	rp := mtl.RenderPassDescriptor{ClearDepth: pd.ClearDepth, ClearStencil: pd.ClearStencil, Label: passLabel(c.passes)}
	if pd.CenterSamples {
		for _, a := range desc.Color {
			if a.Texture != nil {
				rp.CenterSamples = max(rp.CenterSamples, a.Texture.SampleCount())
			}
		}
	}
	ls := func(a PassAttachment) mtl.LoadStore {
		return mtl.LoadStore{
			Texture: mtlTexture(a.Texture), Level: a.Level, Slice: a.Slice, DepthPlane: a.DepthPlane,
			LoadAction: a.Load, StoreAction: a.Store,
			Resolve: mtlTexture(a.Resolve), ResolveLevel: a.ResolveLevel, ResolveSlice: a.ResolveSlice,
		}
	}
	for i := range pd.Color {
		rp.Color[i] = ls(pd.Color[i])
		rp.ClearColor[i] = pd.ClearColor[i]
	}
	rp.Depth = ls(pd.Depth)
	rp.Stencil = ls(pd.Stencil)
	if pd.VisibilityResults != nil {
		rp.VisibilityResultBuffer = mtlBuffer(pd.VisibilityResults)
		if vb, ok := pd.VisibilityResults.(*buffer); ok && vb.managed {
			c.syncAtCommit = append(c.syncAtCommit, vb)
		}
	}
	e := c.cb.RenderCommandEncoder(&rp)
	if e.IsNil() {
		// Messages to nil do nothing: the pass is dropped, the rest of
		// the buffer still runs.
		logs.L().Error("metal: renderCommandEncoderWithDescriptor: returned nil", zap.String("pass", rp.Label))
	}
	return &renderEncoder{e: e, width: pd.Width, height: pd.Height}
}

func (c *commandBuffer) BlitCommandEncoder() backend.BlitCommandEncoder {
	var e mtl.BlitCommandEncoder
	ns.WithPool(func() { e = c.cb.BlitCommandEncoder() })
	return &blitEncoder{e: e}
}

func (c *commandBuffer) PresentDrawable(d backend.Drawable) {
	dr, ok := d.(*drawable)
	if !ok || dr == nil || !dr.handOver() {
		return
	}
	c.cb.PresentDrawable(dr.d.ID())
	c.drawables = append(c.drawables, dr)
}

func (c *commandBuffer) AddCompletedHandler(f func(backend.CommandBuffer)) {
	c.handlers = append(c.handlers, f)
}

// Commit pushes managed buffers' CPU writes, adds the completion block
// and commits. The block is the only place the Metal command buffer and
// the presented drawables are released (see the package notes on
// teardown).
func (c *commandBuffer) Commit() {
	if c.committed.Swap(true) {
		return
	}
	c.dev.flushDirty()
	c.mu.Lock()
	c.status = backend.StatusCommitted
	c.mu.Unlock()
	c.dev.inflight.Add(1)
	ns.WithPool(func() {
		if len(c.syncAtCommit) > 0 {
			// Visibility results written into managed buffers reach the
			// CPU through a synchronizeResource: blit after the passes.
			be := &blitEncoder{e: c.cb.BlitCommandEncoder(), sync: c.syncAtCommit}
			be.EndEncoding()
			c.syncAtCommit = nil
		}
		c.cb.AddCompletedHandler(c.completed)
		c.cb.Commit()
	})
}

// completed runs on a Metal thread once the GPU is done.
func (c *commandBuffer) completed(mcb mtl.CommandBuffer) {
	defer c.dev.inflight.Done()
	st := CommandStatus(mcb.Status())
	var err error
	if st == backend.StatusError {
		err = mcb.Error()
		logs.L().Error("metal: command buffer failed", zap.Uint64("frame", c.seq), zap.Error(err))
	}
	c.mu.Lock()
	c.status, c.err = st, err
	c.mu.Unlock()
	for _, d := range c.drawables {
		d.release()
	}
	c.drawables = nil
	c.ref.release()
	c.cb = mtl.CommandBuffer{}
	for _, h := range c.handlers {
		h(c)
	}
	c.handlers = nil
	close(c.done)
}

// WaitUntilCompleted waits for the completion handler, which has run the
// backend handlers by the time it returns. An uncommitted buffer returns
// at once.
func (c *commandBuffer) WaitUntilCompleted() {
	if !c.committed.Load() {
		return
	}
	<-c.done
}

func (c *commandBuffer) Status() backend.CommandStatus {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.status
}

func (c *commandBuffer) Error() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// renderEncoder is a backend.RenderCommandEncoder.
type renderEncoder struct {
	e             mtl.RenderCommandEncoder
	width, height int
}

func (r *renderEncoder) SetViewport(v backend.Viewport) {
	r.e.SetViewport(mtl.Viewport{OriginX: v.OriginX, OriginY: v.OriginY, Width: v.Width, Height: v.Height, ZNear: v.ZNear, ZFar: v.ZFar})
}

func (r *renderEncoder) SetScissorRect(s backend.ScissorRect) {
	r.e.SetScissorRect(ClampScissor(s, r.width, r.height))
}

func (r *renderEncoder) SetCullMode(m backend.CullMode) {
	if v, err := CullMode(m); err == nil {
		r.e.SetCullMode(v)
	}
}

func (r *renderEncoder) SetFrontFacing(w backend.Winding) {
	if v, err := Winding(w); err == nil {
		r.e.SetFrontFacingWinding(v)
	}
}

func (r *renderEncoder) SetDepthBias(bias, slopeScale, clamp float32) {
	r.e.SetDepthBias(bias, slopeScale, clamp)
}

func (r *renderEncoder) SetDepthClipMode(m backend.DepthClipMode) {
	if v, err := DepthClipMode(m); err == nil {
		r.e.SetDepthClipMode(v)
	}
}

func (r *renderEncoder) SetTriangleFillMode(m backend.TriangleFillMode) {
	if v, err := FillMode(m); err == nil {
		r.e.SetTriangleFillMode(v)
	}
}

func (r *renderEncoder) SetDepthStoreAction(a backend.StoreAction) {
	if v, err := StoreAction(a); err == nil {
		r.e.SetDepthStoreAction(v)
	}
}

func (r *renderEncoder) SetStencilStoreAction(a backend.StoreAction) {
	if v, err := StoreAction(a); err == nil {
		r.e.SetStencilStoreAction(v)
	}
}

func (r *renderEncoder) SetStencilReference(front, back uint32) {
	r.e.SetStencilReferenceValues(front, back)
}

func (r *renderEncoder) SetBlendColor(red, g, b, a float32) { r.e.SetBlendColor(red, g, b, a) }

func (r *renderEncoder) SetRenderPipelineState(p backend.RenderPipelineState) {
	if pp, ok := p.(*pipeline); ok && pp != nil {
		r.e.SetRenderPipelineState(pp.p)
	}
}

func (r *renderEncoder) SetDepthStencilState(s backend.DepthStencilState) {
	if ds, ok := s.(*depthStencil); ok && ds != nil {
		r.e.SetDepthStencilState(ds.s)
	}
}

func (r *renderEncoder) SetVertexBuffer(b backend.Buffer, offset, index int) {
	r.e.SetVertexBuffer(mtlBuffer(b), offset, index)
}

func (r *renderEncoder) SetVertexBufferOffset(offset, index int) {
	r.e.SetVertexBufferOffset(offset, index)
}

func (r *renderEncoder) SetVertexBytes(data []byte, index int) { r.e.SetVertexBytes(data, index) }

func (r *renderEncoder) SetFragmentBuffer(b backend.Buffer, offset, index int) {
	r.e.SetFragmentBuffer(mtlBuffer(b), offset, index)
}

func (r *renderEncoder) SetFragmentBufferOffset(offset, index int) {
	r.e.SetFragmentBufferOffset(offset, index)
}

func (r *renderEncoder) SetFragmentBytes(data []byte, index int) { r.e.SetFragmentBytes(data, index) }

func (r *renderEncoder) SetVertexTexture(t backend.Texture, index int) {
	r.e.SetVertexTexture(mtlTexture(t), index)
}

func (r *renderEncoder) SetFragmentTexture(t backend.Texture, index int) {
	r.e.SetFragmentTexture(mtlTexture(t), index)
}

func (r *renderEncoder) SetVertexSampler(s backend.Sampler, index int) {
	if ss, ok := s.(*sampler); ok && ss != nil {
		r.e.SetVertexSamplerState(ss.s, index)
		return
	}
	r.e.SetVertexSamplerState(mtl.SamplerState{}, index)
}

func (r *renderEncoder) SetFragmentSampler(s backend.Sampler, index int) {
	if ss, ok := s.(*sampler); ok && ss != nil {
		r.e.SetFragmentSamplerState(ss.s, index)
		return
	}
	r.e.SetFragmentSamplerState(mtl.SamplerState{}, index)
}

func (r *renderEncoder) SetVisibilityResultMode(m backend.VisibilityMode, offset int) {
	if v, err := VisibilityMode(m); err == nil {
		r.e.SetVisibilityResultMode(v, offset)
	}
}

func (r *renderEncoder) DrawPrimitives(t backend.PrimitiveType, start, count, instances, baseInstance int) {
	pt, err := PrimitiveType(t)
	if err != nil || count <= 0 || instances <= 0 {
		return
	}
	r.e.DrawPrimitives(pt, start, count, instances, baseInstance)
}

func (r *renderEncoder) DrawIndexedPrimitives(t backend.PrimitiveType, count int, it backend.IndexType, ib backend.Buffer, offset, instances, baseVertex, baseInstance int) {
	pt, err := PrimitiveType(t)
	if err != nil || count <= 0 || instances <= 0 {
		return
	}
	mit, err := IndexType(it)
	if err != nil {
		return
	}
	r.e.DrawIndexedPrimitives(pt, count, mit, mtlBuffer(ib), offset, instances, baseVertex, baseInstance)
}

func (r *renderEncoder) EndEncoding() {
	r.e.EndEncoding()
	r.e.Release()
	r.e = mtl.RenderCommandEncoder{}
}

// blitEncoder is a backend.BlitCommandEncoder. Blits that write a managed
// buffer end with synchronizeResource: so the CPU sees the result.
type blitEncoder struct {
	e    mtl.BlitCommandEncoder
	sync []*buffer
}

func (b *blitEncoder) syncLater(dst backend.Buffer) {
	if bb, ok := dst.(*buffer); ok && bb != nil && bb.managed {
		b.sync = append(b.sync, bb)
	}
}

func (b *blitEncoder) CopyBufferToBuffer(src backend.Buffer, srcOffset int, dst backend.Buffer, dstOffset, size int) {
	b.e.CopyBufferToBuffer(mtlBuffer(src), srcOffset, mtlBuffer(dst), dstOffset, size)
	b.syncLater(dst)
}

func mtlOrigin(o backend.Origin) mtl.Origin {
	return mtl.Origin{X: uint(o.X), Y: uint(o.Y), Z: uint(o.Z)}
}

func mtlSize(s backend.Size) mtl.Size {
	return mtl.Size{Width: uint(max(s.Width, 1)), Height: uint(max(s.Height, 1)), Depth: uint(max(s.Depth, 1))}
}

func (b *blitEncoder) CopyBufferToTexture(src backend.Buffer, srcOffset, bytesPerRow, bytesPerImage int, size backend.Size, dst backend.Texture, slice, level int, origin backend.Origin) {
	b.e.CopyBufferToTexture(mtlBuffer(src), srcOffset, bytesPerRow, bytesPerImage, mtlSize(size), mtlTexture(dst), slice, level, mtlOrigin(origin))
}

func (b *blitEncoder) CopyTextureToBuffer(src backend.Texture, slice, level int, origin backend.Origin, size backend.Size, dst backend.Buffer, dstOffset, bytesPerRow, bytesPerImage int) {
	b.e.CopyTextureToBuffer(mtlTexture(src), slice, level, mtlOrigin(origin), mtlSize(size), mtlBuffer(dst), dstOffset, bytesPerRow, bytesPerImage)
	b.syncLater(dst)
}

func (b *blitEncoder) CopyTextureToTexture(src backend.Texture, srcSlice, srcLevel int, srcOrigin backend.Origin, size backend.Size, dst backend.Texture, dstSlice, dstLevel int, dstOrigin backend.Origin) {
	b.e.CopyTextureToTexture(mtlTexture(src), srcSlice, srcLevel, mtlOrigin(srcOrigin), mtlSize(size), mtlTexture(dst), dstSlice, dstLevel, mtlOrigin(dstOrigin))
}

func (b *blitEncoder) GenerateMipmaps(t backend.Texture) { b.e.GenerateMipmaps(mtlTexture(t)) }

func (b *blitEncoder) FillBuffer(buf backend.Buffer, offset, length int, value byte) {
	if length <= 0 {
		return
	}
	b.e.FillBuffer(mtlBuffer(buf), offset, length, value)
	b.syncLater(buf)
}

func (b *blitEncoder) EndEncoding() {
	seen := map[*buffer]bool{}
	for _, bb := range b.sync {
		if !seen[bb] {
			seen[bb] = true
			b.e.SynchronizeResource(bb.b.ID())
		}
	}
	b.e.EndEncoding()
	b.e.Release()
	b.e = mtl.BlitCommandEncoder{}
}
