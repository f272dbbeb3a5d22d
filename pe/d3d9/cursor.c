/* The device cursor: SetCursorProperties turns an A8R8G8B8 surface into
 * a Win32 cursor, which ShowCursor shows in place of the window's once
 * there is one. */
#include "d3d9_private.h"

HRESULT WINAPI device_SetCursorProperties(IDirect3DDevice9Ex *iface, UINT hot_x, UINT hot_y, IDirect3DSurface9 *surface)
{
    struct device *device = device_impl(iface);
    D3DSURFACE_DESC desc;
    D3DLOCKED_RECT lr;
    BITMAPINFO bi = {0};
    ICONINFO ii = {0};
    void *bits = NULL;
    HCURSOR cursor;
    HDC dc;

    D3DDISPLAYMODE mode;

    if (!surface)
        return D3DERR_INVALIDCALL;
    IDirect3DSurface9_GetDesc(surface, &desc);
    /* The documentation's rules: A8R8G8B8, power-of-two sides no larger
     * than the display mode, the hot spot inside. */
    if (FAILED(d3d9_GetAdapterDisplayMode(&device->d3d9->iface, device->create.AdapterOrdinal, &mode)))
        return D3DERR_INVALIDCALL;
    if (desc.Format != D3DFMT_A8R8G8B8 || !desc.Width || !desc.Height || (desc.Width & (desc.Width - 1)) ||
        (desc.Height & (desc.Height - 1)) || desc.Width > mode.Width || desc.Height > mode.Height ||
        hot_x >= desc.Width || hot_y >= desc.Height)
        return D3DERR_INVALIDCALL;
    if (FAILED(IDirect3DSurface9_LockRect(surface, &lr, NULL, D3DLOCK_READONLY)))
        return D3DERR_INVALIDCALL;
    bi.bmiHeader.biSize = sizeof(bi.bmiHeader);
    bi.bmiHeader.biWidth = (LONG)desc.Width;
    bi.bmiHeader.biHeight = -(LONG)desc.Height; /* top-down, as the surface */
    bi.bmiHeader.biPlanes = 1;
    bi.bmiHeader.biBitCount = 32;
    bi.bmiHeader.biCompression = BI_RGB;
    dc = GetDC(NULL);
    ii.hbmColor = CreateDIBSection(dc, &bi, DIB_RGB_COLORS, &bits, NULL, 0);
    ReleaseDC(NULL, dc);
    if (ii.hbmColor && bits)
        for (UINT y = 0; y < desc.Height; y++)
            memcpy((BYTE *)bits + y * desc.Width * 4, (BYTE *)lr.pBits + y * lr.Pitch, desc.Width * 4);
    IDirect3DSurface9_UnlockRect(surface);
    if (!ii.hbmColor)
        return E_OUTOFMEMORY;
    /* With a 32-bit colour bitmap the mask is ignored but must exist. */
    ii.hbmMask = CreateBitmap((int)desc.Width, (int)desc.Height, 1, 1, NULL);
    ii.fIcon = FALSE;
    ii.xHotspot = hot_x;
    ii.yHotspot = hot_y;
    cursor = CreateIconIndirect(&ii);
    DeleteObject(ii.hbmColor);
    DeleteObject(ii.hbmMask);
    if (!cursor)
        return D3DERR_INVALIDCALL;
    device_lock(device);
    if (device->cursor)
        DestroyCursor(device->cursor);
    device->cursor = cursor;
    if (device->cursor_visible)
        SetCursor(cursor);
    device_unlock(device);
    return D3D_OK;
}

void WINAPI device_SetCursorPosition(IDirect3DDevice9Ex *iface, int x, int y, DWORD flags)
{
    (void)flags; /* D3DCURSOR_IMMEDIATE_UPDATE: every update is immediate here */
    if (device_impl(iface)->cursor_visible)
        SetCursorPos(x, y);
}

WINBOOL WINAPI device_ShowCursor(IDirect3DDevice9Ex *iface, WINBOOL show)
{
    struct device *device = device_impl(iface);
    BOOL old = device->cursor_visible;
    /* Without a cursor image there is nothing to show: it stays hidden
     * (Windows, Wine's test_cursor). */
    device->cursor_visible = show && device->cursor;
    if (device->cursor)
        SetCursor(show ? device->cursor : NULL);
    return old;
}
