package dxso

import (
	"errors"
	"runtime"
	"strings"
	"testing"
)

func mustParse(t *testing.T, code []uint32) *Program {
	t.Helper()
	p, err := Parse(code)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return p
}

// Hand-derived token streams checked against the token layout.
func TestTokensVS20(t *testing.T) {
	code := []uint32{
		0xFFFE0200,                         // vs_2_0
		0x0200001F, 0x80000000, 0x900F0000, // dcl_position v0
		0x05000051, 0xA00F0000, 0x3F800000, 0, 0, 0x3F800000, // def c0, 1, 0, 0, 1
		0x03000014, 0xC00F0000, 0x90E40000, 0xA0E40004, // m4x4 oPos, v0, c4
		0x02000001, 0xD00F0000, 0xA0E40000, // mov oD0, c0
		0x0000FFFF,
	}
	p := mustParse(t, code)
	if p.Version != (Version{VertexShader, 2, 0}) || len(p.Instructions) != 4 || p.EndOffset != 17 {
		t.Fatalf("got %+v", p)
	}
	m := p.Instructions[2]
	if m.Opcode != OpM4x4 || m.Offset != 10 || m.Length != 4 || m.Dst.Reg != (Register{RegRastOut, 0}) ||
		m.Src[1].Reg != (Register{RegConst, 4}) || m.Src[1].Swizzle != SwizzleIdentity {
		t.Fatalf("m4x4: %+v", m)
	}
	src := "vs_2_0\n dcl_position v0\n def c0, 1, 0, 0, 1\n m4x4 oPos, v0, c4\n mov oD0, c0"
	got, err := Assemble(src)
	if err != nil {
		t.Fatal(err)
	}
	if !equalTokens(got, code) {
		t.Fatalf("assembled %08x\nwant %08x", got, code)
	}
}

func TestTokensPS30(t *testing.T) {
	// ps_3_0: dcl_texcoord0 v0.xy; dcl_2d s0; dcl vFace;
	// (!p0.x) texldp_pp r0, v0, s0 with setp_gt; mov_sat oC0, -r0_abs.x;
	// add r1, c[aL + 2], v0.yxzw inside a loop.
	src := `ps_3_0
    dcl_texcoord0 v0.xy
    dcl_2d s0
    dcl vFace
    defi i0, 4, 0, 1, 0
    setp_gt p0.x, v0.x, c0.x
    (!p0.x) texldp_pp r0, v0, s0
    loop aL, i0
    add r1, c[aL + 2], v0.yxzw
    endloop
    mov_sat oC0, -r0_abs.x
`
	want := []uint32{
		0xFFFF0300,
		0x0200001F, 0x80000005, 0x90030000, // dcl_texcoord0 v0.xy
		0x0200001F, 0x90000000, 0xA00F0800, // dcl_2d s0
		0x0200001F, 0x80000000, 0x900F1001, // dcl vFace: misc type 17 = 1|0x10 -> 0x90000000|0x1000, num 1
		0x05000030, 0xF00F0000, 4, 0, 1, 0, // defi i0: type 7 -> 0x70000000
		0x0301005E, 0xB0010000 | 0x1000, 0x90000000, 0xA0000000, // setp_gt p0.x (type 19 = 3|0x10)
		0x14010042, 0x802F0000, 0xBD001000, 0x90E40000, 0xA0E40800, // (!p0.x) texldp_pp
		0x0200001B, 0xF0E40800, 0xF0E40000, // loop aL, i0
		0x04000002, 0x800F0001, 0xA0E42002, 0xF0E40800, 0x90E10000, // add r1, c[aL+2], v0.yxzw
		0x0000001D,                         // endloop
		0x02000001, 0x801F0800, 0x8C000000, // mov_sat oC0, -r0_abs.x
		0x0000FFFF,
	}
	got, err := Assemble(src)
	if err != nil {
		t.Fatal(err)
	}
	if !equalTokens(got, want) {
		t.Fatalf("assembled\n%08x\nwant\n%08x", got, want)
	}
	p := mustParse(t, want)
	tex := p.Instructions[5]
	if tex.Opcode != OpTex || tex.TexControl != TexProject || !tex.Predicated || tex.Predicate.Mod != SrcNot ||
		!tex.Dst.Partial || tex.Src[1].Reg != (Register{RegSampler, 0}) {
		t.Fatalf("texldp: %+v", tex)
	}
	add := p.Instructions[7]
	if !add.Src[0].Relative || add.Src[0].RelAddr.Reg.Type != RegLoop || add.Src[0].Reg.Num != 2 {
		t.Fatalf("add: %+v", add)
	}
	if d := p.Instructions[0].Decl; d.Usage != UsageTexCoord || d.UsageIndex != 0 {
		t.Fatalf("dcl: %+v", d)
	}
}

func TestTokensPS14AndVS11(t *testing.T) {
	// ps_1_4: texld r0, t0; texcrd r1.xyz, t1; phase; +mov r0.a, 1-r1_bx2?
	src := `ps_1_4
texld r0, t0_dz
texcrd r1.xyz, t1
phase
mul_x2_sat r0.xyz, r0, r1_bx2
+mov r0.w, 1-c0.z
`
	want := []uint32{
		0xFFFF0104,
		0x00000042, 0x800F0000, 0xB9E40000, // texld r0, t0_dz
		0x00000040, 0x80070001, 0xB0E40001, // texcrd
		0x0000FFFD,
		0x00000005, 0x81170000, 0x80E40000, 0x84E40001, // mul_x2_sat
		0x40000001, 0x80080000, 0x06AA0000 | 0xA0000000, // +mov r0.w, 1-c0.z
		0x0000FFFF,
	}
	got, err := Assemble(src)
	if err != nil {
		t.Fatal(err)
	}
	if !equalTokens(got, want) {
		t.Fatalf("assembled\n%08x\nwant\n%08x", got, want)
	}
	p := mustParse(t, want)
	if !p.Instructions[4].Coissue || p.Instructions[3].Dst.Shift != 1 {
		t.Fatalf("%+v", p.Instructions)
	}
	// vs_1_1 relative addressing has no extra token.
	vs := []uint32{0xFFFE0101, 0x0000001F, 0x80000000, 0x900F0000,
		0x00000001, 0xC00F0000, 0xA0E42005, 0x0000FFFF}
	q := mustParse(t, vs)
	s := q.Instructions[1].Src[0]
	if !s.Relative || s.RelAddr != (RelAddr{Reg: Register{RegAddr, 0}}) || s.Reg.Num != 5 {
		t.Fatalf("%+v", s)
	}
	if txt := FormatInstruction(&q.Instructions[1], q.Version); txt != "mov oPos, c[a0.x + 5]" {
		t.Fatalf("got %q", txt)
	}
}

func equalTokens(a, b []uint32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestParseErrors(t *testing.T) {
	cases := []struct {
		code []uint32
		off  int
		msg  string
	}{
		{nil, 0, "missing version"},
		{[]uint32{0xFFFE0400}, 0, "unsupported"},
		{[]uint32{0x12340200}, 0, "bad version"},
		{[]uint32{0xFFFE0200}, 1, "missing end"},
		{[]uint32{0xFFFE0200, 0x02000001, 0x800F0000}, 1, "runs past"},
		{[]uint32{0xFFFE0101, 0x00000001, 0x800F0000}, 3, "truncated"},
		{[]uint32{0xFFFE0200, 0x7FFFFFFE, 0x0000FFFF}, 1, "comment"},
		{[]uint32{0xFFFE0200, 0x00000061, 0x0000FFFF}, 1, "unknown opcode"},
		{[]uint32{0xFFFE0200, 0x00000042, 0x0000FFFF}, 1, "not valid"},
		{[]uint32{0xFFFE0200, 0x03000001, 0x800F0000, 0xA0E40000, 0xA0E40000, 0x0000FFFF}, 1, "length"},
		{[]uint32{0xFFFE0200, 0x02000001, 0x000F0000, 0xA0E40000, 0x0000FFFF}, 2, "bit 31"},
		{[]uint32{0xFFFE0200, 0x02000001, 0x80000000, 0xA0E40000, 0x0000FFFF}, 2, "write mask"},
		{[]uint32{0xFFFE0200, 0x02000001, 0x800F0000, 0xAEE40000, 0x0000FFFF}, 3, "modifier"},
		{[]uint32{0xFFFE0200, 0x02000001, 0x800F0000, 0xA0E41800 | 0x70000000, 0x0000FFFF}, 3, "register type"},
		{[]uint32{0xFFFE0200, 0x02000001, 0x800F0000, 0xA0E42000, 0x0000FFFF}, 4, "relative"},
		{[]uint32{0xFFFE0201, 0x01000029, 0x0000FFFF}, 1, "comparison"},
		{[]uint32{0xFFFF0101, 0x00000001, 0x800F0000, 0xA0E42000, 0x0000FFFF}, 3, "relative"},
		{[]uint32{0xFFFE0200, 0x0000FFFE | 0x80000000}, 1, "comment"},
		{[]uint32{0xFFFE0200, 0x0001FFFF}, 1, "end"},
	}
	for i, c := range cases {
		_, err := Parse(c.code)
		var pe *Error
		if !errors.As(err, &pe) {
			t.Errorf("case %d: error %v", i, err)
			continue
		}
		if pe.Offset != c.off || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("case %d: got %v (offset %d), want offset %d and %q", i, err, pe.Offset, c.off, c.msg)
		}
	}
}

func TestCTAB(t *testing.T) {
	ct := &ConstantTable{
		Creator: "mtld3d test", Version: 0xFFFE0200, Target: "vs_2_0",
		Constants: []Constant{
			{Name: "World", RegisterSet: RegSetFloat4, RegisterIndex: 4, RegisterCount: 4,
				Type: TypeInfo{Class: ClassMatrixColumns, Type: TypeFloat, Rows: 4, Columns: 4, Elements: 1}},
			{Name: "Light", RegisterSet: RegSetFloat4, RegisterIndex: 8, RegisterCount: 2,
				Type: TypeInfo{Class: ClassStruct, Type: TypeVoid, Rows: 1, Columns: 8, Elements: 1, Members: []Member{
					{Name: "pos", Type: TypeInfo{Class: ClassVector, Type: TypeFloat, Rows: 1, Columns: 4, Elements: 1}},
					{Name: "col", Type: TypeInfo{Class: ClassVector, Type: TypeFloat, Rows: 1, Columns: 4, Elements: 1}},
				}}},
			{Name: "Tex", RegisterSet: RegSetSampler, RegisterIndex: 0, RegisterCount: 1,
				Type: TypeInfo{Class: ClassObject, Type: TypeSampler2D, Rows: 1, Columns: 1, Elements: 1}},
		},
	}
	data := BuildCTAB(ct)
	code := []uint32{0xFFFE0200, uint32(OpComment) | uint32(len(data))<<16}
	code = append(code, data...)
	code = append(code, 0x02000001, 0xC00F0000, 0xA0E40000, EndToken)
	p := mustParse(t, code)
	if p.Constants == nil || len(p.Comments) != 1 || p.Comments[0].Before != 0 {
		t.Fatalf("no CTAB: %+v", p)
	}
	got := p.Constants
	if got.Creator != ct.Creator || got.Target != ct.Target || len(got.Constants) != 3 ||
		got.Constants[1].Name != "Light" || got.Constants[1].Type.Members[1].Name != "col" ||
		got.Constants[0].RegisterIndex != 4 || got.Constants[2].Type.Type != TypeSampler2D {
		t.Fatalf("CTAB: %+v", got)
	}
	// Corrupt offsets must not panic; they must fail cleanly.
	for i := 1; i < len(data); i++ {
		bad := append([]uint32(nil), data...)
		bad[i] = 0xFFFFFFF0
		_, _ = ParseCTAB(bad)
	}
	if out := Disassemble(p); !strings.Contains(out, "World: float4[4] x4") {
		t.Fatalf("disassembly lacks CTAB summary:\n%s", out)
	}
	re, err := Encode(p)
	if err != nil || !equalTokens(re, code) {
		t.Fatalf("re-encode %v\n%08x\n%08x", err, re, code)
	}
}

// A hostile CTAB whose entries all share one long name and one long
// default must not make the reader allocate quadratically.
func TestCTABSharedOffsets(t *testing.T) {
	const n = 4000
	size := 28 + 20*n + 16 + 40000
	b := make([]byte, size)
	le := func(off int, v uint32) {
		b[off], b[off+1], b[off+2], b[off+3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
	}
	typeOff := 28 + 20*n
	nameOff := typeOff + 16
	le(0, 28)
	le(12, n)
	le(16, 28)
	for i := 0; i < len(b)-nameOff-1; i++ {
		b[nameOff+i] = 'a'
	}
	for i := 0; i < n; i++ {
		o := 28 + 20*i
		le(o, uint32(nameOff))
		b[o+8] = 0xFF // register count 255: 1020 DWORDs of default each
		le(o+12, uint32(typeOff))
		le(o+16, uint32(nameOff+(i%2)))
	}
	words, _ := BytesToTokens(b)
	data := append([]uint32{ctabMagic}, words...)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := ParseCTAB(data)
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "unaligned defaults") {
		t.Fatalf("got %v", err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 20<<20 {
		t.Fatalf("allocated %d bytes for a %d-byte table", grew, size)
	}
	// All-aligned defaults share the table's memory and parse.
	for i := 0; i < n; i++ {
		le(28+20*i+16, uint32(nameOff))
	}
	words, _ = BytesToTokens(b)
	data = append([]uint32{ctabMagic}, words...)
	runtime.ReadMemStats(&before)
	ct, err := ParseCTAB(data)
	runtime.ReadMemStats(&after)
	if err != nil || len(ct.Constants) != n || len(ct.Constants[7].Default) != 1020 {
		t.Fatalf("aligned: %v", err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 20<<20 {
		t.Fatalf("allocated %d bytes for a %d-byte table", grew, size)
	}
}
