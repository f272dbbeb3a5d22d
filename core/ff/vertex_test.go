package ff

import (
	"math"
	"testing"

	"mtld3d/types"
)

func unlit() State {
	s := DefaultState()
	s.RS[types.D3DRS_LIGHTING] = 0
	return s
}

func TestTransform(t *testing.T) {
	s := unlit()
	s.Decl = DeclFromFVF(types.D3DFVF_XYZ | types.D3DFVF_DIFFUSE)
	p := NewParams()
	p.World[0] = translate(1, 2, 3)
	p.View = scale(2, 2, 2)
	p.Proj = perspective(math.Pi/2, 1, 1, 100)
	o := runVS(t, &s, p, vsIn{Pos: [4]float32{1, 1, 1, 1}, Diffuse: [4]float32{0.25, 0.5, 0.75, 1}})
	// world (2,3,4) -> eye (4,6,8) -> clip (4, 6, 8*100/99 - 100/99, 8)
	check4(t, "position", o.Pos, [4]float32{4, 6, 8*100.0/99 - 100.0/99, 8})
	check4(t, "diffuse", o.Diffuse, [4]float32{0.25, 0.5, 0.75, 1})
	check4(t, "specular", o.Specular, [4]float32{0, 0, 0, 0})
}

func TestMissingDiffuseIsWhite(t *testing.T) {
	s := unlit()
	o := runVS(t, &s, NewParams(), vsIn{Pos: [4]float32{0, 0, 0, 1}})
	check4(t, "diffuse", o.Diffuse, [4]float32{1, 1, 1, 1})
}

func TestXYZW(t *testing.T) {
	s := unlit()
	s.Decl = DeclFromFVF(types.D3DFVF_XYZW)
	p := NewParams()
	p.World[0] = translate(1, 0, 0)
	o := runVS(t, &s, p, vsIn{Pos: [4]float32{1, 2, 3, 2}})
	check4(t, "position", o.Pos, [4]float32{3, 2, 3, 2})
}

func TestXYZRHWRoundTrip(t *testing.T) {
	s := unlit()
	s.Decl = DeclFromFVF(types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE)
	p := NewParams()
	p.Viewport = types.Viewport9{X: 10, Y: 20, Width: 300, Height: 200, MinZ: 0.25, MaxZ: 0.75}
	for _, v := range [][4]float32{{10, 20, 0.25, 1}, {160.5, 70.25, 0.5, 0.5}, {310, 220, 0.75, 4}, {100, 100, 0.3, 0}} {
		o := runVS(t, &s, p, vsIn{Pos: v, Diffuse: [4]float32{1, 0, 0, 1}})
		wantW := 1 / v[3]
		if v[3] == 0 {
			wantW = 1
		}
		check1(t, "w", o.Pos[3], wantW)
		// Metal's viewport transform of the NDC gives the window position
		// back (the ir half-pixel variant then moves D3D9's integer
		// pixel centres onto Metal's .5 centres).
		vp := p.Viewport
		nx, ny, nz := o.Pos[0]/o.Pos[3], o.Pos[1]/o.Pos[3], o.Pos[2]/o.Pos[3]
		wx := (nx+1)/2*float32(vp.Width) + float32(vp.X)
		wy := (1-ny)/2*float32(vp.Height) + float32(vp.Y)
		wz := vp.MinZ + nz*(vp.MaxZ-vp.MinZ)
		check4(t, "window position", [4]float32{wx, wy, wz, 0}, [4]float32{v[0], v[1], v[2], 0})
	}
}

func TestVertexBlend(t *testing.T) {
	s := unlit()
	s.Decl = DeclFromFVF(types.D3DFVF_XYZB2 | types.D3DFVF_NORMAL)
	s.RS[types.D3DRS_VERTEXBLEND] = uint32(types.D3DVBF_2WEIGHTS)
	p := NewParams()
	p.World[0] = translate(10, 0, 0)
	p.World[1] = translate(0, 10, 0)
	p.World[2] = translate(0, 0, 10)
	o := runVS(t, &s, p, vsIn{Pos: [4]float32{1, 1, 1, 1}, Weights: [4]float32{0.5, 0.25, 0, 1}})
	// 0.5*(11,1,1) + 0.25*(1,11,1) + 0.25*(1,1,11)
	check4(t, "position", o.Pos, [4]float32{6, 3.5, 3.5, 1})

	s.RS[types.D3DRS_VERTEXBLEND] = uint32(types.D3DVBF_1WEIGHTS)
	o = runVS(t, &s, p, vsIn{Pos: [4]float32{1, 1, 1, 1}, Weights: [4]float32{0.75, 0.25, 0, 1}})
	// 0.75*(11,1,1) + 0.25*(1,11,1): the second weight is ignored
	check4(t, "position 1 weight", o.Pos, [4]float32{8.5, 3.5, 1, 1})
}

func TestIndexedVertexBlend(t *testing.T) {
	for _, color := range []bool{false, true} {
		s := unlit()
		fvf := uint32(types.D3DFVF_XYZB2 | types.D3DFVF_LASTBETA_UBYTE4)
		if color {
			fvf = types.D3DFVF_XYZB2 | types.D3DFVF_LASTBETA_D3DCOLOR
		}
		s.Decl = DeclFromFVF(fvf)
		s.RS[types.D3DRS_VERTEXBLEND] = uint32(types.D3DVBF_1WEIGHTS)
		s.RS[types.D3DRS_INDEXEDVERTEXBLENDENABLE] = 1
		p := NewParams()
		p.World[7] = translate(10, 0, 0)
		p.World[200] = translate(0, 20, 0)
		idx := [4]float32{7, 200, 0, 0}
		if color {
			// bytes 7, 200 in memory order read through BGRA: (b2, b1, b0, b3)/255
			idx = [4]float32{0, 200.0 / 255, 7.0 / 255, 0}
		}
		o := runVS(t, &s, p, vsIn{Pos: [4]float32{1, 1, 1, 1}, Weights: [4]float32{0.25, 0, 0, 1}, Indices: idx})
		// 0.25*(11,1,1) + 0.75*(1,21,1)
		check4(t, "position", o.Pos, [4]float32{3.5, 16, 1, 1})
	}
}

// light sets up a lit state with one light and a white material.
func lit(lt types.LightType, l types.Light9) (State, *Params) {
	s := DefaultState()
	s.Decl = DeclFromFVF(types.D3DFVF_XYZ | types.D3DFVF_NORMAL)
	s.Lights[0] = lt
	p := NewParams()
	l.Type = lt
	p.Lights[0] = l
	p.Material.Diffuse = types.ColorValue{R: 1, G: 1, B: 1, A: 0.5}
	return s, p
}

func TestDirectionalLight(t *testing.T) {
	s, p := lit(types.D3DLIGHT_DIRECTIONAL, types.Light9{Diffuse: types.ColorValue{R: 1, G: 0.5, B: 0.25, A: 1}, Direction: types.Vector{X: 0, Y: -1, Z: 1}})
	// N.L with L = -dir normalised = (0, 1, -1)/sqrt2, N = (0, 1, 0): 1/sqrt2
	o := runVS(t, &s, p, vsIn{Pos: [4]float32{0, 0, 5, 1}, Normal: [4]float32{0, 1, 0, 1}})
	f := float32(1 / math.Sqrt2)
	check4(t, "diffuse", o.Diffuse, [4]float32{f, 0.5 * f, 0.25 * f, 0.5})
	// facing away: no diffuse
	o = runVS(t, &s, p, vsIn{Pos: [4]float32{0, 0, 5, 1}, Normal: [4]float32{0, -1, 0, 1}})
	check4(t, "diffuse away", o.Diffuse, [4]float32{0, 0, 0, 0.5})
	// a rotated view rotates the light with the geometry: same result
	p.View = types.Matrix{M: [4][4]float32{{0, 0, 1, 0}, {0, 1, 0, 0}, {-1, 0, 0, 0}, {0, 0, 0, 1}}}
	o = runVS(t, &s, p, vsIn{Pos: [4]float32{0, 0, 5, 1}, Normal: [4]float32{0, 1, 0, 1}})
	check4(t, "diffuse rotated view", o.Diffuse, [4]float32{f, 0.5 * f, 0.25 * f, 0.5})
}

func TestLightingWithoutNormal(t *testing.T) {
	s, p := lit(types.D3DLIGHT_DIRECTIONAL, types.Light9{Diffuse: types.ColorValue{R: 1, G: 1, B: 1}, Ambient: types.ColorValue{R: 0.25}, Direction: types.Vector{Z: 1}})
	s.Decl = DeclFromFVF(types.D3DFVF_XYZ)
	p.Material.Ambient = types.ColorValue{R: 1, G: 1, B: 1}
	p.Material.Emissive = types.ColorValue{B: 0.5}
	s.RS[types.D3DRS_AMBIENT] = 0x00004000 // g = 64/255
	o := runVS(t, &s, p, vsIn{Pos: [4]float32{0, 0, 5, 1}})
	check4(t, "diffuse", o.Diffuse, [4]float32{0.25, 64.0 / 255, 0.5, 0.5})
}

func TestPointLight(t *testing.T) {
	l := types.Light9{Diffuse: types.ColorValue{R: 1, G: 1, B: 1}, Position: types.Vector{X: 0, Y: 4, Z: 0},
		Range: 10, Attenuation0: 1, Attenuation1: 0.5, Attenuation2: 0.25}
	s, p := lit(types.D3DLIGHT_POINT, l)
	// vertex at origin, normal (0,1,0): d = 4, N.L = 1, att = 1/(1 + 2 + 4)
	o := runVS(t, &s, p, vsIn{Pos: [4]float32{0, 0, 0, 1}, Normal: [4]float32{0, 1, 0, 1}})
	a := float32(1.0 / 7)
	check4(t, "diffuse", o.Diffuse, [4]float32{a, a, a, 0.5})
	// at 45 degrees: vertex (4, 0, 0): L = (-4, 4, 0)/d, d = 4 sqrt2, N.L = 1/sqrt2
	d := float32(4 * math.Sqrt2)
	a = 1 / (1 + 0.5*d + 0.25*d*d) / float32(math.Sqrt2)
	o = runVS(t, &s, p, vsIn{Pos: [4]float32{4, 0, 0, 1}, Normal: [4]float32{0, 1, 0, 1}})
	check4(t, "diffuse 45", o.Diffuse, [4]float32{a, a, a, 0.5})
	// beyond the range
	p.Lights[0].Range = 3.9
	o = runVS(t, &s, p, vsIn{Pos: [4]float32{0, 0, 0, 1}, Normal: [4]float32{0, 1, 0, 1}})
	check4(t, "diffuse out of range", o.Diffuse, [4]float32{0, 0, 0, 0.5})
}

func TestSpotLight(t *testing.T) {
	// light at (0,10,0) pointing down; theta 60 degrees (inner cos 30 = 0.866),
	// phi 120 degrees (outer cos 60 = 0.5), falloff 2.
	l := types.Light9{Diffuse: types.ColorValue{R: 1, G: 1, B: 1}, Position: types.Vector{Y: 10}, Direction: types.Vector{Y: -1},
		Range: 100, Attenuation0: 1, Theta: math.Pi / 3, Phi: 2 * math.Pi / 3, Falloff: 2}
	s, p := lit(types.D3DLIGHT_SPOT, l)
	n := [4]float32{0, 1, 0, 1}
	// straight below: inside the inner cone, spot 1, N.L 1
	o := runVS(t, &s, p, vsIn{Pos: [4]float32{0, 0, 0, 1}, Normal: n})
	check4(t, "inside", o.Diffuse, [4]float32{1, 1, 1, 0.5})
	// at 45 degrees off axis (x = 10): rho = cos 45 = 0.7071, in the falloff
	// region: ((0.7071-0.5)/(0.8660-0.5))^2; N.L = 0.7071
	o = runVS(t, &s, p, vsIn{Pos: [4]float32{10, 0, 0, 1}, Normal: n})
	rho := 1 / math.Sqrt2
	sp := math.Pow((rho-0.5)/(math.Cos(math.Pi/6)-0.5), 2)
	v := float32(sp * rho)
	check4(t, "falloff", o.Diffuse, [4]float32{v, v, v, 0.5})
	// at 71.6 degrees (x = 30): outside the outer cone
	o = runVS(t, &s, p, vsIn{Pos: [4]float32{30, 0, 0, 1}, Normal: n})
	check4(t, "outside", o.Diffuse, [4]float32{0, 0, 0, 0.5})
}

func TestMaterialSources(t *testing.T) {
	l := types.Light9{Diffuse: types.ColorValue{R: 1, G: 1, B: 1}, Ambient: types.ColorValue{R: 1, G: 1, B: 1}, Direction: types.Vector{Z: 1}}
	s, p := lit(types.D3DLIGHT_DIRECTIONAL, l)
	s.Decl = DeclFromFVF(types.D3DFVF_XYZ | types.D3DFVF_NORMAL | types.D3DFVF_DIFFUSE | types.D3DFVF_SPECULAR)
	p.Material = types.Material9{Diffuse: types.ColorValue{R: 0.1, A: 0.3}, Ambient: types.ColorValue{G: 0.1}, Emissive: types.ColorValue{B: 0.1}}
	in := vsIn{Pos: [4]float32{0, 0, 5, 1}, Normal: [4]float32{0, 0, -1, 1},
		Diffuse: [4]float32{0.2, 0, 0, 0.7}, Specular: [4]float32{0, 0.2, 0, 0.9}}
	set := func(d, a, e types.MaterialColorSource) {
		s.RS[types.D3DRS_DIFFUSEMATERIALSOURCE] = uint32(d)
		s.RS[types.D3DRS_AMBIENTMATERIALSOURCE] = uint32(a)
		s.RS[types.D3DRS_EMISSIVEMATERIALSOURCE] = uint32(e)
	}
	// N.L = 1: diffuse = Ce + Ca*La + Cd*Ld
	set(types.D3DMCS_MATERIAL, types.D3DMCS_MATERIAL, types.D3DMCS_MATERIAL)
	check4(t, "material", runVS(t, &s, p, in).Diffuse, [4]float32{0.1, 0.1, 0.1, 0.3})
	set(types.D3DMCS_COLOR1, types.D3DMCS_MATERIAL, types.D3DMCS_MATERIAL)
	check4(t, "diffuse color1", runVS(t, &s, p, in).Diffuse, [4]float32{0.2, 0.1, 0.1, 0.7})
	set(types.D3DMCS_MATERIAL, types.D3DMCS_COLOR2, types.D3DMCS_MATERIAL)
	check4(t, "ambient color2", runVS(t, &s, p, in).Diffuse, [4]float32{0.1, 0.2, 0.1, 0.3})
	set(types.D3DMCS_MATERIAL, types.D3DMCS_MATERIAL, types.D3DMCS_COLOR1)
	check4(t, "emissive color1", runVS(t, &s, p, in).Diffuse, [4]float32{0.3, 0.1, 0, 0.3})
	// COLORVERTEX off: material everywhere
	set(types.D3DMCS_COLOR1, types.D3DMCS_COLOR2, types.D3DMCS_COLOR1)
	s.RS[types.D3DRS_COLORVERTEX] = 0
	check4(t, "colorvertex off", runVS(t, &s, p, in).Diffuse, [4]float32{0.1, 0.1, 0.1, 0.3})
	// a colour the vertex lacks falls back to the material
	s.RS[types.D3DRS_COLORVERTEX] = 1
	s.Decl = DeclFromFVF(types.D3DFVF_XYZ | types.D3DFVF_NORMAL)
	check4(t, "missing colours", runVS(t, &s, p, in).Diffuse, [4]float32{0.1, 0.1, 0.1, 0.3})
}

func TestSpecular(t *testing.T) {
	l := types.Light9{Specular: types.ColorValue{R: 1, G: 1, B: 1}, Direction: types.Vector{X: 0, Y: 0, Z: 1}}
	s, p := lit(types.D3DLIGHT_DIRECTIONAL, l)
	s.RS[types.D3DRS_SPECULARENABLE] = 1
	s.RS[types.D3DRS_SPECULARMATERIALSOURCE] = uint32(types.D3DMCS_MATERIAL)
	p.Material.Specular = types.ColorValue{R: 1, G: 0.5, B: 1, A: 0.25}
	p.Material.Power = 4
	// light towards -z (L = (0,0,-1)); normal tilted 30 degrees in x
	n := [4]float32{float32(math.Sin(math.Pi / 6)), 0, -float32(math.Cos(math.Pi / 6)), 1}
	pos := [4]float32{5, 0, 5, 1}
	// non-local viewer: V = (0,0,-1), H = (0,0,-1), N.H = cos 30
	s.RS[types.D3DRS_LOCALVIEWER] = 0
	o := runVS(t, &s, p, vsIn{Pos: pos, Normal: n})
	sp := float32(math.Pow(math.Cos(math.Pi/6), 4))
	check4(t, "specular non-local", o.Specular, [4]float32{sp, 0.5 * sp, sp, 0.25})
	// local viewer: V = normalize(-pos) = (-1, 0, -1)/sqrt2; H = normalize(L + V)
	s.RS[types.D3DRS_LOCALVIEWER] = 1
	o = runVS(t, &s, p, vsIn{Pos: pos, Normal: n})
	vx, vz := -1/math.Sqrt2, -1/math.Sqrt2
	hx, hz := vx, vz-1
	hl := math.Hypot(hx, hz)
	nh := (float64(n[0])*hx + float64(n[2])*hz) / hl
	sp = float32(math.Pow(nh, 4))
	check4(t, "specular local", o.Specular, [4]float32{sp, 0.5 * sp, sp, 0.25})
	// SPECULARENABLE off: no specular lighting
	s.RS[types.D3DRS_SPECULARENABLE] = 0
	o = runVS(t, &s, p, vsIn{Pos: pos, Normal: n})
	check4(t, "specular off", o.Specular, [4]float32{0, 0, 0, 0.25})
}

func TestNormalizeNormals(t *testing.T) {
	s, p := lit(types.D3DLIGHT_DIRECTIONAL, types.Light9{Diffuse: types.ColorValue{R: 1, G: 1, B: 1}, Direction: types.Vector{Y: -1}})
	p.Material.Diffuse = types.ColorValue{R: 0.25, G: 0.25, B: 0.25, A: 1}
	p.World[0] = scale(2, 2, 2)
	// the inverse transpose of a uniform scale 2 halves the normal
	o := runVS(t, &s, p, vsIn{Pos: [4]float32{0, 0, 0, 1}, Normal: [4]float32{0, 1, 0, 1}})
	check4(t, "unnormalised", o.Diffuse, [4]float32{0.125, 0.125, 0.125, 1})
	s.RS[types.D3DRS_NORMALIZENORMALS] = 1
	o = runVS(t, &s, p, vsIn{Pos: [4]float32{0, 0, 0, 1}, Normal: [4]float32{0, 1, 0, 1}})
	check4(t, "normalised", o.Diffuse, [4]float32{0.25, 0.25, 0.25, 1})
}

func TestTweening(t *testing.T) {
	s := unlit()
	s.Decl = DeclFromFVF(types.D3DFVF_XYZ)
	s.Decl.Position1 = true
	s.RS[types.D3DRS_VERTEXBLEND] = uint32(types.D3DVBF_TWEENING)
	setF(&s, types.D3DRS_TWEENFACTOR, 0.25)
	k := VertexKeyOf(&s)
	if !k.Tween {
		t.Fatal("tweening not keyed")
	}
	sh := VertexShader(k)
	m, err := newVSMachine(sh)
	if err != nil {
		t.Fatal(err)
	}
	ins := make([][4]float32, len(sh.Inputs))
	for i, d := range sh.Inputs {
		if d.UsageIndex == 1 {
			ins[i] = [4]float32{4, 8, 0, 1}
		} else {
			ins[i] = [4]float32{0, 0, 4, 1}
		}
	}
	out := m(&s, ins)
	check4(t, "tweened position", out, [4]float32{1, 2, 3, 1})
}

func TestBlendWithoutWeights(t *testing.T) {
	// VERTEXBLEND set but the vertex has no weights: world matrix 0 alone
	s := unlit()
	s.RS[types.D3DRS_VERTEXBLEND] = uint32(types.D3DVBF_2WEIGHTS)
	p := NewParams()
	p.World[0] = translate(1, 0, 0)
	p.World[2] = translate(0, 5, 0)
	check4(t, "position", runVS(t, &s, p, vsIn{Pos: [4]float32{0, 0, 0, 1}}).Pos, [4]float32{1, 0, 0, 1})
}

func TestDeclFromFVFBetas(t *testing.T) {
	// D3DFVF_XYZBn carries n floats after the position; with a LASTBETA
	// flag the last of them is the blend indices.
	for n, pos := range []uint32{types.D3DFVF_XYZB1, types.D3DFVF_XYZB2, types.D3DFVF_XYZB3, types.D3DFVF_XYZB4,
		types.D3DFVF_XYZB5} {
		betas := uint8(n + 1)
		if d := DeclFromFVF(pos); d.BlendWeights != min(betas, 4) || d.Indices {
			t.Errorf("XYZB%d: %d weights, indices %v", betas, d.BlendWeights, d.Indices)
		}
		if d := DeclFromFVF(pos | types.D3DFVF_LASTBETA_UBYTE4); d.BlendWeights != betas-1 || !d.Indices {
			t.Errorf("XYZB%d|LASTBETA_UBYTE4: %d weights, indices %v", betas, d.BlendWeights, d.Indices)
		}
	}
}
