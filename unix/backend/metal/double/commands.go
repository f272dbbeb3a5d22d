//go:build linux && (amd64 || arm64)

package double

import (
	"fmt"
	"sync/atomic"

	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/metal/mtl"
	"mtld3d/unix/backend/reference"
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
					// Released before the flag drops, so a leak check in
					// between sees it freed, never as ours and alive.
					c.d.release(self)
					cb.inFlight.Store(false)
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
				copyBufferToTexture(c, mtl.BlitOptionNone)
			},
			"copyFromBuffer:sourceOffset:sourceBytesPerRow:sourceBytesPerImage:sourceSize:toTexture:destinationSlice:destinationLevel:destinationOrigin:options:": func(c *call) {
				copyBufferToTexture(c, mtl.BlitOption(c.uint(9)))
			},
			"copyFromTexture:sourceSlice:sourceLevel:sourceOrigin:sourceSize:toBuffer:destinationOffset:destinationBytesPerRow:destinationBytesPerImage:": func(c *call) {
				copyTextureToBuffer(c, mtl.BlitOptionNone)
			},
			"copyFromTexture:sourceSlice:sourceLevel:sourceOrigin:sourceSize:toBuffer:destinationOffset:destinationBytesPerRow:destinationBytesPerImage:options:": func(c *call) {
				copyTextureToBuffer(c, mtl.BlitOption(c.uint(9)))
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
				// The GPU's copy reaches the CPU's when the blit runs.
				switch r := o.state.(type) {
				case *buffer:
					if r.storage != mtl.StorageModeManaged {
						c.fail("of a buffer whose storage mode is %d: only managed resources synchronize", r.storage)
						return
					}
					e.ref.CopyBufferToBuffer(r.ref, 0, r.cpu, 0, r.ref.Length())
				case *texture:
					if r.storage != mtl.StorageModeManaged {
						c.fail("of a texture whose storage mode is %d: only managed resources synchronize", r.storage)
						return
					}
					syncTexture(e.ref, r)
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
	b, _ := arg[*buffer](c, i, "buffer", true)
	return b
}

func textureArg(c *call, i int) *texture {
	t, _ := arg[*texture](c, i, "texture", true)
	return t
}

// planeBytes is how many buffer bytes a copy of region r of t takes: the
// whole texel, or with a depth-stencil blit option one plane of it (the
// depth as 32-bit floats, the stencil as bytes).
func planeBytes(t *texture, r backend.Region, bytesPerRow, bytesPerImage int, opt mtl.BlitOption) int {
	px := 0
	switch opt {
	case mtl.BlitOptionDepthFromDepthStencil:
		px = 4
	case mtl.BlitOptionStencilFromDepthStencil:
		px = 1
	default:
		return t.bytesFor(r, bytesPerRow, bytesPerImage)
	}
	d := max(r.Depth, 1)
	return bytesPerImage*(d-1) + bytesPerRow*(r.Height-1) + px*r.Width
}

func copyBufferToTexture(c *call, opt mtl.BlitOption) {
	e := c.self.state.(*blitEncoder)
	src, dst := bufferArg(c, 0), textureArg(c, 5)
	if !e.open(c) || src == nil || dst == nil {
		return
	}
	sz, o := c.words(4), c.words(8)
	need := c.uint(1) + planeBytes(dst, backend.Region{Width: sz[0], Height: sz[1], Depth: sz[2]}, c.uint(2), c.uint(3), opt)
	if need > src.ref.Length() {
		c.fail("reads bytes [%d, %d) of a %d-byte source buffer (sourceOffset %d, sourceBytesPerRow %d, sourceBytesPerImage %d, sourceSize %dx%dx%d)",
			c.uint(1), need, src.ref.Length(), c.uint(1), c.uint(2), c.uint(3), sz[0], sz[1], sz[2])
		return
	}
	if !dst.regionOK(c, c.uint(7), c.uint(6), o, sz) {
		return
	}
	if p, ok := blitPlane(c, dst, opt); !ok {
		return
	} else if p != 0 {
		e.ref.(planeBlitter).CopyBufferToTexturePlane(src.ref, c.uint(1), c.uint(2), c.uint(3), backend.Size{Width: sz[0], Height: sz[1], Depth: sz[2]},
			dst.ref, c.uint(6), c.uint(7), backend.Origin{X: o[0], Y: o[1], Z: o[2]}, p)
		return
	}
	e.ref.CopyBufferToTexture(src.ref, c.uint(1), c.uint(2), c.uint(3), backend.Size{Width: sz[0], Height: sz[1], Depth: sz[2]},
		dst.ref, c.uint(6), c.uint(7), backend.Origin{X: o[0], Y: o[1], Z: o[2]})
}

func copyTextureToBuffer(c *call, opt mtl.BlitOption) {
	e := c.self.state.(*blitEncoder)
	src, dst := textureArg(c, 0), bufferArg(c, 5)
	if !e.open(c) || src == nil || dst == nil {
		return
	}
	o, sz := c.words(3), c.words(4)
	need := c.uint(6) + planeBytes(src, backend.Region{Width: sz[0], Height: sz[1], Depth: sz[2]}, c.uint(7), c.uint(8), opt)
	if need > dst.ref.Length() {
		c.fail("writes bytes [%d, %d) of a %d-byte destination buffer", c.uint(6), need, dst.ref.Length())
		return
	}
	if !src.regionOK(c, c.uint(2), c.uint(1), o, sz) {
		return
	}
	if p, ok := blitPlane(c, src, opt); !ok {
		return
	} else if p != 0 {
		e.ref.(planeBlitter).CopyTextureToBufferPlane(src.ref, c.uint(1), c.uint(2), backend.Origin{X: o[0], Y: o[1], Z: o[2]},
			backend.Size{Width: sz[0], Height: sz[1], Depth: sz[2]}, dst.ref, c.uint(6), c.uint(7), c.uint(8), p)
		return
	}
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

// regionOK: a copy's region lies inside the level, and the slice exists.
func (t *texture) regionOK(c *call, level, slice int, o, sz []int) bool {
	if level >= t.desc.levels {
		c.fail("level %d of a texture with %d levels", level, t.desc.levels)
		return false
	}
	slices := t.desc.array
	if t.desc.typ == mtl.TextureTypeCube || t.desc.typ == mtl.TextureTypeCubeArray {
		slices *= 6
	}
	if slice >= slices {
		c.fail("slice %d of a texture with %d slices", slice, slices)
		return false
	}
	w, h, d := max(t.desc.width>>level, 1), max(t.desc.height>>level, 1), max(t.desc.depth>>level, 1)
	if o[0]+sz[0] > w || o[1]+sz[1] > h || o[2]+sz[2] > d {
		// Block-compressed levels smaller than a block are copied whole.
		bw := t.ref.Format().Info().BlockWidth
		if bw <= 1 || o[0]+sz[0] > (w+bw-1)/bw*bw || o[1]+sz[1] > (h+bw-1)/bw*bw {
			c.fail("region (%d,%d,%d) size %dx%dx%d outside level %d's %dx%dx%d", o[0], o[1], o[2], sz[0], sz[1], sz[2], level, w, h, d)
			return false
		}
	}
	return true
}

// planeBlitter is the reference backend's blit encoder's depth-stencil
// plane copies (what MTLBlitOption's depth and stencil options do).
type planeBlitter interface {
	CopyBufferToTexturePlane(src backend.Buffer, srcOffset, bytesPerRow, bytesPerImage int, size backend.Size, dst backend.Texture, slice, level int, origin backend.Origin, p reference.Plane)
	CopyTextureToBufferPlane(src backend.Texture, slice, level int, origin backend.Origin, size backend.Size, dst backend.Buffer, dstOffset, bytesPerRow, bytesPerImage int, p reference.Plane)
}

// blitPlane checks a blit option against the texture: the depth and
// stencil options only on a combined depth-stencil format, which needs one.
func blitPlane(c *call, t *texture, opt mtl.BlitOption) (reference.Plane, bool) {
	info := t.ref.Format().Info()
	combined := info.Depth && info.Stencil
	switch opt {
	case mtl.BlitOptionNone:
		if combined {
			c.fail("a copy of a combined depth-stencil texture needs MTLBlitOptionDepthFromDepthStencil or StencilFromDepthStencil")
			return 0, false
		}
		return 0, true
	case mtl.BlitOptionDepthFromDepthStencil, mtl.BlitOptionStencilFromDepthStencil:
		if !combined {
			c.fail("blit option %d on a texture that is not combined depth-stencil", opt)
			return 0, false
		}
		if opt == mtl.BlitOptionDepthFromDepthStencil {
			return reference.PlaneDepth, true
		}
		return reference.PlaneStencil, true
	}
	c.fail("blit option %d", opt)
	return 0, false
}

// syncTexture copies every level and slice of a managed texture's GPU
// copy into its CPU copy.
func syncTexture(e backend.BlitCommandEncoder, t *texture) {
	slices := t.ref.ArrayLength()
	if t.ref.Type() == backend.TextureTypeCube {
		slices *= 6
	}
	for l := 0; l < t.ref.MipLevels(); l++ {
		w, h, d := backend.MipSize(t.ref.Width(), l), backend.MipSize(t.ref.Height(), l), backend.MipSize(t.ref.Depth(), l)
		for s := 0; s < slices; s++ {
			e.CopyTextureToTexture(t.ref, s, l, backend.Origin{}, backend.Size{Width: w, Height: h, Depth: d}, t.cpu, s, l, backend.Origin{})
		}
	}
}
