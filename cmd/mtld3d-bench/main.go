// Command mtld3d-bench measures the cost per call of representative D3D9
// calls from a PE program under Wine, against our d3d9.dll and against
// Wine's own (wined3d) in the same run, as a 64-bit and as a 32-bit
// program, and prints a table with each architecture's ratio. It is what
// `make bench-api` runs.
package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"mtld3d/internal/winenv"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "mtld3d-bench:", err)
		os.Exit(1)
	}
}

type result struct {
	names []string
	ns    map[string]float64
	err   string
}

func parse(out []byte) result {
	r := result{ns: map[string]float64{}}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		switch {
		case len(f) == 3 && f[0] == "call":
			v, err := strconv.ParseFloat(f[2], 64)
			if err == nil {
				r.names = append(r.names, f[1])
				r.ns[f[1]] = v
			}
		case len(f) >= 1 && f[0] == "error":
			r.err = strings.Join(f[1:], " ")
		}
	}
	return r
}

func run() error {
	root, err := os.Getwd()
	if err != nil {
		return err
	}
	if miss := winenv.MissingTools(); len(miss) > 0 {
		return fmt.Errorf("missing %v: run make deps", miss)
	}
	e, err := winenv.Setup(root, "", os.Stderr)
	defer e.Teardown()
	if err != nil {
		return err
	}
	exes, err := e.BuildPrograms(filepath.Join(root, "cmd", "mtld3d-bench", "guest", "api.c"))
	if err != nil {
		return err
	}
	measure := func(exe, override string) (result, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		defer cancel()
		out, err := e.RunEnv(ctx, e.Work, []string{"WINEDLLOVERRIDES=mscoree,mshtml=;" + override}, "wine", exe)
		r := parse(out)
		if err != nil && len(r.names) == 0 {
			return r, fmt.Errorf("%s: %v\n%s", override, err, out)
		}
		return r, nil
	}
	arches := []string{"x86_64", "i686"}
	ours, wine := map[string]result{}, map[string]result{}
	for _, arch := range arches {
		r, err := measure(exes[arch], "d3d9=n")
		if err != nil {
			return fmt.Errorf("%s: %v", arch, err)
		}
		ours[arch] = r
		if wine[arch], err = measure(exes[arch], "d3d9=b"); err != nil {
			fmt.Fprintf(os.Stderr, "wined3d %s run failed: %v\n", arch, err)
		}
	}
	fmt.Printf("%-30s", "call (median of 5 x 20000)")
	for _, arch := range arches {
		fmt.Printf(" %12s %12s %6s", "mtld3d "+arch, "wined3d", "ratio")
	}
	fmt.Println()
	for _, n := range ours["x86_64"].names {
		fmt.Printf("%-30s", n)
		for _, arch := range arches {
			o, ok := ours[arch].ns[n]
			ov, wv, ratio := "n/a", "n/a", "n/a"
			if ok {
				ov = fmt.Sprintf("%.1f", o)
			}
			if w, wok := wine[arch].ns[n]; wok {
				wv = fmt.Sprintf("%.1f", w)
				if ok {
					ratio = fmt.Sprintf("%.2f", o/w)
				}
			}
			fmt.Printf(" %12s %12s %6s", ov, wv, ratio)
		}
		fmt.Println()
	}
	for _, arch := range arches {
		if ours[arch].err != "" {
			fmt.Printf("mtld3d %s run reported: %s\n", arch, ours[arch].err)
		}
		if wine[arch].err != "" {
			fmt.Printf("wined3d %s run reported: %s\n", arch, wine[arch].err)
		}
	}
	fmt.Println("ratio = mtld3d / wined3d; below 1 is faster than Wine's own d3d9.")
	return nil
}
