//go:build linux && (amd64 || arm64)

package double

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"syscall"

	"mtld3d/unix/backend"
	"mtld3d/unix/backend/metal/mtl"
)

// Binary archives (MTLBinaryArchive.h, macOS 11), with the rules the
// header states:
//
//   - A descriptor's url names a file to open; nil makes an empty
//     archive. A file that is missing, not an archive, damaged, or made
//     for another GPU (GPUArch) is refused: nil and an NSError of
//     MTLBinaryArchiveDomain, MTLBinaryArchiveErrorInvalidFile.
//   - A file made under another OS build (OSBuild) opens, but, as the
//     header says of an archive an OS update made stale, its lookups
//     fail and pipelines are compiled as usual.
//   - addRenderPipelineFunctionsWithDescriptor:error: compiles the
//     pipeline (here: checks it as a pipeline's creation does) and keeps
//     it; one added twice is accepted. serializeToURL:error: writes what
//     this device can use to the file (the double's own format, with a
//     checksum, so a damaged file is told from a good one).
//   - A pipeline's creation searches its descriptor's binaryArchives;
//     every archive there must be the device's own.
//
// The double counts what happens (ArchiveCounts) and on which OS thread
// each file was written, so tests can tell a write made on a caller's
// thread from one made elsewhere.

// The NSError domains the double's archive errors carry.
const (
	archiveDomain     = "MTLBinaryArchiveDomain"
	archiveInvalid    = 1                      // MTLBinaryArchiveErrorInvalidFile
	archiveCompile    = 3                      // MTLBinaryArchiveErrorCompilationFailure
	archiveMissDomain = "MTLDoubleArchiveMiss" // the double's own: Metal documents no domain for a miss
)

// ArchiveCounts are the double's binary archive counters.
type ArchiveCounts struct {
	Opened     int   // archives made (empty or from a file)
	Refused    int   // files refused at open
	Hits       int   // pipeline creations an archive served
	Misses     int   // creations that searched archives and found nothing usable
	Added      int   // addRenderPipelineFunctionsWithDescriptor:error: that succeeded
	Serialized int   // files written
	Threads    []int // the OS thread of each write
}

type archiveDesc struct{ path string }

type binArchive struct {
	devChild
	mu   sync.Mutex
	keys map[string]bool // pipeline key: usable on this device and OS
}

const archiveMagic = "MTLDoubleArchive 1"

func init() {
	stateMakers["MTLBinaryArchiveDescriptor"] = func() any { return &archiveDesc{} }
}

func archiveClasses() []classSpec {
	return []classSpec{
		{name: "MTLBinaryArchiveDescriptor", super: "NSObject", headers: []string{"MTLBinaryArchiveDescriptor"}, public: true,
			methods: map[string]method{
				"setUrl:": func(c *call) { c.self.state.(*archiveDesc).path = urlPath(c, 0) }, // copied
			}},
		{name: "MTLDoubleBinaryArchive", super: "MTLDoubleObject", headers: []string{"MTLBinaryArchive"},
			methods: map[string]method{
				"addRenderPipelineFunctionsWithDescriptor:error:": archiveAdd,
				"serializeToURL:error:":                           archiveSerialize,
			}},
	}
}

// archiveCounts is updated under d.mu.
func (d *Runtime) countArchive(f func(*ArchiveCounts)) {
	d.mu.Lock()
	f(&d.archives)
	d.mu.Unlock()
}

// Archives copies the binary archive counters.
func (d *Runtime) Archives() ArchiveCounts {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := d.archives
	out.Threads = append([]int(nil), d.archives.Threads...)
	return out
}

// newBinaryArchive is -[MTLDevice newBinaryArchiveWithDescriptor:error:].
func newBinaryArchive(c *call) {
	if c.d.NoBinaryArchives {
		c.fail("unrecognized selector: binary archives need macOS 11")
		return
	}
	desc, ok := arg[*archiveDesc](c, 0, "MTLBinaryArchiveDescriptor", true)
	if !ok {
		return
	}
	a := &binArchive{devChild: devChild{c.self}, keys: map[string]bool{}}
	if desc.path != "" {
		if err := c.d.readArchive(desc.path, a.keys); err != nil {
			c.d.countArchive(func(n *ArchiveCounts) { n.Refused++ })
			writeErr(c, 1, c.d.newError(archiveDomain, archiveInvalid, err.Error()))
			c.retObj(nil)
			return
		}
	}
	c.d.countArchive(func(n *ArchiveCounts) { n.Opened++ })
	c.retObj(c.child("MTLDoubleBinaryArchive", a))
}

// readArchive loads an archive file's keys: usable when it was written
// under the double's OS build, stale (kept, never found) otherwise.
func (d *Runtime) readArchive(path string, keys map[string]bool) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("the archive file cannot be read: %v", err)
	}
	body, sum, ok := bytes.Cut(b, []byte("\nsha256 "))
	want := sha256.Sum256(body)
	if !ok || strings.TrimSpace(string(sum)) != hex.EncodeToString(want[:]) {
		return fmt.Errorf("invalid binary archive file (damaged)")
	}
	sc := bufio.NewScanner(bytes.NewReader(body))
	var lines []string
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if len(lines) < 3 || lines[0] != archiveMagic || !strings.HasPrefix(lines[1], "gpu ") || !strings.HasPrefix(lines[2], "os ") {
		return fmt.Errorf("invalid binary archive file")
	}
	if gpu := strings.TrimPrefix(lines[1], "gpu "); gpu != d.gpuArch() {
		return fmt.Errorf("the binary archive was made for another GPU (%s)", gpu)
	}
	usable := strings.TrimPrefix(lines[2], "os ") == d.OSBuild
	for _, k := range lines[3:] {
		keys[k] = usable
	}
	return nil
}

func (d *Runtime) gpuArch() string {
	if d.GPUArch == "" {
		return "double-gpu"
	}
	return d.GPUArch
}

// pipelineKey names what an archive keeps of a pipeline: its functions
// as Metal sees them (source and name) and the rest of its description.
func pipelineKey(pd *pipelineDesc, desc backend.RenderPipelineDesc) string {
	h := sha256.New()
	for _, f := range []*object{pd.vertex, pd.fragment} {
		if f != nil {
			fd := f.state.(*function).desc
			fmt.Fprintf(h, "%q %q\n", fd.Source, fd.Entry)
		} else {
			fmt.Fprintf(h, "none\n")
		}
	}
	desc.VertexFunction, desc.FragmentFunction = nil, nil
	fmt.Fprintf(h, "%+v", desc)
	return hex.EncodeToString(h.Sum(nil))
}

// archiveAdd is addRenderPipelineFunctionsWithDescriptor:error:.
func archiveAdd(c *call) {
	a := c.self.state.(*binArchive)
	dev := c.self
	c.self = a.dev // the descriptor is checked as the device's pipeline
	pd, p, ok := describePipeline(c)
	c.self = dev
	if !ok {
		c.retBool(false)
		return
	}
	ref, err := a.dev.state.(*device).ref.NewRenderPipeline(p.desc)
	if err != nil {
		writeErr(c, 1, c.d.newError(archiveDomain, archiveCompile, err.Error()))
		c.retBool(false)
		return
	}
	ref.Release()
	a.mu.Lock()
	a.keys[pipelineKey(pd, p.desc)] = true
	a.mu.Unlock()
	c.d.countArchive(func(n *ArchiveCounts) { n.Added++ })
	c.retBool(true)
}

// archiveSerialize is serializeToURL:error:.
func archiveSerialize(c *call) {
	a := c.self.state.(*binArchive)
	path := urlPath(c, 0)
	if path == "" {
		c.fail("nil URL")
		c.retBool(false)
		return
	}
	a.mu.Lock()
	var keys []string
	for k, usable := range a.keys {
		if usable {
			keys = append(keys, k)
		}
	}
	a.mu.Unlock()
	sort.Strings(keys)
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\ngpu %s\nos %s\n", archiveMagic, c.d.gpuArch(), c.d.OSBuild)
	for _, k := range keys {
		b.WriteString(k + "\n")
	}
	body := bytes.TrimSuffix(b.Bytes(), []byte("\n"))
	sum := sha256.Sum256(body)
	out := append(append([]byte(nil), body...), []byte("\nsha256 "+hex.EncodeToString(sum[:])+"\n")...)
	if err := os.WriteFile(path, out, 0o644); err != nil {
		writeErr(c, 1, c.d.newError("NSCocoaErrorDomain", 4, err.Error()))
		c.retBool(false)
		return
	}
	tid := syscall.Gettid()
	c.d.countArchive(func(n *ArchiveCounts) { n.Serialized++; n.Threads = append(n.Threads, tid) })
	c.retBool(true)
}

// setBinaryArchives is MTLRenderPipelineDescriptor's setBinaryArchives:
// (a copy of the array: its archives are retained).
func setBinaryArchives(c *call) {
	pd := c.self.state.(*pipelineDesc)
	var items []*object
	if o := c.obj(0); o != nil {
		if _, ok := o.state.(*nsArray); !ok {
			c.fail("argument 0: %s is not an NSArray", o)
			return
		}
		for _, it := range arrayOf(o) {
			if _, ok := it.state.(*binArchive); !ok {
				c.fail("binaryArchives holds %s, not an MTLBinaryArchive", it)
				return
			}
			c.d.retain(it)
			items = append(items, it)
		}
	}
	first := pd.archives == nil && items != nil
	for _, it := range pd.archives {
		c.d.release(it)
	}
	pd.archives = items
	if first {
		prev := c.self.dealloc
		c.self.dealloc = func() {
			for _, it := range pd.archives {
				c.d.release(it)
			}
			pd.archives = nil
			if prev != nil {
				prev()
			}
		}
	}
}

// lookupArchives searches a descriptor's archives for its pipeline.
func (d *Runtime) lookupArchives(c *call, pd *pipelineDesc, desc backend.RenderPipelineDesc) bool {
	key := pipelineKey(pd, desc)
	hit := false
	for _, o := range pd.archives {
		a := o.state.(*binArchive)
		if a.dev != c.self {
			c.fail("binaryArchives holds %s, made by another device", o)
			return false
		}
		a.mu.Lock()
		usable := a.keys[key]
		a.mu.Unlock()
		hit = hit || usable
	}
	d.countArchive(func(n *ArchiveCounts) {
		if hit {
			n.Hits++
		} else {
			n.Misses++
		}
	})
	return hit
}

// newPipelineOptions is newRenderPipelineStateWithDescriptor:options:
// reflection:error:, without reflection.
func newPipelineOptions(c *call) {
	opts := mtl.PipelineOption(c.uint(1))
	if opts&^mtl.PipelineOptionFailOnBinaryArchiveMiss != 0 || c.ptr(2) != nil {
		c.fail("options %#x, reflection %p: the double gives no reflection", uint(opts), c.ptr(2))
		return
	}
	makePipeline(c, opts)
}
