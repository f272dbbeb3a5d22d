package dxso

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func loadCorpus(t testing.TB) map[string]string {
	files, err := filepath.Glob(filepath.Join("testdata", "corpus", "*.asm"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[strings.TrimSuffix(filepath.Base(f), ".asm")] = string(b)
	}
	return out
}

// TestCorpusRoundTrip: for every corpus shader, assemble(disassemble(x)) == x
// and the parsed program survives re-encoding.
func TestCorpusRoundTrip(t *testing.T) {
	corpus := loadCorpus(t)
	if len(corpus) < 150 {
		t.Fatalf("corpus has %d shaders, want at least 150", len(corpus))
	}
	for name, src := range corpus {
		code, err := Assemble(src)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		p, err := Parse(code)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		text := Disassemble(p)
		code2, err := Assemble(text)
		if err != nil {
			t.Errorf("%s: reassembling disassembly: %v\n%s", name, err, text)
			continue
		}
		if !equalTokens(code, code2) {
			t.Errorf("%s: round trip differs\n%08x\n%08x\n%s", name, code, code2, text)
		}
		enc, err := Encode(p)
		if err != nil || !equalTokens(enc, code) {
			t.Errorf("%s: Encode(Parse(x)) != x: %v", name, err)
		}
		notes, _, err := Annotate(code)
		if err != nil || len(notes) != len(code) {
			t.Errorf("%s: Annotate gave %d notes for %d tokens: %v", name, len(notes), len(code), err)
		}
	}
}

// TestCorpusCoverage: every opcode appears in every main version where it
// is legal.
func TestCorpusCoverage(t *testing.T) {
	seen := map[Version]map[Opcode]bool{}
	for name, src := range loadCorpus(t) {
		p, err := AssembleProgram(src)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if seen[p.Version] == nil {
			seen[p.Version] = map[Opcode]bool{}
		}
		for _, ins := range p.Instructions {
			seen[p.Version][ins.Opcode] = true
		}
	}
	for _, vn := range corpusVersions {
		v, ok := ParseVersionName(vn)
		if !ok {
			t.Fatalf("bad version %s", vn)
		}
		for _, op := range Opcodes() {
			if _, legal := LayoutOf(op, v); legal && !seen[v][op] {
				t.Errorf("%s: opcode %s not in the corpus", vn, op.Name(v))
			}
		}
	}
}
