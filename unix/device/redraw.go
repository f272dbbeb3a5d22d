package device

import (
	"mtld3d/core/ir"
	"mtld3d/types"
	"mtld3d/unix/backend"
)

// Redraws. A draw with nothing but draws replayed since the last one,
// into the same encoder, finds there everything the last draw set: its
// pipeline, depth-stencil and raster state, constants, textures,
// samplers and vertex buffers. Any other record may change what a draw
// reads (replay bumps drawCache.stateGen for each: state, resource
// updates and renames, creations and destructions, clears, queries), and
// a new encoder (a pass change or break, a flush, the frame's end) starts
// from nothing, which the encoder's identity tells. Such a draw makes
// only the checks that depend on its own parameters, binds a UP draw's
// vertices, and issues itself (redraw).

// lastDraw is what the last plain draw (one backend draw of the
// record's primitives, its streams bound as they are) left in its
// encoder.
type lastDraw struct {
	ok       bool
	gen      uint64       // drawCache.stateGen when it was encoded
	enc      *passEncoder // cleared when it ends (endEncoderFor)
	pt       types.PrimitiveType
	indexed  bool
	up       bool // stream 0 was a UP draw's vertices
	upStride int
	upBind   int // the backend buffer index UP vertices are bound at, -1 for none
	els      []element
	locate   func(ir.Usage, uint8) (int, bool)
	inst     instancing
	args     drawArgs // the parameters its checks passed for
}

// drawArgs is what a draw record says of itself beyond the state.
type drawArgs struct {
	prims                   uint32
	baseVertex, startVertex int
	ib                      backend.Buffer
	ioff                    int
}

// same compares field by field: cheaper than the generated equality.
func (a drawArgs) same(b drawArgs) bool {
	return a.prims == b.prims && a.baseVertex == b.baseVertex && a.startVertex == b.startVertex && a.ioff == b.ioff && a.ib == b.ib
}

// keepDraw notes a plain draw encoded on enc, unless a binding of it is
// made per draw (converted or repacked vertices).
func (d *Device) keepDraw(enc *passEncoder, pt types.PrimitiveType, prims uint32, streams *vertexStreams, idx indexSource,
	els []element, locate func(ir.Usage, uint8) (int, bool), inst instancing, baseVertex, startVertex int) {
	c := &d.draws
	upBind := -1
	for i := range c.binds {
		b := &c.binds[i]
		if b.conv || b.repack {
			return
		}
		if b.stream == 0 {
			upBind = b.index
		}
	}
	l := &c.last
	l.ok, l.gen, l.enc, l.pt, l.indexed, l.up = true, c.stateGen, enc, pt, idx.size != 0, streams.up != nil
	l.upStride, l.upBind, l.els, l.locate, l.inst = streams.upStride, upBind, els, locate, inst
	l.args = drawArgs{prims, baseVertex, startVertex, idx.buf, idx.offset}
}

// forgetDraw says the encoder no longer holds a plain draw's state.
func (d *Device) forgetDraw() { d.draws.last.ok = false }

// redraw issues a draw in the state the last one left when nothing it
// reads can have changed since; false: the draw takes the whole path.
func (d *Device) redraw(pt types.PrimitiveType, prims uint32, streams *vertexStreams, idx indexSource, baseVertex, startVertex int) bool {
	l := &d.draws.last
	enc := d.pass.enc
	if !l.ok || l.gen != d.draws.stateGen || enc == nil || enc != l.enc || pt != l.pt ||
		(idx.size != 0) != l.indexed || (streams.up != nil) != l.up {
		return false
	}
	if l.up && (streams.upStride != l.upStride || streams.upOffset%4 != 0) {
		return false
	}
	if d.staleMips > 0 && d.staleBound() {
		return false // draw refreshes them, which ends the pass
	}
	if q := &d.q; len(q.active) > 0 && (q.slotEnc != enc || q.slotVersion != q.version) {
		return false
	}
	n := vertexCount(pt, prims)
	if n == 0 {
		return false
	}
	args := drawArgs{prims, baseVertex, startVertex, idx.buf, idx.offset}
	if l.up || !args.same(l.args) {
		// encodeDraw's checks of the draw's own parameters; a draw that
		// fails one takes the whole path, which says why.
		if idx.size != 0 && idx.offset+n*idx.size > idx.buf.Length() {
			return false
		}
		first, last := int64(startVertex), int64(startVertex)+int64(n)-1
		if idx.size != 0 {
			span := d.indexSpan(idx, n)
			if restarts(pt, idx, span) {
				return false
			}
			first, last = int64(baseVertex)+int64(span[0]), int64(baseVertex)+int64(span[1])
		}
		located := func(e *element) bool { _, ok := l.locate(e.usage, e.index); return ok }
		if !verticesInside(l.els, located, streams, l.inst, first, last) {
			return false
		}
		l.args = args
	}
	if l.up && l.upBind >= 0 {
		enc.SetVertexBuffer(streams.up, streams.upOffset, l.upBind)
	}
	d.draws.redraws++
	issueDraw(enc, pt, n, idx, l.inst.count, baseVertex, startVertex)
	return true
}

// staleBound says a bound texture's mips wait for regeneration.
func (d *Device) staleBound() bool {
	for s := range d.st.tex {
		if t := d.boundTexture(s); t != nil && t.mipsStale {
			return true
		}
	}
	return false
}

// issueDraw encodes a plain draw of n vertices.
func issueDraw(enc backend.RenderCommandEncoder, pt types.PrimitiveType, n int, idx indexSource, instances, baseVertex, startVertex int) {
	bpt := primitive(pt)
	if idx.size == 0 {
		enc.DrawPrimitives(bpt, startVertex, n, 1, 0)
		return
	}
	it := backend.IndexUInt16
	if idx.size == 4 {
		it = backend.IndexUInt32
	}
	enc.DrawIndexedPrimitives(bpt, n, it, idx.buf, idx.offset, instances, baseVertex, 0)
}
