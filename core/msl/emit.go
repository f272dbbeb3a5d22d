package msl

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"mtld3d/core/ir"
)

// helper functions an emitted unit may need, printed in this order.
const (
	hLmul = 1 << iota
	hLdp2
	hLdp3
	hLdp4
	hNrm
	hSinCos
	hLit
	hDst
	hLdst
	hLlrp
	hProj
	hShadow
	hFetch4
	hCfRel
	hRsq
)

type retCtx struct {
	flag  string
	loops int
}

type emitter struct {
	s       *ir.Shader
	b       strings.Builder
	depth   int
	helpers uint32
	ids     int
	rets    []retCtx
	unit    *Unit
	kill    bool
	sys     [ir.SysDefault + 1]bool
}

func emit(s *ir.Shader) *Unit {
	e := &emitter{s: s, unit: &Unit{Stage: s.Stage}}
	e.scanUses()
	e.depth = 1
	if hasReturn(s.Body) {
		e.returnBlock(s.Body)
	} else {
		e.block(s.Body)
	}
	body := e.b.String()
	e.b.Reset()
	e.header()
	e.helperDefs()
	if s.Stage == ir.StageVertex {
		e.vertexMain(body)
	} else {
		e.fragmentMain(body)
	}
	e.unit.Source = e.b.String()
	return e.unit
}

func (e *emitter) p(format string, a ...any) {
	e.b.WriteString(strings.Repeat("\t", e.depth))
	fmt.Fprintf(&e.b, format, a...)
	e.b.WriteByte('\n')
}

func (e *emitter) id() int { e.ids++; return e.ids }

// scanUses records which buffers, system values and discard the shader uses.
func (e *emitter) scanUses() {
	var src func(s ir.Src)
	reg := func(r ir.Reg) {
		switch r.File {
		case ir.RegConstF:
			e.unit.Buffers |= 1 << BufferConstF
		case ir.RegConstI:
			e.unit.Buffers |= 1 << BufferConstI
		case ir.RegConstB:
			e.unit.Buffers |= 1 << BufferConstB
		case ir.RegDrawState:
			e.unit.Buffers |= 1 << BufferDrawState
		}
		if r.Rel != nil && r.Rel.File == ir.RegConstI {
			e.unit.Buffers |= 1 << BufferConstI
		}
	}
	src = func(s ir.Src) { reg(s.Reg) }
	var walk func(b []ir.Stmt)
	walk = func(b []ir.Stmt) {
		for _, st := range b {
			switch st := st.(type) {
			case *ir.Inst:
				for _, s := range st.Src {
					src(s)
				}
				reg(st.Dst.Reg)
				if st.Pred != nil {
					src(*st.Pred)
				}
			case *ir.If:
				src(st.Cond)
				walk(st.Then)
				walk(st.Else)
			case *ir.Loop:
				src(st.Count)
				if st.Counter.File != ir.RegNone {
					src(st.Init)
					src(st.Step)
				}
				walk(st.Body)
			case *ir.Break:
				if st.Cond != nil {
					src(*st.Cond)
				}
			case *ir.Discard:
				e.kill = true
				if st.Cond != nil {
					src(*st.Cond)
				}
			}
		}
	}
	walk(e.s.Body)
	for _, sub := range e.s.Subs {
		walk(sub)
	}
	// Only buffers with registers: a shader declaring no float constants
	// reads none even through relative addressing.
	if e.s.NumConstF == 0 && len(e.s.DefF) == 0 {
		e.unit.Buffers &^= 1 << BufferConstF
	}
	for _, in := range e.s.Inputs {
		e.sys[in.Sys] = true
	}
}

func hasReturn(b []ir.Stmt) bool {
	for _, st := range b {
		switch st := st.(type) {
		case *ir.Return:
			return true
		case *ir.If:
			if hasReturn(st.Then) || hasReturn(st.Else) {
				return true
			}
		case *ir.Loop:
			if hasReturn(st.Body) {
				return true
			}
		}
	}
	return false
}

// returnBlock prints a function body that contains a return: the body is
// a do/while(false) so that return is a break, with a flag to leave loops.
func (e *emitter) returnBlock(b []ir.Stmt) {
	flag := fmt.Sprintf("_ret%d", e.id())
	e.p("{")
	e.depth++
	e.p("bool %s = false;", flag)
	e.p("do {")
	e.depth++
	e.rets = append(e.rets, retCtx{flag: flag})
	e.block(b)
	e.rets = e.rets[:len(e.rets)-1]
	e.depth--
	e.p("} while (false);")
	e.p("(void)%s;", flag)
	e.depth--
	e.p("}")
}

func (e *emitter) block(b []ir.Stmt) {
	for _, st := range b {
		switch st := st.(type) {
		case *ir.Inst:
			e.inst(st)
		case *ir.If:
			e.p("if (%s) {", e.cond(st.Cond))
			e.depth++
			e.block(st.Then)
			e.depth--
			if len(st.Else) > 0 {
				e.p("} else {")
				e.depth++
				e.block(st.Else)
				e.depth--
			}
			e.p("}")
		case *ir.Loop:
			e.loop(st)
		case *ir.Break:
			if st.Cond == nil {
				e.p("break;")
			} else {
				e.p("if (%s) break;", e.cond(*st.Cond))
			}
		case *ir.Call:
			sub := e.s.Subs[st.Sub]
			e.p("// call sub %d", st.Sub)
			if hasReturn(sub) {
				e.returnBlock(sub)
			} else {
				e.p("{")
				e.depth++
				e.block(sub)
				e.depth--
				e.p("}")
			}
		case *ir.Return:
			if len(e.rets) == 0 {
				e.p("return;") // unreachable: main bodies with returns use returnBlock
				continue
			}
			e.p("{ %s = true; break; }", e.rets[len(e.rets)-1].flag)
		case *ir.Discard:
			if st.Cond == nil {
				e.p("_kill = true;")
			} else {
				e.p("if (%s) _kill = true;", e.cond(*st.Cond))
			}
		}
	}
}

func (e *emitter) loop(l *ir.Loop) {
	n := e.id()
	e.p("{")
	e.depth++
	e.p("int _n%d = clamp(%s, 0, 255);", n, e.scalar(l.Count))
	counter := l.Counter.File == ir.RegITemp
	if counter {
		// Count, step and init are all read before the counter is set.
		e.p("int _s%d = %s;", n, e.scalar(l.Step))
		e.p("a%d.x = %s;", l.Counter.Index, e.scalar(l.Init))
	}
	e.p("for (int _i%d = 0; _i%d < _n%d; ++_i%d) {", n, n, n, n)
	e.depth++
	if len(e.rets) > 0 {
		e.rets[len(e.rets)-1].loops++
	}
	e.block(l.Body)
	if len(e.rets) > 0 {
		e.rets[len(e.rets)-1].loops--
	}
	if counter {
		e.p("a%d.x += _s%d;", l.Counter.Index, n)
	}
	e.depth--
	e.p("}")
	if len(e.rets) > 0 && hasReturn(l.Body) {
		e.p("if (%s) break;", e.rets[len(e.rets)-1].flag)
	}
	e.depth--
	e.p("}")
}

// ---- operands ----

var comp = "xyzw"

func typeName(t ir.Type, n int) string {
	base := map[ir.Type]string{ir.TypeFloat: "float", ir.TypeInt: "int", ir.TypeBool: "bool"}[t]
	if n == 1 {
		return base
	}
	return base + strconv.Itoa(n)
}

// FloatLit prints a float32 as an MSL literal that reads back exactly.
func FloatLit(f float32) string {
	switch {
	case math.IsInf(float64(f), 1):
		return "INFINITY"
	case math.IsInf(float64(f), -1):
		return "(-INFINITY)"
	case f != f:
		return "NAN"
	}
	s := strconv.FormatFloat(float64(f), 'g', -1, 32)
	if !strings.ContainsAny(s, ".en") {
		s += ".0"
	}
	return s + "f"
}

func intLit(i int32) string {
	if i == math.MinInt32 {
		return "(-2147483647 - 1)"
	}
	return strconv.Itoa(int(i))
}

// lit prints constant components as a scalar or vector literal.
func lit(t ir.Type, v []uint32) string {
	parts := make([]string, len(v))
	for i, x := range v {
		switch t {
		case ir.TypeFloat:
			parts[i] = FloatLit(math.Float32frombits(x))
		case ir.TypeInt:
			parts[i] = intLit(int32(x))
		default:
			parts[i] = strconv.FormatBool(x != 0)
		}
	}
	if len(v) == 1 {
		return parts[0]
	}
	allSame := true
	for _, p := range parts {
		allSame = allSame && p == parts[0]
	}
	if allSame {
		return typeName(t, len(v)) + "(" + parts[0] + ")"
	}
	return typeName(t, len(v)) + "(" + strings.Join(parts, ", ") + ")"
}

// constVal returns the value of a def'd constant, if any.
func (e *emitter) constVal(f ir.RegFile, i int) ([4]uint32, bool) {
	switch f {
	case ir.RegConstF:
		for _, d := range e.s.DefF {
			if d.Index == i {
				var v [4]uint32
				for c := range v {
					v[c] = math.Float32bits(d.Value[c])
				}
				return v, true
			}
		}
	case ir.RegConstI:
		for _, d := range e.s.DefI {
			if d.Index == i {
				return [4]uint32{uint32(d.Value[0]), uint32(d.Value[1]), uint32(d.Value[2]), uint32(d.Value[3])}, true
			}
		}
	case ir.RegConstB:
		for _, d := range e.s.DefB {
			if d.Index == i {
				b := uint32(0)
				if d.Value {
					b = 1
				}
				return [4]uint32{b, b, b, b}, true
			}
		}
	}
	return [4]uint32{}, false
}

// relIndex prints the index expression of a relatively addressed register.
func (e *emitter) relIndex(r ir.Reg) string {
	var base string
	if r.Rel.File == ir.RegITemp {
		base = fmt.Sprintf("a%d.%c", r.Rel.Index, comp[r.Rel.Comp])
	} else if v, ok := e.constVal(ir.RegConstI, r.Rel.Index); ok {
		base = intLit(int32(v[r.Rel.Comp]))
	} else {
		base = fmt.Sprintf("ci[%d].%c", r.Rel.Index, comp[r.Rel.Comp])
	}
	if r.Index == 0 {
		return base
	}
	return fmt.Sprintf("%d + %s", r.Index, base)
}

// regRead prints the full four-component value of a register; replicated
// is true when all components are equal (bool constants).
func (e *emitter) regRead(r ir.Reg) (expr string, replicated bool) {
	switch r.File {
	case ir.RegTemp:
		return fmt.Sprintf("r%d", r.Index), false
	case ir.RegITemp:
		return fmt.Sprintf("a%d", r.Index), false
	case ir.RegBTemp:
		return fmt.Sprintf("p%d", r.Index), false
	case ir.RegInput, ir.RegOutput:
		arr, n := "v", len(e.s.Inputs)
		if r.File == ir.RegOutput {
			arr, n = "o", len(e.s.Outputs)
		}
		if r.Rel == nil {
			return fmt.Sprintf("%s[%d]", arr, r.Index), false
		}
		idx := e.relIndex(r)
		return fmt.Sprintf("(uint(%s) < %du ? %s[%s] : float4(0.0f))", idx, n, arr, idx), false
	case ir.RegConstF:
		if r.Rel != nil {
			e.helpers |= hCfRel
			return fmt.Sprintf("cf_rel(cf, %s)", e.relIndex(r)), false
		}
		return fmt.Sprintf("cf[%d]", r.Index), false
	case ir.RegConstI:
		return fmt.Sprintf("ci[%d]", r.Index), false
	case ir.RegConstB:
		return fmt.Sprintf("(cb[%d] != 0u)", r.Index), true
	case ir.RegDrawState:
		return fmt.Sprintf("ds[%d]", r.Index), false
	}
	panic("msl: bad register file")
}

// operand prints a source with the components comps (1 or 4 of them).
func (e *emitter) operand(s ir.Src, comps []uint8) string {
	t := s.Type()
	n := len(comps)
	sw := make([]uint8, n)
	for i, c := range comps {
		sw[i] = s.Swizzle[c&3]
	}
	// Constants known at emission time print as literals.
	var imm [4]uint32
	known := false
	if s.Reg.File == ir.RegImm {
		imm, known = s.Imm, true
	} else if s.Reg.Rel == nil {
		imm, known = e.constVal(s.Reg.File, s.Reg.Index)
	}
	if known {
		v := make([]uint32, n)
		for i, c := range sw {
			x := imm[c]
			switch t {
			case ir.TypeFloat:
				if s.Abs {
					x &^= 1 << 31
				}
				if s.Neg {
					x ^= 1 << 31
				}
			case ir.TypeInt:
				y := int32(x)
				if s.Abs && y < 0 {
					y = -y
				}
				if s.Neg {
					y = -y
				}
				x = uint32(y)
			case ir.TypeBool:
				if s.Neg {
					x = b2u(x == 0)
				}
			}
			v[i] = x
		}
		return lit(t, v)
	}
	base, replicated := e.regRead(s.Reg)
	if replicated {
		if n > 1 {
			base = typeName(t, n) + "(" + base + ")"
		}
	} else if n != 4 || sw[0] != 0 || sw[1] != 1 || sw[2] != 2 || sw[3] != 3 {
		suf := make([]byte, n)
		for i, c := range sw {
			suf[i] = comp[c]
		}
		base += "." + string(suf)
	}
	switch t {
	case ir.TypeFloat, ir.TypeInt:
		if s.Abs {
			base = "abs(" + base + ")"
		}
		if s.Neg {
			base = "(-" + base + ")"
		}
	case ir.TypeBool:
		if s.Neg {
			base = "(!" + base + ")"
		}
	}
	return base
}

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

var xyzw = []uint8{0, 1, 2, 3}

func (e *emitter) src(s ir.Src) string    { return e.operand(s, xyzw) }
func (e *emitter) scalar(s ir.Src) string { return e.operand(s, []uint8{0}) }
func (e *emitter) cond(s ir.Src) string   { return e.scalar(s) }

// ---- instructions ----

// componentwise reports whether component i of an instruction's result
// depends only on component i of its sources, so a masked write can
// compute only the written components.
func componentwise(in *ir.Inst) bool {
	switch in.Op {
	case ir.OpMov, ir.OpFrac, ir.OpFloor, ir.OpCeil, ir.OpRcp, ir.OpRsq, ir.OpExp2, ir.OpLog2, ir.OpSin, ir.OpCos, ir.OpSqrt, ir.OpSign,
		ir.OpAdd, ir.OpSub, ir.OpDiv, ir.OpMin, ir.OpMax, ir.OpPow, ir.OpCmp, ir.OpCnd, ir.OpSelect,
		ir.OpLt, ir.OpLe, ir.OpEq, ir.OpNe, ir.OpGt, ir.OpGe, ir.OpF2IRound, ir.OpF2IFloor, ir.OpI2F, ir.OpB2F,
		ir.OpIAdd, ir.OpNot, ir.OpAnd, ir.OpOr, ir.OpDdx, ir.OpDdy:
		return true
	case ir.OpMul, ir.OpMad, ir.OpLrp:
		return !in.LegacyMul
	}
	return broadcast(in.Op)
}

// broadcast reports whether an instruction computes one scalar for all
// four components.
func broadcast(op ir.Opcode) bool {
	switch op {
	case ir.OpDp2, ir.OpDp3, ir.OpDp4, ir.OpDp2Add, ir.OpAny, ir.OpAll:
		return true
	}
	return false
}

func (e *emitter) inst(in *ir.Inst) {
	if in.Op == ir.OpNop {
		return
	}
	comps := xyzw
	mask := in.Dst.Mask
	if mask != ir.MaskXYZW && in.Pred == nil && componentwise(in) {
		comps = nil
		for c := uint8(0); c < 4; c++ {
			if mask&(1<<c) != 0 {
				comps = append(comps, c)
			}
		}
	}
	x := e.expr(in, comps)
	if in.ResultType() == ir.TypeFloat {
		if in.Shift != 0 {
			x = fmt.Sprintf("(%s * %s)", x, FloatLit(float32(math.Ldexp(1, int(in.Shift)))))
		}
		switch in.Clamp {
		case ir.ClampSat:
			x = "saturate(" + x + ")"
		case ir.ClampPS1x:
			x = fmt.Sprintf("clamp(%s, %s, %s)", x, FloatLit(-e.s.PS1xMax), FloatLit(e.s.PS1xMax))
		case ir.ClampSnorm:
			x = fmt.Sprintf("clamp(%s, -1.0f, 1.0f)", x)
		}
	}
	e.write(in, x, len(comps) != 4)
}

func (e *emitter) write(in *ir.Inst, x string, narrowed bool) {
	t := typeName(in.ResultType(), 4)
	r := in.Dst.Reg
	var dst string
	switch r.File {
	case ir.RegTemp:
		dst = fmt.Sprintf("r%d", r.Index)
	case ir.RegITemp:
		dst = fmt.Sprintf("a%d", r.Index)
	case ir.RegBTemp:
		dst = fmt.Sprintf("p%d", r.Index)
	case ir.RegOutput:
		dst = fmt.Sprintf("o[%d]", r.Index)
	}
	open := 0
	if r.Rel != nil {
		e.p("{")
		e.depth++
		e.p("int _o = %s;", e.relIndex(r))
		e.p("if (uint(_o) < %du) {", len(e.s.Outputs))
		e.depth++
		open = 2
		dst = "o[_o]"
	}
	mask := in.Dst.Mask
	var sw []byte
	for c := 0; c < 4; c++ {
		if mask&(1<<c) != 0 {
			sw = append(sw, comp[c])
		}
	}
	switch {
	case in.Pred != nil:
		e.p("{")
		e.depth++
		e.p("%s _t = %s;", t, x)
		e.p("bool4 _p = %s;", e.src(*in.Pred))
		for _, c := range sw {
			e.p("if (_p.%c) %s.%c = _t.%c;", c, dst, c, c)
		}
		e.depth--
		e.p("}")
	case mask == ir.MaskXYZW:
		e.p("%s = %s;", dst, x)
	case narrowed:
		e.p("%s.%s = %s;", dst, sw, x)
	default:
		// x is a function result or constructor, never a bare swizzle.
		e.p("%s.%s = (%s).%s;", dst, sw, x, sw)
	}
	for ; open > 0; open-- {
		e.depth--
		e.p("}")
	}
}

// expr prints the four-component result of an instruction.
// comps are the components to compute for componentwise instructions
// (the result then has len(comps) components); other instructions ignore
// comps and produce four.
func (e *emitter) expr(in *ir.Inst, comps []uint8) string {
	n := len(comps)
	s := func(i int) string { return e.operand(in.Src[i], comps) }
	if !componentwise(in) || broadcast(in.Op) {
		s = func(i int) string { return e.src(in.Src[i]) }
	}
	wrap := func(t ir.Type, x string) string {
		if n == 1 {
			return x
		}
		return typeName(t, n) + "(" + x + ")"
	}
	lm := in.LegacyMul
	bin := func(op string) string { return fmt.Sprintf("(%s %s %s)", s(0), op, s(1)) }
	call := func(f string) string {
		args := make([]string, len(in.Src))
		for i := range in.Src {
			args[i] = s(i)
		}
		return f + "(" + strings.Join(args, ", ") + ")"
	}
	dot := func(n int) string {
		if lm {
			e.helpers |= hLmul | [...]uint32{2: hLdp2, 3: hLdp3, 4: hLdp4}[n]
			return fmt.Sprintf("ldp%d(%s, %s)", n, s(0), s(1))
		}
		if n == 4 {
			return fmt.Sprintf("dot(%s, %s)", s(0), s(1))
		}
		c := xyzw[:n]
		return fmt.Sprintf("dot(%s, %s)", e.operand(in.Src[0], c), e.operand(in.Src[1], c))
	}
	switch in.Op {
	case ir.OpMov:
		return s(0)
	case ir.OpFrac:
		return call("fract")
	case ir.OpFloor:
		return call("floor")
	case ir.OpCeil:
		return call("ceil")
	case ir.OpRcp:
		return fmt.Sprintf("(1.0f / %s)", s(0))
	case ir.OpRsq:
		e.helpers |= hRsq
		return call("rsq")
	case ir.OpExp2:
		return call("exp2")
	case ir.OpLog2:
		return fmt.Sprintf("log2(abs(%s))", s(0))
	case ir.OpSin:
		return call("sin")
	case ir.OpCos:
		return call("cos")
	case ir.OpSqrt:
		return call("sqrt")
	case ir.OpSign:
		return call("sign")
	case ir.OpNrm:
		e.helpers |= hLmul | hNrm
		return call("nrm")
	case ir.OpSinCos:
		e.helpers |= hSinCos
		return call("sincos_d3d")
	case ir.OpLit:
		e.helpers |= hLit
		return call("lit")
	case ir.OpAdd:
		return bin("+")
	case ir.OpSub:
		return bin("-")
	case ir.OpMul:
		if lm {
			e.helpers |= hLmul
			return call("lmul")
		}
		return bin("*")
	case ir.OpDiv:
		return bin("/")
	case ir.OpMin:
		return call("fmin")
	case ir.OpMax:
		return call("fmax")
	case ir.OpDp2:
		return wrap(ir.TypeFloat, dot(2))
	case ir.OpDp3:
		return wrap(ir.TypeFloat, dot(3))
	case ir.OpDp4:
		return wrap(ir.TypeFloat, dot(4))
	case ir.OpDp2Add:
		return wrap(ir.TypeFloat, fmt.Sprintf("(%s + %s)", dot(2), e.scalar(in.Src[2])))
	case ir.OpPow:
		return fmt.Sprintf("pow(abs(%s), %s)", s(0), s(1))
	case ir.OpCross:
		return fmt.Sprintf("float4(cross(%s, %s), 0.0f)", e.operand(in.Src[0], xyzw[:3]), e.operand(in.Src[1], xyzw[:3]))
	case ir.OpDst:
		if lm {
			e.helpers |= hLmul | hLdst
			return call("ldst")
		}
		e.helpers |= hDst
		return call("dst")
	case ir.OpMad:
		if lm {
			e.helpers |= hLmul
			return fmt.Sprintf("(lmul(%s, %s) + %s)", s(0), s(1), s(2))
		}
		return fmt.Sprintf("(%s * %s + %s)", s(0), s(1), s(2))
	case ir.OpLrp:
		if lm {
			e.helpers |= hLmul | hLlrp
			return call("llrp")
		}
		return fmt.Sprintf("mix(%s, %s, %s)", s(2), s(1), s(0))
	case ir.OpCmp:
		return fmt.Sprintf("select(%s, %s, %s >= 0.0f)", s(2), s(1), s(0))
	case ir.OpCnd:
		return fmt.Sprintf("select(%s, %s, %s > 0.5f)", s(2), s(1), s(0))
	case ir.OpSelect:
		return fmt.Sprintf("select(%s, %s, %s)", s(2), s(1), s(0))
	case ir.OpLt:
		return bin("<")
	case ir.OpLe:
		return bin("<=")
	case ir.OpEq:
		return bin("==")
	case ir.OpNe:
		return bin("!=")
	case ir.OpGt:
		return bin(">")
	case ir.OpGe:
		return bin(">=")
	case ir.OpF2IRound:
		return fmt.Sprintf("%s(clamp(round(%s), -2147483648.0f, 2147483520.0f))", typeName(ir.TypeInt, n), s(0))
	case ir.OpF2IFloor:
		return fmt.Sprintf("%s(clamp(floor(%s), -2147483648.0f, 2147483520.0f))", typeName(ir.TypeInt, n), s(0))
	case ir.OpI2F:
		return fmt.Sprintf("%s(%s)", typeName(ir.TypeFloat, n), s(0))
	case ir.OpB2F:
		f := typeName(ir.TypeFloat, n)
		return fmt.Sprintf("select(%s(0.0f), %s(1.0f), %s)", f, f, s(0))
	case ir.OpIAdd:
		return bin("+")
	case ir.OpNot:
		return "(!" + s(0) + ")"
	case ir.OpAnd:
		return bin("&&")
	case ir.OpOr:
		return bin("||")
	case ir.OpAny:
		return wrap(ir.TypeBool, call("any"))
	case ir.OpAll:
		return wrap(ir.TypeBool, call("all"))
	case ir.OpDdx:
		return call("dfdx")
	case ir.OpDdy:
		return call("dfdy")
	case ir.OpTex:
		return e.tex(in)
	}
	panic("msl: bad opcode " + in.Op.String())
}

func (e *emitter) tex(in *ir.Inst) string {
	d := e.s.Sampler(in.Sampler)
	width := 3
	if d.Kind == ir.Sampler2D {
		width = 2
	}
	project := in.Project || d.Projected
	c := e.src(in.Src[0])
	switch {
	case project:
		e.helpers |= hProj
		c = "proj(" + c + ")"
		if d.Kind != ir.SamplerShadow2D {
			c += "." + "xyz"[:width]
		}
	case d.Kind != ir.SamplerShadow2D:
		c = e.operand(in.Src[0], xyzw[:width])
	}
	mode := in.TexMode
	var opt string
	vertex := e.s.Stage == ir.StageVertex
	switch {
	case mode == ir.TexLod || (vertex && mode == ir.TexBias):
		opt = "level(" + e.scalar(in.Src[1]) + ")"
	case vertex && (mode == ir.TexImplicit || mode == ir.TexGrad):
		opt = "level(0.0f)"
	case mode == ir.TexBias:
		opt = "bias(" + e.scalar(in.Src[1]) + ")"
	case mode == ir.TexGrad:
		g := map[ir.SamplerKind]string{ir.Sampler2D: "gradient2d", ir.SamplerShadow2D: "gradient2d", ir.SamplerCube: "gradientcube", ir.Sampler3D: "gradient3d"}[d.Kind]
		c := xyzw[:3]
		if g == "gradient2d" {
			c = xyzw[:2]
		}
		opt = fmt.Sprintf("%s(%s, %s)", g, e.operand(in.Src[1], c), e.operand(in.Src[2], c))
	}
	n := in.Sampler
	if d.Fetch4 != ir.Fetch4Off {
		// The base level whatever the LOD, bias or gradients (ir.Fetch4).
		e.helpers |= hFetch4
		f := "fetch4_r"
		if d.Fetch4 == ir.Fetch4Alpha {
			f = "fetch4_a"
		}
		return fmt.Sprintf("%s(t%d, s%d, %s)", f, n, n, c)
	}
	switch d.Kind {
	case ir.SamplerShadow2D:
		// D3D9 gives no bias for hardware shadow maps in Metal terms:
		// sample_compare takes level or gradient only, so a bias is dropped.
		e.helpers |= hShadow
		if mode == ir.TexBias && !vertex {
			opt = ""
		}
		if opt != "" {
			return fmt.Sprintf("shadow2d(t%d, s%d, %s, %s)", n, n, c, opt)
		}
		return fmt.Sprintf("shadow2d(t%d, s%d, %s)", n, n, c)
	}
	if opt != "" {
		return fmt.Sprintf("t%d.sample(s%d, %s, %s)", n, n, c, opt)
	}
	return fmt.Sprintf("t%d.sample(s%d, %s)", n, n, c)
}

// ---- unit layout ----

func (e *emitter) header() {
	e.depth = 0
	e.p("// Generated by mtld3d core/msl: %s shader (D3D9 model %d.%d).", e.s.Stage, e.s.Version>>8, e.s.Version&0xff)
	e.p("#include <metal_stdlib>")
	e.p("using namespace metal;")
	e.p("")
}

func (e *emitter) helperDefs() {
	h := e.helpers
	if h&hRsq != 0 {
		e.p("// D3D9 rsq: 1/sqrt(|x|), exactly 1 for 1, +inf for 0.")
		for _, t := range []string{"float", "float2", "float3", "float4"} {
			e.p("static %s rsq(%s x) { %s a = abs(x); return select(rsqrt(a), %s(1.0f), a == 1.0f); }", t, t, t, t)
		}
	}
	if h&hLmul != 0 {
		e.p("// D3D9 multiply: 0 * anything (inf and NaN included) is 0.")
		e.p("static float4 lmul(float4 a, float4 b) { return select(a * b, float4(0.0f), a == 0.0f || b == 0.0f); }")
	}
	if h&hLdp2 != 0 {
		e.p("static float ldp2(float4 a, float4 b) { float4 m = lmul(a, b); return m.x + m.y; }")
	}
	if h&hLdp3 != 0 {
		e.p("static float ldp3(float4 a, float4 b) { float4 m = lmul(a, b); return m.x + m.y + m.z; }")
	}
	if h&hLdp4 != 0 {
		e.p("static float ldp4(float4 a, float4 b) { float4 m = lmul(a, b); return m.x + m.y + m.z + m.w; }")
	}
	if h&hNrm != 0 {
		e.p("// D3D9 nrm: src * rsq(dot3), legacy multiply: a zero vector stays zero.")
		e.p("static float4 nrm(float4 a) { return lmul(a, float4(rsqrt(a.x * a.x + a.y * a.y + a.z * a.z))); }")
	}
	if h&hSinCos != 0 {
		e.p("static float4 sincos_d3d(float4 a) { return float4(cos(a.x), sin(a.x), 0.0f, 0.0f); }")
	}
	if h&hLit != 0 {
		e.p("// D3D9 lit, with its power clamp.")
		e.p("static float4 lit(float4 s) {")
		e.p("\tfloat4 r = float4(1.0f, 0.0f, 0.0f, 1.0f);")
		e.p("\tfloat p = clamp(s.w, -127.9961f, 127.9961f);")
		e.p("\tif (s.x > 0.0f) {")
		e.p("\t\tr.y = s.x;")
		e.p("\t\tif (s.y > 0.0f) r.z = pow(s.y, p);")
		e.p("\t}")
		e.p("\treturn r;")
		e.p("}")
	}
	if h&hDst != 0 {
		e.p("static float4 dst(float4 a, float4 b) { return float4(1.0f, a.y * b.y, a.z, b.w); }")
	}
	if h&hLdst != 0 {
		e.p("static float4 ldst(float4 a, float4 b) { return float4(1.0f, lmul(a, b).y, a.z, b.w); }")
	}
	if h&hLlrp != 0 {
		e.p("static float4 llrp(float4 a, float4 b, float4 c) { return lmul(a, b - c) + c; }")
	}
	if h&hProj != 0 {
		e.p("static float4 proj(float4 c) { return float4(c.xyz / c.w, c.w); }")
	}
	if h&hShadow != 0 {
		e.p("// Hardware shadow map: compare against coord.z, result replicated.")
		e.p("static float4 shadow2d(depth2d<float> t, sampler s, float4 c) { return float4(t.sample_compare(s, c.xy, c.z)); }")
		e.p("static float4 shadow2d(depth2d<float> t, sampler s, float4 c, level l) { return float4(t.sample_compare(s, c.xy, c.z, l)); }")
		e.p("static float4 shadow2d(depth2d<float> t, sampler s, float4 c, gradient2d g) { return float4(t.sample_compare(s, c.xy, c.z, g)); }")
	}
	if h&hFetch4 != 0 {
		e.p("// AMD FETCH4: the 2x2 footprint from the point-sampled texel, ordered")
		e.p("// top-right, bottom-left, bottom-right, top-left.")
		for _, k := range []string{"r x", "a w"} {
			e.p("static float4 fetch4_%s(texture2d<float> t, sampler s, float2 c) {", k[:1])
			e.p("\treturn t.gather(s, c + 0.5f / float2(t.get_width(), t.get_height()), int2(0), component::%s).zxyw;", k[2:])
			e.p("}")
		}
	}
	if h&hCfRel != 0 {
		e.p("// Relative float-constant read: defined constants first, 0 out of range.")
		e.p("static float4 cf_rel(constant float4* cf, int i) {")
		if len(e.s.DefF) > 0 {
			defs := slices.Clone(e.s.DefF)
			slices.SortStableFunc(defs, func(a, b ir.DefF) int { return a.Index - b.Index })
			e.p("\tswitch (i) {")
			seen := map[int]bool{}
			for _, d := range defs {
				if seen[d.Index] {
					continue
				}
				seen[d.Index] = true
				v, _ := e.constVal(ir.RegConstF, d.Index)
				e.p("\tcase %d: return %s;", d.Index, lit(ir.TypeFloat, v[:]))
			}
			e.p("\t}")
		}
		if e.s.NumConstF > 0 {
			e.p("\treturn uint(i) < %du ? cf[i] : float4(0.0f);", e.s.NumConstF)
		} else {
			e.p("\t(void)cf;")
			e.p("\treturn float4(0.0f);")
		}
		e.p("}")
	}
	if h != 0 {
		e.p("")
	}
}

// params prints the buffer and texture parameters shared by both stages.
func (e *emitter) params() []string {
	var ps []string
	u := e.unit
	if u.Buffers&(1<<BufferConstF) != 0 {
		ps = append(ps, fmt.Sprintf("constant float4* cf [[buffer(%d)]]", BufferConstF))
	}
	if u.Buffers&(1<<BufferConstI) != 0 {
		ps = append(ps, fmt.Sprintf("constant int4* ci [[buffer(%d)]]", BufferConstI))
	}
	if u.Buffers&(1<<BufferConstB) != 0 {
		ps = append(ps, fmt.Sprintf("constant uint* cb [[buffer(%d)]]", BufferConstB))
	}
	if u.Buffers&(1<<BufferDrawState) != 0 {
		ps = append(ps, fmt.Sprintf("constant float4* ds [[buffer(%d)]]", BufferDrawState))
	}
	smp := slices.Clone(e.s.Samplers)
	slices.SortStableFunc(smp, func(a, b ir.SamplerDecl) int { return a.Index - b.Index })
	for i, d := range smp {
		if d.Kind == ir.SamplerNone || (i > 0 && smp[i-1].Index == d.Index) {
			continue
		}
		u.Samplers = append(u.Samplers, d)
		t := map[ir.SamplerKind]string{ir.Sampler2D: "texture2d<float>", ir.SamplerCube: "texturecube<float>", ir.Sampler3D: "texture3d<float>", ir.SamplerShadow2D: "depth2d<float>"}[d.Kind]
		ps = append(ps, fmt.Sprintf("%s t%d [[texture(%d)]]", t, d.Index, d.Index), fmt.Sprintf("sampler s%d [[sampler(%d)]]", d.Index, d.Index))
	}
	return ps
}

// locals prints the register declarations at the top of main.
func (e *emitter) locals(loadInputs func(i int) string) {
	s := e.s
	if n := len(s.Inputs); n > 0 {
		e.p("float4 v[%d];", n)
		for i := range s.Inputs {
			e.p("v[%d] = %s;", i, loadInputs(i))
		}
	}
	if n := len(s.Outputs); n > 0 {
		e.p("float4 o[%d];", n)
		for i := 0; i < n; i++ {
			e.p("o[%d] = float4(0.0f);", i)
		}
	}
	for i := 0; i < s.NumTemps; i++ {
		e.p("float4 r%d = float4(0.0f);", i)
	}
	for i := 0; i < s.NumITemps; i++ {
		e.p("int4 a%d = int4(0);", i)
	}
	for i := 0; i < s.NumBTemps; i++ {
		e.p("bool4 p%d = bool4(false);", i)
	}
	if e.kill {
		e.p("bool _kill = false;")
	}
}

func signature(ret, kind, entry string, params []string) string {
	if len(params) == 0 {
		return fmt.Sprintf("%s %s %s()", kind, ret, entry)
	}
	return fmt.Sprintf("%s %s %s(\n\t%s)", kind, ret, entry, strings.Join(params, ",\n\t"))
}

func slotName(slot int) string { return fmt.Sprintf("v%d [[user(locn%d)]]", slot, slot) }

func (e *emitter) vertexMain(body string) {
	s, u := e.s, e.unit
	u.Entry = EntryVertex
	// stage_in
	for _, in := range s.Inputs {
		if !slices.Contains(u.Attributes, in.Location) {
			u.Attributes = append(u.Attributes, in.Location)
		}
	}
	slices.Sort(u.Attributes)
	var params []string
	if len(u.Attributes) > 0 {
		e.p("struct VSIn {")
		for _, a := range u.Attributes {
			e.p("\tfloat4 a%d [[attribute(%d)]];", a, a)
		}
		e.p("};")
		e.p("")
		params = append(params, "VSIn in [[stage_in]]")
	}
	// outputs
	type vary struct{ slot, out int }
	var vs []vary
	pos := -1
	var clips []int // outputs in clip-distance order
	psize := -1
	for i, o := range s.Outputs {
		switch o.Kind {
		case ir.OutPosition:
			if pos < 0 {
				pos = i
			}
		case ir.OutPointSize:
			if psize < 0 {
				psize = i
			}
		case ir.OutClipDist:
			clips = append(clips, i)
		case ir.OutVarying:
			slot := ir.VaryingSlot(o.Usage, o.UsageIndex)
			if !slices.ContainsFunc(vs, func(v vary) bool { return v.slot == slot }) {
				vs = append(vs, vary{slot, i})
			}
		}
	}
	slices.SortStableFunc(vs, func(a, b vary) int { return a.slot - b.slot })
	slices.SortStableFunc(clips, func(a, b int) int { return s.Outputs[a].Index - s.Outputs[b].Index })
	e.p("struct VSOut {")
	e.p("\tfloat4 pos [[position]];")
	if psize >= 0 {
		e.p("\tfloat psize [[point_size]];")
		u.PointSize = true
	}
	if len(clips) > 0 {
		e.p("\tfloat clip [[clip_distance]] [%d];", len(clips))
		u.ClipDistances = len(clips)
	}
	for _, v := range vs {
		e.p("\tfloat4 %s;", slotName(v.slot))
		u.Varyings = append(u.Varyings, v.slot)
	}
	e.p("};")
	e.p("")
	params = append(params, e.params()...)
	e.p("%s {", signature("VSOut", "vertex", EntryVertex, params))
	e.depth = 1
	e.locals(func(i int) string { return fmt.Sprintf("in.a%d", s.Inputs[i].Location) })
	e.b.WriteString(body)
	e.p("VSOut out;")
	if pos >= 0 {
		e.p("out.pos = o[%d];", pos)
	} else {
		e.p("out.pos = float4(0.0f);")
	}
	if psize >= 0 {
		e.p("out.psize = o[%d].x;", psize)
	}
	for k, c := range clips {
		e.p("out.clip[%d] = o[%d].x;", k, c)
	}
	for _, v := range vs {
		e.p("out.v%d = o[%d];", v.slot, v.out)
	}
	e.p("return out;")
	e.depth = 0
	e.p("}")
}

func (e *emitter) fragmentMain(body string) {
	s, u := e.s, e.unit
	u.Entry = EntryFragment
	type vary struct {
		slot   int
		interp ir.Interp
	}
	var vs []vary
	for _, in := range s.Inputs {
		if in.Sys != ir.SysNone {
			continue
		}
		slot := ir.VaryingSlot(in.Usage, in.UsageIndex)
		if !slices.ContainsFunc(vs, func(v vary) bool { return v.slot == slot }) {
			vs = append(vs, vary{slot, in.Interp})
		}
	}
	slices.SortStableFunc(vs, func(a, b vary) int { return a.slot - b.slot })
	var params []string
	if len(vs) > 0 || e.sys[ir.SysPosition] {
		e.p("struct PSIn {")
		if e.sys[ir.SysPosition] {
			e.p("\tfloat4 pos [[position]];")
		}
		for _, v := range vs {
			attr := [...]string{ir.InterpPerspective: "center_perspective", ir.InterpFlat: "flat", ir.InterpCentroid: "centroid_perspective"}[v.interp]
			e.p("\tfloat4 %s [[%s]];", slotName(v.slot), attr)
			u.Varyings = append(u.Varyings, v.slot)
		}
		e.p("};")
		e.p("")
		params = append(params, "PSIn in [[stage_in]]")
	}
	if e.sys[ir.SysFrontFace] {
		params = append(params, "bool front [[front_facing]]")
	}
	if e.sys[ir.SysPointCoord] {
		params = append(params, "float2 pc [[point_coord]]")
	}
	var colors []int
	depth, mask := -1, -1
	for i, o := range s.Outputs {
		switch o.Kind {
		case ir.OutColor:
			if o.Index >= 0 && o.Index < 8 && u.ColorTargets&(1<<o.Index) == 0 {
				u.ColorTargets |= 1 << o.Index
				colors = append(colors, i)
			}
		case ir.OutDepth:
			if depth < 0 {
				depth = i
			}
		case ir.OutSampleMask:
			if mask < 0 {
				mask = i
			}
		}
	}
	slices.SortStableFunc(colors, func(a, b int) int { return s.Outputs[a].Index - s.Outputs[b].Index })
	ret := "void"
	if len(colors) > 0 || depth >= 0 || mask >= 0 {
		ret = "PSOut"
		e.p("struct PSOut {")
		for _, c := range colors {
			e.p("\tfloat4 c%d [[color(%d)]];", s.Outputs[c].Index, s.Outputs[c].Index)
		}
		if depth >= 0 {
			e.p("\tfloat depth [[depth(any)]];")
			u.WritesDepth = true
		}
		if mask >= 0 {
			// Metal ANDs it with the coverage, as D3D9 does the mask.
			e.p("\tuint mask [[sample_mask]];")
		}
		e.p("};")
		e.p("")
	}
	params = append(params, e.params()...)
	e.p("%s {", signature(ret, "fragment", EntryFragment, params))
	e.depth = 1
	e.locals(func(i int) string {
		in := s.Inputs[i]
		switch in.Sys {
		case ir.SysPosition:
			return "in.pos"
		case ir.SysFrontFace:
			return "float4(front ? 1.0f : -1.0f)"
		case ir.SysPointCoord:
			return "float4(pc, 0.0f, 1.0f)"
		case ir.SysDefault:
			d := in.Default()
			return fmt.Sprintf("float4(%s, %s, %s, %s)", FloatLit(d[0]), FloatLit(d[1]), FloatLit(d[2]), FloatLit(d[3]))
		}
		return fmt.Sprintf("in.v%d", ir.VaryingSlot(in.Usage, in.UsageIndex))
	})
	e.b.WriteString(body)
	if e.kill {
		e.p("if (_kill) discard_fragment();")
	}
	if ret != "void" {
		e.p("PSOut out;")
		for _, c := range colors {
			e.p("out.c%d = o[%d];", s.Outputs[c].Index, c)
		}
		if depth >= 0 {
			e.p("out.depth = o[%d].x;", depth)
		}
		if mask >= 0 {
			e.p("out.mask = uint(o[%d].x);", mask)
		}
		e.p("return out;")
	}
	e.depth = 0
	e.p("}")
}
