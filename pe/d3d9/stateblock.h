/* State blocks, and the setters state.c shares with them. Every setter
 * goes through one state_set_* function: while a block is recording it
 * changes only the block; otherwise it compares, stores and appends a
 * record. Apply calls the same functions, so applied state is recorded
 * like set state. */
#ifndef MTLD3D_STATEBLOCK_H
#define MTLD3D_STATEBLOCK_H

#include "d3d9_private.h"

/* Which states a block holds, one bit per state. */
struct state_mask {
    DWORD rs[MAX_RENDER_STATES / 32];
    DWORD tss[MAX_TEXTURE_STAGES][2];
    DWORD samp[MAX_SAMPLERS];
    DWORD transforms[MAX_TRANSFORMS / 32];
    /* Vertex constants up to a software device's counts; the device's
     * vs_const bounds the walks. */
    DWORD vs_f[SWVP_VS_CONST_F / 32], ps_f[PS_CONST_F / 32];
    DWORD vs_i[SWVP_VS_CONST_I / 32], vs_b[SWVP_VS_CONST_B / 32], ps_i[1], ps_b[1];
    DWORD clip_planes, streams, stream_freq, textures;
    BOOL material, viewport, scissor, indices, vdecl, vs, ps, npatch, palette;
    BOOL all_lights; /* every light the device has (D3DSBT_ALL, D3DSBT_VERTEXSTATE) */
};

#define MASK_SET(a, i) ((a)[(i) >> 5] |= 1u << ((i) & 31))
#define MASK_TEST(a, i) ((a)[(i) >> 5] & (1u << ((i) & 31)))

struct stateblock {
    IDirect3DStateBlock9 iface;
    struct object obj;
    struct state_mask mask;
    struct d3d9_state state;
    /* Made by CreateStateBlock: a later Capture keeps the stream offsets
     * taken at creation, as Windows does (Wine's stateblock test). */
    BOOL keep_offsets;
};

void state_set_rs(struct device *d, DWORD state, DWORD value);
void state_set_tss(struct device *d, DWORD stage, DWORD type, DWORD value);
void state_set_samp(struct device *d, DWORD sampler, DWORD type, DWORD value);
void state_set_transform(struct device *d, DWORD index, const D3DMATRIX *m);
void state_set_material(struct device *d, const D3DMATERIAL9 *m);
HRESULT state_set_light(struct device *d, DWORD index, const D3DLIGHT9 *l);
HRESULT state_light_enable(struct device *d, DWORD index, BOOL enable);
void state_set_clip_plane(struct device *d, DWORD index, const float *plane);
void state_set_viewport(struct device *d, const D3DVIEWPORT9 *v);
void state_set_scissor(struct device *d, const RECT *r);
void state_set_const_f(struct device *d, BOOL pixel, UINT start, const float *data, UINT count);
/* Records the float constants and transforms set since the last draw:
 * called under the device lock before a draw or ProcessVertices, the only
 * records whose handlers read them. */
void state_record_draw_state(struct device *d);
void state_set_const_i(struct device *d, BOOL pixel, UINT start, const int *data, UINT count);
void state_set_const_b(struct device *d, BOOL pixel, UINT start, const BOOL *data, UINT count);
void state_set_stream(struct device *d, UINT stream, struct vertexbuffer *vb, UINT offset, UINT stride);
void state_set_stream_freq(struct device *d, UINT stream, UINT setting);
void state_set_indices(struct device *d, struct indexbuffer *ib);
void state_set_fvf(struct device *d, DWORD fvf);
void state_set_decl(struct device *d, struct vdecl *decl);
void state_set_vs(struct device *d, struct vshader *vs);
void state_set_ps(struct device *d, struct pshader *ps);
void state_set_texture(struct device *d, UINT sampler, struct object *tex);
void state_set_npatch(struct device *d, float segments);
void state_set_palette(struct device *d, UINT palette);

/* After a DrawPrimitiveUP or DrawIndexedPrimitiveUP: stream 0 is unbound
 * with offset 0 and the given stride (0 after a draw; a refused draw
 * leaves its own), and the indices with indices set, on the device even
 * while a block records. */
void state_unbind_up(struct device *d, BOOL indices, UINT stride);

/* Light array helpers (the device's or a block's). */
struct light *state_find_light(struct d3d9_state *s, DWORD index);
struct light *state_add_light(struct d3d9_state *s, DWORD index);
/* Drops a state's holds on objects and frees its lights. */
void state_release(struct d3d9_state *s);
/* Replaces the object in *slot (any of the state's object pointers),
 * moving the device's hold: binds the new one, unbinds the old. */
void state_hold(void **slot, void *obj);

/* Frees a recording block that never reached EndStateBlock. */
void stateblock_discard(struct stateblock *sb);

#endif
