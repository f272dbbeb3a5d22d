/* IDirect3DSwapChain9(Ex): the implicit and additional swap chains of a
 * device. Their back buffers have counts of their own, as on Windows (a
 * Get or AddRef of one does not raise the swap chain's count), start with
 * none, and are held by the swap chain until it goes. Present closes the frame and hands it to the unix side,
 * which draws the back buffer into an image of the window's client area
 * (scaled, or by rectangles) and rotates FLIP chains; GetFrontBufferData
 * places that image on a screen-sized surface. */
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
        object_unbind(&s->obj);
    }
}

static void swapchain_destroy(struct object *obj)
{
    struct swapchain *sc = CONTAINING_RECORD(obj, struct swapchain, obj);
    struct mtld3d_rec_destroy_object *r;
    device_forget_swapchain(sc->device, sc);
    /* The unix side drops its front image and buffer list. */
    if ((r = device_record(sc->device, MTLD3D_REC_DESTROY_OBJECT, sizeof(*r))))
        r->ID = sc->id;
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
        HRESULT hr = surface_create(sc->device, &desc, MTLD3D_SURFACE_RENDER_TARGET, lockable, NULL,
                                    (IUnknown *)&sc->iface, TRUE, NULL, &sc->backbuffers[i]);
        if (FAILED(hr))
            return hr;
    }
    return D3D_OK;
}

/* Tells the unix side the swap chain's back buffers, in GetBackBuffer
 * order, before any Present: a FLIP chain rotates them. */
static void record_swapchain(struct swapchain *sc)
{
    UINT n = sc->pp.BackBufferCount;
    struct mtld3d_rec_swap_chain *r =
        device_record(sc->device, MTLD3D_REC_SWAP_CHAIN, (uint32_t)(sizeof(*r) + n * sizeof(uint32_t)));
    if (!r)
        return;
    r->SwapChain = sc->id;
    r->SwapEffect = sc->pp.SwapEffect;
    r->Count = n;
    r->Width = sc->pp.BackBufferWidth;
    r->Height = sc->pp.BackBufferHeight;
    r->Windowed = !!sc->pp.Windowed;
    for (UINT i = 0; i < n; i++)
        ((uint32_t *)(r + 1))[i] = sc->backbuffers[i]->id;
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
    /* GetPresentParameters names the window presented to, the focus
     * window when none was given. */
    sc->pp.hDeviceWindow = sc->window;
    identity_gamma(&sc->gamma);
    if (FAILED(hr = make_backbuffers(sc))) {
        swapchain_unbind(sc);
        return hr;
    }
    record_swapchain(sc);
    if (!pp->Windowed)
        fullscreen_enter(sc);
    *out = sc;
    return D3D_OK;
}

HRESULT swapchain_reset(struct swapchain *sc, const D3DPRESENT_PARAMETERS *pp)
{
    free_backbuffers(sc);
    sc->stats_started = FALSE;
    if (!sc->pp.Windowed && pp->Windowed)
        fullscreen_leave(sc);
    sc->pp = *pp;
    if (pp->hDeviceWindow)
        sc->window = pp->hDeviceWindow;
    sc->pp.hDeviceWindow = sc->window;
    if (!pp->Windowed)
        fullscreen_enter(sc);
    HRESULT hr = make_backbuffers(sc);
    if (SUCCEEDED(hr))
        record_swapchain(sc);
    return hr;
}

struct surface *swapchain_backbuffer(struct swapchain *sc, UINT index)
{
    return index < MAX_BACKBUFFERS ? sc->backbuffers[index] : NULL;
}

void swapchain_unbind(struct swapchain *sc)
{
    object_unbind(&sc->obj);
}

/* debug.frame_hotkey: MTLD3D_PRESENT_DUMP_PNG for the first Present
 * after the combination goes down (one PNG per press, however long it is
 * held), which the unix side writes beside the log. The main key is asked
 * first, so while it is up a Present asks once; Wine answers an up key
 * from a cache for 50 ms. */
static uint32_t hotkey_dump(void)
{
    uint32_t k = mtld3d_proc.frame_hotkey;
    LONG down;
    if (!k)
        return 0;
    down = (GetAsyncKeyState((int)(k & MTLD3D_HOTKEY_KEY_MASK)) & 0x8000) &&
           (!(k & MTLD3D_HOTKEY_CTRL) || (GetAsyncKeyState(VK_CONTROL) & 0x8000)) &&
           (!(k & MTLD3D_HOTKEY_SHIFT) || (GetAsyncKeyState(VK_SHIFT) & 0x8000)) &&
           (!(k & MTLD3D_HOTKEY_ALT) || (GetAsyncKeyState(VK_MENU) & 0x8000));
    return InterlockedExchange(&mtld3d_proc.hotkey_down, down) == 0 && down ? MTLD3D_PRESENT_DUMP_PNG : 0;
}

/* Every Present (the device's, PresentEx, the swap chain's) comes here.
 * Rectangles and a dirty region are for copy presentation: a windowed
 * swap chain presents by copy whatever its swap effect (as Windows' blit
 * model, Wine and DXVK do); a fullscreen one flips unless it is COPY, and
 * the documentation lets it take none. The dirty region only says what
 * must be copied at least: the whole source rectangle is. */
HRESULT WINAPI swapchain_Present(IDirect3DSwapChain9Ex *iface, const RECT *src, const RECT *dst, HWND window,
                                 const RGNDATA *dirty, DWORD flags)
{
    struct swapchain *sc = impl(iface);
    struct device *device = sc->device;
    struct mtld3d_rec_present *r;
    RECT client = {0, 0, 0, 0}, bounds = {0, 0, (LONG)sc->pp.BackBufferWidth, (LONG)sc->pp.BackBufferHeight}, s, d;
    HWND target = window ? window : sc->window;
    LARGE_INTEGER now;
    uint32_t dump;
    HRESULT hr;
    if (device->status != DEVICE_OK)
        return D3DERR_DEVICELOST;
    if ((src || dst || dirty) && !sc->pp.Windowed && sc->pp.SwapEffect != D3DSWAPEFFECT_COPY)
        return D3DERR_INVALIDCALL;
    /* D3DPRESENT_DONOTWAIT: where the hand-off would wait for presented
     * frames past the latency bound, answer D3DERR_WASSTILLDRAWING and
     * record nothing, so the game may present again later. */
    if (flags & D3DPRESENT_DONOTWAIT) {
        struct mtld3d_present_would_wait_params w = {.DeviceID = device->unix_id};
        if (SUCCEEDED(mtld3d_call(MTLD3D_THUNK_PRESENT_WOULD_WAIT, &w)) && w.Wait)
            return D3DERR_WASSTILLDRAWING;
    }
    /* Linear content is encoded to sRGB for windowed swap chains only. */
    flags &= D3DPRESENT_LINEAR_CONTENT;
    if (!sc->pp.Windowed)
        flags = 0;
    if (target && IsWindow(target))
        GetClientRect(target, &client);
    if (src) {
        /* Clipped to the back buffer; an empty or inverted one shows nothing. */
        if (!IntersectRect(&s, src, &bounds))
            SetRectEmpty(&s);
    } else
        s = bounds;
    /* Client coordinates; the unix side clips to the client area. */
    d = dst ? *dst : client;
    /* Asked outside the lock: Wine may run window procedures in it. */
    dump = hotkey_dump();
    device_lock(device);
    if ((r = device_record(device, MTLD3D_REC_PRESENT, sizeof(*r)))) {
        r->SwapChain = sc->id;
        r->BackBuffer = sc->backbuffers[0]->id;
        r->SrcLeft = s.left, r->SrcTop = s.top, r->SrcRight = s.right, r->SrcBottom = s.bottom;
        r->DstLeft = d.left, r->DstTop = d.top, r->DstRight = d.right, r->DstBottom = d.bottom;
        r->ClientWidth = (uint32_t)max(client.right, 0);
        r->ClientHeight = (uint32_t)max(client.bottom, 0);
        r->Flags = flags;
        r->Interval = sc->pp.PresentationInterval;
        r->Window = target && IsWindow(target) ? (uint64_t)(ULONG_PTR)GetAncestor(target, GA_ROOT) : 0;
        r->Dump = dump;
        r->GuestKiB = (uint32_t)min(memwatch_held() >> 10, (uint64_t)UINT32_MAX);
    }
    hr = device_flush(device);
    sc->present_count++;
    QueryPerformanceCounter(&now);
    sc->present_time = now.QuadPart;
    if (client.right > 0 && client.bottom > 0) {
        sc->front_w = (UINT)client.right;
        sc->front_h = (UINT)client.bottom;
        sc->front_window = target;
    }
    device->frame++;
    /* The frame is submitted: what it retired can go now, not at the next
     * resource call (a 32-bit game's address space wants it back). */
    resmem_reclaim(device);
    device_unlock(device);
    /* An Ex device's fullscreen window in the background shows nothing,
     * nor does a minimized window of one. */
    if (SUCCEEDED(hr) && ((device->occluded && !sc->pp.Windowed) ||
                          (device->extended && target && IsWindow(target) && IsIconic(target))))
        hr = S_PRESENT_OCCLUDED;
    return hr;
}

/* The front buffer as the screen shows it: a surface of the display
 * mode's size, black where the desktop is (we do not capture it), with
 * the window's client area at its screen position (windowed) or scaled
 * over the whole mode (fullscreen, where the window covers the monitor
 * and the mode is emulated). */
HRESULT WINAPI swapchain_GetFrontBufferData(IDirect3DSwapChain9Ex *iface, IDirect3DSurface9 *dst)
{
    struct swapchain *sc = impl(iface);
    struct surface *d;
    D3DDISPLAYMODE mode;
    POINT origin = {0, 0};
    UINT fw, fh;
    DWORD *img = NULL;
    HRESULT hr = D3D_OK;
    if (!dst)
        return D3DERR_INVALIDCALL;
    d = surface_impl(dst);
    if (FAILED(d3d9_GetAdapterDisplayMode(NULL, 0, &mode)))
        return D3DERR_INVALIDCALL;
    if (d->desc.Pool != D3DPOOL_SYSTEMMEM || d->desc.Format != D3DFMT_A8R8G8B8 || !d->mem ||
        d->desc.Width < mode.Width || d->desc.Height < mode.Height)
        return D3DERR_INVALIDCALL;
    device_lock(sc->device);
    fw = min(sc->front_w, 16384u);
    fh = min(sc->front_h, 16384u);
    if (fw && fh && !(img = HeapAlloc(GetProcessHeap(), 0, (SIZE_T)fw * fh * 4)))
        hr = E_OUTOFMEMORY;
    if (img)
        hr = device_read(sc->device, sc->id, fh, fw * 4, (BYTE *)img, fw * 4);
    device_unlock(sc->device);
    for (UINT y = 0; y < d->desc.Height; y++) {
        DWORD *row = (DWORD *)(d->mem + (SIZE_T)y * d->pitch);
        for (UINT x = 0; x < d->desc.Width; x++)
            row[x] = 0xff000000;
    }
    if (FAILED(hr) || !img) {
        HeapFree(GetProcessHeap(), 0, img);
        return hr;
    }
    if (!sc->pp.Windowed) {
        for (UINT y = 0; y < mode.Height; y++) {
            DWORD *row = (DWORD *)(d->mem + (SIZE_T)y * d->pitch);
            const DWORD *from = img + (SIZE_T)((y * 2 + 1) * fh / (mode.Height * 2)) * fw;
            for (UINT x = 0; x < mode.Width; x++)
                row[x] = from[(x * 2 + 1) * fw / (mode.Width * 2)];
        }
    } else {
        if (sc->front_window && IsWindow(sc->front_window))
            ClientToScreen(sc->front_window, &origin);
        for (UINT y = 0; y < fh; y++) {
            LONG sy = origin.y + (LONG)y;
            if (sy < 0 || sy >= (LONG)d->desc.Height)
                continue;
            DWORD *row = (DWORD *)(d->mem + (SIZE_T)sy * d->pitch);
            for (UINT x = 0; x < fw; x++) {
                LONG sx = origin.x + (LONG)x;
                if (sx >= 0 && sx < (LONG)d->desc.Width)
                    row[sx] = img[(SIZE_T)y * fw + x];
            }
        }
    }
    HeapFree(GetProcessHeap(), 0, img);
    return D3D_OK;
}

HRESULT WINAPI swapchain_GetBackBuffer(IDirect3DSwapChain9Ex *iface, UINT index, D3DBACKBUFFER_TYPE type,
                                       IDirect3DSurface9 **out)
{
    struct swapchain *sc = impl(iface);
    if (!out)
        return D3DERR_INVALIDCALL;
    /* D3DBACKBUFFER_TYPE_LEFT is the only type; Windows ignores others.
     * A bad index leaves *out as it was (Windows, Wine's test_swapchain). */
    (void)type;
    if (index >= sc->pp.BackBufferCount || !sc->backbuffers[index])
        return D3DERR_INVALIDCALL;
    *out = &sc->backbuffers[index]->iface;
    IDirect3DSurface9_AddRef(*out);
    return D3D_OK;
}

HRESULT WINAPI swapchain_GetRasterStatus(IDirect3DSwapChain9Ex *iface, D3DRASTER_STATUS *status)
{
    if (!status)
        return D3DERR_INVALIDCALL;
    vblank_status(impl(iface)->device, status);
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

/* From the vertical-blank clock (vblank.c): SyncRefreshCount and
 * SyncQPCTime are the last blank, PresentRefreshCount the blank the last
 * Present was shown at. Windowed chains other than FLIPEX answer zeros,
 * as the documentation says. */
HRESULT WINAPI swapchain_GetPresentStats(IDirect3DSwapChain9Ex *iface, D3DPRESENTSTATS *stats)
{
    struct swapchain *sc = impl(iface);
    BOOL flipex = sc->pp.SwapEffect == D3DSWAPEFFECT_FLIPEX;
    if (!stats)
        return D3DERR_INVALIDCALL;
    memset(stats, 0, sizeof(*stats));
    if (sc->pp.Windowed && !flipex)
        return D3D_OK;
    stats->PresentCount = sc->present_count;
    if (sc->present_count) {
        LARGE_INTEGER blank;
        stats->PresentRefreshCount = vblank_count(sc->device, sc->present_time, &blank) +
                                     (sc->pp.PresentationInterval != D3DPRESENT_INTERVAL_IMMEDIATE);
    }
    stats->SyncRefreshCount = vblank_count(sc->device, 0, &stats->SyncQPCTime);
    if (flipex && !sc->stats_started) {
        sc->stats_started = TRUE;
        return D3DERR_PRESENT_STATISTICS_DISJOINT;
    }
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
    struct mtld3d_rec_set_gamma_ramp *r;
    (void)flags;
    if (swapchain != 0 || !ramp)
        return;
    device->swapchain->gamma = *ramp;
    device_lock(device);
    if ((r = device_record(device, MTLD3D_REC_SET_GAMMA_RAMP, sizeof(*r)))) {
        r->SwapChain = device->swapchain->id;
        memcpy(r->Red, ramp->red, sizeof(r->Red));
        memcpy(r->Green, ramp->green, sizeof(r->Green));
        memcpy(r->Blue, ramp->blue, sizeof(r->Blue));
    }
    device_unlock(device);
}

void WINAPI device_GetGammaRamp(IDirect3DDevice9Ex *iface, UINT swapchain, D3DGAMMARAMP *ramp)
{
    struct device *device = device_impl(iface);
    if (swapchain == 0 && ramp)
        *ramp = device->swapchain->gamma;
}
