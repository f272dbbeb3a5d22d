//go:build amd64 || arm64

package metal

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"go.uber.org/zap"

	"mtld3d/unix/backend"
	"mtld3d/unix/backend/metal/mslreg"
	"mtld3d/unix/backend/metal/mtl"
	"mtld3d/unix/backend/metal/ns"
	"mtld3d/unix/logs"
)

// Device is the Metal backend's backend.Device.
type Device struct {
	dev     mtl.Device
	name    string
	unified bool
	caps    backend.Caps

	util     mtl.CommandQueue // staging blits for private and managed textures
	utilMu   sync.Mutex
	nextID   atomic.Uint64 // texture, buffer and state labels
	frameSeq atomic.Uint64 // command buffer labels

	libMu sync.Mutex
	libs  map[string]mtl.Library // by source

	dirtyMu sync.Mutex
	dirty   map[*buffer]struct{} // managed buffers written by the CPU since the last commit

	inflight sync.WaitGroup // committed command buffers whose handler has not finished

	// main is the first queue NewCommandQueue made (the device's frame
	// queue): uploads through staging are committed to it, ahead of the
	// frames that read them, without waiting.
	mainMu sync.Mutex
	main   mtl.CommandQueue
	closed atomic.Bool

	archMu sync.Mutex
	arch   atomic.Pointer[archive] // OpenBinaryArchive's (archive.go); nil for none
}

var (
	_ backend.Device               = (*Device)(nil)
	_ backend.Buffer               = (*buffer)(nil)
	_ backend.Texture              = (*texture)(nil)
	_ backend.Sampler              = (*sampler)(nil)
	_ backend.DepthStencilState    = (*depthStencil)(nil)
	_ backend.Function             = (*function)(nil)
	_ backend.RenderPipelineState  = (*pipeline)(nil)
	_ backend.CommandQueue         = (*queue)(nil)
	_ backend.CommandBuffer        = (*commandBuffer)(nil)
	_ backend.RenderCommandEncoder = (*renderEncoder)(nil)
	_ backend.BlitCommandEncoder   = (*blitEncoder)(nil)
	_ backend.Layer                = (*layer)(nil)
	_ backend.Drawable             = (*drawable)(nil)
)

// New opens the system default Metal device.
func New() (*Device, error) {
	dev, err := mtl.CreateSystemDefaultDevice()
	if err != nil {
		return nil, err
	}
	return newDevice(dev)
}

// NewFrom wraps a device from mtl.CopyAllDevices; the Device takes over
// the caller's reference.
func NewFrom(dev mtl.Device) (*Device, error) { return newDevice(dev) }

func newDevice(dev mtl.Device) (*Device, error) {
	d := &Device{
		dev:   dev,
		libs:  map[string]mtl.Library{},
		dirty: map[*buffer]struct{}{},
	}
	ns.WithPool(func() {
		d.name = dev.Name()
		d.unified = dev.HasUnifiedMemory()
		facts := DeviceFacts{
			BC:                dev.SupportsBCTextureCompression(),
			Depth24Stencil8:   dev.Depth24Stencil8PixelFormatSupported(),
			Mac2:              dev.SupportsFamily(mtl.GPUFamilyMac2),
			Apple7:            dev.SupportsFamily(mtl.GPUFamilyApple7),
			ReadableDrawables: true, // layers are made with framebufferOnly = NO
		}
		for _, n := range []int{2, 4, 8} {
			facts.SampleCounts[n] = dev.SupportsTextureSampleCount(n)
		}
		d.caps = CapsFrom(facts)
	})
	util, err := dev.NewCommandQueue()
	if err != nil {
		dev.Release()
		return nil, err
	}
	util.SetLabel("mtld3d-staging")
	d.util = util
	logs.L().Info("metal: device",
		zap.String("name", d.name), zap.Bool("unifiedMemory", d.unified),
		zap.Uint32("caps", uint32(d.caps)),
		zap.Uint64("recommendedMaxWorkingSetSize", dev.RecommendedMaxWorkingSetSize()))
	return d, nil
}

// MTLDevice is the underlying device (for the window attachment code).
func (d *Device) MTLDevice() mtl.Device { return d.dev }

// UnifiedMemory reports whether buffers are shared rather than managed.
func (d *Device) UnifiedMemory() bool { return d.unified }

func (d *Device) Name() string       { return d.name }
func (d *Device) Caps() backend.Caps { return d.caps }

// Release waits for every committed command buffer to finish its
// handler, then drops the cached libraries, the staging queue and the
// device. Objects made from the device must be released first. With a
// writable binary archive the device goes last, after the archive's
// writer has written what is new, on the writer's goroutine.
func (d *Device) Release() {
	if d.closed.Swap(true) {
		return
	}
	d.inflight.Wait()
	d.libMu.Lock()
	for _, l := range d.libs {
		l.Release()
	}
	d.libs = nil
	d.libMu.Unlock()
	d.util.Release()
	if d.main.ID() != 0 {
		d.main.Release()
	}
	d.archMu.Lock() // no OpenBinaryArchive under way
	a := d.arch.Load()
	d.archMu.Unlock()
	if a != nil {
		a.close(d.dev.Release)
		return
	}
	d.dev.Release()
}

// errClosed is returned by creation methods after Release.
var errClosed = errors.New("metal: device released")

func (d *Device) NewBuffer(length int) (backend.Buffer, error) {
	if d.closed.Load() {
		return nil, errClosed
	}
	if length < 0 || length > backend.MaxResourceBytes {
		return nil, fmt.Errorf("metal: buffer length %d", length)
	}
	n := max(length, 1) // Metal refuses zero-length buffers
	storage := BufferStorage(d.unified)
	var (
		b   mtl.Buffer
		err error
	)
	id := d.nextID.Add(1)
	ns.WithPool(func() {
		b, err = d.dev.NewBuffer(n, mtl.ResourceOptionsFor(storage, mtl.CPUCacheModeDefaultCache, mtl.HazardTrackingModeDefault))
		if err == nil {
			b.SetLabel(bufferLabel(id))
		}
	})
	if err != nil {
		return nil, err
	}
	return newBuffer(d, b, length, storage == mtl.StorageModeManaged), nil
}

func (d *Device) NewSampler(desc backend.SamplerDesc) (backend.Sampler, error) {
	if d.closed.Load() {
		return nil, errClosed
	}
	if desc.MaxAnisotropy < 1 {
		desc.MaxAnisotropy = 1
	}
	sd, err := SamplerDescriptor(desc)
	if err != nil {
		return nil, err
	}
	sd.Label = samplerLabel(d.nextID.Add(1))
	s, err := d.dev.NewSamplerState(sd)
	if err != nil {
		return nil, err
	}
	return &sampler{desc: desc, s: s}, nil
}

func (d *Device) NewDepthStencilState(desc backend.DepthStencilDesc) (backend.DepthStencilState, error) {
	if d.closed.Load() {
		return nil, errClosed
	}
	dd, err := DepthStencilDescriptor(desc)
	if err != nil {
		return nil, err
	}
	dd.Label = depthStencilLabel(d.nextID.Add(1))
	s, err := d.dev.NewDepthStencilState(dd)
	if err != nil {
		return nil, err
	}
	return &depthStencil{desc: desc, s: s}, nil
}

// library returns the cached library for source, compiling it on first
// use. Compile errors are logged with the source.
func (d *Device) library(source string) (mtl.Library, error) {
	d.libMu.Lock()
	defer d.libMu.Unlock()
	if l, ok := d.libs[source]; ok {
		return l, nil
	}
	l, err := d.dev.NewLibraryWithSource(source, mtl.CompileOptions{})
	if err != nil {
		logs.L().Error("metal: MSL compile failed", zap.Error(err), zap.String("source", source))
		return mtl.Library{}, err
	}
	d.libs[source] = l
	return l, nil
}

func (d *Device) NewFunction(desc backend.FunctionDesc) (backend.Function, error) {
	if d.closed.Load() {
		return nil, errClosed
	}
	if err := checkFunctionDesc(desc); err != nil {
		return nil, err
	}
	lib, err := d.library(desc.Source)
	if err != nil {
		return nil, err
	}
	f, err := func() (mtl.Function, error) {
		defer mslreg.Making(desc)() // for the Metal double; nothing unless it runs
		return lib.NewFunction(desc.Entry)
	}()
	if err != nil {
		logs.L().Error("metal: entry point missing", zap.String("entry", desc.Entry), zap.String("source", desc.Source))
		return nil, err
	}
	return &function{stage: desc.Stage, name: desc.Entry, key: FunctionKey(desc.Source, desc.Entry), f: f}, nil
}

func (d *Device) NewRenderPipeline(desc backend.RenderPipelineDesc) (backend.RenderPipelineState, error) {
	if d.closed.Load() {
		return nil, errClosed
	}
	vf, ok := desc.VertexFunction.(*function)
	if !ok || vf == nil {
		return nil, fmt.Errorf("metal: pipeline needs a vertex function made by this backend, got %T", desc.VertexFunction)
	}
	var ff *function
	fragKey := ""
	if desc.FragmentFunction != nil {
		if ff, ok = desc.FragmentFunction.(*function); !ok {
			return nil, fmt.Errorf("metal: fragment function %T not made by this backend", desc.FragmentFunction)
		}
		fragKey = ff.key
	}
	pd, err := PipelineDescriptor(desc, vf.key, fragKey)
	if err != nil {
		return nil, err
	}
	var frag mtl.Function
	if ff != nil {
		frag = ff.f
	}
	p, err := d.pipelineState(vf.f, frag, pd)
	if err != nil {
		logs.L().Error("metal: pipeline state failed", zap.Error(err), zap.String("label", pd.Label),
			zap.String("vertex", vf.name), zap.String("fragment", fragKey))
		return nil, err
	}
	return &pipeline{desc: desc, p: p, label: pd.Label}, nil
}

func (d *Device) NewCommandQueue() (backend.CommandQueue, error) {
	if d.closed.Load() {
		return nil, errClosed
	}
	var (
		q   mtl.CommandQueue
		err error
	)
	ns.WithPool(func() { q, err = d.dev.NewCommandQueue() })
	if err != nil {
		return nil, err
	}
	q.SetLabel(fmt.Sprintf("mtld3d-queue-%d", d.nextID.Add(1)))
	d.mainMu.Lock()
	if d.main.ID() == 0 {
		d.main = q.Retain()
	}
	d.mainMu.Unlock()
	return &queue{dev: d, q: q}, nil
}

// markDirty records a CPU write to a managed buffer.
func (d *Device) markDirty(b *buffer) {
	d.dirtyMu.Lock()
	d.dirty[b] = struct{}{}
	d.dirtyMu.Unlock()
}

// flushDirty pushes CPU writes of managed buffers to the GPU
// (didModifyRange:) before a commit.
func (d *Device) flushDirty() {
	d.dirtyMu.Lock()
	list := make([]*buffer, 0, len(d.dirty))
	for b := range d.dirty {
		list = append(list, b)
	}
	clear(d.dirty)
	d.dirtyMu.Unlock()
	for _, b := range list {
		b.flush()
	}
}

// staging runs fn on a blit encoder and waits for it: the CPU side of
// private and managed textures.
func (d *Device) staging(fn func(e mtl.BlitCommandEncoder)) error {
	d.utilMu.Lock()
	defer d.utilMu.Unlock()
	// On the frame queue when there is one: behind every upload committed
	// there (upload), which a readback must see.
	d.mainMu.Lock()
	q := d.main
	d.mainMu.Unlock()
	if q.ID() == 0 {
		q = d.util
	}
	var err error
	ns.WithPool(func() {
		cb := q.CommandBuffer()
		defer cb.Release()
		cb.SetLabel("mtld3d-staging")
		e := cb.BlitCommandEncoder()
		fn(e)
		e.EndEncoding()
		e.Release()
		cb.Commit()
		cb.WaitUntilCompleted()
		if cb.Status() == mtl.CommandBufferStatusError {
			err = fmt.Errorf("metal: staging blit failed: %w", cb.Error())
		}
	})
	return err
}

// upload encodes fn (blits out of sb) on the device's frame queue and
// commits it without waiting: a command buffer committed later to that
// queue, as every frame that reads the upload is, runs after it. sb is
// released when the blit has run. Without a frame queue yet it is
// staging's wait.
func (d *Device) upload(sb mtl.Buffer, fn func(e mtl.BlitCommandEncoder)) error {
	d.mainMu.Lock()
	q := d.main
	d.mainMu.Unlock()
	if q.ID() == 0 {
		defer sb.Release()
		return d.staging(fn)
	}
	d.inflight.Add(1)
	ns.WithPool(func() {
		cb := q.CommandBuffer()
		defer cb.Release()
		cb.SetLabel("mtld3d-upload")
		e := cb.BlitCommandEncoder()
		fn(e)
		e.EndEncoding()
		e.Release()
		cb.AddCompletedHandler(func(c mtl.CommandBuffer) {
			defer d.inflight.Done()
			if c.Status() == mtl.CommandBufferStatusError {
				logs.L().Error("metal: upload blit failed", zap.Error(c.Error()))
			}
			sb.Release()
		})
		cb.Commit()
	})
	return nil
}

// stagingBuffer makes a CPU-visible buffer of n bytes for staging.
func (d *Device) stagingBuffer(n int) (mtl.Buffer, error) {
	var (
		b   mtl.Buffer
		err error
	)
	ns.WithPool(func() {
		b, err = d.dev.NewBuffer(max(n, 1), mtl.ResourceOptionsFor(mtl.StorageModeShared, mtl.CPUCacheModeDefaultCache, mtl.HazardTrackingModeDefault))
	})
	return b, err
}
