/* The guest's address-space watch (memwatch.h). */
#include <stdio.h>
#include <string.h>

#include "d3d9_private.h"

#define STEP (256ull << 20)
#define WARN_AT (3584ull << 20) /* 3.5 GiB */
#define REARM_AT (3328ull << 20)
#define TICKS_PER_WALK 64       /* submits between walks when our holders are steady */
#define MOVED_FOR_WALK (32 << 20) /* our holders' change that walks at once */

static volatile LONG64 held[MEM_HOLDER_COUNT];
static const char *const holder_names[MEM_HOLDER_COUNT] = {
    "record arenas", "resource copies", "retired copies (awaiting submit)", "lockable surface copies", "frame blobs (UP data)",
};
static SRWLOCK walk_lock = SRWLOCK_INIT;
static uint64_t last_step = ~0ull, last_total;
static LONG ticks;
static BOOL warned;

void memwatch_add(enum mem_holder h, int64_t delta)
{
    InterlockedExchangeAdd64(&held[h], delta);
}

SIZE_T memwatch_block_size(const void *p)
{
    MEMORY_BASIC_INFORMATION mbi;
    SIZE_T size = 0;
    const BYTE *q = p;
    /* A block may span several regions (pages of different protection). */
    while (VirtualQuery(q, &mbi, sizeof(mbi)) && mbi.AllocationBase == p && mbi.State == MEM_COMMIT) {
        size += mbi.RegionSize;
        q += mbi.RegionSize;
    }
    return size;
}

static uint64_t held_total(void)
{
    uint64_t t = 0;
    for (int i = 0; i < MEM_HOLDER_COUNT; i++)
        t += (uint64_t)held[i];
    return t;
}

uint64_t memwatch_held(void) { return held_total(); }

void memwatch_stats(struct memwatch_stats *s)
{
    MEMORY_BASIC_INFORMATION mbi;
    SYSTEM_INFO si;
    const BYTE *p;

    memset(s, 0, sizeof(*s));
    for (int i = 0; i < MEM_HOLDER_COUNT; i++)
        s->held[i] = (uint64_t)held[i];
    GetSystemInfo(&si);
    for (p = si.lpMinimumApplicationAddress; p < (const BYTE *)si.lpMaximumApplicationAddress; p += mbi.RegionSize) {
        if (!VirtualQuery(p, &mbi, sizeof(mbi)) || !mbi.RegionSize)
            break;
        if (mbi.State == MEM_COMMIT)
            s->committed += mbi.RegionSize;
        else if (mbi.State == MEM_RESERVE)
            s->reserved += mbi.RegionSize;
        else if (mbi.State == MEM_FREE && mbi.RegionSize > s->largest_free)
            s->largest_free = mbi.RegionSize;
        if ((const BYTE *)mbi.BaseAddress + mbi.RegionSize < p)
            break; /* wrapped */
    }
}

#define MIB(x) ((unsigned long)((x) >> 20))

static void log_usage(uint32_t level, const char *why, const struct memwatch_stats *s)
{
    mtld3d_log(level, "address space (%s): %lu MiB used (%lu committed, %lu reserved), largest free %lu MiB; d3d9.dll holds %lu MiB: "
                      "arenas %lu, resources %lu, retired %lu, surfaces %lu, blobs %lu (KiB)",
               why, MIB(s->committed + s->reserved), MIB(s->committed), MIB(s->reserved), MIB(s->largest_free),
               MIB(held_total()), (unsigned long)(s->held[MEM_ARENA] >> 10), (unsigned long)(s->held[MEM_RESOURCE] >> 10),
               (unsigned long)(s->held[MEM_RETIRED] >> 10), (unsigned long)(s->held[MEM_SURFACE] >> 10),
               (unsigned long)(s->held[MEM_BLOB] >> 10));
}

/* The 3.5 GiB warning: the holders, largest first. */
static void warn_holders(const struct memwatch_stats *s)
{
    char text[512];
    int order[MEM_HOLDER_COUNT], n = 0;
    for (int i = 0; i < MEM_HOLDER_COUNT; i++) {
        int j = n++;
        for (; j > 0 && s->held[order[j - 1]] < s->held[i]; j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    text[0] = 0;
    for (int i = 0; i < n; i++) {
        size_t len = strlen(text);
        snprintf(text + len, sizeof(text) - len, "%s%s %lu MiB", i ? ", " : "", holder_names[order[i]], MIB(s->held[order[i]]));
    }
    WARN("32-bit address space nearly full: %lu MiB of 4096 used, largest free range %lu MiB; d3d9.dll's holders: %s; "
         "the rest is the game, its DLLs and Wine",
         MIB(s->committed + s->reserved), MIB(s->largest_free), text);
}

static void walk(const char *why, BOOL always)
{
    struct memwatch_stats s;
    uint64_t used, step;

    AcquireSRWLockExclusive(&walk_lock);
    memwatch_stats(&s);
    last_total = held_total();
    used = s.committed + s.reserved;
    step = used / STEP;
    if (always || step != last_step)
        log_usage(MTLD3D_LOG_INFO, always ? why : step > last_step ? "grew past a 256 MiB step" : "shrank past a 256 MiB step", &s);
    last_step = step;
    if (sizeof(void *) == 4) {
        if (used >= WARN_AT && !warned) {
            warn_holders(&s);
            warned = TRUE;
        } else if (used < REARM_AT) {
            warned = FALSE;
        }
    }
    ReleaseSRWLockExclusive(&walk_lock);
}

void memwatch_device_created(UINT device_id)
{
    char why[48];
    snprintf(why, sizeof(why), "device %u created", device_id);
    walk(why, TRUE);
}

void memwatch_tick(void)
{
    int64_t moved = (int64_t)(held_total() - last_total);
    if (InterlockedIncrement(&ticks) % TICKS_PER_WALK == 0 || moved >= MOVED_FOR_WALK || moved <= -MOVED_FOR_WALK)
        walk("", FALSE);
}

/* Test-only export: the watch's figures (tests/programs/memory.c). */
D3D9_EXPORT void WINAPI mtld3d_memstats(uint64_t *held_bytes, uint64_t *committed, uint64_t *reserved)
{
    struct memwatch_stats s;
    memwatch_stats(&s);
    if (held_bytes)
        *held_bytes = held_total();
    if (committed)
        *committed = s.committed;
    if (reserved)
        *reserved = s.reserved;
}
