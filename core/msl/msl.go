// Package msl prints shader IR (core/ir) as Metal Shading Language.
//
// Every vertex shader pairs with every pixel shader because the interface
// between them and to the encoder is fixed:
//
//   - Entry points are EntryVertex and EntryFragment.
//   - Vertex inputs come from a [[stage_in]] struct: IR input with Location n
//     is member aN [[attribute(n)]]. The pipeline's vertex descriptor maps
//     D3D9 stream s (0-15) to buffer(BufferVertex0+s), so streams take
//     buffers 4-19 of Metal's 31; the encoder may use 20-30 for vertex
//     data it converts.
//   - Varyings are float4 members named vN [[user(locnN)]] with N =
//     ir.VaryingSlot(usage, index): texcoord n -> n, color n -> 16+n, fog ->
//     20, other usages 32+16*usage+index.
//   - Float, int and bool constants are buffers BufferConstF (float4 per
//     register), BufferConstI (int4 per register) and BufferConstB (one
//     uint per register, nonzero is true); the draw-state buffer
//     (ir.DS* float4 registers) is BufferDrawState. The same indices in
//     both stages.
//   - Sampler stage s is texture(s) and sampler(s) (vertex texture sampler
//     s for the vertex stage).
//   - Colour target n is [[color(n)]]; depth is [[depth(any)]].
//
// Emit applies an ir.VariantKey first (ir.ApplyVariant), so the MSL and the
// interpreter see the same IR. Emission is deterministic.
package msl

import "mtld3d/core/ir"

// Entry point names.
const (
	EntryVertex   = "vs_main"
	EntryFragment = "ps_main"
)

// Buffer indices, identical in both stages.
const (
	BufferConstF    = 0
	BufferConstI    = 1
	BufferConstB    = 2
	BufferDrawState = 3
	BufferVertex0   = 4 // D3D9 vertex stream s is buffer(BufferVertex0 + s)
)

// Unit is one emitted MSL translation unit and what the pipeline needs to
// know about it.
type Unit struct {
	Stage  ir.Stage
	Entry  string
	Source string

	// Buffers has bit i set for each buffer(i) the function reads.
	Buffers uint32
	// Samplers are the texture/sampler pairs the function declares, after
	// the variant's kind overrides, sorted by index.
	Samplers []ir.SamplerDecl

	// Vertex stage.
	Attributes    []int // [[attribute(n)]] locations read, sorted
	Varyings      []int // varying slots written (vertex) or read (pixel), sorted
	ClipDistances int
	PointSize     bool

	// Pixel stage.
	ColorTargets uint8 // bit n: [[color(n)]] written
	WritesDepth  bool
}

// VariantKey is the D3D9 state that changes generated code; see
// ir.VariantKey.
type VariantKey = ir.VariantKey

// Emit validates s, applies the variant and prints it as MSL.
func Emit(s *ir.Shader, key VariantKey) (*Unit, error) {
	if err := ir.Validate(s); err != nil {
		return nil, err
	}
	v := ir.ApplyVariant(s, key)
	if err := ir.Validate(v); err != nil {
		return nil, err
	}
	return emit(v), nil
}
