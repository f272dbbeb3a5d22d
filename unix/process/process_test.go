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
	var p shared.InitParams
	p.GuestArch = shared.GuestArchX86_64
	p.WireHash = shared.WireHash()
	putCstr(p.ExeUnixPath[:], exe)
	putCstr(p.ExeWinPath[:], `C:\x\game.exe`)
	putCstr(p.ConfigString[:], "adapter.device_id=0x1234")
	if st := bridge.Dispatch(shared.Code("Init"), unsafe.Pointer(&p)); st != shared.StatusSuccess {
		t.Fatalf("Init: %#x", st)
	}
	if p.VendorID != 0x10de || p.DeviceID != 0x1234 {
		t.Fatalf("ids %#x %#x", p.VendorID, p.DeviceID)
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
	b, _ := os.ReadFile(logs[0])
	text := string(b)
	first := strings.SplitN(text, "\n", 2)[0]
	for _, want := range []string{"version", "commit", "host", "guest", "backend"} {
		if !strings.Contains(first, want) {
			t.Errorf("first line %q lacks %s", first, want)
		}
	}
	for _, want := range []string{"unknown key \"bogus\"", "hello from the guest"} {
		if !strings.Contains(text, want) {
			t.Errorf("log lacks %q:\n%s", want, text)
		}
	}
}
