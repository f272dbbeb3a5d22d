package device

import (
	"fmt"

	"mtld3d/core/ff"
	"mtld3d/core/ir"
	"mtld3d/types"
	"mtld3d/unix/backend"
)

// fvfElements lists an FVF vertex's elements in memory order, on stream 0.
func fvfElements(fvf uint32) []element {
	var els []element
	off := uint32(0)
	put := func(u ir.Usage, idx uint8, f backend.VertexFormat) {
		els = append(els, element{offset: off, format: f, usage: u, index: idx})
		off += uint32(f.Size())
	}
	floats := [5]backend.VertexFormat{0, backend.VertexFloat, backend.VertexFloat2, backend.VertexFloat3, backend.VertexFloat4}
	dcl := ff.DeclFromFVF(fvf)
	switch fvf & types.D3DFVF_POSITION_MASK {
	case types.D3DFVF_XYZRHW:
		put(ir.UsagePositionT, 0, backend.VertexFloat4)
	case types.D3DFVF_XYZW:
		put(ir.UsagePosition, 0, backend.VertexFloat4)
	case 0:
		return nil
	default:
		put(ir.UsagePosition, 0, backend.VertexFloat3)
	}
	if dcl.BlendWeights > 0 {
		put(ir.UsageBlendWeight, 0, floats[dcl.BlendWeights])
	}
	if dcl.Indices {
		if dcl.IndicesColor {
			put(ir.UsageBlendIndices, 0, backend.VertexUChar4Normalized_BGRA)
		} else {
			put(ir.UsageBlendIndices, 0, backend.VertexUChar4)
		}
	}
	if dcl.Normal {
		put(ir.UsageNormal, 0, backend.VertexFloat3)
	}
	if dcl.PSize {
		put(ir.UsagePSize, 0, backend.VertexFloat)
	}
	if dcl.Diffuse {
		put(ir.UsageColor, 0, backend.VertexUChar4Normalized_BGRA)
	}
	if dcl.Specular {
		put(ir.UsageColor, 1, backend.VertexUChar4Normalized_BGRA)
	}
	for i := 0; i < int(dcl.TexCoords); i++ {
		put(ir.UsageTexCoord, uint8(i), floats[max(dcl.TexCoordSize[i], 1)])
	}
	return els
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

// vertexDescriptor places each element where the vertex function reads
// it; stream s is backend buffer streamBase+s.
func vertexDescriptor(els []element, locate func(ir.Usage, uint8) (int, bool), streams streamFunc, instanceStep func(uint32) uint32) (backend.VertexDescriptor, []uint32, error) {
	var vd backend.VertexDescriptor
	var used []uint32
	for _, e := range els {
		loc, ok := locate(e.usage, e.index)
		if !ok || loc >= len(vd.Attributes) {
			continue
		}
		if e.format == backend.VertexInvalid {
			return vd, nil, fmt.Errorf("vertex element %v%d has a type the backend cannot read", e.usage, e.index)
		}
		bi := streamBase + int(e.stream)
		if bi >= len(vd.Layouts) {
			return vd, nil, fmt.Errorf("stream %d is beyond the backend's vertex buffers", e.stream)
		}
		vd.Attributes[loc] = backend.VertexAttribute{Format: e.format, Offset: e.offset, BufferIndex: uint8(bi)}
		if vd.Layouts[bi].Stride == 0 {
			_, _, stride, ok := streams(e.stream)
			if !ok {
				return vd, nil, fmt.Errorf("stream %d is declared but nothing is bound", e.stream)
			}
			vd.Layouts[bi] = backend.VertexBufferLayout{Stride: uint32(stride)}
			if step := instanceStep(e.stream); step > 0 {
				vd.Layouts[bi].Step, vd.Layouts[bi].StepRate = backend.StepPerInstance, step
			}
			used = append(used, e.stream)
		}
	}
	return vd, used, nil
}

// vertexElements is the vertex layout in force: the declaration's, or
// the FVF's; nil if neither is set.
func (d *Device) vertexElements() []element {
	switch {
	case d.st.decl != 0:
		return d.decls[d.st.decl]
	case d.st.fvf != 0:
		return fvfElements(d.st.fvf)
	}
	return nil
}

// instancing reads SetStreamSourceFreq: with stream 0 marked INDEXEDDATA
// an indexed draw repeats for its count of instances, and streams marked
// INSTANCEDATA advance once per that many instances. It answers the
// instance count and each stream's step rate (0: per vertex).
func (d *Device) instancing(idx *indexSource) (int, func(uint32) uint32) {
	instances := 1
	if f := d.st.streams[0].freq; idx != nil && f&types.D3DSTREAMSOURCE_INDEXEDDATA != 0 {
		instances = max(int(f&0x3fffffff), 1)
	}
	return instances, func(s uint32) uint32 {
		if instances == 1 || s >= uint32(len(d.st.streams)) {
			return 0
		}
		if f := d.st.streams[s].freq; f&types.D3DSTREAMSOURCE_INSTANCEDATA != 0 {
			return max(f&0x3fffffff, 1)
		}
		return 0
	}
}
