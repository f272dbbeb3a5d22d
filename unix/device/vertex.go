package device

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"mtld3d/core/caps"
	"mtld3d/core/ff"
	"mtld3d/core/ir"
	"mtld3d/core/msl"
	"mtld3d/types"
	"mtld3d/unix/backend"
)

// Vertex input: D3D9 stream s is backend vertex buffer streamBase+s
// (core/msl's layout: buffers below it hold the constants and the draw
// state); elements the backend cannot read as D3D9 does (UDEC3, DEC3N)
// are converted into buffers of their own after the streams.
const (
	maxStreams  = caps.MaxStreams
	streamBase  = msl.BufferVertex0
	convertBase = streamBase + maxStreams
	maxConvert  = backend.MaxVertexBufferLayouts - convertBase
)

// errNoStream marks a draw whose declaration reads a stream nothing is
// bound to: Windows leaves it undefined; we skip the draw.
var errNoStream = errors.New("declared stream not bound")

// fvfElements lists an FVF vertex's elements in memory order, on stream 0.
func fvfElements(fvf uint32) []element {
	return appendFVFElements(nil, fvf)
}

func appendFVFElements(els []element, fvf uint32) []element {
	off := uint32(0)
	put := func(u ir.Usage, idx uint8, t types.DeclType) {
		f := declTypes[t]
		els = append(els, element{offset: off, format: f, typ: t, usage: u, index: idx})
		off += uint32(f.Size())
	}
	floats := [5]types.DeclType{0, types.D3DDECLTYPE_FLOAT1, types.D3DDECLTYPE_FLOAT2, types.D3DDECLTYPE_FLOAT3, types.D3DDECLTYPE_FLOAT4}
	dcl := ff.DeclFromFVF(fvf)
	switch fvf & types.D3DFVF_POSITION_MASK {
	case types.D3DFVF_XYZRHW:
		put(ir.UsagePositionT, 0, types.D3DDECLTYPE_FLOAT4)
	case types.D3DFVF_XYZW:
		put(ir.UsagePosition, 0, types.D3DDECLTYPE_FLOAT4)
	case 0:
		return els
	default:
		put(ir.UsagePosition, 0, types.D3DDECLTYPE_FLOAT3)
	}
	if dcl.BlendWeights > 0 {
		put(ir.UsageBlendWeight, 0, floats[dcl.BlendWeights])
	}
	if fvf&types.D3DFVF_POSITION_MASK == types.D3DFVF_XYZB5 && !dcl.Indices {
		off += 4 // a fifth beta nothing reads
	}
	if dcl.Indices {
		if dcl.IndicesColor {
			put(ir.UsageBlendIndices, 0, types.D3DDECLTYPE_D3DCOLOR)
		} else {
			put(ir.UsageBlendIndices, 0, types.D3DDECLTYPE_UBYTE4)
		}
	}
	if dcl.Normal {
		put(ir.UsageNormal, 0, types.D3DDECLTYPE_FLOAT3)
	}
	if dcl.PSize {
		put(ir.UsagePSize, 0, types.D3DDECLTYPE_FLOAT1)
	}
	if dcl.Diffuse {
		put(ir.UsageColor, 0, types.D3DDECLTYPE_D3DCOLOR)
	}
	if dcl.Specular {
		put(ir.UsageColor, 1, types.D3DDECLTYPE_D3DCOLOR)
	}
	for i := 0; i < int(dcl.TexCoords); i++ {
		put(ir.UsageTexCoord, uint8(i), floats[max(dcl.TexCoordSize[i], 1)])
	}
	return els
}

// converted says the backend's vertex fetch cannot read the element as
// D3D9 expands it: UDEC3 is (x, y, z, 1) unnormalised, and DEC3N is
// (x/511, y/511, z/511, 1) where Metal's Int1010102Normalized reads w from
// the top two bits. The draw converts such elements to float4 on the CPU.
func (e *element) converted() bool {
	return e.typ == types.D3DDECLTYPE_UDEC3 || e.typ == types.D3DDECLTYPE_DEC3N
}

// decode reads one element as D3D9 expands it (p holds at least
// e.format.Size() bytes).
func (e *element) decode(p []byte) [4]float32 {
	switch e.typ {
	case types.D3DDECLTYPE_UDEC3:
		u := binary.LittleEndian.Uint32(p)
		return [4]float32{float32(u & 1023), float32(u >> 10 & 1023), float32(u >> 20 & 1023), 1}
	case types.D3DDECLTYPE_DEC3N:
		u := binary.LittleEndian.Uint32(p)
		v := [4]float32{0, 0, 0, 1}
		for i := 0; i < 3; i++ {
			x := int32(u<<(22-10*uint(i))) >> 22
			v[i] = max(float32(x)/511, -1)
		}
		return v
	}
	return backend.DecodeAttribute(e.format, p)
}

// ffLocation is where core/ff's vertex shader reads an element.
func ffLocation(u ir.Usage, idx uint8) (int, bool) {
	switch u {
	case ir.UsagePosition, ir.UsagePositionT:
		if idx == 1 {
			return ff.LocPosition1, true
		}
		return ff.LocPosition, idx == 0
	case ir.UsageBlendWeight:
		return ff.LocBlendWeight, idx == 0
	case ir.UsageBlendIndices:
		return ff.LocBlendIndices, idx == 0
	case ir.UsageNormal:
		if idx == 1 {
			return ff.LocNormal1, true
		}
		return ff.LocNormal, idx == 0
	case ir.UsagePSize:
		return ff.LocPSize, idx == 0
	case ir.UsageColor:
		return ff.LocDiffuse + int(idx), idx < 2
	case ir.UsageTexCoord:
		return ff.LocTexCoord0 + int(idx), idx < ff.MaxStages
	case ir.UsageTangent:
		return ff.LocTangent, idx == 0
	case ir.UsageBinormal:
		return ff.LocBinormal, idx == 0
	case ir.UsageFog:
		return ff.LocFog, idx == 0
	case ir.UsageDepth:
		return ff.LocDepth, idx == 0
	}
	return 0, false
}

// shaderLocation finds where a vertex shader reads an element: the input
// with the same usage and index (a pre-transformed position also feeds a
// position input).
func shaderLocation(s *ir.Shader) func(ir.Usage, uint8) (int, bool) {
	return func(u ir.Usage, idx uint8) (int, bool) {
		for _, in := range s.Inputs {
			if in.Usage == u && in.UsageIndex == idx {
				return in.Location, true
			}
		}
		if u == ir.UsagePositionT {
			for _, in := range s.Inputs {
				if in.Usage == ir.UsagePosition && in.UsageIndex == idx {
					return in.Location, true
				}
			}
		}
		return 0, false
	}
}

// vbinding is one backend vertex buffer a draw binds: D3D9 stream s at
// streamBase+s, or (conv) one converted element of a stream. A stream
// whose stride or offset is not a multiple of 4, which Metal's vertex
// fetch requires and D3D9 does not, is repacked to stride (repack).
type vbinding struct {
	index  int
	stream uint32
	conv   bool
	el     element // the converted element
	repack bool
	stride int
}

// vertexDescriptor places each element where the vertex function reads
// it and appends the vertex buffers the draw must bind to binds. A stream
// bound with stride 0 gives every vertex its first element (Metal's
// constant step); streams marked INSTANCEDATA step per instance.
func vertexDescriptor(vd *backend.VertexDescriptor, binds []vbinding, els []element, locate func(ir.Usage, uint8) (int, bool), vs *vertexStreams, inst instancing) ([]vbinding, error) {
	*vd = backend.VertexDescriptor{}
	nconv := 0
	for i := range els {
		e := &els[i]
		loc, ok := locate(e.usage, e.index)
		if !ok || loc >= len(vd.Attributes) {
			continue
		}
		if e.format == backend.VertexInvalid || e.stream >= maxStreams {
			return binds, fmt.Errorf("vertex element %v%d (type %d, stream %d) cannot be read", e.usage, e.index, e.typ, e.stream)
		}
		_, _, stride, ok := vs.stream(e.stream)
		if !ok {
			return binds, fmt.Errorf("stream %d: %w", e.stream, errNoStream)
		}
		layout := backend.VertexBufferLayout{Stride: uint32(stride)}
		switch step := inst.step(e.stream); {
		case stride == 0:
			layout.Step = backend.StepConstant
		case step > 0:
			layout.Step, layout.StepRate = backend.StepPerInstance, step
		}
		if e.converted() {
			if nconv == maxConvert {
				return binds, fmt.Errorf("more than %d UDEC3/DEC3N elements", maxConvert)
			}
			bi := convertBase + nconv
			nconv++
			vd.Attributes[loc] = backend.VertexAttribute{Format: backend.VertexFloat4, BufferIndex: uint8(bi)}
			if stride != 0 {
				layout.Stride = 16
			}
			vd.Layouts[bi] = layout
			binds = append(binds, vbinding{index: bi, stream: e.stream, conv: true, el: *e})
			continue
		}
		bi := streamBase + int(e.stream)
		vd.Attributes[loc] = backend.VertexAttribute{Format: e.format, Offset: e.offset, BufferIndex: uint8(bi)}
		if !bound(binds, bi) {
			_, off, _, _ := vs.stream(e.stream)
			b := vbinding{index: bi, stream: e.stream, repack: stride%4 != 0 || off%4 != 0}
			if b.repack {
				b.stride = (stride + 3) &^ 3
				layout.Stride = uint32(b.stride)
			}
			vd.Layouts[bi] = layout
			binds = append(binds, b)
		}
	}
	return binds, nil
}

func bound(binds []vbinding, index int) bool {
	for i := range binds {
		if binds[i].index == index {
			return true
		}
	}
	return false
}

// convertElement writes one element of every vertex of a stream (from
// the stream offset to the end of its buffer; one vertex at stride 0) as
// float4s into out.
func convertElement(out, data []byte, off, stride int, e *element) []byte {
	out = out[:0]
	size := e.format.Size()
	for at := off + int(e.offset); at >= 0 && at+size <= len(data); at += stride {
		v := e.decode(data[at:])
		for _, f := range v {
			out = binary.LittleEndian.AppendUint32(out, math.Float32bits(f))
		}
		if stride == 0 {
			break
		}
	}
	return out
}

// repackStream copies a stream's vertices (from its offset to the end of
// its buffer) to stride to, keeping each vertex's bytes where they were
// within it. At stride 0 the data from the offset on is copied.
func repackStream(out, data []byte, off, from, to int) []byte {
	out = out[:0]
	if off < 0 || off > len(data) {
		return out
	}
	data = data[off:]
	if from == 0 {
		return append(out, data...)
	}
	for at := 0; at < len(data); at += from {
		v := data[at:min(at+from, len(data))]
		out = append(out, v...)
		for range to - len(v) {
			out = append(out, 0)
		}
	}
	return out
}

// vertexElements is the vertex layout in force: the declaration's, or
// the FVF's (listed once per FVF); nil if neither is set.
func (d *Device) vertexElements() []element {
	switch {
	case d.st.decl != 0:
		if dc := d.decls[d.st.decl]; dc != nil {
			return dc.els
		}
	case d.st.fvf != 0:
		c := &d.draws
		if c.fvf != d.st.fvf || c.fvfEls == nil {
			c.fvf, c.fvfEls = d.st.fvf, appendFVFElements(c.fvfEls[:0], d.st.fvf)
		}
		return c.fvfEls
	}
	return nil
}

// instancing is what SetStreamSourceFreq asks of one draw: with stream 0
// marked INDEXEDDATA an indexed draw is instanced, repeating for its count
// of instances (one included: a single instance still reads the
// INSTANCEDATA streams per instance, Wine's stream_test), and streams
// marked INSTANCEDATA advance once per that many instances.
type instancing struct {
	on    bool
	count int
	freq  *[maxStreams]stream
}

func (d *Device) instancing(indexed bool) instancing {
	in := instancing{count: 1, freq: &d.st.streams}
	if f := d.st.streams[0].freq; indexed && f&types.D3DSTREAMSOURCE_INDEXEDDATA != 0 {
		in.on, in.count = true, max(int(f&0x3fffffff), 1)
	}
	return in
}

// step is a stream's instance step rate, 0 for per-vertex data.
func (in instancing) step(s uint32) uint32 {
	if !in.on || s >= uint32(len(in.freq)) {
		return 0
	}
	if f := in.freq[s].freq; f&types.D3DSTREAMSOURCE_INSTANCEDATA != 0 {
		return max(f&0x3fffffff, 1)
	}
	return 0
}
