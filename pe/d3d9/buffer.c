/* IDirect3DVertexBuffer9 and IDirect3DIndexBuffer9, and what every
 * resource shares: guest memory for Lock, its retirement until the
 * unix side has read it, and the format and box checks.
 *
 * A buffer's bytes live in guest memory; Unlock records an UpdateBuffer
 * naming the written range and the block's address, and the unix side
 * copies it at the next submit. So bytes a record of this submit names
 * must not change before that submit: a DISCARD lock then renames the
 * buffer to a fresh block (the old one is kept until the frame is
 * submitted, then reused), and a plain lock first copies the records
 * naming bytes in its range (copy on write: the game writes inside the
 * range it locks). NOOVERWRITE writes in place: the game promises not to
 * touch what the frame's draws use. The record carries DISCARD and
 * NOOVERWRITE on, so the unix side needs no copy either. */
#include "d3d9_private.h"

#define BIG_BLOCK (64 * 1024)

void *resmem_alloc(SIZE_T size)
{
    BYTE *raw, *p;
    if (!size)
        size = 1;
    if (size >= BIG_BLOCK) {
        if ((p = VirtualAlloc(NULL, size, MEM_COMMIT | MEM_RESERVE, PAGE_READWRITE)))
            memwatch_add(MEM_RESOURCE, (int64_t)((size + 4095) & ~(SIZE_T)4095));
        return p;
    }
    /* 16-byte alignment with the raw pointer kept just below. */
    if (!(raw = HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, size + 16 + sizeof(void *))))
        return NULL;
    p = (BYTE *)(((uintptr_t)raw + sizeof(void *) + 15) & ~(uintptr_t)15);
    ((void **)p)[-1] = raw;
    memwatch_add(MEM_RESOURCE, (int64_t)HeapSize(GetProcessHeap(), 0, raw));
    return p;
}

/* Page-aligned at 64 KiB: a VirtualAlloc block (a heap block is never
 * aligned so, as its raw pointer sits below it). */
static BOOL is_big(const void *p)
{
    MEMORY_BASIC_INFORMATION mbi;
    return !((uintptr_t)p & 0xffff) && VirtualQuery(p, &mbi, sizeof(mbi)) && mbi.AllocationBase == p;
}

/* What a block costs, as resmem_alloc counted it. */
static SIZE_T resmem_size(const void *p)
{
    return is_big(p) ? memwatch_block_size(p) : HeapSize(GetProcessHeap(), 0, ((void *const *)p)[-1]);
}

void resmem_free(void *p)
{
    if (!p)
        return;
    memwatch_add(MEM_RESOURCE, -(int64_t)resmem_size(p));
    if (is_big(p)) {
        VirtualFree(p, 0, MEM_RELEASE);
        return;
    }
    HeapFree(GetProcessHeap(), 0, ((void **)p)[-1]);
}

struct retired {
    struct retired *next;
    struct device *device;
    UINT frame;
    void *mem;
    SIZE_T size;
};

static SRWLOCK retired_lock = SRWLOCK_INIT;
static struct retired *retired_list;

void resmem_retire(struct device *device, void *p)
{
    struct retired *r;
    if (!p)
        return;
    if (!(r = HeapAlloc(GetProcessHeap(), 0, sizeof(*r)))) {
        /* Out of memory for the note: hand the recorded frame over now (the
         * unix side copies what its records name during the call), so the
         * block may go at once without a record naming freed memory. */
        device_flush(device);
        resmem_free(p);
        return;
    }
    r->device = device;
    r->frame = device->frame;
    r->mem = p;
    r->size = resmem_size(p);
    memwatch_add(MEM_RESOURCE, -(int64_t)r->size);
    memwatch_add(MEM_RETIRED, (int64_t)r->size);
    AcquireSRWLockExclusive(&retired_lock);
    r->next = retired_list;
    retired_list = r;
    ReleaseSRWLockExclusive(&retired_lock);
}

static void reclaim(struct device *device, BOOL all)
{
    struct retired **p, *r, *done = NULL;
    AcquireSRWLockExclusive(&retired_lock);
    for (p = &retired_list; (r = *p);) {
        if (r->device == device && (all || r->frame < device->frame)) {
            *p = r->next;
            r->next = done;
            done = r;
        } else {
            p = &r->next;
        }
    }
    ReleaseSRWLockExclusive(&retired_lock);
    while ((r = done)) {
        done = r->next;
        memwatch_add(MEM_RETIRED, -(int64_t)r->size);
        memwatch_add(MEM_RESOURCE, (int64_t)r->size);
        resmem_free(r->mem);
        HeapFree(GetProcessHeap(), 0, r);
    }
}

void resmem_reclaim(struct device *device)
{
    if (retired_list)
        reclaim(device, FALSE);
}

void resmem_device_destroyed(struct device *device)
{
    reclaim(device, TRUE);
}

HRESULT resource_check_format(D3DFORMAT format, DWORD usage, D3DRESOURCETYPE rtype, BOOL *autogen)
{
    if (autogen)
        *autogen = FALSE;
    for (UINT i = 0; i < MTLD3D_FORMAT_CHECK_COUNT; i++) {
        const struct mtld3d_format_check *c = &mtld3d_format_checks[i];
        if (c->format != (DWORD)format || c->rtype != (DWORD)rtype)
            continue;
        if ((usage & MTLD3D_CHECKED_USAGE & ~c->usage_ok) || (usage & c->usage_required) != c->usage_required)
            return D3DERR_NOTAVAILABLE;
        if (autogen)
            *autogen = !!(c->flags & MTLD3D_CHECK_AUTOGEN);
        return D3D_OK;
    }
    return D3DERR_NOTAVAILABLE;
}

BOOL resource_lock_offset(const struct mtld3d_format_info *info, D3DPOOL pool, UINT w, UINT h, const RECT *r,
                          UINT pitch, INT_PTR *offset, BOOL *whole)
{
    D3DBOX b;
    *offset = 0;
    *whole = !r;
    if (!r)
        return TRUE;
    b = rect_box(r);
    if (r->left < 0 || r->top < 0 || r->right < 0 || r->bottom < 0 || !resource_check_box(info, &b, w, h, 1)) {
        if (pool == D3DPOOL_DEFAULT && (info->block_width > 1 || info->block_height > 1))
            return FALSE;
        *whole = TRUE;
    }
    *offset = mtld3d_format_lock_offset(info, pitch, r->left, r->top);
    return TRUE;
}

BOOL resource_check_box(const struct mtld3d_format_info *info, const D3DBOX *b, UINT w, UINT h, UINT d)
{
    UINT bw = info->block_width, bh = info->block_height;
    if (b->Left >= b->Right || b->Top >= b->Bottom || b->Front >= b->Back)
        return FALSE;
    if (b->Right > w || b->Bottom > h || b->Back > d)
        return FALSE;
    if (b->Left % bw || b->Top % bh)
        return FALSE;
    if ((b->Right % bw && b->Right != w) || (b->Bottom % bh && b->Bottom != h))
        return FALSE;
    return TRUE;
}

UINT fvf_vertex_size(DWORD fvf)
{
    static const BYTE tex_size[4] = {8, 12, 16, 4}; /* D3DFVF_TEXTUREFORMAT2, 3, 4, 1 */
    UINT size = 0, tex;
    switch (fvf & D3DFVF_POSITION_MASK) {
    case 0:
        break;
    case D3DFVF_XYZ:
        size = 12;
        break;
    case D3DFVF_XYZRHW:
    case D3DFVF_XYZW:
        size = 16;
        break;
    case D3DFVF_XYZB1:
    case D3DFVF_XYZB2:
    case D3DFVF_XYZB3:
    case D3DFVF_XYZB4:
    case D3DFVF_XYZB5:
        size = 12 + 4 * (((fvf & D3DFVF_POSITION_MASK) - D3DFVF_XYZB1) / 2 + 1);
        break;
    default:
        return 0;
    }
    if (fvf & D3DFVF_NORMAL)
        size += 12;
    if (fvf & D3DFVF_PSIZE)
        size += 4;
    if (fvf & D3DFVF_DIFFUSE)
        size += 4;
    if (fvf & D3DFVF_SPECULAR)
        size += 4;
    tex = (fvf & D3DFVF_TEXCOUNT_MASK) >> D3DFVF_TEXCOUNT_SHIFT;
    if (tex > 8)
        return 0;
    for (UINT i = 0; i < tex; i++)
        size += tex_size[(fvf >> (16 + 2 * i)) & 3];
    return size;
}

/* Blocks a buffer was renamed away from, reusable once submitted. */
struct spare_block {
    struct spare_block *next;
    UINT frame;
    BYTE *mem;
};

static void buffer_destroy(struct object *obj, struct buffer *b)
{
    struct device *device = obj->device;
    struct mtld3d_rec_destroy_object *r;
    device_lock(device);
    if (b->id && (r = device_record(device, MTLD3D_REC_DESTROY_OBJECT, sizeof(*r))))
        r->ID = b->id;
    object_uncount_default(obj);
    if (b->mapped_write)
        device->mapped_writes--;
    /* The frame may still name any of these blocks. */
    resmem_reclaim(device);
    resmem_retire(device, b->mem);
    while (b->spares) {
        struct spare_block *s = b->spares;
        b->spares = s->next;
        resmem_retire(device, s->mem);
        HeapFree(GetProcessHeap(), 0, s);
    }
    device_unlock(device);
    object_cleanup(obj);
}

static void vertexbuffer_destroy(struct object *obj)
{
    struct vertexbuffer *vb = CONTAINING_RECORD(obj, struct vertexbuffer, obj);
    buffer_destroy(obj, &vb->b);
    HeapFree(GetProcessHeap(), 0, vb);
}

static void indexbuffer_destroy(struct object *obj)
{
    struct indexbuffer *ib = CONTAINING_RECORD(obj, struct indexbuffer, obj);
    buffer_destroy(obj, &ib->b);
    HeapFree(GetProcessHeap(), 0, ib);
}

static void count_default(struct device *device, struct object *obj, UINT length)
{
    if (obj->pool != D3DPOOL_DEFAULT)
        return;
    device_lock(device);
    object_count_default(obj, length);
    device_unlock(device);
}

static HRESULT check_pool(struct device *device, D3DPOOL pool, DWORD usage)
{
    switch (pool) {
    case D3DPOOL_DEFAULT:
    case D3DPOOL_SYSTEMMEM:
        return D3D_OK;
    case D3DPOOL_MANAGED:
        /* 9Ex has no managed pool; dynamic buffers cannot be managed. */
        if (device->extended || (usage & D3DUSAGE_DYNAMIC))
            return D3DERR_INVALIDCALL;
        return D3D_OK;
    default: /* SCRATCH holds no buffers */
        return D3DERR_INVALIDCALL;
    }
}

static HRESULT buffer_init(struct device *device, struct buffer *b, D3DRESOURCETYPE type, UINT size, DWORD usage,
                           DWORD fvf, D3DFORMAT format, D3DPOOL pool)
{
    struct mtld3d_rec_create_buffer *r;
    b->type = type;
    b->usage = usage;
    b->fvf = fvf;
    b->format = format;
    b->size = size;
    b->pinned = !(usage & D3DUSAGE_DYNAMIC) || (device->create.BehaviorFlags & D3DCREATE_SOFTWARE_VERTEXPROCESSING);
    if (!(b->mem = resmem_alloc(size)))
        return E_OUTOFMEMORY;
    b->id = device_new_id(device);
    if ((r = device_record(device, MTLD3D_REC_CREATE_BUFFER, sizeof(*r)))) {
        r->ID = b->id;
        r->Kind = type;
        r->Size = size;
        r->Usage = usage;
        r->Pool = pool;
        r->Format = type == D3DRTYPE_VERTEXBUFFER ? fvf : (DWORD)format;
    }
    return D3D_OK;
}

/* A buffer given a shared handle: no shared resources are offered (no
 * D3DCAPS2_CANSHARERESOURCE), and a SYSTEMMEM buffer over the game's
 * memory (the texture convention) is answered NOTAVAILABLE, on Ex and
 * plain devices alike (Wine's test_shared_handle in both files). */
static HRESULT shared_answer(const struct device *device, D3DPOOL pool)
{
    (void)device;
    return pool == D3DPOOL_SYSTEMMEM ? D3DERR_NOTAVAILABLE : D3DERR_INVALIDCALL;
}

HRESULT WINAPI device_CreateVertexBuffer(IDirect3DDevice9Ex *iface, UINT length, DWORD usage, DWORD fvf,
                                         D3DPOOL pool, IDirect3DVertexBuffer9 **out, HANDLE *shared)
{
    struct device *device = device_impl(iface);
    struct vertexbuffer *vb;
    HRESULT hr;
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    if (shared)
        return shared_answer(device, pool);
    if (!length || FAILED(hr = check_pool(device, pool, usage)))
        return D3DERR_INVALIDCALL;
    if (usage & (D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL))
        return D3DERR_INVALIDCALL;
    /* An FVF buffer must hold one vertex; a non-FVF length is free. */
    if (fvf && (!fvf_vertex_size(fvf) || length < fvf_vertex_size(fvf)))
        return D3DERR_INVALIDCALL;
    if (!(vb = HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof(*vb))))
        return E_OUTOFMEMORY;
    vb->iface.lpVtbl = (IDirect3DVertexBuffer9Vtbl *)&vertexbuffer_vtbl;
    device_lock(device);
    resmem_reclaim(device);
    hr = buffer_init(device, &vb->b, D3DRTYPE_VERTEXBUFFER, length, usage, fvf, D3DFMT_VERTEXDATA, pool);
    device_unlock(device);
    if (FAILED(hr)) {
        HeapFree(GetProcessHeap(), 0, vb);
        return hr;
    }
    object_init(&vb->obj, device, NULL, pool, vertexbuffer_destroy, FALSE);
    count_default(device, &vb->obj, length);
    *out = &vb->iface;
    return D3D_OK;
}

HRESULT WINAPI device_CreateIndexBuffer(IDirect3DDevice9Ex *iface, UINT length, DWORD usage, D3DFORMAT format,
                                        D3DPOOL pool, IDirect3DIndexBuffer9 **out, HANDLE *shared)
{
    struct device *device = device_impl(iface);
    struct indexbuffer *ib;
    HRESULT hr;
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    /* The format is looked at first: a shared handle with format 0 is an
     * invalid call (Wine's test_shared_handle). */
    if (format != D3DFMT_INDEX16 && format != D3DFMT_INDEX32)
        return D3DERR_INVALIDCALL;
    if (shared)
        return shared_answer(device, pool);
    if (!length || FAILED(hr = check_pool(device, pool, usage)))
        return D3DERR_INVALIDCALL;
    if (usage & (D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL))
        return D3DERR_INVALIDCALL;
    if (!(ib = HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof(*ib))))
        return E_OUTOFMEMORY;
    ib->iface.lpVtbl = (IDirect3DIndexBuffer9Vtbl *)&indexbuffer_vtbl;
    device_lock(device);
    resmem_reclaim(device);
    hr = buffer_init(device, &ib->b, D3DRTYPE_INDEXBUFFER, length, usage, 0, format, pool);
    device_unlock(device);
    if (FAILED(hr)) {
        HeapFree(GetProcessHeap(), 0, ib);
        return hr;
    }
    object_init(&ib->obj, device, NULL, pool, indexbuffer_destroy, FALSE);
    count_default(device, &ib->obj, length);
    *out = &ib->iface;
    return D3D_OK;
}

/* Gives the buffer a block no record of this frame names, its contents
 * undefined (DISCARD). */
static HRESULT buffer_rename(struct device *device, struct buffer *b)
{
    struct spare_block **p, *s, *old;
    BYTE *mem = NULL;
    if (!(old = HeapAlloc(GetProcessHeap(), 0, sizeof(*old))))
        return E_OUTOFMEMORY;
    for (p = &b->spares; (s = *p); p = &s->next) {
        if (s->frame < device->frame) {
            *p = s->next;
            mem = s->mem;
            HeapFree(GetProcessHeap(), 0, s);
            break;
        }
    }
    if (!mem && !(mem = resmem_alloc(b->size))) {
        HeapFree(GetProcessHeap(), 0, old);
        return E_OUTOFMEMORY;
    }
    old->mem = b->mem;
    old->frame = device->frame;
    old->next = b->spares;
    b->spares = old;
    b->mem = mem;
    b->named.head = 0;
    return D3D_OK;
}

/* Copies what the records of this submit name of mem in [lo, hi)
 * before a lock may write there. */
static void buffer_copy_named(struct device *device, struct buffer *b, UINT lo, UINT hi)
{
    UINT *link = &b->named.head;
    if (!device_named(device, &b->named))
        return;
    while (*link) {
        struct named_rec *n = &device->named[*link - 1];
        const struct mtld3d_rec_update_buffer *r = n->rec;
        if (r->Offset >= hi || lo >= r->Offset + r->Size)
            link = &n->next;
        else if (!device_copy_named(device, link, r->Size))
            return; /* submitted instead */
    }
}

static HRESULT buffer_lock(struct object *obj, struct buffer *b, UINT offset, UINT size, void **data, DWORD flags)
{
    struct device *device = obj->device;
    HRESULT hr = D3D_OK;
    if (!data)
        return D3DERR_INVALIDCALL;
    *data = NULL;
    if (offset > b->size)
        return D3DERR_INVALIDCALL;
    /* Size 0 locks from offset to the end; a size past the end is
     * clamped (native drivers allow it). */
    if (!size || size > b->size - offset)
        size = b->size - offset;
    if (!(b->usage & D3DUSAGE_DYNAMIC))
        flags &= ~(D3DLOCK_DISCARD | D3DLOCK_NOOVERWRITE); /* ignored, as Windows does */
    if (flags & D3DLOCK_READONLY)
        flags &= ~D3DLOCK_DISCARD;
    /* NOOVERWRITE with DISCARD maps unsynchronised on Windows: the
     * NOOVERWRITE wins (Wine's visual.c test_map_synchronisation). */
    if (flags & D3DLOCK_NOOVERWRITE)
        flags &= ~D3DLOCK_DISCARD;
    device_lock(device);
    if (device_named(device, &b->named) && !(flags & D3DLOCK_READONLY)) {
        /* A pinned buffer keeps its address, and its contents through a
         * DISCARD too: whatever a record names may change. */
        if (b->pinned && ((flags & D3DLOCK_DISCARD) || !(flags & D3DLOCK_NOOVERWRITE)))
            buffer_copy_named(device, b, 0, b->size);
        else if ((flags & D3DLOCK_DISCARD) && !b->locks)
            hr = buffer_rename(device, b);
        else if (!(flags & D3DLOCK_NOOVERWRITE))
            buffer_copy_named(device, b, offset, offset + size);
    }
    if (SUCCEEDED(hr)) {
        if (!(flags & D3DLOCK_READONLY)) {
            if (!b->write)
                b->discards = (flags & D3DLOCK_DISCARD) && !b->pinned;
            b->overwrites = (b->write && b->overwrites) || !(flags & D3DLOCK_NOOVERWRITE);
            if (!b->write || offset < b->dirty_start)
                b->dirty_start = offset;
            if (!b->write || offset + size > b->dirty_end)
                b->dirty_end = offset + size;
            b->write = TRUE;
            if (!b->mapped_write) {
                b->mapped_write = TRUE;
                device->mapped_writes++;
            }
        }
        b->locks++;
        *data = b->mem + offset;
    }
    device_unlock(device);
    return hr;
}

/* A buffer's first update sends all of it: Windows draws what the game
 * wrote anywhere in a new buffer, past the range it locked too (Wine's
 * test_max_index16 locks four vertices and writes the 65536th). */
static void buffer_widen_first(struct buffer *b)
{
    if (b->sent)
        return;
    b->dirty_start = 0;
    b->dirty_end = b->size;
    b->sent = TRUE;
}

/* What the locks behind an update let the unix side do: drop the rest of
 * the contents (DISCARD first), or write in place (NOOVERWRITE all). */
static DWORD buffer_update_flags(const struct buffer *b)
{
    if (b->discards)
        return D3DLOCK_DISCARD;
    return b->overwrites ? 0 : D3DLOCK_NOOVERWRITE;
}

static HRESULT buffer_unlock(struct object *obj, struct buffer *b)
{
    struct device *device = obj->device;
    struct mtld3d_rec_update_buffer *r;
    device_lock(device);
    if (!b->locks) {
        device_unlock(device);
        return D3D_OK; /* Windows answers D3D_OK too */
    }
    if (!--b->locks && b->mapped_write) {
        b->mapped_write = FALSE;
        device->mapped_writes--;
    }
    if (!b->locks && b->write) {
        buffer_widen_first(b);
        if ((r = device_record(device, MTLD3D_REC_UPDATE_BUFFER, sizeof(*r)))) {
            r->ID = b->id;
            r->Offset = b->dirty_start;
            r->Size = b->dirty_end - b->dirty_start;
            r->Src = (uint64_t)(uintptr_t)(b->mem + b->dirty_start);
            r->Flags = buffer_update_flags(b);
            device_name(device, &b->named, r);
        }
        b->write = FALSE;
    }
    device_unlock(device);
    return D3D_OK;
}

/* Sends the range a buffer's open locks may have written, from a copy of
 * it as it is now: the game may go on writing before the submit, and the
 * unlock sends the range again. */
static void buffer_record_open(struct device *device, struct buffer *b)
{
    struct mtld3d_rec_update_buffer *r;
    UINT size;
    BYTE *copy;
    if (!b->mapped_write)
        return;
    buffer_widen_first(b);
    size = b->dirty_end - b->dirty_start;
    if (!size || !(copy = device_blob(device, size)))
        return;
    memcpy(copy, b->mem + b->dirty_start, size);
    if ((r = device_record(device, MTLD3D_REC_UPDATE_BUFFER, sizeof(*r)))) {
        r->ID = b->id;
        r->Offset = b->dirty_start;
        r->Size = size;
        r->Src = (uint64_t)(uintptr_t)copy;
        r->Flags = buffer_update_flags(b);
    }
}

void buffer_record_mapped(struct device *device)
{
    if (!device->mapped_writes)
        return;
    for (UINT i = 0; i < MAX_STREAMS; i++) {
        if (device->state.streams[i].vb)
            buffer_record_open(device, &device->state.streams[i].vb->b);
    }
    if (device->state.indices)
        buffer_record_open(device, &device->state.indices->b);
}

HRESULT WINAPI vertexbuffer_Lock(IDirect3DVertexBuffer9 *iface, UINT offset, UINT size, void **data, DWORD flags)
{
    struct vertexbuffer *vb = vertexbuffer_impl(iface);
    return buffer_lock(&vb->obj, &vb->b, offset, size, data, flags);
}

HRESULT WINAPI vertexbuffer_Unlock(IDirect3DVertexBuffer9 *iface)
{
    struct vertexbuffer *vb = vertexbuffer_impl(iface);
    return buffer_unlock(&vb->obj, &vb->b);
}

HRESULT WINAPI vertexbuffer_GetDesc(IDirect3DVertexBuffer9 *iface, D3DVERTEXBUFFER_DESC *desc)
{
    struct vertexbuffer *vb = vertexbuffer_impl(iface);
    if (!desc)
        return D3DERR_INVALIDCALL;
    desc->Format = D3DFMT_VERTEXDATA;
    desc->Type = D3DRTYPE_VERTEXBUFFER;
    desc->Usage = vb->b.usage;
    desc->Pool = vb->obj.pool;
    desc->Size = vb->b.size;
    desc->FVF = vb->b.fvf;
    return D3D_OK;
}

HRESULT WINAPI indexbuffer_Lock(IDirect3DIndexBuffer9 *iface, UINT offset, UINT size, void **data, DWORD flags)
{
    struct indexbuffer *ib = indexbuffer_impl(iface);
    return buffer_lock(&ib->obj, &ib->b, offset, size, data, flags);
}

HRESULT WINAPI indexbuffer_Unlock(IDirect3DIndexBuffer9 *iface)
{
    struct indexbuffer *ib = indexbuffer_impl(iface);
    return buffer_unlock(&ib->obj, &ib->b);
}

HRESULT WINAPI indexbuffer_GetDesc(IDirect3DIndexBuffer9 *iface, D3DINDEXBUFFER_DESC *desc)
{
    struct indexbuffer *ib = indexbuffer_impl(iface);
    if (!desc)
        return D3DERR_INVALIDCALL;
    desc->Format = ib->b.format;
    desc->Type = D3DRTYPE_INDEXBUFFER;
    desc->Usage = ib->b.usage;
    desc->Pool = ib->obj.pool;
    desc->Size = ib->b.size;
    return D3D_OK;
}
