//go:build linux && (amd64 || arm64)

package metal_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"

	"mtld3d/core/ff"
	"mtld3d/core/ir"
	"mtld3d/core/msl"
	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/metal"
	"mtld3d/unix/backend/metal/double"
)

// The binary archive's writer and its tuning, over the Metal double
// (which checks every message against Apple's headers and Metal's rules).

// vertexFunction is core/ff's default vertex shader as the device
// would give it to the Metal backend.
func vertexFunction(t *testing.T, dev *metal.Device) backend.Function {
	t.Helper()
	st := ff.DefaultState()
	vs := ff.VertexShader(ff.VertexKeyOf(&st))
	u, err := msl.Emit(vs, ir.VariantKey{})
	if err != nil {
		t.Fatal(err)
	}
	f, err := dev.NewFunction(backend.FunctionDesc{Stage: backend.StageVertex, Source: u.Source, Entry: u.Entry, IR: vs})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// depthOnly makes a depth-only pipeline; the formats tell them apart.
func depthOnly(t *testing.T, dev *metal.Device, vf backend.Function, f pixfmt.Format) {
	t.Helper()
	p, err := dev.NewRenderPipeline(backend.RenderPipelineDesc{VertexFunction: vf, DepthFormat: f, Topology: backend.TopologyTriangle})
	if err != nil {
		t.Fatal(err)
	}
	p.Release()
}

func openDevice(t *testing.T) (*double.Runtime, *metal.Device) {
	t.Helper()
	dbl := double.Install()
	dev, err := metal.New()
	if err != nil {
		t.Fatal(err)
	}
	return dbl, dev
}

// A batch of new pipelines makes the writer serialize, on its own
// goroutine (so never on the thread that made them); fewer than a
// batch waits for Release, which does not wait for the write.
func TestArchiveWrittenAfterABatchOffTheCallersThread(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	self := syscall.Gettid()
	defer metal.SetArchiveTuning(2, time.Hour)()
	dbl, dev := openDevice(t)
	dir := t.TempDir()
	if err := dev.OpenBinaryArchive(dir, true); err != nil {
		t.Fatal(err)
	}
	before := dbl.Archives()
	vf := vertexFunction(t, dev)
	depthOnly(t, dev, vf, pixfmt.Depth32Float)
	depthOnly(t, dev, vf, pixfmt.Depth16Unorm)
	dev.SyncArchive()
	mid := dbl.Archives()
	if got := mid.Serialized - before.Serialized; got != 1 {
		t.Errorf("after a batch of 2: %d writes, want 1", got)
	}
	path := dev.ArchiveStats().Path
	if _, err := os.Stat(path); err != nil {
		t.Errorf("archive file: %v", err)
	}
	depthOnly(t, dev, vf, pixfmt.Depth32Float_Stencil8)
	dev.SyncArchive()
	if got := dbl.Archives().Serialized - mid.Serialized; got != 0 {
		t.Errorf("one pipeline past the batch: %d writes, want none before Release", got)
	}
	vf.Release()
	dev.Release()
	dev.WaitArchive()
	after := dbl.Archives()
	if got := after.Serialized - before.Serialized; got != 2 {
		t.Errorf("%d writes in all, want 2 (the batch, then Release's)", got)
	}
	if st := dev.ArchiveStats(); st.Added != 3 || st.Misses != 3 || st.Hits != 0 || st.Writes != 2 {
		t.Errorf("stats %+v, want 3 misses added, 2 writes", st)
	}
	if slices.Contains(after.Threads[len(before.Threads):], self) {
		t.Errorf("an archive was written on the caller's thread %d (writes on %v)", self, after.Threads[len(before.Threads):])
	}
	if tmp, _ := filepath.Glob(filepath.Join(dir, "*.tmp")); len(tmp) != 0 {
		t.Errorf("left behind: %v", tmp)
	}
}

// On a system without binary archives (macOS 10.15) the device says so
// and pipelines compile as before.
func TestNoArchivesBeforeMacOS11(t *testing.T) {
	dbl, dev := openDevice(t)
	dbl.NoBinaryArchives = true
	defer func() { dbl.NoBinaryArchives = false }()
	if err := dev.OpenBinaryArchive(t.TempDir(), true); err == nil {
		t.Error("OpenBinaryArchive succeeded on a device without newBinaryArchiveWithDescriptor:error:")
	}
	vf := vertexFunction(t, dev)
	depthOnly(t, dev, vf, pixfmt.Depth32Float)
	vf.Release()
	dev.Release()
	if st := dev.ArchiveStats(); st != (metal.ArchiveStats{}) {
		t.Errorf("stats %+v, want none", st)
	}
}

// The file name keeps one GPU's archives apart from another's whose
// name starts the same, and from another OS build's.
func TestArchiveFileNames(t *testing.T) {
	cases := []struct{ gpu, build, want string }{
		{"Apple M1", "23A344", "metal-Apple-M1_23A344.binarchive"},
		{"Apple M1 Pro", "23A344", "metal-Apple-M1-Pro_23A344.binarchive"},
		{"AMD Radeon Pro 5500M", "", "metal-AMD-Radeon-Pro-5500M_unknown.binarchive"},
		{"../../x_y", "1/2", "metal-x-y_1-2.binarchive"},
	}
	for _, c := range cases {
		if got := metal.ArchiveFile(c.gpu, c.build); got != c.want {
			t.Errorf("archiveFile(%q, %q) = %q, want %q", c.gpu, c.build, got, c.want)
		}
	}
}

// Opening the archive for writing deletes this GPU's archives of other
// OS builds and the half-written files a dead writer left, and nothing
// of another GPU's, even one whose name starts the same.
func TestArchiveOpenRemovesStaleFiles(t *testing.T) {
	_, dev := openDevice(t)
	defer func() { dev.Release(); dev.WaitArchive() }()
	dir := t.TempDir()
	gpu := dev.Name()
	file := func(name string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	older := file(metal.ArchiveFile(gpu, "an-older-build"))
	dead := file(fmt.Sprintf("%s.%d-1.tmp", metal.ArchiveFile(gpu, ""), os.Getpid()+1))
	longer := file(metal.ArchiveFile(gpu+" Pro", "an-older-build"))
	other := file(metal.ArchiveFile("Another GPU", ""))
	cache := file("shaders.mtlcache")
	if err := dev.OpenBinaryArchive(dir, true); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{older, dead} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s kept", filepath.Base(p))
		}
	}
	for _, p := range []string{longer, other, cache} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s deleted", filepath.Base(p))
		}
	}
}

// What a pipeline costs in messages on the thread that asks for it, and
// how many compiles Metal is asked for, in a run that must compile
// every pipeline and in the run after, which finds them in the archive:
// `make bench-cache` prints it (docs/METAL.md). The writer's messages
// (the adds, which it makes while the pipelines are being asked for)
// are included.
func TestArchiveMessagesPerPipeline(t *testing.T) {
	defer metal.SetArchiveTuning(1<<20, time.Hour)()
	dir := t.TempDir()
	compiles := []string{"newRenderPipelineStateWithDescriptor:error:", "addRenderPipelineFunctionsWithDescriptor:error:"}
	formats := []pixfmt.Format{pixfmt.Depth16Unorm, pixfmt.Depth32Float, pixfmt.Depth32Float_Stencil8}
	topologies := []backend.TopologyClass{backend.TopologyPoint, backend.TopologyLine, backend.TopologyTriangle}
	n := len(formats) * len(topologies)
	run := func() (msgs float64, compiled int, st metal.ArchiveStats) {
		dbl, dev := openDevice(t)
		if err := dev.OpenBinaryArchive(dir, true); err != nil {
			t.Fatal(err)
		}
		vf := vertexFunction(t, dev)
		before, counts := dbl.Sent(), dbl.Counts()
		for _, f := range formats {
			for _, top := range topologies {
				p, err := dev.NewRenderPipeline(backend.RenderPipelineDesc{VertexFunction: vf, DepthFormat: f, Topology: top})
				if err != nil {
					t.Fatal(err)
				}
				p.Release()
			}
		}
		dev.SyncArchive() // the adds, on the writer
		end := dbl.Sent()
		after := dbl.Counts()
		for _, sel := range compiles {
			compiled += after[sel] - counts[sel]
		}
		vf.Release()
		dev.Release()
		dev.WaitArchive()
		return float64(end-before-n) / float64(n), compiled, dev.ArchiveStats()
	}
	m1, c1, s1 := run()
	m2, c2, s2 := run()
	if s1.Misses != uint64(n) || s1.Added != uint64(n) || s2.Hits != uint64(n) || s2.Misses != 0 || c2 != 0 {
		t.Errorf("first run %+v, %d compiles; second run %+v, %d compiles", s1, c1, s2, c2)
	}
	t.Logf("binary archive, %d depth-only pipelines over the Metal double (messages exclude each pipeline's release):", n)
	t.Logf("  first run:  %4.1f messages a pipeline (the archive looked up, the pipeline compiled, then added by the writer), %.1f compiles a pipeline", m1, float64(c1)/float64(n))
	t.Logf("  second run: %4.1f messages a pipeline (the archive looked up), %.1f compiles a pipeline (%d of %d from the archive)", m2, float64(c2)/float64(n), s2.Hits, n)
}
