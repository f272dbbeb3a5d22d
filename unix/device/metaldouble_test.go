//go:build linux && (amd64 || arm64)

package device

import (
	"testing"

	"mtld3d/unix/backend"
	"mtld3d/unix/backend/metal"
	"mtld3d/unix/backend/metal/double"
)

func metalDouble(t *testing.T) backend.Device {
	t.Helper()
	d := double.Install()
	dev, err := metal.New()
	if err != nil {
		t.Fatal(err)
	}
	before := d.Sent()
	t.Cleanup(func() { t.Logf("metal double: %d messages", d.Sent()-before) })
	return dev
}
