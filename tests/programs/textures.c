/* Texture formats and sampler states, drawn through fixed function onto
 * the back buffer and read back. Each offered texture format is sampled
 * with point filtering: one quad shows the texel's colour, a second its
 * alpha (D3DTA_ALPHAREPLICATE), each compared with the value a D3D9
 * driver returns with a stated per-format tolerance (8-bit channels from
 * 16-bit, float or block sources round differently on each GPU). Then
 * the filters, every address mode with a border colour, mip selection by
 * D3DSAMP_MAXMIPLEVEL, sRGB reads, AUTOGENMIPMAP and P8 with palettes. */
#include "draw_util.h"

/* FOURCC formats mingw's d3d9types.h leaves out. */
#define FMT_ATI1 ((D3DFORMAT)MAKEFOURCC('A', 'T', 'I', '1'))
#define FMT_ATI2 ((D3DFORMAT)MAKEFOURCC('A', 'T', 'I', '2'))

struct tlt {
    float x, y, z, rhw, u, v;
};

#define FVF_TLT (D3DFVF_XYZRHW | D3DFVF_TEX1)

/* A device that draws textured pre-transformed quads with stage 0's
 * colour and alpha taken from the texture. */
static BOOL begin(struct test_ctx *c)
{
    if (!test_setup(c))
        return FALSE;
    IDirect3DDevice9_SetRenderState(c->dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_SetRenderState(c->dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_SetRenderState(c->dev, D3DRS_ZENABLE, D3DZB_FALSE);
    IDirect3DDevice9_SetFVF(c->dev, FVF_TLT);
    IDirect3DDevice9_SetTextureStageState(c->dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(c->dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(c->dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(c->dev, 0, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetSamplerState(c->dev, 0, D3DSAMP_MINFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(c->dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(c->dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_NONE);
    return TRUE;
}

/* A quad at (x, y) of size w x h with texture coordinates u0..u1, v0..v1. */
static void quad(IDirect3DDevice9 *dev, float x, float y, float w, float h, float u0, float v0, float u1, float v1)
{
    struct tlt q[4] = {{x, y, 0.5f, 1, u0, v0},
                       {x + w, y, 0.5f, 1, u1, v0},
                       {x, y + h, 0.5f, 1, u0, v1},
                       {x + w, y + h, 0.5f, 1, u1, v1}};
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
}

/* Draws the texture's colour at (0,0)-(32,32) and its alpha replicated
 * at (32,0)-(64,32). */
static void draw_colour_and_alpha(IDirect3DDevice9 *dev, IDirect3DBaseTexture9 *tex)
{
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff123456, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetTexture(dev, 0, tex);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    quad(dev, 0, 0, 32, 32, 0, 0, 1, 1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE | D3DTA_ALPHAREPLICATE);
    quad(dev, 32, 0, 32, 32, 0, 0, 1, 1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DDevice9_EndScene(dev);
}

static D3DCOLOR grey(BYTE a) { return (D3DCOLOR)a * 0x010101; }

/* One texel value of a format, repeated over a 4x4 texture, and what it
 * reads as. */
struct fmt_case {
    D3DFORMAT format;
    const char *name;
    UINT bytes;     /* per texel */
    BYTE texel[16]; /* little-endian, as stored */
    D3DCOLOR rgb;   /* sampled colour, written to an 8-bit target */
    BYTE alpha;
    int tol;
};

static const struct fmt_case formats[] = {
    {D3DFMT_A8R8G8B8, "A8R8G8B8", 4, {0x99, 0x66, 0x33, 0x80}, 0x336699, 0x80, 1},
    {D3DFMT_X8R8G8B8, "X8R8G8B8", 4, {0x99, 0x66, 0x33, 0x00}, 0x336699, 0xff, 1},
    {D3DFMT_A8B8G8R8, "A8B8G8R8", 4, {0x33, 0x66, 0x99, 0x80}, 0x336699, 0x80, 1},
    {D3DFMT_X8B8G8R8, "X8B8G8R8", 4, {0x33, 0x66, 0x99, 0x00}, 0x336699, 0xff, 1},
    {D3DFMT_R8G8B8, "R8G8B8", 3, {0x99, 0x66, 0x33}, 0x336699, 0xff, 1},
    {D3DFMT_R5G6B5, "R5G6B5", 2, {0x1f, 0xf8}, 0xff00ff, 0xff, 1},
    {D3DFMT_X1R5G5B5, "X1R5G5B5", 2, {0x00, 0x7c}, 0xff0000, 0xff, 1},
    {D3DFMT_A1R5G5B5, "A1R5G5B5", 2, {0xe0, 0x03}, 0x00ff00, 0x00, 1},
    {D3DFMT_A4R4G4B4, "A4R4G4B4", 2, {0x08, 0x8f}, 0xff0088, 0x88, 1},
    {D3DFMT_X4R4G4B4, "X4R4G4B4", 2, {0x08, 0x0f}, 0xff0088, 0xff, 1},
    {D3DFMT_A2R10G10B10, "A2R10G10B10", 4, {0x00, 0x02, 0xf0, 0xbf}, 0xff0080, 0xaa, 2},
    {D3DFMT_A2B10G10R10, "A2B10G10R10", 4, {0x00, 0xfe, 0x0f, 0x40}, 0x80ff00, 0x55, 2},
    {D3DFMT_G16R16, "G16R16", 4, {0xff, 0xff, 0x00, 0x80}, 0xff80ff, 0xff, 1},
    {D3DFMT_A16B16G16R16, "A16B16G16R16", 8, {0xff, 0xff, 0x00, 0x00, 0x00, 0x80, 0x00, 0x40}, 0xff0080, 0x40, 1},
    {D3DFMT_A8, "A8", 1, {0x80}, 0x000000, 0x80, 1},
    {D3DFMT_L8, "L8", 1, {0x80}, 0x808080, 0xff, 1},
    {D3DFMT_A8L8, "A8L8", 2, {0x40, 0xc0}, 0x404040, 0xc0, 1},
    {D3DFMT_A4L4, "A4L4", 1, {0xc4}, 0x444444, 0xcc, 1},
    {D3DFMT_L16, "L16", 2, {0x00, 0x80}, 0x808080, 0xff, 1},
    {D3DFMT_R16F, "R16F", 2, {0x00, 0x38}, 0x80ffff, 0xff, 1},
    {D3DFMT_G16R16F, "G16R16F", 4, {0x00, 0x38, 0x00, 0x34}, 0x8040ff, 0xff, 1},
    {D3DFMT_A16B16G16R16F, "A16B16G16R16F", 8, {0x00, 0x34, 0x00, 0x38, 0x00, 0x3c, 0x00, 0x3a}, 0x4080ff, 0xbf, 1},
    {D3DFMT_R32F, "R32F", 4, {0x00, 0x00, 0x00, 0x3f}, 0x80ffff, 0xff, 1},
    {D3DFMT_G32R32F, "G32R32F", 8, {0x00, 0x00, 0x00, 0x3f, 0x00, 0x00, 0x80, 0x3e}, 0x8040ff, 0xff, 1},
    {D3DFMT_A32B32G32R32F,
     "A32B32G32R32F",
     16,
     {0x00, 0x00, 0x80, 0x3e, 0x00, 0x00, 0x00, 0x3f, 0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x40, 0x3f},
     0x4080ff,
     0xbf,
     1},
    /* Signed formats: u, v (and w, q) in red, green (blue, alpha); a
     * missing channel reads 1; negative values write 0. */
    {D3DFMT_V8U8, "V8U8", 2, {0x40, 0xc0}, 0x8000ff, 0xff, 2},
    {D3DFMT_Q8W8V8U8, "Q8W8V8U8", 4, {0x7f, 0x40, 0x00, 0x40}, 0xff8000, 0x80, 2},
    {D3DFMT_V16U16, "V16U16", 4, {0x00, 0x40, 0xff, 0x7f}, 0x80ffff, 0xff, 2},
    {D3DFMT_Q16W16V16U16, "Q16W16V16U16", 8, {0xff, 0x7f, 0x00, 0x40, 0x00, 0x00, 0x00, 0x40}, 0xff8000, 0x80, 2},
    /* Mixed: l is unsigned and lands in blue. */
    {D3DFMT_L6V5U5, "L6V5U5", 2, {0x0f, 0xfc}, 0xff00ff, 0xff, 2},
    {D3DFMT_X8L8V8U8, "X8L8V8U8", 4, {0x7f, 0x00, 0x80, 0x00}, 0xff0080, 0xff, 2},
    {D3DFMT_A2W10V10U10, "A2W10V10U10", 4, {0xff, 0x01, 0x00, 0xd0}, 0xff0080, 0xff, 2},
    /* CxV8U8: blue is sqrt(1 - u^2 - v^2) = 0.8637 for u = 64/127. */
    {D3DFMT_CxV8U8, "CxV8U8", 2, {0x40, 0x00}, 0x8000dc, 0xff, 3},
};

static void fill(IDirect3DTexture9 *tex, const BYTE *texel, UINT bytes, UINT w, UINT h)
{
    D3DLOCKED_RECT lr;
    if (FAILED(IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0)))
        return;
    for (UINT y = 0; y < h; y++)
        for (UINT x = 0; x < w; x++)
            memcpy((BYTE *)lr.pBits + y * lr.Pitch + x * bytes, texel, bytes);
    IDirect3DTexture9_UnlockRect(tex, 0);
}

TEST(every_offered_format)
{
    struct test_ctx c;
    if (!begin(&c))
        return;
    for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
        const struct fmt_case *f = &formats[i];
        IDirect3DTexture9 *tex = NULL;
        HRESULT hr = IDirect3D9_CheckDeviceFormat(c.d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, 0, D3DRTYPE_TEXTURE, f->format);
        CHECK(hr == D3D_OK, "%s: CheckDeviceFormat %#lx", f->name, (unsigned long)hr);
        hr = IDirect3DDevice9_CreateTexture(c.dev, 4, 4, 1, 0, f->format, D3DPOOL_MANAGED, &tex, NULL);
        CHECK(hr == D3D_OK, "%s: CreateTexture %#lx", f->name, (unsigned long)hr);
        if (!tex)
            continue;
        fill(tex, f->texel, f->bytes, 4, 4);
        draw_colour_and_alpha(c.dev, (IDirect3DBaseTexture9 *)tex);
        CHECK_PIXEL_TOL(c.dev, 16, 16, f->rgb, f->tol, f->name);
        CHECK_PIXEL_TOL(c.dev, 48, 16, grey(f->alpha), f->tol, f->name);
        IDirect3DTexture9_Release(tex);
    }
    test_teardown(&c);
}

/* One 4x4 block per format; rows of the colour block use indices 0, 1, 2
 * and 3, so each row of texels shows one of the block's four colours. */
struct block_case {
    D3DFORMAT format;
    const char *name;
    BYTE block[16];
    D3DCOLOR rgb[4];
    BYTE alpha[4];
};

static const struct block_case blocks[] = {
    /* c0 red > c1 blue: four colours, opaque. */
    {D3DFMT_DXT1,
     "DXT1",
     {0x00, 0xf8, 0x1f, 0x00, 0x00, 0x55, 0xaa, 0xff},
     {0xff0000, 0x0000ff, 0xaa0055, 0x5500aa},
     {0xff, 0xff, 0xff, 0xff}},
    /* c0 blue <= c1 red: three colours and transparent black. */
    {D3DFMT_DXT1,
     "DXT1 with transparency",
     {0x1f, 0x00, 0x00, 0xf8, 0x00, 0x55, 0xaa, 0xff},
     {0x0000ff, 0xff0000, 0x800080, 0x000000},
     {0xff, 0xff, 0xff, 0x00}},
    /* Explicit 4-bit alpha: rows 0x8, 0xf, 0x0, 0x4. */
    {D3DFMT_DXT3,
     "DXT3",
     {0x88, 0x88, 0xff, 0xff, 0x00, 0x00, 0x44, 0x44, 0x00, 0xf8, 0x1f, 0x00, 0x00, 0x55, 0xaa, 0xff},
     {0xff0000, 0x0000ff, 0xaa0055, 0x5500aa},
     {0x88, 0xff, 0x00, 0x44}},
    {D3DFMT_DXT2,
     "DXT2",
     {0x88, 0x88, 0xff, 0xff, 0x00, 0x00, 0x44, 0x44, 0x00, 0xf8, 0x1f, 0x00, 0x00, 0x55, 0xaa, 0xff},
     {0xff0000, 0x0000ff, 0xaa0055, 0x5500aa},
     {0x88, 0xff, 0x00, 0x44}},
    /* Interpolated alpha 0xff..0x00: row 1 uses index 1 (0x00), the rest
     * index 0 (0xff). */
    {D3DFMT_DXT5,
     "DXT5",
     {0xff, 0x00, 0x00, 0x90, 0x24, 0x00, 0x00, 0x00, 0x00, 0xf8, 0x1f, 0x00, 0x00, 0x55, 0xaa, 0xff},
     {0xff0000, 0x0000ff, 0xaa0055, 0x5500aa},
     {0xff, 0x00, 0xff, 0xff}},
    {D3DFMT_DXT4,
     "DXT4",
     {0xff, 0x00, 0x00, 0x90, 0x24, 0x00, 0x00, 0x00, 0x00, 0xf8, 0x1f, 0x00, 0x00, 0x55, 0xaa, 0xff},
     {0xff0000, 0x0000ff, 0xaa0055, 0x5500aa},
     {0xff, 0x00, 0xff, 0xff}},
    /* ATI1 reads (r, 0, 0, 1); ATI2 (second half, first half, 1, 1). */
    {FMT_ATI1,
     "ATI1",
     {0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00},
     {0x800000, 0x800000, 0x800000, 0x800000},
     {0xff, 0xff, 0xff, 0xff}},
    {FMT_ATI2,
     "ATI2",
     {0x40, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xc0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00},
     {0xc040ff, 0xc040ff, 0xc040ff, 0xc040ff},
     {0xff, 0xff, 0xff, 0xff}},
};

TEST(compressed_blocks)
{
    struct test_ctx c;
    if (!begin(&c))
        return;
    for (size_t i = 0; i < sizeof(blocks) / sizeof(blocks[0]); i++) {
        const struct block_case *b = &blocks[i];
        IDirect3DTexture9 *tex = NULL;
        D3DLOCKED_RECT lr;
        HRESULT hr = IDirect3DDevice9_CreateTexture(c.dev, 4, 4, 1, 0, b->format, D3DPOOL_MANAGED, &tex, NULL);
        CHECK(hr == D3D_OK, "%s: CreateTexture %#lx", b->name, (unsigned long)hr);
        if (!tex)
            continue;
        if (SUCCEEDED(IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0))) {
            memcpy(lr.pBits, b->block, b->format == D3DFMT_DXT1 || b->format == FMT_ATI1 ? 8 : 16);
            IDirect3DTexture9_UnlockRect(tex, 0);
        }
        draw_colour_and_alpha(c.dev, (IDirect3DBaseTexture9 *)tex);
        for (int row = 0; row < 4; row++) {
            /* Texel rows are 8 pixels tall; BC decoders round the
             * interpolated colours differently: 3 per channel. */
            CHECK_PIXEL_TOL(c.dev, 16, row * 8 + 4, b->rgb[row], 3, b->name);
            CHECK_PIXEL_TOL(c.dev, 48, row * 8 + 4, grey(b->alpha[row]), 3, b->name);
        }
        IDirect3DTexture9_Release(tex);
    }
    test_teardown(&c);
}

/* ATI1 and ATI2 lock as AMD's drivers lock them (core/format): one byte
 * a texel, so the pitch is the width, a level takes width x height bytes
 * and a rectangle starts top * pitch + left in. The texels are still 4x4
 * blocks, packed row after row of blocks from the level's start. An 8x8
 * level is 2x2 blocks: ATI2's 4 blocks of 16 bytes fill its 64 bytes,
 * ATI1's blocks of 8 bytes its first 32. A block whose indices are all 0
 * is its first endpoint throughout: ATI1 reads (r, 0, 0), ATI2 (second
 * half, first half, 1). */
static void ati_block(BYTE *dst, D3DFORMAT format, BYTE first, BYTE second)
{
    memset(dst, 0, format == FMT_ATI1 ? 8 : 16);
    dst[0] = first;
    if (format == FMT_ATI2)
        dst[8] = second;
}

static D3DCOLOR ati_colour(D3DFORMAT format, BYTE first, BYTE second)
{
    return format == FMT_ATI1 ? (D3DCOLOR)first << 16 : (D3DCOLOR)second << 16 | (D3DCOLOR)first << 8 | 0xff;
}

TEST(ati_layout)
{
    static const D3DFORMAT formats[] = {FMT_ATI1, FMT_ATI2};
    static const BYTE ends[4][2] = {{0x10, 0x20}, {0x30, 0x40}, {0x50, 0x60}, {0x70, 0x80}};
    struct test_ctx c;
    if (!begin(&c))
        return;
    IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_POINT);
    for (size_t i = 0; i < 2; i++) {
        D3DFORMAT f = formats[i];
        const char *name = f == FMT_ATI1 ? "ATI1" : "ATI2";
        UINT block = f == FMT_ATI1 ? 8 : 16;
        IDirect3DTexture9 *tex = NULL;
        D3DLOCKED_RECT lr;
        BYTE *base = NULL;
        RECT r = {4, 4, 8, 8};
        CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 8, 8, 2, 0, f, D3DPOOL_MANAGED, &tex, NULL), D3D_OK);
        if (!tex)
            continue;
        CHECK_HR(IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0), D3D_OK);
        base = lr.pBits;
        CHECK(lr.Pitch == 8, "%s level 0: pitch %d, want 8", name, lr.Pitch);
        for (UINT b = 0; b < 4; b++)
            ati_block(base + b * block, f, ends[b][0], ends[b][1]);
        IDirect3DTexture9_UnlockRect(tex, 0);
        /* Level 1 (4x4) follows level 0's 8 x 8 bytes. */
        CHECK_HR(IDirect3DTexture9_LockRect(tex, 1, &lr, NULL, 0), D3D_OK);
        CHECK(lr.Pitch == 4, "%s level 1: pitch %d, want 4", name, lr.Pitch);
        CHECK((BYTE *)lr.pBits == base + 64, "%s level 1 at +%d, want +64", name, (int)((BYTE *)lr.pBits - base));
        ati_block(lr.pBits, f, 0x90, 0xa0);
        IDirect3DTexture9_UnlockRect(tex, 1);

        /* Each block covers 16x16 pixels of a 32x32 quad. */
        IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MAXMIPLEVEL, 0);
        draw_colour_and_alpha(c.dev, (IDirect3DBaseTexture9 *)tex);
        for (UINT b = 0; b < 4; b++)
            CHECK_PIXEL_TOL(c.dev, 8 + 16 * (b % 2), 8 + 16 * (b / 2), ati_colour(f, ends[b][0], ends[b][1]), 1, name);
        IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MAXMIPLEVEL, 1);
        draw_colour_and_alpha(c.dev, (IDirect3DBaseTexture9 *)tex);
        CHECK_PIXEL_TOL(c.dev, 16, 16, ati_colour(f, 0x90, 0xa0), 1, name);

        /* A rectangle's address is top * pitch + left; it names no block,
         * so what the lock wrote anywhere in the level is used. */
        CHECK_HR(IDirect3DTexture9_LockRect(tex, 0, &lr, &r, 0), D3D_OK);
        CHECK((BYTE *)lr.pBits == base + 4 * 8 + 4, "%s rect at +%d, want +36", name,
              (int)((BYTE *)lr.pBits - base));
        ati_block(base + 3 * block, f, 0xe0, 0xf0);
        IDirect3DTexture9_UnlockRect(tex, 0);
        IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MAXMIPLEVEL, 0);
        draw_colour_and_alpha(c.dev, (IDirect3DBaseTexture9 *)tex);
        CHECK_PIXEL_TOL(c.dev, 24, 24, ati_colour(f, 0xe0, 0xf0), 1, name);
        CHECK_PIXEL_TOL(c.dev, 8, 8, ati_colour(f, ends[0][0], ends[0][1]), 1, name);
        IDirect3DDevice9_SetTexture(c.dev, 0, NULL);
        IDirect3DTexture9_Release(tex);
    }
    test_teardown(&c);
}

/* A 2x2 checker: black, white / white, black. */
static IDirect3DTexture9 *checker(IDirect3DDevice9 *dev)
{
    IDirect3DTexture9 *tex = NULL;
    D3DLOCKED_RECT lr;
    if (FAILED(IDirect3DDevice9_CreateTexture(dev, 2, 2, 1, 0, D3DFMT_X8R8G8B8, D3DPOOL_MANAGED, &tex, NULL)))
        return NULL;
    IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0);
    ((DWORD *)lr.pBits)[0] = 0xff000000;
    ((DWORD *)lr.pBits)[1] = 0xffffffff;
    ((DWORD *)((BYTE *)lr.pBits + lr.Pitch))[0] = 0xffffffff;
    ((DWORD *)((BYTE *)lr.pBits + lr.Pitch))[1] = 0xff000000;
    IDirect3DTexture9_UnlockRect(tex, 0);
    return tex;
}

TEST(filters)
{
    static const struct {
        D3DTEXTUREFILTERTYPE filter;
        const char *name;
        D3DCOLOR centre, quarter;
    } cases[] = {
        /* At the quad's centre the four texels meet: linear filters mix
         * them to grey; point keeps the texel the centre falls in. */
        {D3DTEXF_POINT, "point", 0x000000, 0x000000},
        {D3DTEXF_LINEAR, "linear", 0x808080, 0x000000},
        {D3DTEXF_ANISOTROPIC, "anisotropic", 0x808080, 0x000000},
    };
    struct test_ctx c;
    IDirect3DTexture9 *tex;
    if (!begin(&c))
        return;
    tex = checker(c.dev);
    IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_ADDRESSU, D3DTADDRESS_CLAMP);
    IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_ADDRESSV, D3DTADDRESS_CLAMP);
    IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MAXANISOTROPY, 4);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MINFILTER, cases[i].filter);
        IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MAGFILTER, cases[i].filter);
        IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_TARGET, 0xff123456, 1.0f, 0);
        IDirect3DDevice9_BeginScene(c.dev);
        IDirect3DDevice9_SetTexture(c.dev, 0, (IDirect3DBaseTexture9 *)tex);
        quad(c.dev, 0, 0, 64, 64, 0, 0, 1, 1);
        IDirect3DDevice9_EndScene(c.dev);
        /* (31,31) is just above-left of the centre: texel (0,0) for point,
         * nearly the even mix for linear. (2,2) is well inside texel (0,0). */
        CHECK_PIXEL_TOL(c.dev, 31, 31, cases[i].centre, 8, cases[i].name);
        CHECK_PIXEL_TOL(c.dev, 2, 2, cases[i].quarter, 2, cases[i].name);
    }
    IDirect3DDevice9_SetTexture(c.dev, 0, NULL);
    if (tex)
        IDirect3DTexture9_Release(tex);
    test_teardown(&c);
}

TEST(address_modes)
{
    /* A 2x2 texture (red, green / blue, white) over u from -2 to 2: texel
     * columns are 8 pixels wide; the pixel columns 4, 12, ..., 60 sample
     * u = -1.72, -1.22, -0.72, -0.22, 0.28, 0.78, 1.28, 1.78. */
    enum { R = 0xff0000, G = 0x00ff00, W = 0xffffff };
    static const struct {
        D3DTEXTUREADDRESS mode;
        const char *name;
        D3DCOLOR want[8];
    } cases[] = {
        {D3DTADDRESS_WRAP, "wrap", {R, G, R, G, R, G, R, G}},
        {D3DTADDRESS_MIRROR, "mirror", {R, G, G, R, R, G, G, R}},
        {D3DTADDRESS_CLAMP, "clamp", {R, R, R, R, R, G, G, G}},
        {D3DTADDRESS_BORDER, "border", {W, W, W, W, R, G, W, W}},
        {D3DTADDRESS_MIRRORONCE, "mirroronce", {G, G, G, R, R, G, G, G}},
    };
    struct test_ctx c;
    IDirect3DTexture9 *tex = NULL;
    D3DLOCKED_RECT lr;
    if (!begin(&c))
        return;
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 2, 2, 1, 0, D3DFMT_X8R8G8B8, D3DPOOL_MANAGED, &tex, NULL), D3D_OK);
    if (!tex) {
        test_teardown(&c);
        return;
    }
    IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0);
    ((DWORD *)lr.pBits)[0] = 0xffff0000;
    ((DWORD *)lr.pBits)[1] = 0xff00ff00;
    ((DWORD *)((BYTE *)lr.pBits + lr.Pitch))[0] = 0xff0000ff;
    ((DWORD *)((BYTE *)lr.pBits + lr.Pitch))[1] = 0xffffffff;
    IDirect3DTexture9_UnlockRect(tex, 0);
    IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_BORDERCOLOR, 0xffffffff);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_ADDRESSU, cases[i].mode);
        IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_ADDRESSV, cases[i].mode);
        IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_TARGET, 0xff123456, 1.0f, 0);
        IDirect3DDevice9_BeginScene(c.dev);
        IDirect3DDevice9_SetTexture(c.dev, 0, (IDirect3DBaseTexture9 *)tex);
        quad(c.dev, 0, 0, 64, 16, -2, 0.25f, 2, 0.25f);
        IDirect3DDevice9_EndScene(c.dev);
        for (int k = 0; k < 8; k++)
            CHECK_PIXEL_TOL(c.dev, 4 + 8 * k, 8, cases[i].want[k], 2, cases[i].name);
    }
    IDirect3DDevice9_SetTexture(c.dev, 0, NULL);
    IDirect3DTexture9_Release(tex);
    test_teardown(&c);
}

/* A 4x4 texture with three levels: red, green, blue. */
static IDirect3DTexture9 *mip_chain(IDirect3DDevice9 *dev)
{
    static const DWORD colours[3] = {0xffff0000, 0xff00ff00, 0xff0000ff};
    IDirect3DTexture9 *tex = NULL;
    if (FAILED(IDirect3DDevice9_CreateTexture(dev, 4, 4, 3, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex, NULL)))
        return NULL;
    for (UINT l = 0; l < 3; l++) {
        D3DLOCKED_RECT lr;
        UINT n = 4 >> l;
        IDirect3DTexture9_LockRect(tex, l, &lr, NULL, 0);
        for (UINT y = 0; y < n; y++)
            for (UINT x = 0; x < n; x++)
                ((DWORD *)((BYTE *)lr.pBits + y * lr.Pitch))[x] = colours[l];
        IDirect3DTexture9_UnlockRect(tex, l);
    }
    return tex;
}

TEST(max_mip_level)
{
    static const D3DCOLOR want[3] = {0xff0000, 0x00ff00, 0x0000ff};
    struct test_ctx c;
    IDirect3DTexture9 *tex;
    if (!begin(&c))
        return;
    tex = mip_chain(c.dev);
    CHECK(tex != NULL, "no mip chain");
    IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_POINT);
    for (DWORD l = 0; tex && l < 3; l++) {
        char what[32];
        IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MAXMIPLEVEL, l);
        IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_TARGET, 0xff123456, 1.0f, 0);
        IDirect3DDevice9_BeginScene(c.dev);
        IDirect3DDevice9_SetTexture(c.dev, 0, (IDirect3DBaseTexture9 *)tex);
        quad(c.dev, 0, 0, 64, 64, 0, 0, 1, 1);
        IDirect3DDevice9_EndScene(c.dev);
        sprintf(what, "MAXMIPLEVEL %lu", (unsigned long)l);
        CHECK_PIXEL_TOL(c.dev, 20, 20, want[l], 1, what);
    }
    /* Minified to 1 texel per 8x8 screen... a 4x4 texture on a 1x1 quad
     * picks level 2 by its own LOD. */
    IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MAXMIPLEVEL, 0);
    IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_TARGET, 0xff123456, 1.0f, 0);
    IDirect3DDevice9_BeginScene(c.dev);
    quad(c.dev, 0, 0, 1, 1, 0, 0, 1, 1);
    IDirect3DDevice9_EndScene(c.dev);
    if (tex)
        CHECK_PIXEL_TOL(c.dev, 0, 0, want[2], 1, "minified");
    /* Without mipmapping MAXMIPLEVEL is ignored, SetLOD still picks the
     * level (Windows, in Wine's maxmip_test). */
    IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_NONE);
    IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MAXMIPLEVEL, 2);
    for (DWORD lod = 0; tex && lod < 2; lod++) {
        IDirect3DTexture9_SetLOD(tex, lod);
        IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_TARGET, 0xff123456, 1.0f, 0);
        IDirect3DDevice9_BeginScene(c.dev);
        quad(c.dev, 0, 0, 64, 64, 0, 0, 1, 1);
        IDirect3DDevice9_EndScene(c.dev);
        CHECK_PIXEL_TOL(c.dev, 20, 20, want[lod], 1, lod ? "no mipfilter, LOD 1" : "no mipfilter, MAXMIPLEVEL 2");
    }
    IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MAXMIPLEVEL, 0);
    IDirect3DDevice9_SetTexture(c.dev, 0, NULL);
    if (tex)
        IDirect3DTexture9_Release(tex);
    test_teardown(&c);
}

TEST(srgb_read)
{
    static const BYTE texel[4] = {0x80, 0x80, 0x80, 0xff};
    struct test_ctx c;
    IDirect3DTexture9 *tex = NULL;
    if (!begin(&c))
        return;
    CHECK_HR(IDirect3D9_CheckDeviceFormat(c.d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DUSAGE_QUERY_SRGBREAD,
                                          D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex, NULL), D3D_OK);
    if (tex) {
        fill(tex, texel, 4, 4, 4);
        /* 0x80 read as sRGB is 0.216 linear: 0x37. */
        IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_SRGBTEXTURE, TRUE);
        draw_colour_and_alpha(c.dev, (IDirect3DBaseTexture9 *)tex);
        CHECK_PIXEL_TOL(c.dev, 16, 16, 0x373737, 2, "sRGB on");
        IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_SRGBTEXTURE, FALSE);
        draw_colour_and_alpha(c.dev, (IDirect3DBaseTexture9 *)tex);
        CHECK_PIXEL_TOL(c.dev, 16, 16, 0x808080, 1, "sRGB off");
        IDirect3DTexture9_Release(tex);
    }
    test_teardown(&c);
}

TEST(autogen_mipmap)
{
    struct test_ctx c;
    IDirect3DTexture9 *tex = NULL;
    D3DLOCKED_RECT lr;
    HRESULT hr;
    if (!begin(&c))
        return;
    hr = IDirect3D9_CheckDeviceFormat(c.d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DUSAGE_AUTOGENMIPMAP, D3DRTYPE_TEXTURE,
                                      D3DFMT_A8R8G8B8);
    CHECK(hr == D3D_OK, "AUTOGENMIPMAP A8R8G8B8: %#lx", (unsigned long)hr);
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 4, 4, 0, D3DUSAGE_AUTOGENMIPMAP, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &tex, NULL),
             D3D_OK);
    if (!tex) {
        test_teardown(&c);
        return;
    }
    CHECK_EQ_U(IDirect3DTexture9_GetLevelCount(tex), 1);
    /* Left half red, right half blue: the 1x1 level is their mean. */
    IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0);
    for (UINT y = 0; y < 4; y++)
        for (UINT x = 0; x < 4; x++)
            ((DWORD *)((BYTE *)lr.pBits + y * lr.Pitch))[x] = x < 2 ? 0xffff0000 : 0xff0000ff;
    IDirect3DTexture9_UnlockRect(tex, 0);
    IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MAXMIPLEVEL, 2);
    draw_colour_and_alpha(c.dev, (IDirect3DBaseTexture9 *)tex);
    CHECK_PIXEL_TOL(c.dev, 16, 16, 0x800080, 2, "level 2");
    IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MAXMIPLEVEL, 1);
    draw_colour_and_alpha(c.dev, (IDirect3DBaseTexture9 *)tex);
    CHECK_PIXEL_TOL(c.dev, 4, 4, 0xff0000, 2, "level 1, left");
    CHECK_PIXEL_TOL(c.dev, 28, 4, 0x0000ff, 2, "level 1, right");
    IDirect3DTexture9_Release(tex);
    test_teardown(&c);
}

/* An AUTOGENMIPMAP render target's levels follow what the GPU writes to
 * its top level (D3D9's "Automatic Generation of Mipmaps": the sublevels
 * are regenerated when the top level changes): a Clear through
 * SetRenderTarget, with a depth-stencil surface smaller than the target
 * bound (the target is still cleared whole), and a StretchRect into it. */
TEST(autogen_render_target)
{
    struct test_ctx c;
    IDirect3DTexture9 *tex = NULL;
    IDirect3DSurface9 *top = NULL, *bb = NULL, *ds = NULL, *src = NULL;
    if (!begin(&c))
        return;
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 256, 256, 0, D3DUSAGE_AUTOGENMIPMAP | D3DUSAGE_RENDERTARGET,
                                            D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT, &tex, NULL),
             D3D_OK);
    IDirect3DDevice9_CreateRenderTarget(c.dev, 256, 256, D3DFMT_X8R8G8B8, 0, 0, FALSE, &src, NULL);
    IDirect3DDevice9_CreateDepthStencilSurface(c.dev, 64, 64, D3DFMT_D24S8, 0, 0, FALSE, &ds, NULL);
    if (!tex || !src || !ds) {
        CHECK(0, "resources");
        test_teardown(&c);
        return;
    }
    IDirect3DTexture9_GetSurfaceLevel(tex, 0, &top);
    IDirect3DDevice9_GetRenderTarget(c.dev, 0, &bb);
    IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MAXMIPLEVEL, 3);

    IDirect3DDevice9_SetRenderTarget(c.dev, 0, top);
    IDirect3DDevice9_SetDepthStencilSurface(c.dev, ds);
    CHECK_HR(IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_TARGET, 0xff00ffff, 1.0f, 0), D3D_OK);
    IDirect3DDevice9_SetRenderTarget(c.dev, 0, bb);
    IDirect3DDevice9_SetDepthStencilSurface(c.dev, NULL);
    /* Level 3 is 32x32: its texel (30, 30) averages texels of the top
     * level far outside the 64x64 depth-stencil surface. */
    draw_colour_and_alpha(c.dev, (IDirect3DBaseTexture9 *)tex);
    CHECK_PIXEL_TOL(c.dev, 30, 30, 0x00ffff, 1, "level 3 after a Clear");

    IDirect3DDevice9_ColorFill(c.dev, src, NULL, 0xffff8000);
    CHECK_HR(IDirect3DDevice9_StretchRect(c.dev, src, NULL, top, NULL, D3DTEXF_POINT), D3D_OK);
    draw_colour_and_alpha(c.dev, (IDirect3DBaseTexture9 *)tex);
    CHECK_PIXEL_TOL(c.dev, 30, 30, 0xff8000, 1, "level 3 after a StretchRect");

    IDirect3DDevice9_SetTexture(c.dev, 0, NULL);
    IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MAXMIPLEVEL, 0);
    IDirect3DSurface9_Release(bb);
    IDirect3DSurface9_Release(top);
    IDirect3DSurface9_Release(ds);
    IDirect3DSurface9_Release(src);
    IDirect3DTexture9_Release(tex);
    test_teardown(&c);
}

TEST(p8_with_palettes)
{
    static const BYTE index = 3;
    PALETTEENTRY pal[256];
    struct test_ctx c;
    IDirect3DTexture9 *tex = NULL;
    D3DCAPS9 caps;
    if (!begin(&c))
        return;
    IDirect3DDevice9_GetDeviceCaps(c.dev, &caps);
    CHECK(caps.TextureCaps & D3DPTEXTURECAPS_ALPHAPALETTE, "TextureCaps %#lx without ALPHAPALETTE", caps.TextureCaps);
    CHECK_HR(IDirect3D9_CheckDeviceFormat(c.d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, 0, D3DRTYPE_TEXTURE, D3DFMT_P8),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 4, 4, 1, 0, D3DFMT_P8, D3DPOOL_MANAGED, &tex, NULL), D3D_OK);
    if (!tex) {
        test_teardown(&c);
        return;
    }
    fill(tex, &index, 1, 4, 4);
    /* Entry 3 of palette 0; peFlags is the alpha (ALPHAPALETTE). */
    memset(pal, 0, sizeof(pal));
    pal[3].peRed = 0x33, pal[3].peGreen = 0x66, pal[3].peBlue = 0x99, pal[3].peFlags = 0x80;
    CHECK_HR(IDirect3DDevice9_SetPaletteEntries(c.dev, 0, pal), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetCurrentTexturePalette(c.dev, 0), D3D_OK);
    draw_colour_and_alpha(c.dev, (IDirect3DBaseTexture9 *)tex);
    CHECK_PIXEL_TOL(c.dev, 16, 16, 0x336699, 1, "palette 0");
    CHECK_PIXEL_TOL(c.dev, 48, 16, 0x808080, 1, "palette 0 alpha");
    /* New entries for the current palette reach the texture. */
    pal[3].peRed = 0xff, pal[3].peGreen = 0, pal[3].peBlue = 0, pal[3].peFlags = 0xff;
    IDirect3DDevice9_SetPaletteEntries(c.dev, 0, pal);
    draw_colour_and_alpha(c.dev, (IDirect3DBaseTexture9 *)tex);
    CHECK_PIXEL_TOL(c.dev, 16, 16, 0xff0000, 1, "palette 0 changed");
    /* So does another current palette. */
    pal[3].peRed = 0, pal[3].peBlue = 0xff;
    IDirect3DDevice9_SetPaletteEntries(c.dev, 1, pal);
    IDirect3DDevice9_SetCurrentTexturePalette(c.dev, 1);
    draw_colour_and_alpha(c.dev, (IDirect3DBaseTexture9 *)tex);
    CHECK_PIXEL_TOL(c.dev, 16, 16, 0x0000ff, 1, "palette 1");
    IDirect3DTexture9_Release(tex);
    test_teardown(&c);
}

/* Writes one colour over a whole 4x4 level without dirtying it. */
static void paint_clean(IDirect3DTexture9 *tex, D3DCOLOR colour)
{
    D3DLOCKED_RECT lr;
    if (FAILED(IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, D3DLOCK_NO_DIRTY_UPDATE)))
        return;
    for (UINT y = 0; y < 4; y++)
        for (UINT x = 0; x < 4; x++)
            ((DWORD *)((BYTE *)lr.pBits + y * lr.Pitch))[x] = colour;
    IDirect3DTexture9_UnlockRect(tex, 0);
}

TEST(update_texture_dirty_regions)
{
    static const RECT top_left = {0, 0, 2, 2};
    struct test_ctx c;
    IDirect3DTexture9 *src = NULL, *dst = NULL;
    if (!begin(&c))
        return;
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 4, 4, 1, 0, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &src, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 4, 4, 1, 0, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT, &dst, NULL), D3D_OK);
    if (!src || !dst)
        goto done;
    /* A new texture is dirty all over. */
    paint_clean(src, 0xffff0000);
    CHECK_HR(IDirect3DDevice9_UpdateTexture(c.dev, (IDirect3DBaseTexture9 *)src, (IDirect3DBaseTexture9 *)dst), D3D_OK);
    draw_colour_and_alpha(c.dev, (IDirect3DBaseTexture9 *)dst);
    CHECK_PIXEL_TOL(c.dev, 4, 4, 0xff0000, 1, "first update");
    CHECK_PIXEL_TOL(c.dev, 28, 28, 0xff0000, 1, "first update");
    /* Then only what is dirty travels: the top-left quarter. */
    paint_clean(src, 0xff00ff00);
    CHECK_HR(IDirect3DTexture9_AddDirtyRect(src, &top_left), D3D_OK);
    CHECK_HR(IDirect3DDevice9_UpdateTexture(c.dev, (IDirect3DBaseTexture9 *)src, (IDirect3DBaseTexture9 *)dst), D3D_OK);
    draw_colour_and_alpha(c.dev, (IDirect3DBaseTexture9 *)dst);
    CHECK_PIXEL_TOL(c.dev, 4, 4, 0x00ff00, 1, "dirty quarter");
    CHECK_PIXEL_TOL(c.dev, 28, 4, 0xff0000, 1, "clean texels");
    CHECK_PIXEL_TOL(c.dev, 28, 28, 0xff0000, 1, "clean texels");
    /* A clean source copies nothing; a lock dirties what it locked. */
    CHECK_HR(IDirect3DDevice9_UpdateTexture(c.dev, (IDirect3DBaseTexture9 *)src, (IDirect3DBaseTexture9 *)dst), D3D_OK);
    draw_colour_and_alpha(c.dev, (IDirect3DBaseTexture9 *)dst);
    CHECK_PIXEL_TOL(c.dev, 28, 28, 0xff0000, 1, "clean source");
    {
        static const RECT bottom_right = {2, 2, 4, 4};
        D3DLOCKED_RECT lr;
        if (SUCCEEDED(IDirect3DTexture9_LockRect(src, 0, &lr, &bottom_right, 0))) {
            ((DWORD *)lr.pBits)[0] = 0xff0000ff;
            IDirect3DTexture9_UnlockRect(src, 0);
        }
    }
    CHECK_HR(IDirect3DDevice9_UpdateTexture(c.dev, (IDirect3DBaseTexture9 *)src, (IDirect3DBaseTexture9 *)dst), D3D_OK);
    draw_colour_and_alpha(c.dev, (IDirect3DBaseTexture9 *)dst);
    CHECK_PIXEL_TOL(c.dev, 20, 20, 0x0000ff, 1, "locked texel");
    CHECK_PIXEL_TOL(c.dev, 28, 28, 0x00ff00, 1, "rest of the locked rectangle");
    CHECK_PIXEL_TOL(c.dev, 28, 4, 0xff0000, 1, "outside the lock");
done:
    if (src)
        IDirect3DTexture9_Release(src);
    if (dst)
        IDirect3DTexture9_Release(dst);
    test_teardown(&c);
}

/* The levels of a texture lie back to back after the top level, and a
 * top-level lock dirties the levels below too (D3D9's UpdateTexture
 * documentation: dirty regions are kept for level 0, sublevels take them
 * scaled), so levels written through the top level's pointer are what a
 * managed texture samples. A system-memory texture samples as well
 * (Wine's test_mipmap_upload, run on Windows). */
TEST(levels_through_top_lock)
{
    static const D3DPOOL pools[] = {D3DPOOL_MANAGED, D3DPOOL_SYSTEMMEM};
    static const D3DCOLOR want[3] = {0x111111, 0x222222, 0x333333};
    struct test_ctx c;
    if (!begin(&c))
        return;
    IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_POINT);
    for (UINT p = 0; p < 2; p++) {
        IDirect3DTexture9 *tex = NULL;
        D3DLOCKED_RECT lr;
        BYTE *mem;
        CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 4, 4, 3, 0, D3DFMT_A8R8G8B8, pools[p], &tex, NULL), D3D_OK);
        if (!tex)
            continue;
        if (SUCCEEDED(IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0))) {
            mem = lr.pBits;
            for (UINT l = 0; l < 3; l++) {
                UINT n = 4 >> l;
                memset(mem, 0x11 * (l + 1), n * n * 4);
                mem += n * n * 4;
            }
            IDirect3DTexture9_UnlockRect(tex, 0);
        }
        for (DWORD l = 0; l < 3; l++) {
            char what[48];
            IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MAXMIPLEVEL, l);
            IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_TARGET, 0xff123456, 1.0f, 0);
            IDirect3DDevice9_BeginScene(c.dev);
            IDirect3DDevice9_SetTexture(c.dev, 0, (IDirect3DBaseTexture9 *)tex);
            quad(c.dev, 0, 0, 64, 64, 0, 0, 1, 1);
            IDirect3DDevice9_EndScene(c.dev);
            sprintf(what, "pool %u, level %lu", (unsigned)pools[p], (unsigned long)l);
            CHECK_PIXEL_TOL(c.dev, 20, 20, want[l], 1, what);
        }
        IDirect3DDevice9_SetTexture(c.dev, 0, NULL);
        IDirect3DTexture9_Release(tex);
    }
    IDirect3DDevice9_SetSamplerState(c.dev, 0, D3DSAMP_MAXMIPLEVEL, 0);
    test_teardown(&c);
}

/* A lock with D3DLOCK_NO_DIRTY_UPDATE leaves a managed texture's copy as
 * it was until EvictManagedResources, after which the memory is what is
 * sampled; a system-memory texture samples its memory whatever the flag
 * (Windows, in Wine's add_dirty_rect_test). */
TEST(no_dirty_update_and_evict)
{
    static const D3DPOOL pools[] = {D3DPOOL_MANAGED, D3DPOOL_SYSTEMMEM};
    struct test_ctx c;
    if (!begin(&c))
        return;
    for (UINT p = 0; p < 2; p++) {
        IDirect3DTexture9 *tex = NULL;
        D3DLOCKED_RECT lr;
        CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 4, 4, 1, 0, D3DFMT_X8R8G8B8, pools[p], &tex, NULL), D3D_OK);
        if (!tex)
            continue;
        for (UINT step = 0; step < 2; step++) {
            if (FAILED(IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, step ? D3DLOCK_NO_DIRTY_UPDATE : 0)))
                continue;
            for (UINT y = 0; y < 4; y++)
                for (UINT x = 0; x < 4; x++)
                    ((DWORD *)((BYTE *)lr.pBits + y * lr.Pitch))[x] = step ? 0xff00ff00 : 0xffff0000;
            IDirect3DTexture9_UnlockRect(tex, 0);
            draw_colour_and_alpha(c.dev, (IDirect3DBaseTexture9 *)tex);
            CHECK_PIXEL_TOL(c.dev, 16, 16, step && pools[p] == D3DPOOL_SYSTEMMEM ? 0x00ff00 : 0xff0000, 0,
                            step ? "after a NO_DIRTY_UPDATE lock" : "after a lock");
        }
        if (pools[p] == D3DPOOL_MANAGED) {
            CHECK_HR(IDirect3DDevice9_EvictManagedResources(c.dev), D3D_OK);
            draw_colour_and_alpha(c.dev, (IDirect3DBaseTexture9 *)tex);
            CHECK_PIXEL_TOL(c.dev, 16, 16, 0x00ff00, 0, "after EvictManagedResources");
        }
        IDirect3DTexture9_Release(tex);
    }
    test_teardown(&c);
}

static const struct harness_test tests[] = {
    T(every_offered_format), T(compressed_blocks), T(ati_layout), T(filters), T(address_modes),
    T(max_mip_level),        T(srgb_read),         T(autogen_mipmap), T(p8_with_palettes),
    T(update_texture_dirty_regions), T(levels_through_top_lock), T(autogen_render_target),
    T(no_dirty_update_and_evict),
};

int main(void) { return RUN_TESTS(tests); }
