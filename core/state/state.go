// Package state holds D3D9's device state rules as data: the default of
// every render state, texture stage state and sampler state, which values
// are valid, and which states the predefined state blocks
// (D3DSBT_PIXELSTATE, D3DSBT_VERTEXSTATE) capture. The guest's setters,
// getters, Reset and state blocks use these tables through the C that
// cmd/mtld3d-gen writes (pe/gen/state_tables.h); the C never restates a
// default.
//
// Sources: the D3DRENDERSTATETYPE, D3DTEXTURESTAGESTATETYPE,
// D3DSAMPLERSTATETYPE, D3DLIGHT9 and D3DMATERIAL9 reference pages, and
// "Predefined State Blocks (Direct3D 9)" for the capture lists (checked
// against Wine's and DXVK's lists; where they differ on samplers we follow
// DXVK: pixel sampler states on the 16 pixel samplers, D3DSAMP_DMAPOFFSET
// on the 4 vertex samplers).
//
// The guest's rules (pe/d3d9/state.c, stateblock.c), decided from Wine's
// tests and DXVK's Windows-tested behaviour:
//
//   - SetRenderState of 1..6 or past 255 succeeds and does nothing;
//     GetRenderState of those fails; state 0 and 210..255 read 0.
//   - Texture stage 8+ or a type outside 1..32: D3DERR_INVALIDCALL.
//   - A sampler other than 0..15 and D3DVERTEXTEXTURESAMPLER0..3, or a
//     sampler state outside 1..13: ignored with D3D_OK (Get answers 0).
//     SetTexture/GetTexture on a bad stage: D3D_OK, nothing bound.
//   - Transforms are stored for any index below 512 (Get of 512+ fails);
//     MultiplyTransform is current × argument.
//   - Lights: any index; LightEnable on a light never set makes it with
//     DefaultLight; GetLight/GetLightEnable of an unset index fail;
//     GetLightEnable answers 128; any number may be enabled (the draw uses
//     the first eight by index).
//   - Shader constants: start+count past the register file fails; a zero
//     count succeeds with any pointer. Hardware limits only (no software
//     vertex processing's 8192 registers).
//   - SetStreamSource(NULL) keeps the offset and stride; stream 0 cannot
//     take instance data; INSTANCEDATA|INDEXEDDATA and 0 fail.
//   - SetFVF(0) is ignored; after SetFVF, GetVertexDeclaration answers a
//     declaration made from the FVF; SetVertexDeclaration clears the FVF.
//   - SetSoftwareVertexProcessing(TRUE) needs a mixed or software device.
//   - No palettised textures: SetPaletteEntries checks and drops,
//     GetPaletteEntries fails; the current palette number is kept.
//   - State blocks: Begin while recording, End without Begin, Capture or
//     Apply while recording, and a bad type fail. Blocks hold what they
//     captured (the device's own binding hold, not the public count).
package state

import (
	"math"

	"mtld3d/core/caps"
	"mtld3d/types"
)

// Limits of the state arrays (the guest's pe/d3d9/state.h sizes them the
// same way; the generator asserts it).
const (
	NumRenderStates  = 256 // D3DRS_* values are below this
	NumTSS           = int(types.D3DTSS_CONSTANT) + 1
	NumSamplerStates = int(types.D3DSAMP_DMAPOFFSET) + 1
	NumStages        = 8
	// NumSamplers counts the 16 pixel samplers, then
	// D3DVERTEXTEXTURESAMPLER0..3 mapped to 16..19.
	NumSamplers      = 20
	NumPixelSamplers = 16
	NumTransforms    = 512 // D3DTS_* and D3DTS_WORLDMATRIX(0..255)
	NumClipPlanes    = 8
	NumStreams       = 16
	VSConstF         = 256
	PSConstF         = 224
	ConstI           = 16
	ConstB           = 16
)

// F returns a float state's DWORD encoding.
func F(f float32) uint32 { return math.Float32bits(f) }

// Capture says which predefined state blocks capture a state. D3DSBT_ALL
// captures every state.
type Capture uint8

const (
	Pixel  Capture = 1 << iota // D3DSBT_PIXELSTATE
	Vertex                     // D3DSBT_VERTEXSTATE
)

// RenderState is one D3DRS value.
type RenderState struct {
	State   types.RenderStateType
	Default uint32
	Capture Capture
}

// DefaultZEnable is D3DRS_ZENABLE's default when the device has an
// automatic depth-stencil surface (EnableAutoDepthStencil); without one
// the table's D3DZB_FALSE applies.
const DefaultZEnable = uint32(types.D3DZB_TRUE)

// RenderStates lists every valid render state with its documented default.
var RenderStates = []RenderState{
	{types.D3DRS_ZENABLE, uint32(types.D3DZB_FALSE), Pixel},
	{types.D3DRS_FILLMODE, uint32(types.D3DFILL_SOLID), Pixel},
	{types.D3DRS_SHADEMODE, uint32(types.D3DSHADE_GOURAUD), Pixel | Vertex},
	{types.D3DRS_ZWRITEENABLE, 1, Pixel},
	{types.D3DRS_ALPHATESTENABLE, 0, Pixel},
	{types.D3DRS_LASTPIXEL, 1, Pixel},
	{types.D3DRS_SRCBLEND, uint32(types.D3DBLEND_ONE), Pixel},
	{types.D3DRS_DESTBLEND, uint32(types.D3DBLEND_ZERO), Pixel},
	{types.D3DRS_CULLMODE, uint32(types.D3DCULL_CCW), Vertex},
	{types.D3DRS_ZFUNC, uint32(types.D3DCMP_LESSEQUAL), Pixel},
	{types.D3DRS_ALPHAREF, 0, Pixel},
	{types.D3DRS_ALPHAFUNC, uint32(types.D3DCMP_ALWAYS), Pixel},
	{types.D3DRS_DITHERENABLE, 0, Pixel},
	{types.D3DRS_ALPHABLENDENABLE, 0, Pixel},
	{types.D3DRS_FOGENABLE, 0, Vertex},
	{types.D3DRS_SPECULARENABLE, 0, Vertex},
	{types.D3DRS_FOGCOLOR, 0, Vertex},
	{types.D3DRS_FOGTABLEMODE, uint32(types.D3DFOG_NONE), Vertex},
	{types.D3DRS_FOGSTART, F(0), Pixel | Vertex},
	{types.D3DRS_FOGEND, F(1), Pixel | Vertex},
	{types.D3DRS_FOGDENSITY, F(1), Pixel | Vertex},
	{types.D3DRS_RANGEFOGENABLE, 0, Vertex},
	{types.D3DRS_STENCILENABLE, 0, Pixel},
	{types.D3DRS_STENCILFAIL, uint32(types.D3DSTENCILOP_KEEP), Pixel},
	{types.D3DRS_STENCILZFAIL, uint32(types.D3DSTENCILOP_KEEP), Pixel},
	{types.D3DRS_STENCILPASS, uint32(types.D3DSTENCILOP_KEEP), Pixel},
	{types.D3DRS_STENCILFUNC, uint32(types.D3DCMP_ALWAYS), Pixel},
	{types.D3DRS_STENCILREF, 0, Pixel},
	{types.D3DRS_STENCILMASK, 0xffffffff, Pixel},
	{types.D3DRS_STENCILWRITEMASK, 0xffffffff, Pixel},
	{types.D3DRS_TEXTUREFACTOR, 0xffffffff, Pixel},
	{types.D3DRS_WRAP0, 0, Pixel},
	{types.D3DRS_WRAP1, 0, Pixel},
	{types.D3DRS_WRAP2, 0, Pixel},
	{types.D3DRS_WRAP3, 0, Pixel},
	{types.D3DRS_WRAP4, 0, Pixel},
	{types.D3DRS_WRAP5, 0, Pixel},
	{types.D3DRS_WRAP6, 0, Pixel},
	{types.D3DRS_WRAP7, 0, Pixel},
	{types.D3DRS_CLIPPING, 1, Vertex},
	{types.D3DRS_LIGHTING, 1, Vertex},
	{types.D3DRS_AMBIENT, 0, Vertex},
	{types.D3DRS_FOGVERTEXMODE, uint32(types.D3DFOG_NONE), Vertex},
	{types.D3DRS_COLORVERTEX, 1, Vertex},
	{types.D3DRS_LOCALVIEWER, 1, Vertex},
	{types.D3DRS_NORMALIZENORMALS, 0, Vertex},
	{types.D3DRS_DIFFUSEMATERIALSOURCE, uint32(types.D3DMCS_COLOR1), Vertex},
	{types.D3DRS_SPECULARMATERIALSOURCE, uint32(types.D3DMCS_COLOR2), Vertex},
	{types.D3DRS_AMBIENTMATERIALSOURCE, uint32(types.D3DMCS_MATERIAL), Vertex},
	{types.D3DRS_EMISSIVEMATERIALSOURCE, uint32(types.D3DMCS_MATERIAL), Vertex},
	{types.D3DRS_VERTEXBLEND, uint32(types.D3DVBF_DISABLE), Vertex},
	{types.D3DRS_CLIPPLANEENABLE, 0, Vertex},
	{types.D3DRS_POINTSIZE, F(1), Vertex},
	{types.D3DRS_POINTSIZE_MIN, F(1), Vertex},
	{types.D3DRS_POINTSPRITEENABLE, 0, Vertex},
	{types.D3DRS_POINTSCALEENABLE, 0, Vertex},
	{types.D3DRS_POINTSCALE_A, F(1), Vertex},
	{types.D3DRS_POINTSCALE_B, F(0), Vertex},
	{types.D3DRS_POINTSCALE_C, F(0), Vertex},
	{types.D3DRS_MULTISAMPLEANTIALIAS, 1, Vertex},
	{types.D3DRS_MULTISAMPLEMASK, 0xffffffff, Vertex},
	{types.D3DRS_PATCHEDGESTYLE, uint32(types.D3DPATCHEDGE_DISCRETE), Vertex},
	{types.D3DRS_DEBUGMONITORTOKEN, uint32(types.D3DDMT_ENABLE), 0},
	// Drivers start POINTSIZE_MAX at the MaxPointSize they report, not at
	// the documented 64 (Wine's stateblock test checks it against the caps).
	{types.D3DRS_POINTSIZE_MAX, F(caps.MaxPointSize), Vertex},
	{types.D3DRS_INDEXEDVERTEXBLENDENABLE, 0, Vertex},
	{types.D3DRS_COLORWRITEENABLE, 0xf, Pixel},
	{types.D3DRS_TWEENFACTOR, F(0), Vertex},
	{types.D3DRS_BLENDOP, uint32(types.D3DBLENDOP_ADD), Pixel},
	{types.D3DRS_POSITIONDEGREE, uint32(types.D3DDEGREE_CUBIC), Vertex},
	{types.D3DRS_NORMALDEGREE, uint32(types.D3DDEGREE_LINEAR), Vertex},
	{types.D3DRS_SCISSORTESTENABLE, 0, Pixel},
	{types.D3DRS_SLOPESCALEDEPTHBIAS, 0, Pixel},
	{types.D3DRS_ANTIALIASEDLINEENABLE, 0, Pixel},
	{types.D3DRS_MINTESSELLATIONLEVEL, F(1), Vertex},
	{types.D3DRS_MAXTESSELLATIONLEVEL, F(1), Vertex},
	{types.D3DRS_ADAPTIVETESS_X, F(0), Vertex},
	{types.D3DRS_ADAPTIVETESS_Y, F(0), Vertex},
	{types.D3DRS_ADAPTIVETESS_Z, F(1), Vertex},
	{types.D3DRS_ADAPTIVETESS_W, F(0), Vertex},
	{types.D3DRS_ENABLEADAPTIVETESSELLATION, 0, Vertex},
	{types.D3DRS_TWOSIDEDSTENCILMODE, 0, Pixel},
	{types.D3DRS_CCW_STENCILFAIL, uint32(types.D3DSTENCILOP_KEEP), Pixel},
	{types.D3DRS_CCW_STENCILZFAIL, uint32(types.D3DSTENCILOP_KEEP), Pixel},
	{types.D3DRS_CCW_STENCILPASS, uint32(types.D3DSTENCILOP_KEEP), Pixel},
	{types.D3DRS_CCW_STENCILFUNC, uint32(types.D3DCMP_ALWAYS), Pixel},
	{types.D3DRS_COLORWRITEENABLE1, 0xf, Pixel},
	{types.D3DRS_COLORWRITEENABLE2, 0xf, Pixel},
	{types.D3DRS_COLORWRITEENABLE3, 0xf, Pixel},
	{types.D3DRS_BLENDFACTOR, 0xffffffff, Pixel},
	{types.D3DRS_SRGBWRITEENABLE, 0, Pixel},
	{types.D3DRS_DEPTHBIAS, 0, Pixel},
	{types.D3DRS_WRAP8, 0, Pixel},
	{types.D3DRS_WRAP9, 0, Pixel},
	{types.D3DRS_WRAP10, 0, Pixel},
	{types.D3DRS_WRAP11, 0, Pixel},
	{types.D3DRS_WRAP12, 0, Pixel},
	{types.D3DRS_WRAP13, 0, Pixel},
	{types.D3DRS_WRAP14, 0, Pixel},
	{types.D3DRS_WRAP15, 0, Pixel},
	{types.D3DRS_SEPARATEALPHABLENDENABLE, 0, Pixel},
	{types.D3DRS_SRCBLENDALPHA, uint32(types.D3DBLEND_ONE), Pixel},
	{types.D3DRS_DESTBLENDALPHA, uint32(types.D3DBLEND_ZERO), Pixel},
	{types.D3DRS_BLENDOPALPHA, uint32(types.D3DBLENDOP_ADD), Pixel},
}

// TextureStageState is one D3DTSS value. Default applies to every stage
// but the first, which has Default0; TexCoordIndex's default is the
// stage's own number (DefaultIsStage).
type TextureStageState struct {
	State          types.TextureStageStateType
	Default0       uint32
	Default        uint32
	DefaultIsStage bool
	Capture        Capture
}

// TextureStageStates lists every valid texture stage state: stage 0
// modulates texture by diffuse colour and selects the texture's alpha;
// later stages are disabled.
var TextureStageStates = []TextureStageState{
	{types.D3DTSS_COLOROP, uint32(types.D3DTOP_MODULATE), uint32(types.D3DTOP_DISABLE), false, Pixel},
	{types.D3DTSS_COLORARG1, types.D3DTA_TEXTURE, types.D3DTA_TEXTURE, false, Pixel},
	{types.D3DTSS_COLORARG2, types.D3DTA_CURRENT, types.D3DTA_CURRENT, false, Pixel},
	{types.D3DTSS_ALPHAOP, uint32(types.D3DTOP_SELECTARG1), uint32(types.D3DTOP_DISABLE), false, Pixel},
	{types.D3DTSS_ALPHAARG1, types.D3DTA_TEXTURE, types.D3DTA_TEXTURE, false, Pixel},
	{types.D3DTSS_ALPHAARG2, types.D3DTA_CURRENT, types.D3DTA_CURRENT, false, Pixel},
	{types.D3DTSS_BUMPENVMAT00, F(0), F(0), false, Pixel},
	{types.D3DTSS_BUMPENVMAT01, F(0), F(0), false, Pixel},
	{types.D3DTSS_BUMPENVMAT10, F(0), F(0), false, Pixel},
	{types.D3DTSS_BUMPENVMAT11, F(0), F(0), false, Pixel},
	{types.D3DTSS_TEXCOORDINDEX, 0, 0, true, Pixel | Vertex},
	{types.D3DTSS_BUMPENVLSCALE, F(0), F(0), false, Pixel},
	{types.D3DTSS_BUMPENVLOFFSET, F(0), F(0), false, Pixel},
	{types.D3DTSS_TEXTURETRANSFORMFLAGS, uint32(types.D3DTTFF_DISABLE), uint32(types.D3DTTFF_DISABLE), false, Pixel | Vertex},
	{types.D3DTSS_COLORARG0, types.D3DTA_CURRENT, types.D3DTA_CURRENT, false, Pixel},
	{types.D3DTSS_ALPHAARG0, types.D3DTA_CURRENT, types.D3DTA_CURRENT, false, Pixel},
	{types.D3DTSS_RESULTARG, types.D3DTA_CURRENT, types.D3DTA_CURRENT, false, Pixel},
	{types.D3DTSS_CONSTANT, 0, 0, false, 0},
}

// StageDefault returns a texture stage state's default on a stage.
func (t TextureStageState) StageDefault(stage int) uint32 {
	switch {
	case t.DefaultIsStage:
		return uint32(stage)
	case stage == 0:
		return t.Default0
	}
	return t.Default
}

// SamplerState is one D3DSAMP value; every sampler has the same defaults.
type SamplerState struct {
	State   types.SamplerStateType
	Default uint32
	Capture Capture
}

// SamplerStates lists every valid sampler state.
var SamplerStates = []SamplerState{
	{types.D3DSAMP_ADDRESSU, uint32(types.D3DTADDRESS_WRAP), Pixel},
	{types.D3DSAMP_ADDRESSV, uint32(types.D3DTADDRESS_WRAP), Pixel},
	{types.D3DSAMP_ADDRESSW, uint32(types.D3DTADDRESS_WRAP), Pixel},
	{types.D3DSAMP_BORDERCOLOR, 0, Pixel},
	{types.D3DSAMP_MAGFILTER, uint32(types.D3DTEXF_POINT), Pixel},
	{types.D3DSAMP_MINFILTER, uint32(types.D3DTEXF_POINT), Pixel},
	{types.D3DSAMP_MIPFILTER, uint32(types.D3DTEXF_NONE), Pixel},
	{types.D3DSAMP_MIPMAPLODBIAS, 0, Pixel},
	{types.D3DSAMP_MAXMIPLEVEL, 0, Pixel},
	{types.D3DSAMP_MAXANISOTROPY, 1, Pixel},
	{types.D3DSAMP_SRGBTEXTURE, 0, Pixel},
	{types.D3DSAMP_ELEMENTINDEX, 0, Pixel},
	{types.D3DSAMP_DMAPOFFSET, 0, Vertex},
}

// Light is D3DLIGHT9 in declaration order.
type Light struct {
	Type                       types.LightType
	Diffuse, Specular, Ambient [4]float32
	Position, Direction        [3]float32
	Range, Falloff             float32
	Attenuation0, Attenuation1 float32
	Attenuation2, Theta, Phi   float32
}

// DefaultLight is what LightEnable gives a light index that was never
// set: a white directional light pointing down +z.
var DefaultLight = Light{
	Type:      types.D3DLIGHT_DIRECTIONAL,
	Diffuse:   [4]float32{1, 1, 1, 0},
	Direction: [3]float32{0, 0, 1},
}

// Stream defaults: SetStreamSourceFreq's setting starts at 1 on every
// stream.
const DefaultStreamFreq = 1

// Clip status defaults (GetClipStatus before any SetClipStatus).
const (
	DefaultClipUnion        = 0
	DefaultClipIntersection = 0xffffffff
)

// LightEnabledValue is what GetLightEnable stores for an enabled light:
// Windows answers 128, not TRUE.
const LightEnabledValue = 128

// Default returns the default of a render state and whether it is valid.
func Default(s types.RenderStateType) (uint32, bool) {
	for _, r := range RenderStates {
		if r.State == s {
			return r.Default, true
		}
	}
	return 0, false
}

// Tables is the default state as arrays indexed by D3D9's own numbers:
// what a device starts with and what the ResetState record returns to
// (D3DRS_ZENABLE follows as its own record).
type Tables struct {
	RS      [NumRenderStates]uint32
	TSS     [NumStages][NumTSS]uint32
	Sampler [NumSamplerStates]uint32 // the same for every sampler
}

// DefaultTables returns the defaults as arrays.
func DefaultTables() *Tables {
	var t Tables
	for _, r := range RenderStates {
		t.RS[r.State] = r.Default
	}
	for stage := range t.TSS {
		for _, s := range TextureStageStates {
			t.TSS[stage][s.State] = s.StageDefault(stage)
		}
	}
	for _, s := range SamplerStates {
		t.Sampler[s.State] = s.Default
	}
	return &t
}
