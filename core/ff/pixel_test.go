package ff

import (
	"testing"

	"mtld3d/core/ir"
	"mtld3d/types"
)

var (
	texC  = [4]float32{0.6, 0.2, 0.8, 0.5}
	diffC = [4]float32{0.3, 0.5, 0.1, 0.25}
	specC = [4]float32{0.1, 0.4, 0.2, 0.75}
	tfac  = [4]float32{0.2, 0.4, 0.6, 0.8} // 0xcc336699
)

func stageState(colorOp, alphaOp types.TextureOp) State {
	s := DefaultState()
	s.Textures[0] = ir.Sampler2D
	s.RS[types.D3DRS_TEXTUREFACTOR] = 0xcc336699
	t := &s.TSS[0]
	t[types.D3DTSS_COLOROP] = uint32(colorOp)
	t[types.D3DTSS_ALPHAOP] = uint32(alphaOp)
	t[types.D3DTSS_COLORARG0] = types.D3DTA_SPECULAR
	t[types.D3DTSS_COLORARG1] = types.D3DTA_TEXTURE
	t[types.D3DTSS_COLORARG2] = types.D3DTA_DIFFUSE
	t[types.D3DTSS_ALPHAARG0] = types.D3DTA_SPECULAR
	t[types.D3DTSS_ALPHAARG1] = types.D3DTA_TEXTURE
	t[types.D3DTSS_ALPHAARG2] = types.D3DTA_DIFFUSE
	return s
}

func stdIn() psIn { return psIn{Diffuse: diffC, Specular: specC} }

func stdTex() texFunc { return constTex(map[int][4]float32{0: texC, 1: {0.5, 0.5, 0.5, 1}}) }

func sat(v float32) float32 { return min(max(v, 0), 1) }

// opRef is D3D9's definition of each op on one component: a0, a1, a2 are
// the arguments' component, the *A values the alphas the op names.
type opRef func(a0, a1, a2, a1A, texA, diffA, tfA, curA float32) float32

var opRefs = map[types.TextureOp]opRef{
	types.D3DTOP_SELECTARG1:          func(a0, a1, a2, a1A, tA, dA, fA, cA float32) float32 { return a1 },
	types.D3DTOP_SELECTARG2:          func(a0, a1, a2, a1A, tA, dA, fA, cA float32) float32 { return a2 },
	types.D3DTOP_MODULATE:            func(a0, a1, a2, a1A, tA, dA, fA, cA float32) float32 { return a1 * a2 },
	types.D3DTOP_MODULATE2X:          func(a0, a1, a2, a1A, tA, dA, fA, cA float32) float32 { return 2 * a1 * a2 },
	types.D3DTOP_MODULATE4X:          func(a0, a1, a2, a1A, tA, dA, fA, cA float32) float32 { return 4 * a1 * a2 },
	types.D3DTOP_ADD:                 func(a0, a1, a2, a1A, tA, dA, fA, cA float32) float32 { return a1 + a2 },
	types.D3DTOP_ADDSIGNED:           func(a0, a1, a2, a1A, tA, dA, fA, cA float32) float32 { return a1 + a2 - 0.5 },
	types.D3DTOP_ADDSIGNED2X:         func(a0, a1, a2, a1A, tA, dA, fA, cA float32) float32 { return 2 * (a1 + a2 - 0.5) },
	types.D3DTOP_SUBTRACT:            func(a0, a1, a2, a1A, tA, dA, fA, cA float32) float32 { return a1 - a2 },
	types.D3DTOP_ADDSMOOTH:           func(a0, a1, a2, a1A, tA, dA, fA, cA float32) float32 { return a1 + a2 - a1*a2 },
	types.D3DTOP_BLENDDIFFUSEALPHA:   func(a0, a1, a2, a1A, tA, dA, fA, cA float32) float32 { return a1*dA + a2*(1-dA) },
	types.D3DTOP_BLENDTEXTUREALPHA:   func(a0, a1, a2, a1A, tA, dA, fA, cA float32) float32 { return a1*tA + a2*(1-tA) },
	types.D3DTOP_BLENDFACTORALPHA:    func(a0, a1, a2, a1A, tA, dA, fA, cA float32) float32 { return a1*fA + a2*(1-fA) },
	types.D3DTOP_BLENDTEXTUREALPHAPM: func(a0, a1, a2, a1A, tA, dA, fA, cA float32) float32 { return a1 + a2*(1-tA) },
	types.D3DTOP_BLENDCURRENTALPHA:   func(a0, a1, a2, a1A, tA, dA, fA, cA float32) float32 { return a1*cA + a2*(1-cA) },
	types.D3DTOP_MODULATEALPHA_ADDCOLOR: func(a0, a1, a2, a1A, tA, dA, fA, cA float32) float32 {
		return a1 + a1A*a2
	},
	types.D3DTOP_MODULATECOLOR_ADDALPHA: func(a0, a1, a2, a1A, tA, dA, fA, cA float32) float32 {
		return a1*a2 + a1A
	},
	types.D3DTOP_MODULATEINVALPHA_ADDCOLOR: func(a0, a1, a2, a1A, tA, dA, fA, cA float32) float32 {
		return (1-a1A)*a2 + a1
	},
	types.D3DTOP_MODULATEINVCOLOR_ADDALPHA: func(a0, a1, a2, a1A, tA, dA, fA, cA float32) float32 {
		return (1-a1)*a2 + a1A
	},
	types.D3DTOP_MULTIPLYADD: func(a0, a1, a2, a1A, tA, dA, fA, cA float32) float32 { return a0 + a1*a2 },
	types.D3DTOP_LERP:        func(a0, a1, a2, a1A, tA, dA, fA, cA float32) float32 { return a0*a1 + (1-a0)*a2 },
}

// TestColorOps runs every op as stage 0's colour op with arg0 SPECULAR,
// arg1 TEXTURE, arg2 DIFFUSE (CURRENT is the diffuse colour at stage 0).
func TestColorOps(t *testing.T) {
	for op, ref := range opRefs {
		s := stageState(op, types.D3DTOP_SELECTARG1)
		got := runPS(t, &s, stdIn(), stdTex())
		var want [4]float32
		for i := 0; i < 3; i++ {
			want[i] = sat(ref(specC[i], texC[i], diffC[i], texC[3], texC[3], diffC[3], tfac[3], diffC[3]))
		}
		want[3] = texC[3]
		check4(t, op.String(), got, want)
	}
}

// TestAlphaOps runs every op as stage 0's alpha op.
func TestAlphaOps(t *testing.T) {
	for op, ref := range opRefs {
		s := stageState(types.D3DTOP_SELECTARG1, op)
		got := runPS(t, &s, stdIn(), stdTex())
		want := texC
		want[3] = sat(ref(specC[3], texC[3], diffC[3], texC[3], texC[3], diffC[3], tfac[3], diffC[3]))
		check4(t, "alpha "+op.String(), got, want)
	}
}

func TestDotProduct3(t *testing.T) {
	s := stageState(types.D3DTOP_DOTPRODUCT3, types.D3DTOP_SELECTARG2)
	got := runPS(t, &s, stdIn(), stdTex())
	// 4 * ((0.1)(-0.2) + (-0.3)(0) + (0.3)(-0.4)) = -0.56 -> 0, replicated to alpha
	check4(t, "dot3 negative", got, [4]float32{0, 0, 0, 0})
	in := stdIn()
	in.Diffuse = [4]float32{0.9, 0.5, 0.7, 0}
	got = runPS(t, &s, in, stdTex())
	// 4 * (0.1*0.4 + (-0.3)*0 + 0.3*0.2) = 0.4, in all four channels (not the alpha op's diffuse alpha)
	check4(t, "dot3", got, [4]float32{0.4, 0.4, 0.4, 0.4})
}

func TestDisabledStages(t *testing.T) {
	s := stageState(types.D3DTOP_DISABLE, types.D3DTOP_SELECTARG1)
	check4(t, "stage 0 disabled", runPS(t, &s, stdIn(), stdTex()), diffC)
	// an alpha op DISABLE passes the current alpha
	s = stageState(types.D3DTOP_SELECTARG1, types.D3DTOP_DISABLE)
	check4(t, "alpha disabled", runPS(t, &s, stdIn(), stdTex()), [4]float32{texC[0], texC[1], texC[2], diffC[3]})
	// stages after the first disabled one do nothing
	s = stageState(types.D3DTOP_SELECTARG1, types.D3DTOP_SELECTARG1)
	s.TSS[2][types.D3DTSS_COLOROP] = uint32(types.D3DTOP_SELECTARG2)
	check4(t, "stage 2 after disabled 1", runPS(t, &s, stdIn(), stdTex()), texC)
}

func TestUnboundTexture(t *testing.T) {
	// COLORARG1 = TEXTURE with no texture ends the cascade: the default
	// stage 0 (MODULATE TEXTURE, CURRENT) gives the diffuse colour, and a
	// textured stage after it does nothing.
	s := DefaultState()
	s.Textures[1] = ir.Sampler2D
	s.TSS[1][types.D3DTSS_COLOROP] = uint32(types.D3DTOP_SELECTARG1)
	check4(t, "modulate without texture", runPS(t, &s, stdIn(), stdTex()), diffC)
	// other reads of an unbound texture give 0
	s = stageState(types.D3DTOP_ADD, types.D3DTOP_BLENDTEXTUREALPHA)
	s.Textures[0] = ir.SamplerNone
	s.TSS[0][types.D3DTSS_COLORARG1] = types.D3DTA_DIFFUSE
	s.TSS[0][types.D3DTSS_COLORARG2] = types.D3DTA_TEXTURE
	s.TSS[0][types.D3DTSS_ALPHAARG1] = types.D3DTA_SPECULAR
	check4(t, "add unbound", runPS(t, &s, stdIn(), stdTex()), [4]float32{diffC[0], diffC[1], diffC[2], diffC[3]})
}

func TestArgModifiers(t *testing.T) {
	cases := []struct {
		arg  uint32
		want [4]float32
	}{
		{types.D3DTA_TEXTURE | types.D3DTA_COMPLEMENT, [4]float32{0.4, 0.8, 0.2, 0.5}},
		{types.D3DTA_TEXTURE | types.D3DTA_ALPHAREPLICATE, [4]float32{0.5, 0.5, 0.5, 0.5}},
		{types.D3DTA_DIFFUSE | types.D3DTA_ALPHAREPLICATE | types.D3DTA_COMPLEMENT, [4]float32{0.75, 0.75, 0.75, 0.5}},
		{types.D3DTA_TFACTOR, [4]float32{0.2, 0.4, 0.6, 0.5}},
		{types.D3DTA_SPECULAR, [4]float32{0.1, 0.4, 0.2, 0.5}},
		{types.D3DTA_CURRENT, [4]float32{0.3, 0.5, 0.1, 0.5}},
		{types.D3DTA_TEMP, [4]float32{0, 0, 0, 0.5}},
		{types.D3DTA_CONSTANT, [4]float32{1, 0, 0.2, 0.5}},
	}
	for _, c := range cases {
		s := stageState(types.D3DTOP_SELECTARG1, types.D3DTOP_SELECTARG1)
		s.TSS[0][types.D3DTSS_COLORARG1] = c.arg
		s.TSS[0][types.D3DTSS_CONSTANT] = 0x00ff0033
		check4(t, "colour arg", runPS(t, &s, stdIn(), stdTex()), c.want)
	}
	// alpha args take the alpha; COMPLEMENT inverts it
	s := stageState(types.D3DTOP_SELECTARG1, types.D3DTOP_SELECTARG1)
	s.TSS[0][types.D3DTSS_ALPHAARG1] = types.D3DTA_SPECULAR | types.D3DTA_COMPLEMENT
	check4(t, "alpha complement", runPS(t, &s, stdIn(), stdTex()), [4]float32{0.6, 0.2, 0.8, 0.25})
	s.TSS[0][types.D3DTSS_ALPHAARG1] = types.D3DTA_TFACTOR
	check4(t, "alpha tfactor", runPS(t, &s, stdIn(), stdTex()), [4]float32{0.6, 0.2, 0.8, 0.8})
}

func TestResultTemp(t *testing.T) {
	s := stageState(types.D3DTOP_SELECTARG1, types.D3DTOP_SELECTARG1) // TEMP = texture
	s.TSS[0][types.D3DTSS_RESULTARG] = types.D3DTA_TEMP
	t1 := &s.TSS[1]
	t1[types.D3DTSS_COLOROP] = uint32(types.D3DTOP_MODULATE) // CURRENT is still the diffuse colour
	t1[types.D3DTSS_COLORARG1] = types.D3DTA_CURRENT
	t1[types.D3DTSS_COLORARG2] = types.D3DTA_TFACTOR
	t1[types.D3DTSS_ALPHAOP] = uint32(types.D3DTOP_SELECTARG1)
	t1[types.D3DTSS_ALPHAARG1] = types.D3DTA_CURRENT
	t2 := &s.TSS[2]
	t2[types.D3DTSS_COLOROP] = uint32(types.D3DTOP_ADD)
	t2[types.D3DTSS_COLORARG1] = types.D3DTA_CURRENT
	t2[types.D3DTSS_COLORARG2] = types.D3DTA_TEMP
	t2[types.D3DTSS_ALPHAOP] = uint32(types.D3DTOP_ADD)
	t2[types.D3DTSS_ALPHAARG1] = types.D3DTA_CURRENT
	t2[types.D3DTSS_ALPHAARG2] = types.D3DTA_TEMP
	got := runPS(t, &s, stdIn(), stdTex())
	want := [4]float32{sat(0.3*0.2 + 0.6), sat(0.5*0.4 + 0.2), sat(0.1*0.6 + 0.8), sat(0.25 + 0.5)}
	check4(t, "temp", got, want)
}

func TestSpecularAdd(t *testing.T) {
	s := stageState(types.D3DTOP_SELECTARG2, types.D3DTOP_SELECTARG2)
	s.RS[types.D3DRS_SPECULARENABLE] = 1
	in := stdIn()
	in.Specular = [4]float32{0.1, 0.6, 0.2, 0.9}
	// rgb + specular rgb, saturated; alpha untouched
	check4(t, "specular add", runPS(t, &s, in, stdTex()), [4]float32{0.4, 1, 0.3, 0.25})
}

func TestPremodulate(t *testing.T) {
	s := stageState(types.D3DTOP_PREMODULATE, types.D3DTOP_SELECTARG1)
	s.Textures[1] = ir.Sampler2D
	s.TSS[1][types.D3DTSS_COLOROP] = uint32(types.D3DTOP_SELECTARG1)
	s.TSS[1][types.D3DTSS_COLORARG1] = types.D3DTA_CURRENT
	s.TSS[1][types.D3DTSS_ALPHAOP] = uint32(types.D3DTOP_SELECTARG1)
	s.TSS[1][types.D3DTSS_ALPHAARG1] = types.D3DTA_CURRENT
	check4(t, "premodulate", runPS(t, &s, stdIn(), stdTex()), [4]float32{0.3, 0.1, 0.4, 0.5})
}

func TestBumpEnvMap(t *testing.T) {
	for _, lum := range []bool{false, true} {
		op := types.D3DTOP_BUMPENVMAP
		if lum {
			op = types.D3DTOP_BUMPENVMAPLUMINANCE
		}
		s := stageState(op, types.D3DTOP_SELECTARG1) // a texture alpha that must not reach CURRENT
		s.Textures[1] = ir.Sampler2D
		t0 := &s.TSS[0]
		setF2 := func(t types.TextureStageStateType, f float32) { t0[t] = f2u(f) }
		setF2(types.D3DTSS_BUMPENVMAT00, 1)
		setF2(types.D3DTSS_BUMPENVMAT01, 0.5)
		setF2(types.D3DTSS_BUMPENVMAT10, 0.25)
		setF2(types.D3DTSS_BUMPENVMAT11, 2)
		setF2(types.D3DTSS_BUMPENVLSCALE, 2)
		setF2(types.D3DTSS_BUMPENVLOFFSET, 0.1)
		s.TSS[1][types.D3DTSS_COLOROP] = uint32(types.D3DTOP_SELECTARG1)
		s.TSS[1][types.D3DTSS_ALPHAOP] = uint32(types.D3DTOP_SELECTARG1)
		s.TSS[1][types.D3DTSS_ALPHAARG1] = types.D3DTA_CURRENT
		var coord [4]float32
		tex := func(smp int, c [4]float32) [4]float32 {
			if smp == 0 {
				return [4]float32{0.1, -0.2, 0.3, 1} // du, dv, luminance
			}
			coord = c
			return [4]float32{0.5, 0.5, 0.5, 1}
		}
		in := stdIn()
		in.Tex[1] = [4]float32{0.5, 0.5, 0, 1}
		got := runPS(t, &s, in, tex)
		// u' = u + M00 du + M10 dv, v' = v + M01 du + M11 dv
		check4(t, "bumped coordinate", [4]float32{coord[0], coord[1]}, [4]float32{0.5 + 0.1 - 0.05, 0.5 + 0.05 - 0.4})
		want := float32(0.5)
		if lum {
			want = 0.5 * sat(0.3*2+0.1)
		}
		// the bump stage leaves CURRENT (diffuse) alone, alpha op included
		check4(t, op.String(), got, [4]float32{want, want, want, diffC[3]})
	}
}

func TestVariant(t *testing.T) {
	s := stageState(types.D3DTOP_SELECTARG1, types.D3DTOP_SELECTARG1)
	s.RS[types.D3DRS_ALPHATESTENABLE] = 1
	s.RS[types.D3DRS_ALPHAFUNC] = uint32(types.D3DCMP_GREATER)
	s.RS[types.D3DRS_ALPHAREF] = 0x80
	s.RS[types.D3DRS_SHADEMODE] = uint32(types.D3DSHADE_FLAT)
	v := Variant(&s)
	if v.AlphaFunc != ir.CmpGreater || !v.FlatShade || v.FogMode != ir.FogNone || v.ClipPlanes != 0 {
		t.Fatalf("variant %+v", v)
	}
	sh := ir.ApplyVariant(PixelShader(PixelKeyOf(&s)), v)
	for _, in := range sh.Inputs {
		if in.Usage == ir.UsageColor && in.Interp != ir.InterpFlat {
			t.Errorf("colour input %v not flat", in)
		}
	}
	m, err := ir.NewMachine(sh)
	if err != nil {
		t.Fatal(err)
	}
	ins := make([][4][4]float32, len(sh.Inputs))
	for i := range ins {
		ins[i] = [4][4]float32{diffC, diffC, diffC, diffC}
	}
	outs := make([][4][4]float32, len(sh.Outputs))
	env := &ir.Env{ConstF: PixelConstants(&s), DrawState: drawState(&s), Textures: stdTex()}
	killed, err := m.RunQuad(env, ins, outs)
	if err != nil {
		t.Fatal(err)
	}
	if killed != 15 { // texture alpha 0.5 is not > 128/255
		t.Errorf("alpha test killed %04b, want 1111", killed)
	}
}

func TestKeysCanonical(t *testing.T) {
	a := stageState(types.D3DTOP_SELECTARG1, types.D3DTOP_SELECTARG1)
	b := a
	b.TSS[0][types.D3DTSS_COLORARG2] = types.D3DTA_TFACTOR    // unused by SELECTARG1
	b.TSS[3][types.D3DTSS_COLOROP] = uint32(types.D3DTOP_ADD) // after the disabled stage 1
	b.RS[types.D3DRS_LOCALVIEWER] = 0                         // lighting has no specular
	b.RS[types.D3DRS_AMBIENTMATERIALSOURCE] = uint32(types.D3DMCS_COLOR1)
	if PixelKeyOf(&a) != PixelKeyOf(&b) {
		t.Errorf("pixel keys differ:\n%+v\n%+v", PixelKeyOf(&a), PixelKeyOf(&b))
	}
	if VertexKeyOf(&a) != VertexKeyOf(&b) { // the FVF has no diffuse: COLOR1 falls back to the material
		t.Errorf("vertex keys differ:\n%+v\n%+v", VertexKeyOf(&a), VertexKeyOf(&b))
	}
	b.Decl = DeclFromFVF(types.D3DFVF_XYZ | types.D3DFVF_DIFFUSE)
	if VertexKeyOf(&a) == VertexKeyOf(&b) {
		t.Error("a vertex colour input does not change the vertex key")
	}
}
