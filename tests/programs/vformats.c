/* Vertex formats: every D3DDECLTYPE read by a vs_2_0 that writes the input
 * as its colour (checked against D3D9's expansion, missing components
 * 0, 0, 0, 1), D3DCOLOR's byte order, two streams at offsets, a stride-0
 * stream, instancing, and fixed function fed by a declaration. Pixels by
 * readback; tolerance 2 per channel. */
#include "draw_util.h"

static IDirect3D9 *d3d;
static HWND window;

/* vs_2_0; dcl_position v0; dcl_color v1; mov oPos, v0; mad oD0, v1, c0, c1 */
static const DWORD vs_colour[] = {0xfffe0200, 0x0200001f, 0x80000000, 0x900f0000, 0x0200001f, 0x8000000a,
                                  0x900f0001, 0x02000001, 0xc00f0000, 0x90e40000, 0x04000004, 0xd00f0000,
                                  0x90e40001, 0xa0e40000, 0xa0e40001, 0x0000ffff};
/* The same with v1.w in every channel: mad oD0, v1.w, c0, c1 */
static const DWORD vs_colour_w[] = {0xfffe0200, 0x0200001f, 0x80000000, 0x900f0000, 0x0200001f, 0x8000000a,
                                    0x900f0001, 0x02000001, 0xc00f0000, 0x90e40000, 0x04000004, 0xd00f0000,
                                    0x90ff0001, 0xa0e40000, 0xa0e40001, 0x0000ffff};
/* vs_2_0; dcl_position v0; dcl_texcoord v1; dcl_color v2; add oPos, v0, v1; mov oD0, v2 */
static const DWORD vs_instance[] = {0xfffe0200, 0x0200001f, 0x80000000, 0x900f0000, 0x0200001f, 0x80000005,
                                    0x900f0001, 0x0200001f, 0x8000000a, 0x900f0002, 0x03000002, 0xc00f0000,
                                    0x90e40000, 0x90e40001, 0x02000001, 0xd00f0000, 0x90e40002, 0x0000ffff};

static IDirect3DDevice9 *begin(void)
{
    IDirect3DDevice9 *dev = unlit_device(d3d, window);
    if (!dev)
        return NULL;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
    return dev;
}

/* One frame on a black target: the draw call (checked) between
 * BeginScene and EndScene. */
#define DRAW_FRAME(dev, draw)                                                                                          \
    do {                                                                                                               \
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0);                                             \
        IDirect3DDevice9_BeginScene(dev);                                                                              \
        CHECK_HR(draw, D3D_OK);                                                                                        \
        IDirect3DDevice9_EndScene(dev);                                                                                \
    } while (0)

static BYTE to8(float f)
{
    f = f < 0 ? 0 : f > 1 ? 1 : f;
    return (BYTE)(f * 255 + 0.5f);
}

static D3DCOLOR rgb(float r, float g, float b)
{
    return (DWORD)to8(r) << 16 | (DWORD)to8(g) << 8 | to8(b);
}

/* A vertex buffer of n vertices of stride bytes, filled from data. */
static IDirect3DVertexBuffer9 *vbuffer(IDirect3DDevice9 *dev, const void *data, UINT size)
{
    IDirect3DVertexBuffer9 *vb = NULL;
    void *p;
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, size, D3DUSAGE_WRITEONLY, 0, D3DPOOL_DEFAULT, &vb, NULL), D3D_OK);
    if (vb && SUCCEEDED(IDirect3DVertexBuffer9_Lock(vb, 0, 0, &p, 0))) {
        memcpy(p, data, size);
        IDirect3DVertexBuffer9_Unlock(vb);
    }
    return vb;
}

struct decl_case {
    const char *name;
    D3DDECLTYPE type;
    BYTE data[16];
    float scale[4], bias[4];
    float want[4]; /* the shader's colour: data expanded, times scale plus bias */
};

#define ONE {1, 1, 1, 1}
#define ZERO {0, 0, 0, 0}

static const struct decl_case decl_cases[] = {
    {"FLOAT1", D3DDECLTYPE_FLOAT1, {0, 0, 0x80, 0x3e}, ONE, ZERO, {0.25f, 0, 0, 1}},
    {"FLOAT2", D3DDECLTYPE_FLOAT2, {0, 0, 0x80, 0x3e, 0, 0, 0, 0x3f}, ONE, ZERO, {0.25f, 0.5f, 0, 1}},
    {"FLOAT3", D3DDECLTYPE_FLOAT3, {0, 0, 0x80, 0x3e, 0, 0, 0, 0x3f, 0, 0, 0x40, 0x3f}, ONE, ZERO, {0.25f, 0.5f, 0.75f, 1}},
    {"FLOAT4", D3DDECLTYPE_FLOAT4, {0, 0, 0x80, 0x3e, 0, 0, 0, 0x3f, 0, 0, 0x40, 0x3f, 0, 0, 0, 0x3e}, ONE, ZERO,
     {0.25f, 0.5f, 0.75f, 0.125f}},
    /* Bytes in memory are B, G, R, A. */
    {"D3DCOLOR", D3DDECLTYPE_D3DCOLOR, {0x10, 0x20, 0x40, 0x80}, ONE, ZERO,
     {0x40 / 255.0f, 0x20 / 255.0f, 0x10 / 255.0f, 0x80 / 255.0f}},
    {"UBYTE4", D3DDECLTYPE_UBYTE4, {10, 20, 30, 40}, {0.01f, 0.01f, 0.01f, 0.01f}, ZERO, {0.1f, 0.2f, 0.3f, 0.4f}},
    /* -100, 200 */
    {"SHORT2", D3DDECLTYPE_SHORT2, {0x9c, 0xff, 0xc8, 0x00}, {1 / 400.0f, 1 / 400.0f, 1, 1}, {0.5f, 0.5f, 0, 0},
     {0.25f, 1, 0, 1}},
    /* -100, 200, 40, 0 */
    {"SHORT4", D3DDECLTYPE_SHORT4, {0x9c, 0xff, 0xc8, 0x00, 40, 0, 0, 0}, {1 / 400.0f, 1 / 400.0f, 1 / 400.0f, 1},
     {0.5f, 0.5f, 0.5f, 0.5f}, {0.25f, 1, 0.6f, 0.5f}},
    {"UBYTE4N", D3DDECLTYPE_UBYTE4N, {51, 102, 153, 204}, ONE, ZERO, {0.2f, 0.4f, 0.6f, 0.8f}},
    /* 16384, -16384 */
    {"SHORT2N", D3DDECLTYPE_SHORT2N, {0x00, 0x40, 0x00, 0xc0}, {0.5f, 0.5f, 1, 1}, {0.5f, 0.5f, 0, 0},
     {0.75f, 0.25f, 0, 1}},
    /* 16384, -16384, 32767, -32767 */
    {"SHORT4N", D3DDECLTYPE_SHORT4N, {0x00, 0x40, 0x00, 0xc0, 0xff, 0x7f, 0x01, 0x80}, {0.5f, 0.5f, 0.5f, 0.5f},
     {0.5f, 0.5f, 0.5f, 0.5f}, {0.75f, 0.25f, 1, 0}},
    /* 65535, 13107 */
    {"USHORT2N", D3DDECLTYPE_USHORT2N, {0xff, 0xff, 0x33, 0x33}, ONE, ZERO, {1, 0.2f, 0, 1}},
    /* 13107, 26214, 39321, 52428 */
    {"USHORT4N", D3DDECLTYPE_USHORT4N, {0x33, 0x33, 0x66, 0x66, 0x99, 0x99, 0xcc, 0xcc}, ONE, ZERO,
     {0.2f, 0.4f, 0.6f, 0.8f}},
    /* 100, 200, 300 and w bits 2: D3D9's w is 1 whatever they hold. */
    {"UDEC3", D3DDECLTYPE_UDEC3, {0x64, 0x20, 0xc3, 0x92}, {1 / 400.0f, 1 / 400.0f, 1 / 400.0f, 1}, ZERO,
     {0.25f, 0.5f, 0.75f, 1}},
    /* -256, 256, 511 and w bits 0: w is 1. */
    {"DEC3N", D3DDECLTYPE_DEC3N, {0x00, 0x03, 0xf4, 0x1f}, {0.5f, 0.5f, 0.5f, 1}, {0.5f, 0.5f, 0.5f, 0},
     {0.25f - 0.5f / 511 * 0.5f, 0.75f + 0.5f / 511 * 0.5f, 1, 1}},
    /* 0.25, 0.75 */
    {"FLOAT16_2", D3DDECLTYPE_FLOAT16_2, {0x00, 0x34, 0x00, 0x3a}, ONE, ZERO, {0.25f, 0.75f, 0, 1}},
    /* 0.25, 0.75, 0.5, 0.125 */
    {"FLOAT16_4", D3DDECLTYPE_FLOAT16_4, {0x00, 0x34, 0x00, 0x3a, 0x00, 0x38, 0x00, 0x30}, ONE, ZERO,
     {0.25f, 0.75f, 0.5f, 0.125f}},
};

struct fmt_vertex {
    float pos[4];
    BYTE data[16];
};

TEST(every_decl_type)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DVertexShader9 *vs = NULL, *vs_w = NULL;
    IDirect3DPixelShader9 *ps = NULL;
    static const float corners[4][2] = {{-1, -1}, {-1, 1}, {1, -1}, {1, 1}};
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, vs_colour, &vs), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, vs_colour_w, &vs_w), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreatePixelShader(dev, ps_pass, &ps), D3D_OK);
    IDirect3DDevice9_SetPixelShader(dev, ps);
    for (size_t i = 0; i < sizeof(decl_cases) / sizeof(decl_cases[0]); i++) {
        const struct decl_case *c = &decl_cases[i];
        D3DVERTEXELEMENT9 els[] = {{0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
                                   {0, 16, (BYTE)c->type, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
                                   D3DDECL_END()};
        IDirect3DVertexDeclaration9 *decl = NULL;
        struct fmt_vertex v[4];
        float consts[8];
        for (int k = 0; k < 4; k++) {
            v[k].pos[0] = corners[k][0];
            v[k].pos[1] = corners[k][1];
            v[k].pos[2] = 0.5f;
            v[k].pos[3] = 1;
            memcpy(v[k].data, c->data, sizeof(v[k].data));
        }
        memcpy(consts, c->scale, sizeof(c->scale));
        memcpy(consts + 4, c->bias, sizeof(c->bias));
        CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, els, &decl), D3D_OK);
        if (!decl)
            continue;
        IDirect3DDevice9_SetVertexDeclaration(dev, decl);
        IDirect3DDevice9_SetVertexShaderConstantF(dev, 0, consts, 2);
        /* x, y, z as red, green, blue. */
        IDirect3DDevice9_SetVertexShader(dev, vs);
        DRAW_FRAME(dev, IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])));
        CHECK_PIXEL(dev, 320, 240, rgb(c->want[0], c->want[1], c->want[2]), c->name);
        /* w in every channel. */
        IDirect3DDevice9_SetVertexShader(dev, vs_w);
        DRAW_FRAME(dev, IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])));
        {
            float w[3];
            for (int k = 0; k < 3; k++)
                w[k] = (c->want[3] - c->bias[3]) / c->scale[3] * c->scale[k] + c->bias[k];
            CHECK_PIXEL(dev, 320, 240, rgb(w[0], w[1], w[2]), c->name);
        }
        IDirect3DDevice9_SetVertexDeclaration(dev, NULL);
        IDirect3DVertexDeclaration9_Release(decl);
    }
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    IDirect3DVertexShader9_Release(vs);
    IDirect3DVertexShader9_Release(vs_w);
    IDirect3DPixelShader9_Release(ps);
    IDirect3DDevice9_Release(dev);
}

/* Positions in stream 0 behind a stream offset, colours in stream 1 at a
 * stream offset and an element offset; then the colour stream at stride
 * 0, which gives every vertex its first colour. */
TEST(two_streams_offsets_and_stride_zero)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DVertexShader9 *vs = NULL;
    IDirect3DPixelShader9 *ps = NULL;
    IDirect3DVertexDeclaration9 *decl = NULL;
    IDirect3DVertexBuffer9 *pos = NULL, *col = NULL;
    static const D3DVERTEXELEMENT9 els[] = {
        {0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
        {1, 4, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
        D3DDECL_END()};
    /* 16 bytes skipped by the stream offset, then a strip over the left half. */
    static const float p[4 + 4 * 4] = {9, 9, 9, 9, -1, -1, 0.5f, 1, -1, 1, 0.5f, 1, 0, -1, 0.5f, 1, 0, 1, 0.5f, 1};
    /* 8 bytes skipped by the stream offset; each 8-byte vertex has 4 bytes
     * of padding, then its colour (the element offset). */
    static const DWORD c[2 + 2 * 4] = {0xdeadbeef, 0xdeadbeef, 0, 0xff00ff00, 0, 0xff00ff00, 0, 0xff00ff00, 0, 0xff00ff00};
    static const float one[8] = {1, 1, 1, 1, 0, 0, 0, 0};
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, vs_colour, &vs), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreatePixelShader(dev, ps_pass, &ps), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, els, &decl), D3D_OK);
    pos = vbuffer(dev, p, sizeof(p));
    col = vbuffer(dev, c, sizeof(c));
    if (!vs || !ps || !decl || !pos || !col)
        return;
    IDirect3DDevice9_SetVertexShader(dev, vs);
    IDirect3DDevice9_SetPixelShader(dev, ps);
    IDirect3DDevice9_SetVertexShaderConstantF(dev, 0, one, 2);
    IDirect3DDevice9_SetVertexDeclaration(dev, decl);
    IDirect3DDevice9_SetStreamSource(dev, 0, pos, 16, 16);
    IDirect3DDevice9_SetStreamSource(dev, 1, col, 8, 8);
    DRAW_FRAME(dev, IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLESTRIP, 0, 2));
    CHECK_PIXEL(dev, 10, 10, 0x00ff00, "two streams");
    CHECK_PIXEL(dev, 310, 470, 0x00ff00, "two streams");
    CHECK_PIXEL(dev, 330, 240, 0x000000, "two streams, right half");

    /* Stride 0 on the colour stream: the first colour for every vertex
     * (the colour at 8 + 4 is a red one here). */
    {
        DWORD *q;
        if (SUCCEEDED(IDirect3DVertexBuffer9_Lock(col, 0, 0, (void **)&q, 0))) {
            q[3] = 0xffff0000;
            IDirect3DVertexBuffer9_Unlock(col);
        }
    }
    IDirect3DDevice9_SetStreamSource(dev, 1, col, 8, 0);
    DRAW_FRAME(dev, IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLESTRIP, 0, 2));
    CHECK_PIXEL(dev, 10, 10, 0xff0000, "stride 0");
    CHECK_PIXEL(dev, 310, 470, 0xff0000, "stride 0");

    /* Nothing on stream 1: Windows leaves the result undefined; the call
     * succeeds and nothing crashes. */
    IDirect3DDevice9_SetStreamSource(dev, 1, NULL, 0, 0);
    IDirect3DDevice9_BeginScene(dev);
    CHECK_HR(IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLESTRIP, 0, 2), D3D_OK);
    IDirect3DDevice9_EndScene(dev);
    bb_pixel(dev, 0, 0);

    IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0);
    IDirect3DDevice9_SetVertexDeclaration(dev, NULL);
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    IDirect3DVertexBuffer9_Release(col);
    IDirect3DVertexBuffer9_Release(pos);
    IDirect3DVertexDeclaration9_Release(decl);
    IDirect3DVertexShader9_Release(vs);
    IDirect3DPixelShader9_Release(ps);
    IDirect3DDevice9_Release(dev);
}

/* Three instances of a small quad, each moved and coloured by stream 1's
 * per-instance data; then one. */
TEST(instancing_three_instances)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DVertexShader9 *vs = NULL;
    IDirect3DPixelShader9 *ps = NULL;
    IDirect3DVertexDeclaration9 *decl = NULL;
    IDirect3DVertexBuffer9 *geo = NULL, *inst = NULL;
    IDirect3DIndexBuffer9 *ib = NULL;
    static const D3DVERTEXELEMENT9 els[] = {
        {0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
        {1, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0},
        {1, 16, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
        D3DDECL_END()};
    /* A quad over x in [-1, -0.5], y in [0.5, 1]: the top-left 160x120 pixels. */
    static const float quad[16] = {-1, 1, 0.5f, 1, -0.5f, 1, 0.5f, 1, -1, 0.5f, 0.5f, 1, -0.5f, 0.5f, 0.5f, 1};
    static const struct {
        float off[4];
        D3DCOLOR c;
    } per[3] = {{{0, 0, 0, 0}, 0xffff0000}, {{0.5f, 0, 0, 0}, 0xff00ff00}, {{1, -0.5f, 0, 0}, 0xff0000ff}};
    static const WORD idx[6] = {0, 1, 2, 2, 1, 3};
    void *p;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, vs_instance, &vs), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreatePixelShader(dev, ps_pass, &ps), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, els, &decl), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateIndexBuffer(dev, sizeof(idx), D3DUSAGE_WRITEONLY, D3DFMT_INDEX16, D3DPOOL_DEFAULT, &ib, NULL), D3D_OK);
    geo = vbuffer(dev, quad, sizeof(quad));
    inst = vbuffer(dev, per, sizeof(per));
    if (!vs || !ps || !decl || !ib || !geo || !inst)
        return;
    if (SUCCEEDED(IDirect3DIndexBuffer9_Lock(ib, 0, 0, &p, 0))) {
        memcpy(p, idx, sizeof(idx));
        IDirect3DIndexBuffer9_Unlock(ib);
    }
    IDirect3DDevice9_SetVertexShader(dev, vs);
    IDirect3DDevice9_SetPixelShader(dev, ps);
    IDirect3DDevice9_SetVertexDeclaration(dev, decl);
    IDirect3DDevice9_SetStreamSource(dev, 0, geo, 0, 16);
    IDirect3DDevice9_SetStreamSource(dev, 1, inst, 0, sizeof(per[0]));
    CHECK_HR(IDirect3DDevice9_SetStreamSourceFreq(dev, 0, D3DSTREAMSOURCE_INDEXEDDATA | 3), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetStreamSourceFreq(dev, 1, D3DSTREAMSOURCE_INSTANCEDATA | 1), D3D_OK);
    IDirect3DDevice9_SetIndices(dev, ib);
    DRAW_FRAME(dev, IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 0, 0, 4, 0, 2));
    CHECK_PIXEL(dev, 80, 60, 0xff0000, "instance 0");
    CHECK_PIXEL(dev, 240, 60, 0x00ff00, "instance 1");
    CHECK_PIXEL(dev, 400, 180, 0x0000ff, "instance 2");
    CHECK_PIXEL(dev, 400, 60, 0x000000, "between instances");
    /* One instance is still an instanced draw: every vertex reads the
     * instance's data (Wine's stream_test, case 3), here the second
     * entry through the stream's offset. */
    CHECK_HR(IDirect3DDevice9_SetStreamSourceFreq(dev, 0, D3DSTREAMSOURCE_INDEXEDDATA | 1), D3D_OK);
    IDirect3DDevice9_SetStreamSource(dev, 1, inst, sizeof(per[0]), sizeof(per[0]));
    DRAW_FRAME(dev, IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 0, 0, 4, 0, 2));
    CHECK_PIXEL(dev, 170, 10, 0x00ff00, "one instance");
    CHECK_PIXEL(dev, 310, 110, 0x00ff00, "one instance");
    CHECK_PIXEL(dev, 80, 60, 0x000000, "one instance, not at instance 0's place");
    CHECK_PIXEL(dev, 400, 180, 0x000000, "one instance, not at instance 2's place");
    IDirect3DDevice9_SetStreamSourceFreq(dev, 0, 1);
    IDirect3DDevice9_SetStreamSourceFreq(dev, 1, 1);
    IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0);
    IDirect3DDevice9_SetStreamSource(dev, 1, NULL, 0, 0);
    IDirect3DDevice9_SetIndices(dev, NULL);
    IDirect3DDevice9_SetVertexDeclaration(dev, NULL);
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    IDirect3DIndexBuffer9_Release(ib);
    IDirect3DVertexBuffer9_Release(inst);
    IDirect3DVertexBuffer9_Release(geo);
    IDirect3DVertexDeclaration9_Release(decl);
    IDirect3DVertexShader9_Release(vs);
    IDirect3DPixelShader9_Release(ps);
    IDirect3DDevice9_Release(dev);
}

/* Fixed function with a declaration: POSITIONT, a diffuse colour, and a
 * texture coordinate set sampling a 2x2 texture. */
TEST(fixed_function_with_declaration)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DVertexDeclaration9 *decl = NULL;
    IDirect3DTexture9 *tex = NULL;
    D3DLOCKED_RECT lr;
    static const D3DVERTEXELEMENT9 els[] = {
        {0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITIONT, 0},
        {0, 16, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
        {0, 20, D3DDECLTYPE_FLOAT2, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0},
        D3DDECL_END()};
    struct {
        float x, y, z, rhw;
        D3DCOLOR c;
        float u, v;
    } q[4] = {{0, 0, 0.5f, 1, 0xff20c040, 0, 0},
              {64, 0, 0.5f, 1, 0xff20c040, 1, 0},
              {0, 64, 0.5f, 1, 0xff20c040, 0, 1},
              {64, 64, 0.5f, 1, 0xff20c040, 1, 1}};
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, els, &decl), D3D_OK);
    if (!decl)
        return;
    IDirect3DDevice9_SetVertexDeclaration(dev, decl);
    /* Diffuse alone. */
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_DIFFUSE);
    DRAW_FRAME(dev, IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])));
    CHECK_PIXEL(dev, 10, 10, 0x20c040, "diffuse");
    CHECK_PIXEL(dev, 100, 10, 0x000000, "outside");

    /* The texture through the declaration's coordinates, modulated by the
     * diffuse colour. */
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 2, 2, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex, NULL), D3D_OK);
    if (!tex)
        return;
    IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0);
    ((DWORD *)lr.pBits)[0] = 0xffffffff;
    ((DWORD *)lr.pBits)[1] = 0xff000000;
    ((DWORD *)((BYTE *)lr.pBits + lr.Pitch))[0] = 0xff000000;
    ((DWORD *)((BYTE *)lr.pBits + lr.Pitch))[1] = 0xffffffff;
    IDirect3DTexture9_UnlockRect(tex, 0);
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_MODULATE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG2, D3DTA_DIFFUSE);
    DRAW_FRAME(dev, IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])));
    CHECK_PIXEL(dev, 10, 10, 0x20c040, "white texel");
    CHECK_PIXEL(dev, 50, 10, 0x000000, "black texel");
    CHECK_PIXEL(dev, 10, 50, 0x000000, "black texel");
    CHECK_PIXEL(dev, 50, 50, 0x20c040, "white texel");
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DDevice9_SetVertexDeclaration(dev, NULL);
    IDirect3DTexture9_Release(tex);
    IDirect3DVertexDeclaration9_Release(decl);
    IDirect3DDevice9_Release(dev);
}

/* POSITIONT in the declaration: no vertex processing, even with a vertex
 * shader bound (it would write c0 * v1 + c1 = black here). */
TEST(positiont_skips_vertex_shader)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DVertexShader9 *vs = NULL;
    IDirect3DVertexDeclaration9 *decl = NULL;
    static const D3DVERTEXELEMENT9 els[] = {
        {0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITIONT, 0},
        {0, 16, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
        D3DDECL_END()};
    static const float zero[8] = {0};
    struct {
        float x, y, z, rhw;
        D3DCOLOR c;
    } tri[3] = {{0, 0, 0.5f, 1, 0xff0000ff}, {64, 0, 0.5f, 1, 0xff0000ff}, {0, 64, 0.5f, 1, 0xff0000ff}};
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, vs_colour, &vs), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, els, &decl), D3D_OK);
    if (!vs || !decl)
        return;
    IDirect3DDevice9_SetVertexShader(dev, vs);
    IDirect3DDevice9_SetVertexShaderConstantF(dev, 0, zero, 2);
    IDirect3DDevice9_SetVertexDeclaration(dev, decl);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_DIFFUSE);
    DRAW_FRAME(dev, IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, tri, sizeof(tri[0])));
    CHECK_PIXEL(dev, 10, 10, 0x0000ff, "pre-transformed");
    CHECK_PIXEL(dev, 60, 60, 0x000000, "outside");
    IDirect3DDevice9_SetVertexDeclaration(dev, NULL);
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DVertexDeclaration9_Release(decl);
    IDirect3DVertexShader9_Release(vs);
    IDirect3DDevice9_Release(dev);
}

static const struct harness_test tests[] = {
    T(every_decl_type),
    T(two_streams_offsets_and_stride_zero),
    T(instancing_three_instances),
    T(fixed_function_with_declaration),
    T(positiont_skips_vertex_shader),
};

int main(void)
{
    return RUN_TESTS_SHARED(tests, &d3d, &window);
}
