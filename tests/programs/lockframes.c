/* Locks across frames and within one, checked by pixel readback: every
 * draw must use the data the buffer or texture held when the draw was
 * recorded, though the frame is handed to the unix side later (at Present
 * or a readback). Frames render into an offscreen render target that
 * outlives Present; cell i of it shows what draw i saw. Colours are exact
 * (no filtering, no blending): tolerance 0. */
#include "device_util.h"

static IDirect3D9 *d3d;
static HWND window;

struct tlv {
    float x, y, z, rhw;
    D3DCOLOR c;
    float u, v;
};
#define FVF_TLV (D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1)

static const D3DCOLOR palette[6] = {0xffff0000u, 0xff00ff00u, 0xff0000ffu, 0xffffff00u, 0xff00ffffu, 0xffff00ffu};

/* Two triangles covering cell i (40x40, left to right) in colour c. */
static void fill_quad(struct tlv *q, int cell, D3DCOLOR c)
{
    static const int order[6] = {0, 1, 2, 2, 1, 3};
    for (int k = 0; k < 6; k++) {
        int corner = order[k];
        q[k].x = (float)(cell * 40 + (corner & 1) * 40);
        q[k].y = (float)((corner >> 1) * 40);
        q[k].z = 0.5f;
        q[k].rhw = 1;
        q[k].c = c;
        q[k].u = (float)(corner & 1);
        q[k].v = (float)(corner >> 1);
    }
}

struct ctx {
    IDirect3DDevice9 *dev;
    IDirect3DSurface9 *rt;
};

/* A device made with the behaviour flags (vertex processing included),
 * drawing into an offscreen render target. */
static BOOL begin_with(struct ctx *c, DWORD behaviour)
{
    D3DPRESENT_PARAMETERS pp;
    default_pp(&pp, window);
    c->dev = NULL;
    c->rt = NULL;
    CHECK_HR(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, window, behaviour, &pp, &c->dev), D3D_OK);
    if (!c->dev)
        return FALSE;
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(c->dev, 640, 480, D3DFMT_X8R8G8B8, 0, 0, FALSE, &c->rt, NULL), D3D_OK);
    if (!c->rt) {
        IDirect3DDevice9_Release(c->dev);
        return FALSE;
    }
    IDirect3DDevice9_SetRenderTarget(c->dev, 0, c->rt);
    IDirect3DDevice9_SetRenderState(c->dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_SetRenderState(c->dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_SetRenderState(c->dev, D3DRS_ZENABLE, D3DZB_FALSE);
    IDirect3DDevice9_SetFVF(c->dev, FVF_TLV);
    IDirect3DDevice9_Clear(c->dev, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0);
    return TRUE;
}

static BOOL begin(struct ctx *c)
{
    return begin_with(c, D3DCREATE_HARDWARE_VERTEXPROCESSING);
}

static void end(struct ctx *c)
{
    IDirect3DDevice9_SetRenderTarget(c->dev, 0, NULL);
    IDirect3DSurface9_Release(c->rt);
    IDirect3DDevice9_Release(c->dev);
}

static void frame_end(struct ctx *c)
{
    IDirect3DDevice9_EndScene(c->dev);
    CHECK_HR(IDirect3DDevice9_Present(c->dev, NULL, NULL, NULL, NULL), D3D_OK);
}

#define CHECK_CELL(c, cell, dx, dy, want)                                                                             \
    do {                                                                                                              \
        DWORD got_ = rt_pixel((c)->dev, (c)->rt, (cell) * 40 + (dx), (dy));                                           \
        CHECK(got_ == ((want) & 0xffffff), "cell %d (+%d,%d): %06lx, want %06lx", (int)(cell), (int)(dx), (int)(dy), \
              (unsigned long)got_, (unsigned long)((want) & 0xffffff));                                              \
    } while (0)

TEST(vertex_buffer_discard_each_frame)
{
    struct ctx c;
    IDirect3DVertexBuffer9 *vb = NULL;
    struct tlv *p;
    if (!begin(&c))
        return;
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(c.dev, 6 * sizeof(struct tlv), D3DUSAGE_DYNAMIC | D3DUSAGE_WRITEONLY,
                                                 FVF_TLV, D3DPOOL_DEFAULT, &vb, NULL),
             D3D_OK);
    if (!vb) {
        end(&c);
        return;
    }
    IDirect3DDevice9_SetStreamSource(c.dev, 0, vb, 0, sizeof(struct tlv));
    /* Five frames, one buffer: each frame refills it with DISCARD. */
    for (int f = 0; f < 5; f++) {
        IDirect3DDevice9_BeginScene(c.dev);
        if (SUCCEEDED(IDirect3DVertexBuffer9_Lock(vb, 0, 0, (void **)&p, D3DLOCK_DISCARD))) {
            fill_quad(p, f, palette[f]);
            IDirect3DVertexBuffer9_Unlock(vb);
        }
        CHECK_HR(IDirect3DDevice9_DrawPrimitive(c.dev, D3DPT_TRIANGLELIST, 0, 2), D3D_OK);
        frame_end(&c);
    }
    /* And twice within one frame. */
    IDirect3DDevice9_BeginScene(c.dev);
    for (int k = 0; k < 2; k++) {
        if (SUCCEEDED(IDirect3DVertexBuffer9_Lock(vb, 0, 0, (void **)&p, D3DLOCK_DISCARD))) {
            fill_quad(p, 5 + k, palette[5 - k]);
            IDirect3DVertexBuffer9_Unlock(vb);
        }
        IDirect3DDevice9_DrawPrimitive(c.dev, D3DPT_TRIANGLELIST, 0, 2);
    }
    frame_end(&c);
    for (int f = 0; f < 5; f++)
        CHECK_CELL(&c, f, 20, 20, palette[f]);
    CHECK_CELL(&c, 5, 20, 20, palette[5]);
    CHECK_CELL(&c, 6, 20, 20, palette[4]);
    IDirect3DDevice9_SetStreamSource(c.dev, 0, NULL, 0, 0);
    IDirect3DVertexBuffer9_Release(vb);
    end(&c);
}

TEST(vertex_buffer_nooverwrite_appends)
{
    struct ctx c;
    IDirect3DVertexBuffer9 *vb = NULL;
    struct tlv *p;
    const UINT quad = 6 * sizeof(struct tlv);
    if (!begin(&c))
        return;
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(c.dev, 8 * quad, D3DUSAGE_DYNAMIC | D3DUSAGE_WRITEONLY, FVF_TLV,
                                                 D3DPOOL_DEFAULT, &vb, NULL),
             D3D_OK);
    if (!vb) {
        end(&c);
        return;
    }
    IDirect3DDevice9_SetStreamSource(c.dev, 0, vb, 0, sizeof(struct tlv));
    /* The usual dynamic ring: DISCARD at the start, NOOVERWRITE appends
     * after, each draw reading only what it appended. */
    IDirect3DDevice9_BeginScene(c.dev);
    for (int k = 0; k < 5; k++) {
        if (SUCCEEDED(IDirect3DVertexBuffer9_Lock(vb, k * quad, quad, (void **)&p,
                                                  k ? D3DLOCK_NOOVERWRITE : D3DLOCK_DISCARD))) {
            fill_quad(p, k, palette[k]);
            IDirect3DVertexBuffer9_Unlock(vb);
        }
        CHECK_HR(IDirect3DDevice9_DrawPrimitive(c.dev, D3DPT_TRIANGLELIST, 6 * k, 2), D3D_OK);
    }
    frame_end(&c);
    /* The next frame appends more, then draws the first three again. */
    IDirect3DDevice9_BeginScene(c.dev);
    if (SUCCEEDED(IDirect3DVertexBuffer9_Lock(vb, 5 * quad, quad, (void **)&p, D3DLOCK_NOOVERWRITE))) {
        fill_quad(p, 5, palette[5]);
        IDirect3DVertexBuffer9_Unlock(vb);
    }
    IDirect3DDevice9_DrawPrimitive(c.dev, D3DPT_TRIANGLELIST, 30, 2);
    frame_end(&c);
    for (int k = 0; k < 6; k++)
        CHECK_CELL(&c, k, 20, 20, palette[k]);
    IDirect3DDevice9_SetStreamSource(c.dev, 0, NULL, 0, 0);
    IDirect3DVertexBuffer9_Release(vb);
    end(&c);
}

TEST(vertex_buffer_readonly)
{
    struct ctx c;
    IDirect3DVertexBuffer9 *vb = NULL;
    struct tlv *p, want[6];
    if (!begin(&c))
        return;
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(c.dev, sizeof(want), 0, FVF_TLV, D3DPOOL_MANAGED, &vb, NULL), D3D_OK);
    if (!vb) {
        end(&c);
        return;
    }
    fill_quad(want, 0, palette[2]);
    if (SUCCEEDED(IDirect3DVertexBuffer9_Lock(vb, 0, 0, (void **)&p, 0))) {
        memcpy(p, want, sizeof(want));
        IDirect3DVertexBuffer9_Unlock(vb);
    }
    IDirect3DDevice9_SetStreamSource(c.dev, 0, vb, 0, sizeof(struct tlv));
    IDirect3DDevice9_BeginScene(c.dev);
    IDirect3DDevice9_DrawPrimitive(c.dev, D3DPT_TRIANGLELIST, 0, 2);
    frame_end(&c);
    /* A READONLY lock after the frame sees the data and changes nothing. */
    CHECK_HR(IDirect3DVertexBuffer9_Lock(vb, 0, 0, (void **)&p, D3DLOCK_READONLY), D3D_OK);
    if (p) {
        CHECK(!memcmp(p, want, sizeof(want)), "READONLY lock does not show the buffer's data");
        IDirect3DVertexBuffer9_Unlock(vb);
    }
    /* The buffer still draws the same after it, moved one cell along by
     * the stream offset trick: draw it again with a translated copy. */
    if (SUCCEEDED(IDirect3DVertexBuffer9_Lock(vb, 0, 0, (void **)&p, 0))) {
        for (int k = 0; k < 6; k++)
            p[k].x += 40;
        IDirect3DVertexBuffer9_Unlock(vb);
    }
    IDirect3DDevice9_BeginScene(c.dev);
    IDirect3DDevice9_DrawPrimitive(c.dev, D3DPT_TRIANGLELIST, 0, 2);
    frame_end(&c);
    CHECK_CELL(&c, 0, 20, 20, palette[2]);
    CHECK_CELL(&c, 1, 20, 20, palette[2]);
    IDirect3DDevice9_SetStreamSource(c.dev, 0, NULL, 0, 0);
    IDirect3DVertexBuffer9_Release(vb);
    end(&c);
}

/* Buffers whose memory never moves, as Windows keeps them (Wine's
 * test_pinned_buffers): MANAGED and SYSTEMMEM buffers, and every buffer of
 * a software vertex processing device, lock at the same address each
 * time, and DISCARD keeps what they held. A draw recorded before the
 * memory changed still draws what it held then. */
TEST(pinned_buffers)
{
    static const struct {
        DWORD behaviour, usage;
        D3DPOOL pool;
        const char *name;
    } cases[] = {
        {D3DCREATE_SOFTWARE_VERTEXPROCESSING, D3DUSAGE_DYNAMIC | D3DUSAGE_WRITEONLY, D3DPOOL_DEFAULT, "software vp"},
        {D3DCREATE_HARDWARE_VERTEXPROCESSING, 0, D3DPOOL_MANAGED, "managed"},
        {D3DCREATE_HARDWARE_VERTEXPROCESSING, 0, D3DPOOL_SYSTEMMEM, "systemmem"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct tlv *p = NULL, *p2 = NULL, first[6];
        IDirect3DVertexBuffer9 *vb = NULL;
        struct ctx c;
        if (!begin_with(&c, cases[i].behaviour))
            continue;
        CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(c.dev, sizeof(first), cases[i].usage, FVF_TLV, cases[i].pool, &vb,
                                                     NULL),
                 D3D_OK);
        if (!vb) {
            end(&c);
            continue;
        }
        IDirect3DDevice9_SetStreamSource(c.dev, 0, vb, 0, sizeof(struct tlv));
        IDirect3DDevice9_BeginScene(c.dev);
        fill_quad(first, 0, palette[0]);
        if (SUCCEEDED(IDirect3DVertexBuffer9_Lock(vb, 0, 0, (void **)&p, D3DLOCK_DISCARD))) {
            memcpy(p, first, sizeof(first));
            IDirect3DVertexBuffer9_Unlock(vb);
        }
        CHECK_HR(IDirect3DDevice9_DrawPrimitive(c.dev, D3DPT_TRIANGLELIST, 0, 2), D3D_OK);
        CHECK_HR(IDirect3DVertexBuffer9_Lock(vb, 0, 0, (void **)&p2, D3DLOCK_DISCARD), D3D_OK);
        CHECK(p2 == p, "%s: locked at %p, then %p", cases[i].name, (void *)p, (void *)p2);
        if (p2) {
            CHECK(!memcmp(p2, first, sizeof(first)), "%s: DISCARD lost the contents", cases[i].name);
            fill_quad(p2, 1, palette[1]);
            IDirect3DVertexBuffer9_Unlock(vb);
        }
        CHECK_HR(IDirect3DDevice9_DrawPrimitive(c.dev, D3DPT_TRIANGLELIST, 0, 2), D3D_OK);
        frame_end(&c);
        CHECK_CELL(&c, 0, 20, 20, palette[0]);
        CHECK_CELL(&c, 1, 20, 20, palette[1]);
        IDirect3DDevice9_SetStreamSource(c.dev, 0, NULL, 0, 0);
        IDirect3DVertexBuffer9_Release(vb);
        end(&c);
    }
}

/* A plain lock of part of a buffer a draw of this frame read: the draw
 * keeps what it read, the next reads the new part and the kept rest.
 * (The earlier record's bytes are copied before the lock, not the
 * buffer.) Cell 0 red and cell 1 green from the first draw; the second
 * moves the second quad to cell 2 in blue. */
TEST(vertex_buffer_plain_partial_relock)
{
    struct ctx c;
    IDirect3DVertexBuffer9 *vb = NULL;
    struct tlv *p;
    const UINT quad = 6 * sizeof(struct tlv);
    if (!begin(&c))
        return;
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(c.dev, 2 * quad, D3DUSAGE_DYNAMIC | D3DUSAGE_WRITEONLY, FVF_TLV,
                                                 D3DPOOL_DEFAULT, &vb, NULL),
             D3D_OK);
    if (!vb) {
        end(&c);
        return;
    }
    IDirect3DDevice9_SetStreamSource(c.dev, 0, vb, 0, sizeof(struct tlv));
    IDirect3DDevice9_BeginScene(c.dev);
    if (SUCCEEDED(IDirect3DVertexBuffer9_Lock(vb, 0, 0, (void **)&p, 0))) {
        fill_quad(p, 0, palette[0]);
        fill_quad(p + 6, 1, palette[1]);
        IDirect3DVertexBuffer9_Unlock(vb);
    }
    CHECK_HR(IDirect3DDevice9_DrawPrimitive(c.dev, D3DPT_TRIANGLELIST, 0, 4), D3D_OK);
    if (SUCCEEDED(IDirect3DVertexBuffer9_Lock(vb, quad, quad, (void **)&p, 0))) {
        fill_quad(p, 2, palette[2]);
        IDirect3DVertexBuffer9_Unlock(vb);
    }
    CHECK_HR(IDirect3DDevice9_DrawPrimitive(c.dev, D3DPT_TRIANGLELIST, 0, 4), D3D_OK);
    frame_end(&c);
    CHECK_CELL(&c, 0, 20, 20, palette[0]);
    CHECK_CELL(&c, 1, 20, 20, palette[1]);
    CHECK_CELL(&c, 2, 20, 20, palette[2]);
    IDirect3DDevice9_SetStreamSource(c.dev, 0, NULL, 0, 0);
    IDirect3DVertexBuffer9_Release(vb);
    end(&c);
}

/* NOOVERWRITE together with DISCARD maps unsynchronised, as NOOVERWRITE
 * alone does (Windows' drivers; Wine's visual.c test_map_synchronisation
 * checks it): a draw recorded before the lock sees what the lock wrote
 * into the range it draws. */
TEST(vertex_buffer_discard_with_nooverwrite)
{
    struct ctx c;
    IDirect3DVertexBuffer9 *vb = NULL;
    struct tlv *p;
    const UINT quad = 6 * sizeof(struct tlv);
    if (!begin(&c))
        return;
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(c.dev, 2 * quad, D3DUSAGE_DYNAMIC | D3DUSAGE_WRITEONLY, FVF_TLV,
                                                 D3DPOOL_DEFAULT, &vb, NULL),
             D3D_OK);
    if (!vb) {
        end(&c);
        return;
    }
    IDirect3DDevice9_SetStreamSource(c.dev, 0, vb, 0, sizeof(struct tlv));
    IDirect3DDevice9_BeginScene(c.dev);
    if (SUCCEEDED(IDirect3DVertexBuffer9_Lock(vb, 0, 0, (void **)&p, D3DLOCK_DISCARD))) {
        fill_quad(p, 0, palette[0]);
        fill_quad(p + 6, 1, palette[1]);
        IDirect3DVertexBuffer9_Unlock(vb);
    }
    CHECK_HR(IDirect3DDevice9_DrawPrimitive(c.dev, D3DPT_TRIANGLELIST, 0, 4), D3D_OK);
    if (SUCCEEDED(IDirect3DVertexBuffer9_Lock(vb, quad, quad, (void **)&p, D3DLOCK_NOOVERWRITE | D3DLOCK_DISCARD))) {
        fill_quad(p, 1, palette[3]);
        IDirect3DVertexBuffer9_Unlock(vb);
    }
    frame_end(&c);
    CHECK_CELL(&c, 0, 20, 20, palette[0]);
    CHECK_CELL(&c, 1, 20, 20, palette[3]);
    IDirect3DDevice9_SetStreamSource(c.dev, 0, NULL, 0, 0);
    IDirect3DVertexBuffer9_Release(vb);
    end(&c);
}

static void fill_row(DWORD *row, int n, D3DCOLOR col)
{
    for (int x = 0; x < n; x++)
        row[x] = col;
}

static void fill_rect(D3DLOCKED_RECT *lr, int x0, int y0, int x1, int y1, D3DCOLOR col)
{
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++)
            ((DWORD *)((BYTE *)lr->pBits + y * lr->Pitch))[x] = col;
}

/* A managed 4x4 texture drawn over a 40x40 cell (10 pixels a texel),
 * changed between frames by a dirty-rect texture lock and by a lock of its
 * level as a surface. */
TEST(texture_locks_between_frames)
{
    struct ctx c;
    IDirect3DTexture9 *tex = NULL;
    IDirect3DSurface9 *level = NULL;
    D3DLOCKED_RECT lr;
    struct tlv q[6];
    RECT dirty = {0, 0, 2, 2}, sub = {2, 2, 4, 4};
    if (!begin(&c))
        return;
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 4, 4, 1, 0, D3DFMT_X8R8G8B8, D3DPOOL_MANAGED, &tex, NULL), D3D_OK);
    if (!tex) {
        end(&c);
        return;
    }
    IDirect3DDevice9_SetTexture(c.dev, 0, (IDirect3DBaseTexture9 *)tex);
    IDirect3DDevice9_SetTextureStageState(c.dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(c.dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    if (SUCCEEDED(IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0))) {
        fill_rect(&lr, 0, 0, 4, 4, palette[0]);
        IDirect3DTexture9_UnlockRect(tex, 0);
    }
    /* Frame 1: all red. */
    IDirect3DDevice9_BeginScene(c.dev);
    fill_quad(q, 0, 0);
    IDirect3DDevice9_DrawPrimitiveUP(c.dev, D3DPT_TRIANGLELIST, 2, q, sizeof(q[0]));
    frame_end(&c);
    /* Frame 2: the top-left 2x2 texels green through a rect lock. */
    if (SUCCEEDED(IDirect3DTexture9_LockRect(tex, 0, &lr, &dirty, 0))) {
        fill_rect(&lr, 0, 0, 2, 2, palette[1]);
        IDirect3DTexture9_UnlockRect(tex, 0);
    }
    IDirect3DDevice9_BeginScene(c.dev);
    fill_quad(q, 1, 0);
    IDirect3DDevice9_DrawPrimitiveUP(c.dev, D3DPT_TRIANGLELIST, 2, q, sizeof(q[0]));
    frame_end(&c);
    /* Frame 3: the bottom-right 2x2 blue through the level's surface. */
    IDirect3DTexture9_GetSurfaceLevel(tex, 0, &level);
    if (level && SUCCEEDED(IDirect3DSurface9_LockRect(level, &lr, &sub, 0))) {
        fill_rect(&lr, 0, 0, 2, 2, palette[2]);
        IDirect3DSurface9_UnlockRect(level);
    }
    IDirect3DDevice9_BeginScene(c.dev);
    fill_quad(q, 2, 0);
    IDirect3DDevice9_DrawPrimitiveUP(c.dev, D3DPT_TRIANGLELIST, 2, q, sizeof(q[0]));
    /* Within the frame: change it again, draw again; the earlier draw of
     * this frame keeps what it saw. */
    if (SUCCEEDED(IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0))) {
        fill_rect(&lr, 0, 0, 4, 4, palette[3]);
        IDirect3DTexture9_UnlockRect(tex, 0);
    }
    fill_quad(q, 3, 0);
    IDirect3DDevice9_DrawPrimitiveUP(c.dev, D3DPT_TRIANGLELIST, 2, q, sizeof(q[0]));
    frame_end(&c);
    /* Frame 4: drawn first as it is (yellow), then changed before the
     * frame's second draw: the first draw still shows yellow. */
    IDirect3DDevice9_BeginScene(c.dev);
    fill_quad(q, 4, 0);
    IDirect3DDevice9_DrawPrimitiveUP(c.dev, D3DPT_TRIANGLELIST, 2, q, sizeof(q[0]));
    if (SUCCEEDED(IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0))) {
        fill_rect(&lr, 0, 0, 4, 4, palette[4]);
        IDirect3DTexture9_UnlockRect(tex, 0);
    }
    fill_quad(q, 5, 0);
    IDirect3DDevice9_DrawPrimitiveUP(c.dev, D3DPT_TRIANGLELIST, 2, q, sizeof(q[0]));
    frame_end(&c);
    CHECK_CELL(&c, 4, 20, 20, palette[3]);
    CHECK_CELL(&c, 5, 20, 20, palette[4]);
    CHECK_CELL(&c, 0, 5, 5, palette[0]);
    CHECK_CELL(&c, 0, 35, 35, palette[0]);
    CHECK_CELL(&c, 1, 5, 5, palette[1]);
    CHECK_CELL(&c, 1, 35, 5, palette[0]);
    CHECK_CELL(&c, 1, 35, 35, palette[0]);
    CHECK_CELL(&c, 2, 5, 5, palette[1]);
    CHECK_CELL(&c, 2, 35, 5, palette[0]);
    CHECK_CELL(&c, 2, 35, 35, palette[2]);
    CHECK_CELL(&c, 3, 5, 5, palette[3]);
    CHECK_CELL(&c, 3, 35, 35, palette[3]);
    if (level)
        IDirect3DSurface9_Release(level);
    IDirect3DDevice9_SetTexture(c.dev, 0, NULL);
    IDirect3DTexture9_Release(tex);
    end(&c);
}

/* A mip chain written level by level, each level relocked and drawn
 * within one frame (a streaming texture pool, D3DX's loaders): each draw
 * samples level 1 (D3DSAMP_MAXMIPLEVEL) as it was when the draw was
 * recorded, with no submit between the locks. Then a lock of level 0
 * after a draw, which may write the levels below through its pointer:
 * the earlier draw still sees its level 1. */
TEST(mip_chain_relocks_in_one_frame)
{
    struct ctx c;
    IDirect3DTexture9 *tex = NULL;
    D3DLOCKED_RECT lr;
    struct tlv q[6];
    void *first = NULL;
    if (!begin(&c))
        return;
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 4, 4, 3, 0, D3DFMT_X8R8G8B8, D3DPOOL_MANAGED, &tex, NULL), D3D_OK);
    if (!tex) {
        end(&c);
        return;
    }
    IDirect3DDevice9_SetTexture(c.dev, 0, (IDirect3DBaseTexture9 *)tex);
    IDirect3DDevice9_SetTextureStageState(c.dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(c.dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MAXMIPLEVEL, 1);
    IDirect3DDevice9_BeginScene(c.dev);
    for (UINT l = 0; l < 3; l++) {
        if (SUCCEEDED(IDirect3DTexture9_LockRect(tex, l, &lr, NULL, 0))) {
            fill_rect(&lr, 0, 0, 4 >> l, 4 >> l, palette[5]);
            IDirect3DTexture9_UnlockRect(tex, l);
        }
    }
    for (int k = 0; k < 3; k++) {
        if (SUCCEEDED(IDirect3DTexture9_LockRect(tex, 1, &lr, NULL, 0))) {
            if (!k)
                first = lr.pBits;
            else
                CHECK(lr.pBits == first, "level 1 locked at %p, then %p", first, lr.pBits);
            fill_rect(&lr, 0, 0, 2, 2, palette[k]);
            IDirect3DTexture9_UnlockRect(tex, 1);
        }
        fill_quad(q, k, 0);
        IDirect3DDevice9_DrawPrimitiveUP(c.dev, D3DPT_TRIANGLELIST, 2, q, sizeof(q[0]));
    }
    /* Level 1 written through level 0's pointer (levels are back to back
     * in a managed texture's memory, and Unlock of level 0 sends the
     * levels below). */
    if (first && SUCCEEDED(IDirect3DTexture9_LockRect(tex, 1, &lr, NULL, D3DLOCK_READONLY))) {
        INT pitch1 = lr.Pitch;
        IDirect3DTexture9_UnlockRect(tex, 1);
        if (SUCCEEDED(IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0))) {
            BYTE *level1 = first; /* past level 0's rows, in the block level 0's lock hands out */
            for (int y = 0; y < 2; y++)
                fill_row((DWORD *)(level1 + y * pitch1), 2, palette[3]);
            IDirect3DTexture9_UnlockRect(tex, 0);
        }
    }
    fill_quad(q, 3, 0);
    IDirect3DDevice9_DrawPrimitiveUP(c.dev, D3DPT_TRIANGLELIST, 2, q, sizeof(q[0]));
    frame_end(&c);
    for (int k = 0; k < 3; k++)
        CHECK_CELL(&c, k, 20, 20, palette[k]);
    CHECK_CELL(&c, 3, 20, 20, palette[3]);
    IDirect3DDevice9_SetTexture(c.dev, 0, NULL);
    IDirect3DTexture9_Release(tex);
    end(&c);
}

/* A DEFAULT-pool texture filled by UpdateTexture and UpdateSurface from
 * system memory between two draws of one frame: the copies are ordered
 * with the draws as any GPU command. */
TEST(update_texture_between_draws)
{
    struct ctx c;
    IDirect3DTexture9 *sys = NULL, *gpu = NULL;
    IDirect3DSurface9 *sys_level = NULL, *gpu_level = NULL;
    D3DLOCKED_RECT lr;
    struct tlv q[6];
    if (!begin(&c))
        return;
    IDirect3DDevice9_CreateTexture(c.dev, 4, 4, 1, 0, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &sys, NULL);
    IDirect3DDevice9_CreateTexture(c.dev, 4, 4, 1, 0, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT, &gpu, NULL);
    CHECK(sys && gpu, "textures not created");
    if (!sys || !gpu) {
        end(&c);
        return;
    }
    IDirect3DTexture9_GetSurfaceLevel(sys, 0, &sys_level);
    IDirect3DTexture9_GetSurfaceLevel(gpu, 0, &gpu_level);
    IDirect3DDevice9_SetTexture(c.dev, 0, (IDirect3DBaseTexture9 *)gpu);
    IDirect3DDevice9_SetTextureStageState(c.dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(c.dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_BeginScene(c.dev);
    for (int k = 0; k < 3; k++) {
        if (SUCCEEDED(IDirect3DTexture9_LockRect(sys, 0, &lr, NULL, 0))) {
            fill_rect(&lr, 0, 0, 4, 4, palette[k]);
            IDirect3DTexture9_UnlockRect(sys, 0);
        }
        if (k == 1)
            CHECK_HR(IDirect3DDevice9_UpdateSurface(c.dev, sys_level, NULL, gpu_level, NULL), D3D_OK);
        else
            CHECK_HR(IDirect3DDevice9_UpdateTexture(c.dev, (IDirect3DBaseTexture9 *)sys, (IDirect3DBaseTexture9 *)gpu),
                     D3D_OK);
        fill_quad(q, k, 0);
        IDirect3DDevice9_DrawPrimitiveUP(c.dev, D3DPT_TRIANGLELIST, 2, q, sizeof(q[0]));
    }
    frame_end(&c);
    for (int k = 0; k < 3; k++)
        CHECK_CELL(&c, k, 20, 20, palette[k]);
    IDirect3DDevice9_SetTexture(c.dev, 0, NULL);
    IDirect3DSurface9_Release(sys_level);
    IDirect3DSurface9_Release(gpu_level);
    IDirect3DTexture9_Release(sys);
    IDirect3DTexture9_Release(gpu);
    end(&c);
}

static const struct harness_test tests[] = {
    T(vertex_buffer_discard_each_frame),
    T(vertex_buffer_nooverwrite_appends),
    T(vertex_buffer_readonly),
    T(pinned_buffers),
    T(vertex_buffer_plain_partial_relock),
    T(vertex_buffer_discard_with_nooverwrite),
    T(texture_locks_between_frames),
    T(mip_chain_relocks_in_one_frame),
    T(update_texture_between_draws),
};

int main(void)
{
    return RUN_TESTS_SHARED(tests, &d3d, &window);
}
