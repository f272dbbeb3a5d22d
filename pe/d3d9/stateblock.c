/* IDirect3DStateBlock9: CreateStateBlock, BeginStateBlock/EndStateBlock,
 * Capture and Apply. A block is a struct d3d9_state plus a mask of the
 * states it holds. One function (apply_or_capture) walks the mask for
 * both Capture and Apply, so the two can never disagree on what a block
 * holds; Apply goes through the device's state_set_* functions, so it
 * emits the same records as the game's own setters. */
#include "stateblock.h"
#include "state_tables.h"

static void stateblock_destroy(struct object *obj)
{
    struct stateblock *sb = CONTAINING_RECORD(obj, struct stateblock, obj);
    state_release(&sb->state);
    state_free_vs_consts(&sb->state);
    object_cleanup(obj);
    HeapFree(GetProcessHeap(), 0, sb);
}

/* A recording block has no public reference until EndStateBlock; the
 * device holds it meanwhile. */
static HRESULT stateblock_alloc(struct device *device, BOOL recording, struct stateblock **out)
{
    struct stateblock *sb = HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof(*sb));
    if (!sb)
        return E_OUTOFMEMORY;
    if (!state_alloc_vs_consts(&sb->state, &device->vs_const)) {
        HeapFree(GetProcessHeap(), 0, sb);
        return E_OUTOFMEMORY;
    }
    sb->iface.lpVtbl = (IDirect3DStateBlock9Vtbl *)&stateblock_vtbl;
    object_init(&sb->obj, device, NULL, D3DPOOL_SYSTEMMEM, stateblock_destroy, recording);
    *out = sb;
    return D3D_OK;
}

void stateblock_discard(struct stateblock *sb)
{
    object_unbind(&sb->obj);
}

static void mask_type(struct state_mask *m, D3DSTATEBLOCKTYPE type)
{
    BYTE want = type == D3DSBT_PIXELSTATE ? MTLD3D_STATE_PIXEL
              : type == D3DSBT_VERTEXSTATE ? MTLD3D_STATE_VERTEX
                                           : MTLD3D_STATE_VALID;
    BOOL all = type == D3DSBT_ALL, pixel = all || type == D3DSBT_PIXELSTATE, vertex = all || type == D3DSBT_VERTEXSTATE;

    for (UINT i = 0; i < MAX_RENDER_STATES; i++)
        if (mtld3d_rs_flags[i] & want)
            MASK_SET(m->rs, i);
    for (UINT s = 0; s < MAX_TEXTURE_STAGES; s++)
        for (UINT i = 0; i < MAX_TSS; i++)
            if (mtld3d_tss_flags[i] & want)
                MASK_SET(m->tss[s], i);
    for (UINT s = 0; s < MAX_SAMPLERS; s++) {
        /* Pixel states are the pixel samplers', vertex states the vertex samplers'. */
        if (!all && (s < MTLD3D_PIXEL_SAMPLERS) != pixel)
            continue;
        for (UINT i = 0; i < MAX_SAMPLER_STATES; i++)
            if (mtld3d_samp_flags[i] & want)
                m->samp[s] |= 1u << i;
    }
    if (pixel) {
        m->ps = TRUE;
        memset(m->ps_f, 0xff, sizeof(m->ps_f));
        m->ps_i[0] = m->ps_b[0] = 0xffff;
    }
    if (vertex) {
        m->vs = TRUE;
        memset(m->vs_f, 0xff, sizeof(m->vs_f));
        memset(m->vs_i, 0xff, sizeof(m->vs_i));
        memset(m->vs_b, 0xff, sizeof(m->vs_b));
        m->vdecl = TRUE;
        m->all_lights = TRUE;
    }
    if (all) {
        memset(m->transforms, 0xff, sizeof(m->transforms));
        m->clip_planes = (1u << MAX_CLIP_PLANES) - 1;
        m->streams = m->stream_freq = (1u << MAX_STREAMS) - 1;
        m->textures = (1u << MAX_SAMPLERS) - 1;
        m->material = m->viewport = m->scissor = m->indices = m->npatch = m->palette = TRUE;
    }
}

/* Calls set(start, count) for each run of set bits in a mask of n bits
 * (n a multiple of 32 or less than 32), a clear word at a time. */
#define FOR_RUNS(mask, n, set)                                           \
    for (UINT i_ = 0; i_ < (n);) {                                       \
        UINT start_ = i_, count_;                                        \
        if (!(i_ & 31) && !(mask)[i_ >> 5]) {                            \
            i_ += 32;                                                    \
            continue;                                                    \
        }                                                                \
        if (!MASK_TEST(mask, i_)) {                                      \
            i_++;                                                        \
            continue;                                                    \
        }                                                                \
        while (i_ < (n) && MASK_TEST(mask, i_))                          \
            i_++;                                                        \
        count_ = i_ - start_;                                            \
        set(start_, count_);                                             \
    }

static void capture_lights(struct d3d9_state *s, struct d3d9_state *dev, BOOL all)
{
    if (all) {
        /* The block takes every light the device has now. */
        s->light_count = 0;
        for (UINT i = 0; i < dev->light_count; i++) {
            struct light *l = state_add_light(s, dev->lights[i].index);
            if (!l)
                break;
            *l = dev->lights[i];
            l->captured = LIGHT_PARAMS | LIGHT_ENABLE;
        }
        return;
    }
    for (UINT i = 0; i < s->light_count; i++) {
        struct light *l = &s->lights[i];
        struct light *src = state_find_light(dev, l->index);
        if (!src)
            continue;
        if (l->captured & LIGHT_PARAMS)
            l->light = src->light;
        if (l->captured & LIGHT_ENABLE)
            l->enabled = src->enabled;
    }
}

static void apply_or_capture(struct stateblock *sb, BOOL apply)
{
    struct device *d = sb->obj.device;
    struct d3d9_state *dev = &d->state, *s = &sb->state;
    const struct state_mask *m = &sb->mask;

    for (UINT i = 0; i < MAX_RENDER_STATES; i++) {
        if (!MASK_TEST(m->rs, i))
            continue;
        if (apply)
            state_set_rs(d, i, s->rs[i]);
        else
            s->rs[i] = dev->rs[i];
    }
    for (UINT st = 0; st < MAX_TEXTURE_STAGES; st++) {
        for (UINT i = 0; i < MAX_TSS; i++) {
            if (!MASK_TEST(m->tss[st], i))
                continue;
            if (apply)
                state_set_tss(d, st, i, s->tss[st][i]);
            else
                s->tss[st][i] = dev->tss[st][i];
        }
    }
    for (UINT sm = 0; sm < MAX_SAMPLERS; sm++) {
        for (UINT i = 0; i < MAX_SAMPLER_STATES; i++) {
            if (!(m->samp[sm] & (1u << i)))
                continue;
            if (apply)
                state_set_samp(d, sm, i, s->samp[sm][i]);
            else
                s->samp[sm][i] = dev->samp[sm][i];
        }
    }
    for (UINT i = 0; i < MAX_TRANSFORMS; i++) {
        if (!MASK_TEST(m->transforms, i))
            continue;
        if (apply)
            state_set_transform(d, i, &s->transforms[i]);
        else
            s->transforms[i] = dev->transforms[i];
    }
    if (m->material) {
        if (apply)
            state_set_material(d, &s->material);
        else
            s->material = dev->material;
    }
    if (apply) {
        for (UINT i = 0; i < s->light_count; i++) {
            const struct light *l = &s->lights[i];
            if (l->captured & LIGHT_PARAMS)
                state_set_light(d, l->index, &l->light);
            if (l->captured & LIGHT_ENABLE)
                state_light_enable(d, l->index, l->enabled);
        }
    } else {
        capture_lights(s, dev, m->all_lights);
    }
    for (UINT i = 0; i < MAX_CLIP_PLANES; i++) {
        if (!(m->clip_planes & (1u << i)))
            continue;
        if (apply)
            state_set_clip_plane(d, i, s->clip_planes[i]);
        else
            memcpy(s->clip_planes[i], dev->clip_planes[i], sizeof(s->clip_planes[i]));
    }
    if (m->viewport) {
        if (apply)
            state_set_viewport(d, &s->viewport);
        else
            s->viewport = dev->viewport;
    }
    if (m->scissor) {
        if (apply)
            state_set_scissor(d, &s->scissor);
        else
            s->scissor = dev->scissor;
    }

    /* Constants go in runs, one record per run. */
#define VS_F(start, count) \
    (apply ? state_set_const_f(d, FALSE, start, s->vs_f[start], count) \
           : (void)memcpy(s->vs_f[start], dev->vs_f[start], (count) * sizeof(s->vs_f[0])))
#define PS_F(start, count) \
    (apply ? state_set_const_f(d, TRUE, start, s->ps_f[start], count) \
           : (void)memcpy(s->ps_f[start], dev->ps_f[start], (count) * sizeof(s->ps_f[0])))
#define VS_I(start, count) \
    (apply ? state_set_const_i(d, FALSE, start, s->vs_i[start], count) \
           : (void)memcpy(s->vs_i[start], dev->vs_i[start], (count) * sizeof(s->vs_i[0])))
#define PS_I(start, count) \
    (apply ? state_set_const_i(d, TRUE, start, s->ps_i[start], count) \
           : (void)memcpy(s->ps_i[start], dev->ps_i[start], (count) * sizeof(s->ps_i[0])))
#define VS_B(start, count) \
    (apply ? state_set_const_b(d, FALSE, start, s->vs_b + (start), count) \
           : (void)memcpy(s->vs_b + (start), dev->vs_b + (start), (count) * sizeof(BOOL)))
#define PS_B(start, count) \
    (apply ? state_set_const_b(d, TRUE, start, s->ps_b + (start), count) \
           : (void)memcpy(s->ps_b + (start), dev->ps_b + (start), (count) * sizeof(BOOL)))
    FOR_RUNS(m->vs_f, d->vs_const.f, VS_F)
    FOR_RUNS(m->ps_f, PS_CONST_F, PS_F)
    FOR_RUNS(m->vs_i, d->vs_const.i, VS_I)
    FOR_RUNS(m->ps_i, CONST_I, PS_I)
    FOR_RUNS(m->vs_b, d->vs_const.b, VS_B)
    FOR_RUNS(m->ps_b, CONST_B, PS_B)
#undef VS_F
#undef PS_F
#undef VS_I
#undef PS_I
#undef VS_B
#undef PS_B

    for (UINT i = 0; i < MAX_STREAMS; i++) {
        if (m->streams & (1u << i)) {
            struct stream *ss = &s->streams[i];
            const struct stream *ds = &dev->streams[i];
            if (apply) {
                state_set_stream(d, i, ss->vb, ss->offset, ss->stride);
            } else {
                state_hold((void **)&ss->vb, ds->vb);
                if (!sb->keep_offsets)
                    ss->offset = ds->offset;
                ss->stride = ds->stride;
            }
        }
        if (m->stream_freq & (1u << i)) {
            if (apply)
                state_set_stream_freq(d, i, s->streams[i].freq);
            else
                s->streams[i].freq = dev->streams[i].freq;
        }
    }
    if (m->indices) {
        if (apply)
            state_set_indices(d, s->indices);
        else
            state_hold((void **)&s->indices, dev->indices);
    }
    if (m->vdecl) {
        if (apply) {
            /* A block holding no declaration leaves the device's alone, as
             * Windows does (Wine's device test test_vdecl_apply). */
            if (s->fvf)
                state_set_fvf(d, s->fvf);
            else if (s->decl)
                state_set_decl(d, s->decl);
        } else {
            state_hold((void **)&s->decl, dev->decl);
            s->fvf = dev->fvf;
        }
    }
    if (m->vs) {
        if (apply)
            state_set_vs(d, s->vs);
        else
            state_hold((void **)&s->vs, dev->vs);
    }
    if (m->ps) {
        if (apply)
            state_set_ps(d, s->ps);
        else
            state_hold((void **)&s->ps, dev->ps);
    }
    for (UINT i = 0; i < MAX_SAMPLERS; i++) {
        if (!(m->textures & (1u << i)))
            continue;
        if (apply) {
            state_set_texture(d, i, s->textures[i]);
        } else if (s->textures[i] != dev->textures[i]) {
            struct object *old = s->textures[i];
            object_bind(dev->textures[i]);
            s->textures[i] = dev->textures[i];
            object_unbind(old);
        }
    }
    if (m->npatch) {
        if (apply)
            state_set_npatch(d, s->npatch_mode);
        else
            s->npatch_mode = dev->npatch_mode;
    }
    if (m->palette) {
        if (apply)
            state_set_palette(d, s->palette);
        else
            s->palette = dev->palette;
    }
}

HRESULT WINAPI device_CreateStateBlock(IDirect3DDevice9Ex *iface, D3DSTATEBLOCKTYPE type, IDirect3DStateBlock9 **out)
{
    struct device *device = device_impl(iface);
    struct stateblock *sb;
    HRESULT hr;
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    if (type != D3DSBT_ALL && type != D3DSBT_PIXELSTATE && type != D3DSBT_VERTEXSTATE)
        return D3DERR_INVALIDCALL;
    device_lock(device);
    /* Not while a block records (Windows, Wine's test_begin_end_state_block). */
    if (device->recording)
        hr = D3DERR_INVALIDCALL;
    else if (SUCCEEDED(hr = stateblock_alloc(device, FALSE, &sb))) {
        mask_type(&sb->mask, type);
        apply_or_capture(sb, FALSE);
        sb->keep_offsets = TRUE;
        *out = &sb->iface;
    }
    device_unlock(device);
    return hr;
}

HRESULT WINAPI device_BeginStateBlock(IDirect3DDevice9Ex *iface)
{
    struct device *device = device_impl(iface);
    struct stateblock *sb;
    HRESULT hr = D3DERR_INVALIDCALL;
    device_lock(device);
    if (!device->recording && SUCCEEDED(hr = stateblock_alloc(device, TRUE, &sb)))
        device->recording = sb;
    device_unlock(device);
    return hr;
}

HRESULT WINAPI device_EndStateBlock(IDirect3DDevice9Ex *iface, IDirect3DStateBlock9 **out)
{
    struct device *device = device_impl(iface);
    struct stateblock *sb;
    if (!out)
        return D3DERR_INVALIDCALL;
    device_lock(device);
    /* Nothing recording: refused, *out left as it was (Windows). */
    if (!(sb = device->recording)) {
        device_unlock(device);
        return D3DERR_INVALIDCALL;
    }
    device->recording = NULL;
    /* The game's reference replaces the device's hold. */
    object_addref(&sb->obj);
    object_unbind(&sb->obj);
    *out = &sb->iface;
    device_unlock(device);
    return D3D_OK;
}

static struct stateblock *stateblock_impl(IDirect3DStateBlock9 *iface)
{
    return CONTAINING_RECORD(iface, struct stateblock, iface);
}

HRESULT WINAPI stateblock_Capture(IDirect3DStateBlock9 *iface)
{
    struct stateblock *sb = stateblock_impl(iface);
    struct device *device = sb->obj.device;
    device_lock(device);
    if (device->recording) {
        device_unlock(device);
        return D3DERR_INVALIDCALL;
    }
    apply_or_capture(sb, FALSE);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI stateblock_Apply(IDirect3DStateBlock9 *iface)
{
    struct stateblock *sb = stateblock_impl(iface);
    struct device *device = sb->obj.device;
    device_lock(device);
    if (device->recording) {
        device_unlock(device);
        return D3DERR_INVALIDCALL;
    }
    apply_or_capture(sb, TRUE);
    device_unlock(device);
    return D3D_OK;
}
