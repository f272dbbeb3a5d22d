package shared

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// The hash the guest is built with (pe/gen/wire.h) is the one this
// architecture's unix side computes: run with GOARCH=386 too (make
// test-unit), since the i386 mtld3d.so must agree.
func TestWireHashMatchesGeneratedHeader(t *testing.T) {
	b, err := os.ReadFile("../pe/gen/wire.h")
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("#define MTLD3D_WIRE_HASH 0x%016xull", WireHash())
	if !strings.Contains(string(b), want) {
		t.Fatalf("pe/gen/wire.h lacks %q: run go run ./cmd/mtld3d-gen", want)
	}
}
