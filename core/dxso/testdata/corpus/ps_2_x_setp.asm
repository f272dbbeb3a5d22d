ps_2_x
dcl t0
dcl v0
dcl_2d s0
texld r1, t0, s0
mov r0, c0
mov r2, c1
setp_gt p0, r1, c2
(p0) mov r0, c3
(!p0.y) add r0.y, r0, c4
mov oC0, r0
