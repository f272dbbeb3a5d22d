//go:build darwin

package mtl

import (
	"unsafe"

	"github.com/ebitengine/purego/objc"

	"mtld3d/unix/backend/metal/ns"
)

var (
	class_MTLRenderPassDescriptor = ns.Cls(ns.Metal, "MTLRenderPassDescriptor")

	sel_commandBuffer                         = ns.Sel("commandBuffer")
	sel_commandBufferWithUnretainedReferences = ns.Sel("commandBufferWithUnretainedReferences")
	sel_renderCommandEncoderWithDescriptor    = ns.Sel("renderCommandEncoderWithDescriptor:")
	sel_blitCommandEncoder                    = ns.Sel("blitCommandEncoder")
	sel_presentDrawable                       = ns.Sel("presentDrawable:")
	sel_addCompletedHandler                   = ns.Sel("addCompletedHandler:")
	sel_commit                                = ns.Sel("commit")
	sel_waitUntilCompleted                    = ns.Sel("waitUntilCompleted")
	sel_status                                = ns.Sel("status")
	sel_error                                 = ns.Sel("error")
	sel_renderPassDescriptor                  = ns.Sel("renderPassDescriptor")
	sel_depthAttachment                       = ns.Sel("depthAttachment")
	sel_stencilAttachment                     = ns.Sel("stencilAttachment")
	sel_setTexture                            = ns.Sel("setTexture:")
	sel_setLevel                              = ns.Sel("setLevel:")
	sel_setSlice                              = ns.Sel("setSlice:")
	sel_setDepthPlane                         = ns.Sel("setDepthPlane:")
	sel_setLoadAction                         = ns.Sel("setLoadAction:")
	sel_setStoreAction                        = ns.Sel("setStoreAction:")
	sel_setResolveTexture                     = ns.Sel("setResolveTexture:")
	sel_setResolveLevel                       = ns.Sel("setResolveLevel:")
	sel_setResolveSlice                       = ns.Sel("setResolveSlice:")
	sel_setClearColor                         = ns.Sel("setClearColor:")
	sel_setClearDepth                         = ns.Sel("setClearDepth:")
	sel_setClearStencil                       = ns.Sel("setClearStencil:")
	sel_setVisibilityResultBuffer             = ns.Sel("setVisibilityResultBuffer:")
	sel_setSamplePositions_count              = ns.Sel("setSamplePositions:count:")
)

// CommandQueue is an id<MTLCommandQueue>.
type CommandQueue struct{ id objc.ID }

// ID is the object id.
func (q CommandQueue) ID() objc.ID { return q.id }

// Release is -release.
func (q CommandQueue) Release() { ns.Release(q.id) }

// SetLabel is setLabel:.
func (q CommandQueue) SetLabel(s string) { ns.ObjectOf(q.id).SetLabel(s) }

// CommandBuffer is an id<MTLCommandBuffer>.
type CommandBuffer struct{ id objc.ID }

// CommandBufferOf wraps an id (the argument of a completion handler).
func CommandBufferOf(id objc.ID) CommandBuffer { return CommandBuffer{id} }

// ID is the object id.
func (c CommandBuffer) ID() objc.ID { return c.id }

// IsNil reports whether there is no command buffer.
func (c CommandBuffer) IsNil() bool { return c.id == 0 }

// CommandBuffer is -commandBuffer, retained: the result outlives the
// autorelease pool it was made in, so the caller must Release it.
func (q CommandQueue) CommandBuffer() CommandBuffer {
	return CommandBuffer{ns.Retain(ns.Send(q.id, sel_commandBuffer))}
}

// Release is -release.
func (c CommandBuffer) Release() { ns.Release(c.id) }

// SetLabel is setLabel:.
func (c CommandBuffer) SetLabel(s string) { ns.ObjectOf(c.id).SetLabel(s) }

// Commit is -commit.
func (c CommandBuffer) Commit() { ns.Send(c.id, sel_commit) }

// WaitUntilCompleted is -waitUntilCompleted.
func (c CommandBuffer) WaitUntilCompleted() { ns.Send(c.id, sel_waitUntilCompleted) }

// Status is -status.
func (c CommandBuffer) Status() CommandBufferStatus {
	return CommandBufferStatus(ns.SendUint(c.id, sel_status))
}

// Error is -error copied into Go; nil when there is none.
func (c CommandBuffer) Error() error {
	var err error
	ns.WithPool(func() { err = ns.ErrorOf(ns.Send(c.id, sel_error)) })
	return err
}

// PresentDrawable is -presentDrawable:. drawable is an id<MTLDrawable>
// (ca.MetalDrawable.ID()).
func (c CommandBuffer) PresentDrawable(drawable objc.ID) {
	ns.Send(c.id, sel_presentDrawable, drawable)
}

// AddCompletedHandler is -addCompletedHandler:. Metal calls fn once, on a
// thread of its own, after the buffer's commands have run; fn gets the
// command buffer, which is valid only during the call.
//
// The handler is an Objective-C block made with purego/objc's NewBlock:
// a heap block whose invoke pointer is a purego callback and whose Go
// closure lives in a table inside purego until the block's dispose
// helper runs (when Metal releases its copy). Metal copies the block, so
// ours is released as soon as it is added. The closure must not refer to
// Go memory that its owner frees explicitly; see the metal package's
// notes on teardown.
func (c CommandBuffer) AddCompletedHandler(fn func(CommandBuffer)) {
	b := objc.NewBlock(func(_ objc.Block, cb objc.ID) {
		fn(CommandBuffer{cb})
	})
	ns.Send(c.id, sel_addCompletedHandler, b)
	b.Release()
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

func setAttachment(a objc.ID, ls *LoadStore) {
	ns.Send(a, sel_setTexture, ls.Texture.id)
	ns.Send(a, sel_setLevel, uint(ls.Level))
	ns.Send(a, sel_setSlice, uint(ls.Slice))
	ns.Send(a, sel_setDepthPlane, uint(ls.DepthPlane))
	ns.Send(a, sel_setLoadAction, uint(ls.LoadAction))
	ns.Send(a, sel_setStoreAction, uint(ls.StoreAction))
	if !ls.Resolve.IsNil() {
		ns.Send(a, sel_setResolveTexture, ls.Resolve.id)
		ns.Send(a, sel_setResolveLevel, uint(ls.ResolveLevel))
		ns.Send(a, sel_setResolveSlice, uint(ls.ResolveSlice))
	}
}

// RenderCommandEncoder is renderCommandEncoderWithDescriptor:, retained:
// call EndEncoding, then Release. The descriptor is built and dropped
// inside the call.
func (c CommandBuffer) RenderCommandEncoder(rp *RenderPassDescriptor) RenderCommandEncoder {
	var e RenderCommandEncoder
	ns.WithPool(func() {
		desc := ns.Send(class_MTLRenderPassDescriptor.ID(), sel_renderPassDescriptor) // autoreleased
		cas := ns.Send(desc, sel_colorAttachments)
		for i := range rp.Color {
			if rp.Color[i].Texture.IsNil() {
				continue
			}
			a := ns.Index(cas, i)
			setAttachment(a, &rp.Color[i])
			ns.Send(a, sel_setClearColor, rp.ClearColor[i])
		}
		if !rp.Depth.Texture.IsNil() {
			a := ns.Send(desc, sel_depthAttachment)
			setAttachment(a, &rp.Depth)
			ns.Send(a, sel_setClearDepth, rp.ClearDepth)
		}
		if !rp.Stencil.Texture.IsNil() {
			a := ns.Send(desc, sel_stencilAttachment)
			setAttachment(a, &rp.Stencil)
			ns.Send(a, sel_setClearStencil, rp.ClearStencil)
		}
		if !rp.VisibilityResultBuffer.IsNil() {
			ns.Send(desc, sel_setVisibilityResultBuffer, rp.VisibilityResultBuffer.id)
		}
		if n := rp.CenterSamples; n > 1 && n <= len(centreSamples) {
			ns.Send(desc, sel_setSamplePositions_count, unsafe.Pointer(&centreSamples[0]), uint(n))
		}
		e = RenderCommandEncoder{ns.Retain(ns.Send(c.id, sel_renderCommandEncoderWithDescriptor, desc))}
		if e.id != 0 && rp.Label != "" {
			ns.ObjectOf(e.id).SetLabel(rp.Label)
		}
	})
	return e
}

// BlitCommandEncoder is -blitCommandEncoder, retained: call EndEncoding,
// then Release.
func (c CommandBuffer) BlitCommandEncoder() BlitCommandEncoder {
	return BlitCommandEncoder{ns.Retain(ns.Send(c.id, sel_blitCommandEncoder))}
}
