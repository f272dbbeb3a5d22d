package types

import (
	"fmt"
	"io"
	"reflect"
	"sync"
)

// FieldLayout is one top-level member of a struct as the C compiler lays
// it out. Nested structs and arrays are reported as a single member.
type FieldLayout struct {
	Name   string // Go field name
	CName  string // C member name, from the `c` tag (Name when untagged)
	Offset int
	Size   int
}

// StructLayout is a struct's size, alignment and member offsets under one
// ABI.
type StructLayout struct {
	Size   int
	Align  int
	Fields []FieldLayout
}

// StructInfo ties a Go struct to its C typedef.
type StructInfo struct {
	CName string
	Type  reflect.Type
	// Header is the SDK header that declares the C type. d3d9types.h and
	// d3d9caps.h wrap their structs in pack(4) on i386, which MSLayout
	// applies for ptrSize 4.
	Header string
	// NoMingw marks types mingw-w64's headers lack: the C side has to
	// declare them itself, so WriteCLayoutAsserts cannot check them.
	NoMingw bool
}

// Structs lists every D3D9 struct that crosses the API, with the Win32
// ones the API uses.
var Structs = []StructInfo{
	{CName: "GUID", Header: "guiddef.h", Type: reflect.TypeOf(GUID{})},
	{CName: "RECT", Header: "windef.h", Type: reflect.TypeOf(Rect{})},
	{CName: "POINT", Header: "windef.h", Type: reflect.TypeOf(Point{})},
	{CName: "PALETTEENTRY", Header: "wingdi.h", Type: reflect.TypeOf(PaletteEntry{})},
	{CName: "LUID", Header: "winnt.h", Type: reflect.TypeOf(LUID{})},
	{CName: "D3DMATRIX", Header: "d3d9types.h", Type: reflect.TypeOf(Matrix{})},
	{CName: "D3DCOMPOSERECTDESC", Header: "d3d9types.h", NoMingw: true, Type: reflect.TypeOf(ComposeRectDesc{})},
	{CName: "D3DCOMPOSERECTDESTINATION", Header: "d3d9types.h", NoMingw: true, Type: reflect.TypeOf(ComposeRectDestination{})},
	{CName: "D3DVERTEXELEMENT9", Header: "d3d9types.h", Type: reflect.TypeOf(VertexElement9{})},
	{CName: "D3DADAPTER_IDENTIFIER9", Header: "d3d9types.h", Type: reflect.TypeOf(AdapterIdentifier9{})},
	{CName: "D3DBOX", Header: "d3d9types.h", Type: reflect.TypeOf(Box{})},
	{CName: "D3DCLIPSTATUS9", Header: "d3d9types.h", Type: reflect.TypeOf(ClipStatus9{})},
	{CName: "D3DCOLORVALUE", Header: "d3d9types.h", Type: reflect.TypeOf(ColorValue{})},
	{CName: "D3DDEVICE_CREATION_PARAMETERS", Header: "d3d9types.h", Type: reflect.TypeOf(DeviceCreationParameters{})},
	{CName: "D3DDEVINFO_D3D9BANDWIDTHTIMINGS", Header: "d3d9types.h", Type: reflect.TypeOf(DevInfoBandwidthTimings{})},
	{CName: "D3DDEVINFO_D3D9CACHEUTILIZATION", Header: "d3d9types.h", Type: reflect.TypeOf(DevInfoCacheUtilization{})},
	{CName: "D3DDEVINFO_D3D9INTERFACETIMINGS", Header: "d3d9types.h", Type: reflect.TypeOf(DevInfoInterfaceTimings{})},
	{CName: "D3DDEVINFO_D3D9PIPELINETIMINGS", Header: "d3d9types.h", Type: reflect.TypeOf(DevInfoPipelineTimings{})},
	{CName: "D3DDEVINFO_D3D9STAGETIMINGS", Header: "d3d9types.h", Type: reflect.TypeOf(DevInfoStageTimings{})},
	{CName: "D3DDEVINFO_VCACHE", Header: "d3d9types.h", Type: reflect.TypeOf(DevInfoVCache{})},
	{CName: "D3DRESOURCESTATS", Header: "d3d9types.h", Type: reflect.TypeOf(ResourceStats{})},
	{CName: "D3DDEVINFO_D3DRESOURCEMANAGER", Header: "d3d9types.h", Type: reflect.TypeOf(DevInfoResourceManager{})},
	{CName: "D3DDEVINFO_D3DVERTEXSTATS", Header: "d3d9types.h", Type: reflect.TypeOf(DevInfoVertexStats{})},
	{CName: "D3DDISPLAYMODE", Header: "d3d9types.h", Type: reflect.TypeOf(DisplayMode{})},
	{CName: "D3DGAMMARAMP", Header: "d3d9types.h", Type: reflect.TypeOf(GammaRamp{})},
	{CName: "D3DINDEXBUFFER_DESC", Header: "d3d9types.h", Type: reflect.TypeOf(IndexBufferDesc{})},
	{CName: "D3DVECTOR", Header: "d3d9types.h", Type: reflect.TypeOf(Vector{})},
	{CName: "D3DLIGHT9", Header: "d3d9types.h", Type: reflect.TypeOf(Light9{})},
	{CName: "D3DLINEPATTERN", Header: "d3d9types.h", Type: reflect.TypeOf(LinePattern{})},
	{CName: "D3DLOCKED_BOX", Header: "d3d9types.h", Type: reflect.TypeOf(LockedBox{})},
	{CName: "D3DLOCKED_RECT", Header: "d3d9types.h", Type: reflect.TypeOf(LockedRect{})},
	{CName: "D3DMATERIAL9", Header: "d3d9types.h", Type: reflect.TypeOf(Material9{})},
	{CName: "D3DRANGE", Header: "d3d9types.h", Type: reflect.TypeOf(Range{})},
	{CName: "D3DRASTER_STATUS", Header: "d3d9types.h", Type: reflect.TypeOf(RasterStatus{})},
	{CName: "D3DRECT", Header: "d3d9types.h", Type: reflect.TypeOf(D3DRect{})},
	{CName: "D3DRECTPATCH_INFO", Header: "d3d9types.h", Type: reflect.TypeOf(RectPatchInfo{})},
	{CName: "D3DSURFACE_DESC", Header: "d3d9types.h", Type: reflect.TypeOf(SurfaceDesc{})},
	{CName: "D3DTRIPATCH_INFO", Header: "d3d9types.h", Type: reflect.TypeOf(TriPatchInfo{})},
	{CName: "D3DVERTEXBUFFER_DESC", Header: "d3d9types.h", Type: reflect.TypeOf(VertexBufferDesc{})},
	{CName: "D3DVIEWPORT9", Header: "d3d9types.h", Type: reflect.TypeOf(Viewport9{})},
	{CName: "D3DVOLUME_DESC", Header: "d3d9types.h", Type: reflect.TypeOf(VolumeDesc{})},
	{CName: "D3DDISPLAYMODEFILTER", Header: "d3d9types.h", Type: reflect.TypeOf(DisplayModeFilter{})},
	{CName: "D3DDISPLAYMODEEX", Header: "d3d9types.h", Type: reflect.TypeOf(DisplayModeEx{})},
	{CName: "D3DMEMORYPRESSURE", Header: "d3d9types.h", Type: reflect.TypeOf(MemoryPressure{})},
	{CName: "D3DPRESENTSTATS", Header: "d3d9types.h", Type: reflect.TypeOf(PresentStats{})},
	{CName: "D3DVSHADERCAPS2_0", Header: "d3d9caps.h", Type: reflect.TypeOf(VShaderCaps2_0{})},
	{CName: "D3DPSHADERCAPS2_0", Header: "d3d9caps.h", Type: reflect.TypeOf(PShaderCaps2_0{})},
	{CName: "D3DCAPS9", Header: "d3d9caps.h", Type: reflect.TypeOf(Caps9{})},
	{CName: "D3DOVERLAYCAPS", Header: "d3d9caps.h", Type: reflect.TypeOf(OverlayCaps{})},
	{CName: "D3DCONTENTPROTECTIONCAPS", Header: "d3d9caps.h", Type: reflect.TypeOf(ContentProtectionCaps{})}, {CName: "D3DPRESENT_PARAMETERS", Header: "d3d9types.h", Type: reflect.TypeOf(PresentParameters{})},
}

var (
	structByTypeOnce sync.Once
	structByType     map[reflect.Type]*StructInfo
)

// Lookup returns the registry entry for a Go struct type, or nil.
func Lookup(t reflect.Type) *StructInfo {
	structByTypeOnce.Do(func() {
		structByType = make(map[reflect.Type]*StructInfo, len(Structs))
		for i := range Structs {
			structByType[Structs[i].Type] = &Structs[i]
		}
	})
	return structByType[t]
}

// packFor is the #pragma pack in force where C declares t: 4 for the
// d3d9 headers on i386, none (0) otherwise.
func packFor(t reflect.Type, ptrSize int) int {
	if ptrSize != 4 {
		return 0
	}
	if si := Lookup(t); si != nil && (si.Header == "d3d9types.h" || si.Header == "d3d9caps.h") {
		return 4
	}
	return 0
}

// MSLayout computes t's layout under the Microsoft ABI as mingw-w64
// implements it, for i686 (ptrSize 4) or x86_64 (ptrSize 8). Unlike Go's
// 386 port, 8-byte integers and floats align to 8 on both, except where
// the declaring header packs the struct (see StructInfo.Header). uintptr
// kinds (Handle, Ptr) are pointer-sized. Go's int and uint have no C
// counterpart and make it panic, as do strings, slices and maps.
func MSLayout(t reflect.Type, ptrSize int) StructLayout {
	if ptrSize != 4 && ptrSize != 8 {
		panic(fmt.Sprintf("types.MSLayout: pointer size %d", ptrSize))
	}
	if t.Kind() != reflect.Struct {
		size, align := msSizeAlign(t, ptrSize)
		return StructLayout{Size: size, Align: align}
	}
	return msStruct(t, ptrSize)
}

func msStruct(t reflect.Type, ptrSize int) StructLayout {
	pack := packFor(t, ptrSize)
	l := StructLayout{Align: 1}
	off := 0
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		size, align := msSizeAlign(f.Type, ptrSize)
		if pack > 0 && align > pack {
			align = pack
		}
		off = alignUp(off, align)
		if f.Name != "_" {
			cname := f.Tag.Get("c")
			if cname == "" {
				cname = f.Name
			}
			l.Fields = append(l.Fields, FieldLayout{Name: f.Name, CName: cname, Offset: off, Size: size})
		}
		off += size
		if align > l.Align {
			l.Align = align
		}
	}
	l.Size = alignUp(off, l.Align)
	return l
}

func msSizeAlign(t reflect.Type, ptrSize int) (size, align int) {
	switch t.Kind() {
	case reflect.Bool, reflect.Int8, reflect.Uint8:
		return 1, 1
	case reflect.Int16, reflect.Uint16:
		return 2, 2
	case reflect.Int32, reflect.Uint32, reflect.Float32:
		return 4, 4
	case reflect.Int64, reflect.Uint64, reflect.Float64:
		return 8, 8
	case reflect.Uintptr, reflect.Pointer, reflect.UnsafePointer:
		return ptrSize, ptrSize
	case reflect.Array:
		size, align = msSizeAlign(t.Elem(), ptrSize)
		return size * t.Len(), align
	case reflect.Struct:
		l := msStruct(t, ptrSize)
		return l.Size, l.Align
	}
	panic(fmt.Sprintf("types.MSLayout: %v has no fixed C layout", t))
}

func alignUp(n, a int) int { return (n + a - 1) / a * a }

// WriteCLayoutAsserts writes C static assertions of every registered
// struct's size and member offsets, for x86_64 under _WIN64 and for i686
// otherwise, so the guest C fails to build if its headers and these Go
// definitions ever disagree. The including file needs <windows.h>,
// <d3d9.h> and <stddef.h>.
func WriteCLayoutAsserts(w io.Writer) error {
	ew := &errWriter{w: w}
	ew.printf("/* Layout checks generated from package types (WriteCLayoutAsserts). */\n")
	for _, arch := range []struct {
		cond    string
		ptrSize int
	}{{"#ifdef _WIN64", 8}, {"#else", 4}} {
		ew.printf("%s\n", arch.cond)
		for _, s := range Structs {
			if s.NoMingw {
				continue
			}
			l := MSLayout(s.Type, arch.ptrSize)
			ew.printf("_Static_assert(sizeof(%s) == %d, \"sizeof(%s)\");\n", s.CName, l.Size, s.CName)
			for _, f := range l.Fields {
				ew.printf("_Static_assert(offsetof(%s, %s) == %d, \"offsetof(%s, %s)\");\n",
					s.CName, f.CName, f.Offset, s.CName, f.CName)
			}
		}
	}
	ew.printf("#endif\n")
	return ew.err
}

type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}
