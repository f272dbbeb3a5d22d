package dxso

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// regPrefix returns the assembler prefix of a numbered register file, or
// "" for files with fixed names (oPos, oFog, oPts, vPos, vFace, oDepth, aL).
func regPrefix(t RegType, v Version) string {
	switch t {
	case RegTemp:
		return "r"
	case RegInput:
		return "v"
	case RegConst, RegConst2, RegConst3, RegConst4:
		return "c"
	case RegAddr:
		if v.Type == PixelShader {
			return "t"
		}
		return "a"
	case RegAttrOut:
		return "oD"
	case RegOutput:
		if v.Type == VertexShader && v.Major >= 3 {
			return "o"
		}
		return "oT"
	case RegConstInt:
		return "i"
	case RegColorOut:
		return "oC"
	case RegSampler:
		return "s"
	case RegConstBool:
		return "b"
	case RegTempFloat16:
		return "th"
	case RegLabel:
		return "l"
	case RegPredicate:
		return "p"
	}
	return ""
}

// regNumber returns the number printed after the prefix (constant files
// 2..4 continue the c numbering at 2048, 4096 and 6144).
func regNumber(r Register) int {
	switch r.Type {
	case RegConst2:
		return 2048 + int(r.Num)
	case RegConst3:
		return 4096 + int(r.Num)
	case RegConst4:
		return 6144 + int(r.Num)
	}
	return int(r.Num)
}

func numSuffix(n uint16) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(int(n))
}

// regName is the assembler name of a register in version v.
func regName(r Register, v Version) string {
	switch r.Type {
	case RegRastOut:
		switch r.Num {
		case RastPosition:
			return "oPos"
		case RastFog:
			return "oFog"
		case RastPointSize:
			return "oPts"
		}
		return fmt.Sprintf("oRast%d", r.Num)
	case RegMiscType:
		switch r.Num {
		case MiscPosition:
			return "vPos"
		case MiscFace:
			return "vFace"
		}
		return fmt.Sprintf("vMisc%d", r.Num)
	case RegDepthOut:
		return "oDepth" + numSuffix(r.Num)
	case RegLoop:
		return "aL" + numSuffix(r.Num)
	}
	return regPrefix(r.Type, v) + strconv.Itoa(regNumber(r))
}

// RegisterName returns the assembler name of r in version v ("r0", "oPos",
// "c2050", "vFace", ...).
func RegisterName(r Register, v Version) string { return regName(r, v) }

// relAllowed reports whether a register file can be printed relatively
// addressed (it has a prefix and a number).
func relAllowed(t RegType) bool {
	switch t {
	case RegRastOut, RegMiscType, RegDepthOut, RegLoop:
		return false
	}
	return true
}

const compLetters = "xyzw"

func relString(r RelAddr) string {
	if r.Reg.Type == RegLoop {
		return "aL" + numSuffix(r.Reg.Num)
	}
	return fmt.Sprintf("a%d.%c", r.Reg.Num, compLetters[r.Component&3])
}

func regWithRel(r Register, rel bool, ra RelAddr, v Version) string {
	if !rel {
		return regName(r, v)
	}
	s := regPrefix(r.Type, v) + "[" + relString(ra)
	if n := regNumber(r); n != 0 {
		s += " + " + strconv.Itoa(n)
	}
	return s + "]"
}

// MaskString returns ".xy" style text for a write mask ("" when full).
func MaskString(m uint8) string {
	if m&0xF == 0xF {
		return ""
	}
	var b strings.Builder
	b.WriteByte('.')
	for i := 0; i < 4; i++ {
		if m&(1<<i) != 0 {
			b.WriteByte(compLetters[i])
		}
	}
	return b.String()
}

// String returns ".x" style text for a swizzle ("" when identity; one
// letter when it replicates a component; otherwise four letters).
func (s Swizzle) String() string {
	if s == SwizzleIdentity {
		return ""
	}
	c0 := s.Component(0)
	if s.Component(1) == c0 && s.Component(2) == c0 && s.Component(3) == c0 {
		return "." + string(compLetters[c0])
	}
	b := []byte{'.', 0, 0, 0, 0}
	for i := 0; i < 4; i++ {
		b[i+1] = compLetters[s.Component(i)]
	}
	return string(b)
}

func dstString(d *Dst, v Version) string {
	return regWithRel(d.Reg, d.Relative, d.RelAddr, v) + MaskString(d.Mask)
}

func srcString(s *Src, v Version) string {
	r := regWithRel(s.Reg, s.Relative, s.RelAddr, v)
	sw := s.Swizzle.String()
	switch s.Mod {
	case SrcNeg:
		return "-" + r + sw
	case SrcBias:
		return r + "_bias" + sw
	case SrcBiasNeg:
		return "-" + r + "_bias" + sw
	case SrcSign:
		return r + "_bx2" + sw
	case SrcSignNeg:
		return "-" + r + "_bx2" + sw
	case SrcComp:
		return "1-" + r + sw
	case SrcX2:
		return r + "_x2" + sw
	case SrcX2Neg:
		return "-" + r + "_x2" + sw
	case SrcDz:
		return r + "_dz" + sw
	case SrcDw:
		return r + "_dw" + sw
	case SrcAbs:
		return r + "_abs" + sw
	case SrcAbsNeg:
		return "-" + r + "_abs" + sw
	case SrcNot:
		return "!" + r + sw
	}
	return r + sw
}

// FormatDst returns the assembler text of a destination parameter
// (without the result modifiers, which belong to the mnemonic).
func FormatDst(d *Dst, v Version) string { return dstString(d, v) }

// FormatSrc returns the assembler text of a source parameter.
func FormatSrc(s *Src, v Version) string { return srcString(s, v) }

var shiftNames = map[int8]string{1: "_x2", 2: "_x4", 3: "_x8", -1: "_d2", -2: "_d4", -3: "_d8"}

func declSuffix(ins *Instruction, v Version) string {
	if ins.Dst.Reg.Type == RegSampler {
		if t := ins.Decl.TextureType.String(); t != "" {
			return "_" + t
		}
		return ""
	}
	if declHasUsage(v, ins.Dst.Reg.Type) {
		s := "_" + ins.Decl.Usage.String()
		if ins.Decl.UsageIndex != 0 || ins.Decl.Usage == UsageTexCoord || ins.Decl.Usage == UsageColor {
			s += strconv.Itoa(int(ins.Decl.UsageIndex))
		}
		return s
	}
	return ""
}

// instrHead is the mnemonic with its controls and modifiers.
func instrHead(ins *Instruction, v Version) string {
	var b strings.Builder
	b.WriteString(ins.Opcode.Name(v))
	switch ins.Opcode {
	case OpTex:
		switch ins.TexControl {
		case TexProject:
			b.WriteString("p")
		case TexBias:
			b.WriteString("b")
		}
	case OpIfC, OpBreakC, OpSetP:
		b.WriteString("_" + ins.Comparison.String())
	case OpDcl:
		b.WriteString(declSuffix(ins, v))
	}
	if ins.HasDst {
		b.WriteString(shiftNames[ins.Dst.Shift])
		if ins.Dst.Saturate {
			b.WriteString("_sat")
		}
		if ins.Dst.Partial {
			b.WriteString("_pp")
		}
		if ins.Dst.Centroid {
			b.WriteString("_centroid")
		}
	}
	return b.String()
}

// formatFloatBits prints a float exactly: decimal when that reads back to
// the same bits, otherwise the raw bits in hex.
func formatFloatBits(bits uint32) string {
	f := math.Float32frombits(bits)
	if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
		return fmt.Sprintf("0x%08x", bits)
	}
	s := strconv.FormatFloat(float64(f), 'g', -1, 32)
	if g, err := strconv.ParseFloat(s, 32); err != nil || math.Float32bits(float32(g)) != bits {
		return fmt.Sprintf("0x%08x", bits)
	}
	return s
}

func immString(op Opcode, t uint32) string {
	switch op {
	case OpDefI:
		return strconv.Itoa(int(int32(t)))
	case OpDefB:
		switch t {
		case 0:
			return "false"
		case 1:
			return "true"
		}
		return strconv.FormatUint(uint64(t), 10)
	}
	return formatFloatBits(t)
}

// FormatInstruction returns one instruction in assembler syntax.
func FormatInstruction(ins *Instruction, v Version) string {
	var b strings.Builder
	if ins.Coissue {
		b.WriteByte('+')
	}
	if ins.Predicated {
		b.WriteString("(" + srcString(&ins.Predicate, v) + ") ")
	}
	b.WriteString(instrHead(ins, v))
	sep := " "
	if ins.HasDst {
		b.WriteString(sep + dstString(&ins.Dst, v))
		sep = ", "
	}
	n := 0
	switch ins.Opcode {
	case OpDef, OpDefI:
		n = 4
	case OpDefB:
		n = 1
	}
	for i := 0; i < n; i++ {
		b.WriteString(sep + immString(ins.Opcode, ins.Imm[i]))
		sep = ", "
	}
	for i := range ins.Src {
		b.WriteString(sep + srcString(&ins.Src[i], v))
		sep = ", "
	}
	return b.String()
}

// Disassemble prints a program in the assembler syntax Assemble reads.
// Comment blocks are printed as "//" lines (a CTAB is summarised), which
// the assembler skips.
func Disassemble(p *Program) string {
	var b strings.Builder
	b.WriteString(p.Version.String() + "\n")
	ci := 0
	for i := 0; i <= len(p.Instructions); i++ {
		for ci < len(p.Comments) && p.Comments[ci].Before <= i {
			writeComment(&b, &p.Comments[ci])
			ci++
		}
		if i < len(p.Instructions) {
			b.WriteString("    " + FormatInstruction(&p.Instructions[i], p.Version) + "\n")
		}
	}
	return b.String()
}

func writeComment(b *strings.Builder, c *Comment) {
	fmt.Fprintf(b, "    // comment block, %d DWORDs\n", len(c.Data))
	if c.CTAB == nil {
		return
	}
	ct := c.CTAB
	fmt.Fprintf(b, "    // CTAB creator %q target %q version 0x%08x flags 0x%x\n", ct.Creator, ct.Target, ct.Version, ct.Flags)
	for _, k := range ct.Constants {
		fmt.Fprintf(b, "    //   %s: %s[%d] x%d class %d type %d %dx%d elements %d members %d\n",
			k.Name, k.RegisterSet, k.RegisterIndex, k.RegisterCount,
			k.Type.Class, k.Type.Type, k.Type.Rows, k.Type.Columns, k.Type.Elements, len(k.Type.Members))
	}
}
