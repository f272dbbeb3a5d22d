//go:build amd64 || arm64

package mtl

import (
	"fmt"
	"unsafe"

	"mtld3d/unix/backend/metal/ns"
)

var (
	sym_MTLCreateSystemDefaultDevice = ns.Sym(ns.Metal, "MTLCreateSystemDefaultDevice")
	sym_MTLCopyAllDevices            = ns.Sym(ns.Metal, "MTLCopyAllDevices")
)

// deviceSelectors are what every MTLDevice must answer; NewDevice checks
// them so a missing one is a Go error, not a crash in objc_msgSend.
var deviceSelectors = []*ns.Selector{
	sel_name, sel_hasUnifiedMemory, sel_supportsFamily,
	sel_isDepth24Stencil8PixelFormatSupported, sel_recommendedMaxWorkingSetSize,
	sel_supportsTextureSampleCount, sel_newBufferWithLength_options,
	sel_newTextureWithDescriptor, sel_newSamplerStateWithDescriptor,
	sel_newDepthStencilStateWithDescriptor, sel_newLibraryWithSource_options_error,
	sel_newRenderPipelineStateWithDescriptor_error, sel_newCommandQueue,
}

// Device is an id<MTLDevice>.
type Device struct{ id ns.ID }

// ID is the object id.
func (d Device) ID() ns.ID { return d.id }

// IsNil reports whether there is no device.
func (d Device) IsNil() bool { return d.id == 0 }

// Release is -release.
func (d Device) Release() { ns.Release(d.id) }

// CreateSystemDefaultDevice is MTLCreateSystemDefaultDevice: an owned
// device, checked to answer the selectors the bindings send it. It calls
// ns.Load first.
func CreateSystemDefaultDevice() (Device, error) {
	if err := ns.Load(); err != nil {
		return Device{}, err
	}
	r := sym_MTLCreateSystemDefaultDevice.Call()
	d := Device{ns.ID(r)}
	if r == 0 {
		// Processes without a window-server connection have seen nil
		// here; MTLCopyAllDevices still lists the GPUs.
		all, err := CopyAllDevices()
		if err != nil {
			return Device{}, err
		}
		if len(all) == 0 {
			return Device{}, fmt.Errorf("mtl: MTLCreateSystemDefaultDevice returned nil and MTLCopyAllDevices is empty (no Metal device)")
		}
		d = all[0]
		for _, x := range all[1:] {
			x.Release()
		}
	}
	if err := ns.CheckResponds(d.id, "MTLDevice", deviceSelectors...); err != nil {
		d.Release()
		return Device{}, err
	}
	return d, nil
}

// CopyAllDevices is MTLCopyAllDevices: every device, each owned.
func CopyAllDevices() ([]Device, error) {
	if err := ns.Load(); err != nil {
		return nil, err
	}
	r := sym_MTLCopyAllDevices.Call()
	arr := ns.ID(r)
	defer ns.Release(arr)
	var out []Device
	for _, id := range ns.ArrayItems(arr) {
		out = append(out, Device{ns.Retain(id)})
	}
	return out, nil
}

// Name is -name.
func (d Device) Name() string {
	var s string
	ns.WithPool(func() { s = ns.GoString(send_name(d.id)) })
	return s
}

// HasUnifiedMemory is -hasUnifiedMemory.
func (d Device) HasUnifiedMemory() bool { return send_hasUnifiedMemory(d.id) }

// SupportsFamily is -supportsFamily: (macOS 10.15); false where the
// device does not answer it.
func (d Device) SupportsFamily(f GPUFamily) bool {
	if !ns.ObjectOf(d.id).RespondsTo(sel_supportsFamily) {
		return false
	}
	return send_supportsFamily(d.id, int(f))
}

// SupportsBCTextureCompression is -supportsBCTextureCompression (macOS
// 11). Older systems run only on Macs that all have BC, so a device that
// does not answer reports true.
func (d Device) SupportsBCTextureCompression() bool {
	if !ns.ObjectOf(d.id).RespondsTo(sel_supportsBCTextureCompression) {
		return true
	}
	return send_supportsBCTextureCompression(d.id)
}

// Depth24Stencil8PixelFormatSupported is
// -isDepth24Stencil8PixelFormatSupported.
func (d Device) Depth24Stencil8PixelFormatSupported() bool {
	return send_isDepth24Stencil8PixelFormatSupported(d.id)
}

// RecommendedMaxWorkingSetSize is -recommendedMaxWorkingSetSize.
func (d Device) RecommendedMaxWorkingSetSize() uint64 {
	return send_recommendedMaxWorkingSetSize(d.id)
}

// SupportsTextureSampleCount is -supportsTextureSampleCount:.
func (d Device) SupportsTextureSampleCount(n int) bool {
	return send_supportsTextureSampleCount(d.id, uint(n))
}

// MaxThreadsPerThreadgroup is -maxThreadsPerThreadgroup. MTLSize is 24
// bytes: on amd64 this goes through objc_msgSend_stret, on arm64 through
// objc_msgSend with the result pointer in x8 (ns.Load sets the
// signature's entry in msg.Entries, which picks: msg.SigStret).
func (d Device) MaxThreadsPerThreadgroup() Size {
	return send_maxThreadsPerThreadgroup(d.id)
}

// IsLowPower is -isLowPower.
func (d Device) IsLowPower() bool { return send_isLowPower(d.id) }

// RegistryID is -registryID.
func (d Device) RegistryID() uint64 { return send_registryID(d.id) }

// NewBuffer is -newBufferWithLength:options:: an owned buffer.
func (d Device) NewBuffer(length int, opts ResourceOptions) (Buffer, error) {
	id := send_newBufferWithLength_options(d.id, uint(length), uint(opts))
	if id == 0 {
		return Buffer{}, fmt.Errorf("mtl: newBufferWithLength:%d options:%#x returned nil", length, uint(opts))
	}
	return Buffer{id}, nil
}

// NewCommandQueue is -newCommandQueue: an owned queue.
func (d Device) NewCommandQueue() (CommandQueue, error) {
	id := send_newCommandQueue(d.id)
	if id == 0 {
		return CommandQueue{}, fmt.Errorf("mtl: newCommandQueue returned nil")
	}
	return CommandQueue{id}, nil
}

// errOut is the NSError ** argument of the ...error: methods.
func errOut(p *ns.ID) unsafe.Pointer { return unsafe.Pointer(p) }
