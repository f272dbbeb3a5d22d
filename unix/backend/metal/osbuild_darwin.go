//go:build darwin && (amd64 || arm64)

package metal

import "syscall"

// osBuild is the OS build ("23A344"): a binary archive is only good for
// the OS (and its GPU drivers) that wrote it.
func osBuild() string {
	v, _ := syscall.Sysctl("kern.osversion")
	return v
}
