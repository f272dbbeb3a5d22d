/* IDirect3DSurface9: standalone surfaces (render targets, depth-stencil,
 * offscreen plain) and the implicit ones of swap chains. Surfaces in
 * SYSTEMMEM, offscreen plain ones and lockable render targets keep a
 * guest copy for Lock; a DEFAULT one's Unlock sends it to the unix side,
 * and its Lock reads back what the unix side wrote (always for a target,
 * after ColorFill, StretchRect or UpdateSurface for a plain one). */
#include "d3d9_private.h"

static void surface_destroy(struct object *obj)
{
    struct surface *s = CONTAINING_RECORD(obj, struct surface, obj);
    struct mtld3d_rec_destroy_object *r;
    device_lock(obj->device);
    if (s->id && (r = device_record(obj->device, MTLD3D_REC_DESTROY_OBJECT, sizeof(*r))))
        r->ID = s->id;
    object_uncount_default(obj);
    device_unlock(obj->device);
    if (s->mem && !s->user_mem) {
        memwatch_add(MEM_SURFACE, -(int64_t)memwatch_block_size(s->mem));
        VirtualFree(s->mem, 0, MEM_RELEASE);
    }
    object_cleanup(obj);
    HeapFree(GetProcessHeap(), 0, s);
}

HRESULT surface_create(struct device *device, const D3DSURFACE_DESC *desc, uint32_t kind, BOOL lockable,
                       struct object *container, IUnknown *container_iface, BOOL implicit, BYTE *user_mem,
                       struct surface **out)
{
    const struct mtld3d_format_info *info = mtld3d_format_lookup(desc->Format);
    struct surface *s;
    if (!info || !desc->Width || !desc->Height)
        return D3DERR_INVALIDCALL;
    if (!(s = HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof(*s))))
        return E_OUTOFMEMORY;
    s->iface.lpVtbl = (IDirect3DSurface9Vtbl *)&surface_vtbl;
    object_init(&s->obj, device, container, desc->Pool, surface_destroy, implicit);
    s->desc = *desc;
    s->desc.Type = D3DRTYPE_SURFACE;
    s->container = container_iface;
    /* D16_LOCKABLE and D32F_LOCKABLE depth surfaces lock (and read back). */
    s->lockable = lockable || desc->Pool == D3DPOOL_SYSTEMMEM || desc->Pool == D3DPOOL_SCRATCH ||
                  (kind == MTLD3D_SURFACE_DEPTH_STENCIL && (info->flags & MTLD3D_FMT_LOCKABLE));
    s->pitch = mtld3d_format_lock_pitch(info, desc->Width);
    /* D3DFMT_NULL has no texels; a lock of a lockable one still hands out
     * memory (four bytes a pixel), which the unix side never sees. */
    if (!info->block_bytes)
        s->pitch = desc->Width * 4;
    if (user_mem) {
        s->mem = user_mem;
        s->user_mem = TRUE;
        if (!(info->flags & MTLD3D_FMT_TEXEL_LOCK))
            s->pitch = mtld3d_format_pitch(info, desc->Width);
    } else if (s->lockable) {
        SIZE_T size = (SIZE_T)s->pitch * mtld3d_format_lock_rows(info, desc->Height);
        /* A texel-lock surface's blocks may need more than its locked bytes. */
        if (size < mtld3d_format_level_size(info, desc->Width, desc->Height, 1))
            size = mtld3d_format_level_size(info, desc->Width, desc->Height, 1);
        if (!(s->mem = VirtualAlloc(NULL, size, MEM_COMMIT | MEM_RESERVE, PAGE_READWRITE))) {
            HeapFree(GetProcessHeap(), 0, s);
            return E_OUTOFMEMORY;
        }
        memwatch_add(MEM_SURFACE, (int64_t)((size + 4095) & ~(SIZE_T)4095));
    }
    if (kind != MTLD3D_SURFACE_PLAIN || desc->Pool == D3DPOOL_DEFAULT) {
        struct mtld3d_rec_create_surface *r;
        s->id = device_new_id(device);
        if ((r = device_record(device, MTLD3D_REC_CREATE_SURFACE, sizeof(*r)))) {
            r->ID = s->id;
            r->Kind = kind;
            r->Width = desc->Width;
            r->Height = desc->Height;
            r->Format = desc->Format;
            r->Multisample = desc->MultiSampleType;
        }
    }
    /* Reset refuses while a game-made default-pool resource lives; the
     * device's own surfaces (back buffers, automatic depth) do not count. */
    if (desc->Pool == D3DPOOL_DEFAULT && !container && !implicit)
        object_count_default(&s->obj, (SIZE_T)mtld3d_format_level_size(info, desc->Width, desc->Height, 1) *
                                          max(1u, (UINT)desc->MultiSampleType));
    *out = s;
    return D3D_OK;
}

void surface_discard(struct device *device, struct surface *s)
{
    struct mtld3d_rec_surface_discard *r;
    device_lock(device);
    if (s->id && (r = device_record(device, MTLD3D_REC_SURFACE_DISCARD, sizeof(*r))))
        r->Surface = s->id;
    device_unlock(device);
}

HRESULT WINAPI surface_GetContainer(IDirect3DSurface9 *iface, REFIID riid, void **out)
{
    struct surface *s = surface_impl(iface);
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    if (!s->container)
        return device_QueryInterface(&s->obj.device->iface, riid, out);
    return IUnknown_QueryInterface(s->container, riid, out);
}

HRESULT WINAPI surface_GetDesc(IDirect3DSurface9 *iface, D3DSURFACE_DESC *desc)
{
    if (!desc)
        return D3DERR_INVALIDCALL;
    *desc = surface_impl(iface)->desc;
    return D3D_OK;
}

/* Texture levels: made on first GetSurfaceLevel/GetCubeMapSurface; the
 * texture owns them (they share its count) and their memory. */
static void surface_level_destroy(struct object *obj)
{
    (void)obj; /* never called: the texture is the container */
}

HRESULT surface_create_level(struct texture *t, UINT sub, UINT face, UINT level, struct surface **out)
{
    struct device *device = t->obj.device;
    struct surface *s;
    if (!(s = HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof(*s))))
        return E_OUTOFMEMORY;
    s->iface.lpVtbl = (IDirect3DSurface9Vtbl *)&surface_vtbl;
    object_init(&s->obj, device, &t->obj, t->obj.pool, surface_level_destroy, FALSE);
    s->desc.Format = t->format;
    s->desc.Type = D3DRTYPE_SURFACE;
    s->desc.Usage = t->usage;
    s->desc.Pool = t->obj.pool;
    s->desc.MultiSampleType = D3DMULTISAMPLE_NONE;
    s->desc.MultiSampleQuality = 0;
    s->desc.Width = t->subs[sub].width;
    s->desc.Height = t->subs[sub].height;
    s->container = (IUnknown *)&t->iface.base;
    s->level = level;
    s->face = (D3DCUBEMAP_FACES)face;
    s->lockable = t->mem != NULL;
    s->pitch = t->subs[sub].pitch;
    /* For code that reads a surface's memory directly (GetRenderTargetData
     * into a system-memory level); texture_rename keeps it current. */
    s->mem = t->mem ? t->mem + t->subs[sub].offset : NULL;
    s->texture = t;
    s->sub = sub;
    if (t->id) {
        struct mtld3d_rec_texture_surface *r;
        s->id = device_new_id(device);
        if ((r = device_record(device, MTLD3D_REC_TEXTURE_SURFACE, sizeof(*r)))) {
            r->ID = s->id;
            r->Texture = t->id;
            r->Level = level;
            r->Face = face;
        }
    }
    *out = s;
    return D3D_OK;
}

void surface_free_level(struct surface *s)
{
    if (s->dc)
        surface_ReleaseDC(&s->iface, s->dc);
    object_cleanup(&s->obj);
    HeapFree(GetProcessHeap(), 0, s);
}

HRESULT WINAPI surface_LockRect(IDirect3DSurface9 *iface, D3DLOCKED_RECT *locked, const RECT *rect, DWORD flags)
{
    struct surface *s = surface_impl(iface);
    const struct mtld3d_format_info *info = mtld3d_format_lookup(s->desc.Format);
    INT_PTR offset;
    BOOL whole;
    if (!locked)
        return D3DERR_INVALIDCALL;
    if (s->texture)
        return texture_lock_rect(s->texture, s->sub, locked, rect, flags);
    /* A surface already locked answers INVALIDCALL and leaves *locked as it was. */
    if (s->locked)
        return D3DERR_INVALIDCALL;
    locked->pBits = NULL;
    locked->Pitch = 0;
    if (!s->lockable || !s->mem || s->desc.MultiSampleType != D3DMULTISAMPLE_NONE)
        return D3DERR_INVALIDCALL;
    if (!resource_lock_offset(info, s->desc.Pool, s->desc.Width, s->desc.Height, rect, s->pitch, &offset, &whole))
        return D3DERR_INVALIDCALL;
    if (InterlockedCompareExchange(&s->locked, 1, 0))
        return D3DERR_INVALIDCALL;
    if (whole)
        SetRect(&s->lock_rect, 0, 0, s->desc.Width, s->desc.Height);
    else
        s->lock_rect = *rect;
    s->lock_flags = flags;
    /* A lockable render target's (or depth surface's) pixels live on the
     * unix side: read them unless the game promises not to look. A plain
     * DEFAULT surface's guest copy is current until ColorFill, StretchRect
     * or UpdateSurface write it there. */
    if (((s->desc.Usage & (D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL)) || s->unix_newer) &&
        !(flags & D3DLOCK_DISCARD) && info->block_bytes) {
        struct device *device = s->obj.device;
        HRESULT hr;
        device_lock(device);
        hr = device_read_surface(device, s, s->mem, s->pitch);
        device_unlock(device);
        if (FAILED(hr)) {
            s->locked = 0;
            return hr;
        }
        s->unix_newer = FALSE;
    }
    locked->Pitch = (INT)s->pitch;
    locked->pBits = s->mem + offset;
    return D3D_OK;
}

HRESULT WINAPI surface_UnlockRect(IDirect3DSurface9 *iface)
{
    struct surface *s = surface_impl(iface);
    /* A level not locked of a lockable 2D texture unlocks with D3D_OK; a
     * cube face's, or a level of a texture that cannot lock, does not
     * (Wine's test_lockrect_invalid, d3d9ex test_resource_access). */
    if (s->texture)
        return SUCCEEDED(texture_unlock(s->texture, s->sub)) ||
                       (s->texture->type == D3DRTYPE_TEXTURE && s->texture->mem)
                   ? D3D_OK
                   : D3DERR_INVALIDCALL;
    /* 2 while unlocking: a second Unlock or a Lock meanwhile fails. */
    if (InterlockedCompareExchange(&s->locked, 2, 1) != 1)
        return D3DERR_INVALIDCALL;
    /* What the game wrote into a lockable render target or a plain DEFAULT
     * surface goes to the unix side, now: the memory is the game's again
     * once it relocks. */
    if (surface_unix_owned(s) && !(s->lock_flags & D3DLOCK_READONLY) &&
        mtld3d_format_lookup(s->desc.Format)->block_bytes) {
        struct device *device = s->obj.device;
        struct mtld3d_rec_upload_surface *r;
        const struct mtld3d_format_info *info = mtld3d_format_lookup(s->desc.Format);
        device_lock(device);
        if ((r = device_record(device, MTLD3D_REC_UPLOAD_SURFACE, sizeof(*r)))) {
            r->Surface = s->id;
            r->Pitch = s->pitch;
            r->Left = s->lock_rect.left;
            r->Top = s->lock_rect.top;
            r->Right = s->lock_rect.right;
            r->Bottom = s->lock_rect.bottom;
            r->Src = (uint64_t)(uintptr_t)(s->mem + (SIZE_T)(s->lock_rect.top / info->block_height) * s->pitch +
                                           (SIZE_T)(s->lock_rect.left / info->block_width) * info->block_bytes);
        }
        /* Unlock itself succeeds as on Windows; a failed hand-over is
         * logged by the unix side and the next read shows it. */
        (void)device_flush(device);
        device_unlock(device);
    }
    s->locked = 0;
    return D3D_OK;
}

static HRESULT create_standalone(struct device *device, UINT w, UINT h, D3DFORMAT format, D3DMULTISAMPLE_TYPE ms,
                                 DWORD quality, DWORD usage, D3DPOOL pool, uint32_t kind, BOOL lockable,
                                 IDirect3DSurface9 **out, HANDLE *shared)
{
    D3DSURFACE_DESC desc = {.Format = format, .Type = D3DRTYPE_SURFACE, .Usage = usage, .Pool = pool,
                            .MultiSampleType = ms, .MultiSampleQuality = quality, .Width = w, .Height = h};
    const struct mtld3d_format_info *info = mtld3d_format_lookup(format);
    struct surface *s;
    HRESULT hr;
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    /* On an Ex device, pSharedHandle of a SYSTEMMEM plain surface names the
     * game's memory to live in. Shared resources proper are not offered
     * (no D3DCAPS2_CANSHARERESOURCE). */
    if (shared && (!device->extended || kind != MTLD3D_SURFACE_PLAIN || pool != D3DPOOL_SYSTEMMEM || !*shared))
        return D3DERR_INVALIDCALL;
    /* A quality with D3DMULTISAMPLE_NONE is ignored, as Windows does (Wine's
     * visual test test_multisample_mismatch); otherwise the type must be
     * one CheckDeviceMultiSampleType offers for the format and the quality
     * below its level count (test_invalid_multisample). */
    if (!w || !h || !info || !resource_size_ok(info, w, h) || ms > D3DMULTISAMPLE_16_SAMPLES)
        return D3DERR_INVALIDCALL;
    if (ms != D3DMULTISAMPLE_NONE) {
        DWORD levels;
        if (FAILED(caps_multisample_levels(format, ms, &levels)) || quality >= levels)
            return D3DERR_INVALIDCALL;
    }
    /* RENDERTARGET takes D3DFMT_NULL too: a render target without memory,
     * for depth-only passes. */
    if (kind == MTLD3D_SURFACE_RENDER_TARGET && !(info->flags & MTLD3D_FMT_RENDERTARGET))
        return D3DERR_INVALIDCALL;
    if (kind == MTLD3D_SURFACE_DEPTH_STENCIL && !(info->flags & MTLD3D_FMT_DEPTHSTENCIL))
        return D3DERR_INVALIDCALL;
    /* A plain surface takes the formats CheckDeviceFormat offers for one;
     * SCRATCH any format but depth and stencil ones. */
    if (kind == MTLD3D_SURFACE_PLAIN &&
        ((info->flags & (MTLD3D_FMT_DEPTH | MTLD3D_FMT_STENCIL)) ||
         (pool != D3DPOOL_SCRATCH && FAILED(resource_check_format(format, 0, D3DRTYPE_SURFACE, NULL)))))
        return D3DERR_INVALIDCALL;
    device_lock(device);
    hr = surface_create(device, &desc, kind, lockable, NULL, NULL, FALSE, shared ? *shared : NULL, &s);
    device_unlock(device);
    if (FAILED(hr))
        return hr;
    *out = &s->iface;
    return D3D_OK;
}

/* The Ex creators' usage names extras (RESTRICTED_CONTENT and the like);
 * the kind of surface is the method's, so these are refused. Windows
 * clears the out pointer then for render targets and plain surfaces
 * (d3d9ex's test_format_unknown) but leaves it for a depth-stencil
 * surface (test_create_depth_stencil_surface_ex). */
#define EX_REFUSED_USAGE (D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL | D3DUSAGE_DYNAMIC)

static HRESULT ex_refuse(IDirect3DSurface9 **out)
{
    if (out)
        *out = NULL;
    return D3DERR_INVALIDCALL;
}

HRESULT WINAPI device_CreateRenderTarget(IDirect3DDevice9Ex *iface, UINT w, UINT h, D3DFORMAT format,
                                         D3DMULTISAMPLE_TYPE ms, DWORD quality, WINBOOL lockable,
                                         IDirect3DSurface9 **out, HANDLE *shared)
{
    return create_standalone(device_impl(iface), w, h, format, ms, quality, D3DUSAGE_RENDERTARGET, D3DPOOL_DEFAULT,
                             MTLD3D_SURFACE_RENDER_TARGET, lockable, out, shared);
}

HRESULT WINAPI device_CreateDepthStencilSurface(IDirect3DDevice9Ex *iface, UINT w, UINT h, D3DFORMAT format,
                                                D3DMULTISAMPLE_TYPE ms, DWORD quality, WINBOOL discard,
                                                IDirect3DSurface9 **out, HANDLE *shared)
{
    HRESULT hr = create_standalone(device_impl(iface), w, h, format, ms, quality, D3DUSAGE_DEPTHSTENCIL, D3DPOOL_DEFAULT,
                                  MTLD3D_SURFACE_DEPTH_STENCIL, FALSE, out, shared);
    if (SUCCEEDED(hr) && discard)
        surface_discard(device_impl(iface), surface_impl(*out));
    return hr;
}

HRESULT WINAPI device_CreateOffscreenPlainSurface(IDirect3DDevice9Ex *iface, UINT w, UINT h, D3DFORMAT format,
                                                  D3DPOOL pool, IDirect3DSurface9 **out, HANDLE *shared)
{
    if (pool == D3DPOOL_MANAGED || pool > D3DPOOL_SCRATCH)
        return D3DERR_INVALIDCALL;
    return create_standalone(device_impl(iface), w, h, format, D3DMULTISAMPLE_NONE, 0, 0, pool, MTLD3D_SURFACE_PLAIN,
                             TRUE, out, shared);
}

HRESULT WINAPI device_CreateRenderTargetEx(IDirect3DDevice9Ex *iface, UINT w, UINT h, D3DFORMAT format,
                                           D3DMULTISAMPLE_TYPE ms, DWORD quality, WINBOOL lockable,
                                           IDirect3DSurface9 **out, HANDLE *shared, DWORD usage)
{
    if (usage & EX_REFUSED_USAGE)
        return ex_refuse(out);
    return create_standalone(device_impl(iface), w, h, format, ms, quality, usage | D3DUSAGE_RENDERTARGET,
                             D3DPOOL_DEFAULT, MTLD3D_SURFACE_RENDER_TARGET, lockable, out, shared);
}

HRESULT WINAPI device_CreateOffscreenPlainSurfaceEx(IDirect3DDevice9Ex *iface, UINT w, UINT h, D3DFORMAT format,
                                                    D3DPOOL pool, IDirect3DSurface9 **out, HANDLE *shared,
                                                    DWORD usage)
{
    if (pool == D3DPOOL_MANAGED || pool > D3DPOOL_SCRATCH)
        return ex_refuse(out);
    if (usage & EX_REFUSED_USAGE)
        return ex_refuse(out);
    return create_standalone(device_impl(iface), w, h, format, D3DMULTISAMPLE_NONE, 0, usage, pool,
                             MTLD3D_SURFACE_PLAIN, TRUE, out, shared);
}

HRESULT WINAPI device_CreateDepthStencilSurfaceEx(IDirect3DDevice9Ex *iface, UINT w, UINT h, D3DFORMAT format,
                                                  D3DMULTISAMPLE_TYPE ms, DWORD quality, WINBOOL discard,
                                                  IDirect3DSurface9 **out, HANDLE *shared, DWORD usage)
{
    HRESULT hr;
    if (usage & EX_REFUSED_USAGE)
        return D3DERR_INVALIDCALL; /* out untouched here (d3d9ex's test_create_depth_stencil_surface_ex) */
    hr = create_standalone(device_impl(iface), w, h, format, ms, quality, usage | D3DUSAGE_DEPTHSTENCIL,
                           D3DPOOL_DEFAULT, MTLD3D_SURFACE_DEPTH_STENCIL, FALSE, out, shared);
    if (SUCCEEDED(hr) && discard)
        surface_discard(device_impl(iface), surface_impl(*out));
    return hr;
}

/* GetDC: a GDI DC whose bitmap is the surface's locked memory, made by
 * D3DKMTCreateDCFromMemory as Windows' d3d9 makes it (the bitmap's bits
 * are the surface's own: Wine's test_user_memory_getdc, test_getdc). The
 * surface stays locked meanwhile, so LockRect and a second GetDC fail, as
 * on Windows; a texture allows one DC and none while a level is locked.
 * gdi32 is loaded on first use: d3d9.dll does not import it. */

/* D3DKMT_CREATEDCFROMMEMORY and D3DKMT_DESTROYDCFROMMEMORY, as d3dkmthk.h
 * documents them (mingw-w64 has no d3dkmthk.h). Format is a D3DDDIFORMAT,
 * whose values are D3DFORMAT's. */
struct kmt_create_dc {
    void *memory;
    D3DFORMAT format;
    UINT width, height, pitch;
    HDC device_dc;
    PALETTEENTRY *colours;
    HDC dc;
    HANDLE bitmap;
};

struct kmt_destroy_dc {
    HDC dc;
    HANDLE bitmap;
};

static struct {
    NTSTATUS(WINAPI *CreateDCFromMemory)(struct kmt_create_dc *);
    NTSTATUS(WINAPI *DestroyDCFromMemory)(const struct kmt_destroy_dc *);
    HDC(WINAPI *CreateCompatibleDC)(HDC);
    BOOL(WINAPI *DeleteDC)(HDC);
    BOOL(WINAPI *GdiFlush)(void);
} gdi;

static BOOL CALLBACK load_gdi(INIT_ONCE *once, void *param, void **ctx)
{
    HMODULE m = LoadLibraryA("gdi32.dll");
    (void)once, (void)param, (void)ctx;
    if (!m)
        return FALSE;
    gdi.CreateDCFromMemory = (void *)GetProcAddress(m, "D3DKMTCreateDCFromMemory");
    gdi.DestroyDCFromMemory = (void *)GetProcAddress(m, "D3DKMTDestroyDCFromMemory");
    gdi.CreateCompatibleDC = (void *)GetProcAddress(m, "CreateCompatibleDC");
    gdi.DeleteDC = (void *)GetProcAddress(m, "DeleteDC");
    gdi.GdiFlush = (void *)GetProcAddress(m, "GdiFlush");
    return gdi.CreateDCFromMemory && gdi.DestroyDCFromMemory && gdi.CreateCompatibleDC && gdi.DeleteDC &&
           gdi.GdiFlush;
}

HRESULT WINAPI surface_GetDC(IDirect3DSurface9 *iface, HDC *out)
{
    struct surface *s = surface_impl(iface);
    struct kmt_create_dc desc = {0};
    D3DLOCKED_RECT lr;
    NTSTATUS status;
    if (!out)
        return D3DERR_INVALIDCALL;
    /* The formats GDI has a bitmap layout for. */
    switch (s->desc.Format) {
    case D3DFMT_R5G6B5:
    case D3DFMT_X1R5G5B5:
    case D3DFMT_A1R5G5B5:
    case D3DFMT_R8G8B8:
    case D3DFMT_A8R8G8B8:
    case D3DFMT_X8R8G8B8:
        break;
    default:
        return D3DERR_INVALIDCALL;
    }
    /* One DC a texture, and none while any of its levels is locked. */
    if (s->dc || (s->texture && (s->texture->dc_in_use || s->texture->locks)))
        return D3DERR_INVALIDCALL;
    {
        static INIT_ONCE once = INIT_ONCE_STATIC_INIT;
        if (!InitOnceExecuteOnce(&once, load_gdi, NULL, NULL))
            return E_FAIL;
    }
    if (FAILED(IDirect3DSurface9_LockRect(iface, &lr, NULL, 0)))
        return D3DERR_INVALIDCALL;
    desc.memory = lr.pBits;
    desc.format = s->desc.Format;
    desc.width = s->desc.Width;
    desc.height = s->desc.Height;
    desc.pitch = (UINT)lr.Pitch;
    desc.device_dc = gdi.CreateCompatibleDC(NULL);
    status = desc.device_dc ? gdi.CreateDCFromMemory(&desc) : (NTSTATUS)0xc0000001; /* STATUS_UNSUCCESSFUL */
    if (desc.device_dc)
        gdi.DeleteDC(desc.device_dc);
    if (status) {
        IDirect3DSurface9_UnlockRect(iface);
        return D3DERR_INVALIDCALL;
    }
    s->dc = desc.dc;
    s->dc_bitmap = desc.bitmap;
    if (s->texture) {
        s->texture->dc_in_use = TRUE;
        s->texture->dc_sub = s->sub;
    }
    *out = desc.dc;
    return D3D_OK;
}

HRESULT WINAPI surface_ReleaseDC(IDirect3DSurface9 *iface, HDC dc)
{
    struct surface *s = surface_impl(iface);
    struct kmt_destroy_dc desc;
    if (!s->dc || dc != s->dc)
        return D3DERR_INVALIDCALL;
    /* GDI's drawing reaches the memory before Unlock hands it on. */
    gdi.GdiFlush();
    desc.dc = s->dc;
    desc.bitmap = s->dc_bitmap;
    gdi.DestroyDCFromMemory(&desc);
    s->dc = NULL;
    s->dc_bitmap = NULL;
    if (s->texture)
        s->texture->dc_in_use = FALSE;
    IDirect3DSurface9_UnlockRect(iface);
    return D3D_OK;
}
