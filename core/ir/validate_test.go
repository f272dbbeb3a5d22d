package ir

import (
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	ok := &Shader{Stage: StagePixel, NumTemps: 1, Outputs: []Output{{Kind: OutColor}},
		Body: []Stmt{Op(OpMov, Out(0).D(0), ImmF1(1))}}
	if err := Validate(ok); err != nil {
		t.Fatal(err)
	}
	bad := []*Shader{
		{Stage: StagePixel, Body: []Stmt{Op(OpMov, Temp(0).D(0), ImmF1(1))}},                      // no temps
		{Stage: StagePixel, NumTemps: 1, Body: []Stmt{Op(OpAdd, Temp(0).D(0), ImmF1(1))}},         // arity
		{Stage: StagePixel, NumTemps: 1, Body: []Stmt{Op(OpMov, Temp(0).D(0), ImmI(1, 1, 1, 1))}}, // type
		{Stage: StagePixel, Body: []Stmt{&Break{}}},
		{Stage: StageVertex, Body: []Stmt{&Discard{}}},
		{Stage: StagePixel, Subs: [][]Stmt{{&Call{Sub: 0}}}},
		{Stage: StagePixel, NumTemps: 1, Body: []Stmt{Tex(Temp(0).D(0), 0, TexImplicit, Temp(0).S())}},
		{Stage: StagePixel, NumTemps: 1, NumConstI: 1, Body: []Stmt{Op(OpMov, Temp(0).D(0), Temp(0).S().Reg.Relative(ConstI(0), 0).S())}},
		{Stage: StageVertex, Outputs: []Output{{Kind: OutColor}}},
		{Stage: StagePixel, Outputs: []Output{{Kind: OutColor, Index: 4}}},
		{Stage: StagePixel, Outputs: []Output{{Kind: OutPosition}}},
		{Stage: StageVertex, Inputs: []Input{{Sys: SysPosition}}},
		{Stage: StagePixel, Samplers: []SamplerDecl{{Index: 16, Kind: Sampler2D}}},
		{Stage: StagePixel, NumTemps: 1, PS1xMax: 0, Body: []Stmt{&Inst{Op: OpMov, Dst: Temp(0).D(0), Src: []Src{ImmF1(1)}, Clamp: ClampPS1x}}},
	}
	for i, s := range bad {
		if Validate(s) == nil {
			t.Errorf("shader %d: invalid shader accepted", i)
		}
	}
}

func TestFormat(t *testing.T) {
	c := BTemp(0).S().Swz('y').Negate()
	s := &Shader{Stage: StagePixel, Version: 0x300, NumTemps: 2, NumITemps: 1, NumBTemps: 1, NumConstF: 8,
		Inputs:   []Input{{Usage: UsageTexCoord, Interp: InterpCentroid}, {Sys: SysPosition}},
		Outputs:  []Output{{Kind: OutColor}},
		Samplers: []SamplerDecl{{Index: 0, Kind: Sampler2D, Projected: true}},
		DefF:     []DefF{{Index: 1, Value: [4]float32{1, 2, 3, 4}}},
		Body: []Stmt{
			&Inst{Op: OpMul, Dst: Temp(0).D(MaskXY), Src: []Src{In(0).S().Swz('y', 'z', 'x', 'w').Absolute().Negate(), ConstF(3).Relative(ITemp(0), 0).S()}, LegacyMul: true, Shift: 1, Clamp: ClampSat, Pred: &c},
			&If{Cond: c, Then: []Stmt{&Discard{}}, Else: []Stmt{&Return{}}},
			&Loop{Count: ImmI(3, 0, 0, 0), Counter: ITemp(0), Init: ImmI(0, 0, 0, 0), Step: ImmI(1, 0, 0, 0), Body: []Stmt{&Break{Cond: &c}}},
			Tex(Out(0).D(0), 0, TexBias, Temp(0).S(), ImmF1(0.5)),
		},
	}
	got := Format(s)
	for _, want := range []string{
		"pixel shader 3.0", "input v0: texcoord0 location 0 centroid", "input v1: position (system)", "sampler s0: 2d projected",
		"(!p0.yyyy) mul_legacy_x2_sat r0.xy, -|v0.yzxw|, c[a0.x+3]", "if !p0.y", "discard", "else", "ret",
		"loop (3, 3, 3, 3) times, a0.x = (0, 0, 0, 0) step (1, 1, 1, 1)", "break if !p0.y", "tex[s0 bias] o0, r0, (0.5, 0.5, 0.5, 0.5)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("Format lacks %q:\n%s", want, got)
		}
	}
}

func TestBuilders(t *testing.T) {
	s := &Shader{Stage: StagePixel}
	tc := s.AddInput(Input{Usage: UsageTexCoord})
	col := s.AddOutput(Output{Kind: OutColor})
	r := s.NewTemp()
	b := s.NewBTemp()
	a := s.NewITemp()
	s.Append(Op(OpMov, r.D(0), tc.S()), Op(OpLt, b.D(0), r.S(), ImmF1(0)), Op(OpF2IRound, a.D(0), r.S()), Op(OpMov, col.D(0), r.S()))
	if err := Validate(s); err != nil {
		t.Fatal(err)
	}
	if s.NumTemps != 1 || s.NumBTemps != 1 || s.NumITemps != 1 || tc != In(0) || col != Out(0) {
		t.Errorf("builders: %+v", s)
	}
}
