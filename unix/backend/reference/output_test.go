package reference

import (
	"encoding/binary"
	"math"
	"testing"

	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/reference/texel"
)

// depthPass is a pass over a colour and a depth(-stencil) target.
func depthPass(color, depth backend.Texture, clearDepth float64, clearStencil uint32) *backend.RenderPassDesc {
	d := colorPass(color, [4]float64{})
	d.Depth = backend.DepthAttachment{AttachmentDesc: backend.AttachmentDesc{Texture: depth, Load: backend.LoadClear, Store: backend.StoreStore}, ClearDepth: clearDepth}
	if depth.Format().IsStencil() {
		d.Stencil = backend.StencilAttachment{AttachmentDesc: backend.AttachmentDesc{Texture: depth, Load: backend.LoadClear, Store: backend.StoreStore}, ClearStencil: clearStencil}
	}
	return d
}

func TestDepthCompareAndPrecision(t *testing.T) {
	r := newRig(t)
	white := [4]float32{1, 1, 1, 1}
	for _, f := range []pixfmt.Format{pixfmt.Depth16Unorm, pixfmt.Depth32Float, pixfmt.Depth24Unorm_Stencil8, pixfmt.Depth32Float_Stencil8} {
		color := r.target(pixfmt.R8Unorm, 2, 2, 1)
		depth := r.target(f, 2, 2, 1)
		p := r.pipeline(colorFS, pixfmt.R8Unorm, func(d *backend.RenderPipelineDesc) {
			d.DepthFormat = f
			if f.IsStencil() {
				d.StencilFormat = f
			}
		})
		// The float just below 1: less than half a step of 16-bit depth
		// below 1, so it stores as 1 there, but a full 24-bit step.
		below1 := float32(1 - 1.0/(1<<24))
		for _, c := range []struct {
			clear float64
			z     float32
			cmp   backend.CompareFunction
			pass  bool
		}{
			{1, 1, backend.CompareLess, false},
			{1, 1, backend.CompareLessEqual, true},
			{0, 0, backend.CompareGreater, false},
			{0, 0, backend.CompareGreaterEqual, true},
			{0, 0, backend.CompareEqual, true},
			{1, 0.5, backend.CompareNever, false},
			{0, 0.5, backend.CompareAlways, true},
			{1, below1, backend.CompareLess, f != pixfmt.Depth16Unorm},
			{0.25, 0.25, backend.CompareNotEqual, false},
			{0.25, 0.5, backend.CompareGreater, true},
		} {
			ds := r.dss(backend.DepthStencilDesc{DepthCompare: c.cmp, DepthWrite: true})
			r.run(depthPass(color, depth, c.clear, 0), func(e backend.RenderCommandEncoder) {
				e.SetDepthStencilState(ds)
				r.draw(e, p, color, backend.PrimitiveTriangle, rect(0, 0, 2, 2, c.z, white))
			})
			if got := pixel(color, 1, 1)[0] == 255; got != c.pass {
				t.Errorf("%v: clear %v, z %v, compare %d: passed=%v", f, c.clear, c.z, c.cmp, got)
			}
			// The stored depth is the written one, or the cleared one.
			want := float64(texel.QuantizeDepth(f, float32(c.clear)))
			if c.pass {
				want = float64(texel.QuantizeDepth(f, c.z))
			}
			if got := texel.LoadDepth(f, pixel(depth, 0, 0)); math.Abs(float64(got)-want) > 1e-7 {
				t.Errorf("%v: stored depth %v want %v", f, got, want)
			}
		}
	}
}

func TestDepthClipAndClamp(t *testing.T) {
	r := newRig(t)
	color := r.target(pixfmt.R8Unorm, 4, 4, 1)
	depth := r.target(pixfmt.Depth32Float, 4, 4, 1)
	p := r.pipeline(colorFS, pixfmt.R8Unorm, func(d *backend.RenderPipelineDesc) { d.DepthFormat = pixfmt.Depth32Float })
	ds := r.dss(backend.DepthStencilDesc{DepthCompare: backend.CompareAlways, DepthWrite: true})
	white := [4]float32{1, 1, 1, 1}
	// A square beyond the far plane: clipped away, or with depth clamp
	// drawn at depth 1.
	for _, mode := range []backend.DepthClipMode{backend.DepthClip, backend.DepthClamp} {
		r.run(depthPass(color, depth, 0.5, 0), func(e backend.RenderCommandEncoder) {
			e.SetDepthStencilState(ds)
			e.SetDepthClipMode(mode)
			r.draw(e, p, color, backend.PrimitiveTriangle, rect(0, 0, 4, 4, 1.5, white))
		})
		drawn := pixel(color, 2, 2)[0] == 255
		if drawn != (mode == backend.DepthClamp) {
			t.Errorf("clip mode %d: drawn=%v", mode, drawn)
		}
		if mode == backend.DepthClamp {
			if z := texel.LoadDepth(pixfmt.Depth32Float, pixel(depth, 2, 2)); z != 1 {
				t.Errorf("clamped depth %v", z)
			}
		}
	}
	// A triangle crossing the near plane keeps the part with z >= 0: the
	// left half (z from -1 at x=0 to 1 at x=4, so z >= 0 for x >= 2).
	r.run(depthPass(color, depth, 1, 0), func(e backend.RenderCommandEncoder) {
		e.SetDepthStencilState(ds)
		vs := rect(0, 0, 4, 4, 0, white)
		for i := range vs {
			vs[i].z = vs[i].x/2 - 1
		}
		r.draw(e, p, color, backend.PrimitiveTriangle, vs)
	})
	for x := 0; x < 4; x++ {
		if drawn := pixel(color, x, 1)[0] == 255; drawn != (x >= 2) {
			t.Errorf("near clip: x=%d drawn=%v", x, drawn)
		}
	}
}

func TestDepthBias(t *testing.T) {
	r := newRig(t)
	color := r.target(pixfmt.R8Unorm, 4, 4, 1)
	depth := r.target(pixfmt.Depth32Float, 4, 4, 1)
	p := r.pipeline(colorFS, pixfmt.R8Unorm, func(d *backend.RenderPipelineDesc) { d.DepthFormat = pixfmt.Depth32Float })
	ds := r.dss(backend.DepthStencilDesc{DepthCompare: backend.CompareAlways, DepthWrite: true})
	white := [4]float32{1, 1, 1, 1}
	// A slope of 0.1 per pixel in x; bias 0 constant, slope scale 2 adds
	// 0.2, clamped to 0.15.
	vs := rect(0, 0, 4, 4, 0, white)
	for i := range vs {
		vs[i].z = 0.1 * vs[i].x
	}
	r.run(depthPass(color, depth, 1, 0), func(e backend.RenderCommandEncoder) {
		e.SetDepthStencilState(ds)
		e.SetDepthBias(0, 2, 0.15)
		r.draw(e, p, color, backend.PrimitiveTriangle, vs)
	})
	if z := texel.LoadDepth(pixfmt.Depth32Float, pixel(depth, 1, 1)); !near(z, 0.15+0.15, 1e-6) {
		t.Errorf("biased depth %v, want 0.3", z)
	}
}

func TestStencilOps(t *testing.T) {
	r := newRig(t)
	white := [4]float32{1, 1, 1, 1}
	for _, f := range []pixfmt.Format{pixfmt.Depth24Unorm_Stencil8, pixfmt.Depth32Float_Stencil8} {
		color := r.target(pixfmt.R8Unorm, 2, 2, 1)
		depth := r.target(f, 2, 2, 1)
		p := r.pipeline(colorFS, pixfmt.R8Unorm, func(d *backend.RenderPipelineDesc) { d.DepthFormat, d.StencilFormat = f, f })
		cases := []struct {
			op        backend.StencilOp
			old, want uint8
		}{
			{backend.StencilKeep, 7, 7},
			{backend.StencilZero, 7, 0},
			{backend.StencilReplace, 7, 0x5a},
			{backend.StencilIncrementClamp, 254, 255},
			{backend.StencilIncrementClamp, 255, 255},
			{backend.StencilDecrementClamp, 1, 0},
			{backend.StencilDecrementClamp, 0, 0},
			{backend.StencilInvert, 0x0f, 0xf0},
			{backend.StencilIncrementWrap, 255, 0},
			{backend.StencilDecrementWrap, 0, 255},
		}
		for _, c := range cases {
			// The same op under each of the three outcomes.
			for outcome := 0; outcome < 3; outcome++ {
				sd := backend.StencilDesc{Compare: backend.CompareAlways, ReadMask: 0xff, WriteMask: 0xff}
				depthCmp := backend.CompareAlways
				switch outcome {
				case 0:
					sd.PassOp = c.op
				case 1:
					sd.Compare = backend.CompareNever
					sd.FailOp = c.op
				case 2:
					depthCmp = backend.CompareNever
					sd.DepthFailOp = c.op
				}
				ds := r.dss(backend.DepthStencilDesc{DepthCompare: depthCmp, StencilEnable: true, Front: sd, Back: sd})
				r.run(depthPass(color, depth, 0.5, uint32(c.old)), func(e backend.RenderCommandEncoder) {
					e.SetDepthStencilState(ds)
					e.SetStencilReference(0x5a, 0x5a)
					r.draw(e, p, color, backend.PrimitiveTriangle, rect(0, 0, 2, 2, 0.5, white))
				})
				if got := texel.LoadStencil(f, pixel(depth, 1, 1)); got != c.want {
					t.Errorf("%v op %d outcome %d: %d -> %d, want %d", f, c.op, outcome, c.old, got, c.want)
				}
				if drawn := pixel(color, 1, 1)[0] == 255; drawn != (outcome == 0) {
					t.Errorf("%v outcome %d: drawn=%v", f, outcome, drawn)
				}
			}
		}
	}
}

func TestStencilMasksAndFaces(t *testing.T) {
	r := newRig(t)
	f := pixfmt.Depth24Unorm_Stencil8
	color := r.target(pixfmt.R8Unorm, 4, 4, 1)
	depth := r.target(f, 4, 4, 1)
	p := r.pipeline(colorFS, pixfmt.R8Unorm, func(d *backend.RenderPipelineDesc) { d.DepthFormat, d.StencilFormat = f, f })
	white := [4]float32{1, 1, 1, 1}
	// Front faces replace with write mask 0x0f, back faces invert with
	// mask 0xf0. Equal compare under read mask 0x0f: 0x3c & 0x0f == ref 0xac & 0x0f.
	front := backend.StencilDesc{Compare: backend.CompareEqual, PassOp: backend.StencilReplace, ReadMask: 0x0f, WriteMask: 0x0f}
	back := backend.StencilDesc{Compare: backend.CompareAlways, PassOp: backend.StencilInvert, ReadMask: 0xff, WriteMask: 0xf0}
	ds := r.dss(backend.DepthStencilDesc{StencilEnable: true, Front: front, Back: back})
	r.run(depthPass(color, depth, 1, 0x3c), func(e backend.RenderCommandEncoder) {
		e.SetDepthStencilState(ds)
		e.SetStencilReference(0xa3, 0x00)
		// Clockwise (front) on the left half; the right half wound the
		// other way (back).
		r.draw(e, p, color, backend.PrimitiveTriangle, rect(0, 0, 2, 4, 0.5, white))
		vs := rect(2, 0, 4, 4, 0.5, white)
		vs[1], vs[2] = vs[2], vs[1]
		vs[4], vs[5] = vs[5], vs[4]
		r.draw(e, p, color, backend.PrimitiveTriangle, vs)
	})
	// Left: 0x3c & 0x0f = 0xc != 0xa3 & 0x0f = 3: fails, Keep.
	if got := texel.LoadStencil(f, pixel(depth, 0, 0)); got != 0x3c {
		t.Errorf("front: stencil %#x", got)
	}
	if got := texel.LoadStencil(f, pixel(depth, 3, 0)); got != 0xcc {
		t.Errorf("back: stencil %#x, want 0xcc", got)
	}
	// Now a ref whose low bits match: front replaces the low nibble only.
	r.run(depthPass(color, depth, 1, 0x3c), func(e backend.RenderCommandEncoder) {
		e.SetDepthStencilState(ds)
		e.SetStencilReference(0xac, 0)
		r.draw(e, p, color, backend.PrimitiveTriangle, rect(0, 0, 2, 4, 0.5, white))
	})
	if got := texel.LoadStencil(f, pixel(depth, 0, 0)); got != 0x3c {
		t.Errorf("front replace under mask: %#x, want 0x3c", got)
	}
	if pixel(color, 0, 0)[0] != 255 {
		t.Errorf("front: not drawn")
	}
}

// blendResult draws src over a RGBA32Float target cleared to dst.
func (r *rig) blendResult(cd backend.ColorAttachmentDesc, dst, src, constant [4]float32, f pixfmt.Format) []byte {
	tex := r.target(f, 2, 2, 1)
	cd.Format = f
	p := r.pipeline(colorFS, f, func(d *backend.RenderPipelineDesc) { d.ColorAttachments[0] = cd })
	r.run(colorPass(tex, [4]float64{float64(dst[0]), float64(dst[1]), float64(dst[2]), float64(dst[3])}), func(e backend.RenderCommandEncoder) {
		e.SetBlendColor(constant[0], constant[1], constant[2], constant[3])
		r.draw(e, p, tex, backend.PrimitiveTriangle, rect(0, 0, 2, 2, 0.5, src))
	})
	return pixel(tex, 0, 0)
}

func TestBlendFactorsAndOps(t *testing.T) {
	r := newRig(t)
	dst := [4]float32{0.2, 0.4, 0.6, 0.8}
	src := [4]float32{0.5, 0.25, 0.75, 0.6}
	k := [4]float32{0.1, 0.3, 0.5, 0.7}
	// Each factor's value per channel, worked out by hand.
	factors := map[backend.BlendFactor][4]float32{
		backend.BlendZero:                     {0, 0, 0, 0},
		backend.BlendOne:                      {1, 1, 1, 1},
		backend.BlendSourceColor:              src,
		backend.BlendOneMinusSourceColor:      {0.5, 0.75, 0.25, 0.4},
		backend.BlendSourceAlpha:              {0.6, 0.6, 0.6, 0.6},
		backend.BlendOneMinusSourceAlpha:      {0.4, 0.4, 0.4, 0.4},
		backend.BlendDestinationColor:         dst,
		backend.BlendOneMinusDestinationColor: {0.8, 0.6, 0.4, 0.2},
		backend.BlendDestinationAlpha:         {0.8, 0.8, 0.8, 0.8},
		backend.BlendOneMinusDestinationAlpha: {0.2, 0.2, 0.2, 0.2},
		backend.BlendSourceAlphaSaturated:     {0.2, 0.2, 0.2, 1}, // min(0.6, 1-0.8)
		backend.BlendBlendColor:               k,
		backend.BlendOneMinusBlendColor:       {0.9, 0.7, 0.5, 0.3},
		backend.BlendBlendAlpha:               {0.7, 0.7, 0.7, 0.7},
		backend.BlendOneMinusBlendAlpha:       {0.3, 0.3, 0.3, 0.3},
	}
	f32 := pixfmt.RGBA32Float
	for fac, fv := range factors {
		// As source factor with destination Zero, then as destination
		// factor with source Zero.
		for _, asSrc := range []bool{true, false} {
			cd := backend.ColorAttachmentDesc{BlendEnable: true, WriteMask: backend.ColorMaskAll}
			var want [4]float32
			if asSrc {
				cd.SrcRGB, cd.SrcAlpha, cd.DstRGB, cd.DstAlpha = fac, fac, backend.BlendZero, backend.BlendZero
				for i := range want {
					want[i] = src[i] * fv[i]
				}
			} else {
				cd.SrcRGB, cd.SrcAlpha, cd.DstRGB, cd.DstAlpha = backend.BlendZero, backend.BlendZero, fac, fac
				for i := range want {
					want[i] = dst[i] * fv[i]
				}
			}
			tex := r.target(f32, 1, 1, 1)
			_ = tex
			got := decodeF32(r.blendResult(cd, dst, src, k, f32))
			for i := range want {
				if !near(got[i], want[i], 1e-6) {
					t.Errorf("factor %d (src=%v): got %v want %v", fac, asSrc, got, want)
					break
				}
			}
		}
	}
	// Ops with source factor SourceAlpha and destination factor One.
	ops := map[backend.BlendOp]func(s, d float32) float32{
		backend.BlendOpAdd:             func(s, d float32) float32 { return s*0.6 + d },
		backend.BlendOpSubtract:        func(s, d float32) float32 { return s*0.6 - d },
		backend.BlendOpReverseSubtract: func(s, d float32) float32 { return d - s*0.6 },
		backend.BlendOpMin:             func(s, d float32) float32 { return min(s, d) },
		backend.BlendOpMax:             func(s, d float32) float32 { return max(s, d) },
	}
	for op, fn := range ops {
		cd := backend.ColorAttachmentDesc{BlendEnable: true, WriteMask: backend.ColorMaskAll, RGBBlendOp: op, AlphaBlendOp: op,
			SrcRGB: backend.BlendSourceAlpha, SrcAlpha: backend.BlendSourceAlpha, DstRGB: backend.BlendOne, DstAlpha: backend.BlendOne}
		got := decodeF32(r.blendResult(cd, dst, src, k, f32))
		for i := range got {
			if want := fn(src[i], dst[i]); !near(got[i], want, 1e-6) {
				t.Errorf("op %d channel %d: got %v want %v", op, i, got[i], want)
			}
		}
	}
	// Separate alpha op, write mask, and a unorm target: the source
	// clamps to 1 and the result rounds to 8 bits.
	cd := backend.ColorAttachmentDesc{BlendEnable: true, WriteMask: backend.ColorMaskRed | backend.ColorMaskAlpha,
		SrcRGB: backend.BlendOne, DstRGB: backend.BlendOne, SrcAlpha: backend.BlendZero, DstAlpha: backend.BlendZero}
	got := r.blendResult(cd, [4]float32{0.5, 0.5, 0.5, 0.5}, [4]float32{2, 0.1, 0.1, 1}, k, pixfmt.RGBA8Unorm)
	if want := []byte{255, 128, 128, 0}; string(got) != string(want) {
		t.Errorf("unorm masked blend %v want %v", got, want)
	}
	// Unorm clamps the source before blending: 2*0.5 + 0.25 = 1.25 -> 1,
	// while (2 - 0.25) = 1.75 would also clamp; check subtract: 1 - 0.25.
	cd = backend.ColorAttachmentDesc{BlendEnable: true, WriteMask: backend.ColorMaskAll, RGBBlendOp: backend.BlendOpSubtract, AlphaBlendOp: backend.BlendOpAdd,
		SrcRGB: backend.BlendOne, DstRGB: backend.BlendOne, SrcAlpha: backend.BlendOne, DstAlpha: backend.BlendZero}
	got = r.blendResult(cd, [4]float32{0.2, 0.2, 0.2, 0.2}, [4]float32{2, 0.5, 0, 1}, k, pixfmt.RGBA8Unorm)
	if want := []byte{204, 77, 0, 255}; string(got) != string(want) {
		t.Errorf("unorm subtract %v want %v", got, want)
	}
}

func decodeF32(b []byte) [4]float32 {
	return texel.For(pixfmt.RGBA32Float).Decode(b)
}

func TestMSAAResolveCounts(t *testing.T) {
	r := newRig(t)
	// Every standard pattern has half its samples left of the centre.
	for _, n := range []int{2, 4, 8} {
		ms := r.target(pixfmt.RGBA8Unorm, 4, 4, n)
		res := r.target(pixfmt.RGBA8Unorm, 4, 4, 1)
		p := r.pipeline(colorFS, pixfmt.RGBA8Unorm, func(d *backend.RenderPipelineDesc) { d.SampleCount = n })
		d := colorPass(ms, [4]float64{0, 0, 0, 1})
		d.Color[0].Store = backend.StoreMultisampleResolve
		d.Color[0].ResolveTexture = res
		r.run(d, func(e backend.RenderCommandEncoder) {
			r.draw(e, p, ms, backend.PrimitiveTriangle, rect(0, 0, 1.5, 4, 0.5, [4]float32{1, 1, 1, 1}))
		})
		if got := pixel(res, 1, 2)[0]; got != 128 {
			t.Errorf("%dx: resolved edge %d", n, got)
		}
	}
}

func TestRenderToLevelSliceAndFace(t *testing.T) {
	r := newRig(t)
	cube := r.tex(backend.TextureDesc{Type: backend.TextureTypeCube, Format: pixfmt.RGBA8Unorm, Width: 8, Height: 8, MipLevels: 2})
	arr := r.tex(backend.TextureDesc{Type: backend.TextureType2DArray, Format: pixfmt.RGBA8Unorm, Width: 4, Height: 4, ArrayLength: 3})
	vol := r.tex(backend.TextureDesc{Type: backend.TextureType3D, Format: pixfmt.RGBA8Unorm, Width: 4, Height: 4, Depth: 4})
	p := r.pipeline(colorFS, pixfmt.RGBA8Unorm, nil)
	for _, c := range []struct {
		tex               *Texture
		level, slice, zpl int
	}{{cube, 1, 3, 0}, {arr, 0, 2, 0}, {vol, 0, 0, 2}} {
		d := colorPass(c.tex, [4]float64{0, 0, 1, 1})
		d.Color[0].Level, d.Color[0].Slice, d.Color[0].DepthPlane = c.level, c.slice, c.zpl
		r.run(d, func(e backend.RenderCommandEncoder) {
			// r.draw maps level-0 pixels to clip space: cover the
			// top-left quarter of whatever level is drawn.
			w := float32(c.tex.Width()) / 2
			r.draw(e, p, c.tex, backend.PrimitiveTriangle, rect(0, 0, w, w, 0.5, [4]float32{1, 0, 0, 1}))
		})
		got := make([]byte, 8)
		reg := backend.Region{Z: c.zpl, Width: 2, Height: 1}
		w := backend.MipSize(c.tex.Width(), c.level)
		reg.X = w/2 - 1
		c.tex.GetBytes(got, 8, 8, reg, c.level, c.slice)
		if string(got) != string([]byte{255, 0, 0, 255, 0, 0, 255, 255}) {
			t.Errorf("%v level %d slice %d plane %d: %v", c.tex.Type(), c.level, c.slice, c.zpl, got)
		}
		// The other slices, levels and planes are untouched (zero).
		other := make([]byte, 4)
		c.tex.GetBytes(other, 4, 4, backend.Region{Width: 1, Height: 1}, 0, 0)
		if c.slice != 0 || c.level != 0 || c.zpl != 0 {
			if other[3] != 0 {
				t.Errorf("%v: level 0 slice 0 written: %v", c.tex.Type(), other)
			}
		}
	}
}

func TestMSAAResolve(t *testing.T) {
	r := newRig(t)
	ms := r.target(pixfmt.RGBA8Unorm, 4, 4, 4)
	res := r.target(pixfmt.RGBA8Unorm, 4, 4, 1)
	p := r.pipeline(colorFS, pixfmt.RGBA8Unorm, func(d *backend.RenderPipelineDesc) { d.SampleCount = 4 })
	d := colorPass(ms, [4]float64{0, 0, 0, 1})
	d.Color[0].Store = backend.StoreMultisampleResolve
	d.Color[0].ResolveTexture = res
	// A vertical edge at x = 1.5 covers the samples of column 1 left of
	// the centre: two of the four (x offsets 0.375 and 0.125).
	r.run(d, func(e backend.RenderCommandEncoder) {
		r.draw(e, p, ms, backend.PrimitiveTriangle, rect(0, 0, 1.5, 4, 0.5, [4]float32{1, 1, 1, 1}))
	})
	for x, want := range []byte{255, 128, 0, 0} {
		if got := pixel(res, x, 2); got[0] != want || got[3] != 255 {
			t.Errorf("resolved x=%d: %v, want red %d", x, got, want)
		}
	}
	// The multisampled texture keeps its samples: column 1 has 2 lit.
	s := pixel(ms, 1, 2)
	lit := 0
	for i := 0; i < 4; i++ {
		if s[4*i] == 255 {
			lit++
		}
	}
	if lit != 2 {
		t.Errorf("column 1 has %d lit samples", lit)
	}
	img, err := Image(ms, 0, 0)
	if err != nil || img.At(1, 2) == nil {
		t.Errorf("Image of MSAA texture: %v", err)
	}
}

func TestVisibilityResults(t *testing.T) {
	r := newRig(t)
	color := r.target(pixfmt.R8Unorm, 8, 8, 1)
	depth := r.target(pixfmt.Depth32Float, 8, 8, 1)
	p := r.pipeline(colorFS, pixfmt.R8Unorm, func(d *backend.RenderPipelineDesc) { d.DepthFormat = pixfmt.Depth32Float })
	ds := r.dss(backend.DepthStencilDesc{DepthCompare: backend.CompareLess, DepthWrite: true})
	vis, _ := r.dev.NewBuffer(32)
	vis.Upload(24, []byte{9, 9, 9, 9, 9, 9, 9, 9}) // untouched offset keeps its bytes
	d := depthPass(color, depth, 1, 0)
	d.VisibilityResults = vis
	white := [4]float32{1, 1, 1, 1}
	r.run(d, func(e backend.RenderCommandEncoder) {
		e.SetDepthStencilState(ds)
		e.SetVisibilityResultMode(backend.VisibilityCounting, 8)
		r.draw(e, p, color, backend.PrimitiveTriangle, rect(0, 0, 4, 4, 0.5, white)) // 16 samples
		e.SetVisibilityResultMode(backend.VisibilityDisabled, 0)
		r.draw(e, p, color, backend.PrimitiveTriangle, rect(4, 4, 8, 8, 0.5, white))
		e.SetVisibilityResultMode(backend.VisibilityCounting, 16)
		r.draw(e, p, color, backend.PrimitiveTriangle, rect(0, 0, 8, 8, 0.7, white)) // behind: 64-32 pass
		e.SetVisibilityResultMode(backend.VisibilityBoolean, 0)
		r.draw(e, p, color, backend.PrimitiveTriangle, rect(0, 0, 2, 2, 0.6, white)) // hidden
		r.draw(e, p, color, backend.PrimitiveTriangle, rect(6, 0, 8, 2, 0.6, white)) // 4 visible
	})
	c := vis.Contents()
	got := []uint64{binary.LittleEndian.Uint64(c), binary.LittleEndian.Uint64(c[8:]), binary.LittleEndian.Uint64(c[16:]), binary.LittleEndian.Uint64(c[24:])}
	if want := []uint64{1, 16, 32, 0x0909090909090909}; got[0] != want[0] || got[1] != want[1] || got[2] != want[2] || got[3] != want[3] {
		t.Errorf("visibility results %v, want %v", got, want)
	}
}
