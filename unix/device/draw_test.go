package device

import (
	"encoding/binary"
	"math"
	"runtime"
	"testing"
	"unsafe"

	"mtld3d/shared"
	"mtld3d/types"
)

// vtx is one XYZRHW|DIFFUSE vertex.
func vtx(x, y, z float32, c uint32) []byte {
	b := make([]byte, 20)
	for i, f := range []float32{x, y, z, 1} {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(f))
	}
	binary.LittleEndian.PutUint32(b[16:], c)
	return b
}

func TestDrawUPPretransformedTriangle(t *testing.T) {
	d := newTestDevice(t)
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET | types.D3DCLEAR_ZBUFFER, Color: 0xff000000, Z: 1})
	add(c, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_LIGHTING), Value: 0})
	// A triangle covering the top-left half of the 8x8 target, red.
	var data []byte
	data = append(data, vtx(0, 0, 0.5, 0xffff0000)...)
	data = append(data, vtx(8, 0, 0.5, 0xffff0000)...)
	data = append(data, vtx(0, 8, 0.5, 0xffff0000)...)
	add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1, Stride: 20,
		VertexBytes: uint32(len(data))}, data...)
	replay(t, d, c)
	if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, 1, 1); got&0xffffff != 0xff0000 {
		t.Errorf("inside the triangle: %#x, want red", got)
	}
	if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, 6, 6); got&0xffffff != 0 {
		t.Errorf("outside the triangle: %#x, want black", got)
	}
}

func TestDrawWithShadersAndDeclaration(t *testing.T) {
	d := newTestDevice(t)
	c := newChunk()
	setup(c, types.D3DFMT_A8R8G8B8)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET | types.D3DCLEAR_ZBUFFER, Color: 0xff000000, Z: 1})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: 0})
	// Counter-clockwise on screen: culled by D3D9's default, so turn culling off.
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_CULLMODE), Value: uint32(types.D3DCULL_NONE)})
	vs := shaderRec(t, c, 10, shared.ShaderVertex, "vs_2_0\ndcl_position v0\ndcl_color v1\nmov oPos, v0\nmov oD0, v1\n")
	ps := shaderRec(t, c, 11, shared.ShaderPixel, "ps_2_0\ndcl v0\nmul r0, v0, c0\nmov oC0, r0\n")
	// position float4 at 0, colour D3DCOLOR at 16.
	elems := []byte{0, 0, 0, 0, byte(types.D3DDECLTYPE_FLOAT4), 0, byte(types.D3DDECLUSAGE_POSITION), 0,
		0, 0, 16, 0, byte(types.D3DDECLTYPE_D3DCOLOR), 0, byte(types.D3DDECLUSAGE_COLOR), 0}
	add(c, code("CreateVertexDecl"), shared.RecCreateVertexDecl{ID: 12, Count: 2}, elems...)
	add(c, code("SetVertexDeclaration"), shared.RecSetObject{Object: 12})
	add(c, code("SetVertexShader"), shared.RecSetObject{Object: 10})
	add(c, code("SetPixelShader"), shared.RecSetObject{Object: 11})
	half := make([]byte, 16)
	for i, f := range []float32{1, 0.5, 1, 1} {
		binary.LittleEndian.PutUint32(half[4*i:], math.Float32bits(f))
	}
	add(c, code("SetShaderConstF"), shared.RecSetShaderConst{Shader: shared.ConstShaderPixel, Start: 0, Count: 1}, half...)
	// A clip-space triangle covering the whole target, green.
	var data []byte
	data = append(data, vtx(-1, -1, 0.5, 0xff00ff00)...)
	data = append(data, vtx(3, -1, 0.5, 0xff00ff00)...)
	data = append(data, vtx(-1, 3, 0.5, 0xff00ff00)...)
	add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1, Stride: 20,
		VertexBytes: uint32(len(data))}, data...)
	replay(t, d, c)
	runtime.KeepAlive(vs)
	runtime.KeepAlive(ps)
	// Green times c0's (1, 0.5, 1, 1): 0x80 green.
	if got := pixel(t, d, 1, types.D3DFMT_A8R8G8B8, 8, 8, 4, 4); got != 0xff008000 && got != 0xff007f00 {
		t.Errorf("shaded pixel %#x, want half green", got)
	}
}

func TestInstancedDraw(t *testing.T) {
	d := newTestDevice(t)
	f4 := func(v ...float32) []byte {
		b := make([]byte, 4*len(v))
		for i, x := range v {
			binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
		}
		return b
	}
	// A small triangle near the top-left corner in clip space, drawn twice:
	// instance 1 is moved right by 1 (a quarter of the 8-pixel target... in
	// NDC, 1.0 = 4 pixels).
	verts := f4(-1, 1, 0.5, 1, -0.5, 1, 0.5, 1, -1, 0.5, 0.5, 1)
	offsets := f4(0, 0, 0, 0, 1, 0, 0, 0)
	idx := []byte{0, 0, 1, 0, 2, 0, 0, 0}
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff000000})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: 0})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_CULLMODE), Value: uint32(types.D3DCULL_NONE)})
	add(c, code("CreateBuffer"), shared.RecCreateBuffer{ID: 20, Size: uint32(len(verts))})
	add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 20, Size: uint32(len(verts)), Src: uint64(uintptr(unsafe.Pointer(&verts[0])))})
	add(c, code("CreateBuffer"), shared.RecCreateBuffer{ID: 21, Size: uint32(len(offsets))})
	add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 21, Size: uint32(len(offsets)), Src: uint64(uintptr(unsafe.Pointer(&offsets[0])))})
	add(c, code("CreateBuffer"), shared.RecCreateBuffer{ID: 22, Size: uint32(len(idx)), Format: uint32(types.D3DFMT_INDEX16)})
	add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 22, Size: uint32(len(idx)), Src: uint64(uintptr(unsafe.Pointer(&idx[0])))})
	elems := []byte{0, 0, 0, 0, byte(types.D3DDECLTYPE_FLOAT4), 0, byte(types.D3DDECLUSAGE_POSITION), 0,
		1, 0, 0, 0, byte(types.D3DDECLTYPE_FLOAT4), 0, byte(types.D3DDECLUSAGE_TEXCOORD), 0}
	add(c, code("CreateVertexDecl"), shared.RecCreateVertexDecl{ID: 23, Count: 2}, elems...)
	vs := shaderRec(t, c, 24, shared.ShaderVertex, "vs_2_0\ndcl_position v0\ndcl_texcoord v1\nadd oPos, v0, v1\nmov oD0, c0\n")
	add(c, code("SetVertexDeclaration"), shared.RecSetObject{Object: 23})
	add(c, code("SetVertexShader"), shared.RecSetObject{Object: 24})
	add(c, code("SetShaderConstF"), shared.RecSetShaderConst{Shader: shared.ConstShaderVertex, Count: 1}, f4(1, 1, 1, 1)...)
	add(c, code("SetStreamSource"), shared.RecSetStreamSource{Stream: 0, Buffer: 20, Stride: 16})
	add(c, code("SetStreamSource"), shared.RecSetStreamSource{Stream: 1, Buffer: 21, Stride: 16})
	add(c, code("SetStreamSourceFreq"), shared.RecSetStreamSourceFreq{Stream: 0, Setting: types.D3DSTREAMSOURCE_INDEXEDDATA | 2})
	add(c, code("SetStreamSourceFreq"), shared.RecSetStreamSourceFreq{Stream: 1, Setting: types.D3DSTREAMSOURCE_INSTANCEDATA | 1})
	add(c, code("SetIndices"), shared.RecSetObject{Object: 22})
	add(c, code("DrawIndexed"), shared.RecDrawIndexed{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), NumVertices: 3, PrimCount: 1})
	replay(t, d, c)
	runtime.KeepAlive(verts)
	runtime.KeepAlive(offsets)
	runtime.KeepAlive(idx)
	runtime.KeepAlive(vs)
	if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, 0, 0); got&0xffffff != 0xffffff {
		t.Errorf("instance 0: %#x, want white", got)
	}
	if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, 4, 0); got&0xffffff != 0xffffff {
		t.Errorf("instance 1 (4 pixels right): %#x, want white", got)
	}
	if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, 7, 7); got&0xffffff != 0 {
		t.Errorf("outside both: %#x, want black", got)
	}
}
