// Package lower turns a parsed DXSO program (core/dxso) into the shader IR
// (core/ir): vs_1_1 to vs_3_0 (and vs_2_sw/3_sw) and ps_1_0 to ps_3_0,
// with D3D9's legacy rules written out as IR as docs/shader-semantics.md
// describes.
//
//	res, err := lower.Lower(prog, lower.Options{})   // or lower.Code(tokens, opt)
//	unit, err := msl.Emit(res.Shader, key)
//
// Lower never panics: programs it cannot lower (unsupported or invalid
// combinations that the parser lets through) give an *Error. The shader
// it returns passes ir.Validate. The IR has no place for the constant
// table, so Result.Constants carries the CTAB for whoever sets constants
// by name.
//
// # Registers
//
//   - r# are ir.Temp(#). In ps_1_0..1_3 the t# registers are temporaries
//     too (the texture instructions write them), placed after the r#; in
//     ps_1_4 and ps_2_x t# are the texcoord inputs. Scratch temporaries
//     follow.
//   - a0 is ir.ITemp(0), aL ir.ITemp(1). Every loop saves aL in an ITemp of
//     its own before it starts and restores it after it ends, so nested
//     loops, and loops in subroutines called from loops, see D3D9's
//     innermost aL. p0 is ir.BTemp(0); scratch bools follow.
//   - Vertex inputs keep their register number as vertex attribute
//     Location. Pixel inputs are matched by usage: v0/v1 are colour 0/1
//     and t# texcoord # before ps_3_0; ps_3_0 follows its dcl. vPos is
//     SysPosition.xy - 0.5 in a temporary (D3D9 pixel centres are
//     integers), vFace is SysFrontFace.
//   - vs_1_x/2_x outputs oPos, oFog, oPts, oD0/oD1 and oT# become the
//     position, the fog varying (x), the point size, colour and texcoord
//     varyings; vs_3_0 o# follow their dcl (position0 is the position,
//     psize the point size, anything else a varying of its usage). Packed
//     registers (dcl_texcoord0 o1.xy plus dcl_texcoord1 o1.zw, and the
//     same on ps_3_0 inputs) write or read each usage's components, in
//     place. With o[aL]/v[aL] the IR index of o#/v# is # (gaps are filled
//     with placeholder usage "sample" entries that nothing links to).
//   - ps_1_x's colour is what r0 holds at the end; ps_2_0+ write oC# and
//     oDepth.
//   - c#, i#, b# are the constant buffers, sized per model (Options);
//     def/defi/defb become ir.DefF/DefI/DefB, which shadow the buffer for
//     direct and relative reads.
//
// # Rules chosen where the D3D9 reference leaves room
//
//   - The scalar instructions rcp, rsq, exp, log, logp, expp (2.0+) and
//     pow read the source's last swizzle component: the component of a
//     replicate swizzle, .w with no swizzle (what D3D9 runtimes and Wine
//     do for "rcp r0, c0").
//   - vs_1_x expp is the four-component form (2^floor(x), frac(x), 2^x,
//     1); logp is log (full precision meets the partial-precision bound).
//   - vs_1_1 "mov a0" floors, mova rounds half away from zero.
//   - sincos writes only .x/.y of its mask; the 2.x Taylor constants are
//     ignored.
//   - vs_1_x/2_x writes to oD# saturate (colour outputs are [0, 1] before
//     vs_3_0).
//   - ps_1_x: every result is clamped to +-PixelShader1xMaxValue
//     (ir.ClampPS1x) unless saturated; constants read as [-1, 1]; cnd in
//     1.0..1.3 tests src0's alpha (r0.a) against 0.5, 1.4 per component;
//     co-issued pairs read their sources before either writes.
//   - ps_1_x texture instructions: texcoord is (u, v, w, 1) saturated;
//     texcrd only range-clamped; texkill tests x, y, z of texture
//     coordinate set # in 1.0..1.3 (not the t# register's value), of the
//     register in 1.4, and the write-masked components from 2.0 (a
//     predicate restricts them further); ps_1_4 texld samples stage dst#;
//     _dz/_dw divide by z/w; the bump-env matrix and luminance come from
//     the draw state (ir.DSBumpEnv0/DSBumpLum0 of the destination's stage)
//     and texbeml scales rgb by b*scale+offset, unclamped; texm3x3spec and
//     texm3x3vspec reflect the eye vector E (c# or the w of the three
//     texture coordinate sets) as 2N(N.E)/(N.N) - E; texm3x2depth and
//     texdepth write z/w (1 when w is 0) saturated to depth. Stages
//     sampled by ps_1_x default to 2D (cube for texm3x3tex, spec and
//     vspec); ir.VariantKey.SamplerKinds gives the bound texture's kind.
//   - ps_1_4's phase marker is a no-op: registers keep their alpha (D3D9
//     calls it undefined; keeping it is what shaders tested on other
//     implementations expect).
//   - The closing ret of the main body is dropped (it only separates the
//     subroutines); any other ret is an ir.Return.
//   - _pp (partial precision) and centroid on non-dcl instructions have
//     no IR meaning and are dropped; dcl _centroid selects
//     ir.InterpCentroid.
package lower
