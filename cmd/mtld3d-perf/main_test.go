package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const logA = "2026-12-02T10:00:00.000Z\tINFO\tmtld3d\t{\"version\": \"x\"}\n" +
	"2026-12-02T10:00:05.000Z\tINFO\tperf window=1 seconds=5.00 frames=300 fps=60.00 draws_per_frame=10.00\t{\"device\": 1}\n" +
	"2026-12-02T10:00:06.000Z\tINFO\tperf window=total seconds=6.00 frames=360 fps=60.00 draws_per_frame=10.00\t{\"device\": 1}\n" +
	"2026-12-02T10:00:07.000Z\tINFO\tperf window=total seconds=1.00 frames=10 fps=10.00 draws_per_frame=1.00\t{\"device\": 2}\n"

// The busiest device's total line is compared; a log without one falls
// back to its busiest window.
func TestCompare(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.log"), filepath.Join(dir, "b.log")
	if err := os.WriteFile(a, []byte(logA), 0o644); err != nil {
		t.Fatal(err)
	}
	logB := "x\tINFO\tperf window=1 seconds=5.00 frames=150 fps=30.00 draws_per_frame=10.00\t{\"device\": 1}\n" +
		"x\tINFO\tperf window=2 seconds=5.00 frames=600 fps=120.00 draws_per_frame=5.00\t{\"device\": 1}\n"
	if err := os.WriteFile(b, []byte(logB), 0o644); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := compare(&out, a, b); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	rows := map[string]string{}
	for _, l := range strings.Split(got, "\n") {
		if f := strings.Fields(l); len(f) > 0 {
			rows[f[0]] = strings.Join(f, " ")
		}
	}
	for _, want := range []string{"fps 60.00 120.00 2.00", "draws_per_frame 10.00 5.00 0.50"} {
		if rows[strings.Fields(want)[0]] != want {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	for _, want := range []string{"(window total)", "(window 2)"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	if err := os.WriteFile(b, []byte("no perf here\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := compare(&out, a, b); err == nil || !strings.Contains(err.Error(), "perf.log") {
		t.Errorf("a log without perf lines: %v", err)
	}
}
