ps_1_2
tex t0
dp3 r0, t0_bx2, v0_bx2
