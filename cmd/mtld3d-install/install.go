package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// registry is the part of Wine's registry the installer touches, behind
// an interface so tests need no Wine.
type registry interface {
	// Override returns the d3d9 DLL override and whether one is set.
	Override() (string, bool, error)
	SetOverride(value string) error
	DeleteOverride() error
}

type installer struct {
	prefix string
	reg    registry
	out    io.Writer
}

const stateName = "state"

func (in installer) backupDir() string { return filepath.Join(in.prefix, "mtld3d-backup") }

func (in installer) say(format string, a ...any) { fmt.Fprintf(in.out, format+"\n", a...) }

// state lines: "file <dst> <backup or ->" and "override <value or ->".
type state struct {
	files    [][2]string
	override string
	hadState bool
}

func (in installer) readState() (state, error) {
	var s state
	f, err := os.Open(filepath.Join(in.backupDir(), stateName))
	if errors.Is(err, os.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, err
	}
	defer f.Close()
	s.hadState = true
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		kind, rest, _ := strings.Cut(sc.Text(), " ")
		switch kind {
		case "file":
			i := strings.LastIndex(rest, " ")
			if i < 0 {
				return s, fmt.Errorf("bad state line %q", sc.Text())
			}
			s.files = append(s.files, [2]string{rest[:i], rest[i+1:]})
		case "override":
			s.override = rest
		}
	}
	return s, sc.Err()
}

func (in installer) writeState(s state) error {
	var b strings.Builder
	for _, f := range s.files {
		fmt.Fprintf(&b, "file %s %s\n", f[0], f[1])
	}
	fmt.Fprintf(&b, "override %s\n", s.override)
	return os.WriteFile(filepath.Join(in.backupDir(), stateName), []byte(b.String()), 0o644)
}

func (s *state) has(dst string) bool {
	for _, f := range s.files {
		if f[0] == dst {
			return true
		}
	}
	return false
}

func copyFile(src, dst string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	tmp := dst + ".mtld3d-tmp"
	if err := os.WriteFile(tmp, b, 0o755); err != nil {
		return err
	}
	return os.Rename(tmp, dst)
}

// place copies src to dst, backing up what dst held the first time.
func (in installer) place(s *state, src, dst string) error {
	if _, err := os.Stat(src); err != nil {
		return fmt.Errorf("%s is missing: run make first", src)
	}
	if !s.has(dst) {
		backup := "-"
		if _, err := os.Stat(dst); err == nil {
			backup = filepath.Join(in.backupDir(), fmt.Sprintf("%d-%s", len(s.files), filepath.Base(dst)))
			if err := copyFile(dst, backup); err != nil {
				return err
			}
		}
		s.files = append(s.files, [2]string{dst, backup})
	}
	if err := copyFile(src, dst); err != nil {
		return err
	}
	in.say("  %s -> %s", src, dst)
	return nil
}

func (in installer) install(build, dlldir string) error {
	sys32 := filepath.Join(in.prefix, "drive_c", "windows", "system32")
	if _, err := os.Stat(sys32); err != nil {
		return fmt.Errorf("%s is not a Wine prefix (no drive_c/windows/system32); run wineboot first", in.prefix)
	}
	wow := filepath.Join(in.prefix, "drive_c", "windows", "syswow64")
	if err := os.MkdirAll(in.backupDir(), 0o755); err != nil {
		return err
	}
	s, err := in.readState()
	if err != nil {
		return err
	}
	in.say("installing mtld3d into %s", in.prefix)

	builtins, builtins32 := dlldir, dlldir
	if builtins == "" {
		if builtins, err = wineLibDir(); err != nil {
			return err
		}
		builtins32 = wineLibDir32(builtins)
	}
	builtins, _ = filepath.Abs(builtins)
	type copyJob struct{ src, dst string }
	jobs := []copyJob{
		{filepath.Join(build, "x86_64-windows", "d3d9.dll"), filepath.Join(sys32, "d3d9.dll")},
		{filepath.Join(build, "x86_64-windows", "mtld3d.dll"), filepath.Join(sys32, "mtld3d.dll")},
		{filepath.Join(build, "x86_64-windows", "mtld3d.dll"), filepath.Join(builtins, "x86_64-windows", "mtld3d.dll")},
		{filepath.Join(build, unixArch(), "mtld3d.so"), filepath.Join(builtins, unixArch(), "mtld3d.so")},
	}
	if _, err := os.Stat(wow); err == nil {
		// The 32-bit builtin goes where the 32-bit loader looks: beside an
		// i386 unix library under a Wine with an i386 side (old-style
		// WoW64), else beside the 64-bit one, whose wow64 table serves it
		// (new-style WoW64).
		dir32 := builtins
		so32 := filepath.Join(build, "i386-unix", "mtld3d.so")
		_, haveSO32 := os.Stat(so32)
		if builtins32 != "" && haveSO32 == nil {
			dir32, _ = filepath.Abs(builtins32)
			jobs = append(jobs, copyJob{so32, filepath.Join(dir32, "i386-unix", "mtld3d.so")})
		} else if builtins32 != "" {
			in.say("  note: no %s built; 32-bit games will not reach mtld3d under this Wine (make builds it on x86_64 Linux)", so32)
		}
		jobs = append(jobs,
			copyJob{filepath.Join(build, "i686-windows", "d3d9.dll"), filepath.Join(wow, "d3d9.dll")},
			copyJob{filepath.Join(build, "i686-windows", "mtld3d.dll"), filepath.Join(wow, "mtld3d.dll")},
			copyJob{filepath.Join(build, "i686-windows", "mtld3d.dll"), filepath.Join(dir32, "i386-windows", "mtld3d.dll")},
		)
	}
	for _, j := range jobs {
		if err := in.place(&s, j.src, j.dst); err != nil {
			_ = in.writeState(s)
			return err
		}
	}

	if !s.hadState {
		prev, ok, err := in.reg.Override()
		if err != nil {
			_ = in.writeState(s)
			return err
		}
		s.override = "-"
		if ok {
			s.override = prev
		}
	}
	if err := in.reg.SetOverride("native"); err != nil {
		_ = in.writeState(s)
		return err
	}
	in.say("  HKCU\\Software\\Wine\\DllOverrides d3d9 = native")
	if err := in.writeState(s); err != nil {
		return err
	}
	in.say("backups and undo list: %s", in.backupDir())
	if dlldir != "" {
		in.say("\nWine finds mtld3d's builtin only through WINEDLLPATH. Before running a game:\n  export WINEDLLPATH=%s", builtins)
	}
	in.say("logs: a mtld3d-logs folder beside each game's executable (config key log.dir moves it)")
	return nil
}

func (in installer) uninstall() error {
	s, err := in.readState()
	if err != nil {
		return err
	}
	if !s.hadState {
		return fmt.Errorf("mtld3d is not installed in %s (no %s)", in.prefix, filepath.Join(in.backupDir(), stateName))
	}
	in.say("removing mtld3d from %s", in.prefix)
	for i := len(s.files) - 1; i >= 0; i-- {
		dst, backup := s.files[i][0], s.files[i][1]
		if backup == "-" {
			if err := os.Remove(dst); err != nil && !errors.Is(err, os.ErrNotExist) {
				return err
			}
			in.say("  removed %s", dst)
			continue
		}
		if err := copyFile(backup, dst); err != nil {
			return err
		}
		in.say("  restored %s", dst)
	}
	if s.override == "-" {
		err = in.reg.DeleteOverride()
		in.say("  HKCU\\Software\\Wine\\DllOverrides d3d9 removed")
	} else {
		err = in.reg.SetOverride(s.override)
		in.say("  HKCU\\Software\\Wine\\DllOverrides d3d9 = %s (as before)", s.override)
	}
	if err != nil {
		return err
	}
	return os.RemoveAll(in.backupDir())
}

// wineLibDir finds the folder holding Wine's own builtins (the one with
// x86_64-windows/ntdll.dll), next to the wine binary or in the usual
// distribution places.
func wineLibDir() (string, error) {
	var cands []string
	if w, err := exec.LookPath("wine"); err == nil {
		if r, err := filepath.EvalSymlinks(w); err == nil {
			bin := filepath.Dir(r)
			cands = append(cands, filepath.Join(bin, "..", "lib", "wine"), filepath.Join(bin, "..", "lib64", "wine"))
		}
	}
	cands = append(cands, "/usr/lib/x86_64-linux-gnu/wine", "/usr/lib/wine", "/usr/lib64/wine", "/usr/local/lib/wine", "/opt/wine-stable/lib/wine",
		"/opt/homebrew/lib/wine", "/Applications/Wine Stable.app/Contents/Resources/wine/lib/wine")
	for _, c := range cands {
		if _, err := os.Stat(filepath.Join(c, "x86_64-windows", "ntdll.dll")); err == nil {
			return filepath.Clean(c), nil
		}
	}
	return "", fmt.Errorf("cannot find Wine's library folder (tried %s); pass -dlldir DIR (make install WINEDLLDIR=DIR) and put DIR in WINEDLLPATH", strings.Join(cands, ", "))
}

// wineLibDir32 finds the folder holding the builtins of Wine's i386 side
// (the one with i386-unix/ntdll.so): Debian's wine32 puts it in
// /usr/lib/i386-linux-gnu/wine, apart from the 64-bit one; a self-built
// Wine keeps both in one folder. "" means this Wine has no i386 side:
// new-style WoW64, where 32-bit programs use the 64-bit unix library.
func wineLibDir32(lib64 string) string {
	cands := []string{lib64, filepath.Join(lib64, "..", "..", "i386-linux-gnu", "wine"),
		"/usr/lib/i386-linux-gnu/wine", "/usr/lib32/wine", "/usr/lib/wine", "/usr/local/lib/wine", "/opt/wine-stable/lib/wine"}
	for _, c := range cands {
		if _, err := os.Stat(filepath.Join(c, "i386-unix", "ntdll.so")); err == nil {
			return filepath.Clean(c)
		}
	}
	return ""
}

// wineReg edits the registry through `wine reg`, so a running wineserver
// sees the change, then waits for the server to write it to disk.
type wineReg struct{ prefix string }

const overrideKey = `HKCU\Software\Wine\DllOverrides`

func (r wineReg) run(args ...string) (string, error) {
	cmd := exec.Command("wine", append([]string{"reg"}, args...)...)
	cmd.Env = append(os.Environ(), "WINEPREFIX="+r.prefix, "WINEDEBUG=-all")
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func (r wineReg) sync() {
	cmd := exec.Command("wineserver", "-w")
	cmd.Env = append(os.Environ(), "WINEPREFIX="+r.prefix)
	_ = cmd.Run()
}

func (r wineReg) Override() (string, bool, error) {
	out, err := r.run("query", overrideKey, "/v", "d3d9")
	if err != nil {
		return "", false, nil // no such value
	}
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) >= 3 && strings.EqualFold(f[0], "d3d9") {
			return strings.Join(f[2:], " "), true, nil
		}
	}
	return "", false, nil
}

func (r wineReg) SetOverride(v string) error {
	if out, err := r.run("add", overrideKey, "/v", "d3d9", "/t", "REG_SZ", "/d", v, "/f"); err != nil {
		return fmt.Errorf("wine reg add: %v: %s", err, out)
	}
	r.sync()
	return nil
}

func (r wineReg) DeleteOverride() error {
	if out, err := r.run("delete", overrideKey, "/v", "d3d9", "/f"); err != nil {
		return fmt.Errorf("wine reg delete: %v: %s", err, out)
	}
	r.sync()
	return nil
}
