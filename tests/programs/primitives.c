/* Every primitive type through every draw call: DrawPrimitive with a start
 * vertex, DrawIndexedPrimitive with 16- and 32-bit indices, a base vertex
 * and a start index, DrawPrimitiveUP and DrawIndexedPrimitiveUP; zero and
 * degenerate counts. Pre-transformed vertices (pixel centres at integer
 * positions in D3D9); pixels by readback, tolerance 2 per channel. */
#include "draw_util.h"

static IDirect3D9 *d3d;
static HWND window;

/* The whole back buffer, read once per check batch. */
static DWORD frame[480][640];

static void read_frame(IDirect3DDevice9 *dev)
{
    struct readback rb;
    read_back(dev, NULL, &rb);
    for (int y = 0; y < 480; y++)
        for (int x = 0; x < 640; x++)
            frame[y][x] = rb_pixel(&rb, x, y);
    rb_release(&rb);
}

#define CHECK_AT(x, y, want, what)                                                                                     \
    CHECK(near_color(frame[y][x], want, PIXEL_TOL), "%s: pixel (%d,%d) = %06lx, want %06lx", what, x, y,                         \
          (unsigned long)frame[y][x], (unsigned long)(want))

static IDirect3DDevice9 *begin(void)
{
    IDirect3DDevice9 *dev = unlit_device(d3d, window);
    if (!dev)
        return NULL;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSIZE, f2dw(3.0f));
    IDirect3DDevice9_SetFVF(dev, FVF_TL);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    return dev;
}

/* One shape per primitive type, each in its own part of the target. */
struct shape {
    const char *name;
    D3DPRIMITIVETYPE type;
    UINT prims, count;
    struct tl v[8];
    int in[4][2];  /* pixels the shape covers */
    int out[2][2]; /* pixels it leaves alone */
};

#define R 0xffff0000
#define G 0xff00ff00
#define B 0xff0000ff
#define Y 0xffffff00
#define M 0xffff00ff
#define C 0xff00ffff

static const struct shape shapes[] = {
    /* Three points of size 3 (D3DRS_POINTSIZE): 3x3 pixels around each,
     * and nothing between. */
    {"point list", D3DPT_POINTLIST, 3, 3,
     {{10, 10, 0.5f, 1, R}, {20, 10, 0.5f, 1, R}, {30, 14, 0.5f, 1, R}},
     {{10, 10}, {20, 10}, {30, 14}, {9, 9}},
     {{15, 10}, {30, 18}}},
    /* Two separate lines: a horizontal and a vertical one. */
    {"line list", D3DPT_LINELIST, 2, 4,
     {{100, 20, 0.5f, 1, G}, {200, 20, 0.5f, 1, G}, {220, 10, 0.5f, 1, G}, {220, 90, 0.5f, 1, G}},
     {{150, 20}, {110, 20}, {220, 50}, {220, 80}},
     {{150, 40}, {210, 20}}},
    /* Right, then down: one continuous path. */
    {"line strip", D3DPT_LINESTRIP, 2, 3,
     {{300, 20, 0.5f, 1, B}, {400, 20, 0.5f, 1, B}, {400, 100, 0.5f, 1, B}},
     {{350, 20}, {310, 20}, {400, 60}, {400, 90}},
     {{350, 60}, {300, 60}}},
    /* Two triangles side by side with a gap between. */
    {"triangle list", D3DPT_TRIANGLELIST, 2, 6,
     {{10, 150, 0.5f, 1, Y}, {90, 150, 0.5f, 1, Y}, {10, 230, 0.5f, 1, Y},
      {110, 150, 0.5f, 1, Y}, {190, 150, 0.5f, 1, Y}, {110, 230, 0.5f, 1, Y}},
     {{20, 160}, {60, 170}, {120, 160}, {160, 170}},
     {{100, 160}, {80, 220}}},
    /* A quad as a strip of two triangles. */
    {"triangle strip", D3DPT_TRIANGLESTRIP, 2, 4,
     {{250, 150, 0.5f, 1, M}, {350, 150, 0.5f, 1, M}, {250, 250, 0.5f, 1, M}, {350, 250, 0.5f, 1, M}},
     {{260, 160}, {340, 240}, {340, 160}, {260, 240}},
     {{360, 200}, {240, 200}}},
    /* A square around (500, 200) as a fan of four triangles. */
    {"triangle fan", D3DPT_TRIANGLEFAN, 4, 6,
     {{500, 200, 0.5f, 1, C}, {450, 150, 0.5f, 1, C}, {550, 150, 0.5f, 1, C}, {550, 250, 0.5f, 1, C},
      {450, 250, 0.5f, 1, C}, {450, 150, 0.5f, 1, C}},
     {{500, 160}, {540, 200}, {500, 240}, {460, 200}},
     {{560, 200}, {500, 260}}},
};
#define NSHAPES (sizeof(shapes) / sizeof(shapes[0]))

static void check_shapes(IDirect3DDevice9 *dev, const char *how)
{
    char what[96];
    read_frame(dev);
    for (size_t i = 0; i < NSHAPES; i++) {
        const struct shape *s = &shapes[i];
        snprintf(what, sizeof(what), "%s, %s", how, s->name);
        for (int k = 0; k < 4; k++)
            CHECK_AT(s->in[k][0], s->in[k][1], s->v[0].c & 0xffffff, what);
        for (int k = 0; k < 2; k++)
            CHECK_AT(s->out[k][0], s->out[k][1], 0, what);
    }
}

/* Every shape's vertices after `junk` unused ones, in one vertex buffer;
 * first[i] is where shape i starts. */
static IDirect3DVertexBuffer9 *shape_buffer(IDirect3DDevice9 *dev, UINT junk, UINT first[NSHAPES])
{
    IDirect3DVertexBuffer9 *vb = NULL;
    struct tl *p;
    UINT n = junk;
    for (size_t i = 0; i < NSHAPES; i++)
        n += shapes[i].count;
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, n * sizeof(struct tl), D3DUSAGE_WRITEONLY, FVF_TL, D3DPOOL_DEFAULT, &vb, NULL), D3D_OK);
    if (!vb || FAILED(IDirect3DVertexBuffer9_Lock(vb, 0, 0, (void **)&p, 0)))
        return vb;
    n = 0;
    for (UINT k = 0; k < junk; k++, n++) {
        struct tl j = {600, 400, 0.5f, 1, 0xffffffff};
        p[n] = j;
    }
    for (size_t i = 0; i < NSHAPES; i++) {
        first[i] = n;
        memcpy(p + n, shapes[i].v, shapes[i].count * sizeof(struct tl));
        n += shapes[i].count;
    }
    IDirect3DVertexBuffer9_Unlock(vb);
    return vb;
}

TEST(draw_primitive_with_start_vertex)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DVertexBuffer9 *vb;
    UINT first[NSHAPES];
    if (!dev)
        return;
    if ((vb = shape_buffer(dev, 3, first))) {
        IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, sizeof(struct tl));
        for (size_t i = 0; i < NSHAPES; i++)
            CHECK_HR(IDirect3DDevice9_DrawPrimitive(dev, shapes[i].type, first[i], shapes[i].prims), D3D_OK);
        IDirect3DDevice9_EndScene(dev);
        check_shapes(dev, "DrawPrimitive");
        IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0);
        IDirect3DVertexBuffer9_Release(vb);
    }
    IDirect3DDevice9_Release(dev);
}

/* Indexed draws: each shape's indices count from 0, after 5 junk indices
 * (StartIndex skips them), and the base vertex points them at the shape's
 * vertices behind 7 junk ones. */
static void indexed(D3DFORMAT ifmt, const char *how)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DVertexBuffer9 *vb;
    IDirect3DIndexBuffer9 *ib = NULL;
    UINT first[NSHAPES];
    UINT isize = ifmt == D3DFMT_INDEX16 ? 2 : 4;
    BYTE *p;
    if (!dev)
        return;
    vb = shape_buffer(dev, 7, first);
    CHECK_HR(IDirect3DDevice9_CreateIndexBuffer(dev, 16 * isize, D3DUSAGE_WRITEONLY, ifmt, D3DPOOL_DEFAULT, &ib, NULL), D3D_OK);
    if (vb && ib && SUCCEEDED(IDirect3DIndexBuffer9_Lock(ib, 0, 0, (void **)&p, 0))) {
        /* 5 junk indices (a vertex far away), then 0, 1, 2, ... */
        for (UINT k = 0; k < 16; k++) {
            DWORD v = k < 5 ? 1000 : k - 5;
            if (isize == 2)
                ((WORD *)p)[k] = (WORD)v;
            else
                ((DWORD *)p)[k] = v;
        }
        IDirect3DIndexBuffer9_Unlock(ib);
        IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, sizeof(struct tl));
        IDirect3DDevice9_SetIndices(dev, ib);
        for (size_t i = 0; i < NSHAPES; i++)
            CHECK_HR(IDirect3DDevice9_DrawIndexedPrimitive(dev, shapes[i].type, (INT)first[i], 0, shapes[i].count, 5,
                                                           shapes[i].prims),
                     D3D_OK);
        IDirect3DDevice9_EndScene(dev);
        check_shapes(dev, how);
        IDirect3DDevice9_SetIndices(dev, NULL);
        IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0);
    }
    if (ib)
        IDirect3DIndexBuffer9_Release(ib);
    if (vb)
        IDirect3DVertexBuffer9_Release(vb);
    IDirect3DDevice9_Release(dev);
}

TEST(draw_indexed_16_bit_base_vertex_start_index)
{
    indexed(D3DFMT_INDEX16, "DrawIndexedPrimitive 16-bit");
}

TEST(draw_indexed_32_bit_base_vertex_start_index)
{
    indexed(D3DFMT_INDEX32, "DrawIndexedPrimitive 32-bit");
}

TEST(draw_primitive_up)
{
    IDirect3DDevice9 *dev = begin();
    if (!dev)
        return;
    for (size_t i = 0; i < NSHAPES; i++)
        CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, shapes[i].type, shapes[i].prims, shapes[i].v, sizeof(struct tl)), D3D_OK);
    IDirect3DDevice9_EndScene(dev);
    check_shapes(dev, "DrawPrimitiveUP");
    IDirect3DDevice9_Release(dev);
}

/* Indexed UP draws: the indices name the shape's vertices from 2 on (the
 * first two are junk), with MinIndex 2. Both index widths. */
TEST(draw_indexed_primitive_up)
{
    for (int wide = 0; wide < 2; wide++) {
        IDirect3DDevice9 *dev = begin();
        if (!dev)
            return;
        for (size_t i = 0; i < NSHAPES; i++) {
            struct tl v[10];
            WORD i16[8];
            DWORD i32[8];
            struct tl j = {600, 400, 0.5f, 1, 0xffffffff};
            v[0] = v[1] = j;
            memcpy(v + 2, shapes[i].v, shapes[i].count * sizeof(struct tl));
            for (UINT k = 0; k < shapes[i].count; k++) {
                i16[k] = (WORD)(k + 2);
                i32[k] = k + 2;
            }
            CHECK_HR(IDirect3DDevice9_DrawIndexedPrimitiveUP(dev, shapes[i].type, 2, shapes[i].count, shapes[i].prims,
                                                             wide ? (void *)i32 : (void *)i16,
                                                             wide ? D3DFMT_INDEX32 : D3DFMT_INDEX16, v, sizeof(v[0])),
                     D3D_OK);
        }
        IDirect3DDevice9_EndScene(dev);
        check_shapes(dev, wide ? "DrawIndexedPrimitiveUP 32-bit" : "DrawIndexedPrimitiveUP 16-bit");
        IDirect3DDevice9_Release(dev);
    }
}

/* A fan longer than any small index pattern: 200 thin triangles around a
 * centre, drawn indexed with a base vertex. */
TEST(long_indexed_fan_with_base_vertex)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DVertexBuffer9 *vb = NULL;
    IDirect3DIndexBuffer9 *ib = NULL;
    struct tl *v;
    WORD *idx;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 205 * sizeof(struct tl), D3DUSAGE_WRITEONLY, FVF_TL, D3DPOOL_DEFAULT, &vb, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateIndexBuffer(dev, 202 * 2, D3DUSAGE_WRITEONLY, D3DFMT_INDEX16, D3DPOOL_DEFAULT, &ib, NULL), D3D_OK);
    if (vb && ib && SUCCEEDED(IDirect3DVertexBuffer9_Lock(vb, 0, 0, (void **)&v, 0)) &&
        SUCCEEDED(IDirect3DIndexBuffer9_Lock(ib, 0, 0, (void **)&idx, 0))) {
        /* Vertices 3..204: centre (320, 240), then a rim along the edges of
         * a 200x200 square, 201 points from its top-left corner round. */
        struct tl centre = {320, 240, 0.5f, 1, 0xff00ff00};
        for (int k = 0; k < 3; k++) {
            struct tl j = {0, 0, 0.5f, 1, 0xffff0000};
            v[k] = j;
        }
        v[3] = centre;
        for (int k = 0; k <= 200; k++) {
            struct tl r = centre;
            int t = k * 4; /* 0..800 along the perimeter */
            if (t < 200) {
                r.x = 220 + (float)t;
                r.y = 140;
            } else if (t < 400) {
                r.x = 420;
                r.y = 140 + (float)(t - 200);
            } else if (t < 600) {
                r.x = 420 - (float)(t - 400);
                r.y = 340;
            } else {
                r.x = 220;
                r.y = 340 - (float)(t - 600);
            }
            v[4 + k] = r;
        }
        for (int k = 0; k < 202; k++)
            idx[k] = (WORD)k;
        IDirect3DIndexBuffer9_Unlock(ib);
        IDirect3DVertexBuffer9_Unlock(vb);
        IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, sizeof(struct tl));
        IDirect3DDevice9_SetIndices(dev, ib);
        CHECK_HR(IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLEFAN, 3, 0, 202, 0, 200), D3D_OK);
        IDirect3DDevice9_EndScene(dev);
        read_frame(dev);
        CHECK_AT(230, 150, 0x00ff00, "top-left");
        CHECK_AT(410, 150, 0x00ff00, "top-right");
        CHECK_AT(410, 330, 0x00ff00, "bottom-right");
        CHECK_AT(230, 330, 0x00ff00, "bottom-left");
        CHECK_AT(320, 240, 0x00ff00, "centre");
        CHECK_AT(430, 240, 0x000000, "outside");
        CHECK_AT(1, 1, 0x000000, "junk vertices unused");
        IDirect3DDevice9_SetIndices(dev, NULL);
        IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0);
    }
    if (ib)
        IDirect3DIndexBuffer9_Release(ib);
    if (vb)
        IDirect3DVertexBuffer9_Release(vb);
    IDirect3DDevice9_Release(dev);
}

/* Zero primitives succeed and draw nothing; an unknown type is refused; a
 * triangle with no area draws nothing. */
TEST(zero_counts_and_degenerate_primitives)
{
    IDirect3DDevice9 *dev = begin();
    struct tl flat[3] = {{100, 100, 0.5f, 1, R}, {200, 100, 0.5f, 1, R}, {300, 100, 0.5f, 1, R}};
    struct tl point[3] = {{100, 200, 0.5f, 1, R}, {100, 200, 0.5f, 1, R}, {100, 200, 0.5f, 1, R}};
    WORD idx[3] = {0, 1, 2};
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 0, flat, sizeof(flat[0])), D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawIndexedPrimitiveUP(dev, D3DPT_TRIANGLELIST, 0, 3, 0, idx, D3DFMT_INDEX16, flat, sizeof(flat[0])), D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 0, 0), D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, (D3DPRIMITIVETYPE)7, 1, flat, sizeof(flat[0])), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, (D3DPRIMITIVETYPE)0, 1, flat, sizeof(flat[0])), D3DERR_INVALIDCALL);
    /* Collinear and coincident vertices: no area, no pixels. */
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, flat, sizeof(flat[0])), D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, point, sizeof(point[0])), D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLEFAN, 1, point, sizeof(point[0])), D3D_OK);
    IDirect3DDevice9_EndScene(dev);
    read_frame(dev);
    for (int y = 95; y < 105; y++)
        for (int x = 95; x < 305; x++)
            if (frame[y][x]) {
                CHECK(0, "pixel (%d,%d) = %06lx from a zero-area triangle", x, y, (unsigned long)frame[y][x]);
                y = 105;
                break;
            }
    CHECK_AT(100, 200, 0x000000, "coincident vertices");
    IDirect3DDevice9_Release(dev);
}

/* Points of size 1 light the pixel whose centre they name (D3D9's pixel
 * centres are at integer positions) and none of its neighbours. */
TEST(points_of_size_one)
{
    IDirect3DDevice9 *dev = begin();
    struct tl p[2] = {{100, 300, 0.5f, 1, G}, {103, 301, 0.5f, 1, B}};
    if (!dev)
        return;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSIZE, f2dw(1.0f));
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_POINTLIST, 2, p, sizeof(p[0])), D3D_OK);
    IDirect3DDevice9_EndScene(dev);
    read_frame(dev);
    CHECK_AT(100, 300, 0x00ff00, "point");
    CHECK_AT(103, 301, 0x0000ff, "point");
    CHECK_AT(99, 300, 0x000000, "left of the point");
    CHECK_AT(101, 300, 0x000000, "right of the point");
    CHECK_AT(100, 299, 0x000000, "above the point");
    CHECK_AT(100, 301, 0x000000, "below the point");
    IDirect3DDevice9_Release(dev);
}

static const struct harness_test tests[] = {
    T(draw_primitive_with_start_vertex),
    T(draw_indexed_16_bit_base_vertex_start_index),
    T(draw_indexed_32_bit_base_vertex_start_index),
    T(draw_primitive_up),
    T(draw_indexed_primitive_up),
    T(long_indexed_fan_with_base_vertex),
    T(zero_counts_and_degenerate_primitives),
    T(points_of_size_one),
};

int main(void)
{
    return RUN_TESTS_SHARED(tests, &d3d, &window);
}
