ps_1_1
tex t0
sub r0, t0, v0
