package device

import (
	"bytes"
	"testing"

	"mtld3d/core/ff"
	"mtld3d/shared"
	"mtld3d/types"
)

// A world matrix change rebuilds only the vertex constants' palette: the
// constants each draw binds are still, bit for bit, what
// ff.VertexConstantsTo makes from the whole state, through world, view,
// projection and light changes in any order.
func TestWorldChangeRebuildsPalette(t *testing.T) {
	d := newTestDevice(t)
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZ | types.D3DFVF_NORMAL})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_LIGHTING), Value: 1})
	add(c, code("SetLight"), shared.RecSetLight{Index: 0, Type: uint32(types.D3DLIGHT_DIRECTIONAL), Diffuse: [4]float32{1, 1, 1, 0}, Direction: [3]float32{0.3, -0.5, 0.8}})
	add(c, code("LightEnable"), shared.RecLightEnable{Index: 0, Enable: 1})
	if err := d.Replay([][]byte{c.bytes()}); err != nil {
		t.Fatal(err)
	}
	tri := f32s(0, 0, 0.5, 0, 0, -1, 1, 0, 0.5, 0, 0, -1, 0, 1, 0.5, 0, 0, -1)
	draw := func(c *chunk) {
		add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1, Stride: 24, VertexBytes: uint32(len(tri))}, tri...)
	}
	world := func(s float32) shared.RecSetTransform {
		return shared.RecSetTransform{State: 256, Matrix: [16]float32{s, 0, 0, 0, 0, s, 0, 0, 0, 0, s, 0, s / 3, -s, 0.25, 1}}
	}
	steps := []func(c *chunk){
		func(c *chunk) { add(c, code("SetTransform"), world(2)) },
		func(c *chunk) { add(c, code("SetTransform"), world(0.5)) },
		func(c *chunk) {
			add(c, code("SetTransform"), world(3))
			add(c, code("SetTransform"), shared.RecSetTransform{State: uint32(types.D3DTS_VIEW), Matrix: [16]float32{0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 1, 2, 5, 1}})
		},
		func(c *chunk) {
			add(c, code("SetTransform"), shared.RecSetTransform{State: uint32(types.D3DTS_PROJECTION), Matrix: [16]float32{0.5, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, -1, 0}})
			add(c, code("SetTransform"), world(1.5))
		},
		func(c *chunk) {
			add(c, code("SetTransform"), world(4))
			add(c, code("SetLight"), shared.RecSetLight{Index: 0, Type: uint32(types.D3DLIGHT_DIRECTIONAL), Diffuse: [4]float32{1, 0, 1, 0}, Direction: [3]float32{0, 0, 1}})
		},
		func(c *chunk) { add(c, code("SetTransform"), world(-1)) },
	}
	for i, step := range steps {
		c := newChunk()
		step(c)
		draw(c)
		if err := d.Replay([][]byte{c.bytes()}); err != nil {
			t.Fatal(err)
		}
		sc := &d.draws.consts
		want := ff.VertexConstantsTo(nil, &sc.vk, &d.st.ff, d.st.params)
		if !bytes.Equal(sc.vcb, putFloatBytes(nil, want)) {
			t.Fatalf("step %d: bound vertex constants differ from the state's", i)
		}
	}
}
