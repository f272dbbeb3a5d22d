package device

import (
	"encoding/binary"
	"syscall"
	"testing"
	"unsafe"

	"mtld3d/shared"
)

// noAccess maps a page nothing may touch, as a freed or protected guest
// range looks to the unix side.
func noAccess(t *testing.T) uint64 {
	t.Helper()
	b, err := syscall.Mmap(-1, 0, 4096, syscall.PROT_NONE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip("mmap:", err)
	}
	t.Cleanup(func() { syscall.Munmap(b) })
	return uint64(uintptr(unsafe.Pointer(&b[0])))
}

func TestGuestCopyFaultIsAnError(t *testing.T) {
	bad := noAccess(t)
	dst := make([]byte, 16)
	if guestCopy(dst, guestBytes(bad, len(dst))) {
		t.Fatal("a read of an unreadable page succeeded")
	}
	if guestCopy(guestBytes(bad, len(dst)), dst) {
		t.Fatal("a write to an unreadable page succeeded")
	}
	src := []byte("sixteen bytes ok")
	if !guestCopy(dst, src) || string(dst) != string(src) {
		t.Fatalf("a good copy failed: %q", dst)
	}
}

// A record naming an unreadable range loses only its data: the frame is
// captured, the record's address is cleared (its handler refuses it as a
// null one) and the fault is noted for the log.
func TestCaptureSurvivesUnreadableRanges(t *testing.T) {
	bad := noAccess(t)
	good := make([]byte, 64)
	c := newChunk()
	add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 20, Size: 64, Src: bad})
	add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 21, Size: 64, Src: addr(good)})
	cs := newCaptureState()
	f, err := cs.capture([]uint64{addr(c.bytes())})
	if err != nil {
		t.Fatal(err)
	}
	defer f.release()
	if len(f.faults) != 1 || f.faults[0].addr != bad || f.faults[0].record != code("UpdateBuffer") || f.faults[0].size != 64 {
		t.Fatalf("faults %+v", f.faults)
	}
	recs := f.chunks[0]
	first := (*shared.RecUpdateBuffer)(unsafe.Pointer(&recs[8]))
	size := int(binary.LittleEndian.Uint32(recs[12:]))
	second := (*shared.RecUpdateBuffer)(unsafe.Pointer(&recs[8+size]))
	if first.Src != 0 || second.Src == 0 || second.Src == addr(good) {
		t.Fatalf("sources %#x %#x: want the bad one cleared and the good one owned", first.Src, second.Src)
	}
}

func TestCaptureRefusesUnreadableChunks(t *testing.T) {
	bad := noAccess(t)
	cs := newCaptureState()
	if _, err := cs.capture([]uint64{bad}); err == nil {
		t.Fatal("an unreadable chunk was captured")
	}
	list := unsafe.Slice((*uint64)(guestPtr(bad)), 1)
	if _, err := cs.capture(list); err == nil {
		t.Fatal("an unreadable chunk list was captured")
	}
}

// A readback's destination is the game's memory: a fault writing it fails
// the call, and the device goes on.
func TestCallFaultIsAnError(t *testing.T) {
	d := newTestDevice(t)
	d.Start()
	defer d.Stop()
	bad := noAccess(t)
	if err := d.call(func() { guestBytes(bad, 4)[0] = 1 }); err == nil {
		t.Fatal("a faulting call reported success")
	}
	ran := false
	if err := d.call(func() { ran = true }); err != nil || !ran {
		t.Fatalf("the next call: %v, ran %v", err, ran)
	}
}
