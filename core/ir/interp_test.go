package ir

import (
	"math"
	"testing"
)

var (
	inf  = float32(math.Inf(1))
	ninf = float32(math.Inf(-1))
	nan  = float32(math.NaN())
	nz   = float32(math.Copysign(0, -1))
)

// vs builds a vertex shader writing output 0 from body.
func vs(body ...Stmt) *Shader {
	return &Shader{Stage: StageVertex, NumTemps: 4, NumITemps: 2, NumBTemps: 2,
		NumConstF: 8, NumConstI: 2, NumConstB: 2,
		Outputs: []Output{{Kind: OutPosition}}, Body: body}
}

func runV(t *testing.T, s *Shader, env *Env, in ...[4]float32) [4]float32 {
	t.Helper()
	m, err := NewMachine(s)
	if err != nil {
		t.Fatal(err)
	}
	out := make([][4]float32, len(s.Outputs))
	if err := m.RunVertex(env, in, out); err != nil {
		t.Fatal(err)
	}
	return out[0]
}

func same(a, b float32) bool {
	if a != a || b != b {
		return a != a && b != b
	}
	if math.IsInf(float64(a), 0) || a == 0 {
		return a == b && math.Signbit(float64(a)) == math.Signbit(float64(b))
	}
	return math.Abs(float64(a-b)) <= 1e-5*math.Max(1, math.Abs(float64(b)))
}

func check(t *testing.T, name string, got, want [4]float32) {
	t.Helper()
	for i := range got {
		if !same(got[i], want[i]) {
			t.Errorf("%s: got %v, want %v", name, got, want)
			return
		}
	}
}

func f4(v ...float32) [4]float32 {
	var r [4]float32
	for i := range r {
		r[i] = v[min(i, len(v)-1)]
	}
	return r
}

func imm(v ...float32) Src { x := f4(v...); return ImmF(x[0], x[1], x[2], x[3]) }

func TestALU(t *testing.T) {
	o := Out(0).D(0)
	legacy := func(in *Inst) *Inst { in.LegacyMul = true; return in }
	cases := []struct {
		name string
		in   *Inst
		want [4]float32
	}{
		{"add", Op(OpAdd, o, imm(1, 2, 3, 4), imm(10)), f4(11, 12, 13, 14)},
		{"sub", Op(OpSub, o, imm(1, 2, 3, 4), imm(1)), f4(0, 1, 2, 3)},
		{"mul", Op(OpMul, o, imm(1, 2, 3, 4), imm(2)), f4(2, 4, 6, 8)},
		{"mul 0*inf ieee", Op(OpMul, o, imm(0), imm(inf)), f4(nan)},
		{"mul 0*inf legacy", legacy(Op(OpMul, o, imm(0, 1, 0, -2), imm(inf, 2, nan, 0))), f4(0, 2, 0, 0)},
		{"mad", Op(OpMad, o, imm(1, 2, 3, 4), imm(2), imm(1)), f4(3, 5, 7, 9)},
		{"mad legacy", legacy(Op(OpMad, o, imm(0), imm(inf), imm(1))), f4(1)},
		{"dp2", Op(OpDp2, o, imm(1, 2, 3, 4), imm(1, 1, 1, 1)), f4(3)},
		{"dp3", Op(OpDp3, o, imm(1, 2, 3, 4), imm(1, 1, 1, 1)), f4(6)},
		{"dp4", Op(OpDp4, o, imm(1, 2, 3, 4), imm(1, 1, 1, 1)), f4(10)},
		{"dp3 legacy inf", legacy(Op(OpDp3, o, imm(0, 1, 1, 1), imm(inf, 2, 3, 4))), f4(5)},
		{"dp4 ieee inf", Op(OpDp4, o, imm(0, 1, 1, 1), imm(inf, 2, 3, 4)), f4(nan)},
		{"dp2add", Op(OpDp2Add, o, imm(1, 2, 9, 9), imm(3, 4, 9, 9), imm(5, 0, 0, 0)), f4(16)},
		{"min", Op(OpMin, o, imm(1, 5, -1, nan), imm(2, 3, -2, 7)), f4(1, 3, -2, 7)},
		{"max", Op(OpMax, o, imm(1, 5, -1, nan), imm(2, 3, -2, 7)), f4(2, 5, -1, 7)},
		{"frac", Op(OpFrac, o, imm(1.25, -0.25, 3, -1e-9)), f4(0.25, 0.75, 0, math.Float32frombits(0x3f7fffff))},
		{"floor", Op(OpFloor, o, imm(1.5, -1.5, 2, nz)), f4(1, -2, 2, nz)},
		{"ceil", Op(OpCeil, o, imm(1.5, -1.5, 2, 0)), f4(2, -1, 2, 0)},
		{"rcp", Op(OpRcp, o, imm(2, 0, nz, 1)), f4(0.5, inf, ninf, 1)},
		{"rsq abs", Op(OpRsq, o, imm(4, -4, 0, 0.25)), f4(0.5, 0.5, inf, 2)},
		{"exp2", Op(OpExp2, o, imm(3, -1, 0, ninf)), f4(8, 0.5, 1, 0)},
		{"log2 abs", Op(OpLog2, o, imm(8, -8, 0, 1)), f4(3, 3, ninf, 0)},
		{"pow abs base", Op(OpPow, o, imm(-2, 2, 0, 0), imm(2, 0.5, 0, -1)), f4(4, 1.4142135, 1, inf)},
		{"sin cos", Op(OpSin, o, imm(0, math.Pi/2)), f4(0, 1, 1, 1)},
		{"cos", Op(OpCos, o, imm(0, math.Pi)), f4(1, -1, -1, -1)},
		{"sqrt", Op(OpSqrt, o, imm(4, 9, 0, 2)), f4(2, 3, 0, 1.4142135)},
		{"sign", Op(OpSign, o, imm(3, -2, nz, nan)), f4(1, -1, nz, 0)},
		{"nrm", Op(OpNrm, o, imm(3, 0, 4, 10)), f4(0.6, 0, 0.8, 2)},
		{"nrm zero", Op(OpNrm, o, imm(0, 0, 0, 0)), f4(0)},
		{"nrm zero w", Op(OpNrm, o, imm(0, 0, 0, 2)), f4(0, 0, 0, inf)},
		{"sincos", Op(OpSinCos, o, imm(math.Pi/2)), f4(0, 1, 0, 0)},
		{"lit", Op(OpLit, o, imm(0.5, 0.5, 0, 2)), f4(1, 0.5, 0.25, 1)},
		{"lit back", Op(OpLit, o, imm(-0.5, 0.5, 0, 2)), f4(1, 0, 0, 1)},
		{"lit no spec", Op(OpLit, o, imm(0.5, -0.5, 0, 2)), f4(1, 0.5, 0, 1)},
		{"lit power clamp", Op(OpLit, o, imm(1, 0.5, 0, 200)), f4(1, 1, float32(math.Pow(0.5, 127.9961)), 1)},
		{"dst", Op(OpDst, o, imm(9, 2, 3, 9), imm(9, 4, 9, 5)), f4(1, 8, 3, 5)},
		{"cross", Op(OpCross, o, imm(1, 0, 0, 7), imm(0, 1, 0, 7)), f4(0, 0, 1, 0)},
		{"lrp", Op(OpLrp, o, imm(0.25), imm(4), imm(0)), f4(1)},
		{"cmp", Op(OpCmp, o, imm(0, -1, nz, 1), imm(1), imm(2)), f4(1, 2, 1, 1)},
		{"cnd", Op(OpCnd, o, imm(0.5, 0.6, 0, 1), imm(1), imm(2)), f4(2, 1, 2, 1)},
		{"div", Op(OpDiv, o, imm(1, 1, 0, 6), imm(2, 0, 0, 3)), f4(0.5, inf, nan, 2)},
		{"swizzle", Op(OpMov, o, imm(1, 2, 3, 4).Swz('w', 'z', 'y', 'x')), f4(4, 3, 2, 1)},
		{"neg abs", Op(OpMov, o, imm(1, -2, 3, -4).Absolute().Negate()), f4(-1, -2, -3, -4)},
		{"neg", Op(OpMov, o, imm(1, -2, 0, -4).Negate()), f4(-1, 2, nz, 4)},
		{"sat", &Inst{Op: OpMov, Dst: o, Src: []Src{imm(-1, 0.5, 2, nan)}, Clamp: ClampSat}, f4(0, 0.5, 1, 0)},
		{"ps1x clamp", &Inst{Op: OpMov, Dst: o, Src: []Src{imm(-9, 0.5, 9, 1)}, Clamp: ClampPS1x}, f4(-8, 0.5, 8, 1)},
		{"snorm clamp", &Inst{Op: OpMov, Dst: o, Src: []Src{imm(-9, 0.5, 9, nan)}, Clamp: ClampSnorm}, f4(-1, 0.5, 1, -1)},
		{"shift x2 then sat", &Inst{Op: OpMov, Dst: o, Src: []Src{imm(0.25, 0.75, -1, 0)}, Shift: 1, Clamp: ClampSat}, f4(0.5, 1, 0, 0)},
		{"shift d2", &Inst{Op: OpMov, Dst: o, Src: []Src{imm(1, 2, 3, 4)}, Shift: -1}, f4(0.5, 1, 1.5, 2)},
		{"mask", Op(OpMov, Out(0).D(MaskX|MaskZ), imm(1)), f4(1, 0, 1, 0)},
		{"const", Op(OpMov, o, ConstF(1).S()), f4(5, 6, 7, 8)},
		{"def shadows", Op(OpMov, o, ConstF(2).S()), f4(-1)},
		{"drawstate", Op(OpMov, o, DS(DSFogColor).S()), f4(0.1, 0.2, 0.3, 0.4)},
	}
	env := &Env{ConstF: [][4]float32{{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 9, 9, 9}, {}, {}, {}, {}, {3, 3, 3, 3}},
		DrawState: make([][4]float32, DSCount)}
	env.DrawState[DSFogColor] = f4(0.1, 0.2, 0.3, 0.4)
	for _, c := range cases {
		s := vs(c.in)
		s.NumConstF = 7
		s.PS1xMax = 8
		s.DefF = []DefF{{Index: 2, Value: f4(-1)}}
		check(t, c.name, runV(t, s, env), c.want)
	}
}

func TestConvertCompareBool(t *testing.T) {
	b, it := BTemp(0), ITemp(0)
	cases := []struct {
		name string
		body []Stmt
		want [4]float32
	}{
		{"lt b2f", []Stmt{Op(OpLt, b.D(0), imm(1, 2, 3, nan), imm(2)), Op(OpB2F, Out(0).D(0), b.S())}, f4(1, 0, 0, 0)},
		{"ge b2f", []Stmt{Op(OpGe, b.D(0), imm(1, 2, 3, nan), imm(2)), Op(OpB2F, Out(0).D(0), b.S())}, f4(0, 1, 1, 0)},
		{"eq ne", []Stmt{Op(OpEq, b.D(MaskXY), imm(1, 2, 0, 0), imm(1)), Op(OpNe, b.D(MaskZ|MaskW), imm(1, 2, 1, 2), imm(1)), Op(OpB2F, Out(0).D(0), b.S())}, f4(1, 0, 0, 1)},
		{"le gt", []Stmt{Op(OpLe, b.D(MaskXY), imm(1, 2, 0, 0), imm(1)), Op(OpGt, b.D(MaskZ|MaskW), imm(1, 2, 1, 2), imm(1)), Op(OpB2F, Out(0).D(0), b.S())}, f4(1, 0, 0, 1)},
		{"round", []Stmt{Op(OpF2IRound, it.D(0), imm(-1.5, 2.5, 0.49, -0.5)), Op(OpI2F, Out(0).D(0), it.S())}, f4(-2, 3, 0, -1)},
		{"floor", []Stmt{Op(OpF2IFloor, it.D(0), imm(-1.5, 2.5, 0.49, -0.5)), Op(OpI2F, Out(0).D(0), it.S())}, f4(-2, 2, 0, -1)},
		{"iadd neg", []Stmt{Op(OpIAdd, it.D(0), ImmI(1, 2, 3, 4), ImmI(1, 1, 1, 1).Negate()), Op(OpI2F, Out(0).D(0), it.S())}, f4(0, 1, 2, 3)},
		{"select", []Stmt{Op(OpSelect, Out(0).D(0), ImmB(true, false, true, false), imm(1), imm(2))}, f4(1, 2, 1, 2)},
		{"not and or", []Stmt{
			Op(OpAnd, b.D(MaskX), ImmB(true, true, true, true), ImmB(false, true, true, true)),
			Op(OpOr, b.D(MaskY), ImmB(true, false, true, true), ImmB(false, true, true, true)),
			Op(OpNot, b.D(MaskZ), ImmB(true, true, false, true)),
			Op(OpB2F, Out(0).D(0), b.S())}, f4(0, 1, 1, 0)},
		{"any all", []Stmt{
			Op(OpAny, b.D(MaskX), ImmB(false, false, true, false)),
			Op(OpAll, b.D(MaskY), ImmB(true, true, false, true)),
			Op(OpAll, b.D(MaskZ), ImmB(true, true, true, true)),
			Op(OpB2F, Out(0).D(0), b.S())}, f4(1, 0, 1, 0)},
		{"predicate", []Stmt{
			Op(OpMov, Out(0).D(0), imm(1)),
			Op(OpLt, b.D(0), imm(0, 5, 0, 5), imm(1)),
			&Inst{Op: OpMov, Dst: Out(0).D(0), Src: []Src{imm(7)}, Pred: ptr(b.S())}}, f4(7, 1, 7, 1)},
		{"predicate not swizzled", []Stmt{
			Op(OpMov, Out(0).D(0), imm(1)),
			Op(OpLt, b.D(0), imm(0, 5, 5, 5), imm(1)),
			&Inst{Op: OpMov, Dst: Out(0).D(MaskXYZ), Src: []Src{imm(7)}, Pred: ptr(b.S().Swz('x').Negate())}}, f4(1, 1, 1, 1)},
	}
	for _, c := range cases {
		check(t, c.name, runV(t, vs(c.body...), nil), c.want)
	}
}

func ptr[T any](v T) *T { return &v }

func TestRelative(t *testing.T) {
	a := ITemp(0)
	env := &Env{ConstF: [][4]float32{f4(0), f4(1), f4(2), f4(3), f4(4), f4(5), f4(6), f4(7)}}
	for _, c := range []struct {
		idx  float32
		want float32
	}{{0, 2}, {3, 5}, {-2, 0}, {-3, 0}, {5, 7}, {6, 0}, {2, -1}} {
		s := vs(
			Op(OpF2IRound, a.D(MaskX), imm(c.idx)),
			Op(OpMov, Out(0).D(0), ConstF(2).Relative(a, 0).S()))
		s.DefF = []DefF{{Index: 4, Value: f4(-1)}}
		check(t, "relative", runV(t, s, env), f4(c.want))
	}
	// relative output write out of range is dropped
	s := vs(Op(OpMov, Out(0).D(0), imm(1)),
		Op(OpF2IRound, a.D(MaskX), imm(1)),
		Op(OpMov, Out(0).Relative(a, 0).D(0), imm(9)))
	check(t, "relative write dropped", runV(t, s, nil), f4(1))
}

func TestControlFlow(t *testing.T) {
	r, aL, b := Temp(0), ITemp(0), BTemp(0)
	o := Out(0)
	env := &Env{ConstI: [][4]int32{{4, 2, 3, 0}, {300, 0, 1, 0}}, ConstB: []bool{false, true}}
	cases := []struct {
		name string
		body []Stmt
		want [4]float32
		subs [][]Stmt
	}{
		{"if else", []Stmt{&If{Cond: ConstB(1).S(), Then: []Stmt{Op(OpMov, o.D(MaskX), imm(1))}, Else: []Stmt{Op(OpMov, o.D(MaskX), imm(2))}},
			&If{Cond: ConstB(0).S(), Then: []Stmt{Op(OpMov, o.D(MaskY), imm(1))}, Else: []Stmt{Op(OpMov, o.D(MaskY), imm(2))}},
			&If{Cond: ConstB(0).S().Negate(), Then: []Stmt{Op(OpMov, o.D(MaskZ), imm(3))}}}, f4(1, 2, 3, 0), nil},
		// loop aL, i0 = (4, 2, 3): aL = 2, 5, 8, 11; sum = 26
		{"loop aL", []Stmt{&Loop{Count: ConstI(0).S(), Counter: aL, Init: ConstI(0).S().Swz('y'), Step: ConstI(0).S().Swz('z'), Body: []Stmt{
			Op(OpI2F, r.D(0), aL.S().Swz('x')), Op(OpAdd, o.D(MaskX), o.S(), r.S())}}}, f4(26, 0, 0, 0), nil},
		// rep with count 300 is clamped to 255
		{"rep clamp", []Stmt{&Loop{Count: ConstI(1).S(), Body: []Stmt{Op(OpAdd, o.D(MaskX), o.S(), imm(1))}}}, f4(255, 0, 0, 0), nil},
		{"rep zero", []Stmt{&Loop{Count: ImmI(0, 0, 0, 0), Body: []Stmt{Op(OpAdd, o.D(MaskX), o.S(), imm(1))}}}, f4(0), nil},
		{"break", []Stmt{&Loop{Count: ImmI(10, 0, 0, 0), Body: []Stmt{
			Op(OpAdd, o.D(MaskX), o.S(), imm(1)),
			Op(OpGe, b.D(MaskX), o.S(), imm(3)),
			&Break{Cond: ptr(b.S())},
			Op(OpAdd, o.D(MaskY), o.S(), imm(1))}}}, f4(3, 2, 0, 0), nil},
		{"unconditional break", []Stmt{&Loop{Count: ImmI(10, 0, 0, 0), Body: []Stmt{Op(OpAdd, o.D(MaskX), o.S(), imm(1)), &Break{}}}}, f4(1, 0, 0, 0), nil},
		{"nested loops", []Stmt{&Loop{Count: ImmI(3, 0, 0, 0), Body: []Stmt{&Loop{Count: ImmI(4, 0, 0, 0), Body: []Stmt{Op(OpAdd, o.D(MaskX), o.S(), imm(1))}}}}}, f4(12, 0, 0, 0), nil},
		{"call return", []Stmt{&Call{Sub: 0}, Op(OpAdd, o.D(MaskY), o.S(), imm(1))},
			f4(5, 1, 0, 0), [][]Stmt{{Op(OpMov, o.D(MaskX), imm(5)), &Return{}, Op(OpMov, o.D(MaskX), imm(6))}}},
		{"return in loop in sub", []Stmt{&Call{Sub: 0}, Op(OpAdd, o.D(MaskY), o.S(), imm(1))},
			f4(1, 1, 0, 0), [][]Stmt{{&Loop{Count: ImmI(5, 0, 0, 0), Body: []Stmt{Op(OpAdd, o.D(MaskX), o.S(), imm(1)), &Return{}}}, Op(OpMov, o.D(MaskZ), imm(6))}}},
		{"main return", []Stmt{Op(OpMov, o.D(MaskX), imm(1)), &Return{}, Op(OpMov, o.D(MaskX), imm(2))}, f4(1, 0, 0, 0), nil},
	}
	for _, c := range cases {
		s := vs(c.body...)
		s.Subs = c.subs
		check(t, c.name, runV(t, s, env), c.want)
	}
}

// quad runs a pixel shader with per-lane inputs and returns outputs.
func quad(t *testing.T, s *Shader, env *Env, in [][4][4]float32) ([][4][4]float32, uint8) {
	t.Helper()
	m, err := NewMachine(s)
	if err != nil {
		t.Fatal(err)
	}
	out := make([][4][4]float32, len(s.Outputs))
	k, err := m.RunQuad(env, in, out)
	if err != nil {
		t.Fatal(err)
	}
	return out, k
}

func ps(body ...Stmt) *Shader {
	return &Shader{Stage: StagePixel, NumTemps: 4, NumBTemps: 2,
		Inputs:  []Input{{Usage: UsageTexCoord}},
		Outputs: []Output{{Kind: OutColor}}, Body: body}
}

// lanes gives input values x + 10*lane... : lane l = (x0+dx*(l&1)+dy*(l>>1)).
func ramp(base, dx, dy [4]float32) [4][4]float32 {
	var r [4][4]float32
	for l := 0; l < 4; l++ {
		for c := 0; c < 4; c++ {
			r[l][c] = base[c] + dx[c]*float32(l&1) + dy[c]*float32(l>>1)
		}
	}
	return r
}

func TestDerivativesAndDivergence(t *testing.T) {
	o, b := Out(0), BTemp(0)
	in := [][4][4]float32{ramp(f4(1, 2, 3, 4), f4(0.5, 0, 1, 0), f4(0, 2, 0, -1))}
	s := ps(Op(OpDdx, Temp(0).D(0), In(0).S()), Op(OpDdy, Temp(1).D(0), In(0).S()),
		Op(OpAdd, o.D(0), Temp(0).S(), Temp(1).S()))
	out, _ := quad(t, s, nil, in)
	for l := 0; l < 4; l++ {
		check(t, "ddx+ddy", out[0][l], f4(0.5, 2, 1, -1))
	}
	// Divergent if: lanes with x >= 1.5 (lanes 1, 3) take the then branch;
	// a derivative inside still sees all lanes; discard kills lanes 0, 2.
	s = ps(
		Op(OpGe, b.D(MaskX), In(0).S().Swz('x'), imm(1.5)),
		&If{Cond: b.S(), Then: []Stmt{Op(OpDdx, o.D(0), In(0).S())}, Else: []Stmt{Op(OpMov, o.D(0), imm(9)), &Discard{}}},
	)
	out, k := quad(t, s, nil, in)
	if k != 0b0101 {
		t.Errorf("killed = %04b", k)
	}
	check(t, "lane0", out[0][0], f4(9))
	check(t, "lane1", out[0][1], f4(0.5, 0, 1, 0))
	check(t, "lane2", out[0][2], f4(9))
	check(t, "lane3", out[0][3], f4(0.5, 0, 1, 0))
	// texkill-style: any(xyz < 0)
	in2 := [][4][4]float32{{f4(1, 1, 1, -1), f4(1, -1, 1, 1), f4(1, 1, 1, 1), f4(0, 0, -0.1, 5)}}
	s = ps(Op(OpLt, b.D(0), In(0).S().Swz('x', 'y', 'z', 'z'), imm(0)), Op(OpAny, b.D(MaskX), b.S()), &Discard{Cond: ptr(b.S())})
	_, k = quad(t, s, nil, in2)
	if k != 0b1010 {
		t.Errorf("texkill killed = %04b", k)
	}
}

type recTex struct {
	req TexRequest
}

func (r *recTex) Sample(req *TexRequest, out *[4][4]float32) {
	r.req = *req
	for l := 0; l < req.Lanes; l++ {
		out[l] = req.Coord[l]
		out[l][3] = req.LodBias[l] + float32(req.Kind)*100
	}
}

func TestTexture(t *testing.T) {
	o := Out(0)
	in := [][4][4]float32{ramp(f4(2, 4, 6, 2), f4(2, 0, 0, 0), f4(0, 2, 0, 0))}
	tx := &recTex{}
	env := &Env{Textures: tx}
	s := ps(Tex(o.D(0), 0, TexImplicit, In(0).S()))
	s.Samplers = []SamplerDecl{{Index: 0, Kind: Sampler2D}}
	out, _ := quad(t, s, env, in)
	check(t, "implicit", out[0][3], f4(4, 6, 6, 100))
	check(t, "implicit ddx", tx.req.Ddx[0], f4(2, 0, 0, 0))
	check(t, "implicit ddy", tx.req.Ddy[3], f4(0, 2, 0, 0))

	// projected: coordinate divided by w; derivatives of the projected coordinate
	p := Tex(o.D(0), 3, TexImplicit, In(0).S())
	p.Project = true
	s = ps(p)
	s.Samplers = []SamplerDecl{{Index: 3, Kind: SamplerShadow2D}}
	out, _ = quad(t, s, env, in)
	check(t, "projected", out[0][0], f4(1, 2, 3, 400))
	check(t, "projected ddx", tx.req.Ddx[0], f4(1, 0, 0, 0))
	check(t, "shadow ref", tx.req.Ref, f4(3))
	if tx.req.Mode != TexImplicit || tx.req.Sampler != 3 {
		t.Errorf("request %+v", tx.req)
	}
	// sampler-level projection and explicit LOD; grad passes gradients
	s = ps(Tex(o.D(0), 1, TexLod, In(0).S(), imm(3)))
	s.Samplers = []SamplerDecl{{Index: 1, Kind: Sampler3D, Projected: true}}
	out, _ = quad(t, s, env, in)
	check(t, "lod", out[0][0], f4(1, 2, 3, 303))
	s = ps(Tex(o.D(0), 0, TexGrad, In(0).S(), imm(1, 2, 3, 4), imm(5, 6, 7, 8)))
	s.Samplers = []SamplerDecl{{Index: 0, Kind: SamplerCube}}
	quad(t, s, env, in)
	check(t, "grad ddy", tx.req.Ddy[2], f4(5, 6, 7, 8))
	// shadow bias is dropped
	s = ps(Tex(o.D(0), 3, TexBias, In(0).S(), imm(0.5)))
	s.Samplers = []SamplerDecl{{Index: 3, Kind: SamplerShadow2D}}
	quad(t, s, env, in)
	if tx.req.Mode != TexImplicit || tx.req.LodBias[0] != 0 {
		t.Errorf("shadow bias request %+v", tx.req)
	}
	// vertex stage: gradients become LOD 0
	v := vs(Tex(Out(0).D(0), 0, TexGrad, imm(1, 2, 3, 4), imm(1, 1, 1, 1), imm(1, 1, 1, 1)))
	v.Samplers = []SamplerDecl{{Index: 0, Kind: Sampler2D}}
	runV(t, v, env)
	if tx.req.Mode != TexLod || tx.req.Ddx[0][0] != 0 {
		t.Errorf("vertex grad request %+v", tx.req)
	}
	// vertex stage: implicit becomes LOD 0
	v = vs(Tex(Out(0).D(0), 0, TexImplicit, imm(1, 2, 3, 4)))
	v.Samplers = []SamplerDecl{{Index: 0, Kind: Sampler2D}}
	check(t, "vertex tex", runV(t, v, env), f4(1, 2, 3, 100))
	if tx.req.Mode != TexLod || tx.req.Lanes != 1 {
		t.Errorf("vertex request %+v", tx.req)
	}
}

func TestVariantPixel(t *testing.T) {
	env := &Env{DrawState: make([][4]float32, DSCount)}
	env.DrawState[DSFog] = f4(0, 1, 2, 1)
	env.DrawState[DSFogColor] = f4(1, 0, 0, 0)
	env.DrawState[DSAlphaRef] = f4(0.5, 128)
	base := ps(Op(OpMov, Out(0).D(0), In(0).S()))
	base.Inputs = []Input{{Usage: UsageColor}}
	col := [4][4]float32{f4(0, 1, 0, 0.25), f4(0, 1, 0, 0.5), f4(0, 1, 0, 0.75), f4(0, 1, 0, 1)}

	// table linear fog with depth 0.25: f = (1 - 0.25)/1 = 0.75
	s := ApplyVariant(base, VariantKey{FogMode: FogLinear, FogTable: true})
	if s.Inputs[1].Sys != SysPosition || len(base.Inputs) != 1 {
		t.Fatalf("fog inputs %+v", s.Inputs)
	}
	pos := [4][4]float32{f4(0.5, 0.5, 0.25, 1), f4(1.5, 0.5, 0.25, 1), f4(0.5, 1.5, 0.25, 1), f4(1.5, 1.5, 0.25, 1)}
	out, _ := quad(t, s, env, [][4][4]float32{col, pos})
	check(t, "linear fog", out[0][0], f4(0.25, 0.75, 0, 0.25))
	// exp fog: f = e^-(0.25*2)
	s = ApplyVariant(base, VariantKey{FogMode: FogExp, FogTable: true})
	out, _ = quad(t, s, env, [][4][4]float32{col, pos})
	f := float32(math.Exp(-0.5))
	check(t, "exp fog", out[0][0], f4(1-f, f, 0, 0.25))
	s = ApplyVariant(base, VariantKey{FogMode: FogExp2, FogTable: true})
	out, _ = quad(t, s, env, [][4][4]float32{col, pos})
	f = float32(math.Exp(-0.25))
	check(t, "exp2 fog", out[0][0], f4(1-f, f, 0, 0.25))
	// table fog from a distance in the fog varying (a fixed-function
	// vertex stage): linear with d = 0.5 gives f = 0.5
	s = ApplyVariant(base, VariantKey{FogMode: FogLinear, FogTable: true, FogDistance: true})
	if s.Inputs[1].Usage != UsageFog || s.Inputs[1].Sys != SysNone {
		t.Fatalf("fog distance inputs %+v", s.Inputs)
	}
	out, _ = quad(t, s, env, [][4][4]float32{col, {f4(0.5), f4(0.5), f4(0.5), f4(0.5)}})
	check(t, "linear fog from the varying", out[0][0], f4(0.5, 0.5, 0, 0.25))
	// vertex fog: the fog varying is the factor (saturated)
	s = ApplyVariant(base, VariantKey{FogMode: FogLinear})
	fog := [4][4]float32{f4(0.5), f4(2), f4(-1), f4(0)}
	out, _ = quad(t, s, env, [][4][4]float32{col, fog})
	check(t, "vertex fog lane0", out[0][0], f4(0.5, 0.5, 0, 0.25))
	check(t, "vertex fog lane1", out[0][1], f4(0, 1, 0, 0.5))
	check(t, "vertex fog lane2", out[0][2], f4(1, 0, 0, 0.75))
	// an unlinked fog varying reads 0: full fog, whatever the lane's input
	s = ApplyVariant(base, VariantKey{FogMode: FogLinear, Linked: true, VSOutputs: [4]uint64{1 << 16}})
	out, _ = quad(t, s, env, [][4][4]float32{col, fog})
	check(t, "unlinked fog", out[0][0], f4(1, 0, 0, 0.25))

	// alpha test greater-equal 0.5 kills lane 0
	for _, c := range []struct {
		f    CmpFunc
		kill uint8
	}{{CmpGreaterEqual, 0b0001}, {CmpLess, 0b1110}, {CmpEqual, 0b1101}, {CmpNever, 0b1111}, {CmpAlways, 0}, {CmpOff, 0}, {CmpNotEqual, 0b0010}, {CmpGreater, 0b0011}, {CmpLessEqual, 0b1100}} {
		s = ApplyVariant(base, VariantKey{AlphaFunc: c.f})
		_, k := quad(t, s, env, [][4][4]float32{col})
		if k != c.kill {
			t.Errorf("alpha func %d: killed %04b, want %04b", c.f, k, c.kill)
		}
	}
	// sRGB write: 0.0031308 -> *12.92; 0.5 -> 0.735357; alpha untouched
	s = ApplyVariant(base, VariantKey{SRGBWrite: true})
	out, _ = quad(t, s, env, [][4][4]float32{{f4(0.002, 0.5, 1, 0.5), f4(2, -1, 0.214, 0.3)}})
	check(t, "srgb", out[0][0], f4(0.002*12.92, 0.7353569, 1, 0.5))
	check(t, "srgb clamp", out[0][1], f4(1, 0, float32(1.055*math.Pow(0.214, 1/2.4)-0.055), 0.3))

	// point sprite and flat shading change inputs; linking defaults
	b2 := ps(Op(OpMov, Out(0).D(0), In(0).S()))
	b2.Inputs = []Input{{Usage: UsageTexCoord, UsageIndex: 2}, {Usage: UsageColor}, {Usage: UsageNormal}}
	s = ApplyVariant(b2, VariantKey{PointSprite: true, FlatShade: true})
	if s.Inputs[0].Sys != SysPointCoord || s.Inputs[1].Interp != InterpFlat || s.Inputs[2].Sys != SysNone {
		t.Errorf("inputs %+v", s.Inputs)
	}
	k := VariantKey{Linked: true}
	k.SetVSOutput(VaryingSlot(UsageColor, 0))
	s = ApplyVariant(b2, k)
	if s.Inputs[0].Sys != SysDefault || s.Inputs[1].Sys != SysNone || s.Inputs[2].Sys != SysDefault {
		t.Errorf("linked inputs %+v", s.Inputs)
	}
	out, _ = quad(t, s, env, [][4][4]float32{col, col, col})
	check(t, "default input", out[0][0], f4(0))
}

func TestVariantVertex(t *testing.T) {
	env := &Env{DrawState: make([][4]float32, DSCount)}
	// the viewport fit scales x by 2 and y by 0.5, then offsets per unit w
	env.DrawState[DSHalfPixel] = f4(0.01, -0.02, 2, 0.5)
	env.DrawState[DSPointSize] = f4(4, 1, 3)
	env.DrawState[DSClipPlane0+1] = f4(1, 0, 0, 0)
	env.DrawState[DSClipPlane0+3] = f4(0, 0, 0, 2)
	base := vs(Op(OpMov, Out(0).D(0), imm(0.5, 0.5, 0.5, 2)))
	s := ApplyVariant(base, VariantKey{HalfPixel: true, PointSize: true, ClipPlanes: 0b1010})
	m, err := NewMachine(s)
	if err != nil {
		t.Fatal(err)
	}
	out := make([][4]float32, len(s.Outputs))
	if err := m.RunVertex(env, nil, out); err != nil {
		t.Fatal(err)
	}
	check(t, "half pixel", out[0], f4(1.02, 0.21, 0.5, 2))
	if len(s.Outputs) != 4 || s.Outputs[1].Kind != OutClipDist || s.Outputs[3].Kind != OutPointSize {
		t.Fatalf("outputs %+v", s.Outputs)
	}
	check(t, "clip 1", f4(out[1][0]), f4(0.5))
	check(t, "clip 3", f4(out[2][0]), f4(4))
	check(t, "point size clamped", f4(out[3][0]), f4(3))

	// a main-body return still runs the epilogue
	base = vs(Op(OpMov, Out(0).D(0), imm(0.5, 0.5, 0.5, 2)), &Return{}, Op(OpMov, Out(0).D(0), imm(9)))
	s = ApplyVariant(base, VariantKey{HalfPixel: true})
	check(t, "return then half pixel", runV(t, s, env), f4(1.02, 0.21, 0.5, 2))
}
