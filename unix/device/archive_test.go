//go:build linux && (amd64 || arm64)

package device

import (
	"os"
	"runtime"
	"slices"
	"syscall"
	"testing"

	"go.uber.org/zap/zaptest"

	"mtld3d/core/format"
	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend/metal"
	"mtld3d/unix/backend/metal/double"
	"mtld3d/unix/shadercache"
)

// The Metal backend's binary archive as the device uses it, over the
// Metal double whatever MTLD3D_TEST_BACKEND says: the compiled
// pipelines of one run are loaded by the next (a new backend and a new
// store over the same folder, as a new process has) instead of being
// compiled, and a file Metal cannot use costs a recompile, never the
// device.

// archiveRun is one run over the cache folder dir: a device over a new
// Metal backend with its archive, the shader frames drawn, the device
// destroyed, and the archive's writer waited for. It returns the
// backend's archive counters and what the double saw in between.
func archiveRun(t *testing.T, dir string) (metal.ArchiveStats, double.ArchiveCounts) {
	t.Helper()
	dbl := double.Install()
	be := metalDouble(t, false).(*metal.Device)
	target := format.Target{AppleGPU: true}
	c, err := shadercache.Open(dir, cacheName, cacheFingerprint(be, target))
	if err != nil {
		t.Fatal(err)
	}
	before := dbl.Archives()
	d, err := New(be, target)
	if err != nil {
		t.Fatal(err)
	}
	d.log = zaptest.NewLogger(t)
	d.store = newStore(c)
	openArchive(be, c) // as openCache does
	d.Start()
	d.compiler.pre.wait()
	create, draw, keep := shaderFrames(t)
	submit(t, d, create)
	submit(t, d, draw)
	if got := readPixel(t, d, 1, 8, 8, 4, 4); !halfGreen(got) {
		t.Errorf("shaded pixel %#x, want half green", got)
	}
	submit(t, d, fixedFunctionDraw())
	if got := readPixel(t, d, 1, 8, 8, 4, 4); got != 0xff00ff00 {
		t.Errorf("fixed-function pixel %#x, want green", got)
	}
	d.close()
	d.Release()
	be.WaitArchive()
	runtime.KeepAlive(keep)
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	after := dbl.Archives()
	return be.ArchiveStats(), double.ArchiveCounts{Opened: after.Opened - before.Opened, Refused: after.Refused - before.Refused,
		Hits: after.Hits - before.Hits, Misses: after.Misses - before.Misses, Added: after.Added - before.Added,
		Serialized: after.Serialized - before.Serialized, Threads: after.Threads[len(before.Threads):]}
}

// fixedFunctionDraw draws shaderFrames' triangle without shaders: a
// second pipeline.
func fixedFunctionDraw() *chunk {
	c := newChunk()
	add(c, code("SetVertexShader"), shared.RecSetObject{Object: 0})
	add(c, code("SetPixelShader"), shared.RecSetObject{Object: 0})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_LIGHTING), Value: 0})
	var data []byte
	data = append(data, vtx(-1, -1, 0.5, 0xff00ff00)...)
	data = append(data, vtx(3, -1, 0.5, 0xff00ff00)...)
	data = append(data, vtx(-1, 3, 0.5, 0xff00ff00)...)
	add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1, Stride: 20,
		VertexBytes: uint32(len(data))}, data...)
	return c
}

// A second run finds the first run's archive and every pipeline it
// makes (the prewarm's, at the device's start) comes from it: nothing
// is compiled, added or written.
func TestBinaryArchiveServesTheSecondRun(t *testing.T) {
	dir := t.TempDir()
	first, fc := archiveRun(t, dir)
	if first.Misses != 2 {
		t.Errorf("first run compiled %d pipelines, want the two draws'", first.Misses)
	}
	if first.Loaded || first.Hits != 0 || first.Misses == 0 || first.Added != first.Misses || first.Writes != 1 {
		t.Fatalf("first run: %+v; want every pipeline compiled, added and written once", first)
	}
	if fc.Serialized != 1 || fc.Added != int(first.Added) {
		t.Errorf("first run, the double: %+v", fc)
	}
	if _, err := os.Stat(first.Path); err != nil {
		t.Fatalf("archive file: %v", err)
	}
	second, sc := archiveRun(t, dir)
	if !second.Loaded || second.Misses != 0 || second.Hits != first.Added || second.Added != 0 || second.Writes != 0 {
		t.Errorf("second run: %+v; want the first run's %d pipelines from the archive and nothing compiled or written", second, first.Added)
	}
	if sc.Hits != int(first.Added) || sc.Misses != 0 || sc.Serialized != 0 {
		t.Errorf("second run, the double: %+v", sc)
	}
	t.Logf("first run: %d pipelines compiled and archived; second run: %d loaded from the archive, %d compiled", first.Misses, second.Hits, second.Misses)
}

// A file Metal refuses (damaged, or made for another GPU) is deleted
// and a new archive started: the run compiles and writes a good file,
// which the run after loads. A file from another OS build opens but
// serves nothing (MTLBinaryArchive.h: an OS update may make it stale):
// its pipelines are compiled and added again, and the next run loads
// them.
func TestUnusableBinaryArchiveIsReplaced(t *testing.T) {
	dbl := double.Install()
	cases := []struct {
		name    string
		spoil   func(t *testing.T, path string) // after a good first run
		refused bool
	}{
		{"damaged", func(t *testing.T, path string) {
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			b[len(b)/2] ^= 0x55
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}, true},
		{"not an archive", func(t *testing.T, path string) {
			if err := os.WriteFile(path, []byte("garbage"), 0o644); err != nil {
				t.Fatal(err)
			}
		}, true},
		{"another GPU", nil, true},
		{"another OS build", nil, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			switch tc.name {
			case "another GPU":
				dbl.GPUArch = "another-gpu"
			case "another OS build":
				dbl.OSBuild = "an-older-build"
			}
			first, _ := archiveRun(t, dir)
			dbl.GPUArch, dbl.OSBuild = "", ""
			if tc.spoil != nil {
				tc.spoil(t, first.Path)
			}
			second, sc := archiveRun(t, dir)
			if second.Dropped != tc.refused || second.Loaded == tc.refused || sc.Refused != btoi(tc.refused) {
				t.Errorf("second run: %+v, the double %+v; want the file refused %v", second, sc, tc.refused)
			}
			if second.Hits != 0 || second.Misses != first.Added || second.Added != first.Added || second.Writes != 1 {
				t.Errorf("second run: %+v; want the %d pipelines compiled, added and written again", second, first.Added)
			}
			third, _ := archiveRun(t, dir)
			if !third.Loaded || third.Hits != first.Added || third.Misses != 0 || third.Writes != 0 {
				t.Errorf("third run: %+v; want the %d pipelines from the archive", third, first.Added)
			}
		})
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// The archive is written on the writer's goroutine, not on the thread
// that destroys the device (the game's: DestroyDevice runs on it).
func TestBinaryArchiveWrittenOffTheGamesThread(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	self := syscall.Gettid()
	st, counts := archiveRun(t, t.TempDir())
	if st.Writes != 1 || len(counts.Threads) != 1 {
		t.Fatalf("stats %+v, the double %+v: want one write", st, counts)
	}
	if slices.Contains(counts.Threads, self) {
		t.Errorf("the archive was written on the thread that destroyed the device (%d)", self)
	}
}

// A process that does not own the cache folder (a second Open of the
// cache file stays memory-only) reads the archive but never writes it;
// without a disk cache there is no archive.
func TestBinaryArchiveReadOnlyWithoutTheCacheFile(t *testing.T) {
	dir := t.TempDir()
	first, _ := archiveRun(t, dir)
	be := metalDouble(t, false).(*metal.Device)
	owner, err := shadercache.Open(dir, cacheName, cacheFingerprint(be, format.Target{AppleGPU: true}))
	if err != nil {
		t.Fatal(err)
	}
	defer owner.Close()
	second, sc := archiveRun(t, dir)
	if !second.Loaded || second.Hits == 0 || second.Added != 0 || second.Writes != 0 || sc.Serialized != 0 {
		t.Errorf("read-only run: %+v, the double %+v; want lookups only", second, sc)
	}
	if second.Misses != 0 || second.Hits != first.Added {
		t.Errorf("read-only run: %+v; want the first run's %d pipelines", second, first.Added)
	}
	openArchive(be, nil)
	if st := be.ArchiveStats(); st.Path != "" {
		t.Errorf("an archive without a disk cache: %+v", st)
	}
	be.Release()
}
