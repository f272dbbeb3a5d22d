//go:build amd64 || arm64

// Package mtl is a thin, typed binding of the Metal framework over
// cgo trampolines generated from unix/backend/metal/msgsig (package msg).
//
// Enums carry Metal's raw values as written in Apple's headers
// (Metal.framework/Headers/MTL*.h); the C structs are mirrored field for
// field and passed by value. Descriptors are plain Go structs: a Device
// method builds the Objective-C descriptor from one, uses it and releases
// it inside the call. Handles (Device, Buffer, Texture, ...) are one-field
// value types around the object id, built only on darwin.
//
// This file and the other files without a build constraint are data and
// build everywhere, so the values can be tested on any host.
package mtl

// NSUInteger and NSInteger are 64 bits on every Mac Metal runs on.
type (
	NSUInteger = uint
	NSInteger  = int
)

// PixelFormat is MTLPixelFormat.
type PixelFormat uint

const (
	PixelFormatInvalid               PixelFormat = 0
	PixelFormatA8Unorm               PixelFormat = 1
	PixelFormatR8Unorm               PixelFormat = 10
	PixelFormatR8Unorm_sRGB          PixelFormat = 11
	PixelFormatR16Unorm              PixelFormat = 20
	PixelFormatR16Float              PixelFormat = 25
	PixelFormatRG8Unorm              PixelFormat = 30
	PixelFormatB5G6R5Unorm           PixelFormat = 40 // Apple GPUs only
	PixelFormatA1BGR5Unorm           PixelFormat = 41 // Apple GPUs only
	PixelFormatABGR4Unorm            PixelFormat = 42 // Apple GPUs only
	PixelFormatBGR5A1Unorm           PixelFormat = 43 // Apple GPUs only
	PixelFormatR32Float              PixelFormat = 55
	PixelFormatRG16Unorm             PixelFormat = 60
	PixelFormatRG16Float             PixelFormat = 65
	PixelFormatRGBA8Unorm            PixelFormat = 70
	PixelFormatRGBA8Unorm_sRGB       PixelFormat = 71
	PixelFormatBGRA8Unorm            PixelFormat = 80
	PixelFormatBGRA8Unorm_sRGB       PixelFormat = 81
	PixelFormatRGB10A2Unorm          PixelFormat = 90
	PixelFormatBGR10A2Unorm          PixelFormat = 94
	PixelFormatRG32Float             PixelFormat = 105
	PixelFormatRGBA16Unorm           PixelFormat = 110
	PixelFormatRGBA16Float           PixelFormat = 115
	PixelFormatRGBA32Float           PixelFormat = 125
	PixelFormatBC1_RGBA              PixelFormat = 130
	PixelFormatBC1_RGBA_sRGB         PixelFormat = 131
	PixelFormatBC2_RGBA              PixelFormat = 132
	PixelFormatBC2_RGBA_sRGB         PixelFormat = 133
	PixelFormatBC3_RGBA              PixelFormat = 134
	PixelFormatBC3_RGBA_sRGB         PixelFormat = 135
	PixelFormatBC4_RUnorm            PixelFormat = 140
	PixelFormatBC5_RGUnorm           PixelFormat = 142
	PixelFormatDepth16Unorm          PixelFormat = 250
	PixelFormatDepth32Float          PixelFormat = 252
	PixelFormatStencil8              PixelFormat = 253
	PixelFormatDepth24Unorm_Stencil8 PixelFormat = 255 // some AMD Macs only
	PixelFormatDepth32Float_Stencil8 PixelFormat = 260
	PixelFormatX32_Stencil8          PixelFormat = 261
	PixelFormatX24_Stencil8          PixelFormat = 262
)

// VertexFormat is MTLVertexFormat.
type VertexFormat uint

const (
	VertexFormatInvalid               VertexFormat = 0
	VertexFormatUChar4                VertexFormat = 3
	VertexFormatUChar4Normalized      VertexFormat = 9
	VertexFormatShort2                VertexFormat = 16
	VertexFormatShort4                VertexFormat = 18
	VertexFormatUShort2Normalized     VertexFormat = 19
	VertexFormatUShort4Normalized     VertexFormat = 21
	VertexFormatShort2Normalized      VertexFormat = 22
	VertexFormatShort4Normalized      VertexFormat = 24
	VertexFormatHalf2                 VertexFormat = 25
	VertexFormatHalf4                 VertexFormat = 27
	VertexFormatFloat                 VertexFormat = 28
	VertexFormatFloat2                VertexFormat = 29
	VertexFormatFloat3                VertexFormat = 30
	VertexFormatFloat4                VertexFormat = 31
	VertexFormatInt1010102Normalized  VertexFormat = 40
	VertexFormatUInt1010102Normalized VertexFormat = 41
	VertexFormatUChar4Normalized_BGRA VertexFormat = 42
	VertexFormatFloatRG11B10          VertexFormat = 54
	VertexFormatFloatRGB9E5           VertexFormat = 55
)

// VertexStepFunction is MTLVertexStepFunction.
type VertexStepFunction uint

const (
	VertexStepFunctionConstant    VertexStepFunction = 0
	VertexStepFunctionPerVertex   VertexStepFunction = 1
	VertexStepFunctionPerInstance VertexStepFunction = 2
)

// BlendFactor is MTLBlendFactor.
type BlendFactor uint

const (
	BlendFactorZero                     BlendFactor = 0
	BlendFactorOne                      BlendFactor = 1
	BlendFactorSourceColor              BlendFactor = 2
	BlendFactorOneMinusSourceColor      BlendFactor = 3
	BlendFactorSourceAlpha              BlendFactor = 4
	BlendFactorOneMinusSourceAlpha      BlendFactor = 5
	BlendFactorDestinationColor         BlendFactor = 6
	BlendFactorOneMinusDestinationColor BlendFactor = 7
	BlendFactorDestinationAlpha         BlendFactor = 8
	BlendFactorOneMinusDestinationAlpha BlendFactor = 9
	BlendFactorSourceAlphaSaturated     BlendFactor = 10
	BlendFactorBlendColor               BlendFactor = 11
	BlendFactorOneMinusBlendColor       BlendFactor = 12
	BlendFactorBlendAlpha               BlendFactor = 13
	BlendFactorOneMinusBlendAlpha       BlendFactor = 14
	BlendFactorSource1Color             BlendFactor = 15
	BlendFactorOneMinusSource1Color     BlendFactor = 16
	BlendFactorSource1Alpha             BlendFactor = 17
	BlendFactorOneMinusSource1Alpha     BlendFactor = 18
)

// BlendOperation is MTLBlendOperation.
type BlendOperation uint

const (
	BlendOperationAdd             BlendOperation = 0
	BlendOperationSubtract        BlendOperation = 1
	BlendOperationReverseSubtract BlendOperation = 2
	BlendOperationMin             BlendOperation = 3
	BlendOperationMax             BlendOperation = 4
)

// ColorWriteMask is MTLColorWriteMask.
type ColorWriteMask uint

const (
	ColorWriteMaskNone  ColorWriteMask = 0
	ColorWriteMaskAlpha ColorWriteMask = 1
	ColorWriteMaskBlue  ColorWriteMask = 2
	ColorWriteMaskGreen ColorWriteMask = 4
	ColorWriteMaskRed   ColorWriteMask = 8
	ColorWriteMaskAll   ColorWriteMask = 15
)

// CompareFunction is MTLCompareFunction.
type CompareFunction uint

const (
	CompareFunctionNever        CompareFunction = 0
	CompareFunctionLess         CompareFunction = 1
	CompareFunctionEqual        CompareFunction = 2
	CompareFunctionLessEqual    CompareFunction = 3
	CompareFunctionGreater      CompareFunction = 4
	CompareFunctionNotEqual     CompareFunction = 5
	CompareFunctionGreaterEqual CompareFunction = 6
	CompareFunctionAlways       CompareFunction = 7
)

// StencilOperation is MTLStencilOperation.
type StencilOperation uint

const (
	StencilOperationKeep           StencilOperation = 0
	StencilOperationZero           StencilOperation = 1
	StencilOperationReplace        StencilOperation = 2
	StencilOperationIncrementClamp StencilOperation = 3
	StencilOperationDecrementClamp StencilOperation = 4
	StencilOperationInvert         StencilOperation = 5
	StencilOperationIncrementWrap  StencilOperation = 6
	StencilOperationDecrementWrap  StencilOperation = 7
)

// SamplerMinMagFilter is MTLSamplerMinMagFilter.
type SamplerMinMagFilter uint

const (
	SamplerMinMagFilterNearest SamplerMinMagFilter = 0
	SamplerMinMagFilterLinear  SamplerMinMagFilter = 1
)

// SamplerMipFilter is MTLSamplerMipFilter.
type SamplerMipFilter uint

const (
	SamplerMipFilterNotMipmapped SamplerMipFilter = 0
	SamplerMipFilterNearest      SamplerMipFilter = 1
	SamplerMipFilterLinear       SamplerMipFilter = 2
)

// SamplerAddressMode is MTLSamplerAddressMode.
type SamplerAddressMode uint

const (
	SamplerAddressModeClampToEdge        SamplerAddressMode = 0
	SamplerAddressModeMirrorClampToEdge  SamplerAddressMode = 1
	SamplerAddressModeRepeat             SamplerAddressMode = 2
	SamplerAddressModeMirrorRepeat       SamplerAddressMode = 3
	SamplerAddressModeClampToZero        SamplerAddressMode = 4
	SamplerAddressModeClampToBorderColor SamplerAddressMode = 5
)

// SamplerBorderColor is MTLSamplerBorderColor.
type SamplerBorderColor uint

const (
	SamplerBorderColorTransparentBlack SamplerBorderColor = 0
	SamplerBorderColorOpaqueBlack      SamplerBorderColor = 1
	SamplerBorderColorOpaqueWhite      SamplerBorderColor = 2
)

// PrimitiveType is MTLPrimitiveType.
type PrimitiveType uint

const (
	PrimitiveTypePoint         PrimitiveType = 0
	PrimitiveTypeLine          PrimitiveType = 1
	PrimitiveTypeLineStrip     PrimitiveType = 2
	PrimitiveTypeTriangle      PrimitiveType = 3
	PrimitiveTypeTriangleStrip PrimitiveType = 4
)

// PrimitiveTopologyClass is MTLPrimitiveTopologyClass.
type PrimitiveTopologyClass uint

const (
	PrimitiveTopologyClassUnspecified PrimitiveTopologyClass = 0
	PrimitiveTopologyClassPoint       PrimitiveTopologyClass = 1
	PrimitiveTopologyClassLine        PrimitiveTopologyClass = 2
	PrimitiveTopologyClassTriangle    PrimitiveTopologyClass = 3
)

// IndexType is MTLIndexType.
type IndexType uint

const (
	IndexTypeUInt16 IndexType = 0
	IndexTypeUInt32 IndexType = 1
)

// CullMode is MTLCullMode.
type CullMode uint

const (
	CullModeNone  CullMode = 0
	CullModeFront CullMode = 1
	CullModeBack  CullMode = 2
)

// Winding is MTLWinding.
type Winding uint

const (
	WindingClockwise        Winding = 0
	WindingCounterClockwise Winding = 1
)

// DepthClipMode is MTLDepthClipMode.
type DepthClipMode uint

const (
	DepthClipModeClip  DepthClipMode = 0
	DepthClipModeClamp DepthClipMode = 1
)

// TriangleFillMode is MTLTriangleFillMode.
type TriangleFillMode uint

const (
	TriangleFillModeFill  TriangleFillMode = 0
	TriangleFillModeLines TriangleFillMode = 1
)

// LoadAction is MTLLoadAction.
type LoadAction uint

const (
	LoadActionDontCare LoadAction = 0
	LoadActionLoad     LoadAction = 1
	LoadActionClear    LoadAction = 2
)

// StoreAction is MTLStoreAction.
type StoreAction uint

const (
	StoreActionDontCare                   StoreAction = 0
	StoreActionStore                      StoreAction = 1
	StoreActionMultisampleResolve         StoreAction = 2
	StoreActionStoreAndMultisampleResolve StoreAction = 3
	StoreActionUnknown                    StoreAction = 4
)

// VisibilityResultMode is MTLVisibilityResultMode.
type VisibilityResultMode uint

const (
	VisibilityResultModeDisabled VisibilityResultMode = 0
	VisibilityResultModeBoolean  VisibilityResultMode = 1
	VisibilityResultModeCounting VisibilityResultMode = 2
)

// TextureType is MTLTextureType.
type TextureType uint

const (
	TextureType1D                 TextureType = 0
	TextureType1DArray            TextureType = 1
	TextureType2D                 TextureType = 2
	TextureType2DArray            TextureType = 3
	TextureType2DMultisample      TextureType = 4
	TextureTypeCube               TextureType = 5
	TextureTypeCubeArray          TextureType = 6
	TextureType3D                 TextureType = 7
	TextureType2DMultisampleArray TextureType = 8
)

// TextureUsage is MTLTextureUsage.
type TextureUsage uint

const (
	TextureUsageUnknown         TextureUsage = 0
	TextureUsageShaderRead      TextureUsage = 1
	TextureUsageShaderWrite     TextureUsage = 2
	TextureUsageRenderTarget    TextureUsage = 4
	TextureUsagePixelFormatView TextureUsage = 0x10
)

// TextureSwizzle is MTLTextureSwizzle (uint8_t).
type TextureSwizzle uint8

const (
	TextureSwizzleZero  TextureSwizzle = 0
	TextureSwizzleOne   TextureSwizzle = 1
	TextureSwizzleRed   TextureSwizzle = 2
	TextureSwizzleGreen TextureSwizzle = 3
	TextureSwizzleBlue  TextureSwizzle = 4
	TextureSwizzleAlpha TextureSwizzle = 5
)

// TextureSwizzleChannels is MTLTextureSwizzleChannels: four bytes.
type TextureSwizzleChannels struct {
	Red, Green, Blue, Alpha TextureSwizzle
}

// Packed is the struct's four bytes as a little-endian uint32, its
// in-memory image.
func (c TextureSwizzleChannels) Packed() uint32 {
	return uint32(c.Red) | uint32(c.Green)<<8 | uint32(c.Blue)<<16 | uint32(c.Alpha)<<24
}

// IdentitySwizzle is MTLTextureSwizzleChannelsDefault.
var IdentitySwizzle = TextureSwizzleChannels{TextureSwizzleRed, TextureSwizzleGreen, TextureSwizzleBlue, TextureSwizzleAlpha}

// StorageMode is MTLStorageMode.
type StorageMode uint

const (
	StorageModeShared     StorageMode = 0
	StorageModeManaged    StorageMode = 1 // macOS only
	StorageModePrivate    StorageMode = 2
	StorageModeMemoryless StorageMode = 3 // Apple GPUs only
)

// CPUCacheMode is MTLCPUCacheMode.
type CPUCacheMode uint

const (
	CPUCacheModeDefaultCache  CPUCacheMode = 0
	CPUCacheModeWriteCombined CPUCacheMode = 1
)

// HazardTrackingMode is MTLHazardTrackingMode.
type HazardTrackingMode uint

const (
	HazardTrackingModeDefault   HazardTrackingMode = 0
	HazardTrackingModeUntracked HazardTrackingMode = 1
	HazardTrackingModeTracked   HazardTrackingMode = 2
)

// ResourceOptions is MTLResourceOptions: cache mode in bits 0-3, storage
// mode in bits 4-7, hazard tracking in bits 8-9.
type ResourceOptions uint

const (
	ResourceCPUCacheModeShift       = 0
	ResourceStorageModeShift        = 4
	ResourceHazardTrackingModeShift = 8

	ResourceStorageModeShared  ResourceOptions = ResourceOptions(StorageModeShared) << ResourceStorageModeShift
	ResourceStorageModeManaged ResourceOptions = ResourceOptions(StorageModeManaged) << ResourceStorageModeShift
	ResourceStorageModePrivate ResourceOptions = ResourceOptions(StorageModePrivate) << ResourceStorageModeShift
)

// ResourceOptionsFor packs the three modes into MTLResourceOptions.
func ResourceOptionsFor(s StorageMode, c CPUCacheMode, h HazardTrackingMode) ResourceOptions {
	return ResourceOptions(c)<<ResourceCPUCacheModeShift |
		ResourceOptions(s)<<ResourceStorageModeShift |
		ResourceOptions(h)<<ResourceHazardTrackingModeShift
}

// CommandBufferStatus is MTLCommandBufferStatus.
type CommandBufferStatus uint

const (
	CommandBufferStatusNotEnqueued CommandBufferStatus = 0
	CommandBufferStatusEnqueued    CommandBufferStatus = 1
	CommandBufferStatusCommitted   CommandBufferStatus = 2
	CommandBufferStatusScheduled   CommandBufferStatus = 3
	CommandBufferStatusCompleted   CommandBufferStatus = 4
	CommandBufferStatusError       CommandBufferStatus = 5
)

// BlitOption is MTLBlitOption.
type BlitOption uint

const (
	BlitOptionNone                    BlitOption = 0
	BlitOptionDepthFromDepthStencil   BlitOption = 1
	BlitOptionStencilFromDepthStencil BlitOption = 2
)

// GPUFamily is MTLGPUFamily.
type GPUFamily int

const (
	GPUFamilyApple1  GPUFamily = 1001
	GPUFamilyApple2  GPUFamily = 1002
	GPUFamilyApple3  GPUFamily = 1003
	GPUFamilyApple4  GPUFamily = 1004
	GPUFamilyApple5  GPUFamily = 1005
	GPUFamilyApple6  GPUFamily = 1006
	GPUFamilyApple7  GPUFamily = 1007
	GPUFamilyApple8  GPUFamily = 1008
	GPUFamilyApple9  GPUFamily = 1009
	GPUFamilyMac1    GPUFamily = 2001 // deprecated alias of Mac2 since macOS 13
	GPUFamilyMac2    GPUFamily = 2002
	GPUFamilyCommon1 GPUFamily = 3001
	GPUFamilyCommon2 GPUFamily = 3002
	GPUFamilyCommon3 GPUFamily = 3003
	GPUFamilyMetal3  GPUFamily = 5001
)

// Origin is MTLOrigin.
type Origin struct{ X, Y, Z NSUInteger }

// Size is MTLSize.
type Size struct{ Width, Height, Depth NSUInteger }

// Region is MTLRegion.
type Region struct {
	Origin Origin
	Size   Size
}

// Range is NSRange.
type Range struct{ Location, Length NSUInteger }

// Viewport is MTLViewport.
type Viewport struct {
	OriginX, OriginY, Width, Height, ZNear, ZFar float64
}

// ScissorRect is MTLScissorRect.
type ScissorRect struct{ X, Y, Width, Height NSUInteger }

// ClearColor is MTLClearColor.
type ClearColor struct{ Red, Green, Blue, Alpha float64 }

// TextureDescriptor is the plain-data form of MTLTextureDescriptor.
type TextureDescriptor struct {
	TextureType      TextureType
	PixelFormat      PixelFormat
	Width            int
	Height           int
	Depth            int
	MipmapLevelCount int
	ArrayLength      int
	SampleCount      int
	Usage            TextureUsage
	StorageMode      StorageMode
	CPUCacheMode     CPUCacheMode
}

// SamplerDescriptor is the plain-data form of MTLSamplerDescriptor.
type SamplerDescriptor struct {
	MinFilter       SamplerMinMagFilter
	MagFilter       SamplerMinMagFilter
	MipFilter       SamplerMipFilter
	SAddressMode    SamplerAddressMode
	TAddressMode    SamplerAddressMode
	RAddressMode    SamplerAddressMode
	BorderColor     SamplerBorderColor
	MaxAnisotropy   int
	LodMinClamp     float32
	LodMaxClamp     float32
	CompareFunction CompareFunction // used by sample_compare only
	Label           string
}

// StencilDescriptor is the plain-data form of MTLStencilDescriptor.
type StencilDescriptor struct {
	StencilCompareFunction    CompareFunction
	StencilFailureOperation   StencilOperation
	DepthFailureOperation     StencilOperation
	DepthStencilPassOperation StencilOperation
	ReadMask                  uint32
	WriteMask                 uint32
}

// DepthStencilDescriptor is the plain-data form of
// MTLDepthStencilDescriptor. Nil stencil descriptors leave the stencil
// test off.
type DepthStencilDescriptor struct {
	DepthCompareFunction CompareFunction
	DepthWriteEnabled    bool
	FrontFaceStencil     *StencilDescriptor
	BackFaceStencil      *StencilDescriptor
	Label                string
}

// MaxVertexAttributes and MaxVertexBufferLayouts bound what a
// VertexDescriptor carries (Metal allows 31 of each).
const (
	MaxVertexAttributes    = 31
	MaxVertexBufferLayouts = 31
	MaxColorAttachments    = 8
)

// VertexAttributeDescriptor is MTLVertexAttributeDescriptor.
type VertexAttributeDescriptor struct {
	Format      VertexFormat // Invalid: attribute unused
	Offset      int
	BufferIndex int
}

// VertexBufferLayoutDescriptor is MTLVertexBufferLayoutDescriptor. Unused
// layouts keep Metal's defaults (stride 0, per vertex, step rate 1).
// StepRate is written as given: Metal wants 0 with the constant step
// function.
type VertexBufferLayoutDescriptor struct {
	Used         bool
	Stride       int
	StepFunction VertexStepFunction
	StepRate     int
}

// VertexDescriptor is the plain-data form of MTLVertexDescriptor.
type VertexDescriptor struct {
	Attributes [MaxVertexAttributes]VertexAttributeDescriptor
	Layouts    [MaxVertexBufferLayouts]VertexBufferLayoutDescriptor
}

// RenderPipelineColorAttachmentDescriptor is
// MTLRenderPipelineColorAttachmentDescriptor.
type RenderPipelineColorAttachmentDescriptor struct {
	PixelFormat                 PixelFormat // Invalid: attachment unused
	BlendingEnabled             bool
	SourceRGBBlendFactor        BlendFactor
	DestinationRGBBlendFactor   BlendFactor
	RGBBlendOperation           BlendOperation
	SourceAlphaBlendFactor      BlendFactor
	DestinationAlphaBlendFactor BlendFactor
	AlphaBlendOperation         BlendOperation
	WriteMask                   ColorWriteMask
}

// RenderPipelineDescriptor is the plain-data form of
// MTLRenderPipelineDescriptor without its functions, which are handles
// and are passed beside it.
type RenderPipelineDescriptor struct {
	VertexDescriptor             *VertexDescriptor // nil: none
	ColorAttachments             [MaxColorAttachments]RenderPipelineColorAttachmentDescriptor
	DepthAttachmentPixelFormat   PixelFormat
	StencilAttachmentPixelFormat PixelFormat
	RasterSampleCount            int
	AlphaToCoverageEnabled       bool
	InputPrimitiveTopology       PrimitiveTopologyClass
	Label                        string
}

// CompileOptions is the part of MTLCompileOptions the backend sets.
type CompileOptions struct {
	// FastMathDisabled turns fastMathEnabled off (Metal's default is on).
	FastMathDisabled bool
}

var pixelFormatNames = map[PixelFormat]string{
	PixelFormatInvalid: "Invalid", PixelFormatA8Unorm: "A8Unorm", PixelFormatR8Unorm: "R8Unorm",
	PixelFormatR8Unorm_sRGB: "R8Unorm_sRGB", PixelFormatR16Unorm: "R16Unorm", PixelFormatR16Float: "R16Float",
	PixelFormatRG8Unorm: "RG8Unorm", PixelFormatB5G6R5Unorm: "B5G6R5Unorm", PixelFormatA1BGR5Unorm: "A1BGR5Unorm",
	PixelFormatABGR4Unorm: "ABGR4Unorm", PixelFormatBGR5A1Unorm: "BGR5A1Unorm", PixelFormatR32Float: "R32Float",
	PixelFormatRG16Unorm: "RG16Unorm", PixelFormatRG16Float: "RG16Float", PixelFormatRGBA8Unorm: "RGBA8Unorm",
	PixelFormatRGBA8Unorm_sRGB: "RGBA8Unorm_sRGB", PixelFormatBGRA8Unorm: "BGRA8Unorm",
	PixelFormatBGRA8Unorm_sRGB: "BGRA8Unorm_sRGB", PixelFormatRGB10A2Unorm: "RGB10A2Unorm",
	PixelFormatBGR10A2Unorm: "BGR10A2Unorm", PixelFormatRG32Float: "RG32Float", PixelFormatRGBA16Unorm: "RGBA16Unorm",
	PixelFormatRGBA16Float: "RGBA16Float", PixelFormatRGBA32Float: "RGBA32Float", PixelFormatBC1_RGBA: "BC1_RGBA",
	PixelFormatBC1_RGBA_sRGB: "BC1_RGBA_sRGB", PixelFormatBC2_RGBA: "BC2_RGBA", PixelFormatBC2_RGBA_sRGB: "BC2_RGBA_sRGB",
	PixelFormatBC3_RGBA: "BC3_RGBA", PixelFormatBC3_RGBA_sRGB: "BC3_RGBA_sRGB", PixelFormatBC4_RUnorm: "BC4_RUnorm",
	PixelFormatBC5_RGUnorm: "BC5_RGUnorm", PixelFormatDepth16Unorm: "Depth16Unorm", PixelFormatDepth32Float: "Depth32Float",
	PixelFormatStencil8: "Stencil8", PixelFormatDepth24Unorm_Stencil8: "Depth24Unorm_Stencil8",
	PixelFormatDepth32Float_Stencil8: "Depth32Float_Stencil8", PixelFormatX32_Stencil8: "X32_Stencil8",
	PixelFormatX24_Stencil8: "X24_Stencil8",
}

// String is the format's name without the MTLPixelFormat prefix, or its
// number when the bindings do not name it.
func (f PixelFormat) String() string {
	if s, ok := pixelFormatNames[f]; ok {
		return s
	}
	return "PixelFormat(" + itoa(uint(f)) + ")"
}

func itoa(u uint) string {
	if u == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for u > 0 {
		i--
		b[i] = byte('0' + u%10)
		u /= 10
	}
	return string(b[i:])
}
