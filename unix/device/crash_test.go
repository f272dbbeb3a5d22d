package device

import (
	"strings"
	"testing"
	"unsafe"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/bridge"
)

// A record handler's panic is recovered and logged with the records
// before it and the device's state; the records after it still run.
func TestRecordPanicLogsItsContext(t *testing.T) {
	d := newTestDevice(t)
	core, logs := observer.New(zap.InfoLevel)
	d.log = zap.New(core)
	fvf := code("SetFVF")
	saved := handlers[fvf]
	handlers[fvf] = func(*Device, []byte) error { panic("test panic") }
	defer func() { handlers[fvf] = saved }()
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZRHW})
	add(c, code("SetViewport"), shared.RecSetViewport{Width: 4, Height: 4, MaxZ: 1})
	if err := d.Replay([][]byte{c.bytes()}); err == nil {
		t.Fatal("a panicking handler reported no error")
	}
	var ctx *observer.LoggedEntry
	for _, e := range logs.All() {
		if e.Message == "before the panic" {
			ctx = &e
		}
	}
	if ctx == nil {
		t.Fatalf("no context logged: %v", logs.All())
	}
	m := ctx.ContextMap()
	recs, _ := m["last_records"].([]any)
	if len(recs) != 6 || recs[len(recs)-1] != "SetFVF" || recs[0] != "CreateSurface" {
		t.Errorf("last records %v, want setup's five then SetFVF", m["last_records"])
	}
	if s, _ := m["state"].(string); !strings.Contains(s, "render targets [1 0 0 0], depth 2") {
		t.Errorf("state %q", s)
	}
	if d.vp.Width != 4 {
		t.Error("the record after the panic did not run")
	}
}

// The guest's report is logged with its records named.
func TestCrashReportThunk(t *testing.T) {
	var p shared.CrashReportParams
	p.DeviceID = 7
	p.Codes[0], p.Codes[1] = code("SetTexture"), code("Draw")
	p.NCodes = 2
	p.Len = uint32(copy(p.Text[:], "exception c0000005 at game.exe+0x1234"))
	if st := bridge.Dispatch(shared.Code("CrashReport"), unsafe.Pointer(&p)); st != shared.StatusSuccess {
		t.Fatalf("CrashReport: %#x", st)
	}
}
