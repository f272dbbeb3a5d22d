package msl_test

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"mtld3d/core/ir"
	"mtld3d/core/ir/irtest"
	"mtld3d/core/msl"
)

// TestExecAgainstInterpreter runs emitted vertex functions as C++ (the
// shim has definitions as well as declarations) and compares their
// outputs with the IR interpreter on the same inputs: one IR, two
// consumers, same answers. Random shaders cover the ALU ops, modifiers,
// masks, predication, relative addressing, control flow and the vertex
// variant epilogue. Textures and derivatives are not covered here.
func TestExecAgainstInterpreter(t *testing.T) {
	clang, err := exec.LookPath("clang++")
	if err != nil {
		t.Skip("clang++ not on PATH: skipping the MSL execution check")
	}
	if testing.Short() {
		t.Skip("compiles and runs C++: skipped in -short")
	}
	r := rand.New(rand.NewPCG(5, 6))
	const units = 32
	type want struct {
		name  string
		shape string
		vals  []float32
	}
	var cpp strings.Builder
	var main strings.Builder
	var wants []want
	var sources []string
	cpp.WriteString("extern \"C\" int printf(const char *, ...);\n")
	cpp.WriteString("static metal::float4 F(unsigned a, unsigned b, unsigned c, unsigned d) { return metal::float4(__builtin_bit_cast(float, a), __builtin_bit_cast(float, b), __builtin_bit_cast(float, c), __builtin_bit_cast(float, d)); }\n")
	cpp.WriteString("static void P(float f) { printf(\"%08x\\n\", __builtin_bit_cast(unsigned, f)); }\n")
	for i := 0; i < units; i++ {
		s := irtest.RandomShaderWith(r, ir.StageVertex, irtest.Options{Statements: 40})
		exposeRegisters(s)
		k := irtest.RandomKey(r)
		u, err := msl.Emit(s, k)
		if err != nil {
			t.Fatal(err)
		}
		v := ir.ApplyVariant(s, k)
		if d := os.Getenv("EXECDEBUG"); d != "" {
			os.WriteFile(fmt.Sprintf("%s.u%d.ir", d, i), []byte(ir.Format(v)), 0o644)
		}
		env := randomEnv(r, v)
		env.Textures = fakeTextures{}
		in := make([][4]float32, len(v.Inputs))
		for j := range in {
			in[j] = [4]float32{rf(r), rf(r), rf(r), rf(r)}
		}
		m, err := ir.NewMachine(v)
		if err != nil {
			t.Fatal(err)
		}
		out := make([][4]float32, len(v.Outputs))
		if err := m.RunVertex(env, in, out); err != nil {
			t.Fatal(err)
		}
		// the interpreter's view of the VSOut fields, in emission order
		w := want{name: fmt.Sprintf("u%d", i)}
		pos, psize := -1, -1
		var clips []int
		for j, o := range v.Outputs {
			switch o.Kind {
			case ir.OutPosition:
				if pos < 0 {
					pos = j
				}
			case ir.OutPointSize:
				if psize < 0 {
					psize = j
				}
			case ir.OutClipDist:
				clips = append(clips, j)
			}
		}
		if pos >= 0 {
			w.vals = append(w.vals, out[pos][:]...)
		} else {
			w.vals = append(w.vals, 0, 0, 0, 0)
		}
		if u.PointSize {
			w.vals = append(w.vals, out[psize][0])
		}
		sortByIndex(clips, v)
		for _, c := range clips {
			w.vals = append(w.vals, out[c][0])
		}
		for _, slot := range u.Varyings {
			for j, o := range v.Outputs {
				if o.Kind == ir.OutVarying && ir.VaryingSlot(o.Usage, o.UsageIndex) == slot {
					w.vals = append(w.vals, out[j][:]...)
					break
				}
			}
		}
		wants = append(wants, w)
		sources = append(sources, u.Source)

		// C++: the unit in its own namespace, and a call from main.
		fmt.Fprintf(&cpp, "namespace %s {\n%s}\n", w.name, u.Source)
		fmt.Fprintf(&main, "\t{\n")
		var args []string
		if len(u.Attributes) > 0 {
			fmt.Fprintf(&main, "\t\t%s::VSIn in;\n", w.name)
			for j, d := range v.Inputs {
				fmt.Fprintf(&main, "\t\tin.a%d = %s;\n", d.Location, f4lit(in[j]))
			}
			args = append(args, "in")
		}
		consts, cargs := constDecls(u, env)
		main.WriteString(consts)
		args = append(args, cargs...)
		fmt.Fprintf(&main, "\t\t%s::VSOut out = %s::vs_main(%s);\n", w.name, w.name, strings.Join(args, ", "))
		fmt.Fprintf(&main, "\t\tP(out.pos.x); P(out.pos.y); P(out.pos.z); P(out.pos.w);\n")
		if u.PointSize {
			fmt.Fprintf(&main, "\t\tP(out.psize);\n")
		}
		for c := 0; c < u.ClipDistances; c++ {
			fmt.Fprintf(&main, "\t\tP(out.clip[%d]);\n", c)
		}
		for _, slot := range u.Varyings {
			fmt.Fprintf(&main, "\t\tP(out.v%d.x); P(out.v%d.y); P(out.v%d.z); P(out.v%d.w);\n", slot, slot, slot, slot)
		}
		fmt.Fprintf(&main, "\t}\n")
	}
	cpp.WriteString("int main() {\n" + main.String() + "\treturn 0;\n}\n")

	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "metal_stdlib"), nil, 0o644)
	src := filepath.Join(dir, "harness.cpp")
	if d := os.Getenv("EXECDEBUG"); d != "" {
		os.WriteFile(d, []byte(cpp.String()), 0o644)
	}
	if err := os.WriteFile(src, []byte(cpp.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	shim, _ := filepath.Abs(msl.ShimPath)
	bin := filepath.Join(dir, "harness")
	cmd := exec.Command(clang, "-std=c++17", "-O0", "-ffp-contract=off", "-fno-fast-math", "-w", "-Wno-unknown-attributes",
		"-isystem", dir, "-include", shim, src, "-o", bin)
	var cerr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &cerr, &cerr
	if err := cmd.Run(); err != nil {
		t.Fatalf("compiling the harness: %v\n%s", err, firstLines(cerr.String(), 40))
	}
	outb, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatalf("running the harness: %v", err)
	}
	lines := strings.Fields(string(outb))
	at := 0
	nans, zeros, total := 0, 0, 0
	for _, w := range wants {
		for _, x := range w.vals {
			total++
			if x != x {
				nans++
			}
			if x == 0 {
				zeros++
			}
		}
	}
	t.Logf("%d values compared: %d NaN, %d zero, %d output lines", total, nans, zeros, len(lines))
	for i, w := range wants {
		for j, x := range w.vals {
			if at >= len(lines) {
				t.Fatalf("harness output too short")
			}
			b, _ := strconv.ParseUint(lines[at], 16, 32)
			at++
			got := math.Float32frombits(uint32(b))
			if os.Getenv("EXECDEBUG") != "" {
				t.Logf("unit %d value %d: %v %v", i, j, got, x)
			}
			if !close(got, x) {
				t.Errorf("unit %d value %d: MSL gives %v, interpreter %v\n%s", i, j, got, x, sources[i])
				break
			}
		}
	}
}

// exposeRegisters makes every temporary observable: the random body
// becomes a subroutine (so its returns still reach the end) followed by
// copies of all registers into extra varyings.
func exposeRegisters(s *ir.Shader) {
	s.Subs = append(s.Subs, s.Body)
	s.Body = nil
	// start from nonzero registers
	for i := 0; i < s.NumTemps; i++ {
		s.Body = append(s.Body, ir.Op(ir.OpMov, ir.Temp(i).D(0), ir.ConstF(i%s.NumConstF).S()))
	}
	for i := 0; i < s.NumITemps; i++ {
		s.Body = append(s.Body, ir.Op(ir.OpMov, ir.ITemp(i).D(0), ir.ConstI(i%s.NumConstI).S()))
	}
	for i := 0; i < s.NumBTemps; i++ {
		s.Body = append(s.Body, ir.Op(ir.OpLt, ir.BTemp(i).D(0), ir.ConstF((i+1)%s.NumConstF).S(), ir.ConstF((i+2)%s.NumConstF).S()))
	}
	s.Body = append(s.Body, &ir.Call{Sub: len(s.Subs) - 1})
	add := func(op ir.Opcode, src ir.Src) {
		s.Outputs = append(s.Outputs, ir.Output{Kind: ir.OutVarying, Usage: ir.UsageSample, UsageIndex: uint8(len(s.Outputs) % 16)})
		s.Body = append(s.Body, ir.Op(op, ir.Out(len(s.Outputs)-1).D(0), src))
	}
	for i := 0; i < s.NumTemps && len(s.Outputs) < 15; i++ {
		add(ir.OpMov, ir.Temp(i).S())
	}
	for i := 0; i < s.NumITemps && len(s.Outputs) < 15; i++ {
		add(ir.OpI2F, ir.ITemp(i).S())
	}
	for i := 0; i < s.NumBTemps && len(s.Outputs) < 15; i++ {
		add(ir.OpB2F, ir.BTemp(i).S())
	}
}

func close(a, b float32) bool {
	if a == b || (a != a && b != b) {
		return true
	}
	if math.IsInf(float64(a), 0) || math.IsInf(float64(b), 0) {
		return false
	}
	d := math.Abs(float64(a) - float64(b))
	return d <= 1e-4*math.Max(1, math.Max(math.Abs(float64(a)), math.Abs(float64(b))))
}

func sortByIndex(outs []int, s *ir.Shader) {
	for i := 1; i < len(outs); i++ {
		for j := i; j > 0 && s.Outputs[outs[j]].Index < s.Outputs[outs[j-1]].Index; j-- {
			outs[j], outs[j-1] = outs[j-1], outs[j]
		}
	}
}

func rf(r *rand.Rand) float32 {
	switch r.IntN(10) {
	case 0:
		return 0
	case 1:
		return 1
	case 2:
		return -1
	case 3:
		if r.IntN(3) == 0 {
			return float32(math.Inf(1 - 2*r.IntN(2)))
		}
	}
	return float32(math.Round(r.NormFloat64()*8) / 4)
}

func randomEnv(r *rand.Rand, s *ir.Shader) *ir.Env {
	env := &ir.Env{}
	for i := 0; i < s.NumConstF; i++ {
		env.ConstF = append(env.ConstF, [4]float32{rf(r), rf(r), rf(r), rf(r)})
	}
	for i := 0; i < s.NumConstI; i++ {
		env.ConstI = append(env.ConstI, [4]int32{int32(r.IntN(4)), int32(r.IntN(5)) - 2, int32(r.IntN(3)) - 1, int32(r.IntN(9)) - 4})
	}
	for i := 0; i < s.NumConstB; i++ {
		env.ConstB = append(env.ConstB, r.IntN(2) == 0)
	}
	for i := 0; i < ir.DSCount; i++ {
		env.DrawState = append(env.DrawState, [4]float32{rf(r), rf(r), rf(r), rf(r)})
	}
	return env
}

func f4lit(v [4]float32) string {
	return fmt.Sprintf("F(0x%08xu, 0x%08xu, 0x%08xu, 0x%08xu)", math.Float32bits(v[0]), math.Float32bits(v[1]), math.Float32bits(v[2]), math.Float32bits(v[3]))
}

func f4list(vs [][4]float32) string {
	l := make([]string, len(vs))
	for i, v := range vs {
		l[i] = f4lit(v)
	}
	return strings.Join(l, ", ")
}

func firstLines(s string, n int) string {
	l := strings.SplitN(s, "\n", n+1)
	if len(l) > n {
		l = l[:n]
	}
	return strings.Join(l, "\n")
}
