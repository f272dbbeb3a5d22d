/* Render states that change what a draw rasterises (docs/render-states.md):
 * D3DRS_MULTISAMPLEMASK writes only the samples whose bit is set, and
 * MULTISAMPLEANTIALIAS FALSE covers every sample as the pixel centre; a
 * depth buffer of another sample count leaves colour alone;
 * D3DFILL_POINT draws the vertices of the triangles culling keeps as
 * points; D3DRS_LASTPIXEL TRUE (the default) draws each line's last pixel
 * and FALSE leaves it out. Every draw is pre-transformed white on black;
 * D3D9 pixel centres are at integer coordinates, so a vertex at (x, y)
 * lies in pixel (x, y). Tolerance: 2 per 8-bit channel (exact pixels
 * apart from the resolve). */
#include "draw_util.h"

/* A 4-sample target cleared to black, a white square drawn with a mask,
 * resolved: the grey level is the share of samples the mask keeps. A
 * mask that keeps none draws nothing; one with every bit draws white. */
TEST(multisample)
{
    struct test_ctx c;
    IDirect3DSurface9 *ms = NULL, *res = NULL, *rt = NULL, *ds = NULL;
    if (!test_setup(&c))
        return;
    if (!ms_targets(&c, &ms, &res, &rt, &ds)) {
        test_teardown(&c);
        return;
    }
    if (ms && res && rt) {
        static const struct {
            DWORD mask;
            D3DCOLOR want;
        } cases[] = {{0x3, 0x808080}, {0x8, 0x404040}, {0xfffffff0, 0x000000}, {0xffffffff, 0xffffff}};
        IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ZENABLE, D3DZB_FALSE);
        IDirect3DDevice9_SetRenderState(c.dev, D3DRS_LIGHTING, FALSE);
        IDirect3DDevice9_SetFVF(c.dev, FVF_TL);
        for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
            DWORD got;
            IDirect3DDevice9_SetRenderState(c.dev, D3DRS_MULTISAMPLEMASK, cases[i].mask);
            IDirect3DDevice9_SetRenderTarget(c.dev, 0, ms);
            IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0);
            IDirect3DDevice9_BeginScene(c.dev);
            rect_tl(c.dev, 0, 0, 64, 64, 0.5f, 0xffffffff);
            IDirect3DDevice9_EndScene(c.dev);
            IDirect3DDevice9_SetRenderTarget(c.dev, 0, rt);
            CHECK_HR(IDirect3DDevice9_StretchRect(c.dev, ms, NULL, res, NULL, D3DTEXF_NONE), D3D_OK);
            got = rt_pixel(c.dev, res, 32, 32);
            CHECK(near_color(got, cases[i].want, PIXEL_TOL), "mask %08lx: %06lx, want %06lx",
                  (unsigned long)cases[i].mask, (unsigned long)got, (unsigned long)cases[i].want);
        }
        IDirect3DDevice9_SetRenderState(c.dev, D3DRS_MULTISAMPLEMASK, 0xffffffff);
        /* MULTISAMPLEANTIALIAS: the edge x + y = 32.125 crosses pixel
         * (16, 16), whose centre is inside and two of whose four samples
         * (D3D9's standard pattern) are: grey antialiased, white with
         * every sample taking the centre's coverage. */
        for (int aa = 1; aa >= 0; aa--) {
            const struct tl tri[3] = {
                {0, 0, 0.5f, 1, 0xffffffff}, {32.125f, 0, 0.5f, 1, 0xffffffff}, {0, 32.125f, 0.5f, 1, 0xffffffff}};
            DWORD got;
            IDirect3DDevice9_SetRenderState(c.dev, D3DRS_MULTISAMPLEANTIALIAS, aa);
            IDirect3DDevice9_SetRenderTarget(c.dev, 0, ms);
            IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0);
            IDirect3DDevice9_BeginScene(c.dev);
            IDirect3DDevice9_DrawPrimitiveUP(c.dev, D3DPT_TRIANGLELIST, 1, tri, sizeof(tri[0]));
            IDirect3DDevice9_EndScene(c.dev);
            IDirect3DDevice9_SetRenderTarget(c.dev, 0, rt);
            CHECK_HR(IDirect3DDevice9_StretchRect(c.dev, ms, NULL, res, NULL, D3DTEXF_NONE), D3D_OK);
            got = rt_pixel(c.dev, res, 16, 16);
            CHECK(near_color(got, aa ? 0x808080 : 0xffffff, PIXEL_TOL), "MULTISAMPLEANTIALIAS %d: edge pixel %06lx", aa,
                  (unsigned long)got);
            got = rt_pixel(c.dev, res, 16, 17);
            CHECK(got == 0, "MULTISAMPLEANTIALIAS %d: pixel outside %06lx", aa, (unsigned long)got);
        }
        IDirect3DDevice9_SetRenderState(c.dev, D3DRS_MULTISAMPLEANTIALIAS, TRUE);
    }
    ms_release(&c, ms, res, rt, ds);
    test_teardown(&c);
}

/* Whether back-buffer pixel (x, y) of a readback is white. */
static int white(const struct readback *rb, int x, int y) { return rb_pixel(rb, x, y) == 0xffffff; }

/* A multisampled render target with the single-sampled implicit depth
 * buffer still bound: colour clears and draws without the depth test
 * work as on Windows (Wine's test_multisample_mismatch); what becomes of
 * depth then differs by vendor and is not checked. */
TEST(multisample_depth_mismatch)
{
    struct test_ctx c;
    IDirect3DSurface9 *ms = NULL, *res = NULL, *rt = NULL;
    if (!test_setup(&c))
        return;
    if (FAILED(IDirect3D9_CheckDeviceMultiSampleType(c.d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, D3DFMT_A8R8G8B8, TRUE,
                                                     D3DMULTISAMPLE_2_SAMPLES, NULL))) {
        test_teardown(&c);
        return;
    }
    IDirect3DDevice9_CreateRenderTarget(c.dev, 64, 64, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_2_SAMPLES, 0, FALSE, &ms, NULL);
    IDirect3DDevice9_CreateRenderTarget(c.dev, 64, 64, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &res, NULL);
    IDirect3DDevice9_GetRenderTarget(c.dev, 0, &rt);
    CHECK(ms && res && rt, "render targets not made");
    if (ms && res && rt) {
        IDirect3DDevice9_SetRenderState(c.dev, D3DRS_LIGHTING, FALSE);
        IDirect3DDevice9_SetFVF(c.dev, FVF_TL);
        IDirect3DDevice9_SetRenderTarget(c.dev, 0, ms);
        CHECK_HR(IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff00ff00, 0.5f, 0), D3D_OK);
        IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ZENABLE, D3DZB_FALSE);
        IDirect3DDevice9_BeginScene(c.dev);
        rect_tl(c.dev, 0, 0, 32, 64, 0.25f, 0xffffffff);
        IDirect3DDevice9_EndScene(c.dev);
        IDirect3DDevice9_SetRenderTarget(c.dev, 0, rt);
        CHECK_HR(IDirect3DDevice9_StretchRect(c.dev, ms, NULL, res, NULL, D3DTEXF_NONE), D3D_OK);
        CHECK_EQ_U(rt_pixel(c.dev, res, 16, 32), 0xffffff);
        CHECK_EQ_U(rt_pixel(c.dev, res, 48, 32), 0x00ff00);
    }
    if (ms)
        IDirect3DSurface9_Release(ms);
    if (res)
        IDirect3DSurface9_Release(res);
    if (rt)
        IDirect3DSurface9_Release(rt);
    test_teardown(&c);
}

/* Two lines, (1,2)-(5,2) then (5,3)-(5,6) as a list or (5,2)-(5,6) as a
 * strip: pixels (1,2)-(4,2) and (5,3)-(5,5) are drawn either way; (5,6),
 * the last line's last pixel, only with LASTPIXEL TRUE, and (5,2) too for
 * the list (the strip's second line starts there). */
TEST(last_pixel)
{
    struct test_ctx c;
    if (!test_setup(&c))
        return;
    IDirect3DDevice9_SetRenderState(c.dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ZENABLE, D3DZB_FALSE);
    IDirect3DDevice9_SetFVF(c.dev, FVF_TL);
    for (int last = 1; last >= 0; last--) {
        for (int strip = 0; strip < 2; strip++) {
            static const struct tl list[] = {
                {1, 2, 0.5f, 1, 0xffffffff}, {5, 2, 0.5f, 1, 0xffffffff},
                {5, 3, 0.5f, 1, 0xffffffff}, {5, 6, 0.5f, 1, 0xffffffff}};
            static const struct tl line_strip[] = {
                {1, 2, 0.5f, 1, 0xffffffff}, {5, 2, 0.5f, 1, 0xffffffff}, {5, 6, 0.5f, 1, 0xffffffff}};
            struct readback rb;
            IDirect3DDevice9_SetRenderState(c.dev, D3DRS_LASTPIXEL, last);
            IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0);
            IDirect3DDevice9_BeginScene(c.dev);
            if (strip)
                IDirect3DDevice9_DrawPrimitiveUP(c.dev, D3DPT_LINESTRIP, 2, line_strip, sizeof(line_strip[0]));
            else
                IDirect3DDevice9_DrawPrimitiveUP(c.dev, D3DPT_LINELIST, 2, list, sizeof(list[0]));
            IDirect3DDevice9_EndScene(c.dev);
            read_back(c.dev, NULL, &rb);
            CHECK(white(&rb, 1, 2) && white(&rb, 4, 2) && white(&rb, 5, 4), "LASTPIXEL %d strip %d: line pixels missing",
                  last, strip);
            CHECK(white(&rb, 5, 6) == last, "LASTPIXEL %d strip %d: last pixel (5,6) %06lx", last, strip,
                  (unsigned long)rb_pixel(&rb, 5, 6));
            CHECK(white(&rb, 5, 2) == (last || strip), "LASTPIXEL %d strip %d: pixel (5,2) %06lx", last, strip,
                  (unsigned long)rb_pixel(&rb, 5, 2));
            CHECK(!white(&rb, 6, 2) && !white(&rb, 5, 7), "LASTPIXEL %d strip %d: pixels past the lines", last, strip);
            rb_release(&rb);
        }
    }
    IDirect3DDevice9_SetRenderState(c.dev, D3DRS_LASTPIXEL, TRUE);
    test_teardown(&c);
}

/* D3DFILL_POINT: a triangle (1,1), (6,1), (1,6) and an indexed quad with
 * a fourth vertex at (6,6) light their vertices and nothing inside; culled
 * triangles light none. */
TEST(point_fill)
{
    static const struct tl v[] = {
        {1, 1, 0.5f, 1, 0xffffffff}, {6, 1, 0.5f, 1, 0xffffffff},
        {1, 6, 0.5f, 1, 0xffffffff}, {6, 6, 0.5f, 1, 0xffffffff}};
    static const WORD idx[] = {0, 1, 2, 2, 1, 3};
    struct test_ctx c;
    if (!test_setup(&c))
        return;
    IDirect3DDevice9_SetRenderState(c.dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ZENABLE, D3DZB_FALSE);
    IDirect3DDevice9_SetRenderState(c.dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_SetRenderState(c.dev, D3DRS_FILLMODE, D3DFILL_POINT);
    IDirect3DDevice9_SetFVF(c.dev, FVF_TL);
    for (int indexed = 0; indexed < 2; indexed++) {
        struct readback rb;
        IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0);
        IDirect3DDevice9_BeginScene(c.dev);
        if (indexed)
            IDirect3DDevice9_DrawIndexedPrimitiveUP(c.dev, D3DPT_TRIANGLELIST, 0, 4, 2, idx, D3DFMT_INDEX16, v,
                                                    sizeof(v[0]));
        else
            IDirect3DDevice9_DrawPrimitiveUP(c.dev, D3DPT_TRIANGLELIST, 1, v, sizeof(v[0]));
        IDirect3DDevice9_EndScene(c.dev);
        read_back(c.dev, NULL, &rb);
        CHECK(white(&rb, 1, 1) && white(&rb, 6, 1) && white(&rb, 1, 6), "indexed %d: a vertex is not drawn", indexed);
        CHECK(white(&rb, 6, 6) == indexed, "indexed %d: (6,6) %06lx", indexed, (unsigned long)rb_pixel(&rb, 6, 6));
        CHECK(!white(&rb, 2, 2) && !white(&rb, 3, 3) && !white(&rb, 2, 1), "indexed %d: the triangle is filled",
              indexed);
        rb_release(&rb);
    }
    /* Culling applies to the triangles: with D3DCULL_CCW (the default) a
     * clockwise triangle's vertices are drawn, a counter-clockwise one's
     * (6,6), (6,2), (2,6) are not. */
    {
        static const struct tl two[] = {
            {1, 1, 0.5f, 1, 0xffffffff}, {6, 1, 0.5f, 1, 0xffffffff}, {1, 6, 0.5f, 1, 0xffffffff},
            {6, 6, 0.5f, 1, 0xffffffff}, {6, 2, 0.5f, 1, 0xffffffff}, {2, 6, 0.5f, 1, 0xffffffff}};
        struct readback rb;
        IDirect3DDevice9_SetRenderState(c.dev, D3DRS_CULLMODE, D3DCULL_CCW);
        IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0);
        IDirect3DDevice9_BeginScene(c.dev);
        IDirect3DDevice9_DrawPrimitiveUP(c.dev, D3DPT_TRIANGLELIST, 2, two, sizeof(two[0]));
        IDirect3DDevice9_EndScene(c.dev);
        read_back(c.dev, NULL, &rb);
        CHECK(white(&rb, 1, 1) && white(&rb, 6, 1) && white(&rb, 1, 6), "culling: a kept vertex is not drawn");
        CHECK(!white(&rb, 6, 6) && !white(&rb, 6, 2) && !white(&rb, 2, 6), "culling: a culled triangle's vertex is drawn");
        rb_release(&rb);
    }
    IDirect3DDevice9_SetRenderState(c.dev, D3DRS_FILLMODE, D3DFILL_SOLID);
    test_teardown(&c);
}

static const struct harness_test tests[] = {
    T(multisample),
    T(multisample_depth_mismatch),
    T(last_pixel),
    T(point_fill),
};

int main(void) { return RUN_TESTS(tests); }
