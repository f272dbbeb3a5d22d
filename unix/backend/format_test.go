package backend

import "testing"

func TestVertexFormatSizes(t *testing.T) {
	for f := VertexInvalid + 1; f < vertexFormatCount; f++ {
		if f.Size() == 0 {
			t.Errorf("vertex format %d has no size", f)
		}
	}
}
