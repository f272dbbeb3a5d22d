package ff

import "mtld3d/core/ir"

// builder accumulates one shader.
type builder struct {
	s    *ir.Shader
	body []ir.Stmt
}

func newBuilder(stage ir.Stage) *builder {
	return &builder{s: &ir.Shader{Stage: stage}}
}

func (b *builder) temp() ir.Reg {
	r := ir.Temp(b.s.NumTemps)
	b.s.NumTemps++
	return r
}

func (b *builder) btemp() ir.Reg {
	r := ir.BTemp(b.s.NumBTemps)
	b.s.NumBTemps++
	return r
}

func (b *builder) emit(st ...ir.Stmt) { b.body = append(b.body, st...) }

func (b *builder) op(o ir.Opcode, d ir.Dst, src ...ir.Src) *ir.Inst {
	in := ir.Op(o, d, src...)
	b.emit(in)
	return in
}

// sat emits an instruction with a [0,1] clamp.
func (b *builder) sat(o ir.Opcode, d ir.Dst, src ...ir.Src) {
	b.emit(&ir.Inst{Op: o, Dst: d, Src: src, Clamp: ir.ClampSat})
}

// input declares (once) an input and returns it as a source.
func (b *builder) input(u ir.Usage, idx uint8, loc int) ir.Src {
	for i, in := range b.s.Inputs {
		if in.Usage == u && in.UsageIndex == idx && in.Sys == ir.SysNone {
			return ir.In(i).S()
		}
	}
	b.s.Inputs = append(b.s.Inputs, ir.Input{Usage: u, UsageIndex: idx, Location: loc})
	return ir.In(len(b.s.Inputs) - 1).S()
}

func (b *builder) output(o ir.Output) ir.Reg {
	b.s.Outputs = append(b.s.Outputs, o)
	return ir.Out(len(b.s.Outputs) - 1)
}

func (b *builder) finish() *ir.Shader {
	b.s.Body = b.body
	return b.s
}

func c(i int) ir.Src { return ir.ConstF(i).S() }

func ds(i int) ir.Src { return ir.DS(i).S() }

func imm(x, y, z, w float32) ir.Src { return ir.ImmF(x, y, z, w) }

func imm1(v float32) ir.Src { return ir.ImmF1(v) }

func x(s ir.Src) ir.Src { return s.Swz('x') }
func y(s ir.Src) ir.Src { return s.Swz('y') }
func z(s ir.Src) ir.Src { return s.Swz('z') }
func w(s ir.Src) ir.Src { return s.Swz('w') }
