/* Copies and render to texture, checked by pixel readback: ColorFill,
 * StretchRect (same size, scaled, between formats, from, to and between
 * multisampled surfaces, between depth-stencil surfaces, a multisampled
 * depth resolve), UpdateSurface, UpdateTexture, and a texture rendered to
 * then sampled. */
#include "draw_util.h"

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

/* UpdateTexture into a lockable DEFAULT texture (DYNAMIC): a Lock
 * afterwards reads the copied bytes, 2D and volume (Windows; Wine's
 * test_update_texture_pool). */
TEST(update_texture_to_dynamic_reads_back)
{
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    IDirect3DTexture9 *src = NULL, *dst = NULL;
    IDirect3DVolumeTexture9 *vsrc = NULL, *vdst = NULL;
    D3DLOCKED_RECT lr;
    D3DLOCKED_BOX lb;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, &src, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, D3DUSAGE_DYNAMIC, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &dst,
                                            NULL),
             D3D_OK);
    if (src && dst) {
        CHECK_HR(IDirect3DTexture9_LockRect(dst, 0, &lr, NULL, 0), D3D_OK);
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 4; x++)
                ((DWORD *)((BYTE *)lr.pBits + y * lr.Pitch))[x] = 0x44332211;
        IDirect3DTexture9_UnlockRect(dst, 0);
        CHECK_HR(IDirect3DTexture9_LockRect(src, 0, &lr, NULL, 0), D3D_OK);
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 4; x++)
                ((DWORD *)((BYTE *)lr.pBits + y * lr.Pitch))[x] = 0x11223344u + (DWORD)(y * 4 + x);
        IDirect3DTexture9_UnlockRect(src, 0);
        CHECK_HR(IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)src, (IDirect3DBaseTexture9 *)dst),
                 D3D_OK);
        CHECK_HR(IDirect3DTexture9_LockRect(dst, 0, &lr, NULL, D3DLOCK_READONLY), D3D_OK);
        CHECK_EQ_U(((DWORD *)lr.pBits)[0], 0x11223344);
        CHECK_EQ_U(((DWORD *)((BYTE *)lr.pBits + 3 * lr.Pitch))[3], 0x11223344u + 15);
        IDirect3DTexture9_UnlockRect(dst, 0);
    }
    CHECK_HR(IDirect3DDevice9_CreateVolumeTexture(dev, 2, 2, 2, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, &vsrc, NULL),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateVolumeTexture(dev, 2, 2, 2, 1, D3DUSAGE_DYNAMIC, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT,
                                                  &vdst, NULL),
             D3D_OK);
    if (vsrc && vdst) {
        CHECK_HR(IDirect3DVolumeTexture9_LockBox(vsrc, 0, &lb, NULL, 0), D3D_OK);
        for (int z = 0; z < 2; z++)
            for (int y = 0; y < 2; y++)
                for (int x = 0; x < 2; x++)
                    ((DWORD *)((BYTE *)lb.pBits + z * lb.SlicePitch + y * lb.RowPitch))[x] =
                        0xa0b0c000u + (DWORD)(z * 4 + y * 2 + x);
        IDirect3DVolumeTexture9_UnlockBox(vsrc, 0);
        CHECK_HR(IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)vsrc, (IDirect3DBaseTexture9 *)vdst),
                 D3D_OK);
        CHECK_HR(IDirect3DVolumeTexture9_LockBox(vdst, 0, &lb, NULL, D3DLOCK_READONLY), D3D_OK);
        CHECK_EQ_U(((DWORD *)lb.pBits)[0], 0xa0b0c000u);
        CHECK_EQ_U(((DWORD *)((BYTE *)lb.pBits + lb.SlicePitch + lb.RowPitch))[1], 0xa0b0c007u);
        IDirect3DVolumeTexture9_UnlockBox(vdst, 0);
    }
    if (vdst)
        IDirect3DVolumeTexture9_Release(vdst);
    if (vsrc)
        IDirect3DVolumeTexture9_Release(vsrc);
    if (dst)
        IDirect3DTexture9_Release(dst);
    if (src)
        IDirect3DTexture9_Release(src);
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
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

/* A DEFAULT-pool offscreen plain surface locks like memory the game owns
 * (D3D9 docs: "Offscreen plain surfaces ... lockable"): what ColorFill,
 * StretchRect and UpdateSurface write shows in its next lock, and what a
 * lock writes is what StretchRect then copies. */
TEST(plain_surface_locks)
{
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    IDirect3DSurface9 *plain = NULL, *other = NULL, *sys = NULL, *rt = NULL;
    RECT r = {4, 4, 8, 8};
    POINT p = {2, 2};
    D3DLOCKED_RECT lr;
    if (!dev)
        return;
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 16, 16, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &plain, NULL);
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 16, 16, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &other, NULL);
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 4, 4, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, &sys, NULL);
    IDirect3DDevice9_CreateRenderTarget(dev, 16, 16, D3DFMT_A8R8G8B8, 0, 0, FALSE, &rt, NULL);
    if (!plain || !other || !sys || !rt) {
        CHECK(0, "surfaces");
        return;
    }
    CHECK_HR(IDirect3DDevice9_ColorFill(dev, plain, NULL, 0x80102030), D3D_OK);
    CHECK_HR(IDirect3DDevice9_ColorFill(dev, plain, &r, 0xff405060), D3D_OK);
    if (SUCCEEDED(IDirect3DSurface9_LockRect(plain, &lr, NULL, D3DLOCK_READONLY))) {
        CHECK_EQ_U(((DWORD *)lr.pBits)[0], 0x80102030);
        CHECK_EQ_U(((DWORD *)((BYTE *)lr.pBits + 5 * lr.Pitch))[5], 0xff405060);
        IDirect3DSurface9_UnlockRect(plain);
    }
    /* Written through a lock, then copied to a render target. */
    if (SUCCEEDED(IDirect3DSurface9_LockRect(plain, &lr, NULL, 0))) {
        ((DWORD *)((BYTE *)lr.pBits + 10 * lr.Pitch))[12] = 0xff00ff00;
        IDirect3DSurface9_UnlockRect(plain);
    }
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, plain, NULL, rt, NULL, D3DTEXF_NONE), D3D_OK);
    CHECK_EQ_U(rt_pixel(dev, rt, 12, 10), 0x00ff00);
    CHECK_EQ_U(rt_pixel(dev, rt, 5, 5), 0x405060);
    /* Plain to plain, then UpdateSurface over part of it. */
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, plain, NULL, other, NULL, D3DTEXF_NONE), D3D_OK);
    if (SUCCEEDED(IDirect3DSurface9_LockRect(sys, &lr, NULL, 0))) {
        for (UINT y = 0; y < 4; y++)
            for (UINT x = 0; x < 4; x++)
                ((DWORD *)((BYTE *)lr.pBits + y * lr.Pitch))[x] = 0xffabcdef;
        IDirect3DSurface9_UnlockRect(sys);
    }
    CHECK_HR(IDirect3DDevice9_UpdateSurface(dev, sys, NULL, other, &p), D3D_OK);
    if (SUCCEEDED(IDirect3DSurface9_LockRect(other, &lr, NULL, D3DLOCK_READONLY))) {
        CHECK_EQ_U(((DWORD *)((BYTE *)lr.pBits + 10 * lr.Pitch))[12], 0xff00ff00);
        CHECK_EQ_U(((DWORD *)((BYTE *)lr.pBits + 3 * lr.Pitch))[3], 0xffabcdef);
        CHECK_EQ_U(((DWORD *)((BYTE *)lr.pBits + 7 * lr.Pitch))[7], 0xff405060);
        CHECK_EQ_U(((DWORD *)((BYTE *)lr.pBits + 15 * lr.Pitch))[0], 0x80102030);
        IDirect3DSurface9_UnlockRect(other);
    }
    IDirect3DSurface9_Release(rt);
    IDirect3DSurface9_Release(sys);
    IDirect3DSurface9_Release(other);
    IDirect3DSurface9_Release(plain);
    IDirect3DDevice9_Release(dev);
}

/* Packed 4:2:2 YUV plain surfaces StretchRect to RGB. Expected colours
 * from Microsoft's "YUV to RGB" conversion for 8-bit BT.601 studio range:
 * C = Y - 16, D = U - 128, E = V - 128, R = (298C + 409E + 128) >> 8,
 * G = (298C - 100D - 208E + 128) >> 8, B = (298C + 516D + 128) >> 8,
 * each clipped to 0..255. A macropixel is two texels sharing U and V. */
TEST(yuv_surfaces)
{
    static const struct {
        D3DFORMAT format;
        BYTE bytes[2][4]; /* a macropixel of the left half, of the right */
    } cases[] = {
        /* left: Y0 81, Y1 128, U 90, V 240; right: Y 128, U 64, V 200 */
        {D3DFMT_YUY2, {{81, 90, 128, 240}, {128, 64, 128, 200}}},
        {D3DFMT_UYVY, {{90, 81, 240, 128}, {64, 128, 200, 128}}},
    };
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    IDirect3DSurface9 *rt = NULL;
    if (!dev)
        return;
    IDirect3DDevice9_CreateRenderTarget(dev, 16, 4, D3DFMT_X8R8G8B8, 0, 0, FALSE, &rt, NULL);
    for (UINT i = 0; rt && i < sizeof(cases) / sizeof(cases[0]); i++) {
        IDirect3DSurface9 *yuv = NULL;
        D3DLOCKED_RECT lr;
        RECT odd = {1, 0, 3, 2};
        CHECK_HR(IDirect3D9_CheckDeviceFormatConversion(d3d, 0, D3DDEVTYPE_HAL, cases[i].format, D3DFMT_X8R8G8B8), D3D_OK);
        CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 8, 2, cases[i].format, D3DPOOL_DEFAULT, &yuv, NULL),
                 D3D_OK);
        if (!yuv)
            continue;
        /* A lock's pitch counts bytes: four per macropixel of two texels;
         * rectangles start on a macropixel. */
        CHECK_HR(IDirect3DSurface9_LockRect(yuv, &lr, &odd, 0), D3DERR_INVALIDCALL);
        if (SUCCEEDED(IDirect3DSurface9_LockRect(yuv, &lr, NULL, 0))) {
            CHECK(lr.Pitch >= 16, "pitch %d", lr.Pitch);
            for (UINT y = 0; y < 2; y++)
                for (UINT m = 0; m < 4; m++)
                    memcpy((BYTE *)lr.pBits + y * lr.Pitch + 4 * m, cases[i].bytes[m >= 2], 4);
            IDirect3DSurface9_UnlockRect(yuv);
        }
        /* Doubled: each texel covers 2x2 pixels. */
        CHECK_HR(IDirect3DDevice9_StretchRect(dev, yuv, NULL, rt, NULL, D3DTEXF_POINT), D3D_OK);
        /* Y 81: C 65, D -38, E 112 -> R 255, G 0, B 0 (clipped). */
        CHECK_EQ_U(rt_pixel(dev, rt, 0, 0), 0xff0000);
        /* Y 128: C 112 -> R 255 (clipped), G 54, B 54. */
        CHECK_EQ_U(rt_pixel(dev, rt, 3, 1), 0xff3636);
        /* Y 128, D -64, E 72: R 245, G 97, B 1. */
        CHECK_EQ_U(rt_pixel(dev, rt, 9, 2), 0xf56101);
        CHECK_EQ_U(rt_pixel(dev, rt, 14, 3), 0xf56101);
        IDirect3DSurface9_Release(yuv);
    }
    if (rt)
        IDirect3DSurface9_Release(rt);
    IDirect3DDevice9_Release(dev);
}

/* ColorFill of a DXT1 plain surface fills whole 4x4 blocks; a rectangle
 * that splits a block is refused. The lock then shows solid blocks. */
TEST(dxt_color_fill)
{
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    IDirect3DSurface9 *dxt = NULL;
    RECT blocks = {4, 4, 8, 8}, split = {5, 5, 7, 7};
    D3DLOCKED_RECT lr;
    if (!dev)
        return;
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 16, 16, D3DFMT_DXT1, D3DPOOL_DEFAULT, &dxt, NULL);
    if (!dxt) {
        CHECK(0, "a DXT1 plain surface");
        IDirect3DDevice9_Release(dev);
        return;
    }
    CHECK_HR(IDirect3DDevice9_ColorFill(dev, dxt, NULL, 0xffff0000), D3D_OK);
    CHECK_HR(IDirect3DDevice9_ColorFill(dev, dxt, &blocks, 0xff0000ff), D3D_OK);
    CHECK_HR(IDirect3DDevice9_ColorFill(dev, dxt, &split, 0xff0000ff), D3DERR_INVALIDCALL);
    if (SUCCEEDED(IDirect3DSurface9_LockRect(dxt, &lr, NULL, D3DLOCK_READONLY))) {
        /* Block (0,0) is red, (1,1) blue: both endpoints the colour in
         * RGB565 (0xf800, 0x001f), every index 0. */
        const DWORD *b00 = lr.pBits, *b11 = (const DWORD *)((BYTE *)lr.pBits + lr.Pitch + 8);
        CHECK_EQ_U(b00[0], 0xf800f800);
        CHECK_EQ_U(b00[1], 0);
        CHECK_EQ_U(b11[0], 0x001f001f);
        CHECK_EQ_U(b11[1], 0);
        IDirect3DSurface9_UnlockRect(dxt);
    }
    IDirect3DSurface9_Release(dxt);
    IDirect3DDevice9_Release(dev);
}

/* UpdateTexture between textures the documentation calls mismatched:
 * Windows' drivers accept them (Wine's test_updatetexture, run on
 * Windows) and copy what matches: the levels both have, bytes as they
 * are between formats of one texel size. */
TEST(update_texture_mismatch)
{
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    IDirect3DTexture9 *src = NULL, *small = NULL, *dst = NULL;
    IDirect3DSurface9 *lvl = NULL;
    D3DLOCKED_RECT lr;
    if (!dev)
        return;
    IDirect3DDevice9_CreateTexture(dev, 8, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, &src, NULL);
    IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &small, NULL);
    /* Two levels and another format of four bytes a texel. */
    IDirect3DDevice9_CreateTexture(dev, 8, 8, 2, D3DUSAGE_RENDERTARGET, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT, &dst, NULL);
    if (!src || !small || !dst) {
        CHECK(0, "textures");
        return;
    }
    if (SUCCEEDED(IDirect3DTexture9_LockRect(src, 0, &lr, NULL, 0))) {
        for (UINT y = 0; y < 8; y++)
            for (UINT x = 0; x < 8; x++)
                ((DWORD *)((BYTE *)lr.pBits + y * lr.Pitch))[x] = 0x80123456;
        IDirect3DTexture9_UnlockRect(src, 0);
    }
    CHECK_HR(IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)src, (IDirect3DBaseTexture9 *)dst), D3D_OK);
    IDirect3DTexture9_GetSurfaceLevel(dst, 0, &lvl);
    if (lvl) {
        CHECK_EQ_U(rt_pixel(dev, lvl, 3, 3), 0x123456);
        IDirect3DSurface9_Release(lvl);
    }
    /* No level of the destination's size: accepted, nothing to copy. */
    CHECK_HR(IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)small, (IDirect3DBaseTexture9 *)dst), D3D_OK);
    IDirect3DTexture9_Release(dst);
    IDirect3DTexture9_Release(small);
    IDirect3DTexture9_Release(src);
    IDirect3DDevice9_Release(dev);
}

/* UpdateSurface of a DXT1 level copies whole 4x4 blocks; a partial block
 * only where the rectangle meets its surface's edge, on both sides
 * (Windows, in Wine's update_surface_test). */
TEST(update_surface_blocks)
{
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    IDirect3DTexture9 *src = NULL, *dst = NULL;
    IDirect3DSurface9 *s1 = NULL, *s2 = NULL, *d0 = NULL, *d1 = NULL, *d2 = NULL;
    RECT two = {0, 0, 2, 2};
    if (!dev)
        return;
    IDirect3DDevice9_CreateTexture(dev, 8, 8, 3, 0, D3DFMT_DXT1, D3DPOOL_SYSTEMMEM, &src, NULL);
    IDirect3DDevice9_CreateTexture(dev, 8, 8, 3, 0, D3DFMT_DXT1, D3DPOOL_DEFAULT, &dst, NULL);
    if (!src || !dst) {
        CHECK(0, "DXT1 textures");
        return;
    }
    IDirect3DTexture9_GetSurfaceLevel(src, 1, &s1);
    IDirect3DTexture9_GetSurfaceLevel(src, 2, &s2);
    IDirect3DTexture9_GetSurfaceLevel(dst, 0, &d0);
    IDirect3DTexture9_GetSurfaceLevel(dst, 1, &d1);
    IDirect3DTexture9_GetSurfaceLevel(dst, 2, &d2);
    CHECK_HR(IDirect3DDevice9_UpdateSurface(dev, s1, NULL, d0, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_UpdateSurface(dev, s2, NULL, d2, NULL), D3D_OK);
    /* 2x2 (all of level 2) into the corner of a 4x4 level: a part block. */
    CHECK_HR(IDirect3DDevice9_UpdateSurface(dev, s2, NULL, d1, NULL), D3DERR_INVALIDCALL);
    /* 2x2 out of a 4x4 level: a part block of the source. */
    CHECK_HR(IDirect3DDevice9_UpdateSurface(dev, s1, &two, d2, NULL), D3DERR_INVALIDCALL);
    IDirect3DSurface9_Release(d2);
    IDirect3DSurface9_Release(d1);
    IDirect3DSurface9_Release(d0);
    IDirect3DSurface9_Release(s2);
    IDirect3DSurface9_Release(s1);
    IDirect3DTexture9_Release(dst);
    IDirect3DTexture9_Release(src);
    IDirect3DDevice9_Release(dev);
}

/* StretchRect's rules (the SDK's "StretchRect Restrictions", widened as
 * Windows widens them): between two multisampled render targets of one
 * multisample type it copies; between depth-stencil surfaces it copies the entire surface
 * only, named by NULL or by a rectangle covering it, outside a scene. */
TEST(stretch_rect_multisampled_and_depth)
{
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    IDirect3DSurface9 *ms1 = NULL, *ms2 = NULL, *plain = NULL, *bb = NULL, *ds1 = NULL, *ds2 = NULL, *old_ds = NULL;
    RECT whole = {0, 0, 640, 480}, part = {0, 0, 320, 240}, flipped = {0, 480, 640, 0}, small = {0, 0, 8, 8};
    if (!dev)
        return;
    if (SUCCEEDED(IDirect3D9_CheckDeviceMultiSampleType(d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, D3DFMT_A8R8G8B8, TRUE,
                                                        D3DMULTISAMPLE_4_SAMPLES, NULL))) {
        CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 16, 16, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_4_SAMPLES, 0, FALSE,
                                                     &ms1, NULL),
                 D3D_OK);
        CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 16, 16, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_4_SAMPLES, 0, FALSE,
                                                     &ms2, NULL),
                 D3D_OK);
        CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 16, 16, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE,
                                                     &plain, NULL),
                 D3D_OK);
    }
    IDirect3DDevice9_GetRenderTarget(dev, 0, &bb);
    IDirect3DDevice9_GetDepthStencilSurface(dev, &old_ds);
    if (ms1 && ms2 && plain && bb) {
        IDirect3DDevice9_SetDepthStencilSurface(dev, NULL);
        IDirect3DDevice9_SetRenderTarget(dev, 0, ms1);
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff20c040, 1.0f, 0);
        IDirect3DDevice9_SetRenderTarget(dev, 0, ms2);
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
        IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
        CHECK_HR(IDirect3DDevice9_StretchRect(dev, ms1, NULL, ms2, NULL, D3DTEXF_NONE), D3D_OK);
        CHECK_HR(IDirect3DDevice9_StretchRect(dev, ms2, NULL, plain, NULL, D3DTEXF_NONE), D3D_OK);
        CHECK_EQ_U(rt_pixel(dev, plain, 8, 8), 0x20c040);
        /* Windows also scales into a multisampled target and writes one
         * from a single-sampled surface (Wine's test_multisample_stretch_rect),
         * beyond the SDK's list. */
        CHECK_HR(IDirect3DDevice9_StretchRect(dev, ms1, NULL, ms2, &small, D3DTEXF_POINT), D3D_OK);
        CHECK_HR(IDirect3DDevice9_StretchRect(dev, plain, NULL, ms2, NULL, D3DTEXF_NONE), D3D_OK);
        IDirect3DDevice9_SetDepthStencilSurface(dev, old_ds);
    }
    CHECK_HR(IDirect3DDevice9_CreateDepthStencilSurface(dev, 640, 480, D3DFMT_D24S8, D3DMULTISAMPLE_NONE, 0, FALSE, &ds1,
                                                        NULL),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateDepthStencilSurface(dev, 640, 480, D3DFMT_D24S8, D3DMULTISAMPLE_NONE, 0, FALSE, &ds2,
                                                        NULL),
             D3D_OK);
    if (ds1 && ds2) {
        struct tl q[4] = {{0, 0, 0.5f, 1, 0xffff0000}, {640, 0, 0.5f, 1, 0xffff0000}, {0, 480, 0.5f, 1, 0xffff0000},
                          {640, 480, 0.5f, 1, 0xffff0000}};
        IDirect3DDevice9_SetDepthStencilSurface(dev, ds1);
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_ZBUFFER, 0, 0.25f, 0);
        IDirect3DDevice9_SetDepthStencilSurface(dev, ds2);
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0, 1.0f, 0);
        CHECK_HR(IDirect3DDevice9_StretchRect(dev, ds1, &part, ds2, &part, D3DTEXF_NONE), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9_StretchRect(dev, ds1, &whole, ds2, &flipped, D3DTEXF_NONE), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9_StretchRect(dev, ds1, &whole, ds2, &whole, D3DTEXF_NONE), D3D_OK);
        /* ds2 now holds 0.25: a square at 0.5 with LESS fails. */
        IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_TRUE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZFUNC, D3DCMP_LESS);
        IDirect3DDevice9_SetFVF(dev, FVF_TL);
        IDirect3DDevice9_BeginScene(dev);
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
        CHECK_HR(IDirect3DDevice9_StretchRect(dev, ds1, NULL, ds2, NULL, D3DTEXF_NONE), D3DERR_INVALIDCALL);
        IDirect3DDevice9_EndScene(dev);
        CHECK_EQ_U(bb_pixel(dev, 320, 240), 0x000000);
        IDirect3DDevice9_SetDepthStencilSurface(dev, old_ds);
    }
    if (ds2)
        IDirect3DSurface9_Release(ds2);
    if (ds1)
        IDirect3DSurface9_Release(ds1);
    if (old_ds)
        IDirect3DSurface9_Release(old_ds);
    if (bb)
        IDirect3DSurface9_Release(bb);
    if (plain)
        IDirect3DSurface9_Release(plain);
    if (ms2)
        IDirect3DSurface9_Release(ms2);
    if (ms1)
        IDirect3DSurface9_Release(ms1);
    IDirect3DDevice9_Release(dev);
}

/* A multisampled depth-stencil surface StretchRects into a single-sampled
 * one of its size and format: its depth resolved (Windows, Wine's
 * multisampled_depth_buffer_test). A square at 0.25 over the left half of
 * a 2-sample target and depth, resolved into the device's own depth
 * buffer, holds back a whole-target square at 0.5 drawn into the back
 * buffer there, and only there. */
TEST(stretch_rect_multisampled_depth_resolves)
{
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    IDirect3DSurface9 *ms_rt = NULL, *ms_ds = NULL, *bb = NULL, *ds = NULL;
    if (!dev)
        return;
    if (FAILED(IDirect3D9_CheckDeviceMultiSampleType(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_A8R8G8B8, TRUE,
                                                     D3DMULTISAMPLE_2_SAMPLES, NULL)) ||
        FAILED(IDirect3D9_CheckDeviceMultiSampleType(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_D24S8, TRUE,
                                                     D3DMULTISAMPLE_2_SAMPLES, NULL))) {
        IDirect3DDevice9_Release(dev);
        return;
    }
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 640, 480, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_2_SAMPLES, 0, FALSE,
                                                 &ms_rt, NULL),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateDepthStencilSurface(dev, 640, 480, D3DFMT_D24S8, D3DMULTISAMPLE_2_SAMPLES, 0,
                                                        FALSE, &ms_ds, NULL),
             D3D_OK);
    IDirect3DDevice9_GetRenderTarget(dev, 0, &bb);
    IDirect3DDevice9_GetDepthStencilSurface(dev, &ds);
    if (ms_rt && ms_ds && bb && ds) {
        IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_TRUE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZWRITEENABLE, TRUE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZFUNC, D3DCMP_LESS);
        IDirect3DDevice9_SetFVF(dev, FVF_TL);
        IDirect3DDevice9_SetRenderTarget(dev, 0, ms_rt);
        IDirect3DDevice9_SetDepthStencilSurface(dev, ms_ds);
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff00ff00, 1.0f, 0);
        IDirect3DDevice9_BeginScene(dev);
        rect_tl(dev, 0, 0, 320, 480, 0.25f, 0xff00ff00);
        IDirect3DDevice9_EndScene(dev);
        /* Into a multisampled destination only from its own multisampling. */
        CHECK_HR(IDirect3DDevice9_StretchRect(dev, ds, NULL, ms_ds, NULL, D3DTEXF_NONE), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9_StretchRect(dev, ms_ds, NULL, ds, NULL, D3DTEXF_POINT), D3D_OK);
        IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
        IDirect3DDevice9_SetDepthStencilSurface(dev, ds);
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff0000ff, 1.0f, 0);
        IDirect3DDevice9_BeginScene(dev);
        rect_tl(dev, 0, 0, 640, 480, 0.5f, 0xffff0000);
        IDirect3DDevice9_EndScene(dev);
        CHECK_EQ_U(bb_pixel(dev, 80, 100), 0x0000ff);
        CHECK_EQ_U(bb_pixel(dev, 240, 450), 0x0000ff);
        CHECK_EQ_U(bb_pixel(dev, 400, 100), 0xff0000);
        CHECK_EQ_U(bb_pixel(dev, 560, 450), 0xff0000);
    }
    if (ds)
        IDirect3DSurface9_Release(ds);
    if (bb)
        IDirect3DSurface9_Release(bb);
    if (ms_ds)
        IDirect3DSurface9_Release(ms_ds);
    if (ms_rt)
        IDirect3DSurface9_Release(ms_rt);
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
}

static const struct harness_test tests[] = {
    T(color_fill),      T(stretch_rect),  T(update_surface_and_texture), T(update_texture_to_dynamic_reads_back), T(render_to_texture_then_sample),
    T(plain_surface_locks), T(yuv_surfaces), T(dxt_color_fill), T(update_texture_mismatch),
    T(update_surface_blocks),
    T(stretch_rect_multisampled_and_depth), T(stretch_rect_multisampled_depth_resolves),
    T(stretch_rect_multisampled),
};

int main(void)
{
    return RUN_TESTS_SHARED(tests, &d3d, &window);
}
