ps_1_4
texld r1, t0
cnd r0, r1, v0, c0
