package logs

import (
	"os"
	"strings"
	"testing"

	"mtld3d/core/config"
)

func TestFileName(t *testing.T) {
	for in, want := range map[string]string{
		`C:\Games\Foo\Game.EXE`:  "Game-7.log",
		"/home/u/x/launcher.exe": "launcher-7.log",
		"":                       "unknown-7.log",
	} {
		if got := FileName(in, 7); got != want {
			t.Errorf("FileName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestOpenWritesAtLevel(t *testing.T) {
	dir := t.TempDir() + "/sub"
	path, err := Open(dir, "x-1.log", config.Warn)
	if err != nil {
		t.Fatal(err)
	}
	L().Info("hidden")
	L().Warn("shown")
	_ = L().Sync()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "hidden") || !strings.Contains(string(b), "shown") {
		t.Fatalf("log content: %q", b)
	}
}
