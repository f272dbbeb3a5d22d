package device

import (
	"fmt"
	"math"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"mtld3d/shared"
)

// The performance log (perf.log = 1): every perfInterval, and at the
// device's destruction, one line of key=value figures, "perf ..." in the
// log, for cmd/mtld3d-perf to compare between two runs. The submitting
// thread counts frames (capture's counters, the time between Presents,
// its wait on the latency bound); the encoder counts builds and its
// waits for them; a timer's goroutine writes the lines, so the game's
// thread only adds to counters under an uncontended lock once a frame.

// perfInterval is how often a line is written while frames come.
const perfInterval = 5 * time.Second

// frame-time histogram: perfBucket wide, the last bucket holding all
// longer frames.
const (
	perfBucket  = 50 * time.Microsecond
	perfBuckets = 20000 // up to one second
)

// perfFigures are the counts of one window, or of the device's life.
type perfFigures struct {
	start           time.Time
	frames          int
	records, draws  int64
	uploads         int64 // guest bytes copied (uploads, UP data, bytecode)
	latencyWait     time.Duration
	functions       int64
	pipelines       int64
	buildWait       time.Duration
	guestKiB        uint32   // d3d9.dll's memory at the last Present
	hist            []uint32 // frame times
	frameTimeSum    time.Duration
	frameTimeCount  int
	presentSeen     bool
	lastPresentTime time.Time
}

func (f *perfFigures) reset(now time.Time) {
	h := f.hist
	*f = perfFigures{start: now, hist: h}
	if f.hist == nil {
		f.hist = make([]uint32, perfBuckets)
	}
	clear(f.hist)
}

func (f *perfFigures) addFrameTime(t time.Duration) {
	b := min(int(t/perfBucket), perfBuckets-1)
	f.hist[b]++
	f.frameTimeSum += t
	f.frameTimeCount++
}

// percentile is the frame time below which fraction p of the frames
// fall (bucket midpoints).
func (f *perfFigures) percentile(p float64) time.Duration {
	if f.frameTimeCount == 0 {
		return 0
	}
	want := uint64(math.Ceil(p * float64(f.frameTimeCount)))
	var n uint64
	for b, c := range f.hist {
		n += uint64(c)
		if n >= max(want, 1) {
			return time.Duration(b)*perfBucket + perfBucket/2
		}
	}
	return time.Duration(perfBuckets) * perfBucket
}

// slowestMean is the mean frame time of the slowest fraction p of the
// frames (the "1% low" frame rate is its inverse).
func (f *perfFigures) slowestMean(p float64) time.Duration {
	k := int(math.Ceil(p * float64(f.frameTimeCount)))
	if k == 0 {
		return 0
	}
	var sum time.Duration
	left := k
	for b := len(f.hist) - 1; b >= 0 && left > 0; b-- {
		c := min(int(f.hist[b]), left)
		sum += time.Duration(c) * (time.Duration(b)*perfBucket + perfBucket/2)
		left -= c
	}
	return sum / time.Duration(k)
}

type perfLog struct {
	on     bool
	mu     sync.Mutex
	window perfFigures
	total  perfFigures
	n      int // windows written
	timer  *time.Timer
	// The encoder's, read when a line is written: builds over the
	// device's life (the HUD shows them too), and the build waits since
	// the last line.
	functions, pipelines atomic.Int64
	buildWait            atomic.Int64 // ns
	// The build counts the last line took its window's from.
	seenFunctions, seenPipelines int64
}

// startPerf turns the log on for a device.
func (d *Device) startPerf() {
	p := &d.perf
	p.on = true
	now := time.Now()
	p.window.reset(now)
	p.total.reset(now)
	p.timer = time.AfterFunc(perfInterval, d.perfTick)
}

func (d *Device) perfTick() {
	p := &d.perf
	p.mu.Lock()
	if p.timer == nil { // stopped
		p.mu.Unlock()
		return
	}
	d.writePerf(false)
	p.timer.Reset(perfInterval)
	p.mu.Unlock()
}

// stopPerf writes the last window and the device's whole life.
func (d *Device) stopPerf() {
	p := &d.perf
	if !p.on {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.timer == nil {
		return
	}
	p.timer.Stop()
	p.timer = nil
	if p.window.frames > 0 || p.window.records > 0 {
		d.writePerf(false)
	}
	d.writePerf(true)
}

// perfFrame counts a captured frame (the submitting thread).
func (d *Device) perfFrame(f *captured, latencyWait time.Duration) {
	p := &d.perf
	if !p.on {
		return
	}
	now := time.Now()
	p.mu.Lock()
	for _, w := range []*perfFigures{&p.window, &p.total} {
		w.records += int64(f.records)
		w.draws += int64(f.draws)
		w.uploads += int64(f.owned)
		w.latencyWait += latencyWait
		if f.presents > 0 {
			w.frames += f.presents
			w.guestKiB = f.guestKiB
			if w.presentSeen {
				w.addFrameTime(now.Sub(w.lastPresentTime))
			}
			w.presentSeen, w.lastPresentTime = true, now
		}
	}
	p.mu.Unlock()
}

// writePerf logs the window's line (total: the device's life) and starts
// a new window. Under p.mu.
func (d *Device) writePerf(total bool) {
	p := &d.perf
	now := time.Now()
	fnAll, plAll := p.functions.Load(), p.pipelines.Load()
	fn, pl, bw := fnAll-p.seenFunctions, plAll-p.seenPipelines, time.Duration(p.buildWait.Swap(0))
	p.seenFunctions, p.seenPipelines = fnAll, plAll
	p.window.functions += fn
	p.window.pipelines += pl
	p.window.buildWait += bw
	p.total.functions += fn
	p.total.pipelines += pl
	p.total.buildWait += bw
	w := &p.window
	name := fmt.Sprint(p.n + 1)
	if total {
		w, name = &p.total, "total"
	}
	secs := now.Sub(w.start).Seconds()
	frames := max(w.frames, 1)
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	var b strings.Builder
	kv := func(k string, v any) {
		switch v := v.(type) {
		case float64:
			fmt.Fprintf(&b, " %s=%.2f", k, v)
		default:
			fmt.Fprintf(&b, " %s=%v", k, v)
		}
	}
	b.WriteString("perf")
	kv("window", name)
	kv("seconds", secs)
	kv("frames", w.frames)
	kv("fps", float64(w.frames)/max(secs, 1e-9))
	msOf := func(t time.Duration) float64 { return float64(t) / float64(time.Millisecond) }
	fpsOf := func(t time.Duration) float64 {
		if t <= 0 {
			return 0
		}
		return float64(time.Second) / float64(t)
	}
	kv("fps_p50", fpsOf(w.percentile(0.5)))
	kv("fps_1low", fpsOf(w.slowestMean(0.01)))
	kv("frametime_p50_ms", msOf(w.percentile(0.5)))
	kv("frametime_p99_ms", msOf(w.percentile(0.99)))
	kv("draws_per_frame", float64(w.draws)/float64(frames))
	kv("calls_per_frame", float64(w.records)/float64(frames))
	kv("upload_kib_per_frame", float64(w.uploads)/1024/float64(frames))
	kv("functions_built", w.functions)
	kv("pipelines_built", w.pipelines)
	kv("build_wait_ms", msOf(w.buildWait))
	kv("latency_wait_ms", msOf(w.latencyWait))
	kv("guest_mib", float64(w.guestKiB)/1024)
	kv("unix_heap_mib", float64(ms.HeapAlloc)/(1<<20))
	kv("unix_sys_mib", float64(ms.Sys)/(1<<20))
	if rss := peakRSS(); rss > 0 {
		kv("process_peak_rss_mib", float64(rss)/(1<<20))
	}
	d.log.Info(b.String())
	if !total {
		p.n++
		p.window.reset(now)
	}
}

// isDrawRecord marks the record codes that draw, for perf's count.
var isDrawRecord = func() (t [shared.MaxRecordCode]bool) {
	for _, n := range []string{"Draw", "DrawIndexed", "DrawUP"} {
		t[shared.RecordCode(n)] = true
	}
	return t
}()

// perfWait times the encoder's wait for a build it needs.
func (d *Device) perfWait(start time.Time) {
	if d.perf.on {
		d.perf.buildWait.Add(int64(time.Since(start)))
	}
}

// peakRSS is the process's peak resident memory in bytes (the guest's
// and the unix side's together: one process), 0 if unknown.
func peakRSS() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	if runtime.GOOS == "darwin" {
		return int64(ru.Maxrss) // bytes there
	}
	return int64(ru.Maxrss) << 10 // KiB on Linux
}
