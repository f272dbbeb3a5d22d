/* The focus window of a fullscreen device. While a device is fullscreen
 * d3d9 subclasses its focus window (GetWindowLongPtr shows another
 * window procedure, as on Windows) to see the application lose and regain
 * the foreground: WM_ACTIVATEAPP. Losing it loses a plain device
 * (TestCooperativeLevel answers D3DERR_DEVICELOST, then
 * D3DERR_DEVICENOTRESET once the application is active again) and
 * occludes an Ex device; either way the fullscreen window is minimized
 * with its own styles back, and covers the monitor again on return. The
 * window procedure may run on another thread than the device's: the
 * table is locked and the device's state is changed atomically. */
#include "d3d9_private.h"
#include "swapchain.h"

#define MAX_FOCUS_WINDOWS 16

struct focus_entry {
    HWND window;
    struct device *device;
    WNDPROC proc; /* the procedure we replaced */
    BOOL unicode;
};

static struct focus_entry focus_table[MAX_FOCUS_WINDOWS];
static SRWLOCK focus_lock = SRWLOCK_INIT;

static struct focus_entry *find(HWND window)
{
    for (UINT i = 0; i < MAX_FOCUS_WINDOWS; i++)
        if (focus_table[i].window == window)
            return &focus_table[i];
    return NULL;
}

/* Puts the replaced procedure back if ours is still the window's (a
 * procedure installed after ours stays; ours then passes everything on
 * until the window goes) and forgets the window. */
static void unhook(struct focus_entry *e);

static LRESULT CALLBACK focus_proc(HWND window, UINT msg, WPARAM wparam, LPARAM lparam)
{
    struct focus_entry *e;
    struct device *device = NULL;
    WNDPROC proc;
    BOOL unicode;

    AcquireSRWLockExclusive(&focus_lock);
    if (!(e = find(window))) {
        ReleaseSRWLockExclusive(&focus_lock);
        /* Not ours any more and nothing to pass to: the default. */
        return IsWindowUnicode(window) ? DefWindowProcW(window, msg, wparam, lparam)
                                       : DefWindowProcA(window, msg, wparam, lparam);
    }
    proc = e->proc;
    unicode = e->unicode;
    if (msg == WM_ACTIVATEAPP)
        device = e->device;
    else if (msg == WM_DESTROY)
        unhook(e);
    else if (msg == WM_NCDESTROY)
        memset(e, 0, sizeof(*e)); /* the window's last message */
    ReleaseSRWLockExclusive(&focus_lock);

    if (device)
        device_activate(device, !!wparam);
    return unicode ? CallWindowProcW(proc, window, msg, wparam, lparam)
                   : CallWindowProcA(proc, window, msg, wparam, lparam);
}

static void unhook(struct focus_entry *e)
{
    if (IsWindow(e->window)) {
        LONG_PTR cur = e->unicode ? GetWindowLongPtrW(e->window, GWLP_WNDPROC)
                                  : GetWindowLongPtrA(e->window, GWLP_WNDPROC);
        if (cur == (LONG_PTR)focus_proc) {
            if (e->unicode)
                SetWindowLongPtrW(e->window, GWLP_WNDPROC, (LONG_PTR)e->proc);
            else
                SetWindowLongPtrA(e->window, GWLP_WNDPROC, (LONG_PTR)e->proc);
        } else {
            /* Someone subclassed after us: keep passing messages on. */
            e->device = NULL;
            return;
        }
    }
    memset(e, 0, sizeof(*e));
}

void focus_acquire(struct device *device, HWND window)
{
    struct focus_entry *e;
    if (!window || !IsWindow(window))
        return;
    AcquireSRWLockExclusive(&focus_lock);
    if ((e = find(window))) {
        /* The newest fullscreen device on a window hears its messages. */
        e->device = device;
    } else if ((e = find(NULL))) {
        e->window = window;
        e->device = device;
        e->unicode = IsWindowUnicode(window);
        e->proc = (WNDPROC)(e->unicode ? SetWindowLongPtrW(window, GWLP_WNDPROC, (LONG_PTR)focus_proc)
                                       : SetWindowLongPtrA(window, GWLP_WNDPROC, (LONG_PTR)focus_proc));
        if (!e->proc)
            memset(e, 0, sizeof(*e));
    } else {
        WARN("more than %u focus windows: %p is not watched", MAX_FOCUS_WINDOWS, (void *)window);
    }
    ReleaseSRWLockExclusive(&focus_lock);
}

void focus_release(struct device *device)
{
    AcquireSRWLockExclusive(&focus_lock);
    for (UINT i = 0; i < MAX_FOCUS_WINDOWS; i++)
        if (focus_table[i].window && focus_table[i].device == device)
            unhook(&focus_table[i]);
    ReleaseSRWLockExclusive(&focus_lock);
}
