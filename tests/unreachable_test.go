package tests

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"mtld3d/internal/winenv"
)

// TestUnreachableUnixSide runs a program whose Wine finds no mtld3d.so
// (WINEDLLPATH names an empty folder; the prefix's mtld3d.dll still
// loads): Direct3DCreate9 returns NULL, and d3d9.dll itself writes a
// line into mtld3d-logs/<exe>-<pid>.log beside the executable naming the
// library for its architecture and every folder searched.
func TestUnreachableUnixSide(t *testing.T) {
	if setupErr != nil {
		t.Fatalf("setup: %v", setupErr)
	}
	for _, arch := range winenv.Arches {
		t.Run(arch, func(t *testing.T) {
			exe, err := theEnv.BuildProgramArch(filepath.Join("programs", "adapter.c"), arch)
			if err != nil {
				t.Fatal(err)
			}
			dir := filepath.Join(theEnv.Work, "unreachable", arch)
			empty := filepath.Join(theEnv.Work, "unreachable", "empty-dlls")
			for _, d := range []string{dir, empty} {
				if err := os.MkdirAll(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			b, err := os.ReadFile(exe)
			if err != nil {
				t.Fatal(err)
			}
			noso := filepath.Join(dir, "noso.exe")
			if err := os.WriteFile(noso, b, 0o755); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			out, _ := theEnv.RunEnv(ctx, dir, []string{"WINEDLLPATH=" + empty}, "wine", noso)
			if !strings.Contains(string(out), "Direct3DCreate9 returned NULL") {
				t.Errorf("Direct3DCreate9 did not fail without the unix library; output:\n%s", tail(out, 20))
			}
			logs, _ := filepath.Glob(filepath.Join(dir, "mtld3d-logs", "noso-*.log"))
			if len(logs) != 1 {
				t.Fatalf("want one log noso-<pid>.log beside the executable, found %v", logs)
			}
			text, err := os.ReadFile(logs[0])
			if err != nil {
				t.Fatal(err)
			}
			unixDir := map[string]string{"i686": `i386-unix\mtld3d.so missing`, "x86_64": `x86_64-unix\mtld3d.so missing`}[arch]
			emptyDos := "Z:" + strings.ReplaceAll(empty, "/", `\`)
			for _, want := range []string{"ERROR", "unreachable", "0xc0000135", unixDir, emptyDos, "WINEDLLPATH=" + empty} {
				if !strings.Contains(string(text), want) {
					t.Errorf("log lacks %q:\n%s", want, text)
				}
			}
			t.Logf("%s", strings.TrimSpace(string(text)))
		})
	}
}
