package dxso

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestAssembleErrors(t *testing.T) {
	cases := []struct {
		src  string
		line int
		msg  string
	}{
		{"", 0, "no version"},
		{"vs_4_0\nmov r0, r1", 1, "expected a version"},
		{"vs_2_0\n\nfoo r0, r1", 3, "unknown instruction"},
		{"vs_1_1\nmova a0.x, c0.x", 2, "not valid in vs_1_1"},
		{"vs_2_0\nmov r0, r1, r2", 2, "takes 2 operands"},
		{"vs_2_0\nmov r0.xx, r1", 2, "write mask"},
		{"vs_2_0\nmov r0, r1.xyzwx", 2, "swizzle"},
		{"vs_2_0\nmov r0, q1", 2, "unknown register"},
		{"ps_2_0\nmov r0, a0", 2, "no address register"},
		{"vs_2_x\nifc r0.x, c0.x\nendif", 2, "needs a comparison"},
		{"vs_2_0\nmov_foo r0, c0", 2, "unknown modifier"},
		{"ps_1_1\ntex r0", 2, "destination of tex"},
		{"ps_2_0\ndcl t0\ntexld r0, t0, c0", 3, "source 1 of texld"},
		{"vs_2_0\ncall c0", 2, "source 0 of call"},
		{"vs_2_0\nmul_x2 r0, c0, c1", 2, "result shift"},
		{"vs_1_1\nmov r0, c[a0.y + 2]", 0, "through a0.x"},
		{"ps_1_4\ntexld r0, t0_foo", 2, "unknown source modifier"},
		{"vs_2_0\ndef c0, 1, 2, 3, x", 2, "bad float"},
		{"vs_2_0\ndcl_bogus v0", 2, "unknown usage"},
		{"ps_2_0\ndcl_2d t0", 2, "carry no usage"},
	}
	for _, c := range cases {
		_, err := Assemble(c.src)
		if err == nil {
			t.Errorf("%q: no error", c.src)
			continue
		}
		if !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%q: got %v, want %q", c.src, err, c.msg)
		}
		var ae *AsmError
		if c.line > 0 && (!errors.As(err, &ae) || ae.Line != c.line) {
			t.Errorf("%q: got %v, want line %d", c.src, err, c.line)
		}
	}
}

func TestAssembleSyntax(t *testing.T) {
	// Alternative spellings assemble to the same program as the canonical.
	pairs := [][2]string{
		{"vs_2_0\nmov r0, abs(r1)", "vs_2_0\nmov r0, r1_abs"},
		{"vs_2_0\nmov r0.rgb, -c3.rgba ; comment", "vs_2_0\nmov r0.xyz, -c3 // comment"},
		{"vs_2_0\nmov r0, c3[a0.x]", "vs_2_0\nmov r0, c[a0.x + 3]"},
		{"vs_2_0\nmov r0, c[3 + a0.x]", "vs_2_0\nmov r0, c[a0.x + 3]"},
		{"vs_2_0\nmov r0, r1.xy", "vs_2_0\nmov r0, r1.xyyy"},
		{"vs_2_0\ndef c0, 0x3f800000, 1.0, -0, 1e0", "vs_2_0\ndef c0, 1, 1, -0, 1"},
		{"VS.2.0\n\tMOV\tR0, C1", "vs_2_0\nmov r0, c1"},
		{"ps_2_0\ndcl_2d s0\ndcl t0\ntexld_pp r0, t0, s0\nmov oC0, r0", "ps_2_0\ndcl_2d s0\ndcl t0\ntexld_pp r0, t0, s0\nmov oC0, r0"},
		{"ps_3_0\ndcl_color v0\nmov oC0, v0", "ps_3_0\ndcl_color0 v0\nmov oC0, v0"},
		{"vs_2_0\nmov r0, c2049", "vs_2_0\nmov r0, c2049"},
	}
	for _, pr := range pairs {
		a, err := Assemble(pr[0])
		if err != nil {
			t.Errorf("%q: %v", pr[0], err)
			continue
		}
		b, err := Assemble(pr[1])
		if err != nil {
			t.Errorf("%q: %v", pr[1], err)
			continue
		}
		if !equalTokens(a, b) {
			t.Errorf("%q and %q differ: %08x %08x", pr[0], pr[1], a, b)
		}
	}
	p, err := AssembleProgram("vs_2_0\nmov r0, c2049")
	if err != nil || p.Instructions[0].Src[0].Reg != (Register{RegConst2, 1}) {
		t.Fatalf("c2049: %+v %v", p, err)
	}
	// Immediates that do not print as decimals round-trip as hex.
	nan := math.Float32bits(float32(math.NaN())) | 1
	q := &Program{Version: Version{VertexShader, 2, 0}, Instructions: []Instruction{{
		Opcode: OpDef, HasDst: true, Dst: Dst{Reg: Register{RegConst, 0}, Mask: 15},
		Imm: [4]uint32{nan, 0x7f800000, 0x80000000, 0x00000001}}}}
	text := Disassemble(q)
	if !strings.Contains(text, "def c0, 0x7fc00001, 0x7f800000, -0, 1e-45") {
		t.Fatalf("def printed as %q", text)
	}
	code, err := Assemble(text)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := Parse(code)
	if r.Instructions[0].Imm != q.Instructions[0].Imm {
		t.Fatalf("immediates %08x", r.Instructions[0].Imm)
	}
}
