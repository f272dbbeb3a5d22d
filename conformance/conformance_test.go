package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const sample = `#include "wine/test.h"
static void test_a(void)
{
    ok(1, "x\n");
}
static void test_b(int x) { ok(x, "y\n"); }
static const DWORD shader[] =
{
    0xfffe0101,                /* vs_1_1 */
    0x0000ffff
};
static const DWORD not_a_shader[] = {1, 2, 3};
START_TEST(sample)
{
    int i;

    memset(&i, 0, sizeof(i));
    ok(1, "preamble\n");
    test_a();
    if (i)
    {
        test_a();
    }
    test_b(1);
}
`

func TestMarkFile(t *testing.T) {
	text, funcs, err := markFile(sample)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(funcs, " ") != "test_a test_b" {
		t.Fatalf("funcs %v", funcs)
	}
	if strings.Count(text, "\n") != strings.Count(sample, "\n") {
		t.Fatal("line count changed")
	}
	lines := strings.Split(text, "\n")
	want := map[int]string{
		18: `    if (CONFORMANCE_ENTER(0, "test_a")) test_a();`,
		21: `        test_a();`, // not top level
		23: `    if (CONFORMANCE_ENTER(1, "test_b")) test_b(1);`,
		16: `    memset(&i, 0, sizeof(i));`,
	}
	for i, w := range want {
		if lines[i] != w {
			t.Errorf("line %d: %q, want %q", i+1, lines[i], w)
		}
	}
}

const runOutput = `conformance: enter 0 test_a 2 1 0
sample.c:40: Test failed: pre
conformance: enter 1 test_b 10 2 0
sample.c:50: Test failed: one
sample.c:51: Test succeeded inside todo block: two
sample.c:52: Tests skipped: nothing
sample.c:53: Test marked flaky: three
conformance: enter 2 test_c 20 4 1
sample.c:60: this is the last test seen before the exception
0024:sample: unhandled exception c0000005 at 0000000140001234
`

const runOutputEnd = `sample.c:5: Test failed: preamble again
conformance: enter 3 test_d 2 1 0
sample.c:70: Test failed: four
0024:sample: 30 tests executed (0 marked as todo, 0 as flaky, 2 failures), 3 skipped.
`

func TestParseOutput(t *testing.T) {
	o := parseOutput([]byte(runOutput))
	if len(o.markers) != 3 || o.markers[2].name != "test_c" || o.markers[2].at.executed != 20 {
		t.Fatalf("markers %+v", o.markers)
	}
	if len(o.failures) != 3 || o.failures[2].Func != "test_b" || o.failures[2].Site != "sample.c:51" || o.failures[2].Msg != "two" {
		t.Fatalf("failures %+v", o.failures)
	}
	if o.summary != nil || !strings.Contains(o.exception, "c0000005") || !strings.Contains(o.exception, "sample.c:60") {
		t.Fatalf("summary %v exception %q", o.summary, o.exception)
	}
	e := parseOutput([]byte(runOutputEnd))
	if e.summary == nil || e.summary.executed != 30 || e.summary.failures != 2 || e.summary.skipped != 3 || e.preamble != 1 {
		t.Fatalf("%+v", e)
	}
}

func TestBaselineRoundTrip(t *testing.T) {
	r := &Result{File: "sample", Arch: "x86_64", Impl: "ours", counts: counts{executed: 100},
		Failures: []Failure{{"sample.c:9", "test_a", "m"}, {"sample.c:10", "test_a", "m"}, {"sample.c:10", "test_b", "m"}},
		Crashes:  []Crash{{"test_c", "crash", "boom"}}}
	path := filepath.Join(t.TempDir(), "b.txt")
	old := &Baseline{Sites: map[string]*BaselineSite{"sample.c:10": {Reason: "env: Xvfb has one display mode"}}}
	if err := writeBaseline(path, r, old); err != nil {
		t.Fatal(err)
	}
	b, found, err := readBaseline(path)
	if err != nil || !found {
		t.Fatal(err, found)
	}
	s := b.Sites["sample.c:10"]
	if b.Executed != 100 || len(b.Sites) != 2 || s.Count != 2 || s.Funcs != "test_a,test_b" || s.Reason != "env: Xvfb has one display mode" {
		t.Fatalf("%+v %+v", b, s)
	}
	if b.Sites["sample.c:9"].Reason != "bug" {
		t.Fatal("default reason")
	}
	// The same result against it: only the crash fails.
	v := compare(r, b, "")
	if len(v.regressions) != 1 || len(v.improved) != 0 {
		t.Fatalf("%+v", v)
	}
	// Worse and better.
	r.Crashes = nil
	r.executed = 90
	r.Failures = []Failure{{"sample.c:10", "test_a", "m"}, {"sample.c:11", "test_a", "m"}}
	v = compare(r, b, "")
	if len(v.regressions) != 2 || len(v.improved) != 2 {
		t.Fatalf("%+v", v)
	}
	b2, _ := os.ReadFile(path)
	if !strings.Contains(string(b2), "crash in test_c") {
		t.Fatal("crash not noted")
	}
}

func TestExtractShaders(t *testing.T) {
	a := extractShaders("sample", sample)
	if len(a) != 1 || a[0].name != "sample.c:7:shader" || len(a[0].tokens) != 2 || a[0].tokens[0] != 0xfffe0101 {
		t.Fatalf("%+v", a)
	}
}

func TestAptEntries(t *testing.T) {
	have, debs := deb822Entries("Types: deb\nURIs: http://deb.debian.org/debian\nSuites: bookworm bookworm-updates\nComponents: main\nSigned-By: /k.gpg\n\nTypes: deb\nURIs: http://x\nSuites: s\nComponents: main\nEnabled: no\n")
	want := "Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm bookworm-updates\nComponents: main\nSigned-By: /k.gpg\n"
	if have || len(debs) != 1 || debs[0] != want {
		t.Fatalf("%v %q", have, debs)
	}
	have, debs = oneLineEntries("# c\ndeb [arch=amd64 signed-by=/k.gpg] http://m bookworm main contrib\n")
	want = "Types: deb-src\nURIs: http://m\nSuites: bookworm\nComponents: main contrib\nSigned-By: /k.gpg\n"
	if have || len(debs) != 1 || debs[0] != want {
		t.Fatalf("%v %q", have, debs)
	}
	if have, _ := deb822Entries("Types: deb deb-src\nURIs: http://m\n"); !have {
		t.Fatal("deb-src not seen")
	}
}
