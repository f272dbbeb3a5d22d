/* A visible window whose client area is w x h: the device test programs'
 * (device_util.h) and the dedicated programs' under tests/ (hud, dumps,
 * capture), which speak no harness protocol. */
#ifndef MTLD3D_TEST_WINDOW_UTIL_H
#define MTLD3D_TEST_WINDOW_UTIL_H

#include <windows.h>

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

#endif
