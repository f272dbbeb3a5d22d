package ir

import "testing"

// BenchmarkRunQuad measures the compiled code on a small lit, textured,
// fogged pixel shader: the reference backend's inner loop.
func BenchmarkRunQuad(b *testing.B) { benchQuad(b, NewMachine) }

// BenchmarkRunQuadInterpreted is the same shader walked by the
// interpreter, for the ratio.
func BenchmarkRunQuadInterpreted(b *testing.B) { benchQuad(b, NewInterpreter) }

func benchQuad(b *testing.B, newMachine func(*Shader) (*Machine, error)) {
	s := ps(
		Tex(Temp(0).D(0), 0, TexImplicit, In(0).S()),
		&Inst{Op: OpDp3, Dst: Temp(1).D(MaskX), Src: []Src{In(0).S(), ConstF(0).S()}, LegacyMul: true, Clamp: ClampSat},
		&Inst{Op: OpMad, Dst: Temp(0).D(MaskXYZ), Src: []Src{Temp(0).S(), Temp(1).S().Swz('x'), ConstF(1).S()}, LegacyMul: true},
		Op(OpMov, Out(0).D(0), Temp(0).S()),
	)
	s.NumConstF = 2
	s.Samplers = []SamplerDecl{{Index: 0, Kind: Sampler2D}}
	s = ApplyVariant(s, VariantKey{FogMode: FogLinear, FogTable: true, AlphaFunc: CmpGreater})
	m, err := newMachine(s)
	if err != nil {
		b.Fatal(err)
	}
	env := &Env{ConstF: [][4]float32{{1, 1, 1, 0}, {0.1, 0.1, 0.1, 0}}, DrawState: make([][4]float32, DSCount), Textures: &recTex{}}
	in := make([][4][4]float32, len(s.Inputs))
	in[0] = ramp(f4(0.1, 0.2, 0.3, 1), f4(0.01, 0, 0, 0), f4(0, 0.01, 0, 0))
	out := make([][4][4]float32, len(s.Outputs))
	b.ReportAllocs()
	for b.Loop() {
		m.RunQuad(env, in, out)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/4, "ns/pixel")
}
