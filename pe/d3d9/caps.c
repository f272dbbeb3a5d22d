/* IDirect3D9's capability queries: GetDeviceCaps and the Check* methods.
 * Every answer comes from the tables core/caps generates into
 * mtld3d_formats.h, by the rules written at the top of that header; core/caps
 * is the source of truth and tests/caps_consistency_test.go holds this file
 * to it on a grid of every format, resource type and usage bit. No unix call.
 *
 * Validation order, as Windows and Wine: an adapter ordinal out of range is
 * D3DERR_INVALIDCALL before anything else is looked at (and, for
 * CheckDeviceFormat, a D3DFMT_UNKNOWN adapter format); then the checks of
 * core/caps in its order. Device types: only HAL exists; REF, SW and NULLREF
 * answer D3DERR_NOTAVAILABLE (a machine without the SDK's reference
 * rasteriser), any other value D3DERR_INVALIDCALL. */
#include "d3d9_private.h"

#define ADAPTER_COUNT 1

static HRESULT check_devtype(D3DDEVTYPE type)
{
    switch ((DWORD)type) {
    case D3DDEVTYPE_HAL:
        return D3D_OK;
    case D3DDEVTYPE_REF:
    case D3DDEVTYPE_SW:
    case D3DDEVTYPE_NULLREF:
        return D3DERR_NOTAVAILABLE;
    }
    return D3DERR_INVALIDCALL;
}

static HRESULT check_adapter_format(D3DFORMAT format)
{
    if (format == D3DFMT_UNKNOWN)
        return D3DERR_INVALIDCALL;
    for (size_t i = 0; i < MTLD3D_ADAPTER_FORMAT_COUNT; i++)
        if (mtld3d_adapter_formats[i] == (DWORD)format)
            return D3D_OK;
    return D3DERR_NOTAVAILABLE;
}

static DWORD format_flags(D3DFORMAT format)
{
    const struct mtld3d_format_info *info = mtld3d_format_lookup(format);
    return info ? info->flags : 0;
}

/* RegisterSoftwareDevice plugs a software rasteriser in behind
 * D3DDEVTYPE_SW. Microsoft documents D3D_OK on success; Wine and DXVK both
 * accept and ignore the function and answer D3D_OK, and so do we: the SW
 * device type still answers D3DERR_NOTAVAILABLE everywhere, which is what a
 * game sees when the registration did not give it a usable device. */
HRESULT WINAPI d3d9_RegisterSoftwareDevice(IDirect3D9Ex *iface, void *pInitializeFunction)
{
    static LONG once;
    (void)iface;
    if (!InterlockedExchange(&once, 1))
        WARN("IDirect3D9::RegisterSoftwareDevice(%p) ignored: no software devices", pInitializeFunction);
    return D3D_OK;
}

HRESULT WINAPI d3d9_CheckDeviceType(IDirect3D9Ex *iface, UINT Adapter, D3DDEVTYPE DevType, D3DFORMAT DisplayFormat,
                                    D3DFORMAT BackBufferFormat, WINBOOL bWindowed)
{
    HRESULT hr;
    (void)iface;
    if (Adapter >= ADAPTER_COUNT)
        return D3DERR_INVALIDCALL;
    if ((hr = check_devtype(DevType)) != D3D_OK)
        return hr;
    for (size_t i = 0; i < MTLD3D_DISPLAY_MODE_COUNT; i++) {
        const struct mtld3d_display_mode *m = &mtld3d_display_modes[i];
        if (m->display == (DWORD)DisplayFormat && m->backbuffer == (DWORD)BackBufferFormat &&
            (bWindowed ? m->windowed : m->fullscreen))
            return D3D_OK;
    }
    return D3DERR_NOTAVAILABLE;
}

HRESULT WINAPI d3d9_CheckDeviceFormat(IDirect3D9Ex *iface, UINT Adapter, D3DDEVTYPE DeviceType, D3DFORMAT AdapterFormat,
                                      DWORD Usage, D3DRESOURCETYPE RType, D3DFORMAT CheckFormat)
{
    const struct mtld3d_format_check *row = NULL;
    HRESULT hr;
    (void)iface;
    if (Adapter >= ADAPTER_COUNT || AdapterFormat == D3DFMT_UNKNOWN)
        return D3DERR_INVALIDCALL;
    if ((hr = check_devtype(DeviceType)) != D3D_OK)
        return hr;
    if ((hr = check_adapter_format(AdapterFormat)) != D3D_OK)
        return hr;
    if ((DWORD)RType < D3DRTYPE_SURFACE || (DWORD)RType > D3DRTYPE_CUBETEXTURE)
        return D3DERR_INVALIDCALL;
    for (size_t i = 0; i < MTLD3D_FORMAT_CHECK_COUNT && !row; i++)
        if (mtld3d_format_checks[i].format == (DWORD)CheckFormat && mtld3d_format_checks[i].rtype == (DWORD)RType)
            row = &mtld3d_format_checks[i];
    if (!row)
        return D3DERR_NOTAVAILABLE;
    if ((Usage & MTLD3D_CHECKED_USAGE & ~row->usage_ok) || (Usage & row->usage_required) != row->usage_required)
        return D3DERR_NOTAVAILABLE;
    if ((row->flags & MTLD3D_CHECK_SRGBWRITE_RT) && (Usage & D3DUSAGE_QUERY_SRGBWRITE) &&
        !(Usage & D3DUSAGE_RENDERTARGET))
        return D3DERR_NOTAVAILABLE;
    if ((Usage & D3DUSAGE_AUTOGENMIPMAP) && !(row->flags & MTLD3D_CHECK_AUTOGEN))
        return D3DOK_NOAUTOGEN;
    return D3D_OK;
}

/* pQualityLevels may be NULL. Past the adapter check it is always written:
 * the count on success, 1 on failure (as Wine's d3d9 does for
 * D3DERR_NOTAVAILABLE, and core/caps for every failure). */
HRESULT WINAPI d3d9_CheckDeviceMultiSampleType(IDirect3D9Ex *iface, UINT Adapter, D3DDEVTYPE DeviceType,
                                               D3DFORMAT SurfaceFormat, WINBOOL Windowed,
                                               D3DMULTISAMPLE_TYPE MultiSampleType, DWORD *pQualityLevels)
{
    DWORD type = (DWORD)MultiSampleType, levels = 1;
    HRESULT hr = D3DERR_NOTAVAILABLE;
    (void)iface;
    (void)Windowed; /* the same answer windowed and full-screen */
    if (Adapter >= ADAPTER_COUNT)
        return D3DERR_INVALIDCALL;
    if (type > D3DMULTISAMPLE_16_SAMPLES || SurfaceFormat == D3DFMT_UNKNOWN)
        hr = D3DERR_INVALIDCALL;
    else if ((hr = check_devtype(DeviceType)) == D3D_OK)
        hr = caps_multisample_levels(SurfaceFormat, MultiSampleType, &levels);
    if (pQualityLevels)
        *pQualityLevels = levels;
    return hr;
}

HRESULT caps_multisample_levels(D3DFORMAT format, D3DMULTISAMPLE_TYPE type, DWORD *levels)
{
    *levels = 1;
    if ((DWORD)type > D3DMULTISAMPLE_16_SAMPLES)
        return D3DERR_INVALIDCALL;
    if (type == D3DMULTISAMPLE_NONE)
        return D3D_OK;
    for (size_t i = 0; i < MTLD3D_MULTISAMPLE_COUNT; i++) {
        if (mtld3d_multisample_formats[i].format == (DWORD)format &&
            (mtld3d_multisample_formats[i].types & (1u << type))) {
            if (type == D3DMULTISAMPLE_NONMASKABLE)
                *levels = MTLD3D_NONMASKABLE_LEVELS;
            return D3D_OK;
        }
    }
    return D3DERR_NOTAVAILABLE;
}

HRESULT WINAPI d3d9_CheckDepthStencilMatch(IDirect3D9Ex *iface, UINT Adapter, D3DDEVTYPE DeviceType,
                                           D3DFORMAT AdapterFormat, D3DFORMAT RenderTargetFormat,
                                           D3DFORMAT DepthStencilFormat)
{
    HRESULT hr;
    (void)iface;
    if (Adapter >= ADAPTER_COUNT)
        return D3DERR_INVALIDCALL;
    if ((hr = check_devtype(DeviceType)) != D3D_OK)
        return hr;
    if ((hr = check_adapter_format(AdapterFormat)) != D3D_OK)
        return hr;
    if (!(format_flags(RenderTargetFormat) & MTLD3D_FMT_RENDERTARGET) ||
        !(format_flags(DepthStencilFormat) & MTLD3D_FMT_DEPTHSTENCIL))
        return D3DERR_NOTAVAILABLE;
    return D3D_OK;
}

HRESULT WINAPI d3d9_CheckDeviceFormatConversion(IDirect3D9Ex *iface, UINT Adapter, D3DDEVTYPE DeviceType,
                                                D3DFORMAT SourceFormat, D3DFORMAT TargetFormat)
{
    HRESULT hr;
    (void)iface;
    if (Adapter >= ADAPTER_COUNT)
        return D3DERR_INVALIDCALL;
    if ((hr = check_devtype(DeviceType)) != D3D_OK)
        return hr;
    if (!(format_flags(SourceFormat) & MTLD3D_FMT_STRETCH_SRC) || !(format_flags(TargetFormat) & MTLD3D_FMT_STRETCH_DST))
        return D3DERR_NOTAVAILABLE;
    return D3D_OK;
}

/* The caps are cleared on failure, as Wine's d3d9 does, so a game that
 * ignores the HRESULT reads zeros rather than stale memory. */
HRESULT WINAPI d3d9_GetDeviceCaps(IDirect3D9Ex *iface, UINT Adapter, D3DDEVTYPE DeviceType, D3DCAPS9 *pCaps)
{
    HRESULT hr;
    (void)iface;
    if (!pCaps)
        return D3DERR_INVALIDCALL;
    memset(pCaps, 0, sizeof(*pCaps));
    if (Adapter >= ADAPTER_COUNT)
        return D3DERR_INVALIDCALL;
    if ((hr = check_devtype(DeviceType)) != D3D_OK)
        return hr;
    *pCaps = mtld3d_caps9;
    pCaps->DeviceType = D3DDEVTYPE_HAL;
    pCaps->AdapterOrdinal = Adapter;
    pCaps->MasterAdapterOrdinal = Adapter;
    pCaps->AdapterOrdinalInGroup = 0;
    pCaps->NumberOfAdaptersInGroup = 1;
    return D3D_OK;
}
