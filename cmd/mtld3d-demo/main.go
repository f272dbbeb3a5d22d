// Command mtld3d-demo runs the demo program under Wine through our DLLs
// with the reference backend and prints what it did. It is what
// `make demo` runs; it builds, makes a Wine prefix under build/ on first
// use and installs mtld3d there.
package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"mtld3d/tests/winenv"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "mtld3d-demo:", err)
		os.Exit(1)
	}
}

func run() error {
	root, err := os.Getwd()
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		return fmt.Errorf("run from the repository root (make demo)")
	}
	if miss := winenv.MissingTools(); len(miss) > 0 {
		return fmt.Errorf("missing %v: run make deps", miss)
	}
	out := filepath.Join(root, "build", "demo")
	prefix := filepath.Join(root, "build", "demo-prefix")
	e, err := winenv.Setup(root, prefix, os.Stdout)
	defer e.Teardown()
	if err != nil {
		return err
	}
	exe, err := e.BuildProgram(filepath.Join(root, "cmd", "mtld3d-demo", "guest", "smoke.c"))
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	b, err := os.ReadFile(exe)
	if err != nil {
		return err
	}
	demo := filepath.Join(out, "smoke.exe")
	if err := os.WriteFile(demo, b, 0o755); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	fmt.Printf("running %s under Wine (prefix %s)\n\n", demo, prefix)
	text, err := e.Run(ctx, out, "wine", demo)
	fmt.Print(string(text))
	if err != nil {
		return fmt.Errorf("demo program failed: %v", err)
	}
	logs, _ := filepath.Glob(filepath.Join(out, "mtld3d-logs", "*.log"))
	if len(logs) > 0 {
		fmt.Printf("\nlog: %s\n", logs[len(logs)-1])
	}
	return nil
}
