package main

import (
	"bufio"
	"bytes"
	"regexp"
	"strconv"
	"strings"
)

// Failure is one failing check as wine/test.h printed it.
type Failure struct {
	Site string // file:line, e.g. device.c:1234
	Func string // the top-level test function running
	Msg  string
}

// counts are wine/test.h's counters.
type counts struct {
	executed, failures, skipped, todo int
}

func (c counts) minus(o counts) counts {
	return counts{c.executed - o.executed, c.failures - o.failures, c.skipped - o.skipped, c.todo - o.todo}
}

func (c *counts) add(o counts) {
	c.executed += o.executed
	c.failures += o.failures
	c.skipped += o.skipped
	c.todo += o.todo
}

// marker is a "conformance: enter" line: a test function about to run
// and the counters at that moment.
type marker struct {
	index int
	name  string
	at    counts
	first int // index into output.failures of its first failure
}

// output is one run of a test executable, parsed.
type output struct {
	markers   []marker
	failures  []Failure // Func set from the marker before each
	preamble  int       // failures before the first marker
	summary   *counts   // the "tests executed" line, if the run got there
	exception string    // wine/test.h's unhandled exception report
}

var (
	// file.c:123: Test failed: message (also "Test succeeded inside todo
	// block", a failure too: the check passed where it was marked todo).
	// Flaky checks are left out, as wine/test.h leaves them out of its
	// failure count.
	failRE = regexp.MustCompile(`^([\w.-]+\.[ch]):(\d+):\S* ?(Test failed|Test succeeded inside todo block): ?(.*)$`)
	// 0123:device: 14738 tests executed (0 marked as todo, 0 as flaky, 17 failures), 2 skipped.
	summaryRE = regexp.MustCompile(`^[0-9a-f]+:\w+:\S* ?(\d+) tests executed \((\d+) marked as todo, (\d+) as flaky, (\d+) failures?\), (\d+) skipped\.`)
	enterRE   = regexp.MustCompile(`^conformance: enter (\d+) (\w+) (\d+) (\d+) (\d+)`)
	excRE     = regexp.MustCompile(`unhandled exception [0-9a-fA-F]+ at \S+`)
	lastRE    = regexp.MustCompile(`^([\w.-]+\.[ch]:\d+): this is the last test seen before the exception`)
)

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

// parseOutput reads the combined stdout and stderr of one run.
func parseOutput(b []byte) output {
	var o output
	fn := "START_TEST"
	last := ""
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		l := strings.TrimRight(sc.Text(), "\r")
		if m := enterRE.FindStringSubmatch(l); m != nil {
			fn = m[2]
			o.markers = append(o.markers, marker{index: atoi(m[1]), name: fn,
				at: counts{executed: atoi(m[3]), failures: atoi(m[4]), skipped: atoi(m[5])}, first: len(o.failures)})
			continue
		}
		if m := failRE.FindStringSubmatch(l); m != nil {
			o.failures = append(o.failures, Failure{Site: m[1] + ":" + m[2], Func: fn, Msg: strings.TrimSpace(m[4])})
			if len(o.markers) == 0 {
				o.preamble++
			}
			continue
		}
		if m := summaryRE.FindStringSubmatch(l); m != nil {
			o.summary = &counts{executed: atoi(m[1]), todo: atoi(m[2]), failures: atoi(m[4]), skipped: atoi(m[5])}
			continue
		}
		if m := lastRE.FindStringSubmatch(l); m != nil {
			last = m[1]
			continue
		}
		if m := excRE.FindString(l); m != "" {
			o.exception = m
			if last != "" {
				o.exception += " (last check seen: " + last + ")"
			}
		}
	}
	return o
}
