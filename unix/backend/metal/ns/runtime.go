package ns

import (
	"errors"
	"runtime"
	"sync"
	"sync/atomic"

	"mtld3d/unix/backend/metal/msg"
)

// ID is an Objective-C object pointer: an id, a Class or a block.
type ID uintptr

// SEL is a registered selector.
type SEL uintptr

// Runtime is what the bindings need from an Objective-C runtime. On macOS
// it is libobjc and the frameworks, reached through dlopen (runtime_darwin.go);
// in tests it is the Metal double (unix/backend/metal/double), which
// stands in for libobjc, Metal and QuartzCore on any host.
type Runtime interface {
	// Open prepares the runtime (opens the frameworks); a MissingError
	// lists what failed.
	Open() error
	// Class is objc_getClass; 0 when the class is missing.
	Class(f Framework, name string) uintptr
	// Selector is sel_registerName.
	Selector(name string) uintptr
	// Symbol is a C symbol of framework f; 0 when missing.
	Symbol(f Framework, name string) uintptr
	// Entry is the function messages of signature sig (msg.Sig_*) are
	// called through.
	Entry(sig int) uintptr
	// Call calls the C function fn (a Symbol) with integer arguments.
	Call(fn uintptr, args ...uintptr) uintptr
	// PoolPush and PoolPop are objc_autoreleasePoolPush and Pop.
	PoolPush() uintptr
	PoolPop(token uintptr)
	// NewBlock makes a heap block (+1) whose invocation calls fn with
	// the block's one object argument.
	NewBlock(fn func(ID)) ID
}

var rt struct {
	sync.Mutex
	installed Runtime
	err       error
	done      bool
}

// Use installs r as the runtime Load resolves against instead of the
// platform's own: the Metal double does, before the backend opens. It
// must come before the first Load.
func Use(r Runtime) {
	rt.Lock()
	defer rt.Unlock()
	if rt.done {
		panic("ns: Use after Load")
	}
	rt.installed = r
}

// Load opens the runtime (the platform's, or the one Use installed),
// then resolves every declared class, selector and symbol and the entry
// of every message signature. It runs once; later calls return the first
// result. Nothing else in the bindings may be used until Load has
// returned nil.
func Load() error {
	rt.Lock()
	defer rt.Unlock()
	if rt.done {
		return rt.err
	}
	rt.done = true
	r := rt.installed
	if r == nil {
		r = platformRuntime()
	}
	if r == nil {
		rt.err = errors.New("ns: no Objective-C runtime on " + runtime.GOOS + ": the Metal backend runs on macOS, or over the Metal double (backend = metal-double)")
		return rt.err
	}
	if !msg.Enabled {
		rt.err = errors.New("ns: built without cgo: the Metal backend sends its messages through cgo trampolines (unix/backend/metal/msg)")
		return rt.err
	}
	if rt.err = resolve(r); rt.err == nil {
		current.Store(&r)
	}
	return rt.err
}

func resolve(r Runtime) error {
	if err := r.Open(); err != nil {
		return err
	}
	miss := &MissingError{}
	registry.Lock()
	defer registry.Unlock()
	for _, c := range registry.classes {
		if c.id = r.Class(c.framework, c.name); c.id == 0 && !c.optional {
			miss.Classes = append(miss.Classes, c.framework.Short()+"."+c.name)
		}
	}
	for _, s := range registry.selectors {
		if s.id = r.Selector(s.name); s.id == 0 {
			miss.Selectors = append(miss.Selectors, "sel_registerName: "+s.name)
		}
	}
	for _, s := range registry.symbols {
		if s.addr = r.Symbol(s.framework, s.name); s.addr == 0 && !s.optional {
			miss.Symbols = append(miss.Symbols, s.framework.Short()+"."+s.name)
		}
	}
	for i := range msg.Entries {
		if msg.Entries[i] = r.Entry(i); msg.Entries[i] == 0 {
			miss.Symbols = append(miss.Symbols, "the entry for messages of signature "+msg.SigNames[i])
		}
	}
	if !miss.empty() {
		return miss
	}
	return nil
}

// current is the runtime Load resolved against; threads other than
// Load's read it.
var current atomic.Pointer[Runtime]

func loaded() Runtime {
	r := current.Load()
	if r == nil {
		panic("ns: the Objective-C runtime used before ns.Load")
	}
	return *r
}

// SEL returns the resolved selector. It panics, naming the selector, if
// Load has not resolved it.
func (s *Selector) SEL() SEL { return SEL(s.Ptr()) }

// Ptr returns the resolved selector as the generated senders pass it. It
// panics, naming the selector, if Load has not resolved it.
func (s *Selector) Ptr() uintptr {
	if s.id == 0 {
		panic("ns: selector " + s.name + " used before ns.Load resolved it")
	}
	return s.id
}

// ID is the resolved class object as a message receiver. It panics,
// naming the class, if Load has not resolved it.
func (c *ClassRef) ID() ID {
	if c.id == 0 {
		panic("ns: class " + c.name + " used before ns.Load resolved it")
	}
	return ID(c.id)
}

// Call calls a resolved C function symbol with integer arguments.
func (s *Symbol) Call(args ...uintptr) uintptr {
	if s.addr == 0 {
		panic("ns: symbol " + s.name + " used before ns.Load resolved it")
	}
	return loaded().Call(s.addr, args...)
}

// NewBlock makes a heap block (+1: release it once handed to a method
// that copies it) whose invocation calls fn with its object argument.
func NewBlock(fn func(ID)) ID { return loaded().NewBlock(fn) }

// Pool is an autorelease pool pushed on the current OS thread.
type Pool struct{ token uintptr }

// PushPool pushes an autorelease pool (objc_autoreleasePoolPush) and
// locks the goroutine to its OS thread until Pop: pools are per thread,
// and a goroutine that moved between push and pop would pop another
// thread's pool.
func PushPool() Pool {
	runtime.LockOSThread()
	return Pool{token: loaded().PoolPush()}
}

// Pop drains the pool (objc_autoreleasePoolPop) and unlocks the thread.
func (p Pool) Pop() {
	loaded().PoolPop(p.token)
	runtime.UnlockOSThread()
}

// WithPool runs f inside an autorelease pool on one OS thread.
func WithPool(f func()) {
	p := PushPool()
	defer p.Pop()
	f()
}
