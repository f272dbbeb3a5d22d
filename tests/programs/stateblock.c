/* State blocks: CreateStateBlock of each type captures what D3D9's
 * "Predefined State Blocks" page lists, BeginStateBlock/EndStateBlock
 * record without changing the device, Capture refreshes only what a
 * block holds, Apply restores it, and misuse answers D3DERR_INVALIDCALL. */

#include "device_util.h"

struct ctx {
    IDirect3D9 *d3d;
    HWND window;
    IDirect3DDevice9 *dev;
};

static BOOL open_device(struct ctx *c)
{
    D3DPRESENT_PARAMETERS pp = {0};
    memset(c, 0, sizeof(*c));
    c->d3d = Direct3DCreate9(D3D_SDK_VERSION);
    CHECK(c->d3d != NULL, "Direct3DCreate9 failed");
    if (!c->d3d)
        return FALSE;
    c->window = test_window(640, 480);
    pp.Windowed = TRUE;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp.BackBufferFormat = D3DFMT_UNKNOWN;
    pp.hDeviceWindow = c->window;
    HRESULT hr = IDirect3D9_CreateDevice(c->d3d, 0, D3DDEVTYPE_HAL, c->window, D3DCREATE_HARDWARE_VERTEXPROCESSING,
                                         &pp, &c->dev);
    CHECK(hr == D3D_OK, "CreateDevice returned %#lx", (unsigned long)hr);
    if (FAILED(hr)) {
        IDirect3D9_Release(c->d3d);
        DestroyWindow(c->window);
        return FALSE;
    }
    return TRUE;
}

static void close_device(struct ctx *c)
{
    CHECK_EQ_U(IDirect3DDevice9_Release(c->dev), 0);
    IDirect3D9_Release(c->d3d);
    DestroyWindow(c->window);
}

static DWORD rs(IDirect3DDevice9 *dev, D3DRENDERSTATETYPE s)
{
    DWORD v = 0xdeadbeef;
    CHECK_HR(IDirect3DDevice9_GetRenderState(dev, s, &v), D3D_OK);
    return v;
}

static DWORD tss(IDirect3DDevice9 *dev, DWORD stage, D3DTEXTURESTAGESTATETYPE t)
{
    DWORD v = 0xdeadbeef;
    CHECK_HR(IDirect3DDevice9_GetTextureStageState(dev, stage, t, &v), D3D_OK);
    return v;
}

static DWORD samp(IDirect3DDevice9 *dev, DWORD sampler, D3DSAMPLERSTATETYPE t)
{
    DWORD v = 0xdeadbeef;
    CHECK_HR(IDirect3DDevice9_GetSamplerState(dev, sampler, t, &v), D3D_OK);
    return v;
}

static float vsc(IDirect3DDevice9 *dev, UINT reg)
{
    float f[4] = {-1, -1, -1, -1};
    CHECK_HR(IDirect3DDevice9_GetVertexShaderConstantF(dev, reg, f, 1), D3D_OK);
    return f[0];
}

static float psc(IDirect3DDevice9 *dev, UINT reg)
{
    float f[4] = {-1, -1, -1, -1};
    CHECK_HR(IDirect3DDevice9_GetPixelShaderConstantF(dev, reg, f, 1), D3D_OK);
    return f[0];
}

static float world11(IDirect3DDevice9 *dev)
{
    D3DMATRIX m;
    CHECK_HR(IDirect3DDevice9_GetTransform(dev, D3DTS_WORLD, &m), D3D_OK);
    return m._11;
}

/* Puts the device in state "a" (1) or "b" (2): one pixel and one vertex
 * state of each kind. */
static void set_state(IDirect3DDevice9 *dev, int which)
{
    float f[4] = {(float)which, 0, 0, 0};
    D3DMATRIX m = {{{(float)which, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}}};
    D3DVIEWPORT9 vp = {(DWORD)which, 0, 100, 100, 0.0f, 1.0f};
    CHECK_HR(IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, which), D3D_OK);      /* pixel */
    CHECK_HR(IDirect3DDevice9_SetRenderState(dev, D3DRS_AMBIENT, which), D3D_OK);       /* vertex */
    CHECK_HR(IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGSTART, which), D3D_OK);      /* both */
    CHECK_HR(IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLORARG0, which), D3D_OK);     /* pixel */
    CHECK_HR(IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_TEXCOORDINDEX, which), D3D_OK); /* both */
    CHECK_HR(IDirect3DDevice9_SetSamplerState(dev, 2, D3DSAMP_BORDERCOLOR, which), D3D_OK);       /* pixel */
    CHECK_HR(IDirect3DDevice9_SetSamplerState(dev, D3DVERTEXTEXTURESAMPLER1, D3DSAMP_DMAPOFFSET, which),
             D3D_OK); /* vertex */
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(dev, 100, f, 1), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetPixelShaderConstantF(dev, 100, f, 1), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetTransform(dev, D3DTS_WORLD, &m), D3D_OK); /* D3DSBT_ALL only */
    CHECK_HR(IDirect3DDevice9_SetViewport(dev, &vp), D3D_OK);             /* D3DSBT_ALL only */
}

/* What a block of the given type restored, state by state. */
static void check_state(IDirect3DDevice9 *dev, int pixel, int vertex, int all, int line)
{
    D3DVIEWPORT9 vp;
    harness_check(rs(dev, D3DRS_ALPHAREF) == (DWORD)pixel, __FILE__, line, "ALPHAREF %lu, want %d",
                  (unsigned long)rs(dev, D3DRS_ALPHAREF), pixel);
    harness_check(rs(dev, D3DRS_AMBIENT) == (DWORD)vertex, __FILE__, line, "AMBIENT %lu, want %d",
                  (unsigned long)rs(dev, D3DRS_AMBIENT), vertex);
    harness_check(tss(dev, 1, D3DTSS_COLORARG0) == (DWORD)pixel, __FILE__, line, "COLORARG0 %lu, want %d",
                  (unsigned long)tss(dev, 1, D3DTSS_COLORARG0), pixel);
    harness_check(samp(dev, 2, D3DSAMP_BORDERCOLOR) == (DWORD)pixel, __FILE__, line, "BORDERCOLOR %lu, want %d",
                  (unsigned long)samp(dev, 2, D3DSAMP_BORDERCOLOR), pixel);
    harness_check(samp(dev, D3DVERTEXTEXTURESAMPLER1, D3DSAMP_DMAPOFFSET) == (DWORD)vertex, __FILE__, line,
                  "DMAPOFFSET %lu, want %d", (unsigned long)samp(dev, D3DVERTEXTEXTURESAMPLER1, D3DSAMP_DMAPOFFSET),
                  vertex);
    harness_check(vsc(dev, 100) == (float)vertex, __FILE__, line, "vs c100 %f, want %d", vsc(dev, 100), vertex);
    harness_check(psc(dev, 100) == (float)pixel, __FILE__, line, "ps c100 %f, want %d", psc(dev, 100), pixel);
    harness_check(world11(dev) == (float)all, __FILE__, line, "world._11 %f, want %d", world11(dev), all);
    IDirect3DDevice9_GetViewport(dev, &vp);
    harness_check(vp.X == (DWORD)all, __FILE__, line, "viewport X %lu, want %d", (unsigned long)vp.X, all);
}

TEST(create_types)
{
    struct ctx c;
    IDirect3DStateBlock9 *sb = (void *)1;
    IDirect3DDevice9 *dev;
    if (!open_device(&c))
        return;
    CHECK_HR(IDirect3DDevice9_CreateStateBlock(c.dev, 0, &sb), D3DERR_INVALIDCALL);
    CHECK(sb == NULL, "failed CreateStateBlock leaves a block");
    CHECK_HR(IDirect3DDevice9_CreateStateBlock(c.dev, D3DSBT_VERTEXSTATE + 1, &sb), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateStateBlock(c.dev, D3DSBT_ALL, NULL), D3DERR_INVALIDCALL);
    for (D3DSTATEBLOCKTYPE t = D3DSBT_ALL; t <= D3DSBT_VERTEXSTATE; t++) {
        CHECK_HR(IDirect3DDevice9_CreateStateBlock(c.dev, t, &sb), D3D_OK);
        if (!sb)
            continue;
        /* A block holds a reference on its device, and reports it. */
        CHECK_HR(IDirect3DStateBlock9_GetDevice(sb, &dev), D3D_OK);
        CHECK(dev == c.dev, "GetDevice");
        CHECK_EQ_U(IDirect3DDevice9_Release(dev), 2);
        CHECK_EQ_U(IDirect3DStateBlock9_Release(sb), 0);
    }
    close_device(&c);
}

TEST(capture_and_apply_by_type)
{
    struct ctx c;
    IDirect3DStateBlock9 *all, *pixel, *vertex;
    if (!open_device(&c))
        return;
    set_state(c.dev, 1);
    CHECK_HR(IDirect3DDevice9_CreateStateBlock(c.dev, D3DSBT_ALL, &all), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateStateBlock(c.dev, D3DSBT_PIXELSTATE, &pixel), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateStateBlock(c.dev, D3DSBT_VERTEXSTATE, &vertex), D3D_OK);
    if (!all || !pixel || !vertex)
        return;

    set_state(c.dev, 2);
    CHECK_HR(IDirect3DStateBlock9_Apply(pixel), D3D_OK);
    check_state(c.dev, 1, 2, 2, __LINE__);
    CHECK_EQ_U(rs(c.dev, D3DRS_FOGSTART), 1);
    CHECK_EQ_U(tss(c.dev, 1, D3DTSS_TEXCOORDINDEX), 1);

    set_state(c.dev, 2);
    CHECK_HR(IDirect3DStateBlock9_Apply(vertex), D3D_OK);
    check_state(c.dev, 2, 1, 2, __LINE__);
    CHECK_EQ_U(rs(c.dev, D3DRS_FOGSTART), 1);
    CHECK_EQ_U(tss(c.dev, 1, D3DTSS_TEXCOORDINDEX), 1);

    set_state(c.dev, 2);
    CHECK_HR(IDirect3DStateBlock9_Apply(all), D3D_OK);
    check_state(c.dev, 1, 1, 1, __LINE__);

    /* Capture takes the device's current values into the same states. */
    set_state(c.dev, 2);
    CHECK_HR(IDirect3DStateBlock9_Capture(pixel), D3D_OK);
    set_state(c.dev, 1);
    CHECK_HR(IDirect3DStateBlock9_Apply(pixel), D3D_OK);
    check_state(c.dev, 2, 1, 1, __LINE__);

    CHECK_EQ_U(IDirect3DStateBlock9_Release(all), 0);
    CHECK_EQ_U(IDirect3DStateBlock9_Release(pixel), 0);
    CHECK_EQ_U(IDirect3DStateBlock9_Release(vertex), 0);
    close_device(&c);
}

TEST(record)
{
    struct ctx c;
    IDirect3DStateBlock9 *sb = (void *)1, *other = NULL;
    float f[4] = {5, 6, 7, 8};
    D3DMATRIX m = {{{3, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}}};
    if (!open_device(&c))
        return;
    /* Nothing recording: refused, *out left alone (Windows). */
    CHECK_HR(IDirect3DDevice9_EndStateBlock(c.dev, &sb), D3DERR_INVALIDCALL);
    CHECK(sb == (void *)1, "EndStateBlock without Begin wrote %p", (void *)sb);
    sb = NULL;
    CHECK_HR(IDirect3DDevice9_CreateStateBlock(c.dev, D3DSBT_ALL, &other), D3D_OK);
    CHECK_HR(IDirect3DDevice9_BeginStateBlock(c.dev), D3D_OK);
    CHECK_HR(IDirect3DDevice9_BeginStateBlock(c.dev), D3DERR_INVALIDCALL);

    /* While recording, setters change the block, not the device. */
    CHECK_HR(IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ALPHAREF, 9), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetTextureStageState(c.dev, 2, D3DTSS_COLOROP, D3DTOP_ADD), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetSamplerState(c.dev, 3, D3DSAMP_ADDRESSU, D3DTADDRESS_MIRROR), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(c.dev, 7, f, 1), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetTransform(c.dev, D3DTS_VIEW, &m), D3D_OK);
    CHECK_HR(IDirect3DDevice9_LightEnable(c.dev, 2, TRUE), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetFVF(c.dev, D3DFVF_XYZ), D3D_OK);
    CHECK_EQ_U(rs(c.dev, D3DRS_ALPHAREF), 0);
    CHECK_EQ_U(tss(c.dev, 2, D3DTSS_COLOROP), D3DTOP_DISABLE);
    CHECK_EQ_U(samp(c.dev, 3, D3DSAMP_ADDRESSU), D3DTADDRESS_WRAP);
    CHECK(vsc(c.dev, 7) == 0.0f, "vs c7 changed while recording");
    {
        D3DMATRIX g;
        DWORD fvf;
        BOOL en;
        IDirect3DDevice9_GetTransform(c.dev, D3DTS_VIEW, &g);
        CHECK(g._11 == 1.0f, "view changed while recording");
        CHECK_HR(IDirect3DDevice9_GetLightEnable(c.dev, 2, &en), D3DERR_INVALIDCALL);
        IDirect3DDevice9_GetFVF(c.dev, &fvf);
        CHECK_EQ_U(fvf, 0);
    }
    /* Capture, Apply and CreateStateBlock are refused while recording. */
    if (other) {
        IDirect3DStateBlock9 *more = NULL;
        CHECK_HR(IDirect3DStateBlock9_Capture(other), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DStateBlock9_Apply(other), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9_CreateStateBlock(c.dev, D3DSBT_ALL, &more), D3DERR_INVALIDCALL);
        IDirect3DStateBlock9_Release(other);
    }
    CHECK_HR(IDirect3DDevice9_EndStateBlock(c.dev, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_EndStateBlock(c.dev, &sb), D3D_OK);
    if (sb)
        CHECK_EQ_U(IDirect3DStateBlock9_Release(sb), 0);
    sb = NULL;
    CHECK_HR(IDirect3DDevice9_EndStateBlock(c.dev, &sb), D3DERR_INVALIDCALL);
    CHECK(sb == NULL, "failed EndStateBlock wrote %p", (void *)sb);
    CHECK_HR(IDirect3DDevice9_BeginStateBlock(c.dev), D3D_OK);
    CHECK_HR(IDirect3DDevice9_EndStateBlock(c.dev, &sb), D3D_OK);
    if (sb)
        CHECK_EQ_U(IDirect3DStateBlock9_Release(sb), 0);

    /* Record again and apply: the recorded states, and only those. */
    CHECK_HR(IDirect3DDevice9_BeginStateBlock(c.dev), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ALPHAREF, 9), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetTextureStageState(c.dev, 2, D3DTSS_COLOROP, D3DTOP_ADD), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetSamplerState(c.dev, 3, D3DSAMP_ADDRESSU, D3DTADDRESS_MIRROR), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(c.dev, 7, f, 1), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetTransform(c.dev, D3DTS_VIEW, &m), D3D_OK);
    CHECK_HR(IDirect3DDevice9_LightEnable(c.dev, 2, TRUE), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetFVF(c.dev, D3DFVF_XYZ), D3D_OK);
    sb = NULL;
    CHECK_HR(IDirect3DDevice9_EndStateBlock(c.dev, &sb), D3D_OK);
    if (!sb)
        return;
    CHECK_HR(IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ALPHABLENDENABLE, TRUE), D3D_OK);
    CHECK_HR(IDirect3DStateBlock9_Apply(sb), D3D_OK);
    CHECK_EQ_U(rs(c.dev, D3DRS_ALPHAREF), 9);
    CHECK_EQ_U(rs(c.dev, D3DRS_ALPHABLENDENABLE), TRUE);
    CHECK_EQ_U(tss(c.dev, 2, D3DTSS_COLOROP), D3DTOP_ADD);
    CHECK_EQ_U(samp(c.dev, 3, D3DSAMP_ADDRESSU), D3DTADDRESS_MIRROR);
    CHECK(vsc(c.dev, 7) == 5.0f, "vs c7 not applied");
    {
        D3DMATRIX g;
        DWORD fvf;
        BOOL en = 0;
        IDirect3DDevice9_GetTransform(c.dev, D3DTS_VIEW, &g);
        CHECK(g._11 == 3.0f, "view not applied");
        CHECK_HR(IDirect3DDevice9_GetLightEnable(c.dev, 2, &en), D3D_OK);
        CHECK(en, "light 2 not enabled");
        IDirect3DDevice9_GetFVF(c.dev, &fvf);
        CHECK_EQ_U(fvf, D3DFVF_XYZ);
    }

    /* Capture refreshes only the recorded states. */
    CHECK_HR(IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ALPHAREF, 11), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetRenderState(c.dev, D3DRS_CULLMODE, D3DCULL_CW), D3D_OK);
    CHECK_HR(IDirect3DStateBlock9_Capture(sb), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ALPHAREF, 12), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetRenderState(c.dev, D3DRS_CULLMODE, D3DCULL_NONE), D3D_OK);
    CHECK_HR(IDirect3DStateBlock9_Apply(sb), D3D_OK);
    CHECK_EQ_U(rs(c.dev, D3DRS_ALPHAREF), 11);
    CHECK_EQ_U(rs(c.dev, D3DRS_CULLMODE), D3DCULL_NONE);
    CHECK_EQ_U(IDirect3DStateBlock9_Release(sb), 0);
    close_device(&c);
}

TEST(lights_and_objects)
{
    struct ctx c;
    IDirect3DStateBlock9 *sb;
    D3DLIGHT9 light = {0}, got;
    IDirect3DVertexBuffer9 *vb = NULL, *gvb;
    UINT off, stride;
    BOOL en;
    if (!open_device(&c))
        return;
    light.Type = D3DLIGHT_POINT;
    light.Diffuse.g = 1.0f;
    light.Range = 5.0f;
    CHECK_HR(IDirect3DDevice9_SetLight(c.dev, 4, &light), D3D_OK);
    CHECK_HR(IDirect3DDevice9_LightEnable(c.dev, 4, TRUE), D3D_OK);
    /* A vertex state block takes the lights. */
    CHECK_HR(IDirect3DDevice9_CreateStateBlock(c.dev, D3DSBT_VERTEXSTATE, &sb), D3D_OK);
    if (!sb)
        return;
    light.Range = 50.0f;
    CHECK_HR(IDirect3DDevice9_SetLight(c.dev, 4, &light), D3D_OK);
    CHECK_HR(IDirect3DDevice9_LightEnable(c.dev, 4, FALSE), D3D_OK);
    CHECK_HR(IDirect3DStateBlock9_Apply(sb), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetLight(c.dev, 4, &got), D3D_OK);
    CHECK(got.Range == 5.0f, "light 4 range %f", got.Range);
    CHECK_HR(IDirect3DDevice9_GetLightEnable(c.dev, 4, &en), D3D_OK);
    CHECK(en, "light 4 not re-enabled");
    CHECK_EQ_U(IDirect3DStateBlock9_Release(sb), 0);

    /* A block holds what it captured: a released vertex buffer lives on
     * in the block and comes back with Apply. */
    if (FAILED(IDirect3DDevice9_CreateVertexBuffer(c.dev, 64, 0, 0, D3DPOOL_MANAGED, &vb, NULL))) {
        printf("note: CreateVertexBuffer unavailable, object capture not tested\n");
        close_device(&c);
        return;
    }
    CHECK_HR(IDirect3DDevice9_SetStreamSource(c.dev, 0, vb, 4, 20), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateStateBlock(c.dev, D3DSBT_ALL, &sb), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetStreamSource(c.dev, 0, NULL, 0, 0), D3D_OK);
    CHECK_EQ_U(IDirect3DVertexBuffer9_Release(vb), 0);
    CHECK_HR(IDirect3DStateBlock9_Apply(sb), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetStreamSource(c.dev, 0, &gvb, &off, &stride), D3D_OK);
    CHECK(gvb == vb && off == 4 && stride == 20, "stream 0 after Apply: %p %u %u", gvb, off, stride);
    if (gvb)
        IDirect3DVertexBuffer9_Release(gvb);
    CHECK_EQ_U(IDirect3DStateBlock9_Release(sb), 0);
    CHECK_HR(IDirect3DDevice9_SetStreamSource(c.dev, 0, NULL, 0, 0), D3D_OK);
    close_device(&c);
}

TEST(release_while_recording)
{
    struct ctx c;
    if (!open_device(&c))
        return;
    /* A device released mid-recording frees the unfinished block. */
    CHECK_HR(IDirect3DDevice9_BeginStateBlock(c.dev), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetRenderState(c.dev, D3DRS_LIGHTING, FALSE), D3D_OK);
    close_device(&c);
}

TEST(recording_refuses)
{
    /* EndStateBlock with nothing recording is refused and leaves *out
     * alone; CreateStateBlock is refused while a block records (Windows,
     * Wine's test_begin_end_state_block). */
    struct ctx c;
    IDirect3DStateBlock9 *sb = (IDirect3DStateBlock9 *)0xdeadbeef;
    if (!open_device(&c))
        return;
    CHECK_HR(IDirect3DDevice9_EndStateBlock(c.dev, &sb), D3DERR_INVALIDCALL);
    CHECK(sb == (IDirect3DStateBlock9 *)0xdeadbeef, "EndStateBlock wrote %p", (void *)sb);
    CHECK_HR(IDirect3DDevice9_BeginStateBlock(c.dev), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateStateBlock(c.dev, D3DSBT_ALL, &sb), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_EndStateBlock(c.dev, &sb), D3D_OK);
    if (sb && sb != (IDirect3DStateBlock9 *)0xdeadbeef)
        IDirect3DStateBlock9_Release(sb);
    close_device(&c);
}

TEST(declarations_and_offsets)
{
    static const D3DVERTEXELEMENT9 pos[] = {{0, 0, D3DDECLTYPE_FLOAT3, 0, D3DDECLUSAGE_POSITION, 0}, D3DDECL_END()};
    static const D3DVERTEXELEMENT9 nrm[] = {{0, 0, D3DDECLTYPE_FLOAT3, 0, D3DDECLUSAGE_NORMAL, 0}, D3DDECL_END()};
    IDirect3DVertexDeclaration9 *d1 = NULL, *d2 = NULL, *got = NULL;
    IDirect3DVertexBuffer9 *vb = NULL, *gvb = NULL;
    IDirect3DStateBlock9 *sb = NULL;
    UINT offset = 99, stride = 0;
    struct ctx c;
    if (!open_device(&c))
        return;
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(c.dev, pos, &d1), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(c.dev, nrm, &d2), D3D_OK);
    /* A block that captured no declaration leaves the device's alone. */
    CHECK_HR(IDirect3DDevice9_BeginStateBlock(c.dev), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetVertexDeclaration(c.dev, d1), D3D_OK);
    CHECK_HR(IDirect3DDevice9_EndStateBlock(c.dev, &sb), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetVertexDeclaration(c.dev, NULL), D3D_OK);
    CHECK_HR(IDirect3DStateBlock9_Capture(sb), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetVertexDeclaration(c.dev, d2), D3D_OK);
    CHECK_HR(IDirect3DStateBlock9_Apply(sb), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetVertexDeclaration(c.dev, &got), D3D_OK);
    CHECK(got == d2, "Apply of a block holding no declaration replaced the device's");
    if (got)
        IDirect3DVertexDeclaration9_Release(got);
    IDirect3DStateBlock9_Release(sb);
    /* A CreateStateBlock block's Capture keeps the stream offsets it was made with. */
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(c.dev, 256, 0, 0, D3DPOOL_MANAGED, &vb, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetStreamSource(c.dev, 0, NULL, 0, 0), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateStateBlock(c.dev, D3DSBT_ALL, &sb), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetStreamSource(c.dev, 0, vb, 4, 64), D3D_OK);
    CHECK_HR(IDirect3DStateBlock9_Capture(sb), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetStreamSource(c.dev, 0, NULL, 0, 0), D3D_OK);
    CHECK_HR(IDirect3DStateBlock9_Apply(sb), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetStreamSource(c.dev, 0, &gvb, &offset, &stride), D3D_OK);
    CHECK(gvb == vb, "stream 0 buffer after Apply");
    CHECK_EQ_U(offset, 0);
    CHECK_EQ_U(stride, 64);
    if (gvb)
        IDirect3DVertexBuffer9_Release(gvb);
    CHECK_HR(IDirect3DDevice9_SetStreamSource(c.dev, 0, NULL, 0, 0), D3D_OK);
    IDirect3DStateBlock9_Release(sb);
    IDirect3DVertexBuffer9_Release(vb);
    CHECK_HR(IDirect3DDevice9_SetVertexDeclaration(c.dev, NULL), D3D_OK);
    IDirect3DVertexDeclaration9_Release(d1);
    IDirect3DVertexDeclaration9_Release(d2);
    close_device(&c);
}

static const struct harness_test tests[] = {
    T(create_types),
    T(declarations_and_offsets),
    T(capture_and_apply_by_type),
    T(record),
    T(lights_and_objects),
    T(release_while_recording),
    T(recording_refuses),
};

int main(void)
{
    return RUN_TESTS(tests);
}
