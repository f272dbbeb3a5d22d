package lower

import (
	"os"
	"path/filepath"
	"testing"

	"mtld3d/core/dxso"
	"mtld3d/core/msl"
)

// goldenShaders are the corpus shaders whose MSL is kept in
// testdata/golden: one or more per shader model, chosen to cover legacy
// math, ps_1_x texture instructions and modifiers, flow control,
// relative addressing, packed varyings and system values. Run
// go test ./core/dxso/lower -update to rewrite them.
var goldenShaders = []string{
	"vs_1_1_swizzles", "vs_1_1_expp", "vs_2_0_lit", "vs_2_x_predicated_flow", "vs_3_0_outputs", "vs_3_0_output_indexing", "vs_3_0_loop", "vs_3_0_call",
	"ps_1_1_modifiers", "ps_1_1_texm3x3spec", "ps_1_1_texbeml", "ps_1_3_texm3x2depth", "ps_1_4_two_phase", "ps_1_4_bem",
	"ps_2_0_texld", "ps_2_x_predication", "ps_2_0_texldp_texldb", "ps_3_0_face_pos", "ps_3_0_input_indexing", "ps_3_0_texldd", "ps_3_0_breakp",
}

func TestGolden(t *testing.T) {
	for _, name := range goldenShaders {
		b, err := os.ReadFile(filepath.Join(corpusDir, name+".asm"))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		p, err := dxso.AssembleProgram(string(b))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		res, err := Lower(p, Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		u, err := msl.Emit(res.Shader, msl.VariantKey{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		path := filepath.Join("testdata", "golden", name+".msl")
		if *update {
			os.MkdirAll(filepath.Dir(path), 0o755)
			if err := os.WriteFile(path, []byte(u.Source), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%s: %v (run go test ./core/dxso/lower -update)", name, err)
			continue
		}
		if string(want) != u.Source {
			t.Errorf("%s: MSL differs from %s (run go test ./core/dxso/lower -update if intended)\n%s", name, path, u.Source)
		}
	}
}
