vs_1_1
dcl_position v0
dcl_normal v1
dcl_texcoord0 v2
mov r0, c5
mov r1, v1
mov r2, c4
dp3 r0, r1, c6
m4x4 oPos, v0, c0
mov oD0, r0
mov oT0, v2
