/* Frames handed to the unix side: the frame-latency setting, many
 * presents in a row, guest memory a frame names being reused as soon as
 * the call that submitted it returns, and a long frame handed over in
 * parts. */
#include "draw_util.h"

static IDirect3D9Ex *d3d;
static HWND window;

static IDirect3DDevice9Ex *ex_device(void)
{
    D3DPRESENT_PARAMETERS pp;
    IDirect3DDevice9Ex *dev = NULL;
    HRESULT hr;
    if (!d3d)
        return NULL;
    default_pp(&pp, window);
    hr = IDirect3D9Ex_CreateDeviceEx(d3d, 0, D3DDEVTYPE_HAL, window, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, NULL,
                                     &dev);
    CHECK(SUCCEEDED(hr), "CreateDeviceEx returned %#lx", (unsigned long)hr);
    return SUCCEEDED(hr) ? dev : NULL;
}

TEST(max_frame_latency_default_and_round_trip)
{
    IDirect3DDevice9Ex *dev = ex_device();
    UINT n = 0;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9Ex_GetMaximumFrameLatency(dev, &n), D3D_OK);
    CHECK_EQ_U(n, 3);
    CHECK_HR(IDirect3DDevice9Ex_SetMaximumFrameLatency(dev, 1), D3D_OK);
    CHECK_HR(IDirect3DDevice9Ex_GetMaximumFrameLatency(dev, &n), D3D_OK);
    CHECK_EQ_U(n, 1);
    /* Zero restores the default. */
    CHECK_HR(IDirect3DDevice9Ex_SetMaximumFrameLatency(dev, 0), D3D_OK);
    CHECK_HR(IDirect3DDevice9Ex_GetMaximumFrameLatency(dev, &n), D3D_OK);
    CHECK_EQ_U(n, 3);
    IDirect3DDevice9Ex_Release(dev);
}

/* Presents far past the latency bound neither block for good nor lose
 * order: a clear after them is what the back buffer reads. */
static void many_presents(UINT latency)
{
    IDirect3DDevice9Ex *dev = ex_device();
    IDirect3DSurface9 *bb = NULL;
    int i;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9Ex_SetMaximumFrameLatency(dev, latency), D3D_OK);
    for (i = 0; i < 24; i++) {
        IDirect3DDevice9Ex_Clear(dev, 0, NULL, D3DCLEAR_TARGET, D3DCOLOR_XRGB(i * 10, 0, 0), 1.0f, 0);
        CHECK_HR(IDirect3DDevice9Ex_PresentEx(dev, NULL, NULL, NULL, NULL, 0), D3D_OK);
    }
    IDirect3DDevice9Ex_Clear(dev, 0, NULL, D3DCLEAR_TARGET, D3DCOLOR_XRGB(0x12, 0x34, 0x56), 1.0f, 0);
    CHECK_HR(IDirect3DDevice9Ex_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb), D3D_OK);
    if (bb) {
        CHECK_EQ_U(rt_pixel((IDirect3DDevice9 *)dev, bb, 5, 5), 0x123456);
        IDirect3DSurface9_Release(bb);
    }
    IDirect3DDevice9Ex_Release(dev);
}

TEST(presents_past_a_latency_of_one)
{
    many_presents(1);
}

TEST(presents_past_the_default_latency)
{
    many_presents(0);
}

static void fill(IDirect3DSurface9 *s, DWORD c)
{
    D3DLOCKED_RECT lr;
    int x, y;
    if (FAILED(IDirect3DSurface9_LockRect(s, &lr, NULL, 0)))
        return;
    for (y = 0; y < 16; y++)
        for (x = 0; x < 16; x++)
            ((DWORD *)((BYTE *)lr.pBits + y * lr.Pitch))[x] = c;
    IDirect3DSurface9_UnlockRect(s);
}

/* UpdateSurface names the source's memory; the game may write it again
 * once the call returns, and the copy keeps what it held. */
TEST(update_surface_source_reused_at_once)
{
    IDirect3DDevice9Ex *dev = ex_device();
    IDirect3DSurface9 *src = NULL, *dst = NULL;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9Ex_CreateOffscreenPlainSurface(dev, 16, 16, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &src, NULL),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9Ex_CreateRenderTarget(dev, 16, 16, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &dst,
                                                   NULL),
             D3D_OK);
    if (src && dst) {
        fill(src, 0xff00ff00);
        CHECK_HR(IDirect3DDevice9Ex_UpdateSurface(dev, src, NULL, dst, NULL), D3D_OK);
        fill(src, 0xff0000ff);
        CHECK_EQ_U(rt_pixel((IDirect3DDevice9 *)dev, dst, 3, 3), 0x00ff00);
    }
    if (src)
        IDirect3DSurface9_Release(src);
    if (dst)
        IDirect3DSurface9_Release(dst);
    IDirect3DDevice9Ex_Release(dev);
}

/* A frame with no Present that outgrows the arena's pool past 4 MiB is
 * offered to the unix side in parts while it is recorded (d3d9's
 * device_handover); whether or not a part is taken, every record arrives
 * once and in order: 64 additive draws, each after 128 KiB of state
 * records (8 MiB in all), leave 64 steps in the pixel. */
TEST(long_frame_arrives_whole)
{
    IDirect3DDevice9 *dev = tl_device((IDirect3D9 *)d3d, window, 0);
    if (!dev)
        return;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_ONE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, D3DBLEND_ONE);
    for (DWORD k = 0; k < 64; k++) {
        for (DWORD i = 0; i < 8192; i++)
            IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGCOLOR, k + i);
        rect_tl(dev, 0, 0, 8, 8, 0.5f, 0x00010203);
    }
    IDirect3DDevice9_EndScene(dev);
    CHECK_PIXEL_TOL(dev, 2, 2, 0x4080c0, 1, "after a long frame: ");
    IDirect3DDevice9_Release(dev);
}

static const struct harness_test tests[] = {
    T(max_frame_latency_default_and_round_trip),
    T(presents_past_a_latency_of_one),
    T(presents_past_the_default_latency),
    T(update_surface_source_reused_at_once),
    T(long_frame_arrives_whole),
};

int main(void)
{
    int r;
    CHECK_HR(Direct3DCreate9Ex(D3D_SDK_VERSION, &d3d), D3D_OK);
    window = test_window(640, 480);
    r = RUN_TESTS(tests);
    if (d3d)
        IDirect3D9Ex_Release(d3d);
    return r;
}
