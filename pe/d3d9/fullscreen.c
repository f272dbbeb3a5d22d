/* Fullscreen without a mode change. Wine on the Mac cannot change the
 * display mode, so a fullscreen swap chain turns its window into a
 * borderless one covering the monitor, the back buffer is scaled to it
 * when presented, and the adapter reports the requested mode as current
 * until the device goes windowed or away (what a game reads back after a
 * real mode change). */
#include "d3d9_private.h"
#include "swapchain.h"

void fullscreen_enter(struct swapchain *sc)
{
    HWND w = sc->window;
    MONITORINFO mi = {.cbSize = sizeof(mi)};
    D3DDISPLAYMODE mode = {sc->pp.BackBufferWidth, sc->pp.BackBufferHeight, sc->pp.FullScreen_RefreshRateInHz,
                           sc->pp.BackBufferFormat};
    if (!mode.RefreshRate)
        mode.RefreshRate = 60;
    if (mode.Format == D3DFMT_A8R8G8B8)
        mode.Format = D3DFMT_X8R8G8B8; /* a display has no alpha */
    mtld3d_proc.emulated_mode = mode;
    if (!w || !IsWindow(w))
        return;
    if (!sc->saved) {
        sc->saved_style = GetWindowLongW(w, GWL_STYLE);
        sc->saved_exstyle = GetWindowLongW(w, GWL_EXSTYLE);
        GetWindowRect(w, &sc->saved_rect);
        sc->saved = TRUE;
    }
    GetMonitorInfoW(MonitorFromWindow(w, MONITOR_DEFAULTTOPRIMARY), &mi);
    SetWindowLongW(w, GWL_STYLE, (sc->saved_style & ~(WS_OVERLAPPEDWINDOW | WS_DLGFRAME | WS_BORDER)) | WS_POPUP);
    SetWindowLongW(w, GWL_EXSTYLE, sc->saved_exstyle & ~(WS_EX_WINDOWEDGE | WS_EX_CLIENTEDGE | WS_EX_DLGMODALFRAME));
    SetWindowPos(w, HWND_TOP, mi.rcMonitor.left, mi.rcMonitor.top, mi.rcMonitor.right - mi.rcMonitor.left,
                 mi.rcMonitor.bottom - mi.rcMonitor.top, SWP_FRAMECHANGED | SWP_SHOWWINDOW | SWP_NOACTIVATE);
    TRACE("fullscreen %ux%u emulated on a borderless window", mode.Width, mode.Height);
}

void fullscreen_leave(struct swapchain *sc)
{
    HWND w = sc->window;
    memset(&mtld3d_proc.emulated_mode, 0, sizeof(mtld3d_proc.emulated_mode));
    if (!sc->saved)
        return;
    sc->saved = FALSE;
    if (!w || !IsWindow(w))
        return;
    SetWindowLongW(w, GWL_STYLE, sc->saved_style);
    SetWindowLongW(w, GWL_EXSTYLE, sc->saved_exstyle);
    SetWindowPos(w, NULL, sc->saved_rect.left, sc->saved_rect.top, sc->saved_rect.right - sc->saved_rect.left,
                 sc->saved_rect.bottom - sc->saved_rect.top, SWP_FRAMECHANGED | SWP_NOZORDER | SWP_NOACTIVATE);
}
