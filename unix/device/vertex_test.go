package device

import (
	"encoding/binary"
	"math"
	"runtime"
	"testing"
	"unsafe"

	"mtld3d/core/dxso"
	"mtld3d/core/ff"
	"mtld3d/core/pixfmt"
	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend"
)

// vrig records one frame of draws into an 8x8 A8R8G8B8 target cleared to
// black, keeping the guest memory the records point at alive.
type vrig struct {
	t    *testing.T
	d    *Device
	c    *chunk
	keep [][]byte
	code [][]uint32
}

func newVRig(t *testing.T) *vrig {
	r := &vrig{t: t, d: newTestDevice(t), c: newChunk()}
	setup(r.c, types.D3DFMT_A8R8G8B8)
	r.rec("Clear", shared.RecClear{Flags: types.D3DCLEAR_TARGET | types.D3DCLEAR_ZBUFFER, Color: 0xff000000, Z: 1})
	r.rs(types.D3DRS_ZENABLE, 0)
	r.rs(types.D3DRS_CULLMODE, uint32(types.D3DCULL_NONE))
	r.rs(types.D3DRS_LIGHTING, 0)
	return r
}

func rec[T any](r *vrig, name string, v T, extra ...byte) { add(r.c, code(name), v, extra...) }

func (r *vrig) rec(name string, v any) {
	switch v := v.(type) {
	case shared.RecClear:
		add(r.c, code(name), v)
	case shared.RecSetObject:
		add(r.c, code(name), v)
	case shared.RecSetFVF:
		add(r.c, code(name), v)
	default:
		r.t.Fatalf("rec %T", v)
	}
}

func (r *vrig) rs(s types.RenderStateType, v uint32) {
	rec(r, "SetRenderState", shared.RecSetRenderState{State: uint32(s), Value: v})
}

func (r *vrig) buffer(id uint32, data []byte, f types.Format) {
	r.keep = append(r.keep, data)
	rec(r, "CreateBuffer", shared.RecCreateBuffer{ID: id, Size: uint32(len(data)), Format: uint32(f)})
	rec(r, "UpdateBuffer", shared.RecUpdateBuffer{ID: id, Size: uint32(len(data)), Src: uint64(uintptr(unsafe.Pointer(&data[0])))})
}

func (r *vrig) shader(id uint32, kind uint32, src string) {
	code, err := dxso.Assemble(src)
	if err != nil {
		r.t.Fatal(err)
	}
	r.code = append(r.code, code)
	rec(r, "CreateShader", shared.RecCreateShader{ID: id, Kind: kind, Size: uint32(4 * len(code)), Code: uint64(uintptr(unsafe.Pointer(&code[0])))})
}

// declEl is one D3DVERTEXELEMENT9.
type declEl struct {
	stream, offset uint16
	typ            types.DeclType
	usage          types.DeclUsage
	index          uint8
}

func (r *vrig) decl(id uint32, els ...declEl) {
	var b []byte
	for _, e := range els {
		b = binary.LittleEndian.AppendUint16(b, e.stream)
		b = binary.LittleEndian.AppendUint16(b, e.offset)
		b = append(b, byte(e.typ), 0, byte(e.usage), e.index)
	}
	rec(r, "CreateVertexDecl", shared.RecCreateVertexDecl{ID: id, Count: uint32(len(els))}, b...)
	r.rec("SetVertexDeclaration", shared.RecSetObject{Object: id})
}

func (r *vrig) stream(s, buf, off, stride uint32) {
	rec(r, "SetStreamSource", shared.RecSetStreamSource{Stream: s, Buffer: buf, Offset: off, Stride: stride})
}

func (r *vrig) constF(shader uint32, start uint32, v ...float32) {
	rec(r, "SetShaderConstF", shared.RecSetShaderConst{Shader: shader, Start: start, Count: uint32(len(v) / 4)}, f32s(v...)...)
}

func (r *vrig) run() {
	r.t.Helper()
	if err := r.d.Replay([][]byte{r.c.bytes()}); err != nil {
		r.t.Fatal(err)
	}
	runtime.KeepAlive(r.keep)
	runtime.KeepAlive(r.code)
	r.c = newChunk()
}

func (r *vrig) px(x, y int) uint32 {
	r.t.Helper()
	return pixel(r.t, r.d, 1, types.D3DFMT_A8R8G8B8, 8, 8, x, y)
}

func f32s(v ...float32) []byte {
	b := make([]byte, 0, 4*len(v))
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
	}
	return b
}

// near says two A8R8G8B8 pixels differ by at most tol per channel.
func near(a, b uint32, tol int) bool {
	for s := 0; s < 32; s += 8 {
		d := int(a>>s&0xff) - int(b>>s&0xff)
		if d < -tol || d > tol {
			return false
		}
	}
	return true
}

func argb(v [4]float32) uint32 {
	c := func(f float32) uint32 { return uint32(math.Round(float64(min(max(f, 0), 1)) * 255)) }
	return c(v[3])<<24 | c(v[0])<<16 | c(v[1])<<8 | c(v[2])
}

// colourShaders binds a vs_2_0 that writes v1*c0+c1 as the colour of a
// clip-space position v0, and a ps_2_0 that outputs it.
func (r *vrig) colourShaders(scale, bias [4]float32) {
	r.shader(100, shared.ShaderVertex, "vs_2_0\ndcl_position v0\ndcl_color v1\nmov oPos, v0\nmad oD0, v1, c0, c1\n")
	r.shader(101, shared.ShaderPixel, "ps_2_0\ndcl v0\nmov oC0, v0\n")
	r.rec("SetVertexShader", shared.RecSetObject{Object: 100})
	r.rec("SetPixelShader", shared.RecSetObject{Object: 101})
	r.constF(shared.ConstShaderVertex, 0, append(scale[:], bias[:]...)...)
}

// cover is a clip-space triangle over the whole target, float4 positions.
var cover = [3][4]float32{{-1, -1, 0.5, 1}, {3, -1, 0.5, 1}, {-1, 3, 0.5, 1}}

func TestDeclTypes(t *testing.T) {
	le := binary.LittleEndian
	u16s := func(v ...uint16) []byte {
		var b []byte
		for _, x := range v {
			b = le.AppendUint16(b, x)
		}
		return b
	}
	half := func(v ...float32) []byte {
		var b []byte
		for _, x := range v {
			b = le.AppendUint16(b, pixfmt.FloatToHalf(x))
		}
		return b
	}
	neg := func(x int16) uint16 { return uint16(x) }
	one := [4]float32{1, 1, 1, 1}
	cases := []struct {
		typ         types.DeclType
		data        []byte
		scale, bias [4]float32
		want        [4]float32 // the shader's colour
	}{
		{types.D3DDECLTYPE_FLOAT1, f32s(0.25), one, [4]float32{}, [4]float32{0.25, 0, 0, 1}},
		{types.D3DDECLTYPE_FLOAT2, f32s(0.25, 0.5), one, [4]float32{}, [4]float32{0.25, 0.5, 0, 1}},
		{types.D3DDECLTYPE_FLOAT3, f32s(0.25, 0.5, 0.75), one, [4]float32{}, [4]float32{0.25, 0.5, 0.75, 1}},
		{types.D3DDECLTYPE_FLOAT4, f32s(0.25, 0.5, 0.75, 0.5), one, [4]float32{}, [4]float32{0.25, 0.5, 0.75, 0.5}},
		// Bytes B, G, R, A in memory.
		{types.D3DDECLTYPE_D3DCOLOR, []byte{0x10, 0x20, 0x40, 0x80}, one, [4]float32{}, [4]float32{0x40 / 255.0, 0x20 / 255.0, 0x10 / 255.0, 0x80 / 255.0}},
		{types.D3DDECLTYPE_UBYTE4, []byte{10, 20, 30, 40}, [4]float32{0.01, 0.01, 0.01, 0.01}, [4]float32{}, [4]float32{0.1, 0.2, 0.3, 0.4}},
		{types.D3DDECLTYPE_SHORT2, u16s(neg(-100), 200), [4]float32{1.0 / 400, 1.0 / 400, 1, 1}, [4]float32{0.5, 0.5, 0, 0}, [4]float32{0.25, 1, 0, 1}},
		{types.D3DDECLTYPE_SHORT4, u16s(neg(-100), 200, 40, 0), [4]float32{1.0 / 400, 1.0 / 400, 1.0 / 400, 1}, [4]float32{0.5, 0.5, 0.5, 0.5}, [4]float32{0.25, 1, 0.6, 0.5}},
		{types.D3DDECLTYPE_UBYTE4N, []byte{51, 102, 153, 204}, one, [4]float32{}, [4]float32{0.2, 0.4, 0.6, 0.8}},
		{types.D3DDECLTYPE_SHORT2N, u16s(16384, neg(-16384)), [4]float32{0.5, 0.5, 1, 1}, [4]float32{0.5, 0.5, 0, 0}, [4]float32{0.75, 0.25, 0, 1}},
		{types.D3DDECLTYPE_SHORT4N, u16s(16384, neg(-16384), 32767, neg(-32767)), [4]float32{0.5, 0.5, 0.5, 0.5}, [4]float32{0.5, 0.5, 0.5, 0.5}, [4]float32{0.75, 0.25, 1, 0}},
		{types.D3DDECLTYPE_USHORT2N, u16s(65535, 13107), one, [4]float32{}, [4]float32{1, 0.2, 0, 1}},
		{types.D3DDECLTYPE_USHORT4N, u16s(13107, 26214, 39321, 52428), one, [4]float32{}, [4]float32{0.2, 0.4, 0.6, 0.8}},
		// w's two bits are set: D3D9's w is 1 whatever they hold.
		{types.D3DDECLTYPE_UDEC3, le.AppendUint32(nil, 100|200<<10|300<<20|2<<30), [4]float32{1.0 / 400, 1.0 / 400, 1.0 / 400, 1}, [4]float32{}, [4]float32{0.25, 0.5, 0.75, 1}},
		{types.D3DDECLTYPE_DEC3N, le.AppendUint32(nil, uint32(-256&1023)|256<<10|511<<20), [4]float32{0.5, 0.5, 0.5, 1}, [4]float32{0.5, 0.5, 0.5, 0}, [4]float32{0.25 - 0.5/511*0.5, 0.75 + 0.5/511*0.5, 1, 1}},
		{types.D3DDECLTYPE_FLOAT16_2, half(0.25, 0.75), one, [4]float32{}, [4]float32{0.25, 0.75, 0, 1}},
		{types.D3DDECLTYPE_FLOAT16_4, half(0.25, 0.75, 0.5, 0.125), one, [4]float32{}, [4]float32{0.25, 0.75, 0.5, 0.125}},
	}
	for _, c := range cases {
		t.Run(c.typ.String(), func(t *testing.T) {
			r := newVRig(t)
			var vb []byte
			for _, p := range cover {
				vb = append(vb, f32s(p[:]...)...)
				vb = append(vb, c.data...)
				vb = append(vb, make([]byte, 16-len(c.data))...)
			}
			r.buffer(20, vb, 0)
			r.decl(21, declEl{0, 0, types.D3DDECLTYPE_FLOAT4, types.D3DDECLUSAGE_POSITION, 0}, declEl{0, 16, c.typ, types.D3DDECLUSAGE_COLOR, 0})
			r.stream(0, 20, 0, 32)
			r.colourShaders(c.scale, c.bias)
			rec(r, "Draw", shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1})
			r.run()
			if got, want := r.px(4, 4), argb(c.want); !near(got, want, 1) {
				t.Errorf("%#08x, want %#08x (%v)", got, want, c.want)
			}
		})
	}
}

// Streams at their offsets and strides, stream 15 included, a stride-0
// stream giving every vertex its first element, and a UDEC3 element
// converted in a second stream.
func TestStreamsOffsetsStrideZero(t *testing.T) {
	r := newVRig(t)
	var pos []byte
	pos = append(pos, make([]byte, 12)...) // skipped by the stream offset
	for _, p := range cover {
		pos = append(pos, f32s(p[:]...)...)
		pos = append(pos, make([]byte, 8)...) // stride 24
	}
	r.buffer(20, pos, 0)
	// Colour: one D3DCOLOR 8 bytes into stream 15's buffer (4 of stream
	// offset, 4 of element offset), read with stride 0.
	r.buffer(21, []byte{0xaa, 0xaa, 0xaa, 0xaa, 0xee, 0xee, 0xee, 0xee, 0x30, 0x60, 0x90, 0xff, 0, 0, 0, 0}, 0)
	r.decl(22, declEl{0, 0, types.D3DDECLTYPE_FLOAT4, types.D3DDECLUSAGE_POSITION, 0}, declEl{15, 4, types.D3DDECLTYPE_D3DCOLOR, types.D3DDECLUSAGE_COLOR, 0})
	r.stream(0, 20, 12, 24)
	r.stream(15, 21, 4, 0)
	r.colourShaders([4]float32{1, 1, 1, 1}, [4]float32{})
	rec(r, "Draw", shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1})
	r.run()
	for _, p := range [][2]int{{0, 0}, {7, 0}, {0, 7}, {4, 4}} {
		if got := r.px(p[0], p[1]); got != 0xff906030 {
			t.Errorf("pixel %v: %#08x, want 0xff906030", p, got)
		}
	}

	// The same with the colour as UDEC3 in stream 3 at stride 4, one per
	// vertex: x of each vertex differs, so the corners differ.
	r2 := newVRig(t)
	r2.buffer(20, pos, 0)
	le := binary.LittleEndian
	var cols []byte
	for _, x := range []uint32{400, 0, 0} {
		cols = le.AppendUint32(cols, x|400<<10|3<<30)
	}
	r2.buffer(21, cols, 0)
	r2.decl(22, declEl{0, 0, types.D3DDECLTYPE_FLOAT4, types.D3DDECLUSAGE_POSITION, 0}, declEl{3, 0, types.D3DDECLTYPE_UDEC3, types.D3DDECLUSAGE_COLOR, 0})
	r2.stream(0, 20, 12, 24)
	r2.stream(3, 21, 0, 4)
	r2.colourShaders([4]float32{1.0 / 400, 1.0 / 400, 1.0 / 400, 1}, [4]float32{})
	rec(r2, "Draw", shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1})
	r2.run()
	// Vertex 0 (bottom left) is red + green, the others green only.
	if got := r2.px(0, 7); !near(got, 0xfff0ff00, 16) {
		t.Errorf("near vertex 0: %#08x, want mostly yellow", got)
	}
	if got := r2.px(7, 0); !near(got, 0xff00ff00, 16) {
		t.Errorf("far from vertex 0: %#08x, want mostly green", got)
	}
}

// A declaration reading a stream nothing is bound to skips the draw
// (Windows leaves it undefined) without failing the frame.
func TestUnboundStreamSkipsDraw(t *testing.T) {
	r := newVRig(t)
	var vb []byte
	for _, p := range cover {
		vb = append(vb, f32s(p[:]...)...)
	}
	r.buffer(20, vb, 0)
	r.decl(22, declEl{0, 0, types.D3DDECLTYPE_FLOAT4, types.D3DDECLUSAGE_POSITION, 0}, declEl{1, 0, types.D3DDECLTYPE_D3DCOLOR, types.D3DDECLUSAGE_COLOR, 0})
	r.stream(0, 20, 0, 16)
	r.colourShaders([4]float32{1, 1, 1, 1}, [4]float32{})
	rec(r, "Draw", shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1})
	r.run()
	if got := r.px(4, 4); got != 0xff000000 {
		t.Errorf("%#08x, want the clear colour", got)
	}
}

// A fixed-function draw with a declaration: pre-transformed positions
// (POSITIONT), a diffuse colour and a texture coordinate set that core/ff
// sizes from the declaration.
func TestFixedFunctionWithDeclaration(t *testing.T) {
	r := newVRig(t)
	var vb []byte
	for _, p := range [][2]float32{{0, 0}, {16, 0}, {0, 16}} {
		vb = append(vb, f32s(p[0], p[1], 0.5, 1)...)
		vb = binary.LittleEndian.AppendUint32(vb, 0xff20c040)
		vb = append(vb, f32s(0.5, 0.5, 0.5)...)
	}
	r.buffer(20, vb, 0)
	r.decl(21, declEl{0, 0, types.D3DDECLTYPE_FLOAT4, types.D3DDECLUSAGE_POSITIONT, 0},
		declEl{0, 16, types.D3DDECLTYPE_D3DCOLOR, types.D3DDECLUSAGE_COLOR, 0},
		declEl{0, 20, types.D3DDECLTYPE_FLOAT3, types.D3DDECLUSAGE_TEXCOORD, 0})
	r.stream(0, 20, 0, 32)
	rec(r, "Draw", shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1})
	r.run()
	want := ff.Decl{Pos: ff.PosXYZRHW, Diffuse: true, TexCoords: 1, TexCoordSize: [ff.MaxStages]uint8{3}}
	if r.d.st.ff.Decl != want {
		t.Errorf("core/ff's summary %+v, want %+v", r.d.st.ff.Decl, want)
	}
	if got := r.px(2, 2); got != 0xff20c040 {
		t.Errorf("%#08x, want the diffuse colour 0xff20c040", got)
	}
	// SetFVF replaces the declaration.
	rec(r, "SetFVF", shared.RecSetFVF{FVF: types.D3DFVF_XYZRHW})
	r.run()
	if r.d.st.decl != 0 || r.d.st.ff.Decl != ff.DeclFromFVF(types.D3DFVF_XYZRHW) {
		t.Errorf("after SetFVF: declaration %d, summary %+v", r.d.st.decl, r.d.st.ff.Decl)
	}
}

// The streams D3D9 has (caps.MaxStreams) and the converted elements fit
// the backend's vertex buffers, after the buffers core/msl reserves.
func TestVertexBufferLayout(t *testing.T) {
	if streamBase+maxStreams > backend.MaxVertexBufferLayouts || maxConvert < 1 {
		t.Errorf("streams at %d..%d, converted elements %d, of %d buffers", streamBase, streamBase+maxStreams-1, maxConvert, backend.MaxVertexBufferLayouts)
	}
	if backend.MaxVertexBufferLayouts > backend.MaxBuffers {
		t.Errorf("%d vertex buffer layouts, %d buffers", backend.MaxVertexBufferLayouts, backend.MaxBuffers)
	}
}

// pretransformed lists XYZRHW|DIFFUSE vertices.
func pretransformed(v ...[3]float32) []byte {
	var b []byte
	for _, p := range v {
		b = append(b, vtx(p[0], p[1], 0.5, uint32(p[2]))...)
	}
	return b
}

// An indexed fan (16- and 32-bit indices) with a base vertex and a start
// index, drawn as a list of the same triangles; and an indexed draw whose
// indices run past the buffer is skipped.
func TestIndexedFanBaseVertex(t *testing.T) {
	for _, size := range []int{2, 4} {
		r := newVRig(t)
		// Two junk vertices, then the fan's centre and rim: a square
		// 1..7 split into 4 triangles around (4, 4), red.
		red := float32(0xffff0000)
		vb := pretransformed([3]float32{0, 0, 0xff0000ff}, [3]float32{0, 0, 0xff0000ff},
			[3]float32{4, 4, red}, [3]float32{1, 1, red}, [3]float32{7, 1, red}, [3]float32{7, 7, red}, [3]float32{1, 7, red}, [3]float32{1, 1, red})
		r.buffer(20, vb, 0)
		var ib []byte
		f := types.D3DFMT_INDEX16
		for _, i := range []uint32{9, 9, 0, 1, 2, 3, 4, 5} { // two junk indices skipped by StartIndex
			if size == 2 {
				ib = binary.LittleEndian.AppendUint16(ib, uint16(i))
			} else {
				f = types.D3DFMT_INDEX32
				ib = binary.LittleEndian.AppendUint32(ib, i)
			}
		}
		r.buffer(21, ib, f)
		rec(r, "SetFVF", shared.RecSetFVF{FVF: types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE})
		r.stream(0, 20, 0, 20)
		r.rec("SetIndices", shared.RecSetObject{Object: 21})
		rec(r, "DrawIndexed", shared.RecDrawIndexed{PrimitiveType: uint32(types.D3DPT_TRIANGLEFAN), BaseVertex: 2, MinIndex: 0, NumVertices: 6, StartIndex: 2, PrimCount: 4})
		// Past the end: skipped, and the frame still succeeds.
		rec(r, "DrawIndexed", shared.RecDrawIndexed{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), StartIndex: 6, PrimCount: 1})
		r.run()
		for _, p := range [][2]int{{2, 4}, {4, 2}, {5, 4}, {4, 5}, {1, 1}, {6, 6}} {
			if got := r.px(p[0], p[1]); got != 0xffff0000 {
				t.Errorf("%d-bit indices, pixel %v: %#08x, want red", 8*size, p, got)
			}
		}
		if got := r.px(0, 0); got != 0xff000000 {
			t.Errorf("%d-bit indices, outside: %#08x", 8*size, got)
		}
	}
}

// D3D9 has no primitive restart: a 16-bit strip naming index 0xffff
// (here with a negative base vertex) draws that vertex.
func TestStripWithAllOnesIndex(t *testing.T) {
	r := newVRig(t)
	g := float32(0xff00ff00)
	r.buffer(20, pretransformed([3]float32{0, 0, g}, [3]float32{8, 0, g}, [3]float32{0, 8, g}, [3]float32{8, 8, g}), 0)
	var ib []byte
	for _, i := range []uint16{0xfffc, 0xfffd, 0xfffe, 0xffff} {
		ib = binary.LittleEndian.AppendUint16(ib, i)
	}
	r.buffer(21, ib, types.D3DFMT_INDEX16)
	rec(r, "SetFVF", shared.RecSetFVF{FVF: types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE})
	r.stream(0, 20, 0, 20)
	r.rec("SetIndices", shared.RecSetObject{Object: 21})
	rec(r, "DrawIndexed", shared.RecDrawIndexed{PrimitiveType: uint32(types.D3DPT_TRIANGLESTRIP), BaseVertex: -0xfffc, NumVertices: 4, PrimCount: 2})
	r.run()
	for _, p := range [][2]int{{1, 1}, {6, 6}} {
		if got := r.px(p[0], p[1]); got != 0xff00ff00 {
			t.Errorf("pixel %v: %#08x, want green (both triangles)", p, got)
		}
	}
}

// core/ff's vertex inputs all fit the backend's attributes.
func TestFixedFunctionLocationsFit(t *testing.T) {
	for _, l := range []int{ff.LocPosition, ff.LocBlendWeight, ff.LocBlendIndices, ff.LocNormal, ff.LocPSize, ff.LocDiffuse,
		ff.LocSpecular, ff.LocTexCoord0 + ff.MaxStages - 1, ff.LocPosition1, ff.LocNormal1} {
		if l >= backend.MaxVertexAttributes {
			t.Errorf("location %d, %d attributes", l, backend.MaxVertexAttributes)
		}
	}
}

// Tweening from a declaration (POSITION1, NORMAL1 on a second stream):
// with TWEENFACTOR 1 the vertex is at its second position; lit, so the
// second normal is read too.
func TestFixedFunctionTweening(t *testing.T) {
	r := newVRig(t)
	var s0, s1 []byte
	for _, p := range cover {
		s0 = append(s0, f32s(p[0]-8, p[1], 0.5)...) // far off to the left
		s0 = append(s0, f32s(0, 0, -1)...)
		s1 = append(s1, f32s(p[0], p[1], 0.5)...)
		s1 = append(s1, f32s(0, 0, -1)...)
	}
	r.buffer(20, s0, 0)
	r.buffer(21, s1, 0)
	r.decl(22, declEl{0, 0, types.D3DDECLTYPE_FLOAT3, types.D3DDECLUSAGE_POSITION, 0},
		declEl{0, 12, types.D3DDECLTYPE_FLOAT3, types.D3DDECLUSAGE_NORMAL, 0},
		declEl{1, 0, types.D3DDECLTYPE_FLOAT3, types.D3DDECLUSAGE_POSITION, 1},
		declEl{1, 12, types.D3DDECLTYPE_FLOAT3, types.D3DDECLUSAGE_NORMAL, 1})
	r.stream(0, 20, 0, 24)
	r.stream(1, 21, 0, 24)
	r.rs(types.D3DRS_VERTEXBLEND, uint32(types.D3DVBF_TWEENING))
	r.rs(types.D3DRS_TWEENFACTOR, math.Float32bits(1))
	r.rs(types.D3DRS_LIGHTING, 1)
	rec(r, "SetMaterial", shared.RecSetMaterial{Diffuse: [4]float32{0, 0, 0, 1}, Emissive: [4]float32{0, 1, 0, 0}})
	rec(r, "Draw", shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1})
	r.run()
	if got := r.d.st.ff.Decl; !got.Position1 || !got.Normal1 {
		t.Errorf("summary %+v lacks the second position or normal", got)
	}
	// Emissive green, diffuse alpha 1: lit green wherever it is drawn.
	if got := r.px(4, 4); got != 0xff00ff00 {
		t.Errorf("%#08x: want green drawn at the second position", got)
	}
}

// A declaration with POSITIONT skips vertex processing even with a vertex
// shader bound: the pre-transformed vertices and their diffuse colour
// reach the pixel stage as fixed function passes them.
func TestPositionTBypassesVertexShader(t *testing.T) {
	r := newVRig(t)
	r.shader(100, shared.ShaderVertex, "vs_2_0\ndcl_position v0\nmov oPos, v0\nmov oD0, c0\n")
	r.rec("SetVertexShader", shared.RecSetObject{Object: 100})
	r.constF(shared.ConstShaderVertex, 0, 1, 0, 0, 1)
	var vb []byte
	for _, p := range [][2]float32{{0, 0}, {16, 0}, {0, 16}} {
		vb = append(vb, f32s(p[0], p[1], 0.5, 1)...)
		vb = binary.LittleEndian.AppendUint32(vb, 0xff00ff00)
	}
	r.buffer(20, vb, 0)
	r.decl(21, declEl{0, 0, types.D3DDECLTYPE_FLOAT4, types.D3DDECLUSAGE_POSITIONT, 0}, declEl{0, 16, types.D3DDECLTYPE_D3DCOLOR, types.D3DDECLUSAGE_COLOR, 0})
	r.stream(0, 20, 0, 20)
	rec(r, "Draw", shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1})
	r.run()
	if got := r.px(2, 2); got != 0xff00ff00 {
		t.Errorf("%#08x, want the vertices' green (the shader's red would mean it ran)", got)
	}
}

// A stream at an offset and a stride that are not multiples of 4 (D3D9
// allows them; Metal's fetch does not) reads the same vertices.
func TestUnalignedStrideAndOffset(t *testing.T) {
	r := newVRig(t)
	vb := []byte{0xaa, 0xbb} // the stream offset skips these
	for _, p := range cover {
		vb = append(vb, f32s(p[:]...)...)
		vb = binary.LittleEndian.AppendUint32(vb, 0xff3060c0)
		vb = append(vb, 0xcc, 0xdd) // stride 22
	}
	r.buffer(20, vb, 0)
	r.decl(21, declEl{0, 0, types.D3DDECLTYPE_FLOAT4, types.D3DDECLUSAGE_POSITION, 0}, declEl{0, 16, types.D3DDECLTYPE_D3DCOLOR, types.D3DDECLUSAGE_COLOR, 0})
	r.stream(0, 20, 2, 22)
	r.colourShaders([4]float32{1, 1, 1, 1}, [4]float32{})
	rec(r, "Draw", shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1})
	r.run()
	if got := r.px(4, 4); got != 0xff3060c0 {
		t.Errorf("%#08x, want 0xff3060c0", got)
	}
	var vd backend.VertexDescriptor
	vs := vertexStreams{d: r.d}
	binds, err := vertexDescriptor(&vd, nil, r.d.decls[21].els, shaderLocation(r.d.shaders[100].ir), &vs, instancing{count: 1})
	if err != nil || len(binds) != 1 || !binds[0].repack || vd.Layouts[streamBase].Stride != 24 {
		t.Errorf("binds %+v, layout %+v, %v: want stream 0 repacked to stride 24", binds, vd.Layouts[streamBase], err)
	}
}

// A UP draw's vertices are stream 0; a declaration may still read other
// streams from bound vertex buffers.
func TestUPDrawReadsOtherBoundStreams(t *testing.T) {
	r := newVRig(t)
	r.buffer(21, []byte{0x40, 0x80, 0xc0, 0xff}, 0)
	r.decl(22, declEl{0, 0, types.D3DDECLTYPE_FLOAT4, types.D3DDECLUSAGE_POSITION, 0}, declEl{2, 0, types.D3DDECLTYPE_D3DCOLOR, types.D3DDECLUSAGE_COLOR, 0})
	r.stream(2, 21, 0, 0)
	r.colourShaders([4]float32{1, 1, 1, 1}, [4]float32{})
	var v []byte
	for _, p := range cover {
		v = append(v, f32s(p[:]...)...)
	}
	rec(r, "DrawUP", shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1, Stride: 16, VertexBytes: uint32(len(v))}, v...)
	r.run()
	if got := r.px(4, 4); got != 0xffc08040 {
		t.Errorf("%#08x, want 0xffc08040", got)
	}
}

// A draw that would fetch a vertex past the end of its buffer is dropped
// (Metal has no robust buffer access); one inside it draws.
func TestDrawsPastTheBufferAreDropped(t *testing.T) {
	g := float32(0xff00ff00)
	quad := pretransformed([3]float32{0, 0, g}, [3]float32{8, 0, g}, [3]float32{0, 8, g}, [3]float32{8, 8, g})
	for _, c := range []struct {
		name  string
		draw  func(r *vrig)
		drawn bool
	}{
		{"inside", func(r *vrig) {
			rec(r, "Draw", shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLESTRIP), PrimCount: 2})
		}, true},
		{"one vertex past", func(r *vrig) {
			rec(r, "Draw", shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLESTRIP), StartVertex: 1, PrimCount: 2})
		}, false},
		{"an index past", func(r *vrig) {
			var ib []byte
			for _, i := range []uint16{0, 1, 2, 4} {
				ib = binary.LittleEndian.AppendUint16(ib, i)
			}
			r.buffer(21, ib, types.D3DFMT_INDEX16)
			r.rec("SetIndices", shared.RecSetObject{Object: 21})
			rec(r, "DrawIndexed", shared.RecDrawIndexed{PrimitiveType: uint32(types.D3DPT_TRIANGLESTRIP), NumVertices: 4, PrimCount: 2})
		}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newVRig(t)
			r.buffer(20, quad, 0)
			rec(r, "SetFVF", shared.RecSetFVF{FVF: types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE})
			r.stream(0, 20, 0, 20)
			c.draw(r)
			r.run()
			want := uint32(0xff000000)
			if c.drawn {
				want = 0xff00ff00
			}
			if got := r.px(1, 1); got != want {
				t.Errorf("pixel: %#08x, want %#08x", got, want)
			}
		})
	}
}
