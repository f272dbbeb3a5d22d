/* IDirect3D9's capability queries: GetDeviceCaps and the Check* methods,
 * the answers a game reads before it creates anything, and that what they
 * accept can be created.
 *
 * Run as `caps.exe grid`, the program instead prints its answers on a grid
 * of every format, resource type, usage bit, multisample type and device
 * type, which tests/caps_consistency_test.go compares with core/caps (the
 * rules' source of truth). The grid's format list comes from the format
 * table in mtld3d_formats.h; the answers are only ever those of d3d9.dll. */

#include "harness.h"

#include <d3d9.h>
#include <stdlib.h>

#include "mtld3d_formats.h"

static IDirect3D9 *create(void)
{
    IDirect3D9 *d3d = Direct3DCreate9(D3D_SDK_VERSION);
    CHECK(d3d != NULL, "Direct3DCreate9 returned NULL");
    return d3d;
}

#define HAL D3DDEVTYPE_HAL
#define X8 D3DFMT_X8R8G8B8
#define FOURCC(a, b, c, d) ((D3DFORMAT)MAKEFOURCC(a, b, c, d))
#define FMT_INTZ FOURCC('I', 'N', 'T', 'Z')
#define FMT_NULL FOURCC('N', 'U', 'L', 'L')
#define FMT_RESZ FOURCC('R', 'E', 'S', 'Z')
#define FMT_DF24 FOURCC('D', 'F', '2', '4')
#define FMT_ATI2 FOURCC('A', 'T', 'I', '2')
#define FMT_ATOC FOURCC('A', 'T', 'O', 'C')

static HRESULT cdf(IDirect3D9 *d3d, DWORD usage, D3DRESOURCETYPE rtype, D3DFORMAT format)
{
    return IDirect3D9_CheckDeviceFormat(d3d, 0, HAL, X8, usage, rtype, format);
}

TEST(device_type)
{
    IDirect3D9 *d3d = create();
    if (!d3d)
        return;
    /* Windowed: the desktop's format with any back buffer the presenter
     * converts from, or D3DFMT_UNKNOWN for "the desktop's". */
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d, 0, HAL, X8, D3DFMT_UNKNOWN, TRUE), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d, 0, HAL, X8, X8, TRUE), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d, 0, HAL, X8, D3DFMT_A8R8G8B8, TRUE), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d, 0, HAL, X8, D3DFMT_R5G6B5, TRUE), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d, 0, HAL, X8, D3DFMT_A2R10G10B10, TRUE), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d, 0, HAL, D3DFMT_R5G6B5, X8, TRUE), D3D_OK);
    /* Any nonzero BOOL is TRUE. */
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d, 0, HAL, X8, X8, 2), D3D_OK);
    /* Full screen: Microsoft's pairs. */
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d, 0, HAL, X8, X8, FALSE), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d, 0, HAL, X8, D3DFMT_A8R8G8B8, FALSE), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d, 0, HAL, D3DFMT_R5G6B5, D3DFMT_R5G6B5, FALSE), D3D_OK);
    /* Rejected pairs. */
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d, 0, HAL, X8, D3DFMT_UNKNOWN, FALSE), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d, 0, HAL, X8, D3DFMT_R5G6B5, FALSE), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d, 0, HAL, D3DFMT_R5G6B5, X8, FALSE), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d, 0, HAL, D3DFMT_A8R8G8B8, D3DFMT_A8R8G8B8, FALSE), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d, 0, HAL, D3DFMT_A8R8G8B8, D3DFMT_A8R8G8B8, TRUE), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d, 0, HAL, X8, D3DFMT_D24S8, TRUE), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d, 0, HAL, X8, D3DFMT_A16B16G16R16F, TRUE), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d, 0, HAL, D3DFMT_UNKNOWN, X8, TRUE), D3DERR_NOTAVAILABLE);
    /* Adapter, then device type. */
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d, 1, HAL, X8, X8, TRUE), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d, 1, D3DDEVTYPE_REF, X8, X8, TRUE), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d, 0, D3DDEVTYPE_REF, X8, X8, TRUE), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d, 0, D3DDEVTYPE_NULLREF, X8, X8, TRUE), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d, 0, (D3DDEVTYPE)0, X8, X8, TRUE), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d, 0, (D3DDEVTYPE)5, X8, X8, TRUE), D3DERR_INVALIDCALL);
    IDirect3D9_Release(d3d);
}

TEST(device_format_color)
{
    IDirect3D9 *d3d = create();
    if (!d3d)
        return;
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8), D3D_OK);
    CHECK_HR(cdf(d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8), D3D_OK);
    CHECK_HR(cdf(d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_SURFACE, D3DFMT_A8R8G8B8), D3D_OK);
    CHECK_HR(cdf(d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_CUBETEXTURE, D3DFMT_A8R8G8B8), D3D_OK);
    CHECK_HR(cdf(d3d, D3DUSAGE_DYNAMIC, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8), D3D_OK);
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_VOLUMETEXTURE, D3DFMT_A8R8G8B8), D3D_OK);
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_SURFACE, D3DFMT_A8R8G8B8), D3D_OK);
    CHECK_HR(cdf(d3d, D3DUSAGE_RENDERTARGET | D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING, D3DRTYPE_TEXTURE,
                 D3DFMT_A16B16G16R16F), D3D_OK);
    CHECK_HR(cdf(d3d, D3DUSAGE_QUERY_SRGBREAD | D3DUSAGE_QUERY_FILTER, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8), D3D_OK);
    CHECK_HR(cdf(d3d, D3DUSAGE_RENDERTARGET | D3DUSAGE_QUERY_SRGBWRITE, D3DRTYPE_TEXTURE, X8), D3D_OK);
    /* SRGBWRITE asks about render-target use: a texture answers it alone,
     * a surface only with RENDERTARGET (Windows, in Wine's
     * test_check_device_format). */
    CHECK_HR(cdf(d3d, D3DUSAGE_QUERY_SRGBWRITE, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8), D3D_OK);
    CHECK_HR(cdf(d3d, D3DUSAGE_RENDERTARGET | D3DUSAGE_QUERY_SRGBWRITE, D3DRTYPE_SURFACE, D3DFMT_A8R8G8B8), D3D_OK);
    CHECK_HR(cdf(d3d, D3DUSAGE_QUERY_SRGBWRITE, D3DRTYPE_SURFACE, D3DFMT_A8R8G8B8), D3DERR_NOTAVAILABLE);
    CHECK_HR(cdf(d3d, D3DUSAGE_QUERY_VERTEXTEXTURE, D3DRTYPE_TEXTURE, D3DFMT_R32F), D3D_OK);
    CHECK_HR(cdf(d3d, D3DUSAGE_QUERY_LEGACYBUMPMAP, D3DRTYPE_TEXTURE, D3DFMT_V8U8), D3D_OK);
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_TEXTURE, D3DFMT_L8), D3D_OK);
    /* Usages that do not restrict a format are ignored. */
    CHECK_HR(cdf(d3d, D3DUSAGE_WRITEONLY | D3DUSAGE_SOFTWAREPROCESSING, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8), D3D_OK);
    /* Not render targets: */
    CHECK_HR(cdf(d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_VOLUMETEXTURE, D3DFMT_A8R8G8B8), D3DERR_NOTAVAILABLE);
    CHECK_HR(cdf(d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_TEXTURE, D3DFMT_L8), D3DERR_NOTAVAILABLE);
    CHECK_HR(cdf(d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_TEXTURE, D3DFMT_A4R4G4B4), D3DERR_NOTAVAILABLE);
    CHECK_HR(cdf(d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8), D3DERR_NOTAVAILABLE);
    CHECK_HR(cdf(d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_SURFACE, D3DFMT_A8R8G8B8), D3DERR_NOTAVAILABLE);
    CHECK_HR(cdf(d3d, D3DUSAGE_DMAP, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8), D3DERR_NOTAVAILABLE);
    CHECK_HR(cdf(d3d, D3DUSAGE_QUERY_SRGBREAD, D3DRTYPE_TEXTURE, D3DFMT_A16B16G16R16F), D3DERR_NOTAVAILABLE);
    CHECK_HR(cdf(d3d, D3DUSAGE_QUERY_LEGACYBUMPMAP, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8), D3DERR_NOTAVAILABLE);
    /* Formats mtld3d does not offer, and formats that are no resource's. */
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_TEXTURE, D3DFMT_A8P8), D3DERR_NOTAVAILABLE);
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_TEXTURE, D3DFMT_R3G3B2), D3DERR_NOTAVAILABLE);
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_TEXTURE, D3DFMT_UNKNOWN), D3DERR_NOTAVAILABLE);
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_TEXTURE, (D3DFORMAT)0x12345678), D3DERR_NOTAVAILABLE);
    IDirect3D9_Release(d3d);
}

TEST(device_format_compressed)
{
    IDirect3D9 *d3d = create();
    if (!d3d)
        return;
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_TEXTURE, D3DFMT_DXT1), D3D_OK);
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_TEXTURE, D3DFMT_DXT5), D3D_OK);
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_CUBETEXTURE, D3DFMT_DXT3), D3D_OK);
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_SURFACE, D3DFMT_DXT1), D3D_OK);
    CHECK_HR(cdf(d3d, D3DUSAGE_DYNAMIC, D3DRTYPE_TEXTURE, D3DFMT_DXT1), D3D_OK);
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_TEXTURE, FMT_ATI2), D3D_OK);
    CHECK_HR(cdf(d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_TEXTURE, D3DFMT_DXT1), D3DERR_NOTAVAILABLE);
    CHECK_HR(cdf(d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_SURFACE, D3DFMT_DXT1), D3DERR_NOTAVAILABLE);
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_VOLUMETEXTURE, D3DFMT_DXT1), D3DERR_NOTAVAILABLE);
    CHECK_HR(cdf(d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_TEXTURE, D3DFMT_DXT1), D3DERR_NOTAVAILABLE);
    IDirect3D9_Release(d3d);
}

TEST(device_format_depth)
{
    IDirect3D9 *d3d = create();
    if (!d3d)
        return;
    CHECK_HR(cdf(d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_SURFACE, D3DFMT_D24S8), D3D_OK);
    CHECK_HR(cdf(d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_SURFACE, D3DFMT_D16), D3D_OK);
    /* D32 is not offered, as by AMD's and NVIDIA's drivers. */
    CHECK_HR(cdf(d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_SURFACE, D3DFMT_D32), D3DERR_NOTAVAILABLE);
    CHECK_HR(cdf(d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_SURFACE, D3DFMT_D24X8), D3D_OK);
    CHECK_HR(cdf(d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_SURFACE, D3DFMT_D16_LOCKABLE), D3D_OK);
    CHECK_HR(cdf(d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_SURFACE, D3DFMT_D32F_LOCKABLE), D3D_OK);
    /* Depth formats are nothing but depth buffers... */
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_SURFACE, D3DFMT_D24S8), D3DERR_NOTAVAILABLE);
    CHECK_HR(cdf(d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_SURFACE, D3DFMT_D24S8), D3DERR_NOTAVAILABLE);
    CHECK_HR(cdf(d3d, D3DUSAGE_DEPTHSTENCIL | D3DUSAGE_RENDERTARGET, D3DRTYPE_SURFACE, D3DFMT_D24S8),
             D3DERR_NOTAVAILABLE);
    CHECK_HR(cdf(d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_VOLUMETEXTURE, D3DFMT_D24S8), D3DERR_NOTAVAILABLE);
    /* ...but shadow-map formats are also depth textures, INTZ included. */
    CHECK_HR(cdf(d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_TEXTURE, FMT_INTZ), D3D_OK);
    CHECK_HR(cdf(d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_SURFACE, FMT_INTZ), D3D_OK);
    CHECK_HR(cdf(d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_CUBETEXTURE, FMT_INTZ), D3D_OK);
    CHECK_HR(cdf(d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_TEXTURE, D3DFMT_D24S8), D3D_OK);
    CHECK_HR(cdf(d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_TEXTURE, D3DFMT_D16), D3D_OK);
    CHECK_HR(cdf(d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_TEXTURE, FMT_DF24), D3D_OK);
    /* A depth texture is offered with or without DEPTHSTENCIL (Windows
     * answers both alike: Wine's test_resource_access). */
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_TEXTURE, FMT_INTZ), D3D_OK);
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_CUBETEXTURE, D3DFMT_D24S8), D3D_OK);
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_SURFACE, FMT_INTZ), D3DERR_NOTAVAILABLE);
    CHECK_HR(cdf(d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_TEXTURE, D3DFMT_D16_LOCKABLE), D3DERR_NOTAVAILABLE);
    CHECK_HR(cdf(d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_TEXTURE, D3DFMT_D32), D3DERR_NOTAVAILABLE);
    /* Hack formats: NULL is a render target without memory, RESZ is only
     * detected, ATOC is a flag. */
    CHECK_HR(cdf(d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_SURFACE, FMT_NULL), D3D_OK);
    CHECK_HR(cdf(d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_TEXTURE, FMT_NULL), D3D_OK);
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_SURFACE, FMT_NULL), D3DERR_NOTAVAILABLE);
    CHECK_HR(cdf(d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_SURFACE, FMT_RESZ), D3D_OK);
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_SURFACE, FMT_ATOC), D3D_OK);
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_TEXTURE, FMT_ATOC), D3DERR_NOTAVAILABLE);
    IDirect3D9_Release(d3d);
}

TEST(device_format_autogen)
{
    IDirect3D9 *d3d = create();
    if (!d3d)
        return;
    /* Colour-renderable, filterable formats generate mips... */
    CHECK_HR(cdf(d3d, D3DUSAGE_AUTOGENMIPMAP, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8), D3D_OK);
    CHECK_HR(cdf(d3d, D3DUSAGE_AUTOGENMIPMAP | D3DUSAGE_RENDERTARGET, D3DRTYPE_TEXTURE, X8), D3D_OK);
    CHECK_HR(cdf(d3d, D3DUSAGE_AUTOGENMIPMAP, D3DRTYPE_CUBETEXTURE, D3DFMT_R5G6B5), D3D_OK);
    /* ...others accept the usage but answer D3DOK_NOAUTOGEN... */
    CHECK_HR(cdf(d3d, D3DUSAGE_AUTOGENMIPMAP, D3DRTYPE_TEXTURE, D3DFMT_DXT1), D3DOK_NOAUTOGEN);
    CHECK_HR(cdf(d3d, D3DUSAGE_AUTOGENMIPMAP, D3DRTYPE_TEXTURE, D3DFMT_A8), D3DOK_NOAUTOGEN);
    /* Windows generates only for render-target formats (test_mipmap_gen). */
    CHECK_HR(cdf(d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_TEXTURE, D3DFMT_L8), D3DERR_NOTAVAILABLE);
    CHECK_HR(cdf(d3d, D3DUSAGE_AUTOGENMIPMAP, D3DRTYPE_TEXTURE, D3DFMT_L8), D3DOK_NOAUTOGEN);
    CHECK_HR(cdf(d3d, D3DUSAGE_AUTOGENMIPMAP, D3DRTYPE_TEXTURE, D3DFMT_A4R4G4B4), D3DOK_NOAUTOGEN);
    CHECK_HR(cdf(d3d, D3DUSAGE_AUTOGENMIPMAP, D3DRTYPE_TEXTURE, D3DFMT_V8U8), D3DOK_NOAUTOGEN);
    CHECK_HR(cdf(d3d, D3DUSAGE_AUTOGENMIPMAP | D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_TEXTURE, FMT_INTZ), D3DOK_NOAUTOGEN);
    /* ...and resources without mips refuse it. */
    CHECK_HR(cdf(d3d, D3DUSAGE_AUTOGENMIPMAP, D3DRTYPE_SURFACE, D3DFMT_A8R8G8B8), D3DERR_NOTAVAILABLE);
    CHECK_HR(cdf(d3d, D3DUSAGE_AUTOGENMIPMAP, D3DRTYPE_VOLUMETEXTURE, D3DFMT_A8R8G8B8), D3DERR_NOTAVAILABLE);
    CHECK_HR(cdf(d3d, D3DUSAGE_AUTOGENMIPMAP, D3DRTYPE_VERTEXBUFFER, D3DFMT_VERTEXDATA), D3DERR_INVALIDCALL);
    IDirect3D9_Release(d3d);
}

TEST(device_format_buffers)
{
    IDirect3D9 *d3d = create();
    if (!d3d)
        return;
    /* Windows answers no buffer resource type, whatever the format or
     * usage (Wine's test_check_device_format records it). */
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_VERTEXBUFFER, D3DFMT_VERTEXDATA), D3DERR_INVALIDCALL);
    CHECK_HR(cdf(d3d, D3DUSAGE_DYNAMIC | D3DUSAGE_WRITEONLY, D3DRTYPE_VERTEXBUFFER, D3DFMT_VERTEXDATA),
             D3DERR_INVALIDCALL);
    CHECK_HR(cdf(d3d, D3DUSAGE_SOFTWAREPROCESSING, D3DRTYPE_VERTEXBUFFER, D3DFMT_VERTEXDATA), D3DERR_INVALIDCALL);
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_INDEXBUFFER, D3DFMT_INDEX16), D3DERR_INVALIDCALL);
    CHECK_HR(cdf(d3d, D3DUSAGE_DYNAMIC, D3DRTYPE_INDEXBUFFER, D3DFMT_INDEX32), D3DERR_INVALIDCALL);
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_INDEXBUFFER, D3DFMT_VERTEXDATA), D3DERR_INVALIDCALL);
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_VERTEXBUFFER, D3DFMT_A8R8G8B8), D3DERR_INVALIDCALL);
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_TEXTURE, D3DFMT_INDEX16), D3DERR_NOTAVAILABLE);
    IDirect3D9_Release(d3d);
}

TEST(device_format_bad_arguments)
{
    IDirect3D9 *d3d = create();
    if (!d3d)
        return;
    /* The adapter format: D3DFMT_UNKNOWN is an invalid call, a format no
     * display is in is unavailable. */
    CHECK_HR(IDirect3D9_CheckDeviceFormat(d3d, 0, HAL, D3DFMT_UNKNOWN, 0, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_CheckDeviceFormat(d3d, 0, HAL, D3DFMT_A8R8G8B8, 0, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8),
             D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDeviceFormat(d3d, 0, HAL, D3DFMT_D24S8, 0, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8),
             D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDeviceFormat(d3d, 0, HAL, D3DFMT_R5G6B5, 0, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDeviceFormat(d3d, 0, HAL, D3DFMT_X1R5G5B5, 0, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDeviceFormat(d3d, 0, HAL, D3DFMT_A2R10G10B10, 0, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8),
             D3D_OK);
    /* Resource types outside SURFACE..CUBETEXTURE. */
    CHECK_HR(cdf(d3d, 0, (D3DRESOURCETYPE)0, D3DFMT_A8R8G8B8), D3DERR_INVALIDCALL);
    CHECK_HR(cdf(d3d, 0, (D3DRESOURCETYPE)8, D3DFMT_A8R8G8B8), D3DERR_INVALIDCALL);
    CHECK_HR(cdf(d3d, 0, (D3DRESOURCETYPE)0xffffffff, D3DFMT_A8R8G8B8), D3DERR_INVALIDCALL);
    CHECK_HR(cdf(d3d, 0, (D3DRESOURCETYPE)8, D3DFMT_UNKNOWN), D3DERR_INVALIDCALL);
    /* Adapter first, then an UNKNOWN adapter format, then device type,
     * then the adapter format, then the resource type (Windows answers
     * INVALIDCALL for REF and SW with UNKNOWN: test_check_device_format). */
    CHECK_HR(IDirect3D9_CheckDeviceFormat(d3d, 1, HAL, X8, 0, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_CheckDeviceFormat(d3d, 1, D3DDEVTYPE_REF, X8, 0, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_CheckDeviceFormat(d3d, 0, D3DDEVTYPE_REF, X8, 0, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8),
             D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDeviceFormat(d3d, 0, D3DDEVTYPE_REF, D3DFMT_UNKNOWN, 0, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_CheckDeviceFormat(d3d, 0, D3DDEVTYPE_SW, D3DFMT_UNKNOWN, 0, D3DRTYPE_SURFACE, X8),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_CheckDeviceFormat(d3d, 0, D3DDEVTYPE_REF, D3DFMT_A8R8G8B8, 0, D3DRTYPE_TEXTURE, X8),
             D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDeviceFormat(d3d, 0, D3DDEVTYPE_SW, X8, 0, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8),
             D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDeviceFormat(d3d, 0, (D3DDEVTYPE)0, X8, 0, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_CheckDeviceFormat(d3d, 0, HAL, D3DFMT_A8R8G8B8, 0, (D3DRESOURCETYPE)0, D3DFMT_A8R8G8B8),
             D3DERR_NOTAVAILABLE);
    IDirect3D9_Release(d3d);
}

TEST(format_conversion)
{
    IDirect3D9 *d3d = create();
    if (!d3d)
        return;
    CHECK_HR(IDirect3D9_CheckDeviceFormatConversion(d3d, 0, HAL, D3DFMT_YUY2, X8), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDeviceFormatConversion(d3d, 0, HAL, D3DFMT_UYVY, D3DFMT_A8R8G8B8), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDeviceFormatConversion(d3d, 0, HAL, D3DFMT_A8R8G8B8, X8), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDeviceFormatConversion(d3d, 0, HAL, X8, X8), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDeviceFormatConversion(d3d, 0, HAL, X8, D3DFMT_A16B16G16R16F), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDeviceFormatConversion(d3d, 0, HAL, D3DFMT_A16B16G16R16F, D3DFMT_R5G6B5), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDeviceFormatConversion(d3d, 0, HAL, D3DFMT_DXT1, D3DFMT_A8R8G8B8), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDeviceFormatConversion(d3d, 0, HAL, X8, D3DFMT_YUY2), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDeviceFormatConversion(d3d, 0, HAL, D3DFMT_D24S8, X8), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDeviceFormatConversion(d3d, 0, HAL, X8, D3DFMT_D24S8), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDeviceFormatConversion(d3d, 0, HAL, D3DFMT_L8, X8), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDeviceFormatConversion(d3d, 0, HAL, D3DFMT_UNKNOWN, X8), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDeviceFormatConversion(d3d, 1, HAL, D3DFMT_YUY2, X8), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_CheckDeviceFormatConversion(d3d, 0, D3DDEVTYPE_REF, D3DFMT_YUY2, X8), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDeviceFormatConversion(d3d, 0, (D3DDEVTYPE)7, D3DFMT_YUY2, X8), D3DERR_INVALIDCALL);
    IDirect3D9_Release(d3d);
}

TEST(depth_stencil_match)
{
    IDirect3D9 *d3d = create();
    if (!d3d)
        return;
    CHECK_HR(IDirect3D9_CheckDepthStencilMatch(d3d, 0, HAL, X8, D3DFMT_A8R8G8B8, D3DFMT_D24S8), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDepthStencilMatch(d3d, 0, HAL, X8, X8, D3DFMT_D16), D3D_OK);
    /* No matching bit depths needed. */
    CHECK_HR(IDirect3D9_CheckDepthStencilMatch(d3d, 0, HAL, X8, D3DFMT_R5G6B5, D3DFMT_D24S8), D3D_OK);
    /* D32 is no depth format here (Windows: test_check_device_format). */
    CHECK_HR(IDirect3D9_CheckDepthStencilMatch(d3d, 0, HAL, X8, D3DFMT_A8R8G8B8, D3DFMT_D32), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDepthStencilMatch(d3d, 0, HAL, X8, D3DFMT_R5G6B5, D3DFMT_D32), D3DERR_NOTAVAILABLE);
    /* D3DFMT_NULL, the target of depth-only passes, matches any depth format. */
    CHECK_HR(IDirect3D9_CheckDepthStencilMatch(d3d, 0, HAL, X8, FMT_NULL, D3DFMT_D24S8), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDepthStencilMatch(d3d, 0, HAL, X8, D3DFMT_A16B16G16R16F, D3DFMT_D24X8), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDepthStencilMatch(d3d, 0, HAL, X8, D3DFMT_A8R8G8B8, FMT_INTZ), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDepthStencilMatch(d3d, 0, HAL, D3DFMT_R5G6B5, X8, D3DFMT_D24S8), D3D_OK);
    CHECK_HR(IDirect3D9_CheckDepthStencilMatch(d3d, 0, HAL, X8, D3DFMT_DXT1, D3DFMT_D24S8), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDepthStencilMatch(d3d, 0, HAL, X8, D3DFMT_L8, D3DFMT_D24S8), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDepthStencilMatch(d3d, 0, HAL, X8, D3DFMT_A8R8G8B8, X8), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDepthStencilMatch(d3d, 0, HAL, X8, D3DFMT_D24S8, D3DFMT_D24S8), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDepthStencilMatch(d3d, 0, HAL, X8, D3DFMT_A8R8G8B8, D3DFMT_UNKNOWN), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDepthStencilMatch(d3d, 0, HAL, D3DFMT_UNKNOWN, D3DFMT_A8R8G8B8, D3DFMT_D24S8),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_CheckDepthStencilMatch(d3d, 0, HAL, D3DFMT_A8R8G8B8, D3DFMT_A8R8G8B8, D3DFMT_D24S8),
             D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDepthStencilMatch(d3d, 1, HAL, X8, D3DFMT_A8R8G8B8, D3DFMT_D24S8), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_CheckDepthStencilMatch(d3d, 0, D3DDEVTYPE_REF, X8, D3DFMT_A8R8G8B8, D3DFMT_D24S8),
             D3DERR_NOTAVAILABLE);
    IDirect3D9_Release(d3d);
}

static HRESULT cms(IDirect3D9 *d3d, D3DFORMAT format, BOOL windowed, D3DMULTISAMPLE_TYPE type, DWORD *levels)
{
    return IDirect3D9_CheckDeviceMultiSampleType(d3d, 0, HAL, format, windowed, type, levels);
}

TEST(multisample)
{
    IDirect3D9 *d3d = create();
    DWORD levels;
    if (!d3d)
        return;
    for (int windowed = 0; windowed < 2; windowed++) {
        levels = 0xdead;
        CHECK_HR(cms(d3d, X8, windowed, D3DMULTISAMPLE_NONE, &levels), D3D_OK);
        CHECK_EQ_U(levels, 1);
        levels = 0xdead;
        CHECK_HR(cms(d3d, X8, windowed, D3DMULTISAMPLE_4_SAMPLES, &levels), D3D_OK);
        CHECK_EQ_U(levels, 1);
    }
    CHECK_HR(cms(d3d, D3DFMT_A8R8G8B8, TRUE, D3DMULTISAMPLE_2_SAMPLES, &levels), D3D_OK);
    CHECK_HR(cms(d3d, D3DFMT_A8R8G8B8, TRUE, D3DMULTISAMPLE_8_SAMPLES, &levels), D3D_OK);
    CHECK_HR(cms(d3d, D3DFMT_A16B16G16R16F, TRUE, D3DMULTISAMPLE_4_SAMPLES, &levels), D3D_OK);
    CHECK_HR(cms(d3d, D3DFMT_D24S8, TRUE, D3DMULTISAMPLE_4_SAMPLES, &levels), D3D_OK);
    CHECK_HR(cms(d3d, D3DFMT_D16, FALSE, D3DMULTISAMPLE_8_SAMPLES, &levels), D3D_OK);
    /* Quality levels of the nonmaskable type. */
    levels = 0;
    CHECK_HR(cms(d3d, D3DFMT_A8R8G8B8, TRUE, D3DMULTISAMPLE_NONMASKABLE, &levels), D3D_OK);
    CHECK_EQ_U(levels, 3);
    levels = 0;
    CHECK_HR(cms(d3d, D3DFMT_D24S8, TRUE, D3DMULTISAMPLE_NONMASKABLE, &levels), D3D_OK);
    CHECK_EQ_U(levels, 3);
    /* Counts the device does not offer: unavailable, one level. */
    levels = 0xdead;
    CHECK_HR(cms(d3d, X8, TRUE, D3DMULTISAMPLE_3_SAMPLES, &levels), D3DERR_NOTAVAILABLE);
    CHECK_EQ_U(levels, 1);
    CHECK_HR(cms(d3d, X8, TRUE, D3DMULTISAMPLE_16_SAMPLES, &levels), D3DERR_NOTAVAILABLE);
    /* Formats that cannot be multisampled. */
    levels = 0xdead;
    CHECK_HR(cms(d3d, D3DFMT_DXT1, TRUE, D3DMULTISAMPLE_4_SAMPLES, &levels), D3DERR_NOTAVAILABLE);
    CHECK_EQ_U(levels, 1);
    CHECK_HR(cms(d3d, D3DFMT_D16_LOCKABLE, TRUE, D3DMULTISAMPLE_4_SAMPLES, &levels), D3DERR_NOTAVAILABLE);
    CHECK_HR(cms(d3d, FMT_INTZ, TRUE, D3DMULTISAMPLE_4_SAMPLES, &levels), D3DERR_NOTAVAILABLE);
    CHECK_HR(cms(d3d, D3DFMT_L8, TRUE, D3DMULTISAMPLE_4_SAMPLES, &levels), D3DERR_NOTAVAILABLE);
    /* D3DFMT_UNKNOWN is an invalid call; NONE is offered for any other
     * format value (Windows, in Wine's test_checkdevicemultisampletype). */
    CHECK_HR(cms(d3d, D3DFMT_UNKNOWN, TRUE, D3DMULTISAMPLE_4_SAMPLES, &levels), D3DERR_INVALIDCALL);
    CHECK_HR(cms(d3d, D3DFMT_UNKNOWN, TRUE, D3DMULTISAMPLE_NONE, &levels), D3DERR_INVALIDCALL);
    levels = 0xdead;
    CHECK_HR(cms(d3d, (D3DFORMAT)65536, TRUE, D3DMULTISAMPLE_NONE, &levels), D3D_OK);
    CHECK_EQ_U(levels, 1);
    CHECK_HR(cms(d3d, D3DFMT_DXT1, FALSE, D3DMULTISAMPLE_NONE, &levels), D3D_OK);
    /* The levels pointer is optional. */
    CHECK_HR(cms(d3d, X8, TRUE, D3DMULTISAMPLE_4_SAMPLES, NULL), D3D_OK);
    CHECK_HR(cms(d3d, X8, TRUE, D3DMULTISAMPLE_3_SAMPLES, NULL), D3DERR_NOTAVAILABLE);
    /* Types past 16 samples are invalid calls, before the device type. */
    CHECK_HR(cms(d3d, X8, TRUE, (D3DMULTISAMPLE_TYPE)17, &levels), D3DERR_INVALIDCALL);
    CHECK_HR(cms(d3d, X8, TRUE, (D3DMULTISAMPLE_TYPE)0xffffffff, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_CheckDeviceMultiSampleType(d3d, 0, D3DDEVTYPE_REF, X8, TRUE, (D3DMULTISAMPLE_TYPE)17, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_CheckDeviceMultiSampleType(d3d, 0, D3DDEVTYPE_REF, X8, TRUE, D3DMULTISAMPLE_NONE, NULL),
             D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_CheckDeviceMultiSampleType(d3d, 1, HAL, X8, TRUE, D3DMULTISAMPLE_NONE, NULL),
             D3DERR_INVALIDCALL);
    IDirect3D9_Release(d3d);
}

TEST(device_caps)
{
    IDirect3D9 *d3d = create();
    D3DCAPS9 caps;
    if (!d3d)
        return;
    memset(&caps, 0xcc, sizeof(caps));
    CHECK_HR(IDirect3D9_GetDeviceCaps(d3d, 0, HAL, &caps), D3D_OK);
    CHECK_EQ_U(caps.DeviceType, D3DDEVTYPE_HAL);
    CHECK_EQ_U(caps.AdapterOrdinal, 0);
    CHECK_EQ_U(caps.MasterAdapterOrdinal, 0);
    CHECK_EQ_U(caps.NumberOfAdaptersInGroup, 1);
    CHECK_EQ_U(caps.VertexShaderVersion, D3DVS_VERSION(3, 0));
    CHECK_EQ_U(caps.PixelShaderVersion, D3DPS_VERSION(3, 0));
    CHECK_EQ_U(caps.MaxTextureWidth, 16384);
    CHECK_EQ_U(caps.MaxTextureHeight, 16384);
    CHECK(caps.MaxVolumeExtent >= 256, "MaxVolumeExtent %lu", caps.MaxVolumeExtent);
    CHECK_EQ_U(caps.NumSimultaneousRTs, 4);
    CHECK_EQ_U(caps.MaxStreams, 16);
    CHECK(caps.MaxStreamStride >= 255, "MaxStreamStride %lu", caps.MaxStreamStride);
    CHECK_EQ_U(caps.MaxVertexShaderConst, 256);
    CHECK_EQ_U(caps.MaxSimultaneousTextures, 8);
    CHECK_EQ_U(caps.MaxTextureBlendStages, 8);
    CHECK(caps.MaxActiveLights >= 8, "MaxActiveLights %lu", caps.MaxActiveLights);
    CHECK(caps.MaxAnisotropy >= 2, "MaxAnisotropy %lu", caps.MaxAnisotropy);
    CHECK(caps.MaxPrimitiveCount >= 0xffff, "MaxPrimitiveCount %lu", caps.MaxPrimitiveCount);
    CHECK(caps.MaxVertexIndex > 0xffff, "MaxVertexIndex %lu: 32-bit indices", caps.MaxVertexIndex);
    CHECK(caps.MaxVertexShader30InstructionSlots >= 512, "vs_3_0 slots %lu", caps.MaxVertexShader30InstructionSlots);
    CHECK(caps.MaxPixelShader30InstructionSlots >= 512, "ps_3_0 slots %lu", caps.MaxPixelShader30InstructionSlots);
    CHECK(caps.PS20Caps.NumInstructionSlots >= 96, "ps_2_x slots %d", caps.PS20Caps.NumInstructionSlots);
    CHECK(caps.VS20Caps.NumTemps >= 12, "vs temps %d", caps.VS20Caps.NumTemps);
    CHECK(caps.DevCaps & D3DDEVCAPS_HWTRANSFORMANDLIGHT, "DevCaps %#lx: hardware T&L", caps.DevCaps);
    CHECK(caps.DevCaps & D3DDEVCAPS_PUREDEVICE, "DevCaps %#lx: pure device", caps.DevCaps);
    CHECK(caps.Caps2 & D3DCAPS2_CANAUTOGENMIPMAP, "Caps2 %#lx: autogen mipmaps", caps.Caps2);
    CHECK(caps.Caps2 & D3DCAPS2_DYNAMICTEXTURES, "Caps2 %#lx: dynamic textures", caps.Caps2);
    CHECK(!(caps.TextureCaps & (D3DPTEXTURECAPS_POW2 | D3DPTEXTURECAPS_NONPOW2CONDITIONAL)),
          "TextureCaps %#lx: unconditional non-power-of-two", caps.TextureCaps);
    CHECK(caps.TextureCaps & D3DPTEXTURECAPS_CUBEMAP, "TextureCaps %#lx: cube maps", caps.TextureCaps);
    CHECK(caps.TextureCaps & D3DPTEXTURECAPS_VOLUMEMAP, "TextureCaps %#lx: volume maps", caps.TextureCaps);
    CHECK(caps.PrimitiveMiscCaps & D3DPMISCCAPS_SEPARATEALPHABLEND, "PrimitiveMiscCaps %#lx", caps.PrimitiveMiscCaps);
    CHECK(caps.PrimitiveMiscCaps & D3DPMISCCAPS_MRTINDEPENDENTBITDEPTHS, "PrimitiveMiscCaps %#lx",
          caps.PrimitiveMiscCaps);
    CHECK(caps.RasterCaps & D3DPRASTERCAPS_SCISSORTEST, "RasterCaps %#lx: scissor", caps.RasterCaps);
    CHECK(caps.StencilCaps & D3DSTENCILCAPS_TWOSIDED, "StencilCaps %#lx: two-sided", caps.StencilCaps);
    CHECK(caps.PresentationIntervals & D3DPRESENT_INTERVAL_IMMEDIATE, "PresentationIntervals %#lx",
          caps.PresentationIntervals);
    CHECK(caps.DeclTypes & D3DDTCAPS_FLOAT16_2, "DeclTypes %#lx", caps.DeclTypes);
    /* The caps agree with CheckDeviceFormat. */
    CHECK_HR(cdf(d3d, D3DUSAGE_AUTOGENMIPMAP, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8), D3D_OK);
    CHECK_HR(cdf(d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_TEXTURE, D3DFMT_A16B16G16R16F), D3D_OK);
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_VOLUMETEXTURE, D3DFMT_A8R8G8B8), D3D_OK);
    CHECK_HR(cdf(d3d, 0, D3DRTYPE_CUBETEXTURE, D3DFMT_A8R8G8B8), D3D_OK);

    /* Failures: adapter, pointer, device types. The caps are cleared. */
    CHECK_HR(IDirect3D9_GetDeviceCaps(d3d, 1, HAL, &caps), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_GetDeviceCaps(d3d, 0, HAL, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_GetDeviceCaps(d3d, 1, HAL, NULL), D3DERR_INVALIDCALL);
    memset(&caps, 0xcc, sizeof(caps));
    CHECK_HR(IDirect3D9_GetDeviceCaps(d3d, 0, D3DDEVTYPE_REF, &caps), D3DERR_NOTAVAILABLE);
    CHECK_EQ_U(caps.MaxTextureWidth, 0);
    CHECK_HR(IDirect3D9_GetDeviceCaps(d3d, 0, D3DDEVTYPE_SW, &caps), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_GetDeviceCaps(d3d, 0, D3DDEVTYPE_NULLREF, &caps), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3D9_GetDeviceCaps(d3d, 0, (D3DDEVTYPE)0, &caps), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3D9_GetDeviceCaps(d3d, 0, (D3DDEVTYPE)5, &caps), D3DERR_INVALIDCALL);
    IDirect3D9_Release(d3d);
}

static void WINAPI fake_software_device(void)
{
}

TEST(register_software_device)
{
    IDirect3D9 *d3d = create();
    if (!d3d)
        return;
    CHECK_HR(IDirect3D9_RegisterSoftwareDevice(d3d, (void *)fake_software_device), D3D_OK);
    /* Nothing is behind the software device type all the same. */
    CHECK_HR(IDirect3D9_CheckDeviceType(d3d, 0, D3DDEVTYPE_SW, X8, X8, TRUE), D3DERR_NOTAVAILABLE);
    IDirect3D9_Release(d3d);
}

TEST(ex_object_answers_the_same)
{
    IDirect3D9Ex *ex = NULL;
    D3DCAPS9 a, b;
    DWORD levels = 0;
    CHECK_HR(Direct3DCreate9Ex(D3D_SDK_VERSION, &ex), D3D_OK);
    if (!ex)
        return;
    CHECK_HR(IDirect3D9Ex_CheckDeviceType(ex, 0, HAL, X8, X8, FALSE), D3D_OK);
    CHECK_HR(IDirect3D9Ex_CheckDeviceFormat(ex, 0, HAL, X8, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_TEXTURE, FMT_INTZ), D3D_OK);
    CHECK_HR(IDirect3D9Ex_CheckDeviceMultiSampleType(ex, 0, HAL, X8, TRUE, D3DMULTISAMPLE_NONMASKABLE, &levels), D3D_OK);
    CHECK_EQ_U(levels, 3);
    CHECK_HR(IDirect3D9Ex_CheckDepthStencilMatch(ex, 0, HAL, X8, X8, D3DFMT_D24S8), D3D_OK);
    CHECK_HR(IDirect3D9Ex_CheckDeviceFormatConversion(ex, 0, HAL, D3DFMT_YUY2, X8), D3D_OK);
    CHECK_HR(IDirect3D9Ex_GetDeviceCaps(ex, 0, HAL, &a), D3D_OK);
    IDirect3D9 *d3d = create();
    if (d3d) {
        CHECK_HR(IDirect3D9_GetDeviceCaps(d3d, 0, HAL, &b), D3D_OK);
        CHECK(!memcmp(&a, &b, sizeof(a)), "IDirect3D9Ex and IDirect3D9 report the same caps");
        IDirect3D9_Release(d3d);
    }
    IDirect3D9Ex_Release(ex);
}

/* A windowed HAL device on a 640x480 window, or NULL. */
static IDirect3DDevice9 *create_device(IDirect3D9 *d3d, HWND *window)
{
    WNDCLASSA wc = {.lpfnWndProc = DefWindowProcA, .hInstance = GetModuleHandleA(NULL), .lpszClassName = "caps_test"};
    D3DPRESENT_PARAMETERS pp = {0};
    IDirect3DDevice9 *dev = NULL;
    HRESULT hr;
    RegisterClassA(&wc);
    *window = CreateWindowA("caps_test", "caps", WS_OVERLAPPEDWINDOW, 0, 0, 640, 480, NULL, NULL, wc.hInstance, NULL);
    CHECK(*window != NULL, "CreateWindow failed: %lu", GetLastError());
    if (!*window)
        return NULL;
    pp.Windowed = TRUE;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp.BackBufferFormat = D3DFMT_UNKNOWN;
    pp.hDeviceWindow = *window;
    hr = IDirect3D9_CreateDevice(d3d, 0, HAL, *window, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev);
    CHECK(SUCCEEDED(hr) && dev, "CreateDevice returned %#lx", (unsigned long)hr);
    if (FAILED(hr)) {
        DestroyWindow(*window);
        return NULL;
    }
    return dev;
}

static void destroy_device(IDirect3DDevice9 *dev, HWND window)
{
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
    DestroyWindow(window);
}

TEST(device_caps_match)
{
    IDirect3D9 *d3d = create();
    IDirect3DDevice9 *dev;
    D3DCAPS9 a, b;
    HWND window;
    if (!d3d)
        return;
    if ((dev = create_device(d3d, &window))) {
        CHECK_HR(IDirect3DDevice9_GetDeviceCaps(dev, &a), D3D_OK);
        CHECK_HR(IDirect3D9_GetDeviceCaps(d3d, 0, HAL, &b), D3D_OK);
        CHECK(!memcmp(&a, &b, sizeof(a)), "the device reports the adapter's caps");
        CHECK_HR(IDirect3DDevice9_GetDeviceCaps(dev, NULL), D3DERR_INVALIDCALL);
        destroy_device(dev, window);
    }
    IDirect3D9_Release(d3d);
}

/* What CheckDeviceFormat accepts as a render-target or depth-stencil
 * surface, and CheckDeviceMultiSampleType accepts multisampled, the device
 * creates. RESZ is left out: games only detect it (CheckDeviceFormat) and
 * then resolve through a render state, never creating a RESZ surface. */
TEST(accepted_surfaces_are_creatable)
{
    IDirect3D9 *d3d = create();
    IDirect3DDevice9 *dev;
    IDirect3DSurface9 *s;
    HWND window;
    unsigned int rts = 0, dss = 0, ms = 0;
    HRESULT hr;
    if (!d3d)
        return;
    if (!(dev = create_device(d3d, &window))) {
        IDirect3D9_Release(d3d);
        return;
    }
    for (unsigned int i = 0; i < MTLD3D_FORMAT_COUNT; i++) {
        D3DFORMAT f = (D3DFORMAT)mtld3d_format_infos[i].format;
        if (f == FMT_RESZ)
            continue;
        if (cdf(d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_SURFACE, f) == D3D_OK) {
            s = NULL;
            hr = IDirect3DDevice9_CreateRenderTarget(dev, 64, 64, f, D3DMULTISAMPLE_NONE, 0, FALSE, &s, NULL);
            CHECK(hr == D3D_OK && s, "CreateRenderTarget(%#lx) returned %#lx though CheckDeviceFormat accepts it",
                  (unsigned long)f, (unsigned long)hr);
            if (s)
                IDirect3DSurface9_Release(s);
            rts++;
            if (cms(d3d, f, TRUE, D3DMULTISAMPLE_4_SAMPLES, NULL) == D3D_OK) {
                s = NULL;
                hr = IDirect3DDevice9_CreateRenderTarget(dev, 64, 64, f, D3DMULTISAMPLE_4_SAMPLES, 0, FALSE, &s, NULL);
                CHECK(hr == D3D_OK && s, "4x CreateRenderTarget(%#lx) returned %#lx", (unsigned long)f,
                      (unsigned long)hr);
                if (s)
                    IDirect3DSurface9_Release(s);
                ms++;
            }
        }
        if (cdf(d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_SURFACE, f) == D3D_OK) {
            s = NULL;
            hr = IDirect3DDevice9_CreateDepthStencilSurface(dev, 64, 64, f, D3DMULTISAMPLE_NONE, 0, TRUE, &s, NULL);
            CHECK(hr == D3D_OK && s,
                  "CreateDepthStencilSurface(%#lx) returned %#lx though CheckDeviceFormat accepts it",
                  (unsigned long)f, (unsigned long)hr);
            if (s)
                IDirect3DSurface9_Release(s);
            dss++;
            if (cms(d3d, f, TRUE, D3DMULTISAMPLE_4_SAMPLES, NULL) == D3D_OK) {
                s = NULL;
                hr = IDirect3DDevice9_CreateDepthStencilSurface(dev, 64, 64, f, D3DMULTISAMPLE_4_SAMPLES, 0, TRUE, &s,
                                                                NULL);
                CHECK(hr == D3D_OK && s, "4x CreateDepthStencilSurface(%#lx) returned %#lx", (unsigned long)f,
                      (unsigned long)hr);
                if (s)
                    IDirect3DSurface9_Release(s);
                ms++;
            }
        }
    }
    CHECK(rts >= 17, "only %u render-target formats", rts);
    CHECK(dss >= 10, "only %u depth-stencil formats", dss);
    CHECK(ms >= 15, "only %u multisampled formats", ms);
    destroy_device(dev, window);
    IDirect3D9_Release(d3d);
}

/* The grid for tests/caps_consistency_test.go. Header lines list the
 * inputs; each answer line is the answers for every value of the last
 * input, in the order of its header list. All numbers are hex.
 *   V devtypes...      L formats...        U usages...
 *   A adapterformats... R rtypes...         S multisampletypes...
 *   T dt display windowed  hr(backbuffer) for backbuffer in L
 *   F dt adapterfmt rtype format  hr(usage) for usage in U
 *   M dt format windowed  hr/levels(type) for type in S
 *   D dt adapterfmt rt  hr(ds) for ds in L
 *   C dt src  hr(dst) for dst in L
 *   E lines
 * Device types other than HAL see every 7th format of the outer loops. */
static const DWORD grid_devtypes[] = {D3DDEVTYPE_HAL, D3DDEVTYPE_REF, D3DDEVTYPE_SW, D3DDEVTYPE_NULLREF, 0, 5, 0xffffffff};
static const DWORD grid_adapter_formats[] = {
    D3DFMT_UNKNOWN, D3DFMT_X8R8G8B8, D3DFMT_R5G6B5,  D3DFMT_X1R5G5B5,
    D3DFMT_A2R10G10B10, D3DFMT_A8R8G8B8, D3DFMT_D24S8, 0x12345678,
};
static const DWORD grid_rtypes[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0xffffffff};
static const DWORD grid_ms[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 0x7fffffff, 0xffffffff};

static DWORD grid_formats[MTLD3D_FORMAT_COUNT + 4];
static unsigned int grid_nformats;
static DWORD grid_usages[64];
static unsigned int grid_nusages;
static unsigned long grid_lines;

static void grid_list(const char *tag, const DWORD *v, unsigned int n)
{
    printf("%s", tag);
    for (unsigned int i = 0; i < n; i++)
        printf(" %lx", (unsigned long)v[i]);
    printf("\n");
}

static void grid_end_line(void)
{
    printf("\n");
    grid_lines++;
}

static int run_grid(void)
{
    static const DWORD combos[] = {
        D3DUSAGE_RENDERTARGET | D3DUSAGE_AUTOGENMIPMAP,
        D3DUSAGE_DEPTHSTENCIL | D3DUSAGE_AUTOGENMIPMAP,
        D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL,
        D3DUSAGE_DYNAMIC | D3DUSAGE_AUTOGENMIPMAP,
        D3DUSAGE_DYNAMIC | D3DUSAGE_WRITEONLY,
        D3DUSAGE_RENDERTARGET | D3DUSAGE_DYNAMIC,
        D3DUSAGE_DEPTHSTENCIL | D3DUSAGE_DYNAMIC,
        D3DUSAGE_DEPTHSTENCIL | D3DUSAGE_QUERY_FILTER,
        D3DUSAGE_DEPTHSTENCIL | D3DUSAGE_QUERY_WRAPANDMIP,
        D3DUSAGE_RENDERTARGET | D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING | D3DUSAGE_QUERY_SRGBWRITE,
        D3DUSAGE_QUERY_FILTER | D3DUSAGE_QUERY_SRGBREAD | D3DUSAGE_QUERY_WRAPANDMIP,
        D3DUSAGE_AUTOGENMIPMAP | D3DUSAGE_QUERY_FILTER | D3DUSAGE_QUERY_VERTEXTEXTURE,
        D3DUSAGE_QUERY_LEGACYBUMPMAP | D3DUSAGE_QUERY_FILTER,
        0xffffffff,
    };
    static char buf[1 << 20];
    setvbuf(stdout, buf, _IOFBF, sizeof(buf));
    IDirect3D9 *d3d = Direct3DCreate9(D3D_SDK_VERSION);
    if (!d3d) {
        printf("Direct3DCreate9 failed\n");
        return 1;
    }
    for (unsigned int i = 0; i < MTLD3D_FORMAT_COUNT; i++)
        grid_formats[grid_nformats++] = mtld3d_format_infos[i].format;
    grid_formats[grid_nformats++] = D3DFMT_UNKNOWN;
    grid_formats[grid_nformats++] = 0x12345678;
    grid_formats[grid_nformats++] = 0xffffffff;
    grid_usages[grid_nusages++] = 0;
    for (unsigned int b = 0; b < 32; b++)
        grid_usages[grid_nusages++] = 1u << b;
    for (unsigned int i = 0; i < ARRAYSIZE(combos); i++)
        grid_usages[grid_nusages++] = combos[i];

    grid_list("V", grid_devtypes, ARRAYSIZE(grid_devtypes));
    grid_list("L", grid_formats, grid_nformats);
    grid_list("U", grid_usages, grid_nusages);
    grid_list("A", grid_adapter_formats, ARRAYSIZE(grid_adapter_formats));
    grid_list("R", grid_rtypes, ARRAYSIZE(grid_rtypes));
    grid_list("S", grid_ms, ARRAYSIZE(grid_ms));

    for (unsigned int d = 0; d < ARRAYSIZE(grid_devtypes); d++) {
        D3DDEVTYPE dt = (D3DDEVTYPE)grid_devtypes[d];
        unsigned int step = dt == D3DDEVTYPE_HAL ? 1 : 7;
        for (unsigned int i = 0; i < grid_nformats; i += step) {
            D3DFORMAT f = (D3DFORMAT)grid_formats[i];
            for (int w = 0; w < 3; w++) {
                printf("T %lx %lx %x", (unsigned long)dt, (unsigned long)f, w);
                for (unsigned int j = 0; j < grid_nformats; j++)
                    printf(" %lx", (unsigned long)IDirect3D9_CheckDeviceType(d3d, 0, dt, f, (D3DFORMAT)grid_formats[j], w));
                grid_end_line();
            }
            for (int w = 0; w < 2; w++) {
                printf("M %lx %lx %x", (unsigned long)dt, (unsigned long)f, w);
                for (unsigned int j = 0; j < ARRAYSIZE(grid_ms); j++) {
                    DWORD levels = 0xdead;
                    HRESULT hr = IDirect3D9_CheckDeviceMultiSampleType(d3d, 0, dt, f, w, (D3DMULTISAMPLE_TYPE)grid_ms[j],
                                                                       &levels);
                    printf(" %lx/%lx", (unsigned long)hr, (unsigned long)levels);
                }
                grid_end_line();
            }
            printf("C %lx %lx", (unsigned long)dt, (unsigned long)f);
            for (unsigned int j = 0; j < grid_nformats; j++)
                printf(" %lx", (unsigned long)IDirect3D9_CheckDeviceFormatConversion(d3d, 0, dt, f,
                                                                                    (D3DFORMAT)grid_formats[j]));
            grid_end_line();
            for (unsigned int a = 0; a < ARRAYSIZE(grid_adapter_formats); a++) {
                D3DFORMAT af = (D3DFORMAT)grid_adapter_formats[a];
                printf("D %lx %lx %lx", (unsigned long)dt, (unsigned long)af, (unsigned long)f);
                for (unsigned int j = 0; j < grid_nformats; j++)
                    printf(" %lx", (unsigned long)IDirect3D9_CheckDepthStencilMatch(d3d, 0, dt, af, f,
                                                                                   (D3DFORMAT)grid_formats[j]));
                grid_end_line();
                for (unsigned int r = 0; r < ARRAYSIZE(grid_rtypes); r++) {
                    D3DRESOURCETYPE rt = (D3DRESOURCETYPE)grid_rtypes[r];
                    printf("F %lx %lx %lx %lx", (unsigned long)dt, (unsigned long)af, (unsigned long)rt, (unsigned long)f);
                    for (unsigned int u = 0; u < grid_nusages; u++)
                        printf(" %lx", (unsigned long)IDirect3D9_CheckDeviceFormat(d3d, 0, dt, af, grid_usages[u], rt, f));
                    grid_end_line();
                }
            }
        }
    }
    printf("E %lx\n", grid_lines);
    fflush(stdout);
    IDirect3D9_Release(d3d);
    return 0;
}

static const struct harness_test tests[] = {
    T(device_type),
    T(device_format_color),
    T(device_format_compressed),
    T(device_format_depth),
    T(device_format_autogen),
    T(device_format_buffers),
    T(device_format_bad_arguments),
    T(format_conversion),
    T(depth_stencil_match),
    T(multisample),
    T(device_caps),
    T(register_software_device),
    T(ex_object_answers_the_same),
    T(device_caps_match),
    T(accepted_surfaces_are_creatable),
};

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "grid"))
        return run_grid();
    return RUN_TESTS(tests);
}
