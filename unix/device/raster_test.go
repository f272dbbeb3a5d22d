package device

import (
	"testing"
	"unsafe"

	"mtld3d/core/caps"
	"mtld3d/core/ff"
	"mtld3d/core/ir"
	"mtld3d/core/state"
	"mtld3d/unix/backend"
)

// TestClipPlaneCounts: the caps, the guest's state, fixed function, the
// draw state and the backends agree on how many user clip planes exist.
func TestClipPlaneCounts(t *testing.T) {
	n := caps.MaxUserClipPlanes
	for name, v := range map[string]int{"core/state": state.NumClipPlanes, "core/ff": ff.MaxClipPlanes, "core/ir": ir.MaxClipPlanes,
		"backend clip distances": backend.MaxClipDistances, "variant key bits": 8 * int(unsafe.Sizeof(ir.VariantKey{}.ClipPlanes)), "draw-state registers": ir.DSTextureFactor - ir.DSClipPlane0} {
		if v != n {
			t.Errorf("%s: %d clip planes, caps report %d", name, v, n)
		}
	}
}

func TestDepthBiasScale(t *testing.T) {
	// D3D9 adds the bias to depth; Metal multiplies it by the format's step.
	if depthBiasScale(backend.FormatDepth16Unorm) != 1<<16 || depthBiasScale(backend.FormatDepth32Float_Stencil8) != 1<<24 {
		t.Error("depth bias scale")
	}
}
