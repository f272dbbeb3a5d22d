//go:build amd64 || arm64

package metal

import (
	"errors"
	"testing"

	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/metal/mtl"
)

// Every backend pixel format maps to the Metal format of the same name,
// and the raw values are Apple's.
func TestPixelFormatsAll(t *testing.T) {
	n := 0
	for f := pixfmt.Format(1); f.String() != "Invalid"; f++ {
		m, err := PixelFormat(f)
		if err != nil {
			t.Errorf("%v: %v", f, err)
			continue
		}
		if m.String() != f.String() {
			t.Errorf("%v maps to MTLPixelFormat%v (%d)", f, m, uint(m))
		}
		n++
	}
	if n < 35 {
		t.Errorf("only %d formats mapped", n)
	}
	if m, _ := PixelFormat(pixfmt.Invalid); m != mtl.PixelFormatInvalid {
		t.Error("Invalid must map to MTLPixelFormatInvalid")
	}
	if _, err := PixelFormat(200); !errors.Is(err, backend.ErrUnsupported) {
		t.Error("out-of-range format must be ErrUnsupported")
	}
	raw := map[pixfmt.Format]uint{
		pixfmt.BGRA8Unorm:            80,
		pixfmt.BGRA8Unorm_sRGB:       81,
		pixfmt.RGBA8Unorm:            70,
		pixfmt.Depth32Float_Stencil8: 260,
		pixfmt.Depth24Unorm_Stencil8: 255,
		pixfmt.X32_Stencil8:          261,
		pixfmt.Depth16Unorm:          250,
		pixfmt.BC3_RGBA:              134,
		pixfmt.A8Unorm:               1,
		pixfmt.B5G6R5Unorm:           40,
		pixfmt.RGBA16Float:           115,
	}
	for f, want := range raw {
		if m, _ := PixelFormat(f); uint(m) != want {
			t.Errorf("%v = %d, want %d", f, uint(m), want)
		}
	}
}

func TestVertexFormats(t *testing.T) {
	want := map[backend.VertexFormat]uint{
		backend.VertexInvalid:               0,
		backend.VertexFloat:                 28,
		backend.VertexFloat2:                29,
		backend.VertexFloat3:                30,
		backend.VertexFloat4:                31,
		backend.VertexHalf2:                 25,
		backend.VertexHalf4:                 27,
		backend.VertexUChar4:                3,
		backend.VertexUChar4Normalized:      9,
		backend.VertexUChar4Normalized_BGRA: 42,
		backend.VertexShort2:                16,
		backend.VertexShort4:                18,
		backend.VertexShort2Normalized:      22,
		backend.VertexShort4Normalized:      24,
		backend.VertexUShort2Normalized:     19,
		backend.VertexUShort4Normalized:     21,
		backend.VertexInt1010102Normalized:  40,
		backend.VertexUInt1010102Normalized: 41,
	}
	// Every format the backend defines (those with a size) is covered.
	for f := backend.VertexFormat(1); f.Size() != 0; f++ {
		if _, ok := want[f]; !ok {
			t.Errorf("vertex format %d has no expectation", f)
		}
	}
	for f, w := range want {
		m, err := VertexFormat(f)
		if err != nil || uint(m) != w {
			t.Errorf("vertex format %d = %d (%v), want %d", f, uint(m), err, w)
		}
	}
	steps := map[backend.StepFunction]mtl.VertexStepFunction{
		backend.StepPerVertex:   1,
		backend.StepConstant:    0,
		backend.StepPerInstance: 2,
	}
	for s, w := range steps {
		if m, err := StepFunction(s); err != nil || m != w {
			t.Errorf("step %d = %d, want %d", s, m, w)
		}
	}
}

func TestBlendTables(t *testing.T) {
	factors := map[backend.BlendFactor]uint{
		backend.BlendZero: 0, backend.BlendOne: 1, backend.BlendSourceColor: 2,
		backend.BlendOneMinusSourceColor: 3, backend.BlendSourceAlpha: 4,
		backend.BlendOneMinusSourceAlpha: 5, backend.BlendDestinationColor: 6,
		backend.BlendOneMinusDestinationColor: 7, backend.BlendDestinationAlpha: 8,
		backend.BlendOneMinusDestinationAlpha: 9, backend.BlendSourceAlphaSaturated: 10,
		backend.BlendBlendColor: 11, backend.BlendOneMinusBlendColor: 12,
		backend.BlendBlendAlpha: 13, backend.BlendOneMinusBlendAlpha: 14,
	}
	for f, w := range factors {
		if m, err := BlendFactor(f); err != nil || uint(m) != w {
			t.Errorf("blend factor %d = %d, want %d", f, m, w)
		}
	}
	if _, err := BlendFactor(backend.BlendOneMinusBlendAlpha + 1); err == nil {
		t.Error("unknown blend factor accepted")
	}
	ops := map[backend.BlendOp]uint{
		backend.BlendOpAdd: 0, backend.BlendOpSubtract: 1, backend.BlendOpReverseSubtract: 2,
		backend.BlendOpMin: 3, backend.BlendOpMax: 4,
	}
	for o, w := range ops {
		if m, err := BlendOp(o); err != nil || uint(m) != w {
			t.Errorf("blend op %d = %d, want %d", o, m, w)
		}
	}
	masks := map[backend.ColorMask]uint{
		backend.ColorMaskNone: 0, backend.ColorMaskRed: 8, backend.ColorMaskGreen: 4,
		backend.ColorMaskBlue: 2, backend.ColorMaskAlpha: 1, backend.ColorMaskAll: 15,
		backend.ColorMaskRed | backend.ColorMaskAlpha: 9,
	}
	for c, w := range masks {
		if m, err := ColorMask(c); err != nil || uint(m) != w {
			t.Errorf("colour mask %#x = %d, want %d", c, m, w)
		}
	}
	if _, err := ColorMask(0x10); err == nil {
		t.Error("colour mask with unknown bits accepted")
	}
}

func TestDepthStencilTables(t *testing.T) {
	// Backend order starts at Always; Metal's at Never (LessEqual is 3).
	cmp := map[backend.CompareFunction]uint{
		backend.CompareNever: 0, backend.CompareLess: 1, backend.CompareEqual: 2,
		backend.CompareLessEqual: 3, backend.CompareGreater: 4, backend.CompareNotEqual: 5,
		backend.CompareGreaterEqual: 6, backend.CompareAlways: 7,
	}
	for c, w := range cmp {
		if m, err := CompareFunction(c); err != nil || uint(m) != w {
			t.Errorf("compare %d = %d, want %d", c, m, w)
		}
	}
	if _, err := CompareFunction(backend.CompareGreaterEqual + 1); err == nil {
		t.Error("unknown compare function accepted")
	}
	ops := map[backend.StencilOp]uint{
		backend.StencilKeep: 0, backend.StencilZero: 1, backend.StencilReplace: 2,
		backend.StencilIncrementClamp: 3, backend.StencilDecrementClamp: 4,
		backend.StencilInvert: 5, backend.StencilIncrementWrap: 6, backend.StencilDecrementWrap: 7,
	}
	for o, w := range ops {
		if m, err := StencilOp(o); err != nil || uint(m) != w {
			t.Errorf("stencil op %d = %d, want %d", o, m, w)
		}
	}
}

func TestSamplerTables(t *testing.T) {
	addr := map[backend.AddressMode]uint{
		backend.AddressClampToEdge: 0, backend.AddressMirrorClampToEdge: 1, backend.AddressRepeat: 2,
		backend.AddressMirrorRepeat: 3, backend.AddressClampToZero: 4, backend.AddressClampToBorder: 5,
	}
	for a, w := range addr {
		if m, err := AddressMode(a); err != nil || uint(m) != w {
			t.Errorf("address %d = %d, want %d", a, m, w)
		}
	}
	borders := map[backend.BorderColor]uint{
		backend.BorderTransparentBlack: 0, backend.BorderOpaqueBlack: 1, backend.BorderOpaqueWhite: 2,
	}
	for b, w := range borders {
		if m, err := BorderColor(b); err != nil || uint(m) != w {
			t.Errorf("border %d = %d, want %d", b, m, w)
		}
	}
	for f, w := range map[backend.SamplerFilter]uint{backend.FilterNearest: 0, backend.FilterLinear: 1} {
		if m, err := MinMagFilter(f); err != nil || uint(m) != w {
			t.Errorf("filter %d = %d", f, m)
		}
	}
	for f, w := range map[backend.MipFilter]uint{backend.MipFilterNone: 0, backend.MipFilterNearest: 1, backend.MipFilterLinear: 2} {
		if m, err := MipFilter(f); err != nil || uint(m) != w {
			t.Errorf("mip filter %d = %d", f, m)
		}
	}
}

func TestDrawTables(t *testing.T) {
	prims := map[backend.PrimitiveType]uint{
		backend.PrimitivePoint: 0, backend.PrimitiveLine: 1, backend.PrimitiveLineStrip: 2,
		backend.PrimitiveTriangle: 3, backend.PrimitiveTriangleStrip: 4,
	}
	for p, w := range prims {
		if m, err := PrimitiveType(p); err != nil || uint(m) != w {
			t.Errorf("primitive %d = %d", p, m)
		}
	}
	topo := map[backend.TopologyClass]uint{
		backend.TopologyUnspecified: 0, backend.TopologyPoint: 1, backend.TopologyLine: 2, backend.TopologyTriangle: 3,
	}
	for p, w := range topo {
		if m, err := TopologyClass(p); err != nil || uint(m) != w {
			t.Errorf("topology %d = %d", p, m)
		}
	}
	if m, _ := IndexType(backend.IndexUInt32); m != mtl.IndexTypeUInt32 || IndexSize(backend.IndexUInt32) != 4 {
		t.Error("uint32 indices")
	}
	if m, _ := IndexType(backend.IndexUInt16); m != mtl.IndexTypeUInt16 || IndexSize(backend.IndexUInt16) != 2 {
		t.Error("uint16 indices")
	}
	for c, w := range map[backend.CullMode]uint{backend.CullNone: 0, backend.CullFront: 1, backend.CullBack: 2} {
		if m, err := CullMode(c); err != nil || uint(m) != w {
			t.Errorf("cull %d = %d", c, m)
		}
	}
	for c, w := range map[backend.Winding]uint{backend.WindingClockwise: 0, backend.WindingCounterClockwise: 1} {
		if m, err := Winding(c); err != nil || uint(m) != w {
			t.Errorf("winding %d = %d", c, m)
		}
	}
	for c, w := range map[backend.DepthClipMode]uint{backend.DepthClip: 0, backend.DepthClamp: 1} {
		if m, err := DepthClipMode(c); err != nil || uint(m) != w {
			t.Errorf("clip %d = %d", c, m)
		}
	}
	for c, w := range map[backend.TriangleFillMode]uint{backend.FillSolid: 0, backend.FillLines: 1} {
		if m, err := FillMode(c); err != nil || uint(m) != w {
			t.Errorf("fill %d = %d", c, m)
		}
	}
	for c, w := range map[backend.LoadAction]uint{backend.LoadDontCare: 0, backend.LoadLoad: 1, backend.LoadClear: 2} {
		if m, err := LoadAction(c); err != nil || uint(m) != w {
			t.Errorf("load %d = %d", c, m)
		}
	}
	stores := map[backend.StoreAction]uint{
		backend.StoreDontCare: 0, backend.StoreStore: 1, backend.StoreMultisampleResolve: 2,
		backend.StoreStoreAndMultisampleResolve: 3, backend.StoreUnknown: 4,
	}
	for c, w := range stores {
		if m, err := StoreAction(c); err != nil || uint(m) != w {
			t.Errorf("store %d = %d", c, m)
		}
	}
	vis := map[backend.VisibilityMode]uint{backend.VisibilityDisabled: 0, backend.VisibilityBoolean: 1, backend.VisibilityCounting: 2}
	for c, w := range vis {
		if m, err := VisibilityMode(c); err != nil || uint(m) != w {
			t.Errorf("visibility %d = %d", c, m)
		}
	}
}

func TestTextureTables(t *testing.T) {
	types := []struct {
		t     backend.TextureType
		array int
		want  uint
	}{
		{backend.TextureType2D, 1, 2},
		{backend.TextureType2D, 4, 3},
		{backend.TextureType1D, 1, 0},
		{backend.TextureTypeCube, 1, 5},
		{backend.TextureTypeCube, 2, 6},
		{backend.TextureType3D, 1, 7},
		{backend.TextureType2DArray, 3, 3},
		{backend.TextureType2DMultisample, 1, 4},
	}
	for _, c := range types {
		if m, err := TextureType(c.t, c.array); err != nil || uint(m) != c.want {
			t.Errorf("texture type %d x%d = %d, want %d", c.t, c.array, m, c.want)
		}
	}
	u, err := TextureUsage(backend.UsageShaderRead | backend.UsageRenderTarget | backend.UsagePixelFormatView)
	if err != nil || u != mtl.TextureUsageShaderRead|mtl.TextureUsageRenderTarget|mtl.TextureUsagePixelFormatView || uint(u) != 0x15 {
		t.Errorf("usage = %#x", u)
	}
	sw, err := Swizzles(pixfmt.Swizzles{})
	if err != nil || sw != mtl.IdentitySwizzle || sw != (mtl.TextureSwizzleChannels{Red: 2, Green: 3, Blue: 4, Alpha: 5}) {
		t.Errorf("identity swizzle = %+v", sw)
	}
	// D3D9 L8: rrr1.
	sw, _ = Swizzles(pixfmt.Swizzles{pixfmt.SwizzleRed, pixfmt.SwizzleRed, pixfmt.SwizzleRed, pixfmt.SwizzleOne})
	if sw != (mtl.TextureSwizzleChannels{Red: 2, Green: 2, Blue: 2, Alpha: 1}) {
		t.Errorf("L8 swizzle = %+v", sw)
	}
	if m, _ := Swizzle(pixfmt.SwizzleZero, 2); m != 0 {
		t.Error("zero swizzle")
	}
}

func TestCommandStatus(t *testing.T) {
	want := map[mtl.CommandBufferStatus]backend.CommandStatus{
		mtl.CommandBufferStatusNotEnqueued: backend.StatusNotCommitted,
		mtl.CommandBufferStatusEnqueued:    backend.StatusNotCommitted,
		mtl.CommandBufferStatusCommitted:   backend.StatusCommitted,
		mtl.CommandBufferStatusScheduled:   backend.StatusCommitted,
		mtl.CommandBufferStatusCompleted:   backend.StatusCompleted,
		mtl.CommandBufferStatusError:       backend.StatusError,
	}
	for m, w := range want {
		if got := CommandStatus(m); got != w {
			t.Errorf("status %d = %d, want %d", m, got, w)
		}
	}
}
