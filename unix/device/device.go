// Package device is the unix side of a D3D9 device: the model of what the
// guest recorded (surfaces, bound targets, viewport, render states) and
// the replay of each submitted frame into backend commands. It serves the
// CreateDevice, DestroyDevice, SubmitFrame and ReadSurface thunks.
package device

import (
	"fmt"
	"os"
	"runtime"
	"sync"
	"unsafe"

	"go.uber.org/zap"

	"mtld3d/core/format"
	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend"
	"mtld3d/unix/backends"
	"mtld3d/unix/bridge"
	"mtld3d/unix/logs"
	"mtld3d/unix/process"
)

// surface is a surface the unix side owns: a backend texture and the
// D3D9 format it stands for.
type surface struct {
	id      uint32
	kind    uint32
	format  types.Format
	mapping format.Mapping
	tex     backend.Texture
	width   int
	height  int
	samples int
	// A texture's level (render to texture): tex is the texture's, owner
	// its id, so the surface goes with it.
	level, slice int
	owner        uint32
	discard      bool // a depth-stencil surface with SurfaceDiscard (pass.go)
}

// target points an attachment at the surface.
func (s *surface) target(a *backend.AttachmentDesc) {
	a.Texture, a.Level, a.Slice = s.tex, s.level, s.slice
	a.Load, a.Store = backend.LoadLoad, backend.StoreStore
}

// Device is one D3D9 device's unix side.
type Device struct {
	id       uint32
	be       backend.Device
	queue    backend.CommandQueue
	target   format.Target
	log      *zap.Logger
	objects  map[uint32]*surface
	front    map[uint32]*surface // per swap chain: the last presented image
	chains   map[uint32]*swapChain
	rts      [4]uint32
	ds       uint32
	vp       shared.RecSetViewport
	scissor  shared.RecSetScissor
	st       drawState
	palettes map[uint32]*[256]types.PaletteEntry // SetPaletteEntries, read by P8 uploads (textures.go)
	dummies  map[dummyKey]backend.Texture        // read by declared samplers without a fitting texture (textures.go)
	buffers  map[uint32]*buffer
	textures map[uint32]*texture
	// AUTOGENMIPMAP textures by their backend texture, for the writes that
	// name only that (passes, copies), and how many have stale mips.
	autogen   map[backend.Texture]*texture
	staleMips int
	shaders   map[uint32]*shader
	decls     map[uint32]*declaration
	draws     drawCache
	fixed     map[fixedKey]backend.Function // the device's own functions (clear.go)
	clears    map[clearKey]backend.RenderPipelineState
	dss       map[clearKey]backend.DepthStencilState
	frames    uint64
	cur       frame
	pass      openPass    // the render pass kept open across draws (pass.go)
	q         queryState  // occlusion and event queries (query.go)
	dumpDir   string      // dump.dir resolved; "" for none
	records   *recorder   // record.dir's file; nil for none
	capw      *capWriter  // debug.capture_frame's file (capfile.go); nil for none
	dumps     []frameDump // front images presented this frame, to write as PNGs (dump.go)
	// framePNG is the path, less "-frame-<n>.png", of the PNGs written
	// beside the log (the frame hotkey, debug.dump_frame); "" for none.
	framePNG    string
	dumpFrame   uint64       // debug.dump_frame; 0 for none
	shaderDumps *shaderDumps // debug.shader_dump_dir's folder (shaderdump.go); nil for none
	warned      map[uint32]bool
	updates     updateStats   // what buffer and texture updates cost (updates.go)
	spares      []spareBuffer // storage renamed buffers gave up, for reuse (updates.go)

	// The threads (threads.go): api serialises the thunks of the device;
	// capture is the submitting thread's; pipe is nil until Start.
	api      sync.Mutex
	closed   bool
	capture  captureState
	pipe     *pipeline
	compiler *compiler                  // compile.go; nil until Start
	store    *shaderStore               // the shader cache (cache.go); the process's once created by the thunk
	fnKeys   map[backend.Function]fnKey // the cache identity of each function drawn with (recordPipeline)
	window   uintptr                    // the top-level HWND, for a backend layer (LayerDesc.Window)
	layers   *layers                    // the swap chains' backend layers (layer.go)
	pace     pacer                      // present.max_fps (pacing.go); the submitting thread's
	perf     perfLog                    // perf.log (perf.go)
	hud      hudState                   // hud (hud.go); the encoder's
	// Transient buffers whose command buffers have completed (threads.go).
	doneMu   sync.Mutex
	doneBufs []backend.Buffer

	// The hotkey's captures (snapshot.go): files being written, whether
	// shaders keep their bytecode, and whether a capture file's snapshot
	// is being replayed.
	snapWrites sync.WaitGroup
	keepCode   bool
	restoring  bool
}

var (
	mu      sync.Mutex
	devices = map[uint32]*Device{}
	nextID  uint32
)

func init() {
	bridge.Register("CreateDevice", createThunk)
	bridge.Register("DestroyDevice", destroyThunk)
	bridge.Register("SubmitFrame", submitThunk)
	bridge.Register("ReadSurface", readThunk)
	bridge.Register("ProcessVertices", processThunk)
	bridge.Register("PresentWouldWait", presentWouldWaitThunk)
}

// New makes a device over a backend (tests use it directly).
func New(be backend.Device, target format.Target) (*Device, error) {
	q, err := be.NewCommandQueue()
	if err != nil {
		return nil, err
	}
	d := &Device{be: be, queue: q, target: target, log: logs.L(),
		objects: map[uint32]*surface{}, front: map[uint32]*surface{},
		clears: map[clearKey]backend.RenderPipelineState{}, dss: map[clearKey]backend.DepthStencilState{},
		warned: map[uint32]bool{}, buffers: map[uint32]*buffer{}, textures: map[uint32]*texture{}, autogen: map[backend.Texture]*texture{},
		shaders: map[uint32]*shader{}, decls: map[uint32]*declaration{}, capture: newCaptureState(),
		store: newStore(nil), fnKeys: map[backend.Function]fnKey{}}
	d.st.reset()
	d.draws.init()
	d.layers = newLayers(d)
	d.capture.layers = d.layers
	return d, nil
}

func lookup(id uint32) *Device {
	mu.Lock()
	defer mu.Unlock()
	return devices[id]
}

func createThunk(p unsafe.Pointer) shared.Status {
	a := (*shared.CreateDeviceParams)(p)
	cfg := process.Config()
	be, target, err := backends.OpenWith(cfg.ResolvedBackend(runtime.GOOS), backends.Options{RefreshHz: cfg.RefreshHz})
	if err != nil {
		logs.L().Error("no backend", zap.Error(err))
		return shared.StatusNotImplemented
	}
	d, err := New(be, target)
	if err != nil {
		logs.L().Error("device creation failed", zap.Error(err))
		return shared.StatusInternalError
	}
	mu.Lock()
	nextID++
	d.id = nextID
	devices[d.id] = d
	mu.Unlock()
	d.log = logs.L().With(zap.Uint32("device", d.id))
	d.setPacing(process.Config())
	if process.Config().PerfLog {
		d.startPerf()
	}
	if dir := process.Config().DumpDir; dir != "" {
		d.dumpDir = process.ResolvePath(dir)
		d.log.Info("dumping presented frames", zap.String("dir", d.dumpDir))
	}
	d.framePNG = framePNGPath(process.LogPath(), d.id)
	d.dumpFrame = process.Config().DumpFrame
	d.hud.items = process.Config().HUD
	if n := process.Config().CaptureFrame; n > 0 {
		if d.framePNG == "" {
			d.log.Warn("no log folder to write the frame capture beside", zap.Uint64("frame", n))
		} else {
			d.startCapture(fmt.Sprintf("%s-capture-%d.mtlcap", d.framePNG, n), n, process.GuestArch())
		}
	}
	if process.Config().CaptureHotkey {
		d.captureOnHotkey(process.GuestArch())
	}
	if dir := process.Config().ShaderDumpDir; dir != "" {
		d.shaderDumps = openShaderDumps(process.ResolvePath(dir))
		d.log.Info("dumping shaders", zap.String("dir", d.shaderDumps.dir))
	}
	if dir := process.Config().RecordDir; dir != "" {
		if d.records, err = openRecorder(process.ResolvePath(dir), os.Getpid(), d.id); err != nil {
			d.log.Warn("cannot record frames", zap.Error(err))
		} else {
			d.log.Info("recording submitted frames", zap.String("file", d.records.path))
		}
	}
	d.window = uintptr(a.RootWindow)
	d.log.Info("device created", zap.String("backend", be.Name()), zap.Stringer("target", target),
		zap.Uint32("flags", a.Flags), zap.Uint64("window", a.Window), zap.Uint64("root_window", a.RootWindow))
	d.store = openCache(be, target)
	d.Start()
	a.DeviceID = d.id
	return shared.StatusSuccess
}

func destroyThunk(p unsafe.Pointer) shared.Status {
	a := (*shared.DestroyDeviceParams)(p)
	mu.Lock()
	d := devices[a.DeviceID]
	delete(devices, a.DeviceID)
	last := len(devices) == 0
	mu.Unlock()
	if d == nil {
		return shared.StatusInvalidParameter
	}
	d.close() // the frames queued run first
	d.endCapture()
	d.stopPerf()
	d.Release()
	if last {
		process.StopProfile()
	}
	return shared.StatusSuccess
}

// Release frees every backend object of the device.
func (d *Device) Release() {
	// A frame still being recorded (no Present or read ended it) runs
	// first: its command buffer is the backend's until it completes.
	if d.cur.cb != nil {
		d.flush()
	}
	for id := range d.chains {
		d.dropSwapChain(id, true)
	}
	for _, s := range d.objects {
		if s.tex != nil && s.owner == 0 {
			s.tex.Release()
		}
	}
	for _, s := range d.front {
		s.tex.Release()
	}
	for id := range d.buffers {
		d.dropBuffer(id)
	}
	d.releaseSpares()
	for id := range d.textures {
		d.dropTexture(id)
	}
	for _, t := range d.dummies {
		t.Release()
	}
	d.draws.transient = append(d.draws.transient, d.completedTransients()...)
	d.draws.release()
	d.layers.release()
	d.hud.release()
	d.releaseFixed()
	d.objects, d.front = nil, nil
	d.log.Info("device destroyed", zap.Uint64("frames", d.frames))
	// Metal wants every object a device made released before the device
	// (the Metal double checks it).
	d.queue.Release()
	d.be.Release()
	d.records.close()
}

// guestPtr reinterprets a wire address as a pointer into guest memory,
// which the unix side shares.
func guestPtr(addr uint64) unsafe.Pointer {
	return *(*unsafe.Pointer)(unsafe.Pointer(&addr))
}

func submitThunk(p unsafe.Pointer) shared.Status {
	a := (*shared.SubmitFrameParams)(p)
	d := lookup(a.DeviceID)
	if d == nil {
		return shared.StatusInvalidParameter
	}
	if a.Count > 1<<16 || (a.Count > 0 && a.Chunks == 0) {
		return shared.StatusInvalidParameter
	}
	addrs := unsafe.Slice((*uint64)(guestPtr(a.Chunks)), a.Count)
	taken, err := d.submitFrame(addrs, a.Flags&shared.SubmitNoWait != 0)
	if err != nil {
		d.log.Error("frame refused", zap.Error(err))
		return shared.StatusInvalidParameter
	}
	a.Taken = 0
	if taken {
		a.Taken = 1
	}
	return shared.StatusSuccess
}

func readThunk(p unsafe.Pointer) shared.Status {
	a := (*shared.ReadSurfaceParams)(p)
	d := lookup(a.DeviceID)
	if d == nil || a.Dst == 0 {
		return shared.StatusInvalidParameter
	}
	if a.Rows > 1<<15 || a.Bytes > a.Pitch || a.Pitch > 1<<20 {
		return shared.StatusInvalidParameter
	}
	dst := unsafe.Slice((*byte)(guestPtr(a.Dst)), int(a.Pitch)*int(a.Rows))
	var err error
	if cerr := d.call(func() { err = d.ReadSurface(a.Surface, dst, int(a.Pitch), int(a.Rows), int(a.Bytes)) }); cerr != nil {
		err = cerr
	}
	if err != nil {
		d.log.Warn("surface read failed", zap.Error(err))
		return shared.StatusInvalidParameter
	}
	return shared.StatusSuccess
}

func (d *Device) warnOnce(code uint32, msg string) {
	if d.warned[code] {
		return
	}
	d.warned[code] = true
	d.log.Warn(msg, zap.Uint32("record", code))
}

func sampleCount(ms uint32) int {
	switch {
	case ms >= 2:
		return int(ms)
	case ms == 1: // NONMASKABLE: the driver's choice
		return 4
	}
	return 1
}

func (d *Device) createSurface(r *shared.RecCreateSurface) error {
	f := types.Format(r.Format)
	mp := format.Map(f, d.target)
	if f == types.D3DFMT_NULL {
		// A render target without memory: bound, never drawn to.
		d.destroyObject(r.ID)
		d.objects[r.ID] = &surface{id: r.ID, kind: r.Kind, format: f, width: int(r.Width), height: int(r.Height), samples: 1}
		return nil
	}
	if !mp.Valid() {
		return fmt.Errorf("surface %d: format %v has no backend storage", r.ID, f)
	}
	// ColorFill and StretchRect draw into plain surfaces too, except
	// block-compressed ones, which no GPU renders into (fillBlocks).
	usage := backend.UsageShaderRead | backend.UsageRenderTarget
	if mp.Format.Info().Compressed {
		usage = backend.UsageShaderRead
	}
	s := &surface{id: r.ID, kind: r.Kind, format: f, mapping: mp, width: int(r.Width), height: int(r.Height),
		samples: sampleCount(r.Multisample)}
	desc := backend.TextureDesc{Type: backend.TextureType2D, Format: mp.Format, Width: s.width, Height: s.height,
		SampleCount: s.samples, Usage: usage}
	if s.samples > 1 {
		desc.Type = backend.TextureType2DMultisample
	}
	tex, err := d.be.NewTexture(desc)
	if err != nil {
		return fmt.Errorf("surface %d: %w", r.ID, err)
	}
	s.tex = tex
	d.destroyObject(r.ID)
	d.objects[r.ID] = s
	return nil
}

func (d *Device) destroyObject(id uint32) {
	d.passForget(id)
	d.dropBuffer(id)
	d.dropTexture(id)
	if sh := d.shaders[id]; sh != nil {
		d.dropBuilds(sh.ir)
		if sh.sw != sh.ir {
			d.dropBuilds(sh.sw)
		}
	}
	delete(d.shaders, id)
	delete(d.decls, id)
	d.q.dropQuery(id)
	if s := d.objects[id]; s != nil {
		if s.tex != nil && s.owner == 0 {
			s.tex.Release()
		}
		delete(d.objects, id)
	}
	d.dropSwapChain(id, true)
}
