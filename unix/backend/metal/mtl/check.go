//go:build amd64 || arm64

package mtl

import (
	"errors"

	"mtld3d/unix/backend/metal/ns"
)

// CheckBindings asks the live runtime whether every class and object the
// bindings talk to answers the selectors sent to it: descriptor classes
// through +instancesRespondToSelector:, protocol objects (buffer,
// texture, queue, command buffer, encoders) by making a small one and
// asking -respondsToSelector:. It is the first thing to run on a new
// macOS version; the error lists every miss.
func CheckBindings(d Device) error {
	var errs []error
	add := func(err error) {
		if err != nil {
			errs = append(errs, err)
		}
	}
	ns.WithPool(func() {
		add(ns.CheckResponds(d.id, "MTLDevice", deviceSelectors...))
		add(ns.CheckInstancesRespond(class_MTLTextureDescriptor,
			sel_setTextureType, sel_setPixelFormat, sel_setWidth, sel_setHeight, sel_setDepth,
			sel_setMipmapLevelCount, sel_setArrayLength, sel_setSampleCount, sel_setUsage,
			sel_setStorageMode, sel_setCpuCacheMode))
		add(ns.CheckInstancesRespond(class_MTLSamplerDescriptor,
			sel_setMinFilter, sel_setMagFilter, sel_setMipFilter, sel_setSAddressMode, sel_setTAddressMode,
			sel_setRAddressMode, sel_setBorderColor, sel_setMaxAnisotropy, sel_setLodMinClamp,
			sel_setLodMaxClamp, sel_setCompareFunction))
		add(ns.CheckInstancesRespond(class_MTLDepthStencilDescriptor,
			sel_setDepthCompareFunction, sel_setDepthWriteEnabled, sel_setFrontFaceStencil, sel_setBackFaceStencil))
		add(ns.CheckInstancesRespond(class_MTLStencilDescriptor,
			sel_setStencilCompareFunction, sel_setStencilFailureOperation, sel_setDepthFailureOperation,
			sel_setDepthStencilPassOperation, sel_setReadMask, sel_setWriteMask))
		add(ns.CheckInstancesRespond(class_MTLCompileOptions, sel_setFastMathEnabled))
		add(ns.CheckInstancesRespond(class_MTLVertexDescriptor, sel_attributes, sel_layouts))
		add(ns.CheckInstancesRespond(class_MTLRenderPipelineDescriptor,
			sel_setVertexFunction, sel_setFragmentFunction, sel_setVertexDescriptor, sel_colorAttachments,
			sel_setDepthAttachmentPixelFormat, sel_setStencilAttachmentPixelFormat, sel_setRasterSampleCount,
			sel_setAlphaToCoverageEnabled, sel_setInputPrimitiveTopology))
		add(ns.CheckInstancesRespond(class_MTLRenderPassDescriptor,
			sel_colorAttachments, sel_depthAttachment, sel_stencilAttachment, sel_setVisibilityResultBuffer))
		if d.SupportsBinaryArchives() { // macOS 11
			add(ns.CheckResponds(d.id, "MTLDevice", sel_newRenderPipelineStateWithDescriptor_options_reflection_error))
			add(ns.CheckInstancesRespond(class_MTLBinaryArchiveDescriptor, sel_setUrl))
			add(ns.CheckInstancesRespond(class_MTLRenderPipelineDescriptor, sel_setBinaryArchives))
			a, err := d.NewBinaryArchive("")
			add(err)
			if err == nil {
				add(ns.CheckResponds(a.id, "MTLBinaryArchive", sel_addRenderPipelineFunctionsWithDescriptor_error, sel_serializeToURL_error))
				a.Release()
			}
		}

		buf, err := d.NewBuffer(256, ResourceStorageModeShared)
		add(err)
		if err == nil {
			defer buf.Release()
			add(ns.CheckResponds(buf.id, "MTLBuffer", sel_contents, sel_length, sel_didModifyRange))
		}
		tex, err := d.NewTexture(TextureDescriptor{TextureType: TextureType2D, PixelFormat: PixelFormatRGBA8Unorm,
			Width: 4, Height: 4, Usage: TextureUsageShaderRead | TextureUsageRenderTarget, StorageMode: StorageModePrivate})
		add(err)
		if err == nil {
			defer tex.Release()
			add(ns.CheckResponds(tex.id, "MTLTexture",
				sel_replaceRegion_mipmapLevel_slice_withBytes_bytesPerRow_bytesPerImage,
				sel_getBytes_bytesPerRow_bytesPerImage_fromRegion_mipmapLevel_slice,
				sel_newTextureViewWithPixelFormat_textureType_levels_slices,
				sel_newTextureViewWithPixelFormat_textureType_levels_slices_swizzle,
				sel_width, sel_height, sel_storageMode))
		}
		q, err := d.NewCommandQueue()
		add(err)
		if err != nil {
			return
		}
		defer q.Release()
		add(ns.CheckResponds(q.id, "MTLCommandQueue", sel_commandBuffer))
		cb := q.CommandBuffer()
		defer cb.Release()
		add(ns.CheckResponds(cb.id, "MTLCommandBuffer",
			sel_renderCommandEncoderWithDescriptor, sel_blitCommandEncoder, sel_presentDrawable,
			sel_addCompletedHandler, sel_commit, sel_waitUntilCompleted, sel_status, sel_error))
		be := cb.BlitCommandEncoder()
		add(ns.CheckResponds(be.id, "MTLBlitCommandEncoder",
			sel_copyFromBuffer_sourceOffset_toBuffer_destinationOffset_size,
			sel_copyFromBuffer_sourceOffset_sourceBytesPerRow_sourceBytesPerImage_sourceSize_toTexture_destinationSlice_destinationLevel_destinationOrigin,
			sel_copyFromBuffer_sourceOffset_sourceBytesPerRow_sourceBytesPerImage_sourceSize_toTexture_destinationSlice_destinationLevel_destinationOrigin_options,
			sel_copyFromTexture_sourceSlice_sourceLevel_sourceOrigin_sourceSize_toBuffer_destinationOffset_destinationBytesPerRow_destinationBytesPerImage,
			sel_copyFromTexture_sourceSlice_sourceLevel_sourceOrigin_sourceSize_toBuffer_destinationOffset_destinationBytesPerRow_destinationBytesPerImage_options,
			sel_copyFromTexture_sourceSlice_sourceLevel_sourceOrigin_sourceSize_toTexture_destinationSlice_destinationLevel_destinationOrigin,
			sel_generateMipmapsForTexture, sel_fillBuffer_range_value, sel_synchronizeResource, sel_endEncoding))
		be.EndEncoding()
		be.Release()
		if tex.IsNil() {
			return
		}
		var rp RenderPassDescriptor
		rp.Color[0] = LoadStore{Texture: tex, LoadAction: LoadActionClear, StoreAction: StoreActionStore}
		re := cb.RenderCommandEncoder(&rp)
		if re.IsNil() {
			add(errors.New("mtl: renderCommandEncoderWithDescriptor: returned nil for a 4x4 RGBA8 target"))
			return
		}
		add(ns.CheckResponds(re.id, "MTLRenderCommandEncoder",
			sel_setViewport, sel_setScissorRect, sel_setCullMode, sel_setFrontFacingWinding,
			sel_setDepthBias_slopeScale_clamp, sel_setDepthClipMode, sel_setTriangleFillMode,
			sel_setStencilFrontReferenceValue_backReferenceValue, sel_setBlendColorRed_green_blue_alpha,
			sel_setRenderPipelineState, sel_setDepthStencilState, sel_setVertexBuffer_offset_atIndex,
			sel_setVertexBufferOffset_atIndex, sel_setVertexBytes_length_atIndex,
			sel_setFragmentBuffer_offset_atIndex, sel_setFragmentBufferOffset_atIndex,
			sel_setFragmentBytes_length_atIndex, sel_setVertexTexture_atIndex, sel_setFragmentTexture_atIndex,
			sel_setVertexSamplerState_atIndex, sel_setFragmentSamplerState_atIndex,
			sel_setVisibilityResultMode_offset, sel_setDepthStoreAction, sel_setStencilStoreAction,
			sel_drawPrimitives_vertexStart_vertexCount_instanceCount_baseInstance,
			sel_drawIndexedPrimitives_indexCount_indexType_indexBuffer_indexBufferOffset_instanceCount_baseVertex_baseInstance,
			sel_endEncoding))
		re.EndEncoding()
		re.Release()
	})
	return errors.Join(errs...)
}
