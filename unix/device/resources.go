package device

import (
	"fmt"
	"unsafe"

	"mtld3d/core/format"
	"mtld3d/core/ir"
	"mtld3d/core/pixfmt"
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
	// spans caches an index buffer's smallest and largest index per
	// range drawn (vrange.go); an update clears it.
	spans map[idxRange][2]uint32
}

type texture struct {
	kind    types.ResourceType // D3DRTYPE_TEXTURE, CUBETEXTURE or VOLUMETEXTURE
	format  types.Format
	mapping format.Mapping
	tex     backend.Texture
	view    backend.Texture // swizzled view for sampling
	srgb    backend.Texture // sRGB view for D3DSAMP_SRGBTEXTURE, made on first use
	width   int
	height  int
	depth   int // volume textures; 1 otherwise
	levels  int
	lod     int // SetLOD: the most detailed level sampled
	// usedBy is the command buffer whose draws last sampled tex; an
	// update while it is still being recorded goes after them.
	usedBy backend.CommandBuffer
	// raw keeps a palettised texture's indices per face*levels+level,
	// rows packed, so a palette change can convert them again.
	raw [][]byte
	// AUTOGENMIPMAP: the filter of the last generation (SetAutoGenFilterType
	// travels with GenerateMips records), and whether the GPU wrote the
	// top level since (a pass, a copy or a fill), so the levels below are
	// generated again before anything reads them.
	autogen       bool
	autogenFilter types.TextureFilterType
	mipsStale     bool
	// isShadow: a 2D texture of a depth format, a shadow map (shadow);
	// draws ask several times each, so it is decided at creation.
	isShadow bool
}

// samplerKind is the IR's kind for the texture's type (a shadow sampler
// for a 2D shadow map).
func (t *texture) samplerKind() ir.SamplerKind {
	if t.shadow() {
		return ir.SamplerShadow2D
	}
	switch t.kind {
	case types.D3DRTYPE_CUBETEXTURE:
		return ir.SamplerCube
	case types.D3DRTYPE_VOLUMETEXTURE:
		return ir.Sampler3D
	}
	return ir.Sampler2D
}

// shadow reports whether the texture is a 2D shadow map: sampling it
// compares (core/format's Shadow).
func (t *texture) shadow() bool { return t.isShadow }

// sampled returns the view a sampler reads: the sRGB one when the
// sampler asks for it and the format has an sRGB twin (other formats
// read as they are, as D3D9 drivers do for formats without SRGBREAD).
func (t *texture) sampled(srgb bool) backend.Texture {
	if !srgb || t.mapping.SRGBFormat == pixfmt.Invalid {
		return t.view
	}
	if t.srgb == nil {
		v, err := t.tex.NewView(t.mapping.SRGBFormat, t.mapping.Swizzle.Backend())
		if err != nil {
			return t.view
		}
		t.srgb = v
	}
	return t.srgb
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
	on("UpdateBuffer", func(d *Device, r *shared.RecUpdateBuffer, _ []byte) error { return d.updateBuffer(r) })
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
		t.autogenFilter = types.TextureFilterType(r.Filter)
		d.generateMips(t)
		return nil
	})
	on("TextureSurface", func(d *Device, r *shared.RecTextureSurface, _ []byte) error {
		t := d.textures[r.Texture]
		if t == nil {
			return fmt.Errorf("surface %d of unknown texture %d", r.ID, r.Texture)
		}
		faces := uint32(1)
		if t.kind == types.D3DRTYPE_CUBETEXTURE {
			faces = 6
		}
		if int(r.Level) >= t.levels || r.Face >= faces || t.kind == types.D3DRTYPE_VOLUMETEXTURE {
			return fmt.Errorf("surface %d: level %d face %d of a %d-level %v", r.ID, r.Level, r.Face, t.levels, t.kind)
		}
		d.destroyObject(r.ID)
		d.objects[r.ID] = &surface{id: r.ID, kind: shared.SurfaceRenderTarget, format: t.format, mapping: t.mapping,
			tex: t.tex, width: max(t.width>>r.Level, 1), height: max(t.height>>r.Level, 1), samples: 1,
			level: int(r.Level), slice: int(r.Face), owner: r.Texture}
		return nil
	})
}

func (d *Device) dropBuffer(id uint32) {
	if b := d.buffers[id]; b != nil {
		b.buf.Release()
		delete(d.buffers, id)
	}
}

// generateMips fills the levels below the top from it with the
// texture's autogen filter.
func (d *Device) generateMips(t *texture) {
	if t.mipsStale {
		t.mipsStale = false
		d.staleMips--
	}
	if t.autogenFilter == types.D3DTEXF_POINT && t.kind != types.D3DRTYPE_VOLUMETEXTURE &&
		!t.mapping.Format.IsCompressed() {
		err := d.pointMips(t)
		if err == nil {
			return
		}
		// A format the backend cannot render to: the box filter
		// below regenerates every level anyway.
		d.warnOnce(shared.RecordCode("GenerateMips"), "point mip generation: "+err.Error()+"; box-filtering instead")
	}
	// Metal's generation is a box filter: LINEAR and the filters
	// the caps do not offer.
	if cb := d.outsidePass(); cb != nil {
		b := cb.BlitCommandEncoder()
		b.GenerateMipmaps(t.tex)
		b.EndEncoding()
	}
}

// wroteTop notes a GPU write into level 0 of tex: an AUTOGENMIPMAP
// texture's lower levels are stale until refreshMips.
func (d *Device) wroteTop(tex backend.Texture, level int) {
	if level != 0 || len(d.autogen) == 0 {
		return
	}
	if t := d.autogen[tex]; t != nil && !t.mipsStale {
		t.mipsStale = true
		d.staleMips++
	}
}

// refreshMips generates the stale levels of t, if any. It ends the open
// pass, so callers run it before they take a pass's encoder.
func (d *Device) refreshMips(t *texture) {
	if t != nil && t.mipsStale {
		d.generateMips(t)
	}
}

func (d *Device) dropTexture(id uint32) {
	if t := d.textures[id]; t != nil {
		if t.autogen {
			if t.mipsStale {
				d.staleMips--
			}
			delete(d.autogen, t.tex)
		}
		for sid, s := range d.objects {
			if s.owner == id {
				delete(d.objects, sid)
			}
		}
		if t.view != t.tex {
			t.view.Release()
		}
		if t.srgb != nil {
			t.srgb.Release()
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
	kind := types.ResourceType(r.Type)
	desc := backend.TextureDesc{Type: backend.TextureType2D, Format: mp.Format, Width: int(r.Width), Height: int(r.Height),
		Depth: 1, MipLevels: max(int(r.Levels), 1), Usage: backend.UsageShaderRead | backend.UsagePixelFormatView}
	switch kind {
	case types.D3DRTYPE_TEXTURE:
	case types.D3DRTYPE_CUBETEXTURE:
		desc.Type = backend.TextureTypeCube
		if r.Width != r.Height {
			return fmt.Errorf("cube texture %d: %dx%d faces", r.ID, r.Width, r.Height)
		}
	case types.D3DRTYPE_VOLUMETEXTURE:
		desc.Type, desc.Depth = backend.TextureType3D, max(int(r.Depth), 1)
	default:
		return fmt.Errorf("texture %d: resource type %d", r.ID, r.Type)
	}
	if r.Width == 0 || r.Height == 0 || r.Width > 1<<14 || r.Height > 1<<14 || desc.Depth > 1<<11 || desc.MipLevels > 15 {
		return fmt.Errorf("texture %d: %dx%dx%d, %d levels", r.ID, r.Width, r.Height, desc.Depth, desc.MipLevels)
	}
	if r.Usage&(types.D3DUSAGE_RENDERTARGET|types.D3DUSAGE_DEPTHSTENCIL|types.D3DUSAGE_AUTOGENMIPMAP) != 0 {
		// AUTOGENMIPMAP too: its lower levels are GPU-written, which
		// writeTexture keys its ordering on.
		desc.Usage |= backend.UsageRenderTarget
	}
	t, err := d.be.NewTexture(desc)
	if err != nil {
		return fmt.Errorf("texture %d: %w", r.ID, err)
	}
	view := t
	if sw := mp.Swizzle.Backend(); sw != (pixfmt.Swizzles{}) {
		if view, err = t.NewView(mp.Format, sw); err != nil {
			t.Release()
			return err
		}
	}
	d.dropTexture(r.ID)
	tx := &texture{kind: kind, format: f, mapping: mp, tex: t, view: view, width: int(r.Width),
		height: int(r.Height), depth: desc.Depth, levels: desc.MipLevels}
	tx.isShadow = kind == types.D3DRTYPE_TEXTURE && format.Info(f).Shadow()
	if format.Info(f).Flags&format.FlagPalette != 0 {
		faces := 1
		if kind == types.D3DRTYPE_CUBETEXTURE {
			faces = 6
		}
		tx.raw = make([][]byte, faces*tx.levels)
		for i := range tx.raw {
			l := i % tx.levels
			w, h, dp := max(tx.width>>l, 1), max(tx.height>>l, 1), max(tx.depth>>l, 1)
			tx.raw[i] = make([]byte, format.Pitch(f, w)*h*dp)
		}
	}
	if r.Usage&types.D3DUSAGE_AUTOGENMIPMAP != 0 && tx.levels > 1 {
		tx.autogen, tx.autogenFilter = true, types.D3DTEXF_LINEAR
		d.autogen[t] = tx
	}
	d.textures[r.ID] = tx
	return nil
}

// updateTexture uploads a box of one level and face, converting each row
// of blocks to the backend's layout.
func (d *Device) updateTexture(r *shared.RecUpdateTexture) error {
	t := d.textures[r.ID]
	if t == nil {
		return fmt.Errorf("update of unknown texture %d", r.ID)
	}
	faces := uint32(1)
	if t.kind == types.D3DRTYPE_CUBETEXTURE {
		faces = 6
	}
	if int(r.Level) >= t.levels || r.Face >= faces || r.Src == 0 {
		return fmt.Errorf("texture %d: bad update of level %d face %d", r.ID, r.Level, r.Face)
	}
	w, h, dp := max(t.width>>r.Level, 1), max(t.height>>r.Level, 1), max(t.depth>>r.Level, 1)
	front, back := int(r.Front), int(r.Back)
	if t.kind != types.D3DRTYPE_VOLUMETEXTURE {
		front, back = 0, 1
	}
	if r.Right > uint32(w) || r.Bottom > uint32(h) || r.Left >= r.Right || r.Top >= r.Bottom || front >= back || back > dp {
		return fmt.Errorf("texture %d: update box outside level %d", r.ID, r.Level)
	}
	info := format.Info(t.format)
	bw, bh := max(info.BlockWidth, 1), max(info.BlockHeight, 1)
	x0, y0 := int(r.Left)/bw*bw, int(r.Top)/bh*bh
	x1, y1 := min((int(r.Right)+bw-1)/bw*bw, w), min((int(r.Bottom)+bh-1)/bh*bh, h)
	rows := (y1 - y0 + bh - 1) / bh
	slices := back - front
	srcRow := format.Pitch(t.format, x1-x0)
	pitch, slicePitch := int(r.Pitch), int(r.SlicePitch)
	if pitch < srcRow || pitch > 1<<24 {
		return fmt.Errorf("texture %d: pitch %d", r.ID, pitch)
	}
	if slices > 1 && (slicePitch < pitch*(rows-1)+srcRow || slicePitch > 1<<30) {
		return fmt.Errorf("texture %d: slice pitch %d", r.ID, slicePitch)
	}
	// Src points at the box's first block in the level's guest memory.
	src := unsafe.Slice((*byte)(guestPtr(r.Src)), slicePitch*(slices-1)+pitch*(rows-1)+srcRow)
	if t.raw != nil {
		// Keep the indices, then convert the box from the kept copy.
		raw := t.raw[int(r.Face)*t.levels+int(r.Level)]
		rp := format.Pitch(t.format, w)
		rs := rp * ((h + bh - 1) / bh)
		off := front*rs + y0/bh*rp + x0/bw*info.BlockBytes
		for z := 0; z < slices; z++ {
			for y := 0; y < rows; y++ {
				copy(raw[off+z*rs+y*rp:][:srcRow], src[z*slicePitch+y*pitch:][:srcRow])
			}
		}
		src, pitch, slicePitch = raw[off:], rp, rs
	}
	pf := t.mapping.Format
	dstRow := pf.BytesPerRow(x1 - x0)
	region := backend.Region{X: x0, Y: y0, Z: front, Width: x1 - x0, Height: y1 - y0, Depth: slices}
	if t.mapping.Upload == format.ConvNone && dstRow == srcRow {
		// The rows go as they are, at the guest's pitch: no copy here.
		if slices == 1 {
			slicePitch = pitch * rows
		}
		return d.writeTexture(t, t.tex, region, int(r.Level), int(r.Face), src, pitch, slicePitch)
	}
	image := dstRow * rows
	data := make([]byte, image*slices)
	d.updates.copied += uint64(len(data))
	for z := 0; z < slices; z++ {
		for y := 0; y < rows; y++ {
			s := src[z*slicePitch+y*pitch:][:srcRow]
			dst := data[z*image+y*dstRow:][:dstRow]
			if t.mapping.Upload == format.ConvNone {
				copy(dst, s)
			} else if err := format.ConvertRow(t.mapping.Upload, dst, s, x1-x0, d.palette()); err != nil {
				return err
			}
		}
	}
	return d.writeTexture(t, t.tex, region, int(r.Level), int(r.Face), data, dstRow, image)
}

// writeTexture puts texels into a texture in API order. It writes them
// straight away when nothing encoded and not yet run can touch the
// texture: no commands pending at all (and no pass waiting to clear), or
// t is a texture only the CPU writes that no command not yet completed
// samples. Otherwise the texels go through a staging buffer and a
// blit after what is encoded (which ends the open render pass). t is nil
// for a surface that is no texture's.
func (d *Device) writeTexture(t *texture, tex backend.Texture, r backend.Region, level, slice int, data []byte, bytesPerRow, bytesPerImage int) error {
	idle := d.cur.cb == nil && !d.pass.open && d.retiredAll()
	if idle || (t != nil && tex.Usage()&backend.UsageRenderTarget == 0 && !pending(t.usedBy)) {
		tex.Replace(r, level, slice, data, bytesPerRow, bytesPerImage)
		d.updates.copied += uint64(len(data))
		return nil
	}
	b, err := d.transient(data)
	if err != nil {
		return err
	}
	d.updates.copied += uint64(len(data))
	if tex.Type() != backend.TextureType3D {
		bytesPerImage = 0 // Metal: only 3D and array copies take an image stride
	}
	blit := d.outsidePass().BlitCommandEncoder()
	blit.CopyBufferToTexture(b, 0, bytesPerRow, bytesPerImage, backend.Size{Width: r.Width, Height: r.Height, Depth: r.Depth},
		tex, slice, level, backend.Origin{X: r.X, Y: r.Y, Z: r.Z})
	blit.EndEncoding()
	return nil
}

// pointMips regenerates the levels of a 2D or cube AUTOGENMIPMAP texture
// with D3DTEXF_POINT: each texel is the top-left texel of the 2x2 block
// above it. Each level is drawn from a copy of the one above, so no pass
// samples the texture it renders to.
func (d *Device) pointMips(t *texture) error {
	faces := 1
	if t.kind == types.D3DRTYPE_CUBETEXTURE {
		faces = 6
	}
	sd := backend.DefaultSamplerDesc()
	sd.MipFilter = backend.MipFilterNearest
	t.usedBy = d.cmd()
	for l := 1; l < t.levels; l++ {
		sw, sh := max(t.width>>(l-1), 1), max(t.height>>(l-1), 1)
		w, h := max(t.width>>l, 1), max(t.height>>l, 1)
		for f := range faces {
			tmp, err := d.be.NewTexture(backend.TextureDesc{Type: backend.TextureType2D, Format: t.mapping.Format,
				Width: sw, Height: sh, Depth: 1, MipLevels: 1, Usage: backend.UsageShaderRead})
			if err != nil {
				return err
			}
			blit := d.outsidePass().BlitCommandEncoder()
			blit.CopyTextureToTexture(t.tex, f, l-1, backend.Origin{}, backend.Size{Width: sw, Height: sh, Depth: 1}, tmp, 0, 0, backend.Origin{})
			blit.EndEncoding()
			// A step of 2 (1 where the level above is one texel wide)
			// from the first texel's centre.
			sx, sy := float32(sw/w), float32(sh/h)
			q := texQuad{fs: blitFunction, sampler: sd, tex: tmp, format: t.mapping.Format, w: w, h: h, scissor: rect{0, 0, w, h},
				params: [][4]float32{{0, 0, sx, sy}, {0.5 - 0.5*sx, 0.5 - 0.5*sy, 1 / float32(sw), 1 / float32(sh)}, {0}}}
			q.target.Texture, q.target.Level, q.target.Slice = t.tex, l, f
			err = d.drawTexQuad(&q)
			tmp.Release() // the command buffer keeps what it references
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// pending says whether cb holds commands that have not run yet: being
// encoded, or committed and not completed.
func pending(cb backend.CommandBuffer) bool {
	if cb == nil {
		return false
	}
	st := cb.Status()
	return st != backend.StatusCompleted && st != backend.StatusError
}
