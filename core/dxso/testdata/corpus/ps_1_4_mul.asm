ps_1_4
texld r1, t0
mul r0, r1, v0
