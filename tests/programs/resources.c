/* Resource creation: the arguments Windows refuses, descriptions, level
 * counts, buffers, vertex declarations, shaders, queries and private
 * data. */

#include "device_util.h"

TEST(texture_validation)
{
    struct test_ctx c;
    IDirect3DTexture9 *t = (IDirect3DTexture9 *)1;
    if (!test_setup(&c))
        return;
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 0, 16, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &t, NULL),
             D3DERR_INVALIDCALL);
    CHECK(t == NULL, "a failed create clears the out pointer");
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 16, 0, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &t, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 16, 16, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, NULL, NULL),
             D3DERR_INVALIDCALL);
    /* 64x32 has 7 levels. */
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 64, 32, 8, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &t, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 16, 16, 1, 0, D3DFMT_A8R8G8B8, (D3DPOOL)4, &t, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 16, 16, 1, 0, D3DFMT_UNKNOWN, D3DPOOL_MANAGED, &t, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 16, 16, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8,
                                            D3DPOOL_MANAGED, &t, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 16, 16, 1, D3DUSAGE_DYNAMIC, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &t, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 16, 16, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8,
                                            D3DPOOL_SYSTEMMEM, &t, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 16, 16, 1, D3DUSAGE_DEPTHSTENCIL, D3DFMT_D24S8,
                                            D3DPOOL_MANAGED, &t, NULL),
             D3DERR_INVALIDCALL);
    /* Depth textures live in D3DPOOL_DEFAULT only, with or without
     * DEPTHSTENCIL (Windows, in Wine's test_resource_access). */
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 16, 16, 1, 0, D3DFMT_D24S8, D3DPOOL_SYSTEMMEM, &t, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 16, 16, 1, 0, D3DFMT_D24S8, D3DPOOL_SCRATCH, &t, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateCubeTexture(c.dev, 16, 1, 0, D3DFMT_D24S8, D3DPOOL_SCRATCH,
                                                (IDirect3DCubeTexture9 **)&t, NULL),
             D3DERR_INVALIDCALL);
    /* A compressed format cannot be rendered to. */
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 16, 16, 1, D3DUSAGE_RENDERTARGET, D3DFMT_DXT1, D3DPOOL_DEFAULT,
                                            &t, NULL),
             D3DERR_INVALIDCALL);
    /* AUTOGENMIPMAP: one level or all, and never in system memory. */
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 16, 16, 2, D3DUSAGE_AUTOGENMIPMAP, D3DFMT_A8R8G8B8,
                                            D3DPOOL_DEFAULT, &t, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 16, 16, 0, D3DUSAGE_AUTOGENMIPMAP, D3DFMT_A8R8G8B8,
                                            D3DPOOL_SYSTEMMEM, &t, NULL),
             D3DERR_INVALIDCALL);
    /* Beyond MaxTextureWidth. */
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 16385, 16, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &t, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateCubeTexture(c.dev, 0, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                                (IDirect3DCubeTexture9 **)&t, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateVolumeTexture(c.dev, 8, 8, 0, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                                  (IDirect3DVolumeTexture9 **)&t, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateVolumeTexture(c.dev, 8, 8, 8, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8,
                                                  D3DPOOL_DEFAULT, (IDirect3DVolumeTexture9 **)&t, NULL),
             D3DERR_INVALIDCALL);
    /* What does work. */
    {
        static const struct {
            UINT w, h, levels;
            DWORD usage;
            D3DFORMAT format;
            D3DPOOL pool;
        } ok[] = {
            {16, 16, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT},
            {16, 16, 1, D3DUSAGE_DEPTHSTENCIL, D3DFMT_D24S8, D3DPOOL_DEFAULT},
            {16, 16, 1, 0, D3DFMT_D24S8, D3DPOOL_DEFAULT},
            {16, 16, 1, D3DUSAGE_DYNAMIC, D3DFMT_D24S8, D3DPOOL_DEFAULT},
            {16, 16, 0, D3DUSAGE_DYNAMIC, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT},
            {16, 16, 0, D3DUSAGE_DYNAMIC, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM},
            {16, 8, 0, 0, D3DFMT_DXT5, D3DPOOL_MANAGED},
            /* A NULL render-target texture, the colour target of depth-only passes. */
            {16, 16, 1, D3DUSAGE_RENDERTARGET, (D3DFORMAT)MAKEFOURCC('N', 'U', 'L', 'L'), D3DPOOL_DEFAULT},
            {100, 3, 0, 0, D3DFMT_R5G6B5, D3DPOOL_SCRATCH},
            {16, 16, 0, D3DUSAGE_AUTOGENMIPMAP, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED},
        };
        for (UINT i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
            HRESULT hr = IDirect3DDevice9_CreateTexture(c.dev, ok[i].w, ok[i].h, ok[i].levels, ok[i].usage,
                                                        ok[i].format, ok[i].pool, &t, NULL);
            CHECK(hr == D3D_OK, "case %u: CreateTexture returned %#lx", i, (unsigned long)hr);
            if (SUCCEEDED(hr))
                IDirect3DTexture9_Release(t);
        }
    }
    test_teardown(&c);
}

TEST(texture_levels_and_desc)
{
    struct test_ctx c;
    IDirect3DTexture9 *t;
    IDirect3DSurface9 *s;
    D3DSURFACE_DESC d;
    if (!test_setup(&c))
        return;
    if (SUCCEEDED(IDirect3DDevice9_CreateTexture(c.dev, 64, 32, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &t, NULL))) {
        CHECK_EQ_U(IDirect3DTexture9_GetLevelCount(t), 7);
        CHECK_EQ_U(IDirect3DTexture9_GetType(t), D3DRTYPE_TEXTURE);
        CHECK_HR(IDirect3DTexture9_GetLevelDesc(t, 0, &d), D3D_OK);
        CHECK_EQ_U(d.Width, 64);
        CHECK_EQ_U(d.Height, 32);
        CHECK_EQ_U(d.Format, D3DFMT_A8R8G8B8);
        CHECK_EQ_U(d.Type, D3DRTYPE_SURFACE);
        CHECK_EQ_U(d.Pool, D3DPOOL_MANAGED);
        CHECK_EQ_U(d.MultiSampleType, D3DMULTISAMPLE_NONE);
        CHECK_HR(IDirect3DTexture9_GetLevelDesc(t, 5, &d), D3D_OK);
        CHECK_EQ_U(d.Width, 2);
        CHECK_EQ_U(d.Height, 1);
        CHECK_HR(IDirect3DTexture9_GetLevelDesc(t, 6, &d), D3D_OK);
        CHECK_EQ_U(d.Width, 1);
        CHECK_EQ_U(d.Height, 1);
        CHECK_HR(IDirect3DTexture9_GetLevelDesc(t, 7, &d), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DTexture9_GetLevelDesc(t, 0, NULL), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DTexture9_GetSurfaceLevel(t, 7, &s), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DTexture9_GetSurfaceLevel(t, 3, &s), D3D_OK);
        if (SUCCEEDED(IDirect3DTexture9_GetSurfaceLevel(t, 3, &s))) {
            IDirect3DSurface9_Release(s);
            CHECK_HR(IDirect3DSurface9_GetDesc(s, &d), D3D_OK);
            CHECK_EQ_U(d.Width, 8);
            CHECK_EQ_U(d.Height, 4);
            CHECK_EQ_U(d.Pool, D3DPOOL_MANAGED);
            IDirect3DSurface9_Release(s);
        }
        /* SetLOD: managed only, clamped to the last level. */
        CHECK_EQ_U(IDirect3DTexture9_SetLOD(t, 2), 0);
        CHECK_EQ_U(IDirect3DTexture9_GetLOD(t), 2);
        CHECK_EQ_U(IDirect3DTexture9_SetLOD(t, 100), 2);
        CHECK_EQ_U(IDirect3DTexture9_GetLOD(t), 6);
        IDirect3DTexture9_Release(t);
    }
    if (SUCCEEDED(IDirect3DDevice9_CreateTexture(c.dev, 256, 4, 3, 0, D3DFMT_R5G6B5, D3DPOOL_SYSTEMMEM, &t, NULL))) {
        CHECK_EQ_U(IDirect3DTexture9_GetLevelCount(t), 3);
        CHECK_EQ_U(IDirect3DTexture9_SetLOD(t, 1), 0);
        CHECK_EQ_U(IDirect3DTexture9_GetLOD(t), 0);
        IDirect3DTexture9_Release(t);
    }
    if (SUCCEEDED(IDirect3DDevice9_CreateTexture(c.dev, 256, 4, 0, 0, D3DFMT_DXT1, D3DPOOL_MANAGED, &t, NULL))) {
        CHECK_EQ_U(IDirect3DTexture9_GetLevelCount(t), 9);
        IDirect3DTexture9_Release(t);
    } else {
        CHECK(0, "256x4 DXT1 texture");
    }
    /* AUTOGENMIPMAP textures show one level. */
    if (SUCCEEDED(IDirect3DDevice9_CreateTexture(c.dev, 64, 64, 0, D3DUSAGE_AUTOGENMIPMAP, D3DFMT_A8R8G8B8,
                                                 D3DPOOL_DEFAULT, &t, NULL))) {
        CHECK_EQ_U(IDirect3DTexture9_GetLevelCount(t), 1);
        CHECK_HR(IDirect3DTexture9_GetLevelDesc(t, 1, &d), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DTexture9_GetSurfaceLevel(t, 1, &s), D3DERR_INVALIDCALL);
        CHECK_EQ_U(IDirect3DTexture9_GetAutoGenFilterType(t), D3DTEXF_LINEAR);
        CHECK_HR(IDirect3DTexture9_SetAutoGenFilterType(t, D3DTEXF_NONE), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DTexture9_SetAutoGenFilterType(t, D3DTEXF_POINT), D3D_OK);
        CHECK_EQ_U(IDirect3DTexture9_GetAutoGenFilterType(t), D3DTEXF_POINT);
        IDirect3DTexture9_GenerateMipSubLevels(t);
        IDirect3DTexture9_Release(t);
    } else {
        CHECK(0, "AUTOGENMIPMAP texture");
    }
    test_teardown(&c);
}

TEST(cube_and_volume)
{
    struct test_ctx c;
    IDirect3DCubeTexture9 *cube;
    IDirect3DVolumeTexture9 *vol;
    IDirect3DSurface9 *s;
    IDirect3DVolume9 *v;
    D3DSURFACE_DESC d;
    D3DVOLUME_DESC vd;
    if (!test_setup(&c))
        return;
    if (SUCCEEDED(IDirect3DDevice9_CreateCubeTexture(c.dev, 32, 0, 0, D3DFMT_X8R8G8B8, D3DPOOL_MANAGED, &cube,
                                                     NULL))) {
        CHECK_EQ_U(IDirect3DCubeTexture9_GetLevelCount(cube), 6);
        CHECK_EQ_U(IDirect3DCubeTexture9_GetType(cube), D3DRTYPE_CUBETEXTURE);
        CHECK_HR(IDirect3DCubeTexture9_GetLevelDesc(cube, 1, &d), D3D_OK);
        CHECK_EQ_U(d.Width, 16);
        CHECK_EQ_U(d.Height, 16);
        CHECK_HR(IDirect3DCubeTexture9_GetCubeMapSurface(cube, D3DCUBEMAP_FACE_NEGATIVE_Z, 5, &s), D3D_OK);
        if (s) {
            CHECK_HR(IDirect3DSurface9_GetDesc(s, &d), D3D_OK);
            CHECK_EQ_U(d.Width, 1);
            IDirect3DSurface9_Release(s);
        }
        CHECK_HR(IDirect3DCubeTexture9_GetCubeMapSurface(cube, (D3DCUBEMAP_FACES)6, 0, &s), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DCubeTexture9_GetCubeMapSurface(cube, D3DCUBEMAP_FACE_POSITIVE_X, 6, &s), D3DERR_INVALIDCALL);
        IDirect3DCubeTexture9_Release(cube);
    } else {
        CHECK(0, "cube texture");
    }
    if (SUCCEEDED(IDirect3DDevice9_CreateVolumeTexture(c.dev, 16, 8, 4, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &vol,
                                                       NULL))) {
        CHECK_EQ_U(IDirect3DVolumeTexture9_GetLevelCount(vol), 5);
        CHECK_EQ_U(IDirect3DVolumeTexture9_GetType(vol), D3DRTYPE_VOLUMETEXTURE);
        CHECK_HR(IDirect3DVolumeTexture9_GetLevelDesc(vol, 2, &vd), D3D_OK);
        CHECK_EQ_U(vd.Width, 4);
        CHECK_EQ_U(vd.Height, 2);
        CHECK_EQ_U(vd.Depth, 1);
        CHECK_EQ_U(vd.Type, D3DRTYPE_VOLUME);
        CHECK_HR(IDirect3DVolumeTexture9_GetLevelDesc(vol, 5, &vd), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DVolumeTexture9_GetVolumeLevel(vol, 1, &v), D3D_OK);
        if (v) {
            void *container = NULL;
            CHECK_HR(IDirect3DVolume9_GetDesc(v, &vd), D3D_OK);
            CHECK_EQ_U(vd.Width, 8);
            CHECK_EQ_U(vd.Height, 4);
            CHECK_EQ_U(vd.Depth, 2);
            CHECK_HR(IDirect3DVolume9_GetContainer(v, &IID_IDirect3DVolumeTexture9, &container), D3D_OK);
            CHECK(container == vol, "the volume's container is its texture");
            if (container)
                IUnknown_Release((IUnknown *)container);
            IDirect3DVolume9_Release(v);
        }
        IDirect3DVolumeTexture9_Release(vol);
    } else {
        CHECK(0, "volume texture");
    }
    test_teardown(&c);
}

TEST(buffers)
{
    struct test_ctx c;
    IDirect3DVertexBuffer9 *vb = (IDirect3DVertexBuffer9 *)1;
    IDirect3DIndexBuffer9 *ib = (IDirect3DIndexBuffer9 *)1;
    D3DVERTEXBUFFER_DESC vd;
    D3DINDEXBUFFER_DESC id;
    if (!test_setup(&c))
        return;
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(c.dev, 0, 0, 0, D3DPOOL_MANAGED, &vb, NULL), D3DERR_INVALIDCALL);
    CHECK(vb == NULL, "a failed create clears the out pointer");
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(c.dev, 64, 0, 0, D3DPOOL_SCRATCH, &vb, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(c.dev, 64, D3DUSAGE_DYNAMIC, 0, D3DPOOL_MANAGED, &vb, NULL),
             D3DERR_INVALIDCALL);
    /* An FVF buffer holds at least one vertex. */
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(c.dev, 8, 0, D3DFVF_XYZ, D3DPOOL_MANAGED, &vb, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(c.dev, 64, 0, 0, D3DPOOL_MANAGED, NULL, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateIndexBuffer(c.dev, 64, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &ib, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateIndexBuffer(c.dev, 0, 0, D3DFMT_INDEX16, D3DPOOL_MANAGED, &ib, NULL),
             D3DERR_INVALIDCALL);
    if (SUCCEEDED(IDirect3DDevice9_CreateVertexBuffer(c.dev, 100, D3DUSAGE_WRITEONLY | D3DUSAGE_DYNAMIC,
                                                      D3DFVF_XYZ | D3DFVF_DIFFUSE, D3DPOOL_DEFAULT, &vb, NULL))) {
        CHECK_HR(IDirect3DVertexBuffer9_GetDesc(vb, &vd), D3D_OK);
        CHECK_EQ_U(vd.Format, D3DFMT_VERTEXDATA);
        CHECK_EQ_U(vd.Type, D3DRTYPE_VERTEXBUFFER);
        CHECK_EQ_U(vd.Usage, D3DUSAGE_WRITEONLY | D3DUSAGE_DYNAMIC);
        CHECK_EQ_U(vd.Pool, D3DPOOL_DEFAULT);
        CHECK_EQ_U(vd.Size, 100);
        CHECK_EQ_U(vd.FVF, D3DFVF_XYZ | D3DFVF_DIFFUSE);
        CHECK_EQ_U(IDirect3DVertexBuffer9_GetType(vb), D3DRTYPE_VERTEXBUFFER);
        IDirect3DVertexBuffer9_Release(vb);
    } else {
        CHECK(0, "vertex buffer");
    }
    if (SUCCEEDED(IDirect3DDevice9_CreateIndexBuffer(c.dev, 60, 0, D3DFMT_INDEX32, D3DPOOL_SYSTEMMEM, &ib, NULL))) {
        CHECK_HR(IDirect3DIndexBuffer9_GetDesc(ib, &id), D3D_OK);
        CHECK_EQ_U(id.Format, D3DFMT_INDEX32);
        CHECK_EQ_U(id.Type, D3DRTYPE_INDEXBUFFER);
        CHECK_EQ_U(id.Pool, D3DPOOL_SYSTEMMEM);
        CHECK_EQ_U(id.Size, 60);
        IDirect3DIndexBuffer9_Release(ib);
    } else {
        CHECK(0, "index buffer");
    }
    test_teardown(&c);
}

TEST(vertex_declarations)
{
    static const D3DVERTEXELEMENT9 good[] = {
        {0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
        {0, 12, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
        {1, 0, D3DDECLTYPE_FLOAT2, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0},
        D3DDECL_END(),
    };
    static const D3DVERTEXELEMENT9 misaligned[] = {
        {0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
        {0, 17, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
        D3DDECL_END(),
    };
    struct test_ctx c;
    IDirect3DVertexDeclaration9 *decl = NULL;
    D3DVERTEXELEMENT9 out[8];
    UINT n = 0;
    if (!test_setup(&c))
        return;
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(c.dev, NULL, &decl), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(c.dev, good, NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(c.dev, misaligned, &decl), E_FAIL);
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(c.dev, good, &decl), D3D_OK);
    if (decl) {
        CHECK_HR(IDirect3DVertexDeclaration9_GetDeclaration(decl, NULL, &n), D3D_OK);
        CHECK_EQ_U(n, 4);
        memset(out, 0xab, sizeof(out));
        CHECK_HR(IDirect3DVertexDeclaration9_GetDeclaration(decl, out, &n), D3D_OK);
        CHECK_EQ_U(n, 4);
        CHECK(!memcmp(out, good, sizeof(good)), "GetDeclaration returns the elements and the end");
        CHECK_HR(IDirect3DVertexDeclaration9_GetDeclaration(decl, out, NULL), D3DERR_INVALIDCALL);
        IDirect3DVertexDeclaration9_Release(decl);
    }
    /* After SetFVF the device answers with the FVF's declaration. */
    decl = NULL;
    CHECK_HR(IDirect3DDevice9_SetFVF(c.dev, D3DFVF_XYZB2 | D3DFVF_NORMAL | D3DFVF_DIFFUSE | D3DFVF_TEX2 |
                                                D3DFVF_TEXCOORDSIZE3(1)),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_GetVertexDeclaration(c.dev, &decl), D3D_OK);
    if (decl) {
        static const D3DVERTEXELEMENT9 want[] = {
            {0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
            {0, 12, D3DDECLTYPE_FLOAT2, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_BLENDWEIGHT, 0},
            {0, 20, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_NORMAL, 0},
            {0, 32, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
            {0, 36, D3DDECLTYPE_FLOAT2, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0},
            {0, 44, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 1},
            D3DDECL_END(),
        };
        n = 8;
        CHECK_HR(IDirect3DVertexDeclaration9_GetDeclaration(decl, out, &n), D3D_OK);
        CHECK_EQ_U(n, 7);
        for (UINT i = 0; i < 7 && i < n; i++)
            CHECK(!memcmp(&out[i], &want[i], sizeof(want[i])), "element %u: stream %u offset %u type %u usage %u/%u", i,
                  out[i].Stream, out[i].Offset, out[i].Type, out[i].Usage, out[i].UsageIndex);
        IDirect3DVertexDeclaration9_Release(decl);
    }
    test_teardown(&c);
}

static const DWORD vs_1_1[] = {
    0xfffe0101,                                     /* vs_1_1 */
    0x0000001f, 0x80000000, 0x900f0000,             /* dcl_position0 v0 */
    0x00000009, 0xc0010000, 0x90e40000, 0xa0e40000, /* dp4 oPos.x, v0, c0 */
    0x00000009, 0xc0020000, 0x90e40000, 0xa0e40001, /* dp4 oPos.y, v0, c1 */
    0x00000009, 0xc0040000, 0x90e40000, 0xa0e40002, /* dp4 oPos.z, v0, c2 */
    0x00000009, 0xc0080000, 0x90e40000, 0xa0e40003, /* dp4 oPos.w, v0, c3 */
    0x0000ffff,                                     /* end */
};

static const DWORD ps_2_0[] = {
    0xffff0200,                                     /* ps_2_0 */
    0x05000051, 0xa00f0000, 0x3f800000, 0x00000000, 0x00000000, 0x3f800000, /* def c0, 1, 0, 0, 1 */
    0x02000001, 0x800f0800, 0xa0e40000,             /* mov oC0, c0 */
    0x0000ffff,                                     /* end */
};

TEST(shaders)
{
    struct test_ctx c;
    IDirect3DVertexShader9 *vs = NULL;
    IDirect3DPixelShader9 *ps = NULL;
    DWORD buf[64], bad[sizeof(vs_1_1) / sizeof(DWORD)];
    UINT size;
    if (!test_setup(&c))
        return;
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(c.dev, NULL, &vs), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(c.dev, vs_1_1, NULL), D3DERR_INVALIDCALL);
    /* A pixel shader is no vertex shader, and vs_4_0 is no D3D9 shader. */
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(c.dev, ps_2_0, &vs), D3DERR_INVALIDCALL);
    memcpy(bad, vs_1_1, sizeof(bad));
    bad[0] = 0xfffe0400;
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(c.dev, bad, &vs), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(c.dev, vs_1_1, &vs), D3D_OK);
    if (vs) {
        CHECK_HR(IDirect3DVertexShader9_GetFunction(vs, NULL, &size), D3D_OK);
        CHECK_EQ_U(size, sizeof(vs_1_1));
        size = 4;
        CHECK_HR(IDirect3DVertexShader9_GetFunction(vs, buf, &size), D3DERR_INVALIDCALL);
        size = sizeof(buf);
        CHECK_HR(IDirect3DVertexShader9_GetFunction(vs, buf, &size), D3D_OK);
        CHECK_EQ_U(size, sizeof(vs_1_1));
        CHECK(!memcmp(buf, vs_1_1, sizeof(vs_1_1)), "GetFunction returns the bytecode");
        IDirect3DVertexShader9_Release(vs);
    }
    CHECK_HR(IDirect3DDevice9_CreatePixelShader(c.dev, vs_1_1, &ps), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreatePixelShader(c.dev, ps_2_0, &ps), D3D_OK);
    if (ps) {
        CHECK_HR(IDirect3DPixelShader9_GetFunction(ps, NULL, &size), D3D_OK);
        CHECK_EQ_U(size, sizeof(ps_2_0));
        IDirect3DPixelShader9_Release(ps);
    }
    test_teardown(&c);
}

TEST(queries)
{
    struct test_ctx c;
    IDirect3DQuery9 *q = NULL;
    BOOL done = FALSE;
    DWORD samples = 0xdeadbeef;
    UINT64 freq = 0;
    HRESULT hr;
    int i;
    if (!test_setup(&c))
        return;
    CHECK_HR(IDirect3DDevice9_CreateQuery(c.dev, D3DQUERYTYPE_EVENT, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateQuery(c.dev, D3DQUERYTYPE_OCCLUSION, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateQuery(c.dev, D3DQUERYTYPE_TIMESTAMP, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateQuery(c.dev, D3DQUERYTYPE_TIMESTAMPDISJOINT, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateQuery(c.dev, D3DQUERYTYPE_TIMESTAMPFREQ, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateQuery(c.dev, D3DQUERYTYPE_VCACHE, NULL), D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3DDevice9_CreateQuery(c.dev, D3DQUERYTYPE_EVENT, &q), D3D_OK);
    if (q) {
        CHECK_EQ_U(IDirect3DQuery9_GetType(q), D3DQUERYTYPE_EVENT);
        CHECK_EQ_U(IDirect3DQuery9_GetDataSize(q), sizeof(BOOL));
        /* BEGIN on an END-only query is ignored (Windows' runtime, Wine's
         * test_timestamp_query), though the documentation lists it for
         * occlusion only. */
        CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_BEGIN), D3D_OK);
        CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_END), D3D_OK);
        for (i = 0; i < 100; i++) {
            hr = IDirect3DQuery9_GetData(q, &done, sizeof(done), D3DGETDATA_FLUSH);
            if (hr != S_FALSE)
                break;
            Sleep(10);
        }
        CHECK_HR(hr, S_OK);
        CHECK(done == TRUE, "the event is done");
        IDirect3DQuery9_Release(q);
    }
    q = NULL;
    CHECK_HR(IDirect3DDevice9_CreateQuery(c.dev, D3DQUERYTYPE_OCCLUSION, &q), D3D_OK);
    if (q) {
        CHECK_EQ_U(IDirect3DQuery9_GetDataSize(q), sizeof(DWORD));
        CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_BEGIN), D3D_OK);
        CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_END), D3D_OK);
        for (i = 0; i < 100; i++) {
            hr = IDirect3DQuery9_GetData(q, &samples, sizeof(samples), D3DGETDATA_FLUSH);
            if (hr != S_FALSE)
                break;
            Sleep(10);
        }
        CHECK_HR(hr, S_OK);
        CHECK_EQ_U(samples, 0);
        IDirect3DQuery9_Release(q);
    }
    q = NULL;
    CHECK_HR(IDirect3DDevice9_CreateQuery(c.dev, D3DQUERYTYPE_TIMESTAMPFREQ, &q), D3D_OK);
    if (q) {
        CHECK_EQ_U(IDirect3DQuery9_GetDataSize(q), sizeof(UINT64));
        CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_END), D3D_OK);
        CHECK_HR(IDirect3DQuery9_GetData(q, &freq, sizeof(freq), D3DGETDATA_FLUSH), S_OK);
        CHECK(freq != 0, "a frequency");
        IDirect3DQuery9_Release(q);
    }
    /* Polling without FLUSH completes too, in time. */
    q = NULL;
    CHECK_HR(IDirect3DDevice9_CreateQuery(c.dev, D3DQUERYTYPE_EVENT, &q), D3D_OK);
    if (q) {
        CHECK_HR(IDirect3DQuery9_GetData(q, NULL, 0, 0), S_OK); /* never issued */
        CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_END), D3D_OK);
        /* The GPU finishes after the call that submits: poll (bounded). */
        for (i = 0; i < 10000000; i++) {
            if ((hr = IDirect3DQuery9_GetData(q, NULL, 0, 0)) != S_FALSE)
                break;
        }
        CHECK_HR(hr, S_OK);
        /* A Present submits the frame as well. */
        CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_END), D3D_OK);
        IDirect3DDevice9_Present(c.dev, NULL, NULL, NULL, NULL);
        for (i = 0; i < 10000000; i++) {
            if ((hr = IDirect3DQuery9_GetData(q, NULL, 0, 0)) != S_FALSE)
                break;
        }
        CHECK_HR(hr, S_OK);
        IDirect3DQuery9_Release(q);
    }
    test_teardown(&c);
}

TEST(private_data)
{
    static const GUID guid = {0x12345678, 0x1234, 0x1234, {1, 2, 3, 4, 5, 6, 7, 8}};
    struct test_ctx c;
    IDirect3DTexture9 *t;
    IDirect3DSurface9 *s;
    DWORD v = 0x1234, got = 0, size = sizeof(got);
    if (!test_setup(&c))
        return;
    if (SUCCEEDED(IDirect3DDevice9_CreateTexture(c.dev, 8, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &t, NULL))) {
        CHECK_HR(IDirect3DTexture9_SetPrivateData(t, &guid, &v, sizeof(v), 0), D3D_OK);
        CHECK_HR(IDirect3DTexture9_GetPrivateData(t, &guid, &got, &size), D3D_OK);
        CHECK_EQ_U(got, 0x1234);
        /* A level surface has its own private data. */
        if (SUCCEEDED(IDirect3DTexture9_GetSurfaceLevel(t, 0, &s))) {
            size = sizeof(got);
            CHECK_HR(IDirect3DSurface9_GetPrivateData(s, &guid, &got, &size), D3DERR_NOTFOUND);
            IDirect3DSurface9_Release(s);
        }
        CHECK_HR(IDirect3DTexture9_FreePrivateData(t, &guid), D3D_OK);
        CHECK_HR(IDirect3DTexture9_FreePrivateData(t, &guid), D3DERR_NOTFOUND);
        /* An IUnknown in private data is referenced; D3DSPD_IUNKNOWN passes the
         * interface pointer itself as the data. */
        {
            ULONG before = refcount(c.dev);
            IUnknown *got = NULL;
            DWORD size = sizeof(got);
            CHECK_HR(IDirect3DTexture9_SetPrivateData(t, &guid, c.dev, sizeof(c.dev), D3DSPD_IUNKNOWN), D3D_OK);
            CHECK_EQ_U(refcount(c.dev), before + 1);
            /* Get hands the interface back with a reference of its own. */
            CHECK_HR(IDirect3DTexture9_GetPrivateData(t, &guid, &got, &size), D3D_OK);
            CHECK(got == (IUnknown *)c.dev, "private data IUnknown %p, want the device %p", (void *)got, (void *)c.dev);
            CHECK_EQ_U(size, sizeof(c.dev));
            CHECK_EQ_U(refcount(c.dev), before + 2);
            IUnknown_Release(got);
            /* A missing tag is NOTFOUND even with no size to fill. */
            CHECK_HR(IDirect3DTexture9_GetPrivateData(t, &IID_IUnknown, NULL, NULL), D3DERR_NOTFOUND);
        }
        IDirect3DTexture9_Release(t);
    }
    test_teardown(&c);
}

TEST(ex_device)
{
    IDirect3D9Ex *d3d = NULL;
    IDirect3DDevice9Ex *dev = NULL;
    IDirect3DTexture9 *t;
    IDirect3DSurface9 *s;
    D3DPRESENT_PARAMETERS pp;
    D3DSURFACE_DESC d;
    HWND window;
    CHECK_HR(Direct3DCreate9Ex(D3D_SDK_VERSION, &d3d), D3D_OK);
    if (!d3d)
        return;
    dev = test_device_ex(d3d, &window);
    if (dev) {
        /* 9Ex has no managed pool. */
        CHECK_HR(IDirect3DDevice9Ex_CreateTexture(dev, 16, 16, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &t, NULL),
                 D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9Ex_CreateRenderTargetEx(dev, 32, 16, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONE, 0, TRUE,
                                                         &s, NULL, 0),
                 D3D_OK);
        if (SUCCEEDED(IDirect3DSurface9_GetDesc(s, &d))) {
            CHECK_EQ_U(d.Usage, D3DUSAGE_RENDERTARGET);
            CHECK_EQ_U(d.Width, 32);
            IDirect3DSurface9_Release(s);
        }
        CHECK_HR(IDirect3DDevice9Ex_CreateDepthStencilSurfaceEx(dev, 32, 16, D3DFMT_D24S8, D3DMULTISAMPLE_NONE, 0,
                                                                FALSE, &s, NULL, 0),
                 D3D_OK);
        if (SUCCEEDED(IDirect3DSurface9_GetDesc(s, &d))) {
            CHECK_EQ_U(d.Usage, D3DUSAGE_DEPTHSTENCIL);
            IDirect3DSurface9_Release(s);
        }
        CHECK_HR(IDirect3DDevice9Ex_CreateOffscreenPlainSurfaceEx(dev, 8, 8, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, &s,
                                                                  NULL, 0),
                 D3D_OK);
        if (SUCCEEDED(IDirect3DSurface9_GetDesc(s, &d))) {
            CHECK_EQ_U(d.Pool, D3DPOOL_SYSTEMMEM);
            IDirect3DSurface9_Release(s);
        }
        CHECK_HR(IDirect3DDevice9Ex_CreateOffscreenPlainSurfaceEx(dev, 8, 8, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &s,
                                                                  NULL, 0),
                 D3DERR_INVALIDCALL);
        /* The Ex creators' usage may not name the kind of surface again, nor DYNAMIC. */
        CHECK_HR(IDirect3DDevice9Ex_CreateRenderTargetEx(dev, 16, 16, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE,
                                                         &s, NULL, D3DUSAGE_RENDERTARGET),
                 D3DERR_INVALIDCALL);
        s = (IDirect3DSurface9 *)0x1;
        CHECK_HR(IDirect3DDevice9Ex_CreateDepthStencilSurfaceEx(dev, 16, 16, D3DFMT_D24S8, D3DMULTISAMPLE_NONE, 0,
                                                                FALSE, &s, NULL, D3DUSAGE_DEPTHSTENCIL),
                 D3DERR_INVALIDCALL);
        /* A depth-stencil surface's refusal leaves the out pointer alone... */
        CHECK(s == (IDirect3DSurface9 *)0x1, "a refused Ex depth-stencil surface's pointer is untouched");
        s = (IDirect3DSurface9 *)0x1;
        CHECK_HR(IDirect3DDevice9Ex_CreateOffscreenPlainSurfaceEx(dev, 8, 8, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &s,
                                                                  NULL, D3DUSAGE_DYNAMIC),
                 D3DERR_INVALIDCALL);
        /* ...and clear the out pointer as every refusal does (d3d9ex's
         * test_format_unknown). */
        CHECK(s == NULL, "a refused Ex surface is NULL");
        /* Plain surfaces take no depth format (any pool) and ATIn only in SCRATCH. */
        CHECK_HR(IDirect3DDevice9Ex_CreateOffscreenPlainSurface(dev, 8, 8, D3DFMT_D24S8, D3DPOOL_SCRATCH, &s, NULL),
                 D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9Ex_CreateOffscreenPlainSurface(dev, 8, 8, (D3DFORMAT)MAKEFOURCC('A', 'T', 'I', '2'),
                                                                D3DPOOL_DEFAULT, &s, NULL),
                 D3DERR_INVALIDCALL);
        if (SUCCEEDED(IDirect3DDevice9Ex_CreateOffscreenPlainSurface(dev, 8, 8, (D3DFORMAT)MAKEFOURCC('A', 'T', 'I', '2'),
                                                                     D3DPOOL_SCRATCH, &s, NULL)))
            IDirect3DSurface9_Release(s);
        else
            CHECK(0, "a SCRATCH ATI2 plain surface is refused");
        /* A DEFAULT ATI2 texture locks, as on Windows. */
        if (SUCCEEDED(IDirect3DDevice9Ex_CreateTexture(dev, 16, 16, 1, 0, (D3DFORMAT)MAKEFOURCC('A', 'T', 'I', '2'),
                                                       D3DPOOL_DEFAULT, &t, NULL))) {
            D3DLOCKED_RECT lr;
            CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3D_OK);
            CHECK_HR(IDirect3DTexture9_UnlockRect(t, 0), D3D_OK);
            IDirect3DTexture9_Release(t);
        }
        /* SYSTEMMEM over the game's memory: pSharedHandle names it; one level, tight rows. */
        {
            static BYTE mem[33 * 33 * 4];
            HANDLE user = mem;
            D3DLOCKED_RECT lr;
            CHECK_HR(IDirect3DDevice9Ex_CreateTexture(dev, 33, 33, 0, 0, D3DFMT_L8, D3DPOOL_SYSTEMMEM, &t, &user),
                     D3DERR_INVALIDCALL);
            CHECK_HR(IDirect3DDevice9Ex_CreateTexture(dev, 33, 33, 1, 0, D3DFMT_L8, D3DPOOL_SCRATCH, &t, &user),
                     D3DERR_INVALIDCALL);
            if (SUCCEEDED(IDirect3DDevice9Ex_CreateTexture(dev, 33, 33, 1, 0, D3DFMT_L8, D3DPOOL_SYSTEMMEM, &t,
                                                           &user))) {
                CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3D_OK);
                CHECK(lr.pBits == mem, "user memory texture locks at %p, want %p", lr.pBits, (void *)mem);
                CHECK_EQ_U(lr.Pitch, 33);
                IDirect3DTexture9_UnlockRect(t, 0);
                IDirect3DTexture9_Release(t);
            } else {
                CHECK(0, "a SYSTEMMEM texture over user memory is refused");
            }
            if (SUCCEEDED(IDirect3DDevice9Ex_CreateOffscreenPlainSurface(dev, 16, 16, D3DFMT_A8R8G8B8,
                                                                         D3DPOOL_SYSTEMMEM, &s, &user))) {
                CHECK_HR(IDirect3DSurface9_LockRect(s, &lr, NULL, 0), D3D_OK);
                CHECK(lr.pBits == mem, "user memory surface locks at %p, want %p", lr.pBits, (void *)mem);
                CHECK_EQ_U(lr.Pitch, 64);
                IDirect3DSurface9_UnlockRect(s);
                IDirect3DSurface9_Release(s);
            } else {
                CHECK(0, "a SYSTEMMEM plain surface over user memory is refused");
            }
            {
                IDirect3DVertexBuffer9 *vb = NULL;
                CHECK_HR(IDirect3DDevice9Ex_CreateVertexBuffer(dev, 16, 0, 0, D3DPOOL_SYSTEMMEM, &vb, &user),
                         D3DERR_NOTAVAILABLE);
            }
        }
        /* A swap chain of an Ex device answers IDirect3DSwapChain9Ex. */
        {
            IDirect3DSwapChain9 *sc;
            IUnknown *ex = NULL;
            if (SUCCEEDED(IDirect3DDevice9Ex_GetSwapChain(dev, 0, &sc))) {
                CHECK_HR(IDirect3DSwapChain9_QueryInterface(sc, &IID_IDirect3DSwapChain9Ex, (void **)&ex), S_OK);
                if (ex)
                    IUnknown_Release(ex);
                IDirect3DSwapChain9_Release(sc);
            }
        }
        CHECK_EQ_U(IDirect3DDevice9Ex_Release(dev), 0);
    }
    /* IDirect3D9Ex::CreateDevice (not Ex) makes an Ex device all the same. */
    {
        IDirect3DDevice9 *plain = NULL;
        IUnknown *ex = NULL;
        default_pp(&pp, window);
        CHECK_HR(IDirect3D9Ex_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, window, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp,
                                           &plain),
                 D3D_OK);
        if (plain) {
            CHECK_HR(IDirect3DDevice9_QueryInterface(plain, &IID_IDirect3DDevice9Ex, (void **)&ex), S_OK);
            if (ex)
                IUnknown_Release(ex);
            CHECK_EQ_U(IDirect3DDevice9_Release(plain), 0);
        }
    }
    IDirect3D9Ex_Release(d3d);
    DestroyWindow(window);
}

/* Direct3DShaderValidatorCreate9's object, as D3DX drives it; the SDK
 * headers do not declare it. */
typedef HRESULT(WINAPI *validator_cb)(const char *file, int line, DWORD_PTR arg3, DWORD_PTR id, const char *msg,
                                      void *ctx);
struct validator {
    const struct {
        HRESULT(WINAPI *QueryInterface)(struct validator *v, REFIID riid, void **out);
        ULONG(WINAPI *AddRef)(struct validator *v);
        ULONG(WINAPI *Release)(struct validator *v);
        HRESULT(WINAPI *Begin)(struct validator *v, validator_cb cb, void *ctx, DWORD_PTR arg3);
        HRESULT(WINAPI *Instruction)(struct validator *v, const char *file, int line, const DWORD *t, unsigned n);
        HRESULT(WINAPI *End)(struct validator *v);
    } *vtbl;
};

static DWORD_PTR last_message;
static HRESULT WINAPI note_message(const char *file, int line, DWORD_PTR arg3, DWORD_PTR id, const char *msg, void *ctx)
{
    (void)file, (void)line, (void)arg3, (void)msg, (void)ctx;
    last_message = id;
    return S_OK;
}

TEST(shader_validator)
{
    static const DWORD ps30 = D3DPS_VERSION(3, 0), end = 0x0000ffff;
    static const DWORD dcl_v9[] = {0x0200001f, 0x80090005, 0x902f0009};  /* dcl_texcoord9 v9 */
    static const DWORD dcl_v10[] = {0x0200001f, 0x80090005, 0x902f000a}; /* dcl_texcoord9 v10: ps_3_0 has v0-v9 */
    static const DWORD mov_v10[] = {0x02000001, 0x80220002, 0x90ff000a}; /* mov r2.y, v10.w */
    void *(WINAPI * create)(void) =
        (void *(WINAPI *)(void))(void (*)(void))GetProcAddress(GetModuleHandleA("d3d9.dll"), "Direct3DShaderValidatorCreate9");
    struct validator *v = create ? create() : NULL;
    CHECK(v != NULL, "Direct3DShaderValidatorCreate9 returned NULL");
    if (!v)
        return;
    /* A well-formed shader passes, with no message. */
    last_message = 0;
    CHECK_HR(v->vtbl->Begin(v, note_message, NULL, 0), S_OK);
    CHECK_HR(v->vtbl->Instruction(v, "f", 1, &ps30, 1), S_OK);
    CHECK_HR(v->vtbl->Instruction(v, "f", 2, dcl_v9, 3), S_OK);
    CHECK_HR(v->vtbl->Instruction(v, "f", 3, &end, 1), S_OK);
    CHECK_HR(v->vtbl->End(v), S_OK);
    CHECK_EQ_U(last_message, 0);
    /* A register the version lacks: reported with Windows' id, End fails. */
    CHECK_HR(v->vtbl->Begin(v, note_message, NULL, 0), S_OK);
    CHECK_HR(v->vtbl->Instruction(v, "f", 1, &ps30, 1), S_OK);
    CHECK_HR(v->vtbl->Instruction(v, "f", 2, dcl_v10, 3), S_OK);
    CHECK_EQ_U(last_message, 0x12c);
    CHECK_HR(v->vtbl->Instruction(v, "f", 3, mov_v10, 3), S_OK);
    CHECK_EQ_U(last_message, 0x167);
    CHECK_HR(v->vtbl->End(v), E_FAIL);
    /* An instruction before the version breaks the validator for good. */
    CHECK_HR(v->vtbl->Begin(v, note_message, NULL, 0), S_OK);
    CHECK_HR(v->vtbl->Instruction(v, "f", 1, dcl_v9, 3), E_FAIL);
    CHECK_HR(v->vtbl->End(v), E_FAIL);
    CHECK_HR(v->vtbl->Begin(v, note_message, NULL, 0), E_FAIL);
    CHECK_EQ_U(last_message, 0xeb);
    CHECK_EQ_U(v->vtbl->Release(v), 0);
}

/* A multisampled surface takes a type CheckDeviceMultiSampleType offers
 * for its format and a quality below the levels it reports (Microsoft:
 * "MultisampleQuality ... valid range is between zero and one less than
 * the level returned by pQualityLevels"). */
TEST(multisample_creation)
{
    struct test_ctx c;
    IDirect3DSurface9 *s = NULL;
    DWORD levels = 0;
    if (!test_setup(&c))
        return;
    CHECK_HR(IDirect3D9_CheckDeviceMultiSampleType(c.d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, TRUE,
                                                   D3DMULTISAMPLE_NONMASKABLE, &levels),
             D3D_OK);
    CHECK(levels >= 1, "%lu nonmaskable levels", (unsigned long)levels);
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(c.dev, 32, 32, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONMASKABLE,
                                                 levels - 1, FALSE, &s, NULL),
             D3D_OK);
    if (s)
        IDirect3DSurface9_Release(s);
    s = (IDirect3DSurface9 *)0x1;
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(c.dev, 32, 32, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONMASKABLE, levels,
                                                 FALSE, &s, NULL),
             D3DERR_INVALIDCALL);
    CHECK(s == NULL, "a refused surface is NULL");
    CHECK_HR(IDirect3DDevice9_CreateDepthStencilSurface(c.dev, 32, 32, D3DFMT_D24S8, D3DMULTISAMPLE_NONMASKABLE, levels,
                                                        FALSE, &s, NULL),
             D3DERR_INVALIDCALL);
    /* A counted type has one level. */
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(c.dev, 32, 32, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_4_SAMPLES, 1, FALSE,
                                                 &s, NULL),
             D3DERR_INVALIDCALL);
    /* Types the format is not offered with. */
    CHECK_HR(IDirect3D9_CheckDeviceMultiSampleType(c.d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, TRUE,
                                                   D3DMULTISAMPLE_15_SAMPLES, NULL),
             D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(c.dev, 32, 32, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_15_SAMPLES, 0, FALSE,
                                                 &s, NULL),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateDepthStencilSurface(c.dev, 32, 32, D3DFMT_D16_LOCKABLE, D3DMULTISAMPLE_4_SAMPLES,
                                                        0, FALSE, &s, NULL),
             D3DERR_INVALIDCALL);
    test_teardown(&c);
}

/* Rules Windows keeps that Wine's device tests record (and UpdateTexture's
 * leniency with volumes, below): a render target
 * or depth surface of another device is refused (test_render_target_
 * device_mismatch); UpdateSurface refuses a source the game holds locked
 * (test_mipmap_lock); a texture's surfaces have no priority of their own
 * (test_resource_priority); a SYSTEMMEM buffer over the game's memory is
 * NOTAVAILABLE, an index buffer of no format INVALIDCALL first
 * (test_shared_handle). */
TEST(resource_rules)
{
    struct test_ctx c;
    IDirect3DDevice9 *dev2;
    IDirect3DSurface9 *rt2 = NULL, *ds2 = NULL, *src = NULL, *dst = NULL, *level = NULL;
    IDirect3DTexture9 *tex = NULL;
    IDirect3DVertexBuffer9 *vb = NULL;
    IDirect3DIndexBuffer9 *ib = NULL;
    D3DLOCKED_RECT lr;
    DWORD memory[16];
    HANDLE handle = memory;
    if (!test_setup(&c))
        return;
    if ((dev2 = test_device(c.d3d, c.window, 0, 0))) {
        CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev2, 32, 32, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &rt2,
                                                     NULL),
                 D3D_OK);
        CHECK_HR(IDirect3DDevice9_CreateDepthStencilSurface(dev2, 32, 32, D3DFMT_D24S8, D3DMULTISAMPLE_NONE, 0, FALSE,
                                                            &ds2, NULL),
                 D3D_OK);
        if (rt2) {
            CHECK_HR(IDirect3DDevice9_SetRenderTarget(c.dev, 0, rt2), D3DERR_INVALIDCALL);
            CHECK_HR(IDirect3DDevice9_SetRenderTarget(c.dev, 1, rt2), D3DERR_INVALIDCALL);
            IDirect3DSurface9_Release(rt2);
        }
        if (ds2) {
            CHECK_HR(IDirect3DDevice9_SetDepthStencilSurface(c.dev, ds2), D3DERR_INVALIDCALL);
            IDirect3DSurface9_Release(ds2);
        }
        IDirect3DDevice9_Release(dev2);
    }

    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(c.dev, 16, 16, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, &src, NULL),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(c.dev, 16, 16, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &dst,
                                                 NULL),
             D3D_OK);
    if (src && dst) {
        CHECK_HR(IDirect3DSurface9_LockRect(src, &lr, NULL, 0), D3D_OK);
        CHECK_HR(IDirect3DDevice9_UpdateSurface(c.dev, src, NULL, dst, NULL), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DSurface9_UnlockRect(src), D3D_OK);
        CHECK_HR(IDirect3DDevice9_UpdateSurface(c.dev, src, NULL, dst, NULL), D3D_OK);
    }
    if (src)
        IDirect3DSurface9_Release(src);
    if (dst)
        IDirect3DSurface9_Release(dst);

    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 16, 16, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex, NULL), D3D_OK);
    if (tex) {
        CHECK_EQ_U(IDirect3DTexture9_SetPriority(tex, 3), 0);
        CHECK_EQ_U(IDirect3DTexture9_GetPriority(tex), 3);
        if (SUCCEEDED(IDirect3DTexture9_GetSurfaceLevel(tex, 0, &level))) {
            CHECK_EQ_U(IDirect3DSurface9_GetPriority(level), 0);
            CHECK_EQ_U(IDirect3DSurface9_SetPriority(level, 1), 0);
            CHECK_EQ_U(IDirect3DSurface9_GetPriority(level), 0);
            IDirect3DSurface9_Release(level);
        }
        CHECK_EQ_U(IDirect3DTexture9_GetPriority(tex), 3);
        IDirect3DTexture9_Release(tex);
    }

    /* UpdateTexture takes textures that differ in level count, size or
     * format, volume (test_update_volumetexture) and 2D
     * (test_updatetexture) alike, as Windows' drivers do. */
    {
        IDirect3DVolumeTexture9 *vsrc = NULL, *vdst = NULL, *vdst2 = NULL;
        IDirect3DTexture9 *tsrc = NULL, *tdst = NULL;
        IDirect3DDevice9_CreateVolumeTexture(c.dev, 8, 8, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, &vsrc, NULL);
        IDirect3DDevice9_CreateVolumeTexture(c.dev, 8, 8, 8, 4, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &vdst, NULL);
        IDirect3DDevice9_CreateVolumeTexture(c.dev, 8, 8, 8, 1, 0, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT, &vdst2, NULL);
        IDirect3DDevice9_CreateTexture(c.dev, 8, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, &tsrc, NULL);
        IDirect3DDevice9_CreateTexture(c.dev, 8, 8, 1, 0, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT, &tdst, NULL);
        CHECK(vsrc && vdst && vdst2 && tsrc && tdst, "textures for UpdateTexture");
        if (vsrc && vdst && vdst2 && tsrc && tdst) {
            CHECK_HR(IDirect3DDevice9_UpdateTexture(c.dev, (IDirect3DBaseTexture9 *)vsrc, (IDirect3DBaseTexture9 *)vdst),
                     D3D_OK);
            CHECK_HR(IDirect3DDevice9_UpdateTexture(c.dev, (IDirect3DBaseTexture9 *)vsrc, (IDirect3DBaseTexture9 *)vdst2),
                     D3D_OK);
            CHECK_HR(IDirect3DDevice9_UpdateTexture(c.dev, (IDirect3DBaseTexture9 *)tsrc, (IDirect3DBaseTexture9 *)tdst),
                     D3D_OK);
        }
        if (vsrc)
            IDirect3DVolumeTexture9_Release(vsrc);
        if (vdst)
            IDirect3DVolumeTexture9_Release(vdst);
        if (vdst2)
            IDirect3DVolumeTexture9_Release(vdst2);
        if (tsrc)
            IDirect3DTexture9_Release(tsrc);
        if (tdst)
            IDirect3DTexture9_Release(tdst);
    }

    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(c.dev, 16, 0, 0, D3DPOOL_SYSTEMMEM, &vb, &handle),
             D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3DDevice9_CreateIndexBuffer(c.dev, 16, 0, D3DFMT_INDEX16, D3DPOOL_SYSTEMMEM, &ib, &handle),
             D3DERR_NOTAVAILABLE);
    CHECK_HR(IDirect3DDevice9_CreateIndexBuffer(c.dev, 16, 0, (D3DFORMAT)0, D3DPOOL_SYSTEMMEM, &ib, &handle),
             D3DERR_INVALIDCALL);
    test_teardown(&c);
}

static const struct harness_test tests[] = {
    T(texture_validation), T(texture_levels_and_desc), T(cube_and_volume), T(buffers),
    T(vertex_declarations), T(shaders), T(queries), T(private_data), T(ex_device), T(shader_validator),
    T(multisample_creation), T(resource_rules),
};

int main(void)
{
    return RUN_TESTS(tests);
}
