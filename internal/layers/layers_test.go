package layers

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"sort"
	"strings"
	"testing"
)

type listed struct {
	ImportPath   string
	Dir          string
	Imports      []string
	TestImports  []string
	XTestImports []string
	Error        *struct{ Err string }
}

// list runs go list over the module for one GOOS (build tags select
// different files: the Metal backend is darwin only).
func list(t *testing.T, goos string) []listed {
	t.Helper()
	cmd := exec.Command("go", "list", "-e", "-json=ImportPath,Imports,TestImports,XTestImports,Error", Module+"/...")
	cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH=amd64", "CGO_ENABLED=1")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("go list (GOOS=%s): %v\n%s", goos, err, errb.String())
	}
	var pkgs []listed
	dec := json.NewDecoder(&out)
	for {
		var p listed
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) < 20 {
		t.Fatalf("go list (GOOS=%s) found only %d packages", goos, len(pkgs))
	}
	return pkgs
}

// TestLayers fails on every project import that points up (the table in
// layers.go, which ARCHITECTURE.md shows), naming importer and imported.
func TestLayers(t *testing.T) {
	bad := map[string][]string{} // message -> the GOOS values it shows under
	for _, goos := range []string{"linux", "darwin"} {
		for _, p := range list(t, goos) {
			if p.Error != nil && !strings.Contains(p.Error.Err, "build constraints exclude all Go files") {
				t.Errorf("%s: %s", p.ImportPath, p.Error.Err)
			}
			from, ok := strings.CutPrefix(p.ImportPath, Module+"/")
			if !ok {
				continue
			}
			check := func(imps []string, test bool) {
				for _, imp := range imps {
					to, ok := strings.CutPrefix(imp, Module+"/")
					if !ok {
						continue // standard library or third party
					}
					if why := Check(from, to, test); why != "" {
						kind := "imports"
						if test {
							kind = "imports in its tests"
						}
						m := from + " " + kind + " " + to + ": " + why
						if n := len(bad[m]); n == 0 || bad[m][n-1] != goos {
							bad[m] = append(bad[m], goos)
						}
					}
				}
			}
			check(p.Imports, false)
			check(p.TestImports, true)
			check(p.XTestImports, true)
		}
	}
	msgs := make([]string, 0, len(bad))
	for m := range bad {
		msgs = append(msgs, m)
	}
	sort.Strings(msgs)
	for _, m := range msgs {
		t.Errorf("%s (GOOS=%s)", m, strings.Join(bad[m], ","))
	}
}

func TestCheck(t *testing.T) {
	for _, c := range []struct {
		from, to string
		test     bool
		ok       bool
	}{
		{"core/format", "types", false, true},
		{"core/format", "unix/backend", false, false},
		{"core/format", "unix/backend", true, false},
		{"shared", "core/ir", false, false},
		{"types", "shared", false, false},
		{"unix/device", "unix/backend", false, true},
		{"unix/device", "unix/backend/reference", false, false},
		{"unix/device", "unix/backend/reference", true, true},
		{"unix/backends", "unix/backend/metal/mtl", false, true},
		{"unix/backend/metal", "unix/backend/metal/mtl", false, true},
		{"unix/device", "internal/winenv", false, false},
		{"unix/device", "cmd/mtld3d-gen", false, false},
		{"cmd/mtld3d-demo", "internal/winenv", false, true},
		{"cmd/mtld3d-demo", "tests", false, false},
		{"cmd/mtld3d-demo", "cmd/mtld3d-gen", false, false},
		{"cmd/mtld3d-gen/sub", "cmd/mtld3d-gen", false, true},
		{"cmd/mtld3d-gen", "unix/backend/metal/msgsig", false, true},
		{"cmd/mtld3d-gen", "unix/backend/metal/msg", false, false},
		{"cmd/mtld3d-demo", "unix/backend/metal/msgsig", false, false},
		{"tests", "internal/winenv", false, true},
		{"conformance", "internal/winenv", false, true},
		{"newdir", "types", false, false},
	} {
		if why := Check(c.from, c.to, c.test); (why == "") != c.ok {
			t.Errorf("Check(%s, %s, test=%v) = %q", c.from, c.to, c.test, why)
		}
	}
}
