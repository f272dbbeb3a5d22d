/* The vertical blank: GetRasterStatus and WaitForVBlank from a clock at the
 * display mode's refresh rate, started with the process. Its phase is not
 * the display's (Wine gives no scan-out position), but it moves as a
 * raster does: ScanLine runs from 0 to the mode's height - 1, then a blank
 * of about 5% of the frame (a reduced-blanking timing's share) reports
 * InVBlank with ScanLine 0, as D3DRASTER_STATUS says. */
#include "d3d9_private.h"

struct vblank_clock {
    LONGLONG ticks_per_frame; /* performance-counter ticks per refresh */
    LONGLONG phase;           /* ticks into the current frame */
    UINT lines;               /* visible lines */
    UINT total;               /* visible plus blank lines */
};

static LONGLONG vblank_origin;

static void vblank_clock(struct device *device, struct vblank_clock *c)
{
    D3DDISPLAYMODE mode = {0};
    LARGE_INTEGER freq, now;
    UINT refresh;

    d3d9_GetAdapterDisplayMode(&device->d3d9->iface, 0, &mode);
    refresh = mode.RefreshRate ? mode.RefreshRate : 60;
    c->lines = mode.Height ? mode.Height : 480;
    c->total = c->lines + (c->lines + 19) / 20;
    QueryPerformanceFrequency(&freq);
    QueryPerformanceCounter(&now);
    if (!vblank_origin)
        InterlockedCompareExchange64(&vblank_origin, now.QuadPart, 0);
    c->ticks_per_frame = freq.QuadPart / refresh;
    c->phase = (now.QuadPart - vblank_origin) % c->ticks_per_frame;
}

void vblank_status(struct device *device, D3DRASTER_STATUS *status)
{
    struct vblank_clock c;
    UINT line;

    vblank_clock(device, &c);
    line = (UINT)(c.phase * c.total / c.ticks_per_frame);
    status->InVBlank = line >= c.lines;
    status->ScanLine = status->InVBlank ? 0 : line;
}

/* Returns at the start of the next blank: sleeps for whole milliseconds,
 * then yields for the rest. */
void vblank_wait(struct device *device)
{
    struct vblank_clock c;
    LARGE_INTEGER freq, now, end;
    LONGLONG blank_start, left;

    vblank_clock(device, &c);
    QueryPerformanceFrequency(&freq);
    QueryPerformanceCounter(&now);
    blank_start = c.ticks_per_frame * c.lines / c.total;
    left = blank_start - c.phase;
    if (left <= 0)
        left += c.ticks_per_frame;
    end.QuadPart = now.QuadPart + left;
    if (left * 1000 / freq.QuadPart > 1)
        Sleep((DWORD)(left * 1000 / freq.QuadPart - 1));
    do {
        SwitchToThread();
        QueryPerformanceCounter(&now);
    } while (now.QuadPart < end.QuadPart);
}

/* Blanks begun by counter time at (0: now) since the clock started (the
 * refresh count D3DPRESENTSTATS counts in), and the counter time the last
 * of them began. */
UINT vblank_count(struct device *device, LONGLONG at, LARGE_INTEGER *last)
{
    struct vblank_clock c;
    LARGE_INTEGER now;
    LONGLONG blank_start, elapsed, n;

    vblank_clock(device, &c);
    QueryPerformanceCounter(&now);
    if (at)
        now.QuadPart = at;
    blank_start = c.ticks_per_frame * c.lines / c.total;
    elapsed = now.QuadPart - vblank_origin;
    if (elapsed < blank_start) {
        last->QuadPart = vblank_origin;
        return 0;
    }
    n = (elapsed - blank_start) / c.ticks_per_frame;
    last->QuadPart = vblank_origin + blank_start + n * c.ticks_per_frame;
    return (UINT)(n + 1);
}
