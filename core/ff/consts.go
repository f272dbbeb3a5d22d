package ff

import (
	"math"

	"mtld3d/core/ir"
	"mtld3d/types"
)

// Vertex-stage float constant layout (c# registers, float4 each, buffer
// msl.BufferConstF). Matrices are stored as their four columns, so
// dp4(v, column j) is component j of the D3D9 row-vector product v*M.
const (
	VSProj          = 0  // 4: projection matrix columns
	VSTexMatrix0    = 4  // 8 x 4: texture transform s columns at VSTexMatrix0+4s
	VSMatDiffuse    = 36 // material diffuse rgba
	VSMatAmbient    = 37 // material ambient rgba
	VSMatSpecular   = 38 // material specular rgba
	VSMatEmissive   = 39 // material emissive rgba
	VSMatPower      = 40 // x: material power, y: D3DRS_TWEENFACTOR
	VSAmbient       = 41 // D3DRS_AMBIENT as rgba
	VSPointScale    = 42 // D3DRS_POINTSCALE_A, _B, _C, viewport height
	VSViewportScale = 43 // XYZRHW to NDC: (2/W, -2/H, 1/(far-near), 0), DepthRange's near and far
	VSViewportOfs   = 44 // (-1-2X/W, 1+2Y/H, -near/(far-near), 0)
	VSClipPlane0    = 45 // 8 user clip planes in eye space
	VSLight0        = 53 // 8 lights x VSLightSize registers
	VSLightSize     = 8
	// Per light, relative to VSLight0 + VSLightSize*i:
	LightDiffuse  = 0 // rgba
	LightSpecular = 1 // rgba
	LightAmbient  = 2 // rgba
	LightPosition = 3 // eye-space position, w = 1
	LightDir      = 4 // eye-space unit vector towards the light (directional) or the spot direction (spot)
	LightAtten    = 5 // range, attenuation0, attenuation1, attenuation2
	LightSpot     = 6 // cos(theta/2), cos(phi/2), falloff, 1/(cos(theta/2)-cos(phi/2))
	// VSPalette is the world-view matrix palette: entry i (D3DTS_WORLDMATRIX(i))
	// is VSPaletteSize registers at VSPalette+VSPaletteSize*i: the 4
	// columns of World_i*View, then the upper 3x3 of rows 0-2 of
	// normalMatrix(World_i*View) (its inverse), so dp3(n, row j) is the
	// normal's component j under the inverse transpose, then one unused
	// register.
	VSPalette     = 120
	VSPaletteSize = 8
	// PaletteSmall and PaletteIndexed are the palette entries present
	// without and with indexed vertex blending.
	PaletteSmall   = 4
	PaletteIndexed = 256
)

// PaletteEntries is the number of palette entries a key reads.
func (k *VertexKey) PaletteEntries() int {
	if k.Indexed {
		return PaletteIndexed
	}
	return PaletteSmall
}

// NumVSConst is the float constant registers the vertex shader of k reads.
func (k *VertexKey) NumVSConst() int { return VSPalette + VSPaletteSize*k.PaletteEntries() }

// Pixel-stage float constant layout.
const (
	PSConstant0 = 0 // D3DTSS_CONSTANT of stage s at PSConstant0+s, rgba
	NumPSConst  = 8
)

// Params is the D3D9 data ff shaders read that is not in the keys:
// transforms, lights, material, viewport and clip planes. Colours and fog
// parameters come from State.RS.
type Params struct {
	// World[i] is D3DTS_WORLDMATRIX(i) (World[0] is D3DTS_WORLD).
	World      [PaletteIndexed]types.Matrix
	View, Proj types.Matrix
	Texture    [MaxStages]types.Matrix
	// Lights hold the active lights in State.Lights' order.
	Lights   [MaxLights]types.Light9
	Material types.Material9
	Viewport types.Viewport9
	// ClipPlanes are the D3D9 user clip planes (world space).
	ClipPlanes [MaxClipPlanes][4]float32
}

// Identity is the identity matrix.
var Identity = types.Matrix{M: [4][4]float32{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}}

// NewParams returns Params with identity transforms and a 640x480 viewport.
func NewParams() *Params {
	p := &Params{View: Identity, Proj: Identity}
	for i := range p.World {
		p.World[i] = Identity
	}
	for i := range p.Texture {
		p.Texture[i] = Identity
	}
	p.Viewport = types.Viewport9{Width: 640, Height: 480, MaxZ: 1}
	return p
}

// Mul returns a*b.
func Mul(a, b *types.Matrix) types.Matrix {
	var r types.Matrix
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			var s float64
			for k := 0; k < 4; k++ {
				s += float64(a.M[i][k]) * float64(b.M[k][j])
			}
			r.M[i][j] = float32(s)
		}
	}
	return r
}

// Invert returns the inverse of m and whether it exists.
func Invert(m *types.Matrix) (types.Matrix, bool) {
	var a [4][8]float64
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			a[i][j] = float64(m.M[i][j])
		}
		a[i][4+i] = 1
	}
	for c := 0; c < 4; c++ {
		p := c
		for r := c + 1; r < 4; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if a[p][c] == 0 {
			return types.Matrix{}, false
		}
		a[c], a[p] = a[p], a[c]
		inv := 1 / a[c][c]
		for j := range a[c] {
			a[c][j] *= inv
		}
		for r := 0; r < 4; r++ {
			if r != c && a[r][c] != 0 {
				f := a[r][c]
				for j := range a[r] {
					a[r][j] -= f * a[c][j]
				}
			}
		}
	}
	var r types.Matrix
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			r.M[i][j] = float32(a[i][4+j])
		}
	}
	return r, true
}

// normalMatrix is the matrix whose upper 3x3 rows the palette holds for
// normals: the inverse of the whole 4x4 world-view matrix, so a
// projective (non-affine) world matrix bends normals as Windows does
// (Wine's lighting_test: a normal it sends to zero lights nothing), and
// the matrix itself when it has no inverse (that test's singular world
// matrix lights its quad fully; D3D's older versions used a singular
// matrix unchanged, which is what drivers are seen to keep doing).
func normalMatrix(wv *types.Matrix) types.Matrix {
	if inv, ok := Invert(wv); ok {
		return inv
	}
	return *wv
}

func columns(dst [][4]float32, m *types.Matrix) {
	for j := 0; j < 4; j++ {
		dst[j] = [4]float32{m.M[0][j], m.M[1][j], m.M[2][j], m.M[3][j]}
	}
}

// Color converts a D3DCOLOR (A8R8G8B8) to rgba in 0..1.
func Color(c uint32) [4]float32 {
	return [4]float32{float32(c>>16&255) / 255, float32(c>>8&255) / 255, float32(c&255) / 255, float32(c>>24) / 255}
}

func cv(c types.ColorValue) [4]float32 { return [4]float32{c.R, c.G, c.B, c.A} }

// xform transforms (x, y, z, w) by m (row vector).
func xform(v [4]float32, m *types.Matrix) [4]float32 {
	var r [4]float32
	for j := 0; j < 4; j++ {
		r[j] = v[0]*m.M[0][j] + v[1]*m.M[1][j] + v[2]*m.M[2][j] + v[3]*m.M[3][j]
	}
	return r
}

func normalize3(v [4]float32) [4]float32 {
	l := float32(math.Sqrt(float64(v[0]*v[0] + v[1]*v[1] + v[2]*v[2])))
	if l == 0 {
		return [4]float32{}
	}
	return [4]float32{v[0] / l, v[1] / l, v[2] / l, 0}
}

// VertexConstants returns the float constants (NumVSConst registers) the
// vertex shader of k reads, from the device state and parameters.
func VertexConstants(k *VertexKey, s *State, p *Params) [][4]float32 {
	return VertexConstantsTo(nil, k, s, p)
}

// VertexConstantsTo is VertexConstants reusing c's storage, so a draw
// loop allocates nothing.
func VertexConstantsTo(c [][4]float32, k *VertexKey, s *State, p *Params) [][4]float32 {
	c = sized(c, k.NumVSConst())
	columns(c[VSProj:], &p.Proj)
	for i := 0; i < MaxStages; i++ {
		columns(c[VSTexMatrix0+4*i:], &p.Texture[i])
	}
	m := &p.Material
	c[VSMatDiffuse] = cv(m.Diffuse)
	c[VSMatAmbient] = cv(m.Ambient)
	c[VSMatSpecular] = cv(m.Specular)
	c[VSMatEmissive] = cv(m.Emissive)
	c[VSMatPower] = [4]float32{m.Power, s.rsf(types.D3DRS_TWEENFACTOR), 0, 0}
	c[VSAmbient] = Color(s.rs(types.D3DRS_AMBIENT))
	vp := &p.Viewport
	c[VSPointScale] = [4]float32{s.rsf(types.D3DRS_POINTSCALE_A), s.rsf(types.D3DRS_POINTSCALE_B), s.rsf(types.D3DRS_POINTSCALE_C), float32(vp.Height)}
	w, h := float32(max(vp.Width, 1)), float32(max(vp.Height, 1))
	// Pre-transformed z is the depth: undo the viewport's depth mapping.
	var zs, zo float32
	if near, far := DepthRange(vp); far != near {
		zs = 1 / (far - near)
		zo = -near * zs
	}
	c[VSViewportScale] = [4]float32{2 / w, -2 / h, zs, 0}
	c[VSViewportOfs] = [4]float32{-1 - 2*float32(vp.X)/w, 1 + 2*float32(vp.Y)/h, zo, 0}
	// Clip planes: world space to eye space. p_world = p_eye * inverse(View),
	// so dot(p_world, P) = dot(p_eye, inverse(View) * P).
	vinv, ok := Invert(&p.View)
	for i := 0; i < MaxClipPlanes; i++ {
		pl := p.ClipPlanes[i]
		if ok {
			var q [4]float32
			for j := 0; j < 4; j++ {
				q[j] = vinv.M[j][0]*pl[0] + vinv.M[j][1]*pl[1] + vinv.M[j][2]*pl[2] + vinv.M[j][3]*pl[3]
			}
			pl = q
		}
		c[VSClipPlane0+i] = pl
	}
	for i := 0; i < MaxLights; i++ {
		l := &p.Lights[i]
		b := c[VSLight0+VSLightSize*i:]
		b[LightDiffuse] = cv(l.Diffuse)
		b[LightSpecular] = cv(l.Specular)
		b[LightAmbient] = cv(l.Ambient)
		pos := xform([4]float32{l.Position.X, l.Position.Y, l.Position.Z, 1}, &p.View)
		b[LightPosition] = pos
		dir := normalize3(xform([4]float32{l.Direction.X, l.Direction.Y, l.Direction.Z, 0}, &p.View))
		if l.Type == types.D3DLIGHT_DIRECTIONAL {
			dir = [4]float32{-dir[0], -dir[1], -dir[2], 0}
		}
		b[LightDir] = dir
		b[LightAtten] = [4]float32{l.Range, l.Attenuation0, l.Attenuation1, l.Attenuation2}
		ct := float32(math.Cos(float64(l.Theta) / 2))
		cp := float32(math.Cos(float64(l.Phi) / 2))
		var inv float32
		if ct > cp {
			inv = 1 / (ct - cp)
		}
		b[LightSpot] = [4]float32{ct, cp, l.Falloff, inv}
	}
	VertexPaletteTo(c, k, p)
	return c
}

// VertexPaletteTo rewrites the world-view matrix palette of c, which
// VertexConstantsTo made for k: all a world matrix change touches.
func VertexPaletteTo(c [][4]float32, k *VertexKey, p *Params) {
	for i := 0; i < k.PaletteEntries(); i++ {
		wv := Mul(&p.World[i], &p.View)
		b := c[VSPalette+VSPaletteSize*i:]
		columns(b, &wv)
		nm := normalMatrix(&wv)
		for j := 0; j < 3; j++ {
			b[4+j] = [4]float32{nm.M[j][0], nm.M[j][1], nm.M[j][2], 0}
		}
	}
}

// PixelConstants returns the pixel shader's float constants (NumPSConst
// registers): the per-stage D3DTSS_CONSTANT colours.
func PixelConstants(s *State) [][4]float32 { return PixelConstantsTo(nil, s) }

// PixelConstantsTo is PixelConstants reusing c's storage.
func PixelConstantsTo(c [][4]float32, s *State) [][4]float32 {
	c = sized(c, NumPSConst)
	for i := 0; i < MaxStages; i++ {
		c[PSConstant0+i] = Color(s.tss(i, types.D3DTSS_CONSTANT))
	}
	return c
}

// FillDrawState writes the ir draw-state registers ff shaders read: fog
// (start, end, density, 1/(end-start)), fog colour, alpha reference, point
// size (size, min, max), texture factor and the bump-env matrices and
// luminance per stage. ds must hold ir.DSCount registers. The viewport
// fit and half-pixel offset (identity here) and clip planes are the
// encoder's (ff computes its own clip distances and does not use
// DSClipPlane0).
func FillDrawState(ds [][4]float32, s *State) {
	start, end := s.rsf(types.D3DRS_FOGSTART), s.rsf(types.D3DRS_FOGEND)
	var inv float32
	switch {
	case end != start:
		inv = 1 / (end - start)
	case tableFog(s) != ir.FogNone:
		// Table fog with start = end is a step at end: unfogged before
		// it, fogged from it on (Wine's fog_special_test on Windows).
		// A finite scale keeps (end - d) * inv free of 0 * inf.
		inv = math.MaxFloat32
	}
	// Vertex fog with start = end fogs everything: inv stays 0.
	ds[ir.DSFog] = [4]float32{start, end, s.rsf(types.D3DRS_FOGDENSITY), inv}
	ds[ir.DSHalfPixel] = [4]float32{0, 0, 1, 1} // positions as they are, until FillViewState
	ds[ir.DSFogColor] = Color(s.rs(types.D3DRS_FOGCOLOR))
	ds[ir.DSAlphaRef] = [4]float32{float32(s.rs(types.D3DRS_ALPHAREF)&255) / 255, float32(s.rs(types.D3DRS_ALPHAREF) & 255)}
	ds[ir.DSPointSize] = [4]float32{s.rsf(types.D3DRS_POINTSIZE), s.rsf(types.D3DRS_POINTSIZE_MIN), s.rsf(types.D3DRS_POINTSIZE_MAX)}
	ds[ir.DSTextureFactor] = Color(s.rs(types.D3DRS_TEXTUREFACTOR))
	for i := 0; i < MaxStages; i++ {
		f := func(t types.TextureStageStateType) float32 { return math.Float32frombits(s.tss(i, t)) }
		ds[ir.DSBumpEnv0+i] = [4]float32{f(types.D3DTSS_BUMPENVMAT00), f(types.D3DTSS_BUMPENVMAT01), f(types.D3DTSS_BUMPENVMAT10), f(types.D3DTSS_BUMPENVMAT11)}
		ds[ir.DSBumpLum0+i] = [4]float32{f(types.D3DTSS_BUMPENVLSCALE), f(types.D3DTSS_BUMPENVLOFFSET)}
	}
}

// sized returns c with length n, zeroed, reusing its storage if it can.
func sized(c [][4]float32, n int) [][4]float32 {
	if cap(c) < n {
		return make([][4]float32, n)
	}
	c = c[:n]
	clear(c)
	return c
}
