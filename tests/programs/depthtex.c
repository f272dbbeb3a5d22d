/* Vendor sampling tricks the adapter offers as an AMD part: FETCH4
 * (D3DSAMP_MIPMAPLODBIAS = 'GET4') and depth textures (hardware shadow
 * maps from D16/D24S8, depth read as a texture from INTZ and DF24) and
 * RESZ (D3DRS_POINTSIZE = RESZ_CODE: the depth buffer into an INTZ
 * texture).
 *
 * Each draw is a pre-transformed square over a 64x64 A8R8G8B8 render
 * target, read back whole; the texture coordinate runs from 0 at the
 * top-left pixel's corner to 1 at the bottom-right's, so pixel (x, y)
 * samples at ((x + 0.5) / 64, (y + 0.5) / 64). Expected values follow
 * from the documents named at each test. Tolerance: 1 per 8-bit channel,
 * alpha included.
 *
 * The bytecode was assembled by core/dxso's assembler from the source in
 * the comment above each array. */
#include "draw_util.h"

#define SIZE 64

/*
 *   ps_2_0
 *   dcl t0
 *   dcl_2d s0
 *   texld r0, t0, s0
 *   mov oC0, r0
 */
static const DWORD ps_tex[] = {
    0xffff0200, 0x0200001f, 0x80000000, 0xb00f0000, 0x0200001f, 0x90000000, 0xa00f0800, 0x03000042,
    0x800f0000, 0xb0e40000, 0xa0e40800, 0x02000001, 0x800f0800, 0x80e40000, 0x0000ffff,
};

struct tvert {
    float x, y, z, rhw;
    float t[4];
};
#define TVERT_FVF (D3DFVF_XYZRHW | D3DFVF_TEX1 | D3DFVF_TEXCOORDSIZE4(0))

/* Draws the whole target with texture coordinate (u, v, r, 1), u and v
 * from 0 to 1, and depth zl at the left edge to zr at the right. */
static void draw_target(IDirect3DDevice9 *dev, float r, float zl, float zr)
{
    struct tvert q[4];
    for (int i = 0; i < 4; i++) {
        int right = i & 1, bottom = i >> 1;
        q[i].x = (right ? SIZE : 0) - 0.5f;
        q[i].y = (bottom ? SIZE : 0) - 0.5f;
        q[i].z = right ? zr : zl;
        q[i].rhw = 1;
        q[i].t[0] = (float)right;
        q[i].t[1] = (float)bottom;
        q[i].t[2] = r;
        q[i].t[3] = 1;
    }
    IDirect3DDevice9_SetFVF(dev, TVERT_FVF);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
    IDirect3DDevice9_EndScene(dev);
}

/* Whether a and b are within tol in every channel, alpha included. */
static int near_argb(D3DCOLOR a, D3DCOLOR b, int tol)
{
    return near_color(a, b, tol) && near_color(a >> 24, b >> 24, tol);
}

#define CHECK_ARGB(rb, x, y, want, what)                                                                               \
    do {                                                                                                               \
        D3DCOLOR got_ = rb_argb(rb, x, y);                                                                             \
        CHECK(near_argb(got_, want, 1), "%s: pixel (%d,%d) = %08lx, want %08lx", what, x, y, (unsigned long)got_,     \
              (unsigned long)(want));                                                                                  \
    } while (0)

/* A one-level managed 4x4 texture of a one-byte format, texel (x, y) =
 * texel4(x, y). */
static BYTE texel4(int x, int y) { return (BYTE)(0x08 + 0x10 * (x + 4 * y)); }

static IDirect3DTexture9 *texture4(IDirect3DDevice9 *dev, D3DFORMAT fmt)
{
    IDirect3DTexture9 *tex = NULL;
    D3DLOCKED_RECT lr;
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, fmt, D3DPOOL_MANAGED, &tex, NULL), D3D_OK);
    if (tex && SUCCEEDED(IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0))) {
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 4; x++)
                ((BYTE *)lr.pBits)[y * lr.Pitch + x] = texel4(x, y);
        IDirect3DTexture9_UnlockRect(tex, 0);
    }
    return tex;
}

/* AMD's FETCH4 ("ATI: Fetch4", the Radeon X1000 programming guide; the
 * channel order and the footprint as Wine's test_fetch4 records them on
 * AMD hardware): with D3DSAMP_MIPMAPLODBIAS set to 'GET4', a sample of
 * a single-channel texture returns the 2x2 texels whose top-left one is
 * the texel a point sample reads: alpha that texel, red its right
 * neighbour, green the one below, blue the one below-right (clamped
 * here). 'GET1' turns it off again; formats with more than one channel
 * sample as usual. Each texel is a 16x16 square of the target; pixel
 * (4, 4) of a square lies in its texel's top-left quarter, where a
 * bilinear footprint would start one texel earlier. */
TEST(fetch4)
{
    static const DWORD get4 = MAKEFOURCC('G', 'E', 'T', '4'), get1 = MAKEFOURCC('G', 'E', 'T', '1');
    struct test_ctx c;
    IDirect3DSurface9 *rt = NULL, *old = NULL;
    IDirect3DTexture9 *l8 = NULL, *a8 = NULL, *argb = NULL;
    IDirect3DPixelShader9 *ps = NULL;
    struct readback rb;
    if (!test_setup(&c))
        return;
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(c.dev, SIZE, SIZE, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE,
                                                 &rt, NULL),
             D3D_OK);
    IDirect3DDevice9_GetRenderTarget(c.dev, 0, &old);
    IDirect3DDevice9_SetRenderTarget(c.dev, 0, rt);
    IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ZENABLE, D3DZB_FALSE);
    IDirect3DDevice9_SetRenderState(c.dev, D3DRS_LIGHTING, FALSE);
    for (int s = D3DSAMP_ADDRESSU; s <= D3DSAMP_ADDRESSW; s++)
        IDirect3DDevice9_SetSamplerState(c.dev, 0, s, D3DTADDRESS_CLAMP);
    l8 = texture4(c.dev, D3DFMT_L8);
    a8 = texture4(c.dev, D3DFMT_A8);
    {
        D3DCOLOR texels[16];
        for (int i = 0; i < 16; i++)
            texels[i] = 0xff000000u | texel4(i % 4, i / 4) * 0x010101u;
        argb = texture_of(c.dev, 4, 4, texels);
    }
    ps = ps_of(c.dev, ps_tex);
    if (rt && l8 && a8 && argb && ps) {
        for (int shader = 0; shader < 2; shader++) {
            const char *name = shader ? "ps_2_0" : "fixed function";
            IDirect3DDevice9_SetPixelShader(c.dev, shader ? ps : NULL);
            for (int fmt = 0; fmt < 2; fmt++) {
                IDirect3DDevice9_SetTexture(c.dev, 0, (IDirect3DBaseTexture9 *)(fmt ? a8 : l8));
                IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MIPMAPLODBIAS, get4);
                draw_target(c.dev, 0, 0.5f, 0.5f);
                read_back(c.dev, rt, &rb);
                for (int j = 0; j < 4; j++)
                    for (int i = 0; i < 4; i++) {
                        int i1 = i < 3 ? i + 1 : 3, j1 = j < 3 ? j + 1 : 3;
                        D3DCOLOR want = (D3DCOLOR)texel4(i, j) << 24 | (D3DCOLOR)texel4(i1, j) << 16 |
                                        (D3DCOLOR)texel4(i, j1) << 8 | texel4(i1, j1);
                        CHECK_ARGB(&rb, 16 * i + 4, 16 * j + 4, want, fmt ? "A8 GET4" : "L8 GET4");
                        CHECK_ARGB(&rb, 16 * i + 12, 16 * j + 12, want, fmt ? "A8 GET4" : "L8 GET4");
                    }
                rb_release(&rb);
                /* GET1: an ordinary point sample, L8 as (L, L, L, 1), A8 as
                 * (0, 0, 0, A). */
                IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MIPMAPLODBIAS, get1);
                draw_target(c.dev, 0, 0.5f, 0.5f);
                read_back(c.dev, rt, &rb);
                for (int j = 0; j < 4; j++)
                    for (int i = 0; i < 4; i++) {
                        D3DCOLOR t = texel4(i, j), want = fmt ? t << 24 : 0xff000000u | t * 0x010101u;
                        CHECK_ARGB(&rb, 16 * i + 4, 16 * j + 4, want, fmt ? "A8 GET1" : "L8 GET1");
                    }
                rb_release(&rb);
            }
            /* A four-channel texture ignores GET4. */
            IDirect3DDevice9_SetTexture(c.dev, 0, (IDirect3DBaseTexture9 *)argb);
            IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MIPMAPLODBIAS, get4);
            draw_target(c.dev, 0, 0.5f, 0.5f);
            read_back(c.dev, rt, &rb);
            for (int j = 0; j < 4; j++)
                for (int i = 0; i < 4; i++)
                    CHECK_ARGB(&rb, 16 * i + 4, 16 * j + 4, 0xff000000u | texel4(i, j) * 0x010101u, name);
            rb_release(&rb);
        }
    }
    IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MIPMAPLODBIAS, 0);
    IDirect3DDevice9_SetPixelShader(c.dev, NULL);
    IDirect3DDevice9_SetTexture(c.dev, 0, NULL);
    IDirect3DDevice9_SetRenderTarget(c.dev, 0, old);
    if (old)
        IDirect3DSurface9_Release(old);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    if (argb)
        IDirect3DTexture9_Release(argb);
    if (a8)
        IDirect3DTexture9_Release(a8);
    if (l8)
        IDirect3DTexture9_Release(l8);
    if (rt)
        IDirect3DSurface9_Release(rt);
    test_teardown(&c);
}

/* Depth textures. The depth written runs from 0 at the left edge to 1 at
 * the right, so column x holds (x + 0.5) / 64. Sampled through a shader
 * with the reference 0.5 in the coordinate's z:
 * - D16 and D24S8 are hardware shadow maps (NVIDIA's "Hardware Shadow
 *   Mapping", AMD's depth textures): the sample is 1 where the reference
 *   is at most the stored depth and 0 elsewhere, in all four channels;
 * - INTZ reads the depth itself in all four channels;
 * - DF24 reads the depth in red, with green and blue 0 and alpha 1. */
TEST(depth_textures)
{
    static const struct {
        const char *name;
        D3DFORMAT format;
        int shadow, replicated;
    } formats[] = {
        {"D16", D3DFMT_D16, 1, 1},
        {"D24S8", D3DFMT_D24S8, 1, 1},
        {"INTZ", (D3DFORMAT)MAKEFOURCC('I', 'N', 'T', 'Z'), 0, 1},
        {"DF24", (D3DFORMAT)MAKEFOURCC('D', 'F', '2', '4'), 0, 0},
    };
    static const int columns[] = {8, 24, 40, 56};
    struct test_ctx c;
    IDirect3DSurface9 *rt = NULL, *old = NULL, *old_ds = NULL;
    IDirect3DPixelShader9 *ps = NULL;
    if (!test_setup(&c))
        return;
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(c.dev, SIZE, SIZE, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE,
                                                 &rt, NULL),
             D3D_OK);
    IDirect3DDevice9_GetRenderTarget(c.dev, 0, &old);
    IDirect3DDevice9_GetDepthStencilSurface(c.dev, &old_ds);
    IDirect3DDevice9_SetRenderState(c.dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ZFUNC, D3DCMP_ALWAYS);
    ps = ps_of(c.dev, ps_tex);
    for (size_t f = 0; rt && ps && f < sizeof(formats) / sizeof(formats[0]); f++) {
        IDirect3DTexture9 *tex = NULL;
        IDirect3DSurface9 *ds = NULL;
        struct readback rb;
        CHECK_HR(IDirect3D9_CheckDeviceFormat(c.d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                              D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_TEXTURE, formats[f].format),
                 D3D_OK);
        CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, SIZE, SIZE, 1, D3DUSAGE_DEPTHSTENCIL, formats[f].format,
                                                D3DPOOL_DEFAULT, &tex, NULL),
                 D3D_OK);
        if (!tex)
            continue;
        IDirect3DTexture9_GetSurfaceLevel(tex, 0, &ds);
        /* Write the depth ramp. */
        IDirect3DDevice9_SetRenderTarget(c.dev, 0, rt);
        IDirect3DDevice9_SetDepthStencilSurface(c.dev, ds);
        IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ZENABLE, D3DZB_TRUE);
        IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ZWRITEENABLE, TRUE);
        IDirect3DDevice9_SetPixelShader(c.dev, NULL);
        IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_ZBUFFER, 0, 1.0f, 0);
        draw_target(c.dev, 0, 0, 1);
        /* Sample it. */
        IDirect3DDevice9_SetDepthStencilSurface(c.dev, NULL);
        IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ZENABLE, D3DZB_FALSE);
        IDirect3DDevice9_SetTexture(c.dev, 0, (IDirect3DBaseTexture9 *)tex);
        IDirect3DDevice9_SetPixelShader(c.dev, ps);
        draw_target(c.dev, 0.5f, 0.5f, 0.5f);
        read_back(c.dev, rt, &rb);
        for (size_t i = 0; i < sizeof(columns) / sizeof(columns[0]); i++) {
            int x = columns[i];
            float depth = (x + 0.5f) / SIZE;
            DWORD d = (DWORD)(depth * 255.0f + 0.5f), want;
            if (formats[f].shadow)
                want = 0.5f <= depth ? 0xffffffffu : 0;
            else if (formats[f].replicated)
                want = d * 0x01010101u;
            else
                want = 0xff000000u | d << 16;
            CHECK_ARGB(&rb, x, 32, want, formats[f].name);
        }
        rb_release(&rb);
        IDirect3DDevice9_SetTexture(c.dev, 0, NULL);
        if (ds)
            IDirect3DSurface9_Release(ds);
        IDirect3DTexture9_Release(tex);
    }
    IDirect3DDevice9_SetPixelShader(c.dev, NULL);
    IDirect3DDevice9_SetRenderTarget(c.dev, 0, old);
    IDirect3DDevice9_SetDepthStencilSurface(c.dev, old_ds);
    if (old_ds)
        IDirect3DSurface9_Release(old_ds);
    if (old)
        IDirect3DSurface9_Release(old);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    if (rt)
        IDirect3DSurface9_Release(rt);
    test_teardown(&c);
}

/* AMD's RESZ ("Advanced DX9 Capabilities for ATI Radeon Cards"):
 * CheckDeviceFormat offers the RESZ FourCC as a render-target surface,
 * and setting D3DRS_POINTSIZE to RESZ_CODE (0x7fa05000) copies the depth
 * of the current depth-stencil surface, multisampled or not, into the
 * INTZ texture bound to sampler 0, which then reads that depth. The
 * state keeps the value (GetRenderState answers it). With no texture or
 * no depth-stencil surface bound it does nothing. */
TEST(resz)
{
    static const DWORD resz_code = 0x7fa05000;
    static const D3DFORMAT intz = (D3DFORMAT)MAKEFOURCC('I', 'N', 'T', 'Z');
    static const int columns[] = {8, 24, 40, 56};
    struct test_ctx c;
    IDirect3DSurface9 *rt = NULL, *old = NULL, *old_ds = NULL;
    IDirect3DTexture9 *tex = NULL;
    IDirect3DPixelShader9 *ps = NULL;
    DWORD value = 0;
    if (!test_setup(&c))
        return;
    CHECK_HR(IDirect3D9_CheckDeviceFormat(c.d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                          D3DUSAGE_RENDERTARGET, D3DRTYPE_SURFACE, (D3DFORMAT)MAKEFOURCC('R', 'E', 'S', 'Z')),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(c.dev, SIZE, SIZE, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE,
                                                 &rt, NULL),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, SIZE, SIZE, 1, D3DUSAGE_DEPTHSTENCIL, intz, D3DPOOL_DEFAULT, &tex,
                                            NULL),
             D3D_OK);
    IDirect3DDevice9_GetRenderTarget(c.dev, 0, &old);
    IDirect3DDevice9_GetDepthStencilSurface(c.dev, &old_ds);
    IDirect3DDevice9_SetRenderState(c.dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ZFUNC, D3DCMP_ALWAYS);
    ps = ps_of(c.dev, ps_tex);
    /* Nothing bound: nothing happens (and nothing breaks). */
    IDirect3DDevice9_SetDepthStencilSurface(c.dev, NULL);
    CHECK_HR(IDirect3DDevice9_SetRenderState(c.dev, D3DRS_POINTSIZE, resz_code), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetRenderState(c.dev, D3DRS_POINTSIZE, &value), D3D_OK);
    CHECK_EQ_U(value, resz_code);
    IDirect3DDevice9_SetRenderState(c.dev, D3DRS_POINTSIZE, f2dw(1.0f));
    for (int ms = 0; rt && tex && ps && ms < 2; ms++) {
        D3DMULTISAMPLE_TYPE type = ms ? D3DMULTISAMPLE_2_SAMPLES : D3DMULTISAMPLE_NONE;
        const char *what = ms ? "multisampled" : "single-sampled";
        IDirect3DSurface9 *mrt = NULL, *ds = NULL;
        struct readback rb;
        if (ms && FAILED(IDirect3D9_CheckDeviceMultiSampleType(c.d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL,
                                                               D3DFMT_D24S8, TRUE, type, NULL)))
            continue;
        CHECK_HR(IDirect3DDevice9_CreateRenderTarget(c.dev, SIZE, SIZE, D3DFMT_A8R8G8B8, type, 0, FALSE, &mrt, NULL),
                 D3D_OK);
        CHECK_HR(IDirect3DDevice9_CreateDepthStencilSurface(c.dev, SIZE, SIZE, D3DFMT_D24S8, type, 0, FALSE, &ds, NULL),
                 D3D_OK);
        if (!mrt || !ds)
            break;
        /* The INTZ texture starts at depth 1 everywhere. */
        {
            IDirect3DSurface9 *level = NULL;
            IDirect3DTexture9_GetSurfaceLevel(tex, 0, &level);
            IDirect3DDevice9_SetRenderTarget(c.dev, 0, rt);
            IDirect3DDevice9_SetDepthStencilSurface(c.dev, level);
            IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_ZBUFFER, 0, 1.0f, 0);
            if (level)
                IDirect3DSurface9_Release(level);
        }
        /* The depth ramp into the depth buffer. */
        IDirect3DDevice9_SetRenderTarget(c.dev, 0, mrt);
        IDirect3DDevice9_SetDepthStencilSurface(c.dev, ds);
        IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ZENABLE, D3DZB_TRUE);
        IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ZWRITEENABLE, TRUE);
        IDirect3DDevice9_SetTexture(c.dev, 0, NULL);
        IDirect3DDevice9_SetPixelShader(c.dev, NULL);
        IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0, 1.0f, 0);
        draw_target(c.dev, 0, 0, 1);
        /* RESZ into the texture at sampler 0. */
        IDirect3DDevice9_SetTexture(c.dev, 0, (IDirect3DBaseTexture9 *)tex);
        CHECK_HR(IDirect3DDevice9_SetRenderState(c.dev, D3DRS_POINTSIZE, resz_code), D3D_OK);
        CHECK_HR(IDirect3DDevice9_GetRenderState(c.dev, D3DRS_POINTSIZE, &value), D3D_OK);
        CHECK_EQ_U(value, resz_code);
        /* Read the texture's depth back. */
        IDirect3DDevice9_SetRenderTarget(c.dev, 0, rt);
        IDirect3DDevice9_SetDepthStencilSurface(c.dev, NULL);
        IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ZENABLE, D3DZB_FALSE);
        IDirect3DDevice9_SetPixelShader(c.dev, ps);
        draw_target(c.dev, 0.5f, 0.5f, 0.5f);
        read_back(c.dev, rt, &rb);
        for (size_t i = 0; i < sizeof(columns) / sizeof(columns[0]); i++) {
            int x = columns[i];
            DWORD d = (DWORD)((x + 0.5f) / SIZE * 255.0f + 0.5f);
            CHECK_ARGB(&rb, x, 32, d * 0x01010101u, what);
        }
        rb_release(&rb);
        IDirect3DDevice9_SetRenderState(c.dev, D3DRS_POINTSIZE, f2dw(1.0f));
        IDirect3DDevice9_SetTexture(c.dev, 0, NULL);
        IDirect3DDevice9_SetPixelShader(c.dev, NULL);
        IDirect3DSurface9_Release(ds);
        IDirect3DSurface9_Release(mrt);
    }
    IDirect3DDevice9_SetRenderTarget(c.dev, 0, old);
    IDirect3DDevice9_SetDepthStencilSurface(c.dev, old_ds);
    if (old_ds)
        IDirect3DSurface9_Release(old_ds);
    if (old)
        IDirect3DSurface9_Release(old);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    if (tex)
        IDirect3DTexture9_Release(tex);
    if (rt)
        IDirect3DSurface9_Release(rt);
    test_teardown(&c);
}

static const struct harness_test tests[] = {
    T(fetch4),
    T(depth_textures),
    T(resz),
};

int main(void) { return RUN_TESTS(tests); }
