package ff

import (
	"testing"

	"mtld3d/core/ir"
	"mtld3d/types"
)

// The declaration D3D9 makes from an FVF summarises as the FVF does.
func TestDeclFromElementsMatchesFVF(t *testing.T) {
	el := func(t types.DeclType, u types.DeclUsage, i uint8) DeclElement { return DeclElement{t, u, i} }
	cases := []struct {
		fvf uint32
		els []DeclElement
	}{
		{types.D3DFVF_XYZ | types.D3DFVF_DIFFUSE, []DeclElement{
			el(types.D3DDECLTYPE_FLOAT3, types.D3DDECLUSAGE_POSITION, 0), el(types.D3DDECLTYPE_D3DCOLOR, types.D3DDECLUSAGE_COLOR, 0)}},
		{types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE | types.D3DFVF_SPECULAR | types.D3DFVF_TEX1, []DeclElement{
			el(types.D3DDECLTYPE_FLOAT4, types.D3DDECLUSAGE_POSITIONT, 0), el(types.D3DDECLTYPE_D3DCOLOR, types.D3DDECLUSAGE_COLOR, 0),
			el(types.D3DDECLTYPE_D3DCOLOR, types.D3DDECLUSAGE_COLOR, 1), el(types.D3DDECLTYPE_FLOAT2, types.D3DDECLUSAGE_TEXCOORD, 0)}},
		{types.D3DFVF_XYZW | types.D3DFVF_NORMAL | types.D3DFVF_PSIZE, []DeclElement{
			el(types.D3DDECLTYPE_FLOAT4, types.D3DDECLUSAGE_POSITION, 0), el(types.D3DDECLTYPE_FLOAT3, types.D3DDECLUSAGE_NORMAL, 0),
			el(types.D3DDECLTYPE_FLOAT1, types.D3DDECLUSAGE_PSIZE, 0)}},
		{types.D3DFVF_XYZB3 | types.D3DFVF_NORMAL, []DeclElement{
			el(types.D3DDECLTYPE_FLOAT3, types.D3DDECLUSAGE_POSITION, 0), el(types.D3DDECLTYPE_FLOAT3, types.D3DDECLUSAGE_BLENDWEIGHT, 0),
			el(types.D3DDECLTYPE_FLOAT3, types.D3DDECLUSAGE_NORMAL, 0)}},
		{types.D3DFVF_XYZB4 | types.D3DFVF_LASTBETA_UBYTE4, []DeclElement{
			el(types.D3DDECLTYPE_FLOAT3, types.D3DDECLUSAGE_POSITION, 0), el(types.D3DDECLTYPE_FLOAT3, types.D3DDECLUSAGE_BLENDWEIGHT, 0),
			el(types.D3DDECLTYPE_UBYTE4, types.D3DDECLUSAGE_BLENDINDICES, 0)}},
		{types.D3DFVF_XYZB2 | types.D3DFVF_LASTBETA_D3DCOLOR, []DeclElement{
			el(types.D3DDECLTYPE_FLOAT3, types.D3DDECLUSAGE_POSITION, 0), el(types.D3DDECLTYPE_FLOAT1, types.D3DDECLUSAGE_BLENDWEIGHT, 0),
			el(types.D3DDECLTYPE_D3DCOLOR, types.D3DDECLUSAGE_BLENDINDICES, 0)}},
		{types.D3DFVF_XYZ | types.D3DFVF_TEX3 | types.D3DFVF_TEXCOORDSIZE1(0) | types.D3DFVF_TEXCOORDSIZE3(1) | types.D3DFVF_TEXCOORDSIZE4(2), []DeclElement{
			el(types.D3DDECLTYPE_FLOAT3, types.D3DDECLUSAGE_POSITION, 0), el(types.D3DDECLTYPE_FLOAT1, types.D3DDECLUSAGE_TEXCOORD, 0),
			el(types.D3DDECLTYPE_FLOAT3, types.D3DDECLUSAGE_TEXCOORD, 1), el(types.D3DDECLTYPE_FLOAT4, types.D3DDECLUSAGE_TEXCOORD, 2)}},
	}
	for _, c := range cases {
		if got, want := DeclFromElements(c.els), DeclFromFVF(c.fvf); got != want {
			t.Errorf("FVF %#x: declaration gives %+v, FVF %+v", c.fvf, got, want)
		}
	}
}

func TestDeclFromElementsDeclarationOnly(t *testing.T) {
	d := DeclFromElements([]DeclElement{
		{types.D3DDECLTYPE_FLOAT3, types.D3DDECLUSAGE_POSITION, 0},
		{types.D3DDECLTYPE_FLOAT3, types.D3DDECLUSAGE_POSITION, 1},
		{types.D3DDECLTYPE_DEC3N, types.D3DDECLUSAGE_NORMAL, 0},
		{types.D3DDECLTYPE_DEC3N, types.D3DDECLUSAGE_NORMAL, 1},
		{types.D3DDECLTYPE_SHORT2N, types.D3DDECLUSAGE_TEXCOORD, 2}, // sets 0 and 1 left out
		{types.D3DDECLTYPE_FLOAT4, types.D3DDECLUSAGE_TANGENT, 0},
		{types.D3DDECLTYPE_UNUSED, types.D3DDECLUSAGE_COLOR, 0},
	})
	want := Decl{Position1: true, Normal: true, Normal1: true, TexCoords: 3, TexCoordSize: [MaxStages]uint8{0, 0, 2},
		Varyings: 1<<ir.UsageNormal | 1<<ir.UsageTangent}
	if d != want {
		t.Errorf("got %+v, want %+v", d, want)
	}
}
