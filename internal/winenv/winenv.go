// Package winenv prepares what running our DLLs under Wine takes: the
// build, a private Xvfb, a Wine prefix with mtld3d installed, and mingw
// builds of guest programs. The end-to-end suite and the demo share it.
package winenv

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Arches are the PE architectures every guest program is built for and
// run as: i686 (a 32-bit game: under Debian's Wine an i386 process with
// the i386 mtld3d.so) and x86_64.
var Arches = []string{"i686", "x86_64"}

// Env is one prepared Wine environment.
type Env struct {
	Root    string // repository root
	Work    string // scratch folder: programs, and prefix unless given
	Prefix  string
	DLLDir  string // in WINEDLLPATH: our builtin and unix library
	Keep    bool   // Teardown keeps Work (as MTLD3D_E2E_KEEP does)
	display string
	xvfb    *exec.Cmd
	ownWork bool
}

// Options choose what SetupWith prepares.
type Options struct {
	// Prefix is the Wine prefix; "" makes a throwaway one in the scratch
	// folder. An existing prefix is reused.
	Prefix string
	// Plain leaves mtld3d out: no build and no install, so the prefix
	// runs Wine's own d3d9.
	Plain bool
	// Display is an X display another Env started (its Display()); ""
	// starts a private Xvfb, which Teardown stops.
	Display string
	// Keep makes Teardown keep the scratch folder and the prefix.
	Keep bool
}

// Display is the X display the environment runs on.
func (e *Env) Display() string { return e.display }

func (e *Env) environ() []string {
	return append(os.Environ(),
		"WINEPREFIX="+e.Prefix,
		"WINEDLLPATH="+e.DLLDir,
		"WINEDEBUG=-all",
		"WINEDLLOVERRIDES=mscoree,mshtml=", // no Mono or Gecko prompts
		"DISPLAY="+e.display,
		"MTLD3D_CONFIG=",
	)
}

// Run runs a command in the environment and returns its combined output.
func (e *Env) Run(ctx context.Context, dir string, name string, args ...string) ([]byte, error) {
	return e.RunEnv(ctx, dir, nil, name, args...)
}

// Command is a command in the environment, not yet started, with extra
// environment entries, which win over the environment's own.
func (e *Env) Command(ctx context.Context, dir string, extra []string, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(e.environ(), extra...)
	return cmd
}

// RunEnv is Run with extra environment entries, which win over the
// environment's own.
func (e *Env) RunEnv(ctx context.Context, dir string, extra []string, name string, args ...string) ([]byte, error) {
	cmd := e.Command(ctx, dir, extra, name, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.Bytes(), err
}

// MissingTools names the host tools the suite needs and cannot find.
func MissingTools() []string {
	var miss []string
	tools := []string{"wine", "wineserver", "x86_64-w64-mingw32-gcc", "i686-w64-mingw32-gcc", "make"}
	if runtime.GOOS != "darwin" {
		tools = append(tools, "Xvfb") // on macOS Wine's Mac driver draws on the screen
	}
	for _, t := range tools {
		if _, err := exec.LookPath(t); err != nil {
			miss = append(miss, t)
		}
	}
	if !Has32BitWine() {
		miss = append(miss, "wine32 (Wine's 32-bit side)")
	}
	return miss
}

// Has32BitWine reports whether this Wine can run 32-bit programs: its
// i386 loader (Debian's wine32) is installed, or a single-folder
// (self-built or new-style WoW64) Wine has an i386-windows ntdll.
func Has32BitWine() bool {
	for _, p := range []string{"/usr/lib/wine/wine", "/usr/lib/i386-linux-gnu/wine/i386-unix/ntdll.so"} {
		if _, err := os.Stat(p); err == nil {
			return true
		}
	}
	if w, err := exec.LookPath("wine"); err == nil {
		if r, err := filepath.EvalSymlinks(w); err == nil {
			if _, err := os.Stat(filepath.Join(filepath.Dir(r), "..", "lib", "wine", "i386-windows", "ntdll.dll")); err == nil {
				return true
			}
		}
	}
	return false
}

// Setup builds the DLLs (make all in root), starts Xvfb, creates the
// prefix (a throwaway one under a scratch folder when prefix is "";
// an existing prefix is reused) and installs mtld3d into it. Progress
// lines go to log.
func Setup(root, prefix string, log io.Writer) (*Env, error) {
	return SetupWith(root, Options{Prefix: prefix}, log)
}

// SetupWith is Setup with options: a prefix without mtld3d (Wine's own
// d3d9), an X display shared with another environment, a kept prefix.
func SetupWith(root string, o Options, log io.Writer) (*Env, error) {
	work, err := os.MkdirTemp("", "mtld3d-")
	if err != nil {
		return nil, err
	}
	prefix := o.Prefix
	e := &Env{Root: root, Work: work, Prefix: prefix, DLLDir: filepath.Join(work, "dlls"), ownWork: true, Keep: o.Keep}
	if prefix == "" {
		e.Prefix = filepath.Join(work, "prefix")
	} else {
		e.DLLDir = filepath.Join(prefix, "mtld3d-dlls")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()

	step := func(what string, dir string, name string, args ...string) error {
		fmt.Fprintf(log, "winenv: %s\n", what)
		out, err := e.Run(ctx, dir, name, args...)
		if err != nil {
			return fmt.Errorf("%s: %v\n%s", what, err, out)
		}
		return nil
	}
	if !o.Plain {
		if err := step("building the DLLs", root, "make", "all"); err != nil {
			return e, err
		}
	}
	switch {
	case o.Display != "":
		e.display = o.Display
	case runtime.GOOS == "darwin":
		// Wine's Mac driver draws on the Mac's own screen: no X server.
	default:
		if err := e.startXvfb(); err != nil {
			return e, err
		}
	}
	wow := filepath.Join(e.Prefix, "drive_c", "windows", "syswow64")
	if _, err := os.Stat(filepath.Join(e.Prefix, "system.reg")); err == nil {
		if _, err := os.Stat(wow); err != nil && prefix != "" && Has32BitWine() {
			return e, fmt.Errorf("the prefix %s was made before Wine's 32-bit side (wine32) was installed and cannot run 32-bit programs; remove it and run again", e.Prefix)
		}
	} else if err := step("creating the Wine prefix "+e.Prefix, work, "wineboot", "-u"); err != nil {
		return e, err
	}
	_ = step("waiting for wineserver", work, "wineserver", "-w")
	if _, err := os.Stat(wow); err != nil {
		return e, fmt.Errorf("the prefix %s has no 32-bit side (no drive_c/windows/syswow64): install wine32 (make deps) and make a fresh prefix", e.Prefix)
	}
	if o.Plain {
		return e, nil
	}
	if err := step("installing into the prefix", root, "go", "run", "./cmd/mtld3d-install", "install",
		"-prefix", e.Prefix, "-dlldir", e.DLLDir, "-build", filepath.Join(root, "build")); err != nil {
		return e, err
	}
	return e, nil
}

// displayBusy reports whether an X server holds display n: its lock file
// exists and names a live process. A lock left by a killed server is
// removed.
func displayBusy(n int) bool {
	lock := fmt.Sprintf("/tmp/.X%d-lock", n)
	b, err := os.ReadFile(lock)
	if err != nil {
		return false
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err == nil && pid > 0 {
		if err := syscall.Kill(pid, 0); err == nil || err == syscall.EPERM {
			return true
		}
	}
	os.Remove(lock)
	os.Remove(fmt.Sprintf("/tmp/.X11-unix/X%d", n))
	return false
}

// startXvfb starts a private X server on the first free display number.
func (e *Env) startXvfb() error {
	for n := 90; n < 140; n++ {
		if displayBusy(n) {
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

// Teardown stops the prefix's wineserver and Xvfb (if it started one)
// and removes the scratch folder unless Keep or MTLD3D_E2E_KEEP is set.
func (e *Env) Teardown() {
	if e == nil {
		return
	}
	if e.Prefix != "" {
		cmd := exec.Command("wineserver", "-k")
		cmd.Env = e.environ()
		_ = cmd.Run()
	}
	if e.xvfb != nil {
		// SIGTERM lets Xvfb remove its lock file; SIGKILL would leave it.
		_ = e.xvfb.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { _, _ = e.xvfb.Process.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			_ = e.xvfb.Process.Kill()
			<-done
		}
	}
	if os.Getenv("MTLD3D_E2E_KEEP") == "" && !e.Keep && e.ownWork {
		_ = os.RemoveAll(e.Work)
	}
}

// BuildProgram compiles the C file src for both PE architectures and
// returns the x86_64 executable. Extra include folders may be given.
// BuildProgramArch and BuildPrograms give the others.
func (e *Env) BuildProgram(src string, include ...string) (string, error) {
	exes, err := e.BuildPrograms(src, include...)
	return exes["x86_64"], err
}

// BuildPrograms compiles src for every architecture in Arches and
// returns the executables by architecture.
func (e *Env) BuildPrograms(src string, include ...string) (map[string]string, error) {
	exes := map[string]string{}
	for _, arch := range Arches {
		exe, err := e.BuildProgramArch(src, arch, include...)
		if err != nil {
			return nil, err
		}
		exes[arch] = exe
	}
	return exes, nil
}

// BuildProgramArch compiles src for one PE architecture ("i686" or
// "x86_64") into Work/bin/<arch>/<name>.exe and returns that path; Wine
// runs either from the same prefix.
func (e *Env) BuildProgramArch(src, arch string, include ...string) (string, error) {
	name := strings.TrimSuffix(filepath.Base(src), ".c")
	out := filepath.Join(e.Work, "bin", arch, name+".exe")
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return "", err
	}
	args := []string{"-std=gnu11", "-O1", "-Wall", "-Wextra", "-Werror", "-Wno-cast-function-type",
		"-I", filepath.Join(e.Root, "tests", "programs"), "-I", filepath.Join(e.Root, "pe", "gen"),
		"-o", out, src, "-ld3d9", "-luuid", "-lgdi32"}
	for _, dir := range include {
		args = append(args, "-I", dir)
	}
	if arch == "i686" {
		// As most 32-bit games that need memory are: the whole 4 GiB,
		// and guest addresses above 2 GiB on the wire.
		args = append(args, "-Wl,--large-address-aware")
	}
	cmd := exec.Command(arch+"-w64-mingw32-gcc", args...)
	if b, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("%s-w64-mingw32-gcc %s: %v\n%s", arch, name, err, b)
	}
	return out, nil
}
