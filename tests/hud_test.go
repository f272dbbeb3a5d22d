package tests

import (
	"context"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// hudColour is hud.c's clear colour as R, G, B.
var hudColour = [3]uint32{0x20, 0x80, 0xc0}

// TestHUD runs hud/hud.c as each guest architecture with the hud key set
// through MTLD3D_CONFIG and debug.dump_frame=5, and reads the PNG:
//   - hud=1 darkens the top-left corner and writes white text there,
//     while the rest of the frame is the clear colour;
//   - hud=fps,bogus logs a warning naming bogus and still shows fps;
//   - without hud the whole frame is the clear colour.
func TestHUD(t *testing.T) {
	eachArch(t, filepath.Join("hud", "hud.c"), func(t *testing.T, built string) {
		exe, err := os.ReadFile(built)
		if err != nil {
			t.Fatal(err)
		}
		// run runs hud.exe with config and returns frame 5's PNG and
		// the log.
		run := func(config string) (image.Image, string) {
			t.Helper()
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "hud.exe"), exe, 0o755); err != nil {
				t.Fatal(err)
			}
			config += ";debug.dump_frame=5"
			if b := e2eBackend(); b != "" {
				config += ";backend=" + b
			}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			out, err := theEnv.RunEnv(ctx, dir, []string{"MTLD3D_CONFIG=" + config}, "wine", filepath.Join(dir, "hud.exe"))
			if got := programOutput(out); err != nil || got != "ok" {
				t.Fatalf("hud.exe with %s: %v\n%s", config, err, got)
			}
			logs, _ := filepath.Glob(filepath.Join(dir, "mtld3d-logs", "hud-*.log"))
			if len(logs) != 1 {
				t.Fatalf("logs: %v", logs)
			}
			log, err := os.ReadFile(logs[0])
			if err != nil {
				t.Fatal(err)
			}
			img := readPNG(t, strings.TrimSuffix(logs[0], ".log")+"-frame-5.png")
			if b := img.Bounds(); b.Dx() != 320 || b.Dy() != 240 {
				t.Fatalf("frame dump %v, want 320x240", b)
			}
			return img, string(log)
		}
		rgb := func(img image.Image, x, y int) [3]uint32 {
			r, g, b, _ := img.At(x, y).RGBA()
			return [3]uint32{r >> 8, g >> 8, b >> 8}
		}
		// corner counts the corner's (the overlay's at most: 160x100)
		// white pixels and checks the rest is the clear colour.
		corner := func(img image.Image) (white, dark int) {
			t.Helper()
			for y := range 240 {
				for x := range 320 {
					c := rgb(img, x, y)
					if x >= 160 || y >= 100 {
						if c != hudColour {
							t.Fatalf("(%d, %d) is %x outside the HUD, want the clear colour %x", x, y, c, hudColour)
						}
						continue
					}
					switch {
					case c == [3]uint32{0xff, 0xff, 0xff}:
						white++
					case c[2] < hudColour[2]/2:
						dark++
					}
				}
			}
			return white, dark
		}

		img, _ := run("hud=1")
		if c := rgb(img, 1, 1); c == hudColour || c[2] >= hudColour[2] {
			t.Errorf("hud=1: the corner (1, 1) is %x, want darker than the clear colour %x", c, hudColour)
		}
		if white, dark := corner(img); white < 50 || dark < 1000 {
			t.Errorf("hud=1: %d white (text) and %d darkened pixels in the corner", white, dark)
		}

		img, log := run("hud=fps,bogus")
		if !strings.Contains(log, "bogus") || !strings.Contains(log, "hud") {
			t.Errorf("hud=fps,bogus: no warning naming bogus in the log:\n%s", log)
		}
		if white, dark := corner(img); white < 10 || dark < 100 {
			t.Errorf("hud=fps,bogus: %d white and %d darkened pixels in the corner", white, dark)
		}

		img, _ = run("hud=0")
		if white, dark := corner(img); white != 0 || dark != 0 || rgb(img, 1, 1) != hudColour {
			t.Errorf("hud=0: %d white and %d darkened pixels in the corner, (1, 1) %x", white, dark, rgb(img, 1, 1))
		}
	})
}
