package bridge

import (
	"syscall"
	"testing"
	"unsafe"

	"mtld3d/shared"
)

func call(mode uint32, in uint64) (shared.Status, uint64) {
	p := shared.SelfTestParams{Mode: mode, In: in}
	st := Dispatch(shared.Code("SelfTest"), unsafe.Pointer(&p))
	return st, p.Out
}

func TestEcho(t *testing.T) {
	if st, out := call(shared.SelfTestEcho, 41); st != shared.StatusSuccess || out != 42 {
		t.Fatalf("got %#x %d", st, out)
	}
}

func TestErrorPaths(t *testing.T) {
	if st, _ := call(shared.SelfTestFail, 0); st != shared.StatusInvalidParameter {
		t.Errorf("failed handler: %#x", st)
	}
	if st, _ := call(shared.SelfTestPanic, 0); st != shared.StatusInternalError {
		t.Errorf("panicking handler: %#x", st)
	}
	if st := Dispatch(uint32(len(shared.Thunks)), unsafe.Pointer(&struct{}{})); st != shared.StatusInvalidCode {
		t.Errorf("unknown code: %#x", st)
	}
	if st := Dispatch(0xffffffff, nil); st != shared.StatusInvalidCode {
		t.Errorf("huge code: %#x", st)
	}
	if st := Dispatch(shared.Code("SelfTest"), nil); st != shared.StatusInvalidParameter {
		t.Errorf("null params: %#x", st)
	}
}

// Params in memory that cannot be read fail the call; they do not end the
// process.
func TestUnreadableParams(t *testing.T) {
	page, err := syscall.Mmap(-1, 0, 4096, syscall.PROT_NONE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip("mmap:", err)
	}
	defer syscall.Munmap(page)
	if st := Dispatch(shared.Code("SelfTest"), unsafe.Pointer(&page[0])); st != shared.StatusInternalError {
		t.Fatalf("unreadable params: %#x", st)
	}
	if st, out := call(shared.SelfTestEcho, 1); st != shared.StatusSuccess || out != 2 {
		t.Fatalf("after the fault: %#x %d", st, out)
	}
}
