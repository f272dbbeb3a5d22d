package tests

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"mtld3d/core/dxso"
)

// The shaders dumps/dumps.c creates, as assembly.
var dumpsShaders = []string{
	"vs_2_0\ndcl_position v0\nmov oPos, v0\n",
	"ps_2_0\ndef c0, 1, 0, 0, 1\nmov oC0, c0\n",
	"ps_2_0\ndef c0, 0, 1, 0, 1\nmov oC0, c0\n",
}

// dumpsColours are dumps.c's frame colours, frame 1 first, as X8R8G8B8.
var dumpsColours = []uint32{0xff000080, 0xff008000, 0xff800000, 0xff808000, 0xff008080, 0xff800080}

// TestDumps runs dumps/dumps.c as each guest architecture with the dump
// keys set through MTLD3D_CONFIG:
//   - debug.shader_dump_dir receives the three distinct shaders of two
//     devices (one created twice on each) as .dxso, .asm, .ir and .msl
//     named by the bytecode's hash, and nothing more;
//   - the frame hotkey, pressed with SendInput (Ctrl+Shift+F12 by
//     default, held over two Presents), writes the frame presented after
//     the press beside the log, once per press; debug.dump_frame writes
//     the frame it names there too;
//   - debug.frame_hotkey replaces the combination: the default one then
//     writes nothing.
func TestDumps(t *testing.T) {
	eachArch(t, filepath.Join("dumps", "dumps.c"), func(t *testing.T, built string) {
		exe, err := os.ReadFile(built)
		if err != nil {
			t.Fatal(err)
		}
		// run runs the program from a folder of its own (its log
		// folder beside it) and returns the files of that log folder
		// other than the log, and the log's name less ".log".
		run := func(config string, args ...string) (pngs []string, logDir, log string) {
			t.Helper()
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "dumps.exe"), exe, 0o755); err != nil {
				t.Fatal(err)
			}
			if b := e2eBackend(); b != "" {
				config += ";backend=" + b
			}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			out, err := theEnv.RunEnv(ctx, dir, []string{"MTLD3D_CONFIG=" + config}, "wine", append([]string{filepath.Join(dir, "dumps.exe")}, args...)...)
			got := programOutput(out)
			if err != nil || got != "ok" {
				t.Fatalf("dumps.exe %v: %v\n%s", args, err, got)
			}
			logDir = filepath.Join(dir, "mtld3d-logs")
			logs, _ := filepath.Glob(filepath.Join(logDir, "dumps-*.log"))
			if len(logs) != 1 {
				t.Fatalf("logs: %v", logs)
			}
			es, err := os.ReadDir(logDir)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range es {
				if e.Name() != filepath.Base(logs[0]) {
					pngs = append(pngs, e.Name())
				}
			}
			return pngs, logDir, strings.TrimSuffix(filepath.Base(logs[0]), ".log")
		}
		// want names the PNGs of frames beside log (<exe>-<pid>).
		want := func(log string, frames ...int) []string {
			var names []string
			for _, f := range frames {
				names = append(names, log+"-frame-"+strconv.Itoa(f)+".png")
			}
			return names
		}

		shaderDir := t.TempDir()
		// Ctrl, Shift and F12 down before frame 3, up before frame 5.
		pngs, logDir, log := run("debug.shader_dump_dir="+shaderDir+";debug.dump_frame=6", "3:5:11,10,7b")
		if w := want(log, 3, 6); !slices.Equal(pngs, w) {
			t.Errorf("log folder holds %v, want %v", pngs, w)
		}
		for i, f := range []int{3, 6} {
			if i < len(pngs) {
				if got := pngPixel(t, filepath.Join(logDir, pngs[i])); got != dumpsColours[f-1] {
					t.Errorf("%s is %#x, want frame %d's %#x", pngs[i], got, f, dumpsColours[f-1])
				}
			}
		}
		var wantShaders []string
		for _, src := range dumpsShaders {
			tokens, err := dxso.Assemble(src)
			if err != nil {
				t.Fatal(err)
			}
			code := dxso.TokensToBytes(tokens)
			sum := sha256.Sum256(code)
			h := hex.EncodeToString(sum[:8])
			for _, ext := range []string{".asm", ".dxso", ".ir", ".msl"} {
				wantShaders = append(wantShaders, h+ext)
			}
			if b, err := os.ReadFile(filepath.Join(shaderDir, h+".dxso")); err != nil || string(b) != string(code) {
				t.Errorf("%s.dxso is not the bytecode of %q (%v)", h, src, err)
			}
			if b, err := os.ReadFile(filepath.Join(shaderDir, h+".asm")); err != nil || !strings.HasPrefix(string(b), src[:6]) {
				t.Errorf("%s.asm is not the disassembly of %q (%v): %s", h, src, err, b)
			}
			if b, err := os.ReadFile(filepath.Join(shaderDir, h+".msl")); err != nil || !strings.Contains(string(b), "#include <metal_stdlib>") {
				t.Errorf("%s.msl is not MSL (%v): %s", h, err, b)
			}
		}
		slices.Sort(wantShaders)
		var gotShaders []string
		es, _ := os.ReadDir(shaderDir)
		for _, e := range es {
			gotShaders = append(gotShaders, e.Name())
		}
		if !slices.Equal(gotShaders, wantShaders) {
			t.Errorf("shader dumps %v, want %v", gotShaders, wantShaders)
		}

		// Another hotkey: the default combination writes nothing,
		// Shift+F11 writes the frame after its press.
		pngs, _, log = run("debug.frame_hotkey=shift+f11", "2:3:11,10,7b", "4:7:10,7a")
		if w := want(log, 4); !slices.Equal(pngs, w) {
			t.Errorf("with debug.frame_hotkey=shift+f11 the log folder holds %v, want %v", pngs, w)
		}
	})
}

// pngPixel reads a PNG's pixel (3, 3) as X8R8G8B8.
func pngPixel(t *testing.T, path string) uint32 {
	t.Helper()
	r, g, b, _ := readPNG(t, path).At(3, 3).RGBA()
	return 0xff000000 | (r>>8)<<16 | (g>>8)<<8 | b>>8
}
