/* mtld3d.dll: a Wine builtin (marked at file offset 0x40 by the build)
 * whose unix library is mtld3d.so. It finds the library's call table the
 * way Wine's own builtins do and forwards calls, bounds-checking the code
 * because Wine's dispatcher does not. */
#define MTLD3D_SHIM_BUILD
#include "mtld3d.h"
#include "wire.h"

typedef uint64_t unixlib_handle_t;
typedef LONG(WINAPI *query_vm_fn)(HANDLE, const void *, int, void *, SIZE_T, SIZE_T *);
typedef LONG(WINAPI *dispatcher_fn)(unixlib_handle_t, unsigned int, void *);

enum { MEMORY_WINE_UNIX_FUNCS = 1000 }; /* MemoryWineUnixFuncs in Wine 8 */

static unixlib_handle_t unixlib;
static dispatcher_fn *dispatcher;
static int32_t load_status = MTLD3D_STATUS_NOT_INITIALIZED;

static void find_unixlib(HINSTANCE self)
{
    HMODULE ntdll = GetModuleHandleA("ntdll.dll");
    query_vm_fn query = (query_vm_fn)(void *)GetProcAddress(ntdll, "NtQueryVirtualMemory");
    dispatcher = (dispatcher_fn *)(void *)GetProcAddress(ntdll, "__wine_unix_call_dispatcher");
    if (!query || !dispatcher)
        return; /* not Wine, or a Wine without unix calls */
    load_status = query(GetCurrentProcess(), self, MEMORY_WINE_UNIX_FUNCS, &unixlib, sizeof(unixlib), NULL);
    if (load_status != 0)
        unixlib = 0;
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
