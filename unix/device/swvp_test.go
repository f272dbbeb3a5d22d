package device

import (
	"encoding/binary"
	"math"
	"runtime"
	"testing"
	"unsafe"

	"mtld3d/core/dxso"
	"mtld3d/shared"
	"mtld3d/types"
)

// f4s is float32 values as little-endian bytes.
func f4s(v ...float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

// swvpFrame draws a clip-space triangle over the 8x8 target, red in its
// vertices, with vertex shader 10 (a0.x = c0.x, oD0 = c1[a0.x]) or 11
// (oD0 = c300, flagged Software) and, with swvp, software processing.
func swvpFrame(t *testing.T, shaderID uint32, swvp bool, index float32) (*chunk, [][]uint32) {
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff000000})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: 0})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_LIGHTING), Value: 0})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_CULLMODE), Value: uint32(types.D3DCULL_NONE)})
	add(c, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZ | types.D3DFVF_DIFFUSE})
	rel := shaderRec(t, c, 10, shared.ShaderVertex, "vs_2_0\ndcl_position v0\nmova a0.x, c0.x\nmov oPos, v0\nmov oD0, c[a0.x + 1]\n")
	direct, err := dxso.Assemble("vs_2_0\ndcl_position v0\nmov oPos, v0\nmov oD0, c300\n")
	if err != nil {
		t.Fatal(err)
	}
	add(c, code("CreateShader"), shared.RecCreateShader{ID: 11, Kind: shared.ShaderVertex, Size: uint32(4 * len(direct)),
		Software: 1, Code: uint64(uintptr(unsafe.Pointer(&direct[0])))})
	if swvp {
		add(c, code("SetSoftwareVertexProcessing"), shared.RecSetFlag{Value: 1})
	}
	add(c, code("SetVertexShader"), shared.RecSetObject{Object: shaderID})
	add(c, code("SetShaderConstF"), shared.RecSetShaderConst{Shader: shared.ConstShaderVertex, Count: 1}, f4s(index-1, 0, 0, 0)...)
	// Registers index-1, index and index+1 blue, green and white; c300 green.
	add(c, code("SetShaderConstF"), shared.RecSetShaderConst{Shader: shared.ConstShaderVertex, Start: uint32(index) - 1, Count: 3},
		f4s(0, 0, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1)...)
	add(c, code("SetShaderConstF"), shared.RecSetShaderConst{Shader: shared.ConstShaderVertex, Start: 300, Count: 1}, f4s(0, 1, 0, 1)...)
	var data []byte
	for _, p := range [][2]float32{{-1, -1}, {3, -1}, {-1, 3}} {
		data = append(data, f4s(p[0], p[1], 0.5)...)
		data = binary.LittleEndian.AppendUint32(data, 0xffff0000)
	}
	add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1, Stride: 16,
		VertexBytes: uint32(len(data))}, data...)
	return c, [][]uint32{rel, direct}
}

func TestSoftwareVertexProcessing(t *testing.T) {
	for _, tc := range []struct {
		name   string
		shader uint32
		swvp   bool
		index  float32
		want   uint32
	}{
		// Software mode: relative reads reach the software pipeline's
		// 8192 registers (past Metal's 4 KiB of inline bytes).
		{"relative c300 in software mode", 10, true, 300, 0x00ff00},
		{"relative c8190 in software mode", 10, true, 8190, 0x00ff00},
		{"relative c100 in software mode", 10, true, 100, 0x00ff00},
		// Hardware mode: the same read past c255 gives 0.
		{"relative c300 in hardware mode", 10, false, 300, 0x000000},
		{"relative c100 in hardware mode", 10, false, 100, 0x00ff00},
		// A shader flagged Software draws in software mode; in hardware
		// mode the draw is fixed function (the vertices' red).
		{"c300 in software mode", 11, true, 2, 0x00ff00},
		{"c300 in hardware mode", 11, false, 2, 0xff0000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := newTestDevice(t)
			c, code_ := swvpFrame(t, tc.shader, tc.swvp, tc.index)
			replay(t, d, c)
			runtime.KeepAlive(code_)
			if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, 2, 2); got&0xffffff != tc.want {
				t.Errorf("pixel %#x, want %#x", got&0xffffff, tc.want)
			}
		})
	}
}

func TestShaderConstantRecordLimits(t *testing.T) {
	d := newTestDevice(t)
	for _, tc := range []struct {
		name         string
		rec          string
		stage, start uint32
		count        uint32
		size         int
		ok           bool
	}{
		{"vertex float 8191", "SetShaderConstF", shared.ConstShaderVertex, 8191, 1, 16, true},
		{"vertex float 8192", "SetShaderConstF", shared.ConstShaderVertex, 8191, 2, 16, false},
		{"vertex int 2047", "SetShaderConstI", shared.ConstShaderVertex, 2047, 1, 16, true},
		{"vertex int 2048", "SetShaderConstI", shared.ConstShaderVertex, 2048, 1, 16, false},
		{"vertex bool 2047", "SetShaderConstB", shared.ConstShaderVertex, 2047, 1, 4, true},
		{"pixel float 224", "SetShaderConstF", shared.ConstShaderPixel, 224, 1, 16, false},
		{"pixel int 16", "SetShaderConstI", shared.ConstShaderPixel, 16, 1, 16, false},
		{"pixel bool 15", "SetShaderConstB", shared.ConstShaderPixel, 15, 1, 4, true},
	} {
		r := shared.RecSetShaderConst{Shader: tc.stage, Start: tc.start, Count: tc.count}
		rec := append(unsafe.Slice((*byte)(unsafe.Pointer(&r)), unsafe.Sizeof(r)), make([]byte, tc.size*int(tc.count))...)
		kind := map[string]int{"SetShaderConstF": 0, "SetShaderConstI": 1, "SetShaderConstB": 2}[tc.rec]
		_, err := d.constsFor(&r, rec, kind, tc.size)
		if (err == nil) != tc.ok {
			t.Errorf("%s: error %v, want ok %v", tc.name, err, tc.ok)
		}
	}
}
