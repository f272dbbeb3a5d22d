// Package irprog runs shader IR (core/ir) on the CPU: it turns an
// ir.Shader into a backend.VertexProgram or backend.FragmentProgram that
// executes the IR with ir.Machine, reading the same bindings the MSL
// emitter (core/msl) declares, so an encoder binds buffers, textures and
// samplers identically for Metal and for the reference backend. The
// reference backend builds its functions' programs with it from the IR a
// backend.FunctionDesc carries; unix/device runs ProcessVertices with it
// on any backend.
//
//	desc, unit, err := irprog.Function(shader, key) // MSL and Program in one FunctionDesc
//	fn, err := device.NewFunction(desc)             // either backend
//
// # Binding layout (the one core/msl documents)
//
//   - Vertex input with IR Location n reads backend.VertexIn.Attr[n]
//     ([[attribute(n)]]).
//   - Float, int and bool constants are Resources.Buffer(msl.BufferConstF),
//     Buffer(msl.BufferConstI) (int4 per register) and
//     Buffer(msl.BufferConstB) (one uint32 per register, nonzero is true);
//     the draw state (ir.DS* float4 registers) is
//     Buffer(msl.BufferDrawState). The same indices in both stages.
//     Registers past the end of a buffer read 0.
//   - Sampler s is texture s and sampler s of the stage.
//   - Position, point size and clip distances (in output Index order) go
//     to VertexOut.Position, PointSize and ClipDistance.
//   - Colour target n is FragmentOut.Color[n]; depth is FragmentOut.Depth.
//
// # Varyings
//
// Metal links varyings by [[user(locnN)]] with N = ir.VaryingSlot; the
// reference backend passes MaxVaryings (16) float4 varyings by position.
// A vertex program writes its varying slots in ascending slot order at
// backend varyings 0, 1, 2... (VertexProgram.Slots). A fragment program
// reads slot N at the rank of N among the vertex stage's slots, which it
// learns from its VariantKey: the pipeline sets Linked and VSOutputs from
// the vertex unit's Varyings, as it must for Metal anyway (LinkKey does
// it). A fragment program built without Linked assumes the vertex stage
// writes exactly the slots it reads. Interpolation per backend varying
// follows the pixel input's Interp: flat is flat, perspective and
// centroid are perspective (the reference backend shades at pixel
// centres).
//
// # Sampling
//
// Vertex programs sample with Resources.Sample and SampleCompare at the
// LOD the IR interpreter chose (the vertex stage has only explicit
// levels). Fragment programs sample all four lanes with SampleLanes:
// implicit LOD, bias, level and gradients map to the SampleMode of the
// same name; shadow samplers compare against the reference the IR gives
// (coord.z after projection). Projection is done by the interpreter
// before the call.
//
// # Concurrency
//
// Programs are safe for concurrent use: each call takes an interpreter
// machine with its scratch state from a sync.Pool.
package irprog

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"sync"
	"unsafe"

	"mtld3d/core/ir"
	"mtld3d/core/msl"
	"mtld3d/unix/backend"
)

// Function emits s as MSL (core/msl) and builds the program for the
// reference backend from the same IR, so the returned FunctionDesc serves
// either backend (unix/device leaves the program to the backend, which
// builds it from IR and Variant). The Unit describes the emitted function (buffers,
// samplers, varyings) for pipeline creation.
func Function(s *ir.Shader, key ir.VariantKey) (backend.FunctionDesc, *msl.Unit, error) {
	u, err := msl.Emit(s, key)
	if err != nil {
		return backend.FunctionDesc{}, nil, err
	}
	d := backend.FunctionDesc{Source: u.Source, Entry: u.Entry, IR: s, Variant: key}
	switch s.Stage {
	case ir.StageVertex:
		p, err := Vertex(s, key)
		if err != nil {
			return backend.FunctionDesc{}, nil, err
		}
		d.Stage, d.Program = backend.StageVertex, p
	default:
		p, err := Fragment(s, key)
		if err != nil {
			return backend.FunctionDesc{}, nil, err
		}
		d.Stage, d.Program = backend.StageFragment, p
	}
	return d, u, nil
}

// LinkKey returns key (a pixel shader's) with Linked set and VSOutputs
// holding slots: the varying slots the vertex stage writes, as
// msl.Unit.Varyings or VertexProgram.Slots give them.
func LinkKey(key ir.VariantKey, slots []int) ir.VariantKey {
	key.Linked = true
	key.VSOutputs = [ir.MaxVaryingSlots / 64]uint64{}
	for _, s := range slots {
		if s >= 0 && s < ir.MaxVaryingSlots {
			key.SetVSOutput(s)
		}
	}
	return key
}

// prepare validates s, applies the variant and validates the result, as
// msl.Emit does.
func prepare(s *ir.Shader, key ir.VariantKey, stage ir.Stage) (*ir.Shader, error) {
	if s == nil {
		return nil, fmt.Errorf("irprog: nil shader")
	}
	if s.Stage != stage {
		return nil, fmt.Errorf("irprog: %v shader where a %v shader is needed", s.Stage, stage)
	}
	if err := ir.Validate(s); err != nil {
		return nil, err
	}
	v := ir.ApplyVariant(s, key)
	if err := ir.Validate(v); err != nil {
		return nil, err
	}
	return v, nil
}

// ---- constant buffers ----

// bufs is the set of constant buffers a shader reads.
type bufs struct{ f, i, b, ds bool }

func scanBuffers(s *ir.Shader) bufs {
	var u bufs
	reg := func(r ir.Reg) {
		switch r.File {
		case ir.RegConstF:
			u.f = true
		case ir.RegConstI:
			u.i = true
		case ir.RegConstB:
			u.b = true
		case ir.RegDrawState:
			u.ds = true
		}
		if r.Rel != nil && r.Rel.File == ir.RegConstI {
			u.i = true
		}
	}
	var walk func(b []ir.Stmt)
	walk = func(b []ir.Stmt) {
		for _, st := range b {
			switch st := st.(type) {
			case *ir.Inst:
				for _, s := range st.Src {
					reg(s.Reg)
				}
				reg(st.Dst.Reg)
				if st.Pred != nil {
					reg(st.Pred.Reg)
				}
			case *ir.If:
				reg(st.Cond.Reg)
				walk(st.Then)
				walk(st.Else)
			case *ir.Loop:
				reg(st.Count.Reg)
				reg(st.Init.Reg)
				reg(st.Step.Reg)
				walk(st.Body)
			case *ir.Break:
				if st.Cond != nil {
					reg(st.Cond.Reg)
				}
			case *ir.Discard:
				if st.Cond != nil {
					reg(st.Cond.Reg)
				}
			}
		}
	}
	walk(s.Body)
	for _, sub := range s.Subs {
		walk(sub)
	}
	// Reads of constants the shader defines never reach the buffer, but
	// the interpreter looks the definitions up itself; reading the buffer
	// anyway is harmless.
	u.f = u.f && s.NumConstF > 0
	u.i = u.i && s.NumConstI > 0
	u.b = u.b && s.NumConstB > 0
	return u
}

var littleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

// float4s returns the first n float4 registers of b (fewer if b is
// shorter). The bytes are used in place when the host is little-endian
// and b is 4-byte aligned (buffers hold host-endian float32s, as Metal's
// do); otherwise they are decoded into *scratch.
func float4s(b []byte, n int, scratch *[][4]float32) [][4]float32 {
	n = min(n, len(b)/16)
	if n <= 0 {
		return nil
	}
	if littleEndian && uintptr(unsafe.Pointer(&b[0]))%4 == 0 {
		return unsafe.Slice((*[4]float32)(unsafe.Pointer(&b[0])), n)
	}
	s := (*scratch)[:0]
	for i := 0; i < n; i++ {
		var v [4]float32
		for c := range v {
			v[c] = math.Float32frombits(binary.LittleEndian.Uint32(b[16*i+4*c:]))
		}
		s = append(s, v)
	}
	*scratch = s
	return s
}

// int4s is float4s for int4 registers.
func int4s(b []byte, n int, scratch *[][4]int32) [][4]int32 {
	n = min(n, len(b)/16)
	if n <= 0 {
		return nil
	}
	if littleEndian && uintptr(unsafe.Pointer(&b[0]))%4 == 0 {
		return unsafe.Slice((*[4]int32)(unsafe.Pointer(&b[0])), n)
	}
	s := (*scratch)[:0]
	for i := 0; i < n; i++ {
		var v [4]int32
		for c := range v {
			v[c] = int32(binary.LittleEndian.Uint32(b[16*i+4*c:]))
		}
		s = append(s, v)
	}
	*scratch = s
	return s
}

// bools decodes up to n uint32 registers of b, nonzero being true.
func bools(b []byte, n int, scratch *[]bool) []bool {
	n = min(n, len(b)/4)
	s := (*scratch)[:0]
	for i := 0; i < n; i++ {
		s = append(s, binary.LittleEndian.Uint32(b[4*i:]) != 0)
	}
	*scratch = s
	return s
}

// consts holds the decoded constant views of one call.
type consts struct {
	f, ds [][4]float32
	i     [][4]int32
	b     []bool
}

func (c *consts) load(r backend.Resources, s *ir.Shader, u bufs, env *ir.Env) {
	env.ConstF, env.ConstI, env.ConstB, env.DrawState = nil, nil, nil, nil
	if u.f {
		env.ConstF = float4s(r.Buffer(msl.BufferConstF), s.NumConstF, &c.f)
	}
	if u.i {
		env.ConstI = int4s(r.Buffer(msl.BufferConstI), s.NumConstI, &c.i)
	}
	if u.b {
		env.ConstB = bools(r.Buffer(msl.BufferConstB), s.NumConstB, &c.b)
	}
	if u.ds {
		env.DrawState = float4s(r.Buffer(msl.BufferDrawState), ir.DSCount, &c.ds)
	}
}

// ---- vertex programs ----

// VertexProgram runs a vertex shader on the reference backend.
type VertexProgram struct {
	s     *ir.Shader // with the variant applied
	sig   backend.VertexSignature
	bufs  bufs
	attr  []int // per input: VertexIn.Attr index
	pos   int   // output index of the position, or -1
	psize int   // output index of the point size, or -1
	clips []int // output indices in clip-distance order
	vary  []int // output index per backend varying
	slots []int // varying slot per backend varying
	code  *ir.Code
	pool  sync.Pool
}

var _ backend.VertexProgram = (*VertexProgram)(nil)

// Vertex builds the program of a vertex shader under a variant key.
func Vertex(s *ir.Shader, key ir.VariantKey) (*VertexProgram, error) {
	v, err := prepare(s, key, ir.StageVertex)
	if err != nil {
		return nil, err
	}
	p := &VertexProgram{s: v, bufs: scanBuffers(v), pos: -1, psize: -1}
	for i, in := range v.Inputs {
		if in.Location < 0 || in.Location >= backend.MaxVertexAttributes {
			return nil, fmt.Errorf("irprog: vertex input %d at attribute %d, past the backend's %d", i, in.Location, backend.MaxVertexAttributes)
		}
		p.attr = append(p.attr, in.Location)
	}
	type vary struct{ slot, out int }
	var vs []vary
	for i, o := range v.Outputs {
		switch o.Kind {
		case ir.OutPosition:
			if p.pos < 0 {
				p.pos = i
			}
		case ir.OutPointSize:
			if p.psize < 0 {
				p.psize = i
			}
		case ir.OutClipDist:
			p.clips = append(p.clips, i)
		case ir.OutVarying:
			slot := ir.VaryingSlot(o.Usage, o.UsageIndex)
			if !slices.ContainsFunc(vs, func(x vary) bool { return x.slot == slot }) {
				vs = append(vs, vary{slot, i})
			}
		}
	}
	slices.SortStableFunc(vs, func(a, b vary) int { return a.slot - b.slot })
	slices.SortStableFunc(p.clips, func(a, b int) int { return v.Outputs[a].Index - v.Outputs[b].Index })
	if len(vs) > backend.MaxVaryings {
		return nil, fmt.Errorf("irprog: vertex shader writes %d varyings, the backend passes %d", len(vs), backend.MaxVaryings)
	}
	if len(p.clips) > backend.MaxClipDistances {
		return nil, fmt.Errorf("irprog: vertex shader writes %d clip distances, the backend has %d", len(p.clips), backend.MaxClipDistances)
	}
	for _, x := range vs {
		p.vary = append(p.vary, x.out)
		p.slots = append(p.slots, x.slot)
	}
	p.sig = backend.VertexSignature{Varyings: len(vs), ClipDistances: len(p.clips)}
	if p.code, err = ir.Compile(v); err != nil {
		return nil, err
	}
	p.pool.New = func() any { return p.newState() }
	return p, nil
}

// Shader returns the IR the program runs (the variant applied).
func (p *VertexProgram) Shader() *ir.Shader { return p.s }

// Slots returns the varying slot (ir.VaryingSlot) of each backend varying
// the program writes, in order; it is msl.Unit.Varyings of the same
// shader and key. Do not modify it.
func (p *VertexProgram) Slots() []int { return p.slots }

func (p *VertexProgram) VertexSignature() backend.VertexSignature { return p.sig }

type vertexState struct {
	m         *ir.Machine
	env       ir.Env
	tex       vertexTextures
	c         consts
	in, out   [][4]float32
	in4, out4 [][4][4]float32 // RunVertices'
}

func (p *VertexProgram) newState() *vertexState {
	st := &vertexState{m: p.code.NewMachine(), in: make([][4]float32, len(p.s.Inputs)), out: make([][4]float32, len(p.s.Outputs)),
		in4: make([][4][4]float32, len(p.s.Inputs)), out4: make([][4][4]float32, len(p.s.Outputs))}
	if len(p.s.Samplers) > 0 {
		st.env.Textures = &st.tex
	}
	return st
}

func (p *VertexProgram) RunVertex(r backend.Resources, in *backend.VertexIn, out *backend.VertexOut) {
	st := p.pool.Get().(*vertexState)
	st.c.load(r, p.s, p.bufs, &st.env)
	st.tex.r = r
	for i, a := range p.attr {
		st.in[i] = in.Attr[a]
	}
	if err := st.m.RunVertex(&st.env, st.in, st.out); err != nil {
		panic(err)
	}
	if p.pos >= 0 {
		out.Position = st.out[p.pos]
	} else {
		out.Position = [4]float32{}
	}
	if p.psize >= 0 {
		out.PointSize = st.out[p.psize][0]
	} else {
		out.PointSize = 1 // unwritten: Metal leaves it undefined
	}
	for k, o := range p.clips {
		out.ClipDistance[k] = st.out[o][0]
	}
	for k, o := range p.vary {
		out.Varyings[k] = st.out[o]
	}
	st.tex.r = nil
	st.env.ConstF, st.env.ConstI, st.env.DrawState = nil, nil, nil
	p.pool.Put(st)
}

// RunVertices shades n vertices (1 to 4) as the lanes of one run.
func (p *VertexProgram) RunVertices(r backend.Resources, in *[4]backend.VertexIn, out *[4]backend.VertexOut, n int) {
	st := p.pool.Get().(*vertexState)
	st.c.load(r, p.s, p.bufs, &st.env)
	st.tex.r = r
	for i, a := range p.attr {
		for l := 0; l < n; l++ {
			st.in4[i][l] = in[l].Attr[a]
		}
	}
	if err := st.m.RunVertices(&st.env, n, st.in4, st.out4); err != nil {
		panic(err)
	}
	for l := 0; l < n; l++ {
		o := &out[l]
		o.Position, o.PointSize = [4]float32{}, 1 // unwritten point size: Metal leaves it undefined
		if p.pos >= 0 {
			o.Position = st.out4[p.pos][l]
		}
		if p.psize >= 0 {
			o.PointSize = st.out4[p.psize][l][0]
		}
		for k, c := range p.clips {
			o.ClipDistance[k] = st.out4[c][l][0]
		}
		for k, v := range p.vary {
			o.Varyings[k] = st.out4[v][l]
		}
	}
	st.tex.r = nil
	st.env.ConstF, st.env.ConstI, st.env.DrawState = nil, nil, nil
	p.pool.Put(st)
}

// vertexTextures samples for a vertex machine: each lane (a vertex) at an
// explicit level (the interpreter turns every vertex-stage mode into
// TexLod).
type vertexTextures struct{ r backend.Resources }

func (t *vertexTextures) Sample(req *ir.TexRequest, out *[4][4]float32) {
	n := req.Sampler
	for l := 0; l < req.Lanes; l++ {
		lod := float32(0)
		if req.Mode == ir.TexLod || req.Mode == ir.TexBias {
			lod = req.LodBias[l]
		}
		if req.Kind == ir.SamplerShadow2D {
			v := t.r.SampleCompare(n, n, req.Coord[l], req.Ref[l], lod)
			out[l] = [4]float32{v, v, v, v}
			continue
		}
		out[l] = t.r.Sample(n, n, req.Coord[l], lod)
	}
}

// ---- fragment programs ----

// input sources for a fragment machine.
const (
	srcVarying = iota
	srcZero    // a varying the vertex stage does not pass, or SysDefault (the machine fills it)
	srcPosition
	srcFace
	srcPointCoord
)

type fragInput struct {
	kind int
	vary int // backend varying for srcVarying
}

// FragmentProgram runs a pixel shader on the reference backend.
type FragmentProgram struct {
	s      *ir.Shader // with the variant applied
	sig    backend.FragmentSignature
	bufs   bufs
	inputs []fragInput
	colors [backend.MaxColorAttachments]int // output index per colour target, -1 if not written
	depth  int                              // output index of depth, or -1
	mask   int                              // output index of the sample mask, or -1
	code   *ir.Code
	pool   sync.Pool
	linear *Linear
}

var _ backend.FragmentProgram = (*FragmentProgram)(nil)

// Linear is a fragment program's linear form (ir.Linear), with the
// varying each of its input slots reads.
type Linear struct {
	*ir.LinearForm
	Varying [ir.MaxLinearInputs]int
}

// Linear returns the program's linear form, or nil where it has none.
// A backend may shade pixel by pixel from it, getting the bits run
// gives, as long as its samples of the form's sampler ignore the LOD.
func (p *FragmentProgram) Linear() *Linear { return p.linear }

// linearForm finds p's linear form: the shader's, where every input it
// reads is a varying.
func (p *FragmentProgram) linearForm() *Linear {
	f, ok := ir.Linear(p.s)
	if !ok {
		return nil
	}
	l := &Linear{LinearForm: f}
	for k, i := range f.Inputs {
		if p.inputs[i].kind != srcVarying {
			return nil
		}
		l.Varying[k] = p.inputs[i].vary
	}
	return l
}

// Fragment builds the program of a pixel shader under a variant key. See
// the package documentation for how key.Linked places the varyings.
func Fragment(s *ir.Shader, key ir.VariantKey) (*FragmentProgram, error) {
	v, err := prepare(s, key, ir.StagePixel)
	if err != nil {
		return nil, err
	}
	p := &FragmentProgram{s: v, bufs: scanBuffers(v), depth: -1, mask: -1}
	// The vertex stage's slots in ascending order.
	var vsSlots []int
	if key.Linked {
		for slot := 0; slot < ir.MaxVaryingSlots; slot++ {
			if key.VSOutputs[slot/64]&(1<<(slot%64)) != 0 {
				vsSlots = append(vsSlots, slot)
			}
		}
	} else {
		for _, in := range v.Inputs {
			if in.Sys == ir.SysNone {
				vsSlots = append(vsSlots, ir.VaryingSlot(in.Usage, in.UsageIndex))
			}
		}
		slices.Sort(vsSlots)
		vsSlots = slices.Compact(vsSlots)
	}
	interpSet := make([]bool, backend.MaxVaryings)
	var read uint32 // varyings read
	p.sig.UnreadPosition = true
	for i, in := range v.Inputs {
		fi := fragInput{kind: srcZero}
		switch in.Sys {
		case ir.SysPosition:
			fi.kind = srcPosition
			p.sig.UnreadPosition = false
		case ir.SysFrontFace:
			fi.kind = srcFace
		case ir.SysPointCoord:
			fi.kind = srcPointCoord
		case ir.SysNone:
			k, found := slices.BinarySearch(vsSlots, ir.VaryingSlot(in.Usage, in.UsageIndex))
			if !found {
				break // unreachable when linked: ApplyVariant made it SysDefault
			}
			if k >= backend.MaxVaryings {
				return nil, fmt.Errorf("irprog: pixel input %d is varying %d of the vertex stage, past the backend's %d", i, k, backend.MaxVaryings)
			}
			fi = fragInput{kind: srcVarying, vary: k}
			p.sig.Varyings = max(p.sig.Varyings, k+1)
			read |= 1 << k
			if !interpSet[k] {
				// The first input of a slot decides, as in the MSL.
				interpSet[k] = true
				if in.Interp == ir.InterpFlat {
					p.sig.Interp[k] = backend.InterpFlat
				}
			}
		}
		p.inputs = append(p.inputs, fi)
	}
	p.sig.Unread = (uint32(1)<<p.sig.Varyings - 1) &^ read
	for i := range p.colors {
		p.colors[i] = -1
	}
	for i, o := range v.Outputs {
		switch o.Kind {
		case ir.OutColor:
			if o.Index >= 0 && o.Index < backend.MaxColorAttachments && p.colors[o.Index] < 0 {
				p.colors[o.Index] = i
				p.sig.Outputs = max(p.sig.Outputs, o.Index+1)
			}
		case ir.OutDepth:
			if p.depth < 0 {
				p.depth = i
				p.sig.WritesDepth = true
			}
		case ir.OutSampleMask:
			if p.mask < 0 {
				p.mask = i
				p.sig.WritesSampleMask = true
			}
		}
	}
	if p.code, err = ir.Compile(v); err != nil {
		return nil, err
	}
	p.linear = p.linearForm()
	p.pool.New = func() any { return p.newState() }
	return p, nil
}

// Shader returns the IR the program runs (the variant applied).
func (p *FragmentProgram) Shader() *ir.Shader { return p.s }

func (p *FragmentProgram) FragmentSignature() backend.FragmentSignature { return p.sig }

type fragmentState struct {
	m       *ir.Machine
	env     ir.Env
	tex     quadTextures
	c       consts
	in, out [][4][4]float32 // m's input and output registers (QuadInputs, QuadOutputs)
}

func (p *FragmentProgram) newState() *fragmentState {
	m := p.code.NewMachine()
	st := &fragmentState{m: m, in: m.QuadInputs(), out: m.QuadOutputs()}
	if len(p.s.Samplers) > 0 {
		st.env.Textures = &st.tex
	}
	return st
}

func (p *FragmentProgram) RunFragment(r backend.QuadResources, q *backend.Quad, out *backend.FragmentOut) {
	st := p.pool.Get().(*fragmentState)
	st.bind(p, r)
	p.run(st, q, out)
	st.unbind()
	p.pool.Put(st)
}

// bind points a state at a draw's resources.
func (st *fragmentState) bind(p *FragmentProgram, r backend.QuadResources) {
	st.c.load(r, p.s, p.bufs, &st.env)
	st.tex.r = r
	st.tex.plain, _ = r.(plainSampler)
}

// unbind drops what bind pointed at, so a pooled state keeps nothing.
func (st *fragmentState) unbind() {
	st.tex.r, st.tex.plain = nil, nil
	st.env.ConstF, st.env.ConstI, st.env.DrawState = nil, nil, nil
}

// FragmentRunner runs one program on quad after quad, keeping its state
// and the last draw's constants between calls (RunFragment takes a state
// from a pool and loads the constants per quad). A runner is for one
// goroutine; Release returns its state.
type FragmentRunner struct {
	p  *FragmentProgram
	st *fragmentState
	r  backend.QuadResources
}

// Runner returns a runner of p.
func (p *FragmentProgram) Runner() *FragmentRunner {
	return &FragmentRunner{p: p, st: p.pool.Get().(*fragmentState)}
}

// RunFragment is p.RunFragment. The constants are read again when r is
// another draw's resources; a draw's resources must not change while a
// runner uses them.
func (fr *FragmentRunner) RunFragment(r backend.QuadResources, q *backend.Quad, out *backend.FragmentOut) {
	if r != fr.r {
		fr.st.bind(fr.p, r)
		fr.r = r
	}
	fr.p.run(fr.st, q, out)
}

// Release gives the runner's state back; the runner is not used after.
func (fr *FragmentRunner) Release() {
	fr.st.unbind()
	fr.p.pool.Put(fr.st)
	fr.st, fr.r = nil, nil
}

// run shades one quad with a bound state.
func (p *FragmentProgram) run(st *fragmentState, q *backend.Quad, out *backend.FragmentOut) {
	face := float32(-1)
	if q.FrontFacing {
		face = 1
	}
	for i, fi := range p.inputs {
		v := &st.in[i]
		switch fi.kind {
		case srcVarying:
			*v = q.Varyings[fi.vary]
		case srcPosition:
			*v = q.Position
		case srcFace:
			*v = [4][4]float32{{face, face, face, face}, {face, face, face, face}, {face, face, face, face}, {face, face, face, face}}
		case srcPointCoord:
			for l := range v {
				v[l] = [4]float32{q.PointCoord[l][0], q.PointCoord[l][1], 0, 1}
			}
		default:
			*v = [4][4]float32{}
		}
	}
	killed, err := st.m.RunQuadInPlace(&st.env)
	if err != nil {
		panic(err)
	}
	for n := 0; n < p.sig.Outputs; n++ {
		if o := p.colors[n]; o >= 0 {
			out.Color[n] = st.out[o]
		} else {
			out.Color[n] = [4][4]float32{}
		}
	}
	if p.depth >= 0 {
		d := &st.out[p.depth]
		out.Depth = [4]float32{d[0][0], d[1][0], d[2][0], d[3][0]}
	}
	if p.mask >= 0 {
		m := &st.out[p.mask]
		for l := range out.SampleMask {
			out.SampleMask[l] = uint32(m[l][0]) // as MSL's uint(x)
		}
	}
	out.Discard = killed
}

// fetch4 is AMD's FETCH4 as core/msl's fetch4_r and fetch4_a compute it:
// a gather half a texel further on, so the footprint starts at the
// texel a point sample reads, reordered to top-right, bottom-left,
// bottom-right, top-left.
func fetch4(r backend.Resources, n int, c [4]float32, f ir.Fetch4) [4]float32 {
	w, h, _, _ := r.TextureSize(n, 0)
	if w == 0 || h == 0 {
		return [4]float32{}
	}
	c[0] += 0.5 / float32(w)
	c[1] += 0.5 / float32(h)
	comp := 0
	if f == ir.Fetch4Alpha {
		comp = 3
	}
	g := r.Gather(n, n, c, comp)
	return [4]float32{g[2], g[0], g[1], g[3]}
}

// quadTextures samples for a quad machine through SampleLanes.
type quadTextures struct {
	r     backend.QuadResources
	plain plainSampler // r's, when it has one
	args  backend.SampleArgs
}

// plainSampler is what a backend's resources may offer beside
// SampleLanes: sampling that skips the LOD where it changes nothing
// (reporting false elsewhere).
type plainSampler interface {
	SamplePlain(n int, coord *[4][4]float32, out *[4][4]float32) bool
}

func (t *quadTextures) Sample(req *ir.TexRequest, out *[4][4]float32) {
	n := req.Sampler
	if req.Fetch4 != ir.Fetch4Off {
		for l := 0; l < req.Lanes; l++ {
			out[l] = fetch4(t.r, n, req.Coord[l], req.Fetch4)
		}
		return
	}
	if t.plain != nil && req.Kind != ir.SamplerShadow2D && t.plain.SamplePlain(n, &req.Coord, out) {
		return
	}
	if req.Lanes != 4 {
		// Not produced by RunQuad; sample lane by lane at the level given.
		for l := 0; l < req.Lanes; l++ {
			if req.Kind == ir.SamplerShadow2D {
				v := t.r.SampleCompare(n, n, req.Coord[l], req.Ref[l], req.LodBias[l])
				out[l] = [4]float32{v, v, v, v}
			} else {
				out[l] = t.r.Sample(n, n, req.Coord[l], req.LodBias[l])
			}
		}
		return
	}
	a := &t.args
	a.Coord = req.Coord
	a.LOD = [4]float32{}
	a.Ddx, a.Ddy = [4][4]float32{}, [4][4]float32{}
	switch req.Mode {
	case ir.TexImplicit:
		a.Mode = backend.SampleImplicit
	case ir.TexBias:
		a.Mode, a.LOD = backend.SampleBias, req.LodBias
	case ir.TexLod:
		a.Mode, a.LOD = backend.SampleLevel, req.LodBias
	case ir.TexGrad:
		a.Mode, a.Ddx, a.Ddy = backend.SampleGrad, req.Ddx, req.Ddy
	}
	a.Compare = req.Kind == ir.SamplerShadow2D
	a.Ref = req.Ref
	t.r.SampleLanes(n, n, a, out)
}
