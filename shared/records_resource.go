package shared

// Resource records (codes 200-299): textures, buffers, vertex
// declarations, shaders and queries. Data travels by guest address: the
// unix side reads Src (or Code) during the SubmitFrame that carries the
// record, and the guest keeps that memory alive and unchanged until the
// submit after the record (DISCARD renames the block instead of
// overwriting it; freed blocks are retired until the next Present).

// RecCreateTexture creates a texture the unix side owns. Type is
// D3DRTYPE_TEXTURE, D3DRTYPE_CUBETEXTURE or D3DRTYPE_VOLUMETEXTURE;
// Depth is 1 unless volume; Levels is the real level count (never 0).
// Usage and Pool are D3D9's; SYSTEMMEM and SCRATCH textures are never
// created on the unix side.
type RecCreateTexture struct {
	Hdr    RecordHeader
	ID     uint32
	Type   uint32
	Format uint32 // D3DFORMAT
	Width  uint32
	Height uint32
	Depth  uint32
	Levels uint32
	Usage  uint32
	Pool   uint32
	Pad0   uint32
}

// RecUpdateTexture copies a box of one level (and cube face, 0..5) from
// guest memory. Src is the address of the box's first block (texel
// Left, Top, Front); rows of blocks are Pitch bytes apart and slices
// SlicePitch. Left and Top are block-aligned; Right and Bottom are
// block-aligned or the level's edge.
type RecUpdateTexture struct {
	Hdr        RecordHeader
	ID         uint32
	Level      uint32
	Face       uint32
	Left       uint32
	Top        uint32
	Right      uint32
	Bottom     uint32
	Front      uint32
	Back       uint32
	Pad0       uint32
	Src        uint64
	Pitch      uint32
	SlicePitch uint32
}

// RecCreateBuffer creates a vertex or index buffer. Kind is
// D3DRTYPE_VERTEXBUFFER or D3DRTYPE_INDEXBUFFER; Format is the FVF of a
// vertex buffer or the D3DFORMAT (INDEX16/INDEX32) of an index buffer.
type RecCreateBuffer struct {
	Hdr    RecordHeader
	ID     uint32
	Kind   uint32
	Size   uint32
	Usage  uint32
	Pool   uint32
	Format uint32
}

// RecUpdateBuffer copies Size bytes from guest address Src into the
// buffer at Offset. Flags is D3DLOCK_DISCARD when the first lock behind
// the update had it: the rest of the buffer's contents may go, so storage
// draws not yet run read is swapped for other, with nothing copied.
// Otherwise it is D3DLOCK_NOOVERWRITE when every lock behind the update
// had it: the game promised not to touch what this frame's draws read,
// so the bytes may go in place.
type RecUpdateBuffer struct {
	Hdr    RecordHeader
	ID     uint32
	Offset uint32
	Size   uint32
	Flags  uint32
	Src    uint64
}

// RecGenerateMips regenerates the levels below the top of an
// AUTOGENMIPMAP texture with the D3DTEXTUREFILTERTYPE Filter.
type RecGenerateMips struct {
	Hdr    RecordHeader
	ID     uint32
	Filter uint32
}

// RecCreateVertexDecl creates a vertex declaration; Count
// D3DVERTEXELEMENT9s (8 bytes each, the D3DDECL_END terminator not
// included) follow the record.
type RecCreateVertexDecl struct {
	Hdr   RecordHeader
	ID    uint32
	Count uint32
}

// Shader kinds for RecCreateShader.
const (
	ShaderVertex = 1
	ShaderPixel  = 2
)

// RecCreateShader creates a shader from Size bytes of DXSO bytecode at
// guest address Code (version token first, end token last). Software is
// 1 for a vertex shader naming constant registers past the hardware's
// (c256, i16, b16 and up; a software or mixed device takes it): it draws
// only while vertex processing is software, a mixed device in hardware
// mode drawing with fixed function instead.
type RecCreateShader struct {
	Hdr      RecordHeader
	ID       uint32
	Kind     uint32
	Size     uint32
	Software uint32
	Code     uint64
}

// RecIssueQuery marks a query's D3DISSUE_BEGIN or D3DISSUE_END (Flags)
// at this point of the frame. Type is the D3DQUERYTYPE. Seq counts the
// query's ENDs, this one (or the one this BEGIN opens) included; the
// guest names the same Seq when it asks for the result (QueryData).
type RecIssueQuery struct {
	Hdr   RecordHeader
	ID    uint32
	Type  uint32
	Flags uint32
	Seq   uint32
}

// RecTextureSurface gives a texture's level (and cube face) a surface
// id, so SetRenderTarget, SetDepthStencil and the surface copies can
// name it. The id dies with the texture (its DestroyObject).
type RecTextureSurface struct {
	Hdr     RecordHeader
	ID      uint32
	Texture uint32
	Level   uint32
	Face    uint32
}

// RecSetTextureLOD is IDirect3DBaseTexture9::SetLOD of a managed
// texture: sampling uses no level more detailed than LOD (combined with
// D3DSAMP_MAXMIPLEVEL by taking the larger).
type RecSetTextureLOD struct {
	Hdr RecordHeader
	ID  uint32
	LOD uint32
}

// RecSetPaletteEntries is SetPaletteEntries: the 256 PALETTEENTRYs of
// palette Palette follow the record. P8 textures are converted with the
// current palette (SetCurrentTexturePalette) whenever either changes.
type RecSetPaletteEntries struct {
	Hdr     RecordHeader
	Palette uint32
	Pad0    uint32
}
