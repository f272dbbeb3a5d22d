/* Surfaces, volumes, textures and buffers. Their memory for Lock lives in
 * guest pages; the unix side learns of changes through records. */
#ifndef MTLD3D_RESOURCE_H
#define MTLD3D_RESOURCE_H

#include <stdint.h>
#include <windows.h>
#include <d3d9.h>

#include "object.h"

struct surface {
    IDirect3DSurface9 iface;
    struct object obj;
    uint32_t id;
    D3DSURFACE_DESC desc;
    IUnknown *container;  /* what GetContainer answers for: texture, swap chain or device */
    UINT level;
    D3DCUBEMAP_FACES face;
    BOOL lockable;
    BYTE *mem;            /* guest copy for Lock, or NULL until needed */
    UINT pitch;
    LONG locked;
    HDC dc;
};

static inline struct surface *surface_impl(IDirect3DSurface9 *iface)
{
    return CONTAINING_RECORD(iface, struct surface, iface);
}

/* Creates a surface the unix side owns (kind: MTLD3D_SURFACE_*).
 * container is NULL for a surface with its own count; container_iface
 * answers GetContainer. implicit surfaces start with no public
 * reference, held by the device. */
HRESULT surface_create(struct device *device, const D3DSURFACE_DESC *desc, uint32_t kind, BOOL lockable,
                       struct object *container, IUnknown *container_iface, BOOL implicit, struct surface **out);

#endif
