//go:build linux && (amd64 || arm64)

package device

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"mtld3d/core/format"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/metal"
	"mtld3d/unix/backend/metal/double"
)

func metalDouble(t testing.TB, discrete bool) backend.Device {
	t.Helper()
	d := double.Install()
	d.Discrete = discrete
	dev, err := metal.New()
	if err != nil {
		t.Fatal(err)
	}
	before := d.Counts()
	t.Cleanup(func() {
		after, n := d.Counts(), 0
		for sel, k := range after {
			n += k - before[sel]
		}
		t.Logf("metal double: %d messages, %d didModifyRange:, %d synchronizeResource:", n,
			after["didModifyRange:"]-before["didModifyRange:"], after["synchronizeResource:"]-before["synchronizeResource:"])
	})
	return dev
}

// TestMessagesPerDrawOverTheDouble counts the Objective-C messages the
// Metal backend really sends per draw, over the Metal double, for the
// frames of TestMetalMessagesPerDraw (which counts backend calls, the
// messages before the encoder's redundant-state filter); `make
// bench-metal` prints both (docs/METAL.md).
func TestMessagesPerDrawOverTheDouble(t *testing.T) {
	dbl := double.Install()
	for _, f := range messageFrames {
		dev, err := metal.New()
		if err != nil {
			t.Fatal(err)
		}
		d, err := New(dev, format.Target{AppleGPU: true})
		if err != nil {
			t.Fatal(err)
		}
		var before map[string]int
		replayTwice(t, d, f.record, func() { before = dbl.Counts() })
		after := dbl.Counts()
		d.Release()
		total := 0
		var parts []string
		for sel, n := range after {
			if k := n - before[sel]; k > 0 {
				total += k
				parts = append(parts, fmt.Sprintf("%s %.2f", sel, float64(k)/drawsPerFrame))
			}
		}
		sort.Strings(parts)
		per := float64(total) / drawsPerFrame
		t.Logf("%-55s %5.1f messages a draw (%d messages, %d draws, the frame's passes and submission included)", f.name, per, total, drawsPerFrame)
		t.Logf("    per draw: %s", strings.Join(parts, ", "))
		if per > 30 {
			t.Errorf("%s: %.1f messages a draw", f.name, per)
		}
	}
}
