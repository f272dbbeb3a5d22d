/* Draws through the reference backend, checked by pixel readback: every
 * primitive type the first draw path handles, vertex and index buffers,
 * fans, textures, blending, the depth test. Tolerance: 2 per channel. */
#include "draw_util.h"

static IDirect3D9 *d3d;
static HWND window;

static IDirect3DDevice9 *begin(void) { return tl_device(d3d, window, 0); }

TEST(up_triangle_list)
{
    IDirect3DDevice9 *dev = begin();
    struct tl v[3] = {{0, 0, 0.5f, 1, 0xff0000}, {640, 0, 0.5f, 1, 0xff0000}, {0, 480, 0.5f, 1, 0xff0000}};
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, v, sizeof(v[0])), D3D_OK);
    IDirect3DDevice9_EndScene(dev);
    CHECK_PIXEL(dev, 10, 10, 0xff0000, NULL);
    CHECK_PIXEL(dev, 600, 400, 0x000000, NULL);
    IDirect3DDevice9_Release(dev);
}

TEST(vertex_and_index_buffers_and_fans)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DVertexBuffer9 *vb = NULL;
    IDirect3DIndexBuffer9 *ib = NULL;
    static const struct tl quad[4] = {
        {100, 100, 0.5f, 1, 0x00ff00}, {200, 100, 0.5f, 1, 0x00ff00}, {200, 200, 0.5f, 1, 0x00ff00}, {100, 200, 0.5f, 1, 0x00ff00}};
    static const WORD idx[6] = {0, 1, 2, 0, 2, 3};
    void *p;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, sizeof(quad), D3DUSAGE_WRITEONLY, FVF_TL, D3DPOOL_DEFAULT, &vb, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateIndexBuffer(dev, sizeof(idx), D3DUSAGE_WRITEONLY, D3DFMT_INDEX16, D3DPOOL_DEFAULT, &ib, NULL), D3D_OK);
    if (!vb || !ib)
        return;
    IDirect3DVertexBuffer9_Lock(vb, 0, 0, &p, 0);
    memcpy(p, quad, sizeof(quad));
    IDirect3DVertexBuffer9_Unlock(vb);
    IDirect3DIndexBuffer9_Lock(ib, 0, 0, &p, 0);
    memcpy(p, idx, sizeof(idx));
    IDirect3DIndexBuffer9_Unlock(ib);
    IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, sizeof(quad[0]));
    IDirect3DDevice9_SetIndices(dev, ib);
    CHECK_HR(IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 0, 0, 4, 0, 2), D3D_OK);
    /* The same quad moved right as a fan from the vertex buffer. */
    {
        struct tl fan[4];
        memcpy(fan, quad, sizeof(fan));
        for (int i = 0; i < 4; i++) {
            fan[i].x += 200;
            fan[i].c = 0x0000ff;
        }
        CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLEFAN, 2, fan, sizeof(fan[0])), D3D_OK);
    }
    IDirect3DDevice9_EndScene(dev);
    CHECK_PIXEL(dev, 150, 150, 0x00ff00, NULL);
    CHECK_PIXEL(dev, 350, 150, 0x0000ff, NULL);
    CHECK_PIXEL(dev, 250, 150, 0x000000, NULL);
    IDirect3DIndexBuffer9_Release(ib);
    IDirect3DVertexBuffer9_Release(vb);
    IDirect3DDevice9_Release(dev);
}

TEST(blending_and_depth)
{
    IDirect3DDevice9 *dev = begin();
    struct tl back[3] = {{0, 0, 0.8f, 1, 0xffff0000}, {640, 0, 0.8f, 1, 0xffff0000}, {0, 480, 0.8f, 1, 0xffff0000}};
    struct tl front[3] = {{0, 0, 0.2f, 1, 0x800000ff}, {640, 0, 0.2f, 1, 0x800000ff}, {0, 480, 0.2f, 1, 0x800000ff}};
    struct tl hidden[3] = {{0, 0, 0.9f, 1, 0xff00ff00}, {640, 0, 0.9f, 1, 0xff00ff00}, {0, 480, 0.9f, 1, 0xff00ff00}};
    if (!dev)
        return;
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_DIFFUSE);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, back, sizeof(back[0]));
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_SRCALPHA);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, D3DBLEND_INVSRCALPHA);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, front, sizeof(front[0]));
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, FALSE);
    /* Behind what is drawn: the depth test (LESSEQUAL by default) drops it. */
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, hidden, sizeof(hidden[0]));
    IDirect3DDevice9_EndScene(dev);
    /* 0x80/255 of blue over red. */
    CHECK_PIXEL(dev, 10, 10, 0x7f0080, NULL);
    IDirect3DDevice9_Release(dev);
}

TEST(textured_quad)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DTexture9 *tex = NULL;
    struct {
        float x, y, z, rhw, u, v;
    } q[4] = {{0, 0, 0.5f, 1, 0, 0}, {64, 0, 0.5f, 1, 1, 0}, {0, 64, 0.5f, 1, 0, 1}, {64, 64, 0.5f, 1, 1, 1}};
    if (!dev)
        return;
    if (!(tex = texture_of(dev, 2, 2, rgbw_texels)))
        return;
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_TEX1);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])), D3D_OK);
    IDirect3DDevice9_EndScene(dev);
    /* Point sampling: each quarter of the quad shows one texel. */
    CHECK_RGBW(dev, 10, 10, 50, 50, "point-sampled quad");
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DTexture9_Release(tex);
    IDirect3DDevice9_Release(dev);
}

TEST(process_vertices)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DVertexBuffer9 *src = NULL, *dst = NULL;
    struct {
        float x, y, z;
        D3DCOLOR c;
    } in[2] = {{0, 0, 0.5f, 0xff00ff00}, {1, 1, 0.25f, 0x80ff0000}};
    struct tl *out;
    void *p;
    if (!dev)
        return;
    IDirect3DDevice9_EndScene(dev);
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, sizeof(in), 0, D3DFVF_XYZ | D3DFVF_DIFFUSE, D3DPOOL_MANAGED, &src, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 2 * sizeof(struct tl), 0, FVF_TL, D3DPOOL_SYSTEMMEM, &dst, NULL), D3D_OK);
    if (!src || !dst)
        return;
    IDirect3DVertexBuffer9_Lock(src, 0, 0, &p, 0);
    memcpy(p, in, sizeof(in));
    IDirect3DVertexBuffer9_Unlock(src);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_DIFFUSE);
    IDirect3DDevice9_SetStreamSource(dev, 0, src, 0, sizeof(in[0]));
    CHECK_HR(IDirect3DDevice9_ProcessVertices(dev, 0, 0, 2, dst, NULL, 0), D3D_OK);
    if (SUCCEEDED(IDirect3DVertexBuffer9_Lock(dst, 0, 0, (void **)&out, D3DLOCK_READONLY))) {
        /* Identity transforms: clip space maps onto the 640x480 viewport. */
        CHECK(out[0].x == 320 && out[0].y == 240 && out[0].z == 0.5f && out[0].rhw == 1.0f, "vertex 0 at %f,%f,%f,%f",
              out[0].x, out[0].y, out[0].z, out[0].rhw);
        CHECK(out[1].x == 640 && out[1].y == 0 && out[1].z == 0.25f, "vertex 1 at %f,%f,%f", out[1].x, out[1].y, out[1].z);
        CHECK_EQ_U(out[0].c, 0xff00ff00);
        CHECK_EQ_U(out[1].c, 0x80ff0000);
        IDirect3DVertexBuffer9_Unlock(dst);
    }
    /* The destination must hold pre-transformed vertices. */
    CHECK_HR(IDirect3DDevice9_ProcessVertices(dev, 0, 0, 2, src, NULL, 0), D3DERR_INVALIDCALL);
    IDirect3DVertexBuffer9_Release(dst);
    IDirect3DVertexBuffer9_Release(src);
    IDirect3DDevice9_Release(dev);
}

/* Float constants are recorded once per draw: each draw sees the values
 * set before it, however many times a register changed in between, and
 * a value set after the last draw waits for the next draw. */
TEST(constants_between_draws)
{
    static const DWORD ps_c0[] = {0xffff0200, 0x02000001, 0x800f0800, 0xa0e40000, 0x0000ffff}; /* mov oC0, c0 */
    static const float red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1}, blue[4] = {0, 0, 1, 1}, white[4] = {1, 1, 1, 1};
    IDirect3DDevice9 *dev = begin();
    IDirect3DPixelShader9 *ps;
    float got[4] = {0};
    if (!dev)
        return;
    ps = ps_of(dev, ps_c0);
    IDirect3DDevice9_SetPixelShader(dev, ps);
    IDirect3DDevice9_SetPixelShaderConstantF(dev, 0, white, 1);
    IDirect3DDevice9_SetPixelShaderConstantF(dev, 0, red, 1);
    rect_tl(dev, 0, 0, 10, 10, 0.5f, 0);
    IDirect3DDevice9_SetPixelShaderConstantF(dev, 0, blue, 1);
    IDirect3DDevice9_SetPixelShaderConstantF(dev, 0, green, 1);
    rect_tl(dev, 10, 0, 20, 10, 0.5f, 0);
    IDirect3DDevice9_SetPixelShaderConstantF(dev, 0, blue, 1);
    IDirect3DDevice9_EndScene(dev);
    CHECK_PIXEL(dev, 5, 5, 0xff0000, "first draw");
    CHECK_PIXEL(dev, 15, 5, 0x00ff00, "second draw");
    /* The getter answers the last value; the next draw uses it. */
    IDirect3DDevice9_GetPixelShaderConstantF(dev, 0, got, 1);
    CHECK(got[2] == 1 && got[1] == 0, "GetPixelShaderConstantF answers the last value");
    IDirect3DDevice9_BeginScene(dev);
    rect_tl(dev, 20, 0, 30, 10, 0.5f, 0);
    IDirect3DDevice9_EndScene(dev);
    CHECK_PIXEL(dev, 25, 5, 0x0000ff, "third draw");
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    IDirect3DPixelShader9_Release(ps);
    IDirect3DDevice9_Release(dev);
}

TEST(draws_need_a_vertex_layout)
{
    /* With neither a declaration nor an FVF every draw is refused; an UP
     * draw still unbinds stream 0 (keeping its stride) and, indexed, the
     * indices; DrawIndexedPrimitive without an index buffer draws nothing
     * and succeeds (Windows, Wine's test_draw_primitive). */
    static const float quad[4][4] = {{0, 0, 0, 1}, {1, 0, 0, 1}, {0, 1, 0, 1}, {1, 1, 0, 1}};
    static const WORD idx[] = {0, 1, 2, 2, 1, 3};
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    IDirect3DVertexBuffer9 *vb = NULL, *got = NULL;
    IDirect3DIndexBuffer9 *ib = NULL, *got_ib = NULL;
    UINT offset = 1, stride = 0;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, sizeof(quad), 0, 0, D3DPOOL_MANAGED, &vb, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateIndexBuffer(dev, sizeof(idx), 0, D3DFMT_INDEX16, D3DPOOL_MANAGED, &ib, NULL), D3D_OK);
    if (!vb || !ib)
        goto done;
    IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, sizeof(quad[0]));
    IDirect3DDevice9_SetIndices(dev, ib);
    IDirect3DDevice9_BeginScene(dev);
    CHECK_HR(IDirect3DDevice9_SetVertexDeclaration(dev, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 0, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 0, 0, 4, 0, 2), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, quad, sizeof(quad[0])), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetStreamSource(dev, 0, &got, &offset, &stride), D3D_OK);
    CHECK(got == NULL, "stream 0 still holds %p", (void *)got);
    if (got)
        IDirect3DVertexBuffer9_Release(got);
    CHECK_EQ_U(offset, 0);
    CHECK_EQ_U(stride, sizeof(quad[0]));
    CHECK_HR(IDirect3DDevice9_DrawIndexedPrimitiveUP(dev, D3DPT_TRIANGLELIST, 0, 4, 2, idx, D3DFMT_INDEX16, quad,
                                                     sizeof(quad[0])),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetIndices(dev, &got_ib), D3D_OK);
    CHECK(got_ib == NULL, "indices still %p", (void *)got_ib);
    if (got_ib)
        IDirect3DIndexBuffer9_Release(got_ib);
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW), D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 0, 0, 4, 0, 2), D3D_OK);
    IDirect3DDevice9_EndScene(dev);
done:
    if (vb)
        IDirect3DVertexBuffer9_Release(vb);
    if (ib)
        IDirect3DIndexBuffer9_Release(ib);
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
}

/* A draw from vertex and index buffers still locked uses the bytes
 * written so far, in every pool a buffer can live in (Windows; Wine's
 * test_draw_mapped_buffer), and draws again after more is written under
 * the same lock and after the unlock. */
TEST(draws_from_locked_buffers)
{
    static const struct {
        D3DPOOL pool;
        DWORD usage;
    } cases[] = {{D3DPOOL_DEFAULT, D3DUSAGE_DYNAMIC}, {D3DPOOL_MANAGED, 0}, {D3DPOOL_SYSTEMMEM, 0}};
    static const WORD idx[6] = {0, 1, 2, 3, 4, 5};
    for (UINT i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        IDirect3DDevice9 *dev = begin();
        IDirect3DVertexBuffer9 *vb = NULL;
        IDirect3DIndexBuffer9 *ib = NULL;
        struct tl *v;
        WORD *ix;
        if (!dev)
            return;
        CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 6 * sizeof(*v), cases[i].usage, FVF_TL, cases[i].pool, &vb,
                                                     NULL),
                 D3D_OK);
        CHECK_HR(IDirect3DDevice9_CreateIndexBuffer(dev, sizeof(idx), cases[i].usage, D3DFMT_INDEX16, cases[i].pool,
                                                    &ib, NULL),
                 D3D_OK);
        if (vb && ib && SUCCEEDED(IDirect3DVertexBuffer9_Lock(vb, 0, 0, (void **)&v, 0)) &&
            SUCCEEDED(IDirect3DIndexBuffer9_Lock(ib, 0, 0, (void **)&ix, 0))) {
            /* A triangle over the left half; the right one comes later. */
            struct tl left[3] = {{0, 0, 0.5f, 1, 0xff0000}, {320, 0, 0.5f, 1, 0xff0000}, {0, 480, 0.5f, 1, 0xff0000}};
            struct tl right[3] = {
                {320, 0, 0.5f, 1, 0x00ff00}, {640, 0, 0.5f, 1, 0x00ff00}, {320, 480, 0.5f, 1, 0x00ff00}};
            memcpy(v, left, sizeof(left));
            memcpy(ix, idx, 3 * sizeof(idx[0]));
            IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, sizeof(*v));
            IDirect3DDevice9_SetIndices(dev, ib);
            CHECK_HR(IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 0, 0, 3, 0, 1), D3D_OK);
            IDirect3DDevice9_EndScene(dev);
            CHECK_PIXEL(dev, 20, 20, 0xff0000, cases[i].pool == D3DPOOL_DEFAULT ? "default, locked" : "locked");
            CHECK_PIXEL(dev, 400, 20, 0x000000, "nothing drawn there yet");
            memcpy(v + 3, right, sizeof(right));
            memcpy(ix + 3, idx + 3, 3 * sizeof(idx[0]));
            IDirect3DDevice9_BeginScene(dev);
            CHECK_HR(IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 0, 0, 6, 0, 2), D3D_OK);
            IDirect3DDevice9_EndScene(dev);
            CHECK_PIXEL(dev, 20, 20, 0xff0000, "written before the first draw");
            CHECK_PIXEL(dev, 400, 20, 0x00ff00, "written after the first draw, still locked");
            CHECK_HR(IDirect3DIndexBuffer9_Unlock(ib), D3D_OK);
            CHECK_HR(IDirect3DVertexBuffer9_Unlock(vb), D3D_OK);
            IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0);
            IDirect3DDevice9_BeginScene(dev);
            CHECK_HR(IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 0, 0, 6, 3, 1), D3D_OK);
            CHECK_HR(IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 0, 1), D3D_OK);
            IDirect3DDevice9_EndScene(dev);
            CHECK_PIXEL(dev, 20, 20, 0xff0000, "unlocked, DrawPrimitive");
            CHECK_PIXEL(dev, 400, 20, 0x00ff00, "unlocked, DrawIndexedPrimitive");
        }
        if (ib)
            IDirect3DIndexBuffer9_Release(ib);
        if (vb)
            IDirect3DVertexBuffer9_Release(vb);
        CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
    }
}

/* What the game writes into a new buffer counts wherever it lands, past
 * the range it locked too: Windows draws a 16-bit strip naming vertex
 * 0xffff of a buffer locked for its first four vertices (Wine's
 * test_max_index16). */
TEST(index_0xffff_written_past_the_lock)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DVertexBuffer9 *vb = NULL;
    IDirect3DIndexBuffer9 *ib = NULL;
    static const WORD idx[4] = {0, 1, 2, 0xffff};
    D3DCAPS9 caps;
    struct tl *v;
    void *p;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_GetDeviceCaps(dev, &caps), D3D_OK);
    CHECK(caps.MaxVertexIndex >= 0xffff, "MaxVertexIndex %#lx", (unsigned long)caps.MaxVertexIndex);
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 0x10000 * sizeof(*v), 0, FVF_TL, D3DPOOL_MANAGED, &vb, NULL),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateIndexBuffer(dev, sizeof(idx), 0, D3DFMT_INDEX16, D3DPOOL_MANAGED, &ib, NULL),
             D3D_OK);
    if (vb && ib && SUCCEEDED(IDirect3DVertexBuffer9_Lock(vb, 0, 4 * sizeof(*v), (void **)&v, 0))) {
        struct tl quad[4] = {
            {0, 0, 0.5f, 1, 0x00ff00}, {640, 0, 0.5f, 1, 0x00ff00}, {0, 480, 0.5f, 1, 0x00ff00}, {640, 480, 0.5f, 1, 0x00ff00}};
        memcpy(v, quad, 3 * sizeof(quad[0]));
        v[0xffff] = quad[3];
        IDirect3DVertexBuffer9_Unlock(vb);
        IDirect3DIndexBuffer9_Lock(ib, 0, 0, &p, 0);
        memcpy(p, idx, sizeof(idx));
        IDirect3DIndexBuffer9_Unlock(ib);
        IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, sizeof(*v));
        IDirect3DDevice9_SetIndices(dev, ib);
        CHECK_HR(IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLESTRIP, 0, 0, 0x10000, 0, 2), D3D_OK);
        IDirect3DDevice9_EndScene(dev);
        CHECK_PIXEL(dev, 20, 20, 0x00ff00, "first triangle");
        CHECK_PIXEL(dev, 620, 460, 0x00ff00, "the triangle naming vertex 0xffff");
        CHECK_PIXEL(dev, 400, 300, 0x00ff00, "the triangle naming vertex 0xffff");
    }
    if (ib)
        IDirect3DIndexBuffer9_Release(ib);
    if (vb)
        IDirect3DVertexBuffer9_Release(vb);
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
}

static const struct harness_test tests[] = {
    T(draws_need_a_vertex_layout), T(draws_from_locked_buffers), T(index_0xffff_written_past_the_lock),
    T(process_vertices), T(constants_between_draws),
    T(up_triangle_list), T(vertex_and_index_buffers_and_fans), T(blending_and_depth), T(textured_quad),
};

int main(void)
{
    return RUN_TESTS_SHARED(tests, &d3d, &window);
}
