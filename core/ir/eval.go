package ir

import "math"

// LegacyMul is D3D9's multiply: 0 times anything (inf, NaN included) is 0.
func LegacyMul(a, b float32) float32 {
	if a == 0 || b == 0 {
		return 0
	}
	return a * b
}

func mulf(legacy bool, a, b float32) float32 {
	if legacy {
		return LegacyMul(a, b)
	}
	return a * b
}

// Lit is D3D9's lit on one source value.
func Lit(s [4]float32) [4]float32 {
	r := [4]float32{1, 0, 0, 1}
	const maxPower = 127.9961
	p := fmin(fmax(s[3], -maxPower), maxPower) // NaN gives -maxPower, as MSL clamp
	if s[0] > 0 {
		r[1] = s[0]
		if s[1] > 0 {
			r[2] = float32(math.Pow(float64(s[1]), float64(p)))
		}
	}
	return r
}

// Frac is x - floor(x), kept below 1 like MSL fract.
func Frac(x float32) float32 {
	f := x - float32(math.Floor(float64(x)))
	return min(f, math.Float32frombits(0x3f7fffff))
}

// f2i converts like the MSL the emitter prints: clamp to
// [-2^31, 2147483520] (the largest float below 2^31) with fmin/fmax rules,
// so NaN gives -2^31, then truncate.
func f2i(x float64) int32 {
	switch {
	case x != x, x <= math.MinInt32:
		return math.MinInt32
	case x >= 2147483520:
		return 2147483520
	}
	return int32(x)
}

// eval computes one lane of an ALU instruction from its evaluated sources.
func eval(in *Inst, sh *Shader, s [3]vec) vec {
	a, b, c := ffloat(s[0]), ffloat(s[1]), ffloat(s[2])
	lm := in.LegacyMul
	var r [4]float32
	unary := func(f func(float64) float64) {
		for i := range r {
			r[i] = float32(f(float64(a[i])))
		}
	}
	broadcast := func(x float32) { r = [4]float32{x, x, x, x} }
	boolean := func(f func(x, y float32) bool) vec {
		return vec{b2u(f(a[0], b[0])), b2u(f(a[1], b[1])), b2u(f(a[2], b[2])), b2u(f(a[3], b[3]))}
	}
	switch in.Op {
	case OpMov:
		return s[0]
	case OpFrac:
		for i := range r {
			r[i] = Frac(a[i])
		}
	case OpFloor:
		unary(math.Floor)
	case OpCeil:
		unary(math.Ceil)
	case OpRcp:
		for i := range r {
			r[i] = 1 / a[i]
		}
	case OpRsq:
		unary(func(x float64) float64 { return 1 / math.Sqrt(math.Abs(x)) })
	case OpExp2:
		unary(math.Exp2)
	case OpLog2:
		unary(func(x float64) float64 { return math.Log2(math.Abs(x)) })
	case OpSin:
		unary(math.Sin)
	case OpCos:
		unary(math.Cos)
	case OpSqrt:
		unary(math.Sqrt)
	case OpSign:
		for i := range r {
			switch {
			case a[i] > 0:
				r[i] = 1
			case a[i] < 0:
				r[i] = -1
			case a[i] == 0:
				r[i] = a[i] // keeps -0, like MSL sign
			}
		}
	case OpNrm:
		d := a[0]*a[0] + a[1]*a[1] + a[2]*a[2]
		inv := float32(1 / math.Sqrt(float64(d)))
		for i := range r {
			r[i] = LegacyMul(a[i], inv)
		}
	case OpSinCos:
		r = [4]float32{float32(math.Cos(float64(a[0]))), float32(math.Sin(float64(a[0]))), 0, 0}
	case OpLit:
		r = Lit(a)
	case OpAdd:
		r = [4]float32{a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]}
	case OpSub:
		r = [4]float32{a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3]}
	case OpMul:
		for i := range r {
			r[i] = mulf(lm, a[i], b[i])
		}
	case OpDiv:
		r = [4]float32{a[0] / b[0], a[1] / b[1], a[2] / b[2], a[3] / b[3]}
	case OpMin:
		for i := range r {
			r[i] = fmin(a[i], b[i])
		}
	case OpMax:
		for i := range r {
			r[i] = fmax(a[i], b[i])
		}
	case OpDp2:
		broadcast(mulf(lm, a[0], b[0]) + mulf(lm, a[1], b[1]))
	case OpDp3:
		broadcast(mulf(lm, a[0], b[0]) + mulf(lm, a[1], b[1]) + mulf(lm, a[2], b[2]))
	case OpDp4:
		broadcast(mulf(lm, a[0], b[0]) + mulf(lm, a[1], b[1]) + mulf(lm, a[2], b[2]) + mulf(lm, a[3], b[3]))
	case OpDp2Add:
		broadcast(mulf(lm, a[0], b[0]) + mulf(lm, a[1], b[1]) + c[0])
	case OpPow:
		for i := range r {
			r[i] = float32(math.Pow(math.Abs(float64(a[i])), float64(b[i])))
		}
	case OpCross:
		r = [4]float32{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0], 0}
	case OpDst:
		r = [4]float32{1, mulf(lm, a[1], b[1]), a[2], b[3]}
	case OpMad:
		for i := range r {
			r[i] = mulf(lm, a[i], b[i]) + c[i]
		}
	case OpLrp:
		for i := range r {
			r[i] = mulf(lm, a[i], b[i]-c[i]) + c[i]
		}
	case OpCmp:
		for i := range r {
			r[i] = c[i]
			if a[i] >= 0 {
				r[i] = b[i]
			}
		}
	case OpCnd:
		for i := range r {
			r[i] = c[i]
			if a[i] > 0.5 {
				r[i] = b[i]
			}
		}
	case OpSelect:
		var v vec
		for i := range v {
			v[i] = s[2][i]
			if s[0][i] != 0 {
				v[i] = s[1][i]
			}
		}
		return v
	case OpLt:
		return boolean(func(x, y float32) bool { return x < y })
	case OpLe:
		return boolean(func(x, y float32) bool { return x <= y })
	case OpEq:
		return boolean(func(x, y float32) bool { return x == y })
	case OpNe:
		return boolean(func(x, y float32) bool { return x != y })
	case OpGt:
		return boolean(func(x, y float32) bool { return x > y })
	case OpGe:
		return boolean(func(x, y float32) bool { return x >= y })
	case OpF2IRound, OpF2IFloor:
		var v vec
		for i := range v {
			x := float64(a[i])
			if in.Op == OpF2IRound {
				x = math.Round(x)
			} else {
				x = math.Floor(x)
			}
			v[i] = uint32(f2i(x))
		}
		return v
	case OpI2F:
		for i := range r {
			r[i] = float32(int32(s[0][i]))
		}
	case OpB2F:
		for i := range r {
			if s[0][i] != 0 {
				r[i] = 1
			}
		}
	case OpIAdd:
		var v vec
		for i := range v {
			v[i] = s[0][i] + s[1][i]
		}
		return v
	case OpNot:
		var v vec
		for i := range v {
			v[i] = b2u(s[0][i] == 0)
		}
		return v
	case OpAnd, OpOr:
		var v vec
		for i := range v {
			if in.Op == OpAnd {
				v[i] = b2u(s[0][i] != 0 && s[1][i] != 0)
			} else {
				v[i] = b2u(s[0][i] != 0 || s[1][i] != 0)
			}
		}
		return v
	case OpAny, OpAll:
		x := in.Op == OpAll
		for i := range 4 {
			if in.Op == OpAny && s[0][i] != 0 {
				x = true
			}
			if in.Op == OpAll && s[0][i] == 0 {
				x = false
			}
		}
		u := b2u(x)
		return vec{u, u, u, u}
	}
	return fbits(r)
}

// fmin and fmax follow IEEE minNum/maxNum (and MSL fmin/fmax): a NaN
// operand loses to a number.
func fmin(a, b float32) float32 {
	if a != a {
		return b
	}
	if b != b || a < b {
		return a
	}
	return b
}

func fmax(a, b float32) float32 {
	if a != a {
		return b
	}
	if b != b || a > b {
		return a
	}
	return b
}
