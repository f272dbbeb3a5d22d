/* IDirect3D9(Ex) adapter queries: what a game asks before it makes a
 * device. */

#include "harness.h"

#include <d3d9.h>

static IDirect3D9 *create(void)
{
    IDirect3D9 *d3d = Direct3DCreate9(D3D_SDK_VERSION);
    CHECK(d3d != NULL, "Direct3DCreate9 returned NULL");
    return d3d;
}

TEST(create_and_release)
{
    IDirect3D9 *d3d = create();
    if (!d3d)
        return;
    CHECK_EQ_U(IDirect3D9_AddRef(d3d), 2);
    CHECK_EQ_U(IDirect3D9_Release(d3d), 1);
    CHECK_EQ_U(IDirect3D9_Release(d3d), 0);
}

TEST(query_interface)
{
    IDirect3D9 *d3d = create();
    void *p = (void *)1;
    if (!d3d)
        return;
    CHECK_HR(IDirect3D9_QueryInterface(d3d, &IID_IUnknown, &p), S_OK);
    CHECK(p == d3d, "IUnknown is the same object");
    IUnknown_Release((IUnknown *)p);
    /* A plain IDirect3D9 does not answer for IDirect3D9Ex. */
    CHECK_HR(IDirect3D9_QueryInterface(d3d, &IID_IDirect3D9Ex, &p), E_NOINTERFACE);
    CHECK(p == NULL, "failed QueryInterface clears the out pointer");
    CHECK_HR(IDirect3D9_QueryInterface(d3d, &IID_IDirect3DDevice9, &p), E_NOINTERFACE);
    CHECK_EQ_U(IDirect3D9_Release(d3d), 0);
}

TEST(adapter_count)
{
    IDirect3D9 *d3d = create();
    if (!d3d)
        return;
    CHECK_EQ_U(IDirect3D9_GetAdapterCount(d3d), 1);
    IDirect3D9_Release(d3d);
}

TEST(adapter_identifier)
{
    IDirect3D9 *d3d = create();
    D3DADAPTER_IDENTIFIER9 id;
    if (!d3d)
        return;
    memset(&id, 0xcc, sizeof(id));
    CHECK_HR(IDirect3D9_GetAdapterIdentifier(d3d, 0, 0, &id), D3D_OK);
    CHECK(strstr(id.Description, "mtld3d") != NULL, "description %s names mtld3d (is our d3d9.dll loaded?)", id.Description);
    CHECK_EQ_U(id.VendorId, 0x1002);
    CHECK_EQ_U(id.DeviceId, 0x67ef);
    CHECK(!strcmp(id.Driver, "mtld3d.dll"), "driver %s", id.Driver);
    CHECK(!strncmp(id.DeviceName, "\\\\.\\DISPLAY", 11), "device name %s", id.DeviceName);
    CHECK(id.DriverVersion.HighPart == (8 << 16 | 17) && id.DriverVersion.LowPart == (10 << 16 | 1404),
          "driver version %lx.%lx", id.DriverVersion.HighPart, id.DriverVersion.LowPart);
    CHECK_EQ_U(id.WHQLLevel, 0);
    CHECK_HR(IDirect3D9_GetAdapterIdentifier(d3d, 0, D3DENUM_WHQL_LEVEL, &id), D3D_OK);
    CHECK_EQ_U(id.WHQLLevel, 1);
    CHECK_HR(IDirect3D9_GetAdapterIdentifier(d3d, 1, 0, &id), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_GetAdapterIdentifier(d3d, 0, 0, NULL), D3DERR_INVALIDCALL);
    IDirect3D9_Release(d3d);
}

TEST(display_mode)
{
    IDirect3D9 *d3d = create();
    D3DDISPLAYMODE m;
    DEVMODEW dm = {.dmSize = sizeof(dm)};
    if (!d3d)
        return;
    CHECK_HR(IDirect3D9_GetAdapterDisplayMode(d3d, 0, &m), D3D_OK);
    EnumDisplaySettingsW(NULL, ENUM_CURRENT_SETTINGS, &dm);
    CHECK_EQ_U(m.Width, dm.dmPelsWidth);
    CHECK_EQ_U(m.Height, dm.dmPelsHeight);
    CHECK(m.Format == D3DFMT_X8R8G8B8, "format %u", m.Format);
    CHECK_HR(IDirect3D9_GetAdapterDisplayMode(d3d, 1, &m), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_GetAdapterDisplayMode(d3d, 0, NULL), D3DERR_INVALIDCALL);
    IDirect3D9_Release(d3d);
}

TEST(mode_enumeration)
{
    IDirect3D9 *d3d = create();
    D3DDISPLAYMODE m, cur;
    UINT n, i;
    BOOL found_current = FALSE;
    if (!d3d)
        return;
    n = IDirect3D9_GetAdapterModeCount(d3d, 0, D3DFMT_X8R8G8B8);
    CHECK(n > 0, "no X8R8G8B8 modes");
    IDirect3D9_GetAdapterDisplayMode(d3d, 0, &cur);
    for (i = 0; i < n; i++) {
        CHECK_HR(IDirect3D9_EnumAdapterModes(d3d, 0, D3DFMT_X8R8G8B8, i, &m), D3D_OK);
        CHECK(m.Format == D3DFMT_X8R8G8B8, "mode %u format %u", i, m.Format);
        CHECK(m.Width > 0 && m.Height > 0, "mode %u is %ux%u", i, m.Width, m.Height);
        if (m.Width == cur.Width && m.Height == cur.Height)
            found_current = TRUE;
    }
    CHECK(found_current, "the current mode %ux%u is among the %u listed", cur.Width, cur.Height, n);
    CHECK_HR(IDirect3D9_EnumAdapterModes(d3d, 0, D3DFMT_X8R8G8B8, n, &m), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_EnumAdapterModes(d3d, 1, D3DFMT_X8R8G8B8, 0, &m), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_EnumAdapterModes(d3d, 0, D3DFMT_X8R8G8B8, 0, NULL), D3DERR_INVALIDCALL);
    /* Formats a display cannot scan out list no modes. */
    CHECK_EQ_U(IDirect3D9_GetAdapterModeCount(d3d, 0, D3DFMT_A8R8G8B8), 0);
    CHECK_EQ_U(IDirect3D9_GetAdapterModeCount(d3d, 0, D3DFMT_UNKNOWN), 0);
    CHECK_EQ_U(IDirect3D9_GetAdapterModeCount(d3d, 1, D3DFMT_X8R8G8B8), 0);
    CHECK_HR(IDirect3D9_EnumAdapterModes(d3d, 0, D3DFMT_A8R8G8B8, 0, &m), D3DERR_INVALIDCALL);
    IDirect3D9_Release(d3d);
}

TEST(adapter_monitor)
{
    IDirect3D9 *d3d = create();
    if (!d3d)
        return;
    CHECK(IDirect3D9_GetAdapterMonitor(d3d, 0) == MonitorFromPoint((POINT){0, 0}, MONITOR_DEFAULTTOPRIMARY),
          "adapter 0 is the primary monitor");
    CHECK(IDirect3D9_GetAdapterMonitor(d3d, 1) == NULL, "no second adapter");
    IDirect3D9_Release(d3d);
}

TEST(ex_queries)
{
    IDirect3D9Ex *ex = NULL;
    D3DDISPLAYMODEFILTER f = {.Size = sizeof(f), .Format = D3DFMT_X8R8G8B8, .ScanLineOrdering = D3DSCANLINEORDERING_PROGRESSIVE};
    D3DDISPLAYMODEEX m = {.Size = sizeof(m)};
    D3DDISPLAYROTATION rot = 99;
    LUID a, b;
    UINT n;
    void *p;
    CHECK_HR(Direct3DCreate9Ex(D3D_SDK_VERSION, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(Direct3DCreate9Ex(D3D_SDK_VERSION, &ex), D3D_OK);
    if (!ex)
        return;
    CHECK_HR(IDirect3D9Ex_QueryInterface(ex, &IID_IDirect3D9Ex, &p), S_OK);
    IUnknown_Release((IUnknown *)p);
    n = IDirect3D9Ex_GetAdapterModeCountEx(ex, 0, &f);
    CHECK(n == IDirect3D9Ex_GetAdapterModeCount(ex, 0, D3DFMT_X8R8G8B8), "Ex count %u matches", n);
    CHECK_HR(IDirect3D9Ex_EnumAdapterModesEx(ex, 0, &f, 0, &m), D3D_OK);
    CHECK(m.ScanLineOrdering == D3DSCANLINEORDERING_PROGRESSIVE, "scanline %u", m.ScanLineOrdering);
    m.Size = 0;
    CHECK_HR(IDirect3D9Ex_EnumAdapterModesEx(ex, 0, &f, 0, &m), D3DERR_INVALIDCALL);
    m.Size = sizeof(m);
    CHECK_HR(IDirect3D9Ex_GetAdapterDisplayModeEx(ex, 0, &m, &rot), D3D_OK);
    CHECK(rot == D3DDISPLAYROTATION_IDENTITY, "rotation %u", rot);
    CHECK_HR(IDirect3D9Ex_GetAdapterLUID(ex, 0, &a), D3D_OK);
    CHECK_HR(IDirect3D9Ex_GetAdapterLUID(ex, 0, &b), D3D_OK);
    CHECK(a.LowPart == b.LowPart && a.HighPart == b.HighPart, "LUID is stable");
    CHECK_HR(IDirect3D9Ex_GetAdapterLUID(ex, 1, &a), D3DERR_INVALIDCALL);
    f.Size = 0;
    CHECK_EQ_U(IDirect3D9Ex_GetAdapterModeCountEx(ex, 0, &f), 0);
    CHECK_EQ_U(IDirect3D9Ex_Release(ex), 0);
}

TEST(unbuilt_methods_fail_cleanly)
{
    /* Methods the next issue builds must still answer with an error, not
     * crash, when a game reaches them early. */
    IDirect3D9 *d3d = create();
    IDirect3DDevice9 *dev = (void *)1;
    D3DPRESENT_PARAMETERS pp = {0};
    if (!d3d)
        return;
    HRESULT hr = IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, NULL, 0, &pp, &dev);
    CHECK(FAILED(hr), "CreateDevice returned %#lx", (unsigned long)hr);
    IDirect3D9_Release(d3d);
}

static const struct harness_test tests[] = {
    T(create_and_release), T(query_interface), T(adapter_count), T(adapter_identifier), T(display_mode),
    T(mode_enumeration), T(adapter_monitor), T(ex_queries), T(unbuilt_methods_fail_cleanly),
};

int main(void)
{
    return RUN_TESTS(tests);
}
