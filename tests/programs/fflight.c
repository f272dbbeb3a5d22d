/* Fixed-function lighting, checked by pixel readback against D3D9's
 * lighting equations evaluated here in C:
 *   diffuse  = Ce + Ca*(Ga + sum La*f) + Cd*sum(Ld*max(N.L,0)*f)
 *   specular = Cs*sum(Ls*(N.H)^P*f), H = normalize(L + V)
 * with f = attenuation * spot factor, both saturated, specular added in the
 * pixel stage under D3DRS_SPECULARENABLE. Every draw is one quad at
 * (+-1, +-1, 0.5) with identity transforms (so it fills the viewport) and
 * the lights on the quad's axis: the four corners light alike, so the
 * Gouraud-interpolated centre pixel equals the lit colour of a corner.
 * Tolerance: 2 per 8-bit channel. */
#include <math.h>

#include "draw_util.h"

static IDirect3D9 *d3d;
static HWND window;

struct vtx {
    float x, y, z;
    float nx, ny, nz;
    D3DCOLOR diffuse, specular;
};

#define FVF_LIT (D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_DIFFUSE | D3DFVF_SPECULAR)

struct vec3 {
    double x, y, z;
};

static struct vec3 v3(double x, double y, double z)
{
    struct vec3 v = {x, y, z};
    return v;
}
static double dot3(struct vec3 a, struct vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static struct vec3 norm3(struct vec3 a)
{
    double l = sqrt(dot3(a, a));
    return l > 0 ? v3(a.x / l, a.y / l, a.z / l) : a;
}

/* What the device is told, kept here to evaluate the equations. */
struct scene {
    D3DMATERIAL9 mat;
    D3DLIGHT9 lights[4];
    int nlights;
    D3DCOLOR ambient;
    BOOL colorvertex, specular_enable, local_viewer, normalize;
    DWORD diffuse_src, ambient_src, specular_src, emissive_src;
    float normal[3];
    D3DCOLOR vdiffuse, vspecular;
    /* The view: identity, or turned 90 degrees about y and moved, with
     * the vertices and lights given in world space so that camera space
     * (where the equations below work) is the same. */
    BOOL turned_view;
};

/* The turned view: camera = (wz, wy, 1 - wx), so world = (1 - cz, cy, cx)
 * for points and (-cz, cy, cx) for directions. */
static const D3DMATRIX turned_view = {{{0, 0, -1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 1}}};

static D3DVECTOR to_world(const struct scene *s, float x, float y, float z, BOOL point)
{
    D3DVECTOR v = {x, y, z};
    if (s->turned_view) {
        v.x = (point ? 1 : 0) - z;
        v.z = x;
    }
    return v;
}

static void default_scene(struct scene *s)
{
    memset(s, 0, sizeof(*s));
    s->colorvertex = TRUE;
    s->local_viewer = TRUE;
    s->diffuse_src = D3DMCS_COLOR1;
    s->specular_src = D3DMCS_COLOR2;
    s->ambient_src = D3DMCS_MATERIAL;
    s->emissive_src = D3DMCS_MATERIAL;
    s->normal[2] = -1; /* facing the camera */
    s->vdiffuse = 0xffffffff;
    s->vspecular = 0;
}

static D3DCOLORVALUE cv(float r, float g, float b, float a)
{
    D3DCOLORVALUE c = {r, g, b, a};
    return c;
}

static D3DCOLORVALUE from_color(D3DCOLOR c)
{
    return cv(((c >> 16) & 0xff) / 255.0f, ((c >> 8) & 0xff) / 255.0f, (c & 0xff) / 255.0f, (c >> 24) / 255.0f);
}

/* The material colour a source selects (vertex colours only with
 * COLORVERTEX; this FVF always has both). */
static D3DCOLORVALUE source(const struct scene *s, DWORD src, D3DCOLORVALUE mat)
{
    if (!s->colorvertex || src == D3DMCS_MATERIAL)
        return mat;
    return from_color(src == D3DMCS_COLOR1 ? s->vdiffuse : s->vspecular);
}

static double sat(double v) { return v < 0 ? 0 : v > 1 ? 1 : v; }

/* The pixel the equations give at vertex p (0xRRGGBB). */
static D3DCOLOR expect(const struct scene *s, struct vec3 p)
{
    struct vec3 n = v3(s->normal[0], s->normal[1], s->normal[2]);
    D3DCOLORVALUE cd = source(s, s->diffuse_src, s->mat.Diffuse), ca = source(s, s->ambient_src, s->mat.Ambient);
    D3DCOLORVALUE cs = source(s, s->specular_src, s->mat.Specular), ce = source(s, s->emissive_src, s->mat.Emissive);
    double amb[3], dif[3] = {0, 0, 0}, spe[3] = {0, 0, 0}, out[3];
    amb[0] = ((s->ambient >> 16) & 0xff) / 255.0;
    amb[1] = ((s->ambient >> 8) & 0xff) / 255.0;
    amb[2] = (s->ambient & 0xff) / 255.0;
    if (s->normalize)
        n = norm3(n);
    for (int i = 0; i < s->nlights; i++) {
        const D3DLIGHT9 *l = &s->lights[i];
        struct vec3 L;
        double f = 1;
        if (l->Type == D3DLIGHT_DIRECTIONAL) {
            L = norm3(v3(-l->Direction.x, -l->Direction.y, -l->Direction.z));
        } else {
            struct vec3 d = v3(l->Position.x - p.x, l->Position.y - p.y, l->Position.z - p.z);
            double dist = sqrt(dot3(d, d));
            L = norm3(d);
            f = dist > l->Range ? 0 : 1 / (l->Attenuation0 + l->Attenuation1 * dist + l->Attenuation2 * dist * dist);
            if (l->Type == D3DLIGHT_SPOT) {
                struct vec3 sd = norm3(v3(l->Direction.x, l->Direction.y, l->Direction.z));
                double rho = -dot3(L, sd), ct = cos(l->Theta / 2), cp = cos(l->Phi / 2);
                f *= rho > ct ? 1 : rho <= cp ? 0 : pow((rho - cp) / (ct - cp), l->Falloff);
            }
        }
        double nl = dot3(n, L);
        amb[0] += l->Ambient.r * f;
        amb[1] += l->Ambient.g * f;
        amb[2] += l->Ambient.b * f;
        if (nl > 0) {
            dif[0] += l->Diffuse.r * nl * f;
            dif[1] += l->Diffuse.g * nl * f;
            dif[2] += l->Diffuse.b * nl * f;
            if (s->specular_enable) {
                struct vec3 V = s->local_viewer ? norm3(v3(-p.x, -p.y, -p.z)) : v3(0, 0, -1);
                struct vec3 H = norm3(v3(L.x + V.x, L.y + V.y, L.z + V.z));
                double nh = dot3(n, H), k = nh > 0 ? pow(nh, s->mat.Power) * f : 0;
                spe[0] += l->Specular.r * k;
                spe[1] += l->Specular.g * k;
                spe[2] += l->Specular.b * k;
            }
        }
    }
    out[0] = sat(ce.r + ca.r * amb[0] + cd.r * dif[0]) + sat(cs.r * spe[0]);
    out[1] = sat(ce.g + ca.g * amb[1] + cd.g * dif[1]) + sat(cs.g * spe[1]);
    out[2] = sat(ce.b + ca.b * amb[2] + cd.b * dif[2]) + sat(cs.b * spe[2]);
    return (D3DCOLOR)(lround(sat(out[0]) * 255) << 16 | lround(sat(out[1]) * 255) << 8 | lround(sat(out[2]) * 255));
}

static D3DCOLOR center_pixel(IDirect3DDevice9 *dev) { return bb_pixel(dev, 320, 240); }

/* Clears (flags, to colour clear) and draws the two-triangle strip q in
 * a scene of its own. */
static void draw_strip(IDirect3DDevice9 *dev, DWORD flags, D3DCOLOR clear, const void *q, UINT stride)
{
    IDirect3DDevice9_Clear(dev, 0, NULL, flags, clear, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, stride);
    IDirect3DDevice9_EndScene(dev);
}

/* Sets the scene's state, draws the quad and checks the centre pixel
 * against the equations. */
static void draw_and_check(IDirect3DDevice9 *dev, const struct scene *s, const char *what, int line)
{
    struct vtx q[4];
    static const float corners[4][2] = {{-1, 1}, {1, 1}, {-1, -1}, {1, -1}};
    D3DCOLOR got, want;
    static const D3DMATRIX identity = {{{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}}};
    for (int i = 0; i < 4; i++) {
        D3DVECTOR p = to_world(s, corners[i][0], corners[i][1], 0.5f, TRUE);
        D3DVECTOR n = to_world(s, s->normal[0], s->normal[1], s->normal[2], FALSE);
        q[i].x = p.x;
        q[i].y = p.y;
        q[i].z = p.z;
        q[i].nx = n.x;
        q[i].ny = n.y;
        q[i].nz = n.z;
        q[i].diffuse = s->vdiffuse;
        q[i].specular = s->vspecular;
    }
    IDirect3DDevice9_SetMaterial(dev, &s->mat);
    for (int i = 0; i < 8; i++)
        IDirect3DDevice9_LightEnable(dev, i, FALSE);
    IDirect3DDevice9_SetTransform(dev, D3DTS_VIEW, s->turned_view ? &turned_view : &identity);
    for (int i = 0; i < s->nlights; i++) {
        D3DLIGHT9 l = s->lights[i];
        l.Position = to_world(s, l.Position.x, l.Position.y, l.Position.z, TRUE);
        l.Direction = to_world(s, l.Direction.x, l.Direction.y, l.Direction.z, FALSE);
        IDirect3DDevice9_SetLight(dev, i, &l);
        IDirect3DDevice9_LightEnable(dev, i, TRUE);
    }
    IDirect3DDevice9_SetRenderState(dev, D3DRS_AMBIENT, s->ambient);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_COLORVERTEX, s->colorvertex);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SPECULARENABLE, s->specular_enable);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LOCALVIEWER, s->local_viewer);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_NORMALIZENORMALS, s->normalize);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DIFFUSEMATERIALSOURCE, s->diffuse_src);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_AMBIENTMATERIALSOURCE, s->ambient_src);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SPECULARMATERIALSOURCE, s->specular_src);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_EMISSIVEMATERIALSOURCE, s->emissive_src);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff00ff, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    harness_check(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])) == D3D_OK,
                  __FILE__, line, "%s: DrawPrimitiveUP failed", what);
    IDirect3DDevice9_EndScene(dev);
    got = center_pixel(dev);
    want = expect(s, v3(1, 1, 0.5));
    harness_check(near_color(got, want, PIXEL_TOL), __FILE__, line, "%s: pixel %06lx, want %06lx", what,
                  (unsigned long)got, (unsigned long)want);
}
#define DRAW_CHECK(dev, s, what) draw_and_check(dev, s, what, __LINE__)

static IDirect3DDevice9 *begin(void)
{
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    if (!dev)
        return NULL;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_SetFVF(dev, FVF_LIT);
    return dev;
}

static D3DLIGHT9 directional(float dx, float dy, float dz)
{
    D3DLIGHT9 l;
    memset(&l, 0, sizeof(l));
    l.Type = D3DLIGHT_DIRECTIONAL;
    l.Direction.x = dx;
    l.Direction.y = dy;
    l.Direction.z = dz;
    return l;
}

/* A white spot light one unit in front of the quad, pointing at it, with
 * range 100 and falloff 1. */
static D3DLIGHT9 spot(float att0, float att1, float theta, float phi)
{
    D3DLIGHT9 l;
    memset(&l, 0, sizeof(l));
    l.Type = D3DLIGHT_SPOT;
    l.Position.z = -1;
    l.Direction.z = 1;
    l.Diffuse = cv(1, 1, 1, 1);
    l.Range = 100;
    l.Attenuation0 = att0;
    l.Attenuation1 = att1;
    l.Falloff = 1;
    l.Theta = theta;
    l.Phi = phi;
    return l;
}

TEST(directional_material_and_ambient)
{
    IDirect3DDevice9 *dev = begin();
    struct scene s;
    if (!dev)
        return;
    default_scene(&s);
    s.colorvertex = FALSE;
    s.mat.Diffuse = cv(1, 1, 0.5f, 1);
    s.mat.Ambient = cv(0.2f, 0.4f, 0.6f, 1);
    s.mat.Emissive = cv(0.1f, 0, 0, 0);
    s.ambient = 0x00404040;
    s.lights[0] = directional(0, -0.6f, 0.8f); /* N.L = 0.8 */
    s.lights[0].Diffuse = cv(0.5f, 0.5f, 0.25f, 1);
    s.lights[0].Ambient = cv(0.1f, 0.1f, 0.1f, 1);
    s.nlights = 1;
    DRAW_CHECK(dev, &s, "one directional light");
    /* A light from behind the surface: ambient and emissive only. */
    s.lights[0] = directional(0, 0, -1);
    s.lights[0].Diffuse = cv(1, 1, 1, 1);
    DRAW_CHECK(dev, &s, "light from behind");
    /* Two lights add up. */
    s.lights[0] = directional(0, 0, 1);
    s.lights[0].Diffuse = cv(0.25f, 0, 0, 1);
    s.lights[1] = directional(0.6f, 0, 0.8f);
    s.lights[1].Diffuse = cv(0, 0.5f, 0.5f, 1);
    s.nlights = 2;
    DRAW_CHECK(dev, &s, "two directional lights");
    /* Lighting off: the vertex colour as it is. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    s.vdiffuse = 0xff336699;
    {
        struct vtx q[4] = {{-1, 1, 0.5f, 0, 0, -1, 0xff336699, 0}, {1, 1, 0.5f, 0, 0, -1, 0xff336699, 0},
                           {-1, -1, 0.5f, 0, 0, -1, 0xff336699, 0}, {1, -1, 0.5f, 0, 0, -1, 0xff336699, 0}};
        D3DCOLOR got;
        draw_strip(dev, D3DCLEAR_TARGET, 0, q, sizeof(q[0]));
        got = center_pixel(dev);
        CHECK(near_color(got, 0x336699, PIXEL_TOL), "unlit pixel %06lx, want 336699", (unsigned long)got);
    }
    IDirect3DDevice9_Release(dev);
}

TEST(point_light_attenuation_and_range)
{
    IDirect3DDevice9 *dev = begin();
    struct scene s;
    if (!dev)
        return;
    default_scene(&s);
    s.colorvertex = FALSE;
    s.mat.Diffuse = cv(1, 1, 1, 1);
    s.mat.Ambient = cv(1, 1, 1, 1);
    memset(&s.lights[0], 0, sizeof(s.lights[0]));
    s.lights[0].Type = D3DLIGHT_POINT;
    s.lights[0].Position.z = -1; /* corners at distance sqrt(4.25) */
    s.lights[0].Diffuse = cv(1, 0.5f, 0.25f, 1);
    s.lights[0].Ambient = cv(0, 0, 0.2f, 1);
    s.lights[0].Range = 10;
    s.lights[0].Attenuation0 = 0.5f;
    s.lights[0].Attenuation1 = 0.25f;
    s.lights[0].Attenuation2 = 0.125f;
    s.nlights = 1;
    DRAW_CHECK(dev, &s, "point light, attenuated");
    s.lights[0].Attenuation0 = 1;
    s.lights[0].Attenuation1 = 0;
    s.lights[0].Attenuation2 = 0;
    DRAW_CHECK(dev, &s, "point light, constant attenuation");
    /* Out of range: the light (its ambient too) does not reach. */
    s.lights[0].Range = 2;
    s.ambient = 0x00202020;
    DRAW_CHECK(dev, &s, "point light out of range");
    IDirect3DDevice9_Release(dev);
}

TEST(spot_light_cone)
{
    IDirect3DDevice9 *dev = begin();
    struct scene s;
    if (!dev)
        return;
    default_scene(&s);
    s.colorvertex = FALSE;
    s.mat.Diffuse = cv(1, 1, 1, 1);
    /* Corners at rho = 1.5/sqrt(4.25) = 0.728, 43.3 degrees off axis; inner
     * cone 30 degrees each side, outer cone 60 degrees. */
    s.lights[0] = spot(1, 0, (float)(M_PI / 3), (float)(2 * M_PI / 3));
    s.nlights = 1;
    DRAW_CHECK(dev, &s, "spot penumbra");
    s.lights[0].Theta = (float)(M_PI * 0.6);   /* 54 degrees: inside the inner cone */
    s.lights[0].Phi = (float)(M_PI * 0.8);
    DRAW_CHECK(dev, &s, "spot inner cone");
    s.lights[0].Theta = (float)(M_PI / 6);
    s.lights[0].Phi = (float)(M_PI / 3);       /* 30 degrees: outside the cone */
    DRAW_CHECK(dev, &s, "spot outside");
    IDirect3DDevice9_Release(dev);
}

TEST(specular_local_viewer)
{
    IDirect3DDevice9 *dev = begin();
    struct scene s;
    if (!dev)
        return;
    default_scene(&s);
    s.colorvertex = FALSE;
    s.mat.Specular = cv(1, 0.5f, 1, 1);
    s.mat.Power = 8;
    s.lights[0] = directional(0, 0, 1);
    s.lights[0].Specular = cv(1, 1, 0.5f, 1);
    s.nlights = 1;
    /* Specular off: nothing lights the black material. */
    DRAW_CHECK(dev, &s, "specular disabled");
    s.specular_enable = TRUE;
    s.local_viewer = TRUE; /* N.H = 0.8165 at the corners */
    DRAW_CHECK(dev, &s, "local viewer");
    s.local_viewer = FALSE; /* N.H = 1 */
    DRAW_CHECK(dev, &s, "viewer at infinity");
    s.lights[0] = directional(0, -0.6f, 0.8f);
    s.lights[0].Specular = cv(1, 1, 1, 1);
    s.lights[0].Diffuse = cv(0.25f, 0, 0, 1);
    s.mat.Diffuse = cv(1, 1, 1, 1);
    DRAW_CHECK(dev, &s, "specular plus diffuse, oblique light");
    IDirect3DDevice9_Release(dev);
}

TEST(normalize_normals)
{
    IDirect3DDevice9 *dev = begin();
    struct scene s;
    if (!dev)
        return;
    default_scene(&s);
    s.colorvertex = FALSE;
    s.mat.Diffuse = cv(1, 1, 1, 1);
    s.lights[0] = directional(0, -0.6f, 0.8f);
    s.lights[0].Diffuse = cv(0.5f, 0.25f, 0.125f, 1);
    s.nlights = 1;
    s.normal[2] = -2; /* N.L = 1.6 unnormalised */
    DRAW_CHECK(dev, &s, "long normal, not normalised");
    s.normalize = TRUE;
    DRAW_CHECK(dev, &s, "long normal, normalised");
    IDirect3DDevice9_Release(dev);
}

TEST(color_vertex_material_sources)
{
    IDirect3DDevice9 *dev = begin();
    struct scene s;
    if (!dev)
        return;
    default_scene(&s);
    s.mat.Diffuse = cv(1, 1, 1, 1);
    s.mat.Ambient = cv(0.5f, 0.5f, 0.5f, 1);
    s.mat.Emissive = cv(0, 0, 0, 0);
    s.ambient = 0x00808080;
    s.lights[0] = directional(0, -0.6f, 0.8f);
    s.lights[0].Diffuse = cv(0.5f, 0.5f, 0.5f, 1);
    s.nlights = 1;
    s.vdiffuse = 0xff00c040;
    s.vspecular = 0xff200000;
    /* The default: diffuse material from the vertex diffuse. */
    DRAW_CHECK(dev, &s, "diffuse from COLOR1");
    s.colorvertex = FALSE;
    DRAW_CHECK(dev, &s, "COLORVERTEX off: the material");
    s.colorvertex = TRUE;
    s.diffuse_src = D3DMCS_MATERIAL;
    s.ambient_src = D3DMCS_COLOR1;
    s.emissive_src = D3DMCS_COLOR2;
    DRAW_CHECK(dev, &s, "ambient from COLOR1, emissive from COLOR2");
    s.specular_enable = TRUE;
    s.specular_src = D3DMCS_COLOR2;
    s.lights[0].Specular = cv(1, 1, 1, 1);
    s.mat.Power = 4;
    s.vspecular = 0xff0000ff;
    DRAW_CHECK(dev, &s, "specular from COLOR2");
    IDirect3DDevice9_Release(dev);
}

/* The same scenes seen through a turned and moved camera: lights and
 * vertices given in world space must light as they did in camera space. */
TEST(view_transform)
{
    IDirect3DDevice9 *dev = begin();
    struct scene s;
    if (!dev)
        return;
    default_scene(&s);
    s.turned_view = TRUE;
    s.colorvertex = FALSE;
    s.mat.Diffuse = cv(1, 1, 1, 1);
    s.mat.Specular = cv(1, 1, 1, 1);
    s.mat.Power = 8;
    s.specular_enable = TRUE;
    s.lights[0] = directional(0, -0.6f, 0.8f);
    s.lights[0].Diffuse = cv(0.5f, 0.25f, 0.125f, 1);
    s.lights[0].Specular = cv(0, 0.25f, 0.5f, 1);
    s.nlights = 1;
    s.local_viewer = FALSE; /* a local viewer would light the corners apart */
    DRAW_CHECK(dev, &s, "directional, turned view");
    s.local_viewer = TRUE;
    s.lights[0] = spot(0.5f, 0.25f, (float)(M_PI / 3), (float)(2 * M_PI / 3));
    s.lights[0].Diffuse = cv(1, 0.5f, 1, 1);
    s.lights[0].Specular = cv(0.5f, 0.5f, 0, 1);
    DRAW_CHECK(dev, &s, "spot, turned view");
    IDirect3DDevice9_Release(dev);
}

/* Normals go through the inverse transpose of World*View: a world that
 * stretches z by 2 shortens a z normal to half (D3D9 then lights with the
 * short normal unless NORMALIZENORMALS is set). */
TEST(normal_matrix)
{
    IDirect3DDevice9 *dev = begin();
    D3DMATRIX world = {{{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1}}};
    static const D3DMATRIX identity = {{{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}}};
    D3DMATERIAL9 mat;
    D3DLIGHT9 l = directional(0, 0, 1);
    struct vtx q[4] = {{-1, 1, 0.25f, 0, 0, -1, 0, 0}, {1, 1, 0.25f, 0, 0, -1, 0, 0},
                       {-1, -1, 0.25f, 0, 0, -1, 0, 0}, {1, -1, 0.25f, 0, 0, -1, 0, 0}};
    D3DCOLOR got;
    if (!dev)
        return;
    memset(&mat, 0, sizeof(mat));
    mat.Diffuse = cv(1, 1, 1, 1);
    l.Diffuse = cv(1, 0.5f, 0.25f, 1);
    IDirect3DDevice9_SetMaterial(dev, &mat);
    IDirect3DDevice9_SetLight(dev, 0, &l);
    IDirect3DDevice9_LightEnable(dev, 0, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_COLORVERTEX, FALSE);
    IDirect3DDevice9_SetTransform(dev, D3DTS_WORLD, &world);
    for (int normalize = 0; normalize < 2; normalize++) {
        D3DCOLOR want = normalize ? 0xff8040 : 0x804020;
        IDirect3DDevice9_SetRenderState(dev, D3DRS_NORMALIZENORMALS, normalize);
        draw_strip(dev, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff00ff, q, sizeof(q[0]));
        got = center_pixel(dev);
        CHECK(near_color(got, want, PIXEL_TOL), "NORMALIZENORMALS %d: pixel %06lx, want %06lx", normalize,
              (unsigned long)got, (unsigned long)want);
    }
    IDirect3DDevice9_SetTransform(dev, D3DTS_WORLD, &identity);
    IDirect3DDevice9_Release(dev);
}

/* The green 0.2-wide square of the blend tests, moved 0.5*weight right in
 * clip space, and nothing 40 pixels either side. */
static void check_blended_square(IDirect3DDevice9 *dev, float weight)
{
    int x = 320 + (int)(weight * 0.5f * 320);
    CHECK(bb_pixel(dev, x, 240) == 0x00ff00, "weight %.1f: nothing at x %d", weight, x);
    CHECK(bb_pixel(dev, x - 40, 240) == 0, "weight %.1f: something at x %d", weight, x - 40);
    CHECK(bb_pixel(dev, x + 40, 240) == 0, "weight %.1f: something at x %d", weight, x + 40);
}

/* D3DRS_VERTEXBLEND with one weight: position = w*P*World0 +
 * (1-w)*P*World1. A small square at the centre, World0 moving it 0.5 to
 * the right in clip space and World1 the identity, lands 0.5*w right. */
TEST(vertex_blend)
{
    IDirect3DDevice9 *dev = begin();
    static const D3DMATRIX identity = {{{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}}};
    static const D3DMATRIX right = {{{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.5f, 0, 0, 1}}};
    struct {
        float x, y, z, w;
        D3DCOLOR c;
    } q[4];
    if (!dev)
        return;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_VERTEXBLEND, D3DVBF_1WEIGHTS);
    IDirect3DDevice9_SetTransform(dev, D3DTS_WORLDMATRIX(0), &right);
    IDirect3DDevice9_SetTransform(dev, D3DTS_WORLDMATRIX(1), &identity);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZB1 | D3DFVF_DIFFUSE);
    for (int k = 0; k < 3; k++) {
        float weight = k * 0.5f;
        for (int i = 0; i < 4; i++) {
            q[i].x = (i & 1) ? 0.1f : -0.1f;
            q[i].y = (i >> 1) ? -0.1f : 0.1f;
            q[i].z = 0.5f;
            q[i].w = weight;
            q[i].c = 0xff00ff00;
        }
        draw_strip(dev, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0, q, sizeof(q[0]));
        check_blended_square(dev, weight);
    }
    IDirect3DDevice9_SetRenderState(dev, D3DRS_VERTEXBLEND, D3DVBF_DISABLE);
    IDirect3DDevice9_Release(dev);
}

/* Indexed vertex blending (software vertex processing, whose caps give
 * MaxVertexBlendMatrixIndex 255): with D3DFVF_LASTBETA_UBYTE4 the last
 * beta holds four matrix indices, and position = w*P*World[i0] +
 * (1-w)*P*World[i1]. Matrix 200 moves the square 0.5 right, matrix 7
 * leaves it; every world matrix up to 255 is state the vertex stage
 * reads, more than Metal's 4 KiB set*Bytes holds. */
TEST(indexed_vertex_blend)
{
    static const D3DMATRIX identity = {{{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}}};
    static const D3DMATRIX right = {{{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.5f, 0, 0, 1}}};
    IDirect3DDevice9 *dev = NULL;
    D3DPRESENT_PARAMETERS pp;
    struct {
        float x, y, z, w;
        DWORD idx;
        D3DCOLOR c;
    } q[4];
    D3DCAPS9 caps;
    default_pp(&pp, window);
    pp.EnableAutoDepthStencil = TRUE;
    pp.AutoDepthStencilFormat = D3DFMT_D24S8;
    CHECK_HR(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, window, D3DCREATE_SOFTWARE_VERTEXPROCESSING, &pp, &dev),
             D3D_OK);
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_GetDeviceCaps(dev, &caps), D3D_OK);
    CHECK_EQ_U(caps.MaxVertexBlendMatrixIndex, 255);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_VERTEXBLEND, D3DVBF_1WEIGHTS);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_INDEXEDVERTEXBLENDENABLE, TRUE);
    IDirect3DDevice9_SetTransform(dev, D3DTS_WORLDMATRIX(200), &right);
    IDirect3DDevice9_SetTransform(dev, D3DTS_WORLDMATRIX(7), &identity);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZB2 | D3DFVF_LASTBETA_UBYTE4 | D3DFVF_DIFFUSE);
    for (int k = 0; k < 3; k++) {
        float weight = k * 0.5f;
        for (int i = 0; i < 4; i++) {
            q[i].x = (i & 1) ? 0.1f : -0.1f;
            q[i].y = (i >> 1) ? -0.1f : 0.1f;
            q[i].z = 0.5f;
            q[i].w = weight;
            q[i].idx = 200 | 7 << 8; /* i0 = 200, i1 = 7 */
            q[i].c = 0xff00ff00;
        }
        draw_strip(dev, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0, q, sizeof(q[0]));
        check_blended_square(dev, weight);
    }
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
}

/* Light indices are any DWORD and lights may be enabled in any order;
 * disabling one and re-setting another take effect at the next draw. */
TEST(light_indices)
{
    IDirect3DDevice9 *dev = begin();
    D3DMATERIAL9 mat;
    D3DLIGHT9 a = directional(0, 0, 1), b = directional(0, 0, 1), c = directional(0, 0, 1);
    struct vtx q[4] = {{-1, 1, 0.5f, 0, 0, -1, 0, 0}, {1, 1, 0.5f, 0, 0, -1, 0, 0},
                       {-1, -1, 0.5f, 0, 0, -1, 0, 0}, {1, -1, 0.5f, 0, 0, -1, 0, 0}};
    /* The material (0.5, 0.25, 0.125) times the lights' sums. */
    static const D3DCOLOR wants[3] = {0x200800, 0x000800, 0x808024};
    if (!dev)
        return;
    memset(&mat, 0, sizeof(mat));
    mat.Diffuse = cv(0.5f, 0.25f, 0.125f, 1);
    a.Diffuse = cv(0.25f, 0, 0, 1);
    b.Diffuse = cv(0, 0.125f, 0, 1);
    c.Diffuse = cv(0, 1, 0.125f, 1);
    IDirect3DDevice9_SetMaterial(dev, &mat);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_COLORVERTEX, FALSE);
    IDirect3DDevice9_SetLight(dev, 1000, &a);
    IDirect3DDevice9_SetLight(dev, 5, &b);
    IDirect3DDevice9_LightEnable(dev, 5, TRUE);
    IDirect3DDevice9_LightEnable(dev, 1000, TRUE);
    for (int k = 0; k < 3; k++) {
        D3DCOLOR got;
        if (k == 1)
            IDirect3DDevice9_LightEnable(dev, 1000, FALSE);
        if (k == 2) {
            IDirect3DDevice9_SetLight(dev, 5, &c);
            IDirect3DDevice9_LightEnable(dev, 7, TRUE); /* never set: the default, white along +z */
        }
        draw_strip(dev, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff00ff, q, sizeof(q[0]));
        got = center_pixel(dev);
        CHECK(near_color(got, wants[k], PIXEL_TOL), "step %d: pixel %06lx, want %06lx", k, (unsigned long)got,
              (unsigned long)wants[k]);
    }
    IDirect3DDevice9_Release(dev);
}

/* User clip planes are in world space: with the view moving everything
 * 0.5 right, a quad spanning world x -1.5..0.5 fills the viewport and the
 * plane x >= 0 keeps world x 0..0.5, the right quarter of the screen. */
TEST(clip_plane_in_world_space)
{
    IDirect3DDevice9 *dev = begin();
    static const D3DMATRIX view = {{{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.5f, 0, 0, 1}}};
    static const float plane[4] = {1, 0, 0, 0};
    struct xyz q[4] = {{-1.5f, 1, 0.5f, 0xff00ff00}, {0.5f, 1, 0.5f, 0xff00ff00}, {-1.5f, -1, 0.5f, 0xff00ff00},
                       {0.5f, -1, 0.5f, 0xff00ff00}};
    if (!dev)
        return;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_SetFVF(dev, FVF_XYZ);
    IDirect3DDevice9_SetTransform(dev, D3DTS_VIEW, &view);
    IDirect3DDevice9_SetClipPlane(dev, 0, plane);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CLIPPLANEENABLE, D3DCLIPPLANE0);
    draw_strip(dev, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0, q, sizeof(q[0]));
    CHECK_EQ_U(bb_pixel(dev, 470, 240), 0);
    CHECK_EQ_U(bb_pixel(dev, 490, 240), 0x00ff00);
    CHECK_EQ_U(bb_pixel(dev, 100, 240), 0);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CLIPPLANEENABLE, 0);
    IDirect3DDevice9_Release(dev);
}

static const struct harness_test tests[] = {
    T(directional_material_and_ambient), T(point_light_attenuation_and_range), T(spot_light_cone),
    T(specular_local_viewer), T(normalize_normals), T(color_vertex_material_sources), T(view_transform),
    T(normal_matrix), T(vertex_blend), T(indexed_vertex_blend), T(light_indices), T(clip_plane_in_world_space),
};

int main(void)
{
    return RUN_TESTS_SHARED(tests, &d3d, &window);
}
