/* Frames per second of a few scenes shaped like real ones, drawn to a
 * 640x480 windowed back buffer with Present after every frame:
 *   ui    a UI toolkit's frame (dear imgui's DirectX 9 back end): one
 *         dynamic vertex and index buffer refilled with DISCARD, then
 *         60 textured, blended draws, each with its own scissor rect
 *   many  1,000 small lit, textured, depth-tested draws from one static
 *         buffer, a world matrix and a texture change between draws
 *   fill  8 full-screen textured, blended quads (per-pixel cost)
 * Each scene warms up for a few frames, then counts frames for about two
 * seconds. Output lines:
 *   scene <name> <frames> <seconds> <fps>
 * The runner (cmd/mtld3d-bench -frames) runs this against our d3d9.dll
 * and Wine's own in the same session and prints both. */
#define COBJMACROS
#include <stdio.h>
#include <string.h>
#include <windows.h>
#include <d3d9.h>

#define W 640
#define H 480
#define SECONDS 2.0

static IDirect3DDevice9 *dev;
static IDirect3DTexture9 *tex[2];
static LARGE_INTEGER freq;

static double now_s(void)
{
    LARGE_INTEGER t;
    QueryPerformanceCounter(&t);
    return (double)t.QuadPart / (double)freq.QuadPart;
}

/* Unlit, untested, unculled, alpha-blended, texture times colour: what
 * 2D drawing (ui, fill) sets. */
static void blended_2d(void)
{
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_SRCALPHA);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, D3DBLEND_INVSRCALPHA);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_MODULATE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_MODULATE);
}

/* ---- ui ---- */

struct uivert {
    float x, y, z;
    DWORD color;
    float u, v;
};

#define UI_DRAWS 60
#define UI_QUADS 40 /* per draw: 2,400 glyph-sized quads a frame */

static IDirect3DVertexBuffer9 *ui_vb;
static IDirect3DIndexBuffer9 *ui_ib;

static int ui_setup(void)
{
    UINT vbytes = UI_DRAWS * UI_QUADS * 4 * sizeof(struct uivert), ibytes = UI_DRAWS * UI_QUADS * 6 * 2;
    if (FAILED(IDirect3DDevice9_CreateVertexBuffer(dev, vbytes, D3DUSAGE_DYNAMIC | D3DUSAGE_WRITEONLY,
                                                   D3DFVF_XYZ | D3DFVF_DIFFUSE | D3DFVF_TEX1, D3DPOOL_DEFAULT,
                                                   &ui_vb, NULL)))
        return 0;
    return SUCCEEDED(IDirect3DDevice9_CreateIndexBuffer(dev, ibytes, D3DUSAGE_DYNAMIC | D3DUSAGE_WRITEONLY,
                                                        D3DFMT_INDEX16, D3DPOOL_DEFAULT, &ui_ib, NULL));
}

static void ui_frame(int frame)
{
    struct uivert *v;
    WORD *ix;
    D3DMATRIX ortho = {{{2.0f / W, 0, 0, 0, 0, -2.0f / H, 0, 0, 0, 0, 0.5f, 0, -1, 1, 0.5f, 1}}};
    D3DMATRIX id = {{{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}}};
    if (FAILED(IDirect3DVertexBuffer9_Lock(ui_vb, 0, 0, (void **)&v, D3DLOCK_DISCARD)))
        return;
    if (FAILED(IDirect3DIndexBuffer9_Lock(ui_ib, 0, 0, (void **)&ix, D3DLOCK_DISCARD))) {
        IDirect3DVertexBuffer9_Unlock(ui_vb);
        return;
    }
    for (int q = 0; q < UI_DRAWS * UI_QUADS; q++) {
        float x = (float)((q * 9 + frame) % (W - 8)), y = (float)(q / 60 * 12 % (H - 12));
        DWORD c = 0xff000000 | (DWORD)(q * 2654435761u >> 8);
        struct uivert quad[4] = {{x, y, 0, c, 0, 0}, {x + 8, y, 0, c, 1, 0}, {x + 8, y + 12, 0, c, 1, 1}, {x, y + 12, 0, c, 0, 1}};
        memcpy(v + 4 * q, quad, sizeof(quad));
        WORD b = (WORD)(4 * q);
        WORD six[6] = {b, (WORD)(b + 1), (WORD)(b + 2), b, (WORD)(b + 2), (WORD)(b + 3)};
        memcpy(ix + 6 * q, six, sizeof(six));
    }
    IDirect3DIndexBuffer9_Unlock(ui_ib);
    IDirect3DVertexBuffer9_Unlock(ui_vb);

    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff203040, 1.0f, 0);
    blended_2d();
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SCISSORTESTENABLE, TRUE);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_LINEAR);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_LINEAR);
    IDirect3DDevice9_SetTransform(dev, D3DTS_WORLD, &id);
    IDirect3DDevice9_SetTransform(dev, D3DTS_VIEW, &id);
    IDirect3DDevice9_SetTransform(dev, D3DTS_PROJECTION, &ortho);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_DIFFUSE | D3DFVF_TEX1);
    IDirect3DDevice9_SetStreamSource(dev, 0, ui_vb, 0, sizeof(struct uivert));
    IDirect3DDevice9_SetIndices(dev, ui_ib);
    for (int d = 0; d < UI_DRAWS; d++) {
        RECT r = {(d % 4) * 160, 0, (d % 4) * 160 + 160 + d, H};
        IDirect3DDevice9_SetScissorRect(dev, &r);
        IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex[d % 2]);
        IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 0, d * UI_QUADS * 4, UI_QUADS * 4,
                                              d * UI_QUADS * 6, UI_QUADS * 2);
    }
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SCISSORTESTENABLE, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, FALSE);
}

static void ui_teardown(void)
{
    IDirect3DVertexBuffer9_Release(ui_vb);
    IDirect3DIndexBuffer9_Release(ui_ib);
}

/* ---- many ---- */

struct litvert {
    float x, y, z;
    float nx, ny, nz;
    float u, v;
};

#define MANY_DRAWS 1000

static IDirect3DVertexBuffer9 *many_vb;

static int many_setup(void)
{
    /* A small cube's six faces as 12 triangles. */
    static const float face[6][3][3] = {
        /* normal, u axis, v axis */
        {{0, 0, -1}, {1, 0, 0}, {0, 1, 0}}, {{0, 0, 1}, {-1, 0, 0}, {0, 1, 0}}, {{-1, 0, 0}, {0, 0, -1}, {0, 1, 0}},
        {{1, 0, 0}, {0, 0, 1}, {0, 1, 0}},  {{0, 1, 0}, {1, 0, 0}, {0, 0, 1}},  {{0, -1, 0}, {1, 0, 0}, {0, 0, -1}},
    };
    static const float corner[6][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}};
    struct litvert *v;
    if (FAILED(IDirect3DDevice9_CreateVertexBuffer(dev, 36 * sizeof(*v), D3DUSAGE_WRITEONLY,
                                                   D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_TEX1, D3DPOOL_MANAGED,
                                                   &many_vb, NULL)))
        return 0;
    if (FAILED(IDirect3DVertexBuffer9_Lock(many_vb, 0, 0, (void **)&v, 0)))
        return 0;
    for (int f = 0; f < 6; f++)
        for (int k = 0; k < 6; k++) {
            const float *n = face[f][0], *a = face[f][1], *b = face[f][2];
            float s = corner[k][0], t = corner[k][1];
            struct litvert x = {n[0] + s * a[0] + t * b[0], n[1] + s * a[1] + t * b[1], n[2] + s * a[2] + t * b[2],
                                n[0], n[1], n[2], (s + 1) / 2, (t + 1) / 2};
            v[f * 6 + k] = x;
        }
    IDirect3DVertexBuffer9_Unlock(many_vb);
    return 1;
}

static void many_frame(int frame)
{
    D3DMATRIX view = {{{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 40, 1}}};
    /* Perspective, 90 degrees vertically, near 1, far 100. */
    D3DMATRIX proj = {{{0.75f, 0, 0, 0, 0, 1, 0, 0, 0, 0, 100.0f / 99, 1, 0, 0, -100.0f / 99, 0}}};
    D3DLIGHT9 light = {0};
    D3DMATERIAL9 mat = {0};
    light.Type = D3DLIGHT_DIRECTIONAL;
    light.Diffuse.r = light.Diffuse.g = light.Diffuse.b = 1;
    light.Direction.x = 0.3f;
    light.Direction.y = -0.5f;
    light.Direction.z = 0.8f;
    mat.Diffuse.r = mat.Diffuse.g = mat.Diffuse.b = mat.Diffuse.a = 1;
    mat.Ambient.r = mat.Ambient.g = mat.Ambient.b = 0.2f;

    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff102030, 1.0f, 0);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_CCW);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_AMBIENT, 0xff404040);
    IDirect3DDevice9_SetLight(dev, 0, &light);
    IDirect3DDevice9_LightEnable(dev, 0, TRUE);
    IDirect3DDevice9_SetMaterial(dev, &mat);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_MODULATE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTransform(dev, D3DTS_VIEW, &view);
    IDirect3DDevice9_SetTransform(dev, D3DTS_PROJECTION, &proj);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_TEX1);
    IDirect3DDevice9_SetStreamSource(dev, 0, many_vb, 0, sizeof(struct litvert));
    for (int d = 0; d < MANY_DRAWS; d++) {
        /* A 40 x 25 grid of cubes about 10 pixels wide. */
        float x = (float)(d % 40) - 19.5f, y = (float)(d / 40) - 12.0f;
        float s = 0.35f + 0.05f * (float)((d + frame) % 3);
        D3DMATRIX world = {{{s, 0, 0, 0, 0, s, 0, 0, 0, 0, s, 0, x * 1.25f, y * 1.25f, 0, 1}}};
        IDirect3DDevice9_SetTransform(dev, D3DTS_WORLD, &world);
        IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex[d % 2]);
        IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 0, 12);
    }
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, FALSE);
}

static void many_teardown(void)
{
    IDirect3DVertexBuffer9_Release(many_vb);
}

/* ---- fill ---- */

struct tlvert {
    float x, y, z, rhw;
    DWORD color;
    float u, v;
};

static int fill_setup(void)
{
    /* Bilinear, set here rather than left from ui's frame, so the scene
     * is the same alone (-scene fill) as after the others. */
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_LINEAR);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_LINEAR);
    return 1;
}

static void fill_frame(int frame)
{
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    blended_2d();
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1);
    for (int d = 0; d < 8; d++) {
        float o = (float)((frame + d) % 16) / 16.0f;
        DWORD c = 0x80000000 | (0x203040u * (DWORD)(d + 1));
        struct tlvert q[4] = {{0, 0, 0.5f, 1, c, o, 0}, {W, 0, 0.5f, 1, c, o + 4, 0},
                              {0, H, 0.5f, 1, c, o, 3}, {W, H, 0.5f, 1, c, o + 4, 3}};
        IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex[d % 2]);
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
    }
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, FALSE);
}

static void fill_teardown(void)
{
}

/* ---- clear: a frame that costs almost nothing, for the frame-rate
 * limiter's benchmark (run only when named) ---- */

static int clear_setup(void)
{
    return 1;
}

static void clear_frame(int frame)
{
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000 | (DWORD)(frame * 0x010203), 1.0f, 0);
}

/* Waits for the GPU to finish what was presented, so frames still in
 * flight are not counted as drawn. Sleep(1), not a spin: on two cores a
 * spinning game thread takes a core from the renderer it waits for. */
static void finish(void)
{
    IDirect3DQuery9 *q;
    if (FAILED(IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_EVENT, &q)))
        return;
    IDirect3DQuery9_Issue(q, D3DISSUE_END);
    while (IDirect3DQuery9_GetData(q, NULL, 0, D3DGETDATA_FLUSH) == S_FALSE)
        Sleep(1);
    IDirect3DQuery9_Release(q);
}

static const struct {
    const char *name;
    int (*setup)(void);
    void (*frame)(int);
    void (*teardown)(void);
    int named_only;
} scenes[] = {
    {"ui", ui_setup, ui_frame, ui_teardown, 0},
    {"many", many_setup, many_frame, many_teardown, 0},
    {"fill", fill_setup, fill_frame, fill_teardown, 0},
    {"clear", clear_setup, clear_frame, fill_teardown, 1},
};

static HWND make_window(void)
{
    WNDCLASSA wc = {0};
    RECT r = {0, 0, W, H};
    wc.lpfnWndProc = DefWindowProcA;
    wc.hInstance = GetModuleHandleA(NULL);
    wc.lpszClassName = "mtld3d_frames";
    RegisterClassA(&wc);
    AdjustWindowRect(&r, WS_OVERLAPPEDWINDOW, FALSE);
    return CreateWindowA("mtld3d_frames", "frames", WS_OVERLAPPEDWINDOW | WS_VISIBLE, 0, 0, r.right - r.left,
                         r.bottom - r.top, NULL, NULL, NULL, NULL);
}

/* Two 64x64 textures with mips: a checker and a soft glyph-like pattern,
 * with alpha, in the managed pool. */
static int make_textures(void)
{
    for (int k = 0; k < 2; k++) {
        UINT levels;
        if (FAILED(IDirect3DDevice9_CreateTexture(dev, 64, 64, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex[k], NULL)))
            return 0;
        levels = IDirect3DTexture9_GetLevelCount(tex[k]);
        for (UINT l = 0; l < levels; l++) {
            D3DLOCKED_RECT lr;
            UINT n = 64 >> l;
            if (FAILED(IDirect3DTexture9_LockRect(tex[k], l, &lr, NULL, 0)))
                return 0;
            for (UINT y = 0; y < n; y++) {
                DWORD *row = (DWORD *)((BYTE *)lr.pBits + y * lr.Pitch);
                for (UINT x = 0; x < n; x++)
                    row[x] = k ? 0x40ffffff | ((x ^ y) & 1 ? 0xc0000000 : 0) | ((x * 4) << 8)
                               : (((x >> 2) ^ (y >> 2)) & 1 ? 0xffe0e0e0 : 0xff404080);
            }
            IDirect3DTexture9_UnlockRect(tex[k], l);
        }
    }
    return 1;
}

int main(int argc, char **argv)
{
    IDirect3D9 *d3d = Direct3DCreate9(D3D_SDK_VERSION);
    D3DPRESENT_PARAMETERS pp = {0};
    HWND w = make_window();
    HRESULT hr;
    const char *only = argc > 1 ? argv[1] : NULL;

    setvbuf(stdout, NULL, _IONBF, 0);
    QueryPerformanceFrequency(&freq);
    if (!d3d) {
        printf("error Direct3DCreate9 failed\n");
        return 1;
    }
    pp.Windowed = TRUE;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp.hDeviceWindow = w;
    pp.BackBufferWidth = W;
    pp.BackBufferHeight = H;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    pp.EnableAutoDepthStencil = TRUE;
    pp.AutoDepthStencilFormat = D3DFMT_D24S8;
    pp.PresentationInterval = D3DPRESENT_INTERVAL_IMMEDIATE;
    if (FAILED(hr = IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, w, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev))) {
        printf("error CreateDevice %#lx\n", (unsigned long)hr);
        return 1;
    }
    if (!make_textures()) {
        printf("error textures\n");
        return 1;
    }
    for (size_t s = 0; s < sizeof(scenes) / sizeof(scenes[0]); s++) {
        int frames = 0;
        double t0, t1;
        if (only ? strcmp(only, scenes[s].name) != 0 : scenes[s].named_only)
            continue;
        if (!scenes[s].setup()) {
            printf("error %s setup\n", scenes[s].name);
            continue;
        }
        for (int f = 0; f < 3; f++) { /* warm up: shaders, pipelines, buffers */
            IDirect3DDevice9_BeginScene(dev);
            scenes[s].frame(f);
            IDirect3DDevice9_EndScene(dev);
            IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL);
        }
        t0 = now_s();
        do {
            IDirect3DDevice9_BeginScene(dev);
            scenes[s].frame(frames);
            IDirect3DDevice9_EndScene(dev);
            IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL);
            frames++;
            t1 = now_s();
        } while (t1 - t0 < SECONDS);
        finish();
        t1 = now_s();
        printf("scene %s %d %.3f %.2f\n", scenes[s].name, frames, t1 - t0, frames / (t1 - t0));
        scenes[s].teardown();
    }
    for (int k = 0; k < 2; k++)
        IDirect3DTexture9_Release(tex[k]);
    IDirect3DDevice9_Release(dev);
    IDirect3D9_Release(d3d);
    return 0;
}
