package ff

import (
	"mtld3d/core/ir"
	"mtld3d/types"
)

// Material colour sources in VertexKey (after resolving COLORVERTEX and
// missing vertex colours).
const (
	SrcMaterial = uint8(types.D3DMCS_MATERIAL)
	SrcColor1   = uint8(types.D3DMCS_COLOR1)
	SrcColor2   = uint8(types.D3DMCS_COLOR2)
)

// FogOut is what the vertex stage writes to the fog varying.
type FogOut uint8

const (
	FogOutNone FogOut = iota
	// Vertex fog: the fog factor computed from the eye distance.
	FogOutLinear
	FogOutExp
	FogOutExp2
	// FogOutSpecular: pre-transformed vertex fog, the factor is the
	// vertex's specular alpha (1 without a specular colour).
	FogOutSpecular
	// Table fog: the distance the pixel stage computes the factor from.
	FogOutEyeZ    // |eye z| (W fog, perspective projection)
	FogOutDepth   // clip z / clip w (Z fog, orthogonal projection)
	FogOutScreenZ // the pre-transformed vertex's z
)

// TexCoordKey is how the vertex stage makes texture coordinate set s
// (the coordinate stage s samples with).
type TexCoordKey struct {
	// Gen is D3DTSS_TEXCOORDINDEX >> 16 (D3DTSS_TCI_*>>16); Index its low
	// bits, the vertex coordinate set PASSTHRU reads.
	Gen, Index uint8
	// Size is the component count of the source: the vertex set's size
	// for PASSTHRU (0 when the vertex has no such set), 3 for generated
	// coordinates.
	Size uint8
	// Count is the D3DTTFF_COUNTn of the texture transform (0: none).
	Count uint8
}

// VertexKey is the state that changes the generated vertex shader.
type VertexKey struct {
	Pos PosKind
	// Blend is the number of blend weights used (D3DRS_VERTEXBLEND 0-3);
	// Weights how many the vertex has (fewer read as 0).
	Blend, Weights uint8
	// Indexed is D3DRS_INDEXEDVERTEXBLENDENABLE with indices present;
	// IndicesColor says they are a D3DCOLOR.
	Indexed, IndicesColor bool
	// Tween is D3DVBF_TWEENING with a second position (and TweenNormal a
	// second normal): pos = pos0 + D3DRS_TWEENFACTOR * (pos1 - pos0).
	Tween, TweenNormal bool

	Normal, PSize, Diffuse, Specular bool

	Lighting, NormalizeNormals, LocalViewer, SpecularEnable bool
	// Material colour sources (SrcMaterial, SrcColor1, SrcColor2).
	DiffuseSrc, AmbientSrc, SpecularSrc, EmissiveSrc uint8
	// Lights are the active light types (D3DLIGHT_*, 0 ends the list).
	Lights [MaxLights]uint8

	// NumTex texture coordinate sets are written (texcoord varyings 0..NumTex-1).
	NumTex uint8
	Tex    [MaxStages]TexCoordKey
	// Shader says a pixel shader reads the outputs rather than the
	// texture stages: all MaxStages coordinate sets are made, and a set
	// the vertex lacks (untransformed) is left unwritten, so the pixel
	// stage reads its default.
	Shader bool
	// Pass are the elements (Decl.Varyings bits) a pre-transformed vertex
	// hands a ps_3_0 unchanged, each as the varying of its usage.
	Pass uint16

	Fog      FogOut
	RangeFog bool

	PointScale bool
	// ClipPlanes has bit i set for each enabled user clip plane.
	ClipPlanes uint8
}

// StageKey is one texture stage of the pixel pipeline. Ops are D3DTOP_*,
// args D3DTA_* (with modifiers).
type StageKey struct {
	ColorOp, ColorArg0, ColorArg1, ColorArg2 uint8
	AlphaOp, AlphaArg0, AlphaArg1, AlphaArg2 uint8
	// ResultTemp writes the stage result to TEMP instead of CURRENT.
	ResultTemp bool
	// Tex is the kind of texture bound (SamplerNone: TEXTURE reads 0).
	Tex ir.SamplerKind
	// Project divides the coordinate by its component Project-1 before
	// sampling (D3DTTFF_PROJECTED); 0 means no divide.
	Project uint8
	// Bump is set on the stage after a BUMPENVMAP(LUMINANCE) stage: its
	// coordinate is perturbed by the previous stage's texture. BumpLum is
	// set after a BUMPENVMAPLUMINANCE stage: its texture is scaled by the
	// previous stage's luminance.
	Bump, BumpLum bool
}

// PixelFog is the fog the pixel stage applies.
type PixelFog uint8

const (
	PixelFogNone   PixelFog = iota
	PixelFogVertex          // the fog varying is the factor
	PixelFogLinear          // table fog from the fog varying's distance
	PixelFogExp
	PixelFogExp2
)

// PixelKey is the state that changes the generated pixel shader.
type PixelKey struct {
	Stages      [MaxStages]StageKey
	SpecularAdd bool
	Fog         PixelFog
}

func op(v uint32) uint8 {
	if v < 1 || v > uint32(types.D3DTOP_LERP) {
		return uint8(types.D3DTOP_DISABLE)
	}
	return uint8(v)
}

// colorSource resolves a D3DMCS_* render state for a vertex.
func colorSource(s *State, r types.RenderStateType) uint8 {
	if !s.on(types.D3DRS_COLORVERTEX) {
		return SrcMaterial
	}
	switch uint8(s.rs(r)) {
	case SrcColor1:
		if s.Decl.Diffuse {
			return SrcColor1
		}
	case SrcColor2:
		if s.Decl.Specular {
			return SrcColor2
		}
	}
	return SrcMaterial
}

// numStages is the number of stages before the first disabled colour op.
func numStages(s *State) int {
	for i := 0; i < MaxStages; i++ {
		if op(s.tss(i, types.D3DTSS_COLOROP)) == uint8(types.D3DTOP_DISABLE) {
			return i
		}
	}
	return MaxStages
}

// VertexKeyFor is the vertex key of a draw through the fixed-function
// vertex stage. Behind a pixel shader the texture stages' colour ops do
// not limit the coordinate sets: every set is made, as the shader may read
// any (ps_1_x's t# and texbem included). A pre-transformed vertex drawn
// with a ps_3_0 also hands it those of its blend weights, blend indices,
// normal, tangent, binormal, fog and depth elements the shader reads
// (d.PSUsages) as they are, each as the varying of its usage (what Windows' drivers give, Wine's
// pretransformed_varying_test); ps_3_0 applies no fog of its own, so such
// a fog element replaces the fog output.
func VertexKeyFor(s *State, d Draw) VertexKey {
	if !d.PS {
		return VertexKeyOf(s)
	}
	k := vertexKey(s, MaxStages)
	k.Shader = true
	if k.Pos == PosXYZRHW && d.PSVersion >= 0x300 {
		k.Pass = s.Decl.Varyings & d.PSUsages
		if k.Pass&(1<<ir.UsageFog) != 0 {
			k.Fog = FogOutNone
		}
	}
	return k
}

// VertexKeyOf computes the vertex key from the device state, for the
// fixed-function pixel stage.
func VertexKeyOf(s *State) VertexKey { return vertexKey(s, numStages(s)) }

// vertexKey is the vertex key making n texture coordinate sets.
func vertexKey(s *State, n int) VertexKey {
	var k VertexKey
	d := &s.Decl
	k.Pos = d.Pos
	k.Normal, k.PSize, k.Diffuse, k.Specular = d.Normal, d.PSize, d.Diffuse, d.Specular
	rhw := d.Pos == PosXYZRHW
	if !rhw {
		vb := s.rs(types.D3DRS_VERTEXBLEND)
		switch {
		case s.on(types.D3DRS_INDEXEDVERTEXBLENDENABLE) && d.Indices:
			k.Indexed = true
			k.IndicesColor = d.IndicesColor
			if vb >= 1 && vb <= 3 {
				k.Blend = uint8(vb)
				k.Weights = min(d.BlendWeights, k.Blend)
			}
		case vb >= 1 && vb <= 3:
			// Blending with more weights than the vertex has uses the
			// weights it has (none: no blending).
			k.Blend = min(uint8(vb), d.BlendWeights)
			k.Weights = k.Blend
		case vb == uint32(types.D3DVBF_TWEENING) && d.Position1:
			k.Tween = true
			k.TweenNormal = d.Normal && d.Normal1
		}
		k.NormalizeNormals = s.on(types.D3DRS_NORMALIZENORMALS) && d.Normal
		if s.on(types.D3DRS_LIGHTING) {
			k.Lighting = true
			k.LocalViewer = s.on(types.D3DRS_LOCALVIEWER)
			k.SpecularEnable = s.on(types.D3DRS_SPECULARENABLE)
			k.DiffuseSrc = colorSource(s, types.D3DRS_DIFFUSEMATERIALSOURCE)
			k.AmbientSrc = colorSource(s, types.D3DRS_AMBIENTMATERIALSOURCE)
			k.SpecularSrc = colorSource(s, types.D3DRS_SPECULARMATERIALSOURCE)
			k.EmissiveSrc = colorSource(s, types.D3DRS_EMISSIVEMATERIALSOURCE)
			for i, t := range s.Lights {
				if t < types.D3DLIGHT_POINT || t > types.D3DLIGHT_DIRECTIONAL {
					break
				}
				k.Lights[i] = uint8(t)
			}
		}
		k.PointScale = s.on(types.D3DRS_POINTSCALEENABLE)
		k.LocalViewer = k.LocalViewer && k.SpecularEnable
		if s.on(types.D3DRS_CLIPPING) {
			k.ClipPlanes = uint8(s.rs(types.D3DRS_CLIPPLANEENABLE))
		}
	}
	k.NumTex = uint8(n)
	defer func() {
		// The normal only matters to lighting and normal-based texgen.
		need := k.Lighting
		for i := 0; i < n; i++ {
			if g := k.Tex[i].Gen; g == 1 || g >= 3 {
				need = true
			}
		}
		k.Normal = k.Normal && need && !rhw
		k.TweenNormal = k.TweenNormal && k.Normal
	}()
	for i := 0; i < n; i++ {
		tci := s.tss(i, types.D3DTSS_TEXCOORDINDEX)
		t := &k.Tex[i]
		t.Gen = uint8(tci >> 16)
		t.Index = uint8(tci & 7)
		if rhw || t.Gen > 4 {
			t.Gen = 0
		}
		if t.Gen == 0 {
			if t.Index < d.TexCoords {
				t.Size = d.TexCoordSize[t.Index]
			}
		} else {
			t.Index = 0
			t.Size = 3
			if t.Gen == uint8(types.D3DTSS_TCI_SPHEREMAP>>16) {
				t.Size = 2
			}
			if t.Gen >= uint8(types.D3DTSS_TCI_CAMERASPACEREFLECTIONVECTOR>>16) {
				// The reflection vector depends on the viewer too.
				k.LocalViewer = s.on(types.D3DRS_LOCALVIEWER)
			}
		}
		// Transforms do not apply to pre-transformed vertices, and COUNT1
		// leaves the coordinate alone (as wined3d does).
		if c := uint8(s.tss(i, types.D3DTSS_TEXTURETRANSFORMFLAGS) & 0xff); c >= 2 && c <= 4 && !rhw {
			t.Count = c
		}
	}
	if s.on(types.D3DRS_FOGENABLE) {
		table := types.FogMode(s.rs(types.D3DRS_FOGTABLEMODE))
		vertex := types.FogMode(s.rs(types.D3DRS_FOGVERTEXMODE))
		switch {
		case table >= types.D3DFOG_EXP && table <= types.D3DFOG_LINEAR:
			switch {
			case rhw:
				k.Fog = FogOutScreenZ
			case s.ProjOrtho:
				k.Fog = FogOutDepth
			default:
				k.Fog = FogOutEyeZ
			}
		case !rhw && vertex >= types.D3DFOG_EXP && vertex <= types.D3DFOG_LINEAR:
			k.Fog = [...]FogOut{types.D3DFOG_EXP: FogOutExp, types.D3DFOG_EXP2: FogOutExp2, types.D3DFOG_LINEAR: FogOutLinear}[vertex]
			k.RangeFog = s.on(types.D3DRS_RANGEFOGENABLE)
		default:
			// Pre-transformed vertices, or FOGVERTEXMODE NONE: the
			// application's fog factor in the specular alpha.
			k.Fog = FogOutSpecular
		}
	}
	return k
}

// opArgs says which of arg0, arg1, arg2 an op reads.
func opArgs(o uint8) (a0, a1, a2 bool) {
	switch types.TextureOp(o) {
	case types.D3DTOP_DISABLE:
		return false, false, false
	case types.D3DTOP_SELECTARG1, types.D3DTOP_BUMPENVMAP, types.D3DTOP_BUMPENVMAPLUMINANCE:
		return false, true, false
	case types.D3DTOP_SELECTARG2:
		return false, false, true
	case types.D3DTOP_MULTIPLYADD, types.D3DTOP_LERP:
		return true, true, true
	}
	return false, true, true
}

// usesTexture says whether a stage's colour or alpha op reads D3DTA_TEXTURE.
func (st *StageKey) usesTexture() bool {
	uses := func(o, a0, a1, a2 uint8) bool {
		u0, u1, u2 := opArgs(o)
		if o == uint8(types.D3DTOP_BLENDTEXTUREALPHA) || o == uint8(types.D3DTOP_BLENDTEXTUREALPHAPM) ||
			o == uint8(types.D3DTOP_BUMPENVMAP) || o == uint8(types.D3DTOP_BUMPENVMAPLUMINANCE) {
			return true
		}
		t := func(use bool, a uint8) bool { return use && a&types.D3DTA_SELECTMASK == types.D3DTA_TEXTURE }
		return t(u0, a0) || t(u1, a1) || t(u2, a2)
	}
	return uses(st.ColorOp, st.ColorArg0, st.ColorArg1, st.ColorArg2) ||
		(st.ColorOp != uint8(types.D3DTOP_DOTPRODUCT3) && uses(st.AlphaOp, st.AlphaArg0, st.AlphaArg1, st.AlphaArg2))
}

// PixelKeyOf computes the pixel key from the device state.
func PixelKeyOf(s *State) PixelKey {
	var k PixelKey
	n := numStages(s)
	for i := 0; i < n; i++ {
		st := &k.Stages[i]
		st.ColorOp = op(s.tss(i, types.D3DTSS_COLOROP))
		st.AlphaOp = op(s.tss(i, types.D3DTSS_ALPHAOP))
		a0, a1, a2 := opArgs(st.ColorOp)
		arg := func(use bool, t types.TextureStageStateType) uint8 {
			if !use {
				return 0
			}
			return uint8(s.tss(i, t) & 0x3f)
		}
		st.ColorArg0, st.ColorArg1, st.ColorArg2 = arg(a0, types.D3DTSS_COLORARG0), arg(a1, types.D3DTSS_COLORARG1), arg(a2, types.D3DTSS_COLORARG2)
		if st.ColorOp == uint8(types.D3DTOP_DOTPRODUCT3) {
			st.AlphaOp = uint8(types.D3DTOP_DISABLE) // the dot product replicates to alpha
		}
		a0, a1, a2 = opArgs(st.AlphaOp)
		st.AlphaArg0, st.AlphaArg1, st.AlphaArg2 = arg(a0, types.D3DTSS_ALPHAARG0), arg(a1, types.D3DTSS_ALPHAARG1), arg(a2, types.D3DTSS_ALPHAARG2)
		st.ResultTemp = s.tss(i, types.D3DTSS_RESULTARG)&types.D3DTA_SELECTMASK == types.D3DTA_TEMP
		if i > 0 {
			prev := k.Stages[i-1].ColorOp
			st.Bump = prev == uint8(types.D3DTOP_BUMPENVMAP) || prev == uint8(types.D3DTOP_BUMPENVMAPLUMINANCE)
			st.BumpLum = prev == uint8(types.D3DTOP_BUMPENVMAPLUMINANCE)
		}
	}
	// A stage whose first colour argument is an unbound texture ends the
	// cascade, as D3D9 documents and drivers do.
	for i := 0; i < n; i++ {
		st := &k.Stages[i]
		if _, u1, _ := opArgs(st.ColorOp); u1 && st.ColorArg1&types.D3DTA_SELECTMASK == types.D3DTA_TEXTURE && s.Textures[i] == ir.SamplerNone {
			for j := i; j < n; j++ {
				k.Stages[j] = StageKey{}
			}
			n = i
			break
		}
	}
	// An alpha op whose first argument is an unbound texture does nothing:
	// CURRENT's alpha passes on (the diffuse alpha at stage 0), as the
	// colour rule above ends the colour cascade. Windows' drivers draw so
	// (Wine's test_per_stage_constant blends untextured geometry by its
	// diffuse alpha under the default ALPHAOP SELECTARG1, ALPHAARG1
	// TEXTURE).
	for i := 0; i < n; i++ {
		st := &k.Stages[i]
		if _, u1, _ := opArgs(st.AlphaOp); u1 && st.AlphaArg1&types.D3DTA_SELECTMASK == types.D3DTA_TEXTURE && s.Textures[i] == ir.SamplerNone {
			st.AlphaOp = uint8(types.D3DTOP_DISABLE)
			st.AlphaArg0, st.AlphaArg1, st.AlphaArg2 = 0, 0, 0
		}
	}
	// Texture kinds and projection only matter for stages that sample:
	// those reading TEXTURE and those whose texture a bump stage reads or
	// a PREMODULATE stage before them multiplies in.
	for i := 0; i < n; i++ {
		st := &k.Stages[i]
		sample := st.usesTexture() || (i > 0 && k.Stages[i-1].ColorOp == uint8(types.D3DTOP_PREMODULATE))
		if !sample {
			st.Bump, st.BumpLum = false, false
			continue
		}
		st.Tex = s.Textures[i]
		if st.Tex == ir.SamplerNone {
			continue
		}
		f := s.tss(i, types.D3DTSS_TEXTURETRANSFORMFLAGS)
		if f&uint32(types.D3DTTFF_PROJECTED) != 0 {
			c := uint8(f & 0xff)
			if c == 0 || c > 4 {
				// Without a transform the divide is by the last
				// component of the source coordinate.
				tci := s.tss(i, types.D3DTSS_TEXCOORDINDEX)
				c = 3
				if tci>>16 == 0 {
					c = 0
					if idx := tci & 7; idx < uint32(s.Decl.TexCoords) {
						c = s.Decl.TexCoordSize[idx]
					}
				}
			}
			if c >= 2 {
				st.Project = c
			}
		}
	}
	k.SpecularAdd = s.on(types.D3DRS_SPECULARENABLE)
	if s.on(types.D3DRS_FOGENABLE) {
		table := types.FogMode(s.rs(types.D3DRS_FOGTABLEMODE))
		switch {
		case table >= types.D3DFOG_EXP && table <= types.D3DFOG_LINEAR:
			k.Fog = [...]PixelFog{types.D3DFOG_EXP: PixelFogExp, types.D3DFOG_EXP2: PixelFogExp2, types.D3DFOG_LINEAR: PixelFogLinear}[table]
		default:
			k.Fog = PixelFogVertex
		}
	}
	return k
}
