/* Reference counts of resources, D3D9's way: every object with a public
 * reference holds one on the device, a texture's levels share the
 * texture's count, and the device goes last. */

#include "device_util.h"

static const DWORD vs_1_1[] = {
    0xfffe0101, 0x0000001f, 0x80000000, 0x900f0000, 0x00000001, 0xc00f0000, 0x90e40000, 0x0000ffff,
};

static const D3DVERTEXELEMENT9 decl_elements[] = {
    {0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
    D3DDECL_END(),
};

TEST(device_count_rises)
{
    struct test_ctx c;
    IDirect3DTexture9 *t = NULL;
    IDirect3DCubeTexture9 *cube = NULL;
    IDirect3DVolumeTexture9 *vol = NULL;
    IDirect3DVertexBuffer9 *vb = NULL;
    IDirect3DIndexBuffer9 *ib = NULL;
    IDirect3DVertexDeclaration9 *decl = NULL;
    IDirect3DVertexShader9 *vs = NULL;
    IDirect3DQuery9 *q = NULL;
    ULONG base;
    if (!test_setup(&c))
        return;
    base = refcount(c.dev);
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 16, 16, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &t, NULL), D3D_OK);
    CHECK_EQ_U(refcount(c.dev), base + 1);
    CHECK_HR(IDirect3DDevice9_CreateCubeTexture(c.dev, 16, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &cube, NULL),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateVolumeTexture(c.dev, 4, 4, 4, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &vol, NULL),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(c.dev, 64, 0, 0, D3DPOOL_DEFAULT, &vb, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateIndexBuffer(c.dev, 64, 0, D3DFMT_INDEX16, D3DPOOL_MANAGED, &ib, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(c.dev, decl_elements, &decl), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(c.dev, vs_1_1, &vs), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateQuery(c.dev, D3DQUERYTYPE_EVENT, &q), D3D_OK);
    CHECK_EQ_U(refcount(c.dev), base + 8);
    /* Each new object starts with one reference. */
    if (t)
        CHECK_EQ_U(refcount(t), 1);
    if (vb)
        CHECK_EQ_U(refcount(vb), 1);
    if (decl)
        CHECK_EQ_U(refcount(decl), 1);
    /* A second reference to an object takes none more on the device. */
    if (vb) {
        CHECK_EQ_U(IDirect3DVertexBuffer9_AddRef(vb), 2);
        CHECK_EQ_U(refcount(c.dev), base + 8);
        CHECK_EQ_U(IDirect3DVertexBuffer9_Release(vb), 1);
    }
    if (t)
        CHECK_EQ_U(IDirect3DTexture9_Release(t), 0);
    if (cube)
        CHECK_EQ_U(IDirect3DCubeTexture9_Release(cube), 0);
    if (vol)
        CHECK_EQ_U(IDirect3DVolumeTexture9_Release(vol), 0);
    if (vb)
        CHECK_EQ_U(IDirect3DVertexBuffer9_Release(vb), 0);
    if (ib)
        CHECK_EQ_U(IDirect3DIndexBuffer9_Release(ib), 0);
    if (decl)
        CHECK_EQ_U(IDirect3DVertexDeclaration9_Release(decl), 0);
    if (vs)
        CHECK_EQ_U(IDirect3DVertexShader9_Release(vs), 0);
    if (q)
        CHECK_EQ_U(IDirect3DQuery9_Release(q), 0);
    CHECK_EQ_U(refcount(c.dev), base);
    test_teardown(&c);
}

TEST(texture_surfaces_share_count)
{
    struct test_ctx c;
    IDirect3DTexture9 *t;
    IDirect3DSurface9 *s0, *s0b, *s1;
    IDirect3DDevice9 *dev2;
    D3DSURFACE_DESC d;
    void *container = NULL;
    ULONG base;
    if (!test_setup(&c))
        return;
    base = refcount(c.dev);
    if (FAILED(IDirect3DDevice9_CreateTexture(c.dev, 16, 16, 2, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &t, NULL))) {
        CHECK(0, "CreateTexture");
        test_teardown(&c);
        return;
    }
    CHECK_HR(IDirect3DTexture9_GetSurfaceLevel(t, 0, &s0), D3D_OK);
    CHECK_EQ_U(refcount(t), 2);
    CHECK_EQ_U(refcount(s0), 2);
    CHECK_HR(IDirect3DTexture9_GetSurfaceLevel(t, 0, &s0b), D3D_OK);
    CHECK(s0 == s0b, "the same level gives the same surface");
    CHECK_HR(IDirect3DTexture9_GetSurfaceLevel(t, 1, &s1), D3D_OK);
    CHECK(s1 != s0, "another level gives another surface");
    CHECK_EQ_U(refcount(t), 4);
    /* The texture's levels hold no device references of their own. */
    CHECK_EQ_U(refcount(c.dev), base + 1);
    CHECK_HR(IDirect3DSurface9_GetContainer(s1, &IID_IDirect3DTexture9, &container), D3D_OK);
    CHECK(container == t, "the level's container is the texture");
    CHECK_EQ_U(refcount(t), 5);
    if (container)
        IUnknown_Release((IUnknown *)container);
    CHECK_HR(IDirect3DSurface9_GetContainer(s1, &IID_IDirect3DBaseTexture9, &container), D3D_OK);
    CHECK(container == t, "the level's container answers as a base texture");
    if (container)
        IUnknown_Release((IUnknown *)container);
    CHECK_HR(IDirect3DSurface9_GetContainer(s1, &IID_IDirect3DCubeTexture9, &container), E_NOINTERFACE);
    CHECK_HR(IDirect3DSurface9_GetDevice(s1, &dev2), D3D_OK);
    CHECK(dev2 == c.dev, "GetDevice");
    CHECK_EQ_U(refcount(c.dev), base + 2);
    IDirect3DDevice9_Release(dev2);
    /* Releasing the texture's own reference leaves the surfaces alive. */
    CHECK_EQ_U(IDirect3DTexture9_Release(t), 3);
    CHECK_EQ_U(IDirect3DSurface9_Release(s0b), 2);
    CHECK_EQ_U(IDirect3DSurface9_Release(s0), 1);
    CHECK_HR(IDirect3DSurface9_GetDesc(s1, &d), D3D_OK);
    CHECK_EQ_U(d.Width, 8);
    CHECK_EQ_U(refcount(c.dev), base + 1);
    CHECK_EQ_U(IDirect3DSurface9_Release(s1), 0);
    CHECK_EQ_U(refcount(c.dev), base);
    test_teardown(&c);
}

TEST(cube_and_volume_share_count)
{
    struct test_ctx c;
    IDirect3DCubeTexture9 *cube;
    IDirect3DVolumeTexture9 *vol;
    IDirect3DSurface9 *s;
    IDirect3DVolume9 *v;
    void *container = NULL;
    if (!test_setup(&c))
        return;
    if (SUCCEEDED(IDirect3DDevice9_CreateCubeTexture(c.dev, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &cube, NULL))) {
        CHECK_HR(IDirect3DCubeTexture9_GetCubeMapSurface(cube, D3DCUBEMAP_FACE_NEGATIVE_Y, 0, &s), D3D_OK);
        CHECK_EQ_U(refcount(cube), 2);
        CHECK_HR(IDirect3DSurface9_GetContainer(s, &IID_IDirect3DCubeTexture9, &container), D3D_OK);
        CHECK(container == cube, "the face's container is the cube");
        if (container)
            IUnknown_Release((IUnknown *)container);
        CHECK_EQ_U(IDirect3DSurface9_Release(s), 1);
        CHECK_EQ_U(IDirect3DCubeTexture9_Release(cube), 0);
    }
    if (SUCCEEDED(IDirect3DDevice9_CreateVolumeTexture(c.dev, 4, 4, 4, 2, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &vol,
                                                       NULL))) {
        CHECK_HR(IDirect3DVolumeTexture9_GetVolumeLevel(vol, 1, &v), D3D_OK);
        CHECK_EQ_U(refcount(vol), 2);
        CHECK_EQ_U(IDirect3DVolume9_AddRef(v), 3);
        CHECK_EQ_U(IDirect3DVolume9_Release(v), 2);
        CHECK_EQ_U(IDirect3DVolumeTexture9_Release(vol), 1);
        CHECK_EQ_U(IDirect3DVolume9_Release(v), 0);
    }
    test_teardown(&c);
}

TEST(device_goes_last)
{
    struct test_ctx c;
    IDirect3DTexture9 *t;
    IDirect3DVertexBuffer9 *vb;
    IDirect3DSurface9 *s;
    ULONG base;
    if (!test_setup(&c))
        return;
    base = refcount(c.dev);
    /* Objects leaked by the game keep the device alive. */
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 8, 8, 1, D3DUSAGE_DYNAMIC, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &t,
                                            NULL),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(c.dev, 64, D3DUSAGE_DYNAMIC, 0, D3DPOOL_DEFAULT, &vb, NULL), D3D_OK);
    CHECK_EQ_U(base, 1);
    CHECK_EQ_U(IDirect3DDevice9_Release(c.dev), 2);
    /* The device still works through its children. */
    CHECK_HR(IDirect3DTexture9_GetSurfaceLevel(t, 0, &s), D3D_OK);
    IDirect3DSurface9_Release(s);
    CHECK_EQ_U(IDirect3DTexture9_Release(t), 0);
    CHECK_EQ_U(refcount(c.dev), 1);
    /* The last child's release frees the device, which frees its hold
     * on the IDirect3D9. */
    CHECK_EQ_U(IDirect3DVertexBuffer9_Release(vb), 0);
    CHECK_EQ_U(IDirect3D9_Release(c.d3d), 0);
    DestroyWindow(c.window);
}

TEST(reset_needs_default_pool_gone)
{
    struct test_ctx c;
    IDirect3DTexture9 *t;
    IDirect3DVertexBuffer9 *vb;
    D3DPRESENT_PARAMETERS pp;
    if (!test_setup(&c))
        return;
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(c.dev, 64, 0, 0, D3DPOOL_DEFAULT, &vb, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 8, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &t, NULL), D3D_OK);
    default_pp(&pp, c.window);
    pp.EnableAutoDepthStencil = TRUE;
    pp.AutoDepthStencilFormat = D3DFMT_D24S8;
    CHECK_HR(IDirect3DDevice9_Reset(c.dev, &pp), D3DERR_INVALIDCALL);
    IDirect3DVertexBuffer9_Release(vb);
    /* A managed texture does not stand in the way. */
    default_pp(&pp, c.window);
    pp.EnableAutoDepthStencil = TRUE;
    pp.AutoDepthStencilFormat = D3DFMT_D24S8;
    CHECK_HR(IDirect3DDevice9_Reset(c.dev, &pp), D3D_OK);
    IDirect3DTexture9_Release(t);
    test_teardown(&c);
}

static const struct harness_test tests[] = {
    T(device_count_rises), T(texture_surfaces_share_count), T(cube_and_volume_share_count), T(device_goes_last),
    T(reset_needs_default_pool_gone),
};

int main(void)
{
    return RUN_TESTS(tests);
}
