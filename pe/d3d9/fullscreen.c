/* Fullscreen without a mode change. Wine on the Mac cannot change the
 * display mode, so a fullscreen swap chain turns its window into a
 * borderless one covering the monitor, the back buffer is scaled to it
 * when presented, and the adapter reports the requested mode as current
 * while the device is fullscreen and active (what a game reads back after
 * a real mode change).
 *
 * The window follows what Windows 10 does to a fullscreen device window:
 * the WS_OVERLAPPEDWINDOW and WS_EX_OVERLAPPEDWINDOW bits go (Wine's tests
 * accept this as w1064v1809's behaviour; older Windows kept the frame,
 * which emulation cannot), the window covers the monitor, and a plain
 * device also shows it and makes it topmost; an Ex device does neither.
 * Going windowed gives the styles back (keeping WS_VISIBLE, and
 * WS_EX_TOPMOST, which SetWindowLong cannot clear) and, for a plain
 * device, the old position; an Ex device leaves the window where it is.
 * Losing the foreground gives the styles back and minimizes the window;
 * regaining it covers the monitor again. D3DCREATE_NOWINDOWCHANGES leaves
 * the window alone throughout. */
#include "d3d9_private.h"
#include "swapchain.h"

static void set_mode(struct swapchain *sc)
{
    D3DDISPLAYMODE mode = {sc->pp.BackBufferWidth, sc->pp.BackBufferHeight, sc->pp.FullScreen_RefreshRateInHz,
                           sc->pp.BackBufferFormat};
    if (!mode.RefreshRate)
        mode.RefreshRate = 60;
    if (mode.Format == D3DFMT_A8R8G8B8)
        mode.Format = D3DFMT_X8R8G8B8; /* a display has no alpha */
    mtld3d_proc.emulated_mode = mode;
}

static void clear_mode(void)
{
    memset(&mtld3d_proc.emulated_mode, 0, sizeof(mtld3d_proc.emulated_mode));
}

/* Whether fullscreen may change the swap chain's window. */
static BOOL may_change(struct swapchain *sc)
{
    return sc->window && IsWindow(sc->window) &&
           !(sc->device->create.BehaviorFlags & D3DCREATE_NOWINDOWCHANGES);
}

/* Borderless over the monitor; shown, active and topmost when show is set. */
static void cover_monitor(struct swapchain *sc, BOOL show)
{
    HWND w = sc->window;
    MONITORINFO mi = {.cbSize = sizeof(mi)};
    UINT flags = SWP_FRAMECHANGED;
    GetMonitorInfoW(MonitorFromWindow(w, MONITOR_DEFAULTTOPRIMARY), &mi);
    SetWindowLongW(w, GWL_STYLE, GetWindowLongW(w, GWL_STYLE) & ~WS_OVERLAPPEDWINDOW);
    SetWindowLongW(w, GWL_EXSTYLE, GetWindowLongW(w, GWL_EXSTYLE) & ~WS_EX_OVERLAPPEDWINDOW);
    /* Going fullscreen activates the window, shown or not (the
     * application gets WM_ACTIVATEAPP), as on Windows. */
    flags |= show ? SWP_SHOWWINDOW : SWP_NOZORDER;
    SetWindowPos(w, show ? HWND_TOPMOST : NULL, mi.rcMonitor.left, mi.rcMonitor.top,
                 mi.rcMonitor.right - mi.rcMonitor.left, mi.rcMonitor.bottom - mi.rcMonitor.top, flags);
}

/* The styles saved at fullscreen entry, keeping whether the window is
 * shown now. */
static void restore_styles(struct swapchain *sc)
{
    HWND w = sc->window;
    LONG keep = GetWindowLongW(w, GWL_STYLE) & WS_VISIBLE;
    SetWindowLongW(w, GWL_STYLE, (sc->saved_style & ~WS_VISIBLE) | keep);
    SetWindowLongW(w, GWL_EXSTYLE, sc->saved_exstyle);
}

void fullscreen_enter(struct swapchain *sc)
{
    HWND w = sc->window;
    set_mode(sc);
    if (!may_change(sc))
        return;
    if (!sc->saved) {
        sc->saved_style = GetWindowLongW(w, GWL_STYLE);
        sc->saved_exstyle = GetWindowLongW(w, GWL_EXSTYLE);
        GetWindowRect(w, &sc->saved_rect);
        sc->saved = TRUE;
    }
    cover_monitor(sc, !sc->device->extended);
    TRACE("fullscreen %ux%u emulated on a borderless window", sc->pp.BackBufferWidth, sc->pp.BackBufferHeight);
}

void fullscreen_leave(struct swapchain *sc)
{
    HWND w = sc->window;
    const RECT *r = &sc->saved_rect;
    clear_mode();
    if (!sc->saved)
        return;
    sc->saved = FALSE;
    if (!w || !IsWindow(w))
        return;
    restore_styles(sc);
    if (sc->device->extended)
        SetWindowPos(w, NULL, 0, 0, 0, 0,
                     SWP_FRAMECHANGED | SWP_NOMOVE | SWP_NOSIZE | SWP_NOZORDER | SWP_NOACTIVATE);
    else
        SetWindowPos(w, NULL, r->left, r->top, r->right - r->left, r->bottom - r->top,
                     SWP_FRAMECHANGED | SWP_NOZORDER | SWP_NOACTIVATE);
}

void fullscreen_activate(struct swapchain *sc, BOOL active)
{
    if (active)
        set_mode(sc);
    else
        clear_mode(); /* Windows gives the desktop its mode back */
    if (!sc->saved || !may_change(sc))
        return;
    if (active) {
        SetWindowLongW(sc->window, GWL_STYLE, GetWindowLongW(sc->window, GWL_STYLE) & ~WS_OVERLAPPEDWINDOW);
        SetWindowLongW(sc->window, GWL_EXSTYLE, GetWindowLongW(sc->window, GWL_EXSTYLE) & ~WS_EX_OVERLAPPEDWINDOW);
        SetWindowPos(sc->window, NULL, 0, 0, 0, 0,
                     SWP_FRAMECHANGED | SWP_NOMOVE | SWP_NOSIZE | SWP_NOZORDER | SWP_NOACTIVATE);
        return;
    }
    restore_styles(sc);
    SetWindowPos(sc->window, NULL, 0, 0, 0, 0,
                 SWP_FRAMECHANGED | SWP_NOMOVE | SWP_NOSIZE | SWP_NOZORDER | SWP_NOACTIVATE);
    if (IsWindowVisible(sc->window))
        ShowWindow(sc->window, SW_MINIMIZE);
}
