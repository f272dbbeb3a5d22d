/* Frame capture (capture_test.go): five 64x64 frames. Frame 1 creates and
 * fills a texture and a vertex buffer and draws the texture; frame 2
 * rewrites the texture's texels and draws it again; frame 3 draws the
 * texture with DrawPrimitiveUP and the vertex buffer's coloured quad;
 * frames 4 and 5 clear to other colours. Prints "ok" when every call
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

int main(void)
{
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev = NULL;
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

    /* Frame 1: the resources, made and filled. */
    hr = IDirect3DDevice9_CreateTexture(dev, 8, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex, NULL);
    CHECK(SUCCEEDED(hr), "CreateTexture %#lx", (unsigned long)hr);
    hr = IDirect3DDevice9_CreateVertexBuffer(dev, 4 * sizeof(struct cvertex), D3DUSAGE_WRITEONLY,
                                             D3DFVF_XYZRHW | D3DFVF_DIFFUSE, D3DPOOL_MANAGED, &vb, NULL);
    CHECK(SUCCEEDED(hr), "CreateVertexBuffer %#lx", (unsigned long)hr);
    if (!tex || !vb)
        return 1;
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
    IDirect3DDevice9_EndScene(dev);
    present(dev);

    /* Frame 3: the captured one, drawing with both. */
    begin(dev, 0xff000060);
    textured(dev, tex, 4, 4, 28, 60);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_DIFFUSE);
    IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, sizeof(struct cvertex));
    hr = IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLESTRIP, 0, 2);
    CHECK(SUCCEEDED(hr), "DrawPrimitive %#lx", (unsigned long)hr);
    IDirect3DDevice9_EndScene(dev);
    present(dev);

    for (i = 4; i <= 5; i++) {
        begin(dev, 0xff808000);
        IDirect3DDevice9_EndScene(dev);
        present(dev);
    }
    IDirect3DVertexBuffer9_Release(vb);
    IDirect3DTexture9_Release(tex);
    IDirect3DDevice9_Release(dev);
    IDirect3D9_Release(d3d);
    DestroyWindow(window);
    if (!failed)
        printf("ok\n");
    return failed;
}
