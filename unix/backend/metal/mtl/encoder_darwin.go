//go:build darwin

package mtl

import (
	"unsafe"

	"github.com/ebitengine/purego/objc"

	"mtld3d/unix/backend/metal/ns"
)

// RenderCommandEncoder is an id<MTLRenderCommandEncoder>.
type RenderCommandEncoder struct{ id objc.ID }

// ID is the object id.
func (e RenderCommandEncoder) ID() objc.ID { return e.id }

// IsNil reports whether there is no encoder.
func (e RenderCommandEncoder) IsNil() bool { return e.id == 0 }

// Release is -release.
func (e RenderCommandEncoder) Release() { ns.Release(e.id) }

// SetLabel is setLabel:.
func (e RenderCommandEncoder) SetLabel(s string) { ns.ObjectOf(e.id).SetLabel(s) }

func (e RenderCommandEncoder) SetViewport(v Viewport) { send_setViewport(e.id, v) }
func (e RenderCommandEncoder) SetScissorRect(r ScissorRect) {
	send_setScissorRect(e.id, r)
}
func (e RenderCommandEncoder) SetCullMode(m CullMode) { send_setCullMode(e.id, uint(m)) }
func (e RenderCommandEncoder) SetFrontFacingWinding(w Winding) {
	send_setFrontFacingWinding(e.id, uint(w))
}
func (e RenderCommandEncoder) SetDepthBias(bias, slopeScale, clamp float32) {
	send_setDepthBias_slopeScale_clamp(e.id, bias, slopeScale, clamp)
}
func (e RenderCommandEncoder) SetDepthClipMode(m DepthClipMode) {
	send_setDepthClipMode(e.id, uint(m))
}
func (e RenderCommandEncoder) SetTriangleFillMode(m TriangleFillMode) {
	send_setTriangleFillMode(e.id, uint(m))
}
func (e RenderCommandEncoder) SetDepthStoreAction(a StoreAction) {
	send_setDepthStoreAction(e.id, uint(a))
}
func (e RenderCommandEncoder) SetStencilStoreAction(a StoreAction) {
	send_setStencilStoreAction(e.id, uint(a))
}
func (e RenderCommandEncoder) SetStencilReferenceValues(front, back uint32) {
	send_setStencilFrontReferenceValue_backReferenceValue(e.id, front, back)
}
func (e RenderCommandEncoder) SetBlendColor(r, g, b, a float32) {
	send_setBlendColorRed_green_blue_alpha(e.id, r, g, b, a)
}
func (e RenderCommandEncoder) SetRenderPipelineState(p RenderPipelineState) {
	send_setRenderPipelineState(e.id, p.id)
}
func (e RenderCommandEncoder) SetDepthStencilState(s DepthStencilState) {
	send_setDepthStencilState(e.id, s.id)
}
func (e RenderCommandEncoder) SetVertexBuffer(b Buffer, offset, index int) {
	send_setVertexBuffer_offset_atIndex(e.id, b.id, uint(offset), uint(index))
}
func (e RenderCommandEncoder) SetVertexBufferOffset(offset, index int) {
	send_setVertexBufferOffset_atIndex(e.id, uint(offset), uint(index))
}

// SetVertexBytes is setVertexBytes:length:atIndex:; Metal copies data
// before returning.
func (e RenderCommandEncoder) SetVertexBytes(data []byte, index int) {
	if len(data) == 0 {
		return
	}
	send_setVertexBytes_length_atIndex(e.id, unsafe.Pointer(&data[0]), uint(len(data)), uint(index))
}
func (e RenderCommandEncoder) SetFragmentBuffer(b Buffer, offset, index int) {
	send_setFragmentBuffer_offset_atIndex(e.id, b.id, uint(offset), uint(index))
}
func (e RenderCommandEncoder) SetFragmentBufferOffset(offset, index int) {
	send_setFragmentBufferOffset_atIndex(e.id, uint(offset), uint(index))
}

// SetFragmentBytes is setFragmentBytes:length:atIndex:; Metal copies
// data before returning.
func (e RenderCommandEncoder) SetFragmentBytes(data []byte, index int) {
	if len(data) == 0 {
		return
	}
	send_setFragmentBytes_length_atIndex(e.id, unsafe.Pointer(&data[0]), uint(len(data)), uint(index))
}
func (e RenderCommandEncoder) SetVertexTexture(t Texture, index int) {
	send_setVertexTexture_atIndex(e.id, t.id, uint(index))
}
func (e RenderCommandEncoder) SetFragmentTexture(t Texture, index int) {
	send_setFragmentTexture_atIndex(e.id, t.id, uint(index))
}
func (e RenderCommandEncoder) SetVertexSamplerState(s SamplerState, index int) {
	send_setVertexSamplerState_atIndex(e.id, s.id, uint(index))
}
func (e RenderCommandEncoder) SetFragmentSamplerState(s SamplerState, index int) {
	send_setFragmentSamplerState_atIndex(e.id, s.id, uint(index))
}
func (e RenderCommandEncoder) SetVisibilityResultMode(m VisibilityResultMode, offset int) {
	send_setVisibilityResultMode_offset(e.id, uint(m), uint(offset))
}
func (e RenderCommandEncoder) DrawPrimitives(t PrimitiveType, start, count, instances, baseInstance int) {
	send_drawPrimitives_vertexStart_vertexCount_instanceCount_baseInstance(e.id,
		uint(t), uint(start), uint(count), uint(instances), uint(baseInstance))
}

// DrawIndexedPrimitives is drawIndexedPrimitives:indexCount:indexType:
// indexBuffer:indexBufferOffset:instanceCount:baseVertex:baseInstance:.
// baseVertex is an NSInteger.
func (e RenderCommandEncoder) DrawIndexedPrimitives(t PrimitiveType, count int, it IndexType, ib Buffer, offset, instances, baseVertex, baseInstance int) {
	send_drawIndexedPrimitives_indexCount_indexType_indexBuffer_indexBufferOffset_instanceCount_baseVertex_baseInstance(e.id,
		uint(t), uint(count), uint(it), ib.id, uint(offset), uint(instances), baseVertex, uint(baseInstance))
}
func (e RenderCommandEncoder) EndEncoding() { send_endEncoding(e.id) }

// BlitCommandEncoder is an id<MTLBlitCommandEncoder>.
type BlitCommandEncoder struct{ id objc.ID }

// ID is the object id.
func (e BlitCommandEncoder) ID() objc.ID { return e.id }

// IsNil reports whether there is no encoder.
func (e BlitCommandEncoder) IsNil() bool { return e.id == 0 }

// Release is -release.
func (e BlitCommandEncoder) Release() { ns.Release(e.id) }

// SetLabel is setLabel:.
func (e BlitCommandEncoder) SetLabel(s string) { ns.ObjectOf(e.id).SetLabel(s) }

func (e BlitCommandEncoder) CopyBufferToBuffer(src Buffer, srcOffset int, dst Buffer, dstOffset, size int) {
	send_copyFromBuffer_sourceOffset_toBuffer_destinationOffset_size(e.id,
		src.id, uint(srcOffset), dst.id, uint(dstOffset), uint(size))
}
func (e BlitCommandEncoder) CopyBufferToTexture(src Buffer, srcOffset, bytesPerRow, bytesPerImage int, size Size, dst Texture, slice, level int, origin Origin) {
	send_copyFromBuffer_sourceOffset_sourceBytesPerRow_sourceBytesPerImage_sourceSize_toTexture_destinationSlice_destinationLevel_destinationOrigin(e.id,
		src.id, uint(srcOffset), uint(bytesPerRow), uint(bytesPerImage), size, dst.id, uint(slice), uint(level), origin)
}

// CopyBufferToTextureOptions is the ...options: variant, which can fill
// the depth or the stencil plane of a combined depth-stencil texture.
func (e BlitCommandEncoder) CopyBufferToTextureOptions(src Buffer, srcOffset, bytesPerRow, bytesPerImage int, size Size, dst Texture, slice, level int, origin Origin, opt BlitOption) {
	send_copyFromBuffer_sourceOffset_sourceBytesPerRow_sourceBytesPerImage_sourceSize_toTexture_destinationSlice_destinationLevel_destinationOrigin_options(e.id,
		src.id, uint(srcOffset), uint(bytesPerRow), uint(bytesPerImage), size, dst.id, uint(slice), uint(level), origin, uint(opt))
}
func (e BlitCommandEncoder) CopyTextureToBuffer(src Texture, slice, level int, origin Origin, size Size, dst Buffer, dstOffset, bytesPerRow, bytesPerImage int) {
	send_copyFromTexture_sourceSlice_sourceLevel_sourceOrigin_sourceSize_toBuffer_destinationOffset_destinationBytesPerRow_destinationBytesPerImage(e.id,
		src.id, uint(slice), uint(level), origin, size, dst.id, uint(dstOffset), uint(bytesPerRow), uint(bytesPerImage))
}

// CopyTextureToBufferOptions is the ...options: variant, which can pick
// the depth or the stencil plane of a combined depth-stencil texture.
func (e BlitCommandEncoder) CopyTextureToBufferOptions(src Texture, slice, level int, origin Origin, size Size, dst Buffer, dstOffset, bytesPerRow, bytesPerImage int, opt BlitOption) {
	send_copyFromTexture_sourceSlice_sourceLevel_sourceOrigin_sourceSize_toBuffer_destinationOffset_destinationBytesPerRow_destinationBytesPerImage_options(e.id,
		src.id, uint(slice), uint(level), origin, size, dst.id, uint(dstOffset), uint(bytesPerRow), uint(bytesPerImage), uint(opt))
}
func (e BlitCommandEncoder) CopyTextureToTexture(src Texture, srcSlice, srcLevel int, srcOrigin Origin, size Size, dst Texture, dstSlice, dstLevel int, dstOrigin Origin) {
	send_copyFromTexture_sourceSlice_sourceLevel_sourceOrigin_sourceSize_toTexture_destinationSlice_destinationLevel_destinationOrigin(e.id,
		src.id, uint(srcSlice), uint(srcLevel), srcOrigin, size, dst.id, uint(dstSlice), uint(dstLevel), dstOrigin)
}
func (e BlitCommandEncoder) GenerateMipmaps(t Texture) {
	send_generateMipmapsForTexture(e.id, t.id)
}
func (e BlitCommandEncoder) FillBuffer(b Buffer, offset, length int, value byte) {
	send_fillBuffer_range_value(e.id, b.id, Range{uint(offset), uint(length)}, value)
}

// SynchronizeResource is synchronizeResource: (managed resources on
// discrete GPUs): makes GPU writes visible to the CPU once the buffer
// completes.
func (e BlitCommandEncoder) SynchronizeResource(id objc.ID) {
	send_synchronizeResource(e.id, id)
}
func (e BlitCommandEncoder) EndEncoding() { send_endEncoding(e.id) }
