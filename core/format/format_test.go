package format

import (
	"testing"

	"mtld3d/types"
)

// Every D3DFMT_* constant of package types must have a row.
var allFormats = []types.Format{
	types.D3DFMT_R8G8B8, types.D3DFMT_A8R8G8B8, types.D3DFMT_X8R8G8B8, types.D3DFMT_R5G6B5,
	types.D3DFMT_X1R5G5B5, types.D3DFMT_A1R5G5B5, types.D3DFMT_A4R4G4B4, types.D3DFMT_R3G3B2,
	types.D3DFMT_A8, types.D3DFMT_A8R3G3B2, types.D3DFMT_X4R4G4B4, types.D3DFMT_A2B10G10R10,
	types.D3DFMT_A8B8G8R8, types.D3DFMT_X8B8G8R8, types.D3DFMT_G16R16, types.D3DFMT_A2R10G10B10,
	types.D3DFMT_A16B16G16R16, types.D3DFMT_A8P8, types.D3DFMT_P8, types.D3DFMT_L8, types.D3DFMT_A8L8,
	types.D3DFMT_A4L4, types.D3DFMT_V8U8, types.D3DFMT_L6V5U5, types.D3DFMT_X8L8V8U8,
	types.D3DFMT_Q8W8V8U8, types.D3DFMT_V16U16, types.D3DFMT_A2W10V10U10, types.D3DFMT_UYVY,
	types.D3DFMT_YUY2, types.D3DFMT_DXT1, types.D3DFMT_DXT2, types.D3DFMT_DXT3, types.D3DFMT_DXT4,
	types.D3DFMT_DXT5, types.D3DFMT_MULTI2_ARGB8, types.D3DFMT_G8R8_G8B8, types.D3DFMT_R8G8_B8G8,
	types.D3DFMT_D16_LOCKABLE, types.D3DFMT_D32, types.D3DFMT_D15S1, types.D3DFMT_D24S8,
	types.D3DFMT_D24X8, types.D3DFMT_D24X4S4, types.D3DFMT_D16, types.D3DFMT_L16,
	types.D3DFMT_D32F_LOCKABLE, types.D3DFMT_D24FS8, types.D3DFMT_D32_LOCKABLE,
	types.D3DFMT_S8_LOCKABLE, types.D3DFMT_VERTEXDATA, types.D3DFMT_INDEX16, types.D3DFMT_INDEX32,
	types.D3DFMT_Q16W16V16U16, types.D3DFMT_R16F, types.D3DFMT_G16R16F, types.D3DFMT_A16B16G16R16F,
	types.D3DFMT_R32F, types.D3DFMT_G32R32F, types.D3DFMT_A32B32G32R32F, types.D3DFMT_CxV8U8,
	types.D3DFMT_A1, types.D3DFMT_A2B10G10R10_XR_BIAS, types.D3DFMT_BINARYBUFFER,
	types.D3DFMT_INTZ, types.D3DFMT_DF16, types.D3DFMT_DF24, types.D3DFMT_RAWZ, types.D3DFMT_NULL,
	types.D3DFMT_ATI1, types.D3DFMT_ATI2, types.D3DFMT_RESZ, types.D3DFMT_ATOC, types.D3DFMT_INST,
	types.D3DFMT_NVDB, types.D3DFMT_A2M0, types.D3DFMT_A2M1, types.D3DFMT_SSAA, types.D3DFMT_NVHS,
	types.D3DFMT_NVHU,
}

func TestEveryFormatHasARow(t *testing.T) {
	for _, f := range allFormats {
		in, ok := Lookup(f)
		if !ok {
			t.Errorf("%v: no row", f)
			continue
		}
		if in.BlockWidth < 1 || in.BlockHeight < 1 {
			t.Errorf("%v: bad block %dx%d", f, in.BlockWidth, in.BlockHeight)
		}
		if in.Format.IsFourCC() != (in.Flags&FlagFourCC != 0) {
			t.Errorf("%v: FourCC flag disagrees with the value", f)
		}
	}
	if len(Table()) != len(allFormats) {
		t.Errorf("table has %d rows, list has %d", len(Table()), len(allFormats))
	}
	if _, ok := Lookup(types.D3DFMT_UNKNOWN); ok {
		t.Error("D3DFMT_UNKNOWN has a row")
	}
	if in := Info(types.D3DFMT_UNKNOWN); in.Class != ClassUnknown || Pitch(types.D3DFMT_UNKNOWN, 16) != 0 {
		t.Errorf("unknown format row %+v", in)
	}
}

// size is one expected (pitch, level size) at the four awkward sizes
// 1x1, 3x3, 5x7 and 4096x1.
type sizes [4][2]int

// The expected values, worked out by hand from D3D9's rules: pitch is
// bytes per row of blocks, sizes round up to whole blocks.
var (
	bytes0  = sizes{{0, 0}, {0, 0}, {0, 0}, {0, 0}}
	bytes1  = sizes{{1, 1}, {3, 9}, {5, 35}, {4096, 4096}}
	bytes2  = sizes{{2, 2}, {6, 18}, {10, 70}, {8192, 8192}}
	bytes3  = sizes{{3, 3}, {9, 27}, {15, 105}, {12288, 12288}}
	bytes4  = sizes{{4, 4}, {12, 36}, {20, 140}, {16384, 16384}}
	bytes8  = sizes{{8, 8}, {24, 72}, {40, 280}, {32768, 32768}}
	bytes16 = sizes{{16, 16}, {48, 144}, {80, 560}, {65536, 65536}}
	// 4x4 blocks: 1x1 and 3x3 are one block; 5x7 is 2x2 blocks; 4096x1
	// is 1024 blocks in one row.
	dxt8  = sizes{{8, 8}, {8, 8}, {16, 32}, {8192, 8192}}
	dxt16 = sizes{{16, 16}, {16, 16}, {32, 64}, {16384, 16384}}
	// 2x1 blocks of 4 bytes: widths 1, 3, 5, 4096 take 1, 2, 3, 2048.
	pair4 = sizes{{4, 4}, {8, 24}, {12, 84}, {8192, 8192}}
	// A1: 8x1 blocks of one byte.
	bits1 = sizes{{1, 1}, {1, 3}, {1, 7}, {512, 512}}
)

var expectedSizes = map[types.Format]sizes{
	types.D3DFMT_R8G8B8: bytes3, types.D3DFMT_A8R8G8B8: bytes4, types.D3DFMT_X8R8G8B8: bytes4,
	types.D3DFMT_R5G6B5: bytes2, types.D3DFMT_X1R5G5B5: bytes2, types.D3DFMT_A1R5G5B5: bytes2,
	types.D3DFMT_A4R4G4B4: bytes2, types.D3DFMT_R3G3B2: bytes1, types.D3DFMT_A8: bytes1,
	types.D3DFMT_A8R3G3B2: bytes2, types.D3DFMT_X4R4G4B4: bytes2, types.D3DFMT_A2B10G10R10: bytes4,
	types.D3DFMT_A8B8G8R8: bytes4, types.D3DFMT_X8B8G8R8: bytes4, types.D3DFMT_G16R16: bytes4,
	types.D3DFMT_A2R10G10B10: bytes4, types.D3DFMT_A16B16G16R16: bytes8, types.D3DFMT_A8P8: bytes2,
	types.D3DFMT_P8: bytes1, types.D3DFMT_L8: bytes1, types.D3DFMT_A8L8: bytes2, types.D3DFMT_A4L4: bytes1,
	types.D3DFMT_V8U8: bytes2, types.D3DFMT_L6V5U5: bytes2, types.D3DFMT_X8L8V8U8: bytes4,
	types.D3DFMT_Q8W8V8U8: bytes4, types.D3DFMT_V16U16: bytes4, types.D3DFMT_A2W10V10U10: bytes4,
	types.D3DFMT_UYVY: pair4, types.D3DFMT_YUY2: pair4,
	types.D3DFMT_DXT1: dxt8, types.D3DFMT_DXT2: dxt16, types.D3DFMT_DXT3: dxt16,
	types.D3DFMT_DXT4: dxt16, types.D3DFMT_DXT5: dxt16,
	types.D3DFMT_MULTI2_ARGB8: bytes0, types.D3DFMT_G8R8_G8B8: pair4, types.D3DFMT_R8G8_B8G8: pair4,
	types.D3DFMT_D16_LOCKABLE: bytes2, types.D3DFMT_D32: bytes4, types.D3DFMT_D15S1: bytes2,
	types.D3DFMT_D24S8: bytes4, types.D3DFMT_D24X8: bytes4, types.D3DFMT_D24X4S4: bytes4,
	types.D3DFMT_D16: bytes2, types.D3DFMT_L16: bytes2, types.D3DFMT_D32F_LOCKABLE: bytes4,
	types.D3DFMT_D24FS8: bytes4, types.D3DFMT_D32_LOCKABLE: bytes4, types.D3DFMT_S8_LOCKABLE: bytes1,
	types.D3DFMT_VERTEXDATA: bytes1, types.D3DFMT_INDEX16: bytes2, types.D3DFMT_INDEX32: bytes4,
	types.D3DFMT_Q16W16V16U16: bytes8, types.D3DFMT_R16F: bytes2, types.D3DFMT_G16R16F: bytes4,
	types.D3DFMT_A16B16G16R16F: bytes8, types.D3DFMT_R32F: bytes4, types.D3DFMT_G32R32F: bytes8,
	types.D3DFMT_A32B32G32R32F: bytes16, types.D3DFMT_CxV8U8: bytes2, types.D3DFMT_A1: bits1,
	types.D3DFMT_A2B10G10R10_XR_BIAS: bytes4, types.D3DFMT_BINARYBUFFER: bytes1,
	types.D3DFMT_INTZ: bytes4, types.D3DFMT_DF16: bytes2, types.D3DFMT_DF24: bytes4,
	types.D3DFMT_RAWZ: bytes4, types.D3DFMT_NULL: bytes0, types.D3DFMT_ATI1: dxt8,
	types.D3DFMT_ATI2: dxt16, types.D3DFMT_RESZ: bytes0, types.D3DFMT_ATOC: bytes0,
	types.D3DFMT_INST: bytes0, types.D3DFMT_NVDB: bytes0, types.D3DFMT_A2M0: bytes0,
	types.D3DFMT_A2M1: bytes0, types.D3DFMT_SSAA: bytes0, types.D3DFMT_NVHS: bytes0,
	types.D3DFMT_NVHU: bytes0,
}

func TestPitchAndLevelSize(t *testing.T) {
	dims := [4][2]int{{1, 1}, {3, 3}, {5, 7}, {4096, 1}}
	for _, f := range allFormats {
		want, ok := expectedSizes[f]
		if !ok {
			t.Errorf("%v: no expected sizes", f)
			continue
		}
		for i, d := range dims {
			if got := Pitch(f, d[0]); got != want[i][0] {
				t.Errorf("%v: Pitch(%d) = %d, want %d", f, d[0], got, want[i][0])
			}
			if got := LevelSize(f, d[0], d[1], 1); got != want[i][1] {
				t.Errorf("%v: LevelSize(%dx%d) = %d, want %d", f, d[0], d[1], got, want[i][1])
			}
			if got := LevelSize(f, d[0], d[1], 3); got != 3*want[i][1] {
				t.Errorf("%v: LevelSize(%dx%dx3) = %d, want %d", f, d[0], d[1], got, 3*want[i][1])
			}
		}
	}
}

func TestMipChains(t *testing.T) {
	for _, c := range []struct{ w, h, d, want int }{
		{1, 1, 1, 1}, {2, 1, 1, 2}, {256, 256, 1, 9}, {5, 7, 1, 3}, {4096, 1, 1, 13},
		{640, 480, 1, 10}, {8, 8, 32, 6}, {3, 3, 3, 2},
	} {
		if got := MaxLevels(c.w, c.h, c.d); got != c.want {
			t.Errorf("MaxLevels(%d,%d,%d) = %d, want %d", c.w, c.h, c.d, got, c.want)
		}
	}
	for _, c := range []struct{ w, h, d, l, ww, wh, wd int }{
		{5, 7, 1, 1, 2, 3, 1}, {5, 7, 1, 2, 1, 1, 1}, {5, 7, 1, 9, 1, 1, 1},
		{640, 480, 1, 3, 80, 60, 1}, {8, 8, 32, 3, 1, 1, 4}, {4096, 1, 1, 12, 1, 1, 1},
	} {
		w, h, d := LevelDims(c.w, c.h, c.d, c.l)
		if w != c.ww || h != c.wh || d != c.wd {
			t.Errorf("LevelDims(%d,%d,%d,%d) = %d,%d,%d, want %d,%d,%d", c.w, c.h, c.d, c.l, w, h, d, c.ww, c.wh, c.wd)
		}
	}
	// A 16x16 DXT1 chain: the 2x2 and 1x1 levels still take a whole block.
	want := []int{128, 32, 8, 8, 8}
	for l := range MaxLevels(16, 16, 1) {
		w, h, _ := LevelDims(16, 16, 1, l)
		if got := LevelSize(types.D3DFMT_DXT1, w, h, 1); got != want[l] {
			t.Errorf("DXT1 16x16 level %d: %d bytes, want %d", l, got, want[l])
		}
	}
	for _, c := range []struct {
		f    types.Format
		w    int
		want int
	}{
		{types.D3DFMT_R8G8B8, 3, 12}, {types.D3DFMT_L8, 1, 4}, {types.D3DFMT_A8R8G8B8, 3, 12},
		{types.D3DFMT_R5G6B5, 3, 8}, {types.D3DFMT_DXT1, 1, 8}, {types.D3DFMT_YUY2, 3, 8},
	} {
		if got := LockPitch(c.f, c.w); got != c.want {
			t.Errorf("LockPitch(%v, %d) = %d, want %d", c.f, c.w, got, c.want)
		}
	}
	// DXT5 pitch is per row of 4x4 blocks: 256 wide is 64 blocks of 16.
	if got := Pitch(types.D3DFMT_DXT5, 256); got != 1024 {
		t.Errorf("DXT5 pitch at 256 = %d, want 1024", got)
	}
}

func TestClasses(t *testing.T) {
	for f, want := range map[types.Format]Class{
		types.D3DFMT_A8R8G8B8: ClassColor, types.D3DFMT_DXT1: ClassCompressed, types.D3DFMT_ATI2: ClassCompressed,
		types.D3DFMT_D24S8: ClassDepth, types.D3DFMT_INTZ: ClassDepth, types.D3DFMT_S8_LOCKABLE: ClassStencil,
		types.D3DFMT_INDEX16: ClassIndex, types.D3DFMT_VERTEXDATA: ClassVertexData, types.D3DFMT_YUY2: ClassVideo,
		types.D3DFMT_NULL: ClassHack, types.D3DFMT_UNKNOWN: ClassUnknown, types.D3DFMT_V8U8: ClassColor,
	} {
		if got := Info(f).Class; got != want {
			t.Errorf("%v: class %v, want %v", f, got, want)
		}
	}
	for _, in := range Table() {
		if (in.Class == ClassDepth) != (in.DepthBits > 0) {
			t.Errorf("%v: class %v with %d depth bits", in.Format, in.Class, in.DepthBits)
		}
		if in.Class == ClassStencil && in.StencilBits == 0 {
			t.Errorf("%v: stencil class without stencil bits", in.Format)
		}
	}
	if !Info(types.D3DFMT_A8R8G8B8).HasAlpha() || Info(types.D3DFMT_X8R8G8B8).HasAlpha() {
		t.Error("alpha flags of A8R8G8B8/X8R8G8B8")
	}
	if !Info(types.D3DFMT_DXT1).SRGB() || Info(types.D3DFMT_R5G6B5).SRGB() {
		t.Error("sRGB flags of DXT1/R5G6B5")
	}
	if d := Info(types.D3DFMT_D24S8); d.DepthBits != 24 || d.StencilBits != 8 {
		t.Errorf("D24S8 bits %d/%d", d.DepthBits, d.StencilBits)
	}
}

// Swizzles of the formats the sample test cannot decode, as DXVK found
// native drivers read them.
func TestBlockAndDepthSwizzles(t *testing.T) {
	for f, want := range map[types.Format]Swizzle{
		types.D3DFMT_ATI1: SwizzleR001, types.D3DFMT_ATI2: SwizzleGR11, types.D3DFMT_DXT1: SwizzleRGBA,
		types.D3DFMT_INTZ: SwizzleRRRR, types.D3DFMT_DF16: SwizzleR001, types.D3DFMT_DF24: SwizzleR001,
	} {
		for _, tg := range Targets {
			if got := Map(f, tg).Swizzle; got != want {
				t.Errorf("%v on %v: swizzle %v, want %v", f, tg, got, want)
			}
		}
	}
}

// Shadow maps are the plain depth formats; FETCH4 gathers the
// single-channel ones, A8 from alpha.
func TestShadowAndFetch4(t *testing.T) {
	for _, f := range []types.Format{types.D3DFMT_D16, types.D3DFMT_D24S8, types.D3DFMT_D24X8} {
		if !Info(f).Shadow() {
			t.Errorf("%v is not a shadow map", f)
		}
	}
	for _, f := range []types.Format{types.D3DFMT_INTZ, types.D3DFMT_DF16, types.D3DFMT_DF24, types.D3DFMT_L8, types.D3DFMT_R32F} {
		if Info(f).Shadow() {
			t.Errorf("%v is a shadow map", f)
		}
	}
	for f, want := range map[types.Format]int{types.D3DFMT_L8: 0, types.D3DFMT_L16: 0, types.D3DFMT_R16F: 0, types.D3DFMT_R32F: 0,
		types.D3DFMT_INTZ: 0, types.D3DFMT_DF16: 0, types.D3DFMT_DF24: 0, types.D3DFMT_A8: 3} {
		if c, ok := Info(f).Fetch4(); !ok || c != want {
			t.Errorf("%v: Fetch4() = %d, %v, want %d", f, c, ok, want)
		}
	}
	for _, f := range []types.Format{types.D3DFMT_A8R8G8B8, types.D3DFMT_A8L8, types.D3DFMT_G16R16F, types.D3DFMT_ATI1, types.D3DFMT_D24S8} {
		if _, ok := Info(f).Fetch4(); ok {
			t.Errorf("%v gathers", f)
		}
	}
}

// ATI1 and ATI2 lock one byte a texel, as AMD's drivers report them (Wine's
// test_lockrect_offset and test_miptree_layout run on AMD hardware);
// their texels stay 4x4 blocks. DXT1 is the block layout beside them.
func TestTexelLock(t *testing.T) {
	for _, c := range []struct {
		f                        types.Format
		w, h                     int
		pitch, rows, size, at60  int
		dataPitch, dataRows, raw int
	}{
		// 128x128: pitch 128, the rectangle at (60, 60) starts 60*128+60 in.
		{types.D3DFMT_ATI1, 128, 128, 128, 128, 16384, 7740, 256, 32, 8192},
		{types.D3DFMT_ATI2, 128, 128, 128, 128, 16384, 7740, 512, 32, 16384},
		// 257x257: 65x65 blocks, but the level spans 257x257 bytes.
		{types.D3DFMT_ATI2, 257, 257, 257, 257, 66049, 15480, 1040, 65, 67600},
		// A 1x1 level is one byte for the lock, one block for the texels.
		{types.D3DFMT_ATI1, 1, 1, 1, 1, 1, -1, 8, 1, 8},
		// DXT1 128x128: rows of 32 blocks of 8 bytes; (60, 60) is block (15, 15).
		{types.D3DFMT_DXT1, 128, 128, 256, 32, 8192, 15*256 + 15*8, 256, 32, 8192},
	} {
		if got := LockPitch(c.f, c.w); got != c.pitch {
			t.Errorf("%v %dx%d: LockPitch %d, want %d", c.f, c.w, c.h, got, c.pitch)
		}
		if got := LockRows(c.f, c.h); got != c.rows {
			t.Errorf("%v %dx%d: LockRows %d, want %d", c.f, c.w, c.h, got, c.rows)
		}
		if got := LockLevelSize(c.f, c.w, c.h, 1); got != c.size {
			t.Errorf("%v %dx%d: LockLevelSize %d, want %d", c.f, c.w, c.h, got, c.size)
		}
		if c.at60 >= 0 {
			if got := LockOffset(c.f, c.pitch, 60, 60); got != c.at60 {
				t.Errorf("%v %dx%d: LockOffset(60, 60) %d, want %d", c.f, c.w, c.h, got, c.at60)
			}
		}
		if got := Pitch(c.f, c.w); got != c.dataPitch {
			t.Errorf("%v %dx%d: Pitch %d, want %d", c.f, c.w, c.h, got, c.dataPitch)
		}
		if got := Rows(c.f, c.h); got != c.dataRows {
			t.Errorf("%v %dx%d: Rows %d, want %d", c.f, c.w, c.h, got, c.dataRows)
		}
		if got := LevelSize(c.f, c.w, c.h, 1); got != c.raw {
			t.Errorf("%v %dx%d: LevelSize %d, want %d", c.f, c.w, c.h, got, c.raw)
		}
	}
	// Only ATI1 and ATI2 lock per texel.
	for _, in := range Table() {
		want := in.Format == types.D3DFMT_ATI1 || in.Format == types.D3DFMT_ATI2
		if got := in.Flags&FlagTexelLock != 0; got != want {
			t.Errorf("%v: FlagTexelLock %v, want %v", in.Format, got, want)
		}
	}
}
