// Package texel converts between stored pixel formats and float RGBA.
//
// Packed 16-bit and 10:10:10:2 formats are little-endian words whose
// channels are named from the least significant bit up, as Metal (like
// DXGI) names them: B5G6R5Unorm keeps blue in bits 0-4 and red in 11-15,
// which is D3D9's R5G6B5.
package texel

import (
	"encoding/binary"
	"math"

	"mtld3d/core/pixfmt"
)

// Codec reads and writes one texel of an uncompressed colour format.
// Decode returns linear values (sRGB formats are decoded); Encode takes
// linear values, clamps normalised formats and rounds to nearest.
type Codec struct {
	Decode func(p []byte) [4]float32
	Encode func(p []byte, c [4]float32)
}

var codecs [64]Codec

// For returns the codec of an uncompressed colour format, or nil.
func For(f pixfmt.Format) *Codec {
	if int(f) >= len(codecs) || codecs[f].Decode == nil {
		return nil
	}
	return &codecs[f]
}

var unorm8 [256]float32

// Unorm8 is what every 8-bit unorm channel decodes to: b/255.
func Unorm8(b uint8) float32 { return unorm8[b] }

var srgb8 [256]float32

func init() {
	for i := range unorm8 {
		unorm8[i] = float32(i) / 255
		srgb8[i] = SRGBToLinear(float32(i) / 255)
	}
	le := binary.LittleEndian
	set := func(f pixfmt.Format, d func([]byte) [4]float32, e func([]byte, [4]float32)) {
		codecs[f] = Codec{d, e}
	}
	set(pixfmt.RGBA8Unorm,
		func(p []byte) [4]float32 { return [4]float32{unorm8[p[0]], unorm8[p[1]], unorm8[p[2]], unorm8[p[3]]} },
		func(p []byte, c [4]float32) { p[0], p[1], p[2], p[3] = U8(c[0]), U8(c[1]), U8(c[2]), U8(c[3]) })
	set(pixfmt.BGRA8Unorm,
		func(p []byte) [4]float32 { return [4]float32{unorm8[p[2]], unorm8[p[1]], unorm8[p[0]], unorm8[p[3]]} },
		func(p []byte, c [4]float32) { p[2], p[1], p[0], p[3] = U8(c[0]), U8(c[1]), U8(c[2]), U8(c[3]) })
	set(pixfmt.RGBA8Unorm_sRGB,
		func(p []byte) [4]float32 { return [4]float32{srgb8[p[0]], srgb8[p[1]], srgb8[p[2]], unorm8[p[3]]} },
		func(p []byte, c [4]float32) {
			p[0], p[1], p[2], p[3] = U8(LinearToSRGB(c[0])), U8(LinearToSRGB(c[1])), U8(LinearToSRGB(c[2])), U8(c[3])
		})
	set(pixfmt.BGRA8Unorm_sRGB,
		func(p []byte) [4]float32 { return [4]float32{srgb8[p[2]], srgb8[p[1]], srgb8[p[0]], unorm8[p[3]]} },
		func(p []byte, c [4]float32) {
			p[2], p[1], p[0], p[3] = U8(LinearToSRGB(c[0])), U8(LinearToSRGB(c[1])), U8(LinearToSRGB(c[2])), U8(c[3])
		})
	set(pixfmt.R8Unorm,
		func(p []byte) [4]float32 { return [4]float32{unorm8[p[0]], 0, 0, 1} },
		func(p []byte, c [4]float32) { p[0] = U8(c[0]) })
	set(pixfmt.RG8Unorm,
		func(p []byte) [4]float32 { return [4]float32{unorm8[p[0]], unorm8[p[1]], 0, 1} },
		func(p []byte, c [4]float32) { p[0], p[1] = U8(c[0]), U8(c[1]) })
	set(pixfmt.A8Unorm,
		func(p []byte) [4]float32 { return [4]float32{0, 0, 0, unorm8[p[0]]} },
		func(p []byte, c [4]float32) { p[0] = U8(c[3]) })
	packed16 := func(f pixfmt.Format, bits [4]uint, shift [4]uint) {
		// bits[i] == 0 means the channel is absent (reads 0, alpha 1).
		set(f, func(p []byte) [4]float32 {
			v := uint32(le.Uint16(p))
			c := [4]float32{0, 0, 0, 1}
			for i := range 4 {
				if bits[i] != 0 {
					m := uint32(1)<<bits[i] - 1
					c[i] = float32(v>>shift[i]&m) / float32(m)
				}
			}
			return c
		}, func(p []byte, c [4]float32) {
			var v uint32
			for i := range 4 {
				if bits[i] != 0 {
					m := uint32(1)<<bits[i] - 1
					v |= unorm(c[i], m) << shift[i]
				}
			}
			le.PutUint16(p, uint16(v))
		})
	}
	// Channel order in the arrays is R, G, B, A.
	packed16(pixfmt.B5G6R5Unorm, [4]uint{5, 6, 5, 0}, [4]uint{11, 5, 0, 0})
	packed16(pixfmt.BGR5A1Unorm, [4]uint{5, 5, 5, 1}, [4]uint{10, 5, 0, 15})
	packed16(pixfmt.A1BGR5Unorm, [4]uint{5, 5, 5, 1}, [4]uint{11, 6, 1, 0})
	packed16(pixfmt.ABGR4Unorm, [4]uint{4, 4, 4, 4}, [4]uint{12, 8, 4, 0})
	set(pixfmt.RGB10A2Unorm, func(p []byte) [4]float32 {
		v := le.Uint32(p)
		return [4]float32{float32(v&1023) / 1023, float32(v>>10&1023) / 1023, float32(v>>20&1023) / 1023, float32(v>>30) / 3}
	}, func(p []byte, c [4]float32) {
		le.PutUint32(p, unorm(c[0], 1023)|unorm(c[1], 1023)<<10|unorm(c[2], 1023)<<20|unorm(c[3], 3)<<30)
	})
	u16n := func(f pixfmt.Format, n int) {
		set(f, func(p []byte) [4]float32 {
			c := [4]float32{0, 0, 0, 1}
			for i := range n {
				c[i] = float32(le.Uint16(p[2*i:])) / 65535
			}
			return c
		}, func(p []byte, c [4]float32) {
			for i := range n {
				le.PutUint16(p[2*i:], uint16(unorm(c[i], 65535)))
			}
		})
	}
	u16n(pixfmt.R16Unorm, 1)
	u16n(pixfmt.RG16Unorm, 2)
	u16n(pixfmt.RGBA16Unorm, 4)
	f16 := func(f pixfmt.Format, n int) {
		set(f, func(p []byte) [4]float32 {
			c := [4]float32{0, 0, 0, 1}
			for i := range n {
				c[i] = pixfmt.HalfToFloat(le.Uint16(p[2*i:]))
			}
			return c
		}, func(p []byte, c [4]float32) {
			for i := range n {
				le.PutUint16(p[2*i:], pixfmt.FloatToHalf(c[i]))
			}
		})
	}
	f16(pixfmt.R16Float, 1)
	f16(pixfmt.RG16Float, 2)
	f16(pixfmt.RGBA16Float, 4)
	f32 := func(f pixfmt.Format, n int) {
		set(f, func(p []byte) [4]float32 {
			c := [4]float32{0, 0, 0, 1}
			for i := range n {
				c[i] = math.Float32frombits(le.Uint32(p[4*i:]))
			}
			return c
		}, func(p []byte, c [4]float32) {
			for i := range n {
				le.PutUint32(p[4*i:], math.Float32bits(c[i]))
			}
		})
	}
	f32(pixfmt.R32Float, 1)
	f32(pixfmt.RG32Float, 2)
	f32(pixfmt.RGBA32Float, 4)
}

// U8 converts a unorm value to 8 bits, clamping and rounding to nearest.
func U8(v float32) uint8 { return uint8(unorm(v, 255)) }

func unorm(v float32, max uint32) uint32 {
	if !(v > 0) { // also catches NaN
		return 0
	}
	if v >= 1 {
		return max
	}
	// Through int32, which 386 converts without a runtime call; every
	// max here is below 2^24, so the result is the same.
	return uint32(int32(v*float32(int32(max)) + 0.5))
}

// SRGBToLinear is the sRGB electro-optical transfer function.
func SRGBToLinear(v float32) float32 {
	if v <= 0.04045 {
		return v / 12.92
	}
	return float32(math.Pow((float64(v)+0.055)/1.055, 2.4))
}

// LinearToSRGB is the inverse of SRGBToLinear, clamped to 0..1.
func LinearToSRGB(v float32) float32 {
	if !(v > 0) {
		return 0
	}
	if v >= 1 {
		return 1
	}
	if v <= 0.0031308 {
		return v * 12.92
	}
	return float32(1.055*math.Pow(float64(v), 1/2.4) - 0.055)
}
