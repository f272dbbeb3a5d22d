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

// TestOptimizedMatchesInterpreter is TestCompiledMatchesInterpreter for
// long straight-line shaders full of moves and matrix transforms, the
// ones Compile rewrites (ir's optimize.go: forwarded moves, dead
// temporary writes; compile.go: transforms run as one).
func TestOptimizedMatchesInterpreter(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 3000; i++ {
		stage := ir.Stage(i % 2)
		s := RandomShaderWith(r, stage, Options{Straight: true, Statements: 8 + r.IntN(24)})
		v := ir.ApplyVariant(s, RandomKey(r))
		if err := SameResults(v, RandomEnv(r), r); err != nil {
			t.Fatalf("shader %d: %v\n%s", i, err, ir.Format(v))
		}
	}
}
