/* Presentation timing. The vertical blank: GetRasterStatus moves like a
 * raster at the display mode's refresh rate, and WaitForVBlank waits for
 * the blanks. D3DPRESENT_DONOTWAIT answers D3DERR_WASSTILLDRAWING where
 * Present would wait.
 * D3DRASTER_STATUS: ScanLine runs from 0 to the mode's height - 1 outside
 * the blank and is 0 inside it. The caps claim D3DCAPS_READ_SCANLINE. */
#include "device_util.h"

static IDirect3D9Ex *d3d;
static HWND window;
static IDirect3DDevice9Ex *devex; /* WaitForVBlank is IDirect3DDevice9Ex's */
static IDirect3DDevice9 *dev;

static double now_s(void)
{
    LARGE_INTEGER f, t;
    QueryPerformanceFrequency(&f);
    QueryPerformanceCounter(&t);
    return (double)t.QuadPart / (double)f.QuadPart;
}

static void mode(D3DDISPLAYMODE *m)
{
    memset(m, 0, sizeof(*m));
    CHECK_HR(IDirect3DDevice9_GetDisplayMode(dev, 0, m), D3D_OK);
    if (!m->RefreshRate)
        m->RefreshRate = 60;
}

TEST(raster_status_moves)
{
    D3DRASTER_STATUS rs;
    D3DDISPLAYMODE m;
    D3DCAPS9 caps;
    UINT lo = ~0u, hi = 0, blanks = 0, lines = 0;
    double end;

    CHECK_HR(IDirect3DDevice9_GetDeviceCaps(dev, &caps), D3D_OK);
    CHECK(caps.Caps & D3DCAPS_READ_SCANLINE, "caps claim D3DCAPS_READ_SCANLINE");
    CHECK_HR(IDirect3DDevice9_GetRasterStatus(dev, 0, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetRasterStatus(dev, 1, &rs), D3DERR_INVALIDCALL);
    mode(&m);
    /* Sample until the blank and lines spread over the screen were seen
     * (a second at most: a loaded machine may sample sparsely). */
    end = now_s() + 1.0;
    while (now_s() < end && !(blanks > 0 && lines > 0 && hi - lo > m.Height / 2 && lo <= hi)) {
        memset(&rs, 0xab, sizeof(rs));
        CHECK_HR(IDirect3DDevice9_GetRasterStatus(dev, 0, &rs), D3D_OK);
        if (rs.InVBlank) {
            blanks++;
            CHECK(rs.ScanLine == 0, "ScanLine %u in the blank, want 0", rs.ScanLine);
        } else {
            lines++;
            CHECK(rs.InVBlank == FALSE, "InVBlank is %d", rs.InVBlank);
            CHECK(rs.ScanLine < m.Height, "ScanLine %u past the mode's height %u", rs.ScanLine, m.Height);
            lo = rs.ScanLine < lo ? rs.ScanLine : lo;
            hi = rs.ScanLine > hi ? rs.ScanLine : hi;
        }
    }
    CHECK(blanks > 0 && lines > 0, "%u samples in the blank, %u outside it", blanks, lines);
    CHECK(hi - lo > m.Height / 2, "scan lines %u..%u of %u: the raster does not move", lo, hi, m.Height);
}

TEST(wait_for_vblank_waits)
{
    D3DDISPLAYMODE m;
    double start;
    int i;

    CHECK_HR(IDirect3DDevice9Ex_WaitForVBlank(devex, 1), D3DERR_INVALIDCALL);
    mode(&m);
    CHECK_HR(IDirect3DDevice9Ex_WaitForVBlank(devex, 0), D3D_OK);
    start = now_s();
    for (i = 0; i < 10; i++)
        CHECK_HR(IDirect3DDevice9Ex_WaitForVBlank(devex, 0), D3D_OK);
    /* The tenth wait returns at the tenth blank after the one the first
     * returned at; that one returned at most a period after its blank,
     * however late the thread ran, so ten waits span nine periods at
     * least. */
    CHECK(now_s() - start >= 9.0 / m.RefreshRate, "ten waits took %.4f s at %u Hz", now_s() - start, m.RefreshRate);
}

/* With one frame of latency allowed, presents in a tight loop outrun the
 * renderer: PresentEx with DONOTWAIT then answers WASSTILLDRAWING rather
 * than waiting, and nothing else. */
TEST(donotwait)
{
    int ok = 0, busy = 0, i;
    HRESULT hr;

    CHECK_HR(IDirect3DDevice9Ex_SetMaximumFrameLatency(devex, 1), D3D_OK);
    for (i = 0; i < 300; i++) {
        CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000u | (DWORD)i, 1.0f, 0), D3D_OK);
        hr = IDirect3DDevice9Ex_PresentEx(devex, NULL, NULL, NULL, NULL, D3DPRESENT_DONOTWAIT);
        if (hr == D3D_OK)
            ok++;
        else if (hr == D3DERR_WASSTILLDRAWING)
            busy++;
        else
            CHECK(0, "PresentEx(DONOTWAIT) returned %#lx", (unsigned long)hr);
    }
    CHECK(ok > 0 && busy > 0, "%d presents done, %d still drawing", ok, busy);
    CHECK_HR(IDirect3DDevice9Ex_PresentEx(devex, NULL, NULL, NULL, NULL, 0), D3D_OK);
    CHECK_HR(IDirect3DDevice9Ex_SetMaximumFrameLatency(devex, 0), D3D_OK);
}

/* GetPresentStats: a windowed chain other than FLIPEX answers zeros (the
 * documentation); a FLIPEX one answers D3DERR_PRESENT_STATISTICS_DISJOINT
 * first, then counts: PresentCount the presents, SyncRefreshCount the
 * blanks (growing by one a WaitForVBlank), SyncQPCTime the counter at the
 * last blank, PresentRefreshCount the blank the last present showed at. */
TEST(present_stats)
{
    IDirect3DSwapChain9 *sc9 = NULL, *flip9 = NULL;
    IDirect3DSwapChain9Ex *sc = NULL, *flip = NULL;
    D3DPRESENT_PARAMETERS pp;
    D3DPRESENTSTATS st, st2;
    LARGE_INTEGER now;
    int i;

    CHECK_HR(IDirect3DDevice9_GetSwapChain(dev, 0, &sc9), D3D_OK);
    CHECK_HR(IDirect3DSwapChain9_QueryInterface(sc9, &IID_IDirect3DSwapChain9Ex, (void **)&sc), D3D_OK);
    CHECK_HR(IDirect3DSwapChain9Ex_GetPresentStats(sc, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
    memset(&st, 0xab, sizeof(st));
    CHECK_HR(IDirect3DSwapChain9Ex_GetPresentStats(sc, &st), D3D_OK);
    CHECK(st.PresentCount == 0 && st.PresentRefreshCount == 0 && st.SyncRefreshCount == 0 &&
              st.SyncQPCTime.QuadPart == 0 && st.SyncGPUTime.QuadPart == 0,
          "windowed DISCARD stats not zero: %u %u %u", st.PresentCount, st.PresentRefreshCount, st.SyncRefreshCount);

    default_pp(&pp, window);
    pp.SwapEffect = D3DSWAPEFFECT_FLIPEX;
    pp.BackBufferCount = 2;
    pp.BackBufferWidth = 64;
    pp.BackBufferHeight = 64;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &flip9), D3D_OK);
    if (flip9) {
        CHECK_HR(IDirect3DSwapChain9_QueryInterface(flip9, &IID_IDirect3DSwapChain9Ex, (void **)&flip), D3D_OK);
        CHECK_HR(IDirect3DSwapChain9Ex_GetPresentStats(flip, &st), D3DERR_PRESENT_STATISTICS_DISJOINT);
        for (i = 0; i < 3; i++)
            CHECK_HR(IDirect3DSwapChain9_Present(flip9, NULL, NULL, NULL, NULL, 0), D3D_OK);
        CHECK_HR(IDirect3DDevice9Ex_WaitForVBlank(devex, 0), D3D_OK);
        CHECK_HR(IDirect3DSwapChain9Ex_GetPresentStats(flip, &st), D3D_OK);
        QueryPerformanceCounter(&now);
        CHECK_EQ_U(st.PresentCount, 3);
        CHECK(st.SyncRefreshCount > 0, "SyncRefreshCount %u", st.SyncRefreshCount);
        CHECK(st.PresentRefreshCount > 0 && st.PresentRefreshCount <= st.SyncRefreshCount,
              "the last present showed at refresh %u, the last blank is %u", st.PresentRefreshCount,
              st.SyncRefreshCount);
        CHECK(st.SyncQPCTime.QuadPart > 0 && st.SyncQPCTime.QuadPart <= now.QuadPart, "SyncQPCTime %lld, now %lld",
              (long long)st.SyncQPCTime.QuadPart, (long long)now.QuadPart);
        CHECK_HR(IDirect3DDevice9Ex_WaitForVBlank(devex, 0), D3D_OK);
        CHECK_HR(IDirect3DDevice9Ex_WaitForVBlank(devex, 0), D3D_OK);
        CHECK_HR(IDirect3DSwapChain9Ex_GetPresentStats(flip, &st2), D3D_OK);
        CHECK(st2.SyncRefreshCount >= st.SyncRefreshCount + 2, "two blanks later the count went %u -> %u",
              st.SyncRefreshCount, st2.SyncRefreshCount);
        CHECK(st2.SyncQPCTime.QuadPart > st.SyncQPCTime.QuadPart, "SyncQPCTime did not move");
        CHECK_EQ_U(st2.PresentCount, 3);
        CHECK_EQ_U(st2.PresentRefreshCount, st.PresentRefreshCount);
        IDirect3DSwapChain9Ex_Release(flip);
        IDirect3DSwapChain9_Release(flip9);
    }
    IDirect3DSwapChain9Ex_Release(sc);
    IDirect3DSwapChain9_Release(sc9);
}

static const struct harness_test tests[] = {T(raster_status_moves), T(wait_for_vblank_waits), T(donotwait),
                                            T(present_stats)};

int main(void)
{
    D3DPRESENT_PARAMETERS pp;
    int r;
    window = test_window(640, 480);
    default_pp(&pp, window);
    if (FAILED(Direct3DCreate9Ex(D3D_SDK_VERSION, &d3d)) || !window ||
        FAILED(IDirect3D9Ex_CreateDeviceEx(d3d, 0, D3DDEVTYPE_HAL, window, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, NULL,
                                           &devex))) {
        printf("=== RUN setup\n--- FAIL setup: %s:%d: no device\n--- FAILED setup\n=== DONE 0 1\n", __FILE__, __LINE__);
        return 1;
    }
    dev = (IDirect3DDevice9 *)devex;
    r = RUN_TESTS(tests);
    IDirect3DDevice9Ex_Release(devex);
    IDirect3D9Ex_Release(d3d);
    DestroyWindow(window);
    return r;
}
