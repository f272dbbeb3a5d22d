ps_1_4
texcrd r2.xyz, t0
phase
texld r1, r2
mov r0, r1
