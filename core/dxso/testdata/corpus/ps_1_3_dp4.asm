ps_1_3
tex t0
dp4 r0, t0, v0
