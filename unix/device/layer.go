package device

import (
	"encoding/binary"
	"math"
	"mtld3d/core/config"
	"sync"

	"go.uber.org/zap"

	"mtld3d/core/pixfmt"
	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend"
)

// Layers: each swap chain that presents to a window gets a backend layer
// (a CAMetalLayer on the Metal backend) attached to that window, the
// on-screen picture. Present fills the swap chain's front image as
// before (GetFrontBufferData and the dump read it); present.go then
// copies the front image into the layer's next drawable and presents it
// with the frame's command buffer.
//
// A layer is made, resized and replaced where the frame is captured, on
// the SubmitFrame caller's thread: the Metal backend attaches to a Wine
// window through winemac, which must run on a thread Wine made. The
// encoder takes the layer of a swap chain when it replays the Present.
// A layer's last holder releases it: the set while the swap chain lasts,
// the encoder while it presents.

// layerFormat is what drawables hold: the D3D9 display's X8R8G8B8.
const layerFormat = pixfmt.BGRA8Unorm

// chainLayer is one swap chain's layer and the window it is attached to.
type chainLayer struct {
	window uint64
	w, h   int
	l      backend.Layer
	refs   int  // under layers.mu
	shown  bool // a drawable was presented (the encoder's)
	vsync  bool // displaySyncEnabled as last set
}

// layers is a device's set of swap chain layers.
type layers struct {
	be  backend.Device
	dev *Device // for its log
	mu  sync.Mutex
	by  map[uint32]*chainLayer
	// What was logged once: a window without a layer, a frame without a drawable.
	failed, dropped bool
	vsync           config.VSync // present.vsync (pacing.go)
	// The swap chains' gamma ramps (gammaBytes); none for the identity.
	// The encoder's alone, as SetGammaRamp records replay there.
	gamma map[uint32][]byte
}

func newLayers(d *Device) *layers {
	return &layers{be: d.be, dev: d, by: map[uint32]*chainLayer{}, gamma: map[uint32][]byte{}}
}

// present follows a captured Present: the swap chain's layer is made for
// its window, made again for another window, and resized to the client
// area. A minimised window (no client area) keeps its layer.
func (s *layers) present(r *shared.RecPresent) {
	w, h := int(min(r.ClientWidth, maxDrawable)), int(min(r.ClientHeight, maxDrawable))
	if r.Window == 0 || w <= 0 || h <= 0 {
		return
	}
	s.mu.Lock()
	cl := s.by[r.SwapChain]
	s.mu.Unlock()
	// D3DPRESENT_INTERVAL_IMMEDIATE shows a frame at once; every other
	// interval waits for the vertical blank (TWO to FOUR as ONE).
	vsync := r.Interval != types.D3DPRESENT_INTERVAL_IMMEDIATE
	switch s.vsync {
	case config.VSyncOn:
		vsync = true
	case config.VSyncOff:
		vsync = false
	}
	if cl != nil && cl.window == r.Window {
		if cl.w != w || cl.h != h {
			cl.l.Resize(w, h)
			s.mu.Lock()
			cl.w, cl.h = w, h
			s.mu.Unlock()
		}
		if cl.vsync != vsync {
			cl.l.SetDisplaySync(vsync)
			cl.vsync = vsync
		}
		return
	}
	l, err := s.be.NewLayer(backend.LayerDesc{Width: w, Height: h, Format: layerFormat, Window: uintptr(r.Window)})
	if err != nil {
		if !s.failed {
			s.failed = true
			s.dev.log.Error("no layer for the window: frames are not shown", zap.Uint64("hwnd", r.Window), zap.Error(err))
		}
		return
	}
	s.dev.log.Info("layer made", zap.Uint32("swapchain", r.SwapChain), zap.Uint64("hwnd", r.Window),
		zap.Int("width", w), zap.Int("height", h))
	s.mu.Lock()
	s.drop(r.SwapChain)
	l.SetDisplaySync(vsync)
	s.by[r.SwapChain] = &chainLayer{window: r.Window, w: w, h: h, l: l, refs: 1, vsync: vsync}
	s.mu.Unlock()
}

// forget releases a swap chain's layer (the swap chain is destroyed).
func (s *layers) forget(sc uint32) {
	s.mu.Lock()
	s.drop(sc)
	s.mu.Unlock()
}

// drop takes the set's reference off sc's layer; under mu.
func (s *layers) drop(sc uint32) {
	if cl := s.by[sc]; cl != nil {
		delete(s.by, sc)
		s.unref(cl)
	}
}

func (s *layers) unref(cl *chainLayer) {
	if cl.refs--; cl.refs == 0 {
		cl.l.Release()
	}
}

// take returns sc's layer with a reference for the caller (put gives it
// back); nil if it has none.
func (s *layers) take(sc uint32) *chainLayer {
	s.mu.Lock()
	defer s.mu.Unlock()
	cl := s.by[sc]
	if cl != nil {
		cl.refs++
	}
	return cl
}

func (s *layers) put(cl *chainLayer) {
	s.mu.Lock()
	s.unref(cl)
	s.mu.Unlock()
}

// release drops every layer (the device is destroyed).
func (s *layers) release() {
	if s == nil {
		return
	}
	s.mu.Lock()
	for sc := range s.by {
		s.drop(sc)
	}
	s.mu.Unlock()
}

// show copies the front image into sc's layer's next drawable and
// presents it with the current command buffer. It runs on the encoder,
// right after Present filled the front image: the copy must come after
// that fill and before the next Present changes or replaces the image,
// which the encoder's command order gives for free. A layer without a
// free drawable drops this frame's picture (logged once): the front
// image, and so GetFrontBufferData, still has it.
func (d *Device) show(sc uint32, front *surface) {
	if d.layers == nil {
		return
	}
	cl := d.layers.take(sc)
	if cl == nil {
		return
	}
	defer d.layers.put(cl)
	dr, err := cl.l.NextDrawable()
	if err != nil || dr == nil {
		if !d.layers.dropped {
			d.layers.dropped = true
			d.log.Warn("no drawable: a frame is not shown", zap.Uint32("swapchain", sc), zap.Error(err))
		}
		return
	}
	tex := dr.Texture()
	dst := &surface{id: sc, format: front.format, tex: tex, width: tex.Width(), height: tex.Height(), samples: 1}
	dst.mapping.Format = layerFormat
	all := rect{0, 0, front.width, front.height}
	if err := d.presentDraw(front, dst, all, rect{0, 0, dst.width, dst.height}, false, d.layers.gamma[sc]); err != nil {
		d.warnOnce(shared.RecordCode("Present"), "present: copy to the drawable failed: "+err.Error())
		return
	}
	d.outsidePass().PresentDrawable(dr)
	if !cl.shown {
		cl.shown = true
		d.log.Info("first drawable presented", zap.Uint32("swapchain", sc), zap.Uint64("hwnd", cl.window),
			zap.Int("width", dst.width), zap.Int("height", dst.height))
	}
}

func init() { on("SetGammaRamp", (*Device).setGammaRamp) }

// setGammaRamp keeps a swap chain's ramp for what its window shows. The
// front image stays without it, as Windows' GetFrontBufferData reads the
// picture before the display's ramp.
func (d *Device) setGammaRamp(r *shared.RecSetGammaRamp, _ []byte) error {
	if d.layers == nil {
		return nil
	}
	if b := gammaBytes(r); b != nil {
		d.layers.gamma[r.SwapChain] = b
	} else {
		delete(d.layers.gamma, r.SwapChain)
	}
	return nil
}

// gammaBytes is a ramp as the gamma shader reads it: 768 floats, red's
// 256 entries then green's and blue's, each 0-1. Nil for the identity
// ramp (entry i is i*257), which the plain copy shows faster.
func gammaBytes(r *shared.RecSetGammaRamp) []byte {
	identity := true
	b := make([]byte, 3*256*4)
	for c, t := range [3]*[256]uint16{&r.Red, &r.Green, &r.Blue} {
		for i, v := range t {
			identity = identity && v == uint16(i*257)
			binary.LittleEndian.PutUint32(b[4*(256*c+i):], math.Float32bits(float32(v)/65535))
		}
	}
	if identity {
		return nil
	}
	return b
}

// gammaMSL is the Metal twin of gammaFS.
const gammaMSL = `#include <metal_stdlib>
using namespace metal;
struct gamma_in { float4 position [[position]]; };
fragment float4 mtld3d_gamma_fs(gamma_in in [[stage_in]], constant float4 *m [[buffer(0)]],
                                constant float *ramp [[buffer(1)]],
                                texture2d<float> t [[texture(0)]], sampler s [[sampler(0)]]) {
    float2 uv = (m[1].xy + (in.position.xy - m[0].xy) * m[0].zw) * m[1].zw;
    uint3 i = uint3(clamp(t.sample(s, uv, level(0.0)).rgb, 0.0, 1.0) * 255.0 + 0.5);
    return float4(ramp[i.r], ramp[256 + i.g], ramp[512 + i.b], 1.0);
}
`

// gammaFS samples as presentFS does (without the sRGB encoding) and
// looks each channel up in the ramp, buffer 1 (gammaBytes).
var gammaFS = &backend.FragmentFunc{Sig: backend.FragmentSignature{Outputs: 1}, Run: func(r backend.QuadResources, q *backend.Quad, out *backend.FragmentOut) {
	m := blitParams(r)
	ramp := r.Buffer(1)
	for l := 0; l < backend.QuadLanes; l++ {
		c := r.Sample(0, 0, blitUV(&m, q.Position[l]), 0)
		for i := 0; i < 3; i++ {
			k := 256*i + int(min(max(c[i], 0), 1)*255+0.5)
			if 4*k+4 <= len(ramp) {
				c[i] = math.Float32frombits(binary.LittleEndian.Uint32(ramp[4*k:]))
			}
		}
		c[3] = 1
		out.Color[0][l] = c
	}
}}
