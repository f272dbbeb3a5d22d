// Command mtld3d-perf reads the performance lines perf.log = 1 writes
// into mtld3d's log (unix/device/perf.go):
//
//	mtld3d-perf compare A.log B.log
//
// prints the two runs' figures side by side with B/A, from each log's
// "window=total" line (a device's whole life; of several devices, the one
// with the most frames), or its busiest window when the run ended
// without one.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

func main() {
	if len(os.Args) != 4 || os.Args[1] != "compare" {
		fmt.Fprintln(os.Stderr, "usage: mtld3d-perf compare A.log B.log")
		os.Exit(2)
	}
	if err := compare(os.Stdout, os.Args[2], os.Args[3]); err != nil {
		fmt.Fprintln(os.Stderr, "mtld3d-perf:", err)
		os.Exit(1)
	}
}

// figures is one perf line: its keys in order and their values.
type figures struct {
	keys []string
	vals map[string]string
}

func (f figures) num(k string) (float64, bool) {
	v, err := strconv.ParseFloat(f.vals[k], 64)
	return v, err == nil
}

// parseLine reads the key=value fields after "perf " up to the log's
// field separator (a tab); ok is false for any other line.
func parseLine(line string) (figures, bool) {
	i := strings.Index(line, "perf window=")
	if i < 0 {
		return figures{}, false
	}
	text := line[i+len("perf "):]
	if j := strings.IndexByte(text, '\t'); j >= 0 {
		text = text[:j]
	}
	f := figures{vals: map[string]string{}}
	for _, kv := range strings.Fields(text) {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		f.keys = append(f.keys, k)
		f.vals[k] = v
	}
	return f, len(f.keys) > 0
}

// pick reads a log and chooses the line to compare.
func pick(r io.Reader) (figures, error) {
	var best, bestWindow figures
	var haveTotal, haveWindow bool
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		f, ok := parseLine(sc.Text())
		if !ok {
			continue
		}
		frames, _ := f.num("frames")
		if f.vals["window"] == "total" {
			if b, _ := best.num("frames"); !haveTotal || frames > b {
				best, haveTotal = f, true
			}
		} else if b, _ := bestWindow.num("frames"); !haveWindow || frames > b {
			bestWindow, haveWindow = f, true
		}
	}
	if err := sc.Err(); err != nil {
		return figures{}, err
	}
	switch {
	case haveTotal:
		return best, nil
	case haveWindow:
		return bestWindow, nil
	}
	return figures{}, fmt.Errorf("no perf lines (run with perf.log = 1)")
}

func load(path string) (figures, error) {
	f, err := os.Open(path)
	if err != nil {
		return figures{}, err
	}
	defer f.Close()
	fig, err := pick(f)
	if err != nil {
		return figures{}, fmt.Errorf("%s: %v", path, err)
	}
	return fig, nil
}

func compare(w io.Writer, a, b string) error {
	fa, err := load(a)
	if err != nil {
		return err
	}
	fb, err := load(b)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%-22s %14s %14s %8s\n", "figure", "A", "B", "B/A")
	for _, k := range fa.keys {
		if k == "window" {
			continue
		}
		va, vb := fa.vals[k], fb.vals[k]
		if vb == "" {
			vb = "-"
		}
		ratio := "-"
		x, okA := fa.num(k)
		y, okB := fb.num(k)
		if okA && okB && x != 0 {
			ratio = fmt.Sprintf("%.2f", y/x)
		}
		fmt.Fprintf(w, "%-22s %14s %14s %8s\n", k, va, vb, ratio)
	}
	fmt.Fprintf(w, "A: %s (window %s)\nB: %s (window %s)\n", a, fa.vals["window"], b, fb.vals["window"])
	return nil
}
