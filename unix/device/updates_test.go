package device

import (
	"runtime"
	"testing"

	"mtld3d/shared"
	"mtld3d/types"
)

// streamFrame starts a frame drawing from a 120-byte buffer 20 (two
// triangles of XYZRHW|DIFFUSE vertices) on an 8x8 target: the buffer
// holds both, the first is drawn (so an update after it finds the
// storage in use).
func streamFrame(both []byte) *chunk {
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff000000})
	add(c, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: 0})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_CULLMODE), Value: uint32(types.D3DCULL_NONE)})
	add(c, code("CreateBuffer"), shared.RecCreateBuffer{ID: 20, Size: 120, Usage: types.D3DUSAGE_DYNAMIC})
	add(c, code("SetStreamSource"), shared.RecSetStreamSource{Stream: 0, Buffer: 20, Stride: 20})
	add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 20, Size: 120, Src: addr(both)})
	add(c, code("Draw"), shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1})
	return c
}

// tri is a triangle over the left half of an 8x8 target from x0.
func tri(x0 float32, color uint32) []byte {
	var b []byte
	for _, v := range [][2]float32{{x0, 0}, {x0 + 4, 0}, {x0, 8}} {
		b = append(b, vtx(v[0], v[1], 0.5, color)...)
	}
	return b
}

// updateInUse replays streamFrame(both), leaving its frame open, then u
// (its source src) and dr as the rest of the frame; it reports whether
// buffer 20 took other storage and how many bytes the update moved.
func updateInUse(t *testing.T, d *Device, both, src []byte, u shared.RecUpdateBuffer, dr shared.RecDraw) (renamed bool, moved uint64) {
	t.Helper()
	if err := d.replay([][]byte{streamFrame(both).bytes()}); err != nil {
		t.Fatal(err)
	}
	old, copied := d.buffers[20].buf, d.updates.copied
	c := newChunk()
	u.ID, u.Src = 20, addr(src)
	add(c, code("UpdateBuffer"), u)
	add(c, code("Draw"), dr)
	if err := d.Replay([][]byte{c.bytes()}); err != nil {
		t.Fatal(err)
	}
	runtime.KeepAlive(both)
	runtime.KeepAlive(src)
	return d.buffers[20].buf != old, d.updates.copied - copied
}

// wantRGB checks pixel (x, y) of the 8x8 target.
func wantRGB(t *testing.T, d *Device, x, y int, want uint32, what string) {
	t.Helper()
	if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, x, y); got&0xffffff != want {
		t.Errorf("%s: %#x, want %#06x", what, got, want)
	}
}

// DISCARD of a buffer a draw of the frame reads: the buffer takes other
// storage and copies nothing of the old (the update's own bytes only);
// the first draw still reads the old contents, the second the new.
func TestDiscardOrphansWithoutCopy(t *testing.T) {
	d := newTestDevice(t)
	both := append(tri(0, 0xffff0000), tri(4, 0xff00ff00)...)
	renamed, moved := updateInUse(t, d, both, tri(4, 0xff0000ff), shared.RecUpdateBuffer{Size: 60, Flags: types.D3DLOCK_DISCARD},
		shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1})
	if !renamed {
		t.Error("DISCARD of a buffer in use wrote into the storage a pending draw reads")
	}
	if moved != 60 {
		t.Errorf("DISCARD moved %d bytes, want the update's 60", moved)
	}
	wantRGB(t, d, 1, 2, 0xff0000, "first draw (the contents before the DISCARD)")
	wantRGB(t, d, 5, 2, 0x0000ff, "second draw (the DISCARD's contents)")
}

// NOOVERWRITE writes in place, whatever reads the buffer: no rename, no
// copy beyond the update.
func TestNoOverwriteWritesInPlace(t *testing.T) {
	d := newTestDevice(t)
	both := append(tri(0, 0xffff0000), tri(4, 0xff00ff00)...)
	renamed, moved := updateInUse(t, d, both, tri(4, 0xff0000ff), shared.RecUpdateBuffer{Offset: 60, Size: 60, Flags: types.D3DLOCK_NOOVERWRITE},
		shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), StartVertex: 3, PrimCount: 1})
	if renamed {
		t.Error("NOOVERWRITE renamed the buffer")
	}
	if moved != 60 {
		t.Errorf("NOOVERWRITE moved %d bytes, want the update's 60", moved)
	}
	wantRGB(t, d, 1, 2, 0xff0000, "first draw")
	wantRGB(t, d, 5, 2, 0x0000ff, "appended draw")
}

// A plain partial update of a buffer in use renames it and copies only
// the bytes the update leaves; the draw after it reads the new bytes and
// the kept ones.
func TestPlainUpdateCopiesOnlyTheRest(t *testing.T) {
	d := newTestDevice(t)
	both := append(tri(0, 0xffff0000), tri(4, 0xff00ff00)...)
	renamed, moved := updateInUse(t, d, both, tri(0, 0xff0000ff), shared.RecUpdateBuffer{Size: 60},
		shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 2})
	if !renamed {
		t.Error("a plain update wrote into the storage a pending draw reads")
	}
	if moved != 120 {
		t.Errorf("plain update moved %d bytes, want 60 written and 60 kept", moved)
	}
	wantRGB(t, d, 1, 2, 0x0000ff, "updated triangle")
	wantRGB(t, d, 6, 2, 0x00ff00, "kept triangle")
}

// Storage a rename gave up is reused once the draws that read it have
// run: a DISCARD per frame settles on no new buffers.
func TestRenamedStorageIsReused(t *testing.T) {
	d := newTestDevice(t)
	both := append(tri(0, 0xffff0000), tri(4, 0xff00ff00)...)
	if err := d.Replay([][]byte{streamFrame(both).bytes()}); err != nil {
		t.Fatal(err)
	}
	frame := newChunk()
	for range 2 { // two wraps a frame, each finding the storage in use after the first
		add(frame, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 20, Size: 120, Flags: types.D3DLOCK_DISCARD, Src: addr(both)})
		add(frame, code("Draw"), shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 2})
	}
	for range 2 {
		if err := d.Replay([][]byte{frame.bytes()}); err != nil {
			t.Fatal(err)
		}
	}
	fresh := d.updates.fresh
	for range 4 {
		if err := d.Replay([][]byte{frame.bytes()}); err != nil {
			t.Fatal(err)
		}
	}
	runtime.KeepAlive(both)
	if d.updates.fresh != fresh {
		t.Errorf("%d new buffers in four frames of the same pattern, want 0", d.updates.fresh-fresh)
	}
	if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, 6, 2); got&0xffffff != 0x00ff00 {
		t.Errorf("draw %#x, want green", got)
	}
}

// A texture level relocked within one frame: the guest keeps each
// version its records name (versioned guest copies), so each draw
// samples the version recorded before it. Level 1 of a 2x2 texture is
// sampled (SetLOD 1) by three draws, red, green, then blue.
func TestTextureRelockVersions(t *testing.T) {
	d := newTestDevice(t)
	red, green, blue := []byte{0, 0, 0xff, 0xff}, []byte{0, 0xff, 0, 0xff}, []byte{0xff, 0, 0, 0xff} // A8R8G8B8
	top := append(append(append(append([]byte{}, red...), red...), red...), red...)
	strip := func(x0 float32) []byte {
		var b []byte
		for _, v := range [][2]float32{{x0, 0}, {x0 + 2, 0}, {x0, 8}, {x0 + 2, 8}} {
			b = append(b, vtx(v[0], v[1], 0.5, 0xffffffff)...)
			b = append(b, make([]byte, 8)...)
		}
		return b
	}
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff000000})
	add(c, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE | types.D3DFVF_TEX1})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: 0})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_CULLMODE), Value: uint32(types.D3DCULL_NONE)})
	add(c, code("CreateTexture"), shared.RecCreateTexture{ID: 30, Type: uint32(types.D3DRTYPE_TEXTURE),
		Format: uint32(types.D3DFMT_A8R8G8B8), Width: 2, Height: 2, Depth: 1, Levels: 2, Pool: uint32(types.D3DPOOL_MANAGED)})
	add(c, code("SetTextureLOD"), shared.RecSetTextureLOD{ID: 30, LOD: 1})
	add(c, code("SetTexture"), shared.RecSetTexture{Sampler: 0, Texture: 30})
	add(c, code("UpdateTexture"), shared.RecUpdateTexture{ID: 30, Right: 2, Bottom: 2, Back: 1, Pitch: 8, Src: addr(top)})
	var keep [][]byte
	for i, version := range [][]byte{red, green, blue} {
		add(c, code("UpdateTexture"), shared.RecUpdateTexture{ID: 30, Level: 1, Right: 1, Bottom: 1, Back: 1, Pitch: 4, Src: addr(version)})
		s := strip(float32(2 * i))
		keep = append(keep, s)
		add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLESTRIP), PrimCount: 2, Stride: 28,
			VertexBytes: uint32(len(s))}, s...)
	}
	replay(t, d, c)
	runtime.KeepAlive([][]byte{red, green, blue, top})
	runtime.KeepAlive(keep)
	for i, want := range []uint32{0xff0000, 0x00ff00, 0x0000ff} {
		if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, 2*i, 4); got&0xffffff != want {
			t.Errorf("draw %d: %#x, want %#x", i, got&0xffffff, want)
		}
	}
}

// Storage given up within a frame is not handed out again while that
// frame's draws may read it: three DISCARD writes of one buffer, a draw
// after each, draw three colours from three distinct storages.
func TestSpareInUseIsNotReused(t *testing.T) {
	d := newTestDevice(t)
	both := append(tri(0, 0xffff0000), tri(4, 0xff00ff00)...)
	if err := d.Replay([][]byte{streamFrame(both).bytes()}); err != nil {
		t.Fatal(err)
	}
	// A frame that leaves spares behind, completed: they are free for the next.
	warm := newChunk()
	for range 3 {
		add(warm, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 20, Size: 120, Flags: types.D3DLOCK_DISCARD, Src: addr(both)})
		add(warm, code("Draw"), shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 2})
	}
	if err := d.Replay([][]byte{warm.bytes()}); err != nil {
		t.Fatal(err)
	}
	c := newChunk()
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff000000})
	var keep [][]byte
	for i, color := range []uint32{0xffff0000, 0xff00ff00, 0xff0000ff} {
		v := tri(float32(3*i), color)
		keep = append(keep, v)
		add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 20, Size: 60, Flags: types.D3DLOCK_DISCARD, Src: addr(v)})
		add(c, code("Draw"), shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1})
	}
	seen := map[any]bool{}
	if err := d.replay([][]byte{c.bytes()}); err != nil {
		t.Fatal(err)
	}
	seen[d.buffers[20].buf] = true
	for _, s := range d.spares {
		if pending(s.usedBy) {
			if seen[s.buf] {
				t.Error("a spare a pending draw reads is also the buffer's storage")
			}
			seen[s.buf] = true
		}
	}
	if len(seen) != 3 {
		t.Errorf("%d distinct storages behind three DISCARD writes drawn in one frame, want 3", len(seen))
	}
	d.endFrame(0)
	d.flush()
	runtime.KeepAlive(both)
	runtime.KeepAlive(keep)
	for i, want := range []uint32{0xff0000, 0x00ff00, 0x0000ff} {
		if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, 3*i, 1); got&0xffffff != want {
			t.Errorf("draw %d: %#x, want %#x", i, got&0xffffff, want)
		}
	}
}
