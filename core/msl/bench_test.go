package msl_test

import (
	"testing"

	"mtld3d/core/msl"
)

// BenchmarkEmit measures IR to MSL emission (validation and variant
// application included) per shader over the golden set.
func BenchmarkEmit(b *testing.B) {
	gs := goldens()
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		for _, g := range gs {
			if _, err := msl.Emit(g.s, g.key); err != nil {
				b.Fatal(err)
			}
			n++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e3/float64(n), "us/shader")
}
