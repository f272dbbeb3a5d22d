/* Methods that check the device's state against rules: ValidateDevice
 * (texture stage operations and arguments, sampler filters against the
 * caps and the texture's D3DUSAGE_QUERY_FILTER answer, blend factors and
 * operations), SetDialogBoxMode (the present parameters GDI dialogs need)
 * and IDirect3DDevice9Ex::SetConvolutionMonoKernel (its kernel limits).
 * Expected codes are the ones the documentation lists for each method;
 * for filters, Wine's test_filter records what Windows answers. */
#include "device_util.h"

/* D3DFMT_NULL (mingw-w64 does not name it): a render target with no memory. */
#define FMT_NULL ((D3DFORMAT)MAKEFOURCC('N', 'U', 'L', 'L'))

static IDirect3D9 *d3d;
static HWND window;

/* ValidateDevice's answer, checking that a failure leaves *passes alone
 * and success writes 1. */
static HRESULT validate(IDirect3DDevice9 *dev)
{
    DWORD passes = 0xdeadbeef;
    HRESULT hr = IDirect3DDevice9_ValidateDevice(dev, &passes);
    if (SUCCEEDED(hr))
        CHECK(passes == 1, "ValidateDevice succeeded with %lu passes", (unsigned long)passes);
    else
        CHECK(passes == 0xdeadbeef, "failing ValidateDevice wrote passes %#lx", (unsigned long)passes);
    return hr;
}

#define CHECK_VALIDATE(dev, want) CHECK_HR(validate(dev), want)

TEST(default_state_validates)
{
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_ValidateDevice(dev, NULL), D3DERR_INVALIDCALL);
    CHECK_VALIDATE(dev, D3D_OK);
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
}

TEST(filters)
{
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    IDirect3DTexture9 *tex = NULL, *depth = NULL;
    D3DCAPS9 caps;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_GetDeviceCaps(dev, &caps), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_TEX1), D3D_OK);

    /* NONE cannot magnify or minify, texture or not (test_filter). */
    CHECK_HR(IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_NONE), D3D_OK);
    CHECK_VALIDATE(dev, D3DERR_UNSUPPORTEDTEXTUREFILTER);
    CHECK_HR(IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_POINT), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_NONE), D3D_OK);
    CHECK_VALIDATE(dev, D3DERR_UNSUPPORTEDTEXTUREFILTER);
    CHECK_HR(IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_POINT), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_NONE), D3D_OK);
    CHECK_VALIDATE(dev, D3D_OK);

    /* A filter the caps do not list. */
    CHECK(!(caps.TextureFilterCaps & D3DPTFILTERCAPS_MAGFGAUSSIANQUAD), "caps list GAUSSIANQUAD");
    CHECK_HR(IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_GAUSSIANQUAD), D3D_OK);
    CHECK_VALIDATE(dev, D3DERR_UNSUPPORTEDTEXTUREFILTER);
    CHECK_HR(IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_ANISOTROPIC), D3D_OK);
    CHECK_VALIDATE(dev, D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_LINEAR), D3D_OK);

    /* Stage 1 is disabled: its sampler is not judged until it is used. */
    CHECK_HR(IDirect3DDevice9_SetSamplerState(dev, 1, D3DSAMP_MINFILTER, D3DTEXF_NONE), D3D_OK);
    CHECK_VALIDATE(dev, D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, D3DTOP_MODULATE), D3D_OK);
    CHECK_VALIDATE(dev, D3DERR_UNSUPPORTEDTEXTUREFILTER);
    CHECK_HR(IDirect3DDevice9_SetSamplerState(dev, 1, D3DSAMP_MINFILTER, D3DTEXF_LINEAR), D3D_OK);
    CHECK_VALIDATE(dev, D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, D3DTOP_DISABLE), D3D_OK);

    /* Linear filters on a texture CheckDeviceFormat does not offer
     * D3DUSAGE_QUERY_FILTER for are E_FAIL (test_filter, with a format
     * Windows cannot filter); point sampling it is fine. D3DFMT_NULL is
     * such a format here. */
    if (FAILED(IDirect3D9_CheckDeviceFormat(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DUSAGE_QUERY_FILTER,
                                            D3DRTYPE_TEXTURE, FMT_NULL)) &&
        SUCCEEDED(IDirect3DDevice9_CreateTexture(dev, 64, 64, 1, D3DUSAGE_RENDERTARGET, FMT_NULL, D3DPOOL_DEFAULT,
                                                 &tex, NULL))) {
        CHECK_HR(IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex), D3D_OK);
        CHECK_VALIDATE(dev, E_FAIL);
        CHECK_HR(IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_POINT), D3D_OK);
        CHECK_VALIDATE(dev, D3D_OK);
        CHECK_HR(IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_LINEAR), D3D_OK);
        CHECK_VALIDATE(dev, E_FAIL);
        CHECK_HR(IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_NONE), D3D_OK);
        CHECK_HR(IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_LINEAR), D3D_OK);
        CHECK_HR(IDirect3DDevice9_SetTexture(dev, 0, NULL), D3D_OK);
        IDirect3DTexture9_Release(tex);
    } else {
        CHECK(0, "a D3DFMT_NULL render-target texture (no QUERY_FILTER) could not be made");
    }
    /* A depth texture is sampled with a comparison, which filters. */
    if (SUCCEEDED(IDirect3DDevice9_CreateTexture(dev, 64, 64, 1, D3DUSAGE_DEPTHSTENCIL, D3DFMT_D24S8, D3DPOOL_DEFAULT,
                                                 &depth, NULL))) {
        CHECK_HR(IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)depth), D3D_OK);
        CHECK_VALIDATE(dev, D3D_OK);
        CHECK_HR(IDirect3DDevice9_SetTexture(dev, 0, NULL), D3D_OK);
        IDirect3DTexture9_Release(depth);
    } else {
        CHECK(0, "no D24S8 depth texture");
    }
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
}

TEST(stage_operations_and_arguments)
{
    static const DWORD ps_code[] = {0xffff0101, 0x00000001, 0x800f0000, 0x90e40000, 0x0000ffff}; /* ps_1_1: mov r0, v0 */
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    IDirect3DPixelShader9 *ps = NULL;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_LERP + 1), D3D_OK);
    CHECK_VALIDATE(dev, D3DERR_UNSUPPORTEDCOLOROPERATION);
    /* A pixel shader replaces the stages: they are not judged. */
    CHECK_HR(IDirect3DDevice9_CreatePixelShader(dev, ps_code, &ps), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetPixelShader(dev, ps), D3D_OK);
    CHECK_VALIDATE(dev, D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetPixelShader(dev, NULL), D3D_OK);
    IDirect3DPixelShader9_Release(ps);
    CHECK_HR(IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_LERP), D3D_OK);
    CHECK_VALIDATE(dev, D3D_OK);

    CHECK_HR(IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, 30), D3D_OK);
    CHECK_VALIDATE(dev, D3DERR_UNSUPPORTEDALPHAOPERATION);
    CHECK_HR(IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1), D3D_OK);

    /* LERP reads ARG0 too. */
    CHECK_HR(IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG0, D3DTA_CONSTANT + 1), D3D_OK);
    CHECK_VALIDATE(dev, D3DERR_UNSUPPORTEDCOLORARG);
    CHECK_HR(IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_MODULATE), D3D_OK);
    CHECK_VALIDATE(dev, D3D_OK);
    /* A known source with the modifiers, then an unknown modifier bit. */
    CHECK_HR(IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1,
                                                   D3DTA_TEMP | D3DTA_COMPLEMENT | D3DTA_ALPHAREPLICATE),
             D3D_OK);
    CHECK_VALIDATE(dev, D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE | 0x40), D3D_OK);
    CHECK_VALIDATE(dev, D3DERR_UNSUPPORTEDCOLORARG);
    /* SELECTARG2 does not read ARG1. */
    CHECK_HR(IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG2), D3D_OK);
    CHECK_VALIDATE(dev, D3D_OK);

    /* SELECTARG1 reads only ALPHAARG1. */
    CHECK_HR(IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG2, 9), D3D_OK);
    CHECK_VALIDATE(dev, D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, 9), D3D_OK);
    CHECK_VALIDATE(dev, D3DERR_UNSUPPORTEDALPHAARG);
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
}

TEST(blend_state)
{
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    if (!dev)
        return;
    /* Judged only while blending is on. */
    CHECK_HR(IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, 0), D3D_OK);
    CHECK_VALIDATE(dev, D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, TRUE), D3D_OK);
    CHECK_VALIDATE(dev, D3DERR_CONFLICTINGRENDERSTATE);
    CHECK_HR(IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_BLENDFACTOR), D3D_OK);
    CHECK_VALIDATE(dev, D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetRenderState(dev, D3DRS_BLENDOP, D3DBLENDOP_MAX + 1), D3D_OK);
    CHECK_VALIDATE(dev, D3DERR_CONFLICTINGRENDERSTATE);
    CHECK_HR(IDirect3DDevice9_SetRenderState(dev, D3DRS_BLENDOP, D3DBLENDOP_MIN), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLENDALPHA, 99), D3D_OK);
    CHECK_VALIDATE(dev, D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetRenderState(dev, D3DRS_SEPARATEALPHABLENDENABLE, TRUE), D3D_OK);
    CHECK_VALIDATE(dev, D3DERR_CONFLICTINGRENDERSTATE);
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
}

TEST(dialog_box_mode)
{
    /* TRUE needs a GDI back-buffer format, no multisampling, DISCARD, a
     * lockable back buffer and no scene in progress; FALSE always works.
     * A Reset to fullscreen is then held to the same rules. */
    D3DPRESENT_PARAMETERS pp;
    IDirect3DDevice9 *dev = NULL;
    default_pp(&pp, window);
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    CHECK_HR(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, window, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev),
             D3D_OK);
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_SetDialogBoxMode(dev, TRUE), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetDialogBoxMode(dev, FALSE), D3D_OK);
    pp.Flags = D3DPRESENTFLAG_LOCKABLE_BACKBUFFER;
    CHECK_HR(IDirect3DDevice9_Reset(dev, &pp), D3D_OK);
    CHECK_HR(IDirect3DDevice9_BeginScene(dev), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetDialogBoxMode(dev, TRUE), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_EndScene(dev), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetDialogBoxMode(dev, TRUE), D3D_OK);
    /* Windowed, any parameters reset. */
    pp.Flags = 0;
    pp.BackBufferFormat = D3DFMT_A8R8G8B8;
    CHECK_HR(IDirect3DDevice9_Reset(dev, &pp), D3D_OK);
    /* Fullscreen without a lockable back buffer is refused, and the
     * device then needs a good Reset. */
    pp.Windowed = FALSE;
    pp.BackBufferWidth = 640;
    pp.BackBufferHeight = 480;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    CHECK_HR(IDirect3DDevice9_Reset(dev, &pp), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_TestCooperativeLevel(dev), D3DERR_DEVICENOTRESET);
    pp.Flags = D3DPRESENTFLAG_LOCKABLE_BACKBUFFER;
    CHECK_HR(IDirect3DDevice9_Reset(dev, &pp), D3D_OK);
    /* With the mode off again, anything goes. */
    default_pp(&pp, window);
    CHECK_HR(IDirect3DDevice9_Reset(dev, &pp), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetDialogBoxMode(dev, FALSE), D3D_OK);
    pp.Windowed = FALSE;
    pp.BackBufferWidth = 640;
    pp.BackBufferHeight = 480;
    pp.BackBufferFormat = D3DFMT_A8R8G8B8;
    CHECK_HR(IDirect3DDevice9_Reset(dev, &pp), D3D_OK);
    default_pp(&pp, window);
    CHECK_HR(IDirect3DDevice9_Reset(dev, &pp), D3D_OK);
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
}

TEST(convolution_mono_kernel)
{
    /* 1x1 to 7x7 (D3DCONVOLUTIONMONO_MAXWIDTH/HEIGHT), weights NULL. */
    IDirect3D9Ex *d3dex = NULL;
    IDirect3DDevice9Ex *dev = NULL;
    D3DPRESENT_PARAMETERS pp;
    float w[7] = {1, 1, 1, 1, 1, 1, 1};
    CHECK_HR(Direct3DCreate9Ex(D3D_SDK_VERSION, &d3dex), D3D_OK);
    if (!d3dex)
        return;
    default_pp(&pp, window);
    CHECK_HR(IDirect3D9Ex_CreateDeviceEx(d3dex, 0, D3DDEVTYPE_HAL, window, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp,
                                         NULL, &dev),
             D3D_OK);
    if (dev) {
        CHECK_HR(IDirect3DDevice9Ex_SetConvolutionMonoKernel(dev, 1, 1, NULL, NULL), D3D_OK);
        CHECK_HR(IDirect3DDevice9Ex_SetConvolutionMonoKernel(dev, 7, 7, NULL, NULL), D3D_OK);
        CHECK_HR(IDirect3DDevice9Ex_SetConvolutionMonoKernel(dev, 0, 1, NULL, NULL), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9Ex_SetConvolutionMonoKernel(dev, 1, 0, NULL, NULL), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9Ex_SetConvolutionMonoKernel(dev, 8, 1, NULL, NULL), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9Ex_SetConvolutionMonoKernel(dev, 1, 8, NULL, NULL), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9Ex_SetConvolutionMonoKernel(dev, 7, 7, w, NULL), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9Ex_SetConvolutionMonoKernel(dev, 7, 7, NULL, w), D3DERR_INVALIDCALL);
        CHECK_EQ_U(IDirect3DDevice9Ex_Release(dev), 0);
    }
    IDirect3D9Ex_Release(d3dex);
}

static const struct harness_test tests[] = {T(default_state_validates), T(filters), T(stage_operations_and_arguments),
                                            T(blend_state), T(dialog_box_mode), T(convolution_mono_kernel)};

int main(void)
{
    return RUN_TESTS_SHARED(tests, &d3d, &window);
}
