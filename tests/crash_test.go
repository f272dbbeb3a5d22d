package tests

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestCrashReport runs a program that faults after a Present, a SetFVF
// and a DrawPrimitiveUP, as each guest architecture: the log gets the
// guest's report (the fault, the faulting module, the stack, the
// device's state, the frame's last records named) before the game's own
// unhandled exception filter runs (pe/d3d9/crash.c, unix/device/crash.go).
func TestCrashReport(t *testing.T) {
	eachArch(t, filepath.Join("crash", "crash.c"), func(t *testing.T, exe string) {
		logDir := t.TempDir()
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		out, _ := theEnv.RunEnv(ctx, theEnv.Work, []string{"MTLD3D_CONFIG=log.dir=" + logDir}, "wine", exe)
		text := strings.ReplaceAll(string(out), "\r", "")
		if !strings.Contains(text, "faulting\n") || !strings.Contains(text, "filter 0xc0000005") || strings.Contains(text, "not reached") {
			t.Fatalf("the program did not fault into its filter:\n%s", text)
		}
		logs, _ := filepath.Glob(filepath.Join(logDir, "crash-*.log"))
		if len(logs) != 1 {
			t.Fatalf("logs: %v", logs)
		}
		b, err := os.ReadFile(logs[0])
		if err != nil {
			t.Fatal(err)
		}
		log := string(b)
		for _, want := range []string{
			"crash report from the game's thread",
			"exception 0xc0000005 on thread",
			"crash.exe+0x",    // the faulting address's module
			", writing 0x10 ", // the access
			"#0 0x",           // the stack's first frame
			"device 1: frame 1, in a scene",
			`"last_records": [`,
			`"SetFVF", "DrawUP"]`,
		} {
			if !strings.Contains(log, want) {
				t.Errorf("log lacks %q:\n%s", want, log)
			}
		}
	})
}
