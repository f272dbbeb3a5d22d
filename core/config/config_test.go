package config

import (
	"strings"
	"testing"
)

func TestDefaults(t *testing.T) {
	c := Default()
	if c.LogLevel != Info || c.VendorID != 0x1002 || c.LogDir != "" {
		t.Fatalf("unexpected defaults: %+v", c)
	}
	if c.ResolvedBackend("linux") != "reference" || c.ResolvedBackend("darwin") != "metal" {
		t.Fatal("backend default must follow the host")
	}
}

func TestEnvWinsOverFile(t *testing.T) {
	c, w := Load(
		Source{Name: "mtld3d.conf", Text: "# comment\nlog.level = debug\nadapter.vendor_id = 0x10de\r\n"},
		Source{Name: "MTLD3D_CONFIG", Text: "adapter.vendor_id=0x8086; backend=reference", Env: true},
	)
	if len(w) != 0 {
		t.Fatalf("warnings: %v", w)
	}
	if c.LogLevel != Debug || c.VendorID != 0x8086 || c.Backend != "reference" {
		t.Fatalf("got %+v", c)
	}
}

func TestBadInputKeepsDefaultAndWarns(t *testing.T) {
	c, w := Load(Source{Name: "MTLD3D_CONFIG", Env: true,
		Text: "log.level=loud;nosuch.key=1;adapter.driver_version=1.2.3;justtext;adapter.device_id=0x1ffffffff"})
	if len(w) != 5 {
		t.Fatalf("want 5 warnings, got %d: %v", len(w), w)
	}
	for i, frag := range []string{"log.level", "nosuch.key", "adapter.driver_version", "justtext", "adapter.device_id"} {
		if !strings.Contains(w[i], frag) {
			t.Errorf("warning %d %q does not name %q", i, w[i], frag)
		}
	}
	if c != Default() {
		t.Fatalf("bad values changed the config: %+v", c)
	}
}

func TestDriverVersionQuad(t *testing.T) {
	c, _ := Load(Source{Name: "x", Text: "adapter.driver_version=1.2.3.4"})
	if got := c.DriverVersionQuad(); got != 0x0001000200030004 {
		t.Fatalf("got %#x", got)
	}
}

func TestExampleListsEveryKey(t *testing.T) {
	ex := Example()
	for _, k := range Keys {
		if !strings.Contains(ex, "# "+k.Name+" = ") {
			t.Errorf("example lacks %s", k.Name)
		}
	}
	// The example, uncommented, must itself load without warnings.
	var lines []string
	for _, l := range strings.Split(ex, "\n") {
		if strings.HasPrefix(l, "# ") && strings.Contains(l, " = ") && find(strings.Fields(l)[1]) != nil {
			lines = append(lines, strings.TrimPrefix(l, "# "))
		}
	}
	if _, w := Load(Source{Name: "example", Text: strings.Join(lines, "\n")}); len(w) != 0 {
		t.Fatalf("example does not load cleanly: %v", w)
	}
}
