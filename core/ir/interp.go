package ir

import (
	"fmt"
	"math"
	"unsafe"
)

// This file is the CPU interpreter. It runs a shader on one vertex or on a
// 2x2 pixel quad in lockstep: every instruction is computed for all lanes
// (so derivatives and implicit LOD always see the whole quad) and written
// only for the lanes that are active at that point of the control flow.

// TexRequest is one sample instruction for all lanes.
type TexRequest struct {
	Sampler int
	Kind    SamplerKind
	// Mode is TexImplicit, TexBias, TexLod or TexGrad. In the vertex stage
	// implicit and bias requests are turned into TexLod with LOD 0 (plus
	// the bias) and gradient requests into LOD 0: a single vertex has no
	// derivatives. A bias on a shadow sampler is dropped (TexImplicit), as
	// Metal's sample_compare has no bias option.
	Mode TexMode
	// Lanes is 1 (vertex) or 4 (quad, lanes 0 (x,y), 1 (x+1,y), 2 (x,y+1),
	// 3 (x+1,y+1)).
	Lanes int
	// Coord is the coordinate after any projective divide.
	Coord [4][4]float32
	// Ref is the comparison reference for SamplerShadow2D (Coord.z).
	Ref [4]float32
	// Fetch4, when not Fetch4Off, asks for AMD's FETCH4 (see Fetch4)
	// at Coord; Mode is then TexLod at level 0.
	Fetch4 Fetch4
	// LodBias is the bias (TexBias) or LOD (TexLod) per lane.
	LodBias [4]float32
	// Ddx and Ddy are the coordinate gradients per lane: given by the
	// shader for TexGrad, the quad's coarse derivatives of Coord for
	// TexImplicit and TexBias, zero otherwise.
	Ddx, Ddy [4][4]float32
}

// Textures samples textures for the interpreter. For shadow samplers the
// result is the filtered comparison replicated to four components; a
// Fetch4 request answers the four gathered texels in FETCH4's order.
type Textures interface {
	Sample(req *TexRequest, out *[4][4]float32)
}

// Env is what a shader reads besides its inputs. Missing entries (a short
// slice, a nil Textures) read as zero.
type Env struct {
	ConstF    [][4]float32
	ConstI    [][4]int32
	ConstB    []bool
	DrawState [][4]float32 // DSCount registers, see DS*
	Textures  Textures
}

type vec [4]uint32

// Machine runs one shader; it keeps its register storage between runs.
// A Machine is not safe for concurrent use.
type Machine struct {
	s    *Shader
	code *Code // nil: walk the statements (the tests' reference)
	// The compiled code's operands and result: here rather than on the
	// stack, which closures would move to the heap.
	ops [3][4]vec
	res [4]vec
	// quad: the lanes are a pixel quad (derivatives and implicit LOD);
	// else each lane is a vertex of its own.
	quad  bool
	env   *Env
	lanes int
	regs  [RegImm][][4]vec // [file][index][lane]
	ret   uint8            // lanes that returned from the current function
	kill  uint8
	tex   TexRequest
	hoist *hoistCache // the uniform instructions' results (hoist.go)
}

// NewMachine validates and compiles s and returns a machine for it; when
// many machines run one shader, Compile once and use Code.NewMachine.
func NewMachine(s *Shader) (*Machine, error) {
	c, err := Compile(s)
	if err != nil {
		return nil, err
	}
	return c.NewMachine(), nil
}

// NewInterpreter validates s and returns a machine that walks its
// statements instead of running compiled code: the definition the
// compiled code is tested against.
func NewInterpreter(s *Shader) (*Machine, error) {
	if err := Validate(s); err != nil {
		return nil, err
	}
	return newMachine(s), nil
}

func newMachine(s *Shader) *Machine {
	m := &Machine{s: s}
	m.regs[RegTemp] = make([][4]vec, s.NumTemps)
	m.regs[RegITemp] = make([][4]vec, s.NumITemps)
	m.regs[RegBTemp] = make([][4]vec, s.NumBTemps)
	m.regs[RegInput] = make([][4]vec, len(s.Inputs))
	m.regs[RegOutput] = make([][4]vec, len(s.Outputs))
	return m
}

func (m *Machine) reset(lanes int, quad bool, env *Env) {
	m.lanes, m.quad, m.env, m.ret, m.kill = lanes, quad, env, 0, 0
	for _, f := range []RegFile{RegTemp, RegITemp, RegBTemp, RegOutput} {
		clear(m.regs[f])
	}
}

func (m *Machine) run() {
	all := uint8(1<<m.lanes) - 1
	if m.code != nil {
		m.code.body(m, all)
		return
	}
	m.block(m.s.Body, all)
}

// RunVertex runs a vertex shader on one vertex. in has one value per
// Shader.Inputs entry, out receives one per Shader.Outputs entry.
func (m *Machine) RunVertex(env *Env, in, out [][4]float32) error {
	if m.s.Stage != StageVertex {
		return fmt.Errorf("ir: RunVertex on a %v shader", m.s.Stage)
	}
	if len(in) < len(m.s.Inputs) || len(out) < len(m.s.Outputs) {
		return fmt.Errorf("ir: RunVertex needs %d inputs and %d outputs", len(m.s.Inputs), len(m.s.Outputs))
	}
	m.reset(1, false, env)
	for i := range m.s.Inputs {
		m.regs[RegInput][i][0] = fbits(in[i])
	}
	m.run()
	for i := range m.s.Outputs {
		out[i] = ffloat(m.regs[RegOutput][i][0])
	}
	return nil
}

// RunVertices runs a vertex shader on n vertices at once (1 to 4), one
// per lane, with the results RunVertex gives each: in[i][l] is input i
// of vertex l, out[o][l] receives output o of vertex l.
func (m *Machine) RunVertices(env *Env, n int, in, out [][4][4]float32) error {
	if m.s.Stage != StageVertex {
		return fmt.Errorf("ir: RunVertices on a %v shader", m.s.Stage)
	}
	if n < 1 || n > 4 || len(in) < len(m.s.Inputs) || len(out) < len(m.s.Outputs) {
		return fmt.Errorf("ir: RunVertices needs 1 to 4 vertices, %d inputs and %d outputs", len(m.s.Inputs), len(m.s.Outputs))
	}
	m.reset(n, false, env)
	for i := range m.s.Inputs {
		for l := 0; l < n; l++ {
			m.regs[RegInput][i][l] = fbits(in[i][l])
		}
	}
	m.run()
	for i := range m.s.Outputs {
		for l := 0; l < n; l++ {
			out[i][l] = ffloat(m.regs[RegOutput][i][l])
		}
	}
	return nil
}

// RunQuad runs a pixel shader on a 2x2 quad, lanes 0 (x,y), 1 (x+1,y),
// 2 (x,y+1), 3 (x+1,y+1). in[i][lane] is input i of a lane. The caller
// supplies system inputs too: SysPosition as Metal's [[position]]
// (x+0.5, y+0.5, depth, 1/w), SysFrontFace as +1 or -1 in all components,
// SysPointCoord as (u, v, 0, 1); SysDefault inputs are filled here.
// out[o][lane] receives the outputs. The result has bit lane set for each
// lane that executed a discard; helper lanes (outside the primitive) run
// like the others and the caller drops their results.
func (m *Machine) RunQuad(env *Env, in, out [][4][4]float32) (killed uint8, err error) {
	if m.s.Stage != StagePixel {
		return 0, fmt.Errorf("ir: RunQuad on a %v shader", m.s.Stage)
	}
	if len(in) < len(m.s.Inputs) || len(out) < len(m.s.Outputs) {
		return 0, fmt.Errorf("ir: RunQuad needs %d inputs and %d outputs", len(m.s.Inputs), len(m.s.Outputs))
	}
	copy(m.QuadInputs(), in)
	if killed, err = m.RunQuadInPlace(env); err != nil {
		return 0, err
	}
	copy(out, m.QuadOutputs())
	return killed, nil
}

// QuadInputs and QuadOutputs are the machine's input and output
// registers as RunQuad's in and out lay them out ([register][lane]), for
// RunQuadInPlace. They stay valid for the machine's life.
func (m *Machine) QuadInputs() [][4][4]float32  { return floatRegs(m.regs[RegInput]) }
func (m *Machine) QuadOutputs() [][4][4]float32 { return floatRegs(m.regs[RegOutput]) }

func floatRegs(r [][4]vec) [][4][4]float32 {
	if len(r) == 0 {
		return nil
	}
	return unsafe.Slice((*[4][4]float32)(unsafe.Pointer(&r[0])), len(r)) // the same bits
}

// RunQuadInPlace is RunQuad with the inputs already written to
// QuadInputs (but for SysDefault ones, filled here) and the outputs left
// in QuadOutputs: no copies either way.
func (m *Machine) RunQuadInPlace(env *Env) (killed uint8, err error) {
	if m.s.Stage != StagePixel {
		return 0, fmt.Errorf("ir: RunQuadInPlace on a %v shader", m.s.Stage)
	}
	m.reset(4, true, env)
	for i, d := range m.s.Inputs {
		if d.Sys == SysDefault {
			v := fbits(d.Default())
			m.regs[RegInput][i] = [4]vec{v, v, v, v}
		}
	}
	m.run()
	return m.kill, nil
}

func fbits(f [4]float32) vec {
	return vec{math.Float32bits(f[0]), math.Float32bits(f[1]), math.Float32bits(f[2]), math.Float32bits(f[3])}
}

func ffloat(v vec) [4]float32 {
	return [4]float32{math.Float32frombits(v[0]), math.Float32frombits(v[1]), math.Float32frombits(v[2]), math.Float32frombits(v[3])}
}

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// block runs statements for the lanes in mask and returns the lanes still
// running at its end (lanes that broke or returned are gone).
func (m *Machine) block(b []Stmt, mask uint8) uint8 {
	for _, st := range b {
		if mask == 0 {
			return 0
		}
		switch st := st.(type) {
		case *Inst:
			m.inst(st, mask)
		case *If:
			c := m.cond(st.Cond)
			mask = m.block(st.Then, mask&c) | m.block(st.Else, mask&^c)
		case *Loop:
			mask = m.loop(st, mask)
		case *Break:
			if st.Cond == nil {
				return 0
			}
			mask &^= m.cond(*st.Cond)
		case *Call:
			saved := m.ret
			m.ret = 0
			m.block(m.s.Subs[st.Sub], mask)
			m.ret = saved
		case *Return:
			m.ret |= mask
			return 0
		case *Discard:
			if st.Cond == nil {
				m.kill |= mask
			} else {
				m.kill |= mask & m.cond(*st.Cond)
			}
		}
	}
	return mask
}

func (m *Machine) loop(st *Loop, mask uint8) uint8 {
	var count [4]int32
	var step [4]int32
	for l := 0; l < m.lanes; l++ {
		c := int32(m.src(st.Count, l)[0])
		count[l] = min(max(c, 0), 255)
		if st.Counter.File != RegNone {
			step[l] = int32(m.src(st.Step, l)[0])
			if mask&(1<<l) != 0 {
				m.regs[RegITemp][st.Counter.Index][l][0] = m.src(st.Init, l)[0]
			}
		}
	}
	live := mask
	for iter := int32(0); live != 0; iter++ {
		for l := 0; l < m.lanes; l++ {
			if iter >= count[l] {
				live &^= 1 << l
			}
		}
		if live == 0 {
			break
		}
		live = m.block(st.Body, live)
		if st.Counter.File != RegNone {
			for l := 0; l < m.lanes; l++ {
				if live&(1<<l) != 0 {
					r := &m.regs[RegITemp][st.Counter.Index][l][0]
					*r = uint32(int32(*r) + step[l])
				}
			}
		}
	}
	return mask &^ m.ret
}

// cond evaluates a scalar bool condition for every lane.
func (m *Machine) cond(s Src) uint8 {
	var c uint8
	for l := 0; l < m.lanes; l++ {
		if m.src(s, l)[0] != 0 {
			c |= 1 << l
		}
	}
	return c
}

// index resolves a register index for a lane; ok is false out of range.
func (m *Machine) index(r Reg, l int) int {
	i := r.Index
	if r.Rel != nil {
		var base vec
		if r.Rel.File == RegITemp {
			base = m.regs[RegITemp][r.Rel.Index][l]
		} else {
			base = m.constI(r.Rel.Index)
		}
		i += int(int32(base[r.Rel.Comp]))
	}
	return i
}

func (m *Machine) constI(i int) vec {
	for _, d := range m.s.DefI {
		if d.Index == i {
			return vec{uint32(d.Value[0]), uint32(d.Value[1]), uint32(d.Value[2]), uint32(d.Value[3])}
		}
	}
	var v vec
	if i >= 0 && i < m.s.NumConstI && m.env != nil && i < len(m.env.ConstI) {
		c := m.env.ConstI[i]
		v = vec{uint32(c[0]), uint32(c[1]), uint32(c[2]), uint32(c[3])}
	}
	return v
}

func (m *Machine) read(r Reg, l int) vec {
	i := m.index(r, l)
	switch r.File {
	case RegTemp, RegITemp, RegBTemp, RegInput, RegOutput:
		regs := m.regs[r.File]
		if i < 0 || i >= len(regs) {
			return vec{}
		}
		return regs[i][l]
	case RegConstF:
		for _, d := range m.s.DefF {
			if d.Index == i {
				return fbits(d.Value)
			}
		}
		if i >= 0 && i < m.s.NumConstF && m.env != nil && i < len(m.env.ConstF) {
			return fbits(m.env.ConstF[i])
		}
	case RegConstI:
		return m.constI(i)
	case RegConstB:
		for _, d := range m.s.DefB {
			if d.Index == i {
				b := b2u(d.Value)
				return vec{b, b, b, b}
			}
		}
		if i >= 0 && i < m.s.NumConstB && m.env != nil && i < len(m.env.ConstB) {
			b := b2u(m.env.ConstB[i])
			return vec{b, b, b, b}
		}
	case RegDrawState:
		if i >= 0 && m.env != nil && i < len(m.env.DrawState) {
			return fbits(m.env.DrawState[i])
		}
	}
	return vec{}
}

// src evaluates an operand for a lane: swizzle, then abs, then negate
// (modify, compile.go).
func (m *Machine) src(s Src, l int) vec {
	if s.Reg.File == RegImm {
		return modify(&s, s.Imm)
	}
	return modify(&s, m.read(s.Reg, l))
}

func (m *Machine) write(in *Inst, l int, v vec) {
	mask := in.Dst.Mask
	if in.Pred != nil {
		p := m.src(*in.Pred, l)
		for i := 0; i < 4; i++ {
			if p[i] == 0 {
				mask &^= 1 << i
			}
		}
	}
	r := in.Dst.Reg
	i := m.index(r, l)
	regs := m.regs[r.File]
	if i < 0 || i >= len(regs) {
		return
	}
	for c := 0; c < 4; c++ {
		if mask&(1<<c) != 0 {
			regs[i][l][c] = v[c]
		}
	}
}

func (m *Machine) inst(in *Inst, mask uint8) {
	var res [4]vec
	switch in.Op {
	case OpNop:
		return
	case OpDdx, OpDdy:
		var a [4][4]float32
		for l := 0; l < m.lanes; l++ {
			a[l] = ffloat(m.src(in.Src[0], l))
		}
		var d [4]float32
		for c := 0; c < 4; c++ {
			if m.quad {
				if in.Op == OpDdx {
					d[c] = a[1][c] - a[0][c]
				} else {
					d[c] = a[2][c] - a[0][c]
				}
			}
		}
		for l := range res {
			res[l] = fbits(d)
		}
	case OpTex:
		m.sample(in, &res)
	default:
		for l := 0; l < m.lanes; l++ {
			var s [3]vec
			for i := range in.Src {
				s[i] = m.src(in.Src[i], l)
			}
			res[l] = eval(in, m.s, s)
		}
	}
	if in.ResultType() == TypeFloat && (in.Shift != 0 || in.Clamp != ClampNone) {
		for l := 0; l < m.lanes; l++ {
			f := ffloat(res[l])
			for c := range f {
				f[c] = ResultModifier(f[c], in.Shift, in.Clamp, m.s.PS1xMax)
			}
			res[l] = fbits(f)
		}
	}
	for l := 0; l < m.lanes; l++ {
		if mask&(1<<l) != 0 {
			m.write(in, l, res[l])
		}
	}
}

// ResultModifier applies an instruction's shift and clamp to one component.
// Clamps use fmax/fmin semantics: NaN becomes the lower bound.
func ResultModifier(x float32, shift int8, clamp Clamp, ps1xMax float32) float32 {
	if shift != 0 {
		x *= float32(math.Ldexp(1, int(shift)))
	}
	lo, hi := float32(0), float32(1)
	switch clamp {
	case ClampNone:
		return x
	case ClampPS1x:
		lo, hi = -ps1xMax, ps1xMax
	case ClampSnorm:
		lo = -1
	}
	if !(x >= lo) { // also NaN
		return lo
	}
	if x == 0 && lo == 0 {
		return 0 // saturate(-0) is +0, as fmax(-0, +0) gives in MSL
	}
	if x > hi {
		return hi
	}
	return x
}

func (m *Machine) sample(in *Inst, res *[4]vec) {
	ops := &m.ops
	for i := range min(len(in.Src), 3) {
		for l := 0; l < m.lanes; l++ {
			ops[i][l] = m.src(in.Src[i], l)
		}
	}
	m.sampleOps(in, ops, res)
}

// sampleOps is sample with its operands evaluated for every lane.
func (m *Machine) sampleOps(in *Inst, ops *[3][4]vec, res *[4]vec) {
	d := m.s.Sampler(in.Sampler)
	r := &m.tex
	// Field by field: Coord and Ref are written for every lane below and
	// the gradients of a quad's request too, so only the rest is cleared
	// (the request is a few hundred bytes, and this runs per quad).
	r.Sampler, r.Kind, r.Mode, r.Lanes, r.Fetch4 = in.Sampler, d.Kind, in.TexMode, m.lanes, d.Fetch4
	r.LodBias = [4]float32{}
	for l := m.lanes; l < 4; l++ {
		r.Coord[l], r.Ref[l] = [4]float32{}, 0
	}
	if r.Mode == TexBumped {
		r.Mode = TexImplicit
	}
	if d.Fetch4 != Fetch4Off {
		r.Mode = TexLod // the base level; LodBias stays 0
	}
	for l := 0; l < m.lanes; l++ {
		c := ffloat(ops[0][l])
		if in.Project || d.Projected {
			w := c[3]
			c[0], c[1], c[2] = c[0]/w, c[1]/w, c[2]/w
		}
		if in.TexMode == TexBumped {
			// Unresolved by a variant: no projection, the offset added.
			o := ffloat(ops[1][l])
			c[0], c[1] = c[0]+o[0], c[1]+o[1]
		}
		r.Coord[l] = c
		r.Ref[l] = c[2]
		switch r.Mode {
		case TexBias, TexLod:
			if r.Fetch4 != Fetch4Off {
				break
			}
			r.LodBias[l] = ffloat(ops[1][l])[0]
		case TexGrad:
			r.Ddx[l] = ffloat(ops[1][l])
			r.Ddy[l] = ffloat(ops[2][l])
		}
	}
	if !m.quad && r.Mode == TexGrad {
		// vs_3_0 has no texldd; Metal vertex functions take no gradients.
		r.Mode, r.LodBias, r.Ddx, r.Ddy = TexLod, [4]float32{}, [4][4]float32{}, [4][4]float32{}
	}
	if r.Kind == SamplerShadow2D && r.Mode == TexBias && m.quad {
		// Metal's sample_compare takes no bias.
		r.Mode, r.LodBias = TexImplicit, [4]float32{}
	}
	if !m.quad || r.Mode != TexImplicit && r.Mode != TexBias && r.Mode != TexGrad {
		r.Ddx, r.Ddy = [4][4]float32{}, [4][4]float32{}
	}
	if r.Mode == TexImplicit || r.Mode == TexBias {
		if m.quad {
			var dx, dy [4]float32
			for c := 0; c < 4; c++ {
				dx[c] = r.Coord[1][c] - r.Coord[0][c]
				dy[c] = r.Coord[2][c] - r.Coord[0][c]
			}
			for l := range r.Ddx {
				r.Ddx[l], r.Ddy[l] = dx, dy
			}
		} else {
			r.Mode = TexLod
		}
	}
	// The sampler writes the result's bits in place (lanes past m.lanes
	// are never read).
	out := (*[4][4]float32)(unsafe.Pointer(res))
	*out = [4][4]float32{}
	if m.env != nil && m.env.Textures != nil {
		m.env.Textures.Sample(r, out)
	}
}
