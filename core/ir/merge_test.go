package ir_test

import (
	"math/rand/v2"
	"testing"

	"mtld3d/core/ir"
	"mtld3d/core/ir/irtest"
)

// Adjacent instructions that apply one operation to the same operands
// for disjoint components of one register join into one; anything that
// would change what the second reads or computes keeps them apart.
func TestMergeSplits(t *testing.T) {
	r0, r1, v0, c0 := ir.Temp(0), ir.Temp(1), ir.In(0), ir.ConstF(0)
	xyz, w := ir.MaskXYZ, ir.MaskW
	mul := func(d ir.Dst, a, b ir.Src) *ir.Inst {
		return &ir.Inst{Op: ir.OpMul, Dst: d, Src: []ir.Src{a, b}, Clamp: ir.ClampSat}
	}
	for _, c := range []struct {
		name string
		a, b *ir.Inst
		want int
	}{
		{"colour and alpha", mul(r1.D(xyz), r0.S(), v0.S()), mul(r1.D(w), r0.S().Swz('w'), v0.S().Swz('w')), 1},
		{"overlapping masks", mul(r1.D(xyz), r0.S(), v0.S()), mul(r1.D(ir.MaskXYZW), r0.S(), v0.S()), 2},
		{"another destination", mul(r1.D(xyz), r0.S(), v0.S()), mul(r0.D(w), r0.S(), v0.S()), 2},
		{"the second reads the first's result", mul(r1.D(xyz), r0.S(), v0.S()), mul(r1.D(w), r1.S(), v0.S()), 2},
		{"another operand", mul(r1.D(xyz), r0.S(), v0.S()), mul(r1.D(w), r0.S(), c0.S()), 2},
		{"another modifier", mul(r1.D(xyz), r0.S(), v0.S()), &ir.Inst{Op: ir.OpMul, Dst: r1.D(w), Src: []ir.Src{r0.S(), v0.S()}}, 2},
		{"another operation", mul(r1.D(xyz), r0.S(), v0.S()), &ir.Inst{Op: ir.OpAdd, Dst: r1.D(w), Src: []ir.Src{r0.S(), v0.S()}, Clamp: ir.ClampSat}, 2},
	} {
		got := ir.MergeSplits([]ir.Stmt{c.a, c.b})
		if len(got) != c.want {
			t.Errorf("%s: %d instructions, want %d", c.name, len(got), c.want)
			continue
		}
		if c.want == 1 {
			m := got[0].(*ir.Inst)
			if m.Dst.Mask != ir.MaskXYZW || m.Src[0].Swizzle != ir.Identity || m.Src[1].Swizzle != ir.Identity {
				t.Errorf("%s: joined into %v", c.name, m)
			}
		}
	}
	// Inside an if's blocks too.
	body := ir.MergeSplits([]ir.Stmt{&ir.If{Cond: ir.ImmB(true, true, true, true),
		Then: []ir.Stmt{mul(r1.D(xyz), r0.S(), v0.S()), mul(r1.D(w), r0.S(), v0.S())}}})
	if n := len(body[0].(*ir.If).Then); n != 1 {
		t.Errorf("in an if: %d instructions, want 1", n)
	}
	// irtest's straight-line shaders have such pairs (and
	// TestOptimizedMatchesInterpreter holds the joined ones to the
	// interpreter's bits).
	rnd := rand.New(rand.NewPCG(3, 4))
	joined := 0
	for i := 0; i < 200; i++ {
		s := irtest.RandomShaderWith(rnd, ir.Stage(i%2), irtest.Options{Straight: true, Statements: 16})
		if len(ir.MergeSplits(s.Body)) < len(s.Body) {
			joined++
		}
	}
	if joined < 20 {
		t.Errorf("%d of 200 straight-line shaders had a pair joined, want 20 or more", joined)
	}
}
