package lower

import (
	"math/rand/v2"
	"testing"

	"mtld3d/core/dxso"
	"mtld3d/core/ir"
	"mtld3d/core/ir/irtest"
)

// TestCorpusCompiledMatchesInterpreter runs every corpus shader, as
// lowered and under random variants, through the compiled code and the
// interpreter on random inputs: the same bits must come out.
func TestCorpusCompiledMatchesInterpreter(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, c := range loadCorpus(t) {
		p, err := dxso.AssembleProgram(c.src)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		res, err := Lower(p, Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for _, key := range []ir.VariantKey{{}, irtest.RandomKey(r), irtest.RandomKey(r)} {
			v := ir.ApplyVariant(res.Shader, key)
			if err := irtest.SameResults(v, irtest.RandomEnv(r), r); err != nil {
				t.Fatalf("%s: %v\n%s", c.name, err, ir.Format(v))
			}
		}
	}
}
