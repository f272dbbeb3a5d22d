// Package ir is the shader intermediate representation shared by the DXSO
// lowering and the fixed-function generator (producers) and by the MSL
// emitter and the CPU interpreter (consumers).
//
// The IR is register based, like D3D9 itself: every value lives in a
// four-component register of one of three types (float4, int4, bool4).
// Instructions compute all four components and write the components named by
// a destination mask. Control flow is structured (if/else, counted loops,
// break, subroutine call/return, discard). D3D9's legacy arithmetic rules
// are explicit: they are opcodes or per-instruction flags, never something a
// consumer adds on its own. docs/shader-semantics.md records every rule.
package ir

// Stage is the pipeline stage a shader runs in.
type Stage uint8

const (
	StageVertex Stage = iota
	StagePixel
)

func (s Stage) String() string {
	if s == StagePixel {
		return "pixel"
	}
	return "vertex"
}

// Type is the type of a register value. Every register holds four components.
type Type uint8

const (
	TypeNone Type = iota
	TypeFloat
	TypeInt
	TypeBool
)

func (t Type) String() string {
	switch t {
	case TypeFloat:
		return "float4"
	case TypeInt:
		return "int4"
	case TypeBool:
		return "bool4"
	}
	return "none"
}

// Usage is a D3DDECLUSAGE value; the numbering is D3D9's.
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
)

var usageNames = [...]string{"position", "blendweight", "blendindices", "normal", "psize", "texcoord", "tangent", "binormal", "tessfactor", "positiont", "color", "fog", "depth", "sample"}

func (u Usage) String() string {
	if int(u) < len(usageNames) {
		return usageNames[u]
	}
	return "usage?"
}

// Interp is the interpolation of a pixel-shader varying input.
type Interp uint8

const (
	InterpPerspective Interp = iota // default: perspective-correct at the pixel centre
	InterpFlat                      // value of the provoking (first) vertex
	InterpCentroid                  // perspective-correct at the centroid
)

// SysValue marks an input whose value comes from the rasterizer rather than
// from a vertex attribute or a varying.
type SysValue uint8

const (
	SysNone SysValue = iota
	// SysPosition is the fragment's window position exactly as Metal's
	// [[position]] gives it: x,y in pixels with pixel centres at .5, z the
	// depth in 0..1, w = 1/clip w. D3D9's vPos (integer pixel centres) is
	// SysPosition.xy - 0.5; producers write that subtraction explicitly.
	SysPosition
	// SysFrontFace is D3D9's vFace: +1 for front-facing, -1 for back-facing
	// primitives, in all four components.
	SysFrontFace
	// SysPointCoord is (u, v, 0, 1) across a point sprite, u,v in 0..1.
	SysPointCoord
	// SysDefault is an input the vertex stage does not write (see
	// VariantKey.VSOutputs): it reads Input.Default, (0,0,0,0) but for
	// colour 0; for fog that is full fog, as D3D9 gives a vertex shader
	// that writes no oFog.
	SysDefault
)

// Input is one declared shader input. For the vertex stage Location is the
// vertex attribute index ([[attribute(Location)]]); the pipeline's vertex
// descriptor maps the D3D9 vertex declaration element with the same
// Usage/UsageIndex to it. For the pixel stage inputs are varyings matched by
// Usage/UsageIndex (see VaryingSlot) unless Sys is set.
type Input struct {
	Usage      Usage
	UsageIndex uint8
	Location   int
	Interp     Interp
	Sys        SysValue
}

// OutputKind is what an output register feeds.
type OutputKind uint8

const (
	OutVarying   OutputKind = iota // vertex: varying matched by Usage/UsageIndex
	OutPosition                    // vertex: clip-space position
	OutPointSize                   // vertex: point size (component x)
	OutClipDist                    // vertex: user clip distance Index (component x)
	OutColor                       // pixel: render target Index (0-3)
	OutDepth                       // pixel: depth (component x)
	// OutSampleMask is the pixel stage's sample mask (component x holds
	// the integer mask): the samples written are the covered ones whose
	// bit is set (Metal's [[sample_mask]]).
	OutSampleMask
)

// Output is one declared shader output.
type Output struct {
	Kind       OutputKind
	Index      int // colour target or clip distance number
	Usage      Usage
	UsageIndex uint8
}

// SamplerKind is the texture type behind a sampler.
type SamplerKind uint8

const (
	SamplerNone SamplerKind = iota
	Sampler2D
	SamplerCube
	Sampler3D
	// SamplerShadow2D is a 2D depth texture sampled with a comparison: the
	// reference is coord.z (after the projective divide when projected) and
	// the result is the filtered comparison in all four components.
	SamplerShadow2D
)

func (k SamplerKind) String() string {
	return [...]string{"none", "2d", "cube", "3d", "shadow2d"}[k]
}

// SamplerDecl declares sampler s# (the D3D9 sampler stage for the pixel
// stage, the vertex texture sampler 0-3 for the vertex stage).
type SamplerDecl struct {
	Index int
	Kind  SamplerKind
	// Projected makes every sample through this sampler divide its
	// coordinate by coord.w (D3DTTFF_PROJECTED for ps_1_x/ps_2_0).
	Projected bool
	// Fetch4, on a 2D sampler, makes every sample through it AMD's
	// FETCH4 (see Fetch4).
	Fetch4 Fetch4
}

// Fetch4 is AMD's FETCH4 on a 2D sampler (D3DSAMP_MIPMAPLODBIAS set to
// 'GET4' with a single-channel texture bound). A sample then returns one
// channel of the four texels of the 2x2 footprint whose top-left texel
// is the one a point sample at the coordinate reads (AMD's drivers shift
// the bilinear footprint by half a texel): red the top-right texel,
// green the bottom-left, blue the bottom-right, alpha the top-left.
// The level is the base level whatever the instruction's LOD, bias or
// gradients say; a projected sample is divided first. In Metal terms it
// is gather(coord + 0.5 / size).zxyw of that channel.
type Fetch4 uint8

const (
	Fetch4Off   Fetch4 = iota
	Fetch4Red          // gather red (L8, L16, R16F, R32F, depth textures)
	Fetch4Alpha        // gather alpha (A8)
)

// RegFile names a register file.
type RegFile uint8

const (
	RegNone      RegFile = iota
	RegTemp              // float4 temporaries r#
	RegITemp             // int4 temporaries (a0, aL, loop counters)
	RegBTemp             // bool4 temporaries (p0, comparison results)
	RegInput             // float4, index into Shader.Inputs
	RegOutput            // float4, index into Shader.Outputs
	RegConstF            // float4 constant buffer c#
	RegConstI            // int4 constant buffer i#
	RegConstB            // bool constant buffer b#: one bool replicated to 4 components
	RegDrawState         // float4 draw-state buffer (see DS* indices)
	RegImm               // immediate: Src.Imm holds the bits, Src.ImmType the type
)

// Type returns the value type of a register file (TypeNone for RegImm).
func (f RegFile) Type() Type {
	switch f {
	case RegTemp, RegInput, RegOutput, RegConstF, RegDrawState:
		return TypeFloat
	case RegITemp, RegConstI:
		return TypeInt
	case RegBTemp, RegConstB:
		return TypeBool
	}
	return TypeNone
}

// MaxClipPlanes is the number of D3D9 user clip planes the draw state
// and VariantKey.ClipPlanes carry: D3DCAPS9.MaxUserClipPlanes and the
// backends' clip distances are the same number.
const MaxClipPlanes = 8

// Draw-state buffer layout: float4 registers read through RegDrawState.
const (
	DSFog        = 0 // x fog start, y fog end, z density, w 1/(end-start)
	DSFogColor   = 1 // rgb fog colour, a unused
	DSAlphaRef   = 2 // x alpha reference in 0..1 (D3DRS_ALPHAREF/255), y the same in 0..255
	DSPointSize  = 3 // x point size, y min, z max
	DSHalfPixel  = 4 // clip xy' = xy*zw + w*xy: the viewport's fit to the target and the half-pixel offset (ff.FillViewState)
	DSClipPlane0 = 5 // MaxClipPlanes user clip planes (clip space), DSClipPlane0+i
	// DSTextureFactor is D3DRS_TEXTUREFACTOR as rgba in 0..1.
	DSTextureFactor = DSClipPlane0 + MaxClipPlanes
	// DSBumpEnv0+s is texture stage s's bump-env matrix (D3DTSS_BUMPENVMAT00,
	// 01, 10, 11 in x, y, z, w), for texbem/texbeml/bem and fixed function.
	DSBumpEnv0 = DSTextureFactor + 1
	// DSBumpLum0+s is stage s's (D3DTSS_BUMPENVLSCALE, D3DTSS_BUMPENVLOFFSET, 0, 0).
	DSBumpLum0 = DSBumpEnv0 + 8
	// DSLodBias0 holds the samplers' D3DSAMP_MIPMAPLODBIAS: pixel sampler
	// s in component s%4 of register DSLodBias0+s/4, vertex sampler s in
	// component s of DSLodBias0+4 (see LodBiasReg).
	DSLodBias0 = DSBumpLum0 + 8
	// DSBorder0+s is pixel sampler s's D3DSAMP_BORDERCOLOR as rgba in 0..1
	// (see VariantKey.BorderAxes).
	DSBorder0 = DSLodBias0 + 5
	// DSDepthBias.x is D3DRS_DEPTHBIAS in the position's z/w units (the
	// bias over the viewport's depth range), which the HalfPixel
	// epilogue adds to z*w: exact D3D9 bias whatever the depth format
	// stores (VariantKey.HalfPixel).
	DSDepthBias = DSBorder0 + 16
	DSCount     = DSDepthBias + 1
)

// Rel is relative addressing: the register index is Reg.Index plus
// component Comp of the int register Base (RegITemp or RegConstI).
type Rel struct {
	File  RegFile
	Index int
	Comp  uint8
}

// Reg names a register, possibly relatively addressed. Relative addressing
// is allowed on RegConstF, RegInput and RegOutput. Out-of-range relative
// reads give (0,0,0,0); out-of-range relative writes are dropped.
type Reg struct {
	File  RegFile
	Index int
	Rel   *Rel
}

// Swizzle selects source components: component i of the result is
// component Swizzle[i] of the register.
type Swizzle [4]uint8

// Identity is the swizzle .xyzw.
var Identity = Swizzle{0, 1, 2, 3}

// Replicate returns the swizzle that broadcasts component c.
func Replicate(c uint8) Swizzle { return Swizzle{c, c, c, c} }

// Mask selects destination components: bit i writes component i.
type Mask uint8

const (
	MaskX    Mask = 1
	MaskY    Mask = 2
	MaskZ    Mask = 4
	MaskW    Mask = 8
	MaskXY   Mask = 3
	MaskXYZ  Mask = 7
	MaskXYZW Mask = 15
)

// Src is an instruction operand. Abs is applied before Neg. For bool
// operands Neg means logical not and Abs is ignored.
type Src struct {
	Reg     Reg
	Swizzle Swizzle
	Abs     bool
	Neg     bool
	ImmType Type      // for RegImm
	Imm     [4]uint32 // for RegImm: float32 bits, int32 bits, or 0/1
}

// Dst is an instruction destination.
type Dst struct {
	Reg  Reg
	Mask Mask
}

// Opcode is an instruction operation. All operations are componentwise on
// four components unless the comment says otherwise; scalar D3D9
// operations (rcp, rsq, exp, log, pow) are expressed with replicate
// swizzles by the producer.
type Opcode uint8

const (
	OpNop Opcode = iota
	OpMov        // any type -> same type

	// float4 <- float4
	OpFrac  // x - floor(x)
	OpFloor // floor(x)
	OpCeil  // ceil(x)
	OpRcp   // 1/x: IEEE; rcp(+-0) = +-inf
	OpRsq   // 1/sqrt(|x|) (D3D9 rsq takes the absolute value); rsq(0) = +inf
	OpExp2  // 2^x
	OpLog2  // log2(|x|) (D3D9 log takes the absolute value); log2(0) = -inf
	OpSin
	OpCos
	OpSqrt // sqrt(x)
	OpSign // -1, 0, +1
	// OpNrm is D3D9 nrm: src * rsq(dot(src.xyz, src.xyz)) in all four
	// components; a zero xyz gives (0,0,0,0) instead of NaN.
	OpNrm
	// OpSinCos is D3D9 sincos: (cos x, sin x, 0, 0) of Src[0].x; the
	// producer masks .xy/.x/.y. The sm2 Taylor-constant operands are dropped.
	OpSinCos
	// OpLit is D3D9 lit on Src[0] (x = N.L, y = N.H, w = power).
	OpLit

	// float4 <- float4, float4
	OpAdd
	OpSub
	OpMul
	OpDiv
	OpMin
	OpMax
	OpDp2 // dot of .xy, broadcast
	OpDp3 // dot of .xyz, broadcast
	OpDp4 // dot of .xyzw, broadcast
	// OpPow is pow(|a|, b) (D3D9 pow takes the absolute value of the base),
	// with IEEE pow for the rest: pow(0, 0) = 1, pow(0, y<0) = +inf.
	OpPow
	OpCross // (a.yzx*b.zxy - a.zxy*b.yzx, w = 0)
	OpDst   // D3D9 dst: (1, a.y*b.y, a.z, b.w)

	// float4 <- float4, float4, float4
	OpMad    // a*b + c
	OpLrp    // D3D9 lrp: a*(b - c) + c (a is the factor)
	OpCmp    // D3D9 cmp: a >= 0 ? b : c, per component
	OpCnd    // D3D9 cnd: a > 0.5 ? b : c, per component
	OpDp2Add // dot(a.xy, b.xy) + c.x, broadcast

	// float4 <- bool4, float4, float4
	OpSelect // a ? b : c per component (any value type for b, c; result is theirs)

	// bool4 <- float4, float4
	OpLt
	OpLe
	OpEq
	OpNe
	OpGt
	OpGe

	// conversions
	OpF2IRound // int4 <- float4: round half away from zero (mova, and vs_1_1 mov a0)
	OpF2IFloor // int4 <- float4: floor
	OpI2F      // float4 <- int4
	OpB2F      // float4 <- bool4: 1.0 or 0.0

	// int4 <- int4, int4
	OpIAdd

	// bool4 <- bool4 (, bool4)
	OpNot
	OpAnd
	OpOr
	OpAny // any of the four components, broadcast (mask the unused ones with the swizzle)
	OpAll // all four components, broadcast

	// derivatives (pixel stage): float4 <- float4
	OpDdx
	OpDdy

	// OpTex samples sampler Inst.Sampler. Src[0] is the coordinate (xy for
	// 2D, xyz for cube/3D, xy + reference z for shadow). Src[1] is the bias
	// (TexBias) or the LOD (TexLod) in component x, or ddx (TexGrad) with
	// Src[2] ddy. Inst.Project divides the coordinate by its w first.
	OpTex

	opCount
)

var opNames = [...]string{
	"nop", "mov", "frac", "floor", "ceil", "rcp", "rsq", "exp2", "log2", "sin", "cos", "sqrt", "sign", "nrm", "sincos", "lit",
	"add", "sub", "mul", "div", "min", "max", "dp2", "dp3", "dp4", "pow", "cross", "dst",
	"mad", "lrp", "cmp", "cnd", "dp2add", "select",
	"lt", "le", "eq", "ne", "gt", "ge",
	"f2i_round", "f2i_floor", "i2f", "b2f", "iadd",
	"not", "and", "or", "any", "all", "ddx", "ddy", "tex",
}

func (o Opcode) String() string {
	if int(o) < len(opNames) {
		return opNames[o]
	}
	return "op?"
}

// NumSrcs returns the number of source operands an opcode takes (for OpTex
// the maximum; see TexMode).
func (o Opcode) NumSrcs() int {
	switch {
	case o == OpNop:
		return 0
	case o <= OpLit || o == OpF2IRound || o == OpF2IFloor || o == OpI2F || o == OpB2F || o == OpNot || o == OpAny || o == OpAll || o == OpDdx || o == OpDdy:
		return 1
	case o <= OpDst || (o >= OpLt && o <= OpGe) || o == OpIAdd || o == OpAnd || o == OpOr:
		return 2
	case o == OpTex:
		return 3
	}
	return 3
}

// TexMode selects how OpTex picks its level of detail.
type TexMode uint8

const (
	TexImplicit TexMode = iota // LOD from the quad's coordinate derivatives
	TexBias                    // implicit LOD + Src[1].x
	TexLod                     // explicit LOD Src[1].x
	TexGrad                    // explicit gradients Src[1], Src[2]
	// TexBumped is an implicit-LOD sample of the pixel stage at Src[0]
	// with Src[1].xy added after the coordinate's projection
	// (D3DTTFF_PROJECTED): ps_1_x's texbem and texbeml, which perturb the
	// projected coordinate. ApplyVariant turns it into TexImplicit, so
	// backends never see it; the interpreter reads it unprojected.
	TexBumped
)

// Clamp is a result clamp applied after Shift.
type Clamp uint8

const (
	ClampNone Clamp = iota
	ClampSat        // [0, 1]: the _sat modifier
	// ClampPS1x is ps_1_x arithmetic range [-Shader.PS1xMax, +Shader.PS1xMax]
	// (D3DCAPS9.PixelShader1xMaxValue).
	ClampPS1x
	// ClampSnorm is [-1, 1]: the range of ps_1_x constant registers.
	ClampSnorm
)

// Stmt is a statement: *Inst, *If, *Loop, *Break, *Call, *Return or *Discard.
type Stmt interface{ stmt() }

// Inst is one instruction: Dst = clamp(op(Src...) * 2^Shift), written
// under Dst.Mask and, if Pred is set, only where the predicate holds.
type Inst struct {
	Op  Opcode
	Dst Dst
	Src []Src
	// LegacyMul makes OpMul, OpMad (the product), OpDp2/3/4, OpDp2Add and
	// OpLrp (the product) treat 0 * anything, including inf and NaN, as 0:
	// D3D9 hardware multiplies this way and shaders rely on it.
	LegacyMul bool
	Shift     int8 // ps_1_x result shift: _x2 = 1, _x4 = 2, _x8 = 3, _d2 = -1 ...
	Clamp     Clamp
	// Pred, if set, is a bool source: component i is written only where
	// component Pred.Swizzle[i] holds (negated by Pred.Neg).
	Pred *Src

	// OpTex only.
	Sampler int
	TexMode TexMode
	Project bool
}

// If runs Then when the scalar condition holds, else Else. Cond is a bool
// source; its Swizzle[0] component is tested, negated by Cond.Neg.
type If struct {
	Cond Src
	Then []Stmt
	Else []Stmt
}

// Loop runs Body Count times (component Count.Swizzle[0], an int, clamped
// to 0..255 as D3D9's loop and rep limit it). If Counter.File is RegITemp,
// component x of that register is set to Init.Swizzle[0] before the first
// iteration and increased by Step.Swizzle[0] after each (D3D9 aL);
// components y..w are left alone. Count, Init and Step are read once, at
// loop entry, before the counter is set. Without a counter (rep), Init and
// Step are ignored.
type Loop struct {
	Count   Src
	Counter Reg
	Init    Src
	Step    Src
	Body    []Stmt
}

// Break leaves the innermost loop; with Cond set, only when the scalar
// condition (as for If) holds.
type Break struct {
	Cond *Src
}

// Call runs subroutine Shader.Subs[Sub]. Subroutines share all registers
// with the caller. Recursion is not allowed.
type Call struct {
	Sub int
}

// Return leaves the current subroutine, or ends the shader in the main
// body (outputs keep what was written so far).
type Return struct{}

// Discard kills the pixel (D3D9 texkill / clip). With Cond set, only when
// the scalar condition holds. A killed pixel keeps executing as a helper
// lane so derivatives stay defined; its outputs are not written.
type Discard struct {
	Cond *Src
}

func (*Inst) stmt()    {}
func (*If) stmt()      {}
func (*Loop) stmt()    {}
func (*Break) stmt()   {}
func (*Call) stmt()    {}
func (*Return) stmt()  {}
func (*Discard) stmt() {}

// DefF, DefI and DefB are constants defined by the shader itself (def,
// defi, defb). They shadow the constant buffer at Index for direct and
// relative reads alike.
type DefF struct {
	Index int
	Value [4]float32
}
type DefI struct {
	Index int
	Value [4]int32
}
type DefB struct {
	Index int
	Value bool
}

// Shader is one shader of one stage.
type Shader struct {
	Stage Stage
	// Version is the D3D9 shader model, major<<8|minor (0x300 for 3_0); 0
	// for fixed-function shaders. Informational: semantics never depend on
	// it, the producer encodes version differences in the IR.
	Version uint16

	Inputs   []Input
	Outputs  []Output
	Samplers []SamplerDecl

	NumTemps  int // RegTemp registers
	NumITemps int // RegITemp registers
	NumBTemps int // RegBTemp registers

	// Constant buffer sizes in registers. Reads at or past the size give 0.
	NumConstF int
	NumConstI int
	NumConstB int

	DefF []DefF
	DefI []DefI
	DefB []DefB

	// PS1xMax is the bound used by ClampPS1x (D3DCAPS9.PixelShader1xMaxValue).
	PS1xMax float32

	Body []Stmt
	Subs [][]Stmt
}

// Sampler returns the declaration of sampler index, or nil.
func (s *Shader) Sampler(index int) *SamplerDecl {
	for i := range s.Samplers {
		if s.Samplers[i].Index == index {
			return &s.Samplers[i]
		}
	}
	return nil
}

// VaryingSlot is the fixed link slot for a varying of the given usage and
// index; vertex outputs and pixel inputs with the same slot are linked.
// texcoord n -> n (0-15), color n -> 16+n (0-3), fog -> 20, and any other
// usage u, index n -> 32 + 16*u + n. Slots are below MaxVaryingSlots.
func VaryingSlot(u Usage, index uint8) int {
	switch u {
	case UsageTexCoord:
		return int(index & 15)
	case UsageColor:
		return 16 + int(index&3)
	case UsageFog:
		return 20
	}
	return 32 + 16*int(u) + int(index&15)
}

// Default is what a SysDefault input reads: (1,1,1,1) for colour 0, the
// diffuse colour D3D9 gives a pixel stage behind a vertex shader that
// writes no oD0 (Windows' drivers all agree, Wine's
// test_uninitialized_varyings), and (0,0,0,0) for every other varying
// (where drivers differ, NVIDIA's answer for specular and texture
// coordinates).
func (in Input) Default() [4]float32 {
	if in.Usage == UsageColor && in.UsageIndex == 0 {
		return [4]float32{1, 1, 1, 1}
	}
	return [4]float32{}
}

// MaxVaryingSlots bounds VaryingSlot.
const MaxVaryingSlots = 256
