package device

import (
	"runtime"
	"slices"
	"testing"
	"unsafe"

	"go.uber.org/zap/zaptest"

	"mtld3d/core/format"
	"mtld3d/shared"
	"mtld3d/types"
)

// A draw with only draws replayed since the last one, in the same
// encoder, sends the draw alone (redraw.go); after any record that may
// change what it reads, or in a new encoder, it takes the whole path.
// The tests below check both on the pixels drawn and on the encoder
// calls, with every test backend.

// newRedrawDevice is a device whose render encoders count (and, with
// n.logging, list) their calls.
func newRedrawDevice(t *testing.T) (*Device, *msgCount) {
	n := &msgCount{}
	d, err := New(&msgBackend{testBackend(t), n}, format.Target{AppleGPU: true})
	if err != nil {
		t.Fatal(err)
	}
	d.log = zaptest.NewLogger(t)
	t.Cleanup(d.Release)
	return d, n
}

// Clip-space quads: the target's left half (pixels x 0-3) and right half.
var (
	leftQuad  = [4][2]float32{{-1, -1}, {0, -1}, {-1, 1}, {0, 1}}
	rightQuad = [4][2]float32{{0, -1}, {1, -1}, {0, 1}, {1, 1}}
)

// quadVerts is quads as float4 positions and float2 texture coordinates.
func quadVerts(quads ...[4][2]float32) []byte {
	var v []float32
	for _, q := range quads {
		for _, p := range q {
			v = append(v, p[0], p[1], 0.5, 1, 0, 0)
		}
	}
	return f32s(v...)
}

// Colours (X8R8G8B8): texture 30 is white, 31 cyan; the pixel shader
// multiplies the texture by its c0, yellow unless a case changes it.
const (
	black   = 0x000000
	yellow  = 0xffff00
	green   = 0x00ff00
	magenta = 0xff00ff
	blue    = 0x0000ff
)

// redrawScene sets up an 8x8 target (1, with depth 2; a second target
// 3), a vs_2_0 (position plus c0, texture coordinates) and ps_2_0
// (texture 0 times c0) pair, shader 13 a ps_2_0 drawing blue, vertex
// buffer 20 with the left quad's vertices then the right one's, 22 with
// the right one's only, index buffer 21 naming the left quad then the
// right one, 23 the right one only, and textures 30 (bound) and 31; then
// clears the target black.
func redrawScene(t *testing.T, c *chunk, keep *[][]byte) {
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("CreateSurface"), shared.RecCreateSurface{ID: 3, Kind: shared.SurfaceRenderTarget, Width: 8, Height: 8, Format: uint32(types.D3DFMT_X8R8G8B8)})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: 0})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_CULLMODE), Value: uint32(types.D3DCULL_NONE)})
	// Inert until a case enables blending: blended, the draw is black.
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_SRCBLEND), Value: uint32(types.D3DBLEND_ZERO)})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_DESTBLEND), Value: uint32(types.D3DBLEND_ZERO)})
	buffer := func(id uint32, data []byte, f types.Format) {
		*keep = append(*keep, data)
		add(c, code("CreateBuffer"), shared.RecCreateBuffer{ID: id, Size: uint32(len(data)), Format: uint32(f)})
		add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: id, Size: uint32(len(data)), Src: addr(data)})
	}
	buffer(20, quadVerts(leftQuad, rightQuad), 0)
	buffer(22, quadVerts(rightQuad), 0)
	buffer(21, u16s(0, 1, 2, 2, 1, 3, 4, 5, 6, 6, 5, 7), types.D3DFMT_INDEX16)
	buffer(23, u16s(4, 5, 6, 6, 5, 7), types.D3DFMT_INDEX16)
	for id, texel := range map[uint32]uint32{30: 0xffffffff, 31: 0xff00ffff} {
		tex := u32s(slices.Repeat([]uint32{texel}, 16)...)
		*keep = append(*keep, tex)
		add(c, code("CreateTexture"), shared.RecCreateTexture{ID: id, Type: uint32(types.D3DRTYPE_TEXTURE), Format: uint32(types.D3DFMT_A8R8G8B8),
			Width: 4, Height: 4, Depth: 1, Levels: 1})
		add(c, code("UpdateTexture"), shared.RecUpdateTexture{ID: id, Right: 4, Bottom: 4, Back: 1, Src: addr(tex), Pitch: 16, SlicePitch: 64})
	}
	for id, src := range map[uint32]string{
		10: "vs_2_0\ndcl_position v0\ndcl_texcoord v1\nadd oPos, v0, c0\nmov oT0, v1\n",
		11: "ps_2_0\ndcl t0.xy\ndcl_2d s0\ntexld r0, t0, s0\nmul r0, r0, c0\nmov oC0, r0\n",
		13: "ps_2_0\ndef c1, 0, 0, 1, 1\nmov oC0, c1\n",
	} {
		kind := uint32(shared.ShaderPixel)
		if id == 10 {
			kind = shared.ShaderVertex
		}
		words := shaderRec(t, c, id, kind, src)
		*keep = append(*keep, unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), 4*len(words)))
	}
	elems := []byte{0, 0, 0, 0, byte(types.D3DDECLTYPE_FLOAT4), 0, byte(types.D3DDECLUSAGE_POSITION), 0,
		0, 0, 16, 0, byte(types.D3DDECLTYPE_FLOAT2), 0, byte(types.D3DDECLUSAGE_TEXCOORD), 0}
	add(c, code("CreateVertexDecl"), shared.RecCreateVertexDecl{ID: 12, Count: 2}, elems...)
	add(c, code("SetVertexDeclaration"), shared.RecSetObject{Object: 12})
	add(c, code("SetVertexShader"), shared.RecSetObject{Object: 10})
	add(c, code("SetPixelShader"), shared.RecSetObject{Object: 11})
	pixelConst(c, 1, 1, 0, 1)
	add(c, code("SetStreamSource"), shared.RecSetStreamSource{Stream: 0, Buffer: 20, Stride: 24})
	add(c, code("SetIndices"), shared.RecSetObject{Object: 21})
	add(c, code("SetTexture"), shared.RecSetTexture{Sampler: 0, Texture: 30})
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff000000})
}

func u16s(v ...uint16) []byte {
	b := make([]byte, 2*len(v))
	for i, x := range v {
		b[2*i], b[2*i+1] = byte(x), byte(x>>8)
	}
	return b
}

func pixelConst(c *chunk, r, g, b, a float32) {
	add(c, code("SetShaderConstF"), shared.RecSetShaderConst{Shader: shared.ConstShaderPixel, Start: 0, Count: 1}, f32s(r, g, b, a)...)
}

// drawQuad draws one quad of the bound buffers: the 6 indices from
// start, offset by base.
func drawQuad(c *chunk, start uint32, base int32) {
	add(c, code("DrawIndexed"), shared.RecDrawIndexed{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), BaseVertex: base,
		NumVertices: 8, StartIndex: start, PrimCount: 2})
}

func drawLeft(c *chunk) { drawQuad(c, 0, 0) }

type pixelWant struct {
	surface uint32
	x, y    int
	rgb     uint32
}

func TestRedrawFollowsChanges(t *testing.T) {
	var keep [][]byte
	data := func(b []byte) uint64 { keep = append(keep, b); return addr(b) }
	rightFirst := quadVerts(rightQuad)
	cyan := u32s(slices.Repeat([]uint32{0xff00ffff}, 16)...)
	for _, tc := range []struct {
		name                   string
		before, between, after func(c *chunk)
		second                 func(c *chunk) // the second draw; nil: drawLeft again
		want                   []pixelWant
		redraws                uint64 // draws that took redraw
	}{
		{name: "nothing between", want: []pixelWant{{1, 1, 4, yellow}, {1, 6, 4, black}}, redraws: 1},
		{name: "nothing between, other start index", second: func(c *chunk) { drawQuad(c, 6, 0) },
			want: []pixelWant{{1, 1, 4, yellow}, {1, 6, 4, yellow}}, redraws: 1},
		{name: "nothing between, other base vertex", second: func(c *chunk) { drawQuad(c, 0, 4) },
			want: []pixelWant{{1, 1, 4, yellow}, {1, 6, 4, yellow}}, redraws: 1},
		{name: "texture", between: func(c *chunk) {
			add(c, code("SetTexture"), shared.RecSetTexture{Sampler: 0, Texture: 31})
		}, want: []pixelWant{{1, 1, 4, green}}},
		{name: "pixel shader constant", between: func(c *chunk) { pixelConst(c, 1, 0, 1, 1) },
			want: []pixelWant{{1, 1, 4, magenta}}},
		{name: "vertex shader constant", between: func(c *chunk) {
			add(c, code("SetShaderConstF"), shared.RecSetShaderConst{Shader: shared.ConstShaderVertex, Start: 0, Count: 1}, f32s(1, 0, 0, 0)...)
		}, want: []pixelWant{{1, 1, 4, yellow}, {1, 6, 4, yellow}}},
		{name: "render state", between: func(c *chunk) {
			add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ALPHABLENDENABLE), Value: 1})
		}, want: []pixelWant{{1, 1, 4, black}}},
		{name: "pixel shader", between: func(c *chunk) { add(c, code("SetPixelShader"), shared.RecSetObject{Object: 13}) },
			want: []pixelWant{{1, 1, 4, blue}}},
		{name: "viewport", between: func(c *chunk) {
			add(c, code("SetViewport"), shared.RecSetViewport{X: 4, Width: 4, Height: 8, MaxZ: 1})
		}, want: []pixelWant{{1, 1, 4, yellow}, {1, 4, 4, yellow}, {1, 6, 4, black}}},
		{name: "scissor", before: func(c *chunk) {
			add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_SCISSORTESTENABLE), Value: 1})
			add(c, code("SetScissor"), shared.RecSetScissor{Right: 2, Bottom: 8})
		}, between: func(c *chunk) {
			add(c, code("SetScissor"), shared.RecSetScissor{Right: 8, Bottom: 8})
		}, want: []pixelWant{{1, 3, 4, yellow}}},
		{name: "stream offset", between: func(c *chunk) {
			add(c, code("SetStreamSource"), shared.RecSetStreamSource{Stream: 0, Buffer: 20, Offset: 96, Stride: 24})
		}, want: []pixelWant{{1, 6, 4, yellow}}},
		{name: "vertex buffer", between: func(c *chunk) {
			add(c, code("SetStreamSource"), shared.RecSetStreamSource{Stream: 0, Buffer: 22, Stride: 24})
		}, want: []pixelWant{{1, 6, 4, yellow}}},
		{name: "index buffer", between: func(c *chunk) { add(c, code("SetIndices"), shared.RecSetObject{Object: 23}) },
			want: []pixelWant{{1, 6, 4, yellow}}},
		{name: "vertex buffer update", between: func(c *chunk) {
			add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 20, Size: 96, Src: data(rightFirst)})
		}, want: []pixelWant{{1, 6, 4, yellow}}},
		{name: "vertex buffer DISCARD", between: func(c *chunk) {
			add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 20, Size: 96, Flags: types.D3DLOCK_DISCARD, Src: data(rightFirst)})
		}, want: []pixelWant{{1, 6, 4, yellow}}},
		{name: "index buffer update", between: func(c *chunk) {
			add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 21, Size: 12, Src: data(u16s(4, 5, 6, 6, 5, 7))})
		}, want: []pixelWant{{1, 6, 4, yellow}}},
		{name: "texture update", between: func(c *chunk) {
			add(c, code("UpdateTexture"), shared.RecUpdateTexture{ID: 30, Right: 4, Bottom: 4, Back: 1, Src: data(cyan), Pitch: 16, SlicePitch: 64})
		}, want: []pixelWant{{1, 1, 4, green}}},
		{name: "render target", between: func(c *chunk) {
			add(c, code("SetRenderTarget"), shared.RecSetRenderTarget{Slot: 0, Surface: 3})
		}, want: []pixelWant{{1, 1, 4, yellow}, {3, 1, 4, yellow}}},
		{name: "clear", between: func(c *chunk) {
			add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff0000ff})
		}, want: []pixelWant{{1, 1, 4, yellow}, {1, 6, 4, blue}}},
		// Drawn as points (pointfill.go): never redrawn; the quad's
		// inside stays black.
		{name: "point fill, nothing between", before: func(c *chunk) {
			add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_FILLMODE), Value: uint32(types.D3DFILL_POINT)})
		}, want: []pixelWant{{1, 1, 4, black}}},
		// An occlusion query counts a redrawn draw's samples (4x8 a quad).
		{name: "query open around both", before: func(c *chunk) {
			issue(c, 50, types.D3DQUERYTYPE_OCCLUSION, types.D3DISSUE_BEGIN, 1)
		}, after: func(c *chunk) {
			issue(c, 50, types.D3DQUERYTYPE_OCCLUSION, types.D3DISSUE_END, 1)
		}, want: []pixelWant{{1, 1, 4, yellow}}, redraws: 1},
		{name: "query begun between", between: func(c *chunk) {
			issue(c, 50, types.D3DQUERYTYPE_OCCLUSION, types.D3DISSUE_BEGIN, 1)
		}, after: func(c *chunk) {
			issue(c, 50, types.D3DQUERYTYPE_OCCLUSION, types.D3DISSUE_END, 1)
		}, want: []pixelWant{{1, 1, 4, yellow}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, _ := newRedrawDevice(t)
			c := newChunk()
			redrawScene(t, c, &keep)
			second := tc.second
			if second == nil {
				second = drawLeft
			}
			for _, f := range []func(*chunk){tc.before, drawLeft, tc.between, second, tc.after} {
				if f != nil {
					f(c)
				}
			}
			replay(t, d, c)
			for _, w := range tc.want {
				if got := pixel(t, d, w.surface, types.D3DFMT_X8R8G8B8, 8, 8, w.x, w.y) & 0xffffff; got != w.rgb {
					t.Errorf("surface %d pixel (%d, %d): %#06x, want %#06x", w.surface, w.x, w.y, got, w.rgb)
				}
			}
			if got := d.draws.redraws; got != tc.redraws {
				t.Errorf("%d draws redrawn, want %d", got, tc.redraws)
			}
			if tc.after != nil {
				n := uint64(64)
				if tc.redraws == 0 {
					n = 32
				}
				wantQuery(t, d, 50, 1, n)
			}
		})
	}
	runtime.KeepAlive(keep)
}

// callsAfterFirstDraw is the encoder calls from the first draw on, up to
// the encoder's end.
func callsAfterFirstDraw(t *testing.T, seq []string) []string {
	t.Helper()
	for i, s := range seq {
		if s == "DrawIndexedPrimitives" || s == "DrawPrimitives" {
			rest := seq[i:]
			if end := slices.Index(rest, "EndEncoding"); end >= 0 {
				rest = rest[:end]
			}
			return rest
		}
	}
	t.Fatalf("no draw in %v", seq)
	return nil
}

// TestRedrawSendsOnlyTheDraw: the same indexed draw four times sends
// four draw calls and nothing between them; the next frame's first draw
// (a new encoder) sends its state again.
func TestRedrawSendsOnlyTheDraw(t *testing.T) {
	var keep [][]byte
	d, n := newRedrawDevice(t)
	c := newChunk()
	redrawScene(t, c, &keep)
	for range 3 {
		drawLeft(c)
	}
	drawQuad(c, 6, 0) // the right quad, still a redraw
	n.logging = true
	replay(t, d, c)
	want := slices.Repeat([]string{"DrawIndexedPrimitives"}, 4)
	if got := callsAfterFirstDraw(t, n.seq); !slices.Equal(got, want) {
		t.Errorf("encoder calls from the first draw: %v, want %v", got, want)
	}
	if d.draws.redraws != 3 {
		t.Errorf("%d draws redrawn, want 3", d.draws.redraws)
	}
	for _, x := range []int{1, 6} {
		if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, x, 4) & 0xffffff; got != yellow {
			t.Errorf("pixel (%d, 4): %#06x, want yellow", x, got)
		}
	}

	// A new frame: its first draw sends the pipeline again, its second
	// only itself.
	n.seq = nil
	c = newChunk()
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff000000})
	drawLeft(c)
	drawLeft(c)
	replay(t, d, c)
	if !slices.Contains(n.seq, "SetRenderPipelineState") {
		t.Errorf("a new frame's first draw sent no pipeline: %v", n.seq)
	}
	if got := callsAfterFirstDraw(t, n.seq); !slices.Equal(got, want[:2]) {
		t.Errorf("encoder calls from the new frame's first draw: %v, want %v", got, want[:2])
	}
	if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, 1, 4) & 0xffffff; got != yellow {
		t.Errorf("new frame: pixel (1, 4): %#06x, want yellow", got)
	}
	runtime.KeepAlive(keep)
}

// TestRedrawUP: consecutive UP draws with the same stride send their own
// vertices and the draw; another stride takes the whole path.
func TestRedrawUP(t *testing.T) {
	d, n := newRedrawDevice(t)
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	quadState(c)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET | types.D3DCLEAR_ZBUFFER, Color: 0xff000000, Z: 1})
	quad(c, 0, 0, 4, 4, 0.5, 0xffff0000)
	quad(c, 4, 0, 8, 4, 0.5, 0xff00ff00)
	quad(c, 0, 4, 4, 8, 0.5, 0xff0000ff)
	n.logging = true
	replay(t, d, c)
	want := []string{"DrawPrimitives", "SetVertexBuffer", "DrawPrimitives", "SetVertexBuffer", "DrawPrimitives"}
	if got := callsAfterFirstDraw(t, n.seq); !slices.Equal(got, want) {
		t.Errorf("encoder calls from the first draw: %v, want %v", got, want)
	}
	if d.draws.redraws != 2 {
		t.Errorf("%d draws redrawn, want 2", d.draws.redraws)
	}
	for _, w := range []pixelWant{{1, 1, 1, 0xff0000}, {1, 6, 1, green}, {1, 1, 6, blue}, {1, 6, 6, black}} {
		if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, w.x, w.y) & 0xffffff; got != w.rgb {
			t.Errorf("pixel (%d, %d): %#06x, want %#06x", w.x, w.y, got, w.rgb)
		}
	}

	// The same vertices 4 bytes apart (a stride of 24, a vertex's 20
	// bytes then 4 unused): another vertex layout.
	c = newChunk()
	var wide []byte
	for _, p := range [][2]float32{{4, 4}, {8, 4}, {4, 8}, {8, 4}, {8, 8}, {4, 8}} {
		wide = append(wide, vtx(p[0], p[1], 0.5, 0xffffffff)...)
		wide = append(wide, 0, 0, 0, 0)
	}
	quad(c, 0, 0, 8, 8, 0.5, 0xff000000)
	add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 2, Stride: 24,
		VertexBytes: uint32(len(wide))}, wide...)
	d.draws.redraws = 0
	replay(t, d, c)
	if d.draws.redraws != 0 {
		t.Errorf("a draw with another stride was redrawn")
	}
	if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, 6, 6) & 0xffffff; got != 0xffffff {
		t.Errorf("pixel (6, 6) after the stride change: %#06x, want white", got)
	}
}
