// Package mslreg is the test-only channel through which the Metal double
// learns, for a function the Metal backend is making, the description
// (its IR and variant) the MSL was printed from: the double cannot
// compile MSL, so a function made from a library runs the IR behind it
// on the reference backend, and MSL's correctness stays the clang step's
// job. Nothing happens until Enable.
//
// The description goes with the one call that makes the function, not
// in a table by source: variants that differ only where the MSL does not
// (a pixel shader's link to the vertex outputs, which Metal matches by
// name and the reference backend by slot) print the same source, and a
// table would hand the double whichever was registered last.
package mslreg

import (
	"sync"
	"sync/atomic"

	"mtld3d/unix/backend"
)

var (
	on      atomic.Bool
	making  sync.Mutex // one function made at a time while on
	pending atomic.Pointer[backend.FunctionDesc]
)

// Enable starts handing descriptions over (the double does, once).
func Enable() { on.Store(true) }

// Making says desc is the function about to be made; the returned end
// is called once it is made. While enabled, functions are made one at a
// time, so the double's Find sees this one.
func Making(desc backend.FunctionDesc) (end func()) {
	if !on.Load() {
		return func() {}
	}
	making.Lock()
	pending.Store(&desc)
	return func() {
		pending.Store(nil)
		making.Unlock()
	}
}

// Find returns the description of the function being made, when its
// source and entry point are these.
func Find(source, entry string) (backend.FunctionDesc, bool) {
	d := pending.Load()
	if d == nil || d.Source != source || d.Entry != entry {
		return backend.FunctionDesc{}, false
	}
	return *d, true
}
