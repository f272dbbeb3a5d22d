package hud

import "math"

// Image is an RGBA8 picture, rows W*4 bytes apart, straight (not
// premultiplied) alpha: the overlay the device uploads and blends.
type Image struct {
	W, H int
	Pix  []byte
}

// RGBA is one colour of the overlay.
type RGBA [4]uint8

// The overlay's look: text over a translucent dark panel, so the game
// stays visible behind it; the graph's bars coloured by frame time.
var (
	Background = RGBA{0, 0, 0, 176}
	TextColour = RGBA{255, 255, 255, 255}
	GraphBack  = RGBA{48, 48, 48, 208}
	GraphGuide = RGBA{110, 110, 110, 255}
	Fast       = RGBA{64, 224, 64, 255}  // up to a 60 Hz frame
	Slow       = RGBA{240, 208, 48, 255} // up to a 30 Hz frame
	Slower     = RGBA{240, 64, 48, 255}  // longer
)

// Layout figures, in overlay pixels.
const (
	Pad       = 3
	GraphW    = 120
	GraphH    = 32
	GraphSpan = 3000.0 // milliseconds of history the graph spans
	GraphTop  = 50.0   // frame time at the graph's top, milliseconds
)

// Size is the overlay's size for the lines and, with graph, a frame-time
// graph under them.
func Size(lines []string, graph bool) (w, h int) {
	w = 0
	for _, l := range lines {
		w = max(w, len(l)*CellW-1)
	}
	if len(lines) > 0 {
		h = len(lines)*CellH - 2
	}
	if graph {
		w = max(w, GraphW)
		if len(lines) > 0 {
			h += Pad
		}
		h += GraphH
	}
	if w <= 0 || h <= 0 {
		return 0, 0
	}
	return w + 2*Pad, h + 2*Pad
}

// Render draws the overlay into m, resizing it to Size: the lines top
// down, then, with graph, the frame times (milliseconds, oldest first)
// of the last GraphSpan as bars, newest on the right.
func Render(m *Image, lines []string, graph bool, times []float32) {
	m.W, m.H = Size(lines, graph)
	if n := m.W * m.H * 4; cap(m.Pix) < n {
		m.Pix = make([]byte, n)
	} else {
		m.Pix = m.Pix[:n]
	}
	m.Fill(0, 0, m.W, m.H, Background)
	y := Pad
	for _, l := range lines {
		m.Text(Pad, y, l, TextColour)
		y += CellH
	}
	if graph {
		if len(lines) > 0 {
			y += Pad - 2
		}
		m.Graph(Pad, y, GraphW, GraphH, times)
	}
}

// Fill sets the rectangle [x0, x1) x [y0, y1), cut to the image, to c.
func (m *Image) Fill(x0, y0, x1, y1 int, c RGBA) {
	x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, m.W), min(y1, m.H)
	for y := y0; y < y1; y++ {
		row := m.Pix[(y*m.W+x0)*4 : (y*m.W+x1)*4]
		for i := 0; i < len(row); i += 4 {
			copy(row[i:i+4], c[:])
		}
	}
}

// Text draws s with its first cell's top-left corner at (x, y).
func (m *Image) Text(x, y int, s string, c RGBA) {
	for i := 0; i < len(s); i++ {
		g := Glyph(s[i])
		for r, bits := range g {
			for col := 0; col < GlyphW; col++ {
				if bits&(1<<(GlyphW-1-col)) != 0 {
					m.Fill(x+col, y+r, x+col+1, y+r+1, c)
				}
			}
		}
		x += CellW
	}
}

// Graph draws frame times (milliseconds, oldest first) in the w x h box
// at (x, y): each column is GraphSpan/w of time, as high as the longest
// frame that was on screen during it, so a stall shows as wide as it
// lasted. Guides mark 60 Hz and 30 Hz frames.
func (m *Image) Graph(x, y, w, h int, times []float32) {
	m.Fill(x, y, x+w, y+h, GraphBack)
	height := func(ms float32) int { return min(int(ms/GraphTop*float32(h)+0.5), h) }
	for _, g := range []float32{1000.0 / 60, 1000.0 / 30} {
		m.Fill(x, y+h-height(g), x+w, y+h-height(g)+1, GraphGuide)
	}
	col := make([]float32, w) // longest frame per column, right = newest
	slot := float32(GraphSpan) / float32(w)
	var back float32 // milliseconds before the newest frame's end
	for i := len(times) - 1; i >= 0 && back < GraphSpan; i-- {
		t := max(times[i], 0)
		first, last := int(back/slot), int(math.Ceil(float64((back+t)/slot)))-1
		for c := first; c <= last && c < w; c++ {
			col[c] = max(col[c], t)
		}
		back += t
	}
	for c, t := range col {
		if t <= 0 {
			continue
		}
		colour := Fast
		if t > 1000.0/60+0.5 {
			colour = Slow
		}
		if t > 1000.0/30+0.5 {
			colour = Slower
		}
		px := x + w - 1 - c
		m.Fill(px, y+h-max(height(t), 1), px+1, y+h, colour)
	}
}
