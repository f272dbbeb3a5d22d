package device

import (
	"encoding/binary"
	"math"
	"slices"

	"mtld3d/core/caps"
	"mtld3d/core/ff"
	"mtld3d/core/format"
	"mtld3d/core/ir"
	"mtld3d/core/pixfmt"
	"mtld3d/types"
	"mtld3d/unix/backend"
)

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

// opaqueDest is a blend factor with the destination alpha taken as 1.
func opaqueDest(f backend.BlendFactor) backend.BlendFactor {
	switch f {
	case backend.BlendDestinationAlpha:
		return backend.BlendOne
	case backend.BlendOneMinusDestinationAlpha, backend.BlendSourceAlphaSaturated:
		return backend.BlendZero // SRCALPHASAT is min(As, 1 - Ad)
	}
	return f
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

// pipeline, depthStencil and samplerState build a backend object once
// per descriptor; a frame that repeats builds nothing.
func (d *Device) pipeline(desc backend.RenderPipelineDesc) (backend.RenderPipelineState, error) {
	// Consecutive draws mostly share a pipeline: comparing with the last
	// one costs a fraction of hashing the description for the map.
	c := &d.draws
	if c.lastPipe != nil && desc == c.lastPipeDesc {
		return c.lastPipe, nil
	}
	if p, ok := c.pipes[desc]; ok {
		c.lastPipeDesc, c.lastPipe = desc, p
		return p, nil
	}
	if c := d.compiler; c != nil {
		if p := c.pre.takePipe(desc); p != nil { // prewarm.go
			d.draws.pipes[desc] = p
			return p, nil
		}
	}
	p, err := d.be.NewRenderPipeline(desc)
	if err == nil {
		d.draws.pipes[desc] = p
		d.recordPipeline(desc)
		d.perf.pipelines.Add(1)
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

// colorAttachments sets each bound target's blend and write mask (the
// formats are set by targets). D3D9 blends every target alike
// (D3DPMISCCAPS_MRTPOSTPIXELSHADERBLENDING); the write masks are per
// target (D3DRS_COLORWRITEENABLE1-3, D3DPMISCCAPS_INDEPENDENTWRITEMASKS).
// A target the pixel stage writes no colour to keeps its contents. With
// D3DRS_SRGBWRITEENABLE a target whose format has an sRGB twin is drawn
// through an sRGB view, so blending happens in linear space and the
// result is encoded after it, as D3DPMISCCAPS_POSTBLENDSRGBCONVERT says.
// A target whose format CheckDeviceFormat gives no
// D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING (the 32-bit float ones) is
// written unblended (caps.Blends).
func (d *Device) colorAttachments(pd *backend.RenderPassDesc, desc *backend.RenderPipelineDesc) error {
	rs := &d.st.ff.RS
	src, dst := blendPair(rs[types.D3DRS_SRCBLEND], rs[types.D3DRS_DESTBLEND])
	written := d.colorOutputs()
	desc.AlphaToCoverage = d.alphaToCoverage()
	// D3DRS_MULTISAMPLEANTIALIAS FALSE: every sample of a pixel takes its
	// centre's coverage and value (a pass of its own).
	pd.CenterSamples = d.targetSamples() > 1 && rs[types.D3DRS_MULTISAMPLEANTIALIAS] == 0
	for i := range d.rts {
		ca := &desc.ColorAttachments[i]
		if ca.Format == 0 {
			continue
		}
		if d.srgbViews() {
			if f := ca.Format.SRGB(); f != ca.Format {
				v, err := d.srgbView(pd.Color[i].Texture, f)
				if err != nil {
					return err
				}
				ca.Format, pd.Color[i].Texture = f, v
			}
		}
		if written&(1<<i) == 0 {
			continue // WriteMask 0: the target is left alone
		}
		ca.WriteMask = writeMask(rs[types.D3DRS_COLORWRITEENABLE])
		if i > 0 {
			ca.WriteMask = writeMask(rs[types.D3DRS_COLORWRITEENABLE1+types.RenderStateType(i-1)])
		}
		s := d.objects[d.rts[i]]
		if rs[types.D3DRS_ALPHABLENDENABLE] != 0 && (s == nil || caps.Blends(s.format)) {
			ca.BlendEnable, ca.SrcRGB, ca.DstRGB = true, src, dst
			ca.RGBBlendOp = blendOp(rs[types.D3DRS_BLENDOP])
			ca.SrcAlpha, ca.DstAlpha, ca.AlphaBlendOp = src, dst, ca.RGBBlendOp
			if rs[types.D3DRS_SEPARATEALPHABLENDENABLE] != 0 {
				ca.SrcAlpha, ca.DstAlpha = blendPair(rs[types.D3DRS_SRCBLENDALPHA], rs[types.D3DRS_DESTBLENDALPHA])
				ca.AlphaBlendOp = blendOp(rs[types.D3DRS_BLENDOPALPHA])
			}
			// A target without alpha (X8R8G8B8...) reads alpha 1, whatever
			// its storage holds.
			if s != nil && !format.Info(s.format).HasAlpha() {
				ca.SrcRGB, ca.DstRGB = opaqueDest(ca.SrcRGB), opaqueDest(ca.DstRGB)
				ca.SrcAlpha, ca.DstAlpha = opaqueDest(ca.SrcAlpha), opaqueDest(ca.DstAlpha)
			}
		}
	}
	return nil
}

// alphaToCoverage says a vendor's alpha-to-coverage switch is on while
// drawing into a multisampled target: AMD's (D3DRS_POINTSIZE set to A2M1,
// until A2M0) or NVIDIA's (D3DRS_ADAPTIVETESS_Y holding the ATOC FourCC,
// which core/caps offers, while alpha testing is enabled).
func (d *Device) alphaToCoverage() bool {
	return (d.st.a2m || d.nvidiaATOC()) && d.targetSamples() > 1
}

// nvidiaATOC says NVIDIA's switch is on; its alpha to coverage then
// replaces the alpha test (functions drops it from the variant), while
// AMD's leaves the test as it is.
func (d *Device) nvidiaATOC() bool {
	rs := &d.st.ff.RS
	return rs[types.D3DRS_ADAPTIVETESS_Y] == uint32(types.D3DFMT_ATOC) && rs[types.D3DRS_ALPHATESTENABLE] != 0
}

// targetSamples is render target 0's sample count (1 when unbound).
func (d *Device) targetSamples() int {
	if s := d.objects[d.rts[0]]; d.rts[0] != 0 && s != nil && s.samples > 1 {
		return s.samples
	}
	return 1
}

// sampleMask is D3DRS_MULTISAMPLEMASK as the pixel variant's SampleMask:
// 0 on a single-sampled target (where D3D9 ignores it) or when the mask
// keeps every sample; none says it keeps no sample, so nothing is drawn.
func (d *Device) sampleMask() (mask uint16, none bool) {
	n := d.targetSamples()
	if n <= 1 {
		return 0, false
	}
	all := uint32(1)<<n - 1
	m := d.st.ff.RS[types.D3DRS_MULTISAMPLEMASK] & all
	if m == all {
		return 0, false
	}
	return uint16(m), m == 0
}

// colorOutputs is the set of render targets the pixel stage writes: bit i
// for oCi of a bound pixel shader, target 0 for fixed function.
func (d *Device) colorOutputs() uint8 {
	if d.st.ps == 0 {
		return 1
	}
	s := d.shaders[d.st.ps]
	if s == nil || s.ir == nil {
		return 1 // the draw is skipped anyway
	}
	var m uint8
	for _, o := range s.ir.Outputs {
		if o.Kind == ir.OutColor && o.Index >= 0 && o.Index < 8 {
			m |= 1 << o.Index
		}
	}
	return m
}

// srgbViews says render targets are written through sRGB views.
func (d *Device) srgbViews() bool { return d.st.ff.RS[types.D3DRS_SRGBWRITEENABLE] != 0 }

// srgbView returns an sRGB view of a target texture, made once per frame
// (views go with the frame's transient objects). Metal makes views that
// only toggle sRGB without MTLTextureUsagePixelFormatView.
func (d *Device) srgbView(t backend.Texture, f pixfmt.Format) (backend.Texture, error) {
	if v, ok := d.draws.srgb[t]; ok {
		return v, nil
	}
	v, err := t.NewView(f, pixfmt.Swizzles{})
	if err != nil {
		return nil, err
	}
	d.draws.srgb[t] = v
	return v, nil
}

// depthBiasScale converts D3D9's depth bias, a value added to the depth
// directly, into units of the backend's bias, which Metal multiplies by
// the depth format's smallest step: 2^-16 for 16-bit depth; float depth
// (which stands in for D3D9's 24-bit formats too) steps by 2^-24 for
// depths in [0.5, 1), where perspective projections put most of a scene.
func depthBiasScale(f pixfmt.Format) float32 {
	if f == pixfmt.Depth16Unorm {
		return 1 << 16
	}
	return 1 << 24
}

// rasterState sets the encoder's viewport (the D3D9 viewport's part on the
// target, ff.FitViewport), scissor, stencil reference, winding, culling
// and fill mode. It answers false when the viewport, the scissor or
// D3DRS_MULTISAMPLEMASK leaves nothing to draw.
func (d *Device) rasterState(enc backend.RenderCommandEncoder, w, h int) bool {
	rs := &d.st.ff.RS
	if _, none := d.sampleMask(); none {
		return false
	}
	ref := rs[types.D3DRS_STENCILREF] & 0xff
	enc.SetStencilReference(ref, ref)
	bf := rs[types.D3DRS_BLENDFACTOR] // D3DCOLOR
	enc.SetBlendColor(float32(bf>>16&0xff)/255, float32(bf>>8&0xff)/255, float32(bf&0xff)/255, float32(bf>>24)/255)
	fit, ok := ff.FitViewport(d.viewport(), w, h)
	if !ok {
		return false // the viewport is off the target
	}
	d.draws.fit = fit // setConstants passes the position's fit on
	enc.SetViewport(backend.Viewport{OriginX: fit.X, OriginY: fit.Y, Width: fit.Width, Height: fit.Height,
		ZNear: float64(fit.ZNear), ZFar: float64(fit.ZFar)})
	// Every state the pass keeps is set on every draw (the pass sends only
	// changes): none is left from the draw or clear before.
	if rs[types.D3DRS_SCISSORTESTENABLE] != 0 {
		r := rect{int(d.scissor.Left), int(d.scissor.Top), int(d.scissor.Right), int(d.scissor.Bottom)}.and(rect{0, 0, w, h})
		if r.empty() {
			return false
		}
		enc.SetScissorRect(backend.ScissorRect{X: r.l, Y: r.t, Width: r.r - r.l, Height: r.b - r.t})
	} else {
		enc.SetScissorRect(backend.ScissorRect{Width: w, Height: h})
	}
	// D3D9's front faces are clockwise; D3DCULL_CCW (the default) culls
	// counter-clockwise ones, the back faces.
	enc.SetFrontFacing(backend.WindingClockwise)
	switch types.Cull(rs[types.D3DRS_CULLMODE]) {
	case types.D3DCULL_CW:
		enc.SetCullMode(backend.CullFront)
	case types.D3DCULL_CCW:
		enc.SetCullMode(backend.CullBack)
	default:
		enc.SetCullMode(backend.CullNone)
	}
	if types.FillMode(rs[types.D3DRS_FILLMODE]) == types.D3DFILL_WIREFRAME {
		enc.SetTriangleFillMode(backend.FillLines)
	} else {
		enc.SetTriangleFillMode(backend.FillSolid)
	}
	// Pre-transformed vertices are not clipped in depth (the caps leave
	// out D3DPMISCCAPS_CLIPTLVERTS, as AMD's do): their depth is clamped
	// to the viewport's range instead.
	if d.st.ff.Decl.Pos == ff.PosXYZRHW {
		enc.SetDepthClipMode(backend.DepthClamp)
	} else {
		enc.SetDepthClipMode(backend.DepthClip)
	}
	// D3D9 offsets depth by SLOPESCALEDEPTHBIAS * max(|dz/dx|, |dz/dy|) +
	// DEPTHBIAS, unclamped; the slope term is Metal's as it is, the
	// constant one the vertex shader's (depthBias).
	_, units, slope := d.depthBias()
	enc.SetDepthBias(units, slope, 0)
	return true
}

// depthBias splits D3DRS_DEPTHBIAS and SLOPESCALEDEPTHBIAS between the
// vertex shader and Metal. The constant bias goes to the shader as z/w
// units (ir.DSDepthBias): Metal counts it in steps of the stored format,
// and the 24-bit formats are stored as 32-bit floats, whose step grows
// with the depth (the bias would be D3D9's only for depths in [0.5, 1)).
// A viewport with no depth range leaves z/w nothing to scale, so there
// Metal takes it in the steps of a 24-bit (or 16-bit) integer format.
// Without a depth buffer there is nothing to bias.
func (d *Device) depthBias() (zw, units, slope float32) {
	rs := &d.st.ff.RS
	bias, slope := math.Float32frombits(rs[types.D3DRS_DEPTHBIAS]), math.Float32frombits(rs[types.D3DRS_SLOPESCALEDEPTHBIAS])
	ds := d.objects[d.ds]
	if d.ds == 0 || ds == nil || ds.tex == nil || (bias == 0 && slope == 0) {
		return 0, 0, 0
	}
	if r := d.vp.MaxZ - d.vp.MinZ; r > 0 {
		return bias / r, 0, slope
	}
	return 0, bias * depthBiasScale(ds.mapping.Format), slope
}

// pointFill says a draw of triangles is drawn as points: D3DFILL_POINT,
// which Metal has no fill mode for.
func (d *Device) pointFill(pt types.PrimitiveType) bool {
	return types.FillMode(d.st.ff.RS[types.D3DRS_FILLMODE]) == types.D3DFILL_POINT && topology(pt) == backend.TopologyTriangle
}

// flatShaded says colours take one vertex's value across a primitive
// (D3DSHADE_FLAT).
func (d *Device) flatShaded() bool {
	return types.ShadeMode(d.st.ff.RS[types.D3DRS_SHADEMODE]) == types.D3DSHADE_FLAT
}

// lastPixel says a line draw must add its lines' last pixels:
// D3DRS_LASTPIXEL TRUE (the default) draws them, Metal's line rule never
// does.
func (d *Device) lastPixel(pt types.PrimitiveType) bool {
	return d.st.ff.RS[types.D3DRS_LASTPIXEL] != 0 && (pt == types.D3DPT_LINELIST || pt == types.D3DPT_LINESTRIP)
}

// lineEnds lists the end vertex of every line of a line list (each second
// vertex) or strip (only its final vertex: the others start the next
// line, which draws them) as 32-bit indices, read from the draw's own
// indices when it is indexed.
func (d *Device) lineEnds(pt types.PrimitiveType, prims uint32, idx indexSource) (backend.Buffer, int, error) {
	count := int(prims)
	if pt == types.D3DPT_LINESTRIP {
		count = 1
	}
	out := slices.Grow(d.draws.scratch[:0], 4*count)[:4*count]
	for i := range count {
		v := 2*i + 1
		if pt == types.D3DPT_LINESTRIP {
			v = int(prims)
		}
		binary.LittleEndian.PutUint32(out[4*i:], idx.at(v))
	}
	d.draws.scratch = out
	ib, err := d.transient(out)
	return ib, count, err
}
