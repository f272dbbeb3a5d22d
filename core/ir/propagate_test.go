package ir_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"mtld3d/core/ff"
	"mtld3d/core/ir"
	"mtld3d/core/ir/irtest"
	"mtld3d/types"
)

// The lit fixed-function vertex shader of one directional light (the
// frame benchmarks' many scene) clears accumulators, moves the light's
// direction and a factor of 1 through temporaries and multiplies by it:
// Compile reads the constants and immediates in their place, and the
// moves go.
func TestOptimizeFixedFunctionVertex(t *testing.T) {
	s := ff.DefaultState()
	s.RS[types.D3DRS_LIGHTING] = 1
	s.Lights[0] = types.D3DLIGHT_DIRECTIONAL
	s.Decl = ff.DeclFromFVF(types.D3DFVF_XYZ | types.D3DFVF_NORMAL | types.D3DFVF_TEX1)
	vs := ff.VertexShader(ff.VertexKeyOf(&s))
	got := ir.Optimized(vs)
	if len(got) != 24 {
		t.Errorf("%d statements run of %d, want 24:\n%s", len(got), len(vs.Body), ir.Format(vs))
	}
	for _, st := range got {
		in := st.(*ir.Inst)
		if in.Op == ir.OpMov && in.Dst.Reg.File == ir.RegTemp {
			t.Errorf("%v left", in)
		}
		if in.Op == ir.OpMul && len(in.Src) == 2 && in.Src[1].Reg.File == ir.RegImm && in.Src[1].Imm[0] == math.Float32bits(1) {
			t.Errorf("%v left", in)
		}
	}
}

// Shaders that move immediates (the special values among them: -0, 1,
// NaN, infinities) and constants through temporaries and compute on
// them: the compiled code, which reads the known values in place, folds
// what is all immediates and drops multiplies by 1, gives the
// interpreter's bits.
func TestPropagateMatchesInterpreter(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	specials := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0.5, float32(math.Inf(1)), float32(math.NaN()), 3}
	val := func() float32 { return specials[r.IntN(len(specials))] }
	ops := []ir.Opcode{ir.OpMov, ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpMad, ir.OpMin, ir.OpMax, ir.OpDp3, ir.OpDp4, ir.OpRcp, ir.OpLit, ir.OpCmp, ir.OpLrp}
	shortened := 0
	for i := 0; i < 2000; i++ {
		s := &ir.Shader{Stage: ir.StageVertex, NumTemps: 4, NumConstF: 4,
			Inputs:  []ir.Input{{Usage: ir.UsagePosition}},
			Outputs: []ir.Output{{Kind: ir.OutPosition}, {Kind: ir.OutVarying, Usage: ir.UsageTexCoord}}}
		src := func() ir.Src {
			var x ir.Src
			switch r.IntN(5) {
			case 0:
				x = ir.ImmF(val(), val(), val(), val())
			case 1:
				x = ir.ImmF1(1)
			case 2:
				x = ir.ConstF(r.IntN(4)).S()
			case 3:
				x = ir.In(0).S()
			default:
				x = ir.Temp(r.IntN(4)).S()
			}
			if r.IntN(2) == 0 {
				x.Swizzle = ir.Swizzle{uint8(r.IntN(4)), uint8(r.IntN(4)), uint8(r.IntN(4)), uint8(r.IntN(4))}
			}
			x.Neg = r.IntN(5) == 0
			x.Abs = r.IntN(7) == 0
			return x
		}
		for k := 0; k < 4+r.IntN(12); k++ {
			op := ops[r.IntN(len(ops))]
			n := 2
			switch op {
			case ir.OpMov, ir.OpRcp, ir.OpLit:
				n = 1
			case ir.OpMad, ir.OpCmp, ir.OpLrp:
				n = 3
			}
			in := &ir.Inst{Op: op, Dst: ir.Temp(r.IntN(4)).D(ir.Mask(1 + r.IntN(15))), LegacyMul: r.IntN(3) == 0}
			if r.IntN(4) == 0 {
				in.Dst.Reg = ir.Out(r.IntN(2))
			}
			if r.IntN(6) == 0 {
				in.Clamp = ir.ClampSat
			}
			for j := 0; j < n; j++ {
				in.Src = append(in.Src, src())
			}
			s.Body = append(s.Body, in)
		}
		for o := 0; o < 2; o++ {
			s.Body = append(s.Body, ir.Op(ir.OpMov, ir.Out(o).D(ir.Mask(1+r.IntN(15))), ir.Temp(r.IntN(4)).S()))
		}
		env := irtest.RandomEnv(r)
		for c := range 4 {
			env.ConstF[c] = [4]float32{val(), val(), val(), val()}
		}
		if err := irtest.SameResults(s, env, r); err != nil {
			t.Fatalf("shader %d: %v\n%s", i, err, ir.Format(s))
		}
		if len(ir.Optimized(s)) < len(s.Body) {
			shortened++
		}
	}
	t.Logf("%d of 2000 shortened", shortened)
}
