//go:build darwin

package ns

import (
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"sync"

	"github.com/ebitengine/purego"
	"github.com/ebitengine/purego/objc"

	"mtld3d/unix/backend/metal/msg"
)

// Runtime entry points, resolved by Load like everything else.
var (
	sym_objc_msgSend             = Sym(ObjC, "objc_msgSend")
	sym_objc_msgSend_stret       = OptionalSym(ObjC, "objc_msgSend_stret") // amd64 only
	sym_objc_autoreleasePoolPush = Sym(ObjC, "objc_autoreleasePoolPush")
	sym_objc_autoreleasePoolPop  = Sym(ObjC, "objc_autoreleasePoolPop")
)

var loaded struct {
	sync.Once
	err error
}

// Load opens the frameworks, then resolves every declared class,
// selector and symbol. It runs once; later calls return the first
// result. Nothing else in the bindings may be used until Load has
// returned nil.
func Load() error {
	loaded.Do(func() { loaded.err = load() })
	return loaded.err
}

func load() error {
	miss := &MissingError{}
	handles := make(map[Framework]uintptr, len(Frameworks))
	for _, f := range Frameworks {
		h, err := purego.Dlopen(string(f), purego.RTLD_NOW|purego.RTLD_GLOBAL)
		if err != nil || h == 0 {
			miss.Frameworks = append(miss.Frameworks, fmt.Sprintf("%s (%v)", f, err))
			continue
		}
		handles[f] = h
	}
	if !msg.Enabled {
		return errors.New("ns: built without cgo: the Metal backend sends its messages through cgo trampolines (unix/backend/metal/msg)")
	}
	if !miss.empty() {
		// Classes live in the frameworks: resolving them now would only
		// report every class as missing.
		return miss
	}

	registry.Lock()
	defer registry.Unlock()
	for _, c := range registry.classes {
		cl := objc.GetClass(c.name)
		if cl == 0 {
			miss.Classes = append(miss.Classes, c.framework.Short()+"."+c.name)
			continue
		}
		c.id = uintptr(cl)
	}
	for _, s := range registry.selectors {
		s.id = uintptr(objc.RegisterName(s.name))
		if s.id == 0 {
			miss.Selectors = append(miss.Selectors, "sel_registerName: "+s.name)
		}
	}
	for _, s := range registry.symbols {
		addr, err := purego.Dlsym(handles[s.framework], s.name)
		if err != nil || addr == 0 {
			if !s.optional {
				miss.Symbols = append(miss.Symbols, s.framework.Short()+"."+s.name)
			}
			continue
		}
		s.addr = addr
	}
	if runtime.GOARCH == "amd64" && sym_objc_msgSend_stret.addr == 0 {
		miss.Symbols = append(miss.Symbols, "libobjc.objc_msgSend_stret")
	}
	if !miss.empty() {
		return miss
	}
	return nil
}

// SEL returns the resolved selector. It panics, naming the selector, if
// Load has not resolved it.
func (s *Selector) SEL() objc.SEL {
	if s.id == 0 {
		panic("ns: selector " + s.name + " used before ns.Load resolved it")
	}
	return objc.SEL(s.id)
}

// Ptr returns the resolved selector as the generated senders pass it. It
// panics, naming the selector, if Load has not resolved it.
func (s *Selector) Ptr() uintptr {
	if s.id == 0 {
		panic("ns: selector " + s.name + " used before ns.Load resolved it")
	}
	return s.id
}

// MsgSend is objc_msgSend's address, for the generated senders (0 before
// Load).
func MsgSend() uintptr { return sym_objc_msgSend.addr }

// MsgSendStret is the entry point for a message whose struct result is
// returned through memory: objc_msgSend_stret on amd64, where the hidden
// result pointer takes rdi; objc_msgSend on arm64, where it travels in x8
// (UsesStret).
func MsgSendStret() uintptr {
	if runtime.GOARCH == "amd64" {
		return sym_objc_msgSend_stret.addr
	}
	return sym_objc_msgSend.addr
}

// Class returns the resolved class. It panics, naming the class, if Load
// has not resolved it.
func (c *ClassRef) Class() objc.Class {
	if c.id == 0 {
		panic("ns: class " + c.name + " used before ns.Load resolved it")
	}
	return objc.Class(c.id)
}

// ID is the class object as a message receiver.
func (c *ClassRef) ID() objc.ID { return objc.ID(c.Class()) }

// Send sends a message whose result is an object, or nothing.
func Send(id objc.ID, s *Selector, args ...any) objc.ID {
	return id.Send(s.SEL(), args...)
}

type sendFunc[T any] = func(objc.ID, objc.SEL, ...any) T

var sendFuncs sync.Map // reflect.Type -> sendFunc[T]

// sender returns the objc_msgSend entry typed for a return of T,
// registered with purego once per type. Struct returns larger than
// MaxRegisterStruct go through objc_msgSend_stret on amd64 (see
// UsesStret); purego passes the hidden result pointer itself.
func sender[T any]() sendFunc[T] {
	t := reflect.TypeFor[T]()
	if f, ok := sendFuncs.Load(t); ok {
		return f.(sendFunc[T])
	}
	addr := sym_objc_msgSend.addr
	if UsesStret(runtime.GOARCH, t.Kind() == reflect.Struct, t.Size()) {
		addr = sym_objc_msgSend_stret.addr
	}
	if addr == 0 {
		panic("ns: objc_msgSend used before ns.Load")
	}
	var fn sendFunc[T]
	purego.RegisterFunc(&fn, addr)
	f, _ := sendFuncs.LoadOrStore(t, fn)
	return f.(sendFunc[T])
}

// SendT sends a message whose result is a T: bool, an integer, a float,
// unsafe.Pointer or a C struct mirrored in Go.
func SendT[T any](id objc.ID, s *Selector, args ...any) T {
	return sender[T]()(id, s.SEL(), args...)
}

// SendBool sends a message returning BOOL.
func SendBool(id objc.ID, s *Selector, args ...any) bool { return SendT[bool](id, s, args...) }

// SendUint sends a message returning NSUInteger.
func SendUint(id objc.ID, s *Selector, args ...any) uint { return SendT[uint](id, s, args...) }

// SendInt sends a message returning NSInteger.
func SendInt(id objc.ID, s *Selector, args ...any) int { return SendT[int](id, s, args...) }

// Pool is an autorelease pool pushed on the current OS thread.
type Pool struct{ token uintptr }

// PushPool pushes an autorelease pool (objc_autoreleasePoolPush) and
// locks the goroutine to its OS thread until Pop: pools are per thread,
// and a goroutine that moved between push and pop would pop another
// thread's pool.
func PushPool() Pool {
	runtime.LockOSThread()
	r, _, _ := purego.SyscallN(sym_objc_autoreleasePoolPush.addr)
	return Pool{token: r}
}

// Pop drains the pool (objc_autoreleasePoolPop) and unlocks the thread.
func (p Pool) Pop() {
	purego.SyscallN(sym_objc_autoreleasePoolPop.addr, p.token)
	runtime.UnlockOSThread()
}

// WithPool runs f inside an autorelease pool on one OS thread.
func WithPool(f func()) {
	p := PushPool()
	defer p.Pop()
	f()
}
