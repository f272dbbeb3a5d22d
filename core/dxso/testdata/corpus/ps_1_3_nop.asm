ps_1_3
tex t0
nop
mov r0, t0
