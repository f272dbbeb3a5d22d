package msgsig

import (
	"strings"
	"testing"
)

// Every selector takes as many arguments as it has colons, each package
// sends a selector under one sender name, only void messages are
// batched, and every argument is a kind that can be an argument.
func TestTable(t *testing.T) {
	names := map[string]string{}
	for _, m := range Messages {
		if n := strings.Count(m.Selector, ":"); n != len(m.Args) {
			t.Errorf("%s: %d colons, %d argument kinds", m.Selector, n, len(m.Args))
		}
		key := string(m.Pkg) + "." + m.SenderName()
		if prev, ok := names[key]; ok {
			t.Errorf("%s: sender %s also sends %s (give one a Name)", m.Selector, key, prev)
		}
		names[key] = m.Selector
		if m.Batched && m.Ret != Void {
			t.Errorf("%s: batched but returns %s", m.Selector, m.Ret.Info().Name)
		}
		for _, a := range m.Args {
			if a == Void || a >= numKinds {
				t.Errorf("%s: argument kind %d", m.Selector, a)
			}
		}
	}
}

// Signature names are unique per shape, and struct kinds have the C
// sizes the Metal and CoreGraphics headers give.
func TestKinds(t *testing.T) {
	seen := map[byte]Kind{}
	for k := Kind(0); k < numKinds; k++ {
		if p, ok := seen[Kinds[k].Letter]; ok {
			t.Errorf("%s and %s share the letter %c", Kinds[k].Name, Kinds[p].Name, Kinds[k].Letter)
		}
		seen[Kinds[k].Letter] = k
	}
	for k, want := range map[Kind]uintptr{
		Viewport: 48, ClearColor: 32, CGSize: 16, CGRect: 32, ScissorRect: 32, Origin: 24, Size: 24, Region: 48, Range: 16, Swizzle: 4,
		Bool: 1, UInt8: 1, UInt32: 4, Float: 4, Double: 8, UInt: 8, Int: 8, UInt64: 8, ID: 8, SEL: 8, Ptr: 8,
	} {
		if got := k.CSize(); got != want {
			t.Errorf("%s: %d bytes, want %d", Kinds[k].Name, got, want)
		}
	}
}
