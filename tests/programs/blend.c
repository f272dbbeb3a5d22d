/* Blending, checked by pixel readback of an A8R8G8B8 render target (alpha
 * included) against D3D9's blend equation worked out here in C: every
 * D3DBLEND factor as source and as destination factor, every D3DBLENDOP,
 * separate alpha blending, D3DRS_BLENDFACTOR and the colour write masks.
 * Each case draws one pre-transformed 20x20 square over a destination
 * cleared to DST. Tolerance: 2 per 8-bit channel. */
#include <math.h>

#include "draw_util.h"

static IDirect3D9 *d3d;
static HWND window;

#define SRC 0x60c03080u /* the square's diffuse colour, 0xAARRGGBB */
#define DST 0x8040c0a0u /* the cleared destination */
#define FACTOR 0x40ff8020u /* D3DRS_BLENDFACTOR */

static double ch(D3DCOLOR c, int i) /* 0 r, 1 g, 2 b, 3 a */
{
    static const int shift[4] = {16, 8, 0, 24};
    return ((c >> shift[i]) & 0xff) / 255.0;
}

static double sat(double v) { return v < 0 ? 0 : v > 1 ? 1 : v; }

static D3DCOLOR argb(const double v[4])
{
    return (D3DCOLOR)((unsigned)(sat(v[3]) * 255 + 0.5) << 24 | (unsigned)(sat(v[0]) * 255 + 0.5) << 16 |
                      (unsigned)(sat(v[1]) * 255 + 0.5) << 8 | (unsigned)(sat(v[2]) * 255 + 0.5));
}

/* One channel (i) of a blend factor. */
static double factor(DWORD f, D3DCOLOR src, D3DCOLOR dst, int i)
{
    double sa = ch(src, 3), da = ch(dst, 3);
    switch (f) {
    case D3DBLEND_ZERO: return 0;
    case D3DBLEND_ONE: return 1;
    case D3DBLEND_SRCCOLOR: return ch(src, i);
    case D3DBLEND_INVSRCCOLOR: return 1 - ch(src, i);
    case D3DBLEND_SRCALPHA: return sa;
    case D3DBLEND_INVSRCALPHA: return 1 - sa;
    case D3DBLEND_DESTALPHA: return da;
    case D3DBLEND_INVDESTALPHA: return 1 - da;
    case D3DBLEND_DESTCOLOR: return ch(dst, i);
    case D3DBLEND_INVDESTCOLOR: return 1 - ch(dst, i);
    case D3DBLEND_SRCALPHASAT: return i == 3 ? 1 : (sa < 1 - da ? sa : 1 - da);
    case D3DBLEND_BLENDFACTOR: return ch(FACTOR, i);
    case D3DBLEND_INVBLENDFACTOR: return 1 - ch(FACTOR, i);
    }
    return -100;
}

static double apply(DWORD op, double s, double d, double sf, double df)
{
    switch (op) {
    case D3DBLENDOP_ADD: return s * sf + d * df;
    case D3DBLENDOP_SUBTRACT: return s * sf - d * df;
    case D3DBLENDOP_REVSUBTRACT: return d * df - s * sf;
    case D3DBLENDOP_MIN: return s < d ? s : d;
    case D3DBLENDOP_MAX: return s > d ? s : d;
    }
    return -100;
}

struct bcase {
    const char *what;
    DWORD src, dst, op;
    BOOL separate;
    DWORD srca, dsta, opa;
    DWORD mask; /* D3DRS_COLORWRITEENABLE; 0 means all */
    BOOL noblend;
};

/* The obsolete BOTH factors set both: BOTHSRCALPHA is SRCALPHA and
 * INVSRCALPHA, BOTHINVSRCALPHA the reverse. */
static void resolve_both(DWORD *src, DWORD *dst)
{
    if (*src == D3DBLEND_BOTHSRCALPHA) {
        *src = D3DBLEND_SRCALPHA;
        *dst = D3DBLEND_INVSRCALPHA;
    } else if (*src == D3DBLEND_BOTHINVSRCALPHA) {
        *src = D3DBLEND_INVSRCALPHA;
        *dst = D3DBLEND_SRCALPHA;
    }
}

static D3DCOLOR expect(const struct bcase *c, D3DCOLOR dst)
{
    double out[4];
    DWORD mask = c->mask ? c->mask : 0xf;
    static const DWORD bit[4] = {D3DCOLORWRITEENABLE_RED, D3DCOLORWRITEENABLE_GREEN, D3DCOLORWRITEENABLE_BLUE,
                                 D3DCOLORWRITEENABLE_ALPHA};
    DWORD sf = c->src, df = c->dst;
    resolve_both(&sf, &df);
    for (int i = 0; i < 4; i++) {
        DWORD s = sf, d = df, op = c->op;
        if (i == 3 && c->separate) {
            s = c->srca;
            d = c->dsta;
            op = c->opa;
        }
        if (c->noblend)
            out[i] = ch(SRC, i);
        else
            out[i] = apply(op, ch(SRC, i), ch(dst, i), factor(s, SRC, dst, i), factor(d, SRC, dst, i));
        if (!(mask & bit[i]))
            out[i] = ch(dst, i);
    }
    return argb(out);
}

#define F(s, d) {#s " / " #d, D3DBLEND_##s, D3DBLEND_##d, D3DBLENDOP_ADD, FALSE, 0, 0, 0, 0, FALSE}
#define OP(s, d, op) {#op, D3DBLEND_##s, D3DBLEND_##d, D3DBLENDOP_##op, FALSE, 0, 0, 0, 0, FALSE}

static const struct bcase cases[] = {
    F(ZERO, ZERO), F(ONE, ZERO), F(SRCCOLOR, ZERO), F(INVSRCCOLOR, ZERO), F(SRCALPHA, ZERO),
    F(INVSRCALPHA, ZERO), F(DESTALPHA, ZERO), F(INVDESTALPHA, ZERO), F(DESTCOLOR, ZERO), F(INVDESTCOLOR, ZERO),
    F(SRCALPHASAT, ZERO), F(BLENDFACTOR, ZERO), F(INVBLENDFACTOR, ZERO),
    F(ZERO, ONE), F(ZERO, SRCCOLOR), F(ZERO, INVSRCCOLOR), F(ZERO, SRCALPHA), F(ZERO, INVSRCALPHA),
    F(ZERO, DESTALPHA), F(ZERO, INVDESTALPHA), F(ZERO, DESTCOLOR), F(ZERO, INVDESTCOLOR),
    F(ZERO, BLENDFACTOR), F(ZERO, INVBLENDFACTOR),
    F(SRCALPHA, INVSRCALPHA), F(BOTHSRCALPHA, ZERO), F(BOTHINVSRCALPHA, ZERO),
    OP(ONE, ONE, ADD), OP(ONE, ONE, SUBTRACT), OP(SRCALPHA, ONE, REVSUBTRACT), OP(ZERO, ZERO, MIN),
    OP(ZERO, ZERO, MAX), OP(DESTCOLOR, SRCCOLOR, SUBTRACT),
    {"separate alpha: colour ADD src/invsrc, alpha REVSUBTRACT one/one", D3DBLEND_SRCALPHA, D3DBLEND_INVSRCALPHA,
     D3DBLENDOP_ADD, TRUE, D3DBLEND_ONE, D3DBLEND_ONE, D3DBLENDOP_REVSUBTRACT, 0, FALSE},
    {"separate alpha: alpha ZERO/DESTALPHA, MAX colour", D3DBLEND_ONE, D3DBLEND_ONE, D3DBLENDOP_MAX, TRUE,
     D3DBLEND_ZERO, D3DBLEND_INVSRCCOLOR, D3DBLENDOP_ADD, 0, FALSE},
    {"write mask red|alpha, no blending", D3DBLEND_ONE, D3DBLEND_ZERO, D3DBLENDOP_ADD, FALSE, 0, 0, 0,
     D3DCOLORWRITEENABLE_RED | D3DCOLORWRITEENABLE_ALPHA, TRUE},
    {"write mask green|blue, blended", D3DBLEND_ONE, D3DBLEND_ONE, D3DBLENDOP_ADD, FALSE, 0, 0, 0,
     D3DCOLORWRITEENABLE_GREEN | D3DCOLORWRITEENABLE_BLUE, FALSE},
    {"write mask alpha only", D3DBLEND_ONE, D3DBLEND_ZERO, D3DBLENDOP_ADD, FALSE, 0, 0, 0,
     D3DCOLORWRITEENABLE_ALPHA, TRUE},
};

static void square(IDirect3DDevice9 *dev, int cell)
{
    struct tl q[4];
    for (int i = 0; i < 4; i++) {
        q[i].x = (float)(cell % 16 * 20 + (i & 1) * 20);
        q[i].y = (float)(cell / 16 * 20 + (i >> 1) * 20);
        q[i].z = 0.5f;
        q[i].rhw = 1;
        q[i].c = SRC;
    }
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])), D3D_OK);
}

static int near_argb(D3DCOLOR a, D3DCOLOR b, DWORD channels)
{
    for (int s = 0; s < 32; s += 8) {
        int d = (int)((a >> s) & 0xff) - (int)((b >> s) & 0xff);
        if (((channels >> s) & 0xff) && (d < -2 || d > 2))
            return 0;
    }
    return 1;
}

static IDirect3DDevice9 *begin(void)
{
    IDirect3DDevice9 *dev = unlit_device(d3d, window);
    if (!dev)
        return NULL;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_DIFFUSE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_DIFFUSE);
    IDirect3DDevice9_SetFVF(dev, FVF_TL);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_BLENDFACTOR, FACTOR);
    return dev;
}

static void set_case(IDirect3DDevice9 *dev, const struct bcase *c)
{
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, !c->noblend);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, c->src);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, c->dst);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_BLENDOP, c->op);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SEPARATEALPHABLENDENABLE, c->separate);
    if (c->separate) {
        IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLENDALPHA, c->srca);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLENDALPHA, c->dsta);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_BLENDOPALPHA, c->opa);
    }
    IDirect3DDevice9_SetRenderState(dev, D3DRS_COLORWRITEENABLE, c->mask ? c->mask : 0xf);
}

TEST(factors_ops_masks)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DSurface9 *rt = NULL;
    struct readback rb;
    const int n = sizeof(cases) / sizeof(cases[0]);
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 320, 240, D3DFMT_A8R8G8B8, 0, 0, FALSE, &rt, NULL), D3D_OK);
    if (!rt) {
        IDirect3DDevice9_Release(dev);
        return;
    }
    IDirect3DDevice9_SetRenderTarget(dev, 0, rt);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, DST, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    for (int i = 0; i < n; i++) {
        set_case(dev, &cases[i]);
        square(dev, i);
    }
    IDirect3DDevice9_EndScene(dev);
    read_back(dev, rt, &rb);
    for (int i = 0; i < n; i++) {
        D3DCOLOR got = rb_argb(&rb, i % 16 * 20 + 10, i / 16 * 20 + 10), want = expect(&cases[i], DST);
        CHECK(near_argb(got, want, 0xffffffff), "%s: %08lx, want %08lx", cases[i].what, (unsigned long)got,
              (unsigned long)want);
    }
    rb_release(&rb);
    IDirect3DDevice9_SetRenderTarget(dev, 0, NULL);
    IDirect3DSurface9_Release(rt);
    IDirect3DDevice9_Release(dev);
}

/* A target without alpha (the X8R8G8B8 back buffer): its alpha reads as
 * 1 to DESTALPHA, whatever the clear colour's alpha was. */
TEST(dest_alpha_of_x8r8g8b8)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DSurface9 *bb = NULL;
    struct readback rb;
    static const struct bcase c[2] = {F(DESTALPHA, ZERO), F(ZERO, INVDESTALPHA)};
    if (!dev)
        return;
    IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb);
    if (!bb) {
        IDirect3DDevice9_Release(dev);
        return;
    }
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, DST & 0xffffff, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    for (int i = 0; i < 2; i++) {
        set_case(dev, &c[i]);
        square(dev, i);
    }
    IDirect3DDevice9_EndScene(dev);
    read_back(dev, bb, &rb);
    for (int i = 0; i < 2; i++) {
        D3DCOLOR got = rb_argb(&rb, i * 20 + 10, 10), want = expect(&c[i], DST | 0xff000000u);
        CHECK(near_argb(got, want, 0xffffff), "%s: %06lx, want %06lx", c[i].what, (unsigned long)got & 0xffffff,
              (unsigned long)want & 0xffffff);
    }
    rb_release(&rb);
    IDirect3DSurface9_Release(bb);
    IDirect3DDevice9_Release(dev);
}

/* A half float's value. */
static float half_value(WORD h)
{
    int e = (h >> 10) & 0x1f, m = h & 0x3ff;
    float v = e ? (float)(m | 0x400) * ldexpf(1, e - 25) : (float)m * ldexpf(1, -24);
    return h & 0x8000 ? -v : v;
}

/* Float render targets blend only where CheckDeviceFormat answers
 * D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING for them; otherwise the square's
 * colour is written as it is (what Windows' drivers do for a format they
 * do not blend, Wine's pixelshader_blending_test). The red channel is read
 * from the target's own texels. */
TEST(float_targets_follow_the_blending_caps)
{
    static const struct {
        D3DFORMAT f;
        const char *name;
        int half; /* texels are half floats */
    } fmts[] = {
        {D3DFMT_R16F, "R16F", 1},
        {D3DFMT_A16B16G16R16F, "A16B16G16R16F", 1},
        {D3DFMT_R32F, "R32F", 0},
        {D3DFMT_G32R32F, "G32R32F", 0},
        {D3DFMT_A32B32G32R32F, "A32B32G32R32F", 0},
    };
    static const struct bcase c = F(SRCALPHA, INVSRCALPHA);
    IDirect3DDevice9 *dev = begin();
    if (!dev)
        return;
    for (UINT i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++) {
        IDirect3DSurface9 *rt = NULL, *sys = NULL;
        D3DLOCKED_RECT lr;
        BOOL blends = SUCCEEDED(IDirect3D9_CheckDeviceFormat(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                                             D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING,
                                                             D3DRTYPE_SURFACE, fmts[i].f));
        double want = blends ? ch(SRC, 3) * ch(SRC, 0) + (1 - ch(SRC, 3)) * ch(DST, 0) : ch(SRC, 0);
        float got = -1;
        if (FAILED(IDirect3D9_CheckDeviceFormat(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DUSAGE_RENDERTARGET,
                                                D3DRTYPE_SURFACE, fmts[i].f)))
            continue;
        CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 64, 64, fmts[i].f, 0, 0, FALSE, &rt, NULL), D3D_OK);
        CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 64, 64, fmts[i].f, D3DPOOL_SYSTEMMEM, &sys, NULL),
                 D3D_OK);
        if (rt && sys) {
            IDirect3DDevice9_SetRenderTarget(dev, 0, rt);
            IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, DST, 1.0f, 0);
            IDirect3DDevice9_BeginScene(dev);
            set_case(dev, &c);
            square(dev, 0);
            IDirect3DDevice9_EndScene(dev);
            CHECK_HR(IDirect3DDevice9_GetRenderTargetData(dev, rt, sys), D3D_OK);
            if (SUCCEEDED(IDirect3DSurface9_LockRect(sys, &lr, NULL, D3DLOCK_READONLY))) {
                const BYTE *row = (const BYTE *)lr.pBits + 10 * lr.Pitch;
                /* Red is the first channel of each of these formats. */
                if (fmts[i].half)
                    got = half_value(((const WORD *)row)[10 * (fmts[i].f == D3DFMT_R16F ? 1 : 4)]);
                else
                    got = ((const float *)row)[10 * (fmts[i].f == D3DFMT_R32F ? 1 : fmts[i].f == D3DFMT_G32R32F ? 2 : 4)];
                IDirect3DSurface9_UnlockRect(sys);
            }
            CHECK(got > want - 0.01 && got < want + 0.01, "%s (%s): red %f, want %f", fmts[i].name,
                  blends ? "blends" : "does not blend", got, want);
            IDirect3DDevice9_SetRenderTarget(dev, 0, NULL);
        }
        if (sys)
            IDirect3DSurface9_Release(sys);
        if (rt)
            IDirect3DSurface9_Release(rt);
    }
    IDirect3DDevice9_Release(dev);
}

static const struct harness_test tests[] = {
    T(factors_ops_masks),
    T(dest_alpha_of_x8r8g8b8),
    T(float_targets_follow_the_blending_caps),
};

int main(void)
{
    return RUN_TESTS_SHARED(tests, &d3d, &window);
}
