/* Surfaces, volumes, textures and buffers. Their memory for Lock lives in
 * guest pages; the unix side learns of changes through records. */
#ifndef MTLD3D_RESOURCE_H
#define MTLD3D_RESOURCE_H

#include <stdint.h>
#include <windows.h>
#include <d3d9.h>

#include "object.h"

struct surface {
    IDirect3DSurface9 iface;
    struct object obj;
    uint32_t id;
    D3DSURFACE_DESC desc;
    IUnknown *container;  /* what GetContainer answers for: texture, swap chain or device */
    UINT level;
    D3DCUBEMAP_FACES face;
    BOOL lockable;
    BYTE *mem;            /* guest copy for Lock, or NULL until needed */
    BOOL user_mem;        /* mem is the game's (SYSTEMMEM over user memory, Ex devices) */
    UINT pitch;
    LONG locked;
    RECT lock_rect;          /* what the held lock covers, in pixels */
    DWORD lock_flags;
    BOOL unix_newer;         /* a plain DEFAULT surface the unix side wrote since Lock last read it */
    HDC dc;
    struct texture *texture; /* a texture's level: LockRect goes through it */
    UINT sub;                /* its subresource index in the texture */
    HANDLE dc_bitmap;        /* GetDC's bitmap over the locked memory */
};

static inline struct surface *surface_impl(IDirect3DSurface9 *iface)
{
    return CONTAINING_RECORD(iface, struct surface, iface);
}

/* A standalone render target or DEFAULT-pool plain surface: its texels
 * live on the unix side and a lock's writes go there at Unlock. */
static inline BOOL surface_unix_owned(const struct surface *s)
{
    return s->id && !s->texture &&
           ((s->desc.Usage & D3DUSAGE_RENDERTARGET) ||
            (s->desc.Pool == D3DPOOL_DEFAULT && !(s->desc.Usage & D3DUSAGE_DEPTHSTENCIL)));
}

/* Creates a surface the unix side owns (kind: MTLD3D_SURFACE_*).
 * container is NULL for a surface with its own count; container_iface
 * answers GetContainer. implicit surfaces start with no public
 * reference, held by the device. user_mem, when not NULL, is the game's
 * memory the surface lives in (rows as tight as the format allows). */
HRESULT surface_create(struct device *device, const D3DSURFACE_DESC *desc, uint32_t kind, BOOL lockable,
                       struct object *container, IUnknown *container_iface, BOOL implicit, BYTE *user_mem,
                       struct surface **out);

/* Tells the unix side a new depth-stencil surface was made with
 * discarding on: its contents need not outlive a Present or its
 * replacement by another depth-stencil surface. */
void surface_discard(struct device *device, struct surface *s);

/* Guest memory for Lock: 16-byte aligned and zeroed; big blocks come
 * from VirtualAlloc, small ones from the heap (a VirtualAlloc costs 64
 * KiB of a 32-bit game's address space). The unix side reads it at
 * submit, so memory a record may point at is retired, not freed: it is
 * freed once a Present has submitted the frame that could read it. */
void *resmem_alloc(SIZE_T size);
void resmem_free(void *p);
void resmem_retire(struct device *device, void *p);
/* Frees the device's retired blocks whose frame has been submitted. */
void resmem_reclaim(struct device *device);
/* Frees all of a device's retired blocks: for device destruction, after
 * which nothing reads them. */
void resmem_device_destroyed(struct device *device);

/* Checks usage and format against CheckDeviceFormat's table for a
 * resource type: D3D_OK, or D3DERR_NOTAVAILABLE. *autogen (may be NULL)
 * says whether AUTOGENMIPMAP would generate mips. */
HRESULT resource_check_format(D3DFORMAT format, DWORD usage, D3DRESOURCETYPE rtype, BOOL *autogen);
/* Checks a lock box (texels) against a level's size and the format's
 * block alignment: left/top/front aligned, right/bottom aligned or at
 * the level's edge. */
BOOL resource_check_box(const struct mtld3d_format_info *info, const D3DBOX *box, UINT w, UINT h, UINT d);
/* The one-slice box a surface rectangle names. */
static inline D3DBOX rect_box(const RECT *r)
{
    D3DBOX b = {(UINT)r->left, (UINT)r->top, (UINT)r->right, (UINT)r->bottom, 0, 1};
    return b;
}
/* A surface lock's rectangle (NULL: all of it). Windows refuses an
 * invalid one only for block formats in D3DPOOL_DEFAULT; elsewhere it
 * hands out the address the rectangle names, as XP-era games expect
 * (Wine's test_lockrect_invalid, test_surface_blocks), and the lock
 * covers the whole surface (*whole). *offset is how far into the
 * surface's memory the rectangle starts. FALSE: the lock fails. */
BOOL resource_lock_offset(const struct mtld3d_format_info *info, D3DPOOL pool, UINT w, UINT h, const RECT *rect,
                          UINT pitch, INT_PTR *offset, BOOL *whole);

/* One level of one face of a texture. */
struct subresource {
    SIZE_T offset;          /* in the texture's memory */
    UINT width, height, depth;
    UINT pitch, slice_pitch; /* what Lock reports */
    /* The texels' layout from offset, which uploads read: the same but for
     * MTLD3D_FMT_TEXEL_LOCK formats, whose blocks are packed (core/format). */
    UINT data_pitch, data_slice_pitch;
    LONG locked;
    DWORD lock_flags;
    D3DBOX box;             /* the locked box, block-aligned */
    void *child;            /* struct surface * or struct volume *, made on first use */
};

/* IDirect3DTexture9, IDirect3DCubeTexture9 and IDirect3DVolumeTexture9. */
struct texture {
    union {
        IDirect3DBaseTexture9 base;
        IDirect3DTexture9 tex;
        IDirect3DCubeTexture9 cube;
        IDirect3DVolumeTexture9 vol;
    } iface;
    struct object obj;
    uint32_t id;            /* 0 for SYSTEMMEM and SCRATCH: the unix side never sees them */
    D3DRESOURCETYPE type;
    D3DFORMAT format;
    DWORD usage;
    UINT width, height, depth;
    UINT levels;            /* levels that exist (an AUTOGENMIPMAP texture has more than it reports) */
    UINT public_levels;     /* GetLevelCount */
    UINT faces;
    BOOL autogen;           /* AUTOGENMIPMAP that generates */
    DWORD lod;
    D3DTEXTUREFILTERTYPE autogen_filter;
    const struct mtld3d_format_info *info;
    BYTE *mem;              /* every subresource; NULL if not lockable (DEFAULT, not DYNAMIC) */
    BOOL user_mem;          /* mem is the game's: never freed by us */
    SIZE_T size;
    struct named_list named; /* records of this submit naming mem */
    LONG locks;             /* subresources locked now */
    /* GetDC is out on subresource dc_sub: Windows keeps one DC a texture,
     * refuses locks of any level meanwhile and lets Unlock of a level not
     * locked succeed (Wine's test_getdc). */
    BOOL dc_in_use;
    UINT dc_sub;
    BOOL dirty;             /* changed since the last UpdateTexture read it */
    UINT dirty_faces;       /* bit f: dirty_box[f] holds face f's dirty region */
    D3DBOX dirty_box[6];    /* in top-level texels: what UpdateTexture copies */
    UINT evict_epoch;       /* MANAGED: the device's evict_epoch at its last whole upload */
    struct subresource subs[]; /* faces * levels, face-major */
};

static inline struct texture *texture_from_base(IDirect3DBaseTexture9 *iface)
{
    return CONTAINING_RECORD(iface, struct texture, iface.base);
}

/* The subresource behind a texture level surface or volume. */
HRESULT texture_lock(struct texture *t, UINT sub, D3DLOCKED_BOX *out, const D3DBOX *box, DWORD flags);
/* LockRect of a 2D level or cube face, with the rectangle rules of
 * resource_lock_offset. */
HRESULT texture_lock_rect(struct texture *t, UINT sub, D3DLOCKED_RECT *locked, const RECT *rect, DWORD flags);
/* D3DERR_INVALIDCALL if sub is not locked (and no DC is out on t). */
HRESULT texture_unlock(struct texture *t, UINT sub);
/* Marks a box of a subresource (NULL: all of it) dirty and records its
 * upload. */
void texture_record_update(struct texture *t, UINT sub, const D3DBOX *box);
/* Records the upload alone, leaving the dirty region as it is. */
void texture_record_upload(struct texture *t, UINT sub, const D3DBOX *box);
/* At a bind for sampling: gives a system-memory texture its unix-side
 * copy the first time (Windows samples them; later locks update it) and
 * uploads a managed texture again after EvictManagedResources. */
void texture_make_resident(struct texture *t);
/* The dirty region of a face scaled to a level and aligned to blocks;
 * FALSE if the face has none. */
BOOL texture_dirty_box(const struct texture *t, UINT face, UINT level, D3DBOX *out);

/* A texture level surface, made on first GetSurfaceLevel. */
HRESULT surface_create_level(struct texture *t, UINT sub, UINT face, UINT level, struct surface **out);
void surface_free_level(struct surface *s);

/* IDirect3DVolume9: a level of a volume texture. */
struct volume {
    IDirect3DVolume9 iface;
    struct object obj;
    struct texture *texture;
    UINT sub;
    D3DVOLUME_DESC desc;
};

HRESULT volume_create(struct texture *t, UINT level, struct volume **out);
void volume_free(struct volume *v);

/* Vertex and index buffers share their state. */
struct buffer {
    uint32_t id;
    D3DRESOURCETYPE type;
    DWORD usage;
    DWORD fvf;              /* vertex buffers */
    D3DFORMAT format;       /* D3DFMT_VERTEXDATA or the index format */
    UINT size;
    BYTE *mem;
    struct named_list named; /* records of this submit naming mem */
    /* mem never moves: SYSTEMMEM and MANAGED buffers (non-dynamic ones
     * generally) and every buffer of a software vertex processing device,
     * whose DISCARD also keeps the contents (Wine's test_pinned_buffers). */
    BOOL pinned;
    LONG locks;
    BOOL write;             /* a lock since the last record may have written */
    BOOL overwrites;        /* one of those locks lacked D3DLOCK_NOOVERWRITE */
    BOOL discards;          /* the first of them had D3DLOCK_DISCARD (not pinned) */
    BOOL mapped_write;      /* a lock that may write is open: counted in device->mapped_writes */
    BOOL sent;              /* an update record has sent the contents once */
    UINT dirty_start, dirty_end;
    struct spare_block *spares; /* renamed blocks, reused once their frame is submitted */
};

struct vertexbuffer {
    IDirect3DVertexBuffer9 iface;
    struct object obj;
    struct buffer b;
};

struct indexbuffer {
    IDirect3DIndexBuffer9 iface;
    struct object obj;
    struct buffer b;
};

static inline struct vertexbuffer *vertexbuffer_impl(IDirect3DVertexBuffer9 *iface)
{
    return CONTAINING_RECORD(iface, struct vertexbuffer, iface);
}

static inline struct indexbuffer *indexbuffer_impl(IDirect3DIndexBuffer9 *iface)
{
    return CONTAINING_RECORD(iface, struct indexbuffer, iface);
}

/* Bytes one vertex of an FVF takes (0 for an invalid FVF). */
UINT fvf_vertex_size(DWORD fvf);

/* Before a draw: the bound vertex and index buffers still locked for
 * writing send what their open locks hold now (Windows draws from the
 * bytes written so far; Wine's test_draw_mapped_buffer). Under the
 * device lock. */
void buffer_record_mapped(struct device *device);

/* IDirect3DVertexDeclaration9. elements holds count elements and the
 * D3DDECL_END terminator. */
struct vdecl {
    IDirect3DVertexDeclaration9 iface;
    struct object obj;
    uint32_t id;
    UINT count;
    DWORD fvf;              /* the FVF it was made from, or 0 */
    D3DVERTEXELEMENT9 elements[];
};

static inline struct vdecl *vdecl_impl(IDirect3DVertexDeclaration9 *iface)
{
    return CONTAINING_RECORD(iface, struct vdecl, iface);
}

/* Creates a declaration (validated as CreateVertexDeclaration does). */
HRESULT vdecl_create(struct device *device, const D3DVERTEXELEMENT9 *elements, DWORD fvf, struct vdecl **out);
/* The declaration GetVertexDeclaration answers after SetFVF: the same
 * object for an FVF for the device's life, held by the device (NULL if
 * the FVF has none). vdecl_release_fvf_decls drops them at destruction. */
struct vdecl *vdecl_for_fvf(struct device *device, DWORD fvf);
void vdecl_release_fvf_decls(struct device *device);

/* Vertex and pixel shaders keep their bytecode for GetFunction. */
struct shader {
    uint32_t id;
    DWORD version;          /* the version token */
    UINT size;              /* bytes, end token included */
    DWORD *code;            /* guest memory the CreateShader record points at */
    /* A vertex shader naming constants past the hardware's (c256 and up,
     * i16, b16): it draws only in software mode (draw.c). */
    BOOL needs_swvp;
};

struct vshader {
    IDirect3DVertexShader9 iface;
    struct object obj;
    struct shader s;
};

struct pshader {
    IDirect3DPixelShader9 iface;
    struct object obj;
    struct shader s;
};

static inline struct vshader *vshader_impl(IDirect3DVertexShader9 *iface)
{
    return CONTAINING_RECORD(iface, struct vshader, iface);
}

static inline struct pshader *pshader_impl(IDirect3DPixelShader9 *iface)
{
    return CONTAINING_RECORD(iface, struct pshader, iface);
}

/* IDirect3DQuery9. */
struct query {
    IDirect3DQuery9 iface;
    struct object obj;
    uint32_t id;
    D3DQUERYTYPE type;
    enum { QUERY_CREATED, QUERY_BUILDING, QUERY_ISSUED } state;
    UINT issue_frame;       /* device->frame at the last Issue(END) */
    BOOL flushed;           /* a flush since that Issue submitted it */
    UINT polls;             /* GetData calls without FLUSH since */
    UINT seq;               /* Issue(END)s so far: RecIssueQuery.Seq */
    BOOL recorded;          /* the last Issue(END) reached the frame */
    LARGE_INTEGER timestamp;
    /* Every sample of render target 0 at the last Issue(END): an occlusion
     * query whose count is lost answers this (all visible), never 0. */
    DWORD all_samples;
};

/* Whether w x h may be created in the format: DXTn sizes must be whole
 * blocks in every pool (Windows refuses others at creation). */
static inline BOOL resource_size_ok(const struct mtld3d_format_info *info, UINT w, UINT h)
{
    return !(info->flags & MTLD3D_FMT_WHOLE_BLOCKS) || (!(w % info->block_width) && !(h % info->block_height));
}

#endif
