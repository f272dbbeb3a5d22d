ps_1_1
def c1, 0.5, 0.25, 0.125, 1
tex t0
mul r0, t0, c1
