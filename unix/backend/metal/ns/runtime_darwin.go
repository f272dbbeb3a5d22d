//go:build darwin

package ns

import (
	"runtime"

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
