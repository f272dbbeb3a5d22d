package device

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
	"time"

	"go.uber.org/zap"

	"mtld3d/core/dxso"
	"mtld3d/core/format"
	"mtld3d/shared"
	"mtld3d/unix/shadercache"
)

// corpusBytecode is the DXSO corpus (core/dxso/testdata/corpus) as
// bytecode, the programs the front end accepts, with their kinds.
func corpusBytecode(tb testing.TB) (codes [][]byte, kinds []uint32) {
	files, err := filepath.Glob("../../core/dxso/testdata/corpus/*.asm")
	if err != nil || len(files) < 300 {
		tb.Fatalf("corpus: %d files, %v", len(files), err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		words, err := dxso.Assemble(string(src))
		if err != nil {
			continue
		}
		b := make([]byte, 4*len(words))
		for i, w := range words {
			binary.LittleEndian.PutUint32(b[4*i:], w)
		}
		if _, err := lowerCode(b, false); err != nil {
			continue
		}
		kind := uint32(shared.ShaderPixel)
		if words[0]>>16 == 0xfffe {
			kind = shared.ShaderVertex
		}
		codes, kinds = append(codes, b), append(kinds, kind)
	}
	return codes, kinds
}

// createAll creates every shader on a started device over cache c and
// waits for their functions: the time from the first creation to the
// last function built, and how long the device's prewarm took before.
func createAll(tb testing.TB, c *shadercache.Cache, codes [][]byte, kinds []uint32) (create, prewarm time.Duration) {
	d, err := New(testBackend(tb), format.Target{AppleGPU: true})
	if err != nil {
		tb.Fatal(err)
	}
	d.log = zap.NewNop()
	d.store = newStore(c)
	start := time.Now()
	d.Start()
	d.compiler.pre.wait()
	prewarm = time.Since(start)
	start = time.Now()
	for i, code := range codes {
		d.createShader(uint32(100+i), kinds[i], false, code)
	}
	for _, b := range d.compiler.builds {
		if _, _, err := b.wait(); err != nil {
			tb.Fatal(err)
		}
	}
	create = time.Since(start)
	d.close()
	d.Release()
	return create, prewarm
}

// BenchmarkShaderCache: creating every corpus shader and building its
// function for the creation-time variant, as CreateShader replays do, in
// a first run (an empty cache: parse, lower, describe, build, store) and
// in a second (a new store over the file the first wrote, as a new
// process opens it, prewarmed at the device's start). It reports ns per
// shader of each run, their ratio, and the prewarm's cost per shader,
// paid on the compile workers before the game asks. The backend is the
// tests' (MTLD3D_TEST_BACKEND).
//
//	make bench-cache
func BenchmarkShaderCache(b *testing.B) {
	codes, kinds := corpusBytecode(b)
	fp := cacheFingerprint(testBackend(b), format.Target{AppleGPU: true})
	var cold, warm, pre time.Duration
	for range b.N {
		dir := b.TempDir()
		for run := range 2 {
			c, err := shadercache.Open(dir, cacheName, fp)
			if err != nil {
				b.Fatal(err)
			}
			create, prewarm := createAll(b, c, codes, kinds)
			if run == 0 {
				cold += create
			} else {
				warm += create
				pre += prewarm
			}
			if st := c.Stats(); run == 1 && st.Puts != 0 {
				b.Fatalf("second run stored %d entries, want none", st.Puts)
			}
			c.Close()
		}
	}
	n := float64(b.N * len(codes))
	b.ReportMetric(float64(cold.Nanoseconds())/n, "cold-ns/shader")
	b.ReportMetric(float64(warm.Nanoseconds())/n, "warm-ns/shader")
	b.ReportMetric(float64(cold)/float64(warm), "cold/warm")
	b.ReportMetric(float64(pre.Nanoseconds())/n, "prewarm-ns/shader")
	b.ReportMetric(float64(len(codes)), "shaders")
}
