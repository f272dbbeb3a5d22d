package shared

import (
	"fmt"
	"hash/fnv"
	"reflect"
	"sync"
)

// WireHash digests the whole wire: every thunk's name and code, every
// record's name and code, and the layout (field names, C types, counts,
// offsets) of each one's struct. The guest sends the value generated into
// its wire.h (MTLD3D_WIRE_HASH) in InitParams.WireHash; the unix side
// refuses Init with StatusRevisionMismatch when it differs from its own,
// so a d3d9.dll and a mtld3d.so from different builds are named in the
// log instead of misreading each other.
func WireHash() uint64 { return wireHash() }

var wireHash = sync.OnceValue(func() uint64 {
	h := fnv.New64a()
	layout := func(t reflect.Type) {
		fields, err := CheckLayout(t)
		if err != nil {
			panic(err) // a test of every wire struct fails first
		}
		fmt.Fprintf(h, "%s:%d{", t.Name(), t.Size())
		for _, f := range fields {
			fmt.Fprintf(h, "%s %s %s[%d]@%d;", f.Name, f.CType, f.Nested, f.Count, f.Offset)
		}
		h.Write([]byte("}"))
	}
	for i, t := range Thunks {
		fmt.Fprintf(h, "thunk %d %s ", i, t.Name)
		layout(t.Params)
	}
	for _, r := range Records {
		fmt.Fprintf(h, "record %d %s ", r.Code, r.Name)
		layout(r.Type)
	}
	return h.Sum64()
})
