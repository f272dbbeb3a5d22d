package device

import (
	"encoding/binary"
	"errors"
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

// constClean marks the records that change none of what setConstants
// derives from device state (fixed-function constants and the draw
// state): after any other record the next draw rebuilds them. The list
// is short and safe rather than complete: a record missing here costs
// a rebuild, a record wrongly here would draw with stale constants.
var constClean [shared.MaxRecordCode]bool

func init() {
	for _, name := range []string{"Nop", "Draw", "DrawIndexed", "DrawUP", "SetTexture", "SetStreamSource",
		"SetStreamSourceFreq", "SetIndices", "SetFVF", "SetVertexDeclaration", "SetVertexShader", "SetPixelShader",
		"SetShaderConstF", "SetShaderConstI", "SetShaderConstB", "UpdateBuffer", "UpdateTexture", "SetScissor", "IssueQuery",
		"SetTransform"} { // which marks what it changes itself
		constClean[shared.RecordCode(name)] = true
	}
}

// drawOnly marks the records that change nothing a draw reads: the
// draws themselves (a UP draw's vertices are its own). Every other
// record makes the next draw take the whole path (redraw.go).
var drawOnly [shared.MaxRecordCode]bool

func init() {
	for _, name := range []string{"Nop", "Draw", "DrawIndexed", "DrawUP"} {
		drawOnly[shared.RecordCode(name)] = true
	}
}

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
	on("SurfaceDiscard", func(d *Device, r *shared.RecSurfaceDiscard, _ []byte) error {
		if s := d.objects[r.Surface]; s != nil && s.kind == shared.SurfaceDepthStencil {
			s.discard = true
		}
		return nil
	})
	on("DestroyObject", func(d *Device, r *shared.RecDestroyObject, _ []byte) error {
		d.destroyObject(r.ID)
		return nil
	})
	on("Present", (*Device).present)
	// The bound is kept where Submit enforces it, at capture.
	on("SetFrameLatency", func(*Device, *shared.RecSetFrameLatency, []byte) error { return nil })
	on("SetViewport", func(d *Device, r *shared.RecSetViewport, _ []byte) error {
		d.vp = *r
		// SetViewport takes any depth range; the depth it maps to is
		// D3D9's [0, 1], so the range is clamped to it (a pre-transformed
		// vertex's z beyond it clamps to 0 or 1, as Wine's depth_clamp_test
		// shows of Windows).
		clamp01 := func(v float32) float32 {
			if !(v > 0) {
				return 0
			}
			return min(v, 1)
		}
		d.vp.MinZ, d.vp.MaxZ = clamp01(r.MinZ), clamp01(r.MaxZ)
		return nil
	})
	on("SetScissor", func(d *Device, r *shared.RecSetScissor, _ []byte) error {
		d.scissor = *r
		return nil
	})
}

// frame is what the encoder has recorded since its last hand-off to the
// submit stage: one command buffer, made on first use, and the work that
// must wait for its completion.
type frame struct {
	cb backend.CommandBuffer
	// present is present-time work (frame dumps, drawables to show), run
	// by the presenter once the command buffer has completed.
	present []func()
}

// Replay runs the records of the given chunks in order on the calling
// goroutine and waits for the backend (tests and a device whose
// goroutines are not started). A malformed record ends the chunk with an
// error; nothing the guest sends can crash the process.
func (d *Device) Replay(chunks [][]byte) error {
	err := d.replay(chunks)
	d.endFrame(0)
	d.flush()
	return err
}

// replay runs the chunks' records. It reports the first error; each is
// logged, and a handler's panic is recovered and logged with its record.
func (d *Device) replay(chunks [][]byte) error {
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
			if code >= uint32(len(drawOnly)) || !drawOnly[code] {
				d.draws.stateGen++
			} else if isDrawRecord[code] {
				d.hud.draws++
			}
			if code >= uint32(len(handlers)) || handlers[code] == nil {
				d.warnOnce(code, "record type not replayed yet")
				continue
			}
			if !constClean[code] {
				d.draws.consts.dirty = true
			}
			if err := d.run(code, rec); err != nil {
				if firstErr == nil {
					firstErr = err
				}
				d.log.Warn("record failed", zap.Uint32("record", code), zap.Error(err))
				if errors.Is(err, errPanicked) {
					d.log.Error("before the panic", zap.Strings("last_records", lastRecords(chunks, ci, pos-size, shared.CrashRecords)),
						zap.String("state", d.stateSummary()))
				}
			}
		}
	}
	return firstErr
}

// run calls one record's handler; a panic becomes an error.
func (d *Device) run(code uint32, rec []byte) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("record %d: %w: %v", code, errPanicked, p)
			d.log.Error("record handler panicked", zap.Uint32("record", code), zap.Any("panic", p),
				zap.Stack("stack"))
		}
	}()
	return handlers[code](d, rec)
}

// cmd returns the frame's command buffer.
func (d *Device) cmd() backend.CommandBuffer {
	if d.cur.cb == nil {
		d.cur.cb = d.queue.CommandBuffer()
	}
	return d.cur.cb
}

// endFrame hands the frame's command buffer, its transient buffers and
// its present-time work to the submit stage, without waiting. presents
// counts the frame's Present records, for the frame-latency bound.
func (d *Device) endFrame(presents int) {
	d.endRenderPass()
	for _, sc := range d.dumps {
		d.queueDump(sc)
	}
	d.dumps = d.dumps[:0]
	s := submission{cb: d.cur.cb, transient: d.draws.transient, present: d.cur.present, presents: presents}
	d.cur = frame{}
	// The draw cache's end of frame (draw.go) runs over the transient
	// buffers of frames that have completed, not this one's, which the
	// GPU may still read.
	d.draws.transient = d.completedTransients()
	d.draws.endFrame()
	if s.cb == nil && len(s.transient) == 0 && len(s.present) == 0 && s.presents == 0 {
		return
	}
	d.submit(s)
}

// flush hands what the encoder has recorded to the submit stage and
// waits until every command buffer handed so far has completed: the
// backend's resources then hold what the frame wrote, for the CPU to
// read or overwrite.
func (d *Device) flush() {
	d.endRenderPass()
	if d.cur.cb != nil {
		s := submission{cb: d.cur.cb, transient: d.draws.transient, present: d.cur.present}
		d.cur = frame{}
		d.draws.transient = nil
		d.draws.epoch++ // the handed-off buffers are no longer this frame's
		d.submit(s)
	}
	d.waitSubmitted()
}
