package device

import (
	"encoding/binary"
	"path/filepath"
	"testing"
	"unsafe"

	"go.uber.org/zap/zaptest"

	"mtld3d/core/format"
	"mtld3d/shared"
	"mtld3d/types"
)

// chunk builds one arena chunk the way the guest does.
type chunk struct{ b []byte }

func newChunk() *chunk { return &chunk{b: make([]byte, 8, shared.ChunkSize)} }

func add[T any](c *chunk, code uint32, r T, extra ...byte) {
	size := int(unsafe.Sizeof(r)) + len(extra)
	size = (size + 7) &^ 7
	rec := make([]byte, size)
	copy(rec, unsafe.Slice((*byte)(unsafe.Pointer(&r)), unsafe.Sizeof(r)))
	copy(rec[unsafe.Sizeof(r):], extra)
	binary.LittleEndian.PutUint32(rec, code)
	binary.LittleEndian.PutUint32(rec[4:], uint32(size))
	c.b = append(c.b, rec...)
}

func (c *chunk) bytes() []byte {
	binary.LittleEndian.PutUint32(c.b, uint32(len(c.b)))
	return c.b[:shared.ChunkSize]
}

func code(name string) uint32 { return shared.RecordCode(name) }

func newTestDevice(t *testing.T) *Device {
	d, err := New(testBackend(t), format.Target{AppleGPU: true})
	if err != nil {
		t.Fatal(err)
	}
	d.log = zaptest.NewLogger(t)
	t.Cleanup(d.Release)
	return d
}

func pixel(t *testing.T, d *Device, id uint32, f types.Format, w, h, x, y int) uint32 {
	t.Helper()
	pitch := w * 4
	if f == types.D3DFMT_R5G6B5 {
		pitch = w * 2
	}
	buf := make([]byte, pitch*h)
	if err := d.ReadSurface(id, buf, pitch, h, pitch); err != nil {
		t.Fatal(err)
	}
	if f == types.D3DFMT_R5G6B5 {
		return uint32(binary.LittleEndian.Uint16(buf[y*pitch+2*x:]))
	}
	return binary.LittleEndian.Uint32(buf[y*pitch+4*x:])
}

func setup(c *chunk, f types.Format) {
	add(c, code("CreateSurface"), shared.RecCreateSurface{ID: 1, Kind: shared.SurfaceRenderTarget, Width: 8, Height: 8, Format: uint32(f)})
	add(c, code("CreateSurface"), shared.RecCreateSurface{ID: 2, Kind: shared.SurfaceDepthStencil, Width: 8, Height: 8, Format: uint32(types.D3DFMT_D24S8)})
	add(c, code("SetRenderTarget"), shared.RecSetRenderTarget{Slot: 0, Surface: 1})
	add(c, code("SetDepthStencil"), shared.RecSetDepthStencil{Surface: 2})
	add(c, code("SetViewport"), shared.RecSetViewport{Width: 8, Height: 8, MaxZ: 1})
}

func TestClearWholeTargetAndRects(t *testing.T) {
	d := newTestDevice(t)
	c := newChunk()
	setup(c, types.D3DFMT_A8R8G8B8)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET | types.D3DCLEAR_ZBUFFER | types.D3DCLEAR_STENCIL, Color: 0xff112233, Z: 1})
	rect := make([]byte, 16)
	for i, v := range []int32{2, 2, 4, 4} {
		binary.LittleEndian.PutUint32(rect[4*i:], uint32(v))
	}
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0x80ff0000, Rects: 1}, rect...)
	replay(t, d, c)
	if got := pixel(t, d, 1, types.D3DFMT_A8R8G8B8, 8, 8, 0, 0); got != 0xff112233 {
		t.Errorf("outside the rect: %#x", got)
	}
	if got := pixel(t, d, 1, types.D3DFMT_A8R8G8B8, 8, 8, 3, 3); got != 0x80ff0000 {
		t.Errorf("inside the rect: %#x", got)
	}
	if got := pixel(t, d, 1, types.D3DFMT_A8R8G8B8, 8, 8, 4, 4); got != 0xff112233 {
		t.Errorf("the rect's right/bottom edge is exclusive: %#x", got)
	}
}

func TestClearHonoursViewportAndScissor(t *testing.T) {
	d := newTestDevice(t)
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff000000})
	add(c, code("SetViewport"), shared.RecSetViewport{X: 4, Width: 4, Height: 8, MaxZ: 1})
	add(c, code("SetScissor"), shared.RecSetScissor{Left: 0, Top: 0, Right: 8, Bottom: 4})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_SCISSORTESTENABLE), Value: 1})
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xffffffff})
	replay(t, d, c)
	for _, tc := range []struct {
		x, y int
		want uint32
	}{{5, 1, 0xffffffff}, {1, 1, 0xff000000}, {5, 6, 0xff000000}} {
		if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, tc.x, tc.y); got != tc.want {
			t.Errorf("(%d,%d) = %#x, want %#x", tc.x, tc.y, got, tc.want)
		}
	}
}

func TestClear16BitAndFrontBuffer(t *testing.T) {
	d := newTestDevice(t)
	c := newChunk()
	setup(c, types.D3DFMT_R5G6B5)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xffff0000})
	add(c, code("Present"), presentRec(9, 1, 8, 8, 8, 8))
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff0000ff})
	replay(t, d, c)
	if got := pixel(t, d, 1, types.D3DFMT_R5G6B5, 8, 8, 0, 0); got != 0x001f {
		t.Errorf("back buffer: %#x, want blue 0x001f", got)
	}
	if got := pixel(t, d, 9, types.D3DFMT_A8R8G8B8, 8, 8, 0, 0); got != 0xffff0000 {
		t.Errorf("front buffer: %#x, want the red that was presented", got)
	}
}

func TestMalformedFramesFailCleanly(t *testing.T) {
	d := newTestDevice(t)
	bad := make([]byte, shared.ChunkSize)
	binary.LittleEndian.PutUint32(bad, 1<<20) // used beyond the chunk
	if err := d.Replay([][]byte{bad}); err == nil {
		t.Error("a chunk claiming more than its size must be refused")
	}
	c := newChunk()
	c.b = append(c.b, 1, 0, 0, 0, 3, 0, 0, 0) // a record of size 3
	if err := d.Replay([][]byte{c.bytes()}); err == nil {
		t.Error("a record size that is not a multiple of 8 must be refused")
	}
	c = newChunk()
	add(c, 999, shared.RecNop{}) // unknown code: skipped
	add(c, code("SetRenderTarget"), shared.RecSetRenderTarget{Slot: 7, Surface: 1})
	if err := d.Replay([][]byte{c.bytes()}); err == nil {
		t.Error("a bad slot must be reported")
	}
}

func TestFrameDump(t *testing.T) {
	d := newTestDevice(t)
	d.dumpDir = t.TempDir()
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff00ff00})
	add(c, code("Present"), presentRec(5, 1, 8, 8, 8, 8))
	replay(t, d, c)
	img := decodePNG(t, filepath.Join(d.dumpDir, "frame-0-000001.png"))
	if r, g, b, _ := img.At(3, 3).RGBA(); r != 0 || g != 0xffff || b != 0 {
		t.Fatalf("dumped pixel %x %x %x, want green", r, g, b)
	}
}
