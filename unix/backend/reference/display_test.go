package reference

import (
	"testing"
	"time"

	"mtld3d/core/pixfmt"
	"mtld3d/unix/backend"
)

// fakeClock is a display's clock in tests: sleeping moves it on.
type fakeClock struct {
	t      time.Time
	slept  []time.Duration
	events []time.Time // when each present returned
}

func (c *fakeClock) now() time.Time { return c.t }
func (c *fakeClock) sleep(d time.Duration) {
	c.slept = append(c.slept, d)
	c.t = c.t.Add(d)
}

// displayRig is a NewDisplay device at hz whose display runs on a fake
// clock starting at its epoch, and one layer of it.
func displayRig(t *testing.T, hz float64) (*fakeClock, *Layer) {
	t.Helper()
	d := NewDisplay(hz)
	c := &fakeClock{t: d.disp.epoch}
	if d.disp.period > 0 {
		d.disp.now, d.disp.sleep = c.now, c.sleep
	}
	l, err := d.NewLayer(backend.LayerDesc{Width: 2, Height: 2, Format: pixfmt.BGRA8Unorm})
	if err != nil {
		t.Fatal(err)
	}
	return c, l.(*Layer)
}

// presentAt presents a drawable of l at the clock's time plus after, as
// the queue does, and notes when it was shown.
func presentAt(t *testing.T, c *fakeClock, l *Layer, after time.Duration) {
	t.Helper()
	c.t = c.t.Add(after)
	dr, err := l.NextDrawable()
	if err != nil {
		t.Fatal(err)
	}
	l.present(dr.(*Drawable))
	c.events = append(c.events, c.t)
}

func TestDisplaySyncWaitsForTheBlank(t *testing.T) {
	const period = 20 * time.Millisecond // 50 Hz
	c, l := displayRig(t, 50)
	epoch := c.t
	if !l.DisplaySync() {
		t.Fatal("a new layer's display sync is off; CAMetalLayer's starts on")
	}
	// Ready 5 ms into the first refresh: shown at its end. Ready at
	// once after that, at the blank that showed the last: the next one.
	// Ready 30 ms later: the first blank after that, on the grid from
	// the epoch. Ready a refresh after that, exactly at a blank: the
	// next one.
	presentAt(t, c, l, 5*time.Millisecond)
	presentAt(t, c, l, 0)
	presentAt(t, c, l, 30*time.Millisecond)
	presentAt(t, c, l, period)
	want := []time.Duration{period, 2 * period, 4 * period, 6 * period}
	for i, w := range want {
		if got := c.events[i].Sub(epoch); got != w {
			t.Errorf("frame %d shown at %v, want %v", i, got, w)
		}
	}
	if _, n := l.Presented(); n != 4 {
		t.Errorf("%d frames presented, want 4", n)
	}

	// Off: shown at once, whatever the grid.
	l.SetDisplaySync(false)
	n := len(c.slept)
	before := c.t
	for range 5 {
		presentAt(t, c, l, time.Millisecond)
	}
	if len(c.slept) != n || c.t.Sub(before) != 5*time.Millisecond {
		t.Errorf("display sync off slept %v", c.slept[n:])
	}
	// On again: the next blank after now, not one per refresh since
	// the last synced frame.
	l.SetDisplaySync(true)
	presentAt(t, c, l, 0)
	if got := c.t.Sub(epoch); got != 7*period {
		t.Errorf("first synced frame after unsynced ones shown at %v, want %v", got, 7*period)
	}
}

// A device without a display (New, or NewDisplay(0)) never waits.
func TestNoDisplayShowsAtOnce(t *testing.T) {
	c, l := displayRig(t, 0)
	if l.dev.RefreshHz() != 0 {
		t.Fatalf("refresh %v, want 0", l.dev.RefreshHz())
	}
	for range 3 {
		presentAt(t, c, l, 0)
	}
	if _, n := l.Presented(); n != 3 {
		t.Errorf("%d frames presented, want 3", n)
	}
}

// Through a real queue and clock: frames committed as fast as the CPU
// makes them complete no faster than the refresh, each command buffer
// after the blank that shows its drawable. The first blank comes after
// the first commit, so the last frame's completes at least frames-1
// refreshes after it (a lower bound only: how much longer the machine
// takes is its own; and measured from the commit, not from the first
// completion, whose wake-up may be late).
func TestDisplaySyncPacesCommandBuffers(t *testing.T) {
	const hz, frames = 50, 6
	dev := NewDisplay(hz)
	if got := dev.RefreshHz(); got != hz {
		t.Fatalf("refresh %v, want %v", got, hz)
	}
	q, err := dev.NewCommandQueue()
	if err != nil {
		t.Fatal(err)
	}
	defer q.Release()
	layer, err := dev.NewLayer(backend.LayerDesc{Width: 4, Height: 4, Format: pixfmt.BGRA8Unorm})
	if err != nil {
		t.Fatal(err)
	}
	layer.SetDisplaySync(true)
	var cbs []backend.CommandBuffer
	done := make([]time.Time, frames)
	start := time.Now()
	for i := range frames {
		d, _ := layer.NextDrawable()
		cb := q.CommandBuffer()
		cb.RenderCommandEncoder(colorPass(d.Texture(), [4]float64{float64(i) / frames, 0, 0, 1})).EndEncoding()
		cb.PresentDrawable(d)
		cb.AddCompletedHandler(func(backend.CommandBuffer) { done[i] = time.Now() })
		cb.Commit()
		cbs = append(cbs, cb)
	}
	for _, cb := range cbs {
		cb.WaitUntilCompleted()
	}
	last := done[frames-1]
	if d := last.Sub(start); d < (frames-1)*time.Second/hz {
		t.Errorf("%d synced presents at %d Hz completed within %v, want at least %v", frames, hz, d, (frames-1)*time.Second/hz)
	}
	if _, n := layer.(*Layer).Presented(); n != frames {
		t.Errorf("%d frames presented, want %d", n, frames)
	}
}
