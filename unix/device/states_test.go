package device

import (
	"math"
	"runtime"
	"testing"

	"mtld3d/shared"
	"mtld3d/types"
)

var levelColours = []uint32{0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffffff, 0xffffff00}

// mipChain creates texture 32, 16x16 A8R8G8B8 with five levels each
// filled with its levelColours entry, bound to sampler s with point
// filtering between levels.
func mipChain(c *chunk, s uint32) [][]byte {
	add(c, code("CreateTexture"), shared.RecCreateTexture{ID: 32, Type: uint32(types.D3DRTYPE_TEXTURE), Format: uint32(types.D3DFMT_A8R8G8B8),
		Width: 16, Height: 16, Depth: 1, Levels: 5})
	var keep [][]byte
	for l, col := range levelColours {
		n := 16 >> l
		px := make([]uint32, n*n)
		for i := range px {
			px[i] = col
		}
		b := u32s(px...)
		keep = append(keep, b)
		add(c, code("UpdateTexture"), shared.RecUpdateTexture{ID: 32, Level: uint32(l), Right: uint32(n), Bottom: uint32(n), Back: 1,
			Src: addr(b), Pitch: uint32(4 * n), SlicePitch: uint32(4 * n * n)})
	}
	add(c, code("SetTexture"), shared.RecSetTexture{Sampler: s, Texture: 32})
	add(c, code("SetSamplerState"), shared.RecSetSamplerState{Sampler: s, State: uint32(types.D3DSAMP_MIPFILTER), Value: uint32(types.D3DTEXF_POINT)})
	return keep
}

// setup4 is texturedSetup with four-component coordinates and lighting
// off.
func setup4(c *chunk) {
	texturedSetup(c)
	add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(types.D3DRS_LIGHTING), Value: 0})
	add(c, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZRHW | types.D3DFVF_TEX1 | types.D3DFVF_TEXCOORDSIZE4(0)})
}

// triangle4 draws a pre-transformed triangle over the 8x8 target whose
// corners (0,0), (16,0) and (0,16) carry coordinates tc.
func triangle4(c *chunk, tc [3][4]float32) {
	var data []byte
	for i, p := range [][2]float32{{0, 0}, {16, 0}, {0, 16}} {
		data = append(data, f32s(p[0], p[1], 0.5, 1, tc[i][0], tc[i][1], tc[i][2], tc[i][3])...)
	}
	add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1, Stride: 32,
		VertexBytes: uint32(len(data))}, data...)
}

// minified steps the coordinates 1/8 per pixel: two texels of level 0,
// so level 1 is sampled without a bias.
var minified = [3][4]float32{{0, 0, 0, 1}, {2, 0, 0, 1}, {0, 2, 0, 1}}

func TestMipLodBias(t *testing.T) {
	for _, c := range []struct {
		name   string
		shader string
	}{
		{"fixed function", ""},
		{"ps_2_0 texld", "ps_2_0\ndcl t0.xy\ndcl_2d s0\ntexld r0, t0, s0\nmov oC0, r0\n"},
		{"ps_2_0 texldb", "ps_2_0\ndef c0, 0, 0, 0, -1\ndcl t0.xy\ndcl_2d s0\nmov r1, t0\nmov r1.w, c0.w\ntexldb r0, r1, s0\nmov oC0, r0\n"},
		{"ps_1_1 tex", "ps_1_1\ntex t0\nmov r0, t0\n"},
	} {
		for _, bias := range []float32{0, 1, 2, -1} {
			d := newTestDevice(t)
			ch := newChunk()
			setup4(ch)
			keep := mipChain(ch, 0)
			var prog []uint32
			if c.shader != "" {
				prog = shaderRec(t, ch, 40, shared.ShaderPixel, c.shader)
				add(ch, code("SetPixelShader"), shared.RecSetObject{Object: 40})
			}
			add(ch, code("SetSamplerState"), shared.RecSetSamplerState{Sampler: 0, State: uint32(types.D3DSAMP_MIPMAPLODBIAS), Value: math.Float32bits(bias)})
			triangle4(ch, minified)
			replay(t, d, ch)
			runtime.KeepAlive(keep)
			runtime.KeepAlive(prog)
			want := 1 + int(bias)
			if c.name == "ps_2_0 texldb" {
				want-- // the instruction's bias of -1 adds to the sampler's
			}
			want = max(want, 0) // level 0 is the most detailed there is
			if got := pixel(t, d, 1, types.D3DFMT_A8R8G8B8, 8, 8, 3, 3); got != levelColours[want] {
				t.Errorf("%s, bias %v: %#x, want level %d's %#x", c.name, bias, got, want, levelColours[want])
			}
		}
	}
}

// TestVertexTextureLodBias: texldl in a vertex shader adds the vertex
// sampler's MIPMAPLODBIAS to its LOD, as D3D9's texldl says.
func TestVertexTextureLodBias(t *testing.T) {
	for _, bias := range []float32{0, 1, -1} {
		d := newTestDevice(t)
		c := newChunk()
		vs, ps := vertexFetchSetup(t, c)
		keep := mipChain(c, vertexSampler0)
		add(c, code("SetSamplerState"), shared.RecSetSamplerState{Sampler: vertexSampler0, State: uint32(types.D3DSAMP_MIPMAPLODBIAS), Value: math.Float32bits(bias)})
		var data []byte
		for _, p := range [][2]float32{{-1, -1}, {3, -1}, {-1, 3}} {
			data = append(data, f32s(p[0], p[1], 0.5, 1, 0.5, 0.5, 0, 1)...) // LOD 1
		}
		add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1, Stride: 32,
			VertexBytes: uint32(len(data))}, data...)
		replay(t, d, c)
		runtime.KeepAlive(vs)
		runtime.KeepAlive(ps)
		runtime.KeepAlive(keep)
		want := 1 + int(bias)
		if got := pixel(t, d, 1, types.D3DFMT_A8R8G8B8, 8, 8, 4, 4); got != levelColours[want] {
			t.Errorf("bias %v: %#x, want level %d's %#x", bias, got, want, levelColours[want])
		}
	}
}

// TestProjectedPS1x: D3DTTFF_PROJECTED divides ps_1_1-1_3 texture reads
// by the last coordinate the count names; ps_1_4 and ps_2_0 ignore it.
func TestProjectedPS1x(t *testing.T) {
	quadrants := []uint32{0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffffff} // (0,0) (1,0) (0,1) (1,1)
	for _, c := range []struct {
		name      string
		shader    string
		flags     types.TextureTransformFlags
		coord     [4]float32
		projected bool
	}{
		{"ps_1_1 count3", "ps_1_1\ntex t0\nmov r0, t0\n", types.D3DTTFF_COUNT3 | types.D3DTTFF_PROJECTED, [4]float32{1.5, 0.5, 2, 1}, true},
		{"ps_1_3 count4", "ps_1_3\ntex t0\nmov r0, t0\n", types.D3DTTFF_COUNT4 | types.D3DTTFF_PROJECTED, [4]float32{3, 1, 7, 4}, true},
		{"ps_1_1 no count", "ps_1_1\ntex t0\nmov r0, t0\n", types.D3DTTFF_PROJECTED, [4]float32{3, 1, 7, 4}, true},
		{"ps_1_1 not projected", "ps_1_1\ntex t0\nmov r0, t0\n", types.D3DTTFF_COUNT3, [4]float32{1.5, 0.5, 2, 1}, false},
		{"ps_1_4 ignores it", "ps_1_4\ntexld r0, t0\n", types.D3DTTFF_COUNT3 | types.D3DTTFF_PROJECTED, [4]float32{1.5, 0.5, 2, 1}, false},
		{"ps_2_0 ignores it", "ps_2_0\ndcl t0\ndcl_2d s0\ntexld r0, t0, s0\nmov oC0, r0\n", types.D3DTTFF_COUNT3 | types.D3DTTFF_PROJECTED, [4]float32{1.5, 0.5, 2, 1}, false},
	} {
		d := newTestDevice(t)
		ch := newChunk()
		setup4(ch)
		texels := u32s(quadrants...)
		add(ch, code("CreateTexture"), shared.RecCreateTexture{ID: 33, Type: uint32(types.D3DRTYPE_TEXTURE), Format: uint32(types.D3DFMT_A8R8G8B8),
			Width: 2, Height: 2, Depth: 1, Levels: 1})
		add(ch, code("UpdateTexture"), shared.RecUpdateTexture{ID: 33, Right: 2, Bottom: 2, Back: 1, Src: addr(texels), Pitch: 8, SlicePitch: 16})
		add(ch, code("SetTexture"), shared.RecSetTexture{Sampler: 0, Texture: 33})
		add(ch, code("SetTextureStageState"), shared.RecSetTextureStageState{Stage: 0, State: uint32(types.D3DTSS_TEXTURETRANSFORMFLAGS), Value: uint32(c.flags)})
		prog := shaderRec(t, ch, 40, shared.ShaderPixel, c.shader)
		add(ch, code("SetPixelShader"), shared.RecSetObject{Object: 40})
		triangle4(ch, [3][4]float32{c.coord, c.coord, c.coord})
		replay(t, d, ch)
		runtime.KeepAlive(texels)
		runtime.KeepAlive(prog)
		want := quadrants[3] // (1.5, 0.5) wraps to the texel at (1, 1)
		if c.projected {
			want = quadrants[1] // (0.75, 0.25)
		}
		if got := pixel(t, d, 1, types.D3DFMT_A8R8G8B8, 8, 8, 3, 3); got != want {
			t.Errorf("%s: %#x, want %#x", c.name, got, want)
		}
	}
}

// TestAutoGenFilter: GenerateMips with D3DTEXF_POINT keeps a texel of
// each 2x2 block; LINEAR averages it.
func TestAutoGenFilter(t *testing.T) {
	const red, blue = 0xffff0000, 0xff0000ff
	top := make([]uint32, 16)
	for y := range 4 {
		for x := range 4 {
			top[4*y+x] = blue
			if x%2 == 0 && y%2 == 0 {
				top[4*y+x] = red
			}
		}
	}
	for _, c := range []struct {
		kind   types.ResourceType
		filter types.TextureFilterType
		want   uint32
		tol    int
	}{
		{types.D3DRTYPE_TEXTURE, types.D3DTEXF_POINT, red, 0},
		{types.D3DRTYPE_CUBETEXTURE, types.D3DTEXF_POINT, red, 0},
		{types.D3DRTYPE_TEXTURE, types.D3DTEXF_LINEAR, 0xff4000bf, 1},
	} {
		d := newTestDevice(t)
		ch := newChunk()
		texels := u32s(top...)
		add(ch, code("CreateTexture"), shared.RecCreateTexture{ID: 34, Type: uint32(c.kind), Format: uint32(types.D3DFMT_A8R8G8B8),
			Width: 4, Height: 4, Depth: 1, Levels: 3, Usage: types.D3DUSAGE_AUTOGENMIPMAP})
		faces := 1
		if c.kind == types.D3DRTYPE_CUBETEXTURE {
			faces = 6
		}
		for f := range faces {
			add(ch, code("UpdateTexture"), shared.RecUpdateTexture{ID: 34, Face: uint32(f), Right: 4, Bottom: 4, Back: 1, Src: addr(texels), Pitch: 16, SlicePitch: 64})
		}
		add(ch, code("GenerateMips"), shared.RecGenerateMips{ID: 34, Filter: uint32(c.filter)})
		add(ch, code("TextureSurface"), shared.RecTextureSurface{ID: 50, Texture: 34, Level: 1, Face: uint32(faces - 1)})
		add(ch, code("TextureSurface"), shared.RecTextureSurface{ID: 51, Texture: 34, Level: 2, Face: uint32(faces - 1)})
		replay(t, d, ch)
		runtime.KeepAlive(texels)
		for _, p := range [][3]int{{50, 2, 0}, {50, 2, 1}, {51, 1, 0}} {
			n := p[1]
			got := pixel(t, d, uint32(p[0]), types.D3DFMT_A8R8G8B8, n, n, p[2], p[2])
			if !near(got, c.want, c.tol) && !(p[0] == 51 && c.filter == types.D3DTEXF_LINEAR) {
				t.Errorf("%v %v: level %d texel %d: %#x, want %#x (±%d)", c.kind, c.filter, p[0]-49, p[2], got, c.want, c.tol)
			}
		}
	}
}

// TestBorderColour: D3DTADDRESS_BORDER reads D3DSAMP_BORDERCOLOR outside
// the texture, any colour (Metal's own three through the sampler, others
// through the shader variant), for fixed function and shaders.
func TestBorderColour(t *testing.T) {
	for _, c := range []struct {
		name, shader string
		border       uint32
		u            float32
		want         uint32
	}{
		{"ff inside", "", 0xff336699, 0.25, 0xffff0000},
		{"ff outside", "", 0xff336699, 1.5, 0xff336699},
		{"ff outside, Metal's white", "", 0xffffffff, 1.5, 0xffffffff},
		{"ps_2_0 outside", "ps_2_0\ndcl t0.xy\ndcl_2d s0\ntexld r0, t0, s0\nmov oC0, r0\n", 0x80c08040, -0.5, 0x80c08040},
		{"ps_1_1 outside", "ps_1_1\ntex t0\nmov r0, t0\n", 0xff336699, 1.5, 0xff336699},
	} {
		d := newTestDevice(t)
		ch := newChunk()
		setup4(ch)
		texels := u32s(0xffff0000, 0xffff0000, 0xffff0000, 0xffff0000)
		add(ch, code("CreateTexture"), shared.RecCreateTexture{ID: 33, Type: uint32(types.D3DRTYPE_TEXTURE), Format: uint32(types.D3DFMT_A8R8G8B8),
			Width: 2, Height: 2, Depth: 1, Levels: 1})
		add(ch, code("UpdateTexture"), shared.RecUpdateTexture{ID: 33, Right: 2, Bottom: 2, Back: 1, Src: addr(texels), Pitch: 8, SlicePitch: 16})
		add(ch, code("SetTexture"), shared.RecSetTexture{Sampler: 0, Texture: 33})
		add(ch, code("SetSamplerState"), shared.RecSetSamplerState{Sampler: 0, State: uint32(types.D3DSAMP_ADDRESSU), Value: uint32(types.D3DTADDRESS_BORDER)})
		add(ch, code("SetSamplerState"), shared.RecSetSamplerState{Sampler: 0, State: uint32(types.D3DSAMP_BORDERCOLOR), Value: c.border})
		add(ch, code("SetTextureStageState"), shared.RecSetTextureStageState{Stage: 0, State: uint32(types.D3DTSS_COLOROP), Value: uint32(types.D3DTOP_SELECTARG1)})
		var prog []uint32
		if c.shader != "" {
			prog = shaderRec(t, ch, 40, shared.ShaderPixel, c.shader)
			add(ch, code("SetPixelShader"), shared.RecSetObject{Object: 40})
		}
		tc := [4]float32{c.u, 0.25, 0, 1}
		triangle4(ch, [3][4]float32{tc, tc, tc})
		replay(t, d, ch)
		runtime.KeepAlive(texels)
		runtime.KeepAlive(prog)
		if got := pixel(t, d, 1, types.D3DFMT_A8R8G8B8, 8, 8, 3, 3); !near(got, c.want, 1) {
			t.Errorf("%s: %#x, want %#x", c.name, got, c.want)
		}
	}
}

// TestAlphaToCoverage: D3DRS_ADAPTIVETESS_Y = ATOC with alpha testing on
// turns a multisampled draw's alpha into coverage, in place of the test;
// on a single-sampled target the alpha test stays.
func TestAlphaToCoverage(t *testing.T) {
	for _, c := range []struct {
		name    string
		samples uint32
		atoc    uint32
		want    uint32
		tol     int
	}{
		{"ATOC, 4 samples: half covered", 4, uint32(types.D3DFMT_ATOC), 0xff808080, 2},
		{"no ATOC: alpha test discards", 4, 0, 0xff000000, 0},
		{"ATOC, one sample: alpha test discards", 0, uint32(types.D3DFMT_ATOC), 0xff000000, 0},
	} {
		d := newTestDevice(t)
		ch := newChunk()
		add(ch, code("CreateSurface"), shared.RecCreateSurface{ID: 1, Kind: shared.SurfaceRenderTarget, Width: 8, Height: 8,
			Format: uint32(types.D3DFMT_A8R8G8B8), Multisample: c.samples})
		add(ch, code("SetRenderTarget"), shared.RecSetRenderTarget{Slot: 0, Surface: 1})
		add(ch, code("SetViewport"), shared.RecSetViewport{Width: 8, Height: 8, MaxZ: 1})
		add(ch, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff000000})
		for _, rs := range [][2]uint32{
			{uint32(types.D3DRS_ZENABLE), 0}, {uint32(types.D3DRS_LIGHTING), 0},
			{uint32(types.D3DRS_ALPHATESTENABLE), 1}, {uint32(types.D3DRS_ALPHAFUNC), uint32(types.D3DCMP_GREATEREQUAL)},
			{uint32(types.D3DRS_ALPHAREF), 0xff}, {uint32(types.D3DRS_ADAPTIVETESS_Y), c.atoc},
		} {
			add(ch, code("SetRenderState"), shared.RecSetRenderState{State: rs[0], Value: rs[1]})
		}
		add(ch, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZRHW | types.D3DFVF_DIFFUSE})
		var data []byte
		for _, p := range [][2]float32{{0, 0}, {16, 0}, {0, 16}} {
			data = append(data, f32s(p[0], p[1], 0.5, 1)...)
			data = append(data, u32s(0x80ffffff)...)
		}
		add(ch, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1, Stride: 20,
			VertexBytes: uint32(len(data))}, data...)
		// Resolved into a single-sampled surface to be read.
		add(ch, code("CreateSurface"), shared.RecCreateSurface{ID: 3, Kind: shared.SurfaceRenderTarget, Width: 8, Height: 8,
			Format: uint32(types.D3DFMT_A8R8G8B8)})
		add(ch, code("StretchRect"), shared.RecStretchRect{Src: 1, Dst: 3, SrcRight: 8, SrcBottom: 8, DstRight: 8, DstBottom: 8})
		replay(t, d, ch)
		if got := pixel(t, d, 3, types.D3DFMT_A8R8G8B8, 8, 8, 3, 3); !near(got&0xffffff, c.want&0xffffff, c.tol) {
			t.Errorf("%s: %#x, want %#x (±%d)", c.name, got, c.want, c.tol)
		}
	}
}
