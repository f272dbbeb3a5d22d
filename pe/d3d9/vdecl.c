/* IDirect3DVertexDeclaration9: CreateVertexDeclaration's validation,
 * GetDeclaration, and the declaration an FVF stands for. */
#include "d3d9_private.h"

#define MAX_DECL_ELEMENTS 64 /* MAXD3DDECLLENGTH */

static const D3DVERTEXELEMENT9 decl_end = D3DDECL_END();

static BOOL is_end(const D3DVERTEXELEMENT9 *e)
{
    return e->Stream == 0xff && e->Type == D3DDECLTYPE_UNUSED;
}

/* Windows answers E_FAIL for a malformed element. */
static HRESULT check_element(const D3DVERTEXELEMENT9 *e)
{
    if (e->Stream >= MAX_STREAMS)
        return E_FAIL;
    if (e->Offset & 3)
        return E_FAIL;
    if (e->Type > D3DDECLTYPE_UNUSED)
        return E_FAIL;
    if (e->Type == D3DDECLTYPE_UNUSED && e->Method != D3DDECLMETHOD_UV && e->Method != D3DDECLMETHOD_LOOKUP &&
        e->Method != D3DDECLMETHOD_LOOKUPPRESAMPLED)
        return E_FAIL;
    if (e->Method > D3DDECLMETHOD_LOOKUPPRESAMPLED)
        return E_FAIL;
    if (e->Usage > D3DDECLUSAGE_SAMPLE || e->UsageIndex >= 16)
        return E_FAIL;
    return D3D_OK;
}

static void vdecl_destroy(struct object *obj)
{
    struct vdecl *d = CONTAINING_RECORD(obj, struct vdecl, obj);
    struct device *device = obj->device;
    struct mtld3d_rec_destroy_object *r;
    device_lock(device);
    if ((r = device_record(device, MTLD3D_REC_DESTROY_OBJECT, sizeof(*r))))
        r->ID = d->id;
    device_unlock(device);
    HeapFree(GetProcessHeap(), 0, d);
}

HRESULT vdecl_create(struct device *device, const D3DVERTEXELEMENT9 *elements, DWORD fvf, struct vdecl **out)
{
    struct mtld3d_rec_create_vertex_decl *r;
    struct vdecl *d;
    UINT n;
    HRESULT hr;
    if (!elements)
        return D3DERR_INVALIDCALL;
    for (n = 0; !is_end(&elements[n]); n++) {
        if (n >= MAX_DECL_ELEMENTS)
            return E_FAIL;
        if (FAILED(hr = check_element(&elements[n])))
            return hr;
    }
    if (!(d = HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof(*d) + (n + 1) * sizeof(d->elements[0]))))
        return E_OUTOFMEMORY;
    d->iface.lpVtbl = (IDirect3DVertexDeclaration9Vtbl *)&vdecl_vtbl;
    d->count = n;
    d->fvf = fvf;
    memcpy(d->elements, elements, n * sizeof(d->elements[0]));
    d->elements[n] = decl_end;
    device_lock(device);
    d->id = device_new_id(device);
    if ((r = device_record(device, MTLD3D_REC_CREATE_VERTEX_DECL, (uint32_t)(sizeof(*r) + n * sizeof(elements[0]))))) {
        r->ID = d->id;
        r->Count = n;
        memcpy(r + 1, elements, n * sizeof(elements[0]));
    }
    device_unlock(device);
    object_init(&d->obj, device, NULL, D3DPOOL_DEFAULT, vdecl_destroy, FALSE);
    *out = d;
    return D3D_OK;
}

/* The FVF GetFVF answers for a created declaration: Windows derives one
 * only from a lone untransformed or transformed position, 0 otherwise. */
static DWORD position_fvf(const D3DVERTEXELEMENT9 *e)
{
    if (is_end(&e[0]) || !is_end(&e[1]) || e[0].Stream || e[0].Offset || e[0].UsageIndex)
        return 0;
    if (e[0].Usage == D3DDECLUSAGE_POSITION && e[0].Type == D3DDECLTYPE_FLOAT3)
        return D3DFVF_XYZ;
    if (e[0].Usage == D3DDECLUSAGE_POSITIONT && e[0].Type == D3DDECLTYPE_FLOAT4)
        return D3DFVF_XYZRHW;
    return 0;
}

HRESULT WINAPI device_CreateVertexDeclaration(IDirect3DDevice9Ex *iface, const D3DVERTEXELEMENT9 *elements,
                                              IDirect3DVertexDeclaration9 **out)
{
    struct vdecl *d;
    HRESULT hr;
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    if (FAILED(hr = vdecl_create(device_impl(iface), elements, elements ? position_fvf(elements) : 0, &d)))
        return hr;
    *out = &d->iface;
    return D3D_OK;
}

HRESULT WINAPI vdecl_GetDeclaration(IDirect3DVertexDeclaration9 *iface, D3DVERTEXELEMENT9 *elements, UINT *count)
{
    struct vdecl *d = vdecl_impl(iface);
    if (!count)
        return D3DERR_INVALIDCALL;
    /* The count includes the D3DDECL_END terminator. */
    if (elements)
        memcpy(elements, d->elements, (d->count + 1) * sizeof(d->elements[0]));
    *count = d->count + 1;
    return D3D_OK;
}

static void add(D3DVERTEXELEMENT9 *e, UINT *n, WORD *offset, BYTE type, BYTE usage, BYTE index, WORD size)
{
    e[*n].Stream = 0;
    e[*n].Offset = *offset;
    e[*n].Type = type;
    e[*n].Method = D3DDECLMETHOD_DEFAULT;
    e[*n].Usage = usage;
    e[*n].UsageIndex = index;
    (*n)++;
    *offset += size;
}

static HRESULT vdecl_from_fvf(struct device *device, DWORD fvf, struct vdecl **out)
{
    static const BYTE float_types[4] = {D3DDECLTYPE_FLOAT1, D3DDECLTYPE_FLOAT2, D3DDECLTYPE_FLOAT3, D3DDECLTYPE_FLOAT4};
    D3DVERTEXELEMENT9 e[MAX_DECL_ELEMENTS + 1];
    DWORD pos = fvf & D3DFVF_POSITION_MASK;
    UINT n = 0, weights = 0, tex;
    WORD offset = 0;

    if (fvf && !fvf_vertex_size(fvf))
        return D3DERR_INVALIDCALL;
    switch (pos) {
    case D3DFVF_XYZ:
        add(e, &n, &offset, D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_POSITION, 0, 12);
        break;
    case D3DFVF_XYZRHW:
        add(e, &n, &offset, D3DDECLTYPE_FLOAT4, D3DDECLUSAGE_POSITIONT, 0, 16);
        break;
    case D3DFVF_XYZW:
        add(e, &n, &offset, D3DDECLTYPE_FLOAT4, D3DDECLUSAGE_POSITION, 0, 16);
        break;
    case D3DFVF_XYZB1:
    case D3DFVF_XYZB2:
    case D3DFVF_XYZB3:
    case D3DFVF_XYZB4:
    case D3DFVF_XYZB5:
        add(e, &n, &offset, D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_POSITION, 0, 12);
        weights = (pos - D3DFVF_XYZB1) / 2 + 1;
        /* With LASTBETA_UBYTE4 or _D3DCOLOR the last beta holds the
         * blend indices. */
        if (pos == D3DFVF_XYZB2 && (fvf & D3DFVF_LASTBETA_D3DCOLOR) && !(fvf & D3DFVF_LASTBETA_UBYTE4)) {
            /* Windows' runtime makes this one combination a D3DCOLOR
             * weight and UBYTE4 indices (Wine's test_fvf_decl_conversion,
             * run on Windows); drawing must read what GetDeclaration says. */
            add(e, &n, &offset, D3DDECLTYPE_D3DCOLOR, D3DDECLUSAGE_BLENDWEIGHT, 0, 4);
            add(e, &n, &offset, D3DDECLTYPE_UBYTE4, D3DDECLUSAGE_BLENDINDICES, 0, 4);
        } else if (fvf & (D3DFVF_LASTBETA_UBYTE4 | D3DFVF_LASTBETA_D3DCOLOR)) {
            weights--;
            if (weights)
                add(e, &n, &offset, float_types[weights - 1], D3DDECLUSAGE_BLENDWEIGHT, 0, (WORD)(4 * weights));
            add(e, &n, &offset, (fvf & D3DFVF_LASTBETA_UBYTE4) ? D3DDECLTYPE_UBYTE4 : D3DDECLTYPE_D3DCOLOR,
                D3DDECLUSAGE_BLENDINDICES, 0, 4);
        } else if (weights == 5) {
            /* Without a LASTBETA flag the fifth beta is a float of blend indices. */
            add(e, &n, &offset, D3DDECLTYPE_FLOAT4, D3DDECLUSAGE_BLENDWEIGHT, 0, 16);
            add(e, &n, &offset, D3DDECLTYPE_FLOAT1, D3DDECLUSAGE_BLENDINDICES, 0, 4);
        } else {
            add(e, &n, &offset, float_types[weights - 1], D3DDECLUSAGE_BLENDWEIGHT, 0, (WORD)(4 * weights));
        }
        break;
    default:
        break;
    }
    if (fvf & D3DFVF_NORMAL)
        add(e, &n, &offset, D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_NORMAL, 0, 12);
    if (fvf & D3DFVF_PSIZE)
        add(e, &n, &offset, D3DDECLTYPE_FLOAT1, D3DDECLUSAGE_PSIZE, 0, 4);
    if (fvf & D3DFVF_DIFFUSE)
        add(e, &n, &offset, D3DDECLTYPE_D3DCOLOR, D3DDECLUSAGE_COLOR, 0, 4);
    if (fvf & D3DFVF_SPECULAR)
        add(e, &n, &offset, D3DDECLTYPE_D3DCOLOR, D3DDECLUSAGE_COLOR, 1, 4);
    tex = (fvf & D3DFVF_TEXCOUNT_MASK) >> D3DFVF_TEXCOUNT_SHIFT;
    for (UINT i = 0; i < tex; i++) {
        /* D3DFVF_TEXTUREFORMAT2 is 0, 3 is 1, 4 is 2, 1 is 3. */
        static const BYTE comps[4] = {2, 3, 4, 1};
        BYTE c = comps[(fvf >> (16 + 2 * i)) & 3];
        add(e, &n, &offset, float_types[c - 1], D3DDECLUSAGE_TEXCOORD, (BYTE)i, (WORD)(4 * c));
    }
    e[n] = decl_end;
    return vdecl_create(device, e, fvf, out);
}

struct vdecl *vdecl_for_fvf(struct device *device, DWORD fvf)
{
    struct vdecl *made, **grown;
    for (UINT i = 0; i < device->fvf_decl_count; i++)
        if (device->fvf_decls[i]->fvf == fvf)
            return device->fvf_decls[i];
    grown = device->fvf_decls
                ? HeapReAlloc(GetProcessHeap(), 0, device->fvf_decls, (device->fvf_decl_count + 1) * sizeof(*grown))
                : HeapAlloc(GetProcessHeap(), 0, sizeof(*grown));
    if (!grown)
        return NULL;
    device->fvf_decls = grown;
    if (FAILED(vdecl_from_fvf(device, fvf, &made)))
        return NULL;
    /* The device's hold replaces the public reference creation gave. */
    object_bind(&made->obj);
    IDirect3DVertexDeclaration9_Release(&made->iface);
    device->fvf_decls[device->fvf_decl_count++] = made;
    return made;
}

void vdecl_release_fvf_decls(struct device *device)
{
    for (UINT i = 0; i < device->fvf_decl_count; i++)
        object_unbind(&device->fvf_decls[i]->obj);
    HeapFree(GetProcessHeap(), 0, device->fvf_decls);
    device->fvf_decls = NULL;
    device->fvf_decl_count = 0;
}
