package ff

import (
	"math"
	"testing"

	"mtld3d/core/ir"
	"mtld3d/types"
)

type vsCase struct {
	k VertexKey
	v ir.VariantKey
}

type psCase struct {
	k PixelKey
	v ir.VariantKey
}

// Every key the tests ran, for the MSL check (zz_msl_test.go), while
// recordKeys is set.
var (
	recordKeys = true
	seenVS     = map[vsCase]bool{}
	seenPS     = map[psCase]bool{}
)

// vsIn is one vertex's inputs by usage.
type vsIn struct {
	Pos, Weights, Indices, Normal, PSize, Diffuse, Specular [4]float32
	Tex                                                     [8][4]float32
}

type vsOut struct {
	Pos, Diffuse, Specular, Fog [4]float32
	Tex                         [8][4]float32
	PSize                       float32
	Clip                        []float32
	HasFog                      bool
}

func drawState(s *State) [][4]float32 {
	d := make([][4]float32, ir.DSCount)
	FillDrawState(d, s)
	return d
}

func runVS(t *testing.T, s *State, p *Params, in vsIn) vsOut {
	t.Helper()
	k := VertexKeyOf(s)
	if recordKeys {
		seenVS[vsCase{k, Variant(s)}] = true
	}
	sh := VertexShader(k)
	m, err := ir.NewMachine(sh)
	if err != nil {
		t.Fatalf("vertex shader invalid: %v\n%s", err, ir.Format(sh))
	}
	ins := make([][4]float32, len(sh.Inputs))
	for i, d := range sh.Inputs {
		switch d.Usage {
		case ir.UsagePosition, ir.UsagePositionT:
			ins[i] = in.Pos
		case ir.UsageBlendWeight:
			ins[i] = in.Weights
		case ir.UsageBlendIndices:
			ins[i] = in.Indices
		case ir.UsageNormal:
			ins[i] = in.Normal
		case ir.UsagePSize:
			ins[i] = in.PSize
		case ir.UsageColor:
			ins[i] = in.Diffuse
			if d.UsageIndex == 1 {
				ins[i] = in.Specular
			}
		case ir.UsageTexCoord:
			ins[i] = in.Tex[d.UsageIndex]
		}
	}
	env := &ir.Env{ConstF: VertexConstants(&k, s, p), DrawState: drawState(s)}
	outs := make([][4]float32, len(sh.Outputs))
	if err := m.RunVertex(env, ins, outs); err != nil {
		t.Fatal(err)
	}
	var o vsOut
	for i, d := range sh.Outputs {
		switch d.Kind {
		case ir.OutPosition:
			o.Pos = outs[i]
		case ir.OutPointSize:
			o.PSize = outs[i][0]
		case ir.OutClipDist:
			o.Clip = append(o.Clip, outs[i][0])
		case ir.OutVarying:
			switch d.Usage {
			case ir.UsageColor:
				if d.UsageIndex == 0 {
					o.Diffuse = outs[i]
				} else {
					o.Specular = outs[i]
				}
			case ir.UsageTexCoord:
				o.Tex[d.UsageIndex] = outs[i]
			case ir.UsageFog:
				o.Fog = outs[i]
				o.HasFog = true
			}
		}
	}
	return o
}

type psIn struct {
	Diffuse, Specular, Fog [4]float32
	Tex                    [8][4]float32
}

type texFunc func(sampler int, coord [4]float32) [4]float32

func (f texFunc) Sample(req *ir.TexRequest, out *[4][4]float32) {
	for l := 0; l < req.Lanes; l++ {
		out[l] = f(req.Sampler, req.Coord[l])
	}
}

// constTex returns a texture function giving colour col[s] for sampler s.
func constTex(col map[int][4]float32) texFunc {
	return func(s int, _ [4]float32) [4]float32 { return col[s] }
}

func runPS(t *testing.T, s *State, in psIn, tex texFunc) [4]float32 {
	t.Helper()
	k := PixelKeyOf(s)
	if recordKeys {
		seenPS[psCase{k, Variant(s)}] = true
	}
	sh := PixelShader(k)
	m, err := ir.NewMachine(sh)
	if err != nil {
		t.Fatalf("pixel shader invalid: %v\n%s", err, ir.Format(sh))
	}
	ins := make([][4][4]float32, len(sh.Inputs))
	for i, d := range sh.Inputs {
		var v [4]float32
		switch d.Usage {
		case ir.UsageColor:
			v = in.Diffuse
			if d.UsageIndex == 1 {
				v = in.Specular
			}
		case ir.UsageTexCoord:
			v = in.Tex[d.UsageIndex]
		case ir.UsageFog:
			v = in.Fog
		}
		ins[i] = [4][4]float32{v, v, v, v}
	}
	env := &ir.Env{ConstF: PixelConstants(s), DrawState: drawState(s)}
	if tex != nil {
		env.Textures = tex
	}
	outs := make([][4][4]float32, len(sh.Outputs))
	if _, err := m.RunQuad(env, ins, outs); err != nil {
		t.Fatal(err)
	}
	return outs[0][0]
}

const eps = 1e-4

func near(a, b float32) bool {
	return math.Abs(float64(a-b)) <= eps*math.Max(1, math.Abs(float64(b)))
}

func check4(t *testing.T, what string, got, want [4]float32) {
	t.Helper()
	for i := range got {
		if !near(got[i], want[i]) {
			t.Errorf("%s = %v, want %v", what, got, want)
			return
		}
	}
}

func check3(t *testing.T, what string, got, want [4]float32) {
	t.Helper()
	for i := 0; i < 3; i++ {
		if !near(got[i], want[i]) {
			t.Errorf("%s = %v, want rgb %v", what, got, want)
			return
		}
	}
}

func check1(t *testing.T, what string, got, want float32) {
	t.Helper()
	if !near(got, want) {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

func setF(s *State, r types.RenderStateType, f float32) { s.RS[r] = math.Float32bits(f) }

func setTSS(s *State, stage int, t types.TextureStageStateType, v uint32) { s.TSS[stage][t] = v }

func translate(x, y, z float32) types.Matrix {
	m := Identity
	m.M[3] = [4]float32{x, y, z, 1}
	return m
}

func scale(x, y, z float32) types.Matrix {
	return types.Matrix{M: [4][4]float32{{x, 0, 0, 0}, {0, y, 0, 0}, {0, 0, z, 0}, {0, 0, 0, 1}}}
}

// perspective is D3DXMatrixPerspectiveFovLH-like with near n, far f.
func perspective(fovy, aspect, n, f float32) types.Matrix {
	ys := float32(1 / math.Tan(float64(fovy)/2))
	xs := ys / aspect
	return types.Matrix{M: [4][4]float32{{xs, 0, 0, 0}, {0, ys, 0, 0}, {0, 0, f / (f - n), 1}, {0, 0, -n * f / (f - n), 0}}}
}

// newVSMachine returns a function running sh on raw inputs and giving the
// position output.
func newVSMachine(sh *ir.Shader) (func(s *State, in [][4]float32) [4]float32, error) {
	m, err := ir.NewMachine(sh)
	if err != nil {
		return nil, err
	}
	return func(s *State, in [][4]float32) [4]float32 {
		k := VertexKeyOf(s)
		env := &ir.Env{ConstF: VertexConstants(&k, s, NewParams()), DrawState: drawState(s)}
		outs := make([][4]float32, len(sh.Outputs))
		m.RunVertex(env, in, outs)
		for i, o := range sh.Outputs {
			if o.Kind == ir.OutPosition {
				return outs[i]
			}
		}
		return [4]float32{}
	}, nil
}
