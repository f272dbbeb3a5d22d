package ir

import "math"

// Register constructors.
func Temp(i int) Reg   { return Reg{File: RegTemp, Index: i} }
func ITemp(i int) Reg  { return Reg{File: RegITemp, Index: i} }
func BTemp(i int) Reg  { return Reg{File: RegBTemp, Index: i} }
func In(i int) Reg     { return Reg{File: RegInput, Index: i} }
func Out(i int) Reg    { return Reg{File: RegOutput, Index: i} }
func ConstF(i int) Reg { return Reg{File: RegConstF, Index: i} }
func ConstI(i int) Reg { return Reg{File: RegConstI, Index: i} }
func ConstB(i int) Reg { return Reg{File: RegConstB, Index: i} }
func DS(i int) Reg     { return Reg{File: RegDrawState, Index: i} }

// Relative returns r indexed additionally by component comp of int
// register base.
func (r Reg) Relative(base Reg, comp uint8) Reg {
	r.Rel = &Rel{File: base.File, Index: base.Index, Comp: comp}
	return r
}

// S returns r as a source with the identity swizzle.
func (r Reg) S() Src { return Src{Reg: r, Swizzle: Identity} }

// D returns r as a destination with mask m (0 means all components).
func (r Reg) D(m Mask) Dst {
	if m == 0 {
		m = MaskXYZW
	}
	return Dst{Reg: r, Mask: m}
}

// Swz returns s with swizzle composed: component i reads s's component c[i].
// Components are given as 'x','y','z','w' or 0..3.
func (s Src) Swz(c ...uint8) Src {
	var sw Swizzle
	for i := 0; i < 4; i++ {
		k := c[len(c)-1]
		if i < len(c) {
			k = c[i]
		}
		switch k {
		case 'x':
			k = 0
		case 'y':
			k = 1
		case 'z':
			k = 2
		case 'w':
			k = 3
		}
		sw[i] = s.Swizzle[k&3]
	}
	s.Swizzle = sw
	return s
}

// Negate returns s with its negation flipped.
func (s Src) Negate() Src { s.Neg = !s.Neg; return s }

// Absolute returns abs(s).
func (s Src) Absolute() Src { s.Abs = true; s.Neg = false; return s }

// Type returns the value type of the operand.
func (s Src) Type() Type {
	if s.Reg.File == RegImm {
		return s.ImmType
	}
	return s.Reg.File.Type()
}

// ImmF returns a float immediate.
func ImmF(x, y, z, w float32) Src {
	return Src{Reg: Reg{File: RegImm}, Swizzle: Identity, ImmType: TypeFloat,
		Imm: [4]uint32{math.Float32bits(x), math.Float32bits(y), math.Float32bits(z), math.Float32bits(w)}}
}

// ImmF1 returns a float immediate with all components v.
func ImmF1(v float32) Src { return ImmF(v, v, v, v) }

// ImmI returns an int immediate.
func ImmI(x, y, z, w int32) Src {
	return Src{Reg: Reg{File: RegImm}, Swizzle: Identity, ImmType: TypeInt,
		Imm: [4]uint32{uint32(x), uint32(y), uint32(z), uint32(w)}}
}

// ImmB returns a bool immediate.
func ImmB(x, y, z, w bool) Src {
	b := func(v bool) uint32 {
		if v {
			return 1
		}
		return 0
	}
	return Src{Reg: Reg{File: RegImm}, Swizzle: Identity, ImmType: TypeBool,
		Imm: [4]uint32{b(x), b(y), b(z), b(w)}}
}

// Op returns an instruction.
func Op(op Opcode, dst Dst, src ...Src) *Inst {
	return &Inst{Op: op, Dst: dst, Src: src}
}

// Tex returns a sample instruction.
func Tex(dst Dst, sampler int, mode TexMode, src ...Src) *Inst {
	return &Inst{Op: OpTex, Dst: dst, Src: src, Sampler: sampler, TexMode: mode}
}

// ResultType returns the type an instruction produces.
func (in *Inst) ResultType() Type {
	switch in.Op {
	case OpMov:
		if len(in.Src) > 0 {
			return in.Src[0].Type()
		}
	case OpSelect:
		if len(in.Src) > 1 {
			return in.Src[1].Type()
		}
	case OpLt, OpLe, OpEq, OpNe, OpGt, OpGe, OpNot, OpAnd, OpOr, OpAny, OpAll:
		return TypeBool
	case OpF2IRound, OpF2IFloor, OpIAdd:
		return TypeInt
	}
	return TypeFloat
}

// SrcType returns the type operand i of the instruction must have.
func (in *Inst) SrcType(i int) Type {
	switch in.Op {
	case OpMov:
		return in.ResultType()
	case OpSelect:
		if i == 0 {
			return TypeBool
		}
		return in.ResultType()
	case OpI2F, OpIAdd:
		return TypeInt
	case OpB2F, OpNot, OpAnd, OpOr, OpAny, OpAll:
		return TypeBool
	}
	return TypeFloat
}

// NewTemp allocates a float temporary.
func (s *Shader) NewTemp() Reg { s.NumTemps++; return Temp(s.NumTemps - 1) }

// NewITemp allocates an int temporary.
func (s *Shader) NewITemp() Reg { s.NumITemps++; return ITemp(s.NumITemps - 1) }

// NewBTemp allocates a bool temporary.
func (s *Shader) NewBTemp() Reg { s.NumBTemps++; return BTemp(s.NumBTemps - 1) }

// AddInput declares an input and returns its register.
func (s *Shader) AddInput(in Input) Reg {
	s.Inputs = append(s.Inputs, in)
	return In(len(s.Inputs) - 1)
}

// AddOutput declares an output and returns its register.
func (s *Shader) AddOutput(o Output) Reg {
	s.Outputs = append(s.Outputs, o)
	return Out(len(s.Outputs) - 1)
}

// Append adds statements to the main body.
func (s *Shader) Append(st ...Stmt) { s.Body = append(s.Body, st...) }
