/* Force-included (gcc -include) before each of Wine's d3d9 test files when
 * the conformance runner builds them standalone with mingw-w64. Our own
 * file: empty definitions of the Wine-only macros Wine's headers use, and
 * the hook the runner's rewritten START_TEST calls before each test
 * function (see conformance/build.go). */
#ifndef MTLD3D_CONFORMANCE_STANDALONE_H
#define MTLD3D_CONFORMANCE_STANDALONE_H

#ifndef DECLSPEC_EXPORT
#define DECLSPEC_EXPORT
#endif
#ifndef __WINE_ALLOC_SIZE
#define __WINE_ALLOC_SIZE(...)
#endif
#ifndef __WINE_MALLOC
#define __WINE_MALLOC
#endif
#ifndef __WINE_DEALLOC
#define __WINE_DEALLOC(...)
#endif

/* wine/test.h uses the console API; d3d9ex.c includes it before any
 * header that brings wincon.h. None of these declares COM interfaces, so
 * a file's own COBJMACROS still takes effect. */
#include <windef.h>
#include <winbase.h>
#include <wingdi.h>
#include <wincon.h>

/* conformance_enter prints "conformance: enter <index> <name> <executed>
 * <failures> <skipped>" (the counts so far) when the function runs, and
 * returns whether it does: those from CONFORMANCE_START (an index) on,
 * and only the one CONFORMANCE_ONLY names when that is set. */
int conformance_enter(int index, const char *name, long executed, long failures, long skipped);

/* Used inside START_TEST, where test.h's counters are in scope. */
#define CONFORMANCE_ENTER(index, name) \
    conformance_enter(index, name, \
        (long)(successes + failures + flaky_failures + todo_successes + todo_failures), \
        (long)(failures + todo_failures), (long)skipped)

#endif
