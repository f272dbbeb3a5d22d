package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

var (
	startTestRE = regexp.MustCompile(`^START_TEST\((\w+)\)`)
	// A top-level statement of START_TEST's body that is one call.
	callRE = regexp.MustCompile(`^    (\w+)\(.*\);\s*$`)
	// A function's definition (or declaration) line.
	staticFuncRE = regexp.MustCompile(`^static\b[^=;(]*?\b(\w+)\s*\(`)
)

// markFile rewrites a test file's START_TEST body so that each call of
// one of the file's own functions is guarded by CONFORMANCE_ENTER (the
// marker and the start index, conformance/support). Each call stays on
// its line, so every line number is the original's. It returns the new
// text and the functions in call order.
func markFile(src string) (string, []string, error) {
	lines := strings.Split(src, "\n")
	defined := map[string]bool{}
	for _, l := range lines {
		if m := staticFuncRE.FindStringSubmatch(l); m != nil {
			defined[m[1]] = true
		}
	}
	start := -1
	for i, l := range lines {
		if startTestRE.MatchString(l) {
			start = i
		}
	}
	if start < 0 {
		return "", nil, fmt.Errorf("no START_TEST")
	}
	var funcs []string
	depth := 0
	for i := start; i < len(lines); i++ {
		l := lines[i]
		if depth == 1 {
			if m := callRE.FindStringSubmatch(l); m != nil && defined[m[1]] {
				lines[i] = fmt.Sprintf("    if (CONFORMANCE_ENTER(%d, %q)) %s", len(funcs), m[1], strings.TrimSpace(l))
				funcs = append(funcs, m[1])
			}
		}
		depth += strings.Count(l, "{") - strings.Count(l, "}")
		if depth == 0 && i > start && strings.Contains(l, "}") {
			break
		}
	}
	if len(funcs) == 0 {
		return "", nil, fmt.Errorf("no test function calls in START_TEST")
	}
	return strings.Join(lines, "\n"), funcs, nil
}

// testFile is one of Wine's test files, prepared for a run.
type testFile struct {
	name  string   // stateblock, d3d9ex, device, visual
	funcs []string // the top-level test functions in START_TEST order
	src   string   // the marked copy
	exe   map[string]string
}

var supportFiles = []string{"conformance/support/standalone.h", "conformance/support/standalone.c"}

// prepare writes the marked copy of file and builds it for each arch
// (cached: rebuilt when the copy or our support files are newer).
func prepare(root, cache, file string, arches []string) (*testFile, error) {
	orig := filepath.Join(cache, testsDir, file+".c")
	b, err := os.ReadFile(orig)
	if err != nil {
		return nil, err
	}
	text, funcs, err := markFile(string(b))
	if err != nil {
		return nil, fmt.Errorf("%s.c: %v", file, err)
	}
	// Same base name as the original: wine/test.h prints __FILE__'s.
	src := filepath.Join(cache, "marked", file+".c")
	if err := writeIfChanged(src, text); err != nil {
		return nil, err
	}
	tf := &testFile{name: file, funcs: funcs, src: src, exe: map[string]string{}}
	for _, arch := range arches {
		exe := filepath.Join(cache, "bin", arch, file+".exe")
		tf.exe[arch] = exe
		deps := []string{src}
		for _, s := range supportFiles {
			deps = append(deps, filepath.Join(root, s))
		}
		if upToDate(exe, deps) {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(exe), 0o755); err != nil {
			return nil, err
		}
		args := []string{"-O1", "-DSTANDALONE", "-w",
			"-include", filepath.Join(root, "conformance/support/standalone.h"),
			"-I", filepath.Join(cache, testsDir), "-I", filepath.Join(cache, wineDir, "include"),
			"-o", exe + ".tmp", src, filepath.Join(root, "conformance/support/standalone.c"),
			"-ld3d9", "-ldxguid", "-luuid", "-luser32", "-lgdi32"}
		cmd := exec.Command(arch+"-w64-mingw32-gcc", args...)
		if out, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("%s-w64-mingw32-gcc %s.c: %v\n%s", arch, file, err, out)
		}
		if err := os.Rename(exe+".tmp", exe); err != nil {
			return nil, err
		}
	}
	return tf, nil
}

func writeIfChanged(path, text string) error {
	if old, err := os.ReadFile(path); err == nil && string(old) == text {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(text), 0o644)
}

func upToDate(out string, deps []string) bool {
	st, err := os.Stat(out)
	if err != nil {
		return false
	}
	for _, d := range deps {
		ds, err := os.Stat(d)
		if err != nil || ds.ModTime().After(st.ModTime()) {
			return false
		}
	}
	return true
}
