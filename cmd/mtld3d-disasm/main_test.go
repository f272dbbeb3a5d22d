package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mtld3d/core/dxso"
)

const vsSrc = "vs_2_0\n dcl_position v0\n def c0, 1, 0, 0, 1\n m4x4 oPos, v0, c4\n mov oD0, c0\n"

func TestAsmAndBinary(t *testing.T) {
	dir := t.TempDir()
	asmPath := filepath.Join(dir, "a.asm")
	binPath := filepath.Join(dir, "a.dxso")
	if err := os.WriteFile(asmPath, []byte(vsSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if rc := run([]string{"-o", binPath, asmPath}, &out, &errb); rc != 0 {
		t.Fatalf("rc %d: %s", rc, errb.String())
	}
	text := out.String()
	for _, want := range []string{"-- tokens", "0000  fffe0200  version vs_2_0", "0001  0200001f  instruction dcl_position v0",
		"0002  80000000  declaration usage position, index 0", "destination oPos", "0017  0000ffff  end", "-- disassembly", "    m4x4 oPos, v0, c4"} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	bin, err := os.ReadFile(binPath)
	if err != nil {
		t.Fatal(err)
	}
	code, _ := dxso.Assemble(vsSrc)
	if !bytes.Equal(bin, dxso.TokensToBytes(code)) {
		t.Fatalf("-o wrote %x", bin)
	}
	out.Reset()
	if rc := run([]string{"-view", "asm", binPath}, &out, &errb); rc != 0 {
		t.Fatalf("rc %d: %s", rc, errb.String())
	}
	if strings.Contains(out.String(), "-- tokens") || !strings.Contains(out.String(), "mov oD0, c0") {
		t.Fatalf("asm view:\n%s", out.String())
	}
}

func TestBrokenInput(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "bad.dxso")
	code := []uint32{0xFFFE0200, 0x02000001, 0x800F0000}
	if err := os.WriteFile(p, dxso.TokensToBytes(code), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if rc := run([]string{p}, &out, &errb); rc != 1 {
		t.Fatalf("rc %d", rc)
	}
	if !strings.Contains(errb.String(), "token 1") || !strings.Contains(out.String(), "(not decoded)") {
		t.Fatalf("out:\n%s\nerr:\n%s", out.String(), errb.String())
	}
	if rc := run([]string{"-view", "nope", p}, &out, &errb); rc != 2 {
		t.Fatalf("rc %d for unknown view", rc)
	}
}

func TestIRAndMSLViews(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.asm")
	if err := os.WriteFile(p, []byte(vsSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if rc := run([]string{"-view", "ir,msl", p}, &out, &errb); rc != 0 {
		t.Fatalf("rc %d: %s", rc, errb.String())
	}
	text := out.String()
	for _, want := range []string{"-- ir", "vertex shader 2.0", "output o0: position", "def c0 = [1 0 0 1]", "dp4_legacy",
		"-- msl", "vertex VSOut vs_main(", "[[position]]"} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "-- tokens") {
		t.Errorf("tokens view printed unasked")
	}

	// A program that decodes but does not lower: the views say so and
	// the exit status is 1.
	bad := filepath.Join(dir, "bad.asm")
	if err := os.WriteFile(bad, []byte("ps_3_0\nmov oC0, v3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	errb.Reset()
	if rc := run([]string{"-view", "asm,ir,msl", bad}, &out, &errb); rc != 1 {
		t.Fatalf("rc %d for an unlowerable shader:\n%s", rc, out.String())
	}
	if !strings.Contains(out.String(), "(not lowered)") || !strings.Contains(errb.String(), "not declared") {
		t.Fatalf("out:\n%s\nerr:\n%s", out.String(), errb.String())
	}
}
