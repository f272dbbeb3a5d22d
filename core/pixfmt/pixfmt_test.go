package pixfmt

import "testing"

func TestFormatTable(t *testing.T) {
	for f := Invalid + 1; f < count; f++ {
		in := f.Info()
		if in.Name == "" || in.BytesPerBlock == 0 || in.BlockWidth == 0 {
			t.Errorf("format %d: incomplete info %+v", f, in)
		}
		if in.Compressed != (in.BlockWidth == 4) {
			t.Errorf("%v: compressed formats and only they have 4x4 blocks", f)
		}
		if s := f.SRGB(); s != f && (!s.Info().SRGB || s.Linear() != f) {
			t.Errorf("%v: bad sRGB twin %v", f, s)
		}
	}
	if got := BC1_RGBA.BytesPerImage(6, 5); got != 2*2*8 {
		t.Errorf("BC1 6x5 image = %d bytes, want 32", got)
	}
	if got := RGBA8Unorm.BytesPerRow(3); got != 12 {
		t.Errorf("RGBA8 row of 3 = %d", got)
	}
}
