package device

import (
	"testing"

	"mtld3d/shared"
	"mtld3d/types"
)

// blendOver draws a full-target triangle of colour src with the given
// blend factors over a target cleared to dst, and returns a pixel.
func blendOver(t *testing.T, f types.Format, dst, src uint32, rs map[types.RenderStateType]uint32) uint32 {
	d := newTestDevice(t)
	c := newChunk()
	setup(c, f)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: dst})
	add(c, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: 0})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ALPHABLENDENABLE), Value: 1})
	add(c, code("SetTextureStageState"), shared.RecSetTextureStageState{Stage: 0, State: uint32(types.D3DTSS_ALPHAOP), Value: uint32(types.D3DTOP_SELECTARG1)})
	add(c, code("SetTextureStageState"), shared.RecSetTextureStageState{Stage: 0, State: uint32(types.D3DTSS_ALPHAARG1), Value: uint32(types.D3DTA_DIFFUSE)})
	for k, v := range rs {
		add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(k), Value: v})
	}
	var data []byte
	data = append(data, vtx(0, 0, 0.5, src)...)
	data = append(data, vtx(16, 0, 0.5, src)...)
	data = append(data, vtx(0, 16, 0.5, src)...)
	add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1, Stride: 20,
		VertexBytes: uint32(len(data))}, data...)
	replay(t, d, c)
	return pixel(t, d, 1, f, 8, 8, 1, 1)
}

func TestBlendFactorState(t *testing.T) {
	// src * BLENDFACTOR + dst * 0: 0xff * 0x40/255 in red.
	got := blendOver(t, types.D3DFMT_A8R8G8B8, 0, 0xffff0000, map[types.RenderStateType]uint32{
		types.D3DRS_SRCBLEND: uint32(types.D3DBLEND_BLENDFACTOR), types.D3DRS_DESTBLEND: uint32(types.D3DBLEND_ZERO),
		types.D3DRS_BLENDFACTOR: 0x80400000})
	if got&0xffffff != 0x400000 {
		t.Errorf("BLENDFACTOR: %#x, want red 0x40", got)
	}
}

func TestDestAlphaOfTargetWithoutAlpha(t *testing.T) {
	// The X8R8G8B8 target was cleared with alpha 0; its alpha reads as 1.
	got := blendOver(t, types.D3DFMT_X8R8G8B8, 0x000000ff, 0xffff0000, map[types.RenderStateType]uint32{
		types.D3DRS_SRCBLEND: uint32(types.D3DBLEND_DESTALPHA), types.D3DRS_DESTBLEND: uint32(types.D3DBLEND_INVDESTALPHA)})
	if got&0xffffff != 0xff0000 {
		t.Errorf("DESTALPHA on X8R8G8B8: %#x, want the source's red alone", got)
	}
}
