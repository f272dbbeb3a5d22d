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
    printf("# memory: held %lu -> peak %lu -> %lu MiB; committed %lu -> %lu MiB, reserved %lu -> %lu MiB (%d-bit)\n",
           MIB(start.held), MIB(peak), MIB(end.held), MIB(start.committed), MIB(end.committed), MIB(start.reserved),
           MIB(end.reserved), (int)sizeof(void *) * 8);
    CHECK(end.held == start.held, "d3d9.dll holds %llu bytes after the resources went, %llu before", (unsigned long long)end.held,
          (unsigned long long)start.held);
    CHECK(end.committed + end.reserved <= start.committed + start.reserved + (32ull << 20),
          "address space used grew from %lu to %lu MiB", MIB(start.committed + start.reserved), MIB(end.committed + end.reserved));
    test_teardown(&c);
}

/* The watch's line at device creation is in the process log. */
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

static const struct harness_test tests[] = {
    T(large_resources_return_to_start),
    T(creation_logged),
};

int main(void)
{
    memstats = (memstats_fn)(void *)GetProcAddress(GetModuleHandleA("d3d9.dll"), "mtld3d_memstats");
    return RUN_TESTS(tests);
}
