/* IDirect3DVertexShader9 and IDirect3DPixelShader9: the bytecode is
 * checked only as far as the runtime must (a version this device
 * supports, an end token reached by walking the instructions, constant
 * registers within the shader model's limits, no ps_3_0 input declared
 * POSITION0), kept for
 * GetFunction and handed to the unix side, which parses and translates
 * it. */
#include "d3d9_private.h"

#define END_TOKEN 0x0000ffffu
#define COMMENT_OPCODE 0xfffeu
#define DEF_OPCODE 0x51u
#define MAX_TOKENS (1u << 20) /* far beyond any shader model's limits */

#define DCL_OPCODE 0x1fu
#define DEFI_OPCODE 0x30u
#define DEFB_OPCODE 0x2fu
#define RELATIVE_BIT 0x2000u /* D3DSHADER_ADDRMODE_RELATIVE */

/* Constant registers a shader may name, by file (D3DSPR_CONST, CONSTINT,
 * CONSTBOOL): c, i and b indices must be below these. */
struct const_limits {
    UINT f, i, b;
};

/* What the runtime accepts (Wine's test_unsupported_shaders, run on
 * Windows; D3DCAPS9's shader limits): vertex shaders c0-255, i and b
 * 0-15 on a hardware device, the software pipeline's registers (the
 * device's vs_const) on a software or mixed one; pixel shaders c0-7 in
 * 1.x, c0-31 in 2.x, c0-223 in 3.0, and no i or b registers before 2.x. */
static struct const_limits const_limits(const struct device *device, DWORD version, BOOL pixel)
{
    UINT major = (version >> 8) & 0xff, minor = version & 0xff;
    struct const_limits l = {VS_CONST_F, CONST_I, CONST_B};
    if (!pixel) {
        l.f = device->vs_const.f;
        l.i = device->vs_const.i;
        l.b = device->vs_const.b;
        return l;
    }
    if (major == 1)
        l.f = 8, l.i = l.b = 0;
    else if (major == 2)
        l.f = 32, l.i = l.b = minor ? CONST_I : 0;
    else
        l.f = PS_CONST_F;
    return l;
}

/* Whether a register parameter token names a constant past the limits. */
static BOOL const_out_of_range(DWORD tok, const struct const_limits *l)
{
    DWORD type = ((tok >> 28) & 7) | ((tok >> 8) & 0x18), index = tok & 0x7ff;
    switch (type) {
    case D3DSPR_CONST:
        return index >= l->f;
    case D3DSPR_CONST2:
        return index + 2048 >= l->f;
    case D3DSPR_CONST3:
        return index + 4096 >= l->f;
    case D3DSPR_CONST4:
        return index + 6144 >= l->f;
    case D3DSPR_CONSTINT:
        return index >= l->i;
    case D3DSPR_CONSTBOOL:
        return index >= l->b;
    default:
        return FALSE;
    }
}

/* Whether a dcl declares what the runtime refuses: a ps_3_0 input (v#)
 * of usage POSITION with usage index 0 (Windows' runtime and shader
 * assembler refuse it, Wine's test_position_index; POSITION1 is an
 * ordinary varying). */
static BOOL bad_dcl(const DWORD *params, BOOL pixel)
{
    DWORD usage = params[0] & 0x1f, index = (params[0] >> 16) & 0xf;
    DWORD reg = params[1], type = ((reg >> 28) & 7) | ((reg >> 8) & 0x18);
    return pixel && type == D3DSPR_INPUT && usage == D3DDECLUSAGE_POSITION && index == 0;
}

/* Walks the tokens after the version to the end token, checking every
 * register parameter against the constant limits l (noting in *past_hw
 * one past the hardware's, hw) and shader model 3's dcl rules (bad_dcl);
 * returns the shader's size in bytes, or 0 if no end token is found, a
 * constant is out of range or a dcl is refused. Shader model 2 and later
 * give each instruction's length; 1.x parameters are the tokens with bit
 * 31 set, except def's four raw values. dcl's first parameter and def,
 * defi and defb's values are not registers. */
static UINT shader_size(const DWORD *code, const struct const_limits *l, const struct const_limits *hw,
                        BOOL *past_hw, BOOL pixel)
{
    UINT major = (code[0] >> 8) & 0xff, i = 1;
    while (i < MAX_TOKENS) {
        DWORD tok = code[i];
        DWORD op = tok & 0xffff;
        UINT end, regs;
        if (tok == END_TOKEN)
            return (i + 1) * sizeof(DWORD);
        i++;
        if (op == COMMENT_OPCODE) {
            i += (tok >> 16) & 0x7fff;
            continue;
        }
        if (major >= 2) {
            end = i + ((tok >> 24) & 0xf);
        } else if (op == DEF_OPCODE) {
            end = i + 5;
        } else {
            end = i;
            while (end < MAX_TOKENS && (code[end] & 0x80000000u))
                end++;
        }
        regs = end - i;
        if (major >= 3 && op == DCL_OPCODE && regs == 2 && bad_dcl(code + i, pixel))
            return 0;
        if (op == DEF_OPCODE || op == DEFI_OPCODE || op == DEFB_OPCODE)
            regs = 1; /* the register defined, then raw values */
        for (UINT k = 0; k < regs && i + k < MAX_TOKENS; k++) {
            if (op == DCL_OPCODE && k == 0)
                continue; /* the usage or sampler type, not a register */
            if (const_out_of_range(code[i + k], l))
                return 0;
            if (const_out_of_range(code[i + k], hw))
                *past_hw = TRUE;
        }
        i = end;
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
    static const struct const_limits hw_vs = {VS_CONST_F, CONST_I, CONST_B};
    struct const_limits limits;
    UINT size;
    if (!code || !version_ok(code[0], pixel))
        return D3DERR_INVALIDCALL;
    limits = const_limits(device, code[0], pixel);
    if (!(size = shader_size(code, &limits, pixel ? &limits : &hw_vs, &s->needs_swvp, pixel)))
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
        r->Software = s->needs_swvp;
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
