ps_1_4
texld r0, t0
texld r1, t1
mul_x4 r2, r0_x2, r1
mad_d2 r0, -r0_x2, r1, r2
add_sat r0, r0, c1_bx2
