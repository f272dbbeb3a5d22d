package device

import (
	"encoding/binary"
	"fmt"
	"sync"
	"unsafe"

	"mtld3d/core/format"
	"mtld3d/shared"
	"mtld3d/types"
)

// Capture: SubmitFrame copies a frame's chunks, and every range of guest
// memory its records name, into memory the unix side owns, so the guest
// may reuse its arena and blobs as soon as the call returns while the
// encoder goroutine replays the frame later. A record's guest address is
// rewritten in the copy to point at the owned bytes, so the handlers read
// the same fields whether a frame was captured or replayed in place.

// captured is a frame the unix side owns. Capture runs on the game's
// thread, so its memory is pooled: chunk copies, and slabs the guest
// ranges are carved from; only a range larger than a quarter slab gets
// an allocation of its own.
type captured struct {
	chunks   [][]byte          // copies of the chunks, ChunkSize each (pooled)
	slabs    []*[slabSize]byte // pooled; small ranges are carved from the last
	carved   int               // bytes used in the last slab
	keep     [][]byte          // ranges too large for a slab
	presents int               // Present records in the frame
	// For the performance log (perf.go): records, draws and guest bytes
	// copied.
	records, draws, owned int
	guestKiB              uint32       // the last Present's RecPresent.GuestKiB
	record                uint32       // code of the record being captured
	faults                []guestFault // ranges that could not be read
	// A capture file's frame (capfile.go): src non-nil reads an address
	// as an offset+1 into src rather than guest memory; note keeps the
	// address fields own rewrote, for the file writer.
	src    []byte
	note   bool
	fields []ownedField
	// dumpAt is the number of the frame whose Present the frame hotkey
	// marked (RecPresent.Dump), 0 for none; snapPath, when set, is where
	// the hotkey's capture of the frame goes (snapshot.go).
	dumpAt   uint64
	snapPath string
}

// ownedField is an address field capture rewrote: where it is in the
// frame's chunks, and the bytes it now points at.
type ownedField struct {
	chunk, off int
	data       []byte
}

// guestFault is a guest range a record named that faulted when read; the
// record's address is cleared, so its handler refuses it like a null one.
type guestFault struct {
	record uint32
	addr   uint64
	size   int
}

// slabSize is the unit small guest ranges are copied into.
const slabSize = 1 << 20

var (
	slabPool     = sync.Pool{New: func() any { return new([slabSize]byte) }}
	capturedPool = sync.Pool{New: func() any { return new(captured) }}
)

// capturer copies what one record names (rec is the owned copy, at least
// as long as the record's Go type) and notes what later captures need.
type capturer func(cs *captureState, f *captured, rec []byte)

var captures [shared.MaxRecordCode]capturer

func capture[T any](name string, f func(cs *captureState, fr *captured, r *T)) {
	code := shared.RecordCode(name)
	size := int(unsafe.Sizeof(*new(T)))
	captures[code] = func(cs *captureState, fr *captured, rec []byte) {
		if len(rec) >= size {
			f(cs, fr, (*T)(unsafe.Pointer(&rec[0])))
		}
	}
}

// captureState is what capture must know of objects made in earlier
// frames: the D3D9 format of each surface and texture, which sizes the
// rows an upload names. It lives on the submitting thread (under the
// device's api lock), apart from the encoder's model.
type captureState struct {
	formats  map[uint32]types.Format
	children map[uint32][]uint32 // texture id: its TextureSurface ids
	latency  int                 // SetMaximumFrameLatency, 3 by default
	// latencyOverride is present.max_frame_latency (0: the game's), which
	// SetMaximumFrameLatency does not change (pacing.go).
	latencyOverride int
	layers          *layers // made and resized here, on a Wine thread (layer.go)
	note            bool    // note the address fields (ownField) for a capture file
	lastChain       uint32  // the swap chain of the last Present (capfile.go)
	presents        uint64  // Presents captured, the device's frame count
	// hotkey is debug.capture_hotkey (snapshot.go): note stays on, and
	// arch is the guest's for the file's header.
	hotkey bool
	arch   uint32
	// restoring: a capture file's snapshot is being read, whose own
	// records (snapshot.go) name data; from a guest they name nothing.
	restoring bool
}

func newCaptureState() captureState {
	return captureState{formats: map[uint32]types.Format{}, children: map[uint32][]uint32{}, latency: defaultLatency}
}

// defaultLatency is D3D9's default maximum frame latency.
const defaultLatency = 3

// Largest guest range one record may name; larger is refused (the
// address is cleared, and the handler reports the record).
const maxGuestRange = 1 << 30

// ownLimit is the largest range own copies: maxGuestRange, lowered by the
// fuzz test so random sizes do not allocate a gigabyte per record.
var ownLimit = maxGuestRange

var chunkPool = sync.Pool{New: func() any { return new([shared.ChunkSize]byte) }}

// ownField rewrites the address field *p, in the last chunk, to a copy
// of the n bytes it names (own), and notes the field when the frame goes
// to a capture file.
func (f *captured) ownField(p *uint64, n int) {
	b := f.ownBytes(*p, n)
	*p = 0
	if b == nil {
		return
	}
	*p = uint64(uintptr(unsafe.Pointer(&b[0])))
	if f.note && len(f.chunks) > 0 {
		c := f.chunks[len(f.chunks)-1]
		off := int(uintptr(unsafe.Pointer(p)) - uintptr(unsafe.Pointer(&c[0])))
		f.fields = append(f.fields, ownedField{len(f.chunks) - 1, off, b})
	}
}

// own copies n bytes at guest address addr; 0 (refused) for a null
// address or a size out of range.
func (f *captured) own(addr uint64, n int) uint64 {
	if b := f.ownBytes(addr, n); b != nil {
		return uint64(uintptr(unsafe.Pointer(&b[0])))
	}
	return 0
}

// ownBytes is own's copy; nil when refused.
func (f *captured) ownBytes(addr uint64, n int) []byte {
	if addr == 0 || n <= 0 || n > ownLimit {
		return nil
	}
	var b []byte
	if n > slabSize/4 {
		b = make([]byte, n)
		f.keep = append(f.keep, b)
	} else {
		step := (n + 15) &^ 15 // 16-aligned, as vertex and texel data like
		if len(f.slabs) == 0 || f.carved+step > slabSize {
			f.slabs = append(f.slabs, slabPool.Get().(*[slabSize]byte))
			f.carved = 0
		}
		b = f.slabs[len(f.slabs)-1][f.carved : f.carved+n]
		f.carved += step
	}
	if f.src != nil {
		// A capture file's data: the range must lie inside it.
		if off := addr - 1; off >= uint64(len(f.src)) || uint64(n) > uint64(len(f.src))-off {
			f.faults = append(f.faults, guestFault{f.record, addr, n})
			return nil
		} else {
			copy(b, f.src[off:])
		}
	} else if !guestCopy(b, guestBytes(addr, n)) {
		f.faults = append(f.faults, guestFault{f.record, addr, n})
		return nil
	}
	f.owned += n
	return b
}

// release returns the frame's memory to the pools; f is not used again.
func (f *captured) release() {
	for _, c := range f.chunks {
		chunkPool.Put((*[shared.ChunkSize]byte)(c))
	}
	for _, s := range f.slabs {
		slabPool.Put(s)
	}
	clear(f.chunks)
	clear(f.slabs)
	clear(f.keep)
	clear(f.fields)
	*f = captured{chunks: f.chunks[:0], slabs: f.slabs[:0], keep: f.keep[:0], faults: f.faults[:0], fields: f.fields[:0]}
	capturedPool.Put(f)
}

// rowsBytes is the extent of rows rows of srcRow bytes, pitch apart, in
// slices slices slicePitch apart; 0 if out of range.
func rowsBytes(rows, srcRow, pitch, slices, slicePitch int) int {
	if rows <= 0 || srcRow <= 0 || pitch < srcRow || pitch > 1<<24 || rows > 1<<16 || slices <= 0 || slices > 1<<14 {
		return 0
	}
	n := pitch*(rows-1) + srcRow
	if slices > 1 {
		if slicePitch < n || slicePitch > maxGuestRange {
			return 0
		}
		n += slicePitch * (slices - 1)
	}
	return n
}

func (cs *captureState) forget(id uint32) {
	delete(cs.formats, id)
	for _, c := range cs.children[id] {
		delete(cs.formats, c)
	}
	delete(cs.children, id)
}

func init() {
	capture("CreateSurface", func(cs *captureState, _ *captured, r *shared.RecCreateSurface) {
		cs.forget(r.ID)
		cs.formats[r.ID] = types.Format(r.Format)
	})
	capture("CreateTexture", func(cs *captureState, _ *captured, r *shared.RecCreateTexture) {
		cs.forget(r.ID)
		cs.formats[r.ID] = types.Format(r.Format)
	})
	capture("TextureSurface", func(cs *captureState, _ *captured, r *shared.RecTextureSurface) {
		if f, ok := cs.formats[r.Texture]; ok {
			cs.formats[r.ID] = f
			cs.children[r.Texture] = append(cs.children[r.Texture], r.ID)
		}
	})
	capture("DestroyObject", func(cs *captureState, _ *captured, r *shared.RecDestroyObject) {
		cs.forget(r.ID)
		if cs.layers != nil {
			cs.layers.forget(r.ID)
		}
	})
	capture("Present", func(cs *captureState, f *captured, r *shared.RecPresent) {
		f.presents++
		cs.presents++
		if r.Dump&shared.PresentDumpPNG != 0 {
			f.dumpAt = cs.presents
		}
		f.guestKiB = r.GuestKiB
		cs.lastChain = r.SwapChain
		if cs.layers != nil {
			cs.layers.present(r)
		}
	})
	capture("SetFrameLatency", func(cs *captureState, _ *captured, r *shared.RecSetFrameLatency) {
		cs.latency = int(r.Latency)
		if cs.latency <= 0 {
			cs.latency = defaultLatency
		}
		if cs.latencyOverride > 0 {
			cs.latency = cs.latencyOverride
		}
	})

	// The records that point at guest memory, sized as their handlers
	// read them.
	capture("UploadSurface", func(cs *captureState, f *captured, r *shared.RecUploadSurface) {
		fm, ok := cs.formats[r.Surface]
		n := 0
		if ok && r.Right > r.Left && r.Bottom > r.Top {
			info := format.Info(fm)
			bh := max(info.BlockHeight, 1)
			rows := (int(r.Bottom-r.Top) + bh - 1) / bh
			n = rowsBytes(rows, format.Pitch(fm, int(r.Right-r.Left)), int(r.Pitch), 1, 0)
		}
		f.ownField(&r.Src, n)
	})
	capture("UpdateTexture", func(cs *captureState, f *captured, r *shared.RecUpdateTexture) {
		fm, ok := cs.formats[r.ID]
		n := 0
		if ok && r.Right > r.Left && r.Bottom > r.Top {
			info := format.Info(fm)
			bw, bh := max(info.BlockWidth, 1), max(info.BlockHeight, 1)
			x0, y0 := int(r.Left)/bw*bw, int(r.Top)/bh*bh
			rows := (int(r.Bottom) - y0 + bh - 1) / bh
			slices := 1
			if r.Back > r.Front {
				slices = int(r.Back - r.Front)
			}
			n = rowsBytes(rows, format.Pitch(fm, int(r.Right)-x0), int(r.Pitch), slices, int(r.SlicePitch))
		}
		f.ownField(&r.Src, n)
	})
	capture("UpdateBuffer", func(_ *captureState, f *captured, r *shared.RecUpdateBuffer) {
		f.ownField(&r.Src, int(r.Size))
	})
	capture("CreateShader", func(_ *captureState, f *captured, r *shared.RecCreateShader) {
		f.ownField(&r.Code, int(r.Size))
	})
	capture("DrawUP", func(_ *captureState, f *captured, r *shared.RecDrawUP) {
		if r.Data != 0 {
			f.ownField(&r.Data, int(r.VertexBytes)+int(r.IndexBytes))
			if r.Data == 0 {
				// Not inline either: the handler finds no data and refuses.
				r.VertexBytes = maxGuestRange
			}
		}
	})
}

// capture copies the chunks at the given guest addresses (addrs may be
// guest memory too) and what their records name. A malformed chunk is
// refused whole.
func (cs *captureState) capture(addrs []uint64) (*captured, error) {
	f := capturedPool.Get().(*captured)
	f.note = cs.note
	for ci := range addrs {
		var at [8]byte
		if !guestCopy(at[:], unsafe.Slice((*byte)(unsafe.Pointer(&addrs[ci])), len(at))) {
			f.release()
			return nil, fmt.Errorf("chunk list unreadable at entry %d", ci)
		}
		addr := binary.LittleEndian.Uint64(at[:])
		if addr == 0 {
			f.release()
			return nil, fmt.Errorf("chunk %d: null address", ci)
		}
		var head [4]byte
		if !guestCopy(head[:], guestBytes(addr, len(head))) {
			f.release()
			return nil, fmt.Errorf("chunk %d: address %#x unreadable", ci, addr)
		}
		used := int(binary.LittleEndian.Uint32(head[:]))
		if used < 8 || used > shared.ChunkSize {
			f.release()
			return nil, fmt.Errorf("chunk %d: used size %d out of range", ci, used)
		}
		c := chunkPool.Get().(*[shared.ChunkSize]byte)[:]
		if !guestCopy(c[:used], guestBytes(addr, used)) {
			chunkPool.Put((*[shared.ChunkSize]byte)(c))
			f.release()
			return nil, fmt.Errorf("chunk %d: %d bytes at %#x unreadable", ci, used, addr)
		}
		f.chunks = append(f.chunks, c)
		if err := cs.walk(f, ci, c[:used]); err != nil {
			f.release()
			return nil, err
		}
	}
	return f, nil
}

// walk runs the capture of each record of chunk ci, c its used bytes.
func (cs *captureState) walk(f *captured, ci int, c []byte) error {
	for pos := 8; pos+8 <= len(c); {
		code := binary.LittleEndian.Uint32(c[pos:])
		size := int(binary.LittleEndian.Uint32(c[pos+4:]))
		if size < 8 || size%8 != 0 || pos+size > len(c) {
			return fmt.Errorf("chunk %d offset %d: bad record size %d", ci, pos, size)
		}
		if code < uint32(len(captures)) && captures[code] != nil {
			f.record = code
			captures[code](cs, f, c[pos:pos+size])
		}
		if code < uint32(len(isDrawRecord)) && isDrawRecord[code] {
			f.draws++
		}
		f.records++
		pos += size
	}
	return nil
}
