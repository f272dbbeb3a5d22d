package msl

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/*.msl goldens and shim/metal_shim.h")

func TestShimUpToDate(t *testing.T) {
	want := genShim()
	if *update {
		if err := os.WriteFile(ShimPath, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(ShimPath)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Fatalf("%s is out of date: run go test ./core/msl -update", ShimPath)
	}
}

// pch is the shim precompiled once per test run: parsing the shim's
// vector classes dominates a check, so each unit then costs little.
var pch struct {
	once sync.Once
	dir  string
	args []string // how to include the shim
}

var clangFlags = []string{"-std=c++17", "-Wno-unknown-attributes", "-Werror=return-type", "-ferror-limit=20"}

func shimArgs(clang string) []string {
	pch.once.Do(func() {
		shim, _ := filepath.Abs(ShimPath)
		pch.args = []string{"-include", shim}
		dir, err := os.MkdirTemp("", "mtld3d-msl-")
		if err != nil {
			return
		}
		pch.dir = dir
		// metal_stdlib is Metal's own header; the shim stands in for it.
		os.WriteFile(filepath.Join(dir, "metal_stdlib"), nil, 0o644)
		out := filepath.Join(dir, "metal_shim.h.pch")
		args := append([]string{"-x", "c++-header"}, clangFlags...)
		args = append(args, shim, "-o", out)
		if exec.Command(clang, args...).Run() == nil {
			pch.args = []string{"-include-pch", out}
		}
	})
	return pch.args
}

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if pch.dir != "" {
		os.RemoveAll(pch.dir)
	}
	os.Exit(code)
}

// clangCheck compiles one MSL translation unit as C++17 against the shim
// header with -fsyntax-only. It skips when clang++ is not installed.
func clangCheck(t *testing.T, name, src string) {
	t.Helper()
	out, err := clangRun(t, name, src)
	if err != nil {
		t.Errorf("clang rejected %s: %v\n%s\n--- source ---\n%s", name, err, out, numbered(src))
	} else if strings.Contains(out, "warning") {
		t.Logf("clang warnings for %s:\n%s", name, out)
	}
}

func clangRun(t *testing.T, name, src string) (string, error) {
	t.Helper()
	clang, err := exec.LookPath("clang++")
	if err != nil {
		t.Skip("clang++ not on PATH: skipping the MSL syntax check (install clang to run it)")
	}
	inc := shimArgs(clang)
	if pch.dir == "" {
		t.Fatal("cannot create a temporary directory for the clang check")
	}
	file := filepath.Join(t.TempDir(), name+".metal.cpp")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"-fsyntax-only"}, clangFlags...)
	args = append(args, "-isystem", pch.dir)
	args = append(args, inc...)
	args = append(args, file)
	cmd := exec.Command(clang, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	return out.String(), err
}

// TestShimRejectsBadMSL makes sure the check can fail: type and swizzle
// errors MSL would reject must not pass.
func TestShimRejectsBadMSL(t *testing.T) {
	for i, body := range []string{
		"float4 a = float4(1.0f, 2.0f, 3.0f, 4.0f, 5.0f);",
		"float2 a = float2(1.0f); float4 b = a.xyzw;",
		"float4 a = float4(1.0f); float3 b = a;",
		"float4 a = float4(1.0f); int4 b = a;",
		"float4 a = float4(1.0f); float b = dot(a, a.xyz);",
		"texture2d<float> t; sampler s; float4 a = t.sample(s, float3(0.0f));",
	} {
		src := "#include <metal_stdlib>\nusing namespace metal;\nvoid f() { " + body + " }\n"
		name := "bad" + itoa(i)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if _, err := clangRun(t, name, src); err == nil {
				t.Errorf("clang accepted invalid MSL: %s", src)
			}
		})
	}
}

func numbered(src string) string {
	var b strings.Builder
	for i, l := range strings.Split(src, "\n") {
		b.WriteString(strings.TrimRight(strings.Repeat(" ", 4)+itoa(i+1), " "))
		b.WriteString(": ")
		b.WriteString(l)
		b.WriteString("\n")
	}
	return b.String()
}

func itoa(i int) string {
	s := ""
	for {
		s = string(rune('0'+i%10)) + s
		i /= 10
		if i == 0 {
			return s
		}
	}
}

func TestShimAcceptsMSL(t *testing.T) {
	src := `#include <metal_stdlib>
using namespace metal;
struct VSIn { float4 v0 [[attribute(0)]]; };
struct VSOut { float4 pos [[position]]; float psize [[point_size]]; float clip [[clip_distance]] [2]; float4 loc0 [[user(locn0)]]; };
vertex VSOut vs_main(VSIn in [[stage_in]], constant float4* cf [[buffer(0)]], texture2d<float> t0 [[texture(0)]], sampler s0 [[sampler(0)]]) {
	VSOut out;
	float4 r0 = float4(0.0f);
	float4 r1 = float4(in.v0.xy, 0.0f, 1.0f);
	r0.xz = r1.zx;
	r0.xy = r1.xy;
	r0.w = dot(r0.xyz, r1.xyz);
	r0 = select(r0, fmax(r0, cf[3]), r0 < float4(0.5f));
	bool4 p0 = bool4(false);
	p0 = !(r0 >= r1) && p0;
	if (p0.x || any(p0)) { r0 = t0.sample(s0, r0.xy, level(0.0f)); }
	int4 a0 = int4(round(r0));
	r0 = float4(a0) * 2.0f + cf[a0.x];
	float3 n = normalize(cross(r0.xyz, r1.xyz));
	r0 = clamp(r0, -8.0f, 8.0f) + saturate(r0) + mix(r0, r1, r0.x) + float4(n, 1.0f);
	r0 += as_type<float>(0x7f800000u);
	float4x4 m = float4x4(r0, r1, r0, r1);
	out.pos = m * r0;
	out.psize = 1.0f;
	out.clip[0] = r0.x; out.clip[1] = INFINITY;
	out.loc0 = r0.wzyx;
	return out;
}
`
	clangCheck(t, "shimcheck", src)
}
