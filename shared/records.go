package shared

import "reflect"

// Frame records: what the guest appends to a device's arena for every
// state change, draw and resource update, and what the unix side replays
// in order. Each record starts with RecordHeader; its size is a multiple
// of 8 so the next record is 8-aligned. Layouts follow the wire rules
// (CheckLayout); the generator writes the C structs and asserts, and the
// unix side overlays the same Go structs on the arena bytes.

// ChunkSize is the size of one arena chunk. A chunk starts with
// ChunkHeader; records follow.
const ChunkSize = 64 * 1024

// ChunkHeader heads a chunk: Used counts bytes including the header.
type ChunkHeader struct {
	Used uint32
	Pad0 uint32
}

// RecordHeader heads a record. Type is the index in Records; Size counts
// bytes including the header.
type RecordHeader struct {
	Type uint32
	Size uint32
}

// Record is one record type. Code is its wire number: codes never change
// once shipped. Ranges keep areas apart: 0-99 device and frame, 100-199
// state, 200-299 resources, 300-399 draws.
type Record struct {
	Code uint32
	Name string // CamelCase; C spells it MTLD3D_REC_<UPPER_SNAKE>
	Type reflect.Type
	Doc  string
}

// Records lists every record type. Other files of this package add their
// area's records with register.
var Records = []Record{
	{0, "Nop", reflect.TypeFor[RecNop](), "padding at a chunk's end"},
	{1, "Clear", reflect.TypeFor[RecClear](), "IDirect3DDevice9::Clear over the bound targets; Rects D3DRECTs follow"},
	{2, "SetRenderTarget", reflect.TypeFor[RecSetRenderTarget](), "binds a surface (0: none) to a colour slot"},
	{3, "SetDepthStencil", reflect.TypeFor[RecSetDepthStencil](), "binds a depth-stencil surface (0: none)"},
	{4, "CreateSurface", reflect.TypeFor[RecCreateSurface](), "a render target, depth-stencil or standalone surface the unix side must own"},
	{5, "DestroyObject", reflect.TypeFor[RecDestroyObject](), "an object id is gone"},
	{6, "Present", reflect.TypeFor[RecPresent](), "end of frame: draw a swap chain's back buffer (or a rectangle of it) into its window's client area"},
	{70, "SwapChain", reflect.TypeFor[RecSwapChain](), "a swap chain and its back buffers (at creation and Reset); Count back buffer ids follow as uint32s"},
	{71, "SetGammaRamp", reflect.TypeFor[RecSetGammaRamp](), "a swap chain's gamma ramp, applied to what its window shows only"},
	{10, "ColorFill", reflect.TypeFor[RecColorFill](), "fills a rectangle of a surface"},
	{11, "StretchRect", reflect.TypeFor[RecStretchRect](), "copies and scales a rectangle between surfaces"},
	{13, "SurfaceDiscard", reflect.TypeFor[RecSurfaceDiscard](), "the depth-stencil surface's contents are undefined after each Present and after SetDepthStencilSurface binds another surface (D3DPRESENTFLAG_DISCARD_DEPTHSTENCIL, Discard=TRUE)"},
	{12, "UploadSurface", reflect.TypeFor[RecUploadSurface](), "writes rows from guest memory into a surface rectangle"},
	{14, "ResolveDepth", reflect.TypeFor[RecResolveDepth](), "AMD's RESZ: a depth-stencil surface's depth into level 0 of a depth texture of its size"},
	{80, "SetFrameLatency", reflect.TypeFor[RecSetFrameLatency](), "IDirect3DDevice9Ex::SetMaximumFrameLatency: presented frames that may be outstanding (never 0: the guest sends 3 for 0)"},
	{100, "SetViewport", reflect.TypeFor[RecSetViewport](), "the viewport"},
	{101, "SetScissor", reflect.TypeFor[RecSetScissor](), "the scissor rectangle"},
	{102, "SetRenderState", reflect.TypeFor[RecSetRenderState](), "one render state"},
	{103, "SetTextureStageState", reflect.TypeFor[RecSetTextureStageState](), "one texture stage state"},
	{104, "SetSamplerState", reflect.TypeFor[RecSetSamplerState](), "one sampler state (samplers 16-19 are D3DVERTEXTEXTURESAMPLER0-3)"},
	{105, "SetTransform", reflect.TypeFor[RecSetTransform](), "one transform matrix (D3DTS_* index below 512)"},
	{106, "SetMaterial", reflect.TypeFor[RecSetMaterial](), "the material"},
	{107, "SetLight", reflect.TypeFor[RecSetLight](), "one light's parameters"},
	{108, "LightEnable", reflect.TypeFor[RecLightEnable](), "enables or disables one light"},
	{109, "SetClipPlane", reflect.TypeFor[RecSetClipPlane](), "one user clip plane"},
	{110, "SetShaderConstF", reflect.TypeFor[RecSetShaderConst](), "float constants; Count float4s follow"},
	{111, "SetShaderConstI", reflect.TypeFor[RecSetShaderConst](), "integer constants; Count int4s follow"},
	{112, "SetShaderConstB", reflect.TypeFor[RecSetShaderConst](), "boolean constants; Count uint32s follow"},
	{113, "SetStreamSource", reflect.TypeFor[RecSetStreamSource](), "binds a vertex buffer (0: none) to a stream"},
	{114, "SetStreamSourceFreq", reflect.TypeFor[RecSetStreamSourceFreq](), "a stream's frequency setting"},
	{115, "SetIndices", reflect.TypeFor[RecSetObject](), "binds an index buffer (0: none)"},
	{116, "SetFVF", reflect.TypeFor[RecSetFVF](), "the FVF; the declaration is unbound"},
	{117, "SetVertexDeclaration", reflect.TypeFor[RecSetObject](), "binds a vertex declaration (0: none); the FVF becomes 0"},
	{118, "SetVertexShader", reflect.TypeFor[RecSetObject](), "binds a vertex shader (0: fixed function)"},
	{119, "SetPixelShader", reflect.TypeFor[RecSetObject](), "binds a pixel shader (0: fixed function)"},
	{120, "SetTexture", reflect.TypeFor[RecSetTexture](), "binds a texture (0: none) to a sampler (16-19: vertex samplers)"},
	{121, "SetNPatchMode", reflect.TypeFor[RecSetNPatchMode](), "N-patch segments"},
	{122, "SetSoftwareVertexProcessing", reflect.TypeFor[RecSetFlag](), "software vertex processing on a mixed device"},
	{123, "SetCurrentTexturePalette", reflect.TypeFor[RecSetFlag](), "the current texture palette"},
	{124, "ResetState", reflect.TypeFor[RecNop](), "every device state returns to its default (core/state): objects unbound, identity transforms, lights gone; D3DRS_ZENABLE, the viewport and the scissor follow as records"},
	{200, "CreateTexture", reflect.TypeFor[RecCreateTexture](), "a texture, cube texture or volume texture the unix side must own"},
	{201, "UpdateTexture", reflect.TypeFor[RecUpdateTexture](), "copies a box of one texture level from guest memory"},
	{202, "CreateBuffer", reflect.TypeFor[RecCreateBuffer](), "a vertex or index buffer the unix side must own"},
	{203, "UpdateBuffer", reflect.TypeFor[RecUpdateBuffer](), "copies a byte range of a buffer from guest memory"},
	{204, "GenerateMips", reflect.TypeFor[RecGenerateMips](), "regenerates an AUTOGENMIPMAP texture's lower levels"},
	{205, "CreateVertexDecl", reflect.TypeFor[RecCreateVertexDecl](), "a vertex declaration; its D3DVERTEXELEMENT9s follow"},
	{206, "CreateShader", reflect.TypeFor[RecCreateShader](), "a vertex or pixel shader from bytecode in guest memory"},
	{207, "IssueQuery", reflect.TypeFor[RecIssueQuery](), "a query's begin or end at this point of the frame"},
	{208, "TextureSurface", reflect.TypeFor[RecTextureSurface](), "names a texture level (and face) as a surface id"},
	{209, "SetTextureLOD", reflect.TypeFor[RecSetTextureLOD](), "a managed texture's most detailed level to sample (SetLOD)"},
	{210, "SetPaletteEntries", reflect.TypeFor[RecSetPaletteEntries](), "a texture palette's 256 PALETTEENTRYs, which follow"},
	{300, "Draw", reflect.TypeFor[RecDraw](), "DrawPrimitive"},
	{301, "DrawIndexed", reflect.TypeFor[RecDrawIndexed](), "DrawIndexedPrimitive"},
	{302, "DrawUP", reflect.TypeFor[RecDrawUP](), "DrawPrimitiveUP or DrawIndexedPrimitiveUP with its data"},
}

// MaxRecordCode bounds record codes, so the unix side can index a table.
const MaxRecordCode = 1024

// RecordName returns the name of the record with the given code, or
// "unknown" (for logs).
func RecordName(code uint32) string {
	for _, r := range Records {
		if r.Code == code {
			return r.Name
		}
	}
	return "unknown"
}

// RecordCode returns the code of the named record.
func RecordCode(name string) uint32 {
	for _, r := range Records {
		if r.Name == name {
			return r.Code
		}
	}
	panic("shared: unknown record " + name)
}

type RecNop struct {
	Hdr RecordHeader
}

// RecClear mirrors Clear's arguments; Rects rectangles follow the record.
type RecClear struct {
	Hdr     RecordHeader
	Flags   uint32
	Color   uint32 // D3DCOLOR
	Z       float32
	Stencil uint32
	Rects   uint32
	Pad0    uint32
}

type RecSetRenderTarget struct {
	Hdr     RecordHeader
	Slot    uint32
	Surface uint32
}

type RecSetDepthStencil struct {
	Hdr     RecordHeader
	Surface uint32
	Pad0    uint32
}

type RecSetViewport struct {
	Hdr                 RecordHeader
	X, Y, Width, Height uint32
	MinZ, MaxZ          float32
}

type RecSetScissor struct {
	Hdr                      RecordHeader
	Left, Top, Right, Bottom int32
}

type RecSetRenderState struct {
	Hdr   RecordHeader
	State uint32
	Value uint32
}

// Surface usage kinds for RecCreateSurface.
const (
	SurfaceRenderTarget = 1
	SurfaceDepthStencil = 2
	SurfacePlain        = 3
)

type RecCreateSurface struct {
	Hdr         RecordHeader
	ID          uint32
	Kind        uint32
	Width       uint32
	Height      uint32
	Format      uint32 // D3DFORMAT
	Multisample uint32
}

// RecSurfaceDiscard follows the CreateSurface of a depth-stencil surface
// made with discarding on, so the unix side need not store what a later
// pass could not read.
type RecSurfaceDiscard struct {
	Hdr     RecordHeader
	Surface uint32
	Pad0    uint32
}

type RecDestroyObject struct {
	Hdr RecordHeader
	ID  uint32
	Pad uint32
}

// RecPresent shows the Src rectangle of the back buffer (clipped to it)
// in the Dst rectangle of the window's client area, which is
// ClientWidth x ClientHeight at this Present: the size of the drawable.
// Dst is in client coordinates and may reach outside the client area
// (it is clipped there, not squeezed); pixels outside Dst keep what the
// last Present left.
type RecPresent struct {
	Hdr                                  RecordHeader
	SwapChain                            uint32
	BackBuffer                           uint32 // surface id shown
	SrcLeft, SrcTop, SrcRight, SrcBottom int32
	DstLeft, DstTop, DstRight, DstBottom int32
	ClientWidth, ClientHeight            uint32
	Flags                                uint32 // D3DPRESENT_*
	Interval                             uint32 // the swap chain's D3DPRESENT_INTERVAL_*
	// Window is GetAncestor(target, GA_ROOT) of the window presented to
	// (hDestWindowOverride or the swap chain's): the HWND the backend
	// layer attaches to (LayerDesc.Window); 0 for none.
	Window uint64
	// Dump is what to write of this presented frame besides showing it:
	// PresentDumpPNG when the frame hotkey was pressed since the last
	// Present (the guest polls it, debug.frame_hotkey).
	Dump uint32
	// GuestKiB is what d3d9.dll holds of the guest's memory (record
	// arenas, resources' guest copies, surfaces, blobs) at this Present,
	// in KiB, for the performance log.
	GuestKiB uint32
}

// RecPresent.Dump bits.
const (
	// PresentDumpPNG writes the presented frame as a PNG beside the log.
	PresentDumpPNG = 1
)

// RecSwapChain names a swap chain's back buffers in GetBackBuffer order
// (Count uint32 surface ids follow the record), so the unix side knows
// the swap chain before its first Present and can rotate a FLIP chain.
type RecSwapChain struct {
	Hdr        RecordHeader
	SwapChain  uint32
	SwapEffect uint32 // D3DSWAPEFFECT_*
	Count      uint32
	Width      uint32 // back buffer size
	Height     uint32
	Windowed   uint32
}

// RecSetGammaRamp is IDirect3DDevice9::SetGammaRamp: the display ramp of
// a swap chain, D3DGAMMARAMP's three 256-entry tables. It changes what the
// window shows, not the front buffer GetFrontBufferData reads.
type RecSetGammaRamp struct {
	Hdr              RecordHeader
	SwapChain        uint32
	Pad0             uint32
	Red, Green, Blue [256]uint16
}

// RecSetFrameLatency bounds how many presented frames may be queued or
// running on the unix side before a Present waits.
type RecSetFrameLatency struct {
	Hdr     RecordHeader
	Latency uint32
	Pad0    uint32
}
