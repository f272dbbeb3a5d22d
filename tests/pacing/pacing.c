/* The present.* settings seen from a game (pacing_test.go):
 *   pacing fps      presents 21 cleared frames and prints the time from
 *                   before the first Present to the last's return:
 *                   "fps <ms>"
 *   pacing latency  presents one slow frame (full-window blended quads
 *                   on the CPU renderer), then asks for a Present that
 *                   must not wait: "latency <hr>" (D3DERR_WASSTILLDRAWING
 *                   when the frame-latency bound is 1)
 *   pacing vsync I  presents 21 cleared frames with PresentationInterval
 *                   I (immediate or one) and prints the time from before
 *                   the first Present to the last's return: "vsync <ms>" */
#define COBJMACROS
#include <stdio.h>
#include <string.h>
#include <windows.h>
#include <d3d9.h>

struct tlvert {
    float x, y, z, rhw;
    DWORD color;
};

static double now_ms(void)
{
    LARGE_INTEGER t, f;
    QueryPerformanceCounter(&t);
    QueryPerformanceFrequency(&f);
    return (double)t.QuadPart * 1000.0 / (double)f.QuadPart;
}

int main(int argc, char **argv)
{
    IDirect3D9 *d3d = Direct3DCreate9(D3D_SDK_VERSION);
    D3DPRESENT_PARAMETERS pp = {0};
    IDirect3DDevice9 *dev;
    IDirect3DSwapChain9 *sc;
    HWND w;
    HRESULT hr;
    if (argc < 2 || !d3d) {
        printf("error usage or Direct3DCreate9\n");
        return 1;
    }
    w = CreateWindowA("static", "pacing", WS_OVERLAPPEDWINDOW | WS_VISIBLE, 0, 0, 320, 240, NULL, NULL, NULL, NULL);
    pp.Windowed = TRUE;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp.hDeviceWindow = w;
    pp.BackBufferWidth = 320;
    pp.BackBufferHeight = 240;
    pp.PresentationInterval = D3DPRESENT_INTERVAL_IMMEDIATE;
    if (!strcmp(argv[1], "vsync") && argc > 2 && !strcmp(argv[2], "one"))
        pp.PresentationInterval = D3DPRESENT_INTERVAL_ONE;
    if (FAILED(hr = IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, w, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev))) {
        printf("error CreateDevice %#lx\n", (unsigned long)hr);
        return 1;
    }
    IDirect3DDevice9_GetSwapChain(dev, 0, &sc);
    if (!strcmp(argv[1], "fps") || !strcmp(argv[1], "vsync")) {
        /* The two modes differ only in the presentation interval. */
        double t0 = now_ms();
        for (int f = 0; f < 21; f++) {
            IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000 | (DWORD)f, 1.0f, 0);
            IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL);
        }
        printf("%s %.1f\n", argv[1], now_ms() - t0);
    } else {
        struct tlvert q[4] = {{0, 0, 0.5f, 1, 0x80ff0000}, {320, 0, 0.5f, 1, 0x8000ff00},
                              {0, 240, 0.5f, 1, 0x800000ff}, {320, 240, 0.5f, 1, 0x80ffffff}};
        IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_DIFFUSE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, TRUE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_SRCALPHA);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, D3DBLEND_INVSRCALPHA);
        IDirect3DDevice9_BeginScene(dev);
        for (int i = 0; i < 20; i++)
            IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
        IDirect3DDevice9_EndScene(dev);
        IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL);
        hr = IDirect3DSwapChain9_Present(sc, NULL, NULL, NULL, NULL, D3DPRESENT_DONOTWAIT);
        printf("latency %#lx\n", (unsigned long)hr);
    }
    IDirect3DSwapChain9_Release(sc);
    IDirect3DDevice9_Release(dev);
    IDirect3D9_Release(d3d);
    DestroyWindow(w);
    return 0;
}
