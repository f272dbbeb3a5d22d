package device

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"mtld3d/shared"
	"mtld3d/types"
)

// presentFrames replays one frame per colour, each cleared to its colour
// and presented; dump[i] sets PresentDumpPNG on frame i+1.
func presentFrames(t *testing.T, d *Device, colours []uint32, dump []bool) {
	t.Helper()
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	replay(t, d, c)
	for i, col := range colours {
		c := newChunk()
		add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: col})
		r := presentRec(5, 1, 8, 8, 8, 8)
		if dump[i] {
			r.Dump = shared.PresentDumpPNG
		}
		add(c, code("Present"), r)
		replay(t, d, c)
	}
}

// decodePNG reads a PNG file the device wrote.
func decodePNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// pngColour reads a PNG's pixel (3, 3) as X8R8G8B8.
func pngColour(t *testing.T, path string) uint32 {
	t.Helper()
	r, g, b, _ := decodePNG(t, path).At(3, 3).RGBA()
	return 0xff000000 | (r>>8)<<16 | (g>>8)<<8 | b>>8
}

var frameColours = []uint32{0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffffff}

// A Present carrying PresentDumpPNG (the frame hotkey) writes that
// presented frame beside the log, and only that one.
func TestFrameHotkeyWritesThePresentedFrame(t *testing.T) {
	dir := t.TempDir()
	d := newTestDevice(t)
	d.framePNG = filepath.Join(dir, "game-42")
	presentFrames(t, d, frameColours, []bool{false, true, false, false})
	if got := dumpedFiles(t, dir); !slices.Equal(got, []string{"game-42-frame-2.png"}) {
		t.Fatalf("files %v, want game-42-frame-2.png", got)
	}
	if got := pngColour(t, filepath.Join(dir, "game-42-frame-2.png")); got != frameColours[1] {
		t.Fatalf("frame 2's PNG is %#x, want %#x", got, frameColours[1])
	}
}

// debug.dump_frame = N writes presented frame N beside the log, as the
// hotkey does; with dump.dir set too, both get their file.
func TestDumpFrameWritesFrameN(t *testing.T) {
	dir, all := t.TempDir(), t.TempDir()
	d := newTestDevice(t)
	d.framePNG = filepath.Join(dir, "game-42")
	d.dumpFrame = 3
	d.dumpDir = all
	presentFrames(t, d, frameColours, make([]bool, 4))
	if got := dumpedFiles(t, dir); !slices.Equal(got, []string{"game-42-frame-3.png"}) {
		t.Fatalf("files %v, want game-42-frame-3.png", got)
	}
	if got := pngColour(t, filepath.Join(dir, "game-42-frame-3.png")); got != frameColours[2] {
		t.Fatalf("frame 3's PNG is %#x, want %#x", got, frameColours[2])
	}
	if n := len(dumpedFiles(t, all)); n != 4 {
		t.Fatalf("dump.dir has %d files, want 4", n)
	}
	if got := pngColour(t, filepath.Join(all, "frame-0-000003.png")); got != frameColours[2] {
		t.Fatalf("dump.dir's frame 3 is %#x, want %#x", got, frameColours[2])
	}
}

// With no log file there is nowhere beside it: the frame is not written
// and the replay goes on.
func TestFrameHotkeyWithoutLog(t *testing.T) {
	d := newTestDevice(t)
	presentFrames(t, d, frameColours[:2], []bool{true, false})
	if d.frames != 2 {
		t.Fatalf("%d frames presented, want 2", d.frames)
	}
}

func TestFramePNGPath(t *testing.T) {
	for _, c := range []struct {
		log  string
		id   uint32
		want string
	}{
		{"/g/mtld3d-logs/game-12.log", 1, "/g/mtld3d-logs/game-12"},
		{"/g/mtld3d-logs/game-12.log", 3, "/g/mtld3d-logs/game-12-device-3"},
		{"", 1, ""},
	} {
		if got := framePNGPath(c.log, c.id); got != c.want {
			t.Errorf("framePNGPath(%q, %d) = %q, want %q", c.log, c.id, got, c.want)
		}
	}
}
