package device

import (
	"bytes"
	"encoding/binary"
	"math"
	"runtime"
	"testing"

	"mtld3d/shared"
	"mtld3d/types"
)

// The reference backend's output through compiled shader programs does
// not depend on GOMAXPROCS: a lit, fogged draw of 1,200 vertices (shaded
// four at a time, in parallel chunks past 256) over 64x64 gives the same
// bytes on one core and on three.
func TestCompiledProgramsDeterministic(t *testing.T) {
	const w = 64
	render := func(procs int) []byte {
		old := runtime.GOMAXPROCS(procs)
		defer runtime.GOMAXPROCS(old)
		d := newTestDevice(t)
		c := newChunk()
		add(c, code("CreateSurface"), shared.RecCreateSurface{ID: 1, Kind: shared.SurfaceRenderTarget, Width: w, Height: w, Format: uint32(types.D3DFMT_A8R8G8B8)})
		add(c, code("SetRenderTarget"), shared.RecSetRenderTarget{Slot: 0, Surface: 1})
		add(c, code("SetViewport"), shared.RecSetViewport{Width: w, Height: w, MaxZ: 1})
		add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff000000})
		for _, rs := range [][2]uint32{{uint32(types.D3DRS_ZENABLE), 0}, {uint32(types.D3DRS_CULLMODE), uint32(types.D3DCULL_NONE)},
			{uint32(types.D3DRS_FOGENABLE), 1}, {uint32(types.D3DRS_FOGVERTEXMODE), uint32(types.D3DFOG_LINEAR)},
			{uint32(types.D3DRS_FOGCOLOR), 0xff4080c0}, {uint32(types.D3DRS_FOGEND), math.Float32bits(2)},
			{uint32(types.D3DRS_AMBIENT), 0xff202020}} {
			add(c, code("SetRenderState"), shared.RecSetRenderState{State: rs[0], Value: rs[1]})
		}
		light := shared.RecSetLight{Index: 0, Type: uint32(types.D3DLIGHT_DIRECTIONAL), Diffuse: [4]float32{1, 0.8, 0.6, 1},
			Direction: [3]float32{0.3, -0.4, 0.8}}
		add(c, code("SetLight"), light)
		add(c, code("LightEnable"), shared.RecLightEnable{Index: 0, Enable: 1})
		add(c, code("SetMaterial"), shared.RecSetMaterial{Diffuse: [4]float32{1, 1, 1, 1}, Ambient: [4]float32{1, 1, 1, 1}})
		add(c, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZ | types.D3DFVF_NORMAL})
		// 400 small triangles in clip space, each its own normal.
		var v []byte
		for i := range 400 {
			x, y := float32(i%20)/10-1, float32(i/20)/10-1
			n := [3]float32{float32(math.Sin(float64(i))), float32(math.Cos(float64(i))), 0.5}
			for _, p := range [][2]float32{{x, y}, {x + 0.12, y}, {x, y + 0.12}} {
				v = append(v, f32s(p[0], p[1], float32(i)/400, n[0], n[1], n[2])...)
			}
		}
		add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 400, Stride: 24,
			VertexBytes: uint32(len(v))}, v...)
		replay(t, d, c)
		buf := make([]byte, w*w*4)
		if err := d.ReadSurface(1, buf, w*4, w, w*4); err != nil {
			t.Fatal(err)
		}
		return buf
	}
	a, b := render(1), render(3)
	if !bytes.Equal(a, b) {
		t.Fatal("one core and three cores drew different images")
	}
	if binary.LittleEndian.Uint32(a[4*(w*w/2+w/2):]) == 0xff000000 {
		t.Fatal("nothing was drawn at the centre")
	}
}
