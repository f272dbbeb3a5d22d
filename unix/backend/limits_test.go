package backend_test

import (
	"testing"

	"mtld3d/core/caps"
	"mtld3d/unix/backend"
)

// The D3DCAPS9 core/caps reports stays within the interface's limits.
func TestCapsWithinLimits(t *testing.T) {
	c := caps.Caps9(0)
	if c.MaxUserClipPlanes > backend.MaxClipDistances || c.NumSimultaneousRTs > backend.MaxColorAttachments ||
		c.MaxStreams > backend.MaxVertexBufferLayouts {
		t.Error("caps exceed the backend's limits")
	}
}
