/* Copies between resources: ColorFill, StretchRect, UpdateSurface,
 * UpdateTexture and AMD's RESZ depth resolve. Each is validated as Windows does and recorded; the
 * unix side does the work in order with the frame's other records. */
#include "d3d9_private.h"

/* The rectangle a call names, or the whole surface when rect is NULL;
 * FALSE if it is empty or leaves the surface. */
static BOOL surface_rect(const struct surface *s, const RECT *rect, RECT *out)
{
    if (!rect) {
        SetRect(out, 0, 0, (int)s->desc.Width, (int)s->desc.Height);
        return TRUE;
    }
    *out = *rect;
    return rect->left >= 0 && rect->top >= 0 && rect->left < rect->right && rect->top < rect->bottom &&
           (UINT)rect->right <= s->desc.Width && (UINT)rect->bottom <= s->desc.Height;
}

/* Guest memory of a surface's pixels (a texture level's lives in its
 * texture) and the pitch of their rows of blocks, or NULL. */
static BYTE *surface_memory(struct surface *s, UINT *pitch)
{
    const struct mtld3d_format_info *info = mtld3d_format_lookup(s->desc.Format);
    if (s->texture) {
        if (!s->texture->mem)
            return NULL;
        *pitch = s->texture->subs[s->sub].data_pitch;
        return s->texture->mem + s->texture->subs[s->sub].offset;
    }
    *pitch = (info->flags & MTLD3D_FMT_TEXEL_LOCK) ? mtld3d_format_pitch(info, s->desc.Width) : s->pitch;
    return s->mem;
}

/* Whether a rectangle's edges fall on the format's block grid; an edge on
 * the surface's own edge counts as aligned. */
static BOOL block_aligned(const struct mtld3d_format_info *info, const RECT *a, UINT width, UINT height)
{
    return !(a->left % info->block_width) && !(a->top % info->block_height) &&
           (!(a->right % info->block_width) || (UINT)a->right == width) &&
           (!(a->bottom % info->block_height) || (UINT)a->bottom == height);
}

HRESULT WINAPI device_ColorFill(IDirect3DDevice9Ex *iface, IDirect3DSurface9 *surface, const RECT *rect, D3DCOLOR color)
{
    struct device *device = device_impl(iface);
    const struct mtld3d_format_info *info;
    struct mtld3d_rec_color_fill *r;
    struct surface *s;
    RECT a;
    if (!surface)
        return D3DERR_INVALIDCALL;
    s = surface_impl(surface);
    info = mtld3d_format_lookup(s->desc.Format);
    /* Default-pool render targets and offscreen plain surfaces only; in a
     * block format (DXTn, YUY2) the rectangle covers whole blocks. */
    if (s->desc.Pool != D3DPOOL_DEFAULT || (s->desc.Usage & D3DUSAGE_DEPTHSTENCIL) ||
        (s->texture && !(s->desc.Usage & D3DUSAGE_RENDERTARGET)) || !surface_rect(s, rect, &a) || !s->id)
        return D3DERR_INVALIDCALL;
    if (!info || !block_aligned(info, &a, s->desc.Width, s->desc.Height))
        return D3DERR_INVALIDCALL;
    device_lock(device);
    s->unix_newer = TRUE;
    if ((r = device_record(device, MTLD3D_REC_COLOR_FILL, sizeof(*r)))) {
        r->Surface = s->id;
        r->Color = color;
        r->Left = a.left;
        r->Top = a.top;
        r->Right = a.right;
        r->Bottom = a.bottom;
    }
    device_unlock(device);
    return D3D_OK;
}

/* An offscreen plain surface: no container, neither target nor depth. */
static BOOL is_plain(const struct surface *s)
{
    return !s->texture && !(s->desc.Usage & (D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL));
}

HRESULT WINAPI device_StretchRect(IDirect3DDevice9Ex *iface, IDirect3DSurface9 *src_surface, const RECT *src_rect,
                                  IDirect3DSurface9 *dst_surface, const RECT *dst_rect, D3DTEXTUREFILTERTYPE filter)
{
    struct device *device = device_impl(iface);
    struct mtld3d_rec_stretch_rect *r;
    struct surface *src, *dst;
    RECT sr, dr;
    BOOL depth;
    if (!src_surface || !dst_surface || src_surface == dst_surface)
        return D3DERR_INVALIDCALL;
    src = surface_impl(src_surface);
    dst = surface_impl(dst_surface);
    if (src->desc.Pool != D3DPOOL_DEFAULT || dst->desc.Pool != D3DPOOL_DEFAULT || !src->id || !dst->id)
        return D3DERR_INVALIDCALL;
    if (filter > D3DTEXF_LINEAR)
        return D3DERR_INVALIDCALL;
    /* Windows' table of sources and destinations: a plain texture level is
     * a source only into a render target (D3DDEVCAPS2_CAN_STRETCHRECT_FROM_
     * TEXTURES), never a destination; an offscreen plain surface takes
     * only another offscreen plain surface. */
    if (dst->texture && !(dst->desc.Usage & (D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL)))
        return D3DERR_INVALIDCALL;
    if (src->texture && !(src->desc.Usage & (D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL)) &&
        !(dst->desc.Usage & D3DUSAGE_RENDERTARGET))
        return D3DERR_INVALIDCALL;
    if (is_plain(dst) && !is_plain(src))
        return D3DERR_INVALIDCALL;
    depth = !!(src->desc.Usage & D3DUSAGE_DEPTHSTENCIL);
    if (depth != !!(dst->desc.Usage & D3DUSAGE_DEPTHSTENCIL))
        return D3DERR_INVALIDCALL;
    if (!surface_rect(src, src_rect, &sr) || !surface_rect(dst, dst_rect, &dr))
        return D3DERR_INVALIDCALL;
    /* Into an offscreen plain surface only a copy: no stretching. */
    if (is_plain(dst) && (sr.right - sr.left != dr.right - dr.left || sr.bottom - sr.top != dr.bottom - dr.top))
        return D3DERR_INVALIDCALL;
    /* Depth-stencil copies: whole surfaces of one size and format (named
     * by NULL or by a rectangle covering them), outside a scene. */
    if (depth && (device->in_scene || src->desc.Width != dst->desc.Width || src->desc.Height != dst->desc.Height ||
                  src->desc.Format != dst->desc.Format || sr.left || sr.top || (UINT)sr.right != src->desc.Width ||
                  (UINT)sr.bottom != src->desc.Height || !EqualRect(&sr, &dr)))
        return D3DERR_INVALIDCALL;
    /* A multisampled depth-stencil surface resolves into a single-sampled
     * one (Windows, Wine's multisampled_depth_buffer_test); a multisampled
     * destination takes only a source of its own multisampling. Colour
     * copies may resolve, scale and write multisampled surfaces (Wine's
     * test_multisample_stretch_rect on Windows). */
    if (depth && dst->desc.MultiSampleType != D3DMULTISAMPLE_NONE &&
        (src->desc.MultiSampleType != dst->desc.MultiSampleType ||
         src->desc.MultiSampleQuality != dst->desc.MultiSampleQuality))
        return D3DERR_INVALIDCALL;
    device_lock(device);
    dst->unix_newer = TRUE;
    if ((r = device_record(device, MTLD3D_REC_STRETCH_RECT, sizeof(*r)))) {
        r->Src = src->id;
        r->Dst = dst->id;
        r->SrcLeft = sr.left;
        r->SrcTop = sr.top;
        r->SrcRight = sr.right;
        r->SrcBottom = sr.bottom;
        r->DstLeft = dr.left;
        r->DstTop = dr.top;
        r->DstRight = dr.right;
        r->DstBottom = dr.bottom;
        r->Filter = filter;
    }
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_UpdateSurface(IDirect3DDevice9Ex *iface, IDirect3DSurface9 *src_surface, const RECT *src_rect,
                                    IDirect3DSurface9 *dst_surface, const POINT *dst_point)
{
    struct device *device = device_impl(iface);
    const struct mtld3d_format_info *info;
    struct mtld3d_rec_upload_surface *r;
    struct surface *src, *dst;
    RECT sr, dr;
    POINT p = {0, 0};
    UINT pitch = 0;
    BYTE *mem;
    HRESULT hr;
    if (!src_surface || !dst_surface)
        return D3DERR_INVALIDCALL;
    src = surface_impl(src_surface);
    dst = surface_impl(dst_surface);
    if (src->desc.Pool != D3DPOOL_SYSTEMMEM || dst->desc.Pool != D3DPOOL_DEFAULT || src->desc.Format != dst->desc.Format ||
        (src->desc.Usage | dst->desc.Usage) & D3DUSAGE_DEPTHSTENCIL || src->desc.MultiSampleType ||
        dst->desc.MultiSampleType || !dst->id)
        return D3DERR_INVALIDCALL;
    /* A source the game holds locked is refused (Wine's test_mipmap_lock). */
    if (src->texture ? src->texture->subs[src->sub].locked : src->locked)
        return D3DERR_INVALIDCALL;
    if (!surface_rect(src, src_rect, &sr))
        return D3DERR_INVALIDCALL;
    if (dst_point)
        p = *dst_point;
    if (p.x < 0 || p.y < 0 || (UINT64)p.x + (sr.right - sr.left) > dst->desc.Width ||
        (UINT64)p.y + (sr.bottom - sr.top) > dst->desc.Height)
        return D3DERR_INVALIDCALL;
    info = mtld3d_format_lookup(src->desc.Format);
    /* Whole blocks on both sides, a partial one only at a surface's edge. */
    SetRect(&dr, p.x, p.y, p.x + (sr.right - sr.left), p.y + (sr.bottom - sr.top));
    if (!info || !info->block_bytes || !block_aligned(info, &sr, src->desc.Width, src->desc.Height) ||
        !block_aligned(info, &dr, dst->desc.Width, dst->desc.Height))
        return D3DERR_INVALIDCALL;
    if (!(mem = surface_memory(src, &pitch)))
        return D3DERR_INVALIDCALL;
    mem += (SIZE_T)(sr.top / info->block_height) * pitch + (SIZE_T)(sr.left / info->block_width) * info->block_bytes;
    device_lock(device);
    if ((r = device_record(device, MTLD3D_REC_UPLOAD_SURFACE, sizeof(*r)))) {
        r->Surface = dst->id;
        r->Pitch = pitch;
        r->Left = p.x;
        r->Top = p.y;
        r->Right = p.x + (sr.right - sr.left);
        r->Bottom = p.y + (sr.bottom - sr.top);
        r->Src = (uint64_t)(uintptr_t)mem;
    }
    /* A plain DEFAULT destination's guest copy is what its Lock shows
     * (unless the unix side holds newer texels, which Lock reads). */
    if (dst->mem && !dst->texture && !(dst->desc.Usage & D3DUSAGE_RENDERTARGET)) {
        UINT rows = mtld3d_format_rows(info, sr.bottom - sr.top), bytes = mtld3d_format_pitch(info, sr.right - sr.left);
        BYTE *out = dst->mem + (SIZE_T)(p.y / info->block_height) * dst->pitch +
                    (SIZE_T)(p.x / info->block_width) * info->block_bytes;
        for (UINT y = 0; y < rows; y++)
            memcpy(out + (SIZE_T)y * dst->pitch, mem + (SIZE_T)y * pitch, bytes);
    }
    /* The source is the game's to change once this returns: hand the copy
     * over now rather than let the record point at memory it may rewrite. */
    hr = device_flush(device);
    device_unlock(device);
    return hr;
}

/* A lockable destination (DEFAULT with DYNAMIC) keeps a guest copy that
 * Lock reads: it gets the box's bytes too, as Windows' lock would show
 * them after the copy (Wine's test_update_texture_pool). The two share a
 * block layout (device_UpdateTexture checks it). */
static void copy_box_bytes(struct texture *dst, const struct subresource *d, const struct texture *src,
                           const struct subresource *s, const D3DBOX *b)
{
    const struct mtld3d_format_info *info = src->info;
    UINT bw = info->block_width, bh = info->block_height;
    SIZE_T x0 = (SIZE_T)(b->Left / bw) * info->block_bytes;
    SIZE_T bytes = (SIZE_T)((b->Right + bw - 1) / bw) * info->block_bytes - x0;
    for (UINT z = b->Front; z < b->Back; z++)
        for (UINT y = b->Top / bh; y < (b->Bottom + bh - 1) / bh; y++)
            memcpy(dst->mem + d->offset + (SIZE_T)z * d->data_slice_pitch + (SIZE_T)y * d->data_pitch + x0,
                   src->mem + s->offset + (SIZE_T)z * s->data_slice_pitch + (SIZE_T)y * s->data_pitch + x0, bytes);
}

HRESULT WINAPI device_UpdateTexture(IDirect3DDevice9Ex *iface, IDirect3DBaseTexture9 *src_texture,
                                    IDirect3DBaseTexture9 *dst_texture)
{
    struct device *device = device_impl(iface);
    struct texture *src, *dst;
    UINT skip = 0, levels;
    HRESULT hr;
    if (!src_texture || !dst_texture || src_texture == dst_texture)
        return D3DERR_INVALIDCALL;
    src = texture_from_base(src_texture);
    dst = texture_from_base(dst_texture);
    if (src->obj.pool != D3DPOOL_SYSTEMMEM || dst->obj.pool != D3DPOOL_DEFAULT || src->type != dst->type ||
        !src->mem || !dst->id)
        return D3DERR_INVALIDCALL;
    /* The source may have larger levels first: match the destination's
     * top level by size. The documentation asks for equal formats, a
     * level of the destination's size and as many levels; Windows'
     * drivers accept every mix (Wine's test_updatetexture) and copy what
     * they can: here the levels both have, bytes as they are between
     * formats of one block size (as NVIDIA's drivers do), nothing between
     * others or when no level matches. Volume textures the same (Wine's
     * test_update_volumetexture). */
    while (skip < src->levels &&
           (max(src->width >> skip, 1u) != dst->width || max(src->height >> skip, 1u) != dst->height ||
            max(src->depth >> skip, 1u) != dst->depth))
        skip++;
    levels = dst->autogen ? 1 : dst->public_levels;
    if (skip == src->levels || src->info->block_bytes != dst->info->block_bytes ||
        src->info->block_width != dst->info->block_width || src->info->block_height != dst->info->block_height)
        levels = 0;
    else
        levels = min(levels, src->levels - skip);
    device_lock(device);
    /* Only the source's dirty regions travel, each scaled to the level. */
    for (UINT f = 0; f < dst->faces; f++) {
        for (UINT l = 0; l < levels; l++) {
            const struct subresource *s = &src->subs[f * src->levels + l + skip];
            struct mtld3d_rec_update_texture *r;
            D3DBOX b;
            if (!texture_dirty_box(src, f, l + skip, &b) ||
                !(r = device_record(device, MTLD3D_REC_UPDATE_TEXTURE, sizeof(*r))))
                continue;
            r->ID = dst->id;
            r->Level = l;
            r->Face = f;
            r->Left = b.Left;
            r->Top = b.Top;
            r->Right = b.Right;
            r->Bottom = b.Bottom;
            r->Front = b.Front;
            r->Back = b.Back;
            r->Src = (uint64_t)(uintptr_t)(src->mem + s->offset + (SIZE_T)b.Front * s->data_slice_pitch +
                                           (SIZE_T)(b.Top / src->info->block_height) * s->data_pitch +
                                           (SIZE_T)(b.Left / src->info->block_width) * src->info->block_bytes);
            r->Pitch = s->data_pitch;
            r->SlicePitch = s->data_slice_pitch;
            if (dst->mem)
                copy_box_bytes(dst, &dst->subs[f * dst->levels + l], src, s, &b);
        }
    }
    if (dst->autogen && levels) {
        struct mtld3d_rec_generate_mips *g = device_record(device, MTLD3D_REC_GENERATE_MIPS, sizeof(*g));
        if (g) {
            g->ID = dst->id;
            g->Filter = dst->autogen_filter;
        }
    }
    src->dirty = FALSE;
    src->dirty_faces = 0;
    hr = device_flush(device); /* as UpdateSurface: the source is the game's again */
    device_unlock(device);
    return hr;
}

void device_resz(struct device *device)
{
    struct mtld3d_rec_resolve_depth *r;
    struct object *obj = device->state.textures[0];
    struct surface *ds = device->ds;
    struct texture *t;
    /* Nothing to copy, or nowhere to: AMD's drivers do nothing either. */
    if (!ds || !ds->id || !obj)
        return;
    t = CONTAINING_RECORD(obj, struct texture, obj);
    if (!t->id || t->type != D3DRTYPE_TEXTURE || !(t->usage & D3DUSAGE_DEPTHSTENCIL) || t->width != ds->desc.Width ||
        t->height != ds->desc.Height)
        return;
    if ((r = device_record(device, MTLD3D_REC_RESOLVE_DEPTH, sizeof(*r)))) {
        r->Surface = ds->id;
        r->Texture = t->id;
    }
}
