/* The device: creation rules, reference counts, the first frame (Clear,
 * Present, readbacks), Reset rules, two devices, two threads. */
#include "device_util.h"

static IDirect3D9 *d3d;
static HWND window;

TEST(create_validates_parameters)
{
    D3DPRESENT_PARAMETERS pp;
    IDirect3DDevice9 *dev = (void *)1;
    default_pp(&pp, window);
    CHECK_HR(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, window, D3DCREATE_HARDWARE_VERTEXPROCESSING, NULL, &dev),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, window, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_CreateDevice(d3d, 1, D3DDEVTYPE_HAL, window, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev),
             D3DERR_INVALIDCALL);
    /* Exactly one vertex processing mode. */
    CHECK_HR(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, window, 0, &pp, &dev), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, window,
                                     D3DCREATE_HARDWARE_VERTEXPROCESSING | D3DCREATE_SOFTWARE_VERTEXPROCESSING, &pp, &dev),
             D3DERR_INVALIDCALL);
    pp.SwapEffect = 0;
    CHECK_HR(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, window, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev),
             D3DERR_INVALIDCALL);
    default_pp(&pp, window);
    pp.BackBufferCount = 4;
    CHECK_HR(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, window, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev),
             D3DERR_INVALIDCALL);
    default_pp(&pp, window);
    pp.SwapEffect = D3DSWAPEFFECT_FLIP;
    pp.MultiSampleType = D3DMULTISAMPLE_4_SAMPLES;
    CHECK_HR(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, window, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev),
             D3DERR_INVALIDCALL);
    default_pp(&pp, window);
    pp.EnableAutoDepthStencil = TRUE;
    pp.AutoDepthStencilFormat = D3DFMT_A8R8G8B8;
    CHECK_HR(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, window, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev),
             D3DERR_INVALIDCALL);
    CHECK(dev == NULL, "a failed CreateDevice clears the out pointer");
}

TEST(create_fills_in_present_parameters)
{
    D3DPRESENT_PARAMETERS pp;
    IDirect3DDevice9 *dev = NULL;
    IDirect3DSwapChain9 *sc = NULL;
    default_pp(&pp, window);
    /* With no device window the focus window is presented to, and named. */
    pp.hDeviceWindow = NULL;
    CHECK_HR(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, window, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev),
             D3D_OK);
    if (!dev)
        return;
    CHECK_EQ_U(pp.BackBufferWidth, 640);
    CHECK_EQ_U(pp.BackBufferHeight, 480);
    CHECK_EQ_U(pp.BackBufferFormat, D3DFMT_X8R8G8B8);
    CHECK_EQ_U(pp.BackBufferCount, 1);
    CHECK_HR(IDirect3DDevice9_GetSwapChain(dev, 0, &sc), D3D_OK);
    if (sc) {
        D3DPRESENT_PARAMETERS got;
        CHECK_HR(IDirect3DSwapChain9_GetPresentParameters(sc, &got), D3D_OK);
        CHECK_EQ_U(got.BackBufferWidth, 640);
        CHECK(got.hDeviceWindow == window, "GetPresentParameters names window %p, want %p", (void *)got.hDeviceWindow,
              (void *)window);
        IDirect3DSwapChain9_Release(sc);
    }
    CHECK_HR(IDirect3DDevice9_GetSwapChain(dev, 1, &sc), D3DERR_INVALIDCALL);
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
}

TEST(refcounts)
{
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    IDirect3DSurface9 *bb = NULL, *bb2 = NULL, *ds = NULL;
    IDirect3D9 *parent = NULL;
    void *p;
    if (!dev)
        return;
    CHECK_EQ_U(refcount(dev), 1);
    CHECK_HR(IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb), D3D_OK);
    /* The back buffer counts for itself (its swap chain's count is not
     * raised) and holds the device while counted, as on Windows. */
    CHECK_EQ_U(refcount(bb), 1);
    CHECK_EQ_U(refcount(dev), 2);
    CHECK_HR(IDirect3DDevice9_GetRenderTarget(dev, 0, &bb2), D3D_OK);
    CHECK(bb == bb2, "render target 0 is the back buffer");
    CHECK_EQ_U(refcount(bb), 2);
    CHECK_HR(IDirect3DSurface9_GetContainer(bb, &IID_IDirect3DSwapChain9, &p), D3D_OK);
    CHECK_EQ_U(refcount(bb), 2);
    CHECK_EQ_U(refcount(p), 1);
    IUnknown_Release((IUnknown *)p);
    IDirect3DSurface9_Release(bb2);
    CHECK_EQ_U(IDirect3DSurface9_Release(bb), 0);
    CHECK_EQ_U(refcount(dev), 1);
    CHECK_HR(IDirect3DDevice9_GetDepthStencilSurface(dev, &ds), D3D_OK);
    CHECK_EQ_U(refcount(dev), 2);
    CHECK_HR(IDirect3DSurface9_GetContainer(ds, &IID_IDirect3DDevice9, &p), D3D_OK);
    CHECK(p == dev, "a standalone surface's container is the device");
    IUnknown_Release((IUnknown *)p);
    CHECK_EQ_U(IDirect3DSurface9_Release(ds), 0);
    CHECK_HR(IDirect3DDevice9_GetDirect3D(dev, &parent), D3D_OK);
    CHECK(parent == d3d, "GetDirect3D returns the creator");
    IDirect3D9_Release(parent);
    CHECK_HR(IDirect3DDevice9_QueryInterface(dev, &IID_IDirect3DDevice9Ex, &p), E_NOINTERFACE);
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
}

static D3DCOLOR read_pixel(IDirect3DSurface9 *s, int x, int y)
{
    D3DLOCKED_RECT lr;
    D3DCOLOR c = 0xdeadbeef;
    if (SUCCEEDED(IDirect3DSurface9_LockRect(s, &lr, NULL, D3DLOCK_READONLY))) {
        c = *(D3DCOLOR *)((BYTE *)lr.pBits + y * lr.Pitch + x * 4);
        IDirect3DSurface9_UnlockRect(s);
    }
    return c;
}

TEST(clear_present_and_read_back)
{
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    IDirect3DSurface9 *bb = NULL, *sys = NULL, *front = NULL;
    D3DRECT rect = {10, 10, 20, 20};
    if (!dev)
        return;
    IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb);
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 640, 480, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &sys, NULL),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 640, 480, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, &front, NULL),
             D3D_OK);
    if (!bb || !sys || !front)
        return;
    CHECK_HR(IDirect3DDevice9_BeginScene(dev), D3D_OK);
    CHECK_HR(IDirect3DDevice9_BeginScene(dev), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL,
                                    D3DCOLOR_XRGB(0x20, 0x40, 0x80), 1.0f, 0),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 1, &rect, D3DCLEAR_TARGET, D3DCOLOR_XRGB(0xff, 0, 0), 1.0f, 0), D3D_OK);
    CHECK_HR(IDirect3DDevice9_EndScene(dev), D3D_OK);
    CHECK_HR(IDirect3DDevice9_EndScene(dev), D3DERR_INVALIDCALL);

    CHECK_HR(IDirect3DDevice9_GetRenderTargetData(dev, bb, sys), D3D_OK);
    CHECK_EQ_U(read_pixel(sys, 0, 0) & 0xffffff, 0x204080);
    CHECK_EQ_U(read_pixel(sys, 15, 15) & 0xffffff, 0xff0000);
    CHECK_EQ_U(read_pixel(sys, 20, 20) & 0xffffff, 0x204080);

    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
    /* The front buffer is the screen: a surface smaller than it is refused. */
    CHECK_HR(IDirect3DDevice9_GetFrontBufferData(dev, 0, front), D3DERR_INVALIDCALL);
    CHECK_EQ_U(front_pixel(dev, NULL, window, 0, 0), 0xff204080);
    CHECK_EQ_U(front_pixel(dev, NULL, window, 12, 12), 0xffff0000);

    /* A count with no rects clears the whole viewport, rects with a count
     * of 0 nothing: the documentation asks for neither, Windows takes both
     * (Wine's clear_test). */
    D3DRECT around = {25, 25, 35, 35};
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, &around, D3DCLEAR_TARGET, 0xff00ff00, 1.0f, 0), D3D_OK);
    CHECK_EQ_U(rt_pixel(dev, bb, 30, 30), 0x204080);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 1, NULL, D3DCLEAR_TARGET, 0xff0000ff, 1.0f, 0), D3D_OK);
    CHECK_EQ_U(rt_pixel(dev, bb, 30, 30), 0x0000ff);
    /* A bad clear: depth without a surface. */
    IDirect3DDevice9_SetDepthStencilSurface(dev, NULL);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_ZBUFFER, 0, 1.0f, 0), D3DERR_INVALIDCALL);
    /* GetRenderTargetData wants a system-memory surface of the same size. */
    CHECK_HR(IDirect3DDevice9_GetRenderTargetData(dev, bb, bb), D3DERR_INVALIDCALL);

    IDirect3DSurface9_Release(front);
    IDirect3DSurface9_Release(sys);
    IDirect3DSurface9_Release(bb);
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
}

TEST(lockable_back_buffer)
{
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, D3DPRESENTFLAG_LOCKABLE_BACKBUFFER);
    IDirect3DSurface9 *bb = NULL;
    D3DLOCKED_RECT lr;
    RECT r = {4, 4, 8, 8};
    if (!dev)
        return;
    IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, D3DCOLOR_XRGB(1, 2, 3), 1.0f, 0);
    CHECK_HR(IDirect3DSurface9_LockRect(bb, &lr, NULL, D3DLOCK_READONLY), D3D_OK);
    CHECK(lr.Pitch >= 640 * 4, "pitch %d", lr.Pitch);
    if (lr.pBits)
        CHECK_EQ_U(*(DWORD *)lr.pBits & 0xffffff, 0x010203);
    CHECK_HR(IDirect3DSurface9_LockRect(bb, &lr, NULL, 0), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DSurface9_UnlockRect(bb), D3D_OK);
    CHECK_HR(IDirect3DSurface9_UnlockRect(bb), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DSurface9_LockRect(bb, &lr, &r, D3DLOCK_READONLY), D3D_OK);
    IDirect3DSurface9_UnlockRect(bb);
    /* Writes through a lock reach the surface, and only the locked rect. */
    CHECK_HR(IDirect3DSurface9_LockRect(bb, &lr, &r, 0), D3D_OK);
    if (lr.pBits)
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 4; x++)
                ((DWORD *)((BYTE *)lr.pBits + y * lr.Pitch))[x] = 0xff00ff00;
    CHECK_HR(IDirect3DSurface9_UnlockRect(bb), D3D_OK);
    CHECK_HR(IDirect3DSurface9_LockRect(bb, &lr, NULL, D3DLOCK_READONLY), D3D_OK);
    if (lr.pBits) {
        CHECK_EQ_U(((DWORD *)((BYTE *)lr.pBits + 5 * lr.Pitch))[5] & 0xffffff, 0x00ff00);
        CHECK_EQ_U(((DWORD *)((BYTE *)lr.pBits + 3 * lr.Pitch))[3] & 0xffffff, 0x010203);
        CHECK_EQ_U(((DWORD *)((BYTE *)lr.pBits + 8 * lr.Pitch))[8] & 0xffffff, 0x010203);
    }
    IDirect3DSurface9_UnlockRect(bb);
    IDirect3DSurface9_Release(bb);
    IDirect3DDevice9_Release(dev);

    /* Without the flag the back buffer cannot be locked. */
    dev = test_device(d3d, window, 0, 0);
    if (!dev)
        return;
    IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb);
    CHECK_HR(IDirect3DSurface9_LockRect(bb, &lr, NULL, 0), D3DERR_INVALIDCALL);
    IDirect3DSurface9_Release(bb);
    IDirect3DDevice9_Release(dev);
}

TEST(reset_rules)
{
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    IDirect3DSurface9 *rt = NULL, *bb = NULL;
    D3DPRESENT_PARAMETERS pp;
    D3DSURFACE_DESC desc;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 64, 64, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &rt, NULL),
             D3D_OK);
    default_pp(&pp, window);
    pp.BackBufferWidth = 320;
    pp.BackBufferHeight = 240;
    /* A live default-pool resource makes Reset fail and the device lost. */
    CHECK_HR(IDirect3DDevice9_Reset(dev, &pp), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_TestCooperativeLevel(dev), D3DERR_DEVICENOTRESET);
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3DERR_DEVICELOST);
    if (rt)
        IDirect3DSurface9_Release(rt);
    CHECK_HR(IDirect3DDevice9_Reset(dev, &pp), D3D_OK);
    CHECK_HR(IDirect3DDevice9_TestCooperativeLevel(dev), D3D_OK);
    IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb);
    if (bb) {
        IDirect3DSurface9_GetDesc(bb, &desc);
        CHECK_EQ_U(desc.Width, 320);
        CHECK_EQ_U(desc.Height, 240);
        IDirect3DSurface9_Release(bb);
    }
    D3DVIEWPORT9 vp;
    IDirect3DDevice9_GetViewport(dev, &vp);
    CHECK(vp.Width == 320 && vp.Height == 240, "viewport %lux%lu after reset", vp.Width, vp.Height);
    CHECK_HR(IDirect3DDevice9_Reset(dev, NULL), D3DERR_INVALIDCALL);
    /* Render targets and a depth surface only the device holds do not
     * stop Reset: it lets go of them, and render target 0 is the back
     * buffer again, the others unset. */
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 64, 64, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &rt, NULL),
             D3D_OK);
    if (rt) {
        CHECK_HR(IDirect3DDevice9_SetRenderTarget(dev, 1, rt), D3D_OK);
        IDirect3DSurface9_Release(rt);
    }
    CHECK_HR(IDirect3DDevice9_CreateDepthStencilSurface(dev, 320, 240, D3DFMT_D24S8, D3DMULTISAMPLE_NONE, 0, TRUE, &rt,
                                                        NULL),
             D3D_OK);
    if (rt) {
        CHECK_HR(IDirect3DDevice9_SetDepthStencilSurface(dev, rt), D3D_OK);
        IDirect3DSurface9_Release(rt);
    }
    CHECK_HR(IDirect3DDevice9_Reset(dev, &pp), D3D_OK);
    rt = (IDirect3DSurface9 *)0xdeadbeef;
    CHECK_HR(IDirect3DDevice9_GetRenderTarget(dev, 1, &rt), D3DERR_NOTFOUND);
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
}

TEST(two_devices)
{
    IDirect3DDevice9 *a = test_device(d3d, window, 0, 0), *b = test_device(d3d, window, 0, 0);
    IDirect3DSurface9 *sys = NULL, *bb = NULL;
    if (!a || !b)
        return;
    IDirect3DDevice9_Clear(a, 0, NULL, D3DCLEAR_TARGET, D3DCOLOR_XRGB(0, 0xff, 0), 1.0f, 0);
    IDirect3DDevice9_Clear(b, 0, NULL, D3DCLEAR_TARGET, D3DCOLOR_XRGB(0, 0, 0xff), 1.0f, 0);
    IDirect3DDevice9_CreateOffscreenPlainSurface(a, 640, 480, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &sys, NULL);
    IDirect3DDevice9_GetBackBuffer(a, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb);
    if (sys && bb) {
        CHECK_HR(IDirect3DDevice9_GetRenderTargetData(a, bb, sys), D3D_OK);
        CHECK_EQ_U(read_pixel(sys, 1, 1) & 0xffffff, 0x00ff00);
    }
    if (bb)
        IDirect3DSurface9_Release(bb);
    if (sys)
        IDirect3DSurface9_Release(sys);
    CHECK_EQ_U(IDirect3DDevice9_Release(b), 0);
    CHECK_EQ_U(IDirect3DDevice9_Release(a), 0);
}

static DWORD WINAPI clear_loop(void *arg)
{
    IDirect3DDevice9 *dev = arg;
    for (int i = 0; i < 200; i++)
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, D3DCOLOR_XRGB(i, 0, 0), 1.0f, 0);
    return 0;
}

TEST(multithreaded_device)
{
    IDirect3DDevice9 *dev = test_device(d3d, window, D3DCREATE_MULTITHREADED, 0);
    HANDLE t[2];
    if (!dev)
        return;
    t[0] = CreateThread(NULL, 0, clear_loop, dev, 0, NULL);
    t[1] = CreateThread(NULL, 0, clear_loop, dev, 0, NULL);
    for (int i = 0; i < 20; i++)
        CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
    WaitForMultipleObjects(2, t, TRUE, 60000);
    CloseHandle(t[0]);
    CloseHandle(t[1]);
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
}

TEST(fullscreen_is_emulated)
{
    /* The Mac cannot change modes for Wine: a fullscreen device makes its
     * window a borderless one covering the monitor and reports the mode it
     * asked for, until it goes windowed again. */
    HWND w = test_window(320, 200);
    D3DPRESENT_PARAMETERS pp;
    IDirect3DDevice9 *dev = NULL;
    D3DDISPLAYMODE real, mode;
    MONITORINFO mi = {.cbSize = sizeof(mi)};
    RECT r;
    LONG style = GetWindowLongW(w, GWL_STYLE);
    IDirect3D9_GetAdapterDisplayMode(d3d, 0, &real);
    default_pp(&pp, w);
    pp.Windowed = FALSE;
    pp.BackBufferWidth = 800;
    pp.BackBufferHeight = 600;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    CHECK_HR(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, w, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev), D3D_OK);
    if (!dev)
        return;
    GetMonitorInfoW(MonitorFromWindow(w, MONITOR_DEFAULTTOPRIMARY), &mi);
    GetWindowRect(w, &r);
    CHECK(EqualRect(&r, &mi.rcMonitor), "window %ld,%ld-%ld,%ld covers the monitor", r.left, r.top, r.right, r.bottom);
    CHECK(!(GetWindowLongW(w, GWL_STYLE) & WS_CAPTION), "the fullscreen window has no caption");
    IDirect3D9_GetAdapterDisplayMode(d3d, 0, &mode);
    CHECK(mode.Width == 800 && mode.Height == 600, "adapter reports %ux%u, want the emulated 800x600", mode.Width, mode.Height);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, D3DCOLOR_XRGB(0, 0x80, 0), 1.0f, 0), D3D_OK);
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
    default_pp(&pp, w);
    pp.BackBufferWidth = 320;
    pp.BackBufferHeight = 200;
    CHECK_HR(IDirect3DDevice9_Reset(dev, &pp), D3D_OK);
    IDirect3D9_GetAdapterDisplayMode(d3d, 0, &mode);
    CHECK(mode.Width == real.Width && mode.Height == real.Height, "windowed again: %ux%u, want %ux%u", mode.Width,
          mode.Height, real.Width, real.Height);
    CHECK(GetWindowLongW(w, GWL_STYLE) == style, "style %#lx restored to %#lx", GetWindowLongW(w, GWL_STYLE), style);
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
    DestroyWindow(w);
}

static WORD fpu_cw(void)
{
    WORD cw = 0;
#if defined(__i386__) || defined(__x86_64__)
    __asm__ volatile("fnstcw %0" : "=m"(cw));
#endif
    return cw;
}

static void set_fpu_cw(WORD cw)
{
#if defined(__i386__) || defined(__x86_64__)
    __asm__ volatile("fldcw %0" : : "m"(cw));
#endif
}

/* D3D9 on 32-bit Windows leaves the x87 control word at single precision,
 * round to nearest, exceptions masked (0x7f) after CreateDevice unless
 * D3DCREATE_FPU_PRESERVE; the 64-bit runtime leaves it alone. */
TEST(fpu_control_word)
{
    static const WORD game_cw = 0xf60;
    D3DPRESENT_PARAMETERS pp;
    IDirect3DDevice9 *dev = NULL;
    WORD want = sizeof(void *) == 4 ? 0x7f : game_cw, start = fpu_cw();

    default_pp(&pp, window);
    set_fpu_cw(game_cw);
    CHECK_HR(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, window, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev),
             D3D_OK);
    CHECK(fpu_cw() == want, "control word after CreateDevice %#x, want %#x", fpu_cw(), want);
    if (dev)
        IDirect3DDevice9_Release(dev);

    dev = NULL;
    set_fpu_cw(game_cw);
    CHECK_HR(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, window,
                                     D3DCREATE_HARDWARE_VERTEXPROCESSING | D3DCREATE_FPU_PRESERVE, &pp, &dev),
             D3D_OK);
    CHECK(fpu_cw() == game_cw, "FPU_PRESERVE kept %#x, want %#x", fpu_cw(), game_cw);
    if (dev)
        IDirect3DDevice9_Release(dev);
    set_fpu_cw(start);
}

static IDirect3DDevice9 *fullscreen_device(HWND w, DWORD flags)
{
    D3DPRESENT_PARAMETERS pp;
    IDirect3DDevice9 *dev = NULL;
    default_pp(&pp, w);
    pp.Windowed = FALSE;
    pp.BackBufferWidth = 640;
    pp.BackBufferHeight = 480;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    CHECK_HR(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, w, D3DCREATE_HARDWARE_VERTEXPROCESSING | flags, &pp, &dev),
             D3D_OK);
    return dev;
}

TEST(fullscreen_window_styles)
{
    /* Windows 10 drops the overlapped frame (WS_OVERLAPPEDWINDOW,
     * WS_EX_OVERLAPPEDWINDOW) of a fullscreen device window, shows it
     * topmost over the monitor, and gives the styles back when the device
     * goes windowed; D3DCREATE_NOWINDOWCHANGES ("Direct3D must not alter
     * the focus window in any way") leaves the window as it was. */
    HWND w = test_window(320, 200);
    LONG style = GetWindowLongW(w, GWL_STYLE), exstyle = GetWindowLongW(w, GWL_EXSTYLE);
    D3DPRESENT_PARAMETERS pp;
    IDirect3DDevice9 *dev;
    RECT before, r;
    GetWindowRect(w, &before);
    if (!(dev = fullscreen_device(w, 0)))
        return;
    CHECK_EQ_U(GetWindowLongW(w, GWL_STYLE), style & ~WS_OVERLAPPEDWINDOW);
    CHECK_EQ_U(GetWindowLongW(w, GWL_EXSTYLE), (exstyle & ~WS_EX_OVERLAPPEDWINDOW) | WS_EX_TOPMOST);
    /* A fullscreen device takes no additional swap chain, windowed or not. */
    {
        IDirect3DSwapChain9 *sc = NULL;
        default_pp(&pp, window);
        CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &sc), D3DERR_INVALIDCALL);
    }
    default_pp(&pp, w);
    CHECK_HR(IDirect3DDevice9_Reset(dev, &pp), D3D_OK);
    CHECK_EQ_U(GetWindowLongW(w, GWL_STYLE), style);
    /* SetWindowLong cannot clear WS_EX_TOPMOST: it stays. */
    CHECK_EQ_U(GetWindowLongW(w, GWL_EXSTYLE), exstyle | WS_EX_TOPMOST);
    GetWindowRect(w, &r);
    CHECK(EqualRect(&r, &before), "windowed again at %ld,%ld-%ld,%ld", r.left, r.top, r.right, r.bottom);
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
    DestroyWindow(w);

    w = test_window(320, 200);
    style = GetWindowLongW(w, GWL_STYLE);
    exstyle = GetWindowLongW(w, GWL_EXSTYLE);
    GetWindowRect(w, &before);
    if (!(dev = fullscreen_device(w, D3DCREATE_NOWINDOWCHANGES)))
        return;
    CHECK_EQ_U(GetWindowLongW(w, GWL_STYLE), style);
    CHECK_EQ_U(GetWindowLongW(w, GWL_EXSTYLE), exstyle);
    GetWindowRect(w, &r);
    CHECK(EqualRect(&r, &before), "NOWINDOWCHANGES moved the window to %ld,%ld-%ld,%ld", r.left, r.top, r.right,
          r.bottom);
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
    DestroyWindow(w);
}

TEST(focus_loss_loses_fullscreen_device)
{
    /* "Lost devices" in the documentation: a fullscreen device whose
     * application loses the foreground is lost (TestCooperativeLevel and
     * Present answer D3DERR_DEVICELOST, Reset cannot succeed); once the
     * application is active again it answers D3DERR_DEVICENOTRESET until
     * Reset. The window is minimized meanwhile, its frame back. The focus
     * window's procedure is d3d9's while fullscreen. */
    HWND w = test_window(320, 200);
    LONG style = GetWindowLongW(w, GWL_STYLE);
    LONG_PTR proc = GetWindowLongPtrA(w, GWLP_WNDPROC);
    D3DPRESENT_PARAMETERS pp;
    IDirect3DDevice9 *dev;
    if (!(dev = fullscreen_device(w, 0)))
        return;
    CHECK(GetWindowLongPtrA(w, GWLP_WNDPROC) != proc, "the focus window is subclassed while fullscreen");
    CHECK_HR(IDirect3DDevice9_TestCooperativeLevel(dev), D3D_OK);
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
    CHECK(SetForegroundWindow(GetDesktopWindow()), "SetForegroundWindow(desktop)");
    CHECK_HR(IDirect3DDevice9_TestCooperativeLevel(dev), D3DERR_DEVICELOST);
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3DERR_DEVICELOST);
    {
        DWORD passes = 0xdeadbeef;
        CHECK_HR(IDirect3DDevice9_ValidateDevice(dev, &passes), D3DERR_DEVICELOST);
        CHECK_EQ_U(passes, 0xdeadbeef);
    }
    CHECK(IsIconic(w), "the fullscreen window is minimized");
    CHECK_EQ_U(GetWindowLongW(w, GWL_STYLE) & ~WS_MINIMIZE, style);
    default_pp(&pp, w);
    pp.Windowed = FALSE;
    pp.BackBufferWidth = 640;
    pp.BackBufferHeight = 480;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    CHECK_HR(IDirect3DDevice9_Reset(dev, &pp), D3DERR_DEVICELOST);
    ShowWindow(w, SW_RESTORE);
    CHECK(SetForegroundWindow(w), "SetForegroundWindow(window)");
    CHECK_HR(IDirect3DDevice9_TestCooperativeLevel(dev), D3DERR_DEVICENOTRESET);
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3DERR_DEVICELOST);
    CHECK_EQ_U(GetWindowLongW(w, GWL_STYLE) & WS_OVERLAPPEDWINDOW, 0);
    CHECK_HR(IDirect3DDevice9_Reset(dev, &pp), D3D_OK);
    CHECK_HR(IDirect3DDevice9_TestCooperativeLevel(dev), D3D_OK);
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
    /* Windowed, the focus window is the application's again and losing
     * the foreground loses nothing. */
    default_pp(&pp, w);
    CHECK_HR(IDirect3DDevice9_Reset(dev, &pp), D3D_OK);
    CHECK(GetWindowLongPtrA(w, GWLP_WNDPROC) == proc, "the focus window's procedure is back");
    CHECK(SetForegroundWindow(GetDesktopWindow()), "SetForegroundWindow(desktop)");
    CHECK_HR(IDirect3DDevice9_TestCooperativeLevel(dev), D3D_OK);
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
    DestroyWindow(w);
}

TEST(focus_loss_occludes_ex_device)
{
    /* An Ex device is never lost: in the background its fullscreen
     * presents answer S_PRESENT_OCCLUDED (PresentEx's documentation), and
     * CheckDeviceState for its window too, until it is active again. */
    HWND w = test_window(320, 200);
    D3DPRESENT_PARAMETERS pp;
    D3DDISPLAYMODEEX mode = {.Size = sizeof(mode), .Width = 640, .Height = 480, .Format = D3DFMT_X8R8G8B8};
    IDirect3D9Ex *d3dex = NULL;
    IDirect3DDevice9Ex *dev = NULL;
    CHECK_HR(Direct3DCreate9Ex(D3D_SDK_VERSION, &d3dex), D3D_OK);
    if (!d3dex)
        return;
    default_pp(&pp, w);
    pp.Windowed = FALSE;
    pp.BackBufferWidth = 640;
    pp.BackBufferHeight = 480;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    CHECK_HR(IDirect3D9Ex_CreateDeviceEx(d3dex, 0, D3DDEVTYPE_HAL, w, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &mode,
                                         &dev),
             D3D_OK);
    if (dev) {
        CHECK_HR(IDirect3DDevice9Ex_PresentEx(dev, NULL, NULL, NULL, NULL, 0), D3D_OK);
        CHECK(SetForegroundWindow(GetDesktopWindow()), "SetForegroundWindow(desktop)");
        CHECK_HR(IDirect3DDevice9Ex_TestCooperativeLevel(dev), D3D_OK);
        CHECK_HR(IDirect3DDevice9Ex_PresentEx(dev, NULL, NULL, NULL, NULL, 0), S_PRESENT_OCCLUDED);
        CHECK_HR(IDirect3DDevice9Ex_CheckDeviceState(dev, w), S_PRESENT_OCCLUDED);
        ShowWindow(w, SW_RESTORE);
        CHECK(SetForegroundWindow(w), "SetForegroundWindow(window)");
        CHECK_HR(IDirect3DDevice9Ex_PresentEx(dev, NULL, NULL, NULL, NULL, 0), D3D_OK);
        CHECK_HR(IDirect3DDevice9Ex_CheckDeviceState(dev, w), D3D_OK);
        /* An Ex device's Reset keeps its state (a plain one's returns it
         * to the defaults). */
        {
            DWORD v = TRUE;
            CHECK_HR(IDirect3DDevice9Ex_SetRenderState(dev, D3DRS_LIGHTING, FALSE), D3D_OK);
            default_pp(&pp, w);
            CHECK_HR(IDirect3DDevice9Ex_ResetEx(dev, &pp, NULL), D3D_OK);
            CHECK_HR(IDirect3DDevice9Ex_GetRenderState(dev, D3DRS_LIGHTING, &v), D3D_OK);
            CHECK_EQ_U(v, FALSE);
        }
        /* Windowed, a minimized window is occluded (S_PRESENT_OCCLUDED's
         * documentation); one merely in the background is not. */
        CHECK(SetForegroundWindow(GetDesktopWindow()), "SetForegroundWindow(desktop)");
        CHECK_HR(IDirect3DDevice9Ex_PresentEx(dev, NULL, NULL, NULL, NULL, 0), D3D_OK);
        CHECK_HR(IDirect3DDevice9Ex_CheckDeviceState(dev, w), D3D_OK);
        ShowWindow(w, SW_MINIMIZE);
        CHECK_HR(IDirect3DDevice9Ex_PresentEx(dev, NULL, NULL, NULL, NULL, 0), S_PRESENT_OCCLUDED);
        CHECK_HR(IDirect3DDevice9Ex_CheckDeviceState(dev, w), S_PRESENT_OCCLUDED);
        CHECK_HR(IDirect3DDevice9Ex_CheckDeviceState(dev, NULL), D3D_OK);
        ShowWindow(w, SW_RESTORE);
        CHECK_HR(IDirect3DDevice9Ex_PresentEx(dev, NULL, NULL, NULL, NULL, 0), D3D_OK);
        CHECK_HR(IDirect3DDevice9Ex_CheckDeviceState(dev, w), D3D_OK);
        CHECK_EQ_U(IDirect3DDevice9Ex_Release(dev), 0);
    }
    IDirect3D9Ex_Release(d3dex);
    DestroyWindow(w);
}

TEST(cursor_rules)
{
    /* SetCursorProperties takes an A8R8G8B8 surface with power-of-two
     * sides no larger than the display mode (its documentation); ShowCursor
     * answers the previous state, and the cursor cannot be shown before
     * it has an image. */
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    IDirect3DSurface9 *s = NULL;
    D3DDISPLAYMODE mode;
    UINT w = 1, h = 1;
    if (!dev)
        return;
    CHECK(!IDirect3DDevice9_ShowCursor(dev, TRUE), "hidden at first");
    CHECK(!IDirect3DDevice9_ShowCursor(dev, TRUE), "still hidden without an image");
    CHECK_HR(IDirect3DDevice9_SetCursorProperties(dev, 0, 0, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 32, 32, D3DFMT_A8R8G8B8, D3DPOOL_SCRATCH, &s, NULL),
             D3D_OK);
    if (s) {
        CHECK_HR(IDirect3DDevice9_SetCursorProperties(dev, 0, 0, s), D3D_OK);
        CHECK_HR(IDirect3DDevice9_SetCursorProperties(dev, 32, 0, s), D3DERR_INVALIDCALL);
        IDirect3DSurface9_Release(s);
    }
    CHECK(!IDirect3DDevice9_ShowCursor(dev, TRUE), "hidden until now");
    CHECK(IDirect3DDevice9_ShowCursor(dev, FALSE), "shown");
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 6, 4, D3DFMT_A8R8G8B8, D3DPOOL_SCRATCH, &s, NULL), D3D_OK);
    if (s) {
        CHECK_HR(IDirect3DDevice9_SetCursorProperties(dev, 0, 0, s), D3DERR_INVALIDCALL);
        IDirect3DSurface9_Release(s);
    }
    IDirect3D9_GetAdapterDisplayMode(d3d, 0, &mode);
    while (w * 2 <= mode.Width)
        w *= 2;
    while (h * 2 <= mode.Height)
        h *= 2;
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, w, h, D3DFMT_A8R8G8B8, D3DPOOL_SCRATCH, &s, NULL), D3D_OK);
    if (s) {
        CHECK_HR(IDirect3DDevice9_SetCursorProperties(dev, 0, 0, s), D3D_OK);
        IDirect3DSurface9_Release(s);
    }
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, w * 2, h, D3DFMT_A8R8G8B8, D3DPOOL_SCRATCH, &s, NULL),
             D3D_OK);
    if (s) {
        CHECK_HR(IDirect3DDevice9_SetCursorProperties(dev, 0, 0, s), D3DERR_INVALIDCALL);
        IDirect3DSurface9_Release(s);
    }
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
}

TEST(additional_swap_chain)
{
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    HWND w2 = test_window(200, 100);
    IDirect3DSwapChain9 *sc = NULL, *got = NULL;
    IDirect3DSurface9 *bb = NULL;
    D3DPRESENT_PARAMETERS pp;
    if (!dev)
        return;
    default_pp(&pp, w2);
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &sc), D3D_OK);
    if (!sc)
        return;
    CHECK_EQ_U(pp.BackBufferWidth, 200);
    /* GetNumberOfSwapChains and GetSwapChain know the implicit swap chains
     * only (their documentation): additional ones are not listed. */
    CHECK_EQ_U(IDirect3DDevice9_GetNumberOfSwapChains(dev), 1);
    got = (IDirect3DSwapChain9 *)0xdeadbeef;
    CHECK_HR(IDirect3DDevice9_GetSwapChain(dev, 1, &got), D3DERR_INVALIDCALL);
    CHECK(got == NULL, "GetSwapChain(1) answered %p", (void *)got);
    /* A bad back buffer index leaves the out pointer alone. */
    bb = (IDirect3DSurface9 *)0xdeadbeef;
    CHECK_HR(IDirect3DSwapChain9_GetBackBuffer(sc, 1, D3DBACKBUFFER_TYPE_MONO, &bb), D3DERR_INVALIDCALL);
    CHECK(bb == (IDirect3DSurface9 *)0xdeadbeef, "GetBackBuffer(1) wrote %p", (void *)bb);
    /* Draw into its back buffer and present it. */
    CHECK_HR(IDirect3DSwapChain9_GetBackBuffer(sc, 0, D3DBACKBUFFER_TYPE_MONO, &bb), D3D_OK);
    IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, D3DCOLOR_XRGB(0x10, 0x20, 0x30), 1.0f, 0);
    CHECK_HR(IDirect3DSwapChain9_Present(sc, NULL, NULL, NULL, NULL, 0), D3D_OK);
    CHECK_EQ_U(front_pixel(dev, sc, w2, 0, 0), 0xff102030);
    IDirect3DSurface9_Release(bb);
    /* Fullscreen additional swap chains are refused. */
    pp.Windowed = FALSE;
    CHECK_HR(IDirect3DDevice9_CreateAdditionalSwapChain(dev, &pp, &got), D3DERR_INVALIDCALL);
    /* Setting the implicit back buffer again lets the swap chain go. */
    IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb);
    IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
    IDirect3DSurface9_Release(bb);
    CHECK_EQ_U(IDirect3DSwapChain9_Release(sc), 0);
    CHECK_HR(IDirect3DDevice9_DrawRectPatch(dev, 1, NULL, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_DeletePatch(dev, 1), D3DERR_INVALIDCALL);
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
    DestroyWindow(w2);
}

static const struct harness_test tests[] = {
    T(additional_swap_chain), T(fpu_control_word),
    T(fullscreen_is_emulated),
    T(fullscreen_window_styles),
    T(focus_loss_loses_fullscreen_device),
    T(focus_loss_occludes_ex_device),
    T(cursor_rules),
    T(create_validates_parameters), T(create_fills_in_present_parameters), T(refcounts), T(clear_present_and_read_back),
    T(lockable_back_buffer), T(reset_rules), T(two_devices), T(multithreaded_device),
};

int main(void)
{
    int r;
    d3d = Direct3DCreate9(D3D_SDK_VERSION);
    window = test_window(640, 480);
    if (!d3d || !window) {
        printf("=== RUN setup\n--- FAIL setup: %s:%d: no d3d (%p) or window (%p)\n--- FAILED setup\n=== DONE 0 1\n",
               __FILE__, __LINE__, (void *)d3d, (void *)window);
        return 1;
    }
    r = RUN_TESTS(tests);
    IDirect3D9_Release(d3d);
    DestroyWindow(window);
    return r;
}
