// Package shared is the wire between the guest DLLs and the unix library:
// the thunk list, the param struct of each thunk, and the status codes a
// thunk returns. Go is the source; cmd/mtld3d-gen writes the C side.
//
// Every wire struct has one layout for both guest widths: fields are
// fixed-size integers (or arrays of them), every 8-byte field sits at an
// 8-aligned offset with explicit padding, and pointers travel as uint64.
// CheckLayout enforces this and the generator refuses a struct that breaks
// it, because mingw's i686 ABI and Go's 386 ABI align 8-byte fields
// differently (BRIEF fact 14).
package shared
