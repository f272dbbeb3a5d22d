package shared

// State records (codes 100-199): one per device state setter, carrying
// the value D3D9 stores, in D3D9's own encoding. Objects are named by
// their ids (0: none).

type RecSetTextureStageState struct {
	Hdr   RecordHeader
	Stage uint32
	State uint32 // D3DTSS_*
	Value uint32
	Pad0  uint32
}

type RecSetSamplerState struct {
	Hdr     RecordHeader
	Sampler uint32 // 0-15 pixel, 16-19 vertex
	State   uint32 // D3DSAMP_*
	Value   uint32
	Pad0    uint32
}

type RecSetTransform struct {
	Hdr    RecordHeader
	State  uint32 // D3DTS_* (D3DTS_WORLDMATRIX(n) = 256+n)
	Pad0   uint32
	Matrix [16]float32 // row-major, as D3DMATRIX
}

type RecSetMaterial struct {
	Hdr      RecordHeader
	Diffuse  [4]float32
	Ambient  [4]float32
	Specular [4]float32
	Emissive [4]float32
	Power    float32
	Pad0     uint32
}

// RecSetLight mirrors D3DLIGHT9.
type RecSetLight struct {
	Hdr          RecordHeader
	Index        uint32
	Type         uint32 // D3DLIGHTTYPE
	Diffuse      [4]float32
	Specular     [4]float32
	Ambient      [4]float32
	Position     [3]float32
	Direction    [3]float32
	Range        float32
	Falloff      float32
	Attenuation0 float32
	Attenuation1 float32
	Attenuation2 float32
	Theta        float32
	Phi          float32
	Pad0         uint32
}

type RecLightEnable struct {
	Hdr    RecordHeader
	Index  uint32
	Enable uint32
}

type RecSetClipPlane struct {
	Hdr   RecordHeader
	Index uint32
	Pad0  uint32
	Plane [4]float32
}

// Shader kinds of RecSetShaderConst: the same numbers as ShaderVertex
// and ShaderPixel of RecCreateShader.
const (
	ConstShaderVertex = 1
	ConstShaderPixel  = 2
)

// RecSetShaderConst heads SetShaderConstF/I/B: Count registers from
// Start follow (16 bytes each for F and I, 4 for B).
type RecSetShaderConst struct {
	Hdr    RecordHeader
	Shader uint32 // ConstShaderVertex or ConstShaderPixel
	Start  uint32
	Count  uint32
	Pad0   uint32
}

type RecSetStreamSource struct {
	Hdr    RecordHeader
	Stream uint32
	Buffer uint32 // vertex buffer id, 0: none
	Offset uint32
	Stride uint32
}

type RecSetStreamSourceFreq struct {
	Hdr     RecordHeader
	Stream  uint32
	Setting uint32 // D3DSTREAMSOURCE_* flags and the count
}

// RecSetObject binds one object by id (0: none).
type RecSetObject struct {
	Hdr    RecordHeader
	Object uint32
	Pad0   uint32
}

type RecSetFVF struct {
	Hdr  RecordHeader
	FVF  uint32
	Pad0 uint32
}

type RecSetTexture struct {
	Hdr     RecordHeader
	Sampler uint32 // 0-15 pixel, 16-19 vertex
	Texture uint32 // texture id, 0: none
}

type RecSetNPatchMode struct {
	Hdr      RecordHeader
	Segments float32
	Pad0     uint32
}

// RecSetFlag carries one DWORD value.
type RecSetFlag struct {
	Hdr   RecordHeader
	Value uint32
	Pad0  uint32
}
