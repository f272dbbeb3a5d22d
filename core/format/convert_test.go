package format

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"

	"mtld3d/core/pixfmt"
	"mtld3d/types"
)

func u16(v ...uint16) []byte {
	b := make([]byte, 2*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint16(b[2*i:], x)
	}
	return b
}

func u32(v ...uint32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], x)
	}
	return b
}

func f32(v ...float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

func convert(t *testing.T, c Conv, src []byte, width int, pal []types.PaletteEntry) []byte {
	t.Helper()
	_, nd := c.RowBytes(width)
	dst := make([]byte, nd)
	if err := ConvertRow(c, dst, src, width, pal); err != nil {
		t.Fatalf("%v: %v", c, err)
	}
	return dst
}

// Known texels and what they become, worked out by hand.
func TestConvertRowBytes(t *testing.T) {
	pal := make([]types.PaletteEntry, 256)
	pal[5] = types.PaletteEntry{Red: 1, Green: 2, Blue: 3, Flags: 4}
	cases := []struct {
		c     Conv
		src   []byte
		width int
		want  []byte
	}{
		{ConvR8G8B8ToBGRA8, []byte{0x11, 0x22, 0x33, 0x44, 0x55, 0x66}, 2, []byte{0x11, 0x22, 0x33, 0xff, 0x44, 0x55, 0x66, 0xff}},
		// red, green, blue, and mid grey (5-bit 16 -> 132, 6-bit 32 -> 130)
		{ConvR5G6B5ToBGRA8, u16(0xf800, 0x07e0, 0x001f, 0x8410), 4,
			[]byte{0, 0, 255, 255, 0, 255, 0, 255, 255, 0, 0, 255, 132, 130, 132, 255}},
		{ConvX1R5G5B5ToBGRA8, u16(0x7c00, 0x001f), 2, []byte{0, 0, 255, 255, 255, 0, 0, 255}},
		{ConvA1R5G5B5ToBGRA8, u16(0x7c00, 0x801f), 2, []byte{0, 0, 255, 0, 255, 0, 0, 255}},
		// A=8 R=4 G=2 B=1 -> ABGR4Unorm keeps R at the top, A at the bottom
		{ConvA4R4G4B4ToABGR4, u16(0x8421), 1, u16(0x4218)},
		{ConvX4R4G4B4ToABGR4, u16(0x0421), 1, u16(0x421f)},
		{ConvA4R4G4B4ToBGRA8, u16(0x8421), 1, []byte{0x11, 0x22, 0x44, 0x88}},
		{ConvX4R4G4B4ToBGRA8, u16(0x0421), 1, []byte{0x11, 0x22, 0x44, 0xff}},
		// 0x49 = 010 010 01: 3-bit 2 -> 73, 2-bit 1 -> 85
		{ConvR3G3B2ToBGRA8, []byte{0xe0, 0x1c, 0x03, 0x49}, 4,
			[]byte{0, 0, 255, 255, 0, 255, 0, 255, 255, 0, 0, 255, 85, 73, 73, 255}},
		{ConvA8R3G3B2ToBGRA8, u16(0x80e0), 1, []byte{0, 0, 255, 0x80}},
		// A=3 R=0x3ff G=0x155 B=0 -> RGB10A2 with R in the low bits
		{ConvSwapRB10, u32(0xc0000000 | 0x3ff<<20 | 0x155<<10), 1, u32(0xc0000000 | 0x155<<10 | 0x3ff)},
		{ConvP8ToRGBA8, []byte{5, 6}, 2, []byte{1, 2, 3, 4, 0, 0, 0, 0}},
		{ConvA8P8ToRGBA8, []byte{5, 0x80}, 1, []byte{1, 2, 3, 0x80}},
		{ConvA4L4ToRG8, []byte{0x8f}, 1, []byte{0xff, 0x88}},
		// 0x7f -> 1.0, 0x81 -> -1.0, 0x80 clamps to -1.0
		{ConvV8U8ToRG16F, []byte{0x7f, 0x81, 0x80, 0x00}, 2, u16(0x3c00, 0xbc00, 0xbc00, 0)},
		{ConvX8L8V8U8ToRGBA16F, []byte{0x7f, 0x81, 0xff, 0x12}, 1, u16(0x3c00, 0xbc00, 0x3c00, 0x3c00)},
		{ConvQ8W8V8U8ToRGBA16F, []byte{0x7f, 0x00, 0x81, 0x80}, 1, u16(0x3c00, 0, 0xbc00, 0xbc00)},
		// L=63 V=-16 (clamped -1) U=15
		{ConvL6V5U5ToRGBA16F, u16(0xfe0f), 1, u16(0x3c00, 0xbc00, 0x3c00, 0x3c00)},
		// A=3 W=0 V=-512 U=511
		{ConvA2W10V10U10ToRGBA16F, u32(0xc00801ff), 1, u16(0x3c00, 0xbc00, 0, 0x3c00)},
		{ConvV16U16ToRG32F, u32(0x8001<<16 | 0x7fff), 1, f32(1, -1)},
		{ConvQ16W16V16U16ToRGBA32F, u16(0x7fff, 0, 0x8000, 0x8001), 1, f32(1, 0, -1, -1)},
		{ConvCxV8U8ToRGBA16F, []byte{0, 0, 0x7f, 0}, 2, u16(0, 0, 0x3c00, 0x3c00, 0x3c00, 0, 0, 0x3c00)},
		// white (235), black (16), BT.601 red (81, 90, 240); width 3 of 2 pairs
		{ConvYUY2ToBGRA8, []byte{235, 128, 16, 128, 81, 90, 81, 240}, 3,
			[]byte{255, 255, 255, 255, 0, 0, 0, 255, 0, 0, 255, 255}},
		{ConvUYVYToBGRA8, []byte{128, 235, 128, 16, 90, 81, 240, 81}, 4,
			[]byte{255, 255, 255, 255, 0, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255}},
		{ConvD32ToD32F, u32(0xffffffff, 0), 2, f32(1, 0)},
		{ConvD24X8ToD32F, u32(0xffffff00, 0x000000ff), 2, f32(1, 0)},
		{ConvD24S8ToD32FS8, u32(0xffffff7f), 1, append(f32(1), 0x7f, 0, 0, 0)},
		{ConvD24X4S4ToD32FS8, u32(0x000000f3), 1, append(f32(0), 3, 0, 0, 0)},
		{ConvD15S1ToD32FS8, u16(0xffff), 1, append(f32(1), 1, 0, 0, 0)},
		// FP24 1.0 is exponent 7, mantissa 0; 0.5 is exponent 6
		{ConvD24FS8ToD32FS8, u32(0x38000005, 0x30000000), 2, append(append(f32(1), 5, 0, 0, 0), append(f32(0.5), 0, 0, 0, 0)...)},
		{ConvD24S8ToS8D24, u32(0xabcdef12), 1, u32(0x12abcdef)},
		{ConvD24X4S4ToS8D24, u32(0xabcdeff3), 1, u32(0x03abcdef)},
		{ConvBGRA8ToR8G8B8, []byte{1, 2, 3, 4, 5, 6, 7, 8}, 2, []byte{1, 2, 3, 5, 6, 7}},
		{ConvBGRA8ToR5G6B5, []byte{255, 255, 255, 0, 132, 130, 132, 0}, 2, u16(0xffff, 0x8410)},
		{ConvBGRA8ToX1R5G5B5, []byte{0, 0, 255, 0}, 1, u16(0xfc00)},
		{ConvBGRA8ToA1R5G5B5, []byte{0, 0, 255, 0x7f, 255, 0, 0, 0x80}, 2, u16(0x7c00, 0x801f)},
		{ConvABGR4ToA4R4G4B4, u16(0x4218), 1, u16(0x8421)},
		{ConvBGRA8ToA4R4G4B4, []byte{0x11, 0x22, 0x44, 0x88}, 1, u16(0x8421)},
		{ConvD32FToD32, f32(1, 0, 0.5, 2), 4, u32(0xffffffff, 0, 0x80000000, 0xffffffff)},
		// White, black: Y 235 and 16, chroma 128; red and blue: Y 82 and
		// 41, U 90 and 240, V 240 and 110, the pair's chroma averaged.
		{ConvBGRA8ToYUY2, []byte{255, 255, 255, 255, 0, 0, 0, 255, 0, 0, 255, 255, 255, 0, 0, 255}, 4,
			[]byte{235, 128, 16, 128, 82, 165, 41, 175}},
		{ConvBGRA8ToUYVY, []byte{0, 0, 255, 255, 0, 0, 255, 255, 255, 255, 255, 255}, 3,
			[]byte{90, 82, 240, 82, 128, 235, 128, 235}},
	}
	seen := map[Conv]bool{}
	for _, c := range cases {
		seen[c.c] = true
		got := convert(t, c.c, c.src, c.width, pal)
		if !bytes.Equal(got, c.want) {
			t.Errorf("%v: got % x, want % x", c.c, got, c.want)
		}
	}
	for c := ConvNone + 1; c < convCount; c++ {
		if !seen[c] {
			t.Errorf("%v: no test case", c)
		}
	}
}

func TestConvertRowErrors(t *testing.T) {
	if err := ConvertRow(ConvNone, nil, nil, 1, nil); err == nil {
		t.Error("ConvNone converted")
	}
	if err := ConvertRow(ConvR5G6B5ToBGRA8, make([]byte, 7), make([]byte, 4), 2, nil); err != ErrShortRow {
		t.Errorf("short dst: %v", err)
	}
	if err := ConvertRow(ConvR5G6B5ToBGRA8, make([]byte, 8), make([]byte, 3), 2, nil); err != ErrShortRow {
		t.Errorf("short src: %v", err)
	}
}

// Readback conversions undo the upload ones on every value the D3D9
// format can hold.
func TestRoundTrips(t *testing.T) {
	pairs := [][2]Conv{
		{ConvR5G6B5ToBGRA8, ConvBGRA8ToR5G6B5},
		{ConvA1R5G5B5ToBGRA8, ConvBGRA8ToA1R5G5B5},
		{ConvA4R4G4B4ToBGRA8, ConvBGRA8ToA4R4G4B4},
		{ConvA4R4G4B4ToABGR4, ConvABGR4ToA4R4G4B4},
	}
	for _, p := range pairs {
		src := make([]byte, 2*65536)
		for v := range 65536 {
			binary.LittleEndian.PutUint16(src[2*v:], uint16(v))
		}
		back := convert(t, p[1], convert(t, p[0], src, 65536, nil), 65536, nil)
		if !bytes.Equal(back, src) {
			for v := range 65536 {
				if got := binary.LittleEndian.Uint16(back[2*v:]); got != uint16(v) {
					t.Errorf("%v then %v: %#04x -> %#04x", p[0], p[1], v, got)
					break
				}
			}
		}
	}
	src := u32(0x12345678, 0xdeadbeef)
	if got := convert(t, ConvSwapRB10, convert(t, ConvSwapRB10, src, 2, nil), 2, nil); !bytes.Equal(got, src) {
		t.Error("SwapRB10 is not its own inverse")
	}
}

// Every mapping names a backend format of the right kind that exists on
// its target, and conversions write exactly one backend texel per texel.
func TestMappings(t *testing.T) {
	for _, in := range Table() {
		for _, tg := range Targets {
			mp := Map(in.Format, tg)
			if !mp.Valid() {
				continue
			}
			pi := mp.Format.Info()
			if tg.Caps(mp.Format) == 0 {
				t.Errorf("%v on %v: %v not available", in.Format, tg, mp.Format)
			}
			if in.Class == ClassDepth != pi.Depth && in.Class != ClassStencil {
				t.Errorf("%v on %v: depth class mismatch with %v", in.Format, tg, mp.Format)
			}
			if mp.SRGBFormat != pixfmt.Invalid && (!in.SRGB() || mp.SRGBFormat != mp.Format.SRGB()) {
				t.Errorf("%v on %v: bad sRGB twin %v", in.Format, tg, mp.SRGBFormat)
			}
			if in.SRGB() && mp.SRGBFormat == pixfmt.Invalid {
				t.Errorf("%v on %v: sRGB flag without a twin", in.Format, tg)
			}
			switch {
			case mp.Upload == ConvNone:
				if in.BlockBytes != pi.BytesPerBlock || in.BlockWidth != pi.BlockWidth || in.BlockHeight != pi.BlockHeight {
					t.Errorf("%v on %v: copied into %v of a different size", in.Format, tg, mp.Format)
				}
			default:
				s, d := mp.Upload.RowBytes(4)
				if s != Pitch(in.Format, 4) || d != 4*pi.BytesPerBlock {
					t.Errorf("%v on %v: %v reads %d / writes %d bytes for 4 texels", in.Format, tg, mp.Upload, s, d)
				}
				if mp.Readback != ConvNone {
					s2, d2 := mp.Readback.RowBytes(4)
					if s2 != d || d2 != s {
						t.Errorf("%v on %v: readback %v is not the reverse size", in.Format, tg, mp.Readback)
					}
				}
			}
		}
	}
}
