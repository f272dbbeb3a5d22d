package reference

import (
	"encoding/binary"
	"math"
	"testing"

	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
)

// rig is a device and queue with helpers for drawing through the
// backend interface in tests.
type rig struct {
	t   testing.TB
	dev *Device
	q   backend.CommandQueue
}

func newRig(t testing.TB) *rig {
	dev := New()
	q, err := dev.NewCommandQueue()
	if err != nil {
		t.Fatal(err)
	}
	return &rig{t: t, dev: dev, q: q}
}

func (r *rig) tex(desc backend.TextureDesc) *Texture {
	r.t.Helper()
	if desc.Usage == 0 {
		desc.Usage = backend.UsageRenderTarget | backend.UsageShaderRead
	}
	t, err := r.dev.NewTexture(desc)
	if err != nil {
		r.t.Fatal(err)
	}
	return t.(*Texture)
}

func (r *rig) target(f pixfmt.Format, w, h, samples int) *Texture {
	typ := backend.TextureType2D
	if samples > 1 {
		typ = backend.TextureType2DMultisample
	}
	return r.tex(backend.TextureDesc{Type: typ, Format: f, Width: w, Height: h, SampleCount: samples})
}

// vtx is the test vertex: position in pixels (converted to clip space by
// the rig), depth, w, colour and texture coordinate.
type vtx struct {
	x, y, z, w float32
	c          [4]float32
	uv         [2]float32
}

func vertexDesc() backend.VertexDescriptor {
	var vd backend.VertexDescriptor
	vd.Attributes[0] = backend.VertexAttribute{Format: backend.VertexFloat4}
	vd.Attributes[1] = backend.VertexAttribute{Format: backend.VertexFloat4, Offset: 16}
	vd.Attributes[2] = backend.VertexAttribute{Format: backend.VertexFloat2, Offset: 32}
	vd.Layouts[0] = backend.VertexBufferLayout{Stride: 40}
	return vd
}

// clip converts pixel positions of a w x h target to clip space.
func clipBytes(vs []vtx, w, h int) []byte {
	b := make([]byte, 40*len(vs))
	for i, v := range vs {
		ww := v.w
		if ww == 0 {
			ww = 1
		}
		f := []float32{(2*v.x/float32(w) - 1) * ww, (1 - 2*v.y/float32(h)) * ww, v.z * ww, ww,
			v.c[0], v.c[1], v.c[2], v.c[3], v.uv[0], v.uv[1]}
		for k, x := range f {
			binary.LittleEndian.PutUint32(b[40*i+4*k:], math.Float32bits(x))
		}
	}
	return b
}

var passVS = &backend.VertexFunc{
	Sig: backend.VertexSignature{Varyings: 2},
	Run: func(_ backend.Resources, in *backend.VertexIn, out *backend.VertexOut) {
		out.Position = in.Attr[0]
		out.Varyings[0] = in.Attr[1]
		out.Varyings[1] = in.Attr[2]
		out.PointSize = in.Attr[2][0]
	},
}

var colorFS = &backend.FragmentFunc{
	Sig: backend.FragmentSignature{Varyings: 2, Outputs: 1},
	Run: func(_ backend.QuadResources, q *backend.Quad, out *backend.FragmentOut) {
		for l := 0; l < 4; l++ {
			out.Color[0][l] = q.Varyings[0][l]
		}
	},
}

// texFS samples texture 0 with sampler 0 at varying 1, with implicit LOD.
var texFS = &backend.FragmentFunc{
	Sig: backend.FragmentSignature{Varyings: 2, Outputs: 1},
	Run: func(r backend.QuadResources, q *backend.Quad, out *backend.FragmentOut) {
		r.SampleQuad(0, 0, &q.Varyings[1], 0, &out.Color[0])
	},
}

func (r *rig) function(stage backend.ShaderStage, p any) backend.Function {
	f, err := r.dev.NewFunction(backend.FunctionDesc{Stage: stage, Program: p, Entry: "test"})
	if err != nil {
		r.t.Fatal(err)
	}
	return f
}

// pipeline makes a pipeline with passVS and fs writing attachment 0 of
// format f, with no blending, after edit adjusts the descriptor.
func (r *rig) pipeline(fs any, f pixfmt.Format, edit func(*backend.RenderPipelineDesc)) backend.RenderPipelineState {
	r.t.Helper()
	d := backend.RenderPipelineDesc{VertexFunction: r.function(backend.StageVertex, passVS), VertexDescriptor: vertexDesc()}
	if fs != nil {
		d.FragmentFunction = r.function(backend.StageFragment, fs)
	}
	d.ColorAttachments[0] = backend.ColorAttachmentDesc{Format: f, WriteMask: backend.ColorMaskAll}
	if edit != nil {
		edit(&d)
	}
	p, err := r.dev.NewRenderPipeline(d)
	if err != nil {
		r.t.Fatal(err)
	}
	return p
}

func (r *rig) dss(d backend.DepthStencilDesc) backend.DepthStencilState {
	s, err := r.dev.NewDepthStencilState(d)
	if err != nil {
		r.t.Fatal(err)
	}
	return s
}

func (r *rig) sampler(d backend.SamplerDesc) backend.Sampler {
	s, err := r.dev.NewSampler(d)
	if err != nil {
		r.t.Fatal(err)
	}
	return s
}

// colorPass is a pass over one colour target, cleared to c.
func colorPass(t backend.Texture, c [4]float64) *backend.RenderPassDesc {
	var d backend.RenderPassDesc
	d.Color[0] = backend.ColorAttachment{AttachmentDesc: backend.AttachmentDesc{Texture: t, Load: backend.LoadClear, Store: backend.StoreStore}, ClearColor: c}
	return &d
}

// run encodes one pass, commits, waits and checks for errors.
func (r *rig) run(d *backend.RenderPassDesc, f func(e backend.RenderCommandEncoder)) {
	r.t.Helper()
	cb := r.q.CommandBuffer()
	e := cb.RenderCommandEncoder(d)
	f(e)
	e.EndEncoding()
	cb.Commit()
	cb.WaitUntilCompleted()
	if err := cb.Error(); err != nil {
		r.t.Fatal(err)
	}
}

// blit encodes blit commands, commits and waits.
func (r *rig) blit(f func(e backend.BlitCommandEncoder)) {
	r.t.Helper()
	cb := r.q.CommandBuffer()
	e := cb.BlitCommandEncoder()
	f(e)
	e.EndEncoding()
	cb.Commit()
	cb.WaitUntilCompleted()
	if err := cb.Error(); err != nil {
		r.t.Fatal(err)
	}
}

// draw draws triangles of vs with pipeline p on target tex.
func (r *rig) draw(e backend.RenderCommandEncoder, p backend.RenderPipelineState, tex backend.Texture, prim backend.PrimitiveType, vs []vtx) {
	e.SetRenderPipelineState(p)
	e.SetVertexBytes(clipBytes(vs, tex.Width(), tex.Height()), 0)
	e.DrawPrimitives(prim, 0, len(vs), 1, 0)
}

// pixel reads the bytes of one pixel of level 0 slice 0.
func pixel(t *Texture, x, y int) []byte {
	bpp := t.desc.Format.Info().BytesPerBlock * t.desc.SampleCount
	b := make([]byte, bpp)
	t.GetBytes(b, bpp, bpp, backend.Region{X: x, Y: y, Width: 1, Height: 1}, 0, 0)
	return b
}

// rgbaF reads one pixel of an RGBA32Float texture.
func rgbaF(t *Texture, x, y int) [4]float32 {
	b := pixel(t, x, y)
	var c [4]float32
	for i := range c {
		c[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return c
}

// rect is two triangles covering pixels x0..x1, y0..y1 (edges at those
// coordinates) in colour c.
func rect(x0, y0, x1, y1, z float32, c [4]float32) []vtx {
	a := vtx{x: x0, y: y0, z: z, c: c, uv: [2]float32{0, 0}}
	b := vtx{x: x1, y: y0, z: z, c: c, uv: [2]float32{1, 0}}
	cc := vtx{x: x0, y: y1, z: z, c: c, uv: [2]float32{0, 1}}
	d := vtx{x: x1, y: y1, z: z, c: c, uv: [2]float32{1, 1}}
	return []vtx{a, b, cc, cc, b, d}
}

func near(a, b, eps float32) bool { return float32(math.Abs(float64(a-b))) <= eps }
