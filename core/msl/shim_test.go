package msl

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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

// clangCheck compiles MSL translation units as C++ against the shim. Each
// unit is one file; all are checked in one clang invocation per unit, run
// in parallel by the caller's subtests.
func clangCheck(t *testing.T, name, src string) {
	t.Helper()
	clang, err := exec.LookPath("clang++")
	if err != nil {
		t.Skip("clang++ not on PATH: skipping the MSL syntax check (install clang to run it)")
	}
	dir := t.TempDir()
	// metal_stdlib is Metal's own header; the shim stands in for it.
	if err := os.WriteFile(filepath.Join(dir, "metal_stdlib"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, name+".metal.cpp")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	shim, _ := filepath.Abs(ShimPath)
	cmd := exec.Command(clang, "-fsyntax-only", "-std=c++17", "-Wno-unknown-attributes",
		"-Werror=return-type", "-ferror-limit=20", "-isystem", dir, "-include", shim, file)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Errorf("clang rejected %s: %v\n%s\n--- source ---\n%s", name, err, out.String(), numbered(src))
	} else if strings.Contains(out.String(), "warning") {
		t.Logf("clang warnings for %s:\n%s", name, out.String())
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
