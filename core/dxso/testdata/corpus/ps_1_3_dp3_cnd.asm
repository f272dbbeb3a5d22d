ps_1_3
tex t0
tex t1
dp3_x2 r0, t0_bx2, t1_bx2
cnd_d4 r0, r0.a, t0, 1-v0
cmp r1, t0, v0, -c0
add_d8 r0, r0, r1
mul_x8 r0, r0, c1
