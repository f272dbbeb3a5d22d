ps_2_x
dcl t0
dcl_2d s0
dsx r0, t0
dsy r1, t0
texldd r2, t0, s0, r0, r1
add r0, r0_abs, r1_abs
mul r0, r0, r2
mov oC0, r0
