/* The guest's address-space watch (pe/d3d9/memwatch.c): what d3d9.dll
 * holds grows with large resources and returns to where it started once
 * they are released and the frames naming them are submitted, and the
 * process's committed and reserved memory comes back too, which is what a
 * 32-bit game's 4 GiB needs. The watch logs its figures at device
 * creation. */
#include <stdint.h>

#include "draw_util.h"

typedef void(WINAPI *memstats_fn)(uint64_t *held, uint64_t *committed, uint64_t *reserved);
static memstats_fn memstats;
static uintptr_t highest; /* the highest guest copy a lock handed out */

#define MIB(x) ((unsigned long)((x) >> 20))

struct usage {
    uint64_t held, committed, reserved;
};

static struct usage usage(void)
{
    struct usage u = {0};
    memstats(&u.held, &u.committed, &u.reserved);
    return u;
}

static void present(IDirect3DDevice9 *dev)
{
    CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
}

/* Textures (managed: a guest copy each), vertex buffers and lockable
 * system-memory surfaces, each written through a lock; DISCARD locks on
 * the dynamic buffers rename them, retiring the old copies. */
static void round_of_resources(IDirect3DDevice9 *dev, uint64_t *peak)
{
    enum { TEXTURES = 24, BUFFERS = 12, SURFACES = 8 };
    IDirect3DTexture9 *tex[TEXTURES] = {0};
    IDirect3DVertexBuffer9 *vb[BUFFERS] = {0};
    IDirect3DSurface9 *surf[SURFACES] = {0};
    D3DLOCKED_RECT lr;
    void *p;

    for (int i = 0; i < TEXTURES; i++) {
        CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 1024, 1024, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex[i], NULL), D3D_OK);
        if (tex[i] && SUCCEEDED(IDirect3DTexture9_LockRect(tex[i], 0, &lr, NULL, 0))) {
            memset(lr.pBits, i, 1024 * (size_t)lr.Pitch);
            if ((uintptr_t)lr.pBits > highest)
                highest = (uintptr_t)lr.pBits;
            IDirect3DTexture9_UnlockRect(tex[i], 0);
        }
    }
    for (int i = 0; i < BUFFERS; i++) {
        CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 4 << 20, D3DUSAGE_DYNAMIC | D3DUSAGE_WRITEONLY, 0, D3DPOOL_DEFAULT, &vb[i], NULL),
                 D3D_OK);
        for (int j = 0; vb[i] && j < 3; j++) {
            if (SUCCEEDED(IDirect3DVertexBuffer9_Lock(vb[i], 0, 0, &p, D3DLOCK_DISCARD))) {
                memset(p, j, 4 << 20);
                IDirect3DVertexBuffer9_Unlock(vb[i]);
            }
        }
    }
    for (int i = 0; i < SURFACES; i++)
        CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 1024, 1024, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, &surf[i], NULL), D3D_OK);
    present(dev);
    *peak = usage().held;
    for (int i = 0; i < TEXTURES; i++)
        if (tex[i])
            IDirect3DTexture9_Release(tex[i]);
    for (int i = 0; i < BUFFERS; i++)
        if (vb[i])
            IDirect3DVertexBuffer9_Release(vb[i]);
    for (int i = 0; i < SURFACES; i++)
        if (surf[i])
            IDirect3DSurface9_Release(surf[i]);
    /* Retired copies go once a Present has submitted the frame naming them. */
    present(dev);
    present(dev);
}

TEST(large_resources_return_to_start)
{
    struct test_ctx c;
    struct usage start, end;
    uint64_t peak = 0;
    if (!memstats) {
        CHECK(0, "d3d9.dll lacks mtld3d_memstats");
        return;
    }
    if (!test_setup(&c))
        return;
    present(c.dev);
    present(c.dev);
    start = usage();
    for (int round = 0; round < 4; round++) {
        round_of_resources(c.dev, &peak);
        /* 96 MiB of textures, 48 of buffers (plus renames), 32 of surfaces. */
        CHECK(peak >= start.held + (176ull << 20), "round %d: d3d9.dll held %lu MiB at its peak, from %lu", round, MIB(peak),
              MIB(start.held));
    }
    end = usage();
    printf("# memory: held %lu -> peak %lu -> %lu MiB; committed %lu -> %lu MiB, reserved %lu -> %lu MiB (%d-bit); highest "
           "texture copy at %p\n",
           MIB(start.held), MIB(peak), MIB(end.held), MIB(start.committed), MIB(end.committed), MIB(start.reserved),
           MIB(end.reserved), (int)sizeof(void *) * 8, (void *)highest);
    CHECK(end.held == start.held, "d3d9.dll holds %llu bytes after the resources went, %llu before", (unsigned long long)end.held,
          (unsigned long long)start.held);
    CHECK(end.committed + end.reserved <= start.committed + start.reserved + (32ull << 20),
          "address space used grew from %lu to %lu MiB", MIB(start.committed + start.reserved), MIB(end.committed + end.reserved));
    test_teardown(&c);
}

/* A 9Ex device's video memory is virtual (WDDM): what GetAvailableTextureMem
 * reports does not move as DEFAULT-pool textures are made (Wine's d3d9ex.c
 * test_vidmem_accounting asserts under 1 MiB of change for the same 80 MiB). */
TEST(available_texture_memory_constant_on_9ex)
{
    IDirect3D9Ex *d3d = NULL;
    IDirect3DDevice9Ex *dev = NULL;
    IDirect3DTexture9 *tex[20] = {0};
    HWND window;
    UINT start, i;

    CHECK_HR(Direct3DCreate9Ex(D3D_SDK_VERSION, &d3d), D3D_OK);
    if (!d3d)
        return;
    dev = test_device_ex(d3d, &window);
    if (dev) {
        start = IDirect3DDevice9Ex_GetAvailableTextureMem(dev);
        CHECK(start <= 0x7fffffffu, "%u bytes: past a signed 32-bit integer", start);
        for (i = 0; i < 20; i++)
            CHECK_HR(IDirect3DDevice9Ex_CreateTexture(dev, 1024, 1024, 1, D3DUSAGE_RENDERTARGET, D3DFMT_X8R8G8B8,
                                                      D3DPOOL_DEFAULT, &tex[i], NULL),
                     D3D_OK);
        CHECK_EQ_U(IDirect3DDevice9Ex_GetAvailableTextureMem(dev), start);
        for (i = 0; i < 20; i++)
            if (tex[i])
                IDirect3DTexture9_Release(tex[i]);
        IDirect3DDevice9Ex_Release(dev);
    }
    IDirect3D9Ex_Release(d3d);
    DestroyWindow(window);
}

/* The watch's line at device creation is in the process log. */
/* GetAvailableTextureMem falls as DEFAULT-pool resources are made and
 * comes back when they go (Windows; Wine's test_vidmem_accounting): 20
 * 1024x1024 X8R8G8B8 render-target textures are 80 MiB. */
TEST(available_texture_memory_counts_default_resources)
{
    struct test_ctx c;
    IDirect3DDevice9 *dev;
    IDirect3DTexture9 *tex[20] = {0};
    IDirect3DVertexBuffer9 *vb = NULL;
    UINT start, after, i;
    if (!test_setup(&c))
        return;
    dev = c.dev;
    start = IDirect3DDevice9_GetAvailableTextureMem(dev);
    CHECK(start <= 0x7fffffffu, "%u bytes: past a signed 32-bit integer", start);
    for (i = 0; i < 20; i++)
        CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 1024, 1024, 1, D3DUSAGE_RENDERTARGET, D3DFMT_X8R8G8B8,
                                                D3DPOOL_DEFAULT, &tex[i], NULL),
                 D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 1 << 20, 0, 0, D3DPOOL_DEFAULT, &vb, NULL), D3D_OK);
    after = IDirect3DDevice9_GetAvailableTextureMem(dev);
    CHECK(start - after >= 81u << 20, "available went %u -> %u: down %u MiB, want 81", start, after,
          (start - after) >> 20);
    for (i = 0; i < 20; i++)
        if (tex[i])
            IDirect3DTexture9_Release(tex[i]);
    if (vb)
        IDirect3DVertexBuffer9_Release(vb);
    CHECK_EQ_U(IDirect3DDevice9_GetAvailableTextureMem(dev), start);
    test_teardown(&c);
}

TEST(creation_logged)
{
    struct test_ctx c;
    WIN32_FIND_DATAA fd;
    char exe[MAX_PATH], pattern[MAX_PATH + 32], path[MAX_PATH + 32], *slash, *text;
    FILETIME newest = {0};
    HANDLE h, f;
    DWORD n = 0;
    BOOL found = FALSE;

    if (!test_setup(&c))
        return;
    test_teardown(&c);
    GetModuleFileNameA(NULL, exe, sizeof(exe));
    if ((slash = strrchr(exe, '\\')))
        slash[1] = 0;
    snprintf(pattern, sizeof(pattern), "%smtld3d-logs\\memory-*.log", exe);
    path[0] = 0;
    if ((h = FindFirstFileA(pattern, &fd)) != INVALID_HANDLE_VALUE) {
        do {
            if (CompareFileTime(&fd.ftLastWriteTime, &newest) > 0) {
                newest = fd.ftLastWriteTime;
                snprintf(path, sizeof(path), "%smtld3d-logs\\%s", exe, fd.cFileName);
            }
        } while (FindNextFileA(h, &fd));
        FindClose(h);
    }
    CHECK(path[0], "no log matches %s", pattern);
    if (!path[0])
        return;
    f = CreateFileA(path, GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE, NULL, OPEN_EXISTING, 0, NULL);
    text = HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, 1 << 20);
    if (f != INVALID_HANDLE_VALUE && text) {
        ReadFile(f, text, (1 << 20) - 1, &n, NULL);
        found = strstr(text, "address space (device") != NULL && strstr(text, "largest free") != NULL;
    }
    if (f != INVALID_HANDLE_VALUE)
        CloseHandle(f);
    CHECK(found, "%s has no address-space line from device creation", path);
    HeapFree(GetProcessHeap(), 0, text);
}

/* A 32-bit guest whose memory is all above 2 GiB (the program is large
 * address aware and every free range below 2 GiB is reserved first):
 * the device's arenas, a texture's copy, the UP data and the readback
 * surface all get addresses with the top bit set, which the wire carries
 * zero-extended. A textured quad over a cleared target reads back right. */
TEST(guest_memory_above_2gib)
{
    enum { MAX_HOLES = 4096 };
    static void *holes[MAX_HOLES];
    int nholes = 0;
    MEMORY_BASIC_INFORMATION mbi;
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev = NULL;
    IDirect3DTexture9 *tex = NULL;
    D3DLOCKED_RECT lr;
    HWND window;

    if (sizeof(void *) != 4)
        return; /* 64-bit: nothing to prove */
    d3d = Direct3DCreate9(D3D_SDK_VERSION);
    window = test_window(64, 64);
    CHECK(d3d != NULL, "Direct3DCreate9 returned NULL");
    for (uintptr_t p = 0x10000; p < 0x80000000u && nholes < MAX_HOLES; p = (uintptr_t)mbi.BaseAddress + mbi.RegionSize) {
        if (!VirtualQuery((void *)p, &mbi, sizeof(mbi)))
            break;
        if (mbi.State == MEM_FREE) {
            uintptr_t lo = ((uintptr_t)mbi.BaseAddress + 0xffff) & ~(uintptr_t)0xffff;
            uintptr_t hi = min((uintptr_t)mbi.BaseAddress + mbi.RegionSize, 0x80000000u) & ~(uintptr_t)0xffff;
            if (hi > lo && (holes[nholes] = VirtualAlloc((void *)lo, hi - lo, MEM_RESERVE, PAGE_NOACCESS)))
                nholes++;
        }
    }
    if (d3d && (dev = test_device(d3d, window, 0, 0))) {
        IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
        CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 256, 256, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex, NULL), D3D_OK);
        if (tex && SUCCEEDED(IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0))) {
            CHECK((uintptr_t)lr.pBits >= 0x80000000u, "the texture's copy is at %p, below 2 GiB", lr.pBits);
            for (int y = 0; y < 256; y++)
                for (int x = 0; x < 256; x++)
                    ((DWORD *)((BYTE *)lr.pBits + y * lr.Pitch))[x] = 0xff00ff00;
            IDirect3DTexture9_UnlockRect(tex, 0);
        }
        IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex);
        IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_TEX1);
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xffff0000, 1.0f, 0);
        IDirect3DDevice9_BeginScene(dev);
        {
            struct { float x, y, z, rhw, u, v; } q[4] = {
                {0, 0, 0, 1, 0, 0}, {32, 0, 0, 1, 1, 0}, {0, 32, 0, 1, 0, 1}, {32, 32, 0, 1, 1, 1}};
            CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])), D3D_OK);
        }
        IDirect3DDevice9_EndScene(dev);
        CHECK_PIXEL(dev, 8, 8, 0x00ff00, "the textured quad");
        CHECK_PIXEL(dev, 48, 48, 0xff0000, "the clear");
        CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
        if (tex)
            IDirect3DTexture9_Release(tex);
        CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
    }
    printf("# memory: %d ranges below 2 GiB reserved first\n", nholes);
    while (nholes)
        VirtualFree(holes[--nholes], 0, MEM_RELEASE);
    if (d3d)
        IDirect3D9_Release(d3d);
    DestroyWindow(window);
}

static const struct harness_test tests[] = {
    T(large_resources_return_to_start), T(available_texture_memory_counts_default_resources),
    T(available_texture_memory_constant_on_9ex),
    T(creation_logged),
    T(guest_memory_above_2gib),
};

int main(void)
{
    memstats = (memstats_fn)(void *)GetProcAddress(GetModuleHandleA("d3d9.dll"), "mtld3d_memstats");
    return RUN_TESTS(tests);
}
