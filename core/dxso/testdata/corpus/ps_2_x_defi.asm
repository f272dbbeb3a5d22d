ps_2_x
dcl t0
dcl v0
dcl_2d s0
defi i1, 2, 0, 1, 0
texld r1, t0, s0
mov r0, c0
mov r2, c1
rep i1
add r0, r0, c2
endrep
mov oC0, r0
