//go:build linux && (amd64 || arm64)

// Package double is an Objective-C runtime and Metal double for tests off
// macOS. Installed with Install, it is the ns.Runtime the Metal bindings
// resolve against: every message the backend sends goes through the
// cgo trampolines of package msg into one of this package's C entries
// (entries_gen.c, one per signature, with the message's exact prototype)
// and on to Send here, which
//
//   - finds the receiver among the live objects (a message to a released
//     object is a violation, as under NSZombie);
//   - checks the selector against what Apple's headers declare for the
//     receiver's class or protocol (headers.go) and the argument and
//     return kinds the binding passed against the header's types;
//   - runs the double's method, which keeps Objective-C's ownership rules
//     (retain, release, autorelease pools) and Metal's validation rules,
//     and executes on the reference backend, so draws give pixels.
//
// A broken rule is a Violation: by default it panics with Metal's kind of
// message and the Go stack; tests that expect one set OnViolation.
package double

import (
	"fmt"
	"runtime/debug"
	"sync"
	"syscall"

	"mtld3d/unix/backend/metal/mslreg"
	"mtld3d/unix/backend/metal/ns"
)

// A Violation is a rule of Objective-C or Metal the backend broke.
type Violation struct {
	Message string // as Metal's validation layer or the runtime would say it
	Stack   string
}

func (v *Violation) Error() string { return v.Message }

// Runtime is the double: its classes, selectors and objects.
type Runtime struct {
	mu       sync.Mutex
	objs     map[uintptr]*object
	next     uintptr
	sels     map[string]uintptr
	selNames map[uintptr]string
	classes  map[string]*class
	pools    map[int][]*pool // by OS thread
	symbols  map[uintptr]string

	// OnViolation, when set, receives each violation instead of the
	// panic; the message then returns zero.
	OnViolation func(*Violation)
	// Discrete makes the device answer as a discrete GPU (no unified
	// memory), so the backend's managed-storage paths run: set it before
	// the backend opens.
	Discrete bool
	// Messages counts the messages sent, by selector.
	Messages map[string]int

	// Binary archives (archive.go): the OS build and GPU an archive
	// file records, which a later open compares (set them before the
	// archives they concern are made); NoBinaryArchives answers as
	// macOS 10.15, whose devices have no newBinaryArchiveWithDescriptor:error:.
	OSBuild, GPUArch string
	NoBinaryArchives bool
	archives         ArchiveCounts
}

// The double installed by Install; its C entries reach it.
var cur *Runtime

var installOnce sync.Once

// Install makes the double the runtime ns.Load resolves against (once per
// process) and returns it.
func Install() *Runtime {
	installOnce.Do(func() {
		cur = newDouble()
		ns.Use(cur)
		mslreg.Enable()
	})
	return cur
}

const idBase = 0x7d0000000000 // fake addresses: never a real pointer, never reused

func newDouble() *Runtime {
	d := &Runtime{
		objs:     map[uintptr]*object{},
		next:     idBase,
		sels:     map[string]uintptr{},
		selNames: map[uintptr]string{},
		classes:  map[string]*class{},
		pools:    map[int][]*pool{},
		symbols:  map[uintptr]string{},
		Messages: map[string]int{},
	}
	for _, c := range classTable() {
		d.addClass(c)
	}
	return d
}

func (d *Runtime) violate(format string, args ...any) {
	v := &Violation{Message: fmt.Sprintf(format, args...), Stack: string(debug.Stack())}
	if f := d.OnViolation; f != nil {
		f(v)
		return
	}
	panic(v.Message + "\n" + v.Stack)
}

// An object is an instance, a class object or a block.
type object struct {
	id      uintptr
	cls     *class
	isCls   bool // a class object: its messages are the class methods
	refs    int
	freed   bool
	label   string
	state   any // the class's own state
	dealloc func()
}

func (o *object) String() string {
	if o.isCls {
		return o.cls.name
	}
	return fmt.Sprintf("<%s: %#x>", o.cls.name, o.id)
}

// newObject makes an instance of c with one reference (the caller's).
func (d *Runtime) newObject(c *class, state any) *object {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.next += 16
	o := &object{id: d.next, cls: c, refs: 1, state: state}
	d.objs[o.id] = o
	return o
}

// lookup finds a live object; 0 is nil. An unknown or released id is a
// violation (what NSZombie reports).
func (d *Runtime) lookup(id uintptr, what string) *object {
	if id == 0 {
		return nil
	}
	d.mu.Lock()
	o := d.objs[id]
	d.mu.Unlock()
	switch {
	case o == nil:
		d.violate("%s: %#x is not an object (a stray pointer)", what, id)
		return nil
	case o.freed:
		d.violate("%s: message sent to deallocated instance %#x of %s", what, id, o.cls.name)
		return nil
	}
	return o
}

func (d *Runtime) retain(o *object) {
	d.mu.Lock()
	o.refs++
	d.mu.Unlock()
}

func (d *Runtime) release(o *object) {
	d.mu.Lock()
	if o.isCls {
		d.mu.Unlock()
		return
	}
	o.refs--
	n := o.refs
	if n == 0 {
		o.freed = true
	}
	d.mu.Unlock()
	if n < 0 {
		d.violate("over-release: %s released more times than it was retained", o)
	}
	if n == 0 && o.dealloc != nil {
		o.dealloc()
	}
}

// A pool holds autoreleased objects until it is popped.
type pool struct {
	token uintptr
	objs  []*object
}

func (d *Runtime) autorelease(o *object) {
	tid := syscall.Gettid()
	d.mu.Lock()
	st := d.pools[tid]
	if len(st) == 0 {
		d.mu.Unlock()
		d.violate("%s autoreleased with no pool in place - just leaking", o)
		return
	}
	top := st[len(st)-1]
	top.objs = append(top.objs, o)
	d.mu.Unlock()
}

// ns.Runtime.

func (d *Runtime) Open() error { return nil }

func (d *Runtime) Class(_ ns.Framework, name string) uintptr {
	c := d.classes[name]
	if c == nil || !c.public {
		return 0
	}
	return c.obj.id
}

func (d *Runtime) Selector(name string) uintptr {
	d.mu.Lock()
	defer d.mu.Unlock()
	if id, ok := d.sels[name]; ok {
		return id
	}
	id := uintptr(0x5e1000000000 + 8*(len(d.sels)+1))
	d.sels[name] = id
	d.selNames[id] = name
	return id
}

func (d *Runtime) selName(id uintptr) string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.selNames[id]
}

// The C functions the double answers for.
const (
	symCreateSystemDefaultDevice = 0x5f0000000010
	symCopyAllDevices            = 0x5f0000000020
)

func (d *Runtime) Symbol(_ ns.Framework, name string) uintptr {
	switch name {
	case "MTLCreateSystemDefaultDevice":
		return symCreateSystemDefaultDevice
	case "MTLCopyAllDevices":
		return symCopyAllDevices
	}
	return 0
}

func (d *Runtime) Entry(sig int) uintptr { return uintptr(entries[sig]) }

func (d *Runtime) Call(fn uintptr, args ...uintptr) uintptr {
	switch fn {
	case symCreateSystemDefaultDevice:
		return d.newDevice().id
	case symCopyAllDevices:
		dev := d.newDevice()
		arr := d.newArray([]*object{dev})
		d.release(dev) // the array holds it
		return arr.id
	}
	d.violate("call to unknown C function %#x", fn)
	return 0
}

func (d *Runtime) PoolPush() uintptr {
	tid := syscall.Gettid()
	d.mu.Lock()
	defer d.mu.Unlock()
	d.next += 16
	p := &pool{token: d.next}
	d.pools[tid] = append(d.pools[tid], p)
	return p.token
}

func (d *Runtime) PoolPop(token uintptr) {
	tid := syscall.Gettid()
	d.mu.Lock()
	st := d.pools[tid]
	i := len(st) - 1
	for i >= 0 && st[i].token != token {
		i--
	}
	if i < 0 {
		d.mu.Unlock()
		d.violate("objc_autoreleasePoolPop: pool %#x is not on this thread's stack (popped on another thread?)", token)
		return
	}
	popped := append([]*pool(nil), st[i:]...) // the stack's array is reused by the next push
	clear(st[i:])
	d.pools[tid] = st[:i]
	d.mu.Unlock()
	for j := len(popped) - 1; j >= 0; j-- {
		for _, o := range popped[j].objs {
			d.release(o)
		}
	}
}

// A block's state: the Go function it calls.
type block struct{ fn func(ns.ID) }

func (d *Runtime) NewBlock(fn func(ns.ID)) ns.ID {
	return ns.ID(d.newObject(d.classes["NSBlock"], &block{fn}).id)
}

// Counts copies the messages sent so far, by selector.
func (d *Runtime) Counts() map[string]int {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := make(map[string]int, len(d.Messages))
	for k, v := range d.Messages {
		out[k] = v
	}
	return out
}

// Sent is the number of messages sent so far.
func (d *Runtime) Sent() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	n := 0
	for _, c := range d.Messages {
		n += c
	}
	return n
}
