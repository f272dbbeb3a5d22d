package ir

// The compiled code pays a call or more per instruction for every run, so
// Compile first drops what a straight-line shader computes for nothing:
// reads of temporaries whose value is known (an immediate, or a copy of
// a constant or input register) read that instead, an instruction whose
// operands are all immediates becomes a move of its result (computed by
// eval, the interpreter's own arithmetic), a multiply by 1 becomes a
// move; then writes to temporaries that no later instruction reads go,
// and so does a move out of a temporary that the instruction before it
// has just written (that instruction writes the move's destination
// instead). Generated shaders (fixed function above all) have all of
// these. Only temporaries read and
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
	insts = propagate(s, insts)
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

// known is what a straight-line shader knows of a temporary's component
// at some point: nothing, its bits, or that it holds a component of a
// register nothing writes until then.
type known struct {
	kind uint8 // unknownVal, immVal or copyVal
	bits uint32
	reg  Reg
	comp uint8
}

const (
	unknownVal = iota
	immVal
	copyVal
)

// propagate substitutes known temporaries into operands, folds
// instructions on immediates and turns multiplies by 1 into moves. It
// returns new instructions; the shader's own are left as they are (the
// interpreter runs them).
func propagate(s *Shader, insts []*Inst) []*Inst {
	vals := make([][4]known, s.NumTemps)
	for i := range vals {
		for k := range vals[i] {
			vals[i][k] = known{kind: immVal} // a run starts with temporaries cleared
		}
	}
	out := make([]*Inst, 0, len(insts))
	for _, orig := range insts {
		in := orig
		if in.Op != OpTex && in.Op != OpDdx && in.Op != OpDdy && in.Op != OpNop {
			for i := range in.Src {
				if ns, ok := substitute(in, i, vals); ok {
					if in == orig {
						cp := *orig
						cp.Src = append([]Src(nil), orig.Src...)
						in = &cp
					}
					in.Src[i] = ns
				}
			}
			if f, ok := fold(s, in); ok {
				in = f
			} else if f, ok := mulByOne(in); ok {
				in = f
			}
			if selfMove(in) {
				continue // writes what the register holds: nothing changes
			}
		}
		record(in, vals)
		out = append(out, in)
	}
	return out
}

// componentwise reports an operation whose result component i reads
// component i of each operand (after swizzle) and nothing else.
func componentwise(op Opcode) bool {
	switch op {
	case OpMov, OpAdd, OpSub, OpMul, OpMad, OpMin, OpMax, OpLrp, OpCmp, OpCnd, OpRcp, OpRsq, OpFloor, OpCeil, OpFrac, OpDiv:
		return true
	}
	return false
}

// usedComps is the operand positions (after swizzle) an instruction's
// result components depend on: the written components for componentwise
// operations, the dotted ones for dot products, all four otherwise.
func usedComps(in *Inst) Mask {
	if componentwise(in.Op) {
		return in.Dst.Mask & MaskXYZW
	}
	switch in.Op {
	case OpDp2:
		return MaskXY
	case OpDp3:
		return MaskXYZ
	}
	return MaskXYZW
}

// substitute returns operand i of in reading what its temporary is known
// to hold, if every component the instruction uses is known.
func substitute(in *Inst, i int, vals [][4]known) (Src, bool) {
	src := in.Src[i]
	if !directTemp(src.Reg) || src.Reg.Index < 0 || src.Reg.Index >= len(vals) {
		return src, false
	}
	v := &vals[src.Reg.Index]
	used := usedComps(in)
	if used == 0 {
		return src, false
	}
	var first known
	have := false
	for p := 0; p < 4; p++ {
		if used&(1<<p) == 0 {
			continue
		}
		k := v[src.Swizzle[p]&3]
		if !have {
			first, have = k, true
		}
		if k.kind == unknownVal || k.kind != first.kind || k.kind == copyVal && k.reg != first.reg {
			return src, false
		}
	}
	ns := src
	if first.kind == immVal {
		ns.Reg = Reg{File: RegImm}
		ns.ImmType = TypeFloat
		ns.Imm = [4]uint32{}
		for p := 0; p < 4; p++ {
			if used&(1<<p) != 0 {
				c := src.Swizzle[p] & 3
				ns.Imm[c] = v[c].bits
			}
		}
		return ns, true
	}
	ns.Reg = first.reg
	for p := 0; p < 4; p++ {
		ns.Swizzle[p] = first.comp // positions not used read anything
		if used&(1<<p) != 0 {
			ns.Swizzle[p] = v[src.Swizzle[p]&3].comp
		}
	}
	return ns, true
}

// fold turns an instruction whose operands are all immediates into a move
// of the result the interpreter computes for it.
func fold(s *Shader, in *Inst) (*Inst, bool) {
	if in.Pred != nil || len(in.Src) > 3 {
		return nil, false
	}
	var ops [3]vec
	for i := range in.Src {
		if in.Src[i].Reg.File != RegImm {
			return nil, false
		}
		ops[i] = modify(&in.Src[i], in.Src[i].Imm)
	}
	if in.Op == OpMov && in.Shift == 0 && in.Clamp == ClampNone {
		return nil, false // already one
	}
	v := eval(in, s, ops)
	t := in.ResultType()
	if t == TypeFloat && (in.Shift != 0 || in.Clamp != ClampNone) {
		f := ffloat(v)
		for c := range f {
			f[c] = ResultModifier(f[c], in.Shift, in.Clamp, s.PS1xMax)
		}
		v = fbits(f)
	}
	return &Inst{Op: OpMov, Dst: in.Dst, Src: []Src{{Reg: Reg{File: RegImm}, Swizzle: Identity, ImmType: t, Imm: v}}}, true
}

// mulByOne turns a multiply by an immediate 1 (in every component used)
// into a move of the other operand, and such a mad into an add: x*1 is x
// for every x but a signalling NaN, which the multiply makes quiet
// (irtest.SameResults does not tell NaNs apart). D3D9's legacy multiply is left alone: it makes -0 times 1
// +0.
func mulByOne(in *Inst) (*Inst, bool) {
	if in.Op != OpMul && in.Op != OpMad || in.LegacyMul || len(in.Src) != 2 && in.Op == OpMul || len(in.Src) != 3 && in.Op == OpMad {
		return nil, false
	}
	used := usedComps(in)
	one := func(s *Src) bool {
		if s.Reg.File != RegImm || s.ImmType != TypeFloat {
			return false
		}
		v := modify(s, s.Imm)
		for p := 0; p < 4; p++ {
			if used&(1<<p) != 0 && v[p] != 0x3f800000 {
				return false
			}
		}
		return true
	}
	for i := 0; i < 2; i++ {
		if one(&in.Src[i]) && in.Src[1-i].Type() == TypeFloat {
			r := *in
			if in.Op == OpMul {
				r.Op, r.Src = OpMov, []Src{in.Src[1-i]}
			} else {
				r.Op, r.Src = OpAdd, []Src{in.Src[1-i], in.Src[2]}
			}
			return &r, true
		}
	}
	return nil, false
}

// selfMove reports a move of a temporary's components into themselves.
func selfMove(in *Inst) bool {
	if in.Op != OpMov || in.Pred != nil || in.Shift != 0 || in.Clamp != ClampNone || len(in.Src) != 1 {
		return false
	}
	s := in.Src[0]
	if !directTemp(in.Dst.Reg) || s.Reg != in.Dst.Reg || s.Abs || s.Neg {
		return false
	}
	for k := 0; k < 4; k++ {
		if in.Dst.Mask&(1<<k) != 0 && s.Swizzle[k]&3 != uint8(k) {
			return false
		}
	}
	return true
}

// record updates what is known after in: the components it writes of a
// temporary are an immediate or a copy for a plain move, unknown
// otherwise; copies of a register it writes are forgotten.
func record(in *Inst, vals [][4]known) {
	d := in.Dst.Reg
	for i := range vals {
		for k := range vals[i] {
			if vals[i][k].kind == copyVal && vals[i][k].reg.File == d.File && vals[i][k].reg.Index == d.Index {
				vals[i][k] = known{}
			}
		}
	}
	if !directTemp(d) || d.Index < 0 || d.Index >= len(vals) {
		return
	}
	wm := in.Dst.Mask & MaskXYZW
	plain := in.Op == OpMov && in.Pred == nil && in.Shift == 0 && in.Clamp == ClampNone && len(in.Src) == 1
	var src Src
	if plain {
		src = in.Src[0]
	}
	for k := 0; k < 4; k++ {
		if wm&(1<<k) == 0 {
			continue
		}
		nv := known{}
		switch {
		case !plain || src.Type() != TypeFloat:
		case src.Reg.File == RegImm:
			nv = known{kind: immVal, bits: modify(&src, src.Imm)[k]}
		case !src.Abs && !src.Neg && src.Reg.Rel == nil &&
			(src.Reg.File == RegConstF || src.Reg.File == RegDrawState || src.Reg.File == RegInput):
			nv = known{kind: copyVal, reg: src.Reg, comp: src.Swizzle[k] & 3}
		}
		vals[d.Index][k] = nv
	}
}
