package irtest

import (
	"math/rand/v2"
	"testing"

	"mtld3d/core/ir"
)

// TestRandomShaders runs random valid shaders through variant application
// and the interpreter: nothing may panic, loops must terminate.
func TestRandomShaders(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	env := &ir.Env{ConstF: make([][4]float32, 16), ConstI: [][4]int32{{3, 1, 1, 0}, {300, -2, 2, 0}}, ConstB: []bool{true, false},
		DrawState: make([][4]float32, ir.DSCount), Textures: tex{}}
	for i := 0; i < 3000; i++ {
		stage := ir.Stage(i % 2)
		s := RandomShader(r, stage)
		if err := ir.Validate(s); err != nil {
			t.Fatalf("shader %d invalid: %v\n%s", i, err, ir.Format(s))
		}
		v := ir.ApplyVariant(s, RandomKey(r))
		if err := ir.Validate(v); err != nil {
			t.Fatalf("shader %d invalid after variant: %v\n%s", i, err, ir.Format(v))
		}
		m, err := ir.NewMachine(v)
		if err != nil {
			t.Fatal(err)
		}
		if stage == ir.StageVertex {
			in := make([][4]float32, len(v.Inputs))
			out := make([][4]float32, len(v.Outputs))
			if err := m.RunVertex(env, in, out); err != nil {
				t.Fatal(err)
			}
		} else {
			in := make([][4][4]float32, len(v.Inputs))
			out := make([][4][4]float32, len(v.Outputs))
			if _, err := m.RunQuad(env, in, out); err != nil {
				t.Fatal(err)
			}
		}
	}
}

type tex struct{}

func (tex) Sample(req *ir.TexRequest, out *[4][4]float32) {
	for l := 0; l < req.Lanes; l++ {
		out[l] = req.Coord[l]
	}
}
