// Package irtest builds IR shaders for tests: random valid shaders that
// exercise every statement, opcode, operand form and modifier, so the
// consumers (interpreter, MSL emitter) can be checked for panics, validity
// and agreement.
package irtest

import (
	"math"
	"math/rand/v2"

	"mtld3d/core/ir"
)

type gen struct {
	r *rand.Rand
	s *ir.Shader
	o Options
}

// Options restrict RandomShaderWith.
type Options struct {
	NoTextures bool // declare no samplers, so no OpTex
	NoDiscard  bool // no Discard statements
	Statements int  // top-level statements in the main body (0: 1 to 6)
	NoDeriv    bool // no OpDdx/OpDdy
	// Straight: instructions only (no control flow, subroutines or
	// relative addressing), a third of them plain moves between
	// temporaries and outputs, as generated shaders have them.
	Straight bool
}

// RandomShader returns a random shader that passes ir.Validate.
func RandomShader(r *rand.Rand, stage ir.Stage) *ir.Shader {
	return RandomShaderWith(r, stage, Options{})
}

// RandomShaderWith is RandomShader with restrictions.
func RandomShaderWith(r *rand.Rand, stage ir.Stage, o Options) *ir.Shader {
	g := &gen{r: r, o: o}
	s := &ir.Shader{Stage: stage, Version: 0x300,
		NumTemps: 1 + r.IntN(4), NumITemps: 1 + r.IntN(2), NumBTemps: 1 + r.IntN(2),
		NumConstF: 8 + r.IntN(8), NumConstI: 2, NumConstB: 2, PS1xMax: 8}
	g.s = s
	for i := 0; i < 1+r.IntN(3); i++ {
		in := ir.Input{Usage: ir.Usage(r.IntN(14)), UsageIndex: uint8(r.IntN(3)), Location: i, Interp: ir.Interp(r.IntN(3))}
		if stage == ir.StagePixel && r.IntN(4) == 0 {
			in.Sys = ir.SysValue(1 + r.IntN(4))
		}
		s.Inputs = append(s.Inputs, in)
	}
	if stage == ir.StageVertex {
		s.Outputs = append(s.Outputs, ir.Output{Kind: ir.OutPosition})
		for i := 0; i < r.IntN(4); i++ {
			switch r.IntN(4) {
			case 0:
				s.Outputs = append(s.Outputs, ir.Output{Kind: ir.OutPointSize})
			case 1:
				s.Outputs = append(s.Outputs, ir.Output{Kind: ir.OutClipDist, Index: i})
			default:
				s.Outputs = append(s.Outputs, ir.Output{Kind: ir.OutVarying, Usage: ir.Usage(r.IntN(14)), UsageIndex: uint8(r.IntN(3))})
			}
		}
	} else {
		s.Outputs = append(s.Outputs, ir.Output{Kind: ir.OutColor})
		if r.IntN(2) == 0 {
			s.Outputs = append(s.Outputs, ir.Output{Kind: ir.OutColor, Index: 1 + r.IntN(3)})
		}
		if r.IntN(3) == 0 {
			s.Outputs = append(s.Outputs, ir.Output{Kind: ir.OutDepth})
		}
	}
	for i := 0; i < r.IntN(4) && !o.NoTextures; i++ {
		s.Samplers = append(s.Samplers, ir.SamplerDecl{Index: i, Kind: ir.SamplerKind(1 + r.IntN(4)), Projected: r.IntN(3) == 0})
	}
	if r.IntN(2) == 0 {
		s.DefF = append(s.DefF, ir.DefF{Index: r.IntN(s.NumConstF), Value: [4]float32{g.float(), g.float(), g.float(), g.float()}})
	}
	if r.IntN(3) == 0 {
		s.DefI = append(s.DefI, ir.DefI{Index: r.IntN(2), Value: [4]int32{int32(r.IntN(5)), int32(r.IntN(5)) - 2, int32(r.IntN(3)) - 1, 0}})
	}
	if r.IntN(3) == 0 {
		s.DefB = append(s.DefB, ir.DefB{Index: r.IntN(2), Value: r.IntN(2) == 0})
	}
	for i := 0; i < r.IntN(3) && !o.Straight; i++ {
		s.Subs = append(s.Subs, g.block(2, 0, len(s.Subs)))
	}
	s.Body = g.block(3, 0, len(s.Subs))
	for len(s.Body) < o.Statements {
		s.Body = append(s.Body, g.block(3, 0, len(s.Subs))...)
	}
	return s
}

func (g *gen) float() float32 {
	switch g.r.IntN(12) {
	case 0:
		return 0
	case 1:
		return float32(math.Copysign(0, -1))
	case 2:
		return float32(math.Inf(1))
	case 3:
		return float32(math.Inf(-1))
	case 4:
		return float32(math.NaN())
	case 5:
		return 1
	}
	return float32(g.r.NormFloat64() * 4)
}

func (g *gen) swz() ir.Swizzle {
	if g.r.IntN(2) == 0 {
		return ir.Identity
	}
	return ir.Swizzle{uint8(g.r.IntN(4)), uint8(g.r.IntN(4)), uint8(g.r.IntN(4)), uint8(g.r.IntN(4))}
}

// relative reports whether an operand should be relatively addressed
// (one in three, none in a Straight shader).
func (g *gen) relative() bool { return !g.o.Straight && g.r.IntN(3) == 0 }

func (g *gen) rel() ir.Reg {
	if g.r.IntN(2) == 0 {
		return ir.ITemp(g.r.IntN(g.s.NumITemps))
	}
	return ir.ConstI(g.r.IntN(g.s.NumConstI))
}

func (g *gen) src(t ir.Type) ir.Src {
	r, s := g.r, g.s
	var src ir.Src
	switch t {
	case ir.TypeFloat:
		switch r.IntN(7) {
		case 0:
			src = ir.ImmF(g.float(), g.float(), g.float(), g.float())
		case 1:
			src = ir.Temp(r.IntN(s.NumTemps)).S()
		case 2:
			if len(s.Inputs) == 0 {
				return g.src(t)
			}
			reg := ir.In(r.IntN(len(s.Inputs)))
			if g.relative() {
				reg = reg.Relative(g.rel(), uint8(r.IntN(4)))
			}
			src = reg.S()
		case 3:
			reg := ir.ConstF(r.IntN(s.NumConstF))
			if g.relative() {
				reg = reg.Relative(g.rel(), uint8(r.IntN(4)))
			}
			src = reg.S()
		case 4:
			src = ir.DS(r.IntN(ir.DSCount)).S()
		case 5:
			src = ir.Out(r.IntN(len(s.Outputs))).S()
		default:
			src = ir.Temp(r.IntN(s.NumTemps)).S()
		}
		src.Abs = r.IntN(4) == 0
	case ir.TypeInt:
		switch r.IntN(3) {
		case 0:
			src = ir.ImmI(int32(r.IntN(9))-4, int32(r.IntN(9))-4, int32(r.IntN(3)), int32(r.IntN(300)))
		case 1:
			src = ir.ITemp(r.IntN(s.NumITemps)).S()
		default:
			src = ir.ConstI(r.IntN(s.NumConstI)).S()
		}
		src.Abs = r.IntN(4) == 0
	case ir.TypeBool:
		switch r.IntN(3) {
		case 0:
			src = ir.ImmB(r.IntN(2) == 0, r.IntN(2) == 0, r.IntN(2) == 0, r.IntN(2) == 0)
		case 1:
			src = ir.BTemp(r.IntN(s.NumBTemps)).S()
		default:
			src = ir.ConstB(r.IntN(s.NumConstB)).S()
		}
	}
	src.Swizzle = g.swz()
	src.Neg = r.IntN(4) == 0
	return src
}

func (g *gen) dst(t ir.Type) ir.Dst {
	r, s := g.r, g.s
	var reg ir.Reg
	switch t {
	case ir.TypeInt:
		reg = ir.ITemp(r.IntN(s.NumITemps))
	case ir.TypeBool:
		reg = ir.BTemp(r.IntN(s.NumBTemps))
	default:
		if r.IntN(3) == 0 {
			reg = ir.Out(r.IntN(len(s.Outputs)))
			if g.relative() {
				reg = reg.Relative(g.rel(), uint8(r.IntN(4)))
			}
		} else {
			reg = ir.Temp(r.IntN(s.NumTemps))
		}
	}
	return reg.D(ir.Mask(1 + r.IntN(15)))
}

var allOps = func() []ir.Opcode {
	var ops []ir.Opcode
	for op := ir.OpMov; op < ir.OpTex; op++ {
		ops = append(ops, op)
	}
	return ops
}()

func (g *gen) inst() *ir.Inst {
	r, s := g.r, g.s
	if len(s.Samplers) > 0 && r.IntN(8) == 0 {
		d := s.Samplers[r.IntN(len(s.Samplers))]
		mode := ir.TexMode(r.IntN(4))
		srcs := []ir.Src{g.src(ir.TypeFloat)}
		switch mode {
		case ir.TexBias, ir.TexLod:
			srcs = append(srcs, g.src(ir.TypeFloat))
		case ir.TexGrad:
			srcs = append(srcs, g.src(ir.TypeFloat), g.src(ir.TypeFloat))
		}
		in := ir.Tex(g.dst(ir.TypeFloat), d.Index, mode, srcs...)
		in.Project = r.IntN(3) == 0
		return in
	}
	if g.o.Straight && r.IntN(3) == 0 {
		d := g.dst(ir.TypeFloat)
		if r.IntN(2) == 0 {
			d.Mask = ir.MaskXYZW
		}
		return &ir.Inst{Op: ir.OpMov, Dst: d, Src: []ir.Src{ir.Temp(r.IntN(s.NumTemps)).S()}}
	}
	op := allOps[r.IntN(len(allOps))]
	if (op == ir.OpDdx || op == ir.OpDdy) && (s.Stage == ir.StageVertex || g.o.NoDeriv) {
		op = ir.OpAdd
	}
	in := &ir.Inst{Op: op, Src: make([]ir.Src, op.NumSrcs())}
	rt := []ir.Type{ir.TypeFloat, ir.TypeInt, ir.TypeBool}[r.IntN(3)]
	if op == ir.OpMov || op == ir.OpSelect {
		in.Src[len(in.Src)-1] = g.src(rt) // decides ResultType
		if op == ir.OpSelect {
			in.Src[1] = g.src(rt)
		}
	}
	for i := range in.Src {
		if in.Src[i].Reg.File == ir.RegNone {
			in.Src[i] = g.src(in.SrcType(i))
		}
	}
	if op == ir.OpMov {
		in.Src[0] = g.src(rt)
	}
	in.Dst = g.dst(in.ResultType())
	if in.ResultType() == ir.TypeFloat {
		in.LegacyMul = r.IntN(2) == 0
		if r.IntN(4) == 0 {
			in.Shift = int8(r.IntN(5)) - 2
		}
		in.Clamp = ir.Clamp(r.IntN(4))
	}
	if r.IntN(6) == 0 {
		p := g.src(ir.TypeBool)
		in.Pred = &p
	}
	return in
}

func (g *gen) cond() ir.Src { return g.src(ir.TypeBool) }

// transform is a matrix transform as DXSO's m4x4 family expands it: dp4
// (or dp3) of one vector with two to four rows, each into its own
// component of one register; sometimes a row or the vector is the
// destination itself, which compilers must not fuse.
func (g *gen) transform() []ir.Stmt {
	r := g.r
	op := []ir.Opcode{ir.OpDp4, ir.OpDp3}[r.IntN(2)]
	d := g.dst(ir.TypeFloat).Reg
	v := g.src(ir.TypeFloat)
	lm := r.IntN(2) == 0
	var b []ir.Stmt
	for i, k := range r.Perm(4)[:2+r.IntN(3)] {
		row := g.src(ir.TypeFloat)
		if r.IntN(8) == 0 {
			row = d.S()
		}
		in := &ir.Inst{Op: op, Dst: d.D(ir.Mask(1 << k)), Src: []ir.Src{v, row}, LegacyMul: lm}
		if i > 0 && r.IntN(10) == 0 {
			in.Clamp = ir.ClampSat
		}
		b = append(b, in)
	}
	return b
}

// block returns statements; loops is the enclosing loop depth, subs the
// number of subroutines that may be called.
func (g *gen) block(depth, loops, subs int) []ir.Stmt {
	r := g.r
	var b []ir.Stmt
	for i := 0; i < 1+r.IntN(6); i++ {
		k := r.IntN(20)
		if g.o.Straight {
			k = 20
			if r.IntN(5) == 0 {
				b = append(b, g.transform()...)
				continue
			}
		}
		switch {
		case depth > 0 && k == 0:
			b = append(b, &ir.If{Cond: g.cond(), Then: g.block(depth-1, loops, subs), Else: g.block(depth-1, loops, subs)[:r.IntN(2)]})
		case depth > 0 && k == 1:
			l := &ir.Loop{Count: g.src(ir.TypeInt)}
			if r.IntN(2) == 0 {
				l.Counter = ir.ITemp(r.IntN(g.s.NumITemps))
				l.Init, l.Step = g.src(ir.TypeInt), g.src(ir.TypeInt)
			}
			l.Body = g.block(depth-1, loops+1, subs)
			b = append(b, l)
		case loops > 0 && k == 2:
			if r.IntN(2) == 0 {
				b = append(b, &ir.Break{})
			} else {
				c := g.cond()
				b = append(b, &ir.Break{Cond: &c})
			}
		case subs > 0 && k == 3:
			b = append(b, &ir.Call{Sub: r.IntN(subs)})
		case k == 4 && r.IntN(3) == 0:
			b = append(b, &ir.Return{})
		case k == 5 && g.s.Stage == ir.StagePixel && !g.o.NoDiscard:
			if r.IntN(2) == 0 {
				b = append(b, &ir.Discard{})
			} else {
				c := g.cond()
				b = append(b, &ir.Discard{Cond: &c})
			}
		default:
			in := g.inst()
			b = append(b, in)
			if g.o.Straight && r.IntN(4) == 0 {
				b = append(b, g.twin(in))
			}
		}
	}
	return b
}

// twin returns in writing the components in leaves unwritten, with the
// operands' swizzles for those components drawn again half the time:
// the colour-then-alpha pairs generated shaders have, which Compile may
// join (ir's merge.go).
func (g *gen) twin(in *ir.Inst) *ir.Inst {
	t := *in
	t.Dst.Mask = ir.MaskXYZW &^ in.Dst.Mask
	if t.Dst.Mask == 0 {
		t.Dst.Mask = ir.MaskXYZW
	}
	t.Src = append([]ir.Src(nil), in.Src...)
	for k := range t.Src {
		if g.r.IntN(2) == 0 {
			sw := g.swz()
			for c := 0; c < 4; c++ {
				if t.Dst.Mask&(1<<c) != 0 {
					t.Src[k].Swizzle[c] = sw[c]
				}
			}
		}
	}
	return &t
}

// RandomKey returns a random variant key.
func RandomKey(r *rand.Rand) ir.VariantKey {
	k := ir.VariantKey{
		AlphaFunc: ir.CmpFunc(r.IntN(9)), FogMode: ir.FogMode(r.IntN(4)), FogTable: r.IntN(2) == 0, FogDistance: r.IntN(2) == 0,
		SRGBWrite: r.IntN(2) == 0, FlatShade: r.IntN(2) == 0, PointSprite: r.IntN(3) == 0, Projected: uint16(r.IntN(16)),
		ClipPlanes: uint8(r.IntN(256)), PointSize: r.IntN(2) == 0, HalfPixel: r.IntN(2) == 0,
	}
	for i := range 4 {
		k.SamplerKinds[i] = ir.SamplerKind(r.IntN(5))
	}
	if r.IntN(2) == 0 {
		k.LodBias = uint16(r.IntN(16))
		for i := range 4 {
			k.ProjectedCount[i] = uint8(r.IntN(5))
			k.BorderAxes[i] = uint8(r.IntN(8))
		}
	}
	if r.IntN(2) == 0 {
		k.Linked = true
		for range 4 {
			k.SetVSOutput(r.IntN(ir.MaxVaryingSlots))
		}
		k.SetVSOutput(ir.VaryingSlot(ir.UsageTexCoord, 0))
	}
	return k
}
