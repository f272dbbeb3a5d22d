ps_1_4
texld r1, t0
texld r2, t1
mul r0, r1, r2
