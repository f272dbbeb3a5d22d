package ff

import "mtld3d/types"

// DeclElement is what the fixed-function pipeline reads of one
// D3DVERTEXELEMENT9: its type, usage and usage index (stream and offset
// only matter to the vertex descriptor).
type DeclElement struct {
	Type       types.DeclType
	Usage      types.DeclUsage
	UsageIndex uint8
}

// DeclComponents is the number of components a D3DDECLTYPE carries before
// the vertex fetch widens it to four (0 for UNUSED and unknown types).
func DeclComponents(t types.DeclType) uint8 {
	switch t {
	case types.D3DDECLTYPE_FLOAT1:
		return 1
	case types.D3DDECLTYPE_FLOAT2, types.D3DDECLTYPE_SHORT2, types.D3DDECLTYPE_SHORT2N,
		types.D3DDECLTYPE_USHORT2N, types.D3DDECLTYPE_FLOAT16_2:
		return 2
	case types.D3DDECLTYPE_FLOAT3, types.D3DDECLTYPE_UDEC3, types.D3DDECLTYPE_DEC3N:
		return 3
	case types.D3DDECLTYPE_FLOAT4, types.D3DDECLTYPE_D3DCOLOR, types.D3DDECLTYPE_UBYTE4,
		types.D3DDECLTYPE_SHORT4, types.D3DDECLTYPE_UBYTE4N, types.D3DDECLTYPE_SHORT4N,
		types.D3DDECLTYPE_USHORT4N, types.D3DDECLTYPE_FLOAT16_4:
		return 4
	}
	return 0
}

// DeclFromElements summarises a vertex declaration as DeclFromFVF does an
// FVF, so a fixed-function draw with a declaration gets the same vertex
// key. POSITIONT (usage index 0) makes the vertex pre-transformed; a
// four-component POSITION is object space with w. Blend weights count
// the components of BLENDWEIGHT 0; D3DCOLOR blend indices are read
// BGRA-normalised, as with D3DFVF_LASTBETA_D3DCOLOR. Tangents, binormals,
// fog and depth only count in Varyings; other elements the pipeline does
// not read (a third colour...) are ignored.
func DeclFromElements(els []DeclElement) Decl {
	var d Decl
	for _, e := range els {
		n := DeclComponents(e.Type)
		if n == 0 {
			continue
		}
		if e.UsageIndex == 0 {
			for _, u := range PassUsages {
				if types.DeclUsage(u) == e.Usage {
					d.Varyings |= 1 << u
				}
			}
		}
		switch e.Usage {
		case types.D3DDECLUSAGE_POSITIONT:
			if e.UsageIndex == 0 {
				d.Pos = PosXYZRHW
			}
		case types.D3DDECLUSAGE_POSITION:
			switch {
			case e.UsageIndex == 1:
				d.Position1 = true
			case e.UsageIndex == 0 && d.Pos != PosXYZRHW && n == 4:
				d.Pos = PosXYZW
			}
		case types.D3DDECLUSAGE_BLENDWEIGHT:
			if e.UsageIndex == 0 {
				d.BlendWeights = n
			}
		case types.D3DDECLUSAGE_BLENDINDICES:
			if e.UsageIndex == 0 {
				d.Indices = true
				d.IndicesColor = e.Type == types.D3DDECLTYPE_D3DCOLOR
			}
		case types.D3DDECLUSAGE_NORMAL:
			switch e.UsageIndex {
			case 0:
				d.Normal = true
			case 1:
				d.Normal1 = true
			}
		case types.D3DDECLUSAGE_PSIZE:
			d.PSize = d.PSize || e.UsageIndex == 0
		case types.D3DDECLUSAGE_COLOR:
			switch e.UsageIndex {
			case 0:
				d.Diffuse = true
			case 1:
				d.Specular = true
			}
		case types.D3DDECLUSAGE_TEXCOORD:
			if int(e.UsageIndex) < MaxStages {
				d.TexCoordSize[e.UsageIndex] = n
				d.TexCoords = max(d.TexCoords, e.UsageIndex+1)
			}
		}
	}
	return d
}
