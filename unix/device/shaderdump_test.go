package device

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"mtld3d/core/dxso"
	"mtld3d/core/ir"
	"mtld3d/core/msl"
	"mtld3d/shared"
)

// dumpedFiles lists a folder's file names, sorted.
func dumpedFiles(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	slices.Sort(names)
	return names
}

// Each created shader is written as its bytecode, our disassembly (which
// assembles back to the bytecode), the IR the device drew with and the
// MSL of the default variant, named by the bytecode's hash.
func TestShaderDumpWritesEveryForm(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "shaders") // made at the first dump
	d := newTestDevice(t)
	d.shaderDumps = openShaderDumps(dir)
	create, _, keep := shaderFrames(t)
	replay(t, d, create)
	var want []string
	for i, tokens := range keep {
		code := dxso.TokensToBytes(tokens)
		h := shaderHash(code)
		for _, ext := range []string{".asm", ".dxso", ".ir", ".msl"} {
			want = append(want, h+ext)
		}
		read := func(ext string) string {
			b, err := os.ReadFile(filepath.Join(dir, h+ext))
			if err != nil {
				t.Fatal(err)
			}
			return string(b)
		}
		if got := read(".dxso"); got != string(code) {
			t.Errorf("shader %d: .dxso is not the bytecode", i)
		}
		if back, err := dxso.Assemble(read(".asm")); err != nil || !slices.Equal(back, tokens) {
			t.Errorf("shader %d: .asm does not assemble back to the bytecode (%v):\n%s", i, err, read(".asm"))
		}
		s := d.shaders[uint32(10+i)].ir
		if got := read(".ir"); got != ir.Format(s) {
			t.Errorf("shader %d: .ir is not the device's IR:\n%s", i, got)
		}
		u, err := msl.Emit(s, msl.VariantKey{})
		if err != nil {
			t.Fatal(err)
		}
		if got := read(".msl"); !strings.HasSuffix(got, u.Source) || !strings.HasPrefix(got, "// mtld3d shader "+h) {
			t.Errorf("shader %d: .msl is not the default variant's source:\n%s", i, got)
		}
	}
	slices.Sort(want)
	if got := dumpedFiles(t, dir); !slices.Equal(got, want) {
		t.Errorf("files %v, want %v", got, want)
	}
}

// A bytecode already written (by another device of the process, or by
// another CreateShader of the same bytecode) is not written again; a new
// one is.
func TestShaderDumpOncePerBytecode(t *testing.T) {
	dir := t.TempDir()
	first := newTestDevice(t)
	first.shaderDumps = openShaderDumps(dir)
	create, _, _ := shaderFrames(t)
	replay(t, first, create)
	if n := len(dumpedFiles(t, dir)); n != 8 {
		t.Fatalf("%d files after the first device, want 8", n)
	}
	for _, name := range dumpedFiles(t, dir) {
		if err := os.Remove(filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	second := newTestDevice(t)
	second.shaderDumps = openShaderDumps(dir)
	again, _, keep := shaderFrames(t)
	vs := words(keep[0])
	add(again, code("CreateShader"), shared.RecCreateShader{ID: 20, Kind: shared.ShaderVertex, Size: uint32(len(vs)), Code: addr(vs)})
	replay(t, second, again)
	if got := dumpedFiles(t, dir); len(got) != 0 {
		t.Fatalf("bytecode dumped before was written again: %v", got)
	}
	other, err := dxso.Assemble("vs_2_0\ndcl_position v0\nmov oPos, v0\n")
	if err != nil {
		t.Fatal(err)
	}
	c := newChunk()
	b := words(other)
	add(c, code("CreateShader"), shared.RecCreateShader{ID: 21, Kind: shared.ShaderVertex, Size: uint32(len(b)), Code: addr(b)})
	replay(t, second, c)
	if got := dumpedFiles(t, dir); len(got) != 4 || !strings.HasPrefix(got[0], shaderHash(b)) {
		t.Fatalf("a new bytecode's files: %v", got)
	}
}

// A started device writes on its compile workers; every claimed dump is
// written by the time the device has closed.
func TestShaderDumpOnWorkers(t *testing.T) {
	dir := t.TempDir()
	d := startedDevice(t, testBackend(t))
	d.shaderDumps = openShaderDumps(dir)
	create, _, _ := shaderFrames(t)
	submit(t, d, create)
	d.close()
	d.Release()
	if n := len(dumpedFiles(t, dir)); n != 8 {
		t.Fatalf("%d files, want 8", n)
	}
}

// A bytecode the front end refuses still leaves its bytes.
func TestShaderDumpRefusedBytecode(t *testing.T) {
	dir := t.TempDir()
	d := newTestDevice(t)
	d.shaderDumps = openShaderDumps(dir)
	bad := words([]uint32{0xfffe0300, 0x000000fd, 0x0000ffff}) // vs_3_0, an opcode that is none
	c := newChunk()
	add(c, code("CreateShader"), shared.RecCreateShader{ID: 5, Kind: shared.ShaderVertex, Size: uint32(len(bad)), Code: addr(bad)})
	replay(t, d, c)
	if d.shaders[5].ir != nil {
		t.Fatal("the bytecode was accepted")
	}
	h := shaderHash(bad)
	if got := dumpedFiles(t, dir); len(got) == 0 || got[len(got)-1] != h+".dxso" || slices.Contains(got, h+".ir") {
		t.Fatalf("files %v, want %s.dxso and no IR", got, h)
	}
}

// A folder that cannot be made is one warning, however many shaders
// follow, and never fails the frame.
func TestShaderDumpUnwritableFolderWarnsOnce(t *testing.T) {
	blocker := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(blocker, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	core, logged := observer.New(zapcore.WarnLevel)
	d := newTestDevice(t)
	d.log = zap.New(core)
	d.shaderDumps = openShaderDumps(filepath.Join(blocker, "shaders"))
	create, _, _ := shaderFrames(t)
	replay(t, d, create)
	other, err := dxso.Assemble("vs_2_0\ndcl_position v0\nmov oPos, v0\n")
	if err != nil {
		t.Fatal(err)
	}
	c := newChunk()
	b := words(other)
	add(c, code("CreateShader"), shared.RecCreateShader{ID: 21, Kind: shared.ShaderVertex, Size: uint32(len(b)), Code: addr(b)})
	replay(t, d, c)
	if n := logged.FilterMessage("cannot write shader dumps; no more are written").Len(); n != 1 || logged.Len() != 1 {
		t.Fatalf("%d dump warnings of %d warnings, want one: %v", n, logged.Len(), logged.All())
	}
	if d.shaders[21].ir == nil {
		t.Fatal("the shader was refused")
	}
}
