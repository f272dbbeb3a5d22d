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

// drawWhiteIndexed is drawWhite through 16-bit indices.
func drawWhiteIndexed(ch *chunk, pt types.PrimitiveType, prims uint32, idx []uint16, xy ...float32) {
	var data []byte
	for i := 0; i+1 < len(xy); i += 2 {
		data = append(data, f32s(xy[i], xy[i+1], 0.5, 1)...)
		data = append(data, u32s(0xffffffff)...)
	}
	vb := len(data)
	for _, i := range idx {
		data = append(data, byte(i), byte(i>>8))
	}
	add(ch, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(pt), PrimCount: prims, Stride: 20,
		VertexBytes: uint32(vb), IndexFormat: uint32(types.D3DFMT_INDEX16), IndexBytes: uint32(2 * len(idx)),
		NumVertices: uint32(len(xy) / 2)}, data...)
}

// lit reads which of the given pixels of surface 1 are white.
func lit(t *testing.T, d *Device, px ...[2]int) []bool {
	t.Helper()
	var r []bool
	for _, p := range px {
		r = append(r, pixel(t, d, 1, types.D3DFMT_A8R8G8B8, 8, 8, p[0], p[1])&0xffffff == 0xffffff)
	}
	return r
}

// TestLastPixel: D3DRS_LASTPIXEL TRUE (the default) draws each line's
// last pixel, FALSE leaves it out; a strip's inner vertices start the
// next line either way.
func TestLastPixel(t *testing.T) {
	for _, last := range []uint32{1, 0} {
		for _, c := range []struct {
			name string
			draw func(*chunk)
		}{
			{"list", func(ch *chunk) { drawWhite(ch, types.D3DPT_LINELIST, 2, 1, 2, 5, 2, 5, 3, 5, 6) }},
			{"strip", func(ch *chunk) { drawWhite(ch, types.D3DPT_LINESTRIP, 2, 1, 2, 5, 2, 5, 6) }},
			{"indexed list", func(ch *chunk) {
				drawWhiteIndexed(ch, types.D3DPT_LINELIST, 2, []uint16{3, 0, 1, 2}, 5, 2, 5, 3, 5, 6, 1, 2)
			}},
			{"indexed strip", func(ch *chunk) {
				drawWhiteIndexed(ch, types.D3DPT_LINESTRIP, 2, []uint16{2, 0, 1}, 5, 2, 5, 6, 1, 2)
			}},
		} {
			d := newTestDevice(t)
			ch := newChunk()
			msTarget(ch, 0, [2]uint32{uint32(types.D3DRS_LASTPIXEL), last})
			c.draw(ch)
			replay(t, d, ch)
			// (1,2)-(4,2) the first line, (5,2) its last pixel (and the
			// strip's next start), (5,3)-(5,5) the second line, (5,6)
			// its last pixel; (6,2) and (5,7) lie past both.
			got := lit(t, d, [2]int{1, 2}, [2]int{4, 2}, [2]int{5, 4}, [2]int{5, 6}, [2]int{6, 2}, [2]int{5, 7}, [2]int{5, 2})
			want := []bool{true, true, true, last != 0, false, false, last != 0 || c.name == "strip" || c.name == "indexed strip"}
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("LASTPIXEL %d, %s: lit %v, want %v", last, c.name, got, want)
					break
				}
			}
		}
	}
}

// TestPointFill: D3DFILL_POINT draws a triangle's vertices as points and
// nothing between them, for lists, strips, fans and indexed draws.
func TestPointFill(t *testing.T) {
	for _, c := range []struct {
		name string
		draw func(*chunk)
	}{
		{"list", func(ch *chunk) { drawWhite(ch, types.D3DPT_TRIANGLELIST, 1, 1, 1, 6, 1, 1, 6) }},
		{"strip", func(ch *chunk) { drawWhite(ch, types.D3DPT_TRIANGLESTRIP, 2, 1, 1, 6, 1, 1, 6, 6, 6) }},
		{"fan", func(ch *chunk) { drawWhite(ch, types.D3DPT_TRIANGLEFAN, 2, 1, 1, 6, 1, 6, 6, 1, 6) }},
		{"indexed", func(ch *chunk) {
			drawWhiteIndexed(ch, types.D3DPT_TRIANGLELIST, 2, []uint16{0, 1, 2, 2, 1, 3}, 1, 1, 6, 1, 1, 6, 6, 6)
		}},
	} {
		d := newTestDevice(t)
		ch := newChunk()
		msTarget(ch, 0, [2]uint32{uint32(types.D3DRS_FILLMODE), uint32(types.D3DFILL_POINT)})
		c.draw(ch)
		replay(t, d, ch)
		got := lit(t, d, [2]int{1, 1}, [2]int{6, 1}, [2]int{1, 6}, [2]int{6, 6}, [2]int{2, 2}, [2]int{3, 3}, [2]int{2, 1})
		want := []bool{true, true, true, c.name != "list", false, false, false}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%s: lit %v, want %v", c.name, got, want)
				break
			}
		}
	}
}

// TestMultisampleAntialiasOff: with D3DRS_MULTISAMPLEANTIALIAS FALSE every
// sample of a pixel takes its centre's coverage, so an edge pixel whose
// centre is inside is wholly drawn; with TRUE (the default) it is partly
// covered. The edge x + y = 8.125 crosses pixel (4, 4) (D3D9 centre at
// 4, 4: inside), two of its four samples inside.
func TestMultisampleAntialiasOff(t *testing.T) {
	for _, c := range []struct {
		aa   uint32
		want uint32
	}{{1, 0x808080}, {0, 0xffffff}} {
		d := newTestDevice(t)
		ch := newChunk()
		msTarget(ch, 4, [2]uint32{uint32(types.D3DRS_MULTISAMPLEANTIALIAS), c.aa})
		drawWhite(ch, types.D3DPT_TRIANGLELIST, 1, 0, 0, 8.125, 0, 0, 8.125)
		resolved(ch)
		replay(t, d, ch)
		if got := pixel(t, d, 3, types.D3DFMT_A8R8G8B8, 8, 8, 4, 4); !near(got&0xffffff, c.want, 2) {
			t.Errorf("MULTISAMPLEANTIALIAS %d: edge pixel %#x, want %#x (±2)", c.aa, got, c.want)
		}
		if got := pixel(t, d, 3, types.D3DFMT_A8R8G8B8, 8, 8, 4, 5); got&0xffffff != 0 {
			t.Errorf("MULTISAMPLEANTIALIAS %d: pixel outside %#x", c.aa, got)
		}
	}
}

// TestPointFillCulled: D3DRS_CULLMODE applies to the triangles of a
// point-fill draw: of a clockwise triangle (1,1), (6,1), (1,6) and a
// counter-clockwise one (6,6), (6,2), (2,6), D3DCULL_CCW keeps the first's
// vertices and D3DCULL_CW the second's; a vertex both share is drawn when
// either is kept. Strips alternate their winding.
func TestPointFillCulled(t *testing.T) {
	for _, c := range []struct {
		name string
		cull types.Cull
		draw func(*chunk)
		want []bool // (1,1), (6,1), (1,6), (6,6), (6,2), (2,6)
	}{
		{"list, CCW culled", types.D3DCULL_CCW, func(ch *chunk) {
			drawWhite(ch, types.D3DPT_TRIANGLELIST, 2, 1, 1, 6, 1, 1, 6, 6, 6, 6, 2, 2, 6)
		}, []bool{true, true, true, false, false, false}},
		{"list, CW culled", types.D3DCULL_CW, func(ch *chunk) {
			drawWhite(ch, types.D3DPT_TRIANGLELIST, 2, 1, 1, 6, 1, 1, 6, 6, 6, 6, 2, 2, 6)
		}, []bool{false, false, false, true, true, true}},
		{"indexed list, CW culled", types.D3DCULL_CW, func(ch *chunk) {
			drawWhiteIndexed(ch, types.D3DPT_TRIANGLELIST, 2, []uint16{0, 1, 2, 3, 4, 5}, 1, 1, 6, 1, 1, 6, 6, 6, 6, 2, 2, 6)
		}, []bool{false, false, false, true, true, true}},
		// (1,1), (6,1), (1,6) is clockwise; the strip's second triangle
		// (6,1), (1,6), (6,6) is drawn as (1,6), (6,1), (6,6): also
		// clockwise, so CW culling keeps neither.
		{"strip, CW culled", types.D3DCULL_CW, func(ch *chunk) {
			drawWhite(ch, types.D3DPT_TRIANGLESTRIP, 2, 1, 1, 6, 1, 1, 6, 6, 6)
		}, []bool{false, false, false, false, false, false}},
		{"strip, CCW culled", types.D3DCULL_CCW, func(ch *chunk) {
			drawWhite(ch, types.D3DPT_TRIANGLESTRIP, 2, 1, 1, 6, 1, 1, 6, 6, 6)
		}, []bool{true, true, true, true, false, false}},
		// A fan (1,1), (6,1), (6,6), then (6,6), (1,6) flipped: the first
		// clockwise, the second, (1,1), (6,6), (6,2), counter-clockwise.
		{"fan, CCW culled", types.D3DCULL_CCW, func(ch *chunk) {
			drawWhite(ch, types.D3DPT_TRIANGLEFAN, 2, 1, 1, 6, 1, 6, 6, 6, 2)
		}, []bool{true, true, false, true, false, false}},
	} {
		d := newTestDevice(t)
		ch := newChunk()
		msTarget(ch, 0, [2]uint32{uint32(types.D3DRS_FILLMODE), uint32(types.D3DFILL_POINT)},
			[2]uint32{uint32(types.D3DRS_CULLMODE), uint32(c.cull)})
		c.draw(ch)
		replay(t, d, ch)
		got := lit(t, d, [2]int{1, 1}, [2]int{6, 1}, [2]int{1, 6}, [2]int{6, 6}, [2]int{6, 2}, [2]int{2, 6})
		for i := range c.want {
			if got[i] != c.want[i] {
				t.Errorf("%s: lit %v, want %v", c.name, got, c.want)
				break
			}
		}
	}
}
