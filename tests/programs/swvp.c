/* Software vertex processing's registers: a device created with
 * D3DCREATE_SOFTWARE_VERTEXPROCESSING or D3DCREATE_MIXED_VERTEXPROCESSING
 * takes 8192 float, 2048 integer and 2048 boolean vertex shader constants
 * (a hardware device 256, 16 and 16); D3DCAPS9.MaxVertexShaderConst is
 * 8192 on a software device and 256 on a mixed one; state blocks hold the
 * whole range; shaders read past c255 directly and through a0. A mixed
 * device in hardware mode refuses the first draw with a shader that names
 * constants past the hardware's and draws the later ones without it.
 * Expected values are Windows' (Wine's test_vertex_shader_constant and
 * test_mvp_software_vertex_shaders, run on Windows).
 *
 * The bytecode is written by hand from the source in the comment above
 * each array. */
#include "draw_util.h"

static IDirect3D9 *d3d;
static HWND window;

#define SW_F 8192
#define SW_I 2048
#define SW_B 2048

/* A windowed 640x480 device made with the vertex processing flags vp. */
static IDirect3DDevice9 *vp_device(DWORD vp)
{
    D3DPRESENT_PARAMETERS pp;
    IDirect3DDevice9 *dev = NULL;
    default_pp(&pp, window);
    pp.BackBufferWidth = 640;
    pp.BackBufferHeight = 480;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    CHECK_HR(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, window, vp, &pp, &dev), D3D_OK);
    return dev;
}

static DWORD max_vs_const(IDirect3DDevice9 *dev)
{
    D3DCAPS9 caps;
    memset(&caps, 0, sizeof(caps));
    CHECK_HR(IDirect3DDevice9_GetDeviceCaps(dev, &caps), D3D_OK);
    return caps.MaxVertexShaderConst;
}

static DWORD max_blend_index(IDirect3DDevice9 *dev)
{
    D3DCAPS9 caps;
    memset(&caps, 0, sizeof(caps));
    CHECK_HR(IDirect3DDevice9_GetDeviceCaps(dev, &caps), D3D_OK);
    return caps.MaxVertexBlendMatrixIndex;
}

TEST(caps)
{
    IDirect3DDevice9 *dev;
    D3DCAPS9 caps;
    /* IDirect3D9's caps are the hardware's. */
    CHECK_HR(IDirect3D9_GetDeviceCaps(d3d, 0, D3DDEVTYPE_HAL, &caps), D3D_OK);
    CHECK_EQ_U(caps.MaxVertexShaderConst, 256);
    if ((dev = vp_device(D3DCREATE_HARDWARE_VERTEXPROCESSING))) {
        CHECK_EQ_U(max_vs_const(dev), 256);
        IDirect3DDevice9_Release(dev);
    }
    /* A software device's are the software pipeline's: 8192 constants
     * and 256 blend matrices (NVIDIA's and AMD's drivers report 255). */
    if ((dev = vp_device(D3DCREATE_SOFTWARE_VERTEXPROCESSING))) {
        CHECK_EQ_U(max_vs_const(dev), SW_F);
        CHECK_EQ_U(max_blend_index(dev), 255);
        IDirect3DDevice9_Release(dev);
    }
    if ((dev = vp_device(D3DCREATE_MIXED_VERTEXPROCESSING))) {
        CHECK_EQ_U(max_vs_const(dev), 256);
        CHECK_HR(IDirect3DDevice9_SetSoftwareVertexProcessing(dev, TRUE), D3D_OK);
        CHECK_EQ_U(max_vs_const(dev), 256);
        IDirect3DDevice9_Release(dev);
    }
}

/* The setters' and getters' ranges: registers [0, f), [0, i), [0, b). */
static void check_ranges(IDirect3DDevice9 *dev, UINT f, UINT i, UINT b)
{
    static const float fz[8] = {0};
    static const int iz[8] = {0};
    static const BOOL bz[2] = {0};
    float fo[8];
    int io[8];
    BOOL bo[2];
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(dev, f - 1, fz, 1), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(dev, f, fz, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(dev, f - 1, fz, 2), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(dev, ~0u, fz, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetVertexShaderConstantF(dev, f - 2, fo, 2), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetVertexShaderConstantF(dev, f - 1, fo, 2), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantI(dev, i - 1, iz, 1), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantI(dev, i, iz, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantI(dev, i - 1, iz, 2), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetVertexShaderConstantI(dev, i - 2, io, 2), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetVertexShaderConstantI(dev, i - 1, io, 2), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantB(dev, b - 1, bz, 1), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantB(dev, b, bz, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantB(dev, b - 1, bz, 2), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetVertexShaderConstantB(dev, b - 2, bo, 2), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetVertexShaderConstantB(dev, b - 1, bo, 2), D3DERR_INVALIDCALL);
    /* The pixel stage keeps its registers whatever the device. */
    CHECK_HR(IDirect3DDevice9_SetPixelShaderConstantF(dev, 223, fz, 1), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetPixelShaderConstantF(dev, 224, fz, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetPixelShaderConstantI(dev, 16, iz, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetPixelShaderConstantB(dev, 16, bz, 1), D3DERR_INVALIDCALL);
}

TEST(setter_ranges)
{
    IDirect3DDevice9 *dev;
    if ((dev = vp_device(D3DCREATE_HARDWARE_VERTEXPROCESSING))) {
        check_ranges(dev, 256, 16, 16);
        IDirect3DDevice9_Release(dev);
    }
    if ((dev = vp_device(D3DCREATE_SOFTWARE_VERTEXPROCESSING))) {
        check_ranges(dev, SW_F, SW_I, SW_B);
        IDirect3DDevice9_Release(dev);
    }
    /* A mixed device takes the software ranges in either mode. */
    if ((dev = vp_device(D3DCREATE_MIXED_VERTEXPROCESSING))) {
        CHECK_HR(IDirect3DDevice9_SetSoftwareVertexProcessing(dev, FALSE), D3D_OK);
        check_ranges(dev, SW_F, SW_I, SW_B);
        CHECK_HR(IDirect3DDevice9_SetSoftwareVertexProcessing(dev, TRUE), D3D_OK);
        check_ranges(dev, SW_F, SW_I, SW_B);
        IDirect3DDevice9_Release(dev);
    }
}

/* Register r's values: distinct for every register and component. */
static float fval(UINT r, UINT c) { return (float)(r * 4 + c) + 0.5f; }
static int ival(UINT r, UINT c) { return (int)(r * 4 + c) - 3000; }
static BOOL bval(UINT r) { return (r * 7) % 3 == 0; }

static float fbuf[SW_F][4], fout[SW_F][4];
static int ibuf[SW_I][4], iout[SW_I][4];
static BOOL bbuf[SW_B], bout[SW_B];

TEST(getters_round_trip)
{
    IDirect3DDevice9 *dev = vp_device(D3DCREATE_SOFTWARE_VERTEXPROCESSING);
    UINT bad = 0;
    if (!dev)
        return;
    for (UINT r = 0; r < SW_F; r++)
        for (UINT c = 0; c < 4; c++)
            fbuf[r][c] = fval(r, c);
    for (UINT r = 0; r < SW_I; r++)
        for (UINT c = 0; c < 4; c++)
            ibuf[r][c] = ival(r, c);
    for (UINT r = 0; r < SW_B; r++)
        bbuf[r] = bval(r);
    /* In pieces of different sizes, then back in one. */
    for (UINT r = 0; r < SW_F;) {
        UINT n = r % 7 + 1 < SW_F - r ? r % 7 + 1 : SW_F - r;
        CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(dev, r, fbuf[r], n), D3D_OK);
        r += n;
    }
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantI(dev, 0, ibuf[0], SW_I), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantB(dev, 0, bbuf, SW_B), D3D_OK);
    memset(fout, 0xcc, sizeof(fout));
    memset(iout, 0xcc, sizeof(iout));
    memset(bout, 0xcc, sizeof(bout));
    CHECK_HR(IDirect3DDevice9_GetVertexShaderConstantF(dev, 0, fout[0], SW_F), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetVertexShaderConstantI(dev, 0, iout[0], SW_I), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetVertexShaderConstantB(dev, 0, bout, SW_B), D3D_OK);
    CHECK(!memcmp(fout, fbuf, sizeof(fbuf)), "float constants differ after the round trip");
    CHECK(!memcmp(iout, ibuf, sizeof(ibuf)), "integer constants differ after the round trip");
    for (UINT r = 0; r < SW_B; r++)
        bad += bout[r] != bbuf[r];
    CHECK_EQ_U(bad, 0);
    /* A piece in the middle. */
    CHECK_HR(IDirect3DDevice9_GetVertexShaderConstantF(dev, 5000, fout[0], 3), D3D_OK);
    CHECK(fout[2][3] == fval(5002, 3), "c5002.w = %f, want %f", fout[2][3], fval(5002, 3));
    IDirect3DDevice9_Release(dev);
}

static float getf(IDirect3DDevice9 *dev, UINT r)
{
    float v[4] = {-1, -1, -1, -1};
    IDirect3DDevice9_GetVertexShaderConstantF(dev, r, v, 1);
    return v[0];
}

static int geti(IDirect3DDevice9 *dev, UINT r)
{
    int v[4] = {-1, -1, -1, -1};
    IDirect3DDevice9_GetVertexShaderConstantI(dev, r, v, 1);
    return v[0];
}

static BOOL getb(IDirect3DDevice9 *dev, UINT r)
{
    BOOL v = 7;
    IDirect3DDevice9_GetVertexShaderConstantB(dev, r, &v, 1);
    return v;
}

static void setall(IDirect3DDevice9 *dev, float f, int i, BOOL b)
{
    const float fv[4] = {f, f, f, f};
    const int iv[4] = {i, i, i, i};
    IDirect3DDevice9_SetVertexShaderConstantF(dev, 300, fv, 1);
    IDirect3DDevice9_SetVertexShaderConstantF(dev, 8191, fv, 1);
    IDirect3DDevice9_SetVertexShaderConstantI(dev, 1000, iv, 1);
    IDirect3DDevice9_SetVertexShaderConstantB(dev, 2047, &b, 1);
}

TEST(state_blocks)
{
    IDirect3DDevice9 *dev = vp_device(D3DCREATE_MIXED_VERTEXPROCESSING);
    IDirect3DStateBlock9 *rec = NULL, *all = NULL, *vtx = NULL;
    if (!dev)
        return;
    /* A recorded block holds what was set while it recorded. */
    CHECK_HR(IDirect3DDevice9_BeginStateBlock(dev), D3D_OK);
    setall(dev, 1.0f, 11, TRUE);
    CHECK_HR(IDirect3DDevice9_EndStateBlock(dev, &rec), D3D_OK);
    CHECK(getf(dev, 300) == 0.0f && getf(dev, 8191) == 0.0f, "recording changed the device's float constants");
    CHECK_EQ_U(geti(dev, 1000), 0);
    CHECK_EQ_U(getb(dev, 2047), FALSE);
    if (rec) {
        CHECK_HR(IDirect3DStateBlock9_Apply(rec), D3D_OK);
        CHECK(getf(dev, 300) == 1.0f && getf(dev, 8191) == 1.0f, "c300 %f, c8191 %f after Apply, want 1", getf(dev, 300),
              getf(dev, 8191));
        CHECK_EQ_U(geti(dev, 1000), 11);
        CHECK_EQ_U(getb(dev, 2047), TRUE);
    }
    /* D3DSBT_ALL and D3DSBT_VERTEXSTATE capture the whole range. */
    setall(dev, 2.0f, 22, FALSE);
    CHECK_HR(IDirect3DDevice9_CreateStateBlock(dev, D3DSBT_ALL, &all), D3D_OK);
    setall(dev, 3.0f, 33, TRUE);
    CHECK_HR(IDirect3DDevice9_CreateStateBlock(dev, D3DSBT_VERTEXSTATE, &vtx), D3D_OK);
    setall(dev, 4.0f, 44, FALSE);
    if (all) {
        CHECK_HR(IDirect3DStateBlock9_Apply(all), D3D_OK);
        CHECK(getf(dev, 300) == 2.0f && getf(dev, 8191) == 2.0f, "c300 %f, c8191 %f after Apply, want 2", getf(dev, 300),
              getf(dev, 8191));
        CHECK_EQ_U(geti(dev, 1000), 22);
        CHECK_EQ_U(getb(dev, 2047), FALSE);
    }
    if (vtx) {
        CHECK_HR(IDirect3DStateBlock9_Apply(vtx), D3D_OK);
        CHECK(getf(dev, 8191) == 3.0f, "c8191 %f after Apply, want 3", getf(dev, 8191));
        CHECK_EQ_U(geti(dev, 1000), 33);
        CHECK_EQ_U(getb(dev, 2047), TRUE);
        /* Capture takes the device's values again. */
        setall(dev, 5.0f, 55, FALSE);
        CHECK_HR(IDirect3DStateBlock9_Capture(vtx), D3D_OK);
        setall(dev, 6.0f, 66, TRUE);
        CHECK_HR(IDirect3DStateBlock9_Apply(vtx), D3D_OK);
        CHECK(getf(dev, 300) == 5.0f, "c300 %f after Capture and Apply, want 5", getf(dev, 300));
        CHECK_EQ_U(geti(dev, 1000), 55);
        CHECK_EQ_U(getb(dev, 2047), FALSE);
    }
    if (rec)
        IDirect3DStateBlock9_Release(rec);
    if (all)
        IDirect3DStateBlock9_Release(all);
    if (vtx)
        IDirect3DStateBlock9_Release(vtx);
    IDirect3DDevice9_Release(dev);
}

/*
 *   vs_2_0
 *   dcl_position v0
 *   mov oPos, v0
 *   mov oD0, c300
 */
static const DWORD vs_c300[] = {
    0xfffe0200, 0x0200001f, 0x80000000, 0x900f0000, 0x02000001, 0xc00f0000,
    0x90e40000, 0x02000001, 0xd00f0000, 0xa0e4012c, 0x0000ffff,
};

/*
 *   vs_3_0
 *   dcl_position v0
 *   dcl_position o0
 *   defi i16, 1, 0, 0, 0
 *   mov o0, v0
 */
static const DWORD vs_i16[] = {
    0xfffe0300, 0x0200001f, 0x80000000, 0x900f0000, 0x0200001f, 0x80000000, 0xe00f0000, 0x05000030,
    0xf00f0010, 0x00000001, 0x00000000, 0x00000000, 0x00000000, 0x02000001, 0xe00f0000, 0x90e40000,
    0x0000ffff,
};

/*
 *   vs_2_0
 *   dcl_position v0
 *   mova a0.x, c0.x
 *   mov oPos, v0
 *   mov oD0, c1[a0.x]
 */
static const DWORD vs20_rel[] = {
    0xfffe0200, 0x0200001f, 0x80000000, 0x900f0000, 0x0200002e, 0xb0010000, 0xa0000000, 0x02000001,
    0xc00f0000, 0x90e40000, 0x03000001, 0xd00f0000, 0xa0e42001, 0xb0000000, 0x0000ffff,
};

/*
 *   vs_3_0
 *   dcl_position v0
 *   dcl_position o0
 *   dcl_color o1
 *   mova a0.x, c0.x
 *   mov o0, v0
 *   mov o1, c1[a0.x]
 */
static const DWORD vs30_rel[] = {
    0xfffe0300, 0x0200001f, 0x80000000, 0x900f0000, 0x0200001f, 0x80000000, 0xe00f0000,
    0x0200001f, 0x8000000a, 0xe00f0001, 0x0200002e, 0xb0010000, 0xa0000000, 0x02000001,
    0xe00f0000, 0x90e40000, 0x03000001, 0xe00f0001, 0xa0e42001, 0xb0000000, 0x0000ffff,
};

/*
 *   ps_3_0
 *   dcl_color v0
 *   mov oC0, v0
 */
static const DWORD ps30_color[] = {
    0xffff0300, 0x0200001f, 0x8000000a, 0x900f0000, 0x02000001, 0x800f0800, 0x90e40000, 0x0000ffff,
};

TEST(shader_registers)
{
    IDirect3DDevice9 *dev;
    IDirect3DVertexShader9 *vs = NULL;
    if ((dev = vp_device(D3DCREATE_HARDWARE_VERTEXPROCESSING))) {
        CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, vs_c300, &vs), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, vs_i16, &vs), D3DERR_INVALIDCALL);
        IDirect3DDevice9_Release(dev);
    }
    if ((dev = vp_device(D3DCREATE_SOFTWARE_VERTEXPROCESSING))) {
        CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, vs_c300, &vs), D3D_OK);
        if (vs)
            IDirect3DVertexShader9_Release(vs);
        vs = NULL;
        CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, vs_i16, &vs), D3D_OK);
        if (vs)
            IDirect3DVertexShader9_Release(vs);
        IDirect3DDevice9_Release(dev);
    }
    if ((dev = vp_device(D3DCREATE_MIXED_VERTEXPROCESSING))) {
        vs = NULL;
        CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, vs_c300, &vs), D3D_OK);
        if (vs)
            IDirect3DVertexShader9_Release(vs);
        IDirect3DDevice9_Release(dev);
    }
}

struct vtx {
    float x, y, z;
    D3DCOLOR c;
};

/* A full-screen quad in clip space, red in its vertices. */
static HRESULT quad(IDirect3DDevice9 *dev)
{
    static const struct vtx q[4] = {
        {-1, -1, 0.5f, 0xffff0000}, {-1, 1, 0.5f, 0xffff0000}, {1, -1, 0.5f, 0xffff0000}, {1, 1, 0.5f, 0xffff0000}};
    HRESULT hr;
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    hr = IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
    IDirect3DDevice9_EndScene(dev);
    return hr;
}

static void setf(IDirect3DDevice9 *dev, UINT reg, float x, float y, float z, float w)
{
    const float c[4] = {x, y, z, w};
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(dev, reg, c, 1), D3D_OK);
}

static void prepare(IDirect3DDevice9 *dev)
{
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_DIFFUSE);
}

/* c1[a0.x] with a0.x = index - 1 reads register index: its neighbours
 * hold other colours. */
static void check_relative(IDirect3DDevice9 *dev, UINT index, const char *what)
{
    setf(dev, 0, (float)(index - 1), 0, 0, 0);
    setf(dev, index - 1, 1, 0, 0, 1);
    setf(dev, index, 0, 1, 0, 1);
    if (index + 1 < SW_F)
        setf(dev, index + 1, 0, 0, 1, 1);
    CHECK_HR(quad(dev), D3D_OK);
    CHECK_PIXEL(dev, 320, 240, 0x00ff00, what);
}

TEST(draw_past_c255)
{
    IDirect3DDevice9 *dev = vp_device(D3DCREATE_SOFTWARE_VERTEXPROCESSING);
    IDirect3DVertexShader9 *direct = NULL, *rel2 = NULL, *rel3 = NULL;
    IDirect3DPixelShader9 *ps = NULL;
    if (!dev)
        return;
    prepare(dev);
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, vs_c300, &direct), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, vs20_rel, &rel2), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, vs30_rel, &rel3), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreatePixelShader(dev, ps30_color, &ps), D3D_OK);

    /* A register named directly. */
    setf(dev, 300, 0, 0, 1, 1);
    IDirect3DDevice9_SetVertexShader(dev, direct);
    CHECK_HR(quad(dev), D3D_OK);
    CHECK_PIXEL(dev, 320, 240, 0x0000ff, "mov oD0, c300");

    /* Through the address register, vs_2_0 with fixed-function pixels. */
    IDirect3DDevice9_SetVertexShader(dev, rel2);
    check_relative(dev, 300, "vs_2_0 c1[a0.x] reading c300");
    check_relative(dev, 8191, "vs_2_0 c1[a0.x] reading c8191");

    /* vs_3_0 with ps_3_0. */
    IDirect3DDevice9_SetVertexShader(dev, rel3);
    IDirect3DDevice9_SetPixelShader(dev, ps);
    check_relative(dev, 4000, "vs_3_0 c1[a0.x] reading c4000");
    check_relative(dev, 256, "vs_3_0 c1[a0.x] reading c256");

    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    if (direct)
        IDirect3DVertexShader9_Release(direct);
    if (rel2)
        IDirect3DVertexShader9_Release(rel2);
    if (rel3)
        IDirect3DVertexShader9_Release(rel3);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    IDirect3DDevice9_Release(dev);
}

TEST(mixed_modes)
{
    IDirect3DDevice9 *dev = vp_device(D3DCREATE_MIXED_VERTEXPROCESSING);
    IDirect3DVertexShader9 *sw = NULL, *rel = NULL;
    if (!dev)
        return;
    prepare(dev);
    CHECK_HR(IDirect3DDevice9_SetSoftwareVertexProcessing(dev, FALSE), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, vs_c300, &sw), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, vs20_rel, &rel), D3D_OK);
    setf(dev, 300, 0, 0, 1, 1);

    /* Hardware mode: the first draw with the shader naming c300 is
     * refused and draws nothing; the next draws without the shader, in
     * the vertices' red. */
    IDirect3DDevice9_SetVertexShader(dev, sw);
    CHECK_HR(quad(dev), D3DERR_INVALIDCALL);
    CHECK_PIXEL(dev, 320, 240, 0x000000, "first hardware-mode draw");
    CHECK_HR(quad(dev), D3D_OK);
    CHECK_PIXEL(dev, 320, 240, 0xff0000, "second hardware-mode draw");

    /* Software mode: the shader draws. */
    CHECK_HR(IDirect3DDevice9_SetSoftwareVertexProcessing(dev, TRUE), D3D_OK);
    CHECK_HR(quad(dev), D3D_OK);
    CHECK_PIXEL(dev, 320, 240, 0x0000ff, "software-mode draw");

    /* Constants past c255 set in hardware mode reach software mode's
     * relative reads. */
    CHECK_HR(IDirect3DDevice9_SetSoftwareVertexProcessing(dev, FALSE), D3D_OK);
    IDirect3DDevice9_SetVertexShader(dev, rel);
    setf(dev, 0, 299, 0, 0, 0);
    setf(dev, 299, 1, 0, 0, 1);
    setf(dev, 300, 0, 1, 0, 1);
    setf(dev, 301, 0, 0, 1, 1);
    CHECK_HR(quad(dev), D3D_OK); /* what c300 reads in hardware mode is undefined */
    CHECK_HR(IDirect3DDevice9_SetSoftwareVertexProcessing(dev, TRUE), D3D_OK);
    CHECK_HR(quad(dev), D3D_OK);
    CHECK_PIXEL(dev, 320, 240, 0x00ff00, "c1[a0.x] reading c300 in software mode");

    IDirect3DDevice9_SetVertexShader(dev, NULL);
    if (sw)
        IDirect3DVertexShader9_Release(sw);
    if (rel)
        IDirect3DVertexShader9_Release(rel);
    IDirect3DDevice9_Release(dev);
}

static const struct harness_test tests[] = {
    T(caps),
    T(setter_ranges),
    T(getters_round_trip),
    T(state_blocks),
    T(shader_registers),
    T(draw_past_c255),
    T(mixed_modes),
};

int main(void)
{
    return RUN_TESTS_SHARED(tests, &d3d, &window);
}
