package device

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"unsafe"

	"go.uber.org/zap"

	"mtld3d/core/ff"
	"mtld3d/core/format"
	"mtld3d/core/pixfmt"
	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend"
)

// Snapshots (debug.capture_hotkey): the frame hotkey's capture holds one
// frame, so it starts with the device as the encoder holds it when that
// frame begins. The snapshot is written as records, as a frame is: the
// creation records of every live object, the records of every state,
// and for contents (textures, surfaces, front images) two records the
// wire never carries, which the replay runs only inside a snapshot.
// Replaying the snapshot on a new device rebuilds the device; replaying
// the frame after it then draws what the game's device drew.
//
// Contents are read back in the backend's own texel format and written
// back the same way, so no format needs a conversion both ways; a
// replay whose backend stores a format otherwise (another target)
// refuses those texels, logged. A palettised texture goes as its
// indices, in UpdateTexture records, so a later palette change converts
// them as on the game's device. Multisampled surfaces are read with
// every sample on the reference backend; Metal cannot read them, so on a
// Mac they replay cleared.

// Record codes of the snapshot's own records: inside MaxRecordCode and
// outside shared.Records (a test checks).
const (
	snapTexelsCode  = 1000
	snapTextureCode = 1001
)

// recSnapTexels fills one level and slice (cube face) of an object with
// texels in the backend's format Format: all of it, Depth images of
// BytesPerImage bytes, rows BytesPerRow apart, samples side by side.
type recSnapTexels struct {
	Hdr                        shared.RecordHeader
	Target                     uint32 // snapTexture, snapSurface or snapFront
	ID                         uint32 // texture, surface or swap chain
	Level, Slice               uint32
	Format                     uint32 // pixfmt.Format
	Width, Height, Depth       uint32
	Samples                    uint32
	BytesPerRow, BytesPerImage uint32
	Pad0                       uint32
	Src                        uint64
}

// Targets of recSnapTexels.
const (
	snapTexture = 1
	snapSurface = 2
	// snapFront is a swap chain's front image, made at Width x Height.
	snapFront = 3
)

// recSnapTexture is the unix side's own state of a texture: SetLOD's
// level, the AUTOGENMIPMAP filter and whether its lower levels wait to
// be generated again.
type recSnapTexture struct {
	Hdr           shared.RecordHeader
	ID            uint32
	LOD           uint32
	AutogenFilter uint32
	MipsStale     uint32
}

func onSnap[T any](code uint32, f func(d *Device, r *T) error, c func(cs *captureState, fr *captured, r *T)) {
	size := int(unsafe.Sizeof(*new(T)))
	handlers[code] = func(d *Device, rec []byte) error {
		if len(rec) < size {
			return fmt.Errorf("snapshot record %d: %d bytes, want %d", code, len(rec), size)
		}
		if !d.restoring {
			return fmt.Errorf("snapshot record %d outside a capture file's snapshot", code)
		}
		return f(d, (*T)(unsafe.Pointer(&rec[0])))
	}
	if c != nil {
		captures[code] = func(cs *captureState, fr *captured, rec []byte) {
			if len(rec) >= size {
				c(cs, fr, (*T)(unsafe.Pointer(&rec[0])))
			}
		}
	}
}

func init() {
	onSnap(snapTexelsCode, (*Device).restoreTexels, func(cs *captureState, f *captured, r *recSnapTexels) {
		n := 0
		if cs.restoring && r.Depth > 0 && r.Depth <= backend.MaxTexture3DSize && uint64(r.BytesPerImage)*uint64(r.Depth) <= maxGuestRange {
			n = int(r.BytesPerImage) * int(r.Depth)
		}
		f.ownField(&r.Src, n) // from a guest, refused: its address is cleared
	})
	onSnap(snapTextureCode, func(d *Device, r *recSnapTexture) error {
		t := d.textures[r.ID]
		if t == nil {
			return fmt.Errorf("snapshot of unknown texture %d", r.ID)
		}
		t.lod = min(int(r.LOD), t.levels-1)
		if t.autogen {
			t.autogenFilter = types.TextureFilterType(r.AutogenFilter)
			if r.MipsStale != 0 && !t.mipsStale {
				t.mipsStale = true
				d.staleMips++
			}
		}
		return nil
	}, nil)
}

// snapObject returns the backend texture a recSnapTexels fills.
func (d *Device) snapObject(r *recSnapTexels) (backend.Texture, error) {
	switch r.Target {
	case snapTexture:
		if t := d.textures[r.ID]; t != nil {
			return t.tex, nil
		}
	case snapSurface:
		if s := d.objects[r.ID]; s != nil && s.owner == 0 && s.tex != nil {
			return s.tex, nil
		}
	case snapFront:
		if r.Width == 0 || r.Height == 0 || r.Width > maxDrawable || r.Height > maxDrawable {
			return nil, fmt.Errorf("snapshot: front image %dx%d", r.Width, r.Height)
		}
		s, err := d.drawable(r.ID, int(r.Width), int(r.Height))
		if err != nil {
			return nil, err
		}
		return s.tex, nil
	}
	return nil, fmt.Errorf("snapshot texels of unknown object %d (target %d)", r.ID, r.Target)
}

// restoreTexels writes a recSnapTexels' texels.
func (d *Device) restoreTexels(r *recSnapTexels) error {
	tex, err := d.snapObject(r)
	if err != nil {
		return err
	}
	pf := tex.Format()
	if pixfmt.Format(r.Format) != pf {
		return fmt.Errorf("snapshot: object %d was stored as %v, this backend stores it as %v; its texels are left out", r.ID, pixfmt.Format(r.Format), pf)
	}
	level, slice := int(r.Level), int(r.Slice)
	slices := 1
	if tex.Type() == backend.TextureTypeCube {
		slices = 6
	}
	if level >= tex.MipLevels() || slice >= slices {
		return fmt.Errorf("snapshot: object %d has no level %d slice %d", r.ID, level, slice)
	}
	w, h, dp, samples := levelSize(tex, level)
	bpr, bpi := pf.BytesPerRow(w)*samples, pf.BytesPerImage(w, h)*samples
	if int(r.Width) != w || int(r.Height) != h || int(r.Depth) != dp || int(r.Samples) != samples ||
		int(r.BytesPerRow) != bpr || int(r.BytesPerImage) != bpi {
		return fmt.Errorf("snapshot: texels of object %d level %d do not fit it", r.ID, level)
	}
	if r.Src == 0 {
		return fmt.Errorf("snapshot: texels of object %d level %d missing", r.ID, level)
	}
	data := unsafe.Slice((*byte)(guestPtr(r.Src)), bpi*dp)
	d.flush() // a drawable's clear, or an earlier write, goes first
	tex.Replace(backend.Region{Width: w, Height: h, Depth: dp}, level, slice, data, bpr, bpi)
	return nil
}

// levelSize is a level's width, height, depth and samples.
func levelSize(tex backend.Texture, level int) (w, h, dp, samples int) {
	w, h, dp = max(tex.Width()>>level, 1), max(tex.Height()>>level, 1), 1
	if tex.Type() == backend.TextureType3D {
		dp = max(tex.Depth()>>level, 1)
	}
	return w, h, dp, max(tex.SampleCount(), 1)
}

// snapBuilder lays records out in chunks as the guest's arena does, and
// notes each address field with the bytes it names, as capture's note
// does, for encodeFrame.
type snapBuilder struct {
	f    *captured
	used int
}

// emit appends record r (its header's type set to code) followed by
// tail; data, when addr (a field of r) is not nil, is what that field
// names.
func emit[T any](b *snapBuilder, code uint32, r *T, tail []byte, addr *uint64, data []byte) {
	(*shared.RecordHeader)(unsafe.Pointer(r)).Type = code
	rec := unsafe.Slice((*byte)(unsafe.Pointer(r)), unsafe.Sizeof(*r))
	size := (len(rec) + len(tail) + 7) &^ 7
	if len(b.f.chunks) == 0 || b.used+size > shared.ChunkSize {
		b.f.chunks = append(b.f.chunks, make([]byte, shared.ChunkSize))
		b.used = 8
	}
	ci := len(b.f.chunks) - 1
	c := b.f.chunks[ci]
	copy(c[b.used:], rec)
	copy(c[b.used+len(rec):], tail)
	binary.LittleEndian.PutUint32(c[b.used+4:], uint32(size))
	if addr != nil && len(data) > 0 {
		off := int(uintptr(unsafe.Pointer(addr)) - uintptr(unsafe.Pointer(r)))
		b.f.fields = append(b.f.fields, ownedField{ci, b.used + off, data})
	}
	b.used += size
	binary.LittleEndian.PutUint32(c, uint32(b.used))
}

func sortedIDs[V any](m map[uint32]V) []uint32 { return slices.Sorted(maps.Keys(m)) }

// snapshot describes the device as it is between two frames: records
// that make a new device the same. It waits for the GPU, then reads
// every resource back.
func (d *Device) snapshot() *captured {
	d.flush()
	b := &snapBuilder{f: &captured{}}
	code := shared.RecordCode

	// Objects.
	for _, id := range sortedIDs(d.objects) {
		s := d.objects[id]
		if s.owner != 0 {
			continue
		}
		ms := uint32(0)
		if s.samples > 1 {
			ms = uint32(s.samples)
		}
		emit(b, code("CreateSurface"), &shared.RecCreateSurface{ID: id, Kind: s.kind, Width: uint32(s.width), Height: uint32(s.height),
			Format: uint32(s.format), Multisample: ms}, nil, nil, nil)
		if s.discard {
			emit(b, code("SurfaceDiscard"), &shared.RecSurfaceDiscard{Surface: id}, nil, nil, nil)
		}
	}
	for _, id := range sortedIDs(d.textures) {
		t := d.textures[id]
		usage := uint32(0)
		if t.autogen {
			usage = types.D3DUSAGE_AUTOGENMIPMAP
		} else if t.tex.Usage()&backend.UsageRenderTarget != 0 {
			usage = types.D3DUSAGE_RENDERTARGET
		}
		emit(b, code("CreateTexture"), &shared.RecCreateTexture{ID: id, Type: uint32(t.kind), Format: uint32(t.format),
			Width: uint32(t.width), Height: uint32(t.height), Depth: uint32(t.depth), Levels: uint32(t.levels), Usage: usage}, nil, nil, nil)
	}
	for _, id := range sortedIDs(d.objects) {
		if s := d.objects[id]; s.owner != 0 {
			emit(b, code("TextureSurface"), &shared.RecTextureSurface{ID: id, Texture: s.owner, Level: uint32(s.level), Face: uint32(s.slice)}, nil, nil, nil)
		}
	}
	for _, id := range sortedIDs(d.buffers) {
		buf := d.buffers[id]
		emit(b, code("CreateBuffer"), &shared.RecCreateBuffer{ID: id, Size: uint32(buf.size), Format: uint32(buf.format)}, nil, nil, nil)
		r := shared.RecUpdateBuffer{ID: id, Size: uint32(buf.size)}
		emit(b, code("UpdateBuffer"), &r, nil, &r.Src, bytes.Clone(buf.buf.Contents()[:buf.size]))
	}
	for _, id := range sortedIDs(d.decls) {
		dc := d.decls[id]
		var els []byte
		for _, e := range dc.els {
			els = binary.LittleEndian.AppendUint16(els, uint16(e.stream))
			els = binary.LittleEndian.AppendUint16(els, uint16(e.offset))
			els = append(els, byte(e.typ), 0, byte(e.usage), e.index)
		}
		emit(b, code("CreateVertexDecl"), &shared.RecCreateVertexDecl{ID: id, Count: uint32(len(dc.els))}, els, nil, nil)
	}
	for _, id := range sortedIDs(d.shaders) {
		sh := d.shaders[id]
		if sh.src == nil {
			d.log.Warn("snapshot: a shader's bytecode was not kept; the replay lacks it", zap.Uint32("shader", id))
			continue
		}
		r := shared.RecCreateShader{ID: id, Kind: sh.kind, Size: uint32(len(sh.src))}
		if sh.software {
			r.Software = 1
		}
		emit(b, code("CreateShader"), &r, nil, &r.Code, sh.src)
	}
	for _, id := range sortedIDs(d.palettes) {
		p := d.palettes[id]
		entries := unsafe.Slice((*byte)(unsafe.Pointer(p)), unsafe.Sizeof(*p))
		emit(b, code("SetPaletteEntries"), &shared.RecSetPaletteEntries{Palette: id}, entries, nil, nil)
	}
	emit(b, code("SetCurrentTexturePalette"), &shared.RecSetFlag{Value: d.st.palette}, nil, nil, nil)
	for _, id := range sortedIDs(d.chains) {
		c := d.chains[id]
		if len(c.buffers) == 0 {
			continue // made by a multisampled Present alone
		}
		var ids []byte
		for _, bb := range c.buffers {
			ids = binary.LittleEndian.AppendUint32(ids, bb)
		}
		emit(b, code("SwapChain"), &shared.RecSwapChain{SwapChain: id, SwapEffect: c.effect, Count: uint32(len(c.buffers))}, ids, nil, nil)
	}

	// Contents.
	for _, id := range sortedIDs(d.textures) {
		t := d.textures[id]
		faces := 1
		if t.kind == types.D3DRTYPE_CUBETEXTURE {
			faces = 6
		}
		for face := range faces {
			for level := range t.levels {
				if t.raw != nil {
					b.paletted(t, id, face, level)
				} else {
					b.texels(snapTexture, id, t.tex, level, face)
				}
			}
		}
		r := recSnapTexture{ID: id, LOD: uint32(t.lod), AutogenFilter: uint32(t.autogenFilter)}
		if t.mipsStale {
			r.MipsStale = 1
		}
		emit(b, snapTextureCode, &r, nil, nil, nil)
	}
	for _, id := range sortedIDs(d.objects) {
		if s := d.objects[id]; s.owner == 0 && s.tex != nil {
			b.texels(snapSurface, id, s.tex, 0, 0)
		}
	}
	for _, id := range sortedIDs(d.front) {
		b.texels(snapFront, id, d.front[id].tex, 0, 0)
	}

	// State.
	for i, rt := range d.rts {
		emit(b, code("SetRenderTarget"), &shared.RecSetRenderTarget{Slot: uint32(i), Surface: rt}, nil, nil, nil)
	}
	emit(b, code("SetDepthStencil"), &shared.RecSetDepthStencil{Surface: d.ds}, nil, nil, nil)
	vp, sc := d.vp, d.scissor
	emit(b, code("SetViewport"), &vp, nil, nil, nil)
	emit(b, code("SetScissor"), &sc, nil, nil, nil)
	// A state at its default goes without a record: the replay's device
	// starts at the defaults.
	var def drawState
	def.reset()
	st := &d.st
	for i, v := range st.ff.RS {
		if v != def.ff.RS[i] {
			emit(b, code("SetRenderState"), &shared.RecSetRenderState{State: uint32(i), Value: v}, nil, nil, nil)
		}
	}
	if st.a2m {
		emit(b, code("SetRenderState"), &shared.RecSetRenderState{State: uint32(types.D3DRS_POINTSIZE), Value: uint32(types.D3DFMT_A2M1)}, nil, nil, nil)
	}
	for s := range ff.MaxStages {
		for i, v := range st.ff.TSS[s] {
			if v == def.ff.TSS[s][i] {
				continue
			}
			emit(b, code("SetTextureStageState"), &shared.RecSetTextureStageState{Stage: uint32(s), State: uint32(i), Value: v}, nil, nil, nil)
		}
	}
	for s := range st.samp {
		for i, v := range st.samp[s] {
			if v != def.samp[s][i] {
				emit(b, code("SetSamplerState"), &shared.RecSetSamplerState{Sampler: uint32(s), State: uint32(i), Value: v}, nil, nil, nil)
			}
		}
		if st.tex[s] != 0 {
			emit(b, code("SetTexture"), &shared.RecSetTexture{Sampler: uint32(s), Texture: st.tex[s]}, nil, nil, nil)
		}
	}
	p := st.params
	transform := func(state uint32, m *types.Matrix) {
		if *m == ff.Identity {
			return
		}
		r := shared.RecSetTransform{State: state}
		for i := range 16 {
			r.Matrix[i] = m.M[i/4][i%4]
		}
		emit(b, code("SetTransform"), &r, nil, nil, nil)
	}
	transform(uint32(types.D3DTS_VIEW), &p.View)
	transform(uint32(types.D3DTS_PROJECTION), &p.Proj)
	for i := range p.Texture {
		transform(uint32(types.D3DTS_TEXTURE0)+uint32(i), &p.Texture[i])
	}
	for i := range p.World {
		transform(256+uint32(i), &p.World[i])
	}
	m := p.Material
	col := func(c types.ColorValue) [4]float32 { return [4]float32{c.R, c.G, c.B, c.A} }
	if m != def.params.Material {
		emit(b, code("SetMaterial"), &shared.RecSetMaterial{Diffuse: col(m.Diffuse), Ambient: col(m.Ambient), Specular: col(m.Specular),
			Emissive: col(m.Emissive), Power: m.Power}, nil, nil, nil)
	}
	for _, i := range sortedIDs(st.lights) {
		l := st.lights[i]
		ld := l.data
		emit(b, code("SetLight"), &shared.RecSetLight{Index: i, Type: uint32(ld.Type), Diffuse: col(ld.Diffuse), Specular: col(ld.Specular),
			Ambient: col(ld.Ambient), Position: [3]float32{ld.Position.X, ld.Position.Y, ld.Position.Z},
			Direction: [3]float32{ld.Direction.X, ld.Direction.Y, ld.Direction.Z}, Range: ld.Range, Falloff: ld.Falloff,
			Attenuation0: ld.Attenuation0, Attenuation1: ld.Attenuation1, Attenuation2: ld.Attenuation2, Theta: ld.Theta, Phi: ld.Phi}, nil, nil, nil)
		en := uint32(0)
		if l.enabled {
			en = 1
		}
		emit(b, code("LightEnable"), &shared.RecLightEnable{Index: i, Enable: en}, nil, nil, nil)
	}
	for i, pl := range p.ClipPlanes {
		if pl == def.params.ClipPlanes[i] {
			continue
		}
		emit(b, code("SetClipPlane"), &shared.RecSetClipPlane{Index: uint32(i), Plane: pl}, nil, nil, nil)
	}
	for _, stage := range []struct {
		shader uint32
		c      *consts
	}{{shared.ConstShaderVertex, &st.vsConst}, {shared.ConstShaderPixel, &st.psConst}} {
		b.consts("SetShaderConstF", stage.shader, unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(stage.c.f))), 16*len(stage.c.f)), 16)
		b.consts("SetShaderConstI", stage.shader, unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(stage.c.i))), 16*len(stage.c.i)), 16)
		b.consts("SetShaderConstB", stage.shader, unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(stage.c.b))), 4*len(stage.c.b)), 4)
	}
	for i, s := range st.streams {
		if s.buffer != 0 || s.offset != 0 || s.stride != 0 {
			emit(b, code("SetStreamSource"), &shared.RecSetStreamSource{Stream: uint32(i), Buffer: s.buffer, Offset: s.offset, Stride: s.stride}, nil, nil, nil)
		}
		if s.freq != def.streams[i].freq {
			emit(b, code("SetStreamSourceFreq"), &shared.RecSetStreamSourceFreq{Stream: uint32(i), Setting: s.freq}, nil, nil, nil)
		}
	}
	emit(b, code("SetIndices"), &shared.RecSetObject{Object: st.indices}, nil, nil, nil)
	if st.decl != 0 {
		emit(b, code("SetVertexDeclaration"), &shared.RecSetObject{Object: st.decl}, nil, nil, nil)
	} else if st.fvf != 0 || st.ff.Decl != ff.DefaultState().Decl {
		emit(b, code("SetFVF"), &shared.RecSetFVF{FVF: st.fvf}, nil, nil, nil)
	}
	emit(b, code("SetVertexShader"), &shared.RecSetObject{Object: st.vs}, nil, nil, nil)
	emit(b, code("SetPixelShader"), &shared.RecSetObject{Object: st.ps}, nil, nil, nil)
	emit(b, code("SetNPatchMode"), &shared.RecSetNPatchMode{Segments: st.npatch}, nil, nil, nil)
	swvp := uint32(0)
	if st.swvp {
		swvp = 1
	}
	emit(b, code("SetSoftwareVertexProcessing"), &shared.RecSetFlag{Value: swvp}, nil, nil, nil)
	return b.f
}

// texels reads back one level and slice of tex.
func (b *snapBuilder) texels(target, id uint32, tex backend.Texture, level, slice int) {
	pf := tex.Format()
	w, h, dp, samples := levelSize(tex, level)
	bpr, bpi := pf.BytesPerRow(w)*samples, pf.BytesPerImage(w, h)*samples
	data := make([]byte, bpi*dp)
	tex.GetBytes(data, bpr, bpi, backend.Region{Width: w, Height: h, Depth: dp}, level, slice)
	r := recSnapTexels{Target: target, ID: id, Level: uint32(level), Slice: uint32(slice), Format: uint32(pf),
		Width: uint32(w), Height: uint32(h), Depth: uint32(dp), Samples: uint32(samples), BytesPerRow: uint32(bpr), BytesPerImage: uint32(bpi)}
	emit(b, snapTexelsCode, &r, nil, &r.Src, data)
}

// paletted writes a palettised texture's level as its indices.
func (b *snapBuilder) paletted(t *texture, id uint32, face, level int) {
	w, h, dp := max(t.width>>level, 1), max(t.height>>level, 1), max(t.depth>>level, 1)
	rp := format.Pitch(t.format, w)
	r := shared.RecUpdateTexture{ID: id, Level: uint32(level), Face: uint32(face), Right: uint32(w), Bottom: uint32(h), Back: uint32(dp),
		Pitch: uint32(rp), SlicePitch: uint32(rp * h)}
	emit(b, shared.RecordCode("UpdateTexture"), &r, nil, &r.Src, bytes.Clone(t.raw[face*t.levels+level]))
}

// consts writes a stage's constants of one kind, in records that fit a
// chunk.
func (b *snapBuilder) consts(name string, shader uint32, data []byte, size int) {
	const per = 1024 // registers per record
	for start := 0; start < len(data)/size; start += per {
		n := min(per, len(data)/size-start)
		if !slices.ContainsFunc(data[start*size:(start+n)*size], func(v byte) bool { return v != 0 }) {
			continue // zeros, as the replay's constants start
		}
		emit(b, shared.RecordCode(name), &shared.RecSetShaderConst{Shader: shader, Start: uint32(start), Count: uint32(n)},
			data[start*size:(start+n)*size], nil, nil)
	}
}

// hotkeyCapture, on the encoder before frame f (whose Present the frame
// hotkey marked) replays, takes the snapshot and has a goroutine write
// the capture file: the snapshot, then f. A failure is logged and the
// frame replays all the same.
func (d *Device) hotkeyCapture(f *captured) {
	defer func() {
		if r := recover(); r != nil {
			d.log.Error("frame capture panicked", zap.Any("panic", r), zap.Stack("stack"))
		}
	}()
	snap := d.snapshot()
	h := CaptureHeader{Version: capVersion, GuestArch: d.capture.arch, WireHash: shared.WireHash(), Frame: f.dumpAt}
	frame := encodeFrame(nil, f) // f goes back to its pools once replayed
	path := f.snapPath
	d.log.Info("capturing the frame the hotkey asked for", zap.Uint64("frame", f.dumpAt), zap.String("file", path))
	d.snapWrites.Add(1)
	go func() {
		defer d.snapWrites.Done()
		err := writeFile(path, func(w io.Writer) error {
			if _, err := w.Write(h.bytes()); err != nil {
				return err
			}
			if err := writeSection(w, capSnap, snap); err != nil {
				return err
			}
			end := append(frame, capEnd...)
			end = binary.LittleEndian.AppendUint32(end, 0)
			_, err := w.Write(binary.LittleEndian.AppendUint64(end, 1))
			return err
		})
		if err != nil {
			d.log.Warn("frame capture failed", zap.String("file", path), zap.Error(err))
			return
		}
		d.log.Info("frame capture written", zap.String("path", path), zap.Uint64("frame", h.Frame))
	}()
}

// writeSection writes what encodeSection appends, a chunk at a time, so
// a snapshot's texels are not copied whole again.
func writeSection(w io.Writer, tag string, f *captured) error {
	var data int
	offs := make([]int, len(f.fields))
	byChunk := make([][]int, len(f.chunks))
	for i, fl := range f.fields {
		offs[i] = data
		data += (len(fl.data) + 15) &^ 15
		byChunk[fl.chunk] = append(byChunk[fl.chunk], i)
	}
	head := append([]byte(tag), 0, 0, 0, 0)
	binary.LittleEndian.PutUint32(head[4:], uint32(len(f.chunks)))
	if _, err := w.Write(binary.LittleEndian.AppendUint64(head, uint64(data))); err != nil {
		return err
	}
	buf := make([]byte, shared.ChunkSize)
	for ci, c := range f.chunks {
		used := binary.LittleEndian.Uint32(c)
		copy(buf, c[:used])
		for _, i := range byChunk[ci] {
			binary.LittleEndian.PutUint64(buf[f.fields[i].off:], uint64(offs[i])+1)
		}
		if _, err := w.Write(buf[:used]); err != nil {
			return err
		}
	}
	var pad [16]byte
	for _, fl := range f.fields {
		if _, err := w.Write(fl.data); err != nil {
			return err
		}
		if _, err := w.Write(pad[:(len(fl.data)+15)&^15-len(fl.data)]); err != nil {
			return err
		}
	}
	return nil
}

// writeFile writes path through path.part, so a file under its name is
// whole.
func writeFile(path string, write func(io.Writer) error) error {
	part := path + ".part"
	file, err := os.Create(part)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(file, 1<<20)
	err = cmp.Or(write(bw), bw.Flush(), file.Close())
	if err == nil {
		err = os.Rename(part, path)
	}
	if err != nil {
		os.Remove(part)
	}
	return err
}

// wantHotkeyCapture marks a submitted frame whose Present the frame
// hotkey marked for a capture, when debug.capture_hotkey is on.
func (d *Device) wantHotkeyCapture(f *captured) {
	if !d.capture.hotkey || f.dumpAt == 0 {
		return
	}
	if d.framePNG == "" {
		d.log.Warn("no log folder to write the frame capture beside", zap.Uint64("frame", f.dumpAt))
		return
	}
	if w := d.capw; w != nil && w.last == f.dumpAt {
		return // debug.capture_frame writes that file
	}
	f.snapPath = fmt.Sprintf("%s-capture-%d.mtlcap", d.framePNG, f.dumpAt)
}

// captureOnHotkey turns debug.capture_hotkey on: address fields are
// noted at every capture, and shaders keep their bytecode.
func (d *Device) captureOnHotkey(arch uint32) {
	d.capture.hotkey, d.capture.note, d.capture.arch = true, true, arch
	d.keepCode = true
}
