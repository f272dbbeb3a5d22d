/* Stand-ins for what a standalone build of Wine's d3d9 tests links
 * against: the __wine_dbg_* functions wine/debug.h declares (Wine's
 * ntdll exports them; a Windows-targeted build has no such import) and
 * the conformance runner's per-function hook. Our own file. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>

struct __wine_debug_channel;

int WINAPI __wine_dbg_write(const char *str, unsigned int len)
{
    return (int)fwrite(str, 1, len, stderr);
}

unsigned char __cdecl __wine_dbg_get_channel_flags(struct __wine_debug_channel *channel)
{
    (void)channel;
    return 0;
}

/* A ring of buffers, as Wine's own: the strings live until reused. */
const char * __cdecl __wine_dbg_strdup(const char *str)
{
    static char ring[32][1024];
    static LONG next;
    char *buf = ring[(InterlockedIncrement(&next) - 1) % 32];
    size_t n = strlen(str);

    if (n >= sizeof(ring[0])) n = sizeof(ring[0]) - 1;
    memcpy(buf, str, n);
    buf[n] = 0;
    return buf;
}

int __cdecl __wine_dbg_output(const char *str)
{
    return fputs(str, stderr);
}

int __cdecl __wine_dbg_header(int cls, struct __wine_debug_channel *channel, const char *function)
{
    (void)cls;
    (void)channel;
    (void)function;
    return 0;
}

int conformance_enter(int index, const char *name, long executed, long failures, long skipped)
{
    char buf[256];
    int start = 0;

    if (GetEnvironmentVariableA("CONFORMANCE_START", buf, sizeof(buf)))
        start = atoi(buf);
    if (index < start)
        return 0;
    if (GetEnvironmentVariableA("CONFORMANCE_ONLY", buf, sizeof(buf)) && strcmp(buf, name))
        return 0;
    fprintf(stderr, "conformance: enter %d %s %ld %ld %ld\n", index, name, executed, failures, skipped);
    fflush(stderr);
    return 1;
}
