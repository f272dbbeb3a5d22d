//go:build darwin

package metal

import (
	"mtld3d/unix/backend/metal/ca"
	"mtld3d/unix/backend/metal/ns"
	"mtld3d/unix/backend/metal/winemac"
)

// windowView is the Wine window's Metal view a layer is attached to.
type windowView = winemac.View

// windowLayer attaches to the Wine window hwnd (LayerDesc.Window) through
// winemac and returns the window's CAMetalLayer with a reference of the
// caller's own, and the attachment, which keeps the Metal view. Call it
// on a Wine thread (the unix call's): see winemac.Attach.
func (d *Device) windowLayer(hwnd uintptr) (ca.MetalLayer, *windowView, error) {
	v, err := winemac.Attach(hwnd, d.dev.ID())
	if err != nil {
		return ca.MetalLayer{}, nil, err
	}
	return ca.MetalLayerOf(ns.Retain(v.Layer().ID())), v, nil
}

// followWindow makes a window layer's drawableSize its bounds times its
// contentsScale. It reports false for a detached layer, whose size the
// caller sets.
func (l *layer) followWindow() bool {
	if l.win == nil {
		return false
	}
	_, _, _ = l.win.SyncDrawableSize(0) // on failure the previous size stays; the next call retries
	return true
}
