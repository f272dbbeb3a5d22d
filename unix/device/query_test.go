package device

import (
	"errors"
	"testing"

	"mtld3d/core/format"
	"mtld3d/unix/backend"
	"mtld3d/unix/backend/reference"

	"mtld3d/shared"
	"mtld3d/types"
)

func issue(c *chunk, id uint32, qt types.QueryType, flags uint32, seq uint32) {
	add(c, code("IssueQuery"), shared.RecIssueQuery{ID: id, Type: uint32(qt), Flags: flags, Seq: seq})
}

func wantQuery(t *testing.T, d *Device, id, seq uint32, want uint64) {
	t.Helper()
	ready, got := d.QueryResult(id, seq)
	if ready != shared.QueryDone {
		t.Fatalf("query %d issue %d not done after its frame", id, seq)
	}
	if got != want {
		t.Errorf("query %d issue %d counted %d samples, want %d", id, seq, got, want)
	}
}

// occlusionFrame starts a frame over two 8x8 targets (1 with depth, 3
// without) with depth testing on, cleared to far.
func occlusionFrame() *chunk {
	c := newChunk()
	setup(c, types.D3DFMT_A8R8G8B8)
	add(c, code("CreateSurface"), shared.RecCreateSurface{ID: 3, Kind: shared.SurfaceRenderTarget, Width: 8, Height: 8, Format: uint32(types.D3DFMT_A8R8G8B8)})
	quadState(c)
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: uint32(types.D3DZB_TRUE)})
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET | types.D3DCLEAR_ZBUFFER, Color: 0xff000000, Z: 1})
	return c
}

func TestOcclusionCountsSamples(t *testing.T) {
	d, b := newCountingDevice(t)
	c := occlusionFrame()
	// 4x3 pixels.
	issue(c, 50, types.D3DQUERYTYPE_OCCLUSION, types.D3DISSUE_BEGIN, 1)
	quad(c, 1, 1, 5, 4, 0.5, 0xffffffff)
	issue(c, 50, types.D3DQUERYTYPE_OCCLUSION, types.D3DISSUE_END, 1)
	// A nearer 8x2 quad over rows 2-3, then a 4x4 quad at rows 0-3 behind
	// it: rows 0-1 pass (8 pixels), rows 2-3 fail the depth test.
	quad(c, 0, 2, 8, 4, 0.2, 0xff00ff00)
	issue(c, 51, types.D3DQUERYTYPE_OCCLUSION, types.D3DISSUE_BEGIN, 1)
	quad(c, 0, 0, 4, 4, 0.4, 0xffff0000)
	issue(c, 51, types.D3DQUERYTYPE_OCCLUSION, types.D3DISSUE_END, 1)
	// Wholly behind: 0. A clear inside the query counts nothing.
	issue(c, 52, types.D3DQUERYTYPE_OCCLUSION, types.D3DISSUE_BEGIN, 1)
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff000000, Rects: 1}, rectBytes(6, 6, 8, 8)...)
	quad(c, 0, 2, 8, 4, 0.9, 0xff0000ff)
	issue(c, 52, types.D3DQUERYTYPE_OCCLUSION, types.D3DISSUE_END, 1)
	issue(c, 53, types.D3DQUERYTYPE_EVENT, 0x1, 1)
	replay(t, d, c)
	wantQuery(t, d, 50, 1, 12)
	wantQuery(t, d, 51, 1, 8)
	wantQuery(t, d, 52, 1, 0)
	wantQuery(t, d, 53, 1, 0)
	if b.passes != 1 {
		t.Errorf("queries over one target made %d passes, want 1", b.passes)
	}
	if got := pixel(t, d, 1, types.D3DFMT_A8R8G8B8, 8, 8, 1, 0); got != 0xffff0000 {
		t.Errorf("pixel under the queried draws %#x", got)
	}
}

func TestOcclusionSpansPassesAndSubmits(t *testing.T) {
	d, _ := newCountingDevice(t)
	c := occlusionFrame()
	issue(c, 60, types.D3DQUERYTYPE_OCCLUSION, types.D3DISSUE_BEGIN, 1)
	quad(c, 0, 0, 2, 2, 0.5, 0xffffffff) // 4 on target 1
	add(c, code("SetRenderTarget"), shared.RecSetRenderTarget{Slot: 0, Surface: 3})
	add(c, code("SetDepthStencil"), shared.RecSetDepthStencil{Surface: 0})
	quad(c, 0, 0, 3, 3, 0.5, 0xffffffff) // 9 on target 3
	replay(t, d, c)
	if ready, _ := d.QueryResult(60, 1); ready != shared.QueryPending {
		t.Fatal("a query without its END is done")
	}
	c = newChunk()
	quad(c, 4, 4, 8, 8, 0.5, 0xffffffff) // 16 more, next submit
	issue(c, 60, types.D3DQUERYTYPE_OCCLUSION, types.D3DISSUE_END, 1)
	replay(t, d, c)
	wantQuery(t, d, 60, 1, 4+9+16)

	// BEGIN again restarts the count; the old issue is not answered for
	// the new one until its END.
	c = newChunk()
	issue(c, 60, types.D3DQUERYTYPE_OCCLUSION, types.D3DISSUE_BEGIN, 2)
	quad(c, 0, 0, 8, 8, 0.5, 0xffffffff)
	issue(c, 60, types.D3DQUERYTYPE_OCCLUSION, types.D3DISSUE_BEGIN, 2)
	quad(c, 0, 0, 1, 1, 0.5, 0xffffffff)
	replay(t, d, c)
	if ready, _ := d.QueryResult(60, 2); ready != shared.QueryPending {
		t.Fatal("issue 2 done before its END")
	}
	c = newChunk()
	issue(c, 60, types.D3DQUERYTYPE_OCCLUSION, types.D3DISSUE_END, 2)
	replay(t, d, c)
	wantQuery(t, d, 60, 2, 1)
}

func TestOverlappingOcclusionQueries(t *testing.T) {
	d, _ := newCountingDevice(t)
	c := occlusionFrame()
	issue(c, 70, types.D3DQUERYTYPE_OCCLUSION, types.D3DISSUE_BEGIN, 1)
	quad(c, 0, 0, 1, 1, 0.5, 0xffffffff)
	issue(c, 71, types.D3DQUERYTYPE_OCCLUSION, types.D3DISSUE_BEGIN, 1)
	quad(c, 0, 1, 2, 2, 0.5, 0xffffffff)
	issue(c, 70, types.D3DQUERYTYPE_OCCLUSION, types.D3DISSUE_END, 1)
	quad(c, 0, 2, 4, 3, 0.5, 0xffffffff)
	issue(c, 71, types.D3DQUERYTYPE_OCCLUSION, types.D3DISSUE_END, 1)
	// Destroyed: forgotten.
	issue(c, 72, types.D3DQUERYTYPE_OCCLUSION, types.D3DISSUE_BEGIN, 1)
	add(c, code("DestroyObject"), shared.RecDestroyObject{ID: 72})
	quad(c, 0, 4, 8, 8, 0.5, 0xffffffff)
	replay(t, d, c)
	wantQuery(t, d, 70, 1, 1+2)
	wantQuery(t, d, 71, 1, 2+4)
	if ready, _ := d.QueryResult(72, 1); ready != shared.QueryPending {
		t.Error("a destroyed query answered")
	}
}

func TestManyQueriesOutgrowAVisibilityBuffer(t *testing.T) {
	d, b := newCountingDevice(t)
	c := occlusionFrame()
	const n = visBytes/8 + 20
	var chunks [][]byte
	for i := uint32(0); i < n; i++ {
		if len(c.b) > shared.ChunkSize-512 {
			chunks = append(chunks, c.bytes())
			c = newChunk()
		}
		issue(c, 100+i, types.D3DQUERYTYPE_OCCLUSION, types.D3DISSUE_BEGIN, 1)
		quad(c, float32(i%8), 0, float32(i%8)+1, 1+float32(i%2), 0.5, 0xffffffff)
		issue(c, 100+i, types.D3DQUERYTYPE_OCCLUSION, types.D3DISSUE_END, 1)
	}
	chunks = append(chunks, c.bytes())
	if err := d.Replay(chunks); err != nil {
		t.Fatal(err)
	}
	for i := uint32(0); i < n; i++ {
		wantQuery(t, d, 100+i, 1, uint64(1+i%2))
	}
	if b.passes != 2 {
		t.Errorf("%d queries made %d passes, want 2 (one per visibility buffer)", n, b.passes)
	}
}

// lossyBackend cannot make visibility buffers, or fails every command
// buffer, as a device out of memory or a GPU fault would.
type lossyBackend struct {
	backend.Device
	noVisibility bool
	failCBs      bool
}

type lossyQueue struct {
	backend.CommandQueue
	b *lossyBackend
}

type lossyCB struct{ backend.CommandBuffer }

func (b *lossyBackend) NewBuffer(n int) (backend.Buffer, error) {
	if b.noVisibility && n == visBytes {
		return nil, errors.New("out of memory")
	}
	return b.Device.NewBuffer(n)
}

func (b *lossyBackend) NewCommandQueue() (backend.CommandQueue, error) {
	q, err := b.Device.NewCommandQueue()
	return &lossyQueue{q, b}, err
}

func (q *lossyQueue) CommandBuffer() backend.CommandBuffer {
	cb := q.CommandQueue.CommandBuffer()
	if q.b.failCBs {
		return lossyCB{cb}
	}
	return cb
}

func (lossyCB) Status() backend.CommandStatus { return backend.StatusError }

// A query whose draws were counted nowhere answers QueryUnknown (the
// guest then reports every sample), never a plain 0 a game would cull
// on; queries untouched by the loss still count.
func TestOcclusionQueriesWithoutACountAreUnknown(t *testing.T) {
	for _, tc := range []struct {
		name string
		b    lossyBackend
	}{
		{"no visibility buffer", lossyBackend{noVisibility: true}},
		{"failed command buffer", lossyBackend{failCBs: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := tc.b
			b.Device = reference.New()
			d, err := New(&b, format.Target{AppleGPU: true})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(d.Release)
			c := occlusionFrame()
			issue(c, 80, types.D3DQUERYTYPE_OCCLUSION, types.D3DISSUE_BEGIN, 1)
			quad(c, 0, 0, 4, 4, 0.5, 0xffffffff)
			issue(c, 80, types.D3DQUERYTYPE_OCCLUSION, types.D3DISSUE_END, 1)
			replay(t, d, c)
			if ready, _ := d.QueryResult(80, 1); ready != shared.QueryUnknown {
				t.Errorf("query answered %d, want QueryUnknown (%d)", ready, shared.QueryUnknown)
			}
		})
	}
}
