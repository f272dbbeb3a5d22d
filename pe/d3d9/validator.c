/* Direct3DShaderValidatorCreate9: the shader validator D3DX feeds an
 * assembled shader to, one instruction at a time, between Begin and End.
 *
 * It checks what Windows' validator is seen to check (Wine's device test
 * test_shader_validator): the version token comes first; a v# register
 * a declaration or an instruction names exists in that version. A
 * problem is reported through the callback with Windows' message id.
 * An instruction before the version breaks the validator: End fails and
 * every later Begin fails. A register problem fails only that shader's
 * End. What a full validator also checks (operand counts, register
 * usage rules per model) is left to CreateVertexShader/CreatePixelShader,
 * whose parser on the unix side refuses malformed bytecode. */
#include "d3d9_private.h"

typedef HRESULT(WINAPI *validator_cb)(const char *file, int line, DWORD_PTR arg3, DWORD_PTR message_id,
                                      const char *message, void *context);

struct validator;
struct validator_vtbl {
    HRESULT(WINAPI *QueryInterface)(struct validator *v, REFIID riid, void **out);
    ULONG(WINAPI *AddRef)(struct validator *v);
    ULONG(WINAPI *Release)(struct validator *v);
    HRESULT(WINAPI *Begin)(struct validator *v, validator_cb cb, void *context, DWORD_PTR arg3);
    HRESULT(WINAPI *Instruction)(struct validator *v, const char *file, int line, const DWORD *tokens,
                                 unsigned int count);
    HRESULT(WINAPI *End)(struct validator *v);
};

struct validator {
    const struct validator_vtbl *vtbl;
    LONG refcount;
    validator_cb cb;
    void *context;
    DWORD_PTR arg3;
    DWORD version; /* 0 until the version token */
    BOOL begun;
    BOOL errors; /* this shader had a problem: End fails */
    BOOL broken; /* an instruction came before the version: every Begin fails */
};

/* Windows' message ids for what we check. */
enum {
    MSG_BEGIN_BROKEN = 0xeb,
    MSG_NO_VERSION = 0xef,
    MSG_NO_VERSION_END = 0xf0,
    MSG_DCL_REGISTER = 0x12c,
    MSG_SRC_REGISTER = 0x167,
};

#define OPCODE_DCL 0x1f
#define OPCODE_DEF 0x51
#define OPCODE_DEFI 0x30
#define OPCODE_DEFB 0x2f
#define OPCODE_COMMENT 0xfffe
#define TOKEN_END 0x0000ffff

static void report(struct validator *v, const char *file, int line, DWORD_PTR id, const char *message)
{
    if (v->cb)
        v->cb(file, line, v->arg3, id, message, v->context);
}

static BOOL is_version(DWORD token)
{
    return (token >> 16) == 0xfffe || (token >> 16) == 0xffff;
}

/* How many v# registers the shader's version has. */
static UINT input_count(DWORD version)
{
    UINT major = (version >> 8) & 0xff;
    if ((version >> 16) == 0xfffe)
        return 16;
    return major >= 3 ? 10 : 2;
}

static BOOL bad_input(const struct validator *v, DWORD param)
{
    UINT type = ((param >> 28) & 7) | ((param >> 8) & 0x18);
    return type == D3DSPR_INPUT && (param & 0x7ff) >= input_count(v->version);
}

static HRESULT WINAPI validator_QueryInterface(struct validator *v, REFIID riid, void **out)
{
    if (!out)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IUnknown)) {
        InterlockedIncrement(&v->refcount);
        *out = v;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG WINAPI validator_AddRef(struct validator *v)
{
    return (ULONG)InterlockedIncrement(&v->refcount);
}

static ULONG WINAPI validator_Release(struct validator *v)
{
    LONG ref = InterlockedDecrement(&v->refcount);
    if (!ref)
        HeapFree(GetProcessHeap(), 0, v);
    return (ULONG)ref;
}

static HRESULT WINAPI validator_Begin(struct validator *v, validator_cb cb, void *context, DWORD_PTR arg3)
{
    v->cb = cb;
    v->context = context;
    v->arg3 = arg3;
    if (v->broken) {
        report(v, NULL, 0, MSG_BEGIN_BROKEN, "validator: an earlier shader broke this validator; make another");
        return E_FAIL;
    }
    v->begun = TRUE;
    v->errors = FALSE;
    v->version = 0;
    return S_OK;
}

static HRESULT WINAPI validator_Instruction(struct validator *v, const char *file, int line, const DWORD *tokens,
                                            unsigned int count)
{
    DWORD opcode;
    unsigned int first = 1, last = count;
    if (!v->begun || v->broken || !tokens || !count)
        return E_FAIL;
    if (!v->version) {
        if (count == 1 && is_version(tokens[0])) {
            v->version = tokens[0];
            return S_OK;
        }
        report(v, NULL, -1, MSG_NO_VERSION, "validator: the shader does not start with a version token");
        report(v, NULL, 0, MSG_NO_VERSION_END, "validator: the shader cannot be validated further");
        v->broken = TRUE;
        return E_FAIL;
    }
    opcode = tokens[0] & 0xffff;
    if (tokens[0] == TOKEN_END || opcode == OPCODE_COMMENT)
        return S_OK;
    if (opcode == OPCODE_DEF || opcode == OPCODE_DEFI || opcode == OPCODE_DEFB)
        last = count > 1 ? 2 : count; /* the constant's register, then its values */
    if (opcode == OPCODE_DCL)
        first = 2; /* the usage token, then the register */
    for (unsigned int i = first; i < last; i++) {
        if (!bad_input(v, tokens[i]))
            continue;
        v->errors = TRUE;
        if (opcode == OPCODE_DCL)
            report(v, file, line, MSG_DCL_REGISTER, "validator: dcl names an input register this version lacks");
        else
            report(v, file, line, MSG_SRC_REGISTER, "validator: an input register this version lacks");
        break;
    }
    return S_OK;
}

static HRESULT WINAPI validator_End(struct validator *v)
{
    BOOL ok = v->begun && !v->broken && !v->errors;
    v->begun = FALSE;
    return ok ? S_OK : E_FAIL;
}

static const struct validator_vtbl validator_vtbl = {
    validator_QueryInterface, validator_AddRef, validator_Release,
    validator_Begin,          validator_Instruction, validator_End,
};

D3D9_EXPORT void *WINAPI Direct3DShaderValidatorCreate9(void)
{
    struct validator *v = HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof(*v));
    if (!v)
        return NULL;
    v->vtbl = &validator_vtbl;
    v->refcount = 1;
    return v;
}
