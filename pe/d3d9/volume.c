/* IDirect3DVolume9: a level of a volume texture, made on first
 * GetVolumeLevel. It has no count of its own (the texture is its
 * container) and locks through the texture (texture.c). */
#include "d3d9_private.h"

static void volume_destroy(struct object *obj)
{
    (void)obj; /* never called: a container owns the volume */
}

HRESULT volume_create(struct texture *t, UINT level, struct volume **out)
{
    const struct subresource *s = &t->subs[level];
    struct volume *v;
    if (!(v = HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof(*v))))
        return E_OUTOFMEMORY;
    v->iface.lpVtbl = (IDirect3DVolume9Vtbl *)&volume_vtbl;
    object_init(&v->obj, t->obj.device, &t->obj, t->obj.pool, volume_destroy, FALSE);
    v->texture = t;
    v->sub = level;
    v->desc.Format = t->format;
    v->desc.Type = D3DRTYPE_VOLUME;
    v->desc.Usage = t->usage;
    v->desc.Pool = t->obj.pool;
    v->desc.Width = s->width;
    v->desc.Height = s->height;
    v->desc.Depth = s->depth;
    *out = v;
    return D3D_OK;
}

void volume_free(struct volume *v)
{
    object_cleanup(&v->obj);
    HeapFree(GetProcessHeap(), 0, v);
}

static struct volume *volume_impl(IDirect3DVolume9 *iface)
{
    return CONTAINING_RECORD(iface, struct volume, iface);
}

HRESULT WINAPI volume_GetContainer(IDirect3DVolume9 *iface, REFIID riid, void **out)
{
    struct volume *v = volume_impl(iface);
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    return IDirect3DVolumeTexture9_QueryInterface(&v->texture->iface.vol, riid, out);
}

HRESULT WINAPI volume_GetDesc(IDirect3DVolume9 *iface, D3DVOLUME_DESC *desc)
{
    if (!desc)
        return D3DERR_INVALIDCALL;
    *desc = volume_impl(iface)->desc;
    return D3D_OK;
}

HRESULT WINAPI volume_LockBox(IDirect3DVolume9 *iface, D3DLOCKED_BOX *locked, const D3DBOX *box, DWORD flags)
{
    struct volume *v = volume_impl(iface);
    if (!locked)
        return D3DERR_INVALIDCALL;
    return texture_lock(v->texture, v->sub, locked, box, flags);
}

HRESULT WINAPI volume_UnlockBox(IDirect3DVolume9 *iface)
{
    struct volume *v = volume_impl(iface);
    return texture_unlock(v->texture, v->sub);
}
