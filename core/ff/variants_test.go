package ff

import (
	"math"
	"testing"

	"mtld3d/core/ir"
	"mtld3d/types"
)

// TestVariants checks D3D9's rules for what the variant adds to shader
// draws: which fog applies, clip planes and point size behind a vertex
// shader, sprites for point lists only.
func TestVariants(t *testing.T) {
	fog := func(table, vertex types.FogMode) State {
		s := DefaultState()
		s.RS[types.D3DRS_FOGENABLE] = 1
		s.RS[types.D3DRS_FOGTABLEMODE] = uint32(table)
		s.RS[types.D3DRS_FOGVERTEXMODE] = uint32(vertex)
		return s
	}
	for _, c := range []struct {
		name     string
		s        State
		d        Draw
		mode     ir.FogMode
		table    bool
		distance bool
		ffFog    bool // the ff pixel key keeps its own fog
	}{
		{"ff both stages", fog(types.D3DFOG_LINEAR, 0), Draw{}, ir.FogNone, false, false, true},
		{"vs 1.1 oFog, vertex mode ignored", fog(0, types.D3DFOG_EXP), Draw{VS: true, PS: true, PSVersion: 0x200}, ir.FogLinear, false, false, false},
		{"vs with ff pixel: ff reads oFog", fog(0, 0), Draw{VS: true}, ir.FogNone, false, false, true},
		{"table wins behind a vs", fog(types.D3DFOG_EXP2, types.D3DFOG_LINEAR), Draw{VS: true, PS: true, PSVersion: 0x101}, ir.FogExp2, true, false, false},
		{"table behind a vs, ff pixel", fog(types.D3DFOG_EXP, 0), Draw{VS: true}, ir.FogExp, true, false, false},
		{"table with ff vertex, ps 2.0", fog(types.D3DFOG_LINEAR, 0), Draw{PS: true, PSVersion: 0x200}, ir.FogLinear, true, true, false},
		{"vertex fog with ff vertex, ps 2.0", fog(0, types.D3DFOG_LINEAR), Draw{PS: true, PSVersion: 0x200}, ir.FogLinear, false, false, false},
		{"ps 3.0 fogs itself", fog(types.D3DFOG_LINEAR, 0), Draw{VS: true, PS: true, PSVersion: 0x300}, ir.FogNone, false, false, false},
	} {
		_, pk := Variants(&c.s, c.d)
		if pk.FogMode != c.mode || pk.FogTable != c.table || pk.FogDistance != c.distance {
			t.Errorf("%s: fog %d table %v distance %v, want %d %v %v", c.name, pk.FogMode, pk.FogTable, pk.FogDistance, c.mode, c.table, c.distance)
		}
		if !c.d.PS {
			if got := PixelKeyFor(&c.s, c.d).Fog != PixelFogNone; got != c.ffFog {
				t.Errorf("%s: ff pixel fog %v, want %v", c.name, got, c.ffFog)
			}
		}
	}

	s := DefaultState()
	s.RS[types.D3DRS_CLIPPLANEENABLE] = 0x81
	s.RS[types.D3DRS_POINTSPRITEENABLE] = 1
	s.RS[types.D3DRS_SRGBWRITEENABLE] = 1
	vk, pk := Variants(&s, Draw{VS: true, PS: true, Points: true})
	if vk.ClipPlanes != 0x81 || !vk.PointSize || !vk.HalfPixel || !pk.PointSprite || !pk.SRGBWrite {
		t.Errorf("vs points: %+v / %+v", vk, pk)
	}
	vk, pk = Variants(&s, Draw{VS: true, PS: true, SRGBView: true})
	if vk.PointSize || pk.PointSprite || pk.SRGBWrite {
		t.Errorf("vs triangles through sRGB views: %+v / %+v", vk, pk)
	}
	s.RS[types.D3DRS_CLIPPING] = 0
	if vk, _ = Variants(&s, Draw{VS: true}); vk.ClipPlanes != 0 {
		t.Errorf("CLIPPING off keeps planes %x", vk.ClipPlanes)
	}
	s.RS[types.D3DRS_CLIPPING] = 1
	if vk, _ = Variants(&s, Draw{Points: true}); vk.ClipPlanes != 0 || vk.PointSize {
		t.Errorf("fixed function's own planes and size added again: %+v", vk)
	}

	ds := make([][4]float32, ir.DSCount)
	p := &Params{Viewport: types.Viewport9{Width: 200, Height: 100}}
	p.ClipPlanes[MaxClipPlanes-1] = [4]float32{1, 2, 3, 4}
	fit, ok := FitViewport(p.Viewport, 200, 100)
	if !ok {
		t.Fatal("a viewport the size of the target does not fit")
	}
	FillViewState(ds, p, fit)
	if ds[ir.DSHalfPixel] != [4]float32{1.0 / 200, -1.0 / 100, 1, 1} || ds[ir.DSClipPlane0+MaxClipPlanes-1] != p.ClipPlanes[MaxClipPlanes-1] {
		t.Errorf("view state %v %v", ds[ir.DSHalfPixel], ds[ir.DSClipPlane0+MaxClipPlanes-1])
	}
}

// TestFitViewport: a viewport larger than the target is cut to the target
// and clip space rescaled so every point keeps its pixel under D3D9's
// mapping (window x = X + (x+1)*W/2, y = Y + (1-y)*H/2).
func TestFitViewport(t *testing.T) {
	for _, c := range []struct {
		vp   types.Viewport9
		w, h int
	}{
		{types.Viewport9{Width: 1280, Height: 960}, 640, 480},
		{types.Viewport9{X: 100, Y: 100, Width: 640, Height: 480}, 640, 480},
		{types.Viewport9{X: 10, Y: 20, Width: 30, Height: 40}, 640, 480},
		{types.Viewport9{Width: 8192, Height: 8192}, 640, 480},
	} {
		f, ok := FitViewport(c.vp, c.w, c.h)
		if !ok {
			t.Fatalf("%+v: no fit", c.vp)
		}
		if f.X < 0 || f.Y < 0 || f.X+f.Width > float64(c.w) || f.Y+f.Height > float64(c.h) {
			t.Errorf("%+v: backend viewport %+v leaves the %dx%d target", c.vp, f, c.w, c.h)
		}
		for _, p := range [][2]float64{{-1, -1}, {1, 1}, {-1.5, 0.5}, {0.25, -0.75}} {
			wantX := float64(c.vp.X) + (p[0]+1)*float64(c.vp.Width)/2
			wantY := float64(c.vp.Y) + (1-p[1])*float64(c.vp.Height)/2
			// at clip w = 2, as the backend sees it
			x := (p[0]*2*float64(f.Scale[0]) + 2*float64(f.Offset[0])) / 2
			y := (p[1]*2*float64(f.Scale[1]) + 2*float64(f.Offset[1])) / 2
			gotX, gotY := f.X+(x+1)*f.Width/2, f.Y+(1-y)*f.Height/2
			if math.Abs(gotX-wantX) > 1e-3 || math.Abs(gotY-wantY) > 1e-3 {
				t.Errorf("%+v: (%v, %v) lands on (%v, %v), D3D9 puts it on (%v, %v)", c.vp, p[0], p[1], gotX, gotY, wantX, wantY)
			}
		}
	}
	// the far end of the depth range is at least MinZ + 0.001
	for _, c := range [][4]float32{{0, 1, 0, 1}, {0, 0, 0, 0.001}, {0.5, 0, 0.5, 0.501}, {0.25, 0.75, 0.25, 0.75}} {
		f, _ := FitViewport(types.Viewport9{Width: 8, Height: 8, MinZ: c[0], MaxZ: c[1]}, 8, 8)
		if f.ZNear != c[2] || f.ZFar != c[3] {
			t.Errorf("MinZ %v MaxZ %v: depth range %v..%v, want %v..%v", c[0], c[1], f.ZNear, f.ZFar, c[2], c[3])
		}
	}
	for _, vp := range []types.Viewport9{{X: 640, Width: 10, Height: 10}, {Y: 480, Width: 10, Height: 10}, {Width: 0, Height: 10}} {
		if _, ok := FitViewport(vp, 640, 480); ok {
			t.Errorf("%+v fits a 640x480 target", vp)
		}
	}
}

// TestVariantProjected: D3DTTFF_PROJECTED reaches ps_1_1-1_3 draws only,
// with the stage's count for fixed-function vertices (or, without one,
// the size of the vertex's set), w under a vertex shader.
func TestVariantProjected(t *testing.T) {
	s := DefaultState()
	s.TSS[1][types.D3DTSS_TEXTURETRANSFORMFLAGS] = uint32(types.D3DTTFF_COUNT3 | types.D3DTTFF_PROJECTED)
	s.TSS[2][types.D3DTSS_TEXTURETRANSFORMFLAGS] = uint32(types.D3DTTFF_COUNT3)
	s.TSS[3][types.D3DTSS_TEXTURETRANSFORMFLAGS] = uint32(types.D3DTTFF_PROJECTED)
	s.Decl = DeclFromFVF(types.D3DFVF_XYZ | types.D3DFVF_TEX4 | types.D3DFVF_TEXCOORDSIZE3(3))
	for _, c := range []struct {
		d              Draw
		want           uint16
		count1, count3 uint8
	}{
		{Draw{PS: true, PSVersion: 0x101}, 0b1010, 3, 3},
		{Draw{PS: true, VS: true, PSVersion: 0x103}, 0b1010, 4, 4},
		{Draw{PS: true, PSVersion: 0x104}, 0, 0, 0},
		{Draw{PS: true, PSVersion: 0x200}, 0, 0, 0},
		{Draw{}, 0, 0, 0}, // fixed function projects in its own pixel key
	} {
		_, pk := Variants(&s, c.d)
		if pk.Projected != c.want || pk.ProjectedCount[1] != c.count1 || pk.ProjectedCount[3] != c.count3 {
			t.Errorf("%+v: projected %b counts %d %d, want %b %d %d", c.d, pk.Projected, pk.ProjectedCount[1],
				pk.ProjectedCount[3], c.want, c.count1, c.count3)
		}
	}
}
