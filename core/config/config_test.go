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
	r := Load("",
		Source{Name: "mtld3d.conf", Text: "# comment\nlog.level = debug\nadapter.vendor_id = 0x10de\r\n"},
		Source{Name: "MTLD3D_CONFIG", Text: "adapter.vendor_id=0x8086; backend=reference", Env: true},
	)
	c, w := r.Config, r.Warnings
	if len(w) != 0 {
		t.Fatalf("warnings: %v", w)
	}
	if c.LogLevel != Debug || c.VendorID != 0x8086 || c.Backend != "reference" {
		t.Fatalf("got %+v", c)
	}
}

func TestBadInputKeepsDefaultAndWarns(t *testing.T) {
	r := Load("", Source{Name: "MTLD3D_CONFIG", Env: true,
		Text: "log.level=loud;nosuch.key=1;adapter.driver_version=1.2.3;justtext;adapter.device_id=0x1ffffffff"})
	c, w := r.Config, r.Warnings
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
	c := Load("", Source{Name: "x", Text: "adapter.driver_version=1.2.3.4"}).Config
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
	if w := Load("", Source{Name: "example", Text: strings.Join(lines, "\n")}).Warnings; len(w) != 0 {
		t.Fatalf("example does not load cleanly: %v", w)
	}
}

// A [Game.exe] section applies to that executable only, over every key
// outside a section (of any file), and under the environment.
func TestProfiles(t *testing.T) {
	user := Source{Name: "user.conf", Text: "adapter.vendor_id = 0x1\n[Game.exe]\nadapter.device_id = 0x2\nlog.level = debug\n[Other.exe]\nadapter.device_id = 0x3\n"}
	beside := Source{Name: "mtld3d.conf", Text: "adapter.device_id = 0x4\nadapter.revision = 5\n[game.EXE]\nadapter.revision = 6\n"}
	env := Source{Name: "MTLD3D_CONFIG", Text: "log.level=warn", Env: true}
	r := Load(`C:\Games\GAME.exe`, user, beside, env)
	c := r.Config
	if len(r.Warnings) != 0 {
		t.Fatalf("warnings: %v", r.Warnings)
	}
	if c.VendorID != 0x1 || c.DeviceID != 0x2 || c.Revision != 6 || c.LogLevel != Warn {
		t.Errorf("vendor %#x device %#x revision %d level %v; want 0x1 0x2 6 warn", c.VendorID, c.DeviceID, c.Revision, c.LogLevel)
	}
	if want := []string{"user.conf [Game.exe]", "mtld3d.conf [game.EXE]"}; strings.Join(r.Profiles, "|") != strings.Join(want, "|") {
		t.Errorf("profiles %q, want %q", r.Profiles, want)
	}
	// Another game, and a unix path: only the keys outside sections.
	r = Load("/games/other/setup.exe", user, beside)
	if c := r.Config; c.DeviceID != 0x4 || c.Revision != 5 || c.LogLevel != Info || len(r.Profiles) != 0 {
		t.Errorf("setup.exe: device %#x revision %d level %v profiles %q", c.DeviceID, c.Revision, c.LogLevel, r.Profiles)
	}
	// No executable: no section applies.
	if r := Load("", user); r.Config.DeviceID != Default().DeviceID || len(r.Profiles) != 0 {
		t.Errorf("no exe: device %#x profiles %q", r.Config.DeviceID, r.Profiles)
	}
}

// A bad line in another game's section is still reported and changes
// nothing; a malformed section header is reported and its keys ignored.
func TestProfileWarnings(t *testing.T) {
	r := Load("game.exe", Source{Name: "f", Text: "[Other.exe]\nnosuch = 1\nlog.level = loud\n[broken\nadapter.vendor_id = 0x5\n[game.exe]\nadapter.vendor_id = 0x6\n"})
	if len(r.Warnings) != 3 {
		t.Fatalf("want 3 warnings, got %q", r.Warnings)
	}
	for i, frag := range []string{"[broken", "nosuch", "log.level"} {
		if !strings.Contains(r.Warnings[i], frag) {
			t.Errorf("warning %d %q does not name %q", i, r.Warnings[i], frag)
		}
	}
	if r.Config.VendorID != 0x6 || r.Config.LogLevel != Info {
		t.Errorf("vendor %#x level %v, want 0x6 info", r.Config.VendorID, r.Config.LogLevel)
	}
}

func TestChanged(t *testing.T) {
	if got := Default().Changed(); len(got) != 0 {
		t.Fatalf("defaults changed: %v", got)
	}
	c := Load("", Source{Name: "f", Text: "adapter.vendor_id = 0x10de\nlog.level = debug\nadapter.revision = 0\n"}).Config
	want := [][2]string{{"log.level", "debug"}, {"adapter.vendor_id", "0x10de"}}
	if got := c.Changed(); len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("changed %v, want %v", got, want)
	}
}

func TestPacingKeys(t *testing.T) {
	if Default().RefreshHz != 0 {
		t.Fatal("the reference backend simulates a display by default")
	}
	r := Load("", Source{Name: "f", Text: "present.max_fps = 59.94\npresent.max_frame_latency = 1\npresent.vsync = OFF\nreference.refresh_hz = 59.94\n"})
	if c := r.Config; len(r.Warnings) != 0 || c.MaxFPS != 59.94 || c.MaxFrameLatency != 1 || c.VSync != VSyncOff || c.RefreshHz != 59.94 {
		t.Fatalf("got %v %d %v %v, warnings %q", c.MaxFPS, c.MaxFrameLatency, c.VSync, c.RefreshHz, r.Warnings)
	}
	r = Load("", Source{Name: "f", Text: "present.max_fps = -1\npresent.max_fps = nan\npresent.max_frame_latency = 17\npresent.vsync = maybe\n" +
		"reference.refresh_hz = -50\nreference.refresh_hz = 1001\n"})
	if len(r.Warnings) != 6 || r.Config != Default() {
		t.Fatalf("warnings %q, config %+v", r.Warnings, r.Config)
	}
	if got := Load("", Source{Name: "f", Text: "present.max_fps = 60\npresent.vsync = on"}).Config.Changed(); len(got) != 2 ||
		got[0] != [2]string{"present.max_fps", "60"} || got[1] != [2]string{"present.vsync", "on"} {
		t.Fatalf("changed %v", got)
	}
}

// hud: off by default; 1 the default items; any subset as a comma list;
// unknown items are a warning naming them, the known ones kept.
func TestHUDKey(t *testing.T) {
	if Default().HUD != 0 {
		t.Fatal("the HUD is on by default")
	}
	for v, want := range map[string]HUD{"0": 0, "": 0, "1": HUDDefault, "all": HUDAll,
		"fps": HUDFPS, " Memory , draws,": HUDMemory | HUDDraws,
		"fps,frametime,draws,compiles,memory,version": HUDAll} {
		r := Load("", Source{Name: "MTLD3D_CONFIG", Text: "hud=" + v, Env: true})
		if len(r.Warnings) != 0 || r.Config.HUD != want {
			t.Errorf("hud=%q: %v, warnings %q; want %v", v, r.Config.HUD, r.Warnings, want)
		}
	}
	r := Load("", Source{Name: "mtld3d.conf", Text: "hud = fps,bogus,draws,fsp\n"})
	if r.Config.HUD != HUDFPS|HUDDraws || len(r.Warnings) != 1 ||
		!strings.Contains(r.Warnings[0], "bogus, fsp") || !strings.Contains(r.Warnings[0], "hud") {
		t.Fatalf("got %v, warnings %q", r.Config.HUD, r.Warnings)
	}
	if got := r.Config.Changed(); len(got) != 1 || got[0] != [2]string{"hud", "fps,draws"} {
		t.Fatalf("changed %v", got)
	}
}
