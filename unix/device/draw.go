package device

import (
	"encoding/binary"
	"fmt"
	"math"
	"unsafe"

	"mtld3d/core/ff"
	"mtld3d/core/ir"
	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/reference/irprog"
)

// The first draw path: FVF vertices from streams or UP data, shaded by
// the fixed-function pipeline (core/ff) and run through one FunctionDesc
// that carries both the MSL and the IR program, so either backend can
// build it. Programmable shaders and vertex declarations come next.

// streamBase is the backend vertex buffer index of D3D9 stream 0: buffers
// 0-3 hold the constants and the draw state (core/msl's layout).
const streamBase = 4

type vsEntry struct {
	fn    backend.Function
	slots []int
}

// Function cache keys: a fixed-function key, or the shader's IR (by
// pointer: a shader object is lowered once), with the variant.
type vsKey struct {
	k    ff.VertexKey
	prog *ir.Shader
	v    ir.VariantKey
}

type psKey struct {
	k    ff.PixelKey
	prog *ir.Shader
	v    ir.VariantKey
}

// drawCache holds what a repeated frame must not rebuild.
type drawCache struct {
	vs        map[vsKey]vsEntry
	ps        map[psKey]backend.Function
	pipes     map[backend.RenderPipelineDesc]backend.RenderPipelineState
	dss       map[backend.DepthStencilDesc]backend.DepthStencilState
	samplers  map[backend.SamplerDesc]backend.Sampler
	transient []backend.Buffer // per-frame buffers (UP data, converted indices)
}

func (c *drawCache) init() {
	c.vs = map[vsKey]vsEntry{}
	c.ps = map[psKey]backend.Function{}
	c.pipes = map[backend.RenderPipelineDesc]backend.RenderPipelineState{}
	c.dss = map[backend.DepthStencilDesc]backend.DepthStencilState{}
	c.samplers = map[backend.SamplerDesc]backend.Sampler{}
}

func (c *drawCache) release() {
	for _, p := range c.pipes {
		p.Release()
	}
	for _, s := range c.dss {
		s.Release()
	}
	for _, s := range c.samplers {
		s.Release()
	}
	c.endFrame()
}

// endFrame drops the frame's transient buffers once its commands are done.
func (c *drawCache) endFrame() {
	for _, b := range c.transient {
		b.Release()
	}
	c.transient = c.transient[:0]
}

func init() {
	on("Draw", func(d *Device, r *shared.RecDraw, _ []byte) error {
		return d.draw(types.PrimitiveType(r.PrimitiveType), r.PrimCount, d.boundStream, nil, 0, int(r.StartVertex))
	})
	on("DrawIndexed", func(d *Device, r *shared.RecDrawIndexed, _ []byte) error {
		ib := d.buffers[d.st.indices]
		if ib == nil {
			return fmt.Errorf("indexed draw without an index buffer")
		}
		isize := 2
		if ib.format == types.D3DFMT_INDEX32 {
			isize = 4
		}
		idx := &indexSource{buf: ib.buf, offset: int(r.StartIndex) * isize, size: isize}
		return d.draw(types.PrimitiveType(r.PrimitiveType), r.PrimCount, d.boundStream, idx, int(r.BaseVertex), 0)
	})
	on("DrawUP", (*Device).drawUP)
}

// streamFunc returns the buffer, offset and stride of a stream, or false
// if nothing is bound there.
type streamFunc func(stream uint32) (backend.Buffer, int, int, bool)

func (d *Device) boundStream(i uint32) (backend.Buffer, int, int, bool) {
	if i >= uint32(len(d.st.streams)) {
		return nil, 0, 0, false
	}
	s := d.st.streams[i]
	b := d.buffers[s.buffer]
	if s.buffer == 0 || b == nil {
		return nil, 0, 0, false
	}
	return b.buf, int(s.offset), int(s.stride), true
}

type indexSource struct {
	buf    backend.Buffer
	offset int
	size   int // 2 or 4
}

func (d *Device) drawUP(r *shared.RecDrawUP, rec []byte) error {
	if r.PrimCount == 0 {
		return nil
	}
	total := int(r.VertexBytes) + int(r.IndexBytes)
	var data []byte
	if r.Data != 0 {
		data = unsafe.Slice((*byte)(guestPtr(r.Data)), total)
	} else {
		base := int(unsafe.Sizeof(*r))
		if len(rec) < base+total {
			return fmt.Errorf("UP draw: %d bytes of data in a %d-byte record", total, len(rec))
		}
		data = rec[base : base+total]
	}
	vb, err := d.transient(data[:r.VertexBytes])
	if err != nil {
		return err
	}
	var idx *indexSource
	if r.IndexFormat != 0 {
		ib, err := d.transient(data[r.VertexBytes:])
		if err != nil {
			return err
		}
		idx = &indexSource{buf: ib, size: 2}
		if types.Format(r.IndexFormat) == types.D3DFMT_INDEX32 {
			idx.size = 4
		}
	}
	up := func(i uint32) (backend.Buffer, int, int, bool) { return vb, 0, int(r.Stride), i == 0 }
	return d.draw(types.PrimitiveType(r.PrimitiveType), r.PrimCount, up, idx, 0, 0)
}

func (d *Device) transient(data []byte) (backend.Buffer, error) {
	b, err := d.be.NewBuffer(max(len(data), 4))
	if err != nil {
		return nil, err
	}
	b.Upload(0, data)
	d.draws.transient = append(d.draws.transient, b)
	return b, nil
}

// fvfElements lists an FVF vertex's elements in memory order, on stream 0.
func fvfElements(fvf uint32) []element {
	var els []element
	off := uint32(0)
	put := func(u ir.Usage, idx uint8, f backend.VertexFormat) {
		els = append(els, element{offset: off, format: f, usage: u, index: idx})
		off += uint32(f.Size())
	}
	floats := [5]backend.VertexFormat{0, backend.VertexFloat, backend.VertexFloat2, backend.VertexFloat3, backend.VertexFloat4}
	dcl := ff.DeclFromFVF(fvf)
	switch fvf & types.D3DFVF_POSITION_MASK {
	case types.D3DFVF_XYZRHW:
		put(ir.UsagePositionT, 0, backend.VertexFloat4)
	case types.D3DFVF_XYZW:
		put(ir.UsagePosition, 0, backend.VertexFloat4)
	case 0:
		return nil
	default:
		put(ir.UsagePosition, 0, backend.VertexFloat3)
	}
	if dcl.BlendWeights > 0 {
		put(ir.UsageBlendWeight, 0, floats[dcl.BlendWeights])
	}
	if dcl.Indices {
		if dcl.IndicesColor {
			put(ir.UsageBlendIndices, 0, backend.VertexUChar4Normalized_BGRA)
		} else {
			put(ir.UsageBlendIndices, 0, backend.VertexUChar4)
		}
	}
	if dcl.Normal {
		put(ir.UsageNormal, 0, backend.VertexFloat3)
	}
	if dcl.PSize {
		put(ir.UsagePSize, 0, backend.VertexFloat)
	}
	if dcl.Diffuse {
		put(ir.UsageColor, 0, backend.VertexUChar4Normalized_BGRA)
	}
	if dcl.Specular {
		put(ir.UsageColor, 1, backend.VertexUChar4Normalized_BGRA)
	}
	for i := 0; i < int(dcl.TexCoords); i++ {
		put(ir.UsageTexCoord, uint8(i), floats[max(dcl.TexCoordSize[i], 1)])
	}
	return els
}

// ffLocation is where core/ff's vertex shader reads an element.
func ffLocation(u ir.Usage, idx uint8) (int, bool) {
	switch u {
	case ir.UsagePosition, ir.UsagePositionT:
		if idx == 1 {
			return ff.LocPosition1, true
		}
		return ff.LocPosition, idx == 0
	case ir.UsageBlendWeight:
		return ff.LocBlendWeight, idx == 0
	case ir.UsageBlendIndices:
		return ff.LocBlendIndices, idx == 0
	case ir.UsageNormal:
		if idx == 1 {
			return ff.LocNormal1, true
		}
		return ff.LocNormal, idx == 0
	case ir.UsagePSize:
		return ff.LocPSize, idx == 0
	case ir.UsageColor:
		return ff.LocDiffuse + int(idx), idx < 2
	case ir.UsageTexCoord:
		return ff.LocTexCoord0 + int(idx), idx < ff.MaxStages
	}
	return 0, false
}

// shaderLocation finds where a vertex shader reads an element: the input
// with the same usage and index (a pre-transformed position also feeds a
// position input).
func shaderLocation(s *ir.Shader) func(ir.Usage, uint8) (int, bool) {
	return func(u ir.Usage, idx uint8) (int, bool) {
		for _, in := range s.Inputs {
			if in.Usage == u && in.UsageIndex == idx {
				return in.Location, true
			}
		}
		if u == ir.UsagePositionT {
			for _, in := range s.Inputs {
				if in.Usage == ir.UsagePosition && in.UsageIndex == idx {
					return in.Location, true
				}
			}
		}
		return 0, false
	}
}

// vertexDescriptor places each element where the vertex function reads
// it; stream s is backend buffer streamBase+s.
func vertexDescriptor(els []element, locate func(ir.Usage, uint8) (int, bool), streams streamFunc, instanceStep func(uint32) uint32) (backend.VertexDescriptor, []uint32, error) {
	var vd backend.VertexDescriptor
	var used []uint32
	for _, e := range els {
		loc, ok := locate(e.usage, e.index)
		if !ok || loc >= len(vd.Attributes) {
			continue
		}
		if e.format == backend.VertexInvalid {
			return vd, nil, fmt.Errorf("vertex element %v%d has a type the backend cannot read", e.usage, e.index)
		}
		bi := streamBase + int(e.stream)
		if bi >= len(vd.Layouts) {
			return vd, nil, fmt.Errorf("stream %d is beyond the backend's vertex buffers", e.stream)
		}
		vd.Attributes[loc] = backend.VertexAttribute{Format: e.format, Offset: e.offset, BufferIndex: uint8(bi)}
		if vd.Layouts[bi].Stride == 0 {
			_, _, stride, ok := streams(e.stream)
			if !ok {
				return vd, nil, fmt.Errorf("stream %d is declared but nothing is bound", e.stream)
			}
			vd.Layouts[bi] = backend.VertexBufferLayout{Stride: uint32(stride)}
			if step := instanceStep(e.stream); step > 0 {
				vd.Layouts[bi].Step, vd.Layouts[bi].StepRate = backend.StepPerInstance, step
			}
			used = append(used, e.stream)
		}
	}
	return vd, used, nil
}

var blendFactors = [...]backend.BlendFactor{
	types.D3DBLEND_ZERO: backend.BlendZero, types.D3DBLEND_ONE: backend.BlendOne,
	types.D3DBLEND_SRCCOLOR: backend.BlendSourceColor, types.D3DBLEND_INVSRCCOLOR: backend.BlendOneMinusSourceColor,
	types.D3DBLEND_SRCALPHA: backend.BlendSourceAlpha, types.D3DBLEND_INVSRCALPHA: backend.BlendOneMinusSourceAlpha,
	types.D3DBLEND_DESTALPHA: backend.BlendDestinationAlpha, types.D3DBLEND_INVDESTALPHA: backend.BlendOneMinusDestinationAlpha,
	types.D3DBLEND_DESTCOLOR: backend.BlendDestinationColor, types.D3DBLEND_INVDESTCOLOR: backend.BlendOneMinusDestinationColor,
	types.D3DBLEND_SRCALPHASAT: backend.BlendSourceAlphaSaturated,
	types.D3DBLEND_BLENDFACTOR: backend.BlendBlendColor, types.D3DBLEND_INVBLENDFACTOR: backend.BlendOneMinusBlendColor,
}

// blendPair maps a D3D9 source and destination factor, including the
// BOTH* shorthands that set both.
func blendPair(src, dst uint32) (backend.BlendFactor, backend.BlendFactor) {
	switch types.Blend(src) {
	case types.D3DBLEND_BOTHSRCALPHA:
		return backend.BlendSourceAlpha, backend.BlendOneMinusSourceAlpha
	case types.D3DBLEND_BOTHINVSRCALPHA:
		return backend.BlendOneMinusSourceAlpha, backend.BlendSourceAlpha
	}
	f := func(v uint32, def backend.BlendFactor) backend.BlendFactor {
		if v < uint32(len(blendFactors)) && v != 0 {
			return blendFactors[v]
		}
		return def
	}
	return f(src, backend.BlendOne), f(dst, backend.BlendZero)
}

func blendOp(v uint32) backend.BlendOp {
	switch types.BlendOp(v) {
	case types.D3DBLENDOP_SUBTRACT:
		return backend.BlendOpSubtract
	case types.D3DBLENDOP_REVSUBTRACT:
		return backend.BlendOpReverseSubtract
	case types.D3DBLENDOP_MIN:
		return backend.BlendOpMin
	case types.D3DBLENDOP_MAX:
		return backend.BlendOpMax
	}
	return backend.BlendOpAdd
}

func writeMask(v uint32) backend.ColorMask {
	var m backend.ColorMask
	if v&types.D3DCOLORWRITEENABLE_RED != 0 {
		m |= backend.ColorMaskRed
	}
	if v&types.D3DCOLORWRITEENABLE_GREEN != 0 {
		m |= backend.ColorMaskGreen
	}
	if v&types.D3DCOLORWRITEENABLE_BLUE != 0 {
		m |= backend.ColorMaskBlue
	}
	if v&types.D3DCOLORWRITEENABLE_ALPHA != 0 {
		m |= backend.ColorMaskAlpha
	}
	return m
}

// D3DCMP_* (1..8) to the backend's compare functions.
var compareFuncs = [...]backend.CompareFunction{
	types.D3DCMP_NEVER: backend.CompareNever, types.D3DCMP_LESS: backend.CompareLess,
	types.D3DCMP_EQUAL: backend.CompareEqual, types.D3DCMP_LESSEQUAL: backend.CompareLessEqual,
	types.D3DCMP_GREATER: backend.CompareGreater, types.D3DCMP_NOTEQUAL: backend.CompareNotEqual,
	types.D3DCMP_GREATEREQUAL: backend.CompareGreaterEqual, types.D3DCMP_ALWAYS: backend.CompareAlways,
}

func compareFunc(v uint32) backend.CompareFunction {
	if v >= 1 && v < uint32(len(compareFuncs)) {
		return compareFuncs[v]
	}
	return backend.CompareAlways
}

var stencilOps = [...]backend.StencilOp{
	types.D3DSTENCILOP_KEEP: backend.StencilKeep, types.D3DSTENCILOP_ZERO: backend.StencilZero,
	types.D3DSTENCILOP_REPLACE: backend.StencilReplace, types.D3DSTENCILOP_INCRSAT: backend.StencilIncrementClamp,
	types.D3DSTENCILOP_DECRSAT: backend.StencilDecrementClamp, types.D3DSTENCILOP_INVERT: backend.StencilInvert,
	types.D3DSTENCILOP_INCR: backend.StencilIncrementWrap, types.D3DSTENCILOP_DECR: backend.StencilDecrementWrap,
}

func stencilOp(v uint32) backend.StencilOp {
	if v >= 1 && v < uint32(len(stencilOps)) {
		return stencilOps[v]
	}
	return backend.StencilKeep
}

func (d *Device) depthStencilDesc(hasDepth, hasStencil bool) backend.DepthStencilDesc {
	rs := &d.st.ff.RS
	var ds backend.DepthStencilDesc
	ds.DepthCompare = backend.CompareAlways
	if hasDepth && rs[types.D3DRS_ZENABLE] != 0 {
		ds.DepthCompare = compareFunc(rs[types.D3DRS_ZFUNC])
		ds.DepthWrite = rs[types.D3DRS_ZWRITEENABLE] != 0
	}
	if hasStencil && rs[types.D3DRS_STENCILENABLE] != 0 {
		front := backend.StencilDesc{Compare: compareFunc(rs[types.D3DRS_STENCILFUNC]), FailOp: stencilOp(rs[types.D3DRS_STENCILFAIL]),
			DepthFailOp: stencilOp(rs[types.D3DRS_STENCILZFAIL]), PassOp: stencilOp(rs[types.D3DRS_STENCILPASS]),
			ReadMask: uint8(rs[types.D3DRS_STENCILMASK]), WriteMask: uint8(rs[types.D3DRS_STENCILWRITEMASK])}
		back := front
		if rs[types.D3DRS_TWOSIDEDSTENCILMODE] != 0 {
			back.Compare = compareFunc(rs[types.D3DRS_CCW_STENCILFUNC])
			back.FailOp = stencilOp(rs[types.D3DRS_CCW_STENCILFAIL])
			back.DepthFailOp = stencilOp(rs[types.D3DRS_CCW_STENCILZFAIL])
			back.PassOp = stencilOp(rs[types.D3DRS_CCW_STENCILPASS])
		}
		ds.StencilEnable, ds.Front, ds.Back = true, front, back
	}
	return ds
}

func (d *Device) sampler(s int) (backend.Sampler, error) {
	v := &d.st.samp[s]
	filter := func(f uint32) backend.SamplerFilter {
		if types.TextureFilterType(f) >= types.D3DTEXF_LINEAR {
			return backend.FilterLinear
		}
		return backend.FilterNearest
	}
	address := func(a uint32) backend.AddressMode {
		switch types.TextureAddress(a) {
		case types.D3DTADDRESS_MIRROR:
			return backend.AddressMirrorRepeat
		case types.D3DTADDRESS_CLAMP:
			return backend.AddressClampToEdge
		case types.D3DTADDRESS_BORDER:
			return backend.AddressClampToBorder
		case types.D3DTADDRESS_MIRRORONCE:
			return backend.AddressMirrorClampToEdge
		}
		return backend.AddressRepeat
	}
	desc := backend.DefaultSamplerDesc()
	desc.MinFilter, desc.MagFilter = filter(v[types.D3DSAMP_MINFILTER]), filter(v[types.D3DSAMP_MAGFILTER])
	switch types.TextureFilterType(v[types.D3DSAMP_MIPFILTER]) {
	case types.D3DTEXF_NONE:
		desc.MipFilter = backend.MipFilterNone
	case types.D3DTEXF_POINT:
		desc.MipFilter = backend.MipFilterNearest
	default:
		desc.MipFilter = backend.MipFilterLinear
	}
	desc.SAddress, desc.TAddress, desc.RAddress = address(v[types.D3DSAMP_ADDRESSU]), address(v[types.D3DSAMP_ADDRESSV]), address(v[types.D3DSAMP_ADDRESSW])
	if types.TextureFilterType(v[types.D3DSAMP_MINFILTER]) == types.D3DTEXF_ANISOTROPIC {
		desc.MaxAnisotropy = int(min(max(v[types.D3DSAMP_MAXANISOTROPY], 1), 16))
	}
	desc.LodMinClamp = float32(v[types.D3DSAMP_MAXMIPLEVEL])
	if t := d.textures[d.st.tex[s]]; t != nil && float32(t.lod) > desc.LodMinClamp {
		desc.LodMinClamp = float32(t.lod) // SetLOD and MAXMIPLEVEL: the larger wins
	}
	return d.samplerState(desc)
}

func floatBytes(v [][4]float32) []byte {
	b := make([]byte, 16*max(len(v), 1))
	for i, r := range v {
		for j, f := range r {
			binary.LittleEndian.PutUint32(b[16*i+4*j:], math.Float32bits(f))
		}
	}
	return b
}

// vertexElements is the vertex layout in force: the declaration's, or
// the FVF's; nil if neither is set.
func (d *Device) vertexElements() []element {
	switch {
	case d.st.decl != 0:
		return d.decls[d.st.decl]
	case d.st.fvf != 0:
		return fvfElements(d.st.fvf)
	}
	return nil
}

// pipeline, depthStencil and samplerState build a backend object once
// per descriptor; a frame that repeats builds nothing.
func (d *Device) pipeline(desc backend.RenderPipelineDesc) (backend.RenderPipelineState, error) {
	if p, ok := d.draws.pipes[desc]; ok {
		return p, nil
	}
	p, err := d.be.NewRenderPipeline(desc)
	if err == nil {
		d.draws.pipes[desc] = p
	}
	return p, err
}

func (d *Device) depthStencil(desc backend.DepthStencilDesc) (backend.DepthStencilState, error) {
	if s, ok := d.draws.dss[desc]; ok {
		return s, nil
	}
	s, err := d.be.NewDepthStencilState(desc)
	if err == nil {
		d.draws.dss[desc] = s
	}
	return s, err
}

func (d *Device) samplerState(desc backend.SamplerDesc) (backend.Sampler, error) {
	if s, ok := d.draws.samplers[desc]; ok {
		return s, nil
	}
	s, err := d.be.NewSampler(desc)
	if err == nil {
		d.draws.samplers[desc] = s
	}
	return s, err
}

// draw encodes one draw of prims primitives with the current state.
func (d *Device) draw(pt types.PrimitiveType, prims uint32, streams streamFunc, idx *indexSource, baseVertex, startVertex int) error {
	els := d.vertexElements()
	if len(els) == 0 {
		d.warnOnce(shared.RecordCode("Draw"), "draw with neither an FVF nor a declaration")
		return nil
	}
	var vsIR, psIR *ir.Shader
	if d.st.vs != 0 {
		if sh := d.shaders[d.st.vs]; sh != nil {
			vsIR = sh.ir
		}
		if vsIR == nil {
			return nil // refused shader: logged at creation
		}
	} else if d.st.decl != 0 {
		d.warnOnce(shared.RecordCode("Draw"), "fixed-function draws with vertex declarations are not rendered yet")
		return nil
	}
	if d.st.ps != 0 {
		if sh := d.shaders[d.st.ps]; sh != nil {
			psIR = sh.ir
		}
		if psIR == nil {
			return nil
		}
	}
	n := vertexCount(pt, prims)
	if n == 0 {
		return fmt.Errorf("primitive type %d", pt)
	}
	// Targets, as for Clear.
	var pd backend.RenderPassDesc
	var desc backend.RenderPipelineDesc
	w, h, samples, any := 1<<30, 1<<30, 1, false
	for i, id := range d.rts {
		s := d.objects[id]
		if id == 0 || s == nil || s.tex == nil {
			continue
		}
		s.target(&pd.Color[i].AttachmentDesc)
		w, h, samples, any = min(w, s.width), min(h, s.height), s.samples, true
		rs := &d.st.ff.RS
		src, dst := blendPair(rs[types.D3DRS_SRCBLEND], rs[types.D3DRS_DESTBLEND])
		ca := backend.ColorAttachmentDesc{Format: s.mapping.Format, WriteMask: writeMask(rs[types.D3DRS_COLORWRITEENABLE])}
		if i > 0 {
			ca.WriteMask = writeMask(rs[types.D3DRS_COLORWRITEENABLE1+types.RenderStateType(i-1)])
		}
		if rs[types.D3DRS_ALPHABLENDENABLE] != 0 {
			ca.BlendEnable, ca.SrcRGB, ca.DstRGB = true, src, dst
			ca.RGBBlendOp = blendOp(rs[types.D3DRS_BLENDOP])
			ca.SrcAlpha, ca.DstAlpha, ca.AlphaBlendOp = src, dst, ca.RGBBlendOp
			if rs[types.D3DRS_SEPARATEALPHABLENDENABLE] != 0 {
				ca.SrcAlpha, ca.DstAlpha = blendPair(rs[types.D3DRS_SRCBLENDALPHA], rs[types.D3DRS_DESTBLENDALPHA])
				ca.AlphaBlendOp = blendOp(rs[types.D3DRS_BLENDOPALPHA])
			}
		}
		desc.ColorAttachments[i] = ca
	}
	var hasDepth, hasStencil bool
	if ds := d.objects[d.ds]; d.ds != 0 && ds != nil && ds.tex != nil {
		pf := ds.mapping.Format
		if hasDepth = pf.IsDepth(); hasDepth {
			desc.DepthFormat = pf
			ds.target(&pd.Depth.AttachmentDesc)
		}
		if hasStencil = pf.IsStencil(); hasStencil {
			desc.StencilFormat = pf
			ds.target(&pd.Stencil.AttachmentDesc)
		}
		w, h, samples, any = min(w, ds.width), min(h, ds.height), ds.samples, true
	}
	if !any {
		return nil
	}

	// Shaders from fixed-function state.
	st := &d.st.ff
	for s := 0; s < ff.MaxStages; s++ {
		st.Textures[s] = ir.SamplerNone
		if t := d.textures[d.st.tex[s]]; d.st.tex[s] != 0 && t != nil {
			st.Textures[s] = ir.Sampler2D
		}
	}
	d.st.activeLights()
	d.st.params.Viewport = types.Viewport9{X: d.vp.X, Y: d.vp.Y, Width: d.vp.Width, Height: d.vp.Height, MinZ: d.vp.MinZ, MaxZ: d.vp.MaxZ}
	var vk ff.VertexKey
	var pk ff.PixelKey
	key := ff.Variant(st)
	ve, err := d.vertexFunction(vsIR, &vk, key)
	if err != nil {
		return err
	}
	pkey := irprog.LinkKey(key, ve.slots)
	fs, err := d.pixelFunction(psIR, &pk, pkey)
	if err != nil {
		return err
	}
	locate := ffLocation
	if vsIR != nil {
		locate = shaderLocation(vsIR)
	}
	// Instancing (SetStreamSourceFreq): with stream 0 marked INDEXEDDATA
	// an indexed draw repeats for its count of instances, and streams
	// marked INSTANCEDATA advance once per that many instances.
	instances := 1
	if f := d.st.streams[0].freq; idx != nil && f&types.D3DSTREAMSOURCE_INDEXEDDATA != 0 {
		instances = max(int(f&0x3fffffff), 1)
	}
	step := func(s uint32) uint32 {
		if instances == 1 || s >= uint32(len(d.st.streams)) {
			return 0
		}
		if f := d.st.streams[s].freq; f&types.D3DSTREAMSOURCE_INSTANCEDATA != 0 {
			return max(f&0x3fffffff, 1)
		}
		return 0
	}
	vd, used, err := vertexDescriptor(els, locate, streams, step)
	if err != nil {
		return err
	}
	desc.VertexFunction, desc.FragmentFunction, desc.VertexDescriptor = ve.fn, fs, vd
	desc.SampleCount = samples
	desc.Topology = topology(pt)
	pipe, err := d.pipeline(desc)
	if err != nil {
		return err
	}
	dss, err := d.depthStencil(d.depthStencilDesc(hasDepth, hasStencil))
	if err != nil {
		return err
	}

	cb := d.cmd()
	if cb == nil {
		return nil
	}
	enc := cb.RenderCommandEncoder(&pd)
	defer enc.EndEncoding()
	enc.SetRenderPipelineState(pipe)
	enc.SetDepthStencilState(dss)
	ref := d.st.ff.RS[types.D3DRS_STENCILREF] & 0xff
	enc.SetStencilReference(ref, ref)
	enc.SetViewport(backend.Viewport{OriginX: float64(d.vp.X), OriginY: float64(d.vp.Y), Width: float64(d.vp.Width),
		Height: float64(d.vp.Height), ZNear: float64(d.vp.MinZ), ZFar: float64(d.vp.MaxZ)})
	if d.st.ff.RS[types.D3DRS_SCISSORTESTENABLE] != 0 {
		r := rect{int(d.scissor.Left), int(d.scissor.Top), int(d.scissor.Right), int(d.scissor.Bottom)}.and(rect{0, 0, w, h})
		if r.empty() {
			return nil
		}
		enc.SetScissorRect(backend.ScissorRect{X: r.l, Y: r.t, Width: r.r - r.l, Height: r.b - r.t})
	}
	// D3D9's front faces are clockwise; D3DCULL_CCW (the default) culls
	// counter-clockwise ones, the back faces.
	enc.SetFrontFacing(backend.WindingClockwise)
	switch types.Cull(d.st.ff.RS[types.D3DRS_CULLMODE]) {
	case types.D3DCULL_CW:
		enc.SetCullMode(backend.CullFront)
	case types.D3DCULL_CCW:
		enc.SetCullMode(backend.CullBack)
	default:
		enc.SetCullMode(backend.CullNone)
	}
	if types.FillMode(d.st.ff.RS[types.D3DRS_FILLMODE]) == types.D3DFILL_WIREFRAME {
		enc.SetTriangleFillMode(backend.FillLines)
	}
	dsv := make([][4]float32, ir.DSCount)
	ff.FillDrawState(dsv, st)
	dsb := floatBytes(dsv)
	if vsIR == nil {
		enc.SetVertexBytes(floatBytes(ff.VertexConstants(&vk, st, d.st.params)), 0)
	} else {
		c := &d.st.vsConst
		enc.SetVertexBytes(c.floatBytes(), 0)
		enc.SetVertexBytes(c.intBytes(), 1)
		enc.SetVertexBytes(c.boolBytes(), 2)
	}
	enc.SetVertexBytes(dsb, 3)
	if psIR == nil {
		enc.SetFragmentBytes(floatBytes(ff.PixelConstants(st)), 0)
	} else {
		c := &d.st.psConst
		enc.SetFragmentBytes(c.floatBytes(), 0)
		enc.SetFragmentBytes(c.intBytes(), 1)
		enc.SetFragmentBytes(c.boolBytes(), 2)
	}
	enc.SetFragmentBytes(dsb, 3)
	for s := 0; s < ff.MaxStages; s++ {
		t := d.textures[d.st.tex[s]]
		if d.st.tex[s] == 0 || t == nil {
			continue
		}
		smp, err := d.sampler(s)
		if err != nil {
			return err
		}
		enc.SetFragmentTexture(t.view, s)
		enc.SetFragmentSampler(smp, s)
	}
	for _, st := range used {
		b, off, _, _ := streams(st)
		enc.SetVertexBuffer(b, off, streamBase+int(st))
	}

	bpt := primitive(pt)
	if pt == types.D3DPT_TRIANGLEFAN {
		// Metal has no fans: draw the same triangles as a list.
		ib, err := d.fanIndices(prims, idx)
		if err != nil {
			return err
		}
		if idx == nil {
			baseVertex = startVertex
		}
		enc.DrawIndexedPrimitives(backend.PrimitiveTriangle, int(prims)*3, backend.IndexUInt32, ib, 0, 1, baseVertex, 0)
		return nil
	}
	if idx == nil {
		enc.DrawPrimitives(bpt, startVertex, n, 1, 0)
		return nil
	}
	it := backend.IndexUInt16
	if idx.size == 4 {
		it = backend.IndexUInt32
	}
	enc.DrawIndexedPrimitives(bpt, n, it, idx.buf, idx.offset, instances, baseVertex, 0)
	return nil
}

// fanIndices lists a fan's triangles as 32-bit indices, reading the fan's
// own indices when it is indexed.
func (d *Device) fanIndices(prims uint32, idx *indexSource) (backend.Buffer, error) {
	at := func(i int) uint32 { return uint32(i) }
	if idx != nil {
		src := idx.buf.Contents()[idx.offset:]
		at = func(i int) uint32 {
			if idx.size == 2 {
				return uint32(binary.LittleEndian.Uint16(src[2*i:]))
			}
			return binary.LittleEndian.Uint32(src[4*i:])
		}
		if need := int(prims+2) * idx.size; len(src) < need {
			return nil, fmt.Errorf("fan needs %d index bytes, buffer has %d", need, len(src))
		}
	}
	out := make([]byte, 12*int(prims))
	for i := 0; i < int(prims); i++ {
		binary.LittleEndian.PutUint32(out[12*i:], at(0))
		binary.LittleEndian.PutUint32(out[12*i+4:], at(i+1))
		binary.LittleEndian.PutUint32(out[12*i+8:], at(i+2))
	}
	return d.transient(out)
}

func vertexCount(pt types.PrimitiveType, prims uint32) int {
	p := int(prims)
	switch pt {
	case types.D3DPT_POINTLIST:
		return p
	case types.D3DPT_LINELIST:
		return 2 * p
	case types.D3DPT_LINESTRIP:
		return p + 1
	case types.D3DPT_TRIANGLELIST:
		return 3 * p
	case types.D3DPT_TRIANGLESTRIP, types.D3DPT_TRIANGLEFAN:
		return p + 2
	}
	return 0
}

func primitive(pt types.PrimitiveType) backend.PrimitiveType {
	switch pt {
	case types.D3DPT_POINTLIST:
		return backend.PrimitivePoint
	case types.D3DPT_LINELIST:
		return backend.PrimitiveLine
	case types.D3DPT_LINESTRIP:
		return backend.PrimitiveLineStrip
	case types.D3DPT_TRIANGLESTRIP:
		return backend.PrimitiveTriangleStrip
	}
	return backend.PrimitiveTriangle
}

func topology(pt types.PrimitiveType) backend.TopologyClass {
	switch pt {
	case types.D3DPT_POINTLIST:
		return backend.TopologyPoint
	case types.D3DPT_LINELIST, types.D3DPT_LINESTRIP:
		return backend.TopologyLine
	}
	return backend.TopologyTriangle
}

// vertexFunction returns the vertex function for a shader, or for the
// fixed-function state when s is nil (filling *vk).
func (d *Device) vertexFunction(s *ir.Shader, vk *ff.VertexKey, key ir.VariantKey) (vsEntry, error) {
	k := vsKey{v: key}
	if s == nil {
		*vk = ff.VertexKeyOf(&d.st.ff)
		k.k = *vk
	} else {
		k.prog = s
	}
	if e, ok := d.draws.vs[k]; ok {
		return e, nil
	}
	if s == nil {
		s = ff.VertexShader(*vk)
	}
	fd, unit, err := irprog.Function(s, key)
	if err != nil {
		return vsEntry{}, err
	}
	fn, err := d.be.NewFunction(fd)
	if err != nil {
		return vsEntry{}, err
	}
	e := vsEntry{fn, unit.Varyings}
	d.draws.vs[k] = e
	return e, nil
}

func (d *Device) pixelFunction(s *ir.Shader, pk *ff.PixelKey, key ir.VariantKey) (backend.Function, error) {
	k := psKey{v: key}
	if s == nil {
		*pk = ff.PixelKeyOf(&d.st.ff)
		k.k = *pk
	} else {
		k.prog = s
	}
	if f, ok := d.draws.ps[k]; ok {
		return f, nil
	}
	if s == nil {
		s = ff.PixelShader(*pk)
	}
	fd, _, err := irprog.Function(s, key)
	if err != nil {
		return nil, err
	}
	fn, err := d.be.NewFunction(fd)
	if err != nil {
		return nil, err
	}
	d.draws.ps[k] = fn
	return fn, nil
}
