vs_3_0
dcl_position v0
dcl_texcoord0 v1
dcl_position o0
dcl_texcoord0 o1.xy
dcl_texcoord1 o2
dcl_fog o3.x
dcl_psize o4.x
dcl_color1 o5
m4x4 o0, v0, c0
mov o1.xy, v1
mov o2, v1.yxzw
dp4 o3.x, v0, c4
mov o4.x, c5.x
mov_sat o5, c6
