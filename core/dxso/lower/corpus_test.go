package lower

import (
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"

	"mtld3d/core/dxso"
	"mtld3d/core/ir"
	"mtld3d/core/msl"
	"mtld3d/core/msl/clangcheck"
)

var update = flag.Bool("update", false, "rewrite testdata/golden/*.msl")

const corpusDir = "../testdata/corpus"

type corpusShader struct {
	name string
	src  string
}

func loadCorpus(t testing.TB) []corpusShader {
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.asm"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	var out []corpusShader
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, corpusShader{strings.TrimSuffix(filepath.Base(f), ".asm"), string(b)})
	}
	if len(out) < 300 {
		t.Fatalf("corpus has %d shaders, want at least 300", len(out))
	}
	return out
}

// lowerText assembles, parses and lowers shader assembly.
func lowerText(t testing.TB, src string) *Result {
	t.Helper()
	p, err := dxso.AssembleProgram(src)
	if err != nil {
		t.Fatalf("assemble: %v\n%s", err, src)
	}
	res, err := Lower(p, Options{})
	if err != nil {
		t.Fatalf("lower: %v\n%s", err, src)
	}
	return res
}

// TestCorpus lowers every corpus shader (516, every opcode of every
// model, see TestCorpusOpcodes), validates the IR and emits MSL with the
// default variant key and with a busy one; every emitted unit is then
// compiled with the clang check (clangUnits), which takes a few seconds.
func TestCorpus(t *testing.T) {
	corpus := loadCorpus(t)
	var units []unit
	for _, c := range corpus {
		p, err := dxso.AssembleProgram(c.src)
		if err != nil {
			t.Errorf("%s: assemble: %v", c.name, err)
			continue
		}
		res, err := Lower(p, Options{})
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if err := ir.Validate(res.Shader); err != nil {
			t.Errorf("%s: %v\n%s", c.name, err, ir.Format(res.Shader))
			continue
		}
		u, err := msl.Emit(res.Shader, msl.VariantKey{})
		if err != nil {
			t.Errorf("%s: emit: %v\n%s", c.name, err, ir.Format(res.Shader))
			continue
		}
		units = append(units, unit{c.name, u.Source})
		// And with state that adds code around the shader.
		u, err = msl.Emit(res.Shader, busyKey(res.Shader))
		if err != nil {
			t.Errorf("%s: emit with a variant key: %v\n%s", c.name, err, ir.Format(res.Shader))
			continue
		}
		units = append(units, unit{c.name + "_variant", u.Source})
	}
	if t.Failed() {
		return
	}
	clangUnits(t, units)
}

// busyKey is a variant key that turns on most of the state ApplyVariant
// turns into code: alpha test, fog, sRGB, flat shading, projected
// samplers, linking; clip planes, point size and the half-pixel offset.
func busyKey(s *ir.Shader) msl.VariantKey {
	k := msl.VariantKey{AlphaFunc: ir.CmpGreaterEqual, FogMode: ir.FogLinear, SRGBWrite: true, FlatShade: true,
		Projected: 0x0003, Linked: true, ClipPlanes: 0x05, PointSize: true, HalfPixel: true}
	for _, slot := range []int{0, 1, 16, 20} {
		k.SetVSOutput(slot)
	}
	return k
}

// TestCorpusOpcodes checks that the corpus covers every opcode of every
// shader model the lowering handles, so that TestCorpus covers them too.
func TestCorpusOpcodes(t *testing.T) {
	seen := map[string]map[dxso.Opcode]bool{}
	for _, c := range loadCorpus(t) {
		p, err := dxso.AssembleProgram(c.src)
		if err != nil {
			t.Fatal(err)
		}
		v := p.Version.String()
		if seen[v] == nil {
			seen[v] = map[dxso.Opcode]bool{}
		}
		for _, in := range p.Instructions {
			seen[v][in.Opcode] = true
		}
	}
	for _, v := range []dxso.Version{
		{Type: dxso.VertexShader, Major: 1, Minor: 1}, {Type: dxso.VertexShader, Major: 2}, {Type: dxso.VertexShader, Major: 2, Minor: 1}, {Type: dxso.VertexShader, Major: 3},
		{Type: dxso.PixelShader, Major: 1, Minor: 1}, {Type: dxso.PixelShader, Major: 1, Minor: 2}, {Type: dxso.PixelShader, Major: 1, Minor: 3}, {Type: dxso.PixelShader, Major: 1, Minor: 4},
		{Type: dxso.PixelShader, Major: 2}, {Type: dxso.PixelShader, Major: 2, Minor: 1}, {Type: dxso.PixelShader, Major: 3},
	} {
		for _, op := range dxso.Opcodes() {
			if _, ok := dxso.LayoutOf(op, v); !ok || op == dxso.OpTexM3x3Diff {
				continue
			}
			if !seen[v.String()][op] {
				t.Errorf("corpus has no %s in %v", op.Name(v), v)
			}
		}
	}
}

// ---- clang check

type unit struct {
	name, src string
}

var shimPath = filepath.Join("..", "..", "msl", "shim", "metal_shim.h")

// clangUnits compiles units with clang++ -fsyntax-only against the shim
// (core/msl/clangcheck: the shim precompiled once, units in batches, a
// failing batch rechecked unit by unit).
func clangUnits(t *testing.T, units []unit) {
	c, err := clangcheck.New(shimPath)
	if err == clangcheck.ErrNoClang {
		t.Skip("clang++ not on PATH: skipping the MSL syntax check (install clang to run it)")
	}
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	us := make([]clangcheck.Unit, len(units))
	src := map[string]string{}
	for i, u := range units {
		us[i] = clangcheck.Unit{Name: u.name, Source: u.src}
		src[u.name] = u.src
	}
	for _, f := range c.Batch(us, runtime.NumCPU()) {
		t.Errorf("clang rejected %s: %v\n%s\n--- source ---\n%s", f.Name, f.Err, f.Output, src[f.Name])
	}
	t.Logf("clang checked %d units", len(units))
}
