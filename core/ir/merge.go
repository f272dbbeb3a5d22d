package ir

// Generated shaders often compute one result in two instructions that
// differ only in the components they write: the fixed-function stages
// write colour (.xyz) and alpha (.w) apart even when both apply the same
// operation to the same registers. mergeSplits joins such neighbours
// into one instruction, which the compiled code then runs in one call
// instead of two (and which move forwarding can then fold further).

// mergeSplits returns b with adjacent componentwise instructions that
// write disjoint components of one register from the same operands
// joined, in every nested block.
func mergeSplits(b []Stmt) []Stmt {
	out := make([]Stmt, 0, len(b))
	for _, st := range b {
		st = mergeNested(st)
		if n := len(out); n > 0 {
			a, okA := out[n-1].(*Inst)
			c, okC := st.(*Inst)
			if okA && okC {
				if m := mergePair(a, c); m != nil {
					out[n-1] = m
					continue
				}
			}
		}
		out = append(out, st)
	}
	return out
}

// mergeNested merges inside a statement's blocks.
func mergeNested(st Stmt) Stmt {
	switch s := st.(type) {
	case *If:
		t, e := mergeSplits(s.Then), mergeSplits(s.Else)
		if len(t) != len(s.Then) || len(e) != len(s.Else) {
			c := *s
			c.Then, c.Else = t, e
			return &c
		}
	case *Loop:
		if body := mergeSplits(s.Body); len(body) != len(s.Body) {
			c := *s
			c.Body = body
			return &c
		}
	}
	return st
}

// mergePair returns one instruction doing what a and then b do, or nil
// when they cannot be joined: the same componentwise operation and
// modifiers, disjoint write masks of the same direct register, no
// predicate, and operands that name the same registers with the same
// modifiers (only the swizzles of the components each writes may
// differ). b must not read a's destination, which the joined
// instruction would read before a's write.
func mergePair(a, b *Inst) *Inst {
	if !componentwise(a.Op) {
		return nil
	}
	if b.Op != a.Op || a.LegacyMul != b.LegacyMul || a.Shift != b.Shift || a.Clamp != b.Clamp ||
		a.Pred != nil || b.Pred != nil || len(a.Src) != len(b.Src) {
		return nil
	}
	d := a.Dst.Reg
	if d.Rel != nil || b.Dst.Reg.Rel != nil || b.Dst.Reg.File != d.File || b.Dst.Reg.Index != d.Index ||
		a.Dst.Mask&b.Dst.Mask&MaskXYZW != 0 {
		return nil
	}
	for k := range a.Src {
		x, y := &a.Src[k], &b.Src[k]
		if x.Reg.Rel != nil || y.Reg.Rel != nil || x.Reg.File != y.Reg.File || x.Reg.Index != y.Reg.Index ||
			x.Abs != y.Abs || x.Neg != y.Neg || x.ImmType != y.ImmType || x.Imm != y.Imm {
			return nil
		}
		if y.Reg.File == d.File && y.Reg.Index == d.Index {
			return nil
		}
	}
	m := *a
	m.Dst.Mask = a.Dst.Mask | b.Dst.Mask
	m.Src = make([]Src, len(a.Src))
	for k := range a.Src {
		m.Src[k] = a.Src[k]
		for c := 0; c < 4; c++ {
			if b.Dst.Mask&(1<<c) != 0 {
				m.Src[k].Swizzle[c] = b.Src[k].Swizzle[c]
			}
		}
	}
	return &m
}
