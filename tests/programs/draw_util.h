/* Shared by the programs that draw and read pixels back: colour checks
 * with a tolerance, back-buffer readback, the pre-transformed vertex,
 * shader and texture makers. Functions are static inline and data static
 * const: each program is compiled alone with -Werror and uses only part
 * of it. */
#ifndef MTLD3D_TEST_DRAW_UTIL_H
#define MTLD3D_TEST_DRAW_UTIL_H

#include "device_util.h"

/* The per-channel tolerance CHECK_PIXEL allows: a program may define its
 * own before including this file. */
#ifndef PIXEL_TOL
#define PIXEL_TOL 2
#endif

/* Whether a and b are within tol per channel, red, green and blue only. */
static inline int near_color(D3DCOLOR a, D3DCOLOR b, int tol)
{
    for (int s = 0; s < 24; s += 8) {
        int d = (int)((a >> s) & 0xff) - (int)((b >> s) & 0xff);
        if (d < -tol || d > tol)
            return 0;
    }
    return 1;
}

/* One back-buffer pixel (RGB), or 0xdeadbeef when it cannot be read. */
static inline D3DCOLOR bb_pixel(IDirect3DDevice9 *dev, int x, int y)
{
    IDirect3DSurface9 *bb = NULL;
    D3DCOLOR c = 0xdeadbeef;
    IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb);
    if (bb) {
        c = rt_pixel(dev, bb, x, y);
        IDirect3DSurface9_Release(bb);
    }
    return c;
}

static inline void check_pixel(const char *file, int line, IDirect3DDevice9 *dev, int x, int y, D3DCOLOR want, int tol,
                               const char *what)
{
    D3DCOLOR got = bb_pixel(dev, x, y);
    harness_check(near_color(got, want, tol), file, line, "%s%spixel (%d,%d) = %06lx, want %06lx", what ? what : "",
                  what ? ": " : "", x, y, (unsigned long)got, (unsigned long)want);
}

/* Back-buffer pixel (x, y) is want within tol per channel; what (or NULL)
 * prefixes the message. */
#define CHECK_PIXEL_TOL(dev, x, y, want, tol, what) check_pixel(__FILE__, __LINE__, dev, x, y, want, tol, what)
#define CHECK_PIXEL(dev, x, y, want, what) CHECK_PIXEL_TOL(dev, x, y, want, PIXEL_TOL, what)

/* rgbw_texels (below) shows its texels at (l, t), (r, t), (l, b), (r, b). */
#define CHECK_RGBW(dev, l, t, r, b, what)                                                                              \
    do {                                                                                                               \
        CHECK_PIXEL(dev, l, t, 0xff0000, what);                                                                        \
        CHECK_PIXEL(dev, r, t, 0x00ff00, what);                                                                        \
        CHECK_PIXEL(dev, l, b, 0x0000ff, what);                                                                        \
        CHECK_PIXEL(dev, r, b, 0xffffff, what);                                                                        \
    } while (0)

/* A render target (the back buffer when rt is NULL) read back once,
 * pixels taken from the copy. */
struct readback {
    IDirect3DSurface9 *sys;
    D3DLOCKED_RECT lr;
    BOOL ok;
};

static inline void read_back(IDirect3DDevice9 *dev, IDirect3DSurface9 *rt, struct readback *rb)
{
    IDirect3DSurface9 *bb = NULL;
    D3DSURFACE_DESC d;
    memset(rb, 0, sizeof(*rb));
    if (!rt) {
        IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb);
        rt = bb;
    }
    if (rt) {
        IDirect3DSurface9_GetDesc(rt, &d);
        IDirect3DDevice9_CreateOffscreenPlainSurface(dev, d.Width, d.Height, d.Format, D3DPOOL_SYSTEMMEM, &rb->sys,
                                                     NULL);
        if (rb->sys && SUCCEEDED(IDirect3DDevice9_GetRenderTargetData(dev, rt, rb->sys)) &&
            SUCCEEDED(IDirect3DSurface9_LockRect(rb->sys, &rb->lr, NULL, D3DLOCK_READONLY)))
            rb->ok = TRUE;
    }
    CHECK(rb->ok, "readback failed");
    if (bb)
        IDirect3DSurface9_Release(bb);
}

/* The pixel as stored (ARGB), or 0xdeadbeef. */
static inline D3DCOLOR rb_argb(const struct readback *rb, int x, int y)
{
    return rb->ok ? ((DWORD *)((BYTE *)rb->lr.pBits + y * rb->lr.Pitch))[x] : 0xdeadbeef;
}

/* The pixel's colour without alpha (or X), or 0xdeadbeef. */
static inline D3DCOLOR rb_pixel(const struct readback *rb, int x, int y)
{
    return rb->ok ? rb_argb(rb, x, y) & 0xffffff : 0xdeadbeef;
}

static inline void rb_release(struct readback *rb)
{
    if (rb->ok)
        IDirect3DSurface9_UnlockRect(rb->sys);
    if (rb->sys)
        IDirect3DSurface9_Release(rb->sys);
}

/* A pre-transformed vertex with a diffuse colour. */
struct tl {
    float x, y, z, rhw;
    D3DCOLOR c;
};
#define FVF_TL (D3DFVF_XYZRHW | D3DFVF_DIFFUSE)

/* An untransformed vertex (clip space under a pass-through shader). */
struct xyz {
    float x, y, z;
    D3DCOLOR c;
};
#define FVF_XYZ (D3DFVF_XYZ | D3DFVF_DIFFUSE)

/* A screen-space rectangle, pixels l..r-1 by t..b-1 at depth z, as a
 * strip of pre-transformed vertices (FVF_TL must be set). */
static inline void rect_tl(IDirect3DDevice9 *dev, float l, float t, float r, float b, float z, D3DCOLOR c)
{
    struct tl v[4] = {{l, t, z, 1, c}, {r, t, z, 1, c}, {l, b, z, 1, c}, {r, b, z, 1, c}};
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0]));
}

/* A device with lighting and culling off, or NULL (checked) when it
 * cannot be made. */
static inline IDirect3DDevice9 *unlit_device(IDirect3D9 *d3d, HWND window)
{
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    if (!dev)
        return NULL;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    return dev;
}

/* An unlit device ready for FVF_TL draws: target and depth cleared to
 * clear and 1.0, inside BeginScene. */
static inline IDirect3DDevice9 *tl_device(IDirect3D9 *d3d, HWND window, D3DCOLOR clear)
{
    IDirect3DDevice9 *dev = unlit_device(d3d, window);
    if (!dev)
        return NULL;
    IDirect3DDevice9_SetFVF(dev, FVF_TL);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, clear, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    return dev;
}

/* A float render or texture-stage state value, bit for bit. */
static inline DWORD f2dw(float f)
{
    DWORD d;
    memcpy(&d, &f, sizeof(d));
    return d;
}

static inline IDirect3DVertexShader9 *vs_of(IDirect3DDevice9 *dev, const DWORD *code)
{
    IDirect3DVertexShader9 *s = NULL;
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, code, &s), D3D_OK);
    return s;
}

static inline IDirect3DPixelShader9 *ps_of(IDirect3DDevice9 *dev, const DWORD *code)
{
    IDirect3DPixelShader9 *s = NULL;
    CHECK_HR(IDirect3DDevice9_CreatePixelShader(dev, code, &s), D3D_OK);
    return s;
}

/* A one-level managed A8R8G8B8 texture of w x h texels, rows top first. */
static inline IDirect3DTexture9 *texture_of(IDirect3DDevice9 *dev, int w, int h, const D3DCOLOR *texels)
{
    IDirect3DTexture9 *tex = NULL;
    D3DLOCKED_RECT lr;
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, w, h, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex, NULL), D3D_OK);
    if (tex && SUCCEEDED(IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0))) {
        for (int y = 0; y < h; y++)
            memcpy((BYTE *)lr.pBits + y * lr.Pitch, texels + y * w, w * 4);
        IDirect3DTexture9_UnlockRect(tex, 0);
    }
    return tex;
}

/* Pass-through shaders (core/dxso assembled).
 * vs_2_0: dcl_position v0; dcl_color v1; mov oPos, v0; mov oD0, v1 */
static const DWORD vs_pass[] = {
    0xfffe0200, 0x0200001f, 0x80000000, 0x900f0000, 0x0200001f, 0x8000000a, 0x900f0001, 0x02000001,
    0xc00f0000, 0x90e40000, 0x02000001, 0xd00f0000, 0x90e40001, 0x0000ffff,
};
/* ps_2_0: dcl v0; mov oC0, v0 */
static const DWORD ps_pass[] = {
    0xffff0200, 0x0200001f, 0x80000000, 0x900f0000, 0x02000001, 0x800f0800, 0x90e40000, 0x0000ffff,
};

/* Red, green on the top row, blue, white below: a 2x2 texture whose
 * quarters tell apart. */
static const D3DCOLOR rgbw_texels[4] = {0xffff0000u, 0xff00ff00u, 0xff0000ffu, 0xffffffffu};

#endif
