package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"mtld3d/types"
)

// kind says which methods of a class the generator may write itself.
type kind int

const (
	// custom: every method is hand-written C (or a stub).
	custom kind = iota
	// child: a device child; IUnknown and GetDevice are generated.
	child
	// privchild: a child with private data (IDirect3DVolume9).
	privchild
	// resource: an IDirect3DResource9; IUnknown, GetDevice, private data,
	// priority, PreLoad and GetType are generated.
	resource
)

// class is one C object of d3d9.dll. Its vtable is typed as Iface, the
// most derived interface it answers to; method M is the C function
// <Prefix>_M. A method neither written in pe/d3d9/*.c nor generated
// from the kind becomes a stub that logs once and returns an error, so
// every vtable slot is always callable. Objects other than custom ones
// are laid out as { Iface iface; struct object obj; ... } so generated
// methods reach the shared object state (pe/d3d9/object.h).
type class struct {
	Prefix string
	Iface  string
	Kind   kind
	RType  string // D3DRTYPE_* that GetType returns, for resources
}

var classes = []class{
	{Prefix: "d3d9", Iface: "IDirect3D9Ex", Kind: custom},
	{Prefix: "device", Iface: "IDirect3DDevice9Ex", Kind: custom},
	{Prefix: "swapchain", Iface: "IDirect3DSwapChain9Ex", Kind: child},
	{Prefix: "surface", Iface: "IDirect3DSurface9", Kind: resource, RType: "D3DRTYPE_SURFACE"},
	{Prefix: "volume", Iface: "IDirect3DVolume9", Kind: privchild},
	{Prefix: "texture", Iface: "IDirect3DTexture9", Kind: resource, RType: "D3DRTYPE_TEXTURE"},
	{Prefix: "cubetexture", Iface: "IDirect3DCubeTexture9", Kind: resource, RType: "D3DRTYPE_CUBETEXTURE"},
	{Prefix: "volumetexture", Iface: "IDirect3DVolumeTexture9", Kind: resource, RType: "D3DRTYPE_VOLUMETEXTURE"},
	{Prefix: "vertexbuffer", Iface: "IDirect3DVertexBuffer9", Kind: resource, RType: "D3DRTYPE_VERTEXBUFFER"},
	{Prefix: "indexbuffer", Iface: "IDirect3DIndexBuffer9", Kind: resource, RType: "D3DRTYPE_INDEXBUFFER"},
	{Prefix: "vdecl", Iface: "IDirect3DVertexDeclaration9", Kind: child},
	{Prefix: "vshader", Iface: "IDirect3DVertexShader9", Kind: child},
	{Prefix: "pshader", Iface: "IDirect3DPixelShader9", Kind: child},
	{Prefix: "stateblock", Iface: "IDirect3DStateBlock9", Kind: child},
	{Prefix: "query", Iface: "IDirect3DQuery9", Kind: child},
}

// generated returns the C body of a method the kind lets the generator
// write, or "" if it must be hand-written.
func generated(c class, m types.Method) string {
	if c.Kind == custom {
		return ""
	}
	args := strings.Join(paramNames(m.Params), ", ")
	call := func(fn string) string {
		if args == "" {
			return fmt.Sprintf("    return %s(object_of(iface));\n", fn)
		}
		return fmt.Sprintf("    return %s(object_of(iface), %s);\n", fn, args)
	}
	switch m.Name {
	case "QueryInterface":
		var iids []string
		for i := types.Interfaces[c.Iface]; i != nil; i = types.Interfaces[i.Base] {
			iids = append(iids, "&IID_"+i.Name)
		}
		return fmt.Sprintf("    static const GUID *const iids[] = {%s, NULL};\n    return object_query(iface, object_of(iface), iids, %s);\n",
			strings.Join(iids, ", "), args)
	case "AddRef":
		return call("object_addref")
	case "Release":
		return call("object_release")
	case "GetDevice":
		return call("object_get_device")
	}
	if c.Kind == child {
		return ""
	}
	switch m.Name {
	case "SetPrivateData":
		return call("object_set_private_data")
	case "GetPrivateData":
		return call("object_get_private_data")
	case "FreePrivateData":
		return call("object_free_private_data")
	}
	if c.Kind != resource {
		return ""
	}
	switch m.Name {
	case "SetPriority":
		return call("object_set_priority")
	case "GetPriority":
		return call("object_get_priority")
	case "PreLoad":
		return "    (void)iface;\n"
	case "GetType":
		return fmt.Sprintf("    (void)iface;\n    return %s;\n", c.RType)
	}
	return ""
}

// stubValue is what a not-yet-written method returns.
func stubValue(ret string) string {
	switch ret {
	case "void":
		return ""
	case "HRESULT":
		return "D3DERR_NOTAVAILABLE"
	case "HMONITOR", "HANDLE":
		return "NULL"
	case "float":
		return "0.0f"
	case "D3DRESOURCETYPE":
		return "(D3DRESOURCETYPE)0"
	}
	return "0"
}

// paramNames returns the parameter names of a C parameter list.
func paramNames(params string) []string {
	if strings.TrimSpace(params) == "" {
		return nil
	}
	var out []string
	for _, p := range strings.Split(params, ",") {
		p = strings.TrimSpace(p)
		i := strings.LastIndexFunc(p, func(r rune) bool {
			return !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
		})
		out = append(out, p[i+1:])
	}
	return out
}

func signature(c class, m types.Method, name string) string {
	params := c.Iface + " *iface"
	if m.Params != "" {
		params += ", " + m.Params
	}
	return fmt.Sprintf("%s WINAPI %s(%s)", m.Ret, name, params)
}

var defRE = regexp.MustCompile(`WINAPI\s+(\w+)\s*\(`)

// handWritten returns the names of the WINAPI functions defined (not just
// declared) in pe/d3d9/*.c.
func handWritten(root string) (map[string]bool, error) {
	files, err := filepath.Glob(filepath.Join(root, "pe", "d3d9", "*.c"))
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		src := string(b)
		for _, m := range defRE.FindAllStringSubmatchIndex(src, -1) {
			depth, i := 0, m[1]-1
			for ; i < len(src); i++ {
				if src[i] == '(' {
					depth++
				} else if src[i] == ')' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			rest := strings.TrimLeft(src[min(i+1, len(src)):], " \t\r\n")
			if strings.HasPrefix(rest, "{") {
				out[src[m[2]:m[3]]] = true
			}
		}
	}
	return out, nil
}

func checkClasses() error {
	seen := map[string]bool{}
	for _, c := range classes {
		if types.VTable(c.Iface) == nil {
			return fmt.Errorf("class %s: unknown interface %s", c.Prefix, c.Iface)
		}
		if seen[c.Prefix] {
			return fmt.Errorf("class prefix %s used twice", c.Prefix)
		}
		seen[c.Prefix] = true
		if c.Kind == resource && c.RType == "" {
			return fmt.Errorf("class %s: a resource needs RType", c.Prefix)
		}
	}
	return nil
}

func genVtblHeader(string) ([]byte, error) {
	if err := checkClasses(); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString(banner)
	b.WriteString("#ifndef MTLD3D_D3D9_VTBL_H\n#define MTLD3D_D3D9_VTBL_H\n\n#include <windows.h>\n#include <d3d9.h>\n")
	for _, c := range classes {
		fmt.Fprintf(&b, "\n/* %s: %s */\nextern const %sVtbl %s_vtbl;\n", c.Prefix, c.Iface, c.Iface, c.Prefix)
		for _, m := range types.VTable(c.Iface) {
			fmt.Fprintf(&b, "%s;\n", signature(c, m, c.Prefix+"_"+m.Name))
		}
	}
	b.WriteString("\n/* Logs, once per method, that a game called a method not built yet. */\nvoid mtld3d_stub_reached(LONG *once, const char *method);\n")
	b.WriteString("\n#endif\n")
	return b.Bytes(), nil
}

// genVtblSource writes the vtables, the generated methods and the stubs.
// Every method gets its <prefix>_<Method> name, so a hand-written one
// and a generated one cannot both exist: the link would fail.
func genVtblSource(root string) ([]byte, error) {
	if err := checkClasses(); err != nil {
		return nil, err
	}
	hand, err := handWritten(root)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString(banner)
	b.WriteString("#include \"d3d9_private.h\"\n")
	var stubs []string
	for _, c := range classes {
		vt := types.VTable(c.Iface)
		for _, m := range vt {
			fn := c.Prefix + "_" + m.Name
			if hand[fn] {
				continue
			}
			body := generated(c, m)
			if body == "" {
				stubs = append(stubs, c.Iface+"::"+m.Name)
				fmt.Fprintf(&b, "\n%s\n{\n    static LONG once;\n    (void)iface;\n", signature(c, m, fn))
				for _, p := range paramNames(m.Params) {
					fmt.Fprintf(&b, "    (void)%s;\n", p)
				}
				fmt.Fprintf(&b, "    mtld3d_stub_reached(&once, \"%s::%s\");\n", c.Iface, m.Name)
				if v := stubValue(m.Ret); v != "" {
					fmt.Fprintf(&b, "    return %s;\n", v)
				}
				b.WriteString("}\n")
				continue
			}
			fmt.Fprintf(&b, "\n%s\n{\n%s}\n", signature(c, m, fn), body)
		}
		fmt.Fprintf(&b, "\nconst %sVtbl %s_vtbl = {\n", c.Iface, c.Prefix)
		for _, m := range vt {
			fmt.Fprintf(&b, "    .%s = %s_%s,\n", m.Name, c.Prefix, m.Name)
		}
		b.WriteString("};\n")
	}
	sort.Strings(stubs)
	fmt.Fprintf(&b, "\n/* %d methods are stubs:\n", len(stubs))
	for _, s := range stubs {
		fmt.Fprintf(&b, " *   %s\n", s)
	}
	b.WriteString(" */\n")
	return b.Bytes(), nil
}
