ps_1_4
texld r1, t0
lrp r0, v0, r1, c0
