//go:build cgo

package msgtest

/*
#cgo CFLAGS: -I${SRCDIR}/..
#include "recorders_gen.h"
*/
import "C"

import "unsafe"

// Addr is the stand-in for the signature named sig; it panics for an
// unknown signature.
func Addr(sig string) uintptr {
	p, ok := recorders[sig]
	if !ok {
		panic("msgtest: no stand-in for signature " + sig)
	}
	return uintptr(p)
}

// Noop is a C function that does nothing, for timing the call itself.
func Noop() uintptr { return uintptr(unsafe.Pointer(C.mtld3d_noop)) }

// RetBytes is what a stand-in returns, from its first byte (a BOOL
// return reads one byte).
func RetBytes(asBool bool) []byte {
	if asBool {
		return []byte{1}
	}
	b := make([]byte, C.MTLD3D_REC_BYTES)
	for i := range b {
		b[i] = byte(0x11 + i)
	}
	return b
}

// Reset clears the record and sets the bytes stand-ins return: a true
// BOOL when asBool, else RetBytes(false).
func Reset(asBool bool) {
	C.mtld3d_rec = C.struct_mtld3d_record{}
	r := RetBytes(asBool)
	for i, v := range r {
		C.mtld3d_rec.ret[i] = C.uchar(v)
	}
}

// Record is what the last stand-in received.
func Record() (self, sel uintptr, n int) {
	return uintptr(C.mtld3d_rec.self), uintptr(C.mtld3d_rec.sel), int(C.mtld3d_rec.n)
}

// Arg is the first size bytes of argument i as the stand-in received it.
func Arg(i int, size uintptr) []byte {
	out := make([]byte, size)
	for j := range out {
		out[j] = byte(C.mtld3d_rec.arg[i][j])
	}
	return out
}
