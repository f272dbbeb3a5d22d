//go:build !darwin && (amd64 || arm64)

package metal

// osBuild has no macOS build to give off macOS (the Metal double).
func osBuild() string { return "" }
