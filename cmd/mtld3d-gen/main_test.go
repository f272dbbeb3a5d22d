package main

import (
	"reflect"
	"testing"
)

// The generated C is committed; a change to the Go definitions without a
// regeneration would let the two sides disagree silently.
func TestGeneratedFilesAreCurrent(t *testing.T) {
	stale, err := run("../..", true)
	if err != nil {
		t.Fatal(err)
	}
	if len(stale) > 0 {
		t.Fatalf("stale generated files %v: run go run ./cmd/mtld3d-gen", stale)
	}
}

func TestSnake(t *testing.T) {
	for in, want := range map[string]string{
		"GuestArchX86_64": "GUEST_ARCH_X86_64",
		"SelfTest":        "SELF_TEST",
		"LogDebug":        "LOG_DEBUG",
		"InitParams":      "INIT_PARAMS",
		"ExeUnixPath":     "EXE_UNIX_PATH",
	} {
		if got := snake(in); got != want {
			t.Errorf("snake(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestParamNames(t *testing.T) {
	got := paramNames("REFIID riid, void **ppvObject, const D3DDISPLAYMODEFILTER *pFilter")
	want := []string{"riid", "ppvObject", "pFilter"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}
