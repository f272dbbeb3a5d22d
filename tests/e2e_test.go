package tests

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"mtld3d/internal/winenv"
)

var theEnv *winenv.Env
var setupErr error

func TestMain(m *testing.M) {
	if miss := winenv.MissingTools(); len(miss) > 0 {
		if os.Getenv("MTLD3D_E2E_REQUIRED") == "1" {
			fmt.Fprintf(os.Stderr, "end-to-end suite: missing %s (run make deps)\n", strings.Join(miss, ", "))
			os.Exit(1)
		}
		fmt.Fprintf(os.Stderr, "end-to-end suite skipped: missing %s (make deps installs them)\n", strings.Join(miss, ", "))
		os.Exit(0)
	}
	root, err := filepath.Abs("..")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	theEnv, setupErr = winenv.Setup(root, "", io.Discard)
	code := m.Run()
	theEnv.Teardown()
	os.Exit(code)
}

// result is what one C test reported.
type result struct {
	name     string
	passed   bool
	finished bool
	failures []string
}

// parse reads the harness protocol (programs/harness.h).
func parse(out []byte) (results []*result, done bool, notes []string) {
	byName := map[string]*result{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		switch {
		case strings.HasPrefix(line, "=== RUN "):
			r := &result{name: strings.TrimPrefix(line, "=== RUN ")}
			byName[r.name] = r
			results = append(results, r)
		case strings.HasPrefix(line, "--- FAIL "):
			name, msg, _ := strings.Cut(strings.TrimPrefix(line, "--- FAIL "), ": ")
			if r := byName[name]; r != nil {
				r.failures = append(r.failures, msg)
			}
		case strings.HasPrefix(line, "--- PASS "), strings.HasPrefix(line, "--- FAILED "):
			name := strings.TrimPrefix(strings.TrimPrefix(line, "--- PASS "), "--- FAILED ")
			if r := byName[name]; r != nil {
				r.finished, r.passed = true, strings.HasPrefix(line, "--- PASS ")
			}
		case strings.HasPrefix(line, "=== DONE"):
			done = true
		case strings.HasPrefix(line, "# "):
			notes = append(notes, strings.TrimPrefix(line, "# "))
		}
	}
	return
}

// TestPrograms runs every program in programs/ as each PE architecture
// (a 32-bit and a 64-bit program in one prefix) and reports each of its
// tests as a subtest: TestPrograms/<arch>/<program>/<test>.
func TestPrograms(t *testing.T) {
	if setupErr != nil {
		t.Fatalf("setup: %v", setupErr)
	}
	names, err := programs()
	if err != nil || len(names) == 0 {
		t.Fatalf("no test programs: %v", err)
	}
	for _, arch := range winenv.Arches {
		if e2eBackend() == "metal-double" && arch != "x86_64" {
			// 32-bit programs run in a 32-bit Wine process, whose mtld3d.so
			// is i386: the Metal backend and its double are 64-bit only.
			continue
		}
		t.Run(arch, func(t *testing.T) {
			for _, name := range names {
				t.Run(name, func(t *testing.T) { runProgram(t, arch, name) })
			}
		})
	}
}

func runProgram(t *testing.T, arch, name string) {
	exe, err := theEnv.BuildProgramArch(filepath.Join("programs", name+".c"), arch)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	var extra []string
	if b := e2eBackend(); b != "" {
		extra = append(extra, "MTLD3D_CONFIG=backend="+b)
	}
	out, runErr := theEnv.RunEnv(ctx, theEnv.Work, extra, "wine", exe)
	results, done, notes := parse(out)
	for _, n := range notes {
		t.Logf("%s: %s", arch, n)
	}
	for _, r := range results {
		t.Run(r.name, func(t *testing.T) {
			for _, f := range r.failures {
				t.Error(f)
			}
			if !r.finished {
				t.Errorf("crashed or hung before finishing; program output:\n%s", tail(out, 40))
			}
		})
	}
	if ctx.Err() != nil {
		t.Fatalf("timed out after 3 minutes; output:\n%s", tail(out, 40))
	}
	if !done {
		t.Fatalf("program did not finish (exit: %v); output:\n%s", runErr, tail(out, 40))
	}
	if len(results) == 0 {
		t.Fatalf("program ran no tests; output:\n%s", tail(out, 40))
	}
}

// e2eBackend is the backend the programs run on when
// MTLD3D_E2E_BACKEND names one (metal-double: the Metal backend over the
// Metal double); empty, the configuration's default.
func e2eBackend() string { return os.Getenv("MTLD3D_E2E_BACKEND") }

func tail(b []byte, n int) string {
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// programs lists programs/*.c by name.
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
