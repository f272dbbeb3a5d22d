package device

import (
	"runtime"
	"testing"
	"unsafe"

	"go.uber.org/zap"

	"mtld3d/core/format"
	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend/reference"
)

// The draw path's per-draw cost on the reference backend: a frame of
// drawsPerFrame small draws of one kind is replayed per iteration, and
// ns/draw and allocs/draw are reported (the backend's own work included;
// -benchmem's per-op figures are per frame).
const drawsPerFrame = 64

func benchDraws(b *testing.B, record func(c *chunk, keep *[][]byte)) {
	d, err := New(reference.New(), format.Target{AppleGPU: true})
	if err != nil {
		b.Fatal(err)
	}
	d.log = zap.NewNop()
	defer d.Release()
	var keep [][]byte
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_LIGHTING), Value: 0})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: 0})
	add(c, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE})
	record(c, &keep)
	frame := [][]byte{c.bytes()}
	if err := d.Replay(frame); err != nil { // builds the functions and pipelines
		b.Fatal(err)
	}
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	b.ResetTimer()
	for range b.N {
		if err := d.Replay(frame); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	runtime.ReadMemStats(&m1)
	runtime.KeepAlive(keep)
	n := float64(b.N * drawsPerFrame)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/draw")
	b.ReportMetric(float64(m1.Mallocs-m0.Mallocs)/n, "allocs/draw")
}

// A one-pixel triangle, so the backend's rasterisation stays small.
func tinyTriangle() []byte {
	var v []byte
	v = append(v, vtx(0, 0, 0.5, 0xffff0000)...)
	v = append(v, vtx(2, 0, 0.5, 0xffff0000)...)
	v = append(v, vtx(0, 2, 0.5, 0xffff0000)...)
	return v
}

func BenchmarkDrawUP(b *testing.B) {
	benchDraws(b, func(c *chunk, _ *[][]byte) {
		v := tinyTriangle()
		for range drawsPerFrame {
			add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1, Stride: 20, VertexBytes: uint32(len(v))}, v...)
		}
	})
}

func BenchmarkDrawIndexed(b *testing.B) {
	benchDraws(b, func(c *chunk, keep *[][]byte) {
		v := tinyTriangle()
		idx := []byte{0, 0, 1, 0, 2, 0, 0, 0}
		*keep = append(*keep, v, idx)
		add(c, code("CreateBuffer"), shared.RecCreateBuffer{ID: 20, Size: uint32(len(v))})
		add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 20, Size: uint32(len(v)), Src: uint64(uintptr(unsafe.Pointer(&v[0])))})
		add(c, code("CreateBuffer"), shared.RecCreateBuffer{ID: 21, Size: uint32(len(idx)), Format: uint32(types.D3DFMT_INDEX16)})
		add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 21, Size: uint32(len(idx)), Src: uint64(uintptr(unsafe.Pointer(&idx[0])))})
		add(c, code("SetStreamSource"), shared.RecSetStreamSource{Stream: 0, Buffer: 20, Stride: 20})
		add(c, code("SetIndices"), shared.RecSetObject{Object: 21})
		for range drawsPerFrame {
			add(c, code("DrawIndexed"), shared.RecDrawIndexed{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), NumVertices: 3, PrimCount: 1})
		}
	})
}

func BenchmarkDrawFan(b *testing.B) {
	benchDraws(b, func(c *chunk, keep *[][]byte) {
		v := tinyTriangle()
		v = append(v, vtx(1, 2, 0.5, 0xffff0000)...)
		*keep = append(*keep, v)
		add(c, code("CreateBuffer"), shared.RecCreateBuffer{ID: 20, Size: uint32(len(v))})
		add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 20, Size: uint32(len(v)), Src: uint64(uintptr(unsafe.Pointer(&v[0])))})
		add(c, code("SetStreamSource"), shared.RecSetStreamSource{Stream: 0, Buffer: 20, Stride: 20})
		for range drawsPerFrame {
			add(c, code("Draw"), shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLEFAN), PrimCount: 2})
		}
	})
}
