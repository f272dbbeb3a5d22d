package ir

import "math"

// Most fixed-function and 2D drawing shades a pixel with one texture
// sample times an interpolated colour, or one of the two alone. Linear
// recognises pixel shaders of that shape so a backend can shade pixel
// by pixel from the form below instead of running the program on quads:
// the result is the bits the program computes (Eval uses the same
// operations), and nothing in it reads a neighbouring pixel.

// MaxLinearInputs is how many distinct inputs a linear form reads.
const MaxLinearInputs = 2

// LinearKind is what a component of a linear form's colour is.
type LinearKind uint8

const (
	LinearConst   LinearKind = iota // Value
	LinearInput                     // component Comp of input slot Slot
	LinearTex                       // component TexComp of the sample
	LinearProduct                   // the sample's TexComp times slot Slot's Comp
)

// LinearTerm is one component of a linear form's colour.
type LinearTerm struct {
	Kind     LinearKind
	Slot     uint8 // index into LinearForm.Inputs
	Comp     uint8
	TexComp  uint8
	TexFirst bool // the product's operands in the program's order
	Legacy   bool // the product is LegacyMul's
	Sat      bool
	Value    float32
}

// LinearRef is one component of one input slot.
type LinearRef struct{ Slot, Comp uint8 }

// LinearForm is a pixel shader that writes colour output Output, and
// nothing else, as four terms over at most one 2D sample and at most
// MaxLinearInputs inputs.
type LinearForm struct {
	Output int   // index into Shader.Outputs
	Inputs []int // the shader inputs read, by slot
	// Sampler is the sampler of the one sample, -1 for none; U and V are
	// its coordinate's components (an implicit-LOD, unprojected 2D sample
	// whose coordinate is two input components, unmodified).
	Sampler int
	U, V    LinearRef
	Terms   [4]LinearTerm
	// Used has bit c of entry k set where component c of slot k is read.
	Used [MaxLinearInputs]uint8
	// modulate: every term is the product of the sample's component and
	// the same component of one slot, with the same flags (the
	// fixed-function MODULATE), which Eval computes without the terms'
	// switch.
	modulate bool
}

// linVal is what the recogniser knows of one register component.
type linVal struct {
	ok   bool // written
	term LinearTerm
	raw  bool // an input or sample component without a result modifier
}

// Linear returns the linear form of a pixel shader, or false where it
// has none: control flow, discard, more than one sample, any operation
// but mov and mul, source modifiers, constants from buffers, predicates,
// relative addressing, shifts and clamps other than saturate.
func Linear(s *Shader) (*LinearForm, bool) {
	if s.Stage != StagePixel || len(s.Subs) > 0 {
		return nil, false
	}
	f := &LinearForm{Output: -1, Sampler: -1}
	for i, o := range s.Outputs {
		if o.Kind != OutColor || o.Index != 0 || f.Output >= 0 {
			return nil, false
		}
		f.Output = i
	}
	if f.Output < 0 {
		return nil, false
	}
	temps := make([][4]linVal, s.NumTemps)
	var out [4]linVal
	sampled := false
	slot := func(i int) (uint8, bool) {
		for k, in := range f.Inputs {
			if in == i {
				return uint8(k), true
			}
		}
		if len(f.Inputs) == MaxLinearInputs || s.Inputs[i].Sys != SysNone {
			return 0, false
		}
		f.Inputs = append(f.Inputs, i)
		return uint8(len(f.Inputs) - 1), true
	}
	// read returns component c of a source operand.
	read := func(src *Src, c int) (linVal, bool) {
		if src.Abs || src.Neg || src.Reg.Rel != nil {
			return linVal{}, false
		}
		k := src.Swizzle[c]
		switch r := src.Reg; r.File {
		case RegImm:
			if src.ImmType != TypeFloat {
				return linVal{}, false
			}
			return linVal{ok: true, term: LinearTerm{Kind: LinearConst, Value: math.Float32frombits(src.Imm[k])}}, true
		case RegInput:
			if r.Index < 0 || r.Index >= len(s.Inputs) {
				return linVal{}, false
			}
			sl, ok := slot(r.Index)
			return linVal{ok: true, raw: true, term: LinearTerm{Kind: LinearInput, Slot: sl, Comp: k}}, ok
		case RegTemp:
			if r.Index < 0 || r.Index >= len(temps) || !temps[r.Index][k].ok {
				return linVal{}, false
			}
			return temps[r.Index][k], true
		}
		return linVal{}, false
	}
	for _, st := range s.Body {
		in, ok := st.(*Inst)
		if !ok || in.Pred != nil || in.Shift != 0 || in.Clamp != ClampNone && in.Clamp != ClampSat || in.Dst.Reg.Rel != nil {
			return nil, false
		}
		var dst *[4]linVal
		switch d := in.Dst.Reg; {
		case d.File == RegTemp && d.Index >= 0 && d.Index < len(temps):
			dst = &temps[d.Index]
		case d.File == RegOutput && d.Index == f.Output:
			dst = &out
		default:
			return nil, false
		}
		var res [4]linVal
		switch in.Op {
		case OpMov:
			for c := 0; c < 4; c++ {
				if in.Dst.Mask&(1<<c) != 0 {
					if res[c], ok = read(&in.Src[0], c); !ok {
						return nil, false
					}
				}
			}
		case OpMul:
			for c := 0; c < 4; c++ {
				if in.Dst.Mask&(1<<c) == 0 {
					continue
				}
				a, okA := read(&in.Src[0], c)
				b, okB := read(&in.Src[1], c)
				if !okA || !okB || !a.raw || !b.raw {
					return nil, false
				}
				t := LinearTerm{Kind: LinearProduct, Legacy: in.LegacyMul}
				switch {
				case a.term.Kind == LinearTex && b.term.Kind == LinearInput:
					t.TexFirst, t.TexComp, t.Slot, t.Comp = true, a.term.TexComp, b.term.Slot, b.term.Comp
				case a.term.Kind == LinearInput && b.term.Kind == LinearTex:
					t.TexComp, t.Slot, t.Comp = b.term.TexComp, a.term.Slot, a.term.Comp
				default:
					return nil, false
				}
				res[c] = linVal{ok: true, term: t}
			}
		case OpTex:
			if sampled || in.TexMode != TexImplicit || in.Project || in.Clamp != ClampNone {
				return nil, false
			}
			d := s.Sampler(in.Sampler)
			if d == nil || d.Kind != Sampler2D || d.Projected || d.Fetch4 != Fetch4Off {
				return nil, false
			}
			u, okU := read(&in.Src[0], 0)
			v, okV := read(&in.Src[0], 1)
			if !okU || !okV || !u.raw || !v.raw || u.term.Kind != LinearInput || v.term.Kind != LinearInput {
				return nil, false
			}
			sampled, f.Sampler = true, in.Sampler
			f.U, f.V = LinearRef{u.term.Slot, u.term.Comp}, LinearRef{v.term.Slot, v.term.Comp}
			for c := 0; c < 4; c++ {
				res[c] = linVal{ok: true, raw: true, term: LinearTerm{Kind: LinearTex, TexComp: uint8(c)}}
			}
		default:
			return nil, false
		}
		for c := 0; c < 4; c++ {
			if in.Dst.Mask&(1<<c) == 0 {
				continue
			}
			v := res[c]
			if in.Clamp == ClampSat {
				// Saturated, a legacy product is the plain one: where one
				// operand is zero the plain product is zero or NaN, and
				// saturate takes both to +0, as LegacyMul's 0 is.
				v.term.Sat, v.term.Legacy, v.raw = true, false, false
			}
			dst[c] = v
		}
	}
	for c, v := range out {
		if !v.ok {
			return nil, false
		}
		f.Terms[c] = v.term
	}
	if f.Sampler >= 0 {
		f.Used[f.U.Slot] |= 1 << f.U.Comp
		f.Used[f.V.Slot] |= 1 << f.V.Comp
	}
	f.modulate = true
	for c, t := range f.Terms {
		if t.Kind == LinearInput || t.Kind == LinearProduct {
			f.Used[t.Slot] |= 1 << t.Comp
		}
		t0 := f.Terms[0]
		f.modulate = f.modulate && t.Kind == LinearProduct && int(t.TexComp) == c && int(t.Comp) == c &&
			t.Slot == t0.Slot && t.TexFirst == t0.TexFirst && t.Legacy == t0.Legacy && t.Sat == t0.Sat
	}
	return f, true
}

// Saturated reports that every component of the colour is saturated.
func (f *LinearForm) Saturated() bool {
	for i := range f.Terms {
		if !f.Terms[i].Sat {
			return false
		}
	}
	return true
}

// ModulateSat returns the input slot of a saturated modulate, where
// every component is the saturated product of the sample's component
// and the slot's same one (fixed-function MODULATE with its clamp, the
// commonest form): saturate(t[c] * in[slot][c]), whichever operand the
// program names first (the products are the same but for a NaN's
// payload, which saturate takes to 0).
func (f *LinearForm) ModulateSat() (slot int, ok bool) {
	t0 := &f.Terms[0]
	return int(t0.Slot), f.modulate && t0.Sat && !t0.Legacy
}

// Eval writes the colour the shader computes from the sample t (zero
// without one) and the values of its input slots to c.
func (f *LinearForm) Eval(t *[4]float32, in *[MaxLinearInputs][4]float32, c *[4]float32) {
	if f.modulate {
		t0 := &f.Terms[0]
		a, b := t, &in[t0.Slot]
		if !t0.TexFirst {
			a, b = b, a
		}
		l := t0.Legacy
		c[0], c[1], c[2], c[3] = mulf(l, a[0], b[0]), mulf(l, a[1], b[1]), mulf(l, a[2], b[2]), mulf(l, a[3], b[3])
		if t0.Sat {
			c[0], c[1], c[2], c[3] = saturate(c[0]), saturate(c[1]), saturate(c[2]), saturate(c[3])
		}
		return
	}
	for i := range f.Terms {
		c[i] = f.Terms[i].eval(t, in)
	}
}

func (t *LinearTerm) eval(tex *[4]float32, in *[MaxLinearInputs][4]float32) float32 {
	var v float32
	switch t.Kind {
	case LinearConst:
		v = t.Value
	case LinearInput:
		v = in[t.Slot][t.Comp]
	case LinearTex:
		v = tex[t.TexComp]
	case LinearProduct:
		a, b := tex[t.TexComp], in[t.Slot][t.Comp]
		if !t.TexFirst {
			a, b = b, a
		}
		v = mulf(t.Legacy, a, b)
	}
	if t.Sat {
		v = saturate(v)
	}
	return v
}
