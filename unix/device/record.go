package device

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"

	"go.uber.org/zap"
)

// record.dir: every submitted frame's chunks, as capture copied them,
// appended to one file per device. Each chunk is its used bytes, which
// start with the used size, so the file splits without an index. The
// guest addresses in it are already rewritten to the unix side's copies,
// so offline the ranges are gone; the record stream is what the fuzz
// corpus (FuzzFrame) wants. A file that replays offline is a capture
// (debug.capture_frame, capfile.go).

type recorder struct {
	f    *os.File
	path string
}

func openRecorder(dir string, pid int, device uint32) (*recorder, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, fmt.Sprintf("records-%d-%d.bin", pid, device))
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	return &recorder{f: f, path: path}, nil
}

// frame appends a captured frame's chunks.
func (r *recorder) frame(f *captured) error {
	for _, c := range f.chunks {
		used := int(binary.LittleEndian.Uint32(c))
		if _, err := r.f.Write(c[:used]); err != nil {
			return err
		}
	}
	return nil
}

func (r *recorder) close() {
	if r != nil {
		r.f.Close()
	}
}

// recordFrame writes f when record.dir is set; a failure stops recording.
func (d *Device) recordFrame(f *captured) {
	if d.records == nil {
		return
	}
	if err := d.records.frame(f); err != nil {
		d.log.Warn("frame recording stopped", zap.String("file", d.records.path), zap.Error(err))
		d.records.close()
		d.records = nil
	}
}
