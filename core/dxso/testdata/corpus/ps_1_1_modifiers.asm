ps_1_1
def c0, 0.5, 0.5, 0.5, 1
tex t0
tex t1
mul_x2 r0, t0, v0
mad_d2 r1, t1_bias, c0, -v1
add_x4 r0.rgb, r0, r1_bx2
+mul_sat r0.a, 1-t0.a, v0.a
sub_sat r0, r0, -c0_bx2
