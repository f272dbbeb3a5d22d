/* Device state: every render state, texture stage state and sampler
 * state starts at the value Microsoft's documentation gives (the
 * expected values below are written out from the D3DRENDERSTATETYPE,
 * D3DTEXTURESTAGESTATETYPE and D3DSAMPLERSTATETYPE pages, not taken from
 * our tables), getters return what setters set, invalid calls answer
 * what Windows answers, and Reset restores the defaults. */

#include "device_util.h"

struct ctx {
    IDirect3D9 *d3d;
    HWND window;
    IDirect3DDevice9 *dev;
    D3DPRESENT_PARAMETERS pp;
};

static BOOL open_device(struct ctx *c, BOOL auto_ds, DWORD flags)
{
    memset(c, 0, sizeof(*c));
    c->d3d = Direct3DCreate9(D3D_SDK_VERSION);
    CHECK(c->d3d != NULL, "Direct3DCreate9 failed");
    if (!c->d3d)
        return FALSE;
    c->window = test_window(640, 480);
    c->pp.Windowed = TRUE;
    c->pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    c->pp.BackBufferFormat = D3DFMT_UNKNOWN;
    c->pp.hDeviceWindow = c->window;
    if (auto_ds) {
        c->pp.EnableAutoDepthStencil = TRUE;
        c->pp.AutoDepthStencilFormat = D3DFMT_D24S8;
    }
    HRESULT hr = IDirect3D9_CreateDevice(c->d3d, 0, D3DDEVTYPE_HAL, c->window, flags, &c->pp, &c->dev);
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

static DWORD f2dw(float f)
{
    DWORD d;
    memcpy(&d, &f, sizeof(d));
    return d;
}

/* The documented defaults. D3DRS_ZENABLE is checked apart: it depends on
 * EnableAutoDepthStencil. */
static const struct {
    D3DRENDERSTATETYPE state;
    DWORD value;
    const char *name;
} rs_defaults[] = {
#define RS(s, v) {s, v, #s}
    RS(D3DRS_FILLMODE, D3DFILL_SOLID),
    RS(D3DRS_SHADEMODE, D3DSHADE_GOURAUD),
    RS(D3DRS_ZWRITEENABLE, TRUE),
    RS(D3DRS_ALPHATESTENABLE, FALSE),
    RS(D3DRS_LASTPIXEL, TRUE),
    RS(D3DRS_SRCBLEND, D3DBLEND_ONE),
    RS(D3DRS_DESTBLEND, D3DBLEND_ZERO),
    RS(D3DRS_CULLMODE, D3DCULL_CCW),
    RS(D3DRS_ZFUNC, D3DCMP_LESSEQUAL),
    RS(D3DRS_ALPHAREF, 0),
    RS(D3DRS_ALPHAFUNC, D3DCMP_ALWAYS),
    RS(D3DRS_DITHERENABLE, FALSE),
    RS(D3DRS_ALPHABLENDENABLE, FALSE),
    RS(D3DRS_FOGENABLE, FALSE),
    RS(D3DRS_SPECULARENABLE, FALSE),
    RS(D3DRS_FOGCOLOR, 0),
    RS(D3DRS_FOGTABLEMODE, D3DFOG_NONE),
    RS(D3DRS_FOGSTART, 0x00000000),  /* 0.0f */
    RS(D3DRS_FOGEND, 0x3f800000),    /* 1.0f */
    RS(D3DRS_FOGDENSITY, 0x3f800000), /* 1.0f */
    RS(D3DRS_RANGEFOGENABLE, FALSE),
    RS(D3DRS_STENCILENABLE, FALSE),
    RS(D3DRS_STENCILFAIL, D3DSTENCILOP_KEEP),
    RS(D3DRS_STENCILZFAIL, D3DSTENCILOP_KEEP),
    RS(D3DRS_STENCILPASS, D3DSTENCILOP_KEEP),
    RS(D3DRS_STENCILFUNC, D3DCMP_ALWAYS),
    RS(D3DRS_STENCILREF, 0),
    RS(D3DRS_STENCILMASK, 0xffffffff),
    RS(D3DRS_STENCILWRITEMASK, 0xffffffff),
    RS(D3DRS_TEXTUREFACTOR, 0xffffffff),
    RS(D3DRS_WRAP0, 0),
    RS(D3DRS_WRAP1, 0),
    RS(D3DRS_WRAP2, 0),
    RS(D3DRS_WRAP3, 0),
    RS(D3DRS_WRAP4, 0),
    RS(D3DRS_WRAP5, 0),
    RS(D3DRS_WRAP6, 0),
    RS(D3DRS_WRAP7, 0),
    RS(D3DRS_CLIPPING, TRUE),
    RS(D3DRS_LIGHTING, TRUE),
    RS(D3DRS_AMBIENT, 0),
    RS(D3DRS_FOGVERTEXMODE, D3DFOG_NONE),
    RS(D3DRS_COLORVERTEX, TRUE),
    RS(D3DRS_LOCALVIEWER, TRUE),
    RS(D3DRS_NORMALIZENORMALS, FALSE),
    RS(D3DRS_DIFFUSEMATERIALSOURCE, D3DMCS_COLOR1),
    RS(D3DRS_SPECULARMATERIALSOURCE, D3DMCS_COLOR2),
    RS(D3DRS_AMBIENTMATERIALSOURCE, D3DMCS_MATERIAL),
    RS(D3DRS_EMISSIVEMATERIALSOURCE, D3DMCS_MATERIAL),
    RS(D3DRS_VERTEXBLEND, D3DVBF_DISABLE),
    RS(D3DRS_CLIPPLANEENABLE, 0),
    RS(D3DRS_POINTSIZE, 0x3f800000),     /* 1.0f */
    RS(D3DRS_POINTSIZE_MIN, 0x3f800000), /* 1.0f */
    RS(D3DRS_POINTSPRITEENABLE, FALSE),
    RS(D3DRS_POINTSCALEENABLE, FALSE),
    RS(D3DRS_POINTSCALE_A, 0x3f800000), /* 1.0f */
    RS(D3DRS_POINTSCALE_B, 0x00000000), /* 0.0f */
    RS(D3DRS_POINTSCALE_C, 0x00000000), /* 0.0f */
    RS(D3DRS_MULTISAMPLEANTIALIAS, TRUE),
    RS(D3DRS_MULTISAMPLEMASK, 0xffffffff),
    RS(D3DRS_PATCHEDGESTYLE, D3DPATCHEDGE_DISCRETE),
    RS(D3DRS_DEBUGMONITORTOKEN, D3DDMT_ENABLE),
    RS(D3DRS_POINTSIZE_MAX, 0x43800000), /* 256.0f: drivers start it at caps.MaxPointSize, not the documented 64 */
    RS(D3DRS_INDEXEDVERTEXBLENDENABLE, FALSE),
    RS(D3DRS_COLORWRITEENABLE, 0x0000000f),
    RS(D3DRS_TWEENFACTOR, 0x00000000), /* 0.0f */
    RS(D3DRS_BLENDOP, D3DBLENDOP_ADD),
    RS(D3DRS_POSITIONDEGREE, D3DDEGREE_CUBIC),
    RS(D3DRS_NORMALDEGREE, D3DDEGREE_LINEAR),
    RS(D3DRS_SCISSORTESTENABLE, FALSE),
    RS(D3DRS_SLOPESCALEDEPTHBIAS, 0),
    RS(D3DRS_ANTIALIASEDLINEENABLE, FALSE),
    RS(D3DRS_MINTESSELLATIONLEVEL, 0x3f800000), /* 1.0f */
    RS(D3DRS_MAXTESSELLATIONLEVEL, 0x3f800000), /* 1.0f */
    RS(D3DRS_ADAPTIVETESS_X, 0x00000000),       /* 0.0f */
    RS(D3DRS_ADAPTIVETESS_Y, 0x00000000),       /* 0.0f */
    RS(D3DRS_ADAPTIVETESS_Z, 0x3f800000),       /* 1.0f */
    RS(D3DRS_ADAPTIVETESS_W, 0x00000000),       /* 0.0f */
    RS(D3DRS_ENABLEADAPTIVETESSELLATION, FALSE),
    RS(D3DRS_TWOSIDEDSTENCILMODE, FALSE),
    RS(D3DRS_CCW_STENCILFAIL, D3DSTENCILOP_KEEP),
    RS(D3DRS_CCW_STENCILZFAIL, D3DSTENCILOP_KEEP),
    RS(D3DRS_CCW_STENCILPASS, D3DSTENCILOP_KEEP),
    RS(D3DRS_CCW_STENCILFUNC, D3DCMP_ALWAYS),
    RS(D3DRS_COLORWRITEENABLE1, 0x0000000f),
    RS(D3DRS_COLORWRITEENABLE2, 0x0000000f),
    RS(D3DRS_COLORWRITEENABLE3, 0x0000000f),
    RS(D3DRS_BLENDFACTOR, 0xffffffff),
    RS(D3DRS_SRGBWRITEENABLE, 0),
    RS(D3DRS_DEPTHBIAS, 0),
    RS(D3DRS_WRAP8, 0),
    RS(D3DRS_WRAP9, 0),
    RS(D3DRS_WRAP10, 0),
    RS(D3DRS_WRAP11, 0),
    RS(D3DRS_WRAP12, 0),
    RS(D3DRS_WRAP13, 0),
    RS(D3DRS_WRAP14, 0),
    RS(D3DRS_WRAP15, 0),
    RS(D3DRS_SEPARATEALPHABLENDENABLE, FALSE),
    RS(D3DRS_SRCBLENDALPHA, D3DBLEND_ONE),
    RS(D3DRS_DESTBLENDALPHA, D3DBLEND_ZERO),
    RS(D3DRS_BLENDOPALPHA, D3DBLENDOP_ADD),
#undef RS
};

static void check_rs_defaults(IDirect3DDevice9 *dev, DWORD zenable)
{
    DWORD v;
    for (size_t i = 0; i < sizeof(rs_defaults) / sizeof(rs_defaults[0]); i++) {
        v = 0xdeadbeef;
        CHECK_HR(IDirect3DDevice9_GetRenderState(dev, rs_defaults[i].state, &v), D3D_OK);
        CHECK(v == rs_defaults[i].value, "%s = %#lx, want %#lx", rs_defaults[i].name, (unsigned long)v,
              (unsigned long)rs_defaults[i].value);
    }
    CHECK_HR(IDirect3DDevice9_GetRenderState(dev, D3DRS_ZENABLE, &v), D3D_OK);
    CHECK_EQ_U(v, zenable);
}

/* Stage 0 modulates the texture with the diffuse colour; other stages are
 * disabled; TEXCOORDINDEX is the stage's own number. */
static DWORD tss_default(DWORD stage, D3DTEXTURESTAGESTATETYPE t)
{
    switch (t) {
    case D3DTSS_COLOROP:
        return stage ? D3DTOP_DISABLE : D3DTOP_MODULATE;
    case D3DTSS_ALPHAOP:
        return stage ? D3DTOP_DISABLE : D3DTOP_SELECTARG1;
    case D3DTSS_COLORARG1:
    case D3DTSS_ALPHAARG1:
        return D3DTA_TEXTURE;
    case D3DTSS_COLORARG2:
    case D3DTSS_ALPHAARG2:
    case D3DTSS_COLORARG0:
    case D3DTSS_ALPHAARG0:
    case D3DTSS_RESULTARG:
        return D3DTA_CURRENT;
    case D3DTSS_TEXCOORDINDEX:
        return stage;
    case D3DTSS_TEXTURETRANSFORMFLAGS:
        return D3DTTFF_DISABLE;
    default: /* BUMPENVMATxx, BUMPENVLSCALE, BUMPENVLOFFSET (0.0f), CONSTANT */
        return 0;
    }
}

static const D3DTEXTURESTAGESTATETYPE all_tss[] = {
    D3DTSS_COLOROP,       D3DTSS_COLORARG1,     D3DTSS_COLORARG2,      D3DTSS_ALPHAOP,
    D3DTSS_ALPHAARG1,     D3DTSS_ALPHAARG2,     D3DTSS_BUMPENVMAT00,   D3DTSS_BUMPENVMAT01,
    D3DTSS_BUMPENVMAT10,  D3DTSS_BUMPENVMAT11,  D3DTSS_TEXCOORDINDEX,  D3DTSS_BUMPENVLSCALE,
    D3DTSS_BUMPENVLOFFSET, D3DTSS_TEXTURETRANSFORMFLAGS, D3DTSS_COLORARG0, D3DTSS_ALPHAARG0,
    D3DTSS_RESULTARG,     D3DTSS_CONSTANT,
};

static void check_tss_defaults(IDirect3DDevice9 *dev)
{
    for (DWORD stage = 0; stage < 8; stage++) {
        for (size_t i = 0; i < sizeof(all_tss) / sizeof(all_tss[0]); i++) {
            DWORD v = 0xdeadbeef;
            CHECK_HR(IDirect3DDevice9_GetTextureStageState(dev, stage, all_tss[i], &v), D3D_OK);
            CHECK(v == tss_default(stage, all_tss[i]), "stage %lu tss %u = %#lx, want %#lx", (unsigned long)stage,
                  all_tss[i], (unsigned long)v, (unsigned long)tss_default(stage, all_tss[i]));
        }
    }
}

static const struct {
    D3DSAMPLERSTATETYPE state;
    DWORD value;
} samp_defaults[] = {
    {D3DSAMP_ADDRESSU, D3DTADDRESS_WRAP},
    {D3DSAMP_ADDRESSV, D3DTADDRESS_WRAP},
    {D3DSAMP_ADDRESSW, D3DTADDRESS_WRAP},
    {D3DSAMP_BORDERCOLOR, 0},
    {D3DSAMP_MAGFILTER, D3DTEXF_POINT},
    {D3DSAMP_MINFILTER, D3DTEXF_POINT},
    {D3DSAMP_MIPFILTER, D3DTEXF_NONE},
    {D3DSAMP_MIPMAPLODBIAS, 0},
    {D3DSAMP_MAXMIPLEVEL, 0},
    {D3DSAMP_MAXANISOTROPY, 1},
    {D3DSAMP_SRGBTEXTURE, 0},
    {D3DSAMP_ELEMENTINDEX, 0},
    {D3DSAMP_DMAPOFFSET, 0},
};

static const DWORD all_samplers[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                                     D3DVERTEXTEXTURESAMPLER0, D3DVERTEXTEXTURESAMPLER1,
                                     D3DVERTEXTEXTURESAMPLER2, D3DVERTEXTEXTURESAMPLER3};

static void check_sampler_defaults(IDirect3DDevice9 *dev)
{
    for (size_t s = 0; s < sizeof(all_samplers) / sizeof(all_samplers[0]); s++) {
        for (size_t i = 0; i < sizeof(samp_defaults) / sizeof(samp_defaults[0]); i++) {
            DWORD v = 0xdeadbeef;
            CHECK_HR(IDirect3DDevice9_GetSamplerState(dev, all_samplers[s], samp_defaults[i].state, &v), D3D_OK);
            CHECK(v == samp_defaults[i].value, "sampler %lu state %u = %#lx, want %#lx",
                  (unsigned long)all_samplers[s], samp_defaults[i].state, (unsigned long)v,
                  (unsigned long)samp_defaults[i].value);
        }
    }
}

static BOOL is_identity(const D3DMATRIX *m)
{
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            if (m->m[i][j] != (i == j ? 1.0f : 0.0f))
                return FALSE;
    return TRUE;
}

static void check_other_defaults(IDirect3DDevice9 *dev)
{
    static const D3DTRANSFORMSTATETYPE ts[] = {D3DTS_VIEW, D3DTS_PROJECTION, D3DTS_TEXTURE0, D3DTS_TEXTURE7,
                                               D3DTS_WORLD, D3DTS_WORLD1, D3DTS_WORLDMATRIX(255)};
    D3DMATERIAL9 mat, zero_mat = {0};
    D3DMATRIX m;
    D3DVIEWPORT9 vp;
    RECT r;
    float plane[4];
    IDirect3DVertexBuffer9 *vb;
    IDirect3DIndexBuffer9 *ib;
    IDirect3DBaseTexture9 *tex;
    IDirect3DVertexShader9 *vs;
    IDirect3DPixelShader9 *ps;
    IDirect3DVertexDeclaration9 *decl;
    UINT off, stride, freq;
    DWORD fvf;
    float f4[4];
    int i4[4];
    BOOL b;

    for (size_t i = 0; i < sizeof(ts) / sizeof(ts[0]); i++) {
        memset(&m, 0xcc, sizeof(m));
        CHECK_HR(IDirect3DDevice9_GetTransform(dev, ts[i], &m), D3D_OK);
        CHECK(is_identity(&m), "transform %u is not the identity", ts[i]);
    }
    memset(&mat, 0xcc, sizeof(mat));
    CHECK_HR(IDirect3DDevice9_GetMaterial(dev, &mat), D3D_OK);
    CHECK(!memcmp(&mat, &zero_mat, sizeof(mat)), "default material is not all zero");
    CHECK_HR(IDirect3DDevice9_GetViewport(dev, &vp), D3D_OK);
    CHECK(vp.X == 0 && vp.Y == 0 && vp.Width == 640 && vp.Height == 480 && vp.MinZ == 0.0f && vp.MaxZ == 1.0f,
          "viewport %lu,%lu %lux%lu %f-%f", vp.X, vp.Y, vp.Width, vp.Height, vp.MinZ, vp.MaxZ);
    CHECK_HR(IDirect3DDevice9_GetScissorRect(dev, &r), D3D_OK);
    CHECK(r.left == 0 && r.top == 0 && r.right == 640 && r.bottom == 480, "scissor %ld,%ld,%ld,%ld", r.left, r.top,
          r.right, r.bottom);
    for (DWORD i = 0; i < 8; i++) {
        memset(plane, 0xcc, sizeof(plane));
        CHECK_HR(IDirect3DDevice9_GetClipPlane(dev, i, plane), D3D_OK);
        CHECK(plane[0] == 0.0f && plane[1] == 0.0f && plane[2] == 0.0f && plane[3] == 0.0f, "clip plane %lu",
              (unsigned long)i);
    }
    for (UINT i = 0; i < 16; i++) {
        vb = (void *)1;
        CHECK_HR(IDirect3DDevice9_GetStreamSource(dev, i, &vb, &off, &stride), D3D_OK);
        CHECK(!vb && !off && !stride, "stream %u: %p %u %u", i, vb, off, stride);
        CHECK_HR(IDirect3DDevice9_GetStreamSourceFreq(dev, i, &freq), D3D_OK);
        CHECK_EQ_U(freq, 1);
    }
    ib = (void *)1;
    CHECK_HR(IDirect3DDevice9_GetIndices(dev, &ib), D3D_OK);
    CHECK(!ib, "indices bound");
    for (size_t s = 0; s < sizeof(all_samplers) / sizeof(all_samplers[0]); s++) {
        tex = (void *)1;
        CHECK_HR(IDirect3DDevice9_GetTexture(dev, all_samplers[s], &tex), D3D_OK);
        CHECK(!tex, "texture bound to %lu", (unsigned long)all_samplers[s]);
    }
    vs = (void *)1;
    ps = (void *)1;
    decl = (void *)1;
    CHECK_HR(IDirect3DDevice9_GetVertexShader(dev, &vs), D3D_OK);
    CHECK(!vs, "vertex shader bound");
    CHECK_HR(IDirect3DDevice9_GetPixelShader(dev, &ps), D3D_OK);
    CHECK(!ps, "pixel shader bound");
    CHECK_HR(IDirect3DDevice9_GetVertexDeclaration(dev, &decl), D3D_OK);
    CHECK(!decl, "declaration bound");
    fvf = 0xdead;
    CHECK_HR(IDirect3DDevice9_GetFVF(dev, &fvf), D3D_OK);
    CHECK_EQ_U(fvf, 0);
    memset(f4, 0xcc, sizeof(f4));
    CHECK_HR(IDirect3DDevice9_GetVertexShaderConstantF(dev, 255, f4, 1), D3D_OK);
    CHECK(!f4[0] && !f4[1] && !f4[2] && !f4[3], "vs c255 not zero");
    memset(f4, 0xcc, sizeof(f4));
    CHECK_HR(IDirect3DDevice9_GetPixelShaderConstantF(dev, 223, f4, 1), D3D_OK);
    CHECK(!f4[0] && !f4[1] && !f4[2] && !f4[3], "ps c223 not zero");
    memset(i4, 0xcc, sizeof(i4));
    CHECK_HR(IDirect3DDevice9_GetVertexShaderConstantI(dev, 15, i4, 1), D3D_OK);
    CHECK(!i4[0] && !i4[1] && !i4[2] && !i4[3], "vs i15 not zero");
    b = 0xcc;
    CHECK_HR(IDirect3DDevice9_GetPixelShaderConstantB(dev, 15, &b, 1), D3D_OK);
    CHECK_EQ_U(b, 0);
    CHECK(IDirect3DDevice9_GetNPatchMode(dev) == 0.0f, "N-patch mode");
    CHECK_EQ_U(IDirect3DDevice9_GetSoftwareVertexProcessing(dev), FALSE);
    CHECK_HR(IDirect3DDevice9_GetLight(dev, 0, &(D3DLIGHT9){0}), D3DERR_INVALIDCALL);
}

TEST(render_state_defaults)
{
    struct ctx c;
    if (!open_device(&c, FALSE, D3DCREATE_HARDWARE_VERTEXPROCESSING))
        return;
    check_rs_defaults(c.dev, D3DZB_FALSE);
    close_device(&c);
    /* With an automatic depth buffer, depth testing starts enabled. */
    if (!open_device(&c, TRUE, D3DCREATE_HARDWARE_VERTEXPROCESSING))
        return;
    check_rs_defaults(c.dev, D3DZB_TRUE);
    close_device(&c);
}

TEST(texture_stage_and_sampler_defaults)
{
    struct ctx c;
    if (!open_device(&c, FALSE, D3DCREATE_HARDWARE_VERTEXPROCESSING))
        return;
    check_tss_defaults(c.dev);
    check_sampler_defaults(c.dev);
    close_device(&c);
}

TEST(other_defaults)
{
    struct ctx c;
    if (!open_device(&c, FALSE, D3DCREATE_HARDWARE_VERTEXPROCESSING))
        return;
    check_other_defaults(c.dev);
    close_device(&c);
}

TEST(render_states)
{
    struct ctx c;
    DWORD v;
    if (!open_device(&c, FALSE, D3DCREATE_HARDWARE_VERTEXPROCESSING))
        return;
    CHECK_HR(IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ALPHABLENDENABLE, TRUE), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetRenderState(c.dev, D3DRS_ALPHABLENDENABLE, &v), D3D_OK);
    CHECK_EQ_U(v, TRUE);
    CHECK_HR(IDirect3DDevice9_SetRenderState(c.dev, D3DRS_FOGSTART, f2dw(0.25f)), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetRenderState(c.dev, D3DRS_FOGSTART, &v), D3D_OK);
    CHECK_EQ_U(v, f2dw(0.25f));
    /* Values are stored as given, not validated. */
    CHECK_HR(IDirect3DDevice9_SetRenderState(c.dev, D3DRS_CULLMODE, 0x1234), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetRenderState(c.dev, D3DRS_CULLMODE, &v), D3D_OK);
    CHECK_EQ_U(v, 0x1234);
    /* Unknown states: setting succeeds and does nothing; reading 1..6 or
     * past 255 fails; 0 and the reserved values past BLENDOPALPHA read 0. */
    CHECK_HR(IDirect3DDevice9_SetRenderState(c.dev, 1, 5), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetRenderState(c.dev, 256, 5), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetRenderState(c.dev, 0xffffffff, 5), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetRenderState(c.dev, 1, &v), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetRenderState(c.dev, 6, &v), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetRenderState(c.dev, 256, &v), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetRenderState(c.dev, 0, 5), D3D_OK);
    v = 1;
    CHECK_HR(IDirect3DDevice9_GetRenderState(c.dev, 0, &v), D3D_OK);
    CHECK_EQ_U(v, 0);
    CHECK_HR(IDirect3DDevice9_SetRenderState(c.dev, 230, 5), D3D_OK);
    v = 1;
    CHECK_HR(IDirect3DDevice9_GetRenderState(c.dev, 230, &v), D3D_OK);
    CHECK_EQ_U(v, 0);
    CHECK_HR(IDirect3DDevice9_GetRenderState(c.dev, D3DRS_ZENABLE, NULL), D3DERR_INVALIDCALL);
    close_device(&c);
}

TEST(texture_stage_states)
{
    struct ctx c;
    DWORD v;
    if (!open_device(&c, FALSE, D3DCREATE_HARDWARE_VERTEXPROCESSING))
        return;
    CHECK_HR(IDirect3DDevice9_SetTextureStageState(c.dev, 3, D3DTSS_COLOROP, D3DTOP_ADD), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetTextureStageState(c.dev, 3, D3DTSS_COLOROP, &v), D3D_OK);
    CHECK_EQ_U(v, D3DTOP_ADD);
    CHECK_HR(IDirect3DDevice9_GetTextureStageState(c.dev, 2, D3DTSS_COLOROP, &v), D3D_OK);
    CHECK_EQ_U(v, D3DTOP_DISABLE);
    CHECK_HR(IDirect3DDevice9_SetTextureStageState(c.dev, 7, D3DTSS_CONSTANT, 0x11223344), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetTextureStageState(c.dev, 7, D3DTSS_CONSTANT, &v), D3D_OK);
    CHECK_EQ_U(v, 0x11223344);
    CHECK_HR(IDirect3DDevice9_SetTextureStageState(c.dev, 8, D3DTSS_COLOROP, D3DTOP_ADD), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetTextureStageState(c.dev, 8, D3DTSS_COLOROP, &v), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetTextureStageState(c.dev, 0, D3DTSS_CONSTANT + 1, 0), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetTextureStageState(c.dev, 0, D3DTSS_CONSTANT + 1, &v), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetTextureStageState(c.dev, 0, D3DTSS_COLOROP, NULL), D3DERR_INVALIDCALL);
    close_device(&c);
}

TEST(sampler_states)
{
    struct ctx c;
    DWORD v;
    if (!open_device(&c, FALSE, D3DCREATE_HARDWARE_VERTEXPROCESSING))
        return;
    CHECK_HR(IDirect3DDevice9_SetSamplerState(c.dev, 15, D3DSAMP_ADDRESSU, D3DTADDRESS_CLAMP), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetSamplerState(c.dev, 15, D3DSAMP_ADDRESSU, &v), D3D_OK);
    CHECK_EQ_U(v, D3DTADDRESS_CLAMP);
    /* Vertex samplers are their own. */
    CHECK_HR(IDirect3DDevice9_SetSamplerState(c.dev, D3DVERTEXTEXTURESAMPLER0, D3DSAMP_MAGFILTER, D3DTEXF_LINEAR),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetSamplerState(c.dev, D3DVERTEXTEXTURESAMPLER0, D3DSAMP_MAGFILTER, &v), D3D_OK);
    CHECK_EQ_U(v, D3DTEXF_LINEAR);
    CHECK_HR(IDirect3DDevice9_GetSamplerState(c.dev, 0, D3DSAMP_MAGFILTER, &v), D3D_OK);
    CHECK_EQ_U(v, D3DTEXF_POINT);
    /* Samplers that do not exist: ignored, and read as 0. */
    CHECK_HR(IDirect3DDevice9_SetSamplerState(c.dev, 16, D3DSAMP_ADDRESSU, D3DTADDRESS_CLAMP), D3D_OK);
    v = 5;
    CHECK_HR(IDirect3DDevice9_GetSamplerState(c.dev, 16, D3DSAMP_ADDRESSU, &v), D3D_OK);
    CHECK_EQ_U(v, 0);
    CHECK_HR(IDirect3DDevice9_GetSamplerState(c.dev, 0, D3DSAMP_ADDRESSU, NULL), D3DERR_INVALIDCALL);
    close_device(&c);
}

TEST(transforms)
{
    struct ctx c;
    D3DMATRIX a = {{{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}}}, b = {{{0}}}, m;
    if (!open_device(&c, FALSE, D3DCREATE_HARDWARE_VERTEXPROCESSING))
        return;
    CHECK_HR(IDirect3DDevice9_SetTransform(c.dev, D3DTS_WORLDMATRIX(200), &a), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetTransform(c.dev, D3DTS_WORLDMATRIX(200), &m), D3D_OK);
    CHECK(!memcmp(&m, &a, sizeof(m)), "world matrix 200 differs");
    CHECK_HR(IDirect3DDevice9_GetTransform(c.dev, D3DTS_WORLDMATRIX(201), &m), D3D_OK);
    CHECK(is_identity(&m), "world matrix 201 changed");
    /* MultiplyTransform: the current matrix times the argument. A scale
     * by 2 after translation by (1,2,3). */
    memset(&b, 0, sizeof(b));
    b._11 = b._22 = b._33 = 2.0f;
    b._44 = 1.0f;
    memset(&a, 0, sizeof(a));
    a._11 = a._22 = a._33 = a._44 = 1.0f;
    a._41 = 1.0f;
    a._42 = 2.0f;
    a._43 = 3.0f;
    CHECK_HR(IDirect3DDevice9_SetTransform(c.dev, D3DTS_VIEW, &a), D3D_OK);
    CHECK_HR(IDirect3DDevice9_MultiplyTransform(c.dev, D3DTS_VIEW, &b), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetTransform(c.dev, D3DTS_VIEW, &m), D3D_OK);
    CHECK(m._11 == 2.0f && m._41 == 2.0f && m._42 == 4.0f && m._43 == 6.0f && m._44 == 1.0f,
          "multiplied view: %f %f %f %f %f", m._11, m._41, m._42, m._43, m._44);
    CHECK_HR(IDirect3DDevice9_SetTransform(c.dev, D3DTS_VIEW, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetTransform(c.dev, D3DTS_VIEW, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_MultiplyTransform(c.dev, D3DTS_VIEW, NULL), D3DERR_INVALIDCALL);
    /* While a block records, MultiplyTransform changes the device, not the block. */
    {
        IDirect3DStateBlock9 *sb = NULL;
        CHECK_HR(IDirect3DDevice9_SetTransform(c.dev, D3DTS_VIEW, &a), D3D_OK);
        CHECK_HR(IDirect3DDevice9_BeginStateBlock(c.dev), D3D_OK);
        CHECK_HR(IDirect3DDevice9_MultiplyTransform(c.dev, D3DTS_VIEW, &b), D3D_OK);
        CHECK_HR(IDirect3DDevice9_EndStateBlock(c.dev, &sb), D3D_OK);
        CHECK_HR(IDirect3DDevice9_GetTransform(c.dev, D3DTS_VIEW, &m), D3D_OK);
        CHECK(m._11 == 2.0f && m._41 == 2.0f, "MultiplyTransform while recording: %f %f", m._11, m._41);
        if (sb) {
            CHECK_HR(IDirect3DDevice9_SetTransform(c.dev, D3DTS_VIEW, &a), D3D_OK);
            CHECK_HR(IDirect3DStateBlock9_Apply(sb), D3D_OK);
            CHECK_HR(IDirect3DDevice9_GetTransform(c.dev, D3DTS_VIEW, &m), D3D_OK);
            CHECK(m._11 == 1.0f && m._41 == 1.0f, "the block took the multiplied matrix");
            IDirect3DStateBlock9_Release(sb);
        }
    }
    close_device(&c);
}

TEST(material_and_lights)
{
    struct ctx c;
    D3DMATERIAL9 mat = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {0.5f, 0.5f, 0.5f, 1}, 8.0f}, got;
    D3DLIGHT9 light = {0}, l;
    BOOL en;
    if (!open_device(&c, FALSE, D3DCREATE_HARDWARE_VERTEXPROCESSING))
        return;
    CHECK_HR(IDirect3DDevice9_SetMaterial(c.dev, &mat), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetMaterial(c.dev, &got), D3D_OK);
    CHECK(!memcmp(&got, &mat, sizeof(got)), "material differs");
    CHECK_HR(IDirect3DDevice9_SetMaterial(c.dev, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetMaterial(c.dev, NULL), D3DERR_INVALIDCALL);

    /* A light index never set does not exist. */
    CHECK_HR(IDirect3DDevice9_GetLight(c.dev, 3, &l), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetLightEnable(c.dev, 3, &en), D3DERR_INVALIDCALL);
    /* Enabling it creates the default light: white, directional, +z. */
    CHECK_HR(IDirect3DDevice9_LightEnable(c.dev, 3, TRUE), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetLight(c.dev, 3, &l), D3D_OK);
    CHECK_EQ_U(l.Type, D3DLIGHT_DIRECTIONAL);
    CHECK(l.Diffuse.r == 1.0f && l.Diffuse.g == 1.0f && l.Diffuse.b == 1.0f && l.Diffuse.a == 0.0f,
          "default diffuse %f %f %f %f", l.Diffuse.r, l.Diffuse.g, l.Diffuse.b, l.Diffuse.a);
    CHECK(l.Direction.x == 0.0f && l.Direction.y == 0.0f && l.Direction.z == 1.0f, "default direction");
    CHECK(l.Specular.r == 0.0f && l.Ambient.r == 0.0f && l.Range == 0.0f, "default specular, ambient, range");
    en = 0;
    CHECK_HR(IDirect3DDevice9_GetLightEnable(c.dev, 3, &en), D3D_OK);
    CHECK_EQ_U(en, 128); /* Windows answers 128 for an enabled light */
    CHECK_HR(IDirect3DDevice9_LightEnable(c.dev, 3, FALSE), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetLightEnable(c.dev, 3, &en), D3D_OK);
    CHECK_EQ_U(en, 0);

    /* Any index; more than MaxActiveLights may be enabled. */
    light.Type = D3DLIGHT_POINT;
    light.Diffuse.r = 0.5f;
    light.Range = 10.0f;
    light.Attenuation0 = 1.0f;
    CHECK_HR(IDirect3DDevice9_SetLight(c.dev, 100000, &light), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetLight(c.dev, 100000, &l), D3D_OK);
    CHECK(!memcmp(&l, &light, sizeof(l)), "light 100000 differs");
    CHECK_HR(IDirect3DDevice9_GetLightEnable(c.dev, 100000, &en), D3D_OK);
    CHECK_EQ_U(en, 0);
    for (DWORD i = 10; i < 20; i++)
        CHECK_HR(IDirect3DDevice9_LightEnable(c.dev, i, TRUE), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetLightEnable(c.dev, 19, &en), D3D_OK);
    CHECK(en, "the tenth enabled light is not enabled");

    light.Type = 0;
    CHECK_HR(IDirect3DDevice9_SetLight(c.dev, 1, &light), D3DERR_INVALIDCALL);
    light.Type = D3DLIGHT_DIRECTIONAL + 1;
    CHECK_HR(IDirect3DDevice9_SetLight(c.dev, 1, &light), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetLight(c.dev, 1, &l), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetLight(c.dev, 1, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetLight(c.dev, 3, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetLightEnable(c.dev, 3, NULL), D3DERR_INVALIDCALL);
    close_device(&c);
}

TEST(clip_planes_viewport_scissor)
{
    struct ctx c;
    float p[4] = {1, 2, 3, 4};
    float got[4];
    D3DVIEWPORT9 vp = {10, 20, 100, 200, 0.25f, 0.75f}, gv;
    RECT r = {1, 2, 30, 40}, gr;
    if (!open_device(&c, FALSE, D3DCREATE_HARDWARE_VERTEXPROCESSING))
        return;
    CHECK_HR(IDirect3DDevice9_SetClipPlane(c.dev, 7, p), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetClipPlane(c.dev, 7, got), D3D_OK);
    CHECK(!memcmp(got, p, sizeof(got)), "clip plane 7 differs");
    /* An index past the last plane is the last plane. */
    p[3] = 42.0f;
    CHECK_HR(IDirect3DDevice9_SetClipPlane(c.dev, 12, p), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetClipPlane(c.dev, 7, got), D3D_OK);
    CHECK(got[3] == 42.0f, "SetClipPlane(12) reached plane 7: %f", got[3]);
    memset(got, 0, sizeof(got));
    CHECK_HR(IDirect3DDevice9_GetClipPlane(c.dev, 9, got), D3D_OK);
    CHECK(got[3] == 42.0f, "GetClipPlane(9) reads plane 7: %f", got[3]);
    CHECK_HR(IDirect3DDevice9_SetClipPlane(c.dev, 0, NULL), D3DERR_INVALIDCALL);

    CHECK_HR(IDirect3DDevice9_SetViewport(c.dev, &vp), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetViewport(c.dev, &gv), D3D_OK);
    CHECK(!memcmp(&gv, &vp, sizeof(gv)), "viewport differs");
    CHECK_HR(IDirect3DDevice9_SetViewport(c.dev, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetScissorRect(c.dev, &r), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetScissorRect(c.dev, &gr), D3D_OK);
    CHECK(EqualRect(&gr, &r), "scissor differs");
    CHECK_HR(IDirect3DDevice9_SetScissorRect(c.dev, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetScissorRect(c.dev, NULL), D3DERR_INVALIDCALL);
    close_device(&c);
}

TEST(shader_constants)
{
    struct ctx c;
    float f[8] = {1, 2, 3, 4, 5, 6, 7, 8}, gf[8];
    int i[8] = {1, -2, 3, -4, 5, 6, 7, 8}, gi[8];
    BOOL b[3] = {TRUE, FALSE, TRUE}, gb[3];
    if (!open_device(&c, FALSE, D3DCREATE_HARDWARE_VERTEXPROCESSING))
        return;
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(c.dev, 254, f, 2), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetVertexShaderConstantF(c.dev, 254, gf, 2), D3D_OK);
    CHECK(!memcmp(gf, f, sizeof(gf)), "vs c254-255 differ");
    CHECK_HR(IDirect3DDevice9_SetPixelShaderConstantF(c.dev, 222, f, 2), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetPixelShaderConstantF(c.dev, 222, gf, 2), D3D_OK);
    CHECK(!memcmp(gf, f, sizeof(gf)), "ps c222-223 differ");
    CHECK_HR(IDirect3DDevice9_GetVertexShaderConstantF(c.dev, 222, gf, 1), D3D_OK);
    CHECK(gf[0] == 0.0f, "vs and ps constants share storage");
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantI(c.dev, 14, i, 2), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetVertexShaderConstantI(c.dev, 14, gi, 2), D3D_OK);
    CHECK(!memcmp(gi, i, sizeof(gi)), "vs i14-15 differ");
    CHECK_HR(IDirect3DDevice9_SetPixelShaderConstantI(c.dev, 0, i, 2), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetPixelShaderConstantI(c.dev, 0, gi, 2), D3D_OK);
    CHECK(!memcmp(gi, i, sizeof(gi)), "ps i0-1 differ");
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantB(c.dev, 13, b, 3), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetVertexShaderConstantB(c.dev, 13, gb, 3), D3D_OK);
    CHECK(gb[0] == TRUE && gb[1] == FALSE && gb[2] == TRUE, "vs b13-15 differ");
    CHECK_HR(IDirect3DDevice9_SetPixelShaderConstantB(c.dev, 0, b, 3), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetPixelShaderConstantB(c.dev, 0, gb, 3), D3D_OK);
    CHECK(gb[0] == TRUE && gb[1] == FALSE && gb[2] == TRUE, "ps b0-2 differ");

    /* Ranges: vs 256 float registers, ps 224, 16 integer and boolean. */
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(c.dev, 255, f, 2), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(c.dev, 256, f, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetVertexShaderConstantF(c.dev, 256, gf, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetPixelShaderConstantF(c.dev, 223, f, 2), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetPixelShaderConstantF(c.dev, 224, gf, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantI(c.dev, 15, i, 2), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetPixelShaderConstantI(c.dev, 16, i, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantB(c.dev, 14, b, 3), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetPixelShaderConstantB(c.dev, 16, gb, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(c.dev, 0xffffffff, f, 2), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(c.dev, 0, NULL, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(c.dev, 0, NULL, 0), D3D_OK);
    close_device(&c);
}

TEST(streams_and_objects)
{
    struct ctx c;
    IDirect3DVertexBuffer9 *vb = NULL, *got;
    IDirect3DIndexBuffer9 *ib = NULL, *gib;
    UINT off, stride, freq;
    DWORD fvf;
    if (!open_device(&c, FALSE, D3DCREATE_HARDWARE_VERTEXPROCESSING))
        return;
    CHECK_HR(IDirect3DDevice9_SetStreamSource(c.dev, 16, NULL, 0, 0), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetStreamSource(c.dev, 16, &got, &off, &stride), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetStreamSource(c.dev, 0, NULL, &off, &stride), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetStreamSource(c.dev, 0, &got, NULL, &stride), D3DERR_INVALIDCALL);

    if (SUCCEEDED(IDirect3DDevice9_CreateVertexBuffer(c.dev, 256, 0, 0, D3DPOOL_MANAGED, &vb, NULL))) {
        /* Binding holds the buffer without raising its count; Get adds one. */
        CHECK_HR(IDirect3DDevice9_SetStreamSource(c.dev, 1, vb, 16, 32), D3D_OK);
        CHECK_EQ_U(IDirect3DVertexBuffer9_AddRef(vb), 2);
        CHECK_EQ_U(IDirect3DVertexBuffer9_Release(vb), 1);
        CHECK_HR(IDirect3DDevice9_GetStreamSource(c.dev, 1, &got, &off, &stride), D3D_OK);
        CHECK(got == vb && off == 16 && stride == 32, "stream 1: %p %u %u", got, off, stride);
        CHECK_EQ_U(IDirect3DVertexBuffer9_Release(got), 1);
        /* Unbinding keeps the offset and stride. */
        CHECK_HR(IDirect3DDevice9_SetStreamSource(c.dev, 1, NULL, 0, 0), D3D_OK);
        CHECK_HR(IDirect3DDevice9_GetStreamSource(c.dev, 1, &got, &off, &stride), D3D_OK);
        CHECK(!got && off == 16 && stride == 32, "unbound stream 1: %p %u %u", got, off, stride);
        /* A bound buffer outlives its last public reference. */
        CHECK_HR(IDirect3DDevice9_SetStreamSource(c.dev, 2, vb, 0, 12), D3D_OK);
        CHECK_EQ_U(IDirect3DVertexBuffer9_Release(vb), 0);
        CHECK_HR(IDirect3DDevice9_GetStreamSource(c.dev, 2, &got, &off, &stride), D3D_OK);
        CHECK(got == vb, "stream 2 lost its buffer");
        if (got) {
            CHECK_EQ_U(IDirect3DVertexBuffer9_Release(got), 0);
        }
        CHECK_HR(IDirect3DDevice9_SetStreamSource(c.dev, 2, NULL, 0, 0), D3D_OK);
    } else {
        printf("note: CreateVertexBuffer unavailable, buffer binding not tested\n");
    }
    if (SUCCEEDED(IDirect3DDevice9_CreateIndexBuffer(c.dev, 64, 0, D3DFMT_INDEX16, D3DPOOL_MANAGED, &ib, NULL))) {
        CHECK_HR(IDirect3DDevice9_SetIndices(c.dev, ib), D3D_OK);
        CHECK_HR(IDirect3DDevice9_GetIndices(c.dev, &gib), D3D_OK);
        CHECK(gib == ib, "indices differ");
        CHECK_EQ_U(IDirect3DIndexBuffer9_Release(gib), 1);
        CHECK_HR(IDirect3DDevice9_SetIndices(c.dev, NULL), D3D_OK);
        CHECK_EQ_U(IDirect3DIndexBuffer9_Release(ib), 0);
    }
    CHECK_HR(IDirect3DDevice9_GetIndices(c.dev, NULL), D3DERR_INVALIDCALL);

    /* Frequencies: stream 0 cannot take instance data; both kinds at once
     * and 0 are refused. */
    CHECK_HR(IDirect3DDevice9_SetStreamSourceFreq(c.dev, 0, D3DSTREAMSOURCE_INDEXEDDATA | 4), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetStreamSourceFreq(c.dev, 0, &freq), D3D_OK);
    CHECK_EQ_U(freq, D3DSTREAMSOURCE_INDEXEDDATA | 4);
    CHECK_HR(IDirect3DDevice9_SetStreamSourceFreq(c.dev, 1, D3DSTREAMSOURCE_INSTANCEDATA | 1), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetStreamSourceFreq(c.dev, 1, &freq), D3D_OK);
    CHECK_EQ_U(freq, D3DSTREAMSOURCE_INSTANCEDATA | 1);
    CHECK_HR(IDirect3DDevice9_SetStreamSourceFreq(c.dev, 0, D3DSTREAMSOURCE_INSTANCEDATA | 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetStreamSourceFreq(c.dev, 1, D3DSTREAMSOURCE_INSTANCEDATA | D3DSTREAMSOURCE_INDEXEDDATA),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetStreamSourceFreq(c.dev, 1, 0), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetStreamSourceFreq(c.dev, 16, 1), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetStreamSourceFreq(c.dev, 16, &freq), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetStreamSourceFreq(c.dev, 0, NULL), D3DERR_INVALIDCALL);

    CHECK_HR(IDirect3DDevice9_SetFVF(c.dev, D3DFVF_XYZ | D3DFVF_DIFFUSE), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetFVF(c.dev, &fvf), D3D_OK);
    CHECK_EQ_U(fvf, D3DFVF_XYZ | D3DFVF_DIFFUSE);
    CHECK_HR(IDirect3DDevice9_GetFVF(c.dev, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetVertexShader(c.dev, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetPixelShader(c.dev, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetVertexShader(c.dev, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetPixelShader(c.dev, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetTexture(c.dev, 0, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetTexture(c.dev, 16, NULL), D3D_OK); /* ignored */
    CHECK_HR(IDirect3DDevice9_GetTexture(c.dev, 0, NULL), D3DERR_INVALIDCALL);
    close_device(&c);
}

TEST(misc_state)
{
    struct ctx c;
    D3DCLIPSTATUS9 cs = {D3DCS_LEFT, D3DCS_TOP}, gcs;
    UINT pal;
    DWORD passes = 0;
    if (!open_device(&c, FALSE, D3DCREATE_HARDWARE_VERTEXPROCESSING))
        return;
    /* Software vertex processing needs a mixed device. */
    CHECK_HR(IDirect3DDevice9_SetSoftwareVertexProcessing(c.dev, TRUE), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetSoftwareVertexProcessing(c.dev, FALSE), D3D_OK);
    CHECK_EQ_U(IDirect3DDevice9_GetSoftwareVertexProcessing(c.dev), FALSE);
    CHECK_HR(IDirect3DDevice9_SetNPatchMode(c.dev, 3.0f), D3D_OK);
    CHECK(IDirect3DDevice9_GetNPatchMode(c.dev) == 3.0f, "N-patch mode");
    CHECK_HR(IDirect3DDevice9_SetCurrentTexturePalette(c.dev, 7), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetCurrentTexturePalette(c.dev, &pal), D3D_OK);
    CHECK_EQ_U(pal, 7);
    CHECK_HR(IDirect3DDevice9_GetCurrentTexturePalette(c.dev, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetClipStatus(c.dev, &cs), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetClipStatus(c.dev, &gcs), D3D_OK);
    CHECK(gcs.ClipUnion == cs.ClipUnion && gcs.ClipIntersection == cs.ClipIntersection, "clip status differs");
    CHECK_HR(IDirect3DDevice9_SetClipStatus(c.dev, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_GetClipStatus(c.dev, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_ValidateDevice(c.dev, &passes), D3D_OK);
    CHECK_EQ_U(passes, 1);
    close_device(&c);

    if (!open_device(&c, FALSE, D3DCREATE_MIXED_VERTEXPROCESSING))
        return;
    CHECK_EQ_U(IDirect3DDevice9_GetSoftwareVertexProcessing(c.dev), FALSE);
    CHECK_HR(IDirect3DDevice9_SetSoftwareVertexProcessing(c.dev, TRUE), D3D_OK);
    CHECK(IDirect3DDevice9_GetSoftwareVertexProcessing(c.dev), "software vertex processing not on");
    close_device(&c);
}

TEST(reset_restores_defaults)
{
    struct ctx c;
    D3DMATRIX m = {{{2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1}}};
    D3DMATERIAL9 mat = {.Diffuse = {1, 1, 1, 1}};
    float f[4] = {1, 2, 3, 4};
    D3DVIEWPORT9 vp = {1, 1, 10, 10, 0, 1};
    if (!open_device(&c, TRUE, D3DCREATE_HARDWARE_VERTEXPROCESSING))
        return;
    for (size_t i = 0; i < sizeof(rs_defaults) / sizeof(rs_defaults[0]); i++)
        IDirect3DDevice9_SetRenderState(c.dev, rs_defaults[i].state, rs_defaults[i].value + 1);
    IDirect3DDevice9_SetRenderState(c.dev, D3DRS_ZENABLE, D3DZB_USEW);
    for (DWORD s = 0; s < 8; s++)
        for (size_t i = 0; i < sizeof(all_tss) / sizeof(all_tss[0]); i++)
            IDirect3DDevice9_SetTextureStageState(c.dev, s, all_tss[i], 77);
    for (size_t s = 0; s < sizeof(all_samplers) / sizeof(all_samplers[0]); s++)
        for (size_t i = 0; i < sizeof(samp_defaults) / sizeof(samp_defaults[0]); i++)
            IDirect3DDevice9_SetSamplerState(c.dev, all_samplers[s], samp_defaults[i].state, 77);
    IDirect3DDevice9_SetTransform(c.dev, D3DTS_WORLD, &m);
    IDirect3DDevice9_SetTransform(c.dev, D3DTS_VIEW, &m);
    IDirect3DDevice9_SetMaterial(c.dev, &mat);
    IDirect3DDevice9_LightEnable(c.dev, 0, TRUE);
    IDirect3DDevice9_SetClipPlane(c.dev, 0, f);
    IDirect3DDevice9_SetVertexShaderConstantF(c.dev, 255, f, 1);
    IDirect3DDevice9_SetPixelShaderConstantF(c.dev, 223, f, 1);
    IDirect3DDevice9_SetViewport(c.dev, &vp);
    IDirect3DDevice9_SetStreamSourceFreq(c.dev, 3, 5);
    IDirect3DDevice9_SetFVF(c.dev, D3DFVF_XYZ);
    IDirect3DDevice9_SetNPatchMode(c.dev, 2.0f);

    c.pp.BackBufferWidth = 0;
    c.pp.BackBufferHeight = 0;
    c.pp.BackBufferFormat = D3DFMT_UNKNOWN;
    CHECK_HR(IDirect3DDevice9_Reset(c.dev, &c.pp), D3D_OK);
    check_rs_defaults(c.dev, D3DZB_TRUE);
    check_tss_defaults(c.dev);
    check_sampler_defaults(c.dev);
    check_other_defaults(c.dev);

    /* Without an automatic depth buffer Reset leaves depth testing off. */
    c.pp.EnableAutoDepthStencil = FALSE;
    c.pp.BackBufferFormat = D3DFMT_UNKNOWN;
    CHECK_HR(IDirect3DDevice9_Reset(c.dev, &c.pp), D3D_OK);
    check_rs_defaults(c.dev, D3DZB_FALSE);
    close_device(&c);
}

/* The declaration SetFVF makes for a blended position: the position,
 * then the weights at 12 of type weight, then the indices at idx_offset of
 * type indices, then END. */
static void check_blend_decl(IDirect3DDevice9 *dev, DWORD fvf, D3DDECLTYPE weight, D3DDECLTYPE indices, WORD idx_offset)
{
    D3DVERTEXELEMENT9 e[MAXD3DDECLLENGTH + 1];
    IDirect3DVertexDeclaration9 *got = NULL;
    UINT n = MAXD3DDECLLENGTH + 1;
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, fvf), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetVertexDeclaration(dev, &got), D3D_OK);
    if (!got)
        return;
    CHECK_HR(IDirect3DVertexDeclaration9_GetDeclaration(got, e, &n), D3D_OK);
    CHECK_EQ_U(n, 4);
    CHECK(e[1].Type == weight && e[1].Usage == D3DDECLUSAGE_BLENDWEIGHT && e[1].Offset == 12,
          "FVF %#lx: weights of type %u at %u", (unsigned long)fvf, e[1].Type, e[1].Offset);
    CHECK(e[2].Type == indices && e[2].Usage == D3DDECLUSAGE_BLENDINDICES && e[2].Offset == idx_offset,
          "FVF %#lx: indices of type %u at %u", (unsigned long)fvf, e[2].Type, e[2].Offset);
    IDirect3DVertexDeclaration9_Release(got);
}

TEST(fvf_and_declaration)
{
    static const D3DVERTEXELEMENT9 elements[] = {
        {0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
        {0, 12, D3DDECLTYPE_FLOAT2, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0},
        D3DDECL_END(),
    };
    struct ctx c;
    IDirect3DVertexDeclaration9 *decl = NULL, *got, *again;
    D3DVERTEXELEMENT9 e[MAXD3DDECLLENGTH + 1];
    UINT n = 0;
    DWORD fvf;
    if (!open_device(&c, FALSE, D3DCREATE_HARDWARE_VERTEXPROCESSING))
        return;
    /* After SetFVF the device answers with a declaration made from it. */
    CHECK_HR(IDirect3DDevice9_SetFVF(c.dev, D3DFVF_XYZ | D3DFVF_DIFFUSE), D3D_OK);
    got = NULL;
    CHECK_HR(IDirect3DDevice9_GetVertexDeclaration(c.dev, &got), D3D_OK);
    CHECK(got != NULL, "no declaration after SetFVF");
    if (got) {
        CHECK_HR(IDirect3DVertexDeclaration9_GetDeclaration(got, NULL, &n), D3D_OK);
        CHECK_EQ_U(n, 3);
        if (n == 3) {
            CHECK_HR(IDirect3DVertexDeclaration9_GetDeclaration(got, e, &n), D3D_OK);
            CHECK(e[0].Usage == D3DDECLUSAGE_POSITION && e[0].Type == D3DDECLTYPE_FLOAT3, "element 0");
            CHECK(e[1].Usage == D3DDECLUSAGE_COLOR && e[1].Type == D3DDECLTYPE_D3DCOLOR && e[1].Offset == 12,
                  "element 1");
        }
        CHECK_HR(IDirect3DDevice9_GetVertexDeclaration(c.dev, &again), D3D_OK);
        CHECK(again == got, "a second GetVertexDeclaration answers another object");
        if (again)
            IDirect3DVertexDeclaration9_Release(again);
        IDirect3DVertexDeclaration9_Release(got);
    }
    CHECK_HR(IDirect3DDevice9_GetFVF(c.dev, &fvf), D3D_OK);
    CHECK_EQ_U(fvf, D3DFVF_XYZ | D3DFVF_DIFFUSE);

    /* A declaration replaces the FVF. */
    if (SUCCEEDED(IDirect3DDevice9_CreateVertexDeclaration(c.dev, elements, &decl))) {
        CHECK_HR(IDirect3DDevice9_SetVertexDeclaration(c.dev, decl), D3D_OK);
        CHECK_HR(IDirect3DDevice9_GetFVF(c.dev, &fvf), D3D_OK);
        CHECK_EQ_U(fvf, 0);
        CHECK_HR(IDirect3DDevice9_GetVertexDeclaration(c.dev, &got), D3D_OK);
        CHECK(got == decl, "GetVertexDeclaration answers another declaration");
        if (got)
            IDirect3DVertexDeclaration9_Release(got);
        /* FVF 0 is ignored. */
        CHECK_HR(IDirect3DDevice9_SetFVF(c.dev, 0), D3D_OK);
        CHECK_HR(IDirect3DDevice9_GetVertexDeclaration(c.dev, &got), D3D_OK);
        CHECK(got == decl, "SetFVF(0) unbound the declaration");
        if (got)
            IDirect3DVertexDeclaration9_Release(got);
        CHECK_HR(IDirect3DDevice9_SetVertexDeclaration(c.dev, NULL), D3D_OK);
        CHECK_EQ_U(IDirect3DVertexDeclaration9_Release(decl), 0);
    } else {
        printf("note: CreateVertexDeclaration unavailable\n");
    }
    CHECK_HR(IDirect3DDevice9_GetVertexDeclaration(c.dev, NULL), D3D_OK);

    /* The declaration an FVF stands for is one object per FVF, kept by the
     * device: the same after another FVF and back, with no public count
     * of its own. */
    {
        static const D3DVERTEXELEMENT9 lone[] = {{0, 0, D3DDECLTYPE_FLOAT4, 0, D3DDECLUSAGE_POSITIONT, 0},
                                                 D3DDECL_END()};
        IDirect3DVertexDeclaration9 *first = NULL, *other = NULL, *back = NULL;
        CHECK_HR(IDirect3DDevice9_SetFVF(c.dev, D3DFVF_XYZRHW), D3D_OK);
        CHECK_HR(IDirect3DDevice9_GetVertexDeclaration(c.dev, &first), D3D_OK);
        CHECK_HR(IDirect3DDevice9_SetFVF(c.dev, D3DFVF_NORMAL), D3D_OK);
        CHECK_HR(IDirect3DDevice9_GetVertexDeclaration(c.dev, &other), D3D_OK);
        CHECK_HR(IDirect3DDevice9_SetFVF(c.dev, D3DFVF_XYZRHW), D3D_OK);
        CHECK_HR(IDirect3DDevice9_GetVertexDeclaration(c.dev, &back), D3D_OK);
        CHECK(first && first == back && other != first, "FVF declarations %p %p %p", (void *)first, (void *)other,
              (void *)back);
        if (first)
            CHECK_EQ_U(refcount(first), 2);
        if (other)
            CHECK_EQ_U(IDirect3DVertexDeclaration9_Release(other), 0);
        if (back)
            IDirect3DVertexDeclaration9_Release(back);
        if (first)
            IDirect3DVertexDeclaration9_Release(first);
        /* XYZB5 with no LASTBETA flag: four weights, then a float of indices. */
        check_blend_decl(c.dev, D3DFVF_XYZB5, D3DDECLTYPE_FLOAT4, D3DDECLTYPE_FLOAT1, 28);
        /* XYZB2 with LASTBETA_D3DCOLOR: Windows' runtime gives a D3DCOLOR
         * weight and UBYTE4 indices (Wine's test_fvf_decl_conversion). */
        check_blend_decl(c.dev, D3DFVF_XYZB2 | D3DFVF_LASTBETA_D3DCOLOR, D3DDECLTYPE_D3DCOLOR, D3DDECLTYPE_UBYTE4, 16);
        /* A created declaration of a lone transformed position answers GetFVF. */
        if (SUCCEEDED(IDirect3DDevice9_CreateVertexDeclaration(c.dev, lone, &decl))) {
            CHECK_HR(IDirect3DDevice9_SetVertexDeclaration(c.dev, decl), D3D_OK);
            CHECK_HR(IDirect3DDevice9_GetFVF(c.dev, &fvf), D3D_OK);
            CHECK_EQ_U(fvf, D3DFVF_XYZRHW);
            CHECK_HR(IDirect3DDevice9_SetVertexDeclaration(c.dev, NULL), D3D_OK);
            IDirect3DVertexDeclaration9_Release(decl);
        }
    }
    close_device(&c);
}

TEST(textures_and_threads)
{
    struct ctx c;
    IDirect3DTexture9 *tex = NULL;
    IDirect3DBaseTexture9 *got;
    IDirect3DStateBlock9 *sb;
    DWORD v;
    if (!open_device(&c, FALSE, D3DCREATE_HARDWARE_VERTEXPROCESSING | D3DCREATE_MULTITHREADED))
        return;
    if (SUCCEEDED(IDirect3DDevice9_CreateTexture(c.dev, 16, 16, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex, NULL))) {
        /* Binding holds the texture without raising its count. */
        CHECK_HR(IDirect3DDevice9_SetTexture(c.dev, 3, (IDirect3DBaseTexture9 *)tex), D3D_OK);
        CHECK_HR(IDirect3DDevice9_SetTexture(c.dev, D3DVERTEXTEXTURESAMPLER2, (IDirect3DBaseTexture9 *)tex), D3D_OK);
        CHECK_EQ_U(IDirect3DTexture9_AddRef(tex), 2);
        CHECK_EQ_U(IDirect3DTexture9_Release(tex), 1);
        CHECK_HR(IDirect3DDevice9_GetTexture(c.dev, 3, &got), D3D_OK);
        CHECK(got == (IDirect3DBaseTexture9 *)tex, "GetTexture(3) answers %p, want %p", got, tex);
        if (got)
            CHECK_EQ_U(IDirect3DBaseTexture9_Release(got), 1);
        CHECK_HR(IDirect3DDevice9_GetTexture(c.dev, D3DVERTEXTEXTURESAMPLER2, &got), D3D_OK);
        CHECK(got == (IDirect3DBaseTexture9 *)tex, "vertex sampler 2 lost its texture");
        if (got)
            IDirect3DBaseTexture9_Release(got);
        CHECK_HR(IDirect3DDevice9_GetTexture(c.dev, 2, &got), D3D_OK);
        CHECK(got == NULL, "sampler 2 has a texture");
        /* A state block captures the binding; the bound texture outlives
         * its last public reference. */
        CHECK_HR(IDirect3DDevice9_CreateStateBlock(c.dev, D3DSBT_ALL, &sb), D3D_OK);
        CHECK_HR(IDirect3DDevice9_SetTexture(c.dev, 3, NULL), D3D_OK);
        CHECK_HR(IDirect3DDevice9_SetTexture(c.dev, D3DVERTEXTEXTURESAMPLER2, NULL), D3D_OK);
        CHECK_EQ_U(IDirect3DTexture9_Release(tex), 0);
        if (sb) {
            CHECK_HR(IDirect3DStateBlock9_Apply(sb), D3D_OK);
            CHECK_HR(IDirect3DDevice9_GetTexture(c.dev, 3, &got), D3D_OK);
            CHECK(got == (IDirect3DBaseTexture9 *)tex, "Apply did not rebind the texture");
            if (got)
                CHECK_EQ_U(IDirect3DBaseTexture9_Release(got), 0);
            CHECK_EQ_U(IDirect3DStateBlock9_Release(sb), 0);
        }
        CHECK_HR(IDirect3DDevice9_SetTexture(c.dev, 3, NULL), D3D_OK);
        CHECK_HR(IDirect3DDevice9_SetTexture(c.dev, D3DVERTEXTEXTURESAMPLER2, NULL), D3D_OK);
    } else {
        printf("note: CreateTexture unavailable, texture binding not tested\n");
    }
    /* The multithreaded device answers the same. */
    CHECK_HR(IDirect3DDevice9_SetRenderState(c.dev, D3DRS_LIGHTING, FALSE), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetRenderState(c.dev, D3DRS_LIGHTING, &v), D3D_OK);
    CHECK_EQ_U(v, FALSE);
    close_device(&c);
}

TEST(palette_round_trip)
{
    struct ctx c;
    PALETTEENTRY set[256], got[256];
    UINT cur = 99;
    if (!open_device(&c, FALSE, D3DCREATE_HARDWARE_VERTEXPROCESSING))
        return;
    for (int i = 0; i < 256; i++) {
        set[i].peRed = (BYTE)i;
        set[i].peGreen = (BYTE)(255 - i);
        set[i].peBlue = 7;
        set[i].peFlags = 0xff;
    }
    CHECK_HR(IDirect3DDevice9_GetPaletteEntries(c.dev, 3, got), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetPaletteEntries(c.dev, 3, set), D3D_OK);
    memset(got, 0, sizeof(got));
    CHECK_HR(IDirect3DDevice9_GetPaletteEntries(c.dev, 3, got), D3D_OK);
    CHECK(!memcmp(set, got, sizeof(set)), "palette 3 reads back as set");
    CHECK_HR(IDirect3DDevice9_GetPaletteEntries(c.dev, 2, got), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetPaletteEntries(c.dev, 0x10000, set), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_SetCurrentTexturePalette(c.dev, 3), D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetCurrentTexturePalette(c.dev, &cur), D3D_OK);
    CHECK_EQ_U(cur, 3);
    close_device(&c);
}

static const struct harness_test tests[] = {
    T(palette_round_trip),
    T(render_state_defaults),
    T(texture_stage_and_sampler_defaults),
    T(other_defaults),
    T(render_states),
    T(texture_stage_states),
    T(sampler_states),
    T(transforms),
    T(material_and_lights),
    T(clip_planes_viewport_scissor),
    T(shader_constants),
    T(streams_and_objects),
    T(fvf_and_declaration),
    T(misc_state),
    T(textures_and_threads),
    T(reset_restores_defaults),
};

int main(void)
{
    return RUN_TESTS(tests);
}
