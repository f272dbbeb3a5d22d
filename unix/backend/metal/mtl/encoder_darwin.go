//go:build darwin

package mtl

import (
	"unsafe"

	"github.com/ebitengine/purego/objc"

	"mtld3d/unix/backend/metal/ns"
)

var (
	sel_setViewport                                                       = ns.Sel("setViewport:")
	sel_setScissorRect                                                    = ns.Sel("setScissorRect:")
	sel_setCullMode                                                       = ns.Sel("setCullMode:")
	sel_setFrontFacingWinding                                             = ns.Sel("setFrontFacingWinding:")
	sel_setDepthBias_slopeScale_clamp                                     = ns.Sel("setDepthBias:slopeScale:clamp:")
	sel_setDepthClipMode                                                  = ns.Sel("setDepthClipMode:")
	sel_setTriangleFillMode                                               = ns.Sel("setTriangleFillMode:")
	sel_setStencilFrontReferenceValue_backReferenceValue                  = ns.Sel("setStencilFrontReferenceValue:backReferenceValue:")
	sel_setBlendColorRed_green_blue_alpha                                 = ns.Sel("setBlendColorRed:green:blue:alpha:")
	sel_setRenderPipelineState                                            = ns.Sel("setRenderPipelineState:")
	sel_setDepthStencilState                                              = ns.Sel("setDepthStencilState:")
	sel_setVertexBuffer_offset_atIndex                                    = ns.Sel("setVertexBuffer:offset:atIndex:")
	sel_setVertexBufferOffset_atIndex                                     = ns.Sel("setVertexBufferOffset:atIndex:")
	sel_setVertexBytes_length_atIndex                                     = ns.Sel("setVertexBytes:length:atIndex:")
	sel_setFragmentBuffer_offset_atIndex                                  = ns.Sel("setFragmentBuffer:offset:atIndex:")
	sel_setFragmentBufferOffset_atIndex                                   = ns.Sel("setFragmentBufferOffset:atIndex:")
	sel_setFragmentBytes_length_atIndex                                   = ns.Sel("setFragmentBytes:length:atIndex:")
	sel_setVertexTexture_atIndex                                          = ns.Sel("setVertexTexture:atIndex:")
	sel_setFragmentTexture_atIndex                                        = ns.Sel("setFragmentTexture:atIndex:")
	sel_setVertexSamplerState_atIndex                                     = ns.Sel("setVertexSamplerState:atIndex:")
	sel_setFragmentSamplerState_atIndex                                   = ns.Sel("setFragmentSamplerState:atIndex:")
	sel_drawPrimitives_vertexStart_vertexCount_instanceCount_baseInstance = ns.Sel(
		"drawPrimitives:vertexStart:vertexCount:instanceCount:baseInstance:")
	sel_drawIndexedPrimitives_indexCount_indexType_indexBuffer_indexBufferOffset_instanceCount_baseVertex_baseInstance = ns.Sel(
		"drawIndexedPrimitives:indexCount:indexType:indexBuffer:indexBufferOffset:instanceCount:baseVertex:baseInstance:")
	sel_setVisibilityResultMode_offset = ns.Sel("setVisibilityResultMode:offset:")
	sel_endEncoding                    = ns.Sel("endEncoding")
	sel_setDepthStoreAction            = ns.Sel("setDepthStoreAction:")
	sel_setStencilStoreAction          = ns.Sel("setStencilStoreAction:")

	sel_copyFromBuffer_sourceOffset_toBuffer_destinationOffset_size = ns.Sel(
		"copyFromBuffer:sourceOffset:toBuffer:destinationOffset:size:")
	sel_copyFromBuffer_sourceOffset_sourceBytesPerRow_sourceBytesPerImage_sourceSize_toTexture_destinationSlice_destinationLevel_destinationOrigin = ns.Sel(
		"copyFromBuffer:sourceOffset:sourceBytesPerRow:sourceBytesPerImage:sourceSize:toTexture:destinationSlice:destinationLevel:destinationOrigin:")
	sel_copyFromBuffer_sourceOffset_sourceBytesPerRow_sourceBytesPerImage_sourceSize_toTexture_destinationSlice_destinationLevel_destinationOrigin_options = ns.Sel(
		"copyFromBuffer:sourceOffset:sourceBytesPerRow:sourceBytesPerImage:sourceSize:toTexture:destinationSlice:destinationLevel:destinationOrigin:options:")
	sel_copyFromTexture_sourceSlice_sourceLevel_sourceOrigin_sourceSize_toBuffer_destinationOffset_destinationBytesPerRow_destinationBytesPerImage = ns.Sel(
		"copyFromTexture:sourceSlice:sourceLevel:sourceOrigin:sourceSize:toBuffer:destinationOffset:destinationBytesPerRow:destinationBytesPerImage:")
	sel_copyFromTexture_sourceSlice_sourceLevel_sourceOrigin_sourceSize_toBuffer_destinationOffset_destinationBytesPerRow_destinationBytesPerImage_options = ns.Sel(
		"copyFromTexture:sourceSlice:sourceLevel:sourceOrigin:sourceSize:toBuffer:destinationOffset:destinationBytesPerRow:destinationBytesPerImage:options:")
	sel_copyFromTexture_sourceSlice_sourceLevel_sourceOrigin_sourceSize_toTexture_destinationSlice_destinationLevel_destinationOrigin = ns.Sel(
		"copyFromTexture:sourceSlice:sourceLevel:sourceOrigin:sourceSize:toTexture:destinationSlice:destinationLevel:destinationOrigin:")
	sel_generateMipmapsForTexture = ns.Sel("generateMipmapsForTexture:")
	sel_fillBuffer_range_value    = ns.Sel("fillBuffer:range:value:")
	sel_synchronizeResource       = ns.Sel("synchronizeResource:")
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

func (e RenderCommandEncoder) SetViewport(v Viewport) { ns.Send(e.id, sel_setViewport, v) }
func (e RenderCommandEncoder) SetScissorRect(r ScissorRect) {
	ns.Send(e.id, sel_setScissorRect, r)
}
func (e RenderCommandEncoder) SetCullMode(m CullMode) { ns.Send(e.id, sel_setCullMode, uint(m)) }
func (e RenderCommandEncoder) SetFrontFacingWinding(w Winding) {
	ns.Send(e.id, sel_setFrontFacingWinding, uint(w))
}
func (e RenderCommandEncoder) SetDepthBias(bias, slopeScale, clamp float32) {
	ns.Send(e.id, sel_setDepthBias_slopeScale_clamp, bias, slopeScale, clamp)
}
func (e RenderCommandEncoder) SetDepthClipMode(m DepthClipMode) {
	ns.Send(e.id, sel_setDepthClipMode, uint(m))
}
func (e RenderCommandEncoder) SetTriangleFillMode(m TriangleFillMode) {
	ns.Send(e.id, sel_setTriangleFillMode, uint(m))
}
func (e RenderCommandEncoder) SetDepthStoreAction(a StoreAction) {
	ns.Send(e.id, sel_setDepthStoreAction, uint(a))
}
func (e RenderCommandEncoder) SetStencilStoreAction(a StoreAction) {
	ns.Send(e.id, sel_setStencilStoreAction, uint(a))
}
func (e RenderCommandEncoder) SetStencilReferenceValues(front, back uint32) {
	ns.Send(e.id, sel_setStencilFrontReferenceValue_backReferenceValue, front, back)
}
func (e RenderCommandEncoder) SetBlendColor(r, g, b, a float32) {
	ns.Send(e.id, sel_setBlendColorRed_green_blue_alpha, r, g, b, a)
}
func (e RenderCommandEncoder) SetRenderPipelineState(p RenderPipelineState) {
	ns.Send(e.id, sel_setRenderPipelineState, p.id)
}
func (e RenderCommandEncoder) SetDepthStencilState(s DepthStencilState) {
	ns.Send(e.id, sel_setDepthStencilState, s.id)
}
func (e RenderCommandEncoder) SetVertexBuffer(b Buffer, offset, index int) {
	ns.Send(e.id, sel_setVertexBuffer_offset_atIndex, b.id, uint(offset), uint(index))
}
func (e RenderCommandEncoder) SetVertexBufferOffset(offset, index int) {
	ns.Send(e.id, sel_setVertexBufferOffset_atIndex, uint(offset), uint(index))
}

// SetVertexBytes is setVertexBytes:length:atIndex:; Metal copies data
// before returning.
func (e RenderCommandEncoder) SetVertexBytes(data []byte, index int) {
	if len(data) == 0 {
		return
	}
	ns.Send(e.id, sel_setVertexBytes_length_atIndex, unsafe.Pointer(&data[0]), uint(len(data)), uint(index))
}
func (e RenderCommandEncoder) SetFragmentBuffer(b Buffer, offset, index int) {
	ns.Send(e.id, sel_setFragmentBuffer_offset_atIndex, b.id, uint(offset), uint(index))
}
func (e RenderCommandEncoder) SetFragmentBufferOffset(offset, index int) {
	ns.Send(e.id, sel_setFragmentBufferOffset_atIndex, uint(offset), uint(index))
}

// SetFragmentBytes is setFragmentBytes:length:atIndex:; Metal copies
// data before returning.
func (e RenderCommandEncoder) SetFragmentBytes(data []byte, index int) {
	if len(data) == 0 {
		return
	}
	ns.Send(e.id, sel_setFragmentBytes_length_atIndex, unsafe.Pointer(&data[0]), uint(len(data)), uint(index))
}
func (e RenderCommandEncoder) SetVertexTexture(t Texture, index int) {
	ns.Send(e.id, sel_setVertexTexture_atIndex, t.id, uint(index))
}
func (e RenderCommandEncoder) SetFragmentTexture(t Texture, index int) {
	ns.Send(e.id, sel_setFragmentTexture_atIndex, t.id, uint(index))
}
func (e RenderCommandEncoder) SetVertexSamplerState(s SamplerState, index int) {
	ns.Send(e.id, sel_setVertexSamplerState_atIndex, s.id, uint(index))
}
func (e RenderCommandEncoder) SetFragmentSamplerState(s SamplerState, index int) {
	ns.Send(e.id, sel_setFragmentSamplerState_atIndex, s.id, uint(index))
}
func (e RenderCommandEncoder) SetVisibilityResultMode(m VisibilityResultMode, offset int) {
	ns.Send(e.id, sel_setVisibilityResultMode_offset, uint(m), uint(offset))
}
func (e RenderCommandEncoder) DrawPrimitives(t PrimitiveType, start, count, instances, baseInstance int) {
	ns.Send(e.id, sel_drawPrimitives_vertexStart_vertexCount_instanceCount_baseInstance,
		uint(t), uint(start), uint(count), uint(instances), uint(baseInstance))
}

// DrawIndexedPrimitives is drawIndexedPrimitives:indexCount:indexType:
// indexBuffer:indexBufferOffset:instanceCount:baseVertex:baseInstance:.
// baseVertex is an NSInteger.
func (e RenderCommandEncoder) DrawIndexedPrimitives(t PrimitiveType, count int, it IndexType, ib Buffer, offset, instances, baseVertex, baseInstance int) {
	ns.Send(e.id, sel_drawIndexedPrimitives_indexCount_indexType_indexBuffer_indexBufferOffset_instanceCount_baseVertex_baseInstance,
		uint(t), uint(count), uint(it), ib.id, uint(offset), uint(instances), baseVertex, uint(baseInstance))
}
func (e RenderCommandEncoder) EndEncoding() { ns.Send(e.id, sel_endEncoding) }

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
	ns.Send(e.id, sel_copyFromBuffer_sourceOffset_toBuffer_destinationOffset_size,
		src.id, uint(srcOffset), dst.id, uint(dstOffset), uint(size))
}
func (e BlitCommandEncoder) CopyBufferToTexture(src Buffer, srcOffset, bytesPerRow, bytesPerImage int, size Size, dst Texture, slice, level int, origin Origin) {
	ns.Send(e.id, sel_copyFromBuffer_sourceOffset_sourceBytesPerRow_sourceBytesPerImage_sourceSize_toTexture_destinationSlice_destinationLevel_destinationOrigin,
		src.id, uint(srcOffset), uint(bytesPerRow), uint(bytesPerImage), size, dst.id, uint(slice), uint(level), origin)
}

// CopyBufferToTextureOptions is the ...options: variant, which can fill
// the depth or the stencil plane of a combined depth-stencil texture.
func (e BlitCommandEncoder) CopyBufferToTextureOptions(src Buffer, srcOffset, bytesPerRow, bytesPerImage int, size Size, dst Texture, slice, level int, origin Origin, opt BlitOption) {
	ns.Send(e.id, sel_copyFromBuffer_sourceOffset_sourceBytesPerRow_sourceBytesPerImage_sourceSize_toTexture_destinationSlice_destinationLevel_destinationOrigin_options,
		src.id, uint(srcOffset), uint(bytesPerRow), uint(bytesPerImage), size, dst.id, uint(slice), uint(level), origin, uint(opt))
}
func (e BlitCommandEncoder) CopyTextureToBuffer(src Texture, slice, level int, origin Origin, size Size, dst Buffer, dstOffset, bytesPerRow, bytesPerImage int) {
	ns.Send(e.id, sel_copyFromTexture_sourceSlice_sourceLevel_sourceOrigin_sourceSize_toBuffer_destinationOffset_destinationBytesPerRow_destinationBytesPerImage,
		src.id, uint(slice), uint(level), origin, size, dst.id, uint(dstOffset), uint(bytesPerRow), uint(bytesPerImage))
}

// CopyTextureToBufferOptions is the ...options: variant, which can pick
// the depth or the stencil plane of a combined depth-stencil texture.
func (e BlitCommandEncoder) CopyTextureToBufferOptions(src Texture, slice, level int, origin Origin, size Size, dst Buffer, dstOffset, bytesPerRow, bytesPerImage int, opt BlitOption) {
	ns.Send(e.id, sel_copyFromTexture_sourceSlice_sourceLevel_sourceOrigin_sourceSize_toBuffer_destinationOffset_destinationBytesPerRow_destinationBytesPerImage_options,
		src.id, uint(slice), uint(level), origin, size, dst.id, uint(dstOffset), uint(bytesPerRow), uint(bytesPerImage), uint(opt))
}
func (e BlitCommandEncoder) CopyTextureToTexture(src Texture, srcSlice, srcLevel int, srcOrigin Origin, size Size, dst Texture, dstSlice, dstLevel int, dstOrigin Origin) {
	ns.Send(e.id, sel_copyFromTexture_sourceSlice_sourceLevel_sourceOrigin_sourceSize_toTexture_destinationSlice_destinationLevel_destinationOrigin,
		src.id, uint(srcSlice), uint(srcLevel), srcOrigin, size, dst.id, uint(dstSlice), uint(dstLevel), dstOrigin)
}
func (e BlitCommandEncoder) GenerateMipmaps(t Texture) {
	ns.Send(e.id, sel_generateMipmapsForTexture, t.id)
}
func (e BlitCommandEncoder) FillBuffer(b Buffer, offset, length int, value byte) {
	ns.Send(e.id, sel_fillBuffer_range_value, b.id, Range{uint(offset), uint(length)}, value)
}

// SynchronizeResource is synchronizeResource: (managed resources on
// discrete GPUs): makes GPU writes visible to the CPU once the buffer
// completes.
func (e BlitCommandEncoder) SynchronizeResource(id objc.ID) {
	ns.Send(e.id, sel_synchronizeResource, id)
}
func (e BlitCommandEncoder) EndEncoding() { ns.Send(e.id, sel_endEncoding) }
