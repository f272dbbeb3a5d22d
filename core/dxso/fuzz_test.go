package dxso

import (
	"reflect"
	"testing"
)

// stripLayout drops what text does not carry: offsets, lengths, comments.
func stripLayout(p *Program) *Program {
	q := &Program{Version: p.Version}
	for _, ins := range p.Instructions {
		ins.Offset, ins.Length = 0, 0
		q.Instructions = append(q.Instructions, ins)
	}
	return q
}

// checkProgram verifies, for a program Parse accepted from code, that
// re-encoding and the text round trip reproduce it.
func checkProgram(t *testing.T, p *Program) {
	t.Helper()
	enc, err := Encode(p)
	if err != nil {
		t.Fatalf("Encode of a parsed program: %v", err)
	}
	q, err := Parse(enc)
	if err != nil {
		t.Fatalf("Parse of re-encoded program: %v", err)
	}
	if !reflect.DeepEqual(p, q) {
		t.Fatalf("re-encoded program differs:\n%+v\n%+v", p, q)
	}
	text := Disassemble(p)
	code, err := Assemble(text)
	if err != nil {
		t.Fatalf("Assemble(Disassemble(p)): %v\n%s", err, text)
	}
	r, err := Parse(code)
	if err != nil {
		t.Fatalf("Parse(Assemble(Disassemble(p))): %v", err)
	}
	if a, b := stripLayout(p), stripLayout(r); !reflect.DeepEqual(a, b) {
		t.Fatalf("text round trip differs:\n%s\n%+v\n%+v", text, a, b)
	}
	if text2 := Disassemble(r); len(p.Comments) == 0 && text2 != text {
		t.Fatalf("disassembly differs:\n%s\n%s", text, text2)
	}
}

func FuzzParse(f *testing.F) {
	f.Add(TokensToBytes([]uint32{0xFFFE0200, 0x02000001, 0xC00F0000, 0x90E40000, EndToken}))
	f.Add(TokensToBytes([]uint32{0xFFFF0104, 0x00000042, 0x800F0000, 0xB9E40000, EndToken}))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParseBytes(data)
		code, _ := BytesToTokens(data)
		notes, q, aerr := Annotate(code)
		if (err == nil) != (aerr == nil) || (err == nil && !reflect.DeepEqual(p, q)) {
			t.Fatalf("Annotate disagrees with Parse: %v vs %v", err, aerr)
		}
		for i := 1; i < len(notes); i++ {
			if notes[i].Offset <= notes[i-1].Offset {
				t.Fatalf("notes out of order at %d: %+v", i, notes[i-1:i+1])
			}
		}
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		checkProgram(t, p)
	})
}

func FuzzCTAB(f *testing.F) {
	f.Add(TokensToBytes(BuildCTAB(&ConstantTable{Creator: "c", Target: "vs_3_0", Constants: []Constant{
		{Name: "m", RegisterSet: RegSetFloat4, RegisterCount: 4, Type: TypeInfo{Class: ClassStruct, Members: []Member{
			{Name: "a", Type: TypeInfo{Class: ClassVector, Type: TypeFloat, Rows: 1, Columns: 4}}}}}}})))
	f.Fuzz(func(t *testing.T, data []byte) {
		code, err := BytesToTokens(data[:len(data)&^3])
		if err != nil {
			t.Fatal(err)
		}
		ct, err := ParseCTAB(code)
		if err != nil {
			return
		}
		// A decoded table rebuilds to one that decodes the same (defaults aside).
		for i := range ct.Constants {
			ct.Constants[i].Default = nil
		}
		again, err := ParseCTAB(BuildCTAB(ct))
		if err != nil {
			t.Fatalf("rebuilt table: %v", err)
		}
		if !reflect.DeepEqual(ct, again) {
			t.Fatalf("rebuilt table differs:\n%+v\n%+v", ct, again)
		}
	})
}

// FuzzAssemble: the assembler never panics, and what it accepts
// disassembles to text that assembles to the same bytecode.
func FuzzAssemble(f *testing.F) {
	for _, src := range loadCorpus(f) {
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		code, err := Assemble(src)
		if err != nil {
			return
		}
		p, err := Parse(code)
		if err != nil {
			t.Fatalf("Assemble produced bytecode Parse rejects: %v", err)
		}
		code2, err := Assemble(Disassemble(p))
		if err != nil || !equalTokens(code, code2) {
			t.Fatalf("round trip: %v\n%08x\n%08x", err, code, code2)
		}
	})
}
