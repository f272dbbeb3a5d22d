ps_1_3
tex t0
mov r1, v0
cmp r0, r1, t0, c0
