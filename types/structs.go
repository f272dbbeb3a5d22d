package types

// The D3D9 structs as Go structs with the C layout. Field types carry the
// C width: DWORD/UINT uint32, INT/LONG/WINBOOL int32, WORD uint16, BYTE
// uint8, float float32, C enums their Go type. Every field's `c` tag is its
// C member name, which WriteCLayoutAsserts needs. On x86_64 the Microsoft
// ABI lays these out exactly as Go's amd64 does; on i686 the headers pack
// d3d9types.h and d3d9caps.h to 4 bytes (see MSLayout), so pointer-sized
// members use Handle or Ptr and the layout engine, not GOARCH=386, is the
// authority for the 32-bit guest.

// Handle is a Win32 handle (HWND, HANDLE, HMONITOR, HDC): pointer-sized in
// the guest. On the 64-bit host it holds a guest value, never a pointer.
type Handle uintptr

// Ptr is a guest data pointer (void *): pointer-sized in the guest and
// meaningless to dereference outside it.
type Ptr uintptr

// LargeInteger is LARGE_INTEGER: 8 bytes with 8-byte alignment in the
// Microsoft ABI, capped at 4 inside structs packed to 4.
type LargeInteger int64

// Matrix is D3DMATRIX, row-major: M[row][col] is C's _<row+1><col+1>.
type Matrix struct {
	M [4][4]float32 `c:"m"`
}

// Rect is the Win32 RECT.
type Rect struct {
	Left   int32 `c:"left"`
	Top    int32 `c:"top"`
	Right  int32 `c:"right"`
	Bottom int32 `c:"bottom"`
}

// Point is the Win32 POINT.
type Point struct {
	X int32 `c:"x"`
	Y int32 `c:"y"`
}

// PaletteEntry is the Win32 PALETTEENTRY.
type PaletteEntry struct {
	Red   uint8 `c:"peRed"`
	Green uint8 `c:"peGreen"`
	Blue  uint8 `c:"peBlue"`
	Flags uint8 `c:"peFlags"`
}

// LUID is the Win32 locally unique identifier; 4-byte aligned because it
// is two 32-bit halves, not a 64-bit integer.
type LUID struct {
	LowPart  uint32 `c:"LowPart"`
	HighPart int32  `c:"HighPart"`
}

// ComposeRectDesc is D3DCOMPOSERECTDESC (ComposeRects source rectangle),
// which mingw-w64's headers do not declare.
type ComposeRectDesc struct {
	X      uint16 `c:"X"`
	Y      uint16 `c:"Y"`
	Width  uint16 `c:"Width"`
	Height uint16 `c:"Height"`
}

// ComposeRectDestination is D3DCOMPOSERECTDESTINATION, also absent from
// mingw-w64.
type ComposeRectDestination struct {
	SrcRectIndex uint16 `c:"SrcRectIndex"`
	Reserved     uint16 `c:"Reserved"`
	X            int16  `c:"X"`
	Y            int16  `c:"Y"`
}

// D3DDECL_END is the element that terminates a vertex declaration.
func D3DDECL_END() VertexElement9 {
	return VertexElement9{Stream: 0xFF, Type: uint8(D3DDECLTYPE_UNUSED)}
}

// VertexElement9 is D3DVERTEXELEMENT9.
type VertexElement9 struct {
	Stream     uint16 `c:"Stream"`
	Offset     uint16 `c:"Offset"`
	Type       uint8  `c:"Type"`
	Method     uint8  `c:"Method"`
	Usage      uint8  `c:"Usage"`
	UsageIndex uint8  `c:"UsageIndex"`
}

// AdapterIdentifier9 is D3DADAPTER_IDENTIFIER9.
type AdapterIdentifier9 struct {
	Driver           [512]byte    `c:"Driver"`
	Description      [512]byte    `c:"Description"`
	DeviceName       [32]byte     `c:"DeviceName"`
	DriverVersion    LargeInteger `c:"DriverVersion"`
	VendorId         uint32       `c:"VendorId"`
	DeviceId         uint32       `c:"DeviceId"`
	SubSysId         uint32       `c:"SubSysId"`
	Revision         uint32       `c:"Revision"`
	DeviceIdentifier GUID         `c:"DeviceIdentifier"`
	WHQLLevel        uint32       `c:"WHQLLevel"`
}

// Box is D3DBOX.
type Box struct {
	Left   uint32 `c:"Left"`
	Top    uint32 `c:"Top"`
	Right  uint32 `c:"Right"`
	Bottom uint32 `c:"Bottom"`
	Front  uint32 `c:"Front"`
	Back   uint32 `c:"Back"`
}

// ClipStatus9 is D3DCLIPSTATUS9.
type ClipStatus9 struct {
	ClipUnion        uint32 `c:"ClipUnion"`
	ClipIntersection uint32 `c:"ClipIntersection"`
}

// ColorValue is D3DCOLORVALUE.
type ColorValue struct {
	R float32 `c:"r"`
	G float32 `c:"g"`
	B float32 `c:"b"`
	A float32 `c:"a"`
}

// DeviceCreationParameters is D3DDEVICE_CREATION_PARAMETERS.
type DeviceCreationParameters struct {
	AdapterOrdinal uint32  `c:"AdapterOrdinal"`
	DeviceType     DevType `c:"DeviceType"`
	FocusWindow    Handle  `c:"hFocusWindow"`
	BehaviorFlags  uint32  `c:"BehaviorFlags"`
}

// DevInfoBandwidthTimings is D3DDEVINFO_D3D9BANDWIDTHTIMINGS.
type DevInfoBandwidthTimings struct {
	MaxBandwidthUtilized                float32 `c:"MaxBandwidthUtilized"`
	FrontEndUploadMemoryUtilizedPercent float32 `c:"FrontEndUploadMemoryUtilizedPercent"`
	VertexRateUtilizedPercent           float32 `c:"VertexRateUtilizedPercent"`
	TriangleSetupRateUtilizedPercent    float32 `c:"TriangleSetupRateUtilizedPercent"`
	FillRateUtilizedPercent             float32 `c:"FillRateUtilizedPercent"`
}

// DevInfoCacheUtilization is D3DDEVINFO_D3D9CACHEUTILIZATION.
type DevInfoCacheUtilization struct {
	TextureCacheHitRate             float32 `c:"TextureCacheHitRate"`
	PostTransformVertexCacheHitRate float32 `c:"PostTransformVertexCacheHitRate"`
}

// DevInfoInterfaceTimings is D3DDEVINFO_D3D9INTERFACETIMINGS.
type DevInfoInterfaceTimings struct {
	WaitingForGPUToUseApplicationResourceTimePercent float32 `c:"WaitingForGPUToUseApplicationResourceTimePercent"`
	WaitingForGPUToAcceptMoreCommandsTimePercent     float32 `c:"WaitingForGPUToAcceptMoreCommandsTimePercent"`
	WaitingForGPUToStayWithinLatencyTimePercent      float32 `c:"WaitingForGPUToStayWithinLatencyTimePercent"`
	WaitingForGPUExclusiveResourceTimePercent        float32 `c:"WaitingForGPUExclusiveResourceTimePercent"`
	WaitingForGPUOtherTimePercent                    float32 `c:"WaitingForGPUOtherTimePercent"`
}

// DevInfoPipelineTimings is D3DDEVINFO_D3D9PIPELINETIMINGS.
type DevInfoPipelineTimings struct {
	VertexProcessingTimePercent   float32 `c:"VertexProcessingTimePercent"`
	PixelProcessingTimePercent    float32 `c:"PixelProcessingTimePercent"`
	OtherGPUProcessingTimePercent float32 `c:"OtherGPUProcessingTimePercent"`
	GPUIdleTimePercent            float32 `c:"GPUIdleTimePercent"`
}

// DevInfoStageTimings is D3DDEVINFO_D3D9STAGETIMINGS.
type DevInfoStageTimings struct {
	MemoryProcessingPercent      float32 `c:"MemoryProcessingPercent"`
	ComputationProcessingPercent float32 `c:"ComputationProcessingPercent"`
}

// DevInfoVCache is D3DDEVINFO_VCACHE.
type DevInfoVCache struct {
	Pattern     uint32 `c:"Pattern"`
	OptMethod   uint32 `c:"OptMethod"`
	CacheSize   uint32 `c:"CacheSize"`
	MagicNumber uint32 `c:"MagicNumber"`
}

// ResourceStats is D3DRESOURCESTATS.
type ResourceStats struct {
	Thrashing             int32  `c:"bThrashing"`
	ApproxBytesDownloaded uint32 `c:"ApproxBytesDownloaded"`
	NumEvicts             uint32 `c:"NumEvicts"`
	NumVidCreates         uint32 `c:"NumVidCreates"`
	LastPri               uint32 `c:"LastPri"`
	NumUsed               uint32 `c:"NumUsed"`
	NumUsedInVidMem       uint32 `c:"NumUsedInVidMem"`
	WorkingSet            uint32 `c:"WorkingSet"`
	WorkingSetBytes       uint32 `c:"WorkingSetBytes"`
	TotalManaged          uint32 `c:"TotalManaged"`
	TotalBytes            uint32 `c:"TotalBytes"`
}

// DevInfoResourceManager is D3DDEVINFO_D3DRESOURCEMANAGER.
type DevInfoResourceManager struct {
	Stats [8]ResourceStats `c:"stats"`
}

// DevInfoVertexStats is D3DDEVINFO_D3DVERTEXSTATS.
type DevInfoVertexStats struct {
	NumRenderedTriangles      uint32 `c:"NumRenderedTriangles"`
	NumExtraClippingTriangles uint32 `c:"NumExtraClippingTriangles"`
}

// DisplayMode is D3DDISPLAYMODE.
type DisplayMode struct {
	Width       uint32 `c:"Width"`
	Height      uint32 `c:"Height"`
	RefreshRate uint32 `c:"RefreshRate"`
	Format      Format `c:"Format"`
}

// GammaRamp is D3DGAMMARAMP.
type GammaRamp struct {
	Red   [256]uint16 `c:"red"`
	Green [256]uint16 `c:"green"`
	Blue  [256]uint16 `c:"blue"`
}

// IndexBufferDesc is D3DINDEXBUFFER_DESC.
type IndexBufferDesc struct {
	Format Format       `c:"Format"`
	Type   ResourceType `c:"Type"`
	Usage  uint32       `c:"Usage"`
	Pool   Pool         `c:"Pool"`
	Size   uint32       `c:"Size"`
}

// Vector is D3DVECTOR.
type Vector struct {
	X float32 `c:"x"`
	Y float32 `c:"y"`
	Z float32 `c:"z"`
}

// Light9 is D3DLIGHT9.
type Light9 struct {
	Type         LightType  `c:"Type"`
	Diffuse      ColorValue `c:"Diffuse"`
	Specular     ColorValue `c:"Specular"`
	Ambient      ColorValue `c:"Ambient"`
	Position     Vector     `c:"Position"`
	Direction    Vector     `c:"Direction"`
	Range        float32    `c:"Range"`
	Falloff      float32    `c:"Falloff"`
	Attenuation0 float32    `c:"Attenuation0"`
	Attenuation1 float32    `c:"Attenuation1"`
	Attenuation2 float32    `c:"Attenuation2"`
	Theta        float32    `c:"Theta"`
	Phi          float32    `c:"Phi"`
}

// LinePattern is D3DLINEPATTERN.
type LinePattern struct {
	RepeatFactor uint16 `c:"wRepeatFactor"`
	LinePattern  uint16 `c:"wLinePattern"`
}

// LockedBox is D3DLOCKED_BOX.
type LockedBox struct {
	RowPitch   int32 `c:"RowPitch"`
	SlicePitch int32 `c:"SlicePitch"`
	Bits       Ptr   `c:"pBits"`
}

// LockedRect is D3DLOCKED_RECT.
type LockedRect struct {
	Pitch int32 `c:"Pitch"`
	Bits  Ptr   `c:"pBits"`
}

// Material9 is D3DMATERIAL9.
type Material9 struct {
	Diffuse  ColorValue `c:"Diffuse"`
	Ambient  ColorValue `c:"Ambient"`
	Specular ColorValue `c:"Specular"`
	Emissive ColorValue `c:"Emissive"`
	Power    float32    `c:"Power"`
}

// PresentParameters is D3DPRESENT_PARAMETERS.
type PresentParameters struct {
	BackBufferWidth           uint32          `c:"BackBufferWidth"`
	BackBufferHeight          uint32          `c:"BackBufferHeight"`
	BackBufferFormat          Format          `c:"BackBufferFormat"`
	BackBufferCount           uint32          `c:"BackBufferCount"`
	MultiSampleType           MultisampleType `c:"MultiSampleType"`
	MultiSampleQuality        uint32          `c:"MultiSampleQuality"`
	SwapEffect                SwapEffect      `c:"SwapEffect"`
	DeviceWindow              Handle          `c:"hDeviceWindow"`
	Windowed                  int32           `c:"Windowed"`
	EnableAutoDepthStencil    int32           `c:"EnableAutoDepthStencil"`
	AutoDepthStencilFormat    Format          `c:"AutoDepthStencilFormat"`
	Flags                     uint32          `c:"Flags"`
	FullScreenRefreshRateInHz uint32          `c:"FullScreen_RefreshRateInHz"`
	PresentationInterval      uint32          `c:"PresentationInterval"`
}

// Range is D3DRANGE.
type Range struct {
	Offset uint32 `c:"Offset"`
	Size   uint32 `c:"Size"`
}

// RasterStatus is D3DRASTER_STATUS.
type RasterStatus struct {
	InVBlank int32  `c:"InVBlank"`
	ScanLine uint32 `c:"ScanLine"`
}

// D3DRect is D3DRECT.
type D3DRect struct {
	X1 int32 `c:"x1"`
	Y1 int32 `c:"y1"`
	X2 int32 `c:"x2"`
	Y2 int32 `c:"y2"`
}

// RectPatchInfo is D3DRECTPATCH_INFO.
type RectPatchInfo struct {
	StartVertexOffsetWidth  uint32     `c:"StartVertexOffsetWidth"`
	StartVertexOffsetHeight uint32     `c:"StartVertexOffsetHeight"`
	Width                   uint32     `c:"Width"`
	Height                  uint32     `c:"Height"`
	Stride                  uint32     `c:"Stride"`
	Basis                   BasisType  `c:"Basis"`
	Degree                  DegreeType `c:"Degree"`
}

// SurfaceDesc is D3DSURFACE_DESC.
type SurfaceDesc struct {
	Format             Format          `c:"Format"`
	Type               ResourceType    `c:"Type"`
	Usage              uint32          `c:"Usage"`
	Pool               Pool            `c:"Pool"`
	MultiSampleType    MultisampleType `c:"MultiSampleType"`
	MultiSampleQuality uint32          `c:"MultiSampleQuality"`
	Width              uint32          `c:"Width"`
	Height             uint32          `c:"Height"`
}

// TriPatchInfo is D3DTRIPATCH_INFO.
type TriPatchInfo struct {
	StartVertexOffset uint32     `c:"StartVertexOffset"`
	NumVertices       uint32     `c:"NumVertices"`
	Basis             BasisType  `c:"Basis"`
	Degree            DegreeType `c:"Degree"`
}

// VertexBufferDesc is D3DVERTEXBUFFER_DESC.
type VertexBufferDesc struct {
	Format Format       `c:"Format"`
	Type   ResourceType `c:"Type"`
	Usage  uint32       `c:"Usage"`
	Pool   Pool         `c:"Pool"`
	Size   uint32       `c:"Size"`
	FVF    uint32       `c:"FVF"`
}

// Viewport9 is D3DVIEWPORT9.
type Viewport9 struct {
	X      uint32  `c:"X"`
	Y      uint32  `c:"Y"`
	Width  uint32  `c:"Width"`
	Height uint32  `c:"Height"`
	MinZ   float32 `c:"MinZ"`
	MaxZ   float32 `c:"MaxZ"`
}

// VolumeDesc is D3DVOLUME_DESC.
type VolumeDesc struct {
	Format Format       `c:"Format"`
	Type   ResourceType `c:"Type"`
	Usage  uint32       `c:"Usage"`
	Pool   Pool         `c:"Pool"`
	Width  uint32       `c:"Width"`
	Height uint32       `c:"Height"`
	Depth  uint32       `c:"Depth"`
}

// DisplayModeFilter is D3DDISPLAYMODEFILTER.
type DisplayModeFilter struct {
	Size             uint32           `c:"Size"`
	Format           Format           `c:"Format"`
	ScanLineOrdering ScanlineOrdering `c:"ScanLineOrdering"`
}

// DisplayModeEx is D3DDISPLAYMODEEX.
type DisplayModeEx struct {
	Size             uint32           `c:"Size"`
	Width            uint32           `c:"Width"`
	Height           uint32           `c:"Height"`
	RefreshRate      uint32           `c:"RefreshRate"`
	Format           Format           `c:"Format"`
	ScanLineOrdering ScanlineOrdering `c:"ScanLineOrdering"`
}

// MemoryPressure is D3DMEMORYPRESSURE.
type MemoryPressure struct {
	BytesEvictedFromProcess     uint64 `c:"BytesEvictedFromProcess"`
	SizeOfInefficientAllocation uint64 `c:"SizeOfInefficientAllocation"`
	LevelOfEfficiency           uint32 `c:"LevelOfEfficiency"`
}

// PresentStats is D3DPRESENTSTATS.
type PresentStats struct {
	PresentCount        uint32       `c:"PresentCount"`
	PresentRefreshCount uint32       `c:"PresentRefreshCount"`
	SyncRefreshCount    uint32       `c:"SyncRefreshCount"`
	SyncQPCTime         LargeInteger `c:"SyncQPCTime"`
	SyncGPUTime         LargeInteger `c:"SyncGPUTime"`
}

// VShaderCaps2_0 is D3DVSHADERCAPS2_0.
type VShaderCaps2_0 struct {
	Caps                    uint32 `c:"Caps"`
	DynamicFlowControlDepth int32  `c:"DynamicFlowControlDepth"`
	NumTemps                int32  `c:"NumTemps"`
	StaticFlowControlDepth  int32  `c:"StaticFlowControlDepth"`
}

// PShaderCaps2_0 is D3DPSHADERCAPS2_0.
type PShaderCaps2_0 struct {
	Caps                    uint32 `c:"Caps"`
	DynamicFlowControlDepth int32  `c:"DynamicFlowControlDepth"`
	NumTemps                int32  `c:"NumTemps"`
	StaticFlowControlDepth  int32  `c:"StaticFlowControlDepth"`
	NumInstructionSlots     int32  `c:"NumInstructionSlots"`
}

// Caps9 is D3DCAPS9.
type Caps9 struct {
	DeviceType                        DevType        `c:"DeviceType"`
	AdapterOrdinal                    uint32         `c:"AdapterOrdinal"`
	Caps                              uint32         `c:"Caps"`
	Caps2                             uint32         `c:"Caps2"`
	Caps3                             uint32         `c:"Caps3"`
	PresentationIntervals             uint32         `c:"PresentationIntervals"`
	CursorCaps                        uint32         `c:"CursorCaps"`
	DevCaps                           uint32         `c:"DevCaps"`
	PrimitiveMiscCaps                 uint32         `c:"PrimitiveMiscCaps"`
	RasterCaps                        uint32         `c:"RasterCaps"`
	ZCmpCaps                          uint32         `c:"ZCmpCaps"`
	SrcBlendCaps                      uint32         `c:"SrcBlendCaps"`
	DestBlendCaps                     uint32         `c:"DestBlendCaps"`
	AlphaCmpCaps                      uint32         `c:"AlphaCmpCaps"`
	ShadeCaps                         uint32         `c:"ShadeCaps"`
	TextureCaps                       uint32         `c:"TextureCaps"`
	TextureFilterCaps                 uint32         `c:"TextureFilterCaps"`
	CubeTextureFilterCaps             uint32         `c:"CubeTextureFilterCaps"`
	VolumeTextureFilterCaps           uint32         `c:"VolumeTextureFilterCaps"`
	TextureAddressCaps                uint32         `c:"TextureAddressCaps"`
	VolumeTextureAddressCaps          uint32         `c:"VolumeTextureAddressCaps"`
	LineCaps                          uint32         `c:"LineCaps"`
	MaxTextureWidth                   uint32         `c:"MaxTextureWidth"`
	MaxTextureHeight                  uint32         `c:"MaxTextureHeight"`
	MaxVolumeExtent                   uint32         `c:"MaxVolumeExtent"`
	MaxTextureRepeat                  uint32         `c:"MaxTextureRepeat"`
	MaxTextureAspectRatio             uint32         `c:"MaxTextureAspectRatio"`
	MaxAnisotropy                     uint32         `c:"MaxAnisotropy"`
	MaxVertexW                        float32        `c:"MaxVertexW"`
	GuardBandLeft                     float32        `c:"GuardBandLeft"`
	GuardBandTop                      float32        `c:"GuardBandTop"`
	GuardBandRight                    float32        `c:"GuardBandRight"`
	GuardBandBottom                   float32        `c:"GuardBandBottom"`
	ExtentsAdjust                     float32        `c:"ExtentsAdjust"`
	StencilCaps                       uint32         `c:"StencilCaps"`
	FVFCaps                           uint32         `c:"FVFCaps"`
	TextureOpCaps                     uint32         `c:"TextureOpCaps"`
	MaxTextureBlendStages             uint32         `c:"MaxTextureBlendStages"`
	MaxSimultaneousTextures           uint32         `c:"MaxSimultaneousTextures"`
	VertexProcessingCaps              uint32         `c:"VertexProcessingCaps"`
	MaxActiveLights                   uint32         `c:"MaxActiveLights"`
	MaxUserClipPlanes                 uint32         `c:"MaxUserClipPlanes"`
	MaxVertexBlendMatrices            uint32         `c:"MaxVertexBlendMatrices"`
	MaxVertexBlendMatrixIndex         uint32         `c:"MaxVertexBlendMatrixIndex"`
	MaxPointSize                      float32        `c:"MaxPointSize"`
	MaxPrimitiveCount                 uint32         `c:"MaxPrimitiveCount"`
	MaxVertexIndex                    uint32         `c:"MaxVertexIndex"`
	MaxStreams                        uint32         `c:"MaxStreams"`
	MaxStreamStride                   uint32         `c:"MaxStreamStride"`
	VertexShaderVersion               uint32         `c:"VertexShaderVersion"`
	MaxVertexShaderConst              uint32         `c:"MaxVertexShaderConst"`
	PixelShaderVersion                uint32         `c:"PixelShaderVersion"`
	PixelShader1xMaxValue             float32        `c:"PixelShader1xMaxValue"`
	DevCaps2                          uint32         `c:"DevCaps2"`
	MaxNpatchTessellationLevel        float32        `c:"MaxNpatchTessellationLevel"`
	Reserved5                         uint32         `c:"Reserved5"`
	MasterAdapterOrdinal              uint32         `c:"MasterAdapterOrdinal"`
	AdapterOrdinalInGroup             uint32         `c:"AdapterOrdinalInGroup"`
	NumberOfAdaptersInGroup           uint32         `c:"NumberOfAdaptersInGroup"`
	DeclTypes                         uint32         `c:"DeclTypes"`
	NumSimultaneousRTs                uint32         `c:"NumSimultaneousRTs"`
	StretchRectFilterCaps             uint32         `c:"StretchRectFilterCaps"`
	VS20Caps                          VShaderCaps2_0 `c:"VS20Caps"`
	PS20Caps                          PShaderCaps2_0 `c:"PS20Caps"`
	VertexTextureFilterCaps           uint32         `c:"VertexTextureFilterCaps"`
	MaxVShaderInstructionsExecuted    uint32         `c:"MaxVShaderInstructionsExecuted"`
	MaxPShaderInstructionsExecuted    uint32         `c:"MaxPShaderInstructionsExecuted"`
	MaxVertexShader30InstructionSlots uint32         `c:"MaxVertexShader30InstructionSlots"`
	MaxPixelShader30InstructionSlots  uint32         `c:"MaxPixelShader30InstructionSlots"`
}

// OverlayCaps is D3DOVERLAYCAPS.
type OverlayCaps struct {
	Caps                    uint32 `c:"Caps"`
	MaxOverlayDisplayWidth  uint32 `c:"MaxOverlayDisplayWidth"`
	MaxOverlayDisplayHeight uint32 `c:"MaxOverlayDisplayHeight"`
}

// ContentProtectionCaps is D3DCONTENTPROTECTIONCAPS.
type ContentProtectionCaps struct {
	Caps                 uint32 `c:"Caps"`
	KeyExchangeType      GUID   `c:"KeyExchangeType"`
	BufferAlignmentStart uint32 `c:"BufferAlignmentStart"`
	BlockAlignmentSize   uint32 `c:"BlockAlignmentSize"`
	ProtectedMemorySize  uint64 `c:"ProtectedMemorySize"`
}
