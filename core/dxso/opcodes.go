package dxso

// vr is a packed version major<<8|minor; ranges are inclusive.
type vr uint16

func pack(v Version) vr { return vr(v.Major)<<8 | vr(v.Minor) }

type verRange struct{ min, max vr }

var (
	none    = verRange{}
	all     = verRange{0x100, 0x3FF}
	from20  = verRange{0x200, 0x3FF}
	from21  = verRange{0x201, 0x3FF}
	from30  = verRange{0x300, 0x3FF}
	from12  = verRange{0x102, 0x3FF}
	ps1x    = verRange{0x100, 0x104}
	ps10    = verRange{0x100, 0x100} // texm3x3diff: reserved, never valid after ps_1_0
	ps10_13 = verRange{0x100, 0x103}
	ps12_13 = verRange{0x102, 0x103}
	ps13    = verRange{0x103, 0x103}
	ps14    = verRange{0x104, 0x104}
)

func (r verRange) has(v vr) bool { return r.min != 0 && v >= r.min && v <= r.max }

type opInfo struct {
	name string
	dst  bool
	src  int
	vs   verRange
	ps   verRange
}

var opTable = map[Opcode]opInfo{
	OpNop:          {"nop", false, 0, all, all},
	OpMov:          {"mov", true, 1, all, all},
	OpAdd:          {"add", true, 2, all, all},
	OpSub:          {"sub", true, 2, all, all},
	OpMad:          {"mad", true, 3, all, all},
	OpMul:          {"mul", true, 2, all, all},
	OpRcp:          {"rcp", true, 1, all, from20},
	OpRsq:          {"rsq", true, 1, all, from20},
	OpDp3:          {"dp3", true, 2, all, all},
	OpDp4:          {"dp4", true, 2, all, from12},
	OpMin:          {"min", true, 2, all, from20},
	OpMax:          {"max", true, 2, all, from20},
	OpSlt:          {"slt", true, 2, all, none},
	OpSge:          {"sge", true, 2, all, none},
	OpExp:          {"exp", true, 1, all, from20},
	OpLog:          {"log", true, 1, all, from20},
	OpLit:          {"lit", true, 1, all, none},
	OpDst:          {"dst", true, 2, all, none},
	OpLrp:          {"lrp", true, 3, from20, all},
	OpFrc:          {"frc", true, 1, all, from20},
	OpM4x4:         {"m4x4", true, 2, all, from20},
	OpM4x3:         {"m4x3", true, 2, all, from20},
	OpM3x4:         {"m3x4", true, 2, all, from20},
	OpM3x3:         {"m3x3", true, 2, all, from20},
	OpM3x2:         {"m3x2", true, 2, all, from20},
	OpCall:         {"call", false, 1, from20, from21},
	OpCallNZ:       {"callnz", false, 2, from20, from21},
	OpLoop:         {"loop", false, 2, from20, from30},
	OpRet:          {"ret", false, 0, from20, from21},
	OpEndLoop:      {"endloop", false, 0, from20, from30},
	OpLabel:        {"label", false, 1, from20, from21},
	OpDcl:          {"dcl", true, 0, all, from20},
	OpPow:          {"pow", true, 2, from20, from20},
	OpCrs:          {"crs", true, 2, from20, from20},
	OpSgn:          {"sgn", true, 3, from20, none},
	OpAbs:          {"abs", true, 1, from20, from20},
	OpNrm:          {"nrm", true, 1, from20, from20},
	OpSinCos:       {"sincos", true, 3, from20, from20},
	OpRep:          {"rep", false, 1, from20, from21},
	OpEndRep:       {"endrep", false, 0, from20, from21},
	OpIf:           {"if", false, 1, from20, from21},
	OpIfC:          {"ifc", false, 2, from21, from21},
	OpElse:         {"else", false, 0, from20, from21},
	OpEndIf:        {"endif", false, 0, from20, from21},
	OpBreak:        {"break", false, 0, from21, from21},
	OpBreakC:       {"breakc", false, 2, from21, from21},
	OpMova:         {"mova", true, 1, from20, none},
	OpDefB:         {"defb", true, 0, from20, from20},
	OpDefI:         {"defi", true, 0, from20, from21},
	OpTexCoord:     {"texcoord", true, 0, none, ps1x},
	OpTexKill:      {"texkill", true, 0, none, all},
	OpTex:          {"tex", true, 0, none, all},
	OpTexBem:       {"texbem", true, 1, none, ps10_13},
	OpTexBemL:      {"texbeml", true, 1, none, ps10_13},
	OpTexReg2AR:    {"texreg2ar", true, 1, none, ps10_13},
	OpTexReg2GB:    {"texreg2gb", true, 1, none, ps10_13},
	OpTexM3x2Pad:   {"texm3x2pad", true, 1, none, ps10_13},
	OpTexM3x2Tex:   {"texm3x2tex", true, 1, none, ps10_13},
	OpTexM3x3Pad:   {"texm3x3pad", true, 1, none, ps10_13},
	OpTexM3x3Tex:   {"texm3x3tex", true, 1, none, ps10_13},
	OpTexM3x3Diff:  {"texm3x3diff", true, 1, none, ps10},
	OpTexM3x3Spec:  {"texm3x3spec", true, 2, none, ps10_13},
	OpTexM3x3VSpec: {"texm3x3vspec", true, 1, none, ps10_13},
	OpExpP:         {"expp", true, 1, all, none},
	OpLogP:         {"logp", true, 1, all, none},
	OpCnd:          {"cnd", true, 3, none, ps1x},
	OpDef:          {"def", true, 0, all, all},
	OpTexReg2RGB:   {"texreg2rgb", true, 1, none, ps12_13},
	OpTexDp3Tex:    {"texdp3tex", true, 1, none, ps12_13},
	OpTexM3x2Depth: {"texm3x2depth", true, 1, none, ps13},
	OpTexDp3:       {"texdp3", true, 1, none, ps12_13},
	OpTexM3x3:      {"texm3x3", true, 1, none, ps12_13},
	OpTexDepth:     {"texdepth", true, 0, none, ps14},
	OpCmp:          {"cmp", true, 3, none, from12},
	OpBem:          {"bem", true, 2, none, ps14},
	OpDp2Add:       {"dp2add", true, 3, none, from20},
	OpDsx:          {"dsx", true, 1, none, from21},
	OpDsy:          {"dsy", true, 1, none, from21},
	OpTexLdd:       {"texldd", true, 4, none, from21},
	OpSetP:         {"setp", true, 2, from21, from21},
	OpTexLdl:       {"texldl", true, 2, from30, from30},
	OpBreakP:       {"breakp", false, 1, from21, from21},
	OpPhase:        {"phase", false, 0, none, ps14},
}

// Layout says how an opcode's operands look in a given version.
type Layout struct {
	Dst bool // one destination parameter
	Src int  // source parameters
	Imm int  // immediate DWORDs after the destination (def, defi, defb)
	Dcl bool // a declaration token precedes the destination
}

// LayoutOf returns the operand layout of op in version v, or ok=false when
// op does not exist in v.
func LayoutOf(op Opcode, v Version) (l Layout, ok bool) {
	info, found := opTable[op]
	if !found {
		return l, false
	}
	pv := pack(v)
	if v.Type == VertexShader {
		if v.Major == 1 && v.Minor == 0 {
			pv = 0x101
		}
		if !info.vs.has(pv) {
			return l, false
		}
	} else if !info.ps.has(pv) {
		return l, false
	}
	l = Layout{Dst: info.dst, Src: info.src}
	switch op {
	case OpDcl:
		l.Dcl = true
	case OpDef, OpDefI:
		l.Imm = 4
	case OpDefB:
		l.Imm = 1
	case OpSgn, OpSinCos:
		if v.Major >= 3 {
			l.Src = 1
		}
	case OpTexCoord:
		if v.Minor == 4 {
			l.Src = 1
		}
	case OpTex:
		switch {
		case v.Major >= 2:
			l.Src = 2
		case v.Minor == 4:
			l.Src = 1
		}
	}
	return l, true
}

// Name returns the assembler mnemonic of op in version v without controls
// or modifiers: "texld"/"texcrd" in ps_1_4 and later, "tex"/"texcoord"
// before.
func (op Opcode) Name(v Version) string {
	switch op {
	case OpTex:
		if v.Type == PixelShader && (v.Major >= 2 || v.Minor == 4) {
			return "texld"
		}
	case OpTexCoord:
		if v.Type == PixelShader && v.Major == 1 && v.Minor == 4 {
			return "texcrd"
		}
	case OpComment:
		return "comment"
	case OpEnd:
		return "end"
	}
	if info, ok := opTable[op]; ok {
		return info.name
	}
	return "unknown"
}

// String returns the version-independent mnemonic.
func (op Opcode) String() string { return op.Name(Version{Type: VertexShader, Major: 2}) }

// Opcodes lists every instruction opcode this package knows (not comment
// or end), in numeric order.
func Opcodes() []Opcode {
	var ops []Opcode
	for op := OpNop; op <= OpDefI; op++ {
		ops = append(ops, op)
	}
	for op := OpTexCoord; op <= OpBreakP; op++ {
		ops = append(ops, op)
	}
	return append(ops, OpPhase)
}
