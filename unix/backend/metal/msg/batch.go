package msg

import (
	"sync"
	"unsafe"
)

// A Batch queues void messages and sends them, in order, in one cgo call
// at Flush: the render encoder queues a draw's state messages and the
// draw, and flushes after the draw, so a draw costs one crossing into C
// instead of one a message. Queued messages are sent late, so an object
// or memory a queued message names must stay alive and unchanged until
// Flush; set*Bytes data goes through Bytes, which copies it into the
// batch. A Batch belongs to one goroutine at a time.
type Batch struct {
	recs  [batchLen]rec
	n     int
	arena [ArenaSize]byte
	used  int
}

const batchLen = 128

// ArenaSize is how many bytes a batch holds for Bytes between flushes.
const ArenaSize = 64 << 10

// rec is one queued message; its layout is mtld3d_msg_rec's (msg_gen.h).
type rec struct {
	sig, fn, self, sel uintptr
	a                  [recWords]uint64
}

var batches = sync.Pool{New: func() any { return new(Batch) }}

// GetBatch returns an empty batch from a pool.
func GetBatch() *Batch { return batches.Get().(*Batch) }

// PutBatch flushes b and returns it to the pool.
func PutBatch(b *Batch) {
	b.Flush()
	batches.Put(b)
}

// Len is the number of queued messages.
func (b *Batch) Len() int { return b.n }

// next returns the next record, flushing first when the batch is full.
func (b *Batch) next(code, fn, self, sel uintptr) *rec {
	if b.n == len(b.recs) {
		b.Flush()
	}
	r := &b.recs[b.n]
	b.n++
	r.sig, r.fn, r.self, r.sel = code, fn, self, sel
	return r
}

// Flush sends every queued message, in order, and empties the batch. A
// nil batch has nothing to send.
func (b *Batch) Flush() {
	if b == nil || b.n == 0 {
		return
	}
	runBatch(uintptr(unsafe.Pointer(&b.recs[0])), b.n)
	b.n, b.used = 0, 0
}

// Bytes copies p into the batch and returns the copy, valid until the
// batch is flushed (which it may do first, to make room). p must not be
// longer than ArenaSize; empty p gives nil.
func (b *Batch) Bytes(p []byte) unsafe.Pointer {
	if len(p) == 0 {
		return nil
	}
	if len(p) > ArenaSize {
		panic("msg: Batch.Bytes: more than ArenaSize bytes")
	}
	if b.used+len(p) > ArenaSize {
		b.Flush()
	}
	dst := b.arena[b.used : b.used+len(p)]
	copy(dst, p)
	b.used += (len(p) + 15) &^ 15
	if b.used > ArenaSize {
		b.used = ArenaSize
	}
	return unsafe.Pointer(&dst[0])
}
