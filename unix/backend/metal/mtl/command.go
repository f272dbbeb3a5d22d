//go:build amd64 || arm64

package mtl

import (
	"unsafe"

	"mtld3d/unix/backend/metal/msg"
	"mtld3d/unix/backend/metal/ns"
)

var (
	class_MTLRenderPassDescriptor = ns.Cls(ns.Metal, "MTLRenderPassDescriptor")
)

// CommandQueue is an id<MTLCommandQueue>.
type CommandQueue struct{ id ns.ID }

// ID is the object id.
func (q CommandQueue) ID() ns.ID { return q.id }

// Release is -release.
func (q CommandQueue) Release() { ns.Release(q.id) }

// Retain is -retain.
func (q CommandQueue) Retain() CommandQueue { ns.Retain(q.id); return q }

// SetLabel is setLabel:.
func (q CommandQueue) SetLabel(s string) { ns.ObjectOf(q.id).SetLabel(s) }

// CommandBuffer is an id<MTLCommandBuffer>.
type CommandBuffer struct{ id ns.ID }

// CommandBufferOf wraps an id (the argument of a completion handler).
func CommandBufferOf(id ns.ID) CommandBuffer { return CommandBuffer{id} }

// ID is the object id.
func (c CommandBuffer) ID() ns.ID { return c.id }

// IsNil reports whether there is no command buffer.
func (c CommandBuffer) IsNil() bool { return c.id == 0 }

// CommandBuffer is -commandBuffer, retained: the result outlives the
// autorelease pool it was made in, so the caller must Release it.
func (q CommandQueue) CommandBuffer() CommandBuffer {
	return CommandBuffer{ns.Retain(send_commandBuffer(q.id))}
}

// Release is -release.
func (c CommandBuffer) Release() { ns.Release(c.id) }

// SetLabel is setLabel:.
func (c CommandBuffer) SetLabel(s string) { ns.ObjectOf(c.id).SetLabel(s) }

// Commit is -commit.
func (c CommandBuffer) Commit() { send_commit(c.id) }

// WaitUntilCompleted is -waitUntilCompleted.
func (c CommandBuffer) WaitUntilCompleted() { send_waitUntilCompleted(c.id) }

// Status is -status.
func (c CommandBuffer) Status() CommandBufferStatus {
	return CommandBufferStatus(send_status(c.id))
}

// Error is -error copied into Go; nil when there is none.
func (c CommandBuffer) Error() error {
	var err error
	ns.WithPool(func() { err = ns.ErrorOf(send_error(c.id)) })
	return err
}

// PresentDrawable is -presentDrawable:. drawable is an id<MTLDrawable>
// (ca.MetalDrawable.ID()).
func (c CommandBuffer) PresentDrawable(drawable ns.ID) {
	send_presentDrawable(c.id, drawable)
}

// AddCompletedHandler is -addCompletedHandler:. Metal calls fn once, on a
// thread of its own, after the buffer's commands have run; fn gets the
// command buffer, which is valid only during the call.
//
// The handler is a heap block (ns.NewBlock) whose Go closure lives until
// the block is disposed of, when Metal releases its copy. Metal copies the
// block, so ours is released as soon as it is added. The closure must not
// refer to Go memory that its owner frees explicitly; see the metal
// package's notes on teardown.
func (c CommandBuffer) AddCompletedHandler(fn func(CommandBuffer)) {
	b := ns.NewBlock(func(cb ns.ID) { fn(CommandBuffer{cb}) })
	send_addCompletedHandler(c.id, b)
	ns.Release(b)
}

// LoadStore are the actions and subresource of one render pass
// attachment.
type LoadStore struct {
	Texture      Texture
	Level        int
	Slice        int
	DepthPlane   int
	LoadAction   LoadAction
	StoreAction  StoreAction
	Resolve      Texture
	ResolveLevel int
	ResolveSlice int
}

// RenderPassDescriptor is the plain form of MTLRenderPassDescriptor. An
// attachment with a nil Texture is left unset.
type RenderPassDescriptor struct {
	Color        [MaxColorAttachments]LoadStore
	ClearColor   [MaxColorAttachments]ClearColor
	Depth        LoadStore
	ClearDepth   float64
	Stencil      LoadStore
	ClearStencil uint32
	// VisibilityResultBuffer receives the pass's visibility results.
	VisibilityResultBuffer Buffer
	Label                  string
	// CenterSamples, when above 1, is the attachments' sample count, every
	// sample placed at the pixel centre (setSamplePositions:count:).
	CenterSamples int
}

// SamplePosition is MTLSamplePosition.
type SamplePosition struct{ X, Y float32 }

// centreSamples is enough centred positions for any sample count.
var centreSamples = [16]SamplePosition{{.5, .5}, {.5, .5}, {.5, .5}, {.5, .5}, {.5, .5}, {.5, .5}, {.5, .5}, {.5, .5},
	{.5, .5}, {.5, .5}, {.5, .5}, {.5, .5}, {.5, .5}, {.5, .5}, {.5, .5}, {.5, .5}}

func setAttachment(a ns.ID, ls *LoadStore) {
	send_setTexture(a, ls.Texture.id)
	send_setLevel(a, uint(ls.Level))
	send_setSlice(a, uint(ls.Slice))
	send_setDepthPlane(a, uint(ls.DepthPlane))
	send_setLoadAction(a, uint(ls.LoadAction))
	send_setStoreAction(a, uint(ls.StoreAction))
	if !ls.Resolve.IsNil() {
		send_setResolveTexture(a, ls.Resolve.id)
		send_setResolveLevel(a, uint(ls.ResolveLevel))
		send_setResolveSlice(a, uint(ls.ResolveSlice))
	}
}

// RenderCommandEncoder is renderCommandEncoderWithDescriptor:, retained:
// call EndEncoding, then Release. The descriptor is built and dropped
// inside the call.
func (c CommandBuffer) RenderCommandEncoder(rp *RenderPassDescriptor) RenderCommandEncoder {
	var e RenderCommandEncoder
	ns.WithPool(func() {
		desc := send_renderPassDescriptor(class_MTLRenderPassDescriptor.ID()) // autoreleased
		cas := send_colorAttachments(desc)
		for i := range rp.Color {
			if rp.Color[i].Texture.IsNil() {
				continue
			}
			a := ns.Index(cas, i)
			setAttachment(a, &rp.Color[i])
			send_setClearColor(a, rp.ClearColor[i])
		}
		if !rp.Depth.Texture.IsNil() {
			a := send_depthAttachment(desc)
			setAttachment(a, &rp.Depth)
			send_setClearDepth(a, rp.ClearDepth)
		}
		if !rp.Stencil.Texture.IsNil() {
			a := send_stencilAttachment(desc)
			setAttachment(a, &rp.Stencil)
			send_setClearStencil(a, rp.ClearStencil)
		}
		if !rp.VisibilityResultBuffer.IsNil() {
			send_setVisibilityResultBuffer(desc, rp.VisibilityResultBuffer.id)
		}
		if n := rp.CenterSamples; n > 1 && n <= len(centreSamples) {
			send_setSamplePositions_count(desc, unsafe.Pointer(&centreSamples[0]), uint(n))
		}
		e = RenderCommandEncoder{id: ns.Retain(send_renderCommandEncoderWithDescriptor(c.id, desc)), b: msg.GetBatch(), s: getEncState()}
		if e.id != 0 && rp.Label != "" {
			ns.ObjectOf(e.id).SetLabel(rp.Label)
		}
	})
	return e
}

// BlitCommandEncoder is -blitCommandEncoder, retained: call EndEncoding,
// then Release.
func (c CommandBuffer) BlitCommandEncoder() BlitCommandEncoder {
	return BlitCommandEncoder{ns.Retain(send_blitCommandEncoder(c.id))}
}
