package msl

import (
	"strings"
	"testing"

	"mtld3d/core/ir"
)

// TestSampleMask: VariantKey.SampleMask becomes a [[sample_mask]] output
// holding the mask (Metal ANDs it with the coverage), and the unit
// compiles.
func TestSampleMask(t *testing.T) {
	ps := &ir.Shader{Stage: ir.StagePixel, Version: 0x200, Outputs: []ir.Output{{Kind: ir.OutColor}},
		Body: []ir.Stmt{ir.Op(ir.OpMov, ir.Out(0).D(ir.MaskXYZW), ir.ImmF(1, 1, 1, 1))}}
	u, err := Emit(ps, ir.VariantKey{SampleMask: 0x5})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"uint mask [[sample_mask]];", "out.mask = uint("} {
		if !strings.Contains(u.Source, w) {
			t.Errorf("missing %q in\n%s", w, u.Source)
		}
	}
	clangCheck(t, "sample_mask", u.Source)
	u, err = Emit(ps, ir.VariantKey{})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(u.Source, "sample_mask") {
		t.Error("a zero SampleMask writes a mask")
	}
}
