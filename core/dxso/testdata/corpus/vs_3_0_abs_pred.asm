vs_3_0
dcl_position v0
dcl_normal v1
dcl_position o0
dcl_color o1
m4x4 o0, v0, c0
add r0, v1_abs, -c4_abs
setp_ne p0, r0, c5
(p0.x) mov r0.x, c6.x
(!p0.zzzz) mov r0.z, c6.z
mov o1, r0
