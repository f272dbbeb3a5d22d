package shared

// Status is the NTSTATUS a thunk returns. The guest maps a failure to an
// HRESULT (pe/mtld3d/hr.c does it by generated table).
type Status uint32

const (
	StatusSuccess          Status = 0x00000000
	StatusNotImplemented   Status = 0xC0000002
	StatusInvalidParameter Status = 0xC000000D
	StatusNoMemory         Status = 0xC0000017
	StatusInternalError    Status = 0xC00000E5
	StatusInvalidCode      Status = 0xC0000008 // STATUS_INVALID_HANDLE: no such thunk
	StatusNotInitialized   Status = 0xC00000A3 // STATUS_DEVICE_NOT_READY
	// StatusRevisionMismatch: Init's WireHash is not the unix side's, the
	// guest and unix libraries come from different builds.
	StatusRevisionMismatch Status = 0xC0000059
)

// Statuses lists every status with its C name, for the generator.
var Statuses = []struct {
	Name   string
	Status Status
}{
	{"SUCCESS", StatusSuccess},
	{"NOT_IMPLEMENTED", StatusNotImplemented},
	{"INVALID_PARAMETER", StatusInvalidParameter},
	{"NO_MEMORY", StatusNoMemory},
	{"INTERNAL_ERROR", StatusInternalError},
	{"INVALID_CODE", StatusInvalidCode},
	{"NOT_INITIALIZED", StatusNotInitialized},
	{"REVISION_MISMATCH", StatusRevisionMismatch},
}
