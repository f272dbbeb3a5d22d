package irtest

import (
	"math/rand/v2"
	"testing"

	"mtld3d/core/ir"
)

// TestCompiledMatchesInterpreter runs random shaders, under random
// variants and on random inputs (special values included), through the
// compiled code and through the interpreter: outputs and discards must
// be the same bits.
func TestCompiledMatchesInterpreter(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 3000; i++ {
		stage := ir.Stage(i % 2)
		v := ir.ApplyVariant(RandomShader(r, stage), RandomKey(r))
		env := RandomEnv(r)
		if err := SameResults(v, env, r); err != nil {
			t.Fatalf("shader %d: %v\n%s", i, err, ir.Format(v))
		}
	}
}
