/* Occlusion and event queries against what the draws really pass: exact
 * sample counts (one sample per pixel), counts summed across render
 * target switches, the query states GetData reports, and FLUSH. */
#include "draw_util.h"

static IDirect3D9 *d3d;
static HWND window;

static IDirect3DDevice9 *begin(void) { return tl_device(d3d, window, 0); }

static IDirect3DQuery9 *occlusion(IDirect3DDevice9 *dev)
{
    IDirect3DQuery9 *q = NULL;
    CHECK_HR(IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_OCCLUSION, &q), D3D_OK);
    return q;
}

/* GetData until the query answers (or a bounded number of tries: the
 * loop must end); what the last call returned. */
static HRESULT poll(IDirect3DQuery9 *q, void *data, DWORD size, DWORD flags)
{
    HRESULT hr;
    long polls = 0;
    while ((hr = IDirect3DQuery9_GetData(q, data, size, flags)) == S_FALSE && ++polls < 10000000)
        ;
    return hr;
}

/* Polls with FLUSH until the query answers. */
static DWORD samples(IDirect3DQuery9 *q)
{
    DWORD n = 0xdddddddd;
    CHECK_HR(poll(q, &n, sizeof(n), D3DGETDATA_FLUSH), S_OK);
    return n;
}

/* The samples of one rectangle drawn between the query's BEGIN and END. */
static DWORD rect_samples(IDirect3DDevice9 *dev, IDirect3DQuery9 *q, float l, float t, float r, float b, float z,
                          D3DCOLOR c)
{
    IDirect3DQuery9_Issue(q, D3DISSUE_BEGIN);
    rect_tl(dev, l, t, r, b, z, c);
    IDirect3DQuery9_Issue(q, D3DISSUE_END);
    return samples(q);
}

TEST(occlusion_counts_covered_pixels)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DQuery9 *q;
    if (!dev)
        return;
    if ((q = occlusion(dev))) {
        CHECK_EQ_U(rect_samples(dev, q, 100, 100, 140, 130, 0.5f, 0xffffff), 40 * 30);
        IDirect3DQuery9_Release(q);
    }
    IDirect3DDevice9_EndScene(dev);
    IDirect3DDevice9_Release(dev);
}

TEST(occlusion_counts_what_passes_the_depth_test)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DQuery9 *q;
    if (!dev)
        return;
    if ((q = occlusion(dev))) {
        /* A nearer quad over the top half, outside the query. */
        rect_tl(dev, 100, 100, 140, 115, 0.2f, 0x00ff00);
        CHECK_EQ_U(rect_samples(dev, q, 100, 100, 140, 130, 0.5f, 0xff0000), 40 * 15);

        /* Wholly behind: nothing. */
        CHECK_EQ_U(rect_samples(dev, q, 100, 100, 140, 115, 0.9f, 0x0000ff), 0);
        IDirect3DQuery9_Release(q);
    }
    IDirect3DDevice9_EndScene(dev);
    IDirect3DDevice9_Release(dev);
}

TEST(occlusion_sums_across_render_targets)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DQuery9 *q;
    IDirect3DTexture9 *tex = NULL;
    IDirect3DSurface9 *bb = NULL, *rt = NULL;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 64, 64, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &tex, NULL),
             D3D_OK);
    IDirect3DDevice9_GetRenderTarget(dev, 0, &bb);
    if (tex)
        IDirect3DTexture9_GetSurfaceLevel(tex, 0, &rt);
    if (rt && bb && (q = occlusion(dev))) {
        IDirect3DQuery9_Issue(q, D3DISSUE_BEGIN);
        rect_tl(dev, 200, 200, 210, 210, 0.5f, 0xffffff); /* 100 on the back buffer */
        IDirect3DDevice9_SetRenderTarget(dev, 0, rt);
        rect_tl(dev, 0, 0, 20, 10, 0.5f, 0xffffff); /* 200 on the texture */
        IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
        rect_tl(dev, 300, 300, 303, 303, 0.5f, 0xffffff); /* 9 more */
        IDirect3DQuery9_Issue(q, D3DISSUE_END);
        CHECK_EQ_U(samples(q), 100 + 200 + 9);
        IDirect3DQuery9_Release(q);
    }
    if (rt)
        IDirect3DSurface9_Release(rt);
    if (bb)
        IDirect3DSurface9_Release(bb);
    if (tex)
        IDirect3DTexture9_Release(tex);
    IDirect3DDevice9_EndScene(dev);
    IDirect3DDevice9_Release(dev);
}

TEST(occlusion_spans_a_present)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DQuery9 *q;
    if (!dev)
        return;
    if ((q = occlusion(dev))) {
        IDirect3DQuery9_Issue(q, D3DISSUE_BEGIN);
        rect_tl(dev, 0, 0, 10, 10, 0.5f, 0xffffff);
        IDirect3DDevice9_EndScene(dev);
        IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL);
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_ZBUFFER, 0, 1.0f, 0);
        IDirect3DDevice9_BeginScene(dev);
        rect_tl(dev, 0, 0, 5, 4, 0.5f, 0xffffff);
        IDirect3DQuery9_Issue(q, D3DISSUE_END);
        CHECK_EQ_U(samples(q), 100 + 20);
        IDirect3DQuery9_Release(q);
    }
    IDirect3DDevice9_EndScene(dev);
    IDirect3DDevice9_Release(dev);
}

TEST(begin_twice_restarts)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DQuery9 *q;
    if (!dev)
        return;
    if ((q = occlusion(dev))) {
        CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_BEGIN), D3D_OK);
        rect_tl(dev, 0, 0, 10, 10, 0.5f, 0xffffff);
        CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_BEGIN), D3D_OK);
        rect_tl(dev, 20, 20, 25, 25, 0.5f, 0xffffff);
        CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_END), D3D_OK);
        CHECK_EQ_U(samples(q), 25);
        IDirect3DQuery9_Release(q);
    }
    IDirect3DDevice9_EndScene(dev);
    IDirect3DDevice9_Release(dev);
}

TEST(getdata_states)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DQuery9 *q;
    DWORD n = 0xdddddddd;
    if (!dev)
        return;
    if ((q = occlusion(dev))) {
        /* Never issued: S_OK, nothing to wait for, and the runtime's
         * 0xdd fill for the data size only (Windows, Wine's tests). */
        CHECK_HR(IDirect3DQuery9_GetData(q, NULL, 0, D3DGETDATA_FLUSH), S_OK);
        {
            DWORD two[2] = {0xffffffff, 0xffffffff};
            CHECK_HR(IDirect3DQuery9_GetData(q, two, sizeof(DWORD), D3DGETDATA_FLUSH), S_OK);
            CHECK_EQ_U(two[0], 0xdddddddd);
            CHECK_EQ_U(two[1], 0xffffffff);
        }
        /* Building (BEGIN without END): S_FALSE, as Windows answers (Wine's
         * tests), and the buffer is left alone. */
        IDirect3DQuery9_Issue(q, D3DISSUE_BEGIN);
        rect_tl(dev, 0, 0, 2, 2, 0.5f, 0xffffff);
        CHECK_HR(IDirect3DQuery9_GetData(q, &n, sizeof(n), D3DGETDATA_FLUSH), S_FALSE);
        CHECK_EQ_U(n, 0xdddddddd);
        CHECK_HR(IDirect3DQuery9_GetData(q, &n, sizeof(n), 0), S_FALSE);
        IDirect3DQuery9_Issue(q, D3DISSUE_END);
        /* Size 0 and NULL data poll the state only. */
        CHECK_HR(poll(q, NULL, 0, D3DGETDATA_FLUSH), S_OK);
        CHECK_HR(IDirect3DQuery9_GetData(q, NULL, sizeof(n), 0), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DQuery9_GetData(q, &n, sizeof(n), 0), S_OK);
        CHECK_EQ_U(n, 4);
        /* A smaller buffer gets the low bytes, a larger one the count
         * zero-extended. */
        {
            WORD w[2] = {0xffff, 0xffff};
            DWORD two[2] = {0xf0f0f0f0, 0xf0f0f0f0};
            CHECK_HR(IDirect3DQuery9_GetData(q, w, sizeof(WORD), 0), S_OK);
            CHECK_EQ_U(w[0], 4);
            CHECK_EQ_U(w[1], 0xffff);
            CHECK_HR(IDirect3DQuery9_GetData(q, two, sizeof(two), 0), S_OK);
            CHECK_EQ_U(two[0], 4);
            CHECK_EQ_U(two[1], 0);
        }
        IDirect3DQuery9_Release(q);
    }
    IDirect3DDevice9_EndScene(dev);
    IDirect3DDevice9_Release(dev);
}

TEST(event_done_after_flush)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DQuery9 *q = NULL;
    BOOL done = FALSE;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_EVENT, &q), D3D_OK);
    if (q) {
        rect_tl(dev, 0, 0, 640, 480, 0.5f, 0xff00ff);
        CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_END), D3D_OK);
        CHECK_HR(poll(q, &done, sizeof(done), D3DGETDATA_FLUSH), S_OK);
        CHECK(done == TRUE, "event answered %d", done);
        /* Issued again in the next frame: done once that is submitted. */
        CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_END), D3D_OK);
        IDirect3DDevice9_EndScene(dev);
        IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL);
        CHECK_HR(poll(q, NULL, 0, 0), S_OK);
        IDirect3DQuery9_Release(q);
    } else {
        IDirect3DDevice9_EndScene(dev);
    }
    IDirect3DDevice9_Release(dev);
}

TEST(timestamp_queries)
{
    /* TIMESTAMPFREQ, TIMESTAMP and TIMESTAMPDISJOINT: 8, 8 and 4 bytes;
     * BEGIN is ignored on the END-only TIMESTAMP (Windows' runtime); the
     * counter runs forwards at a nonzero frequency. */
    IDirect3DDevice9 *dev = begin();
    IDirect3DQuery9 *freq = NULL, *ts = NULL, *dis = NULL;
    UINT64 f = 0, t0 = 0, t1 = 0;
    BOOL disjoint = TRUE;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_TIMESTAMPFREQ, &freq), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_TIMESTAMP, &ts), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_TIMESTAMPDISJOINT, &dis), D3D_OK);
    if (freq && ts && dis) {
        CHECK_EQ_U(IDirect3DQuery9_GetDataSize(freq), 8);
        CHECK_EQ_U(IDirect3DQuery9_GetDataSize(ts), 8);
        CHECK_EQ_U(IDirect3DQuery9_GetDataSize(dis), 4);
        CHECK_HR(IDirect3DQuery9_Issue(dis, D3DISSUE_BEGIN), D3D_OK);
        CHECK_HR(IDirect3DQuery9_Issue(ts, D3DISSUE_BEGIN), D3D_OK);
        CHECK_HR(IDirect3DQuery9_Issue(ts, D3DISSUE_END), D3D_OK);
        CHECK_HR(poll(ts, &t0, sizeof(t0), D3DGETDATA_FLUSH), S_OK);
        rect_tl(dev, 0, 0, 640, 480, 0.5f, 0xff00ff);
        CHECK_HR(IDirect3DQuery9_Issue(ts, D3DISSUE_END), D3D_OK);
        CHECK_HR(poll(ts, &t1, sizeof(t1), D3DGETDATA_FLUSH), S_OK);
        CHECK_HR(IDirect3DQuery9_Issue(dis, D3DISSUE_END), D3D_OK);
        CHECK_HR(poll(dis, &disjoint, sizeof(disjoint), D3DGETDATA_FLUSH), S_OK);
        CHECK_HR(IDirect3DQuery9_Issue(freq, D3DISSUE_END), D3D_OK);
        CHECK_HR(poll(freq, &f, sizeof(f), D3DGETDATA_FLUSH), S_OK);
        CHECK(f > 0, "frequency %llu", (unsigned long long)f);
        CHECK(t1 >= t0, "timestamps %llu then %llu", (unsigned long long)t0, (unsigned long long)t1);
        CHECK(!disjoint, "disjoint %d", disjoint);
    }
    if (freq)
        IDirect3DQuery9_Release(freq);
    if (ts)
        IDirect3DQuery9_Release(ts);
    if (dis)
        IDirect3DQuery9_Release(dis);
    IDirect3DDevice9_EndScene(dev);
    IDirect3DDevice9_Release(dev);
}

static const struct harness_test tests[] = {
    T(occlusion_counts_covered_pixels), T(occlusion_counts_what_passes_the_depth_test), T(occlusion_sums_across_render_targets),
    T(occlusion_spans_a_present),       T(begin_twice_restarts),                        T(getdata_states),
    T(event_done_after_flush),          T(timestamp_queries),
};

int main(void)
{
    return RUN_TESTS_SHARED(tests, &d3d, &window);
}
