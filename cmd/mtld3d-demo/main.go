// Command mtld3d-demo runs the demo under Wine through our DLLs with the
// reference backend: first the adapter queries (guest/smoke.c), then one
// frame of a scene (guest/scene.c) with a textured lit quad, a blended
// triangle and a shader draw, which the dump.dir setting writes to
// build/demo/frame-<device>-<n>.png. Both run as 64-bit and as 32-bit
// programs; the 32-bit scene's frame goes to build/demo/i686/ and must
// equal the 64-bit one. It is what `make demo` runs; it builds, makes a
// Wine prefix under build/ on first use and installs mtld3d there.
package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"time"

	"mtld3d/core/dxso"
	"mtld3d/internal/winenv"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "mtld3d-demo:", err)
		os.Exit(1)
	}
}

// The scene's shaders, assembled here with core/dxso into a C header.
const vsText = `vs_2_0
dcl_position v0
dcl_color v1
mov oPos, v0
mov oD0, v1
`

const psText = `ps_2_0
dcl v0
mul r0, v0, c0
mov oC0, r0
`

func shaderHeader(dir string) error {
	var b strings.Builder
	b.WriteString("/* Written by cmd/mtld3d-demo from its shader text with core/dxso. */\n")
	for _, s := range []struct{ name, text string }{{"demo_vs", vsText}, {"demo_ps", psText}} {
		code, err := dxso.Assemble(s.text)
		if err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		fmt.Fprintf(&b, "static const DWORD %s[] = {", s.name)
		for i, w := range code {
			if i%6 == 0 {
				b.WriteString("\n   ")
			}
			fmt.Fprintf(&b, " 0x%08x,", w)
		}
		b.WriteString("\n};\n")
	}
	return os.WriteFile(filepath.Join(dir, "demo_shaders.h"), []byte(b.String()), 0o644)
}

func run() error {
	root, err := os.Getwd()
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		return fmt.Errorf("run from the repository root (make demo)")
	}
	if miss := winenv.MissingTools(); len(miss) > 0 {
		return fmt.Errorf("missing %v: run make deps", miss)
	}
	out := filepath.Join(root, "build", "demo")
	prefix := filepath.Join(root, "build", "demo-prefix")
	if _, err := os.Stat(filepath.Join(prefix, "system.reg")); err == nil {
		if _, err := os.Stat(filepath.Join(prefix, "drive_c", "windows", "syswow64")); err != nil {
			// Made before Wine's 32-bit side was installed: it cannot run
			// the 32-bit demo. It is ours; make it again.
			fmt.Printf("removing %s: it has no 32-bit side\n", prefix)
			if err := os.RemoveAll(prefix); err != nil {
				return err
			}
		}
	}
	e, err := winenv.Setup(root, prefix, os.Stdout)
	defer e.Teardown()
	if err != nil {
		return err
	}
	if err := shaderHeader(e.Work); err != nil {
		return err
	}
	frames := map[string]string{}
	for _, arch := range []string{"x86_64", "i686"} {
		dir, suffix := out, ""
		if arch != "x86_64" {
			dir, suffix = filepath.Join(out, arch), "-"+arch
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		old, _ := filepath.Glob(filepath.Join(dir, "frame-*.png"))
		for _, f := range old {
			os.Remove(f)
		}
		for _, prog := range []string{"smoke", "scene"} {
			exe, err := e.BuildProgramArch(filepath.Join(root, "cmd", "mtld3d-demo", "guest", prog+".c"), arch, e.Work)
			if err != nil {
				return err
			}
			b, err := os.ReadFile(exe)
			if err != nil {
				return err
			}
			demo := filepath.Join(out, prog+suffix+".exe")
			if err := os.WriteFile(demo, b, 0o755); err != nil {
				return err
			}
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			fmt.Printf("\n== %s (%s) under Wine (prefix %s)\n", demo, arch, prefix)
			text, err := e.RunEnv(ctx, out, []string{"MTLD3D_CONFIG=dump.dir=" + dir}, "wine", demo)
			cancel()
			fmt.Print(string(text))
			if err != nil {
				return fmt.Errorf("%s (%s) failed: %v", prog, arch, err)
			}
		}
		got, _ := filepath.Glob(filepath.Join(dir, "frame-*.png"))
		if len(got) == 0 {
			return fmt.Errorf("no frame was written to %s", dir)
		}
		for _, f := range got {
			fmt.Printf("\nframe (%s): %s\n", arch, f)
		}
		frames[arch] = got[0]
	}
	if err := samePixels(frames["x86_64"], frames["i686"]); err != nil {
		return fmt.Errorf("the 32-bit scene differs from the 64-bit one: %v", err)
	}
	fmt.Println("the 32-bit scene's frame equals the 64-bit one")
	logs, _ := filepath.Glob(filepath.Join(out, "mtld3d-logs", "scene*.log"))
	newest, when := "", time.Time{}
	for _, l := range logs {
		if st, err := os.Stat(l); err == nil && st.ModTime().After(when) {
			newest, when = l, st.ModTime()
		}
	}
	if newest != "" {
		fmt.Printf("log: %s\n", newest)
	}
	return nil
}

// samePixels compares two PNGs' pixels.
func samePixels(a, b string) error {
	var imgs [2]*image.RGBA
	for i, p := range []string{a, b} {
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		m, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			return fmt.Errorf("%s: %v", p, err)
		}
		imgs[i] = image.NewRGBA(m.Bounds())
		draw.Draw(imgs[i], m.Bounds(), m, m.Bounds().Min, draw.Src)
	}
	if imgs[0].Bounds() != imgs[1].Bounds() {
		return fmt.Errorf("%s is %v, %s is %v", a, imgs[0].Bounds(), b, imgs[1].Bounds())
	}
	if !bytes.Equal(imgs[0].Pix, imgs[1].Pix) {
		return fmt.Errorf("%s and %s differ", a, b)
	}
	return nil
}
