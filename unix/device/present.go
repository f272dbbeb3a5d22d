package device

import (
	"encoding/binary"
	"fmt"
	"math"
	"time"
	"unsafe"

	"mtld3d/core/format"
	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend"
)

// Present. Each swap chain has a front image the size of its window's
// client area at the last Present (the drawable): what the window shows,
// which GetFrontBufferData and the PNG dumps (dump.go) read. Present draws
// the back buffer's source rectangle into the destination rectangle of
// that image, scaled with linear filtering when the sizes differ (a back
// buffer smaller or larger than its window, fullscreen emulated on a
// window that covers the monitor); the rest of the image keeps what the
// last Present left. A FLIP swap chain with several back buffers then
// rotates its buffers' storage, as D3D9 flips do. The window shows the
// front image through the swap chain's backend layer (layer.go).

// maxDrawable bounds a client area the guest reports.
const maxDrawable = 16384

// swapChain is what the unix side knows of a swap chain.
type swapChain struct {
	effect  uint32
	buffers []uint32 // back buffer ids in GetBackBuffer order
	// The storage last flipped to the front of a FLIP or DISCARD chain,
	// which the next flip hands to the last back buffer.
	flipped backend.Texture
	// A multisampled back buffer is resolved here before it is drawn.
	resolved *surface
}

func (c *swapChain) release() {
	if c.flipped != nil {
		c.flipped.Release()
		c.flipped = nil
	}
	if c.resolved != nil {
		c.resolved.tex.Release()
		c.resolved = nil
	}
}

func init() {
	on("Present", (*Device).present)
	on("SwapChain", (*Device).swapChain)
}

// swapChain records a swap chain's back buffers (creation and Reset).
func (d *Device) swapChain(r *shared.RecSwapChain, rec []byte) error {
	hdr := int(unsafe.Sizeof(*r))
	if r.Count == 0 || int(r.Count) > (len(rec)-hdr)/4 {
		return fmt.Errorf("swap chain %d: %d back buffers in a %d-byte record", r.SwapChain, r.Count, len(rec))
	}
	if d.chains == nil {
		d.chains = map[uint32]*swapChain{}
	}
	d.dropSwapChain(r.SwapChain, false)
	c := &swapChain{effect: r.SwapEffect, buffers: make([]uint32, r.Count)}
	for i := range c.buffers {
		c.buffers[i] = binary.LittleEndian.Uint32(rec[hdr+4*i:])
	}
	d.chains[r.SwapChain] = c
	return nil
}

// dropSwapChain forgets a swap chain's buffers; with front, its front
// image too (the swap chain is gone, not reset).
func (d *Device) dropSwapChain(id uint32, front bool) {
	if c := d.chains[id]; c != nil {
		// Commands already encoded may use the textures.
		d.flush()
		c.release()
		delete(d.chains, id)
	}
	if s := d.front[id]; front && s != nil {
		s.tex.Release()
		delete(d.front, id)
	}
}

// present is the work of one Present record; whichever goroutine encodes
// the device's commands runs it.
func (d *Device) present(r *shared.RecPresent, _ []byte) error {
	d.frames++
	d.endPresentPass()
	d.wantDump(r)
	if d.hud.items != 0 {
		d.hudFrame(time.Now())
	}
	bb := d.objects[r.BackBuffer]
	if bb == nil || bb.tex == nil {
		return fmt.Errorf("present: no back buffer %d", r.BackBuffer)
	}
	w, h := int(r.ClientWidth), int(r.ClientHeight)
	if w <= 0 || h <= 0 {
		// A minimised window shows nothing; the back buffers still flip.
		d.flip(r.SwapChain)
		return nil
	}
	front, err := d.drawable(r.SwapChain, min(w, maxDrawable), min(h, maxDrawable))
	if err != nil {
		return err
	}
	sr := rect{int(r.SrcLeft), int(r.SrcTop), int(r.SrcRight), int(r.SrcBottom)}.and(rect{0, 0, bb.width, bb.height})
	dr := rect{int(r.DstLeft), int(r.DstTop), int(r.DstRight), int(r.DstBottom)}
	if !sr.empty() && !dr.empty() && !dr.and(rect{0, 0, front.width, front.height}).empty() {
		src := bb
		if bb.samples > 1 {
			if src, err = d.resolveBackBuffer(r.SwapChain, bb); err != nil {
				return err
			}
		}
		linear := r.Flags&types.D3DPRESENT_LINEAR_CONTENT != 0
		if err := d.presentDraw(src, front, sr, dr, linear, nil); err != nil {
			return err
		}
		if d.hud.items != 0 {
			d.drawHUD(front, dr)
		}
	}
	d.show(r.SwapChain, front)
	d.flip(r.SwapChain)
	return nil
}

// drawable returns the swap chain's front image at the client area's
// size. A new size starts black with the old image's overlap kept, as a
// window keeps its content until it is painted again.
func (d *Device) drawable(sc uint32, w, h int) (*surface, error) {
	old := d.front[sc]
	if old != nil && old.width == w && old.height == h {
		return old, nil
	}
	// A display has no alpha: the image is X8R8G8B8, read back opaque.
	mp := format.Map(types.D3DFMT_X8R8G8B8, d.target)
	tex, err := d.be.NewTexture(backend.TextureDesc{Type: backend.TextureType2D, Format: mp.Format,
		Width: w, Height: h, Usage: backend.UsageShaderRead | backend.UsageRenderTarget})
	if err != nil {
		return nil, fmt.Errorf("present: drawable %dx%d: %w", w, h, err)
	}
	front := &surface{id: sc, format: types.D3DFMT_X8R8G8B8, mapping: mp, tex: tex, width: w, height: h, samples: 1}
	cb := d.outsidePass()
	var pd backend.RenderPassDesc
	front.target(&pd.Color[0].AttachmentDesc)
	pd.Color[0].Load = backend.LoadClear
	pd.Color[0].ClearColor = [4]float64{0, 0, 0, 1}
	cb.RenderCommandEncoder(&pd).EndEncoding()
	if old != nil {
		if cw, ch := min(w, old.width), min(h, old.height); cw > 0 && ch > 0 {
			blit := cb.BlitCommandEncoder()
			blit.CopyTextureToTexture(old.tex, 0, 0, backend.Origin{}, backend.Size{Width: cw, Height: ch, Depth: 1},
				tex, 0, 0, backend.Origin{})
			blit.EndEncoding()
		}
		// The copy must run before the old image goes.
		d.flush()
		old.tex.Release()
	}
	d.front[sc] = front
	return front, nil
}

// resolveBackBuffer resolves a multisampled back buffer into a single
// sampled twin kept with the swap chain.
func (d *Device) resolveBackBuffer(sc uint32, bb *surface) (*surface, error) {
	c := d.chains[sc]
	if c == nil {
		c = &swapChain{}
		if d.chains == nil {
			d.chains = map[uint32]*swapChain{}
		}
		d.chains[sc] = c
	}
	if rs := c.resolved; rs == nil || rs.width != bb.width || rs.height != bb.height || rs.mapping != bb.mapping {
		if rs != nil {
			d.flush()
			rs.tex.Release()
		}
		tex, err := d.be.NewTexture(backend.TextureDesc{Type: backend.TextureType2D, Format: bb.mapping.Format,
			Width: bb.width, Height: bb.height, Usage: backend.UsageShaderRead | backend.UsageRenderTarget})
		if err != nil {
			return nil, err
		}
		c.resolved = &surface{id: bb.id, format: bb.format, mapping: bb.mapping, tex: tex, width: bb.width, height: bb.height, samples: 1}
	}
	resolve(d.outsidePass(), bb, c.resolved.tex, 0, 0)
	return c.resolved, nil
}

// flip rotates a FLIP or DISCARD chain of more than one back buffer (as
// Windows does DISCARD's too: Wine's test_flip): the first back buffer's
// storage goes to the front, each later one moves up a place and the last
// receives what the front held. Surface ids stay: GetBackBuffer returns
// the same objects, their contents rotate.
func (d *Device) flip(sc uint32) {
	c := d.chains[sc]
	if c == nil || c.effect == uint32(types.D3DSWAPEFFECT_COPY) || len(c.buffers) < 2 {
		return
	}
	bufs := make([]*surface, len(c.buffers))
	for i, id := range c.buffers {
		s := d.objects[id]
		if s == nil || s.tex == nil || (i > 0 && (s.width != bufs[0].width || s.height != bufs[0].height ||
			s.mapping != bufs[0].mapping || s.samples != bufs[0].samples)) {
			return
		}
		bufs[i] = s
	}
	// The open pass names the buffers' storage as it was.
	d.endRenderPass()
	if c.flipped == nil {
		b := bufs[0]
		desc := backend.TextureDesc{Type: backend.TextureType2D, Format: b.mapping.Format, Width: b.width, Height: b.height,
			SampleCount: b.samples, Usage: backend.UsageShaderRead | backend.UsageRenderTarget}
		if b.samples > 1 {
			desc.Type = backend.TextureType2DMultisample
		}
		tex, err := d.be.NewTexture(desc)
		if err != nil {
			d.log.Warn("present: no storage to flip to; back buffers keep theirs")
			return
		}
		c.flipped = tex
	}
	first := bufs[0].tex
	for i := 0; i+1 < len(bufs); i++ {
		bufs[i].tex = bufs[i+1].tex
	}
	bufs[len(bufs)-1].tex = c.flipped
	c.flipped = first
}

// presentMSL is the Metal twin of presentFS; the vertex function is the
// clear's full-target triangle (clearMSL) at depth 0.
const presentMSL = `#include <metal_stdlib>
using namespace metal;
struct present_in { float4 position [[position]]; };
fragment float4 mtld3d_present_fs(present_in in [[stage_in]], constant float4 *m [[buffer(0)]],
                                  texture2d<float> t [[texture(0)]], sampler s [[sampler(0)]]) {
    float2 uv = (m[1].xy + (in.position.xy - m[0].xy) * m[0].zw) * m[1].zw;
    float4 c = t.sample(s, uv, level(0.0));
    if (m[2].x != 0.0) {
        float3 lo = c.rgb * 12.92;
        float3 hi = 1.055 * pow(c.rgb, float3(1.0 / 2.4)) - 0.055;
        c.rgb = select(hi, lo, c.rgb <= 0.0031308);
    }
    return c;
}
`

// presentFS samples the source at the point the destination pixel maps
// to: m[0] = (dst left, dst top, scale x, scale y), m[1] = (src left, src
// top, 1/src width, 1/src height), m[2].x = 1 to encode linear content
// as sRGB (D3DPRESENT_LINEAR_CONTENT).
var presentFS = &backend.FragmentFunc{Sig: backend.FragmentSignature{Outputs: 1}, Run: func(r backend.QuadResources, q *backend.Quad, out *backend.FragmentOut) {
	m := blitParams(r)
	for l := 0; l < backend.QuadLanes; l++ {
		c := r.Sample(0, 0, blitUV(&m, q.Position[l]), 0)
		if m[8] != 0 {
			for i := 0; i < 3; i++ {
				c[i] = linearToSRGB(c[i])
			}
		}
		out.Color[0][l] = c
	}
}}

func linearToSRGB(x float32) float32 {
	if x <= 0.0031308 {
		return x * 12.92
	}
	return float32(1.055*math.Pow(float64(x), 1/2.4) - 0.055)
}

// presentDraw draws src's rectangle sr into dst's rectangle dr, which
// may reach outside dst: the scissor keeps the draw inside, so the
// picture is cut, not squeezed. Equal sizes copy texel for texel. ramp,
// when not nil, is a gamma ramp (gammaBytes) each colour goes through.
func (d *Device) presentDraw(src, dst *surface, sr, dr rect, linear bool, ramp []byte) error {
	clip := dr.and(rect{0, 0, dst.width, dst.height})
	if !linear && ramp == nil && sr.r-sr.l == dr.r-dr.l && sr.b-sr.t == dr.b-dr.t && src.mapping.Format == dst.mapping.Format {
		x, y := sr.l+clip.l-dr.l, sr.t+clip.t-dr.t
		d.copyRect(src, dst, rect{x, y, x + clip.r - clip.l, y + clip.b - clip.t}, clip)
		return nil
	}
	fd := backend.FunctionDesc{Stage: backend.StageFragment, Source: presentMSL, Entry: "mtld3d_present_fs", Program: presentFS}
	if ramp != nil {
		fd = backend.FunctionDesc{Stage: backend.StageFragment, Source: gammaMSL, Entry: "mtld3d_gamma_fs", Program: gammaFS}
	}
	sd := backend.DefaultSamplerDesc()
	sd.MinFilter, sd.MagFilter, sd.MipFilter = backend.FilterLinear, backend.FilterLinear, backend.MipFilterNearest
	encode := float32(0) // presentFS: 1 encodes linear content to sRGB
	if linear {
		encode = 1
	}
	q := texQuad{fs: fd, sampler: sd, tex: src.tex, format: dst.mapping.Format, w: dst.width, h: dst.height, scissor: clip,
		params: quadParams(sr, dr, src.width, src.height, encode), extra: ramp}
	dst.target(&q.target)
	return d.drawTexQuad(&q)
}
