package backend

import (
	"encoding/binary"
	"math"

	"mtld3d/core/pixfmt"
)

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

// DecodeAttribute reads one vertex attribute of format f from p (at least
// f.Size() bytes) as Metal's vertex fetch does: missing components 0, w 1.
// The reference backend's vertex fetch and the device's CPU vertex path
// (ProcessVertices) use it.
func DecodeAttribute(f VertexFormat, p []byte) [4]float32 {
	le := binary.LittleEndian
	v := [4]float32{0, 0, 0, 1}
	f32 := func(n int) {
		for i := 0; i < n; i++ {
			v[i] = math.Float32frombits(le.Uint32(p[4*i:]))
		}
	}
	s16 := func(n int, norm bool) {
		for i := 0; i < n; i++ {
			x := float32(int16(le.Uint16(p[2*i:])))
			if norm {
				x = max(x/32767, -1)
			}
			v[i] = x
		}
	}
	switch f {
	case VertexFloat:
		f32(1)
	case VertexFloat2:
		f32(2)
	case VertexFloat3:
		f32(3)
	case VertexFloat4:
		f32(4)
	case VertexHalf2, VertexHalf4:
		n := 2
		if f == VertexHalf4 {
			n = 4
		}
		for i := 0; i < n; i++ {
			v[i] = pixfmt.HalfToFloat(le.Uint16(p[2*i:]))
		}
	case VertexUChar4:
		v = [4]float32{float32(p[0]), float32(p[1]), float32(p[2]), float32(p[3])}
	case VertexUChar4Normalized:
		v = [4]float32{float32(p[0]) / 255, float32(p[1]) / 255, float32(p[2]) / 255, float32(p[3]) / 255}
	case VertexUChar4Normalized_BGRA:
		v = [4]float32{float32(p[2]) / 255, float32(p[1]) / 255, float32(p[0]) / 255, float32(p[3]) / 255}
	case VertexShort2:
		s16(2, false)
	case VertexShort4:
		s16(4, false)
	case VertexShort2Normalized:
		s16(2, true)
	case VertexShort4Normalized:
		s16(4, true)
	case VertexUShort2Normalized, VertexUShort4Normalized:
		n := 2
		if f == VertexUShort4Normalized {
			n = 4
		}
		for i := 0; i < n; i++ {
			v[i] = float32(le.Uint16(p[2*i:])) / 65535
		}
	case VertexInt1010102Normalized:
		u := le.Uint32(p)
		for i := 0; i < 3; i++ {
			x := int32(u<<(22-10*uint(i))) >> 22
			v[i] = max(float32(x)/511, -1)
		}
		v[3] = max(float32(int32(u)>>30), -1)
	case VertexUInt1010102Normalized:
		u := le.Uint32(p)
		v = [4]float32{float32(u&1023) / 1023, float32(u>>10&1023) / 1023, float32(u>>20&1023) / 1023, float32(u>>30) / 3}
	}
	return v
}
