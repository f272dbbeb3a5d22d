/* mtld3d.dll: a Wine builtin (marked at file offset 0x40 by the build)
 * whose unix library is mtld3d.so. It finds the library's call table the
 * way Wine's own builtins do and forwards calls, bounds-checking the code
 * because Wine's dispatcher does not. */
#define MTLD3D_SHIM_BUILD
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "mtld3d.h"
#include "wire.h"

typedef uint64_t unixlib_handle_t;
typedef LONG(WINAPI *query_vm_fn)(HANDLE, const void *, int, void *, SIZE_T, SIZE_T *);
typedef LONG(WINAPI *dispatcher_fn)(unixlib_handle_t, unsigned int, void *);

enum { MEMORY_WINE_UNIX_FUNCS = 1000 }; /* MemoryWineUnixFuncs in Wine 8 */

static unixlib_handle_t unixlib;
static dispatcher_fn *dispatcher;
static int32_t load_status = MTLD3D_STATUS_NOT_INITIALIZED;
static HINSTANCE self_module;
static const char *load_step = "DllMain did not run";

static void find_unixlib(HINSTANCE self)
{
    HMODULE ntdll = GetModuleHandleA("ntdll.dll");
    query_vm_fn query = (query_vm_fn)(void *)GetProcAddress(ntdll, "NtQueryVirtualMemory");
    dispatcher = (dispatcher_fn *)(void *)GetProcAddress(ntdll, "__wine_unix_call_dispatcher");
    self_module = self;
    if (!query || !dispatcher) {
        load_step = "ntdll exports no __wine_unix_call_dispatcher (not Wine, or a Wine without unix calls)";
        return;
    }
    load_status = query(GetCurrentProcess(), self, MEMORY_WINE_UNIX_FUNCS, &unixlib, sizeof(unixlib), NULL);
    load_step = "NtQueryVirtualMemory(MemoryWineUnixFuncs)";
    if (load_status != 0)
        unixlib = 0;
}

/* Appends printf output to buf at *len, never past size. */
static void add(char *buf, uint32_t size, uint32_t *len, const char *fmt, ...)
{
    va_list ap;
    int n;
    if (*len + 1 >= size)
        return;
    va_start(ap, fmt);
    n = vsnprintf(buf + *len, size - *len, fmt, ap);
    va_end(ap);
    if (n > 0)
        *len = *len + (uint32_t)n < size ? *len + (uint32_t)n : size - 1;
}

static const char *status_meaning(int32_t st)
{
    switch ((uint32_t)st) {
    case 0xC0000135u:
        return "STATUS_DLL_NOT_FOUND: Wine found no unix library for this module: mtld3d.so missing from <dir>/<arch>-unix beside the "
               "<dir>/<arch>-windows/mtld3d.dll it loaded, a .so of another architecture or one that failed to load, "
               "or mtld3d.dll was loaded as a native DLL instead of from a builtin folder";
    case 0xC0000139u:
        return "STATUS_ENTRYPOINT_NOT_FOUND: the unix library lacks __wine_unix_call_funcs";
    case 0xC0000003u:
        return "STATUS_INVALID_INFO_CLASS: this Wine has no MemoryWineUnixFuncs (older or newer than Wine 8's interface)";
    }
    return "unexpected status";
}

/* The Win32 path of a WINEDLLDIRn value ("\??\Z:\usr\lib\wine"). */
static const char *dos_dir(const char *v)
{
    return strncmp(v, "\\??\\", 4) == 0 ? v + 4 : v;
}

static const char *exists(const char *dir, const char *sub, const char *name)
{
    char path[MAX_PATH * 2];
    snprintf(path, sizeof(path), "%s\\%s\\%s", dir, sub, name);
    return GetFileAttributesA(path) == INVALID_FILE_ATTRIBUTES ? "missing" : "present";
}

int32_t __cdecl mtld3d_unix_describe(char *buf, uint32_t size)
{
    char path[MAX_PATH], name[32], dir[MAX_PATH * 2];
    const char *arch = sizeof(void *) == 8 ? "x86_64" : "i386";
    uint32_t len = 0;
    int i;

    if (!buf || !size)
        return unixlib ? 0 : load_status;
    buf[0] = 0;
    if (unixlib) {
        add(buf, size, &len, "mtld3d.so reached through %s", load_step);
        return 0;
    }
    if (!self_module || !GetModuleFileNameA(self_module, path, sizeof(path)))
        lstrcpynA(path, "?", sizeof(path));
    add(buf, size, &len, "mtld3d.so (%s) unreachable: %s mtld3d.dll %s; %s returned 0x%08lx (%s). Wine searches for the builtin:",
        arch, arch, path, load_step, (unsigned long)(uint32_t)load_status,
        load_status == MTLD3D_STATUS_NOT_INITIALIZED ? "never asked" : status_meaning(load_status));
    for (i = 0; i < 16; i++) {
        snprintf(name, sizeof(name), "WINEDLLDIR%d", i);
        if (!GetEnvironmentVariableA(name, dir, sizeof(dir)))
            break;
        add(buf, size, &len, "%s %s\\%s-windows\\mtld3d.dll %s, %s-unix\\mtld3d.so %s", i ? ";" : "", dos_dir(dir), arch,
            exists(dos_dir(dir), sizeof(void *) == 8 ? "x86_64-windows" : "i386-windows", "mtld3d.dll"), arch,
            exists(dos_dir(dir), sizeof(void *) == 8 ? "x86_64-unix" : "i386-unix", "mtld3d.so"));
        if (sizeof(void *) == 4) /* new-style WoW64 serves 32-bit modules from the 64-bit library */
            add(buf, size, &len, ", x86_64-unix\\mtld3d.so %s", exists(dos_dir(dir), "x86_64-unix", "mtld3d.so"));
    }
    if (i == 0)
        add(buf, size, &len, " (no WINEDLLDIR0 in the environment: not Wine, or Wine's layout is not the expected one)");
    add(buf, size, &len, ". WINEDLLPATH=%s", GetEnvironmentVariableA("WINEDLLPATH", dir, sizeof(dir)) ? dir : "(unset)");
    return load_status;
}

BOOL WINAPI DllMain(HINSTANCE inst, DWORD reason, void *reserved)
{
    (void)reserved;
    if (reason == DLL_PROCESS_ATTACH) {
        HMODULE pinned;
        DisableThreadLibraryCalls(inst);
        /* The unix library runs a Go runtime, which cannot be unloaded:
         * keep this module (and so the .so) for the life of the process. */
        GetModuleHandleExW(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_PIN,
                           (LPCWSTR)(void *)find_unixlib, &pinned);
        find_unixlib(inst);
    }
    return TRUE;
}

int32_t __cdecl mtld3d_unix_call(uint32_t code, void *params)
{
    if (!unixlib)
        return load_status ? load_status : MTLD3D_STATUS_NOT_INITIALIZED;
    if (code >= MTLD3D_THUNK_COUNT)
        return MTLD3D_STATUS_INVALID_CODE;
    return (*dispatcher)(unixlib, code, params);
}
