/* Sampler, texture stage and texture states that take effect in the
 * shader variant or in mip generation (docs/render-states.md):
 * D3DSAMP_MIPMAPLODBIAS for fixed function, ps_1_1 and ps_2_0;
 * D3DTTFF_PROJECTED under ps_1_1-1_3 (and ignored by ps_1_4 and ps_2_0);
 * SetAutoGenFilterType's POINT and LINEAR; D3DSAMP_BORDERCOLOR in colours
 * Metal's samplers lack; NVIDIA's ATOC alpha to coverage. Each draw is a pre-transformed
 * quad with one constant or linear texture coordinate; expected colours
 * are the texels D3D9's rules select. Tolerance: 2 per 8-bit channel.
 *
 * The bytecode was assembled by core/dxso's assembler from the source in
 * the comment above each array. */
#include "draw_util.h"

/*
 *   ps_2_0
 *   dcl t0.xy
 *   dcl_2d s0
 *   texld r0, t0, s0
 *   mov oC0, r0
 */
static const DWORD ps20_tex[] = {
    0xffff0200, 0x0200001f, 0x80000000, 0xb0030000, 0x0200001f, 0x90000000,
    0xa00f0800, 0x03000042, 0x800f0000, 0xb0e40000, 0xa0e40800, 0x02000001,
    0x800f0800, 0x80e40000, 0x0000ffff,
};

/*
 *   ps_1_1
 *   tex t0
 *   mov r0, t0
 */
static const DWORD ps11_tex[] = {
    0xffff0101, 0x00000042, 0xb00f0000, 0x00000001, 0x800f0000, 0xb0e40000,
    0x0000ffff,
};

/*
 *   ps_1_4
 *   texld r0, t0
 */
static const DWORD ps14_tex[] = {
    0xffff0104, 0x00000042, 0x800f0000, 0xb0e40000, 0x0000ffff,
};

struct tvert {
    float x, y, z, rhw;
    float t[4];
};
#define TVERT_FVF (D3DFVF_XYZRHW | D3DFVF_TEX1 | D3DFVF_TEXCOORDSIZE4(0))

/* Draws the square of pixels [x0, x1) x [y0, y1) with texture coordinate
 * t0 at its top-left corner, growing by du across and dv down. */
static void draw_square(IDirect3DDevice9 *dev, int x0, int y0, int x1, int y1, const float t0[4], float du, float dv)
{
    struct tvert q[4];
    for (int i = 0; i < 4; i++) {
        int right = i & 1, bottom = i >> 1;
        q[i].x = (right ? x1 : x0) - 0.5f;
        q[i].y = (bottom ? y1 : y0) - 0.5f;
        q[i].z = 0.5f;
        q[i].rhw = 1;
        memcpy(q[i].t, t0, sizeof(q[i].t));
        q[i].t[0] += right ? du : 0;
        q[i].t[1] += bottom ? dv : 0;
    }
    IDirect3DDevice9_SetFVF(dev, TVERT_FVF);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
    IDirect3DDevice9_EndScene(dev);
}

/* Fills level l of a 2D A8R8G8B8 texture with fill(x, y). */
static void fill_level(IDirect3DTexture9 *t, UINT l, D3DCOLOR (*fill)(int x, int y, UINT l))
{
    D3DSURFACE_DESC d;
    D3DLOCKED_RECT lr;
    IDirect3DTexture9_GetLevelDesc(t, l, &d);
    CHECK_HR(IDirect3DTexture9_LockRect(t, l, &lr, NULL, 0), D3D_OK);
    for (UINT y = 0; y < d.Height; y++)
        for (UINT x = 0; x < d.Width; x++)
            ((DWORD *)((BYTE *)lr.pBits + y * lr.Pitch))[x] = fill(x, y, l);
    IDirect3DTexture9_UnlockRect(t, l);
}

static const D3DCOLOR level_colours[8] = {0xff0000, 0x00ff00, 0x0000ff, 0xffff00,
                                          0xff00ff, 0x00ffff, 0xffffff, 0x808080};

static D3DCOLOR level_fill(int x, int y, UINT l)
{
    (void)x, (void)y;
    return 0xff000000u | level_colours[l];
}

static void point_sampling(IDirect3DDevice9 *dev)
{
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
}

/* A 128x128 texture of eight single-colour levels drawn over 64x64
 * pixels: two texels per pixel, so level 1 without a bias and level
 * 1 + bias with one (clamped to the chain), for fixed function, ps_1_1
 * and ps_2_0. */
TEST(mip_lod_bias)
{
    static const float biases[] = {0, 1, 2, -1, 0.25f};
    static const float t0[4] = {0, 0, 0, 1};
    static const struct {
        const char *name;
        const DWORD *code;
    } stages[] = {{"fixed function", NULL}, {"ps_1_1", ps11_tex}, {"ps_2_0", ps20_tex}};
    struct test_ctx c;
    IDirect3DTexture9 *tex = NULL;
    IDirect3DSurface9 *rt = NULL;
    if (!test_setup(&c))
        return;
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 128, 128, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex, NULL),
             D3D_OK);
    IDirect3DDevice9_GetRenderTarget(c.dev, 0, &rt);
    if (tex && rt) {
        CHECK_EQ_U(IDirect3DTexture9_GetLevelCount(tex), 8);
        for (UINT l = 0; l < 8; l++)
            fill_level(tex, l, level_fill);
        IDirect3DDevice9_SetTexture(c.dev, 0, (IDirect3DBaseTexture9 *)tex);
        point_sampling(c.dev);
        for (size_t s = 0; s < sizeof(stages) / sizeof(stages[0]); s++) {
            IDirect3DPixelShader9 *ps = stages[s].code ? ps_of(c.dev, stages[s].code) : NULL;
            IDirect3DDevice9_SetPixelShader(c.dev, ps);
            for (size_t b = 0; b < sizeof(biases) / sizeof(biases[0]); b++) {
                DWORD got;
                int want = 1 + (int)(biases[b] + (biases[b] < 0 ? -0.5f : 0.5f));
                want = want < 0 ? 0 : want;
                IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MIPMAPLODBIAS, f2dw(biases[b]));
                IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0);
                draw_square(c.dev, 0, 0, 64, 64, t0, 1, 1);
                got = rt_pixel(c.dev, rt, 32, 32);
                CHECK(near_color(got, level_colours[want], PIXEL_TOL), "%s, bias %.2f: %06lx, want level %d's %06lx",
                      stages[s].name, biases[b], (unsigned long)got, want, (unsigned long)level_colours[want]);
            }
            IDirect3DDevice9_SetPixelShader(c.dev, NULL);
            if (ps)
                IDirect3DPixelShader9_Release(ps);
        }
        IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MIPMAPLODBIAS, 0);
        IDirect3DDevice9_SetTexture(c.dev, 0, NULL);
    }
    if (rt)
        IDirect3DSurface9_Release(rt);
    if (tex)
        IDirect3DTexture9_Release(tex);
    test_teardown(&c);
}

/* The red-green-blue-white 2x2 texture read at one coordinate: projected, (2.25, 0.75) / 3 is
 * (0.75, 0.25), the texel at (1, 0); not projected it wraps to
 * (0.25, 0.75), the texel at (0, 1). */
TEST(projected_ps_1_x)
{
    static const struct {
        const char *name;
        const DWORD *code;
        DWORD flags;
        float t[4];
        int projected;
    } cases[] = {
        {"ps_1_1 COUNT3", ps11_tex, D3DTTFF_COUNT3 | D3DTTFF_PROJECTED, {2.25f, 0.75f, 3, 1}, 1},
        {"ps_1_1 COUNT4", ps11_tex, D3DTTFF_COUNT4 | D3DTTFF_PROJECTED, {2.25f, 0.75f, 5, 3}, 1},
        {"ps_1_1 without PROJECTED", ps11_tex, D3DTTFF_COUNT3, {2.25f, 0.75f, 3, 1}, 0},
        {"ps_1_4 ignores it", ps14_tex, D3DTTFF_COUNT3 | D3DTTFF_PROJECTED, {2.25f, 0.75f, 3, 1}, 0},
        {"ps_2_0 ignores it", ps20_tex, D3DTTFF_COUNT3 | D3DTTFF_PROJECTED, {2.25f, 0.75f, 3, 1}, 0},
    };
    struct test_ctx c;
    IDirect3DTexture9 *tex = NULL;
    IDirect3DSurface9 *rt = NULL;
    if (!test_setup(&c))
        return;
    tex = texture_of(c.dev, 2, 2, rgbw_texels);
    IDirect3DDevice9_GetRenderTarget(c.dev, 0, &rt);
    if (tex && rt) {
        IDirect3DDevice9_SetTexture(c.dev, 0, (IDirect3DBaseTexture9 *)tex);
        point_sampling(c.dev);
        for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
            IDirect3DPixelShader9 *ps = ps_of(c.dev, cases[i].code);
            DWORD got, want = rgbw_texels[cases[i].projected ? 1 : 2] & 0xffffff;
            IDirect3DDevice9_SetPixelShader(c.dev, ps);
            IDirect3DDevice9_SetTextureStageState(c.dev, 0, D3DTSS_TEXTURETRANSFORMFLAGS, cases[i].flags);
            IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0);
            draw_square(c.dev, 0, 0, 16, 16, cases[i].t, 0, 0);
            got = rt_pixel(c.dev, rt, 8, 8);
            CHECK(near_color(got, want, PIXEL_TOL), "%s: %06lx, want %06lx", cases[i].name, (unsigned long)got,
                  (unsigned long)want);
            IDirect3DDevice9_SetPixelShader(c.dev, NULL);
            if (ps)
                IDirect3DPixelShader9_Release(ps);
        }
        /* PROJECTED without a count divides by the last component the
         * vertex's set has (D3DTTFF_PROJECTED: "divided by the last
         * element"): z of a three-component set, whose w would read 1. */
        {
            struct {
                float x, y, z, rhw, t[3];
            } q[4];
            IDirect3DPixelShader9 *ps = ps_of(c.dev, ps11_tex);
            DWORD got, want = rgbw_texels[1] & 0xffffff;
            for (int i = 0; i < 4; i++) {
                q[i].x = (i & 1 ? 16 : 0) - 0.5f;
                q[i].y = (i >> 1 ? 16 : 0) - 0.5f;
                q[i].z = 0.5f;
                q[i].rhw = 1;
                q[i].t[0] = 2.25f, q[i].t[1] = 0.75f, q[i].t[2] = 3;
            }
            IDirect3DDevice9_SetPixelShader(c.dev, ps);
            IDirect3DDevice9_SetTextureStageState(c.dev, 0, D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_PROJECTED);
            IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0);
            IDirect3DDevice9_SetFVF(c.dev, D3DFVF_XYZRHW | D3DFVF_TEX1 | D3DFVF_TEXCOORDSIZE3(0));
            IDirect3DDevice9_BeginScene(c.dev);
            IDirect3DDevice9_DrawPrimitiveUP(c.dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
            IDirect3DDevice9_EndScene(c.dev);
            got = rt_pixel(c.dev, rt, 8, 8);
            CHECK(near_color(got, want, PIXEL_TOL), "ps_1_1 PROJECTED, three components: %06lx, want %06lx",
                  (unsigned long)got, (unsigned long)want);
            IDirect3DDevice9_SetPixelShader(c.dev, NULL);
            if (ps)
                IDirect3DPixelShader9_Release(ps);
        }
        IDirect3DDevice9_SetTextureStageState(c.dev, 0, D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_DISABLE);
        IDirect3DDevice9_SetTexture(c.dev, 0, NULL);
    }
    if (rt)
        IDirect3DSurface9_Release(rt);
    if (tex)
        IDirect3DTexture9_Release(tex);
    test_teardown(&c);
}

/* Each 2x2 block of the top level is one red texel (top left) and three
 * blue ones. */
static D3DCOLOR block_fill(int x, int y, UINT l)
{
    (void)l;
    return (x % 2 == 0 && y % 2 == 0) ? 0xffff0000u : 0xff0000ffu;
}

/* AUTOGENMIPMAP with SetAutoGenFilterType: level 1, drawn at two texels
 * per pixel, is one texel of each block with POINT (red or blue, never a
 * mix: which texel a driver keeps is its own) and their average with
 * LINEAR. */
TEST(autogen_filter_type)
{
    static const float t0[4] = {0, 0, 0, 1};
    static const D3DTEXTUREFILTERTYPE filters[] = {D3DTEXF_POINT, D3DTEXF_LINEAR};
    struct test_ctx c;
    IDirect3DSurface9 *rt = NULL;
    if (!test_setup(&c))
        return;
    IDirect3DDevice9_GetRenderTarget(c.dev, 0, &rt);
    point_sampling(c.dev);
    for (size_t i = 0; i < 2 && rt; i++) {
        IDirect3DTexture9 *tex = NULL;
        DWORD got;
        CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 64, 64, 0, D3DUSAGE_AUTOGENMIPMAP, D3DFMT_A8R8G8B8,
                                                D3DPOOL_MANAGED, &tex, NULL),
                 D3D_OK);
        if (!tex)
            continue;
        CHECK_HR(IDirect3DTexture9_SetAutoGenFilterType(tex, filters[i]), D3D_OK);
        CHECK_EQ_U(IDirect3DTexture9_GetAutoGenFilterType(tex), filters[i]);
        fill_level(tex, 0, block_fill);
        IDirect3DDevice9_SetTexture(c.dev, 0, (IDirect3DBaseTexture9 *)tex);
        IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0);
        draw_square(c.dev, 0, 0, 32, 32, t0, 1, 1);
        got = rt_pixel(c.dev, rt, 16, 16);
        if (filters[i] == D3DTEXF_POINT)
            CHECK(near_color(got, 0xff0000, PIXEL_TOL) || near_color(got, 0x0000ff, PIXEL_TOL),
                  "POINT: %06lx, want red or blue", (unsigned long)got);
        else
            CHECK(near_color(got, 0x4000bf, PIXEL_TOL), "LINEAR: %06lx, want 4000bf", (unsigned long)got);
        IDirect3DDevice9_SetTexture(c.dev, 0, NULL);
        IDirect3DTexture9_Release(tex);
    }
    if (rt)
        IDirect3DSurface9_Release(rt);
    test_teardown(&c);
}

/* D3DTADDRESS_BORDER on u: a coordinate outside [0, 1] reads the border
 * colour, whichever colour it is (Metal samplers offer three; the others
 * come from the shader), for fixed function and a shader. */
TEST(border_colour)
{
    static const struct {
        const char *name;
        const DWORD *code;
        D3DCOLOR border;
        float u;
        D3DCOLOR want;
    } cases[] = {
        {"fixed function inside", NULL, 0xff336699, 0.25f, 0xff0000},
        {"fixed function outside", NULL, 0xff336699, 1.5f, 0x336699},
        {"fixed function outside, white", NULL, 0xffffffff, 1.5f, 0xffffff},
        {"ps_2_0 outside", ps20_tex, 0xffc08040, -0.5f, 0xc08040},
        {"ps_1_1 outside", ps11_tex, 0xff336699, 1.5f, 0x336699},
    };
    struct test_ctx c;
    IDirect3DTexture9 *tex = NULL;
    IDirect3DSurface9 *rt = NULL;
    if (!test_setup(&c))
        return;
    static const D3DCOLOR red[4] = {0xffff0000u, 0xffff0000u, 0xffff0000u, 0xffff0000u};
    tex = texture_of(c.dev, 2, 2, red);
    IDirect3DDevice9_GetRenderTarget(c.dev, 0, &rt);
    if (tex && rt) {
        IDirect3DDevice9_SetTexture(c.dev, 0, (IDirect3DBaseTexture9 *)tex);
        point_sampling(c.dev);
        IDirect3DDevice9_SetTextureStageState(c.dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
        IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_ADDRESSU, D3DTADDRESS_BORDER);
        for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
            IDirect3DPixelShader9 *ps = cases[i].code ? ps_of(c.dev, cases[i].code) : NULL;
            const float t[4] = {cases[i].u, 0.25f, 0, 1};
            DWORD got;
            IDirect3DDevice9_SetPixelShader(c.dev, ps);
            IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_BORDERCOLOR, cases[i].border);
            IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0);
            draw_square(c.dev, 0, 0, 16, 16, t, 0, 0);
            got = rt_pixel(c.dev, rt, 8, 8);
            CHECK(near_color(got, cases[i].want, PIXEL_TOL), "%s: %06lx, want %06lx", cases[i].name, (unsigned long)got,
                  (unsigned long)cases[i].want);
            IDirect3DDevice9_SetPixelShader(c.dev, NULL);
            if (ps)
                IDirect3DPixelShader9_Release(ps);
        }
        IDirect3DDevice9_SetTexture(c.dev, 0, NULL);
    }
    if (rt)
        IDirect3DSurface9_Release(rt);
    if (tex)
        IDirect3DTexture9_Release(tex);
    test_teardown(&c);
}

/* NVIDIA's alpha to coverage: CheckDeviceFormat offers the ATOC FourCC and
 * D3DRS_ADAPTIVETESS_Y set to it, with alpha testing on, turns alpha into
 * sample coverage in place of the test. A half-transparent white square
 * whose alpha fails the test (ALPHAREF 255) covers half of a 4-sample
 * target's samples: grey after the resolve; without ATOC the test
 * discards it. */
TEST(alpha_to_coverage)
{
    static const D3DFORMAT atoc = (D3DFORMAT)MAKEFOURCC('A', 'T', 'O', 'C');
    struct test_ctx c;
    IDirect3DSurface9 *ms = NULL, *res = NULL, *rt = NULL, *ds = NULL;
    if (!test_setup(&c))
        return;
    CHECK_HR(IDirect3D9_CheckDeviceFormat(c.d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, 0,
                                          D3DRTYPE_SURFACE, atoc),
             D3D_OK);
    if (!ms_targets(&c, &ms, &res, &rt, &ds)) {
        test_teardown(&c);
        return;
    }
    if (ms && res && rt) {
        static const struct {
            const char *name;
            DWORD atoc;
            D3DCOLOR want;
        } cases[] = {{"ATOC", (DWORD)atoc, 0x808080}, {"no ATOC", 0, 0x000000}};
        IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ZENABLE, D3DZB_FALSE);
        IDirect3DDevice9_SetRenderState(c.dev, D3DRS_LIGHTING, FALSE);
        IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ALPHATESTENABLE, TRUE);
        IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ALPHAFUNC, D3DCMP_GREATEREQUAL);
        IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ALPHAREF, 0xff);
        IDirect3DDevice9_SetFVF(c.dev, FVF_TL);
        for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
            DWORD got;
            IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ADAPTIVETESS_Y, cases[i].atoc);
            IDirect3DDevice9_SetRenderTarget(c.dev, 0, ms);
            IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0);
            IDirect3DDevice9_BeginScene(c.dev);
            rect_tl(c.dev, 0, 0, 64, 64, 0.5f, 0x80ffffff);
            IDirect3DDevice9_EndScene(c.dev);
            IDirect3DDevice9_SetRenderTarget(c.dev, 0, rt);
            CHECK_HR(IDirect3DDevice9_StretchRect(c.dev, ms, NULL, res, NULL, D3DTEXF_NONE), D3D_OK);
            got = rt_pixel(c.dev, res, 32, 32);
            CHECK(near_color(got, cases[i].want, PIXEL_TOL), "%s: %06lx, want %06lx", cases[i].name, (unsigned long)got,
                  (unsigned long)cases[i].want);
        }
        IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ADAPTIVETESS_Y, 0);
        IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ALPHATESTENABLE, FALSE);
    }
    ms_release(&c, ms, res, rt, ds);
    test_teardown(&c);
}

/* AMD's alpha to coverage: D3DRS_POINTSIZE set to the A2M1 code turns
 * alpha into sample coverage (no alpha test needed) until A2M0 turns it
 * off; the point size is left alone, and a state block that captured A2M1
 * turns it on again when applied (Wine's test_alpha_to_coverage on AMD).
 * A half-transparent white square over black covers half of a 4-sample
 * target's samples: grey after the resolve, white without. */
TEST(amd_alpha_to_coverage)
{
    static const DWORD a2m1 = MAKEFOURCC('A', '2', 'M', '1'), a2m0 = MAKEFOURCC('A', '2', 'M', '0');
    struct test_ctx c;
    IDirect3DSurface9 *ms = NULL, *res = NULL, *rt = NULL, *ds = NULL;
    IDirect3DStateBlock9 *sb = NULL;
    if (!test_setup(&c))
        return;
    if (!ms_targets(&c, &ms, &res, &rt, &ds)) {
        test_teardown(&c);
        return;
    }
    if (ms && res && rt) {
        IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ZENABLE, D3DZB_FALSE);
        IDirect3DDevice9_SetRenderState(c.dev, D3DRS_LIGHTING, FALSE);
        IDirect3DDevice9_SetFVF(c.dev, FVF_TL);
        IDirect3DDevice9_SetRenderState(c.dev, D3DRS_POINTSIZE, f2dw(8.0f));
        for (int step = 0; step < 4; step++) {
            static const struct {
                const char *name;
                D3DCOLOR want;
            } steps[4] = {{"A2M1", 0x808080}, {"A2M0", 0xffffff}, {"state block with A2M1", 0x808080},
                          {"point list after A2M0", 0xffffff}};
            DWORD got;
            switch (step) {
            case 0:
                CHECK_HR(IDirect3DDevice9_SetRenderState(c.dev, D3DRS_POINTSIZE, a2m1), D3D_OK);
                CHECK_HR(IDirect3DDevice9_CreateStateBlock(c.dev, D3DSBT_VERTEXSTATE, &sb), D3D_OK);
                break;
            case 1:
                CHECK_HR(IDirect3DDevice9_SetRenderState(c.dev, D3DRS_POINTSIZE, a2m0), D3D_OK);
                break;
            case 2:
                if (sb)
                    CHECK_HR(IDirect3DStateBlock9_Apply(sb), D3D_OK);
                break;
            case 3:
                CHECK_HR(IDirect3DDevice9_SetRenderState(c.dev, D3DRS_POINTSIZE, a2m0), D3D_OK);
                break;
            }
            IDirect3DDevice9_SetRenderTarget(c.dev, 0, ms);
            IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0);
            IDirect3DDevice9_BeginScene(c.dev);
            if (step < 3) {
                rect_tl(c.dev, 0, 0, 64, 64, 0.5f, 0x80ffffff);
            } else {
                /* The size set before A2M1 (8) still holds. */
                struct tl p = {32, 32, 0.5f, 1, 0x80ffffff};
                IDirect3DDevice9_DrawPrimitiveUP(c.dev, D3DPT_POINTLIST, 1, &p, sizeof(p));
            }
            IDirect3DDevice9_EndScene(c.dev);
            IDirect3DDevice9_SetRenderTarget(c.dev, 0, rt);
            CHECK_HR(IDirect3DDevice9_StretchRect(c.dev, ms, NULL, res, NULL, D3DTEXF_NONE), D3D_OK);
            got = rt_pixel(c.dev, res, 32, 32);
            CHECK(near_color(got, steps[step].want, PIXEL_TOL), "%s: %06lx, want %06lx", steps[step].name,
                  (unsigned long)got, (unsigned long)steps[step].want);
            if (step == 3) {
                got = rt_pixel(c.dev, res, 34, 34);
                CHECK(near_color(got, 0xffffff, PIXEL_TOL), "%s, inside the 8-pixel point: %06lx", steps[step].name,
                      (unsigned long)got);
                got = rt_pixel(c.dev, res, 40, 32);
                CHECK(near_color(got, 0, PIXEL_TOL), "%s, beside the point: %06lx", steps[step].name,
                      (unsigned long)got);
            }
        }
        IDirect3DDevice9_SetRenderState(c.dev, D3DRS_POINTSIZE, f2dw(1.0f));
    }
    if (sb)
        IDirect3DStateBlock9_Release(sb);
    ms_release(&c, ms, res, rt, ds);
    test_teardown(&c);
}

static const struct harness_test tests[] = {
    T(mip_lod_bias),
    T(projected_ps_1_x),
    T(autogen_filter_type),
    T(border_colour),
    T(alpha_to_coverage),
    T(amd_alpha_to_coverage),
};

int main(void) { return RUN_TESTS(tests); }
