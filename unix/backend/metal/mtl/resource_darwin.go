//go:build darwin

package mtl

import (
	"fmt"
	"unsafe"

	"github.com/ebitengine/purego/objc"

	"mtld3d/unix/backend/metal/ns"
)

var (
	class_MTLTextureDescriptor = ns.Cls(ns.Metal, "MTLTextureDescriptor")

	sel_contents                                                            = ns.Sel("contents")
	sel_length                                                              = ns.Sel("length")
	sel_didModifyRange                                                      = ns.Sel("didModifyRange:")
	sel_setTextureType                                                      = ns.Sel("setTextureType:")
	sel_setPixelFormat                                                      = ns.Sel("setPixelFormat:")
	sel_setWidth                                                            = ns.Sel("setWidth:")
	sel_setHeight                                                           = ns.Sel("setHeight:")
	sel_setDepth                                                            = ns.Sel("setDepth:")
	sel_setMipmapLevelCount                                                 = ns.Sel("setMipmapLevelCount:")
	sel_setArrayLength                                                      = ns.Sel("setArrayLength:")
	sel_setSampleCount                                                      = ns.Sel("setSampleCount:")
	sel_setUsage                                                            = ns.Sel("setUsage:")
	sel_setStorageMode                                                      = ns.Sel("setStorageMode:")
	sel_setCpuCacheMode                                                     = ns.Sel("setCpuCacheMode:")
	sel_replaceRegion_mipmapLevel_slice_withBytes_bytesPerRow_bytesPerImage = ns.Sel("replaceRegion:mipmapLevel:slice:withBytes:bytesPerRow:bytesPerImage:")
	sel_getBytes_bytesPerRow_bytesPerImage_fromRegion_mipmapLevel_slice     = ns.Sel("getBytes:bytesPerRow:bytesPerImage:fromRegion:mipmapLevel:slice:")
	sel_newTextureViewWithPixelFormat_textureType_levels_slices_swizzle     = ns.Sel("newTextureViewWithPixelFormat:textureType:levels:slices:swizzle:")
	sel_newTextureViewWithPixelFormat_textureType_levels_slices             = ns.Sel("newTextureViewWithPixelFormat:textureType:levels:slices:")
	sel_width                                                               = ns.Sel("width")
	sel_height                                                              = ns.Sel("height")
	sel_storageMode                                                         = ns.Sel("storageMode")
)

// Buffer is an id<MTLBuffer>.
type Buffer struct{ id objc.ID }

// ID is the object id.
func (b Buffer) ID() objc.ID { return b.id }

// IsNil reports whether there is no buffer.
func (b Buffer) IsNil() bool { return b.id == 0 }

// Release is -release.
func (b Buffer) Release() { ns.Release(b.id) }

// SetLabel is setLabel:.
func (b Buffer) SetLabel(s string) { ns.ObjectOf(b.id).SetLabel(s) }

// Contents is -contents: the CPU address of a shared or managed buffer.
func (b Buffer) Contents() unsafe.Pointer { return ns.SendT[unsafe.Pointer](b.id, sel_contents) }

// Length is -length.
func (b Buffer) Length() int { return int(ns.SendUint(b.id, sel_length)) }

// DidModifyRange is -didModifyRange: (managed buffers only): the CPU
// wrote [offset, offset+length).
func (b Buffer) DidModifyRange(offset, length int) {
	ns.Send(b.id, sel_didModifyRange, Range{uint(offset), uint(length)})
}

// Texture is an id<MTLTexture>.
type Texture struct{ id objc.ID }

// TextureOf wraps an id (a drawable's texture, say).
func TextureOf(id objc.ID) Texture { return Texture{id} }

// ID is the object id.
func (t Texture) ID() objc.ID { return t.id }

// IsNil reports whether there is no texture.
func (t Texture) IsNil() bool { return t.id == 0 }

// Retain is -retain.
func (t Texture) Retain() Texture { ns.Retain(t.id); return t }

// Release is -release.
func (t Texture) Release() { ns.Release(t.id) }

// SetLabel is setLabel:.
func (t Texture) SetLabel(s string) { ns.ObjectOf(t.id).SetLabel(s) }

// Width is -width; Height is -height.
func (t Texture) Width() int  { return int(ns.SendUint(t.id, sel_width)) }
func (t Texture) Height() int { return int(ns.SendUint(t.id, sel_height)) }

// StorageMode is -storageMode.
func (t Texture) StorageMode() StorageMode { return StorageMode(ns.SendUint(t.id, sel_storageMode)) }

// NewTexture is -newTextureWithDescriptor:: an owned texture.
func (d Device) NewTexture(td TextureDescriptor) (Texture, error) {
	var t Texture
	ns.WithPool(func() {
		desc := ns.New(class_MTLTextureDescriptor)
		defer ns.Release(desc)
		ns.Send(desc, sel_setTextureType, uint(td.TextureType))
		ns.Send(desc, sel_setPixelFormat, uint(td.PixelFormat))
		ns.Send(desc, sel_setWidth, uint(max(td.Width, 1)))
		ns.Send(desc, sel_setHeight, uint(max(td.Height, 1)))
		ns.Send(desc, sel_setDepth, uint(max(td.Depth, 1)))
		ns.Send(desc, sel_setMipmapLevelCount, uint(max(td.MipmapLevelCount, 1)))
		ns.Send(desc, sel_setArrayLength, uint(max(td.ArrayLength, 1)))
		ns.Send(desc, sel_setSampleCount, uint(max(td.SampleCount, 1)))
		ns.Send(desc, sel_setUsage, uint(td.Usage))
		ns.Send(desc, sel_setStorageMode, uint(td.StorageMode))
		ns.Send(desc, sel_setCpuCacheMode, uint(td.CPUCacheMode))
		t = Texture{ns.Send(d.id, sel_newTextureWithDescriptor, desc)}
	})
	if t.id == 0 {
		return Texture{}, fmt.Errorf("mtl: newTextureWithDescriptor: returned nil for %+v", td)
	}
	return t, nil
}

// Replace is -replaceRegion:mipmapLevel:slice:withBytes:bytesPerRow:
// bytesPerImage:. src must stay valid for the call only.
func (t Texture) Replace(r Region, level, slice int, src unsafe.Pointer, bytesPerRow, bytesPerImage int) {
	ns.Send(t.id, sel_replaceRegion_mipmapLevel_slice_withBytes_bytesPerRow_bytesPerImage,
		r, uint(level), uint(slice), src, uint(bytesPerRow), uint(bytesPerImage))
}

// GetBytes is -getBytes:bytesPerRow:bytesPerImage:fromRegion:mipmapLevel:
// slice:.
func (t Texture) GetBytes(dst unsafe.Pointer, bytesPerRow, bytesPerImage int, r Region, level, slice int) {
	ns.Send(t.id, sel_getBytes_bytesPerRow_bytesPerImage_fromRegion_mipmapLevel_slice,
		dst, uint(bytesPerRow), uint(bytesPerImage), r, uint(level), uint(slice))
}

// NewView is -newTextureViewWithPixelFormat:textureType:levels:slices:
// swizzle: (macOS 10.15): an owned view. With the identity swizzle it
// uses the variant without swizzle, which older GPUs also answer.
func (t Texture) NewView(f PixelFormat, tt TextureType, levels, slices Range, sw TextureSwizzleChannels) (Texture, error) {
	var id objc.ID
	if sw == IdentitySwizzle {
		id = ns.Send(t.id, sel_newTextureViewWithPixelFormat_textureType_levels_slices,
			uint(f), uint(tt), levels, slices)
	} else {
		// The four-byte struct goes as one 32-bit integer with the same
		// bytes, so its placement does not depend on how purego
		// classifies a struct of bytes. Either way it is on the stack:
		// on arm64 the two NSRanges fill x4-x7; on amd64 levels takes
		// r8:r9 and slices, not fitting, goes to the stack before it.
		id = ns.Send(t.id, sel_newTextureViewWithPixelFormat_textureType_levels_slices_swizzle,
			uint(f), uint(tt), levels, slices, sw.Packed())
	}
	if id == 0 {
		return Texture{}, fmt.Errorf("mtl: newTextureViewWithPixelFormat:%d textureType:%d returned nil", f, tt)
	}
	return Texture{id}, nil
}
