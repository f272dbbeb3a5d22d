package types

// Resources, shaders, declarations, state blocks and queries. Volume9 and the
// non-resource objects derive from IUnknown directly, not from Resource9.

var IDirect3DResource9 = register(&Interface{
	Name: "IDirect3DResource9",
	Base: "IUnknown",
	IID:  GUID{0x05eec05d, 0x8f7d, 0x4362, [8]byte{0xb9, 0x99, 0xd1, 0xba, 0xf3, 0x57, 0xc7, 0x04}},
	Methods: []Method{
		{"GetDevice", "HRESULT", "struct IDirect3DDevice9 **ppDevice"},
		{"SetPrivateData", "HRESULT", "REFGUID guid, const void *data, DWORD data_size, DWORD flags"},
		{"GetPrivateData", "HRESULT", "REFGUID refguid, void *pData, DWORD *pSizeOfData"},
		{"FreePrivateData", "HRESULT", "REFGUID refguid"},
		{"SetPriority", "DWORD", "DWORD PriorityNew"},
		{"GetPriority", "DWORD", ""},
		{"PreLoad", "void", ""},
		{"GetType", "D3DRESOURCETYPE", ""},
	},
})

var IDirect3DBaseTexture9 = register(&Interface{
	Name: "IDirect3DBaseTexture9",
	Base: "IDirect3DResource9",
	IID:  GUID{0x580ca87e, 0x1d3c, 0x4d54, [8]byte{0x99, 0x1d, 0xb7, 0xd3, 0xe3, 0xc2, 0x98, 0xce}},
	Methods: []Method{
		{"SetLOD", "DWORD", "DWORD LODNew"},
		{"GetLOD", "DWORD", ""},
		{"GetLevelCount", "DWORD", ""},
		{"SetAutoGenFilterType", "HRESULT", "D3DTEXTUREFILTERTYPE FilterType"},
		{"GetAutoGenFilterType", "D3DTEXTUREFILTERTYPE", ""},
		{"GenerateMipSubLevels", "void", ""},
	},
})

var IDirect3DTexture9 = register(&Interface{
	Name: "IDirect3DTexture9",
	Base: "IDirect3DBaseTexture9",
	IID:  GUID{0x85c31227, 0x3de5, 0x4f00, [8]byte{0x9b, 0x3a, 0xf1, 0x1a, 0xc3, 0x8c, 0x18, 0xb5}},
	Methods: []Method{
		{"GetLevelDesc", "HRESULT", "UINT Level, D3DSURFACE_DESC *pDesc"},
		{"GetSurfaceLevel", "HRESULT", "UINT Level, IDirect3DSurface9 **ppSurfaceLevel"},
		{"LockRect", "HRESULT", "UINT level, D3DLOCKED_RECT *locked_rect, const RECT *rect, DWORD flags"},
		{"UnlockRect", "HRESULT", "UINT Level"},
		{"AddDirtyRect", "HRESULT", "const RECT *dirty_rect"},
	},
})

var IDirect3DCubeTexture9 = register(&Interface{
	Name: "IDirect3DCubeTexture9",
	Base: "IDirect3DBaseTexture9",
	IID:  GUID{0xfff32f81, 0xd953, 0x473a, [8]byte{0x92, 0x23, 0x93, 0xd6, 0x52, 0xab, 0xa9, 0x3f}},
	Methods: []Method{
		{"GetLevelDesc", "HRESULT", "UINT Level, D3DSURFACE_DESC *pDesc"},
		{"GetCubeMapSurface", "HRESULT", "D3DCUBEMAP_FACES FaceType, UINT Level, IDirect3DSurface9 **ppCubeMapSurface"},
		{"LockRect", "HRESULT", "D3DCUBEMAP_FACES face, UINT level, D3DLOCKED_RECT *locked_rect, const RECT *rect, DWORD flags"},
		{"UnlockRect", "HRESULT", "D3DCUBEMAP_FACES FaceType, UINT Level"},
		{"AddDirtyRect", "HRESULT", "D3DCUBEMAP_FACES face, const RECT *dirty_rect"},
	},
})

var IDirect3DVolumeTexture9 = register(&Interface{
	Name: "IDirect3DVolumeTexture9",
	Base: "IDirect3DBaseTexture9",
	IID:  GUID{0x2518526c, 0xe789, 0x4111, [8]byte{0xa7, 0xb9, 0x47, 0xef, 0x32, 0x8d, 0x13, 0xe6}},
	Methods: []Method{
		{"GetLevelDesc", "HRESULT", "UINT Level, D3DVOLUME_DESC *pDesc"},
		{"GetVolumeLevel", "HRESULT", "UINT Level, IDirect3DVolume9 **ppVolumeLevel"},
		{"LockBox", "HRESULT", "UINT level, D3DLOCKED_BOX *locked_box, const D3DBOX *box, DWORD flags"},
		{"UnlockBox", "HRESULT", "UINT Level"},
		{"AddDirtyBox", "HRESULT", "const D3DBOX *dirty_box"},
	},
})

var IDirect3DSurface9 = register(&Interface{
	Name: "IDirect3DSurface9",
	Base: "IDirect3DResource9",
	IID:  GUID{0x0cfbaf3a, 0x9ff6, 0x429a, [8]byte{0x99, 0xb3, 0xa2, 0x79, 0x6a, 0xf8, 0xb8, 0x9b}},
	Methods: []Method{
		{"GetContainer", "HRESULT", "REFIID riid, void **ppContainer"},
		{"GetDesc", "HRESULT", "D3DSURFACE_DESC *pDesc"},
		{"LockRect", "HRESULT", "D3DLOCKED_RECT *locked_rect, const RECT *rect, DWORD flags"},
		{"UnlockRect", "HRESULT", ""},
		{"GetDC", "HRESULT", "HDC *phdc"},
		{"ReleaseDC", "HRESULT", "HDC hdc"},
	},
})

var IDirect3DVolume9 = register(&Interface{
	Name: "IDirect3DVolume9",
	Base: "IUnknown",
	IID:  GUID{0x24f416e6, 0x1f67, 0x4aa7, [8]byte{0xb8, 0x8e, 0xd3, 0x3f, 0x6f, 0x31, 0x28, 0xa1}},
	Methods: []Method{
		{"GetDevice", "HRESULT", "struct IDirect3DDevice9 **ppDevice"},
		{"SetPrivateData", "HRESULT", "REFGUID guid, const void *data, DWORD data_size, DWORD flags"},
		{"GetPrivateData", "HRESULT", "REFGUID refguid, void *pData, DWORD *pSizeOfData"},
		{"FreePrivateData", "HRESULT", "REFGUID refguid"},
		{"GetContainer", "HRESULT", "REFIID riid, void **ppContainer"},
		{"GetDesc", "HRESULT", "D3DVOLUME_DESC *pDesc"},
		{"LockBox", "HRESULT", "D3DLOCKED_BOX *locked_box, const D3DBOX *box, DWORD flags"},
		{"UnlockBox", "HRESULT", ""},
	},
})

var IDirect3DVertexBuffer9 = register(&Interface{
	Name: "IDirect3DVertexBuffer9",
	Base: "IDirect3DResource9",
	IID:  GUID{0xb64bb1b5, 0xfd70, 0x4df6, [8]byte{0xbf, 0x91, 0x19, 0xd0, 0xa1, 0x24, 0x55, 0xe3}},
	Methods: []Method{
		{"Lock", "HRESULT", "UINT OffsetToLock, UINT SizeToLock, void **ppbData, DWORD Flags"},
		{"Unlock", "HRESULT", ""},
		{"GetDesc", "HRESULT", "D3DVERTEXBUFFER_DESC *pDesc"},
	},
})

var IDirect3DIndexBuffer9 = register(&Interface{
	Name: "IDirect3DIndexBuffer9",
	Base: "IDirect3DResource9",
	IID:  GUID{0x7c9dd65e, 0xd3f7, 0x4529, [8]byte{0xac, 0xee, 0x78, 0x58, 0x30, 0xac, 0xde, 0x35}},
	Methods: []Method{
		{"Lock", "HRESULT", "UINT OffsetToLock, UINT SizeToLock, void **ppbData, DWORD Flags"},
		{"Unlock", "HRESULT", ""},
		{"GetDesc", "HRESULT", "D3DINDEXBUFFER_DESC *pDesc"},
	},
})

var IDirect3DVertexDeclaration9 = register(&Interface{
	Name: "IDirect3DVertexDeclaration9",
	Base: "IUnknown",
	IID:  GUID{0xdd13c59c, 0x36fa, 0x4098, [8]byte{0xa8, 0xfb, 0xc7, 0xed, 0x39, 0xdc, 0x85, 0x46}},
	Methods: []Method{
		{"GetDevice", "HRESULT", "struct IDirect3DDevice9 **ppDevice"},
		{"GetDeclaration", "HRESULT", "D3DVERTEXELEMENT9 *pElement, UINT *pNumElements"},
	},
})

var IDirect3DVertexShader9 = register(&Interface{
	Name: "IDirect3DVertexShader9",
	Base: "IUnknown",
	IID:  GUID{0xefc5557e, 0x6265, 0x4613, [8]byte{0x8a, 0x94, 0x43, 0x85, 0x78, 0x89, 0xeb, 0x36}},
	Methods: []Method{
		{"GetDevice", "HRESULT", "struct IDirect3DDevice9 **ppDevice"},
		{"GetFunction", "HRESULT", "void *pData, UINT *pSizeOfData"},
	},
})

var IDirect3DPixelShader9 = register(&Interface{
	Name: "IDirect3DPixelShader9",
	Base: "IUnknown",
	IID:  GUID{0x6d3bdbdc, 0x5b02, 0x4415, [8]byte{0xb8, 0x52, 0xce, 0x5e, 0x8b, 0xcc, 0xb2, 0x89}},
	Methods: []Method{
		{"GetDevice", "HRESULT", "struct IDirect3DDevice9 **ppDevice"},
		{"GetFunction", "HRESULT", "void *pData, UINT *pSizeOfData"},
	},
})

var IDirect3DStateBlock9 = register(&Interface{
	Name: "IDirect3DStateBlock9",
	Base: "IUnknown",
	IID:  GUID{0xb07c4fe5, 0x310d, 0x4ba8, [8]byte{0xa2, 0x3c, 0x4f, 0x0f, 0x20, 0x6f, 0x21, 0x8b}},
	Methods: []Method{
		{"GetDevice", "HRESULT", "struct IDirect3DDevice9 **ppDevice"},
		{"Capture", "HRESULT", ""},
		{"Apply", "HRESULT", ""},
	},
})

var IDirect3DQuery9 = register(&Interface{
	Name: "IDirect3DQuery9",
	Base: "IUnknown",
	IID:  GUID{0xd9771460, 0xa695, 0x4f26, [8]byte{0xbb, 0xd3, 0x27, 0xb8, 0x40, 0xb5, 0x41, 0xcc}},
	Methods: []Method{
		{"GetDevice", "HRESULT", "struct IDirect3DDevice9 **ppDevice"},
		{"GetType", "D3DQUERYTYPE", ""},
		{"GetDataSize", "DWORD", ""},
		{"Issue", "HRESULT", "DWORD dwIssueFlags"},
		{"GetData", "HRESULT", "void *pData, DWORD dwSize, DWORD dwGetDataFlags"},
	},
})
