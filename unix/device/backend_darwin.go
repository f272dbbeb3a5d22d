//go:build darwin

package device

import (
	"runtime"

	"go.uber.org/zap"

	"mtld3d/core/format"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/metal"
	"mtld3d/unix/backend/metal/mtl"
	"mtld3d/unix/backend/reference"
	"mtld3d/unix/logs"
	"mtld3d/unix/process"
)

// newBackend opens the configured backend: metal by default on macOS.
// A Metal device that cannot be opened leaves the reference backend,
// slow but complete, so the game still runs.
func newBackend() (backend.Device, format.Target, error) {
	name := process.Config().ResolvedBackend(runtime.GOOS)
	if name == "metal" {
		dev, err := metal.New()
		if err == nil {
			// The format table's Apple-GPU rules (no Depth24Stencil8, ...)
			// hold for every Apple family; an Intel or AMD GPU answers none.
			apple := dev.MTLDevice().SupportsFamily(mtl.GPUFamilyApple1)
			target := format.TargetFor(apple, dev.Caps().Has(backend.CapDepth24Stencil8))
			logs.L().Info("backend: metal", zap.String("gpu", dev.Name()), zap.Stringer("target", target),
				zap.Bool("unifiedMemory", dev.UnifiedMemory()))
			return dev, target, nil
		}
		logs.L().Error("the metal backend failed to open; using the reference backend", zap.Error(err))
	}
	return reference.New(), format.Target{AppleGPU: true}, nil
}
