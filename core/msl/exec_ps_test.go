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

// TestExecPixelAgainstInterpreter is TestExecAgainstInterpreter for the
// pixel stage: random pixel shaders under random variant keys (fog, alpha
// test, sRGB, point sprites, linking), run per pixel as C++ and as a quad
// in the interpreter, comparing colour and depth outputs and discard.
// Derivatives and textures are left out.
func TestExecPixelAgainstInterpreter(t *testing.T) {
	clang, err := exec.LookPath("clang++")
	if err != nil {
		t.Skip("clang++ not on PATH: skipping the MSL execution check")
	}
	if testing.Short() {
		t.Skip("compiles and runs C++: skipped in -short")
	}
	r := rand.New(rand.NewPCG(15, 16))
	const units = 24
	var cpp, main strings.Builder
	type want struct {
		vals []float32
		kill []bool
	}
	var wants []want
	var sources []string
	cpp.WriteString("extern \"C\" int printf(const char *, ...);\n")
	cpp.WriteString("static metal::float4 F(unsigned a, unsigned b, unsigned c, unsigned d) { return metal::float4(__builtin_bit_cast(float, a), __builtin_bit_cast(float, b), __builtin_bit_cast(float, c), __builtin_bit_cast(float, d)); }\n")
	cpp.WriteString("static void P(float f) { printf(\"%08x\\n\", __builtin_bit_cast(unsigned, f)); }\n")
	for i := 0; i < units; i++ {
		s := irtest.RandomShaderWith(r, ir.StagePixel, irtest.Options{NoDeriv: true, Statements: 30})
		exposePixel(s)
		k := irtest.RandomKey(r)
		u, err := msl.Emit(s, k)
		if err != nil {
			t.Fatal(err)
		}
		v := ir.ApplyVariant(s, k)
		if d := os.Getenv("EXECDEBUG"); d != "" {
			os.WriteFile(fmt.Sprintf("%s.p%d.ir", d, i), []byte(ir.Format(v)+fmt.Sprintf("\nkey %+v\n", k)), 0o644)
		}
		env := randomEnv(r, v)
		env.Textures = fakeTextures{}
		// per lane values: one per varying slot (inputs sharing a slot
		// read one member), position, point coord; front facing.
		var in [][4][4]float32
		slotVal := map[int][4][4]float32{}
		for _, d := range v.Inputs {
			var lanes [4][4]float32
			for l := range lanes {
				lanes[l] = [4]float32{rf(r), rf(r), rf(r), rf(r)}
			}
			switch d.Sys {
			case ir.SysNone:
				slot := ir.VaryingSlot(d.Usage, d.UsageIndex)
				if prev, ok := slotVal[slot]; ok {
					lanes = prev
				}
				slotVal[slot] = lanes
			case ir.SysFrontFace:
				lanes = [4][4]float32{{1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}}
			case ir.SysPointCoord:
				for l := range lanes {
					lanes[l][2], lanes[l][3] = 0, 1
				}
			}
			in = append(in, lanes)
		}
		// SysPosition and SysPointCoord inputs all read one source each.
		for j, d := range v.Inputs {
			for jj := 0; jj < j; jj++ {
				if d.Sys != ir.SysNone && d.Sys == v.Inputs[jj].Sys {
					in[j] = in[jj]
				}
			}
		}
		m, err := ir.NewMachine(v)
		if err != nil {
			t.Fatal(err)
		}
		out := make([][4][4]float32, len(v.Outputs))
		killed, err := m.RunQuad(env, in, out)
		if err != nil {
			t.Fatal(err)
		}
		var colors []int
		depth := -1
		seen := uint8(0)
		for j, o := range v.Outputs {
			if o.Kind == ir.OutColor && seen&(1<<o.Index) == 0 {
				seen |= 1 << o.Index
				colors = append(colors, j)
			}
			if o.Kind == ir.OutDepth && depth < 0 {
				depth = j
			}
		}
		sortByIndex(colors, v)
		var w want
		for l := 0; l < 4; l++ {
			for _, c := range colors {
				w.vals = append(w.vals, out[c][l][:]...)
			}
			if depth >= 0 {
				w.vals = append(w.vals, out[depth][l][0])
			}
			w.kill = append(w.kill, killed&(1<<l) != 0)
		}
		wants = append(wants, w)
		sources = append(sources, u.Source)

		name := fmt.Sprintf("p%d", i)
		fmt.Fprintf(&cpp, "namespace %s {\n%s}\n", name, u.Source)
		consts, args := constDecls(u, env)
		for l := 0; l < 4; l++ {
			fmt.Fprintf(&main, "\t{\n%s", consts)
			var call []string
			if strings.Contains(u.Source, "PSIn in [[stage_in]]") {
				fmt.Fprintf(&main, "\t\t%s::PSIn in;\n", name)
				for j, d := range v.Inputs {
					switch d.Sys {
					case ir.SysNone:
						fmt.Fprintf(&main, "\t\tin.v%d = %s;\n", ir.VaryingSlot(d.Usage, d.UsageIndex), f4lit(in[j][l]))
					case ir.SysPosition:
						fmt.Fprintf(&main, "\t\tin.pos = %s;\n", f4lit(in[j][l]))
					}
				}
				call = append(call, "in")
			}
			if strings.Contains(u.Source, "[[front_facing]]") {
				call = append(call, "true")
			}
			if strings.Contains(u.Source, "[[point_coord]]") {
				for j, d := range v.Inputs {
					if d.Sys == ir.SysPointCoord {
						call = append(call, fmt.Sprintf("%s.xy", f4lit(in[j][l])))
						break
					}
				}
			}
			call = append(call, args...)
			fmt.Fprintf(&main, "\t\tmetal::_discarded() = false;\n")
			fmt.Fprintf(&main, "\t\t%s::PSOut out = %s::ps_main(%s);\n", name, name, strings.Join(call, ", "))
			for _, c := range colors {
				n := v.Outputs[c].Index
				fmt.Fprintf(&main, "\t\tP(out.c%d.x); P(out.c%d.y); P(out.c%d.z); P(out.c%d.w);\n", n, n, n, n)
			}
			if depth >= 0 {
				fmt.Fprintf(&main, "\t\tP(out.depth);\n")
			}
			fmt.Fprintf(&main, "\t\tprintf(\"%%d\\n\", (int)metal::_discarded());\n\t}\n")
		}
	}
	cpp.WriteString("int main() {\n" + main.String() + "\treturn 0;\n}\n")
	lines := runHarness(t, clang, cpp.String())
	at := 0
	next := func() string {
		if at >= len(lines) {
			t.Fatalf("harness output too short")
		}
		at++
		return lines[at-1]
	}
	for i, w := range wants {
		per := len(w.vals) / 4
		bad := false
		for l := 0; l < 4 && !bad; l++ {
			for j := 0; j < per; j++ {
				b, _ := strconv.ParseUint(next(), 16, 32)
				got, x := math.Float32frombits(uint32(b)), w.vals[l*per+j]
				if !close(got, x) && !bad {
					t.Errorf("pixel unit %d lane %d value %d: MSL gives %v, interpreter %v\n%s", i, l, j, got, x, sources[i])
					bad = true
				}
			}
			if k := next() == "1"; k != w.kill[l] && !bad {
				t.Errorf("pixel unit %d lane %d: MSL discard %v, interpreter %v\n%s", i, l, k, w.kill[l], sources[i])
				bad = true
			}
		}
		if bad {
			return // output alignment is lost
		}
	}
}

// exposePixel makes temporaries observable through the colour targets the
// shader leaves free.
func exposePixel(s *ir.Shader) {
	s.Subs = append(s.Subs, s.Body)
	s.Body = nil
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
	used := map[int]bool{}
	for _, o := range s.Outputs {
		if o.Kind == ir.OutColor {
			used[o.Index] = true
		}
	}
	t := 0
	for c := 0; c < 4; c++ {
		if used[c] {
			continue
		}
		s.Outputs = append(s.Outputs, ir.Output{Kind: ir.OutColor, Index: c})
		o := ir.Out(len(s.Outputs) - 1).D(0)
		switch {
		case t < s.NumTemps:
			s.Body = append(s.Body, ir.Op(ir.OpMov, o, ir.Temp(t).S()))
		case t-s.NumTemps < s.NumITemps:
			s.Body = append(s.Body, ir.Op(ir.OpI2F, o, ir.ITemp(t-s.NumTemps).S()))
		default:
			s.Body = append(s.Body, ir.Op(ir.OpB2F, o, ir.BTemp(0).S()))
		}
		t++
	}
}

// constDecls declares the buffers a unit reads and returns the argument
// names in parameter order.
func constDecls(u *msl.Unit, env *ir.Env) (string, []string) {
	var b strings.Builder
	var args []string
	if u.Buffers&(1<<msl.BufferConstF) != 0 {
		fmt.Fprintf(&b, "\t\tstatic const metal::float4 cf[] = {%s};\n", f4list(env.ConstF))
		args = append(args, "cf")
	}
	if u.Buffers&(1<<msl.BufferConstI) != 0 {
		var l []string
		for _, c := range env.ConstI {
			l = append(l, fmt.Sprintf("metal::int4(%d, %d, %d, %d)", c[0], c[1], c[2], c[3]))
		}
		fmt.Fprintf(&b, "\t\tstatic const metal::int4 ci[] = {%s};\n", strings.Join(l, ", "))
		args = append(args, "ci")
	}
	if u.Buffers&(1<<msl.BufferConstB) != 0 {
		var l []string
		for _, c := range env.ConstB {
			l = append(l, map[bool]string{true: "1u", false: "0u"}[c])
		}
		fmt.Fprintf(&b, "\t\tstatic const uint cb[] = {%s};\n", strings.Join(l, ", "))
		args = append(args, "cb")
	}
	if u.Buffers&(1<<msl.BufferDrawState) != 0 {
		fmt.Fprintf(&b, "\t\tstatic const metal::float4 ds[] = {%s};\n", f4list(env.DrawState))
		args = append(args, "ds")
	}
	for _, d := range u.Samplers {
		t := map[ir.SamplerKind]string{ir.Sampler2D: "texture2d<float>", ir.SamplerCube: "texturecube<float>", ir.Sampler3D: "texture3d<float>", ir.SamplerShadow2D: "depth2d<float>"}[d.Kind]
		fmt.Fprintf(&b, "\t\tmetal::%s t%d; metal::sampler s%d;\n", t, d.Index, d.Index)
		args = append(args, fmt.Sprintf("t%d", d.Index), fmt.Sprintf("s%d", d.Index))
	}
	return b.String(), args
}

// runHarness compiles C++ against the shim, runs it and returns its output
// split into words.
func runHarness(t *testing.T, clang, src string) []string {
	t.Helper()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "metal_stdlib"), nil, 0o644)
	file := filepath.Join(dir, "harness.cpp")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if d := os.Getenv("EXECDEBUG"); d != "" {
		os.WriteFile(d, []byte(src), 0o644)
	}
	shim, _ := filepath.Abs(msl.ShimPath)
	bin := filepath.Join(dir, "harness")
	cmd := exec.Command(clang, "-std=c++17", "-O0", "-ffp-contract=off", "-fno-fast-math", "-w", "-Wno-unknown-attributes",
		"-isystem", dir, "-include", shim, file, "-o", bin)
	var cerr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &cerr, &cerr
	if err := cmd.Run(); err != nil {
		t.Fatalf("compiling the harness: %v\n%s", err, firstLines(cerr.String(), 40))
	}
	out, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatalf("running the harness: %v", err)
	}
	return strings.Fields(string(out))
}

// fakeTextures mirrors the shim's stand-in sample bodies: the coordinate,
// and a number encoding the LOD option in w (shadow: x + 2y + 4ref plus
// that number, replicated).
type fakeTextures struct{}

func (fakeTextures) Sample(req *ir.TexRequest, out *[4][4]float32) {
	for l := 0; l < req.Lanes; l++ {
		c := req.Coord[l]
		var w float32
		switch req.Mode {
		case ir.TexBias:
			w = 100 + req.LodBias[l]
		case ir.TexLod:
			w = 200 + req.LodBias[l]
		case ir.TexGrad:
			w = 300 + req.Ddx[l][0] + 2*req.Ddy[l][1]
		}
		switch req.Kind {
		case ir.Sampler2D:
			out[l] = [4]float32{c[0], c[1], 0, w}
		case ir.SamplerShadow2D:
			v := c[0] + 2*c[1] + 4*req.Ref[l]
			if req.Mode != ir.TexImplicit {
				v += w
			}
			out[l] = [4]float32{v, v, v, v}
		default:
			out[l] = [4]float32{c[0], c[1], c[2], w}
		}
	}
}
