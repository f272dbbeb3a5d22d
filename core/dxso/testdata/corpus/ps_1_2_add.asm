ps_1_2
tex t0
add r0, t0, v0
