// Package caps is what mtld3d's D3D9 device is: the D3DCAPS9 it reports and
// the answers of IDirect3D9's Check* methods, as Go data and functions that
// the generator prints into d3d9.dll (so the guest answers without a unix
// call) and that Go tests hold to the storage core/format can create on
// every Metal target.
//
// The device is shaped after what NVIDIA's and AMD's D3D9 drivers report on
// Direct3D 11 class hardware (DXVK's copy of native caps is the reference
// for the bit sets), trimmed wherever Metal, or the backend interface
// mtld3d draws with, cannot do what a bit promises:
//   - no displacement maps or N-patches (DMAP usage and the PRESAMPLEDDMAP
//     device cap are off),
//   - P8 textures (which modern drivers dropped) with ALPHAPALETTE: peFlags
//     is the alpha, as the unix side converts them; no A8P8,
//   - MaxVolumeExtent 2048, Metal's 3D texture limit,
//   - indexed vertex blending only with software vertex processing, as
//     NVIDIA reports (MaxVertexBlendMatrixIndex 0; see
//     SWVPMaxVertexBlendMatrixIndex).
package caps

import (
	"math"

	"mtld3d/types"
)

// Limits of the device, named once so the C side and the state code can
// size arrays from them.
const (
	MaxTextureDimension       = 16384 // Metal's 2D limit on Apple7+ and Mac2
	MaxVolumeExtent           = 2048  // Metal's 3D limit
	MaxSimultaneousTextures   = 8     // fixed-function stages with a texture
	MaxTextureBlendStages     = 8
	MaxActiveLights           = 8
	MaxUserClipPlanes         = 8 // backend.MaxClipDistances
	MaxVertexBlendMatrices    = 4
	MaxStreams                = 16
	MaxStreamStride           = 508
	MaxVertexShaderConst      = 256
	NumSimultaneousRTs        = 4
	MaxAnisotropy             = 16
	MaxPrimitiveCount         = 0x555555 // what NVIDIA reports: 2^24 / 3
	MaxVertexIndex            = 0xffffff
	MaxShader30Instructions   = 32768 // D3DMAX30SHADERINSTRUCTIONS
	MaxVertexBlendMatrixIndex = 0     // hardware vertex processing
	MaxPointSize              = 256
	PresentationIntervalsAll  = types.D3DPRESENT_INTERVAL_IMMEDIATE | types.D3DPRESENT_INTERVAL_ONE |
		types.D3DPRESENT_INTERVAL_TWO | types.D3DPRESENT_INTERVAL_THREE | types.D3DPRESENT_INTERVAL_FOUR

	// SWVPMaxVertexBlendMatrixIndex is what a device created with software
	// (or mixed, while software) vertex processing reports: D3D9's
	// software pipeline blends with up to 256 indexed matrices.
	SWVPMaxVertexBlendMatrixIndex = 255

	// SWVPMaxVertexShaderConst is D3DCAPS9.MaxVertexShaderConst of a
	// device created with software vertex processing (Wine's
	// test_vertex_shader_constant, run on Windows): the software
	// pipeline's float constant registers. A mixed device reports
	// MaxVertexShaderConst but takes as many in either mode.
	SWVPMaxVertexShaderConst = 8192
	// SWVPVertexShaderConstI and SWVPVertexShaderConstB are the software
	// pipeline's integer and boolean vertex shader registers (16 each in
	// hardware), which D3DCAPS9 does not report.
	SWVPVertexShaderConstI = 2048
	SWVPVertexShaderConstB = 2048
)

const (
	blendCaps = types.D3DPBLENDCAPS_ZERO | types.D3DPBLENDCAPS_ONE | types.D3DPBLENDCAPS_SRCCOLOR |
		types.D3DPBLENDCAPS_INVSRCCOLOR | types.D3DPBLENDCAPS_SRCALPHA | types.D3DPBLENDCAPS_INVSRCALPHA |
		types.D3DPBLENDCAPS_DESTALPHA | types.D3DPBLENDCAPS_INVDESTALPHA | types.D3DPBLENDCAPS_DESTCOLOR |
		types.D3DPBLENDCAPS_INVDESTCOLOR | types.D3DPBLENDCAPS_SRCALPHASAT | types.D3DPBLENDCAPS_BOTHSRCALPHA |
		types.D3DPBLENDCAPS_BOTHINVSRCALPHA | types.D3DPBLENDCAPS_BLENDFACTOR
	cmpCaps = types.D3DPCMPCAPS_NEVER | types.D3DPCMPCAPS_LESS | types.D3DPCMPCAPS_EQUAL |
		types.D3DPCMPCAPS_LESSEQUAL | types.D3DPCMPCAPS_GREATER | types.D3DPCMPCAPS_NOTEQUAL |
		types.D3DPCMPCAPS_GREATEREQUAL | types.D3DPCMPCAPS_ALWAYS
	filterPointLinear = types.D3DPTFILTERCAPS_MINFPOINT | types.D3DPTFILTERCAPS_MINFLINEAR |
		types.D3DPTFILTERCAPS_MAGFPOINT | types.D3DPTFILTERCAPS_MAGFLINEAR
	filterMip    = types.D3DPTFILTERCAPS_MIPFPOINT | types.D3DPTFILTERCAPS_MIPFLINEAR
	filterAniso  = types.D3DPTFILTERCAPS_MINFANISOTROPIC | types.D3DPTFILTERCAPS_MAGFANISOTROPIC
	addressCaps  = types.D3DPTADDRESSCAPS_WRAP | types.D3DPTADDRESSCAPS_MIRROR | types.D3DPTADDRESSCAPS_CLAMP | types.D3DPTADDRESSCAPS_BORDER | types.D3DPTADDRESSCAPS_INDEPENDENTUV | types.D3DPTADDRESSCAPS_MIRRORONCE
	textureOps   = 0x03ffffff // every D3DTEXOPCAPS_* bit, DISABLE through LERP
	declTypesAll = types.D3DDTCAPS_UBYTE4 | types.D3DDTCAPS_UBYTE4N | types.D3DDTCAPS_SHORT2N |
		types.D3DDTCAPS_SHORT4N | types.D3DDTCAPS_USHORT2N | types.D3DDTCAPS_USHORT4N |
		types.D3DDTCAPS_UDEC3 | types.D3DDTCAPS_DEC3N | types.D3DDTCAPS_FLOAT16_2 | types.D3DDTCAPS_FLOAT16_4
	// UDEC3 has no Metal vertex format: the draw converts such elements
	// to float4 (unix/device/vertex.go).
)

// Caps9 returns the D3DCAPS9 of the HAL device on adapter, for
// GetDeviceCaps on IDirect3D9 and IDirect3DDevice9 (hardware vertex
// processing).
func Caps9(adapter uint32) types.Caps9 {
	return types.Caps9{
		DeviceType:     types.D3DDEVTYPE_HAL,
		AdapterOrdinal: adapter,
		Caps:           types.D3DCAPS_READ_SCANLINE,
		Caps2:          types.D3DCAPS2_FULLSCREENGAMMA | types.D3DCAPS2_DYNAMICTEXTURES | types.D3DCAPS2_CANAUTOGENMIPMAP,
		// D3DPRESENT_LINEAR_CONTENT is honoured by the presenter
		// (LINEAR_TO_SRGB_PRESENTATION).
		Caps3: types.D3DCAPS3_ALPHA_FULLSCREEN_FLIP_OR_DISCARD | types.D3DCAPS3_LINEAR_TO_SRGB_PRESENTATION |
			types.D3DCAPS3_COPY_TO_VIDMEM | types.D3DCAPS3_COPY_TO_SYSTEMMEM,
		PresentationIntervals: PresentationIntervalsAll,
		CursorCaps:            types.D3DCURSORCAPS_COLOR,
		DevCaps: types.D3DDEVCAPS_EXECUTESYSTEMMEMORY | types.D3DDEVCAPS_EXECUTEVIDEOMEMORY |
			types.D3DDEVCAPS_TLVERTEXSYSTEMMEMORY | types.D3DDEVCAPS_TLVERTEXVIDEOMEMORY |
			types.D3DDEVCAPS_TEXTUREVIDEOMEMORY | types.D3DDEVCAPS_DRAWPRIMTLVERTEX |
			types.D3DDEVCAPS_CANRENDERAFTERFLIP | types.D3DDEVCAPS_TEXTURENONLOCALVIDMEM |
			types.D3DDEVCAPS_DRAWPRIMITIVES2 | types.D3DDEVCAPS_DRAWPRIMITIVES2EX |
			types.D3DDEVCAPS_HWTRANSFORMANDLIGHT | types.D3DDEVCAPS_CANBLTSYSTONONLOCAL |
			types.D3DDEVCAPS_HWRASTERIZATION | types.D3DDEVCAPS_PUREDEVICE,
		PrimitiveMiscCaps: types.D3DPMISCCAPS_MASKZ | types.D3DPMISCCAPS_CULLNONE | types.D3DPMISCCAPS_CULLCW |
			types.D3DPMISCCAPS_CULLCCW | types.D3DPMISCCAPS_COLORWRITEENABLE | types.D3DPMISCCAPS_TSSARGTEMP |
			types.D3DPMISCCAPS_BLENDOP | types.D3DPMISCCAPS_INDEPENDENTWRITEMASKS |
			types.D3DPMISCCAPS_PERSTAGECONSTANT | types.D3DPMISCCAPS_FOGANDSPECULARALPHA |
			types.D3DPMISCCAPS_SEPARATEALPHABLEND | types.D3DPMISCCAPS_MRTINDEPENDENTBITDEPTHS |
			types.D3DPMISCCAPS_MRTPOSTPIXELSHADERBLENDING | types.D3DPMISCCAPS_FOGVERTEXCLAMPED |
			types.D3DPMISCCAPS_POSTBLENDSRGBCONVERT,
		RasterCaps: types.D3DPRASTERCAPS_DITHER | types.D3DPRASTERCAPS_ZTEST | types.D3DPRASTERCAPS_FOGVERTEX |
			types.D3DPRASTERCAPS_FOGTABLE | types.D3DPRASTERCAPS_MIPMAPLODBIAS | types.D3DPRASTERCAPS_FOGRANGE |
			types.D3DPRASTERCAPS_ANISOTROPY | types.D3DPRASTERCAPS_WFOG | types.D3DPRASTERCAPS_ZFOG |
			types.D3DPRASTERCAPS_COLORPERSPECTIVE | types.D3DPRASTERCAPS_SCISSORTEST |
			types.D3DPRASTERCAPS_SLOPESCALEDEPTHBIAS | types.D3DPRASTERCAPS_DEPTHBIAS |
			types.D3DPRASTERCAPS_MULTISAMPLE_TOGGLE,
		ZCmpCaps:      cmpCaps,
		SrcBlendCaps:  blendCaps,
		DestBlendCaps: blendCaps,
		AlphaCmpCaps:  cmpCaps,
		ShadeCaps: types.D3DPSHADECAPS_COLORGOURAUDRGB | types.D3DPSHADECAPS_SPECULARGOURAUDRGB |
			types.D3DPSHADECAPS_ALPHAGOURAUDBLEND | types.D3DPSHADECAPS_FOGGOURAUD,
		TextureCaps: types.D3DPTEXTURECAPS_PERSPECTIVE | types.D3DPTEXTURECAPS_ALPHA |
			types.D3DPTEXTURECAPS_TEXREPEATNOTSCALEDBYSIZE | types.D3DPTEXTURECAPS_PROJECTED |
			types.D3DPTEXTURECAPS_CUBEMAP | types.D3DPTEXTURECAPS_VOLUMEMAP | types.D3DPTEXTURECAPS_MIPMAP |
			types.D3DPTEXTURECAPS_MIPVOLUMEMAP | types.D3DPTEXTURECAPS_MIPCUBEMAP | types.D3DPTEXTURECAPS_ALPHAPALETTE,
		TextureFilterCaps:        filterPointLinear | filterMip | filterAniso,
		CubeTextureFilterCaps:    filterPointLinear | filterMip,
		VolumeTextureFilterCaps:  filterPointLinear | filterMip | filterAniso,
		TextureAddressCaps:       addressCaps,
		VolumeTextureAddressCaps: addressCaps,
		LineCaps: types.D3DLINECAPS_TEXTURE | types.D3DLINECAPS_ZTEST | types.D3DLINECAPS_BLEND |
			types.D3DLINECAPS_ALPHACMP | types.D3DLINECAPS_FOG,
		MaxTextureWidth:       MaxTextureDimension,
		MaxTextureHeight:      MaxTextureDimension,
		MaxVolumeExtent:       MaxVolumeExtent,
		MaxTextureRepeat:      8192,
		MaxTextureAspectRatio: MaxTextureDimension,
		MaxAnisotropy:         MaxAnisotropy,
		MaxVertexW:            1e10,
		GuardBandLeft:         -32768,
		GuardBandTop:          -32768,
		GuardBandRight:        32768,
		GuardBandBottom:       32768,
		ExtentsAdjust:         0,
		StencilCaps: types.D3DSTENCILCAPS_KEEP | types.D3DSTENCILCAPS_ZERO | types.D3DSTENCILCAPS_REPLACE |
			types.D3DSTENCILCAPS_INCRSAT | types.D3DSTENCILCAPS_DECRSAT | types.D3DSTENCILCAPS_INVERT |
			types.D3DSTENCILCAPS_INCR | types.D3DSTENCILCAPS_DECR | types.D3DSTENCILCAPS_TWOSIDED,
		FVFCaps:                 types.D3DFVFCAPS_PSIZE | 8, // 8 texture coordinate sets
		TextureOpCaps:           textureOps,
		MaxTextureBlendStages:   MaxTextureBlendStages,
		MaxSimultaneousTextures: MaxSimultaneousTextures,
		VertexProcessingCaps: types.D3DVTXPCAPS_TEXGEN | types.D3DVTXPCAPS_MATERIALSOURCE7 |
			types.D3DVTXPCAPS_DIRECTIONALLIGHTS | types.D3DVTXPCAPS_POSITIONALLIGHTS |
			types.D3DVTXPCAPS_LOCALVIEWER | types.D3DVTXPCAPS_TWEENING | types.D3DVTXPCAPS_TEXGEN_SPHEREMAP,
		MaxActiveLights:            MaxActiveLights,
		MaxUserClipPlanes:          MaxUserClipPlanes,
		MaxVertexBlendMatrices:     MaxVertexBlendMatrices,
		MaxVertexBlendMatrixIndex:  MaxVertexBlendMatrixIndex,
		MaxPointSize:               MaxPointSize,
		MaxPrimitiveCount:          MaxPrimitiveCount,
		MaxVertexIndex:             MaxVertexIndex,
		MaxStreams:                 MaxStreams,
		MaxStreamStride:            MaxStreamStride,
		VertexShaderVersion:        types.D3DVS_VERSION(3, 0),
		MaxVertexShaderConst:       MaxVertexShaderConst,
		PixelShaderVersion:         types.D3DPS_VERSION(3, 0),
		PixelShader1xMaxValue:      math.MaxFloat32,
		DevCaps2:                   types.D3DDEVCAPS2_STREAMOFFSET | types.D3DDEVCAPS2_CAN_STRETCHRECT_FROM_TEXTURES | types.D3DDEVCAPS2_VERTEXELEMENTSCANSHARESTREAMOFFSET,
		MaxNpatchTessellationLevel: 0,
		MasterAdapterOrdinal:       0,
		AdapterOrdinalInGroup:      0,
		NumberOfAdaptersInGroup:    1,
		DeclTypes:                  declTypesAll,
		NumSimultaneousRTs:         NumSimultaneousRTs,
		StretchRectFilterCaps:      filterPointLinear,
		VS20Caps: types.VShaderCaps2_0{
			Caps:                    types.D3DVS20CAPS_PREDICATION,
			DynamicFlowControlDepth: types.D3DVS20_MAX_DYNAMICFLOWCONTROLDEPTH,
			NumTemps:                types.D3DVS20_MAX_NUMTEMPS,
			StaticFlowControlDepth:  types.D3DVS20_MAX_STATICFLOWCONTROLDEPTH,
		},
		PS20Caps: types.PShaderCaps2_0{
			Caps: types.D3DPS20CAPS_ARBITRARYSWIZZLE | types.D3DPS20CAPS_GRADIENTINSTRUCTIONS |
				types.D3DPS20CAPS_PREDICATION | types.D3DPS20CAPS_NODEPENDENTREADLIMIT |
				types.D3DPS20CAPS_NOTEXINSTRUCTIONLIMIT,
			DynamicFlowControlDepth: types.D3DPS20_MAX_DYNAMICFLOWCONTROLDEPTH,
			NumTemps:                types.D3DPS20_MAX_NUMTEMPS,
			StaticFlowControlDepth:  types.D3DPS20_MAX_STATICFLOWCONTROLDEPTH,
			NumInstructionSlots:     types.D3DPS20_MAX_NUMINSTRUCTIONSLOTS,
		},
		VertexTextureFilterCaps:           filterPointLinear,
		MaxVShaderInstructionsExecuted:    0xffffffff,
		MaxPShaderInstructionsExecuted:    0xffffffff,
		MaxVertexShader30InstructionSlots: MaxShader30Instructions,
		MaxPixelShader30InstructionSlots:  MaxShader30Instructions,
	}
}
