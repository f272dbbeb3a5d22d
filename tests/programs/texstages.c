/* Fixed-function texture stages, checked by pixel readback against the
 * D3D9 texture-blending formulas evaluated here in C (every stage result
 * saturated, as the hardware did). Each case draws one pre-transformed
 * 40x40 square with constant vertex colours and 1x1 textures, so every
 * pixel of it is the stage cascade's result; a second square repeats the
 * case with an extra stage that shows the alpha (CURRENT|ALPHAREPLICATE),
 * so alpha ops are checked too. One readback per frame checks all of them.
 * Tolerance: 2 per 8-bit channel. */
#include "draw_util.h"

static IDirect3D9 *d3d;
static HWND window;

/* The inputs, 0xAARRGGBB. */
#define DIFFUSE 0x8040c020u
#define SPECULAR 0xa0306090u
#define TFACTOR 0xc02080ffu
static const D3DCOLOR texel[3] = {0x60a050f0u, 0xc080ff10u, 0x40204060u};

struct stage {
    DWORD cop, c1, c2, c0;
    DWORD aop, a1, a2, a0;
    DWORD result;
};

struct tcase {
    const char *name;
    int n;
    struct stage st[3];
};

/* Stage shorthands: colour and alpha alike, or colour and alpha apart. */
#define S(op, a1, a2) {op, a1, a2, D3DTA_CURRENT, op, a1, a2, D3DTA_CURRENT, D3DTA_CURRENT}
#define S3(op, a0, a1, a2) {op, a1, a2, a0, op, a1, a2, a0, D3DTA_CURRENT}
#define SCA(cop, c1, c2, aop, a1, a2) {cop, c1, c2, D3DTA_CURRENT, aop, a1, a2, D3DTA_CURRENT, D3DTA_CURRENT}

static const struct tcase cases[] = {
    {"SELECTARG1 texture", 1, {S(D3DTOP_SELECTARG1, D3DTA_TEXTURE, D3DTA_DIFFUSE)}},
    {"SELECTARG2 diffuse", 1, {S(D3DTOP_SELECTARG2, D3DTA_TEXTURE, D3DTA_DIFFUSE)}},
    {"SELECTARG1 tfactor", 1, {S(D3DTOP_SELECTARG1, D3DTA_TFACTOR, D3DTA_DIFFUSE)}},
    {"SELECTARG1 specular", 1, {S(D3DTOP_SELECTARG1, D3DTA_SPECULAR, D3DTA_DIFFUSE)}},
    {"SELECTARG1 current is diffuse", 1, {S(D3DTOP_SELECTARG1, D3DTA_CURRENT, D3DTA_TEXTURE)}},
    {"MODULATE", 1, {S(D3DTOP_MODULATE, D3DTA_TEXTURE, D3DTA_DIFFUSE)}},
    {"MODULATE2X", 1, {S(D3DTOP_MODULATE2X, D3DTA_TEXTURE, D3DTA_DIFFUSE)}},
    {"MODULATE4X", 1, {S(D3DTOP_MODULATE4X, D3DTA_TEXTURE, D3DTA_DIFFUSE)}},
    {"ADD", 1, {S(D3DTOP_ADD, D3DTA_TEXTURE, D3DTA_SPECULAR)}},
    {"ADDSIGNED", 1, {S(D3DTOP_ADDSIGNED, D3DTA_TEXTURE, D3DTA_DIFFUSE)}},
    {"SUBTRACT", 1, {S(D3DTOP_SUBTRACT, D3DTA_TEXTURE, D3DTA_DIFFUSE)}},
    {"BLENDDIFFUSEALPHA", 1, {S(D3DTOP_BLENDDIFFUSEALPHA, D3DTA_TEXTURE, D3DTA_TFACTOR)}},
    {"BLENDTEXTUREALPHA", 1, {S(D3DTOP_BLENDTEXTUREALPHA, D3DTA_SPECULAR, D3DTA_DIFFUSE)}},
    {"BLENDFACTORALPHA", 1, {S(D3DTOP_BLENDFACTORALPHA, D3DTA_TEXTURE, D3DTA_DIFFUSE)}},
    {"DOTPRODUCT3", 1, {S(D3DTOP_DOTPRODUCT3, D3DTA_TEXTURE, D3DTA_TFACTOR)}},
    {"MULTIPLYADD", 1, {S3(D3DTOP_MULTIPLYADD, D3DTA_SPECULAR, D3DTA_TEXTURE, D3DTA_DIFFUSE)}},
    {"LERP", 1, {S3(D3DTOP_LERP, D3DTA_TFACTOR, D3DTA_TEXTURE, D3DTA_DIFFUSE)}},
    {"COMPLEMENT", 1, {S(D3DTOP_MODULATE, D3DTA_TEXTURE | D3DTA_COMPLEMENT, D3DTA_DIFFUSE)}},
    {"ALPHAREPLICATE", 1, {S(D3DTOP_MODULATE, D3DTA_TEXTURE | D3DTA_ALPHAREPLICATE, D3DTA_DIFFUSE)}},
    {"COMPLEMENT|ALPHAREPLICATE", 1,
     {S(D3DTOP_ADD, D3DTA_TFACTOR | D3DTA_COMPLEMENT | D3DTA_ALPHAREPLICATE, D3DTA_DIFFUSE)}},
    {"colour and alpha ops apart", 1,
     {SCA(D3DTOP_MODULATE, D3DTA_TEXTURE, D3DTA_DIFFUSE, D3DTOP_ADD, D3DTA_TEXTURE, D3DTA_TFACTOR)}},
    {"two stages", 2,
     {S(D3DTOP_MODULATE, D3DTA_TEXTURE, D3DTA_DIFFUSE), S(D3DTOP_ADDSIGNED, D3DTA_CURRENT, D3DTA_TEXTURE)}},
    {"three stages", 3,
     {S(D3DTOP_MODULATE, D3DTA_TEXTURE, D3DTA_DIFFUSE), S(D3DTOP_MODULATE2X, D3DTA_CURRENT, D3DTA_TEXTURE),
      S(D3DTOP_SUBTRACT, D3DTA_TEXTURE | D3DTA_COMPLEMENT, D3DTA_CURRENT)}},
    {"TEMP result", 3,
     {{D3DTOP_SELECTARG1, D3DTA_TEXTURE, D3DTA_DIFFUSE, D3DTA_CURRENT, D3DTOP_SELECTARG1, D3DTA_TEXTURE, D3DTA_DIFFUSE,
       D3DTA_CURRENT, D3DTA_TEMP},
      S(D3DTOP_MODULATE, D3DTA_TEXTURE, D3DTA_CURRENT), S(D3DTOP_ADD, D3DTA_TEMP, D3DTA_CURRENT)}},
    {"BLENDTEXTUREALPHA in stage 1", 2,
     {S(D3DTOP_SELECTARG1, D3DTA_DIFFUSE, D3DTA_TEXTURE), S(D3DTOP_BLENDTEXTUREALPHA, D3DTA_TFACTOR, D3DTA_CURRENT)}},
};

static double chan(D3DCOLOR c, int i) /* i: 0 r, 1 g, 2 b, 3 a */
{
    static const int shift[4] = {16, 8, 0, 24};
    return ((c >> shift[i]) & 0xff) / 255.0;
}

static double sat(double v) { return v < 0 ? 0 : v > 1 ? 1 : v; }

struct regs {
    double diffuse[4], specular[4], current[4], temp[4], tex[4], factor[4];
};

static double argval(const struct regs *r, DWORD sel, int ch)
{
    const double *src;
    double v;
    switch (sel & D3DTA_SELECTMASK) {
    case D3DTA_DIFFUSE: src = r->diffuse; break;
    case D3DTA_SPECULAR: src = r->specular; break;
    case D3DTA_TEXTURE: src = r->tex; break;
    case D3DTA_TFACTOR: src = r->factor; break;
    case D3DTA_TEMP: src = r->temp; break;
    default: src = r->current; break;
    }
    v = src[(sel & D3DTA_ALPHAREPLICATE) ? 3 : ch];
    return (sel & D3DTA_COMPLEMENT) ? 1 - v : v;
}

/* One channel of one op; dot is DOTPRODUCT3's value, worked out first. */
static double op_value(const struct regs *r, DWORD op, DWORD s0, DWORD s1, DWORD s2, int ch, int alpha)
{
    int c = alpha ? 3 : ch;
    double a0 = argval(r, s0, c), a1 = argval(r, s1, c), a2 = argval(r, s2, c);
    switch (op) {
    case D3DTOP_SELECTARG1: return a1;
    case D3DTOP_SELECTARG2: return a2;
    case D3DTOP_MODULATE: return a1 * a2;
    case D3DTOP_MODULATE2X: return 2 * a1 * a2;
    case D3DTOP_MODULATE4X: return 4 * a1 * a2;
    case D3DTOP_ADD: return a1 + a2;
    case D3DTOP_ADDSIGNED: return a1 + a2 - 0.5;
    case D3DTOP_SUBTRACT: return a1 - a2;
    case D3DTOP_BLENDDIFFUSEALPHA: return a1 * r->diffuse[3] + a2 * (1 - r->diffuse[3]);
    case D3DTOP_BLENDTEXTUREALPHA: return a1 * r->tex[3] + a2 * (1 - r->tex[3]);
    case D3DTOP_BLENDFACTORALPHA: return a1 * r->factor[3] + a2 * (1 - r->factor[3]);
    case D3DTOP_MULTIPLYADD: return a0 + a1 * a2;
    case D3DTOP_LERP: return a0 * a1 + (1 - a0) * a2;
    case D3DTOP_DOTPRODUCT3: {
        double d = 0;
        for (int i = 0; i < 3; i++)
            d += (argval(r, s1, i) - 0.5) * (argval(r, s2, i) - 0.5);
        return 4 * d;
    }
    }
    return -1;
}

/* The cascade's CURRENT after the case's stages, rgba. */
static void evaluate(const struct tcase *tc, double out[4])
{
    struct regs r;
    memset(&r, 0, sizeof(r));
    for (int i = 0; i < 4; i++) {
        r.diffuse[i] = r.current[i] = chan(DIFFUSE, i);
        r.specular[i] = chan(SPECULAR, i);
        r.factor[i] = chan(TFACTOR, i);
    }
    for (int s = 0; s < tc->n; s++) {
        const struct stage *st = &tc->st[s];
        double res[4];
        for (int i = 0; i < 4; i++)
            r.tex[i] = chan(texel[s], i);
        for (int i = 0; i < 3; i++)
            res[i] = sat(op_value(&r, st->cop, st->c0, st->c1, st->c2, i, 0));
        /* DOTPRODUCT3 replicates to alpha (the drivers' rule). */
        res[3] = st->cop == D3DTOP_DOTPRODUCT3 ? res[0] : sat(op_value(&r, st->aop, st->a0, st->a1, st->a2, 3, 1));
        memcpy(st->result == D3DTA_TEMP ? r.temp : r.current, res, sizeof(res));
    }
    memcpy(out, r.current, sizeof(r.current));
}

static D3DCOLOR to_rgb(double r, double g, double b)
{
    return (D3DCOLOR)((int)(r * 255 + 0.5) << 16 | (int)(g * 255 + 0.5) << 8 | (int)(b * 255 + 0.5));
}

struct tlv {
    float x, y, z, rhw;
    D3DCOLOR diffuse, specular;
    float uv[3][2];
};
#define FVF_TLV (D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_SPECULAR | D3DFVF_TEX3)

/* A 40x40 square at cell (cx, cy), every coordinate set at (u, v). */
static void draw_square(IDirect3DDevice9 *dev, int cx, int cy, float u, float v)
{
    struct tlv q[4];
    for (int i = 0; i < 4; i++) {
        q[i].x = (float)(cx * 40 + (i & 1) * 40);
        q[i].y = (float)(cy * 40 + (i >> 1) * 40);
        q[i].z = 0.5f;
        q[i].rhw = 1;
        q[i].diffuse = DIFFUSE;
        q[i].specular = SPECULAR;
        for (int s = 0; s < 3; s++) {
            q[i].uv[s][0] = u;
            q[i].uv[s][1] = v;
        }
    }
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
}

static void set_stage(IDirect3DDevice9 *dev, int s, const struct stage *st)
{
    IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_COLOROP, st->cop);
    IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_COLORARG1, st->c1);
    IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_COLORARG2, st->c2);
    IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_COLORARG0, st->c0);
    IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_ALPHAOP, st->aop);
    IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_ALPHAARG1, st->a1);
    IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_ALPHAARG2, st->a2);
    IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_ALPHAARG0, st->a0);
    IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_RESULTARG, st->result);
}

static IDirect3DDevice9 *begin(IDirect3DTexture9 **tex)
{
    IDirect3DDevice9 *dev = unlit_device(d3d, window);
    if (!dev)
        return NULL;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_TEXTUREFACTOR, TFACTOR);
    IDirect3DDevice9_SetFVF(dev, FVF_TLV);
    for (int s = 0; s < 3; s++) {
        tex[s] = texture_of(dev, 1, 1, &texel[s]);
        IDirect3DDevice9_SetTexture(dev, s, (IDirect3DBaseTexture9 *)tex[s]);
    }
    return dev;
}

static void end(IDirect3DDevice9 *dev, IDirect3DTexture9 **tex)
{
    for (int s = 0; s < 3; s++) {
        IDirect3DDevice9_SetTexture(dev, s, NULL);
        if (tex[s])
            IDirect3DTexture9_Release(tex[s]);
    }
    IDirect3DDevice9_Release(dev);
}

/* The 2x2 red, green, blue, white texture on stage 0, whose colour the
 * stage passes on as it is. */
static IDirect3DTexture9 *show_rgbw(IDirect3DDevice9 *dev)
{
    IDirect3DTexture9 *t = texture_of(dev, 2, 2, rgbw_texels);
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)t);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    return t;
}

TEST(ops_and_args)
{
    IDirect3DTexture9 *tex[3];
    IDirect3DDevice9 *dev = begin(tex);
    static const struct stage disable = {D3DTOP_DISABLE, D3DTA_TEXTURE, D3DTA_CURRENT, D3DTA_CURRENT,
                                         D3DTOP_DISABLE, D3DTA_TEXTURE, D3DTA_CURRENT, D3DTA_CURRENT, D3DTA_CURRENT};
    static const struct stage reveal = S(D3DTOP_SELECTARG1, D3DTA_CURRENT | D3DTA_ALPHAREPLICATE, D3DTA_CURRENT);
    const int n = sizeof(cases) / sizeof(cases[0]);
    struct readback rb;
    if (!dev)
        return;
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff00ff, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    for (int i = 0; i < n; i++) {
        const struct tcase *tc = &cases[i];
        for (int pass = 0; pass < 2; pass++) {
            int s = 0;
            for (; s < tc->n; s++)
                set_stage(dev, s, &tc->st[s]);
            if (pass)
                set_stage(dev, s++, &reveal);
            for (; s < 4; s++)
                set_stage(dev, s, &disable);
            draw_square(dev, (2 * i + pass) % 16, (2 * i + pass) / 16, 0.5f, 0.5f);
        }
    }
    IDirect3DDevice9_EndScene(dev);
    read_back(dev, NULL, &rb);
    for (int i = 0; i < n; i++) {
        double want[4];
        D3DCOLOR got, gota;
        evaluate(&cases[i], want);
        got = rb_pixel(&rb, (2 * i) % 16 * 40 + 20, (2 * i) / 16 * 40 + 20);
        gota = rb_pixel(&rb, (2 * i + 1) % 16 * 40 + 20, (2 * i + 1) / 16 * 40 + 20);
        CHECK(near_color(got, to_rgb(want[0], want[1], want[2]), PIXEL_TOL), "%s: colour %06lx, want %06lx",
              cases[i].name, (unsigned long)got, (unsigned long)to_rgb(want[0], want[1], want[2]));
        CHECK(near_color(gota, to_rgb(want[3], want[3], want[3]), PIXEL_TOL), "%s: alpha %06lx, want %06lx",
              cases[i].name, (unsigned long)gota, (unsigned long)to_rgb(want[3], want[3], want[3]));
    }
    rb_release(&rb);
    end(dev, tex);
}

/* A 2x2 texture sampled with point filtering: which texel shows tells
 * which coordinate the stage used. */

TEST(texcoord_index)
{
    IDirect3DTexture9 *tex[3], *t2x2;
    IDirect3DDevice9 *dev = begin(tex);
    struct tlv q[4];
    struct readback rb;
    if (!dev)
        return;
    t2x2 = show_rgbw(dev);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    for (int idx = 0; idx < 3; idx++) {
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXCOORDINDEX, idx);
        for (int i = 0; i < 4; i++) {
            q[i].x = (float)(idx * 40 + (i & 1) * 40);
            q[i].y = (float)((i >> 1) * 40);
            q[i].z = 0.5f;
            q[i].rhw = 1;
            q[i].diffuse = DIFFUSE;
            q[i].specular = SPECULAR;
            /* Set s points at texel s+1: (0.75,0.25), (0.25,0.75), (0.75,0.75). */
            for (int s = 0; s < 3; s++) {
                q[i].uv[s][0] = ((s + 1) & 1) ? 0.75f : 0.25f;
                q[i].uv[s][1] = ((s + 1) & 2) ? 0.75f : 0.25f;
            }
        }
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
    }
    IDirect3DDevice9_EndScene(dev);
    read_back(dev, NULL, &rb);
    for (int idx = 0; idx < 3; idx++) {
        D3DCOLOR got = rb_pixel(&rb, idx * 40 + 20, 20), want = rgbw_texels[idx + 1] & 0xffffff;
        CHECK(near_color(got, want, PIXEL_TOL), "TEXCOORDINDEX %d: %06lx, want %06lx", idx, (unsigned long)got,
              (unsigned long)want);
    }
    rb_release(&rb);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    if (t2x2)
        IDirect3DTexture9_Release(t2x2);
    end(dev, tex);
}

/* D3DTTFF_COUNT2 with a texture matrix on transformed (XYZ) vertices: the
 * 2D coordinate is extended to (u, v, 1, 0), so row 3 translates. */
TEST(texture_transform_count2)
{
    IDirect3DTexture9 *tex[3], *t2x2;
    IDirect3DDevice9 *dev = begin(tex);
    struct {
        float x, y, z, u, v;
    } q[4] = {{-1, 1, 0.5f, 0.25f, 0.25f}, {1, 1, 0.5f, 0.25f, 0.25f}, {-1, -1, 0.5f, 0.25f, 0.25f},
              {1, -1, 0.5f, 0.25f, 0.25f}};
    D3DMATRIX m;
    struct readback rb;
    static const struct {
        const char *what;
        DWORD flags;
        float m11, m22, m31, m32;
        D3DCOLOR want;
    } steps[] = {
        {"no transform", D3DTTFF_DISABLE, 1, 1, 0.5f, 0, 0xff0000},
        {"translate u", D3DTTFF_COUNT2, 1, 1, 0.5f, 0, 0x00ff00},
        {"translate v", D3DTTFF_COUNT2, 1, 1, 0, 0.5f, 0x0000ff},
        {"scale 3x", D3DTTFF_COUNT2, 3, 3, 0, 0, 0xffffff},
    };
    if (!dev)
        return;
    t2x2 = show_rgbw(dev);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_TEX1);
    for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
        D3DCOLOR got;
        memset(&m, 0, sizeof(m));
        m._11 = steps[i].m11;
        m._22 = steps[i].m22;
        m._31 = steps[i].m31;
        m._32 = steps[i].m32;
        m._33 = m._44 = 1;
        IDirect3DDevice9_SetTransform(dev, D3DTS_TEXTURE0, &m);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXTURETRANSFORMFLAGS, steps[i].flags);
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0, 1.0f, 0);
        IDirect3DDevice9_BeginScene(dev);
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
        IDirect3DDevice9_EndScene(dev);
        read_back(dev, NULL, &rb);
        got = rb_pixel(&rb, 320, 240);
        CHECK(near_color(got, steps[i].want, PIXEL_TOL), "%s: %06lx, want %06lx", steps[i].what, (unsigned long)got,
              (unsigned long)steps[i].want);
        rb_release(&rb);
    }
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    if (t2x2)
        IDirect3DTexture9_Release(t2x2);
    end(dev, tex);
}

/* The rest of the fixed-function pixel path: the specular add, per-stage
 * constants, projected coordinates, vertex and table fog, alpha test. */
TEST(specular_constant_projected_fog_alphatest)
{
    IDirect3DTexture9 *tex[3], *t2x2;
    IDirect3DDevice9 *dev = begin(tex);
    struct readback rb;
    double want[3];
    if (!dev)
        return;
    t2x2 = texture_of(dev, 2, 2, rgbw_texels);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff00ff, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    /* Cell 0: SPECULARENABLE adds the specular rgb after the stages. */
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_DIFFUSE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_DIFFUSE);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, D3DTOP_DISABLE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SPECULARENABLE, TRUE);
    draw_square(dev, 0, 0, 0.5f, 0.5f);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SPECULARENABLE, FALSE);
    /* Cell 1: D3DTA_CONSTANT reads the stage's D3DTSS_CONSTANT. */
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_CONSTANT, 0xff123456);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_CONSTANT);
    draw_square(dev, 1, 0, 0.5f, 0.5f);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    /* Cell 2: a projected 3-component coordinate, (1.5, 0.5) / 2 picks
     * texel 1 (pre-transformed coordinates are projected too). */
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)t2x2);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_COUNT3 | D3DTTFF_PROJECTED);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_TEX1 | D3DFVF_TEXCOORDSIZE3(0));
    {
        struct {
            float x, y, z, rhw, u, v, w;
        } q[4];
        for (int i = 0; i < 4; i++) {
            q[i].x = (float)(80 + (i & 1) * 40);
            q[i].y = (float)((i >> 1) * 40);
            q[i].z = 0.5f;
            q[i].rhw = 1;
            q[i].u = 1.5f;
            q[i].v = 0.5f;
            q[i].w = 2;
        }
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
    }
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_DISABLE);
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex[0]);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_DIFFUSE);
    /* Cells 3 and 4: linear fog over eye z from 0 to 1 on a quad at z 0.5
     * (identity transforms): half the fog colour, by vertex and by table. */
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_DIFFUSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGCOLOR, 0x0000ff00);
    {
        float start = 0, end = 1;
        struct {
            float x, y, z;
            D3DCOLOR c;
        } q[4];
        IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGSTART, f2dw(start));
        IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGEND, f2dw(end));
        for (int cell = 3; cell < 5; cell++) {
            for (int i = 0; i < 4; i++) {
                q[i].x = (cell * 40 + (i & 1) * 40) / 320.0f - 1;
                q[i].y = 1 - ((i >> 1) * 40) / 240.0f;
                q[i].z = 0.5f;
                q[i].c = 0xffff0000;
            }
            IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGVERTEXMODE, cell == 3 ? D3DFOG_LINEAR : D3DFOG_NONE);
            IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGTABLEMODE, cell == 3 ? D3DFOG_NONE : D3DFOG_LINEAR);
            IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
        }
    }
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGENABLE, FALSE);
    IDirect3DDevice9_SetFVF(dev, FVF_TLV);
    /* Cells 5 and 6: alpha test GREATER 0x7f passes the diffuse alpha 0x80,
     * GREATER 0x80 does not. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHATESTENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAFUNC, D3DCMP_GREATER);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, 0x7f);
    draw_square(dev, 5, 0, 0.5f, 0.5f);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, 0x80);
    draw_square(dev, 6, 0, 0.5f, 0.5f);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHATESTENABLE, FALSE);
    IDirect3DDevice9_EndScene(dev);
    read_back(dev, NULL, &rb);
    for (int i = 0; i < 3; i++)
        want[i] = chan(DIFFUSE, i) + chan(SPECULAR, i);
    {
        static const char *what[7] = {"specular add", "D3DTA_CONSTANT", "projected coordinate", "vertex fog",
                                      "table fog", "alpha test passes", "alpha test fails"};
        D3DCOLOR wants[7];
        wants[0] = to_rgb(want[0] > 1 ? 1 : want[0], want[1] > 1 ? 1 : want[1], want[2] > 1 ? 1 : want[2]);
        wants[1] = 0x123456;
        wants[2] = rgbw_texels[1] & 0xffffff;
        wants[3] = wants[4] = 0x808000;
        wants[5] = DIFFUSE & 0xffffff;
        wants[6] = 0xff00ff;
        for (int i = 0; i < 7; i++) {
            D3DCOLOR got = rb_pixel(&rb, i * 40 + 20, 20);
            CHECK(near_color(got, wants[i], PIXEL_TOL), "%s: %06lx, want %06lx", what[i], (unsigned long)got,
                  (unsigned long)wants[i]);
        }
    }
    rb_release(&rb);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    if (t2x2)
        IDirect3DTexture9_Release(t2x2);
    end(dev, tex);
}

/* BUMPENVMAP: stage 0's V8U8 texel (du, dv) through the bump matrix moves
 * stage 1's coordinate; (0.5, 0) moves u from 0.1 to about 0.6, from
 * texel 0 to texel 1 of the 2x2 texture; the matrix rotated sends it to v
 * (texel 2). */
TEST(bump_env_map)
{
    IDirect3DTexture9 *tex[3], *t2x2, *bump = NULL;
    IDirect3DDevice9 *dev = begin(tex);
    struct readback rb;
    D3DLOCKED_RECT lr;
    if (!dev)
        return;
    t2x2 = texture_of(dev, 2, 2, rgbw_texels);
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 1, 1, 1, 0, D3DFMT_V8U8, D3DPOOL_MANAGED, &bump, NULL), D3D_OK);
    if (!bump || !t2x2) {
        end(dev, tex);
        return;
    }
    if (SUCCEEDED(IDirect3DTexture9_LockRect(bump, 0, &lr, NULL, 0))) {
        ((BYTE *)lr.pBits)[0] = 64; /* du */
        ((BYTE *)lr.pBits)[1] = 0;  /* dv */
        IDirect3DTexture9_UnlockRect(bump, 0);
    }
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)bump);
    IDirect3DDevice9_SetTexture(dev, 1, (IDirect3DBaseTexture9 *)t2x2);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_BUMPENVMAP);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_DIFFUSE);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_ALPHAARG1, D3DTA_CURRENT);
    IDirect3DDevice9_SetTextureStageState(dev, 2, D3DTSS_COLOROP, D3DTOP_DISABLE);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_BUMPENVMAT00, f2dw(1.0f));
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_BUMPENVMAT01, f2dw(0.0f));
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_BUMPENVMAT10, f2dw(0.0f));
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_BUMPENVMAT11, f2dw(1.0f));
    draw_square(dev, 0, 0, 0.1f, 0.1f);
    /* M01 = 1, M00 = 0: du goes to v. */
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_BUMPENVMAT00, f2dw(0.0f));
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_BUMPENVMAT01, f2dw(1.0f));
    draw_square(dev, 1, 0, 0.1f, 0.1f);
    /* A zero matrix leaves the coordinate alone. */
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_BUMPENVMAT01, f2dw(0.0f));
    draw_square(dev, 2, 0, 0.1f, 0.1f);
    IDirect3DDevice9_EndScene(dev);
    read_back(dev, NULL, &rb);
    for (int i = 0; i < 3; i++) {
        static const int texel_of[3] = {1, 2, 0};
        D3DCOLOR got = rb_pixel(&rb, i * 40 + 20, 20), want = rgbw_texels[texel_of[i]] & 0xffffff;
        CHECK(near_color(got, want, PIXEL_TOL), "bump case %d: %06lx, want %06lx", i, (unsigned long)got,
              (unsigned long)want);
    }
    rb_release(&rb);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DDevice9_SetTexture(dev, 1, NULL);
    IDirect3DTexture9_Release(bump);
    IDirect3DTexture9_Release(t2x2);
    end(dev, tex);
}

/* D3DTSS_TCI_CAMERASPACEPOSITION with a COUNT2 texture matrix mapping eye
 * x, y in [-1, 1] onto u, v in [0, 1] (v down): a viewport-filling quad
 * shows the 2x2 texture's four texels in its four quarters. */
TEST(texgen_camera_space_position)
{
    IDirect3DTexture9 *tex[3], *t2x2;
    IDirect3DDevice9 *dev = begin(tex);
    struct {
        float x, y, z;
    } q[4] = {{-1, 1, 0.5f}, {1, 1, 0.5f}, {-1, -1, 0.5f}, {1, -1, 0.5f}};
    D3DMATRIX m;
    struct readback rb;
    if (!dev)
        return;
    t2x2 = show_rgbw(dev);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXCOORDINDEX, D3DTSS_TCI_CAMERASPACEPOSITION);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_COUNT2);
    memset(&m, 0, sizeof(m));
    m._11 = 0.5f;
    m._22 = -0.5f;
    m._41 = 0.5f; /* generated coordinates are (x, y, z, 1): row 4 translates */
    m._42 = 0.5f;
    m._33 = m._44 = 1;
    IDirect3DDevice9_SetTransform(dev, D3DTS_TEXTURE0, &m);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
    IDirect3DDevice9_EndScene(dev);
    read_back(dev, NULL, &rb);
    for (int i = 0; i < 4; i++) {
        int x = (i & 1) ? 480 : 160, y = (i >> 1) ? 360 : 120;
        D3DCOLOR got = rb_pixel(&rb, x, y), want = rgbw_texels[i] & 0xffffff;
        CHECK(near_color(got, want, PIXEL_TOL), "(%d,%d): %06lx, want %06lx", x, y, (unsigned long)got,
              (unsigned long)want);
    }
    rb_release(&rb);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DTexture9_Release(t2x2);
    end(dev, tex);
}

static const struct harness_test tests[] = {
    T(ops_and_args),
    T(texcoord_index),
    T(texture_transform_count2),
    T(specular_constant_projected_fog_alphatest),
    T(bump_env_map),
    T(texgen_camera_space_position),
};

int main(void)
{
    return RUN_TESTS_SHARED(tests, &d3d, &window);
}
