package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// The Wine sources the runner needs: Debian 12's wine 8.0 source package.
// Every 8.0~repack-N revision shares this orig tarball, so the line
// numbers the baselines name stay put.
const (
	wineDir     = "wine-8.0"
	origTarball = "wine_8.0~repack.orig.tar.xz"
	testsDir    = wineDir + "/dlls/d3d9/tests"
)

// sourceMembers are the only files unpacked from the tarball.
var sourceMembers = []string{
	testsDir + "/stateblock.c", testsDir + "/d3d9ex.c", testsDir + "/device.c", testsDir + "/visual.c",
	testsDir + "/utils.h",
	wineDir + "/include/wine/test.h", wineDir + "/include/wine/debug.h", wineDir + "/include/wine/heap.h",
}

// srcSources is where the runner adds deb-src entries when apt has none.
const srcSources = "/etc/apt/sources.list.d/mtld3d-deb-src.sources"

// ensureSources makes cache/wine-8.0 hold sourceMembers, fetching the
// orig tarball with apt (download only) when they are missing.
func ensureSources(cache string, log io.Writer) error {
	missing := false
	for _, m := range sourceMembers {
		if _, err := os.Stat(filepath.Join(cache, m)); err != nil {
			missing = true
		}
	}
	if !missing {
		return nil
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return err
	}
	tarball := filepath.Join(cache, origTarball)
	if _, err := os.Stat(tarball); err != nil {
		if err := ensureDebSrc(log); err != nil {
			return err
		}
		fmt.Fprintln(log, "conformance: fetching Wine's source package (apt-get source --download-only --tar-only wine)")
		if err := runLogged(log, cache, "apt-get", "source", "--download-only", "--tar-only", "wine"); err != nil {
			return fmt.Errorf("apt-get source wine: %v", err)
		}
		if _, err := os.Stat(tarball); err != nil {
			got, _ := filepath.Glob(filepath.Join(cache, "wine_*.orig.tar.*"))
			return fmt.Errorf("apt gave %v, not %s: the baselines are keyed to Wine 8.0's line numbers", got, origTarball)
		}
	}
	fmt.Fprintln(log, "conformance: unpacking the d3d9 tests and wine/test.h")
	args := append([]string{"tar", "-xJf", tarball, "-C", cache}, sourceMembers...)
	return runLogged(log, cache, args...)
}

// ensureDebSrc adds deb-src entries mirroring the configured deb ones
// when apt has none, then updates apt's lists. Safe to run again.
func ensureDebSrc(log io.Writer) error {
	have, debs := aptEntries()
	if have {
		return nil
	}
	if len(debs) == 0 {
		return fmt.Errorf("no deb entries in apt's sources to derive deb-src entries from")
	}
	fmt.Fprintf(log, "conformance: adding deb-src entries in %s\n", srcSources)
	text := strings.Join(debs, "\n")
	if err := writeRoot(srcSources, text); err != nil {
		return err
	}
	return runLogged(log, "/", sudo("apt-get", "update", "-qq")...)
}

// aptEntries reports whether any deb-src entry is configured, and gives
// a deb822 deb-src stanza for each deb entry (one-line and deb822 forms).
func aptEntries() (bool, []string) {
	files, _ := filepath.Glob("/etc/apt/sources.list.d/*.sources")
	lists, _ := filepath.Glob("/etc/apt/sources.list.d/*.list")
	lists = append([]string{"/etc/apt/sources.list"}, lists...)
	have := false
	var debs []string
	for _, f := range files {
		if b, err := os.ReadFile(f); err == nil {
			h, d := deb822Entries(string(b))
			have, debs = have || h, append(debs, d...)
		}
	}
	for _, f := range lists {
		if b, err := os.ReadFile(f); err == nil {
			h, d := oneLineEntries(string(b))
			have, debs = have || h, append(debs, d...)
		}
	}
	return have, debs
}

func srcStanza(uris, suites, components, signedBy string) string {
	s := fmt.Sprintf("Types: deb-src\nURIs: %s\nSuites: %s\nComponents: %s\n", uris, suites, components)
	if signedBy != "" {
		s += "Signed-By: " + signedBy + "\n"
	}
	return s
}

// deb822Entries reads a .sources file.
func deb822Entries(text string) (have bool, debs []string) {
	for _, stanza := range strings.Split(text, "\n\n") {
		fields := map[string]string{}
		for _, l := range strings.Split(stanza, "\n") {
			if k, v, ok := strings.Cut(l, ":"); ok && !strings.HasPrefix(l, "#") && !strings.HasPrefix(l, " ") {
				fields[k] = strings.TrimSpace(v)
			}
		}
		if fields["Enabled"] == "no" {
			continue
		}
		types := strings.Fields(fields["Types"])
		if contains(types, "deb-src") {
			have = true
		}
		if contains(types, "deb") && fields["URIs"] != "" {
			debs = append(debs, srcStanza(fields["URIs"], fields["Suites"], fields["Components"], fields["Signed-By"]))
		}
	}
	return have, debs
}

// oneLineEntries reads a sources.list file.
func oneLineEntries(text string) (have bool, debs []string) {
	for _, line := range strings.Split(text, "\n") {
		w := strings.Fields(line)
		if len(w) < 3 {
			continue
		}
		switch w[0] {
		case "deb-src":
			have = true
		case "deb":
			rest, signed := w[1:], ""
			if strings.HasPrefix(rest[0], "[") {
				for i, x := range rest {
					if k, v, ok := strings.Cut(strings.Trim(x, "[]"), "="); ok && k == "signed-by" {
						signed = v
					}
					if strings.HasSuffix(x, "]") {
						rest = rest[i+1:]
						break
					}
				}
			}
			if len(rest) >= 2 {
				debs = append(debs, srcStanza(rest[0], rest[1], strings.Join(rest[2:], " "), signed))
			}
		}
	}
	return have, debs
}

func sudo(args ...string) []string {
	if os.Geteuid() == 0 {
		return args
	}
	return append([]string{"sudo"}, args...)
}

// writeRoot writes a file apt reads, through sudo tee when not root.
func writeRoot(path, text string) error {
	if os.Geteuid() == 0 {
		return os.WriteFile(path, []byte(text), 0o644)
	}
	cmd := exec.Command("sudo", "tee", path)
	cmd.Stdin = strings.NewReader(text)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("sudo tee %s: %v\n%s", path, err, out)
	}
	return nil
}

// runLogged runs a command in dir and returns its output with an error.
func runLogged(log io.Writer, dir string, argv ...string) error {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s: %v\n%s", strings.Join(argv, " "), err, out)
	}
	_ = log
	return nil
}
