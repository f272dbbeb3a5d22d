/* IDirect3DVertexShader9 and IDirect3DPixelShader9: the bytecode is
 * checked only as far as the runtime must (a version this device
 * supports, an end token reached by walking the instructions), kept for
 * GetFunction and handed to the unix side, which parses and translates
 * it. */
#include "d3d9_private.h"

#define END_TOKEN 0x0000ffffu
#define COMMENT_OPCODE 0xfffeu
#define DEF_OPCODE 0x51u
#define MAX_TOKENS (1u << 20) /* far beyond any shader model's limits */

/* Walks the tokens after the version to the end token; returns the
 * shader's size in bytes, or 0 if none is found. Shader model 2 and
 * later give each instruction's length; 1.x parameters are the tokens
 * with bit 31 set, except def's four raw values. */
static UINT shader_size(const DWORD *code, UINT major)
{
    UINT i = 1;
    while (i < MAX_TOKENS) {
        DWORD tok = code[i];
        DWORD op = tok & 0xffff;
        if (tok == END_TOKEN)
            return (i + 1) * sizeof(DWORD);
        i++;
        if (op == COMMENT_OPCODE) {
            i += (tok >> 16) & 0x7fff;
        } else if (major >= 2) {
            i += (tok >> 24) & 0xf;
        } else if (op == DEF_OPCODE) {
            i += 5;
        } else {
            while (i < MAX_TOKENS && (code[i] & 0x80000000u))
                i++;
        }
    }
    return 0;
}

static BOOL version_ok(DWORD version, BOOL pixel)
{
    UINT major = (version >> 8) & 0xff, minor = version & 0xff;
    if ((version >> 16) != (pixel ? 0xffffu : 0xfffeu))
        return FALSE;
    switch (major) {
    case 1:
        return pixel ? minor <= 4 : minor <= 1;
    case 2:
        return minor <= 1; /* 2_0 and 2_x */
    case 3:
        return minor == 0;
    default:
        return FALSE;
    }
}

static void shader_destroy(struct object *obj, struct shader *s)
{
    struct device *device = obj->device;
    struct mtld3d_rec_destroy_object *r;
    device_lock(device);
    if ((r = device_record(device, MTLD3D_REC_DESTROY_OBJECT, sizeof(*r))))
        r->ID = s->id;
    resmem_retire(device, s->code); /* the CreateShader record may still name it */
    device_unlock(device);
}

static void vshader_destroy(struct object *obj)
{
    struct vshader *vs = CONTAINING_RECORD(obj, struct vshader, obj);
    shader_destroy(obj, &vs->s);
    HeapFree(GetProcessHeap(), 0, vs);
}

static void pshader_destroy(struct object *obj)
{
    struct pshader *ps = CONTAINING_RECORD(obj, struct pshader, obj);
    shader_destroy(obj, &ps->s);
    HeapFree(GetProcessHeap(), 0, ps);
}

static HRESULT shader_init(struct device *device, struct shader *s, const DWORD *code, BOOL pixel)
{
    struct mtld3d_rec_create_shader *r;
    UINT size;
    if (!code || !version_ok(code[0], pixel))
        return D3DERR_INVALIDCALL;
    if (!(size = shader_size(code, (code[0] >> 8) & 0xff)))
        return D3DERR_INVALIDCALL;
    if (!(s->code = resmem_alloc(size)))
        return E_OUTOFMEMORY;
    memcpy(s->code, code, size);
    s->size = size;
    s->version = code[0];
    device_lock(device);
    resmem_reclaim(device);
    s->id = device_new_id(device);
    if ((r = device_record(device, MTLD3D_REC_CREATE_SHADER, sizeof(*r)))) {
        r->ID = s->id;
        r->Kind = pixel ? MTLD3D_SHADER_PIXEL : MTLD3D_SHADER_VERTEX;
        r->Size = size;
        r->Code = (uint64_t)(uintptr_t)s->code;
    }
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_CreateVertexShader(IDirect3DDevice9Ex *iface, const DWORD *code, IDirect3DVertexShader9 **out)
{
    struct device *device = device_impl(iface);
    struct vshader *vs;
    HRESULT hr;
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    if (!(vs = HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof(*vs))))
        return E_OUTOFMEMORY;
    vs->iface.lpVtbl = (IDirect3DVertexShader9Vtbl *)&vshader_vtbl;
    if (FAILED(hr = shader_init(device, &vs->s, code, FALSE))) {
        HeapFree(GetProcessHeap(), 0, vs);
        return hr;
    }
    object_init(&vs->obj, device, NULL, D3DPOOL_DEFAULT, vshader_destroy, FALSE);
    *out = &vs->iface;
    return D3D_OK;
}

HRESULT WINAPI device_CreatePixelShader(IDirect3DDevice9Ex *iface, const DWORD *code, IDirect3DPixelShader9 **out)
{
    struct device *device = device_impl(iface);
    struct pshader *ps;
    HRESULT hr;
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    if (!(ps = HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof(*ps))))
        return E_OUTOFMEMORY;
    ps->iface.lpVtbl = (IDirect3DPixelShader9Vtbl *)&pshader_vtbl;
    if (FAILED(hr = shader_init(device, &ps->s, code, TRUE))) {
        HeapFree(GetProcessHeap(), 0, ps);
        return hr;
    }
    object_init(&ps->obj, device, NULL, D3DPOOL_DEFAULT, pshader_destroy, FALSE);
    *out = &ps->iface;
    return D3D_OK;
}

/* GetFunction: NULL data asks for the size; too small a buffer is
 * refused and the size left as it was. */
static HRESULT get_function(const struct shader *s, void *data, UINT *size)
{
    if (!size)
        return D3DERR_INVALIDCALL;
    if (!data) {
        *size = s->size;
        return D3D_OK;
    }
    if (*size < s->size)
        return D3DERR_INVALIDCALL;
    memcpy(data, s->code, s->size);
    *size = s->size;
    return D3D_OK;
}

HRESULT WINAPI vshader_GetFunction(IDirect3DVertexShader9 *iface, void *data, UINT *size)
{
    return get_function(&vshader_impl(iface)->s, data, size);
}

HRESULT WINAPI pshader_GetFunction(IDirect3DPixelShader9 *iface, void *data, UINT *size)
{
    return get_function(&pshader_impl(iface)->s, data, size);
}
