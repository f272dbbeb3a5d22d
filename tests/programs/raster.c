/* Render states the draw translation owns, checked by pixel readback on
 * the back buffer (640x480, D24S8): alpha test, depth bias, user clip
 * planes, points and sprites, MRT write masks, sRGB write, flat shading
 * and D3D9's pixel centres, with fixed function and with shaders.
 * Tolerance: 2 per channel unless a check says otherwise. */
#include "draw_util.h"

#include <math.h>

static IDirect3D9 *d3d;
static HWND window;

/* Shaders (assembly in the comments above each; core/dxso assembled). */
/* vs_2_0: def c0, 16, 0, 0, 0; vs_pass (draw_util.h) and mov oPts.x, c0.x */
static const DWORD vs_pts[] = {
    0xfffe0200, 0x05000051, 0xa00f0000, 0x41800000, 0x00000000, 0x00000000, 0x00000000, 0x0200001f,
    0x80000000, 0x900f0000, 0x0200001f, 0x8000000a, 0x900f0001, 0x02000001, 0xc00f0000, 0x90e40000,
    0x02000001, 0xd00f0000, 0x90e40001, 0x02000001, 0xc0010002, 0xa0000000, 0x0000ffff,
};
/* ps_2_0: dcl t0.xy; dcl_2d s0; texld r0, t0, s0; mov oC0, r0 */
static const DWORD ps_tex[] = {
    0xffff0200, 0x0200001f, 0x80000000, 0xb0030000, 0x0200001f, 0x90000000, 0xa00f0800, 0x03000042,
    0x800f0000, 0xb0e40000, 0xa0e40800, 0x02000001, 0x800f0800, 0x80e40000, 0x0000ffff,
};
/* ps_2_0: def c0, 1, 0.5, 0.25, 1; def c1, 0.25, 0.5, 1, 1; mov oC0, c0;
 * mov oC1, c1 */
static const DWORD ps_mrt[] = {
    0xffff0200, 0x05000051, 0xa00f0000, 0x3f800000, 0x3f000000, 0x3e800000, 0x3f800000, 0x05000051,
    0xa00f0001, 0x3e800000, 0x3f000000, 0x3f800000, 0x3f800000, 0x02000001, 0x800f0800, 0xa0e40000,
    0x02000001, 0x800f0801, 0xa0e40001, 0x0000ffff,
};

static IDirect3DDevice9 *begin(void) { return tl_device(d3d, window, 0); }

static void end(IDirect3DDevice9 *dev)
{
    IDirect3DDevice9_EndScene(dev);
}

/* The whole viewport in clip space (or in world space under identity
 * transforms). */
static void full_xyz(IDirect3DDevice9 *dev, float z, D3DCOLOR c)
{
    struct xyz v[4] = {{-1, 1, z, c}, {1, 1, z, c}, {-1, -1, z, c}, {1, -1, z, c}};
    IDirect3DDevice9_SetFVF(dev, FVF_XYZ);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0]));
}

/* Each compare function against ALPHAREF 0x80, for alphas 0x40, 0x80 and
 * 0xc0: one 20x20 square per pair, green where the test passes. */
static const struct {
    D3DCMPFUNC f;
    int pass[3];
} alpha_cases[] = {
    {D3DCMP_NEVER, {0, 0, 0}},   {D3DCMP_LESS, {1, 0, 0}},     {D3DCMP_EQUAL, {0, 1, 0}},
    {D3DCMP_LESSEQUAL, {1, 1, 0}}, {D3DCMP_GREATER, {0, 0, 1}}, {D3DCMP_NOTEQUAL, {1, 0, 1}},
    {D3DCMP_GREATEREQUAL, {0, 1, 1}}, {D3DCMP_ALWAYS, {1, 1, 1}},
};
static const DWORD alphas[3] = {0x40, 0x80, 0xc0};

static void alpha_test_grid(IDirect3DDevice9 *dev)
{
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHATESTENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, 0x80);
    for (int i = 0; i < 8; i++) {
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAFUNC, alpha_cases[i].f);
        for (int j = 0; j < 3; j++)
            rect_tl(dev, 40.0f * i, 40.0f * j, 40.0f * i + 20, 40.0f * j + 20, 0.5f, alphas[j] << 24 | 0x00ff00);
    }
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHATESTENABLE, FALSE);
}

static void check_alpha_grid(IDirect3DDevice9 *dev)
{
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 3; j++) {
            D3DCOLOR want = alpha_cases[i].pass[j] ? 0x00ff00 : 0x000000;
            D3DCOLOR got = bb_pixel(dev, 40 * i + 10, 40 * j + 10);
            CHECK(near_color(got, want, 2), "func %d alpha %#lx: %06lx, want %06lx", alpha_cases[i].f,
                  (unsigned long)alphas[j], (unsigned long)got, (unsigned long)want);
        }
}

TEST(alpha_test_fixed_function)
{
    IDirect3DDevice9 *dev = begin();
    if (!dev)
        return;
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_DIFFUSE);
    alpha_test_grid(dev);
    end(dev);
    check_alpha_grid(dev);
    IDirect3DDevice9_Release(dev);
}

TEST(alpha_test_after_pixel_shader)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DPixelShader9 *ps;
    if (!dev)
        return;
    ps = ps_of(dev, ps_pass);
    IDirect3DDevice9_SetPixelShader(dev, ps);
    alpha_test_grid(dev);
    end(dev);
    check_alpha_grid(dev);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    IDirect3DDevice9_Release(dev);
}

TEST(depth_bias_moves_coplanar_quad_in_front)
{
    IDirect3DDevice9 *dev = begin();
    if (!dev)
        return;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZFUNC, D3DCMP_LESS);
    rect_tl(dev, 0, 0, 200, 100, 0.5f, 0xff0000);
    /* Coplanar and LESS: without a bias the second quad fails. */
    rect_tl(dev, 0, 0, 100, 100, 0.5f, 0x00ff00);
    /* D3D9 adds DEPTHBIAS to the depth: negative is nearer. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DEPTHBIAS, f2dw(-0.0001f));
    rect_tl(dev, 100, 0, 200, 100, 0.5f, 0x0000ff);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DEPTHBIAS, 0);
    /* A positive bias pushes a quad just in front of the red one behind it. */
    rect_tl(dev, 0, 100, 200, 200, 0.5f, 0xff0000);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DEPTHBIAS, f2dw(0.001f));
    rect_tl(dev, 0, 100, 200, 200, 0.4999f, 0x00ff00);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DEPTHBIAS, 0);
    end(dev);
    CHECK_PIXEL(dev, 50, 50, 0xff0000, NULL);
    CHECK_PIXEL(dev, 150, 50, 0x0000ff, NULL);
    CHECK_PIXEL(dev, 100, 150, 0xff0000, NULL);
    IDirect3DDevice9_Release(dev);
}

/* DEPTHBIAS is in depth units whatever the depth format stores: a quad
 * whose depth runs from 0 at the left to 1 at the right, tested
 * LESSEQUAL against 0.5 with bias b, is drawn where depth + b <= 0.5, so
 * up to x = (0.5 - b) * 640, on every 16- and 24-bit format (the 24-bit
 * ones are stored as 32-bit floats here; D3D9 still adds b exactly, near
 * depth 1 too). With the viewport's depth range halved the bias is still
 * in depth units, not in units of the range. */
TEST(depth_bias_is_in_depth_units)
{
    static const D3DFORMAT formats[] = {D3DFMT_D16, D3DFMT_D24X8, D3DFMT_D24S8};
    static const struct {
        float bias;
        D3DCOLOR c;
    } draws[] = {{-0.2f, 0xff0000}, {0.0f, 0x00ff00}, {0.2f, 0x0000ff}, {0.4f, 0xffffff}};
    struct xyz ramp[4] = {{-1, 1, 0, 0}, {-1, -1, 0, 0}, {1, 1, 1, 0}, {1, -1, 1, 0}};
    D3DVIEWPORT9 half = {0, 0, 640, 480, 0.5f, 1.0f};
    IDirect3DDevice9 *dev = unlit_device(d3d, window);
    IDirect3DSurface9 *ds;
    char what[64], what2[64];
    UINT i, f;
    if (!dev)
        return;
    IDirect3DDevice9_SetFVF(dev, FVF_XYZ);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZWRITEENABLE, FALSE);
    for (f = 0; f < ARRAYSIZE(formats); f++) {
        ds = NULL;
        CHECK_HR(IDirect3DDevice9_CreateDepthStencilSurface(dev, 640, 480, formats[f], D3DMULTISAMPLE_NONE, 0, FALSE,
                                                            &ds, NULL),
                 D3D_OK);
        if (!ds)
            continue;
        snprintf(what, sizeof(what), "format %#x", (unsigned)formats[f]);
        snprintf(what2, sizeof(what2), "format %#x, depth range 0.5..1", (unsigned)formats[f]);
        IDirect3DDevice9_SetDepthStencilSurface(dev, ds);
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0, 0.5f, 0);
        IDirect3DDevice9_BeginScene(dev);
        for (i = 0; i < ARRAYSIZE(draws); i++) {
            for (int v = 0; v < 4; v++)
                ramp[v].c = draws[i].c;
            IDirect3DDevice9_SetRenderState(dev, D3DRS_DEPTHBIAS, f2dw(draws[i].bias));
            IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, ramp, sizeof(ramp[0]));
        }
        IDirect3DDevice9_EndScene(dev);
        /* Edges at 448, 320, 192 and 64; two pixels either side. */
        CHECK_PIXEL(dev, 62, 240, 0xffffff, what);
        CHECK_PIXEL(dev, 66, 240, 0x0000ff, what);
        CHECK_PIXEL(dev, 190, 240, 0x0000ff, what);
        CHECK_PIXEL(dev, 194, 240, 0x00ff00, what);
        CHECK_PIXEL(dev, 318, 240, 0x00ff00, what);
        CHECK_PIXEL(dev, 322, 240, 0xff0000, what);
        CHECK_PIXEL(dev, 446, 240, 0xff0000, what);
        CHECK_PIXEL(dev, 450, 240, 0x000000, what);

        /* Depth range 0.5..1: the ramp's depth is 0.5 + x/1280, cleared
         * to 0.75; a bias of 0.1 moves the edge from x = 320 to 192. */
        IDirect3DDevice9_SetViewport(dev, &half);
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0, 0.75f, 0);
        IDirect3DDevice9_BeginScene(dev);
        for (int v = 0; v < 4; v++)
            ramp[v].c = 0x00ff00;
        IDirect3DDevice9_SetRenderState(dev, D3DRS_DEPTHBIAS, 0);
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, ramp, sizeof(ramp[0]));
        for (int v = 0; v < 4; v++)
            ramp[v].c = 0x0000ff;
        IDirect3DDevice9_SetRenderState(dev, D3DRS_DEPTHBIAS, f2dw(0.1f));
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, ramp, sizeof(ramp[0]));
        IDirect3DDevice9_EndScene(dev);
        CHECK_PIXEL(dev, 190, 240, 0x0000ff, what2);
        CHECK_PIXEL(dev, 194, 240, 0x00ff00, what2);
        CHECK_PIXEL(dev, 318, 240, 0x00ff00, what2);
        CHECK_PIXEL(dev, 322, 240, 0x000000, what2);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_DEPTHBIAS, 0);
        IDirect3DDevice9_SetDepthStencilSurface(dev, NULL);
        IDirect3DSurface9_Release(ds);
        {
            D3DVIEWPORT9 full = {0, 0, 640, 480, 0, 1};
            IDirect3DDevice9_SetViewport(dev, &full);
        }
    }
    IDirect3DDevice9_Release(dev);
}

TEST(slope_scaled_depth_bias)
{
    IDirect3DDevice9 *dev = begin();
    /* Depth goes from 0.2 to 0.8 across the width. */
    struct tl red[4] = {{0, 0, 0.2f, 1, 0xff0000}, {640, 0, 0.8f, 1, 0xff0000}, {0, 200, 0.2f, 1, 0xff0000}, {640, 200, 0.8f, 1, 0xff0000}};
    struct tl top[4], bottom[4];
    if (!dev)
        return;
    memcpy(top, red, sizeof(top));
    memcpy(bottom, red, sizeof(bottom));
    for (int i = 0; i < 4; i++) {
        top[i].c = 0x00ff00;
        top[i].y = top[i].y ? 100 : 0;
        bottom[i].c = 0x0000ff;
        bottom[i].y = bottom[i].y ? 200 : 100;
    }
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZFUNC, D3DCMP_LESS);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, red, sizeof(red[0]));
    /* The same plane again: only a slope-scaled bias toward the viewer
     * (one step of the depth slope) brings the top half through. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SLOPESCALEDEPTHBIAS, f2dw(-1.0f));
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, top, sizeof(top[0]));
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SLOPESCALEDEPTHBIAS, f2dw(1.0f));
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, bottom, sizeof(bottom[0]));
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SLOPESCALEDEPTHBIAS, 0);
    end(dev);
    CHECK_PIXEL(dev, 320, 50, 0x00ff00, NULL);
    CHECK_PIXEL(dev, 320, 150, 0xff0000, NULL);
    IDirect3DDevice9_Release(dev);
}

TEST(clip_plane_vertex_shader_clip_space)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DVertexShader9 *vs;
    const float keep_right[4] = {1, 0, 0, 0}; /* x >= 0 in clip space */
    D3DCAPS9 caps;
    if (!dev)
        return;
    /* Every plane the caps report is usable: the last one here. */
    IDirect3DDevice9_GetDeviceCaps(dev, &caps);
    CHECK_EQ_U(caps.MaxUserClipPlanes, 8);
    vs = vs_of(dev, vs_pass);
    IDirect3DDevice9_SetVertexShader(dev, vs);
    /* An index past the last plane is the last plane, as on Windows:
     * plane 12 sets plane 7, which then clips. */
    CHECK_HR(IDirect3DDevice9_SetClipPlane(dev, 12, keep_right), D3D_OK);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CLIPPLANEENABLE, 1u << 7);
    full_xyz(dev, 0.5f, 0xff0000);
    /* CLIPPING off turns the planes off too. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CLIPPING, FALSE);
    {
        struct xyz v[4] = {{-1, -0.5f, 0.4f, 0x00ff00}, {1, -0.5f, 0.4f, 0x00ff00}, {-1, -1, 0.4f, 0x00ff00}, {1, -1, 0.4f, 0x00ff00}};
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0]));
    }
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CLIPPING, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CLIPPLANEENABLE, 0);
    end(dev);
    CHECK_PIXEL(dev, 100, 100, 0x000000, NULL);
    CHECK_PIXEL(dev, 500, 100, 0xff0000, NULL);
    CHECK_PIXEL(dev, 100, 450, 0x00ff00, NULL);
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    IDirect3DDevice9_Release(dev);
}

TEST(viewport_depth_range)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DVertexShader9 *vs;
    D3DVIEWPORT9 vp = {0, 0, 640, 480, 0.5f, 1.0f}, full = {0, 0, 640, 480, 0, 1};
    struct xyz near_strip[4] = {{-1, 1, 0.4f, 0x00ff00}, {1, 1, 0.4f, 0x00ff00}, {-1, 0, 0.4f, 0x00ff00}, {1, 0, 0.4f, 0x00ff00}};
    struct xyz far_strip[4] = {{-1, 0, 0.6f, 0x0000ff}, {1, 0, 0.6f, 0x0000ff}, {-1, -1, 0.6f, 0x0000ff}, {1, -1, 0.6f, 0x0000ff}};
    if (!dev)
        return;
    vs = vs_of(dev, vs_pass);
    IDirect3DDevice9_SetVertexShader(dev, vs);
    /* Clip z 0 lands at MinZ 0.5. */
    IDirect3DDevice9_SetViewport(dev, &vp);
    full_xyz(dev, 0, 0xff0000);
    /* Depth 0.4 passes LESS against 0.5, 0.6 does not. */
    IDirect3DDevice9_SetViewport(dev, &full);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZFUNC, D3DCMP_LESS);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, near_strip, sizeof(near_strip[0]));
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, far_strip, sizeof(far_strip[0]));
    end(dev);
    CHECK_PIXEL(dev, 320, 100, 0x00ff00, NULL);
    CHECK_PIXEL(dev, 320, 380, 0xff0000, NULL);
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    IDirect3DDevice9_Release(dev);
}

TEST(clip_plane_fixed_function_world_space)
{
    IDirect3DDevice9 *dev = begin();
    /* The world matrix moves the quad right by 0.5 (world x -0.5..1.5),
     * the projection halves x (clip x -0.25..0.75, pixels 240..560). */
    D3DMATRIX world = {{{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.5f, 0, 0, 1}}};
    D3DMATRIX proj = {{{0.5f, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}}};
    /* Keep world x <= 0.25: clip x 0.125, pixel 360. Taken as a clip-space
     * plane it would cut at pixel 400. */
    const float keep_left[4] = {-1, 0, 0, 0.25f};
    if (!dev)
        return;
    IDirect3DDevice9_SetTransform(dev, D3DTS_WORLD, &world);
    IDirect3DDevice9_SetTransform(dev, D3DTS_PROJECTION, &proj);
    IDirect3DDevice9_SetClipPlane(dev, 0, keep_left);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CLIPPLANEENABLE, D3DCLIPPLANE0);
    full_xyz(dev, 0.5f, 0xff0000);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CLIPPLANEENABLE, 0);
    end(dev);
    CHECK_PIXEL(dev, 230, 240, 0x000000, NULL);
    CHECK_PIXEL(dev, 250, 240, 0xff0000, NULL);
    CHECK_PIXEL(dev, 350, 240, 0xff0000, NULL);
    CHECK_PIXEL(dev, 380, 240, 0x000000, NULL);
    IDirect3DDevice9_Release(dev);
}

TEST(points_size_and_clamps)
{
    IDirect3DDevice9 *dev = begin();
    struct tl p[2] = {{100, 100, 0.5f, 1, 0xff0000}, {300, 100, 0.5f, 1, 0x00ff00}};
    if (!dev)
        return;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSIZE, f2dw(8.0f));
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_POINTLIST, 1, &p[0], sizeof(p[0]));
    /* 32 clamped to POINTSIZE_MAX 8. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSIZE, f2dw(32.0f));
    IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSIZE_MAX, f2dw(8.0f));
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_POINTLIST, 1, &p[1], sizeof(p[1]));
    end(dev);
    CHECK_PIXEL(dev, 100, 100, 0xff0000, NULL);
    CHECK_PIXEL(dev, 98, 98, 0xff0000, NULL);
    CHECK_PIXEL(dev, 106, 100, 0x000000, NULL);
    CHECK_PIXEL(dev, 302, 102, 0x00ff00, NULL);
    CHECK_PIXEL(dev, 308, 100, 0x000000, NULL);
    IDirect3DDevice9_Release(dev);
}

TEST(points_vertex_shader_size)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DVertexShader9 *vs = NULL, *vs_psize = NULL;
    /* Clip space: pixel (160, 120) and (480, 120). */
    struct xyz a = {-0.5f, 0.5f, 0.5f, 0xff0000}, b = {0.5f, 0.5f, 0.5f, 0x00ff00};
    if (!dev)
        return;
    vs = vs_of(dev, vs_pass);
    vs_psize = vs_of(dev, vs_pts);
    IDirect3DDevice9_SetFVF(dev, FVF_XYZ);
    /* No oPts: D3DRS_POINTSIZE. */
    IDirect3DDevice9_SetVertexShader(dev, vs);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSIZE, f2dw(4.0f));
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_POINTLIST, 1, &a, sizeof(a));
    /* oPts 16 wins over the render state. */
    IDirect3DDevice9_SetVertexShader(dev, vs_psize);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_POINTLIST, 1, &b, sizeof(b));
    end(dev);
    CHECK_PIXEL(dev, 160, 120, 0xff0000, NULL);
    CHECK_PIXEL(dev, 165, 120, 0x000000, NULL);
    CHECK_PIXEL(dev, 480, 120, 0x00ff00, NULL);
    CHECK_PIXEL(dev, 485, 125, 0x00ff00, NULL);
    CHECK_PIXEL(dev, 491, 120, 0x000000, NULL);
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    if (vs_psize)
        IDirect3DVertexShader9_Release(vs_psize);
    IDirect3DDevice9_Release(dev);
}

TEST(point_sprites_textured)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DTexture9 *tex = NULL;
    IDirect3DPixelShader9 *ps;
    struct {
        float x, y, z, rhw, u, v;
    } p = {200, 200, 0.5f, 1, 0.9f, 0.9f}, tri[3] = {{300, 300, 0.5f, 1, 0.9f, 0.9f}, {340, 300, 0.5f, 1, 0.9f, 0.9f}, {300, 340, 0.5f, 1, 0.9f, 0.9f}};
    if (!dev)
        return;
    if (!(tex = texture_of(dev, 2, 2, rgbw_texels)))
        return;
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_TEX1);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSPRITEENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSIZE, f2dw(16.0f));
    /* The sprite's texture coordinates run from (0,0) at its top left to
     * (1,1); the vertex's own (0.9, 0.9) are replaced. */
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_POINTLIST, 1, &p, sizeof(p));
    /* Triangles keep their coordinates while sprites are on. */
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, tri, sizeof(tri[0]));
    /* The same sprite through a ps_2_0 reading t0. */
    ps = ps_of(dev, ps_tex);
    IDirect3DDevice9_SetPixelShader(dev, ps);
    p.x = 400;
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_POINTLIST, 1, &p, sizeof(p));
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSPRITEENABLE, FALSE);
    end(dev);
    CHECK_RGBW(dev, 395, 195, 405, 205, "sprite, ps_2_0");
    CHECK_RGBW(dev, 195, 195, 205, 205, "sprite, fixed function");
    CHECK_PIXEL(dev, 310, 310, 0xffffff, NULL);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DTexture9_Release(tex);
    IDirect3DDevice9_Release(dev);
}

TEST(mrt_write_masks)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DTexture9 *t[2] = {NULL, NULL};
    IDirect3DSurface9 *s[2] = {NULL, NULL}, *bb = NULL, *ds = NULL;
    IDirect3DPixelShader9 *ps;
    D3DCAPS9 caps;
    if (!dev)
        return;
    IDirect3DDevice9_GetDeviceCaps(dev, &caps);
    CHECK(caps.NumSimultaneousRTs >= 2, "NumSimultaneousRTs %lu", (unsigned long)caps.NumSimultaneousRTs);
    CHECK(caps.PrimitiveMiscCaps & D3DPMISCCAPS_INDEPENDENTWRITEMASKS, "no INDEPENDENTWRITEMASKS");
    CHECK(caps.PrimitiveMiscCaps & D3DPMISCCAPS_MRTPOSTPIXELSHADERBLENDING, "no MRTPOSTPIXELSHADERBLENDING");
    for (int i = 0; i < 2; i++) {
        CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 64, 64, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &t[i], NULL), D3D_OK);
        if (!t[i])
            return;
        IDirect3DTexture9_GetSurfaceLevel(t[i], 0, &s[i]);
    }
    IDirect3DDevice9_GetRenderTarget(dev, 0, &bb);
    IDirect3DDevice9_GetDepthStencilSurface(dev, &ds);
    IDirect3DDevice9_SetDepthStencilSurface(dev, NULL);
    IDirect3DDevice9_SetRenderTarget(dev, 0, s[0]);
    IDirect3DDevice9_SetRenderTarget(dev, 1, s[1]);
    /* Clear reaches every bound target. */
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff404040, 1.0f, 0);
    ps = ps_of(dev, ps_mrt);
    IDirect3DDevice9_SetPixelShader(dev, ps);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_COLORWRITEENABLE, D3DCOLORWRITEENABLE_RED | D3DCOLORWRITEENABLE_BLUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_COLORWRITEENABLE1, D3DCOLORWRITEENABLE_GREEN);
    rect_tl(dev, 0, 0, 32, 64, 0.5f, 0);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_COLORWRITEENABLE, 0xf);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_COLORWRITEENABLE1, 0xf);
    /* Additive blending applies to both targets alike. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_ONE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, D3DBLEND_ONE);
    rect_tl(dev, 32, 0, 64, 64, 0.5f, 0);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, FALSE);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    end(dev);
    {
        /* oC0 = (1, 0.5, 0.25), oC1 = (0.25, 0.5, 1). */
        D3DCOLOR got[4] = {rt_pixel(dev, s[0], 16, 32), rt_pixel(dev, s[1], 16, 32), rt_pixel(dev, s[0], 48, 32),
                           rt_pixel(dev, s[1], 48, 32)};
        D3DCOLOR want[4] = {0xff4040, 0x408040, 0xffbf80, 0x80bfff};
        for (int i = 0; i < 4; i++)
            CHECK(near_color(got[i], want[i], 2), "target %d %s: %06lx, want %06lx", i & 1, i < 2 ? "masked" : "blended",
                  (unsigned long)got[i], (unsigned long)want[i]);
    }
    IDirect3DDevice9_SetRenderTarget(dev, 1, NULL);
    IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
    IDirect3DDevice9_SetDepthStencilSurface(dev, ds);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    for (int i = 0; i < 2; i++) {
        IDirect3DSurface9_Release(s[i]);
        IDirect3DTexture9_Release(t[i]);
    }
    IDirect3DSurface9_Release(bb);
    IDirect3DSurface9_Release(ds);
    IDirect3DDevice9_Release(dev);
}

static float srgb_encode(float c)
{
    return c <= 0.0031308f ? c * 12.92f : 1.055f * powf(c, 1 / 2.4f) - 0.055f;
}

TEST(srgb_write_blends_in_linear_space)
{
    IDirect3DDevice9 *dev = begin();
    D3DCOLOR want;
    int v;
    if (!dev)
        return;
    CHECK_HR(IDirect3D9_CheckDeviceFormat(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DUSAGE_RENDERTARGET | D3DUSAGE_QUERY_SRGBWRITE,
                                          D3DRTYPE_SURFACE, D3DFMT_X8R8G8B8),
             D3D_OK);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRGBWRITEENABLE, TRUE);
    rect_tl(dev, 0, 0, 100, 100, 0.5f, 0x808080);
    /* POSTBLENDSRGBCONVERT: the target is decoded, blended and encoded. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_ONE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, D3DBLEND_ONE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZFUNC, D3DCMP_ALWAYS);
    rect_tl(dev, 100, 0, 200, 100, 0.5f, 0x404040);
    rect_tl(dev, 100, 0, 200, 100, 0.5f, 0x404040);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRGBWRITEENABLE, FALSE);
    rect_tl(dev, 200, 0, 300, 100, 0.5f, 0x808080);
    end(dev);
    v = (int)(srgb_encode(128 / 255.0f) * 255 + 0.5f);
    want = (D3DCOLOR)(v << 16 | v << 8 | v);
    CHECK_PIXEL(dev, 50, 50, want, NULL);
    v = (int)(srgb_encode(2 * 64 / 255.0f) * 255 + 0.5f);
    want = (D3DCOLOR)(v << 16 | v << 8 | v);
    CHECK_PIXEL(dev, 150, 50, want, NULL);
    CHECK_PIXEL(dev, 250, 50, 0x808080, NULL);
    IDirect3DDevice9_Release(dev);
}

TEST(srgb_write_applies_to_clear)
{
    IDirect3DDevice9 *dev = begin();
    D3DRECT r = {0, 0, 100, 100};
    D3DCOLOR want;
    int v;
    if (!dev)
        return;
    /* A Clear under D3DRS_SRGBWRITEENABLE stores the colour sRGB-encoded,
     * as a draw would (Windows drivers; Wine's clear_test): 0x7f becomes
     * 0xbb. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRGBWRITEENABLE, TRUE);
    IDirect3DDevice9_Clear(dev, 1, &r, D3DCLEAR_TARGET, 0xff7f7f7f, 1.0f, 0);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRGBWRITEENABLE, FALSE);
    r.x1 = 200;
    r.x2 = 300;
    IDirect3DDevice9_Clear(dev, 1, &r, D3DCLEAR_TARGET, 0xff7f7f7f, 1.0f, 0);
    end(dev);
    v = (int)(srgb_encode(127 / 255.0f) * 255 + 0.5f);
    want = (D3DCOLOR)(v << 16 | v << 8 | v);
    CHECK_PIXEL(dev, 50, 50, want, "sRGB write on");
    CHECK_PIXEL(dev, 250, 50, 0x7f7f7f, "sRGB write off");
    IDirect3DDevice9_Release(dev);
}

TEST(flat_shading_takes_first_vertex)
{
    IDirect3DDevice9 *dev = begin();
    struct tl v[3] = {{0, 0, 0.5f, 1, 0xff0000}, {300, 0, 0.5f, 1, 0x00ff00}, {0, 300, 0.5f, 1, 0x0000ff}};
    /* A strip's triangle i takes vertex i's colour, odd triangles too:
     * the right triangle of each quad is green, from vertex 1. */
    struct tl strip[4] = {{320, 300, 0.5f, 1, 0xff0000}, {320, 0, 0.5f, 1, 0x00ff00},
                          {640, 300, 0.5f, 1, 0x0000ff}, {640, 0, 0.5f, 1, 0xffffff}};
    static const WORD strip_idx[4] = {0, 1, 2, 3};
    if (!dev)
        return;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SHADEMODE, D3DSHADE_FLAT);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, v, sizeof(v[0]));
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, strip, sizeof(strip[0]));
    for (int i = 0; i < 4; i++)
        strip[i].y += 300; /* y 300..480 */
    IDirect3DDevice9_DrawIndexedPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 0, 4, 2, strip_idx, D3DFMT_INDEX16, strip,
                                            sizeof(strip[0]));
    end(dev);
    CHECK_PIXEL(dev, 100, 100, 0xff0000, NULL);
    CHECK_PIXEL(dev, 10, 280, 0xff0000, NULL);
    CHECK_PIXEL(dev, 340, 100, 0xff0000, "strip, triangle 0");
    CHECK_PIXEL(dev, 620, 200, 0x00ff00, "strip, triangle 1");
    CHECK_PIXEL(dev, 340, 400, 0xff0000, "indexed strip, triangle 0");
    CHECK_PIXEL(dev, 620, 470, 0x00ff00, "indexed strip, triangle 1");
    IDirect3DDevice9_Release(dev);
}

TEST(pixel_centres_are_integers)
{
    IDirect3DDevice9 *dev = begin();
    if (!dev)
        return;
    /* D3D9 pixel (x, y) has its centre at (x, y): a one-pixel square from
     * 10.5 to 11.5 covers pixel 11 only, one from 20 to 21 pixel 20. */
    rect_tl(dev, 10.5f, 10.5f, 11.5f, 11.5f, 0.5f, 0xff0000);
    rect_tl(dev, 20, 20, 21, 21, 0.5f, 0x00ff00);
    end(dev);
    CHECK_PIXEL(dev, 11, 11, 0xff0000, NULL);
    CHECK_PIXEL(dev, 10, 10, 0x000000, NULL);
    CHECK_PIXEL(dev, 12, 12, 0x000000, NULL);
    CHECK_PIXEL(dev, 20, 20, 0x00ff00, NULL);
    CHECK_PIXEL(dev, 21, 21, 0x000000, NULL);
    CHECK_PIXEL(dev, 19, 19, 0x000000, NULL);
    IDirect3DDevice9_Release(dev);
}

static const struct harness_test tests[] = {
    T(alpha_test_fixed_function),
    T(alpha_test_after_pixel_shader),
    T(depth_bias_moves_coplanar_quad_in_front), T(depth_bias_is_in_depth_units),
    T(slope_scaled_depth_bias),
    T(clip_plane_vertex_shader_clip_space),
    T(viewport_depth_range),
    T(clip_plane_fixed_function_world_space),
    T(points_size_and_clamps),
    T(points_vertex_shader_size),
    T(point_sprites_textured),
    T(mrt_write_masks),
    T(srgb_write_blends_in_linear_space),
    T(srgb_write_applies_to_clear),
    T(flat_shading_takes_first_vertex),
    T(pixel_centres_are_integers),
};

int main(void)
{
    return RUN_TESTS_SHARED(tests, &d3d, &window);
}
