package device

import (
	"fmt"
	"unsafe"

	"mtld3d/core/format"
	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend"
)

// Buffers and textures the guest created, and their uploads from guest
// memory (read during the submit, before the guest may reuse it).

type buffer struct {
	buf    backend.Buffer
	size   int
	format types.Format // index buffers: D3DFMT_INDEX16 or INDEX32
	// usedBy is the command buffer whose draws last read buf; an update
	// while it is still being recorded must not change what they read.
	usedBy backend.CommandBuffer
}

type texture struct {
	format  types.Format
	mapping format.Mapping
	tex     backend.Texture
	view    backend.Texture // swizzled view for sampling
	width   int
	height  int
	levels  int
	lod     int // SetLOD: the most detailed level sampled
	// usedBy is the command buffer whose draws last sampled tex; an
	// update while it is still being recorded goes into its commands.
	usedBy backend.CommandBuffer
}

func init() {
	on("CreateBuffer", func(d *Device, r *shared.RecCreateBuffer, _ []byte) error {
		if r.Size == 0 || r.Size > 1<<30 {
			return fmt.Errorf("buffer %d: size %d", r.ID, r.Size)
		}
		b, err := d.be.NewBuffer(int(r.Size))
		if err != nil {
			return err
		}
		d.dropBuffer(r.ID)
		d.buffers[r.ID] = &buffer{buf: b, size: int(r.Size), format: types.Format(r.Format)}
		return nil
	})
	on("UpdateBuffer", func(d *Device, r *shared.RecUpdateBuffer, _ []byte) error {
		b := d.buffers[r.ID]
		if b == nil {
			return fmt.Errorf("update of unknown buffer %d", r.ID)
		}
		if r.Src == 0 || uint64(r.Offset)+uint64(r.Size) > uint64(b.size) {
			return fmt.Errorf("buffer %d: update %d+%d outside %d bytes", r.ID, r.Offset, r.Size, b.size)
		}
		if b.usedBy != nil && b.usedBy == d.cur.cb && r.Flags&uint32(types.D3DLOCK_NOOVERWRITE) == 0 {
			// Earlier draws of this submit read buf when the commands run:
			// give the buffer fresh storage (the guest renamed its memory
			// for DISCARD or a plain lock the same way).
			nb, err := d.be.NewBuffer(b.size)
			if err != nil {
				return err
			}
			copy(nb.Contents(), b.buf.Contents())
			d.draws.transient = append(d.draws.transient, b.buf)
			b.buf, b.usedBy = nb, nil
		}
		b.buf.Upload(int(r.Offset), unsafe.Slice((*byte)(guestPtr(r.Src)), r.Size))
		return nil
	})
	on("CreateTexture", func(d *Device, r *shared.RecCreateTexture, _ []byte) error { return d.createTexture(r) })
	on("UpdateTexture", func(d *Device, r *shared.RecUpdateTexture, _ []byte) error { return d.updateTexture(r) })
	on("SetTextureLOD", func(d *Device, r *shared.RecSetTextureLOD, _ []byte) error {
		if t := d.textures[r.ID]; t != nil {
			t.lod = min(int(r.LOD), t.levels-1)
		}
		return nil
	})
	on("GenerateMips", func(d *Device, r *shared.RecGenerateMips, _ []byte) error {
		t := d.textures[r.ID]
		if t == nil || t.levels < 2 {
			return nil
		}
		if cb := d.outsidePass(); cb != nil {
			b := cb.BlitCommandEncoder()
			b.GenerateMipmaps(t.tex)
			b.EndEncoding()
		}
		return nil
	})
	on("TextureSurface", func(d *Device, r *shared.RecTextureSurface, _ []byte) error {
		t := d.textures[r.Texture]
		if t == nil {
			return nil // a kind not drawn yet
		}
		if int(r.Level) >= t.levels {
			return fmt.Errorf("surface %d: level %d of a %d-level texture", r.ID, r.Level, t.levels)
		}
		d.destroyObject(r.ID)
		d.objects[r.ID] = &surface{id: r.ID, kind: shared.SurfaceRenderTarget, format: t.format, mapping: t.mapping,
			tex: t.tex, width: max(t.width>>r.Level, 1), height: max(t.height>>r.Level, 1), samples: 1,
			level: int(r.Level), owner: r.Texture}
		return nil
	})
}

func (d *Device) dropBuffer(id uint32) {
	if b := d.buffers[id]; b != nil {
		b.buf.Release()
		delete(d.buffers, id)
	}
}

func (d *Device) dropTexture(id uint32) {
	if t := d.textures[id]; t != nil {
		for sid, s := range d.objects {
			if s.owner == id {
				delete(d.objects, sid)
			}
		}
		if t.view != t.tex {
			t.view.Release()
		}
		t.tex.Release()
		delete(d.textures, id)
	}
}

func (d *Device) createTexture(r *shared.RecCreateTexture) error {
	f := types.Format(r.Format)
	mp := format.Map(f, d.target)
	if !mp.Valid() {
		return fmt.Errorf("texture %d: %v has no backend storage", r.ID, f)
	}
	if types.ResourceType(r.Type) != types.D3DRTYPE_TEXTURE {
		d.warnOnce(shared.RecordCode("CreateTexture"), "cube and volume textures are not drawn yet")
		return nil
	}
	levels := max(int(r.Levels), 1)
	usage := backend.UsageShaderRead | backend.UsagePixelFormatView
	if r.Usage&(types.D3DUSAGE_RENDERTARGET|types.D3DUSAGE_DEPTHSTENCIL) != 0 {
		usage |= backend.UsageRenderTarget
	}
	t, err := d.be.NewTexture(backend.TextureDesc{Type: backend.TextureType2D, Format: mp.Format, Width: int(r.Width),
		Height: int(r.Height), MipLevels: levels, Usage: usage})
	if err != nil {
		return fmt.Errorf("texture %d: %w", r.ID, err)
	}
	view := t
	if sw := mp.Swizzle.Backend(); sw != (backend.Swizzles{}) {
		if view, err = t.NewView(mp.Format, sw); err != nil {
			t.Release()
			return err
		}
	}
	d.dropTexture(r.ID)
	d.textures[r.ID] = &texture{format: f, mapping: mp, tex: t, view: view, width: int(r.Width), height: int(r.Height), levels: levels}
	return nil
}

func (d *Device) updateTexture(r *shared.RecUpdateTexture) error {
	t := d.textures[r.ID]
	if t == nil {
		return nil // a kind not drawn yet, or unknown
	}
	if int(r.Level) >= t.levels || r.Src == 0 {
		return fmt.Errorf("texture %d: bad update of level %d", r.ID, r.Level)
	}
	w, h := max(t.width>>r.Level, 1), max(t.height>>r.Level, 1)
	if r.Right > uint32(w) || r.Bottom > uint32(h) || r.Left >= r.Right || r.Top >= r.Bottom {
		return fmt.Errorf("texture %d: update box outside level %d", r.ID, r.Level)
	}
	info := format.Info(t.format)
	bw, bh := max(info.BlockWidth, 1), max(info.BlockHeight, 1)
	x0, y0 := int(r.Left)/bw*bw, int(r.Top)/bh*bh
	x1, y1 := min((int(r.Right)+bw-1)/bw*bw, w), min((int(r.Bottom)+bh-1)/bh*bh, h)
	rows := (y1 - y0 + bh - 1) / bh
	srcRow := format.Pitch(t.format, x1-x0)
	pitch := int(r.Pitch)
	if pitch < srcRow || pitch > 1<<24 {
		return fmt.Errorf("texture %d: pitch %d", r.ID, pitch)
	}
	// Src points at the box's first block in the level's guest memory.
	src := unsafe.Slice((*byte)(guestPtr(r.Src)), pitch*(rows-1)+srcRow)
	pf := t.mapping.Format
	dstRow := pf.BytesPerRow(x1 - x0)
	data := make([]byte, dstRow*rows)
	for y := 0; y < rows; y++ {
		s := src[y*pitch : y*pitch+srcRow]
		if t.mapping.Upload == format.ConvNone {
			copy(data[y*dstRow:], s)
		} else if err := format.ConvertRow(t.mapping.Upload, data[y*dstRow:(y+1)*dstRow], s, x1-x0, nil); err != nil {
			return err
		}
	}
	if t.usedBy != nil && t.usedBy == d.cur.cb {
		// A draw of this submit samples tex when the commands run: copy
		// after it, not now.
		staging, err := d.transient(data)
		if err != nil {
			return err
		}
		b := d.outsidePass().BlitCommandEncoder()
		b.CopyBufferToTexture(staging, 0, dstRow, len(data), backend.Size{Width: x1 - x0, Height: y1 - y0, Depth: 1},
			t.tex, 0, int(r.Level), backend.Origin{X: x0, Y: y0})
		b.EndEncoding()
		return nil
	}
	t.tex.Replace(backend.Region{X: x0, Y: y0, Width: x1 - x0, Height: y1 - y0, Depth: 1}, int(r.Level), 0, data, dstRow, len(data))
	return nil
}
