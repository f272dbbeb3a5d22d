package device

import "mtld3d/core/pixfmt"
import "mtld3d/unix/backend"

// texQuad is one textured triangle over a target, scissored: the draw
// behind StretchRect's scaled copies, Present's picture and point mip
// generation. The fragment function reads params as buffer 0 (destination
// origin and scale, source origin and texel size, one more value of its
// own) and extra, when set, as buffer 1.
type texQuad struct {
	fs      backend.FunctionDesc
	sampler backend.SamplerDesc
	tex     backend.Texture
	target  backend.AttachmentDesc // texture, level and slice drawn into
	format  pixfmt.Format
	samples int
	w, h    int // the target's size
	scissor rect
	params  [][4]float32
	extra   []byte
	blend   bool // over the target by the source's alpha (the HUD), the target's alpha kept
}

// drawTexQuad encodes q in a pass of its own, after what is encoded.
func (d *Device) drawTexQuad(q *texQuad) error {
	vs, err := d.fixedFunction(clearVSDesc)
	if err != nil {
		return err
	}
	fs, err := d.fixedFunction(q.fs)
	if err != nil {
		return err
	}
	desc := backend.RenderPipelineDesc{VertexFunction: vs, FragmentFunction: fs, SampleCount: max(q.samples, 1), Topology: backend.TopologyTriangle}
	desc.ColorAttachments[0] = backend.ColorAttachmentDesc{Format: q.format, WriteMask: backend.ColorMaskAll}
	if q.blend {
		a := &desc.ColorAttachments[0]
		a.BlendEnable = true
		a.SrcRGB, a.DstRGB = backend.BlendSourceAlpha, backend.BlendOneMinusSourceAlpha
		a.SrcAlpha, a.DstAlpha = backend.BlendZero, backend.BlendOne
	}
	pipe, err := d.pipeline(desc)
	if err != nil {
		return err
	}
	smp, err := d.samplerState(q.sampler)
	if err != nil {
		return err
	}
	dss, err := d.depthStencil(backend.DepthStencilDesc{DepthCompare: backend.CompareAlways})
	if err != nil {
		return err
	}
	var pd backend.RenderPassDesc
	pd.Color[0].AttachmentDesc = q.target
	pd.Color[0].Load, pd.Color[0].Store = backend.LoadLoad, backend.StoreStore
	cb := d.outsidePass()
	if cb == nil {
		return nil
	}
	enc := cb.RenderCommandEncoder(&pd)
	defer enc.EndEncoding()
	enc.SetRenderPipelineState(pipe)
	enc.SetDepthStencilState(dss)
	enc.SetViewport(backend.Viewport{Width: float64(q.w), Height: float64(q.h), ZFar: 1})
	s := q.scissor
	enc.SetScissorRect(backend.ScissorRect{X: s.l, Y: s.t, Width: s.r - s.l, Height: s.b - s.t})
	var depth [4]byte // the triangle's depth: 0
	enc.SetVertexBytes(depth[:], 0)
	enc.SetFragmentBytes(floatBytes(q.params), 0)
	if q.extra != nil {
		enc.SetFragmentBytes(q.extra, 1)
	}
	enc.SetFragmentTexture(q.tex, 0)
	enc.SetFragmentSampler(smp, 0)
	enc.DrawPrimitives(backend.PrimitiveTriangle, 0, 3, 1, 0)
	return nil
}

// quadParams is buffer 0 of a texQuad that maps source rectangle sr of a
// srcW x srcH texture onto destination rectangle dr.
func quadParams(sr, dr rect, srcW, srcH int, last float32) [][4]float32 {
	sx := float32(sr.r-sr.l) / float32(dr.r-dr.l)
	sy := float32(sr.b-sr.t) / float32(dr.b-dr.t)
	return [][4]float32{{float32(dr.l), float32(dr.t), sx, sy}, {float32(sr.l), float32(sr.t), 1 / float32(srcW), 1 / float32(srcH)}, {last}}
}
