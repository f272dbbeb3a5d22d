/* The heads-up display (hud_test.go): a 320x240 window and back buffer,
 * five frames cleared to one colour and presented, a few milliseconds
 * apart so the HUD has frame times to show. Prints "ok" when every call
 * succeeded; the test reads the frame debug.dump_frame writes. */
#define COBJMACROS
#include <stdio.h>
#include <string.h>
#include <windows.h>
#include <d3d9.h>
#include "window_util.h"

#define COLOUR 0xff2080c0

int main(void)
{
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev = NULL;
    HWND window;
    HRESULT hr;
    int i, failed = 0;

    window = test_window(320, 240);
    d3d = Direct3DCreate9(D3D_SDK_VERSION);
    if (!d3d) {
        printf("error Direct3DCreate9\n");
        return 1;
    }
    if (!(dev = sized_device(d3d, window, 320, 240, &hr))) {
        printf("error CreateDevice %#lx\n", (unsigned long)hr);
        return 1;
    }
    for (i = 0; i < 5; i++) {
        hr = IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, COLOUR, 1, 0);
        if (FAILED(hr)) {
            printf("error Clear %#lx\n", (unsigned long)hr);
            failed = 1;
        }
        hr = IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL);
        if (FAILED(hr)) {
            printf("error Present %#lx\n", (unsigned long)hr);
            failed = 1;
        }
        Sleep(10);
    }
    IDirect3DDevice9_Release(dev);
    IDirect3D9_Release(d3d);
    DestroyWindow(window);
    if (!failed)
        printf("ok\n");
    return failed;
}
