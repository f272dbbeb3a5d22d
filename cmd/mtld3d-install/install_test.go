package main

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

type fakeReg struct {
	v  string
	ok bool
}

func (f *fakeReg) Override() (string, bool, error) { return f.v, f.ok, nil }
func (f *fakeReg) SetOverride(v string) error      { f.v, f.ok = v, true; return nil }
func (f *fakeReg) DeleteOverride() error           { f.v, f.ok = "", false; return nil }

func write(t *testing.T, p, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		return "<missing>"
	}
	return string(b)
}

// Install twice (an upgrade), then uninstall: the prefix is as it was.
func TestInstallUninstallRestoresPrefix(t *testing.T) {
	root := t.TempDir()
	prefix, build, dll := filepath.Join(root, "pfx"), filepath.Join(root, "build"), filepath.Join(root, "dlls")
	sys32 := filepath.Join(prefix, "drive_c/windows/system32")
	wow := filepath.Join(prefix, "drive_c/windows/syswow64")
	write(t, filepath.Join(sys32, "d3d9.dll"), "wine-d3d9-64")
	write(t, filepath.Join(wow, "d3d9.dll"), "wine-d3d9-32")
	for _, a := range []string{"x86_64-windows", "i686-windows"} {
		write(t, filepath.Join(build, a, "d3d9.dll"), "ours-"+a)
		write(t, filepath.Join(build, a, "mtld3d.dll"), "shim-"+a)
	}
	write(t, filepath.Join(build, unixArch(), "mtld3d.so"), "so")
	write(t, filepath.Join(build, "i386-unix", "mtld3d.so"), "so32")
	reg := &fakeReg{v: "builtin", ok: true}
	in := installer{prefix: prefix, reg: reg, out: io.Discard}
	for i := 0; i < 2; i++ {
		if err := in.install(build, dll); err != nil {
			t.Fatal(err)
		}
	}
	if read(t, filepath.Join(sys32, "d3d9.dll")) != "ours-x86_64-windows" || read(t, filepath.Join(wow, "d3d9.dll")) != "ours-i686-windows" {
		t.Fatal("d3d9.dll not installed")
	}
	if read(t, filepath.Join(dll, "i386-windows", "mtld3d.dll")) != "shim-i686-windows" || read(t, filepath.Join(dll, unixArch(), "mtld3d.so")) != "so" ||
		read(t, filepath.Join(dll, "i386-unix", "mtld3d.so")) != "so32" {
		t.Fatal("builtins not installed")
	}
	if reg.v != "native" {
		t.Fatalf("override %q", reg.v)
	}
	if err := in.uninstall(); err != nil {
		t.Fatal(err)
	}
	if read(t, filepath.Join(sys32, "d3d9.dll")) != "wine-d3d9-64" || read(t, filepath.Join(wow, "d3d9.dll")) != "wine-d3d9-32" {
		t.Fatal("originals not restored")
	}
	for _, p := range []string{filepath.Join(sys32, "mtld3d.dll"), filepath.Join(dll, unixArch(), "mtld3d.so"), filepath.Join(dll, "i386-unix", "mtld3d.so"), in.backupDir()} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s left behind", p)
		}
	}
	if reg.v != "builtin" {
		t.Fatalf("override not restored: %q", reg.v)
	}
	if err := in.uninstall(); err == nil {
		t.Fatal("uninstalling twice must say it is not installed")
	}
}

func TestInstallRefusesNonPrefix(t *testing.T) {
	in := installer{prefix: t.TempDir(), reg: &fakeReg{}, out: io.Discard}
	if err := in.install(t.TempDir(), ""); err == nil {
		t.Fatal("want an error for a folder that is not a prefix")
	}
}

// Wine's i386 side: in the 64-bit folder (a self-built Wine), or in the
// sibling i386-linux-gnu folder (Debian's wine32).
func TestWineLibDir32(t *testing.T) {
	root := t.TempDir()
	one := filepath.Join(root, "one", "lib", "wine")
	write(t, filepath.Join(one, "x86_64-unix", "ntdll.so"), "")
	write(t, filepath.Join(one, "i386-unix", "ntdll.so"), "")
	if got := wineLibDir32(one); got != one {
		t.Errorf("single folder: %q", got)
	}
	deb64 := filepath.Join(root, "usr", "lib", "x86_64-linux-gnu", "wine")
	deb32 := filepath.Join(root, "usr", "lib", "i386-linux-gnu", "wine")
	write(t, filepath.Join(deb64, "x86_64-unix", "ntdll.so"), "")
	write(t, filepath.Join(deb32, "i386-unix", "ntdll.so"), "")
	if got := wineLibDir32(deb64); got != deb32 {
		t.Errorf("Debian layout: %q, want %q", got, deb32)
	}
}
