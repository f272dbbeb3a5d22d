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
// through Metal's rules and executes it on the reference backend; with
// metal-double-discrete the double answers as a discrete GPU, so buffers
// and textures the CPU reaches are managed and every CPU path must
// synchronize.
func testBackend(t testing.TB) backend.Device {
	t.Helper()
	switch os.Getenv("MTLD3D_TEST_BACKEND") {
	case "metal-double":
		return metalDouble(t, false)
	case "metal-double-discrete":
		return metalDouble(t, true)
	}
	return reference.New()
}
