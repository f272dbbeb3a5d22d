package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// row is one file on one arch: ours, Wine's builtin d3d9, the verdict.
type row struct {
	ours, wine *Result
	verdict    verdict
	note       string
}

func cells(r *Result) string {
	switch {
	case r == nil:
		return fmt.Sprintf("%9s %8s %7s %7s %8s", "-", "-", "-", "-", "-")
	case r.Err != "":
		return fmt.Sprintf("%-43s", "not run")
	}
	return fmt.Sprintf("%9d %8d %7d %7d %8s", r.executed, len(r.Failures), r.skipped, len(r.Crashes), r.Wall.Round(100*time.Millisecond))
}

// printTable prints the run's table: file by arch, ours beside Wine's own.
func printTable(w io.Writer, rows []row, only string) {
	title := "Wine 8.0 d3d9 tests, WINETEST_PLATFORM=windows"
	if only != "" {
		title += ", only " + only
	}
	fmt.Fprintf(w, "\n%s\n", title)
	fmt.Fprintf(w, "%-10s %-6s | %-43s | %-43s | %s\n", "", "", "ours (mtld3d)", "Wine's builtin d3d9", "")
	h := fmt.Sprintf("%9s %8s %7s %7s %8s", "executed", "failures", "skipped", "crashes", "time")
	fmt.Fprintf(w, "%-10s %-6s | %s | %s | %s\n", "file", "arch", h, h, "baseline")
	for _, r := range rows {
		v := "ok"
		switch {
		case r.ours.Err != "":
			v = "not run"
		case len(r.verdict.regressions) > 0:
			v = fmt.Sprintf("FAIL (%d)", len(r.verdict.regressions))
		case len(r.verdict.improved) > 0:
			v = "ok, improved"
		}
		if r.note != "" {
			v = "updated"
		}
		fmt.Fprintf(w, "%-10s %-6s | %s | %s | %s\n", r.ours.File, r.ours.Arch, cells(r.ours), cells(r.wine), v)
	}
}

// printVerdicts says what failed the run and what improved, with the
// command that rewrites an improved baseline.
func printVerdicts(w io.Writer, rows []row, o options) {
	for _, r := range rows {
		name := r.ours.File + ".c " + r.ours.Arch
		if r.ours.Err != "" {
			fmt.Fprintf(w, "\n%s: %s\n", name, r.ours.Err)
			continue
		}
		if r.note != "" {
			fmt.Fprintf(w, "\n%s: %s\n", name, r.note)
		}
		if len(r.verdict.regressions) > 0 {
			fmt.Fprintf(w, "\n%s: %d problems against the baseline:\n", name, len(r.verdict.regressions))
			printCapped(w, r.verdict.regressions, 40, " (results file)")
		}
		if len(r.verdict.improved) > 0 {
			fmt.Fprintf(w, "\n%s improved on its baseline (%d):\n", name, len(r.verdict.improved))
			printCapped(w, r.verdict.improved, 20, "")
			if o.only == "" {
				fmt.Fprintf(w, "  rewrite the baseline with: %s\n", updateCommand(r.ours.File, r.ours.Arch))
			}
		}
	}
}

// writeResults writes, per impl, a readable file of everything parsed
// (counts, crashes, per-function counts, every failure with its message)
// and the same as JSON.
func writeResults(cache string, r row) error {
	for _, res := range []*Result{r.ours, r.wine} {
		if res == nil {
			continue
		}
		dir := filepath.Join(cache, "results", res.Arch)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		base := filepath.Join(dir, res.File+"."+res.Impl)
		if err := os.WriteFile(base+".txt", []byte(resultText(res)), 0o644); err != nil {
			return err
		}
		j, err := json.MarshalIndent(resultJSON(res), "", "  ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(base+".json", j, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func resultText(r *Result) string {
	var b strings.Builder
	impl := map[string]string{"ours": "mtld3d", "wine": "Wine's builtin d3d9"}[r.Impl]
	fmt.Fprintf(&b, "%s.c on %s against %s\n", r.File, r.Arch, impl)
	if r.Err != "" {
		fmt.Fprintf(&b, "not run: %s\n", r.Err)
		return b.String()
	}
	fmt.Fprintf(&b, "executed %d, failures %d, todo %d, skipped %d, crashes %d; %d runs, %v\n\n",
		r.executed, len(r.Failures), r.todo, r.skipped, len(r.Crashes), r.Runs, r.Wall.Round(time.Millisecond))
	for _, c := range r.Crashes {
		fmt.Fprintf(&b, "%s in %s: %s\n", strings.ToUpper(c.Kind), c.Func, c.Detail)
	}
	fmt.Fprintf(&b, "\nper function (a crashed function's checks before the crash are not counted):\n")
	for _, f := range r.Funcs {
		fmt.Fprintf(&b, "  %-44s %8d executed %6d failures %4d skipped  %s\n", f.Name, f.Executed, f.Failures, f.Skipped, f.Status)
	}
	g := groupSites(r.Failures)
	fmt.Fprintf(&b, "\nfailing sites (%d):\n", len(g))
	for _, k := range sortedSites(g) {
		s := g[k]
		fmt.Fprintf(&b, "  %-18s x%-5d %s: %s\n", k, s.count, strings.Join(s.funcs, ","), s.msg)
	}
	fmt.Fprintf(&b, "\nevery failure, in order:\n")
	for _, f := range r.Failures {
		fmt.Fprintf(&b, "%s %s: %s\n", f.Site, f.Func, f.Msg)
	}
	return b.String()
}

func resultJSON(r *Result) any {
	return struct {
		File, Arch, Impl                  string
		Executed, Failures, Todo, Skipped int
		Runs                              int
		WallSeconds                       float64
		Err                               string `json:",omitempty"`
		Crashes                           []Crash
		Funcs                             []FuncResult
		FailureList                       []Failure
	}{r.File, r.Arch, r.Impl, r.executed, len(r.Failures), r.todo, r.skipped, r.Runs, r.Wall.Seconds(), r.Err, r.Crashes, r.Funcs, r.Failures}
}

// printCapped prints lines indented, at most max of them, then how many
// more there were (with where to find them).
func printCapped(w io.Writer, lines []string, max int, where string) {
	for i, s := range lines {
		if i == max {
			fmt.Fprintf(w, "  ... and %d more%s\n", len(lines)-i, where)
			return
		}
		fmt.Fprintf(w, "  %s\n", s)
	}
}
