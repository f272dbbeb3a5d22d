/* Copies and render to texture, checked by pixel readback: ColorFill,
 * StretchRect (same size, scaled, between formats, from and to
 * multisampled surfaces), UpdateSurface,
 * UpdateTexture, and a texture rendered to then sampled. */
#include "device_util.h"

static IDirect3D9 *d3d;
static HWND window;

TEST(color_fill)
{
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    IDirect3DSurface9 *rt = NULL, *ds = NULL;
    RECT r = {4, 4, 8, 8};
    if (!dev)
        return;
    IDirect3DDevice9_CreateRenderTarget(dev, 16, 16, D3DFMT_X8R8G8B8, 0, 0, FALSE, &rt, NULL);
    if (!rt)
        return;
    CHECK_HR(IDirect3DDevice9_ColorFill(dev, rt, NULL, 0x00112233), D3D_OK);
    CHECK_HR(IDirect3DDevice9_ColorFill(dev, rt, &r, 0x00ff0000), D3D_OK);
    CHECK_EQ_U(rt_pixel(dev, rt, 0, 0), 0x112233);
    CHECK_EQ_U(rt_pixel(dev, rt, 5, 5), 0xff0000);
    CHECK_HR(IDirect3DDevice9_ColorFill(dev, NULL, NULL, 0), D3DERR_INVALIDCALL);
    IDirect3DDevice9_GetDepthStencilSurface(dev, &ds);
    if (ds) {
        CHECK_HR(IDirect3DDevice9_ColorFill(dev, ds, NULL, 0), D3DERR_INVALIDCALL);
        IDirect3DSurface9_Release(ds);
    }
    IDirect3DSurface9_Release(rt);
    IDirect3DDevice9_Release(dev);
}

TEST(stretch_rect)
{
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    IDirect3DSurface9 *a = NULL, *b = NULL, *c = NULL;
    RECT left = {0, 0, 8, 16}, all = {0, 0, 32, 32};
    if (!dev)
        return;
    IDirect3DDevice9_CreateRenderTarget(dev, 16, 16, D3DFMT_A8R8G8B8, 0, 0, FALSE, &a, NULL);
    IDirect3DDevice9_CreateRenderTarget(dev, 16, 16, D3DFMT_A8R8G8B8, 0, 0, FALSE, &b, NULL);
    IDirect3DDevice9_CreateRenderTarget(dev, 32, 32, D3DFMT_R5G6B5, 0, 0, FALSE, &c, NULL);
    if (!a || !b || !c)
        return;
    IDirect3DDevice9_ColorFill(dev, a, NULL, 0xff0000ff);
    IDirect3DDevice9_ColorFill(dev, a, &left, 0xffff0000);
    IDirect3DDevice9_ColorFill(dev, b, NULL, 0);
    /* Same size and format: a copy. */
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, a, NULL, b, NULL, D3DTEXF_NONE), D3D_OK);
    CHECK_EQ_U(rt_pixel(dev, b, 2, 2), 0xff0000);
    CHECK_EQ_U(rt_pixel(dev, b, 12, 2), 0x0000ff);
    /* Scaled 2x into a 16-bit target: the left half stays red. */
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, a, NULL, c, &all, D3DTEXF_POINT), D3D_OK);
    {
        IDirect3DSurface9 *sys = NULL;
        D3DLOCKED_RECT lr;
        IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 32, 32, D3DFMT_R5G6B5, D3DPOOL_SYSTEMMEM, &sys, NULL);
        if (sys && SUCCEEDED(IDirect3DDevice9_GetRenderTargetData(dev, c, sys)) &&
            SUCCEEDED(IDirect3DSurface9_LockRect(sys, &lr, NULL, D3DLOCK_READONLY))) {
            CHECK_EQ_U(((WORD *)lr.pBits)[4], 0xf800);
            CHECK_EQ_U(((WORD *)lr.pBits)[28], 0x001f);
            IDirect3DSurface9_UnlockRect(sys);
        }
        if (sys)
            IDirect3DSurface9_Release(sys);
    }
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, a, NULL, a, NULL, D3DTEXF_NONE), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, a, NULL, b, NULL, D3DTEXF_ANISOTROPIC), D3DERR_INVALIDCALL);
    /* A plain DEFAULT texture is a source into a render target
     * (CAN_STRETCHRECT_FROM_TEXTURES), never into an offscreen plain
     * surface; a render target does not go into an offscreen plain one. */
    {
        IDirect3DTexture9 *t = NULL;
        IDirect3DSurface9 *level = NULL, *plain = NULL;
        IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &t, NULL);
        IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 16, 16, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &plain, NULL);
        if (t && plain && SUCCEEDED(IDirect3DTexture9_GetSurfaceLevel(t, 0, &level))) {
            IDirect3DTexture9 *sys = NULL;
            D3DLOCKED_RECT lr;
            /* Fill it through a SYSTEMMEM twin: green. */
            IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, &sys, NULL);
            if (sys && SUCCEEDED(IDirect3DTexture9_LockRect(sys, 0, &lr, NULL, 0))) {
                for (UINT y = 0; y < 16; y++)
                    for (UINT x = 0; x < 16; x++)
                        ((DWORD *)((BYTE *)lr.pBits + y * lr.Pitch))[x] = 0xff00ff00;
                IDirect3DTexture9_UnlockRect(sys, 0);
                CHECK_HR(IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)sys, (IDirect3DBaseTexture9 *)t),
                         D3D_OK);
            }
            if (sys)
                IDirect3DTexture9_Release(sys);
            CHECK_HR(IDirect3DDevice9_StretchRect(dev, level, NULL, b, NULL, D3DTEXF_NONE), D3D_OK);
            CHECK_EQ_U(rt_pixel(dev, b, 5, 5), 0x00ff00);
            CHECK_HR(IDirect3DDevice9_StretchRect(dev, level, NULL, plain, NULL, D3DTEXF_NONE), D3DERR_INVALIDCALL);
            CHECK_HR(IDirect3DDevice9_StretchRect(dev, a, NULL, plain, NULL, D3DTEXF_NONE), D3DERR_INVALIDCALL);
            CHECK_HR(IDirect3DDevice9_StretchRect(dev, a, NULL, level, NULL, D3DTEXF_NONE), D3DERR_INVALIDCALL);
            IDirect3DSurface9_Release(level);
        } else {
            CHECK(0, "a DEFAULT texture and a plain surface");
        }
        if (plain)
            IDirect3DSurface9_Release(plain);
        if (t)
            IDirect3DTexture9_Release(t);
    }
    IDirect3DSurface9_Release(c);
    IDirect3DSurface9_Release(b);
    IDirect3DSurface9_Release(a);
    IDirect3DDevice9_Release(dev);
}

/* Fills all of rt with colour through a Clear. */
static void clear_rt(IDirect3DDevice9 *dev, IDirect3DSurface9 *rt, D3DCOLOR colour)
{
    IDirect3DSurface9 *old = NULL;
    IDirect3DDevice9_GetRenderTarget(dev, 0, &old);
    IDirect3DDevice9_SetRenderTarget(dev, 0, rt);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, colour, 1.0f, 0);
    if (old) {
        IDirect3DDevice9_SetRenderTarget(dev, 0, old);
        IDirect3DSurface9_Release(old);
    }
}

TEST(stretch_rect_multisampled)
{
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    IDirect3DSurface9 *ms = NULL, *ms2 = NULL, *rt = NULL;
    RECT quarter = {0, 0, 8, 8}, left = {0, 0, 8, 16};
    if (!dev)
        return;
    if (FAILED(IDirect3D9_CheckDeviceMultiSampleType(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_A8R8G8B8, TRUE,
                                                     D3DMULTISAMPLE_2_SAMPLES, NULL))) {
        IDirect3DDevice9_Release(dev);
        return;
    }
    IDirect3DDevice9_CreateRenderTarget(dev, 16, 16, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_2_SAMPLES, 0, FALSE, &ms, NULL);
    IDirect3DDevice9_CreateRenderTarget(dev, 16, 16, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_2_SAMPLES, 0, FALSE, &ms2, NULL);
    IDirect3DDevice9_CreateRenderTarget(dev, 16, 16, D3DFMT_A8R8G8B8, 0, 0, FALSE, &rt, NULL);
    CHECK(ms && ms2 && rt, "render targets not made");
    if (!ms || !ms2 || !rt)
        goto done;
    /* A multisampled source resolves, and may be scaled on the way:
     * the whole of ms into rt's top-left quarter... */
    clear_rt(dev, ms, 0xff00ff00);
    IDirect3DDevice9_ColorFill(dev, rt, NULL, 0xffffffff);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, ms, NULL, rt, &quarter, D3DTEXF_NONE), D3D_OK);
    CHECK_EQ_U(rt_pixel(dev, rt, 4, 4), 0x00ff00);
    CHECK_EQ_U(rt_pixel(dev, rt, 12, 12), 0xffffff);
    /* ...and a quarter of ms over the whole of rt. */
    IDirect3DDevice9_ColorFill(dev, rt, NULL, 0xffffffff);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, ms, &quarter, rt, NULL, D3DTEXF_LINEAR), D3D_OK);
    CHECK_EQ_U(rt_pixel(dev, rt, 12, 12), 0x00ff00);
    /* A multisampled destination is written, every sample of each pixel:
     * rt (red left half, blue right) into ms's top-left quarter, which
     * then scaled back over rt shows the halves again. */
    IDirect3DDevice9_ColorFill(dev, rt, NULL, 0xff0000ff);
    IDirect3DDevice9_ColorFill(dev, rt, &left, 0xffff0000);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, rt, NULL, ms, &quarter, D3DTEXF_POINT), D3D_OK);
    IDirect3DDevice9_ColorFill(dev, rt, NULL, 0xffffffff);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, ms, &quarter, rt, NULL, D3DTEXF_POINT), D3D_OK);
    CHECK_EQ_U(rt_pixel(dev, rt, 2, 2), 0xff0000);
    CHECK_EQ_U(rt_pixel(dev, rt, 13, 13), 0x0000ff);
    /* Between two multisampled surfaces. */
    clear_rt(dev, ms, 0xffffff00);
    clear_rt(dev, ms2, 0xff000000);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, ms, &quarter, ms2, NULL, D3DTEXF_NONE), D3D_OK);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, ms2, NULL, rt, NULL, D3DTEXF_NONE), D3D_OK);
    CHECK_EQ_U(rt_pixel(dev, rt, 13, 13), 0xffff00);
done:
    if (ms)
        IDirect3DSurface9_Release(ms);
    if (ms2)
        IDirect3DSurface9_Release(ms2);
    if (rt)
        IDirect3DSurface9_Release(rt);
    IDirect3DDevice9_Release(dev);
}

TEST(update_surface_and_texture)
{
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    IDirect3DSurface9 *sys = NULL, *rt = NULL, *lvl = NULL;
    IDirect3DTexture9 *stex = NULL, *dtex = NULL;
    D3DLOCKED_RECT lr;
    POINT p = {8, 8};
    if (!dev)
        return;
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 8, 8, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &sys, NULL);
    IDirect3DDevice9_CreateRenderTarget(dev, 16, 16, D3DFMT_X8R8G8B8, 0, 0, FALSE, &rt, NULL);
    if (!sys || !rt)
        return;
    IDirect3DSurface9_LockRect(sys, &lr, NULL, 0);
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++)
            ((DWORD *)((BYTE *)lr.pBits + y * lr.Pitch))[x] = 0x00abcdef;
    IDirect3DSurface9_UnlockRect(sys);
    IDirect3DDevice9_ColorFill(dev, rt, NULL, 0);
    CHECK_HR(IDirect3DDevice9_UpdateSurface(dev, sys, NULL, rt, &p), D3D_OK);
    CHECK_EQ_U(rt_pixel(dev, rt, 10, 10), 0xabcdef);
    CHECK_EQ_U(rt_pixel(dev, rt, 2, 2), 0);
    CHECK_HR(IDirect3DDevice9_UpdateSurface(dev, rt, NULL, sys, NULL), D3DERR_INVALIDCALL);

    /* A system-memory texture to a render-target texture, then read back. */
    IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &stex, NULL);
    IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, D3DUSAGE_RENDERTARGET, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT, &dtex, NULL);
    if (!stex || !dtex)
        return;
    IDirect3DTexture9_LockRect(stex, 0, &lr, NULL, 0);
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++)
            ((DWORD *)((BYTE *)lr.pBits + y * lr.Pitch))[x] = 0x00405060;
    IDirect3DTexture9_UnlockRect(stex, 0);
    CHECK_HR(IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)stex, (IDirect3DBaseTexture9 *)dtex), D3D_OK);
    IDirect3DTexture9_GetSurfaceLevel(dtex, 0, &lvl);
    if (lvl) {
        CHECK_EQ_U(rt_pixel(dev, lvl, 1, 1), 0x405060);
        IDirect3DSurface9_Release(lvl);
    }
    CHECK_HR(IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)dtex, (IDirect3DBaseTexture9 *)stex), D3DERR_INVALIDCALL);
    IDirect3DTexture9_Release(dtex);
    IDirect3DTexture9_Release(stex);
    IDirect3DSurface9_Release(rt);
    IDirect3DSurface9_Release(sys);
    IDirect3DDevice9_Release(dev);
}

TEST(render_to_texture_then_sample)
{
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    IDirect3DTexture9 *tex = NULL;
    IDirect3DSurface9 *lvl = NULL, *bb = NULL;
    struct {
        float x, y, z, rhw, u, v;
    } q[4] = {{0, 0, 0.5f, 1, 0, 0}, {32, 0, 0.5f, 1, 1, 0}, {0, 32, 0.5f, 1, 0, 1}, {32, 32, 0.5f, 1, 1, 1}};
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 8, 8, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &tex, NULL), D3D_OK);
    if (!tex)
        return;
    IDirect3DTexture9_GetSurfaceLevel(tex, 0, &lvl);
    IDirect3DDevice9_GetRenderTarget(dev, 0, &bb);
    CHECK_HR(IDirect3DDevice9_SetRenderTarget(dev, 0, lvl), D3D_OK);
    IDirect3DDevice9_SetDepthStencilSurface(dev, NULL);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff00c000, 1.0f, 0), D3D_OK);
    IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_TEX1);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])), D3D_OK);
    IDirect3DDevice9_EndScene(dev);
    CHECK_EQ_U(rt_pixel(dev, bb, 16, 16), 0x00c000);
    CHECK_EQ_U(rt_pixel(dev, bb, 100, 100), 0);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DSurface9_Release(bb);
    IDirect3DSurface9_Release(lvl);
    IDirect3DTexture9_Release(tex);
    IDirect3DDevice9_Release(dev);
}

static const struct harness_test tests[] = {
    T(color_fill), T(stretch_rect), T(stretch_rect_multisampled), T(update_surface_and_texture), T(render_to_texture_then_sample),
};

int main(void)
{
    return RUN_TESTS_SHARED(tests, &d3d, &window);
}
