package tests

import (
	"context"
	"fmt"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestCapture runs capture/capture.c as each guest architecture, twice:
//
//   - with debug.capture_frame=3 and debug.dump_frame=3: the capture file
//     (every frame from the device's creation) appears beside the log;
//   - with debug.capture_hotkey=1 and Ctrl+Shift+F12 pressed with
//     SendInput before frame 3: the hotkey's PNG of frame 3 and its
//     capture of frame 3 alone, a snapshot of the device as the frame
//     starts, appear beside the log.
//
// Each time the file is <exe>-<pid>-capture-3.mtlcap, no .part is left,
// and mtld3d-replay, built from this tree, replays it on the reference
// backend to a PNG whose every pixel is that of the frame the game
// presented (its PNG beside the log): a texture filled in frame 1 and
// rewritten in frame 2, a vertex buffer filled in frame 1, a UP draw, a
// render-target texture drawn in frame 2 and a texture of three levels
// read at level 1 by a sampler state set in frame 1.
func TestCapture(t *testing.T) {
	eachArch(t, filepath.Join("capture", "capture.c"), func(t *testing.T, built string) {
		exe, err := os.ReadFile(built)
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			name, config string
			args         []string
		}{
			{"frame", "debug.capture_frame=3;debug.dump_frame=3", nil},
			{"hotkey", "debug.capture_hotkey=1", []string{"hotkey"}},
		} {
			t.Run(tc.name, func(t *testing.T) { captureRun(t, exe, tc.config, tc.args) })
		}
	})
}

// captureRun runs capture.exe with config and args and checks the
// capture of frame 3 it leaves replays to frame 3's PNG.
func captureRun(t *testing.T, exe []byte, config string, args []string) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "capture.exe"), exe, 0o755); err != nil {
		t.Fatal(err)
	}
	if b := e2eBackend(); b != "" {
		config += ";backend=" + b
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	out, err := theEnv.RunEnv(ctx, dir, []string{"MTLD3D_CONFIG=" + config}, "wine", append([]string{filepath.Join(dir, "capture.exe")}, args...)...)
	got := programOutput(out)
	if err != nil || got != "ok" {
		t.Fatalf("capture.exe: %v\n%s", err, got)
	}
	logDir := filepath.Join(dir, "mtld3d-logs")
	logs, _ := filepath.Glob(filepath.Join(logDir, "capture-*.log"))
	if len(logs) != 1 {
		t.Fatalf("logs: %v", logs)
	}
	base := strings.TrimSuffix(logs[0], ".log")
	capFile, dumped := base+"-capture-3.mtlcap", base+"-frame-3.png"
	if parts, _ := filepath.Glob(filepath.Join(logDir, "*.part")); len(parts) != 0 {
		t.Errorf("partial files left: %v", parts)
	}
	if caps, _ := filepath.Glob(filepath.Join(logDir, "*.mtlcap")); len(caps) != 1 || caps[0] != capFile {
		log, _ := os.ReadFile(logs[0])
		t.Fatalf("capture files %v, want %s alone\nlog:\n%s", caps, capFile, log)
	}
	replayed := filepath.Join(t.TempDir(), "frame.png")
	if out, err := exec.Command(replayTool(t), capFile, "-o", replayed).CombinedOutput(); err != nil {
		log, _ := os.ReadFile(logs[0])
		t.Fatalf("mtld3d-replay: %v\n%s\nlog:\n%s", err, out, log)
	}
	want, got2 := readPNG(t, dumped), readPNG(t, replayed)
	if want.Bounds() != got2.Bounds() {
		t.Fatalf("replayed %v, presented %v", got2.Bounds(), want.Bounds())
	}
	diff := 0
	b := want.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if want.At(x, y) != got2.At(x, y) {
				if diff < 5 {
					t.Errorf("(%d,%d): replayed %v, presented %v", x, y, got2.At(x, y), want.At(x, y))
				}
				diff++
			}
		}
	}
	if diff > 0 {
		t.Errorf("%d pixels differ", diff)
	}
	// The frame is 3's: the vertex buffer's quad over the clear,
	// not frame 4's clear; somewhere (the window may scale the back
	// buffer) the render-target texture's clear colour, and the
	// mipmapped texture's level 1.
	if c := fmt.Sprint(want.At(2, 62)); c != fmt.Sprint(want.At(62, 2)) || c == fmt.Sprint(want.At(40, 30)) {
		t.Errorf("the presented frame 3 shows no quad: (2,62) %v (62,2) %v (40,30) %v", want.At(2, 62), want.At(62, 2), want.At(40, 30))
	}
	for _, c := range []color.NRGBA{{0xc0, 0x80, 0x40, 0xff}, {0x20, 0xc0, 0x80, 0xff}} {
		found := false
		for y := b.Min.Y; y < b.Max.Y && !found; y++ {
			for x := b.Min.X; x < b.Max.X && !found; x++ {
				found = color.NRGBAModel.Convert(want.At(x, y)) == c
			}
		}
		if !found {
			t.Errorf("frame 3 has no pixel of %v", c)
		}
	}
}

// replayTool builds cmd/mtld3d-replay once.
func replayTool(t *testing.T) string {
	t.Helper()
	replayOnce.Do(func() {
		replayPath = filepath.Join(theEnv.Work, "mtld3d-replay")
		if out, err := exec.Command("go", "build", "-o", replayPath, "../cmd/mtld3d-replay").CombinedOutput(); err != nil {
			replayErr = fmt.Errorf("%v\n%s", err, out)
		}
	})
	if replayErr != nil {
		t.Fatalf("building mtld3d-replay: %v", replayErr)
	}
	return replayPath
}

var (
	replayOnce sync.Once
	replayPath string
	replayErr  error
)
