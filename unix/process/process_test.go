package process

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"mtld3d/shared"
	"mtld3d/unix/bridge"
)

func TestUnixPath(t *testing.T) {
	if got := UnixPath(`C:\Games\X\x.exe`, "/p"); got != "/p/dosdevices/c:/Games/X/x.exe" {
		t.Fatal(got)
	}
	if got := UnixPath("/already/unix", "/p"); got != "/already/unix" {
		t.Fatal(got)
	}
}

// A guest from another build is refused before anything else is read,
// and told the unix side's hash.
func TestInitRefusesAnotherBuildsWire(t *testing.T) {
	var p shared.InitParams
	p.WireHash = shared.WireHash() ^ 1
	if st := bridge.Dispatch(shared.Code("Init"), unsafe.Pointer(&p)); st != shared.StatusRevisionMismatch {
		t.Fatalf("Init: %#x, want StatusRevisionMismatch", st)
	}
	if p.WireHash != shared.WireHash() {
		t.Fatalf("answered hash %#x, want %#x", p.WireHash, shared.WireHash())
	}
}

func TestInitReadsConfigAndOpensLog(t *testing.T) {
	dir := t.TempDir()
	exe := filepath.Join(dir, "game.exe")
	if err := os.WriteFile(filepath.Join(dir, "mtld3d.conf"), []byte("adapter.vendor_id = 0x10de\nbogus = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The user-wide file, read first, with this game's profile.
	user := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", user)
	t.Setenv("HOME", user) // macOS: ~/Library/Application Support
	userConf, err := os.UserConfigDir()
	if err != nil {
		t.Fatal(err)
	}
	userConf = filepath.Join(userConf, "mtld3d", "mtld3d.conf")
	if err := os.MkdirAll(filepath.Dir(userConf), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(userConf, []byte("adapter.revision = 3\n[GAME.EXE]\nadapter.revision = 7\n[other.exe]\nadapter.revision = 9\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var p shared.InitParams
	p.GuestArch = shared.GuestArchX86_64
	p.WireHash = shared.WireHash()
	putCstr(p.ExeUnixPath[:], exe)
	putCstr(p.ExeWinPath[:], `C:\x\game.exe`)
	putCstr(p.ConfigString[:], "adapter.device_id=0x1234;debug.frame_hotkey=alt+f9")
	if st := bridge.Dispatch(shared.Code("Init"), unsafe.Pointer(&p)); st != shared.StatusSuccess {
		t.Fatalf("Init: %#x", st)
	}
	if p.FrameHotkey != shared.HotkeyAlt|0x78 {
		t.Fatalf("frame hotkey %#x, want alt+VK_F9", p.FrameHotkey)
	}
	if p.VendorID != 0x10de || p.DeviceID != 0x1234 || p.Revision != 7 {
		t.Fatalf("ids %#x %#x revision %d, want 0x10de 0x1234 7", p.VendorID, p.DeviceID, p.Revision)
	}
	if cstr(p.Description[:]) == "" {
		t.Fatal("no description")
	}
	var l shared.LogParams
	l.Level = shared.LogWarn
	l.Len = uint32(copy(l.Text[:], "hello from the guest\n"))
	if st := bridge.Dispatch(shared.Code("Log"), unsafe.Pointer(&l)); st != shared.StatusSuccess {
		t.Fatalf("Log: %#x", st)
	}
	logs, _ := filepath.Glob(filepath.Join(dir, "mtld3d-logs", "game-*.log"))
	if len(logs) != 1 {
		t.Fatalf("log files: %v", logs)
	}
	if LogPath() != logs[0] {
		t.Fatalf("LogPath %q, want %q", LogPath(), logs[0])
	}
	b, _ := os.ReadFile(logs[0])
	text := string(b)
	first := strings.SplitN(text, "\n", 2)[0]
	for _, want := range []string{"version", "commit", "host", "guest", "backend"} {
		if !strings.Contains(first, want) {
			t.Errorf("first line %q lacks %s", first, want)
		}
	}
	// The config line comes right after the process line.
	lines := strings.Split(text, "\n")
	if len(lines) < 3 || !strings.Contains(lines[2], "\tconfig\t") {
		t.Fatalf("third line is not the config line:\n%s", text)
	}
	for _, want := range []string{`"profile": "` + userConf + ` [GAME.EXE]"`, `"adapter.revision": "7"`, `"adapter.vendor_id": "0x10de"`,
		`"adapter.device_id": "0x1234"`, userConf, filepath.Join(dir, "mtld3d.conf")} {
		if !strings.Contains(lines[2], want) {
			t.Errorf("config line lacks %s: %s", want, lines[2])
		}
	}
	for _, want := range []string{"unknown key \"bogus\"", "hello from the guest"} {
		if !strings.Contains(text, want) {
			t.Errorf("log lacks %q:\n%s", want, text)
		}
	}
}
