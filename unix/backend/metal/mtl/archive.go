//go:build amd64 || arm64

package mtl

import (
	"fmt"

	"mtld3d/unix/backend/metal/ns"
)

// Binary archives (MTLBinaryArchive.h, macOS 11): a file of pipelines'
// compiled GPU code for one device and OS, which a pipeline's creation
// searches before compiling. Older systems lack the class; a binding
// checks SupportsBinaryArchives first.

var class_MTLBinaryArchiveDescriptor = ns.OptionalCls(ns.Metal, "MTLBinaryArchiveDescriptor")

// PipelineOption is MTLPipelineOption.
type PipelineOption uint

// PipelineOptionFailOnBinaryArchiveMiss makes a pipeline's creation
// return nil, instead of compiling, when no archive of its descriptor
// holds its code (macOS 11).
const PipelineOptionFailOnBinaryArchiveMiss PipelineOption = 1 << 2

// BinaryArchive is an id<MTLBinaryArchive>.
type BinaryArchive struct{ id ns.ID }

// ID is the object id.
func (a BinaryArchive) ID() ns.ID { return a.id }

// IsNil reports whether there is no archive.
func (a BinaryArchive) IsNil() bool { return a.id == 0 }

// Release is -release.
func (a BinaryArchive) Release() { ns.Release(a.id) }

// SupportsBinaryArchives reports whether the system has binary archives:
// the descriptor class exists and the device answers
// newBinaryArchiveWithDescriptor:error:.
func (d Device) SupportsBinaryArchives() bool {
	return class_MTLBinaryArchiveDescriptor.Present() &&
		ns.ObjectOf(d.id).RespondsTo(sel_newBinaryArchiveWithDescriptor_error)
}

// NewBinaryArchive is -newBinaryArchiveWithDescriptor:error: with the
// descriptor's url the file at path, or nil (a new, empty archive) for
// "". Metal refuses a file that is missing, damaged or not one it can
// use on this device: nil and an NSError, returned here as an error.
func (d Device) NewBinaryArchive(path string) (BinaryArchive, error) {
	var (
		a   BinaryArchive
		err error
	)
	ns.WithPool(func() {
		desc := ns.New(class_MTLBinaryArchiveDescriptor)
		defer ns.Release(desc)
		if path != "" {
			url := ns.NewFileURL(path)
			send_setUrl(desc, url.ID()) // copied
			url.Release()
		}
		var nserr ns.ID
		a = BinaryArchive{send_newBinaryArchiveWithDescriptor_error(d.id, desc, errOut(&nserr))}
		if a.id == 0 {
			err = pipelineError("newBinaryArchiveWithDescriptor:error:", nserr)
		}
	})
	return a, err
}

// AddRenderPipelineFunctions is
// -addRenderPipelineFunctionsWithDescriptor:error:: the archive keeps
// the compiled code of the pipeline these would make (Metal compiles it
// if need be). Adding one it holds already is accepted.
func (a BinaryArchive) AddRenderPipelineFunctions(vertex, fragment Function, pd RenderPipelineDescriptor) error {
	var err error
	ns.WithPool(func() {
		desc := newPipelineDescriptor(vertex, fragment, &pd)
		defer ns.Release(desc)
		var nserr ns.ID
		if !send_addRenderPipelineFunctionsWithDescriptor_error(a.id, desc, errOut(&nserr)) {
			err = pipelineError("addRenderPipelineFunctionsWithDescriptor:error:", nserr)
		}
	})
	return err
}

// Serialize is -serializeToURL:error:: writes the archive's contents for
// this device to the file at path.
func (a BinaryArchive) Serialize(path string) error {
	var err error
	ns.WithPool(func() {
		url := ns.NewFileURL(path)
		defer url.Release()
		var nserr ns.ID
		if !send_serializeToURL_error(a.id, url.ID(), errOut(&nserr)) {
			err = pipelineError("serializeToURL:error:", nserr)
		}
	})
	return err
}

// NewRenderPipelineStateFromArchive is
// -newRenderPipelineStateWithDescriptor:options:reflection:error: with
// binaryArchives @[a] and PipelineOptionFailOnBinaryArchiveMiss: the
// pipeline when a holds its code, else an error (a miss, or the
// descriptor's own fault) and no compile.
func (d Device) NewRenderPipelineStateFromArchive(vertex, fragment Function, pd RenderPipelineDescriptor, a BinaryArchive) (RenderPipelineState, error) {
	if a.id == 0 {
		return RenderPipelineState{}, fmt.Errorf("mtl: no binary archive")
	}
	var (
		p   RenderPipelineState
		err error
	)
	ns.WithPool(func() {
		desc := newPipelineDescriptor(vertex, fragment, &pd)
		defer ns.Release(desc)
		send_setBinaryArchives(desc, ns.ArrayWithObject(a.id)) // copied
		var nserr ns.ID
		p = RenderPipelineState{send_newRenderPipelineStateWithDescriptor_options_reflection_error(d.id, desc,
			uint(PipelineOptionFailOnBinaryArchiveMiss), nil, errOut(&nserr))}
		if p.id == 0 {
			err = pipelineError("newRenderPipelineStateWithDescriptor:options:reflection:error:", nserr)
		}
	})
	return p, err
}
