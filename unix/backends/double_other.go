//go:build !darwin && !(linux && (amd64 || arm64))

package backends

import (
	"errors"

	"mtld3d/unix/backend"
)

func openDouble() (backend.Device, error) {
	return nil, errors.New("the Metal double runs on 64-bit Linux only")
}
