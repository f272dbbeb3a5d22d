/* Render passes kept open across draws: many draws, clears between
 * draws, and switches between render targets must leave exactly the
 * pixels the same calls make one by one. Colours are 0x00 or 0xff per
 * channel, so the checks are exact. */
#include "draw_util.h"

static IDirect3D9 *d3d;
static HWND window;

static IDirect3DDevice9 *begin(D3DCOLOR clear) { return tl_device(d3d, window, clear); }

static D3DCOLOR at(IDirect3DDevice9 *dev, IDirect3DSurface9 *s, int x, int y)
{
    IDirect3DSurface9 *bb = NULL;
    D3DCOLOR c;
    if (!s) {
        IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb);
        s = bb;
    }
    c = s ? rt_pixel(dev, s, x, y) : 0xdeadbeef;
    if (bb)
        IDirect3DSurface9_Release(bb);
    return c;
}

#define CHECK_AT(dev, s, x, y, want)                                                                                   \
    do {                                                                                                               \
        D3DCOLOR got_ = at(dev, s, x, y);                                                                              \
        CHECK(got_ == (want), "pixel (%d,%d) = %06lx, want %06lx", x, y, (unsigned long)got_, (unsigned long)(want)); \
    } while (0)

static D3DCOLOR grid_color(int i)
{
    static const D3DCOLOR c[6] = {0xff0000, 0x00ff00, 0x0000ff, 0xffff00, 0x00ffff, 0xff00ff};
    return c[i % 6];
}

TEST(many_draws_then_readback)
{
    IDirect3DDevice9 *dev = begin(0x000000);
    if (!dev)
        return;
    /* 200 quads of 8x8 in a 20x10 grid, every fifth one scissored to its
     * left half and every seventh in wireframe, state that must not leak
     * into the next draw. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
    for (int i = 0; i < 200; i++) {
        float x = (float)(i % 20) * 16, y = (float)(i / 20) * 16;
        RECT sc = {(LONG)x, (LONG)y, (LONG)x + 4, (LONG)y + 8};
        IDirect3DDevice9_SetScissorRect(dev, &sc);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_SCISSORTESTENABLE, i % 5 == 0);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_FILLMODE, i % 7 == 0 ? D3DFILL_WIREFRAME : D3DFILL_SOLID);
        rect_tl(dev, x, y, x + 8, y + 8, 0.5f, grid_color(i));
    }
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SCISSORTESTENABLE, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FILLMODE, D3DFILL_SOLID);
    IDirect3DDevice9_EndScene(dev);
    for (int i = 1; i < 200; i += 3) {
        int x = (i % 20) * 16, y = (i / 20) * 16;
        if (i % 7 == 0)
            continue;
        CHECK_AT(dev, NULL, x + 6, y + 4, i % 5 == 0 ? 0x000000 : grid_color(i));
        CHECK_AT(dev, NULL, x + 1, y + 4, grid_color(i));
        CHECK_AT(dev, NULL, x + 12, y + 4, 0x000000);
    }
    /* Wireframe draws only the edges. */
    CHECK_AT(dev, NULL, 7 * 16 + 5, 5, 0x000000);
    IDirect3DDevice9_Release(dev);
}

TEST(clear_draw_partial_clear_draw)
{
    IDirect3DDevice9 *dev = begin(0xff0000);
    D3DRECT r = {100, 100, 200, 200};
    if (!dev)
        return;
    rect_tl(dev, 0, 0, 320, 240, 0.5f, 0x00ff00);
    IDirect3DDevice9_Clear(dev, 1, &r, D3DCLEAR_TARGET, 0x0000ff, 1.0f, 0);
    rect_tl(dev, 150, 150, 250, 250, 0.5f, 0xffffff);
    /* A depth-only clear between draws keeps the colour. */
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_ZBUFFER, 0, 0.0f, 0);
    rect_tl(dev, 400, 400, 500, 450, 0.5f, 0xffff00); /* fails the depth test now */
    IDirect3DDevice9_EndScene(dev);
    CHECK_AT(dev, NULL, 10, 10, 0x00ff00);
    CHECK_AT(dev, NULL, 120, 120, 0x0000ff);
    CHECK_AT(dev, NULL, 199, 120, 0x0000ff);
    CHECK_AT(dev, NULL, 170, 170, 0xffffff);
    CHECK_AT(dev, NULL, 230, 230, 0xffffff);
    CHECK_AT(dev, NULL, 300, 120, 0x00ff00);
    CHECK_AT(dev, NULL, 400, 300, 0xff0000);
    CHECK_AT(dev, NULL, 450, 420, 0xff0000);
    IDirect3DDevice9_Release(dev);
}

TEST(switching_targets_back_and_forth)
{
    IDirect3DDevice9 *dev = begin(0x000000);
    IDirect3DTexture9 *tex = NULL;
    IDirect3DSurface9 *bb = NULL, *rt = NULL;
    struct {
        float x, y, z, rhw, u, v;
    } q[4] = {{400, 0, 0.5f, 1, 0, 0}, {464, 0, 0.5f, 1, 1, 0}, {400, 64, 0.5f, 1, 0, 1}, {464, 64, 0.5f, 1, 1, 1}};
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 64, 64, 1, D3DUSAGE_RENDERTARGET, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT, &tex, NULL),
             D3D_OK);
    IDirect3DDevice9_GetRenderTarget(dev, 0, &bb);
    if (tex)
        IDirect3DTexture9_GetSurfaceLevel(tex, 0, &rt);
    if (!rt || !bb)
        goto done;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
    for (int i = 0; i < 3; i++) {
        IDirect3DDevice9_SetRenderTarget(dev, 0, rt);
        if (i == 0)
            IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0x00ffff, 1.0f, 0);
        rect_tl(dev, (float)i * 16, 0, (float)i * 16 + 16, 16, 0.5f, grid_color(i));
        IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
        rect_tl(dev, (float)i * 32, 0, (float)i * 32 + 32, 32, 0.5f, grid_color(i + 3));
    }
    /* The texture, drawn into three times, sampled onto the back buffer. */
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_TEX1);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DDevice9_EndScene(dev);
    for (int i = 0; i < 3; i++) {
        CHECK_AT(dev, rt, i * 16 + 8, 8, grid_color(i));
        CHECK_AT(dev, NULL, i * 32 + 16, 16, grid_color(i + 3));
        CHECK_AT(dev, NULL, 400 + i * 16 + 8, 8, grid_color(i));
    }
    CHECK_AT(dev, rt, 60, 60, 0x00ffff);
    CHECK_AT(dev, NULL, 460, 60, 0x00ffff);
    CHECK_AT(dev, NULL, 200, 200, 0x000000);
done:
    if (rt)
        IDirect3DSurface9_Release(rt);
    if (bb)
        IDirect3DSurface9_Release(bb);
    if (tex)
        IDirect3DTexture9_Release(tex);
    IDirect3DDevice9_Release(dev);
}

static const struct harness_test tests[] = {
    T(many_draws_then_readback),
    T(clear_draw_partial_clear_draw),
    T(switching_targets_back_and_forth),
};

int main(void)
{
    return RUN_TESTS_SHARED(tests, &d3d, &window);
}
