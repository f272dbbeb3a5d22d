package device

import (
	"runtime"
	"testing"
	"unsafe"

	"go.uber.org/zap"

	"mtld3d/core/format"
	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend/reference"
)

// The draw path's per-draw cost on the reference backend: a frame of
// drawsPerFrame small draws of one kind is replayed per iteration, and
// ns/draw and allocs/draw are reported (the backend's own work included;
// -benchmem's per-op figures are per frame).
const drawsPerFrame = 64

func benchDraws(b *testing.B, record func(c *chunk, keep *[][]byte)) {
	d := benchDevice(b)
	var keep [][]byte
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_LIGHTING), Value: 0})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: 0})
	add(c, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE})
	record(c, &keep)
	frame := [][]byte{c.bytes()}
	if err := d.Replay(frame); err != nil { // builds the functions and pipelines
		b.Fatal(err)
	}
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	b.ResetTimer()
	for range b.N {
		if err := d.Replay(frame); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	runtime.ReadMemStats(&m1)
	runtime.KeepAlive(keep)
	n := float64(b.N * drawsPerFrame)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/draw")
	b.ReportMetric(float64(m1.Mallocs-m0.Mallocs)/n, "allocs/draw")
}

// A one-pixel triangle, so the backend's rasterisation stays small.
func tinyTriangle() []byte {
	var v []byte
	v = append(v, vtx(0, 0, 0.5, 0xffff0000)...)
	v = append(v, vtx(2, 0, 0.5, 0xffff0000)...)
	v = append(v, vtx(0, 2, 0.5, 0xffff0000)...)
	return v
}

func BenchmarkDrawUP(b *testing.B) {
	benchDraws(b, func(c *chunk, _ *[][]byte) {
		v := tinyTriangle()
		for range drawsPerFrame {
			add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1, Stride: 20, VertexBytes: uint32(len(v))}, v...)
		}
	})
}

func BenchmarkDrawIndexed(b *testing.B) {
	benchDraws(b, func(c *chunk, keep *[][]byte) {
		v := tinyTriangle()
		idx := []byte{0, 0, 1, 0, 2, 0, 0, 0}
		*keep = append(*keep, v, idx)
		add(c, code("CreateBuffer"), shared.RecCreateBuffer{ID: 20, Size: uint32(len(v))})
		add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 20, Size: uint32(len(v)), Src: uint64(uintptr(unsafe.Pointer(&v[0])))})
		add(c, code("CreateBuffer"), shared.RecCreateBuffer{ID: 21, Size: uint32(len(idx)), Format: uint32(types.D3DFMT_INDEX16)})
		add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 21, Size: uint32(len(idx)), Src: uint64(uintptr(unsafe.Pointer(&idx[0])))})
		add(c, code("SetStreamSource"), shared.RecSetStreamSource{Stream: 0, Buffer: 20, Stride: 20})
		add(c, code("SetIndices"), shared.RecSetObject{Object: 21})
		for range drawsPerFrame {
			add(c, code("DrawIndexed"), shared.RecDrawIndexed{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), NumVertices: 3, PrimCount: 1})
		}
	})
}

func BenchmarkDrawFan(b *testing.B) {
	benchDraws(b, func(c *chunk, keep *[][]byte) {
		v := tinyTriangle()
		v = append(v, vtx(1, 2, 0.5, 0xffff0000)...)
		*keep = append(*keep, v)
		add(c, code("CreateBuffer"), shared.RecCreateBuffer{ID: 20, Size: uint32(len(v))})
		add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 20, Size: uint32(len(v)), Src: uint64(uintptr(unsafe.Pointer(&v[0])))})
		add(c, code("SetStreamSource"), shared.RecSetStreamSource{Stream: 0, Buffer: 20, Stride: 20})
		for range drawsPerFrame {
			add(c, code("Draw"), shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLEFAN), PrimCount: 2})
		}
	})
}

// BenchmarkFrameFill is bench-frames' fill scene in process: eight
// textured, blended quads over a 640x480 target, the reference backend's
// per-pixel path (fixed-function shading, bilinear sampling, blending).
// ns/pixel is per covered pixel of one quad.
func BenchmarkFrameFill(b *testing.B) {
	const w, h = 640, 480
	d := benchDevice(b)
	c := newChunk()
	add(c, code("CreateSurface"), shared.RecCreateSurface{ID: 1, Kind: shared.SurfaceRenderTarget, Width: w, Height: h, Format: uint32(types.D3DFMT_X8R8G8B8)})
	add(c, code("SetRenderTarget"), shared.RecSetRenderTarget{Slot: 0, Surface: 1})
	add(c, code("SetViewport"), shared.RecSetViewport{Width: w, Height: h, MaxZ: 1})
	texels := benchTexture(c, 30, 0x80000000, 0)
	add(c, code("SetTexture"), shared.RecSetTexture{Sampler: 0, Texture: 30})
	for _, rs := range [][2]uint32{{uint32(types.D3DRS_LIGHTING), 0}, {uint32(types.D3DRS_ZENABLE), 0}, {uint32(types.D3DRS_CULLMODE), uint32(types.D3DCULL_NONE)},
		{uint32(types.D3DRS_ALPHABLENDENABLE), 1}, {uint32(types.D3DRS_SRCBLEND), uint32(types.D3DBLEND_SRCALPHA)}, {uint32(types.D3DRS_DESTBLEND), uint32(types.D3DBLEND_INVSRCALPHA)}} {
		add(c, code("SetRenderState"), shared.RecSetRenderState{State: rs[0], Value: rs[1]})
	}
	add(c, code("SetSamplerState"), shared.RecSetSamplerState{Sampler: 0, State: uint32(types.D3DSAMP_MINFILTER), Value: uint32(types.D3DTEXF_LINEAR)})
	add(c, code("SetSamplerState"), shared.RecSetSamplerState{Sampler: 0, State: uint32(types.D3DSAMP_MAGFILTER), Value: uint32(types.D3DTEXF_LINEAR)})
	add(c, code("SetTextureStageState"), shared.RecSetTextureStageState{Stage: 0, State: uint32(types.D3DTSS_COLOROP), Value: uint32(types.D3DTOP_MODULATE)})
	add(c, code("SetTextureStageState"), shared.RecSetTextureStageState{Stage: 0, State: uint32(types.D3DTSS_ALPHAOP), Value: uint32(types.D3DTOP_MODULATE)})
	add(c, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE | types.D3DFVF_TEX1})
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff000000})
	for q := range 8 {
		var v []byte
		for _, p := range [][4]float32{{0, 0, 0, 0}, {w, 0, 4, 0}, {0, h, 0, 3}, {w, h, 4, 3}} {
			v = append(v, f32s(p[0], p[1], 0.5, 1)...)
			v = append(v, u32s(0x80203040*uint32(q+1))...)
			v = append(v, f32s(p[2]+float32(q)/16, p[3])...)
		}
		add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLESTRIP), PrimCount: 2, Stride: 28, VertexBytes: uint32(len(v))}, v...)
	}
	frame := [][]byte{c.bytes()}
	replayFrames(b, d, frame)
	runtime.KeepAlive(texels)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/(8*w*h), "ns/pixel")
}

// BenchmarkFrameUI is bench-frames' ui scene in process: 60 blended,
// scissored draws of 40 glyph-sized (8x12) bilinear-filtered quads each
// from one vertex and index buffer, a texture change between draws: the
// reference backend's small-triangle path. ns/quad is per glyph quad.
func BenchmarkFrameUI(b *testing.B) {
	const w, h, draws, quads = 640, 480, 60, 40
	d := benchDevice(b)
	c := newChunk()
	add(c, code("CreateSurface"), shared.RecCreateSurface{ID: 1, Kind: shared.SurfaceRenderTarget, Width: w, Height: h, Format: uint32(types.D3DFMT_X8R8G8B8)})
	add(c, code("SetRenderTarget"), shared.RecSetRenderTarget{Slot: 0, Surface: 1})
	add(c, code("SetViewport"), shared.RecSetViewport{Width: w, Height: h, MaxZ: 1})
	var keep [][]byte
	for t := range 2 {
		keep = append(keep, benchTexture(c, uint32(30+t), 0x40ffffff, uint32(t)))
	}
	var v, ix []byte
	for q := range draws * quads {
		x, y := float32((q*9)%(w-8)), float32(q/60*12%(h-12))
		col := 0xff000000 | uint32(q)*2654435761>>8
		for _, p := range [][4]float32{{x, y, 0, 0}, {x + 8, y, 1, 0}, {x + 8, y + 12, 1, 1}, {x, y + 12, 0, 1}} {
			v = append(v, f32s(p[0], p[1], 0)...)
			v = append(v, u32s(col)...)
			v = append(v, f32s(p[2], p[3])...)
		}
		b0 := uint16(4 * q)
		ix = append(ix, u16s(b0, b0+1, b0+2, b0, b0+2, b0+3)...)
	}
	keep = append(keep, v, ix)
	add(c, code("CreateBuffer"), shared.RecCreateBuffer{ID: 20, Size: uint32(len(v))})
	add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 20, Size: uint32(len(v)), Src: addr(v)})
	add(c, code("CreateBuffer"), shared.RecCreateBuffer{ID: 21, Size: uint32(len(ix)), Format: uint32(types.D3DFMT_INDEX16)})
	add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 21, Size: uint32(len(ix)), Src: addr(ix)})
	for _, rs := range [][2]uint32{{uint32(types.D3DRS_LIGHTING), 0}, {uint32(types.D3DRS_ZENABLE), 0}, {uint32(types.D3DRS_CULLMODE), uint32(types.D3DCULL_NONE)},
		{uint32(types.D3DRS_ALPHABLENDENABLE), 1}, {uint32(types.D3DRS_SRCBLEND), uint32(types.D3DBLEND_SRCALPHA)}, {uint32(types.D3DRS_DESTBLEND), uint32(types.D3DBLEND_INVSRCALPHA)},
	} {
		add(c, code("SetRenderState"), shared.RecSetRenderState{State: rs[0], Value: rs[1]})
	}
	add(c, code("SetSamplerState"), shared.RecSetSamplerState{Sampler: 0, State: uint32(types.D3DSAMP_MINFILTER), Value: uint32(types.D3DTEXF_LINEAR)})
	add(c, code("SetSamplerState"), shared.RecSetSamplerState{Sampler: 0, State: uint32(types.D3DSAMP_MAGFILTER), Value: uint32(types.D3DTEXF_LINEAR)})
	add(c, code("SetTextureStageState"), shared.RecSetTextureStageState{Stage: 0, State: uint32(types.D3DTSS_COLOROP), Value: uint32(types.D3DTOP_MODULATE)})
	add(c, code("SetTextureStageState"), shared.RecSetTextureStageState{Stage: 0, State: uint32(types.D3DTSS_ALPHAOP), Value: uint32(types.D3DTOP_MODULATE)})
	add(c, code("SetTransform"), shared.RecSetTransform{State: uint32(types.D3DTS_PROJECTION), Matrix: [16]float32{2.0 / w, 0, 0, 0, 0, -2.0 / h, 0, 0, 0, 0, 0.5, 0, -1, 1, 0.5, 1}})
	add(c, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZ | types.D3DFVF_DIFFUSE | types.D3DFVF_TEX1})
	add(c, code("SetStreamSource"), shared.RecSetStreamSource{Stream: 0, Buffer: 20, Stride: 24})
	add(c, code("SetIndices"), shared.RecSetObject{Object: 21})
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff203040})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_SCISSORTESTENABLE), Value: 1})
	for i := range draws {
		add(c, code("SetScissor"), shared.RecSetScissor{Left: int32(i%4) * 160, Right: int32(i%4)*160 + 160 + int32(i), Bottom: h})
		add(c, code("SetTexture"), shared.RecSetTexture{Sampler: 0, Texture: uint32(30 + i%2)})
		add(c, code("DrawIndexed"), shared.RecDrawIndexed{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), MinIndex: uint32(i * quads * 4), NumVertices: quads * 4,
			StartIndex: uint32(i * quads * 6), PrimCount: quads * 2})
	}
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_SCISSORTESTENABLE), Value: 0})
	replayFrames(b, d, [][]byte{c.bytes()})
	runtime.KeepAlive(keep)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*draws*quads), "ns/quad")
}

// BenchmarkFrameMany is bench-frames' many scene in process: 1,000 lit,
// textured, depth-tested cubes (36 vertices each, no index buffer) over a
// 640x480 target, a world matrix and a texture change between draws: the
// reference backend's vertex path and per-draw work. ns/draw is per draw.
func BenchmarkFrameMany(b *testing.B) {
	const w, h, draws = 640, 480, 1000
	d := benchDevice(b)
	c := newChunk()
	add(c, code("CreateSurface"), shared.RecCreateSurface{ID: 1, Kind: shared.SurfaceRenderTarget, Width: w, Height: h, Format: uint32(types.D3DFMT_X8R8G8B8)})
	add(c, code("CreateSurface"), shared.RecCreateSurface{ID: 2, Kind: shared.SurfaceDepthStencil, Width: w, Height: h, Format: uint32(types.D3DFMT_D24S8)})
	add(c, code("SetRenderTarget"), shared.RecSetRenderTarget{Slot: 0, Surface: 1})
	add(c, code("SetDepthStencil"), shared.RecSetDepthStencil{Surface: 2})
	add(c, code("SetViewport"), shared.RecSetViewport{Width: w, Height: h, MaxZ: 1})
	var keep [][]byte
	for t := range 2 {
		keep = append(keep, benchTexture(c, uint32(30+t), 0xff000000, uint32(t)))
	}
	// A cube's six faces as 12 triangles: position, normal, uv.
	var v []byte
	faces := [6][3][3]float32{{{0, 0, -1}, {1, 0, 0}, {0, 1, 0}}, {{0, 0, 1}, {-1, 0, 0}, {0, 1, 0}}, {{-1, 0, 0}, {0, 0, -1}, {0, 1, 0}},
		{{1, 0, 0}, {0, 0, 1}, {0, 1, 0}}, {{0, 1, 0}, {1, 0, 0}, {0, 0, 1}}, {{0, -1, 0}, {1, 0, 0}, {0, 0, -1}}}
	for _, f := range faces {
		for _, k := range [6][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}} {
			n, a, bb := f[0], f[1], f[2]
			v = append(v, f32s(n[0]+k[0]*a[0]+k[1]*bb[0], n[1]+k[0]*a[1]+k[1]*bb[1], n[2]+k[0]*a[2]+k[1]*bb[2], n[0], n[1], n[2], (k[0]+1)/2, (k[1]+1)/2)...)
		}
	}
	keep = append(keep, v)
	add(c, code("CreateBuffer"), shared.RecCreateBuffer{ID: 20, Size: uint32(len(v))})
	add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 20, Size: uint32(len(v)), Src: addr(v)})
	add(c, code("SetStreamSource"), shared.RecSetStreamSource{Stream: 0, Buffer: 20, Stride: 32})
	add(c, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZ | types.D3DFVF_NORMAL | types.D3DFVF_TEX1})
	for _, rs := range [][2]uint32{{uint32(types.D3DRS_LIGHTING), 1}, {uint32(types.D3DRS_ZENABLE), 1}, {uint32(types.D3DRS_CULLMODE), uint32(types.D3DCULL_CCW)},
		{uint32(types.D3DRS_AMBIENT), 0xff404040}} {
		add(c, code("SetRenderState"), shared.RecSetRenderState{State: rs[0], Value: rs[1]})
	}
	add(c, code("SetLight"), shared.RecSetLight{Index: 0, Type: uint32(types.D3DLIGHT_DIRECTIONAL), Diffuse: [4]float32{1, 1, 1, 0}, Direction: [3]float32{0.3, -0.5, 0.8}})
	add(c, code("LightEnable"), shared.RecLightEnable{Index: 0, Enable: 1})
	add(c, code("SetMaterial"), shared.RecSetMaterial{Diffuse: [4]float32{1, 1, 1, 1}, Ambient: [4]float32{0.2, 0.2, 0.2, 0}})
	add(c, code("SetTextureStageState"), shared.RecSetTextureStageState{Stage: 0, State: uint32(types.D3DTSS_COLOROP), Value: uint32(types.D3DTOP_MODULATE)})
	add(c, code("SetTextureStageState"), shared.RecSetTextureStageState{Stage: 0, State: uint32(types.D3DTSS_ALPHAOP), Value: uint32(types.D3DTOP_SELECTARG1)})
	add(c, code("SetTransform"), shared.RecSetTransform{State: uint32(types.D3DTS_VIEW), Matrix: [16]float32{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 40, 1}})
	add(c, code("SetTransform"), shared.RecSetTransform{State: uint32(types.D3DTS_PROJECTION), Matrix: [16]float32{0.75, 0, 0, 0, 0, 1, 0, 0, 0, 0, 100.0 / 99, 1, 0, 0, -100.0 / 99, 0}})
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET | types.D3DCLEAR_ZBUFFER, Color: 0xff102030, Z: 1})
	var frame [][]byte
	for i := range draws {
		if i%250 == 0 && i > 0 { // a chunk holds about 300 of these draws
			frame = append(frame, c.bytes())
			c = newChunk()
		}
		x, y := float32(i%40)-19.5, float32(i/40)-12
		s := 0.35 + 0.05*float32(i%3)
		add(c, code("SetTransform"), shared.RecSetTransform{State: uint32(types.D3DTS_WORLD), Matrix: [16]float32{s, 0, 0, 0, 0, s, 0, 0, 0, 0, s, 0, x * 1.25, y * 1.25, 0, 1}})
		add(c, code("SetTexture"), shared.RecSetTexture{Sampler: 0, Texture: uint32(30 + i%2)})
		add(c, code("Draw"), shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 12})
	}
	frame = append(frame, c.bytes())
	replayFrames(b, d, frame)
	runtime.KeepAlive(keep)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*draws), "ns/draw")
}

// benchDevice is a reference device the benchmark releases.
func benchDevice(b *testing.B) *Device {
	d, err := New(reference.New(), format.Target{AppleGPU: true})
	if err != nil {
		b.Fatal(err)
	}
	d.log = zap.NewNop()
	b.Cleanup(d.Release)
	return d
}

// benchTexture records a 64x64 A8R8G8B8 texture whose texel i is
// base | (i+seed)*2654435761>>8, and returns the texels, which must stay
// alive while the frame is replayed.
func benchTexture(c *chunk, id, base, seed uint32) []byte {
	px := make([]uint32, 64*64)
	for i := range px {
		px[i] = base | (uint32(i)+seed)*2654435761>>8
	}
	texels := u32s(px...)
	add(c, code("CreateTexture"), shared.RecCreateTexture{ID: id, Type: uint32(types.D3DRTYPE_TEXTURE), Format: uint32(types.D3DFMT_A8R8G8B8),
		Width: 64, Height: 64, Depth: 1, Levels: 1})
	add(c, code("UpdateTexture"), shared.RecUpdateTexture{ID: id, Right: 64, Bottom: 64, Back: 1, Src: addr(texels), Pitch: 256, SlicePitch: 256 * 64})
	return texels
}

// replayFrames replays frame once (functions and pipelines are built),
// then b.N times timed.
func replayFrames(b *testing.B, d *Device, frame [][]byte) {
	if err := d.Replay(frame); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		if err := d.Replay(frame); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
}
