package state

import (
	"strings"
	"testing"

	"mtld3d/core/ff"
	"mtld3d/types"
)

// Every named D3DRS, D3DTSS and D3DSAMP value has exactly one row.
func TestTablesCoverEveryNamedState(t *testing.T) {
	seen := map[types.RenderStateType]bool{}
	for _, r := range RenderStates {
		if seen[r.State] {
			t.Errorf("%v listed twice", r.State)
		}
		seen[r.State] = true
		if int(r.State) >= NumRenderStates {
			t.Errorf("%v beyond the state array", r.State)
		}
	}
	for v := 0; v < NumRenderStates; v++ {
		s := types.RenderStateType(v)
		if !strings.HasPrefix(s.String(), "RenderStateType(") && !seen[s] {
			t.Errorf("%v has no default", s)
		}
	}
	seenT := map[types.TextureStageStateType]bool{}
	for _, r := range TextureStageStates {
		if seenT[r.State] {
			t.Errorf("%v listed twice", r.State)
		}
		seenT[r.State] = true
	}
	for v := 0; v < NumTSS; v++ {
		s := types.TextureStageStateType(v)
		if !strings.HasPrefix(s.String(), "TextureStageStateType(") && !seenT[s] {
			t.Errorf("%v has no default", s)
		}
	}
	if len(SamplerStates) != NumSamplerStates-1 {
		t.Errorf("%d sampler states, want %d", len(SamplerStates), NumSamplerStates-1)
	}
}

// The fixed-function package's defaults are the same facts.
func TestAgreesWithFixedFunctionDefaults(t *testing.T) {
	ffs := ff.DefaultState()
	for _, r := range RenderStates {
		if r.State == types.D3DRS_ZENABLE {
			continue
		}
		if got := ffs.RS[r.State]; got != 0 && got != r.Default {
			t.Errorf("%v: ff default %#x, table %#x", r.State, got, r.Default)
		}
	}
	for stage := 0; stage < NumStages; stage++ {
		for _, s := range TextureStageStates {
			if got := ffs.TSS[stage][s.State]; got != s.StageDefault(stage) {
				t.Errorf("stage %d %v: ff default %#x, table %#x", stage, s.State, got, s.StageDefault(stage))
			}
		}
	}
}

// Every state a predefined block captures is valid; pixel and vertex
// lists together cover the states games save most.
func TestCaptureLists(t *testing.T) {
	for _, want := range []struct {
		s types.RenderStateType
		c Capture
	}{
		{types.D3DRS_ALPHABLENDENABLE, Pixel},
		{types.D3DRS_LIGHTING, Vertex},
		{types.D3DRS_FOGSTART, Pixel | Vertex},
		{types.D3DRS_CULLMODE, Vertex},
		{types.D3DRS_ZENABLE, Pixel},
	} {
		for _, r := range RenderStates {
			if r.State == want.s && r.Capture != want.c {
				t.Errorf("%v captured by %v, want %v", r.State, r.Capture, want.c)
			}
		}
	}
}

func TestDefaultTables(t *testing.T) {
	d := DefaultTables()
	if d.RS[types.D3DRS_COLORWRITEENABLE] != 0xf || d.RS[types.D3DRS_ZENABLE] != uint32(types.D3DZB_FALSE) {
		t.Errorf("render state defaults: %#x %#x", d.RS[types.D3DRS_COLORWRITEENABLE], d.RS[types.D3DRS_ZENABLE])
	}
	if d.TSS[0][types.D3DTSS_COLOROP] != uint32(types.D3DTOP_MODULATE) || d.TSS[5][types.D3DTSS_TEXCOORDINDEX] != 5 {
		t.Errorf("stage defaults: %#x %#x", d.TSS[0][types.D3DTSS_COLOROP], d.TSS[5][types.D3DTSS_TEXCOORDINDEX])
	}
	if d.Sampler[types.D3DSAMP_MAXANISOTROPY] != 1 {
		t.Errorf("sampler defaults: %#x", d.Sampler[types.D3DSAMP_MAXANISOTROPY])
	}
}
