// Package mslreg is the test-only registry through which the Metal double
// finds, for an MSL source and an entry point, the function description
// (its IR) the source was printed from: the double cannot compile MSL, so
// a library made from a source runs the IR behind it on the reference
// backend, and MSL's correctness stays the clang step's job. The Metal
// backend adds every function it builds; nothing is kept until Enable.
package mslreg

import (
	"sync"
	"sync/atomic"

	"mtld3d/unix/backend"
)

var (
	on    atomic.Bool
	funcs sync.Map // key -> backend.FunctionDesc
)

type key struct{ source, entry string }

// Enable starts keeping what Add is given (the double does, once).
func Enable() { on.Store(true) }

// Add records desc under its source and entry point, when enabled.
func Add(desc backend.FunctionDesc) {
	if on.Load() {
		funcs.Store(key{desc.Source, desc.Entry}, desc)
	}
}

// Find returns the description recorded for source and entry.
func Find(source, entry string) (backend.FunctionDesc, bool) {
	v, ok := funcs.Load(key{source, entry})
	if !ok {
		return backend.FunctionDesc{}, false
	}
	return v.(backend.FunctionDesc), true
}
