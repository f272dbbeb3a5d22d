package device

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"unsafe"

	"mtld3d/core/ff"
	"mtld3d/core/ir"
	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend"
)

// Draws: FVF or declared vertices from streams or UP data, shaded by the
// fixed-function pipeline (core/ff) or by lowered shaders, each through
// one FunctionDesc that carries both the MSL and the IR program so either
// backend can build it.

// drawCache holds what a repeated frame must not rebuild.
type drawCache struct {
	vs        map[vsKey]vsEntry
	ps        map[psKey]backend.Function
	pipes     map[backend.RenderPipelineDesc]backend.RenderPipelineState
	dss       map[backend.DepthStencilDesc]backend.DepthStencilState
	samplers  map[backend.SamplerDesc]backend.Sampler
	transient []backend.Buffer                    // this frame's buffers (UP data, fan indices, converted elements)
	ring      bytesRing                           // constant blocks past set*Bytes' limit (bytes.go)
	free      []backend.Buffer                    // transient buffers of past frames, to reuse
	srgb      map[backend.Texture]backend.Texture // per-frame sRGB views of targets
	epoch     uint64                              // endFrame calls: a transient buffer is this epoch's

	// Reused by every draw so that a repeated draw allocates nothing here.
	fvf     uint32    // the FVF fvfEls lists
	fvfEls  []element // its elements
	pd      backend.RenderPassDesc
	binds   []vbinding
	vbufs   []vertexBuffer
	scratch []byte       // fan indices, converted elements
	consts  constScratch // setConstants' storage
	fit     ff.ViewFit   // the draw's viewport fit (rasterState)
	// The last pipeline pipeline() answered, and its description.
	lastPipeDesc backend.RenderPipelineDesc
	lastPipe     backend.RenderPipelineState
	locS         *ir.Shader // the vertex shader loc locates for
	loc          func(ir.Usage, uint8) (int, bool)

	// stateGen counts the records other than draws replayed (replay.go):
	// a draw with the last draw's finds its state in the encoder
	// (redraw.go).
	stateGen uint64
	last     lastDraw
	redraws  uint64 // draws redraw issued (tests)
}

func (c *drawCache) init() {
	c.vs = map[vsKey]vsEntry{}
	c.ps = map[psKey]backend.Function{}
	c.pipes = map[backend.RenderPipelineDesc]backend.RenderPipelineState{}
	c.dss = map[backend.DepthStencilDesc]backend.DepthStencilState{}
	c.samplers = map[backend.SamplerDesc]backend.Sampler{}
	c.srgb = map[backend.Texture]backend.Texture{}
}

func (c *drawCache) release() {
	for _, e := range c.vs {
		e.fn.Release()
	}
	for _, f := range c.ps {
		f.Release()
	}
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
	for _, b := range c.free {
		b.Release()
	}
	c.free = nil
}

// maxFree bounds the transient buffers kept for reuse.
const maxFree = 64

// endFrame takes back the frame's transient buffers once its commands
// are done, keeping a few for the next frames.
func (c *drawCache) endFrame() {
	c.epoch++
	for _, b := range c.transient {
		if len(c.free) < maxFree {
			c.free = append(c.free, b)
		} else {
			b.Release()
		}
	}
	clear(c.transient)
	c.transient = c.transient[:0]
	for t, v := range c.srgb {
		v.Release()
		delete(c.srgb, t)
	}
}

func init() {
	on("Draw", func(d *Device, r *shared.RecDraw, _ []byte) error {
		return d.draw(types.PrimitiveType(r.PrimitiveType), r.PrimCount, vertexStreams{d: d}, indexSource{}, 0, int(r.StartVertex))
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
		// MinIndex and NumVertices only bound what the indices name; the
		// backend fetches what they name.
		ib.usedBy = d.cmd()
		idx := indexSource{buf: ib.buf, offset: int(r.StartIndex) * isize, size: isize, owner: ib}
		return d.draw(types.PrimitiveType(r.PrimitiveType), r.PrimCount, vertexStreams{d: d}, idx, int(r.BaseVertex), 0)
	})
	on("DrawUP", (*Device).drawUP)
}

// vertexStreams says where each D3D9 stream's data is for one draw: the
// bound streams, except that a UP draw's own vertices are stream 0.
type vertexStreams struct {
	d        *Device
	up       backend.Buffer
	upOffset int
	upStride int
}

// stream returns the buffer, offset and stride of stream i, or false if
// nothing is bound there.
func (s *vertexStreams) stream(i uint32) (backend.Buffer, int, int, bool) {
	if s.up != nil && i == 0 {
		return s.up, s.upOffset, s.upStride, true
	}
	return s.d.boundStream(i)
}

func (d *Device) boundStream(i uint32) (backend.Buffer, int, int, bool) {
	if i >= uint32(len(d.st.streams)) {
		return nil, 0, 0, false
	}
	s := d.st.streams[i]
	b := d.buffers[s.buffer]
	if s.buffer == 0 || b == nil {
		return nil, 0, 0, false
	}
	b.usedBy = d.cmd()
	return b.buf, int(s.offset), int(s.stride), true
}

// indexSource is an indexed draw's indices; size 0 for a draw without.
type indexSource struct {
	buf    backend.Buffer
	offset int
	size   int     // 2 or 4
	owner  *buffer // the index buffer (nil for a UP draw's), for indexSpan's cache
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
	// UP data goes into the frame's ring, as constants past set*Bytes do:
	// many small draws share one buffer instead of making one each.
	vb, voff, ok := d.carve(data[:r.VertexBytes])
	if !ok {
		return fmt.Errorf("UP draw: no buffer for %d bytes of vertices", r.VertexBytes)
	}
	var idx indexSource
	if r.IndexFormat != 0 {
		ib, ioff, ok := d.carve(data[r.VertexBytes:])
		if !ok {
			return fmt.Errorf("UP draw: no buffer for %d bytes of indices", r.IndexBytes)
		}
		idx = indexSource{buf: ib, offset: ioff, size: 2}
		if types.Format(r.IndexFormat) == types.D3DFMT_INDEX32 {
			idx.size = 4
		}
	}
	return d.draw(types.PrimitiveType(r.PrimitiveType), r.PrimCount, vertexStreams{d: d, up: vb, upOffset: voff, upStride: int(r.Stride)}, idx, 0, 0)
}

// transient returns a buffer holding data until the frame is done. Sizes
// are powers of two from 256 bytes so that buffers of past frames fit
// later draws; bytes past data are left as they were.
func (d *Device) transient(data []byte) (backend.Buffer, error) {
	b, err := d.transientBuffer(len(data))
	if err == nil {
		b.Upload(0, data)
	}
	return b, err
}

// transientBuffer returns a buffer of at least n bytes, kept until the
// frame is done, with what a past frame left in it.
func (d *Device) transientBuffer(n int) (backend.Buffer, error) {
	c := &d.draws
	size := 256
	for size < n {
		size *= 2
	}
	var b backend.Buffer
	for i, f := range c.free {
		if f.Length() == size {
			b = f
			last := len(c.free) - 1
			c.free[i], c.free[last] = c.free[last], nil
			c.free = c.free[:last]
			break
		}
	}
	if b == nil {
		var err error
		if b, err = d.be.NewBuffer(size); err != nil {
			return nil, err
		}
	}
	c.transient = append(c.transient, b)
	return b, nil
}

// draw encodes one draw of prims primitives with the current state.
// D3DFILL_POINT draws triangles as their vertices (pointfill.go): each
// vertex the draw names, or with culling those of the triangles it keeps,
// once (a vertex shared by several triangles is one point, as it looks
// the same). Lines with D3DRS_LASTPIXEL (the default) also get their last
// pixel, which Metal's line rule leaves out, as a point of size 1 at each
// line's end vertex.
func (d *Device) draw(pt types.PrimitiveType, prims uint32, streams vertexStreams, idx indexSource, baseVertex, startVertex int) error {
	if d.redraw(pt, prims, &streams, idx, baseVertex, startVertex) {
		return nil
	}
	if d.staleMips > 0 {
		// Before the draw's pass: generation ends the open one.
		for s := range d.st.tex {
			d.refreshMips(d.boundTexture(s))
		}
	}
	if d.pointFill(pt) {
		// Drawn as other primitives than the record's: never redrawn.
		defer d.forgetDraw()
		if d.culledFill(idx) {
			return d.encodeDraw(pt, prims, streams, idx, baseVertex, startVertex, shownFace)
		}
		return d.encodeDraw(types.D3DPT_POINTLIST, uint32(vertexCount(pt, prims)), streams, idx, baseVertex, startVertex, asIs)
	}
	if err := d.encodeDraw(pt, prims, streams, idx, baseVertex, startVertex, asIs); err != nil {
		return err
	}
	if d.lastPixel(pt) {
		return d.encodeDraw(pt, prims, streams, idx, baseVertex, startVertex, lineEndPoints)
	}
	return nil
}

// encodeDraw encodes one backend draw of pt, or of points in its place
// (pointMode). Each step is its own function: targets (pass.go), shaders
// and constants (functions.go), the vertex layout (vertex.go), pipeline
// and raster state (pipestate.go), textures (textures.go).
func (d *Device) encodeDraw(pt types.PrimitiveType, prims uint32, streams vertexStreams, idx indexSource, baseVertex, startVertex int, points pointMode) error {
	d.forgetDraw() // whatever this sends, the encoder may hold another draw's state
	n := vertexCount(pt, prims)
	if n == 0 {
		if prims == 0 {
			return nil
		}
		return fmt.Errorf("primitive type %d", pt)
	}
	els := d.vertexElements()
	if len(els) == 0 {
		d.warnOnce(shared.RecordCode("Draw"), "draw with neither an FVF nor a declaration")
		return nil
	}
	if idx.size != 0 && idx.offset+n*idx.size > idx.buf.Length() {
		d.warnOnce(shared.RecordCode("DrawIndexed"), "indexed draw reads past its index buffer; skipped")
		return nil
	}
	sh, ok := d.shaderObjects()
	if !ok {
		return nil
	}
	pd := &d.draws.pd // the backend copies it; kept here so it does not escape per draw
	*pd = backend.RenderPassDesc{}
	var desc backend.RenderPipelineDesc
	tg := d.targets(pd, &desc)
	if !tg.any {
		return nil
	}
	if err := d.colorAttachments(pd, &desc); err != nil {
		return err
	}
	fpt := pt
	if points != asIs {
		fpt = types.D3DPT_POINTLIST
	}
	fns, err := d.functions(sh, fpt, points == lineEndPoints)
	if err != nil {
		return err
	}
	inst := d.instancing(idx.size != 0)
	binds, err := vertexDescriptor(&desc.VertexDescriptor, d.draws.binds[:0], els, fns.locate, &streams, inst)
	d.draws.binds = binds
	if errors.Is(err, errNoStream) {
		d.warnOnce(shared.RecordCode("Draw"), "draw reads a stream nothing is bound to; skipped")
		return nil
	}
	if err != nil {
		return err
	}
	first, last := int64(startVertex), int64(startVertex)+int64(n)-1
	var span [2]uint32
	if idx.size != 0 {
		span = d.indexSpan(idx, n)
		first, last = int64(baseVertex)+int64(span[0]), int64(baseVertex)+int64(span[1])
	}
	located := func(e *element) bool { _, ok := fns.locate(e.usage, e.index); return ok }
	if !verticesInside(els, located, &streams, inst, first, last) {
		d.warnOnce(shared.RecordCode("DrawIndexed"), "draw fetches vertices past the end of a vertex buffer; skipped")
		return nil
	}
	desc.VertexFunction, desc.FragmentFunction = fns.vs.fn, fns.ps
	desc.SampleCount = tg.samples
	desc.Topology = topology(fpt)
	pipe, err := d.pipeline(desc)
	if err != nil {
		return err
	}
	dss, err := d.depthStencil(d.depthStencilDesc(tg.hasDepth, tg.hasStencil))
	if err != nil {
		return err
	}
	vbufs, err := d.vertexBuffers(&streams)
	if err != nil {
		return err
	}

	enc := d.renderPass(pd)
	if enc == nil {
		return nil
	}
	enc.SetRenderPipelineState(pipe)
	enc.SetDepthStencilState(dss)
	if !d.rasterState(enc, tg.width, tg.height) {
		return nil // scissored away
	}
	d.setConstants(enc, sh, &fns)
	if err := d.bindTextures(enc); err != nil {
		return err
	}
	for i, b := range d.draws.binds {
		enc.SetVertexBuffer(vbufs[i].buf, vbufs[i].offset, b.index)
	}

	if points != asIs {
		var ib backend.Buffer
		var count int
		if idx.size == 0 {
			baseVertex = startVertex
		}
		if points == lineEndPoints {
			ib, count, err = d.lineEnds(pt, prims, idx)
		} else {
			ib, count, err = d.shownVertices(pt, prims, &streams, idx, baseVertex, sh.vs)
		}
		if err != nil || count == 0 {
			return err
		}
		enc.DrawIndexedPrimitives(backend.PrimitivePoint, count, backend.IndexUInt32, ib, 0, inst.count, baseVertex, 0)
		return nil
	}
	if pt == types.D3DPT_TRIANGLEFAN {
		// Metal has no fans: draw the same triangles as a list.
		ib, err := d.fanIndices(prims, idx)
		if err != nil {
			return err
		}
		if idx.size == 0 {
			baseVertex = startVertex
		}
		enc.DrawIndexedPrimitives(backend.PrimitiveTriangle, int(prims)*3, backend.IndexUInt32, ib, 0, inst.count, baseVertex, 0)
		return nil
	}
	if restarts(pt, idx, span) || pt == types.D3DPT_TRIANGLESTRIP && d.flatShaded() {
		// Metal restarts a strip at the all-ones index; D3D9 has no
		// restart and draws that vertex, so such a strip goes as a list.
		// So does a flat-shaded triangle strip: D3D9 takes an odd
		// triangle's colour from its first vertex, where Metal's strip
		// order puts the second vertex first.
		ib, count, err := d.stripList(pt, prims, idx)
		if err != nil {
			return err
		}
		if idx.size == 0 {
			baseVertex = startVertex
		}
		enc.DrawIndexedPrimitives(listOf(pt), count, backend.IndexUInt32, ib, 0, inst.count, baseVertex, 0)
		return nil
	}
	d.keepDraw(enc, pt, prims, &streams, idx, els, fns.locate, inst, baseVertex, startVertex)
	issueDraw(enc, pt, n, idx, inst.count, baseVertex, startVertex)
	return nil
}

// vertexBuffer is a buffer and offset to bind.
type vertexBuffer struct {
	buf    backend.Buffer
	offset int
}

// vertexBuffers resolves the draw's bindings (d.draws.binds) to buffers,
// converting the elements that need it into transient buffers.
func (d *Device) vertexBuffers(streams *vertexStreams) ([]vertexBuffer, error) {
	c := &d.draws
	c.vbufs = c.vbufs[:0]
	for i := range c.binds {
		b := &c.binds[i]
		buf, off, stride, _ := streams.stream(b.stream)
		if b.conv || b.repack {
			if b.conv {
				c.scratch = convertElement(c.scratch, buf.Contents(), off, stride, &b.el)
			} else {
				c.scratch = repackStream(c.scratch, buf.Contents(), off, stride, b.stride)
			}
			t, err := d.transient(c.scratch)
			if err != nil {
				return nil, err
			}
			buf, off = t, 0
		}
		c.vbufs = append(c.vbufs, vertexBuffer{buf, off})
	}
	return c.vbufs, nil
}

// fanIndices lists a fan's triangles as 32-bit indices, reading the fan's
// own indices when it is indexed.
func (d *Device) fanIndices(prims uint32, idx indexSource) (backend.Buffer, error) {
	var src []byte
	if idx.size != 0 {
		src = idx.buf.Contents()[idx.offset:]
		if need := int(prims+2) * idx.size; len(src) < need {
			return nil, fmt.Errorf("fan needs %d index bytes, buffer has %d", need, len(src))
		}
	}
	at := func(i int) uint32 {
		switch idx.size {
		case 2:
			return uint32(binary.LittleEndian.Uint16(src[2*i:]))
		case 4:
			return binary.LittleEndian.Uint32(src[4*i:])
		}
		return uint32(i)
	}
	out := slices.Grow(d.draws.scratch[:0], 12*int(prims))[:12*int(prims)]
	first := at(0)
	for i := 0; i < int(prims); i++ {
		binary.LittleEndian.PutUint32(out[12*i:], first)
		binary.LittleEndian.PutUint32(out[12*i+4:], at(i+1))
		binary.LittleEndian.PutUint32(out[12*i+8:], at(i+2))
	}
	d.draws.scratch = out
	return d.transient(out)
}

// restarts says an indexed strip names the index Metal takes for a
// restart (0xffff or 0xffffffff by index size): the largest index there
// is, so the draw's cached index span (indexSpan) answers without a scan.
func restarts(pt types.PrimitiveType, idx indexSource, span [2]uint32) bool {
	if idx.size == 0 || (pt != types.D3DPT_LINESTRIP && pt != types.D3DPT_TRIANGLESTRIP) {
		return false
	}
	all := uint32(0xffff)
	if idx.size == 4 {
		all = 0xffffffff
	}
	return span[1] == all
}

// stripList lists a strip's primitives as 32-bit list indices (of its
// own indices when it is indexed, else counted from the draw's first
// vertex). Odd triangles swap their last two vertices: the strip's
// winding, with the first vertex still the first (D3D9's flat-shading
// vertex).
func (d *Device) stripList(pt types.PrimitiveType, prims uint32, idx indexSource) (backend.Buffer, int, error) {
	var src []byte
	if idx.size != 0 {
		src = idx.buf.Contents()[idx.offset:]
	}
	at := func(i int) uint32 {
		switch idx.size {
		case 2:
			return uint32(binary.LittleEndian.Uint16(src[2*i:]))
		case 4:
			return binary.LittleEndian.Uint32(src[4*i:])
		}
		return uint32(i)
	}
	per := 3
	if pt == types.D3DPT_LINESTRIP {
		per = 2
	}
	count := per * int(prims)
	out := slices.Grow(d.draws.scratch[:0], 4*count)[:4*count]
	for i := 0; i < int(prims); i++ {
		o := out[4*per*i:]
		binary.LittleEndian.PutUint32(o, at(i))
		if per == 2 {
			binary.LittleEndian.PutUint32(o[4:], at(i+1))
			continue
		}
		b, c := at(i+1), at(i+2)
		if i%2 == 1 {
			b, c = c, b
		}
		binary.LittleEndian.PutUint32(o[4:], b)
		binary.LittleEndian.PutUint32(o[8:], c)
	}
	d.draws.scratch = out
	ib, err := d.transient(out)
	return ib, count, err
}

func listOf(pt types.PrimitiveType) backend.PrimitiveType {
	if pt == types.D3DPT_LINESTRIP {
		return backend.PrimitiveLine
	}
	return backend.PrimitiveTriangle
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
