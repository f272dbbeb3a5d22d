// Package ff generates the D3D9 fixed-function pipeline as shader IR
// (core/ir): a vertex shader for transform, blending, lighting, texture
// coordinate generation, fog and point size, and a pixel shader for the
// texture stage cascade, specular add and fog.
//
// The device state is summarised by two small comparable keys (VertexKey,
// PixelKey) that hold only what changes the generated code; everything
// else (matrices, colours, lights, fog and point parameters) travels as
// data in the float constant buffer (see the VS* and PS* register offsets
// and VertexConstants/PixelConstants) and the ir draw-state buffer
// (FillDrawState). docs/fixed-function.md describes the layout and every
// rule the generated code follows.
package ff

import (
	"math"

	"mtld3d/core/caps"
	"mtld3d/core/ir"
	"mtld3d/types"
)

// MaxStages is the number of texture stages (and texture coordinate sets).
const MaxStages = 8

// MaxLights is the number of active lights the pipeline evaluates.
const MaxLights = 8

// MaxClipPlanes is the number of user clip planes (D3DCAPS9.MaxUserClipPlanes).
const MaxClipPlanes = ir.MaxClipPlanes

// NumTSS is the size of a stage's texture stage state array (D3DTSS_CONSTANT+1).
const NumTSS = int(types.D3DTSS_CONSTANT) + 1

// PosKind is the kind of position a vertex carries.
type PosKind uint8

const (
	PosXYZ    PosKind = iota // D3DFVF_XYZ (and XYZBn): object space, w = 1
	PosXYZRHW                // D3DFVF_XYZRHW / POSITIONT: screen x, y, depth z, 1/w
	PosXYZW                  // D3DFVF_XYZW: object space with w
)

// Decl summarises the vertex declaration or FVF: which inputs the vertex
// has. The pipeline's vertex descriptor widens every element to a float4
// with missing components (0,0,0,1).
type Decl struct {
	Pos PosKind
	// BlendWeights is how many blend weights the vertex has (0-4).
	BlendWeights uint8
	// Indices says the vertex has blend indices; IndicesColor that they
	// are a D3DCOLOR (D3DFVF_LASTBETA_D3DCOLOR or D3DDECLTYPE_D3DCOLOR),
	// read by the vertex descriptor as BGRA-normalised.
	Indices, IndicesColor bool
	Normal, PSize         bool
	// Position1 and Normal1 are a second position and normal (usage
	// index 1, declarations only) for D3DVBF_TWEENING.
	Position1, Normal1 bool
	Diffuse, Specular  bool
	// TexCoords is one more than the highest texture coordinate set;
	// TexCoordSize[i] the components (1-4) of set i, 0 for a set a
	// declaration leaves out.
	TexCoords    uint8
	TexCoordSize [MaxStages]uint8
	// Varyings has bit u (an ir.Usage) set for each element of usage
	// index 0 among blend weight, blend indices, normal, tangent,
	// binormal, fog and depth (declarations only): what a pre-transformed
	// vertex hands a ps_3_0 as it is (VertexKey.Pass).
	Varyings uint16
}

// PassUsages are the usages Decl.Varyings records.
var PassUsages = [...]ir.Usage{ir.UsageBlendWeight, ir.UsageBlendIndices, ir.UsageNormal, ir.UsageTangent, ir.UsageBinormal, ir.UsageFog, ir.UsageDepth}

// DeclFromFVF summarises an FVF code.
func DeclFromFVF(fvf uint32) Decl {
	var d Decl
	betas := uint8(0)
	switch fvf & types.D3DFVF_POSITION_MASK {
	case types.D3DFVF_XYZRHW:
		d.Pos = PosXYZRHW
	case types.D3DFVF_XYZW:
		d.Pos = PosXYZW
	case types.D3DFVF_XYZB1, types.D3DFVF_XYZB2, types.D3DFVF_XYZB3, types.D3DFVF_XYZB4, types.D3DFVF_XYZB5:
		betas = uint8((fvf&types.D3DFVF_POSITION_MASK)-types.D3DFVF_XYZB1)/2 + 1
	}
	if betas > 0 && fvf&(types.D3DFVF_LASTBETA_UBYTE4|types.D3DFVF_LASTBETA_D3DCOLOR) != 0 {
		d.Indices = true
		d.IndicesColor = fvf&types.D3DFVF_LASTBETA_D3DCOLOR != 0
		betas--
	}
	d.BlendWeights = min(betas, 4)
	d.Normal = fvf&types.D3DFVF_NORMAL != 0
	if d.BlendWeights > 0 {
		d.Varyings |= 1 << ir.UsageBlendWeight
	}
	if d.Indices {
		d.Varyings |= 1 << ir.UsageBlendIndices
	}
	if d.Normal {
		d.Varyings |= 1 << ir.UsageNormal
	}
	d.PSize = fvf&types.D3DFVF_PSIZE != 0
	d.Diffuse = fvf&types.D3DFVF_DIFFUSE != 0
	d.Specular = fvf&types.D3DFVF_SPECULAR != 0
	d.TexCoords = uint8(min((fvf&types.D3DFVF_TEXCOUNT_MASK)>>types.D3DFVF_TEXCOUNT_SHIFT, MaxStages))
	for i := uint32(0); i < uint32(d.TexCoords); i++ {
		switch (fvf >> (16 + 2*i)) & 3 {
		case types.D3DFVF_TEXTUREFORMAT1:
			d.TexCoordSize[i] = 1
		case types.D3DFVF_TEXTUREFORMAT2:
			d.TexCoordSize[i] = 2
		case types.D3DFVF_TEXTUREFORMAT3:
			d.TexCoordSize[i] = 3
		case types.D3DFVF_TEXTUREFORMAT4:
			d.TexCoordSize[i] = 4
		}
	}
	return d
}

// State is the device state the fixed-function pipeline reads, as plain
// data: render states by D3DRS index, texture stage states by stage and
// D3DTSS index, the vertex input summary, the types of the active lights
// and the kinds of the bound textures. Floats in RS (fog start, point
// size...) are stored as their bits, as SetRenderState receives them.
type State struct {
	RS  [256]uint32
	TSS [MaxStages][NumTSS]uint32
	// Decl is the current FVF or vertex declaration.
	Decl Decl
	// Lights are the types of the active (enabled) lights in the order the
	// pipeline evaluates them; 0 ends the list. Params.Lights holds their
	// data in the same order.
	Lights [MaxLights]types.LightType
	// Textures is the kind of texture bound per stage (SamplerNone when
	// none is bound).
	Textures [MaxStages]ir.SamplerKind
	// ProjOrtho says the projection matrix is not W-friendly (_14, _24,
	// _34 = 0 and _44 = 1): table fog then uses depth rather than eye z.
	// See IsOrtho.
	ProjOrtho bool
}

// IsOrtho reports whether a projection matrix is affine (no perspective).
func IsOrtho(m *types.Matrix) bool {
	return m.M[0][3] == 0 && m.M[1][3] == 0 && m.M[2][3] == 0 && m.M[3][3] == 1
}

func f2u(f float32) uint32 { return math.Float32bits(f) }

// DefaultState returns the D3D9 defaults for every state ff reads, with an
// FVF of D3DFVF_XYZ and no textures.
func DefaultState() State {
	var s State
	rs := &s.RS
	rs[types.D3DRS_SHADEMODE] = uint32(types.D3DSHADE_GOURAUD)
	rs[types.D3DRS_ALPHAFUNC] = uint32(types.D3DCMP_ALWAYS)
	rs[types.D3DRS_FOGSTART] = f2u(0)
	rs[types.D3DRS_FOGEND] = f2u(1)
	rs[types.D3DRS_FOGDENSITY] = f2u(1)
	rs[types.D3DRS_TEXTUREFACTOR] = 0xffffffff
	rs[types.D3DRS_CLIPPING] = 1
	rs[types.D3DRS_LIGHTING] = 1
	rs[types.D3DRS_COLORVERTEX] = 1
	rs[types.D3DRS_LOCALVIEWER] = 1
	rs[types.D3DRS_DIFFUSEMATERIALSOURCE] = uint32(types.D3DMCS_COLOR1)
	rs[types.D3DRS_SPECULARMATERIALSOURCE] = uint32(types.D3DMCS_COLOR2)
	rs[types.D3DRS_AMBIENTMATERIALSOURCE] = uint32(types.D3DMCS_MATERIAL)
	rs[types.D3DRS_EMISSIVEMATERIALSOURCE] = uint32(types.D3DMCS_MATERIAL)
	rs[types.D3DRS_POINTSIZE] = f2u(1)
	rs[types.D3DRS_POINTSIZE_MIN] = f2u(1)
	rs[types.D3DRS_POINTSIZE_MAX] = f2u(caps.MaxPointSize) // drivers start it at the caps' maximum
	rs[types.D3DRS_POINTSCALE_A] = f2u(1)
	for i := range s.TSS {
		t := &s.TSS[i]
		t[types.D3DTSS_COLOROP] = uint32(types.D3DTOP_DISABLE)
		t[types.D3DTSS_ALPHAOP] = uint32(types.D3DTOP_DISABLE)
		t[types.D3DTSS_COLORARG1] = types.D3DTA_TEXTURE
		t[types.D3DTSS_COLORARG2] = types.D3DTA_CURRENT
		t[types.D3DTSS_ALPHAARG1] = types.D3DTA_TEXTURE
		t[types.D3DTSS_ALPHAARG2] = types.D3DTA_CURRENT
		t[types.D3DTSS_COLORARG0] = types.D3DTA_CURRENT
		t[types.D3DTSS_ALPHAARG0] = types.D3DTA_CURRENT
		t[types.D3DTSS_RESULTARG] = types.D3DTA_CURRENT
		t[types.D3DTSS_TEXCOORDINDEX] = uint32(i)
	}
	s.TSS[0][types.D3DTSS_COLOROP] = uint32(types.D3DTOP_MODULATE)
	s.TSS[0][types.D3DTSS_ALPHAOP] = uint32(types.D3DTOP_SELECTARG1)
	s.Decl = DeclFromFVF(types.D3DFVF_XYZ)
	return s
}

func (s *State) rs(r types.RenderStateType) uint32 { return s.RS[r] }
func (s *State) on(r types.RenderStateType) bool   { return s.RS[r] != 0 }
func (s *State) rsf(r types.RenderStateType) float32 {
	return math.Float32frombits(s.RS[r])
}
func (s *State) tss(stage int, t types.TextureStageStateType) uint32 { return s.TSS[stage][t] }

// Variant returns the ir.VariantKey state for a fixed-function draw: alpha
// test, flat shading and sRGB write come from the device state; fog, clip
// planes, point size and projection are done by the generated shaders
// themselves, so those fields stay zero (the pipeline must not set them
// for ff shaders). HalfPixel is set: D3D9 pixel centres apply to fixed
// function as to shaders. Linked/VSOutputs are the pipeline cache's.
// A draw that binds shaders or draws points uses Variants.
func Variant(s *State) ir.VariantKey {
	var k ir.VariantKey
	if s.on(types.D3DRS_ALPHATESTENABLE) {
		f := s.rs(types.D3DRS_ALPHAFUNC)
		if f >= 1 && f <= 8 {
			k.AlphaFunc = ir.CmpFunc(f)
		}
	}
	k.FlatShade = s.rs(types.D3DRS_SHADEMODE) == uint32(types.D3DSHADE_FLAT)
	k.SRGBWrite = s.on(types.D3DRS_SRGBWRITEENABLE)
	k.PointSprite = s.on(types.D3DRS_POINTSPRITEENABLE)
	k.HalfPixel = true
	return k
}

// Draw is what a draw binds besides the render state: which stages are
// shaders and what it draws.
type Draw struct {
	VS, PS bool // a vertex / pixel shader is bound (else fixed function)
	// PSVersion is the pixel shader's model, major<<8|minor.
	PSVersion uint16
	// PSUsages has bit u (an ir.Usage) set for each varying of usage
	// index 0 a ps_3_0 reads.
	PSUsages uint16
	Points   bool // the primitive type is a point list
	// SRGBView says the render targets are written through sRGB views
	// (the encoder's choice), so the shaders must not convert.
	SRGBView bool
}

// tableFog answers D3DRS_FOGTABLEMODE when fog is on and it names a mode.
func tableFog(s *State) ir.FogMode {
	if !s.on(types.D3DRS_FOGENABLE) {
		return ir.FogNone
	}
	switch types.FogMode(s.rs(types.D3DRS_FOGTABLEMODE)) {
	case types.D3DFOG_EXP:
		return ir.FogExp
	case types.D3DFOG_EXP2:
		return ir.FogExp2
	case types.D3DFOG_LINEAR:
		return ir.FogLinear
	}
	return ir.FogNone
}

// Variants returns the variant keys of a draw's vertex and pixel
// functions. What fixed function does itself (fog, clip planes, point
// size) is added for the stages that are shaders, by D3D9's rules:
//
//   - Fog applies after a pixel shader below ps_3_0 (ps_3_0 does its own).
//     Table fog (FOGTABLEMODE set) wins over vertex fog and is computed
//     per pixel: from the fragment depth behind a vertex shader (whose
//     oFog is then ignored), from the distance the fixed-function vertex
//     stage writes otherwise. Without table fog the fog varying is the
//     factor: a vertex shader's oFog (FOGVERTEXMODE is ignored, D3D9 uses
//     linear fog from 1 to 0), or what fixed function computed.
//   - A vertex shader's clip planes are in clip space and gated by
//     D3DRS_CLIPPING; its point size is its oPts or D3DRS_POINTSIZE,
//     clamped to POINTSIZE_MIN/MAX, for point lists.
//   - Point sprites replace texture coordinates for point lists only.
//   - D3DTTFF_PROJECTED divides the coordinates of ps_1_1-1_3 texture
//     reads by their last component (the one D3DTTFF_COUNTn names, w
//     without a count); ps_1_4 and later ignore it.
//
// With a vertex shader and a fixed-function pixel stage under table fog
// the pixel key must drop its own fog (PixelKeyFor does).
func Variants(s *State, d Draw) (vk, pk ir.VariantKey) {
	base := Variant(s)
	base.PointSprite = base.PointSprite && d.Points
	if d.SRGBView {
		base.SRGBWrite = false
	}
	vk.HalfPixel = base.HalfPixel
	if d.VS {
		if s.on(types.D3DRS_CLIPPING) {
			vk.ClipPlanes = uint8(s.rs(types.D3DRS_CLIPPLANEENABLE))
		}
		vk.PointSize = d.Points
	}
	pk = base
	pk.HalfPixel = false
	if d.PS && d.PSVersion < 0x104 {
		for i := range MaxStages {
			if f := s.tss(i, types.D3DTSS_TEXTURETRANSFORMFLAGS); f&uint32(types.D3DTTFF_PROJECTED) != 0 {
				pk.Projected |= 1 << i
				pk.ProjectedCount[i] = uint8(f & 0xff)
				// The divisor is the coordinate's last component: w
				// of what a vertex shader writes, whatever the count
				// says; with fixed-function vertices the count's, and
				// without a count of 2 to 4 the vertex's set's (its
				// missing components read 0 and w 1).
				tci := s.tss(i, types.D3DTSS_TEXCOORDINDEX)
				if d.VS {
					pk.ProjectedCount[i] = 4
				} else if c := pk.ProjectedCount[i]; (c < 2 || c > 4) && tci>>16 == 0 && tci&0xffff < MaxStages {
					if n := s.Decl.TexCoordSize[tci&0xffff]; n >= 2 {
						pk.ProjectedCount[i] = n
					}
				}
			}
		}
	}
	if s.on(types.D3DRS_FOGENABLE) && (!d.PS || d.PSVersion < 0x300) {
		table := tableFog(s)
		switch {
		case table != ir.FogNone && (d.PS || d.VS):
			pk.FogMode, pk.FogTable, pk.FogDistance = table, true, !d.VS
		case table == ir.FogNone && d.PS:
			pk.FogMode = ir.FogLinear
		}
	}
	return vk, pk
}

// PixelKeyFor is PixelKeyOf for a draw: behind a vertex shader, table fog
// comes from the pixel variant (Variants), not from the fog varying the
// fixed-function pixel stage would read.
func PixelKeyFor(s *State, d Draw) PixelKey {
	k := PixelKeyOf(s)
	if d.VS && tableFog(s) != ir.FogNone {
		k.Fog = PixelFogNone
	}
	return k
}

// ViewFit places a D3D9 viewport on a render target for a backend whose
// viewport must lie inside the target (Metal's rule): the backend viewport
// is the part of the D3D9 viewport inside the target (D3D9 allows one
// larger than the target), and clip-space x and y are scaled and offset
// so that every point lands on the pixel the whole viewport would give it.
type ViewFit struct {
	X, Y, Width, Height float64    // the backend viewport
	ZNear, ZFar         float32    // its depth range (DepthRange)
	Scale, Offset       [2]float32 // clip xy' = xy*Scale + w*Offset
}

// DepthRange is the depth range a viewport maps clip z 0..1 onto: MinZ
// to MaxZ, except that the far end is at least MinZ + 0.001. Windows
// drivers behave so (Wine's test_viewport: MinZ = MaxZ = 0 puts a far
// vertex at depth 0.001, MinZ 0.5 with MaxZ 0 at 0.501).
func DepthRange(vp *types.Viewport9) (near, far float32) {
	return vp.MinZ, max(vp.MaxZ, vp.MinZ+0.001)
}

// FitViewport fits vp to a w x h target. It answers false when no pixel
// of the viewport is on the target.
func FitViewport(vp types.Viewport9, w, h int) (ViewFit, bool) {
	x, y := float64(vp.X), float64(vp.Y)
	vw, vh := float64(vp.Width), float64(vp.Height)
	f := ViewFit{X: x, Y: y, Width: min(x+vw, float64(w)) - x, Height: min(y+vh, float64(h)) - y}
	f.ZNear, f.ZFar = DepthRange(&vp)
	if f.Width <= 0 || f.Height <= 0 || vw <= 0 || vh <= 0 {
		return ViewFit{}, false
	}
	// Window x = X + (x/w+1)*W/2 under both viewports (origins equal, as
	// only the far edges are cut), so x' = x*W/W' + w*(W-W')/W'; window y
	// = Y + (1-y/w)*H/2, so y' = y*H/H' - w*(H-H')/H'.
	f.Scale = [2]float32{float32(vw / f.Width), float32(vh / f.Height)}
	f.Offset = [2]float32{float32((vw - f.Width) / f.Width), float32(-(vh - f.Height) / f.Height)}
	return f, true
}

// FillViewState writes the draw-state registers that depend on the
// viewport and the clip planes: the position's fit to the backend
// viewport with the half-pixel offset (D3D9's pixel centres are at
// integers, Metal's at .5, so positions move right and down by half a
// pixel) and the user clip planes as D3D9 gives them, which is clip space
// for vertex shaders (fixed function transforms its own world-space
// planes, VertexConstants).
func FillViewState(ds [][4]float32, p *Params, f ViewFit) {
	w, h := float32(max(f.Width, 1)), float32(max(f.Height, 1))
	ds[ir.DSHalfPixel] = [4]float32{f.Offset[0] + 1/w, f.Offset[1] - 1/h, f.Scale[0], f.Scale[1]}
	for i := 0; i < MaxClipPlanes; i++ {
		ds[ir.DSClipPlane0+i] = p.ClipPlanes[i]
	}
}
