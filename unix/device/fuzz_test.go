package device

import (
	"encoding/binary"
	"testing"

	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend"
)

// FuzzFrame feeds a chunk of records (the fuzzer's bytes after the chunk
// header) through what SubmitFrame does with a frame: capture, which
// copies every guest range a record names (random addresses fault or
// read garbage; both must be survived), then replay on a fresh device.
// Nothing the guest sends may crash the process or hang it. Seeds: the
// frame built below, and testdata/fuzz/FuzzFrame: real-* are chunks the
// e2e programs submitted (record.dir; `make fuzz-corpus` rewrites them),
// the others inputs that once failed.
func FuzzFrame(f *testing.F) {
	for _, seed := range fuzzSeeds() {
		f.Add(seed)
	}
	// Lowered for the fuzz inputs only: the package's other tests run
	// after this one in the same binary.
	oldOwn, oldRes := ownLimit, backend.MaxResourceBytes
	ownLimit, backend.MaxResourceBytes = 1<<20, 64<<20
	f.Cleanup(func() { ownLimit, backend.MaxResourceBytes = oldOwn, oldRes })
	f.Fuzz(func(t *testing.T, body []byte) {
		if len(body) > shared.ChunkSize-8 {
			body = body[:shared.ChunkSize-8]
		}
		c := make([]byte, shared.ChunkSize)
		binary.LittleEndian.PutUint32(c, uint32(8+len(body)))
		copy(c[8:], body)
		d := newTestDevice(t)
		cs := newCaptureState()
		fr, err := cs.capture([]uint64{addr(c)})
		if err != nil {
			return
		}
		defer fr.release()
		_ = d.replay(fr.chunks)
		d.endFrame(fr.presents)
		d.flush()
	})
}

// fuzzSeeds are small frames that reach the main handlers: targets, a
// clear, state, a buffer draw, a UP draw, a texture upload and a present.
func fuzzSeeds() [][]byte {
	c := newChunk()
	setup(c, types.D3DFMT_A8R8G8B8)
	add(c, code("Clear"), shared.RecClear{Flags: 7, Color: 0xff336699, Z: 1})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_CULLMODE), Value: 1})
	add(c, code("SetFVF"), shared.RecSetFVF{FVF: uint32(types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE)})
	add(c, code("CreateBuffer"), shared.RecCreateBuffer{ID: 10, Size: 60})
	add(c, code("SetStreamSource"), shared.RecSetStreamSource{Stream: 0, Buffer: 10, Stride: 20})
	add(c, code("Draw"), shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1})
	up := make([]byte, 60)
	add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1,
		Stride: 20, VertexBytes: 60}, up...)
	add(c, code("CreateTexture"), shared.RecCreateTexture{ID: 30, Type: uint32(types.D3DRTYPE_TEXTURE),
		Format: uint32(types.D3DFMT_A8R8G8B8), Width: 4, Height: 4, Depth: 1, Levels: 1})
	add(c, code("Present"), shared.RecPresent{SwapChain: 9, BackBuffer: 1})
	b := c.bytes()
	used := binary.LittleEndian.Uint32(b)
	return [][]byte{b[8:used]}
}
