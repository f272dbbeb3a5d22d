/* What the pixel stage reads from a vertex stage that does not make it
 * for that pixel stage, and the fixed-function vertex state behind it:
 * ps_1_x texture coordinates (texbem) made by the fixed-function vertex
 * stage for a stage whose colour op is DISABLE, the elements of a
 * pre-transformed vertex a ps_3_0 reads by usage, the diffuse colour a
 * vertex shader leaves unwritten, the alpha of a stage whose ALPHAARG1 is
 * an unbound texture, ps_3_0's refusal of a POSITION0 input, and the
 * normal matrix of a non-affine or singular world matrix. Expected values
 * are D3D9's rules worked out here (Windows' behaviour as Wine's visual
 * tests record it where the documentation is silent).
 *
 * Shader bytecode is written out by hand, one instruction a line. */
#include "draw_util.h"

static IDirect3D9 *d3d;
static HWND window;

/* Usage tokens of dcl (D3DDECLUSAGE in bits 0-4, index in 16-19). */
#define DCL(usage, index) (0x80000000u | (usage) | ((index) << 16))
/* v0 as a dcl or source register, oC0 as a destination (ps_3_0). */
#define V0_DCL 0x900f0000u
#define V0_SRC 0x90e40000u
#define OC0 0x800f0800u

/* ps_3_0: dcl_<usage><index> v0; mov oC0, v0 */
#define PS30_SHOW(usage, index)                                                                                        \
    {0xffff0300u, 0x0200001fu, DCL(usage, index), V0_DCL, 0x02000001u, OC0, V0_SRC, 0x0000ffffu}

static IDirect3DDevice9 *device(void)
{
    IDirect3DDevice9 *dev = unlit_device(d3d, window);
    if (dev)
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
    return dev;
}

static void release_device(IDirect3DDevice9 *dev)
{
    ULONG ref = IDirect3DDevice9_Release(dev);
    CHECK(ref == 0, "device still has %lu references", ref);
}

/* Draws a full-target strip of four vertices of the given stride. */
static void draw_strip(IDirect3DDevice9 *dev, const void *v, UINT stride, D3DCOLOR clear)
{
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, clear, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, stride);
    IDirect3DDevice9_EndScene(dev);
}

/* A 4x4 texture whose texel (x, y) is 0x40 * (x, y) in red and green
 * plus 0x20, so the texel a read lands on shows in the colour. */
static IDirect3DTexture9 *grid4(IDirect3DDevice9 *dev)
{
    D3DCOLOR t[16];
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++)
            t[y * 4 + x] = 0xff000000u | (DWORD)(0x20 + 0x40 * x) << 16 | (DWORD)(0x20 + 0x40 * y) << 8;
    return texture_of(dev, 4, 4, t);
}

static D3DCOLOR grid_texel(int x, int y)
{
    return (DWORD)(0x20 + 0x40 * x) << 16 | (DWORD)(0x20 + 0x40 * y) << 8;
}

/* ps_1_1: tex t0; texbem t1, t0; mov r0, t1 */
static const DWORD ps11_texbem[] = {
    0xffff0101u, 0x00000042u, 0xb00f0000u, 0x00000043u, 0xb00f0001u, 0xb0e40000u,
    0x00000001u, 0x800f0000u, 0xb0e40001u, 0x0000ffffu,
};

/* texbem behind the fixed-function vertex stage: texture coordinate set 1
 * reaches the shader although stage 1's colour op is DISABLE (the
 * default), untransformed and then through a projected COUNT4 transform.
 * The bump matrix is asymmetric so its layout shows: with du = 0.5 and
 * dv = -0.5 from the V8U8 texel, u += M00*du + M10*dv = 0.25 and
 * v += M01*du + M11*dv = 0.25 from (0.6, 0.1): texel (3, 1) of the grid. */
TEST(texbem_behind_fixed_function)
{
    static const D3DVERTEXELEMENT9 els[2][4] = {
        {
            {0, 0, D3DDECLTYPE_FLOAT3, 0, D3DDECLUSAGE_POSITION, 0},
            {0, 12, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_TEXCOORD, 0},
            {0, 20, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_TEXCOORD, 1},
            D3DDECL_END(),
        },
        {
            {0, 0, D3DDECLTYPE_FLOAT3, 0, D3DDECLUSAGE_POSITION, 0},
            {0, 12, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_TEXCOORD, 0},
            {0, 20, D3DDECLTYPE_FLOAT4, 0, D3DDECLUSAGE_TEXCOORD, 1},
            D3DDECL_END(),
        },
    };
    static const float quad[2][4][9] = {
        {
            {-1, -1, 0.5f, 0, 0, 0.6f, 0.1f},
            {-1, 1, 0.5f, 0, 0, 0.6f, 0.1f},
            {1, -1, 0.5f, 0, 0, 0.6f, 0.1f},
            {1, 1, 0.5f, 0, 0, 0.6f, 0.1f},
        },
        {
            {-1, -1, 0.5f, 0, 0, 1.2f, 0.2f, 0, 2},
            {-1, 1, 0.5f, 0, 0, 1.2f, 0.2f, 0, 2},
            {1, -1, 0.5f, 0, 0, 1.2f, 0.2f, 0, 2},
            {1, 1, 0.5f, 0, 0, 1.2f, 0.2f, 0, 2},
        },
    };
    IDirect3DDevice9 *dev = device();
    IDirect3DTexture9 *bump = NULL, *grid;
    IDirect3DPixelShader9 *ps;
    D3DLOCKED_RECT lr;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 1, 1, 1, 0, D3DFMT_V8U8, D3DPOOL_MANAGED, &bump, NULL), D3D_OK);
    if (bump && SUCCEEDED(IDirect3DTexture9_LockRect(bump, 0, &lr, NULL, 0))) {
        ((signed char *)lr.pBits)[0] = 64;  /* du */
        ((signed char *)lr.pBits)[1] = -64; /* dv */
        IDirect3DTexture9_UnlockRect(bump, 0);
    }
    grid = grid4(dev);
    ps = ps_of(dev, ps11_texbem);
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)bump);
    IDirect3DDevice9_SetTexture(dev, 1, (IDirect3DBaseTexture9 *)grid);
    for (DWORD s = 0; s < 2; s++) {
        IDirect3DDevice9_SetSamplerState(dev, s, D3DSAMP_MINFILTER, D3DTEXF_POINT);
        IDirect3DDevice9_SetSamplerState(dev, s, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
    }
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_BUMPENVMAT00, f2dw(0.0f));
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_BUMPENVMAT01, f2dw(0.5f));
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_BUMPENVMAT10, f2dw(-0.5f));
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_BUMPENVMAT11, f2dw(0.0f));
    IDirect3DDevice9_SetPixelShader(dev, ps);
    for (int i = 0; i < 2; i++) {
        IDirect3DVertexDeclaration9 *decl = NULL;
        CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, els[i], &decl), D3D_OK);
        IDirect3DDevice9_SetVertexDeclaration(dev, decl);
        if (i)
            IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_TEXTURETRANSFORMFLAGS,
                                                  D3DTTFF_COUNT4 | D3DTTFF_PROJECTED);
        draw_strip(dev, quad[i], sizeof(quad[i][0]), 0x0000ff);
        CHECK_PIXEL(dev, 320, 240, grid_texel(3, 1), i ? "projected" : "plain");
        IDirect3DDevice9_SetVertexDeclaration(dev, NULL);
        if (decl)
            IDirect3DVertexDeclaration9_Release(decl);
    }
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DDevice9_SetTexture(dev, 1, NULL);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    if (bump)
        IDirect3DTexture9_Release(bump);
    if (grid)
        IDirect3DTexture9_Release(grid);
    release_device(dev);
}

/* A pre-transformed vertex hands a ps_3_0 its elements by usage, whatever
 * the fixed-function pipeline would make of them; a texture coordinate
 * set the vertex lacks reads 0. */
TEST(pretransformed_elements_reach_ps_3_0)
{
    static const D3DVERTEXELEMENT9 els[] = {
        {0, 0, D3DDECLTYPE_FLOAT4, 0, D3DDECLUSAGE_POSITIONT, 0},
        {0, 16, D3DDECLTYPE_FLOAT4, 0, D3DDECLUSAGE_BLENDWEIGHT, 0},
        {0, 32, D3DDECLTYPE_FLOAT4, 0, D3DDECLUSAGE_NORMAL, 0},
        {0, 48, D3DDECLTYPE_FLOAT4, 0, D3DDECLUSAGE_TANGENT, 0},
        {0, 64, D3DDECLTYPE_FLOAT4, 0, D3DDECLUSAGE_BINORMAL, 0},
        {0, 80, D3DDECLTYPE_FLOAT4, 0, D3DDECLUSAGE_FOG, 0},
        {0, 96, D3DDECLTYPE_FLOAT4, 0, D3DDECLUSAGE_DEPTH, 0},
        {0, 112, D3DDECLTYPE_FLOAT4, 0, D3DDECLUSAGE_TEXCOORD, 0},
        {0, 128, D3DDECLTYPE_D3DCOLOR, 0, D3DDECLUSAGE_COLOR, 0},
        D3DDECL_END(),
    };
    struct vtx {
        float pos[4];
        float el[7][4];
        D3DCOLOR diffuse;
    } v[4];
    static const DWORD shaders[][8] = {
        PS30_SHOW(D3DDECLUSAGE_BLENDWEIGHT, 0), PS30_SHOW(D3DDECLUSAGE_NORMAL, 0),
        PS30_SHOW(D3DDECLUSAGE_TANGENT, 0),     PS30_SHOW(D3DDECLUSAGE_BINORMAL, 0),
        PS30_SHOW(D3DDECLUSAGE_FOG, 0),         PS30_SHOW(D3DDECLUSAGE_DEPTH, 0),
        PS30_SHOW(D3DDECLUSAGE_TEXCOORD, 0),    PS30_SHOW(D3DDECLUSAGE_COLOR, 0),
        PS30_SHOW(D3DDECLUSAGE_TEXCOORD, 1),
    };
    static const char *names[] = {"blendweight", "normal", "tangent", "binormal", "fog",
                                  "depth", "texcoord0", "color0", "texcoord1 (absent)"};
    /* Element i holds (0.1 * (i + 1), 0.05 * (i + 1), 0.02 * (i + 1), 1). */
    static const D3DCOLOR want[] = {0x1a0d05, 0x331a0a, 0x4d260f, 0x663314, 0x804019,
                                    0x994d1f, 0xb35924, 0x20a0e0, 0x000000};
    IDirect3DVertexDeclaration9 *decl = NULL;
    IDirect3DDevice9 *dev = device();
    if (!dev)
        return;
    for (int k = 0; k < 4; k++) {
        v[k].pos[0] = (k & 1) ? 640.0f : 0.0f;
        v[k].pos[1] = (k & 2) ? 480.0f : 0.0f;
        v[k].pos[2] = 0.5f;
        v[k].pos[3] = 1.0f;
        for (int i = 0; i < 7; i++) {
            v[k].el[i][0] = 0.1f * (i + 1);
            v[k].el[i][1] = 0.05f * (i + 1);
            v[k].el[i][2] = 0.02f * (i + 1);
            v[k].el[i][3] = 1.0f;
        }
        v[k].diffuse = 0xff20a0e0u;
    }
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, els, &decl), D3D_OK);
    IDirect3DDevice9_SetVertexDeclaration(dev, decl);
    for (size_t i = 0; i < sizeof(shaders) / sizeof(shaders[0]); i++) {
        IDirect3DPixelShader9 *ps = ps_of(dev, shaders[i]);
        IDirect3DDevice9_SetPixelShader(dev, ps);
        draw_strip(dev, v, sizeof(v[0]), 0xffffff);
        CHECK_PIXEL(dev, 320, 240, want[i], names[i]);
        IDirect3DDevice9_SetPixelShader(dev, NULL);
        if (ps)
            IDirect3DPixelShader9_Release(ps);
    }
    IDirect3DDevice9_SetVertexDeclaration(dev, NULL);
    if (decl)
        IDirect3DVertexDeclaration9_Release(decl);
    release_device(dev);
}

/* vs_1_1: dcl_position v0; mov oPos, v0 */
static const DWORD vs11_pos[] = {
    0xfffe0101u, 0x0000001fu, 0x80000000u, 0x900f0000u, 0x00000001u, 0xc00f0000u, 0x90e40000u, 0x0000ffffu,
};
/* vs_1_1: dcl_position v0; def c0, 0.5, 0.5, 0.5, 0.5; mov oPos, v0;
 * mov oD0.x, c0 */
static const DWORD vs11_d0x[] = {
    0xfffe0101u, 0x0000001fu, 0x80000000u, 0x900f0000u, 0x00000051u, 0xa00f0000u, 0x3f000000u,
    0x3f000000u, 0x3f000000u, 0x3f000000u, 0x00000001u, 0xc00f0000u, 0x90e40000u, 0x00000001u,
    0xd0010000u, 0xa0e40000u, 0x0000ffffu,
};
/* vs_2_0: dcl_position v0; mov oPos, v0 */
static const DWORD vs20_pos[] = {
    0xfffe0200u, 0x0200001fu, 0x80000000u, 0x900f0000u, 0x02000001u, 0xc00f0000u, 0x90e40000u, 0x0000ffffu,
};
/* ps_1_1: mov r0, v0 */
static const DWORD ps11_v0[] = {0xffff0101u, 0x00000001u, 0x800f0000u, 0x90e40000u, 0x0000ffffu};
/* ps_2_0: dcl v0; mov oC0, v0 */
static const DWORD ps20_v0[] = {
    0xffff0200u, 0x0200001fu, 0x80000000u, 0x900f0000u, 0x02000001u, 0x800f0800u, 0x90e40000u, 0x0000ffffu,
};

/* A vertex shader that writes no oD0 leaves the diffuse colour white, for
 * the fixed-function pixel stage and pixel shaders alike; components of
 * oD0 it leaves unwritten read 1. */
TEST(unwritten_diffuse_is_white)
{
    static const struct {
        float x, y, z;
    } quad[] = {{-1, -1, 0.5f}, {-1, 1, 0.5f}, {1, -1, 0.5f}, {1, 1, 0.5f}};
    static const struct {
        const DWORD *vs, *ps;
        D3DCOLOR want;
        const char *what;
    } cases[] = {
        {vs11_pos, NULL, 0xffffff, "vs_1_1, fixed function"},
        {vs11_pos, ps11_v0, 0xffffff, "vs_1_1, ps_1_1"},
        {vs20_pos, ps20_v0, 0xffffff, "vs_2_0, ps_2_0"},
        {vs11_d0x, ps11_v0, 0x80ffff, "vs_1_1 writing oD0.x, ps_1_1"},
    };
    IDirect3DDevice9 *dev = device();
    if (!dev)
        return;
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        IDirect3DVertexShader9 *vs = vs_of(dev, cases[i].vs);
        IDirect3DPixelShader9 *ps = cases[i].ps ? ps_of(dev, cases[i].ps) : NULL;
        IDirect3DDevice9_SetVertexShader(dev, vs);
        IDirect3DDevice9_SetPixelShader(dev, ps);
        draw_strip(dev, quad, sizeof(quad[0]), 0x00ff00);
        CHECK_PIXEL(dev, 320, 240, cases[i].want, cases[i].what);
        IDirect3DDevice9_SetVertexShader(dev, NULL);
        IDirect3DDevice9_SetPixelShader(dev, NULL);
        if (vs)
            IDirect3DVertexShader9_Release(vs);
        if (ps)
            IDirect3DPixelShader9_Release(ps);
    }
    release_device(dev);
}

/* Stage 0 keeps the default ALPHAOP SELECTARG1 with ALPHAARG1 TEXTURE and
 * no texture is bound: the alpha is the diffuse alpha, so blending by
 * source alpha shows D3DTSS_CONSTANT (the colour, its complement or its
 * alpha replicated) mixed with the target by the vertex's alpha. */
TEST(alpha_of_an_unbound_texture_is_the_diffuse_alpha)
{
    static const struct {
        DWORD arg;
        D3DCOLOR diffuse, want;
        const char *what;
    } cases[] = {
        {D3DTA_CONSTANT, 0xffff0000u, 0xa1b2c3, "constant, opaque diffuse"},
        {D3DTA_CONSTANT | D3DTA_COMPLEMENT, 0xffff0000u, 0x5e4d3c, "complement"},
        {D3DTA_CONSTANT | D3DTA_ALPHAREPLICATE, 0xffff0000u, 0x808080, "alpha replicated"},
        /* half of 0xa1b2c3 over 0x0000ff */
        {D3DTA_CONSTANT, 0x80ff0000u, 0x515ae1, "constant, half-transparent diffuse"},
    };
    IDirect3DDevice9 *dev = device();
    if (!dev)
        return;
    IDirect3DDevice9_SetFVF(dev, FVF_XYZ);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_SRCALPHA);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, D3DBLEND_INVSRCALPHA);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_CONSTANT, 0x80a1b2c3u);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        D3DCOLOR c = cases[i].diffuse;
        struct xyz quad[] = {{-1, -1, 0.5f, c}, {-1, 1, 0.5f, c}, {1, -1, 0.5f, c}, {1, 1, 0.5f, c}};
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, cases[i].arg);
        draw_strip(dev, quad, sizeof(quad[0]), 0x0000ff);
        CHECK_PIXEL(dev, 320, 240, cases[i].want, cases[i].what);
    }
    release_device(dev);
}

/* ps_3_0 cannot declare an input of usage POSITION with index 0 (a
 * refused CreatePixelShader makes no object and keeps no reference);
 * POSITION1 is an ordinary varying. */
TEST(ps_3_0_position0_input_refused)
{
    static const DWORD position0[] = PS30_SHOW(D3DDECLUSAGE_POSITION, 0);
    static const DWORD position1[] = PS30_SHOW(D3DDECLUSAGE_POSITION, 1);
    IDirect3DPixelShader9 *ps = (IDirect3DPixelShader9 *)(ULONG_PTR)1;
    IDirect3DDevice9 *dev = device();
    ULONG before;
    if (!dev)
        return;
    before = refcount(dev);
    CHECK_HR(IDirect3DDevice9_CreatePixelShader(dev, position0, &ps), D3DERR_INVALIDCALL);
    CHECK(ps == NULL, "refused shader returned %p", (void *)ps);
    CHECK(refcount(dev) == before, "device references %lu, were %lu", refcount(dev), before);
    ps = ps_of(dev, position1);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    release_device(dev);
}

/* The normal matrix is the inverse transpose of the whole 4x4 world-view
 * matrix: a non-affine world matrix whose inverse sends the normal
 * (0, 0, -1) to zero leaves only the (black) ambient; a singular world
 * matrix is used as it is, and the normal it gives faces the light. The
 * light is the default directional one (white, along +z). */
TEST(normal_matrix_of_nonaffine_and_singular_world)
{
    static const D3DMATRIX identity = {{{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}}};
    static const D3DMATRIX singular = {{{1, 0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 0, 0.5f, 1}}};
    static const D3DMATRIX nonaffine = {{{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1, 10, 10, 10, 0}}};
    struct nv {
        float x, y, z, nx, ny, nz;
        D3DCOLOR c;
    };
    /* The first quad covers the target; the second, at w = 10 after the
     * non-affine world matrix, its middle fifth. */
    static const struct nv plain[] = {
        {-1, -1, 0, 0, 0, -1, 0xff0000ffu},
        {-1, 1, 0, 0, 0, -1, 0xff0000ffu},
        {1, -1, 0, 0, 0, -1, 0xff0000ffu},
        {1, 1, 0, 0, 0, -1, 0xff0000ffu},
    };
    static const struct nv moved[] = {
        {-11, -11, -10, 0, 0, -1, 0xff0000ffu},
        {-11, -9, -10, 0, 0, -1, 0xff0000ffu},
        {-9, -11, -10, 0, 0, -1, 0xff0000ffu},
        {-9, -9, -10, 0, 0, -1, 0xff0000ffu},
    };
    static const struct {
        const D3DMATRIX *world;
        const struct nv *quad;
        D3DCOLOR want;
        const char *what;
    } cases[] = {
        {&identity, plain, 0x0000ff, "identity"},
        {&singular, plain, 0x0000ff, "singular"},
        {&nonaffine, moved, 0x000000, "non-affine"},
    };
    IDirect3DDevice9 *dev = device();
    if (!dev)
        return;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CLIPPING, FALSE);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_DIFFUSE);
    IDirect3DDevice9_LightEnable(dev, 0, TRUE);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        IDirect3DDevice9_SetTransform(dev, D3DTS_WORLD, cases[i].world);
        draw_strip(dev, cases[i].quad, sizeof(cases[i].quad[0]), 0xffffff);
        CHECK_PIXEL(dev, 320, 240, cases[i].want, cases[i].what);
    }
    release_device(dev);
}

/* ps_2_0: dcl t0; mov oC0, t0 */
static const DWORD ps20_t0[] = {
    0xffff0200u, 0x0200001fu, 0x80000000u, 0xb00f0000u, 0x02000001u, 0x800f0800u, 0xb0e40000u, 0x0000ffffu,
};

/* Point sprites give a pixel shader its texture coordinates although the
 * vertex has none and the fixed-function vertex stage makes none: u, v
 * run from 0 to 1 across the 32-pixel sprite centred on (320, 240). */
TEST(point_sprite_coordinates_without_vertex_texcoords)
{
    static const struct tl point = {320.0f, 240.0f, 0.5f, 1.0f, 0xffffffffu};
    static const int at[][2] = {{306, 226}, {333, 226}, {306, 253}, {333, 253}};
    IDirect3DDevice9 *dev = device();
    IDirect3DPixelShader9 *ps;
    if (!dev)
        return;
    ps = ps_of(dev, ps20_t0);
    IDirect3DDevice9_SetFVF(dev, FVF_TL);
    IDirect3DDevice9_SetPixelShader(dev, ps);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSPRITEENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSIZE, f2dw(32.0f));
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0x0000ff, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_POINTLIST, 1, &point, sizeof(point));
    IDirect3DDevice9_EndScene(dev);
    for (int i = 0; i < 4; i++) {
        int x = at[i][0], y = at[i][1]; /* the sprite covers 304..335 by 224..255 */
        double u = (x + 0.5 - 304) / 32, v = (y + 0.5 - 224) / 32;
        D3DCOLOR want = (DWORD)(u * 255 + 0.5) << 16 | (DWORD)(v * 255 + 0.5) << 8;
        CHECK_PIXEL_TOL(dev, x, y, want, 4, "sprite coordinate");
    }
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    release_device(dev);
}

static const struct harness_test tests[] = {
    T(texbem_behind_fixed_function),
    T(pretransformed_elements_reach_ps_3_0),
    T(unwritten_diffuse_is_white),
    T(alpha_of_an_unbound_texture_is_the_diffuse_alpha),
    T(ps_3_0_position0_input_refused),
    T(normal_matrix_of_nonaffine_and_singular_world),
    T(point_sprite_coordinates_without_vertex_texcoords),
};

int main(void)
{
    return RUN_TESTS_SHARED(tests, &d3d, &window);
}
