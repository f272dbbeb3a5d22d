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
// guest architecture: present.max_fps keeps 21 Presents, timed from
// before the first, from taking less than 20 periods (the first takes its
// slot at once; a lower bound only: how much longer they take is the
// machine's). Timed from the first one's return instead, the bound fell
// short by however late that return was, 8 ms on a loaded i686 run. And
// present.max_frame_latency = 1 makes a Present that must not wait report
// D3DERR_WASSTILLDRAWING behind one slow frame, where the game's default
// bound of 3 takes it. present.vsync is TestVSync's.
func TestPacingSettings(t *testing.T) {
	eachArch(t, filepath.Join("pacing", "pacing.c"), func(t *testing.T, exe string) {
		run := func(mode, config string) string {
			t.Helper()
			return runPacing(t, exe, config, mode)
		}
		limited, free := t.TempDir(), t.TempDir()
		ms, err := strconv.ParseFloat(run("fps", "present.max_fps=50;perf.log=1;log.dir="+limited), 64)
		if err != nil {
			t.Fatal(err)
		}
		if ms < 20*20-guestClockSlack {
			t.Errorf("21 Presents at present.max_fps=50 took %.1f ms, want at least 400", ms)
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

// guestClockSlack (ms) is what a program's QueryPerformanceCounter may
// read short of the unix side's clock, which paces: as i686 it moves in
// whole milliseconds, and 20 Presents that present.max_fps=50 held to
// 400 ms on Go's clock have read 398.0 ms there (2026-12-02).
const guestClockSlack = 5

// runPacing runs the pacing program with MTLD3D_CONFIG=config and the
// arguments args, and returns what it printed after its mode (args[0]).
func runPacing(t *testing.T, exe, config string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	out, err := theEnv.RunEnv(ctx, theEnv.Work, []string{"MTLD3D_CONFIG=" + config}, "wine", append([]string{exe}, args...)...)
	got := programOutput(out)
	if err != nil || !strings.HasPrefix(got, args[0]+" ") {
		t.Fatalf("%v with %q: %v\n%s", args, config, err, got)
	}
	return strings.TrimPrefix(got, args[0]+" ")
}

// TestVSync runs the pacing program's 21 Presents under present.vsync on
// the reference backend's simulated display (reference.refresh_hz) as
// each guest architecture. A synced frame is shown at a vertical blank,
// one a refresh, and its command buffer completes only then, so the
// frame-latency bound L holds the game: the 21st Present returns after
// the (21-L)th frame is shown, at least 20-L refreshes after the clock
// started (before the first Present). vsync=on, and app with
// D3DPRESENT_INTERVAL_ONE, are held so at 50 Hz; off, and app with
// IMMEDIATE, are not held at 2 Hz, where the grid would take more than
// 8 s. Lower bounds on time only, and an upper one for the unsynced runs
// far from what they take (21 small cleared frames), so a loaded machine
// does not fail them.
func TestVSync(t *testing.T) {
	eachArch(t, filepath.Join("pacing", "pacing.c"), func(t *testing.T, exe string) {
		vsync := func(config, interval string) float64 {
			t.Helper()
			ms, err := strconv.ParseFloat(runPacing(t, exe, config, "vsync", interval), 64)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s, interval %s: %.1f ms", config, interval, ms)
			return ms
		}
		for _, c := range []struct {
			config, interval string
			latency          int
		}{
			{"present.vsync=on;present.max_frame_latency=1", "immediate", 1},
			{"present.vsync=app", "one", 3},
		} {
			want := float64(20-c.latency)*20 - guestClockSlack
			if ms := vsync("reference.refresh_hz=50;"+c.config, c.interval); ms < want {
				t.Errorf("21 Presents (interval %s) with %s at 50 Hz took %.1f ms, want at least %.0f", c.interval, c.config, ms, want)
			}
		}
		for _, c := range []struct{ config, interval string }{
			{"present.vsync=off", "one"},
			{"present.vsync=app", "immediate"},
		} {
			// Held to a 2 Hz grid they would take at least 17 refreshes.
			if ms := vsync("reference.refresh_hz=2;"+c.config, c.interval); ms > 4000 {
				t.Errorf("21 Presents (interval %s) with %s took %.1f ms, as if held to a 2 Hz display", c.interval, c.config, ms)
			}
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
