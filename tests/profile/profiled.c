/* Prints the adapter identity D3D9 reports, which mtld3d takes from its
 * settings: profile_test.go runs it under per-game profiles. */
#define COBJMACROS
#include <stdio.h>
#include <windows.h>
#include <d3d9.h>

int main(void)
{
    IDirect3D9 *d3d = Direct3DCreate9(D3D_SDK_VERSION);
    D3DADAPTER_IDENTIFIER9 id;
    HRESULT hr;
    if (!d3d) {
        printf("error Direct3DCreate9\n");
        return 1;
    }
    hr = IDirect3D9_GetAdapterIdentifier(d3d, D3DADAPTER_DEFAULT, 0, &id);
    if (FAILED(hr)) {
        printf("error GetAdapterIdentifier %#lx\n", (unsigned long)hr);
        return 1;
    }
    printf("vendor %#lx device %#lx revision %lu\n", (unsigned long)id.VendorId, (unsigned long)id.DeviceId,
           (unsigned long)id.Revision);
    IDirect3D9_Release(d3d);
    return 0;
}
