package device

import (
	"slices"

	"mtld3d/core/ff"
	"mtld3d/core/state"
	"mtld3d/shared"
	"mtld3d/types"
)

// The device state the encoder draws with, as the state records set it.
// Fixed-function state lives in ff's own form so keys and constants come
// straight from core/ff.

type stream struct {
	buffer         uint32
	offset, stride uint32
	freq           uint32 // SetStreamSourceFreq's setting
}

type light struct {
	enabled bool
	data    types.Light9
}

type drawState struct {
	ff      ff.State
	params  *ff.Params
	fvf     uint32
	streams [16]stream
	indices uint32
	tex     [20]uint32     // texture ids by sampler (16-19 vertex)
	samp    [20][14]uint32 // D3DSAMP_* by sampler
	lights  map[uint32]*light
	// lightsChanged: SetLight or LightEnable since activeLights last ran.
	lightsChanged bool
	lightIdx      []uint32 // activeLights' scratch
	decl          uint32   // vertex declaration id, 0 with an FVF
	vs, ps        uint32   // shader ids, 0 for fixed function
	vsConst       consts
	psConst       consts
	npatch        float32 // N-patch segments (no patches are drawn: caps report none)
	swvp          bool    // software vertex processing on a mixed device (the CPU and GPU paths are one here)
	palette       uint32  // current texture palette (P8 textures, textures.go)
	a2m           bool    // AMD's alpha to coverage, latched by D3DRS_POINTSIZE = A2M1 until A2M0
}

// reset returns every state to D3D9's defaults (core/state, the same
// tables the guest's defaults are generated from).
func (s *drawState) reset() {
	s.ff = ff.DefaultState()
	for _, r := range state.RenderStates {
		s.ff.RS[r.State] = r.Default
	}
	for _, t := range state.TextureStageStates {
		if int(t.State) >= ff.NumTSS {
			continue
		}
		for st := 0; st < ff.MaxStages; st++ {
			s.ff.TSS[st][t.State] = t.StageDefault(st)
		}
	}
	s.params = ff.NewParams()
	s.fvf = 0
	s.streams = [16]stream{}
	s.indices = 0
	s.tex = [20]uint32{}
	s.lights = map[uint32]*light{}
	s.lightsChanged = true
	s.decl, s.vs, s.ps = 0, 0, 0
	s.vsConst, s.psConst = consts{}, consts{}
	s.a2m = false
	for i := range s.samp {
		s.samp[i] = defaultSampler()
	}
}

// defaultSampler is D3D9's default sampler state.
func defaultSampler() [14]uint32 {
	var v [14]uint32
	for _, st := range state.SamplerStates {
		if int(st.State) < len(v) {
			v[st.State] = st.Default
		}
	}
	return v
}

// activeLights fills ff's light list and parameters with the enabled
// lights, lowest index first, at most eight.
func (s *drawState) activeLights() {
	if !s.lightsChanged {
		return
	}
	s.lightsChanged = false
	idx := s.lightIdx[:0]
	for i, l := range s.lights {
		if l.enabled {
			idx = append(idx, i)
		}
	}
	slices.Sort(idx)
	s.ff.Lights = [ff.MaxLights]types.LightType{}
	for n, i := range idx {
		if n == ff.MaxLights {
			break
		}
		s.ff.Lights[n] = types.LightType(s.lights[i].data.Type)
		s.params.Lights[n] = s.lights[i].data
	}
	s.lightIdx = idx
}

// viewport is the recorded viewport as D3D9 gives it.
func (d *Device) viewport() types.Viewport9 {
	return types.Viewport9{X: d.vp.X, Y: d.vp.Y, Width: d.vp.Width, Height: d.vp.Height, MinZ: d.vp.MinZ, MaxZ: d.vp.MaxZ}
}

func matrix(m [16]float32) types.Matrix {
	var r types.Matrix
	for i := 0; i < 16; i++ {
		r.M[i/4][i%4] = m[i]
	}
	return r
}

func init() {
	on("SetRenderState", func(d *Device, r *shared.RecSetRenderState, _ []byte) error {
		// AMD's alpha-to-coverage switch: the A2M1 and A2M0 codes written
		// to D3DRS_POINTSIZE turn it on and off and leave the point size.
		if r.State == uint32(types.D3DRS_POINTSIZE) {
			switch types.Format(r.Value) {
			case types.D3DFMT_A2M1:
				d.st.a2m = true
				return nil
			case types.D3DFMT_A2M0:
				d.st.a2m = false
				return nil
			}
		}
		if r.State < uint32(len(d.st.ff.RS)) {
			d.st.ff.RS[r.State] = r.Value
		}
		return nil
	})
	on("SetTextureStageState", func(d *Device, r *shared.RecSetTextureStageState, _ []byte) error {
		if r.Stage < ff.MaxStages && r.State < uint32(ff.NumTSS) {
			d.st.ff.TSS[r.Stage][r.State] = r.Value
		}
		return nil
	})
	on("SetSamplerState", func(d *Device, r *shared.RecSetSamplerState, _ []byte) error {
		if r.Sampler < 20 && r.State < 14 {
			d.st.samp[r.Sampler][r.State] = r.Value
		}
		return nil
	})
	on("SetTransform", func(d *Device, r *shared.RecSetTransform, _ []byte) error {
		m := matrix(r.Matrix)
		p := d.st.params
		switch {
		case r.State == uint32(types.D3DTS_VIEW):
			p.View = m
		case r.State == uint32(types.D3DTS_PROJECTION):
			p.Proj = m
			d.st.ff.ProjOrtho = ff.IsOrtho(&m)
		case r.State >= uint32(types.D3DTS_TEXTURE0) && r.State <= uint32(types.D3DTS_TEXTURE7):
			p.Texture[r.State-uint32(types.D3DTS_TEXTURE0)] = m
		case r.State >= 256 && r.State < 256+uint32(len(p.World)):
			p.World[r.State-256] = m
			d.draws.consts.worldDirty = true // SetTransform is constClean
			return nil
		}
		d.draws.consts.dirty = true
		return nil
	})
	on("SetMaterial", func(d *Device, r *shared.RecSetMaterial, _ []byte) error {
		m := &d.st.params.Material
		m.Diffuse = types.ColorValue{R: r.Diffuse[0], G: r.Diffuse[1], B: r.Diffuse[2], A: r.Diffuse[3]}
		m.Ambient = types.ColorValue{R: r.Ambient[0], G: r.Ambient[1], B: r.Ambient[2], A: r.Ambient[3]}
		m.Specular = types.ColorValue{R: r.Specular[0], G: r.Specular[1], B: r.Specular[2], A: r.Specular[3]}
		m.Emissive = types.ColorValue{R: r.Emissive[0], G: r.Emissive[1], B: r.Emissive[2], A: r.Emissive[3]}
		m.Power = r.Power
		return nil
	})
	on("SetLight", func(d *Device, r *shared.RecSetLight, _ []byte) error {
		l := d.st.lights[r.Index]
		if l == nil {
			l = &light{}
			d.st.lights[r.Index] = l
		}
		c := func(v [4]float32) types.ColorValue { return types.ColorValue{R: v[0], G: v[1], B: v[2], A: v[3]} }
		l.data = types.Light9{Type: types.LightType(r.Type), Diffuse: c(r.Diffuse), Specular: c(r.Specular), Ambient: c(r.Ambient),
			Position:  types.Vector{X: r.Position[0], Y: r.Position[1], Z: r.Position[2]},
			Direction: types.Vector{X: r.Direction[0], Y: r.Direction[1], Z: r.Direction[2]},
			Range:     r.Range, Falloff: r.Falloff, Attenuation0: r.Attenuation0, Attenuation1: r.Attenuation1,
			Attenuation2: r.Attenuation2, Theta: r.Theta, Phi: r.Phi}
		d.st.lightsChanged = true
		return nil
	})
	on("LightEnable", func(d *Device, r *shared.RecLightEnable, _ []byte) error {
		l := d.st.lights[r.Index]
		if l == nil {
			l = &light{data: types.Light9{Type: types.D3DLIGHT_DIRECTIONAL, Diffuse: types.ColorValue{R: 1, G: 1, B: 1},
				Direction: types.Vector{Z: 1}}}
			d.st.lights[r.Index] = l
		}
		l.enabled = r.Enable != 0
		d.st.lightsChanged = true
		return nil
	})
	on("SetClipPlane", func(d *Device, r *shared.RecSetClipPlane, _ []byte) error {
		if r.Index < uint32(len(d.st.params.ClipPlanes)) {
			d.st.params.ClipPlanes[r.Index] = r.Plane
		}
		return nil
	})
	on("SetStreamSource", func(d *Device, r *shared.RecSetStreamSource, _ []byte) error {
		if r.Stream < 16 {
			st := &d.st.streams[r.Stream]
			st.buffer, st.offset, st.stride = r.Buffer, r.Offset, r.Stride
		}
		return nil
	})
	on("SetStreamSourceFreq", func(d *Device, r *shared.RecSetStreamSourceFreq, _ []byte) error {
		if r.Stream < 16 {
			d.st.streams[r.Stream].freq = r.Setting
		}
		return nil
	})
	on("SetIndices", func(d *Device, r *shared.RecSetObject, _ []byte) error {
		d.st.indices = r.Object
		return nil
	})
	on("SetFVF", func(d *Device, r *shared.RecSetFVF, _ []byte) error {
		d.st.fvf, d.st.decl = r.FVF, 0 // the guest's SetFVF drops the declaration
		d.st.ff.Decl = ff.DeclFromFVF(r.FVF)
		return nil
	})
	on("SetTexture", func(d *Device, r *shared.RecSetTexture, _ []byte) error {
		if r.Sampler < 20 {
			d.st.tex[r.Sampler] = r.Texture
		}
		return nil
	})
	on("SetNPatchMode", func(d *Device, r *shared.RecSetNPatchMode, _ []byte) error {
		d.st.npatch = r.Segments
		return nil
	})
	on("SetSoftwareVertexProcessing", func(d *Device, r *shared.RecSetFlag, _ []byte) error {
		d.st.swvp = r.Value != 0
		return nil
	})
	on("SetCurrentTexturePalette", func(d *Device, r *shared.RecSetFlag, _ []byte) error {
		d.st.palette = r.Value
		return d.repalette()
	})
	on("ResetState", func(d *Device, _ *shared.RecNop, _ []byte) error {
		d.st.reset()
		return nil
	})
}
