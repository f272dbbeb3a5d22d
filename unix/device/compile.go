package device

import (
	"fmt"
	"sync"

	"go.uber.org/zap"

	"mtld3d/core/ff"
	"mtld3d/core/ir"
	"mtld3d/core/msl"
	"mtld3d/types"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/irprog"
)

// Compile workers: a started device builds shader functions (MSL
// emission and the backend's NewFunction, which on the reference backend
// builds the IR program) for shaders the guest creates on four background
// goroutines, so a shader's first draw finds its function built or being
// built. Functions are built for the variant the render state implies
// when the shader is created; a draw under another variant builds its own
// on the encoder, as before. Pipelines depend on the draw's vertex layout
// and targets and are built on the encoder when first drawn.

const compileWorkers = 4

// compiled is a function build that may still be running.
type compiled struct {
	done  chan struct{}
	fn    backend.Function
	slots []int // the vertex stage's varying slots (msl.Unit.Varyings)
	err   error
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
	// lastVS and lastSlots are the last vertex shader precompiled and
	// its varyings: a pixel shader created next is precompiled linked to
	// them (games tend to create a vertex shader and its pixel shader
	// together).
	lastVS    *ir.Shader
	lastSlots []int
}

func (d *Device) startCompiler() {
	c := &compiler{jobs: make(chan func(), 64), builds: map[compileKey]*compiled{}}
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
}

// stopCompiler waits for the builds under way and ends the workers.
func (d *Device) stopCompiler() {
	if c := d.compiler; c != nil {
		close(c.jobs)
		c.wg.Wait()
		c.drops.Wait()
		for _, b := range c.builds { // built, never drawn
			if b.fn != nil {
				b.fn.Release()
			}
		}
		d.compiler = nil
	}
}

// precompile starts building s's function for the current render state's
// variant (called when a shader's creation is replayed). The MSL is made
// here; the backend's compile (the IR program on the reference backend)
// runs on a worker.
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
	b := &compiled{done: make(chan struct{})}
	c.builds[k] = b
	fd, unit, err := functionDesc(s, key)
	if err != nil {
		b.err = err
		close(b.done)
		return
	}
	b.slots = unit.Varyings
	if s.Stage == ir.StageVertex {
		c.lastVS, c.lastSlots = s, unit.Varyings
	}
	c.jobs <- func() {
		defer close(b.done)
		defer func() {
			if r := recover(); r != nil {
				d.log.Error("shader build panicked", zap.Any("panic", r), zap.Stack("stack"))
				b.fn, b.err = nil, fmt.Errorf("shader build panicked: %v", r)
			}
		}()
		b.fn, b.err = d.newFunction(fd)
	}
}

// buildFunction returns the function for s (a shader's IR or core/ff's)
// under key, and the vertex stage's varying slots: a precompiled build
// if one was started, waited for if it is still running, else built here.
func (d *Device) buildFunction(s *ir.Shader, key ir.VariantKey) (backend.Function, []int, error) {
	if c := d.compiler; c != nil && s != nil {
		k := compileKey{s, key}
		if b := c.builds[k]; b != nil {
			delete(c.builds, k) // the draw caches keep it from here
			return b.wait()
		}
	}
	fd, unit, err := functionDesc(s, key)
	if err != nil {
		return nil, nil, err
	}
	fn, err := d.newFunction(fd)
	if err != nil {
		return nil, nil, err
	}
	return fn, unit.Varyings, nil
}

// functionDesc emits s as MSL under key (core/msl) and describes the
// function with the IR too, from which the reference backend builds its
// program (backend.FunctionDesc). The Unit describes the emitted function
// (buffers, samplers, varyings) for pipeline creation.
func functionDesc(s *ir.Shader, key ir.VariantKey) (backend.FunctionDesc, *msl.Unit, error) {
	u, err := msl.Emit(s, key)
	if err != nil {
		return backend.FunctionDesc{}, nil, err
	}
	stage := backend.StageFragment
	if s.Stage == ir.StageVertex {
		stage = backend.StageVertex
	}
	return backend.FunctionDesc{Stage: stage, Source: u.Source, Entry: u.Entry, IR: s, Variant: key}, u, nil
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
