package shared

// Draw records (codes 300-399). Draws are recorded and decoded now; the
// encoder that renders them is the next step.

// RecDraw is DrawPrimitive.
type RecDraw struct {
	Hdr           RecordHeader
	PrimitiveType uint32
	StartVertex   uint32
	PrimCount     uint32
	Pad0          uint32
}

// RecDrawIndexed is DrawIndexedPrimitive.
type RecDrawIndexed struct {
	Hdr           RecordHeader
	PrimitiveType uint32
	BaseVertex    int32
	MinIndex      uint32
	NumVertices   uint32
	StartIndex    uint32
	PrimCount     uint32
}

// RecDrawUP is DrawPrimitiveUP and DrawIndexedPrimitiveUP: the vertex
// bytes, then (indexed) the index bytes, follow the record inline, or
// live at Data in guest memory kept until the frame is submitted when
// they do not fit a chunk.
type RecDrawUP struct {
	Hdr           RecordHeader
	PrimitiveType uint32
	PrimCount     uint32
	Stride        uint32
	VertexBytes   uint32
	IndexFormat   uint32 // 0: not indexed; D3DFMT_INDEX16 or D3DFMT_INDEX32
	IndexBytes    uint32
	MinIndex      uint32
	NumVertices   uint32
	Data          uint64 // 0: inline
}
