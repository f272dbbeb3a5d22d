/* A visible window whose client area is w x h, a windowed device with a
 * w x h back buffer on it, and key presses: the device test programs'
 * (device_util.h) and the dedicated programs' under tests/ (hud, dumps,
 * capture), which speak no harness protocol. */
#ifndef MTLD3D_TEST_WINDOW_UTIL_H
#define MTLD3D_TEST_WINDOW_UTIL_H

#include <string.h>
#include <windows.h>
#include <d3d9.h>

static inline HWND test_window(int w, int h)
{
    static ATOM cls;
    if (!cls) {
        WNDCLASSA wc = {0};
        wc.lpfnWndProc = DefWindowProcA;
        wc.hInstance = GetModuleHandleA(NULL);
        wc.lpszClassName = "mtld3d_test";
        cls = RegisterClassA(&wc);
    }
    RECT r = {0, 0, w, h};
    AdjustWindowRect(&r, WS_OVERLAPPEDWINDOW, FALSE);
    return CreateWindowA("mtld3d_test", "mtld3d test", WS_OVERLAPPEDWINDOW | WS_VISIBLE, 0, 0, r.right - r.left,
                         r.bottom - r.top, NULL, NULL, GetModuleHandleA(NULL), NULL);
}

/* A windowed DISCARD device with a w x h back buffer on window, or NULL
 * with the failure in *hr. */
static inline IDirect3DDevice9 *sized_device(IDirect3D9 *d3d, HWND window, UINT w, UINT h, HRESULT *hr)
{
    D3DPRESENT_PARAMETERS pp;
    IDirect3DDevice9 *dev = NULL;
    memset(&pp, 0, sizeof(pp));
    pp.Windowed = TRUE;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp.BackBufferWidth = w;
    pp.BackBufferHeight = h;
    pp.hDeviceWindow = window;
    *hr = IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, window, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev);
    return SUCCEEDED(*hr) ? dev : NULL;
}

/* Sends n virtual keys (at most 8) down in order, or up in the reverse
 * order, with SendInput; FALSE if it did not take them all. */
static inline BOOL send_keys(const WORD *vk, int n, BOOL up)
{
    INPUT in[8];
    int i;
    if (n > 8)
        n = 8;
    memset(in, 0, sizeof(in));
    for (i = 0; i < n; i++) {
        in[i].type = INPUT_KEYBOARD;
        in[i].ki.wVk = vk[up ? n - 1 - i : i];
        in[i].ki.dwFlags = up ? KEYEVENTF_KEYUP : 0;
    }
    return SendInput((UINT)n, in, sizeof(INPUT)) == (UINT)n;
}

#endif
