/* IDirect3DDevice9(Ex): creation and its validation of the present
 * parameters, reference counting, scenes, render targets, Clear, Reset,
 * Present and the hand-off of recorded frames to the unix side. */
#include "d3d9_private.h"
#include "swapchain.h"

static const GUID *const device_iids[] = {&IID_IUnknown, &IID_IDirect3DDevice9, NULL};

uint32_t device_new_id(struct device *device)
{
    return (uint32_t)InterlockedIncrement(&device->next_id);
}

/* Back buffer formats a swap chain may use (CheckDeviceType's list). */
static BOOL backbuffer_format_ok(D3DFORMAT f)
{
    switch (f) {
    case D3DFMT_A8R8G8B8:
    case D3DFMT_X8R8G8B8:
    case D3DFMT_R5G6B5:
    case D3DFMT_X1R5G5B5:
    case D3DFMT_A1R5G5B5:
    case D3DFMT_A2R10G10B10:
        return TRUE;
    default:
        return FALSE;
    }
}

static BOOL depth_format_ok(D3DFORMAT f)
{
    const struct mtld3d_format_info *info = mtld3d_format_lookup(f);
    return info && (info->flags & MTLD3D_FMT_DEPTHSTENCIL);
}

static HWND device_window(const D3DPRESENT_PARAMETERS *pp, HWND focus)
{
    return pp->hDeviceWindow ? pp->hDeviceWindow : focus;
}

/* Checks and completes present parameters as Windows does: zero sizes
 * in windowed mode come from the window's client area, an unknown
 * windowed format from the display, a zero count means one. */
HRESULT device_check_present_params(D3DPRESENT_PARAMETERS *pp, HWND focus, BOOL extended)
{
    UINT max_buffers = extended ? 30 : D3DPRESENT_BACK_BUFFERS_MAX;
    D3DDISPLAYMODE mode;
    HWND window = device_window(pp, focus);

    if (pp->SwapEffect < D3DSWAPEFFECT_DISCARD || pp->SwapEffect > (extended ? D3DSWAPEFFECT_FLIPEX : D3DSWAPEFFECT_COPY))
        return D3DERR_INVALIDCALL;
    if (pp->BackBufferCount > max_buffers)
        return D3DERR_INVALIDCALL;
    if (pp->SwapEffect == D3DSWAPEFFECT_COPY && pp->BackBufferCount > 1)
        return D3DERR_INVALIDCALL;
    if (pp->MultiSampleType > D3DMULTISAMPLE_16_SAMPLES)
        return D3DERR_INVALIDCALL;
    if (pp->MultiSampleType != D3DMULTISAMPLE_NONE && pp->SwapEffect != D3DSWAPEFFECT_DISCARD)
        return D3DERR_INVALIDCALL;
    if (pp->MultiSampleType != D3DMULTISAMPLE_NONE && (pp->Flags & D3DPRESENTFLAG_LOCKABLE_BACKBUFFER))
        return D3DERR_INVALIDCALL;
    if (pp->MultiSampleType == D3DMULTISAMPLE_NONE && pp->MultiSampleQuality)
        return D3DERR_INVALIDCALL;
    if (pp->EnableAutoDepthStencil && !depth_format_ok(pp->AutoDepthStencilFormat))
        return D3DERR_INVALIDCALL;
    switch (pp->PresentationInterval) {
    case D3DPRESENT_INTERVAL_DEFAULT:
    case D3DPRESENT_INTERVAL_ONE:
    case D3DPRESENT_INTERVAL_IMMEDIATE:
        break;
    case D3DPRESENT_INTERVAL_TWO:
    case D3DPRESENT_INTERVAL_THREE:
    case D3DPRESENT_INTERVAL_FOUR:
        if (pp->Windowed)
            return D3DERR_INVALIDCALL;
        break;
    default:
        return D3DERR_INVALIDCALL;
    }
    if (pp->Windowed) {
        if (pp->FullScreen_RefreshRateInHz)
            return D3DERR_INVALIDCALL;
        if (!pp->BackBufferWidth || !pp->BackBufferHeight) {
            RECT r = {0, 0, 0, 0};
            if (window)
                GetClientRect(window, &r);
            if (!pp->BackBufferWidth)
                pp->BackBufferWidth = r.right > 0 ? (UINT)r.right : 1;
            if (!pp->BackBufferHeight)
                pp->BackBufferHeight = r.bottom > 0 ? (UINT)r.bottom : 1;
        }
        if (pp->BackBufferFormat == D3DFMT_UNKNOWN) {
            if (FAILED(d3d9_GetAdapterDisplayMode(NULL, 0, &mode)))
                return D3DERR_INVALIDCALL;
            pp->BackBufferFormat = mode.Format;
        }
    } else {
        if (!window || !pp->BackBufferWidth || !pp->BackBufferHeight)
            return D3DERR_INVALIDCALL;
        if (pp->BackBufferFormat == D3DFMT_UNKNOWN)
            return D3DERR_INVALIDCALL;
    }
    if (!backbuffer_format_ok(pp->BackBufferFormat))
        return D3DERR_INVALIDCALL;
    if (!pp->BackBufferCount)
        pp->BackBufferCount = 1;
    return D3D_OK;
}

/* Points every colour slot but the first at nothing and the first at the
 * back buffer, the depth slot at the automatic surface, and resets the
 * viewport: what a new or reset device starts with. */
static void bind_defaults(struct device *device)
{
    struct surface *bb = swapchain_backbuffer(device->swapchain, 0);
    for (UINT i = 0; i < MAX_RTS; i++) {
        struct surface *s = i ? NULL : bb;
        if (device->rts[i] == s)
            continue;
        object_bind(s ? &s->obj : NULL);
        object_unbind(device->rts[i] ? &device->rts[i]->obj : NULL);
        device->rts[i] = s;
        struct mtld3d_rec_set_render_target *r = device_record(device, MTLD3D_REC_SET_RENDER_TARGET, sizeof(*r));
        if (r) {
            r->Slot = i;
            r->Surface = s ? s->id : 0;
        }
    }
    if (device->ds != device->auto_ds) {
        object_bind(device->auto_ds ? &device->auto_ds->obj : NULL);
        object_unbind(device->ds ? &device->ds->obj : NULL);
        device->ds = device->auto_ds;
    }
    struct mtld3d_rec_set_depth_stencil *d = device_record(device, MTLD3D_REC_SET_DEPTH_STENCIL, sizeof(*d));
    if (d)
        d->Surface = device->ds ? device->ds->id : 0;
}

static HRESULT create_auto_ds(struct device *device, const D3DPRESENT_PARAMETERS *pp)
{
    HRESULT hr;
    D3DSURFACE_DESC desc = {
        .Format = pp->AutoDepthStencilFormat,
        .Type = D3DRTYPE_SURFACE,
        .Usage = D3DUSAGE_DEPTHSTENCIL,
        .Pool = D3DPOOL_DEFAULT,
        .MultiSampleType = pp->MultiSampleType,
        .MultiSampleQuality = pp->MultiSampleQuality,
        .Width = pp->BackBufferWidth,
        .Height = pp->BackBufferHeight,
    };
    device->auto_ds = NULL;
    if (!pp->EnableAutoDepthStencil)
        return D3D_OK;
    hr = surface_create(device, &desc, MTLD3D_SURFACE_DEPTH_STENCIL, FALSE, NULL, (IUnknown *)&device->iface, TRUE,
                        NULL, &device->auto_ds);
    if (SUCCEEDED(hr) && (pp->Flags & D3DPRESENTFLAG_DISCARD_DEPTHSTENCIL))
        surface_discard(device, device->auto_ds);
    return hr;
}

/* Without D3DCREATE_FPU_PRESERVE a 32-bit device leaves the x87 unit in
 * single precision, rounding to nearest, every exception masked (control
 * word 0x7f), as D3D9 on Windows does, and games tuned for it expect. The
 * 64-bit ABI does its floating point in SSE, and D3D9 leaves x87 alone there. */
static void device_setup_fpu(DWORD flags)
{
#if defined(__i386__)
    static const WORD cw = 0x7f;

    if (!(flags & D3DCREATE_FPU_PRESERVE))
        __asm__ volatile("fldcw %0" : : "m"(cw));
#else
    (void)flags;
#endif
}

static HRESULT device_create(struct d3d9 *d3d9, UINT adapter, D3DDEVTYPE type, HWND focus, DWORD flags,
                             D3DPRESENT_PARAMETERS *pp, BOOL extended, struct device **out)
{
    struct mtld3d_create_device_params cp = {0};
    struct device *device;
    DWORD vp = flags & (D3DCREATE_SOFTWARE_VERTEXPROCESSING | D3DCREATE_HARDWARE_VERTEXPROCESSING |
                        D3DCREATE_MIXED_VERTEXPROCESSING);
    HRESULT hr;

    if (adapter >= 1 || !pp)
        return D3DERR_INVALIDCALL;
    if (type != D3DDEVTYPE_HAL)
        return type == D3DDEVTYPE_REF || type == D3DDEVTYPE_SW || type == D3DDEVTYPE_NULLREF ? D3DERR_NOTAVAILABLE
                                                                                              : D3DERR_INVALIDCALL;
    if (vp != D3DCREATE_SOFTWARE_VERTEXPROCESSING && vp != D3DCREATE_HARDWARE_VERTEXPROCESSING &&
        vp != D3DCREATE_MIXED_VERTEXPROCESSING)
        return D3DERR_INVALIDCALL;
    if (!focus && !pp->hDeviceWindow && !pp->Windowed)
        return D3DERR_INVALIDCALL;
    if (FAILED(hr = device_check_present_params(pp, focus, extended)))
        return hr;

    if (!(device = HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof(*device))))
        return E_OUTOFMEMORY;
    device->iface.lpVtbl = (IDirect3DDevice9ExVtbl *)&device_vtbl;
    device->refcount = 1;
    device->d3d9 = d3d9;
    device->extended = extended;
    device->create.AdapterOrdinal = adapter;
    device->create.DeviceType = type;
    device->create.hFocusWindow = focus;
    device->create.BehaviorFlags = flags;
    device->multithreaded = !!(flags & D3DCREATE_MULTITHREADED);
    device->max_frame_latency = 3;
    /* Software and mixed devices take the software pipeline's constants;
     * only they pay for the larger store. */
    if (vp == D3DCREATE_HARDWARE_VERTEXPROCESSING)
        device->vs_const = (struct vs_limits){VS_CONST_F, CONST_I, CONST_B};
    else
        device->vs_const = (struct vs_limits){SWVP_VS_CONST_F, SWVP_VS_CONST_I, SWVP_VS_CONST_B};
    InitializeCriticalSection(&device->cs);
    if (!state_alloc_vs_consts(&device->state, &device->vs_const)) {
        DeleteCriticalSection(&device->cs);
        HeapFree(GetProcessHeap(), 0, device);
        return E_OUTOFMEMORY;
    }
    device->handover_at = HANDOVER_CHUNKS;
    if (!arena_init(&device->arena)) {
        state_free_vs_consts(&device->state);
        DeleteCriticalSection(&device->cs);
        HeapFree(GetProcessHeap(), 0, device);
        return E_OUTOFMEMORY;
    }
    cp.Flags = flags;
    cp.Window = (uint64_t)(uintptr_t)device_window(pp, focus);
    cp.RootWindow = (uint64_t)(uintptr_t)(device_window(pp, focus) ? GetAncestor(device_window(pp, focus), GA_ROOT) : NULL);
    if (FAILED(hr = mtld3d_call(MTLD3D_THUNK_CREATE_DEVICE, &cp))) {
        arena_free(&device->arena);
        DeleteCriticalSection(&device->cs);
        HeapFree(GetProcessHeap(), 0, device);
        state_free_vs_consts(&device->state);
        return hr == D3DERR_INVALIDCALL ? D3DERR_NOTAVAILABLE : hr;
    }
    device->unix_id = cp.DeviceID;
    IDirect3D9Ex_AddRef(&d3d9->iface);

    state_init(device);
    if (FAILED(hr = swapchain_create(device, pp, focus, TRUE, &device->swapchain)) ||
        FAILED(hr = create_auto_ds(device, pp))) {
        IDirect3DDevice9Ex_Release(&device->iface);
        return hr;
    }
    bind_defaults(device);
    state_reset_viewport(device);
    if (!pp->Windowed)
        focus_acquire(device, focus ? focus : pp->hDeviceWindow);
    memwatch_device_created(device->unix_id);
    crash_watch(device);
    device_setup_fpu(flags);
    TRACE("device %u created: %ux%u %s, flags %#lx", device->unix_id, pp->BackBufferWidth, pp->BackBufferHeight,
          pp->Windowed ? "windowed" : "fullscreen", flags);
    *out = device;
    return D3D_OK;
}

HRESULT WINAPI d3d9_CreateDevice(IDirect3D9Ex *iface, UINT adapter, D3DDEVTYPE type, HWND focus, DWORD flags,
                                 D3DPRESENT_PARAMETERS *pp, struct IDirect3DDevice9 **out)
{
    struct device *device;
    HRESULT hr;
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    struct d3d9 *d3d9 = CONTAINING_RECORD(iface, struct d3d9, iface);
    /* A device is an Ex device when its IDirect3D9 object is one, however
     * it was created (Windows answers IDirect3DDevice9Ex for both). */
    if (FAILED(hr = device_create(d3d9, adapter, type, focus, flags, pp, d3d9->extended, &device)))
        return hr;
    *out = device_iface(device);
    return D3D_OK;
}

HRESULT WINAPI d3d9_CreateDeviceEx(IDirect3D9Ex *iface, UINT adapter, D3DDEVTYPE type, HWND focus, DWORD flags,
                                   D3DPRESENT_PARAMETERS *pp, D3DDISPLAYMODEEX *mode, struct IDirect3DDevice9Ex **out)
{
    struct device *device;
    HRESULT hr;
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    if (pp && !pp->Windowed && (!mode || mode->Size != sizeof(*mode)))
        return D3DERR_INVALIDCALL;
    if (pp && pp->Windowed && mode)
        return D3DERR_INVALIDCALL;
    if (FAILED(hr = device_create(CONTAINING_RECORD(iface, struct d3d9, iface), adapter, type, focus, flags, pp, TRUE,
                                  &device)))
        return hr;
    *out = &device->iface;
    return D3D_OK;
}

HRESULT WINAPI device_QueryInterface(IDirect3DDevice9Ex *iface, REFIID riid, void **out)
{
    struct device *device = device_impl(iface);
    if (!out)
        return E_POINTER;
    for (const GUID *const *i = device_iids; *i; i++) {
        if (IsEqualGUID(riid, *i)) {
            IDirect3DDevice9Ex_AddRef(iface);
            *out = iface;
            return S_OK;
        }
    }
    if (device->extended && IsEqualGUID(riid, &IID_IDirect3DDevice9Ex)) {
        IDirect3DDevice9Ex_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

ULONG WINAPI device_AddRef(IDirect3DDevice9Ex *iface)
{
    return (ULONG)InterlockedIncrement(&device_impl(iface)->refcount);
}

void device_addref_internal(struct device *device)
{
    InterlockedIncrement(&device->refcount);
}

/* Drops the device's holds on its render targets and depth surfaces. */
static void unbind_targets(struct device *device)
{
    for (UINT i = 0; i < MAX_RTS; i++) {
        struct surface *s = device->rts[i];
        device->rts[i] = NULL;
        object_unbind(s ? &s->obj : NULL);
    }
    if (device->ds) {
        struct surface *s = device->ds;
        device->ds = NULL;
        object_unbind(&s->obj);
    }
    if (device->auto_ds) {
        struct surface *s = device->auto_ds;
        device->auto_ds = NULL;
        object_unbind(&s->obj);
    }
}

/* The last reference is gone: drop every hold, then the unix side. */
static void device_destroy(struct device *device)
{
    struct mtld3d_destroy_device_params dp = {.DeviceID = device->unix_id};
    struct d3d9 *d3d9 = device->d3d9;

    crash_unwatch(device);
    device->refcount = 1; /* children released below must not re-enter */
    focus_release(device);
    state_cleanup(device);
    vdecl_release_fvf_decls(device);
    unbind_targets(device);
    if (device->swapchain) {
        struct swapchain *sc = device->swapchain;
        device->swapchain = NULL;
        swapchain_unbind(sc);
    }
    if (device->unix_id)
        mtld3d_call(MTLD3D_THUNK_DESTROY_DEVICE, &dp);
    if (device->cursor)
        DestroyCursor(device->cursor);
    HeapFree(GetProcessHeap(), 0, device->palettes);
    HeapFree(GetProcessHeap(), 0, device->palette_set);
    /* Nothing reads guest memory after the unix side is gone. */
    resmem_device_destroyed(device);
    arena_free(&device->arena);
    for (UINT i = 0; i < device->blob_count; i++) {
        memwatch_add(MEM_BLOB, -(int64_t)HeapSize(GetProcessHeap(), 0, device->blobs[i]));
        HeapFree(GetProcessHeap(), 0, device->blobs[i]);
    }
    HeapFree(GetProcessHeap(), 0, device->blobs);
    HeapFree(GetProcessHeap(), 0, device->named);
    state_free_vs_consts(&device->state);
    DeleteCriticalSection(&device->cs);
    HeapFree(GetProcessHeap(), 0, device);
    IDirect3D9Ex_Release(&d3d9->iface);
}

ULONG WINAPI device_Release(IDirect3DDevice9Ex *iface)
{
    struct device *device = device_impl(iface);
    LONG ref = InterlockedDecrement(&device->refcount);
    if (!ref)
        device_destroy(device);
    return (ULONG)(ref < 0 ? 0 : ref);
}

void device_release_internal(struct device *device)
{
    device_Release(&device->iface);
}

/* Hands the recorded chunks over and starts a new frame in them; FALSE
 * when the unix side left them to the guest (a SubmitNoWait part while
 * its encoder is busy), the frame then going on. A failed call drops the
 * records, as a refused frame is dropped on the unix side. */
static BOOL submit(struct device *device, uint32_t flags, HRESULT *hr)
{
    struct mtld3d_submit_frame_params p = {.DeviceID = device->unix_id, .Flags = flags};
    p.Count = arena_finish(&device->arena);
    p.Chunks = (uint64_t)(uintptr_t)device->arena.addrs;
    *hr = mtld3d_call(MTLD3D_THUNK_SUBMIT_FRAME, &p);
    if (SUCCEEDED(*hr) && !p.Taken)
        return FALSE;
    device->submits++;
    device->handover_at = HANDOVER_CHUNKS;
    arena_reset(&device->arena);
    for (UINT i = 0; i < device->blob_count; i++) {
        memwatch_add(MEM_BLOB, -(int64_t)HeapSize(GetProcessHeap(), 0, device->blobs[i]));
        HeapFree(GetProcessHeap(), 0, device->blobs[i]);
    }
    device->blob_count = 0;
    device->named_count = 0;
    memwatch_tick();
    return TRUE;
}

HRESULT device_flush(struct device *device)
{
    HRESULT hr;
    submit(device, 0, &hr);
    return hr;
}

void device_name(struct device *device, struct named_list *l, void *rec)
{
    struct named_rec *n;
    if (!rec)
        return;
    if (device->named_count == device->named_capacity) {
        UINT cap = device->named_capacity ? device->named_capacity * 2 : 64;
        n = device->named ? HeapReAlloc(GetProcessHeap(), 0, device->named, cap * sizeof(*n))
                          : HeapAlloc(GetProcessHeap(), 0, cap * sizeof(*n));
        if (!n) {
            device_flush(device);
            return;
        }
        device->named = n;
        device->named_capacity = cap;
    }
    n = &device->named[device->named_count++];
    n->rec = rec;
    n->next = device_named(device, l);
    l->head = device->named_count;
    l->submit = device->submits;
}

/* The records that name resource memory are UpdateBuffer and
 * UpdateTexture, each through its Src. */
BOOL device_copy_named(struct device *device, UINT *link, SIZE_T n)
{
    struct named_rec *node = &device->named[*link - 1];
    const struct mtld3d_record_header *h = node->rec;
    uint64_t *src = h->Type == MTLD3D_REC_UPDATE_BUFFER ? &((struct mtld3d_rec_update_buffer *)node->rec)->Src
                                                        : &((struct mtld3d_rec_update_texture *)node->rec)->Src;
    BYTE *copy;
    if (!(copy = device_blob(device, n ? n : 1))) {
        device_flush(device);
        return FALSE;
    }
    memcpy(copy, (const void *)(uintptr_t)*src, n);
    *src = (uint64_t)(uintptr_t)copy;
    *link = node->next;
    return TRUE;
}

void device_handover(struct device *device)
{
    HRESULT hr;
    /* Left with us: offered again at the next chunk, a call across per
     * 64 KiB while the encoder is busy. */
    if (!submit(device, MTLD3D_SUBMIT_NO_WAIT, &hr))
        device->handover_at = device->arena.used;
}

void *device_blob(struct device *device, SIZE_T size)
{
    void *p;
    if (device->blob_count == device->blob_capacity) {
        UINT cap = device->blob_capacity ? device->blob_capacity * 2 : 16;
        void **b = device->blobs ? HeapReAlloc(GetProcessHeap(), 0, device->blobs, cap * sizeof(*b))
                                 : HeapAlloc(GetProcessHeap(), 0, cap * sizeof(*b));
        if (!b)
            return NULL;
        device->blobs = b;
        device->blob_capacity = cap;
    }
    if (!(p = HeapAlloc(GetProcessHeap(), 0, size)))
        return NULL;
    memwatch_add(MEM_BLOB, (int64_t)HeapSize(GetProcessHeap(), 0, p));
    device->blobs[device->blob_count++] = p;
    return p;
}

HRESULT WINAPI device_TestCooperativeLevel(IDirect3DDevice9Ex *iface)
{
    switch (device_impl(iface)->status) {
    case DEVICE_LOST:
        return D3DERR_DEVICELOST;
    case DEVICE_NOT_RESET:
        return D3DERR_DEVICENOTRESET;
    default:
        return D3D_OK;
    }
}

void device_activate(struct device *device, BOOL active)
{
    struct swapchain *sc = device->swapchain;
    if (!sc || sc->pp.Windowed)
        return;
    /* A plain device lost in the background needs a Reset once back; an
     * Ex device is never lost, its presents are occluded meanwhile. */
    if (device->extended)
        InterlockedExchange(&device->occluded, !active);
    else if (!active)
        InterlockedExchange(&device->status, DEVICE_LOST);
    else
        InterlockedCompareExchange(&device->status, DEVICE_NOT_RESET, DEVICE_LOST);
    fullscreen_activate(sc, active);
}

HRESULT WINAPI device_CheckDeviceState(IDirect3DDevice9Ex *iface, HWND window)
{
    struct device *device = device_impl(iface);
    if (window && !IsWindow(window))
        return D3DERR_INVALIDCALL;
    /* Occluded: an Ex device's fullscreen window in the background, or
     * the window minimized (S_PRESENT_OCCLUDED's documentation; a window
     * merely covered by others is not). */
    if (window && (device->occluded || IsIconic(window)))
        return S_PRESENT_OCCLUDED;
    return D3D_OK;
}

/* Old games keep this in a signed 32-bit integer: the total is under 2
 * GiB. On a D3D9 device game-made DEFAULT-pool resources count against it,
 * as on Windows (device.c's test_vidmem_accounting); it never drops under a
 * floor, which a Mac's shared memory could still serve, so a game that
 * sizes its textures by it keeps some. A 9Ex device's memory is virtual
 * (WDDM): its figure does not move (d3d9ex.c's test_vidmem_accounting). */
#define TEXTURE_MEM_TOTAL (2047ull * 1024 * 1024)
#define TEXTURE_MEM_FLOOR (256ull * 1024 * 1024)

UINT WINAPI device_GetAvailableTextureMem(IDirect3DDevice9Ex *iface)
{
    struct device *device = device_impl(iface);
    ULONGLONG used;
    if (device->extended)
        return (UINT)TEXTURE_MEM_TOTAL;
    device_lock(device);
    used = device->vidmem;
    device_unlock(device);
    return (UINT)(used + TEXTURE_MEM_FLOOR >= TEXTURE_MEM_TOTAL ? TEXTURE_MEM_FLOOR : TEXTURE_MEM_TOTAL - used);
}

/* Managed textures lose their unix-side copy: each is uploaded again from
 * its memory (what NO_DIRTY_UPDATE locks wrote included) when next bound,
 * and those bound now at once. Managed buffers keep theirs: a lock of one
 * always uploads. */
HRESULT WINAPI device_EvictManagedResources(IDirect3DDevice9Ex *iface)
{
    struct device *device = device_impl(iface);
    device_lock(device);
    device->evict_epoch++;
    for (UINT i = 0; i < MAX_SAMPLERS; i++) {
        struct object *obj = device->state.textures[i];
        if (obj && obj->pool == D3DPOOL_MANAGED)
            texture_make_resident(CONTAINING_RECORD(obj, struct texture, obj));
    }
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_GetDirect3D(IDirect3DDevice9Ex *iface, IDirect3D9 **out)
{
    struct device *device = device_impl(iface);
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = (IDirect3D9 *)&device->d3d9->iface;
    IDirect3D9_AddRef(*out);
    return D3D_OK;
}

HRESULT WINAPI device_GetCreationParameters(IDirect3DDevice9Ex *iface, D3DDEVICE_CREATION_PARAMETERS *params)
{
    if (!params)
        return D3DERR_INVALIDCALL;
    *params = device_impl(iface)->create;
    return D3D_OK;
}

HRESULT WINAPI device_GetDeviceCaps(IDirect3DDevice9Ex *iface, D3DCAPS9 *caps)
{
    struct device *device = device_impl(iface);
    HRESULT hr;
    if (!caps)
        return D3DERR_INVALIDCALL;
    hr = d3d9_GetDeviceCaps(&device->d3d9->iface, device->create.AdapterOrdinal, device->create.DeviceType, caps);
    /* A software device reports the software pipeline's constants and
     * blend matrices; a mixed one the hardware's (Wine's
     * test_vertex_shader_constant). */
    if (SUCCEEDED(hr) && (device->create.BehaviorFlags & D3DCREATE_SOFTWARE_VERTEXPROCESSING)) {
        caps->MaxVertexShaderConst = SWVP_VS_CONST_F;
        caps->MaxVertexBlendMatrixIndex = MTLD3D_SWVP_MAX_VERTEX_BLEND_MATRIX_INDEX;
    }
    return hr;
}

HRESULT WINAPI device_GetDisplayMode(IDirect3DDevice9Ex *iface, UINT swapchain, D3DDISPLAYMODE *mode)
{
    struct device *device = device_impl(iface);
    if (swapchain != 0)
        return D3DERR_INVALIDCALL;
    return d3d9_GetAdapterDisplayMode(&device->d3d9->iface, device->create.AdapterOrdinal, mode);
}

/* The implicit swap chains only (one per adapter of the group, and we
 * have one adapter): additional ones are the application's to hold. */
UINT WINAPI device_GetNumberOfSwapChains(IDirect3DDevice9Ex *iface)
{
    (void)iface;
    return 1;
}

HRESULT WINAPI device_CreateAdditionalSwapChain(IDirect3DDevice9Ex *iface, D3DPRESENT_PARAMETERS *pp,
                                                IDirect3DSwapChain9 **out)
{
    struct device *device = device_impl(iface);
    struct swapchain *sc;
    HRESULT hr;
    UINT slot;
    if (!pp || !out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    /* One fullscreen swap chain per device: additional ones are windowed,
     * and a fullscreen device takes none (Windows, Wine's test_swapchain). */
    if (!pp->Windowed || !device->swapchain->pp.Windowed)
        return D3DERR_INVALIDCALL;
    if (FAILED(hr = device_check_present_params(pp, device->create.hFocusWindow, device->extended)))
        return hr;
    for (slot = 0; slot < MAX_EXTRA_SWAPCHAINS && device->extra[slot]; slot++)
        ;
    if (slot == MAX_EXTRA_SWAPCHAINS)
        return D3DERR_OUTOFVIDEOMEMORY;
    device_lock(device);
    hr = swapchain_create(device, pp, device->create.hFocusWindow, FALSE, &sc);
    if (SUCCEEDED(hr))
        device->extra[slot] = sc;
    device_unlock(device);
    if (FAILED(hr))
        return hr;
    *out = (IDirect3DSwapChain9 *)&sc->iface;
    return D3D_OK;
}

void device_forget_swapchain(struct device *device, struct swapchain *sc)
{
    for (UINT i = 0; i < MAX_EXTRA_SWAPCHAINS; i++)
        if (device->extra[i] == sc)
            device->extra[i] = NULL;
}

HRESULT WINAPI device_CheckResourceResidency(IDirect3DDevice9Ex *iface, IDirect3DResource9 **resources, UINT32 count)
{
    (void)iface;
    /* Every resource is resident: the unix side owns them all. */
    if (count > 65535 || (count && !resources))
        return D3DERR_INVALIDCALL;
    return D3D_OK;
}

/* The kernel's limits, D3DCONVOLUTIONMONO_MAXWIDTH and _MAXHEIGHT (not in
 * mingw-w64's headers). */
#define CONVOLUTION_MONO_MAX 7

HRESULT WINAPI device_SetConvolutionMonoKernel(IDirect3DDevice9Ex *iface, UINT width, UINT height, float *rows,
                                               float *columns)
{
    (void)iface;
    /* The documentation's rules: 1x1 to 7x7, and the weights must be
     * NULL (all 1.0). The kernel only serves D3DTEXF_CONVOLUTIONMONO,
     * which the caps do not list, on the A1 surfaces of ComposeRects,
     * which CheckDeviceFormat refuses: there is nothing it could change. */
    if (!width || !height || width > CONVOLUTION_MONO_MAX || height > CONVOLUTION_MONO_MAX || rows || columns)
        return D3DERR_INVALIDCALL;
    return D3D_OK;
}

HRESULT WINAPI device_ComposeRects(IDirect3DDevice9Ex *iface, IDirect3DSurface9 *src, IDirect3DSurface9 *dst,
                                   IDirect3DVertexBuffer9 *src_descs, UINT rect_count, IDirect3DVertexBuffer9 *dst_descs,
                                   D3DCOMPOSERECTSOP operation, INT offset_x, INT offset_y)
{
    (void)iface, (void)src_descs, (void)rect_count, (void)dst_descs, (void)operation, (void)offset_x, (void)offset_y;
    /* The source must be D3DFMT_A1, which CheckDeviceFormat refuses, so
     * no valid call exists. */
    (void)src, (void)dst;
    return D3DERR_INVALIDCALL;
}

HRESULT WINAPI device_GetSwapChain(IDirect3DDevice9Ex *iface, UINT index, IDirect3DSwapChain9 **out)
{
    struct device *device = device_impl(iface);
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    if (index != 0)
        return D3DERR_INVALIDCALL;
    *out = (IDirect3DSwapChain9 *)&device->swapchain->iface;
    IDirect3DSwapChain9_AddRef(*out);
    return D3D_OK;
}

HRESULT WINAPI device_GetBackBuffer(IDirect3DDevice9Ex *iface, UINT swapchain, UINT index, D3DBACKBUFFER_TYPE type,
                                    IDirect3DSurface9 **out)
{
    struct device *device = device_impl(iface);
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    if (swapchain != 0)
        return D3DERR_INVALIDCALL;
    return swapchain_GetBackBuffer(&device->swapchain->iface, index, type, out);
}

HRESULT WINAPI device_GetRasterStatus(IDirect3DDevice9Ex *iface, UINT swapchain, D3DRASTER_STATUS *status)
{
    struct device *device = device_impl(iface);
    if (swapchain != 0)
        return D3DERR_INVALIDCALL;
    return swapchain_GetRasterStatus(&device->swapchain->iface, status);
}

/* What SetDialogBoxMode(TRUE) asks of the present parameters: a back
 * buffer GDI can draw into, no multisampling, DISCARD, lockable. */
static BOOL dialog_params_ok(const D3DPRESENT_PARAMETERS *pp)
{
    return (pp->BackBufferFormat == D3DFMT_X1R5G5B5 || pp->BackBufferFormat == D3DFMT_R5G6B5 ||
            pp->BackBufferFormat == D3DFMT_X8R8G8B8) &&
           pp->MultiSampleType == D3DMULTISAMPLE_NONE && pp->SwapEffect == D3DSWAPEFFECT_DISCARD &&
           (pp->Flags & D3DPRESENTFLAG_LOCKABLE_BACKBUFFER);
}

/* The documentation's conditions for enabling; the mode is then kept, and
 * a Reset to fullscreen is held to them. Presentation does not change:
 * fullscreen is a window here, so top-level dialogs show over it as
 * over any window. */
HRESULT WINAPI device_SetDialogBoxMode(IDirect3DDevice9Ex *iface, WINBOOL enable)
{
    struct device *device = device_impl(iface);
    if (enable && (device->in_scene || (device->create.BehaviorFlags & D3DCREATE_ADAPTERGROUP_DEVICE) ||
                   !dialog_params_ok(&device->swapchain->pp)))
        return D3DERR_INVALIDCALL;
    device->dialog_mode = !!enable;
    return D3D_OK;
}

HRESULT WINAPI device_BeginScene(IDirect3DDevice9Ex *iface)
{
    struct device *device = device_impl(iface);
    if (device->in_scene)
        return D3DERR_INVALIDCALL;
    device->in_scene = TRUE;
    return D3D_OK;
}

HRESULT WINAPI device_EndScene(IDirect3DDevice9Ex *iface)
{
    struct device *device = device_impl(iface);
    if (!device->in_scene)
        return D3DERR_INVALIDCALL;
    device->in_scene = FALSE;
    return D3D_OK;
}

static BOOL has_stencil(D3DFORMAT f)
{
    const struct mtld3d_format_info *info = mtld3d_format_lookup(f);
    return info && (info->flags & MTLD3D_FMT_STENCIL);
}

HRESULT WINAPI device_Clear(IDirect3DDevice9Ex *iface, DWORD count, const D3DRECT *rects, DWORD flags, D3DCOLOR color,
                            float z, DWORD stencil)
{
    struct device *device = device_impl(iface);
    struct mtld3d_rec_clear *r;
    BOOL none = !count && rects;
    /* Windows clears the whole viewport for rects NULL whatever the count,
     * and nothing for a count of 0 with rects (Wine's clear_test). */
    if (!rects)
        count = 0;
    if (flags & ~(D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL))
        return D3DERR_INVALIDCALL;
    if ((flags & (D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL)) && !device->ds)
        return D3DERR_INVALIDCALL;
    if ((flags & D3DCLEAR_STENCIL) && !has_stencil(device->ds->desc.Format))
        return D3DERR_INVALIDCALL;
    if (none)
        return D3D_OK;
    if (count > (MTLD3D_CHUNK_SIZE - 64 - sizeof(*r)) / sizeof(D3DRECT))
        count = (MTLD3D_CHUNK_SIZE - 64 - sizeof(*r)) / sizeof(D3DRECT); /* more rects than a chunk holds */
    device_lock(device);
    r = device_record(device, MTLD3D_REC_CLEAR, (uint32_t)(sizeof(*r) + count * sizeof(D3DRECT)));
    if (r) {
        r->Flags = flags;
        r->Color = color;
        r->Z = z;
        r->Stencil = stencil;
        r->Rects = count;
        if (count)
            memcpy(r + 1, rects, count * sizeof(D3DRECT));
    }
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_SetRenderTarget(IDirect3DDevice9Ex *iface, DWORD index, IDirect3DSurface9 *surface)
{
    struct device *device = device_impl(iface);
    struct surface *s = surface ? surface_impl(surface) : NULL;
    struct mtld3d_rec_set_render_target *r;
    if (index >= MAX_RTS || (!index && !s))
        return D3DERR_INVALIDCALL;
    /* A surface of another device is refused (test_render_target_device_mismatch). */
    if (s && (!(s->desc.Usage & D3DUSAGE_RENDERTARGET) || s->obj.device != device))
        return D3DERR_INVALIDCALL;
    device_lock(device);
    if (device->rts[index] != s) {
        object_bind(s ? &s->obj : NULL);
        object_unbind(device->rts[index] ? &device->rts[index]->obj : NULL);
        device->rts[index] = s;
        if ((r = device_record(device, MTLD3D_REC_SET_RENDER_TARGET, sizeof(*r)))) {
            r->Slot = index;
            r->Surface = s ? s->id : 0;
        }
    }
    /* Setting the first target resets the viewport and scissor to it. */
    if (!index)
        state_reset_viewport(device);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_GetRenderTarget(IDirect3DDevice9Ex *iface, DWORD index, IDirect3DSurface9 **out)
{
    struct device *device = device_impl(iface);
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    if (index >= MAX_RTS)
        return D3DERR_INVALIDCALL;
    if (!device->rts[index])
        return D3DERR_NOTFOUND;
    *out = &device->rts[index]->iface;
    IDirect3DSurface9_AddRef(*out);
    return D3D_OK;
}

HRESULT WINAPI device_SetDepthStencilSurface(IDirect3DDevice9Ex *iface, IDirect3DSurface9 *surface)
{
    struct device *device = device_impl(iface);
    struct surface *s = surface ? surface_impl(surface) : NULL;
    struct mtld3d_rec_set_depth_stencil *r;
    if (s && (!(s->desc.Usage & D3DUSAGE_DEPTHSTENCIL) || s->obj.device != device))
        return D3DERR_INVALIDCALL;
    device_lock(device);
    if (device->ds != s) {
        object_bind(s ? &s->obj : NULL);
        object_unbind(device->ds ? &device->ds->obj : NULL);
        device->ds = s;
        if ((r = device_record(device, MTLD3D_REC_SET_DEPTH_STENCIL, sizeof(*r))))
            r->Surface = s ? s->id : 0;
    }
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_GetDepthStencilSurface(IDirect3DDevice9Ex *iface, IDirect3DSurface9 **out)
{
    struct device *device = device_impl(iface);
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    if (!device->ds)
        return D3DERR_NOTFOUND;
    *out = &device->ds->iface;
    IDirect3DSurface9_AddRef(*out);
    return D3D_OK;
}

HRESULT device_read(struct device *device, uint32_t id, UINT rows, UINT bytes, BYTE *dst, UINT pitch)
{
    struct mtld3d_read_surface_params p = {.DeviceID = device->unix_id, .Surface = id};
    HRESULT hr;
    if (FAILED(hr = device_flush(device)))
        return hr;
    p.Dst = (uint64_t)(uintptr_t)dst;
    p.Pitch = pitch;
    p.Rows = rows;
    p.Bytes = bytes;
    return mtld3d_call(MTLD3D_THUNK_READ_SURFACE, &p);
}

HRESULT device_read_surface(struct device *device, struct surface *src, BYTE *dst, UINT pitch)
{
    const struct mtld3d_format_info *info = mtld3d_format_lookup(src->desc.Format);
    if (!info || !info->block_bytes)
        return D3DERR_INVALIDCALL;
    return device_read(device, src->id, mtld3d_format_rows(info, src->desc.Height),
                       mtld3d_format_pitch(info, src->desc.Width), dst, pitch);
}

HRESULT WINAPI device_GetRenderTargetData(IDirect3DDevice9Ex *iface, IDirect3DSurface9 *rt, IDirect3DSurface9 *dst)
{
    struct device *device = device_impl(iface);
    struct surface *s, *d;
    HRESULT hr;
    if (!rt || !dst)
        return D3DERR_INVALIDCALL;
    s = surface_impl(rt);
    d = surface_impl(dst);
    if (!(s->desc.Usage & D3DUSAGE_RENDERTARGET) || d->desc.Pool != D3DPOOL_SYSTEMMEM ||
        s->desc.Width != d->desc.Width || s->desc.Height != d->desc.Height || s->desc.Format != d->desc.Format ||
        s->desc.MultiSampleType != D3DMULTISAMPLE_NONE)
        return D3DERR_INVALIDCALL;
    if (!d->mem)
        return D3DERR_INVALIDCALL;
    device_lock(device);
    hr = device_read_surface(device, s, d->mem, d->pitch);
    device_unlock(device);
    return hr;
}

HRESULT WINAPI device_GetFrontBufferData(IDirect3DDevice9Ex *iface, UINT swapchain, IDirect3DSurface9 *dst)
{
    struct device *device = device_impl(iface);
    if (swapchain != 0)
        return D3DERR_INVALIDCALL;
    return swapchain_GetFrontBufferData(&device->swapchain->iface, dst);
}

HRESULT WINAPI device_Present(IDirect3DDevice9Ex *iface, const RECT *src, const RECT *dst, HWND window,
                              const RGNDATA *dirty)
{
    struct device *device = device_impl(iface);
    return swapchain_Present(&device->swapchain->iface, src, dst, window, dirty, 0);
}

HRESULT WINAPI device_PresentEx(IDirect3DDevice9Ex *iface, const RECT *src, const RECT *dst, HWND window,
                                const RGNDATA *dirty, DWORD flags)
{
    struct device *device = device_impl(iface);
    return swapchain_Present(&device->swapchain->iface, src, dst, window, dirty, flags);
}

static HRESULT device_reset(struct device *device, D3DPRESENT_PARAMETERS *pp, BOOL extended_reset)
{
    HRESULT hr;
    if (!pp)
        return D3DERR_INVALIDCALL;
    /* A plain device in the background cannot be reset until it is back. */
    if (device->status == DEVICE_LOST)
        return D3DERR_DEVICELOST;
    hr = device_check_present_params(pp, device->create.hFocusWindow, device->extended);
    if (SUCCEEDED(hr) && device->dialog_mode && !pp->Windowed && !dialog_params_ok(pp))
        hr = D3DERR_INVALIDCALL;
    if (FAILED(hr)) {
        if (!device->extended)
            device->status = DEVICE_NOT_RESET;
        return hr;
    }
    device_lock(device);
    device_flush(device);
    /* Reset lets go of the render targets and depth surface first: what
     * only the device held goes and does not count below (Windows, Wine's
     * test_reset_resources). */
    unbind_targets(device);
    /* A plain device cannot reset while default-pool objects live. */
    if (!device->extended && !extended_reset && device->default_pool_objects) {
        WARN("Reset refused: %u default-pool resources still live", device->default_pool_objects);
        device->status = DEVICE_NOT_RESET;
        device_unlock(device);
        return D3DERR_INVALIDCALL;
    }
    /* A plain device's Reset returns every state to its default; an Ex
     * device keeps its state (Windows; Wine's test_backbuffer_resize draws
     * with the FVF set before the Reset). */
    if (!device->extended) {
        state_cleanup(device);
        state_init(device);
    }
    hr = swapchain_reset(device->swapchain, pp);
    if (SUCCEEDED(hr))
        hr = create_auto_ds(device, pp);
    if (SUCCEEDED(hr)) {
        bind_defaults(device);
        state_reset_viewport(device);
        InterlockedCompareExchange(&device->status, DEVICE_OK, DEVICE_NOT_RESET);
        /* An Ex device's Reset takes the display back. */
        InterlockedExchange(&device->occluded, FALSE);
        device->in_scene = FALSE;
    } else {
        InterlockedCompareExchange(&device->status, DEVICE_NOT_RESET, DEVICE_OK);
    }
    /* The focus window is watched while the device is fullscreen. */
    if (pp->Windowed)
        focus_release(device);
    else
        focus_acquire(device, device->create.hFocusWindow ? device->create.hFocusWindow : pp->hDeviceWindow);
    device_unlock(device);
    return hr;
}

HRESULT WINAPI device_Reset(IDirect3DDevice9Ex *iface, D3DPRESENT_PARAMETERS *pp)
{
    return device_reset(device_impl(iface), pp, FALSE);
}

HRESULT WINAPI device_ResetEx(IDirect3DDevice9Ex *iface, D3DPRESENT_PARAMETERS *pp, D3DDISPLAYMODEEX *mode)
{
    struct device *device = device_impl(iface);
    if (!device->extended)
        return D3DERR_INVALIDCALL;
    if (pp && !pp->Windowed && (!mode || mode->Size != sizeof(*mode)))
        return D3DERR_INVALIDCALL;
    if (pp && pp->Windowed && mode)
        return D3DERR_INVALIDCALL;
    return device_reset(device, pp, TRUE);
}

HRESULT WINAPI device_GetMaximumFrameLatency(IDirect3DDevice9Ex *iface, UINT *latency)
{
    if (!latency)
        return D3DERR_INVALIDCALL;
    *latency = device_impl(iface)->max_frame_latency;
    return D3D_OK;
}

HRESULT WINAPI device_SetMaximumFrameLatency(IDirect3DDevice9Ex *iface, UINT latency)
{
    struct device *device = device_impl(iface);
    struct mtld3d_rec_set_frame_latency *r;
    /* Zero restores the default; more than 30 is refused. */
    if (latency > 30)
        return D3DERR_INVALIDCALL;
    device_lock(device);
    device->max_frame_latency = latency ? latency : 3;
    /* The unix side makes a Present wait while this many are outstanding. */
    if ((r = device_record(device, MTLD3D_REC_SET_FRAME_LATENCY, sizeof(*r))))
        r->Latency = device->max_frame_latency;
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_GetGPUThreadPriority(IDirect3DDevice9Ex *iface, INT *priority)
{
    if (!priority)
        return D3DERR_INVALIDCALL;
    *priority = device_impl(iface)->gpu_thread_priority;
    return D3D_OK;
}

HRESULT WINAPI device_SetGPUThreadPriority(IDirect3DDevice9Ex *iface, INT priority)
{
    if (priority < -7 || priority > 7)
        return D3DERR_INVALIDCALL;
    device_impl(iface)->gpu_thread_priority = priority;
    return D3D_OK;
}

HRESULT WINAPI device_GetDisplayModeEx(IDirect3DDevice9Ex *iface, UINT swapchain, D3DDISPLAYMODEEX *mode,
                                       D3DDISPLAYROTATION *rotation)
{
    struct device *device = device_impl(iface);
    if (swapchain != 0)
        return D3DERR_INVALIDCALL;
    return d3d9_GetAdapterDisplayModeEx(&device->d3d9->iface, device->create.AdapterOrdinal, mode, rotation);
}

HRESULT WINAPI device_WaitForVBlank(IDirect3DDevice9Ex *iface, UINT swapchain)
{
    if (swapchain != 0)
        return D3DERR_INVALIDCALL;
    vblank_wait(device_impl(iface));
    return D3D_OK;
}
