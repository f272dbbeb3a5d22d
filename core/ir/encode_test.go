package ir_test

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"mtld3d/core/dxso"
	"mtld3d/core/dxso/lower"
	"mtld3d/core/ff"
	"mtld3d/core/ir"
	"mtld3d/core/ir/irtest"
	"mtld3d/core/msl"
)

// encodeSamples returns shaders of every producer: random ones covering
// every statement and operand form, core/ff's defaults, and the DXSO
// corpus lowered (both as hardware and software vertex processing would).
func encodeSamples(t testing.TB) []*ir.Shader {
	var out []*ir.Shader
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 200 {
		out = append(out, irtest.RandomShader(r, ir.Stage(i%2)))
	}
	st := ff.DefaultState()
	out = append(out, ff.VertexShader(ff.VertexKeyOf(&st)), ff.PixelShader(ff.PixelKeyOf(&st)))
	files, err := filepath.Glob("../dxso/testdata/corpus/*.asm")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p, err := dxso.AssembleProgram(string(src))
		if err != nil {
			continue // the corpus holds programs the assembler refuses on purpose
		}
		for _, sw := range []bool{false, true} {
			if res, err := lower.Lower(p, lower.Options{Software: sw && p.Version.IsVS()}); err == nil {
				out = append(out, res.Shader)
			}
		}
	}
	return out
}

// A decoded shader is the shader encoded: same text, same bytes again.
func TestEncodeRoundTrip(t *testing.T) {
	for i, s := range encodeSamples(t) {
		b := ir.Encode(s)
		got, err := ir.Decode(b)
		if err != nil {
			t.Fatalf("shader %d: %v\n%s", i, err, ir.Format(s))
		}
		if ir.Format(got) != ir.Format(s) {
			t.Fatalf("shader %d decodes differently:\n%s\nwant\n%s", i, ir.Format(got), ir.Format(s))
		}
		if !bytes.Equal(ir.Encode(got), b) {
			t.Fatalf("shader %d: re-encoding differs", i)
		}
	}
}

// Every proper prefix of an encoding, and every version but ours, is
// refused.
func TestDecodeRefusesDamage(t *testing.T) {
	st := ff.DefaultState()
	b := ir.Encode(ff.PixelShader(ff.PixelKeyOf(&st)))
	for n := range len(b) {
		if _, err := ir.Decode(b[:n]); err == nil {
			t.Fatalf("prefix of %d of %d bytes decoded", n, len(b))
		}
	}
	old := bytes.Clone(b)
	old[2] = ir.EncodingVersion + 1
	if _, err := ir.Decode(old); err == nil {
		t.Fatal("another encoding version decoded")
	}
	if _, err := ir.Decode(append(bytes.Clone(b), 0)); err == nil {
		t.Fatal("trailing bytes accepted")
	}
}

// FuzzDecode: Decode never panics; what it accepts is valid, emits MSL
// without panicking and encodes to bytes that decode to the same shader.
//
//	go test -fuzz=FuzzDecode ./core/ir
func FuzzDecode(f *testing.F) {
	for i, s := range encodeSamples(f) {
		if i%8 == 0 { // a spread of producers without a slow seed corpus
			f.Add(ir.Encode(s))
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := ir.Decode(b)
		if err != nil {
			return
		}
		if err := ir.Validate(s); err != nil {
			t.Fatalf("decoded shader fails Validate: %v", err)
		}
		re := ir.Encode(s)
		s2, err := ir.Decode(re)
		if err != nil {
			t.Fatalf("re-encoded shader refused: %v", err)
		}
		if !bytes.Equal(ir.Encode(s2), re) {
			t.Fatal("encoding is not stable")
		}
		msl.Emit(s, ir.VariantKey{})
		if _, err := ir.NewMachine(s); err != nil {
			t.Logf("machine: %v", err)
		}
	})
}
