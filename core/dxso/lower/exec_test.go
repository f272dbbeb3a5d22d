package lower

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"mtld3d/core/dxso"
	"mtld3d/core/ir"
)

// Execution tests: shaders assembled from text, lowered, run in the IR
// interpreter on fixed inputs and compared with values worked out by hand
// from the D3D9 instruction reference (and docs/shader-semantics.md where
// the reference leaves a choice).

const pi = math.Pi

var (
	inf  = float32(math.Inf(1))
	ninf = float32(math.Inf(-1))
	nan  = float32(math.NaN())
)

type vec = [4]float32

func v4(x ...float32) vec {
	var r vec
	for i := range r {
		r[i] = x[min(i, len(x)-1)]
	}
	return r
}

// coordTex is a texture whose texel is its coordinate: x, y, z of the
// (projected) coordinate (z is the sampler number for 2D samplers) and the
// LOD bias in w (for gradients 10*ddx.x + ddy.x), so tests see exactly
// what a sample instruction asked for.
type coordTex struct{ last ir.TexRequest }

func (c *coordTex) Sample(req *ir.TexRequest, out *[4][4]float32) {
	c.last = *req
	for l := 0; l < req.Lanes; l++ {
		out[l] = vec{req.Coord[l][0], req.Coord[l][1], req.Coord[l][2], req.LodBias[l]}
		if req.Mode == ir.TexGrad {
			out[l][3] = 10*req.Ddx[l][0] + req.Ddy[l][0]
		}
		if req.Kind == ir.Sampler2D {
			out[l][2] = float32(req.Sampler)
		}
	}
}

type execCase struct {
	name   string
	src    string
	c      map[int]vec // float constants
	i      map[int][4]int32
	b      map[int]bool
	ds     map[int]vec       // draw state
	in     map[string]vec    // "v3" (vertex location) or "texcoord0", "color1", "position" (pixel)
	quad   map[string][4]vec // pixel: per-lane inputs (lanes (x,y), (x+1,y), (x,y+1), (x+1,y+1))
	want   map[string]vec    // output: "pos", "psize", "texcoord0", "color0", "fog0", "oC0", "oDepth"
	killed uint8             // pixel: expected kill mask (all lanes run the same inputs)
}

func outKey(o ir.Output) string {
	switch o.Kind {
	case ir.OutPosition:
		return "pos"
	case ir.OutPointSize:
		return "psize"
	case ir.OutColor:
		return fmt.Sprintf("oC%d", o.Index)
	case ir.OutDepth:
		return "oDepth"
	}
	return fmt.Sprintf("%v%d", o.Usage, o.UsageIndex)
}

func near(got, want float32) bool {
	if math.IsNaN(float64(want)) {
		return math.IsNaN(float64(got))
	}
	if math.IsInf(float64(want), 0) || want == 0 {
		return got == want && math.Signbit(float64(got)) == math.Signbit(float64(want))
	}
	return math.Abs(float64(got-want)) <= 1e-5*math.Max(1, math.Abs(float64(want)))
}

func runCase(t *testing.T, c execCase) {
	t.Helper()
	res := lowerText(t, c.src)
	s := res.Shader
	env := &ir.Env{ConstF: make([][4]float32, 256), ConstI: make([][4]int32, 16), ConstB: make([]bool, 16),
		DrawState: make([][4]float32, ir.DSCount), Textures: &coordTex{}}
	for k, v := range c.c {
		env.ConstF[k] = v
	}
	for k, v := range c.i {
		env.ConstI[k] = v
	}
	for k, v := range c.b {
		env.ConstB[k] = v
	}
	for k, v := range c.ds {
		env.DrawState[k] = v
	}
	m, err := ir.NewMachine(s)
	if err != nil {
		t.Fatalf("%v\n%s", err, ir.Format(s))
	}
	got := map[string]vec{}
	var killed uint8
	if s.Stage == ir.StageVertex {
		in := make([][4]float32, len(s.Inputs))
		for i, d := range s.Inputs {
			in[i] = c.in[fmt.Sprintf("v%d", d.Location)]
		}
		out := make([][4]float32, len(s.Outputs))
		if err := m.RunVertex(env, in, out); err != nil {
			t.Fatal(err)
		}
		for i, o := range s.Outputs {
			got[outKey(o)] = out[i]
		}
	} else {
		in := make([][4][4]float32, len(s.Inputs))
		for i, d := range s.Inputs {
			key := fmt.Sprintf("%v%d", d.Usage, d.UsageIndex)
			switch d.Sys {
			case ir.SysPosition:
				key = "position"
			case ir.SysFrontFace:
				key = "face"
			}
			for l := range in[i] {
				in[i][l] = c.in[key]
				if q, ok := c.quad[key]; ok {
					in[i][l] = q[l]
				}
			}
		}
		out := make([][4][4]float32, len(s.Outputs))
		killed, err = m.RunQuad(env, in, out)
		if err != nil {
			t.Fatal(err)
		}
		for i, o := range s.Outputs {
			got[outKey(o)] = out[i][0]
		}
	}
	for k, w := range c.want {
		g, ok := got[k]
		if !ok {
			t.Errorf("%s: no output %s (have %v)\n%s", c.name, k, got, ir.Format(s))
			continue
		}
		for i := range w {
			if !near(g[i], w[i]) {
				t.Errorf("%s: %s = %v, want %v\n%s", c.name, k, g, w, ir.Format(s))
				break
			}
		}
	}
	if s.Stage == ir.StagePixel && killed != c.killed {
		t.Errorf("%s: killed lanes %04b, want %04b", c.name, killed, c.killed)
	}
}

// vs wraps vs_2_0 instructions that leave their result in r0 and writes it
// to oT0.
func vs(body string) string {
	return "vs_2_0\ndcl_position v0\nmov r0, c0\n" + body + "\nmov oT0, r0\nmov oPos, v0\n"
}

var arithCases = []execCase{
	{name: "rcp finite and default .w", src: vs("rcp r0, c1"), c: map[int]vec{1: v4(1, 2, 3, 4)}, want: map[string]vec{"texcoord0": v4(0.25)}},
	{name: "rcp(+0) and rcp(-0)", src: vs("rcp r0.x, c1.x\nrcp r0.y, c1.y\nrcp r0.z, c1.z"), c: map[int]vec{0: v4(7), 1: v4(0, float32(math.Copysign(0, -1)), 0.5, 0)},
		want: map[string]vec{"texcoord0": {inf, ninf, 2, 7}}},
	{name: "rsq of negative and zero", src: vs("rsq r0.x, c1.x\nrsq r0.y, c1.y\nrsq r0.z, c1.z"), c: map[int]vec{0: v4(7), 1: v4(-4, 0, 16, 0)},
		want: map[string]vec{"texcoord0": {0.5, inf, 0.25, 7}}},
	{name: "log of zero and negative", src: vs("log r0.x, c1.x\nlog r0.y, c1.y\nlog r0.z, c1.z"), c: map[int]vec{0: v4(7), 1: v4(0, -8, 0.25, 0)},
		want: map[string]vec{"texcoord0": {ninf, 3, -2, 7}}},
	{name: "exp", src: vs("exp r0.x, c1.x\nexp r0.y, c1.y\nexp r0.z, c1.z"), c: map[int]vec{0: v4(7), 1: v4(3, -1, 0, 0)},
		want: map[string]vec{"texcoord0": {8, 0.5, 1, 7}}},
	{name: "vs_1_1 expp is the four-component form", src: "vs_1_1\ndcl_position v0\nexpp r0, c1.x\nmov oT0, r0\nmov oPos, v0", c: map[int]vec{1: v4(2.5)},
		want: map[string]vec{"texcoord0": {4, 0.5, float32(math.Pow(2, 2.5)), 1}}},
	{name: "vs_2_0 expp is 2^x", src: vs("expp r0, c1.x"), c: map[int]vec{1: v4(2)}, want: map[string]vec{"texcoord0": v4(4)}},
	{name: "logp", src: vs("logp r0, c1.x"), c: map[int]vec{1: v4(-16)}, want: map[string]vec{"texcoord0": v4(4)}},
	{name: "lit with negative N.L", src: vs("lit r0, c1"), c: map[int]vec{1: v4(-0.5, 0.8, 0, 2)}, want: map[string]vec{"texcoord0": {1, 0, 0, 1}}},
	{name: "lit lit", src: vs("lit r0, c1"), c: map[int]vec{1: v4(0.5, 0.25, 0, 2)}, want: map[string]vec{"texcoord0": {1, 0.5, 0.0625, 1}}},
	{name: "lit with negative N.H", src: vs("lit r0, c1"), c: map[int]vec{1: v4(0.5, -0.25, 0, 2)}, want: map[string]vec{"texcoord0": {1, 0.5, 0, 1}}},
	{name: "pow with negative base", src: vs("pow r0.x, c1.x, c1.y\npow r0.y, c1.x, c1.z\npow r0.z, c1.w, c1.w"), c: map[int]vec{0: v4(7), 1: v4(-2, 2, 3, 0)},
		want: map[string]vec{"texcoord0": {4, 8, 1, 7}}},
	{name: "nrm", src: vs("nrm r0, c1"), c: map[int]vec{1: v4(3, 0, 4, 10)}, want: map[string]vec{"texcoord0": {0.6, 0, 0.8, 2}}},
	{name: "nrm of zero", src: vs("nrm r0, c1"), c: map[int]vec{1: v4(0, 0, 0, 0)}, want: map[string]vec{"texcoord0": {0, 0, 0, 0}}},
	{name: "sincos sm2 (Taylor constants ignored)", src: vs("sincos r0.xy, c1.x, c2, c3"), c: map[int]vec{0: v4(7), 1: v4(pi / 6), 2: v4(99), 3: v4(99)},
		want: map[string]vec{"texcoord0": {float32(math.Cos(pi / 6)), 0.5, 7, 7}}},
	{name: "sincos sm3 .y only", src: "vs_3_0\ndcl_position v0\ndcl_position o0\ndcl_texcoord0 o1\nmov r0, c0\nsincos r0.y, c1.w\nmov o1, r0\nmov o0, v0",
		c: map[int]vec{0: v4(7), 1: v4(0, 0, 0, -pi/2)}, want: map[string]vec{"texcoord0": {7, -1, 7, 7}}},
	{name: "frc of negatives", src: vs("frc r0, c1"), c: map[int]vec{1: v4(-1.25, 2.5, -3, 0.75)}, want: map[string]vec{"texcoord0": {0.75, 0.5, 0, 0.75}}},
	{name: "slt and sge", src: vs("slt r0.xy, c1, c2\nsge r0.zw, c1, c2"), c: map[int]vec{1: v4(1, 2, 3, 3), 2: v4(2, 2, 2, 3)}, want: map[string]vec{"texcoord0": {1, 0, 1, 1}}},
	{name: "dst", src: vs("dst r0, c1, c2"), c: map[int]vec{1: v4(9, 2, 3, 9), 2: v4(9, 5, 9, 7)}, want: map[string]vec{"texcoord0": {1, 10, 3, 7}}},
	{name: "min max mad", src: vs("min r1, c1, c2\nmax r2, c1, c2\nmad r0, r1, r2, c3"), c: map[int]vec{1: v4(1, -2, 3, 0), 2: v4(2, -3, 1, 0), 3: v4(1)},
		want: map[string]vec{"texcoord0": {3, 7, 4, 1}}},
	{name: "legacy multiply: 0 * inf = 0", src: vs("rcp r1, c1.x\nmul r0, r1, c2\ndp4 r0.w, r1, c2"), c: map[int]vec{1: v4(0), 2: v4(0, 0, 0, 0)}, want: map[string]vec{"texcoord0": {0, 0, 0, 0}}},
	{name: "m4x4", src: vs("m4x4 r0, c1, c4"), c: map[int]vec{1: v4(1, 2, 3, 4), 4: v4(1, 0, 0, 0), 5: v4(0, 1, 0, 0), 6: v4(1, 1, 1, 1), 7: v4(0, 0, 0, 2)},
		want: map[string]vec{"texcoord0": {1, 2, 10, 8}}},
	{name: "m3x2 keeps zw", src: vs("m3x2 r0.xy, c1, c4"), c: map[int]vec{0: v4(7), 1: v4(1, 2, 3, 4), 4: v4(1, 1, 1, 1), 5: v4(0, 0, 1, 5)},
		want: map[string]vec{"texcoord0": {6, 3, 7, 7}}},
	{name: "crs sgn abs", src: "vs_2_x\ndcl_position v0\nmov r0, c0\ncrs r0.xyz, c1, c2\nsgn r1, c3, r2, r3\nabs r2, c3\nadd r0.w, r1.x, r2.y\nmov oT0, r0\nmov oT1, r1\nmov oPos, v0",
		c: map[int]vec{1: v4(1, 0, 0, 0), 2: v4(0, 1, 0, 0), 3: v4(-2, 3, 0, 1)}, want: map[string]vec{"texcoord0": {0, 0, 1, 2}, "texcoord1": {-1, 1, 0, 1}}},
	{name: "the last def of a register wins", src: "vs_2_0\ndcl_position v0\ndef c1, 1, 2, 3, 4\ndef c1, 5, 6, 7, 8\nmov oT0, c1\nmov oPos, v0",
		want: map[string]vec{"texcoord0": {5, 6, 7, 8}}},
	{name: "def overrides the constant buffer", src: "vs_2_0\ndcl_position v0\ndef c1, 1, 2, 3, 4\nmov oT0, c1\nmov oPos, v0", c: map[int]vec{1: v4(9)},
		want: map[string]vec{"texcoord0": {1, 2, 3, 4}}},
	{name: "lrp and dp2add (ps_2_0)", src: "ps_2_0\nlrp r0, c1, c2, c3\ndp2add r0.w, c2, c3, c4.x\nmov oC0, r0",
		c: map[int]vec{1: v4(0.25), 2: v4(4, 1, 2, 3), 3: v4(0, 1, 2, 3), 4: v4(0.5)}, want: map[string]vec{"oC0": {1, 1, 2, 1.5}}},
	{name: "cmp with negative zero", src: "ps_2_0\ncmp r0, c1, c2, c3\nmov oC0, r0",
		c: map[int]vec{1: v4(-1, 0, 1, float32(math.Copysign(0, -1))), 2: v4(1), 3: v4(2)}, want: map[string]vec{"oC0": {2, 1, 1, 1}}},
	{name: "source modifiers (ps_2_0 neg abs)", src: "ps_2_0\nadd r0, -c1, c2_abs\nmov oC0, r0", c: map[int]vec{1: v4(1, -1, 2, 0), 2: v4(-3)}, want: map[string]vec{"oC0": {2, 4, 1, 3}}},
	{name: "saturate", src: "ps_2_0\nadd_sat r0, c1, c2\nmov oC0, r0", c: map[int]vec{1: v4(0.5, -2, 0.25, 9), 2: v4(0.75, 0, 0, 0)}, want: map[string]vec{"oC0": {1, 0, 0.25, 1}}},
}

func TestExecArithmetic(t *testing.T) {
	for _, c := range arithCases {
		runCase(t, c)
	}
}

var ps1xCases = []execCase{
	{name: "_x2", src: "ps_1_1\ndef c0, 0.5, 0.25, -0.5, 1\nmul_x2 r0, c0, c0", want: map[string]vec{"oC0": {0.5, 0.125, 0.5, 2}}},
	{name: "texm3x3tex", src: "ps_1_1\ntex t0\ntexm3x3pad t1, t0\ntexm3x3pad t2, t0\ntexm3x3tex t3, t0\nmov r0, t3",
		in: map[string]vec{"texcoord0": {0.5, 0.25, 0, 0}, "texcoord1": {1, 0, 0, 0}, "texcoord2": {0, 2, 0, 0}, "texcoord3": {1, 1, 1, 0}},
		// t0 = (0.5, 0.25, 0 (stage), 0); rows: 0.5, 0.5, 0.75; cube sample gives the coordinate
		want: map[string]vec{"oC0": {0.5, 0.5, 0.75, 0}}},
	{name: "texm3x3vspec", src: "ps_1_1\ntex t0\ntexm3x3pad t1, t0\ntexm3x3pad t2, t0\ntexm3x3vspec t3, t0\nmov r0, t3",
		in: map[string]vec{"texcoord0": {1, 0, 0, 0}, "texcoord1": {0, 0, 0, 0.5}, "texcoord2": {0, 0, 0, 0}, "texcoord3": {2, 0, 0, 0.25}},
		// t0 = (1, 0, 0, 0): N = (0, 0, 2); E = (0.5, 0, 0.25); N.E = 0.5, N.N = 4;
		// R = 2 * 0.5/4 * N - E = (0, 0, 0.5) - E
		want: map[string]vec{"oC0": {-0.5, 0, 0.25, 0}}},
	{name: "texreg2rgb", src: "ps_1_2\ntex t0\ntexreg2rgb t1, t0\nmov r0, t1",
		in: map[string]vec{"texcoord0": {0.5, 0.25, 9, 9}}, want: map[string]vec{"oC0": {0.5, 0.25, 1, 0}}},
	{name: "phase keeps registers", src: "ps_1_4\ndef c0, 0.5, 0.25, 1, 0.75\nmov r1, c0\nphase\ntexld r2, r1\nadd r0, r1, r2",
		want: map[string]vec{"oC0": {1, 0.5, 3, 0.75}}},
	{name: "shifts _x8 _d4 _d8 and -abs, _dw", src: "ps_1_4\ndef c0, 0.5, -0.25, 1, 0.5\nmul_x8 r1, c0, c0\nadd_d4 r2, c0, c0\nadd_d8 r3, -c0_abs, c0\ntexcrd r4.rgb, t0_dw\nadd r0.r, r1, r2\nmov r0.g, r3.y\nmov r0.b, r4.x\nmov r0.a, r4.y",
		in: map[string]vec{"texcoord0": {1, 3, 5, 2}},
		// r1 = 8*c0^2, r2 = 2c0/4, r3.y = (-0.25 - 0.25)/8, r4 = (0.5, 1.5, 2.5)
		want: map[string]vec{"oC0": {2 + 0.25, -0.0625, 0.5, 1.5}}},
	{name: "cnd in ps_1_1 tests r0.a", src: "ps_1_1\nmov r0, c0\ncnd r0, r0.a, c1, c2",
		c: map[int]vec{0: v4(0, 0, 0, 0.75), 1: v4(0.25), 2: v4(-0.5)}, want: map[string]vec{"oC0": v4(0.25)}},
	{name: "cnd in ps_1_1 at 0.5 exactly", src: "ps_1_1\nmov r0, c0\ncnd r0, r0.a, c1, c2",
		c: map[int]vec{0: v4(0.5), 1: v4(0.25), 2: v4(-0.5)}, want: map[string]vec{"oC0": v4(-0.5)}},
	{name: "cnd in ps_1_4 is per component", src: "ps_1_4\ncnd r0, c0, c1, c2",
		c: map[int]vec{0: v4(0.6, 0.5, 1, 0), 1: v4(1), 2: v4(0)}, want: map[string]vec{"oC0": {1, 0, 1, 0}}},
	{name: "ps_1_x range clamp", src: "ps_1_1\ndef c0, 1, 1, 1, 1\nmul_x4 r1, c0, c0\nadd_x4 r0, r1, r1",
		want: map[string]vec{"oC0": v4(8)}},
	{name: "ps_1_x negative clamp and _d2", src: "ps_1_1\ndef c0, -1, -1, -1, 1\nmul_x4 r1, c0, -c0\nmul_x4 r1, r1, r1\nmul_d2 r0, r1, c0",
		want: map[string]vec{"oC0": {-4, -4, -4, 4}}},
	{name: "ps_1_x constants read clamped to [-1, 1]", src: "ps_1_1\nadd r0, c0, c1", c: map[int]vec{0: {2, -3, 0.5, 1}, 1: {0, 0, 0, 0.5}},
		want: map[string]vec{"oC0": {1, -1, 0.5, 1.5}}},
	{name: "ps_1_x saturate", src: "ps_1_1\ndef c0, 0.75, -0.5, 0.25, 1\nadd_sat r0, c0, c0", want: map[string]vec{"oC0": {1, 0, 0.5, 1}}},
	{name: "bias bx2 comp", src: "ps_1_1\ndef c0, 0.75, 0.25, 1, 0\nadd r0.rgb, c0_bias, c0_bx2\n+sub r0.a, 1-c0, c0_bias",
		want: map[string]vec{"oC0": {0.75, -0.75, 1.5, 1.5}}},
	{name: "negated bias and bx2, x2", src: "ps_1_4\ndef c0, 0.75, 0.25, 1, 0\nadd r0, -c0_bias, -c0_bx2\nadd r0.a, c0_x2, -c0_x2",
		want: map[string]vec{"oC0": {-0.75, 0.75, -1.5, 0}}},
	{name: "co-issue reads the old value", src: "ps_1_1\ndef c0, 0.5, 0.5, 0.5, 0.25\ndef c1, 1, 1, 1, 1\nmov r0, c0\nadd r0.rgb, r0, c1\n+mov r0.a, r0.b",
		want: map[string]vec{"oC0": {1.5, 1.5, 1.5, 0.5}}},
	{name: "colour inputs and tex", src: "ps_1_1\ntex t0\nmul r0, t0, v0",
		in: map[string]vec{"texcoord0": {0.5, 0.25, 0, 1}, "color0": v4(2)}, want: map[string]vec{"oC0": {1, 0.5, 0, 0}}},
	{name: "texcoord clamps and sets w", src: "ps_1_1\ntexcoord t0\nmov r0, t0", in: map[string]vec{"texcoord0": {1.5, 0.25, -1, 7}}, want: map[string]vec{"oC0": {1, 0.25, 0, 1}}},
	{name: "texkill ps_1_1 on the coordinate", src: "ps_1_1\ntexkill t0\nmov r0, v0", in: map[string]vec{"texcoord0": {1, 1, -0.5, 1}}, killed: 15},
	{name: "texkill ps_1_1 ignores w", src: "ps_1_1\ntexkill t0\nmov r0, v0", in: map[string]vec{"texcoord0": {1, 1, 0, -1}}, killed: 0},
	{name: "texbem", src: "ps_1_1\ntex t0\ntexbem t1, t0\nmov r0, t1",
		in: map[string]vec{"texcoord0": {0.5, 0.25, 0, 0}, "texcoord1": {1, 2, 0, 0}}, ds: map[int]vec{ir.DSBumpEnv0 + 1: {1, 2, 3, 4}},
		// u = 1 + 0.5*1 + 0.25*3, v = 2 + 0.5*2 + 0.25*4
		want: map[string]vec{"oC0": {2.25, 4, 1, 0}}},
	{name: "texbeml", src: "ps_1_1\ntex t0\ntexbeml t1, t0\nmov r0, t1",
		in: map[string]vec{"texcoord0": {0, 0, 0.5, 0}, "texcoord1": {1, 2, 0, 0}}, ds: map[int]vec{ir.DSBumpEnv0 + 1: {1, 2, 3, 4}, ir.DSBumpLum0 + 1: {2, 0.5, 0, 0}},
		// t0.b is 0 (stage 0), so L = offset 0.5
		want: map[string]vec{"oC0": {0.5, 1, 0.5, 0}}},
	{name: "texreg2ar and texreg2gb", src: "ps_1_1\ntex t0\ntexreg2ar t1, t0\ntexreg2gb t2, t0\nadd r0, t1, t2",
		in:   map[string]vec{"texcoord0": {0.25, 0.5, 0, 0}}, // t0 = (0.25, 0.5, 0 (stage), 0 (bias))
		want: map[string]vec{"oC0": {0 + 0.5, 0.25 + 0, 1 + 2, 0}}},
	{name: "texm3x2tex", src: "ps_1_1\ntex t0\ntexm3x2pad t1, t0\ntexm3x2tex t2, t0\nmov r0, t2",
		in:   map[string]vec{"texcoord0": {0.5, 0.25, 0, 0}, "texcoord1": {1, 2, 3, 0}, "texcoord2": {2, 0, 1, 0}},
		want: map[string]vec{"oC0": {1, 1, 2, 0}}},
	{name: "texm3x3 (ps_1_2)", src: "ps_1_2\ntex t0\ntexm3x3pad t1, t0\ntexm3x3pad t2, t0\ntexm3x3 t3, t0\nmov r0, t3",
		in:   map[string]vec{"texcoord0": {0.5, 0.25, 0, 0}, "texcoord1": {1, 0, 0, 0}, "texcoord2": {0, 1, 0, 0}, "texcoord3": {1, 1, 0, 0}},
		want: map[string]vec{"oC0": {0.5, 0.25, 0.75, 1}}},
	{name: "texm3x3spec", src: "ps_1_1\ntex t0\ntexm3x3pad t1, t0\ntexm3x3pad t2, t0\ntexm3x3spec t3, t0, c0\nmov r0, t3",
		c:  map[int]vec{0: {0, 0, 1, 0}},
		in: map[string]vec{"texcoord0": {0, 0, 0, 0}, "texcoord1": {0, 0, 0, 0}, "texcoord2": {0, 0, 0, 0}, "texcoord3": {0, 0, 0, 0}},
		// N = 0: R = -E
		want: map[string]vec{"oC0": {0, 0, -1, 0}}},
	{name: "texdp3 and texdp3tex", src: "ps_1_2\ntex t0\ntexdp3 t1, t0\ntexdp3tex t2, t0\nadd r0, t1, t2",
		in:   map[string]vec{"texcoord0": {1, 0.5, 0, 0}, "texcoord1": {1, 2, 3, 4}, "texcoord2": {2, 2, 2, 2}},
		want: map[string]vec{"oC0": {2 + 3, 2, 2 + 2, 2}}},
	{name: "texm3x2depth", src: "ps_1_3\ntex t0\ntexm3x2pad t1, t0\ntexm3x2depth t2, t0\nmov r0, t0",
		in:   map[string]vec{"texcoord0": {1, 1, 0, 0}, "texcoord1": {0.25, 0.25, 0, 0}, "texcoord2": {1, 1, 0, 0}},
		want: map[string]vec{"oDepth": {0.25, 0, 0, 0}}},
	{name: "texdepth", src: "ps_1_4\ntexcrd r5.rgb, t0\ntexdepth r5\nmov r0, r5", in: map[string]vec{"texcoord0": {0.5, 0, 0, 0}},
		want: map[string]vec{"oDepth": {1, 0, 0, 0}}},
	{name: "ps_1_4 texld, texcrd _dz and bem", src: "ps_1_4\ntexcrd r1.rgb, t1_dz\ntexld r2, t0\nbem r3.rg, c0, r1\nmov r0.rg, r3\n+mov r0.a, r2.b\nmov r0.b, r1.g",
		c:  map[int]vec{0: {0.5, 0.25, 0, 0}},
		ds: map[int]vec{ir.DSBumpEnv0 + 3: {1, 0, 0, 1}},
		in: map[string]vec{"texcoord0": {0.5, 0.5, 0, 0}, "texcoord1": {1, 0.5, 2, 0}},
		// r1 = (0.5, 0.25, 1); bem: (0.5+0.5, 0.25+0.25); r2.b = stage 2
		want: map[string]vec{"oC0": {1, 0.5, 0.25, 2}}},
	{name: "texkill ps_1_4 on r#", src: "ps_1_4\ndef c0, 1, -1, 1, 1\nmov r1, c0\ntexkill r1\nmov r0, c0", killed: 15},
}

func TestExecPS1x(t *testing.T) {
	for _, c := range ps1xCases {
		runCase(t, c)
	}
}

var flowCases = []execCase{
	{name: "dsx and dsy", src: "ps_2_x\ndcl t0\ndsx r0, t0\ndsy_pp r1, t0\nadd r0.zw, r0, r1\nmov oC0, r0",
		quad: map[string][4]vec{"texcoord0": {v4(1), v4(3), v4(2), v4(4)}}, want: map[string]vec{"oC0": {2, 2, 3, 3}}},
	{name: "texldd", src: "ps_2_x\ndcl t0\ndcl_2d s1\ntexldd r0, t0, s1, c0, c1\nmov oC0, r0",
		c: map[int]vec{0: v4(0.5), 1: v4(0.25)}, in: map[string]vec{"texcoord0": {1, 2, 3, 4}}, want: map[string]vec{"oC0": {1, 2, 1, 5.25}}},
	{name: "plain break", src: "vs_2_x\ndcl_position v0\ndefi i0, 10, 0, 0, 0\nmov r0, c0\nrep i0\nadd r0, r0, c1\nif b0\nbreak\nendif\nendrep\nmov oT0, r0\nmov oPos, v0",
		c: map[int]vec{1: v4(1)}, b: map[int]bool{0: true}, want: map[string]vec{"texcoord0": v4(1)}},
	{name: "m4x3 m3x4 m3x3 sub dp3 nop", src: "vs_2_0\ndcl_position v0\nnop\nm4x3 r1.xyz, c1, c4\nm3x4 r2, c1, c4\nm3x3 r3.xyz, c1, c4\nsub r0.xy, r1, r3\ndp3 r0.z, r2, c2\nmov r0.w, r2.w\nmov oT0, r0\nmov oPos, v0",
		c: map[int]vec{1: {1, 2, 3, 4}, 2: {1, 1, 1, 1}, 4: {1, 0, 0, 1}, 5: {0, 1, 0, 1}, 6: {0, 0, 1, 1}, 7: {1, 1, 1, 0}},
		// r1 = (5, 6, 7), r3 = (1, 2, 3), r2 = (1, 2, 3, 6)
		want: map[string]vec{"texcoord0": {4, 4, 6, 6}}},
	{name: "vs_1_1 mov a0 floors", src: "vs_1_1\ndcl_position v0\nmov a0.x, c0.x\nmov oT0, c[a0.x + 2]\nmov oPos, v0",
		c: map[int]vec{0: v4(1.7), 3: v4(3), 2: v4(2)}, want: map[string]vec{"texcoord0": v4(3)}},
	{name: "vs_1_1 negative floor", src: "vs_1_1\ndcl_position v0\nmov a0.x, c0.x\nmov oT0, c[a0.x + 4]\nmov oPos, v0",
		c: map[int]vec{0: v4(-0.5), 3: v4(3)}, want: map[string]vec{"texcoord0": v4(3)}},
	{name: "mova rounds half away from zero", src: "vs_2_0\ndcl_position v0\nmova a0, c0\nadd r0, c[a0.x + 5], c[a0.y + 5]\nmov oT0, r0\nmov oPos, v0",
		c: map[int]vec{0: v4(1.5, -1.5, 0, 0), 7: v4(10), 3: v4(1)}, want: map[string]vec{"texcoord0": v4(11)}},
	{name: "relative read out of range is 0", src: "vs_2_0\ndcl_position v0\nmova a0.x, c0.x\nmov oT0, c[a0.x + 250]\nmov oPos, v0",
		c: map[int]vec{0: v4(10)}, want: map[string]vec{"texcoord0": v4(0)}},
	{name: "loop with aL", src: "vs_3_0\ndcl_position v0\ndcl_position o0\ndcl_texcoord0 o1\ndefi i0, 3, 2, 3, 0\nmov r0, c0\nloop aL, i0\nadd r0, r0, c[aL]\nendloop\nmov o1, r0\nmov o0, v0",
		c: map[int]vec{0: v4(0), 2: v4(1), 5: v4(10), 8: v4(100), 11: v4(1000)}, want: map[string]vec{"texcoord0": v4(111)}},
	{name: "nested loops restore aL", src: "vs_3_0\ndcl_position v0\ndcl_position o0\ndcl_texcoord0 o1\ndefi i0, 2, 1, 1, 0\ndefi i1, 2, 10, 0, 0\nmov r0, c0\nloop aL, i0\nloop aL, i1\nadd r0, r0, c[aL]\nendloop\nadd r0, r0, c[aL]\nendloop\nmov o1, r0\nmov o0, v0",
		// outer aL 1, 2; inner adds c10 twice per outer iteration
		c: map[int]vec{0: v4(0), 1: v4(1), 2: v4(2), 10: v4(100)}, want: map[string]vec{"texcoord0": v4(403)}},
	{name: "output indexing o[aL]", src: "vs_3_0\ndcl_position v0\ndcl_position o0\ndcl_texcoord0 o1\ndcl_texcoord1 o2\ndefi i0, 2, 1, 1, 0\nloop aL, i0\nmov o[aL], c[aL]\nendloop\nmov o0, v0",
		c: map[int]vec{1: v4(1), 2: v4(2)}, want: map[string]vec{"texcoord0": v4(1), "texcoord1": v4(2)}},
	{name: "input indexing v[aL] (ps_3_0)", src: "ps_3_0\ndcl_texcoord0 v0\ndcl_texcoord1 v1\ndefi i0, 2, 0, 1, 0\nmov r0, c0\nloop aL, i0\nadd r0, r0, v[aL]\nendloop\nmov oC0, r0",
		in: map[string]vec{"texcoord0": v4(1), "texcoord1": v4(2)}, want: map[string]vec{"oC0": v4(3)}},
	{name: "rep and break", src: "vs_2_x\ndcl_position v0\ndefi i0, 10, 0, 0, 0\nmov r0, c0\nrep i0\nadd r0, r0, c1\nbreakc_ge r0.x, c2.x\nendrep\nmov oT0, r0\nmov oPos, v0",
		c: map[int]vec{1: v4(1), 2: v4(4)}, want: map[string]vec{"texcoord0": v4(4)}},
	{name: "rep count from the buffer", src: "vs_2_0\ndcl_position v0\nmov r0, c0\nrep i3\nadd r0, r0, c1\nendrep\nmov oT0, r0\nmov oPos, v0",
		c: map[int]vec{1: v4(1)}, i: map[int][4]int32{3: {5, 0, 0, 0}}, want: map[string]vec{"texcoord0": v4(5)}},
	{name: "if b else", src: "vs_2_0\ndcl_position v0\nif b1\nmov r0, c1\nelse\nmov r0, c2\nendif\nmov oT0, r0\nmov oPos, v0",
		c: map[int]vec{1: v4(1), 2: v4(2)}, b: map[int]bool{1: true}, want: map[string]vec{"texcoord0": v4(1)}},
	{name: "defb overrides", src: "vs_2_0\ndcl_position v0\ndefb b1, false\nif b1\nmov r0, c1\nelse\nmov r0, c2\nendif\nmov oT0, r0\nmov oPos, v0",
		c: map[int]vec{1: v4(1), 2: v4(2)}, b: map[int]bool{1: true}, want: map[string]vec{"texcoord0": v4(2)}},
	{name: "ifc", src: "vs_2_x\ndcl_position v0\nmov r0, c0\nifc_lt c1.y, c1.x\nmov r0, c1\nendif\nmov oT0, r0\nmov oPos, v0",
		c: map[int]vec{0: v4(9), 1: v4(2, 1, 0, 0)}, want: map[string]vec{"texcoord0": {2, 1, 0, 0}}},
	{name: "predicates", src: "vs_2_x\ndcl_position v0\nmov r0, c0\nsetp_gt p0, c1, c2\n(p0) mov r0, c3\n(!p0.x) add r0.w, r0.w, c3.w\nmov oT0, r0\nmov oPos, v0",
		c: map[int]vec{0: v4(9), 1: v4(1, 0, 1, 0), 2: v4(0), 3: v4(5)}, want: map[string]vec{"texcoord0": {5, 9, 5, 9}}},
	{name: "breakp and if p0", src: "vs_2_x\ndcl_position v0\ndefi i0, 10, 0, 0, 0\nmov r0, c0\nrep i0\nadd r0, r0, c1\nsetp_ge p0.x, r0.x, c2.x\nbreakp p0.x\nendrep\nif !p0.x\nmov r0, c0\nendif\nmov oT0, r0\nmov oPos, v0",
		c: map[int]vec{1: v4(1), 2: v4(3)}, want: map[string]vec{"texcoord0": v4(3)}},
	{name: "call, callnz, ret", src: "vs_2_0\ndcl_position v0\nmov r0, c0\ncall l1\ncallnz l2, b0\ncallnz l2, b1\nmov oT0, r0\nmov oPos, v0\nret\nlabel l1\nadd r0, r0, c1\nret\nlabel l2\nadd r0, r0, c2\nret",
		c: map[int]vec{1: v4(1), 2: v4(10)}, b: map[int]bool{1: true}, want: map[string]vec{"texcoord0": v4(11)}},
	{name: "callnz on the predicate", src: "vs_2_x\ndcl_position v0\nmov r0, c0\nsetp_eq p0, c0, c0\ncallnz l2, !p0.x\ncallnz l2, p0.y\nmov oT0, r0\nmov oPos, v0\nret\nlabel l2\nadd r0, r0, c2\nret",
		c: map[int]vec{2: v4(10)}, want: map[string]vec{"texcoord0": v4(10)}},
	{name: "texkill ps_2_0 on the mask", src: "ps_2_0\ndcl t0\ntexkill t0\nmov oC0, t0", in: map[string]vec{"texcoord0": {1, 1, 1, -1}}, killed: 15},
	{name: "predicated texkill", src: "ps_2_x\ndcl t0\ndef c0, 1, 0, 1, 1\nsetp_gt p0, c0, c0.y\n(p0) texkill t0\nmov oC0, t0", in: map[string]vec{"texcoord0": {1, -1, 1, 1}}, killed: 0},
	{name: "predicated texkill kills", src: "ps_2_x\ndcl t0\ndef c0, 1, 0, 1, 1\nsetp_gt p0, c0, c0.y\n(!p0) texkill t0\nmov oC0, t0", in: map[string]vec{"texcoord0": {1, -1, 1, 1}}, killed: 15},
	{name: "texkill ps_3_0 passes", src: "ps_3_0\ndcl_texcoord0 v0\ntexkill v0\nmov oC0, v0", in: map[string]vec{"texcoord0": {1, 1, 1, 0}}, killed: 0},
	{name: "vPos and vFace", src: "ps_3_0\ndcl vPos.xy\ndcl vFace\nmov r0.xy, vPos\nmov r0.zw, vFace\nmov oC0, r0",
		in: map[string]vec{"position": {10.5, 3.5, 0.5, 1}, "face": v4(-1)}, want: map[string]vec{"oC0": {10, 3, -1, -1}}},
	{name: "texld modes", src: "ps_2_x\ndcl t0\ndcl_2d s0\ndcl_cube s1\ntexldb r0, t0, s0\ntexldp r1, t0, s1\nadd r0.zw, r0, r1.wwxw\nmov oC0, r0",
		in:   map[string]vec{"texcoord0": {1, 2, 3, 4}}, // r0 = (1, 2, stage 0, bias 4), r1 = xyz/w = (0.25, 0.5, 0.75, 0)
		want: map[string]vec{"oC0": {1, 2, 0 + 0.25, 4 + 0}}},
	{name: "texldl in a vertex shader", src: "vs_3_0\ndcl_position v0\ndcl_2d s2\ndcl_position o0\ndcl_texcoord0 o1\ntexldl o1, c0, s2\nmov o0, v0",
		c: map[int]vec{0: {0.5, 0.25, 0, 3}}, want: map[string]vec{"texcoord0": {0.5, 0.25, 2, 3}}},
	{name: "vs_1_1 fixed outputs", src: "vs_1_1\ndcl_position v0\ndcl_color v5\nmov oPos, v0\nmov oD1, v5\nmov oD0, -v5\nmov oFog, c0.x\nmov oPts, c0.y\nmov oT7, c1",
		c: map[int]vec{0: {0.5, 4, 0, 0}, 1: v4(7)}, in: map[string]vec{"v0": {1, 2, 3, 4}, "v5": {0.1, 0.2, 0.3, 4}},
		// oD# are clamped to [0, 1] before vs_3_0, oT# are not.
		want: map[string]vec{"pos": {1, 2, 3, 4}, "color1": {0.1, 0.2, 0.3, 1}, "color0": v4(0), "fog0": v4(0.5), "psize": v4(4), "texcoord7": v4(7)}},
	{name: "packed vs_3_0 outputs", src: "vs_3_0\ndcl_position v0\ndcl_position o0\ndcl_texcoord0 o1.xy\ndcl_texcoord1 o1.zw\nmov o1, c0\nmov o0, v0",
		c: map[int]vec{0: {1, 2, 3, 4}}, want: map[string]vec{"texcoord0": {1, 2, 0, 0}, "texcoord1": {0, 0, 3, 4}}},
	{name: "packed ps_3_0 inputs", src: "ps_3_0\ndcl_texcoord0 v1.xy\ndcl_texcoord1 v1.zw\nmov oC0, v1",
		in: map[string]vec{"texcoord0": {1, 2, 9, 9}, "texcoord1": {9, 9, 3, 4}}, want: map[string]vec{"oC0": {1, 2, 3, 4}}},
}

func TestExecAddressingAndFlow(t *testing.T) {
	for _, c := range flowCases {
		runCase(t, c)
	}
}

// TestExecCoverage checks that the execution tests use every opcode the
// lowering handles, every source modifier and every result modifier.
func TestExecCoverage(t *testing.T) {
	ops := map[dxso.Opcode]bool{}
	mods := map[dxso.SrcMod]bool{}
	shifts := map[int8]bool{}
	sat := false
	for _, list := range [][]execCase{arithCases, ps1xCases, flowCases} {
		for _, c := range list {
			p, err := dxso.AssembleProgram(c.src)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			for _, in := range p.Instructions {
				ops[in.Opcode] = true
				for _, s := range in.Src {
					mods[s.Mod] = true
				}
				if in.HasDst {
					shifts[in.Dst.Shift] = true
					sat = sat || in.Dst.Saturate
				}
			}
		}
	}
	for _, op := range dxso.Opcodes() {
		if !ops[op] && op != dxso.OpTexM3x3Diff {
			t.Errorf("no execution test uses %v", op)
		}
	}
	for m := dxso.SrcNone; m <= dxso.SrcNot; m++ {
		if !mods[m] {
			t.Errorf("no execution test uses source modifier %d", m)
		}
	}
	for sh := int8(-3); sh <= 3; sh++ {
		if !shifts[sh] {
			t.Errorf("no execution test uses shift %d", sh)
		}
	}
	if !sat {
		t.Errorf("no execution test saturates")
	}
}

// TestErrors: unsupported or invalid programs are errors, not panics.
func TestErrors(t *testing.T) {
	for _, src := range []string{
		"ps_3_0\nmov oC0, v3",                   // undeclared ps_3_0 input
		"vs_3_0\ndcl_position o0\nmov o1, c0",   // undeclared vs_3_0 output
		"vs_2_0\nif b0\nmov oPos, c0",           // unterminated if
		"vs_2_0\nendif",                         // endif without if
		"vs_2_0\ncall l3\nmov oPos, c0",         // missing label
		"ps_1_1\ntexm3x2tex t0, t0\nmov r0, t0", // no pad rows
	} {
		p, err := dxsoAssemble(src)
		if err != nil {
			continue // the parser already refuses it
		}
		if _, err := Lower(p, Options{}); err == nil {
			t.Errorf("no error for %q", strings.ReplaceAll(src, "\n", "; "))
		}
	}
}

func dxsoAssemble(src string) (*dxso.Program, error) { return dxso.AssembleProgram(src) }
