package device

import (
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"mtld3d/shared"
	"mtld3d/types"
)

func TestPerfPercentiles(t *testing.T) {
	var f perfFigures
	f.reset(time.Now())
	for range 98 {
		f.addFrameTime(10 * time.Millisecond)
	}
	f.addFrameTime(40 * time.Millisecond)
	f.addFrameTime(2 * time.Second) // past the last bucket: counted there
	mid := func(t time.Duration) time.Duration { return t/perfBucket*perfBucket + perfBucket/2 }
	if got := f.percentile(0.5); got != mid(10*time.Millisecond) {
		t.Errorf("p50 %v", got)
	}
	if got := f.percentile(0.99); got != mid(40*time.Millisecond) {
		t.Errorf("p99 %v", got)
	}
	// The slowest 1% of 100 frames is the one in the last bucket.
	if got, want := f.slowestMean(0.01), time.Duration(perfBuckets-1)*perfBucket+perfBucket/2; got != want {
		t.Errorf("slowest 1%% %v, want %v", got, want)
	}
	var empty perfFigures
	empty.reset(time.Now())
	if empty.percentile(0.5) != 0 || empty.slowestMean(0.01) != 0 {
		t.Error("an empty window has frame times")
	}
}

// With perf.log on, destroying the device writes its last window and a
// line for its whole life, whose counts are the frames submitted.
func TestPerfLogLines(t *testing.T) {
	d := newTestDevice(t)
	core, logs := observer.New(zap.InfoLevel)
	d.log = zap.New(core)
	d.startPerf()
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	submit(t, d, c)
	for range 3 {
		c := newChunk()
		v := f32s(0, 0, 0.5, 1, 8, 0, 0.5, 1, 0, 8, 0.5, 1)
		add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1, Stride: 16, VertexBytes: uint32(len(v))}, v...)
		add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1, Stride: 16, VertexBytes: uint32(len(v))}, v...)
		r := windowPresent(9, 1, 8, 8, 8, 8, 0x10020)
		r.GuestKiB = 2048
		add(c, code("Present"), r)
		submit(t, d, c)
	}
	d.stopPerf()
	d.stopPerf() // once only
	var lines []string
	for _, e := range logs.All() {
		if strings.HasPrefix(e.Message, "perf ") {
			lines = append(lines, e.Message)
		}
	}
	if len(lines) != 2 || !strings.Contains(lines[0], "window=1 ") || !strings.Contains(lines[1], "window=total ") {
		t.Fatalf("perf lines %q, want window 1 and total", lines)
	}
	for _, want := range []string{" frames=3 ", " draws_per_frame=2.00 ", " upload_kib_per_frame=", " frametime_p50_ms=", " guest_mib=2.00 ", " unix_heap_mib="} {
		if !strings.Contains(lines[1], want) {
			t.Errorf("total line lacks %q: %s", want, lines[1])
		}
	}
}
