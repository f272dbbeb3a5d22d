package device

import (
	"fmt"
	"runtime/metrics"
	"time"

	"go.uber.org/zap"

	"mtld3d/core/config"
	"mtld3d/core/hud"
	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
	"mtld3d/unix/process"
)

// The heads-up display (hud = items). At each Present the encoder lays
// out the items' lines and the frame-time graph as a small RGBA8 image
// (core/hud), uploads it and blends it, as one textured quad, over the
// top-left corner of the picture the back buffer was just drawn as in
// the front image: so the window, GetFrontBufferData and the PNG dumps all show
// it, while the back buffer, which a COPY swap chain keeps and the game
// may read, stays the game's. Its figures are the encoder's: the time
// between the Presents it replays, the draw records it replayed, the
// builds perf.go counts. Off, it costs one counter update per draw.

const (
	hudRing    = 1024                   // frame times kept for the graph
	hudRefresh = 500 * time.Millisecond // how often the text's figures change
	hudBigAt   = 720                    // front images this tall get the overlay at twice the size
)

type hudState struct {
	items config.HUD
	draws int // draw records since the last Present
	// Frame times in milliseconds, a ring; n counts every one pushed.
	times [hudRing]float32
	n     int
	last  time.Time // the last Present
	// The window the text's figures come from.
	winStart            time.Time
	winFrames           int
	winSum, winMax      float64 // ms
	fps, mean, longest  float64
	frameDraws          int
	heapMiB, peakRSSMiB float64
	lines               []string
	img                 hud.Image
	graph               []float32
	tex                 backend.Texture
	warned              bool
	mem                 []metrics.Sample
}

func (h *hudState) release() {
	if h.tex != nil {
		h.tex.Release()
		h.tex = nil
	}
}

// hudFrame counts a Present.
func (d *Device) hudFrame(now time.Time) {
	h := &d.hud
	h.frameDraws, h.draws = h.draws, 0
	if !h.last.IsZero() {
		ms := float64(now.Sub(h.last)) / float64(time.Millisecond)
		h.times[h.n%hudRing] = float32(ms)
		h.n++
		h.winFrames++
		h.winSum += ms
		h.winMax = max(h.winMax, ms)
	} else {
		h.winStart = now
	}
	h.last = now
	if secs := now.Sub(h.winStart); secs >= hudRefresh && h.winFrames > 0 {
		h.fps = float64(h.winFrames) / secs.Seconds()
		h.mean, h.longest = h.winSum/float64(h.winFrames), h.winMax
		h.winStart, h.winFrames, h.winSum, h.winMax = now, 0, 0, 0
		if h.items&config.HUDMemory != 0 {
			d.hudMemory()
		}
	}
}

// hudMemory reads the Go heap (without stopping the world, as
// runtime.ReadMemStats would) and the process's peak resident memory.
func (d *Device) hudMemory() {
	h := &d.hud
	if h.mem == nil {
		h.mem = []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	}
	metrics.Read(h.mem)
	if h.mem[0].Value.Kind() == metrics.KindUint64 {
		h.heapMiB = float64(h.mem[0].Value.Uint64()) / (1 << 20)
	}
	h.peakRSSMiB = float64(peakRSS()) / (1 << 20)
}

// hudLines is the text of the items, in HUDNames order.
func (d *Device) hudLines() []string {
	h := &d.hud
	l := h.lines[:0]
	figure := func(format string, v float64) string {
		if h.fps == 0 { // no window finished yet
			return "-"
		}
		return fmt.Sprintf(format, v)
	}
	if h.items&config.HUDFPS != 0 {
		l = append(l, "fps "+figure("%.1f", h.fps))
	}
	if h.items&config.HUDFrameTime != 0 {
		l = append(l, "frame "+figure("%.1f", h.mean)+" ms, max "+figure("%.1f", h.longest))
	}
	if h.items&config.HUDDraws != 0 {
		l = append(l, fmt.Sprintf("draws %d", h.frameDraws))
	}
	if h.items&config.HUDCompiles != 0 {
		l = append(l, fmt.Sprintf("built %d shaders, %d pipelines", d.perf.functions.Load(), d.perf.pipelines.Load()))
	}
	if h.items&config.HUDMemory != 0 {
		l = append(l, "heap "+figure("%.0f", h.heapMiB)+" MiB, peak rss "+figure("%.0f", h.peakRSSMiB)+" MiB")
	}
	if h.items&config.HUDVersion != 0 {
		l = append(l, "mtld3d "+process.Version)
	}
	h.lines = l
	return l
}

// hudGraph is the ring's frame times, oldest first, as far back as the
// graph reaches.
func (h *hudState) hudGraph() []float32 {
	g := h.graph[:0]
	var span float32
	k := min(h.n, hudRing)
	first := h.n
	for first > h.n-k && span < hud.GraphSpan {
		first--
		span += h.times[first%hudRing]
	}
	for i := first; i < h.n; i++ {
		g = append(g, h.times[i%hudRing])
	}
	h.graph = g
	return g
}

// drawHUD blends the overlay over the top-left corner of the picture
// Present just drew into rectangle dr of the front image, and only over
// that picture: pixels outside it keep what they held, an older overlay
// too, which blending again would darken.
func (d *Device) drawHUD(front *surface, dr rect) {
	h := &d.hud
	if err := d.hudDraw(front, dr); err != nil && !h.warned {
		h.warned = true
		d.log.Warn("hud: cannot draw", zap.Error(err))
	}
	// The quad's pass ended the game's and its encoder state: the next
	// draw binds everything again.
	d.forgetDraw()
}

func (d *Device) hudDraw(front *surface, picture rect) error {
	h := &d.hud
	hud.Render(&h.img, d.hudLines(), h.items&config.HUDFrameTime != 0, h.hudGraph())
	w, ht := h.img.W, h.img.H
	if w == 0 || ht == 0 || d.cmd() == nil {
		return nil
	}
	if h.tex == nil || h.tex.Width() < w || h.tex.Height() < ht {
		if h.tex != nil {
			d.flush() // commands encoded may sample it
			h.tex.Release()
			h.tex = nil
		}
		// Room to grow: a line's figures change its width.
		tw, th := (w+63)&^63, (ht+15)&^15
		tex, err := d.be.NewTexture(backend.TextureDesc{Type: backend.TextureType2D, Format: pixfmt.RGBA8Unorm,
			Width: tw, Height: th, Usage: backend.UsageShaderRead})
		if err != nil {
			return fmt.Errorf("overlay texture %dx%d: %w", tw, th, err)
		}
		h.tex = tex
	}
	if err := d.writeTexture(nil, h.tex, backend.Region{Width: w, Height: ht, Depth: 1}, 0, 0, h.img.Pix, w*4, 0); err != nil {
		return err
	}
	scale := 1
	if front.height >= hudBigAt {
		scale = 2
	}
	picture = picture.and(rect{0, 0, front.width, front.height})
	sr, dr := rect{0, 0, w, ht}, rect{picture.l, picture.t, picture.l + w*scale, picture.t + ht*scale}
	clip := dr.and(picture)
	if clip.empty() {
		return nil
	}
	// presentFS with nearest sampling: one overlay texel per scale x
	// scale pixels.
	q := texQuad{fs: backend.FunctionDesc{Stage: backend.StageFragment, Source: presentMSL, Entry: "mtld3d_present_fs", Program: presentFS},
		sampler: backend.DefaultSamplerDesc(), tex: h.tex, format: front.mapping.Format, w: front.width, h: front.height,
		scissor: clip, params: quadParams(sr, dr, h.tex.Width(), h.tex.Height(), 0), blend: true}
	front.target(&q.target)
	return d.drawTexQuad(&q)
}
