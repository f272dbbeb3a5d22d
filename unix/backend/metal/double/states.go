//go:build linux && (amd64 || arm64)

package double

import (
	"strings"

	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/metal"
	"mtld3d/unix/backend/metal/mslreg"
	"mtld3d/unix/backend/metal/mtl"
)

// Samplers, depth-stencil states, libraries, functions and render
// pipelines. Metal's enum values are read back into the backend's through
// the inverse of the Metal backend's translation (whose values
// translate_test.go checks against Apple's headers).

// invert maps each Metal value f gives back to the first backend value
// that gives it.
func invert[B ~uint8, M comparable](f func(B) (M, error)) map[M]B {
	out := map[M]B{}
	for i := 0; i < 256; i++ {
		if m, err := f(B(i)); err == nil {
			if _, dup := out[m]; !dup {
				out[m] = B(i)
			}
		}
	}
	return out
}

var (
	fromCompare     = invert(metal.CompareFunction)
	fromStencilOp   = invert(metal.StencilOp)
	fromMinMag      = invert(metal.MinMagFilter)
	fromMip         = invert(metal.MipFilter)
	fromAddress     = invert(metal.AddressMode)
	fromBorder      = invert(metal.BorderColor)
	fromBlendFactor = invert(metal.BlendFactor)
	fromBlendOp     = invert(metal.BlendOp)
	fromColorMask   = invert(metal.ColorMask)
	fromVertex      = invert(metal.VertexFormat)
	fromStep        = invert(metal.StepFunction)
	fromTopology    = invert(metal.TopologyClass)
)

// enumOf is the backend value of a Metal one the translation gives.
func enumOf[B any, M comparable](table map[M]B, v M) B { return table[v] }

// enum reads a Metal enum argument, failing the message for a value the
// header does not define.
func enum[B any, M comparable](c *call, table map[M]B, v M, what string) B {
	b, ok := table[v]
	if !ok {
		c.fail("%v is not a %s Metal defines", v, what)
	}
	return b
}

type samplerDesc struct {
	d     backend.SamplerDesc
	label string
}

type stencilDesc struct{ d backend.StencilDesc }

type depthStencilDesc struct {
	d           backend.DepthStencilDesc
	front, back bool
}

type compileOptions struct{ fastMath bool }

type library struct {
	devChild
	source string
}

type function struct {
	devChild
	desc backend.FunctionDesc
	ref  backend.Function
}

type colorAttachmentDesc struct {
	d backend.ColorAttachmentDesc
}

type vertexAttrDesc struct{ a backend.VertexAttribute }

type vertexLayoutDesc struct{ l backend.VertexBufferLayout }

// descArray is a descriptor's fixed array of sub-descriptors, made on
// first use as Metal does.
type descArray struct {
	items []*object
	class string
}

type vertexDesc struct {
	attrs, layouts *object // descArray objects
}

type pipelineDesc struct {
	vertex, fragment *object
	vdesc            *object
	colors           *object // descArray of colour attachment descriptors
	depth, stencil   mtl.PixelFormat
	samples          int
	a2c              bool
	topology         mtl.PrimitiveTopologyClass
	archives         []*object // binaryArchives (archive.go), retained
}

type pipeline struct {
	devChild
	ref     backend.RenderPipelineState
	desc    backend.RenderPipelineDesc
	colors  [backend.MaxColorAttachments]mtl.PixelFormat
	depth   mtl.PixelFormat
	stencil mtl.PixelFormat
	samples int
	layouts []int // vertex buffer indices the vertex descriptor reads
}

func init() {
	stateMakers["MTLSamplerDescriptor"] = func() any { return &samplerDesc{d: backend.DefaultSamplerDesc()} }
	stateMakers["MTLStencilDescriptor"] = func() any {
		// Apple's defaults: always, keep, masks all ones.
		return &stencilDesc{backend.StencilDesc{Compare: backend.CompareAlways, ReadMask: 0xff, WriteMask: 0xff}}
	}
	stateMakers["MTLDepthStencilDescriptor"] = func() any {
		return &depthStencilDesc{d: backend.DepthStencilDesc{DepthCompare: backend.CompareAlways}}
	}
	stateMakers["MTLCompileOptions"] = func() any { return &compileOptions{fastMath: true} }
	stateMakers["MTLRenderPipelineDescriptor"] = func() any { return &pipelineDesc{samples: 1} }
	stateMakers["MTLVertexDescriptor"] = func() any { return &vertexDesc{} }
	stateMakers["MTLVertexAttributeDescriptor"] = func() any { return &vertexAttrDesc{} }
	stateMakers["MTLVertexBufferLayoutDescriptor"] = func() any {
		return &vertexLayoutDesc{backend.VertexBufferLayout{Step: enumOf(fromStep, mtl.VertexStepFunctionPerVertex), StepRate: 1}}
	}
	stateMakers["MTLRenderPipelineColorAttachmentDescriptor"] = func() any {
		// Apple's defaults: no blending, one/zero, add, every channel written.
		one, zero := enumOf(fromBlendFactor, mtl.BlendFactorOne), enumOf(fromBlendFactor, mtl.BlendFactorZero)
		add := enumOf(fromBlendOp, mtl.BlendOperationAdd)
		return &colorAttachmentDesc{backend.ColorAttachmentDesc{SrcRGB: one, SrcAlpha: one, DstRGB: zero, DstAlpha: zero,
			RGBBlendOp: add, AlphaBlendOp: add, WriteMask: enumOf(fromColorMask, mtl.ColorWriteMaskAll)}}
	}
}

// subArray returns (making it on first use) a descriptor's array object.
func (d *Runtime) subArray(slot **object, class string, n int, owner *object) *object {
	if *slot == nil {
		a := d.newObject(d.classes["MTLDoubleDescriptorArray"], &descArray{items: make([]*object, n), class: class})
		a.dealloc = func() {
			for _, it := range a.state.(*descArray).items {
				if it != nil {
					d.release(it)
				}
			}
		}
		*slot = a
		prev := owner.dealloc
		owner.dealloc = func() {
			d.release(a)
			if prev != nil {
				prev()
			}
		}
	}
	return *slot
}

func stateClasses() []classSpec {
	return []classSpec{
		{name: "MTLDoubleDescriptorArray", super: "NSObject", headers: []string{"MTLRenderPipelineColorAttachmentDescriptorArray",
			"MTLVertexAttributeDescriptorArray", "MTLVertexBufferLayoutDescriptorArray", "MTLRenderPassColorAttachmentDescriptorArray"},
			methods: map[string]method{
				"objectAtIndexedSubscript:": func(c *call) {
					a := c.self.state.(*descArray)
					i := c.uint(0)
					if i >= len(a.items) {
						c.fail("index %d past the array's %d entries", i, len(a.items))
						return
					}
					if a.items[i] == nil {
						a.items[i] = c.d.alloc(c.d.classes[a.class])
					}
					c.retObj(a.items[i])
				},
			}},
		{name: "MTLSamplerDescriptor", super: "NSObject", headers: []string{"MTLSamplerDescriptor"}, public: true,
			methods: withLabel(descriptorSetters(map[string]func(*samplerDesc, *call){
				"setMinFilter:": func(s *samplerDesc, c *call) {
					s.d.MinFilter = enum(c, fromMinMag, mtl.SamplerMinMagFilter(c.uint(0)), "min filter")
				},
				"setMagFilter:": func(s *samplerDesc, c *call) {
					s.d.MagFilter = enum(c, fromMinMag, mtl.SamplerMinMagFilter(c.uint(0)), "mag filter")
				},
				"setMipFilter:": func(s *samplerDesc, c *call) {
					s.d.MipFilter = enum(c, fromMip, mtl.SamplerMipFilter(c.uint(0)), "mip filter")
				},
				"setSAddressMode:": func(s *samplerDesc, c *call) {
					s.d.SAddress = enum(c, fromAddress, mtl.SamplerAddressMode(c.uint(0)), "address mode")
				},
				"setTAddressMode:": func(s *samplerDesc, c *call) {
					s.d.TAddress = enum(c, fromAddress, mtl.SamplerAddressMode(c.uint(0)), "address mode")
				},
				"setRAddressMode:": func(s *samplerDesc, c *call) {
					s.d.RAddress = enum(c, fromAddress, mtl.SamplerAddressMode(c.uint(0)), "address mode")
				},
				"setBorderColor:": func(s *samplerDesc, c *call) {
					s.d.BorderColor = enum(c, fromBorder, mtl.SamplerBorderColor(c.uint(0)), "border colour")
				},
				"setMaxAnisotropy:": func(s *samplerDesc, c *call) {
					if n := c.uint(0); n < 1 || n > 16 {
						c.fail("maxAnisotropy %d: Metal takes 1 to 16", n)
					}
					s.d.MaxAnisotropy = c.uint(0)
				},
				"setLodMinClamp:": func(s *samplerDesc, c *call) { s.d.LodMinClamp = c.f32(0) },
				"setLodMaxClamp:": func(s *samplerDesc, c *call) { s.d.LodMaxClamp = c.f32(0) },
				"setCompareFunction:": func(s *samplerDesc, c *call) {
					f := mtl.CompareFunction(c.uint(0))
					s.d.CompareFunc = enum(c, fromCompare, f, "compare function")
					s.d.Compare = f != mtl.CompareFunctionNever
				},
			}))},
		{name: "MTLDoubleSamplerState", super: "MTLDoubleObject", headers: []string{"MTLSamplerState"}},
		{name: "MTLStencilDescriptor", super: "NSObject", headers: []string{"MTLStencilDescriptor"}, public: true,
			methods: descriptorSetters(map[string]func(*stencilDesc, *call){
				"setStencilCompareFunction:": func(s *stencilDesc, c *call) {
					s.d.Compare = enum(c, fromCompare, mtl.CompareFunction(c.uint(0)), "compare function")
				},
				"setStencilFailureOperation:": func(s *stencilDesc, c *call) {
					s.d.FailOp = enum(c, fromStencilOp, mtl.StencilOperation(c.uint(0)), "stencil operation")
				},
				"setDepthFailureOperation:": func(s *stencilDesc, c *call) {
					s.d.DepthFailOp = enum(c, fromStencilOp, mtl.StencilOperation(c.uint(0)), "stencil operation")
				},
				"setDepthStencilPassOperation:": func(s *stencilDesc, c *call) {
					s.d.PassOp = enum(c, fromStencilOp, mtl.StencilOperation(c.uint(0)), "stencil operation")
				},
				"setReadMask:":  func(s *stencilDesc, c *call) { s.d.ReadMask = uint8(c.word(0)) },
				"setWriteMask:": func(s *stencilDesc, c *call) { s.d.WriteMask = uint8(c.word(0)) },
			})},
		{name: "MTLDepthStencilDescriptor", super: "NSObject", headers: []string{"MTLDepthStencilDescriptor"}, public: true,
			methods: withLabel(descriptorSetters(map[string]func(*depthStencilDesc, *call){
				"setDepthCompareFunction:": func(s *depthStencilDesc, c *call) {
					s.d.DepthCompare = enum(c, fromCompare, mtl.CompareFunction(c.uint(0)), "compare function")
				},
				"setDepthWriteEnabled:": func(s *depthStencilDesc, c *call) { s.d.DepthWrite = c.bool(0) },
				"setFrontFaceStencil:": func(s *depthStencilDesc, c *call) {
					if o := c.obj(0); o != nil {
						s.d.Front, s.front = o.state.(*stencilDesc).d, true // the descriptor is copied
					}
				},
				"setBackFaceStencil:": func(s *depthStencilDesc, c *call) {
					if o := c.obj(0); o != nil {
						s.d.Back, s.back = o.state.(*stencilDesc).d, true
					}
				},
			}))},
		{name: "MTLDoubleDepthStencilState", super: "MTLDoubleObject", headers: []string{"MTLDepthStencilState"}},
		{name: "MTLCompileOptions", super: "NSObject", headers: []string{"MTLCompileOptions"}, public: true,
			methods: descriptorSetters(map[string]func(*compileOptions, *call){
				"setFastMathEnabled:": func(o *compileOptions, c *call) { o.fastMath = c.bool(0) },
			})},
		{name: "MTLDoubleLibrary", super: "MTLDoubleObject", headers: []string{"MTLLibrary"}, methods: map[string]method{
			"newFunctionWithName:": func(c *call) {
				lib := c.self.state.(*library)
				name := c.d.goString(c.obj(0))
				desc, ok := mslreg.Find(lib.source, name)
				if !ok {
					if strings.Contains(lib.source, name) {
						c.fail("function %q is in the source but no IR was registered for it (mslreg)", name)
					}
					c.retObj(nil) // Metal: no function of that name
					return
				}
				fn, err := devOf(c).ref.NewFunction(desc)
				if err != nil {
					c.fail("the reference backend refused %q: %v", name, err)
					return
				}
				c.retObj(c.child("MTLDoubleFunction", &function{lib.devChild, desc, fn}))
			},
		}},
		{name: "MTLDoubleFunction", super: "MTLDoubleObject", headers: []string{"MTLFunction"}},
		{name: "MTLVertexDescriptor", super: "NSObject", headers: []string{"MTLVertexDescriptor"}, public: true,
			methods: map[string]method{
				"attributes": func(c *call) {
					v := c.self.state.(*vertexDesc)
					c.retObj(c.d.subArray(&v.attrs, "MTLVertexAttributeDescriptor", backend.MaxVertexAttributes, c.self))
				},
				"layouts": func(c *call) {
					v := c.self.state.(*vertexDesc)
					c.retObj(c.d.subArray(&v.layouts, "MTLVertexBufferLayoutDescriptor", backend.MaxVertexBufferLayouts, c.self))
				},
			}},
		{name: "MTLVertexAttributeDescriptor", super: "NSObject", headers: []string{"MTLVertexAttributeDescriptor"},
			methods: descriptorSetters(map[string]func(*vertexAttrDesc, *call){
				"setFormat:": func(v *vertexAttrDesc, c *call) {
					v.a.Format = enum(c, fromVertex, mtl.VertexFormat(c.uint(0)), "vertex format")
				},
				"setOffset:":      func(v *vertexAttrDesc, c *call) { v.a.Offset = uint32(c.uint(0)) },
				"setBufferIndex:": func(v *vertexAttrDesc, c *call) { v.a.BufferIndex = uint8(c.uint(0)) },
			})},
		{name: "MTLVertexBufferLayoutDescriptor", super: "NSObject", headers: []string{"MTLVertexBufferLayoutDescriptor"},
			methods: descriptorSetters(map[string]func(*vertexLayoutDesc, *call){
				"setStride:": func(v *vertexLayoutDesc, c *call) { v.l.Stride = uint32(c.uint(0)) },
				"setStepFunction:": func(v *vertexLayoutDesc, c *call) {
					v.l.Step = enum(c, fromStep, mtl.VertexStepFunction(c.uint(0)), "step function")
				},
				"setStepRate:": func(v *vertexLayoutDesc, c *call) { v.l.StepRate = uint32(c.uint(0)) },
			})},
		{name: "MTLRenderPipelineColorAttachmentDescriptor", super: "NSObject", headers: []string{"MTLRenderPipelineColorAttachmentDescriptor"},
			methods: descriptorSetters(map[string]func(*colorAttachmentDesc, *call){
				"setPixelFormat:":     func(a *colorAttachmentDesc, c *call) { a.d.Format = pixelFormatArg(c, 0) },
				"setBlendingEnabled:": func(a *colorAttachmentDesc, c *call) { a.d.BlendEnable = c.bool(0) },
				"setSourceRGBBlendFactor:": func(a *colorAttachmentDesc, c *call) {
					a.d.SrcRGB = enum(c, fromBlendFactor, mtl.BlendFactor(c.uint(0)), "blend factor")
				},
				"setDestinationRGBBlendFactor:": func(a *colorAttachmentDesc, c *call) {
					a.d.DstRGB = enum(c, fromBlendFactor, mtl.BlendFactor(c.uint(0)), "blend factor")
				},
				"setRgbBlendOperation:": func(a *colorAttachmentDesc, c *call) {
					a.d.RGBBlendOp = enum(c, fromBlendOp, mtl.BlendOperation(c.uint(0)), "blend operation")
				},
				"setSourceAlphaBlendFactor:": func(a *colorAttachmentDesc, c *call) {
					a.d.SrcAlpha = enum(c, fromBlendFactor, mtl.BlendFactor(c.uint(0)), "blend factor")
				},
				"setDestinationAlphaBlendFactor:": func(a *colorAttachmentDesc, c *call) {
					a.d.DstAlpha = enum(c, fromBlendFactor, mtl.BlendFactor(c.uint(0)), "blend factor")
				},
				"setAlphaBlendOperation:": func(a *colorAttachmentDesc, c *call) {
					a.d.AlphaBlendOp = enum(c, fromBlendOp, mtl.BlendOperation(c.uint(0)), "blend operation")
				},
				"setWriteMask:": func(a *colorAttachmentDesc, c *call) {
					a.d.WriteMask = enum(c, fromColorMask, mtl.ColorWriteMask(c.uint(0)), "colour write mask")
				},
			})},
		{name: "MTLRenderPipelineDescriptor", super: "NSObject", headers: []string{"MTLRenderPipelineDescriptor"}, public: true,
			methods: withLabel(map[string]method{
				"setVertexFunction:":   func(c *call) { setRetained(c, &c.self.state.(*pipelineDesc).vertex, c.obj(0)) },
				"setFragmentFunction:": func(c *call) { setRetained(c, &c.self.state.(*pipelineDesc).fragment, c.obj(0)) },
				"setVertexDescriptor:": func(c *call) { setRetained(c, &c.self.state.(*pipelineDesc).vdesc, c.obj(0)) },
				"colorAttachments": func(c *call) {
					p := c.self.state.(*pipelineDesc)
					c.retObj(c.d.subArray(&p.colors, "MTLRenderPipelineColorAttachmentDescriptor", backend.MaxColorAttachments, c.self))
				},
				"setDepthAttachmentPixelFormat:":   func(c *call) { c.self.state.(*pipelineDesc).depth = mtl.PixelFormat(c.uint(0)) },
				"setStencilAttachmentPixelFormat:": func(c *call) { c.self.state.(*pipelineDesc).stencil = mtl.PixelFormat(c.uint(0)) },
				"setRasterSampleCount:":            func(c *call) { c.self.state.(*pipelineDesc).samples = c.uint(0) },
				"setAlphaToCoverageEnabled:":       func(c *call) { c.self.state.(*pipelineDesc).a2c = c.bool(0) },
				"setInputPrimitiveTopology:": func(c *call) {
					c.self.state.(*pipelineDesc).topology = mtl.PrimitiveTopologyClass(c.uint(0))
				},
				"setBinaryArchives:": setBinaryArchives,
			})},
		{name: "MTLDoubleRenderPipelineState", super: "MTLDoubleObject", headers: []string{"MTLRenderPipelineState"}},
	}
}

// withLabel adds a descriptor's label property.
func withLabel(m map[string]method) map[string]method {
	m["setLabel:"] = func(c *call) { c.self.label = c.d.goString(c.obj(0)) }
	m["label"] = func(c *call) { c.retObj(c.d.autoString(c.self.label)) }
	return m
}

// setRetained is a retained (strong) object property's setter.
func setRetained(c *call, slot **object, v *object) {
	if v != nil {
		c.d.retain(v)
	}
	if *slot != nil {
		c.d.release(*slot)
	}
	*slot = v
	if v != nil {
		prev := c.self.dealloc
		c.self.dealloc = func() {
			if *slot != nil {
				c.d.release(*slot)
				*slot = nil
			}
			if prev != nil {
				prev()
			}
		}
	}
}

func pixelFormatArg(c *call, i int) pixfmt.Format {
	m := mtl.PixelFormat(c.uint(i))
	if m == mtl.PixelFormatInvalid {
		return pixfmt.Invalid
	}
	f, ok := fromPixelFormat[m]
	if !ok {
		c.fail("pixel format %d is not one the double knows", m)
	}
	return f
}

func newSampler(c *call) {
	dsc := c.obj(0)
	if dsc == nil {
		c.fail("nil descriptor")
		return
	}
	sd := dsc.state.(*samplerDesc)
	s, err := devOf(c).ref.NewSampler(sd.d)
	if err != nil {
		c.fail("%v", err)
		return
	}
	o := c.child("MTLDoubleSamplerState", &samplerObj{devChild{c.self}, s})
	o.label = dsc.label
	c.retObj(o)
}

type samplerObj struct {
	devChild
	ref backend.Sampler
}

type depthStencilObj struct {
	devChild
	ref backend.DepthStencilState
}

func newDepthStencil(c *call) {
	dsc := c.obj(0)
	if dsc == nil {
		c.fail("nil descriptor")
		return
	}
	dd := dsc.state.(*depthStencilDesc)
	d := dd.d
	// Metal's stencil descriptors are nil unless set: the test passes
	// and nothing is written.
	d.StencilEnable = dd.front || dd.back
	if d.StencilEnable && !dd.back {
		d.Back = backend.StencilDesc{Compare: backend.CompareAlways, ReadMask: 0xff, WriteMask: 0xff}
	}
	if d.StencilEnable && !dd.front {
		d.Front = backend.StencilDesc{Compare: backend.CompareAlways, ReadMask: 0xff, WriteMask: 0xff}
	}
	s, err := devOf(c).ref.NewDepthStencilState(d)
	if err != nil {
		c.fail("%v", err)
		return
	}
	o := c.child("MTLDoubleDepthStencilState", &depthStencilObj{devChild{c.self}, s})
	o.label = dsc.label
	c.retObj(o)
}

func newLibrary(c *call) {
	src := c.d.goString(c.obj(0))
	if src == "" {
		c.fail("empty source")
		return
	}
	c.retObj(c.child("MTLDoubleLibrary", &library{devChild{c.self}, src}))
}

// newPipeline builds the reference pipeline from the descriptor, with
// Metal's checks on what a pipeline may be.
func newPipeline(c *call) { makePipeline(c, 0) }

// describePipeline reads a pipeline descriptor (argument 0) into the
// reference backend's description, with Metal's checks on what a
// pipeline may be; false after a violation.
func describePipeline(c *call) (*pipelineDesc, *pipeline, bool) {
	dsc := c.obj(0)
	if dsc == nil {
		c.fail("nil descriptor")
		return nil, nil, false
	}
	pd := dsc.state.(*pipelineDesc)
	if pd.vertex == nil {
		c.fail("no vertex function")
		return nil, nil, false
	}
	vf := pd.vertex.state.(*function)
	p := &pipeline{devChild: devChild{c.self}, depth: pd.depth, stencil: pd.stencil, samples: max(pd.samples, 1)}
	desc := backend.RenderPipelineDesc{VertexFunction: vf.ref, SampleCount: pd.samples, AlphaToCoverage: pd.a2c,
		Topology: enum(c, fromTopology, pd.topology, "primitive topology class")}
	if pd.fragment != nil {
		desc.FragmentFunction = pd.fragment.state.(*function).ref
	}
	if pd.colors != nil {
		for i, it := range pd.colors.state.(*descArray).items {
			if it == nil {
				continue
			}
			desc.ColorAttachments[i] = it.state.(*colorAttachmentDesc).d
			if f := desc.ColorAttachments[i].Format; f != pixfmt.Invalid {
				p.colors[i], _ = metal.PixelFormat(f)
			}
		}
	}
	if pd.vdesc != nil {
		vd := pd.vdesc.state.(*vertexDesc)
		used := map[int]bool{}
		if vd.attrs != nil {
			for i, it := range vd.attrs.state.(*descArray).items {
				if it == nil {
					continue
				}
				a := it.state.(*vertexAttrDesc).a
				desc.VertexDescriptor.Attributes[i] = a
				if a.Format != backend.VertexInvalid {
					used[int(a.BufferIndex)] = true
				}
			}
		}
		if vd.layouts != nil {
			for i, it := range vd.layouts.state.(*descArray).items {
				if it != nil {
					desc.VertexDescriptor.Layouts[i] = it.state.(*vertexLayoutDesc).l
				}
			}
		}
		for b := range used {
			if b >= maxBuffers {
				c.fail("a vertex attribute reads buffer %d: Metal has %d", b, maxBuffers)
				return nil, nil, false
			}
			if desc.VertexDescriptor.Layouts[b].Stride == 0 && desc.VertexDescriptor.Layouts[b].Step != backend.StepConstant {
				c.fail("vertex buffer layout %d has stride 0 but does not step constant", b)
				return nil, nil, false
			}
			p.layouts = append(p.layouts, b)
		}
	}
	var err error
	if desc.DepthFormat, err = pipelineFormat(pd.depth); err == nil {
		desc.StencilFormat, err = pipelineFormat(pd.stencil)
	}
	if err != nil {
		c.fail("%v", err)
		return nil, nil, false
	}
	if n := p.samples; n != 1 && n != 2 && n != 4 && n != 8 {
		c.fail("rasterSampleCount %d: the device supports 1, 2, 4 and 8", n)
		return nil, nil, false
	}
	for _, f := range []*object{pd.vertex, pd.fragment} {
		if f != nil && f.state.(*function).dev != c.self {
			c.fail("%s was made by another device", f)
			return nil, nil, false
		}
	}
	p.desc = desc
	return pd, p, true
}

// makePipeline is newRenderPipelineStateWithDescriptor:... with the
// options given: the descriptor's binary archives are searched first
// (archive.go), and with MTLPipelineOptionFailOnBinaryArchiveMiss a
// pipeline none holds is not made.
func makePipeline(c *call, opts mtl.PipelineOption) {
	pd, p, ok := describePipeline(c)
	if !ok {
		return
	}
	if len(pd.archives) > 0 {
		hit := c.d.lookupArchives(c, pd, p.desc)
		if !hit && opts&mtl.PipelineOptionFailOnBinaryArchiveMiss != 0 {
			writeErr(c, len(c.args)-1, c.d.newError(archiveMissDomain, 1,
				"the pipeline is in none of the descriptor's binary archives (MTLPipelineOptionFailOnBinaryArchiveMiss)"))
			c.retObj(nil)
			return
		}
	} else if opts&mtl.PipelineOptionFailOnBinaryArchiveMiss != 0 {
		writeErr(c, len(c.args)-1, c.d.newError(archiveMissDomain, 1, "no binary archives to search (MTLPipelineOptionFailOnBinaryArchiveMiss)"))
		c.retObj(nil)
		return
	}
	ref, err := devOf(c).ref.NewRenderPipeline(p.desc)
	if err != nil {
		// Metal's answer: nil and an NSError through the out-parameter.
		writeErr(c, len(c.args)-1, c.d.newError("CompilerError", 1, err.Error()))
		c.retObj(nil)
		return
	}
	p.ref = ref
	o := c.child("MTLDoubleRenderPipelineState", p)
	o.label = c.obj(0).label
	c.retObj(o)
}

func pipelineFormat(m mtl.PixelFormat) (pixfmt.Format, error) {
	if m == mtl.PixelFormatInvalid {
		return pixfmt.Invalid, nil
	}
	f, ok := fromPixelFormat[m]
	if !ok {
		return 0, errUnknownFormat(m)
	}
	return f, nil
}

type errUnknownFormat mtl.PixelFormat

func (e errUnknownFormat) Error() string { return "pixel format unknown to the double" }

// writeErr stores an autoreleased NSError through the NSError **
// argument i, when the caller passed one.
func writeErr(c *call, i int, e *object) {
	if p := c.ptr(i); p != nil {
		*(*uintptr)(p) = e.id
	}
}
