package main

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"mtld3d/types"
)

// class is one C object of d3d9.dll: its vtable is typed as Iface (the
// most derived interface it answers to), each method is the C function
// <Prefix>_<Method>, and the methods in Stubs are generated to return the
// given value instead, logging once that a game reached them.
type class struct {
	Prefix string
	Iface  string
	Stubs  map[string]string
}

const notAvailable = "D3DERR_NOTAVAILABLE"

var classes = []class{
	{Prefix: "d3d9", Iface: "IDirect3D9Ex", Stubs: map[string]string{
		"RegisterSoftwareDevice":      notAvailable,
		"CheckDeviceType":             notAvailable,
		"CheckDeviceFormat":           notAvailable,
		"CheckDeviceMultiSampleType":  notAvailable,
		"CheckDepthStencilMatch":      notAvailable,
		"CheckDeviceFormatConversion": notAvailable,
		"GetDeviceCaps":               notAvailable,
		"CreateDevice":                notAvailable,
		"CreateDeviceEx":              notAvailable,
	}},
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

func checkClasses() error {
	for _, c := range classes {
		vt := types.VTable(c.Iface)
		if vt == nil {
			return fmt.Errorf("class %s: unknown interface %s", c.Prefix, c.Iface)
		}
		have := map[string]bool{}
		for _, m := range vt {
			have[m.Name] = true
		}
		var names []string
		for n := range c.Stubs {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			if !have[n] {
				return fmt.Errorf("class %s: stub %s is not a method of %s", c.Prefix, n, c.Iface)
			}
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
			if _, stub := c.Stubs[m.Name]; stub {
				continue
			}
			fmt.Fprintf(&b, "%s;\n", signature(c, m, c.Prefix+"_"+m.Name))
		}
	}
	b.WriteString("\n/* Logs, once per method, that a game called a method not built yet. */\nvoid mtld3d_stub_reached(LONG *once, const char *method);\n")
	b.WriteString("\n#endif\n")
	return b.Bytes(), nil
}

func genVtblSource(string) ([]byte, error) {
	if err := checkClasses(); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString(banner)
	b.WriteString("#include \"d3d9_vtbl.h\"\n")
	for _, c := range classes {
		vt := types.VTable(c.Iface)
		for _, m := range vt {
			ret, stub := c.Stubs[m.Name]
			if !stub {
				continue
			}
			fmt.Fprintf(&b, "\nstatic %s\n{\n    static LONG once;\n    (void)iface;\n", signature(c, m, c.Prefix+"_stub_"+m.Name))
			for _, p := range paramNames(m.Params) {
				fmt.Fprintf(&b, "    (void)%s;\n", p)
			}
			fmt.Fprintf(&b, "    mtld3d_stub_reached(&once, \"%s::%s\");\n    return %s;\n}\n", c.Iface, m.Name, ret)
		}
		fmt.Fprintf(&b, "\nconst %sVtbl %s_vtbl = {\n", c.Iface, c.Prefix)
		for _, m := range vt {
			fn := c.Prefix + "_" + m.Name
			if _, stub := c.Stubs[m.Name]; stub {
				fn = c.Prefix + "_stub_" + m.Name
			}
			fmt.Fprintf(&b, "    .%s = %s,\n", m.Name, fn)
		}
		b.WriteString("};\n")
	}
	return b.Bytes(), nil
}
