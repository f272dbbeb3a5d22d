ps_1_2
tex t0
sub r0, t0, v0
