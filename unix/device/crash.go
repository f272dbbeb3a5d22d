package device

import (
	"encoding/binary"
	"errors"
	"fmt"
	"unsafe"

	"go.uber.org/zap"

	"mtld3d/shared"
	"mtld3d/unix/bridge"
	"mtld3d/unix/logs"
)

// Crash reports. The guest's vectored exception handler (pe/d3d9/crash.c)
// sends a fatal exception on a game thread through the CrashReport
// thunk: its text (fault, registers, stack, the device's state as the
// guest mirrors it) and the codes of the frame's last records, which
// are named here; the log is flushed, as the process may end next. On
// this side a record handler's panic is recovered (replay.go) and logged
// with the records before it and the device's state; a fatal Go error
// goes to the log through debug.SetCrashOutput (unix/logs).

// errPanicked marks a record handler's recovered panic.
var errPanicked = errors.New("handler panicked")

func init() { bridge.Register("CrashReport", crashThunk) }

func crashThunk(p unsafe.Pointer) shared.Status {
	a := (*shared.CrashReportParams)(p)
	text := string(a.Text[:min(int(a.Len), len(a.Text))])
	names := make([]string, 0, len(a.Codes))
	for _, c := range a.Codes[:min(int(a.NCodes), len(a.Codes))] {
		names = append(names, shared.RecordName(c))
	}
	logs.L().Error("crash report from the game's thread\n"+text, zap.Uint32("device", a.DeviceID), zap.Strings("last_records", names))
	logs.Sync()
	return shared.StatusSuccess
}

// lastRecords names up to n records of chunks before the one at chunk
// ci, offset pos (that one included), oldest first.
func lastRecords(chunks [][]byte, ci, pos, n int) []string {
	var codes []uint32
	for i := 0; i <= ci && i < len(chunks); i++ {
		c := chunks[i]
		used := int(binary.LittleEndian.Uint32(c))
		for at := 8; at+8 <= used && at+8 <= len(c); {
			if i == ci && at > pos {
				break
			}
			codes = append(codes, binary.LittleEndian.Uint32(c[at:]))
			size := int(binary.LittleEndian.Uint32(c[at+4:]))
			if size < 8 {
				break
			}
			at += size
		}
	}
	codes = codes[max(0, len(codes)-n):]
	names := make([]string, len(codes))
	for i, c := range codes {
		names[i] = shared.RecordName(c)
	}
	return names
}

// stateSummary is the device's state as the encoder has replayed it,
// briefly: what a crash report needs to place the failing draw.
func (d *Device) stateSummary() string {
	st := &d.st
	return fmt.Sprintf("frame %d; vertex shader %d, pixel shader %d, FVF %#x, declaration %d; render targets %v, depth %d; viewport %+v; textures %v",
		d.frames, st.vs, st.ps, st.fvf, st.decl, d.rts, d.ds, d.viewport(), st.tex)
}
