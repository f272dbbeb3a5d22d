package ir

import "math/bits"

// CmpFunc is a D3DCMPFUNC value (1 = never ... 8 = always); 0 means the
// test is off, like always.
type CmpFunc uint8

const (
	CmpOff CmpFunc = iota
	CmpNever
	CmpLess
	CmpEqual
	CmpLessEqual
	CmpGreater
	CmpNotEqual
	CmpGreaterEqual
	CmpAlways
)

// FogMode is a D3DFOGMODE value.
type FogMode uint8

const (
	FogNone FogMode = iota
	FogExp
	FogExp2
	FogLinear
)

// VariantKey is the D3D9 render state that changes generated shader code.
// It is comparable and its zero value changes nothing, so it can key a
// pipeline cache directly. ApplyVariant turns it into IR, so the MSL
// emitter and the interpreter apply it identically.
type VariantKey struct {
	// Pixel stage.
	AlphaFunc CmpFunc // D3DRS_ALPHATESTENABLE ? D3DRS_ALPHAFUNC : off; reference in DSAlphaRef.y
	FogMode   FogMode // FogNone disables fog
	// FogTable selects per-pixel (table) fog computed from the fragment
	// depth with FogMode; otherwise vertex fog: the fog varying written by
	// the vertex stage is the fog factor.
	FogTable bool
	// FogDistance makes table fog read its distance from the fog varying
	// (where a fixed-function vertex stage writes it) instead of the
	// fragment depth.
	FogDistance bool
	SRGBWrite   bool // convert colour outputs' rgb from linear to sRGB
	FlatShade   bool // D3DSHADE_FLAT: colour varyings use flat interpolation
	PointSprite bool // texcoord varyings read the point-sprite coordinate
	// Projected bit s makes sampler s divide its coordinate by its last
	// component (D3DTTFF_PROJECTED under ps_1_1-1_3): w, or the component
	// ProjectedCount[s] names.
	Projected uint16
	// ProjectedCount[s] is the D3DTTFF_COUNTn of a projected sampler's
	// stage: 2 and 3 divide by y and z; anything else by w.
	ProjectedCount [16]uint8
	// LodBias bit s adds sampler s's D3DSAMP_MIPMAPLODBIAS (draw state,
	// LodBiasReg) to the level of detail of its implicit, biased and
	// explicit-LOD samples (texld, texldb, texldl; D3D9 honours it for
	// all three); Metal samplers have no bias of their own. Samples with
	// gradients (texldd) are left alone: Metal takes no bias with them.
	LodBias uint16
	// BorderAxes[s] is pixel sampler s's D3DTADDRESS_BORDER axes (bit 0 u,
	// 1 v, 2 w) when its D3DSAMP_BORDERCOLOR is none of the backend's
	// border colours: a 2D or volume sample whose coordinate lies outside
	// [0, 1] on one of them reads DSBorder0+s instead.
	BorderAxes [16]uint8
	// SampleMask, when not 0, adds a sample-mask output holding it
	// (D3DRS_MULTISAMPLEMASK on a multisampled target): only the covered
	// samples whose bit is set are written. A mask that keeps every
	// sample is left at 0, and one that keeps none is the caller's to
	// skip, so the zero value changes nothing.
	SampleMask uint16
	// SamplerKinds overrides the declared texture kind per sampler
	// (SamplerNone keeps the declaration; see OverrideKind).
	SamplerKinds [16]SamplerKind
	// Fetch4[s] turns on AMD's FETCH4 for pixel sampler s when it is 2D
	// (after SamplerKinds); its samples then take no LOD bias and no
	// border colour selection from this key.
	Fetch4 [16]Fetch4
	// Linked says VSOutputs is known; then pixel inputs whose VaryingSlot
	// bit is clear read their default (see SysDefault).
	Linked    bool
	VSOutputs [MaxVaryingSlots / 64]uint64

	// Vertex stage.
	ClipPlanes uint8 // D3DRS_CLIPPLANEENABLE: bit i adds clip distance dot(pos, plane i)
	PointSize  bool  // write a point size (DSPointSize when the shader has none), clamped to min/max
	HalfPixel  bool  // position xy = xy*DSHalfPixel.zw + DSHalfPixel.xy*w (viewport fit, D3D9 pixel centres), z += DSDepthBias.x*w
	// UnitPoint makes the point size 1 whatever the shader or PointSize
	// write: a line's last pixel (D3DRS_LASTPIXEL) drawn as a point.
	UnitPoint bool
}

// SetVSOutput marks a varying slot as written by the vertex stage.
func (k *VariantKey) SetVSOutput(slot int) { k.VSOutputs[slot/64] |= 1 << (slot % 64) }

func (k *VariantKey) vsOutput(slot int) bool { return k.VSOutputs[slot/64]&(1<<(slot%64)) != 0 }

// ApplyVariant returns a copy of s with the state in k made explicit in the
// IR: extra inputs, outputs, statements and declaration changes. s is not
// modified. The order of the added pixel epilogue is D3D9's: fog, alpha
// test, then the sRGB conversion of the written colour.
func ApplyVariant(s *Shader, k VariantKey) *Shader {
	n := *s
	n.Inputs = append([]Input(nil), s.Inputs...)
	n.Outputs = append([]Output(nil), s.Outputs...)
	n.Samplers = append([]SamplerDecl(nil), s.Samplers...)
	n.Subs = append([][]Stmt(nil), s.Subs...)
	for i := range n.Samplers {
		d := &n.Samplers[i]
		if d.Index >= 0 && d.Index < 16 {
			d.Kind = OverrideKind(d.Kind, k.SamplerKinds[d.Index])
			if f := k.Fetch4[d.Index]; f != Fetch4Off && s.Stage == StagePixel && d.Kind == Sampler2D {
				d.Fetch4 = f
			}
			if k.Projected&(1<<d.Index) != 0 && projectComp(k.ProjectedCount[d.Index]) == 3 {
				d.Projected = true
			}
		}
	}
	body := s.Body
	if k.LodBias != 0 || (s.Stage == StagePixel && (k.Projected != 0 || k.BorderAxes != [16]uint8{} || hasBumped(s))) {
		body = rewriteTex(&n, s.Body, k)
		for i, sub := range n.Subs {
			n.Subs[i] = rewriteTex(&n, sub, k)
		}
	}
	var epi []Stmt
	if s.Stage == StageVertex {
		epi = vertexEpilogue(&n, k)
	} else {
		pixelInputs(&n, k)
		epi = pixelEpilogue(&n, k)
	}
	if len(epi) == 0 {
		n.Body = append([]Stmt(nil), body...)
		return &n
	}
	if hasReturn(body) {
		// A return in the main body must still run the epilogue: make the
		// body a subroutine.
		n.Subs = append(n.Subs, body)
		n.Body = append([]Stmt{&Call{Sub: len(n.Subs) - 1}}, epi...)
	} else {
		n.Body = append(append([]Stmt(nil), body...), epi...)
	}
	return &n
}

// OverrideKind is the kind of a sampler declared as declared under
// VariantKey.SamplerKinds' over: over, except that SamplerNone keeps the
// declaration and a shadow sampler replaces only a 2D declaration (a
// depth texture bound where the shader reads a cube or a volume is
// another type of texture, not a shadow map).
func OverrideKind(declared, over SamplerKind) SamplerKind {
	if over == SamplerNone || (over == SamplerShadow2D && declared != Sampler2D) {
		return declared
	}
	return over
}

// LodBiasReg is where the LOD bias of sampler s of a stage lives in the
// draw state (vertex samplers are 0-3).
func LodBiasReg(st Stage, s int) (reg int, comp uint8) {
	if st == StageVertex {
		return DSLodBias0 + 4, uint8(s & 3)
	}
	return DSLodBias0 + s/4, uint8(s % 4)
}

// projectComp is the component a projected coordinate is divided by.
func projectComp(count uint8) uint8 {
	if count == 2 || count == 3 {
		return count - 1
	}
	return 3
}

// rewriteTex returns b with the texture reads k changes replaced: a
// projection by y or z becomes a projection by w of a swizzled
// coordinate, a sampler's LOD bias is added (texInst says to which
// samples), and a border colour the backend lacks is selected outside
// the texture. Statements it changes are copied; b is not modified.
func rewriteTex(s *Shader, b []Stmt, k VariantKey) []Stmt {
	out := make([]Stmt, 0, len(b))
	for _, st := range b {
		switch st := st.(type) {
		case *Inst:
			out = append(out, texInst(s, st, k)...)
			continue
		case *If:
			c := *st
			c.Then, c.Else = rewriteTex(s, st.Then, k), rewriteTex(s, st.Else, k)
			out = append(out, &c)
			continue
		case *Loop:
			c := *st
			c.Body = rewriteTex(s, st.Body, k)
			out = append(out, &c)
			continue
		}
		out = append(out, st)
	}
	return out
}

// texInst is in with k's changes, with the statements they need before
// and after it. The LOD bias goes to implicit, biased and explicit-LOD
// samples of either stage; projection and border colours are the pixel
// stage's.
func texInst(s *Shader, in *Inst, k VariantKey) []Stmt {
	if in.Op != OpTex || in.Sampler < 0 || in.Sampler >= 16 {
		return []Stmt{in}
	}
	bit := uint16(1) << in.Sampler
	fetch4 := false
	if d := s.Sampler(in.Sampler); d != nil && d.Fetch4 != Fetch4Off {
		// FETCH4 reads the base level and gathers through the
		// sampler's own addressing.
		fetch4 = true
	}
	c := *in
	c.Src = append([]Src(nil), in.Src...)
	changed := false
	var pre []Stmt
	bumped := in.TexMode == TexBumped
	if bumped {
		// Project the coordinate here, add the offset, and leave w = 1
		// so a projecting sampler divides by 1.
		t := Temp(s.NumTemps)
		s.NumTemps++
		pre = append(pre, Op(OpMov, t.D(0), c.Src[0]))
		if k.Projected&bit != 0 {
			pre = append(pre, Op(OpDiv, t.D(MaskXYZ), t.S(), t.S().Swz(projectComp(k.ProjectedCount[in.Sampler]))))
		}
		pre = append(pre, Op(OpAdd, t.D(MaskXY), t.S(), c.Src[1]), Op(OpMov, t.D(MaskW), ImmF1(1)))
		c.Src, c.TexMode, changed = []Src{t.S()}, TexImplicit, true
	}
	if s.Stage == StagePixel && k.Projected&bit != 0 && !in.Project && !bumped {
		if p := projectComp(k.ProjectedCount[in.Sampler]); p != 3 {
			c.Src[0] = c.Src[0].Swz('x', 'y', 'z', p)
			c.Project, changed = true, true
		}
	}
	if k.LodBias&bit != 0 && !fetch4 && c.TexMode != TexGrad && (s.Stage == StagePixel || in.Sampler < 4) {
		reg, comp := LodBiasReg(s.Stage, in.Sampler)
		bias := DS(reg).S().Swz(comp)
		if c.TexMode != TexImplicit {
			t := Temp(s.NumTemps)
			s.NumTemps++
			pre = append(pre, Op(OpAdd, t.D(MaskX), c.Src[1].Swz('x'), bias))
			c.Src[1] = t.S().Swz('x')
		} else {
			c.Src = append(c.Src[:1], bias)
			c.TexMode = TexBias
		}
		changed = true
	}
	var post []Stmt
	if d := s.Sampler(in.Sampler); s.Stage == StagePixel && !fetch4 && k.BorderAxes[in.Sampler] != 0 && d != nil &&
		(d.Kind == Sampler2D || d.Kind == Sampler3D) {
		axes := Mask(k.BorderAxes[in.Sampler] & 7)
		if d.Kind == Sampler2D {
			axes &= MaskXY
		}
		if axes != 0 {
			t, st := borderCoord(s, c.Src[0], c.Project || d.Projected)
			pre = append(pre, st...)
			post = borderSelect(s, &c, t, axes)
			changed = true
		}
	}
	if !changed {
		return []Stmt{in}
	}
	return append(append(pre, &c), post...)
}

// borderCoord copies a sample's coordinate (projected, if the sample
// is) into a new temporary, before the sample may overwrite it.
func borderCoord(s *Shader, coord Src, project bool) (Reg, []Stmt) {
	t := Temp(s.NumTemps)
	s.NumTemps++
	st := []Stmt{Op(OpMov, t.D(0), coord)}
	if project {
		st = append(st, Op(OpDiv, t.D(MaskXYZ), t.S(), t.S().Swz('w')))
	}
	return t, st
}

// borderSelect replaces a sample's result by the sampler's border colour
// where the coordinate borderCoord saved in t lies outside [0, 1] on one
// of axes.
func borderSelect(s *Shader, in *Inst, t Reg, axes Mask) []Stmt {
	b := BTemp(s.NumBTemps)
	s.NumBTemps++
	// The components any() reads: the axes, the first repeated.
	var sw Swizzle
	first := uint8(0)
	for first < 3 && axes&(1<<first) == 0 {
		first++
	}
	for i := range sw {
		sw[i] = first
		if axes&(1<<i) != 0 {
			sw[i] = uint8(i)
		}
	}
	dst := in.Dst
	cur := Src{Reg: dst.Reg, Swizzle: Identity}
	sel := &Inst{Op: OpSelect, Dst: dst, Src: []Src{b.S().Swz('x'), DS(DSBorder0 + in.Sampler).S(), cur}, Pred: in.Pred}
	return []Stmt{
		Op(OpSub, t.D(MaskXYZ), t.S(), ImmF1(0.5)),
		Op(OpGt, b.D(axes), t.S().Absolute(), ImmF1(0.5)),
		Op(OpAny, b.D(MaskX), Src{Reg: b, Swizzle: sw}),
		sel,
	}
}

// hasBumped reports whether a shader samples with TexBumped.
func hasBumped(s *Shader) bool {
	var in func(b []Stmt) bool
	in = func(b []Stmt) bool {
		for _, st := range b {
			switch st := st.(type) {
			case *Inst:
				if st.Op == OpTex && st.TexMode == TexBumped {
					return true
				}
			case *If:
				if in(st.Then) || in(st.Else) {
					return true
				}
			case *Loop:
				if in(st.Body) {
					return true
				}
			}
		}
		return false
	}
	if in(s.Body) {
		return true
	}
	for _, sub := range s.Subs {
		if in(sub) {
			return true
		}
	}
	return false
}

func hasReturn(b []Stmt) bool {
	for _, st := range b {
		switch st := st.(type) {
		case *Return:
			return true
		case *If:
			if hasReturn(st.Then) || hasReturn(st.Else) {
				return true
			}
		case *Loop:
			if hasReturn(st.Body) {
				return true
			}
		}
	}
	return false
}

func findOutput(s *Shader, kind OutputKind, index int) int {
	for i, o := range s.Outputs {
		if o.Kind == kind && (kind == OutPosition || kind == OutPointSize || o.Index == index) {
			return i
		}
	}
	return -1
}

func vertexEpilogue(s *Shader, k VariantKey) []Stmt {
	var epi []Stmt
	pos := findOutput(s, OutPosition, 0)
	if pos >= 0 && k.ClipPlanes != 0 {
		next := 0
		for _, o := range s.Outputs {
			if o.Kind == OutClipDist && o.Index >= next {
				next = o.Index + 1
			}
		}
		// Distances the shader writes itself (no D3D9 shader does) come
		// first; planes past the backends' count are dropped.
		for i := 0; i < MaxClipPlanes && next < MaxClipPlanes; i++ {
			if k.ClipPlanes&(1<<i) == 0 {
				continue
			}
			s.Outputs = append(s.Outputs, Output{Kind: OutClipDist, Index: next})
			next++
			epi = append(epi, Op(OpDp4, Out(len(s.Outputs)-1).D(MaskX), Out(pos).S(), DS(DSClipPlane0+i).S()))
		}
	}
	if pos >= 0 && k.HalfPixel {
		// Clip distances above use the position before the offset, as
		// D3D9 clips before rasterization. The depth bias moves z/w by
		// exactly DSDepthBias.x: Metal's own bias is in steps of the
		// stored format, and a float one's step depends on the depth.
		epi = append(epi,
			Op(OpMul, Out(pos).D(MaskXY), Out(pos).S(), DS(DSHalfPixel).S().Swz('z', 'w')),
			Op(OpMad, Out(pos).D(MaskXY), DS(DSHalfPixel).S(), Out(pos).S().Swz('w'), Out(pos).S()),
			Op(OpMad, Out(pos).D(MaskZ), DS(DSDepthBias).S().Swz('x'), Out(pos).S().Swz('w'), Out(pos).S()))
	}
	if k.PointSize {
		ps := findOutput(s, OutPointSize, 0)
		if ps < 0 {
			s.Outputs = append(s.Outputs, Output{Kind: OutPointSize})
			ps = len(s.Outputs) - 1
			epi = append(epi, Op(OpMov, Out(ps).D(MaskX), DS(DSPointSize).S().Swz('x')))
		}
		epi = append(epi,
			Op(OpMax, Out(ps).D(MaskX), Out(ps).S(), DS(DSPointSize).S().Swz('y')),
			Op(OpMin, Out(ps).D(MaskX), Out(ps).S(), DS(DSPointSize).S().Swz('z')))
	}
	if k.UnitPoint {
		ps := findOutput(s, OutPointSize, 0)
		if ps < 0 {
			s.Outputs = append(s.Outputs, Output{Kind: OutPointSize})
			ps = len(s.Outputs) - 1
		}
		epi = append(epi, Op(OpMov, Out(ps).D(MaskX), ImmF1(1)))
	}
	return epi
}

func pixelInputs(s *Shader, k VariantKey) {
	for i := range s.Inputs {
		in := &s.Inputs[i]
		if in.Sys != SysNone {
			continue
		}
		if k.PointSprite && in.Usage == UsageTexCoord {
			// Sprite coordinates, whether or not the vertex stage
			// writes the texture coordinate.
			in.Sys = SysPointCoord
			continue
		}
		if k.Linked && !k.vsOutput(VaryingSlot(in.Usage, in.UsageIndex)) {
			in.Sys = SysDefault
			continue
		}
		if k.FlatShade && in.Usage == UsageColor {
			in.Interp = InterpFlat
		}
	}
}

func findInput(s *Shader, match func(Input) bool, add Input) int {
	for i, in := range s.Inputs {
		if match(in) {
			return i
		}
	}
	s.Inputs = append(s.Inputs, add)
	return len(s.Inputs) - 1
}

const log2e = 1.4426950408889634

// fogInput is the pixel input reading the fog varying, added if the shader
// does not declare it; unwritten by the vertex stage it reads 0 (full fog:
// D3D9 fogs a vertex shader without oFog completely, Wine's
// fog_with_shader_test).
func fogInput(s *Shader, k VariantKey) int {
	v := findInput(s, func(in Input) bool { return (in.Sys == SysNone || in.Sys == SysDefault) && in.Usage == UsageFog }, Input{Usage: UsageFog})
	if k.Linked && !k.vsOutput(VaryingSlot(UsageFog, 0)) {
		s.Inputs[v].Sys = SysDefault
	}
	return v
}

func pixelEpilogue(s *Shader, k VariantKey) []Stmt {
	var epi []Stmt
	col := findOutput(s, OutColor, 0)
	if col >= 0 && k.FogMode != FogNone {
		t := Temp(s.NumTemps)
		s.NumTemps++
		f := t.D(MaskX)
		fog := DS(DSFog).S()
		if k.FogTable {
			var d Src
			if k.FogDistance {
				d = In(fogInput(s, k)).S().Swz('x')
			} else {
				p := findInput(s, func(in Input) bool { return in.Sys == SysPosition }, Input{Sys: SysPosition})
				d = In(p).S().Swz('z')
			}
			switch k.FogMode {
			case FogLinear:
				epi = append(epi,
					Op(OpSub, f, fog.Swz('y'), d),
					&Inst{Op: OpMul, Dst: f, Src: []Src{t.S().Swz('x'), fog.Swz('w')}, Clamp: ClampSat})
			case FogExp:
				epi = append(epi,
					Op(OpMul, f, d, fog.Swz('z')),
					Op(OpMul, f, t.S().Swz('x'), ImmF1(-log2e)),
					&Inst{Op: OpExp2, Dst: f, Src: []Src{t.S().Swz('x')}, Clamp: ClampSat})
			case FogExp2:
				epi = append(epi,
					Op(OpMul, f, d, fog.Swz('z')),
					Op(OpMul, f, t.S().Swz('x'), t.S().Swz('x')),
					Op(OpMul, f, t.S().Swz('x'), ImmF1(-log2e)),
					&Inst{Op: OpExp2, Dst: f, Src: []Src{t.S().Swz('x')}, Clamp: ClampSat})
			}
		} else {
			epi = append(epi, &Inst{Op: OpMov, Dst: f, Src: []Src{In(fogInput(s, k)).S().Swz('x')}, Clamp: ClampSat})
		}
		// colour = f*colour + (1-f)*fog colour
		epi = append(epi, Op(OpLrp, Out(col).D(MaskXYZ), t.S().Swz('x'), Out(col).S(), DS(DSFogColor).S()))
	}
	if col >= 0 && k.AlphaFunc != CmpOff && k.AlphaFunc != CmpAlways {
		if k.AlphaFunc == CmpNever || k.AlphaFunc > CmpAlways {
			epi = append(epi, &Discard{})
		} else {
			b := BTemp(s.NumBTemps)
			s.NumBTemps++
			t := Temp(s.NumTemps)
			s.NumTemps++
			op := [...]Opcode{CmpLess: OpLt, CmpEqual: OpEq, CmpLessEqual: OpLe, CmpGreater: OpGt, CmpNotEqual: OpNe, CmpGreaterEqual: OpGe}[k.AlphaFunc]
			cond := b.S().Swz('x').Negate()
			// The reference is 8 bits: alpha is compared as the 8-bit
			// value it rounds to, so an interpolated alpha a rounding
			// error away from the reference still tests equal.
			epi = append(epi,
				&Inst{Op: OpMov, Dst: t.D(MaskX), Src: []Src{Out(col).S().Swz('w')}, Clamp: ClampSat},
				Op(OpMad, t.D(MaskX), t.S().Swz('x'), ImmF1(255), ImmF1(0.5)),
				Op(OpFloor, t.D(MaskX), t.S().Swz('x')),
				Op(op, b.D(MaskX), t.S().Swz('x'), DS(DSAlphaRef).S().Swz('y')),
				&Discard{Cond: &cond})
		}
	}
	if k.SRGBWrite {
		for i, o := range s.Outputs {
			if o.Kind != OutColor {
				continue
			}
			lo, hi := Temp(s.NumTemps), Temp(s.NumTemps+1)
			b := BTemp(s.NumBTemps)
			s.NumTemps += 2
			s.NumBTemps++
			c := Out(i)
			epi = append(epi,
				&Inst{Op: OpMov, Dst: c.D(MaskXYZ), Src: []Src{c.S()}, Clamp: ClampSat},
				Op(OpMul, lo.D(MaskXYZ), c.S(), ImmF1(12.92)),
				Op(OpPow, hi.D(MaskXYZ), c.S(), ImmF1(1/2.4)),
				Op(OpMad, hi.D(MaskXYZ), hi.S(), ImmF1(1.055), ImmF1(-0.055)),
				Op(OpLe, b.D(MaskXYZ), c.S(), ImmF1(0.0031308)),
				Op(OpSelect, c.D(MaskXYZ), b.S(), lo.S(), hi.S()))
		}
	}
	if k.SampleMask != 0 {
		s.Outputs = append(s.Outputs, Output{Kind: OutSampleMask})
		epi = append(epi, Op(OpMov, Out(len(s.Outputs)-1).D(MaskX), ImmF1(float32(k.SampleMask))))
	}
	return epi
}

// ClipPlaneCount returns how many clip distances k adds.
func (k VariantKey) ClipPlaneCount() int { return bits.OnesCount8(k.ClipPlanes) }
