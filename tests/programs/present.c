/* Present, checked through GetFrontBufferData (the screen, with the
 * window's client area at its position): source and destination
 * rectangles, a back buffer scaled to its window, FLIP rotation, COPY
 * keeping the back buffer, the rectangle rules, a resized window,
 * PresentEx and the swap chain's Present. Colours are exact away from
 * the edges a linear filter blends. */
#include "device_util.h"

static IDirect3D9 *d3d;

/* A windowed device on window with the given back buffer and swap effect. */
static IDirect3DDevice9 *make_device(HWND window, UINT w, UINT h, D3DSWAPEFFECT effect, UINT count)
{
    D3DPRESENT_PARAMETERS pp;
    IDirect3DDevice9 *dev = NULL;
    default_pp(&pp, window);
    pp.BackBufferWidth = w;
    pp.BackBufferHeight = h;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    pp.SwapEffect = effect;
    pp.BackBufferCount = count;
    HRESULT hr = IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, window, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev);
    CHECK(SUCCEEDED(hr), "CreateDevice returned %#lx", (unsigned long)hr);
    return SUCCEEDED(hr) ? dev : NULL;
}

static void fill(IDirect3DDevice9 *dev, LONG l, LONG t, LONG r, LONG b, D3DCOLOR c)
{
    D3DRECT rect = {l, t, r, b};
    CHECK_HR(IDirect3DDevice9_Clear(dev, 1, &rect, D3DCLEAR_TARGET, c, 1.0f, 0), D3D_OK);
}

static void fill_target(IDirect3DDevice9 *dev, IDirect3DSurface9 *rt, D3DCOLOR c)
{
    IDirect3DDevice9_SetRenderTarget(dev, 0, rt);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, c, 1.0f, 0), D3D_OK);
}

TEST(rects_into_a_larger_window)
{
    HWND w = test_window(320, 240);
    IDirect3DDevice9 *dev = make_device(w, 64, 64, D3DSWAPEFFECT_COPY, 1);
    RECT src = {32, 0, 64, 32}, dst = {100, 50, 132, 82}, big = {280, 200, 344, 264};
    if (!dev)
        return;
    /* Quarters: red, green / blue, white. */
    fill(dev, 0, 0, 32, 32, D3DCOLOR_XRGB(0xff, 0, 0));
    fill(dev, 32, 0, 64, 32, D3DCOLOR_XRGB(0, 0xff, 0));
    fill(dev, 0, 32, 32, 64, D3DCOLOR_XRGB(0, 0, 0xff));
    fill(dev, 32, 32, 64, 64, D3DCOLOR_XRGB(0xff, 0xff, 0xff));
    /* No rectangles: the 64x64 back buffer fills the 320x240 client area. */
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
    CHECK_EQ_U(front_pixel(dev, NULL, w, 10, 10), 0xffff0000);
    CHECK_EQ_U(front_pixel(dev, NULL, w, 310, 10), 0xff00ff00);
    CHECK_EQ_U(front_pixel(dev, NULL, w, 10, 230), 0xff0000ff);
    CHECK_EQ_U(front_pixel(dev, NULL, w, 310, 230), 0xffffffff);
    /* The green quarter 1:1 at (100,50); the rest keeps the last frame. */
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, D3DCOLOR_XRGB(0, 0, 0x80), 1.0f, 0), D3D_OK);
    fill(dev, 32, 0, 64, 32, D3DCOLOR_XRGB(0, 0xff, 0));
    CHECK_HR(IDirect3DDevice9_Present(dev, &src, &dst, NULL, NULL), D3D_OK);
    CHECK_EQ_U(front_pixel(dev, NULL, w, 100, 50), 0xff00ff00);
    CHECK_EQ_U(front_pixel(dev, NULL, w, 131, 81), 0xff00ff00);
    CHECK_EQ_U(front_pixel(dev, NULL, w, 99, 50), 0xffff0000);
    CHECK_EQ_U(front_pixel(dev, NULL, w, 10, 10), 0xffff0000);
    CHECK_EQ_U(front_pixel(dev, NULL, w, 310, 230), 0xffffffff);
    /* Source rect doubled into a destination running off the client area:
     * clipped there, not squeezed. */
    CHECK_HR(IDirect3DDevice9_Present(dev, &src, &big, NULL, NULL), D3D_OK);
    CHECK_EQ_U(front_pixel(dev, NULL, w, 290, 210), 0xff00ff00);
    CHECK_EQ_U(front_pixel(dev, NULL, w, 319, 239), 0xff00ff00);
    CHECK_EQ_U(front_pixel(dev, NULL, w, 279, 210), 0xffffffff);
    /* A source rect past the back buffer is clipped to it, so the 32
     * columns left shown 1:1: yellow then magenta, not the magenta edge
     * stretched. */
    fill(dev, 32, 0, 48, 32, D3DCOLOR_XRGB(0xff, 0xff, 0));
    fill(dev, 48, 0, 64, 32, D3DCOLOR_XRGB(0xff, 0, 0xff));
    src.right = 200;
    CHECK_HR(IDirect3DDevice9_Present(dev, &src, &dst, NULL, NULL), D3D_OK);
    CHECK_EQ_U(front_pixel(dev, NULL, w, 110, 60), 0xffffff00);
    CHECK_EQ_U(front_pixel(dev, NULL, w, 125, 60), 0xffff00ff);
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
    DestroyWindow(w);
}

TEST(half_size_back_buffer_scaled_up)
{
    HWND w = test_window(320, 240);
    IDirect3DDevice9 *dev = make_device(w, 160, 120, D3DSWAPEFFECT_DISCARD, 1);
    if (!dev)
        return;
    fill(dev, 0, 0, 80, 120, D3DCOLOR_XRGB(0xff, 0, 0));
    fill(dev, 80, 0, 160, 120, D3DCOLOR_XRGB(0, 0, 0xff));
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
    CHECK_EQ_U(front_pixel(dev, NULL, w, 0, 0), 0xffff0000);
    CHECK_EQ_U(front_pixel(dev, NULL, w, 150, 200), 0xffff0000);
    CHECK_EQ_U(front_pixel(dev, NULL, w, 170, 200), 0xff0000ff);
    CHECK_EQ_U(front_pixel(dev, NULL, w, 319, 239), 0xff0000ff);
    {
        /* Across the edge the linear filter blends the two colours. */
        DWORD c = front_pixel(dev, NULL, w, 160, 100);
        CHECK((c & 0xff0000) && (c & 0xff), "edge pixel %#lx is a red-blue blend", (unsigned long)c);
    }
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
    DestroyWindow(w);
}

/* Present rotates a chain of two back buffers for FLIP, and for DISCARD
 * too (whose contents the documentation leaves undefined after a Present;
 * Windows rotates them, Wine's test_flip). */
static void rotates_two_back_buffers(D3DSWAPEFFECT effect)
{
    HWND w = test_window(64, 64);
    IDirect3DDevice9 *dev = make_device(w, 64, 64, effect, 2);
    IDirect3DSurface9 *a = NULL, *b = NULL, *again = NULL;
    if (!dev)
        return;
    IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &a);
    IDirect3DDevice9_GetBackBuffer(dev, 0, 1, D3DBACKBUFFER_TYPE_MONO, &b);
    if (!a || !b)
        return;
    CHECK(a != b, "two back buffers");
    fill_target(dev, b, D3DCOLOR_XRGB(0, 0xff, 0));
    fill_target(dev, a, D3DCOLOR_XRGB(0xff, 0, 0));
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
    /* The first back buffer went to the front; the surfaces stay the same
     * objects, their contents move up one place. */
    CHECK_EQ_U(front_pixel(dev, NULL, w, 32, 32), 0xffff0000);
    IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &again);
    CHECK(again == a, "GetBackBuffer(0) is the same surface after a flip");
    if (again)
        IDirect3DSurface9_Release(again);
    CHECK_EQ_U(rt_pixel(dev, a, 5, 5), 0x00ff00);
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
    CHECK_EQ_U(front_pixel(dev, NULL, w, 32, 32), 0xff00ff00);
    /* The red frame left the front for the last back buffer. */
    CHECK_EQ_U(rt_pixel(dev, b, 5, 5), 0xff0000);
    IDirect3DSurface9_Release(b);
    IDirect3DSurface9_Release(a);
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
    DestroyWindow(w);
}

TEST(flip_rotates_two_back_buffers) { rotates_two_back_buffers(D3DSWAPEFFECT_FLIP); }

TEST(discard_rotates_two_back_buffers) { rotates_two_back_buffers(D3DSWAPEFFECT_DISCARD); }

TEST(copy_keeps_back_buffer)
{
    HWND w = test_window(64, 64);
    IDirect3DDevice9 *dev = make_device(w, 64, 64, D3DSWAPEFFECT_COPY, 1);
    IDirect3DSurface9 *bb = NULL;
    if (!dev)
        return;
    IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb);
    if (!bb)
        return;
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, D3DCOLOR_XRGB(0x10, 0x20, 0x30), 1.0f, 0), D3D_OK);
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
    CHECK_EQ_U(rt_pixel(dev, bb, 10, 10), 0x102030);
    CHECK_EQ_U(front_pixel(dev, NULL, w, 10, 10), 0xff102030);
    IDirect3DSurface9_Release(bb);
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
    DestroyWindow(w);
}

TEST(rect_rules)
{
    /* Windowed, every swap effect presents by copy and takes rectangles
     * and a dirty region. */
    HWND w = test_window(128, 128);
    IDirect3DDevice9 *dev = make_device(w, 64, 64, D3DSWAPEFFECT_DISCARD, 1);
    RECT r = {0, 0, 32, 32};
    struct {
        RGNDATAHEADER h;
        RECT r;
    } region = {{sizeof(RGNDATAHEADER), RDH_RECTANGLES, 1, sizeof(RECT), {0, 0, 32, 32}}, {0, 0, 32, 32}};
    D3DPRESENT_PARAMETERS pp;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_Present(dev, &r, &r, NULL, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, (const RGNDATA *)&region), D3D_OK);
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
    /* Fullscreen flips unless the swap effect is COPY: rectangles and a
     * dirty region are refused there, as documented. */
    default_pp(&pp, w);
    pp.Windowed = FALSE;
    pp.BackBufferWidth = 800;
    pp.BackBufferHeight = 600;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    dev = NULL;
    CHECK_HR(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, w, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev), D3D_OK);
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_Present(dev, &r, NULL, NULL, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, &r, NULL, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, (const RGNDATA *)&region), D3DERR_INVALIDCALL);
    /* The fullscreen front buffer is the (emulated) mode: the back buffer
     * scaled to the monitor reads back at the mode's size. */
    fill(dev, 0, 0, 400, 600, D3DCOLOR_XRGB(0xff, 0, 0));
    fill(dev, 400, 0, 800, 600, D3DCOLOR_XRGB(0, 0xff, 0));
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
    CHECK_EQ_U(front_pixel(dev, NULL, NULL, 100, 300), 0xffff0000);
    CHECK_EQ_U(front_pixel(dev, NULL, NULL, 700, 300), 0xff00ff00);
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
    DestroyWindow(w);
}

TEST(present_after_resize)
{
    HWND w = test_window(128, 128);
    IDirect3DDevice9 *dev = make_device(w, 64, 64, D3DSWAPEFFECT_DISCARD, 1);
    RECT r = {0, 0, 256, 128};
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, D3DCOLOR_XRGB(0xff, 0, 0), 1.0f, 0), D3D_OK);
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
    CHECK_EQ_U(front_pixel(dev, NULL, w, 100, 100), 0xffff0000);
    /* The client area grows to 256x128: the next Present fills it. */
    AdjustWindowRect(&r, WS_OVERLAPPEDWINDOW, FALSE);
    SetWindowPos(w, NULL, 0, 0, r.right - r.left, r.bottom - r.top, SWP_NOMOVE | SWP_NOZORDER | SWP_NOACTIVATE);
    GetClientRect(w, &r);
    CHECK(r.right == 256 && r.bottom == 128, "client area %ldx%ld", r.right, r.bottom);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, D3DCOLOR_XRGB(0, 0xff, 0), 1.0f, 0), D3D_OK);
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
    CHECK_EQ_U(front_pixel(dev, NULL, w, 10, 10), 0xff00ff00);
    CHECK_EQ_U(front_pixel(dev, NULL, w, 250, 120), 0xff00ff00);
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
    DestroyWindow(w);
}

TEST(override_window_and_swap_chain_present)
{
    HWND w = test_window(64, 64), other = test_window(128, 64);
    IDirect3DDevice9 *dev = make_device(w, 64, 64, D3DSWAPEFFECT_COPY, 1);
    IDirect3DSwapChain9 *sc = NULL;
    RECT src = {0, 0, 32, 64};
    if (!dev)
        return;
    /* Before any Present the front buffer can be read. */
    front_pixel(dev, NULL, w, 5, 5);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, D3DCOLOR_XRGB(0, 0, 0xff), 1.0f, 0), D3D_OK);
    /* Into another window: its client area is the target. */
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, other, NULL), D3D_OK);
    CHECK_EQ_U(front_pixel(dev, NULL, other, 120, 60), 0xff0000ff);
    IDirect3DDevice9_GetSwapChain(dev, 0, &sc);
    if (sc) {
        fill(dev, 0, 0, 32, 64, D3DCOLOR_XRGB(0xff, 0xff, 0));
        CHECK_HR(IDirect3DSwapChain9_Present(sc, &src, NULL, NULL, NULL, 0), D3D_OK);
        CHECK_EQ_U(front_pixel(dev, sc, w, 60, 30), 0xffffff00);
        IDirect3DSwapChain9_Release(sc);
    }
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
    DestroyWindow(other);
    DestroyWindow(w);
}

TEST(present_ex_flags)
{
    IDirect3D9Ex *d3dex = NULL;
    IDirect3DDevice9Ex *dev = NULL;
    HWND w = test_window(64, 64);
    D3DPRESENT_PARAMETERS pp;
    CHECK_HR(Direct3DCreate9Ex(D3D_SDK_VERSION, &d3dex), D3D_OK);
    if (!d3dex)
        return;
    default_pp(&pp, w);
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    CHECK_HR(IDirect3D9Ex_CreateDeviceEx(d3dex, 0, D3DDEVTYPE_HAL, w, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, NULL, &dev),
             D3D_OK);
    if (dev) {
        IDirect3DDevice9Ex_Clear(dev, 0, NULL, D3DCLEAR_TARGET, D3DCOLOR_XRGB(0x40, 0x40, 0x40), 1.0f, 0);
        /* Nothing waits on the GPU at Present, so DONOTWAIT never answers
         * D3DERR_WASSTILLDRAWING. */
        CHECK_HR(IDirect3DDevice9Ex_PresentEx(dev, NULL, NULL, NULL, NULL, D3DPRESENT_DONOTWAIT), D3D_OK);
        CHECK_EQ_U(front_pixel((IDirect3DDevice9 *)dev, NULL, w, 5, 5), 0xff404040);
        /* Linear content is encoded to sRGB: 0x40 (0.251) becomes 0x89. */
        CHECK_HR(IDirect3DDevice9Ex_PresentEx(dev, NULL, NULL, NULL, NULL, D3DPRESENT_LINEAR_CONTENT), D3D_OK);
        {
            DWORD c = front_pixel((IDirect3DDevice9 *)dev, NULL, w, 5, 5) & 0xff;
            CHECK(c >= 0x88 && c <= 0x8a, "sRGB-encoded 0x40 is %#lx, want 0x89 +-1", (unsigned long)c);
        }
        CHECK_EQ_U(IDirect3DDevice9Ex_Release(dev), 0);
    }
    IDirect3D9Ex_Release(d3dex);
    DestroyWindow(w);
}

static const struct harness_test tests[] = {
    T(rects_into_a_larger_window),  T(half_size_back_buffer_scaled_up), T(flip_rotates_two_back_buffers), T(discard_rotates_two_back_buffers),
    T(copy_keeps_back_buffer),      T(rect_rules),                      T(present_after_resize),
    T(override_window_and_swap_chain_present), T(present_ex_flags),
};

int main(void)
{
    int r;
    d3d = Direct3DCreate9(D3D_SDK_VERSION);
    if (!d3d) {
        printf("=== RUN setup\n--- FAIL setup: %s:%d: no d3d\n--- FAILED setup\n=== DONE 0 1\n", __FILE__, __LINE__);
        return 1;
    }
    r = RUN_TESTS(tests);
    IDirect3D9_Release(d3d);
    return r;
}
