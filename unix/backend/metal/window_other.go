//go:build !darwin && (amd64 || arm64)

package metal

import "mtld3d/unix/backend/metal/ca"

// windowView stands for the Wine window's Metal view. Off macOS (the
// backend over the Metal double) there is no window system to attach
// to: the layer is made detached and keeps the size the device gives it.
type windowView struct{}

type noRoute struct{}

func (noRoute) String() string { return "none (no window system: the layer is not attached)" }

// Route says how the layer was attached: it was not.
func (*windowView) Route() noRoute { return noRoute{} }

// Release lets the view go.
func (*windowView) Release() {}

// windowLayer makes a detached layer in place of the window's.
func (d *Device) windowLayer(uintptr) (ca.MetalLayer, *windowView, error) {
	l, err := ca.NewMetalLayer()
	return l, &windowView{}, err
}

// followWindow: a detached layer's size is set by the caller.
func (l *layer) followWindow() bool { return false }
