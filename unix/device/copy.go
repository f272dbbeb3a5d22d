package device

import (
	"encoding/binary"
	"fmt"
	"math"
	"unsafe"

	"mtld3d/core/format"
	"mtld3d/core/pixfmt"
	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend"
)

// ColorFill, StretchRect and UpdateSurface on the unix side.

func init() {
	on("ColorFill", func(d *Device, r *shared.RecColorFill, _ []byte) error {
		s := d.objects[r.Surface]
		if s == nil || s.tex == nil {
			return fmt.Errorf("color fill of unknown surface %d", r.Surface)
		}
		if blk, ok := format.SolidBlock(s.mapping.Format, r.Color); ok {
			return d.fillBlocks(s, blk, rect{int(r.Left), int(r.Top), int(r.Right), int(r.Bottom)})
		}
		k := clearKey{samples: s.samples, flags: types.D3DCLEAR_TARGET}
		k.color[0] = s.mapping.Format
		var pd backend.RenderPassDesc
		s.target(&pd.Color[0].AttachmentDesc)
		return d.encodeClear(&pd, k, s.width, s.height, clearValue{color: r.Color}, []rect{{int(r.Left), int(r.Top), int(r.Right), int(r.Bottom)}})
	})
	on("StretchRect", (*Device).stretchRect)
	on("UploadSurface", (*Device).uploadSurface)
	on("ResolveDepth", (*Device).resolveDepth)
}

// fillBlocks writes one block over a rectangle of a block-compressed
// surface (ColorFill: no GPU renders into these formats). The guest
// checked that the rectangle falls on whole blocks or the surface's edge.
func (d *Device) fillBlocks(s *surface, blk []byte, a rect) error {
	if a.empty() || a.l < 0 || a.t < 0 || a.r > s.width || a.b > s.height {
		return fmt.Errorf("surface %d: bad fill rectangle", s.id)
	}
	info := s.mapping.Format.Info()
	bw, bh := info.BlockWidth, info.BlockHeight
	cols, rows := (a.r-a.l+bw-1)/bw, (a.b-a.t+bh-1)/bh
	data := make([]byte, cols*rows*len(blk))
	for i := 0; i < len(data); i += len(blk) {
		copy(data[i:], blk)
	}
	return d.writeTexture(d.textures[s.owner], s.tex, backend.Region{X: a.l, Y: a.t, Width: a.r - a.l, Height: a.b - a.t, Depth: 1},
		s.level, s.slice, data, cols*len(blk), len(data))
}

func (d *Device) uploadSurface(r *shared.RecUploadSurface, _ []byte) error {
	s := d.objects[r.Surface]
	if s == nil || s.tex == nil {
		return fmt.Errorf("upload to unknown surface %d", r.Surface)
	}
	a := rect{int(r.Left), int(r.Top), int(r.Right), int(r.Bottom)}
	if a.empty() || a.l < 0 || a.t < 0 || a.r > s.width || a.b > s.height || r.Src == 0 {
		return fmt.Errorf("surface %d: bad upload rectangle", r.Surface)
	}
	if t := d.textures[s.owner]; s.owner != 0 && t != nil && t.raw != nil {
		// A palettised level keeps its indices: the texture's own path.
		return d.updateTexture(&shared.RecUpdateTexture{ID: s.owner, Level: uint32(s.level), Face: uint32(s.slice),
			Left: uint32(a.l), Top: uint32(a.t), Right: uint32(a.r), Bottom: uint32(a.b), Back: 1, Src: r.Src, Pitch: r.Pitch})
	}
	info := format.Info(s.format)
	bh := max(info.BlockHeight, 1)
	rows := (a.b - a.t + bh - 1) / bh
	srcRow := format.Pitch(s.format, a.r-a.l)
	if int(r.Pitch) < srcRow {
		return fmt.Errorf("surface %d: pitch %d under a row of %d bytes", r.Surface, r.Pitch, srcRow)
	}
	src := unsafe.Slice((*byte)(guestPtr(r.Src)), int(r.Pitch)*(rows-1)+srcRow)
	pf := s.mapping.Format
	dstRow := pf.BytesPerRow(a.r - a.l)
	data := make([]byte, dstRow*rows)
	for y := 0; y < rows; y++ {
		row := src[y*int(r.Pitch) : y*int(r.Pitch)+srcRow]
		if s.mapping.Upload == format.ConvNone {
			copy(data[y*dstRow:], row)
		} else if err := format.ConvertRow(s.mapping.Upload, data[y*dstRow:(y+1)*dstRow], row, a.r-a.l, nil); err != nil {
			return err
		}
	}
	// In API order: after what earlier commands of this frame do with it.
	d.wroteTop(s.tex, s.level)
	return d.writeTexture(d.textures[s.owner], s.tex, backend.Region{X: a.l, Y: a.t, Width: a.r - a.l, Height: a.b - a.t, Depth: 1}, s.level, s.slice,
		data, dstRow, len(data))
}

// blitMSL is the Metal twin of blitFS; the vertex function is the clear's
// full-target triangle (clearMSL) at depth 0.
const blitMSL = `#include <metal_stdlib>
using namespace metal;
struct blit_in { float4 position [[position]]; };
fragment float4 mtld3d_blit_fs(blit_in in [[stage_in]], constant float4 *m [[buffer(0)]],
                               texture2d<float> t [[texture(0)]], sampler s [[sampler(0)]]) {
    float2 uv = (m[1].xy + (in.position.xy - m[0].xy) * m[0].zw) * m[1].zw;
    return t.sample(s, uv, level(m[2].x));
}
`

// blitFS samples the source at the texel the destination pixel maps to:
// m[0] = (dst left, dst top, scale x, scale y), m[1] = (src left, src
// top, 1/src width, 1/src height), m[2].x = the source's level.
var blitFS = &backend.FragmentFunc{Sig: backend.FragmentSignature{Outputs: 1}, Run: func(r backend.QuadResources, q *backend.Quad, out *backend.FragmentOut) {
	m := blitParams(r)
	for l := 0; l < backend.QuadLanes; l++ {
		out.Color[0][l] = r.Sample(0, 0, blitUV(&m, q.Position[l]), m[8])
	}
}}

// blitParams is the nine floats of buffer 0 that blitFS and presentFS
// take (all zero when the buffer is short).
func blitParams(r backend.QuadResources) (m [9]float32) {
	if b := r.Buffer(0); len(b) >= 36 {
		for i := range m {
			m[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
		}
	}
	return m
}

// blitUV is the source coordinate the destination pixel centre p maps to
// under blitParams m.
func blitUV(m *[9]float32, p [4]float32) [4]float32 {
	return [4]float32{(m[4] + (p[0]-m[0])*m[2]) * m[6], (m[5] + (p[1]-m[1])*m[3]) * m[7]}
}

func (d *Device) stretchRect(r *shared.RecStretchRect, _ []byte) error {
	src, dst := d.objects[r.Src], d.objects[r.Dst]
	if src == nil || dst == nil || src.tex == nil || dst.tex == nil {
		return fmt.Errorf("stretch between unknown surfaces %d and %d", r.Src, r.Dst)
	}
	sr := rect{int(r.SrcLeft), int(r.SrcTop), int(r.SrcRight), int(r.SrcBottom)}
	dr := rect{int(r.DstLeft), int(r.DstTop), int(r.DstRight), int(r.DstBottom)}
	if sr.empty() || dr.empty() || sr.l < 0 || sr.t < 0 || sr.r > src.width || sr.b > src.height ||
		dr.l < 0 || dr.t < 0 || dr.r > dst.width || dr.b > dst.height {
		return fmt.Errorf("stretch: rectangles outside their surfaces")
	}
	same := sr.r-sr.l == dr.r-dr.l && sr.b-sr.t == dr.b-dr.t
	cb := d.outsidePass()
	if cb == nil {
		return nil
	}
	if src.samples > 1 && dst.samples == src.samples && same && src.mapping.Format == dst.mapping.Format {
		// Between surfaces of one multisampling: a copy of every sample.
		d.copyRect(src, dst, sr, dr)
		return nil
	}
	if src.samples > 1 {
		if dst.samples == 1 && same && sr == (rect{0, 0, src.width, src.height}) && dst.width == src.width && dst.height == src.height {
			resolve(cb, src, dst.tex, dst.level, dst.slice)
			return nil
		}
		// Metal resolves whole attachments: resolve into a transient
		// texture, then copy or scale the rectangle from it.
		tmp, err := d.be.NewTexture(backend.TextureDesc{Type: backend.TextureType2D, Format: src.mapping.Format,
			Width: src.width, Height: src.height, Usage: backend.UsageShaderRead | backend.UsageRenderTarget})
		if err != nil {
			return err
		}
		defer tmp.Release() // after encoding: the command buffer keeps what it references
		resolve(cb, src, tmp, 0, 0)
		rs := *src
		rs.tex, rs.samples, rs.level, rs.slice, rs.owner = tmp, 1, 0, 0, 0
		src = &rs
	}
	switch {
	case src.mapping.Format.IsDepth() || dst.mapping.Format.IsDepth():
		if !same || src.mapping.Format != dst.mapping.Format {
			return fmt.Errorf("stretch: depth surfaces copy only at the same size and format")
		}
		d.copyRect(src, dst, sr, dr)
		return nil
	case dst.samples > 1:
		// A blit cannot write a multisampled texture's samples; the
		// scaled copy's draw writes every sample of each pixel.
		return d.scaledCopy(src, dst, sr, dr, types.TextureFilterType(r.Filter))
	case same && src.mapping.Format == dst.mapping.Format:
		d.copyRect(src, dst, sr, dr)
		return nil
	}
	return d.scaledCopy(src, dst, sr, dr, types.TextureFilterType(r.Filter))
}

// blitFunction samples the source rectangle (blitFS), from the level
// its third parameter names.
var blitFunction = backend.FunctionDesc{Stage: backend.StageFragment, Source: blitMSL, Entry: "mtld3d_blit_fs", Program: blitFS}

// copyRect copies a rectangle between surfaces of one format.
func (d *Device) copyRect(src, dst *surface, sr, dr rect) {
	blit := d.outsidePass().BlitCommandEncoder()
	blit.CopyTextureToTexture(src.tex, src.slice, src.level, backend.Origin{X: sr.l, Y: sr.t},
		backend.Size{Width: sr.r - sr.l, Height: sr.b - sr.t, Depth: 1}, dst.tex, dst.slice, dst.level, backend.Origin{X: dr.l, Y: dr.t})
	blit.EndEncoding()
	d.wroteTop(dst.tex, dst.level)
}

// scaledCopy draws the source rectangle into the destination one, with
// conversion between colour formats and point or linear filtering.
func (d *Device) scaledCopy(src, dst *surface, sr, dr rect, filter types.TextureFilterType) error {
	sd := backend.DefaultSamplerDesc()
	sd.MipFilter = backend.MipFilterNearest // the source may be a texture's lower level
	if filter == types.D3DTEXF_LINEAR {
		sd.MinFilter, sd.MagFilter = backend.FilterLinear, backend.FilterLinear
	}
	view, level, done, err := d.copySource(src)
	if err != nil {
		return err
	}
	defer done() // after the pass is encoded: a command buffer keeps what it references
	q := texQuad{fs: blitFunction, sampler: sd, tex: view, format: dst.mapping.Format, samples: dst.samples,
		w: dst.width, h: dst.height, scissor: dr, params: quadParams(sr, dr, src.width, src.height, float32(level))}
	dst.target(&q.target)
	d.wroteTop(dst.tex, dst.level)
	return d.drawTexQuad(&q)
}

// copySource is the 2D texture the blit samples for a surface, the
// level to read and what to release once the copy is encoded: a cube
// face is first copied into a transient 2D texture, since the blit
// function reads a texture2d.
func (d *Device) copySource(src *surface) (backend.Texture, int, func(), error) {
	t := d.textures[src.owner]
	if src.owner == 0 || t == nil {
		return src.tex, src.level, func() {}, nil
	}
	if src.level > 0 {
		d.refreshMips(t)
	}
	t.usedBy = d.cur.cb
	if t.kind == types.D3DRTYPE_TEXTURE {
		return t.view, src.level, func() {}, nil
	}
	tmp, err := d.be.NewTexture(backend.TextureDesc{Type: backend.TextureType2D, Format: t.mapping.Format,
		Width: src.width, Height: src.height, Usage: backend.UsageShaderRead | backend.UsagePixelFormatView})
	if err != nil {
		return nil, 0, nil, err
	}
	blit := d.outsidePass().BlitCommandEncoder()
	blit.CopyTextureToTexture(src.tex, src.slice, src.level, backend.Origin{}, backend.Size{Width: src.width, Height: src.height, Depth: 1},
		tmp, 0, 0, backend.Origin{})
	blit.EndEncoding()
	sw := t.mapping.Swizzle.Backend()
	if sw == (pixfmt.Swizzles{}) {
		return tmp, 0, tmp.Release, nil
	}
	v, err := tmp.NewView(t.mapping.Format, sw)
	if err != nil {
		tmp.Release()
		return nil, 0, nil, err
	}
	return v, 0, func() { v.Release(); tmp.Release() }, nil
}

// resolve encodes a pass that only resolves a multisampled surface into a
// level and slice of dst.
func resolve(cb backend.CommandBuffer, src *surface, dst backend.Texture, level, slice int) {
	var pd backend.RenderPassDesc
	at := func(a *backend.AttachmentDesc) {
		src.target(a)
		a.Store = backend.StoreMultisampleResolve
		a.ResolveTexture, a.ResolveLevel, a.ResolveSlice = dst, level, slice
	}
	// A depth or stencil format is a depth (and stencil) attachment,
	// which Metal resolves from each pixel's sample 0.
	f := src.mapping.Format
	if f.IsDepth() || f.IsStencil() {
		if f.IsDepth() {
			at(&pd.Depth.AttachmentDesc)
		}
		if f.IsStencil() {
			at(&pd.Stencil.AttachmentDesc)
		}
	} else {
		at(&pd.Color[0].AttachmentDesc)
	}
	cb.RenderCommandEncoder(&pd).EndEncoding()
}

// resolveDepth is AMD's RESZ: the depth of a depth-stencil surface into
// level 0 of a depth texture of its size and backend format, resolved
// from sample 0 when the surface is multisampled.
func (d *Device) resolveDepth(r *shared.RecResolveDepth, _ []byte) error {
	src, t := d.objects[r.Surface], d.textures[r.Texture]
	if src == nil || src.tex == nil || t == nil {
		return fmt.Errorf("resz from surface %d into texture %d: unknown", r.Surface, r.Texture)
	}
	if t.kind != types.D3DRTYPE_TEXTURE || !src.mapping.Format.IsDepth() || src.mapping.Format != t.mapping.Format ||
		src.width != t.width || src.height != t.height {
		return fmt.Errorf("resz from %v %dx%d into %v %v %dx%d: needs one depth format and size",
			src.format, src.width, src.height, t.kind, t.format, t.width, t.height)
	}
	cb := d.outsidePass()
	if cb == nil {
		return nil
	}
	if src.samples > 1 {
		resolve(cb, src, t.tex, 0, 0)
		return nil
	}
	dst := &surface{tex: t.tex, format: t.format, mapping: t.mapping, width: t.width, height: t.height, samples: 1}
	whole := rect{0, 0, src.width, src.height}
	d.copyRect(src, dst, whole, whole)
	return nil
}
