ps_1_4
def c1, 0.5, 0.25, 0.125, 1
texld r1, t0
mul r0, r1, c1
