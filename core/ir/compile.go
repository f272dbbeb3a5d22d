package ir

import (
	"math"
	"math/bits"
	"unsafe"
)

// This file compiles a shader to Go closures, which Machine runs instead of
// walking the statements: what the interpreter decides per lane and per
// instruction (operand files, constant shadowing by def, swizzles,
// modifiers, the opcode) is decided once here, and each instruction
// computes all lanes in one call. The interpreter in interp.go stays the
// definition: the compiled code must give the same bits, but for which
// NaN an operation on NaNs gives (irtest.SameResults, run over random
// shaders in irtest, the DXSO corpus in core/dxso/lower and random
// fixed-function states in core/ff).

// Code is a validated shader compiled to closures. It is immutable and
// shared by every Machine made from it.
type Code struct {
	s    *Shader
	body stmtFn
	subs []stmtFn
}

// stmtFn runs statements for the lanes in mask and returns the lanes
// still running at their end, as Machine.block does.
type stmtFn func(m *Machine, mask uint8) uint8

// srcFn evaluates an operand for every lane of the machine.
type srcFn func(m *Machine, out *[4]vec)

// Compile validates s and compiles it.
func Compile(s *Shader) (*Code, error) {
	if err := Validate(s); err != nil {
		return nil, err
	}
	c := &Code{s: s, subs: make([]stmtFn, len(s.Subs))}
	for i, sub := range s.Subs {
		c.subs[i] = c.block(mergeSplits(sub))
	}
	body := optimize(s, mergeSplits(s.Body))
	if c.body = c.hoist(body); c.body == nil {
		c.body = c.block(body)
	}
	return c, nil
}

// Shader returns the shader c runs.
func (c *Code) Shader() *Shader { return c.s }

// NewMachine returns a machine running c.
func (c *Code) NewMachine() *Machine {
	m := newMachine(c.s)
	m.code = c
	return m
}

func (c *Code) block(b []Stmt) stmtFn {
	fns := make([]stmtFn, 0, len(b))
	for i := 0; i < len(b); i++ {
		if fn, n := c.fuse(b[i:]); n > 0 { // fuse.go
			fns, i = append(fns, fn), i+n-1
			continue
		}
		if n := dotGroup(b[i:]); n > 1 {
			fns = append(fns, c.dots(b[i:i+n]))
			i += n - 1
			continue
		}
		fns = append(fns, c.stmt(b[i]))
	}
	switch len(fns) {
	case 0:
		return func(_ *Machine, mask uint8) uint8 { return mask }
	case 1:
		f := fns[0]
		return func(m *Machine, mask uint8) uint8 {
			if mask == 0 {
				return 0
			}
			return f(m, mask)
		}
	}
	return func(m *Machine, mask uint8) uint8 {
		for _, f := range fns {
			if mask == 0 {
				return 0
			}
			mask = f(m, mask)
		}
		return mask
	}
}

func (c *Code) stmt(st Stmt) stmtFn {
	switch st := st.(type) {
	case *Inst:
		return c.inst(st)
	case *If:
		cond := c.cond(st.Cond)
		then, els := c.block(st.Then), c.block(st.Else)
		return func(m *Machine, mask uint8) uint8 {
			k := cond(m)
			return then(m, mask&k) | els(m, mask&^k)
		}
	case *Loop:
		return c.loop(st)
	case *Break:
		if st.Cond == nil {
			return func(*Machine, uint8) uint8 { return 0 }
		}
		cond := c.cond(*st.Cond)
		return func(m *Machine, mask uint8) uint8 { return mask &^ cond(m) }
	case *Call:
		sub := st.Sub
		return func(m *Machine, mask uint8) uint8 {
			saved := m.ret
			m.ret = 0
			m.code.subs[sub](m, mask)
			m.ret = saved
			return mask
		}
	case *Return:
		return func(m *Machine, mask uint8) uint8 {
			m.ret |= mask
			return 0
		}
	case *Discard:
		if st.Cond == nil {
			return func(m *Machine, mask uint8) uint8 {
				m.kill |= mask
				return mask
			}
		}
		cond := c.cond(*st.Cond)
		return func(m *Machine, mask uint8) uint8 {
			m.kill |= mask & cond(m)
			return mask
		}
	}
	return func(_ *Machine, mask uint8) uint8 { return mask }
}

// cond compiles a scalar bool condition: the lanes where it holds.
func (c *Code) cond(s Src) func(m *Machine) uint8 {
	src := c.src(s)
	return func(m *Machine) uint8 {
		v := &m.ops[0]
		src(m, v)
		var k uint8
		for l := 0; l < m.lanes; l++ {
			if v[l][0] != 0 {
				k |= 1 << l
			}
		}
		return k
	}
}

func (c *Code) loop(st *Loop) stmtFn {
	count, init, step := c.src(st.Count), c.src(st.Init), c.src(st.Step)
	body := c.block(st.Body)
	counter := st.Counter
	return func(m *Machine, mask uint8) uint8 {
		cv, iv, sv := &m.ops[0], &m.ops[1], &m.ops[2]
		count(m, cv)
		var n, inc [4]int32
		if counter.File != RegNone {
			init(m, iv)
			step(m, sv)
		}
		for l := 0; l < m.lanes; l++ {
			n[l] = min(max(int32(cv[l][0]), 0), 255)
			if counter.File != RegNone {
				inc[l] = int32(sv[l][0])
				if mask&(1<<l) != 0 {
					m.regs[RegITemp][counter.Index][l][0] = iv[l][0]
				}
			}
		}
		live := mask
		for iter := int32(0); live != 0; iter++ {
			for l := 0; l < m.lanes; l++ {
				if iter >= n[l] {
					live &^= 1 << l
				}
			}
			if live == 0 {
				break
			}
			live = body(m, live)
			if counter.File != RegNone {
				for l := 0; l < m.lanes; l++ {
					if live&(1<<l) != 0 {
						r := &m.regs[RegITemp][counter.Index][l][0]
						*r = uint32(int32(*r) + inc[l])
					}
				}
			}
		}
		return mask &^ m.ret
	}
}

// fetch compiles the read of an operand's register, before swizzle and
// modifiers: a constant where the value is known now (immediates,
// def'd constants, reads past a buffer's size), a slot of the register
// storage for direct temporaries, inputs and outputs, the environment for
// constant buffers, and the interpreter's read for relative addressing.
func (c *Code) fetch(r Reg, imm vec) (known bool, val vec, fn func(m *Machine, l int) vec) {
	s := c.s
	if r.File == RegImm {
		return true, imm, nil
	}
	if r.Rel != nil {
		return false, vec{}, func(m *Machine, l int) vec { return m.read(r, l) }
	}
	i := r.Index
	switch r.File {
	case RegTemp, RegITemp, RegBTemp, RegInput, RegOutput:
		f := r.File
		return false, vec{}, func(m *Machine, l int) vec {
			regs := m.regs[f]
			if i < 0 || i >= len(regs) {
				return vec{}
			}
			return regs[i][l]
		}
	case RegConstF:
		for _, d := range s.DefF {
			if d.Index == i {
				return true, fbits(d.Value), nil
			}
		}
		if i < 0 || i >= s.NumConstF {
			return true, vec{}, nil
		}
		return false, vec{}, func(m *Machine, _ int) vec {
			if m.env != nil && i < len(m.env.ConstF) {
				return fbits(m.env.ConstF[i])
			}
			return vec{}
		}
	case RegConstI:
		for _, d := range s.DefI {
			if d.Index == i {
				return true, vec{uint32(d.Value[0]), uint32(d.Value[1]), uint32(d.Value[2]), uint32(d.Value[3])}, nil
			}
		}
		return false, vec{}, func(m *Machine, _ int) vec { return m.constI(i) }
	case RegConstB:
		for _, d := range s.DefB {
			if d.Index == i {
				b := b2u(d.Value)
				return true, vec{b, b, b, b}, nil
			}
		}
		if i < 0 || i >= s.NumConstB {
			return true, vec{}, nil
		}
		return false, vec{}, func(m *Machine, _ int) vec {
			if m.env != nil && i < len(m.env.ConstB) {
				b := b2u(m.env.ConstB[i])
				return vec{b, b, b, b}
			}
			return vec{}
		}
	case RegDrawState:
		return false, vec{}, func(m *Machine, _ int) vec {
			if i >= 0 && m.env != nil && i < len(m.env.DrawState) {
				return fbits(m.env.DrawState[i])
			}
			return vec{}
		}
	}
	return true, vec{}, nil
}

// modify applies an operand's swizzle and modifiers, as Machine.src does.
func modify(s *Src, raw vec) vec {
	var v vec
	for i := 0; i < 4; i++ {
		v[i] = raw[s.Swizzle[i]&3]
	}
	switch s.Type() {
	case TypeFloat:
		for i := range v {
			if s.Abs {
				v[i] &^= 1 << 31
			}
			if s.Neg {
				v[i] ^= 1 << 31
			}
		}
	case TypeInt:
		for i := range v {
			x := int32(v[i])
			if s.Abs && x < 0 {
				x = -x
			}
			if s.Neg {
				x = -x
			}
			v[i] = uint32(x)
		}
	case TypeBool:
		if s.Neg {
			for i := range v {
				v[i] = b2u(v[i] == 0)
			}
		}
	}
	return v
}

// src compiles an operand.
func (c *Code) src(s Src) srcFn {
	known, val, fetch := c.fetch(s.Reg, s.Imm)
	if known {
		v := modify(&s, val)
		return func(m *Machine, out *[4]vec) {
			for l := 0; l < m.lanes; l++ {
				out[l] = v
			}
		}
	}
	sw := s.Swizzle
	for i := range sw {
		sw[i] &= 3
	}
	// Float operands (the common case) swizzle and flip sign bits; the
	// others go through modify.
	if s.Type() != TypeFloat {
		return func(m *Machine, out *[4]vec) {
			for l := 0; l < m.lanes; l++ {
				out[l] = modify(&s, fetch(m, l))
			}
		}
	}
	var clr, flip uint32
	if s.Abs {
		clr = 1 << 31
	}
	if s.Neg {
		flip = 1 << 31
	}
	if s.Reg.Rel == nil && (s.Reg.File == RegTemp || s.Reg.File == RegInput || s.Reg.File == RegOutput) {
		f, i := s.Reg.File, s.Reg.Index
		x, y, z, w := sw[0]&3, sw[1]&3, sw[2]&3, sw[3]&3
		if sw == Identity && clr == 0 && flip == 0 {
			return func(m *Machine, out *[4]vec) {
				r := &m.regs[f][i]
				if m.lanes == 4 {
					*out = *r
					return
				}
				for l := 0; l < m.lanes; l++ {
					out[l] = r[l]
				}
			}
		}
		return func(m *Machine, out *[4]vec) {
			r := &m.regs[f][i]
			for l := 0; l < m.lanes; l++ {
				v := &r[l]
				out[l] = vec{(v[x] &^ clr) ^ flip, (v[y] &^ clr) ^ flip, (v[z] &^ clr) ^ flip, (v[w] &^ clr) ^ flip}
			}
		}
	}
	x, y, z, w := sw[0]&3, sw[1]&3, sw[2]&3, sw[3]&3
	if f := s.Reg.File; s.Reg.Rel == nil && (f == RegConstF || f == RegConstI || f == RegConstB || f == RegDrawState) {
		// The remaining direct files (constant buffers, draw state) hold
		// one value for every lane: read and swizzle it once.
		return func(m *Machine, out *[4]vec) {
			v := fetch(m, 0)
			u := vec{(v[x] &^ clr) ^ flip, (v[y] &^ clr) ^ flip, (v[z] &^ clr) ^ flip, (v[w] &^ clr) ^ flip}
			for l := 0; l < m.lanes; l++ {
				out[l] = u
			}
		}
	}
	return func(m *Machine, out *[4]vec) {
		for l := 0; l < m.lanes; l++ {
			v := fetch(m, l)
			out[l] = vec{(v[x] &^ clr) ^ flip, (v[y] &^ clr) ^ flip, (v[z] &^ clr) ^ flip, (v[w] &^ clr) ^ flip}
		}
	}
}

// opFn computes an instruction's result for every lane from its
// evaluated operands.
type opFn func(m *Machine, s *[3][4]vec, r *[4]vec)

// f32 reinterprets a register's bits as floats, in place.
func f32(v *vec) *[4]float32 { return (*[4]float32)(unsafe.Pointer(v)) }

// kernel returns a specialised opFn for the common float operations, or
// nil where eval is used lane by lane. Each computes exactly what eval
// does.
func kernel(in *Inst) opFn {
	lm := in.LegacyMul
	switch in.Op {
	case OpMov:
		return func(_ *Machine, s *[3][4]vec, r *[4]vec) { *r = s[0] }
	case OpAdd:
		return func(m *Machine, s *[3][4]vec, r *[4]vec) {
			lanes := m.lanes
			for l := 0; l < lanes; l++ {
				a, b, o := f32(&s[0][l]), f32(&s[1][l]), f32(&r[l])
				*o = [4]float32{a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]}
			}
		}
	case OpSub:
		return func(m *Machine, s *[3][4]vec, r *[4]vec) {
			lanes := m.lanes
			for l := 0; l < lanes; l++ {
				a, b, o := f32(&s[0][l]), f32(&s[1][l]), f32(&r[l])
				*o = [4]float32{a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3]}
			}
		}
	case OpFloor:
		return func(m *Machine, s *[3][4]vec, r *[4]vec) {
			lanes := m.lanes
			for l := 0; l < lanes; l++ {
				a, o := f32(&s[0][l]), f32(&r[l])
				for i := range o {
					o[i] = float32(math.Floor(float64(a[i])))
				}
			}
		}
	case OpLt, OpLe, OpEq, OpNe, OpGt, OpGe:
		cmp := compare(in.Op)
		return func(m *Machine, s *[3][4]vec, r *[4]vec) {
			lanes := m.lanes
			for l := 0; l < lanes; l++ {
				a, b := f32(&s[0][l]), f32(&s[1][l])
				for i := range 4 {
					r[l][i] = b2u(cmp(a[i], b[i]))
				}
			}
		}
	case OpMul:
		if lm {
			return func(m *Machine, s *[3][4]vec, r *[4]vec) {
				lanes := m.lanes
				for l := 0; l < lanes; l++ {
					a, b, o := f32(&s[0][l]), f32(&s[1][l]), f32(&r[l])
					for i := range o {
						o[i] = LegacyMul(a[i], b[i])
					}
				}
			}
		}
		return func(m *Machine, s *[3][4]vec, r *[4]vec) {
			lanes := m.lanes
			for l := 0; l < lanes; l++ {
				a, b, o := f32(&s[0][l]), f32(&s[1][l]), f32(&r[l])
				*o = [4]float32{a[0] * b[0], a[1] * b[1], a[2] * b[2], a[3] * b[3]}
			}
		}
	case OpMad:
		return func(m *Machine, s *[3][4]vec, r *[4]vec) {
			lanes := m.lanes
			for l := 0; l < lanes; l++ {
				a, b, c, o := f32(&s[0][l]), f32(&s[1][l]), f32(&s[2][l]), f32(&r[l])
				for i := range o {
					o[i] = mulf(lm, a[i], b[i]) + c[i]
				}
			}
		}
	case OpDp3:
		return func(m *Machine, s *[3][4]vec, r *[4]vec) {
			lanes := m.lanes
			for l := 0; l < lanes; l++ {
				a, b := f32(&s[0][l]), f32(&s[1][l])
				x := mulf(lm, a[0], b[0]) + mulf(lm, a[1], b[1]) + mulf(lm, a[2], b[2])
				*f32(&r[l]) = [4]float32{x, x, x, x}
			}
		}
	case OpDp4:
		return func(m *Machine, s *[3][4]vec, r *[4]vec) {
			lanes := m.lanes
			for l := 0; l < lanes; l++ {
				a, b := f32(&s[0][l]), f32(&s[1][l])
				x := mulf(lm, a[0], b[0]) + mulf(lm, a[1], b[1]) + mulf(lm, a[2], b[2]) + mulf(lm, a[3], b[3])
				*f32(&r[l]) = [4]float32{x, x, x, x}
			}
		}
	case OpMin:
		return func(m *Machine, s *[3][4]vec, r *[4]vec) {
			lanes := m.lanes
			for l := 0; l < lanes; l++ {
				a, b, o := f32(&s[0][l]), f32(&s[1][l]), f32(&r[l])
				for i := range o {
					o[i] = fmin(a[i], b[i])
				}
			}
		}
	case OpMax:
		return func(m *Machine, s *[3][4]vec, r *[4]vec) {
			lanes := m.lanes
			for l := 0; l < lanes; l++ {
				a, b, o := f32(&s[0][l]), f32(&s[1][l]), f32(&r[l])
				for i := range o {
					o[i] = fmax(a[i], b[i])
				}
			}
		}
	case OpRcp:
		return func(m *Machine, s *[3][4]vec, r *[4]vec) {
			lanes := m.lanes
			for l := 0; l < lanes; l++ {
				a, o := f32(&s[0][l]), f32(&r[l])
				for i := range o {
					o[i] = 1 / a[i]
				}
			}
		}
	case OpRsq:
		return func(m *Machine, s *[3][4]vec, r *[4]vec) {
			lanes := m.lanes
			for l := 0; l < lanes; l++ {
				a, o := f32(&s[0][l]), f32(&r[l])
				for i := range o {
					o[i] = float32(1 / math.Sqrt(math.Abs(float64(a[i]))))
				}
			}
		}
	case OpCmp:
		return func(m *Machine, s *[3][4]vec, r *[4]vec) {
			lanes := m.lanes
			for l := 0; l < lanes; l++ {
				a, b, c, o := f32(&s[0][l]), f32(&s[1][l]), f32(&s[2][l]), f32(&r[l])
				for i := range o {
					o[i] = c[i]
					if a[i] >= 0 {
						o[i] = b[i]
					}
				}
			}
		}
	case OpLrp:
		return func(m *Machine, s *[3][4]vec, r *[4]vec) {
			lanes := m.lanes
			for l := 0; l < lanes; l++ {
				a, b, c, o := f32(&s[0][l]), f32(&s[1][l]), f32(&s[2][l]), f32(&r[l])
				for i := range o {
					o[i] = mulf(lm, a[i], b[i]-c[i]) + c[i]
				}
			}
		}
	}
	return nil
}

// compare is a comparison opcode's test, as eval makes it.
func compare(op Opcode) func(x, y float32) bool {
	switch op {
	case OpLt:
		return func(x, y float32) bool { return x < y }
	case OpLe:
		return func(x, y float32) bool { return x <= y }
	case OpEq:
		return func(x, y float32) bool { return x == y }
	case OpNe:
		return func(x, y float32) bool { return x != y }
	case OpGt:
		return func(x, y float32) bool { return x > y }
	}
	return func(x, y float32) bool { return x >= y }
}

// inst compiles one instruction.
func (c *Code) inst(in *Inst) stmtFn {
	if in.Op == OpNop {
		return func(_ *Machine, mask uint8) uint8 { return mask }
	}
	n := min(len(in.Src), 3)
	srcs := make([]srcFn, n)
	for i := range srcs {
		srcs[i] = c.src(in.Src[i])
	}
	op := kernel(in)
	switch {
	case in.Op == OpTex:
		// The operands compiled; the request is built as the
		// interpreter builds it.
		op = func(m *Machine, s *[3][4]vec, r *[4]vec) { m.sampleOps(in, s, r) }
	case in.Op == OpDdx || in.Op == OpDdy:
		x := in.Op == OpDdx
		op = func(m *Machine, s *[3][4]vec, r *[4]vec) {
			var d [4]float32
			if m.quad {
				a0, a1, a2 := f32(&s[0][0]), f32(&s[0][1]), f32(&s[0][2])
				for k := range d {
					if x {
						d[k] = a1[k] - a0[k]
					} else {
						d[k] = a2[k] - a0[k]
					}
				}
			}
			for l := range r {
				r[l] = fbits(d)
			}
		}
	case op == nil:
		sh := c.s
		op = func(m *Machine, s *[3][4]vec, r *[4]vec) {
			lanes := m.lanes
			for l := 0; l < lanes; l++ {
				r[l] = eval(in, sh, [3]vec{s[0][l], s[1][l], s[2][l]})
			}
		}
	}
	modifier := in.ResultType() == TypeFloat && (in.Shift != 0 || in.Clamp != ClampNone)
	shift, clamp, maxv := in.Shift, in.Clamp, c.s.PS1xMax
	sat := modifier && shift == 0 && clamp == ClampSat
	write := c.write(in)
	// An instruction writing every component of a direct register with no
	// predicate computes straight into it when every lane of four runs
	// (the operands are copies, so it may also be one of them).
	d := in.Dst.Reg
	direct := in.Pred == nil && d.Rel == nil && in.Dst.Mask&MaskXYZW == MaskXYZW && (!modifier || sat)
	return func(m *Machine, mask uint8) uint8 {
		s, r := &m.ops, &m.res
		for i, f := range srcs {
			f(m, &s[i])
		}
		if direct && mask == 15 && m.lanes == 4 {
			if regs := m.regs[d.File]; d.Index >= 0 && d.Index < len(regs) {
				r = &regs[d.Index]
				op(m, s, r)
				if sat {
					for l := range r {
						o := f32(&r[l])
						for k := range o {
							o[k] = saturate(o[k])
						}
					}
				}
				return mask
			}
		}
		op(m, s, r)
		switch {
		case sat:
			for l := 0; l < m.lanes; l++ {
				o := f32(&r[l])
				for k := range o {
					o[k] = saturate(o[k])
				}
			}
		case modifier:
			for l := 0; l < m.lanes; l++ {
				o := f32(&r[l])
				for k := range o {
					o[k] = ResultModifier(o[k], shift, clamp, maxv)
				}
			}
		}
		write(m, mask, r)
		return mask
	}
}

// write compiles an instruction's destination: the lanes in mask get the
// components of the write mask (and of the predicate, if any).
func (c *Code) write(in *Inst) func(m *Machine, mask uint8, r *[4]vec) {
	d := in.Dst
	if in.Pred != nil || d.Reg.Rel != nil {
		return func(m *Machine, mask uint8, r *[4]vec) {
			for l := 0; l < m.lanes; l++ {
				if mask&(1<<l) != 0 {
					m.write(in, l, r[l])
				}
			}
		}
	}
	f, i, wm := d.Reg.File, d.Reg.Index, d.Mask&MaskXYZW
	if wm == MaskXYZW {
		return func(m *Machine, mask uint8, r *[4]vec) {
			regs := m.regs[f]
			if i < 0 || i >= len(regs) {
				return
			}
			dst := &regs[i]
			if mask == 15 && m.lanes == 4 { // a whole quad or four vertices
				*dst = *r
				return
			}
			for l := 0; l < m.lanes; l++ {
				if mask&(1<<l) != 0 {
					dst[l] = r[l]
				}
			}
		}
	}
	var comps []int // the components written
	for k := 0; k < 4; k++ {
		if wm&(1<<k) != 0 {
			comps = append(comps, k)
		}
	}
	return func(m *Machine, mask uint8, r *[4]vec) {
		regs := m.regs[f]
		if i < 0 || i >= len(regs) {
			return
		}
		dst := &regs[i]
		if mask == 15 && m.lanes == 4 {
			for _, k := range comps {
				k &= 3
				dst[0][k], dst[1][k], dst[2][k], dst[3][k] = r[0][k], r[1][k], r[2][k], r[3][k]
			}
			return
		}
		for l := 0; l < m.lanes; l++ {
			if mask&(1<<l) == 0 {
				continue
			}
			for _, k := range comps {
				dst[l][k&3] = r[l][k&3]
			}
		}
	}
}

// saturate is ResultModifier with ClampSat and no shift.
func saturate(x float32) float32 {
	if !(x > 0) { // also NaN, and -0 becomes +0
		return 0
	}
	if x > 1 {
		return 1
	}
	return x
}

// dotGroup is the length of the run of dot products at the start of b
// that dots computes as one: a matrix transform, as DXSO's m4x4 and the
// fixed-function pipeline write it (dp4 r.x, v, c0; dp4 r.y, v, c1 ...).
// They share the operation, the vector and the destination register,
// each writes one component of it, none has a predicate or modifier,
// and none reads the destination (so the order of the writes is free).
func dotGroup(b []Stmt) int {
	first, ok := b[0].(*Inst)
	if !ok || first.Op != OpDp4 && first.Op != OpDp3 {
		return 0
	}
	d := first.Dst.Reg
	var comps Mask
	n := 0
	for _, st := range b[:min(len(b), 4)] {
		in, ok := st.(*Inst)
		if !ok || in.Op != first.Op || in.LegacyMul != first.LegacyMul || in.Pred != nil || in.Shift != 0 || in.Clamp != ClampNone ||
			len(in.Src) != 2 || in.Src[0] != first.Src[0] || in.Dst.Reg != d || d.Rel != nil {
			break
		}
		m := in.Dst.Mask & MaskXYZW
		if m&(m-1) != 0 || m == 0 || comps&m != 0 || in.Src[0].Reg.Rel != nil || in.Src[1].Reg.Rel != nil ||
			in.Src[0].Reg.File == d.File && in.Src[0].Reg.Index == d.Index || in.Src[1].Reg.File == d.File && in.Src[1].Reg.Index == d.Index {
			break
		}
		comps |= m
		n++
	}
	return n
}

// dotComp is the one component a dotGroup instruction writes.
func dotComp(in *Inst) int { return bits.TrailingZeros8(uint8(in.Dst.Mask & MaskXYZW)) }

// dots compiles a dotGroup: the vector read once, each dot product into
// its component, as the instructions one by one would write them.
func (c *Code) dots(b []Stmt) stmtFn {
	first := b[0].(*Inst)
	vec := c.src(first.Src[0])
	rows := make([]srcFn, len(b))
	comps := make([]int, len(b))
	for i, st := range b {
		in := st.(*Inst)
		rows[i] = c.src(in.Src[1])
		comps[i] = dotComp(in)
	}
	lm, dp4 := first.LegacyMul, first.Op == OpDp4
	f, idx := first.Dst.Reg.File, first.Dst.Reg.Index
	return func(m *Machine, mask uint8) uint8 {
		if mask == 0 {
			return 0
		}
		regs := m.regs[f]
		if idx < 0 || idx >= len(regs) {
			return mask
		}
		dst := &regs[idx]
		v, row := &m.ops[0], &m.ops[1]
		vec(m, v)
		for i, rf := range rows {
			rf(m, row)
			k := comps[i]
			for l := 0; l < m.lanes; l++ {
				if mask&(1<<l) == 0 {
					continue
				}
				a, b := f32(&v[l]), f32(&row[l])
				x := mulf(lm, a[0], b[0]) + mulf(lm, a[1], b[1]) + mulf(lm, a[2], b[2])
				if dp4 {
					x += mulf(lm, a[3], b[3])
				}
				dst[l][k] = math.Float32bits(x)
			}
		}
		return mask
	}
}
