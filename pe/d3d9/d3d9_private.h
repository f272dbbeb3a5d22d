/* Internals of d3d9.dll shared between its files. */
#ifndef MTLD3D_D3D9_PRIVATE_H
#define MTLD3D_D3D9_PRIVATE_H

#define COBJMACROS
#include <stdint.h>
#include <windows.h>
#include <d3d9.h>

#include "d3d9_vtbl.h"
#include "mtld3d.h"
#include "wire.h"
#include "mtld3d_formats.h"

#include "device.h"
#include "object.h"
#include "resource.h"
#include "memwatch.h"

#define D3D9_EXPORT __declspec(dllexport)

/* Process state from the Init thunk: adapter identity, log level and
 * the frame hotkey. */
struct mtld3d_process {
    uint32_t vendor_id, device_id, subsys_id, revision;
    uint64_t driver_version;
    char description[512];
    char driver[512];
    uint32_t log_level;
    /* debug.frame_hotkey (MTLD3D_HOTKEY_* bits, 0 for none) and whether
     * it was down at the last Present (swapchain.c, hotkey_dump). */
    uint32_t frame_hotkey;
    LONG hotkey_down;
    LUID adapter_luid; /* one per process, as the adapter is */
    /* The display mode a fullscreen device set. The Mac cannot change
     * modes for Wine, so the change is emulated: the adapter reports this
     * mode while it is set (Width 0: none). */
    D3DDISPLAYMODE emulated_mode;
};

extern struct mtld3d_process mtld3d_proc;

/* Runs the Init thunk once per load of d3d9.dll; FALSE if the unix
 * library cannot be reached. */
BOOL mtld3d_init(void);

/* CheckDeviceMultiSampleType's answer for the HAL device past its
 * argument checks: D3D_OK with the quality-level count in *levels (1
 * otherwise), D3DERR_NOTAVAILABLE, or D3DERR_INVALIDCALL for a type past
 * D3DMULTISAMPLE_16_SAMPLES. */
HRESULT caps_multisample_levels(D3DFORMAT format, D3DMULTISAMPLE_TYPE type, DWORD *levels);

/* One thunk call, its status turned into an HRESULT. */
HRESULT mtld3d_call(uint32_t code, void *params);
/* Crash reports (crash.c): the handler, installed once the unix side
 * answers, and the device whose state and records a report shows. */
struct device;
void crash_init(void);
void crash_watch(struct device *device);
void crash_unwatch(struct device *device);

/* printf-style line into the process's log file on the unix side. */
void mtld3d_log(uint32_t level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#define WARN(...) mtld3d_log(MTLD3D_LOG_WARN, __VA_ARGS__)
#define TRACE(...) mtld3d_log(MTLD3D_LOG_DEBUG, __VA_ARGS__)

/* The IDirect3D9(Ex) object. */
struct d3d9 {
    IDirect3D9Ex iface;
    LONG refcount;
    BOOL extended;
    UINT mode_count;
    D3DDISPLAYMODE *modes; /* 32 and 16 bpp modes, as Windows lists them */
    D3DFORMAT *mode_formats;
};

HRESULT d3d9_create(BOOL extended, struct d3d9 **out);

#endif
