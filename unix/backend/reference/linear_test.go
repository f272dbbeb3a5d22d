package reference

import (
	"bytes"
	"fmt"
	"math"
	"math/rand"
	"sync/atomic"
	"testing"

	"mtld3d/core/ff"
	"mtld3d/core/ir"
	"mtld3d/core/pixfmt"
	"mtld3d/types"
	"mtld3d/unix/backend"
)

// uvColorVS hands the fixed-function pixel shader its inputs in the
// varyings an unlinked program reads them from: the texture coordinate
// (slot 0) first, then the diffuse colour (slot 16).
var uvColorVS = &backend.VertexFunc{
	Sig: backend.VertexSignature{Varyings: 2},
	Run: func(_ backend.Resources, in *backend.VertexIn, out *backend.VertexOut) {
		out.Position = in.Attr[0]
		out.Varyings[0] = [4]float32{in.Attr[2][0], in.Attr[2][1], 0, 1}
		out.Varyings[1] = in.Attr[1]
	},
}

// TestLinearMatchesProgram draws random perspective triangles through
// fixed-function pixel shaders that have a linear form, with triLinear
// and with the program on quads, and wants the same bytes in the colour
// and depth targets: over every blend the draws use, point and bilinear
// sampling, wrapped and clamped coordinates, 8-bit RGBA and BGRA and
// float targets, with and without a depth test, and with colours that
// vary over each triangle or are one per triangle (flat, within 0..1 or
// not, over coordinates that are not negative: triLinear's fast cases).
func TestLinearMatchesProgram(t *testing.T) {
	defer func() { linearShading, linearUsed = true, nil }()
	var used atomic.Int64 // geometry may run draws on several goroutines
	linearUsed = func() { used.Add(1) }
	ops := [][2]types.TextureOp{
		{types.D3DTOP_MODULATE, types.D3DTOP_MODULATE},
		{types.D3DTOP_SELECTARG1, types.D3DTOP_SELECTARG1},
		{types.D3DTOP_SELECTARG2, types.D3DTOP_SELECTARG2},
		{types.D3DTOP_MODULATE, types.D3DTOP_SELECTARG1},
	}
	blends := map[string]func(*backend.ColorAttachmentDesc){
		"none": func(*backend.ColorAttachmentDesc) {},
		"over": func(c *backend.ColorAttachmentDesc) {
			c.BlendEnable = true
			c.SrcRGB, c.SrcAlpha = backend.BlendSourceAlpha, backend.BlendSourceAlpha
			c.DstRGB, c.DstAlpha = backend.BlendOneMinusSourceAlpha, backend.BlendOneMinusSourceAlpha
		},
		"add": func(c *backend.ColorAttachmentDesc) {
			c.BlendEnable = true
			c.SrcRGB, c.SrcAlpha, c.DstRGB, c.DstAlpha = backend.BlendOne, backend.BlendOne, backend.BlendOne, backend.BlendOne
		},
	}
	r := newRig(t)
	src := r.tex(backend.TextureDesc{Type: backend.TextureType2D, Format: pixfmt.RGBA8Unorm, Width: 8, Height: 4})
	rng := rand.New(rand.NewSource(3))
	texels := make([]byte, 8*4*4)
	rng.Read(texels)
	src.Replace(backend.Region{Width: 8, Height: 4, Depth: 1}, 0, 0, texels, 8*4, 8*4*4)
	for _, op := range ops {
		st := ff.DefaultState()
		st.Textures[0] = ir.Sampler2D
		t0 := &st.TSS[0]
		t0[types.D3DTSS_COLOROP], t0[types.D3DTSS_ALPHAOP] = uint32(op[0]), uint32(op[1])
		t0[types.D3DTSS_COLORARG1], t0[types.D3DTSS_ALPHAARG1] = types.D3DTA_TEXTURE, types.D3DTA_TEXTURE
		t0[types.D3DTSS_COLORARG2], t0[types.D3DTSS_ALPHAARG2] = types.D3DTA_DIFFUSE, types.D3DTA_DIFFUSE
		ps, err := r.dev.NewFunction(backend.FunctionDesc{Stage: backend.StageFragment, Entry: "ff",
			IR: ff.PixelShader(ff.PixelKeyOf(&st)), Variant: ff.Variant(&st)})
		if err != nil {
			t.Fatal(err)
		}
		for _, format := range []pixfmt.Format{pixfmt.RGBA8Unorm, pixfmt.BGRA8Unorm, pixfmt.RGBA32Float} {
			for blendName, blend := range blends {
				for _, filter := range []backend.SamplerFilter{backend.FilterNearest, backend.FilterLinear} {
					for depth := range 3 {
						for _, flat := range []bool{false, true} {
							name := fmt.Sprintf("%v-%v/%v/%s/filter%d/depth%d/flat=%v", op[0], op[1], format, blendName, filter, depth, flat)
							var got [2][2][]byte
							for i, on := range []bool{true, false} {
								linearShading = on
								got[i] = drawLinearCase(r, ps, src, format, blend, filter, depth, flat, rand.New(rand.NewSource(7)))
							}
							if !bytes.Equal(got[0][0], got[1][0]) || !bytes.Equal(got[0][1], got[1][1]) {
								t.Errorf("%s: triLinear's target differs from the program's", name)
							}
						}
					}
				}
			}
		}
	}
	if want := int64(len(ops) * 3 * len(blends) * 2 * 3 * 2); used.Load() != want {
		t.Errorf("triLinear shaded %d draws, want %d", used.Load(), want)
	}
}

// drawLinearCase draws 30 random triangles with ps over a 77x29 target
// and returns the targets' bytes: with depth 1 a depth test, with 2 a
// depth and stencil one. Flat gives each triangle's vertices one colour
// (every other triangle's within 0..1) and coordinates not negative.
func drawLinearCase(r *rig, ps backend.Function, src *Texture, f pixfmt.Format, blend func(*backend.ColorAttachmentDesc),
	filter backend.SamplerFilter, depth int, flat bool, rng *rand.Rand) [2][]byte {
	const w, h = 77, 29
	d := backend.RenderPipelineDesc{VertexFunction: r.function(backend.StageVertex, uvColorVS), FragmentFunction: ps, VertexDescriptor: vertexDesc()}
	d.ColorAttachments[0] = backend.ColorAttachmentDesc{Format: f, WriteMask: backend.ColorMaskAll}
	blend(&d.ColorAttachments[0])
	zf := [3]pixfmt.Format{pixfmt.Invalid, pixfmt.Depth32Float, pixfmt.Depth32Float_Stencil8}[depth]
	d.DepthFormat = zf
	if depth == 2 {
		d.StencilFormat = zf
	}
	p, err := r.dev.NewRenderPipeline(d)
	if err != nil {
		r.t.Fatal(err)
	}
	sd := backend.DefaultSamplerDesc()
	sd.MinFilter, sd.MagFilter = filter, filter
	sd.SAddress, sd.TAddress = backend.AddressRepeat, backend.AddressClampToEdge
	smp := r.sampler(sd)
	tgt := r.target(f, w, h, 1)
	pass := colorPass(tgt, [4]float64{0.2, 0.4, 0.6, 0.8})
	var zt *Texture
	if depth > 0 {
		zt = r.target(zf, w, h, 1)
		pass.Depth = backend.DepthAttachment{AttachmentDesc: backend.AttachmentDesc{Texture: zt, Load: backend.LoadClear, Store: backend.StoreStore}, ClearDepth: 0.7}
	}
	if depth == 2 {
		pass.Stencil = backend.StencilAttachment{AttachmentDesc: backend.AttachmentDesc{Texture: zt, Load: backend.LoadClear, Store: backend.StoreStore}, ClearStencil: 1}
	}
	vs := make([]vtx, 0, 90)
	for tri := range 30 {
		colour := func() [4]float32 {
			if flat && tri%2 == 0 {
				return [4]float32{rng.Float32(), rng.Float32(), rng.Float32(), rng.Float32()}
			}
			return [4]float32{rng.Float32()*2 - 0.5, rng.Float32()*2 - 0.5, rng.Float32()*2 - 0.5, rng.Float32()*2 - 0.5}
		}
		c := colour()
		uv := func() float32 { return rng.Float32()*3 - 1 }
		if flat {
			uv = func() float32 { return rng.Float32() * 3 }
		}
		for range 3 {
			if !flat {
				c = colour()
			}
			vs = append(vs, vtx{x: rng.Float32()*(w+10) - 5, y: rng.Float32()*(h+10) - 5, z: rng.Float32(), w: 0.25 + rng.Float32()*3,
				c: c, uv: [2]float32{uv(), uv()}})
		}
	}
	r.run(pass, func(e backend.RenderCommandEncoder) {
		ds := backend.DepthStencilDesc{DepthCompare: backend.CompareLess, DepthWrite: true}
		if depth == 2 {
			// Reference 2 over a cleared 1: a pixel's first two passes
			// pass, later ones fail; passes and depth failures count up.
			st := backend.StencilDesc{Compare: backend.CompareGreaterEqual, FailOp: backend.StencilKeep,
				DepthFailOp: backend.StencilIncrementClamp, PassOp: backend.StencilIncrementClamp, ReadMask: 0xff, WriteMask: 0xff}
			ds.StencilEnable, ds.Front, ds.Back = true, st, st
			e.SetStencilReference(2, 2)
		}
		if depth > 0 {
			e.SetDepthStencilState(r.dss(ds))
		}
		e.SetFragmentTexture(src, 0)
		e.SetFragmentSampler(smp, 0)
		r.draw(e, p, tgt, backend.PrimitiveTriangle, vs)
	})
	out := [2][]byte{append([]byte(nil), tgt.levels[0]...)}
	if zt != nil {
		out[1] = append([]byte(nil), zt.levels[0]...)
	}
	return out
}

// TestLerp4Unit checks what linearRun's unclamped modulate rests on:
// lerp4 of taps within 0..1 at weights within 0..1 is within 0..1 and
// not -0. Every pair of unorm8 taps at edge and random weights, and
// random floats within 0..1 (the blend of two rows).
func TestLerp4Unit(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	weights := []float32{0, 1, math.Nextafter32(1, 0), math.Nextafter32(0, 1), 0.5}
	for range 60 {
		weights = append(weights, rng.Float32())
	}
	check := func(a, b, c, d, x, y float32) {
		v := lerp4(a, b, c, d, x, y)
		if !(v >= 0 && v <= 1) || math.Signbit(float64(v)) {
			t.Fatalf("lerp4(%v, %v, %v, %v, %v, %v) = %v", a, b, c, d, x, y, v)
		}
	}
	for i := range 256 {
		for j := range 256 {
			a, b := float32(i)/255, float32(j)/255
			for _, x := range weights {
				check(a, b, a, b, x, 0)
				check(a, a, a, b, 1, x)
			}
		}
	}
	for range 2_000_000 {
		check(rng.Float32(), rng.Float32(), rng.Float32(), rng.Float32(), rng.Float32(), rng.Float32())
	}
}
