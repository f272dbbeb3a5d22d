package shared

import "reflect"

// Thunk is one unix call. Its code is its index in Thunks, so codes are
// dense and the guest can bounds-check before it calls (Wine's dispatcher
// does not).
type Thunk struct {
	Name   string       // CamelCase; C spells it MTLD3D_THUNK_<UPPER_SNAKE>
	Params reflect.Type // the param struct, nil for none
	Doc    string
}

// Thunks is the complete list, in code order. Append only: a guest and a
// unix library built from different commits must not disagree on codes
// already shipped.
var Thunks = []Thunk{
	{"Init", reflect.TypeFor[InitParams](), "first call of a process: identity, config and logging"},
	{"Log", reflect.TypeFor[LogParams](), "one guest log line into the process's log file"},
	{"SelfTest", reflect.TypeFor[SelfTestParams](), "exercises the bridge's success and error paths"},
	{"CreateDevice", reflect.TypeFor[CreateDeviceParams](), "a device's unix-side model and backend"},
	{"DestroyDevice", reflect.TypeFor[DestroyDeviceParams](), "releases a device's unix side"},
	{"SubmitFrame", reflect.TypeFor[SubmitFrameParams](), "hands over a device's recorded chunks, in order"},
	{"ReadSurface", reflect.TypeFor[ReadSurfaceParams](), "copies a surface's pixels into guest memory (after a submit)"},
	{"ProcessVertices", reflect.TypeFor[ProcessVerticesParams](), "runs the vertex pipeline on the CPU into a vertex buffer (after a submit)"},
	{"QueryData", reflect.TypeFor[QueryDataParams](), "whether an occlusion or event query's issue is done, and its count (never waits)"},
	{"PresentWouldWait", reflect.TypeFor[PresentWouldWaitParams](), "whether a Present now would wait on the frame-latency bound (D3DPRESENT_DONOTWAIT)"},
	{"CrashReport", reflect.TypeFor[CrashReportParams](), "a fault on a game thread, as the guest's exception handler saw it, into the log"},
}

// Code returns the code of the named thunk; it panics on an unknown name
// because names are compile-time facts of this package.
func Code(name string) uint32 {
	for i, t := range Thunks {
		if t.Name == name {
			return uint32(i)
		}
	}
	panic("shared: unknown thunk " + name)
}

// Guest architectures as the guest reports them in InitParams.GuestArch.
const (
	GuestArchI686   = 1
	GuestArchX86_64 = 2
)

// Log levels shared by the guest's log calls and the unix logger.
const (
	LogDebug = 0
	LogInfo  = 1
	LogWarn  = 2
	LogError = 3
)

// InitParams is filled in by the guest (paths, arch, config string) and
// answered by the unix side (adapter identity, guest log level). Strings
// are NUL-terminated UTF-8 in fixed arrays so the struct has no pointers.
type InitParams struct {
	GuestArch uint32
	GuestPID  uint32
	// WireHash is the guest's MTLD3D_WIRE_HASH (WireHash); on a mismatch
	// the unix side answers StatusRevisionMismatch with its own here. It
	// stays at offset 8 whatever else changes.
	WireHash      uint64
	ExeUnixPath   [1024]byte // from wine_get_unix_file_name, "" if unavailable
	ExeWinPath    [1024]byte // from GetModuleFileNameW, as UTF-8
	ConfigString  [1024]byte // the MTLD3D_CONFIG environment variable
	VendorID      uint32     // out
	DeviceID      uint32     // out
	SubSysID      uint32     // out
	Revision      uint32     // out
	DriverVersion uint64     // out: LARGE_INTEGER DriverVersion
	Description   [512]byte  // out
	DriverName    [512]byte  // out
	GuestLogLevel uint32     // out: the guest skips lines below this level
	// FrameHotkey (out) is debug.frame_hotkey (Hotkey* below): at each
	// Present the guest polls it and sets PresentDumpPNG on the press.
	FrameHotkey uint32
}

// LogParams carries one line; the guest truncates longer text.
type LogParams struct {
	Level uint32
	Len   uint32
	Text  [1024]byte
}

// SelfTest modes.
const (
	SelfTestEcho  = 0 // Out = In + 1, success
	SelfTestFail  = 1 // the handler reports failure
	SelfTestPanic = 2 // the handler panics; the bridge recovers
	// SelfTestStackBound sets Out to 1 if the per-thread stack-bound
	// cache is installed (BRIEF fact 7).
	SelfTestStackBound = 3
)

// SelfTestParams drives SelfTest.
type SelfTestParams struct {
	Mode uint32
	Pad0 uint32
	In   uint64
	Out  uint64
}

// CreateDeviceParams creates the unix side of a device.
type CreateDeviceParams struct {
	DeviceID uint32 // out
	Flags    uint32 // D3DCREATE_*
	Window   uint64 // HWND of the device window
	// RootWindow is GetAncestor(Window, GA_ROOT): the top-level window,
	// which Wine's Mac driver knows and the Metal layer attaches to.
	RootWindow uint64
}

type DestroyDeviceParams struct {
	DeviceID uint32
	Pad0     uint32
}

// SubmitFrameParams names Count chunks by guest address (an array of
// uint64 at Chunks). The unix side copies what it needs before it
// returns, so the guest may reuse the chunks at once; Taken says it did.
// With SubmitNoWait in Flags it takes them only if it can without the
// guest waiting (a part of a long frame, handed over so the guest reuses
// its chunks instead of growing its arena); otherwise Taken is 0 and the
// chunks stay the guest's, to submit later.
type SubmitFrameParams struct {
	DeviceID uint32
	Count    uint32
	Chunks   uint64
	Flags    uint32
	Taken    uint32 // out: 1 if the chunks were taken
}

// SubmitFrameParams.Flags.
const (
	SubmitNoWait = 1
)

// ReadSurfaceParams copies a surface's top-level pixels, in its D3D9
// format, into Dst with the given pitch.
type ReadSurfaceParams struct {
	DeviceID uint32
	Surface  uint32
	Dst      uint64
	Pitch    uint32
	Rows     uint32 // rows of blocks to copy
	Bytes    uint32 // bytes per row to copy
	Pad0     uint32
}

// ProcessVerticesParams: transform Count vertices of the bound streams,
// from SrcStart, with the current vertex state, and write them in DestFVF
// layout (XYZRHW and the FVF's colours and texture coordinates) at vertex
// DestIndex of the buffer Dest names; Dst is that buffer's guest memory,
// DstSize bytes long.
type ProcessVerticesParams struct {
	DeviceID  uint32
	SrcStart  uint32
	DestIndex uint32
	Count     uint32
	Dest      uint32
	DestFVF   uint32
	Dst       uint64
	DstSize   uint32
	Pad0      uint32
}

// PresentWouldWaitParams asks whether SubmitFrame would now wait before
// taking a frame with a Present (D3DPRESENT_DONOTWAIT answers
// D3DERR_WASSTILLDRAWING instead).
type PresentWouldWaitParams struct {
	DeviceID uint32
	Wait     uint32 // out: 1 if as many presented frames as the latency bound are outstanding
}

// CrashReportParams is a fatal exception on a game thread as the guest's
// vectored handler saw it: the report (fault, registers, stack, the
// device's state) as text, and the codes of the current frame's last
// records, oldest first, which the unix side names. It logs them at
// error level and flushes the log, as the process may end next.
type CrashReportParams struct {
	DeviceID uint32 // the device the records are from, 0 for none
	NCodes   uint32
	Len      uint32 // of Text
	Reserved uint32
	Codes    [CrashRecords]uint32
	Text     [3072]byte
}

// CrashRecords is how many of the frame's last records a crash report names.
const CrashRecords = 24

// QueryDataParams asks for issue Seq of query Query (RecIssueQuery.Seq).
// Ready is QueryDone once the command buffer holding its END has
// completed, Value then being the samples an occlusion query counted;
// QueryUnknown if it completed without a count.
type QueryDataParams struct {
	DeviceID uint32
	Query    uint32
	Seq      uint32
	Ready    uint32 // out: QueryPending, QueryDone or QueryUnknown
	Value    uint64 // out
}

// QueryDataParams.Ready.
const (
	QueryPending = 0
	QueryDone    = 1
	// QueryUnknown: done, but some of its draws were counted nowhere (no
	// visibility buffer could be made, or a command buffer failed). The
	// guest answers every sample visible rather than 0, which would make
	// a game cull what is on screen.
	QueryUnknown = 2
)

// A hotkey as InitParams.FrameHotkey carries it: a Windows virtual-key
// code in the low byte and the modifiers that must be down with it;
// 0 is none (core/config's Hotkey).
const (
	HotkeyKeyMask = 0xff
	HotkeyCtrl    = 1 << 8
	HotkeyShift   = 1 << 9
	HotkeyAlt     = 1 << 10
)
