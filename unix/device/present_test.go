package device

import (
	"encoding/binary"
	"testing"

	"mtld3d/shared"
	"mtld3d/types"
)

// presentRec presents the whole w x h back buffer bb into the whole
// cw x ch client area, as Present with no rectangles does.
func presentRec(sc, bb uint32, w, h, cw, ch int) shared.RecPresent {
	return shared.RecPresent{SwapChain: sc, BackBuffer: bb, SrcRight: int32(w), SrcBottom: int32(h),
		DstRight: int32(cw), DstBottom: int32(ch), ClientWidth: uint32(cw), ClientHeight: uint32(ch)}
}

// quarters clears the 8x8 back buffer 1 to four colours: red top left,
// green top right, blue bottom left, white bottom right.
func quarters(c *chunk) {
	for i, col := range []uint32{0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffffff} {
		r := make([]byte, 16)
		x, y := int32(i%2*4), int32(i/2*4)
		for j, v := range []int32{x, y, x + 4, y + 4} {
			binary.LittleEndian.PutUint32(r[4*j:], uint32(v))
		}
		add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: col, Rects: 1}, r...)
	}
}

func frontPixel(t *testing.T, d *Device, sc uint32, w, h, x, y int) uint32 {
	t.Helper()
	return pixel(t, d, sc, types.D3DFMT_A8R8G8B8, w, h, x, y)
}

func TestPresentScalesToTheClientArea(t *testing.T) {
	d := newTestDevice(t)
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	quarters(c)
	add(c, code("Present"), presentRec(9, 1, 8, 8, 16, 16))
	replay(t, d, c)
	if f := d.front[9]; f == nil || f.width != 16 || f.height != 16 {
		t.Fatalf("the drawable is not the 16x16 client area: %+v", f)
	}
	// Away from the quarter edges the linear filter reads one colour.
	for _, tc := range []struct {
		x, y int
		want uint32
	}{{1, 1, 0xffff0000}, {14, 1, 0xff00ff00}, {1, 14, 0xff0000ff}, {14, 14, 0xffffffff}, {6, 6, 0xffff0000}} {
		if got := frontPixel(t, d, 9, 16, 16, tc.x, tc.y); got != tc.want {
			t.Errorf("(%d,%d) = %#x, want %#x", tc.x, tc.y, got, tc.want)
		}
	}
	// At the edge between red and green the filter blends them.
	if got := frontPixel(t, d, 9, 16, 16, 8, 1); got&0xff0000 == 0 || got&0xff00 == 0 {
		t.Errorf("(8,1) = %#x, want a red-green blend", got)
	}
}

func TestPresentRectanglesKeepTheRest(t *testing.T) {
	d := newTestDevice(t)
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff123456})
	add(c, code("Present"), presentRec(9, 1, 8, 8, 32, 32))
	quarters(c)
	// The green quarter, 1:1, at (20,2) of the client area; then the blue
	// quarter doubled into a rectangle that runs off the bottom right.
	r := shared.RecPresent{SwapChain: 9, BackBuffer: 1, SrcLeft: 4, SrcTop: 0, SrcRight: 8, SrcBottom: 4,
		DstLeft: 20, DstTop: 2, DstRight: 24, DstBottom: 6, ClientWidth: 32, ClientHeight: 32}
	add(c, code("Present"), r)
	r = shared.RecPresent{SwapChain: 9, BackBuffer: 1, SrcLeft: 0, SrcTop: 4, SrcRight: 4, SrcBottom: 8,
		DstLeft: 28, DstTop: 28, DstRight: 36, DstBottom: 36, ClientWidth: 32, ClientHeight: 32}
	add(c, code("Present"), r)
	replay(t, d, c)
	for _, tc := range []struct {
		x, y int
		want uint32
	}{{20, 2, 0xff00ff00}, {23, 5, 0xff00ff00}, {19, 2, 0xff123456}, {24, 5, 0xff123456}, {20, 6, 0xff123456},
		{0, 0, 0xff123456}, {29, 29, 0xff0000ff}, {31, 31, 0xff0000ff}, {27, 31, 0xff123456}} {
		if got := frontPixel(t, d, 9, 32, 32, tc.x, tc.y); got != tc.want {
			t.Errorf("(%d,%d) = %#x, want %#x", tc.x, tc.y, got, tc.want)
		}
	}
}

func TestPresentAfterResizeKeepsTheOverlap(t *testing.T) {
	d := newTestDevice(t)
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xffff0000})
	add(c, code("Present"), presentRec(9, 1, 8, 8, 8, 8))
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff00ff00})
	r := shared.RecPresent{SwapChain: 9, BackBuffer: 1, SrcRight: 8, SrcBottom: 8, DstLeft: 8, DstRight: 16, DstBottom: 8,
		ClientWidth: 16, ClientHeight: 12}
	add(c, code("Present"), r)
	replay(t, d, c)
	for _, tc := range []struct {
		x, y int
		want uint32
	}{{1, 1, 0xffff0000}, {9, 1, 0xff00ff00}, {1, 10, 0xff000000}} {
		if got := frontPixel(t, d, 9, 16, 12, tc.x, tc.y); got != tc.want {
			t.Errorf("(%d,%d) = %#x, want %#x", tc.x, tc.y, got, tc.want)
		}
	}
}

func TestFlipRotatesBackBuffers(t *testing.T) {
	d := newTestDevice(t)
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("CreateSurface"), shared.RecCreateSurface{ID: 3, Kind: shared.SurfaceRenderTarget, Width: 8, Height: 8, Format: uint32(types.D3DFMT_X8R8G8B8)})
	ids := make([]byte, 8)
	binary.LittleEndian.PutUint32(ids, 1)
	binary.LittleEndian.PutUint32(ids[4:], 3)
	add(c, code("SwapChain"), shared.RecSwapChain{SwapChain: 9, SwapEffect: uint32(types.D3DSWAPEFFECT_FLIP), Count: 2, Width: 8, Height: 8, Windowed: 1}, ids...)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xffff0000})
	add(c, code("SetRenderTarget"), shared.RecSetRenderTarget{Slot: 0, Surface: 3})
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff00ff00})
	add(c, code("Present"), presentRec(9, 1, 8, 8, 8, 8))
	replay(t, d, c)
	// Front: red (was buffer 0); buffer 0: green (was buffer 1); buffer
	// 1: the front's old storage.
	if got := frontPixel(t, d, 9, 8, 8, 0, 0); got != 0xffff0000 {
		t.Errorf("front = %#x, want red", got)
	}
	if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, 0, 0); got&0xffffff != 0x00ff00 {
		t.Errorf("back buffer 0 = %#x, want green", got)
	}
	c = newChunk()
	add(c, code("Present"), presentRec(9, 1, 8, 8, 8, 8))
	replay(t, d, c)
	if got := frontPixel(t, d, 9, 8, 8, 0, 0); got != 0xff00ff00 {
		t.Errorf("second front = %#x, want green", got)
	}
	if got := pixel(t, d, 3, types.D3DFMT_X8R8G8B8, 8, 8, 0, 0); got&0xffffff != 0xff0000 {
		t.Errorf("back buffer 1 after two flips = %#x, want red", got)
	}
}

func TestPresentMultisampledAndMinimised(t *testing.T) {
	d := newTestDevice(t)
	c := newChunk()
	add(c, code("CreateSurface"), shared.RecCreateSurface{ID: 1, Kind: shared.SurfaceRenderTarget, Width: 8, Height: 8, Format: uint32(types.D3DFMT_X8R8G8B8), Multisample: 4})
	add(c, code("SetRenderTarget"), shared.RecSetRenderTarget{Slot: 0, Surface: 1})
	add(c, code("SetViewport"), shared.RecSetViewport{Width: 8, Height: 8, MaxZ: 1})
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff0000ff})
	add(c, code("Present"), presentRec(9, 1, 8, 8, 4, 4))
	add(c, code("Present"), presentRec(9, 1, 8, 8, 0, 0))
	replay(t, d, c)
	if got := frontPixel(t, d, 9, 4, 4, 2, 2); got != 0xff0000ff {
		t.Errorf("front = %#x, want blue", got)
	}
}

func TestSwapChainRecordChecksAndUnpresentedFront(t *testing.T) {
	d := newTestDevice(t)
	c := newChunk()
	add(c, code("SwapChain"), shared.RecSwapChain{SwapChain: 9, Count: 3}, make([]byte, 8)...)
	if err := d.Replay([][]byte{c.bytes()}); err == nil {
		t.Error("a swap chain naming more back buffers than its record holds must be refused")
	}
	c = newChunk()
	add(c, code("SwapChain"), shared.RecSwapChain{SwapChain: 9, SwapEffect: uint32(types.D3DSWAPEFFECT_DISCARD), Count: 1}, make([]byte, 8)...)
	replay(t, d, c)
	if got := frontPixel(t, d, 9, 4, 4, 1, 1); got != 0xff000000 {
		t.Errorf("a swap chain that has not presented reads %#x, want opaque black", got)
	}
	if err := d.ReadSurface(77, make([]byte, 16), 16, 1, 16); err == nil {
		t.Error("reading an unknown id must fail")
	}
	// Its destruction drops the front image and the buffer list.
	c = newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("Present"), presentRec(9, 1, 8, 8, 8, 8))
	add(c, code("DestroyObject"), shared.RecDestroyObject{ID: 9})
	replay(t, d, c)
	if d.front[9] != nil || d.chains[9] != nil {
		t.Error("a destroyed swap chain keeps its front image or buffers")
	}
}
