package device

import (
	"runtime"
	"testing"
	"unsafe"

	"mtld3d/shared"
	"mtld3d/types"
)

// Draws run when the command buffer does, after the whole frame is
// replayed: an update of a buffer an earlier draw of the frame read must
// not change what that draw sees, unless the game promised (NOOVERWRITE)
// that it touches other bytes only.
func TestBufferUpdatesBetweenDraws(t *testing.T) {
	for _, noOverwrite := range []bool{false, true} {
		d := newTestDevice(t)
		// Two triangles' worth: the left half of the 8x8 target red, then
		// the right half green.
		var left, right []byte
		left = append(left, vtx(0, 0, 0.5, 0xffff0000)...)
		left = append(left, vtx(4, 0, 0.5, 0xffff0000)...)
		left = append(left, vtx(0, 8, 0.5, 0xffff0000)...)
		right = append(right, vtx(4, 0, 0.5, 0xff00ff00)...)
		right = append(right, vtx(8, 0, 0.5, 0xff00ff00)...)
		right = append(right, vtx(8, 8, 0.5, 0xff00ff00)...)
		c := newChunk()
		setup(c, types.D3DFMT_X8R8G8B8)
		add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff000000})
		add(c, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE})
		add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: 0})
		add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_CULLMODE), Value: uint32(types.D3DCULL_NONE)})
		add(c, code("CreateBuffer"), shared.RecCreateBuffer{ID: 20, Size: 120})
		add(c, code("SetStreamSource"), shared.RecSetStreamSource{Stream: 0, Buffer: 20, Stride: 20})
		add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 20, Size: 60, Src: uint64(uintptr(unsafe.Pointer(&left[0])))})
		add(c, code("Draw"), shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1})
		if noOverwrite {
			// Appended after what the first draw reads, in place.
			add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 20, Offset: 60, Size: 60,
				Flags: uint32(types.D3DLOCK_NOOVERWRITE), Src: uint64(uintptr(unsafe.Pointer(&right[0])))})
			add(c, code("Draw"), shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), StartVertex: 3, PrimCount: 1})
		} else {
			// The same bytes rewritten (DISCARD or a plain lock).
			add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 20, Size: 60, Src: uint64(uintptr(unsafe.Pointer(&right[0])))})
			add(c, code("Draw"), shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1})
		}
		replay(t, d, c)
		runtime.KeepAlive(left)
		runtime.KeepAlive(right)
		if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, 1, 2); got&0xffffff != 0xff0000 {
			t.Errorf("noOverwrite %v: first draw %#x, want red", noOverwrite, got)
		}
		if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, 6, 2); got&0xffffff != 0x00ff00 {
			t.Errorf("noOverwrite %v: second draw %#x, want green", noOverwrite, got)
		}
	}
}

// The same for a texture: drawn, then changed, then drawn again in one
// submit, the first draw samples what it held before the change.
func TestTextureUpdateBetweenDraws(t *testing.T) {
	d := newTestDevice(t)
	red, green := []byte{0, 0, 0xff, 0xff}, []byte{0, 0xff, 0, 0xff} // A8R8G8B8 in memory order
	tri := func(x0 float32) []byte {
		var b []byte
		for _, v := range [][2]float32{{x0, 0}, {x0 + 4, 0}, {x0, 8}} {
			b = append(b, vtx(v[0], v[1], 0.5, 0xffffffff)...)
			b = append(b, make([]byte, 8)...) // u, v = 0
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
		Format: uint32(types.D3DFMT_A8R8G8B8), Width: 1, Height: 1, Depth: 1, Levels: 1, Pool: uint32(types.D3DPOOL_MANAGED)})
	add(c, code("UpdateTexture"), shared.RecUpdateTexture{ID: 30, Right: 1, Bottom: 1, Back: 1, Pitch: 4,
		Src: uint64(uintptr(unsafe.Pointer(&red[0])))})
	add(c, code("SetTexture"), shared.RecSetTexture{Sampler: 0, Texture: 30})
	left, right := tri(0), tri(4)
	add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1, Stride: 28,
		VertexBytes: uint32(len(left))}, left...)
	add(c, code("UpdateTexture"), shared.RecUpdateTexture{ID: 30, Right: 1, Bottom: 1, Back: 1, Pitch: 4,
		Src: uint64(uintptr(unsafe.Pointer(&green[0])))})
	add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1, Stride: 28,
		VertexBytes: uint32(len(right))}, right...)
	replay(t, d, c)
	runtime.KeepAlive(red)
	runtime.KeepAlive(green)
	if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, 1, 2); got&0xffffff != 0xff0000 {
		t.Errorf("first draw %#x, want red", got)
	}
	if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, 5, 2); got&0xffffff != 0x00ff00 {
		t.Errorf("second draw %#x, want green", got)
	}
}

// A partial update of a buffer an earlier draw reads gives it fresh
// storage that keeps the bytes the update leaves: the second draw reads
// its new first triangle and the old second one.
func TestRenamedBufferKeepsTheRest(t *testing.T) {
	d := newTestDevice(t)
	tri := func(x0 float32, color uint32) []byte {
		var b []byte
		for _, v := range [][2]float32{{x0, 0}, {x0 + 4, 0}, {x0, 8}} {
			b = append(b, vtx(v[0], v[1], 0.5, color)...)
		}
		return b
	}
	both := append(tri(0, 0xffff0000), tri(4, 0xff00ff00)...)
	blue := tri(0, 0xff0000ff)
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff000000})
	add(c, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: 0})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_CULLMODE), Value: uint32(types.D3DCULL_NONE)})
	add(c, code("CreateBuffer"), shared.RecCreateBuffer{ID: 20, Size: 120})
	add(c, code("SetStreamSource"), shared.RecSetStreamSource{Stream: 0, Buffer: 20, Stride: 20})
	add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 20, Size: 120, Src: addr(both)})
	add(c, code("Draw"), shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1}) // reads the buffer
	add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 20, Size: 60, Src: addr(blue)})
	add(c, code("Draw"), shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 2})
	replay(t, d, c)
	runtime.KeepAlive(both)
	runtime.KeepAlive(blue)
	if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, 1, 2); got&0xffffff != 0x0000ff {
		t.Errorf("updated triangle %#x, want blue", got)
	}
	if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, 6, 2); got&0xffffff != 0x00ff00 {
		t.Errorf("kept triangle %#x, want green", got)
	}
}
