package msl_test

import (
	"fmt"
	"testing"

	. "mtld3d/core/ir"
	"mtld3d/core/msl"
)

// allOps builds a shader that uses every ALU opcode with every write-mask
// width, predication, legacy multiply, shift and both clamps, so the clang
// check sees every printing path.
func allOps(stage Stage) *Shader {
	s := &Shader{Stage: stage, NumTemps: 3, NumITemps: 2, NumBTemps: 2, NumConstF: 4, NumConstI: 2, NumConstB: 2, PS1xMax: 1,
		Inputs:  []Input{{Usage: UsageTexCoord}},
		Outputs: []Output{{Kind: OutColor}},
	}
	if stage == StageVertex {
		s.Outputs = []Output{{Kind: OutPosition}}
	}
	src := func(t Type, i int) Src {
		switch t {
		case TypeInt:
			if i == 1 {
				return ConstI(1).S().Swz('y', 'x', 'w', 'z')
			}
			return ITemp(i % 2).S()
		case TypeBool:
			if i == 1 {
				return ConstB(1).S()
			}
			return BTemp(i%2).S().Swz('w', 'z', 'y', 'x')
		}
		switch i {
		case 0:
			return Temp(1).S().Swz('y', 'z', 'x', 'w').Absolute()
		case 1:
			return In(0).S().Negate()
		}
		return ConstF(2).S().Swz('x')
	}
	dstReg := func(t Type) Reg {
		switch t {
		case TypeInt:
			return ITemp(1)
		case TypeBool:
			return BTemp(1)
		}
		return Temp(2)
	}
	for op := OpMov; op < OpTex; op++ {
		if (op == OpDdx || op == OpDdy) && stage == StageVertex {
			continue
		}
		types := []Type{TypeFloat}
		if op == OpMov || op == OpSelect {
			types = []Type{TypeFloat, TypeInt, TypeBool}
		}
		for _, rt := range types {
			for _, mask := range []Mask{MaskX, MaskXY, MaskXYZ, MaskXYZW, MaskY | MaskW} {
				in := &Inst{Op: op}
				in.Src = make([]Src, op.NumSrcs())
				for i := range in.Src {
					t := TypeFloat
					switch {
					case op == OpMov:
						t = rt
					case op == OpSelect && i == 0:
						t = TypeBool
					case op == OpSelect:
						t = rt
					}
					if t == TypeFloat {
						in.Src[i] = src(TypeFloat, i)
					} else {
						in.Src[i] = src(t, i)
					}
				}
				probe := &Inst{Op: op, Src: in.Src}
				for i := range in.Src {
					want := probe.SrcType(i)
					if in.Src[i].Type() != want {
						in.Src[i] = src(want, i)
					}
				}
				probe.Src = in.Src
				in.Dst = dstReg(probe.ResultType()).D(mask)
				s.Body = append(s.Body, in)
				if probe.ResultType() == TypeFloat {
					v := *in
					v.LegacyMul, v.Shift, v.Clamp = true, 1, ClampSat
					s.Body = append(s.Body, &v)
					w := *in
					w.Shift, w.Clamp = -2, ClampPS1x
					if op%2 == 0 {
						w.Clamp = ClampSnorm
					}
					w.Pred = &Src{Reg: BTemp(0), Swizzle: Swizzle{3, 2, 1, 0}, Neg: true}
					s.Body = append(s.Body, &w)
				}
			}
		}
	}
	return s
}

func TestAllOpsCompile(t *testing.T) {
	for _, st := range []Stage{StageVertex, StagePixel} {
		s := allOps(st)
		if err := Validate(s); err != nil {
			t.Fatal(err)
		}
		u, err := msl.Emit(s, VariantKey{})
		if err != nil {
			t.Fatal(err)
		}
		// every opcode appears in the body
		t.Run(fmt.Sprint(st), func(t *testing.T) {
			t.Parallel()
			msl.ClangCheck(t, "allops_"+st.String(), u.Source)
		})
	}
}

// TestTexturesCompile emits every sampler kind with every LOD mode,
// projected and not, in both stages, and FETCH4 in the pixel stage.
func TestTexturesCompile(t *testing.T) {
	for _, st := range []Stage{StageVertex, StagePixel} {
		s := &Shader{Stage: st, NumTemps: 2, Inputs: []Input{{Usage: UsageTexCoord}}, Outputs: []Output{{Kind: OutColor}}}
		if st == StageVertex {
			s.Outputs = []Output{{Kind: OutPosition}}
		}
		for i, k := range []SamplerKind{Sampler2D, SamplerCube, Sampler3D, SamplerShadow2D} {
			s.Samplers = append(s.Samplers, SamplerDecl{Index: i, Kind: k}, SamplerDecl{Index: i + 4, Kind: k, Projected: true})
			idxs := []int{i, i + 4}
			if st == StagePixel && k == Sampler2D {
				s.Samplers = append(s.Samplers, SamplerDecl{Index: 8, Kind: k, Fetch4: Fetch4Red}, SamplerDecl{Index: 9, Kind: k, Projected: true, Fetch4: Fetch4Alpha})
				idxs = append(idxs, 8, 9)
			}
			for _, idx := range idxs {
				for _, m := range []TexMode{TexImplicit, TexBias, TexLod, TexGrad} {
					for _, mask := range []Mask{MaskXYZW, MaskX, MaskXZ()} {
						src := []Src{In(0).S()}
						switch m {
						case TexBias, TexLod:
							src = append(src, Temp(1).S().Swz('w'))
						case TexGrad:
							src = append(src, Temp(1).S(), Temp(1).S().Negate())
						}
						in := Tex(Temp(0).D(mask), idx, m, src...)
						in.Project = m == TexImplicit
						s.Body = append(s.Body, in)
					}
				}
			}
		}
		u, err := msl.Emit(s, VariantKey{})
		if err != nil {
			t.Fatal(err)
		}
		t.Run(fmt.Sprint(st), func(t *testing.T) {
			t.Parallel()
			msl.ClangCheck(t, "tex_"+st.String(), u.Source)
		})
	}
}

func MaskXZ() Mask { return MaskX | MaskZ }
