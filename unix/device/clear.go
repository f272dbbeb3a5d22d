package device

import (
	"encoding/binary"
	"fmt"
	"math"
	"unsafe"

	"mtld3d/core/pixfmt"
	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend"
)

// Clear is a draw, not a load action: D3D9 clears only the viewport
// (and the scissor rectangle, and the given rectangles), keeps the plane
// it is not told to clear, and works on any format the backend can
// render. One full-target triangle per rectangle, cut by the scissor.

// clearKey names a clear pipeline: the attachment formats and what it
// writes.
type clearKey struct {
	color   [4]pixfmt.Format
	depth   pixfmt.Format
	stencil pixfmt.Format
	samples int
	flags   uint32
}

// clearMSL is the Metal twin of the Go programs below.
const clearMSL = `#include <metal_stdlib>
using namespace metal;
struct clear_out { float4 position [[position]]; };
vertex clear_out mtld3d_clear_vs(uint vid [[vertex_id]], constant float &z [[buffer(0)]]) {
    float2 p = float2(vid == 1 ? 3.0 : -1.0, vid == 2 ? 3.0 : -1.0);
    clear_out o; o.position = float4(p, z, 1.0); return o;
}
struct clear_colors { float4 c0 [[color(0)]]; float4 c1 [[color(1)]]; float4 c2 [[color(2)]]; float4 c3 [[color(3)]]; };
fragment clear_colors mtld3d_clear_fs(constant float4 &c [[buffer(0)]]) {
    clear_colors o; o.c0 = c; o.c1 = c; o.c2 = c; o.c3 = c; return o;
}
`

var clearVS = &backend.VertexFunc{Run: func(r backend.Resources, in *backend.VertexIn, out *backend.VertexOut) {
	z := float32(0)
	if b := r.Buffer(0); len(b) >= 4 {
		z = math.Float32frombits(binary.LittleEndian.Uint32(b))
	}
	x, y := float32(-1), float32(-1)
	if in.VertexID == 1 {
		x = 3
	}
	if in.VertexID == 2 {
		y = 3
	}
	out.Position = [4]float32{x, y, z, 1}
}}

var clearFS = &backend.FragmentFunc{Sig: backend.FragmentSignature{Outputs: 4}, Run: func(r backend.QuadResources, q *backend.Quad, out *backend.FragmentOut) {
	var c [4]float32
	if b := r.Buffer(0); len(b) >= 16 {
		for i := range c {
			c[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
		}
	}
	for a := range out.Color {
		for l := range out.Color[a] {
			out.Color[a][l] = c
		}
	}
}}

// clearVSDesc is the full-screen vertex function of clears and textured
// quads.
var clearVSDesc = backend.FunctionDesc{Stage: backend.StageVertex, Source: clearMSL, Entry: "mtld3d_clear_vs", Program: clearVS}

func (d *Device) clearPipeline(k clearKey) (backend.RenderPipelineState, backend.DepthStencilState, error) {
	if p, ok := d.clears[k]; ok {
		return p, d.dss[k], nil
	}
	vs, err := d.fixedFunction(clearVSDesc)
	if err != nil {
		return nil, nil, err
	}
	desc := backend.RenderPipelineDesc{VertexFunction: vs, DepthFormat: k.depth, StencilFormat: k.stencil,
		SampleCount: k.samples, Topology: backend.TopologyTriangle}
	// The pipeline names every colour attachment of the pass it draws in;
	// it writes them only when it clears the target.
	mask := backend.ColorMaskNone
	if k.flags&types.D3DCLEAR_TARGET != 0 {
		mask = backend.ColorMaskAll
	}
	if k.color != ([4]pixfmt.Format{}) {
		fs, err := d.fixedFunction(backend.FunctionDesc{Stage: backend.StageFragment, Source: clearMSL, Entry: "mtld3d_clear_fs", Program: clearFS})
		if err != nil {
			return nil, nil, err
		}
		desc.FragmentFunction = fs
		for i, f := range k.color {
			if f != pixfmt.Invalid {
				desc.ColorAttachments[i] = backend.ColorAttachmentDesc{Format: f, WriteMask: mask}
			}
		}
	}
	p, err := d.be.NewRenderPipeline(desc)
	if err != nil {
		return nil, nil, err
	}
	dsd := backend.DepthStencilDesc{DepthCompare: backend.CompareAlways, DepthWrite: k.flags&types.D3DCLEAR_ZBUFFER != 0}
	if k.stencil != pixfmt.Invalid {
		var mask uint8
		if k.flags&types.D3DCLEAR_STENCIL != 0 {
			mask = 0xff
		}
		s := backend.StencilDesc{Compare: backend.CompareAlways, PassOp: backend.StencilReplace, ReadMask: 0xff, WriteMask: mask}
		dsd.StencilEnable, dsd.Front, dsd.Back = true, s, s
	}
	ds, err := d.be.NewDepthStencilState(dsd)
	if err != nil {
		return nil, nil, err
	}
	d.clears[k], d.dss[k] = p, ds
	return p, ds, nil
}

type rect struct{ l, t, r, b int }

func (a rect) and(b rect) rect {
	return rect{max(a.l, b.l), max(a.t, b.t), min(a.r, b.r), min(a.b, b.b)}
}

func (a rect) empty() bool { return a.l >= a.r || a.t >= a.b }

// clearValue is what Clear writes: the D3DCOLOR as RGBA in 0..1, the
// depth and the stencil value.
type clearValue struct {
	color   uint32
	z       float32
	stencil uint32
	srgb    bool // D3DRS_SRGBWRITEENABLE: the colour is encoded as draws' are
}

// rgba is the colour to store in a target of format f: sRGB-encoded under
// D3DRS_SRGBWRITEENABLE when f has an sRGB twin, as Windows clears
// (Wine's clear_test).
func (v clearValue) rgba(f pixfmt.Format) [4]float32 {
	c := v.color
	r := [4]float32{float32(c>>16&0xff) / 255, float32(c>>8&0xff) / 255, float32(c&0xff) / 255, float32(c>>24) / 255}
	if v.srgb && f.SRGB() != f {
		for i := range 3 {
			r[i] = linearToSRGB(r[i])
		}
	}
	return r
}

func (d *Device) clear(r *shared.RecClear, rec []byte) error {
	flags := r.Flags & (types.D3DCLEAR_TARGET | types.D3DCLEAR_ZBUFFER | types.D3DCLEAR_STENCIL)
	// The pass is the draws' pass (every bound target), so a clear between
	// draws over the same targets continues it.
	var pd backend.RenderPassDesc
	var desc backend.RenderPipelineDesc
	tg := d.targets(&pd, &desc)
	if !tg.hasDepth && !tg.hasStencil {
		flags &^= types.D3DCLEAR_ZBUFFER | types.D3DCLEAR_STENCIL
	}
	if flags == 0 || !tg.any {
		return nil
	}
	vp := rect{int(d.vp.X), int(d.vp.Y), int(d.vp.X + d.vp.Width), int(d.vp.Y + d.vp.Height)}
	if d.st.ff.RS[types.D3DRS_SCISSORTESTENABLE] != 0 {
		vp = vp.and(rect{int(d.scissor.Left), int(d.scissor.Top), int(d.scissor.Right), int(d.scissor.Bottom)})
	}
	if (vp.r > tg.width || vp.b > tg.height) && d.mixedSizes(tg) {
		// Surfaces of different sizes, with the viewport past the
		// smallest: a pass is bounded by its smallest attachment, while
		// Windows clears each surface over the viewport within its own
		// bounds. One pass each.
		for i, id := range d.rts {
			s := d.objects[id]
			if flags&types.D3DCLEAR_TARGET == 0 || id == 0 || s == nil || s.tex == nil {
				continue
			}
			var cpd backend.RenderPassDesc
			var cd backend.RenderPipelineDesc
			cpd.Color[i], cd.ColorAttachments[i].Format = pd.Color[i], desc.ColorAttachments[i].Format
			ctg := drawTargets{width: s.width, height: s.height, samples: s.samples, any: true}
			if err := d.clearIn(&cpd, &cd, ctg, types.D3DCLEAR_TARGET, r, rec); err != nil {
				return err
			}
		}
		if flags &^= types.D3DCLEAR_TARGET; flags == 0 {
			return nil
		}
		ds := d.objects[d.ds]
		dpd, dd := backend.RenderPassDesc{Depth: pd.Depth, Stencil: pd.Stencil}, backend.RenderPipelineDesc{DepthFormat: desc.DepthFormat, StencilFormat: desc.StencilFormat}
		dtg := drawTargets{width: ds.width, height: ds.height, samples: ds.samples, hasDepth: tg.hasDepth, hasStencil: tg.hasStencil, any: true}
		return d.clearIn(&dpd, &dd, dtg, flags, r, rec)
	}
	return d.clearIn(&pd, &desc, tg, flags, r, rec)
}

// mixedSizes reports whether the bound targets and depth-stencil surface
// differ in size from the pass's (the smallest of them).
func (d *Device) mixedSizes(tg drawTargets) bool {
	ids := append(d.rts[:len(d.rts):len(d.rts)], d.ds)
	for _, id := range ids {
		if s := d.objects[id]; id != 0 && s != nil && s.tex != nil && (s.width != tg.width || s.height != tg.height) {
			return true
		}
	}
	return false
}

// clearIn clears flags' planes of pd's attachments over the viewport,
// scissor and the record's rectangles.
func (d *Device) clearIn(pd *backend.RenderPassDesc, desc *backend.RenderPipelineDesc, tg drawTargets, flags uint32, r *shared.RecClear, rec []byte) error {
	k := clearKey{depth: desc.DepthFormat, stencil: desc.StencilFormat, samples: max(tg.samples, 1), flags: flags}
	for i := range k.color {
		k.color[i] = desc.ColorAttachments[i].Format
	}
	// The area: the viewport, the scissor when enabled, each rectangle;
	// each attachment then cuts it to its own size.
	area := rect{int(d.vp.X), int(d.vp.Y), int(d.vp.X) + int(d.vp.Width), int(d.vp.Y) + int(d.vp.Height)}
	if d.st.ff.RS[types.D3DRS_SCISSORTESTENABLE] != 0 {
		area = area.and(rect{int(d.scissor.Left), int(d.scissor.Top), int(d.scissor.Right), int(d.scissor.Bottom)})
	}
	var areas []rect
	if r.Rects == 0 {
		areas = []rect{area}
	} else {
		n := int(r.Rects)
		base := int(unsafe.Sizeof(*r))
		if len(rec) < base+16*n {
			return fmt.Errorf("clear: %d rects in a %d-byte record", n, len(rec))
		}
		for i := 0; i < n; i++ {
			o := base + 16*i
			q := rect{int(int32(binary.LittleEndian.Uint32(rec[o:]))), int(int32(binary.LittleEndian.Uint32(rec[o+4:]))),
				int(int32(binary.LittleEndian.Uint32(rec[o+8:]))), int(int32(binary.LittleEndian.Uint32(rec[o+12:])))}
			areas = append(areas, q.and(area))
		}
	}
	return d.encodeClear(pd, k, tg.width, tg.height, clearValue{r.Color, r.Z, r.Stencil, d.srgbViews()}, areas)
}

// encodeClear clears the areas of the pass's attachments that k.flags
// names. At the start of a pass, a clear of the whole of every attachment
// it clears is that pass's load action; otherwise it is the clear
// pipeline drawn over each area, in the open pass.
func (d *Device) encodeClear(pd *backend.RenderPassDesc, k clearKey, w, h int, v clearValue, areas []rect) error {
	if d.cmd() == nil {
		return nil
	}
	on := make([]rect, 0, len(areas))
	for _, a := range areas {
		if a = a.and(rect{0, 0, w, h}); !a.empty() {
			on = append(on, a)
		}
	}
	if len(on) == 0 {
		return nil
	}
	areas = on
	if d.beginPass(pd) && wholeClear(pd, k.flags, areas) {
		p := &d.pass.desc
		if k.flags&types.D3DCLEAR_TARGET != 0 {
			for i := range p.Color {
				if p.Color[i].Texture != nil {
					c := v.rgba(k.color[i])
					p.Color[i].Load = backend.LoadClear
					p.Color[i].ClearColor = [4]float64{float64(c[0]), float64(c[1]), float64(c[2]), float64(c[3])}
				}
			}
		}
		if k.flags&types.D3DCLEAR_ZBUFFER != 0 && p.Depth.Texture != nil {
			p.Depth.Load, p.Depth.ClearDepth = backend.LoadClear, float64(v.z)
		}
		if k.flags&types.D3DCLEAR_STENCIL != 0 && p.Stencil.Texture != nil {
			p.Stencil.Load, p.Stencil.ClearStencil = backend.LoadClear, v.stencil&0xff
		}
		return nil
	}
	pipe, dss, err := d.clearPipeline(k)
	if err != nil {
		return fmt.Errorf("clear pipeline: %w", err)
	}
	enc := d.passEncoder(pd, false)
	if enc == nil {
		return nil
	}
	enc.SetRenderPipelineState(pipe)
	enc.SetDepthStencilState(dss)
	enc.SetStencilReference(v.stencil&0xff, v.stencil&0xff)
	enc.SetViewport(backend.Viewport{Width: float64(w), Height: float64(h), ZNear: 0, ZFar: 1})
	var zb [4]byte
	binary.LittleEndian.PutUint32(zb[:], math.Float32bits(v.z))
	enc.SetVertexBytes(zb[:], 0)
	var cbytes [16]byte
	first := pixfmt.Invalid // the clear pipeline writes one colour to every target
	for _, f := range k.color {
		if first == pixfmt.Invalid {
			first = f
		}
	}
	for i, f := range v.rgba(first) {
		binary.LittleEndian.PutUint32(cbytes[4*i:], math.Float32bits(f))
	}
	enc.SetFragmentBytes(cbytes[:], 0)
	for _, a := range areas {
		enc.SetScissorRect(backend.ScissorRect{X: a.l, Y: a.t, Width: a.r - a.l, Height: a.b - a.t})
		enc.DrawPrimitives(backend.PrimitiveTriangle, 0, 3, 1, 0)
	}
	return nil
}

// wholeClear reports that areas is one rectangle covering the whole of
// every attachment the flags clear, so a load action can do the clear.
func wholeClear(pd *backend.RenderPassDesc, flags uint32, areas []rect) bool {
	if len(areas) != 1 {
		return false
	}
	covers := func(a *backend.AttachmentDesc) bool {
		return a.Texture == nil ||
			areas[0] == rect{0, 0, backend.MipSize(a.Texture.Width(), a.Level), backend.MipSize(a.Texture.Height(), a.Level)}
	}
	if flags&types.D3DCLEAR_TARGET != 0 {
		for i := range pd.Color {
			if !covers(&pd.Color[i].AttachmentDesc) {
				return false
			}
		}
	}
	if flags&types.D3DCLEAR_ZBUFFER != 0 && !covers(&pd.Depth.AttachmentDesc) {
		return false
	}
	return flags&types.D3DCLEAR_STENCIL == 0 || covers(&pd.Stencil.AttachmentDesc)
}

// fixedKey names one of the device's own functions (the clear and
// textured-quad shaders): made once, shared by every pipeline using it,
// so pipeline descriptors that name it stay equal.
type fixedKey struct {
	stage         backend.ShaderStage
	entry, source string
}

func (d *Device) fixedFunction(fd backend.FunctionDesc) (backend.Function, error) {
	k := fixedKey{fd.Stage, fd.Entry, fd.Source}
	if f, ok := d.fixed[k]; ok {
		return f, nil
	}
	f, err := d.be.NewFunction(fd)
	if err != nil {
		return nil, err
	}
	if d.fixed == nil {
		d.fixed = map[fixedKey]backend.Function{}
	}
	d.fixed[k] = f
	return f, nil
}

// releaseFixed releases the clear pipelines, the device's own functions
// and the shader builds no draw took.
func (d *Device) releaseFixed() {
	for k, p := range d.clears {
		p.Release()
		d.dss[k].Release()
	}
	clear(d.clears)
	clear(d.dss)
	for _, f := range d.fixed {
		f.Release()
	}
	d.fixed = nil
	if c := d.compiler; c != nil {
		c.drops.Wait()
		for k, b := range c.builds {
			delete(c.builds, k)
			if fn, _, _ := b.wait(); fn != nil {
				fn.Release()
			}
		}
	}
}
