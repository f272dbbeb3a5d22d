ps_2_x
dcl t0
dcl v0
dcl_2d s0
defi i0, 8, 0, 0, 0
texld r1, t0, s0
mov r0, c0
mov r2, c1
rep i0
breakc_ge r0.x, c2.x
add r0, r0, c3
endrep
mov oC0, r0
