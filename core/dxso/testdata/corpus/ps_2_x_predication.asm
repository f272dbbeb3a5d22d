ps_2_x
dcl t0
dcl_2d s0
setp_gt p0, t0, c0
mov r0, c1
(p0.y) add r0, r0, c2
(!p0) texld r1, t0, s0
(p0.x) mul r0, r0, r1
mov oC0, r0
