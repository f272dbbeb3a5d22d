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
