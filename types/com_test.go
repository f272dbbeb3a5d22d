package types

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

const mingwInclude = "/usr/share/mingw-w64/include"

var (
	hdrDeclRe = regexp.MustCompile(`DECLARE_INTERFACE_\(\s*(\w+)\s*,\s*(\w+)\s*\)\s*\{([^}]*)\};`)
	hdrMethRe = regexp.MustCompile(`STDMETHOD(_)?\(([^)]*)\)\s*\(\s*THIS(_)?\s*([^)]*)\)\s*PURE;`)
	hdrGUIDRe = regexp.MustCompile(`DEFINE_GUID\(\s*IID_(\w+)\s*,([^)]*)\)`)
	identRe   = regexp.MustCompile(`^[A-Za-z_]\w*$`)
)

// paramType reduces one C parameter to its type with spacing removed, so
// that "void** p" and "void **p" compare equal and names do not matter.
// A parameter whose last token is a type keyword or ends in '*' has no
// name; the header has a few of those.
func paramType(p string) string {
	p = strings.ReplaceAll(p, "*", " * ")
	toks := strings.Fields(p)
	last := toks[len(toks)-1]
	named := len(toks) > 1 && last != "*" && identRe.MatchString(last) &&
		!(len(toks) == 2 && (toks[0] == "const" || toks[0] == "struct"))
	if named {
		toks = toks[:len(toks)-1]
	}
	s := strings.Join(toks, "")
	return strings.ReplaceAll(s, "struct", "")
}

func splitParams(s string) []string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	return strings.Split(s, ",")
}

type hdrMethod struct {
	name, ret string
	params    []string
}

func parseHeaderVTables(t *testing.T) (map[string][]hdrMethod, map[string]string) {
	b, err := os.ReadFile(mingwInclude + "/d3d9.h")
	if err != nil {
		t.Skipf("mingw d3d9.h not available: %v", err)
	}
	src := string(b)
	vt := map[string][]hdrMethod{}
	bases := map[string]string{}
	for _, m := range hdrDeclRe.FindAllStringSubmatch(src, -1) {
		var ms []hdrMethod
		for _, x := range hdrMethRe.FindAllStringSubmatch(m[3], -1) {
			hm := hdrMethod{ret: "HRESULT", name: strings.TrimSpace(x[2])}
			if x[1] == "_" {
				i := strings.LastIndex(x[2], ",")
				hm.ret = strings.TrimSpace(x[2][:i])
				hm.name = strings.TrimSpace(x[2][i+1:])
			}
			if x[3] == "_" {
				hm.params = splitParams(x[4])
			}
			ms = append(ms, hm)
		}
		vt[m[1]] = ms
		bases[m[1]] = m[2]
	}
	return vt, bases
}

func TestVTablesMatchMingw(t *testing.T) {
	vt, bases := parseHeaderVTables(t)
	want := []string{
		"IDirect3D9", "IDirect3D9Ex", "IDirect3DDevice9", "IDirect3DDevice9Ex",
		"IDirect3DSwapChain9", "IDirect3DSwapChain9Ex", "IDirect3DResource9",
		"IDirect3DBaseTexture9", "IDirect3DTexture9", "IDirect3DCubeTexture9",
		"IDirect3DVolumeTexture9", "IDirect3DSurface9", "IDirect3DVolume9",
		"IDirect3DVertexBuffer9", "IDirect3DIndexBuffer9",
		"IDirect3DVertexDeclaration9", "IDirect3DVertexShader9",
		"IDirect3DPixelShader9", "IDirect3DStateBlock9", "IDirect3DQuery9",
	}
	for _, name := range want {
		if _, ok := vt[name]; !ok {
			t.Errorf("%s: not declared in d3d9.h", name)
		}
	}
	for name, hms := range vt {
		i := Interfaces[name]
		if i == nil {
			t.Errorf("%s: declared in d3d9.h but not registered", name)
			continue
		}
		if i.Base != bases[name] {
			t.Errorf("%s: base %q, header says %q", name, i.Base, bases[name])
		}
		got := VTable(name)
		if len(got) != len(hms) {
			t.Errorf("%s: %d vtable slots, header has %d", name, len(got), len(hms))
		}
		for k := 0; k < len(got) && k < len(hms); k++ {
			g, h := got[k], hms[k]
			if g.Name != h.name {
				t.Errorf("%s slot %d: method %s, header has %s", name, k, g.Name, h.name)
				continue
			}
			if strings.Join(strings.Fields(g.Ret), " ") != strings.Join(strings.Fields(h.ret), " ") {
				t.Errorf("%s::%s: returns %q, header %q", name, g.Name, g.Ret, h.ret)
			}
			gp := splitParams(g.Params)
			if len(gp) != len(h.params) {
				t.Errorf("%s::%s: %d params, header has %d", name, g.Name, len(gp), len(h.params))
				continue
			}
			for j := range gp {
				if a, b := paramType(gp[j]), paramType(h.params[j]); a != b {
					t.Errorf("%s::%s param %d: type %q, header %q", name, g.Name, j, a, b)
				}
			}
		}
	}
}

func TestIIDsMatchMingw(t *testing.T) {
	b, err := os.ReadFile(mingwInclude + "/d3d9.h")
	if err != nil {
		t.Skipf("mingw d3d9.h not available: %v", err)
	}
	n := 0
	for _, m := range hdrGUIDRe.FindAllStringSubmatch(string(b), -1) {
		i := Interfaces[m[1]]
		if i == nil {
			continue
		}
		var v [11]uint64
		parts := strings.Split(m[2], ",")
		if len(parts) != 11 {
			t.Fatalf("IID_%s: %d parts", m[1], len(parts))
		}
		for k, p := range parts {
			x, err := strconv.ParseUint(strings.TrimSpace(p), 0, 64)
			if err != nil {
				t.Fatalf("IID_%s: %v", m[1], err)
			}
			v[k] = x
		}
		want := GUID{uint32(v[0]), uint16(v[1]), uint16(v[2]), [8]byte{}}
		for k := 0; k < 8; k++ {
			want.Data4[k] = byte(v[3+k])
		}
		if i.IID != want {
			t.Errorf("%s: IID %v, header %v", m[1], i.IID, want)
		}
		n++
	}
	if n < len(Interfaces)-1 { // IUnknown's IID lives elsewhere
		t.Errorf("checked %d IIDs for %d interfaces", n, len(Interfaces))
	}
}
