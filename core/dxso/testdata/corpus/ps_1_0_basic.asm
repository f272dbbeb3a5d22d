ps_1_0
tex t0
mul r0, t0, v0
