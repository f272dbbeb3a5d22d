ps_1_3
tex t0
mul r0, t0, v0
