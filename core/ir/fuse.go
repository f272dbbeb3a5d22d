package ir

import "math"

// Fused kernels: runs of vertex-stage statements that Compile computes in
// one closure instead of one an instruction (and one an operand). Each
// gives the bits the statements give one by one; block tries fuse first.

// fuse returns a closure computing the run of statements at the start of
// b it recognises, and the run's length; 0 when it recognises none.
func (c *Code) fuse(b []Stmt) (stmtFn, int) {
	if c.s.Stage != StageVertex {
		return nil, 0
	}
	if n := dotGroup(b); n > 1 {
		if fn := c.transform(b[:n]); fn != nil {
			return fn, n
		}
	}
	return nil, 0
}

// constRow is a float constant operand read without a closure: a def'd or
// out-of-range register's value is known, the others are read from the
// environment each run.
type constRow struct {
	known     bool
	plain     bool // read as it is: identity swizzle, no modifier
	val       vec  // known: after swizzle and modifiers
	idx       int
	sw        Swizzle
	clr, flip uint32
}

// constOperand compiles a direct float constant operand, or reports it is
// not one.
func (c *Code) constOperand(s Src) (constRow, bool) {
	if s.Reg.File != RegConstF || s.Reg.Rel != nil {
		return constRow{}, false
	}
	r := constRow{idx: s.Reg.Index}
	if known, val, _ := c.fetch(s.Reg, s.Imm); known {
		r.known, r.val = true, modify(&s, val)
		return r, true
	}
	for i := range r.sw {
		r.sw[i] = s.Swizzle[i] & 3
	}
	if s.Abs {
		r.clr = 1 << 31
	}
	if s.Neg {
		r.flip = 1 << 31
	}
	r.plain = r.sw == Identity && !s.Abs && !s.Neg
	return r, true
}

// value is the operand's value under m's environment, as fetch and src
// give it.
func (r *constRow) value(m *Machine) [4]float32 {
	if r.known {
		return ffloat(r.val)
	}
	var v vec
	if m.env != nil && r.idx < len(m.env.ConstF) {
		v = fbits(m.env.ConstF[r.idx])
	}
	return ffloat(vec{(v[r.sw[0]] &^ r.clr) ^ r.flip, (v[r.sw[1]] &^ r.clr) ^ r.flip, (v[r.sw[2]] &^ r.clr) ^ r.flip, (v[r.sw[3]] &^ r.clr) ^ r.flip})
}

// transform is dots for a matrix of constant rows: the rows are read once
// a run straight from the environment, and the products are dots'.
func (c *Code) transform(b []Stmt) stmtFn {
	first := b[0].(*Inst)
	rows := make([]constRow, len(b))
	comps := make([]int, len(b))
	for i, st := range b {
		in := st.(*Inst)
		r, ok := c.constOperand(in.Src[1])
		if !ok {
			return nil
		}
		rows[i] = r
		comps[i] = dotComp(in)
	}
	vecFn := c.src(first.Src[0])
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
		v := &m.ops[0]
		vecFn(m, v)
		var rv [4][4]float32
		for i := range rows {
			r := &rows[i]
			if r.plain && m.env != nil && r.idx < len(m.env.ConstF) {
				rv[i] = m.env.ConstF[r.idx]
				continue
			}
			rv[i] = r.value(m)
		}
		rs := rv[:len(rows)]
		for l := 0; l < m.lanes; l++ {
			if mask&(1<<l) == 0 {
				continue
			}
			a := f32(&v[l])
			// dots' expressions, the legacy multiply's test taken out of
			// the common cases.
			switch {
			case lm:
				for i := range rs {
					b := &rs[i]
					x := mulf(lm, a[0], b[0]) + mulf(lm, a[1], b[1]) + mulf(lm, a[2], b[2])
					if dp4 {
						x += mulf(lm, a[3], b[3])
					}
					dst[l][comps[i]&3] = math.Float32bits(x)
				}
			case dp4:
				for i := range rs {
					b := &rs[i]
					x := a[0]*b[0] + a[1]*b[1] + a[2]*b[2]
					x += a[3] * b[3]
					dst[l][comps[i]&3] = math.Float32bits(x)
				}
			default:
				for i := range rs {
					b := &rs[i]
					x := a[0]*b[0] + a[1]*b[1] + a[2]*b[2]
					dst[l][comps[i]&3] = math.Float32bits(x)
				}
			}
		}
		return mask
	}
}
