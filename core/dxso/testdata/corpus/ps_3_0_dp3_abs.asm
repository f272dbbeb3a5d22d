ps_3_0
dcl_texcoord0 v0
dcl_color v1
dcl_2d s0
texld r1, v0, s0
mov r0, c0
mov r2, c1
dp3 r0, r1_abs, v0
mov oC0, r0
