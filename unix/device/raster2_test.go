package device

import (
	"testing"

	"mtld3d/shared"
	"mtld3d/types"
)

// msTarget makes surface 1 an 8x8 A8R8G8B8 render target with the given
// multisample type (0 for none), cleared to black, with depth, lighting
// and culling off and a D3DFVF_XYZRHW|DIFFUSE layout.
func msTarget(ch *chunk, samples uint32, rs ...[2]uint32) {
	add(ch, code("CreateSurface"), shared.RecCreateSurface{ID: 1, Kind: shared.SurfaceRenderTarget, Width: 8, Height: 8,
		Format: uint32(types.D3DFMT_A8R8G8B8), Multisample: samples})
	add(ch, code("SetRenderTarget"), shared.RecSetRenderTarget{Slot: 0, Surface: 1})
	add(ch, code("SetViewport"), shared.RecSetViewport{Width: 8, Height: 8, MaxZ: 1})
	add(ch, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff000000})
	rs = append([][2]uint32{{uint32(types.D3DRS_ZENABLE), 0}, {uint32(types.D3DRS_LIGHTING), 0},
		{uint32(types.D3DRS_CULLMODE), uint32(types.D3DCULL_NONE)}}, rs...)
	for _, r := range rs {
		add(ch, code("SetRenderState"), shared.RecSetRenderState{State: r[0], Value: r[1]})
	}
	add(ch, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE})
}

// drawWhite draws pre-transformed white vertices (x, y pairs) as prims
// primitives of type pt.
func drawWhite(ch *chunk, pt types.PrimitiveType, prims uint32, xy ...float32) {
	var data []byte
	for i := 0; i+1 < len(xy); i += 2 {
		data = append(data, f32s(xy[i], xy[i+1], 0.5, 1)...)
		data = append(data, u32s(0xffffffff)...)
	}
	add(ch, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(pt), PrimCount: prims, Stride: 20,
		VertexBytes: uint32(len(data))}, data...)
}

// resolved copies surface 1 into a single-sampled surface 3 to be read.
func resolved(ch *chunk) {
	add(ch, code("CreateSurface"), shared.RecCreateSurface{ID: 3, Kind: shared.SurfaceRenderTarget, Width: 8, Height: 8,
		Format: uint32(types.D3DFMT_A8R8G8B8)})
	add(ch, code("StretchRect"), shared.RecStretchRect{Src: 1, Dst: 3, SrcRight: 8, SrcBottom: 8, DstRight: 8, DstBottom: 8})
}

// TestMultisampleMask: only the samples whose D3DRS_MULTISAMPLEMASK bit
// is set are written on a multisampled target; a single-sampled target
// ignores the mask.
func TestMultisampleMask(t *testing.T) {
	for _, c := range []struct {
		name    string
		samples uint32
		mask    uint32
		want    uint32
	}{
		{"4 samples, mask 0x3: half", 4, 0x3, 0x808080},
		{"4 samples, mask 0x8: a quarter", 4, 0x8, 0x404040},
		{"4 samples, mask 0xfffffff0: none", 4, 0xfffffff0, 0},
		{"4 samples, every bit", 4, 0xffffffff, 0xffffff},
		{"one sample, mask 0: ignored", 0, 0, 0xffffff},
	} {
		d := newTestDevice(t)
		ch := newChunk()
		msTarget(ch, c.samples, [2]uint32{uint32(types.D3DRS_MULTISAMPLEMASK), c.mask})
		drawWhite(ch, types.D3DPT_TRIANGLELIST, 1, 0, 0, 16, 0, 0, 16)
		resolved(ch)
		replay(t, d, ch)
		if got := pixel(t, d, 3, types.D3DFMT_A8R8G8B8, 8, 8, 3, 3); !near(got&0xffffff, c.want, 2) {
			t.Errorf("%s: %#x, want %#x (±2)", c.name, got, c.want)
		}
	}
}
