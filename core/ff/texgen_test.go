package ff

import (
	"math"
	"testing"

	"mtld3d/core/ir"

	"mtld3d/types"
)

func TestTexCoordIndex(t *testing.T) {
	s := unlit()
	s.Decl = DeclFromFVF(types.D3DFVF_XYZ | types.D3DFVF_TEX2)
	s.TSS[1][types.D3DTSS_COLOROP] = uint32(types.D3DTOP_MODULATE)
	setTSS(&s, 0, types.D3DTSS_TEXCOORDINDEX, 1)
	setTSS(&s, 1, types.D3DTSS_TEXCOORDINDEX, 5) // beyond the FVF's two sets
	in := vsIn{Pos: [4]float32{0, 0, 0, 1}}
	in.Tex[0] = [4]float32{0.1, 0.2, 0, 1}
	in.Tex[1] = [4]float32{0.3, 0.4, 0, 1}
	o := runVS(t, &s, NewParams(), in)
	check4(t, "stage 0 from set 1", o.Tex[0], [4]float32{0.3, 0.4, 0, 1})
	check4(t, "stage 1 from a missing set", o.Tex[1], [4]float32{0, 0, 0, 1})
}

func texgenState(gen uint32) State {
	s := unlit()
	s.Decl = DeclFromFVF(types.D3DFVF_XYZ | types.D3DFVF_NORMAL)
	setTSS(&s, 0, types.D3DTSS_TEXCOORDINDEX, gen)
	return s
}

func TestTexGen(t *testing.T) {
	p := NewParams()
	p.View = types.Matrix{M: [4][4]float32{{0, 0, 1, 0}, {0, 1, 0, 0}, {-1, 0, 0, 0}, {0, 0, 5, 1}}} // rotate about y, then z += 5
	in := vsIn{Pos: [4]float32{1, 2, 3, 1}, Normal: [4]float32{1, 0, 0, 1}}

	s := texgenState(types.D3DTSS_TCI_CAMERASPACENORMAL)
	check4(t, "camera-space normal", runVS(t, &s, p, in).Tex[0], [4]float32{0, 0, 1, 1})
	s = texgenState(types.D3DTSS_TCI_CAMERASPACEPOSITION)
	// (1,2,3) -> (-3, 2, 1+5)
	check4(t, "camera-space position", runVS(t, &s, p, in).Tex[0], [4]float32{-3, 2, 6, 1})

	// reflection: identity view, non-local viewer I = (0,0,1), N = (1,0,-1)/sqrt2 -> R = (1,0,0)
	p = NewParams()
	h := float32(1 / math.Sqrt2)
	in = vsIn{Pos: [4]float32{0, 0, 5, 1}, Normal: [4]float32{h, 0, -h, 1}}
	s = texgenState(types.D3DTSS_TCI_CAMERASPACEREFLECTIONVECTOR)
	s.RS[types.D3DRS_LOCALVIEWER] = 0
	check4(t, "reflection", runVS(t, &s, p, in).Tex[0], [4]float32{1, 0, 0, 1})
	// local viewer: I = normalize(pos) = (0,0,1) here as well; move the vertex
	// to (5,0,5): I = (1,0,1)/sqrt2, N.I = 0 -> R = I
	s.RS[types.D3DRS_LOCALVIEWER] = 1
	in.Pos = [4]float32{5, 0, 5, 1}
	check4(t, "reflection local", runVS(t, &s, p, in).Tex[0], [4]float32{h, 0, h, 1})

	// sphere map of R = (1,0,0): m = 2|R - (0,0,1)| = 2 sqrt2
	s = texgenState(types.D3DTSS_TCI_SPHEREMAP)
	s.RS[types.D3DRS_LOCALVIEWER] = 0
	in.Pos = [4]float32{0, 0, 5, 1}
	u := float32(1/(2*math.Sqrt2) + 0.5)
	check4(t, "sphere map", runVS(t, &s, p, in).Tex[0], [4]float32{u, 0.5, 0, 1})
	// facing the viewer: R = (0,0,-1) -> the centre
	in.Normal = [4]float32{0, 0, -1, 1}
	check4(t, "sphere map centre", runVS(t, &s, p, in).Tex[0], [4]float32{0.5, 0.5, 0, 1})
}

func TestTextureTransform(t *testing.T) {
	s := unlit()
	s.Decl = DeclFromFVF(types.D3DFVF_XYZ | types.D3DFVF_TEX1)
	p := NewParams()
	// a 2D coordinate is extended to (u, v, 1, 0): translation sits in row 3
	p.Texture[0] = Identity
	p.Texture[0].M[2] = [4]float32{0.25, 0.5, 1, 0}
	p.Texture[0].M[3] = [4]float32{100, 100, 100, 1}
	in := vsIn{Pos: [4]float32{0, 0, 0, 1}}
	in.Tex[0] = [4]float32{0.1, 0.2, 0, 1} // as the vertex descriptor widens (u, v)
	setTSS(&s, 0, types.D3DTSS_TEXTURETRANSFORMFLAGS, uint32(types.D3DTTFF_COUNT2))
	check4(t, "count2", runVS(t, &s, p, in).Tex[0], [4]float32{0.35, 0.7, 0, 0})
	setTSS(&s, 0, types.D3DTSS_TEXTURETRANSFORMFLAGS, uint32(types.D3DTTFF_COUNT3|types.D3DTTFF_PROJECTED))
	s.Textures[0] = 1
	o := runVS(t, &s, p, in)
	check4(t, "count3", o.Tex[0], [4]float32{0.35, 0.7, 1, 0})
	if k := PixelKeyOf(&s); k.Stages[0].Project != 3 {
		t.Errorf("projected count3 divides by component %d, want 3 (z)", k.Stages[0].Project)
	}
	// a 3D coordinate is extended with w = 1: row 4 translates
	s.Decl = DeclFromFVF(types.D3DFVF_XYZ | types.D3DFVF_TEX1 | types.D3DFVF_TEXCOORDSIZE3(0))
	p.Texture[0] = translate(1, 2, 3)
	in.Tex[0] = [4]float32{0.1, 0.2, 0.3, 1}
	setTSS(&s, 0, types.D3DTSS_TEXTURETRANSFORMFLAGS, uint32(types.D3DTTFF_COUNT4))
	check4(t, "count4 of 3D", runVS(t, &s, p, in).Tex[0], [4]float32{1.1, 2.2, 3.3, 1})
	// COUNT1 leaves the coordinate alone; so does DISABLE
	setTSS(&s, 0, types.D3DTSS_TEXTURETRANSFORMFLAGS, uint32(types.D3DTTFF_COUNT1))
	check4(t, "count1", runVS(t, &s, p, in).Tex[0], in.Tex[0])
	setTSS(&s, 0, types.D3DTSS_TEXTURETRANSFORMFLAGS, uint32(types.D3DTTFF_DISABLE))
	check4(t, "disable", runVS(t, &s, p, in).Tex[0], in.Tex[0])
	// generated coordinates are 3D: (x, y, z, 1)
	s = texgenState(types.D3DTSS_TCI_CAMERASPACEPOSITION)
	setTSS(&s, 0, types.D3DTSS_TEXTURETRANSFORMFLAGS, uint32(types.D3DTTFF_COUNT2))
	p.Texture[0] = translate(1, 2, 3)
	check4(t, "texgen transform", runVS(t, &s, p, vsIn{Pos: [4]float32{1, 1, 1, 1}}).Tex[0], [4]float32{2, 3, 0, 0})
}

func TestProjectedSample(t *testing.T) {
	s := DefaultState()
	s.Decl = DeclFromFVF(types.D3DFVF_XYZ | types.D3DFVF_TEX1 | types.D3DFVF_TEXCOORDSIZE3(0))
	s.Textures[0] = 1 // 2D
	s.TSS[0][types.D3DTSS_COLOROP] = uint32(types.D3DTOP_SELECTARG1)
	setTSS(&s, 0, types.D3DTSS_TEXTURETRANSFORMFLAGS, uint32(types.D3DTTFF_COUNT3|types.D3DTTFF_PROJECTED))
	var got [4]float32
	tex := func(_ int, c [4]float32) [4]float32 { got = c; return [4]float32{1, 1, 1, 1} }
	in := psIn{Diffuse: [4]float32{1, 1, 1, 1}}
	in.Tex[0] = [4]float32{1, 3, 4, 0}
	runPS(t, &s, in, tex)
	if !near(got[0], 0.25) || !near(got[1], 0.75) {
		t.Errorf("projected coordinate %v, want (0.25, 0.75)", got)
	}
	// pre-transformed vertices are not transformed but still projected
	s.Decl.Pos = PosXYZRHW
	runPS(t, &s, in, tex)
	if !near(got[0], 0.25) || !near(got[1], 0.75) {
		t.Errorf("projected XYZRHW coordinate %v, want (0.25, 0.75)", got)
	}
	s.Decl.Pos = PosXYZ
	// without a transform, PROJECTED divides by the last component of the set
	setTSS(&s, 0, types.D3DTSS_TEXTURETRANSFORMFLAGS, uint32(types.D3DTTFF_PROJECTED))
	runPS(t, &s, in, tex)
	if !near(got[0], 0.25) || !near(got[1], 0.75) {
		t.Errorf("projected 3D set %v, want (0.25, 0.75)", got)
	}
}

func fogState(vertex, table types.FogMode) State {
	s := unlit()
	s.RS[types.D3DRS_FOGENABLE] = 1
	s.RS[types.D3DRS_FOGVERTEXMODE] = uint32(vertex)
	s.RS[types.D3DRS_FOGTABLEMODE] = uint32(table)
	setF(&s, types.D3DRS_FOGSTART, 10)
	setF(&s, types.D3DRS_FOGEND, 20)
	setF(&s, types.D3DRS_FOGDENSITY, 0.1)
	s.RS[types.D3DRS_FOGCOLOR] = 0x00ff0000
	return s
}

func TestVertexFog(t *testing.T) {
	p := NewParams()
	pos := [4]float32{0, 9, 12, 1}
	s := fogState(types.D3DFOG_LINEAR, types.D3DFOG_NONE)
	check1(t, "linear", runVS(t, &s, p, vsIn{Pos: pos}).Fog[0], 0.8) // (20-12)/10
	s.RS[types.D3DRS_RANGEFOGENABLE] = 1
	check1(t, "linear range", runVS(t, &s, p, vsIn{Pos: pos}).Fog[0], 0.5) // distance 15
	s = fogState(types.D3DFOG_EXP, types.D3DFOG_NONE)
	check1(t, "exp", runVS(t, &s, p, vsIn{Pos: [4]float32{0, 0, 10, 1}}).Fog[0], float32(math.Exp(-1)))
	s = fogState(types.D3DFOG_EXP2, types.D3DFOG_NONE)
	check1(t, "exp2", runVS(t, &s, p, vsIn{Pos: [4]float32{0, 0, 20, 1}}).Fog[0], float32(math.Exp(-4)))
	// beyond the end / before the start clamp to 0 / 1
	s = fogState(types.D3DFOG_LINEAR, types.D3DFOG_NONE)
	check1(t, "linear far", runVS(t, &s, p, vsIn{Pos: [4]float32{0, 0, 30, 1}}).Fog[0], 0)
	check1(t, "linear near", runVS(t, &s, p, vsIn{Pos: [4]float32{0, 0, 3, 1}}).Fog[0], 1)

	// the pixel stage blends with the fog colour: f*c + (1-f)*fog
	in := psIn{Diffuse: [4]float32{0, 0, 1, 1}, Fog: [4]float32{0.25, 0, 0, 0}}
	check4(t, "vertex fog blend", runPS(t, &s, in, nil), [4]float32{0.75, 0, 0.25, 1})
}

func TestTableFog(t *testing.T) {
	p := NewParams()
	p.Proj = perspective(math.Pi/2, 1, 1, 100)
	s := fogState(types.D3DFOG_NONE, types.D3DFOG_LINEAR)
	o := runVS(t, &s, p, vsIn{Pos: [4]float32{3, 4, 12, 1}})
	check1(t, "eye depth", o.Fog[0], 12)
	in := psIn{Diffuse: [4]float32{0, 0, 1, 1}, Fog: [4]float32{12, 0, 0, 0}}
	check4(t, "table linear", runPS(t, &s, in, nil), [4]float32{0.2, 0, 0.8, 1})
	s.RS[types.D3DRS_FOGTABLEMODE] = uint32(types.D3DFOG_EXP)
	in.Fog[0] = 10
	e := float32(math.Exp(-1))
	check4(t, "table exp", runPS(t, &s, in, nil), [4]float32{1 - e, 0, e, 1})
	s.RS[types.D3DRS_FOGTABLEMODE] = uint32(types.D3DFOG_EXP2)
	in.Fog[0] = 20
	e = float32(math.Exp(-4))
	check4(t, "table exp2", runPS(t, &s, in, nil), [4]float32{1 - e, 0, e, 1})
	// range fog does not apply to table fog
	s.RS[types.D3DRS_RANGEFOGENABLE] = 1
	check1(t, "table ignores range", runVS(t, &s, p, vsIn{Pos: [4]float32{3, 4, 12, 1}}).Fog[0], 12)
	// an orthogonal projection fogs by depth (z/w after projection)
	s.ProjOrtho = true
	p.Proj = scale(1, 1, 0.01)
	check1(t, "ortho depth", runVS(t, &s, p, vsIn{Pos: [4]float32{3, 4, 12, 1}}).Fog[0], 0.12)
}

func TestPretransformedFog(t *testing.T) {
	p := NewParams()
	s := fogState(types.D3DFOG_LINEAR, types.D3DFOG_NONE)
	s.Decl = DeclFromFVF(types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE | types.D3DFVF_SPECULAR)
	in := vsIn{Pos: [4]float32{10, 10, 0.5, 1}, Specular: [4]float32{0, 0, 0, 0.25}}
	check1(t, "specular alpha", runVS(t, &s, p, in).Fog[0], 0.25)
	s.Decl = DeclFromFVF(types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE)
	check1(t, "no specular: no fog", runVS(t, &s, p, in).Fog[0], 1)
	s.RS[types.D3DRS_FOGTABLEMODE] = uint32(types.D3DFOG_LINEAR)
	check1(t, "table fog uses z", runVS(t, &s, p, in).Fog[0], 0.5)
}

func TestPointSize(t *testing.T) {
	s := unlit()
	p := NewParams()
	setF(&s, types.D3DRS_POINTSIZE, 2)
	setF(&s, types.D3DRS_POINTSIZE_MAX, 256)
	check1(t, "size", runVS(t, &s, p, vsIn{Pos: [4]float32{0, 0, 5, 1}}).PSize, 2)
	s.Decl = DeclFromFVF(types.D3DFVF_XYZ | types.D3DFVF_PSIZE)
	check1(t, "vertex size", runVS(t, &s, p, vsIn{Pos: [4]float32{0, 0, 5, 1}, PSize: [4]float32{3, 0, 0, 1}}).PSize, 3)
	// scaled: Vh * Si * sqrt(1/(A + B*De + C*De^2)), De = 5
	s.Decl = DeclFromFVF(types.D3DFVF_XYZ)
	s.RS[types.D3DRS_POINTSCALEENABLE] = 1
	setF(&s, types.D3DRS_POINTSCALE_A, 0)
	setF(&s, types.D3DRS_POINTSCALE_B, 0)
	setF(&s, types.D3DRS_POINTSCALE_C, 1)
	check1(t, "scaled", runVS(t, &s, p, vsIn{Pos: [4]float32{0, 3, 4, 1}}).PSize, 480*2/5.0)
	setF(&s, types.D3DRS_POINTSCALE_A, 1)
	setF(&s, types.D3DRS_POINTSCALE_B, 2)
	setF(&s, types.D3DRS_POINTSCALE_C, 0)
	setF(&s, types.D3DRS_POINTSIZE_MAX, 1000)
	check1(t, "scaled linear", runVS(t, &s, p, vsIn{Pos: [4]float32{0, 3, 4, 1}}).PSize, float32(480*2/math.Sqrt(11)))
	setF(&s, types.D3DRS_POINTSIZE_MAX, 64)
	check1(t, "clamped max", runVS(t, &s, p, vsIn{Pos: [4]float32{0, 3, 4, 1}}).PSize, 64)
	setF(&s, types.D3DRS_POINTSIZE_MIN, 300)
	setF(&s, types.D3DRS_POINTSIZE_MAX, 400)
	check1(t, "clamped min", runVS(t, &s, p, vsIn{Pos: [4]float32{0, 3, 4, 1}}).PSize, 300)
}

func TestClipPlanes(t *testing.T) {
	s := unlit()
	s.RS[types.D3DRS_CLIPPLANEENABLE] = 0b101
	p := NewParams()
	p.View = translate(0, 0, 5)
	p.ClipPlanes[0] = [4]float32{0, 1, 0, -1} // y >= 1 in world space
	p.ClipPlanes[2] = [4]float32{1, 0, 0, 0}  // x >= 0
	p.World[0] = translate(0, 1, 0)
	o := runVS(t, &s, p, vsIn{Pos: [4]float32{-2, 2, 0, 1}})
	if len(o.Clip) != 2 {
		t.Fatalf("%d clip distances, want 2", len(o.Clip))
	}
	check1(t, "plane 0", o.Clip[0], 2)
	check1(t, "plane 2", o.Clip[1], -2)
	s.RS[types.D3DRS_CLIPPING] = 0
	if o := runVS(t, &s, p, vsIn{Pos: [4]float32{-2, 2, 0, 1}}); len(o.Clip) != 0 {
		t.Errorf("clipping off still writes %d clip distances", len(o.Clip))
	}
}

func TestTransformMissingSet(t *testing.T) {
	// a set the vertex lacks is (0,0,0,1): the transform gives the matrix's fourth row
	s := unlit()
	setTSS(&s, 0, types.D3DTSS_TEXTURETRANSFORMFLAGS, uint32(types.D3DTTFF_COUNT2))
	p := NewParams()
	p.Texture[0] = translate(0.5, 0.25, 0)
	check4(t, "missing set", runVS(t, &s, p, vsIn{Pos: [4]float32{0, 0, 0, 1}}).Tex[0], [4]float32{0.5, 0.25, 0, 0})
}

func TestShadowTexture(t *testing.T) {
	s := DefaultState()
	s.Decl = DeclFromFVF(types.D3DFVF_XYZ | types.D3DFVF_TEX1 | types.D3DFVF_TEXCOORDSIZE4(0))
	s.Textures[0] = ir.SamplerShadow2D
	s.TSS[0][types.D3DTSS_COLOROP] = uint32(types.D3DTOP_SELECTARG1)
	setTSS(&s, 0, types.D3DTSS_TEXTURETRANSFORMFLAGS, uint32(types.D3DTTFF_COUNT4|types.D3DTTFF_PROJECTED))
	sh := PixelShader(PixelKeyOf(&s))
	if d := sh.Sampler(0); d == nil || d.Kind != ir.SamplerShadow2D {
		t.Fatalf("sampler 0 declared as %+v", d)
	}
	var ref float32
	tex := texFunc(func(_ int, c [4]float32) [4]float32 { ref = c[2]; return [4]float32{0.5, 0.5, 0.5, 0.5} })
	in := psIn{Diffuse: [4]float32{1, 1, 1, 1}}
	in.Tex[0] = [4]float32{1, 1, 1, 2}
	check4(t, "shadow", runPS(t, &s, in, tex), [4]float32{0.5, 0.5, 0.5, 0.5})
	check1(t, "reference z/w", ref, 0.5)
}
