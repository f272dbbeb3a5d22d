/* The one export of mtld3d.dll, the Wine builtin that reaches mtld3d.so. */
#ifndef MTLD3D_SHIM_H
#define MTLD3D_SHIM_H

#include <stdint.h>
#include <windows.h>

#ifdef MTLD3D_SHIM_BUILD
#define MTLD3D_SHIM_API __declspec(dllexport)
#else
#define MTLD3D_SHIM_API __declspec(dllimport)
#endif

/* cdecl, so one import library serves i686 without stdcall decoration.
 * Runs unix call `code` (an enum mtld3d_thunk) on `params`. Returns an
 * NTSTATUS: MTLD3D_STATUS_* from wire.h, or Wine's own failure if the
 * unix library could not be found. */
MTLD3D_SHIM_API int32_t __cdecl mtld3d_unix_call(uint32_t code, void *params);

/* Why the unix library is unreachable, as one line into buf (NUL
 * terminated, truncated to size): what this module is, what Wine answered
 * and, for every folder Wine searches for builtins (WINEDLLDIR0..n), the
 * builtin DLL and unix library it would take and whether each exists.
 * Returns the load status: 0 when the unix library is reachable. */
MTLD3D_SHIM_API int32_t __cdecl mtld3d_unix_describe(char *buf, uint32_t size);

#endif
