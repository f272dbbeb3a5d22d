// Command mtld3d is the unix library, built with -buildmode=c-shared.
// Wine's loader reads __wine_unix_call_funcs (thunks_gen.c); every entry
// lands in mtld3dDispatch.
package main

/*
#include <stdint.h>
void mtld3d_getstackbound(uintptr_t bounds[2]);
*/
import "C"

import (
	"unsafe"

	"mtld3d/unix/bridge"
	_ "mtld3d/unix/device"  // registers the device thunks
	_ "mtld3d/unix/process" // registers Init and Log
)

// cgoGetStackBound is runtime/cgo's hook, called on every callback whose
// stack pointer lies outside the thread's known bounds. Under Wine that is
// every call (unix calls run on Wine's own stack), and glibc answers for
// the main thread by parsing /proc/self/maps. We install a per-thread
// cached version (BRIEF fact 7, golang/go#68587).
//
//go:linkname cgoGetStackBound _cgo_getstackbound
var cgoGetStackBound unsafe.Pointer

func init() {
	cgoGetStackBound = unsafe.Pointer(C.mtld3d_getstackbound)
	bridge.StackBoundHooked = func() bool {
		return cgoGetStackBound == unsafe.Pointer(C.mtld3d_getstackbound)
	}
}

//export mtld3dDispatch
func mtld3dDispatch(code C.uint32_t, params unsafe.Pointer) C.int32_t {
	return C.int32_t(int32(bridge.Dispatch(uint32(code), params)))
}

func main() {}
