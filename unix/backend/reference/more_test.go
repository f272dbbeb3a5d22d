package reference

import (
	"encoding/binary"
	"math"
	"testing"

	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
)

func TestViewsAndSwizzle(t *testing.T) {
	r := newRig(t)
	tex := r.tex(backend.TextureDesc{Format: pixfmt.RGBA8Unorm, Width: 1, Height: 1})
	tex.Replace(backend.Region{Width: 1, Height: 1}, 0, 0, []byte{188, 40, 0, 7}, 4, 4)
	// An sRGB view decodes, a swizzled view reads L8 as (L, L, L, 1).
	sv, err := tex.NewView(pixfmt.RGBA8Unorm_sRGB, pixfmt.Swizzles{})
	if err != nil {
		t.Fatal(err)
	}
	got := r.sampleOne(sv, backend.DefaultSamplerDesc(), [4]float32{0.5, 0.5, 0, 0})
	if !near(got[0], 0.5029, 1e-3) {
		t.Errorf("sRGB view: %v", got)
	}
	lv, _ := tex.NewView(pixfmt.RGBA8Unorm, pixfmt.Swizzles{pixfmt.SwizzleRed, pixfmt.SwizzleRed, pixfmt.SwizzleRed, pixfmt.SwizzleOne})
	got = r.sampleOne(lv, backend.DefaultSamplerDesc(), [4]float32{0.5, 0.5, 0, 0})
	if want := float32(188) / 255; got != [4]float32{want, want, want, 1} {
		t.Errorf("swizzled view: %v", got)
	}
	// Rendering through a view writes the shared storage; the original
	// sees it.
	r.run(colorPass(sv, [4]float64{0.5, 0, 0, 1}), func(backend.RenderCommandEncoder) {})
	if px := pixel(tex, 0, 0); px[0] != 188 || px[3] != 255 {
		t.Errorf("write through view: %v", px)
	}
	if _, err := tex.NewView(pixfmt.R8Unorm, pixfmt.Swizzles{}); err == nil {
		t.Error("view with a different texel size allowed")
	}
}

func TestClipDistances(t *testing.T) {
	r := newRig(t)
	tex := r.target(pixfmt.R8Unorm, 8, 1, 1)
	// Clip distance 0 is x_ndc: the left half (x < 0) is clipped away.
	vs := &backend.VertexFunc{Sig: backend.VertexSignature{Varyings: 2, ClipDistances: 1}, Run: func(res backend.Resources, in *backend.VertexIn, out *backend.VertexOut) {
		passVS.Run(res, in, out)
		out.ClipDistance[0] = in.Attr[0][0]
	}}
	d := backend.RenderPipelineDesc{VertexFunction: r.function(backend.StageVertex, vs), FragmentFunction: r.function(backend.StageFragment, colorFS), VertexDescriptor: vertexDesc()}
	d.ColorAttachments[0] = backend.ColorAttachmentDesc{Format: pixfmt.R8Unorm, WriteMask: backend.ColorMaskAll}
	p, err := r.dev.NewRenderPipeline(d)
	if err != nil {
		t.Fatal(err)
	}
	r.run(colorPass(tex, [4]float64{}), func(e backend.RenderCommandEncoder) {
		r.draw(e, p, tex, backend.PrimitiveTriangle, rect(0, -1, 8, 2, 0.5, [4]float32{1, 1, 1, 1}))
	})
	for x := 0; x < 8; x++ {
		if lit := pixel(tex, x, 0)[0] == 255; lit != (x >= 4) {
			t.Errorf("x=%d lit=%v", x, lit)
		}
	}
}

func TestInstancingAndVertexFormats(t *testing.T) {
	r := newRig(t)
	tex := r.target(pixfmt.RGBA8Unorm, 4, 1, 1)
	// Buffer 0: per-vertex float2 positions of a unit-pixel square at
	// x=0; buffer 1: per-instance x offset (short2) and a D3DCOLOR
	// (uchar4 BGRA) colour, one per two instances.
	vs := &backend.VertexFunc{Sig: backend.VertexSignature{Varyings: 1}, Run: func(_ backend.Resources, in *backend.VertexIn, out *backend.VertexOut) {
		x := in.Attr[0][0] + in.Attr[1][0]
		out.Position = [4]float32{x/2 - 1, in.Attr[0][1], 0.5, 1}
		out.Varyings[0] = in.Attr[2]
	}}
	var vd backend.VertexDescriptor
	vd.Attributes[0] = backend.VertexAttribute{Format: backend.VertexFloat2, BufferIndex: 0}
	vd.Attributes[1] = backend.VertexAttribute{Format: backend.VertexShort2, BufferIndex: 1}
	vd.Attributes[2] = backend.VertexAttribute{Format: backend.VertexUChar4Normalized_BGRA, Offset: 4, BufferIndex: 1}
	vd.Layouts[0] = backend.VertexBufferLayout{Stride: 8}
	vd.Layouts[1] = backend.VertexBufferLayout{Stride: 8, Step: backend.StepPerInstance, StepRate: 2}
	d := backend.RenderPipelineDesc{VertexFunction: r.function(backend.StageVertex, vs), FragmentFunction: r.function(backend.StageFragment, colorFS), VertexDescriptor: vd}
	d.ColorAttachments[0] = backend.ColorAttachmentDesc{Format: pixfmt.RGBA8Unorm, WriteMask: backend.ColorMaskAll}
	p, err := r.dev.NewRenderPipeline(d)
	if err != nil {
		t.Fatal(err)
	}
	pos := floats(0, -1, 1, -1, 0, 1, 0, 1, 1, -1, 1, 1)
	// Instances 0 and 1 read element 0 (offset 0, blue), 2 and 3 read
	// element 1 (offset 2, red): each pair draws over the same pixel.
	inst := []byte{0, 0, 0, 0, 255, 0, 0, 255, 2, 0, 0, 0, 0, 0, 255, 255}
	r.run(colorPass(tex, [4]float64{}), func(e backend.RenderCommandEncoder) {
		e.SetRenderPipelineState(p)
		e.SetVertexBytes(pos, 0)
		e.SetVertexBytes(inst, 1)
		e.DrawPrimitives(backend.PrimitiveTriangle, 0, 6, 4, 0)
	})
	want := [][]byte{{0, 0, 255, 255}, {0, 0, 0, 0}, {255, 0, 0, 255}, {0, 0, 0, 0}}
	for x, w := range want {
		if got := pixel(tex, x, 0); string(got) != string(w) {
			t.Errorf("x=%d: %v want %v", x, got, w)
		}
	}
	for _, c := range []struct {
		f    backend.VertexFormat
		in   []byte
		want [4]float32
	}{
		{backend.VertexHalf2, []byte{0x00, 0x3c, 0x00, 0xc0}, [4]float32{1, -2, 0, 1}},
		{backend.VertexShort2Normalized, []byte{0xff, 0x7f, 0x00, 0x80}, [4]float32{1, -1, 0, 1}},
		{backend.VertexUShort2Normalized, []byte{0xff, 0xff, 0, 0}, [4]float32{1, 0, 0, 1}},
		{backend.VertexUChar4, []byte{1, 2, 3, 4}, [4]float32{1, 2, 3, 4}},
		{backend.VertexUInt1010102Normalized, []byte{0xff, 0x03, 0, 0xc0}, [4]float32{1, 0, 0, 1}},
		{backend.VertexInt1010102Normalized, []byte{0xff, 0x01, 0, 0}, [4]float32{1, 0, 0, 0}},
	} {
		if got := backend.DecodeAttribute(c.f, c.in); got != c.want {
			t.Errorf("vertex format %d: %v want %v", c.f, got, c.want)
		}
	}
}

func floats(v ...float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

func TestDiscardAndDepthOutput(t *testing.T) {
	r := newRig(t)
	color := r.target(pixfmt.R8Unorm, 4, 4, 1)
	depth := r.target(pixfmt.Depth32Float, 4, 4, 1)
	// Discard the left column; write depth 0.25 elsewhere.
	fs := &backend.FragmentFunc{Sig: backend.FragmentSignature{Varyings: 2, Outputs: 1, WritesDepth: true}, Run: func(_ backend.QuadResources, q *backend.Quad, out *backend.FragmentOut) {
		for l := 0; l < 4; l++ {
			out.Color[0][l] = [4]float32{1, 1, 1, 1}
			out.Depth[l] = 0.25
			if q.Position[l][0] < 1 {
				out.Discard |= 1 << l
			}
		}
	}}
	p := r.pipeline(fs, pixfmt.R8Unorm, func(d *backend.RenderPipelineDesc) { d.DepthFormat = pixfmt.Depth32Float })
	ds := r.dss(backend.DepthStencilDesc{DepthCompare: backend.CompareLess, DepthWrite: true})
	r.run(depthPass(color, depth, 1, 0), func(e backend.RenderCommandEncoder) {
		e.SetDepthStencilState(ds)
		r.draw(e, p, color, backend.PrimitiveTriangle, rect(0, 0, 4, 4, 0.9, [4]float32{}))
	})
	if pixel(color, 0, 0)[0] != 0 || pixel(color, 1, 0)[0] != 255 {
		t.Errorf("discard: %v %v", pixel(color, 0, 0), pixel(color, 1, 0))
	}
	if z := math.Float32frombits(binary.LittleEndian.Uint32(pixel(depth, 2, 2))); z != 0.25 {
		t.Errorf("written depth %v", z)
	}
}

func TestAlphaToCoverage(t *testing.T) {
	r := newRig(t)
	ms := r.target(pixfmt.RGBA8Unorm, 2, 2, 4)
	res := r.target(pixfmt.RGBA8Unorm, 2, 2, 1)
	p := r.pipeline(colorFS, pixfmt.RGBA8Unorm, func(d *backend.RenderPipelineDesc) {
		d.SampleCount = 4
		d.AlphaToCoverage = true
	})
	d := colorPass(ms, [4]float64{0, 0, 0, 0})
	d.Color[0].Store = backend.StoreMultisampleResolve
	d.Color[0].ResolveTexture = res
	// Alpha 0.5 keeps two of four samples: resolved red 128, alpha 64.
	r.run(d, func(e backend.RenderCommandEncoder) {
		r.draw(e, p, ms, backend.PrimitiveTriangle, rect(0, 0, 2, 2, 0.5, [4]float32{1, 0, 0, 0.5}))
	})
	if got := pixel(res, 1, 1); got[0] != 128 || got[3] != 64 {
		t.Errorf("alpha to coverage resolved %v", got)
	}
}

func TestSteepAndDiagonalLines(t *testing.T) {
	r := newRig(t)
	// A vertical line down column 2 from y=0.5 to y=5.5 lights rows 0..4;
	// a 45-degree line from (0,0) to (4,4) lights the diagonal 0..3.
	g := r.coverageLines(6, 6, []vtx{{x: 2.5, y: 0.5}, {x: 2.5, y: 5.5}})
	for y := 0; y < 6; y++ {
		for x := 0; x < 6; x++ {
			if want := x == 2 && y < 5; (g[y][x] == 1) != want {
				t.Fatalf("vertical line\n%s", gridString(g))
			}
		}
	}
	g = r.coverageLines(6, 6, []vtx{{x: 0, y: 0.2}, {x: 4, y: 4.2}})
	for y := 0; y < 6; y++ {
		for x := 0; x < 6; x++ {
			if want := x == y && x < 4; (g[y][x] == 1) != want {
				t.Fatalf("diagonal line\n%s", gridString(g))
			}
		}
	}
	// A line strip does not draw the shared vertex twice.
	g = r.coverageLines(6, 6, []vtx{{x: 0.5, y: 1.5}, {x: 3.5, y: 1.5}, {x: 3.5, y: 4.5}}, backend.PrimitiveLineStrip)
	if g[1][3] != 1 || g[1][0] != 1 || g[3][3] != 1 || g[4][3] != 0 {
		t.Errorf("line strip\n%s", gridString(g))
	}
}

// coverageLines is coverage for lines (default) or a line strip.
func (r *rig) coverageLines(w, h int, vs []vtx, prim ...backend.PrimitiveType) [][]int {
	pt := backend.PrimitiveLine
	if len(prim) > 0 {
		pt = prim[0]
	}
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
		r.draw(e, p, tex, pt, vs)
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

func TestProgramPanicFailsBuffer(t *testing.T) {
	r := newRig(t)
	tex := r.target(pixfmt.R8Unorm, 64, 64, 1)
	bad := &backend.FragmentFunc{Sig: backend.FragmentSignature{Outputs: 1}, Run: func(backend.QuadResources, *backend.Quad, *backend.FragmentOut) {
		panic("interpreter bug")
	}}
	p := r.pipeline(bad, pixfmt.R8Unorm, nil)
	cb := r.q.CommandBuffer()
	e := cb.RenderCommandEncoder(colorPass(tex, [4]float64{}))
	r.draw(e, p, tex, backend.PrimitiveTriangle, rect(0, 0, 64, 64, 0.5, [4]float32{}))
	e.EndEncoding()
	cb.Commit()
	cb.WaitUntilCompleted()
	if cb.Error() == nil || cb.Status() != backend.StatusError {
		t.Fatalf("status %d, error %v", cb.Status(), cb.Error())
	}
	// The queue still runs later buffers.
	r.run(colorPass(tex, [4]float64{1, 0, 0, 0}), func(backend.RenderCommandEncoder) {})
	if pixel(tex, 0, 0)[0] != 255 {
		t.Error("queue stopped after a failed buffer")
	}
}
