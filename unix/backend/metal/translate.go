//go:build amd64 || arm64

package metal

import (
	"fmt"

	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/metal/mtl"
)

// This file maps every enum of the backend interface to Metal's raw
// value. It is plain data so that it is tested on any host.

func unsupported(what string, v any) error {
	return fmt.Errorf("metal: %s %v: %w", what, v, backend.ErrUnsupported)
}

var pixelFormats = [...]mtl.PixelFormat{
	pixfmt.Invalid:               mtl.PixelFormatInvalid,
	pixfmt.RGBA8Unorm:            mtl.PixelFormatRGBA8Unorm,
	pixfmt.RGBA8Unorm_sRGB:       mtl.PixelFormatRGBA8Unorm_sRGB,
	pixfmt.BGRA8Unorm:            mtl.PixelFormatBGRA8Unorm,
	pixfmt.BGRA8Unorm_sRGB:       mtl.PixelFormatBGRA8Unorm_sRGB,
	pixfmt.B5G6R5Unorm:           mtl.PixelFormatB5G6R5Unorm,
	pixfmt.A1BGR5Unorm:           mtl.PixelFormatA1BGR5Unorm,
	pixfmt.ABGR4Unorm:            mtl.PixelFormatABGR4Unorm,
	pixfmt.BGR5A1Unorm:           mtl.PixelFormatBGR5A1Unorm,
	pixfmt.R8Unorm:               mtl.PixelFormatR8Unorm,
	pixfmt.RG8Unorm:              mtl.PixelFormatRG8Unorm,
	pixfmt.A8Unorm:               mtl.PixelFormatA8Unorm,
	pixfmt.R16Unorm:              mtl.PixelFormatR16Unorm,
	pixfmt.RG16Unorm:             mtl.PixelFormatRG16Unorm,
	pixfmt.RGBA16Unorm:           mtl.PixelFormatRGBA16Unorm,
	pixfmt.R16Float:              mtl.PixelFormatR16Float,
	pixfmt.RG16Float:             mtl.PixelFormatRG16Float,
	pixfmt.RGBA16Float:           mtl.PixelFormatRGBA16Float,
	pixfmt.R32Float:              mtl.PixelFormatR32Float,
	pixfmt.RG32Float:             mtl.PixelFormatRG32Float,
	pixfmt.RGBA32Float:           mtl.PixelFormatRGBA32Float,
	pixfmt.RGB10A2Unorm:          mtl.PixelFormatRGB10A2Unorm,
	pixfmt.BC1_RGBA:              mtl.PixelFormatBC1_RGBA,
	pixfmt.BC1_RGBA_sRGB:         mtl.PixelFormatBC1_RGBA_sRGB,
	pixfmt.BC2_RGBA:              mtl.PixelFormatBC2_RGBA,
	pixfmt.BC2_RGBA_sRGB:         mtl.PixelFormatBC2_RGBA_sRGB,
	pixfmt.BC3_RGBA:              mtl.PixelFormatBC3_RGBA,
	pixfmt.BC3_RGBA_sRGB:         mtl.PixelFormatBC3_RGBA_sRGB,
	pixfmt.BC4_RUnorm:            mtl.PixelFormatBC4_RUnorm,
	pixfmt.BC5_RGUnorm:           mtl.PixelFormatBC5_RGUnorm,
	pixfmt.Depth16Unorm:          mtl.PixelFormatDepth16Unorm,
	pixfmt.Depth32Float:          mtl.PixelFormatDepth32Float,
	pixfmt.Depth24Unorm_Stencil8: mtl.PixelFormatDepth24Unorm_Stencil8,
	pixfmt.Depth32Float_Stencil8: mtl.PixelFormatDepth32Float_Stencil8,
	pixfmt.Stencil8:              mtl.PixelFormatStencil8,
	pixfmt.X32_Stencil8:          mtl.PixelFormatX32_Stencil8,
}

// PixelFormat maps a backend format to MTLPixelFormat. FormatInvalid maps
// to MTLPixelFormatInvalid (an unused attachment).
func PixelFormat(f pixfmt.Format) (mtl.PixelFormat, error) {
	if int(f) >= len(pixelFormats) || (f != pixfmt.Invalid && pixelFormats[f] == mtl.PixelFormatInvalid) {
		return mtl.PixelFormatInvalid, unsupported("pixel format", f)
	}
	return pixelFormats[f], nil
}

var vertexFormats = [...]mtl.VertexFormat{
	backend.VertexInvalid:               mtl.VertexFormatInvalid,
	backend.VertexFloat:                 mtl.VertexFormatFloat,
	backend.VertexFloat2:                mtl.VertexFormatFloat2,
	backend.VertexFloat3:                mtl.VertexFormatFloat3,
	backend.VertexFloat4:                mtl.VertexFormatFloat4,
	backend.VertexHalf2:                 mtl.VertexFormatHalf2,
	backend.VertexHalf4:                 mtl.VertexFormatHalf4,
	backend.VertexUChar4:                mtl.VertexFormatUChar4,
	backend.VertexUChar4Normalized:      mtl.VertexFormatUChar4Normalized,
	backend.VertexUChar4Normalized_BGRA: mtl.VertexFormatUChar4Normalized_BGRA,
	backend.VertexShort2:                mtl.VertexFormatShort2,
	backend.VertexShort4:                mtl.VertexFormatShort4,
	backend.VertexShort2Normalized:      mtl.VertexFormatShort2Normalized,
	backend.VertexShort4Normalized:      mtl.VertexFormatShort4Normalized,
	backend.VertexUShort2Normalized:     mtl.VertexFormatUShort2Normalized,
	backend.VertexUShort4Normalized:     mtl.VertexFormatUShort4Normalized,
	backend.VertexInt1010102Normalized:  mtl.VertexFormatInt1010102Normalized,
	backend.VertexUInt1010102Normalized: mtl.VertexFormatUInt1010102Normalized,
}

// VertexFormat maps a backend vertex format to MTLVertexFormat.
func VertexFormat(f backend.VertexFormat) (mtl.VertexFormat, error) {
	if int(f) >= len(vertexFormats) || (f != backend.VertexInvalid && vertexFormats[f] == mtl.VertexFormatInvalid) {
		return mtl.VertexFormatInvalid, unsupported("vertex format", f)
	}
	return vertexFormats[f], nil
}

// StepFunction maps a step function; the backend's zero value is per
// vertex, Metal's is constant.
func StepFunction(s backend.StepFunction) (mtl.VertexStepFunction, error) {
	switch s {
	case backend.StepPerVertex:
		return mtl.VertexStepFunctionPerVertex, nil
	case backend.StepConstant:
		return mtl.VertexStepFunctionConstant, nil
	case backend.StepPerInstance:
		return mtl.VertexStepFunctionPerInstance, nil
	}
	return 0, unsupported("step function", s)
}

var blendFactors = [...]mtl.BlendFactor{
	backend.BlendZero:                     mtl.BlendFactorZero,
	backend.BlendOne:                      mtl.BlendFactorOne,
	backend.BlendSourceColor:              mtl.BlendFactorSourceColor,
	backend.BlendOneMinusSourceColor:      mtl.BlendFactorOneMinusSourceColor,
	backend.BlendSourceAlpha:              mtl.BlendFactorSourceAlpha,
	backend.BlendOneMinusSourceAlpha:      mtl.BlendFactorOneMinusSourceAlpha,
	backend.BlendDestinationColor:         mtl.BlendFactorDestinationColor,
	backend.BlendOneMinusDestinationColor: mtl.BlendFactorOneMinusDestinationColor,
	backend.BlendDestinationAlpha:         mtl.BlendFactorDestinationAlpha,
	backend.BlendOneMinusDestinationAlpha: mtl.BlendFactorOneMinusDestinationAlpha,
	backend.BlendSourceAlphaSaturated:     mtl.BlendFactorSourceAlphaSaturated,
	backend.BlendBlendColor:               mtl.BlendFactorBlendColor,
	backend.BlendOneMinusBlendColor:       mtl.BlendFactorOneMinusBlendColor,
	backend.BlendBlendAlpha:               mtl.BlendFactorBlendAlpha,
	backend.BlendOneMinusBlendAlpha:       mtl.BlendFactorOneMinusBlendAlpha,
}

// BlendFactor maps a blend factor.
func BlendFactor(f backend.BlendFactor) (mtl.BlendFactor, error) {
	if int(f) >= len(blendFactors) {
		return 0, unsupported("blend factor", f)
	}
	return blendFactors[f], nil
}

var blendOps = [...]mtl.BlendOperation{
	backend.BlendOpAdd:             mtl.BlendOperationAdd,
	backend.BlendOpSubtract:        mtl.BlendOperationSubtract,
	backend.BlendOpReverseSubtract: mtl.BlendOperationReverseSubtract,
	backend.BlendOpMin:             mtl.BlendOperationMin,
	backend.BlendOpMax:             mtl.BlendOperationMax,
}

// BlendOp maps a blend operation.
func BlendOp(o backend.BlendOp) (mtl.BlendOperation, error) {
	if int(o) >= len(blendOps) {
		return 0, unsupported("blend operation", o)
	}
	return blendOps[o], nil
}

// ColorMask maps a write mask. The bits are Metal's; anything above
// them is refused.
func ColorMask(m backend.ColorMask) (mtl.ColorWriteMask, error) {
	if m&^backend.ColorMaskAll != 0 {
		return 0, unsupported("colour write mask", m)
	}
	var out mtl.ColorWriteMask
	if m&backend.ColorMaskRed != 0 {
		out |= mtl.ColorWriteMaskRed
	}
	if m&backend.ColorMaskGreen != 0 {
		out |= mtl.ColorWriteMaskGreen
	}
	if m&backend.ColorMaskBlue != 0 {
		out |= mtl.ColorWriteMaskBlue
	}
	if m&backend.ColorMaskAlpha != 0 {
		out |= mtl.ColorWriteMaskAlpha
	}
	return out, nil
}

// The backend puts Always first so that a zero descriptor passes
// everything; Metal counts from Never.
var compareFuncs = [...]mtl.CompareFunction{
	backend.CompareAlways:       mtl.CompareFunctionAlways,
	backend.CompareNever:        mtl.CompareFunctionNever,
	backend.CompareLess:         mtl.CompareFunctionLess,
	backend.CompareEqual:        mtl.CompareFunctionEqual,
	backend.CompareLessEqual:    mtl.CompareFunctionLessEqual,
	backend.CompareGreater:      mtl.CompareFunctionGreater,
	backend.CompareNotEqual:     mtl.CompareFunctionNotEqual,
	backend.CompareGreaterEqual: mtl.CompareFunctionGreaterEqual,
}

// CompareFunction maps a compare function.
func CompareFunction(c backend.CompareFunction) (mtl.CompareFunction, error) {
	if int(c) >= len(compareFuncs) {
		return 0, unsupported("compare function", c)
	}
	return compareFuncs[c], nil
}

var stencilOps = [...]mtl.StencilOperation{
	backend.StencilKeep:           mtl.StencilOperationKeep,
	backend.StencilZero:           mtl.StencilOperationZero,
	backend.StencilReplace:        mtl.StencilOperationReplace,
	backend.StencilIncrementClamp: mtl.StencilOperationIncrementClamp,
	backend.StencilDecrementClamp: mtl.StencilOperationDecrementClamp,
	backend.StencilInvert:         mtl.StencilOperationInvert,
	backend.StencilIncrementWrap:  mtl.StencilOperationIncrementWrap,
	backend.StencilDecrementWrap:  mtl.StencilOperationDecrementWrap,
}

// StencilOp maps a stencil operation.
func StencilOp(o backend.StencilOp) (mtl.StencilOperation, error) {
	if int(o) >= len(stencilOps) {
		return 0, unsupported("stencil operation", o)
	}
	return stencilOps[o], nil
}

// MinMagFilter maps a min/mag filter.
func MinMagFilter(f backend.SamplerFilter) (mtl.SamplerMinMagFilter, error) {
	switch f {
	case backend.FilterNearest:
		return mtl.SamplerMinMagFilterNearest, nil
	case backend.FilterLinear:
		return mtl.SamplerMinMagFilterLinear, nil
	}
	return 0, unsupported("sampler filter", f)
}

// MipFilter maps a mip filter.
func MipFilter(f backend.MipFilter) (mtl.SamplerMipFilter, error) {
	switch f {
	case backend.MipFilterNone:
		return mtl.SamplerMipFilterNotMipmapped, nil
	case backend.MipFilterNearest:
		return mtl.SamplerMipFilterNearest, nil
	case backend.MipFilterLinear:
		return mtl.SamplerMipFilterLinear, nil
	}
	return 0, unsupported("mip filter", f)
}

var addressModes = [...]mtl.SamplerAddressMode{
	backend.AddressClampToEdge:       mtl.SamplerAddressModeClampToEdge,
	backend.AddressMirrorClampToEdge: mtl.SamplerAddressModeMirrorClampToEdge,
	backend.AddressRepeat:            mtl.SamplerAddressModeRepeat,
	backend.AddressMirrorRepeat:      mtl.SamplerAddressModeMirrorRepeat,
	backend.AddressClampToZero:       mtl.SamplerAddressModeClampToZero,
	backend.AddressClampToBorder:     mtl.SamplerAddressModeClampToBorderColor,
}

// AddressMode maps a sampler address mode.
func AddressMode(a backend.AddressMode) (mtl.SamplerAddressMode, error) {
	if int(a) >= len(addressModes) {
		return 0, unsupported("address mode", a)
	}
	return addressModes[a], nil
}

// BorderColor maps a sampler border colour.
func BorderColor(b backend.BorderColor) (mtl.SamplerBorderColor, error) {
	switch b {
	case backend.BorderTransparentBlack:
		return mtl.SamplerBorderColorTransparentBlack, nil
	case backend.BorderOpaqueBlack:
		return mtl.SamplerBorderColorOpaqueBlack, nil
	case backend.BorderOpaqueWhite:
		return mtl.SamplerBorderColorOpaqueWhite, nil
	}
	return 0, unsupported("border colour", b)
}

var primitiveTypes = [...]mtl.PrimitiveType{
	backend.PrimitivePoint:         mtl.PrimitiveTypePoint,
	backend.PrimitiveLine:          mtl.PrimitiveTypeLine,
	backend.PrimitiveLineStrip:     mtl.PrimitiveTypeLineStrip,
	backend.PrimitiveTriangle:      mtl.PrimitiveTypeTriangle,
	backend.PrimitiveTriangleStrip: mtl.PrimitiveTypeTriangleStrip,
}

// PrimitiveType maps a primitive type.
func PrimitiveType(p backend.PrimitiveType) (mtl.PrimitiveType, error) {
	if int(p) >= len(primitiveTypes) {
		return 0, unsupported("primitive type", p)
	}
	return primitiveTypes[p], nil
}

// TopologyClass maps an input primitive topology class.
func TopologyClass(t backend.TopologyClass) (mtl.PrimitiveTopologyClass, error) {
	switch t {
	case backend.TopologyUnspecified:
		return mtl.PrimitiveTopologyClassUnspecified, nil
	case backend.TopologyPoint:
		return mtl.PrimitiveTopologyClassPoint, nil
	case backend.TopologyLine:
		return mtl.PrimitiveTopologyClassLine, nil
	case backend.TopologyTriangle:
		return mtl.PrimitiveTopologyClassTriangle, nil
	}
	return 0, unsupported("topology class", t)
}

// IndexType maps an index type.
func IndexType(t backend.IndexType) (mtl.IndexType, error) {
	switch t {
	case backend.IndexUInt16:
		return mtl.IndexTypeUInt16, nil
	case backend.IndexUInt32:
		return mtl.IndexTypeUInt32, nil
	}
	return 0, unsupported("index type", t)
}

// IndexSize is the byte size of one index.
func IndexSize(t backend.IndexType) int {
	if t == backend.IndexUInt32 {
		return 4
	}
	return 2
}

// CullMode maps a cull mode.
func CullMode(m backend.CullMode) (mtl.CullMode, error) {
	switch m {
	case backend.CullNone:
		return mtl.CullModeNone, nil
	case backend.CullFront:
		return mtl.CullModeFront, nil
	case backend.CullBack:
		return mtl.CullModeBack, nil
	}
	return 0, unsupported("cull mode", m)
}

// Winding maps a front-facing winding.
func Winding(w backend.Winding) (mtl.Winding, error) {
	switch w {
	case backend.WindingClockwise:
		return mtl.WindingClockwise, nil
	case backend.WindingCounterClockwise:
		return mtl.WindingCounterClockwise, nil
	}
	return 0, unsupported("winding", w)
}

// DepthClipMode maps a depth clip mode.
func DepthClipMode(m backend.DepthClipMode) (mtl.DepthClipMode, error) {
	switch m {
	case backend.DepthClip:
		return mtl.DepthClipModeClip, nil
	case backend.DepthClamp:
		return mtl.DepthClipModeClamp, nil
	}
	return 0, unsupported("depth clip mode", m)
}

// FillMode maps a triangle fill mode.
func FillMode(m backend.TriangleFillMode) (mtl.TriangleFillMode, error) {
	switch m {
	case backend.FillSolid:
		return mtl.TriangleFillModeFill, nil
	case backend.FillLines:
		return mtl.TriangleFillModeLines, nil
	}
	return 0, unsupported("fill mode", m)
}

// LoadAction maps a load action.
func LoadAction(a backend.LoadAction) (mtl.LoadAction, error) {
	switch a {
	case backend.LoadDontCare:
		return mtl.LoadActionDontCare, nil
	case backend.LoadLoad:
		return mtl.LoadActionLoad, nil
	case backend.LoadClear:
		return mtl.LoadActionClear, nil
	}
	return 0, unsupported("load action", a)
}

// StoreAction maps a store action.
func StoreAction(a backend.StoreAction) (mtl.StoreAction, error) {
	switch a {
	case backend.StoreDontCare:
		return mtl.StoreActionDontCare, nil
	case backend.StoreStore:
		return mtl.StoreActionStore, nil
	case backend.StoreMultisampleResolve:
		return mtl.StoreActionMultisampleResolve, nil
	case backend.StoreStoreAndMultisampleResolve:
		return mtl.StoreActionStoreAndMultisampleResolve, nil
	case backend.StoreUnknown:
		return mtl.StoreActionUnknown, nil
	}
	return 0, unsupported("store action", a)
}

// TextureType maps a texture type. A cube with more than one array
// element is a cube array; a 2D texture with more than one is a 2D
// array.
func TextureType(t backend.TextureType, arrayLength int) (mtl.TextureType, error) {
	switch t {
	case backend.TextureType2D:
		if arrayLength > 1 {
			return mtl.TextureType2DArray, nil
		}
		return mtl.TextureType2D, nil
	case backend.TextureType1D:
		if arrayLength > 1 {
			return mtl.TextureType1DArray, nil
		}
		return mtl.TextureType1D, nil
	case backend.TextureTypeCube:
		if arrayLength > 1 {
			return mtl.TextureTypeCubeArray, nil
		}
		return mtl.TextureTypeCube, nil
	case backend.TextureType3D:
		return mtl.TextureType3D, nil
	case backend.TextureType2DArray:
		return mtl.TextureType2DArray, nil
	case backend.TextureType2DMultisample:
		if arrayLength > 1 {
			return mtl.TextureType2DMultisampleArray, nil
		}
		return mtl.TextureType2DMultisample, nil
	}
	return 0, unsupported("texture type", t)
}

// TextureUsage maps usage bits; PixelFormatView moves from bit 3 to 4.
func TextureUsage(u backend.TextureUsage) (mtl.TextureUsage, error) {
	all := backend.UsageShaderRead | backend.UsageShaderWrite | backend.UsageRenderTarget | backend.UsagePixelFormatView
	if u&^all != 0 {
		return 0, unsupported("texture usage", u)
	}
	var out mtl.TextureUsage
	if u&backend.UsageShaderRead != 0 {
		out |= mtl.TextureUsageShaderRead
	}
	if u&backend.UsageShaderWrite != 0 {
		out |= mtl.TextureUsageShaderWrite
	}
	if u&backend.UsageRenderTarget != 0 {
		out |= mtl.TextureUsageRenderTarget
	}
	if u&backend.UsagePixelFormatView != 0 {
		out |= mtl.TextureUsagePixelFormatView
	}
	return out, nil
}

// Swizzle maps a channel swizzle; identity becomes the channel itself.
func Swizzle(s pixfmt.Swizzle, channel int) (mtl.TextureSwizzle, error) {
	switch s {
	case pixfmt.SwizzleIdentity:
		return mtl.TextureSwizzleRed + mtl.TextureSwizzle(channel), nil
	case pixfmt.SwizzleZero:
		return mtl.TextureSwizzleZero, nil
	case pixfmt.SwizzleOne:
		return mtl.TextureSwizzleOne, nil
	case pixfmt.SwizzleRed:
		return mtl.TextureSwizzleRed, nil
	case pixfmt.SwizzleGreen:
		return mtl.TextureSwizzleGreen, nil
	case pixfmt.SwizzleBlue:
		return mtl.TextureSwizzleBlue, nil
	case pixfmt.SwizzleAlpha:
		return mtl.TextureSwizzleAlpha, nil
	}
	return 0, unsupported("swizzle", s)
}

// Swizzles maps MTLTextureSwizzleChannels.
func Swizzles(s pixfmt.Swizzles) (mtl.TextureSwizzleChannels, error) {
	var out [4]mtl.TextureSwizzle
	for i, c := range s {
		v, err := Swizzle(c, i)
		if err != nil {
			return mtl.TextureSwizzleChannels{}, err
		}
		out[i] = v
	}
	return mtl.TextureSwizzleChannels{Red: out[0], Green: out[1], Blue: out[2], Alpha: out[3]}, nil
}

// VisibilityMode maps a visibility result mode.
func VisibilityMode(m backend.VisibilityMode) (mtl.VisibilityResultMode, error) {
	switch m {
	case backend.VisibilityDisabled:
		return mtl.VisibilityResultModeDisabled, nil
	case backend.VisibilityBoolean:
		return mtl.VisibilityResultModeBoolean, nil
	case backend.VisibilityCounting:
		return mtl.VisibilityResultModeCounting, nil
	}
	return 0, unsupported("visibility result mode", m)
}

// CommandStatus reduces MTLCommandBufferStatus to the backend's four.
func CommandStatus(s mtl.CommandBufferStatus) backend.CommandStatus {
	switch s {
	case mtl.CommandBufferStatusCommitted, mtl.CommandBufferStatusScheduled:
		return backend.StatusCommitted
	case mtl.CommandBufferStatusCompleted:
		return backend.StatusCompleted
	case mtl.CommandBufferStatusError:
		return backend.StatusError
	}
	return backend.StatusNotCommitted
}
