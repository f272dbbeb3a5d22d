package backend

// VertexFormat is MTLVertexFormat, limited to what D3D9 declarations use.
// FormatInvalid (zero) marks an unused attribute.
type VertexFormat uint8

const (
	VertexInvalid VertexFormat = iota
	VertexFloat
	VertexFloat2
	VertexFloat3
	VertexFloat4
	VertexHalf2
	VertexHalf4
	VertexUChar4
	VertexUChar4Normalized
	VertexUChar4Normalized_BGRA // D3DDECLTYPE_D3DCOLOR
	VertexShort2
	VertexShort4
	VertexShort2Normalized
	VertexShort4Normalized
	VertexUShort2Normalized
	VertexUShort4Normalized
	VertexInt1010102Normalized
	VertexUInt1010102Normalized
	vertexFormatCount
)

var vertexFormatSize = [vertexFormatCount]int{
	VertexFloat: 4, VertexFloat2: 8, VertexFloat3: 12, VertexFloat4: 16,
	VertexHalf2: 4, VertexHalf4: 8,
	VertexUChar4: 4, VertexUChar4Normalized: 4, VertexUChar4Normalized_BGRA: 4,
	VertexShort2: 4, VertexShort4: 8, VertexShort2Normalized: 4, VertexShort4Normalized: 8,
	VertexUShort2Normalized: 4, VertexUShort4Normalized: 8,
	VertexInt1010102Normalized: 4, VertexUInt1010102Normalized: 4,
}

// Size is the number of bytes one attribute of this format occupies.
func (f VertexFormat) Size() int {
	if int(f) >= len(vertexFormatSize) {
		return 0
	}
	return vertexFormatSize[f]
}

// StepFunction is MTLVertexStepFunction.
type StepFunction uint8

const (
	StepPerVertex StepFunction = iota
	StepConstant
	StepPerInstance
)

// VertexAttribute is MTLVertexAttributeDescriptor.
type VertexAttribute struct {
	Format      VertexFormat
	Offset      uint32
	BufferIndex uint8
}

// VertexBufferLayout is MTLVertexBufferLayoutDescriptor. A StepRate of 0
// means 1.
type VertexBufferLayout struct {
	Stride   uint32
	Step     StepFunction
	StepRate uint32
}

// VertexDescriptor is MTLVertexDescriptor: Attributes[i] feeds the vertex
// function's attribute i; Layouts[i] describes vertex buffer index i.
// Missing components of an attribute read as 0, and w as 1.
type VertexDescriptor struct {
	Attributes [MaxVertexAttributes]VertexAttribute
	Layouts    [MaxVertexBufferLayouts]VertexBufferLayout
}
