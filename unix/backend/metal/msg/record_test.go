//go:build cgo && (amd64 || arm64)

package msg

import (
	"bytes"
	"testing"
	"unsafe"

	"mtld3d/unix/backend/metal/msg/msgtest"
)

const (
	testSelf = uintptr(0x7f00deadbe00)
	testSel  = uintptr(0x7f00c0ffee00)
)

func checkRecord(t *testing.T, n int) {
	t.Helper()
	self, sel, got := msgtest.Record()
	if self != testSelf || sel != testSel || got != n {
		t.Fatalf("stand-in got self %#x sel %#x and %d arguments, want %#x %#x %d", self, sel, got, testSelf, testSel, n)
	}
}

func checkArg(t *testing.T, i int, p unsafe.Pointer, size uintptr) {
	t.Helper()
	want := unsafe.Slice((*byte)(p), size)
	if got := msgtest.Arg(i, size); !bytes.Equal(got, want) {
		t.Errorf("argument %d: C received % x, Go sent % x", i, got, want)
	}
}

func checkRet(t *testing.T, p unsafe.Pointer, size uintptr) {
	t.Helper()
	got := unsafe.Slice((*byte)(p), size)
	want := msgtest.RetBytes(size == 1)[:size]
	if !bytes.Equal(got, want) {
		t.Errorf("return: Go got % x, C returned % x", got, want)
	}
}
