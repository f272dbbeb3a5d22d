// Command conformance runs Wine 8.0's own d3d9 tests (dlls/d3d9/tests:
// stateblock.c, d3d9ex.c, device.c, visual.c) against mtld3d and, in the
// same run, against Wine's builtin d3d9, and checks ours against the
// committed baselines (conformance/baselines/<arch>/<file>.txt). It is
// what `make conformance` and `make conformance-visual` run; see
// docs/CONFORMANCE.md.
//
//	go run ./conformance [-file stateblock,d3d9ex] [-arch x86_64,i686] [-func test_x]
//	                     [-no-wine] [-keep] [-update] [-timeout 10m] [-shaders=false] [-shaders-only]
//
// The tests are fetched with apt (Debian's wine 8.0 source package) into
// build/conformance/, never committed; each file is built standalone with
// mingw-w64 for both arches from a copy whose START_TEST marks each test
// function, so that a crash is pinned on its function and the run goes on
// with the next one.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"mtld3d/internal/winenv"
)

var allFiles = []string{"stateblock", "d3d9ex", "device", "visual"}

// defaultLimit is the time one run of a file's executable may take.
var defaultLimit = map[string]time.Duration{
	"stateblock": 5 * time.Minute, "d3d9ex": 10 * time.Minute, "device": 20 * time.Minute, "visual": 40 * time.Minute,
}

type options struct {
	files, arches []string
	only          string
	noWine, keep  bool
	update        bool
	limit         time.Duration
	shaders       bool
	shadersOnly   bool
	backend       string // ours runs on this backend (MTLD3D_CONFIG backend=); "" the default
}

func main() {
	var o options
	files := flag.String("file", "stateblock,d3d9ex,device", "test files to run, comma-separated: "+strings.Join(allFiles, ","))
	arches := flag.String("arch", "x86_64", "guest arches to run, comma-separated: x86_64,i686 (both are always built)")
	flag.StringVar(&o.only, "func", "", "run only this top-level test function (with one -file)")
	flag.BoolVar(&o.noWine, "no-wine", false, "skip the run against Wine's builtin d3d9")
	flag.BoolVar(&o.keep, "keep", false, "keep the Wine prefixes and scratch folders (their paths are printed)")
	flag.BoolVar(&o.update, "update", false, "rewrite the baselines of the files and arches run from this run's results, keeping reasons")
	flag.DurationVar(&o.limit, "timeout", 0, "time limit of one run of a file's executable (default per file: stateblock 5m, d3d9ex 10m, device 20m, visual 40m)")
	flag.BoolVar(&o.shaders, "shaders", true, "also run the files' shader bytecode through our parser, round trip, lowering and MSL check")
	flag.BoolVar(&o.shadersOnly, "shaders-only", false, "only the shader bytecode check (no build, no Wine)")
	flag.StringVar(&o.backend, "backend", "", "run ours on this backend (metal-double: the Metal backend over the Metal double, x86_64 only); the baselines are the same")
	flag.Parse()
	o.files = splitList(*files)
	o.arches = splitList(*arches)
	if o.backend == "metal-double" && slices.Contains(o.arches, "i686") {
		fmt.Fprintln(os.Stderr, "conformance: -backend metal-double runs as x86_64 only (a 32-bit program's mtld3d.so is i386; the double is 64-bit)")
		os.Exit(2)
	}
	code, err := run(o)
	if err != nil {
		fmt.Fprintln(os.Stderr, "conformance:", err)
		os.Exit(2)
	}
	os.Exit(code)
}

func splitList(s string) []string {
	var out []string
	for _, x := range strings.Split(s, ",") {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

func run(o options) (int, error) {
	root, err := os.Getwd()
	if err != nil {
		return 0, err
	}
	if _, err := os.Stat(filepath.Join(root, "conformance", "support", "standalone.h")); err != nil {
		return 0, fmt.Errorf("run from the repository root")
	}
	for _, f := range o.files {
		if !contains(allFiles, f) {
			return 0, fmt.Errorf("unknown file %q: want one of %v", f, allFiles)
		}
	}
	for _, a := range o.arches {
		if a != "x86_64" && a != "i686" {
			return 0, fmt.Errorf("unknown arch %q: want x86_64 or i686", a)
		}
	}
	if o.only != "" && len(o.files) != 1 {
		return 0, fmt.Errorf("-func needs exactly one -file")
	}
	if miss := winenv.MissingTools(); len(miss) > 0 {
		return 0, fmt.Errorf("missing %v: run make deps", miss)
	}
	cache := filepath.Join(root, "build", "conformance")
	log := os.Stderr
	if err := ensureSources(cache, log); err != nil {
		return 0, err
	}

	if o.shadersOnly {
		var tfs []*testFile
		for _, f := range o.files {
			tfs = append(tfs, &testFile{name: f})
		}
		shaderReport(os.Stdout, cache, tfs)
		return 0, nil
	}

	var tfs []*testFile
	for _, f := range o.files {
		fmt.Fprintf(log, "conformance: building %s.c (x86_64, i686)\n", f)
		tf, err := prepare(root, cache, f, []string{"x86_64", "i686"})
		if err != nil {
			return 0, err
		}
		if o.only != "" && !contains(tf.funcs, o.only) {
			return 0, fmt.Errorf("%s.c has no top-level test function %q: it has %s", f, o.only, strings.Join(tf.funcs, " "))
		}
		tfs = append(tfs, tf)
	}

	ours, err := winenv.SetupWith(root, winenv.Options{Keep: o.keep}, log)
	defer ours.Teardown()
	if err != nil {
		return 0, err
	}
	var wine *winenv.Env
	if !o.noWine {
		wine, err = winenv.SetupWith(root, winenv.Options{Plain: true, Display: ours.Display(), Keep: o.keep}, log)
		defer wine.Teardown()
		if err != nil {
			return 0, err
		}
	}
	if o.keep {
		fmt.Fprintf(log, "conformance: prefixes kept: ours %s", ours.Prefix)
		if wine != nil {
			fmt.Fprintf(log, ", Wine's d3d9 %s", wine.Prefix)
		}
		fmt.Fprintln(log)
	}
	unix32 := ""
	if contains(o.arches, "i686") {
		unix32 = installedUnix32(ours)
	}

	var rows []row
	failed := false
	for _, arch := range o.arches {
		for _, tf := range tfs {
			limit := o.limit
			if limit == 0 {
				limit = defaultLimit[tf.name]
			}
			logs := filepath.Join(cache, "logs", arch)
			spec := runSpec{env: ours, impl: "ours", arch: arch, only: o.only, limit: limit, logsDir: logs, backend: o.backend}
			var r row
			if arch == "i686" && unix32 == "" {
				r.ours = &Result{File: tf.name, Arch: arch, Impl: "ours",
					Err: "build/i386-unix/mtld3d.so is missing: the 32-bit unix library is not built, so ours cannot run on i686"}
			} else {
				fmt.Fprintf(log, "conformance: %s.c %s, ours\n", tf.name, arch)
				r.ours = runFile(tf, spec)
			}
			if wine != nil {
				fmt.Fprintf(log, "conformance: %s.c %s, Wine's d3d9\n", tf.name, arch)
				spec.env, spec.impl = wine, "wine"
				r.wine = runFile(tf, spec)
			}
			r.verdict, r.note = check(root, r.ours, o)
			if len(r.verdict.regressions) > 0 || r.ours.Err != "" {
				failed = true
			}
			if err := writeResults(cache, r); err != nil {
				return 0, err
			}
			rows = append(rows, r)
		}
	}
	printTable(os.Stdout, rows, o.only)
	printVerdicts(os.Stdout, rows, o)
	if o.shaders && o.only == "" {
		shaderReport(os.Stdout, cache, tfs)
	}
	fmt.Printf("\nfull results: %s/results/<arch>/<file>.<ours|wine>.txt, raw output: %s/logs/\n", cache, cache)
	if failed {
		return 1, nil
	}
	return 0, nil
}

// installedUnix32 returns the i386 unix library make install put in
// ours' WINEDLLPATH (make all builds it where it can), or "" when it was
// not built.
func installedUnix32(e *winenv.Env) string {
	p := filepath.Join(e.DLLDir, "i386-unix", "mtld3d.so")
	if _, err := os.Stat(p); err != nil {
		fmt.Fprintf(os.Stderr, "conformance: %s is missing: i686 runs only Wine's own d3d9\n", p)
		return ""
	}
	return p
}

// check compares ours with the baseline, or rewrites it with -update.
func check(root string, r *Result, o options) (verdict, string) {
	if r.Err != "" {
		return verdict{regressions: []string{r.Err}}, ""
	}
	path := baselinePath(root, r.Arch, r.File)
	b, found, err := readBaseline(path)
	if err != nil {
		return verdict{regressions: []string{err.Error()}}, ""
	}
	if o.update {
		if o.only != "" {
			return verdict{}, "-update ignored with -func: a baseline is the whole file's"
		}
		if err := writeBaseline(path, r, b); err != nil {
			return verdict{regressions: []string{err.Error()}}, ""
		}
		return verdict{}, "baseline rewritten: " + path
	}
	if !found {
		return verdict{regressions: []string{"no baseline " + path + ": write one with " + updateCommand(r.File, r.Arch)}}, ""
	}
	return compare(r, b, o.only), ""
}
