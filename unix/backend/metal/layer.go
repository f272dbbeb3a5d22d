//go:build amd64 || arm64

package metal

import (
	"errors"
	"runtime"
	"sync/atomic"

	"go.uber.org/zap"

	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/metal/ca"
	"mtld3d/unix/backend/metal/mtl"
	"mtld3d/unix/backend/metal/ns"
	"mtld3d/unix/logs"
)

// layer is a backend.Layer over a CAMetalLayer. Attaching it to the host
// window (desc.Window) is the window code's job, on the main thread,
// through CALayer; the backend only makes and configures the layer.
type layer struct {
	dev    *Device
	l      ca.MetalLayer
	format pixfmt.Format
	window uintptr
	win    *windowView // the Wine window's Metal view, when Window was set (window_darwin.go)
}

// NewLayer makes a CAMetalLayer for desc: the device's, with framebufferOnly
// off (drawables can be read back), three drawables and display sync on.
func (d *Device) NewLayer(desc backend.LayerDesc) (backend.Layer, error) {
	if d.closed.Load() {
		return nil, errClosed
	}
	pf, err := PixelFormat(desc.Format)
	if err != nil {
		return nil, err
	}
	if !LayerFormatOK(pf) {
		return nil, unsupported("CAMetalLayer pixel format", desc.Format)
	}
	var l ca.MetalLayer
	var win *windowView
	if desc.Window != 0 {
		l, win, err = d.windowLayer(desc.Window)
		if err == nil {
			// Which of winemac's routes worked is the first thing to know
			// when a window stays black on a new Wine.
			logs.L().Info("metal: layer attached to the window", zap.Uint64("hwnd", uint64(desc.Window)),
				zap.Stringer("route", win.Route()))
		}
	} else {
		l, err = ca.NewMetalLayer()
	}
	if err != nil {
		return nil, err
	}
	ca.Transaction(func() {
		l.SetDevice(d.dev)
		l.SetPixelFormat(pf)
		l.SetFramebufferOnly(false)
		l.SetMaximumDrawableCount(3)
		l.SetDisplaySyncEnabled(true)
		l.SetDrawableSize(ca.CGSize{Width: float64(max(desc.Width, 1)), Height: float64(max(desc.Height, 1))})
	})
	ly := &layer{dev: d, l: l, format: desc.Format, window: desc.Window, win: win}
	ly.followWindow()
	return ly, nil
}

// CALayer is the CAMetalLayer, for the code that attaches it to a view.
func (l *layer) CALayer() ca.MetalLayer { return l.l }

func (l *layer) Resize(width, height int) {
	if l.followWindow() {
		return
	}
	ca.Transaction(func() {
		l.l.SetDrawableSize(ca.CGSize{Width: float64(max(width, 1)), Height: float64(max(height, 1))})
	})
}

func (l *layer) SetDisplaySync(on bool) { l.l.SetDisplaySyncEnabled(on) }

func (l *layer) Release() {
	l.l.Release()
	if l.win != nil {
		l.win.Release()
	}
}

var errNoDrawable = errors.New("metal: nextDrawable returned nil (none free within a second, or the layer has no size)")

func (l *layer) NextDrawable() (backend.Drawable, error) {
	d := l.l.NextDrawable() // retained
	if d.IsNil() {
		return nil, errNoDrawable
	}
	t := d.Texture()
	var w, h int
	ns.WithPool(func() { w, h = t.Width(), t.Height() })
	dr := &drawable{d: d, tex: &texture{
		dev: l.dev, t: t, owned: false,
		desc: backend.TextureDesc{
			Type: backend.TextureType2D, Format: l.format, Width: w, Height: h,
			Depth: 1, MipLevels: 1, ArrayLength: 1, SampleCount: 1,
			Usage: backend.UsageRenderTarget | backend.UsageShaderRead,
		},
		storage: mtl.StorageModePrivate,
	}}
	dr.ref = &drawableRef{d: d}
	runtime.AddCleanup(dr, func(r *drawableRef) { r.release() }, dr.ref)
	return dr, nil
}

// drawableRef owns the retain on a drawable and drops it once.
type drawableRef struct {
	d        ca.MetalDrawable
	released atomic.Bool
	handed   atomic.Bool // presented: the command buffer releases it
}

func (r *drawableRef) release() {
	if !r.released.Swap(true) {
		r.d.Release()
	}
}

// drawable is a backend.Drawable. It is retained from NextDrawable until
// the command buffer that presents it completes, or, if it is never
// presented, until the Go value is collected.
type drawable struct {
	d   ca.MetalDrawable
	tex *texture
	ref *drawableRef
}

func (d *drawable) Texture() backend.Texture { return d.tex }

// handOver marks the drawable presented; false if it already was.
func (d *drawable) handOver() bool { return !d.ref.handed.Swap(true) }

// release drops the retain (from the completion handler).
func (d *drawable) release() { d.ref.release() }

// LayerFormatOK reports whether CAMetalLayer accepts the format.
func LayerFormatOK(f mtl.PixelFormat) bool {
	switch f {
	case mtl.PixelFormatBGRA8Unorm, mtl.PixelFormatBGRA8Unorm_sRGB, mtl.PixelFormatRGBA16Float,
		mtl.PixelFormatRGB10A2Unorm, mtl.PixelFormatBGR10A2Unorm:
		return true
	}
	return false
}
