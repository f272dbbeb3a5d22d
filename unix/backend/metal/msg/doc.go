// Package msg sends Objective-C messages without reflection or
// allocation: one C trampoline per message signature (msg_gen.h) calls
// objc_msgSend through a pointer of the message's exact C prototype, so
// the C compiler places arguments and struct values as the platform ABI
// says (arm64 and x86_64), and one Go function per signature
// (Call_<signature>) reaches it in a single cgo call. The signatures come
// from the table in unix/backend/metal/msgsig; cmd/mtld3d-gen writes this
// package's C and Go and the typed senders of the binding packages
// (send_<selector> in ns, mtl and ca). The function pointer is a
// parameter, so tests on any platform call the same trampolines with a C
// stand-in (package msgtest). Without cgo every call panics.
package msg
