/* IDirect3DQuery9. Supported: EVENT, OCCLUSION, TIMESTAMP,
 * TIMESTAMPDISJOINT and TIMESTAMPFREQ; the rest (VCACHE included, as on
 * many native drivers) answer D3DERR_NOTAVAILABLE.
 *
 * Nothing is known until the frame holding a query's Issue(END) has been
 * submitted (a Present, or the flush GetData(D3DGETDATA_FLUSH) makes).
 * Then EVENT and OCCLUSION ask the unix side (the QueryData thunk, which
 * never waits): done once the GPU work holding the END has completed,
 * with the samples the occlusion query's draws passed. TIMESTAMP answers
 * the performance counter at Issue, TIMESTAMPFREQ its frequency,
 * TIMESTAMPDISJOINT FALSE. GetData of a never-issued query answers
 * Windows' 0xdd fill; a buffer smaller than the data gets its low bytes. */
#include "d3d9_private.h"

static DWORD data_size(D3DQUERYTYPE type)
{
    switch (type) {
    case D3DQUERYTYPE_EVENT:
    case D3DQUERYTYPE_TIMESTAMPDISJOINT:
        return sizeof(BOOL);
    case D3DQUERYTYPE_OCCLUSION:
        return sizeof(DWORD);
    case D3DQUERYTYPE_TIMESTAMP:
    case D3DQUERYTYPE_TIMESTAMPFREQ:
        return sizeof(UINT64);
    default:
        return 0;
    }
}

static struct query *query_impl(IDirect3DQuery9 *iface)
{
    return CONTAINING_RECORD(iface, struct query, iface);
}

static void query_destroy(struct object *obj)
{
    struct query *q = CONTAINING_RECORD(obj, struct query, obj);
    struct device *device = obj->device;
    struct mtld3d_rec_destroy_object *r;
    device_lock(device);
    if ((r = device_record(device, MTLD3D_REC_DESTROY_OBJECT, sizeof(*r))))
        r->ID = q->id;
    device_unlock(device);
    HeapFree(GetProcessHeap(), 0, q);
}

HRESULT WINAPI device_CreateQuery(IDirect3DDevice9Ex *iface, D3DQUERYTYPE type, IDirect3DQuery9 **out)
{
    struct device *device = device_impl(iface);
    struct query *q;
    if (!data_size(type))
        return D3DERR_NOTAVAILABLE;
    /* A NULL out pointer asks whether the type is supported. */
    if (!out)
        return D3D_OK;
    *out = NULL;
    if (!(q = HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof(*q))))
        return E_OUTOFMEMORY;
    q->iface.lpVtbl = (IDirect3DQuery9Vtbl *)&query_vtbl;
    q->type = type;
    q->state = QUERY_CREATED;
    q->id = device_new_id(device);
    object_init(&q->obj, device, NULL, D3DPOOL_DEFAULT, query_destroy, FALSE);
    *out = &q->iface;
    return D3D_OK;
}

D3DQUERYTYPE WINAPI query_GetType(IDirect3DQuery9 *iface)
{
    return query_impl(iface)->type;
}

DWORD WINAPI query_GetDataSize(IDirect3DQuery9 *iface)
{
    return data_size(query_impl(iface)->type);
}

static DWORD all_samples(const struct surface *rt)
{
    DWORD n;
    if (!rt)
        return 0;
    n = rt->desc.Width * rt->desc.Height;
    if (rt->desc.MultiSampleType >= D3DMULTISAMPLE_2_SAMPLES)
        n *= rt->desc.MultiSampleType;
    return n;
}

HRESULT WINAPI query_Issue(IDirect3DQuery9 *iface, DWORD flags)
{
    struct query *q = query_impl(iface);
    struct device *device = q->obj.device;
    struct mtld3d_rec_issue_query *r;
    BOOL has_begin = q->type == D3DQUERYTYPE_OCCLUSION || q->type == D3DQUERYTYPE_TIMESTAMPDISJOINT;
    if (flags != D3DISSUE_END && flags != D3DISSUE_BEGIN)
        return D3DERR_INVALIDCALL;
    /* The documentation lists BEGIN for occlusion only; Windows' runtime
     * ignores it on the END-only types (Wine's test_timestamp_query). */
    if (flags == D3DISSUE_BEGIN && !has_begin)
        return D3D_OK;
    device_lock(device);
    if (flags == D3DISSUE_END)
        q->seq++;
    if ((r = device_record(device, MTLD3D_REC_ISSUE_QUERY, sizeof(*r)))) {
        r->ID = q->id;
        r->Type = q->type;
        r->Flags = flags;
        /* A BEGIN opens the END still to come. */
        r->Seq = flags == D3DISSUE_BEGIN ? q->seq + 1 : q->seq;
    }
    if (flags == D3DISSUE_BEGIN) {
        q->state = QUERY_BUILDING;
    } else {
        q->state = QUERY_ISSUED;
        q->recorded = r != NULL;
        q->issue_frame = device->frame;
        q->flushed = FALSE;
        q->polls = 0;
        QueryPerformanceCounter(&q->timestamp);
        q->all_samples = all_samples(device->rts[0]);
    }
    device_unlock(device);
    return D3D_OK;
}

HRESULT WINAPI query_GetData(IDirect3DQuery9 *iface, void *data, DWORD size, DWORD flags)
{
    struct query *q = query_impl(iface);
    struct device *device = q->obj.device;
    DWORD need = data_size(q->type);
    union {
        BOOL b;
        DWORD d;
        UINT64 u;
    } result;
    HRESULT hr;

    if (flags & ~D3DGETDATA_FLUSH)
        return D3DERR_INVALIDCALL;
    if (size && !data)
        return D3DERR_INVALIDCALL;
    switch (q->state) {
    case QUERY_CREATED:
        /* Never issued: nothing to wait for; Windows' runtime answers its
         * fill pattern for up to the data size. */
        if (data && size)
            memset(data, 0xdd, min(size, need));
        return S_OK;
    case QUERY_BUILDING:
        return S_FALSE;
    case QUERY_ISSUED:
        break;
    }
    device_lock(device);
    if (device->frame == q->issue_frame && !q->flushed) {
        /* Without FLUSH the frame is not submitted for a query's sake, but
         * games that poll so in a loop would spin forever (native drivers
         * flush on their own in time): after a few polls, submit anyway. */
        if (!(flags & D3DGETDATA_FLUSH) && ++q->polls < 16) {
            device_unlock(device);
            return S_FALSE;
        }
        if (FAILED(hr = device_flush(device))) {
            device_unlock(device);
            return hr == D3DERR_DEVICELOST ? hr : S_FALSE;
        }
        q->flushed = TRUE;
    }
    device_unlock(device);
    memset(&result, 0, sizeof(result));
    switch (q->type) {
    case D3DQUERYTYPE_EVENT:
    case D3DQUERYTYPE_OCCLUSION: {
        struct mtld3d_query_data_params p = {.DeviceID = device->unix_id, .Query = q->id, .Seq = q->seq};
        BOOL known = q->recorded && SUCCEEDED(mtld3d_call(MTLD3D_THUNK_QUERY_DATA, &p));
        if (known && p.Ready == MTLD3D_QUERY_PENDING)
            return S_FALSE;
        /* An END the frame could not hold (out of memory), a unix side
         * that cannot answer and a count lost there still end the query (a
         * game polling in a loop must see it end), with every sample
         * visible: 0 would make the game cull what is on screen. */
        if (q->type == D3DQUERYTYPE_EVENT)
            result.b = TRUE;
        else if (known && p.Ready == MTLD3D_QUERY_DONE)
            result.u = p.Value > 0xffffffffu ? 0xffffffffu : p.Value;
        else
            result.u = q->all_samples;
        break;
    }
    case D3DQUERYTYPE_TIMESTAMP:
        result.u = (UINT64)q->timestamp.QuadPart;
        break;
    case D3DQUERYTYPE_TIMESTAMPFREQ: {
        LARGE_INTEGER f;
        QueryPerformanceFrequency(&f);
        result.u = (UINT64)f.QuadPart;
        break;
    }
    default: /* TIMESTAMPDISJOINT: the counter never changes frequency */
        result.b = FALSE;
        break;
    }
    /* A smaller buffer gets the low bytes; a larger one up to eight, the
     * result zero-extended (Windows writes past the data size too). */
    if (data && size)
        memcpy(data, &result, min(size, sizeof(result)));
    return S_OK;
}
