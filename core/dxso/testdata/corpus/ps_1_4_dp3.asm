ps_1_4
texld r1, t0
dp3 r0, r1_bx2, v0_bx2
