//go:build darwin

package winemac

import (
	"os"
	"testing"
	"time"

	"mtld3d/unix/backend/metal/mtl"
)

// TestSmokeOutsideWine runs on a Mac outside Wine (MTLD3D_METAL_SMOKE=1):
// the lookups must come back empty-handed, quickly and without a crash.
// The window itself can only be checked inside Wine (docs/METAL.md).
func TestSmokeOutsideWine(t *testing.T) {
	if os.Getenv("MTLD3D_METAL_SMOKE") == "" {
		t.Skip("set MTLD3D_METAL_SMOKE=1 on a Mac")
	}
	t.Log("loadMain: libdispatch symbols")
	if err := loadMain(); err != nil {
		t.Fatal(err)
	}
	t.Logf("IsMainThread from a test goroutine: %v", IsMainThread())
	t.Log("Lookup")
	f := Lookup()
	t.Logf("route outside Wine: %s", f.Route)
	if f.Route != RouteObjC {
		t.Errorf("outside Wine found %+v", f)
	}
	t.Log("MTLCreateSystemDefaultDevice")
	dev, err := mtl.CreateSystemDefaultDevice()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	t.Log("Attach to a window that does not exist")
	if _, err := Attach(0x10020, dev.ID()); err == nil {
		t.Fatal("Attach outside Wine succeeded")
	} else {
		t.Logf("Attach: %v (%v)", err, time.Since(start))
	}
	if time.Since(start) > time.Second {
		t.Error("Attach outside Wine waited for the main thread")
	}
}
