package device

import (
	"encoding/binary"
	"runtime"
	"testing"
	"unsafe"

	"mtld3d/core/dxso"
	"mtld3d/core/ir"
	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend"
)

func u32s(v ...uint32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], x)
	}
	return b
}

func addr(b []byte) uint64 { return uint64(uintptr(unsafe.Pointer(&b[0]))) }

// quadTex is a pre-transformed triangle covering the 8x8 target whose
// vertices all carry the same three-component texture coordinate.
func quadTex(c *chunk, u, v, w float32) {
	var data []byte
	for _, p := range [][2]float32{{0, 0}, {16, 0}, {0, 16}} {
		data = append(data, f32s(p[0], p[1], 0.5, 1, u, v, w)...)
	}
	add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1, Stride: 28,
		VertexBytes: uint32(len(data))}, data...)
}

func shaderRec(t *testing.T, c *chunk, id, kind uint32, src string) []uint32 {
	t.Helper()
	code_, err := dxso.Assemble(src)
	if err != nil {
		t.Fatal(err)
	}
	add(c, code("CreateShader"), shared.RecCreateShader{ID: id, Kind: kind, Size: uint32(4 * len(code_)), Code: uint64(uintptr(unsafe.Pointer(&code_[0])))})
	return code_
}

// texturedSetup starts a frame on the 8x8 A8R8G8B8 target with depth off
// and pre-transformed vertices carrying one three-component coordinate.
func texturedSetup(c *chunk) {
	setup(c, types.D3DFMT_A8R8G8B8)
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: 0})
	add(c, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZRHW | types.D3DFVF_TEX1 | types.D3DFVF_TEXCOORDSIZE3(0)})
}

// columns draws pixel columns x0..x1 of the 8x8 target as two triangles
// sampling texture coordinate (0.5, 0.5, 0).
func columns(c *chunk, x0, x1 float32) {
	var data []byte
	for _, p := range [][2]float32{{x0, 0}, {x1, 0}, {x0, 8}, {x1, 0}, {x1, 8}, {x0, 8}} {
		data = append(data, f32s(p[0], p[1], 0.5, 1, 0.5, 0.5, 0)...)
	}
	add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 2, Stride: 28,
		VertexBytes: uint32(len(data))}, data...)
}

var faceColours = []uint32{0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffff00, 0xffff00ff, 0xff00ffff}

// cubeTexture creates texture 30, a 1x1 A8R8G8B8 cube map whose faces
// hold faceColours, and binds it to stage 0.
func cubeTexture(c *chunk) []byte {
	texels := u32s(faceColours...)
	add(c, code("CreateTexture"), shared.RecCreateTexture{ID: 30, Type: uint32(types.D3DRTYPE_CUBETEXTURE), Format: uint32(types.D3DFMT_A8R8G8B8),
		Width: 1, Height: 1, Depth: 1, Levels: 1})
	for f := range 6 {
		add(c, code("UpdateTexture"), shared.RecUpdateTexture{ID: 30, Face: uint32(f), Right: 1, Bottom: 1, Back: 1,
			Src: addr(texels[4*f:]), Pitch: 4, SlicePitch: 4})
	}
	add(c, code("SetTexture"), shared.RecSetTexture{Sampler: 0, Texture: 30})
	return texels
}

var directions = [][3]float32{{1, 0.1, 0.2}, {-1, 0.1, 0.2}, {0.1, 1, 0.2}, {0.1, -1, 0.2}, {0.1, 0.2, 1}, {0.1, 0.2, -1}}

func TestCubeSampledByFixedFunction(t *testing.T) {
	for f, dir := range directions {
		d := newTestDevice(t)
		c := newChunk()
		texturedSetup(c)
		add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_LIGHTING), Value: 0})
		texels := cubeTexture(c)
		quadTex(c, dir[0], dir[1], dir[2])
		replay(t, d, c)
		runtime.KeepAlive(texels)
		if got := pixel(t, d, 1, types.D3DFMT_A8R8G8B8, 8, 8, 2, 2); got != faceColours[f] {
			t.Errorf("direction %v: %#x, want face %d's %#x", dir, got, f, faceColours[f])
		}
	}
}

func TestCubeSampledByShader(t *testing.T) {
	for f, dir := range directions {
		d := newTestDevice(t)
		c := newChunk()
		texturedSetup(c)
		ps := shaderRec(t, c, 40, shared.ShaderPixel, "ps_2_0\ndcl t0.xyz\ndcl_cube s0\ntexld r0, t0, s0\nmov oC0, r0\n")
		add(c, code("SetPixelShader"), shared.RecSetObject{Object: 40})
		texels := cubeTexture(c)
		quadTex(c, dir[0], dir[1], dir[2])
		replay(t, d, c)
		runtime.KeepAlive(texels)
		runtime.KeepAlive(ps)
		if got := pixel(t, d, 1, types.D3DFMT_A8R8G8B8, 8, 8, 2, 2); got != faceColours[f] {
			t.Errorf("direction %v: %#x, want face %d's %#x", dir, got, f, faceColours[f])
		}
	}
}

func TestVolumeSampledAtThreeDepths(t *testing.T) {
	// A 2x2x3 volume: slice z is one colour; the rows are 8 bytes apart
	// with 4 bytes of padding to check the pitch.
	slices := []uint32{0xffff0000, 0xff00ff00, 0xff0000ff}
	var texels []byte
	for _, col := range slices {
		texels = append(texels, u32s(col, col, 0, col, col, 0)...)
	}
	for i, w := range []float32{1.0 / 6, 0.5, 5.0 / 6} {
		d := newTestDevice(t)
		c := newChunk()
		texturedSetup(c)
		ps := shaderRec(t, c, 40, shared.ShaderPixel, "ps_2_0\ndcl t0.xyz\ndcl_volume s0\ntexld r0, t0, s0\nmov oC0, r0\n")
		add(c, code("SetPixelShader"), shared.RecSetObject{Object: 40})
		add(c, code("CreateTexture"), shared.RecCreateTexture{ID: 30, Type: uint32(types.D3DRTYPE_VOLUMETEXTURE), Format: uint32(types.D3DFMT_A8R8G8B8),
			Width: 2, Height: 2, Depth: 3, Levels: 1})
		add(c, code("UpdateTexture"), shared.RecUpdateTexture{ID: 30, Right: 2, Bottom: 2, Back: 3, Src: addr(texels), Pitch: 12, SlicePitch: 24})
		add(c, code("SetTexture"), shared.RecSetTexture{Sampler: 0, Texture: 30})
		quadTex(c, 0.5, 0.5, w)
		replay(t, d, c)
		runtime.KeepAlive(texels)
		runtime.KeepAlive(ps)
		if got := pixel(t, d, 1, types.D3DFMT_A8R8G8B8, 8, 8, 2, 2); got != slices[i] {
			t.Errorf("depth %v: %#x, want %#x", w, got, slices[i])
		}
	}
}

func TestRenderToCubeFaceThenSample(t *testing.T) {
	d := newTestDevice(t)
	c := newChunk()
	setup(c, types.D3DFMT_A8R8G8B8)
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: 0})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_LIGHTING), Value: 0})
	add(c, code("CreateTexture"), shared.RecCreateTexture{ID: 30, Type: uint32(types.D3DRTYPE_CUBETEXTURE), Format: uint32(types.D3DFMT_A8R8G8B8),
		Width: 4, Height: 4, Depth: 1, Levels: 1, Usage: types.D3DUSAGE_RENDERTARGET, Pool: uint32(types.D3DPOOL_DEFAULT)})
	for f := range 6 {
		add(c, code("TextureSurface"), shared.RecTextureSurface{ID: 50 + uint32(f), Texture: 30, Face: uint32(f)})
		add(c, code("SetRenderTarget"), shared.RecSetRenderTarget{Slot: 0, Surface: 50 + uint32(f)})
		add(c, code("SetViewport"), shared.RecSetViewport{Width: 4, Height: 4, MaxZ: 1})
		add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: faceColours[f]})
	}
	add(c, code("SetRenderTarget"), shared.RecSetRenderTarget{Slot: 0, Surface: 1})
	add(c, code("SetViewport"), shared.RecSetViewport{Width: 8, Height: 8, MaxZ: 1})
	add(c, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZRHW | types.D3DFVF_TEX1 | types.D3DFVF_TEXCOORDSIZE3(0)})
	add(c, code("SetTexture"), shared.RecSetTexture{Sampler: 0, Texture: 30})
	quadTex(c, 0.1, 0.2, -1)
	replay(t, d, c)
	if got := pixel(t, d, 1, types.D3DFMT_A8R8G8B8, 8, 8, 2, 2); got != faceColours[5] {
		t.Errorf("-Z: %#x, want %#x", got, faceColours[5])
	}
	if got := pixel(t, d, 52, types.D3DFMT_A8R8G8B8, 4, 4, 1, 1); got != faceColours[2] {
		t.Errorf("face +Y read back: %#x, want %#x", got, faceColours[2])
	}
}

// vertexFetchSetup starts a frame on the 8x8 A8R8G8B8 target drawn by a
// vs_3_0 that outputs texldl of its texcoord from vertex sampler 0 as the
// colour, over float4 position and texcoord elements. It answers the
// shaders' code, which must stay alive until the replay.
func vertexFetchSetup(t *testing.T, c *chunk) (vs, ps []uint32) {
	t.Helper()
	setup(c, types.D3DFMT_A8R8G8B8)
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_ZENABLE), Value: 0})
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_CULLMODE), Value: uint32(types.D3DCULL_NONE)})
	vs = shaderRec(t, c, 40, shared.ShaderVertex, "vs_3_0\ndcl_position v0\ndcl_texcoord v1\ndcl_2d s0\ndcl_position o0\ndcl_color o1\n"+
		"mov o0, v0\ntexldl o1, v1, s0\n")
	ps = shaderRec(t, c, 41, shared.ShaderPixel, "ps_3_0\ndcl_color v0\nmov oC0, v0\n")
	add(c, code("SetVertexShader"), shared.RecSetObject{Object: 40})
	add(c, code("SetPixelShader"), shared.RecSetObject{Object: 41})
	elems := []byte{0, 0, 0, 0, byte(types.D3DDECLTYPE_FLOAT4), 0, byte(types.D3DDECLUSAGE_POSITION), 0,
		0, 0, 16, 0, byte(types.D3DDECLTYPE_FLOAT4), 0, byte(types.D3DDECLUSAGE_TEXCOORD), 0}
	add(c, code("CreateVertexDecl"), shared.RecCreateVertexDecl{ID: 42, Count: 2}, elems...)
	add(c, code("SetVertexDeclaration"), shared.RecSetObject{Object: 42})
	return vs, ps
}

func TestVertexTextureFetch(t *testing.T) {
	d := newTestDevice(t)
	c := newChunk()
	vs, ps := vertexFetchSetup(t, c)
	// A 2x1 texture: left texel red, right texel blue; the vertices read
	// the right one at level 0.
	texels := u32s(0xffff0000, 0xff0000ff)
	add(c, code("CreateTexture"), shared.RecCreateTexture{ID: 30, Type: uint32(types.D3DRTYPE_TEXTURE), Format: uint32(types.D3DFMT_A32B32G32R32F),
		Width: 2, Height: 1, Depth: 1, Levels: 1})
	fl := f32s(1, 0, 0, 1, 0, 0, 1, 1)
	add(c, code("UpdateTexture"), shared.RecUpdateTexture{ID: 30, Right: 2, Bottom: 1, Back: 1, Src: addr(fl), Pitch: 32})
	add(c, code("SetTexture"), shared.RecSetTexture{Sampler: vertexSampler0, Texture: 30})
	var data []byte
	for _, p := range [][2]float32{{-1, -1}, {3, -1}, {-1, 3}} {
		data = append(data, f32s(p[0], p[1], 0.5, 1, 0.75, 0.5, 0, 0)...)
	}
	add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1, Stride: 32,
		VertexBytes: uint32(len(data))}, data...)
	replay(t, d, c)
	runtime.KeepAlive(vs)
	runtime.KeepAlive(ps)
	runtime.KeepAlive(texels)
	runtime.KeepAlive(fl)
	if got := pixel(t, d, 1, types.D3DFMT_A8R8G8B8, 8, 8, 4, 4); got != 0xff0000ff {
		t.Errorf("vertex-fetched colour %#x, want blue", got)
	}
}

func TestSamplerDesc(t *testing.T) {
	v := defaultSampler()
	tex := &texture{levels: 4}
	// Without mipmapping MAXMIPLEVEL is ignored and SetLOD picks the level
	// (Windows in Wine's maxmip_test).
	v[types.D3DSAMP_MAXMIPLEVEL] = 2
	v[types.D3DSAMP_MIPFILTER] = uint32(types.D3DTEXF_NONE)
	if d := samplerDesc(&v, tex); d.LodMinClamp != 0 || d.LodMaxClamp != 0 || d.MipFilter != backend.MipFilterNearest {
		t.Errorf("MAXMIPLEVEL 2 without mip filter: %+v, want level 0 only", d)
	}
	tex.lod = 1
	if d := samplerDesc(&v, tex); d.LodMinClamp != 1 || d.LodMaxClamp != 1 {
		t.Errorf("SetLOD 1 without mip filter: %+v, want level 1 only", d)
	}
	tex.lod = 0
	v[types.D3DSAMP_MIPFILTER] = uint32(types.D3DTEXF_POINT)
	v[types.D3DSAMP_MAXMIPLEVEL] = 9
	if d := samplerDesc(&v, tex); d.LodMinClamp != 3 {
		t.Errorf("MAXMIPLEVEL past the chain: min LOD %v, want the last level", d.LodMinClamp)
	}
	tex.lod = 3
	v[types.D3DSAMP_MAXMIPLEVEL] = 1
	v[types.D3DSAMP_MIPFILTER] = uint32(types.D3DTEXF_LINEAR)
	if d := samplerDesc(&v, tex); d.LodMinClamp != 3 || d.MipFilter != backend.MipFilterLinear || d.LodMaxClamp != 1000 {
		t.Errorf("SetLOD 3 over MAXMIPLEVEL 1: %+v", d)
	}
	v[types.D3DSAMP_MINFILTER] = uint32(types.D3DTEXF_ANISOTROPIC)
	v[types.D3DSAMP_MAXANISOTROPY] = 8
	if d := samplerDesc(&v, tex); d.MaxAnisotropy != 8 || d.MinFilter != backend.FilterLinear {
		t.Errorf("anisotropic: %+v", d)
	}
	for _, a := range []struct {
		mode types.TextureAddress
		want backend.AddressMode
	}{{types.D3DTADDRESS_WRAP, backend.AddressRepeat}, {types.D3DTADDRESS_MIRROR, backend.AddressMirrorRepeat},
		{types.D3DTADDRESS_CLAMP, backend.AddressClampToEdge}, {types.D3DTADDRESS_BORDER, backend.AddressClampToBorder},
		{types.D3DTADDRESS_MIRRORONCE, backend.AddressMirrorClampToEdge}} {
		v[types.D3DSAMP_ADDRESSU], v[types.D3DSAMP_ADDRESSV], v[types.D3DSAMP_ADDRESSW] = uint32(a.mode), uint32(a.mode), uint32(a.mode)
		if d := samplerDesc(&v, tex); d.SAddress != a.want || d.TAddress != a.want || d.RAddress != a.want {
			t.Errorf("address %v: %v %v %v", a.mode, d.SAddress, d.TAddress, d.RAddress)
		}
	}
	for c, want := range map[uint32]backend.BorderColor{0: backend.BorderTransparentBlack, 0x00ffffff: backend.BorderTransparentBlack,
		0xff000000: backend.BorderOpaqueBlack, 0xffffffff: backend.BorderOpaqueWhite, 0xff202020: backend.BorderOpaqueBlack, 0xffe0e0e0: backend.BorderOpaqueWhite} {
		if got := borderColor(c); got != want {
			t.Errorf("border %#x: %v, want %v", c, got, want)
		}
	}
}

func TestStretchFromCubeFace(t *testing.T) {
	d := newTestDevice(t)
	c := newChunk()
	setup(c, types.D3DFMT_X8R8G8B8)
	add(c, code("CreateTexture"), shared.RecCreateTexture{ID: 30, Type: uint32(types.D3DRTYPE_CUBETEXTURE), Format: uint32(types.D3DFMT_A8R8G8B8),
		Width: 4, Height: 4, Depth: 1, Levels: 1, Usage: types.D3DUSAGE_RENDERTARGET, Pool: uint32(types.D3DPOOL_DEFAULT)})
	for f := range 6 {
		add(c, code("TextureSurface"), shared.RecTextureSurface{ID: 50 + uint32(f), Texture: 30, Face: uint32(f)})
		add(c, code("ColorFill"), shared.RecColorFill{Surface: 50 + uint32(f), Right: 4, Bottom: 4, Color: faceColours[f]})
	}
	// Face -Y scaled up to the whole 8x8 target, with linear filtering.
	add(c, code("StretchRect"), shared.RecStretchRect{Src: 53, Dst: 1, SrcRight: 4, SrcBottom: 4, DstRight: 8, DstBottom: 8,
		Filter: uint32(types.D3DTEXF_LINEAR)})
	replay(t, d, c)
	for _, p := range [][2]int{{0, 0}, {7, 7}, {3, 5}} {
		if got := pixel(t, d, 1, types.D3DFMT_X8R8G8B8, 8, 8, p[0], p[1]); got&0xffffff != faceColours[3]&0xffffff {
			t.Errorf("pixel %v: %#x, want face -Y's %#x", p, got, faceColours[3])
		}
	}
}

func TestTextureUpdateBetweenDrawsKeepsOrder(t *testing.T) {
	d := newTestDevice(t)
	c := newChunk()
	texturedSetup(c)
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_LIGHTING), Value: 0})
	red, green := u32s(0xffff0000), u32s(0xff00ff00)
	add(c, code("CreateTexture"), shared.RecCreateTexture{ID: 30, Type: uint32(types.D3DRTYPE_TEXTURE), Format: uint32(types.D3DFMT_A8R8G8B8),
		Width: 1, Height: 1, Depth: 1, Levels: 1})
	add(c, code("UpdateTexture"), shared.RecUpdateTexture{ID: 30, Right: 1, Bottom: 1, Back: 1, Src: addr(red), Pitch: 4})
	add(c, code("SetTexture"), shared.RecSetTexture{Sampler: 0, Texture: 30})
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff000000})
	// Left half with the red texel, then the texel turns green and the
	// right half is drawn.
	columns(c, 0, 4)
	add(c, code("UpdateTexture"), shared.RecUpdateTexture{ID: 30, Right: 1, Bottom: 1, Back: 1, Src: addr(green), Pitch: 4})
	columns(c, 4, 8)
	replay(t, d, c)
	runtime.KeepAlive(red)
	runtime.KeepAlive(green)
	if got := pixel(t, d, 1, types.D3DFMT_A8R8G8B8, 8, 8, 1, 4); got != 0xffff0000 {
		t.Errorf("drawn before the update: %#x, want red", got)
	}
	if got := pixel(t, d, 1, types.D3DFMT_A8R8G8B8, 8, 8, 6, 4); got != 0xff00ff00 {
		t.Errorf("drawn after the update: %#x, want green", got)
	}
}

func TestP8FollowsThePalette(t *testing.T) {
	d := newTestDevice(t)
	c := newChunk()
	texturedSetup(c)
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_LIGHTING), Value: 0})
	// Palette 0: index 3 is red; palette 1: index 3 is blue (PALETTEENTRY
	// is red, green, blue, flags; flags are the alpha).
	pal := func(r, g, b byte) []byte {
		p := make([]byte, 1024)
		copy(p[12:], []byte{r, g, b, 0xff})
		return p
	}
	index := []byte{3}
	add(c, code("SetPaletteEntries"), shared.RecSetPaletteEntries{Palette: 0}, pal(0xff, 0, 0)...)
	add(c, code("SetPaletteEntries"), shared.RecSetPaletteEntries{Palette: 1}, pal(0, 0, 0xff)...)
	add(c, code("CreateTexture"), shared.RecCreateTexture{ID: 30, Type: uint32(types.D3DRTYPE_TEXTURE), Format: uint32(types.D3DFMT_P8),
		Width: 1, Height: 1, Depth: 1, Levels: 1})
	add(c, code("UpdateTexture"), shared.RecUpdateTexture{ID: 30, Right: 1, Bottom: 1, Back: 1, Src: addr(index), Pitch: 1})
	add(c, code("SetTexture"), shared.RecSetTexture{Sampler: 0, Texture: 30})
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff000000})
	columns(c, 0, 4)
	add(c, code("SetCurrentTexturePalette"), shared.RecSetFlag{Value: 1})
	columns(c, 4, 8)
	replay(t, d, c)
	runtime.KeepAlive(index)
	if got := pixel(t, d, 1, types.D3DFMT_A8R8G8B8, 8, 8, 1, 4); got != 0xffff0000 {
		t.Errorf("palette 0: %#x, want red", got)
	}
	if got := pixel(t, d, 1, types.D3DFMT_A8R8G8B8, 8, 8, 6, 4); got != 0xff0000ff {
		t.Errorf("palette 1: %#x, want blue", got)
	}
}

func TestPS1xSamplersTakeTheBoundKind(t *testing.T) {
	d := newTestDevice(t)
	c := newChunk()
	setup(c, types.D3DFMT_A8R8G8B8)
	ps := shaderRec(t, c, 40, shared.ShaderPixel, "ps_1_1\ntex t0\ntex t1\nadd r0, t0, t1\n")
	ps2 := shaderRec(t, c, 41, shared.ShaderPixel, "ps_2_0\ndcl t0.xyz\ndcl_2d s0\ntexld r0, t0, s0\nmov oC0, r0\n")
	texels := cubeTexture(c) // texture 30 at stage 0
	add(c, code("CreateTexture"), shared.RecCreateTexture{ID: 31, Type: uint32(types.D3DRTYPE_VOLUMETEXTURE), Format: uint32(types.D3DFMT_A8R8G8B8),
		Width: 1, Height: 1, Depth: 1, Levels: 1})
	add(c, code("SetTexture"), shared.RecSetTexture{Sampler: 1, Texture: 31})
	add(c, code("SetPixelShader"), shared.RecSetObject{Object: 40})
	replay(t, d, c)
	runtime.KeepAlive(texels)
	runtime.KeepAlive(ps)
	runtime.KeepAlive(ps2)
	k := d.textureKinds()
	if k[0] != ir.SamplerCube || k[1] != ir.Sampler3D || k[2] != ir.SamplerNone {
		t.Errorf("ps_1_1 kinds %v, want cube, 3d, none", k[:3])
	}
	if ff := d.st.ff.Textures; ff[0] != ir.SamplerCube || ff[1] != ir.Sampler3D || ff[2] != ir.SamplerNone {
		t.Errorf("fixed-function kinds %v", ff[:3])
	}
	d.st.ps = 41
	if k := d.textureKinds(); k != ([16]ir.SamplerKind{}) {
		t.Errorf("ps_2_0 declares its samplers; overrides %v", k)
	}
}

func TestDeclaredSamplerWithoutFittingTexture(t *testing.T) {
	for _, tc := range []struct {
		name string
		bind bool
		want uint32
	}{{"unbound reads opaque black", false, 0xff000000}, {"a cube map for dcl_2d reads transparent black", true, 0}} {
		d := newTestDevice(t)
		c := newChunk()
		texturedSetup(c)
		ps := shaderRec(t, c, 40, shared.ShaderPixel, "ps_2_0\ndcl t0.xyz\ndcl_2d s0\ntexld r0, t0, s0\nmov oC0, r0\n")
		add(c, code("SetPixelShader"), shared.RecSetObject{Object: 40})
		add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff808080})
		var texels []byte
		if tc.bind {
			texels = cubeTexture(c)
		}
		quadTex(c, 0.5, 0.5, 0.5)
		replay(t, d, c)
		runtime.KeepAlive(texels)
		runtime.KeepAlive(ps)
		if got := pixel(t, d, 1, types.D3DFMT_A8R8G8B8, 8, 8, 2, 2); got != tc.want {
			t.Errorf("%s: %#x, want %#x", tc.name, got, tc.want)
		}
	}
}

func TestUploadOfAnUnsampledTextureKeepsThePass(t *testing.T) {
	d := newTestDevice(t)
	c := newChunk()
	setup(c, types.D3DFMT_A8R8G8B8)
	for id := uint32(30); id <= 31; id++ {
		add(c, code("CreateTexture"), shared.RecCreateTexture{ID: id, Type: uint32(types.D3DRTYPE_TEXTURE), Format: uint32(types.D3DFMT_A8R8G8B8),
			Width: 1, Height: 1, Depth: 1, Levels: 1})
	}
	replay(t, d, c)
	// As mid-frame: a render pass open over the back buffer, texture 30
	// sampled by it, texture 31 not.
	var pd backend.RenderPassDesc
	d.objects[1].target(&pd.Color[0].AttachmentDesc)
	d.beginPass(&pd)
	d.textures[30].usedBy = d.cmd()
	texel := u32s(0xff0000ff)
	r := backend.Region{Width: 1, Height: 1, Depth: 1}
	if err := d.writeTexture(d.textures[31], d.textures[31].tex, r, 0, 0, texel, 4, 4); err != nil {
		t.Fatal(err)
	}
	if !d.pass.open {
		t.Error("an upload of a texture nothing pending reads ended the render pass")
	}
	if err := d.writeTexture(d.textures[30], d.textures[30].tex, r, 0, 0, texel, 4, 4); err != nil {
		t.Fatal(err)
	}
	if d.pass.open {
		t.Error("an upload of a texture a pending draw samples did not go after the pass")
	}
	d.flush()
}
