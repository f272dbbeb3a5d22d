/* The device: IDirect3DDevice9(Ex). device.c holds creation, reference
 * counting, Reset, Present and the hand-off to the unix side; state.c the
 * setters and getters; draws and resource creation live with their
 * objects. */
#ifndef MTLD3D_DEVICE_H
#define MTLD3D_DEVICE_H

#include <stdint.h>
#include <windows.h>
#include <d3d9.h>

#include "arena.h"
#include "state.h"

enum device_status {
    DEVICE_OK,
    DEVICE_LOST,      /* TestCooperativeLevel: D3DERR_DEVICELOST, Reset refused */
    DEVICE_NOT_RESET, /* TestCooperativeLevel: D3DERR_DEVICENOTRESET */
};

struct d3d9;
struct surface;
struct swapchain;
struct stateblock;

/* The records of the submit being recorded that name a resource's guest
 * memory: a lock that would change bytes one names copies them first
 * (copy on write), so the memory keeps its address and nothing is
 * flushed. One list per resource, its nodes in the device, all dropped at
 * each submit (a list is live while its submit is the device's). */
struct named_rec {
    void *rec;  /* the record */
    UINT next;  /* the next node's index + 1; 0 ends */
};
struct named_list {
    UINT head;   /* the newest node's index + 1; 0: none */
    UINT submit; /* device->submits when head was set */
};

#define MAX_EXTRA_SWAPCHAINS 16

struct device {
    IDirect3DDevice9Ex iface;
    LONG refcount;
    struct d3d9 *d3d9;
    BOOL extended;
    uint32_t unix_id;
    D3DDEVICE_CREATION_PARAMETERS create;
    BOOL multithreaded;
    CRITICAL_SECTION cs;
    struct arena arena;
    /* Float constants changed since the last draw, per stage (0 vertex,
     * 1 pixel): registers [lo, hi), empty when lo >= hi. */
    struct { UINT lo, hi; } const_f_dirty[2];
    /* Transforms changed since the last draw: a bit per index, and a bit
     * per word of transform_dirty that has any set (state.c). */
    uint32_t transform_dirty[MAX_TRANSFORMS / 32];
    uint32_t transform_dirty_words;
    LONG next_id;
    struct swapchain *swapchain; /* the implicit swap chain */
    struct swapchain *extra[MAX_EXTRA_SWAPCHAINS]; /* CreateAdditionalSwapChain's, NULL when gone */
    struct surface *rts[MAX_RTS];
    struct surface *ds;
    struct surface *auto_ds; /* EnableAutoDepthStencil's surface */
    struct d3d9_state state;
    struct vs_limits vs_const; /* the vertex constants this device takes */
    /* A mixed device in hardware mode refused a draw with the bound
     * vertex shader, which needs software processing (draw.c). */
    BOOL vs_sw_refused;
    struct vdecl **fvf_decls; /* declarations SetFVF stands for, one per FVF, kept for the device's life */
    UINT fvf_decl_count;
    struct stateblock *recording; /* BeginStateBlock..EndStateBlock */
    BOOL in_scene;
    /* DEVICE_OK, or lost: focus loss of a fullscreen plain device, or a
     * failed Reset. Written by the focus window's procedure too. */
    LONG status;
    LONG occluded; /* an Ex device's fullscreen window is in the background */
    UINT default_pool_objects; /* Reset refuses while any live */
    ULONGLONG vidmem;          /* their bytes (object_count_default) */
    UINT mapped_writes;        /* buffers with a lock open that may write (buffer_record_mapped) */
    UINT evict_epoch;          /* EvictManagedResources calls: managed textures bound later upload again */
    UINT frame;
    UINT submits; /* device_flush calls so far: records name guest memory until their submit */
    UINT handover_at; /* arena chunks past which device_unlock offers the frame (device_handover) */
    DWORD max_frame_latency;
    INT gpu_thread_priority;
    BOOL dialog_mode; /* SetDialogBoxMode(TRUE): a Reset to fullscreen must allow GDI dialogs */
    PALETTEENTRY (*palettes)[256]; /* SetPaletteEntries' palettes, by number */
    BOOL *palette_set;
    UINT palette_count;
    HCURSOR cursor;      /* from SetCursorProperties, or NULL */
    BOOL cursor_visible; /* ShowCursor's state */
    void **blobs; /* guest memory records point at, freed after the next submit */
    UINT blob_count, blob_capacity;
    struct named_rec *named; /* records naming resource memory, this submit (struct named_list) */
    UINT named_count, named_capacity;
};

static inline struct device *device_impl(IDirect3DDevice9Ex *iface)
{
    return CONTAINING_RECORD(iface, struct device, iface);
}

static inline IDirect3DDevice9 *device_iface(struct device *device)
{
    return (IDirect3DDevice9 *)&device->iface;
}

void device_addref_internal(struct device *device);
void device_release_internal(struct device *device);
uint32_t device_new_id(struct device *device);

/* Appends a record to the current frame (see arena.h). */
static inline void *device_record(struct device *device, uint32_t type, uint32_t size)
{
    return arena_record(&device->arena, type, size);
}

/* Hands what is recorded so far to the unix side without presenting:
 * before a readback, a query that waits, Reset and release. */
HRESULT device_flush(struct device *device);

/* A frame with no Present yet (a loading screen, a huge frame) past this
 * many chunks (4 MiB), about to grow the arena, is offered to the unix
 * side in a part (device_handover), so the arena reuses its chunks and
 * stays bounded (a 32-bit game's address space) however long the frame.
 * Smaller frames grow the pool, which later frames reuse: a fresh chunk's
 * page faults (30-50 us under Wine here) are paid once, while a part
 * handed over costs its copy on the game's thread inside the frame
 * (about 20 us a chunk of small records) and replays beside the game on
 * a 2-core machine; bench-api's long variant measured no gain at 16. */
#define HANDOVER_CHUNKS 64
/* Offers what is recorded to the unix side if it can take it without
 * waiting (SubmitNoWait), as device_flush hands it over. */
void device_handover(struct device *device);

/* The device lock, taken only under D3DCREATE_MULTITHREADED. */
static inline void device_lock(struct device *device)
{
    if (device->multithreaded)
        EnterCriticalSection(&device->cs);
}
/* A call ends here, every record it made whole, so this is where a long
 * frame is offered in parts: a call across at most once per chunk of a
 * frame outgrowing the pool, none in a frame that fits it. */
static inline void device_unlock(struct device *device)
{
    if (device->arena.used > device->handover_at && device->arena.used == device->arena.count)
        device_handover(device);
    if (device->multithreaded)
        LeaveCriticalSection(&device->cs);
}

/* vblank.c: the vertical-blank clock GetRasterStatus and WaitForVBlank read. */
void vblank_status(struct device *device, D3DRASTER_STATUS *status);
void vblank_wait(struct device *device);
UINT vblank_count(struct device *device, LONGLONG at, LARGE_INTEGER *last);
/* Memory a record may point at until the frame is submitted. */
void *device_blob(struct device *device, SIZE_T size);
/* Notes that rec, just recorded, names l's resource's memory. Out of
 * memory it submits the frame instead (nothing then names the memory). */
void device_name(struct device *device, struct named_list *l, void *rec);
/* The first node of l's list this submit, as an index + 1 (0: none);
 * device->named[i - 1].next walks on. */
static inline UINT device_named(const struct device *device, const struct named_list *l)
{
    return l->submit == device->submits ? l->head : 0;
}
/* Points the record of the node *link names at a copy of the n bytes it
 * names, so they may change, and unlinks the node; FALSE when out of
 * memory, after submitting the frame (which ends every list). */
BOOL device_copy_named(struct device *device, UINT *link, SIZE_T n);

/* The default state and the state records a device starts with. */
void state_init(struct device *device);
/* Allocates and frees a state's vertex constant store (device->vs_const
 * counts of each), zeroed; state_init and Reset keep it. */
BOOL state_alloc_vs_consts(struct d3d9_state *s, const struct vs_limits *l);
void state_free_vs_consts(struct d3d9_state *s);
void state_cleanup(struct device *device);
/* Sets the viewport and scissor to cover render target 0. */
void state_reset_viewport(struct device *device);

/* AMD's RESZ (D3DRS_POINTSIZE set to MTLD3D_RESZ_CODE): records the copy
 * of the current depth-stencil surface into the depth texture bound to
 * sampler 0, when both exist and have one size. The device is locked. */
void device_resz(struct device *device);

/* focus.c: the focus window's procedure while the device is fullscreen. */
void focus_acquire(struct device *device, HWND window);
void focus_release(struct device *device);
/* The application lost (FALSE) or regained the foreground. */
void device_activate(struct device *device, BOOL active);

/* Checks and completes present parameters (CreateDevice, Reset). */
HRESULT device_check_present_params(D3DPRESENT_PARAMETERS *pp, HWND focus, BOOL extended);
/* Flushes, then copies rows of bytes of what the unix side holds under id
 * (a surface, or a swap chain's front buffer) into dst. */
HRESULT device_read(struct device *device, uint32_t id, UINT rows, UINT bytes, BYTE *dst, UINT pitch);
/* device_read of a whole surface in its own format. */
HRESULT device_read_surface(struct device *device, struct surface *src, BYTE *dst, UINT pitch);

#endif
