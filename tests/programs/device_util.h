/* Shared by the device test programs: a window and a device on it. */
#ifndef MTLD3D_TEST_DEVICE_UTIL_H
#define MTLD3D_TEST_DEVICE_UTIL_H

#include "harness.h"
#include "window_util.h"

#include <d3d9.h>

static inline void default_pp(D3DPRESENT_PARAMETERS *pp, HWND window)
{
    memset(pp, 0, sizeof(*pp));
    pp->Windowed = TRUE;
    pp->SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp->BackBufferFormat = D3DFMT_UNKNOWN;
    pp->hDeviceWindow = window;
}

/* A windowed 640x480 device with automatic D24S8, or NULL (checked). */
static inline IDirect3DDevice9 *test_device(IDirect3D9 *d3d, HWND window, DWORD extra_flags, DWORD pp_flags)
{
    D3DPRESENT_PARAMETERS pp;
    IDirect3DDevice9 *dev = NULL;
    default_pp(&pp, window);
    pp.EnableAutoDepthStencil = TRUE;
    pp.AutoDepthStencilFormat = D3DFMT_D24S8;
    pp.Flags = pp_flags;
    HRESULT hr = IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, window,
                                         D3DCREATE_HARDWARE_VERTEXPROCESSING | extra_flags, &pp, &dev);
    CHECK(SUCCEEDED(hr), "CreateDevice returned %#lx", (unsigned long)hr);
    return SUCCEEDED(hr) ? dev : NULL;
}

/* A windowed 9Ex device (no depth buffer) on a new 640x480 window: the
 * window in *window, the device or NULL (checked). */
static inline IDirect3DDevice9Ex *test_device_ex(IDirect3D9Ex *d3d, HWND *window)
{
    D3DPRESENT_PARAMETERS pp;
    IDirect3DDevice9Ex *dev = NULL;
    HRESULT hr;
    *window = test_window(640, 480);
    default_pp(&pp, *window);
    hr = IDirect3D9Ex_CreateDeviceEx(d3d, 0, D3DDEVTYPE_HAL, *window, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, NULL,
                                     &dev);
    CHECK(SUCCEEDED(hr), "CreateDeviceEx returned %#lx", (unsigned long)hr);
    return SUCCEEDED(hr) ? dev : NULL;
}

static inline ULONG refcount(void *obj)
{
    IUnknown_AddRef((IUnknown *)obj);
    return IUnknown_Release((IUnknown *)obj);
}

/* One pixel of a render target (RGB, alpha dropped), read back through
 * GetRenderTargetData into a system-memory copy. */
static inline DWORD rt_pixel(IDirect3DDevice9 *dev, IDirect3DSurface9 *rt, int x, int y)
{
    IDirect3DSurface9 *sys = NULL;
    D3DSURFACE_DESC d;
    D3DLOCKED_RECT lr;
    DWORD c = 0xdeadbeef;
    IDirect3DSurface9_GetDesc(rt, &d);
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, d.Width, d.Height, d.Format, D3DPOOL_SYSTEMMEM, &sys, NULL);
    if (sys && SUCCEEDED(IDirect3DDevice9_GetRenderTargetData(dev, rt, sys)) &&
        SUCCEEDED(IDirect3DSurface9_LockRect(sys, &lr, NULL, D3DLOCK_READONLY))) {
        c = ((DWORD *)((BYTE *)lr.pBits + y * lr.Pitch))[x] & 0xffffff;
        IDirect3DSurface9_UnlockRect(sys);
    }
    if (sys)
        IDirect3DSurface9_Release(sys);
    return c;
}

/* One pixel of the front buffer as the screen shows it, read through
 * GetFrontBufferData (of sc, or of the device's swap chain 0) into a
 * surface of the display mode's size: at client position (x, y) of
 * window, or at screen position (x, y) when window is NULL. */
static inline DWORD front_pixel(IDirect3DDevice9 *dev, IDirect3DSwapChain9 *sc, HWND window, int x, int y)
{
    IDirect3DSurface9 *s = NULL;
    D3DDISPLAYMODE mode;
    D3DLOCKED_RECT lr;
    POINT p = {x, y};
    DWORD c = 0xdeadbeef;
    HRESULT hr;
    IDirect3DDevice9_GetDisplayMode(dev, 0, &mode);
    if (window)
        ClientToScreen(window, &p);
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, mode.Width, mode.Height, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, &s, NULL);
    if (!s)
        return c;
    hr = sc ? IDirect3DSwapChain9_GetFrontBufferData(sc, s) : IDirect3DDevice9_GetFrontBufferData(dev, 0, s);
    CHECK(SUCCEEDED(hr), "GetFrontBufferData returned %#lx", (unsigned long)hr);
    if (SUCCEEDED(hr) && p.x >= 0 && p.y >= 0 && (UINT)p.x < mode.Width && (UINT)p.y < mode.Height &&
        SUCCEEDED(IDirect3DSurface9_LockRect(s, &lr, NULL, D3DLOCK_READONLY))) {
        c = ((DWORD *)((BYTE *)lr.pBits + p.y * lr.Pitch))[p.x];
        IDirect3DSurface9_UnlockRect(s);
    }
    IDirect3DSurface9_Release(s);
    return c;
}

/* run_tests for a program whose tests share one IDirect3D9 and one
 * 640x480 window, made before the first test and let go after the last. */
static inline int run_tests_shared(const struct harness_test *tests, size_t n, IDirect3D9 **d3d, HWND *window)
{
    int r;
    *d3d = Direct3DCreate9(D3D_SDK_VERSION);
    *window = test_window(640, 480);
    r = run_tests(tests, n);
    if (*d3d)
        IDirect3D9_Release(*d3d);
    return r;
}
#define RUN_TESTS_SHARED(list, d3d, window) run_tests_shared(list, sizeof(list) / sizeof(list[0]), d3d, window)

/* One device on one window, for a test. */
struct test_ctx {
    IDirect3D9 *d3d;
    HWND window;
    IDirect3DDevice9 *dev;
};

static inline BOOL test_setup(struct test_ctx *c)
{
    memset(c, 0, sizeof(*c));
    c->d3d = Direct3DCreate9(D3D_SDK_VERSION);
    CHECK(c->d3d != NULL, "Direct3DCreate9 returned NULL");
    if (!c->d3d)
        return FALSE;
    c->window = test_window(640, 480);
    c->dev = test_device(c->d3d, c->window, 0, 0);
    if (!c->dev) {
        IDirect3D9_Release(c->d3d);
        DestroyWindow(c->window);
        return FALSE;
    }
    return TRUE;
}

static inline void test_teardown(struct test_ctx *c)
{
    ULONG ref = IDirect3DDevice9_Release(c->dev);
    CHECK(ref == 0, "device still has %lu references", ref);
    IDirect3D9_Release(c->d3d);
    DestroyWindow(c->window);
}

/* A 4-sample 64x64 A8R8G8B8 target (*ms), a single-sampled one of the same
 * size for its resolve (*res), the device's render target 0 (*rt) and
 * depth buffer (*ds), the latter unbound: the implicit depth buffer is
 * single-sampled and may not be bound with a multisampled target. FALSE,
 * with nothing made, when 4 samples are not offered; otherwise TRUE, and
 * a surface that could not be made (checked) is NULL. ms_release lets go
 * of what was made. */
static inline BOOL ms_targets(struct test_ctx *c, IDirect3DSurface9 **ms, IDirect3DSurface9 **res,
                              IDirect3DSurface9 **rt, IDirect3DSurface9 **ds)
{
    *ms = *res = *rt = *ds = NULL;
    if (FAILED(IDirect3D9_CheckDeviceMultiSampleType(c->d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, D3DFMT_A8R8G8B8, TRUE,
                                                     D3DMULTISAMPLE_4_SAMPLES, NULL)))
        return FALSE;
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(c->dev, 64, 64, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_4_SAMPLES, 0, FALSE,
                                                 ms, NULL),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(c->dev, 64, 64, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, res,
                                                 NULL),
             D3D_OK);
    IDirect3DDevice9_GetRenderTarget(c->dev, 0, rt);
    IDirect3DDevice9_GetDepthStencilSurface(c->dev, ds);
    IDirect3DDevice9_SetDepthStencilSurface(c->dev, NULL);
    return TRUE;
}

/* Binds ds again and releases what ms_targets made. */
static inline void ms_release(struct test_ctx *c, IDirect3DSurface9 *ms, IDirect3DSurface9 *res,
                              IDirect3DSurface9 *rt, IDirect3DSurface9 *ds)
{
    IDirect3DSurface9 *all[4] = {ds, rt, res, ms};
    IDirect3DDevice9_SetDepthStencilSurface(c->dev, ds);
    for (int i = 0; i < 4; i++)
        if (all[i])
            IDirect3DSurface9_Release(all[i]);
}

#endif
