//go:build linux && (amd64 || arm64)

package double

import (
	"fmt"
	"sort"
	"strings"
	"unsafe"

	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/metal"
	"mtld3d/unix/backend/metal/mtl"
	"mtld3d/unix/backend/reference"
)

// Metal's limits the double enforces (Apple's Metal feature set tables).
const (
	maxBytesLength = 4096 // set*Bytes
	maxBuffers     = 31   // buffer argument table entries per stage
	maxTextures    = 128  // texture entries per stage (macOS)
	maxSamplers    = 16
)

// The device: answers capability queries as an Apple-family Mac GPU and
// makes every object on a reference device.
type device struct {
	ref *reference.Device
}

func (d *Runtime) newDevice() *object {
	o := d.newObject(d.classes["MTLDoubleDevice"], &device{ref: reference.New()})
	o.dealloc = func() {
		if live := d.liveOf(o); len(live) > 0 {
			d.violate("device released with %d of its objects still alive: %s", len(live), strings.Join(live, ", "))
		}
	}
	return o
}

func labelSuffix(o *object) string {
	if o.label == "" {
		return ""
	}
	return fmt.Sprintf(" %q", o.label)
}

// liveOf lists the live objects a device made.
func (d *Runtime) liveOf(dev *object) []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	var out []string
	for _, o := range d.objs {
		if cb, ok := o.state.(*cmdBuffer); ok && cb.inFlight.Load() && o.refs == 1 {
			continue // only Metal holds it, until it completes
		}
		if st, ok := o.state.(owned); ok && !o.freed && st.owner() == dev {
			extra := ""
			if cb, ok := o.state.(*cmdBuffer); ok {
				extra = fmt.Sprintf(" (%d references, committed %v, completing %v)", o.refs, cb.committed, cb.inFlight.Load())
			}
			out = append(out, o.String()+labelSuffix(o)+extra)
		}
	}
	sort.Strings(out)
	return out
}

func devOf(c *call) *device {
	for o := c.self; o != nil; {
		switch s := o.state.(type) {
		case *device:
			return s
		case owned:
			o = s.owner()
			continue
		}
		break
	}
	c.fail("the receiver belongs to no device")
	return nil
}

// owned is the state of an object made by a device: it knows its device
// object, which it keeps alive.
type owned interface{ owner() *object }

type devChild struct{ dev *object }

func (c devChild) owner() *object { return c.dev }

// child makes an object of class name owned by the receiver's device (+1).
func (c *call) child(name string, st any) *object {
	return c.d.newObject(c.d.classes[name], st)
}

func deviceClasses() []classSpec {
	return []classSpec{
		{name: "MTLDoubleObject", super: "NSObject", methods: map[string]method{
			"label": func(c *call) { c.retObj(c.d.autoString(c.self.label)) },
			"setLabel:": func(c *call) {
				c.self.label = c.d.goString(c.obj(0))
			},
		}},
		{name: "MTLDoubleDevice", super: "MTLDoubleObject", headers: []string{"MTLDevice"}, methods: map[string]method{
			"name":                                  func(c *call) { c.retObj(c.d.autoString("Metal double (reference backend)")) },
			"hasUnifiedMemory":                      func(c *call) { c.retBool(!c.d.Discrete) },
			"supportsFamily:":                       func(c *call) { c.retBool(supportsFamily(c.int(0))) },
			"supportsBCTextureCompression":          func(c *call) { c.retBool(true) },
			"isDepth24Stencil8PixelFormatSupported": func(c *call) { c.retBool(false) }, // Apple GPUs
			"recommendedMaxWorkingSetSize":          func(c *call) { c.retWord(8 << 30) },
			"supportsTextureSampleCount:": func(c *call) {
				n := c.uint(0)
				c.retBool(n == 1 || n == 2 || n == 4 || n == 8)
			},
			"maxThreadsPerThreadgroup":                                       func(c *call) { c.retWords(1024, 1024, 1024) },
			"isLowPower":                                                     func(c *call) { c.retBool(false) },
			"registryID":                                                     func(c *call) { c.retWord(0xd0ab1e) },
			"newBufferWithLength:options:":                                   newBuffer,
			"newTextureWithDescriptor:":                                      newTexture,
			"newSamplerStateWithDescriptor:":                                 newSampler,
			"newDepthStencilStateWithDescriptor:":                            newDepthStencil,
			"newLibraryWithSource:options:error:":                            newLibrary,
			"newRenderPipelineStateWithDescriptor:error:":                    newPipeline,
			"newRenderPipelineStateWithDescriptor:options:reflection:error:": newPipelineOptions,
			"newBinaryArchiveWithDescriptor:error:":                          newBinaryArchive,
			"respondsToSelector:": func(c *call) {
				sel := c.d.selName(uintptr(c.word(0)))
				if c.d.NoBinaryArchives && sel == "newBinaryArchiveWithDescriptor:error:" {
					c.retBool(false)
					return
				}
				c.retBool(c.d.responds(c.self.cls, sel))
			},
			"newCommandQueue": func(c *call) {
				q, err := devOf(c).ref.NewCommandQueue()
				if err != nil {
					c.fail("%v", err)
					return
				}
				c.retObj(c.child("MTLDoubleCommandQueue", &queue{devChild{c.self}, q}))
			},
		}},
		{name: "MTLDoubleBuffer", super: "MTLDoubleObject", headers: []string{"MTLBuffer"}, methods: map[string]method{
			"contents": func(c *call) {
				b := c.self.state.(*buffer)
				if b.storage == mtl.StorageModePrivate {
					c.fail("contents of a private buffer: the CPU cannot reach it (nil on Metal)")
					c.retPtr(0)
					return
				}
				data := b.cpuBytes()
				if len(data) == 0 {
					c.retPtr(0)
					return
				}
				c.retPtr(uintptr(unsafe.Pointer(&data[0])))
			},
			"length": func(c *call) { c.retUint(c.self.state.(*buffer).ref.Length()) },
			"didModifyRange:": func(c *call) {
				b := c.self.state.(*buffer)
				r := c.words(0)
				if b.storage != mtl.StorageModeManaged {
					c.fail("on a buffer whose storage mode is %d: only managed buffers are synchronized so", b.storage)
				}
				if r[0]+r[1] > b.ref.Length() {
					c.fail("range [%d, %d) past the buffer's %d bytes", r[0], r[0]+r[1], b.ref.Length())
					return
				}
				if b.cpu != nil {
					copy(b.ref.Contents()[r[0]:r[0]+r[1]], b.cpu.Contents()[r[0]:r[0]+r[1]])
				}
			},
			"storageMode": func(c *call) { c.retUint(int(c.self.state.(*buffer).storage)) },
		}},
		{name: "MTLTextureDescriptor", super: "NSObject", headers: []string{"MTLTextureDescriptor"}, public: true,
			methods: descriptorSetters(map[string]func(*textureDesc, *call){
				"setTextureType:":      func(t *textureDesc, c *call) { t.typ = mtl.TextureType(c.uint(0)) },
				"setPixelFormat:":      func(t *textureDesc, c *call) { t.format = mtl.PixelFormat(c.uint(0)) },
				"setWidth:":            func(t *textureDesc, c *call) { t.width = c.uint(0) },
				"setHeight:":           func(t *textureDesc, c *call) { t.height = c.uint(0) },
				"setDepth:":            func(t *textureDesc, c *call) { t.depth = c.uint(0) },
				"setMipmapLevelCount:": func(t *textureDesc, c *call) { t.levels = c.uint(0) },
				"setArrayLength:":      func(t *textureDesc, c *call) { t.array = c.uint(0) },
				"setSampleCount:":      func(t *textureDesc, c *call) { t.samples = c.uint(0) },
				"setUsage:":            func(t *textureDesc, c *call) { t.usage = mtl.TextureUsage(c.uint(0)) },
				"setStorageMode:":      func(t *textureDesc, c *call) { t.storage = mtl.StorageMode(c.uint(0)) },
				"setCpuCacheMode:":     func(t *textureDesc, c *call) {},
			})},
		{name: "MTLDoubleTexture", super: "MTLDoubleObject", headers: []string{"MTLTexture"}, methods: map[string]method{
			"width":       func(c *call) { c.retUint(c.self.state.(*texture).ref.Width()) },
			"height":      func(c *call) { c.retUint(c.self.state.(*texture).ref.Height()) },
			"storageMode": func(c *call) { c.retUint(int(c.self.state.(*texture).storage)) },
			"replaceRegion:mipmapLevel:slice:withBytes:bytesPerRow:bytesPerImage:": func(c *call) {
				t := c.self.state.(*texture)
				r := c.words(0)
				if !t.cpuCheck(c) {
					return
				}
				reg := backend.Region{X: r[0], Y: r[1], Z: r[2], Width: r[3], Height: r[4], Depth: r[5]}
				n := t.bytesFor(reg, c.uint(4), c.uint(5))
				data := unsafe.Slice((*byte)((c.ptr(3))), n)
				t.ref.Replace(reg, c.uint(1), c.uint(2), data, c.uint(4), c.uint(5))
				if t.cpu != nil {
					t.cpu.Replace(reg, c.uint(1), c.uint(2), data, c.uint(4), c.uint(5))
				}
			},
			"getBytes:bytesPerRow:bytesPerImage:fromRegion:mipmapLevel:slice:": func(c *call) {
				t := c.self.state.(*texture)
				r := c.words(3)
				if !t.cpuCheck(c) {
					return
				}
				reg := backend.Region{X: r[0], Y: r[1], Z: r[2], Width: r[3], Height: r[4], Depth: r[5]}
				n := t.bytesFor(reg, c.uint(1), c.uint(2))
				dst := unsafe.Slice((*byte)((c.ptr(0))), n)
				src := t.ref
				if t.cpu != nil {
					src = t.cpu
				}
				src.GetBytes(dst, c.uint(1), c.uint(2), reg, c.uint(4), c.uint(5))
			},
			"newTextureViewWithPixelFormat:textureType:levels:slices:": func(c *call) {
				textureView(c, nil)
			},
			"newTextureViewWithPixelFormat:textureType:levels:slices:swizzle:": func(c *call) {
				b := c.raw(4)
				textureView(c, b)
			},
		}},
	}
}

// supportsFamily answers as an Apple7 GPU in a Mac (Mac2 too).
func supportsFamily(f int) bool {
	switch {
	case f >= int(mtl.GPUFamilyApple1) && f <= int(mtl.GPUFamilyApple7):
		return true
	case f == int(mtl.GPUFamilyMac2):
		return true
	}
	return false
}

// A buffer is the GPU's copy (ref) and, when managed, the CPU's (cpu):
// what the CPU writes reaches the GPU at didModifyRange:, what the GPU
// writes reaches the CPU at a synchronizeResource: blit, as on a Mac with
// a discrete GPU. A path that forgets either reads stale bytes.
type buffer struct {
	devChild
	ref     backend.Buffer
	cpu     backend.Buffer // managed only
	storage mtl.StorageMode
}

// cpuBytes is the memory -contents answers.
func (b *buffer) cpuBytes() []byte {
	if b.cpu != nil {
		return b.cpu.Contents()
	}
	return b.ref.Contents()
}

func newBuffer(c *call) {
	n, opts := c.uint(0), mtl.ResourceOptions(c.uint(1))
	storage := mtl.StorageMode(opts >> mtl.ResourceStorageModeShift & 0xf)
	if storage > mtl.StorageModePrivate {
		c.fail("storage mode %d: buffers are shared, managed or private", storage)
		return
	}
	if n == 0 {
		c.fail("length 0: Metal fails a zero-length buffer")
		return
	}
	dev := devOf(c)
	b, err := dev.ref.NewBuffer(n)
	if err != nil {
		c.retObj(nil)
		return
	}
	var cpu backend.Buffer
	if storage == mtl.StorageModeManaged {
		if cpu, err = dev.ref.NewBuffer(n); err != nil {
			c.retObj(nil)
			return
		}
	}
	c.retObj(c.child("MTLDoubleBuffer", &buffer{devChild{c.self}, b, cpu, storage}))
}

// descriptorSetters builds a descriptor class's methods from setters
// of its state.
func descriptorSetters[T any](set map[string]func(*T, *call)) map[string]method {
	out := map[string]method{}
	for sel, f := range set {
		out[sel] = func(c *call) { f(c.self.state.(*T), c) }
	}
	return out
}

type textureDesc struct {
	typ                                          mtl.TextureType
	format                                       mtl.PixelFormat
	width, height, depth, levels, array, samples int
	usage                                        mtl.TextureUsage
	storage                                      mtl.StorageMode
}

func init() {
	// Apple's defaults (MTLTextureDescriptor.h).
	stateMakers["MTLTextureDescriptor"] = func() any {
		return &textureDesc{typ: mtl.TextureType2D, format: mtl.PixelFormatRGBA8Unorm, width: 1, height: 1, depth: 1,
			levels: 1, array: 1, samples: 1, usage: mtl.TextureUsageShaderRead, storage: mtl.StorageModeManaged}
	}
}

// A texture is the GPU's copy (ref) and, when managed, the CPU's (cpu):
// replaceRegion: writes both (Metal synchronizes those writes itself),
// getBytes: reads the CPU's, which GPU writes reach only through a
// synchronizeResource: blit.
type texture struct {
	devChild
	ref     backend.Texture
	desc    textureDesc
	storage mtl.StorageMode
	usage   mtl.TextureUsage
	cpu     backend.Texture // managed only
}

// cpuCheck: the CPU reads and writes only shared and managed textures.
func (t *texture) cpuCheck(c *call) bool {
	if t.storage == mtl.StorageModePrivate || t.storage == mtl.StorageModeMemoryless {
		c.fail("on a texture whose storage mode is %d: the CPU cannot reach private or memoryless textures", t.storage)
		return false
	}
	if t.desc.samples > 1 {
		c.fail("on a multisampled texture: the CPU cannot reach it")
		return false
	}
	return true
}

// bytesFor is how many bytes a CPU copy of region r reads or writes.
func (t *texture) bytesFor(r backend.Region, bytesPerRow, bytesPerImage int) int {
	f := t.ref.Format()
	rows := f.BytesPerImage(r.Width, r.Height) / max(f.BytesPerRow(r.Width), 1)
	if r.Depth > 1 {
		return bytesPerImage*(r.Depth-1) + bytesPerRow*rows
	}
	return bytesPerRow*(rows-1) + f.BytesPerRow(r.Width)
}

var fromPixelFormat = func() map[mtl.PixelFormat]pixfmt.Format {
	out := map[mtl.PixelFormat]pixfmt.Format{}
	for f := 1; f < 256; f++ {
		if m, err := metal.PixelFormat(pixfmt.Format(f)); err == nil && m != mtl.PixelFormatInvalid {
			if _, dup := out[m]; !dup {
				out[m] = pixfmt.Format(f)
			}
		}
	}
	return out
}()

func newTexture(c *call) {
	dsc := c.obj(0)
	if dsc == nil {
		c.fail("nil descriptor")
		return
	}
	td := *dsc.state.(*textureDesc)
	f, ok := fromPixelFormat[td.format]
	if !ok {
		c.fail("pixel format %d is not one the double knows", td.format)
		return
	}
	var typ backend.TextureType
	array := 1
	switch td.typ {
	case mtl.TextureType1D:
		typ = backend.TextureType1D
	case mtl.TextureType1DArray:
		typ, array = backend.TextureType1D, td.array
	case mtl.TextureType2D:
		typ = backend.TextureType2D
	case mtl.TextureType2DArray:
		typ, array = backend.TextureType2DArray, td.array
	case mtl.TextureType2DMultisample:
		typ = backend.TextureType2DMultisample
	case mtl.TextureTypeCube:
		typ = backend.TextureTypeCube
	case mtl.TextureTypeCubeArray:
		typ, array = backend.TextureTypeCube, td.array
	case mtl.TextureType3D:
		typ = backend.TextureType3D
	default:
		c.fail("texture type %d", td.typ)
		return
	}
	if td.samples > 1 && td.typ != mtl.TextureType2DMultisample && td.typ != mtl.TextureType2DMultisampleArray {
		c.fail("sampleCount %d on texture type %d: only 2DMultisample textures have samples", td.samples, td.typ)
		return
	}
	if td.samples > 1 && td.storage != mtl.StorageModePrivate && td.storage != mtl.StorageModeMemoryless {
		c.fail("a multisampled texture must be private or memoryless, not storage mode %d", td.storage)
		return
	}
	if f.Info().Compressed && td.usage&mtl.TextureUsageRenderTarget != 0 {
		c.fail("a block-compressed texture cannot be a render target (MTLTextureUsageRenderTarget with format %d)", td.format)
		return
	}
	if f.Info().Depth || f.Info().Stencil {
		if td.storage == mtl.StorageModeShared {
			c.fail("depth and stencil textures cannot be shared (storage mode %d)", td.storage)
			return
		}
	}
	var usage backend.TextureUsage
	if td.usage&mtl.TextureUsageShaderRead != 0 {
		usage |= backend.UsageShaderRead
	}
	if td.usage&mtl.TextureUsageShaderWrite != 0 {
		usage |= backend.UsageShaderWrite
	}
	if td.usage&mtl.TextureUsageRenderTarget != 0 {
		usage |= backend.UsageRenderTarget
	}
	if td.usage&mtl.TextureUsagePixelFormatView != 0 {
		usage |= backend.UsagePixelFormatView
	}
	desc := backend.TextureDesc{Type: typ, Format: f, Width: td.width, Height: td.height,
		Depth: td.depth, MipLevels: td.levels, ArrayLength: array, SampleCount: td.samples, Usage: usage}
	ref, err := devOf(c).ref.NewTexture(desc)
	if err != nil {
		c.fail("%v", err)
		return
	}
	t := &texture{devChild{c.self}, ref, td, td.storage, td.usage, nil}
	if td.storage == mtl.StorageModeManaged {
		if t.cpu, err = devOf(c).ref.NewTexture(desc); err != nil {
			c.fail("%v", err)
			return
		}
	}
	c.retObj(c.child("MTLDoubleTexture", t))
}

func textureView(c *call, swizzle []byte) {
	t := c.self.state.(*texture)
	mf := mtl.PixelFormat(c.uint(0))
	f, ok := fromPixelFormat[mf]
	if !ok {
		c.fail("pixel format %d is not one the double knows", mf)
		return
	}
	if mf != t.desc.format && !srgbPair(fromPixelFormat[t.desc.format], f) && t.usage&mtl.TextureUsagePixelFormatView == 0 {
		c.fail("a view with pixel format %d of a texture of format %d needs MTLTextureUsagePixelFormatView", mf, t.desc.format)
		return
	}
	var sw pixfmt.Swizzles
	if swizzle != nil {
		var err error
		if sw, err = swizzlesFrom(swizzle); err != nil {
			c.fail("%v", err)
			return
		}
	}
	v, err := t.ref.NewView(f, sw)
	if err != nil {
		c.fail("%v", err)
		return
	}
	vd := t.desc
	vd.format = mf
	var cpu backend.Texture
	if t.cpu != nil { // the view shares both copies
		if cpu, err = t.cpu.NewView(f, sw); err != nil {
			c.fail("%v", err)
			return
		}
	}
	c.retObj(c.child("MTLDoubleTexture", &texture{t.devChild, v, vd, t.storage, t.usage, cpu}))
}

// srgbPair reports whether two formats differ only in sRGB encoding: a
// view between them keeps the component layout, which is what
// MTLTextureUsagePixelFormatView is for.
func srgbPair(a, b pixfmt.Format) bool {
	na, nb := strings.TrimSuffix(a.Info().Name, "_sRGB"), strings.TrimSuffix(b.Info().Name, "_sRGB")
	return a != b && na == nb
}
