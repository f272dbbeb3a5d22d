package irprog_test

import (
	"encoding/binary"
	"math"
	"testing"

	"mtld3d/core/dxso"
	"mtld3d/core/dxso/lower"
	"mtld3d/core/ir"
	"mtld3d/core/msl"
	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/irprog"
	"mtld3d/unix/backend/reference"
)

// testStream is the vertex buffer index the tests fetch vertices from
// (the shader never names vertex buffers, so any free index does).
const testStream = 8

type rig struct {
	t   testing.TB
	dev *reference.Device
	q   backend.CommandQueue
}

func newRig(t testing.TB) *rig {
	dev := reference.New()
	q, err := dev.NewCommandQueue()
	if err != nil {
		t.Fatal(err)
	}
	return &rig{t: t, dev: dev, q: q}
}

// asm assembles DXSO text and lowers it to IR.
func asm(t testing.TB, src string) *ir.Shader {
	t.Helper()
	code, err := dxso.Assemble(src)
	if err != nil {
		t.Fatalf("assemble: %v\n%s", err, src)
	}
	res, err := lower.Code(code, lower.Options{})
	if err != nil {
		t.Fatalf("lower: %v\n%s", err, src)
	}
	return res.Shader
}

func (r *rig) texture(d backend.TextureDesc) backend.Texture {
	r.t.Helper()
	if d.Usage == 0 {
		d.Usage = backend.UsageRenderTarget | backend.UsageShaderRead
	}
	tex, err := r.dev.NewTexture(d)
	if err != nil {
		r.t.Fatal(err)
	}
	return tex
}

func (r *rig) target(f pixfmt.Format, w, h int) backend.Texture {
	return r.texture(backend.TextureDesc{Type: backend.TextureType2D, Format: f, Width: w, Height: h})
}

// floatTexture makes an RGBA32Float 2D texture whose level l holds
// levels[l] (width w>>l, height h>>l, row-major texels).
func (r *rig) floatTexture(w, h int, levels ...[][4]float32) backend.Texture {
	tex := r.texture(backend.TextureDesc{Type: backend.TextureType2D, Format: pixfmt.RGBA32Float, Width: w, Height: h, MipLevels: len(levels), Usage: backend.UsageShaderRead})
	for l, texels := range levels {
		lw, lh := max(1, w>>l), max(1, h>>l)
		tex.Replace(backend.Region{Width: lw, Height: lh, Depth: 1}, l, 0, float4Bytes(texels), 16*lw, 16*lw*lh)
	}
	return tex
}

func (r *rig) sampler(d backend.SamplerDesc) backend.Sampler {
	s, err := r.dev.NewSampler(d)
	if err != nil {
		r.t.Fatal(err)
	}
	return s
}

func (r *rig) function(s *ir.Shader, key ir.VariantKey) (backend.Function, backend.FunctionDesc, *msl.Unit) {
	r.t.Helper()
	d, u, err := irprog.Function(s, key)
	if err != nil {
		r.t.Fatal(err)
	}
	f, err := r.dev.NewFunction(d)
	if err != nil {
		r.t.Fatal(err)
	}
	return f, d, u
}

// vert is the test vertex: three float4 attributes at offsets 0, 16, 32.
type vert struct{ a, b, c [4]float32 }

// layout maps the three float4s of vert to vertex attributes locs.
func layout(locs [3]int) backend.VertexDescriptor {
	var vd backend.VertexDescriptor
	for i, l := range locs {
		vd.Attributes[l] = backend.VertexAttribute{Format: backend.VertexFloat4, Offset: uint32(16 * i), BufferIndex: testStream}
	}
	vd.Layouts[testStream] = backend.VertexBufferLayout{Stride: 48}
	return vd
}

// dxsoLayout is position v0, colour v1, texcoord v2.
var dxsoLayout = [3]int{0, 1, 2}

type pipe struct {
	state backend.RenderPipelineState
	vs    *irprog.VertexProgram
	fs    *irprog.FragmentProgram
	vu    *msl.Unit
	fu    *msl.Unit
}

// pipeline links vs and ps (the pixel key gets the vertex unit's
// varyings, as the pipeline cache does) and makes a pipeline writing one
// colour attachment of format f.
func (r *rig) pipeline(vs, ps *ir.Shader, vkey, pkey ir.VariantKey, locs [3]int, f pixfmt.Format, edit func(*backend.RenderPipelineDesc)) *pipe {
	r.t.Helper()
	vf, vd, vu := r.function(vs, vkey)
	ff, fd, fu := r.function(ps, irprog.LinkKey(pkey, vu.Varyings))
	d := backend.RenderPipelineDesc{VertexFunction: vf, FragmentFunction: ff, VertexDescriptor: layout(locs)}
	d.ColorAttachments[0] = backend.ColorAttachmentDesc{Format: f, WriteMask: backend.ColorMaskAll}
	if edit != nil {
		edit(&d)
	}
	st, err := r.dev.NewRenderPipeline(d)
	if err != nil {
		r.t.Fatal(err)
	}
	return &pipe{state: st, vs: vd.Program.(*irprog.VertexProgram), fs: fd.Program.(*irprog.FragmentProgram), vu: vu, fu: fu}
}

// pass runs one render pass with a colour target cleared to clear (and a
// depth target cleared to 1 if depth is not nil).
func (r *rig) pass(color, depth backend.Texture, clear [4]float64, f func(e backend.RenderCommandEncoder)) {
	r.t.Helper()
	var d backend.RenderPassDesc
	d.Color[0] = backend.ColorAttachment{AttachmentDesc: backend.AttachmentDesc{Texture: color, Load: backend.LoadClear, Store: backend.StoreStore}, ClearColor: clear}
	if depth != nil {
		d.Depth = backend.DepthAttachment{AttachmentDesc: backend.AttachmentDesc{Texture: depth, Load: backend.LoadClear, Store: backend.StoreStore}, ClearDepth: 1}
	}
	cb := r.q.CommandBuffer()
	e := cb.RenderCommandEncoder(&d)
	f(e)
	e.EndEncoding()
	cb.Commit()
	cb.WaitUntilCompleted()
	if err := cb.Error(); err != nil {
		r.t.Fatal(err)
	}
}

func draw(e backend.RenderCommandEncoder, p *pipe, vs []vert) {
	e.SetRenderPipelineState(p.state)
	b := make([]byte, 48*len(vs))
	for i, v := range vs {
		copy(b[48*i:], float4Bytes([][4]float32{v.a, v.b, v.c}))
	}
	e.SetVertexBytes(b, testStream)
	e.DrawPrimitives(backend.PrimitiveTriangle, 0, len(vs), 1, 0)
}

func float4Bytes(v [][4]float32) []byte {
	b := make([]byte, 16*len(v))
	for i, x := range v {
		for c := range x {
			binary.LittleEndian.PutUint32(b[16*i+4*c:], math.Float32bits(x[c]))
		}
	}
	return b
}

// quad is two triangles from clip-space (x0, y0) to (x1, y1) at depth z,
// attribute b constant, and attribute c running from uv0 at (x0, y0) to
// uv1 at (x1, y1).
func quad(x0, y0, x1, y1, z float32, b [4]float32, uv0, uv1 [2]float32) []vert {
	v := func(x, y, u, w float32) vert {
		return vert{a: [4]float32{x, y, z, 1}, b: b, c: [4]float32{u, w, 0, 1}}
	}
	p := v(x0, y0, uv0[0], uv0[1])
	q := v(x1, y0, uv1[0], uv0[1])
	s := v(x0, y1, uv0[0], uv1[1])
	t := v(x1, y1, uv1[0], uv1[1])
	return []vert{p, q, s, s, q, t}
}

// screen is a quad over the whole target, uv (0,0) at the top left.
func screen(z float32, b [4]float32, uv0, uv1 [2]float32) []vert {
	return quad(-1, 1, 1, -1, z, b, uv0, uv1)
}

func rgbaF(t backend.Texture, x, y int) [4]float32 {
	b := make([]byte, 16)
	t.GetBytes(b, 16, 16, backend.Region{X: x, Y: y, Width: 1, Height: 1, Depth: 1}, 0, 0)
	var c [4]float32
	for i := range c {
		c[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return c
}

func depthF(t backend.Texture, x, y int) float32 {
	b := make([]byte, 4)
	t.GetBytes(b, 4, 4, backend.Region{X: x, Y: y, Width: 1, Height: 1, Depth: 1}, 0, 0)
	return math.Float32frombits(binary.LittleEndian.Uint32(b))
}

func near4(a, b [4]float32, eps float32) bool {
	for i := range a {
		if !(float32(math.Abs(float64(a[i]-b[i]))) <= eps) {
			return false
		}
	}
	return true
}

func (r *rig) expect(t backend.Texture, x, y int, want [4]float32, eps float32) {
	r.t.Helper()
	if got := rgbaF(t, x, y); !near4(got, want, eps) {
		r.t.Errorf("pixel (%d,%d) = %v, want %v", x, y, got, want)
	}
}
