package device

import (
	"mtld3d/core/ff"
	"mtld3d/core/ir"
	"mtld3d/types"
	"mtld3d/unix/backend"
)

func (d *Device) sampler(s int) (backend.Sampler, error) {
	v := &d.st.samp[s]
	filter := func(f uint32) backend.SamplerFilter {
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
	switch types.TextureFilterType(v[types.D3DSAMP_MIPFILTER]) {
	case types.D3DTEXF_NONE:
		desc.MipFilter = backend.MipFilterNone
	case types.D3DTEXF_POINT:
		desc.MipFilter = backend.MipFilterNearest
	default:
		desc.MipFilter = backend.MipFilterLinear
	}
	desc.SAddress, desc.TAddress, desc.RAddress = address(v[types.D3DSAMP_ADDRESSU]), address(v[types.D3DSAMP_ADDRESSV]), address(v[types.D3DSAMP_ADDRESSW])
	if types.TextureFilterType(v[types.D3DSAMP_MINFILTER]) == types.D3DTEXF_ANISOTROPIC {
		desc.MaxAnisotropy = int(min(max(v[types.D3DSAMP_MAXANISOTROPY], 1), 16))
	}
	desc.LodMinClamp = float32(v[types.D3DSAMP_MAXMIPLEVEL])
	if t := d.textures[d.st.tex[s]]; t != nil && float32(t.lod) > desc.LodMinClamp {
		desc.LodMinClamp = float32(t.lod) // SetLOD and MAXMIPLEVEL: the larger wins
	}
	return d.samplerState(desc)
}

// textureKinds tells core/ff which stages have a texture bound.
func (d *Device) textureKinds() {
	st := &d.st.ff
	for s := 0; s < ff.MaxStages; s++ {
		st.Textures[s] = ir.SamplerNone
		if t := d.textures[d.st.tex[s]]; d.st.tex[s] != 0 && t != nil {
			st.Textures[s] = ir.Sampler2D
		}
	}
}

// bindTextures binds each stage's texture and sampler to the fragment
// stage.
func (d *Device) bindTextures(enc backend.RenderCommandEncoder) error {
	for s := 0; s < ff.MaxStages; s++ {
		t := d.textures[d.st.tex[s]]
		if d.st.tex[s] == 0 || t == nil {
			continue
		}
		smp, err := d.sampler(s)
		if err != nil {
			return err
		}
		enc.SetFragmentTexture(t.view, s)
		enc.SetFragmentSampler(smp, s)
		t.usedBy = d.cmd()
	}
	return nil
}
