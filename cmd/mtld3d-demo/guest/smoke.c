/* The demo's first guest program: what a game asks d3d9.dll before it
 * makes a device. It prints each answer. */
#define COBJMACROS
#include <stdio.h>
#include <windows.h>
#include <initguid.h>
#include <d3d9.h>

int main(void)
{
    IDirect3D9Ex *ex = NULL;
    IDirect3D9 *d3d = Direct3DCreate9(D3D_SDK_VERSION);
    D3DADAPTER_IDENTIFIER9 id;
    D3DDISPLAYMODE mode;
    LUID luid;
    HRESULT hr;

    if (!d3d) {
        printf("Direct3DCreate9 failed: is mtld3d installed in this prefix?\n");
        return 1;
    }
    printf("Direct3DCreate9: ok, %u adapter(s)\n", IDirect3D9_GetAdapterCount(d3d));
    hr = IDirect3D9_GetAdapterIdentifier(d3d, 0, 0, &id);
    printf("GetAdapterIdentifier: %#lx\n  %s\n  driver %s %lu.%lu.%lu.%lu, vendor %#lx device %#lx, %s\n",
           (unsigned long)hr, id.Description, id.Driver, (unsigned long)HIWORD(id.DriverVersion.HighPart),
           (unsigned long)LOWORD(id.DriverVersion.HighPart), (unsigned long)HIWORD(id.DriverVersion.LowPart),
           (unsigned long)LOWORD(id.DriverVersion.LowPart), id.VendorId, id.DeviceId, id.DeviceName);
    hr = IDirect3D9_GetAdapterDisplayMode(d3d, 0, &mode);
    printf("GetAdapterDisplayMode: %#lx, %ux%u at %u Hz\n", (unsigned long)hr, mode.Width, mode.Height, mode.RefreshRate);
    printf("display modes: %u in X8R8G8B8, %u in R5G6B5\n", IDirect3D9_GetAdapterModeCount(d3d, 0, D3DFMT_X8R8G8B8),
           IDirect3D9_GetAdapterModeCount(d3d, 0, D3DFMT_R5G6B5));
    IDirect3D9_Release(d3d);

    hr = Direct3DCreate9Ex(D3D_SDK_VERSION, &ex);
    printf("Direct3DCreate9Ex: %#lx\n", (unsigned long)hr);
    if (SUCCEEDED(hr)) {
        hr = IDirect3D9Ex_GetAdapterLUID(ex, 0, &luid);
        printf("GetAdapterLUID: %#lx, %08lx:%08lx\n", (unsigned long)hr, (unsigned long)luid.HighPart, luid.LowPart);
        IDirect3D9Ex_Release(ex);
    }
    return 0;
}
