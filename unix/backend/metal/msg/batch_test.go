//go:build cgo && (amd64 || arm64)

package msg

import (
	"encoding/binary"
	"slices"
	"testing"

	"mtld3d/unix/backend/metal/msg/msgtest"
)

// A batch sends its messages in the order they were queued, none before
// Flush, and flushes by itself when its records run out.
func TestBatchOrder(t *testing.T) {
	b := GetBatch()
	defer PutBatch(b)
	msgtest.ResetLog()
	var want []uint64
	for i := range 3*batchLen + 5 {
		b.Add_v_Q(msgtest.LogQ(), testSelf, testSel, uint(i))
		want = append(want, uint64(i))
	}
	if got := len(msgtest.Log()); got != 3*batchLen {
		t.Fatalf("%d messages sent before Flush, want the %d of three full batches", got, 3*batchLen)
	}
	b.Flush()
	if got := msgtest.Log(); !slices.Equal(got, want) {
		t.Fatalf("sent %v, want %v", got, want)
	}
}

// Bytes copies: changing the caller's slice after queueing does not
// change what the message sends, and the arena refills after a flush.
func TestBatchBytesCopies(t *testing.T) {
	b := GetBatch()
	defer PutBatch(b)
	msgtest.ResetLog()
	data := make([]byte, 4096)
	var want []uint64
	for i := range 40 { // 40 x 4 KiB: the 64 KiB arena fills and flushes
		binary.LittleEndian.PutUint64(data, uint64(0x1000+i))
		b.Add_v_pQQ(msgtest.LogPQQ(), testSelf, testSel, uintptr(b.Bytes(data)), uint(len(data)), uint(i))
		want = append(want, uint64(0x1000+i), uint64(len(data)), uint64(i))
		binary.LittleEndian.PutUint64(data, 0xdead)
	}
	b.Flush()
	if got := msgtest.Log(); !slices.Equal(got, want) {
		t.Fatalf("sent %v, want %v", got, want)
	}
}

// A batched message allocates nothing either.
func TestBatchDoesNotAllocate(t *testing.T) {
	b := GetBatch()
	defer PutBatch(b)
	noop := msgtest.Noop()
	data := make([]byte, 256)
	vp := [6]float64{0, 0, 640, 480, 0, 1}
	n := testing.AllocsPerRun(100, func() {
		b.Add_v_V(noop, testSelf, testSel, vp)
		b.Add_v_pQQ(noop, testSelf, testSel, uintptr(b.Bytes(data)), uint(len(data)), 1)
		b.Add_v_QQQoQQqQ(noop, testSelf, testSel, 3, 36, 0, 0x1000, 0, 1, 0, 0)
		b.Flush()
	})
	if n != 0 {
		t.Errorf("%v allocations a batched draw, want 0", n)
	}
}
