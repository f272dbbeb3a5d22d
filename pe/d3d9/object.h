/* The state every COM object of d3d9.dll except IDirect3D9 and the device
 * shares, and D3D9's reference rules:
 *
 * - refcount is the public count AddRef and Release return. An object
 *   with a public reference holds one reference on its device, as on
 *   Windows (creating a texture raises the device's count).
 * - total is refcount plus the device's own holds (bindings, implicit
 *   objects). The object is destroyed when total reaches zero, so a
 *   released but still bound texture lives until it is unbound, and
 *   exactly one thread sees the last decrement.
 * - An object with a container (a texture's surfaces and volumes) has no
 *   count of its own: it forwards to the container. A swap chain's back
 *   buffers are not such children: they count for themselves, as on
 *   Windows, and the swap chain holds them.
 *
 * Objects are laid out as { Interface iface; struct object obj; ... } so
 * the generated methods (pe/gen/d3d9_vtbl.c) find obj from the
 * interface pointer. */
#ifndef MTLD3D_OBJECT_H
#define MTLD3D_OBJECT_H

#include <windows.h>
#include <d3d9.h>

struct device;
struct object;

struct private_data {
    struct private_data *next;
    GUID guid;
    DWORD flags; /* D3DSPD_IUNKNOWN: data holds an IUnknown * we reference */
    DWORD size;
    BYTE data[];
};

struct object {
    LONG refcount;
    LONG total;
    struct object *container;
    struct device *device;
    void (*destroy)(struct object *obj);
    struct private_data *priv;
    D3DPOOL pool;
    DWORD priority;
    BOOL counted;  /* a game-made default-pool resource: Reset refuses while it lives */
    SIZE_T vidmem; /* its bytes, counted against GetAvailableTextureMem while counted */
};

#define object_of(iface) ((struct object *)((void **)(iface) + 1))

/* Sets up obj with the given counts. A created object starts with one
 * public reference (and so one device reference); an implicit one (a
 * back buffer) with none and a device hold. */
void object_init(struct object *obj, struct device *device, struct object *container, D3DPOOL pool,
                 void (*destroy)(struct object *obj), BOOL implicit);
/* Frees the private data; a class's destroy calls it. */
void object_cleanup(struct object *obj);

ULONG object_addref(struct object *obj);
ULONG object_release(struct object *obj);
/* The device's holds. Both accept NULL. */
void object_bind(struct object *obj);
void object_unbind(struct object *obj);

/* A game-made DEFAULT-pool resource of bytes (under the device lock):
 * Reset refuses while one lives, and GetAvailableTextureMem counts them.
 * uncount is the destroy's; it does nothing for an object never counted. */
void object_count_default(struct object *obj, SIZE_T bytes);
void object_uncount_default(struct object *obj);

HRESULT object_query(void *iface, struct object *obj, const GUID *const *iids, REFIID riid, void **out);
HRESULT object_get_device(struct object *obj, IDirect3DDevice9 **out);
HRESULT object_set_private_data(struct object *obj, REFGUID guid, const void *data, DWORD size, DWORD flags);
HRESULT object_get_private_data(struct object *obj, REFGUID guid, void *data, DWORD *size);
HRESULT object_free_private_data(struct object *obj, REFGUID guid);
DWORD object_set_priority(struct object *obj, DWORD priority);
DWORD object_get_priority(struct object *obj);

#endif
