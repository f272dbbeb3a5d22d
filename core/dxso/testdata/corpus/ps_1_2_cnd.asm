ps_1_2
tex t0
mov r0, v0
cnd r0, r0.a, t0, c0
