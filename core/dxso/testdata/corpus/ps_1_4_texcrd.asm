ps_1_4
texld r1, t0
texcrd r2.xyz, t1
mul r0, r1, r2
