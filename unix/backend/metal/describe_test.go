//go:build amd64 || arm64

package metal

import (
	"bytes"
	"errors"
	"regexp"
	"strings"
	"testing"

	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/metal/mtl"
)

func TestLabels(t *testing.T) {
	cases := map[string]string{
		textureLabel(7):  "mtld3d-tex-7",
		bufferLabel(12):  "mtld3d-buf-12",
		frameLabel(300):  "mtld3d-frame-300",
		passLabel(2):     "mtld3d-pass-2",
		pipelineLabel(1): "mtld3d-pipe-0000000000000001",
	}
	for got, want := range cases {
		if got != want {
			t.Errorf("label %q, want %q", got, want)
		}
	}
}

func TestStorageModes(t *testing.T) {
	if BufferStorage(true) != mtl.StorageModeShared || BufferStorage(false) != mtl.StorageModeManaged {
		t.Error("buffers: shared on unified memory, managed on discrete GPUs")
	}
	cases := []struct {
		f       pixfmt.Format
		samples int
		unified bool
		want    mtl.StorageMode
		usage   backend.TextureUsage
	}{
		{pixfmt.BGRA8Unorm, 1, true, mtl.StorageModeShared, backend.UsageShaderRead},
		{pixfmt.BGRA8Unorm, 1, false, mtl.StorageModeManaged, backend.UsageShaderRead},
		{pixfmt.BC1_RGBA, 1, false, mtl.StorageModeManaged, backend.UsageShaderRead},
		{pixfmt.BGRA8Unorm, 4, true, mtl.StorageModePrivate, backend.UsageRenderTarget},
		{pixfmt.BGRA8Unorm, 1, true, mtl.StorageModePrivate, backend.UsageRenderTarget | backend.UsageShaderRead},
		{pixfmt.BGRA8Unorm, 1, false, mtl.StorageModePrivate, backend.UsageRenderTarget},
		{pixfmt.Depth32Float, 1, true, mtl.StorageModePrivate, backend.UsageShaderRead},
		{pixfmt.Depth32Float_Stencil8, 1, false, mtl.StorageModePrivate, backend.UsageRenderTarget},
		{pixfmt.Stencil8, 1, true, mtl.StorageModePrivate, backend.UsageRenderTarget},
	}
	for _, c := range cases {
		if got := TextureStorage(c.f, c.samples, c.usage, c.unified); got != c.want {
			t.Errorf("%v x%d unified=%v: %d, want %d", c.f, c.samples, c.unified, got, c.want)
		}
	}
}

func TestTextureDescriptor(t *testing.T) {
	td, err := TextureDescriptor(backend.TextureDesc{
		Type: backend.TextureTypeCube, Format: pixfmt.BC3_RGBA, Width: 64, Height: 64,
		MipLevels: 7, Usage: backend.UsageShaderRead,
	}, false)
	if err != nil {
		t.Fatal(err)
	}
	want := mtl.TextureDescriptor{
		TextureType: mtl.TextureTypeCube, PixelFormat: mtl.PixelFormatBC3_RGBA, Width: 64, Height: 64, Depth: 1,
		MipmapLevelCount: 7, ArrayLength: 1, SampleCount: 1, Usage: mtl.TextureUsageShaderRead,
		StorageMode: mtl.StorageModeManaged,
	}
	if td != want {
		t.Errorf("got %+v\nwant %+v", td, want)
	}
	if _, err := TextureDescriptor(backend.TextureDesc{Format: pixfmt.Invalid}, true); !errors.Is(err, backend.ErrUnsupported) {
		t.Error("invalid format accepted")
	}
	if SliceCount(backend.TextureDesc{Type: backend.TextureTypeCube}) != 6 ||
		SliceCount(backend.TextureDesc{Type: backend.TextureType2DArray, ArrayLength: 3}) != 3 {
		t.Error("slice count")
	}
}

func TestSamplerDescriptor(t *testing.T) {
	d := backend.DefaultSamplerDesc()
	d.MinFilter, d.MagFilter, d.MipFilter = backend.FilterLinear, backend.FilterLinear, backend.MipFilterLinear
	d.SAddress, d.TAddress = backend.AddressRepeat, backend.AddressClampToBorder
	d.BorderColor = backend.BorderOpaqueWhite
	d.MaxAnisotropy = 64
	sd, err := SamplerDescriptor(d)
	if err != nil {
		t.Fatal(err)
	}
	want := mtl.SamplerDescriptor{
		MinFilter: 1, MagFilter: 1, MipFilter: 2, SAddressMode: 2, TAddressMode: 5, RAddressMode: 0,
		BorderColor: 2, MaxAnisotropy: 16, LodMaxClamp: 1000, CompareFunction: mtl.CompareFunctionNever,
	}
	if sd != want {
		t.Errorf("got %+v\nwant %+v", sd, want)
	}
	d.Compare, d.CompareFunc = true, backend.CompareLessEqual
	sd, _ = SamplerDescriptor(d)
	if sd.CompareFunction != mtl.CompareFunctionLessEqual {
		t.Error("compare function")
	}
	d.MaxAnisotropy = 0
	if sd, _ = SamplerDescriptor(d); sd.MaxAnisotropy != 1 {
		t.Error("anisotropy 0 means 1")
	}
}

func TestDepthStencilDescriptor(t *testing.T) {
	dd, err := DepthStencilDescriptor(backend.DepthStencilDesc{})
	if err != nil || dd.DepthCompareFunction != mtl.CompareFunctionAlways || dd.DepthWriteEnabled ||
		dd.FrontFaceStencil != nil || dd.BackFaceStencil != nil {
		t.Errorf("zero desc: %+v %v", dd, err)
	}
	dd, err = DepthStencilDescriptor(backend.DepthStencilDesc{
		DepthCompare: backend.CompareLessEqual, DepthWrite: true, StencilEnable: true,
		Front: backend.StencilDesc{Compare: backend.CompareEqual, FailOp: backend.StencilKeep,
			DepthFailOp: backend.StencilIncrementWrap, PassOp: backend.StencilReplace, ReadMask: 0xf0, WriteMask: 0x0f},
		Back: backend.StencilDesc{Compare: backend.CompareNever, ReadMask: 0xff, WriteMask: 0xff},
	})
	if err != nil {
		t.Fatal(err)
	}
	if dd.DepthCompareFunction != 3 || !dd.DepthWriteEnabled {
		t.Errorf("depth: %+v", dd)
	}
	wantFront := mtl.StencilDescriptor{StencilCompareFunction: 2, StencilFailureOperation: 0,
		DepthFailureOperation: 6, DepthStencilPassOperation: 2, ReadMask: 0xf0, WriteMask: 0x0f}
	if *dd.FrontFaceStencil != wantFront {
		t.Errorf("front %+v", *dd.FrontFaceStencil)
	}
	if dd.BackFaceStencil.StencilCompareFunction != mtl.CompareFunctionNever || dd.BackFaceStencil.WriteMask != 0xff {
		t.Errorf("back %+v", *dd.BackFaceStencil)
	}
}

func testPipelineDesc() backend.RenderPipelineDesc {
	var d backend.RenderPipelineDesc
	d.VertexDescriptor.Attributes[0] = backend.VertexAttribute{Format: backend.VertexFloat3, Offset: 0, BufferIndex: 0}
	d.VertexDescriptor.Attributes[1] = backend.VertexAttribute{Format: backend.VertexUChar4Normalized_BGRA, Offset: 12, BufferIndex: 0}
	d.VertexDescriptor.Attributes[3] = backend.VertexAttribute{Format: backend.VertexFloat4, Offset: 0, BufferIndex: 2}
	d.VertexDescriptor.Layouts[0] = backend.VertexBufferLayout{Stride: 16}
	d.VertexDescriptor.Layouts[2] = backend.VertexBufferLayout{Stride: 0, Step: backend.StepConstant}
	d.VertexDescriptor.Layouts[5] = backend.VertexBufferLayout{Stride: 64} // no attribute reads it
	d.ColorAttachments[0] = backend.ColorAttachmentDesc{
		Format: pixfmt.BGRA8Unorm, BlendEnable: true,
		SrcRGB: backend.BlendSourceAlpha, DstRGB: backend.BlendOneMinusSourceAlpha,
		SrcAlpha: backend.BlendOne, DstAlpha: backend.BlendZero,
		WriteMask: backend.ColorMaskAll,
	}
	d.DepthFormat = pixfmt.Depth32Float_Stencil8
	d.StencilFormat = pixfmt.Depth32Float_Stencil8
	d.Topology = backend.TopologyTriangle
	return d
}

func TestPipelineDescriptor(t *testing.T) {
	pd, err := PipelineDescriptor(testPipelineDesc(), "v", "f")
	if err != nil {
		t.Fatal(err)
	}
	vd := pd.VertexDescriptor
	if vd == nil {
		t.Fatal("no vertex descriptor")
	}
	if vd.Attributes[0] != (mtl.VertexAttributeDescriptor{Format: mtl.VertexFormatFloat3, Offset: 0, BufferIndex: 0}) ||
		vd.Attributes[1] != (mtl.VertexAttributeDescriptor{Format: mtl.VertexFormatUChar4Normalized_BGRA, Offset: 12, BufferIndex: 0}) ||
		vd.Attributes[2].Format != mtl.VertexFormatInvalid ||
		vd.Attributes[3].BufferIndex != 2 {
		t.Errorf("attributes %+v", vd.Attributes[:4])
	}
	if vd.Layouts[0] != (mtl.VertexBufferLayoutDescriptor{Used: true, Stride: 16, StepFunction: mtl.VertexStepFunctionPerVertex, StepRate: 1}) {
		t.Errorf("layout 0 %+v", vd.Layouts[0])
	}
	if vd.Layouts[2] != (mtl.VertexBufferLayoutDescriptor{Used: true, Stride: 0, StepFunction: mtl.VertexStepFunctionConstant, StepRate: 0}) {
		t.Errorf("layout 2 %+v", vd.Layouts[2])
	}
	if vd.Layouts[5].Used || vd.Layouts[1].Used {
		t.Error("layouts no attribute reads stay unset")
	}
	ca := pd.ColorAttachments[0]
	want := mtl.RenderPipelineColorAttachmentDescriptor{
		PixelFormat: mtl.PixelFormatBGRA8Unorm, BlendingEnabled: true,
		SourceRGBBlendFactor: mtl.BlendFactorSourceAlpha, DestinationRGBBlendFactor: mtl.BlendFactorOneMinusSourceAlpha,
		RGBBlendOperation: mtl.BlendOperationAdd, SourceAlphaBlendFactor: mtl.BlendFactorOne,
		DestinationAlphaBlendFactor: mtl.BlendFactorZero, AlphaBlendOperation: mtl.BlendOperationAdd,
		WriteMask: mtl.ColorWriteMaskAll,
	}
	if ca != want {
		t.Errorf("colour 0 %+v\nwant %+v", ca, want)
	}
	if pd.ColorAttachments[1].PixelFormat != mtl.PixelFormatInvalid {
		t.Error("unused attachment")
	}
	if pd.DepthAttachmentPixelFormat != 260 || pd.StencilAttachmentPixelFormat != 260 ||
		pd.RasterSampleCount != 1 || pd.InputPrimitiveTopology != mtl.PrimitiveTopologyClassTriangle {
		t.Errorf("pipeline %+v", pd)
	}
	if !regexp.MustCompile(`^mtld3d-pipe-[0-9a-f]{16}$`).MatchString(pd.Label) {
		t.Errorf("label %q", pd.Label)
	}

	// The label is stable, and changes with the descriptor or a function.
	again, _ := PipelineDescriptor(testPipelineDesc(), "v", "f")
	if again.Label != pd.Label {
		t.Error("hash not stable")
	}
	other, _ := PipelineDescriptor(testPipelineDesc(), "v", "g")
	d2 := testPipelineDesc()
	d2.ColorAttachments[0].WriteMask = backend.ColorMaskRed
	third, _ := PipelineDescriptor(d2, "v", "f")
	if other.Label == pd.Label || third.Label == pd.Label {
		t.Error("hash ignores a difference")
	}

	// No attributes: no vertex descriptor.
	var bare backend.RenderPipelineDesc
	bare.ColorAttachments[0].Format = pixfmt.RGBA8Unorm
	if pd, _ := PipelineDescriptor(bare, "v", ""); pd.VertexDescriptor != nil {
		t.Error("vertex descriptor without attributes")
	}
	// Disabled blending keeps Metal's factors (one, zero).
	noBlend := testPipelineDesc()
	noBlend.ColorAttachments[0].BlendEnable = false
	if pd, _ := PipelineDescriptor(noBlend, "v", "f"); pd.ColorAttachments[0].SourceRGBBlendFactor != mtl.BlendFactorOne ||
		pd.ColorAttachments[0].DestinationRGBBlendFactor != mtl.BlendFactorZero || pd.ColorAttachments[0].BlendingEnabled {
		t.Errorf("no blend: %+v", pd.ColorAttachments[0])
	}
	bad := testPipelineDesc()
	bad.ColorAttachments[2].Format = 250
	if _, err := PipelineDescriptor(bad, "v", "f"); err == nil {
		t.Error("bad format accepted")
	}
}

func TestRenderPassDescriptor(t *testing.T) {
	var d backend.RenderPassDesc
	tex := fakeTexture{w: 640, h: 480}
	d.Color[1] = backend.ColorAttachment{
		AttachmentDesc: backend.AttachmentDesc{Texture: tex, Level: 1, Load: backend.LoadClear, Store: backend.StoreStore},
		ClearColor:     [4]float64{0.25, 0.5, 0.75, 1},
	}
	d.Depth = backend.DepthAttachment{AttachmentDesc: backend.AttachmentDesc{Texture: tex, Load: backend.LoadClear, Store: backend.StoreDontCare}, ClearDepth: 1}
	pd, err := RenderPassDescriptor(&d)
	if err != nil {
		t.Fatal(err)
	}
	if pd.Color[0].Texture != nil || pd.Color[1].Load != mtl.LoadActionClear || pd.Color[1].Store != mtl.StoreActionStore {
		t.Errorf("colour %+v", pd.Color[:2])
	}
	if pd.ClearColor[1] != (mtl.ClearColor{Red: 0.25, Green: 0.5, Blue: 0.75, Alpha: 1}) || pd.ClearDepth != 1 {
		t.Error("clear values")
	}
	if pd.Width != 320 || pd.Height != 240 {
		t.Errorf("render area %dx%d, want level 1 of 640x480", pd.Width, pd.Height)
	}
	if s := ClampScissor(backend.ScissorRect{X: -10, Y: 200, Width: 400, Height: 100}, pd.Width, pd.Height); s != (mtl.ScissorRect{X: 0, Y: 200, Width: 320, Height: 40}) {
		t.Errorf("scissor %+v", s)
	}
	if s := ClampScissor(backend.ScissorRect{X: 500, Y: 500, Width: 10, Height: 10}, 320, 240); s.Width != 0 || s.Height != 0 {
		t.Errorf("scissor outside %+v", s)
	}
}

func TestCaps(t *testing.T) {
	c := CapsFrom(DeviceFacts{BC: true, Mac2: true, SampleCounts: [9]bool{2: true, 4: true}, ReadableDrawables: true})
	want := backend.CapBCTextures | backend.CapClampToBorder | backend.CapMirrorClampToEdge |
		backend.CapMSAA2 | backend.CapMSAA4 | backend.CapDepthClamp | backend.CapReadableDrawable | backend.CapMSLFunctions
	if c != want {
		t.Errorf("caps %#x, want %#x", c, want)
	}
}

func TestFunctionDesc(t *testing.T) {
	err := checkFunctionDesc(backend.FunctionDesc{Entry: "vs_main", Program: &backend.VertexFunc{}})
	if !errors.Is(err, backend.ErrUnsupported) || !strings.Contains(err.Error(), "Go program") {
		t.Errorf("Go program: %v", err)
	}
	if err := checkFunctionDesc(backend.FunctionDesc{Source: "x"}); err == nil {
		t.Error("missing entry accepted")
	}
	if err := checkFunctionDesc(backend.FunctionDesc{Source: "x", Entry: "f"}); err != nil {
		t.Error(err)
	}
	if FunctionKey("a", "f") == FunctionKey("b", "f") || FunctionKey("a", "f") == FunctionKey("a", "g") {
		t.Error("function keys collide")
	}
}

func TestDepthStencilPlanes(t *testing.T) {
	for _, f := range []pixfmt.Format{pixfmt.Depth24Unorm_Stencil8, pixfmt.Depth32Float_Stencil8} {
		texel := f.Info().BytesPerBlock
		w, h := 3, 2
		bpr := w*texel + 4 // padded rows
		src := make([]byte, bpr*h)
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				p := src[y*bpr+x*texel:]
				v := byte(1 + y*w + x)
				if f == pixfmt.Depth24Unorm_Stencil8 {
					p[0], p[1], p[2], p[3] = v, v+1, v+2, 0x80|v
				} else {
					p[0], p[1], p[2], p[3], p[4] = v, v+1, v+2, v+3, 0x80|v
				}
			}
		}
		dPlane, sPlane := splitDepthStencil(f, src, bpr, 0, w, h, 1)
		if len(dPlane) != w*h*4 || len(sPlane) != w*h || sPlane[4] != 0x80|5 {
			t.Fatalf("%v: planes %d %d %x", f, len(dPlane), len(sPlane), sPlane)
		}
		if f == pixfmt.Depth24Unorm_Stencil8 && dPlane[3] != 0 {
			t.Errorf("%v: depth word keeps the stencil byte", f)
		}
		out := make([]byte, len(src))
		mergeDepthStencil(f, out, bpr, 0, w, h, 1, dPlane, sPlane)
		for y := 0; y < h; y++ {
			a, b := src[y*bpr:y*bpr+w*texel], out[y*bpr:y*bpr+w*texel]
			if !bytes.Equal(a, b) {
				t.Errorf("%v row %d: %x != %x", f, y, b, a)
			}
		}
	}
	if imagePitch(backend.TextureType2D, 4096) != 0 || imagePitch(backend.TextureType3D, 4096) != 4096 {
		t.Error("image pitch")
	}
	if n := regionBytes(pixfmt.BC1_RGBA, backend.Region{Width: 8, Height: 8, Depth: 1}, 16, 0); n != 32 {
		t.Errorf("BC1 8x8 region = %d bytes, want 32", n)
	}
}

// fakeTexture is just enough of a backend.Texture for pass descriptors.
type fakeTexture struct {
	backend.Texture
	w, h int
}

func (f fakeTexture) Width() int  { return f.w }
func (f fakeTexture) Height() int { return f.h }
