package ir

import "testing"

// LodBias turns implicit samples of the flagged samplers into biased ones
// reading the draw state, and adds the sampler's bias to a texldb's.
func TestVariantLodBias(t *testing.T) {
	o := Out(0)
	in := [][4][4]float32{ramp(f4(2, 4, 6, 2), f4(2, 0, 0, 0), f4(0, 2, 0, 0))}
	tx := &recTex{}
	env := &Env{Textures: tx, DrawState: make([][4]float32, DSCount)}
	reg, comp := LodBiasReg(StagePixel, 5)
	env.DrawState[reg][comp] = 1.5

	orig := ps(Tex(o.D(0), 5, TexImplicit, In(0).S()))
	orig.Samplers = []SamplerDecl{{Index: 5, Kind: Sampler2D}}
	s := ApplyVariant(orig, VariantKey{LodBias: 1 << 5})
	if orig.Body[0].(*Inst).TexMode != TexImplicit {
		t.Fatal("ApplyVariant changed its input")
	}
	quad(t, s, env, in)
	if tx.req.Mode != TexBias || tx.req.LodBias != f4(1.5) {
		t.Errorf("implicit with bias: request %+v", tx.req)
	}
	// another sampler's bit leaves it alone
	quad(t, ApplyVariant(orig, VariantKey{LodBias: 1 << 4}), env, in)
	if tx.req.Mode != TexImplicit {
		t.Errorf("unflagged sampler: request %+v", tx.req)
	}
	// texldb inside a branch: the two biases add up
	b := ps(&If{Cond: ImmB(true, true, true, true).Swz('x'), Then: []Stmt{Tex(o.D(0), 5, TexBias, In(0).S(), imm(-0.25))}})
	b.Samplers = orig.Samplers
	quad(t, ApplyVariant(b, VariantKey{LodBias: 1 << 5}), env, in)
	if tx.req.Mode != TexBias || tx.req.LodBias != f4(1.25) {
		t.Errorf("texldb with bias: request %+v", tx.req)
	}
	// texldl adds it to its LOD; texldd is left alone
	l := ps(Tex(o.D(0), 5, TexLod, In(0).S(), imm(2)))
	l.Samplers = orig.Samplers
	quad(t, ApplyVariant(l, VariantKey{LodBias: 1 << 5}), env, in)
	if tx.req.Mode != TexLod || tx.req.LodBias != f4(3.5) {
		t.Errorf("texldl with bias: request %+v", tx.req)
	}
	g := ps(Tex(o.D(0), 5, TexGrad, In(0).S(), imm(1), imm(1)))
	g.Samplers = orig.Samplers
	quad(t, ApplyVariant(g, VariantKey{LodBias: 1 << 5}), env, in)
	if tx.req.Mode != TexGrad || tx.req.LodBias != f4(0) {
		t.Errorf("texldd with bias: request %+v", tx.req)
	}
	// vertex texture samplers have their own register
	reg, comp = LodBiasReg(StageVertex, 1)
	env.DrawState[reg][comp] = 0.5
	v := vs(Tex(Out(0).D(0), 1, TexLod, imm(1, 2, 3, 4), imm(2)))
	v.Samplers = []SamplerDecl{{Index: 1, Kind: Sampler2D}}
	runV(t, ApplyVariant(v, VariantKey{LodBias: 1 << 1}), env)
	if tx.req.Mode != TexLod || tx.req.LodBias[0] != 2.5 {
		t.Errorf("vertex texldl with bias: request %+v", tx.req)
	}
}

// Projected divides by the component the stage's count names.
func TestVariantProjectedCount(t *testing.T) {
	o := Out(0)
	in := [][4][4]float32{{f4(2, 4, 2, 8), f4(2, 4, 2, 8), f4(2, 4, 2, 8), f4(2, 4, 2, 8)}}
	tx := &recTex{}
	env := &Env{Textures: tx, DrawState: make([][4]float32, DSCount)}
	s := ps(Tex(o.D(0), 1, TexImplicit, In(0).S()))
	s.Samplers = []SamplerDecl{{Index: 1, Kind: Sampler2D}}
	for _, c := range []struct {
		count uint8
		want  [4]float32
	}{{0, f4(0.25, 0.5, 0.25, 0)}, {4, f4(0.25, 0.5, 0.25, 0)}, {3, f4(1, 2, 1, 0)}, {2, f4(0.5, 1, 0.5, 0)}} {
		k := VariantKey{Projected: 1 << 1}
		k.ProjectedCount[1] = c.count
		quad(t, ApplyVariant(s, k), env, in)
		got := tx.req.Coord[0]
		got[3] = 0
		check(t, "projected", got, c.want)
	}
}

// BorderAxes: a sample outside [0, 1] on a border axis reads the draw
// state's border colour, inside it the texture.
func TestVariantBorderColour(t *testing.T) {
	o := Out(0)
	tx := &recTex{}
	env := &Env{Textures: tx, DrawState: make([][4]float32, DSCount)}
	env.DrawState[DSBorder0+2] = f4(0.25, 0.5, 0.75, 1)
	// texld r0, r0: the coordinate register is the destination (the test
	// sampler answers the coordinate, with w 100 for a 2D sampler)
	s := ps(Op(OpMov, Temp(0).D(0), In(0).S()), Tex(Temp(0).D(0), 2, TexImplicit, Temp(0).S()), Op(OpMov, o.D(0), Temp(0).S()))
	s.Samplers = []SamplerDecl{{Index: 2, Kind: Sampler2D}}
	in := [][4][4]float32{{f4(0.5, 0.5, 9, 1), f4(1.5, 0.5, 0, 1), f4(0.5, -0.25, 0, 1), f4(0.5, 0.5, -3, 2)}}
	var k VariantKey
	k.BorderAxes[2] = 0b111 // w does not count for a 2D sampler
	out, _ := quad(t, ApplyVariant(s, k), env, in)
	check(t, "inside", out[0][0], f4(0.5, 0.5, 9, 100))
	check(t, "outside u", out[0][1], f4(0.25, 0.5, 0.75, 1))
	check(t, "outside v", out[0][2], f4(0.25, 0.5, 0.75, 1))
	check(t, "z ignored", out[0][3], f4(0.5, 0.5, -3, 100))
	// only v is a border axis; projected samples test the projected coordinate
	k.BorderAxes[2] = 0b010
	k.Projected = 1 << 2
	out, _ = quad(t, ApplyVariant(s, k), env, in)
	check(t, "u not a border axis", out[0][1], f4(1.5, 0.5, 0, 100))
	check(t, "projected inside", out[0][3], f4(0.25, 0.25, -1.5, 100))
}

// Fetch4 marks 2D pixel samplers only; their samples ask for FETCH4 at
// the base level (projected first), with no LOD bias, bias or gradients
// taken from the instruction or the key, and no border selection.
func TestVariantFetch4(t *testing.T) {
	o := Out(0)
	in := [][4][4]float32{{f4(2, 4, 2, 8), f4(2, 4, 2, 8), f4(2, 4, 2, 8), f4(2, 4, 2, 8)}}
	tx := &recTex{}
	env := &Env{Textures: tx, DrawState: make([][4]float32, DSCount)}
	var k VariantKey
	k.Fetch4[2] = Fetch4Alpha
	k.LodBias = 1 << 2
	k.BorderAxes[2] = 3
	for _, c := range []struct {
		name string
		in   *Inst
	}{
		{"texld", Tex(o.D(0), 2, TexImplicit, In(0).S())},
		{"texldb", Tex(o.D(0), 2, TexBias, In(0).S(), imm(3))},
		{"texldl", Tex(o.D(0), 2, TexLod, In(0).S(), imm(3))},
		{"texldd", Tex(o.D(0), 2, TexGrad, In(0).S(), imm(1), imm(1))},
	} {
		s := ps(c.in)
		s.Samplers = []SamplerDecl{{Index: 2, Kind: Sampler2D}}
		v := ApplyVariant(s, k)
		if d := v.Sampler(2); d.Fetch4 != Fetch4Alpha {
			t.Fatalf("%s: declaration %+v", c.name, d)
		}
		if len(v.Body) != 1 {
			t.Errorf("%s: %d statements, want the sample alone", c.name, len(v.Body))
		}
		quad(t, v, env, in)
		if tx.req.Fetch4 != Fetch4Alpha || tx.req.Mode != TexLod || tx.req.LodBias != f4(0) || tx.req.Ddx != [4][4]float32{} {
			t.Errorf("%s: request %+v", c.name, tx.req)
		}
	}
	// projected: divided first
	p := ps(&Inst{Op: OpTex, Dst: o.D(0), Src: []Src{In(0).S()}, Sampler: 2, Project: true})
	p.Samplers = []SamplerDecl{{Index: 2, Kind: Sampler2D}}
	quad(t, ApplyVariant(p, k), env, in)
	check(t, "projected", tx.req.Coord[0], f4(0.25, 0.5, 0.25, 8))
	// other kinds and the vertex stage are left alone
	for _, kind := range []SamplerKind{SamplerCube, Sampler3D, SamplerShadow2D} {
		s := ps(Tex(o.D(0), 2, TexImplicit, In(0).S()))
		s.Samplers = []SamplerDecl{{Index: 2, Kind: kind}}
		if d := ApplyVariant(s, k).Sampler(2); d.Fetch4 != Fetch4Off {
			t.Errorf("%v: declaration %+v", kind, d)
		}
	}
	v := vs(Tex(Out(0).D(0), 2, TexLod, imm(1, 2, 3, 4), imm(2)))
	v.Samplers = []SamplerDecl{{Index: 2, Kind: Sampler2D}}
	if d := ApplyVariant(v, k).Sampler(2); d.Fetch4 != Fetch4Off {
		t.Errorf("vertex: declaration %+v", d)
	}
}

// A shadow override replaces 2D declarations only.
func TestOverrideKind(t *testing.T) {
	for _, c := range []struct{ declared, over, want SamplerKind }{
		{Sampler2D, SamplerNone, Sampler2D},
		{Sampler2D, SamplerCube, SamplerCube},
		{Sampler2D, SamplerShadow2D, SamplerShadow2D},
		{SamplerCube, SamplerShadow2D, SamplerCube},
		{Sampler3D, SamplerShadow2D, Sampler3D},
	} {
		if got := OverrideKind(c.declared, c.over); got != c.want {
			t.Errorf("OverrideKind(%v, %v) = %v, want %v", c.declared, c.over, got, c.want)
		}
	}
}
