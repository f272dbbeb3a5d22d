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
// temporary it never reads, modulates colour and alpha in two
// instructions and moves the result through two temporaries: Compile
// runs two of its six instructions, the sample and one mul_sat into the
// output. (That the results stay the same bits, irtest's
// TestOptimizedMatchesInterpreter checks.)
func TestOptimizeFixedFunctionPixel(t *testing.T) {
	s := ff.DefaultState()
	s.Textures[0] = ir.Sampler2D
	s.TSS[0][types.D3DTSS_COLOROP] = uint32(types.D3DTOP_MODULATE)
	s.TSS[0][types.D3DTSS_ALPHAOP] = uint32(types.D3DTOP_MODULATE)
	s.Decl = ff.DeclFromFVF(types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE | types.D3DFVF_TEX1)
	ps := ff.PixelShader(ff.PixelKeyOf(&s))
	got := ir.Optimized(ps)
	if len(ps.Body) != 6 || len(got) != 2 {
		t.Fatalf("%d statements run of %d, want 2 of 6:\n%s", len(got), len(ps.Body), ir.Format(ps))
	}
	last := got[1].(*ir.Inst)
	if last.Op != ir.OpMul || last.Clamp != ir.ClampSat || last.Dst.Reg.File != ir.RegOutput || last.Dst.Mask != ir.MaskXYZW ||
		last.Src[0].Swizzle != ir.Identity || last.Src[1].Swizzle != ir.Identity {
		t.Errorf("last instruction %v, want mul_sat o0, r0, v1", last)
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

// The fixed-function vertex shader's transforms (dp4 r0.x, v0, c120 and
// the three after it) run as one closure each.
func TestDotGroupsFixedFunctionVertex(t *testing.T) {
	s := ff.DefaultState()
	s.RS[types.D3DRS_LIGHTING] = 1
	s.Lights[0] = types.D3DLIGHT_DIRECTIONAL
	s.Decl = ff.DeclFromFVF(types.D3DFVF_XYZ | types.D3DFVF_NORMAL | types.D3DFVF_TEX1)
	vs := ff.VertexShader(ff.VertexKeyOf(&s))
	var groups []int
	for i := 0; i < len(vs.Body); i++ {
		if n := ir.DotGroup(vs.Body[i:]); n > 1 {
			groups = append(groups, n)
			i += n - 1
		}
	}
	if len(groups) != 3 || groups[0] != 4 || groups[1] != 3 || groups[2] != 4 {
		t.Errorf("groups %v, want [4 3 4] (world-view position, normal, projection):\n%s", groups, ir.Format(vs))
	}
	// A transform reading its own destination is not one.
	b := []ir.Stmt{
		&ir.Inst{Op: ir.OpDp4, Dst: ir.Temp(0).D(ir.MaskX), Src: []ir.Src{ir.Temp(0).S(), ir.ConstF(0).S()}},
		&ir.Inst{Op: ir.OpDp4, Dst: ir.Temp(0).D(ir.MaskY), Src: []ir.Src{ir.Temp(0).S(), ir.ConstF(1).S()}},
	}
	if n := ir.DotGroup(b); n > 1 {
		t.Errorf("dp4 r0.x, r0, c0; dp4 r0.y, r0, c1 grouped (%d)", n)
	}
}
