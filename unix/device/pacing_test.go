package device

import (
	"testing"
	"time"

	"mtld3d/core/config"
	"mtld3d/shared"
	"mtld3d/types"
)

// The limiter sleeps each frame to its slot on a grid of one period, so
// an overshooting sleep does not slow the rate, and a frame more than a
// period late starts the grid again.
func TestPacerGrid(t *testing.T) {
	clock := time.Unix(100, 0)
	var slept []time.Duration
	p := pacer{period: 10 * time.Millisecond, now: func() time.Time { return clock },
		sleep: func(d time.Duration) { slept = append(slept, d); clock = clock.Add(d + time.Millisecond) }}
	step := func(work time.Duration) time.Duration {
		n := len(slept)
		clock = clock.Add(work)
		p.wait()
		if len(slept) == n {
			return 0
		}
		return slept[n]
	}
	for i, c := range []struct {
		work, want time.Duration
	}{
		{0, 0}, // the first frame sets the grid: slot 0, next 10
		{2 * time.Millisecond, 8 * time.Millisecond}, // slept to 10 (overshot to 11); next 20
		{3 * time.Millisecond, 6 * time.Millisecond}, // at 14: to 20, not 24 (overshot to 21); next 30
		{12 * time.Millisecond, 0},                   // at 33, late by 3: no sleep; next 40
		{25 * time.Millisecond, 0},                   // at 58, late by 18 > a period: the grid restarts at 58; next 68
		{5 * time.Millisecond, 5 * time.Millisecond}, // at 63: to 68
	} {
		if got := step(c.work); got != c.want {
			t.Errorf("frame %d: slept %v, want %v", i, got, c.want)
		}
	}
	var off pacer // no limit: never sleeps, needs no clock
	off.wait()
}

// present.max_frame_latency replaces whatever SetMaximumFrameLatency
// asks; without it the game's value (0 meaning 3) holds.
func TestFrameLatencyOverride(t *testing.T) {
	for _, c := range []struct {
		override, set uint32
		want          int
	}{{0, 5, 5}, {0, 0, 3}, {1, 5, 1}, {2, 0, 2}} {
		d := newTestDevice(t)
		d.setPacing(config.Config{MaxFrameLatency: c.override})
		ch := newChunk()
		add(ch, code("SetFrameLatency"), shared.RecSetFrameLatency{Latency: c.set})
		submit(t, d, ch)
		if d.capture.latency != c.want {
			t.Errorf("override %d, SetMaximumFrameLatency(%d): bound %d, want %d", c.override, c.set, d.capture.latency, c.want)
		}
	}
}

// present.vsync on and off win over the presentation interval.
func TestVSyncOverride(t *testing.T) {
	for _, c := range []struct {
		v        config.VSync
		interval uint32
		want     bool
	}{{config.VSyncOn, types.D3DPRESENT_INTERVAL_IMMEDIATE, true}, {config.VSyncOff, types.D3DPRESENT_INTERVAL_ONE, false},
		{config.VSyncApp, types.D3DPRESENT_INTERVAL_IMMEDIATE, false}, {config.VSyncApp, types.D3DPRESENT_INTERVAL_ONE, true},
		{config.VSyncApp, types.D3DPRESENT_INTERVAL_DEFAULT, true}} {
		d, _ := newLayerDevice(t, false)
		d.setPacing(config.Config{VSync: c.v})
		ch := newChunk()
		setup(ch, types.D3DFMT_X8R8G8B8)
		r := windowPresent(9, 1, 8, 8, 8, 8, 0x10020)
		r.Interval = c.interval
		add(ch, code("Present"), r)
		submit(t, d, ch)
		if got := shownLayer(t, d, 9).DisplaySync(); got != c.want {
			t.Errorf("vsync %v, interval %#x: display sync %v, want %v", c.v, c.interval, got, c.want)
		}
	}
}
