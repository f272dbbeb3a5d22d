// Command mtld3d-install puts mtld3d into a Wine prefix and takes it out
// again, printing each step. It is what `make install` and
// `make uninstall` run.
//
//	mtld3d-install install   -prefix P [-dlldir D] [-build DIR]
//	mtld3d-install uninstall -prefix P
//
// install copies d3d9.dll into system32 (x86_64) and syswow64 (i686),
// puts marked copies of mtld3d.dll beside them (Wine 8's loader wants
// one there), puts mtld3d.dll and mtld3d.so where Wine finds builtins
// (Wine's own library folders, or D, which the user adds to WINEDLLPATH):
// <lib>/x86_64-windows and x86_64-unix, and for 32-bit programs
// i386-windows with, under a Wine that has an i386 side (Debian's wine32:
// its own folder, /usr/lib/i386-linux-gnu/wine), the i386 mtld3d.so in
// i386-unix. It sets the d3d9 DLL override to native. Everything it replaces is
// backed up under P/mtld3d-backup, and uninstall restores it.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	fs := flag.NewFlagSet(os.Args[1], flag.ExitOnError)
	prefix := fs.String("prefix", "", "Wine prefix (default $WINEPREFIX, then ~/.wine)")
	dlldir := fs.String("dlldir", "", "folder for the builtin DLL and unix library; put it in WINEDLLPATH (default: Wine's own library folder)")
	build := fs.String("build", "build", "build output folder")
	_ = fs.Parse(os.Args[2:])
	p := resolvePrefix(*prefix)
	in := installer{prefix: p, reg: wineReg{prefix: p}, out: os.Stdout}
	var err error
	switch os.Args[1] {
	case "install":
		err = in.install(*build, *dlldir)
	case "uninstall":
		err = in.uninstall()
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "mtld3d-install:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: mtld3d-install install -prefix P [-dlldir D] [-build DIR] | uninstall -prefix P")
	os.Exit(2)
}

func resolvePrefix(p string) string {
	if p == "" {
		p = os.Getenv("WINEPREFIX")
	}
	if p == "" {
		home, _ := os.UserHomeDir()
		p = filepath.Join(home, ".wine")
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	return abs
}

// unixArch is Wine's name for the host's unix library folder.
func unixArch() string {
	if runtime.GOARCH == "arm64" {
		return "aarch64-unix"
	}
	return "x86_64-unix"
}
