/* Viewports and clears against targets of other sizes: a viewport larger
 * than the render target (D3D9 allows it and maps vertices through the
 * whole viewport, showing the part on the target), the depth range of a
 * viewport whose MinZ and MaxZ meet, and clears of bound surfaces of
 * different sizes. Expected pixels are worked out from D3D9's viewport
 * mapping: window x = X + (x + 1) * Width / 2, y = Y + (1 - y) * Height / 2,
 * depth = MinZ + z * (MaxZ - MinZ). */
#include "draw_util.h"

static IDirect3D9 *d3d;
static HWND window;

/* The quad Wine's test_viewport draws: x -1.5..0.5, y -0.5..0.5, at z. */
static void quad(IDirect3DDevice9 *dev, float z)
{
    struct xyz v[4] = {{-1.5f, -0.5f, z, 0xffffff}, {-1.5f, 0.5f, z, 0xffffff}, {0.5f, -0.5f, z, 0xffffff},
                       {0.5f, 0.5f, z, 0xffffff}};
    IDirect3DDevice9_SetFVF(dev, FVF_XYZ);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0]));
}

/* Draws the quad under vp on black and checks that exactly pixels l..r by
 * t..b (inclusive) are white, at their corners and just outside them. */
static void check_quad(IDirect3DDevice9 *dev, D3DVIEWPORT9 vp, int l, int t, int r, int b, const char *what)
{
    struct readback rb;
    D3DVIEWPORT9 got;
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0);
    CHECK_HR(IDirect3DDevice9_SetViewport(dev, &vp), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetViewport(dev, &got), D3D_OK);
    CHECK(got.Width == vp.Width && got.Height == vp.Height && got.X == vp.X && got.Y == vp.Y,
          "%s: GetViewport gives %lux%lu at (%lu,%lu)", what, got.Width, got.Height, got.X, got.Y);
    IDirect3DDevice9_BeginScene(dev);
    quad(dev, 0.5f);
    IDirect3DDevice9_EndScene(dev);
    read_back(dev, NULL, &rb);
    const int in[4][2] = {{l, t}, {r, t}, {l, b}, {r, b}};
    const int out[4][2] = {{l - 1, t}, {r + 1, b}, {l, t - 1}, {r, b + 1}};
    for (int i = 0; i < 4; i++) {
        D3DCOLOR c = rb_pixel(&rb, in[i][0], in[i][1]);
        CHECK(c == 0xffffff, "%s: pixel (%d,%d) = %06lx, want white", what, in[i][0], in[i][1], (unsigned long)c);
        if (out[i][0] < 0 || out[i][0] > 639 || out[i][1] < 0 || out[i][1] > 479)
            continue;
        c = rb_pixel(&rb, out[i][0], out[i][1]);
        CHECK(c == 0, "%s: pixel (%d,%d) = %06lx, want black", what, out[i][0], out[i][1], (unsigned long)c);
    }
    rb_release(&rb);
}

TEST(viewport_larger_than_target)
{
    IDirect3DDevice9 *dev = unlit_device(d3d, window);
    if (!dev)
        return;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, FALSE);
    /* 640x480: x -1.5..0.5 is -160..479, y 0.5..-0.5 is 120..359. */
    check_quad(dev, (D3DVIEWPORT9){0, 0, 640, 480, 0, 1}, 0, 120, 479, 359, "640x480");
    /* 1280x960 on the 640x480 back buffer: x -320..959, y 240..719, so
     * the target shows 0..639 by 240..479. */
    check_quad(dev, (D3DVIEWPORT9){0, 0, 1280, 960, 0, 1}, 0, 240, 639, 479, "1280x960");
    /* 2000x1600: y 400..1199. */
    check_quad(dev, (D3DVIEWPORT9){0, 0, 2000, 1600, 0, 1}, 0, 400, 639, 479, "2000x1600");
    /* 640x480 at (100, 100), running off the right and bottom edges: x
     * 100 + (-160..479) cut at the viewport's left edge 100, y 220..459. */
    check_quad(dev, (D3DVIEWPORT9){100, 100, 640, 480, 0, 1}, 100, 220, 579, 459, "640x480 at (100,100)");
    /* A Clear under a viewport larger than the target clears the target. */
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0x00ff00, 1.0f, 0), D3D_OK);
    CHECK_PIXEL(dev, 639, 479, 0x00ff00, "clear under a 640x480 viewport at (100,100)");
    CHECK_PIXEL(dev, 100, 100, 0x00ff00, "clear under a 640x480 viewport at (100,100)");
    CHECK_PIXEL(dev, 99, 99, 0x000000, "outside the viewport");
    IDirect3DDevice9_Release(dev);
}

/* Whether the quad at z = 1 drawn under vp passes the depth test against
 * a depth buffer cleared to clear_z with func. */
static BOOL quad_passes(IDirect3DDevice9 *dev, D3DVIEWPORT9 vp, float clear_z, D3DCMPFUNC func)
{
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0, clear_z, 0);
    IDirect3DDevice9_SetViewport(dev, &vp);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZFUNC, func);
    IDirect3DDevice9_BeginScene(dev);
    quad(dev, 1.0f);
    IDirect3DDevice9_EndScene(dev);
    return bb_pixel(dev, 240, 240) == 0xffffff;
}

TEST(viewport_depth_range_floor)
{
    IDirect3DDevice9 *dev = unlit_device(d3d, window);
    if (!dev)
        return;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_TRUE);
    /* The documentation leaves a viewport with MinZ = MaxZ (or MaxZ below
     * MinZ) open; Windows drivers put the far plane at MinZ + 0.001
     * (Wine's test_viewport): z = 1 lands at 0.001 for MinZ = MaxZ = 0,
     * at 0.501 for MinZ 0.5, MaxZ 0. */
    static const struct {
        float minz, maxz, depth;
    } cases[] = {{0, 0, 0.001f}, {0.5f, 0, 0.501f}, {0.25f, 0.75f, 0.75f}};
    for (int i = 0; i < 3; i++) {
        D3DVIEWPORT9 vp = {0, 0, 640, 480, cases[i].minz, cases[i].maxz};
        CHECK(quad_passes(dev, vp, cases[i].depth - 0.0001f, D3DCMP_GREATER), "MinZ %.2f MaxZ %.2f: depth not above %.4f",
              (double)cases[i].minz, (double)cases[i].maxz, (double)(cases[i].depth - 0.0001f));
        CHECK(quad_passes(dev, vp, cases[i].depth + 0.0001f, D3DCMP_LESS), "MinZ %.2f MaxZ %.2f: depth not below %.4f",
              (double)cases[i].minz, (double)cases[i].maxz, (double)(cases[i].depth + 0.0001f));
    }
    IDirect3DDevice9_Release(dev);
}

TEST(clear_surfaces_of_different_sizes)
{
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    IDirect3DSurface9 *rt = NULL, *rt2 = NULL, *ds = NULL;
    D3DLOCKED_RECT lr;
    D3DCAPS9 caps;
    if (!dev)
        return;
    IDirect3DDevice9_GetDeviceCaps(dev, &caps);
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 1, 1, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, TRUE, &rt, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 1, 2, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, TRUE, &rt2, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateDepthStencilSurface(dev, 4, 4, D3DFMT_D16_LOCKABLE, D3DMULTISAMPLE_NONE, 0, FALSE, &ds, NULL),
             D3D_OK);
    if (!rt || !rt2 || !ds)
        goto done;
    IDirect3DDevice9_SetDepthStencilSurface(dev, ds);
    IDirect3DDevice9_SetRenderTarget(dev, 0, rt);
    if (caps.NumSimultaneousRTs >= 2)
        IDirect3DDevice9_SetRenderTarget(dev, 1, rt2);
    /* A clear covers the viewport (here larger than everything) within
     * each surface's own size: the 4x4 depth buffer is cleared whole,
     * though the render targets are 1x1 and 1x2. */
    D3DVIEWPORT9 vp = {0, 0, 640, 640, 0, 1};
    CHECK_HR(IDirect3DDevice9_SetViewport(dev, &vp), D3D_OK);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xffff0000, 0.5f, 0), D3D_OK);
    CHECK(rt_pixel(dev, rt, 0, 0) == 0xff0000, "1x1 target: %06lx", (unsigned long)rt_pixel(dev, rt, 0, 0));
    if (caps.NumSimultaneousRTs >= 2)
        CHECK(rt_pixel(dev, rt2, 0, 1) == 0xff0000, "1x2 target's second pixel: %06lx", (unsigned long)rt_pixel(dev, rt2, 0, 1));
    if (SUCCEEDED(IDirect3DSurface9_LockRect(ds, &lr, NULL, D3DLOCK_READONLY))) {
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 4; x++) {
                int d = ((WORD *)((BYTE *)lr.pBits + y * lr.Pitch))[x];
                /* 0.5 in 16 bits: 0x7fff or 0x8000 */
                CHECK(d >= 0x7ffe && d <= 0x8001, "depth at (%d,%d) = %#x, want 0.5", x, y, d);
            }
        IDirect3DSurface9_UnlockRect(ds);
    } else {
        CHECK(0, "LockRect of the D16_LOCKABLE surface failed");
    }
done:
    IDirect3DDevice9_SetRenderTarget(dev, 1, NULL);
    if (rt)
        IDirect3DSurface9_Release(rt);
    if (rt2)
        IDirect3DSurface9_Release(rt2);
    if (ds)
        IDirect3DSurface9_Release(ds);
    IDirect3DDevice9_Release(dev);
}

TEST(clear_after_a_draw)
{
    IDirect3DDevice9 *dev = tl_device(d3d, window, 0);
    D3DRECT r = {100, 100, 200, 200};
    if (!dev)
        return;
    /* Clears between draws of one scene, after a draw under back-face
     * culling (D3DCULL_CCW, the default): the whole target, then a
     * rectangle. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_CCW);
    rect_tl(dev, 0, 0, 640, 480, 0.5f, 0xff0000);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff0000ff, 1.0f, 0), D3D_OK);
    rect_tl(dev, 0, 0, 50, 50, 0.5f, 0xff0000);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 1, &r, D3DCLEAR_TARGET, 0xff00ff00, 1.0f, 0), D3D_OK);
    IDirect3DDevice9_EndScene(dev);
    CHECK_PIXEL(dev, 25, 25, 0xff0000, "drawn after the clear");
    CHECK_PIXEL(dev, 320, 240, 0x0000ff, "whole clear after a draw");
    CHECK_PIXEL(dev, 150, 150, 0x00ff00, "rectangle clear after a draw");
    IDirect3DDevice9_Release(dev);
}

static const struct harness_test tests[] = {
    T(viewport_larger_than_target),
    T(viewport_depth_range_floor),
    T(clear_surfaces_of_different_sizes),
    T(clear_after_a_draw),
};

int main(void)
{
    return RUN_TESTS_SHARED(tests, &d3d, &window);
}
