package device

import (
	"encoding/binary"
	"fmt"
	"math"
	"runtime"
	"sort"
	"strings"
	"testing"

	"mtld3d/core/format"
	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/reference"
)

// How many Objective-C messages a draw costs on the Metal backend. The
// Metal backend's render encoder (unix/backend/metal/command_darwin.go)
// sends exactly one message for each backend.RenderCommandEncoder call,
// so counting those calls on the reference backend while the device
// replays a frame counts the draw path's messages; `make bench-metal`
// prints the figures (docs/METAL.md). Render pass set-up (descriptor,
// attachments, label: about twenty messages a pass) is not per draw and
// is not counted here.

type msgCount struct {
	calls, draws, passes int
	by                   map[string]int
	seq                  []string // the calls in order, when logging (redraw_test.go)
	logging              bool
}

func (m *msgEncoder) c(name string) {
	m.n.calls++
	if m.n.logging {
		m.n.seq = append(m.n.seq, name)
	}
	if m.n.by == nil {
		m.n.by = map[string]int{}
	}
	m.n.by[name]++
}

type msgBackend struct {
	backend.Device
	n *msgCount
}
type msgQueue struct {
	backend.CommandQueue
	n *msgCount
}
type msgCB struct {
	backend.CommandBuffer
	n *msgCount
}
type msgEncoder struct {
	e backend.RenderCommandEncoder
	n *msgCount
}

func (b *msgBackend) NewCommandQueue() (backend.CommandQueue, error) {
	q, err := b.Device.NewCommandQueue()
	return &msgQueue{q, b.n}, err
}
func (q *msgQueue) CommandBuffer() backend.CommandBuffer {
	return &msgCB{q.CommandQueue.CommandBuffer(), q.n}
}
func (c *msgCB) RenderCommandEncoder(pd *backend.RenderPassDesc) backend.RenderCommandEncoder {
	c.n.passes++
	return &msgEncoder{c.CommandBuffer.RenderCommandEncoder(pd), c.n}
}

func (m *msgEncoder) SetViewport(v backend.Viewport) { m.c("SetViewport"); m.e.SetViewport(v) }
func (m *msgEncoder) SetScissorRect(r backend.ScissorRect) {
	m.c("SetScissorRect")
	m.e.SetScissorRect(r)
}
func (m *msgEncoder) SetCullMode(c backend.CullMode)   { m.c("SetCullMode"); m.e.SetCullMode(c) }
func (m *msgEncoder) SetFrontFacing(w backend.Winding) { m.c("SetFrontFacing"); m.e.SetFrontFacing(w) }
func (m *msgEncoder) SetDepthBias(b, s, c float32)     { m.c("SetDepthBias"); m.e.SetDepthBias(b, s, c) }
func (m *msgEncoder) SetDepthClipMode(c backend.DepthClipMode) {
	m.c("SetDepthClipMode")
	m.e.SetDepthClipMode(c)
}
func (m *msgEncoder) SetTriangleFillMode(f backend.TriangleFillMode) {
	m.c("SetTriangleFillMode")
	m.e.SetTriangleFillMode(f)
}
func (m *msgEncoder) SetStencilReference(f, b uint32) {
	m.c("SetStencilReference")
	m.e.SetStencilReference(f, b)
}
func (m *msgEncoder) SetBlendColor(r, g, b, a float32) {
	m.c("SetBlendColor")
	m.e.SetBlendColor(r, g, b, a)
}
func (m *msgEncoder) SetRenderPipelineState(p backend.RenderPipelineState) {
	m.c("SetRenderPipelineState")
	m.e.SetRenderPipelineState(p)
}
func (m *msgEncoder) SetDepthStencilState(s backend.DepthStencilState) {
	m.c("SetDepthStencilState")
	m.e.SetDepthStencilState(s)
}
func (m *msgEncoder) SetVertexBuffer(b backend.Buffer, off, i int) {
	m.c("SetVertexBuffer")
	m.e.SetVertexBuffer(b, off, i)
}
func (m *msgEncoder) SetVertexBufferOffset(off, i int) {
	m.c("SetVertexBufferOffset")
	m.e.SetVertexBufferOffset(off, i)
}
func (m *msgEncoder) SetVertexBytes(d []byte, i int) { m.c("SetVertexBytes"); m.e.SetVertexBytes(d, i) }
func (m *msgEncoder) SetFragmentBuffer(b backend.Buffer, off, i int) {
	m.c("SetFragmentBuffer")
	m.e.SetFragmentBuffer(b, off, i)
}
func (m *msgEncoder) SetFragmentBufferOffset(off, i int) {
	m.c("SetFragmentBufferOffset")
	m.e.SetFragmentBufferOffset(off, i)
}
func (m *msgEncoder) SetFragmentBytes(d []byte, i int) {
	m.c("SetFragmentBytes")
	m.e.SetFragmentBytes(d, i)
}
func (m *msgEncoder) SetVertexTexture(t backend.Texture, i int) {
	m.c("SetVertexTexture")
	m.e.SetVertexTexture(t, i)
}
func (m *msgEncoder) SetFragmentTexture(t backend.Texture, i int) {
	m.c("SetFragmentTexture")
	m.e.SetFragmentTexture(t, i)
}
func (m *msgEncoder) SetVertexSampler(s backend.Sampler, i int) {
	m.c("SetVertexSampler")
	m.e.SetVertexSampler(s, i)
}
func (m *msgEncoder) SetFragmentSampler(s backend.Sampler, i int) {
	m.c("SetFragmentSampler")
	m.e.SetFragmentSampler(s, i)
}
func (m *msgEncoder) SetVisibilityResultMode(v backend.VisibilityMode, off int) {
	m.c("SetVisibilityResultMode")
	m.e.SetVisibilityResultMode(v, off)
}
func (m *msgEncoder) SetDepthStoreAction(a backend.StoreAction) {
	m.c("SetDepthStoreAction")
	m.e.SetDepthStoreAction(a)
}
func (m *msgEncoder) SetStencilStoreAction(a backend.StoreAction) {
	m.c("SetStencilStoreAction")
	m.e.SetStencilStoreAction(a)
}
func (m *msgEncoder) DrawPrimitives(t backend.PrimitiveType, start, count, inst, base int) {
	m.c("DrawPrimitives")
	m.n.draws++
	m.e.DrawPrimitives(t, start, count, inst, base)
}
func (m *msgEncoder) DrawIndexedPrimitives(t backend.PrimitiveType, count int, it backend.IndexType, ib backend.Buffer, off, inst, bv, bi int) {
	m.c("DrawIndexedPrimitives")
	m.n.draws++
	m.e.DrawIndexedPrimitives(t, count, it, ib, off, inst, bv, bi)
}
func (m *msgEncoder) EndEncoding() { m.c("EndEncoding"); m.e.EndEncoding() }

// texturedFrame records drawsPerFrame textured, untransformed triangles
// that alternate between two textures and change the world transform
// before each draw: the shape of a game's scene draws.
func texturedFrame(c *chunk, keep *[][]byte) {
	add(c, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZ | types.D3DFVF_DIFFUSE | types.D3DFVF_TEX1})
	texels := make([]byte, 2*2*4)
	for i := range texels {
		texels[i] = 0xff
	}
	*keep = append(*keep, texels)
	for id := uint32(30); id <= 31; id++ {
		add(c, code("CreateTexture"), shared.RecCreateTexture{ID: id, Type: uint32(types.D3DRTYPE_TEXTURE),
			Format: uint32(types.D3DFMT_A8R8G8B8), Width: 2, Height: 2, Depth: 1, Levels: 1})
		add(c, code("UpdateTexture"), shared.RecUpdateTexture{ID: id, Right: 2, Bottom: 2, Back: 1, Src: addr(texels), Pitch: 8, SlicePitch: 16})
	}
	var v []byte
	for _, p := range [][2]float32{{-1, -1}, {1, -1}, {-1, 1}} {
		var b [24]byte
		binary.LittleEndian.PutUint32(b[0:], math.Float32bits(p[0]))
		binary.LittleEndian.PutUint32(b[4:], math.Float32bits(p[1]))
		binary.LittleEndian.PutUint32(b[8:], math.Float32bits(0.5))
		binary.LittleEndian.PutUint32(b[12:], 0xffffffff)
		v = append(v, b[:]...)
	}
	for i := range drawsPerFrame {
		m := [16]float32{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, float32(i) / 1000, 0, 0, 1}
		add(c, code("SetTransform"), shared.RecSetTransform{State: 256, Matrix: m})
		add(c, code("SetTexture"), shared.RecSetTexture{Sampler: 0, Texture: 30 + uint32(i%2)})
		add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1, Stride: 24, VertexBytes: uint32(len(v))}, v...)
	}
}

// TestMetalMessagesPerDraw counts, for three kinds of frame, the render
// encoder calls (so Metal messages) a draw costs once the frame's
// pipelines exist; the figures go in docs/METAL.md.
func TestMetalMessagesPerDraw(t *testing.T) {
	for _, f := range messageFrames {
		n := &msgCount{}
		d, err := New(&msgBackend{reference.New(), n}, format.Target{AppleGPU: true})
		if err != nil {
			t.Fatal(err)
		}
		replayTwice(t, d, f.record, func() { *n = msgCount{} })
		d.Release()
		if n.draws != drawsPerFrame {
			t.Fatalf("%s: %d draws reached the encoder, want %d", f.name, n.draws, drawsPerFrame)
		}
		per := float64(n.calls) / float64(n.draws)
		t.Logf("%-55s %5.1f messages a draw (%d encoder calls, %d draws, %d passes)", f.name, per, n.calls, n.draws, n.passes)
		var parts []string
		for name, k := range n.by {
			parts = append(parts, fmt.Sprintf("%s %.2f", name, float64(k)/float64(n.draws)))
		}
		sort.Strings(parts)
		t.Logf("    per draw: %s", strings.Join(parts, ", "))
		if per > 60 {
			t.Errorf("%s: %.1f messages a draw", f.name, per)
		}
	}
}

// replayTwice replays a frame recorded by record twice (the first builds
// functions and pipelines), calling reset between the two.
func replayTwice(t *testing.T, d *Device, record func(c *chunk, keep *[][]byte), reset func()) {
	t.Helper()
	var keep [][]byte
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_LIGHTING), Value: 0})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: 0})
	record(c, &keep)
	frame := [][]byte{c.bytes()}
	if err := d.Replay(frame); err != nil { // builds functions and pipelines
		t.Fatal(err)
	}
	reset()
	if err := d.Replay(frame); err != nil {
		t.Fatal(err)
	}
	runtime.KeepAlive(keep)
}

// messageFrames are the frames whose per-draw message counts
// docs/METAL.md gives.
var messageFrames = []struct {
	name   string
	record func(c *chunk, keep *[][]byte)
}{
	{"DrawUP, no state change", func(c *chunk, _ *[][]byte) {
		add(c, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE})
		v := tinyTriangle()
		for range drawsPerFrame {
			add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1, Stride: 20, VertexBytes: uint32(len(v))}, v...)
		}
	}},
	{"DrawIndexed from buffers, no state change", func(c *chunk, keep *[][]byte) {
		add(c, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE})
		v := tinyTriangle()
		idx := []byte{0, 0, 1, 0, 2, 0, 0, 0}
		*keep = append(*keep, v, idx)
		add(c, code("CreateBuffer"), shared.RecCreateBuffer{ID: 20, Size: uint32(len(v))})
		add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 20, Size: uint32(len(v)), Src: addr(v)})
		add(c, code("CreateBuffer"), shared.RecCreateBuffer{ID: 21, Size: uint32(len(idx)), Format: uint32(types.D3DFMT_INDEX16)})
		add(c, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 21, Size: uint32(len(idx)), Src: addr(idx)})
		add(c, code("SetStreamSource"), shared.RecSetStreamSource{Stream: 0, Buffer: 20, Stride: 20})
		add(c, code("SetIndices"), shared.RecSetObject{Object: 21})
		for range drawsPerFrame {
			add(c, code("DrawIndexed"), shared.RecDrawIndexed{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), NumVertices: 3, PrimCount: 1})
		}
	}},
	{"textured, world transform and texture change each draw", texturedFrame},
}
