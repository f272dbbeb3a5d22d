/* Faults on purpose after a few recorded calls (crash_test.go): d3d9's
 * crash report must reach the log before the game's own unhandled
 * exception filter, which prints "filter" and ends the process. */
#define COBJMACROS
#include <stdio.h>
#include <windows.h>
#include <d3d9.h>

static LONG WINAPI filter(EXCEPTION_POINTERS *ep)
{
    printf("filter %#lx\n", (unsigned long)ep->ExceptionRecord->ExceptionCode);
    fflush(stdout);
    return EXCEPTION_EXECUTE_HANDLER;
}

static void __attribute__((noinline)) write_bad(volatile int *p) { *p = 1; }

int main(void)
{
    IDirect3D9 *d3d = Direct3DCreate9(D3D_SDK_VERSION);
    D3DPRESENT_PARAMETERS pp = {0};
    IDirect3DDevice9 *dev;
    HWND w;
    float tri[3][4] = {{0, 0, 0.5f, 1}, {8, 0, 0.5f, 1}, {0, 8, 0.5f, 1}};
    if (!d3d)
        return 1;
    w = CreateWindowA("static", "crash", WS_OVERLAPPEDWINDOW, 0, 0, 64, 64, NULL, NULL, NULL, NULL);
    pp.Windowed = TRUE;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp.hDeviceWindow = w;
    if (FAILED(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, w, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev)))
        return 1;
    IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, tri, sizeof(tri[0]));
    SetUnhandledExceptionFilter(filter);
    printf("faulting\n");
    fflush(stdout);
    write_bad((volatile int *)(ULONG_PTR)0x10);
    printf("not reached\n");
    return 0;
}
