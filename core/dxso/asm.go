package dxso

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// AsmError is an assembler error at a 1-based source line.
type AsmError struct {
	Line int
	Msg  string
}

func (e *AsmError) Error() string { return fmt.Sprintf("dxso asm: line %d: %s", e.Line, e.Msg) }

// Assemble translates shader assembly text to bytecode tokens. The result
// is checked by Parse before it is returned.
func Assemble(src string) ([]uint32, error) {
	p, lines, err := assembleProgram(src)
	if err != nil {
		return nil, err
	}
	code, err := Encode(p)
	if err != nil {
		return nil, err
	}
	if _, err := Parse(code); err != nil {
		// Map the failing token to its source line.
		if pe, ok := err.(*Error); ok {
			off := 1
			for i := range p.Instructions {
				n, _ := encodeInstruction(nil, &p.Instructions[i], p.Version)
				off += len(n)
				if pe.Offset < off {
					return nil, &AsmError{Line: lines[i], Msg: pe.Msg}
				}
			}
		}
		return nil, err
	}
	return code, nil
}

// AssembleProgram translates assembly text to a Program (Offset and
// Length fields are not filled in).
func AssembleProgram(src string) (*Program, error) {
	p, _, err := assembleProgram(src)
	return p, err
}

func stripComment(line string) string {
	if i := strings.Index(line, "//"); i >= 0 {
		line = line[:i]
	}
	if i := strings.IndexByte(line, ';'); i >= 0 {
		line = line[:i]
	}
	return strings.TrimSpace(line)
}

// ParseVersionName reads "vs_2_0", "ps_2_x", "vs_3_sw", "ps.1.4", ...
func ParseVersionName(s string) (Version, bool) {
	s = strings.ToLower(strings.ReplaceAll(s, ".", "_"))
	parts := strings.Split(s, "_")
	if len(parts) != 3 || len(parts[1]) != 1 {
		return Version{}, false
	}
	var v Version
	switch parts[0] {
	case "vs":
		v.Type = VertexShader
	case "ps":
		v.Type = PixelShader
	default:
		return v, false
	}
	if parts[1][0] < '0' || parts[1][0] > '9' {
		return v, false
	}
	v.Major = parts[1][0] - '0'
	switch parts[2] {
	case "x", "a", "b":
		if v.Major != 2 {
			return v, false
		}
		v.Minor = 1
	case "sw":
		v.Minor = 255
	default:
		if len(parts[2]) != 1 || parts[2][0] < '0' || parts[2][0] > '9' {
			return v, false
		}
		v.Minor = parts[2][0] - '0'
	}
	return v, knownVersion(v)
}

type asm struct {
	v    Version
	line int
}

func (a *asm) errf(format string, args ...any) error {
	return &AsmError{Line: a.line, Msg: fmt.Sprintf(format, args...)}
}

func assembleProgram(src string) (*Program, []int, error) {
	a := &asm{}
	var prog *Program
	var lines []int
	for i, raw := range strings.Split(src, "\n") {
		a.line = i + 1
		line := stripComment(raw)
		if line == "" {
			continue
		}
		if prog == nil {
			v, ok := ParseVersionName(line)
			if !ok {
				return nil, nil, a.errf("expected a version (vs_2_0, ps_1_4, ...), got %q", line)
			}
			a.v = v
			prog = &Program{Version: v}
			continue
		}
		ins, err := a.instruction(line)
		if err != nil {
			return nil, nil, err
		}
		prog.Instructions = append(prog.Instructions, ins)
		lines = append(lines, a.line)
	}
	if prog == nil {
		return nil, nil, &AsmError{Line: a.line, Msg: "no version line"}
	}
	return prog, lines, nil
}

var mnemonics = func() map[string]Opcode {
	m := map[string]Opcode{}
	for op, info := range opTable {
		m[info.name] = op
	}
	m["texld"] = OpTex
	m["texcrd"] = OpTexCoord
	return m
}()

var cmpByName = map[string]Comparison{"gt": CmpGT, "eq": CmpEQ, "ge": CmpGE, "lt": CmpLT, "ne": CmpNE, "le": CmpLE}

var shiftByName = map[string]int8{"x2": 1, "x4": 2, "x8": 3, "d2": -1, "d4": -2, "d8": -3}

func (a *asm) instruction(line string) (Instruction, error) {
	var ins Instruction
	v := a.v
	if strings.HasPrefix(line, "+") {
		ins.Coissue = true
		line = strings.TrimSpace(line[1:])
	}
	if strings.HasPrefix(line, "(") {
		end := strings.IndexByte(line, ')')
		if end < 0 {
			return ins, a.errf("unterminated predicate")
		}
		s, err := a.src(strings.TrimSpace(line[1:end]))
		if err != nil {
			return ins, err
		}
		if s.Reg.Type != RegPredicate || (s.Mod != SrcNone && s.Mod != SrcNot) {
			return ins, a.errf("predicate must be p0 or !p0 with a swizzle")
		}
		ins.Predicated = true
		ins.Predicate = s
		line = strings.TrimSpace(line[end+1:])
	}
	mn, rest, _ := strings.Cut(line, " ")
	if t := strings.IndexByte(mn, '\t'); t >= 0 {
		mn, rest = mn[:t], mn[t+1:]+" "+rest
	}
	mn = strings.ToLower(mn)
	parts := strings.Split(mn, "_")
	base := parts[0]
	mods := parts[1:]
	switch base {
	case "texldp":
		base, ins.TexControl = "texld", TexProject
	case "texldb":
		base, ins.TexControl = "texld", TexBias
	}
	op, ok := mnemonics[base]
	if !ok {
		return ins, a.errf("unknown instruction %q", base)
	}
	ins.Opcode = op
	lay, ok := LayoutOf(op, v)
	if !ok {
		return ins, a.errf("%s is not valid in %s", base, v)
	}
	if ins.TexControl != TexPlain && (v.Major < 2 || v.Type != PixelShader) {
		return ins, a.errf("%s is not valid in %s", mn, v)
	}
	var decl string
	if op == OpDcl && len(mods) > 0 {
		switch m := mods[0]; m {
		case "sat", "pp", "centroid":
		default:
			decl = m
			mods = mods[1:]
		}
	}
	var d Dst
	for _, m := range mods {
		switch m {
		case "sat":
			d.Saturate = true
		case "pp":
			d.Partial = true
		case "centroid":
			d.Centroid = true
		default:
			if c, ok := cmpByName[m]; ok && (op == OpIfC || op == OpBreakC || op == OpSetP) && ins.Comparison == CmpNone {
				ins.Comparison = c
				continue
			}
			if s, ok := shiftByName[m]; ok && d.Shift == 0 {
				d.Shift = s
				continue
			}
			return ins, a.errf("unknown modifier _%s on %s", m, base)
		}
	}
	if (op == OpIfC || op == OpBreakC || op == OpSetP) && ins.Comparison == CmpNone {
		return ins, a.errf("%s needs a comparison (_gt, _eq, _ge, _lt, _ne, _le)", base)
	}
	var ops []string
	if rest = strings.TrimSpace(rest); rest != "" {
		for _, o := range strings.Split(rest, ",") {
			ops = append(ops, strings.TrimSpace(o))
		}
	}
	want := lay.Src + lay.Imm
	if lay.Dst {
		want++
	}
	if len(ops) != want {
		return ins, a.errf("%s takes %d operands in %s, got %d", base, want, v, len(ops))
	}
	if !lay.Dst && (d != Dst{}) {
		return ins, a.errf("modifiers on %s, which has no destination", base)
	}
	if lay.Dst {
		dd, err := a.dst(ops[0])
		if err != nil {
			return ins, err
		}
		dd.Saturate, dd.Partial, dd.Centroid, dd.Shift = d.Saturate, d.Partial, d.Centroid, d.Shift
		ins.HasDst = true
		ins.Dst = dd
		ops = ops[1:]
	}
	if lay.Dcl {
		if err := a.decl(&ins, decl); err != nil {
			return ins, err
		}
	}
	for i := 0; i < lay.Imm; i++ {
		t, err := a.imm(op, ops[i])
		if err != nil {
			return ins, err
		}
		ins.Imm[i] = t
	}
	ops = ops[lay.Imm:]
	for _, o := range ops {
		s, err := a.src(o)
		if err != nil {
			return ins, err
		}
		ins.Src = append(ins.Src, s)
	}
	return ins, nil
}

func (a *asm) decl(ins *Instruction, name string) error {
	rt := ins.Dst.Reg.Type
	if rt == RegSampler {
		switch name {
		case "2d":
			ins.Decl.TextureType = Texture2D
		case "cube":
			ins.Decl.TextureType = TextureCube
		case "volume":
			ins.Decl.TextureType = TextureVolume
		case "":
		default:
			return a.errf("bad sampler declaration dcl_%s", name)
		}
		return nil
	}
	if !declHasUsage(a.v, rt) {
		if name != "" {
			return a.errf("dcl_%s: %s declarations carry no usage in %s", name, regName(ins.Dst.Reg, a.v), a.v)
		}
		return nil
	}
	if name == "" {
		return a.errf("dcl of %s needs a usage", regName(ins.Dst.Reg, a.v))
	}
	digits := len(name)
	for digits > 0 && name[digits-1] >= '0' && name[digits-1] <= '9' {
		digits--
	}
	for u, n := range usageNames {
		if n == name[:digits] {
			ins.Decl.Usage = Usage(u)
			if digits < len(name) {
				idx, err := strconv.Atoi(name[digits:])
				if err != nil || idx > 15 {
					return a.errf("bad usage index in dcl_%s", name)
				}
				ins.Decl.UsageIndex = uint8(idx)
			}
			return nil
		}
	}
	return a.errf("unknown usage dcl_%s", name)
}

func (a *asm) imm(op Opcode, s string) (uint32, error) {
	ls := strings.ToLower(s)
	if strings.HasPrefix(ls, "0x") {
		u, err := strconv.ParseUint(ls[2:], 16, 32)
		if err != nil {
			return 0, a.errf("bad hex value %q", s)
		}
		return uint32(u), nil
	}
	switch op {
	case OpDefB:
		switch ls {
		case "true":
			return 1, nil
		case "false":
			return 0, nil
		}
		u, err := strconv.ParseUint(ls, 10, 32)
		if err != nil {
			return 0, a.errf("bad boolean %q", s)
		}
		return uint32(u), nil
	case OpDefI:
		i, err := strconv.ParseInt(ls, 10, 32)
		if err != nil {
			return 0, a.errf("bad integer %q", s)
		}
		return uint32(int32(i)), nil
	}
	f, err := strconv.ParseFloat(ls, 32)
	if err != nil {
		return 0, a.errf("bad float %q", s)
	}
	return math.Float32bits(float32(f)), nil
}

// reg parses a register name with optional relative addressing, returning
// the rest of the text (modifiers, swizzle or mask).
func (a *asm) reg(s string) (r Register, rel bool, ra RelAddr, rest string, err error) {
	i := 0
	for i < len(s) && isLetter(s[i]) {
		i++
	}
	prefix := strings.ToLower(s[:i])
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	num := -1
	if j > i {
		if num, err = strconv.Atoi(s[i:j]); err != nil || num > 1<<20 {
			return r, false, ra, "", a.errf("bad register number in %q", s)
		}
	}
	rest = s[j:]
	if strings.HasPrefix(rest, "[") {
		end := strings.IndexByte(rest, ']')
		if end < 0 {
			return r, false, ra, "", a.errf("unterminated [ in %q", s)
		}
		inner := rest[1:end]
		rest = rest[end+1:]
		rel = true
		off := 0
		found := false
		for _, term := range strings.Split(inner, "+") {
			term = strings.TrimSpace(term)
			if term == "" {
				return r, false, ra, "", a.errf("bad relative address %q", inner)
			}
			if term[0] >= '0' && term[0] <= '9' {
				n, e := strconv.Atoi(term)
				if e != nil || n > 1<<20 {
					return r, false, ra, "", a.errf("bad offset %q", term)
				}
				off += n
				continue
			}
			if found {
				return r, false, ra, "", a.errf("two address registers in %q", inner)
			}
			found = true
			if ra, err = a.relAddr(term); err != nil {
				return r, false, ra, "", err
			}
		}
		if !found {
			return r, false, ra, "", a.errf("no address register in %q", inner)
		}
		if num < 0 {
			num = 0
		}
		num += off
	}
	r, err = a.regByName(prefix, num, s)
	if err == nil && rel && !relAllowed(r.Type) {
		err = a.errf("%s cannot be relatively addressed", prefix)
	}
	return r, rel, ra, rest, err
}

func isLetter(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }

func (a *asm) relAddr(s string) (RelAddr, error) {
	ls := strings.ToLower(s)
	if strings.HasPrefix(ls, "al") {
		n := 0
		if len(ls) > 2 {
			var err error
			if n, err = strconv.Atoi(ls[2:]); err != nil || n > 0x7FF {
				return RelAddr{}, a.errf("bad loop register %q", s)
			}
		}
		return RelAddr{Reg: Register{RegLoop, uint16(n)}}, nil
	}
	if !strings.HasPrefix(ls, "a") || a.v.Type != VertexShader {
		return RelAddr{}, a.errf("bad address register %q", s)
	}
	name, comp, hasComp := strings.Cut(ls[1:], ".")
	n, err := strconv.Atoi(name)
	if err != nil || n > 0x7FF {
		return RelAddr{}, a.errf("bad address register %q", s)
	}
	var c uint8
	if hasComp {
		if len(comp) != 1 || strings.IndexByte("xyzwrgba", comp[0]) < 0 {
			return RelAddr{}, a.errf("bad address component %q", s)
		}
		c = uint8(strings.IndexByte("xyzwrgba", comp[0]) % 4)
	}
	return RelAddr{Reg: Register{RegAddr, uint16(n)}, Component: c}, nil
}

func (a *asm) regByName(prefix string, num int, s string) (Register, error) {
	fixed := func(t RegType, n uint16) (Register, error) {
		return Register{t, n}, nil
	}
	switch prefix {
	case "opos":
		if num <= 0 {
			return fixed(RegRastOut, RastPosition)
		}
	case "ofog":
		if num <= 0 {
			return fixed(RegRastOut, RastFog)
		}
	case "opts":
		if num <= 0 {
			return fixed(RegRastOut, RastPointSize)
		}
	case "vpos":
		if num <= 0 {
			return fixed(RegMiscType, MiscPosition)
		}
	case "vface":
		if num <= 0 {
			return fixed(RegMiscType, MiscFace)
		}
	case "odepth":
		return fixed(RegDepthOut, uint16(max(num, 0)))
	case "al":
		return fixed(RegLoop, uint16(max(num, 0)))
	}
	if num < 0 {
		return Register{}, a.errf("register %q needs a number", s)
	}
	var t RegType
	switch prefix {
	case "r":
		t = RegTemp
	case "v":
		t = RegInput
	case "c":
		switch {
		case num < 2048:
			t = RegConst
		case num < 4096:
			t, num = RegConst2, num-2048
		case num < 6144:
			t, num = RegConst3, num-4096
		default:
			t, num = RegConst4, num-6144
		}
	case "a":
		if a.v.Type != VertexShader {
			return Register{}, a.errf("no address register in pixel shaders")
		}
		t = RegAddr
	case "t":
		if a.v.Type != PixelShader {
			return Register{}, a.errf("no texture register in vertex shaders")
		}
		t = RegTexture
	case "od":
		t = RegAttrOut
	case "ot", "o":
		t = RegOutput
	case "i":
		t = RegConstInt
	case "oc":
		t = RegColorOut
	case "s":
		t = RegSampler
	case "b":
		t = RegConstBool
	case "th":
		t = RegTempFloat16
	case "l":
		t = RegLabel
	case "p":
		t = RegPredicate
	default:
		return Register{}, a.errf("unknown register %q", s)
	}
	if num > 0x7FF {
		return Register{}, a.errf("register number too large in %q", s)
	}
	return Register{t, uint16(num)}, nil
}

func parseMask(s string) (uint8, bool) {
	var m uint8
	last := -1
	for i := 0; i < len(s); i++ {
		c := strings.IndexByte("xyzw", s[i])
		if c < 0 {
			c = strings.IndexByte("rgba", s[i])
		}
		if c < 0 || c <= last {
			return 0, false
		}
		last = c
		m |= 1 << c
	}
	return m, len(s) > 0
}

func parseSwizzle(s string) (Swizzle, bool) {
	if len(s) == 0 || len(s) > 4 {
		return 0, false
	}
	var sw Swizzle
	var c int
	for i := 0; i < 4; i++ {
		if i < len(s) {
			c = strings.IndexByte("xyzw", s[i])
			if c < 0 {
				c = strings.IndexByte("rgba", s[i])
			}
			if c < 0 {
				return 0, false
			}
		}
		sw |= Swizzle(c) << (2 * i)
	}
	return sw, true
}

func (a *asm) dst(s string) (Dst, error) {
	var d Dst
	r, rel, ra, rest, err := a.reg(s)
	if err != nil {
		return d, err
	}
	d.Reg, d.Relative, d.RelAddr = r, rel, ra
	d.Mask = 0xF
	if rest != "" {
		if rest[0] != '.' {
			return d, a.errf("bad destination %q", s)
		}
		m, ok := parseMask(strings.ToLower(rest[1:]))
		if !ok {
			return d, a.errf("bad write mask in %q", s)
		}
		d.Mask = m
	}
	return d, nil
}

var srcSuffixes = map[string][2]SrcMod{ // plain, negated
	"bias": {SrcBias, SrcBiasNeg},
	"bx2":  {SrcSign, SrcSignNeg},
	"x2":   {SrcX2, SrcX2Neg},
	"dz":   {SrcDz, SrcDz},
	"dw":   {SrcDw, SrcDw},
	"db":   {SrcDz, SrcDz},
	"da":   {SrcDw, SrcDw},
	"abs":  {SrcAbs, SrcAbsNeg},
}

func (a *asm) src(s string) (Src, error) {
	var sr Src
	orig := s
	neg, comp, not, abs := false, false, false, false
	switch {
	case strings.HasPrefix(s, "-"):
		neg = true
		s = strings.TrimSpace(s[1:])
	case strings.HasPrefix(s, "1-"):
		comp = true
		s = strings.TrimSpace(s[2:])
	case strings.HasPrefix(s, "!"):
		not = true
		s = strings.TrimSpace(s[1:])
	}
	if ls := strings.ToLower(s); strings.HasPrefix(ls, "abs(") {
		end := strings.LastIndexByte(s, ')')
		if end < 0 {
			return sr, a.errf("unterminated abs( in %q", orig)
		}
		abs = true
		s = s[4:end] + s[end+1:]
	}
	r, rel, ra, rest, err := a.reg(s)
	if err != nil {
		return sr, err
	}
	sr.Reg, sr.Relative, sr.RelAddr = r, rel, ra
	sr.Swizzle = SwizzleIdentity
	suffix := ""
	rest = strings.ToLower(rest)
	for rest != "" {
		switch rest[0] {
		case '_':
			end := strings.IndexByte(rest, '.')
			if end < 0 {
				end = len(rest)
			}
			if suffix != "" {
				return sr, a.errf("two source modifiers in %q", orig)
			}
			suffix = rest[1:end]
			rest = rest[end:]
		case '.':
			end := strings.IndexByte(rest, '_')
			if end < 0 {
				end = len(rest)
			}
			sw, ok := parseSwizzle(rest[1:end])
			if !ok {
				return sr, a.errf("bad swizzle in %q", orig)
			}
			sr.Swizzle = sw
			rest = rest[end:]
		default:
			return sr, a.errf("bad source %q", orig)
		}
	}
	if abs {
		if suffix != "" {
			return sr, a.errf("two source modifiers in %q", orig)
		}
		suffix = "abs"
	}
	switch {
	case suffix != "":
		m, ok := srcSuffixes[suffix]
		if !ok {
			return sr, a.errf("unknown source modifier _%s", suffix)
		}
		if comp || not || (neg && m[0] == m[1]) {
			return sr, a.errf("bad modifier combination in %q", orig)
		}
		sr.Mod = m[0]
		if neg {
			sr.Mod = m[1]
		}
	case neg:
		sr.Mod = SrcNeg
	case comp:
		sr.Mod = SrcComp
	case not:
		sr.Mod = SrcNot
	}
	return sr, nil
}
