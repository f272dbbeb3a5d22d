package device

import (
	"encoding/binary"
	"reflect"
	"runtime"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"mtld3d/core/format"
	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend"
)

// Every record that names guest memory (a uint64 address field) has a
// capture, so SubmitFrame copies what it names before the guest reuses it.
func TestEveryGuestPointerRecordHasACapture(t *testing.T) {
	for _, r := range shared.Records {
		for i := 0; i < r.Type.NumField(); i++ {
			if r.Type.Field(i).Type.Kind() == reflect.Uint64 && captures[r.Code] == nil {
				t.Errorf("record %s (%d) carries %s but has no capture", r.Name, r.Code, r.Type.Field(i).Name)
			}
		}
	}
}

// gated is a backend whose command buffers complete only when the test
// sends on gate (one send per command buffer).
type gated struct {
	backend.Device
	gate chan struct{}
}

type gatedQueue struct {
	backend.CommandQueue
	gate chan struct{}
}

type gatedCB struct {
	backend.CommandBuffer
	gate chan struct{}
}

func (g *gated) NewCommandQueue() (backend.CommandQueue, error) {
	q, err := g.Device.NewCommandQueue()
	return &gatedQueue{q, g.gate}, err
}
func (q *gatedQueue) CommandBuffer() backend.CommandBuffer {
	return &gatedCB{q.CommandQueue.CommandBuffer(), q.gate}
}
func (c *gatedCB) WaitUntilCompleted() {
	<-c.gate
	c.CommandBuffer.WaitUntilCompleted()
}

func startedDevice(t *testing.T, be backend.Device) *Device {
	d, err := New(be, format.Target{AppleGPU: true})
	if err != nil {
		t.Fatal(err)
	}
	d.log = zaptest.NewLogger(t)
	d.Start()
	return d
}

func submit(t *testing.T, d *Device, cs ...*chunk) {
	t.Helper()
	var addrs []uint64
	var keep [][]byte
	for _, c := range cs {
		b := c.bytes()
		keep = append(keep, b)
		addrs = append(addrs, addr(b))
	}
	if err := d.Submit(addrs); err != nil {
		t.Fatal(err)
	}
	runtime.KeepAlive(keep)
}

// readPixel reads an A8R8G8B8 pixel at a sync point (on the encoder
// goroutine, where nothing may call t.Fatal).
func readPixel(t *testing.T, d *Device, id uint32, w, h, x, y int) uint32 {
	t.Helper()
	buf := make([]byte, 4*w*h)
	var err error
	if cerr := d.call(func() { err = d.ReadSurface(id, buf, 4*w, h, 4*w) }); cerr != nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	return binary.LittleEndian.Uint32(buf[4*(y*w+x):])
}

// The guest may overwrite its chunks, uploads and UP data as soon as
// SubmitFrame returns; the frame still renders what was recorded.
func TestCapturedFrameOutlivesGuestMemory(t *testing.T) {
	d := startedDevice(t, testBackend(t))
	defer func() { d.close(); d.Release() }()

	// Hold the encoder so the frame is replayed only after the overwrite.
	hold, held := make(chan struct{}), make(chan struct{})
	d.pipe.enc <- job{call: func() { close(held); <-hold }}
	<-held

	// A plain 2x2 surface uploaded from "guest" rows, and a red UP
	// triangle over the top-left half of an 8x8 target from guest data.
	rows := make([]byte, 16)
	for i := range 4 {
		binary.LittleEndian.PutUint32(rows[4*i:], 0xff00ff00)
	}
	var tri []byte
	tri = append(tri, vtx(0, 0, 0.5, 0xffff0000)...)
	tri = append(tri, vtx(8, 0, 0.5, 0xffff0000)...)
	tri = append(tri, vtx(0, 8, 0.5, 0xffff0000)...)
	c := newChunk()
	setup(c, types.D3DFMT_A8R8G8B8)
	add(c, code("CreateSurface"), shared.RecCreateSurface{ID: 30, Kind: shared.SurfacePlain, Width: 2, Height: 2, Format: uint32(types.D3DFMT_A8R8G8B8)})
	add(c, code("UploadSurface"), shared.RecUploadSurface{Surface: 30, Pitch: 8, Right: 2, Bottom: 2, Src: addr(rows)})
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET | types.D3DCLEAR_ZBUFFER, Color: 0xff000000, Z: 1})
	add(c, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_LIGHTING), Value: 0})
	add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1, Stride: 20,
		VertexBytes: uint32(len(tri)), Data: addr(tri)})
	chunkBytes := c.bytes()
	if err := d.Submit([]uint64{addr(chunkBytes)}); err != nil {
		t.Fatal(err)
	}
	// The guest reuses everything: blue rows, a triangle elsewhere, and a
	// chunk of garbage.
	for i := range 4 {
		binary.LittleEndian.PutUint32(rows[4*i:], 0xff0000ff)
	}
	copy(tri, vtx(8, 8, 0.5, 0xff0000ff))
	for i := range chunkBytes {
		chunkBytes[i] = 0xee
	}
	close(hold)

	if got := readPixel(t, d, 30, 2, 2, 1, 1); got != 0xff00ff00 {
		t.Errorf("uploaded surface: %#x, want the green that was recorded", got)
	}
	if got := readPixel(t, d, 1, 8, 8, 1, 1); got != 0xffff0000 {
		t.Errorf("inside the UP triangle: %#x, want the red that was recorded", got)
	}
	runtime.KeepAlive(rows)
	runtime.KeepAlive(tri)
}

func presentFrame(first bool, extra func(c *chunk)) *chunk {
	c := newChunk()
	if first {
		setup(c, types.D3DFMT_X8R8G8B8)
	}
	if extra != nil {
		extra(c)
	}
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff000000})
	add(c, code("Present"), presentRec(9, 1, 8, 8, 8, 8))
	return c
}

// submitBlocked starts a submit of c and returns once it waits for the
// frame-latency bound, with a channel closed when the submit returns.
func submitBlocked(t *testing.T, d *Device, blocked chan struct{}, c *chunk) chan struct{} {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		b := c.bytes()
		if err := d.Submit([]uint64{addr(b)}); err != nil {
			t.Error(err)
		}
		runtime.KeepAlive(b)
	}()
	<-blocked
	select {
	case <-done:
		t.Fatal("a Present past the frame-latency bound returned")
	default:
	}
	return done
}

// At most three presented frames are outstanding by default; a fourth
// Present waits until the first has completed.
func TestFrameLatencyBound(t *testing.T) {
	g := &gated{Device: testBackend(t), gate: make(chan struct{})}
	d := startedDevice(t, g)
	blocked := make(chan struct{}, 8)
	d.pipe.blocked = func() { blocked <- struct{}{} }

	for i := range 3 {
		submit(t, d, presentFrame(i == 0, nil)) // none completes, none waits
	}
	if len(blocked) != 0 {
		t.Fatal("a Present within the bound waited")
	}
	done := submitBlocked(t, d, blocked, presentFrame(false, nil))
	g.gate <- struct{}{} // the first frame completes
	<-done

	// SetMaximumFrameLatency(1) in frame 5: it waits until frames 2 to 4
	// have completed, and frame 6 until frame 5 has.
	done = submitBlocked(t, d, blocked, presentFrame(false, func(c *chunk) {
		add(c, code("SetFrameLatency"), shared.RecSetFrameLatency{Latency: 1})
	}))
	for range 3 {
		g.gate <- struct{}{}
	}
	<-done
	done = submitBlocked(t, d, blocked, presentFrame(false, nil))
	g.gate <- struct{}{} // frame 5
	<-done
	g.gate <- struct{}{} // frame 6
	d.close()
	d.Release()
}

// A frame without a Present (a flush before a readback) never waits for
// the bound.
func TestFlushDoesNotWaitForLatency(t *testing.T) {
	g := &gated{Device: testBackend(t), gate: make(chan struct{})}
	d := startedDevice(t, g)
	d.pipe.blocked = func() { t.Error("a frame without a Present waited for the latency bound") }
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("SetFrameLatency"), shared.RecSetFrameLatency{Latency: 1})
	submit(t, d, c)
	for range 3 {
		c := newChunk()
		add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff000000})
		submit(t, d, c)
	}
	for range 3 {
		g.gate <- struct{}{}
	}
	d.close()
	d.Release()
}

// A handler that panics is reported as that record's error; the replay
// goes on and the process lives.
func TestHandlerPanicIsRecovered(t *testing.T) {
	d := newTestDevice(t)
	saved := handlers[code("SetScissor")]
	handlers[code("SetScissor")] = func(*Device, []byte) error { panic("boom") }
	defer func() { handlers[code("SetScissor")] = saved }()
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("SetScissor"), shared.RecSetScissor{})
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff123456})
	if err := d.Replay([][]byte{c.bytes()}); err == nil {
		t.Error("the panic was not reported")
	}
	if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, 0, 0); got != 0xff123456 {
		t.Errorf("the records after the panic did not run: %#x", got)
	}
}

// Frames submitted to a started device are replayed in order, and a
// readback sees every one of them.
func TestStartedDeviceReplaysInOrder(t *testing.T) {
	d := startedDevice(t, testBackend(t))
	submit(t, d, presentFrame(true, nil))
	for _, col := range []uint32{0xff0000ff, 0xff00ff00, 0xffff0000} {
		c := newChunk()
		add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: col})
		add(c, code("Present"), presentRec(9, 1, 8, 8, 8, 8))
		submit(t, d, c)
	}
	if got := readPixel(t, d, 9, 8, 8, 0, 0); got != 0xffff0000 {
		t.Errorf("front buffer: %#x, want the last frame's red", got)
	}
	d.close()
	d.Release()
	if err := d.Submit(nil); err == nil {
		t.Error("a destroyed device accepted a frame")
	}
}

// A buffer a frame still on the GPU reads is given fresh storage by the
// next frame's update instead of waiting for that frame: the encoder runs
// ahead, and each frame draws what was recorded for it.
func TestUpdatesDoNotWaitForTheGPU(t *testing.T) {
	g := &gated{Device: testBackend(t), gate: make(chan struct{})}
	d := startedDevice(t, g)
	tri := func(x0 float32, color uint32) []byte {
		var b []byte
		for _, v := range [][2]float32{{x0, 0}, {x0 + 4, 0}, {x0, 8}} {
			b = append(b, vtx(v[0], v[1], 0.5, color)...)
		}
		return b
	}
	red, green := tri(0, 0xffff0000), tri(4, 0xff00ff00)
	first := newChunk()
	setup(first, types.D3DFMT_X8R8G8B8)
	add(first, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff000000})
	add(first, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE})
	add(first, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: 0})
	add(first, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_CULLMODE), Value: uint32(types.D3DCULL_NONE)})
	add(first, code("CreateBuffer"), shared.RecCreateBuffer{ID: 20, Size: 60})
	add(first, code("SetStreamSource"), shared.RecSetStreamSource{Stream: 0, Buffer: 20, Stride: 20})
	add(first, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 20, Size: 60, Src: addr(red)})
	add(first, code("Draw"), shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1})
	submit(t, d, first)
	second := newChunk()
	add(second, code("UpdateBuffer"), shared.RecUpdateBuffer{ID: 20, Size: 60, Src: addr(green)})
	add(second, code("Draw"), shared.RecDraw{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1})
	submit(t, d, second)
	// Both frames reach the submit stage while the first is still held
	// (the deadline only turns a hang into a failure).
	deadline := time.Now().Add(time.Minute)
	for {
		if time.Now().After(deadline) {
			t.Fatal("the second frame's update waited for the first frame's GPU work")
		}
		d.pipe.mu.Lock()
		handed, retired := d.pipe.handed, d.pipe.retired
		d.pipe.mu.Unlock()
		if retired != 0 {
			t.Fatal("a frame completed with the gate shut")
		}
		if handed == 2 {
			break
		}
		runtime.Gosched()
	}
	g.gate <- struct{}{}
	g.gate <- struct{}{}
	if got := readPixel(t, d, 1, 8, 8, 1, 2); got&0xffffff != 0xff0000 {
		t.Errorf("first frame drew %#x, want red", got)
	}
	if got := readPixel(t, d, 1, 8, 8, 6, 2); got&0xffffff != 0x00ff00 {
		t.Errorf("second frame drew %#x, want green", got)
	}
	runtime.KeepAlive(red)
	runtime.KeepAlive(green)
	d.close()
	d.Release()
}

// committing is gated that also reports each commit.
type committing struct {
	gated
	commits chan struct{}
}

type committingQueue struct {
	backend.CommandQueue
	gate, commits chan struct{}
}

type committingCB struct {
	gatedCB
	commits chan struct{}
}

func (g *committing) NewCommandQueue() (backend.CommandQueue, error) {
	q, err := g.Device.NewCommandQueue()
	return &committingQueue{q, g.gate, g.commits}, err
}
func (q *committingQueue) CommandBuffer() backend.CommandBuffer {
	return &committingCB{gatedCB{q.CommandQueue.CommandBuffer(), q.gate}, q.commits}
}
func (c *committingCB) Commit() {
	c.gatedCB.Commit()
	c.commits <- struct{}{}
}

// Command buffers are committed as they come, not after the previous one
// completed: three presented frames are all committed while none has
// completed (the latency bound is what then holds the fourth back).
func TestThreeCommandBuffersInFlight(t *testing.T) {
	g := &committing{gated: gated{Device: testBackend(t), gate: make(chan struct{})}, commits: make(chan struct{}, 8)}
	d := startedDevice(t, g)
	for i := range 3 {
		submit(t, d, presentFrame(i == 0, nil))
	}
	for i := range 3 {
		select {
		case <-g.commits:
		case <-time.After(10 * time.Second):
			t.Fatalf("%d command buffers committed while none completed, want 3", i)
		}
	}
	for range 3 {
		g.gate <- struct{}{}
	}
	d.close()
	d.Release()
}

// A part of a long frame handed over with SubmitNoWait is taken only when
// the encoder can queue it at once: while a frame waits for the busy
// encoder it is left to the guest, unread; once the encoder has caught
// up it is taken and replayed.
func TestNoWaitSubmitNeverWaits(t *testing.T) {
	d := startedDevice(t, testBackend(t))
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	submit(t, d, c)

	release := make(chan struct{})
	d.pipe.enc <- job{call: func() { <-release }} // the encoder is busy
	d.pipe.enc <- job{call: func() {}}            // and a job waits for it
	part := newChunk()
	add(part, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff00ff00})
	b := part.bytes()
	taken, err := d.submitFrame([]uint64{addr(b)}, true)
	if err != nil || taken {
		t.Fatalf("a no-wait submit behind a busy encoder: taken %v, err %v; want left to the guest", taken, err)
	}
	close(release)
	if err := d.call(func() {}); err != nil { // the encoder has caught up
		t.Fatal(err)
	}
	if got := readPixel(t, d, 1, 8, 8, 0, 0); got == 0xff00ff00 {
		t.Fatalf("a part left to the guest was replayed")
	}
	if taken, err = d.submitFrame([]uint64{addr(b)}, true); err != nil || !taken {
		t.Fatalf("a no-wait submit to an idle encoder: taken %v, err %v; want taken", taken, err)
	}
	runtime.KeepAlive(b)
	if got := readPixel(t, d, 1, 8, 8, 0, 0); got != 0xff00ff00 {
		t.Fatalf("pixel %#x after the part was taken, want 0xff00ff00", got)
	}
	d.close()
	d.Release()
}
