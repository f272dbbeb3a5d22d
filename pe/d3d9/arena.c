/* Chunked record arena (arena.h). Chunks come from VirtualAlloc so they
 * are page-aligned guest memory the unix side can read directly. */
#include "d3d9_private.h"

#define CHUNK MTLD3D_CHUNK_SIZE

BOOL arena_init(struct arena *a)
{
    memset(a, 0, sizeof(*a));
    arena_reset(a);
    return a->cur != NULL;
}

static BOOL grow(struct arena *a)
{
    if (a->count == a->capacity) {
        UINT cap = a->capacity ? a->capacity * 2 : 8;
        BYTE **c = HeapAlloc(GetProcessHeap(), 0, cap * sizeof(*c));
        uint64_t *ad = HeapAlloc(GetProcessHeap(), 0, cap * sizeof(*ad));
        if (!c || !ad) {
            HeapFree(GetProcessHeap(), 0, c);
            HeapFree(GetProcessHeap(), 0, ad);
            return FALSE;
        }
        if (a->count) {
            memcpy(c, a->chunks, a->count * sizeof(*c));
            memcpy(ad, a->addrs, a->count * sizeof(*ad));
        }
        HeapFree(GetProcessHeap(), 0, a->chunks);
        HeapFree(GetProcessHeap(), 0, a->addrs);
        a->chunks = c;
        a->addrs = ad;
        a->capacity = cap;
    }
    BYTE *chunk = VirtualAlloc(NULL, CHUNK, MEM_COMMIT | MEM_RESERVE, PAGE_READWRITE);
    if (!chunk)
        return FALSE;
    memwatch_add(MEM_ARENA, CHUNK);
    a->chunks[a->count] = chunk;
    a->addrs[a->count] = (uint64_t)(uintptr_t)chunk;
    a->count++;
    return TRUE;
}

/* Moves to the next chunk, growing the pool when a frame outgrows it. */
static BOOL next_chunk(struct arena *a)
{
    if (a->cur) {
        /* Pad the rest so the reader sees the chunk's true end. */
        ((struct mtld3d_chunk_header *)a->cur)->Used = a->pos;
    }
    if (a->used == a->count && !grow(a))
        return FALSE;
    a->cur = a->chunks[a->used++];
    a->pos = sizeof(struct mtld3d_chunk_header);
    return TRUE;
}

void *arena_record_next(struct arena *a, uint32_t type, uint32_t size)
{
    struct mtld3d_record_header *h;
    if (size > CHUNK - sizeof(struct mtld3d_chunk_header))
        return NULL; /* large payloads travel by pointer, not inline */
    if (!next_chunk(a))
        return NULL;
    h = (struct mtld3d_record_header *)(a->cur + a->pos);
    h->Type = type;
    h->Size = size;
    a->pos += size;
    return h;
}

UINT arena_finish(struct arena *a)
{
    if (!a->cur)
        return 0;
    ((struct mtld3d_chunk_header *)a->cur)->Used = a->pos;
    return a->used;
}

void arena_reset(struct arena *a)
{
    a->used = 0;
    a->cur = NULL;
    a->pos = 0;
    next_chunk(a);
}

void arena_free(struct arena *a)
{
    for (UINT i = 0; i < a->count; i++)
        VirtualFree(a->chunks[i], 0, MEM_RELEASE);
    memwatch_add(MEM_ARENA, -(int64_t)a->count * CHUNK);
    HeapFree(GetProcessHeap(), 0, a->chunks);
    HeapFree(GetProcessHeap(), 0, a->addrs);
    memset(a, 0, sizeof(*a));
}
