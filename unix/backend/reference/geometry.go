package reference

import (
	"encoding/binary"
	"fmt"
	"math"
	"runtime"
	"sync"

	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
)

// pvert is a vertex after clipping and the viewport transform: window
// coordinates (y down, pixel centres at .5), window depth and 1/w.
type pvert struct {
	x, y, z, invw float64
	psize         float32
	vary          [backend.MaxVaryings][4]float32
}

// drawCtx is what every primitive of one draw shares.
type drawCtx struct {
	st             *renderState
	pl             *pipeline
	fs             *stageRes
	fsRes          stageRes // what fs points at: one allocation a draw, not two
	x0, y0, x1, y1 int      // pixels drawn: scissor, viewport and target (end exclusive)
	zmin, zmax     float64
	nvary          int
	vis            int // index of the visibility counter, -1 for none
	// The blend colour clamped to 0..1, as unorm targets read it.
	blendColorNorm [4]float32
	tested         bool // samples go through depthStencil (setTested)
	linear         bool // triLinear shades the draw's triangles, as lin says
	lin            linearShade
}

type primKind uint8

const (
	primTri primKind = iota
	primLine
	primPoint
)

// prim is a primitive ready to rasterize.
type prim struct {
	dc                     *drawCtx
	kind                   primKind
	front                  bool
	v                      [3]*pvert
	flat                   *pvert // provoking vertex for flat varyings
	minX, minY, maxX, maxY int    // pixel bounds, inclusive
	// Triangles: edge i (opposite vertex i) is E = a*x + b*y + c over
	// 1/256-pixel fixed-point coordinates, >= 0 inside after bias.
	ea, eb, ec [3]int64
	bias       [3]int64
	area       float64
	invArea    float64 // 1/area: barycentrics multiply
	// The edge functions in float64 (exact below 2^53, so for any target
	// up to the guard band), which 386 evaluates without runtime calls.
	fa, fb, fc [3]float64
	dzdx, dzdy float64
	zoff       float64 // depth bias
	size       float64 // point size
}

// cvert is a vertex in clip space, as clipping interpolates it.
type cvert struct {
	p     [4]float64
	cd    [backend.MaxClipDistances]float64
	psize float32
	vary  [backend.MaxVaryings][4]float32
}

// geometry turns a pass's draws into primitives: vertex fetch and
// shading, primitive assembly, clipping, the viewport transform, culling
// and triangle setup. It runs on the queue goroutine before raster.
type geometry struct {
	p     *pass
	outs  []backend.VertexOut
	codes []uint32
	proj  []*pvert
	poly  [2][]cvert
	slots []int32
	ids   []uint32
	sig   backend.VertexSignature // of the current draw's vertex program
	prims []prim                  // the primitives of the draws it ran, in order
	pvs   []pvert                 // carvePverts' current block
	// blocks are the pooled blocks pvs came from, released with the pass.
	blocks []*[]pvert
	dense  []int32  // draw's index-to-slot table, reused
	vsRes  stageRes // the current draw's vertex-stage resources
	job    shadeJob // the draw shade works on
	// scratch is shade's when it runs on this goroutine.
	scratch shadeScratch
}

func newGeometry(p *pass) *geometry {
	g := &geometry{p: p}
	if b, ok := primBlocks.Get().(*[]prim); ok {
		g.prims = (*b)[:0]
	}
	return g
}

// Primitive lists are reused from pass to pass as vertices are.
var primBlocks sync.Pool

// Clip planes, as outcode bits; 7.. are the clip distances.
const (
	planeNear = iota
	planeFar
	planeLeft
	planeRight
	planeBottom
	planeTop
	planeW
	planeDist
)

// wEpsilon keeps w away from 0 so the perspective divide is finite.
const wEpsilon = 1e-9

func planeDistance(plane int, v *cvert, gb float64) float64 {
	p := &v.p
	switch plane {
	case planeNear:
		return p[2]
	case planeFar:
		return p[3] - p[2]
	case planeLeft:
		return p[0] + gb*p[3]
	case planeRight:
		return gb*p[3] - p[0]
	case planeBottom:
		return p[1] + gb*p[3]
	case planeTop:
		return gb*p[3] - p[1]
	case planeW:
		return p[3] - wEpsilon
	}
	return v.cd[plane-planeDist]
}

type clipper struct {
	planes uint32 // bits of the planes in use
	gb     float64
	nvary  int
}

func (c *clipper) outcode(v *cvert) uint32 {
	// planeDistance's expressions written out for the fixed planes.
	p, gb := &v.p, c.gb
	var code uint32
	set := func(pl int, outside bool) {
		if outside {
			code |= 1 << pl
		}
	}
	set(planeNear, p[2] < 0)
	set(planeFar, p[3]-p[2] < 0)
	set(planeLeft, p[0]+gb*p[3] < 0)
	set(planeRight, gb*p[3]-p[0] < 0)
	set(planeBottom, p[1]+gb*p[3] < 0)
	set(planeTop, gb*p[3]-p[1] < 0)
	set(planeW, p[3]-wEpsilon < 0)
	for i := range v.cd {
		set(planeDist+i, v.cd[i] < 0)
	}
	return code & c.planes
}

func (c *clipper) lerp(a, b *cvert, t float64, out *cvert) {
	for i := range out.p {
		out.p[i] = a.p[i] + (b.p[i]-a.p[i])*t
	}
	for i := range out.cd {
		out.cd[i] = a.cd[i] + (b.cd[i]-a.cd[i])*t
	}
	out.psize = a.psize + (b.psize-a.psize)*float32(t)
	tf := float32(t)
	for j := 0; j < c.nvary; j++ {
		for k := 0; k < 4; k++ {
			out.vary[j][k] = a.vary[j][k] + (b.vary[j][k]-a.vary[j][k])*tf
		}
	}
}

func (g *geometry) draw(d *draw) error {
	st := d.st
	pl := st.pipeline
	p := g.p
	vp := st.viewport
	dc := &drawCtx{st: st, pl: pl, nvary: min(pl.vsig.Varyings, backend.MaxVaryings), vis: -1}
	for i, c := range st.blendColor {
		dc.blendColorNorm[i] = clamp01(c)
	}
	if st.visMode != backend.VisibilityDisabled {
		dc.vis = p.visibilitySlot(st.visOffset)
	}
	g.sig = pl.vsig
	if pl.desc.SampleCount != p.samples {
		return fmt.Errorf("reference: pipeline sample count %d, pass %d", pl.desc.SampleCount, p.samples)
	}
	vx0, vx1 := math.Min(vp.OriginX, vp.OriginX+vp.Width), math.Max(vp.OriginX, vp.OriginX+vp.Width)
	vy0, vy1 := math.Min(vp.OriginY, vp.OriginY+vp.Height), math.Max(vp.OriginY, vp.OriginY+vp.Height)
	sc := st.scissor
	dc.x0 = max(0, sc.X, int(math.Ceil(vx0-0.5)))
	dc.y0 = max(0, sc.Y, int(math.Ceil(vy0-0.5)))
	dc.x1 = min(p.w, sc.X+sc.Width, int(math.Ceil(vx1-0.5)))
	dc.y1 = min(p.h, sc.Y+sc.Height, int(math.Ceil(vy1-0.5)))
	if dc.x0 >= dc.x1 || dc.y0 >= dc.y1 {
		return nil
	}
	dc.zmin, dc.zmax = math.Min(vp.ZNear, vp.ZFar), math.Max(vp.ZNear, vp.ZFar)
	// The vertex stage's resources serve this call only; the fragment
	// stage's live with the draw's primitives until raster.
	vs := &g.vsRes
	vs.init(&st.vs)
	dc.fsRes.init(&st.fs)
	dc.fs = &dc.fsRes
	dc.setTested(p)
	dc.setLinear(p)

	clip := &clipper{nvary: pl.vsig.Varyings, planes: 1<<planeLeft | 1<<planeRight | 1<<planeBottom | 1<<planeTop | 1<<planeW}
	if st.clipMode == backend.DepthClip {
		clip.planes |= 1<<planeNear | 1<<planeFar
	}
	for i := 0; i < pl.vsig.ClipDistances; i++ {
		clip.planes |= 1 << (planeDist + i)
	}
	// The guard band keeps window coordinates within 2^20 pixels, so
	// fixed-point edge functions cannot overflow; clipping to it instead
	// of to the viewport changes no pixel.
	clip.gb = float64(1<<20) / math.Max(1, math.Max(math.Abs(vp.Width), math.Abs(vp.Height)))

	// Which vertices the draw reads: slots[k] names the k-th vertex of
	// the stream in g.ids (unique vertex IDs), -1 for a strip restart.
	g.slots, g.ids = g.slots[:0], g.ids[:0]
	if d.indexed {
		size := 2
		if d.indexType == backend.IndexUInt32 {
			size = 4
		}
		ib := d.ib.data
		if d.ibOffset+d.count*size > len(ib) {
			return fmt.Errorf("reference: index buffer too short")
		}
		read := func(k int) uint32 {
			if size == 2 {
				return uint32(binary.LittleEndian.Uint16(ib[d.ibOffset+2*k:]))
			}
			return binary.LittleEndian.Uint32(ib[d.ibOffset+4*k:])
		}
		restartIndex := uint32(0xffff)
		if size == 4 {
			restartIndex = 0xffffffff
		}
		strip := d.prim == backend.PrimitiveLineStrip || d.prim == backend.PrimitiveTriangleStrip
		// Each distinct index is shaded once: a slot table over the
		// index range when it is dense enough, else a map.
		lo, hi := ^uint32(0), uint32(0)
		for k := 0; k < d.count; k++ {
			if ix := read(k); !(strip && ix == restartIndex) {
				lo, hi = min(lo, ix), max(hi, ix)
			}
		}
		var dense []int32
		var seen map[uint32]int32
		if lo <= hi && int(hi-lo) <= 4*d.count+4096 {
			if cap(g.dense) < int(hi-lo+1) {
				g.dense = make([]int32, hi-lo+1)
			}
			dense = g.dense[:hi-lo+1]
			for i := range dense {
				dense[i] = -1
			}
		} else {
			seen = map[uint32]int32{}
		}
		for k := 0; k < d.count; k++ {
			ix := read(k)
			if strip && ix == restartIndex {
				g.slots = append(g.slots, -1)
				continue
			}
			var s int32
			if dense != nil {
				s = dense[ix-lo]
				if s < 0 {
					s = int32(len(g.ids))
					dense[ix-lo] = s
					g.ids = append(g.ids, uint32(int64(ix)+int64(d.baseVertex)))
				}
			} else {
				var ok bool
				if s, ok = seen[ix]; !ok {
					s = int32(len(g.ids))
					seen[ix] = s
					g.ids = append(g.ids, uint32(int64(ix)+int64(d.baseVertex)))
				}
			}
			g.slots = append(g.slots, s)
		}
	} else {
		for k := 0; k < d.count; k++ {
			g.slots = append(g.slots, int32(k))
			g.ids = append(g.ids, uint32(d.start+k))
		}
	}
	n := len(g.ids)
	if cap(g.outs) < n {
		g.outs = make([]backend.VertexOut, n)
		g.codes = make([]uint32, n)
		g.proj = make([]*pvert, n)
	}
	g.outs, g.codes, g.proj = g.outs[:n], g.codes[:n], g.proj[:n]
	for inst := 0; inst < d.instances; inst++ {
		g.shade(d, dc, vs, clip, uint32(inst))
		g.assemble(d.prim, dc, clip)
	}
	return nil
}

// shadeChunk is how many vertices are worth a goroutine of their own.
const shadeChunk = 256

// shadeScratch is what shading a range of vertices works in.
type shadeScratch struct {
	in  [4]backend.VertexIn
	out [4]backend.VertexOut
	cv  cvert
}

// carvePverts returns n zeroed projected vertices from the pass's blocks:
// primitives keep pointers to them until the pass is rasterized.
func (g *geometry) carvePverts(n int) []pvert {
	if cap(g.pvs)-len(g.pvs) < n {
		if n > pvertBlock {
			g.pvs = make([]pvert, 0, n)
		} else {
			b := pvertBlocks.Get().(*[]pvert)
			g.blocks = append(g.blocks, b)
			g.pvs = (*b)[:0]
		}
	}
	at := len(g.pvs)
	g.pvs = g.pvs[:at+n]
	v := g.pvs[at : at+n : at+n]
	clear(v)
	return v
}

// Blocks of projected vertices are reused from pass to pass: a frame of
// many draws shades tens of thousands of vertices, and fresh memory for
// them each pass costs the collector and page faults more than clearing.
const pvertBlock = 4096

var pvertBlocks = sync.Pool{New: func() any {
	b := make([]pvert, 0, pvertBlock)
	return &b
}}

// release hands the pass's vertex blocks back once it is rasterized.
func (g *geometry) release() {
	for _, b := range g.blocks {
		pvertBlocks.Put(b)
	}
	g.blocks, g.pvs = nil, nil
	if p := g.prims; cap(p) > 0 {
		clear(p) // no draw kept alive through it
		p = p[:0]
		primBlocks.Put(&p)
		g.prims = nil
	}
}

// shade runs the vertex program over the draw's vertices for one
// instance, in parallel chunks for big draws (each vertex is independent,
// so the result does not depend on the split).
func (g *geometry) shade(d *draw, dc *drawCtx, vs *stageRes, clip *clipper, inst uint32) {
	j := &g.job
	*j = shadeJob{d: d, dc: dc, vs: vs, clip: clip, inst: inst, pv: g.carvePverts(len(g.ids)), fetch: j.fetch, unset: j.unset}
	j.vb, j.batched = dc.pl.vp.(backend.VertexBatcher)
	j.planFetch(&dc.pl.desc.VertexDescriptor, &dc.st.vs, inst, uint32(d.baseInstance))
	n := len(g.ids)
	workers := min(runtime.GOMAXPROCS(0), (n+shadeChunk-1)/shadeChunk)
	if workers <= 1 {
		g.shadeRange(0, n, &g.scratch)
		return
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failure any
	per := (n + workers - 1) / workers
	for lo := 0; lo < n; lo += per {
		wg.Add(1)
		go func(lo, hi int) {
			defer wg.Done()
			defer func() {
				if v := recover(); v != nil {
					mu.Lock()
					failure = v
					mu.Unlock()
				}
			}()
			g.shadeRange(lo, hi, new(shadeScratch))
		}(lo, min(lo+per, n))
	}
	wg.Wait()
	if failure != nil {
		panic(failure) // execute turns it into the buffer's error
	}
}

// shadeJob is what shadeRange needs of the draw being shaded (kept in
// the geometry, so a draw's shading allocates nothing).
type shadeJob struct {
	d       *draw
	dc      *drawCtx
	vs      *stageRes
	clip    *clipper
	inst    uint32
	pv      []pvert
	vb      backend.VertexBatcher
	batched bool
	fetch   []fetchAttr // the draw's attributes with a format
	unset   []int       // and those without, which read (0, 0, 0, 1)
}

// fetchAttr is one attribute as a draw reads it (fetchVertex's work
// that is the same for every vertex of the draw and instance).
type fetchAttr struct {
	slot      int
	format    backend.VertexFormat
	data      []byte
	stride    uint64
	offset    uint64
	size      uint64
	perVertex bool   // the index is the vertex's
	index     uint32 // else this one
}

// planFetch fills j.fetch and j.unset for the draw's vertex descriptor and
// instance, reusing their storage.
func (j *shadeJob) planFetch(vd *backend.VertexDescriptor, b *stageBindings, inst, baseInst uint32) {
	j.fetch, j.unset = j.fetch[:0], j.unset[:0]
	for i := range vd.Attributes {
		a := &vd.Attributes[i]
		if a.Format == backend.VertexInvalid {
			j.unset = append(j.unset, i)
			continue
		}
		f := fetchAttr{slot: i, format: a.Format, offset: uint64(a.Offset), size: uint64(a.Format.Size())}
		if int(a.BufferIndex) < len(vd.Layouts) {
			l := &vd.Layouts[a.BufferIndex]
			f.stride = uint64(l.Stride)
			rate := max(l.StepRate, 1)
			switch l.Step {
			case backend.StepPerVertex:
				f.perVertex = true
			case backend.StepPerInstance:
				f.index = baseInst + inst/rate
			}
		}
		f.data = b.buffers[a.BufferIndex].data()
		j.fetch = append(j.fetch, f)
	}
}

// shadeRange shades vertices lo..hi-1 of the current job.
func (g *geometry) shadeRange(lo, hi int, sc *shadeScratch) {
	j := &g.job
	st, pl := j.dc.st, j.dc.pl
	for l := range sc.in {
		for _, a := range j.unset {
			sc.in[l].Attr[a] = [4]float32{0, 0, 0, 1}
		}
	}
	instID := j.inst + uint32(j.d.baseInstance)
	for i := lo; i < hi; {
		// Four vertices a run where the program can: one pass over its
		// code.
		n := 1
		if j.batched {
			n = min(4, hi-i)
		}
		// A run of four writes its vertices' outputs in place.
		out, direct := &sc.out, n == 4
		if direct {
			out = (*[4]backend.VertexOut)(g.outs[i : i+4])
		}
		for l := 0; l < n; l++ {
			fetchVertex(j.fetch, g.ids[i+l], instID, &sc.in[l])
			clearOut(&out[l], pl.vsig)
		}
		if j.batched {
			j.vb.RunVertices(j.vs, &sc.in, out, n)
		} else {
			pl.vp.RunVertex(j.vs, &sc.in[0], &out[0])
		}
		for l := 0; l < n; l++ {
			if !direct {
				g.outs[i+l] = sc.out[l]
			}
			toClip(&g.outs[i+l], &sc.cv, pl.vsig)
			g.codes[i+l] = j.clip.outcode(&sc.cv)
			g.proj[i+l] = project(&sc.cv, &st.viewport, j.dc.nvary, &j.pv[i+l])
		}
		i += n
	}
}

// clearOut zeroes what toClip reads of a vertex's outputs, for the
// program to write (the rest of the 340 bytes is never read).
func clearOut(o *backend.VertexOut, sig backend.VertexSignature) {
	o.Position, o.PointSize = [4]float32{}, 0
	clear(o.ClipDistance[:sig.ClipDistances])
	clear(o.Varyings[:sig.Varyings])
}

func toClip(o *backend.VertexOut, c *cvert, sig backend.VertexSignature) {
	for i := range c.p {
		c.p[i] = float64(o.Position[i])
	}
	for i := 0; i < sig.ClipDistances; i++ {
		c.cd[i] = float64(o.ClipDistance[i])
	}
	c.psize = o.PointSize
	copy(c.vary[:sig.Varyings], o.Varyings[:sig.Varyings])
}

// project applies the perspective divide and the viewport transform.
func project(c *cvert, vp *backend.Viewport, nvary int, v *pvert) *pvert {
	iw := 1 / c.p[3]
	v.invw, v.psize = iw, c.psize
	// Snap to the sub-pixel grid, as hardware does, so that positions
	// meant to sit on pixel centres do after float rounding.
	v.x = snap(vp.OriginX + (c.p[0]*iw+1)*vp.Width/2)
	v.y = snap(vp.OriginY + (1-c.p[1]*iw)*vp.Height/2)
	v.z = vp.ZNear + c.p[2]*iw*(vp.ZFar-vp.ZNear)
	copy(v.vary[:nvary], c.vary[:nvary])
	return v
}

func (g *geometry) assemble(t backend.PrimitiveType, dc *drawCtx, clip *clipper) {
	s := g.slots
	switch t {
	case backend.PrimitivePoint:
		for _, a := range s {
			if a >= 0 {
				g.point(dc, a)
			}
		}
	case backend.PrimitiveLine:
		for k := 0; k+1 < len(s); k += 2 {
			g.line(dc, clip, s[k], s[k+1])
		}
	case backend.PrimitiveLineStrip:
		for k := 1; k < len(s); k++ {
			if s[k-1] >= 0 && s[k] >= 0 {
				g.line(dc, clip, s[k-1], s[k])
			}
		}
	case backend.PrimitiveTriangle:
		for k := 0; k+2 < len(s); k += 3 {
			g.tri(dc, clip, s[k], s[k+1], s[k+2])
		}
	case backend.PrimitiveTriangleStrip:
		run := 0 // vertices since the last restart
		for k := 0; k < len(s); k++ {
			if s[k] < 0 {
				run = 0
				continue
			}
			run++
			if run < 3 {
				continue
			}
			if run%2 == 1 { // even triangle of the run
				g.tri(dc, clip, s[k-2], s[k-1], s[k])
			} else { // odd: swap the first two to keep the winding
				g.tri(dc, clip, s[k-1], s[k-2], s[k])
			}
		}
	}
}

func (g *geometry) cvert(slot int32, c *cvert) {
	toClip(&g.outs[slot], c, g.sig)
}

func (g *geometry) tri(dc *drawCtx, clip *clipper, a, b, c int32) {
	ca, cb, cc := g.codes[a], g.codes[b], g.codes[c]
	flat := g.proj[a]
	if ca&cb&cc != 0 {
		return
	}
	if ca|cb|cc == 0 {
		g.polygon(dc, []*pvert{g.proj[a], g.proj[b], g.proj[c]}, flat)
		return
	}
	// Sutherland-Hodgman against every plane some vertex is outside of.
	in := g.poly[0][:0]
	for _, s := range [3]int32{a, b, c} {
		var v cvert
		g.cvert(s, &v)
		in = append(in, v)
	}
	out := g.poly[1][:0]
	for pl := 0; pl < planeDist+backend.MaxClipDistances; pl++ {
		if (ca|cb|cc)&(1<<pl) == 0 {
			continue
		}
		out = out[:0]
		for i := range in {
			va, vb := &in[i], &in[(i+1)%len(in)]
			da, db := planeDistance(pl, va, clip.gb), planeDistance(pl, vb, clip.gb)
			if da >= 0 {
				out = append(out, *va)
			}
			if (da >= 0) != (db >= 0) {
				var v cvert
				clip.lerp(va, vb, da/(da-db), &v)
				out = append(out, v)
			}
		}
		in, out = out, in
		if len(in) < 3 {
			break
		}
	}
	g.poly[0], g.poly[1] = in, out
	if len(in) < 3 {
		return
	}
	vs := make([]*pvert, len(in))
	for i := range in {
		vs[i] = project(&in[i], &dc.st.viewport, dc.nvary, new(pvert))
	}
	g.polygon(dc, vs, flat)
}

// polygon culls a convex polygon and emits it as a fan of triangles, or
// as its outline in line fill mode.
func (g *geometry) polygon(dc *drawCtx, vs []*pvert, flat *pvert) {
	var area float64
	for i := range vs {
		a, b := vs[i], vs[(i+1)%len(vs)]
		area += a.x*b.y - b.x*a.y
	}
	if area == 0 || math.IsNaN(area) {
		return
	}
	// In window space (y down) a positive area is clockwise on screen.
	front := (area > 0) == (dc.st.winding == backend.WindingClockwise)
	switch dc.st.cull {
	case backend.CullFront:
		if front {
			return
		}
	case backend.CullBack:
		if !front {
			return
		}
	}
	if dc.st.fillMode == backend.FillLines {
		var t prim
		if !g.setupTri(dc, &t, vs[0], vs[1], vs[2], flat, front) {
			t.zoff = 0
		}
		for i := range vs {
			if l, ok := g.setupLine(dc, vs[i], vs[(i+1)%len(vs)], flat); ok {
				l.front, l.zoff = front, t.zoff
				g.prims = append(g.prims, l)
			}
		}
		return
	}
	for i := 1; i+1 < len(vs); i++ {
		var t prim
		if g.setupTri(dc, &t, vs[0], vs[i], vs[i+1], flat, front) {
			g.prims = append(g.prims, t)
		}
	}
}

const subpixel = 256 // fixed-point steps per pixel

func fixed(v float64) int64 {
	r := math.Round(v * subpixel)
	if runtime.GOARCH == "386" && r > -1<<31 && r < 1<<31 {
		return int64(int32(r)) // 386 converts to int64 with a runtime call
	}
	return int64(r)
}

// i64f is float64(v). 386 converts an int64 with a runtime call, but an
// int32 inline; the guard band keeps most edge values within int32.
func i64f(v int64) float64 {
	if runtime.GOARCH == "386" && v == int64(int32(v)) {
		return float64(int32(v))
	}
	return float64(v)
}

func snap(v float64) float64 { return math.Round(v*subpixel) / subpixel }

// setupTri prepares edge functions with the top-left rule, the pixel
// bounds, the depth plane and the depth bias.
func (g *geometry) setupTri(dc *drawCtx, t *prim, a, b, c *pvert, flat *pvert, front bool) bool {
	fx := [3]int64{fixed(a.x), fixed(b.x), fixed(c.x)}
	fy := [3]int64{fixed(a.y), fixed(b.y), fixed(c.y)}
	area := (fx[1]-fx[0])*(fy[2]-fy[0]) - (fx[2]-fx[0])*(fy[1]-fy[0])
	if area == 0 {
		return false
	}
	v := [3]*pvert{a, b, c}
	if area < 0 { // make it clockwise so that inside is E >= 0
		v[1], v[2] = v[2], v[1]
		fx[1], fx[2] = fx[2], fx[1]
		fy[1], fy[2] = fy[2], fy[1]
		area = -area
	}
	fa := i64f(area)
	*t = prim{dc: dc, kind: primTri, front: front, v: v, flat: flat, area: fa, invArea: 1 / fa}
	for i := 0; i < 3; i++ {
		j, k := (i+1)%3, (i+2)%3
		dx, dy := fx[k]-fx[j], fy[k]-fy[j]
		t.ea[i], t.eb[i] = -dy, dx
		t.ec[i] = -(dx*fy[j] - dy*fx[j])
		t.fa[i], t.fb[i], t.fc[i] = i64f(t.ea[i]), i64f(t.eb[i]), i64f(t.ec[i])
		// Top edge: horizontal with the triangle below; left edge: going
		// up (for a clockwise triangle in y-down space).
		if !(dy < 0 || dy == 0 && dx > 0) {
			t.bias[i] = -1
		}
	}
	minX, maxX := min(fx[0], fx[1], fx[2]), max(fx[0], fx[1], fx[2])
	minY, maxY := min(fy[0], fy[1], fy[2]), max(fy[0], fy[1], fy[2])
	margin := int64(0)
	if g.p.samples > 1 {
		margin = subpixel // samples lie off the centre
	}
	t.minX = max(dc.x0, int(floorDiv(minX-subpixel/2-margin+subpixel-1, subpixel)))
	t.maxX = min(dc.x1-1, int(floorDiv(maxX-subpixel/2+margin, subpixel)))
	t.minY = max(dc.y0, int(floorDiv(minY-subpixel/2-margin+subpixel-1, subpixel)))
	t.maxY = min(dc.y1-1, int(floorDiv(maxY-subpixel/2+margin, subpixel)))
	if t.minX > t.maxX || t.minY > t.maxY {
		return false
	}
	x0, y0 := i64f(fx[0])/subpixel, i64f(fy[0])/subpixel
	x1, y1 := i64f(fx[1])/subpixel-x0, i64f(fy[1])/subpixel-y0
	x2, y2 := i64f(fx[2])/subpixel-x0, i64f(fy[2])/subpixel-y0
	det := x1*y2 - x2*y1
	z1, z2 := v[1].z-v[0].z, v[2].z-v[0].z
	t.dzdx = (z1*y2 - z2*y1) / det
	t.dzdy = (z2*x1 - z1*x2) / det
	t.zoff = g.depthBias(dc, t, v)
	return true
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// depthBias is Metal's bias*r + slopeScale*max(|dz/dx|, |dz/dy|), clamped,
// with r the depth format's smallest step (for floats, at the largest
// depth of the triangle).
func (g *geometry) depthBias(dc *drawCtx, t *prim, v [3]*pvert) float64 {
	b := dc.st.depthBias
	if b[0] == 0 && b[1] == 0 {
		return 0
	}
	r := 1.0 / (1 << 24)
	if d := g.p.depth; d != nil {
		switch d.format {
		case pixfmt.Depth16Unorm:
			r = 1.0 / (1 << 16)
		case pixfmt.Depth32Float, pixfmt.Depth32Float_Stencil8:
			zmax := math.Max(math.Abs(v[0].z), math.Max(math.Abs(v[1].z), math.Abs(v[2].z)))
			_, e := math.Frexp(zmax)
			r = math.Ldexp(1, e-24)
		}
	}
	off := float64(b[0])*r + float64(b[1])*math.Max(math.Abs(t.dzdx), math.Abs(t.dzdy))
	if c := float64(b[2]); c > 0 {
		off = math.Min(off, c)
	} else if c < 0 {
		off = math.Max(off, c)
	}
	return off
}

func (g *geometry) line(dc *drawCtx, clip *clipper, a, b int32) {
	ca, cb := g.codes[a], g.codes[b]
	if ca&cb != 0 {
		return
	}
	pa, pb := g.proj[a], g.proj[b]
	flat := pa
	if ca|cb != 0 {
		var va, vb cvert
		g.cvert(a, &va)
		g.cvert(b, &vb)
		t0, t1 := 0.0, 1.0
		for pl := 0; pl < planeDist+backend.MaxClipDistances; pl++ {
			if (ca|cb)&(1<<pl) == 0 {
				continue
			}
			da, db := planeDistance(pl, &va, clip.gb), planeDistance(pl, &vb, clip.gb)
			if da < 0 {
				t0 = math.Max(t0, da/(da-db))
			} else if db < 0 {
				t1 = math.Min(t1, da/(da-db))
			}
		}
		if t0 >= t1 {
			return
		}
		var na, nb cvert
		clip.lerp(&va, &vb, t0, &na)
		clip.lerp(&va, &vb, t1, &nb)
		pa, pb = project(&na, &dc.st.viewport, dc.nvary, new(pvert)), project(&nb, &dc.st.viewport, dc.nvary, new(pvert))
	}
	if l, ok := g.setupLine(dc, pa, pb, flat); ok {
		l.front = true
		g.prims = append(g.prims, l)
	}
}

// setupLine prepares a thin line. A pixel is drawn when its centre lies
// in the half-open span of the major axis and the line crosses its row
// (x-major) or column (y-major) there: one pixel per step of the major
// axis, the last pixel left out (as the diamond-exit rule does).
func (g *geometry) setupLine(dc *drawCtx, a, b *pvert, flat *pvert) (prim, bool) {
	if a.x == b.x && a.y == b.y {
		return prim{}, false
	}
	l := prim{dc: dc, kind: primLine, v: [3]*pvert{a, b, b}, flat: flat}
	l.minX = max(dc.x0, int(math.Floor(math.Min(a.x, b.x))))
	l.maxX = min(dc.x1-1, int(math.Floor(math.Max(a.x, b.x))))
	l.minY = max(dc.y0, int(math.Floor(math.Min(a.y, b.y))))
	l.maxY = min(dc.y1-1, int(math.Floor(math.Max(a.y, b.y))))
	return l, l.minX <= l.maxX && l.minY <= l.maxY
}

func (g *geometry) point(dc *drawCtx, a int32) {
	o := &g.outs[a]
	w := float64(o.Position[3])
	x, y, z := float64(o.Position[0]), float64(o.Position[1]), float64(o.Position[2])
	if !(w > wEpsilon) || x < -w || x > w || y < -w || y > w {
		return
	}
	if dc.st.clipMode == backend.DepthClip && (z < 0 || z > w) {
		return
	}
	for i := 0; i < dc.pl.vsig.ClipDistances; i++ {
		if o.ClipDistance[i] < 0 {
			return
		}
	}
	v := g.proj[a]
	s := float64(v.psize)
	if !(s >= 1) {
		s = 1
	}
	p := prim{dc: dc, kind: primPoint, front: true, v: [3]*pvert{v, v, v}, flat: v, size: s}
	p.minX = max(dc.x0, int(math.Ceil(v.x-s/2-0.5)))
	p.maxX = min(dc.x1-1, int(math.Ceil(v.x+s/2-0.5))-1)
	p.minY = max(dc.y0, int(math.Ceil(v.y-s/2-0.5)))
	p.maxY = min(dc.y1-1, int(math.Ceil(v.y+s/2-0.5))-1)
	if g.p.samples > 1 {
		p.minX, p.minY = max(dc.x0, p.minX-1), max(dc.y0, p.minY-1)
		p.maxX, p.maxY = min(dc.x1-1, p.maxX+1), min(dc.y1-1, p.maxY+1)
	}
	if p.minX <= p.maxX && p.minY <= p.maxY {
		g.prims = append(g.prims, p)
	}
}

// fetchVertex reads the attributes of one vertex as the draw's fetch
// plan (shadeJob.planFetch) says: per-instance data advances every
// StepRate instances from baseInstance; reads past a buffer's end give
// (0, 0, 0, 1); attributes without a format are the caller's.
func fetchVertex(attrs []fetchAttr, id, instID uint32, in *backend.VertexIn) {
	in.VertexID, in.InstanceID = id, instID
	le := binary.LittleEndian
	for k := range attrs {
		a := &attrs[k]
		index := a.index
		if a.perVertex {
			index = id
		}
		off := uint64(index)*a.stride + a.offset
		if off+a.size > uint64(len(a.data)) {
			in.Attr[a.slot] = [4]float32{0, 0, 0, 1}
			continue
		}
		p := a.data[off : off+a.size]
		// The float formats inline, as DecodeAttribute reads them.
		switch a.format {
		case backend.VertexFloat2:
			in.Attr[a.slot] = [4]float32{math.Float32frombits(le.Uint32(p)), math.Float32frombits(le.Uint32(p[4:])), 0, 1}
		case backend.VertexFloat3:
			in.Attr[a.slot] = [4]float32{math.Float32frombits(le.Uint32(p)), math.Float32frombits(le.Uint32(p[4:])), math.Float32frombits(le.Uint32(p[8:])), 1}
		case backend.VertexFloat4:
			in.Attr[a.slot] = [4]float32{math.Float32frombits(le.Uint32(p)), math.Float32frombits(le.Uint32(p[4:])), math.Float32frombits(le.Uint32(p[8:])), math.Float32frombits(le.Uint32(p[12:]))}
		default:
			in.Attr[a.slot] = backend.DecodeAttribute(a.format, p)
		}
	}
}
