package irprog_test

import (
	"slices"
	"testing"

	"mtld3d/core/ir"
	"mtld3d/unix/backend/irprog"
)

// A linked pixel shader's signature names the vertex stage's varyings it
// never reads, and whether it reads [[position]], so the rasterizer can
// skip them.
func TestFragmentSignatureUnread(t *testing.T) {
	ps := asm(t, "ps_3_0\ndcl_texcoord1 v0\ndcl_color v1\nadd oC0, v0, v1\n")
	slots := []int{ir.VaryingSlot(ir.UsageColor, 0), ir.VaryingSlot(ir.UsageColor, 1), ir.VaryingSlot(ir.UsageTexCoord, 0), ir.VaryingSlot(ir.UsageTexCoord, 1)}
	p, err := irprog.Fragment(ps, irprog.LinkKey(ir.VariantKey{}, slots))
	if err != nil {
		t.Fatal(err)
	}
	sig := p.FragmentSignature()
	// Varying k is the k-th of the slots in ascending order.
	sorted := slices.Sorted(slices.Values(slots))
	var read []int
	for k := 0; k < sig.Varyings; k++ {
		if sig.Unread&(1<<k) == 0 {
			read = append(read, sorted[k])
		}
	}
	slices.Sort(read)
	want := []int{ir.VaryingSlot(ir.UsageColor, 0), ir.VaryingSlot(ir.UsageTexCoord, 1)}
	slices.Sort(want)
	if !slices.Equal(read, want) || sig.Unread == 0 || !sig.UnreadPosition {
		t.Errorf("signature %+v: reads slots %v, want %v and no position", sig, read, want)
	}
	pos := asm(t, "ps_3_0\ndcl vPos.xy\nmov oC0, vPos.xyxy\n")
	if p, err = irprog.Fragment(pos, irprog.LinkKey(ir.VariantKey{}, slots)); err != nil {
		t.Fatal(err)
	}
	if sig := p.FragmentSignature(); sig.UnreadPosition || sig.Unread != 0 {
		t.Errorf("a shader reading vPos: %+v", sig)
	}
}
