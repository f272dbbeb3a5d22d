//go:build darwin

package metal

import (
	"errors"
	"math"
	"os"
	"testing"
	"time"

	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/metal/mtl"
	"mtld3d/unix/backend/metal/ns"
)

// The smoke tests talk to the real GPU. They never ran where this code
// was written (no Mac): run them first on a Mac with
//
//	MTLD3D_METAL_SMOKE=1 go test -v -count=1 -run Smoke ./unix/backend/metal/
//
// and read docs/METAL.md if one fails. Each step logs what it did, so the
// last line before a crash names the call that crashed.

func smokeDevice(t *testing.T) *Device {
	t.Helper()
	if os.Getenv("MTLD3D_METAL_SMOKE") != "1" {
		t.Skip("set MTLD3D_METAL_SMOKE=1 to run against the real Metal device")
	}
	t.Log("ns.Load: dlopen frameworks, resolve classes, selectors and symbols")
	if err := ns.Load(); err != nil {
		t.Fatalf("ns.Load: %v", err)
	}
	t.Log("MTLCreateSystemDefaultDevice")
	d, err := New()
	if err != nil {
		t.Fatalf("metal.New: %v", err)
	}
	t.Cleanup(d.Release)
	return d
}

func TestSmokeDevice(t *testing.T) {
	d := smokeDevice(t)
	dev := d.MTLDevice()
	t.Logf("device %q unified=%v caps=%#x", d.Name(), d.UnifiedMemory(), uint32(d.Caps()))
	t.Logf("recommendedMaxWorkingSetSize=%d lowPower=%v registryID=%#x",
		dev.RecommendedMaxWorkingSetSize(), dev.IsLowPower(), dev.RegistryID())
	// A 24-byte struct return: objc_msgSend_stret on amd64, x8 on arm64.
	mt := dev.MaxThreadsPerThreadgroup()
	t.Logf("maxThreadsPerThreadgroup=%+v", mt)
	if mt.Width == 0 || mt.Width > 1<<16 || mt.Height == 0 || mt.Depth == 0 {
		t.Errorf("maxThreadsPerThreadgroup %+v looks wrong: struct-return ABI (see docs/METAL.md)", mt)
	}
	all, err := mtl.CopyAllDevices()
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range all {
		t.Logf("MTLCopyAllDevices: %q", x.Name())
		x.Release()
	}
	t.Log("CheckBindings")
	if err := mtl.CheckBindings(dev); err != nil {
		t.Errorf("bindings: %v", err)
	}
}

func TestSmokeClearReadBack(t *testing.T) {
	d := smokeDevice(t)
	tex, err := d.NewTexture(backend.TextureDesc{
		Type: backend.TextureType2D, Format: pixfmt.RGBA8Unorm, Width: 4, Height: 4,
		Usage: backend.UsageRenderTarget | backend.UsageShaderRead,
	})
	if err != nil {
		t.Fatal(err)
	}
	defer tex.Release()
	q, err := d.NewCommandQueue()
	if err != nil {
		t.Fatal(err)
	}
	defer q.Release()

	t.Log("command buffer, clear pass")
	cb := q.CommandBuffer()
	var pass backend.RenderPassDesc
	pass.Color[0] = backend.ColorAttachment{
		AttachmentDesc: backend.AttachmentDesc{Texture: tex, Load: backend.LoadClear, Store: backend.StoreStore},
		ClearColor:     [4]float64{1, 0.5, 0, 1},
	}
	enc := cb.RenderCommandEncoder(&pass)
	enc.EndEncoding()
	handled := make(chan backend.CommandStatus, 1)
	cb.AddCompletedHandler(func(c backend.CommandBuffer) { handled <- c.Status() })
	t.Log("commit (adds the completion block)")
	cb.Commit()
	waitDone(t, cb)
	select {
	case st := <-handled:
		if st != backend.StatusCompleted {
			t.Errorf("handler saw status %d, error %v", st, cb.Error())
		}
	default:
		t.Error("completed handler did not run before WaitUntilCompleted returned")
	}

	t.Log("getBytes")
	px := make([]byte, 4*4*4)
	tex.GetBytes(px, 16, 0, backend.Region{Width: 4, Height: 4, Depth: 1}, 0, 0)
	for i := 0; i < len(px); i += 4 {
		if !near(px[i], 255) || !near(px[i+1], 128) || !near(px[i+2], 0) || !near(px[i+3], 255) {
			t.Fatalf("texel %d = %v, want about [255 128 0 255]", i/4, px[i:i+4])
		}
	}
}

const smokeMSL = `#include <metal_stdlib>
using namespace metal;
struct VOut { float4 pos [[position]]; };
vertex VOut vs_main(uint vid [[vertex_id]]) {
	float2 p = float2((vid << 1) & 2, vid & 2);
	VOut o;
	o.pos = float4(p * 2.0 - 1.0, 0.5, 1.0);
	return o;
}
fragment float4 fs_main(VOut in [[stage_in]], constant float4 &color [[buffer(0)]]) {
	return color;
}
`

func TestSmokeDraw(t *testing.T) {
	d := smokeDevice(t)
	t.Log("newLibraryWithSource")
	vf, err := d.NewFunction(backend.FunctionDesc{Stage: backend.StageVertex, Source: smokeMSL, Entry: "vs_main"})
	if err != nil {
		t.Fatal(err)
	}
	defer vf.Release()
	ff, err := d.NewFunction(backend.FunctionDesc{Stage: backend.StageFragment, Source: smokeMSL, Entry: "fs_main"})
	if err != nil {
		t.Fatal(err)
	}
	defer ff.Release()

	var pd backend.RenderPipelineDesc
	pd.VertexFunction, pd.FragmentFunction = vf, ff
	pd.ColorAttachments[0] = backend.ColorAttachmentDesc{Format: pixfmt.BGRA8Unorm, WriteMask: backend.ColorMaskAll}
	pd.DepthFormat = pixfmt.Depth32Float
	pd.Topology = backend.TopologyTriangle
	t.Log("newRenderPipelineStateWithDescriptor")
	pipe, err := d.NewRenderPipeline(pd)
	if err != nil {
		t.Fatal(err)
	}
	defer pipe.Release()
	ds, err := d.NewDepthStencilState(backend.DepthStencilDesc{DepthCompare: backend.CompareLess, DepthWrite: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ds.Release()
	smp, err := d.NewSampler(backend.DefaultSamplerDesc())
	if err != nil {
		t.Fatal(err)
	}
	defer smp.Release()

	rt, err := d.NewTexture(backend.TextureDesc{Format: pixfmt.BGRA8Unorm, Width: 8, Height: 8, Usage: backend.UsageRenderTarget})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Release()
	depth, err := d.NewTexture(backend.TextureDesc{Format: pixfmt.Depth32Float, Width: 8, Height: 8, Usage: backend.UsageRenderTarget})
	if err != nil {
		t.Fatal(err)
	}
	defer depth.Release()
	q, _ := d.NewCommandQueue()
	defer q.Release()

	cb := q.CommandBuffer()
	var pass backend.RenderPassDesc
	pass.Color[0] = backend.ColorAttachment{AttachmentDesc: backend.AttachmentDesc{Texture: rt, Load: backend.LoadClear, Store: backend.StoreStore}}
	pass.Depth = backend.DepthAttachment{AttachmentDesc: backend.AttachmentDesc{Texture: depth, Load: backend.LoadClear, Store: backend.StoreStore}, ClearDepth: 1}
	enc := cb.RenderCommandEncoder(&pass)
	t.Log("encode: viewport (struct arg), scissor (struct arg), state, bytes, draw")
	enc.SetViewport(backend.Viewport{Width: 8, Height: 8, ZFar: 1})
	enc.SetScissorRect(backend.ScissorRect{Width: 8, Height: 8})
	enc.SetCullMode(backend.CullNone)
	enc.SetBlendColor(0, 0, 0, 0)
	enc.SetRenderPipelineState(pipe)
	enc.SetDepthStencilState(ds)
	enc.SetFragmentSampler(smp, 0)
	color := []float32{0, 1, 0, 1}
	enc.SetFragmentBytes(float32Bytes(color), 0)
	enc.DrawPrimitives(backend.PrimitiveTriangle, 0, 3, 1, 0)
	enc.EndEncoding()
	cb.Commit()
	waitDone(t, cb)
	if cb.Status() != backend.StatusCompleted {
		t.Fatalf("status %d: %v", cb.Status(), cb.Error())
	}
	px := make([]byte, 8*8*4)
	rt.GetBytes(px, 32, 0, backend.Region{Width: 8, Height: 8, Depth: 1}, 0, 0)
	for i := 0; i < len(px); i += 4 { // BGRA
		if px[i] != 0 || px[i+1] != 255 || px[i+2] != 0 || px[i+3] != 255 {
			t.Fatalf("pixel %d = %v, want BGRA [0 255 0 255]", i/4, px[i:i+4])
		}
	}
	t.Log("depth read-back through a staging blit (private texture)")
	dv := make([]byte, 8*8*4)
	depth.GetBytes(dv, 32, 0, backend.Region{Width: 8, Height: 8, Depth: 1}, 0, 0)
	if z := math.Float32frombits(uint32(dv[0]) | uint32(dv[1])<<8 | uint32(dv[2])<<16 | uint32(dv[3])<<24); math.Abs(float64(z-0.5)) > 1e-6 {
		t.Errorf("depth = %v, want 0.5", z)
	}
}

func TestSmokeBuffersAndBlits(t *testing.T) {
	d := smokeDevice(t)
	a, err := d.NewBuffer(256)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Release()
	b, _ := d.NewBuffer(256)
	defer b.Release()
	for i := range 256 {
		a.Contents()[i] = byte(i)
	}
	q, _ := d.NewCommandQueue()
	defer q.Release()
	cb := q.CommandBuffer()
	be := cb.BlitCommandEncoder()
	be.CopyBufferToBuffer(a, 16, b, 0, 64)
	be.FillBuffer(b, 64, 64, 0xab)
	be.EndEncoding()
	cb.Commit()
	waitDone(t, cb)
	got := b.Contents()
	if got[0] != 16 || got[63] != 79 || got[64] != 0xab || got[127] != 0xab {
		t.Errorf("blit results %v", got[:130])
	}
}

func TestSmokeDepthStencilUpload(t *testing.T) {
	d := smokeDevice(t)
	tex, err := d.NewTexture(backend.TextureDesc{Format: pixfmt.Depth32Float_Stencil8, Width: 4, Height: 4, Usage: backend.UsageRenderTarget})
	if err != nil {
		t.Fatal(err)
	}
	defer tex.Release()
	src := make([]byte, 4*4*8)
	for i := 0; i < 16; i++ {
		bits := math.Float32bits(float32(i) / 16)
		src[i*8], src[i*8+1], src[i*8+2], src[i*8+3] = byte(bits), byte(bits>>8), byte(bits>>16), byte(bits>>24)
		src[i*8+4] = byte(i * 3)
	}
	tex.Replace(backend.Region{Width: 4, Height: 4, Depth: 1}, 0, 0, src, 32, 0)
	out := make([]byte, len(src))
	tex.GetBytes(out, 32, 0, backend.Region{Width: 4, Height: 4, Depth: 1}, 0, 0)
	for i := range src {
		if out[i] != src[i] {
			t.Fatalf("byte %d = %#x, want %#x", i, out[i], src[i])
		}
	}
}

func TestSmokeErrors(t *testing.T) {
	d := smokeDevice(t)
	_, err := d.NewFunction(backend.FunctionDesc{Source: "this is not MSL", Entry: "main0"})
	var ce *mtl.CompileError
	if !errors.As(err, &ce) || ce.Source == "" {
		t.Errorf("bad MSL: %v", err)
	} else {
		t.Logf("compile error text: %v", err)
	}
	_, err = d.NewFunction(backend.FunctionDesc{Entry: "x", Program: &backend.VertexFunc{}})
	if !errors.Is(err, backend.ErrUnsupported) {
		t.Errorf("Go program: %v", err)
	}
}

func TestSmokeLayer(t *testing.T) {
	d := smokeDevice(t)
	l, err := d.NewLayer(backend.LayerDesc{Width: 64, Height: 64, Format: pixfmt.BGRA8Unorm})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Release()
	sz := l.(*layer).CALayer().DrawableSize() // CGSize return
	if sz.Width != 64 || sz.Height != 64 {
		t.Errorf("drawableSize %+v", sz)
	}
	// A layer outside any window may or may not vend drawables; log only.
	dr, err := l.NextDrawable()
	if err != nil {
		t.Logf("nextDrawable on a detached layer: %v", err)
		return
	}
	t.Logf("drawable texture %dx%d", dr.Texture().Width(), dr.Texture().Height())
	q, _ := d.NewCommandQueue()
	defer q.Release()
	cb := q.CommandBuffer()
	var pass backend.RenderPassDesc
	pass.Color[0] = backend.ColorAttachment{AttachmentDesc: backend.AttachmentDesc{Texture: dr.Texture(), Load: backend.LoadClear, Store: backend.StoreStore}}
	cb.RenderCommandEncoder(&pass).EndEncoding()
	cb.PresentDrawable(dr)
	cb.Commit()
	waitDone(t, cb)
}

func waitDone(t *testing.T, cb backend.CommandBuffer) {
	t.Helper()
	done := make(chan struct{})
	go func() { cb.WaitUntilCompleted(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("command buffer did not complete in 10 s: the completion block never ran (see docs/METAL.md)")
	}
}

func near(a, b byte) bool { return int(a)+1 >= int(b) && int(b)+1 >= int(a) }

func float32Bytes(v []float32) []byte {
	out := make([]byte, 4*len(v))
	for i, f := range v {
		u := math.Float32bits(f)
		out[i*4], out[i*4+1], out[i*4+2], out[i*4+3] = byte(u), byte(u>>8), byte(u>>16), byte(u>>24)
	}
	return out
}

// TestSmokeBinaryArchive: a pipeline compiled (a miss: nothing in a new
// archive), added and written to a file by the archive's writer at
// Release; a second device over the same folder loads the file and
// makes the same pipeline from it (a hit). Needs macOS 11.
func TestSmokeBinaryArchive(t *testing.T) {
	dir := t.TempDir()
	for run := range 2 {
		d := smokeDevice(t)
		if !d.dev.SupportsBinaryArchives() {
			t.Skip("no binary archives before macOS 11")
		}
		t.Logf("run %d: newBinaryArchiveWithDescriptor in %s", run, dir)
		if err := d.OpenBinaryArchive(dir, true); err != nil {
			t.Fatal(err)
		}
		vf, err := d.NewFunction(backend.FunctionDesc{Stage: backend.StageVertex, Source: smokeMSL, Entry: "vs_main"})
		if err != nil {
			t.Fatal(err)
		}
		ff, err := d.NewFunction(backend.FunctionDesc{Stage: backend.StageFragment, Source: smokeMSL, Entry: "fs_main"})
		if err != nil {
			t.Fatal(err)
		}
		var pd backend.RenderPipelineDesc
		pd.VertexFunction, pd.FragmentFunction = vf, ff
		pd.ColorAttachments[0] = backend.ColorAttachmentDesc{Format: pixfmt.BGRA8Unorm, WriteMask: backend.ColorMaskAll}
		pd.Topology = backend.TopologyTriangle
		t.Log("pipeline: looked up with FailOnBinaryArchiveMiss, compiled on a miss")
		start := time.Now()
		pipe, err := d.NewRenderPipeline(pd)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("pipeline made in %v", time.Since(start))
		pipe.Release()
		vf.Release()
		ff.Release()
		d.Release()
		t.Log("waiting for the archive's writer (serializeToURL)")
		d.WaitArchive()
		st := d.ArchiveStats()
		t.Logf("run %d: %+v", run, st)
		if run == 0 && (st.Misses != 1 || st.Added != 1 || st.Writes != 1) {
			t.Errorf("first run: want one pipeline compiled, added and written")
		}
		if run == 1 && (!st.Loaded || st.Hits != 1) {
			t.Errorf("second run: want the archive loaded and the pipeline from it")
		}
	}
}
