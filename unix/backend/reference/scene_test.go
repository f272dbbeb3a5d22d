package reference

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
)

// scene is a fixed frame: a depth-tested, alpha-blended cloud of textured
// triangles over a 640x480 target, drawn in batches with state changes.
type scene struct {
	r       *rig
	color   *Texture
	depth   *Texture
	tex     *Texture
	p       backend.RenderPipelineState
	ds      backend.DepthStencilState
	s       backend.Sampler
	verts   []byte
	nverts  int
	batches int
}

// sceneTriangles is the benchmark's load; the determinism test draws
// fewer to stay quick.
const sceneTriangles = 3000

func newScene(r *rig, triangles int) *scene {
	sc := &scene{r: r, batches: 30}
	sc.color = r.target(pixfmt.BGRA8Unorm, 640, 480, 1)
	sc.depth = r.target(pixfmt.Depth32Float, 640, 480, 1)
	sc.tex = r.tex(backend.TextureDesc{Format: pixfmt.RGBA8Unorm, Width: 256, Height: 256, MipLevels: 9})
	px := make([]byte, 256*256*4)
	for y := 0; y < 256; y++ {
		for x := 0; x < 256; x++ {
			copy(px[(y*256+x)*4:], []byte{byte(x), byte(y), byte(x ^ y), 255})
		}
	}
	sc.tex.Replace(backend.Region{Width: 256, Height: 256}, 0, 0, px, 1024, 0)
	r.blit(func(e backend.BlitCommandEncoder) { e.GenerateMipmaps(sc.tex) })
	modulate := &backend.FragmentFunc{Sig: texFS.Sig, Run: func(res backend.QuadResources, q *backend.Quad, out *backend.FragmentOut) {
		res.SampleQuad(0, 0, &q.Varyings[1], 0, &out.Color[0])
		for l := 0; l < 4; l++ {
			for k := 0; k < 4; k++ {
				out.Color[0][l][k] *= q.Varyings[0][l][k]
			}
		}
	}}
	sc.p = r.pipeline(modulate, pixfmt.BGRA8Unorm, func(d *backend.RenderPipelineDesc) {
		d.DepthFormat = pixfmt.Depth32Float
		c := &d.ColorAttachments[0]
		c.BlendEnable = true
		c.SrcRGB, c.DstRGB = backend.BlendSourceAlpha, backend.BlendOneMinusSourceAlpha
		c.SrcAlpha, c.DstAlpha = backend.BlendOne, backend.BlendOneMinusSourceAlpha
	})
	sc.ds = r.dss(backend.DepthStencilDesc{DepthCompare: backend.CompareLessEqual, DepthWrite: false})
	sd := backend.DefaultSamplerDesc()
	sd.MinFilter, sd.MagFilter, sd.MipFilter = backend.FilterLinear, backend.FilterLinear, backend.MipFilterLinear
	sd.SAddress, sd.TAddress = backend.AddressRepeat, backend.AddressRepeat
	sc.s = r.sampler(sd)
	// A fixed pseudo-random cloud (xorshift), triangles up to ~60 pixels.
	seed := uint32(2463534242)
	rnd := func() float32 {
		seed ^= seed << 13
		seed ^= seed >> 17
		seed ^= seed << 5
		return float32(seed%100000) / 100000
	}
	var vs []vtx
	for i := 0; i < triangles; i++ {
		cx, cy, z := rnd()*700-30, rnd()*540-30, rnd()
		c := [4]float32{0.5 + rnd()/2, 0.5 + rnd()/2, 0.5 + rnd()/2, 0.3 + rnd()*0.7}
		for k := 0; k < 3; k++ {
			vs = append(vs, vtx{x: cx + rnd()*60 - 30, y: cy + rnd()*60 - 30, z: z, c: c, uv: [2]float32{rnd() * 2, rnd() * 2}})
		}
	}
	sc.verts = clipBytes(vs, 640, 480)
	sc.nverts = len(vs)
	return sc
}

// frame draws the scene in sc.batches draws and returns the colour bytes.
func (sc *scene) frame() []byte {
	r := sc.r
	d := depthPass(sc.color, sc.depth, 1, 0)
	d.Color[0].ClearColor = [4]float64{0.1, 0.2, 0.3, 1}
	vb, _ := r.dev.NewBuffer(len(sc.verts))
	vb.Upload(0, sc.verts)
	r.run(d, func(e backend.RenderCommandEncoder) {
		e.SetRenderPipelineState(sc.p)
		e.SetDepthStencilState(sc.ds)
		e.SetFragmentTexture(sc.tex, 0)
		e.SetFragmentSampler(sc.s, 0)
		batch := sc.nverts / sc.batches / 3 * 3
		for start := 0; start < sc.nverts; start += batch {
			e.SetVertexBuffer(vb, 0, 0)
			e.SetCullMode(backend.CullMode(start / batch % 2 * 2)) // alternate none / back
			e.DrawPrimitives(backend.PrimitiveTriangle, start, min(batch, sc.nverts-start), 1, 0)
		}
	})
	out := make([]byte, 640*480*4)
	sc.color.GetBytes(out, 640*4, 0, backend.Region{Width: 640, Height: 480}, 0, 0)
	return out
}

func TestDeterminism(t *testing.T) {
	r := newRig(t)
	sc := newScene(r, 1000)
	old := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(old)
	start := time.Now()
	a := sc.frame()
	t.Logf("one core: %v per frame", time.Since(start))
	b := sc.frame()
	runtime.GOMAXPROCS(4)
	c := sc.frame()
	runtime.GOMAXPROCS(3)
	d := sc.frame()
	if !bytes.Equal(a, b) || !bytes.Equal(a, c) || !bytes.Equal(a, d) {
		t.Fatal("the same commands gave different images")
	}
	// One big draw: vertex shading splits into chunks too.
	sc.batches = 1
	e := sc.frame()
	runtime.GOMAXPROCS(1)
	if f := sc.frame(); !bytes.Equal(e, f) {
		t.Fatal("one big draw differs between 1 and 3 cores")
	}
	// Sanity: the frame is not just the clear colour.
	changed := 0
	for i := 0; i < len(a); i += 4 {
		if a[i] != a[0] || a[i+1] != a[1] {
			changed++
		}
	}
	if changed < 640*480/8 {
		t.Errorf("scene touched only %d pixels", changed)
	}
	if testing.Verbose() {
		if err := SavePNG(scenePNG(t), sc.color, 0, 0); err != nil {
			t.Error(err)
		}
	}
}

func BenchmarkScene(b *testing.B) {
	r := newRig(b)
	sc := newScene(r, sceneTriangles)
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		sc.frame()
	}
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "frames/s")
}

// scenePNG is where a verbose run leaves the scene: $MTLD3D_PNG_DIR if
// set, else the test's temporary directory.
func scenePNG(t *testing.T) string {
	if dir := os.Getenv("MTLD3D_PNG_DIR"); dir != "" {
		return filepath.Join(dir, "scene.png")
	}
	return filepath.Join(t.TempDir(), "scene.png")
}
