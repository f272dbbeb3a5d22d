package ir

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// The binary form of a shader, for the shader disk cache
// (unix/shadercache): compact, versioned, and decoded with full
// validation, since a cache file is untrusted input.
//
//	"IR" EncodingVersion
//	stage, version, inputs, outputs, samplers, register counts,
//	defs, PS1xMax, body, subroutines
//
// Integers are varints, float and immediate bits little-endian u32s;
// lists are a count then their items; a block is a count of statements,
// each a tag byte then its fields. Decode accepts only what Validate
// accepts, so a consumer may trust a decoded shader as it trusts a
// producer's.

// EncodingVersion changes whenever the binary form does; Decode refuses
// any other.
const EncodingVersion = 1

// Limits Decode enforces beyond Validate's, so a hostile input cannot
// make it allocate or recurse without bound.
const (
	maxDecodeDepth = 64      // nested if/loop blocks
	maxDecodeRegs  = 1 << 16 // any register count
)

var errShort = errors.New("ir: encoded shader truncated")

// Statement tags.
const (
	tagInst = 1 + iota
	tagIf
	tagLoop
	tagBreak
	tagCall
	tagReturn
	tagDiscard
)

// Src flags.
const (
	srcAbs = 1 << iota
	srcNeg
	srcImm // ImmType and Imm follow
)

// Inst flags.
const (
	instLegacyMul = 1 << iota
	instPred
	instProject
)

// Encode returns s's binary form. s should be valid (Validate); Decode
// refuses what is not.
func Encode(s *Shader) []byte {
	e := encoder{b: make([]byte, 0, 256)}
	e.b = append(e.b, 'I', 'R', EncodingVersion, byte(s.Stage))
	e.uint(uint64(s.Version))
	e.uint(uint64(len(s.Inputs)))
	for _, in := range s.Inputs {
		e.b = append(e.b, byte(in.Usage), in.UsageIndex)
		e.int(in.Location)
		e.b = append(e.b, byte(in.Interp), byte(in.Sys))
	}
	e.uint(uint64(len(s.Outputs)))
	for _, o := range s.Outputs {
		e.b = append(e.b, byte(o.Kind))
		e.int(o.Index)
		e.b = append(e.b, byte(o.Usage), o.UsageIndex)
	}
	e.uint(uint64(len(s.Samplers)))
	for _, d := range s.Samplers {
		e.int(d.Index)
		e.b = append(e.b, byte(d.Kind), b2u8(d.Projected), byte(d.Fetch4))
	}
	for _, n := range []int{s.NumTemps, s.NumITemps, s.NumBTemps, s.NumConstF, s.NumConstI, s.NumConstB} {
		e.int(n)
	}
	e.uint(uint64(len(s.DefF)))
	for _, d := range s.DefF {
		e.int(d.Index)
		for _, v := range d.Value {
			e.u32(math.Float32bits(v))
		}
	}
	e.uint(uint64(len(s.DefI)))
	for _, d := range s.DefI {
		e.int(d.Index)
		for _, v := range d.Value {
			e.int(int(v))
		}
	}
	e.uint(uint64(len(s.DefB)))
	for _, d := range s.DefB {
		e.int(d.Index)
		e.b = append(e.b, b2u8(d.Value))
	}
	e.u32(math.Float32bits(s.PS1xMax))
	e.block(s.Body)
	e.uint(uint64(len(s.Subs)))
	for _, sub := range s.Subs {
		e.block(sub)
	}
	return e.b
}

type encoder struct{ b []byte }

func (e *encoder) uint(v uint64) { e.b = binary.AppendUvarint(e.b, v) }
func (e *encoder) int(v int)     { e.b = binary.AppendVarint(e.b, int64(v)) }
func (e *encoder) u32(v uint32)  { e.b = binary.LittleEndian.AppendUint32(e.b, v) }

func b2u8(b bool) byte {
	if b {
		return 1
	}
	return 0
}

func (e *encoder) reg(r Reg) {
	e.b = append(e.b, byte(r.File))
	e.int(r.Index)
	if r.Rel == nil {
		e.b = append(e.b, 0)
		return
	}
	e.b = append(e.b, 1, byte(r.Rel.File))
	e.int(r.Rel.Index)
	e.b = append(e.b, r.Rel.Comp)
}

func (e *encoder) src(s Src) {
	e.reg(s.Reg)
	e.b = append(e.b, s.Swizzle[0], s.Swizzle[1], s.Swizzle[2], s.Swizzle[3])
	var f byte
	if s.Abs {
		f |= srcAbs
	}
	if s.Neg {
		f |= srcNeg
	}
	imm := s.ImmType != TypeNone || s.Imm != [4]uint32{}
	if imm {
		f |= srcImm
	}
	e.b = append(e.b, f)
	if imm {
		e.b = append(e.b, byte(s.ImmType))
		for _, v := range s.Imm {
			e.u32(v)
		}
	}
}

func (e *encoder) optSrc(s *Src) {
	if s == nil {
		e.b = append(e.b, 0)
		return
	}
	e.b = append(e.b, 1)
	e.src(*s)
}

func (e *encoder) block(b []Stmt) {
	e.uint(uint64(len(b)))
	for _, st := range b {
		switch st := st.(type) {
		case *Inst:
			e.inst(st)
		case *If:
			e.b = append(e.b, tagIf)
			e.src(st.Cond)
			e.block(st.Then)
			e.block(st.Else)
		case *Loop:
			e.b = append(e.b, tagLoop)
			e.src(st.Count)
			e.reg(st.Counter)
			e.src(st.Init)
			e.src(st.Step)
			e.block(st.Body)
		case *Break:
			e.b = append(e.b, tagBreak)
			e.optSrc(st.Cond)
		case *Call:
			e.b = append(e.b, tagCall)
			e.int(st.Sub)
		case *Return:
			e.b = append(e.b, tagReturn)
		case *Discard:
			e.b = append(e.b, tagDiscard)
			e.optSrc(st.Cond)
		default:
			e.b = append(e.b, 0) // Decode refuses it, as Validate would
		}
	}
}

func (e *encoder) inst(in *Inst) {
	e.b = append(e.b, tagInst, byte(in.Op))
	e.reg(in.Dst.Reg)
	e.b = append(e.b, byte(in.Dst.Mask))
	e.uint(uint64(len(in.Src)))
	for _, s := range in.Src {
		e.src(s)
	}
	var f byte
	if in.LegacyMul {
		f |= instLegacyMul
	}
	if in.Pred != nil {
		f |= instPred
	}
	if in.Project {
		f |= instProject
	}
	e.b = append(e.b, f, byte(in.Shift), byte(in.Clamp))
	if in.Pred != nil {
		e.src(*in.Pred)
	}
	if in.Op == OpTex {
		e.int(in.Sampler)
		e.b = append(e.b, byte(in.TexMode))
	}
}

// Decode reads a shader Encode wrote and validates it (Validate, plus
// bounds on counts and nesting). Any other input is an error, never a
// panic.
func Decode(b []byte) (*Shader, error) {
	d := decoder{b: b}
	s := d.shader()
	if d.err == nil && len(d.b) != 0 {
		d.fail("%d bytes after the shader", len(d.b))
	}
	if d.err != nil {
		return nil, d.err
	}
	if err := Validate(s); err != nil {
		return nil, err
	}
	return s, nil
}

type decoder struct {
	b     []byte
	depth int
	err   error
}

func (d *decoder) fail(format string, a ...any) {
	if d.err == nil {
		d.err = fmt.Errorf("ir: decode: "+format, a...)
	}
	d.b = nil
}

func (d *decoder) byte() byte {
	if len(d.b) == 0 {
		if d.err == nil {
			d.err = errShort
		}
		return 0
	}
	v := d.b[0]
	d.b = d.b[1:]
	return v
}

func (d *decoder) bool() bool {
	v := d.byte()
	if v > 1 {
		d.fail("bool %d", v)
	}
	return v == 1
}

func (d *decoder) u32() uint32 {
	if len(d.b) < 4 {
		d.fail("truncated")
		return 0
	}
	v := binary.LittleEndian.Uint32(d.b)
	d.b = d.b[4:]
	return v
}

func (d *decoder) uint() uint64 {
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.fail("bad varint")
		return 0
	}
	d.b = d.b[n:]
	return v
}

// int reads a varint that must fit an int32.
func (d *decoder) int() int {
	v, n := binary.Varint(d.b)
	if n <= 0 || v < math.MinInt32 || v > math.MaxInt32 {
		d.fail("bad varint")
		return 0
	}
	d.b = d.b[n:]
	return int(v)
}

// count reads a list length: each item takes at least a byte, so a
// length past what is left is refused before anything is allocated.
func (d *decoder) count() int {
	n := d.uint()
	if n > uint64(len(d.b)) {
		d.fail("list of %d items in %d bytes", n, len(d.b))
		return 0
	}
	return int(n)
}

// regs reads a register count.
func (d *decoder) regs() int {
	n := d.int()
	if n < 0 || n > maxDecodeRegs {
		d.fail("register count %d", n)
		return 0
	}
	return n
}

func (d *decoder) shader() *Shader {
	if len(d.b) < 4 || d.b[0] != 'I' || d.b[1] != 'R' {
		d.fail("not an encoded shader")
		return nil
	}
	if d.b[2] != EncodingVersion {
		d.fail("encoding version %d, want %d", d.b[2], EncodingVersion)
		return nil
	}
	s := &Shader{Stage: Stage(d.b[3])}
	d.b = d.b[4:]
	v := d.uint()
	if v > math.MaxUint16 {
		d.fail("version %#x", v)
	}
	s.Version = uint16(v)
	if n := d.count(); n > 0 {
		s.Inputs = make([]Input, n)
		for i := range s.Inputs {
			in := &s.Inputs[i]
			in.Usage, in.UsageIndex = Usage(d.byte()), d.byte()
			in.Location = d.int()
			in.Interp, in.Sys = Interp(d.byte()), SysValue(d.byte())
		}
	}
	if n := d.count(); n > 0 {
		s.Outputs = make([]Output, n)
		for i := range s.Outputs {
			o := &s.Outputs[i]
			o.Kind = OutputKind(d.byte())
			o.Index = d.int()
			o.Usage, o.UsageIndex = Usage(d.byte()), d.byte()
		}
	}
	if n := d.count(); n > 0 {
		s.Samplers = make([]SamplerDecl, n)
		for i := range s.Samplers {
			sd := &s.Samplers[i]
			sd.Index = d.int()
			sd.Kind, sd.Projected, sd.Fetch4 = SamplerKind(d.byte()), d.bool(), Fetch4(d.byte())
		}
	}
	s.NumTemps, s.NumITemps, s.NumBTemps = d.regs(), d.regs(), d.regs()
	s.NumConstF, s.NumConstI, s.NumConstB = d.regs(), d.regs(), d.regs()
	if n := d.count(); n > 0 {
		s.DefF = make([]DefF, n)
		for i := range s.DefF {
			s.DefF[i].Index = d.def()
			for c := range 4 {
				s.DefF[i].Value[c] = math.Float32frombits(d.u32())
			}
		}
	}
	if n := d.count(); n > 0 {
		s.DefI = make([]DefI, n)
		for i := range s.DefI {
			s.DefI[i].Index = d.def()
			for c := range 4 {
				s.DefI[i].Value[c] = int32(d.int())
			}
		}
	}
	if n := d.count(); n > 0 {
		s.DefB = make([]DefB, n)
		for i := range s.DefB {
			s.DefB[i].Index = d.def()
			s.DefB[i].Value = d.bool()
		}
	}
	s.PS1xMax = math.Float32frombits(d.u32())
	s.Body = d.block()
	if n := d.count(); n > 0 {
		s.Subs = make([][]Stmt, n)
		for i := range s.Subs {
			s.Subs[i] = d.block()
		}
	}
	return s
}

// def reads a def's register index.
func (d *decoder) def() int {
	i := d.int()
	if i < 0 || i >= maxDecodeRegs {
		d.fail("def of register %d", i)
		return 0
	}
	return i
}

func (d *decoder) reg() Reg {
	r := Reg{File: RegFile(d.byte()), Index: d.int()}
	if d.bool() {
		r.Rel = &Rel{File: RegFile(d.byte()), Index: d.int(), Comp: d.byte()}
	}
	return r
}

func (d *decoder) src() Src {
	s := Src{Reg: d.reg()}
	for c := range s.Swizzle {
		s.Swizzle[c] = d.byte()
	}
	f := d.byte()
	if f&^(srcAbs|srcNeg|srcImm) != 0 {
		d.fail("source flags %#x", f)
	}
	s.Abs, s.Neg = f&srcAbs != 0, f&srcNeg != 0
	if f&srcImm != 0 {
		s.ImmType = Type(d.byte())
		for c := range s.Imm {
			s.Imm[c] = d.u32()
		}
	}
	return s
}

func (d *decoder) optSrc() *Src {
	if !d.bool() {
		return nil
	}
	s := d.src()
	return &s
}

func (d *decoder) block() []Stmt {
	n := d.count()
	if n == 0 || d.err != nil {
		return nil
	}
	if d.depth++; d.depth > maxDecodeDepth {
		d.fail("blocks nested deeper than %d", maxDecodeDepth)
		return nil
	}
	defer func() { d.depth-- }()
	b := make([]Stmt, 0, n)
	for range n {
		if d.err != nil {
			return nil
		}
		switch tag := d.byte(); tag {
		case tagInst:
			b = append(b, d.inst())
		case tagIf:
			st := &If{Cond: d.src()}
			st.Then = d.block()
			st.Else = d.block()
			b = append(b, st)
		case tagLoop:
			st := &Loop{Count: d.src(), Counter: d.reg(), Init: d.src(), Step: d.src()}
			st.Body = d.block()
			b = append(b, st)
		case tagBreak:
			b = append(b, &Break{Cond: d.optSrc()})
		case tagCall:
			b = append(b, &Call{Sub: d.int()})
		case tagReturn:
			b = append(b, &Return{})
		case tagDiscard:
			b = append(b, &Discard{Cond: d.optSrc()})
		default:
			d.fail("statement tag %d", tag)
		}
	}
	return b
}

func (d *decoder) inst() *Inst {
	in := &Inst{Op: Opcode(d.byte())}
	in.Dst = Dst{Reg: d.reg(), Mask: Mask(d.byte())}
	if n := d.count(); n > 0 {
		if n > 3 {
			d.fail("%d operands", n)
			return in
		}
		in.Src = make([]Src, n)
		for i := range in.Src {
			in.Src[i] = d.src()
		}
	}
	f := d.byte()
	if f&^(instLegacyMul|instPred|instProject) != 0 {
		d.fail("instruction flags %#x", f)
	}
	in.LegacyMul, in.Project = f&instLegacyMul != 0, f&instProject != 0
	in.Shift, in.Clamp = int8(d.byte()), Clamp(d.byte())
	if f&instPred != 0 {
		p := d.src()
		in.Pred = &p
	}
	if in.Op == OpTex {
		in.Sampler = d.int()
		in.TexMode = TexMode(d.byte())
	}
	return in
}
