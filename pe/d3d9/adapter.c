/* IDirect3D9(Ex): the object Direct3DCreate9 returns. One adapter, the
 * primary display; its identity comes from the unix side's config and its
 * modes from Win32, listed once at creation as Windows does. */
#include "d3d9_private.h"

static struct d3d9 *impl(IDirect3D9Ex *iface)
{
    return CONTAINING_RECORD(iface, struct d3d9, iface);
}

/* Display formats a D3D9 adapter lists modes for, with their depth. */
static const struct {
    D3DFORMAT format;
    DWORD bpp;
} mode_formats[] = {
    {D3DFMT_X8R8G8B8, 32},
    {D3DFMT_R5G6B5, 16},
};

static BOOL mode_format_ok(D3DFORMAT f)
{
    for (size_t i = 0; i < ARRAYSIZE(mode_formats); i++)
        if (mode_formats[i].format == f)
            return TRUE;
    return FALSE;
}

static void list_modes(struct d3d9 *d3d9)
{
    DEVMODEW dm;
    UINT cap = 0;

    for (size_t f = 0; f < ARRAYSIZE(mode_formats); f++) {
        for (DWORD i = 0;; i++) {
            memset(&dm, 0, sizeof(dm));
            dm.dmSize = sizeof(dm);
            if (!EnumDisplaySettingsExW(NULL, i, &dm, 0))
                break;
            if (dm.dmBitsPerPel != mode_formats[f].bpp)
                continue;
            BOOL dup = FALSE;
            for (UINT j = 0; j < d3d9->mode_count && !dup; j++)
                dup = d3d9->mode_formats[j] == mode_formats[f].format && d3d9->modes[j].Width == dm.dmPelsWidth &&
                      d3d9->modes[j].Height == dm.dmPelsHeight && d3d9->modes[j].RefreshRate == dm.dmDisplayFrequency;
            if (dup)
                continue;
            if (d3d9->mode_count == cap) {
                UINT ncap = cap ? cap * 2 : 32;
                D3DDISPLAYMODE *m = HeapAlloc(GetProcessHeap(), 0, ncap * sizeof(*m));
                D3DFORMAT *fm = HeapAlloc(GetProcessHeap(), 0, ncap * sizeof(*fm));
                if (!m || !fm) {
                    HeapFree(GetProcessHeap(), 0, m);
                    HeapFree(GetProcessHeap(), 0, fm);
                    return;
                }
                if (cap) {
                    memcpy(m, d3d9->modes, cap * sizeof(*m));
                    memcpy(fm, d3d9->mode_formats, cap * sizeof(*fm));
                    HeapFree(GetProcessHeap(), 0, d3d9->modes);
                    HeapFree(GetProcessHeap(), 0, d3d9->mode_formats);
                }
                d3d9->modes = m;
                d3d9->mode_formats = fm;
                cap = ncap;
            }
            D3DDISPLAYMODE *m = &d3d9->modes[d3d9->mode_count];
            m->Width = dm.dmPelsWidth;
            m->Height = dm.dmPelsHeight;
            m->RefreshRate = dm.dmDisplayFrequency;
            m->Format = mode_formats[f].format;
            d3d9->mode_formats[d3d9->mode_count++] = mode_formats[f].format;
        }
    }
}

HRESULT d3d9_create(BOOL extended, struct d3d9 **out)
{
    struct d3d9 *d3d9 = HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof(*d3d9));
    if (!d3d9)
        return E_OUTOFMEMORY;
    d3d9->iface.lpVtbl = (IDirect3D9ExVtbl *)&d3d9_vtbl;
    d3d9->refcount = 1;
    d3d9->extended = extended;
    list_modes(d3d9);
    *out = d3d9;
    return D3D_OK;
}

HRESULT WINAPI d3d9_QueryInterface(IDirect3D9Ex *iface, REFIID riid, void **out)
{
    struct d3d9 *d3d9 = impl(iface);
    if (!out)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_IDirect3D9) ||
        (d3d9->extended && IsEqualGUID(riid, &IID_IDirect3D9Ex))) {
        IDirect3D9Ex_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

ULONG WINAPI d3d9_AddRef(IDirect3D9Ex *iface)
{
    return (ULONG)InterlockedIncrement(&impl(iface)->refcount);
}

ULONG WINAPI d3d9_Release(IDirect3D9Ex *iface)
{
    struct d3d9 *d3d9 = impl(iface);
    LONG ref = InterlockedDecrement(&d3d9->refcount);
    if (!ref) {
        HeapFree(GetProcessHeap(), 0, d3d9->modes);
        HeapFree(GetProcessHeap(), 0, d3d9->mode_formats);
        HeapFree(GetProcessHeap(), 0, d3d9);
    }
    return (ULONG)ref;
}

UINT WINAPI d3d9_GetAdapterCount(IDirect3D9Ex *iface)
{
    (void)iface;
    return 1;
}

static void primary_device_name(char *dst, size_t n)
{
    MONITORINFOEXA mi;
    HMONITOR mon = MonitorFromPoint((POINT){0, 0}, MONITOR_DEFAULTTOPRIMARY);
    mi.cbSize = sizeof(mi);
    if (mon && GetMonitorInfoA(mon, (MONITORINFO *)&mi))
        lstrcpynA(dst, mi.szDevice, (int)n);
    else
        lstrcpynA(dst, "\\\\.\\DISPLAY1", (int)n);
}

HRESULT WINAPI d3d9_GetAdapterIdentifier(IDirect3D9Ex *iface, UINT adapter, DWORD flags, D3DADAPTER_IDENTIFIER9 *id)
{
    (void)iface;
    if (adapter >= 1 || !id)
        return D3DERR_INVALIDCALL;
    memset(id, 0, sizeof(*id));
    lstrcpynA(id->Driver, mtld3d_proc.driver, sizeof(id->Driver));
    lstrcpynA(id->Description, mtld3d_proc.description, sizeof(id->Description));
    primary_device_name(id->DeviceName, sizeof(id->DeviceName));
    id->DriverVersion.QuadPart = (LONGLONG)mtld3d_proc.driver_version;
    id->VendorId = mtld3d_proc.vendor_id;
    id->DeviceId = mtld3d_proc.device_id;
    id->SubSysId = mtld3d_proc.subsys_id;
    id->Revision = mtld3d_proc.revision;
    /* A stable identifier per vendor and device, as games cache it. */
    id->DeviceIdentifier.Data1 = 0x6d746c64; /* "mtld" */
    id->DeviceIdentifier.Data2 = (WORD)mtld3d_proc.vendor_id;
    id->DeviceIdentifier.Data3 = (WORD)mtld3d_proc.device_id;
    memcpy(id->DeviceIdentifier.Data4, &mtld3d_proc.driver_version, 8);
    id->WHQLLevel = (flags & D3DENUM_WHQL_LEVEL) ? 1 : 0;
    return D3D_OK;
}

UINT WINAPI d3d9_GetAdapterModeCount(IDirect3D9Ex *iface, UINT adapter, D3DFORMAT format)
{
    struct d3d9 *d3d9 = impl(iface);
    UINT n = 0;
    if (adapter >= 1 || !mode_format_ok(format))
        return 0;
    for (UINT i = 0; i < d3d9->mode_count; i++)
        n += d3d9->mode_formats[i] == format;
    return n;
}

/* The index-th mode of format, or NULL. */
static const D3DDISPLAYMODE *nth_mode(struct d3d9 *d3d9, D3DFORMAT format, UINT index)
{
    for (UINT i = 0; i < d3d9->mode_count; i++)
        if (d3d9->mode_formats[i] == format && index-- == 0)
            return &d3d9->modes[i];
    return NULL;
}

HRESULT WINAPI d3d9_EnumAdapterModes(IDirect3D9Ex *iface, UINT adapter, D3DFORMAT format, UINT index, D3DDISPLAYMODE *mode)
{
    const D3DDISPLAYMODE *m;
    if (adapter >= 1 || !mode || !mode_format_ok(format))
        return D3DERR_INVALIDCALL;
    if (!(m = nth_mode(impl(iface), format, index)))
        return D3DERR_INVALIDCALL;
    *mode = *m;
    return D3D_OK;
}

static HRESULT current_mode(D3DDISPLAYMODE *mode)
{
    if (mtld3d_proc.emulated_mode.Width) {
        *mode = mtld3d_proc.emulated_mode;
        return D3D_OK;
    }
    DEVMODEW dm;
    memset(&dm, 0, sizeof(dm));
    dm.dmSize = sizeof(dm);
    if (!EnumDisplaySettingsExW(NULL, ENUM_CURRENT_SETTINGS, &dm, 0))
        return D3DERR_NOTAVAILABLE;
    mode->Width = dm.dmPelsWidth;
    mode->Height = dm.dmPelsHeight;
    mode->RefreshRate = dm.dmDisplayFrequency;
    mode->Format = dm.dmBitsPerPel == 16 ? D3DFMT_R5G6B5 : D3DFMT_X8R8G8B8;
    return D3D_OK;
}

HRESULT WINAPI d3d9_GetAdapterDisplayMode(IDirect3D9Ex *iface, UINT adapter, D3DDISPLAYMODE *mode)
{
    (void)iface;
    if (adapter >= 1 || !mode)
        return D3DERR_INVALIDCALL;
    return current_mode(mode);
}

HMONITOR WINAPI d3d9_GetAdapterMonitor(IDirect3D9Ex *iface, UINT adapter)
{
    (void)iface;
    if (adapter >= 1)
        return NULL;
    return MonitorFromPoint((POINT){0, 0}, MONITOR_DEFAULTTOPRIMARY);
}

static BOOL filter_ok(const D3DDISPLAYMODEFILTER *f)
{
    return f && f->Size == sizeof(*f) && mode_format_ok(f->Format);
}

static BOOL scanline_ok(const D3DDISPLAYMODEFILTER *f)
{
    /* Every mode we list is progressive. */
    return f->ScanLineOrdering != D3DSCANLINEORDERING_INTERLACED;
}

UINT WINAPI d3d9_GetAdapterModeCountEx(IDirect3D9Ex *iface, UINT adapter, const D3DDISPLAYMODEFILTER *filter)
{
    if (!filter_ok(filter) || !scanline_ok(filter))
        return 0;
    return d3d9_GetAdapterModeCount(iface, adapter, filter->Format);
}

HRESULT WINAPI d3d9_EnumAdapterModesEx(IDirect3D9Ex *iface, UINT adapter, const D3DDISPLAYMODEFILTER *filter, UINT index,
                                       D3DDISPLAYMODEEX *mode)
{
    const D3DDISPLAYMODE *m;
    if (adapter >= 1 || !mode || !filter_ok(filter) || mode->Size != sizeof(*mode) || !scanline_ok(filter))
        return D3DERR_INVALIDCALL;
    if (!(m = nth_mode(impl(iface), filter->Format, index)))
        return D3DERR_INVALIDCALL;
    mode->Width = m->Width;
    mode->Height = m->Height;
    mode->RefreshRate = m->RefreshRate;
    mode->Format = m->Format;
    mode->ScanLineOrdering = D3DSCANLINEORDERING_PROGRESSIVE;
    return D3D_OK;
}

HRESULT WINAPI d3d9_GetAdapterDisplayModeEx(IDirect3D9Ex *iface, UINT adapter, D3DDISPLAYMODEEX *mode,
                                            D3DDISPLAYROTATION *rotation)
{
    D3DDISPLAYMODE m;
    HRESULT hr;
    (void)iface;
    if (adapter >= 1 || (mode && mode->Size != sizeof(*mode)))
        return D3DERR_INVALIDCALL;
    if (FAILED(hr = current_mode(&m)))
        return hr;
    if (mode) {
        mode->Width = m.Width;
        mode->Height = m.Height;
        mode->RefreshRate = m.RefreshRate;
        mode->Format = m.Format;
        mode->ScanLineOrdering = D3DSCANLINEORDERING_PROGRESSIVE;
    }
    if (rotation)
        *rotation = D3DDISPLAYROTATION_IDENTITY;
    return D3D_OK;
}

HRESULT WINAPI d3d9_GetAdapterLUID(IDirect3D9Ex *iface, UINT adapter, LUID *luid)
{
    if (adapter >= 1 || !luid)
        return D3DERR_INVALIDCALL;
    (void)iface;
    *luid = mtld3d_proc.adapter_luid;
    return D3D_OK;
}
