package device

import (
	"encoding/binary"
	"slices"

	"mtld3d/core/ir"
	"mtld3d/types"
	"mtld3d/unix/backend"
)

// pointMode says what an encodeDraw draws as points instead of pt.
type pointMode uint8

const (
	asIs          pointMode = iota
	lineEndPoints           // a point of size 1 at each line's end vertex (D3DRS_LASTPIXEL)
	shownFace               // the vertices of the triangles culling keeps (D3DFILL_POINT)
)

// culledFill says a point-fill draw of triangles must be culled first: a
// culling mode is set and the draw is not instanced (culling reads each
// vertex once, on the CPU). Metal culls no points, so the triangles are
// culled here; without culling every vertex the draw names is a point.
func (d *Device) culledFill(idx indexSource) bool {
	c := types.Cull(d.st.ff.RS[types.D3DRS_CULLMODE])
	return (c == types.D3DCULL_CW || c == types.D3DCULL_CCW) && !d.instancing(idx.size != 0).on
}

// at reads index i of an indexed draw, or answers i.
func (idx indexSource) at(i int) uint32 {
	if idx.size == 0 {
		return uint32(i)
	}
	src := idx.buf.Contents()[idx.offset:]
	if idx.size == 2 {
		return uint32(binary.LittleEndian.Uint16(src[2*i:]))
	}
	return binary.LittleEndian.Uint32(src[4*i:])
}

// shownVertices lists, as 32-bit indices relative to the draw's base, each
// vertex of the triangles that D3DRS_CULLMODE keeps, once. The vertex
// stage runs on the CPU for the positions; a triangle's facing is the sign
// of the determinant of its clip-space x, y, w, which is its winding on
// the screen whatever part of it the frustum keeps. D3D9's front faces
// are clockwise on the screen; D3DCULL_CW culls those, CCW the others.
// A vertex the CPU cannot run (an element type it cannot read) leaves
// every triangle drawn.
func (d *Device) shownVertices(pt types.PrimitiveType, prims uint32, streams *vertexStreams, idx indexSource, base int, vs *ir.Shader) (backend.Buffer, int, error) {
	cv, err := d.cpuVertices(d.vertexElements(), vs)
	keepAll := err != nil
	cullCW := types.Cull(d.st.ff.RS[types.D3DRS_CULLMODE]) == types.D3DCULL_CW
	pos := map[uint32][4]float32{}
	var out backend.VertexOut
	position := func(v uint32) ([4]float32, error) {
		if p, ok := pos[v]; ok {
			return p, nil
		}
		if err := cv.run(streams.stream, uint32(base)+v, &out); err != nil {
			return [4]float32{}, err
		}
		pos[v] = out.Position
		return out.Position, nil
	}
	seen := map[uint32]bool{}
	list := slices.Grow(d.draws.scratch[:0], 12*int(prims))[:0]
	for t := 0; t < int(prims); t++ {
		var c [3]int
		switch pt {
		case types.D3DPT_TRIANGLESTRIP:
			c = [3]int{t, t + 1, t + 2}
			if t%2 == 1 {
				c[1], c[2] = c[2], c[1] // odd triangles wind the other way
			}
		case types.D3DPT_TRIANGLEFAN:
			c = [3]int{0, t + 1, t + 2}
		default:
			c = [3]int{3 * t, 3*t + 1, 3*t + 2}
		}
		var v [3]uint32
		var p [3][4]float32
		for k := range c {
			v[k] = idx.at(c[k])
			if !keepAll {
				p[k], err = position(v[k])
				keepAll = err != nil
			}
		}
		if keepAll {
			p = [3][4]float32{} // a zero determinant culls nothing
		}
		det := float64(p[0][0])*(float64(p[1][1])*float64(p[2][3])-float64(p[2][1])*float64(p[1][3])) -
			float64(p[1][0])*(float64(p[0][1])*float64(p[2][3])-float64(p[2][1])*float64(p[0][3])) +
			float64(p[2][0])*(float64(p[0][1])*float64(p[1][3])-float64(p[1][1])*float64(p[0][3]))
		// Clip space has y up: a negative determinant is clockwise on the
		// screen.
		if (cullCW && det < 0) || (!cullCW && det > 0) {
			continue
		}
		for _, x := range v {
			if !seen[x] {
				seen[x] = true
				list = binary.LittleEndian.AppendUint32(list, x)
			}
		}
	}
	d.draws.scratch = list
	if err != nil {
		d.log.Debug("point fill drawn without culling: " + err.Error())
	}
	if len(list) == 0 {
		return nil, 0, nil
	}
	ib, err := d.transient(list)
	return ib, len(list) / 4, err
}
