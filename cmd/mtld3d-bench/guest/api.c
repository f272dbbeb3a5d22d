/* Times representative D3D9 calls from the game's side: for each call the
 * median over 5 rounds of 20,000 calls, in nanoseconds per call. Values
 * alternate so no implementation can skip redundant calls. Output lines:
 *   call <name> <ns>
 * Two shapes: by default each round is a frame of its own (BeginScene,
 * the calls, EndScene, Present), so recorded frames are handed over and
 * their memory reused between rounds; with the argument "long" a call's
 * rounds all run inside one scene with no Present between them, as a
 * loading screen or a huge frame does, so what is recorded piles up.
 * The runner (cmd/mtld3d-bench) runs this against our d3d9.dll and Wine's
 * own in the same session and prints the ratio. */
#define COBJMACROS
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>
#include <initguid.h>
#include <d3d9.h>

#define ROUNDS 5
#define CALLS 20000

static IDirect3DDevice9 *dev;
static IDirect3DTexture9 *tex;
static IDirect3DVertexBuffer9 *vb[2];
static IDirect3DIndexBuffer9 *ib[2];
static IDirect3DVertexBuffer9 *dyn; /* 4 KiB, DYNAMIC: the update bodies */
static IDirect3DTexture9 *mips;     /* 16x16, 3 levels, MANAGED */
static LARGE_INTEGER freq, start;

/* Nanoseconds since start: the count is made small before it becomes a
 * double, or a large counter times 1e9 leaves the i686 build's figures
 * in steps of several nanoseconds a call. */
static double now_ns(void)
{
    LARGE_INTEGER t;
    QueryPerformanceCounter(&t);
    return (double)(t.QuadPart - start.QuadPart) * 1e9 / (double)freq.QuadPart;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

typedef void (*body_fn)(int i);

static void b_renderstate(int i) { IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, i & 1); }
static void b_sampler(int i) { IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, 1 + (i & 1)); }
static void b_tss(int i)
{
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, (i & 1) ? D3DTOP_MODULATE : D3DTOP_SELECTARG1);
}
static void b_texture(int i) { IDirect3DDevice9_SetTexture(dev, 0, (i & 1) ? (IDirect3DBaseTexture9 *)tex : NULL); }
static void b_stream(int i) { IDirect3DDevice9_SetStreamSource(dev, 0, vb[i & 1], 0, 12); }
static void b_indices(int i) { IDirect3DDevice9_SetIndices(dev, ib[i & 1]); }
/* The two values a call alternates between are made once, so the figure
 * is the call's, not the building of its 64-byte argument (which on i686
 * costs about as much as the call). */
static const float consts[2][16] = {{0, 1, 2, 3}, {1, 1, 2, 3}};
static const D3DMATRIX worlds[2] = {{{{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}}},
                                    {{{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 1}}}};
static void b_constf(int i) { IDirect3DDevice9_SetVertexShaderConstantF(dev, 0, consts[i & 1], 4); }
static void b_transform(int i) { IDirect3DDevice9_SetTransform(dev, D3DTS_WORLD, &worlds[i & 1]); }
static void b_getrs(int i)
{
    DWORD v;
    (void)i;
    IDirect3DDevice9_GetRenderState(dev, D3DRS_ZENABLE, &v);
}
static void b_draw(int i)
{
    IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 0, 0, 4, (i & 1) * 3, 1);
}

/* Resource updates (docs/PERFORMANCE.md, "Resource updates"): 64 bytes
 * of the dynamic buffer written and drawn, the streaming pattern (DISCARD
 * when the ring wraps, NOOVERWRITE appends) and a plain lock of bytes a
 * draw of the frame read; and level 1 of a managed mip chain relocked,
 * each lock after the first finding it recorded this frame. */
static void write_and_draw(int i, DWORD flags)
{
    UINT off = (UINT)(i % 64) * 64;
    BYTE *p;
    if (SUCCEEDED(IDirect3DVertexBuffer9_Lock(dyn, off, 64, (void **)&p, flags))) {
        memset(p, i & 0xff, 64);
        IDirect3DVertexBuffer9_Unlock(dyn);
    }
    IDirect3DDevice9_SetStreamSource(dev, 0, dyn, 0, 12);
    IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, off / 12, 1);
}
static void b_lock_stream(int i) { write_and_draw(i, i % 64 ? D3DLOCK_NOOVERWRITE : D3DLOCK_DISCARD); }
static void b_lock_plain(int i) { write_and_draw(i, 0); }
static void b_lock_level(int i)
{
    D3DLOCKED_RECT lr;
    if (SUCCEEDED(IDirect3DTexture9_LockRect(mips, 1, &lr, NULL, 0))) {
        *(DWORD *)lr.pBits = (DWORD)i;
        IDirect3DTexture9_UnlockRect(mips, 1);
    }
}

static const struct {
    const char *name;
    body_fn fn;
} bodies[] = {
    {"SetRenderState", b_renderstate}, {"SetSamplerState", b_sampler}, {"SetTextureStageState", b_tss},
    {"SetTexture", b_texture}, {"SetStreamSource", b_stream}, {"SetIndices", b_indices},
    {"SetVertexShaderConstantF(4)", b_constf}, {"SetTransform", b_transform}, {"GetRenderState", b_getrs},
    {"DrawIndexedPrimitive", b_draw}, {"Lock+draw(DISCARD/NOOVERWRITE)", b_lock_stream},
    {"Lock+draw(plain,in-use)", b_lock_plain}, {"LockRect(level-relock)", b_lock_level},
};

static HWND make_window(void)
{
    WNDCLASSA wc = {0};
    wc.lpfnWndProc = DefWindowProcA;
    wc.hInstance = GetModuleHandleA(NULL);
    wc.lpszClassName = "mtld3d_bench";
    RegisterClassA(&wc);
    return CreateWindowA("mtld3d_bench", "bench", WS_OVERLAPPEDWINDOW, 0, 0, 320, 240, NULL, NULL, NULL, NULL);
}

int main(int argc, char **argv)
{
    BOOL present_each = !(argc > 1 && !strcmp(argv[1], "long"));
    IDirect3D9 *d3d = Direct3DCreate9(D3D_SDK_VERSION);
    D3DPRESENT_PARAMETERS pp = {0};
    HWND w = make_window();
    void *p;
    HRESULT hr;

    setvbuf(stdout, NULL, _IONBF, 0);
    QueryPerformanceFrequency(&freq);
    QueryPerformanceCounter(&start);
    if (!d3d) {
        printf("error Direct3DCreate9 failed\n");
        return 1;
    }
    pp.Windowed = TRUE;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp.hDeviceWindow = w;
    pp.BackBufferWidth = 320;
    pp.BackBufferHeight = 240;
    if (FAILED(hr = IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, w, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev))) {
        printf("error CreateDevice %#lx\n", (unsigned long)hr);
        return 1;
    }
    IDirect3DDevice9_CreateTexture(dev, 64, 64, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex, NULL);
    for (int k = 0; k < 2; k++) {
        IDirect3DDevice9_CreateVertexBuffer(dev, 4 * 12, 0, D3DFVF_XYZ, D3DPOOL_MANAGED, &vb[k], NULL);
        IDirect3DDevice9_CreateIndexBuffer(dev, 6 * 2, 0, D3DFMT_INDEX16, D3DPOOL_MANAGED, &ib[k], NULL);
        if (vb[k] && SUCCEEDED(IDirect3DVertexBuffer9_Lock(vb[k], 0, 0, &p, 0))) {
            memset(p, 0, 4 * 12);
            IDirect3DVertexBuffer9_Unlock(vb[k]);
        }
        if (ib[k] && SUCCEEDED(IDirect3DIndexBuffer9_Lock(ib[k], 0, 0, &p, 0))) {
            static const WORD idx[6] = {0, 1, 2, 2, 1, 3};
            memcpy(p, idx, sizeof(idx));
            IDirect3DIndexBuffer9_Unlock(ib[k]);
        }
    }
    IDirect3DDevice9_CreateVertexBuffer(dev, 4096, D3DUSAGE_DYNAMIC | D3DUSAGE_WRITEONLY, D3DFVF_XYZ, D3DPOOL_DEFAULT,
                                        &dyn, NULL);
    IDirect3DDevice9_CreateTexture(dev, 16, 16, 3, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &mips, NULL);
    if (!dyn || !mips) {
        printf("error update bodies' resources not created\n");
        return 1;
    }
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ);
    IDirect3DDevice9_SetStreamSource(dev, 0, vb[0], 0, 12);
    IDirect3DDevice9_SetIndices(dev, ib[0]);

    for (size_t b = 0; b < sizeof(bodies) / sizeof(bodies[0]); b++) {
        double r[ROUNDS];
        IDirect3DDevice9_SetStreamSource(dev, 0, vb[0], 0, 12);
        IDirect3DDevice9_SetIndices(dev, ib[0]);
        if (!present_each)
            IDirect3DDevice9_BeginScene(dev);
        for (int round = -1; round < ROUNDS; round++) { /* round -1 warms up */
            if (present_each)
                IDirect3DDevice9_BeginScene(dev);
            double t0 = now_ns();
            for (int i = 0; i < CALLS; i++)
                bodies[b].fn(i);
            double t1 = now_ns();
            if (present_each) {
                IDirect3DDevice9_EndScene(dev);
                IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL);
            }
            if (round >= 0)
                r[round] = (t1 - t0) / CALLS;
        }
        if (!present_each) {
            IDirect3DDevice9_EndScene(dev);
            IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL);
        }
        qsort(r, ROUNDS, sizeof(r[0]), cmp);
        printf("call %s %.1f\n", bodies[b].name, r[ROUNDS / 2]);
    }
    IDirect3DVertexBuffer9_Release(dyn);
    IDirect3DTexture9_Release(mips);
    IDirect3DDevice9_Release(dev);
    IDirect3D9_Release(d3d);
    return 0;
}
