/* Device state: defaults, and every setter and getter of the device's
 * state. A public setter validates as Windows does, then calls the one
 * state_set_* function for its state (stateblock.h), which either
 * changes the recording state block or compares, stores and appends a
 * record (float constants and transforms: marks them for the next draw
 * to record, state_record_draw_state): no allocation (except a light
 * index never seen), no lock but device_lock, no unix call. Getters read the device's state, never the
 * recording block's. Defaults come from pe/gen/state_tables.h
 * (core/state). */
#include "d3d9_private.h"
#include "stateblock.h"
#include "state_tables.h"

/* Object ids for records (resource.h); 0 is none. */
static uint32_t vb_id(struct vertexbuffer *vb)
{
    return vb ? vb->b.id : 0;
}

static uint32_t ib_id(struct indexbuffer *ib)
{
    return ib ? ib->b.id : 0;
}

static uint32_t decl_id(struct vdecl *decl)
{
    return decl ? decl->id : 0;
}

static uint32_t vs_id(struct vshader *vs)
{
    return vs ? vs->s.id : 0;
}

static uint32_t ps_id(struct pshader *ps)
{
    return ps ? ps->s.id : 0;
}

/* Textures bind by their struct object (state.h); the texture holds it. */
/* The unix id a bound texture samples; a system-memory texture gets its
 * unix-side copy at its first bind, an evicted managed one its upload. */
static uint32_t texture_id(struct device *d, struct object *tex)
{
    struct texture *t;
    if (!tex)
        return 0;
    t = CONTAINING_RECORD(tex, struct texture, obj);
    if (!t->id || t->evict_epoch != d->evict_epoch)
        texture_make_resident(t);
    return t->id;
}

static const D3DMATRIX identity = {{{1.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f, 0.0f,
                                      0.0f, 0.0f, 0.0f, 1.0f}}};

/* ---- defaults ---- */

BOOL state_alloc_vs_consts(struct d3d9_state *s, const struct vs_limits *l)
{
    SIZE_T f = l->f * sizeof(float[4]), i = l->i * sizeof(int[4]), b = l->b * sizeof(BOOL);
    BYTE *p = HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, f + i + b);
    if (!p)
        return FALSE;
    s->vs_f = (float(*)[4])p;
    s->vs_i = (int(*)[4])(p + f);
    s->vs_b = (BOOL *)(p + f + i);
    return TRUE;
}

void state_free_vs_consts(struct d3d9_state *s)
{
    HeapFree(GetProcessHeap(), 0, s->vs_f);
    s->vs_f = NULL;
    s->vs_i = NULL;
    s->vs_b = NULL;
}

static void state_defaults(struct device *device)
{
    struct d3d9_state *s = &device->state;
    const struct vs_limits *l = &device->vs_const;
    float(*vs_f)[4] = s->vs_f;
    int(*vs_i)[4] = s->vs_i;
    BOOL *vs_b = s->vs_b;
    memset(s, 0, sizeof(*s));
    s->vs_f = vs_f;
    s->vs_i = vs_i;
    s->vs_b = vs_b;
    memset(vs_f, 0, l->f * sizeof(vs_f[0]));
    memset(vs_i, 0, l->i * sizeof(vs_i[0]));
    memset(vs_b, 0, l->b * sizeof(vs_b[0]));
    memcpy(s->rs, mtld3d_rs_default, sizeof(s->rs));
    memcpy(s->tss, mtld3d_tss_default, sizeof(s->tss));
    for (UINT i = 0; i < MAX_SAMPLERS; i++)
        memcpy(s->samp[i], mtld3d_samp_default, sizeof(s->samp[i]));
    for (UINT i = 0; i < MAX_TRANSFORMS; i++)
        s->transforms[i] = identity;
    for (UINT i = 0; i < MAX_STREAMS; i++)
        s->streams[i].freq = MTLD3D_DEFAULT_STREAM_FREQ;
    s->clip_status.ClipUnion = MTLD3D_DEFAULT_CLIP_UNION;
    s->clip_status.ClipIntersection = MTLD3D_DEFAULT_CLIP_INTERSECTION;
    s->software_vp = !!(device->create.BehaviorFlags & D3DCREATE_SOFTWARE_VERTEXPROCESSING);
    s->zenable_pending = TRUE;
}

void state_init(struct device *device)
{
    state_defaults(device);
    memset(device->const_f_dirty, 0, sizeof(device->const_f_dirty));
    memset(device->transform_dirty, 0, sizeof(device->transform_dirty));
    device->transform_dirty_words = 0;
    device->vs_sw_refused = FALSE;
    device_record(device, MTLD3D_REC_RESET_STATE, sizeof(struct mtld3d_rec_nop));
    /* The unix side's reset is hardware processing; a software device's
     * state starts in software. */
    if (device->state.software_vp) {
        struct mtld3d_rec_set_flag *r = device_record(device, MTLD3D_REC_SET_SOFTWARE_VERTEX_PROCESSING, sizeof(*r));
        if (r)
            r->Value = TRUE;
    }
}

void state_hold(void **slot, void *obj)
{
    void *old = *slot;
    if (old == obj)
        return;
    object_bind(obj ? object_of(obj) : NULL);
    *slot = obj;
    object_unbind(old ? object_of(old) : NULL);
}

static void hold_texture(struct object **slot, struct object *tex)
{
    struct object *old = *slot;
    if (old == tex)
        return;
    object_bind(tex);
    *slot = tex;
    object_unbind(old);
}

void state_release(struct d3d9_state *s)
{
    for (UINT i = 0; i < MAX_STREAMS; i++)
        state_hold((void **)&s->streams[i].vb, NULL);
    state_hold((void **)&s->indices, NULL);
    state_hold((void **)&s->decl, NULL);
    state_hold((void **)&s->vs, NULL);
    state_hold((void **)&s->ps, NULL);
    for (UINT i = 0; i < MAX_SAMPLERS; i++)
        hold_texture(&s->textures[i], NULL);
    HeapFree(GetProcessHeap(), 0, s->lights);
    s->lights = NULL;
    s->light_count = s->light_capacity = 0;
}

void state_cleanup(struct device *device)
{
    if (device->recording) {
        struct stateblock *sb = device->recording;
        device->recording = NULL;
        stateblock_discard(sb);
    }
    state_release(&device->state);
}

static void record_viewport(struct device *device)
{
    const D3DVIEWPORT9 *v = &device->state.viewport;
    struct mtld3d_rec_set_viewport *r = device_record(device, MTLD3D_REC_SET_VIEWPORT, sizeof(*r));
    if (r) {
        r->X = v->X;
        r->Y = v->Y;
        r->Width = v->Width;
        r->Height = v->Height;
        r->MinZ = v->MinZ;
        r->MaxZ = v->MaxZ;
    }
}

static void record_scissor(struct device *device)
{
    const RECT *s = &device->state.scissor;
    struct mtld3d_rec_set_scissor *q = device_record(device, MTLD3D_REC_SET_SCISSOR, sizeof(*q));
    if (q) {
        q->Left = s->left;
        q->Top = s->top;
        q->Right = s->right;
        q->Bottom = s->bottom;
    }
}

static void record_rs(struct device *device, DWORD state, DWORD value)
{
    struct mtld3d_rec_set_render_state *r = device_record(device, MTLD3D_REC_SET_RENDER_STATE, sizeof(*r));
    if (r) {
        r->State = state;
        r->Value = value;
    }
}

void state_reset_viewport(struct device *device)
{
    struct surface *rt = device->rts[0];
    D3DVIEWPORT9 v = {0, 0, rt ? rt->desc.Width : 0, rt ? rt->desc.Height : 0, 0.0f, 1.0f};
    device->state.viewport = v;
    SetRect(&device->state.scissor, 0, 0, (int)v.Width, (int)v.Height);
    record_viewport(device);
    record_scissor(device);
    /* The first call after state_init comes once the automatic depth
     * surface exists: D3DRS_ZENABLE's default depends on it. */
    if (device->state.zenable_pending) {
        device->state.zenable_pending = FALSE;
        if (device->auto_ds) {
            device->state.rs[D3DRS_ZENABLE] = MTLD3D_DEFAULT_ZENABLE_AUTO_DS;
            record_rs(device, D3DRS_ZENABLE, MTLD3D_DEFAULT_ZENABLE_AUTO_DS);
        }
    }
}

/* ---- the state_set_* functions ---- */

static struct stateblock *recording(struct device *d)
{
    return d->recording;
}

void state_set_rs(struct device *d, DWORD state, DWORD value)
{
    struct stateblock *sb = recording(d);
    if (sb) {
        sb->state.rs[state] = value;
        MASK_SET(sb->mask.rs, state);
        return;
    }
    if (d->state.rs[state] == value)
        return;
    d->state.rs[state] = value;
    /* The RESZ code is a command (device_resz), not a point size: the
     * unix side keeps the size it has. */
    if ((mtld3d_rs_flags[state] & MTLD3D_STATE_VALID) && !(state == D3DRS_POINTSIZE && value == MTLD3D_RESZ_CODE))
        record_rs(d, state, value);
}

void state_set_tss(struct device *d, DWORD stage, DWORD type, DWORD value)
{
    struct stateblock *sb = recording(d);
    struct mtld3d_rec_set_texture_stage_state *r;
    if (sb) {
        sb->state.tss[stage][type] = value;
        MASK_SET(sb->mask.tss[stage], type);
        return;
    }
    if (d->state.tss[stage][type] == value)
        return;
    d->state.tss[stage][type] = value;
    if ((mtld3d_tss_flags[type] & MTLD3D_STATE_VALID) &&
        (r = device_record(d, MTLD3D_REC_SET_TEXTURE_STAGE_STATE, sizeof(*r)))) {
        r->Stage = stage;
        r->State = type;
        r->Value = value;
    }
}

void state_set_samp(struct device *d, DWORD sampler, DWORD type, DWORD value)
{
    struct stateblock *sb = recording(d);
    struct mtld3d_rec_set_sampler_state *r;
    if (sb) {
        sb->state.samp[sampler][type] = value;
        sb->mask.samp[sampler] |= 1u << type;
        return;
    }
    if (d->state.samp[sampler][type] == value)
        return;
    d->state.samp[sampler][type] = value;
    if ((r = device_record(d, MTLD3D_REC_SET_SAMPLER_STATE, sizeof(*r)))) {
        r->Sampler = sampler;
        r->State = type;
        r->Value = value;
    }
}

/* Whether n bytes (a multiple of 4) are equal, compared inline a word at
 * a time: a setter's compare-before-store. memcmp is msvcrt's, a byte
 * loop behind an import, wherever gcc does not expand it (every size on
 * i686, which has no SSE2 to expand it with). */
static inline BOOL bytes_equal(const void *a, const void *b, SIZE_T n)
{
    const BYTE *p = a, *q = b;
    for (SIZE_T i = 0; i < n; i += 4) {
        uint32_t x, y;
        memcpy(&x, p + i, sizeof(x));
        memcpy(&y, q + i, sizeof(y));
        if (x != y)
            return FALSE;
    }
    return TRUE;
}

void state_set_transform(struct device *d, DWORD index, const D3DMATRIX *m)
{
    struct stateblock *sb = recording(d);
    if (sb) {
        sb->state.transforms[index] = *m;
        MASK_SET(sb->mask.transforms, index);
        return;
    }
    if (bytes_equal(&d->state.transforms[index], m, sizeof(*m)))
        return;
    d->state.transforms[index] = *m;
    MASK_SET(d->transform_dirty, index);
    d->transform_dirty_words |= 1u << (index >> 5);
}

/* Transforms are recorded once per draw, as float constants are: a game
 * may set a matrix many times a draw (and a long frame would pile up 64
 * bytes a call). A record that fails for want of memory leaves its bit
 * set, for the next draw. */
static void record_transforms(struct device *d)
{
    while (d->transform_dirty_words) {
        UINT w = __builtin_ctz(d->transform_dirty_words);
        while (d->transform_dirty[w]) {
            UINT index = w * 32 + __builtin_ctz(d->transform_dirty[w]);
            struct mtld3d_rec_set_transform *r = device_record(d, MTLD3D_REC_SET_TRANSFORM, sizeof(*r));
            if (!r)
                return;
            r->State = index;
            memcpy(r->Matrix, &d->state.transforms[index], sizeof(r->Matrix));
            d->transform_dirty[w] &= d->transform_dirty[w] - 1;
        }
        d->transform_dirty_words &= ~(1u << w);
    }
}

void state_set_material(struct device *d, const D3DMATERIAL9 *m)
{
    struct stateblock *sb = recording(d);
    struct mtld3d_rec_set_material *r;
    if (sb) {
        sb->state.material = *m;
        sb->mask.material = TRUE;
        return;
    }
    if (bytes_equal(&d->state.material, m, sizeof(*m)))
        return;
    d->state.material = *m;
    if ((r = device_record(d, MTLD3D_REC_SET_MATERIAL, sizeof(*r)))) {
        memcpy(r->Diffuse, &m->Diffuse, sizeof(r->Diffuse));
        memcpy(r->Ambient, &m->Ambient, sizeof(r->Ambient));
        memcpy(r->Specular, &m->Specular, sizeof(r->Specular));
        memcpy(r->Emissive, &m->Emissive, sizeof(r->Emissive));
        r->Power = m->Power;
    }
}

struct light *state_find_light(struct d3d9_state *s, DWORD index)
{
    for (UINT i = 0; i < s->light_count; i++)
        if (s->lights[i].index == index)
            return &s->lights[i];
    return NULL;
}

/* Adds a light with the default parameters, disabled; NULL if out of
 * memory. The only allocation a setter makes. */
struct light *state_add_light(struct d3d9_state *s, DWORD index)
{
    struct light *l;
    if (s->light_count == s->light_capacity) {
        UINT cap = s->light_capacity ? s->light_capacity * 2 : 8;
        struct light *n = s->lights ? HeapReAlloc(GetProcessHeap(), 0, s->lights, cap * sizeof(*n))
                                    : HeapAlloc(GetProcessHeap(), 0, cap * sizeof(*n));
        if (!n)
            return NULL;
        s->lights = n;
        s->light_capacity = cap;
    }
    l = &s->lights[s->light_count++];
    l->index = index;
    l->enabled = FALSE;
    l->light = mtld3d_default_light;
    l->captured = 0;
    return l;
}

static void record_light(struct device *d, const struct light *l)
{
    struct mtld3d_rec_set_light *r = device_record(d, MTLD3D_REC_SET_LIGHT, sizeof(*r));
    if (!r)
        return;
    r->Index = l->index;
    r->Type = l->light.Type;
    memcpy(r->Diffuse, &l->light.Diffuse, sizeof(r->Diffuse));
    memcpy(r->Specular, &l->light.Specular, sizeof(r->Specular));
    memcpy(r->Ambient, &l->light.Ambient, sizeof(r->Ambient));
    memcpy(r->Position, &l->light.Position, sizeof(r->Position));
    memcpy(r->Direction, &l->light.Direction, sizeof(r->Direction));
    r->Range = l->light.Range;
    r->Falloff = l->light.Falloff;
    r->Attenuation0 = l->light.Attenuation0;
    r->Attenuation1 = l->light.Attenuation1;
    r->Attenuation2 = l->light.Attenuation2;
    r->Theta = l->light.Theta;
    r->Phi = l->light.Phi;
}

HRESULT state_set_light(struct device *d, DWORD index, const D3DLIGHT9 *light)
{
    struct stateblock *sb = recording(d);
    struct d3d9_state *s = sb ? &sb->state : &d->state;
    struct light *l = state_find_light(s, index);
    BOOL added = FALSE;
    if (!l) {
        if (!(l = state_add_light(s, index)))
            return E_OUTOFMEMORY;
        added = TRUE;
    }
    if (sb) {
        l->light = *light;
        l->captured |= LIGHT_PARAMS;
        return D3D_OK;
    }
    if (!added && bytes_equal(&l->light, light, sizeof(*light)))
        return D3D_OK;
    l->light = *light;
    record_light(d, l);
    return D3D_OK;
}

HRESULT state_light_enable(struct device *d, DWORD index, BOOL enable)
{
    struct stateblock *sb = recording(d);
    struct d3d9_state *s = sb ? &sb->state : &d->state;
    struct light *l = state_find_light(s, index);
    struct mtld3d_rec_light_enable *r;
    BOOL added = FALSE;
    enable = !!enable;
    if (!l) {
        if (!(l = state_add_light(s, index)))
            return E_OUTOFMEMORY;
        added = TRUE;
    }
    if (sb) {
        l->enabled = enable;
        l->captured |= LIGHT_ENABLE;
        return D3D_OK;
    }
    /* Enabling a light never set creates it with the default light. */
    if (added)
        record_light(d, l);
    if (l->enabled == enable)
        return D3D_OK;
    l->enabled = enable;
    if ((r = device_record(d, MTLD3D_REC_LIGHT_ENABLE, sizeof(*r)))) {
        r->Index = index;
        r->Enable = enable;
    }
    return D3D_OK;
}

void state_set_clip_plane(struct device *d, DWORD index, const float *plane)
{
    struct stateblock *sb = recording(d);
    struct mtld3d_rec_set_clip_plane *r;
    if (sb) {
        memcpy(sb->state.clip_planes[index], plane, sizeof(sb->state.clip_planes[index]));
        sb->mask.clip_planes |= 1u << index;
        return;
    }
    if (bytes_equal(d->state.clip_planes[index], plane, sizeof(d->state.clip_planes[index])))
        return;
    memcpy(d->state.clip_planes[index], plane, sizeof(d->state.clip_planes[index]));
    if ((r = device_record(d, MTLD3D_REC_SET_CLIP_PLANE, sizeof(*r)))) {
        r->Index = index;
        memcpy(r->Plane, plane, sizeof(r->Plane));
    }
}

void state_set_viewport(struct device *d, const D3DVIEWPORT9 *v)
{
    struct stateblock *sb = recording(d);
    if (sb) {
        sb->state.viewport = *v;
        sb->mask.viewport = TRUE;
        return;
    }
    if (bytes_equal(&d->state.viewport, v, sizeof(*v)))
        return;
    d->state.viewport = *v;
    record_viewport(d);
}

void state_set_scissor(struct device *d, const RECT *rect)
{
    struct stateblock *sb = recording(d);
    if (sb) {
        sb->state.scissor = *rect;
        sb->mask.scissor = TRUE;
        return;
    }
    if (EqualRect(&d->state.scissor, rect))
        return;
    d->state.scissor = *rect;
    record_scissor(d);
}

static BOOL record_consts(struct device *d, uint32_t type, BOOL pixel, UINT start, const void *data, UINT count,
                          UINT reg_size)
{
    struct mtld3d_rec_set_shader_const *r =
        device_record(d, type, (uint32_t)(sizeof(*r) + (SIZE_T)count * reg_size));
    if (!r)
        return FALSE;
    r->Shader = pixel ? MTLD3D_CONST_SHADER_PIXEL : MTLD3D_CONST_SHADER_VERTEX;
    r->Start = start;
    r->Count = count;
    memcpy(r + 1, data, (SIZE_T)count * reg_size);
    return TRUE;
}

static BOOL regs_equal(const void *a, const void *b, UINT count)
{
    return bytes_equal(a, b, (SIZE_T)count * 16);
}

/* Copy of count 16-byte shader registers, inline: msvcrt's memcpy, which
 * a size known only at run time calls, costs more than the few registers
 * a call sets. */

static void regs_copy(void *dst, const void *src, UINT count)
{
    for (UINT i = 0; i < count; i++)
        memcpy((BYTE *)dst + 16 * i, (const BYTE *)src + 16 * i, 16);
}

/* Float constants are recorded once per draw, not per call: games set
 * many a draw, often the same registers again. The setter compares,
 * stores and widens the stage's dirty range; this records the range. */
static void record_consts_f(struct device *d)
{
    for (int pixel = 0; pixel < 2; pixel++) {
        UINT lo = d->const_f_dirty[pixel].lo, hi = d->const_f_dirty[pixel].hi;
        float(*src)[4] = pixel ? d->state.ps_f : d->state.vs_f;
        if (lo >= hi)
            continue;
        if (record_consts(d, MTLD3D_REC_SET_SHADER_CONST_F, pixel, lo, src[lo], hi - lo, sizeof(src[0])))
            d->const_f_dirty[pixel].lo = d->const_f_dirty[pixel].hi = 0;
    }
}

void state_record_draw_state(struct device *d)
{
    record_consts_f(d);
    record_transforms(d);
}

void state_set_const_f(struct device *d, BOOL pixel, UINT start, const float *data, UINT count)
{
    struct stateblock *sb = recording(d);
    if (sb) {
        float(*dst)[4] = pixel ? sb->state.ps_f : sb->state.vs_f;
        DWORD *mask = pixel ? sb->mask.ps_f : sb->mask.vs_f;
        memcpy(dst[start], data, (SIZE_T)count * sizeof(dst[0]));
        for (UINT i = start; i < start + count; i++)
            MASK_SET(mask, i);
        return;
    }
    float(*dst)[4] = pixel ? d->state.ps_f : d->state.vs_f;
    if (regs_equal(dst[start], data, count))
        return;
    regs_copy(dst[start], data, count);
    if (d->const_f_dirty[pixel].lo >= d->const_f_dirty[pixel].hi) {
        d->const_f_dirty[pixel].lo = start;
        d->const_f_dirty[pixel].hi = start + count;
    } else {
        d->const_f_dirty[pixel].lo = min(d->const_f_dirty[pixel].lo, start);
        d->const_f_dirty[pixel].hi = max(d->const_f_dirty[pixel].hi, start + count);
    }
}

void state_set_const_i(struct device *d, BOOL pixel, UINT start, const int *data, UINT count)
{
    struct stateblock *sb = recording(d);
    if (sb) {
        int(*dst)[4] = pixel ? sb->state.ps_i : sb->state.vs_i;
        DWORD *mask = pixel ? sb->mask.ps_i : sb->mask.vs_i;
        memcpy(dst[start], data, (SIZE_T)count * sizeof(dst[0]));
        for (UINT i = start; i < start + count; i++)
            MASK_SET(mask, i);
        return;
    }
    int(*dst)[4] = pixel ? d->state.ps_i : d->state.vs_i;
    if (regs_equal(dst[start], data, count))
        return;
    regs_copy(dst[start], data, count);
    record_consts(d, MTLD3D_REC_SET_SHADER_CONST_I, pixel, start, data, count, sizeof(dst[0]));
}

void state_set_const_b(struct device *d, BOOL pixel, UINT start, const BOOL *data, UINT count)
{
    struct stateblock *sb = recording(d);
    if (sb) {
        BOOL *dst = pixel ? sb->state.ps_b : sb->state.vs_b;
        DWORD *mask = pixel ? sb->mask.ps_b : sb->mask.vs_b;
        memcpy(dst + start, data, count * sizeof(BOOL));
        for (UINT i = start; i < start + count; i++)
            MASK_SET(mask, i);
        return;
    }
    BOOL *dst = pixel ? d->state.ps_b : d->state.vs_b;
    if (bytes_equal(dst + start, data, count * sizeof(BOOL)))
        return;
    memcpy(dst + start, data, count * sizeof(BOOL));
    record_consts(d, MTLD3D_REC_SET_SHADER_CONST_B, pixel, start, data, count, sizeof(BOOL));
}

void state_set_stream(struct device *d, UINT stream, struct vertexbuffer *vb, UINT offset, UINT stride)
{
    struct stateblock *sb = recording(d);
    struct d3d9_state *s = sb ? &sb->state : &d->state;
    struct stream *st = &s->streams[stream];
    struct mtld3d_rec_set_stream_source *r;
    if (sb)
        sb->mask.streams |= 1u << stream;
    else if (st->vb == vb && (!vb || (st->offset == offset && st->stride == stride)))
        return;
    state_hold((void **)&st->vb, vb);
    /* Unbinding keeps the offset and stride GetStreamSource reports. */
    if (vb) {
        st->offset = offset;
        st->stride = stride;
    }
    if (!sb && (r = device_record(d, MTLD3D_REC_SET_STREAM_SOURCE, sizeof(*r)))) {
        r->Stream = stream;
        r->Buffer = vb_id(vb);
        r->Offset = st->offset;
        r->Stride = st->stride;
    }
}

void state_set_stream_freq(struct device *d, UINT stream, UINT setting)
{
    struct stateblock *sb = recording(d);
    struct mtld3d_rec_set_stream_source_freq *r;
    if (sb) {
        sb->state.streams[stream].freq = setting;
        sb->mask.stream_freq |= 1u << stream;
        return;
    }
    if (d->state.streams[stream].freq == setting)
        return;
    d->state.streams[stream].freq = setting;
    if ((r = device_record(d, MTLD3D_REC_SET_STREAM_SOURCE_FREQ, sizeof(*r)))) {
        r->Stream = stream;
        r->Setting = setting;
    }
}

static void record_object(struct device *d, uint32_t type, uint32_t id)
{
    struct mtld3d_rec_set_object *r = device_record(d, type, sizeof(*r));
    if (r)
        r->Object = id;
}

void state_set_indices(struct device *d, struct indexbuffer *ib)
{
    struct stateblock *sb = recording(d);
    if (sb) {
        state_hold((void **)&sb->state.indices, ib);
        sb->mask.indices = TRUE;
        return;
    }
    if (d->state.indices == ib)
        return;
    state_hold((void **)&d->state.indices, ib);
    record_object(d, MTLD3D_REC_SET_INDICES, ib_id(ib));
}

/* The FVF and the declaration are one state: setting either replaces the
 * other. With an FVF set, decl is NULL or the declaration made from it
 * for GetVertexDeclaration (never recorded: the unix side has the FVF). */
void state_set_fvf(struct device *d, DWORD fvf)
{
    struct stateblock *sb = recording(d);
    struct mtld3d_rec_set_fvf *r;
    if (sb) {
        state_hold((void **)&sb->state.decl, NULL);
        sb->state.fvf = fvf;
        sb->mask.vdecl = TRUE;
        return;
    }
    if (fvf && d->state.fvf == fvf)
        return;
    state_hold((void **)&d->state.decl, NULL);
    d->state.fvf = fvf;
    if ((r = device_record(d, MTLD3D_REC_SET_FVF, sizeof(*r))))
        r->FVF = fvf;
}

void state_set_decl(struct device *d, struct vdecl *decl)
{
    struct stateblock *sb = recording(d);
    if (sb) {
        state_hold((void **)&sb->state.decl, decl);
        sb->state.fvf = 0;
        sb->mask.vdecl = TRUE;
        return;
    }
    if (d->state.decl == decl && !d->state.fvf)
        return;
    state_hold((void **)&d->state.decl, decl);
    d->state.fvf = 0;
    record_object(d, MTLD3D_REC_SET_VERTEX_DECLARATION, decl_id(decl));
}

void state_set_vs(struct device *d, struct vshader *vs)
{
    struct stateblock *sb = recording(d);
    if (sb) {
        state_hold((void **)&sb->state.vs, vs);
        sb->mask.vs = TRUE;
        return;
    }
    if (d->state.vs == vs)
        return;
    state_hold((void **)&d->state.vs, vs);
    d->vs_sw_refused = FALSE;
    record_object(d, MTLD3D_REC_SET_VERTEX_SHADER, vs_id(vs));
}

void state_set_ps(struct device *d, struct pshader *ps)
{
    struct stateblock *sb = recording(d);
    if (sb) {
        state_hold((void **)&sb->state.ps, ps);
        sb->mask.ps = TRUE;
        return;
    }
    if (d->state.ps == ps)
        return;
    state_hold((void **)&d->state.ps, ps);
    record_object(d, MTLD3D_REC_SET_PIXEL_SHADER, ps_id(ps));
}

void state_set_texture(struct device *d, UINT sampler, struct object *tex)
{
    struct stateblock *sb = recording(d);
    struct mtld3d_rec_set_texture *r;
    if (sb) {
        hold_texture(&sb->state.textures[sampler], tex);
        sb->mask.textures |= 1u << sampler;
        return;
    }
    if (d->state.textures[sampler] == tex)
        return;
    hold_texture(&d->state.textures[sampler], tex);
    if ((r = device_record(d, MTLD3D_REC_SET_TEXTURE, sizeof(*r)))) {
        r->Sampler = sampler;
        r->Texture = texture_id(d, tex);
    }
}

void state_set_npatch(struct device *d, float segments)
{
    struct stateblock *sb = recording(d);
    struct mtld3d_rec_set_n_patch_mode *r;
    if (sb) {
        sb->state.npatch_mode = segments;
        sb->mask.npatch = TRUE;
        return;
    }
    if (bytes_equal(&d->state.npatch_mode, &segments, sizeof(segments)))
        return;
    d->state.npatch_mode = segments;
    if ((r = device_record(d, MTLD3D_REC_SET_N_PATCH_MODE, sizeof(*r))))
        r->Segments = segments;
}

void state_set_palette(struct device *d, UINT palette)
{
    struct stateblock *sb = recording(d);
    struct mtld3d_rec_set_flag *r;
    if (sb) {
        sb->state.palette = palette;
        sb->mask.palette = TRUE;
        return;
    }
    if (d->state.palette == palette)
        return;
    d->state.palette = palette;
    if ((r = device_record(d, MTLD3D_REC_SET_CURRENT_TEXTURE_PALETTE, sizeof(*r))))
        r->Value = palette;
}

void state_unbind_up(struct device *d, BOOL indices, UINT stride)
{
    struct stream *st = &d->state.streams[0];
    struct mtld3d_rec_set_stream_source *r;
    if (st->vb || st->offset || st->stride != stride) {
        state_hold((void **)&st->vb, NULL);
        st->offset = 0;
        st->stride = stride;
        if ((r = device_record(d, MTLD3D_REC_SET_STREAM_SOURCE, sizeof(*r))))
            r->Stream = 0;
    }
    if (indices && d->state.indices) {
        state_hold((void **)&d->state.indices, NULL);
        record_object(d, MTLD3D_REC_SET_INDICES, 0);
    }
}

/* ---- IDirect3DDevice9 methods ---- */

HRESULT WINAPI device_SetRenderState(IDirect3DDevice9Ex *iface, D3DRENDERSTATETYPE state, DWORD value)
{
    struct device *device = device_impl(iface);
    /* Windows ignores states outside 0 and 7..255 and still succeeds. */
    if (state >= MAX_RENDER_STATES || (state && state < D3DRS_ZENABLE))
        return D3D_OK;
    device_lock(device);
    state_set_rs(device, state, value);
    /* Every set asks again, even of the value already held. */
    if (state == D3DRS_POINTSIZE && value == MTLD3D_RESZ_CODE)
        device_resz(device);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_GetRenderState(IDirect3DDevice9Ex *iface, D3DRENDERSTATETYPE state, DWORD *value)
{
    struct device *device = device_impl(iface);
    if (!value)
        return D3DERR_INVALIDCALL;
    if (state >= MAX_RENDER_STATES || (state && state < D3DRS_ZENABLE))
        return D3DERR_INVALIDCALL;
    /* State 0 and the values past D3DRS_BLENDOPALPHA always read 0. */
    *value = state < D3DRS_ZENABLE || state > D3DRS_BLENDOPALPHA ? 0 : device->state.rs[state];
    return D3D_OK;
}

HRESULT WINAPI device_SetTextureStageState(IDirect3DDevice9Ex *iface, DWORD stage, D3DTEXTURESTAGESTATETYPE type,
                                           DWORD value)
{
    struct device *device = device_impl(iface);
    if (stage >= MAX_TEXTURE_STAGES || !type || type >= MAX_TSS)
        return D3DERR_INVALIDCALL;
    device_lock(device);
    state_set_tss(device, stage, type, value);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_GetTextureStageState(IDirect3DDevice9Ex *iface, DWORD stage, D3DTEXTURESTAGESTATETYPE type,
                                           DWORD *value)
{
    struct device *device = device_impl(iface);
    if (!value)
        return D3DERR_INVALIDCALL;
    *value = 0;
    if (stage >= MAX_TEXTURE_STAGES || !type || type >= MAX_TSS)
        return D3DERR_INVALIDCALL;
    *value = device->state.tss[stage][type];
    return D3D_OK;
}

/* Maps a sampler number to the state's index: 0..15, then
 * D3DVERTEXTEXTURESAMPLER0..3 as 16..19; MAX_SAMPLERS if invalid. */
static DWORD sampler_index(DWORD sampler)
{
    if (sampler < MTLD3D_PIXEL_SAMPLERS)
        return sampler;
    if (sampler >= D3DVERTEXTEXTURESAMPLER0 && sampler <= D3DVERTEXTEXTURESAMPLER3)
        return sampler - D3DVERTEXTEXTURESAMPLER0 + MTLD3D_PIXEL_SAMPLERS;
    return MAX_SAMPLERS;
}

HRESULT WINAPI device_SetSamplerState(IDirect3DDevice9Ex *iface, DWORD sampler, D3DSAMPLERSTATETYPE type, DWORD value)
{
    struct device *device = device_impl(iface);
    DWORD i = sampler_index(sampler);
    /* Windows ignores a bad sampler or type and succeeds. */
    if (i >= MAX_SAMPLERS || !type || type >= MAX_SAMPLER_STATES)
        return D3D_OK;
    device_lock(device);
    state_set_samp(device, i, type, value);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_GetSamplerState(IDirect3DDevice9Ex *iface, DWORD sampler, D3DSAMPLERSTATETYPE type,
                                      DWORD *value)
{
    struct device *device = device_impl(iface);
    DWORD i = sampler_index(sampler);
    if (!value)
        return D3DERR_INVALIDCALL;
    *value = 0;
    if (i >= MAX_SAMPLERS || !type || type >= MAX_SAMPLER_STATES)
        return D3D_OK;
    *value = device->state.samp[i][type];
    return D3D_OK;
}

HRESULT WINAPI device_SetTransform(IDirect3DDevice9Ex *iface, D3DTRANSFORMSTATETYPE state, const D3DMATRIX *m)
{
    struct device *device = device_impl(iface);
    if (!m)
        return D3DERR_INVALIDCALL;
    if ((DWORD)state >= MAX_TRANSFORMS)
        return D3D_OK;
    device_lock(device);
    state_set_transform(device, state, m);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_GetTransform(IDirect3DDevice9Ex *iface, D3DTRANSFORMSTATETYPE state, D3DMATRIX *m)
{
    struct device *device = device_impl(iface);
    if (!m || (DWORD)state >= MAX_TRANSFORMS)
        return D3DERR_INVALIDCALL;
    *m = device->state.transforms[state];
    return D3D_OK;
}

/* out = a * b, D3D's row-vector order: b applies after a. */
static void multiply(D3DMATRIX *out, const D3DMATRIX *a, const D3DMATRIX *b)
{
    D3DMATRIX t;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            t.m[i][j] = a->m[i][0] * b->m[0][j] + a->m[i][1] * b->m[1][j] + a->m[i][2] * b->m[2][j] +
                        a->m[i][3] * b->m[3][j];
    *out = t;
}

HRESULT WINAPI device_MultiplyTransform(IDirect3DDevice9Ex *iface, D3DTRANSFORMSTATETYPE state, const D3DMATRIX *m)
{
    struct device *device = device_impl(iface);
    struct stateblock *rec;
    D3DMATRIX r;
    if (!m)
        return D3DERR_INVALIDCALL;
    if ((DWORD)state >= MAX_TRANSFORMS)
        return D3D_OK;
    device_lock(device);
    /* MultiplyTransform changes the device's matrix even while a block
     * records, and the block does not see it (Windows; Wine's device test
     * test_multiply_transform). */
    rec = device->recording;
    device->recording = NULL;
    multiply(&r, &device->state.transforms[state], m);
    state_set_transform(device, state, &r);
    device->recording = rec;
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_SetMaterial(IDirect3DDevice9Ex *iface, const D3DMATERIAL9 *m)
{
    struct device *device = device_impl(iface);
    if (!m)
        return D3DERR_INVALIDCALL;
    device_lock(device);
    state_set_material(device, m);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_GetMaterial(IDirect3DDevice9Ex *iface, D3DMATERIAL9 *m)
{
    if (!m)
        return D3DERR_INVALIDCALL;
    *m = device_impl(iface)->state.material;
    return D3D_OK;
}

HRESULT WINAPI device_SetLight(IDirect3DDevice9Ex *iface, DWORD index, const D3DLIGHT9 *light)
{
    struct device *device = device_impl(iface);
    HRESULT hr;
    if (!light)
        return D3DERR_INVALIDCALL;
    if (light->Type != D3DLIGHT_POINT && light->Type != D3DLIGHT_SPOT && light->Type != D3DLIGHT_DIRECTIONAL)
        return D3DERR_INVALIDCALL;
    device_lock(device);
    hr = state_set_light(device, index, light);
    device_unlock(device);
    return hr;
}

HRESULT WINAPI device_GetLight(IDirect3DDevice9Ex *iface, DWORD index, D3DLIGHT9 *light)
{
    struct device *device = device_impl(iface);
    struct light *l;
    HRESULT hr = D3DERR_INVALIDCALL;
    if (!light)
        return D3DERR_INVALIDCALL;
    device_lock(device);
    if ((l = state_find_light(&device->state, index))) {
        *light = l->light;
        hr = D3D_OK;
    }
    device_unlock(device);
    return hr;
}

HRESULT WINAPI device_LightEnable(IDirect3DDevice9Ex *iface, DWORD index, WINBOOL enable)
{
    struct device *device = device_impl(iface);
    HRESULT hr;
    device_lock(device);
    hr = state_light_enable(device, index, enable);
    device_unlock(device);
    return hr;
}

HRESULT WINAPI device_GetLightEnable(IDirect3DDevice9Ex *iface, DWORD index, WINBOOL *enable)
{
    struct device *device = device_impl(iface);
    struct light *l;
    HRESULT hr = D3DERR_INVALIDCALL;
    if (!enable)
        return D3DERR_INVALIDCALL;
    device_lock(device);
    if ((l = state_find_light(&device->state, index))) {
        *enable = l->enabled ? MTLD3D_LIGHT_ENABLED_VALUE : 0;
        hr = D3D_OK;
    }
    device_unlock(device);
    return hr;
}

/* Windows takes an index past the last plane as the last plane (Wine's
 * device test test_clip_planes_limits). */
static DWORD clip_plane_index(DWORD index)
{
    return index < MAX_CLIP_PLANES ? index : MAX_CLIP_PLANES - 1;
}

HRESULT WINAPI device_SetClipPlane(IDirect3DDevice9Ex *iface, DWORD index, const float *plane)
{
    struct device *device = device_impl(iface);
    if (!plane)
        return D3DERR_INVALIDCALL;
    index = clip_plane_index(index);
    device_lock(device);
    state_set_clip_plane(device, index, plane);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_GetClipPlane(IDirect3DDevice9Ex *iface, DWORD index, float *plane)
{
    if (!plane)
        return D3DERR_INVALIDCALL;
    memcpy(plane, device_impl(iface)->state.clip_planes[clip_plane_index(index)], sizeof(float[4]));
    return D3D_OK;
}

HRESULT WINAPI device_SetViewport(IDirect3DDevice9Ex *iface, const D3DVIEWPORT9 *v)
{
    struct device *device = device_impl(iface);
    if (!v)
        return D3DERR_INVALIDCALL;
    /* The documentation refuses a viewport outside render target 0;
     * Windows takes one (Wine's test_viewport, test_null_format): the unix
     * side fits it to the target. */
    device_lock(device);
    state_set_viewport(device, v);
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

HRESULT WINAPI device_SetScissorRect(IDirect3DDevice9Ex *iface, const RECT *rect)
{
    struct device *device = device_impl(iface);
    if (!rect)
        return D3DERR_INVALIDCALL;
    device_lock(device);
    state_set_scissor(device, rect);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_GetScissorRect(IDirect3DDevice9Ex *iface, RECT *rect)
{
    if (!rect)
        return D3DERR_INVALIDCALL;
    *rect = device_impl(iface)->state.scissor;
    return D3D_OK;
}

/* Shader constants: a range past the register file is refused; a zero
 * count succeeds whatever the pointer. */
static HRESULT check_consts(UINT start, UINT count, UINT limit, const void *data)
{
    if (start > limit || count > limit - start)
        return D3DERR_INVALIDCALL;
    if (count && !data)
        return D3DERR_INVALIDCALL;
    return D3D_OK;
}

HRESULT WINAPI device_SetVertexShaderConstantF(IDirect3DDevice9Ex *iface, UINT start, const float *data, UINT count)
{
    struct device *device = device_impl(iface);
    HRESULT hr = check_consts(start, count, device->vs_const.f, data);
    if (FAILED(hr) || !count)
        return hr;
    device_lock(device);
    state_set_const_f(device, FALSE, start, data, count);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_GetVertexShaderConstantF(IDirect3DDevice9Ex *iface, UINT start, float *data, UINT count)
{
    struct device *device = device_impl(iface);
    HRESULT hr = check_consts(start, count, device->vs_const.f, data);
    if (FAILED(hr) || !count)
        return hr;
    memcpy(data, device->state.vs_f[start], count * sizeof(float[4]));
    return D3D_OK;
}

HRESULT WINAPI device_SetVertexShaderConstantI(IDirect3DDevice9Ex *iface, UINT start, const int *data, UINT count)
{
    struct device *device = device_impl(iface);
    HRESULT hr = check_consts(start, count, device->vs_const.i, data);
    if (FAILED(hr) || !count)
        return hr;
    device_lock(device);
    state_set_const_i(device, FALSE, start, data, count);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_GetVertexShaderConstantI(IDirect3DDevice9Ex *iface, UINT start, int *data, UINT count)
{
    struct device *device = device_impl(iface);
    HRESULT hr = check_consts(start, count, device->vs_const.i, data);
    if (FAILED(hr) || !count)
        return hr;
    memcpy(data, device->state.vs_i[start], count * sizeof(int[4]));
    return D3D_OK;
}

HRESULT WINAPI device_SetVertexShaderConstantB(IDirect3DDevice9Ex *iface, UINT start, const WINBOOL *data, UINT count)
{
    struct device *device = device_impl(iface);
    HRESULT hr = check_consts(start, count, device->vs_const.b, data);
    if (FAILED(hr) || !count)
        return hr;
    device_lock(device);
    state_set_const_b(device, FALSE, start, data, count);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_GetVertexShaderConstantB(IDirect3DDevice9Ex *iface, UINT start, WINBOOL *data, UINT count)
{
    struct device *device = device_impl(iface);
    HRESULT hr = check_consts(start, count, device->vs_const.b, data);
    if (FAILED(hr) || !count)
        return hr;
    memcpy(data, device->state.vs_b + start, count * sizeof(BOOL));
    return D3D_OK;
}

HRESULT WINAPI device_SetPixelShaderConstantF(IDirect3DDevice9Ex *iface, UINT start, const float *data, UINT count)
{
    struct device *device = device_impl(iface);
    HRESULT hr = check_consts(start, count, PS_CONST_F, data);
    if (FAILED(hr) || !count)
        return hr;
    device_lock(device);
    state_set_const_f(device, TRUE, start, data, count);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_GetPixelShaderConstantF(IDirect3DDevice9Ex *iface, UINT start, float *data, UINT count)
{
    struct device *device = device_impl(iface);
    HRESULT hr = check_consts(start, count, PS_CONST_F, data);
    if (FAILED(hr) || !count)
        return hr;
    memcpy(data, device->state.ps_f[start], count * sizeof(float[4]));
    return D3D_OK;
}

HRESULT WINAPI device_SetPixelShaderConstantI(IDirect3DDevice9Ex *iface, UINT start, const int *data, UINT count)
{
    struct device *device = device_impl(iface);
    HRESULT hr = check_consts(start, count, CONST_I, data);
    if (FAILED(hr) || !count)
        return hr;
    device_lock(device);
    state_set_const_i(device, TRUE, start, data, count);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_GetPixelShaderConstantI(IDirect3DDevice9Ex *iface, UINT start, int *data, UINT count)
{
    struct device *device = device_impl(iface);
    HRESULT hr = check_consts(start, count, CONST_I, data);
    if (FAILED(hr) || !count)
        return hr;
    memcpy(data, device->state.ps_i[start], count * sizeof(int[4]));
    return D3D_OK;
}

HRESULT WINAPI device_SetPixelShaderConstantB(IDirect3DDevice9Ex *iface, UINT start, const WINBOOL *data, UINT count)
{
    struct device *device = device_impl(iface);
    HRESULT hr = check_consts(start, count, CONST_B, data);
    if (FAILED(hr) || !count)
        return hr;
    device_lock(device);
    state_set_const_b(device, TRUE, start, data, count);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_GetPixelShaderConstantB(IDirect3DDevice9Ex *iface, UINT start, WINBOOL *data, UINT count)
{
    struct device *device = device_impl(iface);
    HRESULT hr = check_consts(start, count, CONST_B, data);
    if (FAILED(hr) || !count)
        return hr;
    memcpy(data, device->state.ps_b + start, count * sizeof(BOOL));
    return D3D_OK;
}

HRESULT WINAPI device_SetStreamSource(IDirect3DDevice9Ex *iface, UINT stream, IDirect3DVertexBuffer9 *buffer,
                                      UINT offset, UINT stride)
{
    struct device *device = device_impl(iface);
    if (stream >= MAX_STREAMS)
        return D3DERR_INVALIDCALL;
    device_lock(device);
    /* struct vertexbuffer starts with its interface (resource.h). */
    state_set_stream(device, stream, (struct vertexbuffer *)buffer, offset, stride);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_GetStreamSource(IDirect3DDevice9Ex *iface, UINT stream, IDirect3DVertexBuffer9 **buffer,
                                      UINT *offset, UINT *stride)
{
    struct device *device = device_impl(iface);
    const struct stream *st;
    if (buffer)
        *buffer = NULL;
    if (offset)
        *offset = 0;
    if (stride)
        *stride = 0;
    if (!buffer || !offset || !stride || stream >= MAX_STREAMS)
        return D3DERR_INVALIDCALL;
    device_lock(device);
    st = &device->state.streams[stream];
    if ((*buffer = (IDirect3DVertexBuffer9 *)st->vb))
        IDirect3DVertexBuffer9_AddRef(*buffer);
    *offset = st->offset;
    *stride = st->stride;
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_SetStreamSourceFreq(IDirect3DDevice9Ex *iface, UINT stream, UINT setting)
{
    struct device *device = device_impl(iface);
    BOOL indexed = !!(setting & D3DSTREAMSOURCE_INDEXEDDATA), instanced = !!(setting & D3DSTREAMSOURCE_INSTANCEDATA);
    /* Stream 0 cannot hold instance data, a setting cannot be both kinds,
     * and 0 is no frequency. */
    if (stream >= MAX_STREAMS || (!stream && instanced) || (indexed && instanced) || !setting)
        return D3DERR_INVALIDCALL;
    device_lock(device);
    state_set_stream_freq(device, stream, setting);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_GetStreamSourceFreq(IDirect3DDevice9Ex *iface, UINT stream, UINT *setting)
{
    if (!setting || stream >= MAX_STREAMS)
        return D3DERR_INVALIDCALL;
    *setting = device_impl(iface)->state.streams[stream].freq;
    return D3D_OK;
}

HRESULT WINAPI device_SetIndices(IDirect3DDevice9Ex *iface, IDirect3DIndexBuffer9 *buffer)
{
    struct device *device = device_impl(iface);
    device_lock(device);
    state_set_indices(device, (struct indexbuffer *)buffer);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_GetIndices(IDirect3DDevice9Ex *iface, IDirect3DIndexBuffer9 **buffer)
{
    struct device *device = device_impl(iface);
    if (!buffer)
        return D3DERR_INVALIDCALL;
    device_lock(device);
    if ((*buffer = (IDirect3DIndexBuffer9 *)device->state.indices))
        IDirect3DIndexBuffer9_AddRef(*buffer);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_SetFVF(IDirect3DDevice9Ex *iface, DWORD fvf)
{
    struct device *device = device_impl(iface);
    /* Windows ignores FVF 0 and keeps the declaration. */
    if (!fvf)
        return D3D_OK;
    device_lock(device);
    state_set_fvf(device, fvf);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_GetFVF(IDirect3DDevice9Ex *iface, DWORD *fvf)
{
    struct device *device = device_impl(iface);
    if (!fvf)
        return D3DERR_INVALIDCALL;
    /* A declaration made from an FVF answers with that FVF. */
    device_lock(device);
    *fvf = device->state.fvf ? device->state.fvf : device->state.decl ? device->state.decl->fvf : 0;
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_SetVertexDeclaration(IDirect3DDevice9Ex *iface, IDirect3DVertexDeclaration9 *decl)
{
    struct device *device = device_impl(iface);
    device_lock(device);
    state_set_decl(device, (struct vdecl *)decl);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_GetVertexDeclaration(IDirect3DDevice9Ex *iface, IDirect3DVertexDeclaration9 **decl)
{
    struct device *device = device_impl(iface);
    /* Windows succeeds with a NULL pointer. */
    if (!decl)
        return D3D_OK;
    device_lock(device);
    /* After SetFVF, Windows answers with a declaration made from the FVF,
     * the same object each time for that FVF. */
    if (!device->state.decl && device->state.fvf)
        state_hold((void **)&device->state.decl, vdecl_for_fvf(device, device->state.fvf));
    if ((*decl = (IDirect3DVertexDeclaration9 *)device->state.decl))
        IDirect3DVertexDeclaration9_AddRef(*decl);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_SetVertexShader(IDirect3DDevice9Ex *iface, IDirect3DVertexShader9 *shader)
{
    struct device *device = device_impl(iface);
    device_lock(device);
    state_set_vs(device, (struct vshader *)shader);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_GetVertexShader(IDirect3DDevice9Ex *iface, IDirect3DVertexShader9 **shader)
{
    struct device *device = device_impl(iface);
    if (!shader)
        return D3DERR_INVALIDCALL;
    device_lock(device);
    if ((*shader = (IDirect3DVertexShader9 *)device->state.vs))
        IDirect3DVertexShader9_AddRef(*shader);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_SetPixelShader(IDirect3DDevice9Ex *iface, IDirect3DPixelShader9 *shader)
{
    struct device *device = device_impl(iface);
    device_lock(device);
    state_set_ps(device, (struct pshader *)shader);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_GetPixelShader(IDirect3DDevice9Ex *iface, IDirect3DPixelShader9 **shader)
{
    struct device *device = device_impl(iface);
    if (!shader)
        return D3DERR_INVALIDCALL;
    device_lock(device);
    if ((*shader = (IDirect3DPixelShader9 *)device->state.ps))
        IDirect3DPixelShader9_AddRef(*shader);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_SetTexture(IDirect3DDevice9Ex *iface, DWORD stage, IDirect3DBaseTexture9 *texture)
{
    struct device *device = device_impl(iface);
    DWORD i = sampler_index(stage);
    /* Windows ignores a bad stage and succeeds. */
    if (i >= MAX_SAMPLERS)
        return D3D_OK;
    device_lock(device);
    state_set_texture(device, i, texture ? object_of(texture) : NULL);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_GetTexture(IDirect3DDevice9Ex *iface, DWORD stage, IDirect3DBaseTexture9 **texture)
{
    struct device *device = device_impl(iface);
    DWORD i = sampler_index(stage);
    struct object *obj;
    if (!texture)
        return D3DERR_INVALIDCALL;
    *texture = NULL;
    if (i >= MAX_SAMPLERS)
        return D3D_OK;
    device_lock(device);
    if ((obj = device->state.textures[i])) {
        /* The interface sits just before the object (object.h). */
        *texture = (IDirect3DBaseTexture9 *)((void **)obj - 1);
        IDirect3DBaseTexture9_AddRef(*texture);
    }
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_SetNPatchMode(IDirect3DDevice9Ex *iface, float segments)
{
    struct device *device = device_impl(iface);
    device_lock(device);
    state_set_npatch(device, segments);
    device_unlock(device);
    return D3D_OK;
}

float WINAPI device_GetNPatchMode(IDirect3DDevice9Ex *iface)
{
    return device_impl(iface)->state.npatch_mode;
}

HRESULT WINAPI device_SetSoftwareVertexProcessing(IDirect3DDevice9Ex *iface, WINBOOL software)
{
    struct device *device = device_impl(iface);
    struct mtld3d_rec_set_flag *r;
    software = !!software;
    /* Software processing needs a mixed (or software) device. */
    if (software && !(device->create.BehaviorFlags &
                      (D3DCREATE_MIXED_VERTEXPROCESSING | D3DCREATE_SOFTWARE_VERTEXPROCESSING)))
        return D3DERR_INVALIDCALL;
    device_lock(device);
    if (device->state.software_vp != software) {
        device->state.software_vp = software;
        if ((r = device_record(device, MTLD3D_REC_SET_SOFTWARE_VERTEX_PROCESSING, sizeof(*r))))
            r->Value = software;
    }
    device_unlock(device);
    return D3D_OK;
}

WINBOOL WINAPI device_GetSoftwareVertexProcessing(IDirect3DDevice9Ex *iface)
{
    return device_impl(iface)->state.software_vp;
}

/* Palettes are kept for GetPaletteEntries and recorded for the unix
 * side, which converts P8 textures with the current one. Setting one is
 * rare: growing the table here is no setter hot path. */
HRESULT WINAPI device_SetPaletteEntries(IDirect3DDevice9Ex *iface, UINT palette, const PALETTEENTRY *entries)
{
    struct device *device = device_impl(iface);
    HRESULT hr = D3D_OK;
    if (!entries || palette > 0xffff)
        return D3DERR_INVALIDCALL;
    device_lock(device);
    if (palette >= device->palette_count) {
        UINT n = palette + 1;
        PALETTEENTRY(*p)[256] = device->palettes
                                     ? HeapReAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, device->palettes, n * sizeof(*p))
                                     : HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, n * sizeof(*p));
        BOOL *set = p ? (device->palette_set ? HeapReAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, device->palette_set, n * sizeof(*set))
                                              : HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, n * sizeof(*set)))
                      : NULL;
        if (p)
            device->palettes = p;
        if (set) {
            device->palette_set = set;
            device->palette_count = n;
        } else {
            hr = E_OUTOFMEMORY;
        }
    }
    if (SUCCEEDED(hr)) {
        struct mtld3d_rec_set_palette_entries *r;
        memcpy(device->palettes[palette], entries, sizeof(device->palettes[palette]));
        device->palette_set[palette] = TRUE;
        if ((r = device_record(device, MTLD3D_REC_SET_PALETTE_ENTRIES, sizeof(*r) + sizeof(device->palettes[palette])))) {
            r->Palette = palette;
            memcpy(r + 1, entries, sizeof(device->palettes[palette]));
        }
    }
    device_unlock(device);
    return hr;
}

HRESULT WINAPI device_GetPaletteEntries(IDirect3DDevice9Ex *iface, UINT palette, PALETTEENTRY *entries)
{
    struct device *device = device_impl(iface);
    HRESULT hr = D3DERR_INVALIDCALL;
    if (!entries)
        return D3DERR_INVALIDCALL;
    device_lock(device);
    if (palette < device->palette_count && device->palette_set[palette]) {
        memcpy(entries, device->palettes[palette], sizeof(device->palettes[palette]));
        hr = D3D_OK;
    }
    device_unlock(device);
    return hr;
}

HRESULT WINAPI device_SetCurrentTexturePalette(IDirect3DDevice9Ex *iface, UINT palette)
{
    struct device *device = device_impl(iface);
    if (palette > 0xffff)
        return D3DERR_INVALIDCALL;
    device_lock(device);
    state_set_palette(device, palette);
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_GetCurrentTexturePalette(IDirect3DDevice9Ex *iface, UINT *palette)
{
    if (!palette)
        return D3DERR_INVALIDCALL;
    *palette = device_impl(iface)->state.palette;
    return D3D_OK;
}

HRESULT WINAPI device_SetClipStatus(IDirect3DDevice9Ex *iface, const D3DCLIPSTATUS9 *status)
{
    if (!status)
        return D3DERR_INVALIDCALL;
    device_impl(iface)->state.clip_status = *status;
    return D3D_OK;
}

HRESULT WINAPI device_GetClipStatus(IDirect3DDevice9Ex *iface, D3DCLIPSTATUS9 *status)
{
    if (!status)
        return D3DERR_INVALIDCALL;
    *status = device_impl(iface)->state.clip_status;
    return D3D_OK;
}

