package format

import (
	"encoding/binary"

	"mtld3d/core/pixfmt"
)

// SolidBlock is one block of a block-compressed backend format that
// decodes to the D3DCOLOR c (ARGB) everywhere: what ColorFill writes into
// a DXTn surface, which no GPU can render to. Both endpoint colours are c
// and every index picks the first; BC1 has only one bit of alpha, so an
// alpha under one half picks the transparent black entry instead (the
// three-colour mode equal endpoints select). false for formats other
// than BC1-BC3.
func SolidBlock(pf pixfmt.Format, c uint32) ([]byte, bool) {
	a, r, g, b := c>>24, (c>>16)&0xff, (c>>8)&0xff, c&0xff
	rgb565 := uint16((r*31+127)/255<<11 | (g*63+127)/255<<5 | (b*31+127)/255)
	colour := func(blk []byte, transparent bool) {
		binary.LittleEndian.PutUint16(blk, rgb565)
		binary.LittleEndian.PutUint16(blk[2:], rgb565)
		if transparent {
			binary.LittleEndian.PutUint32(blk[4:], 0xffffffff)
		}
	}
	switch pf {
	case pixfmt.BC1_RGBA, pixfmt.BC1_RGBA_sRGB:
		blk := make([]byte, 8)
		colour(blk, a < 0x80)
		return blk, true
	case pixfmt.BC2_RGBA, pixfmt.BC2_RGBA_sRGB:
		// Sixteen explicit 4-bit alphas, then the colour block.
		blk := make([]byte, 16)
		a4 := byte((a*15 + 127) / 255)
		for i := range 8 {
			blk[i] = a4 | a4<<4
		}
		colour(blk[8:], false)
		return blk, true
	case pixfmt.BC3_RGBA, pixfmt.BC3_RGBA_sRGB:
		// Both alpha endpoints a, every 3-bit index 0, then the colour block.
		blk := make([]byte, 16)
		blk[0], blk[1] = byte(a), byte(a)
		colour(blk[8:], false)
		return blk, true
	}
	return nil, false
}
