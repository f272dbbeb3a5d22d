package tests

import (
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
