package device

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"testing"

	"go.uber.org/zap/zaptest"

	"mtld3d/core/dxso"
	"mtld3d/core/dxso/lower"
	"mtld3d/core/ff"
	"mtld3d/core/format"
	"mtld3d/core/ir"
	"mtld3d/core/pixfmt"
	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend"
	"mtld3d/unix/shadercache"
)

// counting is a backend that counts NewFunction calls.
type counting struct {
	backend.Device
	mu        sync.Mutex
	functions int
}

func (c *counting) NewFunction(fd backend.FunctionDesc) (backend.Function, error) {
	c.mu.Lock()
	c.functions++
	c.mu.Unlock()
	return c.Device.NewFunction(fd)
}

func (c *counting) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.functions
}

// shaderFrames returns a frame creating a vs_2_0 and a ps_2_0 shader
// and binding them, and a frame drawing a full-target triangle with
// them (green times c0 = (1, 0.5, 1, 1)).
func shaderFrames(t *testing.T) (create, draw *chunk, keep [][]uint32) {
	vs, err := dxso.Assemble("vs_2_0\ndcl_position v0\ndcl_color v1\nmov oPos, v0\nmov oD0, v1\n")
	if err != nil {
		t.Fatal(err)
	}
	ps, err := dxso.Assemble("ps_2_0\ndcl v0\nmul r0, v0, c0\nmov oC0, r0\n")
	if err != nil {
		t.Fatal(err)
	}
	c := newChunk()
	setup(c, types.D3DFMT_A8R8G8B8)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff000000})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: 0})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_CULLMODE), Value: uint32(types.D3DCULL_NONE)})
	add(c, code("CreateShader"), shared.RecCreateShader{ID: 10, Kind: shared.ShaderVertex, Size: uint32(4 * len(vs)), Code: addr(words(vs))})
	add(c, code("CreateShader"), shared.RecCreateShader{ID: 11, Kind: shared.ShaderPixel, Size: uint32(4 * len(ps)), Code: addr(words(ps))})
	elems := []byte{0, 0, 0, 0, byte(types.D3DDECLTYPE_FLOAT4), 0, byte(types.D3DDECLUSAGE_POSITION), 0,
		0, 0, 16, 0, byte(types.D3DDECLTYPE_D3DCOLOR), 0, byte(types.D3DDECLUSAGE_COLOR), 0}
	add(c, code("CreateVertexDecl"), shared.RecCreateVertexDecl{ID: 12, Count: 2}, elems...)
	add(c, code("SetVertexDeclaration"), shared.RecSetObject{Object: 12})
	add(c, code("SetVertexShader"), shared.RecSetObject{Object: 10})
	add(c, code("SetPixelShader"), shared.RecSetObject{Object: 11})
	half := make([]byte, 16)
	for i, f := range []float32{1, 0.5, 1, 1} {
		binary.LittleEndian.PutUint32(half[4*i:], math.Float32bits(f))
	}
	add(c, code("SetShaderConstF"), shared.RecSetShaderConst{Shader: shared.ConstShaderPixel, Start: 0, Count: 1}, half...)

	dc := newChunk()
	add(dc, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff000000})
	var data []byte
	data = append(data, vtx(-1, -1, 0.5, 0xff00ff00)...)
	data = append(data, vtx(3, -1, 0.5, 0xff00ff00)...)
	data = append(data, vtx(-1, 3, 0.5, 0xff00ff00)...)
	add(dc, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1, Stride: 20,
		VertexBytes: uint32(len(data))}, data...)
	return c, dc, [][]uint32{vs, ps}
}

// words views DXSO tokens as the bytes the guest would hold (a copy
// the capture reads).
func words(w []uint32) []byte {
	b := make([]byte, 4*len(w))
	for i, v := range w {
		binary.LittleEndian.PutUint32(b[4*i:], v)
	}
	keepAlive = append(keepAlive, b)
	return b
}

var keepAlive [][]byte

func halfGreen(got uint32) bool { return got == 0xff008000 || got == 0xff007f00 }

// A shader's function is built by the compile workers when the shader
// is created; its first draw uses that build and compiles nothing more.
func TestShadersPrecompiledAtCreation(t *testing.T) {
	be := &counting{Device: testBackend(t)}
	d := startedDevice(t, be)
	defer func() { d.close(); d.Release() }()
	create, draw, keep := shaderFrames(t)
	submit(t, d, create)
	var builds int
	if err := d.call(func() {
		builds = len(d.compiler.builds)
		for _, b := range d.compiler.builds {
			if _, _, err := b.wait(); err != nil {
				t.Error(err)
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	if builds != 2 {
		t.Fatalf("%d builds started at creation, want the vertex and the pixel shader's", builds)
	}
	before := be.count()
	submit(t, d, draw)
	if err := d.call(func() { builds = len(d.compiler.builds) }); err != nil {
		t.Fatal(err)
	}
	if builds != 0 {
		t.Errorf("%d precompiled builds were not used by the draw (variant mismatch)", builds)
	}
	if n := be.count(); n != before {
		t.Errorf("the draw built %d more backend functions, want none", n-before)
	}
	if got := readPixel(t, d, 1, 8, 8, 4, 4); !halfGreen(got) {
		t.Errorf("shaded pixel %#x, want half green", got)
	}
	runtime.KeepAlive(keep)
}

// countingPipes also counts NewRenderPipeline calls and keeps the MSL
// each function was given.
type countingPipes struct {
	counting
	pipes   int
	sources []string
}

func (c *countingPipes) NewFunction(fd backend.FunctionDesc) (backend.Function, error) {
	c.mu.Lock()
	c.sources = append(c.sources, fd.Source)
	c.mu.Unlock()
	return c.counting.NewFunction(fd)
}

func (c *countingPipes) NewRenderPipeline(desc backend.RenderPipelineDesc) (backend.RenderPipelineState, error) {
	c.mu.Lock()
	c.pipes++
	c.mu.Unlock()
	return c.Device.NewRenderPipeline(desc)
}

func (c *countingPipes) counts() (functions, pipes int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.functions, c.pipes
}

// cachedDevice is a started device over the cache c (a store of its
// own, as in a new process); it prewarms from c.
func cachedDevice(t *testing.T, be backend.Device, c *shadercache.Cache) *Device {
	d, err := New(be, format.Target{AppleGPU: true})
	if err != nil {
		t.Fatal(err)
	}
	d.log = zaptest.NewLogger(t)
	d.store = newStore(c)
	d.Start()
	return d
}

// A second run (a new process over the same cache file) takes the
// shaders' IR, their functions and their pipeline from the cache: the
// prewarm builds them at the device's start and the draw builds nothing.
func TestSecondRunPrewarmsFromTheCache(t *testing.T) {
	dir := t.TempDir()
	fp := cacheFingerprint(testBackend(t), format.Target{AppleGPU: true})
	run := func(warm bool) (shadercache.Stats, *countingPipes) {
		c, err := shadercache.Open(dir, cacheName, fp)
		if err != nil {
			t.Fatal(err)
		}
		be := &countingPipes{counting: counting{Device: testBackend(t)}}
		unused := shadercache.KeyOf("unused")
		if warm {
			c.Put(unused, []byte("x")) // the newest entry, until the run uses the others
		}
		d := cachedDevice(t, be, c)
		d.compiler.pre.wait()
		fns, pipes := be.counts()
		if warm && (fns != 2 || pipes != 1 || firstIR(d.store) == nil) {
			t.Errorf("prewarm built %d functions and %d pipelines, want 2 and 1", fns, pipes)
		}
		create, draw, keep := shaderFrames(t)
		submit(t, d, create)
		submit(t, d, draw)
		if got := readPixel(t, d, 1, 8, 8, 4, 4); !halfGreen(got) {
			t.Errorf("shaded pixel %#x, want half green", got)
		}
		if err := d.call(func() {
			for _, id := range []uint32{10, 11} {
				if sh := d.shaders[id]; sh == nil || sh.ir == nil {
					t.Errorf("shader %d has no IR", id)
				}
			}
		}); err != nil {
			t.Fatal(err)
		}
		fns2, pipes2 := be.counts()
		if warm && (fns2 != fns || pipes2 != pipes) {
			t.Errorf("warm run: the draw built %d functions and %d pipelines more, want none", fns2-fns, pipes2-pipes)
		}
		if recent := c.Recent(6); warm && (len(recent) != 6 || recent[5] != unused) {
			t.Error("the warm run's use of prewarmed entries did not make them recent")
		}
		d.close()
		d.Release()
		runtime.KeepAlive(keep)
		st := c.Stats()
		if err := c.Close(); err != nil {
			t.Fatal(err)
		}
		return st, be
	}
	first, be := run(false)
	// Two shaders, their two functions and one pipeline.
	if first.Entries != 5 || first.Puts != 5 {
		t.Errorf("first run: %d entries, %d puts; want 5, 5", first.Entries, first.Puts)
	}
	wantMSL := be.Caps().Has(backend.CapMSLFunctions)
	for _, src := range be.sources {
		if (src != "") != wantMSL {
			t.Errorf("MSL given to a backend (CapMSLFunctions %v): %d bytes", wantMSL, len(src))
		}
	}
	second, _ := run(true)
	if second.Puts != 1 || second.Entries != 6 {
		t.Errorf("second run: %d puts, %d entries; want only the test's 1, 6", second.Puts, second.Entries)
	}
}

// firstIR is any IR the store holds (nil if none).
func firstIR(st *shaderStore) *ir.Shader {
	for _, s := range st.byKey {
		return s
	}
	return nil
}

// Without a prewarm (a device never started) a second run still finds
// each shader's IR and function in the cache instead of lowering and
// emitting: every lookup hits and nothing is stored.
func TestCacheHitsWithoutPrewarm(t *testing.T) {
	dir := t.TempDir()
	fp := cacheFingerprint(testBackend(t), format.Target{AppleGPU: true})
	run := func() shadercache.Stats {
		c, err := shadercache.Open(dir, cacheName, fp)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		d := newTestDevice(t)
		d.store = newStore(c)
		create, draw, keep := shaderFrames(t)
		replay(t, d, create)
		replay(t, d, draw)
		if got := pixel(t, d, 1, types.D3DFMT_A8R8G8B8, 8, 8, 4, 4); !halfGreen(got) {
			t.Errorf("shaded pixel %#x, want half green", got)
		}
		runtime.KeepAlive(keep)
		return c.Stats()
	}
	first := run()
	if first.Hits != 0 || first.Puts != 5 {
		t.Errorf("first run: %d hits, %d puts; want 0, 5", first.Hits, first.Puts)
	}
	second := run()
	if second.Hits != 4 || second.Puts != 0 {
		t.Errorf("second run: %d hits, %d puts; want 4 (two shaders, two functions), 0", second.Hits, second.Puts)
	}
}

// The entries' binary forms read back what was written, and a damaged
// entry is a miss, never a panic.
func TestCacheEntries(t *testing.T) {
	v := ir.VariantKey{FogMode: ir.FogLinear, SampleMask: 5, Linked: true, ClipPlanes: 3}
	v.SamplerKinds[2] = ir.SamplerCube
	fe := fnEntry{key: fnKey{irKey([]byte("x")), v}, slots: []int{0, 16, 20}, entry: "vs_main", source: "// msl"}
	b := fe.encode()
	got, ok := parseFnEntry(b)
	if !ok || got.key != fe.key || !slices.Equal(got.slots, fe.slots) || got.entry != fe.entry || got.source != fe.source {
		t.Fatalf("function entry: %+v %v", got, ok)
	}
	pe := pipeEntry{vs: irKey([]byte("v")), fs: irKey([]byte("f"))}
	pe.rest.SampleCount, pe.rest.Topology, pe.rest.DepthFormat = 4, backend.TopologyTriangle, pixfmt.Depth32Float
	pe.rest.ColorAttachments[0] = backend.ColorAttachmentDesc{Format: pixfmt.BGRA8Unorm, BlendEnable: true, WriteMask: backend.ColorMaskAll}
	pb := pe.encode()
	if gp, ok := parsePipeEntry(pb); !ok || gp != pe {
		t.Fatalf("pipeline entry: %+v %v", gp, ok)
	}
	code := []byte{1, 2, 3, 4}
	sb := append([]byte{entryShader, lowerSWVP, 4}, append(code, 'I', 'R')...)
	if enc, ok := shaderEntry(sb, code, lowerSWVP); !ok || string(enc) != "IR" {
		t.Fatalf("shader entry: %q %v", enc, ok)
	}
	if _, ok := shaderEntry(sb, code, lowerHardware); ok {
		t.Fatal("shader entry of another lowering accepted")
	}
	for _, whole := range [][]byte{b, pb, sb} {
		for n := range len(whole) {
			parseFnEntry(whole[:n])
			parsePipeEntry(whole[:n])
			parseShaderEntry(whole[:n])
		}
	}
	if _, ok := parseFnEntry(b[:len(b)-len(fe.source)-1]); ok {
		t.Error("a function entry cut inside its entry name parsed")
	}
	if _, ok := parsePipeEntry(pb[:len(pb)-1]); ok {
		t.Error("a short pipeline entry parsed")
	}
}

func TestCacheDir(t *testing.T) {
	if got := cacheDir("none"); got != "" {
		t.Errorf(`cache.dir=none: %q, want no folder`, got)
	}
	if got := cacheDir("/tmp/x"); got != "/tmp/x" {
		t.Errorf("cache.dir=/tmp/x: %q", got)
	}
	if base, err := os.UserCacheDir(); err == nil {
		if got := cacheDir(""); got != filepath.Join(base, "mtld3d") {
			t.Errorf("default cache.dir: %q", got)
		}
	}
}

// A shader destroyed before it is drawn drops its background build.
func TestDestroyedShaderDropsItsBuild(t *testing.T) {
	d := startedDevice(t, testBackend(t))
	defer func() { d.close(); d.Release() }()
	create, _, keep := shaderFrames(t)
	submit(t, d, create)
	c := newChunk()
	add(c, code("DestroyObject"), shared.RecDestroyObject{ID: 10})
	add(c, code("DestroyObject"), shared.RecDestroyObject{ID: 11})
	submit(t, d, c)
	var builds int
	if err := d.call(func() { builds = len(d.compiler.builds) }); err != nil {
		t.Fatal(err)
	}
	if builds != 0 {
		t.Errorf("%d builds left after their shaders were destroyed", builds)
	}
	runtime.KeepAlive(keep)
}

// The fingerprint's probe shaders assemble and lower: a probe that
// stopped would leave lowering changes out of the fingerprint.
func TestFingerprintProbesLower(t *testing.T) {
	for _, src := range fingerprintProbes {
		p, err := dxso.AssembleProgram(src)
		if err != nil {
			t.Fatalf("%v\n%s", err, src)
		}
		if _, err := lower.Lower(p, lower.Options{}); err != nil {
			t.Fatalf("%v\n%s", err, src)
		}
	}
}

// A cache file is untrusted: entries of every kind that are damaged, or
// well formed with nonsense inside (a variant no state makes, a pipeline
// of unknown formats), are skipped or fail their build at the prewarm,
// and the device draws on.
func TestPrewarmSurvivesDamagedEntries(t *testing.T) {
	dir := t.TempDir()
	fp := cacheFingerprint(testBackend(t), format.Target{AppleGPU: true})
	c, err := shadercache.Open(dir, cacheName, fp)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	noise := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	}
	st := ff.DefaultState()
	vs := ff.VertexShader(ff.VertexKeyOf(&st))
	enc := ir.Encode(vs)
	c.Put(irEntryKey(irKey(enc)), append([]byte{entryIR}, enc...))
	bad := ir.VariantKey{FogMode: 200, AlphaFunc: 99}
	for i := range bad.SamplerKinds {
		bad.SamplerKinds[i] = 250
	}
	fe := fnEntry{key: fnKey{irKey(enc), bad}, slots: []int{0, 300}, entry: "vs_main", source: "not msl"}
	c.Put(fe.key.cacheKey(), fe.encode()) // a slot past the last: refused
	fe.slots = []int{1}
	c.Put(fe.key.cacheKey(), fe.encode()) // well formed, nonsense inside
	c.Put(shadercache.KeyOf("misfiled"), fe.encode())
	pe := pipeEntry{vs: fe.key.cacheKey()}
	pe.rest.ColorAttachments[0].Format = 255
	pe.rest.SampleCount = 3
	c.Put(pipeKey(pe.encode()), pe.encode())
	for i := range 64 {
		kind := []byte{entryShader, entryIR, entryFunction, entryPipeline}[i%4]
		c.Put(shadercache.KeyOf("noise", string(rune(i))), append([]byte{kind}, noise(i*7)...))
	}
	be := &countingPipes{counting: counting{Device: testBackend(t)}}
	d := cachedDevice(t, be, c)
	d.compiler.pre.wait()
	if fns, pipes := be.counts(); fns != 1 || pipes != 1 {
		t.Errorf("prewarm tried %d functions and %d pipelines, want the one well-formed entry of each", fns, pipes)
	}
	create, draw, keep := shaderFrames(t)
	submit(t, d, create)
	submit(t, d, draw)
	if got := readPixel(t, d, 1, 8, 8, 4, 4); !halfGreen(got) {
		t.Errorf("shaded pixel %#x, want half green", got)
	}
	d.close()
	d.Release()
	runtime.KeepAlive(keep)
	c.Close()
}
