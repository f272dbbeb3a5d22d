package hud

import "testing"

// Every printable character has a glyph of its own: not blank (but the
// space), no two alike, nothing outside the 5x7 cell.
func TestGlyphsPresentDistinctAndInTheirCell(t *testing.T) {
	seen := map[[GlyphH]uint8]byte{}
	for c := byte(32); c <= 126; c++ {
		g := Glyph(c)
		blank := g == [GlyphH]uint8{}
		if blank != (c == ' ') {
			t.Errorf("%q: blank %v", c, blank)
		}
		for r, bits := range g {
			if bits>>GlyphW != 0 {
				t.Errorf("%q row %d: %#b is wider than %d", c, r, bits, GlyphW)
			}
		}
		if o, ok := seen[g]; ok {
			t.Errorf("%q draws as %q", c, o)
		}
		seen[g] = c
	}
	for c, art := range glyphArt {
		if len(art) != GlyphH*GlyphW+GlyphH-1 {
			t.Errorf("%q: art %q is not %d rows of %d", rune(c+32), art, GlyphH, GlyphW)
		}
	}
	if Glyph(0) != Glyph('?') || Glyph(200) != Glyph('?') {
		t.Error("a character outside 32..126 should draw as '?'")
	}
}

func at(m *Image, x, y int) RGBA {
	var c RGBA
	copy(c[:], m.Pix[(y*m.W+x)*4:])
	return c
}

// Text sets the glyph's pixels and nothing else in its cell.
func TestTextDrawsTheGlyph(t *testing.T) {
	var m Image
	Render(&m, []string{"A"}, false, nil)
	if m.W != GlyphW+2*Pad || m.H != GlyphH+2*Pad {
		t.Fatalf("size %dx%d", m.W, m.H)
	}
	g := Glyph('A')
	for y := 0; y < m.H; y++ {
		for x := 0; x < m.W; x++ {
			want := Background
			if gx, gy := x-Pad, y-Pad; gx >= 0 && gx < GlyphW && gy >= 0 && gy < GlyphH && g[gy]&(1<<(GlyphW-1-gx)) != 0 {
				want = TextColour
			}
			if got := at(&m, x, y); got != want {
				t.Fatalf("(%d, %d) = %v, want %v", x, y, got, want)
			}
		}
	}
}

// The graph puts the newest frame on the right, as tall as its time, and
// a long frame as wide as it lasted.
func TestGraphBars(t *testing.T) {
	var m Image
	// Columns of 25 ms from the right: 25 ms frames in 0 and 1, the 40 ms
	// one over 2 and 3, the 10 ms ones in 3 and 4.
	times := []float32{10, 10, 40, 25, 25}
	Render(&m, nil, true, times)
	if m.W != GraphW+2*Pad || m.H != GraphH+2*Pad {
		t.Fatalf("size %dx%d", m.W, m.H)
	}
	bottom, right := Pad+GraphH-1, Pad+GraphW-1
	for c, want := range []RGBA{Slow, Slow, Slower, Slower, Fast, GraphBack} {
		if got := at(&m, right-c, bottom); got != want {
			t.Errorf("column %d from the right: %v, want %v", c, got, want)
		}
	}
	// 10 ms of a 50 ms top over 32 rows: 6 rows.
	if got := at(&m, right-4, bottom-5); got != Fast {
		t.Errorf("a 10 ms bar's sixth row: %v", got)
	}
	if got := at(&m, right-4, bottom-6); got == Fast {
		t.Errorf("a 10 ms bar reaches row 7")
	}
}

func TestSize(t *testing.T) {
	if w, h := Size(nil, false); w != 0 || h != 0 {
		t.Errorf("nothing: %dx%d", w, h)
	}
	w, h := Size([]string{"fps 60.0", "x"}, true)
	if w != GraphW+2*Pad || h != 2*CellH-2+Pad+GraphH+2*Pad {
		t.Errorf("two lines and a graph: %dx%d", w, h)
	}
}
