/* The demo scene: one frame of what an old game draws, through our
 * d3d9.dll: a textured, lit quad through the fixed-function pipeline, a
 * blended pre-transformed triangle, and a triangle drawn by vs_2_0/ps_2_0
 * shaders (their bytecode in demo_shaders.h, assembled by the runner with
 * core/dxso). The runner sets dump.dir so each presented frame becomes a
 * PNG. It prints each step and its HRESULT. */
#define COBJMACROS
#include <math.h>
#include <stdio.h>
#include <windows.h>
#include <initguid.h>
#include <d3d9.h>

#include "demo_shaders.h"

static int failures;

static void step(const char *what, HRESULT hr)
{
    printf("%-44s %s (%#lx)\n", what, SUCCEEDED(hr) ? "ok" : "FAILED", (unsigned long)hr);
    if (FAILED(hr))
        failures++;
}

struct lit_vertex {
    float x, y, z, nx, ny, nz, u, v;
};
struct tl_vertex {
    float x, y, z, rhw;
    D3DCOLOR c;
};
struct sh_vertex {
    float x, y, z, w;
    D3DCOLOR c;
};

static D3DMATRIX identity(void)
{
    D3DMATRIX m = {{{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}}};
    return m;
}

int main(void)
{
    IDirect3D9 *d3d = Direct3DCreate9(D3D_SDK_VERSION);
    IDirect3DDevice9 *dev = NULL;
    IDirect3DTexture9 *tex = NULL;
    IDirect3DVertexShader9 *vs = NULL;
    IDirect3DPixelShader9 *ps = NULL;
    IDirect3DVertexDeclaration9 *decl = NULL;
    D3DPRESENT_PARAMETERS pp = {0};
    D3DLOCKED_RECT lr;
    WNDCLASSA wc = {0};
    HWND w;

    setvbuf(stdout, NULL, _IONBF, 0);
    if (!d3d) {
        printf("Direct3DCreate9 failed: is mtld3d installed in this prefix?\n");
        return 1;
    }
    wc.lpfnWndProc = DefWindowProcA;
    wc.lpszClassName = "mtld3d_demo";
    RegisterClassA(&wc);
    w = CreateWindowA("mtld3d_demo", "mtld3d demo", WS_OVERLAPPEDWINDOW, 0, 0, 640, 480, NULL, NULL, NULL, NULL);
    pp.Windowed = TRUE;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp.BackBufferWidth = 640;
    pp.BackBufferHeight = 480;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    pp.EnableAutoDepthStencil = TRUE;
    pp.AutoDepthStencilFormat = D3DFMT_D24S8;
    pp.hDeviceWindow = w;
    step("CreateDevice 640x480 windowed", IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, w, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev));
    if (!dev)
        return 1;

    /* A 64x64 checkerboard texture in the managed pool. */
    step("CreateTexture 64x64 A8R8G8B8", IDirect3DDevice9_CreateTexture(dev, 64, 64, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex, NULL));
    if (tex && SUCCEEDED(IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0))) {
        for (int y = 0; y < 64; y++)
            for (int x = 0; x < 64; x++)
                ((DWORD *)((BYTE *)lr.pBits + y * lr.Pitch))[x] = ((x / 8 + y / 8) & 1) ? 0xfff0c040 : 0xff4060f0;
        step("LockRect/UnlockRect the texture", IDirect3DTexture9_UnlockRect(tex, 0));
    }

    step("BeginScene", IDirect3DDevice9_BeginScene(dev));
    step("Clear colour and depth", IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, D3DCOLOR_XRGB(16, 24, 48), 1.0f, 0));

    /* Fixed function: a textured quad lit by a directional light. */
    {
        D3DMATRIX world = identity(), view = identity(), proj = identity();
        D3DLIGHT9 light = {0};
        D3DMATERIAL9 mat = {0};
        static const struct lit_vertex quad[4] = {
            {-0.9f, 0.1f, 0.5f, 0, 0, -1, 0, 0}, {-0.1f, 0.1f, 0.5f, 0, 0, -1, 1, 0},
            {-0.9f, 0.9f, 0.5f, 0, 0, -1, 0, 1}, {-0.1f, 0.9f, 0.5f, 0, 0, -1, 1, 1},
        };
        IDirect3DDevice9_SetTransform(dev, D3DTS_WORLD, &world);
        IDirect3DDevice9_SetTransform(dev, D3DTS_VIEW, &view);
        IDirect3DDevice9_SetTransform(dev, D3DTS_PROJECTION, &proj);
        light.Type = D3DLIGHT_DIRECTIONAL;
        light.Diffuse.r = light.Diffuse.g = light.Diffuse.b = 1.0f;
        light.Direction.x = 0.3f;
        light.Direction.z = 1.0f;
        mat.Diffuse.r = mat.Diffuse.g = mat.Diffuse.b = mat.Diffuse.a = 1.0f;
        mat.Ambient.r = mat.Ambient.g = mat.Ambient.b = 0.2f;
        step("SetLight 0 directional", IDirect3DDevice9_SetLight(dev, 0, &light));
        step("LightEnable 0", IDirect3DDevice9_LightEnable(dev, 0, TRUE));
        step("SetMaterial", IDirect3DDevice9_SetMaterial(dev, &mat));
        IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, TRUE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_AMBIENT, D3DCOLOR_XRGB(64, 64, 64));
        IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
        IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex);
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_LINEAR);
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_LINEAR);
        IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_TEX1);
        step("DrawPrimitiveUP lit textured strip", IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, quad, sizeof(quad[0])));
        IDirect3DDevice9_SetTexture(dev, 0, NULL);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    }

    /* Pre-transformed and blended: a half-transparent triangle. */
    {
        static const struct tl_vertex tri[3] = {
            {340, 60, 0.2f, 1, 0x80ff3030}, {620, 60, 0.2f, 1, 0x8030ff30}, {480, 300, 0.2f, 1, 0x803030ff},
        };
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, TRUE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_SRCALPHA);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, D3DBLEND_INVSRCALPHA);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_DIFFUSE);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_DIFFUSE);
        IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_DIFFUSE);
        step("DrawPrimitiveUP blended XYZRHW triangle", IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, tri, sizeof(tri[0])));
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, FALSE);
    }

    /* Programmable: vs_2_0 passes position and colour, ps_2_0 tints by c0. */
    {
        static const D3DVERTEXELEMENT9 elems[] = {
            {0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
            {0, 16, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
            D3DDECL_END()};
        static const struct sh_vertex tri[3] = {
            {-0.6f, -0.9f, 0.4f, 1, 0xffffffff}, {-0.1f, -0.2f, 0.4f, 1, 0xffffff00}, {-0.9f, -0.2f, 0.4f, 1, 0xff00ffff},
        };
        static const float tint[4] = {1.0f, 0.6f, 0.9f, 1.0f};
        step("CreateVertexShader vs_2_0", IDirect3DDevice9_CreateVertexShader(dev, demo_vs, &vs));
        step("CreatePixelShader ps_2_0", IDirect3DDevice9_CreatePixelShader(dev, demo_ps, &ps));
        step("CreateVertexDeclaration", IDirect3DDevice9_CreateVertexDeclaration(dev, elems, &decl));
        IDirect3DDevice9_SetVertexDeclaration(dev, decl);
        IDirect3DDevice9_SetVertexShader(dev, vs);
        IDirect3DDevice9_SetPixelShader(dev, ps);
        IDirect3DDevice9_SetPixelShaderConstantF(dev, 0, tint, 1);
        step("DrawPrimitiveUP with shaders", IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, tri, sizeof(tri[0])));
        IDirect3DDevice9_SetVertexShader(dev, NULL);
        IDirect3DDevice9_SetPixelShader(dev, NULL);
    }
    step("EndScene", IDirect3DDevice9_EndScene(dev));
    step("Present", IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL));

    if (decl)
        IDirect3DVertexDeclaration9_Release(decl);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    if (tex)
        IDirect3DTexture9_Release(tex);
    printf("device released: %lu references left\n", IDirect3DDevice9_Release(dev));
    IDirect3D9_Release(d3d);
    return failures ? 1 : 0;
}
