package reference

import "time"

// The simulated display. A CAMetalLayer with displaySyncEnabled shows a
// presented drawable at the display's next vertical blank, one drawable
// a refresh at most; with it off, at once (tearing). A device made with
// NewDisplay has a display refreshing at a fixed rate, whose blanks fall
// on a fixed grid from the device's creation, and its layers follow that
// rule: presenting a drawable with display sync on waits, on the queue's
// goroutine where the command buffer runs, for the first blank after the
// drawable is ready and after the blank that showed the layer's last
// frame. The command buffer completes only after that, so the device's
// frame-latency bound, which counts completed frames, is what holds the
// game back, as a Mac's full drawable queue does. (On Metal the GPU
// goes on with later command buffers meanwhile and nextDrawable is what
// waits; here the queue waits, which delays the same frames.) A device
// without a display (New, refresh 0) shows every frame at once.

// display is a device's vertical-blank grid; the zero value is none.
type display struct {
	period time.Duration // 0: no display
	epoch  time.Time     // a blank
	now    func() time.Time
	sleep  func(time.Duration)
}

// NewDisplay returns a reference device whose layers show their frames
// on a simulated display refreshing refreshHz times a second (0 or less:
// none, frames are shown at once).
func NewDisplay(refreshHz float64) *Device {
	d := New()
	if refreshHz > 0 {
		d.disp = display{period: time.Duration(float64(time.Second) / refreshHz), epoch: time.Now(),
			now: time.Now, sleep: time.Sleep}
	}
	return d
}

// RefreshHz is the simulated display's refresh rate; 0 for none.
func (d *Device) RefreshHz() float64 {
	if d.disp.period <= 0 {
		return 0
	}
	return float64(time.Second) / float64(d.disp.period)
}

// blank returns when a frame ready now is shown: the first blank after
// now and after last (the blank that showed the layer's previous frame;
// zero for none).
func (p *display) blank(now, last time.Time) time.Time {
	since := now.Sub(p.epoch)
	n := since / p.period
	if since < 0 && since%p.period != 0 {
		n-- // floor, for a clock that starts before the epoch
	}
	t := p.epoch.Add((n + 1) * p.period)
	if !last.IsZero() && !t.After(last) {
		t = last.Add(p.period)
	}
	return t
}

// wait holds a presented drawable of a layer with display sync on
// until the blank that shows it, and returns that blank; last is the
// layer's previous one. Without a display it returns at once, with the
// zero time.
func (p *display) wait(last time.Time) time.Time {
	if p.period <= 0 {
		return time.Time{}
	}
	now := p.now()
	t := p.blank(now, last)
	p.sleep(t.Sub(now))
	return t
}
