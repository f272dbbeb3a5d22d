ps_2_x
dcl t0
dcl v0
dcl_2d s0
texld r1, t0, s0
mov r0, c0
mov r2, c1
dp3 r0, r1, t0
mov oC0, r0
