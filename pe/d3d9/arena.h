/* Frame recording: records appended into 64 KiB chunks, handed to the
 * unix side once per Present (and at synchronous points). Appending is
 * a bump of a pointer in the fast case: no lock, no allocation once the
 * chunk pool has grown to a frame's size. */
#ifndef MTLD3D_ARENA_H
#define MTLD3D_ARENA_H

#include <stdint.h>
#include <windows.h>

struct arena {
    BYTE **chunks;     /* the pool; chunks[0..used] hold this frame */
    uint64_t *addrs;   /* the same chunks as wire addresses, for the submit */
    UINT count, capacity;
    UINT used;         /* chunks in use this frame, the last being current */
    BYTE *cur;         /* current chunk */
    uint32_t pos;      /* bytes used in the current chunk */
};

BOOL arena_init(struct arena *a);
void arena_free(struct arena *a);
/* Reserves a record of size bytes (rounded up to 8) with its header
 * filled in; NULL only if memory runs out. */
void *arena_record(struct arena *a, uint32_t type, uint32_t size);
/* Closes the frame: writes each chunk's used size and returns the chunk
 * count; arena_reset then starts a new frame in the same chunks. */
UINT arena_finish(struct arena *a);
void arena_reset(struct arena *a);

#endif
