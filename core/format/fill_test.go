package format

import (
	"bytes"
	"testing"

	"mtld3d/core/pixfmt"
)

func TestSolidBlock(t *testing.T) {
	// Expected blocks worked out from the BC1-BC3 layouts: two RGB565
	// endpoints, then 2-bit indices; BC2 sixteen 4-bit alphas before the
	// colour block, BC3 two alpha endpoints and 3-bit indices.
	for _, c := range []struct {
		pf    pixfmt.Format
		color uint32
		want  []byte
	}{
		{pixfmt.BC1_RGBA, 0xffff0000, []byte{0x00, 0xf8, 0x00, 0xf8, 0, 0, 0, 0}},
		{pixfmt.BC1_RGBA, 0xff00ff00, []byte{0xe0, 0x07, 0xe0, 0x07, 0, 0, 0, 0}},
		{pixfmt.BC1_RGBA, 0x7f0000ff, []byte{0x1f, 0x00, 0x1f, 0x00, 0xff, 0xff, 0xff, 0xff}},
		{pixfmt.BC2_RGBA, 0x880000ff, []byte{0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x1f, 0x00, 0x1f, 0x00, 0, 0, 0, 0}},
		{pixfmt.BC3_RGBA_sRGB, 0x12ffffff, []byte{0x12, 0x12, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0}},
	} {
		got, ok := SolidBlock(c.pf, c.color)
		if !ok || !bytes.Equal(got, c.want) {
			t.Errorf("SolidBlock(%v, %#x) = % x, %v; want % x", c.pf, c.color, got, ok, c.want)
		}
	}
	if _, ok := SolidBlock(pixfmt.BGRA8Unorm, 0); ok {
		t.Error("SolidBlock answered for an uncompressed format")
	}
}
