/* Frame capture (capture_test.go): five 64x64 frames. Frame 1 creates and
 * fills a texture, a texture of three levels (each its own colour;
 * sampler 0's D3DSAMP_MAXMIPLEVEL, set here only, makes draws read level
 * 1), a render-target texture and a vertex buffer, and draws the first
 * texture; frame 2 rewrites the texture's texels and draws it again, and
 * draws into the render-target texture; frame 3 draws the texture with
 * DrawPrimitiveUP, the vertex buffer's coloured quad, the render-target
 * texture and the mipmapped one; frames 4 and 5 clear to other colours.
 * With the argument "hotkey", Ctrl+Shift+F12 goes down (SendInput)
 * before frame 3 and up after it. Prints "ok" when every call
 * succeeded. */
#define COBJMACROS
#include <stdio.h>
#include <windows.h>
#include <d3d9.h>
#include "window_util.h"

static int failed;

#define CHECK(cond, ...)                                                                                               \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            printf("error " __VA_ARGS__);                                                                              \
            printf("\n");                                                                                              \
            failed = 1;                                                                                                \
        }                                                                                                              \
    } while (0)

struct tvertex {
    float x, y, z, rhw, u, v;
};

struct cvertex {
    float x, y, z, rhw;
    D3DCOLOR colour;
};

/* Fills the 8x8 texture with a checker of a and b, 2x2 texel squares. */
static void fill(IDirect3DTexture9 *tex, D3DCOLOR a, D3DCOLOR b)
{
    D3DLOCKED_RECT lr;
    int x, y;
    HRESULT hr = IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0);
    CHECK(SUCCEEDED(hr), "LockRect %#lx", (unsigned long)hr);
    if (FAILED(hr))
        return;
    for (y = 0; y < 8; y++)
        for (x = 0; x < 8; x++)
            ((D3DCOLOR *)((BYTE *)lr.pBits + y * lr.Pitch))[x] = ((x / 2 + y / 2) & 1) ? b : a;
    IDirect3DTexture9_UnlockRect(tex, 0);
}

/* Draws the texture over the rectangle x0,y0 to x1,y1 from user memory. */
static void textured(IDirect3DDevice9 *dev, IDirect3DTexture9 *tex, float x0, float y0, float x1, float y1)
{
    struct tvertex q[4] = {
        {x0, y0, 0.5f, 1, 0, 0}, {x1, y0, 0.5f, 1, 1, 0}, {x0, y1, 0.5f, 1, 0, 1}, {x1, y1, 0.5f, 1, 1, 1}};
    HRESULT hr;
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_TEX1);
    hr = IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
    CHECK(SUCCEEDED(hr), "DrawPrimitiveUP %#lx", (unsigned long)hr);
}

static void present(IDirect3DDevice9 *dev)
{
    HRESULT hr = IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL);
    CHECK(SUCCEEDED(hr), "Present %#lx", (unsigned long)hr);
}

static void begin(IDirect3DDevice9 *dev, D3DCOLOR colour)
{
    HRESULT hr = IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, colour, 1, 0);
    CHECK(SUCCEEDED(hr), "Clear %#lx", (unsigned long)hr);
    IDirect3DDevice9_BeginScene(dev);
}

/* Fills level of tex, w x w texels, with one colour. */
static void fill_level(IDirect3DTexture9 *tex, UINT level, int w, D3DCOLOR c)
{
    D3DLOCKED_RECT lr;
    int x, y;
    HRESULT hr = IDirect3DTexture9_LockRect(tex, level, &lr, NULL, 0);
    CHECK(SUCCEEDED(hr), "LockRect level %u %#lx", level, (unsigned long)hr);
    if (FAILED(hr))
        return;
    for (y = 0; y < w; y++)
        for (x = 0; x < w; x++)
            ((D3DCOLOR *)((BYTE *)lr.pBits + y * lr.Pitch))[x] = c;
    IDirect3DTexture9_UnlockRect(tex, level);
}

int main(int argc, char **argv)
{
    static const WORD hotkey[] = {VK_CONTROL, VK_SHIFT, VK_F12};
    int press = argc > 1 && !strcmp(argv[1], "hotkey");
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev = NULL;
    IDirect3DTexture9 *mip = NULL, *rtt = NULL;
    IDirect3DSurface9 *bb = NULL, *rts = NULL;
    IDirect3DTexture9 *tex = NULL;
    IDirect3DVertexBuffer9 *vb = NULL;
    struct cvertex *cv;
    HWND window;
    HRESULT hr;
    int i;

    window = test_window(64, 64);
    d3d = Direct3DCreate9(D3D_SDK_VERSION);
    if (!d3d) {
        printf("error Direct3DCreate9\n");
        return 1;
    }
    dev = sized_device(d3d, window, 64, 64, &hr);
    CHECK(dev, "CreateDevice %#lx", (unsigned long)hr);
    if (!dev)
        return 1;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, FALSE);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAXMIPLEVEL, 1);

    /* Frame 1: the resources, made and filled. */
    hr = IDirect3DDevice9_CreateTexture(dev, 8, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex, NULL);
    CHECK(SUCCEEDED(hr), "CreateTexture %#lx", (unsigned long)hr);
    hr = IDirect3DDevice9_CreateVertexBuffer(dev, 4 * sizeof(struct cvertex), D3DUSAGE_WRITEONLY,
                                             D3DFVF_XYZRHW | D3DFVF_DIFFUSE, D3DPOOL_MANAGED, &vb, NULL);
    CHECK(SUCCEEDED(hr), "CreateVertexBuffer %#lx", (unsigned long)hr);
    hr = IDirect3DDevice9_CreateTexture(dev, 8, 8, 3, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &mip, NULL);
    CHECK(SUCCEEDED(hr), "CreateTexture mipmapped %#lx", (unsigned long)hr);
    hr = IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &rtt, NULL);
    CHECK(SUCCEEDED(hr), "CreateTexture render target %#lx", (unsigned long)hr);
    if (!tex || !vb || !mip || !rtt)
        return 1;
    fill_level(mip, 0, 8, 0xffff8000);
    fill_level(mip, 1, 4, 0xff20c080);
    fill_level(mip, 2, 2, 0xff8020c0);
    IDirect3DTexture9_GetSurfaceLevel(rtt, 0, &rts);
    IDirect3DDevice9_GetRenderTarget(dev, 0, &bb);
    fill(tex, 0xffff0000, 0xff0000ff);
    hr = IDirect3DVertexBuffer9_Lock(vb, 0, 0, (void **)&cv, 0);
    CHECK(SUCCEEDED(hr), "Lock %#lx", (unsigned long)hr);
    if (SUCCEEDED(hr)) {
        struct cvertex q[4] = {{36, 8, 0.5f, 1, 0xffffff00},
                               {60, 8, 0.5f, 1, 0xff00ffff},
                               {36, 56, 0.5f, 1, 0xffff00ff},
                               {60, 56, 0.5f, 1, 0xffffffff}};
        memcpy(cv, q, sizeof(q));
        IDirect3DVertexBuffer9_Unlock(vb);
    }
    begin(dev, 0xff202020);
    textured(dev, tex, 0, 0, 32, 32);
    IDirect3DDevice9_EndScene(dev);
    present(dev);

    /* Frame 2: new texels. */
    fill(tex, 0xff00ff00, 0xffffffff);
    begin(dev, 0xff404040);
    textured(dev, tex, 16, 16, 48, 48);
    IDirect3DDevice9_SetRenderTarget(dev, 0, rts);
    hr = IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xffc08040, 1, 0);
    CHECK(SUCCEEDED(hr), "Clear render-target texture %#lx", (unsigned long)hr);
    textured(dev, tex, 0, 0, 8, 16);
    IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
    IDirect3DDevice9_EndScene(dev);
    present(dev);
    if (press)
        CHECK(send_keys(hotkey, 3, FALSE), "SendInput %lu", (unsigned long)GetLastError());

    /* Frame 3: the captured one, drawing with both. */
    begin(dev, 0xff000060);
    textured(dev, tex, 4, 4, 28, 60);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_DIFFUSE);
    IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, sizeof(struct cvertex));
    hr = IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLESTRIP, 0, 2);
    CHECK(SUCCEEDED(hr), "DrawPrimitive %#lx", (unsigned long)hr);
    textured(dev, rtt, 29, 0, 35, 12);
    textured(dev, mip, 29, 40, 35, 48);
    IDirect3DDevice9_EndScene(dev);
    present(dev);
    if (press)
        CHECK(send_keys(hotkey, 3, TRUE), "SendInput %lu", (unsigned long)GetLastError());

    for (i = 4; i <= 5; i++) {
        begin(dev, 0xff808000);
        IDirect3DDevice9_EndScene(dev);
        present(dev);
    }
    IDirect3DSurface9_Release(rts);
    IDirect3DSurface9_Release(bb);
    IDirect3DTexture9_Release(rtt);
    IDirect3DTexture9_Release(mip);
    IDirect3DVertexBuffer9_Release(vb);
    IDirect3DTexture9_Release(tex);
    IDirect3DDevice9_Release(dev);
    IDirect3D9_Release(d3d);
    DestroyWindow(window);
    if (!failed)
        printf("ok\n");
    return failed;
}
