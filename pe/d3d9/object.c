/* The shared object state and D3D9's reference rules (object.h). */
#include "d3d9_private.h"

void object_init(struct object *obj, struct device *device, struct object *container, D3DPOOL pool,
                 void (*destroy)(struct object *obj), BOOL implicit)
{
    obj->refcount = 0;
    obj->total = 0;
    obj->container = container;
    obj->device = device;
    obj->destroy = destroy;
    obj->priv = NULL;
    obj->pool = pool;
    obj->priority = 0;
    obj->counted = FALSE;
    obj->vidmem = 0;
    if (container)
        return;
    if (implicit)
        object_bind(obj);
    else
        object_addref(obj);
}

void object_count_default(struct object *obj, SIZE_T bytes)
{
    obj->counted = TRUE;
    obj->vidmem = bytes;
    obj->device->default_pool_objects++;
    obj->device->vidmem += bytes;
}

void object_uncount_default(struct object *obj)
{
    if (!obj->counted)
        return;
    obj->counted = FALSE;
    obj->device->default_pool_objects--;
    obj->device->vidmem -= obj->vidmem;
}

static void destroy(struct object *obj)
{
    obj->destroy(obj);
}

ULONG object_addref(struct object *obj)
{
    LONG ref;
    if (obj->container)
        return object_addref(obj->container);
    ref = InterlockedIncrement(&obj->refcount);
    InterlockedIncrement(&obj->total);
    if (ref == 1)
        device_addref_internal(obj->device);
    return (ULONG)ref;
}

ULONG object_release(struct object *obj)
{
    LONG ref;
    struct device *device = obj->device;
    if (obj->container)
        return object_release(obj->container);
    if (obj->refcount <= 0)
        return 0; /* a game's extra Release: Windows does not crash either */
    ref = InterlockedDecrement(&obj->refcount);
    if (!InterlockedDecrement(&obj->total))
        destroy(obj);
    if (!ref)
        device_release_internal(device);
    return (ULONG)ref;
}

/* The device's holds change only on the thread calling the device; without
 * D3DCREATE_MULTITHREADED D3D9 has the game serialise those calls, so a
 * plain add is enough and keeps binding setters cheap. */
void object_bind(struct object *obj)
{
    if (!obj)
        return;
    if (obj->container) {
        object_bind(obj->container);
        return;
    }
    if (obj->device->multithreaded)
        InterlockedIncrement(&obj->total);
    else
        obj->total++;
}

void object_unbind(struct object *obj)
{
    LONG total;
    if (!obj)
        return;
    if (obj->container) {
        object_unbind(obj->container);
        return;
    }
    total = obj->device->multithreaded ? InterlockedDecrement(&obj->total) : --obj->total;
    if (!total)
        destroy(obj);
}

HRESULT object_query(void *iface, struct object *obj, const GUID *const *iids, REFIID riid, void **out)
{
    if (!out)
        return E_POINTER;
    for (; *iids; iids++) {
        /* An Ex interface answers only on a device made through IDirect3D9Ex. */
        if (*iids == &IID_IDirect3DSwapChain9Ex && !obj->device->extended)
            continue;
        if (IsEqualGUID(riid, *iids)) {
            object_addref(obj);
            *out = iface;
            return S_OK;
        }
    }
    *out = NULL;
    return E_NOINTERFACE;
}

HRESULT object_get_device(struct object *obj, IDirect3DDevice9 **out)
{
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = device_iface(obj->device);
    IDirect3DDevice9_AddRef(*out);
    return D3D_OK;
}

static struct private_data **find_private(struct object *obj, REFGUID guid)
{
    struct private_data **p;
    for (p = &obj->priv; *p; p = &(*p)->next)
        if (IsEqualGUID(&(*p)->guid, guid))
            return p;
    return NULL;
}

static void free_private(struct private_data *d)
{
    if (d->flags & D3DSPD_IUNKNOWN) {
        IUnknown *unk;
        memcpy(&unk, d->data, sizeof(unk));
        IUnknown_Release(unk);
    }
    HeapFree(GetProcessHeap(), 0, d);
}

HRESULT object_set_private_data(struct object *obj, REFGUID guid, const void *data, DWORD size, DWORD flags)
{
    struct private_data **old, *d;
    if (!guid || (!data && size))
        return D3DERR_INVALIDCALL;
    if (flags & D3DSPD_IUNKNOWN) {
        if (size != sizeof(IUnknown *) || !data)
            return D3DERR_INVALIDCALL;
    }
    if (!(d = HeapAlloc(GetProcessHeap(), 0, sizeof(*d) + size)))
        return E_OUTOFMEMORY;
    d->guid = *guid;
    d->flags = flags & D3DSPD_IUNKNOWN;
    d->size = size;
    if (d->flags) {
        /* With D3DSPD_IUNKNOWN, data is the interface itself, not its address. */
        IUnknown *unk = (IUnknown *)data;
        memcpy(d->data, &unk, sizeof(unk));
        IUnknown_AddRef(unk);
    } else if (size) {
        memcpy(d->data, data, size);
    }
    if ((old = find_private(obj, guid))) {
        struct private_data *o = *old;
        *old = o->next;
        free_private(o);
    }
    d->next = obj->priv;
    obj->priv = d;
    return D3D_OK;
}

HRESULT object_get_private_data(struct object *obj, REFGUID guid, void *data, DWORD *size)
{
    struct private_data **p;
    if (!guid)
        return D3DERR_INVALIDCALL;
    if (!(p = find_private(obj, guid)))
        return D3DERR_NOTFOUND;
    if (!size)
        return D3DERR_INVALIDCALL;
    if (!data) {
        *size = (*p)->size;
        return D3D_OK;
    }
    if (*size < (*p)->size) {
        *size = (*p)->size;
        return D3DERR_MOREDATA;
    }
    *size = (*p)->size;
    memcpy(data, (*p)->data, (*p)->size);
    if ((*p)->flags & D3DSPD_IUNKNOWN) {
        IUnknown *unk;
        memcpy(&unk, (*p)->data, sizeof(unk));
        IUnknown_AddRef(unk);
    }
    return D3D_OK;
}

HRESULT object_free_private_data(struct object *obj, REFGUID guid)
{
    struct private_data **p, *d;
    if (!guid)
        return D3DERR_INVALIDCALL;
    if (!(p = find_private(obj, guid)))
        return D3DERR_NOTFOUND;
    d = *p;
    *p = d->next;
    free_private(d);
    return D3D_OK;
}

void object_cleanup(struct object *obj)
{
    while (obj->priv) {
        struct private_data *d = obj->priv;
        obj->priv = d->next;
        free_private(d);
    }
}

/* Priority matters only to the managed pool's eviction; other pools
 * ignore it and report 0, as Windows does, and so do a texture's surfaces
 * and volumes, which are evicted with their texture (Wine's
 * test_resource_priority). */
DWORD object_set_priority(struct object *obj, DWORD priority)
{
    DWORD old = obj->priority;
    if (obj->pool != D3DPOOL_MANAGED || obj->container)
        return 0;
    obj->priority = priority;
    return old;
}

DWORD object_get_priority(struct object *obj)
{
    return obj->pool == D3DPOOL_MANAGED && !obj->container ? obj->priority : 0;
}
