// Package bridge receives every unix call: it bounds-checks the code,
// refuses a null param block, runs the registered handler and turns a
// panic into an error status, so no guest input can crash the process.
package bridge

import (
	"runtime/debug"
	"unsafe"

	"go.uber.org/zap"

	"mtld3d/shared"
	"mtld3d/unix/logs"
)

// Handler serves one thunk. p is never nil.
type Handler func(p unsafe.Pointer) shared.Status

var handlers = make([]Handler, len(shared.Thunks))

// Register installs the handler of the named thunk. Call it from init.
func Register(name string, h Handler) {
	handlers[shared.Code(name)] = h
}

// Dispatch runs the handler for code.
func Dispatch(code uint32, p unsafe.Pointer) (st shared.Status) {
	if code >= uint32(len(handlers)) {
		logs.L().Warn("unix call with unknown code", zap.Uint32("code", code))
		return shared.StatusInvalidCode
	}
	if p == nil {
		logs.L().Warn("unix call with null params", zap.String("thunk", shared.Thunks[code].Name))
		return shared.StatusInvalidParameter
	}
	h := handlers[code]
	if h == nil {
		return shared.StatusNotImplemented
	}
	// The params and what they point at are guest memory: a bad pointer
	// faults, and the fault must become this call's error, not the end
	// of the process (Go's default for a fault).
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			logs.L().Error("unix call panicked", zap.String("thunk", shared.Thunks[code].Name),
				zap.Any("panic", r), zap.ByteString("stack", debug.Stack()))
			st = shared.StatusInternalError
		}
	}()
	return h(p)
}

func init() {
	Register("SelfTest", selfTest)
}

// StackBoundHooked reports whether the cached stack-bound hook is in
// place; the c-shared main sets it (see unix/mtld3d).
var StackBoundHooked func() bool

func selfTest(p unsafe.Pointer) shared.Status {
	a := (*shared.SelfTestParams)(p)
	switch a.Mode {
	case shared.SelfTestEcho:
		a.Out = a.In + 1
		return shared.StatusSuccess
	case shared.SelfTestFail:
		return shared.StatusInvalidParameter
	case shared.SelfTestPanic:
		panic("self-test panic requested by the guest")
	case shared.SelfTestStackBound:
		a.Out = 0
		if StackBoundHooked != nil && StackBoundHooked() {
			a.Out = 1
		}
		return shared.StatusSuccess
	}
	return shared.StatusInvalidParameter
}
