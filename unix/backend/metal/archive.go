//go:build amd64 || arm64

package metal

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.uber.org/zap"

	"mtld3d/unix/backend"
	"mtld3d/unix/backend/metal/mtl"
	"mtld3d/unix/backend/metal/ns"
	"mtld3d/unix/logs"
)

// The binary archive (backend.BinaryArchiver): the compiled GPU code of
// the pipelines earlier runs made, in one MTLBinaryArchive file per GPU
// and OS build in the shader cache's folder, so a later run's pipeline
// creation loads it instead of compiling.
//
//   - A pipeline is first asked of the archive alone
//     (MTLPipelineOptionFailOnBinaryArchiveMiss); on a miss it is
//     compiled as usual and, when the archive is writable, queued to be
//     added. A miss costs a failed lookup, not a second compile.
//   - Adding (which may compile again, inside Metal) and serializing run
//     on the archive's own goroutine, never on a caller's: after
//     archiveBatch new pipelines, after archiveQuiet without one, and
//     once more after Release, which does not wait for it (the writer
//     releases the device last). The file is written beside and renamed
//     over, so a crash or a concurrent reader never sees half a file.
//   - A missing file starts an empty archive (Metal's descriptor url
//     names a file to open, or nil for a new archive). A file Metal
//     refuses (damaged, or made for another GPU) is deleted and a new
//     archive started. One Metal opens but cannot use (an OS update made
//     it stale, says MTLBinaryArchive.h) only misses, and its pipelines
//     are added again. The name carries the GPU and the OS build, so an
//     update starts a new file and the writer deletes the GPU's older
//     ones; a file past maxArchiveBytes is dropped at open.
//   - Read-only (another process owns the shader cache): lookups only.

// Tuning; variables so tests can lower them (export_test.go).
var (
	archiveBatch    = 64               // new pipelines that make the writer serialize
	archiveQuiet    = 10 * time.Second // a quiet spell after new pipelines that does
	maxArchiveBytes = int64(512 << 20) // a bigger file is dropped at open
	maxPendingAdds  = 4096             // queued adds past this are dropped
)

// ArchiveStats are the archive's counters (tests; logged when the
// writer ends).
type ArchiveStats struct {
	Path      string
	Loaded    bool   // opened from an existing file
	Dropped   bool   // an existing file was refused or too big, and deleted
	Hits      uint64 // pipelines loaded from the archive
	Misses    uint64 // pipelines compiled
	Added     uint64 // pipelines added
	AddErrors uint64
	Writes    uint64 // files written
	WriteErrs uint64
}

type archive struct {
	a     mtl.BinaryArchive
	write bool
	path  string
	tmp   string // what serialize writes, then renames to path

	hits, misses, added, addErrs, writes, writeErrs atomic.Uint64
	loaded, dropped                                 bool

	mu      sync.Mutex
	pending []pendingAdd
	closed  bool

	// The writer's.
	fresh int  // added since the last serialize
	dirty bool // added since the last good write

	kick  chan struct{}      // cap 1: pending grew
	flush chan chan struct{} // Sync
	quit  chan struct{}
	done  chan struct{}
	after func() // run last by the writer (the device's release)
}

// pendingAdd is a compiled pipeline to add: its functions, retained.
type pendingAdd struct {
	vertex, fragment mtl.Function
	pd               mtl.RenderPipelineDescriptor
}

var errNoArchives = errors.New("metal: binary archives need macOS 11")

var _ backend.BinaryArchiver = (*Device)(nil)

// OpenBinaryArchive opens the device's archive in dir (see the comment
// above and backend.BinaryArchiver).
func (d *Device) OpenBinaryArchive(dir string, write bool) error {
	d.archMu.Lock() // Release waits for it
	defer d.archMu.Unlock()
	if d.closed.Load() {
		return errClosed
	}
	if !d.dev.SupportsBinaryArchives() {
		return errNoArchives
	}
	if d.arch.Load() != nil {
		return errors.New("metal: binary archive already open")
	}
	a := &archive{write: write, path: filepath.Join(dir, archiveFile(d.name, osBuild()))}
	log := logs.L().With(zap.String("path", a.path))
	st, err := os.Stat(a.path)
	exists := err == nil && st.Mode().IsRegular()
	if exists && write && st.Size() > maxArchiveBytes {
		log.Info("metal: binary archive too big; starting a new one", zap.Int64("bytes", st.Size()))
		exists, a.dropped = false, true
		_ = os.Remove(a.path)
	}
	if exists {
		if a.a, err = d.dev.NewBinaryArchive(a.path); err == nil {
			a.loaded = true
		} else if write {
			log.Warn("metal: binary archive refused; starting a new one", zap.Error(err))
			a.dropped = true
			_ = os.Remove(a.path)
		} else {
			return err
		}
	}
	if a.a.IsNil() {
		if !write {
			return nil // nothing to read; the owner of the folder writes it
		}
		if a.a, err = d.dev.NewBinaryArchive(""); err != nil {
			return err
		}
	}
	if write {
		a.tmp = fmt.Sprintf("%s.%d-%d.tmp", a.path, os.Getpid(), archiveSeq.Add(1))
		removeStale(dir, d.name, a.path)
		a.kick, a.flush = make(chan struct{}, 1), make(chan chan struct{})
		a.quit, a.done = make(chan struct{}), make(chan struct{})
		go a.run()
	}
	log.Info("metal: binary archive", zap.Bool("loaded", a.loaded), zap.Bool("write", write))
	d.arch.Store(a)
	return nil
}

// archiveFile names the archive of a GPU and OS build: letters, digits
// and dots kept, the rest '-', the two parts joined by '_' (which
// neither holds), so one GPU's files share a prefix no other GPU's has.
func archiveFile(gpu, build string) string {
	return "metal-" + fileWord(gpu) + "_" + fileWord(build) + ".binarchive"
}

func fileWord(s string) string {
	var b strings.Builder
	dash := false
	for _, c := range s {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.'
		switch {
		case ok:
			b.WriteRune(c)
			dash = false
		case !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
		if b.Len() >= 48 {
			break
		}
	}
	w := strings.Trim(b.String(), "-.")
	if w == "" {
		return "unknown"
	}
	return w
}

// archiveSeq numbers the archives a process opens, for their files
// being written.
var archiveSeq atomic.Uint64

// removeStale deletes the GPU's other archives (older OS builds) and
// the files being written that another process left (only the process
// that owns the folder writes, so another's writer is dead; this
// process's may be writing).
func removeStale(dir, gpu, keep string) {
	prefix := filepath.Join(dir, "metal-"+fileWord(gpu)+"_")
	mine := fmt.Sprintf(".%d-", os.Getpid())
	old, _ := filepath.Glob(prefix + "*.binarchive")
	tmp, _ := filepath.Glob(prefix + "*.binarchive.*.tmp")
	for _, n := range old {
		if n != keep {
			_ = os.Remove(n)
		}
	}
	for _, n := range tmp {
		if !strings.Contains(filepath.Base(n), mine) {
			_ = os.Remove(n)
		}
	}
}

// pipelineState makes a pipeline: from the archive when it holds the
// code, else compiled, and then queued to be added.
func (d *Device) pipelineState(vertex, fragment mtl.Function, pd mtl.RenderPipelineDescriptor) (mtl.RenderPipelineState, error) {
	a := d.arch.Load()
	if a == nil {
		return d.dev.NewRenderPipelineState(vertex, fragment, pd)
	}
	if p, err := d.dev.NewRenderPipelineStateFromArchive(vertex, fragment, pd, a.a); err == nil {
		a.hits.Add(1)
		return p, nil
	}
	a.misses.Add(1)
	p, err := d.dev.NewRenderPipelineState(vertex, fragment, pd)
	if err == nil && a.write {
		a.queue(vertex, fragment, pd)
	}
	return p, err
}

// queue hands a compiled pipeline to the writer.
func (a *archive) queue(vertex, fragment mtl.Function, pd mtl.RenderPipelineDescriptor) {
	a.mu.Lock()
	if a.closed || len(a.pending) >= maxPendingAdds {
		a.mu.Unlock()
		return
	}
	ns.Retain(vertex.ID())
	if fragment.ID() != 0 {
		ns.Retain(fragment.ID())
	}
	a.pending = append(a.pending, pendingAdd{vertex, fragment, pd})
	a.mu.Unlock()
	select {
	case a.kick <- struct{}{}:
	default:
	}
}

// run is the writer.
func (a *archive) run() {
	defer close(a.done)
	quiet := time.NewTimer(time.Hour)
	quiet.Stop()
	for {
		select {
		case <-a.kick:
			a.addPending()
			if a.fresh >= archiveBatch {
				a.serialize()
			} else if a.fresh > 0 {
				quiet.Reset(archiveQuiet)
			}
		case <-quiet.C:
			a.addPending()
			if a.fresh > 0 {
				a.serialize()
			}
		case ack := <-a.flush:
			select {
			case <-a.kick:
			default:
			}
			a.addPending()
			if a.fresh >= archiveBatch {
				a.serialize()
			}
			close(ack)
		case <-a.quit:
			quiet.Stop()
			a.addPending()
			if a.dirty {
				a.serialize()
			}
			logs.L().Info("metal: binary archive closed", zap.String("path", a.path), zap.Uint64("hits", a.hits.Load()),
				zap.Uint64("misses", a.misses.Load()), zap.Uint64("added", a.added.Load()), zap.Uint64("writes", a.writes.Load()))
			a.a.Release()
			if a.after != nil {
				a.after()
			}
			return
		}
	}
}

// addPending adds what was queued.
func (a *archive) addPending() {
	a.mu.Lock()
	list := a.pending
	a.pending = nil
	a.mu.Unlock()
	for _, p := range list {
		err := a.a.AddRenderPipelineFunctions(p.vertex, p.fragment, p.pd)
		p.vertex.Release()
		p.fragment.Release() // nil: nothing
		if err != nil {
			if a.addErrs.Add(1) == 1 {
				logs.L().Warn("metal: a pipeline could not be added to the binary archive", zap.Error(err), zap.String("label", p.pd.Label))
			}
			continue
		}
		a.added.Add(1)
		a.fresh++
		a.dirty = true
	}
}

// serialize writes the archive beside its file and renames it over.
func (a *archive) serialize() {
	a.fresh = 0
	tmp := a.tmp
	_ = os.Remove(tmp)
	err := a.a.Serialize(tmp)
	if err == nil {
		err = os.Rename(tmp, a.path)
	}
	if err != nil {
		_ = os.Remove(tmp)
		if a.writeErrs.Add(1) == 1 {
			logs.L().Warn("metal: binary archive not written", zap.String("path", a.path), zap.Error(err))
		}
		return
	}
	a.dirty = false
	a.writes.Add(1)
}

// close ends the writer, which writes what is new, releases the archive
// and runs after; without a writer it all happens now.
func (a *archive) close(after func()) {
	a.mu.Lock()
	a.closed = true
	a.mu.Unlock()
	if a.quit == nil {
		a.a.Release()
		after()
		return
	}
	a.after = after
	close(a.quit)
}

// SyncArchive waits until the writer has added what is queued (and
// written the file if that made a batch). Tests use it.
func (d *Device) SyncArchive() {
	a := d.arch.Load()
	if a == nil || a.flush == nil {
		return
	}
	ack := make(chan struct{})
	select {
	case a.flush <- ack:
		<-ack
	case <-a.done:
	}
}

// WaitArchive waits, after Release, for the writer's last write and the
// device's release. Tests use it.
func (d *Device) WaitArchive() {
	if a := d.arch.Load(); a != nil && a.done != nil {
		<-a.done
	}
}

// ArchiveStats returns the archive's counters (zero without one).
func (d *Device) ArchiveStats() ArchiveStats {
	a := d.arch.Load()
	if a == nil {
		return ArchiveStats{}
	}
	return ArchiveStats{Path: a.path, Loaded: a.loaded, Dropped: a.dropped,
		Hits: a.hits.Load(), Misses: a.misses.Load(), Added: a.added.Load(), AddErrors: a.addErrs.Load(),
		Writes: a.writes.Load(), WriteErrs: a.writeErrs.Load()}
}
