package main

import (
	"bytes"
	"fmt"
	"strings"

	"mtld3d/core/state"
)

// genStateTables writes pe/gen/state_tables.h: the defaults, validity and
// state block capture lists of core/state for the guest's setters,
// getters, Reset and state blocks.
func genStateTables(string) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(banner)
	b.WriteString(`/* Device state tables from core/state: defaults, which values are valid,
 * and which states D3DSBT_PIXELSTATE and D3DSBT_VERTEXSTATE capture
 * (D3DSBT_ALL captures every valid state). Include after state.h. */
#ifndef MTLD3D_STATE_TABLES_H
#define MTLD3D_STATE_TABLES_H

#define MTLD3D_STATE_VALID 1u
#define MTLD3D_STATE_PIXEL 2u  /* captured by D3DSBT_PIXELSTATE */
#define MTLD3D_STATE_VERTEX 4u /* captured by D3DSBT_VERTEXSTATE */

`)
	fmt.Fprintf(&b, "_Static_assert(MAX_RENDER_STATES == %d, \"render state count\");\n", state.NumRenderStates)
	fmt.Fprintf(&b, "_Static_assert(MAX_TSS == %d, \"texture stage state count\");\n", state.NumTSS)
	fmt.Fprintf(&b, "_Static_assert(MAX_SAMPLER_STATES == %d, \"sampler state count\");\n", state.NumSamplerStates)
	fmt.Fprintf(&b, "_Static_assert(MAX_TEXTURE_STAGES == %d, \"stage count\");\n", state.NumStages)
	fmt.Fprintf(&b, "_Static_assert(MAX_SAMPLERS == %d, \"sampler count\");\n", state.NumSamplers)
	fmt.Fprintf(&b, "_Static_assert(MAX_TRANSFORMS == %d, \"transform count\");\n", state.NumTransforms)
	fmt.Fprintf(&b, "_Static_assert(MAX_CLIP_PLANES == %d, \"clip plane count\");\n", state.NumClipPlanes)
	fmt.Fprintf(&b, "_Static_assert(MAX_STREAMS == %d, \"stream count\");\n", state.NumStreams)
	fmt.Fprintf(&b, "_Static_assert(VS_CONST_F == %d && PS_CONST_F == %d && CONST_I == %d && CONST_B == %d, \"constant counts\");\n\n",
		state.VSConstF, state.PSConstF, state.ConstI, state.ConstB)
	fmt.Fprintf(&b, "#define MTLD3D_PIXEL_SAMPLERS %d\n", state.NumPixelSamplers)
	fmt.Fprintf(&b, "/* D3DRS_ZENABLE's default with an automatic depth-stencil surface. */\n#define MTLD3D_DEFAULT_ZENABLE_AUTO_DS %du\n", state.DefaultZEnable)
	fmt.Fprintf(&b, "#define MTLD3D_DEFAULT_STREAM_FREQ %du\n", state.DefaultStreamFreq)
	fmt.Fprintf(&b, "#define MTLD3D_DEFAULT_CLIP_UNION %du\n", state.DefaultClipUnion)
	fmt.Fprintf(&b, "#define MTLD3D_DEFAULT_CLIP_INTERSECTION %#xu\n", uint32(state.DefaultClipIntersection))
	fmt.Fprintf(&b, "/* What GetLightEnable answers for an enabled light. */\n#define MTLD3D_LIGHT_ENABLED_VALUE %d\n\n", state.LightEnabledValue)

	flags := func(c state.Capture) uint32 {
		f := uint32(1)
		if c&state.Pixel != 0 {
			f |= 2
		}
		if c&state.Vertex != 0 {
			f |= 4
		}
		return f
	}

	b.WriteString("__attribute__((unused)) static const DWORD mtld3d_rs_default[MAX_RENDER_STATES] = {\n")
	for _, r := range state.RenderStates {
		fmt.Fprintf(&b, "    [%s] = %#x,\n", r.State, r.Default)
	}
	b.WriteString("};\n\n__attribute__((unused)) static const BYTE mtld3d_rs_flags[MAX_RENDER_STATES] = {\n")
	for _, r := range state.RenderStates {
		fmt.Fprintf(&b, "    [%s] = %d,\n", r.State, flags(r.Capture))
	}
	b.WriteString("};\n\n__attribute__((unused)) static const DWORD mtld3d_tss_default[MAX_TEXTURE_STAGES][MAX_TSS] = {\n")
	for stage := 0; stage < state.NumStages; stage++ {
		fmt.Fprintf(&b, "    [%d] = {", stage)
		for i, t := range state.TextureStageStates {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "[%s] = %#x", t.State, t.StageDefault(stage))
		}
		b.WriteString("},\n")
	}
	b.WriteString("};\n\n__attribute__((unused)) static const BYTE mtld3d_tss_flags[MAX_TSS] = {\n")
	for _, t := range state.TextureStageStates {
		fmt.Fprintf(&b, "    [%s] = %d,\n", t.State, flags(t.Capture))
	}
	b.WriteString("};\n\n__attribute__((unused)) static const DWORD mtld3d_samp_default[MAX_SAMPLER_STATES] = {\n")
	for _, s := range state.SamplerStates {
		fmt.Fprintf(&b, "    [%s] = %#x,\n", s.State, s.Default)
	}
	b.WriteString("};\n\n__attribute__((unused)) static const BYTE mtld3d_samp_flags[MAX_SAMPLER_STATES] = {\n")
	for _, s := range state.SamplerStates {
		fmt.Fprintf(&b, "    [%s] = %d,\n", s.State, flags(s.Capture))
	}
	l := state.DefaultLight
	vec := func(v []float32) string {
		var p []string
		for _, f := range v {
			p = append(p, cFloat(f))
		}
		return "{" + strings.Join(p, ", ") + "}"
	}
	b.WriteString("};\n\n/* The light LightEnable creates at an index never set. */\n")
	b.WriteString("__attribute__((unused)) static const D3DLIGHT9 mtld3d_default_light = {\n")
	fmt.Fprintf(&b, "    .Type = %s,\n", l.Type)
	fmt.Fprintf(&b, "    .Diffuse = %s,\n    .Specular = %s,\n    .Ambient = %s,\n", vec(l.Diffuse[:]), vec(l.Specular[:]), vec(l.Ambient[:]))
	fmt.Fprintf(&b, "    .Position = %s,\n    .Direction = %s,\n", vec(l.Position[:]), vec(l.Direction[:]))
	fmt.Fprintf(&b, "    .Range = %s,\n    .Falloff = %s,\n    .Attenuation0 = %s,\n    .Attenuation1 = %s,\n    .Attenuation2 = %s,\n    .Theta = %s,\n    .Phi = %s,\n",
		cFloat(l.Range), cFloat(l.Falloff), cFloat(l.Attenuation0), cFloat(l.Attenuation1), cFloat(l.Attenuation2), cFloat(l.Theta), cFloat(l.Phi))
	b.WriteString("};\n\n#endif\n")
	return b.Bytes(), nil
}
