// Package tests is the end-to-end suite: C programs in programs/, built
// with mingw, run under Wine against our DLLs installed into a throwaway
// prefix, each under Xvfb with a timeout. `go test ./tests/...` does it
// all; see env.go for the setup and programs/harness.h for the protocol.
package tests
