ps_1_4
texld r1, t0
texld r2, t1
bem r3.xy, r1, r2
phase
texld r4, r3
mov r0, r4
