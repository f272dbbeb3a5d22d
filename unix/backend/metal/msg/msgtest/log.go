//go:build cgo

package msgtest

/*
#include "log.h"
*/
import "C"

import "unsafe"

// LogQ is a stand-in of signature v_Q that appends its argument to the
// log; LogPQQ, of signature v_pQQ, appends the first eight bytes its
// pointer points at (zero-extended when fewer), the length and the index.
func LogQ() uintptr   { return uintptr(unsafe.Pointer(C.mtld3d_log_Q)) }
func LogPQQ() uintptr { return uintptr(unsafe.Pointer(C.mtld3d_log_pQQ)) }

// ResetLog empties the log.
func ResetLog() { C.mtld3d_log_n = 0 }

// Log returns the log's entries.
func Log() []uint64 {
	out := make([]uint64, int(C.mtld3d_log_n))
	for i := range out {
		out[i] = uint64(C.mtld3d_log[i])
	}
	return out
}
