package dxso

import "math"

// ShaderType says whether a program is a vertex or a pixel shader.
type ShaderType uint8

const (
	VertexShader ShaderType = iota
	PixelShader
)

func (t ShaderType) String() string {
	if t == PixelShader {
		return "ps"
	}
	return "vs"
}

// Version is the shader model of a program: the version token.
type Version struct {
	Type  ShaderType
	Major uint8
	Minor uint8 // 1 is "2_x" for major 2, 255 is "_sw"
}

// AtLeast reports whether v is major.minor or later (same shader type assumed).
func (v Version) AtLeast(major, minor uint8) bool {
	return v.Major > major || (v.Major == major && v.Minor >= minor)
}

// Before reports whether v is earlier than major.minor.
func (v Version) Before(major, minor uint8) bool { return !v.AtLeast(major, minor) }

// IsPS reports whether v is a pixel shader version.
func (v Version) IsPS() bool { return v.Type == PixelShader }

// IsVS reports whether v is a vertex shader version.
func (v Version) IsVS() bool { return v.Type == VertexShader }

// Token is the version token for v.
func (v Version) Token() uint32 {
	hi := uint32(0xFFFE)
	if v.Type == PixelShader {
		hi = 0xFFFF
	}
	return hi<<16 | uint32(v.Major)<<8 | uint32(v.Minor)
}

// String is the assembler spelling, e.g. "vs_2_0", "ps_2_x", "vs_3_sw".
func (v Version) String() string {
	minor := string(rune('0' + v.Minor%10))
	switch {
	case v.Minor == 255:
		minor = "sw"
	case v.Major == 2 && v.Minor == 1:
		minor = "x"
	case v.Minor >= 10:
		minor = "?"
	}
	return v.Type.String() + "_" + string(rune('0'+v.Major%10)) + "_" + minor
}

// knownVersion reports whether v is a version this package accepts.
func knownVersion(v Version) bool {
	if v.Type == VertexShader {
		switch v.Major {
		case 1:
			return v.Minor <= 1
		case 2:
			return v.Minor == 0 || v.Minor == 1 || v.Minor == 255
		case 3:
			return v.Minor == 0 || v.Minor == 255
		}
		return false
	}
	switch v.Major {
	case 1:
		return v.Minor <= 4
	case 2:
		return v.Minor == 0 || v.Minor == 1 || v.Minor == 255
	case 3:
		return v.Minor == 0 || v.Minor == 255
	}
	return false
}

// Opcode is the low 16 bits of an instruction token (D3DSIO_*).
type Opcode uint16

const (
	OpNop Opcode = iota
	OpMov
	OpAdd
	OpSub
	OpMad
	OpMul
	OpRcp
	OpRsq
	OpDp3
	OpDp4
	OpMin
	OpMax
	OpSlt
	OpSge
	OpExp
	OpLog
	OpLit
	OpDst
	OpLrp
	OpFrc
	OpM4x4
	OpM4x3
	OpM3x4
	OpM3x3
	OpM3x2
	OpCall
	OpCallNZ
	OpLoop
	OpRet
	OpEndLoop
	OpLabel
	OpDcl
	OpPow
	OpCrs
	OpSgn
	OpAbs
	OpNrm
	OpSinCos
	OpRep
	OpEndRep
	OpIf
	OpIfC
	OpElse
	OpEndIf
	OpBreak
	OpBreakC
	OpMova
	OpDefB
	OpDefI
)

const (
	OpTexCoord Opcode = iota + 64
	OpTexKill
	OpTex
	OpTexBem
	OpTexBemL
	OpTexReg2AR
	OpTexReg2GB
	OpTexM3x2Pad
	OpTexM3x2Tex
	OpTexM3x3Pad
	OpTexM3x3Tex
	OpTexM3x3Diff // D3DSIO_RESERVED0
	OpTexM3x3Spec
	OpTexM3x3VSpec
	OpExpP
	OpLogP
	OpCnd
	OpDef
	OpTexReg2RGB
	OpTexDp3Tex
	OpTexM3x2Depth
	OpTexDp3
	OpTexM3x3
	OpTexDepth
	OpCmp
	OpBem
	OpDp2Add
	OpDsx
	OpDsy
	OpTexLdd
	OpSetP
	OpTexLdl
	OpBreakP
)

const (
	OpPhase   Opcode = 0xFFFD
	OpComment Opcode = 0xFFFE
	OpEnd     Opcode = 0xFFFF
)

// EndToken is the token that ends every program.
const EndToken uint32 = 0x0000FFFF

// RegType is a register file (D3DSPR_*). In tokens it is split over bits
// 28..30 (low three bits) and 11..12 (high two bits).
type RegType uint8

const (
	RegTemp        RegType = 0
	RegInput       RegType = 1
	RegConst       RegType = 2
	RegAddr        RegType = 3 // vertex shaders: a0
	RegTexture     RegType = 3 // pixel shaders: t#
	RegRastOut     RegType = 4
	RegAttrOut     RegType = 5
	RegTexCrdOut   RegType = 6 // vs < 3.0: oT#
	RegOutput      RegType = 6 // vs 3.0: o#
	RegConstInt    RegType = 7
	RegColorOut    RegType = 8
	RegDepthOut    RegType = 9
	RegSampler     RegType = 10
	RegConst2      RegType = 11
	RegConst3      RegType = 12
	RegConst4      RegType = 13
	RegConstBool   RegType = 14
	RegLoop        RegType = 15
	RegTempFloat16 RegType = 16
	RegMiscType    RegType = 17
	RegLabel       RegType = 18
	RegPredicate   RegType = 19

	numRegTypes = 20
)

// Rasterizer output register numbers (RegRastOut).
const (
	RastPosition  = 0 // oPos
	RastFog       = 1 // oFog
	RastPointSize = 2 // oPts
)

// Misc register numbers (RegMiscType).
const (
	MiscPosition = 0 // vPos
	MiscFace     = 1 // vFace
)

// SrcMod is a source modifier (D3DSPSM_*), bits 24..27 of a source token.
type SrcMod uint8

const (
	SrcNone    SrcMod = iota // r
	SrcNeg                   // -r
	SrcBias                  // r_bias
	SrcBiasNeg               // -r_bias
	SrcSign                  // r_bx2
	SrcSignNeg               // -r_bx2
	SrcComp                  // 1-r
	SrcX2                    // r_x2
	SrcX2Neg                 // -r_x2
	SrcDz                    // r_dz
	SrcDw                    // r_dw
	SrcAbs                   // r_abs
	SrcAbsNeg                // -r_abs
	SrcNot                   // !r

	numSrcMods = 14
)

// Comparison is the comparison of ifc, breakc and setp (bits 16..18).
type Comparison uint8

const (
	CmpNone Comparison = 0
	CmpGT   Comparison = 1
	CmpEQ   Comparison = 2
	CmpGE   Comparison = 3
	CmpLT   Comparison = 4
	CmpNE   Comparison = 5
	CmpLE   Comparison = 6
)

var cmpNames = [...]string{"", "gt", "eq", "ge", "lt", "ne", "le"}

func (c Comparison) String() string {
	if int(c) < len(cmpNames) {
		return cmpNames[c]
	}
	return "?"
}

// TexControl is the texld variant of ps 2.0+ (bits 16..17).
type TexControl uint8

const (
	TexPlain   TexControl = 0
	TexProject TexControl = 1 // texldp
	TexBias    TexControl = 2 // texldb
)

// Usage is a declaration usage (D3DDECLUSAGE).
type Usage uint8

const (
	UsagePosition Usage = iota
	UsageBlendWeight
	UsageBlendIndices
	UsageNormal
	UsagePSize
	UsageTexCoord
	UsageTangent
	UsageBinormal
	UsageTessFactor
	UsagePositionT
	UsageColor
	UsageFog
	UsageDepth
	UsageSample

	numUsages = 14
)

var usageNames = [...]string{"position", "blendweight", "blendindices", "normal", "psize",
	"texcoord", "tangent", "binormal", "tessfactor", "positiont", "color", "fog", "depth", "sample"}

func (u Usage) String() string {
	if int(u) < len(usageNames) {
		return usageNames[u]
	}
	return "?"
}

// TextureType is the sampler type of a sampler declaration (bits 27..30).
type TextureType uint8

const (
	TextureUnknown TextureType = 0
	Texture2D      TextureType = 2
	TextureCube    TextureType = 3
	TextureVolume  TextureType = 4
)

func (t TextureType) String() string {
	switch t {
	case Texture2D:
		return "2d"
	case TextureCube:
		return "cube"
	case TextureVolume:
		return "volume"
	}
	return ""
}

// Register names one register: a file and an index in it.
type Register struct {
	Type RegType
	Num  uint16 // 0..2047
}

// Number is the register's number as the assembler writes it: the
// constant files 2..4 continue c at 2048, 4096 and 6144.
func (r Register) Number() int { return regNumber(r) }

// IsConst reports whether r is in one of the float constant files.
func (r Register) IsConst() bool {
	switch r.Type {
	case RegConst, RegConst2, RegConst3, RegConst4:
		return true
	}
	return false
}

// RelAddr is the register that relatively addresses an operand: a0.<comp>
// or aL. In vs_1_x it is always a0.x (no token in the stream).
type RelAddr struct {
	Reg       Register
	Component uint8 // 0..3 = x..w
}

// Swizzle is a source swizzle: two bits per output component, x in bits 0..1.
type Swizzle uint8

// SwizzleIdentity is .xyzw.
const SwizzleIdentity Swizzle = 0xE4

// Component returns the source component read for output component i.
func (s Swizzle) Component(i int) uint8 { return uint8(s>>(2*uint(i))) & 3 }

// Dst is a destination parameter.
type Dst struct {
	Reg      Register
	Mask     uint8 // write mask, bit 0 = x; never 0
	Saturate bool
	Partial  bool // _pp
	Centroid bool
	Shift    int8 // ps_1_x result shift: 1,2,3 = _x2,_x4,_x8; -1,-2,-3 = _d2,_d4,_d8
	Relative bool
	RelAddr  RelAddr
}

// Src is a source parameter.
type Src struct {
	Reg      Register
	Swizzle  Swizzle
	Mod      SrcMod
	Relative bool
	RelAddr  RelAddr
}

// Decl is the declaration token of dcl.
type Decl struct {
	Usage       Usage
	UsageIndex  uint8
	TextureType TextureType // samplers only
}

// Instruction is one decoded instruction (never a comment or the end token).
type Instruction struct {
	Opcode Opcode
	Offset int // DWORD offset of the instruction token
	Length int // DWORDs including the instruction token

	Comparison Comparison // ifc, breakc, setp
	TexControl TexControl // tex (texld) in ps 2.0+
	Coissue    bool       // ps_1_x co-issue ("+")
	Predicated bool
	Predicate  Src // valid if Predicated

	HasDst bool
	Dst    Dst
	Src    []Src

	Decl Decl      // dcl only
	Imm  [4]uint32 // def (float bits), defi (int32), defb (Imm[0] != 0)
}

// Comment is a comment block kept raw.
type Comment struct {
	Offset int // DWORD offset of the comment token
	// Before is the index in Program.Instructions of the instruction that
	// follows the comment (len(Instructions) if it precedes the end token).
	Before int
	Data   []uint32
	// CTAB is the decoded constant table when Data starts with "CTAB".
	CTAB *ConstantTable
	// CTABError says why a comment starting with "CTAB" did not decode
	// (the program is still accepted).
	CTABError string
}

// Program is a decoded shader.
type Program struct {
	Version      Version
	Instructions []Instruction
	Comments     []Comment
	// Constants is the first constant table found in a comment, or nil.
	Constants *ConstantTable
	// EndOffset is the DWORD offset of the end token.
	EndOffset int
}

// Floats returns the immediates of def as floats.
func (ins *Instruction) Floats() [4]float32 {
	var f [4]float32
	for i, b := range ins.Imm {
		f[i] = math.Float32frombits(b)
	}
	return f
}

// Ints returns the immediates of defi as integers.
func (ins *Instruction) Ints() [4]int32 {
	var n [4]int32
	for i, b := range ins.Imm {
		n[i] = int32(b)
	}
	return n
}

// Bool returns the immediate of defb.
func (ins *Instruction) Bool() bool { return ins.Imm[0] != 0 }
