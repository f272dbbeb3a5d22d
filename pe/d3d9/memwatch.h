/* The guest's address-space watch. A 32-bit game has 4 GiB (2 without
 * LARGEADDRESSAWARE) for itself, its DLLs and what d3d9.dll keeps: record
 * arenas and the guest copies of resources. The watch counts what we
 * allocate by holder, walks the address space (committed and reserved
 * bytes, the largest free range) at device creation and when usage may
 * have moved, logs each 256 MiB step crossed, and at 3.5 GiB warns with
 * the holders, largest first. */
#ifndef MTLD3D_MEMWATCH_H
#define MTLD3D_MEMWATCH_H

#include <stdint.h>
#include <windows.h>

enum mem_holder {
    MEM_ARENA,    /* 64 KiB record chunks (arena.c) */
    MEM_RESOURCE, /* live guest copies of buffers, textures, shader code (resmem_alloc) */
    MEM_RETIRED,  /* renamed copies kept until the frame naming them is submitted */
    MEM_SURFACE,  /* lockable surfaces' copies (surface.c) */
    MEM_BLOB,     /* per-frame copies of large UP draw data (device_blob) */
    MEM_HOLDER_COUNT
};

struct memwatch_stats {
    uint64_t held[MEM_HOLDER_COUNT]; /* what each holder has now */
    uint64_t committed, reserved;    /* the whole process, from a VirtualQuery walk */
    uint64_t largest_free;           /* the largest free range below the top of user space */
};

/* Counts delta bytes (negative on free) for a holder. */
void memwatch_add(enum mem_holder h, int64_t delta);
/* The committed size of the VirtualAlloc block at p, or 0. */
SIZE_T memwatch_block_size(const void *p);
/* What every holder has now, together. */
uint64_t memwatch_held(void);
/* Walks the address space into s (held is filled too). */
void memwatch_stats(struct memwatch_stats *s);
/* At device creation: logs the usage. */
void memwatch_device_created(UINT device_id);
/* After each submit: walks and logs when usage may have crossed a step. */
void memwatch_tick(void);

#endif
