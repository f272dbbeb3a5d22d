package device

import (
	"testing"

	"mtld3d/shared"
	"mtld3d/types"
)

// Constants are rebuilt only after records that may change them and sent
// only when the encoder holds others (setConstants): a state change
// between two draws of one pass must still reach the second, and a clear
// inside the pass (which binds its own bytes) must not leave the next
// draw with the clear's.
func TestConstantsFollowStateBetweenDraws(t *testing.T) {
	d := newTestDevice(t)
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET | types.D3DCLEAR_ZBUFFER, Color: 0xff000000, Z: 1})
	add(c, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_LIGHTING), Value: 0})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: 0})
	tss := func(s types.TextureStageStateType, v uint32) {
		add(c, code("SetTextureStageState"), shared.RecSetTextureStageState{Stage: 0, State: uint32(s), Value: v})
	}
	tss(types.D3DTSS_COLOROP, uint32(types.D3DTOP_SELECTARG1))
	tss(types.D3DTSS_COLORARG1, types.D3DTA_CONSTANT)
	tss(types.D3DTSS_CONSTANT, 0xffff0000)
	tri := func(pts [3][2]float32) {
		var data []byte
		for _, p := range pts {
			data = append(data, vtx(p[0], p[1], 0.5, 0xffffffff)...)
		}
		add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1, Stride: 20,
			VertexBytes: uint32(len(data))}, data...)
	}
	topLeft := [3][2]float32{{0, 0}, {8, 0}, {0, 8}}
	bottomRight := [3][2]float32{{8, 8}, {0, 8}, {8, 0}}
	tri(topLeft) // red
	tss(types.D3DTSS_CONSTANT, 0xff00ff00)
	tri(bottomRight) // green: the change reaches the pass's second draw
	replay(t, d, c)
	if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, 1, 1); got&0xffffff != 0xff0000 {
		t.Errorf("first draw: %#x, want red", got)
	}
	if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, 6, 6); got&0xffffff != 0x00ff00 {
		t.Errorf("second draw: %#x, want green", got)
	}

	c = newChunk()
	tri(topLeft)
	rect := u32s(4, 4, 8, 8)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff0000ff, Rects: 1}, rect...)
	tri(bottomRight) // still green, with the clear's bytes bound in between
	replay(t, d, c)
	if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, 6, 6); got&0xffffff != 0x00ff00 {
		t.Errorf("draw after a clear: %#x, want green", got)
	}
}
