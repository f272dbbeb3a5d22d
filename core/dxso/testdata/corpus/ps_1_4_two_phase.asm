ps_1_4
def c0, 1, 0.5, 0.25, 0
texcrd r0.xyz, t0
texld r1, t1
mad r0.xyz, r1_bx2, c0.y, r0
phase
texld r2, r0
texld r3, t2
mul_x2 r0, r2, r3
+mov_sat r0.a, 1-r2.b
sub r0.rgb, r0, c0_bias
