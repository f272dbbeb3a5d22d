package shared

import (
	"reflect"
	"testing"
)

func TestThunkParamsHaveOneLayout(t *testing.T) {
	for _, th := range Thunks {
		if th.Params == nil {
			continue
		}
		if _, err := CheckLayout(th.Params); err != nil {
			t.Errorf("thunk %s: %v", th.Name, err)
		}
	}
}

func TestRecordsHaveOneLayout(t *testing.T) {
	codes := map[uint32]string{}
	for _, r := range Records {
		if other, dup := codes[r.Code]; dup || r.Code >= MaxRecordCode {
			t.Errorf("record %s: code %d is taken by %s or out of range", r.Name, r.Code, other)
		}
		codes[r.Code] = r.Name
		if _, err := CheckLayout(r.Type); err != nil {
			t.Errorf("record %s: %v", r.Name, err)
		}
		if f, ok := r.Type.FieldByName("Hdr"); !ok || f.Offset != 0 || f.Type != reflect.TypeFor[RecordHeader]() {
			t.Errorf("record %s must start with Hdr RecordHeader", r.Name)
		}
	}
}

func TestCheckLayoutRejectsImplicitPadding(t *testing.T) {
	type bad struct {
		A uint32
		B uint64
	}
	if _, err := CheckLayout(reflect.TypeFor[bad]()); err == nil {
		t.Fatal("a u64 after a u32 with no pad must be rejected: i686 mingw and Go 386 disagree on it")
	}
	type ptr struct{ P *byte }
	if _, err := CheckLayout(reflect.TypeFor[ptr]()); err == nil {
		t.Fatal("pointers must travel as uint64")
	}
}

func TestCodesAreDenseAndNamesUnique(t *testing.T) {
	seen := map[string]bool{}
	for i, th := range Thunks {
		if seen[th.Name] {
			t.Errorf("duplicate thunk %s", th.Name)
		}
		seen[th.Name] = true
		if Code(th.Name) != uint32(i) {
			t.Errorf("Code(%s) = %d, want %d", th.Name, Code(th.Name), i)
		}
	}
}
