package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"mtld3d/core/caps"
	"mtld3d/core/format"
	d3d "mtld3d/types"
)

// The format header compiles for both guest architectures with warnings as
// errors, and the compiler agrees with Go on a few values it can check.
func TestFormatTablesCompile(t *testing.T) {
	h, err := genFormatTables("../..")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(h, []byte(banner)) {
		t.Fatal("header does not start with the banner")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "mtld3d_formats.h"), h, 0o644); err != nil {
		t.Fatal(err)
	}
	var src strings.Builder
	src.WriteString("#include <windows.h>\n#include <d3d9.h>\n#include \"mtld3d_formats.h\"\n#include \"mtld3d_formats.h\" /* include guard */\n\n")
	fmt.Fprintf(&src, "_Static_assert(MTLD3D_FORMAT_CHECK_COUNT == %d, \"check rows\");\n", len(caps.FormatRows()))
	fmt.Fprintf(&src, "_Static_assert(sizeof(mtld3d_format_infos) / sizeof(mtld3d_format_infos[0]) == %d, \"format rows\");\n", len(format.Table()))
	for _, c := range []struct {
		c string
		v uint32
	}{
		{"D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL | D3DUSAGE_DYNAMIC | D3DUSAGE_AUTOGENMIPMAP | D3DUSAGE_DMAP | " +
			"D3DUSAGE_QUERY_LEGACYBUMPMAP | D3DUSAGE_QUERY_SRGBREAD | D3DUSAGE_QUERY_FILTER | D3DUSAGE_QUERY_SRGBWRITE | " +
			"D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING | D3DUSAGE_QUERY_VERTEXTEXTURE | D3DUSAGE_QUERY_WRAPANDMIP", caps.CheckedUsage},
		{"D3DRTYPE_TEXTURE", uint32(d3d.D3DRTYPE_TEXTURE)},
		{"D3DFMT_DXT1", uint32(d3d.D3DFMT_DXT1)},
		{"D3DVS_VERSION(3, 0)", d3d.D3DVS_VERSION(3, 0)},
	} {
		fmt.Fprintf(&src, "_Static_assert((%s) == 0x%08xu, %q);\n", c.c, c.v, c.c)
	}
	src.WriteString(`
UINT use_tables(D3DFORMAT f);
UINT use_tables(D3DFORMAT f)
{
    const struct mtld3d_format_info *info = mtld3d_format_lookup(f);
    D3DCAPS9 caps = mtld3d_caps9;
    UINT n = 0, i;

    if (info)
        n += mtld3d_format_level_size(info, 5, 7, 1) + mtld3d_format_pitch(info, 3) + mtld3d_format_lock_pitch(info, 3) +
             mtld3d_format_lock_rows(info, 3) + (UINT)mtld3d_format_lock_offset(info, 16, 4, 4);
    for (i = 0; i < MTLD3D_FORMAT_CHECK_COUNT; ++i)
        n += mtld3d_format_checks[i].usage_ok & MTLD3D_CHECKED_USAGE;
    for (i = 0; i < MTLD3D_DISPLAY_MODE_COUNT; ++i)
        n += mtld3d_display_modes[i].windowed;
    for (i = 0; i < MTLD3D_MULTISAMPLE_COUNT; ++i)
        n += mtld3d_multisample_formats[i].types;
    for (i = 0; i < MTLD3D_ADAPTER_FORMAT_COUNT; ++i)
        n += mtld3d_adapter_formats[i];
    return n + caps.MaxTextureWidth + (UINT)caps.PS20Caps.NumTemps + MTLD3D_NONMASKABLE_LEVELS;
}
`)
	file := filepath.Join(dir, "check.c")
	if err := os.WriteFile(file, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	ran := 0
	for _, cc := range []string{"i686-w64-mingw32-gcc", "x86_64-w64-mingw32-gcc"} {
		if _, err := exec.LookPath(cc); err != nil {
			continue
		}
		ran++
		out, err := exec.Command(cc, "-c", "-Wall", "-Wextra", "-Werror", "-std=gnu11", "-I", dir,
			"-o", filepath.Join(dir, "check.o"), file).CombinedOutput()
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

// The generator is deterministic: maps must not leak their order.
func TestFormatTablesStable(t *testing.T) {
	a, err := genFormatTables("../..")
	if err != nil {
		t.Fatal(err)
	}
	for range 5 {
		b, _ := genFormatTables("../..")
		if !bytes.Equal(a, b) {
			t.Fatal("two runs differ")
		}
	}
}

func TestCFloat(t *testing.T) {
	for f, want := range map[float32]string{
		0: "0.0f", -32768: "-32768.0f", 1e10: "1e+10f", 256: "256.0f", 0.5: "0.5f",
		3.4028235e38: "3.4028235e+38f",
	} {
		if got := cFloat(f); got != want {
			t.Errorf("cFloat(%g) = %q, want %q", f, got, want)
		}
	}
}
