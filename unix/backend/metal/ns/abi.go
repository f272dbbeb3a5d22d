package ns

// MaxRegisterStruct is the largest struct, in bytes, that a C function
// returns in registers on darwin/amd64 (System V: two eightbytes) and on
// darwin/arm64 (x0/x1, or up to four floating-point registers for a
// homogeneous float aggregate).
const MaxRegisterStruct = 16

// UsesStret reports whether a message whose return type is a struct of
// size bytes must go through objc_msgSend_stret. On amd64 a struct larger
// than two eightbytes is returned through a hidden pointer passed in rdi,
// which moves the receiver to rsi and the selector to rdx: plain
// objc_msgSend would read the pointer as the receiver, so the runtime has
// a separate entry point. On arm64 the hidden pointer travels in x8, the
// receiver stays in x0, objc_msgSend handles every return type, and
// objc_msgSend_stret does not exist.
func UsesStret(goarch string, isStruct bool, size uintptr) bool {
	return goarch == "amd64" && isStruct && size > MaxRegisterStruct
}
