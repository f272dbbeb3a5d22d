package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"

	"mtld3d/internal/winenv"
)

// Crash is a test function that ended its run: an unhandled exception,
// an exit without wine/test.h's summary, or the time limit.
type Crash struct {
	Func   string
	Kind   string // crash, timeout
	Detail string
}

// FuncResult is one top-level test function's share of the counts (a
// crashed function's checks before the crash are not counted: only its
// printed failures are known).
type FuncResult struct {
	Name     string
	Executed int
	Failures int
	Skipped  int
	Status   string // ok, crash, timeout
}

// Result is one test file run to its end (restarting after crashes) on
// one arch against one d3d9.
type Result struct {
	File, Arch, Impl string
	counts
	Failures []Failure
	Crashes  []Crash
	Funcs    []FuncResult
	Runs     int
	Wall     time.Duration
	Err      string // could not run at all
}

// runSpec says how to run a file.
type runSpec struct {
	env     *winenv.Env
	impl    string // ours, wine
	arch    string
	only    string        // one function, or ""
	limit   time.Duration // per run of the executable
	logsDir string
	backend string // MTLD3D_CONFIG's backend for ours, or ""
}

// runFile runs tf's executable for spec.arch until every function has
// run: when a run ends without the summary line, the function it last
// entered is recorded as crashed (or timed out) and the next run starts
// at the function after it. Counts are summed over the runs; a later
// run's preamble (START_TEST's own checks before the first function) is
// not counted again.
func runFile(tf *testFile, spec runSpec) *Result {
	res := &Result{File: tf.name, Arch: spec.arch, Impl: spec.impl}
	old, _ := filepath.Glob(filepath.Join(spec.logsDir, fmt.Sprintf("%s.%s.*.log", tf.name, spec.impl)))
	for _, f := range old {
		os.Remove(f)
	}
	start := 0
	for seg := 0; ; seg++ {
		log := filepath.Join(spec.logsDir, fmt.Sprintf("%s.%s.%d.log", tf.name, spec.impl, seg))
		t0 := time.Now()
		b, timedOut, err := runOnce(spec, tf.exe[spec.arch], start, log)
		res.Wall += time.Since(t0)
		res.Runs++
		if b == nil {
			res.Err = err.Error()
			return res
		}
		o := parseOutput(b)
		var base counts
		fails := o.failures
		if seg > 0 && len(o.markers) > 0 {
			base = o.markers[0].at
			fails = fails[o.preamble:]
		}
		res.Failures = append(res.Failures, fails...)
		res.addFuncs(o)
		if o.summary != nil {
			// The exit status is the failure count: nothing more to learn.
			res.counts.add(o.summary.minus(base))
			return res
		}
		kind, detail := "crash", o.exception
		if timedOut {
			kind, detail = "timeout", fmt.Sprintf("over the time limit of %v", spec.limit)
		} else if detail == "" && err == nil {
			detail = "exited with status 0 without wine/test.h's summary"
		} else if detail == "" {
			detail = fmt.Sprintf("ended without wine/test.h's summary (%v)", err)
		}
		if len(o.markers) == 0 {
			res.Crashes = append(res.Crashes, Crash{Func: "START_TEST", Kind: kind, Detail: detail})
			return res
		}
		lastM := o.markers[len(o.markers)-1]
		res.counts.add(lastM.at.minus(base))
		res.Crashes = append(res.Crashes, Crash{Func: lastM.name, Kind: kind, Detail: detail})
		res.Funcs[len(res.Funcs)-1].Status = kind
		if spec.only != "" || lastM.index+1 >= len(tf.funcs) {
			return res
		}
		start = lastM.index + 1
	}
}

// addFuncs appends the functions a run entered with their counts.
func (r *Result) addFuncs(o output) {
	for i, m := range o.markers {
		f := FuncResult{Name: m.name, Status: "ok"}
		end := len(o.failures)
		switch {
		case i+1 < len(o.markers):
			next := o.markers[i+1]
			d := next.at.minus(m.at)
			f.Executed, f.Skipped = d.executed, d.skipped
			end = next.first
		case o.summary != nil:
			d := o.summary.minus(m.at)
			f.Executed, f.Skipped = d.executed, d.skipped
		}
		f.Failures = end - m.first
		r.Funcs = append(r.Funcs, f)
	}
}

// runOnce runs the executable once from function index start, its
// output into log, and returns that output. It returns nil output when
// the run could not start.
func runOnce(spec runSpec, exe string, start int, log string) ([]byte, bool, error) {
	if err := os.MkdirAll(filepath.Dir(log), 0o755); err != nil {
		return nil, false, err
	}
	f, err := os.Create(log)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	overrides := "mscoree,mshtml=;winedbg.exe=d"
	if spec.impl == "wine" {
		overrides += ";d3d9=b"
	}
	extra := []string{
		"WINETEST_PLATFORM=windows", "WINETEST_COLOR=0", "WINETEST_DEBUG=1",
		"WINEDLLOVERRIDES=" + overrides,
		"CONFORMANCE_START=" + strconv.Itoa(start),
		"CONFORMANCE_ONLY=" + spec.only,
	}
	if spec.backend != "" && spec.impl == "ours" {
		extra = append(extra, "MTLD3D_CONFIG=backend="+spec.backend)
	}
	ctx, cancel := context.WithTimeout(context.Background(), spec.limit)
	defer cancel()
	cmd := spec.env.Command(ctx, filepath.Dir(exe), extra, "wine", exe)
	cmd.Stdout, cmd.Stderr = f, f
	cmd.WaitDelay = 10 * time.Second
	runErr := cmd.Run()
	timedOut := errors.Is(ctx.Err(), context.DeadlineExceeded)
	if timedOut {
		// Whatever the test left behind in this prefix goes too.
		kill := spec.env.Command(context.Background(), filepath.Dir(exe), nil, "wineserver", "-k")
		_ = kill.Run()
	}
	var ee *exec.ExitError
	if runErr != nil && !errors.As(runErr, &ee) && !timedOut {
		return nil, false, fmt.Errorf("wine %s: %v", filepath.Base(exe), runErr)
	}
	b, err := os.ReadFile(log)
	if err != nil {
		return nil, timedOut, err
	}
	return b, timedOut, runErr
}
