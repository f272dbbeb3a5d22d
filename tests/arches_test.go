package tests

import (
	"image"
	"image/png"
	"os"
	"strings"
	"testing"

	"mtld3d/internal/winenv"
)

// eachArch builds the program src (a path under tests/) as each guest
// architecture and runs body with it, as a subtest named for the
// architecture. Under the Metal double only x86_64 runs: the double is
// 64-bit, and a 32-bit program's mtld3d.so is i386 (TestPrograms).
func eachArch(t *testing.T, src string, body func(t *testing.T, exe string)) {
	t.Helper()
	if setupErr != nil {
		t.Fatalf("setup: %v", setupErr)
	}
	for _, arch := range winenv.Arches {
		if e2eBackend() == "metal-double" && arch != "x86_64" {
			continue
		}
		t.Run(arch, func(t *testing.T) {
			exe, err := theEnv.BuildProgramArch(src, arch)
			if err != nil {
				t.Fatal(err)
			}
			body(t, exe)
		})
	}
}

// programOutput is what a program printed, trimmed, without carriage
// returns and without Wine's own diagnostics: a line "wine: ..." comes
// from one of Wine's helper processes (under load this Wine 8.0
// sometimes reports a page fault in a 64-bit helper while a 32-bit
// program runs and exits normally), never from the programs here.
func programOutput(out []byte) string {
	var keep []string
	for _, l := range strings.Split(strings.ReplaceAll(string(out), "\r", ""), "\n") {
		if !strings.HasPrefix(l, "wine: ") {
			keep = append(keep, l)
		}
	}
	return strings.TrimSpace(strings.Join(keep, "\n"))
}

// readPNG decodes a PNG file (a frame dump).
func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}
