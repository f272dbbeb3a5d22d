package device

import "mtld3d/unix/backend"

// Render passes. A draw names its attachments (the bound render targets
// and depth-stencil surface) and asks for an encoder over them.

// drawTargets is what the bound targets mean for a draw.
type drawTargets struct {
	width, height, samples int // the smallest target's size
	hasDepth, hasStencil   bool
	any                    bool // false: nothing bound, nothing to draw
}

// targets fills the pass's attachments and the pipeline's attachment
// formats from the bound render targets and depth-stencil surface.
func (d *Device) targets(pd *backend.RenderPassDesc, desc *backend.RenderPipelineDesc) drawTargets {
	t := drawTargets{width: 1 << 30, height: 1 << 30, samples: 1}
	for i, id := range d.rts {
		s := d.objects[id]
		if id == 0 || s == nil || s.tex == nil {
			continue
		}
		s.target(&pd.Color[i].AttachmentDesc)
		desc.ColorAttachments[i].Format = s.mapping.Format
		t.width, t.height, t.samples, t.any = min(t.width, s.width), min(t.height, s.height), s.samples, true
	}
	if ds := d.objects[d.ds]; d.ds != 0 && ds != nil && ds.tex != nil {
		pf := ds.mapping.Format
		if t.hasDepth = pf.IsDepth(); t.hasDepth {
			desc.DepthFormat = pf
			ds.target(&pd.Depth.AttachmentDesc)
		}
		if t.hasStencil = pf.IsStencil(); t.hasStencil {
			desc.StencilFormat = pf
			ds.target(&pd.Stencil.AttachmentDesc)
		}
		t.width, t.height, t.samples, t.any = min(t.width, ds.width), min(t.height, ds.height), ds.samples, true
	}
	return t
}

// renderPass returns an encoder over the pass's attachments, or nil when
// there is no command buffer. For now every draw opens its own pass with
// load and store actions that keep everything.
func (d *Device) renderPass(pd *backend.RenderPassDesc) backend.RenderCommandEncoder {
	cb := d.cmd()
	if cb == nil {
		return nil
	}
	return cb.RenderCommandEncoder(pd)
}

// endPass is called when a draw is done with its encoder.
func (d *Device) endPass(enc backend.RenderCommandEncoder) { enc.EndEncoding() }
