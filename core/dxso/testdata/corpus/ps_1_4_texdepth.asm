ps_1_4
texld r1, t0
texcrd r5.xyz, t1
phase
texdepth r5
mov r0, r1
