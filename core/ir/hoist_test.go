package ir_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"mtld3d/core/ff"
	"mtld3d/core/ir"
	"mtld3d/core/ir/irtest"
	"mtld3d/types"
)

// A compiled vertex machine keeps its uniform instructions' results from
// run to run: runs under constants changed in place, changed back, and
// of one to four vertices give the interpreter's bits every time.
func TestHoistedMatchesInterpreter(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	same := func(a, b [4]float32) bool {
		for k := range a {
			if !(a[k] != a[k] && b[k] != b[k]) && math.Float32bits(a[k]) != math.Float32bits(b[k]) {
				return false
			}
		}
		return true
	}
	for i := 0; i < 1500; i++ {
		var s *ir.Shader
		if i%3 == 0 {
			s = randomFFVertex(r)
		} else {
			s = irtest.RandomShaderWith(r, ir.StageVertex, irtest.Options{Straight: true, Statements: 8 + r.IntN(24)})
		}
		c, err := ir.Compile(s)
		if err != nil {
			t.Fatal(err)
		}
		fast := c.NewMachine()
		slow, err := ir.NewInterpreter(s)
		if err != nil {
			t.Fatal(err)
		}
		env := irtest.RandomEnv(r)
		other := irtest.RandomEnv(r)
		saved := append([][4]float32(nil), env.ConstF...)
		savedDS := append([][4]float32(nil), env.DrawState...)
		for run := 0; run < 8; run++ {
			switch run % 4 {
			case 1: // one constant changed in place
				env.ConstF[r.IntN(len(env.ConstF))] = other.ConstF[r.IntN(len(other.ConstF))]
				env.DrawState[r.IntN(len(env.DrawState))] = other.DrawState[r.IntN(len(other.DrawState))]
			case 2: // back
				copy(env.ConstF, saved)
				copy(env.DrawState, savedDS)
			}
			n := 1 + r.IntN(4)
			in := make([][4][4]float32, len(s.Inputs))
			for k := range in {
				for l := range in[k] {
					in[k][l] = [4]float32{irtest.RandomValue(r), irtest.RandomValue(r), irtest.RandomValue(r), irtest.RandomValue(r)}
				}
			}
			a, b := make([][4][4]float32, len(s.Outputs)), make([][4][4]float32, len(s.Outputs))
			if err := fast.RunVertices(env, n, in, a); err != nil {
				t.Fatal(err)
			}
			if err := slow.RunVertices(env, n, in, b); err != nil {
				t.Fatal(err)
			}
			for o := range a {
				for l := 0; l < n; l++ {
					if !same(a[o][l], b[o][l]) {
						t.Fatalf("shader %d run %d: output %d lane %d: compiled %v, interpreted %v\n%s", i, run, o, l, a[o][l], b[o][l], ir.Format(s))
					}
				}
			}
		}
	}
}

// The lit fixed-function vertex shader of the many scene computes its
// material and light colour terms and the point size from constants
// alone: Compile marks those uniform.
func TestSplitUniformFixedFunctionVertex(t *testing.T) {
	s := ff.DefaultState()
	s.RS[types.D3DRS_LIGHTING] = 1
	s.Lights[0] = types.D3DLIGHT_DIRECTIONAL
	s.Decl = ff.DeclFromFVF(types.D3DFVF_XYZ | types.D3DFVF_NORMAL | types.D3DFVF_TEX1)
	vs := ff.VertexShader(ff.VertexKeyOf(&s))
	uni, all := ir.UniformCount(vs)
	if uni != 8 {
		t.Errorf("%d of %d instructions uniform, want 8:\n%s", uni, all, ir.Format(vs))
	}
}

// randomFFVertex is a fixed-function vertex shader of a random lighting
// state.
func randomFFVertex(r *rand.Rand) *ir.Shader {
	s := ff.DefaultState()
	fvf := uint32(types.D3DFVF_XYZ)
	for _, f := range []uint32{types.D3DFVF_NORMAL, types.D3DFVF_DIFFUSE, types.D3DFVF_SPECULAR, types.D3DFVF_PSIZE} {
		if r.IntN(2) == 0 {
			fvf |= f
		}
	}
	fvf |= uint32(r.IntN(3)) << types.D3DFVF_TEXCOUNT_SHIFT
	s.Decl = ff.DeclFromFVF(fvf)
	for _, rs := range []types.RenderStateType{types.D3DRS_LIGHTING, types.D3DRS_SPECULARENABLE, types.D3DRS_LOCALVIEWER,
		types.D3DRS_NORMALIZENORMALS, types.D3DRS_COLORVERTEX, types.D3DRS_FOGENABLE, types.D3DRS_POINTSCALEENABLE} {
		s.RS[rs] = uint32(r.IntN(2))
	}
	s.RS[types.D3DRS_FOGVERTEXMODE] = uint32(r.IntN(4))
	s.RS[types.D3DRS_CLIPPLANEENABLE] = uint32(r.IntN(4))
	for i := 0; i < r.IntN(4); i++ {
		s.Lights[i] = types.LightType(1 + r.IntN(3))
	}
	return ff.VertexShader(ff.VertexKeyOf(&s))
}
