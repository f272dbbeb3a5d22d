/* Draw calls: validated and recorded (after the float constants and
 * transforms set since the last draw, state_record_draw_state); the unix
 * side's encoder turns them into backend draws. */
#include "d3d9_private.h"
#include "stateblock.h"

/* Vertices a primitive count spans, or 0 for an unknown type. */
static UINT vertex_count(D3DPRIMITIVETYPE type, UINT prims)
{
    switch (type) {
    case D3DPT_POINTLIST:
        return prims;
    case D3DPT_LINELIST:
        return prims * 2;
    case D3DPT_LINESTRIP:
        return prims + 1;
    case D3DPT_TRIANGLELIST:
        return prims * 3;
    case D3DPT_TRIANGLESTRIP:
    case D3DPT_TRIANGLEFAN:
        return prims + 2;
    default:
        return 0;
    }
}

/* Whether a vertex declaration or FVF says what the vertices are: a draw
 * without one is refused. */
static BOOL has_layout(const struct device *device)
{
    return device->state.decl || device->state.fvf;
}

/* A vertex shader naming constants past the hardware's cannot draw in
 * hardware mode: a mixed device refuses the first such draw after the
 * shader is set, and draws the later ones as if no shader were set (the
 * unix side uses fixed function for them), as Windows does (Wine's
 * test_mvp_software_vertex_shaders). */
static BOOL refuse_sw_shader(struct device *device)
{
    const struct vshader *vs = device->state.vs;
    if (!vs || !vs->s.needs_swvp || device->state.software_vp || device->vs_sw_refused)
        return FALSE;
    device->vs_sw_refused = TRUE;
    return TRUE;
}

HRESULT WINAPI device_DrawPrimitive(IDirect3DDevice9Ex *iface, D3DPRIMITIVETYPE type, UINT start, UINT prims)
{
    struct device *device = device_impl(iface);
    struct mtld3d_rec_draw *r;
    if (!vertex_count(type, 1) || !has_layout(device))
        return D3DERR_INVALIDCALL;
    if (!prims)
        return D3D_OK;
    device_lock(device);
    if (refuse_sw_shader(device)) {
        device_unlock(device);
        return D3DERR_INVALIDCALL;
    }
    state_record_draw_state(device);
    buffer_record_mapped(device);
    if ((r = device_record(device, MTLD3D_REC_DRAW, sizeof(*r)))) {
        r->PrimitiveType = type;
        r->StartVertex = start;
        r->PrimCount = prims;
    }
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI device_DrawIndexedPrimitive(IDirect3DDevice9Ex *iface, D3DPRIMITIVETYPE type, INT base, UINT min_index,
                                           UINT vertices, UINT start, UINT prims)
{
    struct device *device = device_impl(iface);
    struct mtld3d_rec_draw_indexed *r;
    if (!vertex_count(type, 1) || !has_layout(device))
        return D3DERR_INVALIDCALL;
    /* No index buffer draws nothing and succeeds (Windows, Wine's
     * test_draw_primitive). */
    if (!prims || !device->state.indices)
        return D3D_OK;
    device_lock(device);
    if (refuse_sw_shader(device)) {
        device_unlock(device);
        return D3DERR_INVALIDCALL;
    }
    state_record_draw_state(device);
    buffer_record_mapped(device);
    if ((r = device_record(device, MTLD3D_REC_DRAW_INDEXED, sizeof(*r)))) {
        r->PrimitiveType = type;
        r->BaseVertex = base;
        r->MinIndex = min_index;
        r->NumVertices = vertices;
        r->StartIndex = start;
        r->PrimCount = prims;
    }
    device_unlock(device);
    return D3D_OK;
}

/* Records an UP draw with its bytes inline, or in a blob when they do not
 * fit a chunk, then unbinds stream 0 and the indices as D3D9 does. */
static HRESULT draw_up(struct device *device, D3DPRIMITIVETYPE type, UINT prims, const void *vdata, UINT stride,
                       UINT vbytes, const void *idata, D3DFORMAT ifmt, UINT ibytes, UINT min_index, UINT vertices)
{
    struct mtld3d_rec_draw_up *r;
    SIZE_T total = (SIZE_T)vbytes + ibytes;
    BOOL inline_data = total <= MTLD3D_CHUNK_SIZE / 2;
    device_lock(device);
    if (refuse_sw_shader(device)) {
        /* Refused as a draw without a layout is: stream 0 goes too. */
        state_unbind_up(device, idata != NULL, stride);
        device_unlock(device);
        return D3DERR_INVALIDCALL;
    }
    state_record_draw_state(device);
    r = device_record(device, MTLD3D_REC_DRAW_UP, (uint32_t)(sizeof(*r) + (inline_data ? total : 0)));
    if (r) {
        BYTE *dst = (BYTE *)(r + 1);
        r->PrimitiveType = type;
        r->PrimCount = prims;
        r->Stride = stride;
        r->VertexBytes = vbytes;
        r->IndexFormat = idata ? (uint32_t)ifmt : 0;
        r->IndexBytes = ibytes;
        r->MinIndex = min_index;
        r->NumVertices = vertices;
        r->Data = 0;
        if (!inline_data) {
            if (!(dst = device_blob(device, total))) {
                r->PrimCount = 0; /* out of memory: the draw is dropped */
                dst = NULL;
            } else {
                r->Data = (uint64_t)(uintptr_t)dst;
            }
        }
        if (dst) {
            memcpy(dst, vdata, vbytes);
            if (ibytes)
                memcpy(dst + vbytes, idata, ibytes);
        }
    }
    /* Through the state path, not the public setters: a state block
     * being recorded must not capture this. */
    state_unbind_up(device, idata != NULL, 0);
    device_unlock(device);
    return D3D_OK;
}

/* An UP draw without a vertex layout is refused, yet stream 0 (holding
 * the UP stride) and, for an indexed one, the indices are unbound as if
 * it had run (Windows, Wine's test_draw_primitive). */
static HRESULT refuse_up(struct device *device, BOOL indices, UINT stride)
{
    device_lock(device);
    state_unbind_up(device, indices, stride);
    device_unlock(device);
    return D3DERR_INVALIDCALL;
}

HRESULT WINAPI device_DrawPrimitiveUP(IDirect3DDevice9Ex *iface, D3DPRIMITIVETYPE type, UINT prims, const void *data,
                                      UINT stride)
{
    UINT n = vertex_count(type, prims);
    if (!vertex_count(type, 1) || !data || !stride)
        return D3DERR_INVALIDCALL;
    if (!prims)
        return D3D_OK;
    if ((UINT64)n * stride > 0x7fffffff)
        return D3DERR_INVALIDCALL;
    if (!has_layout(device_impl(iface)))
        return refuse_up(device_impl(iface), FALSE, stride);
    return draw_up(device_impl(iface), type, prims, data, stride, n * stride, NULL, D3DFMT_UNKNOWN, 0, 0, n);
}

HRESULT WINAPI device_DrawIndexedPrimitiveUP(IDirect3DDevice9Ex *iface, D3DPRIMITIVETYPE type, UINT min_index,
                                             UINT vertices, UINT prims, const void *indices, D3DFORMAT ifmt,
                                             const void *data, UINT stride)
{
    UINT n = vertex_count(type, prims), isize;
    if (!vertex_count(type, 1) || !data || !indices || !stride)
        return D3DERR_INVALIDCALL;
    if (ifmt != D3DFMT_INDEX16 && ifmt != D3DFMT_INDEX32)
        return D3DERR_INVALIDCALL;
    if (!prims)
        return D3D_OK;
    isize = ifmt == D3DFMT_INDEX16 ? 2 : 4;
    if ((UINT64)(min_index + vertices) * stride > 0x7fffffff || (UINT64)n * isize > 0x7fffffff)
        return D3DERR_INVALIDCALL;
    if (!has_layout(device_impl(iface)))
        return refuse_up(device_impl(iface), TRUE, stride);
    /* The vertices the indices may name are min_index..min_index+vertices. */
    return draw_up(device_impl(iface), type, prims, data, stride, (min_index + vertices) * stride, indices, ifmt,
                   n * isize, min_index, vertices);
}

/* Patches need D3DDEVCAPS_RTPATCHES or NPATCHES, which the caps do not
 * report: as on such a driver, every patch call is refused. */
HRESULT WINAPI device_DrawRectPatch(IDirect3DDevice9Ex *iface, UINT handle, const float *segment_count,
                                    const D3DRECTPATCH_INFO *info)
{
    (void)iface, (void)handle, (void)segment_count, (void)info;
    return D3DERR_INVALIDCALL;
}

HRESULT WINAPI device_DrawTriPatch(IDirect3DDevice9Ex *iface, UINT handle, const float *segment_count,
                                   const D3DTRIPATCH_INFO *info)
{
    (void)iface, (void)handle, (void)segment_count, (void)info;
    return D3DERR_INVALIDCALL;
}

HRESULT WINAPI device_DeletePatch(IDirect3DDevice9Ex *iface, UINT handle)
{
    (void)iface, (void)handle;
    return D3DERR_INVALIDCALL;
}

/* ProcessVertices runs the current vertex pipeline on the unix side's CPU
 * (the same IR program the reference backend draws with) and writes
 * pre-transformed vertices into the destination buffer's memory and the
 * unix side's copy of it. The output layout is the buffer's FVF, which
 * must be XYZRHW. */
HRESULT WINAPI device_ProcessVertices(IDirect3DDevice9Ex *iface, UINT src_start, UINT dst_idx, UINT count,
                                      IDirect3DVertexBuffer9 *dst_buffer, IDirect3DVertexDeclaration9 *decl, DWORD flags)
{
    struct device *device = device_impl(iface);
    struct mtld3d_process_vertices_params p = {.DeviceID = device->unix_id};
    struct vertexbuffer *vb;
    HRESULT hr;
    (void)decl, (void)flags; /* the output layout comes from the buffer's FVF */
    if (!dst_buffer)
        return D3DERR_INVALIDCALL;
    vb = vertexbuffer_impl(dst_buffer);
    if ((vb->b.fvf & D3DFVF_POSITION_MASK) != D3DFVF_XYZRHW || !vb->b.mem)
        return D3DERR_INVALIDCALL;
    if (!count)
        return D3D_OK;
    device_lock(device);
    state_record_draw_state(device);
    buffer_record_mapped(device);
    if (SUCCEEDED(hr = device_flush(device))) {
        p.SrcStart = src_start;
        p.DestIndex = dst_idx;
        p.Count = count;
        p.Dest = vb->b.id;
        p.DestFVF = vb->b.fvf;
        p.Dst = (uint64_t)(uintptr_t)vb->b.mem;
        p.DstSize = vb->b.size;
        hr = mtld3d_call(MTLD3D_THUNK_PROCESS_VERTICES, &p);
    }
    device_unlock(device);
    return hr;
}
