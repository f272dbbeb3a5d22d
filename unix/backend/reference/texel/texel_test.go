package texel

import (
	"math"
	"testing"

	"mtld3d/core/pixfmt"
)

func TestEveryColourFormatRoundTrips(t *testing.T) {
	for f := pixfmt.Invalid + 1; f <= pixfmt.X32_Stencil8; f++ {
		in := f.Info()
		c := For(f)
		if in.Compressed || in.Depth || in.Stencil {
			if c != nil {
				t.Errorf("%v has a texel codec", f)
			}
			continue
		}
		if c == nil {
			t.Errorf("%v has no codec", f)
			continue
		}
		// Values every format of 4 bits or more holds exactly: 0 and 1.
		p := make([]byte, in.BytesPerBlock)
		for _, v := range [][4]float32{{0, 1, 0, 1}, {1, 0, 1, 0}} {
			c.Encode(p, v)
			got := c.Decode(p)
			for i := 0; i < 4; i++ {
				want := v[i]
				present := i < in.Components || (i == 3 && in.Components == 4)
				if f == pixfmt.A8Unorm {
					present = i == 3
				}
				if !present {
					want = 0
					if i == 3 {
						want = 1
					}
				}
				if got[i] != want {
					t.Errorf("%v: %v -> %v", f, v, got)
					break
				}
			}
		}
	}
}

func TestDepthStencilPacking(t *testing.T) {
	p := make([]byte, 8)
	for _, f := range []pixfmt.Format{pixfmt.Depth24Unorm_Stencil8, pixfmt.Depth32Float_Stencil8} {
		StoreDepth(f, p, 1)
		StoreStencil(f, p, 0xab)
		StoreDepth(f, p, 0.5)
		if LoadStencil(f, p) != 0xab {
			t.Errorf("%v: depth write clobbered stencil", f)
		}
		if d := LoadDepth(f, p); math.Abs(float64(d)-0.5) > 1e-7 {
			t.Errorf("%v: depth %v", f, d)
		}
	}
	if LoadStencil(pixfmt.X32_Stencil8, p) != 0xab {
		t.Error("X32_Stencil8 does not see the stencil of Depth32Float_Stencil8")
	}
	if q := QuantizeDepth(pixfmt.Depth16Unorm, 0.5); q != 32768.0/65535 {
		t.Errorf("16-bit quantised 0.5 = %v", q)
	}
}
