//go:build linux && (amd64 || arm64)

package double

import (
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/metal/mtl"
)

// CAMetalLayer, its drawables and CATransaction. The layer is never on
// a screen: its drawables come from a reference layer of the same size
// and format, made again when either changes.

type metalLayer struct {
	device          *object
	format          mtl.PixelFormat
	width, height   float64
	framebufferOnly bool
	maxDrawables    int
	sync            bool
	ref             backend.Layer
	refW, refH      int
	refFormat       mtl.PixelFormat
}

type drawable struct {
	layer     *object
	ref       backend.Drawable
	texture   *object
	presented bool
}

func init() {
	stateMakers["CAMetalLayer"] = func() any {
		// Apple's defaults: BGRA8Unorm, framebufferOnly, three drawables.
		return &metalLayer{format: mtl.PixelFormatBGRA8Unorm, framebufferOnly: true, maxDrawables: 3, sync: true}
	}
}

func layerClasses() []classSpec {
	return []classSpec{
		{name: "CATransaction", super: "NSObject", headers: []string{"CATransaction"}, public: true,
			static: map[string]method{
				"begin":              func(c *call) {},
				"commit":             func(c *call) {},
				"setDisableActions:": func(c *call) {},
			}},
		{name: "CAMetalLayer", super: "NSObject", headers: []string{"CAMetalLayer"}, public: true,
			methods: descriptorSetters(map[string]func(*metalLayer, *call){
				"setDevice:": func(l *metalLayer, c *call) {
					dev := c.obj(0)
					if dev != nil {
						c.d.retain(dev)
					}
					if l.device != nil {
						c.d.release(l.device)
					}
					l.device = dev
					self, prev := c.self, c.self.dealloc
					self.dealloc = func() {
						if l.ref != nil {
							l.ref.Release()
						}
						if l.device != nil {
							c.d.release(l.device)
							l.device = nil
						}
						if prev != nil {
							prev()
						}
					}
				},
				"setPixelFormat:": func(l *metalLayer, c *call) {
					f := mtl.PixelFormat(c.uint(0))
					switch f {
					case mtl.PixelFormatBGRA8Unorm, mtl.PixelFormatBGRA8Unorm_sRGB, mtl.PixelFormatRGBA16Float,
						mtl.PixelFormatBGR10A2Unorm, mtl.PixelFormatRGB10A2Unorm:
					default:
						c.fail("pixel format %d: a CAMetalLayer takes BGRA8Unorm(_sRGB), RGBA16Float, BGR10A2Unorm or RGB10A2Unorm", f)
						return
					}
					l.format = f
				},
				"pixelFormat": func(l *metalLayer, c *call) { c.retUint(int(l.format)) },
				"setDrawableSize:": func(l *metalLayer, c *call) {
					s := c.doubles(0)
					l.width, l.height = s[0], s[1]
				},
				"drawableSize":        func(l *metalLayer, c *call) { c.retDoubles(l.width, l.height) },
				"setFramebufferOnly:": func(l *metalLayer, c *call) { l.framebufferOnly = c.bool(0) },
				"setMaximumDrawableCount:": func(l *metalLayer, c *call) {
					if n := c.uint(0); n < 2 || n > 3 {
						c.fail("maximumDrawableCount %d: CAMetalLayer takes 2 or 3", n)
						return
					}
					l.maxDrawables = c.uint(0)
				},
				"setDisplaySyncEnabled:": func(l *metalLayer, c *call) { l.sync = c.bool(0) },
				"nextDrawable":           func(_ *metalLayer, c *call) { nextDrawable(c) },
			})},
		{name: "CAMetalDrawable", super: "NSObject", headers: []string{"CAMetalDrawable"}, methods: map[string]method{
			"texture": func(c *call) { c.retObj(c.self.state.(*drawable).texture) },
		}},
	}
}

func nextDrawable(c *call) {
	l := c.self.state.(*metalLayer)
	if l.device == nil {
		c.fail("nextDrawable on a layer with no device")
		return
	}
	w, h := int(l.width), int(l.height)
	if w < 1 || h < 1 {
		c.fail("nextDrawable with drawableSize %vx%v", l.width, l.height)
		return
	}
	if l.ref == nil || w != l.refW || h != l.refH || l.format != l.refFormat {
		if l.ref != nil {
			l.ref.Release()
		}
		dev := l.device.state.(*device)
		ref, err := dev.ref.NewLayer(backend.LayerDesc{Width: w, Height: h, Format: fromPixelFormat[l.format]})
		if err != nil {
			c.fail("%v", err)
			return
		}
		l.ref, l.refW, l.refH, l.refFormat = ref, w, h, l.format
	}
	l.ref.SetDisplaySync(false) // no screen: never wait
	rd, err := l.ref.NextDrawable()
	if err != nil {
		c.retObj(nil) // Metal: nil when no drawable comes in time
		return
	}
	usage := mtl.TextureUsageRenderTarget
	if !l.framebufferOnly {
		usage |= mtl.TextureUsageShaderRead
	}
	td := textureDesc{typ: mtl.TextureType2D, format: l.format, width: w, height: h, depth: 1, levels: 1, array: 1, samples: 1,
		usage: usage, storage: mtl.StorageModePrivate}
	tex := c.d.newObject(c.d.classes["MTLDoubleTexture"], &texture{devChild{l.device}, rd.Texture(), td, td.storage, usage, nil})
	dr := c.d.newObject(c.d.classes["CAMetalDrawable"], &drawable{layer: c.self, ref: rd, texture: tex})
	dr.dealloc = func() { c.d.release(tex) }
	c.d.autorelease(dr)
	c.retObj(dr)
}

// presentDrawable is -[MTLCommandBuffer presentDrawable:].
func presentDrawable(c *call) {
	cb := c.self.state.(*cmdBuffer)
	o := c.obj(0)
	if o == nil {
		c.fail("nil drawable")
		return
	}
	dr, ok := o.state.(*drawable)
	if !ok {
		c.fail("%s is not a drawable", o)
		return
	}
	if cb.committed {
		c.fail("presentDrawable: after commit")
		return
	}
	if dr.presented {
		c.fail("drawable presented twice")
		return
	}
	dr.presented = true
	c.d.retain(o) // Metal keeps the drawable until it is shown
	cb.ref.PresentDrawable(dr.ref)
	cb.ref.AddCompletedHandler(func(backend.CommandBuffer) { c.d.release(o) })
}
