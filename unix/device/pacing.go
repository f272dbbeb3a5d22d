package device

import (
	"time"

	"go.uber.org/zap"

	"mtld3d/core/config"
)

// Pacing: the present.* settings. present.max_fps paces Present on the
// game's thread: SubmitFrame, which a Present ends in, returns no sooner
// than the frame's slot on a grid of 1/max_fps. A grid rather than a
// sleep of one period from the last return, so a sleep that overshoots
// does not slow the rate; a frame more than a period late starts the
// grid again rather than letting the next ones run unpaced to catch up.
// present.max_frame_latency replaces the game's SetMaximumFrameLatency
// in the capture's bound (capture.go); present.vsync the interval's
// vertical-blank wait (layer.go).

// pacer is a device's frame-rate limiter; the zero value does nothing.
type pacer struct {
	period time.Duration
	next   time.Time // the next frame's slot; zero before the first
	now    func() time.Time
	sleep  func(time.Duration)
}

// wait returns at the frame's slot and moves the grid on a period.
func (p *pacer) wait() {
	if p.period <= 0 {
		return
	}
	t := p.now()
	switch {
	case p.next.IsZero() || t.Sub(p.next) > p.period:
		p.next = t
	case t.Before(p.next):
		p.sleep(p.next.Sub(t))
	}
	p.next = p.next.Add(p.period)
}

// setPacing applies the present.* settings to a new device.
func (d *Device) setPacing(c config.Config) {
	if c.MaxFPS > 0 {
		d.pace = pacer{period: time.Duration(float64(time.Second) / c.MaxFPS), now: time.Now, sleep: time.Sleep}
		d.log.Info("frame rate limited", zap.Float64("max_fps", c.MaxFPS))
	}
	if c.MaxFrameLatency > 0 {
		d.capture.latencyOverride = int(c.MaxFrameLatency)
		d.capture.latency = int(c.MaxFrameLatency)
		d.log.Info("maximum frame latency set by the configuration", zap.Uint32("frames", c.MaxFrameLatency))
	}
	d.layers.vsync = c.VSync
}
