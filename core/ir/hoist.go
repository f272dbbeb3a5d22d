package ir

import "slices"

// A vertex shader runs in batches of up to four vertices, many batches a
// draw, and much of a fixed-function one computes the same for every
// vertex from constants alone (material and light colours, the point
// size). Compile splits such a straight-line vertex shader into its
// uniform instructions (every operand an immediate, a constant register
// or a component only uniform instructions write) and the rest. A
// Machine runs the uniform ones again only when a constant register they
// read changed since its last run; otherwise it puts back the registers
// they left. The rest runs as before, in order: the split is only made
// where no other instruction writes a component a uniform one writes,
// and none reads one before the last uniform write to it, so every read
// sees the value it sees in the shader's order.

// hoistCache is a Machine's uniform results: the values of the constant
// registers they were computed from, and the components they leave.
type hoistCache struct {
	valid bool
	key   []vec
	vals  []vec
}

// regSlot is a register some uniform instruction writes.
type regSlot struct {
	file  RegFile
	index int
}

// compKey names one component of a register.
type compKey struct {
	file  RegFile
	index int
	comp  uint8
}

// uniformFile reports the files whose registers are the same for every
// vertex of a draw.
func uniformFile(f RegFile) bool {
	switch f {
	case RegImm, RegConstF, RegConstI, RegConstB, RegDrawState:
		return true
	}
	return false
}

// readComps calls f for each register component an operand of in reads.
func readComps(in *Inst, f func(s *Src, c uint8)) {
	used := usedComps(in)
	for i := range in.Src {
		s := &in.Src[i]
		for p := 0; p < 4; p++ {
			if used&(1<<p) != 0 {
				f(s, s.Swizzle[p]&3)
			}
		}
	}
	if in.Pred != nil {
		for p := 0; p < 4; p++ {
			f(in.Pred, in.Pred.Swizzle[p]&3)
		}
	}
}

// splitUniform returns which instructions of a straight-line body are
// uniform, or nil where there is nothing to split.
func splitUniform(insts []*Inst) []bool {
	n := len(insts)
	demoted := make([]bool, n)
	for i, in := range insts {
		if in.Pred != nil || in.Op == OpTex || in.Op == OpDdx || in.Op == OpDdy || in.Op == OpNop || in.Dst.Reg.File == RegNone {
			demoted[i] = true
		}
	}
	uni := make([]bool, n)
	for {
		// Forward: uniform when every component read was last written
		// by a uniform instruction (or not at all) and is not a vertex
		// input.
		last := map[compKey]bool{} // component: last writer uniform
		for i, in := range insts {
			u := !demoted[i]
			if u {
				readComps(in, func(s *Src, c uint8) {
					f := s.Reg.File
					if uniformFile(f) {
						return
					}
					if f == RegInput {
						u = false
						return
					}
					if w, ok := last[compKey{f, s.Reg.Index, c}]; ok && !w {
						u = false
					}
				})
			}
			uni[i] = u
			d := in.Dst.Reg
			for k := uint8(0); k < 4; k++ {
				if in.Dst.Mask&(1<<k) != 0 {
					last[compKey{d.File, d.Index, k}] = u
				}
			}
		}
		// Backward: demote uniform writers of a component another
		// instruction writes, or one read before it.
		changed := false
		varyingWrites := map[compKey]bool{}
		for i, in := range insts {
			if !uni[i] {
				for k := uint8(0); k < 4; k++ {
					if in.Dst.Mask&(1<<k) != 0 {
						varyingWrites[compKey{in.Dst.Reg.File, in.Dst.Reg.Index, k}] = true
					}
				}
			}
		}
		readBefore := map[compKey]bool{} // read by a non-uniform instruction earlier
		for i, in := range insts {
			if uni[i] {
				for k := uint8(0); k < 4; k++ {
					key := compKey{in.Dst.Reg.File, in.Dst.Reg.Index, k}
					if in.Dst.Mask&(1<<k) != 0 && (varyingWrites[key] || readBefore[key]) {
						demoted[i], changed = true, true
					}
				}
				continue
			}
			readComps(in, func(s *Src, c uint8) {
				if !uniformFile(s.Reg.File) {
					readBefore[compKey{s.Reg.File, s.Reg.Index, c}] = true
				}
			})
		}
		if !changed {
			break
		}
	}
	for _, u := range uni {
		if u {
			return uni
		}
	}
	return nil
}

// hoist compiles a straight-line vertex body with its uniform
// instructions run only when their constants change, or returns nil.
func (c *Code) hoist(body []Stmt) stmtFn {
	if c.s.Stage != StageVertex || len(c.s.Subs) > 0 {
		return nil
	}
	insts := make([]*Inst, len(body))
	for i, st := range body {
		in, ok := st.(*Inst)
		if !ok || relTemp(in) { // a relative write could be to any register
			return nil
		}
		insts[i] = in
	}
	uni := splitUniform(insts)
	if uni == nil {
		return nil
	}
	var pre, rest []Stmt
	var keys []Reg
	var slots []regSlot
	readLater := map[compKey]bool{} // read by a non-uniform instruction
	for i, in := range insts {
		if !uni[i] {
			rest = append(rest, in)
			readComps(in, func(s *Src, c uint8) { readLater[compKey{s.Reg.File, s.Reg.Index, c}] = true })
			continue
		}
		pre = append(pre, in)
		readComps(in, func(s *Src, _ uint8) {
			if f := s.Reg.File; f != RegImm && uniformFile(f) && !containsReg(keys, s.Reg) {
				keys = append(keys, s.Reg)
			}
		})
	}
	for _, st := range pre {
		// A register is put back whole, as the uniform instructions
		// leave it (the components they do not write are still 0):
		// outputs, and temporaries the rest reads some component of.
		d := st.(*Inst).Dst.Reg
		keep := d.File == RegOutput
		for k := uint8(0); k < 4; k++ {
			keep = keep || readLater[compKey{d.File, d.Index, k}]
		}
		if !keep || slices.ContainsFunc(slots, func(s regSlot) bool { return s.file == d.File && s.index == d.Index }) {
			continue
		}
		slots = append(slots, regSlot{d.File, d.Index})
	}
	// A slot out of the register file's range is written by nobody.
	kept := slots[:0]
	for _, s := range slots {
		if s.index >= 0 && s.index < c.s.regCount(s.file) {
			kept = append(kept, s)
		}
	}
	slots = kept
	defF := make([]bool, len(keys)) // a def shadows the constant register
	for i, r := range keys {
		for _, d := range c.s.DefF {
			if r.File == RegConstF && d.Index == r.Index {
				defF[i] = true
			}
		}
	}
	preFn, restFn := c.block(pre), c.block(rest)
	return func(m *Machine, mask uint8) uint8 {
		if mask&1 == 0 { // runs start with every lane: not one
			if mask == 0 {
				return 0
			}
			preFn(m, mask)
			return restFn(m, mask)
		}
		h := m.hoist
		if h == nil {
			h = &hoistCache{key: make([]vec, len(keys)), vals: make([]vec, len(slots))}
			m.hoist = h
		}
		same := h.valid
		for i, r := range keys {
			var v vec
			if r.File == RegConstF && !defF[i] {
				// m.read's answer, without its search of the defs
				if e := m.env; e != nil && r.Index >= 0 && r.Index < c.s.NumConstF && r.Index < len(e.ConstF) {
					v = fbits(e.ConstF[r.Index])
				}
			} else {
				v = m.read(r, 0)
			}
			if v != h.key[i] {
				h.key[i], same = v, false
			}
		}
		if same {
			lanes := m.lanes
			for i, s := range slots {
				v := h.vals[i]
				reg := &m.regs[s.file][s.index]
				for l := 0; l < lanes; l++ {
					reg[l] = v
				}
			}
		} else {
			preFn(m, mask)
			for i, s := range slots {
				h.vals[i] = m.regs[s.file][s.index][0]
			}
			h.valid = true
		}
		return restFn(m, mask)
	}
}

func containsReg(rs []Reg, r Reg) bool {
	for _, x := range rs {
		if x.File == r.File && x.Index == r.Index {
			return true
		}
	}
	return false
}
