package dxso

import (
	"encoding/binary"
	"fmt"
	"sort"
)

// Error is a decoding error at a DWORD offset of the bytecode.
type Error struct {
	Offset int // DWORD offset of the offending token
	Msg    string
}

func (e *Error) Error() string { return fmt.Sprintf("dxso: token %d: %s", e.Offset, e.Msg) }

// TokenNote describes one token of a bytecode stream (see Annotate).
type TokenNote struct {
	Offset  int
	Value   uint32
	Meaning string
}

type parser struct {
	code  []uint32
	pos   int
	v     Version
	notes *[]TokenNote
}

func (p *parser) errf(off int, format string, args ...any) error {
	return &Error{Offset: off, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) note(off int, format string, args ...any) {
	if p.notes != nil {
		*p.notes = append(*p.notes, TokenNote{off, p.code[off], fmt.Sprintf(format, args...)})
	}
}

// next returns the next token, bounded by limit (exclusive).
func (p *parser) next(limit int, what string) (uint32, int, error) {
	if p.pos >= limit {
		if limit < len(p.code) {
			return 0, p.pos, p.errf(p.pos, "instruction length too short for %s", what)
		}
		return 0, p.pos, p.errf(p.pos, "truncated: missing %s", what)
	}
	off := p.pos
	p.pos++
	return p.code[off], off, nil
}

// BytesToTokens converts little-endian bytecode to tokens.
func BytesToTokens(b []byte) ([]uint32, error) {
	if len(b)%4 != 0 {
		return nil, &Error{Offset: len(b) / 4, Msg: fmt.Sprintf("bytecode length %d is not a multiple of 4", len(b))}
	}
	code := make([]uint32, len(b)/4)
	for i := range code {
		code[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return code, nil
}

// TokensToBytes converts tokens to little-endian bytecode.
func TokensToBytes(code []uint32) []byte {
	b := make([]byte, 4*len(code))
	for i, t := range code {
		binary.LittleEndian.PutUint32(b[4*i:], t)
	}
	return b
}

// ParseBytes decodes little-endian bytecode.
func ParseBytes(b []byte) (*Program, error) {
	code, err := BytesToTokens(b)
	if err != nil {
		return nil, err
	}
	return Parse(code)
}

// Parse decodes a token stream, from the version token to the end token.
// Tokens after the end token are ignored.
func Parse(code []uint32) (*Program, error) {
	p := &parser{code: code}
	return p.parse()
}

// Annotate decodes code and describes every token it reads. On an error
// it returns the notes up to the failure together with the error.
func Annotate(code []uint32) ([]TokenNote, *Program, error) {
	var notes []TokenNote
	p := &parser{code: code, notes: &notes}
	prog, err := p.parse()
	sort.SliceStable(notes, func(i, j int) bool { return notes[i].Offset < notes[j].Offset })
	return notes, prog, err
}

// ParseVersion decodes a version token.
func ParseVersion(tok uint32) (Version, error) {
	var v Version
	switch tok >> 16 {
	case 0xFFFE:
		v.Type = VertexShader
	case 0xFFFF:
		v.Type = PixelShader
	default:
		return v, &Error{Msg: fmt.Sprintf("bad version token 0x%08x", tok)}
	}
	v.Major = uint8(tok >> 8)
	v.Minor = uint8(tok)
	if !knownVersion(v) {
		return v, &Error{Msg: fmt.Sprintf("unsupported shader version %s %d.%d (0x%08x)", v.Type, v.Major, v.Minor, tok)}
	}
	return v, nil
}

func (p *parser) parse() (*Program, error) {
	if len(p.code) == 0 {
		return nil, p.errf(0, "truncated: missing version token")
	}
	v, err := ParseVersion(p.code[0])
	if err != nil {
		return nil, err
	}
	p.v = v
	p.note(0, "version %s", v)
	p.pos = 1
	prog := &Program{Version: v}
	for {
		if p.pos >= len(p.code) {
			return nil, p.errf(p.pos, "truncated: missing end token")
		}
		off := p.pos
		tok := p.code[off]
		switch Opcode(tok & 0xFFFF) {
		case OpEnd:
			if tok != EndToken {
				return nil, p.errf(off, "bad end token 0x%08x", tok)
			}
			p.note(off, "end")
			prog.EndOffset = off
			return prog, nil
		case OpComment:
			if tok&0x80000000 != 0 {
				return nil, p.errf(off, "bad comment token 0x%08x", tok)
			}
			n := int(tok>>16) & 0x7FFF
			if n > len(p.code)-off-1 {
				return nil, p.errf(off, "truncated: comment of %d DWORDs runs past the end (%d left)", n, len(p.code)-off-1)
			}
			c := Comment{Offset: off, Before: len(prog.Instructions), Data: append([]uint32(nil), p.code[off+1:off+1+n]...)}
			p.note(off, "comment, %d DWORDs", n)
			if n > 0 && c.Data[0] == ctabMagic {
				ct, cerr := parseCTAB(c.Data)
				if cerr != nil {
					c.CTABError = cerr.Error()
				} else {
					c.CTAB = ct
					if prog.Constants == nil {
						prog.Constants = ct
					}
				}
			}
			for i := 0; i < n; i++ {
				p.note(off+1+i, "comment data %q", fourCC(p.code[off+1+i]))
			}
			p.pos = off + 1 + n
			prog.Comments = append(prog.Comments, c)
		default:
			ins, err := p.instruction()
			if err != nil {
				if p.notes != nil {
					p.note(off, "instruction %s (malformed)", ins.Opcode.Name(v))
				}
				return nil, err
			}
			prog.Instructions = append(prog.Instructions, ins)
		}
	}
}

func fourCC(t uint32) string {
	b := []byte{byte(t), byte(t >> 8), byte(t >> 16), byte(t >> 24)}
	for i, c := range b {
		if c < 0x20 || c > 0x7e {
			b[i] = '.'
		}
	}
	return string(b)
}

func (p *parser) instruction() (Instruction, error) {
	off := p.pos
	tok := p.code[off]
	p.pos++
	op := Opcode(tok & 0xFFFF)
	ins := Instruction{Opcode: op, Offset: off}
	if tok&0x80000000 != 0 {
		return ins, p.errf(off, "expected an instruction token, got a parameter token 0x%08x", tok)
	}
	v := p.v
	lay, ok := LayoutOf(op, v)
	if !ok {
		if _, known := opTable[op]; known {
			return ins, p.errf(off, "opcode %s (%d) is not valid in %s", op.Name(v), op, v)
		}
		return ins, p.errf(off, "unknown opcode %d", op)
	}
	sm2 := v.Major >= 2
	limit := len(p.code)
	if sm2 {
		n := int(tok>>24) & 0xF
		if n > len(p.code)-off-1 {
			return ins, p.errf(off, "truncated: instruction length %d runs past the end", n)
		}
		limit = off + 1 + n
	}
	ctl := uint8(tok >> 16)
	switch op {
	case OpIfC, OpBreakC, OpSetP:
		c := Comparison(ctl & 7)
		if c == CmpNone || c > CmpLE {
			return ins, p.errf(off, "bad comparison %d for %s", ctl&7, op.Name(v))
		}
		ins.Comparison = c
	case OpTex:
		if sm2 && v.Type == PixelShader {
			switch ctl & 3 {
			case 1:
				ins.TexControl = TexProject
			case 2:
				ins.TexControl = TexBias
			case 3:
				return ins, p.errf(off, "texld with both project and bias")
			}
		}
	}
	if tok&(1<<28) != 0 {
		if !sm2 {
			return ins, p.errf(off, "predicated instruction in %s", v)
		}
		ins.Predicated = true
	}
	if tok&(1<<30) != 0 && v.Type == PixelShader && !sm2 {
		ins.Coissue = true
	}

	if lay.Dcl {
		t, toff, err := p.next(limit, "declaration token")
		if err != nil {
			return ins, err
		}
		if t&0x80000000 == 0 {
			return ins, p.errf(toff, "declaration token 0x%08x lacks bit 31", t)
		}
		u := Usage(t & 0x1F)
		if u >= numUsages {
			return ins, p.errf(toff, "bad declaration usage %d", u)
		}
		ins.Decl = Decl{Usage: u, UsageIndex: uint8(t>>16) & 0xF, TextureType: TextureType(t>>27) & 0xF}
		switch ins.Decl.TextureType {
		case TextureUnknown, Texture2D, TextureCube, TextureVolume:
		default:
			return ins, p.errf(toff, "bad sampler texture type %d", ins.Decl.TextureType)
		}
	}
	if lay.Dst {
		d, err := p.dst(limit)
		if err != nil {
			return ins, err
		}
		ins.HasDst = true
		ins.Dst = d
	}
	if lay.Dcl {
		normalizeDecl(&ins, v)
		if p.notes != nil {
			p.note(off+1, "declaration %s", declMeaning(&ins, v))
		}
	}
	for i := 0; i < lay.Imm; i++ {
		t, toff, err := p.next(limit, "immediate value")
		if err != nil {
			return ins, err
		}
		ins.Imm[i] = t
		p.note(toff, "immediate %s", immString(op, t))
	}
	if ins.Predicated {
		s, err := p.src(limit, true)
		if err != nil {
			return ins, err
		}
		if s.Reg.Type != RegPredicate {
			return ins, p.errf(p.pos-1, "predicate token names %s, not p0", regName(s.Reg, v))
		}
		if s.Mod != SrcNone && s.Mod != SrcNot {
			return ins, p.errf(p.pos-1, "bad predicate modifier %d", s.Mod)
		}
		ins.Predicate = s
	}
	if lay.Src > 0 {
		ins.Src = make([]Src, 0, lay.Src)
	}
	for i := 0; i < lay.Src; i++ {
		s, err := p.src(limit, false)
		if err != nil {
			return ins, err
		}
		ins.Src = append(ins.Src, s)
	}
	if sm2 && p.pos != limit {
		return ins, p.errf(off, "instruction length %d, but %s takes %d DWORDs", limit-off-1, op.Name(v), p.pos-off-1)
	}
	ins.Length = p.pos - off
	if msg := checkOperands(&ins, v); msg != "" {
		return ins, p.errf(off, "%s", msg)
	}
	if p.notes != nil { // formatting costs more than parsing; only Annotate wants it
		p.note(off, "instruction %s", FormatInstruction(&ins, v))
	}
	return ins, nil
}

// normalizeDecl clears the declaration fields a version ignores, so that
// equal programs compare equal.
func normalizeDecl(ins *Instruction, v Version) {
	if ins.Dst.Reg.Type == RegSampler {
		ins.Decl.Usage, ins.Decl.UsageIndex = 0, 0
		return
	}
	ins.Decl.TextureType = 0
	if !declHasUsage(v, ins.Dst.Reg.Type) {
		ins.Decl.Usage, ins.Decl.UsageIndex = 0, 0
	}
}

// declHasUsage reports whether a dcl of a register of type t carries a
// usage in version v: vertex shader inputs and 3.0 outputs, ps 3.0 inputs.
func declHasUsage(v Version, t RegType) bool {
	if v.Type == VertexShader {
		return t == RegInput || (v.Major >= 3 && t == RegOutput)
	}
	return v.Major >= 3 && t == RegInput
}

func regTypeOf(tok uint32) RegType {
	return RegType((tok>>28)&7 | (tok>>8)&0x18)
}

func (p *parser) dst(limit int) (Dst, error) {
	var d Dst
	t, off, err := p.next(limit, "destination parameter")
	if err != nil {
		return d, err
	}
	if t&0x80000000 == 0 {
		return d, p.errf(off, "destination token 0x%08x lacks bit 31", t)
	}
	rt := regTypeOf(t)
	if rt >= numRegTypes {
		return d, p.errf(off, "bad register type %d", rt)
	}
	d.Reg = Register{rt, uint16(t & 0x7FF)}
	if err := p.checkReg(off, d.Reg, t&0x2000 != 0); err != nil {
		return d, err
	}
	d.Mask = uint8(t>>16) & 0xF
	if d.Mask == 0 {
		return d, p.errf(off, "empty write mask")
	}
	mods := (t >> 20) & 0xF
	if mods&8 != 0 {
		return d, p.errf(off, "bad result modifier 0x%x", mods)
	}
	d.Saturate = mods&1 != 0
	d.Partial = mods&2 != 0
	d.Centroid = mods&4 != 0
	shift := int8(t>>24&0xF) << 4 >> 4
	if shift != 0 {
		if p.v.Type != PixelShader || p.v.Major >= 2 {
			return d, p.errf(off, "result shift in %s", p.v)
		}
		if shift > 3 || shift < -3 {
			return d, p.errf(off, "bad result shift %d", shift)
		}
		d.Shift = shift
	}
	if t&0x2000 != 0 {
		if p.v.Major < 2 {
			return d, p.errf(off, "relative destination addressing in %s", p.v)
		}
		d.Relative = true
		r, err := p.rel(limit)
		if err != nil {
			return d, err
		}
		d.RelAddr = r
	}
	if p.notes != nil {
		p.note(off, "destination %s", dstString(&d, p.v))
		if d.Relative {
			p.note(off+1, "relative address %s", relString(d.RelAddr))
		}
	}
	return d, nil
}

func (p *parser) src(limit int, pred bool) (Src, error) {
	var s Src
	what := "source parameter"
	if pred {
		what = "predicate token"
	}
	t, off, err := p.next(limit, what)
	if err != nil {
		return s, err
	}
	if t&0x80000000 == 0 {
		return s, p.errf(off, "%s 0x%08x lacks bit 31", what, t)
	}
	rt := regTypeOf(t)
	if rt >= numRegTypes {
		return s, p.errf(off, "bad register type %d", rt)
	}
	s.Reg = Register{rt, uint16(t & 0x7FF)}
	if err := p.checkReg(off, s.Reg, t&0x2000 != 0); err != nil {
		return s, err
	}
	s.Swizzle = Swizzle(t >> 16)
	s.Mod = SrcMod(t>>24) & 0xF
	if s.Mod >= numSrcMods {
		return s, p.errf(off, "bad source modifier %d", s.Mod)
	}
	if t&0x2000 != 0 {
		s.Relative = true
		switch {
		case p.v.Major >= 2:
			r, err := p.rel(limit)
			if err != nil {
				return s, err
			}
			s.RelAddr = r
		case p.v.Type == VertexShader:
			s.RelAddr = RelAddr{Reg: Register{RegAddr, 0}}
		default:
			return s, p.errf(off, "relative addressing in %s", p.v)
		}
	}
	if p.notes != nil {
		p.note(off, "%s %s", what, srcString(&s, p.v))
		if s.Relative && p.v.Major >= 2 {
			p.note(off+1, "relative address %s", relString(s.RelAddr))
		}
	}
	return s, nil
}

func (p *parser) rel(limit int) (RelAddr, error) {
	var r RelAddr
	t, off, err := p.next(limit, "relative address token")
	if err != nil {
		return r, err
	}
	if t&0x80000000 == 0 {
		return r, p.errf(off, "relative address token 0x%08x lacks bit 31", t)
	}
	rt := regTypeOf(t)
	switch rt {
	case RegAddr:
		if p.v.Type == PixelShader {
			return r, p.errf(off, "relative address through a texture register")
		}
		r.Component = uint8(t>>16) & 3
	case RegLoop:
	default:
		return r, p.errf(off, "relative address through register type %d", rt)
	}
	r.Reg = Register{rt, uint16(t & 0x7FF)}
	return r, nil
}

// checkReg rejects register numbers that have no name.
func (p *parser) checkReg(off int, r Register, rel bool) error {
	switch {
	case r.Type == RegRastOut && r.Num > RastPointSize:
		return p.errf(off, "bad rasterizer output register %d", r.Num)
	case r.Type == RegMiscType && r.Num > MiscFace:
		return p.errf(off, "bad misc register %d", r.Num)
	case rel && !relAllowed(r.Type):
		return p.errf(off, "relative addressing of %s", regName(r, p.v))
	}
	return nil
}

func declMeaning(ins *Instruction, v Version) string {
	if ins.Dst.Reg.Type == RegSampler {
		if ins.Decl.TextureType == TextureUnknown {
			return "sampler, texture type unknown"
		}
		return "sampler " + ins.Decl.TextureType.String()
	}
	if declHasUsage(v, ins.Dst.Reg.Type) {
		return fmt.Sprintf("usage %s, index %d", ins.Decl.Usage, ins.Decl.UsageIndex)
	}
	return "no usage"
}

// checkOperands enforces the register files an opcode's operands must
// come from, where D3D9 fixes them (tex* in ps_1_x, samplers, labels,
// loop counters, constants of def*, ...).
func checkOperands(ins *Instruction, v Version) string {
	want := func(what string, got RegType, ok ...RegType) string {
		for _, t := range ok {
			if got == t {
				return ""
			}
		}
		return fmt.Sprintf("%s of %s cannot be register type %d", what, ins.Opcode.Name(v), got)
	}
	src := func(i int, ok ...RegType) string {
		return want(fmt.Sprintf("source %d", i), ins.Src[i].Reg.Type, ok...)
	}
	dst := func(ok ...RegType) string { return want("destination", ins.Dst.Reg.Type, ok...) }
	first := func(msgs ...string) string {
		for _, m := range msgs {
			if m != "" {
				return m
			}
		}
		return ""
	}
	ps1 := v.Type == PixelShader && v.Major == 1
	switch ins.Opcode {
	case OpDef:
		return dst(RegConst, RegConst2, RegConst3, RegConst4)
	case OpDefI:
		return dst(RegConstInt)
	case OpDefB:
		return dst(RegConstBool)
	case OpMova:
		return dst(RegAddr)
	case OpSetP:
		return dst(RegPredicate)
	case OpCall, OpLabel:
		return src(0, RegLabel)
	case OpCallNZ:
		return first(src(0, RegLabel), src(1, RegConstBool, RegPredicate))
	case OpIf:
		return src(0, RegConstBool, RegPredicate)
	case OpBreakP:
		return src(0, RegPredicate)
	case OpRep:
		return src(0, RegConstInt)
	case OpLoop:
		return first(src(0, RegLoop), src(1, RegConstInt))
	case OpTexLdl:
		return src(1, RegSampler)
	case OpTexLdd:
		return src(1, RegSampler)
	case OpTex:
		switch {
		case v.Major >= 2:
			return src(1, RegSampler)
		case v.Minor == 4:
			return first(dst(RegTemp), src(0, RegTexture, RegTemp))
		default:
			return dst(RegTexture)
		}
	case OpTexCoord:
		if v.Minor == 4 {
			return first(dst(RegTemp), src(0, RegTexture))
		}
		return dst(RegTexture)
	case OpTexDepth:
		return dst(RegTemp)
	case OpTexKill:
		if ps1 && v.Minor < 4 {
			return dst(RegTexture)
		}
	case OpTexBem, OpTexBemL, OpTexReg2AR, OpTexReg2GB, OpTexReg2RGB, OpTexM3x2Pad, OpTexM3x2Tex,
		OpTexM3x3Pad, OpTexM3x3Tex, OpTexM3x3Diff, OpTexM3x3VSpec, OpTexDp3Tex, OpTexM3x2Depth, OpTexDp3, OpTexM3x3:
		return first(dst(RegTexture), src(0, RegTexture))
	case OpTexM3x3Spec:
		return first(dst(RegTexture), src(0, RegTexture), src(1, RegConst))
	}
	return ""
}
