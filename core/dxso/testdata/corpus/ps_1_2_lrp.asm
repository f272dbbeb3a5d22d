ps_1_2
tex t0
lrp r0, v0, t0, c0
