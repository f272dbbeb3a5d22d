package reference

import (
	"encoding/binary"
	"math"
	"sync/atomic"

	"mtld3d/core/ir"
	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/irprog"
	"mtld3d/unix/backend/reference/texel"
)

// worker rasterizes the bands it takes. Its scratch quad and outputs are
// its own, so workers share nothing they write.
type worker struct {
	p    *pass
	pos  [][2]int // sample positions in 1/16 pixel
	q    backend.Quad
	out  backend.FragmentOut
	lane [4]laneInfo
	vis  []uint64 // samples passed, per visibility counter of the pass
	// The runner of the last fragment program run, which keeps its state
	// and the last draw's constants between quads (nil for programs that
	// are not irprog's).
	runFP  backend.FragmentProgram
	runner *irprog.FragmentRunner
	// linearRun's colours of the pixels of a chunk of a run that passed,
	// and their x.
	linCol [linearChunk][4]float32
	linX   [linearChunk]int32
}

// runFragment runs fp on the worker's quad for draw dc.
func (w *worker) runFragment(fp backend.FragmentProgram, dc *drawCtx) {
	if fp != w.runFP {
		w.releaseRunner()
		w.runFP = fp
		if ip, ok := fp.(*irprog.FragmentProgram); ok {
			w.runner = ip.Runner()
		}
	}
	if w.runner != nil {
		w.runner.RunFragment(dc.fs, &w.q, &w.out)
		return
	}
	fp.RunFragment(dc.fs, &w.q, &w.out)
}

func (w *worker) releaseRunner() {
	if w.runner != nil {
		w.runner.Release()
	}
	w.runFP, w.runner = nil, nil
}

func (w *worker) addVisibility() {
	for i, v := range w.vis {
		w.p.visCounts[i] += v
	}
}

// laneInfo is one pixel of the quad being shaded.
type laneInfo struct {
	x, y  int
	cover uint8      // covered samples
	b     [3]float64 // screen-space barycentrics at the pixel centre
	z     float64    // interpolated window depth at the centre
}

func newWorker(p *pass) *worker {
	return &worker{p: p, pos: p.pos, vis: make([]uint64, len(p.visOffsets))}
}

// run draws bands until next, the pass's next band not taken, reaches
// bands.
func (w *worker) run(next *atomic.Int32, bands int) {
	// The runner caches constants by draw, and draws live for one pass.
	defer w.releaseRunner()
	for band := int(next.Add(1) - 1); band < bands; band = int(next.Add(1) - 1) {
		y0 := band * bandRows
		y1 := min(y0+bandRows, w.p.h)
		for _, l := range w.p.prims {
			for i := range l {
				pr := &l[i]
				if pr.maxY < y0 || pr.minY >= y1 {
					continue
				}
				w.prim(pr, max(y0, pr.minY), min(y1-1, pr.maxY))
			}
		}
	}
}

// prim walks the 2x2 quads of a primitive's bounds in rows ya..yb.
func (w *worker) prim(pr *prim, ya, yb int) {
	if pr.kind == primTri && len(w.pos) == 1 && w.pos[0] == [2]int{8, 8} {
		if pr.dc.linear {
			w.triLinear(pr, ya, yb)
		} else {
			w.triCentre(pr, ya, yb)
		}
		return
	}
	x0, x1 := pr.minX, pr.maxX
	for qy := ya &^ 1; qy <= yb; qy += 2 {
		qx0, qx1 := x0&^1, x1
		if pr.kind == primTri {
			qx0, qx1 = w.triSpan(pr, qy, qx0, qx1)
		} else if pr.kind == primLine {
			qx0, qx1 = lineSpan(pr, qy, qx0, qx1)
		}
		for qx := qx0 &^ 1; qx <= qx1; qx += 2 {
			any := false
			for l := 0; l < 4; l++ {
				li := &w.lane[l]
				li.x, li.y = qx+l&1, qy+l>>1
				li.cover = 0
				if li.x >= x0 && li.x <= x1 && li.y >= ya && li.y <= yb {
					li.cover = w.cover(pr, li.x, li.y)
					any = any || li.cover != 0
				}
			}
			if any {
				w.bary(pr)
				w.shade(pr)
			}
		}
	}
}

// triCentre is prim for a triangle sampled once at pixel centres (no
// multisampling): the edge functions step from pixel to pixel, in int64
// for the coverage cover computes and in float64 for the barycentrics
// bary computes (whose float64 edge functions are exact integers, so
// stepping them is exact too; 386 converts no int64 to float).
func (w *worker) triCentre(pr *prim, ya, yb int) {
	x0, x1 := pr.minX, pr.maxX
	var step [3]int64 // one pixel right
	var fstep [3]float64
	for i := range step {
		step[i] = pr.ea[i] * subpixel
		fstep[i] = pr.fa[i] * subpixel
	}
	for qy := ya &^ 1; qy <= yb; qy += 2 {
		qx0, qx1 := w.triSpan(pr, qy, x0&^1, x1)
		qx0 &^= 1
		// The edge functions without bias at the centres of the quad's
		// two left pixels, moved two pixels right per quad.
		var e [2][3]int64
		var f [2][3]float64
		for r := range e {
			sx, sy := int64(qx0)*subpixel+subpixel/2, int64(qy+r)*subpixel+subpixel/2
			fx, fy := float64(qx0*subpixel+subpixel/2), float64((qy+r)*subpixel+subpixel/2)
			for i := range e[r] {
				e[r][i], f[r][i] = pr.edge(i, sx, sy), pr.fedge(i, fx, fy)
			}
		}
		for qx := qx0; qx <= qx1; qx += 2 {
			any := false
			for l := 0; l < 4; l++ {
				li := &w.lane[l]
				li.x, li.y = qx+l&1, qy+l>>1
				er, fr := &e[l>>1], &f[l>>1]
				e0, e1, e2 := er[0], er[1], er[2]
				f0, f1, f2 := fr[0], fr[1], fr[2]
				if l&1 != 0 {
					e0, e1, e2 = e0+step[0], e1+step[1], e2+step[2]
					f0, f1, f2 = f0+fstep[0], f1+fstep[1], f2+fstep[2]
				}
				li.cover = 0
				if li.x >= x0 && li.x <= x1 && li.y >= ya && li.y <= yb &&
					e0+pr.bias[0] >= 0 && e1+pr.bias[1] >= 0 && e2+pr.bias[2] >= 0 {
					li.cover = 1
					any = true
				}
				li.b = [3]float64{f0 * pr.invArea, f1 * pr.invArea, f2 * pr.invArea}
			}
			for r := range e {
				for i := range e[r] {
					e[r][i] += 2 * step[i]
					f[r][i] += 2 * fstep[i]
				}
			}
			if !any {
				continue
			}
			for l := range w.lane {
				li := &w.lane[l]
				li.z = pr.depthAt(&li.b)
			}
			w.shade(pr)
		}
	}
}

// triLinear is triCentre for a draw shaded from its fragment program's
// linear form (linearShade): pixel by pixel, covered pixels only, each
// given the bits the program would give it. No quad is needed, as the
// form reads nothing of a pixel's neighbours, and the depth and stencil
// tests come before the shading, which has no side effects.
func (w *worker) triLinear(pr *prim, ya, yb int) {
	s0, s1, s2 := pr.ea[0]*subpixel, pr.ea[1]*subpixel, pr.ea[2]*subpixel
	// A narrow triangle's rows are stepped from its left bound: cheaper
	// than triSpan's divisions.
	lo, hi := pr.minX, pr.maxX
	narrowTri := hi-lo < 32
	for y := ya; y <= yb; y++ {
		if !narrowTri && (y == ya || y&1 == 0) { // triSpan's range holds for a quad's two rows
			lo, hi = w.triSpan(pr, y&^1, pr.minX&^1, pr.maxX)
			lo, hi = max(lo, pr.minX), min(hi, pr.maxX)
		}
		if lo > hi {
			continue
		}
		// The edge functions with bias at the centre of pixel (lo, y), as
		// triCentre has them there; a row's covered pixels are one run
		// (the triangle is convex), found by stepping them.
		sx, sy := int64(lo)*subpixel+subpixel/2, int64(y)*subpixel+subpixel/2
		e0, e1, e2 := pr.edge(0, sx, sy)+pr.bias[0], pr.edge(1, sx, sy)+pr.bias[1], pr.edge(2, sx, sy)+pr.bias[2]
		x := lo
		for ; x <= hi && (e0 < 0 || e1 < 0 || e2 < 0); x++ {
			e0, e1, e2 = e0+s0, e1+s1, e2+s2
		}
		end := x
		if hi-x >= 32 {
			// A long row: where each falling edge function turns negative,
			// by division (exact in int64), rather than stepping to it.
			// All three are >= 0 at x, which the search above stopped at.
			end = hi + 1
			for _, es := range [3][2]int64{{e0, s0}, {e1, s1}, {e2, s2}} {
				if es[1] < 0 {
					if k := es[0] / -es[1]; k < int64(end-x) {
						end = x + int(k) + 1
					}
				}
			}
		} else {
			for ; end <= hi && e0 >= 0 && e1 >= 0 && e2 >= 0; end++ {
				e0, e1, e2 = e0+s0, e1+s1, e2+s2
			}
		}
		if end > x {
			w.linearRun(pr, x, end, y)
		}
	}
}

// linearRun shades pixels x0..x1-1 of row y, all covered, for
// triLinear, a chunk at a time: the colours of the chunk's pixels that
// pass, then their blending. Go reloads every value a loop keeps in
// registers after each call in it, so the blending has a loop of its
// own, and the colour loop calls nothing in the common cases (fastView's
// samples, the saturated modulate, no depth or stencil test); its other
// cases call the general sample, Eval or the tests. What the loops read
// of the primitive and the form is copied to locals for the same reason,
// and what a pixel works out stays in scalars: 386, with eight float
// registers, keeps an array in memory, and a value stored and read back
// lengthens the pixel's chain of latencies. 2D drawing's case has a
// colour loop of its own, without the tests for the others.
func (w *worker) linearRun(pr *prim, x0, x1, y int) {
	dc := pr.dc
	ls := &dc.lin
	lf := ls.form
	tested, vis := dc.tested, dc.vis
	invArea := pr.invArea
	iw0, iw1, iw2 := pr.v[0].invw, pr.v[1].invw, pr.v[2].invw
	// The input slots whose components read vary over the primitive, with
	// their vertex values, whether only their first two components are
	// read and which of those are flat; the others are set once.
	var in [ir.MaxLinearInputs][4]float32
	var va, vb, vc, out [ir.MaxLinearInputs]*[4]float32
	var narrow [ir.MaxLinearInputs]bool
	var flat [ir.MaxLinearInputs]uint8
	var fixed [ir.MaxLinearInputs]bool
	nv := 0
	for k := range lf.Inputs {
		j := lf.Varying[k]
		a, b, c := &pr.v[0].vary[j], &pr.v[1].vary[j], &pr.v[2].vary[j]
		m := flatMask(a, b, c) & lf.Used[k]
		if m == lf.Used[k] {
			in[k], fixed[k] = *a, true
			continue
		}
		va[nv], vb[nv], vc[nv], out[nv] = a, b, c, &in[k]
		narrow[nv], flat[nv] = lf.Used[k]&^3 == 0, m
		nv++
	}
	// The commonest: one slot varies, two components, none flat (a
	// texture coordinate under a fixed colour).
	uvOnly := nv == 1 && narrow[0] && flat[0] == 0
	var tex [4]float32
	sampled := lf.Sampler >= 0
	u, v := &in[lf.U.Slot][lf.U.Comp], &in[lf.V.Slot][lf.V.Comp]
	fast := ls.fast
	modSlot, modSat := lf.ModulateSat()
	mod := &in[modSlot]
	// A unit sample (see lerp4) times a fixed colour within 0..1 (not
	// -0) is within 0..1 itself, where saturate changes nothing.
	modUnit := modSat && fixed[modSlot] && unit(mod)
	// The texture coordinate, where it is the varying slot's first two
	// components and nothing else reads the slot, is interpolated into
	// registers rather than into in.
	uvScalar := uvOnly && modSat && fixed[modSlot] && u == &out[0][0] && v == &out[0][1]
	unitTex := ls.unitTex
	// The barycentrics' edge functions from the run's first pixel on
	// (exact integers, so the same as stepped from the row's start).
	fx, fy := float64(x0*subpixel+subpixel/2), float64(y*subpixel+subpixel/2)
	f0, f1, f2 := pr.fedge(0, fx, fy), pr.fedge(1, fx, fy), pr.fedge(2, fx, fy)
	g0, g1, g2 := pr.fa[0]*subpixel, pr.fa[1]*subpixel, pr.fa[2]*subpixel
	cols, xs := &w.linCol, &w.linX
	if uvScalar && modUnit && unitTex && sampled && fast.bilinear && !tested {
		// 2D drawing's case (a bilinear texture under a fixed colour, no
		// test) in a loop of its own: the same steps as below, without
		// the tests of the cases it is not.
		a, b, c := va[0], vb[0], vc[0]
		m0, m1, m2, m3 := mod[0], mod[1], mod[2], mod[3]
		for cx := x0; cx < x1; cx += linearChunk {
			n, end := 0, min(cx+linearChunk, x1)
			for x := cx; x < end; x++ {
				b0, b1, b2 := f0*invArea, f1*invArea, f2*invArea
				f0, f1, f2 = f0+g0, f1+g1, f2+g2
				d0, d1, d2, _ := perspWeights(b0, b1, b2, iw0, iw1, iw2)
				w0, w1, w2 := float32(d0), float32(d1), float32(d2)
				uu, vv := w0*a[0]+w1*b[0]+w2*c[0], w0*a[1]+w1*b[1]+w2*c[1]
				fu, fv := float64(uu)*fast.fw-0.5, float64(vv)*fast.fh-0.5
				o := &cols[n]
				n++
				// axis's tests, as one condition before it: its boolean is
				// kept in memory on 386.
				if !(fu >= 0 && fu < fast.limU && fv >= 0 && fv < fast.limV) {
					ls.tex.at(uu, vv, &tex)
					*o = [4]float32{clamp01(tex[0] * m0), clamp01(tex[1] * m1), clamp01(tex[2] * m2), clamp01(tex[3] * m3)}
					continue
				}
				i0, i1, ax, _ := axis(fu, fast.limU, fast.mu)
				j0, j1, ay, _ := axis(fv, fast.limV, fast.mv)
				r0, r1 := j0*fast.w, j1*fast.w
				p, q, r, t := &fast.texels[r0+i0], &fast.texels[r0+i1], &fast.texels[r1+i0], &fast.texels[r1+i1]
				o[0] = lerp4(p[0], q[0], r[0], t[0], ax, ay) * m0
				o[1] = lerp4(p[1], q[1], r[1], t[1], ax, ay) * m1
				o[2] = lerp4(p[2], q[2], r[2], t[2], ax, ay) * m2
				o[3] = lerp4(p[3], q[3], r[3], t[3], ax, ay) * m3
			}
			if vis >= 0 {
				w.vis[vis] += uint64(n)
			}
			// Every pixel passed: over8 reads the first one's x, the other
			// blends each one's.
			xs[0] = int32(cx)
			if ls.blend != linearOver8 {
				for i := range n {
					xs[i] = int32(cx + i)
				}
			}
			w.linearBlend(dc, cols[:n], xs[:n], true, y)
		}
		return
	}
	for cx := x0; cx < x1; cx += linearChunk {
		n, end := 0, min(cx+linearChunk, x1)
		for x := cx; x < end; x++ {
			// Scalars: as an array whose address is taken, 386 keeps b in
			// memory, twice.
			b0, b1, b2 := f0*invArea, f1*invArea, f2*invArea
			f0, f1, f2 = f0+g0, f1+g1, f2+g2
			if tested && !w.depthStencil(pr, x, y, 0, w.sampleZ(pr, pr.depthAt(&[3]float64{b0, b1, b2}), 0)) {
				continue
			}
			var uu, vv float32 // the texture coordinate
			if uvScalar {
				// interp2's bits, in registers.
				d0, d1, d2, _ := perspWeights(b0, b1, b2, iw0, iw1, iw2)
				a, b, c, w0, w1, w2 := va[0], vb[0], vc[0], float32(d0), float32(d1), float32(d2)
				uu, vv = w0*a[0]+w1*b[0]+w2*c[0], w0*a[1]+w1*b[1]+w2*c[1]
			} else {
				if nv > 0 {
					w0, w1, w2, _ := perspWeights(b0, b1, b2, iw0, iw1, iw2)
					wp := [3]float32{float32(w0), float32(w1), float32(w2)}
					if uvOnly {
						interp2(&wp, va[0], vb[0], vc[0], out[0])
					} else {
						for k := 0; k < nv; k++ {
							interp2(&wp, va[k], vb[k], vc[k], out[k])
							if !narrow[k] {
								interp2hi(&wp, va[k], vb[k], vc[k], out[k])
							}
							if flat[k] != 0 {
								keepFlat(flat[k], va[k], out[k])
							}
						}
					}
				}
				uu, vv = *u, *v
			}
			t := &tex      // the sample, read in place where it is one texel
			unitT := false // t is a unit texel, or a bilinear blend of such
			if sampled {
				if !fast.bilinear {
					if i, ok := fast.index(uu, vv); ok {
						t, unitT = &fast.texels[i], unitTex
					} else {
						ls.tex.at(uu, vv, t)
					}
				} else {
					// bilinear2D's bits, inline.
					fu, fv := float64(uu)*fast.fw-0.5, float64(vv)*fast.fh-0.5
					x0, x1, ax, okx := axis(fu, fast.limU, fast.mu)
					y0, y1, ay, oky := axis(fv, fast.limV, fast.mv)
					if okx && oky {
						r0, r1 := y0*fast.w, y1*fast.w
						a, b, c, d := &fast.texels[r0+x0], &fast.texels[r0+x1], &fast.texels[r1+x0], &fast.texels[r1+x1]
						// A channel at a time: as one literal, the compiler loads
						// all sixteen taps first and spills them on 386.
						if modUnit && unitTex {
							// The modulate below, without a trip through tex.
							o := &cols[n]
							o[0] = lerp4(a[0], b[0], c[0], d[0], ax, ay) * mod[0]
							o[1] = lerp4(a[1], b[1], c[1], d[1], ax, ay) * mod[1]
							o[2] = lerp4(a[2], b[2], c[2], d[2], ax, ay) * mod[2]
							o[3] = lerp4(a[3], b[3], c[3], d[3], ax, ay) * mod[3]
							xs[n] = int32(x)
							n++
							continue
						}
						tex[0] = lerp4(a[0], b[0], c[0], d[0], ax, ay)
						tex[1] = lerp4(a[1], b[1], c[1], d[1], ax, ay)
						tex[2] = lerp4(a[2], b[2], c[2], d[2], ax, ay)
						tex[3] = lerp4(a[3], b[3], c[3], d[3], ax, ay)
						unitT = unitTex
					} else {
						ls.tex.at(uu, vv, t)
					}
				}
			}
			c := &cols[n]
			if modUnit && unitT {
				*c = [4]float32{t[0] * mod[0], t[1] * mod[1], t[2] * mod[2], t[3] * mod[3]}
			} else if modSat {
				*c = [4]float32{clamp01(t[0] * mod[0]), clamp01(t[1] * mod[1]), clamp01(t[2] * mod[2]), clamp01(t[3] * mod[3])}
			} else {
				lf.Eval(t, &in, c)
			}
			xs[n] = int32(x)
			n++
		}
		if vis >= 0 {
			w.vis[vis] += uint64(n)
		}
		w.linearBlend(dc, cols[:n], xs[:n], n == end-cx, y)
	}
}

// linearChunk is how many pixels linearRun shades before blending them.
const linearChunk = 64

// linearBlend blends the colours cols of the pixels at xs of row y into
// attachment 0, as linearShade.blend says; all says xs are neighbours.
func (w *worker) linearBlend(dc *drawCtx, cols [][4]float32, xs []int32, all bool, y int) {
	t := w.p.color[0]
	img, bpp, row := t.img, t.bpp, y*t.w // a single-sample target's
	xs = xs[:len(cols)]
	switch dc.lin.blend {
	case linearOver8:
		// By runs of neighbouring pixels: all of them where no pixel failed.
		bgra := t.four8 == four8BGRA
		for i := 0; i < len(cols); {
			j := len(cols)
			if !all {
				j = i + 1
				for j < len(cols) && xs[j] == xs[j-1]+1 {
					j++
				}
			}
			o := (row + int(xs[i])) * bpp
			over8(bgra, cols[i:j], img[o:o+(j-i)*bpp])
			i = j
		}
	case linearBlendOver8:
		bgra := t.four8 == four8BGRA
		for i := range cols {
			o := (row + int(xs[i])) * bpp
			blendOver8(bgra, cols[i], img[o:o+bpp])
		}
	default:
		cd := &dc.pl.desc.ColorAttachments[0]
		for i := range cols {
			o := (row + int(xs[i])) * bpp
			blend(t, cd, &dc.st.blendColor, &dc.blendColorNorm, cols[i], img[o:o+bpp])
		}
	}
}

// linearShade is how a draw whose pixels triLinear shades does so.
type linearShade struct {
	form *irprog.Linear
	tex  plainView // of the form's sampler
	fast fastView  // of tex
	// unitTex: tex's texels are all within 0..1 and none is -0 (unorm).
	unitTex bool
	blend   uint8 // how the colour reaches attachment 0
}

// linearShade.blend's ways: over8 where the colour is within 0..1
// already, blendOver8, or blend.
const (
	linearBlend = iota
	linearBlendOver8
	linearOver8
)

// linearShading lets tests turn triLinear off, to compare it with the
// program it stands for; linearUsed, where set, is told of each draw it
// shades.
var (
	linearShading = true
	linearUsed    func()
)

// setLinear decides whether dc's pixels shade from its fragment
// program's linear form, and how: a single-sample pass, no alpha to
// coverage, colour attachment 0 present, every varying the form reads
// perspective-correct and written by the vertex stage, and the form's
// sample plain (its LOD changes nothing).
func (dc *drawCtx) setLinear(p *pass) {
	dc.linear = false
	fp, ok := dc.pl.fp.(*irprog.FragmentProgram)
	if !ok || !linearShading || fp.Linear() == nil || len(p.pos) != 1 || p.pos[0] != [2]int{8, 8} || dc.pl.desc.AlphaToCoverage || p.color[0] == nil {
		return
	}
	lf := fp.Linear()
	sig := &dc.pl.fsig
	for k := range lf.Inputs {
		j := lf.Varying[k]
		if j >= min(sig.Varyings, dc.nvary) || sig.Interp[j] != backend.InterpPerspective {
			return
		}
	}
	ls := linearShade{form: lf, blend: linearBlend}
	if p.color[0].four8 != 0 && overBlend(&dc.pl.desc.ColorAttachments[0]) {
		ls.blend = linearBlendOver8
		if lf.Saturated() {
			ls.blend = linearOver8
		}
	}
	if lf.Sampler >= 0 {
		if ls.tex, ok = dc.fs.plainView(lf.Sampler); !ok {
			return
		}
		// linearRun counts only the fast view's samples as unit ones (a
		// texel, or lerp4's blend of four): sampleLevel's weighted sums
		// may round past 1.
		ls.fast, _ = ls.tex.fastView()
		ls.unitTex = ls.tex.t.Format().Info().Normalized
	}
	dc.lin, dc.linear = ls, true
	if linearUsed != nil {
		linearUsed()
	}
}

// setTested decides whether dc's samples go through depthStencil: not
// where it could fail none and change nothing (no stencil test, and a
// depth test that always passes and writes nothing, as with D3D9's
// ZENABLE off over a depth buffer). Then a covered sample passes and its
// depth is not needed.
func (dc *drawCtx) setTested(p *pass) {
	var desc backend.DepthStencilDesc
	if dc.st.dss != nil {
		desc = dc.st.dss.desc
	}
	dc.tested = p.stencil != nil && desc.StencilEnable ||
		p.depth != nil && (desc.DepthCompare != backend.CompareAlways || desc.DepthWrite)
}

// triSpan narrows the quad row's x range to where the triangle can be:
// for each edge, the x range over the row's (sub)pixel rows where E >= 0.
func (w *worker) triSpan(pr *prim, qy, lo, hi int) (int, int) {
	ylo := float64(qy*subpixel) - subpixel // generous for sample offsets
	yhi := float64((qy+2)*subpixel) + subpixel
	flo, fhi := float64(lo), float64(hi)
	for i := 0; i < 3; i++ {
		a, b, c := pr.fa[i], pr.fb[i], pr.fc[i]
		if a == 0 {
			continue
		}
		// E(x, y) = a*x + b*y + c >= 0; bound x over y in [ylo, yhi].
		e1 := -(b*ylo + c) / a
		e2 := -(b*yhi + c) / a
		lim := math.Max(e1, e2)/subpixel + 1
		if a > 0 { // x >= ...
			lim = math.Min(e1, e2)/subpixel - 1
			flo = math.Max(flo, math.Floor(lim))
		} else {
			fhi = math.Min(fhi, math.Ceil(lim))
		}
	}
	if flo > fhi {
		return 1, 0
	}
	return int(flo), int(fhi)
}

// lineSpan narrows the quad row's x range to near where the line crosses
// rows qy..qy+1.
func lineSpan(pr *prim, qy, lo, hi int) (int, int) {
	a, b := pr.v[0], pr.v[1]
	if a.y == b.y {
		return lo, hi
	}
	xa := a.x + (float64(qy)-a.y)*(b.x-a.x)/(b.y-a.y)
	xb := a.x + (float64(qy+2)-a.y)*(b.x-a.x)/(b.y-a.y)
	return max(lo, int(math.Floor(math.Min(xa, xb)))-2), min(hi, int(math.Ceil(math.Max(xa, xb)))+2)
}

// cover returns the mask of samples of pixel (x, y) the primitive covers.
func (w *worker) cover(pr *prim, x, y int) uint8 {
	var m uint8
	switch pr.kind {
	case primTri:
		for s, sp := range w.pos {
			sx := int64(x)*subpixel + int64(sp[0])*subpixel/16
			sy := int64(y)*subpixel + int64(sp[1])*subpixel/16
			if pr.edge(0, sx, sy)+pr.bias[0] >= 0 && pr.edge(1, sx, sy)+pr.bias[1] >= 0 && pr.edge(2, sx, sy)+pr.bias[2] >= 0 {
				m |= 1 << s
			}
		}
	case primLine:
		a, b := pr.v[0], pr.v[1]
		cx, cy := float64(x)+0.5, float64(y)+0.5
		var in bool
		if math.Abs(b.x-a.x) >= math.Abs(b.y-a.y) {
			lo, hi := math.Min(a.x, b.x), math.Max(a.x, b.x)
			in = cx >= lo && cx < hi && int(math.Floor(a.y+(cx-a.x)*(b.y-a.y)/(b.x-a.x))) == y
		} else {
			lo, hi := math.Min(a.y, b.y), math.Max(a.y, b.y)
			in = cy >= lo && cy < hi && int(math.Floor(a.x+(cy-a.y)*(b.x-a.x)/(b.y-a.y))) == x
		}
		if in {
			m = uint8(1<<len(w.pos) - 1)
		}
	case primPoint:
		v, h := pr.v[0], pr.size/2
		for s, sp := range w.pos {
			sx, sy := float64(x)+float64(sp[0])/16, float64(y)+float64(sp[1])/16
			if sx >= v.x-h && sx < v.x+h && sy >= v.y-h && sy < v.y+h {
				m |= 1 << s
			}
		}
	}
	return m
}

// bary works out the screen-space barycentrics and depth of every lane,
// helper lanes included (extrapolated), at pixel centres.
func (w *worker) bary(pr *prim) {
	for l := range w.lane {
		li := &w.lane[l]
		cx, cy := float64(li.x)+0.5, float64(li.y)+0.5
		switch pr.kind {
		case primTri:
			fx, fy := float64(li.x*subpixel+subpixel/2), float64(li.y*subpixel+subpixel/2)
			for i := 0; i < 3; i++ {
				li.b[i] = pr.fedge(i, fx, fy) * pr.invArea
			}
		case primLine:
			a, b := pr.v[0], pr.v[1]
			dx, dy := b.x-a.x, b.y-a.y
			t := ((cx-a.x)*dx + (cy-a.y)*dy) / (dx*dx + dy*dy)
			t = math.Max(0, math.Min(1, t))
			li.b = [3]float64{1 - t, t, 0}
		default:
			li.b = [3]float64{1, 0, 0}
		}
		li.z = pr.depthAt(&li.b)
	}
}

// edge is edge function i at the 1/256-pixel point (sx, sy), without
// its bias; fedge is the same in float64 (exact, as prim says).
func (pr *prim) edge(i int, sx, sy int64) int64 { return pr.ea[i]*sx + pr.eb[i]*sy + pr.ec[i] }
func (pr *prim) fedge(i int, fx, fy float64) float64 {
	return pr.fa[i]*fx + pr.fb[i]*fy + pr.fc[i]
}

// depthAt is the window depth at screen-space barycentrics b, depth bias
// included.
func (pr *prim) depthAt(b *[3]float64) float64 {
	return b[0]*pr.v[0].z + b[1]*pr.v[1].z + b[2]*pr.v[2].z + pr.zoff
}

// persp returns the perspective-correct weights at screen-space
// barycentrics b, and their sum before they are normalised (1/w there).
// (Scalars, not an array: 386 copies a returned array with a call.)
func (pr *prim) persp(b *[3]float64) (w0, w1, w2, s float64) {
	return perspWeights(b[0], b[1], b[2], pr.v[0].invw, pr.v[1].invw, pr.v[2].invw)
}

// perspWeights is persp for barycentrics b0, b1 and b2 and vertices of
// 1/w iw0, iw1 and iw2 (scalars: an array whose address is taken, 386
// keeps in memory).
func perspWeights(b0, b1, b2, iw0, iw1, iw2 float64) (w0, w1, w2, s float64) {
	w0, w1, w2 = b0*iw0, b1*iw1, b2*iw2
	s = 0 + w0 + w1 + w2
	if s != 0 && s != 1 { // times 1/1 changes no bit
		inv := 1 / s
		w0, w1, w2 = w0*inv, w1*inv, w2*inv
	}
	return w0, w1, w2, s
}

// interp2 is interp's first two components.
func interp2(w *[3]float32, a, b, c *[4]float32, out *[4]float32) {
	w0, w1, w2 := w[0], w[1], w[2]
	out[0], out[1] = w0*a[0]+w1*b[0]+w2*c[0], w0*a[1]+w1*b[1]+w2*c[1]
}

// interp2hi is interp's last two components.
func interp2hi(w *[3]float32, a, b, c *[4]float32, out *[4]float32) {
	w0, w1, w2 := w[0], w[1], w[2]
	out[2], out[3] = w0*a[2]+w1*b[2]+w2*c[2], w0*a[3]+w1*b[3]+w2*c[3]
}

// unit reports that every component of c is within 0..1 and not -0.
func unit(c *[4]float32) bool {
	for _, v := range c {
		if !(v <= 1 && (v > 0 || math.Float32bits(v) == 0)) {
			return false
		}
	}
	return true
}

// flatMask has bit i set where component i of a varying is the same at
// the three vertices a, b and c. There it interpolates to that value
// exactly, as a GPU's plane equations give it (the weights sum to 1 only
// up to rounding): keepFlat puts it back after interp.
func flatMask(a, b, c *[4]float32) uint8 {
	var m uint8
	for i := range a {
		if a[i] == b[i] && a[i] == c[i] {
			m |= 1 << i
		}
	}
	return m
}

// keepFlat sets the components of out that flat marks to a's.
func keepFlat(flat uint8, a, out *[4]float32) {
	for i := range out {
		if flat&(1<<i) != 0 {
			out[i] = a[i]
		}
	}
}

// interp is a varying at weights w of the vertices' values a, b and c.
// (Written through out, as 386 copies an array it returns with a call;
// in halves the compiler inlines.)
func interp(w *[3]float32, a, b, c *[4]float32, out *[4]float32) {
	interp2(w, a, b, c, out)
	interp2hi(w, a, b, c, out)
}

// sampleZ is the depth sample s of a pixel tests: the centre's depth z
// moved to the sample and clamped to the viewport's range.
func (w *worker) sampleZ(pr *prim, z float64, s int) float32 {
	ox := (float64(w.pos[s][0]) - 8) / 16
	oy := (float64(w.pos[s][1]) - 8) / 16
	return pr.dc.clampZ(z + pr.dzdx*ox + pr.dzdy*oy)
}

// clampZ is a depth clamped to the viewport's range, as tested.
func (dc *drawCtx) clampZ(z float64) float32 {
	return float32(math.Max(dc.zmin, math.Min(dc.zmax, z)))
}

// shade runs the fragment program on the current quad, whose lanes'
// barycentrics and depth are set, and writes the surviving samples.
func (w *worker) shade(pr *prim) {
	dc := pr.dc
	q := &w.q
	q.FrontFacing = pr.front
	q.Live = 0
	var pw [4][3]float64 // perspective-correct weights
	for l := range w.lane {
		li := &w.lane[l]
		if li.cover != 0 {
			q.Live |= 1 << l
		}
		var s float64
		pw[l][0], pw[l][1], pw[l][2], s = pr.persp(&li.b)
		if !dc.pl.fsig.UnreadPosition {
			q.Position[l] = [4]float32{float32(li.x) + 0.5, float32(li.y) + 0.5, float32(li.z), float32(s)}
		}
		if pr.kind == primPoint {
			v, sz := pr.v[0], pr.size
			q.PointCoord[l] = [2]float32{float32((float64(li.x) + 0.5 - (v.x - sz/2)) / sz), float32((float64(li.y) + 0.5 - (v.y - sz/2)) / sz)}
		} else {
			q.PointCoord[l] = [2]float32{}
		}
	}
	fp := dc.pl.fp
	sig := &dc.pl.fsig
	out := &w.out
	out.Discard = 0
	if fp != nil && w.earlyReject(pr) {
		return
	}
	if fp != nil {
		n := min(sig.Varyings, dc.nvary)
		v0, v1, v2 := &pr.v[0].vary, &pr.v[1].vary, &pr.v[2].vary
		// Each lane's weights in float32, perspective-correct and not.
		var wp, wn [4][3]float32
		for l := range wp {
			wp[l] = [3]float32{float32(pw[l][0]), float32(pw[l][1]), float32(pw[l][2])}
		}
		if dc.pl.noPerspective {
			for l := range wn {
				b := &w.lane[l].b
				wn[l] = [3]float32{float32(b[0]), float32(b[1]), float32(b[2])}
			}
		}
		for j := 0; j < n; j++ {
			if sig.Unread&(1<<j) != 0 {
				continue
			}
			wts := &wp
			switch sig.Interp[j] {
			case backend.InterpFlat:
				for l := range q.Varyings[j] {
					q.Varyings[j][l] = pr.flat.vary[j]
				}
				continue
			case backend.InterpNoPerspective:
				wts = &wn
			}
			flat := flatMask(&v0[j], &v1[j], &v2[j])
			for l := range wts {
				interp(&wts[l], &v0[j], &v1[j], &v2[j], &q.Varyings[j][l])
				if flat != 0 {
					keepFlat(flat, &v0[j], &q.Varyings[j][l])
				}
			}
		}
		for j := n; j < sig.Varyings && j < backend.MaxVaryings; j++ {
			q.Varyings[j] = [4][4]float32{}
		}
		w.runFragment(fp, dc)
	}
	live := q.Live &^ out.Discard
	if live == 0 {
		return
	}
	p := w.p
	st := dc.st
	ns := len(w.pos)
	tested := dc.tested
	// The attachments blended source-alpha over 8-bit RGBA or BGRA, which
	// take blendOver8 directly.
	var over uint8
	for i := 0; i < sig.Outputs && i < backend.MaxColorAttachments; i++ {
		if t := p.color[i]; t != nil && t.four8 != 0 && overBlend(&dc.pl.desc.ColorAttachments[i]) {
			over |= 1 << i
		}
	}
	for l := 0; l < 4; l++ {
		if live&(1<<l) == 0 {
			continue
		}
		li := &w.lane[l]
		cover := li.cover
		if dc.pl.desc.AlphaToCoverage && fp != nil {
			a := out.Color[0][l][3]
			k := int(math.Floor(float64(max(0, min(1, a)))*float64(ns) + 0.5))
			cover &= uint8(1<<k - 1)
		}
		if fp != nil && sig.WritesSampleMask {
			cover &= uint8(out.SampleMask[l])
		}
		for s := 0; s < ns; s++ {
			if cover&(1<<s) == 0 {
				continue
			}
			if tested {
				var z float32
				if fp != nil && sig.WritesDepth {
					z = dc.clampZ(float64(out.Depth[l]))
				} else {
					z = w.sampleZ(pr, li.z, s)
				}
				if !w.depthStencil(pr, li.x, li.y, s, z) {
					continue
				}
			}
			if dc.vis >= 0 {
				w.vis[dc.vis]++
			}
			if fp == nil {
				continue
			}
			for i := 0; i < sig.Outputs && i < backend.MaxColorAttachments; i++ {
				if t := p.color[i]; over&(1<<i) != 0 {
					blendOver8(t.four8 == four8BGRA, out.Color[i][l], t.at(li.x, li.y, s))
				} else if t != nil {
					blend(t, &dc.pl.desc.ColorAttachments[i], &st.blendColor, &dc.blendColorNorm, out.Color[i][l], t.at(li.x, li.y, s))
				}
			}
		}
	}
}

// earlyReject reports that no covered sample of the quad can pass the
// depth test, so shading it would change nothing. It only answers when
// the test has no side effects to lose: no stencil and no depth output.
func (w *worker) earlyReject(pr *prim) bool {
	st, d := pr.dc.st, w.p.depth
	if d == nil || st.dss == nil || pr.dc.pl.fsig.WritesDepth || st.dss.desc.StencilEnable && w.p.stencil != nil {
		return false
	}
	cmp := st.dss.desc.DepthCompare
	if cmp == backend.CompareAlways {
		return false
	}
	for l := range w.lane {
		li := &w.lane[l]
		for s := range w.pos {
			if li.cover&(1<<s) == 0 {
				continue
			}
			if compare(cmp, texel.QuantizeDepth(d.format, w.sampleZ(pr, li.z, s)), texel.LoadDepth(d.format, d.at(li.x, li.y, s))) {
				return false
			}
		}
	}
	return true
}

// depthStencil runs the stencil and depth tests of one sample and applies
// the stencil operations and depth write. It reports whether the sample
// passed both.
func (w *worker) depthStencil(pr *prim, x, y, s int, z float32) bool {
	st := pr.dc.st
	var desc backend.DepthStencilDesc
	if st.dss != nil {
		desc = st.dss.desc
	}
	p := w.p
	var sp []byte
	var sd *backend.StencilDesc
	var ref uint8
	if p.stencil != nil && desc.StencilEnable {
		sp = p.stencil.at(x, y, s)
		sd, ref = &desc.Front, uint8(st.stencilRef[0])
		if !pr.front {
			sd, ref = &desc.Back, uint8(st.stencilRef[1])
		}
		old := texel.LoadStencil(p.stencil.format, sp)
		if !compare(sd.Compare, float32(ref&sd.ReadMask), float32(old&sd.ReadMask)) {
			stencilOp(p.stencil.format, sp, old, sd.FailOp, ref, sd.WriteMask)
			return false
		}
	}
	if d := p.depth; d != nil {
		dp := d.at(x, y, s)
		zq := texel.QuantizeDepth(d.format, z)
		if !compare(desc.DepthCompare, zq, texel.LoadDepth(d.format, dp)) {
			if sp != nil {
				stencilOp(p.stencil.format, sp, texel.LoadStencil(p.stencil.format, sp), sd.DepthFailOp, ref, sd.WriteMask)
			}
			return false
		}
		if desc.DepthWrite {
			texel.StoreDepth(d.format, dp, zq)
		}
	}
	if sp != nil {
		stencilOp(p.stencil.format, sp, texel.LoadStencil(p.stencil.format, sp), sd.PassOp, ref, sd.WriteMask)
	}
	return true
}

func stencilOp(f pixfmt.Format, p []byte, old uint8, op backend.StencilOp, ref, mask uint8) {
	var v uint8
	switch op {
	case backend.StencilKeep:
		return
	case backend.StencilZero:
		v = 0
	case backend.StencilReplace:
		v = ref
	case backend.StencilIncrementClamp:
		v = old
		if v < 255 {
			v++
		}
	case backend.StencilDecrementClamp:
		v = old
		if v > 0 {
			v--
		}
	case backend.StencilInvert:
		v = ^old
	case backend.StencilIncrementWrap:
		v = old + 1
	case backend.StencilDecrementWrap:
		v = old - 1
	}
	texel.StoreStencil(f, p, old&^mask|v&mask)
}

// blend combines a fragment colour with one sample of an attachment as
// the pipeline's blend state says, honouring the write mask. Unorm targets
// clamp the source and constant colours to 0..1 first, as Metal does
// (constantNorm is the constant clamped once per draw).
func blend(t *target, cd *backend.ColorAttachmentDesc, constant, constantNorm *[4]float32, src [4]float32, px []byte) {
	mask := cd.WriteMask
	if mask == backend.ColorMaskNone {
		return
	}
	k := *constant
	if t.norm {
		src = [4]float32{clamp01(src[0]), clamp01(src[1]), clamp01(src[2]), clamp01(src[3])}
		k = *constantNorm
	}
	if !cd.BlendEnable && mask == backend.ColorMaskAll {
		t.encode(px, src)
		return
	}
	dst := t.decode(px)
	res := src
	if cd.BlendEnable && cd.RGBBlendOp == backend.BlendOpAdd && cd.AlphaBlendOp == backend.BlendOpAdd &&
		sameForRGB(cd.SrcRGB) && sameForRGB(cd.DstRGB) {
		// The common case (alpha blending, additive): one source and one
		// destination factor for the three colour channels, worked out
		// once; the sums as the general path makes them.
		sf, df := factor(cd.SrcRGB, 0, &src, &dst, &k), factor(cd.DstRGB, 0, &src, &dst, &k)
		sa, da := factor(cd.SrcAlpha, 3, &src, &dst, &k), factor(cd.DstAlpha, 3, &src, &dst, &k)
		add := func(i int, sf, df float32) float32 {
			s := src[i] * sf
			d := dst[i] * df
			return s + d
		}
		res = [4]float32{add(0, sf, df), add(1, sf, df), add(2, sf, df), add(3, sa, da)}
	} else if cd.BlendEnable {
		for i := 0; i < 3; i++ {
			res[i] = blendChannel(cd.RGBBlendOp, cd.SrcRGB, cd.DstRGB, i, &src, &dst, &k)
		}
		res[3] = blendChannel(cd.AlphaBlendOp, cd.SrcAlpha, cd.DstAlpha, 3, &src, &dst, &k)
	}
	if mask != backend.ColorMaskAll {
		for i, bit := range [4]backend.ColorMask{backend.ColorMaskRed, backend.ColorMaskGreen, backend.ColorMaskBlue, backend.ColorMaskAlpha} {
			if mask&bit == 0 {
				res[i] = dst[i]
			}
		}
	}
	t.encode(px, res)
}

// overBlend reports the most common blend: source alpha over the
// destination (SRCALPHA, INVSRCALPHA for colour and alpha), every
// channel written.
func overBlend(cd *backend.ColorAttachmentDesc) bool {
	return cd.BlendEnable && cd.WriteMask == backend.ColorMaskAll &&
		cd.RGBBlendOp == backend.BlendOpAdd && cd.AlphaBlendOp == backend.BlendOpAdd &&
		cd.SrcRGB == backend.BlendSourceAlpha && cd.SrcAlpha == backend.BlendSourceAlpha &&
		cd.DstRGB == backend.BlendOneMinusSourceAlpha && cd.DstAlpha == backend.BlendOneMinusSourceAlpha
}

// blendOver8 is overBlend into an 8-bit unorm RGBA (or, bgra, BGRA)
// sample in one pass: the bits of blend's general path, without its
// calls.
func blendOver8(bgra bool, src [4]float32, px []byte) {
	c := [1][4]float32{{clamp01(src[0]), clamp01(src[1]), clamp01(src[2]), clamp01(src[3])}}
	over8(bgra, c[:], px)
}

// over8 is blendOver8 for colours already within 0..1 (which clamp01
// leaves as they are), of the samples one after another in px: a loop,
// as its body is too big to inline.
func over8(bgra bool, src [][4]float32, px []byte) {
	px = px[:4*len(src)]
	// The colour channels that bytes 0 and 2 hold: pack8's and unpack8's
	// swap, once.
	lo, hi := 0, 2
	if bgra {
		lo, hi = 2, 0
	}
	for i := range src {
		s, p := &src[i], px[4*i:4*i+4]
		v := binary.LittleEndian.Uint32(p)
		a := s[3]
		ia := 1 - a
		add := func(s float32, b uint32) uint32 {
			x := s * a
			y := texel.Unorm8(uint8(b)) * ia
			// texel.U8 without its clamps: x+y is neither NaN nor below 0,
			// and past 1 by rounding only, where the rounding gives 255 too.
			return uint32(int32((x+y)*255 + 0.5))
		}
		binary.LittleEndian.PutUint32(p, add(s[lo&3], v)|add(s[1], v>>8)<<8|add(s[hi&3], v>>16)<<16|add(a, v>>24)<<24)
	}
}

func clamp01(v float32) float32 {
	if !(v > 0) {
		return 0
	}
	if v > 1 {
		return 1
	}
	return v
}

// sameForRGB reports that blend factor f is the same for the red, green
// and blue channels.
func sameForRGB(f backend.BlendFactor) bool {
	switch f {
	case backend.BlendZero, backend.BlendOne, backend.BlendSourceAlpha, backend.BlendOneMinusSourceAlpha,
		backend.BlendDestinationAlpha, backend.BlendOneMinusDestinationAlpha, backend.BlendBlendAlpha,
		backend.BlendOneMinusBlendAlpha, backend.BlendSourceAlphaSaturated:
		return true
	}
	return false
}

// blendChannel is channel i of the general blend.
func blendChannel(op backend.BlendOp, sf, df backend.BlendFactor, i int, src, dst, k *[4]float32) float32 {
	s := src[i] * factor(sf, i, src, dst, k)
	d := dst[i] * factor(df, i, src, dst, k)
	switch op {
	case backend.BlendOpAdd:
		return s + d
	case backend.BlendOpSubtract:
		return s - d
	case backend.BlendOpReverseSubtract:
		return d - s
	case backend.BlendOpMin:
		return min(src[i], dst[i])
	case backend.BlendOpMax:
		return max(src[i], dst[i])
	}
	return src[i]
}

// factor is blend factor f for channel i (3 is alpha).
func factor(f backend.BlendFactor, i int, s, d, k *[4]float32) float32 {
	switch f {
	case backend.BlendZero:
		return 0
	case backend.BlendOne:
		return 1
	case backend.BlendSourceColor:
		return s[i]
	case backend.BlendOneMinusSourceColor:
		return 1 - s[i]
	case backend.BlendSourceAlpha:
		return s[3]
	case backend.BlendOneMinusSourceAlpha:
		return 1 - s[3]
	case backend.BlendDestinationColor:
		return d[i]
	case backend.BlendOneMinusDestinationColor:
		return 1 - d[i]
	case backend.BlendDestinationAlpha:
		return d[3]
	case backend.BlendOneMinusDestinationAlpha:
		return 1 - d[3]
	case backend.BlendSourceAlphaSaturated:
		if i == 3 {
			return 1
		}
		return min(s[3], 1-d[3])
	case backend.BlendBlendColor:
		return k[i]
	case backend.BlendOneMinusBlendColor:
		return 1 - k[i]
	case backend.BlendBlendAlpha:
		return k[3]
	case backend.BlendOneMinusBlendAlpha:
		return 1 - k[3]
	}
	return 0
}
