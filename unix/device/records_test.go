package device

import (
	"testing"

	"mtld3d/shared"
)

// Every record the guest can send is decoded into the device model; none
// is skipped as unknown.
func TestEveryRecordHasAHandler(t *testing.T) {
	for _, r := range shared.Records {
		if handlers[r.Code] == nil {
			t.Errorf("record %s (%d) has no handler", r.Name, r.Code)
		}
	}
}
