package tests

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestPerGameProfile runs a program under a user-wide mtld3d.conf and one
// beside the executable, each with per-game sections, as each guest
// architecture: the program's own section applies over every key outside
// a section, another game's does not, MTLD3D_CONFIG wins, and the log's
// config line names the profiles applied and the keys that differ from
// their defaults (core/config, unix/process).
func TestPerGameProfile(t *testing.T) {
	eachArch(t, filepath.Join("profile", "profiled.c"), func(t *testing.T, built string) {
		// The program runs from a folder of its own, so the
		// mtld3d.conf beside it reaches no other program.
		dir := t.TempDir()
		exe, err := os.ReadFile(built)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"profiled.exe", "other.exe"} {
			if err := os.WriteFile(filepath.Join(dir, name), exe, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		beside := "adapter.device_id = 0x1111\n[PROFILED.EXE]\nadapter.device_id = 0x2222\n"
		if err := os.WriteFile(filepath.Join(dir, "mtld3d.conf"), []byte(beside), 0o644); err != nil {
			t.Fatal(err)
		}
		user := t.TempDir()
		userConf := filepath.Join(user, "mtld3d", "mtld3d.conf")
		if err := os.MkdirAll(filepath.Dir(userConf), 0o755); err != nil {
			t.Fatal(err)
		}
		text := "adapter.revision = 3\n[profiled.exe]\nadapter.vendor_id = 0x10de\n[other.exe]\nadapter.vendor_id = 0x8086\n"
		if err := os.WriteFile(userConf, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		run := func(name, env string) string {
			t.Helper()
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			extra := []string{"XDG_CONFIG_HOME=" + user}
			if env != "" {
				extra = append(extra, "MTLD3D_CONFIG="+env)
			}
			out, err := theEnv.RunEnv(ctx, dir, extra, "wine", filepath.Join(dir, name))
			got := programOutput(out)
			if err != nil {
				t.Fatalf("%s: %v\n%s", name, err, got)
			}
			return got
		}
		for _, c := range []struct{ exe, env, want string }{
			{"profiled.exe", "", "vendor 0x10de device 0x2222 revision 3"},
			{"profiled.exe", "adapter.vendor_id=0x1234", "vendor 0x1234 device 0x2222 revision 3"},
			{"other.exe", "", "vendor 0x8086 device 0x1111 revision 3"},
		} {
			if got := run(c.exe, c.env); got != c.want {
				t.Errorf("%s with MTLD3D_CONFIG %q: %q, want %q", c.exe, c.env, got, c.want)
			}
		}
		logs, _ := filepath.Glob(filepath.Join(dir, "mtld3d-logs", "profiled-*.log"))
		if len(logs) != 2 {
			t.Fatalf("profiled.exe's logs: %v", logs)
		}
		b, err := os.ReadFile(logs[0])
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(b), "\n")
		if len(lines) < 3 || !strings.Contains(lines[2], "\tconfig\t") {
			t.Fatalf("the log's third line is not the config line:\n%s", b)
		}
		for _, want := range []string{"[profiled.exe]", "[PROFILED.EXE]", `"adapter.revision": "3"`, `"adapter.device_id": "0x2222"`} {
			if !strings.Contains(lines[2], want) {
				t.Errorf("config line lacks %s: %s", want, lines[2])
			}
		}
	})
}
