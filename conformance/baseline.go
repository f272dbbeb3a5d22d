package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Baseline is what a file is allowed on one arch against our d3d9: the
// executed count to reach at least, and the failing sites with the most
// failures each may have and why each fails.
//
// The file (conformance/baselines/<arch>/<file>.txt) is plain text:
//
//	executed 14738
//	# site             count  functions            reason
//	stateblock.c:123   2      test_state_management  bug
//
// Lines starting with # are comments. The reason is the rest of the
// line: "bug" (ours to fix), "keep: <where docs/ says why>" (a difference
// we keep) or "env: <limit>" (the machine, not us: Xvfb's single display
// mode, llvmpipe without MSAA, ...), each optionally with ": a note".
type Baseline struct {
	Executed int
	Sites    map[string]*BaselineSite
}

// BaselineSite is one failing file:line.
type BaselineSite struct {
	Site   string
	Count  int
	Funcs  string // comma-separated
	Reason string
}

const defaultReason = "bug"

func baselinePath(root, arch, file string) string {
	return filepath.Join(root, "conformance", "baselines", arch, file+".txt")
}

// readBaseline reads a baseline; a missing file is an empty baseline and
// reported as not found.
func readBaseline(path string) (*Baseline, bool, error) {
	b := &Baseline{Sites: map[string]*BaselineSite{}}
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return b, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		w := strings.Fields(l)
		if w[0] == "executed" && len(w) == 2 {
			b.Executed, err = strconv.Atoi(w[1])
			if err != nil {
				return nil, true, fmt.Errorf("%s:%d: %v", path, n, err)
			}
			continue
		}
		if len(w) < 3 {
			return nil, true, fmt.Errorf("%s:%d: want site count functions [reason]", path, n)
		}
		c, err := strconv.Atoi(w[1])
		if err != nil {
			return nil, true, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		s := &BaselineSite{Site: w[0], Count: c, Funcs: w[2], Reason: defaultReason}
		if len(w) > 3 {
			s.Reason = strings.Join(w[3:], " ")
		}
		b.Sites[s.Site] = s
	}
	return b, true, sc.Err()
}

// siteCounts groups a result's failures by site: count, functions and
// the first message.
type siteCount struct {
	count int
	funcs []string
	msg   string
}

func groupSites(fs []Failure) map[string]*siteCount {
	m := map[string]*siteCount{}
	for _, f := range fs {
		s := m[f.Site]
		if s == nil {
			s = &siteCount{msg: f.Msg}
			m[f.Site] = s
		}
		s.count++
		if !contains(s.funcs, f.Func) {
			s.funcs = append(s.funcs, f.Func)
		}
	}
	return m
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// sortedSites orders file:line keys by file, then line number.
func sortedSites[T any](m map[string]T) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		fi, li, _ := strings.Cut(keys[i], ":")
		fj, lj, _ := strings.Cut(keys[j], ":")
		if fi != fj {
			return fi < fj
		}
		return atoi(li) < atoi(lj)
	})
	return keys
}

// writeBaseline writes r as the new baseline, keeping the reasons old
// gives sites that still fail.
func writeBaseline(path string, r *Result, old *Baseline) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Wine 8.0's d3d9 tests: %s.c on %s against mtld3d (WINETEST_PLATFORM=windows).\n", r.File, r.Arch)
	fmt.Fprintf(&b, "# make conformance fails on a crash, on fewer executed checks, or on a site\n")
	fmt.Fprintf(&b, "# failing more often than here. Rewrite with: %s\n", updateCommand(r.File, r.Arch))
	fmt.Fprintf(&b, "# Reasons: bug (ours to fix), keep: <docs reference> (a difference we keep),\n")
	fmt.Fprintf(&b, "# env: <limit> (the machine's, e.g. Xvfb's single display mode). See docs/CONFORMANCE.md.\n")
	for _, c := range r.Crashes {
		fmt.Fprintf(&b, "# %s in %s when this was written (%s)\n", c.Kind, c.Func, c.Detail)
	}
	fmt.Fprintf(&b, "executed %d\n", r.executed)
	g := groupSites(r.Failures)
	width := 0
	for k := range g {
		width = max(width, len(k))
	}
	fmt.Fprintf(&b, "# %-*s %6s  %s  %s\n", width-2, "site", "count", "functions", "reason")
	for _, k := range sortedSites(g) {
		s := g[k]
		reason := defaultReason
		if o := old.Sites[k]; o != nil {
			reason = o.Reason
		}
		fmt.Fprintf(&b, "%-*s %6d  %s  %s\n", width, k, s.count, strings.Join(s.funcs, ","), reason)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

func updateCommand(file, arch string) string {
	return fmt.Sprintf("go run ./conformance -update -no-wine -file %s -arch %s", file, arch)
}

// verdict compares a result of ours with its baseline: what fails the
// run (regressions) and what got better.
type verdict struct {
	regressions []string
	improved    []string
}

func compare(r *Result, b *Baseline, only string) verdict {
	var v verdict
	for _, c := range r.Crashes {
		v.regressions = append(v.regressions, fmt.Sprintf("%s in %s: %s", c.Kind, c.Func, c.Detail))
	}
	if only == "" {
		if r.executed < b.Executed {
			v.regressions = append(v.regressions, fmt.Sprintf("executed %d checks, baseline %d", r.executed, b.Executed))
		} else if r.executed > b.Executed {
			v.improved = append(v.improved, fmt.Sprintf("executed %d checks, baseline %d", r.executed, b.Executed))
		}
	}
	g := groupSites(r.Failures)
	for _, k := range sortedSites(g) {
		s := g[k]
		bs := b.Sites[k]
		switch {
		case bs == nil:
			v.regressions = append(v.regressions, fmt.Sprintf("new failing site %s x%d (%s): %s", k, s.count, strings.Join(s.funcs, ","), s.msg))
		case s.count > bs.Count:
			v.regressions = append(v.regressions, fmt.Sprintf("%s fails %d times, baseline %d (%s): %s", k, s.count, bs.Count, strings.Join(s.funcs, ","), s.msg))
		case s.count < bs.Count:
			v.improved = append(v.improved, fmt.Sprintf("%s fails %d times, baseline %d", k, s.count, bs.Count))
		}
	}
	for _, k := range sortedSites(b.Sites) {
		bs := b.Sites[k]
		if only != "" && !contains(strings.Split(bs.Funcs, ","), only) {
			continue
		}
		if g[k] == nil {
			v.improved = append(v.improved, fmt.Sprintf("%s passes now (baseline %d, %s)", k, bs.Count, bs.Reason))
		}
	}
	return v
}
