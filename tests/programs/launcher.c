/* What game launchers do: load d3d9.dll, create, release, unload, and
 * again. Nothing of ours may keep running in an unmapped image. */
#include "harness.h"

#include <d3d9.h>
#include <tlhelp32.h>

typedef IDirect3D9 *(WINAPI *create9_fn)(UINT);

static int thread_count(void)
{
    HANDLE snap = CreateToolhelp32Snapshot(TH32CS_SNAPTHREAD, 0);
    THREADENTRY32 te = {.dwSize = sizeof(te)};
    int n = 0;
    if (snap == INVALID_HANDLE_VALUE)
        return -1;
    if (Thread32First(snap, &te))
        do
            n += te.th32OwnerProcessID == GetCurrentProcessId();
        while (Thread32Next(snap, &te));
    CloseHandle(snap);
    return n;
}

TEST(load_create_release_unload_twice)
{
    int before = thread_count();
    for (int round = 0; round < 2; round++) {
        HMODULE m = LoadLibraryA("d3d9.dll");
        D3DADAPTER_IDENTIFIER9 id;
        CHECK(m != NULL, "round %d: LoadLibrary failed: %lu", round, GetLastError());
        if (!m)
            return;
        CHECK(GetProcAddress(m, "mtld3d_selftest") != NULL, "round %d: the d3d9.dll loaded is not ours", round);
        create9_fn create = (create9_fn)(void *)GetProcAddress(m, "Direct3DCreate9");
        CHECK(create != NULL, "no Direct3DCreate9 export");
        if (!create)
            return;
        IDirect3D9 *d3d = create(D3D_SDK_VERSION);
        CHECK(d3d != NULL, "round %d: Direct3DCreate9 returned NULL", round);
        if (d3d) {
            CHECK_HR(IDirect3D9_GetAdapterIdentifier(d3d, 0, 0, &id), D3D_OK);
            CHECK_EQ_U(IDirect3D9_Release(d3d), 0);
        }
        CHECK(FreeLibrary(m), "round %d: FreeLibrary failed", round);
        CHECK(GetModuleHandleA("d3d9.dll") == NULL, "round %d: d3d9.dll is still mapped", round);
    }
    Sleep(200);
    CHECK(thread_count() == before, "threads before %d, after %d", before, thread_count());
}

TEST(exports_games_link_against)
{
    static const char *names[] = {
        "Direct3DCreate9", "Direct3DCreate9Ex", "D3DPERF_BeginEvent", "D3DPERF_EndEvent",
        "D3DPERF_GetStatus", "D3DPERF_QueryRepeatFrame", "D3DPERF_SetMarker", "D3DPERF_SetOptions",
        "D3DPERF_SetRegion", "DebugSetLevel", "DebugSetMute", "Direct3DShaderValidatorCreate9",
        "PSGPError", "PSGPSampleTexture",
    };
    HMODULE m = LoadLibraryA("d3d9.dll");
    CHECK(m != NULL, "LoadLibrary failed");
    if (!m)
        return;
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        CHECK(GetProcAddress(m, names[i]) != NULL, "d3d9.dll lacks %s", names[i]);
    typedef int(WINAPI * begin_fn)(D3DCOLOR, const WCHAR *);
    typedef DWORD(WINAPI * status_fn)(void);
    begin_fn begin = (begin_fn)(void *)GetProcAddress(m, "D3DPERF_BeginEvent");
    status_fn status = (status_fn)(void *)GetProcAddress(m, "D3DPERF_GetStatus");
    if (begin && status) {
        CHECK(begin(0, L"frame") == -1, "no profiler: BeginEvent reports -1");
        CHECK(status() == 0, "no profiler attached");
    }
    FreeLibrary(m);
}

static const struct harness_test tests[] = {
    T(load_create_release_unload_twice),
    T(exports_games_link_against),
};

int main(void)
{
    return RUN_TESTS(tests);
}
