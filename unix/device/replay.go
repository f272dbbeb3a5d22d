package device

import (
	"encoding/binary"
	"fmt"
	"unsafe"

	"go.uber.org/zap"

	"mtld3d/shared"
	"mtld3d/unix/backend"
)

// handler replays one record. rec holds the whole record, header first,
// at least as long as the record's Go type.
type handler func(d *Device, rec []byte) error

var handlers [shared.MaxRecordCode]handler

func on[T any](name string, f func(d *Device, r *T, rec []byte) error) {
	code := shared.RecordCode(name)
	size := int(unsafe.Sizeof(*new(T)))
	handlers[code] = func(d *Device, rec []byte) error {
		if len(rec) < size {
			return fmt.Errorf("record %s: %d bytes, want at least %d", name, len(rec), size)
		}
		return f(d, (*T)(unsafe.Pointer(&rec[0])), rec)
	}
}

func init() {
	on("Nop", func(*Device, *shared.RecNop, []byte) error { return nil })
	on("Clear", (*Device).clear)
	on("SetRenderTarget", func(d *Device, r *shared.RecSetRenderTarget, _ []byte) error {
		if r.Slot >= uint32(len(d.rts)) {
			return fmt.Errorf("render target slot %d", r.Slot)
		}
		d.rts[r.Slot] = r.Surface
		return nil
	})
	on("SetDepthStencil", func(d *Device, r *shared.RecSetDepthStencil, _ []byte) error {
		d.ds = r.Surface
		return nil
	})
	on("CreateSurface", func(d *Device, r *shared.RecCreateSurface, _ []byte) error { return d.createSurface(r) })
	on("DestroyObject", func(d *Device, r *shared.RecDestroyObject, _ []byte) error {
		d.destroyObject(r.ID)
		return nil
	})
	on("Present", (*Device).present)
	on("SetViewport", func(d *Device, r *shared.RecSetViewport, _ []byte) error {
		d.vp = *r
		return nil
	})
	on("SetScissor", func(d *Device, r *shared.RecSetScissor, _ []byte) error {
		d.scissor = *r
		return nil
	})
}

// frame is the work of one Replay: one command buffer, made on first use.
type frame struct {
	cb backend.CommandBuffer
}

// Replay runs the records of the given chunks in order, then waits for
// the backend. A malformed record ends the chunk with an error; nothing
// the guest sends can crash the process.
func (d *Device) Replay(chunks [][]byte) error {
	var firstErr error
	for ci, c := range chunks {
		if len(c) < 8 {
			return fmt.Errorf("chunk %d: too short", ci)
		}
		used := int(binary.LittleEndian.Uint32(c))
		if used < 8 || used > len(c) {
			return fmt.Errorf("chunk %d: used size %d out of range", ci, used)
		}
		for pos := 8; pos+8 <= used; {
			code := binary.LittleEndian.Uint32(c[pos:])
			size := int(binary.LittleEndian.Uint32(c[pos+4:]))
			if size < 8 || size%8 != 0 || pos+size > used {
				return fmt.Errorf("chunk %d offset %d: bad record size %d", ci, pos, size)
			}
			rec := c[pos : pos+size]
			pos += size
			if code >= uint32(len(handlers)) || handlers[code] == nil {
				d.warnOnce(code, "record type not replayed yet")
				continue
			}
			if err := handlers[code](d, rec); err != nil {
				if firstErr == nil {
					firstErr = err
				}
				d.log.Warn("record failed", zap.Uint32("record", code), zap.Error(err))
			}
		}
	}
	d.flush()
	d.draws.endFrame()
	for _, sc := range d.dumps {
		if err := d.dumpFront(d.dumpDir, sc); err != nil {
			d.log.Warn("frame dump failed", zap.Error(err))
		}
	}
	d.dumps = d.dumps[:0]
	return firstErr
}

// cmd returns the frame's command buffer.
func (d *Device) cmd() backend.CommandBuffer {
	if d.cur.cb == nil {
		d.cur.cb = d.queue.CommandBuffer()
	}
	return d.cur.cb
}

// flush commits the frame's commands and waits for them.
func (d *Device) flush() {
	d.endRenderPass()
	if d.cur.cb == nil {
		return
	}
	cb := d.cur.cb
	d.cur.cb = nil
	cb.Commit()
	cb.WaitUntilCompleted()
	if err := cb.Error(); err != nil {
		d.log.Error("command buffer failed", zap.Error(err))
	}
}
