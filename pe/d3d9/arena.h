/* Frame recording: records appended into 64 KiB chunks, handed to the
 * unix side once per Present (and at synchronous points). Appending is
 * a bump of a pointer in the fast case: no lock, no allocation once the
 * chunk pool has grown to a frame's size. */
#ifndef MTLD3D_ARENA_H
#define MTLD3D_ARENA_H

#include <stdint.h>
#include <windows.h>
#include "wire.h"

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
/* arena_record's path to a new chunk (arena.c). */
void *arena_record_next(struct arena *a, uint32_t type, uint32_t size);

/* Reserves a record of size bytes (rounded up to 8) with its header
 * filled in; NULL only if memory runs out. Inline: every recorded setter
 * comes here, and the common case is a bump of the position. */
static inline void *arena_record(struct arena *a, uint32_t type, uint32_t size)
{
    struct mtld3d_record_header *h;
    size = (size + 7) & ~7u;
    if (!a->cur || size > MTLD3D_CHUNK_SIZE - a->pos)
        return arena_record_next(a, type, size);
    h = (struct mtld3d_record_header *)(a->cur + a->pos);
    h->Type = type;
    h->Size = size;
    a->pos += size;
    return h;
}
/* Closes the frame: writes each chunk's used size and returns the chunk
 * count; arena_reset then starts a new frame in the same chunks. */
UINT arena_finish(struct arena *a);
void arena_reset(struct arena *a);

#endif
