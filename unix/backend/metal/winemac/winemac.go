// Package winemac attaches a CAMetalLayer to a Wine window through Wine's
// macOS driver (winemac.so, loaded in the same process), without linking
// against it: every entry point is looked up at run time.
//
// Three routes, tried in order (Resolve picks one; see docs/METAL.md,
// "Attaching to a Wine window"):
//
//  1. RouteTable: the data symbol macdrv_functions, a table of function
//     pointers CrossOver's and Apple's Game Porting Toolkit's winemac.so
//     export (CodeWeavers' d3dmetal.c). get_win_data there returns a
//     struct in the Wine 8 layout whose fourth pointer is the client
//     area's Cocoa view.
//  2. RouteExports: a winemac.so built with its symbols visible (Wine up to
//     9 with a visibility patch, some DXMT-oriented builds): the functions
//     macdrv_get_client_cocoa_view and macdrv_view_{create,get,release}_
//     metal_view(_layer). No struct is read.
//  3. RouteObjC: stock Wine, whose winemac.so exports nothing but its unix
//     call tables. The window is found through the Objective-C runtime on
//     the main thread: the NSWindow in [NSApp windows] whose -hwnd is the
//     HWND (Wine's WineWindow), its content view (WineContentView) and
//     that view's -newMetalViewWithDevice:, the method Wine's own
//     macdrv_view_create_metal_view calls for winevulkan. A content view
//     without that method gets a plain layer-hosting subview instead.
//
// Everything here that sends a message or calls a C function builds only
// on darwin; the tables, the route choice and the size rule are plain Go
// and tested everywhere.
package winemac

import (
	"math"
	"unsafe"
)

// Symbol names looked up with dlsym, all C names without Mach-O's leading
// underscore.
const (
	SymFunctions          = "macdrv_functions"
	SymGetClientCocoaView = "macdrv_get_client_cocoa_view"
	SymCreateMetalView    = "macdrv_view_create_metal_view"
	SymGetMetalLayer      = "macdrv_view_get_metal_layer"
	SymReleaseMetalView   = "macdrv_view_release_metal_view"
	SymDispatchMainQueue  = "_dispatch_main_q" // what dispatch_get_main_queue() expands to
	SymDispatchAsyncF     = "dispatch_async_f"
	SymPthreadMainNP      = "pthread_main_np"
)

// Libraries are the names winemac's unix library has had; after a dlsym
// on RTLD_DEFAULT finds nothing, each is tried with dlopen(RTLD_NOLOAD),
// which never loads anything that was not loaded already. Wine 7 and
// later: winemac.so; Wine 6 and earlier: winemac.drv.so.
var Libraries = []string{"winemac.so", "winemac.drv.so"}

// Slots of struct macdrv_functions_t (CodeWeavers' d3dmetal.c), one
// pointer each, in order. The table's layout is fixed by that ABI
// (C_ASSERTed there), not by Wine's version.
const (
	SlotInitDisplayDevices = iota
	SlotGetWinData
	SlotReleaseWinData
	SlotGetCocoaWindow
	SlotCreateMetalDevice
	SlotReleaseMetalDevice
	SlotCreateMetalView
	SlotGetMetalLayer
	SlotReleaseMetalView
	SlotOnMainThread
	NumSlots
)

// Offsets in the struct get_win_data returns through the table (the
// Wine 8 macdrv_win_data prefix: hwnd, cocoa_window, cocoa_view,
// client_cocoa_view).
const (
	WinDataCocoaView       = 2 * 8
	WinDataClientCocoaView = 3 * 8
)

// Route says how the window's view is reached.
type Route int

const (
	RouteObjC    Route = iota // the Objective-C runtime only
	RouteTable                // macdrv_functions
	RouteExports              // exported macdrv_* functions
)

func (r Route) String() string {
	switch r {
	case RouteTable:
		return "macdrv_functions table"
	case RouteExports:
		return "exported macdrv functions"
	}
	return "Objective-C runtime (WineWindow -hwnd, -newMetalViewWithDevice:)"
}

// Funcs are the entry points a route uses; zero where the route has none.
type Funcs struct {
	Route              Route
	GetWinData         uintptr // RouteTable
	ReleaseWinData     uintptr // RouteTable
	GetClientCocoaView uintptr // RouteExports
	CreateMetalView    uintptr
	GetMetalLayer      uintptr
	ReleaseMetalView   uintptr
}

// Resolve chooses the route from what sym finds (a dlsym: 0 when absent)
// and reads the table through peek (a pointer load at an address).
func Resolve(sym func(name string) uintptr, peek func(addr uintptr) uintptr) Funcs {
	if t := sym(SymFunctions); t != 0 {
		slot := func(i int) uintptr { return peek(t + uintptr(i)*8) }
		f := Funcs{
			Route:            RouteTable,
			GetWinData:       slot(SlotGetWinData),
			ReleaseWinData:   slot(SlotReleaseWinData),
			CreateMetalView:  slot(SlotCreateMetalView),
			GetMetalLayer:    slot(SlotGetMetalLayer),
			ReleaseMetalView: slot(SlotReleaseMetalView),
		}
		if f.GetWinData != 0 && f.ReleaseWinData != 0 && f.CreateMetalView != 0 &&
			f.GetMetalLayer != 0 && f.ReleaseMetalView != 0 {
			return f
		}
	}
	f := Funcs{
		Route:              RouteExports,
		GetClientCocoaView: sym(SymGetClientCocoaView),
		CreateMetalView:    sym(SymCreateMetalView),
		GetMetalLayer:      sym(SymGetMetalLayer),
		ReleaseMetalView:   sym(SymReleaseMetalView),
	}
	if f.GetClientCocoaView != 0 && f.CreateMetalView != 0 && f.GetMetalLayer != 0 && f.ReleaseMetalView != 0 {
		return f
	}
	return Funcs{Route: RouteObjC}
}

// peekPtr loads the pointer stored at addr, an address in another
// library's memory (outside Go's heap, so the GC never sees it).
func peekPtr(addr uintptr) uintptr {
	if addr == 0 {
		return 0
	}
	return **(**uintptr)(unsafe.Pointer(&addr))
}

// DrawableSize is the drawableSize a layer of the given bounds (points)
// and contentsScale needs so that one drawable pixel is one screen pixel:
// bounds times scale, rounded to whole pixels, at least 1 by 1. A scale
// that is not a positive number counts as 1.
func DrawableSize(boundsW, boundsH, scale float64) (w, h float64) {
	if !(scale > 0) || math.IsInf(scale, 0) {
		scale = 1
	}
	px := func(v float64) float64 {
		p := math.Round(v * scale)
		if !(p >= 1) || math.IsInf(p, 0) {
			return 1
		}
		if p > 16384 { // Metal's largest texture side
			return 16384
		}
		return p
	}
	return px(boundsW), px(boundsH)
}
