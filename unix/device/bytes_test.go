package device

import (
	"bytes"
	"testing"

	"mtld3d/unix/backend"
)

// bytesEncoder records how constant blocks were bound.
type bytesEncoder struct {
	backend.RenderCommandEncoder
	setBytes []int // lengths through set*Bytes
	bufs     []backend.Buffer
	offsets  []int
}

func (e *bytesEncoder) SetVertexBytes(data []byte, _ int) { e.setBytes = append(e.setBytes, len(data)) }
func (e *bytesEncoder) SetVertexBuffer(b backend.Buffer, off, _ int) {
	e.bufs, e.offsets = append(e.bufs, b), append(e.offsets, off)
}

// Blocks up to Metal's 4 KiB go through setVertexBytes; larger ones share
// the frame's ring at 256-byte aligned offsets, holding their bytes; a new
// frame takes a new ring.
func TestLargeConstantBlocksComeFromABuffer(t *testing.T) {
	d, _ := newCountingDevice(t)
	rec := &bytesEncoder{}
	enc := &passEncoder{RenderCommandEncoder: rec}
	small := make([]byte, backend.MaxBytesLength)
	big1 := bytes.Repeat([]byte{1}, 34688) // fixed function with indexed vertex blending
	big2 := bytes.Repeat([]byte{2}, 8192*16)
	d.bindConsts(enc, vertexStage, small, 0, nil, 0)
	d.bindConsts(enc, vertexStage, big1, 0, nil, 0)
	d.bindConsts(enc, vertexStage, big2, 0, nil, 0)
	if len(rec.setBytes) != 1 || rec.setBytes[0] != len(small) {
		t.Fatalf("set*Bytes calls %v, want one of %d bytes", rec.setBytes, len(small))
	}
	if len(rec.bufs) != 2 || rec.bufs[0] != rec.bufs[1] {
		t.Fatalf("large blocks bound from %d buffers, want one ring", len(rec.bufs))
	}
	if rec.offsets[0]%ringAlign != 0 || rec.offsets[1]%ringAlign != 0 || rec.offsets[1] < rec.offsets[0]+len(big1) {
		t.Fatalf("offsets %v", rec.offsets)
	}
	got := rec.bufs[0].Contents()
	if !bytes.Equal(got[rec.offsets[0]:][:len(big1)], big1) || !bytes.Equal(got[rec.offsets[1]:][:len(big2)], big2) {
		t.Error("ring does not hold the blocks")
	}
	d.endFrame(0)
	d.bindConsts(enc, vertexStage, big1, 0, nil, 0)
	if rec.bufs[2] == rec.bufs[0] || rec.offsets[2] != 0 {
		t.Error("a new frame carved from the last frame's ring")
	}
}
