//go:build darwin

package winemac

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ebitengine/purego"
)

// The main thread. AppKit objects (NSApp, windows, views) are touched only
// there. Under Wine the process's main thread runs winemac's Cocoa event
// loop ([NSApp run]), which drains the main dispatch queue, so work is
// queued with dispatch_async_f on the main queue and waited for on a Go
// channel with a timeout: a dispatch_sync could hang a game thread forever
// if the main thread were ever waiting for that thread.

var mainq struct {
	once   sync.Once
	err    error
	queue  uintptr // &_dispatch_main_q, which is what dispatch_get_main_queue() returns
	asyncF uintptr // dispatch_async_f(queue, context, work)
	isMain uintptr // pthread_main_np()
	cb     uintptr // the one C callback: runs the job named by its context
}

// DefaultTimeout bounds a wait for the main thread.
const DefaultTimeout = 5 * time.Second

// ErrMainTimeout is returned when the main thread did not run the work in
// time; the work is then cancelled if it has not started.
var ErrMainTimeout = errors.New("winemac: the main thread did not run the work in time (is its run loop running?)")

type job struct {
	f     func()
	state atomic.Int32 // 0 queued, 1 running or ran, 2 cancelled
	done  chan struct{}
	err   error // a panic in f, recovered on the main thread
}

var (
	jobs    sync.Map // uintptr -> *job
	nextJob atomic.Uintptr
)

func loadMain() error {
	mainq.once.Do(func() {
		sym := func(name string) uintptr {
			a, err := purego.Dlsym(purego.RTLD_DEFAULT, name)
			if err != nil {
				return 0
			}
			return a
		}
		mainq.queue = sym(SymDispatchMainQueue)
		mainq.asyncF = sym(SymDispatchAsyncF)
		mainq.isMain = sym(SymPthreadMainNP)
		if mainq.queue == 0 || mainq.asyncF == 0 || mainq.isMain == 0 {
			mainq.err = fmt.Errorf("winemac: libdispatch symbols missing (%s %#x, %s %#x, %s %#x)",
				SymDispatchMainQueue, mainq.queue, SymDispatchAsyncF, mainq.asyncF, SymPthreadMainNP, mainq.isMain)
			return
		}
		mainq.cb = purego.NewCallback(runJob)
	})
	return mainq.err
}

// runJob is the dispatch_function_t, called on the main thread.
func runJob(ctx uintptr) {
	v, ok := jobs.LoadAndDelete(ctx)
	if !ok {
		return
	}
	j := v.(*job)
	if !j.state.CompareAndSwap(0, 1) {
		return // the waiter gave up
	}
	defer func() {
		// A panic must not unwind into libdispatch and take the
		// process (and the game) down: hand it to the waiter.
		if r := recover(); r != nil {
			j.err = fmt.Errorf("winemac: panic on the main thread: %v", r)
		}
		close(j.done)
	}()
	j.f()
}

// IsMainThread reports whether the calling OS thread is the process's
// main thread.
func IsMainThread() bool {
	if loadMain() != nil {
		return false
	}
	r, _, _ := purego.SyscallN(mainq.isMain)
	return r != 0
}

// OnMain runs f on the main thread and waits for it, at most timeout
// (DefaultTimeout when zero) for it to start. On the main thread already,
// f runs at once. f must not wait for the caller.
func OnMain(f func(), timeout time.Duration) error {
	if err := loadMain(); err != nil {
		return err
	}
	if IsMainThread() {
		f()
		return nil
	}
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	j := &job{f: f, done: make(chan struct{})}
	id := nextJob.Add(1)
	jobs.Store(id, j)
	purego.SyscallN(mainq.asyncF, mainq.queue, id, mainq.cb)
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case <-j.done:
		return j.err
	case <-t.C:
		if j.state.CompareAndSwap(0, 2) {
			jobs.Delete(id)
			return ErrMainTimeout
		}
		<-j.done // started just now: let it finish
		return j.err
	}
}

// Async queues f on the main thread and returns at once (f runs at once
// when called on the main thread). For teardown that must happen but need
// not be waited for.
func Async(f func()) error {
	if err := loadMain(); err != nil {
		return err
	}
	if IsMainThread() {
		f()
		return nil
	}
	j := &job{f: f, done: make(chan struct{})}
	id := nextJob.Add(1)
	jobs.Store(id, j)
	purego.SyscallN(mainq.asyncF, mainq.queue, id, mainq.cb)
	return nil
}
