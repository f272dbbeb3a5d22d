package device

import (
	"fmt"
	"runtime/debug"
	"unsafe"
)

// Guest memory belongs to the game: a record or a thunk may name an
// address that is unmapped, freed or read-protected. Go turns such a
// fault into a fatal signal unless the goroutine asked for a panic
// instead, so every read or write of guest memory goes through guestCopy
// or guarded: a bad pointer costs one record or one call, logged, never
// the process.

// guestCopy copies src to dst, either of which may be guest memory; false
// if touching them faulted (dst may then hold part of src).
func guestCopy(dst, src []byte) bool {
	return guarded(func() error { copy(dst, src); return nil }) == nil
}

// guestBytes is n bytes of guest memory at addr, to be touched only
// through guestCopy or inside guarded.
func guestBytes(addr uint64, n int) []byte {
	return unsafe.Slice((*byte)(guestPtr(addr)), n)
}

// guarded runs f with memory faults turned into panics, and returns a
// panic as an error.
func guarded(f func() error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("fault: %v", p)
		}
	}()
	return f()
}
