// Package ns holds the Objective-C plumbing the Metal bindings share and
// the few Foundation classes they need: loading the frameworks, resolving
// classes, selectors and C symbols after the frameworks are open,
// NSString, NSError, NSArray and autorelease pools.
//
// The bindings' messages are declared in one table,
// unix/backend/metal/msgsig; cmd/mtld3d-gen writes from it each package's
// selector variables, named after the selector, and typed senders over
// the cgo trampolines of unix/backend/metal/msg:
//
//	var sel_newBufferWithLength_options = ns.Sel("newBufferWithLength:options:")
//	func send_newBufferWithLength_options(self ns.ID, a0 uint, a1 uint) ns.ID
//
// Classes are declared by hand (ns.Cls). Nothing is looked up when the
// variables are initialised. Load opens the frameworks with dlopen first
// and only then resolves every declared class, selector and symbol,
// returning one error that lists whatever is missing. Sending a message
// with an unresolved selector panics with the selector's name rather than
// crashing in objc_msgSend. Every message goes through the table,
// unix/backend/metal/winemac's window code included: there is no
// reflective send.
//
// The registry is plain Go and builds everywhere; the parts that talk to
// the Objective-C runtime build only on darwin.
package ns

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Framework is the path of a framework binary opened by Load.
type Framework string

// The frameworks Load opens, in order. libobjc comes first: everything
// else needs it.
const (
	ObjC         Framework = "/usr/lib/libobjc.A.dylib"
	Foundation   Framework = "/System/Library/Frameworks/Foundation.framework/Foundation"
	CoreGraphics Framework = "/System/Library/Frameworks/CoreGraphics.framework/CoreGraphics"
	QuartzCore   Framework = "/System/Library/Frameworks/QuartzCore.framework/QuartzCore"
	Metal        Framework = "/System/Library/Frameworks/Metal.framework/Metal"
)

// Frameworks lists what Load opens, in the order it opens them.
var Frameworks = []Framework{ObjC, Foundation, CoreGraphics, QuartzCore, Metal}

// Short returns the framework's name without its path ("Metal").
func (f Framework) Short() string {
	s := string(f)
	if i := strings.LastIndexByte(s, '/'); i >= 0 {
		s = s[i+1:]
	}
	return s
}

// Selector is a selector declared by a binding and resolved by Load.
type Selector struct {
	name string
	id   uintptr // objc.SEL once resolved
}

// Name is the selector's Objective-C name ("setLabel:").
func (s *Selector) Name() string { return s.name }

// Resolved reports whether Load has registered the selector.
func (s *Selector) Resolved() bool { return s.id != 0 }

// ClassRef is a class declared by a binding and resolved by Load.
type ClassRef struct {
	framework Framework
	name      string
	id        uintptr // objc.Class once resolved
	optional  bool    // may be missing (newer than the oldest macOS supported)
}

// Present reports whether Load found the class (always true for one
// declared with Cls once Load has succeeded).
func (c *ClassRef) Present() bool { return c.id != 0 }

// Name is the class name.
func (c *ClassRef) Name() string { return c.name }

// Framework is the framework that defines the class.
func (c *ClassRef) Framework() Framework { return c.framework }

// Symbol is a C function or data symbol declared by a binding and
// resolved by Load (MTLCreateSystemDefaultDevice, say).
type Symbol struct {
	framework Framework
	name      string
	addr      uintptr
	optional  bool
}

// Name is the C symbol name.
func (s *Symbol) Name() string { return s.name }

// Addr is the symbol's address, 0 before Load or when an optional
// symbol is missing.
func (s *Symbol) Addr() uintptr { return s.addr }

var registry struct {
	sync.Mutex
	selectors []*Selector
	classes   []*ClassRef
	symbols   []*Symbol
	byName    map[string]*Selector
}

// Sel declares a selector. Call it from package variable initialisers;
// declaring the same name twice returns the first declaration.
func Sel(name string) *Selector {
	registry.Lock()
	defer registry.Unlock()
	if registry.byName == nil {
		registry.byName = map[string]*Selector{}
	}
	if s, ok := registry.byName[name]; ok {
		return s
	}
	s := &Selector{name: name}
	registry.byName[name] = s
	registry.selectors = append(registry.selectors, s)
	return s
}

// Cls declares a class defined by framework f.
func Cls(f Framework, name string) *ClassRef {
	registry.Lock()
	defer registry.Unlock()
	c := &ClassRef{framework: f, name: name}
	registry.classes = append(registry.classes, c)
	return c
}

// OptionalCls declares a class that older systems lack (macOS 11's
// MTLBinaryArchiveDescriptor, say): Load goes on without it, and the
// binding checks Present before using it.
func OptionalCls(f Framework, name string) *ClassRef {
	c := Cls(f, name)
	c.optional = true
	return c
}

// Sym declares a C symbol exported by framework f. Load fails if it is
// missing.
func Sym(f Framework, name string) *Symbol {
	registry.Lock()
	defer registry.Unlock()
	s := &Symbol{framework: f, name: name}
	registry.symbols = append(registry.symbols, s)
	return s
}

// OptionalSym declares a C symbol that may be missing on older systems;
// Addr is then 0.
func OptionalSym(f Framework, name string) *Symbol {
	s := Sym(f, name)
	s.optional = true
	return s
}

// SelectorNames returns every declared selector name, sorted.
func SelectorNames() []string {
	registry.Lock()
	defer registry.Unlock()
	out := make([]string, 0, len(registry.selectors))
	for _, s := range registry.selectors {
		out = append(out, s.name)
	}
	sort.Strings(out)
	return out
}

// ClassNames returns every declared class as "Framework.Class", sorted.
func ClassNames() []string {
	registry.Lock()
	defer registry.Unlock()
	out := make([]string, 0, len(registry.classes))
	for _, c := range registry.classes {
		out = append(out, c.framework.Short()+"."+c.name)
	}
	sort.Strings(out)
	return out
}

// MissingError lists what Load could not find.
type MissingError struct {
	Frameworks []string // "path: dlopen error"
	Classes    []string // "Metal.MTLTextureDescriptor"
	Symbols    []string // "Metal.MTLCreateSystemDefaultDevice"
	Selectors  []string // "class or object: selector" from RespondsCheck
}

func (e *MissingError) empty() bool {
	return len(e.Frameworks)+len(e.Classes)+len(e.Symbols)+len(e.Selectors) == 0
}

func (e *MissingError) Error() string {
	var b strings.Builder
	b.WriteString("ns: Objective-C runtime is missing what the Metal backend needs")
	add := func(what string, list []string) {
		if len(list) == 0 {
			return
		}
		fmt.Fprintf(&b, "; %s: %s", what, strings.Join(list, ", "))
	}
	add("frameworks that failed to open", e.Frameworks)
	add("classes", e.Classes)
	add("symbols", e.Symbols)
	add("selectors not answered", e.Selectors)
	return b.String()
}

// SelectorVarName is the package variable name a selector is declared
// under: "sel_" followed by the name with each colon after a keyword
// turned into an underscore and the trailing colon dropped
// ("newBufferWithLength:options:" -> "sel_newBufferWithLength_options").
func SelectorVarName(name string) string {
	return "sel_" + strings.ReplaceAll(strings.TrimSuffix(name, ":"), ":", "_")
}
