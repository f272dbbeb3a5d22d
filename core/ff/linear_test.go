package ff

import (
	"math"
	"math/rand"
	"testing"

	"mtld3d/core/ir"
	"mtld3d/types"
)

// TestLinearForms checks which fixed-function pixel shaders have a
// linear form (ir.Linear), and that the form's Eval gives the bits the
// compiled program gives, for every colour and alpha op of stage 0 over
// inputs that include zeros, negatives, values past 1, infinities and
// NaNs.
func TestLinearForms(t *testing.T) {
	ops := []types.TextureOp{types.D3DTOP_DISABLE, types.D3DTOP_SELECTARG1, types.D3DTOP_SELECTARG2,
		types.D3DTOP_MODULATE, types.D3DTOP_MODULATE2X, types.D3DTOP_ADD, types.D3DTOP_BLENDDIFFUSEALPHA}
	// The ops the form covers: one argument, or the product of the two.
	linearOp := map[types.TextureOp]bool{types.D3DTOP_SELECTARG1: true, types.D3DTOP_SELECTARG2: true, types.D3DTOP_MODULATE: true}
	rng := rand.New(rand.NewSource(1))
	special := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0.5, 2, float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN())}
	value := func() float32 {
		if rng.Intn(4) == 0 {
			return special[rng.Intn(len(special))]
		}
		return rng.Float32()*3 - 1
	}
	found := 0
	for _, co := range ops {
		for _, ao := range ops {
			s := stageState(co, ao)
			sh := ir.ApplyVariant(PixelShader(PixelKeyOf(&s)), Variant(&s))
			f, ok := ir.Linear(sh)
			want := linearOp[co] && (linearOp[ao] || ao == types.D3DTOP_DISABLE)
			if co == types.D3DTOP_DISABLE {
				want = ok // the stages off: the diffuse colour, whatever the alpha op
			}
			if ok != want {
				t.Errorf("colour %v alpha %v: linear %v, want %v\n%s", co, ao, ok, want, ir.Format(sh))
				continue
			}
			if !ok {
				continue
			}
			found++
			code, err := ir.Compile(sh)
			if err != nil {
				t.Fatal(err)
			}
			m := code.NewMachine()
			for n := 0; n < 200; n++ {
				var tex [4]float32
				ins := make([][4][4]float32, len(sh.Inputs))
				for i := range ins {
					for c := range 4 {
						ins[i][0][c] = value()
					}
					ins[i][1], ins[i][2], ins[i][3] = ins[i][0], ins[i][0], ins[i][0]
				}
				for c := range tex {
					tex[c] = value()
				}
				env := &ir.Env{ConstF: PixelConstants(&s), DrawState: drawState(&s),
					Textures: texFunc(func(int, [4]float32) [4]float32 { return tex })}
				outs := make([][4][4]float32, len(sh.Outputs))
				if _, err := m.RunQuad(env, ins, outs); err != nil {
					t.Fatal(err)
				}
				var in [ir.MaxLinearInputs][4]float32
				for k, i := range f.Inputs {
					in[k] = ins[i][0]
				}
				var got [4]float32
				f.Eval(&tex, &in, &got)
				exp := outs[f.Output][0]
				for c := range got {
					if math.Float32bits(got[c]) != math.Float32bits(exp[c]) {
						t.Fatalf("colour %v alpha %v: tex %v inputs %v: Eval %v, program %v\n%s", co, ao, tex, in, got, exp, ir.Format(sh))
					}
				}
			}
		}
	}
	if found < 9 {
		t.Errorf("%d shaders had a linear form, want at least 9", found)
	}
}

// TestLinearRejects lists fixed-function pixel shaders that are not
// linear: fog, a second textured stage, the texture factor (a constant
// buffer) and a projected sample.
func TestLinearRejects(t *testing.T) {
	modulate := func() State { return stageState(types.D3DTOP_MODULATE, types.D3DTOP_MODULATE) }
	cases := map[string]func(s *State){
		"fog": func(s *State) {
			s.RS[types.D3DRS_FOGENABLE] = 1
			s.RS[types.D3DRS_FOGTABLEMODE] = uint32(types.D3DFOG_LINEAR)
		},
		"two textures": func(s *State) {
			s.Textures[1] = ir.Sampler2D
			s.TSS[1][types.D3DTSS_COLOROP] = uint32(types.D3DTOP_MODULATE)
			s.TSS[1][types.D3DTSS_COLORARG1] = types.D3DTA_TEXTURE
			s.TSS[1][types.D3DTSS_COLORARG2] = types.D3DTA_CURRENT
		},
		"texture factor": func(s *State) { s.TSS[0][types.D3DTSS_COLORARG2] = types.D3DTA_TFACTOR },
		"projected": func(s *State) {
			s.TSS[0][types.D3DTSS_TEXTURETRANSFORMFLAGS] = uint32(types.D3DTTFF_COUNT2 | types.D3DTTFF_PROJECTED)
		},
	}
	for name, edit := range cases {
		s := modulate()
		edit(&s)
		sh := ir.ApplyVariant(PixelShader(PixelKeyOf(&s)), Variant(&s))
		if _, ok := ir.Linear(sh); ok {
			t.Errorf("%s: linear form found\n%s", name, ir.Format(sh))
		}
	}
	s := modulate()
	if _, ok := ir.Linear(ir.ApplyVariant(PixelShader(PixelKeyOf(&s)), Variant(&s))); !ok {
		t.Error("texture times diffuse: no linear form")
	}
}
