//go:build darwin

package ns

import (
	"reflect"
	"runtime"
	"sync"

	"github.com/ebitengine/purego"
	"github.com/ebitengine/purego/objc"

	"mtld3d/unix/backend/metal/msg"
)

// platformRuntime is libobjc and the system frameworks, opened with
// dlopen when Load runs.
func platformRuntime() Runtime { return &darwinRuntime{} }

type darwinRuntime struct {
	handles               map[Framework]uintptr
	msgSend, msgSendStret uintptr
	poolPush, poolPop     uintptr
}

func (r *darwinRuntime) Open() error {
	miss := &MissingError{}
	r.handles = make(map[Framework]uintptr, len(Frameworks))
	for _, f := range Frameworks {
		h, err := purego.Dlopen(string(f), purego.RTLD_NOW|purego.RTLD_GLOBAL)
		if err != nil || h == 0 {
			miss.Frameworks = append(miss.Frameworks, string(f)+" ("+errText(err)+")")
			continue
		}
		r.handles[f] = h
	}
	if !miss.empty() {
		// Classes live in the frameworks: resolving them now would only
		// report every class as missing.
		return miss
	}
	r.msgSend = r.Symbol(ObjC, "objc_msgSend")
	r.msgSendStret = r.Symbol(ObjC, "objc_msgSend_stret") // amd64 only
	r.poolPush = r.Symbol(ObjC, "objc_autoreleasePoolPush")
	r.poolPop = r.Symbol(ObjC, "objc_autoreleasePoolPop")
	for name, addr := range map[string]uintptr{"objc_msgSend": r.msgSend, "objc_autoreleasePoolPush": r.poolPush,
		"objc_autoreleasePoolPop": r.poolPop} {
		if addr == 0 {
			miss.Symbols = append(miss.Symbols, "libobjc."+name)
		}
	}
	if runtime.GOARCH == "amd64" && r.msgSendStret == 0 {
		miss.Symbols = append(miss.Symbols, "libobjc.objc_msgSend_stret")
	}
	if !miss.empty() {
		return miss
	}
	return nil
}

func errText(err error) string {
	if err == nil {
		return "no handle"
	}
	return err.Error()
}

func (r *darwinRuntime) Class(_ Framework, name string) uintptr { return uintptr(objc.GetClass(name)) }

func (r *darwinRuntime) Selector(name string) uintptr { return uintptr(objc.RegisterName(name)) }

func (r *darwinRuntime) Symbol(f Framework, name string) uintptr {
	addr, err := purego.Dlsym(r.handles[f], name)
	if err != nil {
		return 0
	}
	return addr
}

// Entry is objc_msgSend, or objc_msgSend_stret for a struct result
// returned through memory on amd64 (UsesStret).
func (r *darwinRuntime) Entry(sig int) uintptr {
	if msg.SigStret[sig] && runtime.GOARCH == "amd64" {
		return r.msgSendStret
	}
	return r.msgSend
}

func (r *darwinRuntime) Call(fn uintptr, args ...uintptr) uintptr {
	v, _, _ := purego.SyscallN(fn, args...)
	return v
}

func (r *darwinRuntime) PoolPush() uintptr {
	v, _, _ := purego.SyscallN(r.poolPush)
	return v
}

func (r *darwinRuntime) PoolPop(token uintptr) { purego.SyscallN(r.poolPop, token) }

// NewBlock is purego/objc's heap block: its invoke pointer is a purego
// callback and its Go closure lives in a table inside purego until the
// block's dispose helper runs (when the last copy is released).
func (r *darwinRuntime) NewBlock(fn func(ID)) ID {
	return ID(objc.NewBlock(func(_ objc.Block, arg objc.ID) { fn(ID(arg)) }))
}

// Send sends a message whose result is an object, or nothing, through
// purego/objc's reflective path: for code outside the msgsig table (the
// winemac window code), not for the backend's messages.
func Send(id ID, s *Selector, args ...any) ID {
	return ID(objc.ID(id).Send(s.SEL().objc(), args...))
}

func (s SEL) objc() objc.SEL { return objc.SEL(s) }

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
	r := loaded().(*darwinRuntime)
	addr := r.msgSend
	if UsesStret(runtime.GOARCH, t.Kind() == reflect.Struct, t.Size()) {
		addr = r.msgSendStret
	}
	var fn sendFunc[T]
	purego.RegisterFunc(&fn, addr)
	f, _ := sendFuncs.LoadOrStore(t, fn)
	return f.(sendFunc[T])
}

// SendT sends a message whose result is a T (bool, an integer, a float,
// unsafe.Pointer or a C struct mirrored in Go) through purego/objc's
// reflective path; see Send.
func SendT[T any](id ID, s *Selector, args ...any) T {
	return sender[T]()(objc.ID(id), s.SEL().objc(), args...)
}

// SendBool sends a message returning BOOL.
func SendBool(id ID, s *Selector, args ...any) bool { return SendT[bool](id, s, args...) }

// SendUint sends a message returning NSUInteger.
func SendUint(id ID, s *Selector, args ...any) uint { return SendT[uint](id, s, args...) }

// SendInt sends a message returning NSInteger.
func SendInt(id ID, s *Selector, args ...any) int { return SendT[int](id, s, args...) }
