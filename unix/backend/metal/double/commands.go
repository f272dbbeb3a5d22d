//go:build linux && (amd64 || arm64)

package double

import (
	"fmt"
	"sync/atomic"

	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/metal/mtl"
)

// Command queues, command buffers and the blit encoder, on the
// reference backend's.

type queue struct {
	devChild
	ref backend.CommandQueue
}

type cmdBuffer struct {
	devChild
	ref       backend.CommandBuffer
	encoder   *object // the open encoder, at most one
	committed bool
	inFlight  atomic.Bool // committed and not yet completed: Metal holds a reference
}

type blitEncoder struct {
	cb  *object
	ref backend.BlitCommandEncoder
	end bool
}

func commandClasses() []classSpec {
	return []classSpec{
		{name: "MTLDoubleCommandQueue", super: "MTLDoubleObject", headers: []string{"MTLCommandQueue"}, methods: map[string]method{
			"commandBuffer":                         newCommandBuffer,
			"commandBufferWithUnretainedReferences": newCommandBuffer,
		}},
		{name: "MTLDoubleCommandBuffer", super: "MTLDoubleObject", headers: []string{"MTLCommandBuffer"}, methods: map[string]method{
			"renderCommandEncoderWithDescriptor:": newRenderEncoder,
			"presentDrawable:":                    presentDrawable,
			"blitCommandEncoder": func(c *call) {
				cb := c.self.state.(*cmdBuffer)
				if !cb.canEncode(c) {
					return
				}
				e := c.d.newObject(c.d.classes["MTLDoubleBlitCommandEncoder"], &blitEncoder{cb: c.self, ref: cb.ref.BlitCommandEncoder()})
				c.d.retain(c.self) // an encoder keeps its command buffer
				cbObj := c.self
				e.dealloc = func() { c.d.release(cbObj) }
				cb.encoder = e
				c.d.autorelease(e)
				c.retObj(e)
			},
			"addCompletedHandler:": func(c *call) {
				cb := c.self.state.(*cmdBuffer)
				if cb.committed {
					c.fail("completed handlers must be added before commit")
					return
				}
				b := c.obj(0)
				if b == nil {
					c.fail("nil block")
					return
				}
				c.d.retain(b) // Metal copies the block
				self := c.self
				cb.ref.AddCompletedHandler(func(backend.CommandBuffer) {
					c.d.invokeBlock(b, self.id)
					c.d.release(b)
				})
			},
			"commit": func(c *call) {
				cb := c.self.state.(*cmdBuffer)
				if cb.committed {
					c.fail("commit of a command buffer already committed")
					return
				}
				if cb.encoder != nil {
					c.fail("commit with an encoder still open (endEncoding it first)")
					return
				}
				cb.committed = true
				// Metal keeps a committed buffer alive until it completes.
				c.d.retain(c.self)
				cb.inFlight.Store(true)
				self := c.self
				cb.ref.AddCompletedHandler(func(backend.CommandBuffer) {
					cb.inFlight.Store(false)
					c.d.release(self)
				})
				cb.ref.Commit()
			},
			"waitUntilCompleted": func(c *call) {
				cb := c.self.state.(*cmdBuffer)
				if !cb.committed {
					c.fail("waitUntilCompleted before commit would wait forever")
					return
				}
				cb.ref.WaitUntilCompleted()
			},
			"status": func(c *call) {
				cb := c.self.state.(*cmdBuffer)
				st := mtl.CommandBufferStatusNotEnqueued
				if cb.committed {
					switch cb.ref.Status() {
					case backend.StatusCompleted:
						st = mtl.CommandBufferStatusCompleted
					case backend.StatusError:
						st = mtl.CommandBufferStatusError
					default:
						st = mtl.CommandBufferStatusCommitted
					}
				}
				c.retUint(int(st))
			},
			"error": func(c *call) {
				cb := c.self.state.(*cmdBuffer)
				if err := cb.ref.Error(); err != nil {
					c.retObj(c.d.newError("MTLCommandBufferErrorDomain", 1, err.Error()))
					return
				}
				c.retObj(nil)
			},
		}},
		{name: "MTLDoubleBlitCommandEncoder", super: "MTLDoubleObject", headers: []string{"MTLBlitCommandEncoder"}, methods: map[string]method{
			"endEncoding": func(c *call) {
				e := c.self.state.(*blitEncoder)
				if !e.open(c) {
					return
				}
				e.end = true
				e.ref.EndEncoding()
				e.cb.state.(*cmdBuffer).encoder = nil
			},
			"copyFromBuffer:sourceOffset:toBuffer:destinationOffset:size:": func(c *call) {
				e := c.self.state.(*blitEncoder)
				src, dst := bufferArg(c, 0), bufferArg(c, 2)
				if !e.open(c) || src == nil || dst == nil {
					return
				}
				so, do, n := c.uint(1), c.uint(3), c.uint(4)
				if so+n > src.ref.Length() || do+n > dst.ref.Length() {
					c.fail("copy of %d bytes from offset %d of %d bytes to offset %d of %d bytes is out of bounds",
						n, so, src.ref.Length(), do, dst.ref.Length())
					return
				}
				e.ref.CopyBufferToBuffer(src.ref, so, dst.ref, do, n)
			},
			"copyFromBuffer:sourceOffset:sourceBytesPerRow:sourceBytesPerImage:sourceSize:toTexture:destinationSlice:destinationLevel:destinationOrigin:": func(c *call) {
				copyBufferToTexture(c)
			},
			"copyFromBuffer:sourceOffset:sourceBytesPerRow:sourceBytesPerImage:sourceSize:toTexture:destinationSlice:destinationLevel:destinationOrigin:options:": func(c *call) {
				copyBufferToTexture(c)
			},
			"copyFromTexture:sourceSlice:sourceLevel:sourceOrigin:sourceSize:toBuffer:destinationOffset:destinationBytesPerRow:destinationBytesPerImage:": func(c *call) {
				copyTextureToBuffer(c)
			},
			"copyFromTexture:sourceSlice:sourceLevel:sourceOrigin:sourceSize:toBuffer:destinationOffset:destinationBytesPerRow:destinationBytesPerImage:options:": func(c *call) {
				copyTextureToBuffer(c)
			},
			"copyFromTexture:sourceSlice:sourceLevel:sourceOrigin:sourceSize:toTexture:destinationSlice:destinationLevel:destinationOrigin:": func(c *call) {
				e := c.self.state.(*blitEncoder)
				src, dst := textureArg(c, 0), textureArg(c, 5)
				if !e.open(c) || src == nil || dst == nil {
					return
				}
				so, sz, do := c.words(3), c.words(4), c.words(8)
				e.ref.CopyTextureToTexture(src.ref, c.uint(1), c.uint(2), backend.Origin{X: so[0], Y: so[1], Z: so[2]},
					backend.Size{Width: sz[0], Height: sz[1], Depth: sz[2]}, dst.ref, c.uint(6), c.uint(7),
					backend.Origin{X: do[0], Y: do[1], Z: do[2]})
			},
			"generateMipmapsForTexture:": func(c *call) {
				e := c.self.state.(*blitEncoder)
				t := textureArg(c, 0)
				if !e.open(c) || t == nil {
					return
				}
				e.ref.GenerateMipmaps(t.ref)
			},
			"fillBuffer:range:value:": func(c *call) {
				e := c.self.state.(*blitEncoder)
				b := bufferArg(c, 0)
				if !e.open(c) || b == nil {
					return
				}
				r := c.words(1)
				if r[0]+r[1] > b.ref.Length() {
					c.fail("range [%d, %d) past the buffer's %d bytes", r[0], r[0]+r[1], b.ref.Length())
					return
				}
				e.ref.FillBuffer(b.ref, r[0], r[1], byte(c.uint(2)))
			},
			"synchronizeResource:": func(c *call) {
				e := c.self.state.(*blitEncoder)
				o := c.obj(0)
				if !e.open(c) || o == nil {
					return
				}
				switch r := o.state.(type) {
				case *buffer:
					if r.storage != mtl.StorageModeManaged {
						c.fail("of a buffer whose storage mode is %d: only managed resources synchronize", r.storage)
					}
				case *texture:
					if r.storage != mtl.StorageModeManaged {
						c.fail("of a texture whose storage mode is %d: only managed resources synchronize", r.storage)
					}
				}
			},
		}},
	}
}

func newCommandBuffer(c *call) {
	q := c.self.state.(*queue)
	cb := c.d.newObject(c.d.classes["MTLDoubleCommandBuffer"], &cmdBuffer{devChild: q.devChild, ref: q.ref.CommandBuffer()})
	c.d.autorelease(cb) // commandBuffer returns an autoreleased object
	c.retObj(cb)
}

func (cb *cmdBuffer) canEncode(c *call) bool {
	switch {
	case cb.committed:
		c.fail("encoder made on a command buffer already committed")
		return false
	case cb.encoder != nil:
		c.fail("encoder made while another encoder of the command buffer is still open (%s)", cb.encoder)
		return false
	}
	return true
}

func (e *blitEncoder) open(c *call) bool {
	if e.end {
		c.fail("on an encoder that has ended")
		return false
	}
	return true
}

func bufferArg(c *call, i int) *buffer {
	o := c.obj(i)
	if o == nil {
		c.fail("argument %d: nil buffer", i)
		return nil
	}
	b, ok := o.state.(*buffer)
	if !ok {
		c.fail("argument %d: %s is not a buffer", i, o)
		return nil
	}
	return b
}

func textureArg(c *call, i int) *texture {
	o := c.obj(i)
	if o == nil {
		c.fail("argument %d: nil texture", i)
		return nil
	}
	t, ok := o.state.(*texture)
	if !ok {
		c.fail("argument %d: %s is not a texture", i, o)
		return nil
	}
	return t
}

func copyBufferToTexture(c *call) {
	e := c.self.state.(*blitEncoder)
	src, dst := bufferArg(c, 0), textureArg(c, 5)
	if !e.open(c) || src == nil || dst == nil {
		return
	}
	sz, o := c.words(4), c.words(8)
	e.ref.CopyBufferToTexture(src.ref, c.uint(1), c.uint(2), c.uint(3), backend.Size{Width: sz[0], Height: sz[1], Depth: sz[2]},
		dst.ref, c.uint(6), c.uint(7), backend.Origin{X: o[0], Y: o[1], Z: o[2]})
}

func copyTextureToBuffer(c *call) {
	e := c.self.state.(*blitEncoder)
	src, dst := textureArg(c, 0), bufferArg(c, 5)
	if !e.open(c) || src == nil || dst == nil {
		return
	}
	o, sz := c.words(3), c.words(4)
	e.ref.CopyTextureToBuffer(src.ref, c.uint(1), c.uint(2), backend.Origin{X: o[0], Y: o[1], Z: o[2]},
		backend.Size{Width: sz[0], Height: sz[1], Depth: sz[2]}, dst.ref, c.uint(6), c.uint(7), c.uint(8))
}

// swizzlesFrom reads MTLTextureSwizzleChannels.
func swizzlesFrom(b []byte) (pixfmt.Swizzles, error) {
	var out pixfmt.Swizzles
	for i := range out {
		switch s := mtl.TextureSwizzle(b[i]); {
		case s == mtl.TextureSwizzleZero:
			out[i] = pixfmt.SwizzleZero
		case s == mtl.TextureSwizzleOne:
			out[i] = pixfmt.SwizzleOne
		case s == mtl.TextureSwizzleRed+mtl.TextureSwizzle(i):
			out[i] = pixfmt.SwizzleIdentity
		case s == mtl.TextureSwizzleRed:
			out[i] = pixfmt.SwizzleRed
		case s == mtl.TextureSwizzleGreen:
			out[i] = pixfmt.SwizzleGreen
		case s == mtl.TextureSwizzleBlue:
			out[i] = pixfmt.SwizzleBlue
		case s == mtl.TextureSwizzleAlpha:
			out[i] = pixfmt.SwizzleAlpha
		default:
			return out, fmt.Errorf("swizzle %d", s)
		}
	}
	return out, nil
}
