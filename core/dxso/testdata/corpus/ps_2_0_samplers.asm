ps_2_0
dcl t0
dcl t1.xyz
dcl t2.xyz
dcl_2d s0
dcl_cube s1
dcl_volume s2
texld r0, t0, s0
texld r1, t1, s1
texld r2, t2, s2
mul r0, r0, r1
mad r0, r2, c0, r0
mov oC0, r0
