// Package backend is the GPU interface the encoder drives. It is shaped like
// Metal so that the Metal backend is a thin binding and the CPU reference
// backend can follow Metal's rules exactly. Each method's comment names the
// Metal call it stands for.
//
// Objects are created by a Device. Commands are recorded into a
// CommandBuffer through one encoder at a time and run, in commit order, on
// the CommandQueue that made the buffer. Descriptors that key a cache
// (SamplerDesc, DepthStencilDesc, RenderPipelineDesc) are comparable value
// structs so that they can be map keys.
package backend

import (
	"errors"
	"fmt"
	"math"

	"mtld3d/core/pixfmt"
)

// Limits of the interface. They are the smaller of Metal's limits and what
// D3D9 can ask for, so descriptors stay small and comparable.
const (
	MaxColorAttachments    = 8    // MTLRenderPassDescriptor.colorAttachments
	MaxVertexAttributes    = 21   // D3D9 shaders have v0..v15; core/ff reads up to ff.LocDepth (tweening, pre-transformed pass-through)
	MaxVertexBufferLayouts = 31   // layouts[i] describes vertex buffer index i (Metal's 31 buffers)
	MaxBuffers             = 31   // Metal's buffer argument table
	MaxBytesLength         = 4096 // setVertexBytes:/setFragmentBytes:' limit; more goes in a buffer
	MaxTextures            = 16   // per stage; D3D9 ps has s0..s15
	MaxSamplers            = 16   // per stage
	MaxVaryings            = 16   // float4 interstage values
	MaxClipDistances       = 8
	MaxTextureSize         = 16384 // 1D/2D/cube width and height (Metal, Apple GPUs)
	MaxTexture3DSize       = 2048  // 3D width, height and depth
	MaxArrayLength         = 2048
	MaxMipLevels           = 15 // a 16384 texture's chain
	MaxSampleCount         = 8
)

// MaxResourceBytes bounds one texture or buffer; a larger one is refused
// as Metal refuses an allocation past its device's memory. A variable so
// the fuzz tests can lower it.
var MaxResourceBytes = min(4<<30, math.MaxInt)

// CheckTexture reports a descriptor outside Metal's limits (zero or
// oversized dimensions, too many levels or samples, more bytes than
// MaxResourceBytes); every backend refuses those before allocating.
func CheckTexture(desc TextureDesc) error {
	w, h, d := desc.Width, desc.Height, max(desc.Depth, 1)
	limit := MaxTextureSize
	if desc.Type == TextureType3D {
		limit = MaxTexture3DSize
	} else if d != 1 {
		return fmt.Errorf("backend: %v texture of depth %d", desc.Type, d)
	}
	levels, slices, samples := max(desc.MipLevels, 1), max(desc.ArrayLength, 1), max(desc.SampleCount, 1)
	if w < 1 || h < 1 || w > limit || h > limit || d > limit || levels > MaxMipLevels ||
		slices > MaxArrayLength || samples > MaxSampleCount {
		return fmt.Errorf("backend: texture %dx%dx%d, %d levels, %d slices, %d samples outside the limits", w, h, d, levels, slices, samples)
	}
	if desc.Type == TextureTypeCube {
		slices *= 6
	}
	var bytes int64 // 4 GiB overflows a 32-bit int
	for l := range levels {
		bytes += int64(desc.Format.BytesPerImage(max(w>>l, 1), max(h>>l, 1))) * int64(max(d>>l, 1)*slices*samples)
	}
	if bytes > int64(MaxResourceBytes) {
		return fmt.Errorf("backend: texture of %d bytes past the limit of %d", bytes, MaxResourceBytes)
	}
	return nil
}

// ErrUnsupported is returned when a backend cannot create what was asked for.
var ErrUnsupported = errors.New("backend: unsupported")

// Caps is a bit set of optional features; check it before relying on one.
type Caps uint32

const (
	CapBCTextures        Caps = 1 << iota // BC1-BC5 (MTLDevice.supportsBCTextureCompression)
	CapDepth24Stencil8                    // Depth24Unorm_Stencil8 (isDepth24Stencil8PixelFormatSupported)
	CapClampToBorder                      // MTLSamplerAddressModeClampToBorderColor
	CapMirrorClampToEdge                  // MTLSamplerAddressModeMirrorClampToEdge
	CapMSAA2                              // supportsTextureSampleCount:2
	CapMSAA4                              // supportsTextureSampleCount:4
	CapMSAA8                              // supportsTextureSampleCount:8
	CapDepthClamp                         // setDepthClipMode:
	CapReadableDrawable                   // drawables can be read back (framebufferOnly = NO)
	// CapMSLFunctions: NewFunction compiles FunctionDesc.Source (MSL).
	// Without it the backend runs FunctionDesc.Program or IR, and a
	// caller need not emit MSL at all.
	CapMSLFunctions
)

// Has reports whether all bits of c are set.
func (c Caps) Has(bits Caps) bool { return c&bits == bits }

// Device creates resources and queues (MTLDevice).
type Device interface {
	// Name is MTLDevice.name.
	Name() string
	// Caps reports the optional features this device supports.
	Caps() Caps
	// NewBuffer is newBufferWithLength:options:MTLResourceStorageModeShared.
	NewBuffer(length int) (Buffer, error)
	// NewTexture is newTextureWithDescriptor:.
	NewTexture(desc TextureDesc) (Texture, error)
	// NewSampler is newSamplerStateWithDescriptor:.
	NewSampler(desc SamplerDesc) (Sampler, error)
	// NewDepthStencilState is newDepthStencilStateWithDescriptor:.
	NewDepthStencilState(desc DepthStencilDesc) (DepthStencilState, error)
	// NewFunction is newLibraryWithSource:options:error: followed by
	// newFunctionWithName: (the Metal backend caches libraries by source);
	// the reference backend takes the Go program instead.
	NewFunction(desc FunctionDesc) (Function, error)
	// NewRenderPipeline is newRenderPipelineStateWithDescriptor:error:.
	NewRenderPipeline(desc RenderPipelineDesc) (RenderPipelineState, error)
	// NewCommandQueue is newCommandQueue.
	NewCommandQueue() (CommandQueue, error)
	// NewLayer makes the presentable surface for a host window
	// (a CAMetalLayer attached to the window's view).
	NewLayer(desc LayerDesc) (Layer, error)
	// Release drops the device.
	Release()
}

// BinaryArchiver is a Device that keeps its pipelines' compiled GPU code
// in a file between runs (Metal's MTLBinaryArchive, macOS 11), so a
// later run's NewRenderPipeline loads what an earlier one compiled.
// Callers find it by a type assertion; a backend that compiles nothing
// (the reference backend) has none.
type BinaryArchiver interface {
	// OpenBinaryArchive is newBinaryArchiveWithDescriptor:error: over the
	// device's archive file in the folder dir (the device names the file
	// after its GPU and OS version), called once, before the first
	// NewRenderPipeline. From then on NewRenderPipeline looks in the
	// archive first (binaryArchives). With write, what it has to compile
	// is added (addRenderPipelineFunctionsWithDescriptor:error:) and the
	// file rewritten (serializeToURL:error:) off the caller's goroutine:
	// after a batch of new pipelines, after a quiet spell, and once more
	// after Release. A missing, damaged or foreign file is replaced by a
	// new archive (write) or left alone; an error means the device runs
	// without an archive, which costs only compile time.
	OpenBinaryArchive(dir string, write bool) error
}

// Buffer is an MTLBuffer in shared storage.
type Buffer interface {
	// Contents is MTLBuffer.contents viewed as a slice of Length bytes. The
	// CPU must not write a range that a committed, unfinished command
	// buffer reads.
	Contents() []byte
	// Upload copies data to Contents at offset (memcpy into contents).
	Upload(offset int, data []byte)
	// Length is MTLBuffer.length.
	Length() int
	// Release is -release.
	Release()
}

// TextureType is MTLTextureType.
type TextureType uint8

const (
	TextureType2D            TextureType = iota // MTLTextureType2D
	TextureType1D                               // MTLTextureType1D
	TextureTypeCube                             // MTLTextureTypeCube: 6 slices, +X -X +Y -Y +Z -Z
	TextureType3D                               // MTLTextureType3D
	TextureType2DArray                          // MTLTextureType2DArray
	TextureType2DMultisample                    // MTLTextureType2DMultisample
)

// TextureUsage is MTLTextureUsage.
type TextureUsage uint8

const (
	UsageShaderRead      TextureUsage = 1 << iota // MTLTextureUsageShaderRead
	UsageShaderWrite                              // MTLTextureUsageShaderWrite
	UsageRenderTarget                             // MTLTextureUsageRenderTarget
	UsagePixelFormatView                          // MTLTextureUsagePixelFormatView
)

// TextureDesc is MTLTextureDescriptor. Zero Depth, MipLevels, ArrayLength
// and SampleCount mean 1.
type TextureDesc struct {
	Type        TextureType
	Format      pixfmt.Format
	Width       int
	Height      int
	Depth       int
	MipLevels   int
	ArrayLength int
	SampleCount int
	Usage       TextureUsage
}

// Region is MTLRegion: an origin and a size in texels.
type Region struct {
	X, Y, Z              int
	Width, Height, Depth int
}

// Texture is an MTLTexture. A slice is an array element or, for cube
// textures, a face (array index*6 + face).
type Texture interface {
	Desc() TextureDesc
	Type() TextureType
	Format() pixfmt.Format
	Width() int // of level 0
	Height() int
	Depth() int
	MipLevels() int
	ArrayLength() int
	SampleCount() int
	Usage() TextureUsage
	// Replace is replaceRegion:mipmapLevel:slice:withBytes:bytesPerRow:
	// bytesPerImage:. For compressed formats rows are rows of blocks.
	Replace(r Region, level, slice int, data []byte, bytesPerRow, bytesPerImage int)
	// GetBytes is getBytes:bytesPerRow:bytesPerImage:fromRegion:
	// mipmapLevel:slice:.
	GetBytes(dst []byte, bytesPerRow, bytesPerImage int, r Region, level, slice int)
	// NewView is newTextureViewWithPixelFormat:textureType:levels:slices:
	// swizzle: over all levels and slices: the same storage read as a
	// format of the same texel size (sRGB on or off, X32_Stencil8 of a
	// depth-stencil texture) and with channels swizzled when sampled
	// (D3D9's L8, A8L8 and X8R8G8B8 need this).
	NewView(f pixfmt.Format, sw pixfmt.Swizzles) (Texture, error)
	// Release is -release.
	Release()
}

// SamplerFilter is MTLSamplerMinMagFilter.
type SamplerFilter uint8

const (
	FilterNearest SamplerFilter = iota
	FilterLinear
)

// MipFilter is MTLSamplerMipFilter.
type MipFilter uint8

const (
	MipFilterNone MipFilter = iota // MTLSamplerMipFilterNotMipmapped: level 0 only
	MipFilterNearest
	MipFilterLinear
)

// AddressMode is MTLSamplerAddressMode.
type AddressMode uint8

const (
	AddressClampToEdge AddressMode = iota
	AddressMirrorClampToEdge
	AddressRepeat
	AddressMirrorRepeat
	AddressClampToZero
	AddressClampToBorder // MTLSamplerAddressModeClampToBorderColor
)

// BorderColor is MTLSamplerBorderColor.
type BorderColor uint8

const (
	BorderTransparentBlack BorderColor = iota // (0,0,0,0)
	BorderOpaqueBlack                         // (0,0,0,1)
	BorderOpaqueWhite                         // (1,1,1,1)
)

// CompareFunction is MTLCompareFunction. Always is the zero value so that
// a zero DepthStencilDesc passes everything, as Metal's default does.
type CompareFunction uint8

const (
	CompareAlways CompareFunction = iota
	CompareNever
	CompareLess
	CompareEqual
	CompareLessEqual
	CompareGreater
	CompareNotEqual
	CompareGreaterEqual
)

// SamplerDesc is MTLSamplerDescriptor. LOD bias is not here because Metal
// has none: it is a bias() argument of the sample call.
type SamplerDesc struct {
	MinFilter     SamplerFilter
	MagFilter     SamplerFilter
	MipFilter     MipFilter
	SAddress      AddressMode
	TAddress      AddressMode
	RAddress      AddressMode
	BorderColor   BorderColor
	MaxAnisotropy int     // 1..16; 0 means 1
	LodMinClamp   float32 // lodMinClamp
	LodMaxClamp   float32 // lodMaxClamp; DefaultSamplerDesc sets it to 1000
	Compare       bool    // compareFunction set (only used by compare sampling)
	CompareFunc   CompareFunction
}

// DefaultSamplerDesc is Metal's default descriptor: nearest, clamp to edge,
// all mip levels reachable.
func DefaultSamplerDesc() SamplerDesc {
	return SamplerDesc{MaxAnisotropy: 1, LodMaxClamp: 1000}
}

// Sampler is an MTLSamplerState.
type Sampler interface {
	Desc() SamplerDesc
	Release()
}

// StencilOp is MTLStencilOperation.
type StencilOp uint8

const (
	StencilKeep StencilOp = iota
	StencilZero
	StencilReplace
	StencilIncrementClamp
	StencilDecrementClamp
	StencilInvert
	StencilIncrementWrap
	StencilDecrementWrap
)

// StencilDesc is MTLStencilDescriptor.
type StencilDesc struct {
	Compare     CompareFunction // stencilCompareFunction: ref OP stored
	FailOp      StencilOp       // stencilFailureOperation
	DepthFailOp StencilOp       // depthFailureOperation
	PassOp      StencilOp       // depthStencilPassOperation
	ReadMask    uint8
	WriteMask   uint8
}

// DepthStencilDesc is MTLDepthStencilDescriptor. With StencilEnable false
// the front and back descriptors are nil in Metal: the test passes and
// nothing is written.
type DepthStencilDesc struct {
	DepthCompare  CompareFunction // new OP stored
	DepthWrite    bool
	StencilEnable bool
	Front         StencilDesc
	Back          StencilDesc
}

// DepthStencilState is an MTLDepthStencilState.
type DepthStencilState interface {
	Desc() DepthStencilDesc
	Release()
}

// BlendFactor is MTLBlendFactor (without the dual-source factors).
type BlendFactor uint8

const (
	BlendZero BlendFactor = iota
	BlendOne
	BlendSourceColor
	BlendOneMinusSourceColor
	BlendSourceAlpha
	BlendOneMinusSourceAlpha
	BlendDestinationColor
	BlendOneMinusDestinationColor
	BlendDestinationAlpha
	BlendOneMinusDestinationAlpha
	BlendSourceAlphaSaturated
	BlendBlendColor
	BlendOneMinusBlendColor
	BlendBlendAlpha
	BlendOneMinusBlendAlpha
)

// BlendOp is MTLBlendOperation. Min and Max ignore the factors.
type BlendOp uint8

const (
	BlendOpAdd             BlendOp = iota
	BlendOpSubtract                // src*f - dst*f
	BlendOpReverseSubtract         // dst*f - src*f
	BlendOpMin
	BlendOpMax
)

// ColorMask is MTLColorWriteMask.
type ColorMask uint8

const (
	ColorMaskAlpha ColorMask = 1 << iota
	ColorMaskBlue
	ColorMaskGreen
	ColorMaskRed
	ColorMaskNone ColorMask = 0
	ColorMaskAll            = ColorMaskRed | ColorMaskGreen | ColorMaskBlue | ColorMaskAlpha
)

// ColorAttachmentDesc is MTLRenderPipelineColorAttachmentDescriptor. An
// attachment with pixfmt.Invalid is unused.
type ColorAttachmentDesc struct {
	Format       pixfmt.Format
	BlendEnable  bool
	RGBBlendOp   BlendOp
	AlphaBlendOp BlendOp
	SrcRGB       BlendFactor
	DstRGB       BlendFactor
	SrcAlpha     BlendFactor
	DstAlpha     BlendFactor
	WriteMask    ColorMask // unlike Metal the zero value writes nothing
}

// TopologyClass is MTLPrimitiveTopologyClass.
type TopologyClass uint8

const (
	TopologyUnspecified TopologyClass = iota
	TopologyPoint
	TopologyLine
	TopologyTriangle
)

// RenderPipelineDesc is MTLRenderPipelineDescriptor.
type RenderPipelineDesc struct {
	VertexFunction   Function
	FragmentFunction Function // nil: no colour output (depth-only passes)
	VertexDescriptor VertexDescriptor
	ColorAttachments [MaxColorAttachments]ColorAttachmentDesc
	DepthFormat      pixfmt.Format // depthAttachmentPixelFormat
	StencilFormat    pixfmt.Format // stencilAttachmentPixelFormat
	SampleCount      int           // rasterSampleCount; 0 means 1
	AlphaToCoverage  bool          // alphaToCoverageEnabled
	Topology         TopologyClass
}

// RenderPipelineState is an MTLRenderPipelineState.
type RenderPipelineState interface {
	Desc() RenderPipelineDesc
	Release()
}

// CommandQueue is an MTLCommandQueue. Buffers run in commit order.
type CommandQueue interface {
	// CommandBuffer is -commandBuffer.
	CommandBuffer() CommandBuffer
	Release()
}

// CommandStatus is MTLCommandBufferStatus, reduced.
type CommandStatus uint8

const (
	StatusNotCommitted CommandStatus = iota
	StatusCommitted
	StatusCompleted
	StatusError
)

// CommandBuffer is an MTLCommandBuffer. Only one encoder may be open.
type CommandBuffer interface {
	// RenderCommandEncoder is renderCommandEncoderWithDescriptor:.
	RenderCommandEncoder(desc *RenderPassDesc) RenderCommandEncoder
	// BlitCommandEncoder is blitCommandEncoder.
	BlitCommandEncoder() BlitCommandEncoder
	// PresentDrawable is presentDrawable: it shows the drawable once the
	// buffer's commands have run.
	PresentDrawable(d Drawable)
	// AddCompletedHandler is addCompletedHandler:; handlers run, in the
	// order added, after the buffer's commands have run.
	AddCompletedHandler(func(CommandBuffer))
	// Commit is -commit.
	Commit()
	// WaitUntilCompleted is -waitUntilCompleted.
	WaitUntilCompleted()
	// Status is -status.
	Status() CommandStatus
	// Error is -error: nil unless Status is StatusError.
	Error() error
}

// LoadAction is MTLLoadAction.
type LoadAction uint8

const (
	LoadDontCare LoadAction = iota
	LoadLoad
	LoadClear
)

// StoreAction is MTLStoreAction.
type StoreAction uint8

const (
	StoreDontCare StoreAction = iota
	StoreStore
	StoreMultisampleResolve
	StoreStoreAndMultisampleResolve
	// StoreUnknown defers the choice to the encoder's SetDepthStoreAction
	// or SetStencilStoreAction before EndEncoding.
	StoreUnknown
)

// AttachmentDesc is the common part of MTLRenderPassAttachmentDescriptor.
type AttachmentDesc struct {
	Texture        Texture
	Level          int
	Slice          int // array slice or cube face
	DepthPlane     int // for 3D textures
	Load           LoadAction
	Store          StoreAction
	ResolveTexture Texture
	ResolveLevel   int
	ResolveSlice   int
}

// ColorAttachment is MTLRenderPassColorAttachmentDescriptor.
type ColorAttachment struct {
	AttachmentDesc
	ClearColor [4]float64
}

// DepthAttachment is MTLRenderPassDepthAttachmentDescriptor.
type DepthAttachment struct {
	AttachmentDesc
	ClearDepth float64
}

// StencilAttachment is MTLRenderPassStencilAttachmentDescriptor.
type StencilAttachment struct {
	AttachmentDesc
	ClearStencil uint32
}

// RenderPassDesc is MTLRenderPassDescriptor. A combined depth-stencil
// texture is named by both Depth and Stencil.
type RenderPassDesc struct {
	Color   [MaxColorAttachments]ColorAttachment
	Depth   DepthAttachment
	Stencil StencilAttachment
	// VisibilityResults is visibilityResultBuffer: each offset a draw
	// names with SetVisibilityResultMode gets a little-endian uint64 at
	// the end of the pass (overwritten, not accumulated across passes).
	VisibilityResults Buffer
	// CenterSamples is setSamplePositions:count: with every sample at the
	// pixel centre (0.5, 0.5): a multisampled pass then covers, shades and
	// depth-tests all samples of a pixel as its centre (D3D9's
	// MULTISAMPLEANTIALIAS FALSE).
	CenterSamples bool
}

// VisibilityMode is MTLVisibilityResultMode (D3D9 occlusion queries).
type VisibilityMode uint8

const (
	VisibilityDisabled VisibilityMode = iota
	VisibilityBoolean                 // nonzero if any sample passed
	VisibilityCounting                // samples that passed depth and stencil
)

// PrimitiveType is MTLPrimitiveType.
type PrimitiveType uint8

const (
	PrimitivePoint PrimitiveType = iota
	PrimitiveLine
	PrimitiveLineStrip
	PrimitiveTriangle
	PrimitiveTriangleStrip
)

// IndexType is MTLIndexType.
type IndexType uint8

const (
	IndexUInt16 IndexType = iota
	IndexUInt32
)

// CullMode is MTLCullMode.
type CullMode uint8

const (
	CullNone CullMode = iota
	CullFront
	CullBack
)

// Winding is MTLWinding, as seen on screen (NDC y up).
type Winding uint8

const (
	WindingClockwise Winding = iota
	WindingCounterClockwise
)

// DepthClipMode is MTLDepthClipMode.
type DepthClipMode uint8

const (
	DepthClip DepthClipMode = iota
	DepthClamp
)

// TriangleFillMode is MTLTriangleFillMode.
type TriangleFillMode uint8

const (
	FillSolid TriangleFillMode = iota
	FillLines
)

// Viewport is MTLViewport. Window y grows downwards from the top-left.
type Viewport struct {
	OriginX, OriginY float64
	Width, Height    float64
	ZNear, ZFar      float64
}

// ScissorRect is MTLScissorRect.
type ScissorRect struct {
	X, Y, Width, Height int
}

// RenderCommandEncoder is an MTLRenderCommandEncoder. State set on it
// persists across draws until EndEncoding. At the start of a pass the
// viewport and scissor cover the first attachment, the cull mode is none,
// the front face is clockwise, and nothing is bound.
type RenderCommandEncoder interface {
	SetViewport(v Viewport)                               // setViewport:
	SetScissorRect(r ScissorRect)                         // setScissorRect:
	SetCullMode(m CullMode)                               // setCullMode:
	SetFrontFacing(w Winding)                             // setFrontFacingWinding:
	SetDepthBias(bias, slopeScale, clamp float32)         // setDepthBias:slopeScale:clamp:
	SetDepthClipMode(m DepthClipMode)                     // setDepthClipMode:
	SetTriangleFillMode(m TriangleFillMode)               // setTriangleFillMode:
	SetStencilReference(front, back uint32)               // setStencilFrontReferenceValue:backReferenceValue:
	SetBlendColor(r, g, b, a float32)                     // setBlendColorRed:green:blue:alpha:
	SetRenderPipelineState(p RenderPipelineState)         // setRenderPipelineState:
	SetDepthStencilState(s DepthStencilState)             // setDepthStencilState:
	SetVertexBuffer(b Buffer, offset, index int)          // setVertexBuffer:offset:atIndex:
	SetVertexBufferOffset(offset, index int)              // setVertexBufferOffset:atIndex:
	SetVertexBytes(data []byte, index int)                // setVertexBytes:length:atIndex: (copied)
	SetFragmentBuffer(b Buffer, offset, index int)        // setFragmentBuffer:offset:atIndex:
	SetFragmentBufferOffset(offset, index int)            // setFragmentBufferOffset:atIndex:
	SetFragmentBytes(data []byte, index int)              // setFragmentBytes:length:atIndex: (copied)
	SetVertexTexture(t Texture, index int)                // setVertexTexture:atIndex:
	SetFragmentTexture(t Texture, index int)              // setFragmentTexture:atIndex:
	SetVertexSampler(s Sampler, index int)                // setVertexSamplerState:atIndex:
	SetFragmentSampler(s Sampler, index int)              // setFragmentSamplerState:atIndex:
	SetVisibilityResultMode(m VisibilityMode, offset int) // setVisibilityResultMode:offset:
	// SetDepthStoreAction and SetStencilStoreAction settle an attachment
	// the pass opened with StoreUnknown; they are setDepthStoreAction: and
	// setStencilStoreAction:.
	SetDepthStoreAction(a StoreAction)
	SetStencilStoreAction(a StoreAction)
	// DrawPrimitives is drawPrimitives:vertexStart:vertexCount:
	// instanceCount:baseInstance:.
	DrawPrimitives(t PrimitiveType, start, count, instances, baseInstance int)
	// DrawIndexedPrimitives is drawIndexedPrimitives:indexCount:indexType:
	// indexBuffer:indexBufferOffset:instanceCount:baseVertex:baseInstance:.
	// Strips restart at index 0xFFFF / 0xFFFFFFFF, as in Metal.
	DrawIndexedPrimitives(t PrimitiveType, count int, it IndexType, ib Buffer, offset, instances, baseVertex, baseInstance int)
	// EndEncoding is endEncoding.
	EndEncoding()
}

// Origin is MTLOrigin; Size is MTLSize.
type Origin struct{ X, Y, Z int }
type Size struct{ Width, Height, Depth int }

// BlitCommandEncoder is an MTLBlitCommandEncoder.
type BlitCommandEncoder interface {
	// CopyBufferToBuffer is copyFromBuffer:sourceOffset:toBuffer:
	// destinationOffset:size:.
	CopyBufferToBuffer(src Buffer, srcOffset int, dst Buffer, dstOffset, size int)
	// CopyBufferToTexture is copyFromBuffer:sourceOffset:sourceBytesPerRow:
	// sourceBytesPerImage:sourceSize:toTexture:destinationSlice:
	// destinationLevel:destinationOrigin:.
	CopyBufferToTexture(src Buffer, srcOffset, bytesPerRow, bytesPerImage int, size Size, dst Texture, slice, level int, origin Origin)
	// CopyTextureToBuffer is copyFromTexture:sourceSlice:sourceLevel:
	// sourceOrigin:sourceSize:toBuffer:destinationOffset:
	// destinationBytesPerRow:destinationBytesPerImage:.
	CopyTextureToBuffer(src Texture, slice, level int, origin Origin, size Size, dst Buffer, dstOffset, bytesPerRow, bytesPerImage int)
	// CopyTextureToTexture is copyFromTexture:sourceSlice:sourceLevel:
	// sourceOrigin:sourceSize:toTexture:destinationSlice:destinationLevel:
	// destinationOrigin:. Formats must have the same block size.
	CopyTextureToTexture(src Texture, srcSlice, srcLevel int, srcOrigin Origin, size Size, dst Texture, dstSlice, dstLevel int, dstOrigin Origin)
	// GenerateMipmaps is generateMipmapsForTexture: (box filter).
	GenerateMipmaps(t Texture)
	// FillBuffer is fillBuffer:range:value:.
	FillBuffer(b Buffer, offset, length int, value byte)
	// EndEncoding is endEncoding.
	EndEncoding()
}

// LayerDesc describes a presentable surface (CAMetalLayer: drawableSize,
// pixelFormat, framebufferOnly). Window is the host view; the reference
// backend ignores it.
type LayerDesc struct {
	Width, Height int
	Format        pixfmt.Format
	Window        uintptr
}

// Layer is a CAMetalLayer.
type Layer interface {
	// NextDrawable is -nextDrawable.
	NextDrawable() (Drawable, error)
	// Resize sets drawableSize.
	Resize(width, height int)
	// SetDisplaySync is setDisplaySyncEnabled: with it on, a presented
	// drawable waits for the display's vertical blank.
	SetDisplaySync(on bool)
	Release()
}

// Drawable is a CAMetalDrawable.
type Drawable interface {
	// Texture is the drawable's texture, the colour target of a frame.
	Texture() Texture
}

// MipSize returns the size of level l of a dimension of size n.
func MipSize(n, l int) int {
	n >>= uint(l)
	if n < 1 {
		return 1
	}
	return n
}
