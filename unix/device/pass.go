package device

import "mtld3d/unix/backend"

// Render passes. A draw names its attachments (the bound render targets
// and depth-stencil surface) and asks for an encoder over them. The pass
// stays open across draws and clears while the attachments stay the same,
// and ends when they change, before any other encoder (blits, copies,
// resolves, present) and when the frame's commands are flushed.
//
// A depth-stencil surface made with discarding on (SurfaceDiscard) is
// stored only when a later pass or read may still use it: its encoders
// open with StoreUnknown and settle on DontCare when the pass ends for a
// Present or because another depth-stencil surface replaces it, on Store
// otherwise.
//
// The encoder itself is made lazily, at the first draw: until then the
// pass is only a descriptor, so a clear of the whole of every attachment
// it clears becomes that attachment's load action instead of a draw.

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
	// A depth-stencil surface whose sample count differs from the render
	// targets' is left out of the pass (Metal requires one count): colour
	// clears and draws go on as on Windows, where what happens to depth
	// varies by vendor (Wine's test_multisample_mismatch) and this is
	// NVIDIA's: depth is neither cleared nor tested.
	if ds := d.objects[d.ds]; d.ds != 0 && ds != nil && ds.tex != nil && (!t.any || ds.samples == t.samples) {
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

// attachKey names one attachment: a level and slice of a texture.
type attachKey struct {
	tex          backend.Texture
	level, slice int
}

// passKey is what two draws must agree on to share a pass.
type passKey struct {
	color          [backend.MaxColorAttachments]attachKey
	depth, stencil attachKey
	center         bool // RenderPassDesc.CenterSamples
}

func keyOf(pd *backend.RenderPassDesc) passKey {
	var k passKey
	at := func(a *backend.AttachmentDesc) attachKey { return attachKey{a.Texture, a.Level, a.Slice} }
	for i := range pd.Color {
		k.color[i] = at(&pd.Color[i].AttachmentDesc)
	}
	k.depth, k.stencil = at(&pd.Depth.AttachmentDesc), at(&pd.Stencil.AttachmentDesc)
	k.center = pd.CenterSamples
	return k
}

// openPass is the frame's current render pass.
type openPass struct {
	open bool
	key  passKey
	desc backend.RenderPassDesc // load actions gather here until enc exists
	w, h int                    // the render area: the smallest attachment
	enc  *passEncoder           // nil until the first draw
	// discard: the depth-stencil attachment is a discard surface, its
	// store deferred (StoreUnknown in desc).
	discard bool
}

// passEnd is why the open pass ends, which decides what a discard
// depth-stencil surface keeps.
type passEnd uint8

const (
	endKeep    passEnd = iota // a later pass or read may need the contents
	endPresent                // a Present: the contents become undefined
	endSwitch                 // another depth-stencil surface replaces it
)

// passEncoder wraps the pass's encoder to remember the state a draw does
// not set every time (pipestate.go sets the viewport, stencil reference,
// cull mode and winding for each draw), so the next draw starts from the
// state a fresh pass would give it.
type passEncoder struct {
	backend.RenderCommandEncoder
	full      backend.ScissorRect
	scissor   backend.ScissorRect
	fill      backend.TriangleFillMode
	cull      backend.CullMode
	bias      [3]float32
	clip      backend.DepthClipMode
	blend     [4]float32
	visMode   backend.VisibilityMode
	visOffset int
	// deferred depth and stencil stores, settled by end
	depthUnknown, stencilUnknown bool
	// bytes names the constant block each stage's buffer index holds
	// (setBytesOnce), 0 for unknown.
	bytes [2][4]uint64
}

// setBytesOnce binds b at a stage's buffer index unless the encoder holds
// the block named gen there already (gen 0: always send).
func (e *passEncoder) setBytesOnce(stage, index int, b []byte, gen uint64) {
	if gen != 0 && index < len(e.bytes[stage]) && e.bytes[stage][index] == gen {
		return
	}
	if stage == vertexStage {
		e.RenderCommandEncoder.SetVertexBytes(b, index)
	} else {
		e.RenderCommandEncoder.SetFragmentBytes(b, index)
	}
	if index < len(e.bytes[stage]) {
		e.bytes[stage][index] = gen
	}
}

// The other binders forget what setBytesOnce bound at their index.

func (e *passEncoder) SetVertexBytes(b []byte, index int) { e.setBytesOnce(vertexStage, index, b, 0) }

func (e *passEncoder) SetFragmentBytes(b []byte, index int) {
	e.setBytesOnce(fragmentStage, index, b, 0)
}

func (e *passEncoder) SetVertexBuffer(b backend.Buffer, offset, index int) {
	if index < len(e.bytes[vertexStage]) {
		e.bytes[vertexStage][index] = 0
	}
	e.RenderCommandEncoder.SetVertexBuffer(b, offset, index)
}

func (e *passEncoder) SetFragmentBuffer(b backend.Buffer, offset, index int) {
	if index < len(e.bytes[fragmentStage]) {
		e.bytes[fragmentStage][index] = 0
	}
	e.RenderCommandEncoder.SetFragmentBuffer(b, offset, index)
}

// end settles the deferred stores with a and ends the encoder.
func (e *passEncoder) end(a backend.StoreAction) {
	if e.depthUnknown {
		e.SetDepthStoreAction(a)
	}
	if e.stencilUnknown {
		e.SetStencilStoreAction(a)
	}
	e.EndEncoding()
}

// The pass's state setters send only a change: the encoder keeps what it
// was last given, and a pass starts from backend.RenderCommandEncoder's
// documented defaults (the zero values here, the scissor the full target).

func (e *passEncoder) SetScissorRect(r backend.ScissorRect) {
	if r != e.scissor {
		e.scissor = r
		e.RenderCommandEncoder.SetScissorRect(r)
	}
}

func (e *passEncoder) SetTriangleFillMode(m backend.TriangleFillMode) {
	if m != e.fill {
		e.fill = m
		e.RenderCommandEncoder.SetTriangleFillMode(m)
	}
}

func (e *passEncoder) SetCullMode(m backend.CullMode) {
	if m != e.cull {
		e.cull = m
		e.RenderCommandEncoder.SetCullMode(m)
	}
}

func (e *passEncoder) SetDepthBias(bias, slope, clamp float32) {
	if v := [3]float32{bias, slope, clamp}; v != e.bias {
		e.bias = v
		e.RenderCommandEncoder.SetDepthBias(bias, slope, clamp)
	}
}

func (e *passEncoder) SetDepthClipMode(m backend.DepthClipMode) {
	if m != e.clip {
		e.clip = m
		e.RenderCommandEncoder.SetDepthClipMode(m)
	}
}

func (e *passEncoder) SetBlendColor(r, g, b, a float32) {
	if v := [4]float32{r, g, b, a}; v != e.blend {
		e.blend = v
		e.RenderCommandEncoder.SetBlendColor(r, g, b, a)
	}
}

func (e *passEncoder) SetVisibilityResultMode(m backend.VisibilityMode, offset int) {
	if m == e.visMode && offset == e.visOffset {
		return
	}
	e.visMode, e.visOffset = m, offset
	e.RenderCommandEncoder.SetVisibilityResultMode(m, offset)
}

// restore puts back what a fresh pass starts with, where it differs: a
// clear draws with it. A draw sets every one of these itself (rasterState).
func (e *passEncoder) restore() {
	if e.scissor != e.full {
		e.SetScissorRect(e.full)
	}
	if e.fill != backend.FillSolid {
		e.SetTriangleFillMode(backend.FillSolid)
	}
	if e.cull != backend.CullNone {
		// a Clear's triangle after a draw that culled must not be culled
		e.SetCullMode(backend.CullNone)
	}
	if e.bias != [3]float32{} {
		e.SetDepthBias(0, 0, 0)
	}
	if e.clip != backend.DepthClip {
		e.SetDepthClipMode(backend.DepthClip)
	}
	if e.blend != [4]float32{} {
		e.SetBlendColor(0, 0, 0, 0)
	}
}

// beginPass makes pd's attachments the current pass, ending the open one
// if its attachments differ. It reports whether the pass is new (nothing
// encoded in it yet), which is when a clear may become a load action.
func (d *Device) beginPass(pd *backend.RenderPassDesc) (fresh bool) {
	k := keyOf(pd)
	p := &d.pass
	if p.open && p.key == k {
		return p.enc == nil
	}
	// Binding another depth-stencil surface (not none) leaves a discard
	// surface undefined.
	why, ds := endKeep, k.depth.tex
	if ds == nil {
		ds = k.stencil.tex
	}
	if ds != nil && ds != p.key.depth.tex && ds != p.key.stencil.tex {
		why = endSwitch
	}
	d.endPassFor(why)
	p.open, p.key, p.desc = true, k, *pd
	p.w, p.h = passSize(pd)
	// A pass is opened to draw or clear: an AUTOGENMIPMAP target's
	// lower levels are stale from here.
	for i := range pd.Color {
		if c := &pd.Color[i]; c.Texture != nil {
			d.wroteTop(c.Texture, c.Level)
		}
	}
	p.discard = false
	if s := d.objects[d.ds]; d.ds != 0 && s != nil && s.discard && s.tex != nil {
		for _, a := range []*backend.AttachmentDesc{&p.desc.Depth.AttachmentDesc, &p.desc.Stencil.AttachmentDesc} {
			if a.Texture == s.tex && a.Store == backend.StoreStore {
				a.Store, p.discard = backend.StoreUnknown, true
			}
		}
	}
	return true
}

// passSize is the render area: the smallest attachment.
func passSize(pd *backend.RenderPassDesc) (int, int) {
	w, h := 1<<30, 1<<30
	at := func(a *backend.AttachmentDesc) {
		if a.Texture != nil {
			w, h = min(w, backend.MipSize(a.Texture.Width(), a.Level)), min(h, backend.MipSize(a.Texture.Height(), a.Level))
		}
	}
	for i := range pd.Color {
		at(&pd.Color[i].AttachmentDesc)
	}
	at(&pd.Depth.AttachmentDesc)
	at(&pd.Stencil.AttachmentDesc)
	if w == 1<<30 {
		return 0, 0
	}
	return w, h
}

// renderPass returns an encoder over pd's attachments, the open pass's
// when they are the same, or nil when there is no command buffer. Draws
// count into the occlusion queries that are active; clears do not.
func (d *Device) renderPass(pd *backend.RenderPassDesc) *passEncoder {
	return d.passEncoder(pd, true)
}

func (d *Device) passEncoder(pd *backend.RenderPassDesc, counted bool) *passEncoder {
	cb := d.cmd()
	if cb == nil {
		return nil
	}
	d.beginPass(pd)
	p := &d.pass
	// Active occlusion queries need a visibility buffer on the pass; one
	// opened without it (or with a full one) ends here.
	vis, needSlot := d.q.visibility(d, cb, p.enc, counted)
	if p.enc != nil && vis != nil && p.desc.VisibilityResults != vis {
		d.endEncoder()
	}
	if p.enc == nil {
		if vis == nil {
			vis = d.q.frameBuffer(cb)
		}
		p.desc.VisibilityResults = vis
		d.openEncoder(cb)
		needSlot = counted && len(d.q.active) > 0
	}
	if !counted {
		p.enc.restore()
	}
	d.q.bind(p.enc, counted, needSlot)
	return p.enc
}

// openEncoder makes the encoder of the open pass.
func (d *Device) openEncoder(cb backend.CommandBuffer) {
	p := &d.pass
	full := backend.ScissorRect{Width: p.w, Height: p.h}
	p.enc = &passEncoder{RenderCommandEncoder: cb.RenderCommandEncoder(&p.desc), full: full, scissor: full}
	p.enc.depthUnknown, p.enc.stencilUnknown = p.deferred()
	// Later passes over the same attachments keep what this one drew.
	for i := range p.desc.Color {
		p.desc.Color[i].Load = backend.LoadLoad
	}
	p.desc.Depth.Load, p.desc.Stencil.Load = backend.LoadLoad, backend.LoadLoad
}

// deferred reports which of the pass's depth and stencil stores wait
// for the encoder's end.
func (p *openPass) deferred() (depth, stencil bool) {
	return p.desc.Depth.Texture != nil && p.desc.Depth.Store == backend.StoreUnknown,
		p.desc.Stencil.Texture != nil && p.desc.Stencil.Store == backend.StoreUnknown
}

// endEncoder ends the open pass's encoder but keeps the pass open, so
// the next draw over the same attachments continues in a new encoder.
func (d *Device) endEncoder() { d.endEncoderFor(endKeep) }

func (d *Device) endEncoderFor(why passEnd) {
	p := &d.pass
	if p.enc != nil {
		p.enc.end(p.storeFor(why))
		p.enc = nil
		d.draws.last = lastDraw{} // nothing redraws into an ended encoder; let it go
	}
}

// storeFor is the store action a deferred attachment settles on.
func (p *openPass) storeFor(why passEnd) backend.StoreAction {
	if p.discard && why != endKeep {
		return backend.StoreDontCare
	}
	return backend.StoreStore
}

// endRenderPass ends the open pass. A pass that only cleared (load
// actions, no draw) is encoded now so its clears happen.
func (d *Device) endRenderPass() { d.endPassFor(endKeep) }

// endPresentPass ends the open pass for a Present, which leaves a
// discard depth-stencil surface undefined.
func (d *Device) endPresentPass() { d.endPassFor(endPresent) }

func (d *Device) endPassFor(why passEnd) {
	p := &d.pass
	if !p.open {
		return
	}
	if p.enc == nil && hasClear(&p.desc) {
		if cb := d.cmd(); cb != nil {
			p.desc.VisibilityResults = nil
			p.enc = &passEncoder{RenderCommandEncoder: cb.RenderCommandEncoder(&p.desc)}
			p.enc.depthUnknown, p.enc.stencilUnknown = p.deferred()
		}
	}
	d.endEncoderFor(why)
	p.open, p.desc, p.discard = false, backend.RenderPassDesc{}, false
}

func hasClear(pd *backend.RenderPassDesc) bool {
	for i := range pd.Color {
		if pd.Color[i].Texture != nil && pd.Color[i].Load == backend.LoadClear {
			return true
		}
	}
	return pd.Depth.Texture != nil && pd.Depth.Load == backend.LoadClear ||
		pd.Stencil.Texture != nil && pd.Stencil.Load == backend.LoadClear
}

// outsidePass returns the frame's command buffer for an encoder other
// than the open render pass's, which ends first (Metal allows one open
// encoder per command buffer, and commands must stay in API order).
func (d *Device) outsidePass() backend.CommandBuffer {
	d.endRenderPass()
	return d.cmd()
}

// passForget ends the open pass if it draws into the texture of object
// id, which is about to be released: a pass not yet encoded would name a
// released texture.
func (d *Device) passForget(id uint32) {
	var tex backend.Texture
	if s := d.objects[id]; s != nil && s.owner == 0 {
		tex = s.tex
	} else if t := d.textures[id]; t != nil {
		tex = t.tex
	}
	p := &d.pass
	if tex == nil || !p.open {
		return
	}
	uses := p.key.depth.tex == tex || p.key.stencil.tex == tex
	view := d.draws.srgb[tex] // the pass may draw through its sRGB view
	for _, a := range p.key.color {
		uses = uses || a.tex == tex || view != nil && a.tex == view
	}
	if uses {
		d.endRenderPass()
	}
}
