ps_1_4
texld r1, t0
nop
mov r0, r1
