/* Shader programs, checked by pixel readback: vs_1_1 with ps_1_1 to 1_4
 * (tex, texcoord, cnd, lrp, mad, the _x2/_bx2/_sat modifiers, the ps_1_4
 * phase and a dependent read), vs_2_0 with ps_2_0 (rep and loop counted by
 * integer constants, texld, swizzles, rcp/rsq) and vs_3_0 with ps_3_0
 * (vPos, vFace, dynamic branching on a boolean constant, predication,
 * texldl, texldd); every constant kind set through its setter. Expected
 * colours are worked out here from the instructions' definitions.
 * Tolerance: 2 per 8-bit channel.
 *
 * The bytecode was assembled by core/dxso's assembler from the source in
 * the comment above each array (its spelling: ifc_gt for if_gt). */
#include "draw_util.h"

static IDirect3D9 *d3d;
static HWND window;

/*
 *   vs_1_1
 *   dcl_position v0
 *   dcl_color v1
 *   dcl_texcoord v2
 *   mov oPos, v0
 *   mov oD0, v1
 *   mov oT0, v2
 *   mov oT1, c4
 */
static const DWORD vs11[] = {
    0xfffe0101, 0x0000001f, 0x80000000, 0x900f0000, 0x0000001f, 0x8000000a,
    0x900f0001, 0x0000001f, 0x80000005, 0x900f0002, 0x00000001, 0xc00f0000,
    0x90e40000, 0x00000001, 0xd00f0000, 0x90e40001, 0x00000001, 0xe00f0000,
    0x90e40002, 0x00000001, 0xe00f0001, 0xa0e40004, 0x0000ffff,
};

/*
 *   ps_1_1
 *   tex t0
 *   mul r0, t0, v0
 */
static const DWORD ps11_mul[] = {
    0xffff0101, 0x00000042, 0xb00f0000, 0x00000005, 0x800f0000, 0xb0e40000,
    0x90e40000, 0x0000ffff,
};

/*
 *   ps_1_1
 *   def c1, 0.5, 0.25, 0.125, 1
 *   tex t0
 *   mad r0, t0, c0, c1
 */
static const DWORD ps11_mad[] = {
    0xffff0101, 0x00000051, 0xa00f0001, 0x3f000000, 0x3e800000, 0x3e000000,
    0x3f800000, 0x00000042, 0xb00f0000, 0x00000004, 0x800f0000, 0xb0e40000,
    0xa0e40000, 0xa0e40001, 0x0000ffff,
};

/*
 *   ps_1_1
 *   tex t0
 *   mul_x2 r0, t0, v0
 */
static const DWORD ps11_x2[] = {
    0xffff0101, 0x00000042, 0xb00f0000, 0x00000005, 0x810f0000, 0xb0e40000,
    0x90e40000, 0x0000ffff,
};

/*
 *   ps_1_1
 *   tex t0
 *   add r0, t0_bx2, v0
 */
static const DWORD ps11_bx2[] = {
    0xffff0101, 0x00000042, 0xb00f0000, 0x00000002, 0x800f0000, 0xb4e40000,
    0x90e40000, 0x0000ffff,
};

/*
 *   ps_1_1
 *   def c3, 1, 1, 1, 1
 *   tex t0
 *   add_sat r1, t0, t0
 *   add_sat r1, r1, t0
 *   mul r0, r1, v0
 */
static const DWORD ps11_sat[] = {
    0xffff0101, 0x00000051, 0xa00f0003, 0x3f800000, 0x3f800000, 0x3f800000,
    0x3f800000, 0x00000042, 0xb00f0000, 0x00000002, 0x801f0001, 0xb0e40000,
    0xb0e40000, 0x00000002, 0x801f0001, 0x80e40001, 0xb0e40000, 0x00000005,
    0x800f0000, 0x80e40001, 0x90e40000, 0x0000ffff,
};

/*
 *   ps_1_1
 *   mov r0, c0
 *   cnd r0, r0.a, c1, c2
 */
static const DWORD ps11_cnd[] = {
    0xffff0101, 0x00000001, 0x800f0000, 0xa0e40000, 0x00000050, 0x800f0000,
    0x80ff0000, 0xa0e40001, 0xa0e40002, 0x0000ffff,
};

/*
 *   ps_1_2
 *   tex t0
 *   lrp r0, v0, t0, c1
 */
static const DWORD ps12_lrp[] = {
    0xffff0102, 0x00000042, 0xb00f0000, 0x00000012, 0x800f0000, 0x90e40000,
    0xb0e40000, 0xa0e40001, 0x0000ffff,
};

/*
 *   ps_1_3
 *   texcoord t1
 *   mov r0, t1
 */
static const DWORD ps13_texcoord[] = {
    0xffff0103, 0x00000040, 0xb00f0001, 0x00000001, 0x800f0000, 0xb0e40001,
    0x0000ffff,
};

/*
 *   ps_1_4
 *   texcrd r1.rgb, t1
 *   texld r0, t0
 *   mul r0.rgb, r0, c0
 *   phase
 *   texld r2, r1
 *   mul r0, r0, r2
 */
static const DWORD ps14_phase[] = {
    0xffff0104, 0x00000040, 0x80070001, 0xb0e40001, 0x00000042, 0x800f0000,
    0xb0e40000, 0x00000005, 0x80070000, 0x80e40000, 0xa0e40000, 0x0000fffd,
    0x00000042, 0x800f0002, 0x80e40001, 0x00000005, 0x800f0000, 0x80e40000,
    0x80e40002, 0x0000ffff,
};

/*
 *   vs_2_0
 *   def c0, 0, 0, 0, 0
 *   dcl_position v0
 *   dcl_texcoord v1
 *   mov oPos, v0
 *   mov r0, c0
 *   rep i0
 *   add r0, r0, c1
 *   endrep
 *   mov oD0, r0
 *   mov r1, c0
 *   loop aL, i1
 *   add r1, r1, c10[aL]
 *   endloop
 *   mov oT1, r1
 *   mov oT0, v1
 */
static const DWORD vs20_loops[] = {
    0xfffe0200, 0x05000051, 0xa00f0000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x0200001f, 0x80000000, 0x900f0000, 0x0200001f, 0x80000005,
    0x900f0001, 0x02000001, 0xc00f0000, 0x90e40000, 0x02000001, 0x800f0000,
    0xa0e40000, 0x01000026, 0xf0e40000, 0x03000002, 0x800f0000, 0x80e40000,
    0xa0e40001, 0x00000027, 0x02000001, 0xd00f0000, 0x80e40000, 0x02000001,
    0x800f0001, 0xa0e40000, 0x0200001b, 0xf0e40800, 0xf0e40001, 0x04000002,
    0x800f0001, 0x80e40001, 0xa0e4200a, 0xf0e40800, 0x0000001d, 0x02000001,
    0xe00f0001, 0x80e40001, 0x02000001, 0xe00f0000, 0x90e40001, 0x0000ffff,
};

/*
 *   ps_2_0
 *   dcl t1
 *   mov oC0, t1
 */
static const DWORD ps20_t1[] = {
    0xffff0200, 0x0200001f, 0x80000000, 0xb00f0001, 0x02000001, 0x800f0800,
    0xb0e40001, 0x0000ffff,
};

/*
 *   ps_2_0
 *   def c7, 0.5, 4, 16, 0
 *   dcl t0
 *   dcl_2d s0
 *   texld r0, t0, s0
 *   rcp r1.x, c7.y
 *   rsq r1.y, c7.z
 *   mov r1.z, c7.x
 *   mul r2.rgb, r0.zyxw, r1
 *   mov r2.a, c7.w
 *   add r0, r2, c0
 *   mov oC0, r0
 */
static const DWORD ps20_math[] = {
    0xffff0200, 0x05000051, 0xa00f0007, 0x3f000000, 0x40800000, 0x41800000,
    0x00000000, 0x0200001f, 0x80000000, 0xb00f0000, 0x0200001f, 0x90000000,
    0xa00f0800, 0x03000042, 0x800f0000, 0xb0e40000, 0xa0e40800, 0x02000006,
    0x80010001, 0xa0550007, 0x02000007, 0x80020001, 0xa0aa0007, 0x02000001,
    0x80040001, 0xa0000007, 0x03000005, 0x80070002, 0x80c60000, 0x80e40001,
    0x02000001, 0x80080002, 0xa0ff0007, 0x03000002, 0x800f0000, 0x80e40002,
    0xa0e40000, 0x02000001, 0x800f0800, 0x80e40000, 0x0000ffff,
};

/*
 *   vs_3_0
 *   dcl_position v0
 *   dcl_texcoord v1
 *   dcl_position o0
 *   dcl_texcoord o1
 *   mov o0, v0
 *   mov o1, v1
 */
static const DWORD vs30[] = {
    0xfffe0300, 0x0200001f, 0x80000000, 0x900f0000, 0x0200001f, 0x80000005,
    0x900f0001, 0x0200001f, 0x80000000, 0xe00f0000, 0x0200001f, 0x80000005,
    0xe00f0001, 0x02000001, 0xe00f0000, 0x90e40000, 0x02000001, 0xe00f0001,
    0x90e40001, 0x0000ffff,
};

/*
 *   ps_3_0
 *   def c0, 0.25, 0.25, 0.0015625, 1
 *   dcl vPos.xy
 *   frc r0.xy, vPos.xy
 *   add r0.xy, r0, c0
 *   mul r0.z, vPos.x, c0.z
 *   mov r0.w, c0.w
 *   mov oC0, r0
 */
static const DWORD ps30_vpos[] = {
    0xffff0300, 0x05000051, 0xa00f0000, 0x3e800000, 0x3e800000, 0x3acccccd,
    0x3f800000, 0x0200001f, 0x80000000, 0x90031000, 0x02000013, 0x80030000,
    0x90541000, 0x03000002, 0x80030000, 0x80e40000, 0xa0e40000, 0x03000005,
    0x80040000, 0x90001000, 0xa0aa0000, 0x02000001, 0x80080000, 0xa0ff0000,
    0x02000001, 0x800f0800, 0x80e40000, 0x0000ffff,
};

/*
 *   ps_3_0
 *   def c0, 1, 0, 0, 1
 *   def c1, 0, 0, 1, 1
 *   dcl vFace
 *   cmp r0, vFace, c0, c1
 *   mov oC0, r0
 */
static const DWORD ps30_vface[] = {
    0xffff0300, 0x05000051, 0xa00f0000, 0x3f800000, 0x00000000, 0x00000000,
    0x3f800000, 0x05000051, 0xa00f0001, 0x00000000, 0x00000000, 0x3f800000,
    0x3f800000, 0x0200001f, 0x80000000, 0x900f1001, 0x04000058, 0x800f0000,
    0x90e41001, 0xa0e40000, 0xa0e40001, 0x02000001, 0x800f0800, 0x80e40000,
    0x0000ffff,
};

/*
 *   ps_3_0
 *   def c0, 0.5, 0, 0, 0
 *   def c1, 1, 0, 0, 1
 *   def c2, 0, 1, 0, 1
 *   def c3, 0, 0, 1, 1
 *   dcl_texcoord v0
 *   mov r0, c3
 *   ifc_gt v0.x, c0.x
 *   mov r0, c1
 *   else
 *   mov r0, c2
 *   endif
 *   if b0
 *   add r0.z, r0.z, c0.x
 *   endif
 *   mov oC0, r0
 */
static const DWORD ps30_branch[] = {
    0xffff0300, 0x05000051, 0xa00f0000, 0x3f000000, 0x00000000, 0x00000000,
    0x00000000, 0x05000051, 0xa00f0001, 0x3f800000, 0x00000000, 0x00000000,
    0x3f800000, 0x05000051, 0xa00f0002, 0x00000000, 0x3f800000, 0x00000000,
    0x3f800000, 0x05000051, 0xa00f0003, 0x00000000, 0x00000000, 0x3f800000,
    0x3f800000, 0x0200001f, 0x80000005, 0x900f0000, 0x02000001, 0x800f0000,
    0xa0e40003, 0x02010029, 0x90000000, 0xa0000000, 0x02000001, 0x800f0000,
    0xa0e40001, 0x0000002a, 0x02000001, 0x800f0000, 0xa0e40002, 0x0000002b,
    0x01000028, 0xe0e40800, 0x03000002, 0x80040000, 0x80aa0000, 0xa0000000,
    0x0000002b, 0x02000001, 0x800f0800, 0x80e40000, 0x0000ffff,
};

/*
 *   ps_3_0
 *   def c0, 0.5, 0.5, 0.5, 0.5
 *   def c1, 1, 1, 1, 1
 *   dcl_texcoord v0
 *   mov r0, c0
 *   setp_gt p0, v0.xyxy, c0
 *   (p0) mov r0, c1
 *   (!p0.y) mov r0.z, -c1.z
 *   mov oC0, r0
 */
static const DWORD ps30_pred[] = {
    0xffff0300, 0x05000051, 0xa00f0000, 0x3f000000, 0x3f000000, 0x3f000000,
    0x3f000000, 0x05000051, 0xa00f0001, 0x3f800000, 0x3f800000, 0x3f800000,
    0x3f800000, 0x0200001f, 0x80000005, 0x900f0000, 0x02000001, 0x800f0000,
    0xa0e40000, 0x0301005e, 0xb00f1000, 0x90440000, 0xa0e40000, 0x13000001,
    0x800f0000, 0xb0e41000, 0xa0e40001, 0x13000001, 0x80040000, 0xbd551000,
    0xa1aa0001, 0x02000001, 0x800f0800, 0x80e40000, 0x0000ffff,
};

/*
 *   ps_3_0
 *   dcl_texcoord v0
 *   dcl_2d s0
 *   mov r0.xy, v0
 *   mov r0.zw, c1
 *   texldl r0, r0, s0
 *   mov oC0, r0
 */
static const DWORD ps30_texldl[] = {
    0xffff0300, 0x0200001f, 0x80000005, 0x900f0000, 0x0200001f, 0x90000000,
    0xa00f0800, 0x02000001, 0x80030000, 0x90e40000, 0x02000001, 0x800c0000,
    0xa0e40001, 0x0300005f, 0x800f0000, 0x80e40000, 0xa0e40800, 0x02000001,
    0x800f0800, 0x80e40000, 0x0000ffff,
};

/*
 *   ps_3_0
 *   dcl_texcoord v0
 *   dcl_2d s0
 *   texldd r0, v0, s0, c2, c3
 *   mov oC0, r0
 */
static const DWORD ps30_texldd[] = {
    0xffff0300, 0x0200001f, 0x80000005, 0x900f0000, 0x0200001f, 0x90000000,
    0xa00f0800, 0x0500005d, 0x800f0000, 0x90e40000, 0xa0e40800, 0xa0e40002,
    0xa0e40003, 0x02000001, 0x800f0800, 0x80e40000, 0x0000ffff,
};

/*
 *   vs_1_1
 *   dcl_position v0
 *   mov oPos, v0
 *   mov a0.x, c0.x
 *   mov oD0, c[a0.x + 2]
 */
static const DWORD vs11_rel[] = {
    0xfffe0101, 0x0000001f, 0x80000000, 0x900f0000, 0x00000001, 0xc00f0000,
    0x90e40000, 0x00000001, 0xb0010000, 0xa0000000, 0x00000001, 0xd00f0000,
    0xa0e42002, 0x0000ffff,
};

/*
 *   vs_2_0
 *   def c0, 0, 0, 0, 0
 *   dcl_position v0
 *   mov oPos, v0
 *   mov r0, c0
 *   if b0
 *   add r0.x, r0.x, c1.x
 *   endif
 *   call l1
 *   mov oD0, r0
 *   ret
 *   label l1
 *   add r0.y, r0.y, c1.y
 *   callnz l2, b1
 *   ret
 *   label l2
 *   add r0.z, r0.z, c1.z
 *   ret
 */
static const DWORD vs20_call[] = {
    0xfffe0200, 0x05000051, 0xa00f0000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x0200001f, 0x80000000, 0x900f0000, 0x02000001, 0xc00f0000,
    0x90e40000, 0x02000001, 0x800f0000, 0xa0e40000, 0x01000028, 0xe0e40800,
    0x03000002, 0x80010000, 0x80000000, 0xa0000001, 0x0000002b, 0x01000019,
    0xa0e41001, 0x02000001, 0xd00f0000, 0x80e40000, 0x0000001c, 0x0100001e,
    0xa0e41001, 0x03000002, 0x80020000, 0x80550000, 0xa0550001, 0x0200001a,
    0xa0e41002, 0xe0e40801, 0x0000001c, 0x0100001e, 0xa0e41002, 0x03000002,
    0x80040000, 0x80aa0000, 0xa0aa0001, 0x0000001c, 0x0000ffff,
};

/*
 *   ps_2_0
 *   def c0, 0, 1, 0, 1
 *   dcl t0
 *   texkill t0
 *   mov oC0, c0
 */
static const DWORD ps20_kill[] = {
    0xffff0200, 0x05000051, 0xa00f0000, 0x00000000, 0x3f800000, 0x00000000,
    0x3f800000, 0x0200001f, 0x80000000, 0xb00f0000, 0x01000041, 0xb00f0000,
    0x02000001, 0x800f0800, 0xa0e40000, 0x0000ffff,
};

/*
 *   ps_2_0
 *   def c0, 0, 1, 0, 1
 *   mov oDepth, c1.x
 *   mov oC0, c0
 */
static const DWORD ps20_depth[] = {
    0xffff0200, 0x05000051, 0xa00f0000, 0x00000000, 0x3f800000, 0x00000000,
    0x3f800000, 0x02000001, 0x900f0800, 0xa0000001, 0x02000001, 0x800f0800,
    0xa0e40000, 0x0000ffff,
};

/*
 *   ps_2_0
 *   def c0, 0.5, -0.25, 2, 0.125
 *   def c1, 1, 0.5, 0.25, 0
 *   max r1.x, c0.y, c0.w
 *   min r1.y, c0.z, c1.x
 *   abs r1.z, c0.y
 *   exp r2.x, c0.x
 *   log r2.y, c0.z
 *   pow r2.z, c1.z, c0.x
 *   add r5.x, r1.x, r1.z
 *   mul r5.y, r1.z, r2.x
 *   mul r5.z, r2.y, r2.z
 *   mul r5.z, r5.z, r1.y
 *   mov r5.w, c1.x
 *   mov oC0, r5
 */
static const DWORD ps20_ops[] = {
    0xffff0200, 0x05000051, 0xa00f0000, 0x3f000000, 0xbe800000, 0x40000000,
    0x3e000000, 0x05000051, 0xa00f0001, 0x3f800000, 0x3f000000, 0x3e800000,
    0x00000000, 0x0300000b, 0x80010001, 0xa0550000, 0xa0ff0000, 0x0300000a,
    0x80020001, 0xa0aa0000, 0xa0000001, 0x02000023, 0x80040001, 0xa0550000,
    0x0200000e, 0x80010002, 0xa0000000, 0x0200000f, 0x80020002, 0xa0aa0000,
    0x03000020, 0x80040002, 0xa0aa0001, 0xa0000000, 0x03000002, 0x80010005,
    0x80000001, 0x80aa0001, 0x03000005, 0x80020005, 0x80aa0001, 0x80000002,
    0x03000005, 0x80040005, 0x80550002, 0x80aa0002, 0x03000005, 0x80040005,
    0x80aa0005, 0x80550001, 0x02000001, 0x80080005, 0xa0000001, 0x02000001,
    0x800f0800, 0x80e40005, 0x0000ffff,
};

/*
 *   ps_2_0
 *   def c0, 0.5, -0.25, 2, 0.125
 *   def c1, 1, 0.5, 0.25, -1
 *   dp3 r0.x, c0, c1
 *   dp4 r0.y, c0, c1
 *   cmp r0.z, c0.y, c1.x, c1.y
 *   mov r0.w, c1.x
 *   mov oC0, r0
 */
static const DWORD ps20_ops2[] = {
    0xffff0200, 0x05000051, 0xa00f0000, 0x3f000000, 0xbe800000, 0x40000000,
    0x3e000000, 0x05000051, 0xa00f0001, 0x3f800000, 0x3f000000, 0x3e800000,
    0xbf800000, 0x03000008, 0x80010000, 0xa0e40000, 0xa0e40001, 0x03000009,
    0x80020000, 0xa0e40000, 0xa0e40001, 0x04000058, 0x80040000, 0xa0550000,
    0xa0000001, 0xa0550001, 0x02000001, 0x80080000, 0xa0000001, 0x02000001,
    0x800f0800, 0x80e40000, 0x0000ffff,
};

/*
 *   ps_2_0
 *   def c1, 1, 0.5, 0.25, 0
 *   def c2, 0.1, 0.2, 0.3, 0
 *   nrm r3.xyz, c1
 *   rsq r4.x, c1.z
 *   mul r4.x, r4.x, c2.y
 *   mov r3.x, r4.x
 *   mov oC0, r3
 */
static const DWORD ps20_ops3[] = {
    0xffff0200, 0x05000051, 0xa00f0001, 0x3f800000, 0x3f000000, 0x3e800000,
    0x00000000, 0x05000051, 0xa00f0002, 0x3dcccccd, 0x3e4ccccd, 0x3e99999a,
    0x00000000, 0x02000024, 0x80070003, 0xa0e40001, 0x02000007, 0x80010004,
    0xa0aa0001, 0x03000005, 0x80010004, 0x80000004, 0xa0550002, 0x02000001,
    0x80010003, 0x80000004, 0x02000001, 0x800f0800, 0x80e40003, 0x0000ffff,
};

/*
 *   ps_2_0
 *   def c0, 1, 0, 0, 1
 *   def c1, 0, 0, 1, 1
 *   mov oC0, c0
 *   mov oC1, c1
 */
static const DWORD ps20_mrt[] = {
    0xffff0200, 0x05000051, 0xa00f0000, 0x3f800000, 0x00000000, 0x00000000,
    0x3f800000, 0x05000051, 0xa00f0001, 0x00000000, 0x00000000, 0x3f800000,
    0x3f800000, 0x02000001, 0x800f0800, 0xa0e40000, 0x02000001, 0x800f0801,
    0xa0e40001, 0x0000ffff,
};

/*
 *   ps_3_0
 *   def c0, 0, 0, 0, 0
 *   def c1, 0.125, 0.25, 0, 1
 *   def c2, 0.3, 0, 0, 0
 *   defi i0, 10, 0, 1, 0
 *   mov r0, c0
 *   loop aL, i0
 *   add r0.xy, r0, c1
 *   breakc_gt r0.x, c2.x
 *   endloop
 *   mov r0.w, c1.w
 *   mov oC0, r0
 */
static const DWORD ps30_loop[] = {
    0xffff0300, 0x05000051, 0xa00f0000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x05000051, 0xa00f0001, 0x3e000000, 0x3e800000, 0x00000000,
    0x3f800000, 0x05000051, 0xa00f0002, 0x3e99999a, 0x00000000, 0x00000000,
    0x00000000, 0x05000030, 0xf00f0000, 0x0000000a, 0x00000000, 0x00000001,
    0x00000000, 0x02000001, 0x800f0000, 0xa0e40000, 0x0200001b, 0xf0e40800,
    0xf0e40000, 0x03000002, 0x80030000, 0x80e40000, 0xa0e40001, 0x0201002d,
    0x80000000, 0xa0000002, 0x0000001d, 0x02000001, 0x80080000, 0xa0ff0001,
    0x02000001, 0x800f0800, 0x80e40000, 0x0000ffff,
};

/*
 *   ps_3_0
 *   def c0, 8, 8, 0, 1
 *   dcl_texcoord v0
 *   dsx r0, v0
 *   dsy r1, v0
 *   mul r2.x, r0.x, c0.x
 *   mul r2.y, r1.y, c0.y
 *   mov r2.zw, c0
 *   mov oC0, r2
 */
static const DWORD ps30_dsx[] = {
    0xffff0300, 0x05000051, 0xa00f0000, 0x41000000, 0x41000000, 0x00000000,
    0x3f800000, 0x0200001f, 0x80000005, 0x900f0000, 0x0200005b, 0x800f0000,
    0x90e40000, 0x0200005c, 0x800f0001, 0x90e40000, 0x03000005, 0x80010002,
    0x80000000, 0xa0000000, 0x03000005, 0x80020002, 0x80550001, 0xa0550000,
    0x02000001, 0x800c0002, 0xa0e40000, 0x02000001, 0x800f0800, 0x80e40002,
    0x0000ffff,
};

/*
 *   vs_1_1
 *   dcl_position v0
 *   dcl_texcoord v2
 *   mov oPos, v0
 *   mov oT0, v2
 *   mov oT1, c5
 *   mov oT2, c6
 */
static const DWORD vs11_tc[] = {
    0xfffe0101, 0x0000001f, 0x80000000, 0x900f0000, 0x0000001f, 0x80000005,
    0x900f0002, 0x00000001, 0xc00f0000, 0x90e40000, 0x00000001, 0xe00f0000,
    0x90e40002, 0x00000001, 0xe00f0001, 0xa0e40005, 0x00000001, 0xe00f0002,
    0xa0e40006, 0x0000ffff,
};

/*
 *   ps_1_1
 *   tex t0
 *   texbem t1, t0
 *   mov r0, t1
 */
static const DWORD ps11_texbem[] = {
    0xffff0101, 0x00000042, 0xb00f0000, 0x00000043, 0xb00f0001, 0xb0e40000,
    0x00000001, 0x800f0000, 0xb0e40001, 0x0000ffff,
};

/*
 *   ps_1_1
 *   tex t0
 *   texm3x2pad t1, t0
 *   texm3x2tex t2, t0
 *   mov r0, t2
 */
static const DWORD ps11_texm3x2[] = {
    0xffff0101, 0x00000042, 0xb00f0000, 0x00000047, 0xb00f0001, 0xb0e40000,
    0x00000048, 0xb00f0002, 0xb0e40000, 0x00000001, 0x800f0000, 0xb0e40002,
    0x0000ffff,
};

/*
 *   ps_1_1
 *   tex t0
 *   texreg2ar t1, t0
 *   mov r0, t1
 */
static const DWORD ps11_texreg2ar[] = {
    0xffff0101, 0x00000042, 0xb00f0000, 0x00000045, 0xb00f0001, 0xb0e40000,
    0x00000001, 0x800f0000, 0xb0e40001, 0x0000ffff,
};

/*
 *   ps_1_2
 *   tex t0
 *   texdp3tex t1, t0
 *   mov r0, t1
 */
static const DWORD ps12_texdp3tex[] = {
    0xffff0102, 0x00000042, 0xb00f0000, 0x00000053, 0xb00f0001, 0xb0e40000,
    0x00000001, 0x800f0000, 0xb0e40001, 0x0000ffff,
};

/*
 *   vs_3_0
 *   def c0, 0.25, 0.5, 0.75, 1
 *   def c1, 0.5, 0.25, 0, 1
 *   dcl_position v0
 *   dcl_position o0
 *   dcl_texcoord3 o5
 *   dcl_color1 o3
 *   dcl_texcoord0 o1
 *   mov o0, v0
 *   mov o5, c0
 *   mov o3, c1
 *   mov o1, c1.wzyx
 */
static const DWORD vs30_link[] = {
    0xfffe0300, 0x05000051, 0xa00f0000, 0x3e800000, 0x3f000000, 0x3f400000,
    0x3f800000, 0x05000051, 0xa00f0001, 0x3f000000, 0x3e800000, 0x00000000,
    0x3f800000, 0x0200001f, 0x80000000, 0x900f0000, 0x0200001f, 0x80000000,
    0xe00f0000, 0x0200001f, 0x80030005, 0xe00f0005, 0x0200001f, 0x8001000a,
    0xe00f0003, 0x0200001f, 0x80000005, 0xe00f0001, 0x02000001, 0xe00f0000,
    0x90e40000, 0x02000001, 0xe00f0005, 0xa0e40000, 0x02000001, 0xe00f0003,
    0xa0e40001, 0x02000001, 0xe00f0001, 0xa01b0001, 0x0000ffff,
};

/*
 *   ps_3_0
 *   dcl_color1 v4
 *   dcl_texcoord3 v0
 *   mov r0.x, v0.z
 *   mov r0.y, v4.y
 *   mov r0.z, v0.x
 *   mov r0.w, v4.w
 *   mov oC0, r0
 */
static const DWORD ps30_link[] = {
    0xffff0300, 0x0200001f, 0x8001000a, 0x900f0004, 0x0200001f, 0x80030005,
    0x900f0000, 0x02000001, 0x80010000, 0x90aa0000, 0x02000001, 0x80020000,
    0x90550004, 0x02000001, 0x80040000, 0x90000000, 0x02000001, 0x80080000,
    0x90ff0004, 0x02000001, 0x800f0800, 0x80e40000, 0x0000ffff,
};

/*
 *   ps_1_4
 *   def c0, 0.75, 0.25, 0.6, 0
 *   def c1, 1, 1, 1, 1
 *   def c2, 0.25, 0.25, 0.25, 0.25
 *   def c3, -0.5, 0, 0.5, 0
 *   cnd r1, c0, c1, c2
 *   cmp r2, c3, c1, c2
 *   mul r0, r1, r2
 */
static const DWORD ps14_cndcmp[] = {
    0xffff0104, 0x00000051, 0xa00f0000, 0x3f400000, 0x3e800000, 0x3f19999a,
    0x00000000, 0x00000051, 0xa00f0001, 0x3f800000, 0x3f800000, 0x3f800000,
    0x3f800000, 0x00000051, 0xa00f0002, 0x3e800000, 0x3e800000, 0x3e800000,
    0x3e800000, 0x00000051, 0xa00f0003, 0xbf000000, 0x00000000, 0x3f000000,
    0x00000000, 0x00000050, 0x800f0001, 0xa0e40000, 0xa0e40001, 0xa0e40002,
    0x00000058, 0x800f0002, 0xa0e40003, 0xa0e40001, 0xa0e40002, 0x00000005,
    0x800f0000, 0x80e40001, 0x80e40002, 0x0000ffff,
};

/*
 *   ps_1_1
 *   def c0, 0.5, 0.5, 0.5, 0.25
 *   tex t0
 *   mul r0.rgb, t0, c0
 *   +add r0.a, t0, c0
 */
static const DWORD ps11_coissue[] = {
    0xffff0101, 0x00000051, 0xa00f0000, 0x3f000000, 0x3f000000, 0x3f000000,
    0x3e800000, 0x00000042, 0xb00f0000, 0x00000005, 0x80070000, 0xb0e40000,
    0xa0e40000, 0x40000002, 0x80080000, 0xb0e40000, 0xa0e40000, 0x0000ffff,
};

/*
 *   ps_1_4
 *   texld r0, t1_dz
 */
static const DWORD ps14_texld_dz[] = {
    0xffff0104, 0x00000042, 0x800f0000, 0xb9e40001, 0x0000ffff,
};

/* Inputs, 0xAARRGGBB: the vertex colour, a 1x1 texture on sampler 0 and a
 * 2x2 texture on sampler 2 for the dependent read. */
#define VCOLOR 0xff204080u
#define TEX0 0x80c06030u
static const D3DCOLOR texels2x2[4] = {0xffff8040u, 0xff40ff80u, 0xff8040ffu, 0xffffffffu};

static double ch(D3DCOLOR c, int i) /* 0 r, 1 g, 2 b, 3 a */
{
    static const int shift[4] = {16, 8, 0, 24};
    return ((c >> shift[i]) & 0xff) / 255.0;
}

static double sat(double v) { return v < 0 ? 0 : v > 1 ? 1 : v; }

static D3DCOLOR rgb(double r, double g, double b)
{
    return (D3DCOLOR)((int)(sat(r) * 255 + 0.5) << 16 | (int)(sat(g) * 255 + 0.5) << 8 | (int)(sat(b) * 255 + 0.5));
}

struct vtx {
    float x, y, z;
    D3DCOLOR c;
    float u, v;
};
#define FVF_VTX (D3DFVF_XYZ | D3DFVF_DIFFUSE | D3DFVF_TEX1)

/* A 40x40 square at cell (cx, cy) in clip space (the shaders pass the
 * position through) whose coordinates run from (u0, v0) at the top left
 * to (u1, v1) at the bottom right; back: wound counter-clockwise on
 * screen. */
static void cell_quad(IDirect3DDevice9 *dev, int cx, int cy, float u0, float v0, float u1, float v1, BOOL back)
{
    struct vtx q[4];
    for (int i = 0; i < 4; i++) {
        int corner = back ? i ^ 1 : i;
        q[i].x = (cx * 40 + (corner & 1) * 40) / 320.0f - 1;
        q[i].y = 1 - (cy * 40 + (corner >> 1) * 40) / 240.0f;
        q[i].z = 0.5f;
        q[i].c = VCOLOR;
        q[i].u = (corner & 1) ? u1 : u0;
        q[i].v = (corner >> 1) ? v1 : v0;
    }
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])), D3D_OK);
}

/* The square with texture coordinate (u, v) at every corner. */
static void square(IDirect3DDevice9 *dev, int cx, int cy, float u, float v, BOOL back)
{
    cell_quad(dev, cx, cy, u, v, u, v, back);
}

static void use(IDirect3DDevice9 *dev, IDirect3DVertexShader9 *vs, IDirect3DPixelShader9 *ps)
{
    IDirect3DDevice9_SetVertexShader(dev, vs);
    IDirect3DDevice9_SetPixelShader(dev, ps);
}

static void setf(IDirect3DDevice9 *dev, BOOL pixel, UINT reg, float x, float y, float z, float w)
{
    float c[4] = {x, y, z, w};
    if (pixel)
        IDirect3DDevice9_SetPixelShaderConstantF(dev, reg, c, 1);
    else
        IDirect3DDevice9_SetVertexShaderConstantF(dev, reg, c, 1);
}

/* A texture of levels mips, each level one colour. */
static IDirect3DTexture9 *make_texture(IDirect3DDevice9 *dev, int size, int levels, const D3DCOLOR *colors, BOOL grid)
{
    IDirect3DTexture9 *tex = NULL;
    D3DLOCKED_RECT lr;
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, size, size, levels, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex, NULL),
             D3D_OK);
    for (int l = 0; tex && l < levels; l++) {
        int n = size >> l;
        if (FAILED(IDirect3DTexture9_LockRect(tex, l, &lr, NULL, 0)))
            continue;
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++)
                ((DWORD *)((BYTE *)lr.pBits + y * lr.Pitch))[x] = grid ? colors[y * n + x] : colors[l];
        IDirect3DTexture9_UnlockRect(tex, l);
    }
    return tex;
}

static IDirect3DDevice9 *begin(void)
{
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    if (!dev)
        return NULL;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_SetFVF(dev, FVF_VTX);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff00ff, 1.0f, 0);
    return dev;
}

struct want {
    int cx, cy;
    D3DCOLOR c;
    const char *what;
};

static void check_cells(IDirect3DDevice9 *dev, const struct want *w, int n)
{
    struct readback rb;
    read_back(dev, NULL, &rb);
    for (int i = 0; i < n; i++) {
        D3DCOLOR got = rb_pixel(&rb, w[i].cx * 40 + 20, w[i].cy * 40 + 20);
        CHECK(near_color(got, w[i].c, PIXEL_TOL), "%s: %06lx, want %06lx", w[i].what, (unsigned long)got,
              (unsigned long)w[i].c);
    }
    rb_release(&rb);
}

TEST(ps_1_x)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DTexture9 *t0, *t2;
    IDirect3DVertexShader9 *vs;
    static const DWORD *const codes[] = {ps11_mul, ps11_mad, ps11_x2, ps11_bx2, ps11_sat,
                                         ps11_cnd, ps12_lrp, ps13_texcoord, ps14_phase};
    IDirect3DPixelShader9 *ps[sizeof(codes) / sizeof(codes[0])];
    struct want w[16];
    int n = 0;
    double t[4], d[4];
    if (!dev)
        return;
    for (int i = 0; i < 4; i++) {
        t[i] = ch(TEX0, i);
        d[i] = ch(VCOLOR, i);
    }
    t0 = make_texture(dev, 1, 1, (const D3DCOLOR[]){TEX0}, TRUE);
    t2 = make_texture(dev, 2, 1, texels2x2, TRUE);
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)t0);
    IDirect3DDevice9_SetTexture(dev, 2, (IDirect3DBaseTexture9 *)t2);
    vs = vs_of(dev, vs11);
    for (size_t i = 0; i < sizeof(codes) / sizeof(codes[0]); i++)
        ps[i] = ps_of(dev, codes[i]);
    /* vs c4 is the second coordinate set; (0.75, 0.25) picks texel 1. */
    setf(dev, FALSE, 4, 0.75f, 0.25f, 0.5f, 1);
    setf(dev, TRUE, 0, 0.5f, 1, 0.25f, 1);
    setf(dev, TRUE, 1, 1, 0.5f, 0, 1);
    setf(dev, TRUE, 2, 0, 0.5f, 1, 1);
    IDirect3DDevice9_BeginScene(dev);

    use(dev, vs, ps[0]);
    square(dev, 0, 0, 0.5f, 0.5f, FALSE);
    w[n++] = (struct want){0, 0, rgb(t[0] * d[0], t[1] * d[1], t[2] * d[2]), "ps_1_1 tex, mul"};
    use(dev, vs, ps[1]);
    square(dev, 1, 0, 0.5f, 0.5f, FALSE);
    w[n++] = (struct want){1, 0, rgb(t[0] * 0.5 + 0.5, t[1] + 0.25, t[2] * 0.25 + 0.125), "ps_1_1 mad, def"};
    use(dev, vs, ps[2]);
    square(dev, 2, 0, 0.5f, 0.5f, FALSE);
    w[n++] = (struct want){2, 0, rgb(2 * t[0] * d[0], 2 * t[1] * d[1], 2 * t[2] * d[2]), "ps_1_1 _x2"};
    use(dev, vs, ps[3]);
    square(dev, 3, 0, 0.5f, 0.5f, FALSE);
    w[n++] = (struct want){3, 0, rgb(2 * t[0] - 1 + d[0], 2 * t[1] - 1 + d[1], 2 * t[2] - 1 + d[2]), "ps_1_1 _bx2"};
    use(dev, vs, ps[4]);
    square(dev, 4, 0, 0.5f, 0.5f, FALSE);
    w[n++] = (struct want){4, 0,
                           rgb(sat(sat(2 * t[0]) + t[0]) * d[0], sat(sat(2 * t[1]) + t[1]) * d[1],
                               sat(sat(2 * t[2]) + t[2]) * d[2]),
                           "ps_1_1 _sat"};
    /* cnd picks c1 when r0.a > 0.5, else c2; the constant changes between draws. */
    use(dev, vs, ps[5]);
    setf(dev, TRUE, 0, 0, 0, 0, 0.75f);
    square(dev, 5, 0, 0.5f, 0.5f, FALSE);
    w[n++] = (struct want){5, 0, rgb(1, 0.5, 0), "ps_1_1 cnd, r0.a > 0.5"};
    setf(dev, TRUE, 0, 0, 0, 0, 0.25f);
    square(dev, 6, 0, 0.5f, 0.5f, FALSE);
    w[n++] = (struct want){6, 0, rgb(0, 0.5, 1), "ps_1_1 cnd, r0.a <= 0.5"};
    use(dev, vs, ps[6]);
    square(dev, 7, 0, 0.5f, 0.5f, FALSE);
    w[n++] = (struct want){7, 0, rgb(d[0] * t[0] + (1 - d[0]), d[1] * t[1] + (1 - d[1]) * 0.5, d[2] * t[2]),
                           "ps_1_2 lrp"};
    use(dev, vs, ps[7]);
    square(dev, 8, 0, 0.5f, 0.5f, FALSE);
    w[n++] = (struct want){8, 0, rgb(0.75, 0.25, 0.5), "ps_1_3 texcoord (a vs constant)"};
    use(dev, vs, ps[8]);
    setf(dev, TRUE, 0, 0.5f, 1, 0.25f, 1);
    square(dev, 9, 0, 0.5f, 0.5f, FALSE);
    w[n++] = (struct want){9, 0,
                           rgb(t[0] * 0.5 * ch(texels2x2[1], 0), t[1] * ch(texels2x2[1], 1),
                               t[2] * 0.25 * ch(texels2x2[1], 2)),
                           "ps_1_4 phase, dependent texld"};
    IDirect3DDevice9_EndScene(dev);
    check_cells(dev, w, n);

    use(dev, NULL, NULL);
    for (size_t i = 0; i < sizeof(codes) / sizeof(codes[0]); i++)
        if (ps[i])
            IDirect3DPixelShader9_Release(ps[i]);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DDevice9_SetTexture(dev, 2, NULL);
    if (t0)
        IDirect3DTexture9_Release(t0);
    if (t2)
        IDirect3DTexture9_Release(t2);
    IDirect3DDevice9_Release(dev);
}

TEST(vs_ps_2_0)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DTexture9 *t0;
    IDirect3DVertexShader9 *vs;
    IDirect3DPixelShader9 *d0, *t1, *math;
    struct want w[8];
    int n = 0;
    double t[4];
    if (!dev)
        return;
    for (int i = 0; i < 4; i++)
        t[i] = ch(TEX0, i);
    t0 = make_texture(dev, 1, 1, (const D3DCOLOR[]){TEX0}, TRUE);
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)t0);
    vs = vs_of(dev, vs20_loops);
    d0 = ps_of(dev, ps_pass);
    t1 = ps_of(dev, ps20_t1);
    math = ps_of(dev, ps20_math);
    setf(dev, FALSE, 1, 0.1f, 0.2f, 0.05f, 0.25f);
    setf(dev, FALSE, 10, 0.1f, 0, 0, 0);
    setf(dev, FALSE, 11, 0, 0.2f, 0, 0);
    setf(dev, FALSE, 12, 0, 0, 0.3f, 0);
    setf(dev, TRUE, 0, 0.1f, 0.2f, 0.3f, 0);
    IDirect3DDevice9_BeginScene(dev);
    {
        /* rep i0: c1 added i0.x times; loop aL, i1: i1 = (count, start, step). */
        static const int rep3[4] = {3, 0, 0, 0}, rep1[4] = {1, 0, 0, 0};
        static const int loop3[4] = {3, 0, 1, 0}, loop2from1[4] = {2, 1, 1, 0};
        IDirect3DDevice9_SetVertexShaderConstantI(dev, 0, rep3, 1);
        IDirect3DDevice9_SetVertexShaderConstantI(dev, 1, loop3, 1);
        use(dev, vs, d0);
        square(dev, 0, 1, 0.5f, 0.5f, FALSE);
        w[n++] = (struct want){0, 1, rgb(0.3, 0.6, 0.15), "rep 3 times"};
        IDirect3DDevice9_SetVertexShaderConstantI(dev, 0, rep1, 1);
        square(dev, 1, 1, 0.5f, 0.5f, FALSE);
        w[n++] = (struct want){1, 1, rgb(0.1, 0.2, 0.05), "rep once"};
        use(dev, vs, t1);
        square(dev, 2, 1, 0.5f, 0.5f, FALSE);
        w[n++] = (struct want){2, 1, rgb(0.1, 0.2, 0.3), "loop aL over c10..c12"};
        IDirect3DDevice9_SetVertexShaderConstantI(dev, 1, loop2from1, 1);
        square(dev, 3, 1, 0.5f, 0.5f, FALSE);
        w[n++] = (struct want){3, 1, rgb(0, 0.2, 0.3), "loop aL from 1"};
    }
    use(dev, vs, math);
    square(dev, 4, 1, 0.5f, 0.5f, FALSE);
    w[n++] = (struct want){4, 1, rgb(t[2] * 0.25 + 0.1, t[1] * 0.25 + 0.2, t[0] * 0.5 + 0.3), "texld, swizzle, rcp, rsq"};
    IDirect3DDevice9_EndScene(dev);
    check_cells(dev, w, n);

    use(dev, NULL, NULL);
    if (d0)
        IDirect3DPixelShader9_Release(d0);
    if (t1)
        IDirect3DPixelShader9_Release(t1);
    if (math)
        IDirect3DPixelShader9_Release(math);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    if (t0)
        IDirect3DTexture9_Release(t0);
    IDirect3DDevice9_Release(dev);
}

TEST(vs_ps_3_0)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DTexture9 *mips;
    IDirect3DVertexShader9 *vs;
    IDirect3DPixelShader9 *vpos, *vface, *branch, *pred, *ldl, *ldd;
    static const D3DCOLOR levels[3] = {0xffff0000u, 0xff00ff00u, 0xff0000ffu};
    struct want w[20];
    int n = 0;
    if (!dev)
        return;
    mips = make_texture(dev, 4, 3, levels, FALSE);
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)mips);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_POINT);
    vs = vs_of(dev, vs30);
    vpos = ps_of(dev, ps30_vpos);
    vface = ps_of(dev, ps30_vface);
    branch = ps_of(dev, ps30_branch);
    pred = ps_of(dev, ps30_pred);
    ldl = ps_of(dev, ps30_texldl);
    ldd = ps_of(dev, ps30_texldd);
    IDirect3DDevice9_BeginScene(dev);
    /* vPos holds integer pixel coordinates: frc gives 0. */
    use(dev, vs, vpos);
    square(dev, 0, 2, 0.5f, 0.5f, FALSE);
    square(dev, 10, 2, 0.5f, 0.5f, FALSE);
    w[n++] = (struct want){0, 2, rgb(0.25, 0.25, 20 / 640.0), "vPos"};
    w[n++] = (struct want){10, 2, rgb(0.25, 0.25, 420 / 640.0), "vPos, further right"};
    use(dev, vs, vface);
    square(dev, 1, 2, 0.5f, 0.5f, FALSE);
    square(dev, 2, 2, 0.5f, 0.5f, TRUE);
    w[n++] = (struct want){1, 2, 0xff0000, "vFace, clockwise (front)"};
    w[n++] = (struct want){2, 2, 0x0000ff, "vFace, counter-clockwise (back)"};
    use(dev, vs, branch);
    square(dev, 3, 2, 0.75f, 0.5f, FALSE);
    square(dev, 4, 2, 0.25f, 0.5f, FALSE);
    {
        BOOL on = TRUE, off = FALSE;
        IDirect3DDevice9_SetPixelShaderConstantB(dev, 0, &on, 1);
        square(dev, 5, 2, 0.75f, 0.5f, FALSE);
        square(dev, 6, 2, 0.25f, 0.5f, FALSE);
        IDirect3DDevice9_SetPixelShaderConstantB(dev, 0, &off, 1);
    }
    w[n++] = (struct want){3, 2, 0xff0000, "if_gt taken"};
    w[n++] = (struct want){4, 2, 0x00ff00, "if_gt not taken (else)"};
    w[n++] = (struct want){5, 2, rgb(1, 0, 0.5), "if_gt taken, if b0 true"};
    w[n++] = (struct want){6, 2, rgb(0, 1, 0.5), "else, if b0 true"};
    use(dev, vs, pred);
    square(dev, 7, 2, 0.75f, 0.25f, FALSE);
    square(dev, 8, 2, 0.25f, 0.75f, FALSE);
    w[n++] = (struct want){7, 2, rgb(1, 0.5, 0), "setp_gt, predicated movs (x set)"};
    w[n++] = (struct want){8, 2, rgb(0.5, 1, 0.5), "setp_gt, predicated movs (y set)"};
    use(dev, vs, ldl);
    for (int l = 0; l < 3; l++) {
        setf(dev, TRUE, 1, 0, 0, 0, (float)l);
        square(dev, l, 3, 0.3f, 0.3f, FALSE);
        w[n++] = (struct want){l, 3, levels[l] & 0xffffff, "texldl"};
    }
    /* texldd: gradients of 1, 2 and 4 texels per pixel on the 4x4 level 0. */
    use(dev, vs, ldd);
    for (int l = 0; l < 3; l++) {
        float g = 0.25f * (float)(1 << l);
        setf(dev, TRUE, 2, g, 0, 0, 0);
        setf(dev, TRUE, 3, 0, g, 0, 0);
        square(dev, 3 + l, 3, 0.3f, 0.3f, FALSE);
        w[n++] = (struct want){3 + l, 3, levels[l] & 0xffffff, "texldd"};
    }
    IDirect3DDevice9_EndScene(dev);
    check_cells(dev, w, n);

    use(dev, NULL, NULL);
    if (vpos)
        IDirect3DPixelShader9_Release(vpos);
    if (vface)
        IDirect3DPixelShader9_Release(vface);
    if (branch)
        IDirect3DPixelShader9_Release(branch);
    if (pred)
        IDirect3DPixelShader9_Release(pred);
    if (ldl)
        IDirect3DPixelShader9_Release(ldl);
    if (ldd)
        IDirect3DPixelShader9_Release(ldd);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    if (mips)
        IDirect3DTexture9_Release(mips);
    IDirect3DDevice9_Release(dev);
}

static void square_uv(IDirect3DDevice9 *dev, int cx, int cy, float u0, float v0, float u1, float v1)
{
    cell_quad(dev, cx, cy, u0, v0, u1, v1, FALSE);
}

TEST(more_vs)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DVertexShader9 *rel, *call;
    IDirect3DPixelShader9 *d0;
    struct want w[4];
    int n = 0;
    BOOL b[2];
    if (!dev)
        return;
    rel = vs_of(dev, vs11_rel);
    call = vs_of(dev, vs20_call);
    d0 = ps_of(dev, ps_pass);
    IDirect3DDevice9_BeginScene(dev);
    /* c[a0.x + 2] with a0.x = 1: c3. */
    setf(dev, FALSE, 0, 1, 0, 0, 0);
    setf(dev, FALSE, 2, 1, 1, 1, 1);
    setf(dev, FALSE, 3, 0.25f, 0.5f, 0.75f, 1);
    use(dev, rel, d0);
    square(dev, 0, 4, 0.5f, 0.5f, FALSE);
    w[n++] = (struct want){0, 4, rgb(0.25, 0.5, 0.75), "vs_1_1 c[a0.x + 2]"};
    /* if b0 adds c1.x, the subroutine adds c1.y and calls another adding
     * c1.z when b1. */
    setf(dev, FALSE, 1, 0.25f, 0.5f, 0.75f, 0);
    use(dev, call, d0);
    b[0] = TRUE;
    b[1] = TRUE;
    IDirect3DDevice9_SetVertexShaderConstantB(dev, 0, b, 2);
    square(dev, 1, 4, 0.5f, 0.5f, FALSE);
    w[n++] = (struct want){1, 4, rgb(0.25, 0.5, 0.75), "vs_2_0 if b0, call, callnz b1 (all true)"};
    b[0] = FALSE;
    b[1] = FALSE;
    IDirect3DDevice9_SetVertexShaderConstantB(dev, 0, b, 2);
    square(dev, 2, 4, 0.5f, 0.5f, FALSE);
    w[n++] = (struct want){2, 4, rgb(0, 0.5, 0), "vs_2_0 if b0, call, callnz b1 (all false)"};
    IDirect3DDevice9_EndScene(dev);
    check_cells(dev, w, n);
    use(dev, NULL, NULL);
    if (rel)
        IDirect3DVertexShader9_Release(rel);
    if (call)
        IDirect3DVertexShader9_Release(call);
    if (d0)
        IDirect3DPixelShader9_Release(d0);
    IDirect3DDevice9_Release(dev);
}

TEST(more_ps)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DVertexShader9 *vs2, *vs3;
    IDirect3DPixelShader9 *kill, *depth, *ops, *ops2, *ops3, *loop, *dsx;
    struct want w[12];
    int n = 0;
    if (!dev)
        return;
    vs2 = vs_of(dev, vs20_loops);
    vs3 = vs_of(dev, vs30);
    kill = ps_of(dev, ps20_kill);
    depth = ps_of(dev, ps20_depth);
    ops = ps_of(dev, ps20_ops);
    ops2 = ps_of(dev, ps20_ops2);
    ops3 = ps_of(dev, ps20_ops3);
    loop = ps_of(dev, ps30_loop);
    dsx = ps_of(dev, ps30_dsx);
    {
        static const int zero[4] = {0, 0, 0, 0};
        IDirect3DDevice9_SetVertexShaderConstantI(dev, 0, zero, 1);
        IDirect3DDevice9_SetVertexShaderConstantI(dev, 1, zero, 1);
    }
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff00ff, 0.5f, 0);
    IDirect3DDevice9_BeginScene(dev);
    use(dev, vs2, kill);
    square(dev, 0, 5, 0.5f, 0.5f, FALSE);
    square(dev, 1, 5, -0.5f, 0.5f, FALSE);
    w[n++] = (struct want){0, 5, 0x00ff00, "texkill, coordinate positive"};
    w[n++] = (struct want){1, 5, 0xff00ff, "texkill, u negative"};
    /* The squares are at depth 0.5, the buffer holds 0.5 and the test is
     * LESS: only the depth the shader writes decides. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZFUNC, D3DCMP_LESS);
    use(dev, vs2, depth);
    setf(dev, TRUE, 1, 0.25f, 0, 0, 0);
    square(dev, 2, 5, 0.5f, 0.5f, FALSE);
    setf(dev, TRUE, 1, 0.75f, 0, 0, 0);
    square(dev, 3, 5, 0.5f, 0.5f, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZFUNC, D3DCMP_LESSEQUAL);
    w[n++] = (struct want){2, 5, 0x00ff00, "oDepth 0.25 passes LESS 0.5"};
    w[n++] = (struct want){3, 5, 0xff00ff, "oDepth 0.75 fails LESS 0.5"};
    use(dev, vs2, ops);
    square(dev, 4, 5, 0.5f, 0.5f, FALSE);
    w[n++] = (struct want){4, 5, rgb(0.125 + 0.25, 0.25 * 1.41421356, 1 * 0.5 * 1), "max, min, abs, exp, log, pow"};
    use(dev, vs2, ops2);
    square(dev, 5, 5, 0.5f, 0.5f, FALSE);
    w[n++] = (struct want){5, 5, rgb(0.875, 0.75, 0.5), "dp3, dp4, cmp"};
    use(dev, vs2, ops3);
    square(dev, 6, 5, 0.5f, 0.5f, FALSE);
    w[n++] = (struct want){6, 5, rgb(0.4, 0.5 / 1.14564392, 0.25 / 1.14564392), "nrm, rsq"};
    use(dev, vs3, loop);
    square(dev, 7, 5, 0.5f, 0.5f, FALSE);
    w[n++] = (struct want){7, 5, rgb(0.375, 0.75, 0), "ps_3_0 loop, breakc_gt"};
    /* u runs 0..1 and v 0..2 over 40 pixels: d/dx u = 1/40, d/dy v = 2/40. */
    use(dev, vs3, dsx);
    square_uv(dev, 8, 5, 0, 0, 1, 2);
    w[n++] = (struct want){8, 5, rgb(8 / 40.0, 16 / 40.0, 0), "dsx, dsy"};
    IDirect3DDevice9_EndScene(dev);
    check_cells(dev, w, n);
    use(dev, NULL, NULL);
    {
        IDirect3DPixelShader9 *all[] = {kill, depth, ops, ops2, ops3, loop, dsx};
        for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
            if (all[i])
                IDirect3DPixelShader9_Release(all[i]);
    }
    if (vs2)
        IDirect3DVertexShader9_Release(vs2);
    if (vs3)
        IDirect3DVertexShader9_Release(vs3);
    IDirect3DDevice9_Release(dev);
}

/* oC0 and oC1 to two render targets. */
TEST(multiple_render_targets)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DVertexShader9 *vs;
    IDirect3DPixelShader9 *ps;
    IDirect3DSurface9 *rt1 = NULL, *bb = NULL;
    D3DCAPS9 caps;
    if (!dev)
        return;
    IDirect3DDevice9_GetDeviceCaps(dev, &caps);
    CHECK(caps.NumSimultaneousRTs >= 2, "NumSimultaneousRTs %lu", (unsigned long)caps.NumSimultaneousRTs);
    vs = vs_of(dev, vs20_loops);
    ps = ps_of(dev, ps20_mrt);
    IDirect3DDevice9_CreateRenderTarget(dev, 640, 480, D3DFMT_A8R8G8B8, 0, 0, FALSE, &rt1, NULL);
    IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb);
    if (rt1 && bb) {
        IDirect3DDevice9_SetRenderTarget(dev, 1, rt1);
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff00ff, 1.0f, 0);
        IDirect3DDevice9_BeginScene(dev);
        use(dev, vs, ps);
        square(dev, 0, 0, 0.5f, 0.5f, FALSE);
        IDirect3DDevice9_EndScene(dev);
        IDirect3DDevice9_SetRenderTarget(dev, 1, NULL);
        CHECK_EQ_U(rt_pixel(dev, bb, 20, 20), 0xff0000);
        CHECK_EQ_U(rt_pixel(dev, rt1, 20, 20), 0x0000ff);
        CHECK_EQ_U(rt_pixel(dev, rt1, 100, 100), 0xff00ff);
    }
    use(dev, NULL, NULL);
    if (bb)
        IDirect3DSurface9_Release(bb);
    if (rt1)
        IDirect3DSurface9_Release(rt1);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    IDirect3DDevice9_Release(dev);
}

/* ps_1_x texture addressing: texbem (the bump matrix of the destination
 * stage), texm3x2pad/tex, texreg2ar, texdp3tex, each sampling the 2x2
 * texture at coordinates the instruction works out. */
TEST(ps_1_x_texture_addressing)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DTexture9 *bump = NULL, *color, *grid;
    IDirect3DVertexShader9 *vs;
    IDirect3DPixelShader9 *bem, *m3x2, *reg2ar, *dp3tex;
    D3DLOCKED_RECT lr;
    struct want w[4];
    int n = 0;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 1, 1, 1, 0, D3DFMT_V8U8, D3DPOOL_MANAGED, &bump, NULL), D3D_OK);
    if (bump && SUCCEEDED(IDirect3DTexture9_LockRect(bump, 0, &lr, NULL, 0))) {
        ((BYTE *)lr.pBits)[0] = 64; /* du, about 0.5 */
        ((BYTE *)lr.pBits)[1] = 0;
        IDirect3DTexture9_UnlockRect(bump, 0);
    }
    color = make_texture(dev, 1, 1, (const D3DCOLOR[]){0xc0ff8000u}, TRUE);
    grid = make_texture(dev, 2, 1, texels2x2, TRUE);
    vs = vs_of(dev, vs11_tc);
    bem = ps_of(dev, ps11_texbem);
    m3x2 = ps_of(dev, ps11_texm3x2);
    reg2ar = ps_of(dev, ps11_texreg2ar);
    dp3tex = ps_of(dev, ps12_texdp3tex);
    IDirect3DDevice9_SetTexture(dev, 1, (IDirect3DBaseTexture9 *)grid);
    IDirect3DDevice9_SetTexture(dev, 2, (IDirect3DBaseTexture9 *)grid);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_BUMPENVMAT00, f2dw(1.0f));
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_BUMPENVMAT01, f2dw(0.0f));
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_BUMPENVMAT10, f2dw(0.0f));
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_BUMPENVMAT11, f2dw(1.0f));
    IDirect3DDevice9_BeginScene(dev);
    /* texbem: (0.1, 0.1) + (0.5, 0) is in texel 1. */
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)bump);
    setf(dev, FALSE, 5, 0.1f, 0.1f, 0, 1);
    use(dev, vs, bem);
    square(dev, 0, 6, 0.1f, 0.1f, FALSE);
    w[n++] = (struct want){0, 6, texels2x2[1] & 0xffffff, "texbem"};
    /* t0 = (1, 0.5, 0): u = (0.2, 0.1, 0.9).t0 = 0.25, v = (0.5, 0.5, 0).t0
     * = 0.75: texel 2. */
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)color);
    setf(dev, FALSE, 5, 0.2f, 0.1f, 0.9f, 1);
    setf(dev, FALSE, 6, 0.5f, 0.5f, 0, 1);
    use(dev, vs, m3x2);
    square(dev, 1, 6, 0.5f, 0.5f, FALSE);
    w[n++] = (struct want){1, 6, texels2x2[2] & 0xffffff, "texm3x2pad, texm3x2tex"};
    /* texreg2ar samples at (t0.a, t0.r) = (0.75, 1); v = 1 wraps to the
     * top row: texel 1. */
    use(dev, vs, reg2ar);
    square(dev, 2, 6, 0.5f, 0.5f, FALSE);
    w[n++] = (struct want){2, 6, texels2x2[1] & 0xffffff, "texreg2ar"};
    /* texdp3tex: u = (0.2, 0.1, 0.9).t0 = 0.25, v = 0: texel 0. */
    use(dev, vs, dp3tex);
    square(dev, 3, 6, 0.5f, 0.5f, FALSE);
    w[n++] = (struct want){3, 6, texels2x2[0] & 0xffffff, "texdp3tex"};
    IDirect3DDevice9_EndScene(dev);
    check_cells(dev, w, n);
    use(dev, NULL, NULL);
    for (int i = 0; i < 3; i++)
        IDirect3DDevice9_SetTexture(dev, i, NULL);
    {
        IDirect3DPixelShader9 *all[] = {bem, m3x2, reg2ar, dp3tex};
        for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
            if (all[i])
                IDirect3DPixelShader9_Release(all[i]);
    }
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    if (bump)
        IDirect3DTexture9_Release(bump);
    if (color)
        IDirect3DTexture9_Release(color);
    if (grid)
        IDirect3DTexture9_Release(grid);
    IDirect3DDevice9_Release(dev);
}

/* vs_3_0 outputs reach ps_3_0 inputs by usage and index, whatever the
 * register numbers: texcoord3 in o5 arrives in v0, color1 in o3 in v4,
 * and an output the pixel shader does not read (texcoord0) is dropped. */
TEST(vs_ps_3_0_linkage)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DVertexShader9 *vs;
    IDirect3DPixelShader9 *ps;
    struct want w[1];
    if (!dev)
        return;
    vs = vs_of(dev, vs30_link);
    ps = ps_of(dev, ps30_link);
    IDirect3DDevice9_BeginScene(dev);
    use(dev, vs, ps);
    square(dev, 0, 7, 0.5f, 0.5f, FALSE);
    IDirect3DDevice9_EndScene(dev);
    w[0] = (struct want){0, 7, rgb(0.75, 0.25, 0.25), "texcoord3 and color1 by semantics"};
    check_cells(dev, w, 1);
    use(dev, NULL, NULL);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    IDirect3DDevice9_Release(dev);
}

/* ps_1_4's component-wise cnd and cmp, the _dz projection of texld, and
 * a ps_1_1 co-issued alpha instruction (shown through SRCALPHA blending). */
TEST(ps_1_x_more)
{
    IDirect3DDevice9 *dev = begin();
    IDirect3DTexture9 *t0, *grid;
    IDirect3DVertexShader9 *vs;
    IDirect3DPixelShader9 *cndcmp, *coissue, *dz;
    struct want w[3];
    int n = 0;
    double t[4];
    if (!dev)
        return;
    for (int i = 0; i < 4; i++)
        t[i] = ch(TEX0, i);
    t0 = make_texture(dev, 1, 1, (const D3DCOLOR[]){TEX0}, TRUE);
    grid = make_texture(dev, 2, 1, texels2x2, TRUE);
    vs = vs_of(dev, vs11);
    cndcmp = ps_of(dev, ps14_cndcmp);
    coissue = ps_of(dev, ps11_coissue);
    dz = ps_of(dev, ps14_texld_dz);
    IDirect3DDevice9_BeginScene(dev);
    use(dev, vs, cndcmp);
    square(dev, 0, 8, 0.5f, 0.5f, FALSE);
    w[n++] = (struct want){0, 8, rgb(0.25, 0.25, 1), "ps_1_4 cnd, cmp per component"};
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)t0);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_SRCALPHA);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, D3DBLEND_ZERO);
    use(dev, vs, coissue);
    square(dev, 1, 8, 0.5f, 0.5f, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, FALSE);
    w[n++] = (struct want){1, 8, rgb(t[0] * 0.5 * (t[3] + 0.25), t[1] * 0.5 * (t[3] + 0.25), t[2] * 0.5 * (t[3] + 0.25)),
                           "ps_1_1 co-issue"};
    /* t1 = (1.4, 0.6, 2): divided by z, (0.7, 0.3) is texel 1. */
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)grid);
    setf(dev, FALSE, 4, 1.4f, 0.6f, 2, 1);
    use(dev, vs, dz);
    square(dev, 2, 8, 0.5f, 0.5f, FALSE);
    w[n++] = (struct want){2, 8, texels2x2[1] & 0xffffff, "ps_1_4 texld _dz"};
    IDirect3DDevice9_EndScene(dev);
    check_cells(dev, w, n);
    use(dev, NULL, NULL);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    if (cndcmp)
        IDirect3DPixelShader9_Release(cndcmp);
    if (coissue)
        IDirect3DPixelShader9_Release(coissue);
    if (dz)
        IDirect3DPixelShader9_Release(dz);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    if (t0)
        IDirect3DTexture9_Release(t0);
    if (grid)
        IDirect3DTexture9_Release(grid);
    IDirect3DDevice9_Release(dev);
}

TEST(constant_register_limits)
{
    /* CreateVertexShader/CreatePixelShader refuse constants past the
     * shader model's registers (D3DCAPS9.MaxVertexShaderConst, 256 here;
     * ps_1_x c0-c7, ps_2_0 c0-c31 and no b or i registers), as Windows
     * does (Wine's test_unsupported_shaders); software vertex processing
     * has 8192 vertex shader constants. */
    static const DWORD vs_c255[] = {0xfffe0101, 0x00000001, 0xc00f0000, 0xa0e400ff, 0x0000ffff};
    static const DWORD vs_c256[] = {0xfffe0101, 0x00000001, 0xc00f0000, 0xa0e40100, 0x0000ffff};
    static const DWORD ps_c7[] = {0xffff0101, 0x00000001, 0x800f0000, 0xa0e40007, 0x0000ffff};
    static const DWORD ps_c8[] = {0xffff0101, 0x00000001, 0x800f0000, 0xa0e40008, 0x0000ffff};
    static const DWORD ps_2_0_defb[] = {0xffff0200, 0x0200002f, 0xe00f0800, 0x00000001,
                                        0x02000001, 0x800f0800, 0xa0e40000, 0x0000ffff};
    IDirect3DDevice9 *dev = test_device(d3d, window, 0, 0);
    IDirect3DVertexShader9 *vs = NULL;
    IDirect3DPixelShader9 *ps = NULL;
    D3DPRESENT_PARAMETERS pp;
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, vs_c255, &vs), D3D_OK);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, vs_c256, &vs), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreatePixelShader(dev, ps_c7, &ps), D3D_OK);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    CHECK_HR(IDirect3DDevice9_CreatePixelShader(dev, ps_c8, &ps), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreatePixelShader(dev, ps_2_0_defb, &ps), D3DERR_INVALIDCALL);
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);

    dev = NULL;
    default_pp(&pp, window);
    CHECK_HR(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, window, D3DCREATE_SOFTWARE_VERTEXPROCESSING, &pp, &dev),
             D3D_OK);
    if (!dev)
        return;
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, vs_c256, &vs), D3D_OK);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    CHECK_EQ_U(IDirect3DDevice9_Release(dev), 0);
}

static const struct harness_test tests[] = {
    T(ps_1_x),
    T(vs_ps_2_0),
    T(vs_ps_3_0),
    T(more_vs),
    T(more_ps),
    T(multiple_render_targets),
    T(ps_1_x_texture_addressing),
    T(vs_ps_3_0_linkage),
    T(ps_1_x_more),
    T(constant_register_limits),
};

int main(void)
{
    return RUN_TESTS_SHARED(tests, &d3d, &window);
}
