ps_2_0
dcl t0
dcl v0
dcl v1.xyz
dcl_2d s0
texld r0, t0, s0
mov oC0, r0
mul r1, r0, v0
mov oC1, r1
mov r2.xyz, v1
mov r2.w, c0.w
mov oC2, r2
mov oC3, c1
mov oDepth, r0.x
