//go:build !darwin

package backends

import (
	"go.uber.org/zap"

	"mtld3d/core/format"
	"mtld3d/unix/backend"
	"mtld3d/unix/logs"
)

// OpenWith opens the backend name (the configuration's resolved backend)
// with the options o. Off macOS the reference backend runs; metal-double
// (for tests) is the Metal backend over the Metal double. Asking for
// metal elsewhere falls back with a warning.
func OpenWith(name string, o Options) (backend.Device, format.Target, error) {
	// The reference backend answers as an Apple GPU, the product's main
	// target; so does the double.
	target := format.Target{AppleGPU: true}
	switch name {
	case "metal":
		logs.L().Warn("the metal backend is not available in this build; using the reference backend")
	case "metal-double":
		dev, err := openDouble()
		if err == nil {
			logs.L().Info("backend: metal over the Metal double (tests)")
			return dev, target, nil
		}
		logs.L().Error("the Metal double failed to open; using the reference backend", zap.Error(err))
	}
	return o.reference(), target, nil
}
