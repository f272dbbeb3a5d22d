/* IDirect3DSwapChain9(Ex): the implicit swap chain of a device. Its back
 * buffers share its reference count (their container); Present closes the
 * frame and hands it to the unix side. */
#include "swapchain.h"

static struct swapchain *impl(IDirect3DSwapChain9Ex *iface)
{
    return CONTAINING_RECORD(iface, struct swapchain, iface);
}

static void free_backbuffers(struct swapchain *sc)
{
    for (UINT i = 0; i < MAX_BACKBUFFERS; i++) {
        struct surface *s = sc->backbuffers[i];
        if (!s)
            continue;
        sc->backbuffers[i] = NULL;
        s->obj.destroy(&s->obj);
    }
}

static void swapchain_destroy(struct object *obj)
{
    struct swapchain *sc = CONTAINING_RECORD(obj, struct swapchain, obj);
    device_forget_swapchain(sc->device, sc);
    if (!sc->pp.Windowed)
        fullscreen_leave(sc);
    free_backbuffers(sc);
    object_cleanup(obj);
    HeapFree(GetProcessHeap(), 0, sc);
}

static HRESULT make_backbuffers(struct swapchain *sc)
{
    D3DSURFACE_DESC desc = {
        .Format = sc->pp.BackBufferFormat,
        .Type = D3DRTYPE_SURFACE,
        .Usage = D3DUSAGE_RENDERTARGET,
        .Pool = D3DPOOL_DEFAULT,
        .MultiSampleType = sc->pp.MultiSampleType,
        .MultiSampleQuality = sc->pp.MultiSampleQuality,
        .Width = sc->pp.BackBufferWidth,
        .Height = sc->pp.BackBufferHeight,
    };
    BOOL lockable = !!(sc->pp.Flags & D3DPRESENTFLAG_LOCKABLE_BACKBUFFER);
    for (UINT i = 0; i < sc->pp.BackBufferCount; i++) {
        HRESULT hr = surface_create(sc->device, &desc, MTLD3D_SURFACE_RENDER_TARGET, lockable, &sc->obj,
                                    (IUnknown *)&sc->iface, FALSE, &sc->backbuffers[i]);
        if (FAILED(hr))
            return hr;
    }
    return D3D_OK;
}

static void identity_gamma(D3DGAMMARAMP *g)
{
    for (UINT i = 0; i < 256; i++)
        g->red[i] = g->green[i] = g->blue[i] = (WORD)(i * 0x101);
}

HRESULT swapchain_create(struct device *device, const D3DPRESENT_PARAMETERS *pp, HWND focus, BOOL implicit,
                         struct swapchain **out)
{
    struct swapchain *sc = HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof(*sc));
    HRESULT hr;
    if (!sc)
        return E_OUTOFMEMORY;
    sc->iface.lpVtbl = (IDirect3DSwapChain9ExVtbl *)&swapchain_vtbl;
    object_init(&sc->obj, device, NULL, D3DPOOL_DEFAULT, swapchain_destroy, implicit);
    sc->id = device_new_id(device);
    sc->device = device;
    sc->pp = *pp;
    sc->window = pp->hDeviceWindow ? pp->hDeviceWindow : focus;
    identity_gamma(&sc->gamma);
    if (FAILED(hr = make_backbuffers(sc))) {
        swapchain_unbind(sc);
        return hr;
    }
    if (!pp->Windowed)
        fullscreen_enter(sc);
    *out = sc;
    return D3D_OK;
}

HRESULT swapchain_reset(struct swapchain *sc, const D3DPRESENT_PARAMETERS *pp)
{
    free_backbuffers(sc);
    if (!sc->pp.Windowed && pp->Windowed)
        fullscreen_leave(sc);
    sc->pp = *pp;
    if (pp->hDeviceWindow)
        sc->window = pp->hDeviceWindow;
    if (!pp->Windowed)
        fullscreen_enter(sc);
    return make_backbuffers(sc);
}

struct surface *swapchain_backbuffer(struct swapchain *sc, UINT index)
{
    return index < MAX_BACKBUFFERS ? sc->backbuffers[index] : NULL;
}

void swapchain_unbind(struct swapchain *sc)
{
    object_unbind(&sc->obj);
}

HRESULT WINAPI swapchain_Present(IDirect3DSwapChain9Ex *iface, const RECT *src, const RECT *dst, HWND window,
                                 const RGNDATA *dirty, DWORD flags)
{
    struct swapchain *sc = impl(iface);
    struct device *device = sc->device;
    struct mtld3d_rec_present *r;
    HRESULT hr;
    (void)dirty, (void)window;
    if (device->lost)
        return D3DERR_DEVICELOST;
    /* Source and destination rectangles need a copy swap effect. */
    if ((src || dst) && sc->pp.SwapEffect != D3DSWAPEFFECT_COPY)
        return D3DERR_INVALIDCALL;
    if (flags & D3DPRESENT_DONOTWAIT)
        flags &= ~D3DPRESENT_DONOTWAIT; /* presenting never blocks here */
    device_lock(device);
    if ((r = device_record(device, MTLD3D_REC_PRESENT, sizeof(*r)))) {
        r->SwapChain = sc->id;
        r->BackBuffer = sc->backbuffers[0]->id;
    }
    hr = device_flush(device);
    sc->present_count++;
    device->frame++;
    device_unlock(device);
    return hr;
}

HRESULT WINAPI swapchain_GetFrontBufferData(IDirect3DSwapChain9Ex *iface, IDirect3DSurface9 *dst)
{
    struct swapchain *sc = impl(iface);
    struct surface *d;
    if (!dst)
        return D3DERR_INVALIDCALL;
    d = surface_impl(dst);
    /* The copy is of the front buffer as last presented, read through the
     * unix side's copy of it (its id is the swap chain's). */
    if (d->desc.Pool != D3DPOOL_SYSTEMMEM || d->desc.Format != D3DFMT_A8R8G8B8 || !d->mem ||
        d->desc.Width < sc->pp.BackBufferWidth || d->desc.Height < sc->pp.BackBufferHeight)
        return D3DERR_INVALIDCALL;
    HRESULT hr;
    device_lock(sc->device);
    hr = device_read(sc->device, sc->id, sc->pp.BackBufferHeight, sc->pp.BackBufferWidth * 4, d->mem, d->pitch);
    device_unlock(sc->device);
    return hr;
}

HRESULT WINAPI swapchain_GetBackBuffer(IDirect3DSwapChain9Ex *iface, UINT index, D3DBACKBUFFER_TYPE type,
                                       IDirect3DSurface9 **out)
{
    struct swapchain *sc = impl(iface);
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    /* D3DBACKBUFFER_TYPE_LEFT is the only type; Windows ignores others. */
    (void)type;
    if (index >= sc->pp.BackBufferCount || !sc->backbuffers[index])
        return D3DERR_INVALIDCALL;
    *out = &sc->backbuffers[index]->iface;
    IDirect3DSurface9_AddRef(*out);
    return D3D_OK;
}

HRESULT WINAPI swapchain_GetRasterStatus(IDirect3DSwapChain9Ex *iface, D3DRASTER_STATUS *status)
{
    (void)iface;
    if (!status)
        return D3DERR_INVALIDCALL;
    status->InVBlank = FALSE;
    status->ScanLine = 0;
    return D3D_OK;
}

HRESULT WINAPI swapchain_GetDisplayMode(IDirect3DSwapChain9Ex *iface, D3DDISPLAYMODE *mode)
{
    struct swapchain *sc = impl(iface);
    return d3d9_GetAdapterDisplayMode(&sc->device->d3d9->iface, 0, mode);
}

HRESULT WINAPI swapchain_GetPresentParameters(IDirect3DSwapChain9Ex *iface, D3DPRESENT_PARAMETERS *pp)
{
    if (!pp)
        return D3DERR_INVALIDCALL;
    *pp = impl(iface)->pp;
    return D3D_OK;
}

HRESULT WINAPI swapchain_GetLastPresentCount(IDirect3DSwapChain9Ex *iface, UINT *count)
{
    if (!count)
        return D3DERR_INVALIDCALL;
    *count = impl(iface)->present_count;
    return D3D_OK;
}

HRESULT WINAPI swapchain_GetPresentStats(IDirect3DSwapChain9Ex *iface, D3DPRESENTSTATS *stats)
{
    struct swapchain *sc = impl(iface);
    LARGE_INTEGER now;
    if (!stats)
        return D3DERR_INVALIDCALL;
    QueryPerformanceCounter(&now);
    memset(stats, 0, sizeof(*stats));
    stats->PresentCount = sc->present_count;
    stats->PresentRefreshCount = sc->present_count;
    stats->SyncRefreshCount = sc->present_count;
    stats->SyncQPCTime = now;
    return D3D_OK;
}

HRESULT WINAPI swapchain_GetDisplayModeEx(IDirect3DSwapChain9Ex *iface, D3DDISPLAYMODEEX *mode,
                                          D3DDISPLAYROTATION *rotation)
{
    return d3d9_GetAdapterDisplayModeEx(&impl(iface)->device->d3d9->iface, 0, mode, rotation);
}

void WINAPI device_SetGammaRamp(IDirect3DDevice9Ex *iface, UINT swapchain, DWORD flags, const D3DGAMMARAMP *ramp)
{
    struct device *device = device_impl(iface);
    (void)flags;
    if (swapchain == 0 && ramp)
        device->swapchain->gamma = *ramp;
}

void WINAPI device_GetGammaRamp(IDirect3DDevice9Ex *iface, UINT swapchain, D3DGAMMARAMP *ramp)
{
    struct device *device = device_impl(iface);
    if (swapchain == 0 && ramp)
        *ramp = device->swapchain->gamma;
}
