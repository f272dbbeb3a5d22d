// Command mtld3d-bench measures PE programs under Wine against our
// d3d9.dll and against Wine's own (wined3d) in the same run, as a 64-bit
// and as a 32-bit program, and prints a table with each architecture's
// ratio. By default it times representative D3D9 calls from the game's
// side (guest/api.c, `make bench-api`), once with a Present between
// rounds and once with the rounds in one long frame; with -frames it
// counts frames per second of a few scenes (guest/frames.c,
// `make bench-frames`); with -pacing it checks the frame-rate limiter
// (present.max_fps) against its targets on our d3d9.dll alone
// (`make bench-pacing`).
package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
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

// result is one run's figures by name, in the order printed.
type result struct {
	names []string
	ns    map[string]float64
	err   string
}

// parse reads "call <name> <ns>" lines (api.c) and "scene <name>
// <frames> <seconds> <fps>" lines (frames.c), keeping ns or fps.
func parse(out []byte) result {
	r := result{ns: map[string]float64{}}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		switch {
		case len(f) == 3 && f[0] == "call" || len(f) == 5 && f[0] == "scene":
			v, err := strconv.ParseFloat(f[len(f)-1], 64)
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
	frames := flag.Bool("frames", false, "frames per second of guest/frames.c's scenes instead of the cost per call")
	archList := flag.String("arch", "x86_64,i686", "guest architectures, comma-separated")
	conf := flag.String("config", "", "MTLD3D_CONFIG for our runs, e.g. debug.cpu_profile=/tmp/cpu.pprof")
	only := flag.String("scene", "", "with -frames, run only this scene")
	pacing := flag.String("pacing", "", "frame-rate limits to check, comma-separated frames per second: frames.c's clear scene under present.max_fps at each, ours only")
	flag.Parse()
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
	prog, title, better := "api.c", "call (median of 5 x 20000)", "below 1 is faster than Wine's own d3d9"
	if *pacing != "" {
		*frames = true
	}
	if *frames {
		prog, title, better = "frames.c", "scene (frames per second)", "above 1 is faster than Wine's own d3d9"
	}
	exes, err := e.BuildPrograms(filepath.Join(root, "cmd", "mtld3d-bench", "guest", prog))
	if err != nil {
		return err
	}
	measure := func(exe, override string, extra []string, config string) (result, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		defer cancel()
		env := []string{"WINEDLLOVERRIDES=mscoree,mshtml=;" + override}
		if config != "" && override == "d3d9=n" {
			env = append(env, "MTLD3D_CONFIG="+config)
		}
		out, err := e.RunEnv(ctx, e.Work, env, "wine", append([]string{exe}, extra...)...)
		r := parse(out)
		if err != nil && len(r.names) == 0 {
			return r, fmt.Errorf("%s: %v\n%s", override, err, out)
		}
		return r, nil
	}
	arches := strings.Split(*archList, ",")
	if *pacing != "" {
		return checkPacing(strings.Split(*pacing, ","), arches, exes, measure)
	}
	shapes := apiShapes
	if *frames {
		shapes = []shape{{}}
		if *only != "" {
			shapes[0].args = []string{*only}
		}
	}
	for i, v := range shapes {
		if i > 0 {
			fmt.Println()
		}
		if v.title != "" {
			fmt.Println(v.title)
		}
		ours, wine := map[string]result{}, map[string]result{}
		for _, arch := range arches {
			r, err := measure(exes[arch], "d3d9=n", v.args, *conf)
			if err != nil {
				return fmt.Errorf("%s %s: %v", v.name, arch, err)
			}
			ours[arch] = r
			if wine[arch], err = measure(exes[arch], "d3d9=b", v.args, ""); err != nil {
				fmt.Fprintf(os.Stderr, "wined3d %s %s run failed: %v\n", v.name, arch, err)
			}
		}
		printTable(title, arches, ours, wine)
	}
	fmt.Printf("ratio = mtld3d / wined3d; %s.\n", better)
	return nil
}

// checkPacing runs frames.c's clear scene (a Clear and a Present a
// frame) under present.max_fps at each target and prints the rate
// measured over about two seconds and its error.
func checkPacing(targets, arches []string, exes map[string]string,
	measure func(exe, override string, extra []string, config string) (result, error)) error {
	fmt.Printf("%-10s %12s %12s %8s\n", "arch", "max_fps", "measured", "error")
	for _, arch := range arches {
		for _, t := range targets {
			want, err := strconv.ParseFloat(t, 64)
			if err != nil || want <= 0 {
				return fmt.Errorf("-pacing: %q is not a frame rate", t)
			}
			r, err := measure(exes[arch], "d3d9=n", []string{"clear"}, "present.max_fps="+t)
			if err != nil {
				return err
			}
			got, ok := r.ns["clear"]
			if !ok {
				return fmt.Errorf("%s at %s fps: no figure (%s)", arch, t, r.err)
			}
			fmt.Printf("%-10s %12.2f %12.2f %7.2f%%\n", arch, want, got, 100*(got-want)/want)
		}
	}
	return nil
}

// shape is one way of running a guest program: its arguments, and a
// title over its table ("" for none).
type shape struct {
	name, title string
	args        []string
}

// apiShapes are api.c's two shapes: a Present after every round, and a
// call's rounds piling up in one scene with no Present between them.
var apiShapes = []shape{
	{"present", "Present between rounds (each round is a frame):", nil},
	{"long", "No Present between rounds (one long frame, as a loading screen):", []string{"long"}},
}

// printTable prints one shape's figures: each name's figure per
// architecture beside wined3d's and their ratio, and what either run
// reported as an error.
func printTable(title string, arches []string, ours, wine map[string]result) {
	fmt.Printf("%-30s", title)
	for _, arch := range arches {
		fmt.Printf(" %12s %12s %6s", "mtld3d "+arch, "wined3d", "ratio")
	}
	fmt.Println()
	for _, n := range ours[arches[0]].names {
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
}
