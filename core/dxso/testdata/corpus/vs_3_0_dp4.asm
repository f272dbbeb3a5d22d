vs_3_0
dcl_position v0
dcl_normal v1
dcl_texcoord0 v2
dcl_position o0
dcl_color o1
dcl_texcoord0 o2
mov r0, c5
mov r1, v1
mov r2, c4
mov r3, v2
dp4 r0, r1, c6
m4x4 o0, v0, c0
mov o1, r0
mov o2, v2
