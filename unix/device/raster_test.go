package device

import (
	"runtime"
	"testing"
	"unsafe"

	"mtld3d/core/caps"
	"mtld3d/core/ff"
	"mtld3d/core/ir"
	"mtld3d/core/pixfmt"
	"mtld3d/core/state"
	"mtld3d/shared"
	"mtld3d/types"
	"mtld3d/unix/backend"
)

// TestClipPlaneCounts: the caps, the guest's state, fixed function, the
// draw state and the backends agree on how many user clip planes exist.
func TestClipPlaneCounts(t *testing.T) {
	n := caps.MaxUserClipPlanes
	for name, v := range map[string]int{"core/state": state.NumClipPlanes, "core/ff": ff.MaxClipPlanes, "core/ir": ir.MaxClipPlanes,
		"backend clip distances": backend.MaxClipDistances, "variant key bits": 8 * int(unsafe.Sizeof(ir.VariantKey{}.ClipPlanes)), "draw-state registers": ir.DSTextureFactor - ir.DSClipPlane0} {
		if v != n {
			t.Errorf("%s: %d clip planes, caps report %d", name, v, n)
		}
	}
}

func TestDepthBiasScale(t *testing.T) {
	// D3D9 adds the bias to depth; Metal multiplies it by the format's step.
	if depthBiasScale(pixfmt.Depth16Unorm) != 1<<16 || depthBiasScale(pixfmt.Depth32Float_Stencil8) != 1<<24 {
		t.Error("depth bias scale")
	}
}

// TestShaderWritingOnlyOC1 draws with a ps_3_0 that writes oC1 alone:
// target 0 keeps its contents (the reference backend used to write zeros
// there), and ps_3_0 gets no fixed-function fog.
func TestShaderWritingOnlyOC1(t *testing.T) {
	d := newTestDevice(t)
	c := newChunk()
	setup(c, types.D3DFMT_A8R8G8B8)
	add(c, code("CreateSurface"), shared.RecCreateSurface{ID: 3, Kind: shared.SurfaceRenderTarget, Width: 8, Height: 8, Format: uint32(types.D3DFMT_A8R8G8B8)})
	add(c, code("SetRenderTarget"), shared.RecSetRenderTarget{Slot: 1, Surface: 3})
	add(c, code("Clear"), shared.RecClear{Flags: types.D3DCLEAR_TARGET, Color: 0xff204060})
	rs := func(s types.RenderStateType, v uint32) {
		add(c, code("SetRenderState"), shared.RecSetRenderState{State: uint32(s), Value: v})
	}
	rs(types.D3DRS_ZENABLE, 0)
	rs(types.D3DRS_CULLMODE, uint32(types.D3DCULL_NONE))
	rs(types.D3DRS_FOGENABLE, 1)
	rs(types.D3DRS_FOGTABLEMODE, uint32(types.D3DFOG_LINEAR))
	rs(types.D3DRS_FOGCOLOR, 0xff0000ff)
	vs := shaderRec(t, c, 10, shared.ShaderVertex, "vs_3_0\ndcl_position v0\ndcl_position o0\nmov o0, v0\n")
	ps := shaderRec(t, c, 11, shared.ShaderPixel, "ps_3_0\ndef c0, 0, 1, 0, 1\nmov oC1, c0\n")
	add(c, code("SetFVF"), shared.RecSetFVF{FVF: types.D3DFVF_XYZW | types.D3DFVF_DIFFUSE})
	add(c, code("SetVertexShader"), shared.RecSetObject{Object: 10})
	add(c, code("SetPixelShader"), shared.RecSetObject{Object: 11})
	var data []byte
	data = append(data, vtx(-1, -1, 0.5, 0)...)
	data = append(data, vtx(3, -1, 0.5, 0)...)
	data = append(data, vtx(-1, 3, 0.5, 0)...)
	add(c, code("DrawUP"), shared.RecDrawUP{PrimitiveType: uint32(types.D3DPT_TRIANGLELIST), PrimCount: 1, Stride: 20,
		VertexBytes: uint32(len(data))}, data...)
	replay(t, d, c)
	runtime.KeepAlive(vs)
	runtime.KeepAlive(ps)
	if got := pixel(t, d, 1, types.D3DFMT_A8R8G8B8, 8, 8, 4, 4); got != 0xff204060 {
		t.Errorf("target 0: %#x, want its clear colour", got)
	}
	if got := pixel(t, d, 3, types.D3DFMT_A8R8G8B8, 8, 8, 4, 4); got != 0xff00ff00 {
		t.Errorf("target 1: %#x, want unfogged green", got)
	}
}
