/* Crash reports: a vectored exception handler sees a fatal exception on
 * any thread first (before the game's own handlers and Wine's), and sends
 * the unix side the fault, the registers, the stack as far as it walks,
 * the state of the device last created as d3d9.dll mirrors it and the
 * codes of its current frame's last records (CrashReport; the unix side
 * names them and flushes the log). It then lets the exception go on: the
 * game may handle it, else Wine's own handling follows. A few reports a
 * process at most, so a game that uses faults on purpose cannot flood
 * the log. */
#include <stdio.h>
#include "d3d9_private.h"
#include "device.h"
#include "resource.h"

#define MAX_REPORTS 3
#define MAX_FRAMES 24

static LONG reports;
static LONG reporting; /* a report is being written: the buffer is one */
static struct device *volatile watched;

void crash_watch(struct device *device) { watched = device; }

void crash_unwatch(struct device *device)
{
    InterlockedCompareExchangePointer((void *volatile *)&watched, NULL, device);
}

static BOOL fatal(DWORD code)
{
    switch (code) {
    case EXCEPTION_ACCESS_VIOLATION:
    case EXCEPTION_ILLEGAL_INSTRUCTION:
    case EXCEPTION_PRIV_INSTRUCTION:
    case EXCEPTION_INT_DIVIDE_BY_ZERO:
    case EXCEPTION_STACK_OVERFLOW:
    case EXCEPTION_IN_PAGE_ERROR:
    case EXCEPTION_ARRAY_BOUNDS_EXCEEDED:
    case EXCEPTION_NONCONTINUABLE_EXCEPTION:
        return TRUE;
    }
    return FALSE;
}

struct text {
    char *buf;
    size_t cap, len;
};

static void put(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct text *t, const char *fmt, ...)
{
    va_list ap;
    int n;
    if (t->len + 1 >= t->cap)
        return;
    va_start(ap, fmt);
    n = vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        t->len = min(t->len + (size_t)n, t->cap - 1);
}

/* An address as module+offset where a module holds it. */
static void put_where(struct text *t, ULONG_PTR addr)
{
    HMODULE m;
    char path[MAX_PATH];
    if (GetModuleHandleExA(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                           (const char *)addr, &m) &&
        GetModuleFileNameA(m, path, sizeof(path))) {
        const char *base = strrchr(path, '\\');
        put(t, "%#lx %s+%#lx", (unsigned long)addr, base ? base + 1 : path, (unsigned long)(addr - (ULONG_PTR)m));
    } else
        put(t, "%#lx", (unsigned long)addr);
}

/* GetCurrentThreadStackLimits (Windows 8, Wine): looked up, as the
 * headers we build with are Windows 7's. */
static void(WINAPI *stack_limits)(ULONG_PTR *low, ULONG_PTR *high);

/* Whether [p, p+n) lies in this thread's stack. */
static BOOL on_stack(ULONG_PTR p, size_t n)
{
    ULONG_PTR low = 0, high = 0;
    if (!stack_limits)
        return FALSE;
    stack_limits(&low, &high);
    return p >= low && p + n <= high && p + n > p;
}

static void put_stack(struct text *t, const CONTEXT *ctx)
{
#ifdef _WIN64
    CONTEXT c = *ctx;
    put(t, "registers: rip %#llx rsp %#llx rbp %#llx rax %#llx rcx %#llx rdx %#llx\nstack:\n",
        (unsigned long long)c.Rip, (unsigned long long)c.Rsp, (unsigned long long)c.Rbp, (unsigned long long)c.Rax,
        (unsigned long long)c.Rcx, (unsigned long long)c.Rdx);
    for (int i = 0; i < MAX_FRAMES && c.Rip; i++) {
        DWORD64 base, frame;
        void *data;
        RUNTIME_FUNCTION *f;
        put(t, "  #%d ", i);
        put_where(t, (ULONG_PTR)c.Rip);
        put(t, "\n");
        f = RtlLookupFunctionEntry(c.Rip, &base, NULL);
        if (!f) {
            /* A leaf: its return address is at the stack pointer. */
            if (!on_stack((ULONG_PTR)c.Rsp, 8))
                break;
            c.Rip = *(DWORD64 *)c.Rsp;
            c.Rsp += 8;
            continue;
        }
        RtlVirtualUnwind(UNW_FLAG_NHANDLER, base, c.Rip, f, &c, &data, &frame, NULL);
        if (!on_stack((ULONG_PTR)c.Rsp, 8))
            break;
    }
#else
    ULONG_PTR bp = ctx->Ebp;
    put(t, "registers: eip %#lx esp %#lx ebp %#lx eax %#lx ecx %#lx edx %#lx\nstack (frame pointers):\n",
        (unsigned long)ctx->Eip, (unsigned long)ctx->Esp, (unsigned long)ctx->Ebp, (unsigned long)ctx->Eax,
        (unsigned long)ctx->Ecx, (unsigned long)ctx->Edx);
    put(t, "  #0 ");
    put_where(t, ctx->Eip);
    put(t, "\n");
    for (int i = 1; i < MAX_FRAMES && on_stack(bp, 8) && !(bp & 3); i++) {
        ULONG_PTR next = ((ULONG_PTR *)bp)[0], ret = ((ULONG_PTR *)bp)[1];
        if (!ret)
            break;
        put(t, "  #%d ", i);
        put_where(t, ret);
        put(t, "\n");
        if (next <= bp)
            break;
        bp = next;
    }
#endif
}

/* The device as the guest mirrors it. */
static void put_device(struct text *t, struct device *d)
{
    const D3DVIEWPORT9 *vp = &d->state.viewport;
    UINT textures = 0;
    for (UINT i = 0; i < MAX_SAMPLERS; i++)
        textures += d->state.textures[i] != NULL;
    put(t, "device %u: frame %u, %s scene; vertex shader %u, pixel shader %u, FVF %#lx, declaration %s; ",
        (unsigned)d->unix_id, d->frame, d->in_scene ? "in a" : "outside a", d->state.vs ? (unsigned)d->state.vs->s.id : 0,
        d->state.ps ? (unsigned)d->state.ps->s.id : 0, (unsigned long)d->state.fvf, d->state.decl ? "set" : "none");
    if (d->rts[0])
        put(t, "render target 0 %ux%u format %#lx; ", d->rts[0]->desc.Width, d->rts[0]->desc.Height,
            (unsigned long)d->rts[0]->desc.Format);
    put(t, "viewport %lu,%lu %lux%lu; %u textures bound; the frame so far in %u record chunks\n", (unsigned long)vp->X,
        (unsigned long)vp->Y, (unsigned long)vp->Width, (unsigned long)vp->Height, textures, d->arena.used);
}

/* The codes of the last records of the frame's current chunk (and the
 * one before it), oldest first. */
static UINT last_records(struct device *d, uint32_t *codes, UINT max)
{
    struct arena *a = &d->arena;
    UINT n = 0;
    for (UINT k = a->used >= 2 ? a->used - 2 : 0; k < a->used; k++) {
        const BYTE *c = a->chunks[k];
        uint32_t end = k + 1 == a->used ? a->pos : ((const struct mtld3d_chunk_header *)c)->Used;
        for (uint32_t pos = sizeof(struct mtld3d_chunk_header); pos + 8 <= end && end <= MTLD3D_CHUNK_SIZE;) {
            const struct mtld3d_record_header *h = (const struct mtld3d_record_header *)(c + pos);
            if (h->Size < 8)
                break;
            if (n == max) {
                memmove(codes, codes + 1, (max - 1) * sizeof(*codes));
                n--;
            }
            codes[n++] = h->Type;
            pos += h->Size;
        }
    }
    return n;
}

static LONG CALLBACK crash_handler(EXCEPTION_POINTERS *ep)
{
    static struct mtld3d_crash_report_params p; /* large: not on a stack that may be overflowing */
    const EXCEPTION_RECORD *er = ep->ExceptionRecord;
    struct device *d = watched;
    struct text t;
    if (!fatal(er->ExceptionCode) || InterlockedIncrement(&reports) > MAX_REPORTS)
        return EXCEPTION_CONTINUE_SEARCH;
    /* Another thread faulting at the same time is not reported. */
    if (InterlockedExchange(&reporting, 1))
        return EXCEPTION_CONTINUE_SEARCH;
    memset(&p, 0, sizeof(p));
    t.buf = (char *)p.Text, t.cap = sizeof(p.Text), t.len = 0;
    put(&t, "exception %#lx on thread %lu at ", (unsigned long)er->ExceptionCode, (unsigned long)GetCurrentThreadId());
    put_where(&t, (ULONG_PTR)er->ExceptionAddress);
    if (er->ExceptionCode == EXCEPTION_ACCESS_VIOLATION && er->NumberParameters >= 2)
        put(&t, ", %s %#lx", er->ExceptionInformation[0] == 8 ? "executing" : er->ExceptionInformation[0] ? "writing" : "reading",
            (unsigned long)er->ExceptionInformation[1]);
    put(&t, " (first chance: the game may still handle it)\n");
    put_stack(&t, ep->ContextRecord);
    if (d) {
        put_device(&t, d);
        p.DeviceID = d->unix_id;
        p.NCodes = last_records(d, p.Codes, MTLD3D_CRASH_RECORDS);
    }
    p.Len = (uint32_t)t.len;
    mtld3d_call(MTLD3D_THUNK_CRASH_REPORT, &p);
    InterlockedExchange(&reporting, 0);
    return EXCEPTION_CONTINUE_SEARCH;
}

void crash_init(void)
{
    stack_limits = (void *)GetProcAddress(GetModuleHandleA("kernel32.dll"), "GetCurrentThreadStackLimits");
    AddVectoredExceptionHandler(0, crash_handler);
}
