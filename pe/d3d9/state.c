/* Device state: defaults, and the setters and getters that start with
 * the viewport. (The full set of setters, getters and their records is
 * being built here; see docs/STATUS.md.) */
#include "d3d9_private.h"

void state_init(struct device *device)
{
    memset(&device->state, 0, sizeof(device->state));
}

void state_cleanup(struct device *device)
{
    HeapFree(GetProcessHeap(), 0, device->state.lights);
    device->state.lights = NULL;
    device->state.light_count = device->state.light_capacity = 0;
}

static void record_viewport(struct device *device)
{
    const D3DVIEWPORT9 *v = &device->state.viewport;
    const RECT *s = &device->state.scissor;
    struct mtld3d_rec_set_viewport *r = device_record(device, MTLD3D_REC_SET_VIEWPORT, sizeof(*r));
    struct mtld3d_rec_set_scissor *q = device_record(device, MTLD3D_REC_SET_SCISSOR, sizeof(*q));
    if (r) {
        r->X = v->X;
        r->Y = v->Y;
        r->Width = v->Width;
        r->Height = v->Height;
        r->MinZ = v->MinZ;
        r->MaxZ = v->MaxZ;
    }
    if (q) {
        q->Left = s->left;
        q->Top = s->top;
        q->Right = s->right;
        q->Bottom = s->bottom;
    }
}

void state_reset_viewport(struct device *device)
{
    struct surface *rt = device->rts[0];
    D3DVIEWPORT9 v = {0, 0, rt ? rt->desc.Width : 0, rt ? rt->desc.Height : 0, 0.0f, 1.0f};
    device->state.viewport = v;
    SetRect(&device->state.scissor, 0, 0, (int)v.Width, (int)v.Height);
    record_viewport(device);
}

HRESULT WINAPI device_SetViewport(IDirect3DDevice9Ex *iface, const D3DVIEWPORT9 *v)
{
    struct device *device = device_impl(iface);
    struct surface *rt = device->rts[0];
    if (!v)
        return D3DERR_INVALIDCALL;
    /* Windows refuses a viewport outside render target 0. */
    if (rt && ((UINT64)v->X + v->Width > rt->desc.Width || (UINT64)v->Y + v->Height > rt->desc.Height))
        return D3DERR_INVALIDCALL;
    device_lock(device);
    device->state.viewport = *v;
    record_viewport(device);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_GetViewport(IDirect3DDevice9Ex *iface, D3DVIEWPORT9 *v)
{
    if (!v)
        return D3DERR_INVALIDCALL;
    *v = device_impl(iface)->state.viewport;
    return D3D_OK;
}
