package ff

import (
	"math/rand"
	randv2 "math/rand/v2"
	"testing"

	"mtld3d/core/ir"
	"mtld3d/core/ir/irtest"
)

// TestCompiledMatchesInterpreter runs the fixed-function shaders of
// random states, under their variants, through the compiled code and the
// interpreter on random inputs: the same bits must come out.
func TestCompiledMatchesInterpreter(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	rv := randv2.New(randv2.NewPCG(7, 8))
	for n := 0; n < 200; n++ {
		s := randomState(r)
		for _, sh := range []*ir.Shader{VertexShader(VertexKeyOf(&s)), PixelShader(PixelKeyOf(&s))} {
			v := ir.ApplyVariant(sh, Variant(&s))
			if err := irtest.SameResults(v, irtest.RandomEnv(rv), rv); err != nil {
				t.Fatalf("state %d, %v shader: %v\n%s", n, v.Stage, err, ir.Format(v))
			}
		}
	}
}
