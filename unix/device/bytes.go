package device

import (
	"mtld3d/shared"
	"mtld3d/unix/backend"
)

// Constant blocks past Metal's set*Bytes limit (backend.MaxBytesLength;
// bindConsts decides): fixed-function vertex constants with indexed
// vertex blending (some 34 KiB) and software vertex processing's 8192
// float constants (128 KiB); and UP draws' vertices and indices. They are
// carved from a transient buffer the frame's draws share, at offsets
// aligned as Metal wants constant-buffer offsets on every GPU family.

const (
	ringBytes = 1 << 20
	ringAlign = 256
)

// bytesRing is the frame's current carve-out buffer. It is stale once the
// transient list it was appended to has been handed off (endFrame, flush).
type bytesRing struct {
	buf  backend.Buffer
	at   int // its index in drawCache.transient
	used int
}

// carve copies data into the frame's ring and answers where it is.
func (d *Device) carve(data []byte) (backend.Buffer, int, bool) {
	c := &d.draws
	r := &c.ring
	off := (r.used + ringAlign - 1) &^ (ringAlign - 1)
	live := r.buf != nil && r.at < len(c.transient) && c.transient[r.at] == r.buf
	if !live || off+len(data) > r.buf.Length() {
		b, err := d.transientBuffer(max(ringBytes, len(data)))
		if err != nil {
			d.warnOnce(shared.RecordCode("Draw"), "no frame buffer for UP data or constants past Metal's set*Bytes limit: "+err.Error())
			return nil, 0, false
		}
		*r = bytesRing{buf: b, at: len(c.transient) - 1}
		off = 0
	}
	r.buf.Upload(off, data)
	r.used = off + len(data)
	return r.buf, off, true
}
