ps_1_1
tex t0
add r0, t0, v0
