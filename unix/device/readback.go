package device

import (
	"encoding/binary"
	"fmt"

	"mtld3d/core/format"
	"mtld3d/types"
	"mtld3d/unix/backend"
)

// ReadSurface copies a surface's pixels (rows rows of n bytes, in its
// D3D9 format) into dst with the given pitch. An id naming a swap chain
// reads its front image, the window's client area as last presented, as
// A8R8G8B8; the guest places it on the screen (GetFrontBufferData).
func (d *Device) ReadSurface(id uint32, dst []byte, pitch, rows, n int) error {
	if s := d.objects[id]; s != nil && s.owner != 0 && s.level > 0 {
		d.refreshMips(d.textures[s.owner])
	}
	d.flush()
	if s := d.objects[id]; s != nil {
		return d.read(s, s.format, dst, pitch, rows, n)
	}
	if s := d.front[id]; s != nil {
		return d.read(s, types.D3DFMT_A8R8G8B8, dst, pitch, min(rows, s.height), min(n, 4*s.width))
	}
	if d.chains[id] != nil {
		// A swap chain that has not presented: its window shows black.
		for y := 0; y < rows && y*pitch < len(dst); y++ {
			row := dst[y*pitch : min(len(dst), y*pitch+n)]
			for x := 0; x+4 <= len(row); x += 4 {
				binary.LittleEndian.PutUint32(row[x:], 0xff000000)
			}
		}
		return nil
	}
	return fmt.Errorf("no surface or swap chain %d", id)
}

// read converts s's texels to the D3D9 format want and copies them out.
func (d *Device) read(s *surface, want types.Format, dst []byte, pitch, rows, n int) error {
	if s.samples > 1 {
		return fmt.Errorf("surface %d is multisampled", s.id)
	}
	if s.tex == nil {
		return fmt.Errorf("surface %d has no memory (%v)", s.id, s.format)
	}
	pf := s.mapping.Format
	bpr := pf.BytesPerRow(s.width)
	bh := max(pf.Info().BlockHeight, 1)
	height := min(rows*bh, s.height)
	raw := make([]byte, bpr*((height+bh-1)/bh))
	s.tex.GetBytes(raw, bpr, len(raw), backend.Region{Width: s.width, Height: height, Depth: 1}, s.level, s.slice)

	// Backend rows to the surface's D3D9 format, then (front buffer) to
	// A8R8G8B8 through the widening conversion of that format.
	conv := s.mapping.Readback
	if s.mapping.Upload == format.ConvNone {
		conv = format.ConvNone
	} else if conv == format.ConvNone {
		return fmt.Errorf("surface %d: %v cannot be read back", s.id, s.format)
	}
	srcPitch := format.Pitch(s.format, s.width)
	d3d := raw
	if conv != format.ConvNone {
		d3d = make([]byte, srcPitch*rows)
		for y := 0; y < rows; y++ {
			if err := format.ConvertRow(conv, d3d[y*srcPitch:(y+1)*srcPitch], raw[y*bpr:(y+1)*bpr], s.width, nil); err != nil {
				return err
			}
		}
	} else {
		srcPitch = bpr
	}
	if want != s.format {
		wide := format.Map(s.format, format.Target{}) // the Mac2 mapping widens to BGRA8
		out := make([]byte, 4*s.width*rows)
		for y := 0; y < rows; y++ {
			row := out[y*4*s.width : (y+1)*4*s.width]
			if wide.Upload == format.ConvNone {
				copy(row, d3d[y*srcPitch:])
			} else if err := format.ConvertRow(wide.Upload, row, d3d[y*srcPitch:(y+1)*srcPitch], s.width, nil); err != nil {
				return err
			}
			if s.format == types.D3DFMT_X8R8G8B8 {
				for x := 3; x < len(row); x += 4 {
					row[x] = 0xff
				}
			}
		}
		d3d, srcPitch = out, 4*s.width
	}
	for y := 0; y < rows; y++ {
		o := y * pitch
		if o >= len(dst) || y*srcPitch >= len(d3d) {
			break
		}
		copy(dst[o:min(len(dst), o+n)], d3d[y*srcPitch:min(len(d3d), y*srcPitch+n)])
	}
	return nil
}
