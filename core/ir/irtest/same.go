package irtest

import (
	"fmt"
	"math"
	"math/rand/v2"

	"mtld3d/core/ir"
)

// specials are the values random inputs are drawn from besides ordinary
// numbers: the edges where operations disagree most easily.
var specials = []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0.5, 2, float32(math.Inf(1)), float32(math.Inf(-1)),
	float32(math.NaN()), 1e-30, -1e30, 3.75, -0.25, 255}

// RandomValue is an ordinary number or, one time in three, a special one.
func RandomValue(r *rand.Rand) float32 {
	if r.IntN(3) == 0 {
		return specials[r.IntN(len(specials))]
	}
	return float32(r.NormFloat64() * 4)
}

func randomVec(r *rand.Rand) [4]float32 {
	return [4]float32{RandomValue(r), RandomValue(r), RandomValue(r), RandomValue(r)}
}

// RandomEnv is constants and draw state of random values, and a texture
// that answers its coordinates.
func RandomEnv(r *rand.Rand) *ir.Env {
	env := &ir.Env{ConstF: make([][4]float32, 256), ConstI: make([][4]int32, 16), ConstB: make([]bool, 16),
		DrawState: make([][4]float32, ir.DSCount), Textures: CoordTex{}}
	for i := range env.ConstF {
		env.ConstF[i] = randomVec(r)
	}
	for i := range env.ConstI {
		env.ConstI[i] = [4]int32{int32(r.IntN(9) - 2), int32(r.IntN(9) - 2), int32(r.IntN(5)), int32(r.IntN(5) - 2)}
	}
	for i := range env.ConstB {
		env.ConstB[i] = r.IntN(2) == 0
	}
	for i := range env.DrawState {
		env.DrawState[i] = randomVec(r)
	}
	return env
}

// SameResults runs s on random inputs through its compiled code and
// through the interpreter and says where they differ, comparing bits
// (any NaN equals any other).
func SameResults(s *ir.Shader, env *ir.Env, r *rand.Rand) error {
	c, err := ir.Compile(s)
	if err != nil {
		return err
	}
	fast := c.NewMachine()
	slow, err := ir.NewInterpreter(s)
	if err != nil {
		return err
	}
	// Bits must match, but for NaNs: which NaN an operation on two NaNs
	// gives depends on the machine code's operand order, on the CPU as
	// on GPUs, and nothing a program sees depends on it.
	bits := func(a, b [4]float32) bool {
		for k := range a {
			if a[k] != a[k] && b[k] != b[k] {
				continue
			}
			if math.Float32bits(a[k]) != math.Float32bits(b[k]) {
				return false
			}
		}
		return true
	}
	for trial := 0; trial < 4; trial++ {
		if s.Stage == ir.StageVertex {
			in := make([][4]float32, len(s.Inputs))
			for i := range in {
				in[i] = randomVec(r)
			}
			a, b := make([][4]float32, len(s.Outputs)), make([][4]float32, len(s.Outputs))
			if err := fast.RunVertex(env, in, a); err != nil {
				return err
			}
			if err := slow.RunVertex(env, in, b); err != nil {
				return err
			}
			for o := range a {
				if !bits(a[o], b[o]) {
					return fmt.Errorf("output %d: compiled %v, interpreted %v (inputs %v)", o, a[o], b[o], in)
				}
			}
			// Four vertices at once, one per lane, give what each gives
			// alone.
			n := 1 + trial
			in4 := make([][4][4]float32, len(s.Inputs))
			for i := range in4 {
				for l := 0; l < n; l++ {
					in4[i][l] = randomVec(r)
				}
			}
			out4 := make([][4][4]float32, len(s.Outputs))
			if err := fast.RunVertices(env, n, in4, out4); err != nil {
				return err
			}
			for l := 0; l < n; l++ {
				for i := range in {
					in[i] = in4[i][l]
				}
				if err := slow.RunVertex(env, in, b); err != nil {
					return err
				}
				for o := range b {
					if !bits(out4[o][l], b[o]) {
						return fmt.Errorf("vertex %d of %d, output %d: compiled %v, interpreted %v", l, n, o, out4[o][l], b[o])
					}
				}
			}
			continue
		}
		in := make([][4][4]float32, len(s.Inputs))
		for i := range in {
			for l := range in[i] {
				in[i][l] = randomVec(r)
			}
		}
		a, b := make([][4][4]float32, len(s.Outputs)), make([][4][4]float32, len(s.Outputs))
		ka, err := fast.RunQuad(env, in, a)
		if err != nil {
			return err
		}
		kb, err := slow.RunQuad(env, in, b)
		if err != nil {
			return err
		}
		if ka != kb {
			return fmt.Errorf("discards: compiled %04b, interpreted %04b", ka, kb)
		}
		for o := range a {
			for l := range a[o] {
				if !bits(a[o][l], b[o][l]) {
					return fmt.Errorf("output %d lane %d: compiled %v, interpreted %v", o, l, a[o][l], b[o][l])
				}
			}
		}
		// In place: the same inputs written to the machine's registers.
		copy(fast.QuadInputs(), in)
		kc, err := fast.RunQuadInPlace(env)
		if err != nil {
			return err
		}
		if kc != kb {
			return fmt.Errorf("discards in place: %04b, interpreted %04b", kc, kb)
		}
		for o, c := range fast.QuadOutputs() {
			for l := range c {
				if !bits(c[l], b[o][l]) {
					return fmt.Errorf("output %d lane %d in place: %v, interpreted %v", o, l, c[l], b[o][l])
				}
			}
		}
	}
	return nil
}

// CoordTex answers every sample with its coordinate.
type CoordTex struct{}

func (CoordTex) Sample(req *ir.TexRequest, out *[4][4]float32) {
	for l := 0; l < req.Lanes; l++ {
		out[l] = req.Coord[l]
	}
}
