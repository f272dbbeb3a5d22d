//go:build cgo && (amd64 || arm64)

package msg

import (
	"testing"
	"unsafe"

	"github.com/ebitengine/purego"

	"mtld3d/unix/backend/metal/msg/msgtest"
)

// The cost of one message through the binding, with a C function that
// does nothing standing in for objc_msgSend (whose own dispatch, a few
// nanoseconds on a cache hit, comes on top on a Mac). Three ways of
// making the call:
//
//   - cgo: this package's trampolines (what the bindings use);
//   - syscallN: purego.SyscallN with a fixed list of integer arguments
//     (integers only: it cannot pass a float or a struct of floats);
//   - objcSend: a function registered with purego.RegisterFunc as
//     func(id, sel uintptr, args ...any) uintptr, which is how
//     purego/objc's Send is built (objc.ID.Send and objc.Send[T] call
//     such a function), so the same reflective path on Linux.
//
// `make bench-metal` runs these; docs/METAL.md has the figures.

var (
	sinkU uintptr
	sinkB bool
	sinkZ [3]uint
)

type msgCase struct {
	name string
	cgo  func(fn uintptr)
	sysN func(fn uintptr) // nil: not expressible with SyscallN
	objc func(send func(uintptr, uintptr, ...any) uintptr)
}

var data [64]byte

func msgCases() []msgCase {
	vp := [6]float64{0, 0, 640, 480, 0, 1}
	return []msgCase{
		{name: "endEncoding(v_)",
			cgo:  func(fn uintptr) { Call_v_(fn, testSelf, testSel) },
			sysN: func(fn uintptr) { purego.SyscallN(fn, testSelf, testSel) },
			objc: func(s func(uintptr, uintptr, ...any) uintptr) { s(testSelf, testSel) }},
		{name: "setCullMode:(v_Q)",
			cgo:  func(fn uintptr) { Call_v_Q(fn, testSelf, testSel, 2) },
			sysN: func(fn uintptr) { purego.SyscallN(fn, testSelf, testSel, 2) },
			objc: func(s func(uintptr, uintptr, ...any) uintptr) { s(testSelf, testSel, uint(2)) }},
		{name: "setVertexBuffer:offset:atIndex:(v_oQQ)",
			cgo:  func(fn uintptr) { Call_v_oQQ(fn, testSelf, testSel, 0x1000, 64, 4) },
			sysN: func(fn uintptr) { purego.SyscallN(fn, testSelf, testSel, 0x1000, 64, 4) },
			objc: func(s func(uintptr, uintptr, ...any) uintptr) {
				s(testSelf, testSel, uintptr(0x1000), uint(64), uint(4))
			}},
		{name: "setVertexBytes:length:atIndex:(v_pQQ)",
			cgo: func(fn uintptr) { Call_v_pQQ(fn, testSelf, testSel, uintptr(unsafe.Pointer(&data[0])), 64, 1) },
			objc: func(s func(uintptr, uintptr, ...any) uintptr) {
				s(testSelf, testSel, unsafe.Pointer(&data[0]), uint(64), uint(1))
			}},
		{name: "setViewport:(v_V)",
			cgo: func(fn uintptr) { Call_v_V(fn, testSelf, testSel, vp) },
			objc: func(s func(uintptr, uintptr, ...any) uintptr) {
				s(testSelf, testSel, struct{ X, Y, W, H, N, F float64 }{0, 0, 640, 480, 0, 1})
			}},
		{name: "setDepthBias:slopeScale:clamp:(v_fff)",
			cgo: func(fn uintptr) { Call_v_fff(fn, testSelf, testSel, 1, 2, 3) },
			objc: func(s func(uintptr, uintptr, ...any) uintptr) {
				s(testSelf, testSel, float32(1), float32(2), float32(3))
			}},
		{name: "drawIndexedPrimitives:...(v_QQQoQQqQ)",
			cgo: func(fn uintptr) { Call_v_QQQoQQqQ(fn, testSelf, testSel, 3, 36, 0, 0x1000, 0, 1, 0, 0) },
			sysN: func(fn uintptr) {
				purego.SyscallN(fn, testSelf, testSel, 3, 36, 0, 0x1000, 0, 1, 0, 0)
			},
			objc: func(s func(uintptr, uintptr, ...any) uintptr) {
				s(testSelf, testSel, uint(3), uint(36), uint(0), uintptr(0x1000), uint(0), uint(1), 0, uint(0))
			}},
		{name: "hasUnifiedMemory(B_)",
			cgo: func(fn uintptr) { sinkB = Call_B_(fn, testSelf, testSel) }},
		{name: "maxThreadsPerThreadgroup(Z_, struct return through memory)",
			cgo: func(fn uintptr) { sinkZ = Call_Z_(fn, testSelf, testSel) }},
	}
}

func BenchmarkMessage(b *testing.B) {
	noop := msgtest.Noop()
	var send func(uintptr, uintptr, ...any) uintptr
	purego.RegisterFunc(&send, noop)
	for _, c := range msgCases() {
		b.Run("cgo/"+c.name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				c.cgo(noop)
			}
		})
		if c.sysN != nil {
			b.Run("syscallN/"+c.name, func(b *testing.B) {
				b.ReportAllocs()
				for range b.N {
					c.sysN(noop)
				}
			})
		}
		if c.objc != nil {
			b.Run("objcSend/"+c.name, func(b *testing.B) {
				b.ReportAllocs()
				for range b.N {
					c.objc(send)
				}
			})
		}
	}
}

// TestMessagesDoNotAllocate holds the path to its target: no allocation
// for any signature the benchmark times.
func TestMessagesDoNotAllocate(t *testing.T) {
	noop := msgtest.Noop()
	for _, c := range msgCases() {
		if n := testing.AllocsPerRun(100, func() { c.cgo(noop) }); n != 0 {
			t.Errorf("%s: %v allocations a message, want 0", c.name, n)
		}
	}
}

// drawMessages sends, through c, the seventeen messages of a draw as
// TestMetalMessagesPerDraw (unix/device) counts them for a textured draw:
// pipeline, depth-stencil state, vertex buffer, two vertex and two
// fragment constant blocks, viewport, cull mode (twice), winding, depth
// clip, blend colour (twice), stencil reference, texture, sampler and the
// draw.
const drawMessages = 17

type drawSender interface {
	v_o(fn uintptr, a uintptr)
	v_oQQ(fn uintptr, a uintptr, b, c uint)
	v_pQQ(fn uintptr, p []byte, n, i uint)
	v_V(fn uintptr, v [6]float64)
	v_Q(fn uintptr, a uint)
	v_ffff(fn uintptr, r, g, b, a float32)
	v_II(fn uintptr, f, b uint32)
	v_oQ(fn uintptr, a uintptr, i uint)
	v_QQQQQ(fn uintptr, t, s, n, i, b uint)
}

func sendDraw(s drawSender, fn uintptr, consts []byte) {
	s.v_o(fn, 0x1000)
	s.v_o(fn, 0x2000)
	s.v_oQQ(fn, 0x3000, 0, 4)
	s.v_pQQ(fn, consts, uint(len(consts)), 0)
	s.v_pQQ(fn, consts, uint(len(consts)), 1)
	s.v_pQQ(fn, consts, uint(len(consts)), 0)
	s.v_pQQ(fn, consts, uint(len(consts)), 1)
	s.v_V(fn, [6]float64{0, 0, 640, 480, 0, 1})
	s.v_Q(fn, 2)
	s.v_Q(fn, 2)
	s.v_Q(fn, 1)
	s.v_Q(fn, 0)
	s.v_ffff(fn, 0, 0, 0, 0)
	s.v_ffff(fn, 0, 0, 0, 0)
	s.v_II(fn, 0, 0)
	s.v_oQ(fn, 0x4000, 0)
	s.v_QQQQQ(fn, 3, 0, 3, 1, 0)
}

// direct sends each message in its own cgo call.
type direct struct{}

func (direct) v_o(fn uintptr, a uintptr)              { Call_v_o(fn, testSelf, testSel, a) }
func (direct) v_oQQ(fn uintptr, a uintptr, b, c uint) { Call_v_oQQ(fn, testSelf, testSel, a, b, c) }
func (direct) v_pQQ(fn uintptr, p []byte, n, i uint) {
	Call_v_pQQ(fn, testSelf, testSel, uintptr(unsafe.Pointer(&p[0])), n, i)
}
func (direct) v_V(fn uintptr, v [6]float64)          { Call_v_V(fn, testSelf, testSel, v) }
func (direct) v_Q(fn uintptr, a uint)                { Call_v_Q(fn, testSelf, testSel, a) }
func (direct) v_ffff(fn uintptr, r, g, b, a float32) { Call_v_ffff(fn, testSelf, testSel, r, g, b, a) }
func (direct) v_II(fn uintptr, f, b uint32)          { Call_v_II(fn, testSelf, testSel, f, b) }
func (direct) v_oQ(fn uintptr, a uintptr, i uint)    { Call_v_oQ(fn, testSelf, testSel, a, i) }
func (direct) v_QQQQQ(fn uintptr, t, s, n, i, b uint) {
	Call_v_QQQQQ(fn, testSelf, testSel, t, s, n, i, b)
}

// batched queues them on a Batch, flushed after the draw.
type batched struct{ b *Batch }

func (q batched) v_o(fn uintptr, a uintptr) { q.b.Add_v_o(fn, testSelf, testSel, a) }
func (q batched) v_oQQ(fn uintptr, a uintptr, b, c uint) {
	q.b.Add_v_oQQ(fn, testSelf, testSel, a, b, c)
}
func (q batched) v_pQQ(fn uintptr, p []byte, n, i uint) {
	q.b.Add_v_pQQ(fn, testSelf, testSel, uintptr(q.b.Bytes(p)), n, i)
}
func (q batched) v_V(fn uintptr, v [6]float64) { q.b.Add_v_V(fn, testSelf, testSel, v) }
func (q batched) v_Q(fn uintptr, a uint)       { q.b.Add_v_Q(fn, testSelf, testSel, a) }
func (q batched) v_ffff(fn uintptr, r, g, b, a float32) {
	q.b.Add_v_ffff(fn, testSelf, testSel, r, g, b, a)
}
func (q batched) v_II(fn uintptr, f, b uint32)       { q.b.Add_v_II(fn, testSelf, testSel, f, b) }
func (q batched) v_oQ(fn uintptr, a uintptr, i uint) { q.b.Add_v_oQ(fn, testSelf, testSel, a, i) }
func (q batched) v_QQQQQ(fn uintptr, t, s, n, i, b uint) {
	q.b.Add_v_QQQQQ(fn, testSelf, testSel, t, s, n, i, b)
	q.b.Flush()
}

// BenchmarkDraw times a draw's messages sent one cgo call each and
// batched into one; ns/msg is the time a message.
func BenchmarkDraw(b *testing.B) {
	noop := msgtest.Noop()
	consts := make([]byte, 256)
	q := batched{GetBatch()}
	defer PutBatch(q.b)
	for _, c := range []struct {
		name string
		s    drawSender
	}{{"direct", direct{}}, {"batched", q}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				sendDraw(c.s, noop, consts)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*drawMessages), "ns/msg")
		})
	}
}
