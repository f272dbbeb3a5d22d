//go:build !darwin

package backends

import (
	"mtld3d/core/format"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/reference"
	"mtld3d/unix/logs"
)

// Open opens the backend name (the configuration's resolved backend).
// Only the reference backend runs off macOS; asking for metal elsewhere
// falls back with a warning.
func Open(name string) (backend.Device, format.Target, error) {
	if name == "metal" {
		logs.L().Warn("the metal backend is not available in this build; using the reference backend")
	}
	// The reference backend answers as an Apple GPU, the product's main target.
	return reference.New(), format.Target{AppleGPU: true}, nil
}
