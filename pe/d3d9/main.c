/* d3d9.dll entry points: Direct3DCreate9(Ex), the D3DPERF family and the
 * other exports games link against, and the bridge to the unix side. */
#include <stdarg.h>
#include <stdio.h>

#include "d3d9_private.h"

struct mtld3d_process mtld3d_proc = {.log_level = MTLD3D_LOG_WARN};

static INIT_ONCE init_once = INIT_ONCE_STATIC_INIT;
static BOOL init_ok;

HRESULT mtld3d_call(uint32_t code, void *params)
{
    int32_t st = mtld3d_unix_call(code, params);
    switch (st) {
    case MTLD3D_STATUS_SUCCESS:
        return D3D_OK;
    case MTLD3D_STATUS_INVALID_PARAMETER:
    case MTLD3D_STATUS_INVALID_CODE:
        return D3DERR_INVALIDCALL;
    case MTLD3D_STATUS_NO_MEMORY:
        return E_OUTOFMEMORY;
    case MTLD3D_STATUS_NOT_IMPLEMENTED:
        return D3DERR_NOTAVAILABLE;
    default:
        return D3DERR_DRIVERINTERNALERROR;
    }
}

static void utf8(char *dst, size_t n, const WCHAR *src)
{
    if (!WideCharToMultiByte(CP_UTF8, 0, src, -1, dst, (int)n, NULL, NULL))
        dst[0] = 0;
}

typedef char *(CDECL *unix_name_fn)(const WCHAR *);

/* Without the unix side there is no logger: write one line ourselves into
 * the log the unix side would have opened, mtld3d-logs\<exe>-<pid>.log
 * beside the executable (the pid here is the Windows one), else in the
 * temporary folder. */
static void guest_log_line(const WCHAR *exe, const char *level, const char *text)
{
    WCHAR dir[MAX_PATH], path[MAX_PATH + 64], base[MAX_PATH];
    const WCHAR *name = exe;
    char line[4096];
    SYSTEMTIME t;
    HANDLE f = INVALID_HANDLE_VALUE;
    DWORD written;
    int attempt, n;

    for (const WCHAR *c = exe; *c; c++)
        if (*c == '\\' || *c == '/')
            name = c + 1;
    lstrcpynW(base, *name ? name : L"unknown", MAX_PATH);
    n = lstrlenW(base);
    if (n > 4 && !lstrcmpiW(base + n - 4, L".exe"))
        base[n - 4] = 0;
    for (attempt = 0; attempt < 2 && f == INVALID_HANDLE_VALUE; attempt++) {
        if (attempt == 0) {
            lstrcpynW(dir, exe, (int)(name - exe) + 1);
        } else if (!GetTempPathW(MAX_PATH, dir)) {
            break;
        }
        if (lstrlenW(dir) + 80 + lstrlenW(base) >= MAX_PATH)
            continue;
        lstrcatW(dir, L"mtld3d-logs");
        CreateDirectoryW(dir, NULL);
        wsprintfW(path, L"%s\\%s-%lu.log", dir, base, (unsigned long)GetCurrentProcessId());
        f = CreateFileW(path, FILE_APPEND_DATA, FILE_SHARE_READ | FILE_SHARE_WRITE, NULL, OPEN_ALWAYS, FILE_ATTRIBUTE_NORMAL, NULL);
    }
    GetSystemTime(&t);
    n = snprintf(line, sizeof(line), "%04u-%02u-%02uT%02u:%02u:%02u.%03uZ\t%s\td3d9.dll (%s): %s\n", t.wYear, t.wMonth, t.wDay, t.wHour,
                 t.wMinute, t.wSecond, t.wMilliseconds, level, sizeof(void *) == 8 ? "x86_64" : "i686", text);
    if (n > (int)sizeof(line) - 1)
        n = (int)sizeof(line) - 1, line[n - 1] = '\n';
    OutputDebugStringA(line);
    if (f == INVALID_HANDLE_VALUE)
        return;
    WriteFile(f, line, (DWORD)n, &written, NULL);
    CloseHandle(f);
}

static BOOL CALLBACK do_init(INIT_ONCE *once, void *param, void **ctx)
{
    /* Static: about 4 KiB, too much for a game thread's stack to be asked. */
    static struct mtld3d_init_params p;
    WCHAR exe[MAX_PATH];
    unix_name_fn unix_name;
    int32_t st;
    (void)once, (void)param, (void)ctx;

    memset(&p, 0, sizeof(p));
    p.GuestArch = sizeof(void *) == 8 ? MTLD3D_GUEST_ARCH_X86_64 : MTLD3D_GUEST_ARCH_I686;
    p.GuestPID = GetCurrentProcessId();
    if (GetModuleFileNameW(NULL, exe, MAX_PATH)) {
        utf8((char *)p.ExeWinPath, sizeof(p.ExeWinPath), exe);
        unix_name = (unix_name_fn)(void *)GetProcAddress(GetModuleHandleA("kernel32.dll"), "wine_get_unix_file_name");
        if (unix_name) {
            char *name = unix_name(exe);
            if (name) {
                lstrcpynA((char *)p.ExeUnixPath, name, sizeof(p.ExeUnixPath));
                HeapFree(GetProcessHeap(), 0, name);
            }
        }
    }
    GetEnvironmentVariableA("MTLD3D_CONFIG", (char *)p.ConfigString, sizeof(p.ConfigString));
    p.ConfigString[sizeof(p.ConfigString) - 1] = 0;

    p.WireHash = MTLD3D_WIRE_HASH;
    if ((st = mtld3d_unix_call(MTLD3D_THUNK_INIT, &p)) != MTLD3D_STATUS_SUCCESS) {
        static char why[3072];
        if (st == MTLD3D_STATUS_REVISION_MISMATCH)
            snprintf(why, sizeof(why),
                     "mtld3d.so and d3d9.dll come from different builds (wire %016llx, d3d9.dll's %016llx): install both from one "
                     "build (make install)",
                     (unsigned long long)p.WireHash, (unsigned long long)MTLD3D_WIRE_HASH);
        else if (mtld3d_unix_describe(why, sizeof(why)) == 0)
            snprintf(why, sizeof(why), "the unix library's Init call failed: status %#lx", (unsigned long)(uint32_t)st);
        if (!GetModuleFileNameW(NULL, exe, MAX_PATH))
            exe[0] = 0;
        guest_log_line(exe, "ERROR", why);
        return TRUE; /* init_ok stays FALSE */
    }
    mtld3d_proc.vendor_id = p.VendorID;
    mtld3d_proc.device_id = p.DeviceID;
    mtld3d_proc.subsys_id = p.SubSysID;
    mtld3d_proc.revision = p.Revision;
    mtld3d_proc.driver_version = p.DriverVersion;
    lstrcpynA(mtld3d_proc.description, (const char *)p.Description, sizeof(mtld3d_proc.description));
    lstrcpynA(mtld3d_proc.driver, (const char *)p.DriverName, sizeof(mtld3d_proc.driver));
    mtld3d_proc.log_level = p.GuestLogLevel;
    mtld3d_proc.frame_hotkey = p.FrameHotkey;
    AllocateLocallyUniqueId(&mtld3d_proc.adapter_luid);
    init_ok = TRUE;
    crash_init();
    return TRUE;
}

BOOL mtld3d_init(void)
{
    InitOnceExecuteOnce(&init_once, do_init, NULL, NULL);
    return init_ok;
}

void mtld3d_log(uint32_t level, const char *fmt, ...)
{
    struct mtld3d_log_params p;
    va_list ap;
    int n;

    if (level < mtld3d_proc.log_level || !init_ok)
        return;
    p.Level = level;
    va_start(ap, fmt);
    n = vsnprintf((char *)p.Text, sizeof(p.Text), fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    p.Len = (uint32_t)n < sizeof(p.Text) ? (uint32_t)n : sizeof(p.Text) - 1;
    mtld3d_unix_call(MTLD3D_THUNK_LOG, &p);
}

void mtld3d_stub_reached(LONG *once, const char *method)
{
    if (!InterlockedExchange(once, 1))
        WARN("%s is not implemented yet; returning an error", method);
}

D3D9_EXPORT IDirect3D9 *WINAPI Direct3DCreate9(UINT sdk_version)
{
    struct d3d9 *d3d9;
    if (!mtld3d_init())
        return NULL;
    TRACE("Direct3DCreate9(%u)", sdk_version);
    if (FAILED(d3d9_create(FALSE, &d3d9)))
        return NULL;
    return (IDirect3D9 *)&d3d9->iface;
}

D3D9_EXPORT HRESULT WINAPI Direct3DCreate9Ex(UINT sdk_version, IDirect3D9Ex **out)
{
    struct d3d9 *d3d9;
    HRESULT hr;
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    if (!mtld3d_init())
        return D3DERR_NOTAVAILABLE;
    TRACE("Direct3DCreate9Ex(%u)", sdk_version);
    if (FAILED(hr = d3d9_create(TRUE, &d3d9)))
        return hr;
    *out = &d3d9->iface;
    return D3D_OK;
}

/* Test-only export: drives the SelfTest thunk through the same status to
 * HRESULT mapping every other call uses. */
D3D9_EXPORT HRESULT WINAPI mtld3d_selftest(uint32_t mode, uint64_t in, uint64_t *out)
{
    struct mtld3d_self_test_params p = {.Mode = mode, .In = in};
    HRESULT hr;
    if (!mtld3d_init())
        return D3DERR_NOTAVAILABLE;
    hr = mtld3d_call(MTLD3D_THUNK_SELF_TEST, &p);
    if (out)
        *out = p.Out;
    return hr;
}

/* PIX markers: no profiler is attached, so they report that and do
 * nothing; games call them unconditionally. */
D3D9_EXPORT int WINAPI D3DPERF_BeginEvent(D3DCOLOR color, const WCHAR *name)
{
    (void)color, (void)name;
    return -1;
}
D3D9_EXPORT int WINAPI D3DPERF_EndEvent(void) { return -1; }
D3D9_EXPORT DWORD WINAPI D3DPERF_GetStatus(void) { return 0; }
D3D9_EXPORT BOOL WINAPI D3DPERF_QueryRepeatFrame(void) { return FALSE; }
D3D9_EXPORT void WINAPI D3DPERF_SetMarker(D3DCOLOR color, const WCHAR *name) { (void)color, (void)name; }
D3D9_EXPORT void WINAPI D3DPERF_SetOptions(DWORD options) { (void)options; }
D3D9_EXPORT void WINAPI D3DPERF_SetRegion(D3DCOLOR color, const WCHAR *name) { (void)color, (void)name; }

/* Debug-runtime controls: the retail runtime's answers. The shader
 * validator is validator.c. */
D3D9_EXPORT int WINAPI DebugSetLevel(void) { return 0; }
D3D9_EXPORT void WINAPI DebugSetMute(void) {}
D3D9_EXPORT void WINAPI PSGPError(void) {}
D3D9_EXPORT void WINAPI PSGPSampleTexture(void) {}

BOOL WINAPI DllMain(HINSTANCE inst, DWORD reason, void *reserved)
{
    (void)reserved;
    if (reason == DLL_PROCESS_ATTACH)
        DisableThreadLibraryCalls(inst);
    return TRUE;
}
