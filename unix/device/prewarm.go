package device

import (
	"encoding/binary"
	"errors"
	"sync"

	"go.uber.org/zap"

	"mtld3d/core/ir"
	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
	"mtld3d/unix/shadercache"
)

// The prewarm: at a device's start a goroutine reads the shader cache's
// most recent entries, loads the shaders' IR into the store (so
// CreateShader finds it without decoding) and hands the functions and
// then the pipelines earlier runs drew to the compile workers. A draw
// takes a prewarmed function or pipeline instead of building its own,
// waiting if it is still being built. Bounded by maxPrewarm, never on
// the game's thread, and stopped with the device.

// maxPrewarmEntries bounds the entries read, and maxPrewarm the
// functions and the pipelines built, at a device's start.
const (
	maxPrewarmEntries = 8192
	maxPrewarm        = 2048
)

var errStopped = errors.New("device stopped before the prewarm built this")

type prewarm struct {
	cache *shadercache.Cache // whose entries a take makes recent
	mu    sync.Mutex
	fns   map[fnKey]*compiled // built or being built, not yet taken by a draw
	pipes map[backend.RenderPipelineDesc]prewarmedPipe
	quit  chan struct{}
	done  chan struct{}  // the prewarm goroutine ended
	jobs  sync.WaitGroup // its builds on the workers
}

// prewarmedPipe is a pipeline the prewarm built and its entry.
type prewarmedPipe struct {
	s     backend.RenderPipelineState
	entry shadercache.Key
}

func newPrewarm(c *shadercache.Cache) *prewarm {
	return &prewarm{cache: c, fns: map[fnKey]*compiled{}, pipes: map[backend.RenderPipelineDesc]prewarmedPipe{},
		quit: make(chan struct{}), done: make(chan struct{})}
}

// take hands a prewarmed function over to a draw: nil if there is none.
// Its entry becomes recent, as a cache hit's would.
func (p *prewarm) take(k fnKey) *compiled {
	p.mu.Lock()
	b := p.fns[k]
	delete(p.fns, k)
	p.mu.Unlock()
	if b != nil {
		p.cache.Touch(b.entry)
	}
	return b
}

// takePipe hands a prewarmed pipeline over to a draw.
func (p *prewarm) takePipe(desc backend.RenderPipelineDesc) backend.RenderPipelineState {
	p.mu.Lock()
	pp, ok := p.pipes[desc]
	delete(p.pipes, desc)
	p.mu.Unlock()
	if ok {
		p.cache.Touch(pp.entry)
	}
	return pp.s
}

// wait returns once the prewarm has handed everything out and the
// workers have built it (tests and the benchmark).
func (p *prewarm) wait() {
	<-p.done
	p.jobs.Wait()
}

// stop ends the prewarm goroutine; builds already queued run on.
func (p *prewarm) stop() {
	close(p.quit)
	<-p.done
}

// release drops what no draw took. Called once the workers have ended.
func (p *prewarm) release() {
	for _, b := range p.fns {
		if b.fn != nil {
			b.fn.Release()
		}
	}
	for _, pp := range p.pipes {
		pp.s.Release()
	}
	p.fns, p.pipes = nil, nil
}

// run sends a build to the workers; false once the device is stopping.
func (p *prewarm) run(c *compiler, job func()) bool {
	p.jobs.Add(1)
	select {
	case c.jobs <- func() { defer p.jobs.Done(); job() }:
		return true
	case <-p.quit:
		p.jobs.Done()
		return false
	}
}

// prewarm is the device's prewarm goroutine.
func (d *Device) prewarm(c *compiler) {
	p := c.pre
	defer close(p.done)
	st := d.store
	if st.c == nil {
		return
	}
	var fns []fnEntry
	var pipes []pipeEntry
	loaded := 0
	for _, k := range st.c.Recent(maxPrewarmEntries) {
		select {
		case <-p.quit:
			return
		default:
		}
		v, ok := st.c.Peek(k)
		if !ok || len(v) == 0 {
			continue
		}
		// Each entry serves only the key it is filed under: one that does
		// not hash to it is skipped.
		switch v[0] {
		case entryShader:
			if code, l, enc, ok := parseShaderEntry(v); ok && !st.hasCode(code, l) && shaderKey(code, l) == k {
				if s, err := ir.Decode(enc); err == nil {
					st.remember(code, l, s, irKey(enc), k)
					loaded++
				}
			}
		case entryIR:
			ik := irKey(v[1:])
			if st.ir(ik) != nil || irEntryKey(ik) != k {
				continue
			}
			if s, err := ir.Decode(v[1:]); err == nil {
				st.remember(nil, 0, s, ik, k)
				loaded++
			}
		case entryFunction:
			if e, ok := parseFnEntry(v); ok && len(fns) < maxPrewarm && e.key.cacheKey() == k {
				e.at = k
				fns = append(fns, e)
			}
		case entryPipeline:
			if e, ok := parsePipeEntry(v); ok && len(pipes) < maxPrewarm && pipeKey(v) == k {
				e.at = k
				pipes = append(pipes, e)
			}
		}
	}
	built := d.prewarmFunctions(c, fns)
	n := d.prewarmPipelines(c, pipes, built)
	d.log.Info("shader cache prewarm", zap.Int("shaders", loaded), zap.Int("functions", len(built)), zap.Int("pipelines", n))
}

// hasCode says whether the store holds code's IR.
func (st *shaderStore) hasCode(code []byte, lowering int) bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.byCode[lowering][string(code)].s != nil
}

// ir returns the IR of key k, if the store holds it.
func (st *shaderStore) ir(k shadercache.Key) *ir.Shader {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.byKey[k]
}

// prewarmFunctions starts the functions' builds and returns them by
// their cache key, for the pipelines.
func (d *Device) prewarmFunctions(c *compiler, fns []fnEntry) map[shadercache.Key]*compiled {
	p := c.pre
	wantMSL := d.be.Caps().Has(backend.CapMSLFunctions)
	built := map[shadercache.Key]*compiled{}
	for _, e := range fns {
		s := d.store.ir(e.key.ir)
		if s == nil || (wantMSL && e.source == "") {
			continue
		}
		fd := backend.FunctionDesc{Stage: backend.StageFragment, Source: e.source, Entry: e.entry, IR: s, Variant: e.key.v}
		if s.Stage == ir.StageVertex {
			fd.Stage = backend.StageVertex
		}
		fb := functionBuild{desc: fd, entry: e, hit: true}
		b := &compiled{done: make(chan struct{}), slots: e.slots, key: e.key, entry: e.at}
		p.mu.Lock()
		dup := p.fns[e.key] != nil
		if !dup {
			p.fns[e.key] = b
		}
		p.mu.Unlock()
		if dup {
			continue
		}
		built[e.key.cacheKey()] = b
		if !p.run(c, func() {
			defer close(b.done)
			defer d.recoverBuild(&b.fn, &b.err)
			b.fn, b.err = d.newFunction(&fb)
		}) {
			b.err = errStopped
			close(b.done)
			break
		}
	}
	return built
}

// prewarmPipelines builds the pipelines whose functions were prewarmed,
// once those are built, and returns how many it started.
func (d *Device) prewarmPipelines(c *compiler, pipes []pipeEntry, built map[shadercache.Key]*compiled) int {
	p := c.pre
	n := 0
	for _, e := range pipes {
		vs := built[e.vs]
		fs := built[e.fs]
		if vs == nil || (fs == nil && e.fs != (shadercache.Key{})) {
			continue
		}
		desc := e.desc()
		n++
		if !p.run(c, func() {
			// The functions' jobs were queued first, so they are running
			// or done by the time a worker takes this one.
			vf, _, err := vs.wait()
			if err != nil {
				return
			}
			desc.VertexFunction = vf
			if fs != nil {
				if desc.FragmentFunction, _, err = fs.wait(); err != nil {
					return
				}
			}
			var fn backend.Function
			defer d.recoverBuild(&fn, &err)
			s, err := d.be.NewRenderPipeline(desc)
			if err != nil {
				return
			}
			p.mu.Lock()
			if _, dup := p.pipes[desc]; !dup {
				p.pipes[desc] = prewarmedPipe{s, e.at}
				s = nil
			}
			p.mu.Unlock()
			if s != nil {
				s.Release()
			}
		}) {
			break
		}
	}
	return n
}

// pipeRest is a RenderPipelineDesc without its functions, in fixed-size
// fields for encoding/binary.
type pipeRest struct {
	VertexDescriptor backend.VertexDescriptor
	ColorAttachments [backend.MaxColorAttachments]backend.ColorAttachmentDesc
	DepthFormat      pixfmt.Format
	StencilFormat    pixfmt.Format
	SampleCount      int32
	AlphaToCoverage  bool
	Topology         backend.TopologyClass
}

// pipeEntry is a pipeline entry: its functions' cache keys (fs zero for
// none) and the rest of its description.
type pipeEntry struct {
	vs, fs shadercache.Key
	rest   pipeRest
	at     shadercache.Key // the entry's own key (not encoded)
}

func (e *pipeEntry) desc() backend.RenderPipelineDesc {
	r := &e.rest
	return backend.RenderPipelineDesc{VertexDescriptor: r.VertexDescriptor, ColorAttachments: r.ColorAttachments,
		DepthFormat: r.DepthFormat, StencilFormat: r.StencilFormat, SampleCount: int(r.SampleCount),
		AlphaToCoverage: r.AlphaToCoverage, Topology: r.Topology}
}

func (e *pipeEntry) encode() []byte {
	b := append([]byte{entryPipeline}, e.vs[:]...)
	b = append(b, e.fs[:]...)
	b, err := binary.Append(b, binary.LittleEndian, &e.rest)
	if err != nil {
		panic(err) // pipeRest is plain fixed-size data; a test checks
	}
	return b
}

// pipeKey is the key of a pipeline entry: its content.
func pipeKey(v []byte) shadercache.Key { return shadercache.NewKey([]byte("pipe"), v[1:]) }

func parsePipeEntry(v []byte) (e pipeEntry, ok bool) {
	if len(v) < 1+2*shadercache.KeySize || v[0] != entryPipeline {
		return e, false
	}
	copy(e.vs[:], v[1:])
	copy(e.fs[:], v[1+shadercache.KeySize:])
	n, err := binary.Decode(v[1+2*shadercache.KeySize:], binary.LittleEndian, &e.rest)
	return e, err == nil && n == len(v)-1-2*shadercache.KeySize && e.rest.SampleCount >= 0
}

// recordPipeline stores a pipeline a draw made, when its functions came
// through buildFunction (the device's own pipelines, for clears and
// copies, are not kept).
func (d *Device) recordPipeline(desc backend.RenderPipelineDesc) {
	if d.store.c == nil {
		return
	}
	vk, ok := d.fnKeys[desc.VertexFunction]
	if !ok {
		return
	}
	e := pipeEntry{vs: vk.cacheKey(), rest: pipeRest{VertexDescriptor: desc.VertexDescriptor, ColorAttachments: desc.ColorAttachments,
		DepthFormat: desc.DepthFormat, StencilFormat: desc.StencilFormat, SampleCount: int32(desc.SampleCount),
		AlphaToCoverage: desc.AlphaToCoverage, Topology: desc.Topology}}
	if desc.FragmentFunction != nil {
		fk, ok := d.fnKeys[desc.FragmentFunction]
		if !ok {
			return
		}
		e.fs = fk.cacheKey()
	}
	v := e.encode()
	if k := pipeKey(v); !d.store.c.Has(k) {
		d.store.c.Put(k, v)
	}
}
