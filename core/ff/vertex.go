package ff

import (
	"mtld3d/core/ir"
	"mtld3d/types"
)

// Vertex attribute locations of the generated vertex shader's inputs.
const (
	LocPosition     = 0 // UsagePosition (UsagePositionT for XYZRHW)
	LocBlendWeight  = 1
	LocBlendIndices = 2
	LocNormal       = 3
	LocPSize        = 4
	LocDiffuse      = 5  // UsageColor 0
	LocSpecular     = 6  // UsageColor 1
	LocTexCoord0    = 7  // UsageTexCoord i at LocTexCoord0+i
	LocPosition1    = 15 // tweening: UsagePosition 1
	LocNormal1      = 16 // tweening: UsageNormal 1
	// Read only to pass them on (VertexKey.Pass), usage index 0.
	LocTangent  = 17
	LocBinormal = 18
	LocFog      = 19
	LocDepth    = 20
)

// passLocation is where the vertex shader reads an element it passes on.
func passLocation(u ir.Usage) int {
	switch u {
	case ir.UsageBlendWeight:
		return LocBlendWeight
	case ir.UsageBlendIndices:
		return LocBlendIndices
	case ir.UsageNormal:
		return LocNormal
	case ir.UsageTangent:
		return LocTangent
	case ir.UsageBinormal:
		return LocBinormal
	case ir.UsageFog:
		return LocFog
	}
	return LocDepth
}

const log2e = 1.4426950408889634

// VertexShader generates the fixed-function vertex shader for k. Outputs:
// position, colour 0 (diffuse) and 1 (specular), texcoord 0..NumTex-1,
// fog (when k.Fog is set), point size, and one clip distance per enabled
// clip plane.
func VertexShader(k VertexKey) *ir.Shader {
	b := newBuilder(ir.StageVertex)
	b.s.NumConstF = k.NumVSConst()
	v := &vs{b: b, k: &k}
	if k.Pos == PosXYZRHW {
		v.pretransformed()
	} else {
		v.transform()
	}
	v.colors()
	v.texcoords()
	v.fog()
	v.pass()
	v.pointSize()
	v.clipPlanes()
	return b.finish()
}

type vs struct {
	b *builder
	k *VertexKey

	pos    ir.Src // the input position
	eye    ir.Reg // eye-space position (non-rhw)
	normal ir.Reg // eye-space normal xyz (non-rhw; zero without a normal input)
	clip   ir.Reg // the position output
	diff   ir.Reg // colour 0 output
	spec   ir.Reg // colour 1 output
}

func (v *vs) specularIn() (ir.Src, bool) {
	if !v.k.Specular {
		return imm(0, 0, 0, 0), false
	}
	return v.b.input(ir.UsageColor, 1, LocSpecular), true
}

func (v *vs) diffuseIn() ir.Src {
	if !v.k.Diffuse {
		return imm(1, 1, 1, 1)
	}
	return v.b.input(ir.UsageColor, 0, LocDiffuse)
}

// pretransformed maps an XYZRHW position from window coordinates back to
// clip space: NDC from the viewport, then times w = 1/rhw so the
// rasterizer's divide gives the NDC back and interpolation is
// perspective-correct. rhw = 0 uses w = 1.
func (v *vs) pretransformed() {
	b := v.b
	v.pos = b.input(ir.UsagePositionT, 0, LocPosition)
	v.clip = b.output(ir.Output{Kind: ir.OutPosition})
	t := b.temp()
	zero := b.btemp()
	b.op(ir.OpMad, t.D(ir.MaskXYZ), v.pos, c(VSViewportScale), c(VSViewportOfs))
	b.op(ir.OpEq, zero.D(ir.MaskX), w(v.pos), imm1(0))
	b.op(ir.OpRcp, t.D(ir.MaskW), w(v.pos))
	b.op(ir.OpSelect, t.D(ir.MaskW), x(zero.S()), imm1(1), w(t.S()))
	b.op(ir.OpMul, v.clip.D(ir.MaskXYZ), t.S(), w(t.S()))
	b.op(ir.OpMov, v.clip.D(ir.MaskW), w(t.S()))
}

func (v *vs) needNormal() bool {
	k := v.k
	if !k.Normal {
		return false
	}
	if k.Lighting {
		return true
	}
	for i := 0; i < int(k.NumTex); i++ {
		if g := k.Tex[i].Gen; g == 1 || g == 3 || g == 4 {
			return true
		}
	}
	return false
}

// transform computes the eye-space position and normal with vertex
// blending, then the clip-space position.
func (v *vs) transform() {
	b, k := v.b, v.k
	v.pos = b.input(ir.UsagePosition, 0, LocPosition)
	v.eye = b.temp()
	v.normal = b.temp()
	needN := v.needNormal()
	var nrm ir.Src
	if needN {
		nrm = b.input(ir.UsageNormal, 0, LocNormal)
	}
	if k.Tween {
		// pos = pos0 + t*(pos1 - pos0), t = D3DRS_TWEENFACTOR
		t := b.temp()
		tw := y(c(VSMatPower))
		b.op(ir.OpLrp, t.D(0), tw, b.input(ir.UsagePosition, 1, LocPosition1), v.pos)
		v.pos = t.S()
		if needN && k.TweenNormal {
			tn := b.temp()
			b.op(ir.OpLrp, tn.D(0), tw, b.input(ir.UsageNormal, 1, LocNormal1), nrm)
			nrm = tn.S()
		}
	}
	// mat(j, r) is register r of the palette entry blend matrix j uses.
	mat := func(j, r int) ir.Src { return c(VSPalette + VSPaletteSize*j + r) }
	nmat := k.Blend + 1
	if k.Indexed {
		idx := b.input(ir.UsageBlendIndices, 0, LocBlendIndices)
		f := b.temp()
		if k.IndicesColor {
			// D3DCOLOR indices: byte i of the colour in memory is index i;
			// the BGRA-normalised read gives them as .zyxw / 255.
			b.op(ir.OpMul, f.D(0), idx.Swz('z', 'y', 'x', 'w'), imm1(255*VSPaletteSize))
		} else {
			b.op(ir.OpMul, f.D(0), idx, imm1(VSPaletteSize))
		}
		a := ir.ITemp(b.s.NumITemps)
		b.s.NumITemps++
		b.op(ir.OpF2IRound, a.D(0), f.S())
		mat = func(j, r int) ir.Src {
			return ir.ConstF(VSPalette+r).Relative(a, uint8(j)).S()
		}
	} else if k.Blend == 0 {
		nmat = 1
	}
	var wts ir.Src
	if k.Blend > 0 && k.Weights > 0 {
		wts = b.input(ir.UsageBlendWeight, 0, LocBlendWeight)
	}
	weight := b.temp() // x: weight of matrix j; y: sum of the weights so far
	tp, tn := b.temp(), b.temp()
	for j := 0; j < int(nmat); j++ {
		last := j == int(nmat)-1
		dstP, dstN := v.eye, v.normal
		if nmat > 1 {
			dstP, dstN = tp, tn
		}
		for r := 0; r < 4; r++ {
			b.emit(&ir.Inst{Op: ir.OpDp4, Dst: dstP.D(ir.Mask(1 << r)), Src: []ir.Src{v.pos, mat(j, r)}})
		}
		if needN {
			for r := 0; r < 3; r++ {
				b.op(ir.OpDp3, dstN.D(ir.Mask(1<<r)), nrm, mat(j, 4+r))
			}
		}
		if nmat == 1 {
			break
		}
		// weight j: the vertex's weight j, or 1 - the sum for the last.
		switch {
		case last:
			b.op(ir.OpSub, weight.D(ir.MaskX), imm1(1), y(weight.S()))
		case j < int(k.Weights):
			b.op(ir.OpMov, weight.D(ir.MaskX), wts.Swz(uint8(j)))
		default:
			b.op(ir.OpMov, weight.D(ir.MaskX), imm1(0))
		}
		if j == 0 {
			b.op(ir.OpMov, weight.D(ir.MaskY), x(weight.S()))
			b.op(ir.OpMul, v.eye.D(0), tp.S(), x(weight.S()))
			if needN {
				b.op(ir.OpMul, v.normal.D(ir.MaskXYZ), tn.S(), x(weight.S()))
			}
		} else {
			if !last {
				b.op(ir.OpAdd, weight.D(ir.MaskY), y(weight.S()), x(weight.S()))
			}
			b.op(ir.OpMad, v.eye.D(0), tp.S(), x(weight.S()), v.eye.S())
			if needN {
				b.op(ir.OpMad, v.normal.D(ir.MaskXYZ), tn.S(), x(weight.S()), v.normal.S())
			}
		}
	}
	if needN && k.NormalizeNormals {
		b.op(ir.OpNrm, v.normal.D(ir.MaskXYZ), v.normal.S().Swz('x', 'y', 'z', 'z'))
	}
	v.clip = b.output(ir.Output{Kind: ir.OutPosition})
	for r := 0; r < 4; r++ {
		b.op(ir.OpDp4, v.clip.D(ir.Mask(1<<r)), v.eye.S(), c(VSProj+r))
	}
}

// material returns the colour of a material source.
func (v *vs) material(src uint8, mat int) ir.Src {
	switch src {
	case SrcColor1:
		return v.diffuseIn()
	case SrcColor2:
		if s, ok := v.specularIn(); ok {
			return s
		}
	}
	return c(mat)
}

func (v *vs) colors() {
	b, k := v.b, v.k
	v.diff = b.output(ir.Output{Kind: ir.OutVarying, Usage: ir.UsageColor, UsageIndex: 0})
	v.spec = b.output(ir.Output{Kind: ir.OutVarying, Usage: ir.UsageColor, UsageIndex: 1})
	if !k.Lighting || k.Pos == PosXYZRHW {
		b.sat(ir.OpMov, v.diff.D(0), v.diffuseIn())
		s, _ := v.specularIn()
		b.sat(ir.OpMov, v.spec.D(0), s)
		return
	}
	amb, dif, spc := b.temp(), b.temp(), b.temp()
	b.op(ir.OpMov, amb.D(0), imm1(0))
	b.op(ir.OpMov, dif.D(0), imm1(0))
	b.op(ir.OpMov, spc.D(0), imm1(0))
	// toViewer: the unit vector from the vertex to the camera, or (0,0,-1)
	// for a viewer at infinity (D3D9 eye space looks down +z).
	toViewer := imm(0, 0, -1, 0)
	if k.LocalViewer && k.SpecularEnable {
		tv := b.temp()
		b.op(ir.OpNrm, tv.D(ir.MaskXYZ), v.eye.S().Swz('x', 'y', 'z', 'z').Negate())
		b.op(ir.OpMov, tv.D(ir.MaskW), imm1(0))
		toViewer = tv.S()
	}
	L, f, h, lit, d := b.temp(), b.temp(), b.temp(), b.temp(), b.temp()
	cond := b.btemp()
	for i, t := range k.Lights {
		if t == 0 {
			break
		}
		base := VSLight0 + VSLightSize*i
		lc := func(r int) ir.Src { return c(base + r) }
		// f.x: attenuation * spot factor; L.xyz: unit vector to the light.
		if types.LightType(t) == types.D3DLIGHT_DIRECTIONAL {
			b.op(ir.OpMov, L.D(ir.MaskXYZ), lc(LightDir))
			b.op(ir.OpMov, f.D(ir.MaskX), imm1(1))
		} else {
			b.op(ir.OpSub, L.D(ir.MaskXYZ), lc(LightPosition), v.eye.S())
			b.op(ir.OpDp3, d.D(ir.MaskY), L.S(), L.S())                                                           // d.y = dist^2
			b.op(ir.OpRsq, d.D(ir.MaskW), y(d.S()))                                                               // d.w = 1/dist
			b.emit(&ir.Inst{Op: ir.OpMul, Dst: L.D(ir.MaskXYZ), Src: []ir.Src{L.S(), w(d.S())}, LegacyMul: true}) // normalise
			b.op(ir.OpMul, d.D(ir.MaskX), y(d.S()), w(d.S()))                                                     // d.x = dist
			// f.x = 1 / (a0 + a1*d + a2*d^2), 0 beyond the range
			b.op(ir.OpMad, f.D(ir.MaskX), z(lc(LightAtten)), x(d.S()), y(lc(LightAtten)))
			b.op(ir.OpMad, f.D(ir.MaskX), w(lc(LightAtten)), y(d.S()), x(f.S()))
			b.op(ir.OpRcp, f.D(ir.MaskX), x(f.S()))
			b.op(ir.OpGt, cond.D(ir.MaskX), x(d.S()), x(lc(LightAtten)))
			b.op(ir.OpSelect, f.D(ir.MaskX), x(cond.S()), imm1(0), x(f.S()))
			if types.LightType(t) == types.D3DLIGHT_SPOT {
				// rho = cos of the angle between the spot direction and
				// the light-to-vertex vector.
				b.op(ir.OpDp3, d.D(ir.MaskZ), L.S().Negate(), lc(LightDir))
				// f.y = ((rho - cos(phi/2)) / (cos(theta/2) - cos(phi/2)))^falloff
				b.op(ir.OpSub, f.D(ir.MaskY), z(d.S()), y(lc(LightSpot)))
				b.sat(ir.OpMul, f.D(ir.MaskY), y(f.S()), w(lc(LightSpot)))
				b.op(ir.OpPow, f.D(ir.MaskY), y(f.S()), z(lc(LightSpot)))
				// outside phi: 0; inside theta: 1
				b.op(ir.OpGt, cond.D(ir.MaskX), z(d.S()), y(lc(LightSpot)))
				b.op(ir.OpSelect, f.D(ir.MaskY), x(cond.S()), y(f.S()), imm1(0))
				b.op(ir.OpGt, cond.D(ir.MaskX), z(d.S()), x(lc(LightSpot)))
				b.op(ir.OpSelect, f.D(ir.MaskY), x(cond.S()), imm1(1), y(f.S()))
				b.op(ir.OpMul, f.D(ir.MaskX), x(f.S()), y(f.S()))
			}
		}
		// lit(N.L, N.H, 0, power): y = max(N.L, 0), z = specular term
		// (0 where N.L <= 0).
		b.op(ir.OpDp3, lit.D(ir.MaskX), v.normal.S(), L.S())
		if k.SpecularEnable {
			b.op(ir.OpAdd, h.D(ir.MaskXYZ), L.S(), toViewer)
			b.op(ir.OpNrm, h.D(ir.MaskXYZ), h.S().Swz('x', 'y', 'z', 'z'))
			b.op(ir.OpDp3, lit.D(ir.MaskY), v.normal.S(), h.S())
			b.op(ir.OpMov, lit.D(ir.MaskW), x(c(VSMatPower)))
			b.op(ir.OpLit, lit.D(0), lit.S())
		} else {
			// Without specular only lit's y is read: N.L where it is
			// positive, else 0, which is max (NaN and -0 give +0 too).
			b.op(ir.OpMax, lit.D(ir.MaskY), x(lit.S()), imm1(0))
		}
		b.op(ir.OpMad, amb.D(0), lc(LightAmbient), x(f.S()), amb.S())
		if k.SpecularEnable {
			b.op(ir.OpMul, lit.D(ir.MaskY|ir.MaskZ), lit.S(), x(f.S()))
		} else {
			b.op(ir.OpMul, lit.D(ir.MaskY), lit.S(), x(f.S()))
		}
		b.op(ir.OpMad, dif.D(0), lc(LightDiffuse), y(lit.S()), dif.S())
		if k.SpecularEnable {
			b.op(ir.OpMad, spc.D(0), lc(LightSpecular), z(lit.S()), spc.S())
		}
	}
	cd := v.material(k.DiffuseSrc, VSMatDiffuse)
	ca := v.material(k.AmbientSrc, VSMatAmbient)
	cs := v.material(k.SpecularSrc, VSMatSpecular)
	ce := v.material(k.EmissiveSrc, VSMatEmissive)
	// diffuse = Ce + Ca*(Ga + sum La*f) + Cd*sum(Ld*N.L*f), alpha Cd.a
	b.op(ir.OpAdd, amb.D(0), amb.S(), c(VSAmbient))
	b.op(ir.OpMad, amb.D(ir.MaskXYZ), ca, amb.S(), ce)
	// Saturating each output component where it is computed gives the
	// bits a saturating move of the assembled colour would.
	b.sat(ir.OpMad, v.diff.D(ir.MaskXYZ), cd, dif.S(), amb.S())
	b.sat(ir.OpMov, v.diff.D(ir.MaskW), w(cd))
	// specular = Cs * sum(Ls*(N.H)^P*f), alpha Cs.a
	b.sat(ir.OpMul, v.spec.D(ir.MaskXYZ), cs, spc.S())
	b.sat(ir.OpMov, v.spec.D(ir.MaskW), w(cs))
}

// texcoords writes texcoord s for each active stage.
func (v *vs) texcoords() {
	b, k := v.b, v.k
	var refl ir.Reg
	haveRefl := false
	reflection := func() ir.Reg {
		if haveRefl {
			return refl
		}
		haveRefl = true
		refl = b.temp()
		// R = I - 2 (N.I) N with I the unit vector from the camera to the
		// vertex (local viewer) or (0,0,1).
		i := imm(0, 0, 1, 0)
		if k.LocalViewer {
			ti := b.temp()
			b.op(ir.OpNrm, ti.D(ir.MaskXYZ), v.eye.S().Swz('x', 'y', 'z', 'z'))
			b.op(ir.OpMov, ti.D(ir.MaskW), imm1(0))
			i = ti.S()
		}
		b.op(ir.OpDp3, refl.D(ir.MaskW), v.normal.S(), i)
		b.op(ir.OpMul, refl.D(ir.MaskW), w(refl.S()), imm1(-2))
		b.op(ir.OpMad, refl.D(ir.MaskXYZ), v.normal.S(), w(refl.S()), i)
		b.op(ir.OpMov, refl.D(ir.MaskW), imm1(1))
		return refl
	}
	for s := 0; s < int(k.NumTex); s++ {
		t := &k.Tex[s]
		if k.Shader && t.Gen == 0 && t.Size == 0 && t.Count == 0 {
			continue // the shader reads the default of a set the vertex lacks
		}
		out := b.output(ir.Output{Kind: ir.OutVarying, Usage: ir.UsageTexCoord, UsageIndex: uint8(s)})
		src := imm(0, 0, 0, 1)
		switch t.Gen {
		case 0:
			if t.Size > 0 {
				src = b.input(ir.UsageTexCoord, t.Index, LocTexCoord0+int(t.Index))
			}
		case 1, 2: // CAMERASPACENORMAL, CAMERASPACEPOSITION
			g := b.temp()
			r := v.normal
			if t.Gen == 2 {
				r = v.eye
			}
			b.op(ir.OpMov, g.D(ir.MaskXYZ), r.S())
			b.op(ir.OpMov, g.D(ir.MaskW), imm1(1))
			src = g.S()
		case 3:
			src = reflection().S()
		case 4: // SPHEREMAP: u = Rx/m + 0.5, v = -Ry/m + 0.5, m = 2|R - (0,0,1)|
			r := reflection()
			g := b.temp()
			b.op(ir.OpAdd, g.D(ir.MaskXYZ), r.S(), imm(0, 0, -1, 0))
			b.op(ir.OpDp3, g.D(ir.MaskW), g.S(), g.S())
			b.op(ir.OpRsq, g.D(ir.MaskW), w(g.S()))
			b.op(ir.OpMul, g.D(ir.MaskW), w(g.S()), imm1(0.5))
			b.op(ir.OpMad, g.D(ir.MaskX), x(r.S()), w(g.S()), imm1(0.5))
			b.op(ir.OpMad, g.D(ir.MaskY), y(r.S()), w(g.S()).Negate(), imm1(0.5))
			b.op(ir.OpMov, g.D(ir.MaskZ|ir.MaskW), imm(0, 0, 0, 1))
			src = g.S()
		}
		if t.Count == 0 {
			b.op(ir.OpMov, out.D(0), src)
			continue
		}
		// Extend a vertex coordinate: the component after the last is 1,
		// the rest 0 (so a 2D coordinate's translation is row 3).
		// Generated and missing coordinates are used as they are.
		e := b.temp()
		b.op(ir.OpMov, e.D(0), src)
		if t.Gen == 0 && t.Size > 0 && t.Size < 4 {
			b.op(ir.OpMov, e.D(ir.Mask(1<<t.Size)), imm1(1))
			if rest := ir.Mask(0xf) &^ ir.Mask((2<<t.Size)-1); rest != 0 {
				b.op(ir.OpMov, e.D(rest), imm1(0))
			}
		}
		b.op(ir.OpMov, out.D(0), imm1(0))
		for r := 0; r < int(t.Count); r++ {
			b.op(ir.OpDp4, out.D(ir.Mask(1<<r)), e.S(), c(VSTexMatrix0+4*s+r))
		}
	}
}

// pass hands the elements VertexKey.Pass names to the pixel stage.
func (v *vs) pass() {
	b := v.b
	for _, u := range PassUsages {
		if v.k.Pass&(1<<u) == 0 {
			continue
		}
		out := b.output(ir.Output{Kind: ir.OutVarying, Usage: u})
		b.op(ir.OpMov, out.D(0), b.input(u, 0, passLocation(u)))
	}
}

func (v *vs) fog() {
	b, k := v.b, v.k
	if k.Fog == FogOutNone {
		return
	}
	out := b.output(ir.Output{Kind: ir.OutVarying, Usage: ir.UsageFog})
	f := b.temp()
	dist := func() ir.Src {
		if k.RangeFog {
			b.op(ir.OpDp3, f.D(ir.MaskX), v.eye.S(), v.eye.S())
			b.op(ir.OpSqrt, f.D(ir.MaskX), x(f.S()))
			return x(f.S())
		}
		return z(v.eye.S()).Absolute()
	}
	fog := ds(ir.DSFog)
	switch k.Fog {
	case FogOutLinear: // (end - d) / (end - start)
		b.op(ir.OpSub, f.D(ir.MaskX), y(fog), dist())
		b.sat(ir.OpMul, out.D(0), x(f.S()), w(fog))
	case FogOutExp: // e^-(d*density)
		b.op(ir.OpMul, f.D(ir.MaskX), dist(), z(fog))
		b.op(ir.OpMul, f.D(ir.MaskX), x(f.S()), imm1(-log2e))
		b.sat(ir.OpExp2, out.D(0), x(f.S()))
	case FogOutExp2: // e^-(d*density)^2
		b.op(ir.OpMul, f.D(ir.MaskX), dist(), z(fog))
		b.op(ir.OpMul, f.D(ir.MaskX), x(f.S()), x(f.S()))
		b.op(ir.OpMul, f.D(ir.MaskX), x(f.S()), imm1(-log2e))
		b.sat(ir.OpExp2, out.D(0), x(f.S()))
	case FogOutSpecular:
		if s, ok := v.specularIn(); ok {
			b.op(ir.OpMov, out.D(0), w(s))
		} else {
			b.op(ir.OpMov, out.D(0), imm1(1))
		}
	case FogOutEyeZ:
		b.op(ir.OpMov, out.D(0), z(v.eye.S()).Absolute())
	case FogOutDepth:
		b.op(ir.OpDiv, out.D(0), z(v.clip.S()), w(v.clip.S()))
	case FogOutScreenZ:
		b.op(ir.OpMov, out.D(0), z(v.pos))
	}
}

// pointSize writes the point size: the vertex's or D3DRS_POINTSIZE, scaled
// by the distance when POINTSCALEENABLE, clamped to [min, max].
func (v *vs) pointSize() {
	b, k := v.b, v.k
	out := b.output(ir.Output{Kind: ir.OutPointSize})
	size := x(ds(ir.DSPointSize))
	if k.PSize {
		size = x(b.input(ir.UsagePSize, 0, LocPSize))
	}
	if k.PointScale && k.Pos != PosXYZRHW {
		// Ss = Vh * Si * sqrt(1 / (A + B*De + C*De^2)), De = |eye|
		t := b.temp()
		ps := c(VSPointScale)
		b.op(ir.OpDp3, t.D(ir.MaskY), v.eye.S(), v.eye.S())
		b.op(ir.OpSqrt, t.D(ir.MaskX), y(t.S()))
		b.op(ir.OpMad, t.D(ir.MaskX), x(t.S()), y(ps), x(ps))
		b.op(ir.OpMad, t.D(ir.MaskX), y(t.S()), z(ps), x(t.S()))
		b.op(ir.OpRsq, t.D(ir.MaskX), x(t.S()))
		b.op(ir.OpMul, t.D(ir.MaskX), x(t.S()), w(ps))
		b.op(ir.OpMul, t.D(ir.MaskX), x(t.S()), size)
		size = x(t.S())
	}
	b.op(ir.OpMax, out.D(ir.MaskX), size, y(ds(ir.DSPointSize)))
	b.op(ir.OpMin, out.D(ir.MaskX), x(out.S()), z(ds(ir.DSPointSize)))
}

// clipPlanes writes dot(eye position, plane) per enabled plane; planes are
// uploaded in eye space (VertexConstants transforms the world-space
// D3D9 planes).
func (v *vs) clipPlanes() {
	b, k := v.b, v.k
	if k.Pos == PosXYZRHW {
		return
	}
	n := 0
	for i := 0; i < MaxClipPlanes; i++ {
		if k.ClipPlanes&(1<<i) == 0 {
			continue
		}
		out := b.output(ir.Output{Kind: ir.OutClipDist, Index: n})
		n++
		b.op(ir.OpDp4, out.D(ir.MaskX), v.eye.S(), c(VSClipPlane0+i))
	}
}
