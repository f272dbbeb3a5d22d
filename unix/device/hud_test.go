package device

import (
	"path/filepath"
	"testing"

	"mtld3d/core/config"
	"mtld3d/core/hud"
	"mtld3d/shared"
	"mtld3d/types"
)

const hudW, hudH = 256, 128

// hudFrame replays a hudW x hudH back buffer cleared to colour and
// presented to swap chain 5, and returns the front image and the back
// buffer as X8R8G8B8 (BGRA bytes).
func hudFrame(t *testing.T, d *Device, colour uint32) (front, back []byte) {
	t.Helper()
	c := newChunk()
	add(c, code("CreateSurface"), shared.RecCreateSurface{ID: 1, Kind: shared.SurfaceRenderTarget, Width: hudW, Height: hudH, Format: uint32(types.D3DFMT_X8R8G8B8)})
	add(c, code("SetRenderTarget"), shared.RecSetRenderTarget{Slot: 0, Surface: 1})
	add(c, code("SetViewport"), shared.RecSetViewport{Width: hudW, Height: hudH, MaxZ: 1})
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: colour})
	add(c, code("Present"), presentRec(5, 1, hudW, hudH, hudW, hudH))
	replay(t, d, c)
	read := func(id uint32) []byte {
		b := make([]byte, hudW*hudH*4)
		if err := d.ReadSurface(id, b, hudW*4, hudH, hudW*4); err != nil {
			t.Fatal(err)
		}
		return b
	}
	return read(5), read(1)
}

// hudWant is the first frame's overlay (no frame time measured yet: the
// figures are dashes, the graph empty) blended over colour, as BGRA
// bytes of a hudW x hudH image, and the overlay's size.
func hudWant(items config.HUD, colour uint32) (want []byte, w, h int) {
	d := &Device{hud: hudState{items: items}}
	var m hud.Image
	hud.Render(&m, d.hudLines(), items&config.HUDFrameTime != 0, nil)
	want = make([]byte, hudW*hudH*4)
	bg := [3]uint8{uint8(colour), uint8(colour >> 8), uint8(colour >> 16)} // B, G, R
	for y := range hudH {
		for x := range hudW {
			p := want[(y*hudW+x)*4:]
			p[0], p[1], p[2], p[3] = bg[0], bg[1], bg[2], 0xff
			if x < m.W && y < m.H {
				o := m.Pix[(y*m.W+x)*4:]
				a := float64(o[3]) / 255
				for i, src := range []uint8{o[2], o[1], o[0]} { // B, G, R
					p[i] = uint8(float64(src)*a + float64(bg[i])*(1-a) + 0.5)
				}
			}
		}
	}
	return want, m.W, m.H
}

// hud = 1 blends the overlay (text, dark panel, the graph's box) over
// the front image's top-left corner; the rest of the front image and the
// whole back buffer are the game's. Off, the front image is the game's.
func TestHUDDrawsOverTheFrontImageCorner(t *testing.T) {
	const colour = 0xff2080c0
	for _, items := range []config.HUD{0, config.HUDDefault, config.HUDAll, config.HUDVersion} {
		t.Run(items.String(), func(t *testing.T) {
			d := newTestDevice(t)
			d.hud.items = items
			front, back := hudFrame(t, d, colour)
			want, w, h := hudWant(items, colour)
			if items == 0 && (w != 0 || h != 0) {
				t.Fatalf("an overlay of %dx%d with the HUD off", w, h)
			}
			if items != 0 && (w < 20 || h < hud.GlyphH || w > hudW || h > hudH) {
				t.Fatalf("overlay %dx%d", w, h)
			}
			bad := 0
			for i := range front {
				if diff := int(front[i]) - int(want[i]); (diff > 1 || diff < -1) && i%4 != 3 {
					if bad++; bad < 5 {
						p := i / 4
						t.Errorf("front (%d, %d) byte %d: %#x, want %#x", p%hudW, p/hudW, i%4, front[i], want[i])
					}
				}
			}
			if bad > 0 {
				t.Fatalf("%d bytes differ", bad)
			}
			for i := 0; i < len(back); i += 4 {
				if got := uint32(back[i]) | uint32(back[i+1])<<8 | uint32(back[i+2])<<16 | 0xff000000; got != colour {
					t.Fatalf("back buffer pixel %d: %#x, want the clear colour", i/4, got)
				}
			}
			if items == 0 {
				return
			}
			// Text is there: some pixels white.
			white := 0
			for i := 0; i < len(front); i += 4 {
				if front[i] == 0xff && front[i+1] == 0xff && front[i+2] == 0xff {
					white++
				}
			}
			if white < 10 {
				t.Errorf("%d white pixels: no text", white)
			}
		})
	}
}

// The HUD's quad leaves the game's drawing state alone: a draw after a
// Present, with no state set again, draws as it does with the HUD off
// (the redraw fast path must not reuse the HUD's encoder state).
func TestHUDKeepsTheGameState(t *testing.T) {
	run := func(items config.HUD) [][2]uint32 {
		d := newTestDevice(t)
		d.hud.items = items
		var keep [][]byte
		c := newChunk()
		redrawScene(t, c, &keep)
		drawLeft(c)
		add(c, code("Present"), presentRec(5, 1, 8, 8, 8, 8))
		drawQuad(c, 6, 0) // the right half, nothing set since
		add(c, code("Present"), presentRec(5, 1, 8, 8, 8, 8))
		replay(t, d, c)
		var got [][2]uint32
		for _, x := range []int{1, 6} {
			got = append(got, [2]uint32{pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, x, 4) & 0xffffff,
				pixel(t, d, 3, types.D3DFMT_X8R8G8B8, 8, 8, x, 4) & 0xffffff})
		}
		return got
	}
	off, on := run(0), run(config.HUDAll)
	for i := range off {
		if off[i] != on[i] || off[i][0] != yellow {
			t.Errorf("pixel %d: HUD off %#x, on %#x; want yellow on target 1", i, off[i], on[i])
		}
	}
}

// The frame dumps read the front image: the HUD is in them.
func TestHUDInFrameDump(t *testing.T) {
	dir := t.TempDir()
	d := newTestDevice(t)
	d.hud.items = config.HUDDefault
	d.framePNG = filepath.Join(dir, "game")
	d.dumpFrame = 1
	const colour = 0xff000000
	hudFrame(t, d, colour)
	img := decodePNG(t, filepath.Join(dir, "game-frame-1.png"))
	want, w, h := hudWant(config.HUDDefault, colour)
	white := 0
	for y := range hudH {
		for x := range hudW {
			r, g, b, _ := img.At(x, y).RGBA()
			p := want[(y*hudW+x)*4:]
			if int(r>>8)-int(p[2]) > 1 || int(p[2])-int(r>>8) > 1 || int(g>>8)-int(p[1]) > 1 || int(p[1])-int(g>>8) > 1 ||
				int(b>>8)-int(p[0]) > 1 || int(p[0])-int(b>>8) > 1 {
				t.Fatalf("dump (%d, %d): %x %x %x, want %x %x %x", x, y, r>>8, g>>8, b>>8, p[2], p[1], p[0])
			}
			if r>>8 == 0xff && g>>8 == 0xff && b>>8 == 0xff {
				if x >= w || y >= h {
					t.Fatalf("a white pixel outside the overlay at (%d, %d)", x, y)
				}
				white++
			}
		}
	}
	if white == 0 {
		t.Fatal("no text in the dump")
	}
}

// On a client area hudBigAt pixels high or more, each overlay pixel
// covers 2x2 pixels.
func TestHUDDoubledOnATallWindow(t *testing.T) {
	const colour, cw, ch = 0xff2080c0, 300, hudBigAt
	d := newTestDevice(t)
	d.hud.items = config.HUDDefault
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: colour})
	add(c, code("Present"), presentRec(5, 1, 8, 8, cw, ch))
	replay(t, d, c)
	front := make([]byte, cw*ch*4)
	if err := d.ReadSurface(5, front, cw*4, ch, cw*4); err != nil {
		t.Fatal(err)
	}
	want, w, h := hudWant(config.HUDDefault, colour) // hudW wide
	for y := range ch {
		for x := range cw {
			var exp []byte
			if x < 2*w && y < 2*h {
				exp = want[((y/2)*hudW+x/2)*4:][:3]
			} else {
				exp = []byte{colour & 0xff, colour >> 8 & 0xff, colour >> 16 & 0xff}
			}
			got := front[(y*cw+x)*4:][:3]
			for i := range exp {
				if diff := int(got[i]) - int(exp[i]); diff > 1 || diff < -1 {
					t.Fatalf("(%d, %d): %x, want %x", x, y, got, exp)
				}
			}
		}
	}
}

// With a destination rectangle, the overlay sits at the picture's
// top-left corner and stays inside the picture: the rest of the front
// image keeps what it held, and presenting again does not darken the
// overlay's panel.
func TestHUDOverTheDestinationRectangle(t *testing.T) {
	const colour, cw, ch = 0xff2080c0, 320, 160
	dr := rect{40, 20, 296, 148}
	d := newTestDevice(t)
	d.hud.items = config.HUDDefault
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: colour})
	r := presentRec(5, 1, 8, 8, cw, ch)
	r.DstLeft, r.DstTop, r.DstRight, r.DstBottom = int32(dr.l), int32(dr.t), int32(dr.r), int32(dr.b)
	for range 3 {
		add(c, code("Present"), r)
	}
	replay(t, d, c)
	front := make([]byte, cw*ch*4)
	if err := d.ReadSurface(5, front, cw*4, ch, cw*4); err != nil {
		t.Fatal(err)
	}
	at := func(x, y int) [3]int {
		p := front[(y*cw+x)*4:]
		return [3]int{int(p[0]), int(p[1]), int(p[2])}
	}
	a := float64(hud.Background[3]) / 255
	var panel [3]int
	for i, v := range []uint32{colour & 0xff, colour >> 8 & 0xff, colour >> 16 & 0xff} {
		panel[i] = int(float64(v)*(1-a) + 0.5) // a black panel
	}
	near := func(x, y [3]int) bool {
		for i := range x {
			if d := x[i] - y[i]; d > 1 || d < -1 {
				return false
			}
		}
		return true
	}
	if got := at(dr.l, dr.t); !near(got, panel) {
		t.Errorf("the picture's corner: %v, want the panel %v", got, panel)
	}
	if got := at(dr.l-1, dr.t); got != [3]int{} {
		t.Errorf("left of the picture: %v, want the drawable's black", got)
	}
	if got := at(1, 1); got != [3]int{} {
		t.Errorf("the front image's corner: %v, want the drawable's black", got)
	}
	if got := at(dr.r-2, dr.b-2); !near(got, [3]int{colour & 0xff, colour >> 8 & 0xff, colour >> 16 & 0xff}) {
		t.Errorf("the picture's far corner: %v, want the game's", got)
	}
}
