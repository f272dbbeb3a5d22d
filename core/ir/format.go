package ir

import (
	"fmt"
	"math"
	"strings"
)

// Format prints a shader as text for logs, test failures and debugging.
// The format is for people, not a stable interchange format.
func Format(s *Shader) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%v shader %d.%d\n", s.Stage, s.Version>>8, s.Version&0xff)
	for i, in := range s.Inputs {
		fmt.Fprintf(&b, "  input v%d: %s\n", i, in)
	}
	for i, o := range s.Outputs {
		fmt.Fprintf(&b, "  output o%d: %s\n", i, o)
	}
	for _, d := range s.Samplers {
		p := ""
		if d.Projected {
			p = " projected"
		}
		if d.Fetch4 != Fetch4Off {
			p += fmt.Sprintf(" fetch4(%d)", d.Fetch4)
		}
		fmt.Fprintf(&b, "  sampler s%d: %v%s\n", d.Index, d.Kind, p)
	}
	fmt.Fprintf(&b, "  temps r%d a%d p%d, constants c%d i%d b%d", s.NumTemps, s.NumITemps, s.NumBTemps, s.NumConstF, s.NumConstI, s.NumConstB)
	if s.PS1xMax != 0 {
		fmt.Fprintf(&b, ", ps1x range %g", s.PS1xMax)
	}
	b.WriteByte('\n')
	for _, d := range s.DefF {
		fmt.Fprintf(&b, "  def c%d = %v\n", d.Index, d.Value)
	}
	for _, d := range s.DefI {
		fmt.Fprintf(&b, "  defi i%d = %v\n", d.Index, d.Value)
	}
	for _, d := range s.DefB {
		fmt.Fprintf(&b, "  defb b%d = %v\n", d.Index, d.Value)
	}
	formatBlock(&b, s.Body, 1)
	for i, sub := range s.Subs {
		fmt.Fprintf(&b, "sub %d:\n", i)
		formatBlock(&b, sub, 1)
	}
	return b.String()
}

func (in Input) String() string {
	var s string
	switch in.Sys {
	case SysPosition:
		s = "position (system)"
	case SysFrontFace:
		s = "face (system)"
	case SysPointCoord:
		s = fmt.Sprintf("%v%d = point coord", in.Usage, in.UsageIndex)
	case SysDefault:
		s = fmt.Sprintf("%v%d = default (unlinked)", in.Usage, in.UsageIndex)
	default:
		s = fmt.Sprintf("%v%d location %d", in.Usage, in.UsageIndex, in.Location)
	}
	switch in.Interp {
	case InterpFlat:
		s += " flat"
	case InterpCentroid:
		s += " centroid"
	}
	return s
}

func (o Output) String() string {
	switch o.Kind {
	case OutPosition:
		return "position"
	case OutPointSize:
		return "point size"
	case OutClipDist:
		return fmt.Sprintf("clip distance %d", o.Index)
	case OutColor:
		return fmt.Sprintf("color %d", o.Index)
	case OutDepth:
		return "depth"
	case OutSampleMask:
		return "sample mask"
	}
	return fmt.Sprintf("%v%d", o.Usage, o.UsageIndex)
}

func formatBlock(b *strings.Builder, body []Stmt, depth int) {
	ind := strings.Repeat("  ", depth)
	for _, st := range body {
		switch st := st.(type) {
		case *Inst:
			fmt.Fprintf(b, "%s%v\n", ind, st)
		case *If:
			fmt.Fprintf(b, "%sif %v\n", ind, condString(st.Cond))
			formatBlock(b, st.Then, depth+1)
			if len(st.Else) > 0 {
				fmt.Fprintf(b, "%selse\n", ind)
				formatBlock(b, st.Else, depth+1)
			}
			fmt.Fprintf(b, "%sendif\n", ind)
		case *Loop:
			if st.Counter.File != RegNone {
				fmt.Fprintf(b, "%sloop %v times, %v.x = %v step %v\n", ind, condString(st.Count), st.Counter, condString(st.Init), condString(st.Step))
			} else {
				fmt.Fprintf(b, "%srep %v times\n", ind, condString(st.Count))
			}
			formatBlock(b, st.Body, depth+1)
			fmt.Fprintf(b, "%sendloop\n", ind)
		case *Break:
			if st.Cond != nil {
				fmt.Fprintf(b, "%sbreak if %v\n", ind, condString(*st.Cond))
			} else {
				fmt.Fprintf(b, "%sbreak\n", ind)
			}
		case *Call:
			fmt.Fprintf(b, "%scall sub %d\n", ind, st.Sub)
		case *Return:
			fmt.Fprintf(b, "%sret\n", ind)
		case *Discard:
			if st.Cond != nil {
				fmt.Fprintf(b, "%sdiscard if %v\n", ind, condString(*st.Cond))
			} else {
				fmt.Fprintf(b, "%sdiscard\n", ind)
			}
		}
	}
}

var fileNames = [...]string{RegNone: "?", RegTemp: "r", RegITemp: "a", RegBTemp: "p", RegInput: "v", RegOutput: "o", RegConstF: "c", RegConstI: "i", RegConstB: "b", RegDrawState: "ds", RegImm: "imm"}

func (r Reg) String() string {
	name := "?"
	if int(r.File) < len(fileNames) {
		name = fileNames[r.File]
	}
	if r.Rel == nil {
		return fmt.Sprintf("%s%d", name, r.Index)
	}
	base := Reg{File: r.Rel.File, Index: r.Rel.Index}
	return fmt.Sprintf("%s[%v.%c+%d]", name, base, "xyzw"[r.Rel.Comp&3], r.Index)
}

func (m Mask) String() string {
	if m == MaskXYZW {
		return ""
	}
	s := "."
	for i := 0; i < 4; i++ {
		if m&(1<<i) != 0 {
			s += string("xyzw"[i])
		}
	}
	return s
}

func (sw Swizzle) String() string {
	if sw == Identity {
		return ""
	}
	s := "."
	for _, c := range sw {
		s += string("xyzw"[c&3])
	}
	return s
}

func (s Src) String() string {
	var v string
	if s.Reg.File == RegImm {
		parts := make([]string, 4)
		for i, c := range s.Swizzle {
			x := s.Imm[c&3]
			switch s.ImmType {
			case TypeFloat:
				parts[i] = fmt.Sprint(math.Float32frombits(x))
			case TypeInt:
				parts[i] = fmt.Sprint(int32(x))
			default:
				parts[i] = fmt.Sprint(x != 0)
			}
		}
		v = "(" + strings.Join(parts, ", ") + ")"
	} else {
		v = s.Reg.String() + s.Swizzle.String()
	}
	if s.Abs {
		v = "|" + v + "|"
	}
	if s.Neg {
		if s.Type() == TypeBool {
			v = "!" + v
		} else {
			v = "-" + v
		}
	}
	return v
}

func condString(s Src) string {
	s.Swizzle = Replicate(s.Swizzle[0])
	v := s.String()
	if s.Reg.File == RegImm {
		return v
	}
	// one component is enough to show
	if i := strings.LastIndexByte(v, '.'); i >= 0 && len(v) >= i+5 {
		v = v[:i+2] + v[i+5:]
	}
	return v
}

func (in *Inst) String() string {
	var b strings.Builder
	if in.Pred != nil {
		fmt.Fprintf(&b, "(%v) ", in.Pred)
	}
	b.WriteString(in.Op.String())
	if in.LegacyMul {
		b.WriteString("_legacy")
	}
	switch {
	case in.Shift > 0:
		fmt.Fprintf(&b, "_x%d", 1<<in.Shift)
	case in.Shift < 0:
		fmt.Fprintf(&b, "_d%d", 1<<-in.Shift)
	}
	switch in.Clamp {
	case ClampSat:
		b.WriteString("_sat")
	case ClampPS1x:
		b.WriteString("_ps1x")
	case ClampSnorm:
		b.WriteString("_snorm")
	}
	if in.Op == OpTex {
		fmt.Fprintf(&b, "[s%d %s", in.Sampler, texModeName(in.TexMode))
		if in.Project {
			b.WriteString(" proj")
		}
		b.WriteString("]")
	}
	fmt.Fprintf(&b, " %v%v", in.Dst.Reg, in.Dst.Mask)
	for _, s := range in.Src {
		fmt.Fprintf(&b, ", %v", s)
	}
	return b.String()
}

func texModeName(m TexMode) string {
	if names := [...]string{"implicit", "bias", "lod", "grad", "bumped"}; int(m) < len(names) {
		return names[m]
	}
	return "mode?"
}
