ps_3_0
dcl_texcoord0 v0
dcl_color v1
dcl_2d s0
defi i1, 2, 0, 1, 0
texld r1, v0, s0
mov r0, c0
mov r2, c1
rep i1
add r0, r0, c2
endrep
mov oC0, r0
