// The per-thread stack-bound cache installed over runtime/cgo's hook (see
// main.go). A thread's stack does not move, so asking once is enough.
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <pthread.h>
#include <stdint.h>

static __thread uintptr_t cached_lo, cached_hi;
static __thread int cached;

void mtld3d_getstackbound(uintptr_t bounds[2])
{
    if (!cached) {
        void *addr = 0;
        size_t size = 0;
#if defined(__APPLE__)
        pthread_t self = pthread_self();
        size = pthread_get_stacksize_np(self);
        addr = (char *)pthread_get_stackaddr_np(self) - size;
#elif defined(__GLIBC__)
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        if (pthread_getattr_np(pthread_self(), &attr) == 0)
            pthread_attr_getstack(&attr, &addr, &size);
        pthread_attr_destroy(&attr);
#endif
        cached_lo = (uintptr_t)addr;
        cached_hi = (uintptr_t)addr + size;
        cached = 1;
    }
    bounds[0] = cached_lo;
    bounds[1] = cached_hi;
}
