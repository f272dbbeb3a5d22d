package reference

import (
	"fmt"
	"sync"

	"mtld3d/unix/backend"
)

// queue runs committed command buffers in commit order on its own
// goroutine, so the committer can record the next frame meanwhile.
type queue struct {
	work    chan *commandBuffer
	release sync.Once
}

func (q *queue) run() {
	for cb := range q.work {
		cb.execute()
	}
}

func (q *queue) CommandBuffer() backend.CommandBuffer {
	return &commandBuffer{q: q, done: make(chan struct{})}
}

// Release ends the queue's goroutine once committed buffers have run; no
// buffer may be committed to it afterwards.
func (q *queue) Release() { q.release.Do(func() { close(q.work) }) }

type commandBuffer struct {
	q         *queue
	cmds      []func() error
	handlers  []func(backend.CommandBuffer)
	present   []*Drawable
	mu        sync.Mutex
	status    backend.CommandStatus
	err       error
	done      chan struct{}
	recordErr error
}

func (cb *commandBuffer) fail(err error) {
	if cb.recordErr == nil {
		cb.recordErr = err
	}
}

func (cb *commandBuffer) RenderCommandEncoder(desc *backend.RenderPassDesc) backend.RenderCommandEncoder {
	e := &renderEncoder{cb: cb, pass: &renderPass{desc: *desc}}
	w, h := passSize(desc)
	e.st = &renderState{
		viewport: backend.Viewport{Width: float64(w), Height: float64(h), ZFar: 1},
		scissor:  backend.ScissorRect{Width: w, Height: h},
	}
	return e
}

func (cb *commandBuffer) BlitCommandEncoder() backend.BlitCommandEncoder {
	return &blitEncoder{cb: cb}
}

func (cb *commandBuffer) PresentDrawable(d backend.Drawable) {
	dr, ok := d.(*Drawable)
	if !ok {
		cb.fail(fmt.Errorf("reference: PresentDrawable of a %T", d))
		return
	}
	cb.present = append(cb.present, dr)
}

func (cb *commandBuffer) AddCompletedHandler(f func(backend.CommandBuffer)) {
	cb.handlers = append(cb.handlers, f)
}

func (cb *commandBuffer) Commit() {
	cb.mu.Lock()
	cb.status = backend.StatusCommitted
	cb.mu.Unlock()
	cb.q.work <- cb
}

func (cb *commandBuffer) WaitUntilCompleted() { <-cb.done }

func (cb *commandBuffer) Status() backend.CommandStatus {
	cb.mu.Lock()
	defer cb.mu.Unlock()
	return cb.status
}

func (cb *commandBuffer) Error() error {
	cb.mu.Lock()
	defer cb.mu.Unlock()
	return cb.err
}

func (cb *commandBuffer) execute() {
	err := cb.recordErr
	for _, c := range cb.cmds {
		if err != nil {
			break
		}
		err = c()
	}
	if err == nil {
		for _, d := range cb.present {
			d.layer.present(d)
		}
	}
	cb.mu.Lock()
	cb.err = err
	cb.status = backend.StatusCompleted
	if err != nil {
		cb.status = backend.StatusError
	}
	cb.mu.Unlock()
	for _, h := range cb.handlers {
		h(cb)
	}
	close(cb.done)
}

// binding is one entry of a buffer argument table.
type binding struct {
	buf    *Buffer
	bytes  []byte // setXxxBytes copy, used when buf is nil
	offset int
}

func (b *binding) data() []byte {
	if b.buf != nil {
		if b.offset > len(b.buf.data) {
			return nil
		}
		return b.buf.data[b.offset:]
	}
	return b.bytes
}

type stageBindings struct {
	buffers  [backend.MaxBuffers]binding
	textures [backend.MaxTextures]*Texture
	samplers [backend.MaxSamplers]*sampler
}

// renderState is the encoder state a draw sees. Draws share it until the
// next change copies it (copy on write), so a pass of many draws with
// little state change stays cheap.
type renderState struct {
	viewport   backend.Viewport
	scissor    backend.ScissorRect
	cull       backend.CullMode
	winding    backend.Winding
	depthBias  [3]float32
	clipMode   backend.DepthClipMode
	fillMode   backend.TriangleFillMode
	stencilRef [2]uint32
	blendColor [4]float32
	visMode    backend.VisibilityMode
	visOffset  int
	pipeline   *pipeline
	dss        *depthStencil
	vs, fs     stageBindings
}

type draw struct {
	st           *renderState
	prim         backend.PrimitiveType
	start, count int
	instances    int
	baseInstance int
	indexed      bool
	indexType    backend.IndexType
	ib           *Buffer
	ibOffset     int
	baseVertex   int
}

type renderPass struct {
	desc  backend.RenderPassDesc
	draws []draw
	// The encoder's blocks of states and bytes, which the draws point
	// into: back to their pools once the pass has run (release).
	stateBlocks []*[]renderState
	byteBlocks  []*[]byte
}

// Blocks of recorded states and bytes, reused from pass to pass: a frame
// of a thousand draws records megabytes of them.
var (
	stateBlocks sync.Pool // *[]renderState of cap stateBlock
	byteBlocks  sync.Pool // *[]byte of cap byteBlock
)

const (
	stateBlock = 32
	byteBlock  = 64 << 10
)

// pooledBlock takes an empty block of capacity n from pool, or makes
// one, and notes it in held, for release.
func pooledBlock[T any](pool *sync.Pool, n int, held *[]*[]T) []T {
	b, ok := pool.Get().(*[]T)
	if !ok {
		s := make([]T, 0, n)
		b = &s
	}
	*held = append(*held, b)
	return (*b)[:0]
}

// release returns the pass's blocks to their pools. The pass has run
// (or will not): no draw reads them again.
func (rp *renderPass) release() {
	for _, b := range rp.stateBlocks {
		stateBlocks.Put(b)
	}
	for _, b := range rp.byteBlocks {
		byteBlocks.Put(b)
	}
	rp.stateBlocks, rp.byteBlocks, rp.draws = nil, nil, nil
}

type renderEncoder struct {
	cb     *commandBuffer
	pass   *renderPass
	st     *renderState
	shared bool // st is referenced by a recorded draw
	// states and bytes are carved up as a pass records: a draw with a
	// state change and its constants costs no allocation of its own.
	states []renderState
	bytes  []byte
}

// mut returns the state to modify, copying it if a draw holds it.
func (e *renderEncoder) mut() *renderState {
	if e.shared {
		if len(e.states) == cap(e.states) {
			e.states = pooledBlock(&stateBlocks, stateBlock, &e.pass.stateBlocks)
		}
		e.states = append(e.states, *e.st)
		e.st, e.shared = &e.states[len(e.states)-1], false
	}
	return e.st
}

// keep copies bytes a draw will read (SetVertexBytes, SetFragmentBytes).
func (e *renderEncoder) keep(data []byte) []byte {
	if len(data) > cap(e.bytes)-len(e.bytes) {
		if len(data) > byteBlock {
			e.bytes = make([]byte, 0, len(data))
		} else {
			e.bytes = pooledBlock(&byteBlocks, byteBlock, &e.pass.byteBlocks)
		}
	}
	at := len(e.bytes)
	e.bytes = append(e.bytes, data...)
	return e.bytes[at:len(e.bytes):len(e.bytes)]
}

func (e *renderEncoder) SetViewport(v backend.Viewport)       { e.mut().viewport = v }
func (e *renderEncoder) SetScissorRect(r backend.ScissorRect) { e.mut().scissor = r }
func (e *renderEncoder) SetCullMode(m backend.CullMode)       { e.mut().cull = m }
func (e *renderEncoder) SetFrontFacing(w backend.Winding)     { e.mut().winding = w }
func (e *renderEncoder) SetDepthBias(bias, slope, clamp float32) {
	e.mut().depthBias = [3]float32{bias, slope, clamp}
}
func (e *renderEncoder) SetDepthClipMode(m backend.DepthClipMode)       { e.mut().clipMode = m }
func (e *renderEncoder) SetTriangleFillMode(m backend.TriangleFillMode) { e.mut().fillMode = m }
func (e *renderEncoder) SetStencilReference(front, back uint32) {
	e.mut().stencilRef = [2]uint32{front, back}
}
func (e *renderEncoder) SetBlendColor(r, g, b, a float32) {
	e.mut().blendColor = [4]float32{r, g, b, a}
}

// SetDepthStoreAction and SetStencilStoreAction only record the choice:
// this backend keeps every attachment's contents (a DontCare store may
// leave them as they are), and an Unknown store left unsettled at
// EndEncoding behaves as Store. A resolve still needs a resolving store.
func (e *renderEncoder) SetDepthStoreAction(a backend.StoreAction) {
	e.pass.desc.Depth.Store = a
}

func (e *renderEncoder) SetStencilStoreAction(a backend.StoreAction) {
	e.pass.desc.Stencil.Store = a
}

func (e *renderEncoder) SetVisibilityResultMode(m backend.VisibilityMode, offset int) {
	if m != backend.VisibilityDisabled && (e.pass.desc.VisibilityResults == nil || offset < 0 || offset%8 != 0 ||
		offset+8 > e.pass.desc.VisibilityResults.Length()) {
		e.cb.fail(fmt.Errorf("reference: visibility result offset %d", offset))
		return
	}
	st := e.mut()
	st.visMode, st.visOffset = m, offset
}

func (e *renderEncoder) SetRenderPipelineState(p backend.RenderPipelineState) {
	pp, _ := p.(*pipeline)
	if pp == nil {
		e.cb.fail(fmt.Errorf("reference: pipeline %T", p))
	}
	if e.st.pipeline != pp { // an unchanged state does not copy the draws' state
		e.mut().pipeline = pp
	}
}

func (e *renderEncoder) SetDepthStencilState(s backend.DepthStencilState) {
	ds, _ := s.(*depthStencil)
	if e.st.dss != ds {
		e.mut().dss = ds
	}
}

// holds says index binds buffer b at offset already.
func (sb *stageBindings) holds(b backend.Buffer, offset, index int) bool {
	bb, _ := b.(*Buffer)
	cur := &sb.buffers[index]
	return cur.bytes == nil && cur.buf == bb && cur.offset == offset
}

func setBuffer(sb *stageBindings, b backend.Buffer, offset, index int) {
	bb, _ := b.(*Buffer)
	sb.buffers[index] = binding{buf: bb, offset: offset}
}

func setBytes(sb *stageBindings, data []byte, index int) {
	sb.buffers[index] = binding{bytes: data}
}

// bad records an out-of-range binding index as the buffer's error (Metal
// would assert) and reports it, so the setter can ignore the call.
func (e *renderEncoder) bad(index, limit int) bool {
	if index >= 0 && index < limit {
		return false
	}
	e.cb.fail(fmt.Errorf("reference: binding index %d out of range 0..%d", index, limit-1))
	return true
}

// tooMany fails the command buffer for set*Bytes past Metal's 4 KiB, as
// its validation layer does.
func (e *renderEncoder) tooMany(data []byte) bool {
	if len(data) <= backend.MaxBytesLength {
		return false
	}
	e.cb.fail(fmt.Errorf("reference: set*Bytes of %d bytes, past Metal's %d", len(data), backend.MaxBytesLength))
	return true
}

func (e *renderEncoder) SetVertexBuffer(b backend.Buffer, offset, index int) {
	if e.bad(index, backend.MaxBuffers) {
		return
	}
	if !e.st.vs.holds(b, offset, index) {
		setBuffer(&e.mut().vs, b, offset, index)
	}
}
func (e *renderEncoder) SetVertexBufferOffset(offset, index int) {
	if e.bad(index, backend.MaxBuffers) {
		return
	}
	e.mut().vs.buffers[index].offset = offset
}
func (e *renderEncoder) SetVertexBytes(data []byte, index int) {
	if e.bad(index, backend.MaxBuffers) || e.tooMany(data) {
		return
	}
	st := e.mut()
	setBytes(&st.vs, e.keep(data), index)
}
func (e *renderEncoder) SetFragmentBuffer(b backend.Buffer, offset, index int) {
	if e.bad(index, backend.MaxBuffers) {
		return
	}
	if !e.st.fs.holds(b, offset, index) {
		setBuffer(&e.mut().fs, b, offset, index)
	}
}
func (e *renderEncoder) SetFragmentBufferOffset(offset, index int) {
	if e.bad(index, backend.MaxBuffers) {
		return
	}
	e.mut().fs.buffers[index].offset = offset
}
func (e *renderEncoder) SetFragmentBytes(data []byte, index int) {
	if e.bad(index, backend.MaxBuffers) || e.tooMany(data) {
		return
	}
	st := e.mut()
	setBytes(&st.fs, e.keep(data), index)
}
func (e *renderEncoder) SetVertexTexture(t backend.Texture, index int) {
	if e.bad(index, backend.MaxTextures) {
		return
	}
	if tt, _ := t.(*Texture); e.st.vs.textures[index] != tt {
		e.mut().vs.textures[index] = tt
	}
}
func (e *renderEncoder) SetFragmentTexture(t backend.Texture, index int) {
	if e.bad(index, backend.MaxTextures) {
		return
	}
	if tt, _ := t.(*Texture); e.st.fs.textures[index] != tt {
		e.mut().fs.textures[index] = tt
	}
}
func (e *renderEncoder) SetVertexSampler(s backend.Sampler, index int) {
	if e.bad(index, backend.MaxSamplers) {
		return
	}
	if ss, _ := s.(*sampler); e.st.vs.samplers[index] != ss {
		e.mut().vs.samplers[index] = ss
	}
}
func (e *renderEncoder) SetFragmentSampler(s backend.Sampler, index int) {
	if e.bad(index, backend.MaxSamplers) {
		return
	}
	if ss, _ := s.(*sampler); e.st.fs.samplers[index] != ss {
		e.mut().fs.samplers[index] = ss
	}
}

func (e *renderEncoder) record(d draw) {
	if d.count <= 0 || d.instances <= 0 {
		return
	}
	if e.st.pipeline == nil {
		e.cb.fail(fmt.Errorf("reference: draw without a pipeline"))
		return
	}
	d.st = e.st
	e.shared = true
	e.pass.draws = append(e.pass.draws, d)
}

func (e *renderEncoder) DrawPrimitives(t backend.PrimitiveType, start, count, instances, baseInstance int) {
	e.record(draw{prim: t, start: start, count: count, instances: instances, baseInstance: baseInstance})
}

func (e *renderEncoder) DrawIndexedPrimitives(t backend.PrimitiveType, count int, it backend.IndexType, ib backend.Buffer, offset, instances, baseVertex, baseInstance int) {
	b, _ := ib.(*Buffer)
	if b == nil {
		e.cb.fail(fmt.Errorf("reference: index buffer %T", ib))
		return
	}
	e.record(draw{prim: t, count: count, instances: instances, baseInstance: baseInstance,
		indexed: true, indexType: it, ib: b, ibOffset: offset, baseVertex: baseVertex})
}

func (e *renderEncoder) EndEncoding() {
	p := e.pass
	e.cb.cmds = append(e.cb.cmds, func() error { return p.execute() })
}

// passSize is the size of the first attachment, which sets the default
// viewport and scissor.
func passSize(desc *backend.RenderPassDesc) (int, int) {
	a := &desc.Depth.AttachmentDesc
	for i := range desc.Color {
		if desc.Color[i].Texture != nil {
			a = &desc.Color[i].AttachmentDesc
			break
		}
	}
	if a.Texture == nil {
		a = &desc.Stencil.AttachmentDesc
	}
	if a.Texture == nil {
		return 0, 0
	}
	return backend.MipSize(a.Texture.Width(), a.Level), backend.MipSize(a.Texture.Height(), a.Level)
}
