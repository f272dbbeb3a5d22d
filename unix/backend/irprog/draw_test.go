package irprog_test

import (
	"slices"
	"strings"
	"testing"

	"mtld3d/core/ff"
	"mtld3d/core/ir"
	"mtld3d/core/msl"
	"mtld3d/core/pixfmt"
	"mtld3d/types"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/irprog"
)

// Draw tests: shaders from DXSO text (assembled and lowered) and from
// core/ff, drawn through the reference backend with these programs and
// checked against values worked out by hand. Targets are RGBA32Float so
// results are exact up to interpolation rounding. Pixel (x, y) of a W x H
// target has its centre at ((x+0.5)/W, (y+0.5)/H) of a screen quad's uv.

const eps = 1e-5

var (
	red   = [4]float32{1, 0, 0, 1}
	green = [4]float32{0, 1, 0, 1}
	blue  = [4]float32{0, 0, 1, 1}
	clear = [4]float64{0.25, 0.25, 0.25, 0.25}
	clr   = [4]float32{0.25, 0.25, 0.25, 0.25}
)

const vsColor = `vs_2_0
dcl_position v0
dcl_color v1
mov oPos, v0
mul oD0, v1, c0
`

const psColor = `ps_2_0
dcl v0
mov oC0, v0
`

// A triangle with red, green and blue corners at pixels (0,0), (8,0) and
// (0,8) of an 8x8 target: at pixel centre (x, y) the weights are
// 1-x/8-y/8, x/8 and y/8. c0 scales the colour in the vertex shader.
func TestInterpolatedDiffuse(t *testing.T) {
	r := newRig(t)
	vs, ps := asm(t, vsColor), asm(t, psColor)
	tri := []vert{
		{a: [4]float32{-1, 1, 0, 1}, b: red},
		{a: [4]float32{1, 1, 0, 1}, b: green},
		{a: [4]float32{-1, -1, 0, 1}, b: blue},
	}
	c0 := float4Bytes([][4]float32{{1, 1, 1, 0.5}})
	for _, flat := range []bool{false, true} {
		p := r.pipeline(vs, ps, ir.VariantKey{}, ir.VariantKey{FlatShade: flat}, dxsoLayout, pixfmt.RGBA32Float, nil)
		tgt := r.target(pixfmt.RGBA32Float, 8, 8)
		r.pass(tgt, nil, clear, func(e backend.RenderCommandEncoder) {
			e.SetVertexBytes(c0, msl.BufferConstF)
			draw(e, p, tri)
		})
		for _, px := range [][2]int{{0, 0}, {1, 2}, {5, 1}, {2, 4}, {0, 6}} {
			x, y := float32(px[0])+0.5, float32(px[1])+0.5
			want := [4]float32{1 - x/8 - y/8, x / 8, y / 8, 0.5}
			if flat {
				want = [4]float32{1, 0, 0, 0.5}
			}
			r.expect(tgt, px[0], px[1], want, eps)
		}
		for _, px := range [][2]int{{7, 7}, {6, 4}, {4, 6}} {
			r.expect(tgt, px[0], px[1], clr, 0)
		}
	}
}

// Float, int and bool constants from their buffers, and the draw state.
func TestConstantBuffers(t *testing.T) {
	r := newRig(t)
	vs := asm(t, "vs_3_0\ndcl_position v0\ndcl_position o0\nmov o0, v0\n")
	ps := asm(t, `ps_3_0
def c3, 0, 0, 0, 1
mov r0, c3
loop aL, i0
add r0, r0, c1
endloop
if b1
add r0, r0, c2
endif
if b0
add r0, r0, c2
endif
mov oC0, r0
`)
	p := r.pipeline(vs, ps, ir.VariantKey{}, ir.VariantKey{}, dxsoLayout, pixfmt.RGBA32Float, nil)
	tgt := r.target(pixfmt.RGBA32Float, 4, 4)
	r.pass(tgt, nil, clear, func(e backend.RenderCommandEncoder) {
		e.SetFragmentBytes(float4Bytes([][4]float32{{9, 9, 9, 9}, {0.125, 0.25, 0, 0}, {0, 0, 0.5, 0}}), msl.BufferConstF)
		ib := float4Bytes([][4]float32{{}}) // i0 = (3, 0, 1, 0) as int32 bits
		for c, v := range []uint32{3, 0, 1, 0} {
			ib[4*c], ib[4*c+1], ib[4*c+2], ib[4*c+3] = byte(v), 0, 0, 0
		}
		e.SetFragmentBytes(ib, msl.BufferConstI)
		e.SetFragmentBytes([]byte{0, 0, 0, 0, 1, 0, 0, 0}, msl.BufferConstB) // b0 false, b1 true
		draw(e, p, screen(0, red, [2]float32{}, [2]float32{1, 1}))
	})
	r.expect(tgt, 1, 2, [4]float32{0.375, 0.75, 0.5, 1}, 0)
}

// The 4x4 test texture: red by column, green by row.
var (
	colRed   = [4]float32{0.1, 0.9, 0.3, 0.6}
	rowGreen = [4]float32{0.2, 0.4, 0.8, 1.0}
)

func texels4x4() [][4]float32 {
	var t [][4]float32
	for y := 0; y < 4; y++ {
		for x := 0; x < 4; x++ {
			t = append(t, [4]float32{colRed[x], rowGreen[y], 0.5, 1})
		}
	}
	return t
}

// lerpTex is the linear filter of one axis of the 4x4 texture at pixel p of
// an 8-pixel target: texel coordinate (p+0.5)/2 - 0.5, clamped to edge.
func lerpTex(v [4]float32, p int) float32 {
	c := (float32(p)+0.5)/2 - 0.5
	i := int(c+1) - 1 // floor for c >= -1
	f := c - float32(i)
	at := func(k int) float32 { return v[min(max(k, 0), 3)] }
	return (1-f)*at(i) + f*at(i+1)
}

// A 4x4 texture on an 8x8 target, with point and linear filtering, and
// through texldp with a coordinate scaled by w = 2.
func TestTexturedQuad(t *testing.T) {
	r := newRig(t)
	vs := asm(t, `vs_2_0
dcl_position v0
dcl_texcoord v2
def c0, 2, 2, 2, 2
mov oPos, v0
mov oT0, v2
mul oT1, v2, c0
`)
	plain := asm(t, "ps_2_0\ndcl t0.xy\ndcl_2d s0\ntexld r0, t0, s0\nmov oC0, r0\n")
	proj := asm(t, "ps_2_0\ndcl t1\ndcl_2d s0\ntexldp r0, t1, s0\nmov oC0, r0\n")
	tex := r.floatTexture(4, 4, texels4x4())
	for _, tc := range []struct {
		name   string
		ps     *ir.Shader
		filter backend.SamplerFilter
	}{{"point", plain, backend.FilterNearest}, {"linear", plain, backend.FilterLinear}, {"texldp point", proj, backend.FilterNearest}} {
		t.Run(tc.name, func(t *testing.T) {
			r.t = t
			p := r.pipeline(vs, tc.ps, ir.VariantKey{}, ir.VariantKey{}, dxsoLayout, pixfmt.RGBA32Float, nil)
			if !strings.Contains(p.fu.Source, "t0.sample(s0") {
				t.Errorf("MSL does not sample t0:\n%s", p.fu.Source)
			}
			sd := backend.DefaultSamplerDesc()
			sd.MinFilter, sd.MagFilter = tc.filter, tc.filter
			smp := r.sampler(sd)
			tgt := r.target(pixfmt.RGBA32Float, 8, 8)
			r.pass(tgt, nil, clear, func(e backend.RenderCommandEncoder) {
				e.SetFragmentTexture(tex, 0)
				e.SetFragmentSampler(smp, 0)
				draw(e, p, screen(0, red, [2]float32{}, [2]float32{1, 1}))
			})
			for y := 0; y < 8; y++ {
				for x := 0; x < 8; x++ {
					want := [4]float32{colRed[x/2], rowGreen[y/2], 0.5, 1}
					if tc.filter == backend.FilterLinear {
						want = [4]float32{lerpTex(colRed, x), lerpTex(rowGreen, y), 0.5, 1}
					}
					r.expect(tgt, x, y, want, eps)
				}
			}
		})
	}
	// Spot checks of lerpTex against hand-worked values: pixel 3 is texel
	// coordinate 1.25 (0.75*0.9 + 0.25*0.3), pixel 0 clamps to texel 0.
	if v := lerpTex(colRed, 3); !near4([4]float32{v}, [4]float32{0.75}, eps) {
		t.Errorf("lerpTex(3) = %v", v)
	}
	if v := lerpTex(rowGreen, 0); v != 0.2 {
		t.Errorf("lerpTex(0) = %v", v)
	}
}

const vs30 = `vs_3_0
dcl_position v0
dcl_texcoord v2
dcl_position o0
dcl_texcoord0 o1
mov o0, v0
mov o1, v2
`

// ps_3_0 dsx/dsy of a texcoord running 0..2 across and 0..4 down an 8x8
// target: d/dx = (0.25, 0), d/dy = (0, 0.5) in every quad.
func TestDerivatives(t *testing.T) {
	r := newRig(t)
	ps := asm(t, `ps_3_0
dcl_texcoord0 v0.xy
dsx r0, v0
dsy r1, v0
mov r2.x, r0.x
mov r2.y, r1.y
mov r2.z, r0.y
mov r2.w, r1.x
mov oC0, r2
`)
	p := r.pipeline(asm(t, vs30), ps, ir.VariantKey{}, ir.VariantKey{}, dxsoLayout, pixfmt.RGBA32Float, nil)
	tgt := r.target(pixfmt.RGBA32Float, 8, 8)
	r.pass(tgt, nil, clear, func(e backend.RenderCommandEncoder) {
		draw(e, p, screen(0, red, [2]float32{}, [2]float32{2, 4}))
	})
	for _, px := range [][2]int{{0, 0}, {3, 5}, {7, 7}} {
		r.expect(tgt, px[0], px[1], [4]float32{0.25, 0.5, 0, 0}, eps)
	}
}

// levelColor is the constant colour of mip level l of the 8x8 test texture.
func levelColor(l int) [4]float32 {
	return [4]float32{0.1 + 0.2*float32(l), 0.9 - 0.2*float32(l), float32(l), 1}
}

func mipTexture(r *rig) backend.Texture {
	var levels [][][4]float32
	for l := 0; l < 4; l++ {
		n := (8 >> l) * (8 >> l)
		levels = append(levels, slices.Repeat([][4]float32{levelColor(l)}, n))
	}
	return r.floatTexture(8, 8, levels...)
}

// LOD selection on a 2x2 target over an 8x8 texture with 4 levels: the
// implicit LOD is log2(8/2) = 2; texldb -1 gives 1; texldl picks its own
// level (1.5 with a linear mip filter is the mean of levels 1 and 2);
// texldd with a gradient of 1/8 (one texel) gives level 0.
func TestLOD(t *testing.T) {
	r := newRig(t)
	tex := mipTexture(r)
	mean := func(a, b [4]float32) [4]float32 {
		return [4]float32{(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2, (a[3] + b[3]) / 2}
	}
	cases := []struct {
		name string
		ps   string
		mip  backend.MipFilter
		want [4]float32
	}{
		{"implicit", "ps_2_0\ndcl t0.xy\ndcl_2d s0\ntexld r0, t0, s0\nmov oC0, r0\n", backend.MipFilterNearest, levelColor(2)},
		{"texldb", "ps_2_0\ndcl t0.xy\ndcl_2d s0\ndef c0, -1, 0, 0, 0\nmov r1, t0\nmov r1.w, c0.x\ntexldb r0, r1, s0\nmov oC0, r0\n", backend.MipFilterNearest, levelColor(1)},
		{"texldl", "ps_3_0\ndcl_texcoord0 v0.xy\ndcl_2d s0\ndef c0, 0, 0, 0, 1\nmov r1, v0\nmov r1.w, c0.w\ntexldl r0, r1, s0\nmov oC0, r0\n", backend.MipFilterNearest, levelColor(1)},
		{"texldl linear mip", "ps_3_0\ndcl_texcoord0 v0.xy\ndcl_2d s0\ndef c0, 0, 0, 0, 1.5\nmov r1, v0\nmov r1.w, c0.w\ntexldl r0, r1, s0\nmov oC0, r0\n", backend.MipFilterLinear, mean(levelColor(1), levelColor(2))},
		{"texldd", "ps_3_0\ndcl_texcoord0 v0.xy\ndcl_2d s0\ndef c1, 0.125, 0, 0, 0\ndef c2, 0, 0.125, 0, 0\ntexldd r0, v0, s0, c1, c2\nmov oC0, r0\n", backend.MipFilterNearest, levelColor(0)},
	}
	vs := asm(t, vs30)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r.t = t
			p := r.pipeline(vs, asm(t, tc.ps), ir.VariantKey{}, ir.VariantKey{}, dxsoLayout, pixfmt.RGBA32Float, nil)
			sd := backend.DefaultSamplerDesc()
			sd.MipFilter = tc.mip
			smp := r.sampler(sd)
			tgt := r.target(pixfmt.RGBA32Float, 2, 2)
			r.pass(tgt, nil, clear, func(e backend.RenderCommandEncoder) {
				e.SetFragmentTexture(tex, 0)
				e.SetFragmentSampler(smp, 0)
				draw(e, p, screen(0, red, [2]float32{}, [2]float32{1, 1}))
			})
			for y := 0; y < 2; y++ {
				for x := 0; x < 2; x++ {
					r.expect(tgt, x, y, tc.want, eps)
				}
			}
		})
	}
}

// vs_3_0 texldl: the vertex stage samples texel (1, 2) of the 4x4 texture
// at level 0 and passes it on as colour 0.
func TestVertexTexture(t *testing.T) {
	r := newRig(t)
	vs := asm(t, `vs_3_0
dcl_position v0
dcl_2d s0
dcl_position o0
dcl_color0 o1
def c0, 0.375, 0.625, 0, 0
texldl o1, c0, s0
mov o0, v0
`)
	ps := asm(t, "ps_3_0\ndcl_color0 v0\nmov oC0, v0\n")
	p := r.pipeline(vs, ps, ir.VariantKey{}, ir.VariantKey{}, dxsoLayout, pixfmt.RGBA32Float, nil)
	tex := r.floatTexture(4, 4, texels4x4())
	smp := r.sampler(backend.DefaultSamplerDesc())
	tgt := r.target(pixfmt.RGBA32Float, 4, 4)
	r.pass(tgt, nil, clear, func(e backend.RenderCommandEncoder) {
		e.SetVertexTexture(tex, 0)
		e.SetVertexSampler(smp, 0)
		draw(e, p, screen(0, red, [2]float32{}, [2]float32{1, 1}))
	})
	r.expect(tgt, 2, 1, [4]float32{0.9, 0.8, 0.5, 1}, 0)
}

// texkill on a texcoord whose x runs -0.5..0.5 across an 8x8 target kills
// the left half; c0 comes from the pixel stage's float buffer. The alpha
// test (variant key, reference from the draw state) then keeps only
// alpha >= 0.5 where alpha is v: the bottom half.
func TestTexkillAndAlphaTest(t *testing.T) {
	r := newRig(t)
	vs := asm(t, "vs_2_0\ndcl_position v0\ndcl_texcoord v2\nmov oPos, v0\nmov oT0, v2\n")
	ps := asm(t, "ps_2_0\ndcl t0\ntexkill t0\nmov r0, c0\nmov r0.w, t0.y\nmov oC0, r0\n")
	for _, alpha := range []bool{false, true} {
		key := ir.VariantKey{}
		if alpha {
			key.AlphaFunc = ir.CmpGreaterEqual
		}
		p := r.pipeline(vs, ps, ir.VariantKey{}, key, dxsoLayout, pixfmt.RGBA32Float, nil)
		tgt := r.target(pixfmt.RGBA32Float, 8, 8)
		ds := make([][4]float32, ir.DSCount)
		ds[ir.DSAlphaRef] = [4]float32{0.5, 127.5}
		r.pass(tgt, nil, clear, func(e backend.RenderCommandEncoder) {
			e.SetFragmentBytes(float4Bytes([][4]float32{{0.5, 0.75, 1, 9}}), msl.BufferConstF)
			e.SetFragmentBytes(float4Bytes(ds), msl.BufferDrawState)
			draw(e, p, screen(0, red, [2]float32{-0.5, 0}, [2]float32{0.5, 1}))
		})
		for y := 0; y < 8; y++ {
			for x := 0; x < 8; x++ {
				v := (float32(y) + 0.5) / 8
				want := [4]float32{0.5, 0.75, 1, v}
				if x < 4 || (alpha && v < 0.5) {
					want = clr
				}
				r.expect(tgt, x, y, want, eps)
			}
		}
	}
}

// A quad at depth 0.5, then a screen quad at depth 0.9 whose pixel shader
// writes depth u (0..1 across): with depth test less, the second quad
// wins where u < 0.5, and the depth buffer holds u there.
func TestDepthWrite(t *testing.T) {
	r := newRig(t)
	vs := asm(t, "vs_2_0\ndcl_position v0\ndcl_color v1\ndcl_texcoord v2\nmov oPos, v0\nmov oD0, v1\nmov oT0, v2\n")
	flat := asm(t, "ps_2_0\ndcl v0\nmov oC0, v0\n")
	depth := asm(t, "ps_2_0\ndcl v0\ndcl t0\nmov oC0, v0\nmov oDepth, t0.x\n")
	edit := func(d *backend.RenderPipelineDesc) { d.DepthFormat = pixfmt.Depth32Float }
	p1 := r.pipeline(vs, flat, ir.VariantKey{}, ir.VariantKey{}, dxsoLayout, pixfmt.RGBA32Float, edit)
	p2 := r.pipeline(vs, depth, ir.VariantKey{}, ir.VariantKey{}, dxsoLayout, pixfmt.RGBA32Float, edit)
	if !p2.fs.FragmentSignature().WritesDepth || !p2.fu.WritesDepth {
		t.Fatal("depth-writing shader does not declare depth")
	}
	dss, err := r.dev.NewDepthStencilState(backend.DepthStencilDesc{DepthCompare: backend.CompareLess, DepthWrite: true})
	if err != nil {
		t.Fatal(err)
	}
	tgt := r.target(pixfmt.RGBA32Float, 8, 8)
	zb := r.texture(backend.TextureDesc{Type: backend.TextureType2D, Format: pixfmt.Depth32Float, Width: 8, Height: 8, Usage: backend.UsageRenderTarget})
	r.pass(tgt, zb, clear, func(e backend.RenderCommandEncoder) {
		e.SetDepthStencilState(dss)
		draw(e, p1, screen(0.5, red, [2]float32{}, [2]float32{1, 1}))
		draw(e, p2, screen(0.9, green, [2]float32{}, [2]float32{1, 1}))
	})
	for x := 0; x < 8; x++ {
		u := (float32(x) + 0.5) / 8
		want, wz := red, float32(0.5)
		if u < 0.5 {
			want, wz = green, u
		}
		r.expect(tgt, x, 3, want, 0)
		if z := depthF(zb, x, 3); !near4([4]float32{z}, [4]float32{wz}, eps) {
			t.Errorf("depth at (%d,3) = %v, want %v", x, z, wz)
		}
	}
}

// Varyings link by slot: the vertex shader writes colour 0 and 1 and
// texcoord 0 and 3, the pixel shader reads only texcoord 3 and colour 1,
// which sit at backend varyings 1 and 3.
func TestVaryingLink(t *testing.T) {
	r := newRig(t)
	vs := asm(t, `vs_2_0
dcl_position v0
mov oPos, v0
mov oT3, c0
mov oD1, c1
mov oD0, c2
mov oT0, c3
`)
	ps := asm(t, "ps_2_0\ndcl t3\ndcl v1\nmov r0, t3\nmov r0.yw, v1\nmov oC0, r0\n")
	p := r.pipeline(vs, ps, ir.VariantKey{}, ir.VariantKey{}, dxsoLayout, pixfmt.RGBA32Float, nil)
	if want := []int{0, 3, 16, 17}; !slices.Equal(p.vs.Slots(), want) || !slices.Equal(p.vu.Varyings, want) {
		t.Errorf("vertex slots %v, MSL varyings %v, want %v", p.vs.Slots(), p.vu.Varyings, want)
	}
	if n := p.fs.FragmentSignature().Varyings; n != 4 {
		t.Errorf("fragment varyings %d, want 4", n)
	}
	tgt := r.target(pixfmt.RGBA32Float, 4, 4)
	r.pass(tgt, nil, clear, func(e backend.RenderCommandEncoder) {
		e.SetVertexBytes(float4Bytes([][4]float32{{0.1, 0.2, 0.3, 0.4}, {0.5, 0.6, 0.7, 0.8}, {9, 9, 9, 9}, {7, 7, 7, 7}}), msl.BufferConstF)
		draw(e, p, screen(0, red, [2]float32{}, [2]float32{1, 1}))
	})
	r.expect(tgt, 1, 1, [4]float32{0.1, 0.6, 0.3, 0.8}, eps)
}

// A user clip plane (variant key, plane from the draw state) x >= 0 in
// clip space removes the left half of a screen quad.
func TestClipPlane(t *testing.T) {
	r := newRig(t)
	vs := asm(t, "vs_2_0\ndcl_position v0\ndcl_color v1\nmov oPos, v0\nmov oD0, v1\n")
	p := r.pipeline(vs, asm(t, psColor), ir.VariantKey{ClipPlanes: 1}, ir.VariantKey{}, dxsoLayout, pixfmt.RGBA32Float, nil)
	if p.vs.VertexSignature().ClipDistances != 1 {
		t.Fatalf("signature %+v", p.vs.VertexSignature())
	}
	ds := make([][4]float32, ir.DSCount)
	ds[ir.DSClipPlane0] = [4]float32{1, 0, 0, 0}
	tgt := r.target(pixfmt.RGBA32Float, 8, 8)
	r.pass(tgt, nil, clear, func(e backend.RenderCommandEncoder) {
		e.SetVertexBytes(float4Bytes(ds), msl.BufferDrawState)
		draw(e, p, screen(0, blue, [2]float32{}, [2]float32{1, 1}))
	})
	for x := 0; x < 8; x++ {
		want := blue
		if x < 4 {
			want = clr
		}
		r.expect(tgt, x, 5, want, 0)
	}
}

// A hardware shadow map: a 2x2 Depth32Float texture sampled through a
// comparison sampler (less: ref < texel gives 1) with the reference 0.5
// in texcoord z.
func TestShadowSampler(t *testing.T) {
	r := newRig(t)
	vs := asm(t, "vs_2_0\ndcl_position v0\ndcl_texcoord v2\ndef c0, 0, 0, 0.5, 0\nmov oPos, v0\nmov oT0, v2\nmov oT0.z, c0.z\n")
	ps := asm(t, "ps_2_0\ndcl t0\ndcl_2d s0\ntexld r0, t0, s0\nmov oC0, r0\n")
	var key ir.VariantKey
	key.SamplerKinds[0] = ir.SamplerShadow2D
	p := r.pipeline(vs, ps, ir.VariantKey{}, key, dxsoLayout, pixfmt.RGBA32Float, nil)
	if !strings.Contains(p.fu.Source, "depth2d<float>") {
		t.Errorf("MSL has no depth texture:\n%s", p.fu.Source)
	}
	zt := r.texture(backend.TextureDesc{Type: backend.TextureType2D, Format: pixfmt.Depth32Float, Width: 2, Height: 2, Usage: backend.UsageShaderRead})
	z := []float32{0.2, 0.8, 0.6, 0.4}
	zb := make([]byte, 16)
	copy(zb, float4Bytes([][4]float32{{z[0], z[1], z[2], z[3]}}))
	zt.Replace(backend.Region{Width: 2, Height: 2, Depth: 1}, 0, 0, zb, 8, 16)
	sd := backend.DefaultSamplerDesc()
	sd.Compare, sd.CompareFunc = true, backend.CompareLess
	smp := r.sampler(sd)
	tgt := r.target(pixfmt.RGBA32Float, 4, 4)
	r.pass(tgt, nil, clear, func(e backend.RenderCommandEncoder) {
		e.SetFragmentTexture(zt, 0)
		e.SetFragmentSampler(smp, 0)
		draw(e, p, screen(0, red, [2]float32{}, [2]float32{1, 1}))
	})
	for y := 0; y < 4; y++ {
		for x := 0; x < 4; x++ {
			var v float32
			if 0.5 < z[(y/2)*2+x/2] {
				v = 1
			}
			r.expect(tgt, x, y, [4]float32{v, v, v, v}, 0)
		}
	}
}

// Fixed function: XYZRHW vertices with a diffuse colour and one texture
// coordinate, stage 0 MODULATE of texture and diffuse (alpha SELECTARG1:
// texture), half-pixel offset on. The quad's D3D9 corners (-0.5, -0.5)
// and (7.5, 7.5) put texel centres on pixel centres, so with point
// sampling of a 2x2 texture pixel (x, y) reads texel (x/4, y/4).
func TestFixedFunctionModulate(t *testing.T) {
	r := newRig(t)
	st := ff.DefaultState()
	st.Decl = ff.DeclFromFVF(types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE | types.D3DFVF_TEX1)
	st.Textures[0] = ir.Sampler2D
	vk, pk := ff.VertexKeyOf(&st), ff.PixelKeyOf(&st)
	key := ff.Variant(&st)
	params := ff.NewParams()
	params.Viewport = types.Viewport9{Width: 8, Height: 8, MaxZ: 1}
	vcf := ff.VertexConstants(&vk, &st, params)
	pcf := ff.PixelConstants(&st)
	ds := make([][4]float32, ir.DSCount)
	ff.FillDrawState(ds, &st)
	ds[ir.DSHalfPixel] = [4]float32{1.0 / 8, -1.0 / 8, 1, 1}

	p := r.pipeline(ff.VertexShader(vk), ff.PixelShader(pk), key, key,
		[3]int{ff.LocPosition, ff.LocDiffuse, ff.LocTexCoord0}, pixfmt.RGBA32Float, nil)
	texels := [][4]float32{{0.2, 0.4, 0.6, 0.8}, {1, 1, 1, 1}, {0.5, 0.5, 0.5, 0.5}, {0, 1, 0, 0.25}}
	tex := r.floatTexture(2, 2, texels)
	smp := r.sampler(backend.DefaultSamplerDesc())
	diffuse := [4]float32{1, 0.5, 0.25, 0.75}
	v := func(x, y, u, w float32) vert {
		return vert{a: [4]float32{x, y, 0, 1}, b: diffuse, c: [4]float32{u, w, 0, 1}}
	}
	a, b, c, d := v(-0.5, -0.5, 0, 0), v(7.5, -0.5, 1, 0), v(-0.5, 7.5, 0, 1), v(7.5, 7.5, 1, 1)
	tgt := r.target(pixfmt.RGBA32Float, 8, 8)
	r.pass(tgt, nil, clear, func(e backend.RenderCommandEncoder) {
		e.SetVertexBytes(float4Bytes(vcf), msl.BufferConstF)
		e.SetVertexBytes(float4Bytes(ds), msl.BufferDrawState)
		e.SetFragmentBytes(float4Bytes(pcf), msl.BufferConstF)
		e.SetFragmentBytes(float4Bytes(ds), msl.BufferDrawState)
		e.SetFragmentTexture(tex, 0)
		e.SetFragmentSampler(smp, 0)
		draw(e, p, []vert{a, b, c, c, b, d})
	})
	for y := 0; y < 8; y++ {
		for x := 0; x < 8; x++ {
			tx := texels[(y/4)*2+x/4]
			want := [4]float32{tx[0] * diffuse[0], tx[1] * diffuse[1], tx[2] * diffuse[2], tx[3]}
			r.expect(tgt, x, y, want, eps)
		}
	}
}

// Point size from the draw state (variant key PointSize): a 4-pixel point
// at the centre of an 8x8 target covers pixels 2..5.
func TestPointSize(t *testing.T) {
	r := newRig(t)
	vs := asm(t, "vs_2_0\ndcl_position v0\ndcl_color v1\nmov oPos, v0\nmov oD0, v1\n")
	p := r.pipeline(vs, asm(t, psColor), ir.VariantKey{PointSize: true}, ir.VariantKey{}, dxsoLayout, pixfmt.RGBA32Float,
		func(d *backend.RenderPipelineDesc) { d.Topology = backend.TopologyPoint })
	ds := make([][4]float32, ir.DSCount)
	ds[ir.DSPointSize] = [4]float32{4, 1, 64}
	tgt := r.target(pixfmt.RGBA32Float, 8, 8)
	r.pass(tgt, nil, clear, func(e backend.RenderCommandEncoder) {
		e.SetVertexBytes(float4Bytes(ds), msl.BufferDrawState)
		e.SetRenderPipelineState(p.state)
		e.SetVertexBytes(float4Bytes([][4]float32{{0, 0, 0, 1}, green, {}}), testStream)
		e.DrawPrimitives(backend.PrimitivePoint, 0, 1, 1, 0)
	})
	for x := 0; x < 8; x++ {
		want := clr
		if x >= 2 && x < 6 {
			want = green
		}
		r.expect(tgt, x, 4, want, 0)
	}
}

func TestErrors(t *testing.T) {
	vs := asm(t, vsColor)
	ps := asm(t, psColor)
	if _, err := irprog.Vertex(ps, ir.VariantKey{}); err == nil {
		t.Error("Vertex accepted a pixel shader")
	}
	if _, err := irprog.Fragment(vs, ir.VariantKey{}); err == nil {
		t.Error("Fragment accepted a vertex shader")
	}
	bad := *vs
	bad.Inputs = append([]ir.Input(nil), vs.Inputs...)
	bad.Inputs[0].Location = backend.MaxVertexAttributes
	if _, err := irprog.Vertex(&bad, ir.VariantKey{}); err == nil {
		t.Error("Vertex accepted attribute 16")
	}
	d, _, err := irprog.Function(ps, ir.VariantKey{})
	if err != nil || d.Stage != backend.StageFragment || d.Entry != msl.EntryFragment || d.Source == "" {
		t.Errorf("Function: %+v, %v", d, err)
	}
}

// A cube map whose 1x1 faces are (face/8, 1-face/8, 0.5, 1), sampled in
// the direction c0 from the vertex stage.
func TestCubeSampling(t *testing.T) {
	r := newRig(t)
	vs := asm(t, "vs_2_0\ndcl_position v0\nmov oPos, v0\nmov oT0, c0\n")
	ps := asm(t, "ps_2_0\ndcl t0.xyz\ndcl_cube s0\ntexld r0, t0, s0\nmov oC0, r0\n")
	p := r.pipeline(vs, ps, ir.VariantKey{}, ir.VariantKey{}, dxsoLayout, pixfmt.RGBA32Float, nil)
	cube := r.texture(backend.TextureDesc{Type: backend.TextureTypeCube, Format: pixfmt.RGBA32Float, Width: 1, Height: 1, Usage: backend.UsageShaderRead})
	face := func(f int) [4]float32 { return [4]float32{float32(f) / 8, 1 - float32(f)/8, 0.5, 1} }
	for f := 0; f < 6; f++ {
		cube.Replace(backend.Region{Width: 1, Height: 1, Depth: 1}, 0, f, float4Bytes([][4]float32{face(f)}), 16, 16)
	}
	smp := r.sampler(backend.DefaultSamplerDesc())
	for _, tc := range []struct {
		dir  [4]float32
		face int
	}{{[4]float32{1, 0.1, -0.2, 0}, 0}, {[4]float32{-1, 0.3, 0.2, 0}, 1}, {[4]float32{0.1, 2, 0.2, 0}, 2}, {[4]float32{0, -1, 0, 0}, 3}, {[4]float32{0.2, 0.1, 3, 0}, 4}, {[4]float32{0.2, 0.1, -3, 0}, 5}} {
		tgt := r.target(pixfmt.RGBA32Float, 2, 2)
		r.pass(tgt, nil, clear, func(e backend.RenderCommandEncoder) {
			e.SetVertexBytes(float4Bytes([][4]float32{tc.dir}), msl.BufferConstF)
			e.SetFragmentTexture(cube, 0)
			e.SetFragmentSampler(smp, 0)
			draw(e, p, screen(0, red, [2]float32{}, [2]float32{1, 1}))
		})
		r.expect(tgt, 1, 1, face(tc.face), 0)
	}
}

// ps_1_1: tex t0 then mul r0, t0, v0 (texture times diffuse), from a
// vs_1_1; pixel (x, y) of the 8x8 target reads texel (x/2, y/2).
func TestPS11Modulate(t *testing.T) {
	r := newRig(t)
	vs := asm(t, "vs_1_1\ndcl_position v0\ndcl_color v1\ndcl_texcoord v2\nmov oPos, v0\nmov oD0, v1\nmov oT0, v2\n")
	ps := asm(t, "ps_1_1\ntex t0\nmul r0, t0, v0\n")
	p := r.pipeline(vs, ps, ir.VariantKey{}, ir.VariantKey{}, dxsoLayout, pixfmt.RGBA32Float, nil)
	tex := r.floatTexture(4, 4, texels4x4())
	smp := r.sampler(backend.DefaultSamplerDesc())
	diffuse := [4]float32{0.5, 1, 0.25, 0.5}
	tgt := r.target(pixfmt.RGBA32Float, 8, 8)
	r.pass(tgt, nil, clear, func(e backend.RenderCommandEncoder) {
		e.SetFragmentTexture(tex, 0)
		e.SetFragmentSampler(smp, 0)
		draw(e, p, screen(0, diffuse, [2]float32{}, [2]float32{1, 1}))
	})
	for _, px := range [][2]int{{0, 0}, {3, 5}, {7, 2}} {
		x, y := px[0], px[1]
		r.expect(tgt, x, y, [4]float32{colRed[x/2] * 0.5, rowGreen[y/2], 0.5 * 0.25, 0.5}, eps)
	}
}

// Vertex fog (variant key, linear mode, factor from the vertex stage's
// oFog): colour = f*colour + (1-f)*fog colour with f = 0.25 and the fog
// colour from the pixel stage's draw state.
func TestVertexFog(t *testing.T) {
	r := newRig(t)
	vs := asm(t, "vs_2_0\ndcl_position v0\ndcl_color v1\ndef c0, 0.25, 0, 0, 0\nmov oPos, v0\nmov oD0, v1\nmov oFog, c0.x\n")
	p := r.pipeline(vs, asm(t, psColor), ir.VariantKey{}, ir.VariantKey{FogMode: ir.FogLinear}, dxsoLayout, pixfmt.RGBA32Float, nil)
	if !slices.Contains(p.vu.Varyings, ir.VaryingSlot(ir.UsageFog, 0)) {
		t.Fatalf("vertex varyings %v have no fog", p.vu.Varyings)
	}
	ds := make([][4]float32, ir.DSCount)
	ds[ir.DSFogColor] = blue
	tgt := r.target(pixfmt.RGBA32Float, 4, 4)
	r.pass(tgt, nil, clear, func(e backend.RenderCommandEncoder) {
		e.SetFragmentBytes(float4Bytes(ds), msl.BufferDrawState)
		draw(e, p, screen(0, red, [2]float32{}, [2]float32{1, 1}))
	})
	r.expect(tgt, 2, 2, [4]float32{0.25, 0, 0.75, 1}, eps)
}
