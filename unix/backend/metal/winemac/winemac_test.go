package winemac

import (
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"strings"
	"testing"
	"unsafe"

	"mtld3d/unix/backend/metal/msgsig"
)

// fakeLib is a dlsym over a symbol table and a peek over fake memory.
type fakeLib struct {
	syms map[string]uintptr
	mem  map[uintptr]uintptr
}

func (l fakeLib) sym(name string) uintptr   { return l.syms[name] }
func (l fakeLib) peek(addr uintptr) uintptr { return l.mem[addr] }
func (l fakeLib) resolve() Funcs            { return Resolve(l.sym, l.peek) }
func table(base uintptr, slots map[int]uintptr) map[uintptr]uintptr {
	m := map[uintptr]uintptr{}
	for i, v := range slots {
		m[base+uintptr(i)*8] = v
	}
	return m
}

func TestResolveTable(t *testing.T) {
	const base = 0x10000
	full := map[int]uintptr{
		SlotGetWinData: 0xa1, SlotReleaseWinData: 0xa2, SlotCreateMetalView: 0xa3,
		SlotGetMetalLayer: 0xa4, SlotReleaseMetalView: 0xa5, SlotOnMainThread: 0xa6,
	}
	lib := fakeLib{syms: map[string]uintptr{SymFunctions: base}, mem: table(base, full)}
	f := lib.resolve()
	want := Funcs{Route: RouteTable, GetWinData: 0xa1, ReleaseWinData: 0xa2, CreateMetalView: 0xa3, GetMetalLayer: 0xa4, ReleaseMetalView: 0xa5}
	if f != want {
		t.Fatalf("got %+v, want %+v", f, want)
	}

	// A table with a hole falls through to the exports, then to ObjC.
	delete(full, SlotGetMetalLayer)
	lib.mem = table(base, full)
	if f := lib.resolve(); f.Route != RouteObjC {
		t.Fatalf("table with a hole: route %v", f.Route)
	}
	lib.syms[SymGetClientCocoaView] = 0xb1
	lib.syms[SymCreateMetalView] = 0xb2
	lib.syms[SymGetMetalLayer] = 0xb3
	lib.syms[SymReleaseMetalView] = 0xb4
	if f := lib.resolve(); f.Route != RouteExports || f.GetClientCocoaView != 0xb1 || f.ReleaseMetalView != 0xb4 {
		t.Fatalf("table with a hole and exports: %+v", f)
	}
}

func TestResolveExports(t *testing.T) {
	lib := fakeLib{syms: map[string]uintptr{
		SymGetClientCocoaView: 1, SymCreateMetalView: 2, SymGetMetalLayer: 3, SymReleaseMetalView: 4,
	}}
	if f := lib.resolve(); f != (Funcs{Route: RouteExports, GetClientCocoaView: 1, CreateMetalView: 2, GetMetalLayer: 3, ReleaseMetalView: 4}) {
		t.Fatalf("%+v", f)
	}
	// Without the view lookup, the metal-view calls alone are no use:
	// no struct layout is guessed.
	delete(lib.syms, SymGetClientCocoaView)
	if f := lib.resolve(); f != (Funcs{Route: RouteObjC}) {
		t.Fatalf("%+v", f)
	}
	if f := (fakeLib{}).resolve(); f != (Funcs{Route: RouteObjC}) {
		t.Fatalf("stock Wine: %+v", f)
	}
}

func TestLayoutConstants(t *testing.T) {
	if NumSlots != 10 || SlotGetWinData != 1 || SlotCreateMetalView != 6 || SlotOnMainThread != 9 {
		t.Fatal("macdrv_functions_t slots moved")
	}
	if WinDataClientCocoaView != 0x18 || WinDataCocoaView != 0x10 {
		t.Fatal("macdrv_win_data offsets moved")
	}
	for _, s := range []string{SymFunctions, SymGetClientCocoaView, SymCreateMetalView, SymGetMetalLayer, SymReleaseMetalView, SymDispatchAsyncF, SymPthreadMainNP} {
		if strings.HasPrefix(s, "_") {
			t.Errorf("%s: dlsym takes C names, without Mach-O's underscore", s)
		}
	}
	if SymDispatchMainQueue != "_dispatch_main_q" {
		t.Error("dispatch_get_main_queue() is &_dispatch_main_q")
	}
	for _, r := range []Route{RouteObjC, RouteTable, RouteExports} {
		if r.String() == "" {
			t.Error("route without a name")
		}
	}
}

func TestPeekPtr(t *testing.T) {
	x := []uintptr{0xdead, 0xbeef}
	if got := peekPtr(uintptr(unsafe.Pointer(&x[1]))); got != 0xbeef {
		t.Fatalf("peekPtr = %#x", got)
	}
	if peekPtr(0) != 0 {
		t.Fatal("peekPtr(0)")
	}
}

func TestDrawableSize(t *testing.T) {
	for _, c := range []struct{ w, h, s, ww, wh float64 }{
		{800, 600, 1, 800, 600},
		{800, 600, 2, 1600, 1200},
		{1440, 900, 2, 2880, 1800},
		{100.5, 50.25, 2, 201, 101}, // rounded to whole pixels
		{333.3, 333.3, 1.5, 500, 500},
		{800, 600, 0, 800, 600}, // no scale yet: 1
		{800, 600, -2, 800, 600},
		{800, 600, math.NaN(), 800, 600},
		{800, 600, math.Inf(1), 800, 600},
		{0, 0, 2, 1, 1}, // minimised or not laid out: never 0
		{-5, 0.2, 1, 1, 1},
		{math.NaN(), 10, 1, 1, 10},
		{20000, 10, 1, 16384, 10},
	} {
		w, h := DrawableSize(c.w, c.h, c.s)
		if w != c.ww || h != c.wh {
			t.Errorf("DrawableSize(%v, %v, %v) = %v x %v, want %v x %v", c.w, c.h, c.s, w, h, c.ww, c.wh)
		}
	}
}

// TestMessages reads the darwin files (which do not build here): every
// message goes through a typed sender generated from the WineMac entries
// of msgsig (send_gen_darwin.go), every such entry is sent, and nothing
// sends through a reflective path (ns.Send, objc.ID.Send, objc.Send).
func TestMessages(t *testing.T) {
	senders := map[string]bool{} // sender name -> called
	sels := map[string]bool{}    // sel_ variables the generated file declares
	for _, m := range msgsig.Of(msgsig.WineMac) {
		senders[m.SenderName()] = false
		sels[msgsig.SelVarName(m.Selector)] = true
	}
	if len(senders) < 20 {
		t.Fatalf("msgsig lists only %d winemac messages", len(senders))
	}
	fset := token.NewFileSet()
	for _, name := range []string{"attach_darwin.go", "main_darwin.go"} {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				fn := exprString(n.Fun)
				if strings.HasPrefix(fn, "send_") {
					if _, ok := senders[fn]; !ok {
						t.Errorf("%s: %s is not a sender of msgsig's WineMac messages", fset.Position(n.Pos()), fn)
					}
					senders[fn] = true
				}
				if i := strings.LastIndexByte(fn, '.'); i >= 0 && strings.HasPrefix(fn[i+1:], "Send") {
					t.Errorf("%s: %s: a reflective send (add the message to msgsig instead)", fset.Position(n.Pos()), fn)
				}
			case *ast.Ident:
				if strings.HasPrefix(n.Name, "sel_") && !sels[n.Name] {
					t.Errorf("%s: %s is not a selector of msgsig's WineMac messages", fset.Position(n.Pos()), n.Name)
				}
			case *ast.ValueSpec:
				for _, v := range n.Values {
					if c, ok := v.(*ast.CallExpr); ok && exprString(c.Fun) == "ns.Sel" {
						t.Errorf("%s: a selector declared by hand (msgsig declares them)", fset.Position(c.Pos()))
					}
				}
			}
			return true
		})
	}
	for name, called := range senders {
		if !called {
			t.Errorf("%s: in msgsig but never sent", name)
		}
	}
}

func exprString(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return exprString(e.X) + "." + e.Sel.Name
	case *ast.IndexExpr: // a generic instantiation, ns.SendT[T]
		return exprString(e.X)
	}
	return ""
}
