package msl_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	. "mtld3d/core/ir"
	"mtld3d/core/msl"
)

func ptr[T any](v T) *T { return &v }

func imm(x, y, z, w float32) Src { return ImmF(x, y, z, w) }

// vsFixed is a fixed-function-like vertex shader: position through a
// 4x4 matrix in c0-c3, texcoord and diffuse passed on, vertex fog factor.
func vsFixed() *Shader {
	pos, tc, col := In(0).S(), In(1).S(), In(2).S()
	s := &Shader{Stage: StageVertex, NumTemps: 2, NumConstF: 8,
		Inputs: []Input{{Usage: UsagePosition, Location: 0}, {Usage: UsageTexCoord, Location: 1}, {Usage: UsageColor, Location: 2}},
		Outputs: []Output{{Kind: OutPosition}, {Kind: OutVarying, Usage: UsageTexCoord}, {Kind: OutVarying, Usage: UsageColor},
			{Kind: OutVarying, Usage: UsageFog}},
	}
	s.Body = []Stmt{
		&Inst{Op: OpDp4, Dst: Out(0).D(MaskX), Src: []Src{pos, ConstF(0).S()}, LegacyMul: true},
		&Inst{Op: OpDp4, Dst: Out(0).D(MaskY), Src: []Src{pos, ConstF(1).S()}, LegacyMul: true},
		&Inst{Op: OpDp4, Dst: Out(0).D(MaskZ), Src: []Src{pos, ConstF(2).S()}, LegacyMul: true},
		&Inst{Op: OpDp4, Dst: Out(0).D(MaskW), Src: []Src{pos, ConstF(3).S()}, LegacyMul: true},
		Op(OpMov, Out(1).D(0), tc),
		&Inst{Op: OpMov, Dst: Out(2).D(0), Src: []Src{col}, Clamp: ClampSat},
		// linear vertex fog on eye z: (end - z) / (end - start) from c4.x/c4.y
		Op(OpSub, Temp(0).D(MaskX), ConstF(4).S().Swz('y'), Out(0).S().Swz('w')),
		&Inst{Op: OpMul, Dst: Out(3).D(MaskX), Src: []Src{Temp(0).S().Swz('x'), ConstF(4).S().Swz('z')}, Clamp: ClampSat},
	}
	return s
}

// ps1x is a ps_1_4-like pixel shader: tex, modulate with _x2 and range
// clamp, cnd, lrp, dp3 with bx2 expanded.
func ps1x() *Shader {
	r0, r1 := Temp(0), Temp(1)
	s := &Shader{Stage: StagePixel, Version: 0x104, NumTemps: 2, NumConstF: 8, PS1xMax: 8,
		Inputs:   []Input{{Usage: UsageTexCoord}, {Usage: UsageTexCoord, UsageIndex: 1}, {Usage: UsageColor}},
		Outputs:  []Output{{Kind: OutColor}},
		Samplers: []SamplerDecl{{Index: 0, Kind: Sampler2D}, {Index: 1, Kind: Sampler2D}},
	}
	s.Body = []Stmt{
		Tex(r0.D(0), 0, TexImplicit, In(0).S()),
		Tex(r1.D(0), 1, TexImplicit, In(1).S()),
		&Inst{Op: OpMul, Dst: r0.D(MaskXYZ), Src: []Src{r0.S(), In(2).S()}, Shift: 1, Clamp: ClampPS1x},
		// bx2: r1 = r1*2 - 1
		&Inst{Op: OpMad, Dst: r1.D(0), Src: []Src{r1.S(), ImmF1(2), ImmF1(-1)}, Clamp: ClampPS1x},
		&Inst{Op: OpDp3, Dst: r1.D(MaskW), Src: []Src{r1.S(), ConstF(0).S()}, LegacyMul: true, Clamp: ClampSat},
		&Inst{Op: OpCnd, Dst: r0.D(MaskW), Src: []Src{r1.S().Swz('w'), ConstF(1).S(), ConstF(2).S()}, Clamp: ClampPS1x},
		&Inst{Op: OpLrp, Dst: Out(0).D(0), Src: []Src{ConstF(3).S().Swz('w'), r0.S(), ConstF(3).S()}, LegacyMul: true, Clamp: ClampPS1x},
	}
	return s
}

// ps30 exercises sm3 control flow, predication, relative addressing,
// subroutines, derivatives, every texture kind and mode, discard, system
// values and multiple outputs.
func ps30() *Shader {
	r0, r1, r2, aL, p0, b1 := Temp(0), Temp(1), Temp(2), ITemp(0), BTemp(0), BTemp(1)
	s := &Shader{Stage: StagePixel, Version: 0x300, NumTemps: 3, NumITemps: 1, NumBTemps: 2,
		NumConstF: 224, NumConstI: 16, NumConstB: 16,
		DefF: []DefF{{Index: 10, Value: [4]float32{0.5, 1, 2, -0.0}}},
		DefI: []DefI{{Index: 1, Value: [4]int32{3, 0, 1, 0}}},
		Inputs: []Input{{Usage: UsageTexCoord, Interp: InterpCentroid}, {Usage: UsageColor, Interp: InterpFlat},
			{Sys: SysPosition}, {Sys: SysFrontFace}, {Usage: UsageNormal, UsageIndex: 2}},
		Outputs:  []Output{{Kind: OutColor}, {Kind: OutColor, Index: 1}, {Kind: OutDepth}},
		Samplers: []SamplerDecl{{Index: 0, Kind: Sampler2D}, {Index: 1, Kind: SamplerCube}, {Index: 2, Kind: Sampler3D}, {Index: 3, Kind: SamplerShadow2D}},
	}
	// vPos = position - 0.5
	s.Body = []Stmt{
		Op(OpAdd, r2.D(MaskXY), In(2).S(), ImmF1(-0.5)),
		&Loop{Count: ConstI(1).S(), Counter: aL, Init: ConstI(1).S().Swz('y'), Step: ConstI(1).S().Swz('z'), Body: []Stmt{
			Op(OpAdd, r0.D(0), r0.S(), ConstF(10).Relative(aL, 0).S()),
			Op(OpLt, p0.D(MaskX), r0.S().Swz('x'), ConstF(0).S().Swz('x')),
			&Break{Cond: ptr(p0.S())},
		}},
		&Loop{Count: ImmI(4, 0, 0, 0), Body: []Stmt{Op(OpMul, r0.D(0), r0.S(), ImmF1(0.5)), &Call{Sub: 0}}},
		&If{Cond: ConstB(3).S(), Then: []Stmt{
			Tex(r1.D(0), 0, TexBias, In(0).S(), In(0).S().Swz('w')),
		}, Else: []Stmt{
			Tex(r1.D(0), 1, TexGrad, In(4).S(), ConstF(5).S(), ConstF(6).S()),
		}},
		Op(OpDdx, r2.D(MaskZ), In(0).S()),
		Op(OpDdy, r2.D(MaskW), In(0).S().Absolute().Negate()),
		Tex(r0.D(MaskXY), 2, TexLod, In(0).S(), ImmF1(2)),
		&Inst{Op: OpTex, Dst: r0.D(MaskZ), Src: []Src{In(0).S()}, Sampler: 3, Project: true},
		Tex(r0.D(MaskW), 3, TexGrad, In(0).S(), r2.S(), r2.S()),
		Op(OpGe, b1.D(0), In(3).S(), ImmF1(0)),
		&Inst{Op: OpMov, Dst: Out(0).D(0), Src: []Src{r1.S()}, Pred: ptr(b1.S().Negate())},
		Op(OpLt, b1.D(0), r0.S(), ImmF1(0)),
		Op(OpAny, b1.D(MaskX), b1.S().Swz('x', 'y', 'z', 'z')),
		&Discard{Cond: ptr(b1.S())},
		Op(OpMov, Out(1).D(0), In(1).S()),
		&Inst{Op: OpMov, Dst: Out(2).D(MaskX), Src: []Src{r0.S().Swz('z')}, Clamp: ClampSat},
	}
	s.Subs = [][]Stmt{{
		Op(OpGe, p0.D(MaskX), r0.S().Swz('x'), ImmF1(100)),
		&If{Cond: p0.S(), Then: []Stmt{&Return{}}},
		&Loop{Count: ImmI(2, 0, 0, 0), Body: []Stmt{
			Op(OpAdd, r0.D(0), r0.S(), ImmF1(1)),
			&If{Cond: p0.S().Negate(), Then: []Stmt{&Return{}}},
		}},
		Op(OpMov, r0.D(MaskW), ImmF1(1)),
	}}
	return s
}

// vs30 exercises the legacy math ops, relative output writes, vertex
// texture fetch, int and bool constants, and a main-body return.
func vs30() *Shader {
	r0, r1, a0 := Temp(0), Temp(1), ITemp(0)
	s := &Shader{Stage: StageVertex, Version: 0x300, NumTemps: 2, NumITemps: 1, NumBTemps: 1,
		NumConstF: 256, NumConstI: 16, NumConstB: 16,
		DefF:     []DefF{{Index: 200, Value: [4]float32{float32(posInf()), 0, 1, 0.25}}},
		Inputs:   []Input{{Usage: UsagePosition}, {Usage: UsageNormal, Location: 3}, {Usage: UsageBlendIndices, Location: 7}},
		Outputs:  []Output{{Kind: OutPosition}, {Kind: OutVarying, Usage: UsageTexCoord}, {Kind: OutVarying, Usage: UsageTexCoord, UsageIndex: 1}, {Kind: OutPointSize}, {Kind: OutVarying, Usage: UsageTangent, UsageIndex: 1}},
		Samplers: []SamplerDecl{{Index: 0, Kind: Sampler2D}},
	}
	s.Body = []Stmt{
		Op(OpF2IRound, a0.D(MaskX), In(2).S().Swz('x')),
		Op(OpF2IFloor, a0.D(MaskY), In(2).S().Swz('y')),
		&Inst{Op: OpMul, Dst: r0.D(0), Src: []Src{In(0).S(), ConstF(20).Relative(a0, 0).S()}, LegacyMul: true},
		&Inst{Op: OpMad, Dst: r0.D(0), Src: []Src{In(0).S(), ConstF(21).Relative(a0, 1).S(), r0.S()}, LegacyMul: true},
		&Inst{Op: OpDp3, Dst: r1.D(MaskX), Src: []Src{In(1).S(), In(1).S()}},
		&Inst{Op: OpDp2, Dst: r1.D(MaskY), Src: []Src{In(1).S(), ConstF(200).S()}, LegacyMul: true},
		&Inst{Op: OpDp2Add, Dst: r1.D(MaskZ), Src: []Src{In(1).S(), ConstF(200).S(), ConstF(201).S()}, LegacyMul: true},
		Op(OpRsq, r1.D(MaskW), r1.S().Swz('x')),
		Op(OpRcp, r1.D(MaskW), r1.S().Swz('w')),
		Op(OpNrm, r1.D(MaskXYZ), In(1).S()),
		Op(OpLit, r0.D(0), r1.S()),
		Op(OpDst, r0.D(0), r0.S(), r1.S()),
		&Inst{Op: OpDst, Dst: r0.D(0), Src: []Src{r0.S(), r1.S()}, LegacyMul: true},
		Op(OpSinCos, r0.D(MaskXY), r1.S().Swz('w')),
		Op(OpLog2, r0.D(MaskZ), r0.S().Swz('z')),
		Op(OpExp2, r0.D(MaskW), r0.S().Swz('w')),
		Op(OpPow, r1.D(0), r0.S(), ImmF1(2.5)),
		Op(OpFrac, r1.D(0), r1.S()),
		Op(OpCross, r1.D(MaskXYZ), r0.S(), r1.S()),
		Op(OpSign, r1.D(0), r1.S()),
		Op(OpFloor, r1.D(0), r1.S()),
		Op(OpCeil, r1.D(0), r1.S()),
		Op(OpSqrt, r1.D(0), r1.S().Absolute()),
		Op(OpSin, r1.D(0), r1.S()),
		Op(OpCos, r1.D(0), r1.S()),
		Op(OpDiv, r1.D(0), r1.S(), ImmF(1, 2, 3, 4)),
		Op(OpMin, r1.D(0), r1.S(), ImmF1(1)),
		Op(OpMax, r1.D(0), r1.S(), ImmF1(-1)),
		Op(OpCmp, r1.D(0), r1.S(), r0.S(), ImmF(0, 1, float32(negInf()), float32(nan()))),
		Op(OpSelect, r1.D(0), ImmB(true, false, true, false), r0.S(), r1.S()),
		Op(OpEq, BTemp(0).D(0), r1.S(), r0.S()),
		Op(OpNe, BTemp(0).D(0), r1.S(), r0.S()),
		Op(OpLe, BTemp(0).D(0), r1.S(), r0.S()),
		Op(OpGt, BTemp(0).D(0), r1.S(), r0.S()),
		Op(OpAnd, BTemp(0).D(0), BTemp(0).S(), ConstB(2).S()),
		Op(OpOr, BTemp(0).D(0), BTemp(0).S(), ConstB(2).S().Negate()),
		Op(OpNot, BTemp(0).D(0), BTemp(0).S()),
		Op(OpAll, BTemp(0).D(0), BTemp(0).S()),
		Op(OpB2F, r1.D(MaskW), BTemp(0).S()),
		Op(OpIAdd, a0.D(MaskZ), a0.S(), ConstI(2).S().Negate()),
		Op(OpI2F, r1.D(MaskZ), a0.S().Swz('z')),
		&If{Cond: BTemp(0).S(), Then: []Stmt{&Return{}}},
		Tex(r0.D(0), 0, TexLod, r0.S(), r0.S().Swz('w')),
		Tex(r1.D(0), 0, TexImplicit, r0.S()),
		Op(OpMov, Out(0).D(0), r0.S()),
		&Loop{Count: ConstI(0).S(), Counter: a0, Init: ImmI(1, 0, 0, 0), Step: ImmI(1, 0, 0, 0), Body: []Stmt{
			Op(OpMov, Out(0).Relative(a0, 0).D(MaskXY), In(0).Relative(a0, 0).S()),
		}},
		Op(OpMov, Out(3).D(MaskX), DS(DSPointSize).S().Swz('x')),
		Op(OpMov, Out(4).D(0), ImmF(1, -2, 0.1, float32(negZero()))),
	}
	return s
}

type golden struct {
	name string
	s    *Shader
	key  VariantKey
}

func goldens() []golden {
	pk := VariantKey{AlphaFunc: CmpGreaterEqual, FogMode: FogLinear, SRGBWrite: true, LodBias: 0b11, BorderAxes: [16]uint8{1: 0b11}}
	p3 := VariantKey{FogMode: FogExp2, FogTable: true, Linked: true}
	p3.SetVSOutput(VaryingSlot(UsageTexCoord, 0))
	p3.SetVSOutput(VaryingSlot(UsageColor, 0))
	return []golden{
		{"vs_fixed", vsFixed(), VariantKey{HalfPixel: true, ClipPlanes: 0b101, PointSize: true}},
		{"ps_1_4", ps1x(), pk},
		{"ps_1_4_sprite_flat", ps1x(), VariantKey{PointSprite: true, FlatShade: true, Projected: 2, SamplerKinds: [16]SamplerKind{0: SamplerCube}}},
		{"ps_3_0", ps30(), p3},
		{"vs_3_0", vs30(), VariantKey{HalfPixel: true}},
	}
}

func TestGolden(t *testing.T) {
	for _, g := range goldens() {
		t.Run(g.name, func(t *testing.T) {
			u, err := msl.Emit(g.s, g.key)
			if err != nil {
				t.Fatal(err)
			}
			again, _ := msl.Emit(g.s, g.key)
			if again.Source != u.Source {
				t.Fatal("emission is not deterministic")
			}
			path := filepath.Join("testdata", g.name+".msl")
			if msl.Update() {
				if err := os.WriteFile(path, []byte(u.Source), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./core/msl -update)", err)
			}
			if string(want) != u.Source {
				t.Errorf("%s differs from the emitted MSL (go test ./core/msl -update rewrites it):\n%s", path, u.Source)
			}
		})
	}
}

func TestClangCheck(t *testing.T) {
	for _, g := range goldens() {
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			u, err := msl.Emit(g.s, g.key)
			if err != nil {
				t.Fatal(err)
			}
			msl.ClangCheck(t, g.name, u.Source)
		})
	}
}

func TestUnitInfo(t *testing.T) {
	u, err := msl.Emit(vsFixed(), VariantKey{ClipPlanes: 0b11, PointSize: true})
	if err != nil {
		t.Fatal(err)
	}
	if u.Entry != msl.EntryVertex || u.ClipDistances != 2 || !u.PointSize || u.Buffers != 1<<msl.BufferConstF|1<<msl.BufferDrawState {
		t.Errorf("vertex unit %+v", u)
	}
	if want := []int{0, 16, 20}; !equal(u.Varyings, want) {
		t.Errorf("varyings %v, want %v", u.Varyings, want)
	}
	if want := []int{0, 1, 2}; !equal(u.Attributes, want) {
		t.Errorf("attributes %v", u.Attributes)
	}
	u, err = msl.Emit(ps30(), VariantKey{})
	if err != nil {
		t.Fatal(err)
	}
	if u.Entry != msl.EntryFragment || u.ColorTargets != 3 || !u.WritesDepth || len(u.Samplers) != 4 {
		t.Errorf("fragment unit %+v", u)
	}
	for _, w := range []string{"[[user(locn0)]] [[centroid_perspective]]", "[[user(locn16)]] [[flat]]", "[[front_facing]]", "discard_fragment()"} {
		if !strings.Contains(u.Source, w) {
			t.Errorf("missing %q", w)
		}
	}
	// invalid IR is refused
	if _, err := msl.Emit(&Shader{Stage: StagePixel, Body: []Stmt{&Break{}}}, VariantKey{}); err == nil {
		t.Error("invalid shader emitted")
	}
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestFloatLit(t *testing.T) {
	for _, c := range []struct {
		f    float32
		want string
	}{{1, "1.0f"}, {0.1, "0.1f"}, {-2.5, "-2.5f"}, {1e20, "1e+20f"}, {float32(negZero()), "-0.0f"}, {float32(posInf()), "INFINITY"}, {float32(negInf()), "(-INFINITY)"}, {float32(nan()), "NAN"}, {3.4028235e38, "3.4028235e+38f"}} {
		if got := msl.FloatLit(c.f); got != c.want {
			t.Errorf("msl.FloatLit(%v) = %q, want %q", c.f, got, c.want)
		}
	}
}

// The variant key must stay usable as a map key (pipeline caches).
var _ = map[msl.VariantKey]*msl.Unit{}
