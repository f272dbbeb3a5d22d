//go:build amd64 || arm64

package mtl

import (
	"unsafe"

	"mtld3d/unix/backend/metal/msg"
	"mtld3d/unix/backend/metal/ns"
)

// RenderCommandEncoder is an id<MTLRenderCommandEncoder>. Its messages
// are queued on a msg.Batch and sent in one cgo call after each draw and
// at EndEncoding, so a draw crosses into C once (docs/METAL.md, "The
// message path"). Until then the objects a queued message names must stay
// alive; set*Bytes data is copied into the batch. An encoder without a
// batch (the zero value) sends at once. A state message whose value the
// encoder was last sent is not sent again (encstate.go).
type RenderCommandEncoder struct {
	id ns.ID
	b  *msg.Batch
	s  *encState
}

// ID is the object id.
func (e RenderCommandEncoder) ID() ns.ID { return e.id }

// IsNil reports whether there is no encoder.
func (e RenderCommandEncoder) IsNil() bool { return e.id == 0 }

// Release is -release.
func (e RenderCommandEncoder) Release() { ns.Release(e.id) }

// SetLabel is setLabel:, after what is queued.
func (e RenderCommandEncoder) SetLabel(s string) {
	e.b.Flush()
	ns.ObjectOf(e.id).SetLabel(s)
}

func (e RenderCommandEncoder) SetViewport(v Viewport) {
	if send(e.s, knownViewport, func(s *encState) *Viewport { return &s.viewport }, v) {
		batch_setViewport(e.b, e.id, v)
	}
}
func (e RenderCommandEncoder) SetScissorRect(r ScissorRect) {
	if send(e.s, knownScissor, func(s *encState) *ScissorRect { return &s.scissor }, r) {
		batch_setScissorRect(e.b, e.id, r)
	}
}
func (e RenderCommandEncoder) SetCullMode(m CullMode) {
	if send(e.s, knownCull, func(s *encState) *CullMode { return &s.cull }, m) {
		batch_setCullMode(e.b, e.id, uint(m))
	}
}
func (e RenderCommandEncoder) SetFrontFacingWinding(w Winding) {
	if send(e.s, knownWinding, func(s *encState) *Winding { return &s.winding }, w) {
		batch_setFrontFacingWinding(e.b, e.id, uint(w))
	}
}
func (e RenderCommandEncoder) SetDepthBias(bias, slopeScale, clamp float32) {
	if send(e.s, knownBias, func(s *encState) *[3]float32 { return &s.bias }, [3]float32{bias, slopeScale, clamp}) {
		batch_setDepthBias_slopeScale_clamp(e.b, e.id, bias, slopeScale, clamp)
	}
}
func (e RenderCommandEncoder) SetDepthClipMode(m DepthClipMode) {
	if send(e.s, knownClip, func(s *encState) *DepthClipMode { return &s.clip }, m) {
		batch_setDepthClipMode(e.b, e.id, uint(m))
	}
}
func (e RenderCommandEncoder) SetTriangleFillMode(m TriangleFillMode) {
	if send(e.s, knownFill, func(s *encState) *TriangleFillMode { return &s.fill }, m) {
		batch_setTriangleFillMode(e.b, e.id, uint(m))
	}
}
func (e RenderCommandEncoder) SetStencilReferenceValues(front, back uint32) {
	if send(e.s, knownStencilRef, func(s *encState) *[2]uint32 { return &s.stencilRef }, [2]uint32{front, back}) {
		batch_setStencilFrontReferenceValue_backReferenceValue(e.b, e.id, front, back)
	}
}
func (e RenderCommandEncoder) SetBlendColor(r, g, b, a float32) {
	if send(e.s, knownBlend, func(s *encState) *[4]float32 { return &s.blend }, [4]float32{r, g, b, a}) {
		batch_setBlendColorRed_green_blue_alpha(e.b, e.id, r, g, b, a)
	}
}
func (e RenderCommandEncoder) SetRenderPipelineState(p RenderPipelineState) {
	if send(e.s, knownPipeline, func(s *encState) *ns.ID { return &s.pipeline }, p.id) {
		batch_setRenderPipelineState(e.b, e.id, p.id)
	}
}
func (e RenderCommandEncoder) SetDepthStencilState(s DepthStencilState) {
	if send(e.s, knownDSS, func(s *encState) *ns.ID { return &s.dss }, s.id) {
		batch_setDepthStencilState(e.b, e.id, s.id)
	}
}
func (e RenderCommandEncoder) SetDepthStoreAction(a StoreAction) {
	batch_setDepthStoreAction(e.b, e.id, uint(a))
}
func (e RenderCommandEncoder) SetStencilStoreAction(a StoreAction) {
	batch_setStencilStoreAction(e.b, e.id, uint(a))
}
func (e RenderCommandEncoder) SetVertexBuffer(b Buffer, offset, index int) {
	if e.s != nil {
		e.s.forgetBytes(&e.s.vbyt, uint(index))
	}
	if e.s == nil || !e.s.buffer(&e.s.vbuf, b.id, uint(offset), uint(index)) {
		batch_setVertexBuffer_offset_atIndex(e.b, e.id, b.id, uint(offset), uint(index))
	}
}
func (e RenderCommandEncoder) SetVertexBufferOffset(offset, index int) {
	if e.s == nil || !e.s.bufferOffset(&e.s.vbuf, uint(offset), uint(index)) {
		batch_setVertexBufferOffset_atIndex(e.b, e.id, uint(offset), uint(index))
	}
}

// SetVertexBytes is setVertexBytes:length:atIndex:; Metal copies data
// before returning, and the batch copies it when queueing.
func (e RenderCommandEncoder) SetVertexBytes(data []byte, index int) {
	if len(data) == 0 {
		return
	}
	if e.s != nil && e.s.sameBytes(&e.s.vbuf, &e.s.vbyt, data, uint(index)) {
		return
	}
	if e.b == nil || len(data) > msg.ArenaSize {
		e.b.Flush()
		send_setVertexBytes_length_atIndex(e.id, unsafe.Pointer(&data[0]), uint(len(data)), uint(index))
		return
	}
	batch_setVertexBytes_length_atIndex(e.b, e.id, e.b.Bytes(data), uint(len(data)), uint(index))
}
func (e RenderCommandEncoder) SetFragmentBuffer(b Buffer, offset, index int) {
	if e.s != nil {
		e.s.forgetBytes(&e.s.fbyt, uint(index))
	}
	if e.s == nil || !e.s.buffer(&e.s.fbuf, b.id, uint(offset), uint(index)) {
		batch_setFragmentBuffer_offset_atIndex(e.b, e.id, b.id, uint(offset), uint(index))
	}
}
func (e RenderCommandEncoder) SetFragmentBufferOffset(offset, index int) {
	if e.s == nil || !e.s.bufferOffset(&e.s.fbuf, uint(offset), uint(index)) {
		batch_setFragmentBufferOffset_atIndex(e.b, e.id, uint(offset), uint(index))
	}
}

// SetFragmentBytes is setFragmentBytes:length:atIndex:; Metal copies
// data before returning, and the batch copies it when queueing.
func (e RenderCommandEncoder) SetFragmentBytes(data []byte, index int) {
	if len(data) == 0 {
		return
	}
	if e.s != nil && e.s.sameBytes(&e.s.fbuf, &e.s.fbyt, data, uint(index)) {
		return
	}
	if e.b == nil || len(data) > msg.ArenaSize {
		e.b.Flush()
		send_setFragmentBytes_length_atIndex(e.id, unsafe.Pointer(&data[0]), uint(len(data)), uint(index))
		return
	}
	batch_setFragmentBytes_length_atIndex(e.b, e.id, e.b.Bytes(data), uint(len(data)), uint(index))
}
func (e RenderCommandEncoder) SetVertexTexture(t Texture, index int) {
	if e.s == nil || !e.s.texture(0, &e.s.vtex, t.id, uint(index)) {
		batch_setVertexTexture_atIndex(e.b, e.id, t.id, uint(index))
	}
}
func (e RenderCommandEncoder) SetFragmentTexture(t Texture, index int) {
	if e.s == nil || !e.s.texture(1, &e.s.ftex, t.id, uint(index)) {
		batch_setFragmentTexture_atIndex(e.b, e.id, t.id, uint(index))
	}
}
func (e RenderCommandEncoder) SetVertexSamplerState(s SamplerState, index int) {
	if e.s == nil || !e.s.sampler(0, &e.s.vsmp, s.id, uint(index)) {
		batch_setVertexSamplerState_atIndex(e.b, e.id, s.id, uint(index))
	}
}
func (e RenderCommandEncoder) SetFragmentSamplerState(s SamplerState, index int) {
	if e.s == nil || !e.s.sampler(1, &e.s.fsmp, s.id, uint(index)) {
		batch_setFragmentSamplerState_atIndex(e.b, e.id, s.id, uint(index))
	}
}
func (e RenderCommandEncoder) SetVisibilityResultMode(m VisibilityResultMode, offset int) {
	batch_setVisibilityResultMode_offset(e.b, e.id, uint(m), uint(offset))
}

// DrawPrimitives is drawPrimitives:vertexStart:vertexCount:
// instanceCount:baseInstance:; it sends what is queued.
func (e RenderCommandEncoder) DrawPrimitives(t PrimitiveType, start, count, instances, baseInstance int) {
	batch_drawPrimitives_vertexStart_vertexCount_instanceCount_baseInstance(e.b, e.id,
		uint(t), uint(start), uint(count), uint(instances), uint(baseInstance))
	e.b.Flush()
}

// DrawIndexedPrimitives is drawIndexedPrimitives:indexCount:indexType:
// indexBuffer:indexBufferOffset:instanceCount:baseVertex:baseInstance:;
// it sends what is queued. baseVertex is an NSInteger.
func (e RenderCommandEncoder) DrawIndexedPrimitives(t PrimitiveType, count int, it IndexType, ib Buffer, offset, instances, baseVertex, baseInstance int) {
	batch_drawIndexedPrimitives_indexCount_indexType_indexBuffer_indexBufferOffset_instanceCount_baseVertex_baseInstance(e.b, e.id,
		uint(t), uint(count), uint(it), ib.id, uint(offset), uint(instances), baseVertex, uint(baseInstance))
	e.b.Flush()
}

// EndEncoding is -endEncoding: it sends what is queued and returns the
// batch to its pool; the encoder takes no more messages.
func (e RenderCommandEncoder) EndEncoding() {
	batch_endEncoding(e.b, e.id)
	if e.b != nil {
		msg.PutBatch(e.b)
	}
	putEncState(e.s)
}

// BlitCommandEncoder is an id<MTLBlitCommandEncoder>.
type BlitCommandEncoder struct{ id ns.ID }

// ID is the object id.
func (e BlitCommandEncoder) ID() ns.ID { return e.id }

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
func (e BlitCommandEncoder) SynchronizeResource(id ns.ID) {
	send_synchronizeResource(e.id, id)
}
func (e BlitCommandEncoder) EndEncoding() { send_endEncoding(e.id) }
