/* Locks: pitches and offsets for plain and block formats, the rules for
 * lock rectangles, double locks and unlocks, READONLY, and DISCARD and
 * NOOVERWRITE on dynamic buffers. */

#include "device_util.h"

/* Pitch of a whole-level lock. */
static INT level_pitch(IDirect3DTexture9 *t, UINT level)
{
    D3DLOCKED_RECT lr;
    INT pitch;
    if (FAILED(IDirect3DTexture9_LockRect(t, level, &lr, NULL, D3DLOCK_READONLY)))
        return -1;
    pitch = lr.Pitch;
    IDirect3DTexture9_UnlockRect(t, level);
    return pitch;
}

TEST(pitches)
{
    static const struct {
        D3DFORMAT format;
        UINT w, h;
        INT pitch0, pitch2, pitch_last;
    } cases[] = {
        /* 13x7: levels 13, 6, 3, 1 wide. */
        {D3DFMT_A8R8G8B8, 13, 7, 52, 12, 4},
        /* 2-byte rows round up to 4 bytes. */
        {D3DFMT_R5G6B5, 13, 7, 28, 8, 4},
        /* Block formats: a row of 4x4 blocks; a level under 4 wide still
         * takes a block (16x8: levels 16, 8, 4, 2, 1 wide). */
        {D3DFMT_DXT1, 16, 8, 32, 8, 8},
        {D3DFMT_DXT5, 16, 8, 64, 16, 16},
        {D3DFMT_DXT1, 260, 36, 520, 136, 8},
    };
    struct test_ctx c;
    IDirect3DTexture9 *t;
    if (!test_setup(&c))
        return;
    for (UINT i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        HRESULT hr = IDirect3DDevice9_CreateTexture(c.dev, cases[i].w, cases[i].h, 0, 0, cases[i].format,
                                                    D3DPOOL_MANAGED, &t, NULL);
        UINT levels;
        CHECK(hr == D3D_OK, "case %u: CreateTexture returned %#lx", i, (unsigned long)hr);
        if (FAILED(hr))
            continue;
        levels = IDirect3DTexture9_GetLevelCount(t);
        CHECK(level_pitch(t, 0) == cases[i].pitch0, "case %u: level 0 pitch %d, want %d", i, level_pitch(t, 0),
              cases[i].pitch0);
        CHECK(level_pitch(t, 2) == cases[i].pitch2, "case %u: level 2 pitch %d, want %d", i, level_pitch(t, 2),
              cases[i].pitch2);
        CHECK(level_pitch(t, levels - 1) == cases[i].pitch_last, "case %u: last level pitch %d, want %d", i,
              level_pitch(t, levels - 1), cases[i].pitch_last);
        IDirect3DTexture9_Release(t);
    }
    /* A DXTn texture's top level must be whole blocks, in every pool. */
    t = (IDirect3DTexture9 *)(uintptr_t)1;
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 13, 8, 0, 0, D3DFMT_DXT1, D3DPOOL_MANAGED, &t, NULL),
             D3DERR_INVALIDCALL);
    CHECK(t == NULL, "a refused CreateTexture leaves NULL");
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 16, 6, 1, 0, D3DFMT_DXT5, D3DPOOL_SCRATCH, &t, NULL),
             D3DERR_INVALIDCALL);
    test_teardown(&c);
}

TEST(rect_offsets)
{
    struct test_ctx c;
    IDirect3DTexture9 *t;
    D3DLOCKED_RECT lr;
    RECT r;
    BYTE *base;
    if (!test_setup(&c))
        return;
    if (SUCCEEDED(IDirect3DDevice9_CreateTexture(c.dev, 128, 128, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &t, NULL))) {
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3D_OK);
        base = lr.pBits;
        CHECK(((uintptr_t)base & 15) == 0, "locked memory is 16-byte aligned");
        IDirect3DTexture9_UnlockRect(t, 0);
        SetRect(&r, 60, 61, 68, 68);
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, &r, 0), D3D_OK);
        CHECK_EQ_U(lr.Pitch, 512);
        CHECK((BYTE *)lr.pBits - base == 61 * 512 + 60 * 4, "offset %ld", (long)((BYTE *)lr.pBits - base));
        IDirect3DTexture9_UnlockRect(t, 0);
        IDirect3DTexture9_Release(t);
    }
    if (SUCCEEDED(IDirect3DDevice9_CreateTexture(c.dev, 64, 64, 1, 0, D3DFMT_DXT5, D3DPOOL_MANAGED, &t, NULL))) {
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3D_OK);
        base = lr.pBits;
        IDirect3DTexture9_UnlockRect(t, 0);
        SetRect(&r, 4, 8, 12, 16);
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, &r, 0), D3D_OK);
        CHECK_EQ_U(lr.Pitch, 256);
        CHECK((BYTE *)lr.pBits - base == 2 * 256 + 1 * 16, "offset %ld", (long)((BYTE *)lr.pBits - base));
        IDirect3DTexture9_UnlockRect(t, 0);
        IDirect3DTexture9_Release(t);
    }
    test_teardown(&c);
}

/* Windows (XP, and 10 again) hands out the address an invalid lock
 * rectangle names, and games depend on it; only block formats in
 * D3DPOOL_DEFAULT refuse such a rectangle. */
TEST(rect_rules)
{
    static const RECT bad[] = {
        {68, 60, 60, 68},   /* left > right */
        {60, 68, 68, 60},   /* top > bottom */
        {-8, 60, 0, 68},    /* left outside */
        {60, -8, 68, 0},    /* top outside */
        {60, 60, 136, 68},  /* right outside */
        {60, 60, 68, 136},  /* bottom outside */
        {136, 60, 144, 68}, /* wholly outside */
        {60, 60, 60, 68},   /* empty */
    };
    static const RECT partial[] = {
        {1, 0, 4, 4}, /* left inside a block */
        {0, 2, 4, 4}, /* top inside a block */
        {0, 0, 2, 4}, /* right inside a block */
        {0, 0, 4, 3}, /* bottom inside a block */
    };
    struct test_ctx c;
    IDirect3DTexture9 *t;
    D3DLOCKED_RECT lr;
    BYTE *base;
    RECT r;
    if (!test_setup(&c))
        return;
    if (SUCCEEDED(IDirect3DDevice9_CreateTexture(c.dev, 128, 128, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &t, NULL))) {
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3D_OK);
        base = lr.pBits;
        /* A second lock fails and leaves what it was given. */
        lr.pBits = (void *)(uintptr_t)0x1234;
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3DERR_INVALIDCALL);
        CHECK(lr.pBits == (void *)(uintptr_t)0x1234, "a refused relock wrote pBits");
        IDirect3DTexture9_UnlockRect(t, 0);
        for (UINT i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
            CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, &bad[i], 0), D3D_OK);
            CHECK((BYTE *)lr.pBits - base == bad[i].top * 512 + bad[i].left * 4, "rect %u: offset %ld", i,
                  (long)((BYTE *)lr.pBits - base));
            IDirect3DTexture9_UnlockRect(t, 0);
        }
        SetRect(&r, 0, 0, 128, 128);
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, &r, 0), D3D_OK);
        IDirect3DTexture9_UnlockRect(t, 0);
        CHECK_HR(IDirect3DTexture9_LockRect(t, 1, &lr, NULL, 0), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, NULL, NULL, 0), D3DERR_INVALIDCALL);
        IDirect3DTexture9_Release(t);
    }
    /* DXT in MANAGED: partial blocks lock too. */
    if (SUCCEEDED(IDirect3DDevice9_CreateTexture(c.dev, 16, 16, 0, 0, D3DFMT_DXT1, D3DPOOL_MANAGED, &t, NULL))) {
        for (UINT i = 0; i < sizeof(partial) / sizeof(partial[0]); i++) {
            CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, &partial[i], 0), D3D_OK);
            IDirect3DTexture9_UnlockRect(t, 0);
        }
        /* Level 3 is 2x2: the whole level is a valid rect, a block's row of 8 bytes. */
        SetRect(&r, 0, 0, 2, 2);
        CHECK_HR(IDirect3DTexture9_LockRect(t, 3, &lr, &r, 0), D3D_OK);
        CHECK_EQ_U(lr.Pitch, 8);
        IDirect3DTexture9_UnlockRect(t, 3);
        IDirect3DTexture9_Release(t);
    }
    /* DXT in DEFAULT (dynamic): block-aligned rects only, except that right
     * and bottom may stop at the level's edge. */
    if (SUCCEEDED(IDirect3DDevice9_CreateTexture(c.dev, 16, 16, 1, D3DUSAGE_DYNAMIC, D3DFMT_DXT1, D3DPOOL_DEFAULT, &t,
                                                 NULL))) {
        for (UINT i = 0; i < sizeof(partial) / sizeof(partial[0]); i++)
            CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, &partial[i], 0), D3DERR_INVALIDCALL);
        SetRect(&r, 4, 4, 8, 12);
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, &r, 0), D3D_OK);
        IDirect3DTexture9_UnlockRect(t, 0);
        IDirect3DTexture9_Release(t);
    }
    /* A SYSTEMMEM DXT plain surface takes partial blocks as well. */
    {
        IDirect3DSurface9 *s;
        if (SUCCEEDED(IDirect3DDevice9_CreateOffscreenPlainSurface(c.dev, 16, 16, D3DFMT_DXT1, D3DPOOL_SYSTEMMEM, &s,
                                                                   NULL))) {
            for (UINT i = 0; i < sizeof(partial) / sizeof(partial[0]); i++) {
                CHECK_HR(IDirect3DSurface9_LockRect(s, &lr, &partial[i], 0), D3D_OK);
                IDirect3DSurface9_UnlockRect(s);
            }
            IDirect3DSurface9_Release(s);
        } else {
            CHECK(0, "DXT1 offscreen plain surface");
        }
    }
    test_teardown(&c);
}

TEST(lock_state)
{
    struct test_ctx c;
    IDirect3DTexture9 *t;
    IDirect3DSurface9 *s;
    D3DLOCKED_RECT lr, lr2;
    if (!test_setup(&c))
        return;
    if (SUCCEEDED(IDirect3DDevice9_CreateTexture(c.dev, 32, 32, 2, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &t, NULL))) {
        /* Windows lets a lockable 2D texture's level that is not locked
         * unlock, through the texture or its surface (Wine's
         * test_lockrect_invalid records it). */
        CHECK_HR(IDirect3DTexture9_UnlockRect(t, 0), D3D_OK);
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3D_OK);
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr2, NULL, 0), D3DERR_INVALIDCALL);
        /* Other levels lock independently. */
        CHECK_HR(IDirect3DTexture9_LockRect(t, 1, &lr2, NULL, 0), D3D_OK);
        CHECK_HR(IDirect3DTexture9_UnlockRect(t, 1), D3D_OK);
        /* The level surface is the same lock. */
        if (SUCCEEDED(IDirect3DTexture9_GetSurfaceLevel(t, 0, &s))) {
            CHECK_HR(IDirect3DSurface9_LockRect(s, &lr2, NULL, 0), D3DERR_INVALIDCALL);
            CHECK_HR(IDirect3DTexture9_UnlockRect(t, 0), D3D_OK);
            CHECK_HR(IDirect3DSurface9_UnlockRect(s), D3D_OK);
            CHECK_HR(IDirect3DSurface9_LockRect(s, &lr2, NULL, 0), D3D_OK);
            CHECK(lr2.pBits == lr.pBits, "surface and texture lock the same memory");
            CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3DERR_INVALIDCALL);
            CHECK_HR(IDirect3DSurface9_UnlockRect(s), D3D_OK);
            IDirect3DSurface9_Release(s);
        } else {
            CHECK_HR(IDirect3DTexture9_UnlockRect(t, 0), D3D_OK);
        }
        CHECK_HR(IDirect3DTexture9_UnlockRect(t, 0), D3D_OK);
        IDirect3DTexture9_Release(t);
    }
    /* A cube texture's UnlockRect of a face not locked succeeds too; the
     * face's surface answers INVALIDCALL (test_lockrect_invalid). */
    {
        IDirect3DCubeTexture9 *cube;
        if (SUCCEEDED(IDirect3DDevice9_CreateCubeTexture(c.dev, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &cube,
                                                         NULL))) {
            CHECK_HR(IDirect3DCubeTexture9_LockRect(cube, D3DCUBEMAP_FACE_NEGATIVE_X, 0, &lr, NULL, 0), D3D_OK);
            CHECK_HR(IDirect3DCubeTexture9_UnlockRect(cube, D3DCUBEMAP_FACE_NEGATIVE_X, 0), D3D_OK);
            CHECK_HR(IDirect3DCubeTexture9_UnlockRect(cube, D3DCUBEMAP_FACE_NEGATIVE_X, 0), D3D_OK);
            if (SUCCEEDED(IDirect3DCubeTexture9_GetCubeMapSurface(cube, D3DCUBEMAP_FACE_NEGATIVE_X, 0, &s))) {
                CHECK_HR(IDirect3DSurface9_LockRect(s, &lr, NULL, 0), D3D_OK);
                CHECK_HR(IDirect3DSurface9_UnlockRect(s), D3D_OK);
                CHECK_HR(IDirect3DSurface9_UnlockRect(s), D3DERR_INVALIDCALL);
                IDirect3DSurface9_Release(s);
            }
            IDirect3DCubeTexture9_Release(cube);
        }
    }
    /* WRITEONLY is a buffer usage: no texture takes it, in any pool. */
    t = (IDirect3DTexture9 *)0x1;
    CHECK_HR(IDirect3DDevice9_CreateTexture(c.dev, 8, 8, 1, D3DUSAGE_WRITEONLY, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &t,
                                            NULL),
             D3DERR_INVALIDCALL);
    CHECK(t == NULL, "a refused texture is NULL");
    {
        IDirect3DCubeTexture9 *cube;
        IDirect3DVolumeTexture9 *vol;
        CHECK_HR(IDirect3DDevice9_CreateCubeTexture(c.dev, 8, 1, D3DUSAGE_WRITEONLY, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT,
                                                    &cube, NULL),
                 D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DDevice9_CreateVolumeTexture(c.dev, 4, 4, 2, 1, D3DUSAGE_WRITEONLY, D3DFMT_A8R8G8B8,
                                                      D3DPOOL_SCRATCH, &vol, NULL),
                 D3DERR_INVALIDCALL);
    }
    /* DEFAULT textures lock only when DYNAMIC, and what cannot lock cannot
     * unlock (d3d9ex's test_resource_access). */
    if (SUCCEEDED(IDirect3DDevice9_CreateTexture(c.dev, 32, 32, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &t, NULL))) {
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3DERR_INVALIDCALL);
        if (SUCCEEDED(IDirect3DTexture9_GetSurfaceLevel(t, 0, &s))) {
            CHECK_HR(IDirect3DSurface9_UnlockRect(s), D3DERR_INVALIDCALL);
            IDirect3DSurface9_Release(s);
        }
        IDirect3DTexture9_Release(t);
    }
    if (SUCCEEDED(IDirect3DDevice9_CreateTexture(c.dev, 32, 32, 1, D3DUSAGE_DYNAMIC, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT,
                                                 &t, NULL))) {
        for (int i = 0; i < 8; i++) {
            /* Twice a frame: the second DISCARD gets memory the first
             * frame's upload does not read. */
            CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, D3DLOCK_DISCARD), D3D_OK);
            CHECK_HR(IDirect3DTexture9_UnlockRect(t, 0), D3D_OK);
            CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, D3DLOCK_DISCARD), D3D_OK);
            CHECK_HR(IDirect3DTexture9_UnlockRect(t, 0), D3D_OK);
            IDirect3DDevice9_Present(c.dev, NULL, NULL, NULL, NULL);
        }
        IDirect3DTexture9_Release(t);
    }
    if (SUCCEEDED(IDirect3DDevice9_CreateTexture(c.dev, 32, 32, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8,
                                                 D3DPOOL_DEFAULT, &t, NULL))) {
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3DERR_INVALIDCALL);
        IDirect3DTexture9_Release(t);
    }
    test_teardown(&c);
}

TEST(texture_contents)
{
    struct test_ctx c;
    IDirect3DTexture9 *t;
    D3DLOCKED_RECT lr;
    DWORD *p;
    if (!test_setup(&c))
        return;
    if (SUCCEEDED(IDirect3DDevice9_CreateTexture(c.dev, 16, 16, 1, D3DUSAGE_DYNAMIC, D3DFMT_A8R8G8B8,
                                                 D3DPOOL_DEFAULT, &t, NULL))) {
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3D_OK);
        p = lr.pBits;
        for (UINT i = 0; i < 16 * 16; i++)
            p[i] = 0xff000000 | i;
        IDirect3DTexture9_UnlockRect(t, 0);
        /* A second lock in the same frame sees what the first wrote. */
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3D_OK);
        p = lr.pBits;
        CHECK(p[17] == (0xff000000 | 17), "texel 17 is %#lx", p ? p[17] : 0);
        p[17] = 0xdeadbeef;
        IDirect3DTexture9_UnlockRect(t, 0);
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, D3DLOCK_READONLY), D3D_OK);
        p = lr.pBits;
        CHECK(p[17] == 0xdeadbeef && p[18] == (0xff000000 | 18), "texels %#lx %#lx", p[17], p[18]);
        IDirect3DTexture9_UnlockRect(t, 0);
        IDirect3DTexture9_Release(t);
    }
    test_teardown(&c);
}

TEST(cube_and_volume_locks)
{
    struct test_ctx c;
    IDirect3DCubeTexture9 *cube;
    IDirect3DVolumeTexture9 *vol;
    IDirect3DVolume9 *v;
    D3DLOCKED_RECT lr;
    D3DLOCKED_BOX lb;
    D3DBOX box = {1, 1, 2, 3, 3, 4};
    BYTE *base;
    if (!test_setup(&c))
        return;
    if (SUCCEEDED(IDirect3DDevice9_CreateCubeTexture(c.dev, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &cube, NULL))) {
        BYTE *faces[6];
        for (UINT f = 0; f < 6; f++) {
            CHECK_HR(IDirect3DCubeTexture9_LockRect(cube, (D3DCUBEMAP_FACES)f, 0, &lr, NULL, 0), D3D_OK);
            faces[f] = lr.pBits;
            CHECK_EQ_U(lr.Pitch, 32);
        }
        for (UINT f = 1; f < 6; f++)
            CHECK(faces[f] != faces[0], "face %u has its own memory", f);
        for (UINT f = 0; f < 6; f++)
            CHECK_HR(IDirect3DCubeTexture9_UnlockRect(cube, (D3DCUBEMAP_FACES)f, 0), D3D_OK);
        CHECK_HR(IDirect3DCubeTexture9_LockRect(cube, (D3DCUBEMAP_FACES)6, 0, &lr, NULL, 0), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DCubeTexture9_AddDirtyRect(cube, D3DCUBEMAP_FACE_POSITIVE_Y, NULL), D3D_OK);
        IDirect3DCubeTexture9_Release(cube);
    }
    if (SUCCEEDED(IDirect3DDevice9_CreateVolumeTexture(c.dev, 8, 8, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &vol,
                                                       NULL))) {
        CHECK_HR(IDirect3DVolumeTexture9_LockBox(vol, 0, &lb, NULL, 0), D3D_OK);
        base = lb.pBits;
        CHECK_EQ_U(lb.RowPitch, 32);
        CHECK_EQ_U(lb.SlicePitch, 256);
        CHECK_HR(IDirect3DVolumeTexture9_LockBox(vol, 0, &lb, NULL, 0), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DVolumeTexture9_UnlockBox(vol, 0), D3D_OK);
        CHECK_HR(IDirect3DVolumeTexture9_UnlockBox(vol, 0), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DVolumeTexture9_LockBox(vol, 0, &lb, &box, 0), D3D_OK);
        CHECK((BYTE *)lb.pBits - base == 3 * 256 + 1 * 32 + 1 * 4, "box offset %ld",
              (long)((BYTE *)lb.pBits - base));
        CHECK_HR(IDirect3DVolumeTexture9_UnlockBox(vol, 0), D3D_OK);
        box.Back = 5;
        CHECK_HR(IDirect3DVolumeTexture9_LockBox(vol, 0, &lb, &box, 0), D3DERR_INVALIDCALL);
        if (SUCCEEDED(IDirect3DVolumeTexture9_GetVolumeLevel(vol, 0, &v))) {
            CHECK_HR(IDirect3DVolume9_LockBox(v, &lb, NULL, D3DLOCK_READONLY), D3D_OK);
            CHECK(lb.pBits == base, "the volume locks the level's memory");
            CHECK_HR(IDirect3DVolumeTexture9_LockBox(vol, 0, &lb, NULL, 0), D3DERR_INVALIDCALL);
            CHECK_HR(IDirect3DVolume9_UnlockBox(v), D3D_OK);
            CHECK_HR(IDirect3DVolume9_UnlockBox(v), D3DERR_INVALIDCALL);
            IDirect3DVolume9_Release(v);
        }
        CHECK_HR(IDirect3DVolumeTexture9_AddDirtyBox(vol, NULL), D3D_OK);
        IDirect3DVolumeTexture9_Release(vol);
    }
    test_teardown(&c);
}

TEST(buffer_locks)
{
    struct test_ctx c;
    IDirect3DVertexBuffer9 *vb;
    IDirect3DIndexBuffer9 *ib;
    BYTE *p, *q;
    if (!test_setup(&c))
        return;
    if (SUCCEEDED(IDirect3DDevice9_CreateVertexBuffer(c.dev, 256, 0, 0, D3DPOOL_MANAGED, &vb, NULL))) {
        CHECK_HR(IDirect3DVertexBuffer9_Lock(vb, 0, 0, (void **)&p, 0), D3D_OK);
        for (UINT i = 0; i < 256; i++)
            p[i] = (BYTE)i;
        /* Buffers allow nested locks; an offset moves the pointer. */
        CHECK_HR(IDirect3DVertexBuffer9_Lock(vb, 16, 16, (void **)&q, 0), D3D_OK);
        CHECK(q == p + 16, "offset lock points 16 bytes in");
        CHECK_HR(IDirect3DVertexBuffer9_Unlock(vb), D3D_OK);
        CHECK_HR(IDirect3DVertexBuffer9_Unlock(vb), D3D_OK);
        /* Windows answers D3D_OK to an extra Unlock. */
        CHECK_HR(IDirect3DVertexBuffer9_Unlock(vb), D3D_OK);
        /* A second plain lock in the frame sees the data. */
        CHECK_HR(IDirect3DVertexBuffer9_Lock(vb, 0, 0, (void **)&p, D3DLOCK_READONLY), D3D_OK);
        CHECK(p[200] == 200, "byte 200 is %u", p[200]);
        CHECK_HR(IDirect3DVertexBuffer9_Unlock(vb), D3D_OK);
        CHECK_HR(IDirect3DVertexBuffer9_Lock(vb, 0, 0, NULL, 0), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DVertexBuffer9_Lock(vb, 300, 0, (void **)&p, 0), D3DERR_INVALIDCALL);
        CHECK_EQ_U(refcount(vb), 1); /* locks take no references */
        IDirect3DVertexBuffer9_Release(vb);
    }
    if (SUCCEEDED(IDirect3DDevice9_CreateVertexBuffer(c.dev, 1024, D3DUSAGE_DYNAMIC | D3DUSAGE_WRITEONLY, 0,
                                                      D3DPOOL_DEFAULT, &vb, NULL))) {
        CHECK_HR(IDirect3DVertexBuffer9_Lock(vb, 0, 0, (void **)&p, D3DLOCK_DISCARD), D3D_OK);
        memset(p, 0x11, 1024);
        CHECK_HR(IDirect3DVertexBuffer9_Unlock(vb), D3D_OK);
        /* NOOVERWRITE appends to the same memory. */
        CHECK_HR(IDirect3DVertexBuffer9_Lock(vb, 512, 64, (void **)&q, D3DLOCK_NOOVERWRITE), D3D_OK);
        CHECK(q == p + 512, "NOOVERWRITE keeps the buffer's memory");
        CHECK(q[0] == 0x11, "NOOVERWRITE keeps the contents");
        memset(q, 0x22, 64);
        CHECK_HR(IDirect3DVertexBuffer9_Unlock(vb), D3D_OK);
        /* DISCARD after the frame used the buffer hands out fresh memory;
         * what was written before stays untouched for the frame. */
        CHECK_HR(IDirect3DVertexBuffer9_Lock(vb, 0, 0, (void **)&q, D3DLOCK_DISCARD), D3D_OK);
        CHECK(q != NULL, "DISCARD lock");
        if (q) {
            memset(q, 0x33, 1024);
            CHECK(p[0] == 0x11 && p[512] == 0x22, "the discarded memory still holds the frame's data");
        }
        CHECK_HR(IDirect3DVertexBuffer9_Unlock(vb), D3D_OK);
        /* After a Present the old memory may come back. */
        IDirect3DDevice9_Present(c.dev, NULL, NULL, NULL, NULL);
        for (int i = 0; i < 4; i++) {
            CHECK_HR(IDirect3DVertexBuffer9_Lock(vb, 0, 0, (void **)&q, D3DLOCK_DISCARD), D3D_OK);
            CHECK_HR(IDirect3DVertexBuffer9_Unlock(vb), D3D_OK);
            IDirect3DDevice9_Present(c.dev, NULL, NULL, NULL, NULL);
        }
        IDirect3DVertexBuffer9_Release(vb);
    }
    if (SUCCEEDED(IDirect3DDevice9_CreateIndexBuffer(c.dev, 64, D3DUSAGE_DYNAMIC, D3DFMT_INDEX16, D3DPOOL_DEFAULT,
                                                     &ib, NULL))) {
        CHECK_HR(IDirect3DIndexBuffer9_Lock(ib, 0, 0, (void **)&p, D3DLOCK_DISCARD), D3D_OK);
        memset(p, 0x44, 64);
        CHECK_HR(IDirect3DIndexBuffer9_Unlock(ib), D3D_OK);
        /* A plain lock after the frame named the memory copies it over. */
        CHECK_HR(IDirect3DIndexBuffer9_Lock(ib, 0, 0, (void **)&q, 0), D3D_OK);
        CHECK(q[63] == 0x44, "a plain lock keeps the contents");
        CHECK_HR(IDirect3DIndexBuffer9_Unlock(ib), D3D_OK);
        IDirect3DIndexBuffer9_Release(ib);
    }
    test_teardown(&c);
}

TEST(get_dc)
{
    struct test_ctx c;
    IDirect3DTexture9 *t;
    IDirect3DSurface9 *s;
    D3DLOCKED_RECT lr;
    HDC dc = NULL, dc2;
    if (!test_setup(&c))
        return;
    if (SUCCEEDED(IDirect3DDevice9_CreateTexture(c.dev, 13, 5, 1, 0, D3DFMT_R5G6B5, D3DPOOL_MANAGED, &t, NULL))) {
        IDirect3DTexture9_GetSurfaceLevel(t, 0, &s);
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3D_OK);
        ((WORD *)((BYTE *)lr.pBits + 4 * lr.Pitch))[12] = 0xf81f;
        IDirect3DTexture9_UnlockRect(t, 0);
        CHECK_HR(IDirect3DSurface9_GetDC(s, &dc), D3D_OK);
        CHECK(dc != NULL, "a DC");
        /* While the DC is out the surface is locked. */
        CHECK_HR(IDirect3DSurface9_GetDC(s, &dc2), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DSurface9_ReleaseDC(s, (HDC)0x1234), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DSurface9_ReleaseDC(s, dc), D3D_OK);
        CHECK_HR(IDirect3DSurface9_ReleaseDC(s, dc), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, D3DLOCK_READONLY), D3D_OK);
        CHECK_EQ_U(((WORD *)((BYTE *)lr.pBits + 4 * lr.Pitch))[12], 0xf81f);
        IDirect3DTexture9_UnlockRect(t, 0);
        IDirect3DSurface9_Release(s);
        IDirect3DTexture9_Release(t);
    }
    if (SUCCEEDED(IDirect3DDevice9_CreateTexture(c.dev, 16, 16, 1, 0, D3DFMT_DXT1, D3DPOOL_MANAGED, &t, NULL))) {
        IDirect3DTexture9_GetSurfaceLevel(t, 0, &s);
        CHECK_HR(IDirect3DSurface9_GetDC(s, &dc), D3DERR_INVALIDCALL);
        IDirect3DSurface9_Release(s);
        IDirect3DTexture9_Release(t);
    }
    test_teardown(&c);
}

/* The DC's bitmap is the surface's own memory, as Windows makes it
 * (D3DKMTCreateDCFromMemory): GetObject names the locked bits and pitch,
 * a top-down bitmap with no image size, and what GDI draws is in the
 * surface after ReleaseDC. */
TEST(get_dc_bitmap)
{
    struct test_ctx c;
    IDirect3DSurface9 *s;
    D3DLOCKED_RECT lr;
    DIBSECTION dib;
    BYTE *bits;
    HDC dc;
    if (!test_setup(&c))
        return;
    if (FAILED(IDirect3DDevice9_CreateOffscreenPlainSurface(c.dev, 16, 8, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &s,
                                                           NULL))) {
        CHECK(0, "no SYSTEMMEM surface");
        test_teardown(&c);
        return;
    }
    CHECK_HR(IDirect3DSurface9_LockRect(s, &lr, NULL, 0), D3D_OK);
    bits = lr.pBits;
    memset(bits, 0, (size_t)lr.Pitch * 8);
    IDirect3DSurface9_UnlockRect(s);
    CHECK_HR(IDirect3DSurface9_GetDC(s, &dc), D3D_OK);
    memset(&dib, 0, sizeof(dib));
    CHECK(GetObjectA(GetCurrentObject(dc, OBJ_BITMAP), sizeof(dib), &dib) == sizeof(dib), "a DIB section");
    CHECK(dib.dsBm.bmBits == bits, "bitmap bits %p, surface memory %p", dib.dsBm.bmBits, bits);
    CHECK_EQ_U(dib.dsBm.bmWidthBytes, 64);
    CHECK_EQ_U(dib.dsBm.bmBitsPixel, 32);
    CHECK(dib.dsBmih.biWidth == 16 && dib.dsBmih.biHeight == 8, "bitmap %ldx%ld", (long)dib.dsBmih.biWidth,
          (long)dib.dsBmih.biHeight);
    CHECK_EQ_U(dib.dsBmih.biSizeImage, 0);
    /* The bottom half white, through GDI. */
    BitBlt(dc, 0, 4, 16, 4, NULL, 0, 0, WHITENESS);
    CHECK_HR(IDirect3DSurface9_ReleaseDC(s, dc), D3D_OK);
    CHECK_HR(IDirect3DSurface9_LockRect(s, &lr, NULL, D3DLOCK_READONLY), D3D_OK);
    CHECK_EQ_U(((DWORD *)lr.pBits)[0] & 0xffffff, 0);
    CHECK_EQ_U(((DWORD *)((BYTE *)lr.pBits + 5 * lr.Pitch))[3] & 0xffffff, 0xffffff);
    IDirect3DSurface9_UnlockRect(s);
    IDirect3DSurface9_Release(s);
    test_teardown(&c);
}

/* Windows keeps one DC a texture: while a level has it, no other level
 * locks or gets a DC, and Unlock of a level not locked succeeds; while a
 * level is locked no level gets a DC. Other levels lock independently
 * otherwise (Wine's test_getdc records Windows' answers). */
TEST(get_dc_texture_state)
{
    struct test_ctx c;
    IDirect3DCubeTexture9 *cube;
    IDirect3DSurface9 *a = NULL, *b = NULL;
    D3DLOCKED_RECT lr;
    HDC dc, dc2;
    if (!test_setup(&c))
        return;
    if (FAILED(IDirect3DDevice9_CreateCubeTexture(c.dev, 16, 0, 0, D3DFMT_X8R8G8B8, D3DPOOL_MANAGED, &cube, NULL))) {
        CHECK(0, "no cube texture");
        test_teardown(&c);
        return;
    }
    IDirect3DCubeTexture9_GetCubeMapSurface(cube, D3DCUBEMAP_FACE_POSITIVE_X, 0, &a);
    IDirect3DCubeTexture9_GetCubeMapSurface(cube, D3DCUBEMAP_FACE_NEGATIVE_Y, 2, &b);
    if (a && b) {
        CHECK_HR(IDirect3DSurface9_GetDC(a, &dc), D3D_OK);
        CHECK_HR(IDirect3DSurface9_GetDC(b, &dc2), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DSurface9_LockRect(b, &lr, NULL, D3DLOCK_READONLY), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DSurface9_UnlockRect(b), D3D_OK);
        CHECK_HR(IDirect3DSurface9_ReleaseDC(a, dc), D3D_OK);
        CHECK_HR(IDirect3DSurface9_UnlockRect(b), D3DERR_INVALIDCALL);

        CHECK_HR(IDirect3DSurface9_LockRect(b, &lr, NULL, D3DLOCK_READONLY), D3D_OK);
        CHECK_HR(IDirect3DSurface9_GetDC(a, &dc), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DSurface9_LockRect(a, &lr, NULL, D3DLOCK_READONLY), D3D_OK);
        CHECK_HR(IDirect3DSurface9_UnlockRect(a), D3D_OK);
        CHECK_HR(IDirect3DSurface9_UnlockRect(b), D3D_OK);

        CHECK_HR(IDirect3DSurface9_GetDC(b, &dc), D3D_OK);
        CHECK_HR(IDirect3DSurface9_ReleaseDC(b, dc), D3D_OK);
    }
    if (a)
        IDirect3DSurface9_Release(a);
    if (b)
        IDirect3DSurface9_Release(b);
    IDirect3DCubeTexture9_Release(cube);
    test_teardown(&c);
}

TEST(render_target_data_into_level)
{
    struct test_ctx c;
    IDirect3DTexture9 *t;
    IDirect3DSurface9 *bb, *level;
    D3DSURFACE_DESC d;
    D3DLOCKED_RECT lr;
    if (!test_setup(&c))
        return;
    if (FAILED(IDirect3DDevice9_GetBackBuffer(c.dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb))) {
        CHECK(0, "GetBackBuffer");
        test_teardown(&c);
        return;
    }
    IDirect3DSurface9_GetDesc(bb, &d);
    if (SUCCEEDED(IDirect3DDevice9_CreateTexture(c.dev, d.Width, d.Height, 1, 0, d.Format, D3DPOOL_SYSTEMMEM, &t,
                                                 NULL))) {
        IDirect3DTexture9_GetSurfaceLevel(t, 0, &level);
        CHECK_HR(IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_TARGET, 0xff336699, 1.0f, 0), D3D_OK);
        CHECK_HR(IDirect3DDevice9_GetRenderTargetData(c.dev, bb, level), D3D_OK);
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, D3DLOCK_READONLY), D3D_OK);
        if (lr.pBits)
            CHECK((((DWORD *)((BYTE *)lr.pBits + 10 * lr.Pitch))[20] & 0xffffff) == 0x336699, "pixel %#lx",
                  ((DWORD *)((BYTE *)lr.pBits + 10 * lr.Pitch))[20]);
        IDirect3DTexture9_UnlockRect(t, 0);
        IDirect3DSurface9_Release(level);
        IDirect3DTexture9_Release(t);
    }
    IDirect3DSurface9_Release(bb);
    test_teardown(&c);
}

/* Windows lays a texture's levels back to back (no padding between
 * levels) and starts each cube face on 16 bytes. */
TEST(level_packing)
{
    struct test_ctx c;
    IDirect3DTexture9 *t;
    IDirect3DCubeTexture9 *cube;
    D3DLOCKED_RECT lr;
    if (!test_setup(&c))
        return;
    if (SUCCEEDED(IDirect3DDevice9_CreateTexture(c.dev, 257, 257, 3, 0, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, &t,
                                                 NULL))) {
        BYTE *base;
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0), D3D_OK);
        base = lr.pBits;
        IDirect3DTexture9_UnlockRect(t, 0);
        CHECK_HR(IDirect3DTexture9_LockRect(t, 1, &lr, NULL, 0), D3D_OK);
        CHECK((BYTE *)lr.pBits - base == 257 * 1028, "level 1 at %ld", (long)((BYTE *)lr.pBits - base));
        IDirect3DTexture9_UnlockRect(t, 1);
        CHECK_HR(IDirect3DTexture9_LockRect(t, 2, &lr, NULL, 0), D3D_OK);
        CHECK((BYTE *)lr.pBits - base == 257 * 1028 + 128 * 512, "level 2 at %ld", (long)((BYTE *)lr.pBits - base));
        IDirect3DTexture9_UnlockRect(t, 2);
        IDirect3DTexture9_Release(t);
    }
    if (SUCCEEDED(IDirect3DDevice9_CreateCubeTexture(c.dev, 5, 1, 0, D3DFMT_L8, D3DPOOL_SYSTEMMEM, &cube, NULL))) {
        BYTE *base;
        CHECK_HR(IDirect3DCubeTexture9_LockRect(cube, 0, 0, &lr, NULL, 0), D3D_OK);
        base = lr.pBits;
        IDirect3DCubeTexture9_UnlockRect(cube, 0, 0);
        /* Face 0 is 5 rows of 8 bytes: 40, rounded up to 48. */
        CHECK_HR(IDirect3DCubeTexture9_LockRect(cube, 1, 0, &lr, NULL, 0), D3D_OK);
        CHECK((BYTE *)lr.pBits - base == 48, "face 1 at %ld", (long)((BYTE *)lr.pBits - base));
        IDirect3DCubeTexture9_UnlockRect(cube, 1, 0);
        IDirect3DCubeTexture9_Release(cube);
    }
    test_teardown(&c);
}

/* A D16_LOCKABLE depth surface locks and reads what was drawn into it. */
TEST(lockable_depth)
{
    struct test_ctx c;
    IDirect3DSurface9 *ds = NULL, *old = NULL;
    D3DLOCKED_RECT lr;
    if (!test_setup(&c))
        return;
    if (FAILED(IDirect3DDevice9_CreateDepthStencilSurface(c.dev, 4, 4, D3DFMT_D16_LOCKABLE, D3DMULTISAMPLE_NONE, 0,
                                                          FALSE, &ds, NULL))) {
        CHECK(0, "D16_LOCKABLE depth surface");
        test_teardown(&c);
        return;
    }
    IDirect3DDevice9_GetDepthStencilSurface(c.dev, &old);
    CHECK_HR(IDirect3DDevice9_SetDepthStencilSurface(c.dev, ds), D3D_OK);
    CHECK_HR(IDirect3DDevice9_Clear(c.dev, 0, NULL, D3DCLEAR_ZBUFFER, 0, 0.5f, 0), D3D_OK);
    CHECK_HR(IDirect3DSurface9_LockRect(ds, &lr, NULL, D3DLOCK_READONLY), D3D_OK);
    if (lr.pBits) {
        WORD d = ((WORD *)((BYTE *)lr.pBits + 3 * lr.Pitch))[3];
        CHECK(d >= 0x7ffd && d <= 0x8001, "depth %#x, want about 0x7fff", d);
        IDirect3DSurface9_UnlockRect(ds);
    }
    IDirect3DDevice9_SetDepthStencilSurface(c.dev, old);
    if (old)
        IDirect3DSurface9_Release(old);
    IDirect3DSurface9_Release(ds);
    /* A multisample quality with D3DMULTISAMPLE_NONE is ignored. */
    ds = NULL;
    CHECK_HR(IDirect3DDevice9_CreateDepthStencilSurface(c.dev, 16, 16, D3DFMT_D24X8, D3DMULTISAMPLE_NONE, 1, FALSE,
                                                        &ds, NULL),
             D3D_OK);
    if (ds)
        IDirect3DSurface9_Release(ds);
    test_teardown(&c);
}

static const struct harness_test tests[] = {
    T(pitches), T(rect_offsets), T(rect_rules), T(lock_state), T(texture_contents), T(cube_and_volume_locks),
    T(buffer_locks), T(get_dc), T(get_dc_bitmap), T(get_dc_texture_state), T(render_target_data_into_level),
    T(level_packing),
    T(lockable_depth),
};

int main(void)
{
    return RUN_TESTS(tests);
}
