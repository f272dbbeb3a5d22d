ps_1_4
texld r1, t0
sub r0, r1, v0
