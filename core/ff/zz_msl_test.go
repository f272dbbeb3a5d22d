package ff

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"mtld3d/core/ir"
	"mtld3d/core/msl"
	"mtld3d/types"
)

// extraStates are keys the MSL check covers even when it runs alone: every
// feature at least once.
func extraStates() []State {
	var out []State
	add := func(f func(s *State)) {
		s := DefaultState()
		f(&s)
		out = append(out, s)
	}
	add(func(s *State) {})
	add(func(s *State) {
		s.Decl = DeclFromFVF(types.D3DFVF_XYZB3 | types.D3DFVF_LASTBETA_D3DCOLOR | types.D3DFVF_NORMAL | types.D3DFVF_DIFFUSE |
			types.D3DFVF_SPECULAR | types.D3DFVF_PSIZE | types.D3DFVF_TEX4 | types.D3DFVF_TEXCOORDSIZE3(1) | types.D3DFVF_TEXCOORDSIZE1(2))
		s.RS[types.D3DRS_VERTEXBLEND] = 2
		s.RS[types.D3DRS_INDEXEDVERTEXBLENDENABLE] = 1
		s.RS[types.D3DRS_NORMALIZENORMALS] = 1
		s.RS[types.D3DRS_SPECULARENABLE] = 1
		s.RS[types.D3DRS_POINTSCALEENABLE] = 1
		s.RS[types.D3DRS_CLIPPLANEENABLE] = 0xff
		s.RS[types.D3DRS_FOGENABLE] = 1
		s.RS[types.D3DRS_FOGVERTEXMODE] = uint32(types.D3DFOG_EXP2)
		s.RS[types.D3DRS_RANGEFOGENABLE] = 1
		s.RS[types.D3DRS_ALPHATESTENABLE] = 1
		s.RS[types.D3DRS_ALPHAFUNC] = uint32(types.D3DCMP_LESSEQUAL)
		s.RS[types.D3DRS_SRGBWRITEENABLE] = 1
		s.Lights = [8]types.LightType{1, 2, 3, 1, 2, 3, 1, 2}
		for i := 0; i < 8; i++ {
			s.Textures[i] = []ir.SamplerKind{ir.Sampler2D, ir.SamplerCube, ir.Sampler3D}[i%3]
			s.TSS[i][types.D3DTSS_COLOROP] = uint32(types.D3DTOP_MODULATE)
			s.TSS[i][types.D3DTSS_ALPHAOP] = uint32(types.D3DTOP_MODULATE)
			s.TSS[i][types.D3DTSS_TEXCOORDINDEX] = uint32(i&3) | uint32(i%5)<<16
			s.TSS[i][types.D3DTSS_TEXTURETRANSFORMFLAGS] = uint32(i%5) | uint32(types.D3DTTFF_PROJECTED)*uint32(i&1)
		}
		s.TSS[2][types.D3DTSS_COLOROP] = uint32(types.D3DTOP_BUMPENVMAPLUMINANCE)
		s.TSS[4][types.D3DTSS_COLOROP] = uint32(types.D3DTOP_PREMODULATE)
		s.TSS[6][types.D3DTSS_COLOROP] = uint32(types.D3DTOP_LERP)
		s.TSS[6][types.D3DTSS_COLORARG0] = types.D3DTA_CONSTANT | types.D3DTA_COMPLEMENT
		s.TSS[6][types.D3DTSS_RESULTARG] = types.D3DTA_TEMP
		s.TSS[7][types.D3DTSS_COLOROP] = uint32(types.D3DTOP_DOTPRODUCT3)
		s.TSS[7][types.D3DTSS_COLORARG2] = types.D3DTA_TEMP | types.D3DTA_ALPHAREPLICATE
	})
	add(func(s *State) {
		s.Decl = DeclFromFVF(types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE | types.D3DFVF_SPECULAR | types.D3DFVF_TEX1)
		s.RS[types.D3DRS_FOGENABLE] = 1
		s.RS[types.D3DRS_FOGTABLEMODE] = uint32(types.D3DFOG_EXP)
		s.RS[types.D3DRS_SHADEMODE] = uint32(types.D3DSHADE_FLAT)
		s.RS[types.D3DRS_POINTSPRITEENABLE] = 1
	})
	add(func(s *State) {
		s.Decl = DeclFromFVF(types.D3DFVF_XYZW | types.D3DFVF_NORMAL)
		s.ProjOrtho = true
		s.RS[types.D3DRS_FOGENABLE] = 1
		s.RS[types.D3DRS_FOGTABLEMODE] = uint32(types.D3DFOG_LINEAR)
		s.RS[types.D3DRS_VERTEXBLEND] = 3
		s.TSS[0][types.D3DTSS_TEXCOORDINDEX] = types.D3DTSS_TCI_SPHEREMAP
	})
	add(func(s *State) {
		s.Decl = DeclFromFVF(types.D3DFVF_XYZ | types.D3DFVF_NORMAL)
		s.Decl.Position1, s.Decl.Normal1 = true, true
		s.RS[types.D3DRS_VERTEXBLEND] = uint32(types.D3DVBF_TWEENING)
		s.Lights[0] = types.D3DLIGHT_POINT
	})
	for op := types.D3DTOP_DISABLE; op <= types.D3DTOP_LERP; op++ {
		add(func(s *State) {
			s.Textures[0] = ir.Sampler2D
			s.Textures[1] = ir.Sampler2D
			s.TSS[0][types.D3DTSS_COLOROP] = uint32(op)
			s.TSS[0][types.D3DTSS_ALPHAOP] = uint32(op)
			s.TSS[1][types.D3DTSS_COLOROP] = uint32(types.D3DTOP_ADD)
		})
	}
	return out
}

// TestMSLCompiles emits MSL for every key the other tests ran plus
// extraStates and checks it with clang against core/msl's shim header.
func TestMSLCompiles(t *testing.T) {
	for _, s := range extraStates() {
		seenVS[vsCase{VertexKeyOf(&s), Variant(&s)}] = true
		seenPS[psCase{PixelKeyOf(&s), Variant(&s)}] = true
	}
	var units []string
	for c := range seenVS {
		u, err := msl.Emit(VertexShader(c.k), c.v)
		if err != nil {
			t.Fatalf("vertex key %+v: %v", c.k, err)
		}
		units = append(units, u.Source)
	}
	for c := range seenPS {
		v := c.v
		u, err := msl.Emit(PixelShader(c.k), v)
		if err != nil {
			t.Fatalf("pixel key %+v: %v", c.k, err)
		}
		units = append(units, u.Source)
	}
	sort.Strings(units)
	t.Logf("%d vertex and %d pixel keys", len(seenVS), len(seenPS))
	clang, err := exec.LookPath("clang++")
	if err != nil {
		t.Skip("clang++ not on PATH: skipping the MSL syntax check")
	}
	// One translation unit: each shader in its own namespace.
	var b strings.Builder
	b.WriteString("#include <metal_stdlib>\n")
	for i, u := range units {
		u = strings.Replace(u, "#include <metal_stdlib>\n", "", 1)
		fmt.Fprintf(&b, "namespace unit%d {\n%s\n}\n", i, u)
	}
	if out, err := clangCheck(t, clang, b.String()); err != nil {
		// Find the first unit clang rejects on its own.
		for _, u := range units {
			if out, err := clangCheck(t, clang, u); err != nil {
				t.Fatalf("clang rejected:\n%s\n--- source ---\n%s", out, u)
			}
		}
		t.Fatalf("clang rejected the combined unit:\n%s", out)
	}
}

func clangCheck(t *testing.T, clang, src string) (string, error) {
	dir := t.TempDir()
	shim, err := filepath.Abs(filepath.Join("..", "msl", msl.ShimPath))
	if err != nil {
		t.Fatal(err)
	}
	// metal_stdlib is Metal's own header; the shim stands in for it.
	if err := os.WriteFile(filepath.Join(dir, "metal_stdlib"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "ff.metal.cpp")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(clang, "-fsyntax-only", "-std=c++17", "-Wno-unknown-attributes", "-Werror=return-type",
		"-ferror-limit=20", "-isystem", dir, "-include", shim, file)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	return out.String(), err
}
