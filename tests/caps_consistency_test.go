package tests

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"mtld3d/core/caps"
	"mtld3d/core/format"
	"mtld3d/internal/winenv"
	"mtld3d/types"
)

// TestCapsConsistency holds d3d9.dll's Check* answers (pe/d3d9/caps.c) to
// core/caps, the rules' source of truth, on a grid: every format of the
// format table plus D3DFMT_UNKNOWN and two values that are no format, every
// resource type and some that are none, no usage, each of the 32 usage bits
// alone and combinations, every multisample type, adapter formats valid and
// not, and device types HAL, REF, SW, NULLREF and invalid ones. The C side
// is programs/caps.c run as `caps.exe grid` under Wine: it prints d3d9.dll's
// answers (format in its header comment), this test computes core/caps's
// for the same inputs and reports every difference. It also checks that the
// grid covers what it claims, so a shrunken grid cannot pass quietly. It
// runs as each PE architecture: TestCapsConsistency/<arch>.
func TestCapsConsistency(t *testing.T) {
	if setupErr != nil {
		t.Fatalf("setup: %v", setupErr)
	}
	for _, arch := range winenv.Arches {
		t.Run(arch, func(t *testing.T) { capsConsistency(t, arch) })
	}
}

func capsConsistency(t *testing.T, arch string) {
	exe, err := theEnv.BuildProgramArch(filepath.Join("programs", "caps.c"), arch)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	out, runErr := theEnv.Run(ctx, theEnv.Work, "wine", exe, "grid")
	if runErr != nil {
		t.Fatalf("caps.exe grid: %v\n%s", runErr, tail(out, 20))
	}
	g, err := parseGrid(out)
	if err != nil {
		t.Fatalf("%v\n%s", err, tail(out, 20))
	}
	g.checkCoverage(t)
	var diffs []string
	n := g.compare(func(s string) { diffs = append(diffs, s) })
	for i, d := range diffs {
		if i == 100 {
			t.Errorf("... and %d more differences", len(diffs)-100)
			break
		}
		t.Error(d)
	}
	t.Logf("%d answers compared, %d differ", n, len(diffs))
}

type gridLine struct {
	kind   byte
	keys   []uint32 // the inputs before the answers
	values []string // the answers, hex
}

type grid struct {
	devTypes, formats, usages, adapterFormats, rtypes, msTypes []uint32
	lines                                                      []gridLine
}

func hex32(s string) (uint32, error) {
	v, err := strconv.ParseUint(s, 16, 32)
	return uint32(v), err
}

func hexList(fields []string) ([]uint32, error) {
	out := make([]uint32, len(fields))
	for i, f := range fields {
		v, err := hex32(f)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// parseGrid reads the output of `caps.exe grid`.
func parseGrid(out []byte) (*grid, error) {
	g := &grid{}
	keys := map[byte]int{'T': 3, 'F': 4, 'M': 3, 'D': 3, 'C': 2}
	lists := map[byte]*[]uint32{'V': &g.devTypes, 'L': &g.formats, 'U': &g.usages, 'A': &g.adapterFormats,
		'R': &g.rtypes, 'S': &g.msTypes}
	ended := false
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		f := strings.Fields(strings.TrimRight(sc.Text(), "\r"))
		if len(f) == 0 || len(f[0]) != 1 {
			continue
		}
		k := f[0][0]
		if l, ok := lists[k]; ok {
			v, err := hexList(f[1:])
			if err != nil {
				return nil, fmt.Errorf("list %c: %v", k, err)
			}
			*l = v
			continue
		}
		if k == 'E' {
			if len(f) != 2 {
				return nil, fmt.Errorf("bad end line %q", sc.Text())
			}
			n, err := hex32(f[1])
			if err != nil || int(n) != len(g.lines) {
				return nil, fmt.Errorf("end line says %s lines, read %d", f[1], len(g.lines))
			}
			ended = true
			continue
		}
		nk, ok := keys[k]
		if !ok || len(f) < 1+nk {
			continue
		}
		kv, err := hexList(f[1 : 1+nk])
		if err != nil {
			return nil, fmt.Errorf("line %q: %v", sc.Text(), err)
		}
		g.lines = append(g.lines, gridLine{kind: k, keys: kv, values: f[1+nk:]})
	}
	if !ended {
		return nil, fmt.Errorf("grid output has no end line (crashed?)")
	}
	return g, nil
}

// checkCoverage asserts the grid spans what the test promises.
func (g *grid) checkCoverage(t *testing.T) {
	t.Helper()
	for _, in := range format.Table() {
		if !slices.Contains(g.formats, uint32(in.Format)) {
			t.Errorf("grid misses format %v", in.Format)
		}
	}
	if !slices.Contains(g.formats, uint32(types.D3DFMT_UNKNOWN)) {
		t.Errorf("grid misses D3DFMT_UNKNOWN")
	}
	for b := 0; b < 32; b++ {
		if !slices.Contains(g.usages, uint32(1)<<b) {
			t.Errorf("grid misses usage bit %#x", uint32(1)<<b)
		}
	}
	for _, dt := range []types.DevType{types.D3DDEVTYPE_HAL, types.D3DDEVTYPE_REF, types.D3DDEVTYPE_SW,
		types.D3DDEVTYPE_NULLREF, 0} {
		if !slices.Contains(g.devTypes, uint32(dt)) {
			t.Errorf("grid misses device type %d", dt)
		}
	}
	for rt := uint32(0); rt <= 8; rt++ {
		if !slices.Contains(g.rtypes, rt) {
			t.Errorf("grid misses resource type %d", rt)
		}
	}
	for ms := uint32(0); ms <= 17; ms++ {
		if !slices.Contains(g.msTypes, ms) {
			t.Errorf("grid misses multisample type %d", ms)
		}
	}
	for _, af := range append([]types.Format{types.D3DFMT_UNKNOWN, types.D3DFMT_A8R8G8B8}, caps.AdapterFormats...) {
		if !slices.Contains(g.adapterFormats, uint32(af)) {
			t.Errorf("grid misses adapter format %v", af)
		}
	}
	// On HAL every outer input is present, with one answer per inner one.
	hal := uint32(types.D3DDEVTYPE_HAL)
	seen := map[string]bool{}
	for _, l := range g.lines {
		want := map[byte]int{'T': len(g.formats), 'F': len(g.usages), 'M': len(g.msTypes), 'D': len(g.formats),
			'C': len(g.formats)}[l.kind]
		if len(l.values) != want {
			t.Fatalf("%c line %x has %d answers, want %d", l.kind, l.keys, len(l.values), want)
		}
		if l.keys[0] == hal {
			seen[fmt.Sprintf("%c%x", l.kind, l.keys[1:])] = true
		}
	}
	missing := 0
	need := func(kind byte, keys ...uint32) {
		if k := fmt.Sprintf("%c%x", kind, keys); !seen[k] {
			missing++
			if missing <= 10 {
				t.Errorf("grid has no HAL line %s", k)
			}
		}
	}
	for _, f := range g.formats {
		need('T', f, 0)
		need('T', f, 1)
		need('M', f, 0)
		need('M', f, 1)
		need('C', f)
		for _, af := range g.adapterFormats {
			need('D', af, f)
			for _, rt := range g.rtypes {
				need('F', af, rt, f)
			}
		}
	}
	if missing > 0 {
		t.Errorf("%d HAL grid lines missing", missing)
	}
}

// compare checks every answer against core/caps and returns how many it
// compared.
func (g *grid) compare(report func(string)) int {
	n := 0
	hr := func(h types.HRESULT) string { return strconv.FormatUint(uint64(h), 16) }
	for _, l := range g.lines {
		dt := types.DevType(l.keys[0])
		for i, got := range l.values {
			var want, what string
			switch l.kind {
			case 'T':
				disp, win, bb := types.Format(l.keys[1]), l.keys[2] != 0, types.Format(g.formats[i])
				want = hr(caps.CheckDeviceType(dt, disp, bb, win))
				what = fmt.Sprintf("CheckDeviceType(%v, %v, %v, windowed %d)", dt, disp, bb, l.keys[2])
			case 'F':
				af, rt, f, u := types.Format(l.keys[1]), types.ResourceType(l.keys[2]), types.Format(l.keys[3]), g.usages[i]
				want = hr(caps.CheckDeviceFormat(dt, af, u, rt, f))
				what = fmt.Sprintf("CheckDeviceFormat(%v, %v, usage %#x, %v, %v)", dt, af, u, rt, f)
			case 'M':
				f, ms := types.Format(l.keys[1]), types.MultisampleType(g.msTypes[i])
				h, levels := caps.CheckDeviceMultiSampleType(dt, f, l.keys[2] != 0, ms)
				want = hr(h) + "/" + strconv.FormatUint(uint64(levels), 16)
				what = fmt.Sprintf("CheckDeviceMultiSampleType(%v, %v, windowed %d, %d) hr/levels", dt, f, l.keys[2], ms)
			case 'D':
				af, rtf, ds := types.Format(l.keys[1]), types.Format(l.keys[2]), types.Format(g.formats[i])
				want = hr(caps.CheckDepthStencilMatch(dt, af, rtf, ds))
				what = fmt.Sprintf("CheckDepthStencilMatch(%v, %v, %v, %v)", dt, af, rtf, ds)
			case 'C':
				src, dst := types.Format(l.keys[1]), types.Format(g.formats[i])
				want = hr(caps.CheckDeviceFormatConversion(dt, src, dst))
				what = fmt.Sprintf("CheckDeviceFormatConversion(%v, %v, %v)", dt, src, dst)
			}
			n++
			if got != want {
				report(fmt.Sprintf("%s: d3d9.dll %s, core/caps %s", what, got, want))
			}
		}
	}
	return n
}
