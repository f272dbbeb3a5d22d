/* Instantiates the D3D9 interface IIDs d3d9.h declares. */
#include <windows.h>
#include <initguid.h>
#include <d3d9.h>
