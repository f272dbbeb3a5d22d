/* Fog, checked by pixel readback against D3D9's formulas computed here:
 * vertex and table fog with fixed function, and fog behind vs_1_1 and
 * vs_2_0/ps_2_0 shaders, with the cases the documentation leaves to the
 * drivers (no oFog, FOGSTART = FOGEND, negative depth) as Windows drivers
 * give them. Source colour red, fog colour blue, so a pixel
 * is (255 f, 0, 255 (1 - f)). Tolerance: 3 per channel. */
#include "draw_util.h"

#include <math.h>

static IDirect3D9 *d3d;
static HWND window;

/* vs_1_1: def c0, 0.25, 0, 0, 0; dcl_position v0; dcl_color v1;
 * mov oPos, v0; mov oD0, v1; mov oFog.x, c0.x */
static const DWORD vs11_fog[] = {
    0xfffe0101, 0x00000051, 0xa00f0000, 0x3e800000, 0x00000000, 0x00000000, 0x00000000, 0x0000001f,
    0x80000000, 0x900f0000, 0x0000001f, 0x8000000a, 0x900f0001, 0x00000001, 0xc00f0000, 0x90e40000,
    0x00000001, 0xd00f0000, 0x90e40001, 0x00000001, 0xc0010001, 0xa0000000, 0x0000ffff,
};
/* vs_2_0: the same as the vs_1_1 above */
static const DWORD vs20_fog[] = {
    0xfffe0200, 0x05000051, 0xa00f0000, 0x3e800000, 0x00000000, 0x00000000, 0x00000000, 0x0200001f,
    0x80000000, 0x900f0000, 0x0200001f, 0x8000000a, 0x900f0001, 0x02000001, 0xc00f0000, 0x90e40000,
    0x02000001, 0xd00f0000, 0x90e40001, 0x02000001, 0xc0010001, 0xa0000000, 0x0000ffff,
};

/* Red fogged to blue by factor f. */
static D3DCOLOR fogged(float f)
{
    int r = (int)(255 * f + 0.5f), b = (int)(255 * (1 - f) + 0.5f);
    return (D3DCOLOR)(r << 16 | b);
}

#define CHECK_FOG(dev, x, y, f, what)                                                                                  \
    do {                                                                                                               \
        D3DCOLOR got_ = bb_pixel(dev, x, y), want_ = fogged(f);                                                        \
        CHECK(near_color(got_, want_, 3), "%s: pixel (%d,%d) = %06lx, want %06lx (f %.3f)", what, x, y,                \
              (unsigned long)got_, (unsigned long)want_, (double)(f));                                                 \
    } while (0)

static IDirect3DDevice9 *begin(void)
{
    IDirect3DDevice9 *dev = unlit_device(d3d, window);
    if (!dev)
        return NULL;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGCOLOR, 0x0000ff);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGSTART, f2dw(0.0f));
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGEND, f2dw(1.0f));
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    return dev;
}

/* A column of the viewport, x in clip space (or world space under
 * identity transforms), at depth z. */
static void column(IDirect3DDevice9 *dev, float x0, float x1, float z)
{
    struct xyz v[4] = {{x0, 1, z, 0xff0000}, {x1, 1, z, 0xff0000}, {x0, -1, z, 0xff0000}, {x1, -1, z, 0xff0000}};
    IDirect3DDevice9_SetFVF(dev, FVF_XYZ);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0]));
}

/* Pixel x of the middle of column [x0, x1]. */
static int mid(float x0, float x1)
{
    return (int)((0.5f * (x0 + x1) + 1) * 320);
}

TEST(vertex_fog_linear_fixed_function)
{
    IDirect3DDevice9 *dev = begin();
    if (!dev)
        return;
    /* Identity transforms: the distance is the eye z. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGVERTEXMODE, D3DFOG_LINEAR);
    column(dev, -1, -0.5f, 0.5f);
    column(dev, -0.5f, 0, 0.25f);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGENABLE, FALSE);
    column(dev, 0, 0.5f, 0.25f);
    IDirect3DDevice9_EndScene(dev);
    /* f = (end - d) / (end - start) */
    CHECK_FOG(dev, mid(-1, -0.5f), 240, 0.5f, "linear at 0.5");
    CHECK_FOG(dev, mid(-0.5f, 0), 240, 0.75f, "linear at 0.25");
    CHECK_FOG(dev, mid(0, 0.5f), 240, 1.0f, "fog off");
    IDirect3DDevice9_Release(dev);
}

TEST(table_fog_fixed_function)
{
    static const D3DFOGMODE modes[3] = {D3DFOG_LINEAR, D3DFOG_EXP, D3DFOG_EXP2};
    static const float depths[3] = {0.25f, 0.5f, 0.75f};
    const float density = 2;
    IDirect3DDevice9 *dev = begin();
    if (!dev)
        return;
    /* Pre-transformed vertices: the distance is the depth z. A vertex
     * mode set too is ignored: table fog wins. */
    IDirect3DDevice9_SetFVF(dev, FVF_TL);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGVERTEXMODE, D3DFOG_LINEAR);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGDENSITY, f2dw(density));
    for (int m = 0; m < 3; m++) {
        IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGTABLEMODE, modes[m]);
        for (int i = 0; i < 3; i++) {
            float l = 60.0f * (3 * m + i), z = depths[i];
            struct tl v[4] = {{l, 0, z, 1, 0xff0000}, {l + 50, 0, z, 1, 0xff0000}, {l, 100, z, 1, 0xff0000}, {l + 50, 100, z, 1, 0xff0000}};
            IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0]));
        }
    }
    IDirect3DDevice9_EndScene(dev);
    for (int m = 0; m < 3; m++)
        for (int i = 0; i < 3; i++) {
            float z = depths[i], f;
            switch (modes[m]) {
            case D3DFOG_LINEAR:
                f = 1 - z;
                break;
            case D3DFOG_EXP:
                f = expf(-z * density);
                break;
            default:
                f = expf(-(z * density) * (z * density));
                break;
            }
            CHECK_FOG(dev, 60 * (3 * m + i) + 25, 50, f, m == 0 ? "table linear" : m == 1 ? "table exp" : "table exp2");
        }
    IDirect3DDevice9_Release(dev);
}

TEST(fog_vs_1_1_ofog)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DVertexShader9 *vs = NULL;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, vs11_fog, &vs), D3D_OK);
    IDirect3DDevice9_SetVertexShader(dev, vs);
    /* Vertex fog: oFog (0.25) is the factor; FOGVERTEXMODE is ignored. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGVERTEXMODE, D3DFOG_EXP);
    column(dev, -1, 0, 0.5f);
    /* Table fog wins and ignores oFog: linear from the depth 0.5. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGTABLEMODE, D3DFOG_LINEAR);
    column(dev, 0, 1, 0.5f);
    IDirect3DDevice9_EndScene(dev);
    CHECK_FOG(dev, 160, 240, 0.25f, "vs_1_1 oFog");
    CHECK_FOG(dev, 480, 240, 0.5f, "vs_1_1 table fog");
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    IDirect3DDevice9_Release(dev);
}

TEST(fog_vs_2_0_ps_2_0)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DVertexShader9 *vs = NULL, *vs_nofog = NULL;
    IDirect3DPixelShader9 *ps = NULL;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, vs20_fog, &vs), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, vs_pass, &vs_nofog), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreatePixelShader(dev, ps_pass, &ps), D3D_OK);
    IDirect3DDevice9_SetVertexShader(dev, vs);
    IDirect3DDevice9_SetPixelShader(dev, ps);
    /* Fog is applied after a ps_2_0: oFog is the factor. */
    column(dev, -1, -0.5f, 0.25f);
    /* Table fog from the depth 0.25: f = 0.75. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGTABLEMODE, D3DFOG_LINEAR);
    column(dev, -0.5f, 0, 0.25f);
    /* EXP2 with density 2 at depth 0.25 behind a shader without oFog. */
    IDirect3DDevice9_SetVertexShader(dev, vs_nofog);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGTABLEMODE, D3DFOG_EXP2);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGDENSITY, f2dw(2.0f));
    column(dev, 0, 0.5f, 0.25f);
    IDirect3DDevice9_EndScene(dev);
    CHECK_FOG(dev, mid(-1, -0.5f), 240, 0.25f, "vs_2_0 oFog");
    CHECK_FOG(dev, mid(-0.5f, 0), 240, 0.75f, "table linear behind shaders");
    CHECK_FOG(dev, mid(0, 0.5f), 240, expf(-0.25f), "table exp2 behind shaders");
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    if (vs_nofog)
        IDirect3DVertexShader9_Release(vs_nofog);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    IDirect3DDevice9_Release(dev);
}

TEST(fog_shader_without_ofog)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DVertexShader9 *vs = NULL;
    IDirect3DPixelShader9 *ps = NULL;
    if (!dev)
        return;
    /* Vertex fog behind a vertex shader is its oFog; one that writes no
     * oFog is fogged completely (f = 0), whatever its depth, with a
     * fixed-function pixel stage or a ps_2_0 (Windows drivers, Wine's
     * fog_with_shader_test). */
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, vs_pass, &vs), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreatePixelShader(dev, ps_pass, &ps), D3D_OK);
    IDirect3DDevice9_SetVertexShader(dev, vs);
    column(dev, -1, -0.5f, 0.25f);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGVERTEXMODE, D3DFOG_LINEAR);
    IDirect3DDevice9_SetPixelShader(dev, ps);
    column(dev, -0.5f, 0, 0.75f);
    /* Table fog still uses the depth: linear from 0.25. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGTABLEMODE, D3DFOG_LINEAR);
    column(dev, 0, 0.5f, 0.25f);
    IDirect3DDevice9_EndScene(dev);
    CHECK_FOG(dev, mid(-1, -0.5f), 240, 0.0f, "no oFog, fixed-function pixels");
    CHECK_FOG(dev, mid(-0.5f, 0), 240, 0.0f, "no oFog, ps_2_0");
    CHECK_FOG(dev, mid(0, 0.5f), 240, 0.75f, "no oFog, table fog");
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    IDirect3DDevice9_Release(dev);
}

TEST(fog_start_equals_end)
{
    IDirect3DDevice9 *dev = begin();
    if (!dev)
        return;
    /* FOGSTART = FOGEND = 0.5. Table fog is a step at the end: nothing
     * before it, everything from it on. Vertex fog fogs everything, both
     * sides (Windows drivers, Wine's fog_special_test). */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGSTART, f2dw(0.5f));
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGEND, f2dw(0.5f));
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGTABLEMODE, D3DFOG_LINEAR);
    IDirect3DDevice9_SetFVF(dev, FVF_TL);
    rect_tl(dev, 0, 0, 100, 100, 0.25f, 0xff0000);
    rect_tl(dev, 100, 0, 200, 100, 0.75f, 0xff0000);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGTABLEMODE, D3DFOG_NONE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGVERTEXMODE, D3DFOG_LINEAR);
    column(dev, 0, 0.5f, 0.25f);
    column(dev, 0.5f, 1, 0.75f);
    IDirect3DDevice9_EndScene(dev);
    CHECK_FOG(dev, 50, 50, 1.0f, "table fog before the end");
    CHECK_FOG(dev, 150, 50, 0.0f, "table fog after the end");
    CHECK_FOG(dev, mid(0, 0.5f), 240, 0.0f, "vertex fog before the end");
    CHECK_FOG(dev, mid(0.5f, 1), 240, 0.0f, "vertex fog after the end");
    IDirect3DDevice9_Release(dev);
}

TEST(fog_negative_pretransformed_depth)
{
    IDirect3DDevice9 *dev = begin();
    if (!dev)
        return;
    /* Pre-transformed vertices at z = -0.5 are not clipped (the caps do
     * not offer D3DPMISCCAPS_CLIPTLVERTS) and table fog takes their z as
     * it is: linear from -1 to 0 gives f = 0.5. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGSTART, f2dw(-1.0f));
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGEND, f2dw(0.0f));
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGTABLEMODE, D3DFOG_LINEAR);
    IDirect3DDevice9_SetFVF(dev, FVF_TL);
    rect_tl(dev, 0, 0, 100, 100, -0.5f, 0xff0000);
    IDirect3DDevice9_EndScene(dev);
    CHECK_FOG(dev, 50, 50, 0.5f, "z -0.5");
    IDirect3DDevice9_Release(dev);
}

static const struct harness_test tests[] = {
    T(vertex_fog_linear_fixed_function),
    T(table_fog_fixed_function),
    T(fog_vs_1_1_ofog),
    T(fog_vs_2_0_ps_2_0),
    T(fog_shader_without_ofog),
    T(fog_start_equals_end),
    T(fog_negative_pretransformed_depth),
};

int main(void)
{
    return RUN_TESTS_SHARED(tests, &d3d, &window);
}
