package reference

import (
	"fmt"
	"sync"
	"time"

	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/irprog"
)

// Device is the reference backend's backend.Device.
type Device struct {
	disp display // the simulated display (display.go); none from New
}

var _ backend.Device = (*Device)(nil)

// New returns a reference device.
func New() *Device { return &Device{} }

func (d *Device) Name() string { return "mtld3d reference (CPU)" }

func (d *Device) Caps() backend.Caps {
	return backend.CapBCTextures | backend.CapDepth24Stencil8 | backend.CapClampToBorder |
		backend.CapMirrorClampToEdge | backend.CapMSAA2 | backend.CapMSAA4 | backend.CapMSAA8 |
		backend.CapDepthClamp | backend.CapReadableDrawable
}

func (d *Device) Release() {}

// Buffer is a byte slice.
type Buffer struct{ data []byte }

func (d *Device) NewBuffer(length int) (backend.Buffer, error) {
	if length < 0 || length > backend.MaxResourceBytes {
		return nil, fmt.Errorf("reference: buffer length %d", length)
	}
	return &Buffer{data: make([]byte, length)}, nil
}

func (b *Buffer) Contents() []byte               { return b.data }
func (b *Buffer) Upload(offset int, data []byte) { copy(b.data[offset:], data) }
func (b *Buffer) Length() int                    { return len(b.data) }
func (b *Buffer) Release()                       {}

type sampler struct{ desc backend.SamplerDesc }

func (s *sampler) Desc() backend.SamplerDesc { return s.desc }
func (s *sampler) Release()                  {}

func (d *Device) NewSampler(desc backend.SamplerDesc) (backend.Sampler, error) {
	if desc.MaxAnisotropy < 1 {
		desc.MaxAnisotropy = 1
	}
	return &sampler{desc}, nil
}

type depthStencil struct{ desc backend.DepthStencilDesc }

func (s *depthStencil) Desc() backend.DepthStencilDesc { return s.desc }
func (s *depthStencil) Release()                       {}

func (d *Device) NewDepthStencilState(desc backend.DepthStencilDesc) (backend.DepthStencilState, error) {
	return &depthStencil{desc}, nil
}

type function struct {
	stage backend.ShaderStage
	name  string
	vp    backend.VertexProgram
	fp    backend.FragmentProgram
}

func (f *function) Stage() backend.ShaderStage { return f.stage }
func (f *function) Name() string               { return f.name }
func (f *function) Release()                   {}

func (d *Device) NewFunction(desc backend.FunctionDesc) (backend.Function, error) {
	f := &function{stage: desc.Stage, name: desc.Entry}
	if desc.Program == nil && desc.IR != nil {
		var err error
		if desc.Program, err = program(desc); err != nil {
			return nil, err
		}
	}
	var ok bool
	switch desc.Stage {
	case backend.StageVertex:
		f.vp, ok = desc.Program.(backend.VertexProgram)
	case backend.StageFragment:
		f.fp, ok = desc.Program.(backend.FragmentProgram)
	}
	if !ok {
		return nil, fmt.Errorf("reference: function %q: Program %T does not fit stage %d: %w", desc.Entry, desc.Program, desc.Stage, backend.ErrUnsupported)
	}
	return f, nil
}

// program builds the IR interpreter program desc names (its Stage, IR
// and Variant).
func program(desc backend.FunctionDesc) (any, error) {
	if desc.Stage == backend.StageVertex {
		return irprog.Vertex(desc.IR, desc.Variant)
	}
	return irprog.Fragment(desc.IR, desc.Variant)
}

type pipeline struct {
	desc backend.RenderPipelineDesc
	vp   backend.VertexProgram
	fp   backend.FragmentProgram // nil: no fragment stage
	vsig backend.VertexSignature
	fsig backend.FragmentSignature
	// noPerspective: a varying the fragment program reads is
	// interpolated without perspective.
	noPerspective bool
}

func (p *pipeline) Desc() backend.RenderPipelineDesc { return p.desc }
func (p *pipeline) Release()                         {}

func (d *Device) NewRenderPipeline(desc backend.RenderPipelineDesc) (backend.RenderPipelineState, error) {
	vf, ok := desc.VertexFunction.(*function)
	if !ok || vf.vp == nil {
		return nil, fmt.Errorf("reference: pipeline needs a reference vertex function")
	}
	p := &pipeline{desc: desc, vp: vf.vp, vsig: vf.vp.VertexSignature()}
	if desc.FragmentFunction != nil {
		ff, ok := desc.FragmentFunction.(*function)
		if !ok || ff.fp == nil {
			return nil, fmt.Errorf("reference: fragment function is not a reference fragment function")
		}
		p.fp, p.fsig = ff.fp, ff.fp.FragmentSignature()
		for j := 0; j < min(p.fsig.Varyings, backend.MaxVaryings); j++ {
			if p.fsig.Interp[j] == backend.InterpNoPerspective && p.fsig.Unread&(1<<j) == 0 {
				p.noPerspective = true
			}
		}
	}
	if p.desc.SampleCount < 1 {
		p.desc.SampleCount = 1
	}
	if err := p.validate(); err != nil {
		return nil, err
	}
	return p, nil
}

func (d *Device) NewCommandQueue() (backend.CommandQueue, error) {
	q := &queue{work: make(chan *commandBuffer, 64)}
	go q.run()
	return q, nil
}

// Layer is a presentable surface whose presented image the host can read.
type Layer struct {
	dev    *Device
	mu     sync.Mutex
	desc   backend.LayerDesc
	last   *Texture
	frames int
	onShow func(*Drawable)
	sync   bool // SetDisplaySync
	// shows serialises the presents, which may wait for a blank, without
	// holding mu; shownAt is the blank that showed the last frame (zero
	// without a display), under shows.
	shows   sync.Mutex
	shownAt time.Time
}

func (d *Device) NewLayer(desc backend.LayerDesc) (backend.Layer, error) {
	if desc.Format == pixfmt.Invalid {
		desc.Format = pixfmt.BGRA8Unorm
	}
	// Display sync starts on, as a CAMetalLayer's does.
	return &Layer{dev: d, desc: desc, sync: true}, nil
}

// NextDrawable returns a drawable with a fresh texture of the layer's size.
func (l *Layer) NextDrawable() (backend.Drawable, error) {
	l.mu.Lock()
	desc := l.desc
	l.mu.Unlock()
	t, err := l.dev.NewTexture(backend.TextureDesc{Format: desc.Format, Width: desc.Width, Height: desc.Height,
		Usage: backend.UsageRenderTarget | backend.UsageShaderRead})
	if err != nil {
		return nil, err
	}
	return &Drawable{layer: l, tex: t.(*Texture)}, nil
}

// SetDisplaySync is displaySyncEnabled: with it on, a device made by
// NewDisplay shows each presented drawable at its display's next blank
// (display.go); a device without a display only records it.
func (l *Layer) SetDisplaySync(on bool) {
	l.mu.Lock()
	l.sync = on
	l.mu.Unlock()
}

// DisplaySync reports the last SetDisplaySync (tests).
func (l *Layer) DisplaySync() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.sync
}

func (l *Layer) Resize(w, h int) {
	l.mu.Lock()
	l.desc.Width, l.desc.Height = w, h
	l.mu.Unlock()
}

func (l *Layer) Release() {}

// OnPresent sets a function called, on the queue's goroutine, with each
// drawable as it is presented.
func (l *Layer) OnPresent(f func(*Drawable)) {
	l.mu.Lock()
	l.onShow = f
	l.mu.Unlock()
}

// Presented returns the texture last presented and the number of frames
// presented so far.
func (l *Layer) Presented() (*Texture, int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.last, l.frames
}

// present shows a presented drawable; with display sync on and a display,
// at the blank that shows it (display.go), so the command buffer that
// presents it completes no sooner.
func (l *Layer) present(d *Drawable) {
	l.shows.Lock()
	l.mu.Lock()
	wait := l.sync
	l.mu.Unlock()
	if wait {
		l.shownAt = l.dev.disp.wait(l.shownAt)
	}
	l.mu.Lock()
	l.last = d.tex
	l.frames++
	f := l.onShow
	l.mu.Unlock()
	l.shows.Unlock()
	if f != nil {
		f(d)
	}
}

// Drawable is a layer's texture for one frame.
type Drawable struct {
	layer *Layer
	tex   *Texture
}

func (d *Drawable) Texture() backend.Texture { return d.tex }

// validate checks what execution indexes by, so a bad descriptor fails
// here rather than panicking mid-frame.
func (p *pipeline) validate() error {
	if v := p.vsig; v.Varyings < 0 || v.Varyings > backend.MaxVaryings || v.ClipDistances < 0 || v.ClipDistances > backend.MaxClipDistances {
		return fmt.Errorf("reference: vertex signature %+v out of range", v)
	}
	if f := p.fsig; f.Varyings < 0 || f.Varyings > backend.MaxVaryings || f.Outputs < 0 || f.Outputs > backend.MaxColorAttachments {
		return fmt.Errorf("reference: fragment signature %+v out of range", f)
	}
	for i, a := range p.desc.VertexDescriptor.Attributes {
		if a.Format != backend.VertexInvalid && (a.Format.Size() == 0 || int(a.BufferIndex) >= backend.MaxVertexBufferLayouts) {
			return fmt.Errorf("reference: vertex attribute %d: %+v", i, a)
		}
	}
	if samplePos[p.desc.SampleCount] == nil {
		return fmt.Errorf("reference: sample count %d: %w", p.desc.SampleCount, backend.ErrUnsupported)
	}
	return nil
}
