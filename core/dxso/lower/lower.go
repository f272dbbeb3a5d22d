package lower

import (
	"fmt"
	"slices"

	"mtld3d/core/dxso"
	"mtld3d/core/ir"
)

// DefaultPS1xMax is the ps_1_x arithmetic range used when Options.PS1xMax is
// zero (D3DCAPS9.PixelShader1xMaxValue as most D3D9 drivers report it).
const DefaultPS1xMax = 8

// Options tune the lowering.
type Options struct {
	// PS1xMax is D3DCAPS9.PixelShader1xMaxValue: the ps_1_x clamp range.
	PS1xMax float32
	// NumConstF, NumConstI and NumConstB override the constant buffer
	// sizes (0 means the shader model's size: vs 256 float constants,
	// ps_1_x 8, ps_2_x 32, ps_3_0 224, the _sw models 8192; 16 int and 16
	// bool). A size is raised to cover every register the program
	// names directly.
	NumConstF, NumConstI, NumConstB int
	// Software lowers a vertex shader for software vertex processing: it
	// may name the software pipeline's 2048 integer and boolean
	// registers (16 in hardware), as the _sw models may.
	Software bool
}

// Result is a lowered shader.
type Result struct {
	Shader *ir.Shader
	// Constants is the program's constant table (CTAB comment), or nil.
	Constants *dxso.ConstantTable
}

// Error is a lowering failure: a construct the lowering does not support
// or a program D3D9 would reject. Offset is the DWORD offset of the
// instruction (-1 when the error is not tied to one).
type Error struct {
	Offset int
	Msg    string
}

func (e *Error) Error() string {
	if e.Offset < 0 {
		return "lower: " + e.Msg
	}
	return fmt.Sprintf("lower: instruction at DWORD %d: %s", e.Offset, e.Msg)
}

// Code parses bytecode and lowers it.
func Code(code []uint32, opt Options) (*Result, error) {
	p, err := dxso.Parse(code)
	if err != nil {
		return nil, err
	}
	return Lower(p, opt)
}

// Lower lowers a parsed program. The returned shader passes ir.Validate.
// Unsupported constructs are returned as *Error; Lower never panics.
func Lower(p *dxso.Program, opt Options) (res *Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(*Error); ok {
				res, err = nil, e
				return
			}
			res, err = nil, &Error{Offset: -1, Msg: fmt.Sprint("internal error: ", r)}
		}
	}()
	l := newLowerer(p, opt)
	l.run()
	if err := ir.Validate(l.s); err != nil {
		return nil, &Error{Offset: -1, Msg: "invalid IR produced: " + err.Error()}
	}
	return &Result{Shader: l.s, Constants: p.Constants}, nil
}

// Fixed register numbers.
const (
	iA0 = 0 // ITemp a0
	iAL = 1 // ITemp aL
	bP0 = 0 // BTemp p0
)

type regKey struct {
	t dxso.RegType
	n int
}

// slot is one IR register holding the components mask of a D3D9 register.
type slot struct {
	index int
	mask  ir.Mask
}

type frame struct {
	kind   dxso.Opcode // OpIf (also ifc), OpLoop, OpRep
	ifs    *ir.If
	parent *[]ir.Stmt
	save   int // loop: ITemp holding the outer aL
}

type lowerer struct {
	p   *dxso.Program
	v   dxso.Version
	ps  bool
	ps1 bool // ps_1_x
	s   *ir.Shader
	opt Options

	ins *dxso.Instruction // being lowered

	numR     int // r# count
	tBase    int // ps_1_0..1_3: temp of t0
	vposTemp int
	mtx      int // texm3x2/3x3 partial results
	coTemp   int // co-issue snapshot
	fixed    int // next fixed temp
	scratch  int // scratch temps used by the current instruction
	maxScr   int
	bScratch int
	maxBScr  int
	nextIT   int
	pads     int // texm pad rows so far

	inputs    map[regKey][]slot // ps/vs input registers -> IR inputs
	inputTemp map[regKey]int    // packed ps_3_0 inputs assembled in a temp
	dense     bool              // inputs are indexed by register number
	outputs   map[regKey][]slot
	vpos      int
	vface     int

	relIn, relOut bool

	body   []ir.Stmt
	cur    *[]ir.Stmt
	stack  []frame
	subs   []*[]ir.Stmt
	labels map[int]int
	inSub  bool
	prolog []ir.Stmt

	subst map[regKey]int // co-issue: register read from a snapshot temp
}

func newLowerer(p *dxso.Program, opt Options) *lowerer {
	l := &lowerer{p: p, v: p.Version, opt: opt, vpos: -1, vface: -1, vposTemp: -1, mtx: -1, coTemp: -1,
		inputs: map[regKey][]slot{}, inputTemp: map[regKey]int{}, outputs: map[regKey][]slot{}, labels: map[int]int{}}
	l.ps = p.Version.IsPS()
	l.ps1 = l.ps && p.Version.Major == 1
	st := ir.StageVertex
	if l.ps {
		st = ir.StagePixel
	}
	l.s = &ir.Shader{Stage: st, Version: uint16(p.Version.Major)<<8 | uint16(p.Version.Minor)}
	if l.ps1 {
		l.s.PS1xMax = opt.PS1xMax
		if l.s.PS1xMax < 1 {
			l.s.PS1xMax = DefaultPS1xMax
		}
	}
	l.cur = &l.body
	return l
}

func (l *lowerer) fail(format string, a ...any) {
	off := -1
	if l.ins != nil {
		off = l.ins.Offset
	}
	panic(&Error{Offset: off, Msg: fmt.Sprintf(format, a...)})
}

// texTemps reports whether t# registers are temporaries (ps_1_0..1_3).
func (l *lowerer) texTemps() bool { return l.ps1 && l.v.Minor < 4 }

func (l *lowerer) run() {
	l.scan()
	l.declare()
	for i := range l.p.Instructions {
		ins := &l.p.Instructions[i]
		l.ins = ins
		l.scratch, l.bScratch = 0, 0
		l.subst = nil
		if i > 0 && ins.Coissue && l.coTemp >= 0 {
			prev := &l.p.Instructions[i-1]
			if prev.HasDst && l.reads(ins, prev.Dst.Reg) {
				l.subst = map[regKey]int{{prev.Dst.Reg.Type, prev.Dst.Reg.Number()}: l.coTemp}
			}
		}
		if i+1 < len(l.p.Instructions) && l.p.Instructions[i+1].Coissue && ins.HasDst && l.coTemp >= 0 &&
			l.reads(&l.p.Instructions[i+1], ins.Dst.Reg) {
			// The co-issued partner reads this instruction's destination
			// as it was before: snapshot it.
			l.emit(ir.Op(ir.OpMov, ir.Temp(l.coTemp).D(0), l.readReg(ins.Dst.Reg).S()))
		}
		l.inst(ins)
	}
	l.ins = nil
	if len(l.stack) != 0 {
		l.fail("unterminated if, loop or rep")
	}
	if l.ps1 {
		// ps_1_x: the colour is what r0 holds at the end.
		o := l.output(regKey{dxso.RegColorOut, 0}, ir.Output{Kind: ir.OutColor})
		l.body = append(l.body, ir.Op(ir.OpMov, ir.Out(o).D(0), ir.Temp(0).S()))
	}
	if !l.ps && l.v.Major < 3 {
		// vs_1_x and vs_2_x: components of oD0 the shader leaves
		// unwritten read 1, as an unwritten oD0 does (ir.Input.Default).
		if sl, ok := l.outputs[regKey{dxso.RegAttrOut, 0}]; ok {
			l.prolog = append(l.prolog, ir.Op(ir.OpMov, ir.Out(sl[0].index).D(0), ir.ImmF1(1)))
		}
	}
	l.s.Body = append(l.prolog, l.body...)
	for i, sp := range l.subs {
		if sp == nil {
			l.fail("call to label l%d which is never defined", l.labelNum(i))
		}
		l.s.Subs = append(l.s.Subs, *sp)
	}
	l.s.NumTemps = l.fixed + l.maxScr
	l.s.NumBTemps = 1 + l.maxBScr
	l.s.NumITemps = l.nextIT
	l.sizes()
}

func (l *lowerer) labelNum(sub int) int {
	for n, i := range l.labels {
		if i == sub {
			return n
		}
	}
	return -1
}

// reads reports whether ins reads register r.
func (l *lowerer) reads(ins *dxso.Instruction, r dxso.Register) bool {
	for _, s := range ins.Src {
		if s.Reg.Type == r.Type && s.Reg.Num == r.Num {
			return true
		}
	}
	return false
}

// scan sizes the fixed register files.
func (l *lowerer) scan() {
	maxR := -1
	note := func(r dxso.Register) {
		if r.Type == dxso.RegTemp && int(r.Num) > maxR {
			maxR = int(r.Num)
		}
	}
	coissue := false
	for i := range l.p.Instructions {
		ins := &l.p.Instructions[i]
		if ins.HasDst {
			note(ins.Dst.Reg)
			if ins.Dst.Relative {
				switch ins.Dst.Reg.Type {
				case dxso.RegOutput:
					if l.v.Major >= 3 && !l.ps {
						l.relOut = true
					}
				}
			}
		}
		for j, s := range ins.Src {
			note(s.Reg)
			if rows := matrixRows(ins.Opcode); j == 1 && rows > 1 && s.Reg.Type == dxso.RegTemp {
				// Matrix instructions read consecutive registers.
				s.Reg.Num += uint16(rows - 1)
				note(s.Reg)
			}
			if s.Relative && s.Reg.Type == dxso.RegInput {
				l.relIn = true
			}
		}
		if ins.Coissue {
			coissue = true
		}
	}
	l.numR = maxR + 1
	if l.ps1 && l.numR < 1 {
		l.numR = 1 // r0 is the result
	}
	l.fixed = l.numR
	if l.texTemps() {
		l.tBase = l.fixed
		l.fixed += 8
	}
	if l.ps1 {
		l.mtx = l.fixed
		l.fixed++
		if coissue {
			l.coTemp = l.fixed
			l.fixed++
		}
	}
	l.nextIT = 2
}

// declare handles dcl, def, defi and defb before the body is lowered so
// that every register's mapping is known up front.
func (l *lowerer) declare() {
	type decl struct {
		reg  dxso.Dst
		decl dxso.Decl
	}
	var ins, outs []decl
	for i := range l.p.Instructions {
		in := &l.p.Instructions[i]
		l.ins = in
		switch in.Opcode {
		case dxso.OpDef, dxso.OpDefI, dxso.OpDefB, dxso.OpDcl:
			l.checkReg(in.Dst.Reg)
		}
		// A register defined twice keeps the last definition.
		switch in.Opcode {
		case dxso.OpDef:
			d := ir.DefF{Index: in.Dst.Reg.Number(), Value: in.Floats()}
			l.s.DefF = append(slices.DeleteFunc(l.s.DefF, func(x ir.DefF) bool { return x.Index == d.Index }), d)
		case dxso.OpDefI:
			d := ir.DefI{Index: int(in.Dst.Reg.Num), Value: in.Ints()}
			l.s.DefI = append(slices.DeleteFunc(l.s.DefI, func(x ir.DefI) bool { return x.Index == d.Index }), d)
		case dxso.OpDefB:
			d := ir.DefB{Index: int(in.Dst.Reg.Num), Value: in.Bool()}
			l.s.DefB = append(slices.DeleteFunc(l.s.DefB, func(x ir.DefB) bool { return x.Index == d.Index }), d)
		case dxso.OpDcl:
			switch in.Dst.Reg.Type {
			case dxso.RegSampler:
				k := ir.Sampler2D
				switch in.Decl.TextureType {
				case dxso.TextureCube:
					k = ir.SamplerCube
				case dxso.TextureVolume:
					k = ir.Sampler3D
				}
				if l.s.Sampler(int(in.Dst.Reg.Num)) == nil {
					l.s.Samplers = append(l.s.Samplers, ir.SamplerDecl{Index: int(in.Dst.Reg.Num), Kind: k})
				}
			case dxso.RegInput:
				ins = append(ins, decl{in.Dst, in.Decl})
			case dxso.RegTexture:
				if l.ps {
					// ps_2_x dcl t#: texcoord #.
					key := regKey{dxso.RegTexture, int(in.Dst.Reg.Num)}
					l.pixelInput(key, ir.UsageTexCoord, uint8(in.Dst.Reg.Num), in.Dst.Centroid)
				}
			case dxso.RegOutput:
				outs = append(outs, decl{in.Dst, in.Decl})
			case dxso.RegMiscType:
				if in.Dst.Reg.Num == dxso.MiscPosition {
					l.useVPos()
				} else {
					l.useVFace()
				}
			}
		}
	}
	l.ins = nil
	// Inputs.
	for _, d := range ins {
		key := regKey{dxso.RegInput, int(d.reg.Reg.Num)}
		switch {
		case !l.ps:
			l.vertexInput(key, ir.Usage(d.decl.Usage), d.decl.UsageIndex)
		case l.v.Major < 3:
			// ps_2_x dcl v#: colour #.
			l.pixelInput(key, ir.UsageColor, uint8(d.reg.Reg.Num), d.reg.Centroid)
		default:
			it := ir.InterpPerspective
			if d.reg.Centroid {
				it = ir.InterpCentroid
			}
			idx := len(l.s.Inputs)
			l.s.Inputs = append(l.s.Inputs, ir.Input{Usage: ir.Usage(d.decl.Usage), UsageIndex: d.decl.UsageIndex, Interp: it})
			l.inputs[key] = append(l.inputs[key], slot{idx, ir.Mask(d.reg.Mask)})
		}
	}
	if l.relIn {
		l.densify()
	}
	// Packed pixel inputs are assembled in a temporary at the start.
	for _, key := range sortedKeys(l.inputs) {
		sl := l.inputs[key]
		if len(sl) < 2 {
			continue
		}
		t := l.fixed
		l.fixed++
		l.inputTemp[key] = t
		for _, x := range sl {
			l.prolog = append(l.prolog, ir.Op(ir.OpMov, ir.Temp(t).D(x.mask), ir.In(x.index).S()))
		}
	}
	// vs_3_0 outputs.
	for _, d := range outs {
		key := regKey{dxso.RegOutput, int(d.reg.Reg.Num)}
		o := ir.Output{Kind: ir.OutVarying, Usage: ir.Usage(d.decl.Usage), UsageIndex: d.decl.UsageIndex}
		switch {
		case d.decl.Usage == dxso.UsagePosition && d.decl.UsageIndex == 0:
			o = ir.Output{Kind: ir.OutPosition, Usage: ir.UsagePosition}
		case d.decl.Usage == dxso.UsagePSize:
			o = ir.Output{Kind: ir.OutPointSize, Usage: ir.UsagePSize}
		}
		idx := len(l.s.Outputs)
		l.s.Outputs = append(l.s.Outputs, o)
		l.outputs[key] = append(l.outputs[key], slot{idx, ir.Mask(d.reg.Mask)})
	}
	if l.relOut {
		l.densifyOutputs()
	}
}

func slicesDeleteFunc[T any](s []T, del func(T) bool) []T { return slices.DeleteFunc(s, del) }

func sortedKeys(m map[regKey][]slot) []regKey {
	var keys []regKey
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && (keys[j].t < keys[j-1].t || keys[j].t == keys[j-1].t && keys[j].n < keys[j-1].n); j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

// densify renumbers the v# inputs so that IR input i is v#i (for v[aL]):
// placeholders fill the gaps, and packed registers' further usages go
// after them.
func (l *lowerer) densify() {
	maxV := -1
	for k := range l.inputs {
		if k.t == dxso.RegInput && k.n > maxV {
			maxV = k.n
		}
	}
	old := l.s.Inputs
	var ins []ir.Input
	remap := map[int]int{}
	for n := 0; n <= maxV; n++ {
		sl := l.inputs[regKey{dxso.RegInput, n}]
		if len(sl) == 0 {
			ph := ir.Input{Usage: ir.UsageSample, UsageIndex: uint8(n), Location: n}
			if l.ps {
				ph = ir.Input{Usage: ir.UsageSample, UsageIndex: uint8(n), Sys: ir.SysDefault}
			}
			ins = append(ins, ph)
			continue
		}
		remap[sl[0].index] = len(ins)
		ins = append(ins, old[sl[0].index])
	}
	for i, in := range old {
		if _, ok := remap[i]; !ok {
			remap[i] = len(ins)
			ins = append(ins, in)
		}
	}
	l.s.Inputs = ins
	l.dense = true
	for k, sl := range l.inputs {
		for j := range sl {
			sl[j].index = remap[sl[j].index]
		}
		l.inputs[k] = sl
	}
	if l.vpos >= 0 {
		l.vpos = remap[l.vpos]
		l.prolog = []ir.Stmt{l.vposInst()}
	}
	if l.vface >= 0 {
		l.vface = remap[l.vface]
	}
}

// densifyOutputs makes IR output i be o#i (for o[aL]).
func (l *lowerer) densifyOutputs() {
	maxO := -1
	for k := range l.outputs {
		if k.t == dxso.RegOutput && k.n > maxO {
			maxO = k.n
		}
	}
	old := l.s.Outputs
	var outs []ir.Output
	remap := map[int]int{}
	for n := 0; n <= maxO; n++ {
		sl := l.outputs[regKey{dxso.RegOutput, n}]
		if len(sl) == 0 {
			outs = append(outs, ir.Output{Kind: ir.OutVarying, Usage: ir.UsageSample, UsageIndex: uint8(n)})
			continue
		}
		remap[sl[0].index] = len(outs)
		outs = append(outs, old[sl[0].index])
	}
	for i, o := range old {
		if _, ok := remap[i]; !ok {
			remap[i] = len(outs)
			outs = append(outs, o)
		}
	}
	l.s.Outputs = outs
	for k, sl := range l.outputs {
		for j := range sl {
			sl[j].index = remap[sl[j].index]
		}
		l.outputs[k] = sl
	}
}

func (l *lowerer) vertexInput(key regKey, u ir.Usage, ui uint8) int {
	if sl, ok := l.inputs[key]; ok {
		return sl[0].index
	}
	idx := len(l.s.Inputs)
	l.s.Inputs = append(l.s.Inputs, ir.Input{Usage: u, UsageIndex: ui, Location: key.n})
	l.inputs[key] = []slot{{idx, ir.MaskXYZW}}
	return idx
}

func (l *lowerer) pixelInput(key regKey, u ir.Usage, ui uint8, centroid bool) int {
	if sl, ok := l.inputs[key]; ok {
		if centroid {
			l.s.Inputs[sl[0].index].Interp = ir.InterpCentroid
		}
		return sl[0].index
	}
	it := ir.InterpPerspective
	if centroid {
		it = ir.InterpCentroid
	}
	idx := len(l.s.Inputs)
	l.s.Inputs = append(l.s.Inputs, ir.Input{Usage: u, UsageIndex: ui, Interp: it})
	l.inputs[key] = []slot{{idx, ir.MaskXYZW}}
	return idx
}

func (l *lowerer) vposInst() ir.Stmt {
	return ir.Op(ir.OpAdd, ir.Temp(l.vposTemp).D(0), ir.In(l.vpos).S(), ir.ImmF(-0.5, -0.5, 0, 0))
}

func (l *lowerer) useVPos() {
	if l.vpos >= 0 {
		return
	}
	l.vpos = len(l.s.Inputs)
	l.s.Inputs = append(l.s.Inputs, ir.Input{Usage: ir.UsagePosition, Sys: ir.SysPosition})
	l.vposTemp = l.fixed
	l.fixed++
	l.prolog = append(l.prolog, l.vposInst())
}

func (l *lowerer) useVFace() {
	if l.vface >= 0 {
		return
	}
	l.vface = len(l.s.Inputs)
	l.s.Inputs = append(l.s.Inputs, ir.Input{Usage: ir.UsageSample, Sys: ir.SysFrontFace})
}

// texCoord returns the IR input of texture coordinate set n (pixel stage).
func (l *lowerer) texCoord(n int) ir.Reg {
	return ir.In(l.pixelInput(regKey{dxso.RegTexture, n}, ir.UsageTexCoord, uint8(n), false))
}

func (l *lowerer) output(key regKey, o ir.Output) int {
	if sl, ok := l.outputs[key]; ok {
		return sl[0].index
	}
	idx := len(l.s.Outputs)
	l.s.Outputs = append(l.s.Outputs, o)
	l.outputs[key] = []slot{{idx, ir.MaskXYZW}}
	return idx
}

func (l *lowerer) sampler(n int, k ir.SamplerKind) {
	if l.s.Sampler(n) == nil {
		l.s.Samplers = append(l.s.Samplers, ir.SamplerDecl{Index: n, Kind: k})
	}
}

// sizes sets the constant buffer sizes.
func (l *lowerer) sizes() {
	nf, ni, nb := l.opt.NumConstF, l.opt.NumConstI, l.opt.NumConstB
	if nf == 0 {
		switch {
		case l.v.Minor == 255: // the software models
			nf = 8192
		case !l.ps:
			nf = 256
		case l.ps1:
			nf = 8
		case l.v.Major == 2:
			nf = 32
		default:
			nf = 224
		}
	}
	if ni == 0 {
		ni = 16
	}
	if nb == 0 {
		nb = 16
	}
	for _, d := range l.s.DefF {
		nf = max(nf, d.Index+1)
	}
	for _, d := range l.s.DefI {
		ni = max(ni, d.Index+1)
	}
	for _, d := range l.s.DefB {
		nb = max(nb, d.Index+1)
	}
	for i := range l.p.Instructions {
		ins := &l.p.Instructions[i]
		regs := []dxso.Register{}
		if ins.HasDst {
			regs = append(regs, ins.Dst.Reg)
		}
		for j, s := range ins.Src {
			if !s.Relative {
				regs = append(regs, s.Reg)
				if rows := matrixRows(ins.Opcode); j == 1 && rows > 1 && int(s.Reg.Num)+rows-1 <= 2047 {
					s.Reg.Num += uint16(rows - 1)
					regs = append(regs, s.Reg)
				}
			}
		}
		for _, r := range regs {
			switch {
			case r.IsConst():
				nf = max(nf, r.Number()+1)
			case r.Type == dxso.RegConstInt:
				ni = max(ni, int(r.Num)+1)
			case r.Type == dxso.RegConstBool:
				nb = max(nb, int(r.Num)+1)
			}
		}
	}
	l.s.NumConstF, l.s.NumConstI, l.s.NumConstB = nf, ni, nb
}

// ---- statements

func (l *lowerer) emit(st ir.Stmt) { *l.cur = append(*l.cur, st) }

func (l *lowerer) tmp() ir.Reg {
	r := ir.Temp(l.fixed + l.scratch)
	l.scratch++
	l.maxScr = max(l.maxScr, l.scratch)
	return r
}

func (l *lowerer) btmp() ir.Reg {
	l.bScratch++
	l.maxBScr = max(l.maxBScr, l.bScratch)
	return ir.BTemp(l.bScratch)
}

// ---- registers

func relOf(ra dxso.RelAddr) *ir.Rel {
	if ra.Reg.Type == dxso.RegLoop {
		return &ir.Rel{File: ir.RegITemp, Index: iAL, Comp: 0}
	}
	return &ir.Rel{File: ir.RegITemp, Index: iA0, Comp: ra.Component & 3}
}

// readReg maps a source register (no modifier, no swizzle).
func (l *lowerer) readReg(r dxso.Register) ir.Reg {
	return l.srcReg(dxso.Src{Reg: r, Swizzle: dxso.SwizzleIdentity})
}

// limit is the number of registers of a register type this lowering
// accepts (D3D9's largest over all models).
func (l *lowerer) limit(t dxso.RegType) int {
	switch t {
	case dxso.RegTemp:
		return 32
	case dxso.RegInput:
		return 16
	case dxso.RegAddr: // a0 or t#
		if l.ps {
			return 8
		}
		return 1
	case dxso.RegRastOut:
		return 3
	case dxso.RegAttrOut:
		return 2
	case dxso.RegOutput:
		if l.ps {
			return 0
		}
		if l.v.Major >= 3 {
			return 12
		}
		return 8
	case dxso.RegColorOut:
		return 4
	case dxso.RegDepthOut, dxso.RegLoop, dxso.RegPredicate:
		return 1
	case dxso.RegSampler:
		return 16
	case dxso.RegMiscType:
		return 2
	case dxso.RegConstInt, dxso.RegConstBool:
		if l.v.Minor == 255 || (l.opt.Software && !l.ps) {
			return 2048
		}
		return 16
	case dxso.RegConst, dxso.RegConst2, dxso.RegConst3, dxso.RegConst4:
		return 8192
	case dxso.RegLabel:
		return 2048
	}
	return 0
}

func (l *lowerer) checkReg(r dxso.Register) {
	if r.Number() >= l.limit(r.Type) {
		l.fail("register type %d number %d is out of range in %v", r.Type, r.Number(), l.v)
	}
}

func (l *lowerer) srcReg(s dxso.Src) ir.Reg {
	r := s.Reg
	n := r.Number()
	l.checkReg(r)
	if s.Relative && !r.IsConst() && r.Type != dxso.RegInput {
		l.fail("relative addressing of register type %d", r.Type)
	}
	if t, ok := l.subst[regKey{r.Type, n}]; ok {
		return ir.Temp(t)
	}
	var out ir.Reg
	switch {
	case r.Type == dxso.RegTemp:
		out = ir.Temp(n)
	case r.IsConst():
		out = ir.ConstF(n)
	case r.Type == dxso.RegInput:
		key := regKey{dxso.RegInput, n}
		if t, ok := l.inputTemp[key]; ok && !s.Relative {
			return ir.Temp(t)
		}
		sl, ok := l.inputs[key]
		switch {
		case ok:
			out = ir.In(sl[0].index)
		case !l.ps:
			out = ir.In(l.vertexInput(key, ir.UsageTexCoord, uint8(n)))
		case l.v.Major < 3:
			out = ir.In(l.pixelInput(key, ir.UsageColor, uint8(n), false))
		case s.Relative && l.dense:
			out = ir.In(n)
		default:
			l.fail("ps_3_0 input v%d is not declared", n)
		}
	case r.Type == dxso.RegAddr && !l.ps:
		return ir.ITemp(iA0)
	case r.Type == dxso.RegTexture:
		if l.texTemps() {
			if n >= 8 {
				l.fail("t%d out of range", n)
			}
			return ir.Temp(l.tBase + n)
		}
		out = l.texCoord(n)
	case r.Type == dxso.RegConstInt:
		return ir.ConstI(n)
	case r.Type == dxso.RegConstBool:
		return ir.ConstB(n)
	case r.Type == dxso.RegLoop:
		return ir.ITemp(iAL)
	case r.Type == dxso.RegPredicate:
		return ir.BTemp(bP0)
	case r.Type == dxso.RegMiscType:
		if n == dxso.MiscPosition {
			if l.vposTemp < 0 {
				l.fail("vPos read without dcl")
			}
			return ir.Temp(l.vposTemp)
		}
		l.useVFace()
		return ir.In(l.vface)
	case r.Type == dxso.RegColorOut && l.ps:
		out = ir.Out(l.output(regKey{dxso.RegColorOut, n}, ir.Output{Kind: ir.OutColor, Index: n}))
	default:
		l.fail("cannot read register type %d", r.Type)
	}
	if s.Relative {
		switch out.File {
		case ir.RegConstF, ir.RegInput:
			out.Rel = relOf(s.RelAddr)
		default:
			l.fail("relative addressing of register type %d", r.Type)
		}
	}
	return out
}

// dsts maps a destination: usually one IR register, several for a packed
// vs_3_0 output register.
func (l *lowerer) dsts(d dxso.Dst) []ir.Dst {
	r := d.Reg
	n := r.Number()
	l.checkReg(r)
	if d.Relative && (r.Type != dxso.RegOutput || l.ps || l.v.Major < 3) {
		l.fail("relative destination of register type %d", r.Type)
	}
	m := ir.Mask(d.Mask)
	one := func(reg ir.Reg) []ir.Dst { return []ir.Dst{{Reg: reg, Mask: m}} }
	var out ir.Reg
	switch r.Type {
	case dxso.RegTemp:
		return one(ir.Temp(n))
	case dxso.RegAddr: // a0 (vs) or t# (ps)
		if !l.ps {
			return one(ir.ITemp(iA0))
		}
		if !l.texTemps() || n >= 8 {
			l.fail("cannot write t%d in %v", n, l.v)
		}
		return one(ir.Temp(l.tBase + n))
	case dxso.RegPredicate:
		return one(ir.BTemp(bP0))
	case dxso.RegRastOut:
		switch n {
		case dxso.RastPosition:
			out = ir.Out(l.output(regKey{r.Type, n}, ir.Output{Kind: ir.OutPosition, Usage: ir.UsagePosition}))
		case dxso.RastFog:
			out = ir.Out(l.output(regKey{r.Type, n}, ir.Output{Kind: ir.OutVarying, Usage: ir.UsageFog}))
		case dxso.RastPointSize:
			out = ir.Out(l.output(regKey{r.Type, n}, ir.Output{Kind: ir.OutPointSize, Usage: ir.UsagePSize}))
		default:
			l.fail("bad rasterizer output %d", n)
		}
	case dxso.RegAttrOut:
		out = ir.Out(l.output(regKey{r.Type, n}, ir.Output{Kind: ir.OutVarying, Usage: ir.UsageColor, UsageIndex: uint8(n)}))
	case dxso.RegOutput: // oT# (vs < 3) or o# (vs_3_0)
		if l.v.Major < 3 {
			out = ir.Out(l.output(regKey{r.Type, n}, ir.Output{Kind: ir.OutVarying, Usage: ir.UsageTexCoord, UsageIndex: uint8(n)}))
			break
		}
		if d.Relative {
			if len(l.outputs[regKey{r.Type, n}]) > 1 {
				l.fail("relative write to packed output register o%d", n)
			}
			o := ir.Out(n)
			o.Rel = relOf(d.RelAddr)
			return []ir.Dst{{Reg: o, Mask: m}}
		}
		sl, ok := l.outputs[regKey{r.Type, n}]
		if !ok {
			l.fail("vs_3_0 output o%d is not declared", n)
		}
		var ds []ir.Dst
		for _, x := range sl {
			if mm := m & x.mask; mm != 0 {
				ds = append(ds, ir.Dst{Reg: ir.Out(x.index), Mask: mm})
			}
		}
		return ds
	case dxso.RegColorOut:
		out = ir.Out(l.output(regKey{r.Type, n}, ir.Output{Kind: ir.OutColor, Index: n}))
	case dxso.RegDepthOut:
		out = ir.Out(l.output(regKey{r.Type, 0}, ir.Output{Kind: ir.OutDepth}))
	default:
		l.fail("cannot write register type %d", r.Type)
	}
	if d.Relative {
		l.fail("relative destination of register type %d", r.Type)
	}
	return one(out)
}

// ---- sources

// src lowers a source operand: register, swizzle and modifier. Modifiers
// the IR has no operand form for are computed into a scratch temporary.
func (l *lowerer) src(s dxso.Src) ir.Src {
	reg := l.srcReg(s)
	var sw ir.Swizzle
	for i := 0; i < 4; i++ {
		sw[i] = s.Swizzle.Component(i)
	}
	x := ir.Src{Reg: reg, Swizzle: sw}
	if reg.File.Type() == ir.TypeInt {
		// a0, aL or i# read as a value: convert.
		t := l.tmp()
		l.emit(ir.Op(ir.OpI2F, t.D(0), x))
		x = t.S()
	}
	if l.ps1 && reg.File == ir.RegConstF {
		// ps_1_x constants hold [-1, 1]: values set through the API are
		// clamped on read.
		t := l.tmp()
		l.emit(ir.Op(ir.OpMax, t.D(0), reg.S(), ir.ImmF1(-1)))
		l.emit(ir.Op(ir.OpMin, t.D(0), t.S(), ir.ImmF1(1)))
		x.Reg = t
	}
	if reg.File.Type() == ir.TypeBool {
		l.fail("bool register used as a float operand")
	}
	return l.modify(x, s.Mod)
}

func (l *lowerer) modify(x ir.Src, mod dxso.SrcMod) ir.Src {
	pre := func(op ir.Opcode, srcs ...ir.Src) ir.Src {
		t := l.tmp()
		l.emit(ir.Op(op, t.D(0), srcs...))
		return t.S()
	}
	switch mod {
	case dxso.SrcNone:
		return x
	case dxso.SrcNeg:
		return x.Negate()
	case dxso.SrcAbs:
		return x.Absolute()
	case dxso.SrcAbsNeg:
		return x.Absolute().Negate()
	case dxso.SrcBias:
		return pre(ir.OpAdd, x, ir.ImmF1(-0.5))
	case dxso.SrcBiasNeg:
		return pre(ir.OpSub, ir.ImmF1(0.5), x)
	case dxso.SrcSign:
		return pre(ir.OpMad, x, ir.ImmF1(2), ir.ImmF1(-1))
	case dxso.SrcSignNeg:
		return pre(ir.OpMad, x, ir.ImmF1(-2), ir.ImmF1(1))
	case dxso.SrcComp:
		return pre(ir.OpSub, ir.ImmF1(1), x)
	case dxso.SrcX2:
		return pre(ir.OpAdd, x, x)
	case dxso.SrcX2Neg:
		return pre(ir.OpAdd, x, x).Negate()
	case dxso.SrcDz:
		// x/z, y/z (ps_1_4 texld/texcrd).
		return pre(ir.OpDiv, x, x.Swz(2))
	case dxso.SrcDw:
		return pre(ir.OpDiv, x, x.Swz(3))
	case dxso.SrcNot:
		l.fail("! modifier on a float operand")
	}
	l.fail("unknown source modifier %d", mod)
	return x
}

func (l *lowerer) srcs() []ir.Src {
	out := make([]ir.Src, len(l.ins.Src))
	for i, s := range l.ins.Src {
		out[i] = l.src(s)
	}
	return out
}

// cond lowers a bool condition operand (b#, p0 with swizzle, !).
func (l *lowerer) cond(s dxso.Src) ir.Src {
	switch s.Reg.Type {
	case dxso.RegConstBool, dxso.RegPredicate:
	default:
		l.fail("condition must be b# or p0")
	}
	x := ir.Src{Reg: l.srcReg(s), Swizzle: ir.Replicate(s.Swizzle.Component(0))}
	switch s.Mod {
	case dxso.SrcNone:
	case dxso.SrcNot:
		x.Neg = true
	default:
		l.fail("modifier %d on a condition", s.Mod)
	}
	if s.Relative {
		l.fail("relative condition register")
	}
	return x
}

func (l *lowerer) pred() *ir.Src {
	if !l.ins.Predicated {
		return nil
	}
	p := l.ins.Predicate
	if p.Reg.Type != dxso.RegPredicate || p.Reg.Num != 0 || (p.Mod != dxso.SrcNone && p.Mod != dxso.SrcNot) {
		l.fail("predicate must be p0 or !p0")
	}
	x := ir.Src{Reg: ir.BTemp(bP0), Neg: p.Mod == dxso.SrcNot}
	for i := 0; i < 4; i++ {
		x.Swizzle[i] = p.Swizzle.Component(i)
	}
	return &x
}

// ---- instruction results

// put writes the result of in to the instruction's destination with its
// result modifiers and predicate. in.Dst is filled here.
func (l *lowerer) put(in *ir.Inst) {
	l.putTo(in, l.ins.Dst)
}

func (l *lowerer) putTo(in *ir.Inst, d dxso.Dst) {
	ds := l.dsts(d)
	float := in.ResultType() == ir.TypeFloat
	if float {
		in.Shift = d.Shift
		switch {
		case d.Saturate:
			in.Clamp = ir.ClampSat
		case l.ps1:
			in.Clamp = ir.ClampPS1x
		case !l.ps && l.v.Major < 3 && d.Reg.Type == dxso.RegAttrOut:
			// vs_1_x/2_x colour outputs oD# are clamped to [0, 1].
			in.Clamp = ir.ClampSat
		}
	} else if d.Saturate || d.Shift != 0 {
		l.fail("result modifier on a non-float result")
	}
	in.Pred = l.pred()
	for i, dd := range ds {
		x := in
		if i > 0 {
			c := *in
			x = &c
		}
		if dd.Reg.File.Type() != in.ResultType() {
			l.fail("%v result written to a %v register", in.ResultType(), dd.Reg.File.Type())
		}
		x.Dst = dd
		l.emit(x)
	}
}

// result computes op(srcs) with the instruction's destination and modifiers.
func (l *lowerer) result(op ir.Opcode, srcs ...ir.Src) {
	in := &ir.Inst{Op: op, Src: srcs}
	switch op {
	case ir.OpMul, ir.OpMad, ir.OpDp2, ir.OpDp3, ir.OpDp4, ir.OpDp2Add, ir.OpLrp:
		in.LegacyMul = true
	}
	l.put(in)
}

// scalar returns s replicating the component D3D9's scalar instructions
// read: the replicate swizzle's component (for a swizzle that is not a
// replicate, the last one, .w for no swizzle).
func scalar(s ir.Src) ir.Src { return s.Swz(3) }

// ---- the instructions

func (l *lowerer) inst(ins *dxso.Instruction) {
	switch ins.Opcode {
	case dxso.OpTexM3x2Pad, dxso.OpTexM3x3Pad, dxso.OpNop, dxso.OpDef:
	default:
		l.pads = 0
	}
	switch ins.Opcode {
	case dxso.OpNop, dxso.OpDcl, dxso.OpDef, dxso.OpDefI, dxso.OpDefB, dxso.OpPhase:
		return
	case dxso.OpMov:
		if !l.ps && ins.Dst.Reg.Type == dxso.RegAddr {
			// vs_1_1 mov a0: floor.
			s := l.src(ins.Src[0])
			l.putTo(ir.Op(ir.OpF2IFloor, ir.Dst{}, s), ins.Dst)
			return
		}
		l.result(ir.OpMov, l.src(ins.Src[0]))
	case dxso.OpMova:
		l.result(ir.OpF2IRound, l.src(ins.Src[0]))
	case dxso.OpAdd:
		s := l.srcs()
		l.result(ir.OpAdd, s[0], s[1])
	case dxso.OpSub:
		s := l.srcs()
		l.result(ir.OpSub, s[0], s[1])
	case dxso.OpMul:
		s := l.srcs()
		l.result(ir.OpMul, s[0], s[1])
	case dxso.OpMad:
		s := l.srcs()
		l.result(ir.OpMad, s[0], s[1], s[2])
	case dxso.OpDp3:
		s := l.srcs()
		l.result(ir.OpDp3, s[0], s[1])
	case dxso.OpDp4:
		s := l.srcs()
		l.result(ir.OpDp4, s[0], s[1])
	case dxso.OpMin:
		s := l.srcs()
		l.result(ir.OpMin, s[0], s[1])
	case dxso.OpMax:
		s := l.srcs()
		l.result(ir.OpMax, s[0], s[1])
	case dxso.OpSlt, dxso.OpSge:
		s := l.srcs()
		op := ir.OpLt
		if ins.Opcode == dxso.OpSge {
			op = ir.OpGe
		}
		b := l.btmp()
		l.emit(ir.Op(op, b.D(0), s[0], s[1]))
		l.result(ir.OpB2F, b.S())
	case dxso.OpRcp:
		l.result(ir.OpRcp, scalar(l.src(ins.Src[0])))
	case dxso.OpRsq:
		l.result(ir.OpRsq, scalar(l.src(ins.Src[0])))
	case dxso.OpExp:
		l.result(ir.OpExp2, scalar(l.src(ins.Src[0])))
	case dxso.OpLog, dxso.OpLogP:
		l.result(ir.OpLog2, scalar(l.src(ins.Src[0])))
	case dxso.OpExpP:
		s := scalar(l.src(ins.Src[0]))
		if l.v.Major >= 2 {
			l.result(ir.OpExp2, s)
			return
		}
		// vs_1_x expp: (2^floor(x), x - floor(x), 2^x, 1).
		t := l.tmp()
		l.emit(ir.Op(ir.OpFloor, t.D(ir.MaskX), s))
		l.emit(ir.Op(ir.OpExp2, t.D(ir.MaskX), t.S().Swz(0)))
		l.emit(ir.Op(ir.OpFrac, t.D(ir.MaskY), s))
		l.emit(ir.Op(ir.OpExp2, t.D(ir.MaskZ), s))
		l.emit(ir.Op(ir.OpMov, t.D(ir.MaskW), ir.ImmF1(1)))
		l.result(ir.OpMov, t.S())
	case dxso.OpLit:
		l.result(ir.OpLit, l.src(ins.Src[0]))
	case dxso.OpDst:
		s := l.srcs()
		l.result(ir.OpDst, s[0], s[1])
	case dxso.OpLrp:
		s := l.srcs()
		l.result(ir.OpLrp, s[0], s[1], s[2])
	case dxso.OpFrc:
		l.result(ir.OpFrac, l.src(ins.Src[0]))
	case dxso.OpM4x4, dxso.OpM4x3, dxso.OpM3x4, dxso.OpM3x3, dxso.OpM3x2:
		l.matrix(ins)
	case dxso.OpPow:
		s := l.srcs()
		l.result(ir.OpPow, scalar(s[0]), scalar(s[1]))
	case dxso.OpCrs:
		s := l.srcs()
		l.result(ir.OpCross, s[0], s[1])
	case dxso.OpSgn:
		l.result(ir.OpSign, l.src(ins.Src[0]))
	case dxso.OpAbs:
		l.result(ir.OpMov, l.src(ins.Src[0]).Absolute())
	case dxso.OpNrm:
		l.result(ir.OpNrm, l.src(ins.Src[0]))
	case dxso.OpSinCos:
		s := scalar(l.src(ins.Src[0]))
		d := ins.Dst
		d.Mask &= 3
		if d.Mask == 0 {
			l.fail("sincos writes neither x nor y")
		}
		l.putTo(ir.Op(ir.OpSinCos, ir.Dst{}, s), d)
	case dxso.OpCmp:
		s := l.srcs()
		l.result(ir.OpCmp, s[0], s[1], s[2])
	case dxso.OpCnd:
		s := l.srcs()
		if l.ps1 && l.v.Minor < 4 {
			// ps_1_1..1_3 cnd tests r0.a.
			s[0] = s[0].Swz(3)
		}
		l.result(ir.OpCnd, s[0], s[1], s[2])
	case dxso.OpDp2Add:
		s := l.srcs()
		l.result(ir.OpDp2Add, s[0], s[1], s[2])
	case dxso.OpDsx, dxso.OpDsy:
		if !l.ps {
			l.fail("derivative in a vertex shader")
		}
		op := ir.OpDdx
		if ins.Opcode == dxso.OpDsy {
			op = ir.OpDdy
		}
		l.result(op, l.src(ins.Src[0]))
	case dxso.OpSetP:
		s := l.srcs()
		l.result(cmpOp(l, ins.Comparison), s[0], s[1])

	case dxso.OpIf:
		c := l.cond(ins.Src[0])
		l.pushIf(c)
	case dxso.OpIfC:
		l.pushIf(l.compare(ins))
	case dxso.OpElse:
		if len(l.stack) == 0 || l.stack[len(l.stack)-1].kind != dxso.OpIf || l.cur == &l.stack[len(l.stack)-1].ifs.Else {
			l.fail("else without if")
		}
		f := &l.stack[len(l.stack)-1]
		l.cur = &f.ifs.Else
	case dxso.OpEndIf:
		l.pop(dxso.OpIf)
	case dxso.OpLoop:
		// loop aL, i#: count i#.x, aL = i#.y, step i#.z.
		ci := ir.ConstI(int(ins.Src[1].Reg.Num)).S()
		save := l.nextIT
		l.nextIT++
		l.emit(ir.Op(ir.OpMov, ir.ITemp(save).D(0), ir.ITemp(iAL).S()))
		lp := &ir.Loop{Count: ci.Swz(0), Counter: ir.ITemp(iAL), Init: ci.Swz(1), Step: ci.Swz(2)}
		l.emit(lp)
		l.stack = append(l.stack, frame{kind: dxso.OpLoop, parent: l.cur, save: save})
		l.cur = &lp.Body
	case dxso.OpRep:
		ci := ir.ConstI(int(ins.Src[0].Reg.Num)).S()
		lp := &ir.Loop{Count: ci.Swz(0)}
		l.emit(lp)
		l.stack = append(l.stack, frame{kind: dxso.OpRep, parent: l.cur})
		l.cur = &lp.Body
	case dxso.OpEndLoop:
		f := l.pop(dxso.OpLoop)
		l.emit(ir.Op(ir.OpMov, ir.ITemp(iAL).D(0), ir.ITemp(f.save).S()))
	case dxso.OpEndRep:
		l.pop(dxso.OpRep)
	case dxso.OpBreak:
		l.inLoop()
		l.emit(&ir.Break{})
	case dxso.OpBreakC:
		l.inLoop()
		c := l.compare(ins)
		l.emit(&ir.Break{Cond: &c})
	case dxso.OpBreakP:
		l.inLoop()
		c := l.cond(ins.Src[0])
		l.emit(&ir.Break{Cond: &c})
	case dxso.OpCall:
		l.emit(&ir.Call{Sub: l.label(int(ins.Src[0].Reg.Num))})
	case dxso.OpCallNZ:
		sub := l.label(int(ins.Src[0].Reg.Num))
		c := l.cond(ins.Src[1])
		l.emit(&ir.If{Cond: c, Then: []ir.Stmt{&ir.Call{Sub: sub}}})
	case dxso.OpLabel:
		if len(l.stack) != 0 {
			l.fail("label inside if, loop or rep")
		}
		i := l.label(int(ins.Src[0].Reg.Num))
		if l.subs[i] != nil {
			l.fail("label l%d defined twice", ins.Src[0].Reg.Num)
		}
		b := []ir.Stmt{}
		l.subs[i] = &b
		l.cur = &b
		l.inSub = true
	case dxso.OpRet:
		if len(l.stack) == 0 && !l.inSub {
			// The main body's closing ret: subroutines follow. A
			// Return here would make ApplyVariant wrap the body.
			l.cur = new([]ir.Stmt)
			return
		}
		l.emit(&ir.Return{})

	case dxso.OpTex:
		l.tex(ins)
	case dxso.OpTexLdl:
		s := l.src(ins.Src[0])
		l.sample(ins, s, ir.TexLod, s.Swz(3))
	case dxso.OpTexLdd:
		c, dx, dy := l.src(ins.Src[0]), l.src(ins.Src[2]), l.src(ins.Src[3])
		l.sample(ins, c, ir.TexGrad, dx, dy)
	case dxso.OpTexCoord:
		l.texcoord(ins)
	case dxso.OpTexKill:
		l.texkill(ins)
	case dxso.OpTexBem, dxso.OpTexBemL:
		l.texbem(ins)
	case dxso.OpTexReg2AR, dxso.OpTexReg2GB, dxso.OpTexReg2RGB:
		src := l.src(ins.Src[0])
		switch ins.Opcode {
		case dxso.OpTexReg2AR:
			src = src.Swz(3, 0, 2, 2)
		case dxso.OpTexReg2GB:
			src = src.Swz(1, 2, 2, 2)
		}
		l.stageSample(ins, src, ir.Sampler2D)
	case dxso.OpTexM3x2Pad, dxso.OpTexM3x3Pad:
		l.texmPad(ins)
	case dxso.OpTexM3x2Tex, dxso.OpTexM3x2Depth, dxso.OpTexM3x3Tex, dxso.OpTexM3x3Diff, dxso.OpTexM3x3Spec, dxso.OpTexM3x3VSpec, dxso.OpTexM3x3:
		l.texm(ins)
	case dxso.OpTexDp3, dxso.OpTexDp3Tex:
		n := int(ins.Dst.Reg.Num)
		t := l.tmp()
		l.emit(&ir.Inst{Op: ir.OpDp3, Dst: t.D(0), Src: []ir.Src{l.texCoord(n).S(), l.src(ins.Src[0])}, LegacyMul: true})
		if ins.Opcode == dxso.OpTexDp3 {
			l.result(ir.OpMov, t.S())
			return
		}
		l.emit(ir.Op(ir.OpMov, t.D((ir.MaskY | ir.MaskZ | ir.MaskW)), ir.ImmF(0, 0, 0, 1)))
		l.stageSample(ins, t.S(), ir.Sampler2D)
	case dxso.OpTexDepth:
		// depth = r#.r / r#.g (1 when g is 0).
		r := l.readReg(ins.Dst.Reg).S()
		l.depth(r.Swz(0), r.Swz(1))
	case dxso.OpBem:
		// dst.rg = src0.rg + bumpenv(stage dst#) * src1.rg
		s := l.srcs()
		m := ir.DS(ir.DSBumpEnv0 + int(ins.Dst.Reg.Num&7)).S()
		t := l.tmp()
		l.emit(&ir.Inst{Op: ir.OpMad, Dst: t.D(0), Src: []ir.Src{s[1].Swz(0), m.Swz(0, 1, 0, 1), s[0]}, LegacyMul: true})
		l.emit(&ir.Inst{Op: ir.OpMad, Dst: t.D(0), Src: []ir.Src{s[1].Swz(1), m.Swz(2, 3, 2, 3), t.S()}, LegacyMul: true})
		l.result(ir.OpMov, t.S())
	default:
		l.fail("unsupported opcode %v in %v", ins.Opcode.Name(l.v), l.v)
	}
}

func (l *lowerer) inLoop() {
	for _, f := range l.stack {
		if f.kind == dxso.OpLoop || f.kind == dxso.OpRep {
			return
		}
	}
	l.fail("break outside a loop")
}

func (l *lowerer) label(n int) int {
	if i, ok := l.labels[n]; ok {
		return i
	}
	i := len(l.subs)
	l.labels[n] = i
	l.subs = append(l.subs, nil)
	return i
}

func (l *lowerer) pushIf(c ir.Src) {
	st := &ir.If{Cond: c}
	l.emit(st)
	l.stack = append(l.stack, frame{kind: dxso.OpIf, ifs: st, parent: l.cur})
	l.cur = &st.Then
}

func (l *lowerer) pop(kind dxso.Opcode) frame {
	if len(l.stack) == 0 || l.stack[len(l.stack)-1].kind != kind {
		l.fail("%v without its opening instruction", l.ins.Opcode.Name(l.v))
	}
	f := l.stack[len(l.stack)-1]
	l.stack = l.stack[:len(l.stack)-1]
	l.cur = f.parent
	return f
}

func cmpOp(l *lowerer, c dxso.Comparison) ir.Opcode {
	switch c {
	case dxso.CmpGT:
		return ir.OpGt
	case dxso.CmpEQ:
		return ir.OpEq
	case dxso.CmpGE:
		return ir.OpGe
	case dxso.CmpLT:
		return ir.OpLt
	case dxso.CmpNE:
		return ir.OpNe
	case dxso.CmpLE:
		return ir.OpLe
	}
	l.fail("bad comparison %d", c)
	return ir.OpNop
}

// compare lowers ifc/breakc's comparison of the two sources' first
// components into a scratch bool and returns it as a condition.
func (l *lowerer) compare(ins *dxso.Instruction) ir.Src {
	s := l.srcs()
	b := l.btmp()
	l.emit(ir.Op(cmpOp(l, ins.Comparison), b.D(ir.MaskX), s[0].Swz(0), s[1].Swz(0)))
	return b.S().Swz(0)
}

// matrixRows is the number of rows (consecutive src1 registers) of a
// matrix instruction, 0 for other instructions.
func matrixRows(op dxso.Opcode) int {
	switch op {
	case dxso.OpM4x4, dxso.OpM3x4:
		return 4
	case dxso.OpM4x3, dxso.OpM3x3:
		return 3
	case dxso.OpM3x2:
		return 2
	}
	return 0
}

// matrix lowers m4x4, m4x3, m3x4, m3x3 and m3x2: one dot product per row
// with consecutive registers from src1.
func (l *lowerer) matrix(ins *dxso.Instruction) {
	rows, op := 4, ir.OpDp4
	switch ins.Opcode {
	case dxso.OpM4x3:
		rows = 3
	case dxso.OpM3x4:
		op = ir.OpDp3
	case dxso.OpM3x3:
		rows, op = 3, ir.OpDp3
	case dxso.OpM3x2:
		rows, op = 2, ir.OpDp3
	}
	a := l.src(ins.Src[0])
	t := l.tmp()
	for i := 0; i < rows; i++ {
		s := ins.Src[1]
		if int(s.Reg.Num)+i > 2047 {
			l.fail("matrix rows run past the register file")
		}
		s.Reg.Num += uint16(i)
		l.emit(&ir.Inst{Op: op, Dst: t.D(ir.Mask(1 << i)), Src: []ir.Src{a, l.src(s)}, LegacyMul: true})
	}
	d := ins.Dst
	d.Mask &= uint8(1<<rows - 1)
	if d.Mask == 0 {
		return
	}
	l.putTo(ir.Op(ir.OpMov, ir.Dst{}, t.S()), d)
}

// ---- texture instructions

// sample writes a sample of sampler s# to the destination.
func (l *lowerer) sample(ins *dxso.Instruction, coord ir.Src, mode ir.TexMode, extra ...ir.Src) {
	sm := ins.Src[1]
	n := int(sm.Reg.Num)
	if sm.Reg.Type != dxso.RegSampler {
		l.fail("sampler operand is not s#")
	}
	l.checkReg(sm.Reg)
	l.sampler(n, ir.Sampler2D)
	in := &ir.Inst{Op: ir.OpTex, Sampler: n, TexMode: mode, Src: append([]ir.Src{coord}, extra...)}
	if ins.Opcode == dxso.OpTex && ins.TexControl == dxso.TexProject {
		in.Project = true
	}
	if sm.Swizzle != dxso.SwizzleIdentity {
		// A swizzled sampler (ps_2_x) swizzles the result.
		t := l.tmp()
		in.Dst = t.D(0)
		l.emit(in)
		x := t.S()
		for i := 0; i < 4; i++ {
			x.Swizzle[i] = sm.Swizzle.Component(i)
		}
		l.result(ir.OpMov, x)
		return
	}
	l.put(in)
}

// stageSample samples texture stage dst# (ps_1_x) at coord.
func (l *lowerer) stageSample(ins *dxso.Instruction, coord ir.Src, k ir.SamplerKind) {
	n := int(ins.Dst.Reg.Num)
	l.sampler(n, k)
	l.put(&ir.Inst{Op: ir.OpTex, Sampler: n, Src: []ir.Src{coord}})
}

func (l *lowerer) tex(ins *dxso.Instruction) {
	switch {
	case l.v.Major >= 2:
		s := l.src(ins.Src[0])
		switch ins.TexControl {
		case dxso.TexBias:
			l.sample(ins, s, ir.TexBias, s.Swz(3))
		default:
			l.sample(ins, s, ir.TexImplicit)
		}
	case l.v.Minor == 4:
		// ps_1_4 texld r#, t#/r#: stage #.
		l.stageSample(ins, l.src(ins.Src[0]), ir.Sampler2D)
	default:
		// ps_1_0..1_3 tex t#: stage # at texcoord #.
		l.stageSample(ins, l.texCoord(int(ins.Dst.Reg.Num)).S(), ir.Sampler2D)
	}
}

func (l *lowerer) texcoord(ins *dxso.Instruction) {
	if l.v.Minor == 4 {
		// texcrd r#, t#: the coordinate, unclamped beyond the ps_1_x range.
		l.result(ir.OpMov, l.src(ins.Src[0]))
		return
	}
	// texcoord t#: (u, v, w, 1) clamped to [0, 1].
	t := l.tmp()
	l.emit(ir.Op(ir.OpMov, t.D(ir.MaskXYZ), l.texCoord(int(ins.Dst.Reg.Num)).S()))
	l.emit(ir.Op(ir.OpMov, t.D(ir.MaskW), ir.ImmF1(1)))
	in := ir.Op(ir.OpMov, ir.Dst{}, t.S())
	d := ins.Dst
	d.Saturate = true
	l.putTo(in, d)
}

func (l *lowerer) texkill(ins *dxso.Instruction) {
	if !l.ps {
		l.fail("texkill in a vertex shader")
	}
	r := ins.Dst.Reg
	var x ir.Src
	mask := ir.Mask(ins.Dst.Mask)
	switch {
	case l.texTemps() && r.Type == dxso.RegTexture:
		// ps_1_0..1_3 kill on the texture coordinates, xyz.
		x = l.texCoord(int(r.Num)).S()
		mask = ir.MaskXYZ
	case l.ps1:
		x = l.readReg(r).S()
		mask = ir.MaskXYZ
	default:
		x = l.readReg(r).S()
	}
	b := l.btmp()
	l.emit(ir.Op(ir.OpLt, b.D(0), x, ir.ImmF1(0)))
	if p := l.pred(); p != nil {
		// Predicated texkill tests only the components whose predicate holds.
		l.emit(ir.Op(ir.OpAnd, b.D(0), b.S(), *p))
	}
	// any() of the tested components: point the others at a tested one.
	first := uint8(0)
	for first < 3 && mask&(1<<first) == 0 {
		first++
	}
	sw := ir.Swizzle{}
	for i := uint8(0); i < 4; i++ {
		sw[i] = first
		if mask&(1<<i) != 0 {
			sw[i] = i
		}
	}
	l.emit(&ir.Inst{Op: ir.OpAny, Dst: b.D(ir.MaskX), Src: []ir.Src{{Reg: b, Swizzle: sw}}})
	c := b.S().Swz(0)
	l.emit(&ir.Discard{Cond: &c})
}

// texbem/texbeml t(m), t(n): sample stage m at texcoord m perturbed by
// the bump-env matrix of stage m applied to t(n).rg.
func (l *lowerer) texbem(ins *dxso.Instruction) {
	m := int(ins.Dst.Reg.Num)
	src := l.src(ins.Src[0])
	env := ir.DS(ir.DSBumpEnv0 + m&7).S()
	// The offset, added to the coordinate after its projection (the
	// variant's, ir.TexBumped).
	t := l.tmp()
	l.emit(ir.Op(ir.OpMov, t.D(0), ir.ImmF1(0)))
	l.emit(&ir.Inst{Op: ir.OpMul, Dst: t.D(ir.MaskXY), Src: []ir.Src{src.Swz(0), env.Swz(0, 1)}, LegacyMul: true})
	l.emit(&ir.Inst{Op: ir.OpMad, Dst: t.D(ir.MaskXY), Src: []ir.Src{src.Swz(1), env.Swz(2, 3), t.S()}, LegacyMul: true})
	l.sampler(m, ir.Sampler2D)
	sample := &ir.Inst{Op: ir.OpTex, Sampler: m, TexMode: ir.TexBumped, Src: []ir.Src{l.texCoord(m).S(), t.S()}}
	if ins.Opcode == dxso.OpTexBem {
		l.put(sample)
		return
	}
	// texbeml: rgb *= t(n).b * lscale + loffset.
	c := l.tmp()
	sample.Dst = c.D(0)
	l.emit(sample)
	lum := ir.DS(ir.DSBumpLum0 + m&7).S()
	l.emit(&ir.Inst{Op: ir.OpMad, Dst: t.D(ir.MaskX), Src: []ir.Src{src.Swz(2), lum.Swz(0), lum.Swz(1)}, LegacyMul: true})
	l.emit(&ir.Inst{Op: ir.OpMul, Dst: c.D(ir.MaskXYZ), Src: []ir.Src{c.S(), t.S().Swz(0)}, LegacyMul: true})
	l.result(ir.OpMov, c.S())
}

// texm3x2pad/texm3x3pad t(m), t(n): row m of the matrix product, kept in
// the matrix temporary's component (pad number).
func (l *lowerer) texmPad(ins *dxso.Instruction) {
	m := int(ins.Dst.Reg.Num)
	row := l.pads % 2
	l.pads++
	l.emit(&ir.Inst{Op: ir.OpDp3, Dst: ir.Temp(l.mtx).D(ir.Mask(1 << row)), Src: []ir.Src{l.texCoord(m).S(), l.src(ins.Src[0])}, LegacyMul: true})
}

func (l *lowerer) texm(ins *dxso.Instruction) {
	m := int(ins.Dst.Reg.Num)
	mt := ir.Temp(l.mtx)
	last := 2
	if ins.Opcode == dxso.OpTexM3x2Tex || ins.Opcode == dxso.OpTexM3x2Depth {
		last = 1
	}
	if m < last {
		l.fail("%v on t%d needs the pad rows before it", ins.Opcode.Name(l.v), m)
	}
	n := l.src(ins.Src[0])
	l.emit(&ir.Inst{Op: ir.OpDp3, Dst: mt.D(ir.Mask(1 << last)), Src: []ir.Src{l.texCoord(m).S(), n}, LegacyMul: true})
	switch ins.Opcode {
	case dxso.OpTexM3x2Tex:
		t := l.tmp()
		l.emit(ir.Op(ir.OpMov, t.D(0), ir.ImmF(0, 0, 0, 1)))
		l.emit(ir.Op(ir.OpMov, t.D(ir.MaskXY), mt.S()))
		l.stageSample(ins, t.S(), ir.Sampler2D)
	case dxso.OpTexM3x2Depth:
		// depth = z / w of the two rows (1 when w is 0).
		l.depth(mt.S().Swz(0), mt.S().Swz(1))
	case dxso.OpTexM3x3:
		t := l.tmp()
		l.emit(ir.Op(ir.OpMov, t.D(0), ir.ImmF1(1)))
		l.emit(ir.Op(ir.OpMov, t.D(ir.MaskXYZ), mt.S()))
		l.result(ir.OpMov, t.S())
	case dxso.OpTexM3x3Tex, dxso.OpTexM3x3Diff:
		l.stageSample(ins, mt.S().Swz(0, 1, 2, 2), ir.SamplerCube)
	case dxso.OpTexM3x3Spec, dxso.OpTexM3x3VSpec:
		var eye ir.Src
		if ins.Opcode == dxso.OpTexM3x3Spec {
			eye = l.src(ins.Src[1])
		} else {
			// The eye vector is the w of texcoords m-2, m-1, m.
			e := l.tmp()
			for i := 0; i < 3; i++ {
				l.emit(ir.Op(ir.OpMov, e.D(ir.Mask(1<<i)), l.texCoord(m-2+i).S().Swz(3)))
			}
			eye = e.S()
		}
		// R = 2 * N * dot(N, E) / dot(N, N) - E
		nv := mt.S().Swz(0, 1, 2, 2)
		t := l.tmp()
		l.emit(&ir.Inst{Op: ir.OpDp3, Dst: t.D(ir.MaskX), Src: []ir.Src{nv, eye}, LegacyMul: true})
		l.emit(&ir.Inst{Op: ir.OpDp3, Dst: t.D(ir.MaskY), Src: []ir.Src{nv, nv}, LegacyMul: true})
		l.emit(ir.Op(ir.OpDiv, t.D(ir.MaskX), t.S().Swz(0), t.S().Swz(1)))
		l.emit(ir.Op(ir.OpAdd, t.D(ir.MaskX), t.S().Swz(0), t.S().Swz(0)))
		r := l.tmp()
		l.emit(&ir.Inst{Op: ir.OpMad, Dst: r.D(0), Src: []ir.Src{nv, t.S().Swz(0), eye.Negate()}, LegacyMul: true})
		l.stageSample(ins, r.S().Swz(0, 1, 2, 2), ir.SamplerCube)
	}
}

// depth writes num/den to the depth output, 1 where den is 0.
func (l *lowerer) depth(num, den ir.Src) {
	t := l.tmp()
	b := l.btmp()
	l.emit(ir.Op(ir.OpDiv, t.D(ir.MaskX), num, den))
	l.emit(ir.Op(ir.OpEq, b.D(ir.MaskX), den, ir.ImmF1(0)))
	l.emit(ir.Op(ir.OpSelect, t.D(ir.MaskX), b.S(), ir.ImmF1(1), t.S()))
	o := l.output(regKey{dxso.RegDepthOut, 0}, ir.Output{Kind: ir.OutDepth})
	l.emit(&ir.Inst{Op: ir.OpMov, Dst: ir.Out(o).D(ir.MaskX), Src: []ir.Src{t.S().Swz(0)}, Clamp: ir.ClampSat})
}
