/* Depth and stencil, checked by pixel readback: every D3DCMPFUNC as the
 * depth test on D24S8 and D16, depth writes off, the stencil ops (with
 * write and read masks, the fail and depth-fail ops), two-sided stencil,
 * and clears of depth only and of stencil only. Depth and stencil cannot
 * be read back, so a later draw probes them: a square drawn with
 * STENCILFUNC EQUAL to the expected value (or a depth test against a known
 * depth) shows green where the buffer holds what D3D9 says it must.
 * Colours are exact (no blending): tolerance 0. */
#include "draw_util.h"

static IDirect3D9 *d3d;
static HWND window;

#define RED 0xffff0000u
#define GREEN 0xff00ff00u
#define BACKGROUND 0x000000u

/* A 20x20 square in cell (cx, cy) at depth z; back: counter-clockwise. */
static void square(IDirect3DDevice9 *dev, int cx, int cy, float z, D3DCOLOR c, BOOL back)
{
    struct tl q[4];
    for (int i = 0; i < 4; i++) {
        int corner = back ? i ^ 1 : i;
        q[i].x = (float)(cx * 20 + (corner & 1) * 20);
        q[i].y = (float)(cy * 20 + (corner >> 1) * 20);
        q[i].z = z;
        q[i].rhw = 1;
        q[i].c = c;
    }
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])), D3D_OK);
}

static D3DCOLOR cell_pixel(IDirect3DDevice9 *dev, int cx, int cy) { return bb_pixel(dev, cx * 20 + 10, cy * 20 + 10); }

static void rs(IDirect3DDevice9 *dev, D3DRENDERSTATETYPE s, DWORD v) { IDirect3DDevice9_SetRenderState(dev, s, v); }

static IDirect3DDevice9 *begin(void)
{
    IDirect3DDevice9 *dev = unlit_device(d3d, window);
    if (!dev)
        return NULL;
    IDirect3DDevice9_SetFVF(dev, FVF_TL);
    return dev;
}

static void clear_cell(IDirect3DDevice9 *dev, int cx, int cy, DWORD flags, float z, DWORD stencil)
{
    D3DRECT r = {cx * 20, cy * 20, cx * 20 + 20, cy * 20 + 20};
    CHECK_HR(IDirect3DDevice9_Clear(dev, 1, &r, flags, BACKGROUND, z, stencil), D3D_OK);
}

/* Each compare function against a depth of 0.5, with squares at 0.25, 0.5
 * and 0.75; depth writes off so every square meets 0.5. */
static void zfuncs(IDirect3DDevice9 *dev, const char *fmt)
{
    static const struct {
        D3DCMPFUNC f;
        const char *name;
        BOOL pass[3]; /* at 0.25, 0.5, 0.75 */
    } funcs[] = {
        {D3DCMP_NEVER, "NEVER", {0, 0, 0}},      {D3DCMP_LESS, "LESS", {1, 0, 0}},
        {D3DCMP_EQUAL, "EQUAL", {0, 1, 0}},      {D3DCMP_LESSEQUAL, "LESSEQUAL", {1, 1, 0}},
        {D3DCMP_GREATER, "GREATER", {0, 0, 1}},  {D3DCMP_NOTEQUAL, "NOTEQUAL", {1, 0, 1}},
        {D3DCMP_GREATEREQUAL, "GREATEREQUAL", {0, 1, 1}}, {D3DCMP_ALWAYS, "ALWAYS", {1, 1, 1}},
    };
    static const float zs[3] = {0.25f, 0.5f, 0.75f};
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, BACKGROUND, 0.5f, 0);
    rs(dev, D3DRS_ZENABLE, D3DZB_TRUE);
    rs(dev, D3DRS_ZWRITEENABLE, FALSE);
    IDirect3DDevice9_BeginScene(dev);
    for (int f = 0; f < 8; f++) {
        rs(dev, D3DRS_ZFUNC, funcs[f].f);
        for (int i = 0; i < 3; i++)
            square(dev, i, f, zs[i], RED, FALSE);
    }
    IDirect3DDevice9_EndScene(dev);
    for (int f = 0; f < 8; f++)
        for (int i = 0; i < 3; i++) {
            D3DCOLOR got = cell_pixel(dev, i, f), want = funcs[f].pass[i] ? RED & 0xffffff : BACKGROUND;
            CHECK(got == want, "%s: ZFUNC %s at z %.2f: %06lx, want %06lx", fmt, funcs[f].name, zs[i],
                  (unsigned long)got, (unsigned long)want);
        }
    rs(dev, D3DRS_ZFUNC, D3DCMP_LESSEQUAL);
    rs(dev, D3DRS_ZWRITEENABLE, TRUE);
}

TEST(zfunc_d24s8)
{
    IDirect3DDevice9 *dev = begin();
    if (!dev)
        return;
    zfuncs(dev, "D24S8");
    IDirect3DDevice9_Release(dev);
}

TEST(zfunc_d16)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DSurface9 *ds = NULL;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateDepthStencilSurface(dev, 640, 480, D3DFMT_D16, 0, 0, FALSE, &ds, NULL), D3D_OK);
    if (ds) {
        IDirect3DDevice9_SetDepthStencilSurface(dev, ds);
        zfuncs(dev, "D16");
        IDirect3DDevice9_SetDepthStencilSurface(dev, NULL);
        IDirect3DSurface9_Release(ds);
    }
    IDirect3DDevice9_Release(dev);
}

TEST(depth_write_off)
{
    IDirect3DDevice9 *dev = begin();
    if (!dev)
        return;
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, BACKGROUND, 1.0f, 0);
    rs(dev, D3DRS_ZFUNC, D3DCMP_LESS);
    IDirect3DDevice9_BeginScene(dev);
    /* Cell 0: a write at 0.3 hides the square at 0.4; cell 1: without the
     * write, the square at 0.4 shows. */
    rs(dev, D3DRS_ZWRITEENABLE, TRUE);
    square(dev, 0, 0, 0.3f, RED, FALSE);
    rs(dev, D3DRS_ZWRITEENABLE, FALSE);
    square(dev, 1, 0, 0.3f, RED, FALSE);
    rs(dev, D3DRS_ZWRITEENABLE, TRUE);
    square(dev, 0, 0, 0.4f, GREEN, FALSE);
    square(dev, 1, 0, 0.4f, GREEN, FALSE);
    /* Cell 2: ZENABLE off draws whatever the depth, and writes none. */
    square(dev, 2, 0, 0.2f, RED, FALSE);
    rs(dev, D3DRS_ZENABLE, D3DZB_FALSE);
    square(dev, 2, 0, 0.9f, GREEN, FALSE);
    rs(dev, D3DRS_ZENABLE, D3DZB_TRUE);
    IDirect3DDevice9_EndScene(dev);
    CHECK_EQ_U(cell_pixel(dev, 0, 0), RED & 0xffffff);
    CHECK_EQ_U(cell_pixel(dev, 1, 0), GREEN & 0xffffff);
    CHECK_EQ_U(cell_pixel(dev, 2, 0), GREEN & 0xffffff);
    IDirect3DDevice9_Release(dev);
}

struct scase {
    const char *what;
    DWORD s0;                    /* the cleared stencil */
    DWORD func, ref, mask, wmask; /* STENCILFUNC, _REF, _MASK, _WRITEMASK */
    DWORD pass, fail, zfail;     /* the ops */
    BOOL behind;                 /* the square fails the depth test */
    DWORD want;                  /* the stencil after the draw */
};

#define OPCASE(what, s0, op, ref, wmask, want) \
    {what, s0, D3DCMP_ALWAYS, ref, 0xff, wmask, D3DSTENCILOP_##op, D3DSTENCILOP_KEEP, D3DSTENCILOP_KEEP, FALSE, want}

static const struct scase scases[] = {
    OPCASE("KEEP", 0x33, KEEP, 0x5a, 0xff, 0x33),
    OPCASE("ZERO", 0x33, ZERO, 0x5a, 0xff, 0x00),
    OPCASE("REPLACE", 0x10, REPLACE, 0x5a, 0xff, 0x5a),
    OPCASE("REPLACE, write mask 0x0f", 0x10, REPLACE, 0x5a, 0x0f, 0x1a),
    OPCASE("INCRSAT", 0x10, INCRSAT, 0, 0xff, 0x11),
    OPCASE("INCRSAT at 0xff", 0xff, INCRSAT, 0, 0xff, 0xff),
    OPCASE("DECRSAT", 0x10, DECRSAT, 0, 0xff, 0x0f),
    OPCASE("DECRSAT at 0", 0x00, DECRSAT, 0, 0xff, 0x00),
    OPCASE("INCR wraps", 0xff, INCR, 0, 0xff, 0x00),
    OPCASE("DECR wraps", 0x00, DECR, 0, 0xff, 0xff),
    OPCASE("INVERT", 0x0f, INVERT, 0, 0xff, 0xf0),
    OPCASE("INVERT, write mask 0x3c", 0x0f, INVERT, 0, 0x3c, 0x33),
    {"STENCILFAIL op", 0x10, D3DCMP_NEVER, 0x77, 0xff, 0xff, D3DSTENCILOP_INCRSAT, D3DSTENCILOP_REPLACE,
     D3DSTENCILOP_INVERT, FALSE, 0x77},
    {"STENCILZFAIL op", 0x10, D3DCMP_ALWAYS, 0x77, 0xff, 0xff, D3DSTENCILOP_REPLACE, D3DSTENCILOP_ZERO,
     D3DSTENCILOP_INCRSAT, TRUE, 0x11},
    {"read mask: 0x35 & 0x0f == 0x05", 0x35, D3DCMP_EQUAL, 0x05, 0x0f, 0xff, D3DSTENCILOP_INCRSAT,
     D3DSTENCILOP_ZERO, D3DSTENCILOP_KEEP, FALSE, 0x36},
    {"read mask 0xff: 0x35 != 0x05", 0x35, D3DCMP_EQUAL, 0x05, 0xff, 0xff, D3DSTENCILOP_INCRSAT,
     D3DSTENCILOP_DECRSAT, D3DSTENCILOP_KEEP, FALSE, 0x34},
    {"LESS: ref 0x20 < 0x30 passes", 0x30, D3DCMP_LESS, 0x20, 0xff, 0xff, D3DSTENCILOP_ZERO, D3DSTENCILOP_KEEP,
     D3DSTENCILOP_KEEP, FALSE, 0x00},
    {"GREATER: ref 0x20 > 0x30 fails", 0x30, D3DCMP_GREATER, 0x20, 0xff, 0xff, D3DSTENCILOP_ZERO,
     D3DSTENCILOP_INCR, D3DSTENCILOP_KEEP, FALSE, 0x31},
};

/* Draws a square at (cx, cy) with STENCILFUNC EQUAL want: green where the
 * stencil holds want. */
static void probe(IDirect3DDevice9 *dev, int cx, int cy, DWORD want)
{
    rs(dev, D3DRS_STENCILENABLE, TRUE);
    rs(dev, D3DRS_TWOSIDEDSTENCILMODE, FALSE);
    rs(dev, D3DRS_STENCILFUNC, D3DCMP_EQUAL);
    rs(dev, D3DRS_STENCILREF, want);
    rs(dev, D3DRS_STENCILMASK, 0xff);
    rs(dev, D3DRS_STENCILWRITEMASK, 0);
    rs(dev, D3DRS_STENCILPASS, D3DSTENCILOP_KEEP);
    rs(dev, D3DRS_STENCILFAIL, D3DSTENCILOP_KEEP);
    rs(dev, D3DRS_STENCILZFAIL, D3DSTENCILOP_KEEP);
    rs(dev, D3DRS_ZFUNC, D3DCMP_ALWAYS);
    rs(dev, D3DRS_ZWRITEENABLE, FALSE);
    square(dev, cx, cy, 0.5f, GREEN, FALSE);
    rs(dev, D3DRS_ZFUNC, D3DCMP_LESSEQUAL);
    rs(dev, D3DRS_ZWRITEENABLE, TRUE);
}

TEST(stencil_ops)
{
    IDirect3DDevice9 *dev = begin();
    const int n = sizeof(scases) / sizeof(scases[0]);
    if (!dev)
        return;
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL, BACKGROUND, 0.5f, 0);
    IDirect3DDevice9_BeginScene(dev);
    for (int i = 0; i < n; i++) {
        const struct scase *c = &scases[i];
        clear_cell(dev, i, 0, D3DCLEAR_STENCIL, 0, c->s0);
        rs(dev, D3DRS_STENCILENABLE, TRUE);
        rs(dev, D3DRS_STENCILFUNC, c->func);
        rs(dev, D3DRS_STENCILREF, c->ref);
        rs(dev, D3DRS_STENCILMASK, c->mask);
        rs(dev, D3DRS_STENCILWRITEMASK, c->wmask);
        rs(dev, D3DRS_STENCILPASS, c->pass);
        rs(dev, D3DRS_STENCILFAIL, c->fail);
        rs(dev, D3DRS_STENCILZFAIL, c->zfail);
        rs(dev, D3DRS_COLORWRITEENABLE, 0);
        square(dev, i, 0, c->behind ? 0.75f : 0.25f, RED, FALSE);
        rs(dev, D3DRS_COLORWRITEENABLE, 0xf);
        probe(dev, i, 0, c->want);
    }
    IDirect3DDevice9_EndScene(dev);
    for (int i = 0; i < n; i++) {
        D3DCOLOR got = cell_pixel(dev, i, 0);
        CHECK(got == (GREEN & 0xffffff), "%s: the stencil is not %#lx (probe %06lx)", scases[i].what,
              (unsigned long)scases[i].want, (unsigned long)got);
    }
    IDirect3DDevice9_Release(dev);
}

TEST(two_sided_stencil)
{
    IDirect3DDevice9 *dev = begin();
    if (!dev)
        return;
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL, BACKGROUND, 1.0f,
                           0x10);
    IDirect3DDevice9_BeginScene(dev);
    rs(dev, D3DRS_STENCILENABLE, TRUE);
    rs(dev, D3DRS_TWOSIDEDSTENCILMODE, TRUE);
    rs(dev, D3DRS_STENCILFUNC, D3DCMP_ALWAYS);
    rs(dev, D3DRS_STENCILPASS, D3DSTENCILOP_INCR);
    rs(dev, D3DRS_CCW_STENCILFUNC, D3DCMP_ALWAYS);
    rs(dev, D3DRS_CCW_STENCILPASS, D3DSTENCILOP_DECR);
    rs(dev, D3DRS_COLORWRITEENABLE, 0);
    square(dev, 0, 0, 0.5f, RED, FALSE); /* clockwise: the front ops */
    square(dev, 1, 0, 0.5f, RED, TRUE);  /* counter-clockwise: the CCW ops */
    /* CCW function NEVER with its fail op: only the back face is refused. */
    rs(dev, D3DRS_CCW_STENCILFUNC, D3DCMP_NEVER);
    rs(dev, D3DRS_CCW_STENCILFAIL, D3DSTENCILOP_ZERO);
    square(dev, 2, 0, 0.5f, RED, FALSE);
    square(dev, 3, 0, 0.5f, RED, TRUE);
    /* Two-sided mode off: the CCW states are ignored. */
    rs(dev, D3DRS_TWOSIDEDSTENCILMODE, FALSE);
    square(dev, 4, 0, 0.5f, RED, TRUE);
    rs(dev, D3DRS_COLORWRITEENABLE, 0xf);
    probe(dev, 0, 0, 0x11);
    probe(dev, 1, 0, 0x0f);
    probe(dev, 2, 0, 0x11);
    probe(dev, 3, 0, 0x00);
    probe(dev, 4, 0, 0x11);
    IDirect3DDevice9_EndScene(dev);
    for (int i = 0; i < 5; i++) {
        static const char *what[5] = {"front INCR", "back DECR", "front with back NEVER", "back NEVER, fail ZERO",
                                      "two-sided off, back face uses front ops"};
        D3DCOLOR got = cell_pixel(dev, i, 0);
        CHECK(got == (GREEN & 0xffffff), "%s: probe %06lx", what[i], (unsigned long)got);
    }
    IDirect3DDevice9_Release(dev);
}

TEST(clear_depth_only_and_stencil_only)
{
    IDirect3DDevice9 *dev = begin();
    if (!dev)
        return;
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL, BACKGROUND, 0.5f,
                           0x40);
    /* Cell 0: depth cleared to 0.2, stencil kept; cell 1: stencil cleared
     * to 0x80, depth kept. */
    clear_cell(dev, 0, 0, D3DCLEAR_ZBUFFER, 0.2f, 0x99);
    clear_cell(dev, 1, 0, D3DCLEAR_STENCIL, 0.9f, 0x80);
    IDirect3DDevice9_BeginScene(dev);
    probe(dev, 0, 0, 0x40);
    probe(dev, 1, 0, 0x80);
    IDirect3DDevice9_EndScene(dev);
    CHECK(cell_pixel(dev, 0, 0) == (GREEN & 0xffffff), "depth-only clear changed the stencil");
    CHECK(cell_pixel(dev, 1, 0) == (GREEN & 0xffffff), "stencil-only clear did not set the stencil");
    /* Depth: a square at 0.3 passes LESS against the kept 0.5 but not
     * against the cleared 0.2. */
    IDirect3DDevice9_BeginScene(dev);
    rs(dev, D3DRS_STENCILENABLE, FALSE);
    rs(dev, D3DRS_ZFUNC, D3DCMP_LESS);
    square(dev, 0, 0, 0.3f, RED, FALSE);
    square(dev, 1, 0, 0.3f, RED, FALSE);
    IDirect3DDevice9_EndScene(dev);
    CHECK(cell_pixel(dev, 0, 0) == (GREEN & 0xffffff), "depth-only clear did not set the depth");
    CHECK(cell_pixel(dev, 1, 0) == (RED & 0xffffff), "stencil-only clear changed the depth");
    IDirect3DDevice9_Release(dev);
}

/* A viewport larger than the render target is taken (Windows does, the
 * documentation says otherwise: Wine's test_null_format), and a depth
 * clear covers the viewport on the depth buffer even past a smaller
 * render target; a colour clear covers a target larger than the depth
 * buffer, and each of two targets of different sizes
 * (test_clear_different_size_surfaces). */
TEST(clear_past_smaller_surface)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DSurface9 *bb = NULL, *small = NULL, *big = NULL, *ds = NULL, *small_ds = NULL;
    D3DVIEWPORT9 vp = {0, 0, 80, 80, 0.0f, 1.0f};
    if (!dev)
        return;
    IDirect3DDevice9_GetRenderTarget(dev, 0, &bb);
    IDirect3DDevice9_GetDepthStencilSurface(dev, &ds);
    IDirect3DDevice9_CreateRenderTarget(dev, 20, 20, D3DFMT_X8R8G8B8, 0, 0, FALSE, &small, NULL);
    IDirect3DDevice9_CreateRenderTarget(dev, 80, 80, D3DFMT_X8R8G8B8, 0, 0, FALSE, &big, NULL);
    IDirect3DDevice9_CreateDepthStencilSurface(dev, 20, 20, D3DFMT_D24S8, 0, 0, FALSE, &small_ds, NULL);
    if (!bb || !ds || !small || !big || !small_ds) {
        CHECK(0, "surfaces");
        return;
    }
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, BACKGROUND, 0.5f, 0);
    IDirect3DDevice9_SetRenderTarget(dev, 0, small);
    CHECK_HR(IDirect3DDevice9_SetViewport(dev, &vp), D3D_OK);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_ZBUFFER, 0, 0.2f, 0), D3D_OK);
    IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
    /* A square at 0.3 fails LESS where the depth is 0.2: cells 0 (under
     * the small target) and 3 (past it, inside the viewport); cell 5 is
     * past the viewport and kept 0.5. */
    IDirect3DDevice9_BeginScene(dev);
    rs(dev, D3DRS_ZFUNC, D3DCMP_LESS);
    square(dev, 0, 0, 0.3f, RED, FALSE);
    square(dev, 3, 3, 0.3f, RED, FALSE);
    square(dev, 5, 0, 0.3f, RED, FALSE);
    IDirect3DDevice9_EndScene(dev);
    CHECK_EQ_U(cell_pixel(dev, 0, 0), BACKGROUND);
    CHECK_EQ_U(cell_pixel(dev, 3, 3), BACKGROUND);
    CHECK_EQ_U(cell_pixel(dev, 5, 0), RED & 0xffffff);
    /* A target larger than the depth-stencil surface clears whole. */
    IDirect3DDevice9_SetRenderTarget(dev, 0, big);
    IDirect3DDevice9_SetDepthStencilSurface(dev, small_ds);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, GREEN, 1.0f, 0), D3D_OK);
    CHECK_EQ_U(rt_pixel(dev, big, 70, 70), GREEN & 0xffffff);
    /* Two targets of different sizes: each cleared over the viewport in
     * its own bounds. */
    IDirect3DDevice9_SetRenderTarget(dev, 0, small);
    IDirect3DDevice9_SetRenderTarget(dev, 1, big);
    IDirect3DDevice9_SetDepthStencilSurface(dev, ds);
    CHECK_HR(IDirect3DDevice9_SetViewport(dev, &vp), D3D_OK);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, RED, 1.0f, 0), D3D_OK);
    IDirect3DDevice9_SetRenderTarget(dev, 1, NULL);
    CHECK_EQ_U(rt_pixel(dev, big, 70, 70), RED & 0xffffff);
    CHECK_EQ_U(rt_pixel(dev, small, 10, 10), RED & 0xffffff);
    IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
    IDirect3DDevice9_SetDepthStencilSurface(dev, ds);
    IDirect3DSurface9_Release(small_ds);
    IDirect3DSurface9_Release(big);
    IDirect3DSurface9_Release(small);
    IDirect3DSurface9_Release(ds);
    IDirect3DSurface9_Release(bb);
    IDirect3DDevice9_Release(dev);
}

/* Pre-transformed vertices with z outside [0, 1]: the caps leave out
 * D3DPMISCCAPS_CLIPTLVERTS ("device clips post-transformed vertex
 * primitives"), so they are not clipped; the depth a depth buffer stores
 * lies in [0, 1], so theirs is clamped there. With z-buffering off they
 * are drawn too. A viewport's MinZ/MaxZ beyond [0, 1] are accepted and
 * the depth still ends in [0, 1]. Probes: a square at 0.01 with GREATER
 * passes only over a stored 0, one at 0.99 with LESS only over a 1. */
TEST(pretransformed_depth_clamp)
{
    IDirect3DDevice9 *dev = begin();
    D3DVIEWPORT9 vp = {0, 0, 640, 480, 0.0f, 7.5f}, got_vp;
    D3DCAPS9 caps;
    if (!dev)
        return;
    IDirect3DDevice9_GetDeviceCaps(dev, &caps);
    CHECK(!(caps.PrimitiveMiscCaps & D3DPMISCCAPS_CLIPTLVERTS), "CLIPTLVERTS reported");
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, BACKGROUND, 0.5f, 0);
    rs(dev, D3DRS_ZENABLE, D3DZB_TRUE);
    rs(dev, D3DRS_ZWRITEENABLE, TRUE);
    IDirect3DDevice9_BeginScene(dev);
    rs(dev, D3DRS_ZFUNC, D3DCMP_ALWAYS);
    square(dev, 0, 0, -0.5f, RED, FALSE);
    square(dev, 1, 0, 1.5f, RED, FALSE);
    square(dev, 0, 1, -0.5f, RED, FALSE);
    square(dev, 1, 1, 1.5f, RED, FALSE);
    rs(dev, D3DRS_ZFUNC, D3DCMP_GREATER);
    square(dev, 0, 1, 0.01f, GREEN, FALSE);
    rs(dev, D3DRS_ZFUNC, D3DCMP_LESS);
    square(dev, 1, 1, 0.99f, GREEN, FALSE);
    rs(dev, D3DRS_ZENABLE, D3DZB_FALSE);
    square(dev, 2, 0, 2.0f, RED, FALSE);
    square(dev, 2, 1, -1.0f, RED, FALSE);
    IDirect3DDevice9_EndScene(dev);
    CHECK(cell_pixel(dev, 0, 0) == (RED & 0xffffff), "z -0.5 clipped");
    CHECK(cell_pixel(dev, 1, 0) == (RED & 0xffffff), "z 1.5 clipped");
    CHECK(cell_pixel(dev, 0, 1) == (GREEN & 0xffffff), "z -0.5 not stored as 0");
    CHECK(cell_pixel(dev, 1, 1) == (GREEN & 0xffffff), "z 1.5 not stored as 1");
    CHECK(cell_pixel(dev, 2, 0) == (RED & 0xffffff), "z 2 clipped with ZENABLE FALSE");
    CHECK(cell_pixel(dev, 2, 1) == (RED & 0xffffff), "z -1 clipped with ZENABLE FALSE");
    /* MaxZ 7.5: a square at z 5 lands at most at 1, so LESSEQUAL against
     * a cleared 1 passes. */
    CHECK_HR(IDirect3DDevice9_SetViewport(dev, &vp), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetViewport(dev, &got_vp), D3D_OK);
    CHECK(got_vp.MaxZ == 7.5f, "GetViewport MaxZ %f", got_vp.MaxZ);
    rs(dev, D3DRS_ZENABLE, D3DZB_TRUE);
    rs(dev, D3DRS_ZFUNC, D3DCMP_LESSEQUAL);
    clear_cell(dev, 3, 0, D3DCLEAR_ZBUFFER, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    square(dev, 3, 0, 5.0f, RED, FALSE);
    IDirect3DDevice9_EndScene(dev);
    CHECK(cell_pixel(dev, 3, 0) == (RED & 0xffffff), "z 5 under MaxZ 7.5 failed LESSEQUAL against 1");
    IDirect3DDevice9_Release(dev);
}

static const struct harness_test tests[] = {
    T(zfunc_d24s8), T(zfunc_d16), T(depth_write_off), T(stencil_ops), T(two_sided_stencil),
    T(clear_depth_only_and_stencil_only), T(clear_past_smaller_surface),
    T(pretransformed_depth_clamp),
};

int main(void)
{
    return RUN_TESTS_SHARED(tests, &d3d, &window);
}
