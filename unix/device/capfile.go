package device

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"io"
	"os"

	"go.uber.org/zap"

	"mtld3d/shared"
)

// Capture files (debug.capture_frame, debug.capture_hotkey; read by
// cmd/mtld3d-replay). debug.capture_frame's holds every frame a device
// submitted from its creation through the captured one, each as its
// chunks and the guest memory its records named, so a device made from
// nothing replays them to the same image: resources are created and
// filled frames before the one that draws with them. The hotkey's holds
// a snapshot of the device as the frame starts instead (snapshot.go),
// then the one frame.
//
// Layout, little-endian:
//
//	header: magic "MTLDCAP\x00", version u32, guest arch u32
//	        (shared.GuestArch*), wire hash u64, captured frame u64
//	snap:   (version 2, first, optional) "SNAP", then as a frame
//	frame:  "FRME", chunks u32, data bytes u64, then each chunk's used
//	        bytes (they start with the used size), then the data
//	end:    "END\x00", 0 u32, frames u64 (the snapshot not counted)
//
// Version 1 (no snapshot) files are still read.
//
// Each address field capture rewrote (ownField) holds an offset+1 into
// its frame's data (0 stays null). The reader runs the records through
// the same capture functions, which size every range as the handlers
// read it, with the data in place of guest memory: a range outside the
// data is refused like a guest fault, so a damaged file is an error,
// never a read out of bounds.

const (
	capMagic   = "MTLDCAP\x00"
	capVersion = 2
	capFrame   = "FRME"
	capSnap    = "SNAP"
	capEnd     = "END\x00"
	capHeader  = 32
	// capMaxChunks bounds a frame's chunks, as the SubmitFrame thunk does.
	capMaxChunks = 1 << 16
)

// CaptureHeader is what a capture file says of itself.
type CaptureHeader struct {
	Version   uint32
	GuestArch uint32
	WireHash  uint64
	Frame     uint64 // the captured frame (Presents counted from 1)
}

func (h CaptureHeader) bytes() []byte {
	b := make([]byte, capHeader)
	copy(b, capMagic)
	binary.LittleEndian.PutUint32(b[8:], h.Version)
	binary.LittleEndian.PutUint32(b[12:], h.GuestArch)
	binary.LittleEndian.PutUint64(b[16:], h.WireHash)
	binary.LittleEndian.PutUint64(b[24:], h.Frame)
	return b
}

// readCaptureHeader reads and checks the header: a file from another
// format version or another build's wire is refused.
func readCaptureHeader(r io.Reader) (CaptureHeader, error) {
	var b [capHeader]byte
	if _, err := io.ReadFull(r, b[:]); err != nil {
		return CaptureHeader{}, fmt.Errorf("capture header: %w", err)
	}
	if string(b[:8]) != capMagic {
		return CaptureHeader{}, errors.New("not an mtld3d capture file")
	}
	h := CaptureHeader{Version: binary.LittleEndian.Uint32(b[8:]), GuestArch: binary.LittleEndian.Uint32(b[12:]),
		WireHash: binary.LittleEndian.Uint64(b[16:]), Frame: binary.LittleEndian.Uint64(b[24:])}
	if h.Version < 1 || h.Version > capVersion {
		return h, fmt.Errorf("capture file format version %d; this mtld3d-replay reads versions 1 to %d", h.Version, capVersion)
	}
	if h.WireHash != shared.WireHash() {
		return h, fmt.Errorf("capture made by another build of mtld3d (wire hash %016x, this build's %016x): replay it with the mtld3d-replay built from the same source as the mtld3d that captured it",
			h.WireHash, shared.WireHash())
	}
	return h, nil
}

// encodeFrame appends a captured frame (captured with note set) to b:
// its chunks with each noted address field rewritten to an offset+1
// into the frame's data, then the data.
func encodeFrame(b []byte, f *captured) []byte { return encodeSection(b, capFrame, f) }

// encodeSection is encodeFrame under tag (capFrame or capSnap).
func encodeSection(b []byte, tag string, f *captured) []byte {
	var data int
	offs := make([]int, len(f.fields))
	for i, fl := range f.fields {
		offs[i] = data
		data += (len(fl.data) + 15) &^ 15
	}
	b = append(b, tag...)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(f.chunks)))
	b = binary.LittleEndian.AppendUint64(b, uint64(data))
	starts := make([]int, len(f.chunks))
	for i, c := range f.chunks {
		starts[i] = len(b)
		b = append(b, c[:binary.LittleEndian.Uint32(c)]...)
	}
	for i, fl := range f.fields {
		binary.LittleEndian.PutUint64(b[starts[fl.chunk]+fl.off:], uint64(offs[i])+1)
	}
	for _, fl := range f.fields {
		b = append(b, fl.data...)
		b = append(b, make([]byte, (len(fl.data)+15)&^15-len(fl.data))...)
	}
	return b
}

// readFrame reads the next frame (or snapshot) of a capture file into a
// captured frame, its address fields pointing at copies of the data, as
// SubmitFrame's capture leaves them, and says whether it is the
// snapshot; nil at the end marker.
func (cs *captureState) readFrame(r io.Reader) (*captured, bool, uint64, error) {
	f, end, err := cs.readSection(r)
	snap := cs.restoring
	cs.restoring = false
	return f, snap, end, err
}

func (cs *captureState) readSection(r io.Reader) (*captured, uint64, error) {
	var tag [16]byte
	cs.restoring = false
	if _, err := io.ReadFull(r, tag[:]); err != nil {
		return nil, 0, fmt.Errorf("capture truncated: %w", err)
	}
	switch string(tag[:4]) {
	case capEnd:
		return nil, binary.LittleEndian.Uint64(tag[8:]), nil
	case capFrame:
	case capSnap:
		cs.restoring = true
	default:
		return nil, 0, errors.New("capture damaged: no frame where one belongs")
	}
	n := binary.LittleEndian.Uint32(tag[4:])
	size := binary.LittleEndian.Uint64(tag[8:])
	if n > capMaxChunks {
		return nil, 0, fmt.Errorf("capture damaged: %d chunks in a frame", n)
	}
	f := capturedPool.Get().(*captured)
	for ci := 0; ci < int(n); ci++ {
		c := chunkPool.Get().(*[shared.ChunkSize]byte)[:]
		f.chunks = append(f.chunks, c)
		if _, err := io.ReadFull(r, c[:4]); err != nil {
			f.release()
			return nil, 0, fmt.Errorf("capture truncated: %w", err)
		}
		used := int(binary.LittleEndian.Uint32(c))
		if used < 8 || used > shared.ChunkSize {
			f.release()
			return nil, 0, fmt.Errorf("capture damaged: chunk %d used size %d", ci, used)
		}
		if _, err := io.ReadFull(r, c[4:used]); err != nil {
			f.release()
			return nil, 0, fmt.Errorf("capture truncated: %w", err)
		}
	}
	// ReadAll grows with what is there: a damaged size costs no more
	// memory than the file holds.
	data, err := io.ReadAll(io.LimitReader(r, int64(min(size, 1<<40))))
	if err == nil && uint64(len(data)) != size {
		err = io.ErrUnexpectedEOF
	}
	if err != nil {
		f.release()
		return nil, 0, fmt.Errorf("capture truncated: %w", err)
	}
	f.src = data
	if len(data) == 0 {
		f.src = []byte{} // still the file's (empty) data, not guest memory
	}
	for ci, c := range f.chunks {
		if err := cs.walk(f, ci, c[:binary.LittleEndian.Uint32(c)]); err != nil {
			f.release()
			return nil, 0, fmt.Errorf("capture damaged: %w", err)
		}
	}
	f.src = nil
	return f, 0, nil
}

// ReplayCapture replays a capture file on d, a device whose goroutines
// are not started (New, as cmd/mtld3d-replay makes it), frame by frame.
// A record that fails is logged and the replay goes on, as on the
// device that captured it; a damaged file ends it with an error.
func (d *Device) ReplayCapture(r io.Reader) (CaptureHeader, error) {
	br := bufio.NewReaderSize(r, 1<<20)
	h, err := readCaptureHeader(br)
	if err != nil {
		return h, err
	}
	for frames, sections := uint64(0), 0; ; sections++ {
		f, snap, end, err := d.capture.readFrame(br)
		if err != nil {
			return h, fmt.Errorf("frame %d: %w", frames+1, err)
		}
		if f == nil {
			if end != frames {
				return h, fmt.Errorf("capture damaged: end marker counts %d frames, the file holds %d", end, frames)
			}
			return h, nil
		}
		if snap && (sections > 0 || h.Version < 2) {
			f.release()
			return h, errors.New("capture damaged: a snapshot where a frame belongs")
		}
		for _, g := range f.faults {
			d.log.Warn("a record names a range outside its frame's data; the record is dropped",
				zap.String("record", shared.RecordName(g.record)), zap.Uint64("offset", g.addr-1), zap.Int("size", g.size))
		}
		d.restoring = snap
		if err := d.replay(f.chunks); err != nil {
			d.log.Debug("frame replayed with errors", zap.Uint64("frame", frames+1), zap.Bool("snapshot", snap), zap.Error(err))
		}
		d.restoring = false
		d.endFrame(f.presents)
		d.flush()
		f.release()
		if !snap {
			frames++
		}
	}
}

// PresentedImage is the image last presented (the front image of the
// swap chain of the last Present submitted), as the screen shows it.
func (d *Device) PresentedImage() (*image.NRGBA, error) {
	s := d.front[d.capture.lastChain]
	if s == nil || s.tex == nil {
		return nil, errors.New("no frame presented")
	}
	d.flush()
	return d.frontImage(s)
}

// capWriter streams a device's frames to its capture file on a goroutine
// of its own; the game's thread only encodes each frame into a buffer.
type capWriter struct {
	frames   chan []byte
	done     chan struct{}
	last     uint64 // debug.capture_frame
	presents uint64 // Presents captured so far
	path     string
	log      *zap.Logger
}

// capQueue is how many encoded frames may wait for the disk: a game
// faster than the disk waits for it rather than growing memory.
const capQueue = 4

// startCapture begins a capture of frames 1..frame to path, with the
// header's guest arch.
func (d *Device) startCapture(path string, frame uint64, arch uint32) {
	w := &capWriter{frames: make(chan []byte, capQueue), done: make(chan struct{}), last: frame, path: path, log: d.log}
	d.capw = w
	d.capture.note = true
	frames := w.frames
	go w.run(frames, CaptureHeader{Version: capVersion, GuestArch: arch, WireHash: shared.WireHash(), Frame: frame})
	d.log.Info("capturing frames", zap.Uint64("through", frame), zap.String("file", path))
}

// captureFrame queues a submitted frame for the capture file; the frame
// that reaches debug.capture_frame's Present ends it.
func (d *Device) captureFrame(f *captured) {
	w := d.capw
	if w == nil || w.frames == nil {
		return
	}
	w.presents += uint64(f.presents)
	w.frames <- encodeFrame(nil, f)
	if w.presents >= w.last {
		// The writer finishes the file off the game's thread; a device
		// destroyed meanwhile waits for it (endCapture).
		close(w.frames)
		d.capture.note = d.capture.hotkey
		w.frames = nil
	}
}

// endCapture, at the device's destruction, stops capturing and waits
// for the writer to finish the file (under its name if the captured
// frame was reached).
func (d *Device) endCapture() {
	d.snapWrites.Wait()
	w := d.capw
	if w == nil {
		return
	}
	d.capw = nil
	d.capture.note = d.capture.hotkey
	if w.frames != nil {
		close(w.frames)
	}
	<-w.done
}

func (w *capWriter) run(frames chan []byte, h CaptureHeader) {
	defer close(w.done)
	part := w.path + ".part"
	err := func() error {
		file, err := os.Create(part)
		if err != nil {
			return err
		}
		defer file.Close()
		bw := bufio.NewWriterSize(file, 1<<20)
		if _, err := bw.Write(h.bytes()); err != nil {
			return err
		}
		var n uint64
		for b := range frames {
			if _, err := bw.Write(b); err != nil {
				return err
			}
			n++
		}
		end := append([]byte(capEnd), 0, 0, 0, 0)
		end = binary.LittleEndian.AppendUint64(end, n)
		if _, err := bw.Write(end); err != nil {
			return err
		}
		if err := bw.Flush(); err != nil {
			return err
		}
		return file.Close()
	}()
	for range frames { // after a failure: the game's thread must not block
	}
	if err == nil && w.presents < w.last {
		err = fmt.Errorf("the device was destroyed at frame %d", w.presents)
	}
	if err != nil {
		os.Remove(part)
		w.log.Warn("frame capture failed", zap.String("file", w.path), zap.Uint64("frame", w.last), zap.Error(err))
		return
	}
	if err := os.Rename(part, w.path); err != nil {
		w.log.Warn("frame capture failed", zap.String("file", w.path), zap.Error(err))
		return
	}
	w.log.Info("frame capture written", zap.String("path", w.path), zap.Uint64("frame", w.last))
}

// SetLogger sets the logger of a device made with New (cmd/mtld3d-replay).
func (d *Device) SetLogger(l *zap.Logger) { d.log = l }
