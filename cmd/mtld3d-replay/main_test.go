package main

import (
	"encoding/binary"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"go.uber.org/zap"

	"mtld3d/shared"
)

// replaySeed replays unix/device's FuzzCaptureFile seed name (a Go fuzz
// corpus file: the repository tracks no binaries) with its wire hash made
// this build's, and returns the PNG written; in and b are the capture
// file and its bytes, for another try.
func replaySeed(t *testing.T, name string) (img image.Image, in string, b []byte) {
	t.Helper()
	text, err := os.ReadFile("../../unix/device/testdata/fuzz/FuzzCaptureFile/" + name)
	if err != nil {
		t.Fatal(err)
	}
	q, _ := strings.CutPrefix(strings.TrimSpace(string(text)), "go test fuzz v1\n[]byte(")
	s, err := strconv.Unquote(strings.TrimSuffix(q, ")"))
	if err != nil {
		t.Fatal(err)
	}
	b = []byte(s)
	binary.LittleEndian.PutUint64(b[16:], shared.WireHash())
	dir := t.TempDir()
	in, out := filepath.Join(dir, "x.mtlcap"), filepath.Join(dir, "frame.png")
	if err := os.WriteFile(in, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := replay(in, out, zap.NewNop()); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if img, err = png.Decode(f); err != nil {
		t.Fatal(err)
	}
	return img, in, b
}

// TestReplayWritesTheFrame replays unix/device's FuzzCaptureFile seed,
// a capture of three frames (TestCaptureReplaysTheFrame checks it
// replays to the captured image), to a PNG holding frame 3: its upload
// in the bottom right corner. The seed's wire hash is made this build's;
// another is refused.
func TestReplayWritesTheFrame(t *testing.T) {
	img, in, b := replaySeed(t, "capture-3")
	if r, g, b, _ := img.At(7, 7).RGBA(); r>>8 != 0xfe || g>>8 != 0xdc || b>>8 != 0xba {
		t.Errorf("(7,7) = %x %x %x, want frame 3's fedcba", r>>8, g>>8, b>>8)
	}
	binary.LittleEndian.PutUint64(b[16:], shared.WireHash()+1)
	os.WriteFile(in, b, 0o644)
	if err := replay(in, filepath.Join(filepath.Dir(in), "frame.png"), zap.NewNop()); err == nil {
		t.Error("a capture of another build replayed")
	}
}

// TestReplayHotkeyCapture replays unix/device's hotkey capture seed (a
// snapshot of a device, then frame 4, which TestHotkeyCaptureReplaysTheFrame
// checks replays to the captured image) to a PNG holding frame 4: the
// volume texture's second slice at (3,7), made in an earlier frame.
func TestReplayHotkeyCapture(t *testing.T) {
	img, _, _ := replaySeed(t, "hotkey-4")
	if r, g, b, _ := img.At(3, 7).RGBA(); r>>8 != 0xa0 || g>>8 != 0xb0 || b>>8 != 0xc0 {
		t.Errorf("(3,7) = %x %x %x, want the volume's a0b0c0", r>>8, g>>8, b>>8)
	}
}
