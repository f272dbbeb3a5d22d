// Package backends is the one place a backend is chosen: Open returns the
// backend.Device the configuration names (metal on macOS, else the
// reference backend) and the format target it answers as. unix/device
// receives it as the interface and imports no backend of its own.
package backends
