package device

import (
	"fmt"
	"unsafe"

	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend"
)

// Buffer updates. Commands run after the whole submit is replayed, and
// an earlier frame's may still be on the GPU, so an update must not
// change bytes a draw not yet run reads (backend.Buffer: the CPU must not
// write what an unfinished command buffer reads). What the guest's lock
// flags promise decides the cost:
//
//   - storage no pending command reads, or NOOVERWRITE (the game leaves
//     what those draws read alone): the bytes go in place;
//   - DISCARD: the old contents may go, so the buffer takes other
//     storage (a spare, or a new one) and nothing is copied;
//   - a plain update: other storage too, keeping the bytes the update
//     does not cover.
//
// Storage given up is kept as a spare with the command buffer that last
// read it, and reused once that has completed.

// updateStats counts what resource updates cost the encoder, for the
// update benchmarks (updates_bench_test.go): plain counters, no locks
// (the encoder alone touches them).
type updateStats struct {
	// copied is every byte the CPU moved for updates: into backend
	// storage, kept contents a rename carries over, and conversion or
	// staging copies.
	copied uint64
	// fresh counts backend buffers made to rename a buffer in use.
	fresh uint64
}

// spareBuffer is storage a renamed buffer gave up: free once usedBy has
// completed.
type spareBuffer struct {
	buf    backend.Buffer
	usedBy backend.CommandBuffer
}

// maxSpares bounds the spares kept; the oldest go first. Four frames of a
// few streaming buffers each wrapping a few times fit.
const maxSpares = 32

func (d *Device) updateBuffer(r *shared.RecUpdateBuffer) error {
	b := d.buffers[r.ID]
	if b == nil {
		return fmt.Errorf("update of unknown buffer %d", r.ID)
	}
	if r.Src == 0 || uint64(r.Offset)+uint64(r.Size) > uint64(b.size) {
		return fmt.Errorf("buffer %d: update %d+%d outside %d bytes", r.ID, r.Offset, r.Size, b.size)
	}
	if pending(b.usedBy) && r.Flags&types.D3DLOCK_DISCARD != 0 {
		if err := d.renameBuffer(b, 0, b.size); err != nil {
			return err
		}
	} else if pending(b.usedBy) && r.Flags&types.D3DLOCK_NOOVERWRITE == 0 {
		if err := d.renameBuffer(b, int(r.Offset), int(r.Offset+r.Size)); err != nil {
			return err
		}
	}
	clear(b.spans)
	b.buf.Upload(int(r.Offset), unsafe.Slice((*byte)(guestPtr(r.Src)), r.Size))
	d.updates.copied += uint64(r.Size)
	return nil
}

// renameBuffer gives b other storage, keeping the old contents outside
// [lo, hi) (the update's range; all of it for DISCARD). The old storage
// becomes a spare.
func (d *Device) renameBuffer(b *buffer, lo, hi int) error {
	nb, err := d.spareBuffer(b.size)
	if err != nil {
		return err
	}
	// Through Upload, so managed storage learns of the bytes.
	old := b.buf.Contents()
	nb.Upload(0, old[:lo])
	nb.Upload(hi, old[hi:b.size])
	d.updates.copied += uint64(lo + b.size - hi)
	if len(d.spares) == maxSpares {
		d.spares[0].buf.Release()
		d.spares = append(d.spares[:0], d.spares[1:]...)
	}
	d.spares = append(d.spares, spareBuffer{buf: b.buf, usedBy: b.usedBy})
	b.buf, b.usedBy = nb, nil
	return nil
}

// spareBuffer returns storage of size bytes: a spare no pending command
// reads, or a new buffer.
func (d *Device) spareBuffer(size int) (backend.Buffer, error) {
	for i, s := range d.spares {
		if s.buf.Length() == size && !pending(s.usedBy) {
			d.spares = append(d.spares[:i], d.spares[i+1:]...)
			return s.buf, nil
		}
	}
	d.updates.fresh++
	return d.be.NewBuffer(size)
}

// releaseSpares releases the spare storage (the device's release).
func (d *Device) releaseSpares() {
	for _, s := range d.spares {
		s.buf.Release()
	}
	d.spares = nil
}
