package ir

import "fmt"

// Validate checks that a shader is well formed: operand counts and types,
// register indices within the declared counts, relative addressing only
// where allowed, samplers declared, breaks inside loops, subroutine indices
// valid and no recursion. Consumers may assume a validated shader.
func Validate(s *Shader) error {
	v := validator{s: s}
	v.decls()
	v.block(s.Body, 0)
	for i, sub := range s.Subs {
		v.sub = i
		v.block(sub, 0)
	}
	if v.err == nil {
		v.recursion()
	}
	return v.err
}

// decls checks the declarations against the stage.
func (v *validator) decls() {
	s := v.s
	if s.Stage > StagePixel {
		v.fail("bad stage %d", s.Stage)
	}
	for _, in := range s.Inputs {
		if in.Sys != SysNone && s.Stage != StagePixel {
			v.fail("system-value input in a vertex shader")
		}
		if s.Stage == StageVertex && (in.Location < 0 || in.Location > 30) {
			v.fail("vertex input location %d outside Metal's attribute range 0..30", in.Location)
		}
		if in.Sys > SysDefault || in.Interp > InterpCentroid || in.Usage > UsageSample {
			v.fail("bad input declaration %+v", in)
		}
	}
	for _, o := range s.Outputs {
		switch o.Kind {
		case OutVarying, OutPosition, OutPointSize:
			if s.Stage != StageVertex {
				v.fail("%v output in a pixel shader", o)
			}
			if o.Kind == OutVarying && o.Usage > UsageSample {
				v.fail("bad varying usage %d", o.Usage)
			}
		case OutClipDist:
			if s.Stage != StageVertex || o.Index < 0 || o.Index >= MaxClipPlanes {
				v.fail("bad clip distance output %d", o.Index)
			}
		case OutColor:
			if s.Stage != StagePixel || o.Index < 0 || o.Index > 3 {
				v.fail("bad colour output %d", o.Index)
			}
		case OutDepth, OutSampleMask:
			if s.Stage != StagePixel {
				v.fail("%v output in a vertex shader", o)
			}
		default:
			v.fail("bad output kind %d", o.Kind)
		}
	}
	for _, d := range s.Samplers {
		if d.Index < 0 || d.Index > 15 || d.Kind > SamplerShadow2D || d.Fetch4 > Fetch4Alpha ||
			(d.Fetch4 != Fetch4Off && (d.Kind != Sampler2D || s.Stage != StagePixel)) {
			v.fail("bad sampler declaration %+v", d)
		}
	}
}

type validator struct {
	s   *Shader
	sub int
	err error
}

func (v *validator) fail(format string, a ...any) {
	if v.err == nil {
		v.err = fmt.Errorf("ir: "+format, a...)
	}
}

// regCount is the number of registers of file f in s.
func (s *Shader) regCount(f RegFile) int {
	switch f {
	case RegTemp:
		return s.NumTemps
	case RegITemp:
		return s.NumITemps
	case RegBTemp:
		return s.NumBTemps
	case RegInput:
		return len(s.Inputs)
	case RegOutput:
		return len(s.Outputs)
	case RegConstF:
		return s.NumConstF
	case RegConstI:
		return s.NumConstI
	case RegConstB:
		return s.NumConstB
	case RegDrawState:
		return DSCount
	}
	return 0
}

func (v *validator) reg(r Reg, write bool) {
	if r.File == RegNone || r.File > RegImm {
		v.fail("bad register file %d", r.File)
		return
	}
	if r.File == RegImm {
		if write {
			v.fail("write to immediate")
		}
		return
	}
	if write {
		switch r.File {
		case RegTemp, RegITemp, RegBTemp, RegOutput:
		default:
			v.fail("write to read-only register file %d", r.File)
		}
	}
	if r.Rel != nil {
		switch r.File {
		case RegConstF, RegInput, RegOutput:
		default:
			v.fail("relative addressing on register file %d", r.File)
		}
		if r.Rel.File != RegITemp && r.Rel.File != RegConstI {
			v.fail("relative index must be an int register")
		}
		if r.Rel.Index < 0 || r.Rel.Index >= v.s.regCount(r.Rel.File) || r.Rel.Comp > 3 {
			v.fail("relative index register out of range")
		}
		return
	}
	if r.Index < 0 || r.Index >= v.s.regCount(r.File) {
		v.fail("register %d of file %d out of range (%d)", r.Index, r.File, v.s.regCount(r.File))
	}
}

func (v *validator) src(s Src, want Type) {
	v.reg(s.Reg, false)
	for _, c := range s.Swizzle {
		if c > 3 {
			v.fail("bad swizzle")
		}
	}
	if want != TypeNone && s.Type() != want {
		v.fail("operand type %v, want %v", s.Type(), want)
	}
}

func (v *validator) cond(s Src) { v.src(s, TypeBool) }

func (v *validator) block(b []Stmt, loops int) {
	for _, st := range b {
		switch st := st.(type) {
		case *Inst:
			v.inst(st)
		case *If:
			v.cond(st.Cond)
			v.block(st.Then, loops)
			v.block(st.Else, loops)
		case *Loop:
			v.src(st.Count, TypeInt)
			if st.Counter.File != RegNone {
				if st.Counter.File != RegITemp || st.Counter.Rel != nil {
					v.fail("loop counter must be an int temporary")
				}
				v.reg(st.Counter, true)
				v.src(st.Init, TypeInt)
				v.src(st.Step, TypeInt)
			}
			v.block(st.Body, loops+1)
		case *Break:
			if loops == 0 {
				v.fail("break outside a loop")
			}
			if st.Cond != nil {
				v.cond(*st.Cond)
			}
		case *Call:
			if st.Sub < 0 || st.Sub >= len(v.s.Subs) {
				v.fail("call to missing subroutine %d", st.Sub)
			}
		case *Return:
		case *Discard:
			if v.s.Stage != StagePixel {
				v.fail("discard in a vertex shader")
			}
			if st.Cond != nil {
				v.cond(*st.Cond)
			}
		case nil:
			v.fail("nil statement")
		default:
			v.fail("unknown statement %T", st)
		}
	}
}

func (v *validator) inst(in *Inst) {
	if in.Op == OpNop {
		return
	}
	if in.Op >= opCount {
		v.fail("bad opcode %d", in.Op)
		return
	}
	n := in.Op.NumSrcs()
	if in.Op == OpTex {
		n = 1
		switch in.TexMode {
		case TexBias, TexLod:
			n = 2
		case TexGrad:
			n = 3
		case TexBumped:
			n = 2
			if v.s.Stage != StagePixel {
				v.fail("bumped sample in a vertex shader")
			}
		}
		d := v.s.Sampler(in.Sampler)
		if d == nil || d.Kind == SamplerNone {
			v.fail("sample from undeclared sampler %d", in.Sampler)
		}
	}
	if len(in.Src) != n {
		v.fail("%v takes %d operands, has %d", in.Op, n, len(in.Src))
		return
	}
	if (in.Op == OpDdx || in.Op == OpDdy) && v.s.Stage != StagePixel {
		v.fail("%v in a vertex shader", in.Op)
	}
	for i, s := range in.Src {
		v.src(s, in.SrcType(i))
	}
	v.reg(in.Dst.Reg, true)
	if in.Dst.Mask == 0 || in.Dst.Mask > MaskXYZW {
		v.fail("bad write mask")
	}
	if in.Dst.Reg.File.Type() != in.ResultType() {
		v.fail("%v writes %v into a %v register", in.Op, in.ResultType(), in.Dst.Reg.File.Type())
	}
	if (in.Clamp != ClampNone || in.Shift != 0) && in.ResultType() != TypeFloat {
		v.fail("clamp/shift on a non-float result")
	}
	if in.Clamp > ClampSnorm {
		v.fail("bad clamp %d", in.Clamp)
	}
	if in.Clamp == ClampPS1x && !(v.s.PS1xMax >= 1) {
		v.fail("ClampPS1x needs Shader.PS1xMax >= 1 (D3DCAPS9.PixelShader1xMaxValue)")
	}
	if in.Pred != nil {
		v.src(*in.Pred, TypeBool)
	}
}

// recursion rejects call cycles.
func (v *validator) recursion() {
	calls := make([][]int, len(v.s.Subs))
	var collect func(b []Stmt, out *[]int)
	collect = func(b []Stmt, out *[]int) {
		for _, st := range b {
			switch st := st.(type) {
			case *Call:
				*out = append(*out, st.Sub)
			case *If:
				collect(st.Then, out)
				collect(st.Else, out)
			case *Loop:
				collect(st.Body, out)
			}
		}
	}
	for i, sub := range v.s.Subs {
		collect(sub, &calls[i])
	}
	state := make([]uint8, len(calls)) // 0 new, 1 on stack, 2 done
	var visit func(i int) bool
	visit = func(i int) bool {
		if state[i] == 1 {
			return false
		}
		if state[i] == 2 {
			return true
		}
		state[i] = 1
		for _, c := range calls[i] {
			if !visit(c) {
				return false
			}
		}
		state[i] = 2
		return true
	}
	for i := range calls {
		if !visit(i) {
			v.fail("recursive subroutine call")
			return
		}
	}
}
