//go:build amd64 || arm64

// Package metal is the Metal backend: backend.Device and its objects over
// the typed bindings in ns, mtl and ca. It builds only on darwin except
// for its translation tables and descriptor builders, which are plain
// data and tested on every host (translate.go, describe.go).
//
// # Objects and memory
//
// Every Metal object the backend holds is owned (+1): made by a new.../
// alloc/copy method, or retained when Metal hands it out autoreleased
// (command buffers, encoders, drawables). Each is released exactly once,
// by the Go object's Release or, for command buffers and presented
// drawables, by the command buffer's completion handler.
//
// Each unit of work that can make autoreleased objects (creating a
// resource, a command buffer or an encoder, committing, taking a
// drawable) runs inside an autorelease pool pushed and popped on one
// locked OS thread (ns.WithPool), so no autoreleased object outlives the
// call that made it and nothing depends on a pool the host thread may
// not have.
//
// Storage: buffers are shared on unified-memory GPUs and managed on
// discrete ones. For managed buffers the CPU's writes (Upload, or any
// write through Contents) are pushed with didModifyRange: when the next
// command buffer commits, and blits that write a managed buffer end with
// synchronizeResource: so the CPU sees the result once the buffer has
// completed. Depth, stencil and multisample textures are private; the
// CPU reaches them through a staging buffer and a blit on the device's
// own queue.
//
// # Completion handlers and teardown
//
// Commit adds one Objective-C block as the buffer's completed handler.
// The block runs on a Metal thread after the GPU finishes; it copies the
// status and error into the Go command buffer, releases the Metal
// command buffer and presented drawables, runs the backend handlers in
// the order they were added, and only then signals completion. The rule
// that keeps it from touching freed memory:
//
//   - The block's closure reaches only Go values (the Go command buffer
//     record), kept alive by purego's block table until Metal disposes of
//     the block; it holds no pointer into memory that anything frees
//     explicitly.
//   - Objects it releases are released there and nowhere else.
//   - Device.Release first waits for every committed command buffer's
//     handler to finish, so no handler runs against a released device,
//     queue or texture, and none runs once Release has returned. The
//     library (mtld3d.so) must not be unloaded before that either: the
//     block's invoke function is a purego callback inside it.
//
// # Shaders
//
// NewFunction compiles FunctionDesc.Source with newLibraryWithSource:
// (libraries are cached by source) and looks up Entry. A FunctionDesc
// that carries only a Go program, for the reference backend, is refused
// with an error that says so. A compile failure is logged with the whole
// source and returned as an *mtl.CompileError.
//
// With a binary archive open (OpenBinaryArchive, archive.go) a pipeline
// is first loaded from the archive, and one that had to be compiled is
// added to it and the file rewritten on the archive's own goroutine,
// which also takes over the device's final release from Release.
package metal
