//go:build amd64 || arm64

package ca

import (
	"fmt"

	"mtld3d/unix/backend/metal/mtl"
	"mtld3d/unix/backend/metal/ns"
)

var (
	class_CAMetalLayer  = ns.Cls(ns.QuartzCore, "CAMetalLayer")
	class_CATransaction = ns.Cls(ns.QuartzCore, "CATransaction")
)

// Transaction runs f inside an explicit CATransaction with implicit
// animations off. Property changes made off the main thread otherwise
// open an implicit transaction that only a run loop on that thread would
// commit.
func Transaction(f func()) {
	ns.WithPool(func() {
		send_begin(class_CATransaction.ID())
		send_setDisableActions(class_CATransaction.ID(), true)
		defer send_commit(class_CATransaction.ID())
		f()
	})
}

// MetalLayer is a CAMetalLayer.
type MetalLayer struct{ id ns.ID }

// ID is the object id (to hand to a view's setLayer:).
func (l MetalLayer) ID() ns.ID { return l.id }

// Release is -release.
func (l MetalLayer) Release() { ns.Release(l.id) }

// NewMetalLayer is [[CAMetalLayer alloc] init]: an owned layer.
func NewMetalLayer() (MetalLayer, error) {
	if err := ns.Load(); err != nil {
		return MetalLayer{}, err
	}
	var id ns.ID
	ns.WithPool(func() { id = ns.New(class_CAMetalLayer) })
	if id == 0 {
		return MetalLayer{}, fmt.Errorf("ca: [[CAMetalLayer alloc] init] returned nil")
	}
	return MetalLayer{id}, nil
}

// SetDevice is setDevice:.
func (l MetalLayer) SetDevice(d mtl.Device) { send_setDevice(l.id, d.ID()) }

// SetPixelFormat is setPixelFormat: (BGRA8Unorm, BGRA8Unorm_sRGB,
// RGBA16Float, RGB10A2Unorm or BGR10A2Unorm).
func (l MetalLayer) SetPixelFormat(f mtl.PixelFormat) { send_setPixelFormat(l.id, uint(f)) }

// PixelFormat is -pixelFormat.
func (l MetalLayer) PixelFormat() mtl.PixelFormat {
	return mtl.PixelFormat(send_pixelFormat(l.id))
}

// SetDrawableSize is setDrawableSize:, in pixels.
func (l MetalLayer) SetDrawableSize(s CGSize) { send_setDrawableSize(l.id, s) }

// DrawableSize is -drawableSize (a 16-byte struct return: registers on
// both architectures).
func (l MetalLayer) DrawableSize() CGSize { return send_drawableSize(l.id) }

// SetFramebufferOnly is setFramebufferOnly:. NO lets drawables be read
// back and sampled.
func (l MetalLayer) SetFramebufferOnly(b bool) { send_setFramebufferOnly(l.id, b) }

// SetMaximumDrawableCount is setMaximumDrawableCount: (2 or 3).
func (l MetalLayer) SetMaximumDrawableCount(n int) {
	send_setMaximumDrawableCount(l.id, uint(n))
}

// SetDisplaySyncEnabled is setDisplaySyncEnabled: (vsync, macOS 10.13).
func (l MetalLayer) SetDisplaySyncEnabled(b bool) {
	if ns.ObjectOf(l.id).RespondsTo(sel_setDisplaySyncEnabled) {
		send_setDisplaySyncEnabled(l.id, b)
	}
}

// NextDrawable is -nextDrawable, retained (the caller releases it). It
// returns a nil drawable when none frees up within a second.
func (l MetalLayer) NextDrawable() MetalDrawable {
	var id ns.ID
	ns.WithPool(func() { id = ns.Retain(send_nextDrawable(l.id)) })
	return MetalDrawable{id}
}

// MetalDrawable is an id<CAMetalDrawable>.
type MetalDrawable struct{ id ns.ID }

// ID is the object id (for presentDrawable:).
func (d MetalDrawable) ID() ns.ID { return d.id }

// IsNil reports whether there is no drawable.
func (d MetalDrawable) IsNil() bool { return d.id == 0 }

// Release is -release.
func (d MetalDrawable) Release() { ns.Release(d.id) }

// Texture is -texture: owned by the drawable, valid while it is.
func (d MetalDrawable) Texture() mtl.Texture { return mtl.TextureOf(send_texture(d.id)) }

// MetalLayerOf wraps a CAMetalLayer someone else made (a Wine window's
// metal view's layer, say). It takes no reference: retain it first if the
// MetalLayer will be Released.
func MetalLayerOf(id ns.ID) MetalLayer { return MetalLayer{id} }
