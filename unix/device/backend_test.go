package device

import (
	"os"
	"testing"

	"mtld3d/unix/backend"
	"mtld3d/unix/backend/reference"
)

// testBackend is the backend the device tests draw with: the reference
// backend, or with MTLD3D_TEST_BACKEND=metal-double the Metal backend
// over the Metal double (metaldouble_test.go), which runs every message
// through Metal's rules and executes it on the reference backend.
func testBackend(t *testing.T) backend.Device {
	t.Helper()
	if os.Getenv("MTLD3D_TEST_BACKEND") == "metal-double" {
		return metalDouble(t)
	}
	return reference.New()
}
