package device

import (
	"runtime"
	"testing"
	"time"
	"unsafe"

	"go.uber.org/zap"

	"mtld3d/core/dxso"
	"mtld3d/core/format"
	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/reference"
)

// The device's own cost per draw (issue 16's first target): the record
// handlers and what they send, timed around replay alone, with a render
// encoder that drops what it is sent, so neither the reference
// backend's recording nor its rasterization counts. ns/draw and
// allocs/draw are the replay's only.

// nullBackend is the reference backend with render encoders that keep
// nothing (bench only).
type nullBackend struct{ backend.Device }
type nullQueue struct{ backend.CommandQueue }
type nullCB struct{ backend.CommandBuffer }
type nullEncoder struct{ real backend.RenderCommandEncoder }

func (b nullBackend) NewCommandQueue() (backend.CommandQueue, error) {
	q, err := b.Device.NewCommandQueue()
	return nullQueue{q}, err
}
func (q nullQueue) CommandBuffer() backend.CommandBuffer {
	return nullCB{q.CommandQueue.CommandBuffer()}
}
func (c nullCB) RenderCommandEncoder(d *backend.RenderPassDesc) backend.RenderCommandEncoder {
	return &nullEncoder{c.CommandBuffer.RenderCommandEncoder(d)}
}

func (*nullEncoder) SetViewport(backend.Viewport)                             {}
func (*nullEncoder) SetScissorRect(backend.ScissorRect)                       {}
func (*nullEncoder) SetCullMode(backend.CullMode)                             {}
func (*nullEncoder) SetFrontFacing(backend.Winding)                           {}
func (*nullEncoder) SetDepthBias(float32, float32, float32)                   {}
func (*nullEncoder) SetDepthClipMode(backend.DepthClipMode)                   {}
func (*nullEncoder) SetTriangleFillMode(backend.TriangleFillMode)             {}
func (*nullEncoder) SetStencilReference(uint32, uint32)                       {}
func (*nullEncoder) SetBlendColor(float32, float32, float32, float32)         {}
func (*nullEncoder) SetRenderPipelineState(backend.RenderPipelineState)       {}
func (*nullEncoder) SetDepthStencilState(backend.DepthStencilState)           {}
func (*nullEncoder) SetVertexBuffer(backend.Buffer, int, int)                 {}
func (*nullEncoder) SetVertexBufferOffset(int, int)                           {}
func (*nullEncoder) SetVertexBytes([]byte, int)                               {}
func (*nullEncoder) SetFragmentBuffer(backend.Buffer, int, int)               {}
func (*nullEncoder) SetFragmentBufferOffset(int, int)                         {}
func (*nullEncoder) SetFragmentBytes([]byte, int)                             {}
func (*nullEncoder) SetVertexTexture(backend.Texture, int)                    {}
func (*nullEncoder) SetFragmentTexture(backend.Texture, int)                  {}
func (*nullEncoder) SetVertexSampler(backend.Sampler, int)                    {}
func (*nullEncoder) SetFragmentSampler(backend.Sampler, int)                  {}
func (*nullEncoder) SetVisibilityResultMode(backend.VisibilityMode, int)      {}
func (*nullEncoder) SetDepthStoreAction(backend.StoreAction)                  {}
func (*nullEncoder) SetStencilStoreAction(backend.StoreAction)                {}
func (*nullEncoder) DrawPrimitives(backend.PrimitiveType, int, int, int, int) {}
func (e *nullEncoder) EndEncoding()                                           { e.real.EndEncoding() }
func (*nullEncoder) DrawIndexedPrimitives(backend.PrimitiveType, int, backend.IndexType, backend.Buffer, int, int, int, int) {
	nullDraws++
}

// nullDraws counts the draws null encoders were given, so a benchmark
// can check its draws were encoded, not skipped.
var nullDraws int

// benchEncode replays frame (after setup, once) b.N times, timing the
// replay of draws records only.
func benchEncode(b *testing.B, setup, draws func(c *chunk, keep *[][]byte)) {
	d, err := New(nullBackend{reference.New()}, format.Target{AppleGPU: true})
	if err != nil {
		b.Fatal(err)
	}
	d.log = zap.NewNop()
	defer d.Release()
	var keep [][]byte
	c := newChunk()
	setup(c, &keep)
	if err := d.Replay([][]byte{c.bytes()}); err != nil {
		b.Fatal(err)
	}
	c = newChunk()
	draws(c, &keep)
	frame := [][]byte{c.bytes()}
	if err := d.Replay(frame); err != nil { // builds the functions and pipelines
		b.Fatal(err)
	}
	var el time.Duration
	var allocs uint64
	nullDraws = 0
	var m0, m1 runtime.MemStats
	b.ResetTimer()
	for range b.N {
		runtime.ReadMemStats(&m0)
		t0 := time.Now()
		if err := d.replay(frame); err != nil {
			b.Fatal(err)
		}
		el += time.Since(t0)
		runtime.ReadMemStats(&m1)
		allocs += m1.Mallocs - m0.Mallocs
		d.endFrame(0)
		d.flush()
	}
	b.StopTimer()
	runtime.KeepAlive(keep)
	if nullDraws != b.N*drawsPerFrame {
		b.Fatalf("%d draws encoded, want %d", nullDraws, b.N*drawsPerFrame)
	}
	n := float64(b.N * drawsPerFrame)
	b.ReportMetric(float64(el.Nanoseconds())/n, "ns/draw")
	b.ReportMetric(float64(allocs)/n, "allocs/draw")
}

// encodeSetup makes an 8x8 target, a triangle's vertex and index
// buffers, two 4x4 textures (30, 31) and a vs_2_0/ps_2_0 pair reading a
// constant each, all bound.
func encodeSetup(c *chunk, keep *[][]byte) {
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: 0})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_CULLMODE), Value: uint32(types.D3DCULL_NONE)})
	v := f32s(0, 0, 0.5, 1, 0, 0, 1, 0, 0.5, 1, 1, 0, 0, 1, 0.5, 1, 0, 1)
	idx := []byte{0, 0, 1, 0, 2, 0, 0, 0}
	tex := u32s(make([]uint32, 16)...)
	*keep = append(*keep, v, idx, tex)
	add(c, code("CreateBuffer"), shared.RecCreateBuffer{ID: 20, Size: uint32(len(v))})
	add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 20, Size: uint32(len(v)), Src: addr(v)})
	add(c, code("CreateBuffer"), shared.RecCreateBuffer{ID: 21, Size: uint32(len(idx)), Format: uint32(types.D3DFMT_INDEX16)})
	add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 21, Size: uint32(len(idx)), Src: addr(idx)})
	for id := uint32(30); id <= 31; id++ {
		add(c, code("CreateTexture"), shared.RecCreateTexture{ID: id, Type: uint32(types.D3DRTYPE_TEXTURE), Format: uint32(types.D3DFMT_A8R8G8B8),
			Width: 4, Height: 4, Depth: 1, Levels: 1})
		add(c, code("UpdateTexture"), shared.RecUpdateTexture{ID: id, Right: 4, Bottom: 4, Back: 1, Src: addr(tex), Pitch: 16, SlicePitch: 64})
	}
	shader := func(id, kind uint32, src string) {
		code_, err := dxso.Assemble(src)
		if err != nil {
			panic(err)
		}
		*keep = append(*keep, unsafe.Slice((*byte)(unsafe.Pointer(&code_[0])), 4*len(code_)))
		add(c, code("CreateShader"), shared.RecCreateShader{ID: id, Kind: kind, Size: uint32(4 * len(code_)), Code: uint64(uintptr(unsafe.Pointer(&code_[0])))})
	}
	shader(10, shared.ShaderVertex, "vs_2_0\ndcl_position v0\ndcl_texcoord v1\nadd oPos, v0, c0\nmov oT0, v1\n")
	shader(11, shared.ShaderPixel, "ps_2_0\ndcl t0.xy\ndcl_2d s0\ntexld r0, t0, s0\nmul r0, r0, c0\nmov oC0, r0\n")
	elems := []byte{0, 0, 0, 0, byte(types.D3DDECLTYPE_FLOAT4), 0, byte(types.D3DDECLUSAGE_POSITION), 0,
		0, 0, 16, 0, byte(types.D3DDECLTYPE_FLOAT2), 0, byte(types.D3DDECLUSAGE_TEXCOORD), 0}
	add(c, code("CreateVertexDecl"), shared.RecCreateVertexDecl{ID: 12, Count: 2}, elems...)
	add(c, code("SetVertexDeclaration"), shared.RecSetObject{Object: 12})
	add(c, code("SetVertexShader"), shared.RecSetObject{Object: 10})
	add(c, code("SetPixelShader"), shared.RecSetObject{Object: 11})
	add(c, code("SetStreamSource"), shared.RecSetStreamSource{Stream: 0, Buffer: 20, Stride: 24})
	add(c, code("SetIndices"), shared.RecSetObject{Object: 21})
	add(c, code("SetTexture"), shared.RecSetTexture{Sampler: 0, Texture: 30})
}

func encodeDrawRec(c *chunk) {
	add(c, code("DrawIndexed"), shared.RecDrawIndexed{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), NumVertices: 3, PrimCount: 1})
}

// BenchmarkEncodeNoChange: the same draw again, nothing set between.
func BenchmarkEncodeNoChange(b *testing.B) {
	benchEncode(b, encodeSetup, func(c *chunk, _ *[][]byte) {
		for range drawsPerFrame {
			encodeDrawRec(c)
		}
	})
}

// BenchmarkEncodeTextureAndConstant: a texture and a pixel shader
// constant change before every draw.
func BenchmarkEncodeTextureAndConstant(b *testing.B) {
	benchEncode(b, encodeSetup, func(c *chunk, _ *[][]byte) {
		for i := range drawsPerFrame {
			add(c, code("SetTexture"), shared.RecSetTexture{Sampler: 0, Texture: 30 + uint32(i%2)})
			add(c, code("SetShaderConstF"), shared.RecSetShaderConst{Shader: shared.ConstShaderPixel, Start: 0, Count: 1},
				f32s(float32(i), 1, 1, 1)...)
			encodeDrawRec(c)
		}
	})
}
