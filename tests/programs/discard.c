/* Depth-stencil surfaces made with discarding on
 * (D3DPRESENTFLAG_DISCARD_DEPTHSTENCIL, CreateDepthStencilSurface with
 * Discard=TRUE): their contents are undefined only after a Present or
 * after another depth-stencil surface is bound, so a depth test still sees
 * what the frame wrote across a readback and a render target switch.
 * A square at 0.75 against a depth cleared to 0.5 (ZFUNC LESS) must not
 * show; one at 0.25 must. Colours are exact (no blending): tolerance 0. */
#include "draw_util.h"

static IDirect3D9 *d3d;
static HWND window;

#define RED 0xffff0000u
#define GREEN 0xff00ff00u
#define BACKGROUND 0x000000u

static void square(IDirect3DDevice9 *dev, int cx, float z, D3DCOLOR c)
{
    struct tl q[4];
    for (int i = 0; i < 4; i++) {
        q[i].x = (float)(cx * 20 + (i & 1) * 20);
        q[i].y = (float)((i >> 1) * 20);
        q[i].z = z;
        q[i].rhw = 1;
        q[i].c = c;
    }
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])), D3D_OK);
}

static IDirect3DDevice9 *begin(DWORD pp_flags)
{
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, pp_flags);
    if (!dev)
        return NULL;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZFUNC, D3DCMP_LESS);
    IDirect3DDevice9_SetFVF(dev, FVF_TL);
    return dev;
}

/* The depth cleared to 0.5 holds across a readback in the same frame,
 * and the device draws on after a Present. */
static void test_auto_discard(void)
{
    IDirect3DDevice9 *dev = begin(D3DPRESENTFLAG_DISCARD_DEPTHSTENCIL);
    if (!dev)
        return;
    for (int frame = 0; frame < 2; frame++) {
        CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, BACKGROUND, 0.5f, 0), D3D_OK);
        IDirect3DDevice9_BeginScene(dev);
        square(dev, 0, 0.75f, RED);
        IDirect3DDevice9_EndScene(dev);
        CHECK_PIXEL_TOL(dev, 10, 10, BACKGROUND, 0, "behind the cleared depth");
        IDirect3DDevice9_BeginScene(dev);
        square(dev, 1, 0.75f, RED);
        square(dev, 2, 0.25f, GREEN);
        IDirect3DDevice9_EndScene(dev);
        CHECK_PIXEL_TOL(dev, 30, 10, BACKGROUND, 0, "after a readback, behind the kept depth");
        CHECK_PIXEL_TOL(dev, 50, 10, GREEN & 0xffffff, 0, "in front of the kept depth");
        CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
    }
    IDirect3DDevice9_Release(dev);
}

/* A Discard=TRUE surface keeps its depth across a render target switch. */
static void test_standalone_discard(void)
{
    IDirect3DDevice9 *dev = begin(0);
    IDirect3DSurface9 *ds = NULL, *rt = NULL, *bb = NULL;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateDepthStencilSurface(dev, 640, 480, D3DFMT_D24S8, D3DMULTISAMPLE_NONE, 0, TRUE, &ds,
                                                        NULL),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 640, 480, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &rt, NULL),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb), D3D_OK);
    if (ds && rt && bb) {
        CHECK_HR(IDirect3DDevice9_SetDepthStencilSurface(dev, ds), D3D_OK);
        CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, BACKGROUND, 0.5f, 0), D3D_OK);
        IDirect3DDevice9_BeginScene(dev);
        square(dev, 0, 0.75f, RED);
        CHECK_HR(IDirect3DDevice9_SetRenderTarget(dev, 0, rt), D3D_OK);
        square(dev, 0, 0.25f, GREEN);
        CHECK_HR(IDirect3DDevice9_SetRenderTarget(dev, 0, bb), D3D_OK);
        square(dev, 1, 0.75f, RED);
        square(dev, 2, 0.25f, GREEN);
        IDirect3DDevice9_EndScene(dev);
        CHECK_PIXEL_TOL(dev, 10, 10, BACKGROUND, 0, "behind the cleared depth");
        CHECK_PIXEL_TOL(dev, 30, 10, BACKGROUND, 0, "after a target switch, behind the kept depth");
        CHECK_PIXEL_TOL(dev, 50, 10, GREEN & 0xffffff, 0, "after a target switch, in front of the kept depth");
        CHECK(rt_pixel(dev, rt, 10, 10) == (GREEN & 0xffffff), "the other target: %06lx",
              (unsigned long)rt_pixel(dev, rt, 10, 10));
        CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
    }
    if (bb)
        IDirect3DSurface9_Release(bb);
    if (rt)
        IDirect3DSurface9_Release(rt);
    if (ds) {
        IDirect3DDevice9_SetDepthStencilSurface(dev, NULL);
        IDirect3DSurface9_Release(ds);
    }
    IDirect3DDevice9_Release(dev);
}

static const struct harness_test tests[] = {T(auto_discard), T(standalone_discard)};

int main(void)
{
    return RUN_TESTS_SHARED(tests, &d3d, &window);
}
