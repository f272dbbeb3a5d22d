package tests

import (
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"testing"
	"time"
)

// TestWriteFuzzCorpus runs a few programs with record.dir set and writes
// the chunks they submitted as seeds of unix/device's FuzzFrame, in Go's
// corpus format (text). It only runs for `make fuzz-corpus`
// (MTLD3D_FUZZ_CORPUS=1): the seeds are committed, rewritten on demand.
func TestWriteFuzzCorpus(t *testing.T) {
	if os.Getenv("MTLD3D_FUZZ_CORPUS") == "" {
		t.Skip("set MTLD3D_FUZZ_CORPUS=1 (make fuzz-corpus) to rewrite unix/device's fuzz seeds")
	}
	if setupErr != nil {
		t.Fatalf("setup: %v", setupErr)
	}
	out := filepath.Join("..", "unix", "device", "testdata", "fuzz", "FuzzFrame")
	old, _ := filepath.Glob(filepath.Join(out, "real-*"))
	for _, f := range old {
		os.Remove(f)
	}
	const perProgram, maxChunk = 6, 16 << 10
	for _, name := range []string{"draw", "textures", "shaders", "fflight", "states", "blend", "cubevol", "queries"} {
		exe, err := theEnv.BuildProgramArch(filepath.Join("programs", name+".c"), "x86_64")
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		_, err = theEnv.RunEnv(ctx, theEnv.Work, []string{"MTLD3D_CONFIG=record.dir=" + dir}, "wine", exe)
		cancel()
		if err != nil {
			t.Logf("%s: %v", name, err)
		}
		files, _ := filepath.Glob(filepath.Join(dir, "records-*.bin"))
		sort.Strings(files)
		n := 0
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for len(b) >= 8 && n < perProgram {
				used := int(binary.LittleEndian.Uint32(b))
				if used < 8 || used > len(b) {
					break
				}
				if used > 8 && used <= maxChunk {
					seed := fmt.Sprintf("go test fuzz v1\n[]byte(%s)\n", strconv.Quote(string(b[8:used])))
					if err := os.WriteFile(filepath.Join(out, fmt.Sprintf("real-%s-%d", name, n)), []byte(seed), 0o644); err != nil {
						t.Fatal(err)
					}
					n++
				}
				b = b[used:]
			}
		}
		t.Logf("%s: %d seeds", name, n)
	}
}
