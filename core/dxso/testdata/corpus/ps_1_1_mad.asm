ps_1_1
tex t0
mad r0, t0, v0, c0
