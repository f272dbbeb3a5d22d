//go:build !darwin

package ns

// platformRuntime: off macOS there is no Objective-C runtime of the
// system's; only one installed by Use (the Metal double) serves.
func platformRuntime() Runtime { return nil }
