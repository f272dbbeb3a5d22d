package reference

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/reference/texel"
)

// coverage returns, per pixel of an R8 target, how many times additive
// blending of 1 unit touched it.
func (r *rig) coverage(w, h int, vs []vtx, edit func(e backend.RenderCommandEncoder)) [][]int {
	tex := r.target(pixfmt.R8Unorm, w, h, 1)
	p := r.pipeline(colorFS, pixfmt.R8Unorm, func(d *backend.RenderPipelineDesc) {
		c := &d.ColorAttachments[0]
		c.BlendEnable = true
		c.SrcRGB, c.DstRGB, c.SrcAlpha, c.DstAlpha = backend.BlendOne, backend.BlendOne, backend.BlendOne, backend.BlendOne
	})
	for i := range vs {
		vs[i].c = [4]float32{1.0 / 255, 0, 0, 1}
	}
	r.run(colorPass(tex, [4]float64{}), func(e backend.RenderCommandEncoder) {
		if edit != nil {
			edit(e)
		}
		r.draw(e, p, tex, backend.PrimitiveTriangle, vs)
	})
	out := make([][]int, h)
	for y := range out {
		out[y] = make([]int, w)
		for x := range out[y] {
			out[y][x] = int(pixel(tex, x, y)[0])
		}
	}
	return out
}

func gridString(g [][]int) string {
	var b strings.Builder
	for _, row := range g {
		for _, v := range row {
			fmt.Fprintf(&b, "%d", v)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func TestFillRuleSharedEdges(t *testing.T) {
	r := newRig(t)
	// A square split along its diagonal, whose edges run through pixel
	// centres, and a fan of triangles around a centre at a pixel centre
	// with edges at awkward slopes: every covered pixel once.
	cases := map[string][]vtx{
		"diagonal": rect(1, 1, 9, 9, 0.5, [4]float32{}),
		"fan": {
			{x: 5.5, y: 5.5}, {x: 0, y: 0}, {x: 10.3, y: 0},
			{x: 5.5, y: 5.5}, {x: 10.3, y: 0}, {x: 12, y: 10.7},
			{x: 5.5, y: 5.5}, {x: 12, y: 10.7}, {x: 0.2, y: 12},
			{x: 5.5, y: 5.5}, {x: 0.2, y: 12}, {x: 0, y: 0},
		},
	}
	for name, vs := range cases {
		g := r.coverage(12, 12, vs, nil)
		for y, row := range g {
			for x, v := range row {
				if v > 1 {
					t.Errorf("%s: pixel (%d,%d) drawn %d times\n%s", name, x, y, v, gridString(g))
					return
				}
				if name == "diagonal" && (v == 1) != (x >= 1 && x < 9 && y >= 1 && y < 9) {
					t.Errorf("%s: pixel (%d,%d) = %d\n%s", name, x, y, v, gridString(g))
					return
				}
			}
		}
		if name == "fan" {
			// The fan covers the full quad (0,0)-(10.3,0)-(12,10.7)-(0.2,12).
			if g[5][5] != 1 || g[0][0] != 1 || g[11][11] != 0 {
				t.Errorf("fan coverage wrong\n%s", gridString(g))
			}
		}
	}
}

func TestFillRuleTopLeft(t *testing.T) {
	r := newRig(t)
	// Edges through pixel centres: top at y=2.5 and left at x=1.5 are
	// drawn, bottom at y=5.5 and right at x=6.5 are not.
	g := r.coverage(8, 8, rect(1.5, 2.5, 6.5, 5.5, 0.5, [4]float32{}), nil)
	for y, row := range g {
		for x, v := range row {
			want := 0
			if x >= 1 && x <= 5 && y >= 2 && y <= 4 {
				want = 1
			}
			if v != want {
				t.Fatalf("pixel (%d,%d) = %d, want %d\n%s", x, y, v, want, gridString(g))
			}
		}
	}
	// A single triangle whose bottom-left vertex is a pixel centre: the
	// top edge (y = 1.5) row is included, the right diagonal's centres
	// are excluded.
	g = r.coverage(6, 6, []vtx{{x: 1.5, y: 1.5}, {x: 4.5, y: 1.5}, {x: 1.5, y: 4.5}}, nil)
	want := "000000\n011100\n011000\n010000\n000000\n000000\n"
	if s := gridString(g); s != want {
		t.Fatalf("triangle coverage\n%s\nwant\n%s", s, want)
	}
}

func TestCullAndWinding(t *testing.T) {
	r := newRig(t)
	cw := []vtx{{x: 0, y: 0}, {x: 4, y: 0}, {x: 0, y: 4}} // clockwise on screen
	ccw := []vtx{{x: 0, y: 0}, {x: 0, y: 4}, {x: 4, y: 0}}
	for _, c := range []struct {
		vs   []vtx
		wind backend.Winding
		cull backend.CullMode
		draw bool
	}{
		{cw, backend.WindingClockwise, backend.CullBack, true},
		{cw, backend.WindingClockwise, backend.CullFront, false},
		{ccw, backend.WindingClockwise, backend.CullBack, false},
		{ccw, backend.WindingCounterClockwise, backend.CullBack, true},
		{ccw, backend.WindingClockwise, backend.CullNone, true},
	} {
		g := r.coverage(4, 4, c.vs, func(e backend.RenderCommandEncoder) {
			e.SetFrontFacing(c.wind)
			e.SetCullMode(c.cull)
		})
		if (g[0][0] == 1) != c.draw {
			t.Errorf("winding %d cull %d: drawn=%v", c.wind, c.cull, g[0][0] == 1)
		}
	}
}

func TestViewportAndScissor(t *testing.T) {
	r := newRig(t)
	full := rect(0, 0, 8, 8, 0.5, [4]float32{})
	g := r.coverage(8, 8, full, func(e backend.RenderCommandEncoder) {
		e.SetScissorRect(backend.ScissorRect{X: 2, Y: 3, Width: 3, Height: 2})
	})
	for y, row := range g {
		for x, v := range row {
			if want := x >= 2 && x < 5 && y >= 3 && y < 5; (v == 1) != want {
				t.Fatalf("scissor: pixel (%d,%d)=%d\n%s", x, y, v, gridString(g))
			}
		}
	}
	// A viewport over the right half squeezes the full-target square
	// into it; nothing is drawn outside it.
	g = r.coverage(8, 8, full, func(e backend.RenderCommandEncoder) {
		e.SetViewport(backend.Viewport{OriginX: 4, OriginY: 0, Width: 4, Height: 8, ZFar: 1})
	})
	for y, row := range g {
		for x, v := range row {
			if want := x >= 4; (v == 1) != want {
				t.Fatalf("viewport: pixel (%d,%d)=%d\n%s", x, y, v, gridString(g))
			}
		}
	}
}

func TestPerspectiveInterpolation(t *testing.T) {
	r := newRig(t)
	tex := r.target(pixfmt.RGBA32Float, 8, 1, 1)
	p := r.pipeline(colorFS, pixfmt.RGBA32Float, nil)
	noPersp := &backend.FragmentFunc{
		Sig: backend.FragmentSignature{Varyings: 2, Outputs: 1, Interp: [backend.MaxVaryings]backend.Interpolation{backend.InterpNoPerspective}},
		Run: colorFS.Run,
	}
	pn := r.pipeline(noPersp, pixfmt.RGBA32Float, nil)
	// A span from x=0 (w=1, value 0) to x=8 (w=3, value 1).
	vs := []vtx{
		{x: 0, y: -1, w: 1, c: [4]float32{0, 0, 0, 1}}, {x: 8, y: -1, w: 3, c: [4]float32{1, 0, 0, 1}}, {x: 0, y: 3, w: 1, c: [4]float32{0, 0, 0, 1}},
		{x: 8, y: -1, w: 3, c: [4]float32{1, 0, 0, 1}}, {x: 8, y: 3, w: 3, c: [4]float32{1, 0, 0, 1}}, {x: 0, y: 3, w: 1, c: [4]float32{0, 0, 0, 1}},
	}
	for _, c := range []struct {
		p       backend.RenderPipelineState
		perspec bool
	}{{p, true}, {pn, false}} {
		r.run(colorPass(tex, [4]float64{}), func(e backend.RenderCommandEncoder) {
			r.draw(e, c.p, tex, backend.PrimitiveTriangle, vs)
		})
		for x := 0; x < 8; x++ {
			s := (float32(x) + 0.5) / 8 // screen-space fraction
			want := s
			if c.perspec {
				want = (s / 3) / ((1 - s) + s/3)
			}
			if got := rgbaF(tex, x, 0)[0]; !near(got, want, 1e-5) {
				t.Errorf("perspective=%v x=%d: got %v want %v", c.perspec, x, got, want)
			}
		}
	}
}

func TestPointsAndLines(t *testing.T) {
	r := newRig(t)
	tex := r.target(pixfmt.R8Unorm, 8, 8, 1)
	p := r.pipeline(colorFS, pixfmt.R8Unorm, nil)
	white := [4]float32{1, 1, 1, 1}
	// A 3-pixel point at the centre of pixel (2,2) covers (1..3, 1..3);
	// the point size travels in uv.x.
	r.run(colorPass(tex, [4]float64{}), func(e backend.RenderCommandEncoder) {
		r.draw(e, p, tex, backend.PrimitivePoint, []vtx{{x: 2.5, y: 2.5, z: 0.5, c: white, uv: [2]float32{3, 0}}})
	})
	for y := 0; y < 8; y++ {
		for x := 0; x < 8; x++ {
			want := x >= 1 && x <= 3 && y >= 1 && y <= 3
			if (pixel(tex, x, y)[0] == 255) != want {
				t.Fatalf("point: pixel (%d,%d)", x, y)
			}
		}
	}
	// A horizontal line along row 5 from x=1.5 to x=6.5 lights pixels
	// 1..5: the end pixel is left out.
	r.run(colorPass(tex, [4]float64{}), func(e backend.RenderCommandEncoder) {
		r.draw(e, p, tex, backend.PrimitiveLine, []vtx{{x: 1.5, y: 5.5, c: white}, {x: 6.5, y: 5.5, c: white}})
	})
	for y := 0; y < 8; y++ {
		for x := 0; x < 8; x++ {
			want := y == 5 && x >= 1 && x <= 5
			if (pixel(tex, x, y)[0] == 255) != want {
				t.Fatalf("line: pixel (%d,%d)", x, y)
			}
		}
	}
	// Point coordinates run 0..1 across the sprite from the top-left.
	pc := &backend.FragmentFunc{Sig: backend.FragmentSignature{Outputs: 1}, Run: func(_ backend.QuadResources, q *backend.Quad, out *backend.FragmentOut) {
		for l := 0; l < 4; l++ {
			out.Color[0][l] = [4]float32{q.PointCoord[l][0], q.PointCoord[l][1], 0, 1}
		}
	}}
	ft := r.target(pixfmt.RGBA32Float, 4, 4, 1)
	pp := r.pipeline(pc, pixfmt.RGBA32Float, nil)
	r.run(colorPass(ft, [4]float64{}), func(e backend.RenderCommandEncoder) {
		r.draw(e, pp, ft, backend.PrimitivePoint, []vtx{{x: 2, y: 2, z: 0.5, uv: [2]float32{4, 0}}})
	})
	if c := rgbaF(ft, 0, 3); c[0] != 0.125 || c[1] != 0.875 {
		t.Errorf("point coord at (0,3) = %v", c)
	}
}

func TestWireframe(t *testing.T) {
	r := newRig(t)
	g := r.coverage(8, 8, []vtx{{x: 0.5, y: 0.5}, {x: 6.5, y: 0.5}, {x: 0.5, y: 6.5}}, func(e backend.RenderCommandEncoder) {
		e.SetTriangleFillMode(backend.FillLines)
	})
	if g[0][3] != 1 || g[3][0] != 1 || g[2][2] != 0 {
		t.Errorf("wireframe\n%s", gridString(g))
	}
}

func TestTriangleStripAndIndexed(t *testing.T) {
	r := newRig(t)
	tex := r.target(pixfmt.R8Unorm, 8, 4, 1)
	p := r.pipeline(colorFS, pixfmt.R8Unorm, func(d *backend.RenderPipelineDesc) {
		d.ColorAttachments[0].BlendEnable = true
		c := &d.ColorAttachments[0]
		c.SrcRGB, c.DstRGB, c.SrcAlpha, c.DstAlpha = backend.BlendOne, backend.BlendOne, backend.BlendOne, backend.BlendOne
	})
	c := [4]float32{1.0 / 255, 0, 0, 1}
	vs := []vtx{{x: 0, y: 0, c: c}, {x: 0, y: 4, c: c}, {x: 2, y: 0, c: c}, {x: 2, y: 4, c: c}, {x: 4, y: 0, c: c}, {x: 4, y: 4, c: c},
		{x: 6, y: 0, c: c}, {x: 6, y: 4, c: c}}
	// Strip 0..5, restart, then 4..7 via 16-bit indices with base vertex.
	idx := []uint16{0, 1, 2, 3, 4, 5, 0xffff, 2, 3, 4, 5}
	ib, _ := r.dev.NewBuffer(2 * len(idx))
	for i, v := range idx {
		ib.Contents()[2*i], ib.Contents()[2*i+1] = byte(v), byte(v>>8)
	}
	r.run(colorPass(tex, [4]float64{}), func(e backend.RenderCommandEncoder) {
		e.SetCullMode(backend.CullBack) // strips keep their winding
		e.SetFrontFacing(backend.WindingCounterClockwise)
		e.SetRenderPipelineState(p)
		e.SetVertexBytes(clipBytes(vs, 8, 4), 0)
		e.DrawIndexedPrimitives(backend.PrimitiveTriangleStrip, len(idx), backend.IndexUInt16, ib, 0, 1, 2, 0)
	})
	// With base vertex 2: first strip covers x 2..6 (vertices 2..7);
	// the second covers x 4..6 again.
	for x := 0; x < 8; x++ {
		want := byte(0)
		switch {
		case x >= 2 && x < 4:
			want = 1
		case x >= 4 && x < 6:
			want = 2
		}
		if got := pixel(tex, x, 1)[0]; got != want {
			t.Errorf("x=%d: %d want %d", x, got, want)
		}
	}
}

// blendOver8 and the inline 8-bit RGBA/BGRA reads and writes give the
// general blend's bits through the format's codec.
func TestBlendOver8MatchesBlend(t *testing.T) {
	rnd := rand.New(rand.NewPCG(9, 10))
	cd := backend.ColorAttachmentDesc{BlendEnable: true, WriteMask: backend.ColorMaskAll,
		RGBBlendOp: backend.BlendOpAdd, AlphaBlendOp: backend.BlendOpAdd,
		SrcRGB: backend.BlendSourceAlpha, SrcAlpha: backend.BlendSourceAlpha,
		DstRGB: backend.BlendOneMinusSourceAlpha, DstAlpha: backend.BlendOneMinusSourceAlpha}
	if !overBlend(&cd) {
		t.Fatal("alpha over is not overBlend")
	}
	var k [4]float32
	for _, f := range []pixfmt.Format{pixfmt.RGBA8Unorm, pixfmt.BGRA8Unorm} {
		general := &target{codec: texel.For(f), norm: true} // the codec's calls
		inline := &target{codec: texel.For(f), norm: true, four8: four8RGBA}
		if f == pixfmt.BGRA8Unorm {
			inline.four8 = four8BGRA
		}
		for range 20000 {
			src := [4]float32{rnd.Float32()*1.4 - 0.2, rnd.Float32(), rnd.Float32()*1.4 - 0.2, rnd.Float32()*1.4 - 0.2}
			px := []byte{byte(rnd.IntN(256)), byte(rnd.IntN(256)), byte(rnd.IntN(256)), byte(rnd.IntN(256))}
			want := append([]byte(nil), px...)
			blend(general, &cd, &k, &k, src, want)
			got := append([]byte(nil), px...)
			blendOver8(inline.four8 == four8BGRA, src, got)
			viaBlend := append([]byte(nil), px...)
			blend(inline, &cd, &k, &k, src, viaBlend)
			if !bytes.Equal(got, want) || !bytes.Equal(viaBlend, want) {
				t.Fatalf("%v: src %v over %v: blendOver8 %v, inline blend %v, want %v", f, src, px, got, viaBlend, want)
			}
		}
	}
}
