/* Cube and volume textures and vertex texture fetch, checked by pixel
 * readback of the back buffer: cube maps sampled by fixed function
 * (explicit 3D coordinates and the camera-space reflection vector) and
 * by ps_2_0, a volume sampled at three depths, a cube face rendered
 * then sampled, StretchRect from a cube face, and texldl in vs_3_0.
 * Tolerance: 2 per channel. */
#include "draw_util.h"

/* ps_2_0; dcl t0.xyz; dcl_cube s0; texld r0, t0, s0; mov oC0, r0 */
static const DWORD ps_cube[] = {
    0xffff0200, 0x0200001f, 0x80000000, 0xb0070000, 0x0200001f, 0x98000000, 0xa00f0800, 0x03000042,
    0x800f0000, 0xb0e40000, 0xa0e40800, 0x02000001, 0x800f0800, 0x80e40000, 0x0000ffff,
};
/* ps_2_0; dcl t0.xyz; dcl_volume s0; texld r0, t0, s0; mov oC0, r0 */
static const DWORD ps_volume[] = {
    0xffff0200, 0x0200001f, 0x80000000, 0xb0070000, 0x0200001f, 0xa0000000, 0xa00f0800, 0x03000042,
    0x800f0000, 0xb0e40000, 0xa0e40800, 0x02000001, 0x800f0800, 0x80e40000, 0x0000ffff,
};
/* vs_3_0; dcl_position v0; dcl_texcoord v1; dcl_2d s0; dcl_position o0;
 * dcl_color o1; mov o0, v0; texldl o1, v1, s0 */
static const DWORD vs_fetch[] = {
    0xfffe0300, 0x0200001f, 0x80000000, 0x900f0000, 0x0200001f, 0x80000005, 0x900f0001, 0x0200001f,
    0x90000000, 0xa00f0800, 0x0200001f, 0x80000000, 0xe00f0000, 0x0200001f, 0x8000000a, 0xe00f0001,
    0x02000001, 0xe00f0000, 0x90e40000, 0x0300005f, 0xe00f0001, 0x90e40001, 0xa0e40800, 0x0000ffff,
};
/* ps_3_0; dcl_color v0; mov oC0, v0 */
static const DWORD ps_color[] = {
    0xffff0300, 0x0200001f, 0x8000000a, 0x900f0000, 0x02000001, 0x800f0800, 0x90e40000, 0x0000ffff,
};

/* +X -X +Y -Y +Z -Z */
static const D3DCOLOR face_colours[6] = {0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffff00, 0xffff00ff, 0xff00ffff};
static const float directions[6][3] = {{1, 0.1f, 0.2f},  {-1, 0.1f, 0.2f}, {0.1f, 1, 0.2f},
                                       {0.1f, -1, 0.2f}, {0.1f, 0.2f, 1},  {0.1f, 0.2f, -1}};
static const char *face_names[6] = {"+X", "-X", "+Y", "-Y", "+Z", "-Z"};

static BOOL begin(struct test_ctx *c)
{
    if (!test_setup(c))
        return FALSE;
    IDirect3DDevice9_SetRenderState(c->dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_SetRenderState(c->dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_SetRenderState(c->dev, D3DRS_ZENABLE, D3DZB_FALSE);
    IDirect3DDevice9_SetTextureStageState(c->dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(c->dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    return TRUE;
}

/* A 4x4 A8R8G8B8 cube map whose faces hold face_colours. */
static IDirect3DCubeTexture9 *cube_map(IDirect3DDevice9 *dev)
{
    IDirect3DCubeTexture9 *tex = NULL;
    HRESULT hr = IDirect3DDevice9_CreateCubeTexture(dev, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex, NULL);
    CHECK(hr == D3D_OK, "CreateCubeTexture %#lx", (unsigned long)hr);
    for (UINT f = 0; tex && f < 6; f++) {
        D3DLOCKED_RECT lr;
        if (FAILED(IDirect3DCubeTexture9_LockRect(tex, (D3DCUBEMAP_FACES)f, 0, &lr, NULL, 0)))
            continue;
        for (UINT y = 0; y < 4; y++)
            for (UINT x = 0; x < 4; x++)
                ((DWORD *)((BYTE *)lr.pBits + y * lr.Pitch))[x] = face_colours[f];
        IDirect3DCubeTexture9_UnlockRect(tex, (D3DCUBEMAP_FACES)f, 0);
    }
    return tex;
}

struct tl3 {
    float x, y, z, rhw, u, v, w;
};

/* A 32x32 quad at (x, y) whose vertices all carry (u, v, w). */
static void quad3(IDirect3DDevice9 *dev, float x, float y, float u, float v, float w)
{
    struct tl3 q[4] = {{x, y, 0.5f, 1, u, v, w},
                       {x + 32, y, 0.5f, 1, u, v, w},
                       {x, y + 32, 0.5f, 1, u, v, w},
                       {x + 32, y + 32, 0.5f, 1, u, v, w}};
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_TEX1 | D3DFVF_TEXCOORDSIZE3(0));
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
}

/* Six quads in a row, one per face direction. */
static void draw_faces(IDirect3DDevice9 *dev, IDirect3DBaseTexture9 *tex)
{
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetTexture(dev, 0, tex);
    for (int f = 0; f < 6; f++)
        quad3(dev, 32.0f * f, 0, directions[f][0], directions[f][1], directions[f][2]);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DDevice9_EndScene(dev);
}

TEST(cube_fixed_function_coordinates)
{
    struct test_ctx c;
    IDirect3DCubeTexture9 *tex;
    if (!begin(&c))
        return;
    if ((tex = cube_map(c.dev))) {
        draw_faces(c.dev, (IDirect3DBaseTexture9 *)tex);
        for (int f = 0; f < 6; f++)
            CHECK_PIXEL(c.dev, 32 * f + 16, 16, face_colours[f] & 0xffffff, face_names[f]);
        IDirect3DCubeTexture9_Release(tex);
    }
    test_teardown(&c);
}

TEST(cube_reflection_vector)
{
    /* A quad facing the camera (normal towards -z) across the whole
     * viewport with identity transforms: at the centre the camera-space
     * reflection of the view direction points back along -z. */
    struct {
        float x, y, z, nx, ny, nz;
    } q[4] = {{-1, 1, 0.5f, 0, 0, -1}, {1, 1, 0.5f, 0, 0, -1}, {-1, -1, 0.5f, 0, 0, -1}, {1, -1, 0.5f, 0, 0, -1}};
    struct test_ctx c;
    IDirect3DCubeTexture9 *tex;
    if (!begin(&c))
        return;
    if ((tex = cube_map(c.dev))) {
        IDirect3DDevice9_SetFVF(c.dev, D3DFVF_XYZ | D3DFVF_NORMAL);
        IDirect3DDevice9_SetTextureStageState(c.dev, 0, D3DTSS_TEXCOORDINDEX, D3DTSS_TCI_CAMERASPACEREFLECTIONVECTOR);
        IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
        IDirect3DDevice9_BeginScene(c.dev);
        IDirect3DDevice9_SetTexture(c.dev, 0, (IDirect3DBaseTexture9 *)tex);
        IDirect3DDevice9_DrawPrimitiveUP(c.dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
        IDirect3DDevice9_SetTexture(c.dev, 0, NULL);
        IDirect3DDevice9_EndScene(c.dev);
        CHECK_PIXEL(c.dev, 320, 240, face_colours[5] & 0xffffff, "centre");
        IDirect3DDevice9_SetTextureStageState(c.dev, 0, D3DTSS_TEXCOORDINDEX, 0);
        IDirect3DCubeTexture9_Release(tex);
    }
    test_teardown(&c);
}

TEST(cube_ps_2_0)
{
    struct test_ctx c;
    IDirect3DCubeTexture9 *tex;
    IDirect3DPixelShader9 *ps = NULL;
    if (!begin(&c))
        return;
    CHECK_HR(IDirect3DDevice9_CreatePixelShader(c.dev, ps_cube, &ps), D3D_OK);
    if ((tex = cube_map(c.dev)) && ps) {
        IDirect3DDevice9_SetPixelShader(c.dev, ps);
        draw_faces(c.dev, (IDirect3DBaseTexture9 *)tex);
        IDirect3DDevice9_SetPixelShader(c.dev, NULL);
        for (int f = 0; f < 6; f++)
            CHECK_PIXEL(c.dev, 32 * f + 16, 16, face_colours[f] & 0xffffff, face_names[f]);
    }
    if (tex)
        IDirect3DCubeTexture9_Release(tex);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    test_teardown(&c);
}

TEST(volume_three_depths)
{
    static const D3DCOLOR slices[3] = {0xffff0000, 0xff00ff00, 0xff0000ff};
    static const float depths[3] = {1.0f / 6, 0.5f, 5.0f / 6};
    struct test_ctx c;
    IDirect3DVolumeTexture9 *tex = NULL;
    IDirect3DPixelShader9 *ps = NULL;
    D3DLOCKED_BOX lb;
    if (!begin(&c))
        return;
    CHECK_HR(IDirect3DDevice9_CreateVolumeTexture(c.dev, 2, 2, 3, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex, NULL),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreatePixelShader(c.dev, ps_volume, &ps), D3D_OK);
    if (!tex || !ps)
        goto done;
    if (SUCCEEDED(IDirect3DVolumeTexture9_LockBox(tex, 0, &lb, NULL, 0))) {
        for (UINT z = 0; z < 3; z++)
            for (UINT y = 0; y < 2; y++)
                for (UINT x = 0; x < 2; x++)
                    ((DWORD *)((BYTE *)lb.pBits + z * lb.SlicePitch + y * lb.RowPitch))[x] = slices[z];
        IDirect3DVolumeTexture9_UnlockBox(tex, 0);
    }
    /* Fixed function in the left three quads, ps_2_0 in the right three. */
    IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    IDirect3DDevice9_BeginScene(c.dev);
    IDirect3DDevice9_SetTexture(c.dev, 0, (IDirect3DBaseTexture9 *)tex);
    for (int i = 0; i < 3; i++)
        quad3(c.dev, 32.0f * i, 0, 0.5f, 0.5f, depths[i]);
    IDirect3DDevice9_SetPixelShader(c.dev, ps);
    for (int i = 0; i < 3; i++)
        quad3(c.dev, 96 + 32.0f * i, 0, 0.5f, 0.5f, depths[i]);
    IDirect3DDevice9_SetPixelShader(c.dev, NULL);
    IDirect3DDevice9_SetTexture(c.dev, 0, NULL);
    IDirect3DDevice9_EndScene(c.dev);
    for (int i = 0; i < 3; i++) {
        CHECK_PIXEL(c.dev, 32 * i + 16, 16, slices[i] & 0xffffff, "fixed function");
        CHECK_PIXEL(c.dev, 96 + 32 * i + 16, 16, slices[i] & 0xffffff, "ps_2_0");
    }
done:
    if (tex)
        IDirect3DVolumeTexture9_Release(tex);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    test_teardown(&c);
}

TEST(render_to_cube_face)
{
    struct test_ctx c;
    IDirect3DCubeTexture9 *tex = NULL;
    IDirect3DSurface9 *bb = NULL;
    if (!begin(&c))
        return;
    CHECK_HR(IDirect3DDevice9_CreateCubeTexture(c.dev, 16, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT,
                                                &tex, NULL),
             D3D_OK);
    IDirect3DDevice9_GetRenderTarget(c.dev, 0, &bb);
    for (UINT f = 0; tex && f < 6; f++) {
        IDirect3DSurface9 *face = NULL;
        IDirect3DCubeTexture9_GetCubeMapSurface(tex, (D3DCUBEMAP_FACES)f, 0, &face);
        if (!face)
            continue;
        IDirect3DDevice9_SetRenderTarget(c.dev, 0, face);
        IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_TARGET, face_colours[f], 1.0f, 0);
        if (f == 2) {
            D3DCOLOR got = rt_pixel(c.dev, face, 3, 3);
            CHECK(near_color(got, face_colours[2] & 0xffffff, 2), "face +Y read back %06lx", (unsigned long)got);
        }
        IDirect3DSurface9_Release(face);
    }
    IDirect3DDevice9_SetRenderTarget(c.dev, 0, bb);
    if (tex) {
        draw_faces(c.dev, (IDirect3DBaseTexture9 *)tex);
        for (int f = 0; f < 6; f++)
            CHECK_PIXEL(c.dev, 32 * f + 16, 16, face_colours[f] & 0xffffff, face_names[f]);
        IDirect3DCubeTexture9_Release(tex);
    }
    if (bb)
        IDirect3DSurface9_Release(bb);
    test_teardown(&c);
}

/* Fills every face of a cube map's top level with one colour; dirty says
 * whether the locks mark it dirty. */
static void paint_cube(IDirect3DCubeTexture9 *tex, D3DCOLOR colour, BOOL dirty)
{
    for (UINT f = 0; f < 6; f++) {
        D3DLOCKED_RECT lr;
        if (FAILED(IDirect3DCubeTexture9_LockRect(tex, (D3DCUBEMAP_FACES)f, 0, &lr, NULL,
                                                  dirty ? 0 : D3DLOCK_NO_DIRTY_UPDATE)))
            continue;
        for (UINT y = 0; y < 4; y++)
            for (UINT x = 0; x < 4; x++)
                ((DWORD *)((BYTE *)lr.pBits + y * lr.Pitch))[x] = colour;
        IDirect3DCubeTexture9_UnlockRect(tex, (D3DCUBEMAP_FACES)f, 0);
    }
}

TEST(update_cube_texture_dirty_face)
{
    struct test_ctx c;
    IDirect3DCubeTexture9 *src = NULL, *dst = NULL;
    if (!begin(&c))
        return;
    CHECK_HR(IDirect3DDevice9_CreateCubeTexture(c.dev, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, &src, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateCubeTexture(c.dev, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &dst, NULL), D3D_OK);
    if (src && dst) {
        paint_cube(src, 0xffff0000, TRUE);
        CHECK_HR(IDirect3DDevice9_UpdateTexture(c.dev, (IDirect3DBaseTexture9 *)src, (IDirect3DBaseTexture9 *)dst), D3D_OK);
        /* Every face turns green, but only +Y is marked dirty. */
        paint_cube(src, 0xff00ff00, FALSE);
        CHECK_HR(IDirect3DCubeTexture9_AddDirtyRect(src, D3DCUBEMAP_FACE_POSITIVE_Y, NULL), D3D_OK);
        CHECK_HR(IDirect3DDevice9_UpdateTexture(c.dev, (IDirect3DBaseTexture9 *)src, (IDirect3DBaseTexture9 *)dst), D3D_OK);
        draw_faces(c.dev, (IDirect3DBaseTexture9 *)dst);
        for (int f = 0; f < 6; f++)
            CHECK_PIXEL(c.dev, 32 * f + 16, 16, f == 2 ? 0x00ff00 : 0xff0000, face_names[f]);
    }
    if (src)
        IDirect3DCubeTexture9_Release(src);
    if (dst)
        IDirect3DCubeTexture9_Release(dst);
    test_teardown(&c);
}

TEST(stretch_rect_from_cube_face)
{
    struct test_ctx c;
    IDirect3DCubeTexture9 *tex = NULL;
    IDirect3DSurface9 *face = NULL, *rt = NULL;
    if (!begin(&c))
        return;
    CHECK_HR(IDirect3DDevice9_CreateCubeTexture(c.dev, 2, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT,
                                                &tex, NULL),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(c.dev, 8, 8, D3DFMT_X8R8G8B8, 0, 0, FALSE, &rt, NULL), D3D_OK);
    if (tex)
        IDirect3DCubeTexture9_GetCubeMapSurface(tex, D3DCUBEMAP_FACE_NEGATIVE_Z, 0, &face);
    if (face && rt) {
        /* Left texel column black, right white, scaled 4x with linear
         * filtering: the edges keep their texel, the middle blends. */
        RECT right = {1, 0, 2, 2};
        IDirect3DDevice9_ColorFill(c.dev, face, NULL, 0xff000000);
        IDirect3DDevice9_ColorFill(c.dev, face, &right, 0xffffffff);
        CHECK_HR(IDirect3DDevice9_StretchRect(c.dev, face, NULL, rt, NULL, D3DTEXF_LINEAR), D3D_OK);
        CHECK(near_color(rt_pixel(c.dev, rt, 0, 4), 0x000000, 2), "left edge %06lx", rt_pixel(c.dev, rt, 0, 4));
        CHECK(near_color(rt_pixel(c.dev, rt, 7, 4), 0xffffff, 2), "right edge %06lx", rt_pixel(c.dev, rt, 7, 4));
        for (int x = 3; x <= 4; x++) {
            DWORD g = rt_pixel(c.dev, rt, x, 4) & 0xff;
            CHECK(g > 0x30 && g < 0xd0, "pixel %d blends: %02lx", x, g);
        }
        CHECK_HR(IDirect3DDevice9_StretchRect(c.dev, face, NULL, rt, NULL, D3DTEXF_POINT), D3D_OK);
        CHECK(near_color(rt_pixel(c.dev, rt, 3, 4), 0x000000, 2), "point, left half %06lx", rt_pixel(c.dev, rt, 3, 4));
        CHECK(near_color(rt_pixel(c.dev, rt, 4, 4), 0xffffff, 2), "point, right half %06lx", rt_pixel(c.dev, rt, 4, 4));
    }
    if (face)
        IDirect3DSurface9_Release(face);
    if (rt)
        IDirect3DSurface9_Release(rt);
    if (tex)
        IDirect3DCubeTexture9_Release(tex);
    test_teardown(&c);
}

TEST(vertex_texture_fetch)
{
    static const D3DVERTEXELEMENT9 elems[] = {
        {0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
        {0, 16, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0},
        D3DDECL_END(),
    };
    /* A clip-space triangle over the whole target; every vertex reads
     * the right texel (blue) of a 2x1 texture at level 0. */
    static const float verts[3][8] = {
        {-1, -1, 0.5f, 1, 0.75f, 0.5f, 0, 0}, {3, -1, 0.5f, 1, 0.75f, 0.5f, 0, 0}, {-1, 3, 0.5f, 1, 0.75f, 0.5f, 0, 0}};
    struct test_ctx c;
    IDirect3DTexture9 *tex = NULL;
    IDirect3DVertexShader9 *vs = NULL;
    IDirect3DPixelShader9 *ps = NULL;
    IDirect3DVertexDeclaration9 *decl = NULL;
    D3DLOCKED_RECT lr;
    if (!begin(&c))
        return;
    CHECK_HR(IDirect3D9_CheckDeviceFormat(c.d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DUSAGE_QUERY_VERTEXTEXTURE,
                                          D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 2, 1, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(c.dev, vs_fetch, &vs), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreatePixelShader(c.dev, ps_color, &ps), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(c.dev, elems, &decl), D3D_OK);
    if (!tex || !vs || !ps || !decl)
        goto done;
    IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0);
    ((DWORD *)lr.pBits)[0] = 0xffff0000;
    ((DWORD *)lr.pBits)[1] = 0xff0000ff;
    IDirect3DTexture9_UnlockRect(tex, 0);
    IDirect3DDevice9_SetVertexDeclaration(c.dev, decl);
    IDirect3DDevice9_SetVertexShader(c.dev, vs);
    IDirect3DDevice9_SetPixelShader(c.dev, ps);
    CHECK_HR(IDirect3DDevice9_SetTexture(c.dev, D3DVERTEXTEXTURESAMPLER0, (IDirect3DBaseTexture9 *)tex), D3D_OK);
    IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    IDirect3DDevice9_BeginScene(c.dev);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(c.dev, D3DPT_TRIANGLELIST, 1, verts, sizeof(verts[0])), D3D_OK);
    IDirect3DDevice9_EndScene(c.dev);
    CHECK_PIXEL(c.dev, 320, 240, 0x0000ff, "vertex-fetched colour");
    IDirect3DDevice9_SetTexture(c.dev, D3DVERTEXTEXTURESAMPLER0, NULL);
    IDirect3DDevice9_SetVertexShader(c.dev, NULL);
    IDirect3DDevice9_SetPixelShader(c.dev, NULL);
done:
    if (decl)
        IDirect3DVertexDeclaration9_Release(decl);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    if (tex)
        IDirect3DTexture9_Release(tex);
    test_teardown(&c);
}

/* Address modes do not apply to cube maps (directions never leave the
 * cube): linear filtering next to a face's edge does not wrap to the
 * face's far side. The +X face is blue in its left column and red
 * elsewhere, every other face blue; a direction just inside the +X
 * face's left edge filters blue under WRAP and MIRROR alike. */
TEST(cube_edges_ignore_address_modes)
{
    static const D3DTEXTUREADDRESS modes[] = {D3DTADDRESS_WRAP, D3DTADDRESS_MIRROR, D3DTADDRESS_CLAMP};
    struct test_ctx c;
    IDirect3DCubeTexture9 *tex = NULL;
    if (!begin(&c))
        return;
    CHECK_HR(IDirect3DDevice9_CreateCubeTexture(c.dev, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex, NULL), D3D_OK);
    for (UINT f = 0; tex && f < 6; f++) {
        D3DLOCKED_RECT lr;
        if (FAILED(IDirect3DCubeTexture9_LockRect(tex, (D3DCUBEMAP_FACES)f, 0, &lr, NULL, 0)))
            continue;
        for (UINT y = 0; y < 4; y++)
            for (UINT x = 0; x < 4; x++)
                ((DWORD *)((BYTE *)lr.pBits + y * lr.Pitch))[x] = (f == 0 && x > 0) ? 0xffff0000 : 0xff0000ff;
        IDirect3DCubeTexture9_UnlockRect(tex, (D3DCUBEMAP_FACES)f, 0);
    }
    IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MINFILTER, D3DTEXF_LINEAR);
    IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_LINEAR);
    for (size_t m = 0; tex && m < sizeof(modes) / sizeof(modes[0]); m++) {
        IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_ADDRESSU, modes[m]);
        IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_ADDRESSV, modes[m]);
        IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
        IDirect3DDevice9_BeginScene(c.dev);
        IDirect3DDevice9_SetTexture(c.dev, 0, (IDirect3DBaseTexture9 *)tex);
        /* +X: u = (1 - z / x) / 2 = 0.005, v = 0.5. */
        quad3(c.dev, 0, 0, 1.0f, 0.0f, 0.99f);
        IDirect3DDevice9_SetTexture(c.dev, 0, NULL);
        IDirect3DDevice9_EndScene(c.dev);
        CHECK_PIXEL(c.dev, 16, 16, 0x0000ff, modes[m] == D3DTADDRESS_WRAP ? "WRAP" : modes[m] == D3DTADDRESS_MIRROR ? "MIRROR" : "CLAMP");
    }
    if (tex)
        IDirect3DCubeTexture9_Release(tex);
    test_teardown(&c);
}

static const struct harness_test tests[] = {
    T(cube_edges_ignore_address_modes),
    T(cube_fixed_function_coordinates), T(cube_reflection_vector), T(cube_ps_2_0), T(volume_three_depths),
    T(render_to_cube_face),             T(update_cube_texture_dirty_face), T(stretch_rect_from_cube_face),
    T(vertex_texture_fetch),
};

int main(void) { return RUN_TESTS(tests); }
