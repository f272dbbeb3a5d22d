//go:build !(linux && (amd64 || arm64))

package device

import (
	"testing"

	"mtld3d/unix/backend"
)

func metalDouble(t testing.TB, _ bool) backend.Device {
	t.Skip("the Metal double runs on 64-bit Linux")
	return nil
}
