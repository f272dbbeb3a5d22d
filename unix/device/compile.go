package device

import (
	"fmt"
	"sync"
	"time"

	"go.uber.org/zap"

	"mtld3d/core/ff"
	"mtld3d/core/ir"
	"mtld3d/core/msl"
	"mtld3d/types"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/irprog"
	"mtld3d/unix/shadercache"
)

// Compile workers: a started device builds shader functions (the
// backend's NewFunction: Metal's library compile, the reference backend's
// IR program) for shaders the guest creates on four background
// goroutines, so a shader's first draw finds its function built or being
// built. Functions are built for the variant the render state implies
// when the shader is created; a draw under another variant builds its own
// on the encoder, as before. Pipelines depend on the draw's vertex layout
// and targets and are built on the encoder when first drawn. At the
// device's start the workers also build what the shader cache says
// earlier runs drew (prewarm.go). Every build goes through the cache
// (cache.go): a function it describes needs no MSL emission.

const compileWorkers = 4

// compiled is a function build that may still be running.
type compiled struct {
	done  chan struct{}
	fn    backend.Function
	slots []int // the vertex stage's varying slots (msl.Unit.Varyings)
	err   error
	key   fnKey           // the function's cache identity
	entry shadercache.Key // the prewarm's: its function entry
}

// wait returns the build's result once it is done.
func (c *compiled) wait() (backend.Function, []int, error) {
	<-c.done
	return c.fn, c.slots, c.err
}

type compileKey struct {
	prog *ir.Shader
	v    ir.VariantKey
}

// compiler is a started device's workers; its table of builds belongs
// to the encoder goroutine, which alone starts and looks up builds.
type compiler struct {
	jobs   chan func()
	wg     sync.WaitGroup
	builds map[compileKey]*compiled
	drops  sync.WaitGroup // releases of destroyed shaders' builds under way
	pre    *prewarm       // prewarm.go: what the cache says earlier runs drew
	// lastVS and lastSlots are the last vertex shader precompiled and
	// its varyings: a pixel shader created next is precompiled linked to
	// them (games tend to create a vertex shader and its pixel shader
	// together).
	lastVS    *ir.Shader
	lastSlots []int
}

func (d *Device) startCompiler() {
	c := &compiler{jobs: make(chan func(), 64), builds: map[compileKey]*compiled{}, pre: newPrewarm(d.store.c)}
	c.wg.Add(compileWorkers)
	for range compileWorkers {
		go func() {
			defer c.wg.Done()
			for f := range c.jobs {
				f()
			}
		}()
	}
	d.compiler = c
	go d.prewarm(c)
}

// stopCompiler waits for the builds under way and ends the workers.
func (d *Device) stopCompiler() {
	if c := d.compiler; c != nil {
		c.pre.stop()
		close(c.jobs)
		c.wg.Wait()
		c.drops.Wait()
		for _, b := range c.builds { // built, never drawn
			if b.fn != nil {
				b.fn.Release()
			}
		}
		c.pre.release()
		d.compiler = nil
	}
}

// precompile starts building s's function for the current render state's
// variant (called when a shader's creation is replayed). The function is
// described here (from the cache, or by emitting MSL or building the IR
// program); the backend's compile runs on a worker. A function the
// prewarm already built or is building is taken instead.
func (d *Device) precompile(s *ir.Shader) {
	c := d.compiler
	if c == nil || s == nil {
		return
	}
	// The keys a triangle draw would use now (functions.go), with s bound
	// and, for a pixel shader, the last vertex shader created before it.
	sh := drawShaders{vs: s}
	if s.Stage != ir.StageVertex {
		sh = drawShaders{vs: c.lastVS, ps: s}
	}
	vkey, pkey := ff.Variants(&d.st.ff, d.drawKind(sh, types.D3DPT_TRIANGLELIST))
	key := vkey
	if s.Stage != ir.StageVertex {
		key = irprog.LinkKey(pkey, c.lastSlots)
	}
	k := compileKey{s, key}
	if c.builds[k] != nil {
		return
	}
	fk := fnKey{d.store.keyFor(s, d.later), key}
	b := c.pre.take(fk)
	if b == nil {
		b = &compiled{done: make(chan struct{}), key: fk}
		fb, err := d.prepareFunction(s, fk)
		if err != nil {
			b.err = err
			close(b.done)
			c.builds[k] = b
			return
		}
		b.slots = fb.entry.slots
		c.jobs <- func() {
			defer close(b.done)
			defer d.recoverBuild(&b.fn, &b.err)
			b.fn, b.err = d.newFunction(&fb)
		}
	}
	c.builds[k] = b
	if s.Stage == ir.StageVertex {
		c.lastVS, c.lastSlots = s, b.slots
	}
}

// later runs f on a compile worker, or now on a device never started.
func (d *Device) later(f func()) {
	if c := d.compiler; c != nil {
		c.jobs <- f
		return
	}
	f()
}

// recoverBuild turns a build's panic (a damaged cache entry's variant,
// say) into its error.
func (d *Device) recoverBuild(fn *backend.Function, err *error) {
	if r := recover(); r != nil {
		d.log.Error("shader build panicked", zap.Any("panic", r), zap.Stack("stack"))
		*fn, *err = nil, fmt.Errorf("shader build panicked: %v", r)
	}
}

// buildFunction returns the function for s (a shader's IR or core/ff's)
// under key, and the vertex stage's varying slots: a precompiled or
// prewarmed build if one was started, waited for if it is still running,
// else built here.
func (d *Device) buildFunction(s *ir.Shader, key ir.VariantKey) (backend.Function, []int, error) {
	fn, slots, fk, err := d.findFunction(s, key)
	if err == nil {
		d.fnKeys[fn] = fk // for the pipelines drawn with it (recordPipeline)
	}
	return fn, slots, err
}

func (d *Device) findFunction(s *ir.Shader, key ir.VariantKey) (backend.Function, []int, fnKey, error) {
	c := d.compiler
	if c != nil && s != nil {
		k := compileKey{s, key}
		if b := c.builds[k]; b != nil {
			delete(c.builds, k) // the draw caches keep it from here
			start := time.Now()
			fn, slots, err := b.wait()
			d.perfWait(start)
			return fn, slots, b.key, err
		}
	}
	if s == nil {
		return nil, nil, fnKey{}, fmt.Errorf("no shader")
	}
	fk := fnKey{d.store.keyFor(s, d.later), key}
	if c != nil {
		if b := c.pre.take(fk); b != nil {
			start := time.Now()
			fn, slots, err := b.wait()
			d.perfWait(start)
			return fn, slots, fk, err
		}
	}
	fb, err := d.prepareFunction(s, fk)
	if err != nil {
		return nil, nil, fk, err
	}
	fn, err := d.newFunction(&fb)
	if err != nil {
		return nil, nil, fk, err
	}
	return fn, fb.entry.slots, fk, nil
}

// functionBuild is a function to build: the backend's description and
// what to store in the cache once the backend accepted it.
type functionBuild struct {
	desc  backend.FunctionDesc
	entry fnEntry
	hit   bool            // described from the cache: nothing new to store
	ck    shadercache.Key // entry's cache key, when it is to be stored
}

// prepareFunction describes the function of s under k.v: from the
// cache when it holds it; else, for a backend that compiles MSL, by
// emitting it (core/msl), and for one that runs the IR, by building the
// IR program (unix/backend/irprog), which gives the varyings without
// MSL. Runs on the encoder.
func (d *Device) prepareFunction(s *ir.Shader, k fnKey) (functionBuild, error) {
	wantMSL := d.be.Caps().Has(backend.CapMSLFunctions)
	fd := backend.FunctionDesc{Stage: backend.StageFragment, Entry: msl.EntryFragment, IR: s, Variant: k.v}
	if s.Stage == ir.StageVertex {
		fd.Stage, fd.Entry = backend.StageVertex, msl.EntryVertex
	}
	var ck shadercache.Key
	if d.store.c != nil {
		ck = k.cacheKey()
	}
	if e, ok := d.store.function(k, ck, wantMSL); ok {
		fd.Source, fd.Entry = e.source, e.entry
		return functionBuild{desc: fd, entry: e, hit: true}, nil
	}
	e := fnEntry{key: k, entry: fd.Entry}
	switch {
	case wantMSL:
		u, err := msl.Emit(s, k.v)
		if err != nil {
			return functionBuild{}, err
		}
		fd.Source, fd.Entry = u.Source, u.Entry
		e.slots, e.entry, e.source = u.Varyings, u.Entry, u.Source
	case s.Stage == ir.StageVertex:
		p, err := irprog.Vertex(s, k.v)
		if err != nil {
			return functionBuild{}, err
		}
		fd.Program, e.slots = p, p.Slots()
	default:
		p, err := irprog.Fragment(s, k.v)
		if err != nil {
			return functionBuild{}, err
		}
		fd.Program = p
	}
	return functionBuild{desc: fd, entry: e, ck: ck}, nil
}

// newFunction makes a backend function and stores what was new about it
// in the cache. Safe on the compile workers.
func (d *Device) newFunction(b *functionBuild) (backend.Function, error) {
	fn, err := d.be.NewFunction(b.desc)
	if err != nil {
		return nil, err
	}
	d.perf.functions.Add(1)
	if !b.hit {
		d.store.putFunction(b.ck, &b.entry)
	}
	return fn, nil
}

// dropBuilds forgets the undrawn builds of a destroyed shader; each
// function is released once its build has finished.
func (d *Device) dropBuilds(s *ir.Shader) {
	c := d.compiler
	if c == nil || s == nil {
		return
	}
	if c.lastVS == s {
		c.lastVS, c.lastSlots = nil, nil
	}
	for k, b := range c.builds {
		if k.prog != s {
			continue
		}
		delete(c.builds, k)
		c.drops.Add(1)
		go func() {
			defer c.drops.Done()
			if fn, _, _ := b.wait(); fn != nil {
				fn.Release()
			}
		}()
	}
}
