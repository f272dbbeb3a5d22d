//go:build darwin

package winemac

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/ebitengine/purego"
	"github.com/ebitengine/purego/objc"

	"mtld3d/unix/backend/metal/ca"
	"mtld3d/unix/backend/metal/ns"
)

// Every message this file sends goes through a typed sender of
// send_gen_darwin.go, generated from the WineMac entries of
// unix/backend/metal/msgsig. Classes are looked up when needed with
// objc.GetClass rather than declared with ns.Cls: AppKit's and Wine's
// classes exist only inside Wine's Mac driver, and ns.Load fails when a
// declared class is missing.

// CGRect is CoreGraphics' CGRect (NSRect): origin then size, four
// CGFloat (doubles), 32 bytes. A message returning it goes through
// objc_msgSend_stret on amd64 (hidden result pointer) and returns in
// d0-d3 on arm64.
type CGRect struct{ X, Y, Width, Height float64 }

// NSViewWidthSizable | NSViewHeightSizable.
const autoresizeBoth = 2 | 16

// rtldNoLoad is darwin's RTLD_NOLOAD: find an image already loaded, never
// load one.
const rtldNoLoad = 0x10

var resolved struct {
	once  sync.Once
	funcs Funcs
}

// Lookup resolves the route once: dlsym on RTLD_DEFAULT, then on each of
// Libraries opened with RTLD_NOLOAD.
func Lookup() Funcs {
	resolved.once.Do(func() {
		handles := []uintptr{purego.RTLD_DEFAULT}
		for _, name := range Libraries {
			if h, err := purego.Dlopen(name, rtldNoLoad|purego.RTLD_NOW); err == nil && h != 0 {
				handles = append(handles, h)
			}
		}
		sym := func(name string) uintptr {
			for _, h := range handles {
				if a, err := purego.Dlsym(h, name); err == nil && a != 0 {
					return a
				}
			}
			return 0
		}
		resolved.funcs = Resolve(sym, peekPtr)
	})
	return resolved.funcs
}

func call(fn uintptr, args ...uintptr) uintptr {
	r, _, _ := purego.SyscallN(fn, args...)
	return r
}

// View is a Metal-capable view in a Wine window and its CAMetalLayer.
type View struct {
	hwnd  uintptr
	route Route
	view  ns.ID // the view that holds the layer
	layer ns.ID // retained by View
	owned bool  // our own subview (no WineContentView): removed and released by Release

	mu       sync.Mutex
	released bool
}

// Views handed out, by view, and how many Views share each:
// -newMetalViewWithDevice: hands back the existing metal view of a content
// view (without a new reference) when there is one, so one window's
// attachments share it and the last one releases it.
var shared struct {
	sync.Mutex
	count map[ns.ID]int
}

func addShare(v ns.ID) {
	shared.Lock()
	defer shared.Unlock()
	if shared.count == nil {
		shared.count = map[ns.ID]int{}
	}
	shared.count[v]++
}

// dropShare reports whether v's last share went.
func dropShare(v ns.ID) bool {
	shared.Lock()
	defer shared.Unlock()
	shared.count[v]--
	if shared.count[v] > 0 {
		return false
	}
	delete(shared.count, v)
	return true
}

// Attach finds the Cocoa view of hwnd's client area and makes (or reuses)
// the Metal view in it, with device (an id<MTLDevice>) as its layer's
// device. Call it from a thread Wine made (the unix call's own thread):
// the macdrv routes call into winemac, whose code may use the thread's
// Wine state. The Objective-C route does its AppKit work on the main
// thread, waiting at most DefaultTimeout.
func Attach(hwnd uintptr, device ns.ID) (*View, error) {
	if hwnd == 0 {
		return nil, errors.New("winemac: no window (HWND 0)")
	}
	if err := ns.Load(); err != nil {
		return nil, err
	}
	f := Lookup()
	v := &View{hwnd: hwnd, route: f.Route}
	var err error
	switch f.Route {
	case RouteTable:
		data := call(f.GetWinData, hwnd)
		if data == 0 {
			return nil, fmt.Errorf("winemac: get_win_data(%#x) found no window data (not a window of this process, or not top-level)", hwnd)
		}
		cocoa := peekPtr(data + WinDataClientCocoaView)
		if cocoa == 0 {
			cocoa = peekPtr(data + WinDataCocoaView)
		}
		if cocoa != 0 {
			v.view = ns.ID(call(f.CreateMetalView, cocoa, uintptr(device)))
		}
		call(f.ReleaseWinData, data) // after creating: the data keeps the view alive meanwhile
		if cocoa == 0 {
			return nil, fmt.Errorf("winemac: window %#x has no Cocoa view yet (not shown?)", hwnd)
		}
	case RouteExports:
		cocoa := call(f.GetClientCocoaView, hwnd)
		if cocoa == 0 {
			return nil, fmt.Errorf("winemac: %s(%#x) returned no view (not a window of this process, or not shown yet)", SymGetClientCocoaView, hwnd)
		}
		v.view = ns.ID(call(f.CreateMetalView, cocoa, uintptr(device)))
	default:
		if objc.GetClass("NSApplication") == 0 || objc.GetClass("WineWindow") == 0 {
			// Checked here, off the main thread, so that a process with no
			// Cocoa event loop fails at once instead of timing out.
			return nil, errors.New("winemac: AppKit or Wine's WineWindow class is not loaded: not running inside Wine's Mac driver")
		}
		err = OnMain(func() { err = v.attachObjC(device) }, 0)
		if err != nil {
			return nil, err
		}
	}
	if v.view == 0 {
		return nil, fmt.Errorf("winemac: creating the Metal view of window %#x failed (%s)", hwnd, f.Route)
	}
	if v.route != RouteObjC {
		v.layer = ns.ID(call(f.GetMetalLayer, uintptr(v.view)))
	}
	if v.layer == 0 || !isMetalLayer(v.layer) {
		v.releaseView(f)
		return nil, fmt.Errorf("winemac: the Metal view of window %#x has no CAMetalLayer (%s)", hwnd, f.Route)
	}
	ns.WithPool(func() { ns.Retain(v.layer) })
	addShare(v.view)
	return v, nil
}

func isMetalLayer(l ns.ID) bool {
	c := objc.GetClass("CAMetalLayer")
	return c != 0 && send_isKindOfClass(l, ns.ID(c))
}

// attachObjC runs on the main thread.
func (v *View) attachObjC(device ns.ID) error {
	var err error
	ns.WithPool(func() {
		appClass := objc.GetClass("NSApplication")
		if appClass == 0 {
			err = errors.New("winemac: AppKit is not loaded: not running inside Wine's Mac driver")
			return
		}
		app := send_sharedApplication(ns.ID(appClass))
		var win ns.ID
		for _, w := range ns.ArrayItems(send_windows(app)) {
			if ns.ObjectOf(w).RespondsTo(sel_hwnd) && uintptr(send_hwnd(w)) == v.hwnd {
				win = w
				break
			}
		}
		if win == 0 {
			err = fmt.Errorf("winemac: no window of [NSApp windows] has -hwnd %#x (not a top-level window, or not shown yet; pass GetAncestor(hwnd, GA_ROOT))", v.hwnd)
			return
		}
		content := send_contentView(win)
		if content == 0 {
			err = fmt.Errorf("winemac: window %#x has no content view", v.hwnd)
			return
		}
		if ns.ObjectOf(content).RespondsTo(sel_newMetalViewWithDevice) {
			// Wine's own path (what macdrv_view_create_metal_view does):
			// a WineMetalView filling the content view, backed by a
			// CAMetalLayer.
			v.view = send_newMetalViewWithDevice(content, device)
			if v.view != 0 {
				v.layer = send_layer(v.view)
			}
			return
		}
		// Not a WineContentView: host our own layer in a subview that
		// follows the content view's size.
		viewClass, layerClass := objc.GetClass("NSView"), objc.GetClass("CAMetalLayer")
		if viewClass == 0 || layerClass == 0 {
			err = errors.New("winemac: NSView or CAMetalLayer class missing")
			return
		}
		frame := send_bounds(content)
		view := send_initWithFrame(send_alloc(ns.ID(viewClass)), frame)
		layer := send_new(ns.ID(layerClass)) // +1, handed to the view below
		send_setDevice(layer, device)
		send_setLayer(view, layer) // layer-hosting: setLayer before setWantsLayer
		send_setWantsLayer(view, true)
		send_setContentsScale(layer, send_backingScaleFactor(win))
		ns.Release(layer)
		send_setAutoresizingMask(view, autoresizeBoth)
		send_addSubview(content, view)
		v.view, v.layer, v.owned = view, send_layer(view), true
	})
	return err
}

// Route is how the view was reached.
func (v *View) Route() Route { return v.route }

// HWND is the window.
func (v *View) HWND() uintptr { return v.hwnd }

// Layer is the view's CAMetalLayer (View holds a reference until Release).
func (v *View) Layer() ca.MetalLayer { return ca.MetalLayerOf(v.layer) }

// SyncDrawableSize sets the layer's drawableSize to its bounds times its
// contentsScale (the window's backingScaleFactor when the layer has no
// scale), on the main thread, and returns that size in pixels. Call it
// when the window may have changed size; the presenter then draws (or
// scales the back buffer) to the drawable's size.
func (v *View) SyncDrawableSize(timeout time.Duration) (w, h float64, err error) {
	if v.closed() {
		return 0, 0, errors.New("winemac: view released")
	}
	err = OnMain(func() {
		ns.WithPool(func() {
			b := send_bounds(v.layer)
			scale := send_contentsScale(v.layer)
			if !(scale > 0) {
				if win := send_window(v.view); win != 0 {
					scale = send_backingScaleFactor(win)
				}
			}
			w, h = DrawableSize(b.Width, b.Height, scale)
			l := ca.MetalLayerOf(v.layer)
			if cur := l.DrawableSize(); cur.Width != w || cur.Height != h {
				l.SetDrawableSize(ca.CGSize{Width: w, Height: h})
			}
		})
	}, timeout)
	return w, h, err
}

func (v *View) closed() bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.released
}

// Release drops View's reference to the layer and, with the last View of
// the window, the Metal view: through winemac's
// macdrv_view_release_metal_view on the macdrv routes (from the calling
// thread: call it from a Wine thread), on the main thread otherwise.
func (v *View) Release() {
	v.mu.Lock()
	if v.released {
		v.mu.Unlock()
		return
	}
	v.released = true
	v.mu.Unlock()
	ns.WithPool(func() { ns.Release(v.layer) })
	if dropShare(v.view) {
		v.releaseView(Lookup())
	}
}

func (v *View) releaseView(f Funcs) {
	switch {
	case v.route != RouteObjC:
		call(f.ReleaseMetalView, uintptr(v.view))
	default:
		view := v.view
		// What macdrv_view_release_metal_view does: out of the view tree,
		// then the creation reference. Queued, not waited for: teardown
		// must not stall on a busy main thread.
		_ = OnMain(func() {
			ns.WithPool(func() {
				send_removeFromSuperview(view)
				ns.Release(view)
			})
		}, time.Millisecond)
	}
}
