package irprog_test

import (
	"testing"
	"time"

	"mtld3d/core/ir"
	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/irprog"
)

// BenchmarkScreenQuad draws one full-screen textured quad per frame at
// 640x480 (vs_2_0 pass-through, ps_2_0 texld of a 256x256 RGBA8 texture
// with bilinear filtering) through the IR interpreter, waiting for each
// frame.
func BenchmarkScreenQuad(b *testing.B) { benchScreenQuad(b, false) }

// BenchmarkScreenQuadNative is the same frame with the fragment stage a
// hand-written Go program: what the backend costs without the
// interpreter.
func BenchmarkScreenQuadNative(b *testing.B) { benchScreenQuad(b, true) }

func benchScreenQuad(b *testing.B, native bool) {
	r := newRig(b)
	vs := asm(b, "vs_2_0\ndcl_position v0\ndcl_texcoord v2\nmov oPos, v0\nmov oT0, v2\n")
	ps := asm(b, "ps_2_0\ndcl t0.xy\ndcl_2d s0\ntexld r0, t0, s0\nmov oC0, r0\n")
	p := r.pipeline(vs, ps, ir.VariantKey{}, ir.VariantKey{}, dxsoLayout, pixfmt.BGRA8Unorm, nil)
	if native {
		fs, err := r.dev.NewFunction(backend.FunctionDesc{Stage: backend.StageFragment, Entry: "native", Program: &backend.FragmentFunc{
			Sig: p.fs.FragmentSignature(),
			Run: func(res backend.QuadResources, q *backend.Quad, out *backend.FragmentOut) {
				res.SampleQuad(0, 0, &q.Varyings[0], 0, &out.Color[0])
			},
		}})
		if err != nil {
			b.Fatal(err)
		}
		d := p.state.Desc()
		d.FragmentFunction = fs
		if p.state, err = r.dev.NewRenderPipeline(d); err != nil {
			b.Fatal(err)
		}
	}
	const n = 256
	tex := r.texture(backend.TextureDesc{Type: backend.TextureType2D, Format: pixfmt.RGBA8Unorm, Width: n, Height: n, Usage: backend.UsageShaderRead})
	px := make([]byte, 4*n*n)
	for i := range px {
		px[i] = byte(i * 7)
	}
	tex.Replace(backend.Region{Width: n, Height: n, Depth: 1}, 0, 0, px, 4*n, 4*n*n)
	sd := backend.DefaultSamplerDesc()
	sd.MinFilter, sd.MagFilter = backend.FilterLinear, backend.FilterLinear
	smp := r.sampler(sd)
	tgt := r.target(pixfmt.BGRA8Unorm, 640, 480)
	quad := screen(0, red, [2]float32{}, [2]float32{1, 1})
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		r.pass(tgt, nil, clear, func(e backend.RenderCommandEncoder) {
			e.SetFragmentTexture(tex, 0)
			e.SetFragmentSampler(smp, 0)
			draw(e, p, quad)
		})
	}
	b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N), "ms/frame")
}

// stubRes is QuadResources with constant buffers and samples that cost
// nothing, to time a program's own overhead.
type stubRes struct{ cf []byte }

func (s *stubRes) Buffer(i int) []byte {
	if i == 0 {
		return s.cf
	}
	return nil
}
func (s *stubRes) Sample(tex, smp int, coord [4]float32, lod float32) [4]float32 { return coord }
func (s *stubRes) SampleCompare(tex, smp int, coord [4]float32, ref, lod float32) float32 {
	return ref
}
func (s *stubRes) TextureSize(tex, level int) (int, int, int, int)            { return 1, 1, 1, 1 }
func (s *stubRes) Gather(tex, smp int, coord [4]float32, comp int) [4]float32 { return coord }
func (s *stubRes) SampleQuad(tex, smp int, c *[4][4]float32, bias float32, out *[4][4]float32) {
	*out = *c
}
func (s *stubRes) SampleCompareQuad(tex, smp int, c *[4][4]float32, ref *[4]float32, out *[4]float32) {
	*out = *ref
}
func (s *stubRes) SampleLanes(tex, smp int, a *backend.SampleArgs, out *[4][4]float32) {
	*out = a.Coord
}

// BenchmarkRunFragment times one quad of the texld shader (with a free
// sampler) and of a ps_2_0 shader of a dozen ALU instructions.
func BenchmarkRunFragment(b *testing.B) {
	for _, tc := range []struct{ name, src string }{
		{"texld", "ps_2_0\ndcl t0.xy\ndcl_2d s0\ntexld r0, t0, s0\nmov oC0, r0\n"},
		{"alu12", "ps_2_0\ndcl t0\ndcl v0\nmul r0, t0, c0\nmad r0, r0, v0, c1\ndp3 r1.x, r0, r0\nrsq r1.x, r1.x\nmul r0.xyz, r0, r1.x\nadd r2, r0, c2\nmax r2, r2, c3\nmin r2, r2, c1\nlrp r3, v0.w, r2, r0\ncmp r3, r3, r3, -r3\nmul r3, r3, c0\nmov oC0, r3\n"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			p, err := irprog.Fragment(asm(b, tc.src), ir.VariantKey{})
			if err != nil {
				b.Fatal(err)
			}
			res := &stubRes{cf: float4Bytes(make([][4]float32, 32))}
			var q backend.Quad
			q.Live = 15
			var out backend.FragmentOut
			for i := 0; i < b.N; i++ {
				p.RunFragment(res, &q, &out)
			}
		})
	}
}
