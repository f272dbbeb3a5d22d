package ir

// The compiled code pays a call or more per instruction for every run, so
// Compile first drops what a straight-line shader computes for nothing:
// writes to temporaries that no later instruction reads, and a move out
// of a temporary that the instruction before it has just written (that
// instruction writes the move's destination instead). Generated shaders
// (fixed function above all) have both. Only temporaries read and
// written directly are touched; a shader with control flow, subroutines
// or a temporary addressed relatively is left as it is. Outputs are the
// same bits: irtest.SameResults checks the compiled code against the
// interpreter, which runs the shader as written.

// optimize returns body without dead temporary writes and forwarded
// moves, or body itself when it does not qualify.
func optimize(s *Shader, body []Stmt) []Stmt {
	if len(s.Subs) > 0 {
		return body
	}
	insts := make([]*Inst, 0, len(body))
	for _, st := range body {
		in, ok := st.(*Inst)
		if !ok || relTemp(in) {
			return body
		}
		insts = append(insts, in)
	}
	insts = forwardMoves(insts)
	insts = dropDeadWrites(insts)
	out := make([]Stmt, len(insts))
	for i, in := range insts {
		out[i] = in
	}
	return out
}

// relTemp reports an instruction that reads or writes a temporary
// through relative addressing, or whose register index relative
// addressing could pick (the analysis would not know which).
func relTemp(in *Inst) bool {
	if in.Dst.Reg.Rel != nil {
		return true
	}
	for _, s := range in.Src {
		if s.Reg.Rel != nil {
			return true
		}
	}
	return in.Pred != nil && in.Pred.Reg.Rel != nil
}

// directTemp reports a direct temporary register.
func directTemp(r Reg) bool { return r.File == RegTemp && r.Rel == nil }

// readMask is the components of temporary r an instruction may read:
// every component its operands' swizzles name (more than some operations
// read, which only keeps a write alive).
func readMask(in *Inst, r Reg) Mask {
	var m Mask
	read := func(s *Src) {
		if s.Reg.File == r.File && s.Reg.Index == r.Index {
			for _, c := range s.Swizzle {
				m |= 1 << (c & 3)
			}
		}
	}
	for i := range in.Src {
		read(&in.Src[i])
	}
	if in.Pred != nil {
		read(in.Pred)
	}
	return m
}

// forwardMoves rewrites "op rA.m, ...; mov D.n, rA" into "op D.n, ..."
// where n is within m, the move copies rA unchanged (identity swizzle,
// no modifier, no predicate) and no later instruction reads rA.
func forwardMoves(insts []*Inst) []*Inst {
	out := make([]*Inst, 0, len(insts))
	for i, in := range insts {
		if len(out) > 0 {
			prev := out[len(out)-1]
			if fwd, ok := forwarded(prev, in, insts[i+1:]); ok {
				out[len(out)-1] = fwd
				continue
			}
		}
		out = append(out, in)
	}
	return out
}

func forwarded(prev, mov *Inst, after []*Inst) (*Inst, bool) {
	if mov.Op != OpMov || mov.Pred != nil || mov.Shift != 0 || mov.Clamp != ClampNone || len(mov.Src) != 1 {
		return nil, false
	}
	src := mov.Src[0]
	a := src.Reg
	if !directTemp(a) || src.Swizzle != Identity || src.Abs || src.Neg || src.Type() != TypeFloat {
		return nil, false
	}
	d := mov.Dst
	if d.Reg.Rel != nil || d.Reg.File != RegTemp && d.Reg.File != RegOutput {
		return nil, false
	}
	if prev.Pred != nil || prev.Dst.Reg != a || prev.ResultType() != TypeFloat || d.Mask&^prev.Dst.Mask != 0 {
		return nil, false
	}
	for _, in := range after {
		if readMask(in, a) != 0 {
			return nil, false
		}
		if in.Dst.Reg == a && in.Pred == nil && in.Dst.Mask&MaskXYZW == MaskXYZW {
			break // rA is written whole before any read
		}
	}
	fwd := *prev
	fwd.Dst = Dst{Reg: d.Reg, Mask: d.Mask}
	return &fwd, true
}

// dropDeadWrites removes instructions writing only components of
// temporaries that no later instruction reads.
func dropDeadWrites(insts []*Inst) []*Inst {
	live := map[int]Mask{} // temporary index: components read later
	keep := make([]bool, len(insts))
	for i := len(insts) - 1; i >= 0; i-- {
		in := insts[i]
		d := in.Dst.Reg
		if directTemp(d) {
			w := in.Dst.Mask & MaskXYZW
			if w&live[d.Index] == 0 {
				continue // nothing it writes is read: its reads do not count
			}
			if in.Pred == nil {
				live[d.Index] &^= w
			}
		}
		keep[i] = true
		for _, s := range in.Src {
			if directTemp(s.Reg) {
				live[s.Reg.Index] |= readMask(in, s.Reg)
			}
		}
		if in.Pred != nil && directTemp(in.Pred.Reg) {
			live[in.Pred.Reg.Index] |= readMask(in, in.Pred.Reg)
		}
	}
	out := insts[:0:0]
	for i, in := range insts {
		if keep[i] {
			out = append(out, in)
		}
	}
	return out
}
