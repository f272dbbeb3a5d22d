/* IDirect3DTexture9, IDirect3DCubeTexture9 and IDirect3DVolumeTexture9.
 *
 * A texture's levels (and faces) are subresources laid out in one block
 * of guest memory, each with the pitch Lock reports. DEFAULT textures
 * other than DYNAMIC ones cannot be locked and have none. Unlock of a
 * DEFAULT or MANAGED texture records an UpdateTexture naming the locked
 * box in that memory. A lock of a level a record of this submit already
 * names first points that record at a copy of the level (copy on write:
 * each version recorded keeps its bytes and the memory its address);
 * DISCARD of a dynamic texture's only level moves it to a fresh block
 * instead.
 *
 * Level surfaces and volumes are made on first use and share the
 * texture's count (their container). */
#include "d3d9_private.h"

static UINT max_levels(UINT w, UINT h, UINT d)
{
    UINT m = w > h ? w : h, n = 1;
    if (d > m)
        m = d;
    while (m > 1) {
        m >>= 1;
        n++;
    }
    return n;
}

static BOOL is_ati(D3DFORMAT format)
{
    return format == (D3DFORMAT)MAKEFOURCC('A', 'T', 'I', '1') || format == (D3DFORMAT)MAKEFOURCC('A', 'T', 'I', '2');
}

static UINT level_dim(UINT size, UINT level)
{
    size >>= level;
    return size ? size : 1;
}

static void texture_destroy(struct object *obj)
{
    struct texture *t = CONTAINING_RECORD(obj, struct texture, obj);
    struct device *device = obj->device;
    struct mtld3d_rec_destroy_object *r;
    device_lock(device);
    if (t->id && (r = device_record(device, MTLD3D_REC_DESTROY_OBJECT, sizeof(*r))))
        r->ID = t->id;
    object_uncount_default(obj);
    resmem_reclaim(device);
    if (!t->user_mem)
        resmem_retire(device, t->mem);
    device_unlock(device);
    for (UINT i = 0; i < t->faces * t->levels; i++) {
        if (!t->subs[i].child)
            continue;
        if (t->type == D3DRTYPE_VOLUMETEXTURE)
            volume_free(t->subs[i].child);
        else
            surface_free_level(t->subs[i].child);
    }
    object_cleanup(obj);
    HeapFree(GetProcessHeap(), 0, t);
}

/* The unix side's texture: made at creation for DEFAULT and MANAGED
 * textures, at the first bind for SYSTEMMEM ones. */
static void texture_record_create(struct device *device, struct texture *t)
{
    struct mtld3d_rec_create_texture *r;
    t->id = device_new_id(device);
    if ((r = device_record(device, MTLD3D_REC_CREATE_TEXTURE, sizeof(*r)))) {
        r->ID = t->id;
        r->Type = t->type;
        r->Format = t->format;
        r->Width = t->width;
        r->Height = t->height;
        r->Depth = t->depth;
        r->Levels = t->levels;
        r->Usage = t->usage;
        r->Pool = t->obj.pool;
    }
}

/* CreateTexture, CreateCubeTexture and CreateVolumeTexture: the checks
 * Windows makes, then the object. */
static HRESULT texture_create(struct device *device, D3DRESOURCETYPE type, UINT w, UINT h, UINT d, UINT levels,
                              DWORD usage, D3DFORMAT format, D3DPOOL pool, const void *vtbl, BYTE *user_mem,
                              struct texture **out)
{
    const struct mtld3d_format_info *info = mtld3d_format_lookup(format);
    UINT faces = type == D3DRTYPE_CUBETEXTURE ? 6 : 1, max, real_levels, subs;
    UINT max_size = type == D3DRTYPE_VOLUMETEXTURE ? mtld3d_caps9.MaxVolumeExtent : mtld3d_caps9.MaxTextureWidth;
    BOOL autogen = FALSE, lockable, texel_lock;
    struct texture *t;
    SIZE_T size = 0, data_end = 0;

    /* Only D3DFMT_NULL render-target textures have no texels: the unix side
     * never hears of them, and their levels bind as no colour target. */
    if (!w || !h || !d || !info || !resource_size_ok(info, w, h) ||
        (!info->block_bytes && !(type == D3DRTYPE_TEXTURE && (usage & D3DUSAGE_RENDERTARGET))))
        return D3DERR_INVALIDCALL;
    texel_lock = (info->flags & MTLD3D_FMT_TEXEL_LOCK) != 0;
    switch (pool) {
    case D3DPOOL_DEFAULT:
        break;
    case D3DPOOL_MANAGED:
        if (device->extended)
            return D3DERR_INVALIDCALL;
        if (usage & (D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL | D3DUSAGE_DYNAMIC))
            return D3DERR_INVALIDCALL;
        break;
    case D3DPOOL_SYSTEMMEM:
        if (usage & (D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL | D3DUSAGE_AUTOGENMIPMAP))
            return D3DERR_INVALIDCALL;
        break;
    case D3DPOOL_SCRATCH:
        if (usage & (D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL | D3DUSAGE_DYNAMIC | D3DUSAGE_AUTOGENMIPMAP))
            return D3DERR_INVALIDCALL;
        break;
    default:
        return D3DERR_INVALIDCALL;
    }
    /* Depth textures live only in D3DPOOL_DEFAULT (Wine's
     * test_resource_access records Windows refusing the others). */
    if ((info->flags & (MTLD3D_FMT_DEPTH | MTLD3D_FMT_STENCIL)) && pool != D3DPOOL_DEFAULT)
        return D3DERR_INVALIDCALL;
    /* WRITEONLY is for buffers; textures refuse it in every pool. */
    if ((usage & D3DUSAGE_WRITEONLY) || ((usage & D3DUSAGE_RENDERTARGET) && (usage & D3DUSAGE_DEPTHSTENCIL)))
        return D3DERR_INVALIDCALL;
    if ((usage & D3DUSAGE_DYNAMIC) && (usage & (D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL)))
        return D3DERR_INVALIDCALL;
    /* SCRATCH resources are bound by neither the device's sizes nor its
     * formats: they are never drawn with. */
    if (pool != D3DPOOL_SCRATCH) {
        if (w > max_size || h > max_size || d > max_size)
            return D3DERR_INVALIDCALL;
        if (FAILED(resource_check_format(format, usage, type, &autogen)))
            return D3DERR_INVALIDCALL;
    }
    max = max_levels(w, h, d);
    if (usage & D3DUSAGE_AUTOGENMIPMAP) {
        if (levels > 1)
            return D3DERR_INVALIDCALL;
        real_levels = autogen ? max : 1;
    } else {
        if (levels > max)
            return D3DERR_INVALIDCALL;
        real_levels = levels ? levels : max;
        autogen = FALSE;
    }
    subs = faces * real_levels;
    if (!(t = HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof(*t) + subs * sizeof(t->subs[0]))))
        return E_OUTOFMEMORY;
    t->iface.base.lpVtbl = (IDirect3DBaseTexture9Vtbl *)vtbl;
    t->type = type;
    t->format = format;
    t->usage = usage;
    t->width = w;
    t->height = h;
    t->depth = d;
    t->levels = real_levels;
    t->public_levels = (usage & D3DUSAGE_AUTOGENMIPMAP) ? 1 : real_levels;
    t->faces = faces;
    t->autogen = autogen;
    t->autogen_filter = (usage & D3DUSAGE_AUTOGENMIPMAP) ? D3DTEXF_LINEAR : D3DTEXF_NONE;
    t->info = info;
    t->dirty = TRUE;
    t->dirty_faces = (1u << faces) - 1; /* all of a new texture is dirty */
    for (UINT f = 0; f < faces; f++)
        t->dirty_box[f] = (D3DBOX){0, 0, w, h, 0, d};
    for (UINT f = 0; f < faces; f++) {
        for (UINT l = 0; l < real_levels; l++) {
            struct subresource *s = &t->subs[f * real_levels + l];
            s->width = level_dim(w, l);
            s->height = level_dim(h, l);
            s->depth = level_dim(d, l);
            /* The game's memory has rows as tight as the format allows. */
            s->pitch = user_mem && !texel_lock ? mtld3d_format_pitch(info, s->width)
                                               : mtld3d_format_lock_pitch(info, s->width);
            s->slice_pitch = s->pitch * mtld3d_format_lock_rows(info, s->height);
            s->data_pitch = texel_lock ? mtld3d_format_pitch(info, s->width) : s->pitch;
            s->data_slice_pitch = s->data_pitch * mtld3d_format_rows(info, s->height);
            s->offset = size;
            size += (SIZE_T)s->slice_pitch * s->depth;
            /* A texel-lock level's blocks may run past its locked bytes
             * (a 1x1 ATI2 level is one byte to Lock, a block of 16 to
             * read): the memory holds the last of them too. */
            if (s->offset + (SIZE_T)s->data_slice_pitch * s->depth > data_end)
                data_end = s->offset + (SIZE_T)s->data_slice_pitch * s->depth;
        }
        /* Windows packs a face's levels back to back and starts each face
         * on 16 bytes (Wine's device test test_miptree_layout compares). */
        size = (size + 15) & ~(SIZE_T)15;
    }
    if (data_end > size)
        size = (data_end + 15) & ~(SIZE_T)15;
    t->size = size;
    /* ATIn textures lock in every pool, as on Windows (Wine's d3d9ex test). */
    lockable = pool != D3DPOOL_DEFAULT || (usage & D3DUSAGE_DYNAMIC) || is_ati(format);
    t->mem = user_mem;
    t->user_mem = user_mem != NULL;
    if (lockable && !t->mem && !(t->mem = resmem_alloc(size))) {
        HeapFree(GetProcessHeap(), 0, t);
        return E_OUTOFMEMORY;
    }
    device_lock(device);
    resmem_reclaim(device);
    object_init(&t->obj, device, NULL, pool, texture_destroy, FALSE);
    t->evict_epoch = device->evict_epoch;
    if ((pool == D3DPOOL_DEFAULT || pool == D3DPOOL_MANAGED) && info->block_bytes)
        texture_record_create(device, t);
    if (pool == D3DPOOL_DEFAULT)
        object_count_default(&t->obj, size);
    device_unlock(device);
    *out = t;
    return D3D_OK;
}

HRESULT WINAPI device_CreateTexture(IDirect3DDevice9Ex *iface, UINT w, UINT h, UINT levels, DWORD usage,
                                    D3DFORMAT format, D3DPOOL pool, IDirect3DTexture9 **out, HANDLE *shared)
{
    struct texture *t;
    HRESULT hr;
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    /* On an Ex device, pSharedHandle of a one-level SYSTEMMEM texture names
     * the game's memory to live in. Shared resources proper are not
     * offered (no D3DCAPS2_CANSHARERESOURCE). */
    if (shared && (!device_impl(iface)->extended || pool != D3DPOOL_SYSTEMMEM || levels != 1 || !*shared))
        return D3DERR_INVALIDCALL;
    if (FAILED(hr = texture_create(device_impl(iface), D3DRTYPE_TEXTURE, w, h, 1, levels, usage, format, pool,
                                   &texture_vtbl, shared ? *shared : NULL, &t)))
        return hr;
    *out = &t->iface.tex;
    return D3D_OK;
}

HRESULT WINAPI device_CreateCubeTexture(IDirect3DDevice9Ex *iface, UINT edge, UINT levels, DWORD usage,
                                        D3DFORMAT format, D3DPOOL pool, IDirect3DCubeTexture9 **out, HANDLE *shared)
{
    struct texture *t;
    HRESULT hr;
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    if (shared)
        return D3DERR_INVALIDCALL;
    if (FAILED(hr = texture_create(device_impl(iface), D3DRTYPE_CUBETEXTURE, edge, edge, 1, levels, usage, format,
                                   pool, &cubetexture_vtbl, NULL, &t)))
        return hr;
    *out = &t->iface.cube;
    return D3D_OK;
}

HRESULT WINAPI device_CreateVolumeTexture(IDirect3DDevice9Ex *iface, UINT w, UINT h, UINT d, UINT levels,
                                          DWORD usage, D3DFORMAT format, D3DPOOL pool,
                                          IDirect3DVolumeTexture9 **out, HANDLE *shared)
{
    struct texture *t;
    HRESULT hr;
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    if (shared)
        return D3DERR_INVALIDCALL;
    /* Volumes are never render targets or depth buffers. */
    if (usage & (D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL))
        return D3DERR_INVALIDCALL;
    if (FAILED(hr = texture_create(device_impl(iface), D3DRTYPE_VOLUMETEXTURE, w, h, d, levels, usage, format, pool,
                                   &volumetexture_vtbl, NULL, &t)))
        return hr;
    *out = &t->iface.vol;
    return D3D_OK;
}

/* Locks and uploads. */

static BOOL texture_lockable(const struct texture *t)
{
    return t->mem != NULL;
}

/* Adds a box of a level of a face (NULL: all of it) to the face's dirty
 * region, one bounding box in top-level texels as wined3d keeps it: a
 * texel of level l covers 2^l top-level texels each way. */
static void texture_mark_dirty(struct texture *t, UINT face, UINT level, const D3DBOX *box)
{
    D3DBOX b = {0, 0, t->width, t->height, 0, t->depth}, *d = &t->dirty_box[face];
    t->dirty = TRUE;
    if (box) {
        const struct subresource *s = &t->subs[face * t->levels + level];
        b.Left = box->Left << level;
        b.Top = box->Top << level;
        b.Front = box->Front << level;
        b.Right = box->Right >= s->width ? t->width : box->Right << level;
        b.Bottom = box->Bottom >= s->height ? t->height : box->Bottom << level;
        b.Back = box->Back >= s->depth ? t->depth : box->Back << level;
    }
    if (!(t->dirty_faces & (1u << face))) {
        *d = b;
    } else {
        d->Left = min(d->Left, b.Left);
        d->Top = min(d->Top, b.Top);
        d->Front = min(d->Front, b.Front);
        d->Right = max(d->Right, b.Right);
        d->Bottom = max(d->Bottom, b.Bottom);
        d->Back = max(d->Back, b.Back);
    }
    t->dirty_faces |= 1u << face;
}

BOOL texture_dirty_box(const struct texture *t, UINT face, UINT level, D3DBOX *out)
{
    const struct subresource *s = &t->subs[face * t->levels + level];
    const D3DBOX *d = &t->dirty_box[face];
    UINT bw = t->info->block_width, bh = t->info->block_height;
    if (!(t->dirty_faces & (1u << face)))
        return FALSE;
    out->Left = (d->Left >> level) / bw * bw;
    out->Top = (d->Top >> level) / bh * bh;
    out->Front = d->Front >> level;
    out->Right = min((d->Right + (1u << level) - 1) >> level, s->width);
    out->Bottom = min((d->Bottom + (1u << level) - 1) >> level, s->height);
    out->Back = min((d->Back + (1u << level) - 1) >> level, s->depth);
    out->Right = min((out->Right + bw - 1) / bw * bw, s->width);
    out->Bottom = min((out->Bottom + bh - 1) / bh * bh, s->height);
    if (out->Back <= out->Front)
        out->Back = out->Front + 1;
    return out->Right > out->Left && out->Bottom > out->Top;
}

void texture_record_update(struct texture *t, UINT sub, const D3DBOX *box)
{
    texture_mark_dirty(t, sub / t->levels, sub % t->levels, box);
    texture_record_upload(t, sub, box);
}

void texture_record_upload(struct texture *t, UINT sub, const D3DBOX *box)
{
    struct device *device = t->obj.device;
    const struct subresource *s = &t->subs[sub];
    D3DBOX all = {0, 0, s->width, s->height, 0, s->depth};
    struct mtld3d_rec_update_texture *r;
    if (!box)
        box = &all;
    if (!t->id || !t->mem)
        return;
    if ((r = device_record(device, MTLD3D_REC_UPDATE_TEXTURE, sizeof(*r)))) {
        r->ID = t->id;
        r->Level = sub % t->levels;
        r->Face = sub / t->levels;
        r->Left = box->Left;
        r->Top = box->Top;
        r->Right = box->Right;
        r->Bottom = box->Bottom;
        r->Front = box->Front;
        r->Back = box->Back;
        r->Src = (uint64_t)(uintptr_t)(t->mem + s->offset + (SIZE_T)box->Front * s->data_slice_pitch +
                                       (SIZE_T)(box->Top / t->info->block_height) * s->data_pitch +
                                       (SIZE_T)(box->Left / t->info->block_width) * t->info->block_bytes);
        r->Pitch = s->data_pitch;
        r->SlicePitch = s->data_slice_pitch;
        device_name(device, &t->named, r);
    }
}

static void record_generate_mips(struct texture *t);

void texture_make_resident(struct texture *t)
{
    struct device *device = t->obj.device;
    if (t->obj.pool == D3DPOOL_MANAGED && t->id && t->evict_epoch != device->evict_epoch) {
        /* Evicted since its last upload: what its memory holds now,
         * dirty or not (Wine's add_dirty_rect_test). */
        t->evict_epoch = device->evict_epoch;
        for (UINT i = 0; i < t->faces * t->levels; i++)
            texture_record_upload(t, i, NULL);
        if (t->autogen)
            record_generate_mips(t);
        return;
    }
    if (t->id || t->obj.pool != D3DPOOL_SYSTEMMEM || !t->mem || !t->info->block_bytes)
        return;
    texture_record_create(device, t);
    for (UINT i = 0; i < t->faces * t->levels; i++)
        texture_record_upload(t, i, NULL);
}

static void record_generate_mips(struct texture *t)
{
    struct mtld3d_rec_generate_mips *r;
    if (!t->autogen || !t->id)
        return;
    if ((r = device_record(t->obj.device, MTLD3D_REC_GENERATE_MIPS, sizeof(*r)))) {
        r->ID = t->id;
        r->Filter = t->autogen_filter;
    }
}

/* Moves the texture to a block no record of this frame names. */
static HRESULT texture_rename(struct texture *t)
{
    BYTE *mem;
    resmem_reclaim(t->obj.device);
    if (!(mem = resmem_alloc(t->size)))
        return E_OUTOFMEMORY;
    resmem_retire(t->obj.device, t->mem);
    t->mem = mem;
    for (UINT i = 0; t->type != D3DRTYPE_VOLUMETEXTURE && i < t->faces * t->levels; i++) {
        struct surface *s = t->subs[i].child;
        if (s)
            s->mem = mem + t->subs[i].offset;
    }
    t->named.head = 0;
    return D3D_OK;
}

/* Copies what the records of this submit name of subresource sub before a
 * lock may write it: of every level of its face for a top level, whose
 * pointer the game may write the levels below through (they are back to
 * back). */
static void texture_copy_named(struct texture *t, UINT sub)
{
    struct device *device = t->obj.device;
    UINT last = sub % t->levels ? sub : sub + t->levels - 1, *link = &t->named.head;
    if (!device_named(device, &t->named))
        return;
    while (*link) {
        struct named_rec *n = &device->named[*link - 1];
        const struct mtld3d_rec_update_texture *r = n->rec;
        UINT rs = r->Face * t->levels + r->Level;
        if (rs >= sub && rs <= last) {
            /* A record's copy runs from its first byte to its level's end. */
            const struct subresource *s = &t->subs[rs];
            BYTE *src = (BYTE *)(uintptr_t)r->Src, *end = t->mem + s->offset + (SIZE_T)s->data_slice_pitch * s->depth;
            if (src >= t->mem + s->offset && src < end) {
                if (!device_copy_named(device, link, end - src))
                    return; /* submitted instead */
                continue;
            }
        }
        link = &n->next;
    }
}

HRESULT texture_lock(struct texture *t, UINT sub, D3DLOCKED_BOX *out, const D3DBOX *box, DWORD flags)
{
    struct device *device = t->obj.device;
    struct subresource *s = &t->subs[sub];
    D3DBOX all = {0, 0, s->width, s->height, 0, s->depth};
    HRESULT hr = D3D_OK;

    out->pBits = NULL;
    out->RowPitch = 0;
    out->SlicePitch = 0;
    if (!texture_lockable(t) || t->dc_in_use)
        return D3DERR_INVALIDCALL;
    if (box && !resource_check_box(t->info, box, s->width, s->height, s->depth))
        return D3DERR_INVALIDCALL;
    if (!box)
        box = &all;
    if (InterlockedCompareExchange(&s->locked, 1, 0))
        return D3DERR_INVALIDCALL;
    if (!(t->usage & D3DUSAGE_DYNAMIC))
        flags &= ~(D3DLOCK_DISCARD | D3DLOCK_NOOVERWRITE);
    if (flags & D3DLOCK_READONLY)
        flags &= ~D3DLOCK_DISCARD;
    device_lock(device);
    if (device_named(device, &t->named) && !(flags & (D3DLOCK_READONLY | D3DLOCK_NOOVERWRITE))) {
        /* DISCARD of a dynamic texture's only level may hand out fresh
         * memory, as native drivers do (never for the game's own memory).
         * Otherwise the memory stays where it is (games and Wine's tests
         * compare pointers across locks). */
        if ((flags & D3DLOCK_DISCARD) && t->faces * t->levels == 1 && !t->user_mem && !t->locks)
            hr = texture_rename(t);
        else
            texture_copy_named(t, sub);
    }
    if (SUCCEEDED(hr)) {
        t->locks++;
        s->lock_flags = flags;
        /* A texel-lock rectangle's address names no block: what the game
         * writes there may be anywhere in the level, so Unlock uploads all
         * of it. */
        s->box = (t->info->flags & MTLD3D_FMT_TEXEL_LOCK) ? all : *box;
        out->RowPitch = (INT)s->pitch;
        out->SlicePitch = (INT)s->slice_pitch;
        out->pBits = t->mem + s->offset + (SIZE_T)box->Front * s->slice_pitch +
                     mtld3d_format_lock_offset(t->info, s->pitch, (LONG)box->Left, (LONG)box->Top);
    } else {
        s->locked = 0;
    }
    device_unlock(device);
    return hr;
}

/* Records uploads of a top-level box (NULL: everything) scaled to each
 * level from first down. */
static void texture_record_scaled(struct texture *t, UINT face, const D3DBOX *box, UINT first)
{
    for (UINT l = first; l < t->levels; l++) {
        const struct subresource *s = &t->subs[face * t->levels + l];
        UINT bw = t->info->block_width, bh = t->info->block_height;
        D3DBOX b;
        if (!box) {
            texture_record_update(t, face * t->levels + l, NULL);
            continue;
        }
        b.Left = (box->Left >> l) / bw * bw;
        b.Top = (box->Top >> l) / bh * bh;
        b.Front = box->Front >> l;
        b.Right = (box->Right + (1u << l) - 1) >> l;
        b.Bottom = (box->Bottom + (1u << l) - 1) >> l;
        b.Back = (box->Back + (1u << l) - 1) >> l;
        b.Right = b.Right > s->width ? s->width : (b.Right + bw - 1) / bw * bw;
        b.Bottom = b.Bottom > s->height ? s->height : (b.Bottom + bh - 1) / bh * bh;
        if (b.Right > s->width)
            b.Right = s->width;
        if (b.Bottom > s->height)
            b.Bottom = s->height;
        if (b.Back > s->depth)
            b.Back = s->depth;
        if (b.Right <= b.Left || b.Bottom <= b.Top || b.Back <= b.Front)
            continue;
        texture_record_update(t, face * t->levels + l, &b);
    }
}

HRESULT texture_unlock(struct texture *t, UINT sub)
{
    struct device *device = t->obj.device;
    struct subresource *s = &t->subs[sub];
    /* While a DC is out, Unlock of any level succeeds and the DC's own
     * lock lasts until ReleaseDC. */
    if (t->dc_in_use && (!s->locked || sub == t->dc_sub))
        return D3D_OK;
    if (!s->locked)
        return D3DERR_INVALIDCALL;
    device_lock(device);
    if (!(s->lock_flags & D3DLOCK_READONLY)) {
        /* NO_DIRTY_UPDATE leaves a managed texture's upload to
         * AddDirtyRect; a dynamic DEFAULT texture has no copy to defer
         * to, so what was written is what it holds. */
        if ((s->lock_flags & D3DLOCK_NO_DIRTY_UPDATE) && t->obj.pool == D3DPOOL_SYSTEMMEM) {
            /* A sampled system-memory texture reads its memory whatever
             * the dirty marker says (Wine's add_dirty_rect_test). */
            texture_record_upload(t, sub, &s->box);
        } else if (!(s->lock_flags & D3DLOCK_NO_DIRTY_UPDATE) || t->obj.pool == D3DPOOL_DEFAULT) {
            texture_record_update(t, sub, &s->box);
            /* Dirty regions are kept for the top level only, the levels
             * below taking its rectangle scaled (D3D9's UpdateTexture
             * documentation): a managed or system-memory texture sends
             * them again after a top-level lock, which may have written
             * them through its pointer (levels are back to back). */
            if (sub % t->levels == 0 && t->obj.pool != D3DPOOL_DEFAULT && !t->autogen)
                texture_record_scaled(t, sub / t->levels, &s->box, 1);
        }
        if (t->autogen && sub % t->levels == 0)
            record_generate_mips(t);
    }
    t->locks--;
    s->locked = 0;
    device_unlock(device);
    return D3D_OK;
}

/* AddDirtyRect/AddDirtyBox: the region of the top level, scaled to the
 * levels below, is uploaded again (a lock with NO_DIRTY_UPDATE left it
 * for this). NULL dirties everything. */
static HRESULT texture_add_dirty(struct texture *t, UINT face, const D3DBOX *box)
{
    struct device *device = t->obj.device;
    if (box && !resource_check_box(mtld3d_format_lookup(D3DFMT_A8R8G8B8), box, t->width, t->height, t->depth))
        return D3DERR_INVALIDCALL;
    device_lock(device);
    texture_mark_dirty(t, face, 0, box);
    if (t->obj.pool == D3DPOOL_MANAGED || (t->obj.pool == D3DPOOL_DEFAULT && t->mem)) {
        texture_record_scaled(t, face, box, 0);
        record_generate_mips(t);
    }
    device_unlock(device);
    return D3D_OK;
}

static DWORD texture_set_lod(struct texture *t, DWORD lod)
{
    struct device *device = t->obj.device;
    struct mtld3d_rec_set_texture_lod *r;
    DWORD old = t->lod;
    /* Only managed textures have a LOD; others ignore it and answer 0. */
    if (t->obj.pool != D3DPOOL_MANAGED)
        return 0;
    lod = lod < t->public_levels ? lod : t->public_levels - 1;
    if (lod == old)
        return old;
    device_lock(device);
    t->lod = lod;
    if (t->id && (r = device_record(device, MTLD3D_REC_SET_TEXTURE_LOD, sizeof(*r)))) {
        r->ID = t->id;
        r->LOD = lod;
    }
    device_unlock(device);
    return old;
}

static HRESULT texture_set_autogen_filter(struct texture *t, D3DTEXTUREFILTERTYPE filter)
{
    if (filter == D3DTEXF_NONE || filter > D3DTEXF_GAUSSIANQUAD)
        return D3DERR_INVALIDCALL;
    if (filter == t->autogen_filter)
        return D3D_OK;
    t->autogen_filter = filter;
    /* The unix side regenerates a render target's levels after it is
     * drawn to, with the filter of the last generation: send it. */
    device_lock(t->obj.device);
    record_generate_mips(t);
    device_unlock(t->obj.device);
    return D3D_OK;
}

static void texture_generate_mips(struct texture *t)
{
    struct device *device = t->obj.device;
    device_lock(device);
    record_generate_mips(t);
    device_unlock(device);
}

static HRESULT texture_level_desc(struct texture *t, UINT level, D3DSURFACE_DESC *desc)
{
    const struct subresource *s;
    if (!desc || level >= t->public_levels)
        return D3DERR_INVALIDCALL;
    s = &t->subs[level];
    desc->Format = t->format;
    desc->Type = D3DRTYPE_SURFACE;
    desc->Usage = t->usage;
    desc->Pool = t->obj.pool;
    desc->MultiSampleType = D3DMULTISAMPLE_NONE;
    desc->MultiSampleQuality = 0;
    desc->Width = s->width;
    desc->Height = s->height;
    return D3D_OK;
}

static HRESULT texture_surface(struct texture *t, UINT face, UINT level, IDirect3DSurface9 **out)
{
    struct device *device = t->obj.device;
    UINT sub = face * t->levels + level;
    HRESULT hr = D3D_OK;
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    if (level >= t->public_levels || face >= t->faces)
        return D3DERR_INVALIDCALL;
    device_lock(device);
    if (!t->subs[sub].child) {
        struct surface *s;
        if (SUCCEEDED(hr = surface_create_level(t, sub, face, level, &s)))
            t->subs[sub].child = s;
    }
    device_unlock(device);
    if (FAILED(hr))
        return hr;
    *out = &((struct surface *)t->subs[sub].child)->iface;
    IDirect3DSurface9_AddRef(*out);
    return D3D_OK;
}

HRESULT texture_lock_rect(struct texture *t, UINT sub, D3DLOCKED_RECT *locked, const RECT *rect, DWORD flags)
{
    const struct subresource *s = &t->subs[sub];
    D3DLOCKED_BOX lb;
    D3DBOX box;
    INT_PTR offset;
    BOOL whole;
    HRESULT hr;
    /* A level already locked answers INVALIDCALL and leaves *locked as it was. */
    if (s->locked)
        return D3DERR_INVALIDCALL;
    locked->pBits = NULL;
    locked->Pitch = 0;
    if (!resource_lock_offset(t->info, t->obj.pool, s->width, s->height, rect, s->pitch, &offset, &whole))
        return D3DERR_INVALIDCALL;
    if (!whole)
        box = rect_box(rect);
    if (FAILED(hr = texture_lock(t, sub, &lb, whole ? NULL : &box, flags)))
        return hr;
    locked->pBits = whole ? (BYTE *)lb.pBits + offset : lb.pBits;
    locked->Pitch = lb.RowPitch;
    return D3D_OK;
}

static HRESULT lock_rect(struct texture *t, UINT face, UINT level, D3DLOCKED_RECT *locked, const RECT *rect,
                         DWORD flags)
{
    if (!locked || level >= t->public_levels || face >= t->faces)
        return D3DERR_INVALIDCALL;
    return texture_lock_rect(t, face * t->levels + level, locked, rect, flags);
}

/* The 2D and cube textures' UnlockRect: a level not locked of a
 * lockable texture unlocks with D3D_OK on Windows (Wine's
 * test_lockrect_invalid). */
static HRESULT unlock_rect(struct texture *t, UINT face, UINT level)
{
    if (level >= t->public_levels || face >= t->faces)
        return D3DERR_INVALIDCALL;
    if (FAILED(texture_unlock(t, face * t->levels + level)) && !t->mem)
        return D3DERR_INVALIDCALL;
    return D3D_OK;
}

static HRESULT add_dirty_rect(struct texture *t, UINT face, const RECT *rect)
{
    D3DBOX box;
    if (face >= t->faces)
        return D3DERR_INVALIDCALL;
    if (!rect)
        return texture_add_dirty(t, face, NULL);
    if (rect->left < 0 || rect->top < 0 || rect->right < 0 || rect->bottom < 0)
        return D3DERR_INVALIDCALL;
    box = rect_box(rect);
    return texture_add_dirty(t, face, &box);
}

#define TEX(iface) CONTAINING_RECORD(iface, struct texture, iface.tex)
#define CUBE(iface) CONTAINING_RECORD(iface, struct texture, iface.cube)
#define VOL(iface) CONTAINING_RECORD(iface, struct texture, iface.vol)

/* IDirect3DTexture9 */

DWORD WINAPI texture_SetLOD(IDirect3DTexture9 *iface, DWORD lod)
{
    return texture_set_lod(TEX(iface), lod);
}

DWORD WINAPI texture_GetLOD(IDirect3DTexture9 *iface)
{
    return TEX(iface)->lod;
}

DWORD WINAPI texture_GetLevelCount(IDirect3DTexture9 *iface)
{
    return TEX(iface)->public_levels;
}

HRESULT WINAPI texture_SetAutoGenFilterType(IDirect3DTexture9 *iface, D3DTEXTUREFILTERTYPE filter)
{
    return texture_set_autogen_filter(TEX(iface), filter);
}

D3DTEXTUREFILTERTYPE WINAPI texture_GetAutoGenFilterType(IDirect3DTexture9 *iface)
{
    return TEX(iface)->autogen_filter;
}

void WINAPI texture_GenerateMipSubLevels(IDirect3DTexture9 *iface)
{
    texture_generate_mips(TEX(iface));
}

HRESULT WINAPI texture_GetLevelDesc(IDirect3DTexture9 *iface, UINT level, D3DSURFACE_DESC *desc)
{
    return texture_level_desc(TEX(iface), level, desc);
}

HRESULT WINAPI texture_GetSurfaceLevel(IDirect3DTexture9 *iface, UINT level, IDirect3DSurface9 **out)
{
    return texture_surface(TEX(iface), 0, level, out);
}

HRESULT WINAPI texture_LockRect(IDirect3DTexture9 *iface, UINT level, D3DLOCKED_RECT *locked, const RECT *rect,
                                DWORD flags)
{
    return lock_rect(TEX(iface), 0, level, locked, rect, flags);
}

HRESULT WINAPI texture_UnlockRect(IDirect3DTexture9 *iface, UINT level)
{
    return unlock_rect(TEX(iface), 0, level);
}

HRESULT WINAPI texture_AddDirtyRect(IDirect3DTexture9 *iface, const RECT *rect)
{
    return add_dirty_rect(TEX(iface), 0, rect);
}

/* IDirect3DCubeTexture9 */

DWORD WINAPI cubetexture_SetLOD(IDirect3DCubeTexture9 *iface, DWORD lod)
{
    return texture_set_lod(CUBE(iface), lod);
}

DWORD WINAPI cubetexture_GetLOD(IDirect3DCubeTexture9 *iface)
{
    return CUBE(iface)->lod;
}

DWORD WINAPI cubetexture_GetLevelCount(IDirect3DCubeTexture9 *iface)
{
    return CUBE(iface)->public_levels;
}

HRESULT WINAPI cubetexture_SetAutoGenFilterType(IDirect3DCubeTexture9 *iface, D3DTEXTUREFILTERTYPE filter)
{
    return texture_set_autogen_filter(CUBE(iface), filter);
}

D3DTEXTUREFILTERTYPE WINAPI cubetexture_GetAutoGenFilterType(IDirect3DCubeTexture9 *iface)
{
    return CUBE(iface)->autogen_filter;
}

void WINAPI cubetexture_GenerateMipSubLevels(IDirect3DCubeTexture9 *iface)
{
    texture_generate_mips(CUBE(iface));
}

HRESULT WINAPI cubetexture_GetLevelDesc(IDirect3DCubeTexture9 *iface, UINT level, D3DSURFACE_DESC *desc)
{
    return texture_level_desc(CUBE(iface), level, desc);
}

HRESULT WINAPI cubetexture_GetCubeMapSurface(IDirect3DCubeTexture9 *iface, D3DCUBEMAP_FACES face, UINT level,
                                             IDirect3DSurface9 **out)
{
    return texture_surface(CUBE(iface), (UINT)face, level, out);
}

HRESULT WINAPI cubetexture_LockRect(IDirect3DCubeTexture9 *iface, D3DCUBEMAP_FACES face, UINT level,
                                    D3DLOCKED_RECT *locked, const RECT *rect, DWORD flags)
{
    return lock_rect(CUBE(iface), (UINT)face, level, locked, rect, flags);
}

HRESULT WINAPI cubetexture_UnlockRect(IDirect3DCubeTexture9 *iface, D3DCUBEMAP_FACES face, UINT level)
{
    return unlock_rect(CUBE(iface), (UINT)face, level);
}

HRESULT WINAPI cubetexture_AddDirtyRect(IDirect3DCubeTexture9 *iface, D3DCUBEMAP_FACES face, const RECT *rect)
{
    return add_dirty_rect(CUBE(iface), (UINT)face, rect);
}

/* IDirect3DVolumeTexture9 */

DWORD WINAPI volumetexture_SetLOD(IDirect3DVolumeTexture9 *iface, DWORD lod)
{
    return texture_set_lod(VOL(iface), lod);
}

DWORD WINAPI volumetexture_GetLOD(IDirect3DVolumeTexture9 *iface)
{
    return VOL(iface)->lod;
}

DWORD WINAPI volumetexture_GetLevelCount(IDirect3DVolumeTexture9 *iface)
{
    return VOL(iface)->public_levels;
}

HRESULT WINAPI volumetexture_SetAutoGenFilterType(IDirect3DVolumeTexture9 *iface, D3DTEXTUREFILTERTYPE filter)
{
    return texture_set_autogen_filter(VOL(iface), filter);
}

D3DTEXTUREFILTERTYPE WINAPI volumetexture_GetAutoGenFilterType(IDirect3DVolumeTexture9 *iface)
{
    return VOL(iface)->autogen_filter;
}

void WINAPI volumetexture_GenerateMipSubLevels(IDirect3DVolumeTexture9 *iface)
{
    texture_generate_mips(VOL(iface));
}

HRESULT WINAPI volumetexture_GetLevelDesc(IDirect3DVolumeTexture9 *iface, UINT level, D3DVOLUME_DESC *desc)
{
    struct texture *t = VOL(iface);
    const struct subresource *s;
    if (!desc || level >= t->public_levels)
        return D3DERR_INVALIDCALL;
    s = &t->subs[level];
    desc->Format = t->format;
    desc->Type = D3DRTYPE_VOLUME;
    desc->Usage = t->usage;
    desc->Pool = t->obj.pool;
    desc->Width = s->width;
    desc->Height = s->height;
    desc->Depth = s->depth;
    return D3D_OK;
}

HRESULT WINAPI volumetexture_GetVolumeLevel(IDirect3DVolumeTexture9 *iface, UINT level, IDirect3DVolume9 **out)
{
    struct texture *t = VOL(iface);
    struct device *device = t->obj.device;
    HRESULT hr = D3D_OK;
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    if (level >= t->public_levels)
        return D3DERR_INVALIDCALL;
    device_lock(device);
    if (!t->subs[level].child) {
        struct volume *v;
        if (SUCCEEDED(hr = volume_create(t, level, &v)))
            t->subs[level].child = v;
    }
    device_unlock(device);
    if (FAILED(hr))
        return hr;
    *out = &((struct volume *)t->subs[level].child)->iface;
    IDirect3DVolume9_AddRef(*out);
    return D3D_OK;
}

HRESULT WINAPI volumetexture_LockBox(IDirect3DVolumeTexture9 *iface, UINT level, D3DLOCKED_BOX *locked,
                                     const D3DBOX *box, DWORD flags)
{
    struct texture *t = VOL(iface);
    if (!locked)
        return D3DERR_INVALIDCALL;
    if (level >= t->public_levels) {
        locked->pBits = NULL;
        locked->RowPitch = locked->SlicePitch = 0;
        return D3DERR_INVALIDCALL;
    }
    return texture_lock(t, level, locked, box, flags);
}

HRESULT WINAPI volumetexture_UnlockBox(IDirect3DVolumeTexture9 *iface, UINT level)
{
    struct texture *t = VOL(iface);
    if (level >= t->public_levels)
        return D3DERR_INVALIDCALL;
    return texture_unlock(t, level);
}

HRESULT WINAPI volumetexture_AddDirtyBox(IDirect3DVolumeTexture9 *iface, const D3DBOX *box)
{
    return texture_add_dirty(VOL(iface), 0, box);
}
