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
