// Package types holds the Direct3D 9 ABI as Go data: constants, enums,
// structs, HRESULTs, IIDs and the COM interfaces' method lists. The guest
// C is generated from these tables (cmd/mtld3d-gen); nothing here depends
// on Wine or on a backend.
package types

// GUID is a COM interface or object identifier, laid out as in guiddef.h.
type GUID struct {
	Data1 uint32  `c:"Data1"`
	Data2 uint16  `c:"Data2"`
	Data3 uint16  `c:"Data3"`
	Data4 [8]byte `c:"Data4"`
}

// Method is one COM method. Ret and Params are C text as d3d9.h spells
// them, without the leading This parameter; Params is "" for (THIS).
type Method struct {
	Name   string
	Ret    string
	Params string
}

// Interface is a COM interface: its own methods in vtable order, after
// those of Base.
type Interface struct {
	Name    string
	Base    string // "" only for IUnknown
	IID     GUID
	Methods []Method
}

// Interfaces lists every interface d3d9.dll implements, by name. Each
// file that defines interfaces registers them here from init order-free
// variable initialisers.
var Interfaces = map[string]*Interface{}

func register(i *Interface) *Interface {
	Interfaces[i.Name] = i
	return i
}

// VTable returns the full vtable of the named interface, base methods
// first, or nil if the interface is unknown.
func VTable(name string) []Method {
	i := Interfaces[name]
	if i == nil {
		return nil
	}
	if i.Base == "" {
		return append([]Method(nil), i.Methods...)
	}
	base := VTable(i.Base)
	if base == nil {
		return nil
	}
	return append(base, i.Methods...)
}

var IUnknown = register(&Interface{
	Name: "IUnknown",
	IID:  GUID{0x00000000, 0x0000, 0x0000, [8]byte{0xc0, 0, 0, 0, 0, 0, 0, 0x46}},
	Methods: []Method{
		{"QueryInterface", "HRESULT", "REFIID riid, void **ppvObject"},
		{"AddRef", "ULONG", ""},
		{"Release", "ULONG", ""},
	},
})

var IDirect3D9 = register(&Interface{
	Name: "IDirect3D9",
	Base: "IUnknown",
	IID:  GUID{0x81bdcbca, 0x64d4, 0x426d, [8]byte{0xae, 0x8d, 0xad, 0x01, 0x47, 0xf4, 0x27, 0x5c}},
	Methods: []Method{
		{"RegisterSoftwareDevice", "HRESULT", "void *pInitializeFunction"},
		{"GetAdapterCount", "UINT", ""},
		{"GetAdapterIdentifier", "HRESULT", "UINT Adapter, DWORD Flags, D3DADAPTER_IDENTIFIER9 *pIdentifier"},
		{"GetAdapterModeCount", "UINT", "UINT Adapter, D3DFORMAT Format"},
		{"EnumAdapterModes", "HRESULT", "UINT Adapter, D3DFORMAT Format, UINT Mode, D3DDISPLAYMODE *pMode"},
		{"GetAdapterDisplayMode", "HRESULT", "UINT Adapter, D3DDISPLAYMODE *pMode"},
		{"CheckDeviceType", "HRESULT", "UINT Adapter, D3DDEVTYPE DevType, D3DFORMAT DisplayFormat, D3DFORMAT BackBufferFormat, WINBOOL bWindowed"},
		{"CheckDeviceFormat", "HRESULT", "UINT Adapter, D3DDEVTYPE DeviceType, D3DFORMAT AdapterFormat, DWORD Usage, D3DRESOURCETYPE RType, D3DFORMAT CheckFormat"},
		{"CheckDeviceMultiSampleType", "HRESULT", "UINT Adapter, D3DDEVTYPE DeviceType, D3DFORMAT SurfaceFormat, WINBOOL Windowed, D3DMULTISAMPLE_TYPE MultiSampleType, DWORD *pQualityLevels"},
		{"CheckDepthStencilMatch", "HRESULT", "UINT Adapter, D3DDEVTYPE DeviceType, D3DFORMAT AdapterFormat, D3DFORMAT RenderTargetFormat, D3DFORMAT DepthStencilFormat"},
		{"CheckDeviceFormatConversion", "HRESULT", "UINT Adapter, D3DDEVTYPE DeviceType, D3DFORMAT SourceFormat, D3DFORMAT TargetFormat"},
		{"GetDeviceCaps", "HRESULT", "UINT Adapter, D3DDEVTYPE DeviceType, D3DCAPS9 *pCaps"},
		{"GetAdapterMonitor", "HMONITOR", "UINT Adapter"},
		{"CreateDevice", "HRESULT", "UINT Adapter, D3DDEVTYPE DeviceType, HWND hFocusWindow, DWORD BehaviorFlags, D3DPRESENT_PARAMETERS *pPresentationParameters, struct IDirect3DDevice9 **ppReturnedDeviceInterface"},
	},
})

var IDirect3D9Ex = register(&Interface{
	Name: "IDirect3D9Ex",
	Base: "IDirect3D9",
	IID:  GUID{0x02177241, 0x69fc, 0x400c, [8]byte{0x8f, 0xf1, 0x93, 0xa4, 0x4d, 0xf6, 0x86, 0x1d}},
	Methods: []Method{
		{"GetAdapterModeCountEx", "UINT", "UINT Adapter, const D3DDISPLAYMODEFILTER *pFilter"},
		{"EnumAdapterModesEx", "HRESULT", "UINT Adapter, const D3DDISPLAYMODEFILTER *pFilter, UINT Mode, D3DDISPLAYMODEEX *pMode"},
		{"GetAdapterDisplayModeEx", "HRESULT", "UINT Adapter, D3DDISPLAYMODEEX *pMode, D3DDISPLAYROTATION *pRotation"},
		{"CreateDeviceEx", "HRESULT", "UINT Adapter, D3DDEVTYPE DeviceType, HWND hFocusWindow, DWORD BehaviorFlags, D3DPRESENT_PARAMETERS *pPresentationParameters, D3DDISPLAYMODEEX *pFullscreenDisplayMode, struct IDirect3DDevice9Ex **ppReturnedDeviceInterface"},
		{"GetAdapterLUID", "HRESULT", "UINT Adapter, LUID *pLUID"},
	},
})
