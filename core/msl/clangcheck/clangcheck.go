// Package clangcheck checks emitted MSL with clang++ -fsyntax-only as
// C++17 against core/msl's shim header (shim/metal_shim.h), which
// declares enough of the Metal Shading Language for that. It catches
// syntax and type errors, not Metal-only rules. The shim is precompiled
// once; units are wrapped in namespaces and checked in batches, and a
// failing batch is checked again unit by unit to name the culprits.
package clangcheck

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
)

// Unit is one MSL translation unit to check.
type Unit struct {
	Name, Source string
}

// Flags are clang's flags for every check.
var Flags = []string{"-std=c++17", "-Wno-unknown-attributes", "-Werror=return-type", "-ferror-limit=20"}

var includeRE = regexp.MustCompile(`(?m)^#include <metal_stdlib>\s*$`)

// ErrNoClang is returned when clang++ is not on PATH.
var ErrNoClang = fmt.Errorf("clang++ not on PATH (install clang to run the MSL check)")

// Checker holds the precompiled shim; Close removes its folder.
type Checker struct {
	clang string
	dir   string
	inc   []string
}

// New prepares a checker with the shim at shimPath (core/msl's
// shim/metal_shim.h).
func New(shimPath string) (*Checker, error) {
	clang, err := exec.LookPath("clang++")
	if err != nil {
		return nil, ErrNoClang
	}
	shim, err := filepath.Abs(shimPath)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(shim); err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "mtld3d-clangcheck-")
	if err != nil {
		return nil, err
	}
	// metal_stdlib is Metal's own header; the shim stands in for it.
	if err := os.WriteFile(filepath.Join(dir, "metal_stdlib"), nil, 0o644); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	c := &Checker{clang: clang, dir: dir, inc: []string{"-include", shim}}
	pch := filepath.Join(dir, "metal_shim.h.pch")
	args := append([]string{"-x", "c++-header"}, Flags...)
	if exec.Command(clang, append(args, shim, "-o", pch)...).Run() == nil {
		c.inc = []string{"-include-pch", pch}
	}
	return c, nil
}

// Close removes the checker's temporary folder.
func (c *Checker) Close() { os.RemoveAll(c.dir) }

// One checks one unit and returns clang's output and its error.
func (c *Checker) One(name, src string) (string, error) {
	file := filepath.Join(c.dir, sanitize(name)+".metal.cpp")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		return "", err
	}
	defer os.Remove(file)
	args := append([]string{"-fsyntax-only"}, Flags...)
	args = append(append(append(args, "-isystem", c.dir), c.inc...), file)
	cmd := exec.Command(c.clang, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.String(), err
}

func sanitize(name string) string {
	return strings.Map(func(r rune) rune {
		if r == '/' || r == ':' || r == ' ' {
			return '_'
		}
		return r
	}, name)
}

// Failure is a unit clang rejected.
type Failure struct {
	Name   string
	Output string
	Err    error
}

// Batch checks units with workers clang processes at once (at least
// one), a few units per clang run, and returns the units clang rejected.
// A batch that fails while none of its units does alone is reported as
// a failure named "batch N".
func (c *Checker) Batch(units []Unit, workers int) []Failure {
	if workers < 1 {
		workers = 1
	}
	batches := workers * 2
	if batches > len(units) {
		batches = len(units)
	}
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		fails []Failure
	)
	jobs := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range jobs {
				var src strings.Builder
				var mine []Unit
				for i := b; i < len(units); i += batches {
					mine = append(mine, units[i])
					fmt.Fprintf(&src, "namespace u%d {\n%s\n}\n", i, includeRE.ReplaceAllString(units[i].Source, ""))
				}
				out, err := c.One(fmt.Sprintf("batch%d", b), "#include <metal_stdlib>\n"+src.String())
				if err == nil {
					continue
				}
				found := false
				for _, u := range mine {
					if out, err := c.One(u.Name, u.Source); err != nil {
						found = true
						mu.Lock()
						fails = append(fails, Failure{u.Name, out, err})
						mu.Unlock()
					}
				}
				if !found {
					mu.Lock()
					fails = append(fails, Failure{fmt.Sprintf("batch %d", b), out, err})
					mu.Unlock()
				}
			}
		}()
	}
	for b := 0; b < batches; b++ {
		jobs <- b
	}
	close(jobs)
	wg.Wait()
	return fails
}
