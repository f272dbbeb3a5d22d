package shared

// Copy records (device range, codes 10-19): ColorFill, StretchRect,
// UpdateSurface and AMD's RESZ depth resolve. UpdateTexture travels as
// UpdateTexture records of the destination, one per level, pointing at
// the source's guest memory.

import "mtld3d/types"

// RecColorFill fills a rectangle of a surface with a colour.
type RecColorFill struct {
	Hdr                      RecordHeader
	Surface                  uint32
	Color                    uint32 // D3DCOLOR
	Left, Top, Right, Bottom int32
}

// RecStretchRect copies a rectangle of one surface to one of another,
// scaling with Filter (D3DTEXF_POINT or LINEAR) when the sizes differ.
type RecStretchRect struct {
	Hdr                                  RecordHeader
	Src, Dst                             uint32
	SrcLeft, SrcTop, SrcRight, SrcBottom int32
	DstLeft, DstTop, DstRight, DstBottom int32
	Filter                               uint32
	Pad0                                 uint32
}

// RecUploadSurface writes rows from guest memory (in the surface's D3D9
// format, Pitch bytes apart, starting at the rectangle's first block) into
// a rectangle of a surface: UpdateSurface.
type RecUploadSurface struct {
	Hdr                      RecordHeader
	Surface                  uint32
	Pitch                    uint32
	Left, Top, Right, Bottom int32
	Src                      uint64
}

// RecResolveDepth is AMD's RESZ: D3DRS_POINTSIZE set to ReszCode copies
// the depth of a depth-stencil surface (resolving sample 0 of each pixel
// when it is multisampled) into level 0 of a depth texture of its size
// (the texture bound to sampler 0, an INTZ texture in AMD's description).
type RecResolveDepth struct {
	Hdr     RecordHeader
	Surface uint32
	Texture uint32
}

// ReszCode is the D3DRS_POINTSIZE value that asks for a RESZ resolve
// (types.RESZ_CODE); it is a command, never a point size.
const ReszCode = types.RESZ_CODE
