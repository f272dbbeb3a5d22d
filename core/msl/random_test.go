package msl_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"mtld3d/core/ir"
	"mtld3d/core/ir/irtest"
	"mtld3d/core/msl"
)

// TestRandomShaders emits random valid shaders under random variant keys:
// emission must not fail or panic, must be deterministic, and a sample of
// the units must pass the clang check.
func TestRandomShaders(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	if testing.Short() {
		checkEvery = 0
	}
	for i := 0; i < 400; i++ {
		s := irtest.RandomShader(r, ir.Stage(i%2))
		k := irtest.RandomKey(r)
		u, err := msl.Emit(s, k)
		if err != nil {
			t.Fatalf("shader %d: %v\n%s", i, err, ir.Format(s))
		}
		u2, _ := msl.Emit(s, k)
		if u.Source != u2.Source {
			t.Fatalf("shader %d: emission not deterministic", i)
		}
		if i%50 < checkEvery {
			src := u.Source
			name := fmt.Sprintf("random%d", i)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				msl.ClangCheck(t, name, src)
			})
		}
	}
}

// checkEvery is how many of each 50 random units the clang check sees.
var checkEvery = 2
