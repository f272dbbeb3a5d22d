//go:build linux && (amd64 || arm64)

package double

import (
	"bytes"
	"os"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"mtld3d/core/ff"
	"mtld3d/core/ir"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/metal/mslreg"
	"mtld3d/unix/backend/metal/mtl"
	"mtld3d/unix/backend/metal/ns"
)

// open installs the double, loads the bindings over it and makes a device.
func open(t *testing.T) (*Runtime, mtl.Device) {
	t.Helper()
	d := Install()
	if err := ns.Load(); err != nil {
		t.Fatal(err)
	}
	dev, err := mtl.CreateSystemDefaultDevice()
	if err != nil {
		t.Fatal(err)
	}
	return d, dev
}

// expect runs f and returns the violations it caused.
func expect(d *Runtime, f func()) []string {
	var got []string
	d.OnViolation = func(v *Violation) { got = append(got, v.Message) }
	defer func() { d.OnViolation = nil }()
	f()
	return got
}

func TestBuffersAndBlitCopy(t *testing.T) {
	d, dev := open(t)
	defer dev.Release()
	src, err := dev.NewBuffer(64, mtl.ResourceStorageModeShared)
	if err != nil {
		t.Fatal(err)
	}
	dst, err := dev.NewBuffer(64, mtl.ResourceStorageModeShared)
	if err != nil {
		t.Fatal(err)
	}
	copy(unsafe.Slice((*byte)(src.Contents()), 64), bytes.Repeat([]byte{0xab}, 64))
	q, err := dev.NewCommandQueue()
	if err != nil {
		t.Fatal(err)
	}
	ns.WithPool(func() {
		cb := q.CommandBuffer()
		e := cb.BlitCommandEncoder()
		e.CopyBufferToBuffer(src, 8, dst, 0, 16)
		e.EndEncoding()
		done := make(chan mtl.CommandBufferStatus, 1)
		cb.AddCompletedHandler(func(c mtl.CommandBuffer) { done <- c.Status() })
		cb.Commit()
		cb.WaitUntilCompleted()
		if st := <-done; st != mtl.CommandBufferStatusCompleted {
			t.Errorf("status in the handler %d, want completed", st)
		}
		e.Release()
		cb.Release()
	})
	got := unsafe.Slice((*byte)(dst.Contents()), 64)
	if !bytes.Equal(got[:16], bytes.Repeat([]byte{0xab}, 16)) || got[16] != 0 {
		t.Errorf("copied bytes % x", got[:20])
	}
	src.Release()
	dst.Release()
	q.Release()
	if n := d.Messages["copyFromBuffer:sourceOffset:toBuffer:destinationOffset:size:"]; n != 1 {
		t.Errorf("%d copy messages, want 1", n)
	}
}

func TestTextureReplaceAndGetBytes(t *testing.T) {
	_, dev := open(t)
	defer dev.Release()
	tex, err := dev.NewTexture(mtl.TextureDescriptor{TextureType: mtl.TextureType2D, PixelFormat: mtl.PixelFormatBGRA8Unorm,
		Width: 4, Height: 4, Depth: 1, MipmapLevelCount: 1, ArrayLength: 1, SampleCount: 1,
		Usage: mtl.TextureUsageShaderRead, StorageMode: mtl.StorageModeManaged})
	if err != nil {
		t.Fatal(err)
	}
	defer tex.Release()
	in := make([]byte, 4*4*4)
	for i := range in {
		in[i] = byte(i)
	}
	r := mtl.Region{Size: mtl.Size{Width: 4, Height: 4, Depth: 1}}
	tex.Replace(r, 0, 0, unsafe.Pointer(&in[0]), 16, 64)
	out := make([]byte, len(in))
	tex.GetBytes(unsafe.Pointer(&out[0]), 16, 64, r, 0, 0)
	if !bytes.Equal(in, out) {
		t.Errorf("read back % x", out[:16])
	}
	if tex.Width() != 4 || tex.Height() != 4 {
		t.Errorf("size %dx%d", tex.Width(), tex.Height())
	}
}

// The rules: each broken one is reported with Metal's or the runtime's
// kind of message.
func TestViolations(t *testing.T) {
	d, dev := open(t)
	// The autorelease case leaks a command buffer, as it says.
	defer expect(d, dev.Release)
	for _, tc := range []struct {
		name, want string
		f          func()
	}{
		{"message to a released object", "deallocated instance", func() {
			b, _ := dev.NewBuffer(16, mtl.ResourceStorageModeShared)
			b.Release()
			ns.Retain(b.ID())
		}},
		{"released twice", "deallocated instance", func() {
			b, _ := dev.NewBuffer(16, mtl.ResourceStorageModeShared)
			b.Release()
			b.Release()
		}},
		{"private contents", "private buffer", func() {
			b, _ := dev.NewBuffer(16, mtl.ResourceStorageModePrivate)
			b.Contents()
			b.Release()
		}},
		{"didModifyRange on shared", "only managed", func() {
			b, _ := dev.NewBuffer(16, mtl.ResourceStorageModeShared)
			b.DidModifyRange(0, 16)
			b.Release()
		}},
		{"autorelease without a pool", "no pool", func() {
			q, _ := dev.NewCommandQueue()
			q.CommandBuffer().Release() // commandBuffer autoreleases outside any pool
			q.Release()
		}},
		{"private texture on the CPU", "cannot reach private", func() {
			tex, _ := dev.NewTexture(mtl.TextureDescriptor{TextureType: mtl.TextureType2D, PixelFormat: mtl.PixelFormatBGRA8Unorm,
				Width: 4, Height: 4, Depth: 1, MipmapLevelCount: 1, ArrayLength: 1, SampleCount: 1,
				Usage: mtl.TextureUsageShaderRead, StorageMode: mtl.StorageModePrivate})
			var px [64]byte
			tex.Replace(mtl.Region{Size: mtl.Size{Width: 4, Height: 4, Depth: 1}}, 0, 0, unsafe.Pointer(&px[0]), 16, 64)
			tex.Release()
		}},
	} {
		got := expect(d, tc.f)
		if len(got) == 0 || !strings.Contains(strings.Join(got, "\n"), tc.want) {
			t.Errorf("%s: violations %q, want one saying %q", tc.name, got, tc.want)
		}
	}
}

func tex2D(dev mtl.Device, f mtl.PixelFormat, w int, usage mtl.TextureUsage, storage mtl.StorageMode) (mtl.Texture, error) {
	return dev.NewTexture(mtl.TextureDescriptor{TextureType: mtl.TextureType2D, PixelFormat: f, Width: w, Height: w, Depth: 1,
		MipmapLevelCount: 1, ArrayLength: 1, SampleCount: 1, Usage: usage, StorageMode: storage})
}

// Metal's rules on texture usage, views, blits and set*Bytes.
func TestMetalRules(t *testing.T) {
	d, dev := open(t)
	defer dev.Release()
	rw := mtl.TextureUsageShaderRead | mtl.TextureUsageRenderTarget
	whole := mtl.Range{Location: 0, Length: 1}
	for _, tc := range []struct {
		name, want string // want "" expects no violation
		f          func()
	}{
		{"compressed render target", "cannot be a render target", func() {
			if tx, err := tex2D(dev, mtl.PixelFormatBC1_RGBA, 16, rw, mtl.StorageModePrivate); err == nil {
				tx.Release()
			}
		}},
		{"sRGB view without PixelFormatView", "", func() {
			tx, _ := tex2D(dev, mtl.PixelFormatBGRA8Unorm, 4, rw, mtl.StorageModePrivate)
			v, _ := tx.NewView(mtl.PixelFormatBGRA8Unorm_sRGB, mtl.TextureType2D, whole, whole, mtl.IdentitySwizzle)
			v.Release()
			tx.Release()
		}},
		{"reordering view without PixelFormatView", "MTLTextureUsagePixelFormatView", func() {
			tx, _ := tex2D(dev, mtl.PixelFormatBGRA8Unorm, 4, rw, mtl.StorageModePrivate)
			if v, err := tx.NewView(mtl.PixelFormatRGBA8Unorm, mtl.TextureType2D, whole, whole, mtl.IdentitySwizzle); err == nil {
				v.Release()
			}
			tx.Release()
		}},
		{"blit past the source buffer", "of a 64-byte source buffer", func() {
			tx, _ := tex2D(dev, mtl.PixelFormatBGRA8Unorm, 8, rw, mtl.StorageModePrivate)
			b, _ := dev.NewBuffer(64, mtl.ResourceStorageModeShared)
			q, _ := dev.NewCommandQueue()
			ns.WithPool(func() {
				cb := q.CommandBuffer()
				e := cb.BlitCommandEncoder()
				e.CopyBufferToTexture(b, 0, 32, 256, mtl.Size{Width: 8, Height: 8, Depth: 1}, tx, 0, 0, mtl.Origin{})
				e.EndEncoding()
				e.Release()
				cb.Release()
			})
			q.Release()
			b.Release()
			tx.Release()
		}},
		{"setVertexBytes past 4 KiB", "at most 4096 bytes", func() {
			tx, _ := tex2D(dev, mtl.PixelFormatBGRA8Unorm, 8, rw, mtl.StorageModePrivate)
			q, _ := dev.NewCommandQueue()
			ns.WithPool(func() {
				cb := q.CommandBuffer()
				rp := &mtl.RenderPassDescriptor{}
				rp.Color[0] = mtl.LoadStore{Texture: tx, LoadAction: mtl.LoadActionClear, StoreAction: mtl.StoreActionStore}
				e := cb.RenderCommandEncoder(rp)
				e.SetVertexBytes(make([]byte, 4100), 0)
				e.EndEncoding()
				e.Release()
				cb.Release()
			})
			q.Release()
			tx.Release()
		}},
	} {
		got := expect(d, tc.f)
		switch {
		case tc.want == "" && len(got) > 0:
			t.Errorf("%s: violations %q, want none", tc.name, got)
		case tc.want != "" && !strings.Contains(strings.Join(got, "\n"), tc.want):
			t.Errorf("%s: violations %q, want one saying %q", tc.name, got, tc.want)
		}
	}
}

// A selector the header does not declare for the receiver is what the
// runtime calls an unrecognized selector.
func TestUnrecognizedSelector(t *testing.T) {
	d, dev := open(t)
	defer dev.Release()
	got := expect(d, func() {
		ns.WithPool(func() {
			q, _ := dev.NewCommandQueue()
			defer q.Release()
			mtl.Buffer{}.Length() // nil: answers zero, no violation
			// -commit sent to a queue.
			mtl.CommandBufferOf(q.ID()).Commit()
		})
	})
	if len(got) != 1 || !strings.Contains(got[0], "unrecognized selector") {
		t.Errorf("violations %q", got)
	}
}

// Releasing a device while something it made is alive is a leak.
func TestDeviceReleasedWithLiveObjects(t *testing.T) {
	d, dev := open(t)
	b, _ := dev.NewBuffer(16, mtl.ResourceStorageModeShared)
	b.SetLabel("kept")
	got := expect(d, dev.Release)
	if len(got) != 1 || !strings.Contains(got[0], `MTLDoubleBuffer`) || !strings.Contains(got[0], `"kept"`) {
		t.Errorf("violations %q", got)
	}
}

// Two variants that print the same MSL (here they differ only in their
// link to the vertex outputs) are two functions: each runs the variant it
// was made for, whatever is made beside it on other goroutines.
func TestFunctionRunsTheVariantItWasMadeFor(t *testing.T) {
	d, dev := open(t)
	defer dev.Release()
	const src, entry = "fragment float4 f0() { return 0; }", "f0"
	lib, err := dev.NewLibraryWithSource(src, mtl.CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer lib.Release()
	st := ff.DefaultState()
	ps := ff.PixelShader(ff.PixelKeyOf(&st))
	variant := func(slot int) ir.VariantKey {
		v := ir.VariantKey{Linked: true}
		v.SetVSOutput(slot)
		return v
	}
	const makers, each = 4, 16
	got := make([][]ir.VariantKey, makers)
	var wg sync.WaitGroup
	for m := range makers {
		wg.Go(func() {
			for range each {
				end := mslreg.Making(backend.FunctionDesc{Stage: backend.StageFragment, Source: src, Entry: entry, IR: ps, Variant: variant(m)})
				f, err := lib.NewFunction(entry)
				end()
				if err != nil {
					t.Error(err)
					return
				}
				got[m] = append(got[m], d.lookup(uintptr(f.ID()), "function").state.(*function).desc.Variant)
				f.Release()
			}
		})
	}
	wg.Wait()
	for m, vs := range got {
		for _, v := range vs {
			if v != variant(m) {
				t.Errorf("maker %d's function runs the variant with outputs %x, want %x", m, v.VSOutputs, variant(m).VSOutputs)
			}
		}
	}
	// Made with no description: the double reports the missing IR.
	if v := expect(d, func() { _, _ = lib.NewFunction(entry) }); len(v) != 1 {
		t.Errorf("violations %q, want one for the missing IR", v)
	}
}

// mtl.CheckBindings, the first smoke step on a Mac, passes over the
// double: every class and object it asks answers what the bindings send
// (binary archives included, as on macOS 11).
func TestCheckBindings(t *testing.T) {
	_, dev := open(t)
	defer dev.Release()
	if err := mtl.CheckBindings(dev); err != nil {
		t.Error(err)
	}
}

// Binary archives follow MTLBinaryArchive.h: a url names a file to open
// (a missing or damaged one is refused with an NSError, never a crash),
// nil makes an empty archive, serializing writes a file the next open
// reads, a FailOnBinaryArchiveMiss lookup makes only what the archive
// holds, and an archive serves only its own device's pipelines.
func TestBinaryArchiveRules(t *testing.T) {
	d, dev := open(t)
	defer dev.Release()
	dir := t.TempDir()
	path := dir + "/a.binarchive"
	const src, entry = "vertex float4 v0() { return 0; }", "v0"
	st := ff.DefaultState()
	vs := ff.VertexShader(ff.VertexKeyOf(&st))
	lib, err := dev.NewLibraryWithSource(src, mtl.CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer lib.Release()
	end := mslreg.Making(backend.FunctionDesc{Stage: backend.StageVertex, Source: src, Entry: entry, IR: vs})
	vf, err := lib.NewFunction(entry)
	end()
	if err != nil {
		t.Fatal(err)
	}
	defer vf.Release()
	pd := mtl.RenderPipelineDescriptor{DepthAttachmentPixelFormat: mtl.PixelFormatDepth32Float,
		InputPrimitiveTopology: mtl.PrimitiveTopologyClassTriangle}

	if _, err := dev.NewBinaryArchive(path); err == nil || !strings.Contains(err.Error(), "MTLBinaryArchiveDomain 1") {
		t.Errorf("a missing file: %v, want MTLBinaryArchiveErrorInvalidFile", err)
	}
	empty, err := dev.NewBinaryArchive("")
	if err != nil {
		t.Fatal(err)
	}
	if p, err := dev.NewRenderPipelineStateFromArchive(vf, mtl.Function{}, pd, empty); err == nil {
		p.Release()
		t.Error("a FailOnBinaryArchiveMiss lookup in an empty archive made a pipeline")
	}
	if err := empty.AddRenderPipelineFunctions(vf, mtl.Function{}, pd); err != nil {
		t.Fatal(err)
	}
	if err := empty.Serialize(dir + "/no/such/folder"); err == nil {
		t.Error("serialized into a missing folder")
	}
	if err := empty.Serialize(path); err != nil {
		t.Fatal(err)
	}
	empty.Release()
	loaded, err := dev.NewBinaryArchive(path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := dev.NewRenderPipelineStateFromArchive(vf, mtl.Function{}, pd, loaded)
	if err != nil {
		t.Errorf("the added pipeline, from the archive file: %v", err)
	} else {
		p.Release()
	}
	pd.DepthAttachmentPixelFormat = mtl.PixelFormatDepth16Unorm
	if p, err := dev.NewRenderPipelineStateFromArchive(vf, mtl.Function{}, pd, loaded); err == nil {
		p.Release()
		t.Error("another pipeline from the archive")
	}
	other, err := mtl.CreateSystemDefaultDevice()
	if err != nil {
		t.Fatal(err)
	}
	if v := expect(d, func() {
		if p, err := other.NewRenderPipelineStateFromArchive(vf, mtl.Function{}, pd, loaded); err == nil {
			p.Release()
		}
	}); len(v) == 0 {
		t.Error("another device's function and archive: no violation")
	}
	other.Release()
	loaded.Release()
	b, _ := os.ReadFile(path)
	if err := os.WriteFile(path, b[:len(b)-9], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := dev.NewBinaryArchive(path); err == nil {
		t.Error("a truncated file opened")
	}
}
