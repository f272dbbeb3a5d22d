package ff

import (
	"mtld3d/core/ir"
	"mtld3d/types"
)

// PixelShader generates the fixed-function pixel shader for k: the
// texture stage cascade, the specular add and fog. Alpha test, flat
// shading, point sprites and the sRGB write are the ir variant's (see
// Variant).
func PixelShader(k PixelKey) *ir.Shader {
	b := newBuilder(ir.StagePixel)
	b.s.NumConstF = NumPSConst
	p := &ps{b: b, k: &k}
	p.run()
	return b.finish()
}

type ps struct {
	b *builder
	k *PixelKey

	tex     [MaxStages]ir.Src
	sampled [MaxStages]bool
	current ir.Reg
	temp    ir.Reg
	stage0  bool // CURRENT still reads the diffuse colour
	n       int
}

func (p *ps) diffuse() ir.Src {
	return p.b.input(ir.UsageColor, 0, 0)
}

func (p *ps) specular() ir.Src {
	return p.b.input(ir.UsageColor, 1, 0)
}

func isOp(o uint8, t types.TextureOp) bool { return o == uint8(t) }

func (p *ps) run() {
	b, k := p.b, p.k
	p.n = MaxStages
	for i, st := range k.Stages {
		if isOp(st.ColorOp, types.D3DTOP_DISABLE) || st.ColorOp == 0 {
			p.n = i
			break
		}
	}
	p.samples()
	p.current = b.temp()
	p.temp = b.temp()
	b.op(ir.OpMov, p.temp.D(0), imm1(0))
	p.stage0 = true
	for s := 0; s < p.n; s++ {
		p.stage(s)
	}
	out := b.output(ir.Output{Kind: ir.OutColor})
	cur := p.diffuse()
	if !p.stage0 {
		cur = p.current.S()
	}
	if k.SpecularAdd {
		b.op(ir.OpMov, out.D(ir.MaskW), w(cur))
		b.sat(ir.OpAdd, out.D(ir.MaskXYZ), cur, p.specular())
	} else {
		b.op(ir.OpMov, out.D(0), cur)
	}
	p.fog(out)
}

// samples samples every stage's texture, in stage order so a bump stage's
// result is there for the next stage's coordinate.
func (p *ps) samples() {
	b, k := p.b, p.k
	for s := 0; s < p.n; s++ {
		st := &k.Stages[s]
		need := st.usesTexture() || (s > 0 && isOp(k.Stages[s-1].ColorOp, types.D3DTOP_PREMODULATE))
		if !need {
			continue
		}
		p.sampled[s] = true
		if st.Tex == ir.SamplerNone {
			// No texture bound: reads give (0,0,0,0).
			p.tex[s] = imm1(0)
			continue
		}
		coord := b.input(ir.UsageTexCoord, uint8(s), 0)
		if st.Project >= 2 && st.Project <= 4 {
			t := b.temp()
			b.op(ir.OpDiv, t.D(0), coord, coord.Swz(st.Project-1))
			coord = t.S()
		}
		if st.Bump && s > 0 && p.sampled[s-1] {
			// u += M00*du + M10*dv, v += M01*du + M11*dv
			t := b.temp()
			m := ds(ir.DSBumpEnv0 + s - 1)
			prev := p.tex[s-1]
			b.op(ir.OpMov, t.D(0), coord)
			b.op(ir.OpDp2, t.D(ir.MaskX), prev, m.Swz('x', 'z'))
			b.op(ir.OpDp2, t.D(ir.MaskY), prev, m.Swz('y', 'w'))
			b.op(ir.OpAdd, t.D(ir.MaskXY), t.S(), coord)
			coord = t.S()
		}
		r := b.temp()
		b.s.Samplers = append(b.s.Samplers, ir.SamplerDecl{Index: s, Kind: st.Tex})
		b.emit(ir.Tex(r.D(0), s, ir.TexImplicit, coord))
		if st.BumpLum && s > 0 && p.sampled[s-1] {
			// L = saturate(du.b * lscale + loffset) scales the colour.
			l := b.temp()
			lum := ds(ir.DSBumpLum0 + s - 1)
			b.sat(ir.OpMad, l.D(ir.MaskX), z(p.tex[s-1]), x(lum), y(lum))
			b.op(ir.OpMul, r.D(ir.MaskXYZ), r.S(), x(l.S()))
		}
		p.tex[s] = r.S()
	}
}

// arg returns a stage argument with its modifiers applied.
func (p *ps) arg(s int, a uint8) ir.Src {
	b := p.b
	var r ir.Src
	switch a & types.D3DTA_SELECTMASK {
	case types.D3DTA_DIFFUSE:
		r = p.diffuse()
	case types.D3DTA_CURRENT:
		if p.stage0 {
			r = p.diffuse()
		} else {
			r = p.current.S()
		}
	case types.D3DTA_TEXTURE:
		if p.sampled[s] {
			r = p.tex[s]
		} else {
			r = imm1(0)
		}
	case types.D3DTA_TFACTOR:
		r = ds(ir.DSTextureFactor)
	case types.D3DTA_SPECULAR:
		r = p.specular()
	case types.D3DTA_TEMP:
		r = p.temp.S()
	case types.D3DTA_CONSTANT:
		r = c(PSConstant0 + s)
	default:
		r = imm1(0)
	}
	if a&types.D3DTA_ALPHAREPLICATE != 0 {
		r = w(r)
	}
	if a&types.D3DTA_COMPLEMENT != 0 {
		t := b.temp()
		b.op(ir.OpSub, t.D(0), imm1(1), r)
		r = t.S()
	}
	return r
}

// stage runs texture stage s.
func (p *ps) stage(s int) {
	b, k := p.b, p.k
	st := &k.Stages[s]
	if isOp(st.ColorOp, types.D3DTOP_BUMPENVMAP) || isOp(st.ColorOp, types.D3DTOP_BUMPENVMAPLUMINANCE) {
		// A bump stage only perturbs the next stage's coordinate: CURRENT
		// after it is still the result of the stage before it (D3DTA_CURRENT).
		return
	}
	res := b.temp()
	cur := p.arg(s, types.D3DTA_CURRENT)
	p.combine(s, st.ColorOp, st.ColorArg0, st.ColorArg1, st.ColorArg2, res, false, cur)
	if !isOp(st.ColorOp, types.D3DTOP_DOTPRODUCT3) {
		p.combine(s, st.AlphaOp, st.AlphaArg0, st.AlphaArg1, st.AlphaArg2, res, true, cur)
	}
	dst := p.current
	if st.ResultTemp {
		dst = p.temp
	} else {
		p.stage0 = false
	}
	b.op(ir.OpMov, dst.D(0), res.S())
}

func one(alpha bool, s ir.Src) ir.Src {
	if alpha {
		return w(s)
	}
	return s
}

// combine computes one op into res.xyz (colour) or res.w (alpha),
// saturated as D3D9's fixed-point stages are.
func (p *ps) combine(s int, o, a0, a1, a2 uint8, res ir.Reg, alpha bool, cur ir.Src) {
	b := p.b
	mask := ir.MaskXYZ
	if alpha {
		mask = ir.MaskW
	}
	d := res.D(mask)
	u0, u1, u2 := opArgs(o)
	var x0, x1, x2 ir.Src
	if u0 {
		x0 = one(alpha, p.arg(s, a0))
	}
	if u1 {
		x1 = one(alpha, p.arg(s, a1))
	}
	if u2 {
		x2 = one(alpha, p.arg(s, a2))
	}
	inst := func(op ir.Opcode, shift int8, src ...ir.Src) {
		b.emit(&ir.Inst{Op: op, Dst: d, Src: src, Shift: shift, Clamp: ir.ClampSat})
	}
	inv := func(v ir.Src) ir.Src { // 1 - v
		t := b.temp()
		b.op(ir.OpSub, t.D(0), imm1(1), v)
		return t.S()
	}
	switch types.TextureOp(o) {
	case types.D3DTOP_SELECTARG1:
		inst(ir.OpMov, 0, x1)
	case types.D3DTOP_SELECTARG2:
		inst(ir.OpMov, 0, x2)
	case types.D3DTOP_MODULATE:
		inst(ir.OpMul, 0, x1, x2)
	case types.D3DTOP_MODULATE2X:
		inst(ir.OpMul, 1, x1, x2)
	case types.D3DTOP_MODULATE4X:
		inst(ir.OpMul, 2, x1, x2)
	case types.D3DTOP_ADD:
		inst(ir.OpAdd, 0, x1, x2)
	case types.D3DTOP_ADDSIGNED, types.D3DTOP_ADDSIGNED2X:
		t := b.temp()
		b.op(ir.OpAdd, t.D(0), x1, x2)
		var shift int8
		if isOp(o, types.D3DTOP_ADDSIGNED2X) {
			shift = 1
		}
		inst(ir.OpSub, shift, t.S(), imm1(0.5))
	case types.D3DTOP_SUBTRACT:
		inst(ir.OpSub, 0, x1, x2)
	case types.D3DTOP_ADDSMOOTH: // a1 + a2 - a1*a2 = a2*(1-a1) + a1
		inst(ir.OpMad, 0, x2, inv(x1), x1)
	case types.D3DTOP_BLENDDIFFUSEALPHA:
		inst(ir.OpLrp, 0, w(p.diffuse()), x1, x2)
	case types.D3DTOP_BLENDTEXTUREALPHA:
		inst(ir.OpLrp, 0, w(p.arg(s, types.D3DTA_TEXTURE)), x1, x2)
	case types.D3DTOP_BLENDFACTORALPHA:
		inst(ir.OpLrp, 0, w(ds(ir.DSTextureFactor)), x1, x2)
	case types.D3DTOP_BLENDCURRENTALPHA:
		inst(ir.OpLrp, 0, w(cur), x1, x2)
	case types.D3DTOP_BLENDTEXTUREALPHAPM: // a1 + a2*(1-Ta)
		inst(ir.OpMad, 0, x2, inv(w(p.arg(s, types.D3DTA_TEXTURE))), x1)
	case types.D3DTOP_PREMODULATE:
		if s+1 < p.n && p.sampled[s+1] {
			inst(ir.OpMul, 0, x1, one(alpha, p.tex[s+1]))
		} else {
			inst(ir.OpMov, 0, x1)
		}
	case types.D3DTOP_MODULATEALPHA_ADDCOLOR: // a1 + a1.a*a2
		inst(ir.OpMad, 0, w(p.arg(s, a1)), x2, x1)
	case types.D3DTOP_MODULATECOLOR_ADDALPHA: // a1*a2 + a1.a
		inst(ir.OpMad, 0, x1, x2, w(p.arg(s, a1)))
	case types.D3DTOP_MODULATEINVALPHA_ADDCOLOR: // (1-a1.a)*a2 + a1
		inst(ir.OpMad, 0, inv(w(p.arg(s, a1))), x2, x1)
	case types.D3DTOP_MODULATEINVCOLOR_ADDALPHA: // (1-a1)*a2 + a1.a
		inst(ir.OpMad, 0, inv(x1), x2, w(p.arg(s, a1)))
	case types.D3DTOP_DOTPRODUCT3: // 4*dot(a1-0.5, a2-0.5) in all four channels
		t, u := b.temp(), b.temp()
		b.op(ir.OpSub, t.D(0), x1, imm1(0.5))
		b.op(ir.OpSub, u.D(0), x2, imm1(0.5))
		b.emit(&ir.Inst{Op: ir.OpDp3, Dst: res.D(0), Src: []ir.Src{t.S(), u.S()}, Shift: 2, Clamp: ir.ClampSat})
	case types.D3DTOP_MULTIPLYADD:
		inst(ir.OpMad, 0, x1, x2, x0)
	case types.D3DTOP_LERP:
		inst(ir.OpLrp, 0, x0, x1, x2)
	default:
		// DISABLE (as an alpha op), BUMPENVMAP and BUMPENVMAPLUMINANCE:
		// the stage passes CURRENT on.
		inst(ir.OpMov, 0, one(alpha, cur))
	}
}

// fog blends the output colour with the fog colour.
func (p *ps) fog(out ir.Reg) {
	b, k := p.b, p.k
	if k.Fog == PixelFogNone {
		return
	}
	v := x(b.input(ir.UsageFog, 0, 0))
	f := b.temp()
	fog := ds(ir.DSFog)
	switch k.Fog {
	case PixelFogVertex:
		b.sat(ir.OpMov, f.D(ir.MaskX), v)
	case PixelFogLinear:
		b.op(ir.OpSub, f.D(ir.MaskX), y(fog), v)
		b.sat(ir.OpMul, f.D(ir.MaskX), x(f.S()), w(fog))
	case PixelFogExp:
		b.op(ir.OpMul, f.D(ir.MaskX), v, z(fog))
		b.op(ir.OpMul, f.D(ir.MaskX), x(f.S()), imm1(-log2e))
		b.sat(ir.OpExp2, f.D(ir.MaskX), x(f.S()))
	case PixelFogExp2:
		b.op(ir.OpMul, f.D(ir.MaskX), v, z(fog))
		b.op(ir.OpMul, f.D(ir.MaskX), x(f.S()), x(f.S()))
		b.op(ir.OpMul, f.D(ir.MaskX), x(f.S()), imm1(-log2e))
		b.sat(ir.OpExp2, f.D(ir.MaskX), x(f.S()))
	}
	// colour = f*colour + (1-f)*fog colour
	b.op(ir.OpLrp, out.D(ir.MaskXYZ), x(f.S()), out.S(), ds(ir.DSFogColor))
}
