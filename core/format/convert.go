package format

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"mtld3d/core/pixfmt"
	"mtld3d/types"
)

var le = binary.LittleEndian

// ErrShortRow is returned when a row buffer is smaller than the
// conversion needs.
var ErrShortRow = errors.New("format: row buffer too short")

// ConvertRow converts one row of width texels from src to dst with the
// conversion c (see Conv for each direction and layout). palette is used by
// the P8 and A8P8 conversions only (D3D9 keeps alpha in peFlags); an index
// past its end reads (0,0,0,0), what a zeroed palette holds. For block formats a row is a row of blocks; only YUY2 and
// UYVY are converted among them, and their width counts texels.
func ConvertRow(c Conv, dst, src []byte, width int, palette []types.PaletteEntry) error {
	if c == ConvNone || c >= convCount {
		return fmt.Errorf("format: no conversion %v", c)
	}
	if width <= 0 {
		return nil
	}
	ns, nd := c.RowBytes(width)
	if len(src) < ns || len(dst) < nd {
		return ErrShortRow
	}
	switch c {
	case ConvR8G8B8ToBGRA8:
		for x := range width {
			s, d := src[3*x:], dst[4*x:]
			d[0], d[1], d[2], d[3] = s[0], s[1], s[2], 0xff
		}
	case ConvR5G6B5ToBGRA8:
		for x := range width {
			v := le.Uint16(src[2*x:])
			putBGRA(dst[4*x:], expand(uint32(v>>11), 5), expand(uint32(v>>5), 6), expand(uint32(v), 5), 0xff)
		}
	case ConvX1R5G5B5ToBGRA8, ConvA1R5G5B5ToBGRA8:
		for x := range width {
			v := le.Uint16(src[2*x:])
			a := uint8(0xff)
			if c == ConvA1R5G5B5ToBGRA8 && v&0x8000 == 0 {
				a = 0
			}
			putBGRA(dst[4*x:], expand(uint32(v>>10), 5), expand(uint32(v>>5), 5), expand(uint32(v), 5), a)
		}
	case ConvA4R4G4B4ToABGR4, ConvX4R4G4B4ToABGR4:
		for x := range width {
			v := le.Uint16(src[2*x:])
			if c == ConvX4R4G4B4ToABGR4 {
				v |= 0xf000
			}
			le.PutUint16(dst[2*x:], v<<4|v>>12)
		}
	case ConvA4R4G4B4ToBGRA8, ConvX4R4G4B4ToBGRA8:
		for x := range width {
			v := uint32(le.Uint16(src[2*x:]))
			a := expand(v>>12, 4)
			if c == ConvX4R4G4B4ToBGRA8 {
				a = 0xff
			}
			putBGRA(dst[4*x:], expand(v>>8, 4), expand(v>>4, 4), expand(v, 4), a)
		}
	case ConvR3G3B2ToBGRA8:
		for x := range width {
			v := uint32(src[x])
			putBGRA(dst[4*x:], expand(v>>5, 3), expand(v>>2, 3), expand(v, 2), 0xff)
		}
	case ConvA8R3G3B2ToBGRA8:
		for x := range width {
			v := uint32(le.Uint16(src[2*x:]))
			putBGRA(dst[4*x:], expand(v>>5, 3), expand(v>>2, 3), expand(v, 2), uint8(v>>8))
		}
	case ConvSwapRB10:
		for x := range width {
			v := le.Uint32(src[4*x:])
			le.PutUint32(dst[4*x:], v&0xc00ffc00|v>>20&0x3ff|(v&0x3ff)<<20)
		}
	case ConvP8ToRGBA8, ConvA8P8ToRGBA8:
		for x := range width {
			var i int
			var e types.PaletteEntry
			if c == ConvP8ToRGBA8 {
				i = int(src[x])
			} else {
				i = int(src[2*x])
			}
			if i < len(palette) {
				e = palette[i]
			}
			d := dst[4*x:]
			d[0], d[1], d[2], d[3] = e.Red, e.Green, e.Blue, e.Flags
			if c == ConvA8P8ToRGBA8 {
				d[3] = src[2*x+1]
			}
		}
	case ConvA4L4ToRG8:
		for x := range width {
			v := uint32(src[x])
			dst[2*x], dst[2*x+1] = expand(v, 4), expand(v>>4, 4)
		}
	case ConvV8U8ToRG16F:
		for x := range width {
			putHalves(dst[4*x:], snorm(uint32(src[2*x]), 8), snorm(uint32(src[2*x+1]), 8))
		}
	case ConvQ8W8V8U8ToRGBA16F:
		for x := range width {
			s := src[4*x:]
			putHalves(dst[8*x:], snorm(uint32(s[0]), 8), snorm(uint32(s[1]), 8), snorm(uint32(s[2]), 8), snorm(uint32(s[3]), 8))
		}
	case ConvX8L8V8U8ToRGBA16F:
		for x := range width {
			s := src[4*x:]
			putHalves(dst[8*x:], snorm(uint32(s[0]), 8), snorm(uint32(s[1]), 8), unorm(uint32(s[2]), 8), 1)
		}
	case ConvL6V5U5ToRGBA16F:
		for x := range width {
			v := uint32(le.Uint16(src[2*x:]))
			putHalves(dst[8*x:], snorm(v, 5), snorm(v>>5, 5), unorm(v>>10, 6), 1)
		}
	case ConvA2W10V10U10ToRGBA16F:
		for x := range width {
			v := le.Uint32(src[4*x:])
			putHalves(dst[8*x:], snorm(v, 10), snorm(v>>10, 10), snorm(v>>20, 10), unorm(v>>30, 2))
		}
	case ConvV16U16ToRG32F:
		for x := range width {
			v := le.Uint32(src[4*x:])
			putFloats(dst[8*x:], snorm(v, 16), snorm(v>>16, 16))
		}
	case ConvQ16W16V16U16ToRGBA32F:
		for x := range width {
			s := src[8*x:]
			putFloats(dst[16*x:], snorm(uint32(le.Uint16(s)), 16), snorm(uint32(le.Uint16(s[2:])), 16),
				snorm(uint32(le.Uint16(s[4:])), 16), snorm(uint32(le.Uint16(s[6:])), 16))
		}
	case ConvCxV8U8ToRGBA16F:
		for x := range width {
			u, v := snorm(uint32(src[2*x]), 8), snorm(uint32(src[2*x+1]), 8)
			c := float32(math.Sqrt(math.Max(0, float64(1-u*u-v*v))))
			putHalves(dst[8*x:], u, v, c, 1)
		}
	case ConvYUY2ToBGRA8, ConvUYVYToBGRA8:
		for p := 0; p < (width+1)/2; p++ {
			s := src[4*p:]
			y0, u, y1, v := s[0], s[1], s[2], s[3]
			if c == ConvUYVYToBGRA8 {
				u, y0, v, y1 = s[0], s[1], s[2], s[3]
			}
			r, g, b := yuvToRGB(y0, u, v)
			putBGRA(dst[8*p:], r, g, b, 0xff)
			if 2*p+1 < width {
				r, g, b = yuvToRGB(y1, u, v)
				putBGRA(dst[8*p+4:], r, g, b, 0xff)
			}
		}
	case ConvD32ToD32F:
		for x := range width {
			v := le.Uint32(src[4*x:])
			le.PutUint32(dst[4*x:], math.Float32bits(float32(float64(v)/0xffffffff)))
		}
	case ConvD24X8ToD32F:
		for x := range width {
			v := le.Uint32(src[4*x:])
			le.PutUint32(dst[4*x:], math.Float32bits(unorm(v>>8, 24)))
		}
	case ConvD24S8ToD32FS8, ConvD24X4S4ToD32FS8, ConvD15S1ToD32FS8, ConvD24FS8ToD32FS8:
		for x := range width {
			var depth float32
			var stencil uint8
			switch c {
			case ConvD15S1ToD32FS8:
				v := uint32(le.Uint16(src[2*x:]))
				depth, stencil = unorm(v>>1, 15), uint8(v&1)
			case ConvD24FS8ToD32FS8:
				v := le.Uint32(src[4*x:])
				depth, stencil = float24(v>>8), uint8(v)
			case ConvD24X4S4ToD32FS8:
				v := le.Uint32(src[4*x:])
				depth, stencil = unorm(v>>8, 24), uint8(v&0xf)
			default:
				v := le.Uint32(src[4*x:])
				depth, stencil = unorm(v>>8, 24), uint8(v)
			}
			d := dst[8*x:]
			le.PutUint32(d, math.Float32bits(depth))
			d[4], d[5], d[6], d[7] = stencil, 0, 0, 0
		}
	case ConvD24S8ToS8D24, ConvD24X4S4ToS8D24:
		for x := range width {
			v := le.Uint32(src[4*x:])
			s := v & 0xff
			if c == ConvD24X4S4ToS8D24 {
				s &= 0xf
			}
			le.PutUint32(dst[4*x:], v>>8|s<<24)
		}
	case ConvBGRA8ToR8G8B8:
		for x := range width {
			s, d := src[4*x:], dst[3*x:]
			d[0], d[1], d[2] = s[0], s[1], s[2]
		}
	case ConvBGRA8ToR5G6B5:
		for x := range width {
			s := src[4*x:]
			le.PutUint16(dst[2*x:], uint16(narrow(s[2], 5)<<11|narrow(s[1], 6)<<5|narrow(s[0], 5)))
		}
	case ConvBGRA8ToX1R5G5B5, ConvBGRA8ToA1R5G5B5:
		for x := range width {
			s := src[4*x:]
			v := narrow(s[2], 5)<<10 | narrow(s[1], 5)<<5 | narrow(s[0], 5)
			if c == ConvBGRA8ToX1R5G5B5 || s[3] >= 0x80 {
				v |= 0x8000
			}
			le.PutUint16(dst[2*x:], uint16(v))
		}
	case ConvABGR4ToA4R4G4B4:
		for x := range width {
			v := le.Uint16(src[2*x:])
			le.PutUint16(dst[2*x:], v>>4|v<<12)
		}
	case ConvBGRA8ToA4R4G4B4:
		for x := range width {
			s := src[4*x:]
			le.PutUint16(dst[2*x:], uint16(narrow(s[3], 4)<<12|narrow(s[2], 4)<<8|narrow(s[1], 4)<<4|narrow(s[0], 4)))
		}
	case ConvBGRA8ToYUY2, ConvBGRA8ToUYVY:
		for p := 0; p < (width+1)/2; p++ {
			s := src[8*p:]
			t := s // an odd width's last pair repeats its texel
			if 2*p+1 < width {
				t = s[4:]
			}
			y0, u0, v0 := rgbToYUV(s[2], s[1], s[0])
			y1, u1, v1 := rgbToYUV(t[2], t[1], t[0])
			u, v := uint8((int(u0)+int(u1)+1)/2), uint8((int(v0)+int(v1)+1)/2)
			d := dst[4*p:]
			if c == ConvBGRA8ToUYVY {
				d[0], d[1], d[2], d[3] = u, y0, v, y1
			} else {
				d[0], d[1], d[2], d[3] = y0, u, y1, v
			}
		}
	case ConvD32FToD32:
		for x := range width {
			f := float64(math.Float32frombits(le.Uint32(src[4*x:])))
			f = math.Min(math.Max(f, 0), 1)
			le.PutUint32(dst[4*x:], uint32(math.Round(f*0xffffffff)))
		}
	default:
		return fmt.Errorf("format: no conversion %v", c)
	}
	return nil
}

func putBGRA(d []byte, r, g, b, a uint8) { d[0], d[1], d[2], d[3] = b, g, r, a }

// expand widens the low n bits of v to 8 bits by bit replication, which is
// exact at 0 and full scale (what GPUs do when they sample these formats).
func expand(v uint32, n uint) uint8 {
	v &= 1<<n - 1
	out := uint32(0)
	for shift := int(8 - n); shift > -int(n); shift -= int(n) {
		if shift >= 0 {
			out |= v << uint(shift)
		} else {
			out |= v >> uint(-shift)
		}
	}
	return uint8(out)
}

// narrow rounds an 8-bit channel to n bits.
func narrow(c uint8, n uint) uint32 {
	m := uint32(1)<<n - 1
	return (uint32(c)*m + 127) / 255
}

// unorm reads the low n bits of v as an unsigned normalised value.
func unorm(v uint32, n uint) float32 {
	m := uint32(1)<<n - 1
	return float32(float64(v&m) / float64(m))
}

// snorm reads the low n bits of v as a two's complement normalised value:
// c / (2^(n-1) - 1), with the most negative code clamped to -1 (the rule
// D3D10 fixed and D3D9 hardware follows).
func snorm(v uint32, n uint) float32 {
	m := uint32(1)<<n - 1
	c := int32(v&m) << (32 - n) >> (32 - n)
	f := float64(c) / float64(int32(1)<<(n-1)-1)
	return float32(math.Max(f, -1))
}

// float24 decodes D3D9's 24-bit float depth: sign bit, 4-bit exponent with
// bias 7, 19-bit mantissa (the encoding wined3d documents for D24FS8).
func float24(v uint32) float32 {
	sign := 1.0
	if v&0x800000 != 0 {
		sign = -1
	}
	e := int(v >> 19 & 0xf)
	mant := float64(v&0x7ffff) / (1 << 19)
	switch e {
	case 0:
		return float32(sign * math.Ldexp(mant, -6))
	case 15:
		if mant == 0 {
			return float32(math.Inf(int(sign)))
		}
		return float32(math.NaN())
	}
	return float32(sign * math.Ldexp(1+mant, e-7))
}

// yuvToRGB is the BT.601 studio-range conversion Microsoft gives for 8-bit
// YUV ("Recommended 8-Bit YUV Formats for Video Rendering").
func yuvToRGB(y, u, v uint8) (uint8, uint8, uint8) {
	c, d, e := int32(y)-16, int32(u)-128, int32(v)-128
	clip := func(x int32) uint8 { return uint8(min(max(x, 0), 255)) }
	return clip((298*c + 409*e + 128) >> 8),
		clip((298*c - 100*d - 208*e + 128) >> 8),
		clip((298*c + 516*d + 128) >> 8)
}

// rgbToYUV is yuvToRGB's inverse, in the same integer form (Microsoft's
// "Converting RGB888 to YUV 4:4:4").
func rgbToYUV(r, g, b uint8) (uint8, uint8, uint8) {
	R, G, B := int32(r), int32(g), int32(b)
	return uint8((66*R+129*G+25*B+128)>>8 + 16),
		uint8((-38*R-74*G+112*B+128)>>8 + 128),
		uint8((112*R-94*G-18*B+128)>>8 + 128)
}

func putHalves(d []byte, v ...float32) {
	for i, f := range v {
		le.PutUint16(d[2*i:], pixfmt.FloatToHalf(f))
	}
}

func putFloats(d []byte, v ...float32) {
	for i, f := range v {
		le.PutUint32(d[4*i:], math.Float32bits(f))
	}
}
