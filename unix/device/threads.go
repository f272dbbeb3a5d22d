package device

import (
	"fmt"
	"runtime"
	"sync"
	"time"
	"unsafe"

	"go.uber.org/zap"

	"mtld3d/shared"
	"mtld3d/unix/backend"
)

// The threads of a started device (Start): SubmitFrame captures a frame
// (capture.go) on the guest's thread and hands it to the encoder.
//
//	guest thread --frames--> encoder --submissions--> submit --committed--> retire --presents--> presenter
//
// Each arrow is a channel of capacity one, so a stage is at most one item
// ahead of the next. The encoder replays records into backend commands;
// the submit goroutine commits each command buffer as it comes, and the
// retire goroutine waits for them in order and runs their completion work
// (transient buffers back to the encoder, for reuse): so up to three
// command buffers are in flight (one waited on, one queued to it, one
// committed and waiting to be queued), and the frame-latency bound, not
// a wait after each commit, is what holds the game back. The presenter
// runs present-time work (frame dumps). Drawables are taken and filled on the encoder
// (layer.go says why). Each goroutine keeps its OS thread.
// A device that is not started runs every stage inline on the caller's
// goroutine (the unit tests' Replay).

// submission is one command buffer and what waits for its completion.
type submission struct {
	cb        backend.CommandBuffer // nil: only completion work
	transient []backend.Buffer
	present   []func()
	presents  int // presented frames this completes
}

// job is an encoder item: a captured frame, or a call to run once every
// earlier item has completed (a sync point).
type job struct {
	frame *captured
	call  func()
	done  chan struct{}
}

// pipeline is a started device's goroutines and their counters.
type pipeline struct {
	enc  chan job
	sub  chan submission
	wait chan submission // committed, to retire
	pres chan submission
	exit sync.WaitGroup

	mu   sync.Mutex
	cond sync.Cond
	// Submissions handed to the submit goroutine and finished by it.
	handed, retired uint64
	// Presented frames accepted by Submit, and finished by the presenter.
	presented, completed uint64
	// blocked, for tests: called (under mu) when Submit waits for the
	// frame-latency bound.
	blocked func()
}

// Start runs the device's encoder, submit and presenter goroutines.
func (d *Device) Start() {
	p := &pipeline{enc: make(chan job, 1), sub: make(chan submission, 1), wait: make(chan submission, 1), pres: make(chan submission, 1)}
	p.cond.L = &p.mu
	d.pipe = p
	d.startCompiler()
	p.exit.Add(4)
	go d.encoder(p)
	go d.submitter(p)
	go d.retirer(p)
	go d.presenter(p)
}

// Stop drains the pipeline and ends its goroutines; the device's model is
// the caller's again.
func (d *Device) Stop() {
	p := d.pipe
	if p == nil {
		return
	}
	close(p.enc)
	p.exit.Wait()
	d.stopCompiler()
	d.pipe = nil
}

func (d *Device) encoder(p *pipeline) {
	runtime.LockOSThread()
	defer p.exit.Done()
	for j := range p.enc {
		d.encode(j)
	}
	d.flush()
	close(p.sub)
}

// encode runs one encoder item; a panic is logged, and the next item runs.
func (d *Device) encode(j job) {
	ended := false
	defer func() {
		if r := recover(); r != nil {
			d.log.Error("encoder panicked", zap.Any("panic", r), zap.Stack("stack"))
		}
		if j.frame != nil {
			if !ended && j.frame.presents > 0 {
				// The frame never reached the submit stage: count it
				// completed, or the latency bound would wait for it forever.
				d.submit(submission{presents: j.frame.presents})
			}
			j.frame.release()
		}
		if j.done != nil {
			close(j.done)
		}
	}()
	if j.frame != nil {
		if j.frame.snapPath != "" {
			d.hotkeyCapture(j.frame)
		}
		if err := d.replay(j.frame.chunks); err != nil {
			d.log.Error("frame replay failed", zap.Error(err))
		}
		ended = true
		d.endFrame(j.frame.presents)
	}
	if j.call != nil {
		d.flush()
		j.call()
	}
}

func (d *Device) submitter(p *pipeline) {
	runtime.LockOSThread()
	defer p.exit.Done()
	for s := range p.sub {
		d.commit(s)
		p.wait <- s
	}
	close(p.wait)
}

func (d *Device) retirer(p *pipeline) {
	runtime.LockOSThread()
	defer p.exit.Done()
	for s := range p.wait {
		d.retire(s)
		p.pres <- submission{present: s.present, presents: s.presents}
		p.mu.Lock()
		p.retired++
		p.cond.Broadcast()
		p.mu.Unlock()
	}
	close(p.pres)
}

func (d *Device) presenter(p *pipeline) {
	runtime.LockOSThread()
	defer p.exit.Done()
	for s := range p.pres {
		d.presentWork(s)
		if s.presents > 0 {
			p.mu.Lock()
			p.completed += uint64(s.presents)
			p.cond.Broadcast()
			p.mu.Unlock()
		}
	}
}

// complete commits a submission's command buffer, waits for it and
// gives its transient buffers back to the encoder (completedTransients).
func (d *Device) complete(s submission) {
	d.commit(s)
	d.retire(s)
}

// commit commits a submission's command buffer.
func (d *Device) commit(s submission) {
	defer func() {
		if r := recover(); r != nil {
			d.log.Error("command buffer commit panicked", zap.Any("panic", r), zap.Stack("stack"))
		}
	}()
	if s.cb != nil {
		s.cb.Commit()
	}
}

// retire waits for a committed submission and gives its transient
// buffers back to the encoder (completedTransients).
func (d *Device) retire(s submission) {
	defer func() {
		if r := recover(); r != nil {
			d.log.Error("command buffer completion panicked", zap.Any("panic", r), zap.Stack("stack"))
		}
	}()
	if s.cb != nil {
		s.cb.WaitUntilCompleted()
		if err := s.cb.Error(); err != nil {
			d.log.Error("command buffer failed", zap.Error(err))
		}
	}
	if len(s.transient) > 0 {
		d.doneMu.Lock()
		d.doneBufs = append(d.doneBufs, s.transient...)
		d.doneMu.Unlock()
	}
}

// completedTransients takes the transient buffers of command buffers
// that have completed, which the encoder may fill again.
func (d *Device) completedTransients() []backend.Buffer {
	d.doneMu.Lock()
	defer d.doneMu.Unlock()
	b := d.doneBufs
	d.doneBufs = nil
	return b
}

// presentWork runs a completed submission's present-time work.
func (d *Device) presentWork(s submission) {
	for _, f := range s.present {
		func() {
			defer func() {
				if r := recover(); r != nil {
					d.log.Error("present work panicked", zap.Any("panic", r), zap.Stack("stack"))
				}
			}()
			f()
		}()
	}
}

// submit hands a submission to the submit stage (inline when the device
// is not started).
func (d *Device) submit(s submission) {
	p := d.pipe
	if p == nil {
		d.complete(s)
		d.presentWork(s)
		return
	}
	p.mu.Lock()
	p.handed++
	p.mu.Unlock()
	p.sub <- s
}

// retiredAll says whether every submission handed so far has completed.
func (d *Device) retiredAll() bool {
	p := d.pipe
	if p == nil {
		return true
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.retired == p.handed
}

// waitSubmitted waits until every submission handed so far has completed
// (its command buffer and its completion work; present work may still
// run). Called on the encoder goroutine.
func (d *Device) waitSubmitted() {
	p := d.pipe
	if p == nil {
		return
	}
	p.mu.Lock()
	for p.retired < p.handed {
		p.cond.Wait()
	}
	p.mu.Unlock()
}

// Submit captures a frame from the guest chunks at addrs and queues it
// for the encoder. A frame with a Present first waits while the maximum
// frame latency of presented frames is outstanding. On a device that is
// not started it replays the frame before returning.
func (d *Device) Submit(addrs []uint64) error {
	_, err := d.submitFrame(addrs, false)
	return err
}

// submitFrame is Submit; with noWait it takes the frame (true) only if
// the encoder can queue it at once, and otherwise leaves the chunks
// alone (false): a part of a long frame the guest would rather keep
// growing than wait for (the guest sends those without a Present, which
// could wait for the latency bound). Every send to the encoder is made
// under api, so a free slot stays free until the send.
func (d *Device) submitFrame(addrs []uint64, noWait bool) (bool, error) {
	taken, presents, err := d.submitLocked(addrs, noWait)
	if presents > 0 {
		// After the frame is queued, so the encoder works while the game's
		// thread waits for its slot (pacing.go).
		d.pace.wait()
	}
	return taken, err
}

// submitLocked is submitFrame under api, and says how many Presents the
// frame held.
func (d *Device) submitLocked(addrs []uint64, noWait bool) (bool, int, error) {
	d.api.Lock()
	defer d.api.Unlock()
	if d.closed {
		return false, 0, fmt.Errorf("device destroyed")
	}
	if p := d.pipe; noWait && p != nil && len(p.enc) == cap(p.enc) {
		return false, 0, nil
	}
	f, err := d.capture.capture(addrs)
	if err != nil {
		return false, 0, err
	}
	for _, g := range f.faults {
		d.log.Error("a record names guest memory that cannot be read; the record is dropped",
			zap.String("record", shared.RecordName(g.record)), zap.Uint64("address", g.addr), zap.Int("size", g.size))
	}
	d.recordFrame(f)
	d.captureFrame(f)
	d.wantHotkeyCapture(f)
	p := d.pipe
	if p == nil {
		defer f.release()
		d.perfFrame(f, 0)
		if f.snapPath != "" {
			d.hotkeyCapture(f)
		}
		err := d.replay(f.chunks)
		d.endFrame(f.presents)
		d.flush()
		return true, f.presents, err
	}
	var waited time.Duration
	if f.presents > 0 {
		p.mu.Lock()
		if p.blocked != nil && p.presented-p.completed >= uint64(d.capture.latency) {
			p.blocked()
		}
		if p.presented-p.completed >= uint64(d.capture.latency) {
			start := time.Now()
			for p.presented-p.completed >= uint64(d.capture.latency) {
				p.cond.Wait()
			}
			waited = time.Since(start)
		}
		p.presented += uint64(f.presents)
		p.mu.Unlock()
	}
	d.perfFrame(f, waited)
	presents := f.presents
	p.enc <- job{frame: f}
	return true, presents, nil
}

// presentWouldWait reports whether Submit would now wait on the frame
// latency bound before taking a frame with a Present.
func (d *Device) presentWouldWait() bool {
	d.api.Lock()
	defer d.api.Unlock()
	p := d.pipe
	if p == nil || d.closed {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.presented-p.completed >= uint64(d.capture.latency)
}

func presentWouldWaitThunk(ptr unsafe.Pointer) shared.Status {
	a := (*shared.PresentWouldWaitParams)(ptr)
	d := lookup(a.DeviceID)
	if d == nil {
		return shared.StatusInvalidParameter
	}
	a.Wait = 0
	if d.presentWouldWait() {
		a.Wait = 1
	}
	return shared.StatusSuccess
}

// call runs f once every frame submitted before has been replayed and its
// command buffers have completed: a sync point for what reads the unix
// side's state or resources for the guest (readbacks, ProcessVertices).
// f runs on the encoder goroutine, which owns the device's model.
func (d *Device) call(f func()) error {
	d.api.Lock()
	defer d.api.Unlock()
	if d.closed {
		return fmt.Errorf("device destroyed")
	}
	// f may write guest memory the game passed (a readback's destination).
	run := func() error { return guarded(func() error { f(); return nil }) }
	p := d.pipe
	if p == nil {
		d.flush()
		return run()
	}
	var err error
	done := make(chan struct{})
	p.enc <- job{call: func() { err = run() }, done: done}
	<-done
	return err
}

// close stops the device's goroutines once the frames queued have run;
// later calls are refused.
func (d *Device) close() {
	d.api.Lock()
	defer d.api.Unlock()
	if d.closed {
		return
	}
	d.closed = true
	d.Stop()
}
