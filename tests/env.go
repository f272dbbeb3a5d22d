package tests

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// env is one prepared Wine environment shared by every test program.
type env struct {
	root    string // repository root
	work    string // throwaway folder: prefix, dll dir, programs
	prefix  string
	dlldir  string
	display string
	xvfb    *exec.Cmd
}

func (e *env) environ() []string {
	return append(os.Environ(),
		"WINEPREFIX="+e.prefix,
		"WINEDLLPATH="+e.dlldir,
		"WINEDEBUG=-all",
		"WINEDLLOVERRIDES=mscoree,mshtml=", // no Mono or Gecko prompts
		"DISPLAY="+e.display,
		"MTLD3D_CONFIG=",
	)
}

func (e *env) run(ctx context.Context, dir string, name string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = e.environ()
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.Bytes(), err
}

// missingTools names the host tools the suite needs and cannot find.
func missingTools() []string {
	var miss []string
	for _, t := range []string{"wine", "wineserver", "x86_64-w64-mingw32-gcc", "i686-w64-mingw32-gcc", "Xvfb", "make"} {
		if _, err := exec.LookPath(t); err != nil {
			miss = append(miss, t)
		}
	}
	return miss
}

func setup() (*env, error) {
	root, err := filepath.Abs("..")
	if err != nil {
		return nil, err
	}
	work, err := os.MkdirTemp("", "mtld3d-e2e-")
	if err != nil {
		return nil, err
	}
	e := &env{root: root, work: work, prefix: filepath.Join(work, "prefix"), dlldir: filepath.Join(work, "dlls")}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()

	step := func(what string, dir string, name string, args ...string) error {
		out, err := e.run(ctx, dir, name, args...)
		if err != nil {
			return fmt.Errorf("%s: %v\n%s", what, err, out)
		}
		return nil
	}
	if err := step("building the DLLs", root, "make", "all"); err != nil {
		return e, err
	}
	if err := e.startXvfb(); err != nil {
		return e, err
	}
	if err := step("creating the Wine prefix", work, "wineboot", "-u"); err != nil {
		return e, err
	}
	_ = step("waiting for wineserver", work, "wineserver", "-w")
	if err := step("installing into the prefix", root, "go", "run", "./cmd/mtld3d-install", "install",
		"-prefix", e.prefix, "-dlldir", e.dlldir, "-build", filepath.Join(root, "build")); err != nil {
		return e, err
	}
	return e, nil
}

// startXvfb starts a private X server on the first free display number.
func (e *env) startXvfb() error {
	for n := 90; n < 140; n++ {
		if _, err := os.Stat(fmt.Sprintf("/tmp/.X%d-lock", n)); err == nil {
			continue
		}
		cmd := exec.Command("Xvfb", fmt.Sprintf(":%d", n), "-screen", "0", "1024x768x24", "-nolisten", "tcp")
		if err := cmd.Start(); err != nil {
			return fmt.Errorf("starting Xvfb: %v", err)
		}
		// Ready once its socket exists.
		for i := 0; i < 50; i++ {
			if _, err := os.Stat(fmt.Sprintf("/tmp/.X11-unix/X%d", n)); err == nil {
				e.xvfb, e.display = cmd, fmt.Sprintf(":%d", n)
				return nil
			}
			time.Sleep(100 * time.Millisecond)
		}
		_ = cmd.Process.Kill()
		_, _ = cmd.Process.Wait()
	}
	return fmt.Errorf("no free X display for Xvfb")
}

func (e *env) teardown() {
	if e == nil {
		return
	}
	if e.prefix != "" {
		cmd := exec.Command("wineserver", "-k")
		cmd.Env = e.environ()
		_ = cmd.Run()
	}
	if e.xvfb != nil {
		_ = e.xvfb.Process.Kill()
		_, _ = e.xvfb.Process.Wait()
	}
	if os.Getenv("MTLD3D_E2E_KEEP") == "" && e.work != "" {
		_ = os.RemoveAll(e.work)
	}
}

// buildProgram compiles programs/<name>.c for both PE architectures (the
// i686 build proves the program and headers compile there too) and
// returns the x86_64 executable, the one this machine can run.
func (e *env) buildProgram(name string) (string, error) {
	src := filepath.Join(e.root, "tests", "programs", name+".c")
	var exe64 string
	for _, arch := range []string{"x86_64", "i686"} {
		out := filepath.Join(e.work, "bin", arch, name+".exe")
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return "", err
		}
		args := []string{"-std=gnu11", "-O1", "-Wall", "-Wextra", "-Werror", "-Wno-cast-function-type",
			"-I", filepath.Join(e.root, "tests", "programs"), "-I", filepath.Join(e.root, "pe", "gen"),
			"-o", out, src, "-ld3d9", "-luuid", "-lgdi32"}
		cmd := exec.Command(arch+"-w64-mingw32-gcc", args...)
		if b, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("%s-w64-mingw32-gcc %s: %v\n%s", arch, name, err, b)
		}
		if arch == "x86_64" {
			exe64 = out
		}
	}
	return exe64, nil
}

// programs lists tests/programs/*.c (harness.h is not one).
func programs() ([]string, error) {
	m, err := filepath.Glob(filepath.Join("programs", "*.c"))
	if err != nil {
		return nil, err
	}
	var names []string
	for _, p := range m {
		names = append(names, strings.TrimSuffix(filepath.Base(p), ".c"))
	}
	return names, nil
}
