package lower

import (
	"sort"
	"testing"
	"time"

	"mtld3d/core/dxso"
	"mtld3d/core/msl"
)

// BenchmarkPipeline measures parse + lower + MSL emission (default variant
// key) of every corpus shader from its bytecode. One benchmark op is one
// pass over the corpus; the reported median-us/shader is the median over
// the corpus shaders of each shader's mean time, so a few big shaders do
// not hide the typical cost.
//
//	go test ./core/dxso/lower -run '^$' -bench Pipeline
func BenchmarkPipeline(b *testing.B) {
	corpus := loadCorpus(b)
	codes := make([][]uint32, len(corpus))
	for i, c := range corpus {
		code, err := dxso.Assemble(c.src)
		if err != nil {
			b.Fatal(err)
		}
		codes[i] = code
	}
	total := make([]time.Duration, len(codes))
	b.ReportAllocs()
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		for i, code := range codes {
			start := time.Now()
			p, err := dxso.Parse(code)
			if err != nil {
				b.Fatal(err)
			}
			res, err := Lower(p, Options{})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := msl.Emit(res.Shader, msl.VariantKey{}); err != nil {
				b.Fatal(err)
			}
			total[i] += time.Since(start)
		}
	}
	b.StopTimer()
	per := make([]float64, len(total))
	for i, d := range total {
		per[i] = float64(d.Nanoseconds()) / float64(b.N) / 1e3
	}
	sort.Float64s(per)
	med := per[len(per)/2]
	if len(per)%2 == 0 {
		med = (per[len(per)/2-1] + per[len(per)/2]) / 2
	}
	b.ReportMetric(med, "median-us/shader")
	b.ReportMetric(per[len(per)-1], "max-us/shader")
}
