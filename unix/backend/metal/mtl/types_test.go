//go:build amd64 || arm64

package mtl

import (
	"testing"
	"unsafe"
)

// Raw values as Apple's headers define them.
func TestEnumValues(t *testing.T) {
	checks := []struct {
		name      string
		got, want uint
	}{
		{"MTLPixelFormatA8Unorm", uint(PixelFormatA8Unorm), 1},
		{"MTLPixelFormatR8Unorm", uint(PixelFormatR8Unorm), 10},
		{"MTLPixelFormatB5G6R5Unorm", uint(PixelFormatB5G6R5Unorm), 40},
		{"MTLPixelFormatRGBA8Unorm", uint(PixelFormatRGBA8Unorm), 70},
		{"MTLPixelFormatBGRA8Unorm", uint(PixelFormatBGRA8Unorm), 80},
		{"MTLPixelFormatBGRA8Unorm_sRGB", uint(PixelFormatBGRA8Unorm_sRGB), 81},
		{"MTLPixelFormatRGB10A2Unorm", uint(PixelFormatRGB10A2Unorm), 90},
		{"MTLPixelFormatRGBA16Float", uint(PixelFormatRGBA16Float), 115},
		{"MTLPixelFormatRGBA32Float", uint(PixelFormatRGBA32Float), 125},
		{"MTLPixelFormatBC1_RGBA", uint(PixelFormatBC1_RGBA), 130},
		{"MTLPixelFormatBC5_RGUnorm", uint(PixelFormatBC5_RGUnorm), 142},
		{"MTLPixelFormatDepth16Unorm", uint(PixelFormatDepth16Unorm), 250},
		{"MTLPixelFormatDepth32Float", uint(PixelFormatDepth32Float), 252},
		{"MTLPixelFormatStencil8", uint(PixelFormatStencil8), 253},
		{"MTLPixelFormatDepth24Unorm_Stencil8", uint(PixelFormatDepth24Unorm_Stencil8), 255},
		{"MTLPixelFormatDepth32Float_Stencil8", uint(PixelFormatDepth32Float_Stencil8), 260},
		{"MTLPixelFormatX32_Stencil8", uint(PixelFormatX32_Stencil8), 261},
		{"MTLVertexFormatUChar4Normalized", uint(VertexFormatUChar4Normalized), 9},
		{"MTLVertexFormatFloat", uint(VertexFormatFloat), 28},
		{"MTLVertexFormatFloat4", uint(VertexFormatFloat4), 31},
		{"MTLVertexFormatUChar4Normalized_BGRA", uint(VertexFormatUChar4Normalized_BGRA), 42},
		{"MTLVertexStepFunctionPerVertex", uint(VertexStepFunctionPerVertex), 1},
		{"MTLBlendFactorOneMinusSourceAlpha", uint(BlendFactorOneMinusSourceAlpha), 5},
		{"MTLBlendFactorOneMinusBlendAlpha", uint(BlendFactorOneMinusBlendAlpha), 14},
		{"MTLBlendOperationMax", uint(BlendOperationMax), 4},
		{"MTLColorWriteMaskRed", uint(ColorWriteMaskRed), 8},
		{"MTLColorWriteMaskAll", uint(ColorWriteMaskAll), 15},
		{"MTLCompareFunctionLessEqual", uint(CompareFunctionLessEqual), 3},
		{"MTLCompareFunctionAlways", uint(CompareFunctionAlways), 7},
		{"MTLStencilOperationDecrementWrap", uint(StencilOperationDecrementWrap), 7},
		{"MTLSamplerAddressModeClampToBorderColor", uint(SamplerAddressModeClampToBorderColor), 5},
		{"MTLSamplerBorderColorOpaqueWhite", uint(SamplerBorderColorOpaqueWhite), 2},
		{"MTLSamplerMipFilterLinear", uint(SamplerMipFilterLinear), 2},
		{"MTLPrimitiveTypeTriangleStrip", uint(PrimitiveTypeTriangleStrip), 4},
		{"MTLPrimitiveTopologyClassTriangle", uint(PrimitiveTopologyClassTriangle), 3},
		{"MTLIndexTypeUInt32", uint(IndexTypeUInt32), 1},
		{"MTLCullModeBack", uint(CullModeBack), 2},
		{"MTLWindingCounterClockwise", uint(WindingCounterClockwise), 1},
		{"MTLLoadActionClear", uint(LoadActionClear), 2},
		{"MTLStoreActionStoreAndMultisampleResolve", uint(StoreActionStoreAndMultisampleResolve), 3},
		{"MTLTextureType2D", uint(TextureType2D), 2},
		{"MTLTextureTypeCube", uint(TextureTypeCube), 5},
		{"MTLTextureType3D", uint(TextureType3D), 7},
		{"MTLTextureUsagePixelFormatView", uint(TextureUsagePixelFormatView), 16},
		{"MTLStorageModePrivate", uint(StorageModePrivate), 2},
		{"MTLResourceStorageModeManaged", uint(ResourceStorageModeManaged), 16},
		{"MTLResourceStorageModePrivate", uint(ResourceStorageModePrivate), 32},
		{"MTLCommandBufferStatusError", uint(CommandBufferStatusError), 5},
		{"MTLGPUFamilyMac2", uint(GPUFamilyMac2), 2002},
		{"MTLGPUFamilyApple7", uint(GPUFamilyApple7), 1007},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %d, want %d", c.name, c.got, c.want)
		}
	}
	if ResourceOptionsFor(StorageModeManaged, CPUCacheModeWriteCombined, HazardTrackingModeUntracked) != 0x111 {
		t.Error("ResourceOptionsFor packs cache, storage and hazard modes at bits 0, 4, 8")
	}
}

// The mirrored C structs must have the C sizes: they are passed by value.
func TestStructLayout(t *testing.T) {
	sizes := []struct {
		name      string
		got, want uintptr
	}{
		{"MTLOrigin", unsafe.Sizeof(Origin{}), 24},
		{"MTLSize", unsafe.Sizeof(Size{}), 24},
		{"MTLRegion", unsafe.Sizeof(Region{}), 48},
		{"NSRange", unsafe.Sizeof(Range{}), 16},
		{"MTLViewport", unsafe.Sizeof(Viewport{}), 48},
		{"MTLScissorRect", unsafe.Sizeof(ScissorRect{}), 32},
		{"MTLClearColor", unsafe.Sizeof(ClearColor{}), 32},
		{"MTLTextureSwizzleChannels", unsafe.Sizeof(TextureSwizzleChannels{}), 4},
	}
	for _, s := range sizes {
		if s.got != s.want {
			t.Errorf("sizeof(%s) = %d, want %d", s.name, s.got, s.want)
		}
	}
	sw := TextureSwizzleChannels{Red: 2, Green: 3, Blue: 4, Alpha: 5}
	if sw.Packed() != *(*uint32)(unsafe.Pointer(&sw)) || sw.Packed() != 0x05040302 {
		t.Errorf("packed swizzle %#x", sw.Packed())
	}
	if unsafe.Offsetof(Region{}.Size) != 24 {
		t.Error("MTLRegion.size at 24")
	}
}
