ps_1_1
tex t0
nop
mov r0, t0
