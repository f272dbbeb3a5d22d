package texel

import "encoding/binary"

// DecodeBlock decodes one 4x4 block of a BC format into out, texel
// (x, y) at out[y*4+x], as unorm values before any sRGB decoding.
// kind is 1..5 for BC1..BC5.
func DecodeBlock(kind int, b []byte, out *[16][4]float32) {
	switch kind {
	case 1:
		bc1(b, out, true)
	case 2:
		bc1(b[8:], out, false)
		for i := range 16 {
			a := b[i/2] >> (4 * uint(i&1)) & 15
			out[i][3] = float32(a) / 15
		}
	case 3:
		bc1(b[8:], out, false)
		var a [16]float32
		bc4(b, &a)
		for i := range 16 {
			out[i][3] = a[i]
		}
	case 4:
		var r [16]float32
		bc4(b, &r)
		for i := range 16 {
			out[i] = [4]float32{r[i], 0, 0, 1}
		}
	case 5:
		var r, g [16]float32
		bc4(b, &r)
		bc4(b[8:], &g)
		for i := range 16 {
			out[i] = [4]float32{r[i], g[i], 0, 1}
		}
	}
}

// bc1 decodes a colour block. In BC2/BC3 the colour block always uses the
// four-colour mode (punchThrough false).
func bc1(b []byte, out *[16][4]float32, punchThrough bool) {
	c0 := binary.LittleEndian.Uint16(b)
	c1 := binary.LittleEndian.Uint16(b[2:])
	bits := binary.LittleEndian.Uint32(b[4:])
	var pal [4][4]float32
	pal[0] = rgb565(c0)
	pal[1] = rgb565(c1)
	if c0 > c1 || !punchThrough {
		for i := range 3 {
			pal[2][i] = (2*pal[0][i] + pal[1][i]) / 3
			pal[3][i] = (pal[0][i] + 2*pal[1][i]) / 3
		}
		pal[2][3], pal[3][3] = 1, 1
	} else {
		for i := range 3 {
			pal[2][i] = (pal[0][i] + pal[1][i]) / 2
		}
		pal[2][3] = 1
		pal[3] = [4]float32{0, 0, 0, 0}
	}
	for i := range 16 {
		out[i] = pal[bits>>(2*uint(i))&3]
	}
}

func rgb565(c uint16) [4]float32 {
	return [4]float32{float32(c>>11) / 31, float32(c>>5&63) / 63, float32(c&31) / 31, 1}
}

// bc4 decodes an 8-byte single-channel block (also BC3's alpha).
func bc4(b []byte, out *[16]float32) {
	r0, r1 := float32(b[0])/255, float32(b[1])/255
	var pal [8]float32
	pal[0], pal[1] = r0, r1
	if b[0] > b[1] {
		for i := 1; i < 7; i++ {
			pal[i+1] = (float32(7-i)*r0 + float32(i)*r1) / 7
		}
	} else {
		for i := 1; i < 5; i++ {
			pal[i+1] = (float32(5-i)*r0 + float32(i)*r1) / 5
		}
		pal[6], pal[7] = 0, 1
	}
	var bits uint64
	for i := 0; i < 6; i++ {
		bits |= uint64(b[2+i]) << (8 * uint(i))
	}
	for i := range 16 {
		out[i] = pal[bits>>(3*uint(i))&7]
	}
}
