/* The device state D3D9's getters return and state blocks capture, in
 * D3D9's own encoding. Sizes come from D3D9's limits; state.c holds the
 * setters, getters and defaults. */
#ifndef MTLD3D_STATE_H
#define MTLD3D_STATE_H

#include <windows.h>
#include <d3d9.h>

#define MAX_RENDER_STATES 256  /* D3DRS_* values are below this */
#define MAX_TSS 33             /* D3DTSS_* values are below this */
#define MAX_SAMPLER_STATES 14  /* D3DSAMP_* values are below this */
#define MAX_TEXTURE_STAGES 8
#define MAX_SAMPLERS 20        /* 16 pixel samplers, then D3DVERTEXTEXTURESAMPLER0..3 */
#define MAX_STREAMS 16
#define MAX_TRANSFORMS 512     /* D3DTS_* and D3DTS_WORLDMATRIX(0..255) */
#define MAX_CLIP_PLANES 8
#define MAX_RTS 4
#define VS_CONST_F 256
#define PS_CONST_F 224
#define CONST_I 16
#define CONST_B 16
/* A software or mixed device's vertex constants (core/caps). */
#define SWVP_VS_CONST_F MTLD3D_SWVP_MAX_VERTEX_SHADER_CONST
#define SWVP_VS_CONST_I MTLD3D_SWVP_VERTEX_SHADER_CONST_I
#define SWVP_VS_CONST_B MTLD3D_SWVP_VERTEX_SHADER_CONST_B
#define MAX_ACTIVE_LIGHTS 8

struct vertexbuffer;
struct indexbuffer;
struct vdecl;
struct vshader;
struct pshader;
struct object;

struct stream {
    struct vertexbuffer *vb;
    UINT offset;
    UINT stride;
    UINT freq; /* SetStreamSourceFreq's setting, D3DSTREAMSOURCE_* flags included */
};

/* Lights may use any index; they live in a growing array. */
#define LIGHT_PARAMS 1u /* a state block holds the light's parameters */
#define LIGHT_ENABLE 2u /* a state block holds whether it is enabled */
struct light {
    DWORD index;
    BOOL enabled;
    D3DLIGHT9 light;
    DWORD captured; /* state blocks: LIGHT_* */
};

/* How many vertex shader constants of each kind a device takes:
 * VS_CONST_F, CONST_I and CONST_B on a hardware device; the SWVP_ counts
 * on a software or mixed one, in either mode (Wine's
 * test_vertex_shader_constant, run on Windows). */
struct vs_limits {
    UINT f, i, b;
};

struct d3d9_state {
    DWORD rs[MAX_RENDER_STATES];
    DWORD tss[MAX_TEXTURE_STAGES][MAX_TSS];
    DWORD samp[MAX_SAMPLERS][MAX_SAMPLER_STATES];
    D3DMATRIX transforms[MAX_TRANSFORMS];
    D3DMATERIAL9 material;
    struct light *lights;
    UINT light_count, light_capacity;
    float clip_planes[MAX_CLIP_PLANES][4];
    D3DVIEWPORT9 viewport;
    RECT scissor;
    /* Vertex shader constants, the device's vs_const counts of each
     * (struct vs_limits): one allocation per state, made with the device
     * or the block and kept across Reset (state_alloc_vs_consts). */
    float (*vs_f)[4];
    int (*vs_i)[4];
    BOOL *vs_b;
    float ps_f[PS_CONST_F][4];
    int ps_i[CONST_I][4];
    BOOL ps_b[CONST_B];
    struct stream streams[MAX_STREAMS];
    struct indexbuffer *indices;
    DWORD fvf;
    struct vdecl *decl;
    struct vshader *vs;
    struct pshader *ps;
    struct object *textures[MAX_SAMPLERS]; /* the base texture's object, or NULL */
    float npatch_mode;
    BOOL software_vp;
    UINT palette; /* current texture palette */
    D3DCLIPSTATUS9 clip_status;
    BOOL zenable_pending; /* D3DRS_ZENABLE's default waits for the depth surface */
};

#endif
