package device

import (
	"fmt"
	"unsafe"

	"mtld3d/core/ff"
	"mtld3d/core/format"
	"mtld3d/core/ir"
	"mtld3d/core/pixfmt"
	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend"
)

// Samplers 0-15 are the pixel stage's; 16-19 are D3DVERTEXTEXTURESAMPLER0-3,
// which core/msl places at the vertex stage's texture(0-3) and sampler(0-3).
const (
	pixelSamplers  = 16
	vertexSampler0 = 16
	vertexSamplers = 4
)

// samplerDesc turns sampler s's D3DSAMP_* states into a backend sampler
// descriptor for texture t (nil: nothing bound).
func samplerDesc(v *[14]uint32, t *texture) backend.SamplerDesc {
	filter := func(f uint32) backend.SamplerFilter {
		// LINEAR, ANISOTROPIC and the cubic/Gaussian filters (which the
		// caps do not offer) all filter linearly; POINT and NONE do not.
		if types.TextureFilterType(f) >= types.D3DTEXF_LINEAR {
			return backend.FilterLinear
		}
		return backend.FilterNearest
	}
	address := func(a uint32) backend.AddressMode {
		switch types.TextureAddress(a) {
		case types.D3DTADDRESS_MIRROR:
			return backend.AddressMirrorRepeat
		case types.D3DTADDRESS_CLAMP:
			return backend.AddressClampToEdge
		case types.D3DTADDRESS_BORDER:
			return backend.AddressClampToBorder
		case types.D3DTADDRESS_MIRRORONCE:
			return backend.AddressMirrorClampToEdge
		}
		return backend.AddressRepeat
	}
	desc := backend.DefaultSamplerDesc()
	desc.MinFilter, desc.MagFilter = filter(v[types.D3DSAMP_MINFILTER]), filter(v[types.D3DSAMP_MAGFILTER])
	desc.SAddress, desc.TAddress, desc.RAddress = address(v[types.D3DSAMP_ADDRESSU]), address(v[types.D3DSAMP_ADDRESSV]), address(v[types.D3DSAMP_ADDRESSW])
	desc.BorderColor = borderColor(v[types.D3DSAMP_BORDERCOLOR])
	if t != nil && t.shadow() {
		// D3D9's shadow maps pass where the reference is at most the
		// stored depth.
		desc.Compare, desc.CompareFunc = true, backend.CompareLessEqual
	}
	if types.TextureFilterType(v[types.D3DSAMP_MINFILTER]) == types.D3DTEXF_ANISOTROPIC ||
		types.TextureFilterType(v[types.D3DSAMP_MAGFILTER]) == types.D3DTEXF_ANISOTROPIC {
		desc.MaxAnisotropy = int(min(max(v[types.D3DSAMP_MAXANISOTROPY], 1), 16))
	}
	// MAXMIPLEVEL is the most detailed level sampled; SetLOD of a managed
	// texture is the same limit, and the larger of the two wins. Without
	// mipmapping MAXMIPLEVEL is ignored and only SetLOD's level is read
	// (Windows, in Wine's maxmip_test).
	none := types.TextureFilterType(v[types.D3DSAMP_MIPFILTER]) == types.D3DTEXF_NONE
	base := float32(v[types.D3DSAMP_MAXMIPLEVEL])
	if none {
		base = 0
	}
	if t != nil {
		base = min(max(base, float32(t.lod)), float32(t.levels-1))
	}
	desc.LodMinClamp = base
	switch types.TextureFilterType(v[types.D3DSAMP_MIPFILTER]) {
	case types.D3DTEXF_NONE:
		// No mipmapping: the base level only (Metal's NotMipmapped would
		// read level 0 whatever SetLOD says).
		desc.MipFilter, desc.LodMaxClamp = backend.MipFilterNearest, base
	case types.D3DTEXF_POINT:
		desc.MipFilter = backend.MipFilterNearest
	default:
		desc.MipFilter = backend.MipFilterLinear
	}
	return desc
}

// borderColor picks Metal's border colour nearest D3DSAMP_BORDERCOLOR
// (an A8R8G8B8 value): Metal offers only transparent black, opaque black
// and opaque white.
func borderColor(c uint32) backend.BorderColor {
	a := c >> 24
	r, g, b := c>>16&0xff, c>>8&0xff, c&0xff
	switch {
	case a < 0x80:
		return backend.BorderTransparentBlack
	case r+g+b >= 3*0x80:
		return backend.BorderOpaqueWhite
	}
	return backend.BorderOpaqueBlack
}

// borderAxes is, per pixel sampler, the D3DTADDRESS_BORDER axes (bit 0
// u, 1 v, 2 w) of a sampler whose border colour Metal cannot give: the
// shader variant reads that colour outside the texture instead.
func (d *Device) borderAxes() [16]uint8 {
	var axes [16]uint8
	for s := range pixelSamplers {
		v := &d.st.samp[s]
		if c := v[types.D3DSAMP_BORDERCOLOR]; c == 0 || c == 0xff000000 || c == 0xffffffff {
			continue
		}
		for i, a := range []types.SamplerStateType{types.D3DSAMP_ADDRESSU, types.D3DSAMP_ADDRESSV, types.D3DSAMP_ADDRESSW} {
			if types.TextureAddress(v[a]) == types.D3DTADDRESS_BORDER {
				axes[s] |= 1 << i
			}
		}
	}
	return axes
}

func (d *Device) sampler(s int) (backend.Sampler, error) {
	return d.samplerState(samplerDesc(&d.st.samp[s], d.boundTexture(s)))
}

// boundTexture is the texture bound to sampler s (0-19), or nil.
func (d *Device) boundTexture(s int) *texture {
	if d.st.tex[s] == 0 {
		return nil
	}
	return d.textures[d.st.tex[s]]
}

// textureKinds tells core/ff the kind of texture each stage has bound,
// and answers the sampler kinds a shader must be built with: a 2D
// texture of a shadow format is a shadow sampler (for fixed function and
// shaders alike), and the samplers of a shader without declarations
// (ps_1_x), which the lowering declares 2D, take the kind of a bound cube
// or volume texture.
func (d *Device) textureKinds() [16]ir.SamplerKind {
	st := &d.st.ff
	for s := 0; s < ff.MaxStages; s++ {
		st.Textures[s] = ir.SamplerNone
		if t := d.boundTexture(s); t != nil {
			st.Textures[s] = t.samplerKind()
		}
	}
	var kinds [16]ir.SamplerKind
	ps := d.shaders[d.st.ps]
	ps1x := d.st.ps != 0 && ps != nil && ps.ir != nil && ps.ir.Version < 0x200
	for s := range pixelSamplers {
		t := d.boundTexture(s)
		switch {
		case t == nil:
		case t.shadow():
			kinds[s] = t.samplerKind()
		case ps1x && s < ff.MaxStages && t.kind != types.D3DRTYPE_TEXTURE:
			kinds[s] = t.samplerKind()
		}
	}
	return kinds
}

// fetch4 is, per pixel sampler, AMD's FETCH4 (core/ir): on where
// D3DSAMP_MIPMAPLODBIAS holds FETCH4_ENABLE and the bound 2D texture's
// format is one FETCH4 gathers.
func (d *Device) fetch4() [16]ir.Fetch4 {
	var f [16]ir.Fetch4
	for s := range pixelSamplers {
		if d.st.samp[s][types.D3DSAMP_MIPMAPLODBIAS] != types.FETCH4_ENABLE {
			continue
		}
		t := d.boundTexture(s)
		if t == nil || t.kind != types.D3DRTYPE_TEXTURE || t.shadow() {
			continue
		}
		if comp, ok := format.Info(t.format).Fetch4(); ok {
			f[s] = ir.Fetch4Red
			if comp == 3 {
				f[s] = ir.Fetch4Alpha
			}
		}
	}
	return f
}

// bindTextures binds each pixel sampler's texture and sampler to the
// fragment stage and each vertex texture sampler's to the vertex stage.
// A sampler the shader declares reads a stand-in when nothing fits: opaque
// black with no texture bound, transparent black with a texture of
// another type (what D3D9 drivers return; Metal must have a texture of
// the declared type bound to every texture it reads).
func (d *Device) bindTextures(enc backend.RenderCommandEncoder) error {
	ps, vs := d.declaredSamplers()
	bind := func(s int, declared ir.SamplerKind, set func(backend.Texture, backend.Sampler)) error {
		t := d.boundTexture(s)
		if t == nil && declared == ir.SamplerNone {
			return nil
		}
		smp, err := d.sampler(s)
		if err != nil {
			return err
		}
		if declared != ir.SamplerNone && (t == nil || !fits(declared, t)) {
			dummy, err := d.dummy(dummyKey{declared, t == nil})
			if err != nil {
				return err
			}
			set(dummy, smp)
			return nil
		}
		set(t.sampled(d.st.samp[s][types.D3DSAMP_SRGBTEXTURE] != 0), smp)
		t.usedBy = d.cmd()
		return nil
	}
	for s := 0; s < pixelSamplers; s++ {
		if err := bind(s, ps[s], func(t backend.Texture, smp backend.Sampler) {
			enc.SetFragmentTexture(t, s)
			enc.SetFragmentSampler(smp, s)
		}); err != nil {
			return err
		}
	}
	for s := 0; s < vertexSamplers; s++ {
		if err := bind(vertexSampler0+s, vs[s], func(t backend.Texture, smp backend.Sampler) {
			enc.SetVertexTexture(t, s)
			enc.SetVertexSampler(smp, s)
		}); err != nil {
			return err
		}
	}
	return nil
}

// declaredSamplers is the kind of each sampler the bound shaders declare
// (after the variant's overrides); none for fixed function, whose
// samplers are exactly the stages with a texture.
func (d *Device) declaredSamplers() (ps [pixelSamplers]ir.SamplerKind, vs [vertexSamplers]ir.SamplerKind) {
	if sh := d.shaders[d.st.ps]; d.st.ps != 0 && sh != nil && sh.ir != nil {
		kinds := d.textureKinds()
		for _, s := range sh.ir.Samplers {
			if s.Index >= 0 && s.Index < pixelSamplers {
				ps[s.Index] = ir.OverrideKind(s.Kind, kinds[s.Index])
			}
		}
	}
	if vsh, _ := d.vertexShader(); vsh != nil {
		for _, s := range vsh.Samplers {
			if s.Index >= 0 && s.Index < vertexSamplers {
				vs[s.Index] = s.Kind
			}
		}
	}
	return
}

// fits reports whether a texture can be read through a sampler declared
// with kind k: 2D textures and shadow maps through 2D and shadow
// samplers alike (a vertex sampler reads a shadow map's depth).
func fits(k ir.SamplerKind, t *texture) bool {
	flat := func(k ir.SamplerKind) ir.SamplerKind {
		if k == ir.SamplerShadow2D {
			return ir.Sampler2D
		}
		return k
	}
	return flat(t.samplerKind()) == flat(k)
}

// dummyKey names a stand-in texture: its kind, and whether it reads
// opaque black (no texture bound) or transparent black (a texture of
// another type).
type dummyKey struct {
	kind   ir.SamplerKind
	opaque bool
}

// dummy returns the 1x1 stand-in for k, made on first use.
func (d *Device) dummy(k dummyKey) (backend.Texture, error) {
	if t := d.dummies[k]; t != nil {
		return t, nil
	}
	desc := backend.TextureDesc{Type: backend.TextureType2D, Format: pixfmt.RGBA8Unorm, Width: 1, Height: 1,
		Usage: backend.UsageShaderRead}
	texel := []byte{0, 0, 0, 0}
	if k.opaque {
		texel[3] = 0xff
	}
	slices := 1
	switch k.kind {
	case ir.SamplerCube:
		desc.Type, slices = backend.TextureTypeCube, 6
	case ir.Sampler3D:
		desc.Type = backend.TextureType3D
	case ir.SamplerShadow2D:
		// Depth 0: every comparison against it answers the same way.
		desc.Format = pixfmt.Depth32Float
	}
	t, err := d.be.NewTexture(desc)
	if err != nil {
		return nil, err
	}
	for s := range slices {
		t.Replace(backend.Region{Width: 1, Height: 1, Depth: 1}, 0, s, texel, 4, 4)
	}
	if d.dummies == nil {
		d.dummies = map[dummyKey]backend.Texture{}
	}
	d.dummies[k] = t
	return t, nil
}

// Palettes: P8 textures are stored converted to RGBA with the current
// palette; each keeps its indices (texture.raw) so a change of the
// current palette, or of its entries, converts them again, in API order.

func init() {
	on("SetPaletteEntries", func(d *Device, r *shared.RecSetPaletteEntries, rec []byte) error {
		const n = 256 * int(unsafe.Sizeof(types.PaletteEntry{}))
		extra := rec[unsafe.Sizeof(*r):]
		if len(extra) < n {
			return fmt.Errorf("palette %d: %d bytes of entries", r.Palette, len(extra))
		}
		if d.palettes == nil {
			d.palettes = map[uint32]*[256]types.PaletteEntry{}
		}
		p := new([256]types.PaletteEntry)
		copy(unsafe.Slice((*byte)(unsafe.Pointer(p)), n), extra)
		d.palettes[r.Palette] = p
		if r.Palette == d.st.palette {
			return d.repalette()
		}
		return nil
	})
}

// palette is the current texture palette's entries, nil if it was never
// set (indices then read (0,0,0,0), as a zeroed palette holds).
func (d *Device) palette() []types.PaletteEntry {
	if p := d.palettes[d.st.palette]; p != nil {
		return p[:]
	}
	return nil
}

// repalette converts every palettised texture again with the current
// palette.
func (d *Device) repalette() error {
	pal := d.palette()
	for id, t := range d.textures {
		for i, raw := range t.raw {
			level, face := i%t.levels, i/t.levels
			w, h, dp := max(t.width>>level, 1), max(t.height>>level, 1), max(t.depth>>level, 1)
			sp, dr := format.Pitch(t.format, w), t.mapping.Format.BytesPerRow(w)
			data := make([]byte, dr*h*dp)
			for y := 0; y < h*dp; y++ {
				if err := format.ConvertRow(t.mapping.Upload, data[y*dr:(y+1)*dr], raw[y*sp:(y+1)*sp], w, pal); err != nil {
					return fmt.Errorf("texture %d: %w", id, err)
				}
			}
			if err := d.writeTexture(t, t.tex, backend.Region{Width: w, Height: h, Depth: dp}, level, face, data, dr, dr*h); err != nil {
				return err
			}
		}
	}
	return nil
}
