package device

import (
	"encoding/binary"
	"fmt"
	"math"
	"unsafe"

	"mtld3d/core/ff"
	"mtld3d/core/ir"
	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/irprog"
)

// ProcessVertices: the current vertex pipeline (fixed function or the
// bound vertex shader) runs on the CPU through the same IR program the
// reference backend draws with, and the results are written as XYZRHW
// vertices in the destination FVF's layout.

func processThunk(p unsafe.Pointer) shared.Status {
	a := (*shared.ProcessVerticesParams)(p)
	d := lookup(a.DeviceID)
	if d == nil || a.Dst == 0 || a.DstSize == 0 || a.DstSize > 1<<30 {
		return shared.StatusInvalidParameter
	}
	dst := unsafe.Slice((*byte)(guestPtr(a.Dst)), a.DstSize)
	var err error
	if cerr := d.call(func() { err = d.ProcessVertices(a, dst) }); cerr != nil {
		err = cerr
	}
	if err != nil {
		d.log.Warn("ProcessVertices failed: " + err.Error())
		return shared.StatusInvalidParameter
	}
	return shared.StatusSuccess
}

// cpuResources gives a vertex program its constant buffers on the CPU.
type cpuResources struct{ bufs [4][]byte }

func (r *cpuResources) Buffer(i int) []byte {
	if i < len(r.bufs) {
		return r.bufs[i]
	}
	return nil
}
func (r *cpuResources) Sample(int, int, [4]float32, float32) [4]float32              { return [4]float32{} }
func (r *cpuResources) SampleCompare(int, int, [4]float32, float32, float32) float32 { return 0 }
func (r *cpuResources) TextureSize(int, int) (int, int, int, int)                    { return 0, 0, 0, 0 }
func (r *cpuResources) Gather(int, int, [4]float32, int) [4]float32                  { return [4]float32{} }

// ProcessVertices transforms a.Count vertices into dst (the destination
// buffer's guest memory) and the unix side's copy of that buffer.
func (d *Device) ProcessVertices(a *shared.ProcessVerticesParams, dst []byte) error {
	d.flush()
	els := d.vertexElements()
	if len(els) == 0 {
		return fmt.Errorf("no FVF or declaration")
	}
	outEls := fvfElements(a.DestFVF)
	if a.DestFVF&types.D3DFVF_POSITION_MASK != types.D3DFVF_XYZRHW || len(outEls) == 0 {
		return fmt.Errorf("destination FVF %#x is not pre-transformed", a.DestFVF)
	}
	destStride := 0
	for _, e := range outEls {
		destStride = max(destStride, int(e.offset)+e.format.Size())
	}
	if uint64(a.DestIndex+a.Count)*uint64(destStride) > uint64(len(dst)) {
		return fmt.Errorf("%d vertices at %d do not fit the destination", a.Count, a.DestIndex)
	}

	vs, ok := d.vertexShader()
	if !ok {
		return fmt.Errorf("vertex shader %d was refused", d.st.vs)
	}
	cv, err := d.cpuVertices(els, vs)
	if err != nil {
		return err
	}
	// Where the program writes each varying: texcoord n at slot n, colour
	// n at slot 16+n (core/msl's scheme), in the order of Slots().
	varying := map[int]int{}
	for i, slot := range cv.prog.Slots() {
		varying[slot] = i
	}
	vp := d.vp
	var out backend.VertexOut
	for n := uint32(0); n < a.Count; n++ {
		if err := cv.run(d.boundStream, a.SrcStart+n, &out); err != nil {
			return err
		}
		p := out.Position
		rhw := float32(0)
		if p[3] != 0 {
			rhw = 1 / p[3]
		}
		x := float32(vp.X) + (p[0]*rhw+1)*float32(vp.Width)/2
		y := float32(vp.Y) + (1-p[1]*rhw)*float32(vp.Height)/2
		z := vp.MinZ + p[2]*rhw*(vp.MaxZ-vp.MinZ)
		base := int(a.DestIndex+n) * destStride
		for _, e := range outEls {
			w := dst[base+int(e.offset):]
			var v [4]float32
			switch e.usage {
			case ir.UsagePositionT:
				v = [4]float32{x, y, z, rhw}
			case ir.UsageColor:
				if i, ok := varying[16+int(e.index)]; ok {
					v = out.Varyings[i]
				} else {
					v = [4]float32{1, 1, 1, 1}
				}
			case ir.UsageTexCoord:
				if i, ok := varying[int(e.index)]; ok {
					v = out.Varyings[i]
				}
			case ir.UsagePSize:
				v[0] = out.PointSize
			}
			store(e.format, w, v)
		}
	}
	if b := d.buffers[a.Dest]; b != nil {
		start := int(a.DestIndex) * destStride
		end := min(start+int(a.Count)*destStride, b.size)
		if start < end {
			b.buf.Upload(start, dst[start:end])
		}
	}
	return nil
}

// cpuVertex runs the current vertex pipeline on the CPU, with no
// textures: the vertex shader vs, or fixed function when it is nil.
type cpuVertex struct {
	prog   *irprog.VertexProgram
	res    *cpuResources
	locate func(ir.Usage, uint8) (int, bool)
	els    []element
}

func (d *Device) cpuVertices(els []element, vs *ir.Shader) (*cpuVertex, error) {
	st := &d.st.ff
	d.st.activeLights()
	d.st.params.Viewport = d.viewport()
	key := ff.Variant(st)
	s := vs
	res := &cpuResources{}
	if s != nil {
		c := &d.st.vsConst
		res.bufs[0], res.bufs[1], res.bufs[2] = c.floatBytes(s.NumConstF), c.intBytes(s.NumConstI), c.boolBytes(s.NumConstB)
	} else {
		vk := ff.VertexKeyOf(st)
		s = ff.VertexShader(vk)
		res.bufs[0] = floatBytes(ff.VertexConstants(&vk, st, d.st.params))
	}
	dsv := make([][4]float32, ir.DSCount)
	ff.FillDrawState(dsv, st)
	res.bufs[3] = floatBytes(dsv)
	prog, err := irprog.Vertex(s, key)
	if err != nil {
		return nil, err
	}
	locate := ffLocation
	if vs != nil {
		locate = shaderLocation(vs)
	}
	return &cpuVertex{prog: prog, res: res, locate: locate, els: els}, nil
}

// run runs vertex v, reading streams through stream.
func (c *cpuVertex) run(stream func(uint32) (backend.Buffer, int, int, bool), v uint32, out *backend.VertexOut) error {
	in := backend.VertexIn{VertexID: v}
	for _, e := range c.els {
		loc, ok := c.locate(e.usage, e.index)
		if !ok || loc >= len(in.Attr) {
			continue
		}
		b, off, stride, ok := stream(e.stream)
		if !ok {
			return fmt.Errorf("stream %d is declared but nothing is bound", e.stream)
		}
		if e.format == backend.VertexInvalid {
			return fmt.Errorf("vertex element type not readable on the CPU")
		}
		at := off + int(v)*stride + int(e.offset)
		buf := b.Contents()
		if at < 0 || at+e.format.Size() > len(buf) {
			return fmt.Errorf("vertex %d is outside stream %d", v, e.stream)
		}
		in.Attr[loc] = e.decode(buf[at:])
	}
	*out = backend.VertexOut{}
	c.prog.RunVertex(c.res, &in, out)
	return nil
}

// store writes a float4 as an FVF output element.
func store(f backend.VertexFormat, w []byte, v [4]float32) {
	switch f {
	case backend.VertexUChar4Normalized_BGRA:
		c := func(x float32) byte { return byte(math.Round(float64(min(max(x, 0), 1) * 255))) }
		w[0], w[1], w[2], w[3] = c(v[2]), c(v[1]), c(v[0]), c(v[3])
	case backend.VertexFloat, backend.VertexFloat2, backend.VertexFloat3, backend.VertexFloat4:
		for i := 0; i < int(f-backend.VertexFloat)+1; i++ {
			binary.LittleEndian.PutUint32(w[4*i:], math.Float32bits(v[i]))
		}
	}
}
