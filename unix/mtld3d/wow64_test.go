//go:build linux && amd64

package main

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"mtld3d/shared"
	"mtld3d/types"
)

// guest32 is memory laid out as a 32-bit guest's: one mapping between 2
// and 4 GiB (where a large-address-aware i686 game's heap and arenas
// live), handed out like pe/d3d9's allocations. Every address it gives is
// a 32-bit value with its top bit set, which the guest writes into the
// wire's uint64 fields zero-extended ((uint64_t)(uintptr_t)p).
type guest32 struct {
	base, size, next uintptr
}

func newGuest32(t *testing.T, size uintptr) *guest32 {
	const mapFixedNoreplace = 0x100000
	for hint := uintptr(0x9000_0000); hint < 0xf000_0000; hint += 0x1000_0000 {
		addr, _, errno := syscall.Syscall6(syscall.SYS_MMAP, hint, size, syscall.PROT_READ|syscall.PROT_WRITE,
			syscall.MAP_PRIVATE|syscall.MAP_ANONYMOUS|mapFixedNoreplace, ^uintptr(0), 0)
		if errno == 0 && addr == hint {
			g := &guest32{base: addr, size: size, next: addr}
			t.Cleanup(func() { _, _, _ = syscall.Syscall(syscall.SYS_MUNMAP, addr, size, 0) })
			return g
		}
		if errno == 0 {
			_, _, _ = syscall.Syscall(syscall.SYS_MUNMAP, addr, size, 0)
		}
	}
	t.Skip("no free range between 2 and 4 GiB for a 32-bit guest's memory")
	return nil
}

// alloc returns n zeroed bytes at an address aligned to align.
func (g *guest32) alloc(t *testing.T, n, align uintptr) uintptr {
	p := (g.next + align - 1) &^ (align - 1)
	if p+n > g.base+g.size {
		t.Fatal("guest32: out of memory")
	}
	g.next = p + n
	if p < 0x8000_0000 || p+n > 1<<32 {
		t.Fatalf("guest32: %#x is not a 32-bit address above 2 GiB", p)
	}
	return p
}

func (g *guest32) bytes(p, n uintptr) []byte {
	return unsafe.Slice((*byte)(ptr(p)), n)
}

// wire is a guest address as the i686 guest writes it into a uint64.
func wire(p uintptr) uint64 { return uint64(uint32(p)) }

// put copies a wire struct into guest memory and returns its address.
func put[T any](t *testing.T, g *guest32, v T) uintptr {
	p := g.alloc(t, unsafe.Sizeof(v), 8)
	*get[T](p) = v
	return p
}

func get[T any](p uintptr) *T { return (*T)(ptr(p)) }

// ptr reinterprets a guest address as a pointer (guest memory, not Go's),
// as the unix side's guestPtr does.
func ptr(p uintptr) unsafe.Pointer { return *(*unsafe.Pointer)(unsafe.Pointer(&p)) }

// arena32 is one 64 KiB chunk of pe/d3d9/arena.c's kind, in guest memory:
// a ChunkHeader, then records, each 8-aligned with its code and size.
type arena32 struct {
	g     *guest32
	chunk uintptr
	pos   uint32
}

func newArena32(t *testing.T, g *guest32) *arena32 {
	return &arena32{g: g, chunk: g.alloc(t, shared.ChunkSize, 64<<10), pos: 8}
}

func record[T any](t *testing.T, a *arena32, name string, r T, extra ...byte) {
	size := (uint32(unsafe.Sizeof(r)) + uint32(len(extra)) + 7) &^ 7
	if a.pos+size > shared.ChunkSize {
		t.Fatal("arena32: chunk full")
	}
	b := a.g.bytes(a.chunk+uintptr(a.pos), uintptr(size))
	copy(b, unsafe.Slice((*byte)(unsafe.Pointer(&r)), unsafe.Sizeof(r)))
	copy(b[unsafe.Sizeof(r):], extra)
	binary.LittleEndian.PutUint32(b, shared.RecordCode(name))
	binary.LittleEndian.PutUint32(b[4:], size)
	a.pos += size
}

// close writes the chunk's used size (arena_close) and returns the
// address of a one-entry chunk address array, SubmitFrame's Chunks.
func (a *arena32) close(t *testing.T) uintptr {
	binary.LittleEndian.PutUint32(a.g.bytes(a.chunk, 8), a.pos)
	addrs := a.g.alloc(t, 8, 8)
	binary.LittleEndian.PutUint64(a.g.bytes(addrs, 8), wire(a.chunk))
	return addrs
}

// TestWow64TableServesA32BitGuest drives every thunk through
// __wine_unix_call_wow64_funcs the way new-style WoW64 calls a 64-bit unix
// library for a 32-bit PE (current Wine, CrossOver on macOS): params,
// frame chunks, upload sources and readback destinations all live above
// 2 GiB in 32-bit addresses, laid out as the i686 guest writes them (the
// wire's layout is one for both guest widths: shared.CheckLayout here,
// pe/gen/wire.h's static asserts in the i686 build). The device draws a
// frame through the reference backend, reads it back, transforms vertices
// on the CPU and completes a query.
func TestWow64TableServesA32BitGuest(t *testing.T) {
	for _, th := range shared.Thunks {
		if _, err := shared.CheckLayout(th.Params); err != nil {
			t.Fatalf("%s: %v", th.Name, err)
		}
	}
	g := newGuest32(t, 4<<20)
	driven := map[string]bool{}
	call := func(name string, p uintptr) int32 {
		t.Helper()
		driven[name] = true
		return callTable(true, shared.Code(name), p)
	}
	ok := func(name string, p uintptr) {
		t.Helper()
		if st := call(name, p); uint32(st) != uint32(shared.StatusSuccess) {
			t.Fatalf("%s through the wow64 table: status %#x", name, uint32(st))
		}
	}

	// Init: a 32-bit process.
	dir := t.TempDir()
	var init shared.InitParams
	init.GuestArch, init.GuestPID, init.WireHash = shared.GuestArchI686, 32, shared.WireHash()
	copy(init.ExeUnixPath[:], filepath.Join(dir, "game32.exe"))
	copy(init.ExeWinPath[:], `C:\game32.exe`)
	copy(init.ConfigString[:], "cache.dir=none;log.level=debug")
	pInit := put(t, g, init)
	ok("Init", pInit)
	if get[shared.InitParams](pInit).VendorID == 0 {
		t.Error("Init answered no adapter identity")
	}

	// Log: a line lands in the process log.
	var lp shared.LogParams
	lp.Level = shared.LogWarn
	lp.Len = uint32(copy(lp.Text[:], "wow64 guest line"))
	ok("Log", put(t, g, lp))

	// SelfTest: a 64-bit value crosses both ways; the stack-bound hook
	// is installed for this thread too.
	pSelf := put(t, g, shared.SelfTestParams{Mode: shared.SelfTestEcho, In: 0xfedc_ba98_7654_3210})
	ok("SelfTest", pSelf)
	if out := get[shared.SelfTestParams](pSelf).Out; out != 0xfedc_ba98_7654_3211 {
		t.Errorf("SelfTest echo: %#x", out)
	}
	pHook := put(t, g, shared.SelfTestParams{Mode: shared.SelfTestStackBound})
	ok("SelfTest", pHook)
	if get[shared.SelfTestParams](pHook).Out != 1 {
		t.Error("the stack-bound hook is not installed")
	}

	pDev := put(t, g, shared.CreateDeviceParams{Window: 0x0001_0052, RootWindow: 0x0001_0052})
	ok("CreateDevice", pDev)
	dev := get[shared.CreateDeviceParams](pDev).DeviceID

	// One frame from an i686 arena: an 8x8 target cleared red, its top
	// left 4x4 uploaded green from guest memory, a vertex buffer filled
	// from guest memory for ProcessVertices, an event query.
	const w, h = 8, 8
	a := newArena32(t, g)
	record(t, a, "CreateSurface", shared.RecCreateSurface{ID: 1, Kind: shared.SurfaceRenderTarget, Width: w, Height: h, Format: uint32(types.D3DFMT_A8R8G8B8)})
	record(t, a, "SetRenderTarget", shared.RecSetRenderTarget{Slot: 0, Surface: 1})
	record(t, a, "SetViewport", shared.RecSetViewport{Width: w, Height: h, MaxZ: 1})
	record(t, a, "Clear", shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xffff0000})
	green := g.alloc(t, 4*4*4, 16)
	for i := uintptr(0); i < 16; i++ {
		binary.LittleEndian.PutUint32(g.bytes(green+4*i, 4), 0xff00ff00)
	}
	record(t, a, "UploadSurface", shared.RecUploadSurface{Surface: 1, Pitch: 16, Right: 4, Bottom: 4, Src: wire(green)})
	const fvf = types.D3DFVF_XYZ | types.D3DFVF_DIFFUSE
	verts := g.alloc(t, 3*16, 16)
	for i, v := range [][3]float32{{-1, 1, 0}, {1, 1, 0.5}, {-1, -1, 1}} {
		b := g.bytes(verts+uintptr(16*i), 16)
		for j, f := range v {
			binary.LittleEndian.PutUint32(b[4*j:], math.Float32bits(f))
		}
		binary.LittleEndian.PutUint32(b[12:], 0xff336699)
	}
	record(t, a, "CreateBuffer", shared.RecCreateBuffer{ID: 10, Kind: uint32(types.D3DRTYPE_VERTEXBUFFER), Size: 48, Format: fvf})
	record(t, a, "UpdateBuffer", shared.RecUpdateBuffer{ID: 10, Size: 48, Src: wire(verts)})
	record(t, a, "SetStreamSource", shared.RecSetStreamSource{Stream: 0, Buffer: 10, Stride: 16})
	record(t, a, "SetFVF", shared.RecSetFVF{FVF: fvf})
	record(t, a, "IssueQuery", shared.RecIssueQuery{ID: 20, Type: uint32(types.D3DQUERYTYPE_EVENT), Flags: types.D3DISSUE_END, Seq: 1})
	ok("SubmitFrame", put(t, g, shared.SubmitFrameParams{DeviceID: dev, Count: 1, Chunks: wire(a.close(t))}))
	// The guest may reuse its memory at once.
	for i := range g.bytes(green, 64) {
		g.bytes(green, 64)[i] = 0
	}

	dst := g.alloc(t, 4*w*h, 16)
	ok("ReadSurface", put(t, g, shared.ReadSurfaceParams{DeviceID: dev, Surface: 1, Dst: wire(dst), Pitch: 4 * w, Rows: h, Bytes: 4 * w}))
	px := func(x, y int) uint32 { return binary.LittleEndian.Uint32(g.bytes(dst+uintptr(4*(y*w+x)), 4)) }
	if px(0, 0) != 0xff00ff00 || px(3, 3) != 0xff00ff00 || px(7, 7) != 0xffff0000 || px(4, 0) != 0xffff0000 {
		t.Errorf("read back %#x %#x %#x %#x, want green in the uploaded corner and red elsewhere", px(0, 0), px(3, 3), px(7, 7), px(4, 0))
	}

	// ProcessVertices: identity transforms, an 8x8 viewport.
	pvDst := g.alloc(t, 3*20, 16)
	ok("ProcessVertices", put(t, g, shared.ProcessVerticesParams{DeviceID: dev, Count: 3, DestFVF: types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE, Dst: wire(pvDst), DstSize: 60}))
	f := func(i, j int) float32 {
		return math.Float32frombits(binary.LittleEndian.Uint32(g.bytes(pvDst+uintptr(20*i+4*j), 4)))
	}
	if f(0, 0) != 0 || f(0, 1) != 0 || f(1, 0) != 8 || f(2, 1) != 8 || f(1, 2) != 0.5 {
		t.Errorf("ProcessVertices wrote (%v,%v) (%v,%v,%v) (%v,%v)", f(0, 0), f(0, 1), f(1, 0), f(1, 1), f(1, 2), f(2, 0), f(2, 1))
	}

	pq := put(t, g, shared.QueryDataParams{DeviceID: dev, Query: 20, Seq: 1})
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(time.Millisecond) {
		ok("QueryData", pq)
		if get[shared.QueryDataParams](pq).Ready == shared.QueryDone {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("event query never done")
		}
	}

	pw := put(t, g, shared.PresentWouldWaitParams{DeviceID: dev, Wait: 7})
	ok("PresentWouldWait", pw)
	if w := get[shared.PresentWouldWaitParams](pw).Wait; w > 1 {
		t.Errorf("PresentWouldWait answered %d, want 0 or 1", w)
	}

	cr := shared.CrashReportParams{DeviceID: dev, NCodes: 1}
	cr.Codes[0] = shared.RecordCode("Draw")
	cr.Len = uint32(copy(cr.Text[:], "wow64 crash report"))
	ok("CrashReport", put(t, g, cr))

	ok("DestroyDevice", put(t, g, shared.DestroyDeviceParams{DeviceID: dev}))
	if st := call("DestroyDevice", put(t, g, shared.DestroyDeviceParams{DeviceID: dev})); uint32(st) != uint32(shared.StatusInvalidParameter) {
		t.Errorf("a second DestroyDevice: status %#x", uint32(st))
	}

	for _, th := range shared.Thunks {
		if !driven[th.Name] {
			t.Errorf("thunk %s not driven through the wow64 table", th.Name)
		}
	}
	logs, _ := filepath.Glob(filepath.Join(dir, "mtld3d-logs", "game32-*.log"))
	if len(logs) != 1 {
		t.Fatalf("want one log, got %v", logs)
	}
	text, _ := os.ReadFile(logs[0])
	for _, want := range []string{"guest\ti686", "wow64 guest line", "device created", "wow64 crash report", `"last_records": ["Draw"]`} {
		if !strings.Contains(strings.ReplaceAll(string(text), `"guest": "i686"`, "guest\ti686"), want) {
			t.Errorf("log lacks %q:\n%s", want, text)
		}
	}
}

// The 64-bit table is the same functions: a 64-bit guest's call lands in
// the same handler.
func TestTablesAgree(t *testing.T) {
	g := newGuest32(t, 1<<16)
	for _, wow := range []bool{false, true} {
		p := put(t, g, shared.SelfTestParams{Mode: shared.SelfTestEcho, In: 41})
		if st := callTable(wow, shared.Code("SelfTest"), p); st != 0 || get[shared.SelfTestParams](p).Out != 42 {
			t.Errorf("wow64=%v: status %#x out %d", wow, uint32(st), get[shared.SelfTestParams](p).Out)
		}
	}
}
