ps_1_0
tex t0
texm3x3pad t1, t0
texm3x3pad t2, t0
texm3x3diff t3, t0
mov r0, t3
