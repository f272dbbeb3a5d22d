package tests

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
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
	eachArch(t, filepath.Join("pacing", "pacing.c"), func(t *testing.T, exe string) {
		run := func(mode, config string) string {
			t.Helper()
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			out, err := theEnv.RunEnv(ctx, theEnv.Work, []string{"MTLD3D_CONFIG=" + config}, "wine", exe, mode)
			got := programOutput(out)
			if err != nil || !strings.HasPrefix(got, mode+" ") {
				t.Fatalf("%s with %q: %v\n%s", mode, config, err, got)
			}
			return strings.TrimPrefix(got, mode+" ")
		}
		limited, free := t.TempDir(), t.TempDir()
		ms, err := strconv.ParseFloat(run("fps", "present.max_fps=50;perf.log=1;log.dir="+limited), 64)
		if err != nil {
			t.Fatal(err)
		}
		if ms < 20*20-1 {
			t.Errorf("20 Presents at present.max_fps=50 took %.1f ms, want at least 400", ms)
		}
		// perf.log's lines, compared by mtld3d-perf: the limited run
		// shows its 21 frames at no more than 50 a second.
		run("fps", "perf.log=1;log.dir="+free)
		logOf := func(dir string) string {
			m, _ := filepath.Glob(filepath.Join(dir, "pacing-*.log"))
			if len(m) != 1 {
				t.Fatalf("logs in %s: %v", dir, m)
			}
			return m[0]
		}
		out, err := exec.Command(perfTool(t), "compare", logOf(limited), logOf(free)).CombinedOutput()
		if err != nil {
			t.Fatalf("mtld3d-perf compare: %v\n%s", err, out)
		}
		rows := map[string][]string{}
		for _, l := range strings.Split(string(out), "\n") {
			if f := strings.Fields(l); len(f) == 4 {
				rows[f[0]] = f[1:]
			}
		}
		if r := rows["frames"]; len(r) != 3 || r[0] != "21" || r[1] != "21" {
			t.Errorf("frames row %q, want 21 in both runs:\n%s", r, out)
		}
		if r := rows["guest_mib"]; len(r) != 3 || r[0] == "0.00" {
			t.Errorf("guest_mib row %q, want d3d9.dll's memory (its record arena at least):\n%s", r, out)
		}
		if r := rows["frametime_p50_ms"]; len(r) != 3 {
			t.Errorf("no frame-time row:\n%s", out)
		} else if p50, _ := strconv.ParseFloat(r[0], 64); p50 < 19 {
			// Between two submissions: a period, give or take the
			// jitter of two wake-ups.
			t.Errorf("limited run's median frame time %.2f ms, want about 20:\n%s", p50, out)
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

// perfTool builds cmd/mtld3d-perf once for the tests that read perf logs.
func perfTool(t *testing.T) string {
	t.Helper()
	perfOnce.Do(func() {
		perfPath = filepath.Join(theEnv.Work, "mtld3d-perf")
		if out, err := exec.Command("go", "build", "-o", perfPath, "../cmd/mtld3d-perf").CombinedOutput(); err != nil {
			perfErr = fmt.Errorf("%v\n%s", err, out)
		}
	})
	if perfErr != nil {
		t.Fatalf("building mtld3d-perf: %v", perfErr)
	}
	return perfPath
}

var (
	perfOnce sync.Once
	perfPath string
	perfErr  error
)
