//go:build amd64 || arm64

package mtl

import (
	"bytes"
	"sync"

	"mtld3d/unix/backend/metal/ns"
)

// encState is what a render encoder was last sent, so that a state equal
// to it is not sent again (each state message only when its value
// changed since the encoder's last one). A state is known once it has
// been set on this encoder: Metal's own initial values are not assumed.
type encState struct {
	known      encKnown
	viewport   Viewport
	scissor    ScissorRect
	cull       CullMode
	winding    Winding
	bias       [3]float32
	clip       DepthClipMode
	fill       TriangleFillMode
	stencilRef [2]uint32
	blend      [4]float32
	pipeline   ns.ID
	dss        ns.ID
	vbuf, fbuf [trackedBuffers]bufBinding
	vbyt, fbyt [trackedBuffers]bytesBinding
	vtex, ftex [trackedTextures]ns.ID
	vsmp, fsmp [trackedSamplers]ns.ID
	texSet     [2]uint64 // vertex, fragment: bit i set when [vf]tex[i] is known
	smpSet     [2]uint32
}

type encKnown uint16

const (
	knownViewport encKnown = 1 << iota
	knownScissor
	knownCull
	knownWinding
	knownBias
	knownClip
	knownFill
	knownStencilRef
	knownBlend
	knownPipeline
	knownDSS
)

// bufBinding is a buffer argument-table entry: a buffer and offset, or
// bytes (which are always sent again).
type bufBinding struct {
	id     ns.ID
	offset uint
	set    bool
}

// bytesBinding is what set*Bytes last put at an index; buf keeps its
// storage across encoders (the state is pooled).
type bytesBinding struct {
	buf []byte
	set bool
}

// Argument-table entries tracked; indices past them are always sent.
const (
	trackedBuffers  = 31
	trackedTextures = 64
	trackedSamplers = 16
)

var encStates = sync.Pool{New: func() any { return new(encState) }}

func getEncState() *encState {
	s := encStates.Get().(*encState)
	vb, fb := s.vbyt, s.fbyt
	*s = encState{}
	for i := range vb {
		s.vbyt[i].buf = vb[i].buf[:0]
		s.fbyt[i].buf = fb[i].buf[:0]
	}
	return s
}

func putEncState(s *encState) {
	if s != nil {
		encStates.Put(s)
	}
}

// send reports whether a state message must go out, and records v as
// the encoder's value: always without state (the zero encoder), else when
// the state is not known yet or v differs from the last value sent.
func send[T comparable](s *encState, k encKnown, field func(*encState) *T, v T) bool {
	if s == nil {
		return true
	}
	p := field(s)
	if s.known&k != 0 && *p == v {
		return false
	}
	*p, s.known = v, s.known|k
	return true
}

func (s *encState) buffer(t *[trackedBuffers]bufBinding, id ns.ID, offset uint, index uint) bool {
	if s == nil || index >= trackedBuffers {
		return false
	}
	b := &t[index]
	was := b.set && b.id == id && b.offset == offset
	*b = bufBinding{id, offset, true}
	return was
}

// bufferOffset is setVertexBufferOffset:atIndex: on a known binding.
func (s *encState) bufferOffset(t *[trackedBuffers]bufBinding, offset uint, index uint) bool {
	if s == nil || index >= trackedBuffers || !t[index].set {
		return false
	}
	was := t[index].offset == offset
	t[index].offset = offset
	return was
}

// sameBytes reports whether set*Bytes at index would send what the
// entry holds, and records data there either way; the buffer binding
// there is forgotten.
func (s *encState) sameBytes(b *[trackedBuffers]bufBinding, t *[trackedBuffers]bytesBinding, data []byte, index uint) bool {
	if s == nil || index >= trackedBuffers {
		return false
	}
	b[index] = bufBinding{}
	e := &t[index]
	if e.set && bytes.Equal(e.buf, data) {
		return true
	}
	e.buf = append(e.buf[:0], data...)
	e.set = true
	return false
}

// forgetBytes: a buffer bound at index replaces its bytes.
func (s *encState) forgetBytes(t *[trackedBuffers]bytesBinding, index uint) {
	if s != nil && index < trackedBuffers {
		t[index].set = false
	}
}

func (s *encState) texture(stage int, t *[trackedTextures]ns.ID, id ns.ID, index uint) bool {
	if s == nil || index >= trackedTextures {
		return false
	}
	bit := uint64(1) << index
	was := s.texSet[stage]&bit != 0 && t[index] == id
	t[index] = id
	s.texSet[stage] |= bit
	return was
}

func (s *encState) sampler(stage int, t *[trackedSamplers]ns.ID, id ns.ID, index uint) bool {
	if s == nil || index >= trackedSamplers {
		return false
	}
	bit := uint32(1) << index
	was := s.smpSet[stage]&bit != 0 && t[index] == id
	t[index] = id
	s.smpSet[stage] |= bit
	return was
}
