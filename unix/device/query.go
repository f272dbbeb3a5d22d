package device

import (
	"encoding/binary"
	"sync"
	"unsafe"

	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend"
	"mtld3d/unix/bridge"
)

// Queries. An occlusion query counts the samples its draws pass through
// the backend's visibility results: while queries are active each draw
// counts into a counter (a slot of a visibility buffer) that names the
// queries it feeds. A new pass, or a change of the active set, takes a
// new slot, because Metal overwrites a counter at the end of each pass.
// When a command buffer completes, its counters are added to their
// queries and the queries whose END it holds are done (EVENT queries
// too). The guest reads the table through the QueryData thunk; it never
// waits for the GPU.

func init() {
	on("IssueQuery", (*Device).issueQuery)
	bridge.Register("QueryData", queryDataThunk)
}

// queryKey names one start of a query (a BEGIN, or an END without one):
// gen counts starts on the device, so a BEGIN that restarts a query
// drops what the earlier start counted.
type queryKey struct {
	id  uint32
	gen uint64
}

// visSlot is one visibility counter and the queries it counts for.
type visSlot struct {
	buf     backend.Buffer
	offset  int
	queries []queryKey
}

// cbQueries is what a command buffer reports to the table when it
// completes.
type cbQueries struct {
	cb    backend.CommandBuffer
	bufs  []backend.Buffer
	vis   backend.Buffer // where new slots go
	used  int            // bytes of vis in slots
	slots []visSlot
	ends  []queryKey
}

// visBytes is the size of one visibility buffer: 512 counters.
const visBytes = 512 * 8

// queryResult is the latest issue of a query; seq is the guest's
// (RecIssueQuery.Seq).
type queryResult struct {
	seq     uint32
	gen     uint64
	sum     uint64
	done    bool
	unknown bool // some draws inside it were counted nowhere
}

// queryTable holds results for the QueryData thunk. Replay starts
// issues; command buffer completion (on the backend's goroutine) adds
// counts and ends them.
type queryTable struct {
	mu  sync.Mutex
	m   map[uint32]*queryResult
	gen uint64 // starts so far (replay only)
}

// queryState is the replay side of a device's queries.
type queryState struct {
	table   queryTable
	active  map[uint32]uint64 // occlusion queries between BEGIN and END: id to gen
	version int               // changes with the active set
	rec     *cbQueries        // the current command buffer's
	// The slot draws count into now: valid for one encoder and one
	// active set.
	slotEnc     *passEncoder
	slotVersion int
	slotOffset  int
}

func (d *Device) issueQuery(r *shared.RecIssueQuery, _ []byte) error {
	q := &d.q
	var k queryKey
	switch types.QueryType(r.Type) {
	case types.D3DQUERYTYPE_OCCLUSION:
		if q.active == nil {
			q.active = map[uint32]uint64{}
		}
		if r.Flags&types.D3DISSUE_BEGIN != 0 {
			q.active[r.ID] = q.table.start(r.ID, r.Seq).gen
			q.version++
			return nil
		}
		if gen, ok := q.active[r.ID]; ok {
			k = queryKey{r.ID, gen}
			delete(q.active, r.ID)
			q.version++
		} else {
			k = q.table.start(r.ID, r.Seq) // END without BEGIN: nothing counted
		}
	case types.D3DQUERYTYPE_EVENT:
		k = q.table.start(r.ID, r.Seq)
	default:
		return nil // answered on the guest
	}
	if cb := d.cmd(); cb != nil {
		rec := q.record(cb)
		rec.ends = append(rec.ends, k)
	}
	return nil
}

// dropQuery forgets a destroyed query.
func (q *queryState) dropQuery(id uint32) {
	if _, ok := q.active[id]; ok {
		delete(q.active, id)
		q.version++
	}
	q.table.mu.Lock()
	delete(q.table.m, id)
	q.table.mu.Unlock()
}

// record returns cb's report, made (with its completion handler) on
// first use.
func (q *queryState) record(cb backend.CommandBuffer) *cbQueries {
	if q.rec != nil && q.rec.cb == cb {
		return q.rec
	}
	rec := &cbQueries{cb: cb}
	q.rec = rec
	t := &q.table
	cb.AddCompletedHandler(func(backend.CommandBuffer) { t.complete(rec) })
	return rec
}

// frameBuffer is the visibility buffer of cb's queries, if it has one:
// every pass of cb gets it, so a query beginning later need not end the
// pass.
func (q *queryState) frameBuffer(cb backend.CommandBuffer) backend.Buffer {
	if q.rec != nil && q.rec.cb == cb {
		return q.rec.vis
	}
	return nil
}

// visibility says which visibility buffer a draw on enc (nil: a new
// encoder) needs, and whether it needs a new slot. nil: it counts for
// no query.
func (q *queryState) visibility(d *Device, cb backend.CommandBuffer, enc *passEncoder, counted bool) (backend.Buffer, bool) {
	if !counted || len(q.active) == 0 {
		return nil, false
	}
	rec := q.record(cb)
	need := enc == nil || q.slotEnc != enc || q.slotVersion != q.version
	if need && (rec.vis == nil || rec.used+8 > rec.vis.Length()) {
		b, err := d.be.NewBuffer(visBytes)
		if err != nil {
			d.warnOnce(shared.RecordCode("IssueQuery"), "no visibility buffer: open occlusion queries answer every sample: "+err.Error())
			q.table.lose(q.active)
			return nil, false
		}
		rec.vis, rec.used = b, 0
		rec.bufs = append(rec.bufs, b)
	}
	return rec.vis, need
}

// bind points enc's draws at the current slot, taking a new one when
// asked, or turns counting off.
func (q *queryState) bind(enc *passEncoder, counted, needSlot bool) {
	rec := q.rec
	if !counted || len(q.active) == 0 || rec == nil || rec.vis == nil {
		enc.SetVisibilityResultMode(backend.VisibilityDisabled, 0)
		return
	}
	if needSlot {
		off := rec.used
		rec.used += 8
		// Zero: a counter no draw reaches is not written by the pass.
		rec.vis.Upload(off, make([]byte, 8))
		keys := make([]queryKey, 0, len(q.active))
		for id, gen := range q.active {
			keys = append(keys, queryKey{id, gen})
		}
		rec.slots = append(rec.slots, visSlot{buf: rec.vis, offset: off, queries: keys})
		q.slotEnc, q.slotVersion, q.slotOffset = enc, q.version, off
	}
	enc.SetVisibilityResultMode(backend.VisibilityCounting, q.slotOffset)
}

// start begins an issue of a query: nothing counted, not done.
func (t *queryTable) start(id, seq uint32) queryKey {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.m == nil {
		t.m = map[uint32]*queryResult{}
	}
	t.gen++
	t.m[id] = &queryResult{seq: seq, gen: t.gen}
	return queryKey{id, t.gen}
}

// complete adds a finished command buffer's counts to their queries and
// ends the queries whose END it held.
func (t *queryTable) complete(rec *cbQueries) {
	failed := rec.cb.Status() == backend.StatusError
	t.mu.Lock()
	for _, s := range rec.slots {
		v := binary.LittleEndian.Uint64(s.buf.Contents()[s.offset:])
		for _, k := range s.queries {
			if r := t.m[k.id]; r != nil && r.gen == k.gen && !r.done {
				r.sum += v
				r.unknown = r.unknown || failed
			}
		}
	}
	for _, k := range rec.ends {
		if r := t.m[k.id]; r != nil && r.gen == k.gen {
			r.done = true
			r.unknown = r.unknown || failed
		}
	}
	t.mu.Unlock()
	for _, b := range rec.bufs {
		b.Release()
	}
}

// lose marks the open issues of active as counted in part only.
func (t *queryTable) lose(active map[uint32]uint64) {
	t.mu.Lock()
	for id, gen := range active {
		if r := t.m[id]; r != nil && r.gen == gen {
			r.unknown = true
		}
	}
	t.mu.Unlock()
}

// result answers issue seq of query id: shared.QueryPending,
// QueryDone with its count, or QueryUnknown.
func (t *queryTable) result(id, seq uint32) (uint32, uint64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	r := t.m[id]
	switch {
	case r == nil || r.seq < seq || !r.done:
		return shared.QueryPending, 0
	case r.unknown:
		return shared.QueryUnknown, r.sum
	}
	return shared.QueryDone, r.sum
}

// QueryResult answers the QueryData thunk for a device.
func (d *Device) QueryResult(id, seq uint32) (uint32, uint64) { return d.q.table.result(id, seq) }

func queryDataThunk(p unsafe.Pointer) shared.Status {
	a := (*shared.QueryDataParams)(p)
	d := lookup(a.DeviceID)
	if d == nil {
		return shared.StatusInvalidParameter
	}
	a.Ready, a.Value = d.QueryResult(a.Query, a.Seq)
	return shared.StatusSuccess
}
