package ir_test

import (
	"math/rand/v2"
	"testing"

	"mtld3d/core/ff"
	"mtld3d/core/ir"
	"mtld3d/core/ir/irtest"
	"mtld3d/types"
)

// The fixed-function pixel shader of a modulated texture stage clears a
// temporary it never reads and moves its result through a second one:
// Compile runs four of its six instructions. (That the results stay the
// same bits, irtest's TestOptimizedMatchesInterpreter checks.)
func TestOptimizeFixedFunctionPixel(t *testing.T) {
	s := ff.DefaultState()
	s.Textures[0] = ir.Sampler2D
	s.TSS[0][types.D3DTSS_COLOROP] = uint32(types.D3DTOP_MODULATE)
	s.TSS[0][types.D3DTSS_ALPHAOP] = uint32(types.D3DTOP_MODULATE)
	s.Decl = ff.DeclFromFVF(types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE | types.D3DFVF_TEX1)
	ps := ff.PixelShader(ff.PixelKeyOf(&s))
	got := ir.Optimized(ps)
	if len(ps.Body) != 6 || len(got) != 4 {
		t.Fatalf("%d statements run of %d, want 4 of 6:\n%s", len(got), len(ps.Body), ir.Format(ps))
	}
	last := got[3].(*ir.Inst)
	if last.Op != ir.OpMov || last.Dst.Reg.File != ir.RegOutput || last.Src[0].Reg != ir.Temp(3) {
		t.Errorf("last instruction %+v, want mov o0, r3", last)
	}
}

// Shaders with control flow, subroutines or relative addressing run as
// written; most long straight-line ones lose something.
func TestOptimizeScope(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	shortened := 0
	for i := 0; i < 200; i++ {
		s := irtest.RandomShaderWith(r, ir.Stage(i%2), irtest.Options{Straight: true, Statements: 16})
		if len(ir.Optimized(s)) < len(s.Body) {
			shortened++
		}
	}
	t.Logf("%d of 200 shortened", shortened)
	if shortened < 100 {
		t.Errorf("%d of 200 straight-line shaders shortened, want most", shortened)
	}
	s := &ir.Shader{Stage: ir.StagePixel, NumTemps: 2, Outputs: []ir.Output{{Kind: ir.OutColor}},
		Body: []ir.Stmt{
			&ir.Inst{Op: ir.OpMov, Dst: ir.Temp(1).D(ir.MaskXYZW), Src: []ir.Src{ir.Temp(0).S()}},
			&ir.If{Cond: ir.ImmB(true, true, true, true)},
		}}
	if got := ir.Optimized(s); len(got) != 2 {
		t.Errorf("a shader with an if: %d statements, want both", len(got))
	}
}
