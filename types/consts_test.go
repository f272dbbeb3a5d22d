package types

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// mingwCompile compiles C source with both guest compilers, skipping the
// test when they are not installed.
func mingwCompile(t *testing.T, src string) {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "check.c")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	ran := 0
	for _, cc := range []string{"i686-w64-mingw32-gcc", "x86_64-w64-mingw32-gcc"} {
		if _, err := exec.LookPath(cc); err != nil {
			continue
		}
		ran++
		out, err := exec.Command(cc, "-c", "-Wall", "-Werror", "-o", filepath.Join(dir, "check.o"), file).CombinedOutput()
		if err != nil {
			msg := string(out)
			if len(msg) > 4000 {
				msg = msg[:4000]
			}
			t.Errorf("%s: %v\n%s", cc, err, msg)
		}
	}
	if ran == 0 {
		t.Skip("no mingw-w64 compiler on PATH")
	}
}

// TestConstantsMatchHeaders has the C compiler check every constant that
// was taken from the headers against the headers themselves.
func TestConstantsMatchHeaders(t *testing.T) {
	var b strings.Builder
	b.WriteString("#include <windows.h>\n#include <d3d9.h>\n")
	for _, c := range headerConstants {
		fmt.Fprintf(&b, "_Static_assert((unsigned int)(%s) == 0x%08xu, %q);\n", c.C, c.V, c.C)
	}
	for _, c := range headerHRESULTs {
		fmt.Fprintf(&b, "_Static_assert((unsigned int)(%s) == 0x%08xu, %q);\n", c.C, uint32(c.V), c.C)
	}
	// The macros that became Go functions, at a few arguments.
	macros := []struct {
		c string
		v uint32
	}{
		{"D3DTS_WORLDMATRIX(5)", uint32(D3DTS_WORLDMATRIX(5))},
		{"D3DFVF_TEXCOORDSIZE1(2)", D3DFVF_TEXCOORDSIZE1(2)},
		{"D3DFVF_TEXCOORDSIZE2(2)", D3DFVF_TEXCOORDSIZE2(2)},
		{"D3DFVF_TEXCOORDSIZE3(7)", D3DFVF_TEXCOORDSIZE3(7)},
		{"D3DFVF_TEXCOORDSIZE4(0)", D3DFVF_TEXCOORDSIZE4(0)},
		{"D3DCOLOR_ARGB(1,2,3,4)", D3DCOLOR_ARGB(1, 2, 3, 4)},
		{"D3DCOLOR_RGBA(1,2,3,4)", D3DCOLOR_RGBA(1, 2, 3, 4)},
		{"D3DCOLOR_XRGB(0x80,2,3)", D3DCOLOR_XRGB(0x80, 2, 3)},
		{"D3DPS_VERSION(1,4)", D3DPS_VERSION(1, 4)},
		{"D3DVS_VERSION(3,0)", D3DVS_VERSION(3, 0)},
		{"D3DSHADER_VERSION_MAJOR(0xFFFF0201)", D3DSHADER_VERSION_MAJOR(0xFFFF0201)},
		{"D3DSHADER_VERSION_MINOR(0xFFFF0201)", D3DSHADER_VERSION_MINOR(0xFFFF0201)},
		{"MAKEFOURCC('A','T','I','2')", uint32(D3DFMT_ATI2)},
	}
	for _, m := range macros {
		fmt.Fprintf(&b, "_Static_assert((unsigned int)(%s) == 0x%08xu, %q);\n", m.c, m.v, m.c)
	}
	mingwCompile(t, b.String())
}

func TestStrings(t *testing.T) {
	cases := []struct {
		got  fmt.Stringer
		want string
	}{
		{D3DFMT_A8R8G8B8, "D3DFMT_A8R8G8B8"},
		{D3DFMT_DXT5, "D3DFMT_DXT5"},
		{D3DFMT_INTZ, "D3DFMT_INTZ"},
		{Format(MakeFourCC('A', 'B', 'C', 'D')), "Format('ABCD')"},
		{Format(7), "Format(7)"},
		{D3DRS_ZENABLE, "D3DRS_ZENABLE"},
		{D3DRS_BLENDOPALPHA, "D3DRS_BLENDOPALPHA"},
		{RenderStateType(1), "RenderStateType(1)"},
		{D3DSAMP_MAXANISOTROPY, "D3DSAMP_MAXANISOTROPY"},
		{D3DTSS_CONSTANT, "D3DTSS_CONSTANT"},
		{D3DERR_INVALIDCALL, "D3DERR_INVALIDCALL"},
		{D3D_OK, "D3D_OK"},
		{E_NOINTERFACE, "E_NOINTERFACE"},
		{HRESULT(0x80001234), "HRESULT(0x80001234)"},
	}
	for _, c := range cases {
		if s := c.got.String(); s != c.want {
			t.Errorf("String() = %q, want %q", s, c.want)
		}
	}
	if D3DTS_WORLDMATRIX(0) != D3DTS_WORLD || D3DTS_WORLDMATRIX(3) != D3DTS_WORLD3 {
		t.Error("D3DTS_WORLDMATRIX disagrees with D3DTS_WORLDn")
	}
	if uint32(D3DFMT_DXT1) != MakeFourCC('D', 'X', 'T', '1') {
		t.Error("FourCC packing")
	}
	if !D3DERR_DEVICELOST.Failed() || S_PRESENT_OCCLUDED.Failed() || !S_FALSE.Succeeded() {
		t.Error("HRESULT severity")
	}
	if D3DPS_VERSION(3, 0) != 0xFFFF0300 || D3DVS_VERSION(2, 0) != 0xFFFE0200 {
		t.Error("shader version tokens")
	}
}
