//go:build darwin

package backends

import (
	"go.uber.org/zap"

	"mtld3d/core/format"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/metal"
	"mtld3d/unix/backend/metal/mtl"
	"mtld3d/unix/logs"
)

// OpenWith opens the backend name (the configuration's resolved backend,
// metal by default on macOS) with the options o. A Metal device that
// cannot be opened leaves the reference backend, slow but complete, so
// the game still runs.
func OpenWith(name string, o Options) (backend.Device, format.Target, error) {
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
	return o.reference(), format.Target{AppleGPU: true}, nil
}
