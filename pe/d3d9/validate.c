/* IDirect3DDevice9::ValidateDevice: whether the current texture blending,
 * filtering and blending state can be drawn in one pass, judged against
 * the caps core/caps reports (pe/gen) and the format table's
 * D3DUSAGE_QUERY_FILTER answers. No unix call: every input is guest state.
 *
 * What is judged, and the code each failure answers (the D3DERR_* codes
 * the documentation lists for the method):
 * - a lost device: D3DERR_DEVICELOST;
 * - fixed-function stages, from stage 0 up to the first whose COLOROP is
 *   DISABLE (ignored while a pixel shader is set): an operation past
 *   D3DTOP_LERP is D3DERR_UNSUPPORTEDCOLOROPERATION or
 *   D3DERR_UNSUPPORTEDALPHAOPERATION, an argument the operation reads
 *   that names no D3DTA_* source or carries unknown modifier bits is
 *   D3DERR_UNSUPPORTEDCOLORARG or D3DERR_UNSUPPORTEDALPHAARG;
 * - the samplers of those stages (with a pixel shader: every pixel
 *   sampler with a texture): a MAGFILTER or MINFILTER of NONE, or a filter
 *   the caps do not list, is D3DERR_UNSUPPORTEDTEXTUREFILTER; a linear or
 *   anisotropic filter on a texture whose format CheckDeviceFormat refuses
 *   D3DUSAGE_QUERY_FILTER for is E_FAIL, as Windows answers it (Wine's
 *   test_filter). Depth textures are exempt: they are sampled with a
 *   comparison, which filters in every format;
 * - with ALPHABLENDENABLE, a blend factor or operation outside the caps:
 *   D3DERR_CONFLICTINGRENDERSTATE.
 * On failure *passes is left as it was; on success it is 1. */
#include "d3d9_private.h"
#include "state_tables.h"

static BOOL op_ok(DWORD op)
{
    return op >= D3DTOP_DISABLE && op <= D3DTOP_LERP;
}

static BOOL arg_ok(DWORD arg)
{
    return (arg & D3DTA_SELECTMASK) <= D3DTA_CONSTANT &&
           !(arg & ~(D3DTA_SELECTMASK | D3DTA_COMPLEMENT | D3DTA_ALPHAREPLICATE));
}

/* Whether the arguments op reads (ARG1, ARG2 and, for the three-argument
 * operations, ARG0) are all valid. */
static BOOL args_ok(DWORD op, DWORD arg0, DWORD arg1, DWORD arg2)
{
    if (op == D3DTOP_DISABLE)
        return TRUE;
    if (op != D3DTOP_SELECTARG2 && !arg_ok(arg1))
        return FALSE;
    if (op != D3DTOP_SELECTARG1 && !arg_ok(arg2))
        return FALSE;
    if ((op == D3DTOP_MULTIPLYADD || op == D3DTOP_LERP) && !arg_ok(arg0))
        return FALSE;
    return TRUE;
}

static BOOL linear(DWORD filter)
{
    return filter != D3DTEXF_NONE && filter != D3DTEXF_POINT;
}

static HRESULT check_sampler(const struct d3d9_state *s, DWORD i)
{
    const DWORD *samp = s->samp[i];
    DWORD mag = samp[D3DSAMP_MAGFILTER], min = samp[D3DSAMP_MINFILTER], mip = samp[D3DSAMP_MIPFILTER];
    struct texture *t;

    /* The caps list POINT, LINEAR and ANISOTROPIC for minification and
     * magnification, POINT and LINEAR between mip levels. */
    if (mag < D3DTEXF_POINT || mag > D3DTEXF_ANISOTROPIC || min < D3DTEXF_POINT || min > D3DTEXF_ANISOTROPIC ||
        mip > D3DTEXF_LINEAR)
        return D3DERR_UNSUPPORTEDTEXTUREFILTER;
    if (!s->textures[i] || !(linear(mag) || linear(min) || linear(mip)))
        return D3D_OK;
    t = CONTAINING_RECORD(s->textures[i], struct texture, obj);
    if (t->info && (t->info->flags & MTLD3D_FMT_DEPTH))
        return D3D_OK;
    if (resource_check_format(t->format, D3DUSAGE_QUERY_FILTER, t->type, NULL) != D3D_OK)
        return E_FAIL;
    return D3D_OK;
}

static BOOL blend_factor_ok(DWORD f)
{
    return f >= D3DBLEND_ZERO && f <= D3DBLEND_INVBLENDFACTOR;
}

static BOOL blend_op_ok(DWORD op)
{
    return op >= D3DBLENDOP_ADD && op <= D3DBLENDOP_MAX;
}

static HRESULT check_blend(const DWORD *rs)
{
    if (!rs[D3DRS_ALPHABLENDENABLE])
        return D3D_OK;
    if (!blend_factor_ok(rs[D3DRS_SRCBLEND]) || !blend_factor_ok(rs[D3DRS_DESTBLEND]) ||
        !blend_op_ok(rs[D3DRS_BLENDOP]))
        return D3DERR_CONFLICTINGRENDERSTATE;
    if (rs[D3DRS_SEPARATEALPHABLENDENABLE] &&
        (!blend_factor_ok(rs[D3DRS_SRCBLENDALPHA]) || !blend_factor_ok(rs[D3DRS_DESTBLENDALPHA]) ||
         !blend_op_ok(rs[D3DRS_BLENDOPALPHA])))
        return D3DERR_CONFLICTINGRENDERSTATE;
    return D3D_OK;
}

static HRESULT validate(const struct d3d9_state *s)
{
    HRESULT hr;
    DWORD i;

    if (s->ps) {
        for (i = 0; i < MTLD3D_PIXEL_SAMPLERS; i++)
            if (s->textures[i] && (hr = check_sampler(s, i)) != D3D_OK)
                return hr;
    } else {
        for (i = 0; i < MAX_TEXTURE_STAGES; i++) {
            const DWORD *tss = s->tss[i];
            DWORD cop = tss[D3DTSS_COLOROP], aop = tss[D3DTSS_ALPHAOP];
            if (cop == D3DTOP_DISABLE)
                break;
            if (!op_ok(cop))
                return D3DERR_UNSUPPORTEDCOLOROPERATION;
            if (!op_ok(aop))
                return D3DERR_UNSUPPORTEDALPHAOPERATION;
            if (!args_ok(cop, tss[D3DTSS_COLORARG0], tss[D3DTSS_COLORARG1], tss[D3DTSS_COLORARG2]))
                return D3DERR_UNSUPPORTEDCOLORARG;
            if (!args_ok(aop, tss[D3DTSS_ALPHAARG0], tss[D3DTSS_ALPHAARG1], tss[D3DTSS_ALPHAARG2]))
                return D3DERR_UNSUPPORTEDALPHAARG;
            if ((hr = check_sampler(s, i)) != D3D_OK)
                return hr;
        }
    }
    return check_blend(s->rs);
}

HRESULT WINAPI device_ValidateDevice(IDirect3DDevice9Ex *iface, DWORD *passes)
{
    struct device *device = device_impl(iface);
    HRESULT hr;

    if (!passes)
        return D3DERR_INVALIDCALL;
    if (device->status != DEVICE_OK)
        return D3DERR_DEVICELOST;
    device_lock(device);
    hr = validate(&device->state);
    device_unlock(device);
    if (hr == D3D_OK)
        *passes = 1;
    return hr;
}
