ps_1_3
tex t0
add r0, t0, v0
