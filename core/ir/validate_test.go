package ir

import "testing"

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
	}
	for i, s := range bad {
		if Validate(s) == nil {
			t.Errorf("shader %d: invalid shader accepted", i)
		}
	}
}
