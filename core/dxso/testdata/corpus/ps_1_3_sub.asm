ps_1_3
tex t0
sub r0, t0, v0
