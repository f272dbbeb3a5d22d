package backends

import (
	"go.uber.org/zap"

	"mtld3d/core/format"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/reference"
	"mtld3d/unix/logs"
)

// Options are the settings a backend takes when it is opened.
type Options struct {
	// RefreshHz is the reference backend's simulated display refresh
	// (reference.refresh_hz); 0 none, frames are shown at once.
	RefreshHz float64
}

// Open opens the backend name with no options (OpenWith).
func Open(name string) (backend.Device, format.Target, error) {
	return OpenWith(name, Options{})
}

func (o Options) reference() *reference.Device {
	if o.RefreshHz > 0 {
		logs.L().Info("reference backend: simulated display", zap.Float64("refresh_hz", o.RefreshHz))
	}
	return reference.NewDisplay(o.RefreshHz)
}
