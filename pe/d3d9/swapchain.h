/* The implicit swap chain: its back buffers and presentation. */
#ifndef MTLD3D_SWAPCHAIN_H
#define MTLD3D_SWAPCHAIN_H

#include "d3d9_private.h"

#define MAX_BACKBUFFERS 30

struct swapchain {
    IDirect3DSwapChain9Ex iface;
    struct object obj;
    uint32_t id;
    struct device *device;
    D3DPRESENT_PARAMETERS pp;
    HWND window;
    struct surface *backbuffers[MAX_BACKBUFFERS];
    UINT present_count;
    /* GetPresentStats: the counter time of the last Present (the refresh
     * it shows at is worked out from it then: the next blank for a
     * synchronised interval, the current one for IMMEDIATE), and whether a
     * FLIPEX chain's statistics began since the last mode change (the
     * first call answers D3DERR_PRESENT_STATISTICS_DISJOINT). */
    LONGLONG present_time;
    BOOL stats_started;
    /* The front image: the client area of front_window at the last
     * Present (0x0 before any), which GetFrontBufferData places on the
     * screen. */
    UINT front_w, front_h;
    HWND front_window;
    D3DGAMMARAMP gamma;
    /* The window as it was before fullscreen made it borderless (saved
     * while fullscreen changed it). */
    BOOL saved;
    LONG saved_style, saved_exstyle;
    RECT saved_rect;
};

HRESULT swapchain_create(struct device *device, const D3DPRESENT_PARAMETERS *pp, HWND focus, BOOL implicit,
                         struct swapchain **out);
/* Replaces the back buffers for new present parameters (Reset). */
HRESULT swapchain_reset(struct swapchain *sc, const D3DPRESENT_PARAMETERS *pp);
struct surface *swapchain_backbuffer(struct swapchain *sc, UINT index);
/* Drops the device's hold; the swap chain goes when no game reference is
 * left. */
void swapchain_unbind(struct swapchain *sc);

/* An additional swap chain is gone: the device stops listing it. */
void device_forget_swapchain(struct device *device, struct swapchain *sc);

/* fullscreen.c: the emulated mode change (see there). */
void fullscreen_enter(struct swapchain *sc);
void fullscreen_leave(struct swapchain *sc);
/* The application lost (FALSE) or regained the foreground. */
void fullscreen_activate(struct swapchain *sc, BOOL active);

#endif
