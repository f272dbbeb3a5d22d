package device

import (
	"runtime"
	"testing"

	"go.uber.org/zap"

	"mtld3d/core/format"
	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend/reference"
)

// What resource updates cost the unix side, per frame, through the whole
// of SubmitFrame (capture, replay, the command buffer's run) on the
// reference backend: ns/frame, copied-B/frame (every byte the CPU moved
// for the updates: into backend storage, contents kept by a rename,
// conversion and staging copies; updateStats), newbuf/frame (backend
// buffers made to rename one in use) and submits/frame (SubmitFrame
// calls: each is a crossing from the game's thread and ends the open
// render pass and command buffer). `make bench-updates` runs them.

// benchUpdates submits the setup frame once, then the frame's submits
// per iteration.
func benchUpdates(b *testing.B, setup *chunk, submits [][]*chunk, keep [][]byte) {
	d, err := New(reference.New(), format.Target{AppleGPU: true})
	if err != nil {
		b.Fatal(err)
	}
	d.log = zap.NewNop()
	defer d.Release()
	sb := setup.bytes()
	if err := d.Submit([]uint64{addr(sb)}); err != nil {
		b.Fatal(err)
	}
	var addrs [][]uint64
	for _, s := range submits {
		var a []uint64
		for _, c := range s {
			bs := c.bytes()
			keep = append(keep, bs)
			a = append(a, addr(bs))
		}
		addrs = append(addrs, a)
	}
	frame := func() {
		for _, a := range addrs {
			if err := d.Submit(a); err != nil {
				b.Fatal(err)
			}
		}
	}
	frame() // builds the functions and pipelines, fills the pools
	u0 := d.updates
	b.ResetTimer()
	for range b.N {
		frame()
	}
	b.StopTimer()
	runtime.KeepAlive(keep)
	n := float64(b.N)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/frame")
	b.ReportMetric(float64(d.updates.copied-u0.copied)/n, "copied-B/frame")
	b.ReportMetric(float64(d.updates.fresh-u0.fresh)/n, "newbuf/frame")
	b.ReportMetric(float64(len(submits)), "submits/frame")
}

// chunks spreads records over chunks as the guest's arena does.
type chunks struct{ list []*chunk }

func (cs *chunks) cur() *chunk {
	if len(cs.list) == 0 || len(cs.list[len(cs.list)-1].b) > shared.ChunkSize-256 {
		cs.list = append(cs.list, newChunk())
	}
	return cs.list[len(cs.list)-1]
}

// The streaming pattern of imgui and sprite batchers: a dynamic vertex
// and index buffer written from the start with DISCARD, then appended
// to with NOOVERWRITE, a draw after each write; the buffers wrap
// (DISCARD again) streamWraps times a frame, so each DISCARD finds the
// storage read by draws not yet run.
const (
	streamVB      = 256 << 10
	streamIB      = 64 << 10
	streamWraps   = 4
	streamAppends = 8   // writes per wrap, the first with DISCARD
	streamVerts   = 240 // vertices per write (20 bytes each)
	streamIndices = 360 // 16-bit indices per write
)

func BenchmarkStreamingVB(b *testing.B) {
	setup := unlitTarget()
	add(setup, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE})
	add(setup, code("CreateBuffer"), shared.RecCreateBuffer{ID: 20, Size: streamVB, Usage: types.D3DUSAGE_DYNAMIC})
	add(setup, code("CreateBuffer"), shared.RecCreateBuffer{ID: 21, Size: streamIB, Usage: types.D3DUSAGE_DYNAMIC,
		Format: uint32(types.D3DFMT_INDEX16)})
	add(setup, code("SetStreamSource"), shared.RecSetStreamSource{Stream: 0, Buffer: 20, Stride: 20})
	add(setup, code("SetIndices"), shared.RecSetObject{Object: 21})

	var verts, idx []byte
	for len(verts) < streamVerts*20 {
		verts = append(verts, tinyTriangle()...)
	}
	for len(idx) < streamIndices*2 {
		idx = append(idx, 0, 0, 1, 0, 2, 0)
	}
	var cs chunks
	for range streamWraps {
		for a := range streamAppends {
			flags := uint32(types.D3DLOCK_NOOVERWRITE)
			if a == 0 {
				flags = uint32(types.D3DLOCK_DISCARD)
			}
			voff, ioff := uint32(a*len(verts)), uint32(a*len(idx))
			add(cs.cur(), code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 20, Offset: voff, Size: uint32(len(verts)),
				Flags: flags, Src: addr(verts)})
			add(cs.cur(), code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 21, Offset: ioff, Size: uint32(len(idx)),
				Flags: flags, Src: addr(idx)})
			add(cs.cur(), code("DrawIndexed"), shared.RecDrawIndexed{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST),
				BaseVertex: int32(a * streamVerts), NumVertices: 3, StartIndex: ioff / 2, PrimCount: 1})
		}
	}
	benchUpdates(b, setup, [][]*chunk{cs.list}, [][]byte{verts, idx})
}

// A managed texture's mip chain uploaded level by level (D3DX's loaders,
// a streaming texture pool): Unlock of level 0 records every level (the
// game may write them through its pointer), each later level's Unlock
// records that level again. Before, the guest's relock of a texture
// recorded this frame submitted what was recorded (flush-per-level);
// with versioned guest copies the whole chain is one submit (versioned).
// mipTextures chains a frame, then one draw sampling the last.
const (
	mipSize     = 256
	mipLevels   = 9
	mipTextures = 4
)

func BenchmarkMipChainUpload(b *testing.B) {
	levels := make([][]byte, mipLevels)
	for l := range levels {
		w := max(mipSize>>l, 1)
		levels[l] = make([]byte, w*w*4)
	}
	update := func(c *chunk, id uint32, l int) {
		w := uint32(max(mipSize>>l, 1))
		add(c, code("UpdateTexture"), shared.RecUpdateTexture{ID: id, Level: uint32(l), Right: w, Bottom: w, Back: 1,
			Pitch: w * 4, Src: addr(levels[l])})
	}
	setup := unlitTarget()
	add(setup, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE | types.D3DFVF_TEX1})
	for i := range mipTextures {
		add(setup, code("CreateTexture"), shared.RecCreateTexture{ID: uint32(30 + i), Type: uint32(types.D3DRTYPE_TEXTURE),
			Format: uint32(types.D3DFMT_A8R8G8B8), Width: mipSize, Height: mipSize, Depth: 1, Levels: mipLevels,
			Pool: uint32(types.D3DPOOL_MANAGED)})
	}
	var tri []byte
	for _, v := range [][2]float32{{0, 0}, {2, 0}, {0, 2}} {
		tri = append(tri, vtx(v[0], v[1], 0.5, 0xffffffff)...)
		tri = append(tri, make([]byte, 8)...)
	}
	draw := func(c *chunk) {
		add(c, code("SetTexture"), shared.RecSetTexture{Sampler: 0, Texture: 30 + mipTextures - 1})
		add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1, Stride: 28,
			VertexBytes: uint32(len(tri))}, tri...)
	}
	b.Run("flush-per-level", func(b *testing.B) {
		var submits [][]*chunk
		c := newChunk()
		for i := range mipTextures {
			id := uint32(30 + i)
			for l := range mipLevels {
				update(c, id, l) // level 0's unlock: all of them
			}
			for l := 1; l < mipLevels; l++ {
				submits = append(submits, []*chunk{c}) // the relock of level l flushes
				c = newChunk()
				update(c, id, l)
			}
		}
		draw(c)
		submits = append(submits, []*chunk{c})
		benchUpdates(b, setup, submits, append([][]byte{tri}, levels...))
	})
	b.Run("versioned", func(b *testing.B) {
		var cs chunks
		for i := range mipTextures {
			id := uint32(30 + i)
			for l := range mipLevels {
				update(cs.cur(), id, l)
			}
			for l := 1; l < mipLevels; l++ {
				update(cs.cur(), id, l)
			}
		}
		draw(cs.cur())
		benchUpdates(b, setup, [][]*chunk{cs.list}, append([][]byte{tri}, levels...))
	})
}

// unlitTarget starts a setup chunk: an 8x8 X8R8G8B8 target, lighting and
// depth off.
func unlitTarget() *chunk {
	c := newChunk()
	add(c, code("CreateSurface"), shared.RecCreateSurface{ID: 1, Kind: shared.SurfaceRenderTarget, Width: 8, Height: 8,
		Format: uint32(types.D3DFMT_X8R8G8B8)})
	add(c, code("SetRenderTarget"), shared.RecSetRenderTarget{Slot: 0, Surface: 1})
	add(c, code("SetViewport"), shared.RecSetViewport{Width: 8, Height: 8, MaxZ: 1})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_LIGHTING), Value: 0})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: 0})
	return c
}
