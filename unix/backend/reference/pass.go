package reference

import (
	"encoding/binary"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/reference/texel"
)

// target is one attachment image being rendered: level and slice (or depth
// plane) of a texture, its samples next to each other per pixel.
type target struct {
	tex     *Texture
	img     []byte
	w, h    int
	samples int
	bpp     int
	format  pixfmt.Format
	codec   *texel.Codec
	norm    bool // unorm: clamp colours to 0..1
	// four8 is 1 for RGBA8Unorm and 2 for BGRA8Unorm (0 for others),
	// whose samples blending reads and writes inline as one word rather
	// than through the codec's calls.
	four8 uint8
}

const (
	four8RGBA = 1
	four8BGRA = 2
)

// decode reads one sample's colour, as its codec does.
func (t *target) decode(px []byte) [4]float32 {
	if t.four8 == 0 {
		return t.codec.Decode(px)
	}
	return unpack8(px, t.four8 == four8BGRA)
}

// encode writes one sample's colour, as its codec does.
func (t *target) encode(px []byte, c [4]float32) {
	if t.four8 == 0 {
		t.codec.Encode(px, c)
		return
	}
	pack8(px, t.four8 == four8BGRA, uint32(texel.U8(c[0])), uint32(texel.U8(c[1])), uint32(texel.U8(c[2])), uint32(texel.U8(c[3])))
}

// unpack8 decodes an 8-bit unorm RGBA (or, bgra, BGRA) sample to red,
// green, blue and alpha, as the formats' codecs do.
func unpack8(px []byte, bgra bool) [4]float32 {
	v := binary.LittleEndian.Uint32(px)
	a, b, c, d := texel.Unorm8(uint8(v)), texel.Unorm8(uint8(v>>8)), texel.Unorm8(uint8(v>>16)), texel.Unorm8(uint8(v>>24))
	if bgra {
		a, c = c, a
	}
	return [4]float32{a, b, c, d}
}

// pack8 stores red, green, blue and alpha bytes as an 8-bit RGBA (or,
// bgra, BGRA) sample.
func pack8(px []byte, bgra bool, r, g, b, a uint32) {
	if bgra {
		r, b = b, r
	}
	binary.LittleEndian.PutUint32(px, r|g<<8|b<<16|a<<24)
}

func newTarget(a *backend.AttachmentDesc) (*target, error) {
	if a.Texture == nil {
		return nil, nil
	}
	t, ok := a.Texture.(*Texture)
	if !ok {
		return nil, fmt.Errorf("reference: attachment is a %T", a.Texture)
	}
	if a.Level >= len(t.levels) || a.Slice >= t.slices || a.DepthPlane >= t.levelDepth(a.Level) {
		return nil, fmt.Errorf("reference: attachment level %d slice %d plane %d out of range", a.Level, a.Slice, a.DepthPlane)
	}
	f := t.desc.Format
	if f.IsCompressed() {
		return nil, fmt.Errorf("reference: cannot render to %v", f)
	}
	tg := &target{tex: t, img: t.image(a.Level, a.Slice, a.DepthPlane), w: t.levelWidth(a.Level), h: t.levelHeight(a.Level),
		samples: t.desc.SampleCount, bpp: f.Info().BytesPerBlock, format: f, codec: texel.For(f), norm: f.Info().Normalized}
	switch f {
	case pixfmt.RGBA8Unorm:
		tg.four8 = four8RGBA
	case pixfmt.BGRA8Unorm:
		tg.four8 = four8BGRA
	}
	return tg, nil
}

// at returns the bytes of sample s of pixel (x, y).
func (t *target) at(x, y, s int) []byte {
	o := ((y*t.w+x)*t.samples + s) * t.bpp
	return t.img[o : o+t.bpp]
}

// pass is a render pass being executed.
type pass struct {
	color          [backend.MaxColorAttachments]*target
	depth, stencil *target
	w, h, samples  int
	pos            [][2]int // sample positions (samplePos, or all at the centre)
	prims          [][]prim // in draw order: the geometry workers' lists, one after another
	visOffsets     []int    // buffer offsets of visibility counters
	visCounts      []uint64 // summed over workers after raster
}

// visibilitySlot returns the counter index for a result offset, making one
// on first use. Counting happens per worker; the sums are deterministic.
func (p *pass) visibilitySlot(offset int) int {
	for i, o := range p.visOffsets {
		if o == offset {
			return i
		}
	}
	p.visOffsets = append(p.visOffsets, offset)
	return len(p.visOffsets) - 1
}

// writeVisibility stores each counter, as 0 or 1 where a draw used the
// offset in boolean mode.
func (p *pass) writeVisibility(d *backend.RenderPassDesc, draws []draw) {
	if len(p.visOffsets) == 0 {
		return
	}
	buf := d.VisibilityResults.(*Buffer)
	boolean := make([]bool, len(p.visOffsets))
	for i := range draws {
		st := draws[i].st
		if st.visMode == backend.VisibilityBoolean {
			boolean[p.visibilitySlot(st.visOffset)] = true
		}
	}
	for i, o := range p.visOffsets {
		v := p.visCounts[i]
		if boolean[i] && v != 0 {
			v = 1
		}
		binary.LittleEndian.PutUint64(buf.data[o:], v)
	}
}

// Sample positions within a pixel, in 1/16 pixel from its top-left corner:
// Metal's (and D3D's) standard patterns.
var samplePos = map[int][][2]int{
	1: {{8, 8}},
	2: {{12, 12}, {4, 4}},
	4: {{6, 2}, {14, 6}, {2, 10}, {10, 14}},
	8: {{9, 5}, {7, 11}, {13, 9}, {5, 3}, {3, 13}, {1, 7}, {11, 15}, {15, 1}},
}

// execute runs the pass. A panic in a vertex or fragment program (an
// interpreter bug, say) fails the command buffer instead of the process.
func (rp *renderPass) execute() (err error) {
	defer rp.release()
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("reference: render pass: %v", v)
		}
	}()
	p := &pass{samples: 0, w: 1 << 30, h: 1 << 30}
	d := &rp.desc
	setSize := func(t *target) error {
		p.w, p.h = min(p.w, t.w), min(p.h, t.h)
		if p.samples != 0 && p.samples != t.samples {
			return fmt.Errorf("reference: attachments disagree on sample count")
		}
		p.samples = t.samples
		return nil
	}
	for i := range d.Color {
		if p.color[i], err = newTarget(&d.Color[i].AttachmentDesc); err != nil {
			return err
		}
		if p.color[i] != nil {
			if p.color[i].codec == nil {
				return fmt.Errorf("reference: colour attachment %d has format %v", i, p.color[i].format)
			}
			if err := setSize(p.color[i]); err != nil {
				return err
			}
		}
	}
	if p.depth, err = newTarget(&d.Depth.AttachmentDesc); err != nil {
		return err
	}
	if p.stencil, err = newTarget(&d.Stencil.AttachmentDesc); err != nil {
		return err
	}
	for _, t := range []*target{p.depth, p.stencil} {
		if t != nil {
			if err := setSize(t); err != nil {
				return err
			}
		}
	}
	if p.samples == 0 {
		return fmt.Errorf("reference: render pass without attachments")
	}
	if samplePos[p.samples] == nil {
		return fmt.Errorf("reference: sample count %d: %w", p.samples, backend.ErrUnsupported)
	}
	p.pos = samplePos[p.samples]
	if d.CenterSamples {
		p.pos = make([][2]int, p.samples)
		for i := range p.pos {
			p.pos[i] = [2]int{8, 8}
		}
	}
	p.load(d)
	gs, err := p.geometry(rp.draws)
	defer func() {
		for _, g := range gs {
			g.release()
		}
	}()
	if err != nil {
		return err
	}
	// Referenced, not copied: a frame of a thousand draws has megabytes
	// of them.
	for _, g := range gs {
		p.prims = append(p.prims, g.prims)
	}
	if err := p.raster(); err != nil {
		return err
	}
	p.store(d)
	p.writeVisibility(d, rp.draws)
	return nil
}

func (p *pass) load(d *backend.RenderPassDesc) {
	for i, t := range p.color {
		if t == nil || d.Color[i].Load != backend.LoadClear {
			continue
		}
		cc := d.Color[i].ClearColor
		px := make([]byte, t.bpp)
		t.codec.Encode(px, [4]float32{float32(cc[0]), float32(cc[1]), float32(cc[2]), float32(cc[3])})
		fill(t.img, px)
	}
	if t := p.depth; t != nil && d.Depth.Load == backend.LoadClear {
		for o := 0; o < len(t.img); o += t.bpp {
			texel.StoreDepth(t.format, t.img[o:], float32(d.Depth.ClearDepth))
		}
	}
	if t := p.stencil; t != nil && d.Stencil.Load == backend.LoadClear {
		for o := 0; o < len(t.img); o += t.bpp {
			texel.StoreStencil(t.format, t.img[o:], uint8(d.Stencil.ClearStencil))
		}
	}
}

func fill(dst, pattern []byte) {
	if len(dst) == 0 {
		return
	}
	n := copy(dst, pattern)
	for n < len(dst) {
		n += copy(dst[n:], dst[:n])
	}
}

func (p *pass) store(d *backend.RenderPassDesc) {
	resolve := func(t *target, a *backend.AttachmentDesc, depth bool) {
		if t == nil {
			return
		}
		t.tex.touch()
		if a.Store != backend.StoreMultisampleResolve && a.Store != backend.StoreStoreAndMultisampleResolve {
			return
		}
		rt, ok := a.ResolveTexture.(*Texture)
		if !ok || rt == nil {
			return
		}
		dst := rt.image(a.ResolveLevel, a.ResolveSlice, 0)
		w, h := min(t.w, rt.levelWidth(a.ResolveLevel)), min(t.h, rt.levelHeight(a.ResolveLevel))
		bpp := rt.desc.Format.Info().BytesPerBlock
		rw := rt.levelWidth(a.ResolveLevel)
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				out := dst[(y*rw+x)*bpp:]
				if depth {
					// Metal resolves depth and stencil from sample 0.
					copy(out[:bpp], t.at(x, y, 0))
					continue
				}
				var sum [4]float32
				for s := 0; s < t.samples; s++ {
					c := t.codec.Decode(t.at(x, y, s))
					for i := range sum {
						sum[i] += c[i]
					}
				}
				for i := range sum {
					sum[i] /= float32(t.samples)
				}
				texel.Encode(rt.desc.Format, out, sum)
			}
		}
		rt.touch()
	}
	for i, t := range p.color {
		resolve(t, &d.Color[i].AttachmentDesc, false)
	}
	resolve(p.depth, &d.Depth.AttachmentDesc, true)
	if p.stencil != p.depth || p.depth == nil {
		resolve(p.stencil, &d.Stencil.AttachmentDesc, true)
	}
}

// geometryDraws is the fewest draws a geometry worker takes: below it
// the hand-off costs more than the work.
const geometryDraws = 8

// geometry shades and sets up the pass's draws: split into contiguous
// runs of draws, one per worker, whose primitive lists, taken in run
// order (as p.prims holds them), are the draws' one after another (each
// draw's geometry depends on its own state only). A failure is the first
// draw's that fails, in draw order.
func (p *pass) geometry(draws []draw) ([]*geometry, error) {
	n := min(runtime.GOMAXPROCS(0), len(draws)/geometryDraws)
	if n <= 1 {
		g := newGeometry(p)
		for i := range draws {
			if err := g.draw(&draws[i]); err != nil {
				return []*geometry{g}, err
			}
		}
		return []*geometry{g}, nil
	}
	// Visibility counters get their slots in draw order first, so the
	// workers only read the table.
	for i := range draws {
		if st := draws[i].st; st.visMode != backend.VisibilityDisabled {
			p.visibilitySlot(st.visOffset)
		}
	}
	gs := make([]*geometry, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for w := range n {
		gs[w] = newGeometry(p)
		lo, hi := len(draws)*w/n, len(draws)*(w+1)/n
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if v := recover(); v != nil {
					errs[w] = fmt.Errorf("reference: geometry: %v", v)
				}
			}()
			for i := lo; i < hi; i++ {
				if err := gs[w].draw(&draws[i]); err != nil {
					errs[w] = err
					return
				}
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return gs, err
		}
	}
	return gs, nil
}

// bandRows is the height of the horizontal bands that raster workers own.
// Even, so a 2x2 quad never straddles two bands.
const bandRows = 16

// raster draws the pass's primitives. Rows are split into bands, each
// taken by the next worker free (so a worker that shares its core with
// another thread holds no band back); a worker draws every primitive, in
// order, clipped to its band, so each pixel sees the same sequence of
// writes whatever the worker count or order and the output is
// deterministic.
func (p *pass) raster() error {
	p.visCounts = make([]uint64, len(p.visOffsets))
	if !slices.ContainsFunc(p.prims, func(l []prim) bool { return len(l) > 0 }) {
		return nil
	}
	bands := (p.h + bandRows - 1) / bandRows
	n := min(runtime.GOMAXPROCS(0), bands)
	if n <= 1 {
		w := newWorker(p)
		w.run(new(atomic.Int32), bands)
		w.addVisibility()
		return nil
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failure error
	var next atomic.Int32
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if v := recover(); v != nil {
					mu.Lock()
					if failure == nil {
						failure = fmt.Errorf("reference: raster: %v", v)
					}
					mu.Unlock()
				}
			}()
			w := newWorker(p)
			w.run(&next, bands)
			mu.Lock()
			w.addVisibility()
			mu.Unlock()
		}()
	}
	wg.Wait()
	return failure
}
