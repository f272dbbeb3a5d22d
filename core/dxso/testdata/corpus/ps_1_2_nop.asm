ps_1_2
tex t0
nop
mov r0, t0
