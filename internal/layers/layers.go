// Package layers is the import rule of ARCHITECTURE.md ("Layers") as data;
// its test runs `go list` over the module and fails on an import that
// points up. Keep the table and the document the same.
package layers

import "strings"

// Module is the module path every project import starts with.
const Module = "mtld3d"

// Rule says what the packages under one top-level folder may import from
// the project (standard and third-party packages are always allowed).
type Rule struct {
	Folder string
	May    []string // top-level folders whose packages it may import
}

// Rules go from the bottom layer to the top.
var Rules = []Rule{
	{"types", []string{"types"}},
	{"shared", []string{"types", "shared"}},
	{"core", []string{"types", "shared", "core"}},
	{"unix", []string{"types", "shared", "core", "unix"}},
	{"internal", []string{"types", "shared", "core", "internal"}},
	{"tests", []string{"types", "shared", "core", "unix", "internal", "tests"}},
	{"conformance", []string{"types", "shared", "core", "unix", "internal", "conformance"}},
	{"cmd", []string{"types", "shared", "core", "unix", "internal", "cmd"}},
}

// Concrete backends: only unix/backends (the selection) imports them,
// besides their own packages and tests.
var (
	ConcreteBackends = []string{"unix/backend/reference", "unix/backend/metal"}
	BackendSelection = "unix/backends"
)

// MetalDouble, the Objective-C and Metal double inside the Metal backend,
// executes what the backend sends on the reference backend, which it may
// therefore import.
const MetalDouble = "unix/backend/metal/double"

// GeneratorTables are plain-data packages inside a concrete backend that
// the generator (cmd/mtld3d-gen) reads to write that backend's C and Go:
// the Metal backend's Objective-C message signatures.
var (
	GeneratorTables = []string{"unix/backend/metal/msgsig"}
	Generator       = "cmd/mtld3d-gen"
)

// Check returns why importer (a package path relative to the module, as
// "core/format") may not import imported (likewise), or "" if it may.
// test says the import is made only by the package's tests.
func Check(importer, imported string, test bool) string {
	from, to := top(importer), top(imported)
	var rule *Rule
	for i := range Rules {
		if Rules[i].Folder == from {
			rule = &Rules[i]
		}
	}
	if rule == nil {
		return "folder " + from + "/ is not in the layer table (internal/layers and ARCHITECTURE.md)"
	}
	ok := false
	for _, f := range rule.May {
		ok = ok || f == to
	}
	if !ok {
		return from + "/ may import only " + strings.Join(rule.May, "/, ") + "/"
	}
	// A command is a program: nothing but its own packages imports it.
	if to == "cmd" && cmdOf(importer) != cmdOf(imported) {
		return "only " + cmdOf(imported) + "/ itself may import a package of " + cmdOf(imported) + "/"
	}
	if !test && !(under(importer, Generator) && isGeneratorTable(imported)) {
		for _, b := range ConcreteBackends {
			if under(imported, b) && !under(importer, b) && !under(importer, BackendSelection) &&
				!(under(importer, MetalDouble) && b == "unix/backend/reference") {
				return "only " + BackendSelection + " (and tests) may import the concrete backend " + b
			}
		}
	}
	return ""
}

func isGeneratorTable(p string) bool {
	for _, t := range GeneratorTables {
		if p == t {
			return true
		}
	}
	return false
}

func top(p string) string {
	if i := strings.IndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return p
}

// cmdOf is cmd/<name> of a package under cmd/.
func cmdOf(p string) string {
	parts := strings.SplitN(p, "/", 3)
	if len(parts) < 2 {
		return p
	}
	return parts[0] + "/" + parts[1]
}

func under(p, dir string) bool { return p == dir || strings.HasPrefix(p, dir+"/") }
