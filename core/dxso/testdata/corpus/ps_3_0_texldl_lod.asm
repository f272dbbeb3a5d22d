ps_3_0
dcl_texcoord0 v0
dcl_texcoord1 v1.xyz
dcl_2d s0
dcl_cube s1
mov r0.xy, v0
mov r0.zw, c0.x
texldl r1, r0, s0
texld r2, v1, s1
texldb r3, v0, s0
texldp r4, v0, s0
add r1, r1, r2
add r1, r1, r3
add oC0, r1, r4
