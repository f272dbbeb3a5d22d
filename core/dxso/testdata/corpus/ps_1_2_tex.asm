ps_1_2
tex t0
tex t1
mul r0, t0, t1
