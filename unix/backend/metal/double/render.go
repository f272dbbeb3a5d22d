//go:build linux && (amd64 || arm64)

package double

import (
	"unsafe"

	"mtld3d/unix/backend"
	"mtld3d/unix/backend/metal"
	"mtld3d/unix/backend/metal/mtl"
)

// Render pass descriptors and the render command encoder, with Metal's
// draw-time checks (the pipeline against the pass's attachments, the
// vertex descriptor's buffers bound, argument table limits, set*Bytes at
// most 4 KiB).

var (
	fromLoad       = invert(metal.LoadAction)
	fromStore      = invert(metal.StoreAction)
	fromPrimitive  = invert(metal.PrimitiveType)
	fromIndex      = invert(metal.IndexType)
	fromCull       = invert(metal.CullMode)
	fromWinding    = invert(metal.Winding)
	fromClip       = invert(metal.DepthClipMode)
	fromFill       = invert(metal.FillMode)
	fromVisibility = invert(metal.VisibilityMode)
)

type attachmentDesc struct {
	texture, resolve *object
	level, slice     int
	plane            int
	load             mtl.LoadAction
	store            mtl.StoreAction
	resolveLevel     int
	resolveSlice     int
	clear            [4]float64
	clearDepth       float64
	clearStencil     uint32
}

type passDesc struct {
	colors         *object // descArray
	depth, stencil *object
	visibility     *object
	centreSamples  int
}

type renderEncoder struct {
	cb         *object
	ref        backend.RenderCommandEncoder
	end        bool
	colors     [backend.MaxColorAttachments]mtl.PixelFormat
	depth      mtl.PixelFormat
	stencil    mtl.PixelFormat
	samples    int
	pipeline   *pipeline
	vbufs      [maxBuffers]bool
	visibility bool
}

func init() {
	stateMakers["MTLRenderPassDescriptor"] = func() any { return &passDesc{} }
	stateMakers["MTLRenderPassColorAttachmentDescriptor"] = func() any {
		return &attachmentDesc{load: mtl.LoadActionDontCare, store: mtl.StoreActionStore, clear: [4]float64{0, 0, 0, 1}}
	}
	stateMakers["MTLRenderPassDepthAttachmentDescriptor"] = func() any {
		return &attachmentDesc{load: mtl.LoadActionDontCare, store: mtl.StoreActionDontCare, clearDepth: 1}
	}
	stateMakers["MTLRenderPassStencilAttachmentDescriptor"] = func() any {
		return &attachmentDesc{load: mtl.LoadActionDontCare, store: mtl.StoreActionDontCare}
	}
}

func attachmentSetters() map[string]func(*attachmentDesc, *call) {
	return map[string]func(*attachmentDesc, *call){
		"setLevel:":        func(a *attachmentDesc, c *call) { a.level = c.uint(0) },
		"setSlice:":        func(a *attachmentDesc, c *call) { a.slice = c.uint(0) },
		"setDepthPlane:":   func(a *attachmentDesc, c *call) { a.plane = c.uint(0) },
		"setLoadAction:":   func(a *attachmentDesc, c *call) { a.load = mtl.LoadAction(c.uint(0)) },
		"setStoreAction:":  func(a *attachmentDesc, c *call) { a.store = mtl.StoreAction(c.uint(0)) },
		"setResolveLevel:": func(a *attachmentDesc, c *call) { a.resolveLevel = c.uint(0) },
		"setResolveSlice:": func(a *attachmentDesc, c *call) { a.resolveSlice = c.uint(0) },
	}
}

// attachmentMethods adds the retained texture properties.
func attachmentMethods(extra map[string]func(*attachmentDesc, *call)) map[string]method {
	set := attachmentSetters()
	for k, v := range extra {
		set[k] = v
	}
	m := descriptorSetters(set)
	m["setTexture:"] = func(c *call) { setRetained(c, &c.self.state.(*attachmentDesc).texture, c.obj(0)) }
	m["setResolveTexture:"] = func(c *call) { setRetained(c, &c.self.state.(*attachmentDesc).resolve, c.obj(0)) }
	return m
}

func renderClasses() []classSpec {
	return []classSpec{
		{name: "MTLRenderPassColorAttachmentDescriptor", super: "NSObject", headers: []string{"MTLRenderPassColorAttachmentDescriptor"},
			methods: attachmentMethods(map[string]func(*attachmentDesc, *call){
				"setClearColor:": func(a *attachmentDesc, c *call) { copy(a.clear[:], c.doubles(0)) },
			})},
		{name: "MTLRenderPassDepthAttachmentDescriptor", super: "NSObject", headers: []string{"MTLRenderPassDepthAttachmentDescriptor"},
			methods: attachmentMethods(map[string]func(*attachmentDesc, *call){
				"setClearDepth:": func(a *attachmentDesc, c *call) { a.clearDepth = c.f64(0) },
			})},
		{name: "MTLRenderPassStencilAttachmentDescriptor", super: "NSObject", headers: []string{"MTLRenderPassStencilAttachmentDescriptor"},
			methods: attachmentMethods(map[string]func(*attachmentDesc, *call){
				"setClearStencil:": func(a *attachmentDesc, c *call) { a.clearStencil = uint32(c.word(0)) },
			})},
		{name: "MTLRenderPassDescriptor", super: "NSObject", headers: []string{"MTLRenderPassDescriptor"}, public: true,
			static: map[string]method{
				"renderPassDescriptor": func(c *call) {
					o := c.d.alloc(c.self.cls)
					c.d.autorelease(o)
					c.retObj(o)
				},
			},
			methods: map[string]method{
				"colorAttachments": func(c *call) {
					p := c.self.state.(*passDesc)
					c.retObj(c.d.subArray(&p.colors, "MTLRenderPassColorAttachmentDescriptor", backend.MaxColorAttachments, c.self))
				},
				"depthAttachment": func(c *call) {
					p := c.self.state.(*passDesc)
					c.retObj(c.d.subObject(&p.depth, "MTLRenderPassDepthAttachmentDescriptor", c.self))
				},
				"stencilAttachment": func(c *call) {
					p := c.self.state.(*passDesc)
					c.retObj(c.d.subObject(&p.stencil, "MTLRenderPassStencilAttachmentDescriptor", c.self))
				},
				"setVisibilityResultBuffer:": func(c *call) {
					setRetained(c, &c.self.state.(*passDesc).visibility, c.obj(0))
				},
				"setSamplePositions:count:": func(c *call) {
					n := c.uint(1)
					pos := unsafe.Slice((*[2]float32)(c.ptr(0)), n)
					for _, p := range pos {
						if p != [2]float32{.5, .5} {
							c.fail("sample position %v: the double runs centred positions only", p)
						}
					}
					c.self.state.(*passDesc).centreSamples = n
				},
			}},
		{name: "MTLDoubleRenderCommandEncoder", super: "MTLDoubleObject", headers: []string{"MTLRenderCommandEncoder"},
			methods: renderEncoderMethods()},
	}
}

// subObject returns (making it on first use) a descriptor's sub-descriptor.
func (d *Runtime) subObject(slot **object, class string, owner *object) *object {
	if *slot == nil {
		o := d.alloc(d.classes[class])
		*slot = o
		prev := owner.dealloc
		owner.dealloc = func() {
			d.release(o)
			if prev != nil {
				prev()
			}
		}
	}
	return *slot
}

// newRenderEncoder is renderCommandEncoderWithDescriptor:.
func newRenderEncoder(c *call) {
	cb := c.self.state.(*cmdBuffer)
	if !cb.canEncode(c) {
		return
	}
	dsc := c.obj(0)
	if dsc == nil {
		c.fail("nil descriptor")
		return
	}
	pd := dsc.state.(*passDesc)
	e := &renderEncoder{cb: c.self, samples: 0}
	var desc backend.RenderPassDesc
	attach := func(a *attachmentDesc, what string, out *backend.AttachmentDesc) (mtl.PixelFormat, bool) {
		t := a.texture.state.(*texture)
		if t.usage&mtl.TextureUsageRenderTarget == 0 {
			c.fail("%s texture lacks MTLTextureUsageRenderTarget", what)
			return 0, false
		}
		// Attachments may differ in size: the pass covers the smallest
		// (MTLRenderPassDescriptor.renderTargetWidth).
		if e.samples != 0 && t.desc.samples != e.samples {
			c.fail("%s has %d samples where the other attachments have %d", what, t.desc.samples, e.samples)
			return 0, false
		}
		e.samples = t.desc.samples
		out.Texture, out.Level, out.Slice, out.DepthPlane = t.ref, a.level, a.slice, a.plane
		out.Load = enum(c, fromLoad, a.load, "load action")
		out.Store = enum(c, fromStore, a.store, "store action")
		if a.resolve != nil {
			rt := a.resolve.state.(*texture)
			if t.desc.samples <= 1 {
				c.fail("%s resolves but is not multisampled", what)
				return 0, false
			}
			out.ResolveTexture, out.ResolveLevel, out.ResolveSlice = rt.ref, a.resolveLevel, a.resolveSlice
		}
		if (a.store == mtl.StoreActionMultisampleResolve || a.store == mtl.StoreActionStoreAndMultisampleResolve) && a.resolve == nil {
			c.fail("%s: a resolve store action with no resolve texture", what)
			return 0, false
		}
		if t.storage == mtl.StorageModeMemoryless && (a.load == mtl.LoadActionLoad || a.store == mtl.StoreActionStore) {
			c.fail("%s is memoryless: it can neither load nor store", what)
			return 0, false
		}
		return t.desc.format, true
	}
	any := false
	if pd.colors != nil {
		for i, it := range pd.colors.state.(*descArray).items {
			if it == nil || it.state.(*attachmentDesc).texture == nil {
				continue
			}
			a := it.state.(*attachmentDesc)
			f, ok := attach(a, "color attachment", &desc.Color[i].AttachmentDesc)
			if !ok {
				return
			}
			e.colors[i] = f
			desc.Color[i].ClearColor = a.clear
			any = true
		}
	}
	if pd.depth != nil && pd.depth.state.(*attachmentDesc).texture != nil {
		a := pd.depth.state.(*attachmentDesc)
		f, ok := attach(a, "depth attachment", &desc.Depth.AttachmentDesc)
		if !ok {
			return
		}
		e.depth, desc.Depth.ClearDepth, any = f, a.clearDepth, true
	}
	if pd.stencil != nil && pd.stencil.state.(*attachmentDesc).texture != nil {
		a := pd.stencil.state.(*attachmentDesc)
		f, ok := attach(a, "stencil attachment", &desc.Stencil.AttachmentDesc)
		if !ok {
			return
		}
		e.stencil, desc.Stencil.ClearStencil, any = f, a.clearStencil, true
	}
	if !any {
		c.fail("a render pass with no attachment needs renderTargetWidth and renderTargetHeight")
		return
	}
	if pd.visibility != nil {
		desc.VisibilityResults = pd.visibility.state.(*buffer).ref
		e.visibility = true
	}
	desc.CenterSamples = pd.centreSamples > 1
	e.ref = cb.ref.RenderCommandEncoder(&desc)
	o := c.d.newObject(c.d.classes["MTLDoubleRenderCommandEncoder"], e)
	c.d.retain(c.self)
	cbObj := c.self
	o.dealloc = func() { c.d.release(cbObj) }
	cb.encoder = o
	c.d.autorelease(o)
	c.retObj(o)
}

func (e *renderEncoder) open(c *call) bool {
	if e.end {
		c.fail("on an encoder that has ended")
		return false
	}
	return true
}

func encoderMethod(f func(e *renderEncoder, c *call)) method {
	return func(c *call) {
		e := c.self.state.(*renderEncoder)
		if e.open(c) {
			f(e, c)
		}
	}
}

func index(c *call, i, limit int, what string) (int, bool) {
	n := c.uint(i)
	if n >= limit {
		c.fail("%s index %d: Metal has %d", what, n, limit)
		return 0, false
	}
	return n, true
}

func bytesArg(c *call) ([]byte, bool) {
	n := c.uint(1)
	if n > maxBytesLength {
		c.fail("length %d: set*Bytes takes at most %d bytes; use a buffer", n, maxBytesLength)
		return nil, false
	}
	if n == 0 {
		return nil, true
	}
	return unsafe.Slice((*byte)(c.ptr(0)), n), true
}

func renderEncoderMethods() map[string]method {
	return map[string]method{
		"endEncoding": encoderMethod(func(e *renderEncoder, c *call) {
			e.end = true
			e.ref.EndEncoding()
			e.cb.state.(*cmdBuffer).encoder = nil
		}),
		"setViewport:": encoderMethod(func(e *renderEncoder, c *call) {
			v := c.doubles(0)
			e.ref.SetViewport(backend.Viewport{OriginX: v[0], OriginY: v[1], Width: v[2], Height: v[3], ZNear: v[4], ZFar: v[5]})
		}),
		"setScissorRect:": encoderMethod(func(e *renderEncoder, c *call) {
			r := c.words(0)
			e.ref.SetScissorRect(backend.ScissorRect{X: r[0], Y: r[1], Width: r[2], Height: r[3]})
		}),
		"setCullMode:": encoderMethod(func(e *renderEncoder, c *call) {
			e.ref.SetCullMode(enum(c, fromCull, mtl.CullMode(c.uint(0)), "cull mode"))
		}),
		"setFrontFacingWinding:": encoderMethod(func(e *renderEncoder, c *call) {
			e.ref.SetFrontFacing(enum(c, fromWinding, mtl.Winding(c.uint(0)), "winding"))
		}),
		"setDepthBias:slopeScale:clamp:": encoderMethod(func(e *renderEncoder, c *call) {
			e.ref.SetDepthBias(c.f32(0), c.f32(1), c.f32(2))
		}),
		"setDepthClipMode:": encoderMethod(func(e *renderEncoder, c *call) {
			e.ref.SetDepthClipMode(enum(c, fromClip, mtl.DepthClipMode(c.uint(0)), "depth clip mode"))
		}),
		"setTriangleFillMode:": encoderMethod(func(e *renderEncoder, c *call) {
			e.ref.SetTriangleFillMode(enum(c, fromFill, mtl.TriangleFillMode(c.uint(0)), "fill mode"))
		}),
		"setStencilFrontReferenceValue:backReferenceValue:": encoderMethod(func(e *renderEncoder, c *call) {
			e.ref.SetStencilReference(uint32(c.word(0)), uint32(c.word(1)))
		}),
		"setBlendColorRed:green:blue:alpha:": encoderMethod(func(e *renderEncoder, c *call) {
			e.ref.SetBlendColor(c.f32(0), c.f32(1), c.f32(2), c.f32(3))
		}),
		"setRenderPipelineState:": encoderMethod(func(e *renderEncoder, c *call) {
			p, ok := arg[*pipeline](c, 0, "render pipeline state", true)
			if !ok {
				return
			}
			e.pipeline = p
			e.ref.SetRenderPipelineState(p.ref)
		}),
		"setDepthStencilState:": encoderMethod(func(e *renderEncoder, c *call) {
			var ds backend.DepthStencilState
			if d, ok := arg[*depthStencilObj](c, 0, "depth-stencil state", false); ok {
				ds = d.ref
			}
			e.ref.SetDepthStencilState(ds)
		}),
		"setVertexBuffer:offset:atIndex:": encoderMethod(func(e *renderEncoder, c *call) {
			i, ok := index(c, 2, maxBuffers, "vertex buffer")
			if !ok {
				return
			}
			b := optBuffer(c, 0)
			e.vbufs[i] = b != nil
			e.ref.SetVertexBuffer(b, c.uint(1), i)
		}),
		"setVertexBufferOffset:atIndex:": encoderMethod(func(e *renderEncoder, c *call) {
			if i, ok := index(c, 1, maxBuffers, "vertex buffer"); ok {
				e.ref.SetVertexBufferOffset(c.uint(0), i)
			}
		}),
		"setVertexBytes:length:atIndex:": encoderMethod(func(e *renderEncoder, c *call) {
			i, ok := index(c, 2, maxBuffers, "vertex buffer")
			if !ok {
				return
			}
			if b, ok := bytesArg(c); ok {
				e.vbufs[i] = true
				e.ref.SetVertexBytes(b, i)
			}
		}),
		"setFragmentBuffer:offset:atIndex:": encoderMethod(func(e *renderEncoder, c *call) {
			i, ok := index(c, 2, maxBuffers, "fragment buffer")
			if !ok {
				return
			}
			e.ref.SetFragmentBuffer(optBuffer(c, 0), c.uint(1), i)
		}),
		"setFragmentBufferOffset:atIndex:": encoderMethod(func(e *renderEncoder, c *call) {
			if i, ok := index(c, 1, maxBuffers, "fragment buffer"); ok {
				e.ref.SetFragmentBufferOffset(c.uint(0), i)
			}
		}),
		"setFragmentBytes:length:atIndex:": encoderMethod(func(e *renderEncoder, c *call) {
			i, ok := index(c, 2, maxBuffers, "fragment buffer")
			if !ok {
				return
			}
			if b, ok := bytesArg(c); ok {
				e.ref.SetFragmentBytes(b, i)
			}
		}),
		"setVertexTexture:atIndex:": encoderMethod(func(e *renderEncoder, c *call) {
			if i, ok := index(c, 1, maxTextures, "vertex texture"); ok {
				e.ref.SetVertexTexture(shaderTexture(c, 0), i)
			}
		}),
		"setFragmentTexture:atIndex:": encoderMethod(func(e *renderEncoder, c *call) {
			if i, ok := index(c, 1, maxTextures, "fragment texture"); ok {
				e.ref.SetFragmentTexture(shaderTexture(c, 0), i)
			}
		}),
		"setVertexSamplerState:atIndex:": encoderMethod(func(e *renderEncoder, c *call) {
			if i, ok := index(c, 1, maxSamplers, "vertex sampler"); ok {
				e.ref.SetVertexSampler(samplerArg(c, 0), i)
			}
		}),
		"setFragmentSamplerState:atIndex:": encoderMethod(func(e *renderEncoder, c *call) {
			if i, ok := index(c, 1, maxSamplers, "fragment sampler"); ok {
				e.ref.SetFragmentSampler(samplerArg(c, 0), i)
			}
		}),
		"setVisibilityResultMode:offset:": encoderMethod(func(e *renderEncoder, c *call) {
			m := enum(c, fromVisibility, mtl.VisibilityResultMode(c.uint(0)), "visibility result mode")
			if m != backend.VisibilityDisabled && !e.visibility {
				c.fail("visibility results counted with no visibilityResultBuffer on the pass")
				return
			}
			if c.uint(1)%8 != 0 {
				c.fail("offset %d is not a multiple of 8", c.uint(1))
				return
			}
			e.ref.SetVisibilityResultMode(m, c.uint(1))
		}),
		"setDepthStoreAction:": encoderMethod(func(e *renderEncoder, c *call) {
			e.ref.SetDepthStoreAction(enum(c, fromStore, mtl.StoreAction(c.uint(0)), "store action"))
		}),
		"setStencilStoreAction:": encoderMethod(func(e *renderEncoder, c *call) {
			e.ref.SetStencilStoreAction(enum(c, fromStore, mtl.StoreAction(c.uint(0)), "store action"))
		}),
		"drawPrimitives:vertexStart:vertexCount:instanceCount:baseInstance:": encoderMethod(func(e *renderEncoder, c *call) {
			if !e.drawable(c) {
				return
			}
			e.ref.DrawPrimitives(enum(c, fromPrimitive, mtl.PrimitiveType(c.uint(0)), "primitive type"), c.uint(1), c.uint(2), c.uint(3), c.uint(4))
		}),
		"drawIndexedPrimitives:indexCount:indexType:indexBuffer:indexBufferOffset:instanceCount:baseVertex:baseInstance:": encoderMethod(func(e *renderEncoder, c *call) {
			if !e.drawable(c) {
				return
			}
			it := enum(c, fromIndex, mtl.IndexType(c.uint(2)), "index type")
			ib := bufferArg(c, 3)
			if ib == nil {
				return
			}
			off, size := c.uint(4), metal.IndexSize(it)
			if off%size != 0 {
				c.fail("indexBufferOffset %d is not a multiple of the index size %d", off, size)
				return
			}
			if off+c.uint(1)*size > ib.ref.Length() {
				c.fail("%d indices from offset %d pass the index buffer's %d bytes", c.uint(1), off, ib.ref.Length())
				return
			}
			e.ref.DrawIndexedPrimitives(enum(c, fromPrimitive, mtl.PrimitiveType(c.uint(0)), "primitive type"), c.uint(1), it,
				ib.ref, off, c.uint(5), c.int(6), c.uint(7))
		}),
	}
}

// drawable is Metal's draw-time validation: a pipeline whose attachment
// formats and sample count are the pass's, and a buffer bound for every
// layout its vertex descriptor reads.
func (e *renderEncoder) drawable(c *call) bool {
	p := e.pipeline
	if p == nil {
		c.fail("draw with no render pipeline state set")
		return false
	}
	for i := range e.colors {
		if p.colors[i] != e.colors[i] && (e.colors[i] != mtl.PixelFormatInvalid || p.desc.ColorAttachments[i].WriteMask != 0) {
			c.fail("for color attachment %d, the render pipeline's pixelFormat (%d) does not match the framebuffer's pixelFormat (%d)",
				i, p.colors[i], e.colors[i])
			return false
		}
	}
	if p.depth != e.depth {
		c.fail("for depth attachment, the render pipeline's pixelFormat (%d) does not match the framebuffer's pixelFormat (%d)", p.depth, e.depth)
		return false
	}
	if p.stencil != e.stencil {
		c.fail("for stencil attachment, the render pipeline's pixelFormat (%d) does not match the framebuffer's pixelFormat (%d)", p.stencil, e.stencil)
		return false
	}
	if p.samples != max(e.samples, 1) {
		c.fail("the render pipeline's rasterSampleCount (%d) does not match the framebuffer's sample count (%d)", p.samples, e.samples)
		return false
	}
	for _, b := range p.layouts {
		if !e.vbufs[b] {
			c.fail("the vertex descriptor reads buffer %d, which is not bound", b)
			return false
		}
	}
	return true
}

func shaderTexture(c *call, i int) backend.Texture {
	t, ok := arg[*texture](c, i, "texture", false)
	if !ok {
		return nil
	}
	if t.usage&mtl.TextureUsageShaderRead == 0 {
		c.fail("texture bound for shader reads lacks MTLTextureUsageShaderRead")
	}
	return t.ref
}

func samplerArg(c *call, i int) backend.Sampler {
	if smp, ok := arg[*samplerObj](c, i, "sampler state", false); ok {
		return smp.ref
	}
	return nil
}

// optBuffer is a buffer argument that may be nil (an unbound entry).
func optBuffer(c *call, i int) backend.Buffer {
	if b, ok := arg[*buffer](c, i, "buffer", false); ok {
		return b.ref
	}
	return nil
}
