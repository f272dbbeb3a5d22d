package device

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"

	"mtld3d/core/format"
	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/reference"
)

// countingBackend counts the render encoders made on its command buffers.
type countingBackend struct {
	backend.Device
	passes int
}

type countingQueue struct {
	backend.CommandQueue
	b *countingBackend
}

type countingCB struct {
	backend.CommandBuffer
	b *countingBackend
}

func (b *countingBackend) NewCommandQueue() (backend.CommandQueue, error) {
	q, err := b.Device.NewCommandQueue()
	return &countingQueue{q, b}, err
}

func (q *countingQueue) CommandBuffer() backend.CommandBuffer {
	return &countingCB{q.CommandQueue.CommandBuffer(), q.b}
}

func (c *countingCB) RenderCommandEncoder(pd *backend.RenderPassDesc) backend.RenderCommandEncoder {
	c.b.passes++
	return c.CommandBuffer.RenderCommandEncoder(pd)
}

func newCountingDevice(t *testing.T) (*Device, *countingBackend) {
	b := &countingBackend{Device: reference.New()}
	d, err := New(b, format.Target{AppleGPU: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.Release)
	return d, b
}

// quad appends a pre-transformed, diffuse-coloured rectangle draw.
func quad(c *chunk, l, t, r, b, z float32, col uint32) {
	var data []byte
	for _, v := range [][2]float32{{l, t}, {r, t}, {l, b}, {r, t}, {r, b}, {l, b}} {
		data = append(data, vtx(v[0], v[1], z, col)...)
	}
	add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 2, Stride: 20,
		VertexBytes: uint32(len(data))}, data...)
}

func quadState(c *chunk) {
	add(c, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_LIGHTING), Value: 0})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_CULLMODE), Value: uint32(types.D3DCULL_NONE)})
}

// surfaceBytes reads a whole 8x8 32-bit surface.
func surfaceBytes(t *testing.T, d *Device, id uint32) []byte {
	t.Helper()
	buf := make([]byte, 8*8*4)
	if err := d.ReadSurface(id, buf, 32, 8, 32); err != nil {
		t.Fatal(err)
	}
	return buf
}

func replay(t *testing.T, d *Device, c *chunk) {
	t.Helper()
	if err := d.Replay([][]byte{c.bytes()}); err != nil {
		t.Fatal(err)
	}
}

// manyDraws is a frame of a clear and eight overlapping quads, some
// scissored and one in wireframe, to check that state a draw leaves in
// the pass does not reach the next draw.
func manyDraws(each func(c *chunk) *chunk) *chunk {
	c := newChunk()
	setup(c, types.D3DFMT_A8R8G8B8)
	quadState(c)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET | types.D3DCLEAR_ZBUFFER, Color: 0xff102030, Z: 1})
	add(c, code("SetScissor"), shared.RecSetScissor{Left: 1, Top: 1, Right: 5, Bottom: 5})
	for i := 0; i < 8; i++ {
		c = each(c)
		on := uint32(i % 2)
		add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_SCISSORTESTENABLE), Value: on})
		fill := types.D3DFILL_SOLID
		if i == 5 {
			fill = types.D3DFILL_WIREFRAME
		}
		add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_FILLMODE), Value: uint32(fill)})
		f := float32(i)
		quad(c, f*0.5, f*0.75, f*0.5+3, f*0.75+3, 0.9-f*0.1, 0xff000000|uint32(i*30)<<16|uint32(255-i*30))
	}
	return c
}

func TestDrawsShareOnePass(t *testing.T) {
	d, b := newCountingDevice(t)
	replay(t, d, manyDraws(func(c *chunk) *chunk { return c }))
	if b.passes != 1 {
		t.Errorf("a clear and 8 draws over the same targets made %d render passes, want 1", b.passes)
	}
	got := surfaceBytes(t, d, 1)

	// The same frame with each draw in its own submit, so in its own pass.
	d2, b2 := newCountingDevice(t)
	var chunks [][]byte
	c := manyDraws(func(c *chunk) *chunk {
		chunks = append(chunks, append([]byte(nil), c.bytes()...))
		return newChunk()
	})
	chunks = append(chunks, c.bytes())
	for _, ch := range chunks {
		if err := d2.Replay([][]byte{ch}); err != nil {
			t.Fatal(err)
		}
	}
	if b2.passes < 8 {
		t.Fatalf("separate submits made %d passes", b2.passes)
	}
	if want := surfaceBytes(t, d2, 1); !bytes.Equal(got, want) {
		t.Errorf("one pass drew\n%x\nseparate passes drew\n%x", got, want)
	}
	if p := pixel(t, d, 1, types.D3DFMT_A8R8G8B8, 8, 8, 7, 0); p != 0xff102030 {
		t.Errorf("untouched pixel %#x, want the clear colour", p)
	}
}

func TestTargetSwitchEndsPass(t *testing.T) {
	d, b := newCountingDevice(t)
	c := newChunk()
	setup(c, types.D3DFMT_A8R8G8B8)
	add(c, code("CreateSurface"), shared.RecCreateSurface{ID: 3, Kind: shared.SurfaceRenderTarget, Width: 8, Height: 8, Format: uint32(types.D3DFMT_A8R8G8B8)})
	quadState(c)
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: 0})
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff000000})
	quad(c, 0, 0, 4, 8, 0.5, 0xffff0000)
	add(c, code("SetRenderTarget"), shared.RecSetRenderTarget{Slot: 0, Surface: 3})
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff0000ff})
	quad(c, 0, 0, 8, 4, 0.5, 0xff00ff00)
	add(c, code("SetRenderTarget"), shared.RecSetRenderTarget{Slot: 0, Surface: 1})
	quad(c, 4, 0, 8, 8, 0.5, 0xffffff00)
	replay(t, d, c)
	if b.passes != 3 {
		t.Errorf("draws to A, B, A made %d passes, want 3", b.passes)
	}
	for _, tc := range []struct {
		id   uint32
		x, y int
		want uint32
	}{{1, 1, 1, 0xffff0000}, {1, 6, 6, 0xffffff00}, {3, 1, 1, 0xff00ff00}, {3, 1, 6, 0xff0000ff}} {
		if got := pixel(t, d, tc.id, types.D3DFMT_A8R8G8B8, 8, 8, tc.x, tc.y); got != tc.want {
			t.Errorf("surface %d (%d,%d) = %#x, want %#x", tc.id, tc.x, tc.y, got, tc.want)
		}
	}
}

func TestClearsInsideAPass(t *testing.T) {
	d, b := newCountingDevice(t)
	c := newChunk()
	setup(c, types.D3DFMT_A8R8G8B8)
	quadState(c)
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: 0})
	// Whole: a load action. Then a draw, a clear of one rectangle (a draw
	// in the same pass), and another draw over part of it.
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET | types.D3DCLEAR_ZBUFFER | types.D3DCLEAR_STENCIL, Color: 0xff404040, Z: 1})
	quad(c, 0, 0, 8, 4, 0.5, 0xffff0000)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff00ff00, Rects: 1}, rectBytes(2, 2, 6, 6)...)
	quad(c, 4, 4, 8, 8, 0.5, 0xff0000ff)
	replay(t, d, c)
	if b.passes != 1 {
		t.Errorf("clear, draw, clear, draw made %d passes, want 1", b.passes)
	}
	for _, tc := range []struct {
		x, y int
		want uint32
	}{{0, 0, 0xffff0000}, {2, 2, 0xff00ff00}, {3, 5, 0xff00ff00}, {5, 5, 0xff0000ff}, {0, 7, 0xff404040}, {7, 7, 0xff0000ff}} {
		if got := pixel(t, d, 1, types.D3DFMT_A8R8G8B8, 8, 8, tc.x, tc.y); got != tc.want {
			t.Errorf("(%d,%d) = %#x, want %#x", tc.x, tc.y, got, tc.want)
		}
	}
}

func TestClearOnlyPassIsEncoded(t *testing.T) {
	d, b := newCountingDevice(t)
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff123456})
	// A partial-viewport clear cannot be a load action.
	add(c, code("SetViewport"), shared.RecSetViewport{X: 4, Width: 4, Height: 8, MaxZ: 1})
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff654321})
	replay(t, d, c)
	if b.passes != 1 {
		t.Errorf("two clears made %d passes, want 1", b.passes)
	}
	if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, 0, 0); got&0xffffff != 0x123456 {
		t.Errorf("left half %#x", got)
	}
	if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, 4, 0); got&0xffffff != 0x654321 {
		t.Errorf("right half %#x", got)
	}
}

func rectBytes(l, t, r, b int32) []byte {
	out := make([]byte, 16)
	for i, v := range []int32{l, t, r, b} {
		out[4*i], out[4*i+1], out[4*i+2], out[4*i+3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
	}
	return out
}

func TestClearOfADestroyedTargetIsEncodedFirst(t *testing.T) {
	d, b := newCountingDevice(t)
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("CreateSurface"), shared.RecCreateSurface{ID: 3, Kind: shared.SurfaceRenderTarget, Width: 8, Height: 8, Format: uint32(types.D3DFMT_X8R8G8B8)})
	add(c, code("SetRenderTarget"), shared.RecSetRenderTarget{Slot: 0, Surface: 3})
	replay(t, d, c)
	c = newChunk()
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff00ff00})
	if err := handlers[code("Clear")](d, c.b[8:]); err != nil {
		t.Fatal(err)
	}
	if !d.pass.open || b.passes != 0 {
		t.Fatalf("a whole clear: pass open %v, %d encoded; want a pending load action", d.pass.open, b.passes)
	}
	d.destroyObject(3)
	if d.pass.open || b.passes != 1 {
		t.Errorf("after the target's release: pass open %v, %d encoded; want closed, 1", d.pass.open, b.passes)
	}
}

// A whole clear (a load action) and the same clear as two rectangles (a
// draw) leave the same colour, depth and stencil.
func TestLoadActionClearMatchesDrawnClear(t *testing.T) {
	frame := func(rects bool) []byte {
		d, b := newCountingDevice(t)
		c := newChunk()
		setup(c, types.D3DFMT_A8R8G8B8)
		quadState(c)
		cl := shared.RecClear{Flags: types.D3DCLEAR_TARGET | types.D3DCLEAR_ZBUFFER | types.D3DCLEAR_STENCIL, Color: 0x80336699, Z: 0.25, Stencil: 0x107}
		if rects {
			cl.Rects = 2
			add(c, code("Clear"), cl, append(rectBytes(0, 0, 8, 4), rectBytes(0, 4, 8, 8)...)...)
		} else {
			add(c, code("Clear"), cl)
		}
		// Depth: drawn where nearer than the cleared 0.25 only. Stencil:
		// drawn where it equals 7 only.
		add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: uint32(types.D3DZB_TRUE)})
		add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZFUNC), Value: uint32(types.D3DCMP_LESS)})
		quad(c, 0, 0, 4, 8, 0.2499, 0xffff0000)
		quad(c, 4, 0, 8, 4, 0.2501, 0xff00ff00)
		add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZFUNC), Value: uint32(types.D3DCMP_ALWAYS)})
		add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_STENCILENABLE), Value: 1})
		add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_STENCILFUNC), Value: uint32(types.D3DCMP_EQUAL)})
		add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_STENCILREF), Value: 7})
		quad(c, 4, 4, 6, 8, 0.5, 0xff0000ff)
		add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_STENCILREF), Value: 8})
		quad(c, 6, 4, 8, 8, 0.5, 0xffffffff)
		replay(t, d, c)
		if b.passes != 1 {
			t.Errorf("rects %v: %d passes, want 1", rects, b.passes)
		}
		return surfaceBytes(t, d, 1)
	}
	load, drawn := frame(false), frame(true)
	if !bytes.Equal(load, drawn) {
		t.Errorf("load-action clear\n%x\ndrawn clear\n%x", load, drawn)
	}
	px := func(x, y int) uint32 {
		o := 4 * (y*8 + x)
		return uint32(load[o]) | uint32(load[o+1])<<8 | uint32(load[o+2])<<16 | uint32(load[o+3])<<24
	}
	for _, tc := range []struct {
		x, y int
		want uint32
	}{{1, 1, 0xffff0000}, {5, 1, 0x80336699}, {4, 5, 0xff0000ff}, {7, 5, 0x80336699}} {
		if got := px(tc.x, tc.y); got != tc.want {
			t.Errorf("(%d,%d) = %#x, want %#x", tc.x, tc.y, got, tc.want)
		}
	}
}

// storeBackend records, for each render encoder with a depth attachment,
// the depth and stencil store actions it ends with: the descriptor's,
// unless the encoder settled a deferred one.
type storeBackend struct {
	backend.Device
	ends [][2]backend.StoreAction
}

type storeQueue struct {
	backend.CommandQueue
	b *storeBackend
}

type storeCB struct {
	backend.CommandBuffer
	b *storeBackend
}

type storeEncoder struct {
	backend.RenderCommandEncoder
	b              *storeBackend
	depth, stencil backend.StoreAction
}

func (b *storeBackend) NewCommandQueue() (backend.CommandQueue, error) {
	q, err := b.Device.NewCommandQueue()
	return &storeQueue{q, b}, err
}

func (q *storeQueue) CommandBuffer() backend.CommandBuffer {
	return &storeCB{q.CommandQueue.CommandBuffer(), q.b}
}

func (c *storeCB) RenderCommandEncoder(pd *backend.RenderPassDesc) backend.RenderCommandEncoder {
	e := c.CommandBuffer.RenderCommandEncoder(pd)
	if pd.Depth.Texture == nil {
		return e
	}
	return &storeEncoder{RenderCommandEncoder: e, b: c.b, depth: pd.Depth.Store, stencil: pd.Stencil.Store}
}

func (e *storeEncoder) SetDepthStoreAction(a backend.StoreAction) {
	e.depth = a
	e.RenderCommandEncoder.SetDepthStoreAction(a)
}

func (e *storeEncoder) SetStencilStoreAction(a backend.StoreAction) {
	e.stencil = a
	e.RenderCommandEncoder.SetStencilStoreAction(a)
}

func (e *storeEncoder) EndEncoding() {
	e.b.ends = append(e.b.ends, [2]backend.StoreAction{e.depth, e.stencil})
	e.RenderCommandEncoder.EndEncoding()
}

func TestDiscardDepthStencilStores(t *testing.T) {
	keep := [2]backend.StoreAction{backend.StoreStore, backend.StoreStore}
	drop := [2]backend.StoreAction{backend.StoreDontCare, backend.StoreDontCare}
	draw := func(c *chunk) {
		add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: 1})
		quad(c, 0, 0, 8, 8, 0.5, 0xff00ff00)
	}
	cases := []struct {
		name    string
		discard bool
		frame   func(c *chunk)
		want    [][2]backend.StoreAction
	}{
		{"present", true, func(c *chunk) {
			draw(c)
			add(c, code("Present"), presentRec(9, 1, 8, 8, 8, 8))
		}, [][2]backend.StoreAction{drop}},
		{"clear only, present", true, func(c *chunk) {
			add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_ZBUFFER | types.D3DCLEAR_STENCIL, Z: 1})
			add(c, code("Present"), presentRec(9, 1, 8, 8, 8, 8))
		}, [][2]backend.StoreAction{drop}},
		{"no discard, present", false, func(c *chunk) {
			draw(c)
			add(c, code("Present"), presentRec(9, 1, 8, 8, 8, 8))
		}, [][2]backend.StoreAction{keep}},
		{"render target switch", true, func(c *chunk) {
			draw(c)
			add(c, code("CreateSurface"), shared.RecCreateSurface{ID: 3, Kind: shared.SurfaceRenderTarget, Width: 8, Height: 8, Format: uint32(types.D3DFMT_A8R8G8B8)})
			add(c, code("SetRenderTarget"), shared.RecSetRenderTarget{Slot: 0, Surface: 3})
			draw(c)
		}, [][2]backend.StoreAction{keep, keep}},
		{"depth-stencil switch", true, func(c *chunk) {
			draw(c)
			add(c, code("CreateSurface"), shared.RecCreateSurface{ID: 4, Kind: shared.SurfaceDepthStencil, Width: 8, Height: 8, Format: uint32(types.D3DFMT_D24S8)})
			add(c, code("SetDepthStencil"), shared.RecSetDepthStencil{Surface: 4})
			draw(c)
		}, [][2]backend.StoreAction{drop, keep}},
		{"depth-stencil unbound", true, func(c *chunk) {
			draw(c)
			add(c, code("SetDepthStencil"), shared.RecSetDepthStencil{Surface: 0})
			draw(c)
		}, [][2]backend.StoreAction{keep}},
		{"end of replay", true, draw, [][2]backend.StoreAction{keep}},
		{"destroyed and made again", true, func(c *chunk) {
			add(c, code("DestroyObject"), shared.RecDestroyObject{ID: 2})
			add(c, code("CreateSurface"), shared.RecCreateSurface{ID: 2, Kind: shared.SurfaceDepthStencil, Width: 8, Height: 8, Format: uint32(types.D3DFMT_D24S8)})
			add(c, code("SetDepthStencil"), shared.RecSetDepthStencil{Surface: 2})
			draw(c)
			add(c, code("Present"), presentRec(9, 1, 8, 8, 8, 8))
		}, [][2]backend.StoreAction{keep}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := &storeBackend{Device: reference.New()}
			d, err := New(b, format.Target{AppleGPU: true})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(d.Release)
			c := newChunk()
			setup(c, types.D3DFMT_A8R8G8B8)
			if tc.discard {
				add(c, code("SurfaceDiscard"), shared.RecSurfaceDiscard{Surface: 2})
			}
			quadState(c)
			tc.frame(c)
			replay(t, d, c)
			if len(b.ends) != len(tc.want) {
				t.Fatalf("stores %v, want %v", b.ends, tc.want)
			}
			for i := range tc.want {
				if b.ends[i] != tc.want[i] {
					t.Errorf("pass %d stores %v, want %v", i, b.ends[i], tc.want[i])
				}
			}
		})
	}
}

// TestDiscardReadback: a pass over a discard depth-stencil surface that
// ends for a read of its render target keeps the depth, and the pixels
// are those of a surface without discarding.
func TestDiscardReadback(t *testing.T) {
	b := &storeBackend{Device: reference.New()}
	d, err := New(b, format.Target{AppleGPU: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.Release)
	c := newChunk()
	setup(c, types.D3DFMT_A8R8G8B8)
	add(c, code("SurfaceDiscard"), shared.RecSurfaceDiscard{Surface: 2})
	quadState(c)
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: 1})
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET | types.D3DCLEAR_ZBUFFER, Color: 0xff000000, Z: 1})
	quad(c, 0, 0, 8, 8, 0.25, 0xff00ff00)
	quad(c, 0, 0, 8, 8, 0.75, 0xffff0000) // behind: fails the depth test
	if err := d.Replay([][]byte{c.bytes()}); err != nil {
		t.Fatal(err)
	}
	if got := pixel(t, d, 1, types.D3DFMT_A8R8G8B8, 8, 8, 3, 3); got != 0xff00ff00 {
		t.Errorf("pixel %#x, want the nearer green", got)
	}
	want := [2]backend.StoreAction{backend.StoreStore, backend.StoreStore}
	if len(b.ends) != 1 || b.ends[0] != want {
		t.Errorf("stores %v, want one pass storing both", b.ends)
	}
}

// A Clear that is a draw in the open pass follows a draw that culled back
// faces: the clear's triangle must not inherit that culling.
func TestClearAfterCullingDraw(t *testing.T) {
	d := newTestDevice(t)
	c := newChunk()
	setup(c, types.D3DFMT_A8R8G8B8)
	add(c, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZ})
	var data []byte
	for _, f := range []float32{-1, 1, 0.5, 1, 1, 0.5, -1, -1, 0.5} { // clockwise: drawn under the default CCW culling
		data = binary.LittleEndian.AppendUint32(data, math.Float32bits(f))
	}
	add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1, Stride: 12,
		VertexBytes: uint32(len(data))}, data...)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff0000ff})
	replay(t, d, c)
	if got := pixel(t, d, 1, types.D3DFMT_A8R8G8B8, 8, 8, 6, 6); got != 0xff0000ff {
		t.Errorf("after the draw, the clear left %#x, want %#x", got, uint32(0xff0000ff))
	}
}
