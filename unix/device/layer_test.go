package device

import (
	"sync/atomic"
	"testing"

	"go.uber.org/zap/zaptest"

	"mtld3d/core/format"
	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/reference"
)

// layerBackend is the reference backend with its layers' releases counted.
type layerBackend struct {
	*reference.Device
	made, released atomic.Int32
}

type countedLayer struct {
	*reference.Layer
	be *layerBackend
}

func (b *layerBackend) NewLayer(desc backend.LayerDesc) (backend.Layer, error) {
	l, err := b.Device.NewLayer(desc)
	if err != nil {
		return nil, err
	}
	b.made.Add(1)
	return &countedLayer{l.(*reference.Layer), b}, nil
}

func (l *countedLayer) Release() { l.be.released.Add(1) }

// shownLayer is swap chain sc's reference layer.
func shownLayer(t *testing.T, d *Device, sc uint32) *reference.Layer {
	t.Helper()
	d.layers.mu.Lock()
	defer d.layers.mu.Unlock()
	cl := d.layers.by[sc]
	if cl == nil {
		t.Fatalf("swap chain %d has no layer", sc)
	}
	return cl.l.(*countedLayer).Layer
}

// shownPixel is the last presented drawable's pixel as 0xAARRGGBB with
// alpha forced to 0xff (a display has none).
func shownPixel(t *testing.T, l *reference.Layer, x, y int) uint32 {
	t.Helper()
	tex, _ := l.Presented()
	img, err := reference.Image(tex, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	r, g, b, _ := img.At(x, y).RGBA()
	return 0xff000000 | r>>8<<16 | g>>8<<8 | b>>8
}

func windowPresent(sc, bb uint32, w, h, cw, ch int, hwnd uint64) shared.RecPresent {
	r := presentRec(sc, bb, w, h, cw, ch)
	r.Window = hwnd
	return r
}

func newLayerDevice(t *testing.T, started bool) (*Device, *layerBackend) {
	t.Helper()
	be := &layerBackend{Device: reference.New()} // the tests read the reference layer it shows
	if started {
		d := startedDevice(t, be)
		t.Cleanup(func() { d.close(); d.Release() })
		return d, be
	}
	d, err := New(be, format.Target{AppleGPU: true})
	if err != nil {
		t.Fatal(err)
	}
	d.log = zaptest.NewLogger(t)
	t.Cleanup(d.Release)
	return d, be
}

func TestPresentShowsTheFrontImageInALayer(t *testing.T) {
	d, be := newLayerDevice(t, true)
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	quarters(c)
	add(c, code("Present"), windowPresent(9, 1, 8, 8, 8, 8, 0x10020))
	submit(t, d, c)
	readPixel(t, d, 1, 8, 8, 0, 0) // a sync point: the frame has completed
	l := shownLayer(t, d, 9)
	tex, frames := l.Presented()
	if frames != 1 || tex == nil || tex.Width() != 8 || tex.Height() != 8 {
		t.Fatalf("presented %d frames, last %v; want one 8x8 drawable", frames, tex)
	}
	for _, p := range [][2]int{{1, 1}, {6, 1}, {1, 6}, {6, 6}} {
		want := readPixel(t, d, 9, 8, 8, p[0], p[1]) | 0xff000000
		if got := shownPixel(t, l, p[0], p[1]); got != want {
			t.Errorf("drawable (%d,%d) = %#x, want the front image's %#x", p[0], p[1], got, want)
		}
	}

	// A second frame presents a second drawable from the same layer.
	c = newChunk()
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff204060})
	add(c, code("Present"), windowPresent(9, 1, 8, 8, 8, 8, 0x10020))
	submit(t, d, c)
	readPixel(t, d, 1, 8, 8, 0, 0)
	if _, frames := l.Presented(); frames != 2 || be.made.Load() != 1 {
		t.Fatalf("presented %d frames with %d layers; want 2 with 1", frames, be.made.Load())
	}
	if got := shownPixel(t, l, 3, 3); got != 0xff204060 {
		t.Errorf("second drawable (3,3) = %#x, want 0xff204060", got)
	}
}

func TestLayerFollowsTheClientArea(t *testing.T) {
	d, be := newLayerDevice(t, false)
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	quarters(c)
	add(c, code("Present"), windowPresent(9, 1, 8, 8, 8, 8, 0x10020))
	// The window grows: the same layer, resized; the picture scales.
	add(c, code("Present"), windowPresent(9, 1, 8, 8, 16, 16, 0x10020))
	submit(t, d, c)
	l := shownLayer(t, d, 9)
	tex, frames := l.Presented()
	if frames != 2 || tex.Width() != 16 || tex.Height() != 16 || be.made.Load() != 1 {
		t.Fatalf("%d frames, last %dx%d, %d layers; want 2, 16x16, 1", frames, tex.Width(), tex.Height(), be.made.Load())
	}
	if got := shownPixel(t, l, 14, 14); got != 0xffffffff {
		t.Errorf("(14,14) = %#x, want the white quarter", got)
	}

	// Minimised: no client area, nothing presented, the layer stays.
	c = newChunk()
	add(c, code("Present"), windowPresent(9, 1, 8, 8, 0, 0, 0x10020))
	submit(t, d, c)
	if _, frames := l.Presented(); frames != 2 || be.made.Load() != 1 {
		t.Errorf("a minimised window presented (%d frames, %d layers)", frames, be.made.Load())
	}

	// hDestWindowOverride to another window: a layer for it, the old one released.
	c = newChunk()
	add(c, code("Present"), windowPresent(9, 1, 8, 8, 4, 4, 0x30040))
	submit(t, d, c)
	if be.made.Load() != 2 || be.released.Load() != 1 {
		t.Fatalf("%d layers made, %d released; want 2 and 1", be.made.Load(), be.released.Load())
	}
	if tex, frames := shownLayer(t, d, 9).Presented(); frames != 1 || tex.Width() != 4 {
		t.Errorf("the new window's layer: %d frames, %d wide; want 1, 4", frames, tex.Width())
	}
}

func TestLayersAreReleased(t *testing.T) {
	d, be := newLayerDevice(t, false)
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("Present"), windowPresent(9, 1, 8, 8, 8, 8, 0x10020))
	add(c, code("Present"), windowPresent(10, 1, 8, 8, 8, 8, 0x10030))
	// No window (a test device, an invalid HWND): no layer.
	add(c, code("Present"), windowPresent(11, 1, 8, 8, 8, 8, 0))
	submit(t, d, c)
	if be.made.Load() != 2 {
		t.Fatalf("%d layers made, want 2", be.made.Load())
	}
	// The swap chain goes: its layer with it.
	c = newChunk()
	add(c, code("DestroyObject"), shared.RecDestroyObject{ID: 9})
	submit(t, d, c)
	if be.released.Load() != 1 || len(d.layers.by) != 1 {
		t.Fatalf("%d released, %d left; want 1 and 1", be.released.Load(), len(d.layers.by))
	}
	// The device goes: the rest.
	d.Release()
	if be.released.Load() != 2 || len(d.layers.by) != 0 {
		t.Fatalf("%d released, %d left; want 2 and 0", be.released.Load(), len(d.layers.by))
	}
}

func TestGammaRampChangesOnlyTheWindow(t *testing.T) {
	d, _ := newLayerDevice(t, false)
	var ramp shared.RecSetGammaRamp
	ramp.SwapChain = 9
	for i := range 256 {
		// Inverted red, halved green, identity blue.
		ramp.Red[i], ramp.Green[i], ramp.Blue[i] = uint16(65535-i*257), uint16(i*257/2), uint16(i*257)
	}
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("SetGammaRamp"), ramp)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff3080c0})
	add(c, code("Present"), windowPresent(9, 1, 8, 8, 8, 8, 0x10020))
	submit(t, d, c)
	l := shownLayer(t, d, 9)
	// 0xff-0x30 = 0xcf; 0x80/2 = 0x40 (within one step); 0xc0 kept.
	got := shownPixel(t, l, 2, 2)
	if r, g, b := got>>16&0xff, got>>8&0xff, got&0xff; r != 0xcf || g < 0x3f || g > 0x40 || b != 0xc0 {
		t.Errorf("shown %#x, want about 0xffcf40c0", got)
	}
	if got := frontPixel(t, d, 9, 8, 8, 2, 2); got != 0xff3080c0 {
		t.Errorf("front buffer %#x, want 0xff3080c0 without the ramp", got)
	}

	// The identity ramp: the plain copy again.
	for i := range 256 {
		ramp.Red[i], ramp.Green[i] = uint16(i*257), uint16(i*257)
	}
	c = newChunk()
	add(c, code("SetGammaRamp"), ramp)
	add(c, code("Present"), windowPresent(9, 1, 8, 8, 8, 8, 0x10020))
	submit(t, d, c)
	if got := shownPixel(t, l, 2, 2); got != 0xff3080c0 {
		t.Errorf("identity ramp shown %#x, want 0xff3080c0", got)
	}
}

// D3DPRESENT_INTERVAL_IMMEDIATE turns the layer's display sync off;
// DEFAULT and ONE (and TWO to FOUR) wait for the vertical blank.
func TestPresentationIntervalSetsDisplaySync(t *testing.T) {
	d, _ := newLayerDevice(t, false)
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	submit(t, d, c)
	for _, tc := range []struct {
		interval uint32
		want     bool
	}{{types.D3DPRESENT_INTERVAL_DEFAULT, true}, {types.D3DPRESENT_INTERVAL_IMMEDIATE, false},
		{types.D3DPRESENT_INTERVAL_ONE, true}, {types.D3DPRESENT_INTERVAL_TWO, true}} {
		c := newChunk()
		r := windowPresent(9, 1, 8, 8, 8, 8, 0x10020)
		r.Interval = tc.interval
		add(c, code("Present"), r)
		submit(t, d, c)
		if got := shownLayer(t, d, 9).DisplaySync(); got != tc.want {
			t.Errorf("interval %#x: display sync %v, want %v", tc.interval, got, tc.want)
		}
	}
}
