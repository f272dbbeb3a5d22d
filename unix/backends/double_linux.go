//go:build linux && (amd64 || arm64)

package backends

import (
	"fmt"
	"os"

	"go.uber.org/zap"

	"mtld3d/unix/backend"
	"mtld3d/unix/backend/metal"
	"mtld3d/unix/backend/metal/double"
	"mtld3d/unix/logs"
)

// openDouble installs the Metal double and opens the Metal backend over
// it. A broken rule ends the process at once, with the rule and the Go
// stack in the log and on stderr: the test that ran it fails where the
// rule broke, as under Metal's validation layer.
func openDouble() (backend.Device, error) {
	d := double.Install()
	d.OnViolation = func(v *double.Violation) {
		logs.L().Error("Metal double: "+v.Message, zap.String("stack", v.Stack))
		_ = logs.L().Sync()
		fmt.Fprintf(os.Stderr, "mtld3d: Metal double: %s\n%s\n", v.Message, v.Stack)
		os.Exit(70)
	}
	return metal.New()
}
