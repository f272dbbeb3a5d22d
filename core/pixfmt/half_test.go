package pixfmt

import (
	"math"
	"testing"
)

func TestHalf(t *testing.T) {
	for f, want := range map[float32]uint16{
		0: 0, 1: 0x3c00, -2: 0xc000, 0.5: 0x3800, 65504: 0x7bff, 65520: 0x7c00, 1e6: 0x7c00, 1e-8: 0,
		float32(math.Ldexp(1, -24)): 0x0001, float32(math.Ldexp(1, -14)): 0x0400, 0.1: 0x2e66,
		float32(math.Inf(-1)): 0xfc00,
		1 + 1.0/2048:          0x3c00, // halfway, rounds to even
		1 + 3.0/2048:          0x3c02,
	} {
		if got := FloatToHalf(f); got != want {
			t.Errorf("FloatToHalf(%g) = %#04x, want %#04x", f, got, want)
		}
	}
	for h := range 0x10000 {
		f := HalfToFloat(uint16(h))
		if f != f {
			continue
		}
		if got := FloatToHalf(f); got != uint16(h) {
			t.Fatalf("half %#04x -> %g -> %#04x", h, f, got)
		}
	}
	if !math.IsNaN(float64(HalfToFloat(FloatToHalf(float32(math.NaN()))))) {
		t.Error("NaN lost")
	}
}
