package ir_test

import (
	"math/rand/v2"
	"testing"

	"mtld3d/core/ir"
	"mtld3d/core/ir/irtest"
)

// Matrix transforms whose rows are constants of every kind (read from
// the environment, def'd, past the environment's end, swizzled, negated,
// absolute) run fused (fuse.go) with the interpreter's bits, legacy
// multiplies included.
func TestTransformMatchesInterpreter(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	for i := 0; i < 500; i++ {
		s := &ir.Shader{Stage: ir.StageVertex, NumTemps: 2, NumConstF: 6,
			DefF:    []ir.DefF{{Index: 2, Value: [4]float32{1.5, -2, 0, 3}}},
			Inputs:  []ir.Input{{Usage: ir.UsagePosition}},
			Outputs: []ir.Output{{Kind: ir.OutPosition}, {Kind: ir.OutVarying, Usage: ir.UsageTexCoord}}}
		op := ir.OpDp4
		if r.IntN(2) == 0 {
			op = ir.OpDp3
		}
		lm := r.IntN(2) == 0
		dst := ir.Temp(0)
		if r.IntN(2) == 0 {
			dst = ir.Out(1)
		}
		n := 2 + r.IntN(3)
		perm := r.Perm(4)
		for k := 0; k < n; k++ {
			row := ir.ConstF(r.IntN(6)).S()
			row.Swizzle = ir.Swizzle{uint8(r.IntN(4)), uint8(r.IntN(4)), uint8(r.IntN(4)), uint8(r.IntN(4))}
			row.Neg, row.Abs = r.IntN(3) == 0, r.IntN(4) == 0
			s.Body = append(s.Body, &ir.Inst{Op: op, Dst: dst.D(ir.Mask(1 << perm[k])), Src: []ir.Src{ir.In(0).S(), row}, LegacyMul: lm})
		}
		s.Body = append(s.Body, ir.Op(ir.OpMov, ir.Out(0).D(ir.MaskXYZW), ir.Temp(0).S()))
		if n := ir.DotGroup(s.Body); n != len(s.Body)-1 {
			t.Fatalf("shader %d: a group of %d", i, n)
		}
		env := irtest.RandomEnv(r)
		if r.IntN(3) == 0 {
			env.ConstF = env.ConstF[:r.IntN(6)]
		}
		if err := irtest.SameResults(s, env, r); err != nil {
			t.Fatalf("shader %d: %v\n%s", i, err, ir.Format(s))
		}
	}
}
