package types

import (
	"bytes"
	"reflect"
	"runtime"
	"testing"
)

// goLayout is Go's own layout of t on the architecture running the test.
func goLayout(t reflect.Type) StructLayout {
	l := StructLayout{Size: int(t.Size()), Align: t.Align()}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Name == "_" {
			continue
		}
		cname := f.Tag.Get("c")
		if cname == "" {
			cname = f.Name
		}
		l.Fields = append(l.Fields, FieldLayout{Name: f.Name, CName: cname, Offset: int(f.Offset), Size: int(f.Type.Size())})
	}
	return l
}

func has8ByteMember(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Int64, reflect.Uint64, reflect.Float64:
		return true
	case reflect.Array:
		return has8ByteMember(t.Elem())
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if has8ByteMember(t.Field(i).Type) {
				return true
			}
		}
	}
	return false
}

// On amd64 the Microsoft x64 ABI and Go agree on every layout. On 386 they
// agree unless an 8-byte member sits in a struct that is not packed to 4.
func TestMSLayoutMatchesGo(t *testing.T) {
	var ptrSize int
	switch runtime.GOARCH {
	case "amd64":
		ptrSize = 8
	case "386":
		ptrSize = 4
	default:
		t.Skipf("no Microsoft ABI counterpart for GOARCH=%s", runtime.GOARCH)
	}
	checked := 0
	for _, s := range Structs {
		if ptrSize == 4 && has8ByteMember(s.Type) && packFor(s.Type, 4) != 4 {
			continue
		}
		checked++
		got, want := MSLayout(s.Type, ptrSize), goLayout(s.Type)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: MSLayout(%d) = %+v\nGo layout        = %+v", s.CName, ptrSize, got, want)
		}
	}
	if checked == 0 {
		t.Error("no struct checked")
	}
}

// Sizes measured once with i686-w64-mingw32-gcc and x86_64-w64-mingw32-gcc
// (gcc 12, mingw-w64 headers). D3DCOMPOSERECT* are from Microsoft's docs.
var knownSizes = []struct {
	c         string
	i686, x64 int
}{
	{"GUID", 16, 16},
	{"RECT", 16, 16},
	{"POINT", 8, 8},
	{"PALETTEENTRY", 4, 4},
	{"LUID", 8, 8},
	{"D3DMATRIX", 64, 64},
	{"D3DCOMPOSERECTDESC", 8, 8},
	{"D3DCOMPOSERECTDESTINATION", 8, 8},
	{"D3DVERTEXELEMENT9", 8, 8},
	{"D3DADAPTER_IDENTIFIER9", 1100, 1104},
	{"D3DBOX", 24, 24},
	{"D3DCLIPSTATUS9", 8, 8},
	{"D3DCOLORVALUE", 16, 16},
	{"D3DDEVICE_CREATION_PARAMETERS", 16, 24},
	{"D3DDEVINFO_D3D9BANDWIDTHTIMINGS", 20, 20},
	{"D3DDEVINFO_D3D9CACHEUTILIZATION", 8, 8},
	{"D3DDEVINFO_D3D9INTERFACETIMINGS", 20, 20},
	{"D3DDEVINFO_D3D9PIPELINETIMINGS", 16, 16},
	{"D3DDEVINFO_D3D9STAGETIMINGS", 8, 8},
	{"D3DDEVINFO_VCACHE", 16, 16},
	{"D3DRESOURCESTATS", 44, 44},
	{"D3DDEVINFO_D3DRESOURCEMANAGER", 352, 352},
	{"D3DDEVINFO_D3DVERTEXSTATS", 8, 8},
	{"D3DDISPLAYMODE", 16, 16},
	{"D3DGAMMARAMP", 1536, 1536},
	{"D3DINDEXBUFFER_DESC", 20, 20},
	{"D3DVECTOR", 12, 12},
	{"D3DLIGHT9", 104, 104},
	{"D3DLINEPATTERN", 4, 4},
	{"D3DLOCKED_BOX", 12, 16},
	{"D3DLOCKED_RECT", 8, 16},
	{"D3DMATERIAL9", 68, 68},
	{"D3DRANGE", 8, 8},
	{"D3DRASTER_STATUS", 8, 8},
	{"D3DRECT", 16, 16},
	{"D3DRECTPATCH_INFO", 28, 28},
	{"D3DSURFACE_DESC", 32, 32},
	{"D3DTRIPATCH_INFO", 16, 16},
	{"D3DVERTEXBUFFER_DESC", 24, 24},
	{"D3DVIEWPORT9", 24, 24},
	{"D3DVOLUME_DESC", 28, 28},
	{"D3DDISPLAYMODEFILTER", 12, 12},
	{"D3DDISPLAYMODEEX", 24, 24},
	{"D3DMEMORYPRESSURE", 20, 24},
	{"D3DPRESENTSTATS", 28, 32},
	{"D3DVSHADERCAPS2_0", 16, 16},
	{"D3DPSHADERCAPS2_0", 20, 20},
	{"D3DCAPS9", 304, 304},
	{"D3DOVERLAYCAPS", 12, 12},
	{"D3DCONTENTPROTECTIONCAPS", 36, 40},
	{"D3DPRESENT_PARAMETERS", 56, 64},
}

func TestKnownSizes(t *testing.T) {
	byName := map[string]StructInfo{}
	for _, s := range Structs {
		if _, dup := byName[s.CName]; dup {
			t.Errorf("%s registered twice", s.CName)
		}
		byName[s.CName] = s
	}
	if len(knownSizes) != len(Structs) {
		t.Errorf("%d known sizes for %d registered structs", len(knownSizes), len(Structs))
	}
	for _, k := range knownSizes {
		s, ok := byName[k.c]
		if !ok {
			t.Errorf("%s not registered", k.c)
			continue
		}
		if got := MSLayout(s.Type, 4).Size; got != k.i686 {
			t.Errorf("%s: i686 size %d, want %d", k.c, got, k.i686)
		}
		if got := MSLayout(s.Type, 8).Size; got != k.x64 {
			t.Errorf("%s: x86_64 size %d, want %d", k.c, got, k.x64)
		}
	}
}

// The struct from the brief's fact 14: unpacked, an 8-byte member aligns
// to 8 on i686 too, which Go's 386 port does not do.
func TestMSLayoutAlignsInt64On32Bit(t *testing.T) {
	type s struct {
		A uint32
		B uint64
		C Ptr
	}
	for _, ptr := range []int{4, 8} {
		l := MSLayout(reflect.TypeOf(s{}), ptr)
		if l.Size != 24 || l.Fields[1].Offset != 8 || l.Fields[2].Offset != 16 {
			t.Errorf("ptrSize %d: %+v", ptr, l)
		}
	}
	pp := MSLayout(reflect.TypeOf(PresentParameters{}), 4)
	if pp.Fields[7].CName != "hDeviceWindow" || pp.Fields[7].Offset != 28 || pp.Fields[7].Size != 4 {
		t.Errorf("PresentParameters i686 hDeviceWindow: %+v", pp.Fields[7])
	}
}

func TestStructFieldsTagged(t *testing.T) {
	for _, s := range Structs {
		for i := 0; i < s.Type.NumField(); i++ {
			f := s.Type.Field(i)
			if f.Name != "_" && f.Tag.Get("c") == "" {
				t.Errorf("%s.%s has no c tag", s.CName, f.Name)
			}
		}
	}
}

// The asserts are only worth having if mingw accepts them for both guests.
func TestCLayoutAssertsCompile(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("#include <windows.h>\n#include <d3d9.h>\n#include <stddef.h>\n")
	if err := WriteCLayoutAsserts(&b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b.Bytes(), []byte("offsetof(D3DPRESENT_PARAMETERS, hDeviceWindow) == 32")) {
		t.Error("x86_64 hDeviceWindow offset missing from output")
	}
	mingwCompile(t, b.String())
}
