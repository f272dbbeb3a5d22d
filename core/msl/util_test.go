package msl_test

import "math"

func posInf() float64  { return math.Inf(1) }
func negInf() float64  { return math.Inf(-1) }
func nan() float64     { return math.NaN() }
func negZero() float64 { return math.Copysign(0, -1) }
