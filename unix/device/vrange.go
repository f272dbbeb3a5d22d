package device

import (
	"encoding/binary"
)

// Vertex ranges. Metal has no robust buffer access: a draw whose vertex
// fetch would run past the end of a bound buffer reads memory that is not
// the buffer's. Such a draw is dropped and logged once, as D3D9's debug
// runtime reports it (the index range itself is checked in encodeDraw).
// A non-indexed draw fetches startVertex..startVertex+n-1; an indexed one
// fetches baseVertex plus each index it reads, so its smallest and largest
// index are found by a scan, cached per index buffer range until the buffer changes
// (static meshes draw the same ranges every frame).

// idxRange is the indices one indexed draw reads.
type idxRange struct{ offset, count int }

// indexSpan is the smallest and largest of the draw's n indices.
func (d *Device) indexSpan(idx indexSource, n int) [2]uint32 {
	key := idxRange{idx.offset, n}
	if b := idx.owner; b != nil {
		if m, ok := b.spans[key]; ok {
			return m
		}
	}
	src := idx.buf.Contents()[idx.offset : idx.offset+n*idx.size]
	m := [2]uint32{^uint32(0), 0}
	if idx.size == 2 {
		for i := 0; i+2 <= len(src); i += 2 {
			v := uint32(binary.LittleEndian.Uint16(src[i:]))
			m = [2]uint32{min(m[0], v), max(m[1], v)}
		}
	} else {
		for i := 0; i+4 <= len(src); i += 4 {
			v := binary.LittleEndian.Uint32(src[i:])
			m = [2]uint32{min(m[0], v), max(m[1], v)}
		}
	}
	if b := idx.owner; b != nil {
		if b.spans == nil {
			b.spans = map[idxRange][2]uint32{}
		}
		b.spans[key] = m
	}
	return m
}

// verticesInside reports whether every attribute the draw fetches, for
// vertices first..last (instanced streams: for each instance), lies inside
// its stream's buffer.
func verticesInside(els []element, located func(*element) bool, streams *vertexStreams, inst instancing, first, last int64) bool {
	for i := range els {
		e := &els[i]
		if !located(e) {
			continue
		}
		buf, off, stride, ok := streams.stream(e.stream)
		if !ok {
			continue // vertexDescriptor reports an unbound stream
		}
		size := int64(e.format.Size())
		if e.converted() {
			size = 4
		}
		lo, hi := first, last
		switch step := inst.step(e.stream); {
		case stride == 0:
			lo, hi = 0, 0
		case step > 0:
			lo, hi = 0, int64(inst.count-1)/int64(step)
		}
		if lo < 0 {
			return false
		}
		if int64(off)+hi*int64(stride)+int64(e.offset)+size > int64(buf.Length()) {
			return false
		}
	}
	return true
}
