//go:build amd64 || arm64

package mtl

import (
	"fmt"
	"unsafe"

	"mtld3d/unix/backend/metal/ns"
)

var (
	class_MTLTextureDescriptor = ns.Cls(ns.Metal, "MTLTextureDescriptor")
)

// Buffer is an id<MTLBuffer>.
type Buffer struct{ id ns.ID }

// ID is the object id.
func (b Buffer) ID() ns.ID { return b.id }

// IsNil reports whether there is no buffer.
func (b Buffer) IsNil() bool { return b.id == 0 }

// Release is -release.
func (b Buffer) Release() { ns.Release(b.id) }

// SetLabel is setLabel:.
func (b Buffer) SetLabel(s string) { ns.ObjectOf(b.id).SetLabel(s) }

// Contents is -contents: the CPU address of a shared or managed buffer.
func (b Buffer) Contents() unsafe.Pointer { return send_contents(b.id) }

// Length is -length.
func (b Buffer) Length() int { return int(send_length(b.id)) }

// DidModifyRange is -didModifyRange: (managed buffers only): the CPU
// wrote [offset, offset+length).
func (b Buffer) DidModifyRange(offset, length int) {
	send_didModifyRange(b.id, Range{uint(offset), uint(length)})
}

// Texture is an id<MTLTexture>.
type Texture struct{ id ns.ID }

// TextureOf wraps an id (a drawable's texture, say).
func TextureOf(id ns.ID) Texture { return Texture{id} }

// ID is the object id.
func (t Texture) ID() ns.ID { return t.id }

// IsNil reports whether there is no texture.
func (t Texture) IsNil() bool { return t.id == 0 }

// Retain is -retain.
func (t Texture) Retain() Texture { ns.Retain(t.id); return t }

// Release is -release.
func (t Texture) Release() { ns.Release(t.id) }

// SetLabel is setLabel:.
func (t Texture) SetLabel(s string) { ns.ObjectOf(t.id).SetLabel(s) }

// Width is -width; Height is -height.
func (t Texture) Width() int  { return int(send_width(t.id)) }
func (t Texture) Height() int { return int(send_height(t.id)) }

// StorageMode is -storageMode.
func (t Texture) StorageMode() StorageMode { return StorageMode(send_storageMode(t.id)) }

// NewTexture is -newTextureWithDescriptor:: an owned texture.
func (d Device) NewTexture(td TextureDescriptor) (Texture, error) {
	var t Texture
	ns.WithPool(func() {
		desc := ns.New(class_MTLTextureDescriptor)
		defer ns.Release(desc)
		send_setTextureType(desc, uint(td.TextureType))
		send_setPixelFormat(desc, uint(td.PixelFormat))
		send_setWidth(desc, uint(max(td.Width, 1)))
		send_setHeight(desc, uint(max(td.Height, 1)))
		send_setDepth(desc, uint(max(td.Depth, 1)))
		send_setMipmapLevelCount(desc, uint(max(td.MipmapLevelCount, 1)))
		send_setArrayLength(desc, uint(max(td.ArrayLength, 1)))
		send_setSampleCount(desc, uint(max(td.SampleCount, 1)))
		send_setUsage(desc, uint(td.Usage))
		send_setStorageMode(desc, uint(td.StorageMode))
		send_setCpuCacheMode(desc, uint(td.CPUCacheMode))
		t = Texture{send_newTextureWithDescriptor(d.id, desc)}
	})
	if t.id == 0 {
		return Texture{}, fmt.Errorf("mtl: newTextureWithDescriptor: returned nil for %+v", td)
	}
	return t, nil
}

// Replace is -replaceRegion:mipmapLevel:slice:withBytes:bytesPerRow:
// bytesPerImage:. src must stay valid for the call only.
func (t Texture) Replace(r Region, level, slice int, src unsafe.Pointer, bytesPerRow, bytesPerImage int) {
	send_replaceRegion_mipmapLevel_slice_withBytes_bytesPerRow_bytesPerImage(t.id,
		r, uint(level), uint(slice), src, uint(bytesPerRow), uint(bytesPerImage))
}

// GetBytes is -getBytes:bytesPerRow:bytesPerImage:fromRegion:mipmapLevel:
// slice:.
func (t Texture) GetBytes(dst unsafe.Pointer, bytesPerRow, bytesPerImage int, r Region, level, slice int) {
	send_getBytes_bytesPerRow_bytesPerImage_fromRegion_mipmapLevel_slice(t.id,
		dst, uint(bytesPerRow), uint(bytesPerImage), r, uint(level), uint(slice))
}

// NewView is -newTextureViewWithPixelFormat:textureType:levels:slices:
// swizzle: (macOS 10.15): an owned view. With the identity swizzle it
// uses the variant without swizzle, which older GPUs also answer.
func (t Texture) NewView(f PixelFormat, tt TextureType, levels, slices Range, sw TextureSwizzleChannels) (Texture, error) {
	var id ns.ID
	if sw == IdentitySwizzle {
		id = send_newTextureViewWithPixelFormat_textureType_levels_slices(t.id,
			uint(f), uint(tt), levels, slices)
	} else {
		// The four-byte struct goes by value with its C type; the C
		// compiler places it (on the stack on both: on arm64 the two
		// NSRanges fill x4-x7; on amd64 levels takes r8:r9 and slices,
		// not fitting, goes to the stack before it).
		id = send_newTextureViewWithPixelFormat_textureType_levels_slices_swizzle(t.id,
			uint(f), uint(tt), levels, slices, sw)
	}
	if id == 0 {
		return Texture{}, fmt.Errorf("mtl: newTextureViewWithPixelFormat:%d textureType:%d returned nil", f, tt)
	}
	return Texture{id}, nil
}
