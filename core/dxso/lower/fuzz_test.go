package lower

import (
	"strings"
	"testing"

	"mtld3d/core/dxso"
	"mtld3d/core/msl"
)

// FuzzLower feeds bytecode (seeded with the corpus) through Parse, Lower
// and msl.Emit: whatever the parser accepts must lower to valid IR that
// emits, or be refused with an ordinary error, never an internal one.
//
//	go test ./core/dxso/lower -run '^$' -fuzz FuzzLower
func FuzzLower(f *testing.F) {
	for _, c := range loadCorpus(f) {
		code, err := dxso.Assemble(c.src)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(dxso.TokensToBytes(code))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		code, err := dxso.BytesToTokens(data)
		if err != nil {
			return
		}
		p, err := dxso.Parse(code)
		if err != nil {
			return
		}
		res, err := Lower(p, Options{})
		if err != nil {
			if strings.Contains(err.Error(), "internal error") || strings.Contains(err.Error(), "invalid IR") {
				t.Fatalf("%v\n%s", err, dxso.Disassemble(p))
			}
			return
		}
		if _, err := msl.Emit(res.Shader, msl.VariantKey{}); err != nil {
			t.Fatalf("emit: %v\n%s", err, dxso.Disassemble(p))
		}
	})
}
