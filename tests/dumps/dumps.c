/* Shader and frame dumps (dumps_test.go): creates three shaders, one of
 * them twice, on a first device and again on a second; presents six
 * frames, each cleared to its own colour, pressing key combinations
 * with SendInput before the frames the arguments name and releasing them
 * later. Prints "ok" when every call succeeded.
 *
 * Usage: dumps.exe PRESS:RELEASE:VK,VK,... ...: the keys (virtual-key
 * codes in hex) go down before frame PRESS is presented and up before
 * frame RELEASE (from 1). */
#define COBJMACROS
#include <stdio.h>
#include <stdlib.h>
#include <windows.h>
#include <d3d9.h>
#include "window_util.h"

/* vs_2_0; dcl_position v0; mov oPos, v0 */
static const DWORD vs[] = {0xfffe0200, 0x0200001f, 0x80000000, 0x900f0000, 0x02000001, 0xc00f0000, 0x90e40000, 0x0000ffff};
/* ps_2_0; def c0, 1, 0, 0, 1; mov oC0, c0 */
static const DWORD ps_red[] = {0xffff0200, 0x05000051, 0xa00f0000, 0x3f800000, 0x00000000, 0x00000000, 0x3f800000,
                               0x02000001, 0x800f0800, 0xa0e40000, 0x0000ffff};
/* ps_2_0; def c0, 0, 1, 0, 1; mov oC0, c0 */
static const DWORD ps_green[] = {0xffff0200, 0x05000051, 0xa00f0000, 0x00000000, 0x3f800000, 0x00000000, 0x3f800000,
                                 0x02000001, 0x800f0800, 0xa0e40000, 0x0000ffff};

/* Frame n (from 1) is cleared to colours[n-1]. */
static const D3DCOLOR colours[] = {0xff000080, 0xff008000, 0xff800000, 0xff808000, 0xff008080, 0xff800080};

static int failed;

#define CHECK(cond, ...)                                                                                               \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            printf("error " __VA_ARGS__);                                                                              \
            printf("\n");                                                                                              \
            failed = 1;                                                                                                \
        }                                                                                                              \
    } while (0)

static void keys(const WORD *vk, int n, BOOL up)
{
    CHECK(send_keys(vk, n, up), "SendInput %lu", (unsigned long)GetLastError());
}

static IDirect3DDevice9 *device(IDirect3D9 *d3d, HWND window)
{
    HRESULT hr;
    IDirect3DDevice9 *dev = sized_device(d3d, window, 64, 64, &hr);
    CHECK(dev, "CreateDevice %#lx", (unsigned long)hr);
    return dev;
}

/* Creates the shaders (the vertex shader twice) and releases them. */
static void shaders(IDirect3DDevice9 *dev, BOOL green)
{
    IDirect3DVertexShader9 *v[2] = {NULL, NULL};
    IDirect3DPixelShader9 *p = NULL;
    HRESULT hr;
    int i;
    for (i = 0; i < 2; i++) {
        hr = IDirect3DDevice9_CreateVertexShader(dev, vs, &v[i]);
        CHECK(SUCCEEDED(hr), "CreateVertexShader %#lx", (unsigned long)hr);
    }
    hr = IDirect3DDevice9_CreatePixelShader(dev, green ? ps_green : ps_red, &p);
    CHECK(SUCCEEDED(hr), "CreatePixelShader %#lx", (unsigned long)hr);
    for (i = 0; i < 2; i++)
        if (v[i])
            IDirect3DVertexShader9_Release(v[i]);
    if (p)
        IDirect3DPixelShader9_Release(p);
}

static void frame(IDirect3DDevice9 *dev, D3DCOLOR colour)
{
    HRESULT hr = IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, colour, 1, 0);
    CHECK(SUCCEEDED(hr), "Clear %#lx", (unsigned long)hr);
    hr = IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL);
    CHECK(SUCCEEDED(hr), "Present %#lx", (unsigned long)hr);
}

struct press {
    int down, up, n;
    WORD vk[8];
};

int main(int argc, char **argv)
{
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;
    HWND window;
    struct press presses[4];
    int npresses = 0, i, j;
    for (i = 1; i < argc && npresses < 4; i++) {
        struct press *p = &presses[npresses++];
        char *s = argv[i], *end;
        p->down = (int)strtol(s, &end, 10);
        p->up = *end == ':' ? (int)strtol(end + 1, &end, 10) : 0;
        for (p->n = 0; *end == ':' || *end == ','; p->n++) {
            if (p->n == 8 || !end[1])
                break;
            p->vk[p->n] = (WORD)strtoul(end + 1, &end, 16);
        }
        if (*end || !p->n) {
            printf("error argument %s: want PRESS:RELEASE:VK,VK,...\n", argv[i]);
            return 2;
        }
    }

    window = test_window(64, 64);
    SetForegroundWindow(window);
    d3d = Direct3DCreate9(D3D_SDK_VERSION);
    if (!d3d) {
        printf("error Direct3DCreate9\n");
        return 1;
    }
    if (!(dev = device(d3d, window)))
        return 1;
    shaders(dev, FALSE);
    for (i = 1; i <= 6; i++) {
        for (j = 0; j < npresses; j++) {
            if (presses[j].up == i)
                keys(presses[j].vk, presses[j].n, TRUE);
            if (presses[j].down == i)
                keys(presses[j].vk, presses[j].n, FALSE);
        }
        frame(dev, colours[i - 1]);
    }
    for (j = 0; j < npresses; j++)
        if (presses[j].up > 6)
            keys(presses[j].vk, presses[j].n, TRUE);
    IDirect3DDevice9_Release(dev);

    /* A second device: the same shaders write nothing new, another does. */
    if (!(dev = device(d3d, window)))
        return 1;
    shaders(dev, FALSE);
    shaders(dev, TRUE);
    frame(dev, colours[0]);
    IDirect3DDevice9_Release(dev);
    IDirect3D9_Release(d3d);
    DestroyWindow(window);
    if (!failed)
        printf("ok\n");
    return failed;
}
