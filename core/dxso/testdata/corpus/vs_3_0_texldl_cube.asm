vs_3_0
dcl_position v0
dcl_normal v1
dcl_cube s1
dcl_volume s2
dcl_position o0
dcl_color o1
m4x4 o0, v0, c0
mov r0.xyz, v1
mov r0.w, c4.x
texldl r1, r0, s1
texldl r2, r0, s2
add o1, r1, r2
