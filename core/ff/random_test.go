package ff

import (
	"math/rand"
	"testing"

	"mtld3d/core/ir"
	"mtld3d/core/msl"
	"mtld3d/types"
)

// randomState draws a device state from the values ff reads.
func randomState(r *rand.Rand) State {
	s := DefaultState()
	pick := func(v ...uint32) uint32 { return v[r.Intn(len(v))] }
	fvf := pick(types.D3DFVF_XYZ, types.D3DFVF_XYZRHW, types.D3DFVF_XYZW, types.D3DFVF_XYZB1, types.D3DFVF_XYZB3,
		types.D3DFVF_XYZB2|types.D3DFVF_LASTBETA_UBYTE4, types.D3DFVF_XYZB4|types.D3DFVF_LASTBETA_D3DCOLOR)
	for _, f := range []uint32{types.D3DFVF_NORMAL, types.D3DFVF_PSIZE, types.D3DFVF_DIFFUSE, types.D3DFVF_SPECULAR} {
		if r.Intn(2) == 0 {
			fvf |= f
		}
	}
	fvf |= uint32(r.Intn(9)) << types.D3DFVF_TEXCOUNT_SHIFT
	fvf |= uint32(r.Intn(1<<16)) << 16
	s.Decl = DeclFromFVF(fvf)
	s.Decl.Position1 = r.Intn(4) == 0
	s.Decl.Normal1 = r.Intn(2) == 0
	for _, rs := range []types.RenderStateType{types.D3DRS_LIGHTING, types.D3DRS_SPECULARENABLE, types.D3DRS_LOCALVIEWER,
		types.D3DRS_NORMALIZENORMALS, types.D3DRS_COLORVERTEX, types.D3DRS_FOGENABLE, types.D3DRS_RANGEFOGENABLE,
		types.D3DRS_POINTSCALEENABLE, types.D3DRS_INDEXEDVERTEXBLENDENABLE, types.D3DRS_CLIPPING, types.D3DRS_ALPHATESTENABLE} {
		s.RS[rs] = uint32(r.Intn(2))
	}
	s.RS[types.D3DRS_VERTEXBLEND] = pick(0, 1, 2, 3, 255, 256)
	s.RS[types.D3DRS_FOGVERTEXMODE] = uint32(r.Intn(4))
	s.RS[types.D3DRS_FOGTABLEMODE] = uint32(r.Intn(4))
	s.RS[types.D3DRS_CLIPPLANEENABLE] = uint32(r.Intn(256))
	s.RS[types.D3DRS_SHADEMODE] = uint32(1 + r.Intn(2))
	s.RS[types.D3DRS_ALPHAFUNC] = uint32(1 + r.Intn(8))
	for _, rs := range []types.RenderStateType{types.D3DRS_DIFFUSEMATERIALSOURCE, types.D3DRS_SPECULARMATERIALSOURCE,
		types.D3DRS_AMBIENTMATERIALSOURCE, types.D3DRS_EMISSIVEMATERIALSOURCE} {
		s.RS[rs] = uint32(r.Intn(3))
	}
	s.ProjOrtho = r.Intn(2) == 0
	nl := r.Intn(9)
	for i := 0; i < nl; i++ {
		s.Lights[i] = types.LightType(1 + r.Intn(3))
	}
	args := []uint32{types.D3DTA_DIFFUSE, types.D3DTA_CURRENT, types.D3DTA_TEXTURE, types.D3DTA_TFACTOR, types.D3DTA_SPECULAR, types.D3DTA_TEMP, types.D3DTA_CONSTANT}
	arg := func() uint32 { return args[r.Intn(len(args))] | uint32(r.Intn(4))<<4 }
	for i := 0; i < MaxStages; i++ {
		t := &s.TSS[i]
		t[types.D3DTSS_COLOROP] = uint32(1 + r.Intn(26))
		t[types.D3DTSS_ALPHAOP] = uint32(1 + r.Intn(26))
		for _, a := range []types.TextureStageStateType{types.D3DTSS_COLORARG0, types.D3DTSS_COLORARG1, types.D3DTSS_COLORARG2,
			types.D3DTSS_ALPHAARG0, types.D3DTSS_ALPHAARG1, types.D3DTSS_ALPHAARG2} {
			t[a] = arg()
		}
		t[types.D3DTSS_RESULTARG] = pick(types.D3DTA_CURRENT, types.D3DTA_TEMP)
		t[types.D3DTSS_TEXCOORDINDEX] = uint32(r.Intn(8)) | uint32(r.Intn(5))<<16
		t[types.D3DTSS_TEXTURETRANSFORMFLAGS] = uint32(r.Intn(5)) | uint32(r.Intn(2))*uint32(types.D3DTTFF_PROJECTED)
		t[types.D3DTSS_CONSTANT] = r.Uint32()
		s.Textures[i] = ir.SamplerKind(r.Intn(4))
	}
	return s
}

func rnd4(r *rand.Rand) [4]float32 {
	return [4]float32{r.Float32()*4 - 2, r.Float32()*4 - 2, r.Float32()*4 - 2, r.Float32()*2 + 0.1}
}

// TestRandomStates builds shaders for random states, runs them with random
// inputs and checks the colour results stay in [0,1] (every vertex colour
// and stage result is saturated) and that 50 of them pass the MSL check.
func TestRandomStates(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	defer func() { recordKeys = true }()
	for n := 0; n < 300; n++ {
		s := randomState(r)
		p := NewParams()
		for i := range p.Lights {
			p.Lights[i] = types.Light9{Type: s.Lights[i], Diffuse: types.ColorValue{R: 1, G: 1, B: 1, A: 1}, Range: 100,
				Attenuation0: 1, Theta: 0.5, Phi: 1, Falloff: 1, Direction: types.Vector{Z: 1}}
		}
		in := vsIn{Pos: rnd4(r), Weights: rnd4(r), Indices: [4]float32{1, 2, 3, 0}, Normal: rnd4(r), PSize: rnd4(r),
			Diffuse: [4]float32{r.Float32(), r.Float32(), r.Float32(), r.Float32()}, Specular: [4]float32{r.Float32(), r.Float32(), r.Float32(), r.Float32()}}
		for i := range in.Tex {
			in.Tex[i] = rnd4(r)
		}
		recordKeys = n < 50 // the first 50 go to the MSL check
		o := runVS(t, &s, p, in)
		for _, c := range [][4]float32{o.Diffuse, o.Specular} {
			for _, v := range c {
				if !(v >= 0 && v <= 1) {
					t.Fatalf("state %d: vertex colour %v out of range", n, c)
				}
			}
		}
		pin := psIn{Diffuse: o.Diffuse, Specular: o.Specular, Fog: [4]float32{r.Float32()}, Tex: o.Tex}
		col := runPS(t, &s, pin, func(int, [4]float32) [4]float32 {
			return [4]float32{r.Float32(), r.Float32(), r.Float32(), r.Float32()}
		})
		for _, v := range col {
			if !(v >= 0 && v <= 1) {
				t.Fatalf("state %d: pixel colour %v out of range", n, col)
			}
		}
		if n < 50 {
			continue
		}
		// the rest only have to emit
		if _, err := msl.Emit(VertexShader(VertexKeyOf(&s)), Variant(&s)); err != nil {
			t.Fatal(err)
		}
		if _, err := msl.Emit(PixelShader(PixelKeyOf(&s)), Variant(&s)); err != nil {
			t.Fatal(err)
		}
	}
}
