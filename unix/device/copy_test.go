package device

import (
	"testing"

	"mtld3d/shared"
	"mtld3d/types"
)

// A multisampled surface's rectangle goes into part of a larger surface:
// resolved whole first, then copied (same size) or scaled.
func TestStretchRectResolvesSubRectangles(t *testing.T) {
	d := newTestDevice(t)
	c := newChunk()
	add(c, code("CreateSurface"), shared.RecCreateSurface{ID: 1, Kind: shared.SurfaceRenderTarget, Width: 8, Height: 8,
		Format: uint32(types.D3DFMT_A8R8G8B8), Multisample: 4})
	add(c, code("CreateSurface"), shared.RecCreateSurface{ID: 2, Kind: shared.SurfaceRenderTarget, Width: 16, Height: 16,
		Format: uint32(types.D3DFMT_A8R8G8B8)})
	add(c, code("SetRenderTarget"), shared.RecSetRenderTarget{Slot: 0, Surface: 2})
	add(c, code("SetViewport"), shared.RecSetViewport{Width: 16, Height: 16, MaxZ: 1})
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff000000})
	add(c, code("SetRenderTarget"), shared.RecSetRenderTarget{Slot: 0, Surface: 1})
	add(c, code("SetViewport"), shared.RecSetViewport{Width: 8, Height: 8, MaxZ: 1})
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff20c040})
	// Same size: the 4x4 top-left of the source to (8,8).
	add(c, code("StretchRect"), shared.RecStretchRect{Src: 1, Dst: 2, SrcRight: 4, SrcBottom: 4,
		DstLeft: 8, DstTop: 8, DstRight: 12, DstBottom: 12, Filter: uint32(types.D3DTEXF_POINT)})
	// Scaled: the whole source into a 2x2 at (0,0).
	add(c, code("StretchRect"), shared.RecStretchRect{Src: 1, Dst: 2, SrcRight: 8, SrcBottom: 8,
		DstRight: 2, DstBottom: 2, Filter: uint32(types.D3DTEXF_LINEAR)})
	replay(t, d, c)
	for _, tc := range []struct {
		x, y int
		want uint32
	}{{9, 9, 0xff20c040}, {11, 11, 0xff20c040}, {12, 12, 0xff000000}, {1, 1, 0xff20c040}, {2, 2, 0xff000000}, {5, 5, 0xff000000}} {
		if got := pixel(t, d, 2, types.D3DFMT_A8R8G8B8, 16, 16, tc.x, tc.y); got != tc.want {
			t.Errorf("(%d,%d) = %#x, want %#x", tc.x, tc.y, got, tc.want)
		}
	}
}

// StretchRect reads and writes multisampled surfaces at any size: a
// multisampled source resolves before it is scaled, a multisampled
// destination is drawn into (every sample of each pixel).
func TestStretchRectMultisampled(t *testing.T) {
	d := newTestDevice(t)
	c := newChunk()
	for id, ms := range map[uint32]uint32{1: 2, 2: 2, 3: 0} {
		add(c, code("CreateSurface"), shared.RecCreateSurface{ID: id, Kind: shared.SurfaceRenderTarget, Width: 16, Height: 16,
			Format: uint32(types.D3DFMT_A8R8G8B8), Multisample: ms})
	}
	add(c, code("SetRenderTarget"), shared.RecSetRenderTarget{Slot: 0, Surface: 1})
	add(c, code("SetViewport"), shared.RecSetViewport{Width: 16, Height: 16, MaxZ: 1})
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff00ff00})
	add(c, code("SetRenderTarget"), shared.RecSetRenderTarget{Slot: 0, Surface: 3})
	add(c, code("ColorFill"), shared.RecColorFill{Surface: 3, Color: 0xffffffff, Right: 16, Bottom: 16})
	// the whole of 1 into the top-left quarter of 3
	add(c, code("StretchRect"), shared.RecStretchRect{Src: 1, Dst: 3, SrcRight: 16, SrcBottom: 16, DstRight: 8, DstBottom: 8})
	replay(t, d, c)
	for _, tc := range []struct {
		x, y int
		want uint32
	}{{4, 4, 0xff00ff00}, {12, 12, 0xffffffff}} {
		if got := pixel(t, d, 3, types.D3DFMT_A8R8G8B8, 16, 16, tc.x, tc.y); got != tc.want {
			t.Errorf("resolved and scaled: (%d,%d) = %#x, want %#x", tc.x, tc.y, got, tc.want)
		}
	}
	// 3 (red left half, blue right) into the top-left quarter of 1, then
	// that quarter of 1 over the whole of 3.
	c = newChunk()
	add(c, code("ColorFill"), shared.RecColorFill{Surface: 3, Color: 0xff0000ff, Right: 16, Bottom: 16})
	add(c, code("ColorFill"), shared.RecColorFill{Surface: 3, Color: 0xffff0000, Right: 8, Bottom: 16})
	add(c, code("StretchRect"), shared.RecStretchRect{Src: 3, Dst: 1, SrcRight: 16, SrcBottom: 16, DstRight: 8, DstBottom: 8})
	add(c, code("ColorFill"), shared.RecColorFill{Surface: 3, Color: 0xffffffff, Right: 16, Bottom: 16})
	add(c, code("StretchRect"), shared.RecStretchRect{Src: 1, Dst: 3, SrcRight: 8, SrcBottom: 8, DstRight: 16, DstBottom: 16})
	// and 1's quarter over the whole of 2, which resolves into 3
	add(c, code("StretchRect"), shared.RecStretchRect{Src: 1, Dst: 2, SrcRight: 8, SrcBottom: 8, DstRight: 16, DstBottom: 16})
	replay(t, d, c)
	for _, tc := range []struct {
		x, y int
		want uint32
	}{{2, 2, 0xffff0000}, {13, 13, 0xff0000ff}} {
		if got := pixel(t, d, 3, types.D3DFMT_A8R8G8B8, 16, 16, tc.x, tc.y); got != tc.want {
			t.Errorf("through a multisampled destination: (%d,%d) = %#x, want %#x", tc.x, tc.y, got, tc.want)
		}
	}
	c = newChunk()
	add(c, code("StretchRect"), shared.RecStretchRect{Src: 2, Dst: 3, SrcRight: 16, SrcBottom: 16, DstRight: 16, DstBottom: 16})
	replay(t, d, c)
	if got := pixel(t, d, 3, types.D3DFMT_A8R8G8B8, 16, 16, 13, 13); got != 0xff0000ff {
		t.Errorf("between multisampled surfaces: (13,13) = %#x, want %#x", got, uint32(0xff0000ff))
	}
}
