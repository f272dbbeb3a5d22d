package tests

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"mtld3d/internal/winenv"
)

// TestPacingSettings runs a program under the present.* settings as each
// guest architecture: present.max_fps keeps 20 Presents from taking less
// than 20 frames' time (a lower bound only: how much longer they take is
// the machine's), and present.max_frame_latency = 1 makes a Present that
// must not wait report D3DERR_WASSTILLDRAWING behind one slow frame,
// where the game's default bound of 3 takes it. present.vsync has no
// effect the CPU renderer shows (its layer shows frames at once): unix/
// device's TestVSyncOverride checks it.
func TestPacingSettings(t *testing.T) {
	if setupErr != nil {
		t.Fatalf("setup: %v", setupErr)
	}
	for _, arch := range winenv.Arches {
		t.Run(arch, func(t *testing.T) {
			exe, err := theEnv.BuildProgramArch(filepath.Join("pacing", "pacing.c"), arch)
			if err != nil {
				t.Fatal(err)
			}
			run := func(mode, config string) string {
				t.Helper()
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
				defer cancel()
				out, err := theEnv.RunEnv(ctx, theEnv.Work, []string{"MTLD3D_CONFIG=" + config}, "wine", exe, mode)
				got := strings.TrimSpace(strings.ReplaceAll(string(out), "\r", ""))
				if err != nil || !strings.HasPrefix(got, mode+" ") {
					t.Fatalf("%s with %q: %v\n%s", mode, config, err, got)
				}
				return strings.TrimPrefix(got, mode+" ")
			}
			ms, err := strconv.ParseFloat(run("fps", "present.max_fps=50"), 64)
			if err != nil {
				t.Fatal(err)
			}
			if ms < 20*20-1 {
				t.Errorf("20 Presents at present.max_fps=50 took %.1f ms, want at least 400", ms)
			}
			const stillDrawing = "0x8876021c" // D3DERR_WASSTILLDRAWING
			if got := run("latency", "present.max_frame_latency=1"); got != stillDrawing {
				t.Errorf("DONOTWAIT behind a slow frame with a bound of 1: %s, want %s", got, stillDrawing)
			}
			if got := run("latency", ""); got != "0" {
				t.Errorf("DONOTWAIT behind a slow frame with the default bound: %s, want 0", got)
			}
		})
	}
}
