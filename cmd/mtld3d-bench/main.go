// Command mtld3d-bench measures the cost per call of representative D3D9
// calls from a PE program under Wine, against our d3d9.dll and against
// Wine's own (wined3d) in the same run, and prints a table with the ratio.
// It is what `make bench-api` runs.
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
	exe, err := e.BuildProgram(filepath.Join(root, "cmd", "mtld3d-bench", "guest", "api.c"))
	if err != nil {
		return err
	}
	measure := func(override string) (result, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		defer cancel()
		out, err := e.RunEnv(ctx, e.Work, []string{"WINEDLLOVERRIDES=mscoree,mshtml=;" + override}, "wine", exe)
		r := parse(out)
		if err != nil && len(r.names) == 0 {
			return r, fmt.Errorf("%s: %v\n%s", override, err, out)
		}
		return r, nil
	}
	ours, err := measure("d3d9=n")
	if err != nil {
		return err
	}
	wine, err := measure("d3d9=b")
	if err != nil {
		fmt.Fprintf(os.Stderr, "wined3d run failed: %v\n", err)
	}
	fmt.Printf("%-30s %12s %12s %8s\n", "call (median of 5 x 20000)", "mtld3d ns", "wined3d ns", "ratio")
	for _, n := range ours.names {
		w, ok := wine.ns[n]
		ws, ratio := "n/a", "n/a"
		if ok {
			ws = fmt.Sprintf("%.1f", w)
			ratio = fmt.Sprintf("%.2f", ours.ns[n]/w)
		}
		fmt.Printf("%-30s %12.1f %12s %8s\n", n, ours.ns[n], ws, ratio)
	}
	if ours.err != "" {
		fmt.Println("mtld3d run reported:", ours.err)
	}
	if wine.err != "" {
		fmt.Println("wined3d run reported:", wine.err)
	}
	fmt.Println("ratio = mtld3d / wined3d; below 1 is faster than Wine's own d3d9.")
	return nil
}
