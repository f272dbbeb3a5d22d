package device

import (
	"runtime"
	"testing"

	"mtld3d/shared"
	"mtld3d/types"
)

// BenchmarkCaptureFrame is what SubmitFrame costs the game's thread for a
// typical frame: 300 state records, 16 buffer updates of 4 KiB, four
// 64x64 texture uploads, 32 small UP draws and a Present, copied and
// released. Reported per frame, with allocations.
func BenchmarkCaptureFrame(b *testing.B) {
	cs := newCaptureState()
	setupFrame := newChunk()
	add(setupFrame, code("CreateTexture"), shared.RecCreateTexture{ID: 30, Type: uint32(types.D3DRTYPE_TEXTURE),
		Format: uint32(types.D3DFMT_A8R8G8B8), Width: 64, Height: 64, Depth: 1, Levels: 1})
	sb := setupFrame.bytes()
	if f, err := cs.capture([]uint64{addr(sb)}); err != nil {
		b.Fatal(err)
	} else {
		f.release()
	}
	vb, texels, up := make([]byte, 4096), make([]byte, 64*64*4), make([]byte, 4*20)
	var chunks []*chunk
	c := newChunk()
	next := func() {
		if len(c.b) > shared.ChunkSize-512 {
			chunks = append(chunks, c)
			c = newChunk()
		}
	}
	for i := range 300 {
		add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: uint32(i & 1)})
		next()
	}
	for range 16 {
		add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 20, Size: uint32(len(vb)), Src: addr(vb)})
		next()
	}
	for range 4 {
		add(c, code("UpdateTexture"), shared.RecUpdateTexture{ID: 30, Right: 64, Bottom: 64, Back: 1, Src: addr(texels), Pitch: 256})
		next()
	}
	for range 32 {
		add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1,
			Stride: 20, VertexBytes: uint32(len(up)) - 20, Data: addr(up)})
		next()
	}
	add(c, code("Present"), shared.RecPresent{SwapChain: 9, BackBuffer: 1})
	chunks = append(chunks, c)
	var keep [][]byte
	var addrs []uint64
	for _, c := range chunks {
		bs := c.bytes()
		keep = append(keep, bs)
		addrs = append(addrs, addr(bs))
	}
	benchCapture(b, &cs, addrs, 1, "ns/frame")
	runtime.KeepAlive(keep)
	runtime.KeepAlive([][]byte{vb, texels, up, sb})
}

// BenchmarkCaptureStateChunks is what handing over a long frame's chunks
// of small state records costs the game's thread: 16 full chunks of
// SetRenderState records (4,095 each), copied and walked. Reported per
// chunk.
func BenchmarkCaptureStateChunks(b *testing.B) {
	cs := newCaptureState()
	var keep [][]byte
	var addrs []uint64
	for range 16 {
		c := newChunk()
		for len(c.b)+16 <= shared.ChunkSize {
			add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: 1})
		}
		bs := c.bytes()
		keep = append(keep, bs)
		addrs = append(addrs, addr(bs))
	}
	benchCapture(b, &cs, addrs, len(addrs), "ns/chunk")
	runtime.KeepAlive(keep)
}

// benchCapture captures and releases the chunks at addrs b.N times and
// reports the time per unit (units a capture).
func benchCapture(b *testing.B, cs *captureState, addrs []uint64, units int, unit string) {
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		f, err := cs.capture(addrs)
		if err != nil {
			b.Fatal(err)
		}
		f.release()
	}
	b.StopTimer()
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(units), unit)
}
